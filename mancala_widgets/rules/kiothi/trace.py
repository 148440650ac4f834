"""A Kiothi sowing's trace, written from what the sowing loop logged (rules/events.py)."""

from __future__ import annotations

from ..common import (
    PLAYERS,
    TRACE_LAP_LIMIT,
    grid,
)
from ..events import Event, Then, TripleCell
from ..state import State
from .board import (
    COLS,
    EMPTY_AT_START,
    OPPOSITE,
    OWNER,
    TRIPLE,
    cell,
)
from .sowing import (
    Log,
    Sown,
    Table,
)


def trace_events(
    before: State, start_holes: int, laps: list[Table], h: int, k: int, log: Log, played: Sown
) -> list[Event]:
    """The events of the sowing of ``k`` from boma ``h`` in ``before`` (of a game of
    ``start_holes``, sown from the tables ``laps``), from what the sowing loop logged: this
    writes down what was decided and decides nothing. Laps past TRACE_LAP_LIMIT are left
    out until the lap end that ends the sowing, and summarised in one event there."""
    p = before.to_move
    events: list[Event] = []
    resumed = False  # once the laps left out are summarised, every event is kept again

    def emit(event: Event, lap: int) -> None:
        if lap <= TRACE_LAP_LIMIT or resumed:
            events.append(event)

    last_lap, perpetual = played[4], played[6] is not None
    for lap, start, count, released, drop_released, landing in log.laps:
        contents = before.board[h] if lap == 1 else count
        rule = "sow" if lap == 1 else "relay"
        emit(
            {
                "kind": "lift",
                "rule": rule,
                "cell": cell(start),
                "count": count,
                "left": contents - count,
                "partial": count < contents,
                "lap": lap,
            },
            lap,
        )
        if released:
            emit({"kind": "nki_release", "rule": "nki_release", "cell": cell(start)}, lap)
        emit({"kind": "sow", "lap": lap, "cells": [cell(x) for x in laps[start][count]]}, lap)
        for x in drop_released:
            emit({"kind": "nki_release", "rule": "nki_release", "cell": cell(x)}, lap)
        then: Then = "relay"
        if lap == last_lap:  # the lap end that ends the sowing
            then = "perpetual" if perpetual else "end"
            if lap > TRACE_LAP_LIMIT:
                board, nki, sown = log.last
                events.append(
                    {
                        "kind": "laps_skipped",
                        "from_lap": TRACE_LAP_LIMIT + 1,
                        "to_lap": lap,
                        "board": grid(board, COLS),
                        "nki": grid(nki, COLS),
                        "sown": grid(sown, COLS),
                    }
                )
                resumed = True
        emit(
            {
                "kind": "lap_end",
                "lap": lap,
                "cell": cell(landing),
                "occupied": then != "end",
                "own_row": OWNER[landing] == p,
                "then": then,
            },
            lap,
        )
    if perpetual:
        return events
    landing, lap = log.laps[-1][5], last_lap
    board, nki, sown = log.last
    opp = OPPOSITE[landing]
    if log.no_capture is not None:
        why = log.no_capture
        emit(
            {
                "kind": "no_capture",
                "rule": "nki_protection" if why == "nki" else "capture",
                "cell": cell(landing),
                "opposite": cell(opp),
                "why": why,
            },
            lap,
        )
        return events
    emit(
        {
            "kind": "capture",
            "rule": "capture",
            "player": PLAYERS[p],
            "lap": lap,
            "cell": cell(landing),
            "from": [cell(opp) + [board[opp]]],
            "count": board[opp] + 1,
            "into": "jail",
            "jail": PLAYERS[p],
        },
        lap,
    )
    if log.triple != "":
        at_start = EMPTY_AT_START[start_holes]
        triple = TRIPLE[p]
        bomas: list[TripleCell] = [
            {
                "cell": cell(y),
                "count": board[y],
                "nki": nki[y],
                "empty_at_start": at_start[y],
                "sown": sown[y],
            }
            for y in triple
        ]
        emit(
            {
                "kind": "leftmost_triple",
                "rule": "leftmost_triple",
                "player": PLAYERS[p],
                "taken": log.triple is None,
                "why": log.triple,
                "cells": bomas,
                "count": sum(board[y] for y in triple) if log.triple is None else 0,
                "jail": PLAYERS[p],
            },
            lap,
        )
    return events
