"""Tournaments between players: a seeded round robin, its standings and its games.

A player is anything with ``choose(state) -> move`` (README, "Writing a player"): one
of the package's levels, a student's class, or a plain function of the state. Every pair
plays every round twice, once from each side. Before each game the tournament seeds
Python's ``random`` module and each player's own ``rng`` (a ``random.Random``, as the
package's players have) from the tournament's seed and the game's number, so a seeded
tournament plays the same games, and gives the same standings, every time (as long as no
time limit binds: the tournament's, or a searching player's own on a slow machine).

A player that raises, returns something that is not a move of the game, returns an
illegal move, or takes longer than ``time_limit`` to choose forfeits that game: it is
lost, the reason is kept (``forfeits``, and the standings' last column), and the
tournament goes on. Pyodide has no threads, so a slow player is not stopped: its time
is measured around each ``choose`` and checked once the call returns.

>>> from mancala_widgets.players import level
>>> def first(state):                      # a player can be a function
...     return state.legal_moves()[0]
>>> t = tournament({"greedy": level("greedy"), "first": first}, rounds=2, seed=1)
>>> [(s.player, s.wins, s.draws, s.losses, s.points) for s in t.standings]
[('greedy', 4, 0, 0, 4.0), ('first', 0, 0, 4, 0.0)]
>>> len(t.games), t.games[0].south, t.games[0].north
(4, 'greedy', 'first')
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .rules import IllegalMoveError, load_position, new_state
from .rules.common import check_text, shown, shown_json
from .rules.record import GameRecord
from .standings import (
    COLUMNS,
    GAME_COLUMNS,
    START_RATING,
    Forfeit,
    GameResult,
    Standing,
    Tournament,
    standings,
)
from .text import check_locale, tr

#: A game still going after this many moves (both players' together) is a draw, reason
#: "move limit". Kisolo draws a third repetition and every Kiothi move ends, but the
#: engine puts no limit on a game's length. In 10,000 random games of each (seed 1) the
#: longest took 176 moves (Kisolo) and 102 (Kiothi); the package's four levels average
#: 28 (Kisolo) and 44 (Kiothi) against each other.
MAX_MOVES = 500
#: The clock around each choose: this thread's CPU time where Python has one (a busy
#: machine then does not make a player slow), else the wall clock, which the browser's
#: Python (Pyodide, whose one thread runs only the kernel) has.
CLOCK: Callable[[], float] = getattr(time, "thread_time", time.perf_counter)
NAME_MAX = 120
MAX_ROUNDS = 1000
#: The rules an illegal move's reason names (the engine's ``IllegalMoveError.rule``).
ILLEGAL_WHY = (
    "turn_start_capture",
    "own_holes",
    "own_bomas",
    "sow",
    "partial_lifting",
    "opening_redistribution",
    "first_lap_restriction",
    "perpetual_sowing",
)


# -- the players ---------------------------------------------------------------------


class FunctionPlayer:
    """A function ``choose(state) -> move`` as a player."""

    def __init__(self, choose: Callable[[Any], Any], name: str | None = None) -> None:
        self.choose = choose
        self.name = name or getattr(choose, "__name__", "player")


def as_player(thing: Any, what: str = "player") -> Any:
    """A player from a player, its class (made with no arguments) or a function."""
    if isinstance(thing, type):
        if not callable(getattr(thing, "choose", None)):
            raise ValueError(f"{what} = {shown(thing)}: a class without a choose method")
        try:
            return thing()
        except Exception as e:
            raise ValueError(
                f"{what}: {thing.__name__}() stopped with {type(e).__name__}: {e}; "
                "give the player itself, made with its arguments"
            ) from None
    if callable(getattr(thing, "choose", None)):
        return thing
    if callable(thing):
        return FunctionPlayer(thing)
    raise ValueError(
        f"{what} = {shown(thing)}: expected a player (an object with choose(state)), "
        "its class, or a function of the state"
    )


def named_players(players: Any) -> list[tuple[str, Any]]:
    """(name, player) for each player: a dict's keys, else each one's ``name`` (or its
    class's or function's), numbered where two would share one."""
    if isinstance(players, Mapping):
        pairs = [(name, as_player(p, f"players[{name!r}]")) for name, p in players.items()]
    elif isinstance(players, Iterable) and not isinstance(players, (str, bytes)):
        pairs = []
        for i, p in enumerate(players):
            player = as_player(p, f"players[{i}]")
            pairs.append((_own_name(player), player))
        pairs = _numbered(pairs)
    else:
        raise ValueError(f"players = {shown(players)}: expected a dict of name: player or a list")
    if len(pairs) < 2:
        raise ValueError(f"players: {len(pairs)} given; a tournament needs at least two")
    for name, _ in pairs:
        check_text(name, "a player's name", ValueError, most=NAME_MAX, line=True)
    return pairs


def _own_name(player: Any) -> str:
    name = getattr(player, "name", None)
    if isinstance(name, str) and name.strip():
        return name.strip()[:NAME_MAX]
    return type(player).__name__


def _numbered(pairs: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    seen: dict[str, int] = {}
    out = []
    for name, player in pairs:
        seen[name] = seen.get(name, 0) + 1
        out.append((name if seen[name] == 1 else f"{name} {seen[name]}", player))
    return out


# -- one game --------------------------------------------------------------------------


def _seed(players: tuple[Any, Any], seed: int) -> None:
    random.seed(seed)
    for side, player in enumerate(players):
        rng = getattr(player, "rng", None)
        if isinstance(rng, random.Random):
            rng.seed(seed * 2 + side)


def play_game(
    players: tuple[Any, Any],
    names: tuple[str, str],
    game: str,
    variant: Mapping[str, Any],
    *,
    number: int = 1,
    round_: int = 1,
    seed: int = 0,
    time_limit: float | None = None,
    max_moves: int = MAX_MOVES,
    clock: Callable[[], float] = CLOCK,
    locale: str = "en",
) -> GameResult:
    """One game, South ``players[0]`` against North ``players[1]``, to its end: the
    rules' own, the move limit, or a forfeit."""
    record = GameRecord(game, **variant)
    _seed(players, seed)
    reason: str = "move limit"
    winner: str | None = None
    forfeit: Forfeit | None = None
    while record.state.status == "playing" and len(record) < max_moves:
        p = record.state.to_move
        view = load_position(record.state.to_dict())  # its own copy: the game stays intact
        fault = _turn(players[p], view, record, time_limit, clock, locale)
        if fault is not None:
            kind, text, detail = fault
            side = ("south", "north")[p]
            forfeit = Forfeit(number, names[p], side, len(record) + 1, kind, text, detail)
            reason, winner = "forfeit", names[1 - p]
            break
    state = record.state
    if forfeit is None and state.status != "playing":
        reason = state.reason or ""
        winner = None if state.winner is None else names[state.winner]
    return GameResult(
        number, round_, names[0], names[1], winner, reason, len(record), record, forfeit
    )


