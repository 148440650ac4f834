"""The results of a tournament (tournaments.py): its games, each forfeit with its reason,
and the standings: points, an Elo rating, and the table and chart a notebook shows.

Ratings are Elo's: every player starts from START_RATING, and after each game, in the
order the games were played, the winner takes K_FACTOR times the difference between the
result and the expected result from the loser (a draw moves half as much). The same games
in the same order give the same ratings, on any machine.

>>> expected_score(1500, 1500), round(expected_score(1700, 1500), 2)
(0.5, 0.76)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .rules.record import GameRecord
from .tables import Table, VegaLite, html_table
from .text import tr

#: The rating every player starts from, and how far one game can move it (Elo).
START_RATING = 1500.0
K_FACTOR = 32.0
#: The columns of :meth:`Tournament.table` and :meth:`Tournament.games_table`.
COLUMNS = (
    "rank",
    "player",
    "games",
    "wins",
    "draws",
    "losses",
    "points",
    "rating",
    "forfeits",
    "forfeit_reasons",
)
GAME_COLUMNS = ("game", "round", "south", "north", "winner", "reason", "moves", "forfeit")


@dataclass(frozen=True)
class Forfeit:
    """A game lost by breaking the tournament's rules."""

    #: The game's number (from 1), the player who forfeited it, and their side.
    game: int
    player: str
    side: str
    #: The move of the game it was to play (from 1).
    move: int
    #: "raised", "malformed", "illegal" or "too_slow".
    kind: str
    #: Why, in words, in the tournament's language (the same words for the same fault).
    reason: str
    #: The error's own message (the engine's, in English, or the player's), or the
    #: seconds the move took.
    detail: str


@dataclass
class GameResult:
    """One game of the tournament."""

    number: int
    round: int
    south: str
    north: str
    #: The winner's name, or None for a draw.
    winner: str | None
    #: The rules' reason (docs/rules.md: "inner row emptied", "repetition", ...), "move
    #: limit" or "forfeit".
    reason: str
    moves: int
    #: The game's moves: ``record.save("game.json")``, then ``board.load_record("game.json")``.
    record: GameRecord = field(repr=False)
    forfeit: Forfeit | None = None


@dataclass
class Standing:
    """One player's line of the standings."""

    rank: int
    player: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    #: A win is 1 point, a draw 1/2.
    points: float = 0.0
    #: Elo, from START_RATING, updated after each game in the order played.
    rating: float = START_RATING
    forfeits: int = 0
    #: Why this player forfeited, each reason once, in the order they happened.
    reasons: list[str] = field(default_factory=list)

    def row(self) -> list[Any]:
        return [
            self.rank,
            self.player,
            self.games,
            self.wins,
            self.draws,
            self.losses,
            self.points,
            round(self.rating),
            self.forfeits,
            "; ".join(self.reasons),
        ]


