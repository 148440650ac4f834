"""The trace: one shape for each event, the same keys in both games.

A move's trace is a list of these events, in order. A cell is ``[row, column]``,
a hole in Kisolo and a boma in Kiothi; every event about one cell has it under
``cell``, every list of cells is ``cells``; a capture lists what it takes in
``from`` (``[row, column, count]`` each) whatever the game. The front end's
``js/types.ts`` mirrors these definitions one to one.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

Cell = list[int]  # [row, column]
Taken = list[int]  # [row, column, count]
PlayerName = Literal["south", "north"]
#: What follows a lap's end (``LapEnd.then``).
Then = Literal["relay", "capture", "end", "perpetual"]
#: Why a sowing that ends in an empty cell captures nothing (``NoCapture.why``).
NoCaptureWhy = Literal["opponent_row", "opposite_empty", "nki"]
#: Why the leftmost triple is not taken (``LeftmostTriple.why``; None: it is).
TripleWhy = Literal["not_all_full", "nki", "not_sown"]


class Lift(TypedDict):
    kind: Literal["lift"]
    #: "sow" (a move's first lap), "pussa_kanawa" (Kisolo's relay), "relay" (Kiothi's),
    #: "opening_redistribution".
    rule: str
    cell: Cell
    count: int
    lap: NotRequired[int]  # not in the opening redistribution
    landing: NotRequired[Cell]  # pussa kanawa: the landing hole, whose next hole is lifted
    left: NotRequired[int]  # Kiothi: warriors left in the boma (partial lifting)
    partial: NotRequired[bool]


class Sow(TypedDict):
    kind: Literal["sow"]
    lap: int
    cells: list[Cell]  # one piece dropped into each, in order


class LapEnd(TypedDict):
    kind: Literal["lap_end"]
    lap: int
    cell: Cell  # where the lap's last piece fell
    occupied: bool  # whether it held pieces just before that drop
    then: Then
    next: NotRequired[Cell]  # Kisolo: the hole after the landing hole, and what it holds
    next_count: NotRequired[int]
    own_row: NotRequired[bool]  # Kiothi: whether the landing boma is the mover's


# The functional form: ``from`` is a Python keyword.
Capture = TypedDict(
    "Capture",
    {
        "kind": Literal["capture"],
        "rule": str,  # "turn_start_capture", "mid_move_capture" (Kisolo), "capture" (Kiothi)
        "player": PlayerName,
        "lap": int,
        "cell": Cell,  # Kisolo: the capturing inner hole, sown from; Kiothi: the landing boma
        # What is taken: Kisolo the opponent's inner and outer hole of the column; Kiothi
        # the opposite boma.
        "from": list[Taken],
        "count": int,  # pieces taken (Kiothi: with the capturing warrior)
        "into": Literal["sow", "jail"],
        "jail": NotRequired[PlayerName],  # Kiothi: whose jail
    },
)


class NoCapture(TypedDict):
    kind: Literal["no_capture"]
    rule: str
    cell: Cell
    opposite: Cell
    why: NoCaptureWhy


class TripleCell(TypedDict):
    cell: Cell
    count: int
    nki: bool
    empty_at_start: bool
    sown: bool


class LeftmostTriple(TypedDict):
    kind: Literal["leftmost_triple"]
    rule: str
    player: PlayerName
    taken: bool
    why: TripleWhy | None
    cells: list[TripleCell]
    count: int
    jail: PlayerName


class Place(TypedDict):
    kind: Literal["place"]
    rule: str
    cell: Cell
    count: int


class NkiMark(TypedDict):
    kind: Literal["nki_mark"]
    rule: str
    cells: list[Cell]


class NkiRelease(TypedDict):
    kind: Literal["nki_release"]
    rule: str
    cell: Cell


class LapsSkipped(TypedDict):
    kind: Literal["laps_skipped"]
    from_lap: int
    to_lap: int
    board: list[list[int]]
    nki: NotRequired[list[list[bool]]]  # Kiothi
    sown: NotRequired[list[list[bool]]]


class TurnEnd(TypedDict):
    kind: Literal["turn_end"]
    to_move: PlayerName


class Sweep(TypedDict):
    cell: Cell
    count: int
    jail: PlayerName


class DrawDetails(TypedDict, total=False):
    """What a Kisolo draw adds to its ``game_end`` event."""

    lap: int  # perpetual sowing: the lap it stopped at
    repeat_of_lap: int | None  # ... and the earlier lap it repeats (None at the lap limit)
    occurrences: int  # repetition: the third


class GameEnd(TypedDict):
    kind: Literal["game_end"]
    #: "inner_row_emptied", "perpetual_sowing", "repetition" (Kisolo), "no_legal_move" (Kiothi)
    rule: str
    status: Literal["won", "draw"]
    winner: PlayerName | None
    reason: str
    lap: NotRequired[int]
    repeat_of_lap: NotRequired[int | None]
    occurrences: NotRequired[int]
    stuck: NotRequired[PlayerName]  # Kiothi: the player who cannot move
    sweep: NotRequired[list[Sweep]]
    jails: NotRequired[dict[PlayerName, int]]
    margin: NotRequired[int]
    one_warrior_victory: NotRequired[bool]


#: One event of a trace; ``kind`` says which.
Event = (
    Lift
    | Sow
    | LapEnd
    | Capture
    | NoCapture
    | LeftmostTriple
    | Place
    | NkiMark
    | NkiRelease
    | LapsSkipped
    | TurnEnd
    | GameEnd
)
KINDS = (
    "lift",
    "sow",
    "lap_end",
    "capture",
    "no_capture",
    "leftmost_triple",
    "place",
    "nki_mark",
    "nki_release",
    "laps_skipped",
    "turn_end",
    "game_end",
)

__all__ = [
    "Capture",
    "Cell",
    "DrawDetails",
    "Event",
    "GameEnd",
    "KINDS",
    "LapEnd",
    "LapsSkipped",
    "LeftmostTriple",
    "Lift",
    "NkiMark",
    "NkiRelease",
    "NoCapture",
    "NoCaptureWhy",
    "Place",
    "PlayerName",
    "Sow",
    "Sweep",
    "Taken",
    "Then",
    "TripleCell",
    "TripleWhy",
    "TurnEnd",
]
