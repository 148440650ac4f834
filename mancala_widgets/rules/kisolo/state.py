"""A Kisolo position: its JSON, its legal moves, and what follows a turn (docs/rules.md,
"Kisolo"). The turn itself is played by ``turn.py``; its trace is written by ``trace.py``.

>>> s = KisoloState.initial(columns=7)
>>> [m["column"] for m in s.legal_moves()]
[0, 1, 2, 3, 4, 5, 6]
>>> s.play({"type": "capture", "column": 3}).to_dict()["board"][2]
[5, 5, 5, 0, 4, 4, 4]
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any, Final, Literal

from ..common import (
    MAX_PIECES,
    PLAYERS,
    SOUTH,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    Move,
    Position,
    check_dict,
    check_grid,
    check_int,
    check_result_fields,
    grid,
    player_index,
    shown,
)
from ..events import Event
from ..game import KISOLO, Options
from .board import COLUMN_CHOICES, ROWS, STONES_PER_HOLE, Geometry, geometry
from .trace import End, trace_events
from .turn import LapEnd, Played, turn

#: docs/rules.md, the draw by repetition: the third occurrence of a position draws the game.
REPETITION_LIMIT = 3
#: How a game is won: a capture empties the opponent's inner row (docs/rules.md, a win), or
#: with own_row_emptied="loses" a player's own sowing empties theirs.
INNER_ROW_EMPTIED: Final = "inner row emptied"
STATUSES = {
    "playing": (),
    "won": ("inner row emptied",),
    "draw": ("perpetual sowing", "repetition"),
}
POSITION_FIELDS = ("game", "columns", "to_move", "board", "status", "winner", "reason")
#: The rule options (rules/game.py), all at docs/rules.md's own reading.
DEFAULT_OPTIONS = KISOLO.check_options({}, InvalidPositionError)

#: What makes two positions "the same" for the repetition draw: the board and who moves.
Key = tuple[tuple[int, ...], int]


class KisoloState:
    """One Kisolo position. Immutable in use: :meth:`play` returns a new state."""

    game: Final = "kisolo"
    GAME: Final = KISOLO  # the game's fixed facts (rules/game.py)
    __slots__ = (
        "columns",
        "geo",
        "board",
        "to_move",
        "status",
        "winner",
        "reason",
        "options",
        "move_stats",
        "_legal",
    )

    def __init__(
        self,
        columns: int,
        board: list[int],
        to_move: int,
        status: str = "playing",
        winner: int | None = None,
        reason: str | None = None,
        options: Options = DEFAULT_OPTIONS,
        geo: Geometry | None = None,
    ) -> None:
        self.columns = columns
        self.geo = geo or geometry(columns, sum(board) > STONES_PER_HOLE * ROWS * columns)
        self.board = board
        self.to_move = to_move
        self.status = status
        self.winner = winner
        self.reason = reason
        #: The rule options (rules/game.py): docs/rules.md's readings unless a variant says.
        self.options = options
        #: (laps, captures) of the move that led here, for simulations
        self.move_stats: tuple[int, int] | None = None
        self._legal: list[int] | None = None  # legal_actions(), once asked

    # -- construction and JSON ------------------------------------------------

    @classmethod
    def initial(cls, columns: int = 7, **options: Any) -> KisoloState:
        if type(columns) is not int or columns not in COLUMN_CHOICES:
            raise InvalidPositionError(f"columns = {shown(columns)}: expected 7 or 6")
        rules = KISOLO.check_options(options, InvalidPositionError)
        return cls(columns, [STONES_PER_HOLE] * (ROWS * columns), SOUTH, options=rules)

    @classmethod
    def from_dict(cls, d: Any) -> KisoloState:
        E = InvalidPositionError
        check_dict(d, "Kisolo position", E, POSITION_FIELDS, KISOLO.options)
        if d["game"] != "kisolo":
            raise E(f"game = {shown(d['game'])}: expected 'kisolo'")
        options = KISOLO.check_options({k: d[k] for k in KISOLO.options if k in d}, E)
        columns = d["columns"]
        if type(columns) is not int or columns not in COLUMN_CHOICES:
            raise E(f"columns = {shown(columns)}: expected 7 or 6")
        board = check_grid(
            d["board"], "board", ROWS, columns, lambda v, f: check_int(v, f, E, 0, MAX_PIECES), E
        )
        to_move = player_index(d["to_move"], "to_move", E)
        status, winner, reason = check_result_fields(d, STATUSES, E)
        state = cls(columns, board, to_move, status, winner, reason, options)
        geo = state.geo
        for p in (to_move, 1 - to_move):
            if status == "playing" and not any(board[h] for h in geo.circuit[p]):
                # Stones leave a side only by capture, and the capture that takes a
                # side's last inner stones has already won.
                raise E(
                    f"board: {PLAYERS[p]} has no stones, so the position cannot still be "
                    "'playing' (the capture that took them would have won)"
                )
        if status == "won" and winner is not None and any(board[h] for h in geo.inner[1 - winner]):
            loser = PLAYERS[1 - winner]
            raise E(
                f"winner = {shown(d['winner'])}: a Kisolo game is won when the loser's inner row "
                f"is emptied, but {loser}'s inner row still has stones"
            )
        return state

    def to_dict(self) -> Position:
        return {
            "game": "kisolo",
            "columns": self.columns,
            "to_move": PLAYERS[self.to_move],
            "board": grid(self.board, self.columns),
            "status": self.status,
            "winner": None if self.winner is None else PLAYERS[self.winner],
            "reason": self.reason,
            **KISOLO.changed_options(self.options),
        }

    def key(self) -> Key:
        """What makes two positions "the same" for the repetition draw."""
        return (tuple(self.board), self.to_move)

    #: Kisolo has no opening phase (Kiothi's redistribution).
    opening = False

    def holdings(self, p: int) -> int:
        """What player ``p`` holds: the stones on their two rows (a capture moves
        stones from one side to the other; nothing else does)."""
        return sum(self.geo.stones_of[p](self.board))

    # -- the board's cells (rules/state.py) ---------------------------------------

    def own_cells(self, p: int) -> list[int]:
        """Player ``p``'s holes, from their own left: the outer row, then the inner."""
        return self.geo.from_left[p]

    def protected(self) -> list[bool]:
        """No Kisolo hole is protected from capture."""
        return self.geo.unprotected

    def facing(self) -> list[int]:
        """For each hole, the other player's inner hole across from an inner hole; -1
        for an outer hole."""
        return self.geo.facing

    def cell(self, h: int) -> list[int]:
        return self.geo.cell(h)

    def index(self, row: int, column: int) -> int:
        return row * self.columns + column

    def forced_capture(self) -> bool:
        """Is a turn-start capture due (the mover has no other kind of move)?"""
        return self.status == "playing" and bool(self.capture_columns())

    def successors(self) -> list[tuple[Move, KisoloState]]:
        """Every legal move with the position after it."""
        return [(self.action_move(a), self.apply_action(a)) for a in self._legal_actions()]

    # -- integer actions: the fast path for search and playouts -------------------
    #
    # Sowing hole h (index r * columns + c) is action h; a turn-start capture of column c
    # is action 4 * columns + c. Moves as dicts are for the JSON boundary.

    def legal_actions(self) -> list[int]:
        """The legal moves as actions (see above), in the order of :meth:`legal_moves`."""
        if self._legal is not None:
            return self._legal[:]
        if self.status != "playing":
            return []
        # Step 1, as capture_columns() has it, written out: this is the hot path.
        b, p, geo = self.board, self.to_move, self.geo
        captures = [a for a, mine, theirs in geo.capture_holes[p] if b[mine] and b[theirs]]
        return captures or [h for h in geo.own[p] if b[h]]

    def _legal_actions(self) -> list[int]:
        """:meth:`legal_actions`, worked out once and kept (not to be changed)."""
        if self._legal is None:
            self._legal = self.legal_actions()
        return self._legal

    def apply_action(self, action: int) -> KisoloState:
        """The position after ``action``, which must be one of :meth:`legal_actions`
        (unchecked: use :meth:`play` for a move from outside)."""
        landing = self.options["relay"] == "landing"
        played = turn(self.geo, self.board, self.to_move, action, landing)
        return outcome(self, played)[0]

    def action_move(self, action: int) -> Move:
        """The move dict of ``action``."""
        return self.geo.moves[action].copy()

    def move_action(self, move: object) -> int:
        """The action of a legal ``move`` (checked like :meth:`play` checks it)."""
        kind, arg = self.parse_move(move)
        return ROWS * self.columns + arg if kind == "capture" else arg

    # -- legal moves ------------------------------------------------------------

    def capture_columns(self) -> list[int]:
        """Columns where both inner holes hold stones: the captures due (docs/rules.md,
        "Kisolo: the start of a turn")."""
        p = self.to_move
        b, mine, theirs = self.board, self.geo.inner[p], self.geo.inner[1 - p]
        return [c for c in range(self.columns) if b[mine[c]] and b[theirs[c]]]

    def parse_move(self, move: object) -> tuple[Literal["capture", "sow"], int]:
        """Check a move dict; returns ``("capture", column)`` or ``("sow", hole index)``."""
        if self.status != "playing":
            raise GameOverError(
                f"the game is over ({self.status}, {self.reason}); no more moves can be played"
            )
        E = InvalidMoveError
        if not isinstance(move, dict):
            raise E(f"move: expected a JSON object (dict), got {type(move).__name__}")
        kind = move.get("type")
        n = self.columns
        if kind == "capture":
            check_dict(move, "capture move", E, ("type", "column"))
            c = check_int(move["column"], "column", E, 0, n - 1)
            captures = self.capture_columns()
            if c not in captures:
                raise IllegalMoveError(
                    f"capture column {c} is not possible: a turn-start capture needs stones in "
                    f"both inner holes of the column (captures possible now: {captures or 'none'})",
                    rule="turn_start_capture",
                )
            return ("capture", c)
        if kind == "sow":
            check_dict(move, "sow move", E, ("type", "row", "column"))
            r = check_int(move["row"], "row", E, 0, ROWS - 1)
            c = check_int(move["column"], "column", E, 0, n - 1)
            h = r * n + c
            p = self.to_move
            if self.geo.owner[h] != p:
                rows = "2 and 3" if p == SOUTH else "0 and 1"
                raise IllegalMoveError(
                    f"hole ({r},{c}) belongs to {PLAYERS[1 - p]}; "
                    f"{PLAYERS[p]} may only sow their own rows {rows}",
                    rule="own_holes",
                )
            if not self.board[h]:
                raise IllegalMoveError(
                    f"hole ({r},{c}) is empty; only a hole with stones can be sown", rule="sow"
                )
            captures = self.capture_columns()
            if captures:
                raise IllegalMoveError(
                    f"a turn-start capture is due (columns {captures}), so sowing is not allowed",
                    rule="turn_start_capture",
                )
            return ("sow", h)
        raise E(f"type = {shown(kind)}: expected 'capture' or 'sow' for Kisolo")

    # -- playing a move ---------------------------------------------------------

    def play(
        self,
        move: Move,
        trace: list[Event] | None = None,
        history: Mapping[Hashable, int] | None = None,
    ) -> KisoloState:
        """The position after ``move``; appends the move's events to ``trace``.

        ``history`` counts how often each position (``key()``) has occurred in the game
        so far: with it, a move that brings a position about for the third time ends the
        game in a draw by repetition (docs/rules.md, a reading applied across moves)."""
        action = self._legal_action(move)
        if action is None:  # not plainly legal: checked in full, to say what is wrong
            kind, arg = self.parse_move(move)
            action = ROWS * self.columns + arg if kind == "capture" else arg
        if trace is None and history is None:
            return self.apply_action(action)
        landing = self.options["relay"] == "landing"
        log: list[LapEnd] | None = None if trace is None else []
        played = turn(self.geo, self.board, self.to_move, action, landing, log)
        after, end = outcome(self, played, history)
        if trace is not None and log is not None:
            trace.extend(trace_events(self, self.geo, action, log, after, end))
        return after

    def legal_moves(self) -> list[Move]:
        moves = self.geo.moves
        return [moves[a].copy() for a in self._legal_actions()]

    def _legal_action(self, move: object) -> int | None:
        """The action of ``move`` if it is plainly one of :meth:`legal_actions` (exactly
        the fields of a move, whole numbers on the board), else None: a quick way in for
        the moves programs play, which :meth:`parse_move` then need not explain."""
        if type(move) is not dict:
            return None
        kind, c, n = move.get("type"), move.get("column"), self.columns
        if type(c) is not int or not 0 <= c < n:
            return None
        if kind == "sow" and len(move) == 3:
            r = move.get("row")
            if type(r) is not int or not 0 <= r < ROWS:
                return None
            action = r * n + c
        elif kind == "capture" and len(move) == 2:
            action = ROWS * n + c
        else:
            return None
        return action if action in self._legal_actions() else None


