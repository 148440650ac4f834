"""What both games' positions offer: the one interface players, reviews, records, boards
and the OpenSpiel games use, whatever the game.

``KisoloState`` and ``KiothiState`` implement it (a test checks each against it). A
program that plays either game needs nothing else: the legal moves (as JSON moves or as
integer actions), the position after one, what each side holds, and the cells of the
board as flat indices, ``r * columns + c``, with what faces what.

>>> from mancala_widgets.rules import new_state
>>> s: State = new_state("kiothi")
>>> s.opening, len(s.legal_moves()), s.cell(s.index(1, 3))
(True, 15, [1, 3])
"""

from collections.abc import Hashable, Mapping, Sequence
from typing import Any, Literal, NotRequired, Protocol, TypedDict

from .common import Position
from .events import Cell, Event
from .game import Game, Options

# The typed moves are checked at run time (their required keys), so this module's
# annotations are not postponed.


class SowMove(TypedDict):
    """A sowing (docs/rules.md, the JSON interface): Kisolo's names a hole; Kiothi's also
    how many warriors to lift (``count``)."""

    type: Literal["sow"]
    row: int
    column: int
    count: NotRequired[int]


class CaptureMove(TypedDict):
    """Kisolo's turn-start capture of a column."""

    type: Literal["capture"]
    column: int


class RedistributeMove(TypedDict):
    """Kiothi's opening: two bomas lifted (``lift``, [row, column] each) and their
    warriors placed (``place``, [row, column, count] each)."""

    type: Literal["redistribute"]
    lift: list[Cell]
    place: NotRequired[list[list[int]]]


#: A move as the JSON interface gives it, of either game.
TypedMove = SowMove | CaptureMove | RedistributeMove


class State(Protocol):
    """A position of either game. Immutable in use: :meth:`play` and
    :meth:`apply_action` return a new one."""

    @property
    def game(self) -> str:
        """ "kisolo" or "kiothi"."""
        ...

    @property
    def GAME(self) -> Game:  # noqa: N802 (a class constant of each game's state)
        """The game's fixed facts (rules/game.py)."""
        ...

    to_move: int  # 0 South, 1 North
    status: str  # "playing", "won" or "draw"
    winner: int | None
    reason: str | None
    options: Options  # the rule options (rules/game.py)
    board: list[int]  # pieces by flat index
    #: (laps, captures) of the move that led here, for simulations.
    move_stats: tuple[int, int] | None

    @property
    def opening(self) -> bool:
        """An opening turn (Kiothi's redistribution), whose moves have no actions."""
        ...

    # -- moves and actions

    def legal_moves(self) -> list[dict[str, Any]]:
        """The legal moves as JSON moves (:data:`TypedMove`), in a fixed order."""
        ...

    def legal_actions(self) -> list[int]:
        """The legal moves as integer actions, in the order of :meth:`legal_moves`."""
        ...

    def apply_action(self, action: int) -> "State":
        """The position after ``action``, one of :meth:`legal_actions` (unchecked)."""
        ...

    def play(
        self,
        move: dict[str, Any],
        trace: list[Event] | None = None,
        history: Mapping[Hashable, int] | None = None,
    ) -> "State":
        """The position after ``move`` (checked: a clear error says what is wrong);
        appends the move's events to ``trace``; ``history`` counts the positions of the
        game so far (``key()``), for the draw by repetition."""
        ...

    def action_move(self, action: int) -> dict[str, Any]: ...

    def move_action(self, move: object) -> int: ...

    def successors(self) -> Sequence[tuple[dict[str, Any], "State"]]:
        """Every legal move (past an opening) with the position after it."""
        ...

    def forced_capture(self) -> bool:
        """Must the mover capture (Kisolo's turn-start capture)?"""
        ...

    # -- what the position holds

    def key(self) -> Hashable:
        """What makes two positions the same, for repetition and search tables."""
        ...

    def holdings(self, p: int) -> int:
        """What player ``p`` holds: Kisolo the stones on their rows, Kiothi their jail."""
        ...

    def to_dict(self) -> Position:
        """The position as docs/rules.md's JSON."""
        ...

    # -- the board's cells, as flat indices

    def own_cells(self, p: int) -> Sequence[int]:
        """Player ``p``'s cells, from their own left: Kisolo their outer row then their
        inner row, Kiothi their row."""
        ...

    def protected(self) -> Sequence[bool]:
        """For each cell, whether a capture may not take it (Kiothi's nki marks; no
        Kisolo hole is ever protected)."""
        ...

    def facing(self) -> Sequence[int]:
        """For each cell, the cell facing it across the middle, or -1 (Kisolo's outer
        rows)."""
        ...

    def cell(self, h: int) -> Cell:
        """The [row, column] of flat index ``h``."""
        ...

    def index(self, row: int, column: int) -> int:
        """The flat index of a cell."""
        ...
