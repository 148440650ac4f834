"""Kisolo: four rows, no stores, the pussa kanawa relay (docs/rules.md, "Kisolo").

- ``board.py``: the board as flat tables (hole ``(r, c)`` at index ``r * columns + c``,
  each player's circuit a ``next`` table);
- ``turn.py``: the one loop that plays a turn, and decides every rule of it;
- ``state.py``: a position (``KisoloState``): its JSON, its legal moves, what follows a
  turn (a win, a draw by repetition);
- ``trace.py``: a turn's events, written from what the loop logged.

>>> s = KisoloState.initial(columns=6)
>>> s.legal_moves()[0], len(geometry(6).circuit[0])
({'type': 'capture', 'column': 0}, 12)
"""

from .board import COLUMN_CHOICES, ROWS, STONES_PER_HOLE, Geometry, geometry
from .state import INNER_ROW_EMPTIED, REPETITION_LIMIT, KisoloState, outcome
from .trace import trace_events
from .turn import MAX_LAPS, turn

__all__ = [
    "COLUMN_CHOICES",
    "INNER_ROW_EMPTIED",
    "MAX_LAPS",
    "REPETITION_LIMIT",
    "ROWS",
    "STONES_PER_HOLE",
    "Geometry",
    "KisoloState",
    "geometry",
    "outcome",
    "trace_events",
    "turn",
]
