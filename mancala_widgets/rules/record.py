"""Game records: the moves of a game with undo and redo, Kisolo's repetition
draw (RULES.md step 7), and a JSON file format that saves and loads losslessly.

The record format (version 1)::

    {"format": "mancala-widgets/game-record", "version": 1,
     "game": "kisolo", "variant": {"columns": 7},
     "start": null,
     "moves": [{"type": "capture", "column": 3}, ...],
     "result": {"status": "playing", "winner": null, "reason": null}}

``start`` is null for the variant's standard start, else a RULES.md position.
``result`` is what replaying the moves gives; a file whose result disagrees is
refused. Loading replays and checks every move and names the first bad one.

>>> rec = GameRecord("kisolo", columns=6)
>>> trace = rec.play({"type": "capture", "column": 2})
>>> rec.position["to_move"], len(rec)
('north', 1)
>>> rec.undo(); rec.position["to_move"]
{'type': 'capture', 'column': 2}
'south'
>>> GameRecord.from_json(rec.to_json()).position == rec.position
True
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Hashable
from os import PathLike
from typing import TYPE_CHECKING, Any, TypedDict

from .common import (
    PLAYERS,
    InvalidPositionError,
    InvalidRecordError,
    MalformedError,
    Move,
    Position,
    check_dict,
)
from .events import Event, PlayerName

if TYPE_CHECKING:
    from . import State

FORMAT = "mancala-widgets/game-record"
VERSION = 1
RECORD_FIELDS = ("format", "version", "game", "variant", "start", "moves", "result")


class Result(TypedDict):
    status: str
    winner: PlayerName | None
    reason: str | None


class RecordJSON(TypedDict):
    """A record file's contents (version 1)."""

    format: str
    version: int
    game: str
    variant: dict[str, int | bool | str]
    start: Position | None
    moves: list[Move]
    result: Result


def _variant_of(state: State) -> dict[str, int | bool | str]:
    """The variant (every one of the game's variants) and the rule options that differ
    from RULES.md's readings, as a record writes them."""
    facts = state.GAME
    variant: dict[str, int | bool | str] = {k: getattr(state, k) for k in facts.variants}
    variant.update(facts.changed_options(state.options))
    return variant


