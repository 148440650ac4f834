"""Holes, moves and trace events in words, in any catalogue's language.

**One numbering for a whole class.** Holes and bomas are numbered by their
column, 1 to N from left to right as the board is drawn with South at the
bottom, the same numbers for both players and drawn on the board. So the
holes that face each other share a number: North's inner hole 3 faces
South's inner hole 3, and a capture of column 3 takes North's holes 3. (A
North player sitting at the table would count their own holes from the other
end; a class looking at one projected board follows one set of numbers.)

>>> hole_name("kisolo", [2, 0])
"South's inner hole 1"
>>> hole_name("kisolo", [1, 0])          # faces South's inner hole 1
"North's inner hole 1"
>>> hole_name("kiothi", [0, 9], locale="ko")
'북쪽 10번 보마'
>>> move_name("kiothi", {"type": "sow", "row": 1, "column": 9, "count": 2}, "south")
"South lifts 2 from South's boma 10"
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..rules.common import Move, Position, shown
from ..rules.events import Event, GameEnd
from ..rules.game import game as game_of
from ..rules.game import other
from . import tr

Names = Mapping[str, str]


def grouped(n: int, locale: str = "en") -> str:
    """A large number with its thousands grouped as the language writes them:
    100,000 in English and Korean, 100 000 in French (a no-break space).

    >>> grouped(100_000), grouped(100_000, "fr")
    ('100,000', '100\xa0000')
    """
    said = f"{n:,}"
    return said.replace(",", "\u00a0") if locale == "fr" else said


def side_names(locale: str = "en") -> dict[str, str]:
    """The players' default names: South and North in ``locale``."""
    return {p: tr(locale, f"names.{p}") for p in ("south", "north")}


def hole_name(
    game: str, cell: Sequence[int], locale: str = "en", names: Names | None = None
) -> str:
    """ "South's inner hole 3" (Kisolo) or "North's boma 2" (Kiothi); ``names``
    replaces South and North by the players' names. The number is the board's
    (rules/game.py: the column from South's left)."""
    g = game_of(game)
    board = g.board()
    rc = (cell[0], cell[1])
    side = (names or side_names(locale))[board.owner(rc)]
    kind = board.row_kind[rc[0]]
    row = tr(locale, f"names.row_{kind}") if kind else ""
    return tr(locale, f"names.{g.place}", side=side, row=row, n=board.number(rc))


def pieces(game: str, n: int, locale: str = "en") -> str:
    """ "3 stones" (Kisolo) or "1 warrior" (Kiothi)."""
    return tr(locale, f"names.{game_of(game).piece}s", n=n)


def move_name(
    game: str, move: Move, player: str, locale: str = "en", names: Names | None = None
) -> str:
    """A move in words."""
    names = names or side_names(locale)
    who = names[player]
    kind = move.get("type")
    if kind == "capture":
        board = game_of(game).board()
        # The column's cell of the other player's facing row, facing the mover's.
        their = (board.facing_rows[other(player)], move["column"])
        return tr(
            locale,
            "moves.capture",
            who=who,
            their=hole_name(game, their, locale, names),
            column=tr(locale, "names.column", n=move["column"] + 1),
        )
    if kind == "sow":
        where = hole_name(game, [move["row"], move["column"]], locale, names)
        if "count" in move:  # a partial lift names how many
            return tr(locale, "moves.lift", who=who, k=move["count"], where=where)
        return tr(locale, "moves.sow", who=who, where=where)
    a, b = (hole_name(game, c, locale, names) for c in move["lift"])
    return tr(locale, "moves.redistribute", who=who, a=a, b=b)


def narrate_trace(
    game: str, trace: Sequence[Event], locale: str = "en", names: Names | None = None
) -> list[str]:
    """A sentence for every event of a move's trace, each naming its rule."""
    out = []
    for i, event in enumerate(trace):
        end = next((e for e in trace[i + 1 :] if e["kind"] == "game_end"), None)
        out.append(narrate(game, event, locale, names, game_end=end))
    return out


