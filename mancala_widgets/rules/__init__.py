"""The JSON interface of the rules (docs/rules.md), for both games.

>>> p = initial_position("kisolo", columns=6)
>>> legal_moves(p)[0]
{'type': 'capture', 'column': 0}
>>> after = apply_move(p, {"type": "capture", "column": 0})
>>> after["to_move"], p["to_move"]       # the input is untouched
('north', 'south')
>>> after, trace = play(p, {"type": "capture", "column": 0})
>>> trace[0]["kind"], trace[0]["rule"]
('capture', 'turn_start_capture')
"""

from __future__ import annotations

from typing import Any

from .common import (
    LAP_LIMIT,
    MAX_PIECES,
    PLAYERS,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    InvalidRecordError,
    MalformedError,
    Move,
    Position,
    is_int,
    shown,
)
from .events import Event
from .game import game as game_facts
from .kiothi import KiothiState
from .kisolo import KisoloState
from .state import CaptureMove, RedistributeMove, SowMove, State, TypedMove

GAMES: dict[str, type[KisoloState] | type[KiothiState]] = {
    "kisolo": KisoloState,
    "kiothi": KiothiState,
}

__all__ = [
    "GAMES",
    "LAP_LIMIT",
    "PLAYERS",
    "GameOverError",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidPositionError",
    "InvalidRecordError",
    "KiothiState",
    "KisoloState",
    "MalformedError",
    "Move",
    "Position",
    "CaptureMove",
    "RedistributeMove",
    "SowMove",
    "State",
    "TypedMove",
    "apply_move",
    "dump_position",
    "initial_position",
    "legal_moves",
    "load_position",
    "play",
]


def initial_position(game: str, **variant: Any) -> Position:
    """The start position of ``game`` ("kisolo" or "kiothi") as a JSON dict.

    Variants: Kisolo ``columns`` (7 or 6); Kiothi ``start_holes`` (6 or 5) and
    ``orthodox`` (True or False). Rule options (rules/game.py, ``Game.options``): Kisolo
    ``relay`` ("next" or "landing"), ``repetition_draw`` (True or False),
    ``own_row_emptied`` ("plays_on" or "loses"); Kiothi ``nki_marking`` ("after_both" or
    "after_each"), ``nki_release`` ("lift" or "drop"), ``perpetual`` ("illegal" or
    "draw"). The first of each is docs/rules.md's reading and the default.
    """
    return new_state(game, **variant).to_dict()


def new_state(game: str, **variant: Any) -> State:
    if not isinstance(game, str) or game not in GAMES:
        raise InvalidPositionError(f"game = {shown(game)}: expected 'kisolo' or 'kiothi'")
    facts = game_facts(game)
    known = (*facts.variants, *facts.options)
    unknown = sorted(set(variant) - set(known))
    if unknown:
        raise InvalidPositionError(
            f"{shown(unknown[0])} is not a {game} variant option (options: {', '.join(known)})"
        )
    return GAMES[game].initial(**variant)


def load_position(d: Any) -> State:
    """Validate a position dict into the engine's own state (raises on bad input)."""
    if not isinstance(d, dict):
        raise InvalidPositionError(
            f"position: expected a JSON object (dict), got {type(d).__name__}"
        )
    game = d.get("game")
    if not isinstance(game, str) or game not in GAMES:
        raise InvalidPositionError(f"game = {shown(game)}: expected 'kisolo' or 'kiothi'")
    board = d.get("board")
    pieces = (
        sum(v for row in board if isinstance(row, list) for v in row if is_int(v) and v > 0)
        if isinstance(board, list)
        else 0
    )
    if pieces > MAX_PIECES:
        raise InvalidPositionError(
            f"board: {shown(pieces)} pieces in all: expected at most {MAX_PIECES} "
            "(a game has at most 84)"
        )
    return GAMES[game].from_dict(d)


def dump_position(state: State) -> Position:
    """The state as a fresh JSON dict; ``load_position(dump_position(s))`` is lossless."""
    return state.to_dict()


def legal_moves(position: Position | State) -> list[Move]:
    """Every legal move (empty once the game is over). In Kiothi's opening the
    moves are lift pairs without ``place``."""
    return _state(position).legal_moves()


def apply_move(position: Position | State, move: Move) -> Position:
    """The position after ``move``, as a new dict; the input is never changed."""
    return _state(position).play(move).to_dict()


def play(position: Position | State, move: Move) -> tuple[Position, list[Event]]:
    """Like :func:`apply_move`, and also the move's trace: a list of events."""
    trace: list[Event] = []
    after = _state(position).play(move, trace)
    return after.to_dict(), trace


def _state(position: Position | State) -> State:
    if isinstance(position, (KisoloState, KiothiState)):
        return position
    return load_position(position)
