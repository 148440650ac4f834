"""Kisolo and Kiothi as OpenSpiel games, played by this package's own rules engine.

Importing this module registers two OpenSpiel Python games, ``kisolo`` and
``kiothi``. Their parameters are the game's variants and rule options
(``Game.variants`` and ``Game.options`` in ``rules/game.py``, read when this module
is imported, so an option added there is a parameter here), each defaulting to its
first value, and ``max_moves``. OpenSpiel is an optional extra:
``pip install "mancala-widgets[openspiel]"``.

    import pyspiel
    import mancala_widgets.openspiel  # registers the games
    game = pyspiel.load_game("kiothi(start_holes=5,orthodox=false)")

The rules are the engine's: a state wraps an engine state (``rules.new_state``)
and asks it for the legal moves, plays a complete move with its ``play`` and reads
the result from its ``status`` and ``winner``. Players are 0 (South, who moves
first) and 1 (North). Returns are +1 for a win, -1 for a loss and 0 each for a draw.

**Actions.** Both games have a fixed, small action space. Cells are numbered
``row * columns + column`` in the rules' coordinates (the board as South sees it).

Kisolo on ``N`` columns (``5N`` actions: 35 on 4x7, 30 on 4x6): action ``r*N + c``
sows hole (r, c); action ``4N + c`` is the turn-start capture of column c. One
action is one move.

Kiothi (``40 + T`` actions for T warriors in all: 100, or 90 with
``start_holes=5``) has moves made of several choices, and each choice is an action
of its own by the same player:

* ``h`` (0-19) lifts from boma h (row ``h // 10``, column ``h % 10``). In the
  opening it lifts the whole boma; the two bomas of a redistribution are lifted in
  increasing order of h. From turn 3 on it chooses the boma to sow from, and a
  count follows.
* ``20 + h`` places one of the lifted warriors in boma h (opening only). Warriors
  are placed one at a time, in increasing (or equal) order of h, so every
  redistribution is exactly one sequence of actions; the move is played when the
  last lifted warrior is placed.
* ``39 + k`` (40 and up) lifts k warriors from the chosen boma and sows them.

For example South's opening ``{"type": "redistribute", "lift": [[1, 4], [1, 5]],
"place": [[1, 0, 5], [1, 1, 5]]}`` is the 12 actions 14, 15, 30, 30, 30, 30, 30, 31,
31, 31, 31, 31, and ``{"type": "sow", "row": 1, "column": 7, "count": 3}`` is 17, 42.
The player to move stays the same until the move is complete. Only choices that
can still complete a legal move are legal actions (the engine's list of legal
moves decides: a sowing that would break the first-lap restriction or never end is
not offered). :func:`move_to_actions` turns a rules move into its actions.

>>> import pyspiel
>>> state = pyspiel.load_game("kiothi").new_initial_state()
>>> for action in [14, 15] + [30] * 5 + [31] * 5:
...     state.apply_action(action)
>>> state.last_move["place"], state.current_player()
([[1, 0, 5], [1, 1, 5]], 1)
>>> move_to_actions(state.engine_state, {"type": "redistribute", "lift": [[0, 1], [0, 0]],
...                                      "place": [[0, 9, 10]]})
[0, 1, 29, 29, 29, 29, 29, 29, 29, 29, 29, 29]

**Draws and game length.** Kisolo's draw by repetition (docs/rules.md: the third
occurrence of a position; rule option ``repetition_draw``) needs the game's history:
the state keeps it and hands it to the engine, as a game record does. Perpetual
sowing is the engine's. Neither bounds the length of a game usefully: repetition
caps a Kisolo game only at twice the number of positions, an astronomical number
(and not at all when switched off), and Kiothi's rules have no repetition draw (a
perpetual *move* is illegal, or a draw, but nothing ends a long game). OpenSpiel
needs a bound, so a game still going after ``max_moves`` complete moves (default
1,000, like OpenSpiel's own oware) ends as a draw: the one addition to the rules.
Random games end long before it (the longest of 3,000 random 4x7 Kisolo games took
158 moves; of 800 Kiothi games, 92, and 108 without the first-lap restriction).
``max_game_length`` counts actions: ``max_moves`` for Kisolo; for Kiothi two opening
turns of at most ``2 + T`` actions each, and two actions for every other move.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import pyspiel

from .rules import KiothiState, State, dump_position, load_position, new_state
from .rules.common import PLAYERS, Move, Position, shown
from .rules.game import Board, Game, game

#: The registered OpenSpiel names, the same as the games' own names.
GAME_NAMES = ("kisolo", "kiothi")
#: A game still going after this many complete moves is a draw (see the docstring).
DEFAULT_MAX_MOVES = 1000


@dataclass(frozen=True)
class Encoding:
    """The actions of one variant (see the module docstring), laid out from the Game's
    facts: one action per cell, then, where the game has them, a capture per column
    (``capture_moves``), a placement per cell (``has_opening``) and a count per piece
    (``counts_lifted``). Each ``None`` where the game has no such action."""

    rules: Game
    board: Board
    #: The first action of each block: capture column 0, place in cell 0, lift 1.
    capture: int | None
    place: int | None
    count: int | None
    size: int

    @classmethod
    def of(cls, rules: Game, variant: Mapping[str, Any]) -> Encoding:
        board = rules.board(**variant)
        cells = size = board.rows * board.columns
        capture = place = count = None
        if rules.capture_moves:
            capture, size = size, size + board.columns
        if rules.has_opening:
            place, size = size, size + cells
        if rules.counts_lifted:
            count, size = size, size + rules.total_pieces(**variant)
        return cls(rules, board, capture, place, count, size)

    @property
    def columns(self) -> int:
        return self.board.columns

    @property
    def cells(self) -> int:
        return self.board.rows * self.board.columns

    def cell(self, r: int, c: int) -> int:
        return r * self.columns + c

    def rc(self, h: int) -> list[int]:
        return [h // self.columns, h % self.columns]

    def kind(self, action: int) -> tuple[str, int]:
        """("cell", h), ("capture", column), ("place", h) or ("count", k)."""
        if action < self.cells:
            return "cell", action
        if self.capture is not None and action < self.capture + self.columns:
            return "capture", action - self.capture
        if self.place is not None and action < self.place + self.cells:
            return "place", action - self.place
        assert self.count is not None, f"action {action} is out of range"
        return "count", action - self.count + 1

    def __deepcopy__(self, memo: dict[int, Any]) -> Encoding:
        return self  # fixed for the game: clones share it


@cache
def _encoding(name: str, variant: tuple[tuple[str, Any], ...]) -> Encoding:
    return Encoding.of(game(name), dict(variant))


def encoding_of(state: State) -> Encoding:
    """The action encoding of an engine state's variant."""
    rules, position = state.GAME, dump_position(state)
    return _encoding(rules.name, tuple((k, position[k]) for k in rules.variants))