def narrate(
    game: str,
    event: Event,
    locale: str = "en",
    names: Names | None = None,
    game_end: GameEnd | None = None,
) -> str:
    """One sentence for one trace event. ``game_end`` is the move's closing
    event, which says why a perpetual sowing was stopped."""
    names = names or side_names(locale)
    T = lambda key, **kw: tr(locale, key, **kw)
    name = lambda cell: hole_name(game, cell, locale, names)
    count = lambda n: pieces(game, n, locale)
    kind = event["kind"]
    # Each branch tests event["kind"] itself, which tells the type checker which event it is.
    if event["kind"] == "lift":
        where = name(event["cell"])
        rule = event["rule"]
        if rule == "pussa_kanawa":
            return T("narration.lift_pussa", where=where, pieces=count(event["count"]))
        if rule == "relay":
            return T(
                "narration.lift_relay",
                where=where,
                pieces=count(event["count"]),
                n=event["count"],
                piece=T(f"names.piece_{game}"),
            )
        if rule == "opening_redistribution":
            return T(
                "narration.lift_opening",
                where=where,
                pieces=count(event["count"]),
                n=event["count"],
            )
        if event.get("partial"):
            return T(
                "narration.lift_partial",
                where=where,
                k=event["count"],
                total=event["count"] + event["left"],
            )
        return _capital(T("narration.lift_sow", where=where, pieces=count(event["count"])))
    if event["kind"] == "sow":
        cells = event["cells"]
        return T(
            "narration.sow",
            lap=event["lap"],
            pieces=count(len(cells)),
            where=name(cells[-1]),
            n=len(cells),
        )
    if event["kind"] == "lap_end":
        where = name(event["cell"])
        was = T(f"narration.was_occupied_{game}" if event["occupied"] else "narration.was_empty")
        then = event["then"]
        # A lap end says what the next hole holds exactly when the relay lifts the next
        # hole; a game whose relay usually does (Kisolo) played with the landing relay
        # (the relay="landing" option) has its own sentences.
        relay = "" if ("next" in event) == (game_of(game).relay_lifts == "next") else "landing_"
        if then == "perpetual":  # a draw (Kisolo) or a stopped move: a repeat, or the lap limit
            first = game_end.get("repeat_of_lap") if game_end else None
            if first is not None:
                return T(f"narration.{game}_perpetual_repeat", where=where, first=first)
            return T(
                f"narration.{game}_perpetual_limit", where=where, lap=grouped(event["lap"], locale)
            )
        fields = {"where": where, "was": was}
        if "next" in event:  # Kisolo: what the hole after the landing hole holds
            fields.update(next=name(event["next"]), count=count(event["next_count"]))
        return T(f"narration.{game}_{relay}{then}", **fields)
    if event["kind"] == "capture":
        if event["into"] == "sow":  # Kisolo: the column is sown from the capturing hole
            (_, _, a), (_, _, b) = event["from"]
            return T(
                f"narration.{event['rule']}",
                who=names[event["player"]],
                a=a,
                b=b,
                column=T("names.column", n=event["cell"][1] + 1),
                where=name(event["cell"]),
            )
        ((r, c, n),) = event["from"]
        return T(
            "narration.jail_capture",
            pieces=count(n),
            where=name([r, c]),
            jail=T("names.jail", side=names[event["jail"]]),
        )
    if event["kind"] == "no_capture":
        why = T(f"narration.why_{event['why']}", where=name(event["opposite"]))
        return T("narration.no_capture", why=why)
    if event["kind"] == "leftmost_triple":
        holes = T("names.list_sep").join(name(b["cell"]) for b in event["cells"])
        if event["taken"]:
            return T("narration.triple_taken", holes=holes, pieces=count(event["count"]))
        return T("narration.triple_refused", holes=holes, why=T(f"narration.triple_{event['why']}"))
    if event["kind"] == "nki_release":
        return T("narration.nki_release", where=name(event["cell"]))
    if event["kind"] == "nki_mark":
        return T("narration.nki_mark", n=len(event["cells"]))
    if event["kind"] == "place":
        return _capital(
            T("narration.place", pieces=count(event["count"]), where=name(event["cell"]))
        )
    if event["kind"] == "laps_skipped":
        return T(
            "narration.laps_skipped",
            a=grouped(event["from_lap"], locale),
            b=grouped(event["to_lap"], locale),
        )
    if event["kind"] == "turn_end":
        return T("narration.turn_end", who=names[event["to_move"]])
    if event["kind"] == "game_end":
        return narrate_end(game, event, locale, names)
    raise ValueError(f"event kind = {shown(kind)}: not a trace event")


