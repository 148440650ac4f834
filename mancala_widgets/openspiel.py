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

**Draws and game length.** Kisolo's draw by repetition (RULES.md step 7: the third
occurrence of a position; rule option ``repetition_draw``) needs the game's history:
the state keeps it and hands it to the engine, as a game record does. Perpetual
sowing is the engine's. Neither bounds the length of a game usefully: repetition
caps a Kisolo game only at twice the number of positions, an astronomical number
(and not at all when switched off), and Kiothi's rules have no repetition draw (a
perpetual *move* is illegal, or a draw, but nothing ends a long game). OpenSpiel
needs a bound, so a game still going after ``max_moves`` complete moves (default
1,000, like OpenSpiel's own oware) ends as a draw: the one addition to the rules.
Random games end long before it (the longest of 3,000 random 4x7 Kisolo games took
158 moves; of 800 Kiothi games, 108). ``max_game_length`` counts actions:
``max_moves`` for Kisolo; for Kiothi two opening turns of at most ``2 + T`` actions
each, and two actions for every other move.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from .rules import KiothiState, KisoloState, State, dump_position, load_position, new_state
from .rules.common import PLAYERS, Move, Position
from .rules.game import Game, game

#: The registered OpenSpiel names, the same as the games' own names.
GAME_NAMES = ("kisolo", "kiothi")
#: A game still going after this many complete moves is a draw (see the docstring).
DEFAULT_MAX_MOVES = 1000

KIOTHI_COLS = 10
KIOTHI_BOMAS = 20
#: Kiothi's action blocks: lift from a boma, place one warrior, lift a count.
LIFT, PLACE, COUNT = 0, 20, 40


class _Node:
    """An engine state with its legal moves worked out once, as actions: ``choices``
    maps the choices made so far towards a move (a tuple of actions: empty, or the
    first lift or the boma chosen in Kiothi) to the legal actions that can follow.
    Engine states are never changed once made (``play`` returns a new one), so clones
    of an OpenSpiel state share their node instead of copying it; pickling stores the
    RULES.md position."""

    __slots__ = ("engine", "_choices")

    def __init__(self, engine: State) -> None:
        self.engine = engine
        self._choices: dict[tuple[int, ...], list[int]] | None = None

    @property
    def choices(self) -> dict[tuple[int, ...], list[int]]:
        if self._choices is None:
            self._choices = _choices(self.engine)
        return self._choices

    def __deepcopy__(self, memo: dict[int, Any]) -> _Node:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Position]]:
        return (_node_from_position, (dump_position(self.engine),))


def _choices(engine: State) -> dict[tuple[int, ...], list[int]]:
    """The engine's legal moves as actions (see the module docstring), by the choices
    that come before them."""
    out: dict[tuple[int, ...], list[int]] = {(): []}
    if isinstance(engine, KisoloState):
        n = engine.columns
        for m in engine.legal_moves():
            c = m["column"]
            out[()].append(4 * n + c if m["type"] == "capture" else m["row"] * n + c)
    elif engine.opening:  # the lift pairs, lower boma first
        for m in engine.legal_moves():
            a, b = (LIFT + r * KIOTHI_COLS + c for r, c in m["lift"])
            out.setdefault((a,), []).append(b)
            if out[()][-1:] != [a]:
                out[()].append(a)
    else:
        for m in engine.legal_moves():
            h = LIFT + m["row"] * KIOTHI_COLS + m["column"]
            if (h,) not in out:
                out[()].append(h)
                out[(h,)] = []
            out[(h,)].append(COUNT - 1 + m["count"])
    for actions in out.values():
        actions.sort()
    return out


def _node_from_position(position: Position) -> _Node:
    return _Node(load_position(position))


class _Seen(dict[Any, int]):
    """How often each position has occurred in this game (Kisolo's repetition draw).
    A clone gets its own copy; the keys are tuples, shared."""

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
                f"{rules.name}: {option} = {value!r}: expected one of "
                f"{', '.join(repr(a) for a in allowed)}"
            )
        variant[option] = value
    return variant