class _Node:
    """An engine state with its legal moves worked out once, as actions: ``choices``
    maps the choices made so far towards a move (no action, or the first lift, or the
    boma chosen) to the legal actions that can follow. Engine states are never changed
    once made (``play`` returns a new one), so clones of an OpenSpiel state share their
    node instead of copying it; pickling stores the position (docs/rules.md)."""

    __slots__ = ("engine", "encoding", "_choices")

    def __init__(self, engine: State, encoding: Encoding) -> None:
        self.engine = engine
        self.encoding = encoding
        self._choices: dict[tuple[int, ...], list[int]] | None = None

    @property
    def choices(self) -> dict[tuple[int, ...], list[int]]:
        if self._choices is None:
            self._choices = _choices(self.engine, self.encoding)
        return self._choices

    def __deepcopy__(self, memo: dict[int, Any]) -> _Node:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Position]]:
        return (_node_from_position, (dump_position(self.engine),))


def _node_from_position(position: Position) -> _Node:
    engine = load_position(position)
    return _Node(engine, encoding_of(engine))


def _choices(engine: State, enc: Encoding) -> dict[tuple[int, ...], list[int]]:
    """The engine's legal moves as actions, by the choices that come before them."""
    out: dict[tuple[int, ...], set[int]] = {(): set()}
    for move in engine.legal_moves():
        if move["type"] == "redistribute":  # the opening's lift pairs, without placements
            first, *rest = sorted(enc.cell(r, c) for r, c in move["lift"])
        else:  # one action, or a boma and a count
            first, *rest = move_to_actions(engine, move, enc)
        out[()].add(first)
        if rest:
            out.setdefault((first,), set()).add(rest[0])
    return {prefix: sorted(actions) for prefix, actions in out.items()}


