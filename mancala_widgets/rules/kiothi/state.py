"""A Kiothi position: its JSON, its legal moves and the end of the game (docs/rules.md,
"Kiothi"). A sowing is played by ``sowing.py`` and its trace written by ``trace.py``; an
opening move is checked and played by ``opening.py``.

>>> s = KiothiState.initial()
>>> len(s.legal_moves())          # the opening: pairs of bomas to lift
15
>>> s = s.play({"type": "redistribute", "lift": [[1, 4], [1, 5]],
...             "place": [[1, 0, 5], [1, 1, 5]]})
>>> s.to_dict()["board"][1]
[5, 5, 0, 0, 0, 0, 5, 5, 5, 5]
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from itertools import combinations
from typing import Any, Final, Literal

from ..common import (
    LAP_LIMIT,
    MAX_PIECES,
    MAX_TURN,
    NORTH,
    PLAYERS,
    SOUTH,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    Move,
    Position,
    check_bool,
    check_cell,
    check_dict,
    check_grid,
    check_int,
    check_result_fields,
    grid,
    is_int,
    player_index,
    shown,
)
from ..events import Cell, Event, GameEnd, Sweep
from ..game import KIOTHI, Options
from .board import (
    CIRCUIT_TABLES,
    COLS,
    CROWDED,
    EMPTY_AT_START,
    OPPOSITE,
    OWN_BOMAS,
    OWN_FROM_LEFT,
    OWN_ROW,
    OWNER,
    ROWS,
    SIZE,
    START_HOLES_CHOICES,
    WARRIORS_PER_BOMA,
    cell,
    empty_at_start,
)
from .opening import Redistribution, parse_redistribution, redistribute
from .sowing import (
    FORBIDDEN,
    LONG,
    MOST,
    Circuit,
    Log,
    Rules,
    Sown,
    can_move,
    sow,
    sowings,
)
from .trace import trace_events

STATUSES = {"playing": (), "won": ("no legal move",), "draw": ("equal jails",)}
#: With the rule option perpetual="draw", a perpetual move draws the game.
STATUSES_PERPETUAL_DRAW = {**STATUSES, "draw": ("equal jails", "perpetual sowing")}
#: The rule options (rules/game.py), all at docs/rules.md's own reading.
DEFAULT_OPTIONS = KIOTHI.check_options({}, InvalidPositionError)
POSITION_FIELDS = (
    "game",
    "start_holes",
    "orthodox",
    "to_move",
    "turn",
    "board",
    "nki",
    "sown",
    "jails",
    "status",
    "winner",
    "reason",
)


#: What makes two positions "the same": everything but the variant and the turn number.
Key = tuple[tuple[int, ...], tuple[bool, ...], tuple[bool, ...], tuple[int, ...], int, bool]
#: A checked move: a sowing (boma, count) or a redistribution (lifted, placed).
Parsed = tuple[Literal["sow"], int, int] | Redistribution


class KiothiState:
    """One Kiothi position. Immutable in use: :meth:`play` returns a new state."""

    game: Final = "kiothi"
    GAME: Final = KIOTHI  # the game's fixed facts (rules/game.py)
    __slots__ = (
        "start_holes",
        "orthodox",
        "to_move",
        "turn",
        "board",
        "nki",
        "sown",
        "jails",
        "status",
        "winner",
        "reason",
        "options",
        "move_stats",
        "circuit",
        "rules",
        "_legal",
    )

    def __init__(
        self,
        start_holes: int,
        orthodox: bool,
        to_move: int,
        turn: int,
        board: list[int],
        nki: list[bool],
        sown: list[bool],
        jails: list[int],
        status: str = "playing",
        winner: int | None = None,
        reason: str | None = None,
        options: Options = DEFAULT_OPTIONS,
        tables: Circuit = CIRCUIT_TABLES,
        rules: Rules | None = None,
    ) -> None:
        self.start_holes = start_holes
        self.orthodox = orthodox
        self.to_move = to_move
        self.turn = turn
        self.board = board
        self.nki = nki
        self.sown = sown
        self.jails = jails  # [south, north]
        self.status = status
        self.winner = winner
        self.reason = reason
        #: The rule options (rules/game.py): docs/rules.md's readings unless a variant says.
        self.options = options
        #: (laps, captures) of the move that led here, for simulations
        self.move_stats: tuple[int, int] | None = None
        #: The sowing loop's tables: CROWDED for a board with more warriors than a game has.
        self.circuit = tables
        self._legal: list[int] | None = None  # legal_actions(), once worked out
        #: The rule readings the sowing loop depends on.
        self.rules = rules or Rules(
            orthodox, options["nki_release"] == "drop", options["perpetual"] == "draw"
        )

    # -- construction and JSON ------------------------------------------------

    @classmethod
    def initial(cls, start_holes: int = 6, orthodox: bool = True, **options: Any) -> KiothiState:
        E = InvalidPositionError
        if not is_int(start_holes) or start_holes not in START_HOLES_CHOICES:
            raise E(
                f"start_holes = {shown(start_holes)}: expected 6 (30 warriors a side) or 5 (25)"
            )
        check_bool(orthodox, "orthodox", E)
        rules = KIOTHI.check_options(options, E)
        empty = empty_at_start(start_holes)
        board = [0 if empty[h] else WARRIORS_PER_BOMA for h in range(SIZE)]
        no_marks = [False] * SIZE
        return cls(
            start_holes, orthodox, SOUTH, 1, board, no_marks, no_marks[:], [0, 0], options=rules
        )

    @classmethod
    def from_dict(cls, d: Any) -> KiothiState:
        E = InvalidPositionError
        check_dict(d, "Kiothi position", E, POSITION_FIELDS, KIOTHI.options)
        if d["game"] != "kiothi":
            raise E(f"game = {shown(d['game'])}: expected 'kiothi'")
        options = KIOTHI.check_options({k: d[k] for k in KIOTHI.options if k in d}, E)
        start_holes = d["start_holes"]
        if not is_int(start_holes) or start_holes not in START_HOLES_CHOICES:
            raise E(f"start_holes = {shown(start_holes)}: expected 6 or 5")
        orthodox = check_bool(d["orthodox"], "orthodox", E)
        to_move = player_index(d["to_move"], "to_move", E)
        turn = check_int(d["turn"], "turn", E, 1, MAX_TURN)
        if turn <= 2 and to_move != turn - 1:
            raise E(
                f"to_move = {shown(d['to_move'])}: turn {turn} of the opening is "
                f"{PLAYERS[turn - 1]}'s (turn 1 is South's, turn 2 is North's)"
            )
        board = check_grid(
            d["board"], "board", ROWS, COLS, lambda v, f: check_int(v, f, E, 0, MAX_PIECES), E
        )
        nki = check_grid(d["nki"], "nki", ROWS, COLS, lambda v, f: check_bool(v, f, E), E)
        sown = check_grid(d["sown"], "sown", ROWS, COLS, lambda v, f: check_bool(v, f, E), E)
        check_dict(d["jails"], "jails", E, PLAYERS)
        jails = [check_int(d["jails"][p], f"jails.{p}", E, 0, MAX_PIECES) for p in PLAYERS]
        perpetual_draws = options["perpetual"] == "draw"
        statuses = STATUSES_PERPETUAL_DRAW if perpetual_draws else STATUSES
        status, winner, reason = check_result_fields(d, statuses, E)
        # With nki_marking="after_each", South's bomas are marked after turn 1.
        marked_early = options["nki_marking"] == "after_each" and turn == 2
        if turn <= 2:
            for name, marks in (("nki", nki), ("sown", sown)):
                if any(marks) and not (name == "nki" and marked_early):
                    h = marks.index(True)
                    raise E(
                        f"{name}[{h // COLS}][{h % COLS}] = true: no boma is {name} before "
                        f"the opening ends, but turn = {turn}"
                    )
        state = cls(
            start_holes,
            orthodox,
            to_move,
            turn,
            board,
            nki,
            sown,
            jails,
            status,
            winner,
            reason,
            options,
            CIRCUIT_TABLES if sum(board) <= MOST else CROWDED,
        )
        if reason == "perpetual sowing":
            pass  # the game stopped mid-sowing: the board is as the move left it
        elif status == "playing":
            if not state.has_legal_move(to_move):
                raise E(
                    f"to_move = {shown(d['to_move'])} has no legal move, so the position cannot "
                    "still be 'playing' (the game ends when the player to move cannot move)"
                )
        else:
            if any(board):
                raise E(
                    "board: a finished Kiothi game has every warrior in a jail, but the "
                    f"board still holds {sum(board)}"
                )
            expected = _result_of(jails)
            if (status, winner) != expected[:2]:
                raise E(
                    f"status = {shown(status)}, winner = {shown(d['winner'])}: the jails "
                    f"{jails[0]}-{jails[1]} give {shown(expected[0])}"
                    + (f" for {PLAYERS[expected[1]]}" if expected[1] is not None else "")
                )
        return state

    def to_dict(self) -> Position:
        return {
            "game": "kiothi",
            "start_holes": self.start_holes,
            "orthodox": self.orthodox,
            "to_move": PLAYERS[self.to_move],
            "turn": self.turn,
            "board": grid(self.board, COLS),
            "nki": grid(self.nki, COLS),
            "sown": grid(self.sown, COLS),
            "jails": {"south": self.jails[0], "north": self.jails[1]},
            "status": self.status,
            "winner": None if self.winner is None else PLAYERS[self.winner],
            "reason": self.reason,
            **KIOTHI.changed_options(self.options),
        }

    def key(self) -> Key:
        return (
            tuple(self.board),
            tuple(self.nki),
            tuple(self.sown),
            tuple(self.jails),
            self.to_move,
            self.turn > 2,
        )

    @property
    def opening(self) -> bool:
        """Turns 1 and 2 are the opening redistribution."""
        return self.turn <= 2

    def holdings(self, p: int) -> int:
        """What player ``p`` holds: the warriors in their jail."""
        return self.jails[p]

    def forced_capture(self) -> bool:
        """Kiothi never forces a capture."""
        return False

    # -- the board's cells (rules/state.py) ---------------------------------------

    def own_cells(self, p: int) -> list[int]:
        """Player ``p``'s bomas, from their own left."""
        return OWN_FROM_LEFT[p]

    def protected(self) -> list[bool]:
        """The nki marks: a capture may not take an nki boma."""
        return self.nki

    def facing(self) -> list[int]:
        """The boma facing each boma."""
        return OPPOSITE

    def cell(self, h: int) -> Cell:
        return cell(h)

    def index(self, row: int, column: int) -> int:
        return row * COLS + column

    # -- legal moves ------------------------------------------------------------

    def lift_pairs(self, p: int) -> list[tuple[int, int]]:
        bomas = sorted(h for h in OWN_BOMAS[p] if self.board[h])
        return list(combinations(bomas, 2))

    def legal_moves(self) -> list[Move]:
        if self.status != "playing":
            return []
        if self.opening:
            return [
                {"type": "redistribute", "lift": [cell(a), cell(b)]}
                for a, b in self.lift_pairs(self.to_move)
            ]
        return [self.action_move(a) for a in self._legal_actions()]

    def successors(self) -> list[tuple[Move, KiothiState]]:
        """Every legal sowing move with the position after it, each simulated once
        (for search; the opening's moves are too many to list)."""
        return [(self.action_move(a), self.apply_action(a)) for a in self.legal_actions()]

    # -- integer actions: the fast path for search and playouts -------------------
    #
    # Lifting k warriors from boma h (index r * 10 + c) is action (k - 1) * 20 + h. The
    # opening's redistributions are moves with placements: they have no actions.

    def legal_actions(self) -> list[int]:
        """The legal sowings as actions (see above), in the order of :meth:`legal_moves`."""
        if self.status != "playing":
            return []
        if self.opening:
            raise ValueError(
                "the opening's redistributions have no actions: use legal_moves() and play()"
            )
        return self._legal_actions()[:]

    def _legal_actions(self) -> list[int]:
        """The legal sowings (turns 3 on), worked out once (not to be changed)."""
        if self._legal is None:
            self._legal = sowings(self.circuit, self.board, self.to_move, self.rules)
        return self._legal

    def apply_action(self, action: int) -> KiothiState:
        """The position after ``action``, which must be one of :meth:`legal_actions`
        (unchecked: use :meth:`play` for a move from outside)."""
        h, k = action % SIZE, action // SIZE + 1
        played = self._sow(h, k, None)
        assert not isinstance(played, str), "apply_action takes a legal action"
        return self._after_sowing(played, None)

    def _sow(self, h: int, k: int, log: Log | None) -> Sown | str:
        """The sowing of ``k`` from boma ``h`` played by the one loop (rules/kiothi/sowing.py)."""
        marks = (self.nki, self.sown, EMPTY_AT_START[self.start_holes])
        c, rules, p = self.circuit, self.rules, self.to_move
        played = sow(c, rules, p, h, k, self.board, marks, log)
        if played == LONG:  # a long relay: again, remembering every lap end
            played = sow(c, rules, p, h, k, self.board, marks, remember=True)
        return played

    def action_move(self, action: int) -> Move:
        """The move dict of ``action``."""
        h = action % SIZE
        return {"type": "sow", "row": h // COLS, "column": h % COLS, "count": action // SIZE + 1}

    def move_action(self, move: object) -> int:
        """The action of a legal sowing ``move`` (checked like :meth:`play` checks it)."""
        parsed = self.parse_move(move)
        if parsed[0] != "sow":
            raise ValueError("the opening's redistributions have no actions")
        return (parsed[2] - 1) * SIZE + parsed[1]

    def _next(
        self, board: list[int], nki: list[bool], sown: list[bool], jails: list[int]
    ) -> KiothiState:
        """The position the next player moves in, with this game's variant and tables."""
        return KiothiState(
            self.start_holes,
            self.orthodox,
            1 - self.to_move,
            self.turn + 1,
            board,
            nki,
            sown,
            jails,
            options=self.options,
            tables=self.circuit,
            rules=self.rules,
        )

    def _after_sowing(self, played: Sown, trace: list[Event] | None) -> KiothiState:
        """The position after a legal sowing: the game goes on, ends because the next
        player cannot move, or (perpetual="draw") ends in a draw by perpetual sowing."""
        board, nki, sown, jailed, laps, captures, ending, repeat = played
        jails = self.jails[:]
        jails[self.to_move] += jailed
        after = self._next(board, nki, sown, jails)
        after.move_stats = (laps, captures)
        if ending is None:
            return after.end_if_stuck(trace)
        after.status, after.reason = "draw", "perpetual sowing"
        if trace is not None:
            end: GameEnd = {
                "kind": "game_end",
                "rule": "perpetual_sowing",
                "status": "draw",
                "winner": None,
                "reason": "perpetual sowing",
                "lap": laps,
            }
            if repeat is not None:
                end["repeat_of_lap"] = repeat
            trace.append(end)
        return after

    def has_legal_move(self, p: int) -> bool:
        """Could player ``p`` move on this board (in this phase)? Stops at the first."""
        if self.opening:
            return sum(1 for h in OWN_BOMAS[p] if self.board[h]) >= 2
        if can_move(self.circuit, self.board, p):
            return True
        if p == self.to_move:
            return bool(self._legal_actions())
        return bool(sowings(self.circuit, self.board, p, self.rules))

    def _legal_action(self, move: object) -> int | None:
        """The action of ``move`` if it is plainly one of :meth:`legal_actions` (exactly
        the fields of a sowing, whole numbers on the board), else None: a quick way in for
        the moves programs play, which :meth:`parse_move` then need not explain."""
        if type(move) is not dict or len(move) != 4 or move.get("type") != "sow":
            return None
        if self.status != "playing" or self.opening:
            return None
        r, c, k = move.get("row"), move.get("column"), move.get("count")
        if type(r) is not int or type(c) is not int or type(k) is not int:
            return None
        if not (0 <= r < ROWS and 0 <= c < COLS and 1 <= k <= self.board[r * COLS + c]):
            return None
        action = (k - 1) * SIZE + r * COLS + c
        return action if action in self._legal_actions() else None

    def parse_move(self, move: object) -> Parsed:
        if self.status != "playing":
            raise GameOverError(
                f"the game is over ({self.status}, {self.reason}); no more moves can be played"
            )
        E = InvalidMoveError
        if not isinstance(move, dict):
            raise E(f"move: expected a JSON object (dict), got {type(move).__name__}")
        kind = move.get("type")
        if kind == "redistribute":
            check_dict(move, "redistribute move", E, ("type", "lift", "place"))
            return parse_redistribution(move, self.board, self.to_move, self.turn)
        if kind == "sow":
            check_dict(move, "sow move", E, ("type", "row", "column", "count"))
            r, c = check_cell((move["row"], move["column"]), "row/column", ROWS, COLS, E)
            k = check_int(move["count"], "count", E, 1)
            if self.opening:
                raise IllegalMoveError(
                    f"turn {self.turn} is an opening turn: the move must be a "
                    "redistribution, not a sowing",
                    rule="opening_redistribution",
                )
            h, p = r * COLS + c, self.to_move
            if OWNER[h] != p:
                raise IllegalMoveError(
                    f"boma ({r},{c}) is {PLAYERS[1 - p]}'s; {PLAYERS[p]} "
                    f"sows only from row {OWN_ROW[p]}",
                    rule="own_bomas",
                )
            if self.board[h] < k:
                raise IllegalMoveError(
                    f"count = {k}: boma ({r},{c}) holds only {self.board[h]} warriors",
                    rule="partial_lifting",
                )
            return ("sow", h, k)
        raise E(f"type = {shown(kind)}: expected 'redistribute' or 'sow' for Kiothi")

    # -- playing a move ---------------------------------------------------------

    def play(
        self,
        move: Move,
        trace: list[Event] | None = None,
        history: Mapping[Hashable, int] | None = None,
    ) -> KiothiState:
        """The position after ``move``; appends the move's events to ``trace``.
        (``history`` is accepted like Kisolo's; Kiothi has no draw by repetition.)"""
        p = self.to_move
        action = self._legal_action(move)
        if action is not None:  # plainly legal
            parsed: Parsed = ("sow", action % SIZE, action // SIZE + 1)
        else:  # checked in full, to say what is wrong
            parsed = self.parse_move(move)
        if parsed[0] == "sow":
            h, k = parsed[1], parsed[2]
            log = None if trace is None else Log()
            played = self._sow(h, k, log)
            if played == FORBIDDEN:
                landing = cell(self.circuit.laps[h][k][-1])
                raise IllegalMoveError(
                    f"lifting {k} from boma {cell(h)} would end the first lap in "
                    f"{PLAYERS[p]}'s own occupied boma {landing}, which the "
                    "orthodox first-lap restriction forbids",
                    rule="first_lap_restriction",
                    cell=landing,
                )
            assert not isinstance(played, str)
            if played[6] and not self.rules.perpetual_draws:
                why = (
                    f"is still going after {LAP_LIMIT:,} laps"
                    if played[7] is None
                    else "comes back to a lap end seen before"
                )
                raise IllegalMoveError(
                    f"lifting {k} from boma {cell(h)} starts a relay that {why}, so it "
                    "would never end: a perpetual move is not allowed",
                    rule="perpetual_sowing",
                )
            if trace is not None and log is not None:
                trace.extend(
                    trace_events(self, self.start_holes, self.circuit.laps, h, k, log, played)
                )
            return self._after_sowing(played, trace)
        board, nki = redistribute(self, self.nki, self.turn, parsed[1], parsed[2], trace)
        return self._next(board, nki, self.sown[:], self.jails[:]).end_if_stuck(trace)

    def end_if_stuck(self, trace: list[Event] | None) -> KiothiState:
        """docs/rules.md, "Kiothi: the end of the game": the player to move cannot move."""
        q = self.to_move
        if self.has_legal_move(q):
            if trace is not None:
                trace.append({"kind": "turn_end", "to_move": PLAYERS[q]})
            return self
        other_can = self.has_legal_move(1 - q)
        sweep: list[Sweep] = []
        for h in range(SIZE):
            if self.board[h]:
                to = (1 - q) if other_can else OWNER[h]
                sweep.append({"cell": cell(h), "count": self.board[h], "jail": PLAYERS[to]})
                self.jails[to] += self.board[h]
                self.board[h] = 0
        status, winner, reason, margin = _result_of(self.jails)
        self.status, self.winner, self.reason = status, winner, reason
        if trace is not None:
            trace.append(
                {
                    "kind": "game_end",
                    "rule": "no_legal_move",
                    "stuck": PLAYERS[q],
                    "sweep": sweep,
                    "jails": {"south": self.jails[0], "north": self.jails[1]},
                    "status": status,
                    "winner": None if winner is None else PLAYERS[winner],
                    "reason": reason,
                    "margin": margin,
                    "one_warrior_victory": margin == 2,
                }
            )
        return self


def _result_of(jails: Sequence[int]) -> tuple[Literal["won", "draw"], int | None, str, int]:
    """(status, winner, reason, margin) of a finished game with these jails."""
    s, n = jails
    if s == n:
        return "draw", None, "equal jails", 0
    return "won", (SOUTH if s > n else NORTH), "no legal move", abs(s - n)