class MancalaGame(pyspiel.Game):
    """Kisolo or Kiothi (``name``) as an OpenSpiel game; its parameters are the variant
    options and ``max_moves``."""

    def __init__(self, name: str, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.rules = game(name)
        self.variant = variant_of(self.rules, params)
        self.max_moves = params.get("max_moves", DEFAULT_MAX_MOVES)
        if not isinstance(self.max_moves, int) or isinstance(self.max_moves, bool):
            raise ValueError(f"max_moves = {self.max_moves!r}: expected a whole number")
        if self.max_moves < 2:
            raise ValueError(f"max_moves = {self.max_moves}: expected at least 2")
        start = new_state(name, **self.variant)
        self._start = _Node(start)
        self.total = self.rules.total_pieces(**self.variant)
        if isinstance(start, KisoloState):
            self.columns = start.columns
            actions, length = 5 * self.columns, self.max_moves
            self.tensor_size = 4 * self.columns + 2
        else:
            self.columns = KIOTHI_COLS
            actions = COUNT + self.total
            length = 2 * (2 + self.total) + 2 * (self.max_moves - 2)
            self.tensor_size = 6 * KIOTHI_BOMAS + 5
        info = pyspiel.GameInfo(
            num_distinct_actions=actions,
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
    """A position of an OpenSpiel game: an engine state and, in Kiothi, the choices
    made so far towards the next move."""

    def __init__(self, mancala_game: MancalaGame) -> None:
        super().__init__(mancala_game)
        self._name = mancala_game.rules.name
        self._columns = mancala_game.columns
        self._max_moves = mancala_game.max_moves
        self._node = mancala_game._start
        #: Kiothi's choices so far: bomas lifted and warriors placed (opening), or the
        #: boma chosen to sow from (-1: none yet).
        self._lifted: tuple[int, ...] = ()
        self._placed: tuple[int, ...] = ()
        self._chosen = -1
        self._moves_played = 0
        self._capped = False
        self._seen: _Seen | None = (
            _Seen({self._node.engine.key(): 1}) if self._name == "kisolo" else None
        )
        #: The last complete move played (a RULES.md move dict), or None.
        self.last_move: Move | None = None

    # -- reading -------------------------------------------------------------------

    @property
    def engine_state(self) -> State:
        """The engine's state (the position before any choices of a move in progress)."""
        return self._node.engine

    def position(self) -> Position:
        """The RULES.md position (``dump_position`` of the engine state)."""
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
        choices = self._node.choices
        if self._name == "kisolo":
            return choices[()]
        if self._node.engine.opening:
            if len(self._lifted) < 2:
                return choices[tuple(LIFT + h for h in self._lifted)]
            low = self._placed[-1] if self._placed else 0
            return [PLACE + h for h in range(low, KIOTHI_BOMAS)]
        return choices[(LIFT + self._chosen,) if self._chosen >= 0 else ()]

    # -- playing -------------------------------------------------------------------

    def _apply_action(self, action: int) -> None:
        if action not in self._legal_actions(self.current_player()):
            raise ValueError(f"action {action} is not legal here:\n{self}")
        if self._name == "kisolo":
            n = self._columns
            move: Move = (
                {"type": "capture", "column": action - 4 * n}
                if action >= 4 * n
                else {"type": "sow", "row": action // n, "column": action % n}
            )
            self._play(move)
            return
        if self._node.engine.opening:
            if len(self._lifted) < 2:
                self._lifted += (action - LIFT,)
                return
            self._placed += (action - PLACE,)
            board = self._node.engine.board
            if len(self._placed) == sum(board[h] for h in self._lifted):
                place = [
                    [h // KIOTHI_COLS, h % KIOTHI_COLS, n] for h, n in Counter(self._placed).items()
                ]
                lift = [[h // KIOTHI_COLS, h % KIOTHI_COLS] for h in self._lifted]
                self._lifted, self._placed = (), ()
                self._play({"type": "redistribute", "lift": lift, "place": place})
            return
        if self._chosen < 0:
            self._chosen = action - LIFT
            return
        h, self._chosen = self._chosen, -1
        self._play(
            {
                "type": "sow",
                "row": h // KIOTHI_COLS,
                "column": h % KIOTHI_COLS,
                "count": action - COUNT + 1,
            }
        )

    def _play(self, move: Move) -> None:
        """A complete move, by the engine (with the game's history for repetition)."""
        after = self._node.engine.play(move, None, self._seen)
        if self._seen is not None:
            key = after.key()
            self._seen[key] = self._seen.get(key, 0) + 1
        self._node = _Node(after)
        self._moves_played += 1
        self.last_move = move
        if after.status == "playing" and self._moves_played >= self._max_moves:
            self._capped = True

    # -- strings -------------------------------------------------------------------

    def _action_to_string(self, player: int, action: int) -> str:
        if self._name == "kisolo":
            n = self._columns
            if action >= 4 * n:
                return f"capture column {action - 4 * n}"
            return f"sow ({action // n},{action % n})"
        if action < PLACE:
            return f"lift from ({action // KIOTHI_COLS},{action % KIOTHI_COLS})"
        if action < COUNT:
            h = action - PLACE
            return f"place 1 in ({h // KIOTHI_COLS},{h % KIOTHI_COLS})"
        return f"lift {action - COUNT + 1}"

    def __str__(self) -> str:
        engine = self._node.engine
        if self.is_terminal():
            if self._capped:
                result = f"draw: still going after {self._max_moves} moves"
            elif engine.winner is None:
                result = f"draw ({engine.reason})"
            else:
                result = f"{PLAYERS[engine.winner]} won ({engine.reason})"
        else:
            result = f"{PLAYERS[engine.to_move]} to move"
        head = f"{self._name}, move {self._moves_played + 1}: {result}"
        if self._name == "kisolo":
            return "\n".join([head, *self._kisolo_rows()])
        return "\n".join([head, *self._kiothi_rows()])

    def _kisolo_rows(self) -> list[str]:
        n, board = self._columns, self._node.engine.board
        names = ("north outer", "north inner", "south inner", "south outer")
        return [
            f"{names[r]:11} " + " ".join(f"{board[r * n + c]:2}" for c in range(n))
            for r in range(4)
        ]

    def _kiothi_rows(self) -> list[str]:
        e = self._node.engine
        assert isinstance(e, KiothiState)
        jails, nki, sown = e.jails, e.nki, e.sown

        def boma(h: int) -> str:
            return f"{e.board[h]:2}" + ("*" if nki[h] else "'" if sown[h] else " ")

        lines = [f"jails: south {jails[0]}, north {jails[1]}  (* nki, ' sown)"]
        for r, owner in ((0, "north"), (1, "south")):
            lines.append(f"{owner} " + " ".join(boma(r * KIOTHI_COLS + c) for c in range(10)))
        lines.extend(self._choices())
        return lines

    def _choices(self) -> list[str]:
        def cell(h: int) -> str:
            return f"({h // KIOTHI_COLS},{h % KIOTHI_COLS})"

        if self._chosen >= 0:
            return [f"sowing from {cell(self._chosen)}: how many?"]
        if not self._lifted:
            return []
        line = "lifted " + " ".join(cell(h) for h in self._lifted)
        if self._placed:
            placed = Counter(self._placed)
            line += "; placed " + " ".join(f"{n} in {cell(h)}" for h, n in placed.items())
        return [line]


class _Observer:
    """OpenSpiel's observer interface: the position as a string and a tensor, or (with
    perfect recall) the game's actions so far as a string."""

    def __init__(self, mancala_game: MancalaGame, history: bool) -> None:
        self.history = history
        self.name = mancala_game.rules.name
        if history:
            self.tensor: np.ndarray | None = None
            self.dict: dict[str, np.ndarray] = {}
        else:
            self.tensor = np.zeros(mancala_game.tensor_size, np.float32)
            self.dict = {"observation": self.tensor}

    def set_from(self, state: MancalaState, player: int) -> None:
        """Kisolo: the stones of each hole, then who moves (one-hot). Kiothi: the
        warriors, nki marks and sown marks of each boma, the two jails, who moves
        (one-hot), whether it is the opening, then the move in progress: the bomas
        lifted, warriors placed in each boma, the boma chosen to sow from."""
        if self.tensor is None:
            return
        t = self.tensor
        t.fill(0.0)
        e = state.engine_state
        playing = not state.is_terminal()
        if isinstance(e, KisoloState):
            nb = len(e.board)
            t[:nb] = e.board
            if playing:
                t[nb + e.to_move] = 1.0
            return
        t[0:20] = e.board
        t[20:40] = e.nki
        t[40:60] = e.sown
        t[60:62] = e.jails
        if playing:
            t[62 + e.to_move] = 1.0
        t[64] = 1.0 if e.opening else 0.0
        for h in state._lifted:
            t[65 + h] = 1.0
        for h in state._placed:
            t[85 + h] += 1.0
        if state._chosen >= 0:
            t[105 + state._chosen] = 1.0

    def string_from(self, state: MancalaState, player: int) -> str:
        return state.history_str() if self.history else str(state)


def move_to_actions(position: Position | State, move: Move) -> list[int]:
    """The actions that play ``move`` (a RULES.md move) in ``position``: one for
    Kisolo, a sequence for Kiothi. The move is not checked here (playing the actions
    checks each one)."""
    state = position if not isinstance(position, dict) else load_position(position)
    if state.game == "kisolo":
        n = len(state.board) // 4
        if move["type"] == "capture":
            return [4 * n + move["column"]]
        return [move["row"] * n + move["column"]]
    if move["type"] == "sow":
        return [LIFT + move["row"] * KIOTHI_COLS + move["column"], COUNT - 1 + move["count"]]
    lifted = sorted(r * KIOTHI_COLS + c for r, c in move["lift"])
    placed = sorted((r * KIOTHI_COLS + c, n) for r, c, n in move["place"])
    return [LIFT + h for h in lifted] + [PLACE + h for h, n in placed for _ in range(n)]


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
    "KiothiGame",
    "KisoloGame",
    "MancalaGame",
    "MancalaState",
    "move_to_actions",
    "parameters",
    "variant_of",
    "variants",
]