class _Seen(dict[Any, int]):
    """How often each position has occurred in this game (the repetition draw). A clone
    gets its own copy; the keys are tuples, shared."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Seen:
        return _Seen(self)


def parameters(rules: Game) -> dict[str, tuple[Any, ...]]:
    """Every choice a Game offers, each with its allowed values (the default first): its
    variants (board size, pieces) and its rule options (``Game.options``)."""
    return {**rules.variants, **rules.options}


def _game_type(name: str) -> pyspiel.GameType:
    spec: dict[str, Any] = {k: v[0] for k, v in parameters(game(name)).items()}
    spec["max_moves"] = DEFAULT_MAX_MOVES
    return pyspiel.GameType(
        short_name=name,
        long_name=f"{name.capitalize()} (mancala-widgets)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec,
    )


def variant_of(rules: Game, params: Mapping[str, Any]) -> dict[str, Any]:
    """The variant and rule options among OpenSpiel ``params``, each checked against
    the values the Game allows (an exact type and an allowed value)."""
    variant: dict[str, Any] = {}
    for option, allowed in parameters(rules).items():
        value = params.get(option, allowed[0])
        if not any(value == a and type(value) is type(a) for a in allowed):
            raise ValueError(
                f"{rules.name}: {option} = {shown(value)}: expected one of "
                f"{', '.join(repr(a) for a in allowed)}"
            )
        variant[option] = value
    return variant


class MancalaGame(pyspiel.Game):
    """Kisolo or Kiothi (``name``) as an OpenSpiel game; its parameters are the game's
    variants and rule options, and ``max_moves``."""

    def __init__(self, name: str, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.rules = game(name)
        self.variant = variant_of(self.rules, params)
        self.max_moves = params.get("max_moves", DEFAULT_MAX_MOVES)
        if not isinstance(self.max_moves, int) or isinstance(self.max_moves, bool):
            raise ValueError(f"max_moves = {shown(self.max_moves)}: expected a whole number")
        if self.max_moves < 2:
            raise ValueError(f"max_moves = {self.max_moves}: expected at least 2")
        start = new_state(name, **self.variant)
        self.encoding = enc = encoding_of(start)
        self._start = _Node(start, enc)
        #: At most this many actions a move: one, two (a boma and a count), or for an
        #: opening turn two lifts and a placement per piece.
        per_move = 1 + (enc.count is not None)
        length = per_move * self.max_moves
        if enc.place is not None:
            pieces = self.rules.total_pieces(**self.variant)
            length = 2 * (2 + pieces) + per_move * (self.max_moves - 2)
        self.segments = _segments(enc)
        info = pyspiel.GameInfo(
            num_distinct_actions=enc.size,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=length,
        )
        super().__init__(_game_type(name), info, {**self.variant, "max_moves": self.max_moves})

    def new_initial_state(self, *args: Any) -> MancalaState:
        if args and args[0]:
            raise ValueError("a starting state from JSON is not supported: use load_position")
        return MancalaState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> _Observer:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return _Observer(self, history=perfect_recall)


class KisoloGame(MancalaGame):
    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__("kisolo", params)


class KiothiGame(MancalaGame):
    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__("kiothi", params)


class MancalaState(pyspiel.State):
    """A position of an OpenSpiel game: an engine state and the choices made so far
    towards the next move (Kiothi's moves take several actions)."""

    def __init__(self, mancala_game: MancalaGame) -> None:
        super().__init__(mancala_game)
        self._enc = mancala_game.encoding
        self._max_moves = mancala_game.max_moves
        self._node = mancala_game._start
        #: The move in progress: the lifts of an opening, or the boma chosen to sow
        #: from, and the cells where an opening has placed pieces so far.
        self._prefix: tuple[int, ...] = ()
        self._placed: tuple[int, ...] = ()
        self._moves_played = 0
        self._capped = False
        draws = mancala_game.rules.end_reasons.get("draw", ())
        self._seen: _Seen | None = (
            _Seen({self._node.engine.key(): 1}) if "repetition" in draws else None
        )
        #: The last complete move played (a move dict of docs/rules.md), or None.
        self.last_move: Move | None = None

    # -- reading -------------------------------------------------------------------

    @property
    def engine_state(self) -> State:
        """The engine's state (the position before any choices of a move in progress)."""
        return self._node.engine

    def position(self) -> Position:
        """The position of docs/rules.md (``dump_position`` of the engine state)."""
        return dump_position(self._node.engine)

    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return self._node.engine.to_move

    def is_terminal(self) -> bool:
        return self._capped or self._node.engine.status != "playing"

    def returns(self) -> list[float]:
        winner = self._node.engine.winner
        if self._capped or winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if winner == 0 else [-1.0, 1.0]

    # -- legal actions ---------------------------------------------------------------

    def _legal_actions(self, player: int) -> list[int]:
        if self.is_terminal():
            return []
        if len(self._prefix) == 2:  # an opening's lifts are made: place the pieces
            place = self._enc.place
            assert place is not None
            low = self._placed[-1] if self._placed else 0
            return list(range(place + low, place + self._enc.cells))
        return self._node.choices[self._prefix]

    # -- playing -------------------------------------------------------------------

    def _apply_action(self, action: int) -> None:
        if action not in self._legal_actions(self.current_player()):
            raise ValueError(f"action {action} is not legal here:\n{self}")
        enc, engine = self._enc, self._node.engine
        kind, value = enc.kind(action)
        if kind == "capture":
            self._play({"type": "capture", "column": value})
        elif kind == "place":
            self._placed += (value,)
            if len(self._placed) == sum(engine.board[h] for h in self._prefix):
                place = [[*enc.rc(h), n] for h, n in Counter(self._placed).items()]
                lift = [enc.rc(h) for h in self._prefix]
                self._play({"type": "redistribute", "lift": lift, "place": place})
        elif kind == "count":
            self._play(enc.rules.sow_move(enc.rc(self._prefix[0]), value))
        elif engine.opening or enc.count is not None:
            self._prefix += (value,)  # a lift of the opening, or the boma to sow from
        else:
            self._play(enc.rules.sow_move(enc.rc(value)))

    def _play(self, move: Move) -> None:
        """A complete move, by the engine (with the game's history for repetition)."""
        after = self._node.engine.play(move, None, self._seen)
        if self._seen is not None:
            key = after.key()
            self._seen[key] = self._seen.get(key, 0) + 1
        self._node = _Node(after, self._enc)
        self._prefix, self._placed = (), ()
        self._moves_played += 1
        self.last_move = move
        if after.status == "playing" and self._moves_played >= self._max_moves:
            self._capped = True

    # -- strings -------------------------------------------------------------------

    def _action_to_string(self, player: int, action: int) -> str:
        enc = self._enc
        kind, value = enc.kind(action)
        if kind == "capture":
            return f"capture column {value}"
        if kind == "count":
            return f"lift {value}"
        r, c = enc.rc(value)
        if kind == "place":
            return f"place 1 in ({r},{c})"
        lifts = enc.rules.has_opening or enc.count is not None
        return f"lift from ({r},{c})" if lifts else f"sow ({r},{c})"

    def __str__(self) -> str:
        engine, rules = self._node.engine, self._enc.rules
        if self.is_terminal():
            if self._capped:
                result = f"draw: still going after {self._max_moves} moves"
            elif engine.winner is None:
                result = f"draw ({engine.reason})"
            else:
                result = f"{PLAYERS[engine.winner]} won ({engine.reason})"
        else:
            result = f"{PLAYERS[engine.to_move]} to move"
        lines = [f"{rules.name}, move {self._moves_played + 1}: {result}"]
        board = self._enc.board
        marks = rules.has_nki
        if marks:
            assert isinstance(engine, KiothiState)
            nki, sown = engine.nki, engine.sown
            lines.append(
                f"jails: south {engine.jails[0]}, north {engine.jails[1]}  (* nki, ' sown)"
            )
        for r in range(board.rows):
            label = f"{board.row_owner[r]} {board.row_kind[r]}".strip()
            cells = []
            for c in range(board.columns):
                h = self._enc.cell(r, c)
                mark = ("*" if nki[h] else "'" if sown[h] else " ") if marks else ""
                cells.append(f"{engine.board[h]:2}{mark}")
            lines.append(f"{label:11} " + " ".join(cells))
        lines.extend(self._in_progress())
        return "\n".join(lines)

    def _in_progress(self) -> list[str]:
        def cell(h: int) -> str:
            return "({},{})".format(*self._enc.rc(h))

        if not self._prefix:
            return []
        if not self._node.engine.opening:
            return [f"sowing from {cell(self._prefix[0])}: how many?"]
        line = "lifted " + " ".join(cell(h) for h in self._prefix)
        if self._placed:
            placed = Counter(self._placed)
            line += "; placed " + " ".join(f"{n} in {cell(h)}" for h, n in placed.items())
        return [line]


def _segments(enc: Encoding) -> list[tuple[str, int]]:
    """The parts of the observation tensor, in order, with their sizes."""
    rules, cells = enc.rules, enc.cells
    parts = [("board", cells)]
    if rules.has_nki:
        parts += [("nki", cells), ("sown", cells)]
    if rules.has_jails:
        parts.append(("jails", 2))
    parts.append(("to_move", 2))
    if rules.has_opening:
        parts += [("opening", 1), ("lifted", cells), ("placed", cells)]
    if enc.count is not None:
        parts.append(("chosen", cells))
    return parts


class _Observer:
    """OpenSpiel's observer interface: the position as a string and a tensor, or (with
    perfect recall) the game's actions so far as a string.

    The tensor is the concatenation of these parts (``dict`` has a view of each): the
    pieces in each cell; where the game has them, the nki and sown marks of each cell
    and the two jails; who moves (one-hot, all zero once the game is over); for a game
    with an opening, whether it is still on and the move in progress (cells lifted,
    pieces placed in each cell); the cell chosen to sow from (one-hot)."""

    def __init__(self, mancala_game: MancalaGame, history: bool) -> None:
        self.history = history
        self.tensor: np.ndarray | None = None
        self.dict: dict[str, np.ndarray] = {}
        if history:
            return
        parts = mancala_game.segments
        self.tensor = np.zeros(sum(n for _, n in parts), np.float32)
        start = 0
        for name, n in parts:
            self.dict[name] = self.tensor[start : start + n]
            start += n

    def set_from(self, state: MancalaState, player: int) -> None:
        if self.tensor is None:
            return
        self.tensor.fill(0.0)
        views, e = self.dict, state.engine_state
        views["board"][:] = e.board
        if "nki" in views:
            assert isinstance(e, KiothiState)
            views["nki"][:] = e.nki
            views["sown"][:] = e.sown
            views["jails"][:] = e.jails
        if not state.is_terminal():
            views["to_move"][e.to_move] = 1.0
        if "opening" in views:
            views["opening"][0] = float(e.opening)
            if e.opening:
                for h in state._prefix:
                    views["lifted"][h] = 1.0
                for h in state._placed:
                    views["placed"][h] += 1.0
        if "chosen" in views and state._prefix and not e.opening:
            views["chosen"][state._prefix[0]] = 1.0

    def string_from(self, state: MancalaState, player: int) -> str:
        return state.history_str() if self.history else str(state)


def move_to_actions(
    position: Position | State, move: Move, encoding: Encoding | None = None
) -> list[int]:
    """The actions that play ``move`` (a move of docs/rules.md) in ``position``: one for
    Kisolo, a sequence for Kiothi. The move is not checked here (playing the actions
    checks each one)."""
    state = load_position(position) if isinstance(position, dict) else position
    enc = encoding or encoding_of(state)
    kind = move["type"]
    if kind == "capture":
        assert enc.capture is not None
        return [enc.capture + move["column"]]
    if kind == "sow":
        h = enc.cell(move["row"], move["column"])
        return [h] if enc.count is None else [h, enc.count + move["count"] - 1]
    assert enc.place is not None
    lifted = sorted(enc.cell(r, c) for r, c in move["lift"])
    placed = sorted((enc.cell(r, c), n) for r, c, n in move["place"])
    return lifted + [enc.place + h for h, n in placed for _ in range(n)]


def variants(name: str) -> list[dict[str, Any]]:
    """Every combination of ``name``'s variant and rule option values, as OpenSpiel
    parameters."""
    options = parameters(game(name))
    return [
        dict(zip(options, values, strict=True)) for values in itertools.product(*options.values())
    ]


def _register() -> None:
    registered = set(pyspiel.registered_names())
    for name, cls in (("kisolo", KisoloGame), ("kiothi", KiothiGame)):
        if name not in registered:  # importing twice (a reload) registers once
            pyspiel.register_game(_game_type(name), cls)


_register()

__all__ = [
    "DEFAULT_MAX_MOVES",
    "GAME_NAMES",
    "Encoding",
    "KiothiGame",
    "KisoloGame",
    "MancalaGame",
    "MancalaState",
    "encoding_of",
    "move_to_actions",
    "parameters",
    "variant_of",
    "variants",
]
