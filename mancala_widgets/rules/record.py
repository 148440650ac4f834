"""Game records: a game's moves as a tree of variations (as in PGN), undo and
redo along the current line, Kisolo's repetition draw (RULES.md step 7), and a
JSON file format that saves and loads losslessly.

Playing a move where another move was played before does not discard that
move and what followed: the new move starts a *variation*. The first move tried
from a position is its main line; ``promote`` changes which that is and
``delete_variation`` removes one. ``goto_node`` goes to any position of the tree,
named by a node, its id or its path (see rules/tree.py). Undo, redo and ``goto``
walk the *current line*: the moves from the start to the position shown, then
on along the moves last followed from there. Kisolo's repetition draw counts the
positions on the way from the start to the position shown, never another line's.

The record saves and loads as JSON, with its variations (record_file.py
describes the format, version 2; files of version 1 still load).

>>> rec = GameRecord("kisolo", columns=6)
>>> trace = rec.play({"type": "capture", "column": 2})
>>> rec.position["to_move"], len(rec)
('north', 1)
>>> rec.undo(); rec.position["to_move"]
{'type': 'capture', 'column': 2}
'south'
>>> trace = rec.play({"type": "capture", "column": 3})
>>> [n.move["column"] for n in rec.variations], [n.move["column"] for n in rec.root.variations]
([], [2, 3])
>>> GameRecord.loads(rec.dumps()).to_json() == rec.to_json()
True
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Hashable, Sequence
from os import PathLike
from typing import TYPE_CHECKING, Any

from .common import (
    PLAYERS,
    InvalidPositionError,
    InvalidRecordError,
    MalformedError,
    Move,
    Position,
)
from .events import Event, PlayerName
from .record_file import FORMAT, VERSION, RecordJSON, Result, load_record, record_json
from .tree import Node

if TYPE_CHECKING:
    from . import State


def _variant_of(state: State) -> dict[str, int | bool | str]:
    """The variant (every one of the game's variants) and the rule options that differ
    from RULES.md's readings, as a record writes them."""
    facts = state.GAME
    variant: dict[str, int | bool | str] = {k: getattr(state, k) for k in facts.variants}
    variant.update(facts.changed_options(state.options))
    return variant


def _result(state: State) -> Result:
    return {"status": state.status, "winner": state.to_dict()["winner"], "reason": state.reason}


class GameRecord:
    """A game in progress: its start and the tree of moves played from it."""

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
        self._root = Node(0, None, state, [], None)
        self._node = self._root
        self._nodes = {0: self._root}
        self._last_id = 0
        #: How often each position occurs from the start to the current node.
        self._seen: Counter[Hashable] = Counter([state.key()])

    # -- reading ------------------------------------------------------------------

    @property
    def root(self) -> Node:
        """The start of the game: the tree's first node."""
        return self._root

    @property
    def node(self) -> Node:
        """The position shown: where the next move is played."""
        return self._node

    @property
    def variations(self) -> tuple[Node, ...]:
        """The moves tried from the current position, the main line's first."""
        return self._node.variations

    @property
    def state(self) -> State:
        return self._node.state

    @property
    def position(self) -> Position:
        """The current position as RULES.md JSON (a fresh dict)."""
        return self.state.to_dict()

    @property
    def start(self) -> Position:
        return self._root.state.to_dict()

    @property
    def moves(self) -> list[Move]:
        """The moves from the start to the current position."""
        return [dict(n._move or {}) for n in self._node.from_start()]

    def line_nodes(self) -> list[Node]:
        """The current line: the nodes from the start to the current one, then on
        along the moves last followed from there (what redo plays)."""
        nodes = self._node.from_start()
        node = self._node._next
        while node is not None:
            nodes.append(node)
            node = node._next
        return nodes

    def line(self) -> list[tuple[PlayerName, Move]]:
        """The current line: who plays each move ("south" or "north") and the move,
        first the moves played, then those taken back that redo would play again."""
        return [_played(n) for n in self.line_nodes()]

    @property
    def last_trace(self) -> list[Event]:
        return self._node.trace

    @property
    def can_undo(self) -> bool:
        return self._node.parent is not None

    @property
    def can_redo(self) -> bool:
        return self._node._next is not None

    @property
    def result(self) -> Result:
        """How the main line ends (or that it goes on)."""
        return _result(self._root.main_line_end().state)

    def legal_moves(self) -> list[Move]:
        return self.state.legal_moves()

    def __len__(self) -> int:
        """How many moves lead from the start to the current position."""
        return self._node.ply

    def repetitions(self) -> int:
        """How often the current position has occurred on the way from the start."""
        return self._seen[self.state.key()]

    # -- moving along the tree ----------------------------------------------------

    def play(self, move: Move) -> list[Event]:
        """Play ``move`` and return its trace; on any error nothing changes. A move
        tried here before is followed again; a new one starts a variation."""
        trace: list[Event] = []
        after = self.state.play(move, trace, self._seen)
        child = self._node.find_move(_canonical(move))
        if child is None:
            self._last_id += 1
            child = Node(self._last_id, _canonical(move), after, trace, self._node)
            self._node._children.append(child)
            self._nodes[child.id] = child
        self._enter(child)
        return trace

    def _enter(self, child: Node) -> None:
        self._node._next = child
        self._node = child
        self._seen[child.state.key()] += 1

    def undo(self) -> Move | None:
        """Take back the last move (returned), or None at the start."""
        node = self._node
        if node.parent is None:
            return None
        self._seen[node.state.key()] -= 1
        self._node = node.parent
        return node.move

    def redo(self) -> list[Event] | None:
        """Play again the move of the current line that follows; returns its trace, or None."""
        child = self._node._next
        if child is None:
            return None
        self._enter(child)
        return child.trace

    def goto(self, moves: int) -> None:
        """Take moves back or play them again until ``moves`` moves of the current
        line are played (0: the start). On a bad number nothing changes."""
        total = len(self.line_nodes())
        if type(moves) is not int or not 0 <= moves <= total:
            raise MalformedError(
                f"moves = {json.dumps(moves)}: expected a whole number from 0 to {total}"
            )
        while len(self) > moves:
            self.undo()
        while len(self) < moves:
            self.redo()

    def reset(self) -> None:
        """Back to the start (the moves can be redone one by one)."""
        self.goto(0)

    def find(self, target: Node | int | Sequence[int]) -> Node:
        """The node ``target`` names: a node of this record, a node's id, or a
        path (which move to follow at each position from the start, 0 for the
        main line's). Raises MalformedError naming what is wrong.

        >>> rec = GameRecord("kisolo", columns=6)
        >>> _ = rec.play({"type": "capture", "column": 2})
        >>> rec.find((0,)) is rec.find(1) is rec.node, rec.find(()) is rec.root
        (True, True)
        """
        if isinstance(target, Node):
            if self._nodes.get(target.id) is not target:
                raise MalformedError(f"node {target.id}: not a node of this record")
            return target
        if type(target) is int:
            if target not in self._nodes:
                raise MalformedError(f"node = {target}: this record has no node with that id")
            return self._nodes[target]
        if not isinstance(target, (list, tuple)):
            raise MalformedError(
                f"{target!r}: expected a node, a node's id or a path such as (0, 0, 1)"
            )
        node = self._root
        for i, step in enumerate(target):
            count = len(node._children)
            if type(step) is not int or not 0 <= step < count:
                tried = f"{count} moves were tried" if count else "no move was played"
                raise MalformedError(
                    f"path = {list(target)}: after {i} moves {tried} "
                    f"(path[{i}] = {step!r} does not name one)"
                )
            node = node._children[step]
        return node

    def goto_node(self, target: Node | int | Sequence[int]) -> None:
        """Go to any position of the tree (see ``find``); the line through it becomes
        the current line. On a bad target nothing changes."""
        node = self.find(target)
        path = node.from_start()
        for parent, child in zip([self._root, *path], path, strict=False):
            parent._next = child
        self._node = node
        self._seen = Counter(n.state.key() for n in (self._root, *path))

    def promote(self, target: Node | int | Sequence[int] | None = None) -> None:
        """Make the line through ``target`` (default: the current position) the main
        line: each move on the way becomes the first tried from its position."""
        node = self._node if target is None else self.find(target)
        path = node.from_start()
        for parent, child in zip([self._root, *path], path, strict=False):
            parent._children.remove(child)
            parent._children.insert(0, child)

    def delete_variation(self, target: Node | int | Sequence[int]) -> None:
        """Delete a move and every move after it; if the current position is among
        them, the position before the move becomes the current one."""
        node = self.find(target)
        parent = node.parent
        if parent is None:
            raise MalformedError("the start cannot be deleted: start a new GameRecord instead")
        if node in (self._node, *self._node.from_start()):
            self.goto_node(parent)
        parent._children.remove(node)
        if parent._next is node:
            parent._next = parent._children[0] if parent._children else None
        for n in node.walk():
            del self._nodes[n.id]

    # -- JSON (the file format: record_file.py) ------------------------------------

    @property
    def standard_start(self) -> bool:
        """Whether the game starts from its variant's standard start."""
        return self._standard_start

    def to_json(self) -> RecordJSON:
        return record_json(self)

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    def save(self, path: str | PathLike[str]) -> None:
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.dumps())
            f.write("\n")

    @classmethod
    def from_json(cls, d: Any) -> GameRecord:
        """Rebuild a record (file version 1 or 2), replaying every move; raises
        InvalidRecordError naming the first bad field or move."""
        return load_record(cls, d)

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

    def follow_main_lines(self) -> None:
        """Redo follows the main line from every position, and the current
        position is the main line's end: where a loaded record starts."""
        for node in self._root.walk():
            node._next = node._children[0] if node._children else None
        self.goto_node(self._root.main_line_end())


def _played(node: Node) -> tuple[PlayerName, Move]:
    assert node.parent is not None and node.move is not None
    return PLAYERS[node.parent.state.to_move], node.move


def _canonical(move: Move) -> Move:
    """A JSON-clean copy of a move that was just accepted (tuples become lists)."""
    canonical: Move = json.loads(json.dumps(move))
    return canonical


__all__ = ["FORMAT", "VERSION", "GameRecord", "RecordJSON", "Result"]