class Tournament:
    """The games of a tournament (:func:`tournament`) and its standings."""

    def __init__(self, players: list[str], games: list[GameResult], game: str, locale: str) -> None:
        self.players, self.games, self.game, self.locale = players, games, game, locale
        self.standings = standings(players, games)

    @property
    def forfeits(self) -> list[Forfeit]:
        """Every forfeit, in the order of the games."""
        return [g.forfeit for g in self.games if g.forfeit is not None]

    @property
    def records(self) -> list[GameRecord]:
        return [g.record for g in self.games]

    def _t(self, key: str, **fields: Any) -> str:
        return tr(self.locale, f"tournament.{key}", **fields)

    def table(self) -> Any:
        """The standings, best first: rank, player, games, wins, draws, losses, points,
        rating (Elo, rounded), forfeits and forfeit_reasons (headed in the tournament's
        language: these are the English names). A pandas DataFrame where
        pandas is installed, else a table with the same columns (``.columns``,
        ``.rows``, ``.to_csv()``), shown as text."""
        heads = [self._t(f"columns.{c}") for c in COLUMNS]
        return _table(heads, [s.row() for s in self.standings])

    def games_table(self) -> Any:
        """One row per game: game, round, south, north, winner (empty for a draw),
        reason, moves, and why it was forfeited (empty if it was not)."""
        rows = [
            [
                g.number,
                g.round,
                g.south,
                g.north,
                g.winner or "",
                g.reason,
                g.moves,
                g.forfeit.reason if g.forfeit else "",
            ]
            for g in self.games
        ]
        return _table([self._t(f"game_columns.{c}") for c in GAME_COLUMNS], rows)

    def chart(self) -> Any:
        """Each player's wins, draws and losses as stacked bars, best first, as a
        Vega-Lite chart (JupyterLab draws it, offline too); hover a bar for the points
        and the rating."""
        t = self._t
        outcomes = (t("win"), t("draw"), t("loss"))
        values = []
        for s in self.standings:
            counts = (s.wins, s.draws, s.losses)
            for order, (outcome, n) in enumerate(zip(outcomes, counts, strict=True)):
                values.append(
                    {
                        "player": s.player,
                        "outcome": outcome,
                        "order": order,
                        "games": n,
                        "points": s.points,
                        "rating": round(s.rating),
                    }
                )
        spec = {
            "$schema": "https://vega.github.io/schema/vega-lite/v5.json",
            "title": t("chart_title"),
            "data": {"values": values},
            "mark": "bar",
            # A width per player: a "container" width grows without end in an output area
            # (and breaks the chart in JupyterLite).
            "width": {"step": 56},
            "encoding": {
                "x": {
                    "field": "player",
                    "type": "nominal",
                    # The standings' order, named (a null sort does not survive the trip
                    # to the page).
                    "sort": [s.player for s in self.standings],
                    "title": t("player"),
                    "axis": {"labelAngle": -30, "labelLimit": 160},
                },
                "y": {
                    "field": "games",
                    "type": "quantitative",
                    "title": t("games"),
                    "axis": {"tickMinStep": 1, "format": "d"},
                },
                "color": {
                    "field": "outcome",
                    "type": "nominal",
                    "sort": list(outcomes),
                    # Blue, grey and orange stay apart for colour-blind eyes.
                    "scale": {"domain": list(outcomes), "range": ["#1f6fb4", "#9e9e9e", "#e0801c"]},
                    "title": None,
                },
                "order": {"field": "order"},
                "tooltip": [
                    {"field": "player", "title": t("player")},
                    {"field": "outcome", "title": t("outcome")},
                    {"field": "games", "title": t("games")},
                    {"field": "points", "title": t("points")},
                    {"field": "rating", "title": t("rating")},
                ],
            },
        }
        return VegaLite(spec)

    def summary(self) -> str:
        """The tournament in one sentence."""
        return self._t(
            "summary",
            players=len(self.players),
            games=len(self.games),
            forfeits=self._t("forfeits", n=len(self.forfeits)),
            leader=self.standings[0].player,
        )

    def forfeit_line(self, forfeit: Forfeit) -> str:
        """A forfeit in one line: the game, who, on which move, why."""
        return self._t(
            "forfeit_line",
            game=forfeit.game,
            player=forfeit.player,
            side=tr(self.locale, f"names.{forfeit.side}"),
            move=forfeit.move,
            reason=forfeit.reason,
        )

    def _repr_html_(self) -> str:
        import html

        e = html.escape
        parts = [f"<p>{e(self.summary())}</p>"]
        parts.append(html_table(list(COLUMNS), [s.row() for s in self.standings]))
        if self.forfeits:
            parts.append(f"<h4>{e(self._t('forfeits_title'))}</h4><ul>")
            parts.extend(f"<li>{e(self.forfeit_line(f))}</li>" for f in self.forfeits)
            parts.append("</ul>")
        return f"<div class='mw-tournament'>{''.join(parts)}</div>"

    def __repr__(self) -> str:
        return f"<Tournament: {self.summary()}>"


def _table(columns: list[str], rows: list[list[Any]]) -> Any:
    try:
        import pandas as pd
    except ImportError:
        return Table(columns, rows, marks=range(0))
    return pd.DataFrame(rows, columns=columns)


def expected_score(rating: float, other: float) -> float:
    """Elo's expected score of a player rated ``rating`` against one rated ``other``."""
    return 1.0 / (1.0 + 10.0 ** ((other - rating) / 400.0))


def standings(players: list[str], games: list[GameResult]) -> list[Standing]:
    """The players' standings after ``games``, best first: by points, then rating, then
    wins, then name. Ratings are Elo, every player from START_RATING, updated after each
    game in the order the games were played, K = K_FACTOR."""
    table = {name: Standing(0, name) for name in players}
    for g in games:
        south, north = table[g.south], table[g.north]
        score = 0.5 if g.winner is None else (1.0 if g.winner == g.south else 0.0)
        for s, mine in ((south, score), (north, 1.0 - score)):
            s.games += 1
            s.points += mine
            s.wins += mine == 1.0
            s.draws += mine == 0.5
            s.losses += mine == 0.0
        change = K_FACTOR * (score - expected_score(south.rating, north.rating))
        south.rating, north.rating = south.rating + change, north.rating - change
        if g.forfeit is not None:
            s = table[g.forfeit.player]
            s.forfeits += 1
            if g.forfeit.reason not in s.reasons:
                s.reasons.append(g.forfeit.reason)
    order = sorted(table.values(), key=lambda s: (-s.points, -s.rating, -s.wins, s.player))
    for rank, s in enumerate(order, 1):
        s.rank = rank
    return order


__all__ = [
    "COLUMNS",
    "GAME_COLUMNS",
    "K_FACTOR",
    "START_RATING",
    "Forfeit",
    "GameResult",
    "Standing",
    "Tournament",
    "expected_score",
    "standings",
]