def narrate_end(game: str, event: GameEnd, locale: str = "en", names: Names | None = None) -> str:
    names = names or side_names(locale)
    T = lambda key, **kw: tr(locale, key, **kw)
    rule, winner = event["rule"], event.get("winner")
    if rule in ("inner_row_emptied", "own_inner_row_emptied") and winner is not None:
        loser = other(winner)
        key = "end.won_inner_row" if rule == "inner_row_emptied" else "end.won_own_inner_row"
        return T(key, who=names[winner], loser=names[loser])
    if rule == "perpetual_sowing":
        repeat = event.get("repeat_of_lap") is not None
        return T("end.draw_perpetual_repeat" if repeat else "end.draw_perpetual_limit")
    if rule == "repetition":
        return T("end.draw_repetition")
    jails = event["jails"]
    score = f"{jails['south']}-{jails['north']}"
    parts = [T("end.stuck", stuck=names[event["stuck"]])]
    sweep = event.get("sweep") or []
    if sweep:
        to = {s["jail"] for s in sweep}
        if to == {other(event["stuck"])}:
            n = sum(s["count"] for s in sweep)
            parts.append(
                T(
                    "end.sweep_other",
                    pieces=pieces(game, n, locale),
                    n=n,
                    other=names[other(event["stuck"])],
                    jail=T("names.jail", side=names[other(event["stuck"])]),
                )
            )
        else:
            parts.append(T("end.sweep_own"))
    if winner is None:
        parts.append(T("end.equal", score=score))
    else:
        parts.append(T("end.won", who=names[winner], score=score))
    out = " ".join(parts)
    if event.get("one_warrior_victory"):
        out += T("end.one_warrior")
    return out


def status_line(position: Position, locale: str = "en", names: Names | None = None) -> str:
    """ "South to move", "North wins 31-29", "Draw (perpetual sowing)"."""
    names = names or side_names(locale)
    T = lambda key, **kw: tr(locale, key, **kw)
    if position["status"] == "playing":
        return T("status.to_move", name=names[position["to_move"]])
    reason = T(f"reasons.{position['reason']}")
    if position["status"] == "draw":
        return f"{T('status.draw')} ({reason})"
    name = names[position["winner"]]
    jails = position.get("jails")
    if jails:
        text = T("status.wins_score", name=name, score=f"{jails['south']}-{jails['north']}")
        if abs(jails["south"] - jails["north"]) == 2:
            text += f" \u2014 {T('status.one_warrior')}"
        return text
    return f"{T('status.wins', name=name)} ({reason})"


def describe_error(error: Exception, locale: str = "en") -> str:
    """What a person is told on the board when a move or message is refused."""
    rule = getattr(error, "rule", None)
    if rule is not None:
        try:
            return tr(locale, f"errors.{rule}")
        except KeyError:
            return tr(locale, "errors.illegal")
    return tr(locale, "errors.malformed")


def cell_names(
    game: str, rows: int, columns: int, locale: str = "en", names: Names | None = None
) -> list[list[str]]:
    """The name of every hole or boma, as a grid (sent to the browser)."""
    return [[hole_name(game, [r, c], locale, names) for c in range(columns)] for r in range(rows)]


def _capital(s: str) -> str:
    return s[:1].upper() + s[1:]