def _turn(
    player: Any,
    view: Any,
    record: GameRecord,
    time_limit: float | None,
    clock: Callable[[], float],
    locale: str,
) -> tuple[str, str, str] | None:
    """Ask ``player`` for a move and play it; if it cannot be played, the forfeit's
    kind, its reason in words and the error's own message."""
    t = lambda key, **fields: tr(locale, f"tournament.{key}", **fields)  # noqa: E731
    start = clock()
    try:
        move = player.choose(view)
    except (Exception, SystemExit) as e:  # the student's code: anything may happen
        error = _cut(f"{type(e).__name__}: {e}")
        return "raised", t("raised", error=error), error
    took = clock() - start
    if time_limit is not None and took > time_limit:
        return "too_slow", t("too_slow", limit=f"{time_limit:g}"), f"{took:.3f} s"
    said = shown_json(move)
    try:
        record.play(move, traced=False)
    except IllegalMoveError as e:
        rule = e.rule if e.rule in ILLEGAL_WHY else "illegal"
        return "illegal", t("illegal", move=said, why=t(f"why.{rule}")), str(e)
    except Exception as e:  # not a move at all: InvalidMoveError, or worse
        return "malformed", t("malformed", move=said), _cut(f"{type(e).__name__}: {e}")
    return None


def _cut(text: str, most: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= most else text[: most - 1] + "…"


# -- the tournament ----------------------------------------------------------------------


def tournament(
    players: Any,
    game: str = "kisolo",
    rounds: int = 1,
    seed: int = 0,
    time_limit: float | None = 1.0,
    *,
    max_moves: int = MAX_MOVES,
    locale: str = "en",
    clock: Callable[[], float] | None = None,
    **variant: Any,
) -> Tournament:
    """A round robin of ``players`` (a dict of name: player, or a list of players, named
    by their ``name``): in each of ``rounds`` rounds every pair plays twice, each side
    once. ``time_limit`` is the most seconds one choose may take (None: no limit);
    ``max_moves`` ends a game as a draw; ``clock`` is the clock that times each choose
    (default CLOCK; a test can give its own). Variants (``columns=6``, ...) as
    :func:`mancala_widgets.rules.initial_position` takes them.

    The same seed gives the same games and standings every time (unless a player is
    nearly at its time limit: how long a move takes depends on the machine)."""
    check_locale(locale)
    new_state(game, **variant)  # the game and its variant (raises naming what is wrong)
    for name, value, lo, hi in (
        ("rounds", rounds, 1, MAX_ROUNDS),
        ("max_moves", max_moves, 1, None),
    ):
        if type(value) is not int or value < lo or (hi is not None and value > hi):
            most = f" to {hi}" if hi is not None else ""
            raise ValueError(f"{name} = {shown(value)}: expected a whole number from {lo}{most}")
    if type(seed) is not int:
        raise ValueError(f"seed = {shown(seed)}: expected a whole number")
    if time_limit is not None and (
        type(time_limit) not in (int, float) or not 0 < time_limit < float("inf")
    ):
        raise ValueError(f"time_limit = {shown(time_limit)}: expected seconds (above 0) or None")
    if clock is not None and not callable(clock):
        raise ValueError(f"clock = {shown(clock)}: expected a function that gives seconds")
    pairs = named_players(players)
    names = [name for name, _ in pairs]
    if len(set(names)) != len(names):
        raise ValueError(f"players: two are called {shown(_first_twice(names))}")
    kept = random.getstate()  # the notebook's own random numbers go on as if untouched
    games: list[GameResult] = []
    try:
        for r in range(1, rounds + 1):
            for i in range(len(pairs)):
                for j in range(i + 1, len(pairs)):
                    for a, b in ((i, j), (j, i)):
                        number = len(games) + 1
                        games.append(
                            play_game(
                                (pairs[a][1], pairs[b][1]),
                                (pairs[a][0], pairs[b][0]),
                                game,
                                variant,
                                number=number,
                                round_=r,
                                seed=seed * 1_000_003 + number,
                                time_limit=time_limit,
                                max_moves=max_moves,
                                clock=clock or CLOCK,
                                locale=locale,
                            )
                        )
    finally:
        random.setstate(kept)
    return Tournament(names, games, game, locale)


def _first_twice(names: list[str]) -> str:
    seen = set()
    for name in names:
        if name in seen:
            return name
        seen.add(name)
    return ""


def games_in(players: int, rounds: int = 1) -> int:
    """How many games a round robin of ``players`` plays: each pair twice a round.

    >>> games_in(4, rounds=2)
    24
    """
    return players * (players - 1) * rounds


__all__ = [
    "CLOCK",
    "COLUMNS",
    "GAME_COLUMNS",
    "ILLEGAL_WHY",
    "MAX_MOVES",
    "START_RATING",
    "Forfeit",
    "FunctionPlayer",
    "GameResult",
    "Standing",
    "Tournament",
    "as_player",
    "games_in",
    "named_players",
    "play_game",
    "standings",
    "tournament",
]
