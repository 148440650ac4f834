"""Kisolo's board as flat tables for the turn's loop: hole ``(r, c)`` is index
``r * columns + c``, each player's circuit a ``next`` table (docs/rules.md, "Kisolo:
the board", "Kisolo: the circuits")."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from operator import itemgetter
from typing import Protocol

from ..common import (
    NORTH,
    PLAYERS,
    SOUTH,
    Move,
)
from ..game import Cell, kisolo_board

COLUMN_CHOICES = (7, 6)
STONES_PER_HOLE = 3
ROWS = 4


class Drops(Protocol):
    """``drops[m]``: the holes ``m`` stones sown after a hole fall into, in order."""

    def __getitem__(self, m: int, /) -> tuple[int, ...]: ...


class Geometry:
    """A 4 x ``columns`` board (rules/game.py) as flat tables for the sowing loop:
    hole ``(r, c)`` is index ``r * columns + c``."""

    def __init__(self, columns: int, crowded: bool = False) -> None:
        board = kisolo_board(columns)
        n = self.columns = columns
        self.size = ROWS * n
        flat: Callable[[Cell], int] = lambda cell: cell[0] * n + cell[1]
        self.circuit = tuple([flat(h) for h in board.circuits[name]] for name in PLAYERS)
        #: Each player's holes in the order of legal_moves (row by row).
        self.own = tuple(sorted(holes) for holes in self.circuit)
        self.next = [0] * (ROWS * n)
        for name in PLAYERS:
            for hole in board.circuits[name]:
                self.next[flat(hole)] = flat(board.next(name, hole))
        self.owner = [PLAYERS.index(board.owner((h // n, h % n))) for h in range(ROWS * n)]
        self.inner = tuple([board.facing_rows[name] * n + c for c in range(n)] for name in PLAYERS)
        self.outer = tuple(
            [r * n + c for c in range(n)]
            for name in PLAYERS
            for r in board.rows_of(name)
            if r != board.facing_rows[name]
        )
        #: drops[h][m]: the m holes after h on its owner's circuit, where m stones sown
        #: from the next hole on fall (every stone there is: 12 a column).
        self.drops: list[Drops] = []
        for h in range(ROWS * n):
            after: list[int] = []
            x = h
            for _ in range(STONES_PER_HOLE * ROWS * n):
                x = self.next[x]
                after.append(x)
            if crowded:  # more stones than a game has: any number, listed when asked
                self.drops.append(_Drops(after[: 2 * n]))
            else:
                self.drops.append([tuple(after[:m]) for m in range(len(after) + 1)])
        #: facing[n]: for an inner hole, the other player's inner hole across; else -1.
        self.facing = [-1] * (ROWS * n)
        for p in (SOUTH, NORTH):
            for c, h in enumerate(self.inner[p]):
                self.facing[h] = self.inner[1 - p][c]
        #: behind[h]: for an inner hole, the outer hole of its column; else -1.
        self.behind = [-1] * (ROWS * n)
        for p in (SOUTH, NORTH):
            for inner, outer in zip(self.inner[p], self.outer[p], strict=True):
                self.behind[inner] = outer
        #: stones_of[p](board): the stones of p's two rows, hole by hole.
        self.stones_of = tuple(itemgetter(*holes) for holes in self.circuit)
        #: inner_stones[p](board): the stones of p's inner row, hole by hole.
        self.inner_stones = tuple(itemgetter(*row) for row in self.inner)
        #: capture_holes[p]: (action, p's inner hole, the other player's inner hole)
        #: of each column, for the turn-start captures of legal_actions.
        self.capture_holes = tuple(
            [(self.size + c, mine[c], theirs[c]) for c in range(n)]
            for mine, theirs in (self.inner, self.inner[::-1])
        )
        #: Each player's holes from their own left (South's left is column 0, North's
        #: column n - 1, as they face each other): the outer row, then the inner.
        self.from_left = tuple(
            [r * n + c for r in rows for c in (range(n) if p == SOUTH else range(n - 1, -1, -1))]
            for p, rows in ((SOUTH, (3, 2)), (NORTH, (0, 1)))
        )
        #: No hole is protected from capture (rules/state.py, ``protected``).
        self.unprotected = [False] * self.size
        #: moves[action]: the move dict of each action, copied for each use.
        self.moves: list[Move] = [
            {"type": "sow", "row": h // n, "column": h % n} for h in range(self.size)
        ] + [{"type": "capture", "column": c} for c in range(n)]

    def cell(self, h: int) -> list[int]:
        return list(divmod(h, self.columns))


class _Drops:
    """``drops[h]`` of a crowded board: the holes ``m`` stones sown after ``h`` fall
    into, for any ``m``, from the circuit after ``h`` (``after``)."""

    def __init__(self, after: list[int]) -> None:
        self.after = tuple(after)

    def __getitem__(self, m: int) -> tuple[int, ...]:
        laps, rest = divmod(m, len(self.after))
        return self.after * laps + self.after[:rest]


@cache
def geometry(columns: int, crowded: bool = False) -> Geometry:
    """The tables of a 4 x ``columns`` board; ``crowded``: for more stones than a game
    has (a position made by hand), at a cost to speed."""
    return Geometry(columns, crowded)