class GameRecord:
    """A game in progress: its start, its moves, and the states between them."""

    def __init__(
        self, game: str = "kisolo", *, start: Position | None = None, **variant: Any
    ) -> None:
        from . import load_position, new_state  # the package's own interface

        if start is not None:
            state = load_position(start)
            if state.game != game:
                raise InvalidPositionError(
                    f"start: a {state.game} position was given for a {game} record"
                )
            if variant and _variant_of(state) != {**_variant_of(state), **variant}:
                raise InvalidPositionError(
                    f"start: the position's variant {_variant_of(state)} disagrees with {variant}"
                )
        else:
            state = new_state(game, **variant)
        self.game = game
        self.variant = _variant_of(state)
        self._standard_start = start is None or (
            state.to_dict() == new_state(game, **self.variant).to_dict()
        )
        self._states: list[State] = [state]
        self._moves: list[Move] = []
        self._traces: list[list[Event]] = []
        self._redo: list[Move] = []
        self._seen: Counter[Hashable] = Counter([state.key()])

    # -- reading ------------------------------------------------------------------

    @property
    def state(self) -> State:
        return self._states[-1]

    @property
    def position(self) -> Position:
        """The current position as RULES.md JSON (a fresh dict)."""
        return self.state.to_dict()

    @property
    def start(self) -> Position:
        return self._states[0].to_dict()

    @property
    def moves(self) -> list[Move]:
        return [dict(m) for m in self._moves]

    def line(self) -> list[tuple[PlayerName, Move]]:
        """The game's line: who plays each move ("south" or "north") and the move,
        first the moves played, then those taken back that redo would play again."""
        # One state more than moves: the last state's move is not played yet.
        line = [
            (PLAYERS[s.to_move], dict(m)) for s, m in zip(self._states, self._moves, strict=False)
        ]
        state = self.state
        for move in reversed(self._redo):
            line.append((PLAYERS[state.to_move], dict(move)))
            state = state.play(move)
        return line

    @property
    def last_trace(self) -> list[Event]:
        return self._traces[-1] if self._traces else []

    @property
    def can_undo(self) -> bool:
        return bool(self._moves)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def result(self) -> Result:
        s = self.state
        return {"status": s.status, "winner": s.to_dict()["winner"], "reason": s.reason}

    def legal_moves(self) -> list[Move]:
        return self.state.legal_moves()

    def __len__(self) -> int:
        return len(self._moves)

    def repetitions(self) -> int:
        """How often the current position has occurred in this game."""
        return self._seen[self.state.key()]

    # -- changing -----------------------------------------------------------------

    def play(self, move: Move) -> list[Event]:
        """Play ``move`` and return its trace; on any error nothing changes."""
        trace: list[Event] = []
        after = self.state.play(move, trace, self._seen)
        self._push(_canonical(move), after, trace)
        self._redo.clear()
        return trace

    def _push(self, move: Move, after: State, trace: list[Event]) -> None:
        self._seen[after.key()] += 1
        self._states.append(after)
        self._moves.append(move)
        self._traces.append(trace)

    def undo(self) -> Move | None:
        """Take back the last move (returned), or None at the start."""
        if not self._moves:
            return None
        self._seen[self._states.pop().key()] -= 1
        self._traces.pop()
        move = self._moves.pop()
        self._redo.append(move)
        return move

    def redo(self) -> list[Event] | None:
        """Play again the last move taken back; returns its trace, or None."""
        if not self._redo:
            return None
        move = self._redo.pop()
        trace: list[Event] = []
        self._push(move, self.state.play(move, trace, self._seen), trace)
        return trace

    def goto(self, moves: int) -> None:
        """Take moves back or play them again until ``moves`` moves of the line
        are played (0: the start). On a bad number nothing changes."""
        total = len(self._moves) + len(self._redo)
        if type(moves) is not int or not 0 <= moves <= total:
            raise MalformedError(
                f"moves = {json.dumps(moves)}: expected a whole number from 0 to {total}"
            )
        while len(self._moves) > moves:
            self.undo()
        while len(self._moves) < moves:
            self.redo()

    def reset(self) -> None:
        """Back to the start (the moves can be redone one by one)."""
        while self.undo() is not None:
            pass

    # -- JSON -----------------------------------------------------------------------

    def to_json(self) -> RecordJSON:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "variant": dict(self.variant),
            "start": None if self._standard_start else self.start,
            "moves": self.moves,
            "result": self.result,
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    def save(self, path: str | PathLike[str]) -> None:
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.dumps())
            f.write("\n")

    @classmethod
    def from_json(cls, d: Any) -> GameRecord:
        """Rebuild a record, replaying every move; raises InvalidRecordError
        naming the first bad field or move."""
        E = InvalidRecordError
        check_dict(d, "game record", E, RECORD_FIELDS)
        if d["format"] != FORMAT:
            raise E(f"format = {d['format']!r}: expected {FORMAT!r}")
        if d["version"] != VERSION:
            raise E(f"version = {d['version']!r}: this program reads version {VERSION}")
        if not isinstance(d["variant"], dict):
            raise E(
                f"variant = {d['variant']!r}: expected an object such as "
                "{'columns': 7} or {'start_holes': 6, 'orthodox': true}"
            )
        try:
            rec = cls(d["game"], start=d["start"], **d["variant"])
        except (MalformedError, TypeError) as e:
            raise E(f"the record's game, variant or start is not valid: {e}") from None
        if not isinstance(d["moves"], list):
            raise E(f"moves: expected a list, got {type(d['moves']).__name__}")
        for i, move in enumerate(d["moves"]):
            try:
                rec.play(move)
            except ValueError as e:
                raise E(f"moves[{i}] = {json.dumps(move)}: {e}") from None
        if d["result"] != rec.result:
            raise E(
                f"result = {json.dumps(d['result'])}: replaying the moves gives "
                f"{json.dumps(rec.result)}"
            )
        return rec

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        try:
            d = json.loads(text)
        except ValueError as e:  # not JSON, or a number of more than 4,300 digits
            raise InvalidRecordError(f"not a JSON file: {e}") from None
        except RecursionError:
            raise InvalidRecordError(
                "not a game record: its lists or objects are nested too deeply to read"
            ) from None
        return cls.from_json(d)

    @classmethod
    def load(cls, path: str | PathLike[str]) -> GameRecord:
        with open(path, encoding="utf-8") as f:
            return cls.loads(f.read())


def _canonical(move: Move) -> Move:
    """A JSON-clean copy of a move that was just accepted (tuples become lists)."""
    canonical: Move = json.loads(json.dumps(move))
    return canonical


__all__ = ["FORMAT", "VERSION", "GameRecord", "RecordJSON", "Result"]
