"""Kiothi's opening (turns 1 and 2): each player lifts two of their bomas and places the
warriors anywhere on the board; after both, every occupied boma is nki (docs/rules.md,
"Kiothi: the opening (turns 1 and 2)")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from ..common import PLAYERS, IllegalMoveError, InvalidMoveError, check_cell, is_int, shown
from ..events import Event
from ..state import State
from .board import COLS, OWN_ROW, OWNER, ROWS, SIZE, cell

#: A checked opening move: (bomas lifted, (boma, count) placed).
Redistribution = tuple[Literal["redistribute"], list[int], list[tuple[int, int]]]


def parse_redistribution(
    move: Mapping[str, Any], board: list[int], p: int, turn: int
) -> Redistribution:
    """Check an opening move of player ``p`` on turn ``turn``: the two bomas lifted and
    every placement (docs/rules.md, "Kiothi: the opening (turns 1 and 2)")."""
    E = InvalidMoveError
    if turn > 2:
        raise IllegalMoveError(
            f"turn {turn}: the opening redistribution is only played on turns 1 and 2",
            rule="opening_redistribution",
        )
    lift = move["lift"]
    if not isinstance(lift, list) or len(lift) != 2:
        raise (
            IllegalMoveError(
                f"lift = {shown(lift)}: exactly two bomas must be lifted",
                rule="opening_redistribution",
            )
            if isinstance(lift, list)
            else E(f"lift = {shown(lift)}: expected a list of two [row, column] pairs")
        )
    lifted: list[int] = []
    for i, item in enumerate(lift):
        r, c = check_cell(item, f"lift[{i}]", ROWS, COLS, E)
        h = r * COLS + c
        if OWNER[h] != p:
            raise IllegalMoveError(
                f"lift[{i}] = [{r}, {c}] is {PLAYERS[1 - p]}'s boma; "
                f"{PLAYERS[p]} lifts from their own row {OWN_ROW[p]}",
                rule="opening_redistribution",
            )
        if not board[h]:
            raise IllegalMoveError(
                f"lift[{i}] = [{r}, {c}] is empty; both lifted bomas must hold warriors",
                rule="opening_redistribution",
            )
        lifted.append(h)
    if lifted[0] == lifted[1]:
        raise IllegalMoveError(
            f"lift: the two lifted bomas must be different, got {cell(lifted[0])} twice",
            rule="opening_redistribution",
        )
    place = move["place"]
    if not isinstance(place, list):
        raise E(f"place = {shown(place)}: expected a list of [row, column, count] entries")
    placed: list[tuple[int, int]] = []
    seen: set[int] = set()
    for i, item in enumerate(place):
        if not isinstance(item, (list, tuple)) or len(item) != 3:
            raise E(f"place[{i}] = {shown(item)}: expected [row, column, count]")
        r, c = check_cell(item[:2], f"place[{i}]", ROWS, COLS, E)
        n = item[2]
        if not is_int(n):
            raise E(f"place[{i}][2] = {shown(n)}: expected an integer count")
        if n < 1:
            raise IllegalMoveError(
                f"place[{i}][2] = {n}: each placement puts at least one warrior",
                rule="opening_redistribution",
            )
        h = r * COLS + c
        if h in seen:
            raise IllegalMoveError(
                f"place[{i}]: boma [{r}, {c}] appears twice; name each boma once with its total",
                rule="opening_redistribution",
            )
        seen.add(h)
        placed.append((h, n))
    total = sum(board[h] for h in lifted)
    used = sum(n for _, n in placed)
    if used != total:
        raise IllegalMoveError(
            f"place: {used} warriors placed, but {total} were lifted; "
            "every lifted warrior must be placed",
            rule="opening_redistribution",
        )
    return ("redistribute", lifted, placed)


def redistribute(
    state: State,
    nki: list[bool],
    turn: int,
    lifted: list[int],
    placed: list[tuple[int, int]],
    trace: list[Event] | None,
) -> tuple[list[int], list[bool]]:
    """The board and nki marks after an opening move on turn ``turn`` (checked by
    :func:`parse_redistribution`), with its events appended to ``trace``."""
    b = state.board[:]
    for h in lifted:
        if trace is not None:
            trace.append(
                {
                    "kind": "lift",
                    "rule": "opening_redistribution",
                    "cell": cell(h),
                    "count": b[h],
                }
            )
        b[h] = 0
    for h, n in placed:
        if trace is not None:
            trace.append(
                {"kind": "place", "rule": "opening_redistribution", "cell": cell(h), "count": n}
            )
        b[h] += n
    nki = nki[:]
    if turn == 2 or state.options["nki_marking"] == "after_each":
        # docs/rules.md, nki: once, when both redistributions are done; with
        # nki_marking="after_each" also after South's, whose marks stay on.
        nki = [bool(v) or mark for v, mark in zip(b, nki, strict=True)]
        if trace is not None:
            trace.append(
                {
                    "kind": "nki_mark",
                    "rule": "nki_marking",
                    "cells": [cell(h) for h in range(SIZE) if nki[h]],
                }
            )
    return b, nki
