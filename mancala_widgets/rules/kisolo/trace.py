"""A Kisolo turn's trace, written from what the turn's loop logged (rules/events.py)."""

from __future__ import annotations

from collections.abc import Sequence

from ..common import (
    PLAYERS,
    TRACE_LAP_LIMIT,
    grid,
)
from ..events import DrawDetails, Event, GameEnd
from ..events import LapEnd as LapEndEvent
from ..state import State
from .board import Geometry
from .turn import LapEnd

#: How a game ended with a move, for its ``game_end`` event: (rule, details).
End = tuple[str, DrawDetails] | None


def trace_events(
    before: State, geo: Geometry, action: int, log: list[LapEnd], after: State, end: End
) -> list[Event]:
    """The events of the turn ``action`` from ``before`` to ``after``, from what the
    turn's loop logged and ``state.outcome`` decided (``end``): this writes down what was
    decided and decides nothing. Laps past TRACE_LAP_LIMIT are left out until the lap end
    that ends the turn, and summarised in one event there."""
    p = before.to_move
    cell, drops = geo.cell, geo.drops
    relay_rule = "relay" if before.options["relay"] == "landing" else "pussa_kanawa"
    events: list[Event] = []
    resumed = False  # once the laps left out are summarised: every event is kept again

    def emit(event: Event, lap: int) -> None:
        if lap <= TRACE_LAP_LIMIT or resumed:
            events.append(event)

    def capture(lap: int, start: int, b: Sequence[int], rule: str) -> None:
        inner = geo.facing[start]
        outer = geo.behind[inner]
        taken = b[inner] + b[outer]
        emit(
            {
                "kind": "capture",
                "rule": rule,
                "player": PLAYERS[p],
                "lap": lap,
                "cell": cell(start),
                "from": [cell(inner) + [b[inner]], cell(outer) + [b[outer]]],
                "count": taken,
                "into": "sow",
            },
            lap,
        )
        sown = (start, *drops[start][taken - 1])
        emit({"kind": "sow", "lap": lap, "cells": [cell(x) for x in sown]}, lap)

    board = before.board
    if action >= geo.size:
        capture(1, geo.inner[p][action - geo.size], board, "turn_start_capture")
    else:
        m = board[action]
        emit({"kind": "lift", "rule": "sow", "cell": cell(action), "count": m, "lap": 1}, 1)
        emit({"kind": "sow", "lap": 1, "cells": [cell(x) for x in drops[action][m]]}, 1)
    won = end is not None and end[0] == "inner_row_emptied"  # a capture won it
    for i, (lap, last, occupied, n, then, b) in enumerate(log):
        if then != "relay" and (then != "capture" or won and i == len(log) - 1):
            # The lap end that ends the turn: the laps left out are summarised first.
            if lap > TRACE_LAP_LIMIT:
                events.append(
                    {
                        "kind": "laps_skipped",
                        "from_lap": TRACE_LAP_LIMIT + 1,
                        "to_lap": lap,
                        "board": grid(list(b), geo.columns),
                    }
                )
            resumed = True
        lap_end: LapEndEvent = {
            "kind": "lap_end",
            "lap": lap,
            "cell": cell(last),
            "occupied": occupied,
            "then": then,
        }
        if relay_rule == "pussa_kanawa":
            lap_end["next"] = cell(n)
            lap_end["next_count"] = b[n]
        emit(lap_end, lap)
        if then == "capture":
            capture(lap + 1, n, b, "mid_move_capture")
        elif then == "relay":
            m = b[n]
            emit(
                {
                    "kind": "lift",
                    "rule": relay_rule,
                    "cell": cell(n),
                    "count": m,
                    "lap": lap + 1,
                    "landing": cell(last),
                },
                lap + 1,
            )
            emit({"kind": "sow", "lap": lap + 1, "cells": [cell(x) for x in drops[n][m]]}, lap + 1)
    if end is None:
        events.append({"kind": "turn_end", "to_move": PLAYERS[1 - p]})
        return events
    rule, details = end
    event: GameEnd = {
        "kind": "game_end",
        "rule": rule,
        "status": "won" if after.status == "won" else "draw",
        "winner": None if after.winner is None else PLAYERS[after.winner],
        "reason": after.reason or "",
    }
    # A draw's details, key by key: a TypedDict spread (**details) could hold other keys
    # as far as the type checker knows.
    if "lap" in details:
        event["lap"] = details["lap"]
    if "repeat_of_lap" in details:
        event["repeat_of_lap"] = details["repeat_of_lap"]
    if "occurrences" in details:
        event["occurrences"] = details["occurrences"]
    events.append(event)
    return events
