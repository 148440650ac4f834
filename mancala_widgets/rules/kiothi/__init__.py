"""Kiothi: two rows of ten bomas, a jail at each end, nki protection (docs/rules.md,
"Kiothi").

- ``board.py``: the board as flat tables (boma ``(r, c)`` at index ``r * 10 + c``, the
  one shared circuit a ``NEXT`` table, what faces what);
- ``sowing.py``: the one loop that plays a sowing and lists the legal ones, deciding
  every rule of a sowing;
- ``opening.py``: the opening's redistributions (turns 1 and 2), checked and played;
- ``state.py``: a position (``KiothiState``): its JSON, its legal moves, the end of the
  game;
- ``trace.py``: a sowing's events, written from what the loop logged.

>>> s = KiothiState.initial()
>>> s.own_cells(0)[:3], s.facing()[10]
([10, 11, 12], 0)
"""

from .board import (
    CIRCUIT,
    CIRCUIT_TABLES,
    COLS,
    CROWDED,
    EMPTY_AT_START,
    NEXT,
    OPPOSITE,
    OWNER,
    ROWS,
    SIZE,
    TRIPLE,
    cell,
    empty_at_start,
    opposite,
    own_boma,
    own_index,
)
from .sowing import MAX_LAPS, leftmost_triple, relay, sow, sowings
from .state import KiothiState
from .trace import trace_events

__all__ = [
    "CIRCUIT",
    "CIRCUIT_TABLES",
    "COLS",
    "CROWDED",
    "EMPTY_AT_START",
    "MAX_LAPS",
    "NEXT",
    "OPPOSITE",
    "OWNER",
    "ROWS",
    "SIZE",
    "TRIPLE",
    "KiothiState",
    "cell",
    "empty_at_start",
    "leftmost_triple",
    "opposite",
    "own_boma",
    "own_index",
    "relay",
    "sow",
    "sowings",
    "trace_events",
]
