"""Kiothi's board as flat tables: boma ``(r, c)`` is index ``r * 10 + c``, the one
shared circuit a ``NEXT`` table, what faces what, each player's bomas from their own
left, and the tables the sowing loop sows whole laps from (docs/rules.md, "Kiothi: the
board")."""

from __future__ import annotations

from ..common import (
    NORTH,
    PLAYERS,
    SOUTH,
)
from ..events import Cell
from ..game import kiothi_board
from .sowing import (
    Circuit,
    laps_table,
    lifts_table,
)

ROWS, COLS, SIZE = 2, 10, 20
START_HOLES_CHOICES = (6, 5)
WARRIORS_PER_BOMA = 5

# The board's facts (rules/game.py) as flat tables: boma (r, c) is index r * 10 + c.
_BOARD = kiothi_board()
CIRCUIT = [r * COLS + c for r, c in _BOARD.circuits["south"]]
NEXT = [0] * SIZE
for _i, _h in enumerate(CIRCUIT):
    NEXT[_h] = CIRCUIT[(_i + 1) % SIZE]
OWNER = [PLAYERS.index(_BOARD.owner(divmod(h, COLS))) for h in range(SIZE)]
OWN_ROW = tuple(_BOARD.facing_rows[name] for name in PLAYERS)  # South's row, North's row
OWN_BOMAS = tuple(
    [r * COLS + c for r in _BOARD.rows_of(name) for c in range(COLS)] for name in PLAYERS
)


def opposite(h: int) -> int:
    """(r,c) faces (1-r,c)."""
    facing = _BOARD.opposite(divmod(h, COLS))
    assert facing is not None, "Kiothi's two rows face each other"
    r, c = facing
    return r * COLS + c


def own_boma(p: int, i: int) -> int:
    """Player ``p``'s boma number ``i`` counted from their own left (0-based).

    North faces the other way, so North's index i is column 9-i."""
    return 10 + i if p == SOUTH else 9 - i


def own_index(h: int) -> int:
    """Inverse of :func:`own_boma`: the owner's index of boma ``h``."""
    return h - 10 if OWNER[h] == SOUTH else 9 - h


#: The boma facing each boma, as a table for the hot paths.
OPPOSITE = [opposite(h) for h in range(SIZE)]
#: Each player's bomas, from their own left.
OWN_FROM_LEFT = tuple([own_boma(p, i) for i in range(COLS)] for p in (SOUTH, NORTH))
LEFTMOST = (own_boma(SOUTH, 0), own_boma(NORTH, 0))
#: The three opponent bomas at the player's indices 1, 2, 3 (leftmost triple).
TRIPLE = tuple([opposite(own_boma(p, i)) for i in (1, 2, 3)] for p in (SOUTH, NORTH))


def empty_at_start(start_holes: int) -> list[bool]:
    """Bomas left empty by the set-up: all but each owner's rightmost ``start_holes``."""
    return [own_index(h) < COLS - start_holes for h in range(SIZE)]


def circuit(crowded: bool = False) -> Circuit:
    """The tables of the sowing loop (rules/kiothi/sowing.py); ``crowded``: for a position
    made by hand with more warriors than a game has, at a cost to speed."""
    laps = laps_table(NEXT, crowded)
    own = (sorted(OWN_BOMAS[0]), sorted(OWN_BOMAS[1]))
    home = ([o == SOUTH for o in OWNER], [o == NORTH for o in OWNER])
    return Circuit(
        laps,
        lifts_table(laps, crowded),
        OWNER,
        OPPOSITE,
        own,
        LEFTMOST,
        TRIPLE,
        crowded,
        home,
        [False] * SIZE,
    )


CIRCUIT_TABLES = circuit()
CROWDED = circuit(crowded=True)
EMPTY_AT_START = {n: empty_at_start(n) for n in START_HOLES_CHOICES}


def cell(h: int) -> Cell:
    return [h // COLS, h % COLS]