def outcome(
    state: KisoloState, played: Played, history: Mapping[Hashable, int] | None = None
) -> tuple[KisoloState, End]:
    """The position after a turn :func:`turn` played from ``state``, and how the game
    ended, if it did: a capture emptied the opponent's inner row (a win), the sowing never
    ended (step 6), with own_row_emptied="loses" the mover's own sowing emptied their
    inner row, or the position comes about for the third time (step 7; with ``history``,
    the count of each position's ``key()`` so far in the game)."""
    board, laps, captures, ending, repeat = played
    p, options, columns, geo = state.to_move, state.options, state.columns, state.geo
    end: End = None
    if ending == "won":
        after = KisoloState(columns, board, 1 - p, "won", p, INNER_ROW_EMPTIED, options, geo)
        end = ("inner_row_emptied", {})
    elif ending == "perpetual":
        after = KisoloState(columns, board, 1 - p, "draw", None, "perpetual sowing", options, geo)
        end = ("perpetual_sowing", {"lap": laps, "repeat_of_lap": repeat})
    elif options["own_row_emptied"] == "loses" and not any(board[h] for h in geo.inner[p]):
        after = KisoloState(columns, board, 1 - p, "won", 1 - p, INNER_ROW_EMPTIED, options, geo)
        end = ("own_inner_row_emptied", {})
    else:
        after = KisoloState(columns, board, 1 - p, "playing", None, None, options, geo)
        if history is not None and options["repetition_draw"]:
            seen = history.get(after.key(), 0) + 1
            if seen >= REPETITION_LIMIT:  # step 7: the third occurrence is a draw
                after.status, after.reason = "draw", "repetition"
                end = ("repetition", {"occurrences": seen})
    after.move_stats = (laps, captures)
    return after, end
