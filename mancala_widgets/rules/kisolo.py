"""Kisolo: four rows, no stores, the pussa kanawa relay (docs/rules.md, "Kisolo").

The board is kept as one flat list, hole ``(r, c)`` at index ``r * columns + c``;
each player's circuit is precomputed once per board size as a ``next`` table,
so the sowing loop touches nothing but a list of ints.

>>> s = KisoloState.initial(columns=7)
>>> [m["column"] for m in s.legal_moves()]
[0, 1, 2, 3, 4, 5, 6]
>>> s.play({"type": "capture", "column": 3}).to_dict()["board"][2]
[5, 5, 5, 0, 4, 4, 4]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from functools import cache
from operator import itemgetter
from typing import Any, Final, Literal, Unpack

from .common import (
    LAP_LIMIT,
    MAX_PIECES,
    NORTH,
    PLAYERS,
    SOUTH,
    TRACE_LAP_LIMIT,
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
from .events import DrawDetails, Event, GameEnd, LapEnd, Then
from .game import KISOLO, Cell, Options, kisolo_board
from .kisolo_fast import turn

COLUMN_CHOICES = (7, 6)
STONES_PER_HOLE = 3
ROWS = 4
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
#: The fast path (no trace) remembers lap ends from this lap on. A lap end that repeats
#: means the move cycles for ever, so a move that ends before this lap repeated nothing;
#: one that gets this far is played again remembering every lap end, which finds the
#: first repeat exactly where step 6 says.
RECORD_FROM_LAP = 32


class Geometry:
    """A 4 x ``columns`` board (rules/game.py) as flat tables for the sowing loop:
    hole ``(r, c)`` is index ``r * columns + c``."""

    def __init__(self, columns: int) -> None:
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
        self.drops = []
        for h in range(ROWS * n):
            after: list[int] = []
            x = h
            for _ in range(STONES_PER_HOLE * ROWS * n):
                x = self.next[x]
                after.append(x)
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
        self.is_inner = [False] * (ROWS * n)
        for h in self.inner[SOUTH] + self.inner[NORTH]:
            self.is_inner[h] = True

    def cell(self, h: int) -> list[int]:
        return list(divmod(h, self.columns))


@cache
def geometry(columns: int) -> Geometry:
    return Geometry(columns)


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
    ) -> None:
        self.columns = columns
        self.geo = geometry(columns)
        self.board = board
        self.to_move = to_move
        self.status = status
        self.winner = winner
        self.reason = reason
        #: The rule options (rules/game.py): docs/rules.md's readings unless a variant says.
        self.options = options
        #: (laps, captures) of the move that led here, for simulations
        self.move_stats: tuple[int, int] | None = None

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

    def forced_capture(self) -> bool:
        """Is a turn-start capture due (the mover has no other kind of move)?"""
        return self.status == "playing" and bool(self.capture_columns())

    def successors(self) -> list[tuple[Move, KisoloState]]:
        """Every legal move with the position after it."""
        return [(self.action_move(a), self.apply_action(a)) for a in self.legal_actions()]

    # -- integer actions: the fast path for search and playouts -------------------
    #
    # Sowing hole h (index r * columns + c) is action h; a turn-start capture of column c
    # is action 4 * columns + c. Moves as dicts are for the JSON boundary.

    def legal_actions(self) -> list[int]:
        """The legal moves as actions (see above), in the order of :meth:`legal_moves`."""
        if self.status != "playing":
            return []
        # Step 1, as capture_columns() has it, written out: this is the hot path.
        b, p, geo = self.board, self.to_move, self.geo
        captures = [a for a, mine, theirs in geo.capture_holes[p] if b[mine] and b[theirs]]
        return captures or [h for h in geo.own[p] if b[h]]

    def apply_action(self, action: int) -> KisoloState:
        """The position after ``action``, which must be one of :meth:`legal_actions`
        (unchecked: use :meth:`play` for a move from outside)."""
        p, options = self.to_move, self.options
        landing = options["relay"] == "landing"
        try:
            played = turn(self.geo, self.board, p, action, landing)
            if played is None:  # a long turn: again, remembering its lap ends (step 6)
                played = turn(self.geo, self.board, p, action, landing, record=True)
        except (IndexError, ValueError):  # more stones than a game has (made by hand)
            size = ROWS * self.columns
            if action >= size:
                return _Turn(self, None).run("capture", action - size)
            return _Turn(self, None).run("sow", action)
        board, laps, captures, ending = played
        if ending == "perpetual":
            after = KisoloState(
                self.columns, board, 1 - p, "draw", None, "perpetual sowing", options
            )
        elif ending == "won":
            after = KisoloState(self.columns, board, 1 - p, "won", p, INNER_ROW_EMPTIED, options)
        elif options["own_row_emptied"] == "loses" and not any(board[h] for h in self.geo.inner[p]):
            after = KisoloState(
                self.columns, board, 1 - p, "won", 1 - p, INNER_ROW_EMPTIED, options
            )
        else:
            after = KisoloState(self.columns, board, 1 - p, options=options)
        after.move_stats = (laps, captures)
        return after

    def action_move(self, action: int) -> Move:
        """The move dict of ``action``."""
        n, size = self.columns, ROWS * self.columns
        if action >= size:
            return {"type": "capture", "column": action - size}
        return {"type": "sow", "row": action // n, "column": action % n}

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
        kind, arg = self.parse_move(move)
        return _Turn(self, trace, history).run(kind, arg)

    def legal_moves(self) -> list[Move]:
        return [self.action_move(a) for a in self.legal_actions()]


class _Turn:
    """One turn on a private copy of the board: its start, the end of each lap, the win
    and the draw by endless sowing (docs/rules.md, "Kisolo")."""

    def __init__(
        self,
        state: KisoloState,
        trace: list[Event] | None,
        history: Mapping[Hashable, int] | None = None,
        record_from: int | None = None,
    ) -> None:
        self.history = history
        #: Lap ends are remembered (for step 6) from this lap on: all of them while
        #: tracing, or when the fast path plays a long move again.
        self.record_from = (
            (1 if trace is not None else RECORD_FROM_LAP) if record_from is None else record_from
        )
        self.state = state
        self.geo = state.geo
        self.b = state.board[:]
        self.p = state.to_move
        self.trace = trace
        self.tracing = trace is not None  # the fast path builds no events at all
        self.lap = 1
        self.captures = 0
        self.resumed = False  # recording again after a laps_skipped summary
        options = state.options
        #: The relay lifts the landing hole itself (option relay="landing"), not the next.
        self.landing = options["relay"] == "landing"

    def emit(self, event: Event) -> None:
        if self.trace is not None and (self.lap <= TRACE_LAP_LIMIT or self.resumed):
            self.trace.append(event)

    def sow_from(self, start: int, m: int) -> int:
        """Drop ``m`` stones, the first into ``start``; returns the last hole."""
        b, nxt = self.b, self.geo.next
        h = start
        b[h] += 1
        if self.trace is None:  # the hot loop of search and playouts
            for _ in range(m - 1):
                h = nxt[h]
                b[h] += 1
            return h
        holes = [h]
        for _ in range(m - 1):
            h = nxt[h]
            b[h] += 1
            holes.append(h)
        self.emit({"kind": "sow", "lap": self.lap, "cells": [self.geo.cell(x) for x in holes]})
        return h

    def capture_wins(self, c: int) -> bool:
        """Would capturing column ``c`` empty the opponent's inner row (step 5)?"""
        b, inner = self.b, self.geo.inner[1 - self.p]
        return all(b[h] == 0 for i, h in enumerate(inner) if i != c)

    def capture_column(self, c: int, rule: str) -> tuple[int, bool]:
        """Steps 2 and 5: take O's column ``c`` and re-sow it from P's inner hole.

        Returns the last hole sown and whether the capture won the game."""
        geo, b, p = self.geo, self.b, self.p
        o = 1 - p
        inner, outer, start = geo.inner[o][c], geo.outer[o][c], geo.inner[p][c]
        taken = b[inner] + b[outer]
        self.captures += 1
        if self.tracing:
            self.emit(
                {
                    "kind": "capture",
                    "rule": rule,
                    "player": PLAYERS[p],
                    "lap": self.lap,
                    "cell": geo.cell(start),
                    "from": [geo.cell(inner) + [b[inner]], geo.cell(outer) + [b[outer]]],
                    "count": taken,
                    "into": "sow",
                }
            )
        b[inner] = b[outer] = 0
        last = self.sow_from(start, taken)
        won = not any(b[h] for h in geo.inner[o])
        return last, won

    def run(self, kind: str, arg: int) -> KisoloState:
        self.move = (kind, arg)
        geo, b, p = self.geo, self.b, self.p
        if kind == "capture":
            last, won = self.capture_column(arg, "turn_start_capture")
            if won:
                return self.end("won", p, "inner row emptied", "inner_row_emptied")
        else:
            m = b[arg]
            if self.tracing:
                self.emit(
                    {"kind": "lift", "rule": "sow", "cell": geo.cell(arg), "count": m, "lap": 1}
                )
            b[arg] = 0
            last = self.sow_from(geo.next[arg], m)
        return self.lap_end(last)

    def lap_end(self, last: int) -> KisoloState:
        """Step 4, repeated until the turn ends, the game is won or drawn."""
        geo, b, p = self.geo, self.b, self.p
        nxt, is_inner, facing = geo.next, geo.is_inner, geo.inner[1 - p]
        n_cols = geo.columns
        seen: dict[tuple[tuple[int, ...], int, bool], int] = {}
        landing = self.landing
        while True:
            occupied = b[last] > 1
            # The hole step 4 looks at: the one after the landing hole (pussa kanawa), or
            # with relay="landing" the landing hole itself, which then must have held
            # stones before the drop to relay or capture.
            n = last if landing else nxt[last]
            then: Then
            if occupied and is_inner[n] and b[n] and b[facing[n % n_cols]]:
                then = "capture"
            elif b[n] and (occupied or not landing):
                then = "relay"
            else:
                then = "end"
            perpetual = False
            repeat_of: int | None = None
            if then != "end" and self.lap >= self.record_from:
                if self.lap == RECORD_FROM_LAP and self.record_from == RECORD_FROM_LAP:
                    # A long move on the fast path: play it again remembering every lap end.
                    return _Turn(self.state, None, self.history, record_from=1).run(*self.move)
                # Step 6: a lap end seen before in this move means the sowing cycles.
                key = (tuple(b), last, occupied)
                repeat_of = seen.get(key)
                perpetual = repeat_of is not None or self.lap >= LAP_LIMIT
                seen[key] = self.lap
            # A trace summarises skipped laps before the lap end that ends the move.
            if self.trace is not None and (
                perpetual or then == "end" or then == "capture" and self.capture_wins(n % n_cols)
            ):
                self.flush_skipped()
            if self.tracing:
                self.emit_lap_end(last, occupied, n, "perpetual" if perpetual else then)
            if perpetual:
                return self.end(
                    "draw",
                    None,
                    "perpetual sowing",
                    "perpetual_sowing",
                    lap=self.lap,
                    repeat_of_lap=repeat_of,
                )
            if then == "end":
                return self.finish()
            self.lap += 1
            if then == "capture":
                last, won = self.capture_column(n % n_cols, "mid_move_capture")
                if won:
                    return self.end("won", p, "inner row emptied", "inner_row_emptied")
            else:
                m = b[n]
                if self.tracing:
                    self.emit(
                        {
                            "kind": "lift",
                            "rule": "relay" if landing else "pussa_kanawa",
                            "cell": geo.cell(n),
                            "count": m,
                            "lap": self.lap,
                            "landing": geo.cell(last),
                        }
                    )
                b[n] = 0
                last = self.sow_from(nxt[n], m)

    def emit_lap_end(self, last: int, occupied: bool, n: int, then: Then) -> None:
        """A lap end; with pussa kanawa it also says what the next hole holds."""
        if not self.tracing:
            return
        event: LapEnd = {
            "kind": "lap_end",
            "lap": self.lap,
            "cell": self.geo.cell(last),
            "occupied": occupied,
            "then": then,
        }
        if not self.landing:
            event["next"] = self.geo.cell(n)
            event["next_count"] = self.b[n]
        self.emit(event)

    def flush_skipped(self) -> None:
        """Summarise the laps past TRACE_LAP_LIMIT in one event, then record again."""
        if self.trace is not None and self.lap > TRACE_LAP_LIMIT:
            self.trace.append(
                {
                    "kind": "laps_skipped",
                    "from_lap": TRACE_LAP_LIMIT + 1,
                    "to_lap": self.lap,
                    "board": grid(self.b, self.geo.columns),
                }
            )
        self.resumed = True

    def finish(self) -> KisoloState:
        """The turn ends and the game goes on, unless this brings a position about for
        the third time (step 7), or, with own_row_emptied="loses", the mover's own
        sowing has emptied their inner row."""
        p = self.p
        options = self.state.options
        if options["own_row_emptied"] == "loses" and not any(self.b[h] for h in self.geo.inner[p]):
            return self.end("won", 1 - p, "inner row emptied", "own_inner_row_emptied")
        state = KisoloState(self.geo.columns, self.b, 1 - p, options=options)
        if self.history is not None and options["repetition_draw"]:
            seen = self.history.get(state.key(), 0) + 1
            if seen >= REPETITION_LIMIT:  # step 7: the third occurrence is a draw
                return self.end("draw", None, "repetition", "repetition", occurrences=seen)
        state.move_stats = (self.lap, self.captures)
        if self.trace is not None:
            self.trace.append({"kind": "turn_end", "to_move": PLAYERS[1 - p]})
        return state

    def end(
        self,
        status: Literal["won", "draw"],
        winner: int | None,
        reason: str,
        rule: str,
        **details: Unpack[DrawDetails],
    ) -> KisoloState:
        """The game ends with this move."""
        state = KisoloState(
            self.geo.columns, self.b, 1 - self.p, status, winner, reason, self.state.options
        )
        state.move_stats = (self.lap, self.captures)
        if self.trace is not None:
            event: GameEnd = {
                "kind": "game_end",
                "rule": rule,
                "status": status,
                "winner": None if winner is None else PLAYERS[winner],
                "reason": reason,
            }
            # A draw's details, key by key: a TypedDict spread (**details) could hold
            # other keys as far as the type checker knows.
            if "lap" in details:
                event["lap"] = details["lap"]
            if "repeat_of_lap" in details:
                event["repeat_of_lap"] = details["repeat_of_lap"]
            if "occurrences" in details:
                event["occurrences"] = details["occurrences"]
            self.trace.append(event)
        return state
