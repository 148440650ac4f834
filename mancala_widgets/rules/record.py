"""Game records: a game's moves as a tree of variations (as in PGN), undo and
redo along the current line, Kisolo's repetition draw (docs/rules.md, "Kisolo: how a
game ends"), and a JSON file format that saves and loads losslessly.

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
    shown,
    shown_json,
)
from .events import Event, PlayerName
from .files import read_file, read_json, write_atomic
from .record_file import (
    FORMAT,
    MAX_BYTES,
    VERSION,
    RecordJSON,
    RecordTooDeepError,
    Result,
    load_record,
    record_json,
)
from .tree import Node, move_key

if TYPE_CHECKING:
    from . import State


def _variant_of(state: State) -> dict[str, int | bool | str]:
    """The variant (every one of the game's variants) and the rule options that differ
    from the readings of docs/rules.md, as a record writes them."""
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
        #: How often each position occurs from the start to the current node; None after
        #: a jump, until a move needs it (``_counts``).
        self._seen: Counter[Hashable] | None = Counter([self._root.key])
        #: The end of the current line (what redo reaches last), known until the line
        #: changes: a long game's length is then read at once, not counted.
        self._end: Node | None = self._root

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
        """The current position as the JSON of docs/rules.md (a fresh dict)."""
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

    @property
    def line_length(self) -> int:
        """How many moves the current line has, those taken back included."""
        return self.line_end.ply

    @property
    def line_end(self) -> Node:
        """The last node of the current line: the end redo reaches."""
        if self._end is None:
            node = self._node
            while node._next is not None:
                node = node._next
            self._end = node
        return self._end

    def line_window(self, before: int, after: int) -> list[Node]:
        """The current line's nodes from ``before`` moves before the current position
        to ``after`` moves after it (the current one included, the start not): what a
        move list shows of a long game, found without walking the whole line."""
        back: list[Node] = []
        node: Node | None = self._node
        while node is not None and node.parent is not None and len(back) <= before:
            back.append(node)
            node = node.parent
        ahead: list[Node] = []
        node = self._node._next
        while node is not None and len(ahead) < after:
            ahead.append(node)
            node = node._next
        return back[::-1] + ahead

    def has_node(self, node_id: int) -> bool:
        """Whether a node of this record has this id."""
        return node_id in self._nodes

    @property
    def node_count(self) -> int:
        """How many moves the whole tree holds, every variation included."""
        return len(self._nodes) - 1

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
        return self._counts()[self._node.key]

    def _counts(self) -> Counter[Hashable]:
        """How often each position occurs from the start to the current node (Kisolo's
        repetition draw), counted again after a jump."""
        if self._seen is None:
            self._seen = Counter(n.key for n in (self._root, *self._node.from_start()))
        return self._seen

    # -- moving along the tree ----------------------------------------------------

    def play(self, move: Move, *, traced: bool = True) -> list[Event]:
        """Play ``move`` and return its trace; on any error nothing changes. A move
        tried here before is followed again; a new one starts a variation.
        ``traced=False`` (loading a file) makes the trace only when it is asked for."""
        trace: list[Event] | None = [] if traced else None
        seen = self._counts()
        after = self.state.play(move, trace, seen)
        canonical = _canonical(move)
        key = move_key(canonical)
        child = self._node._by_key.get(key)
        if child is None:
            self._last_id += 1
            child = Node(self._last_id, canonical, after, trace, self._node)
            child.seen_before = seen[child.key]
            self._node.add(child, key)
            self._nodes[child.id] = child
        self._enter(child)
        return [] if trace is None else trace

    def _enter(self, child: Node) -> None:
        if self._node._next is not child:
            self._node._next = child
            self._end = None  # the line goes on another way from here
        self._node = child
        if self._seen is not None:
            self._seen[child.key] += 1

    def undo(self) -> Move | None:
        """Take back the last move (returned), or None at the start."""
        node = self._node
        if node.parent is None:
            return None
        if self._seen is not None:
            self._seen[node.key] -= 1
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
        total = self.line_length
        if type(moves) is not int or not 0 <= moves <= total:
            raise MalformedError(
                f"moves = {shown_json(moves)}: expected a whole number from 0 to {total}"
            )
        node = self._node
        while node.ply > moves:
            assert node.parent is not None
            node = node.parent
        while node.ply < moves:
            assert node._next is not None
            node = node._next
        if node is not self._node:
            self._node, self._seen = node, None  # counted again when a move needs it

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
                f"{shown(target)}: expected a node, a node's id or a path such as (0, 0, 1)"
            )
        node = self._root
        for i, step in enumerate(target):
            count = len(node._children)
            if type(step) is not int or not 0 <= step < count:
                tried = f"{count} moves were tried" if count else "no move was played"
                raise MalformedError(
                    f"path = {list(target)}: after {i} moves {tried} "
                    f"(path[{i}] = {shown(step)} does not name one)"
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
        self._end = None
        self._seen = None

    def promote(self, target: Node | int | Sequence[int] | None = None) -> None:
        """Make the line through ``target`` (default: the current position) the main
        line: each move on the way becomes the first tried from its position."""
        node = self._node if target is None else self.find(target)
        path = node.from_start()
        for parent, child in zip([self._root, *path], path, strict=False):
            parent._children.remove(child)
            parent._children.insert(0, child)  # the same children: ``_by_key`` stands

    def delete_variation(self, target: Node | int | Sequence[int]) -> None:
        """Delete a move and every move after it; if the current position is among
        them, the position before the move becomes the current one."""
        node = self.find(target)
        parent = node.parent
        if parent is None:
            raise MalformedError("the start cannot be deleted: start a new GameRecord instead")
        if node in (self._node, *self._node.from_start()):
            self.goto_node(parent)
        parent.remove(node)
        if parent._next is node:
            parent._next = parent._children[0] if parent._children else None
            self._end = None
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
        """The record file's text (record_file.py); raises RecordTooDeepError for a
        tree whose variations nest deeper than a file holds."""
        return json.dumps(self.to_json(), indent=1)

    def save(self, path: str | PathLike[str]) -> None:
        """Write the record file to ``path``, whole or not at all: on any error (a
        record that cannot be written, a full disk, a kill) the file there before is
        left as it was."""
        write_atomic(path, self.dumps() + "\n")

    @classmethod
    def from_json(cls, d: Any) -> GameRecord:
        """Rebuild a record (file version 1 or 2), replaying every move; raises
        InvalidRecordError naming the first bad field or move."""
        return load_record(cls, d)

    @classmethod
    def loads(cls, text: str | bytes) -> GameRecord:
        """A record from a file's text, every move replayed and checked; raises
        InvalidRecordError for a text that is not a record (too big, nested too
        deeply, not JSON), naming what is wrong."""
        return cls.from_json(read_json(text, "game record", InvalidRecordError, most=MAX_BYTES))

    @classmethod
    def load(cls, path: str | PathLike[str]) -> GameRecord:
        d = read_file(path, "game record", InvalidRecordError, most=MAX_BYTES)
        return cls.from_json(d)

    def follow_main_lines(self) -> None:
        """Redo follows the main line from every position, and the current
        position is the main line's end: where a loaded record starts."""
        for node in self._root.walk():
            node._next = node._children[0] if node._children else None
        self.goto_node(self._root.main_line_end())
        self._end = self._node


def _played(node: Node) -> tuple[PlayerName, Move]:
    assert node.parent is not None and node.move is not None
    return PLAYERS[node.parent.state.to_move], node.move


def _canonical(move: Move) -> Move:
    """A JSON-clean copy of a move that was just accepted (tuples become lists): its
    values are numbers and texts, or lists of cells, which are lists of numbers."""
    return {
        k: [list(x) if isinstance(x, (list, tuple)) else x for x in v]
        if isinstance(v, (list, tuple))
        else v
        for k, v in move.items()
    }


__all__ = ["FORMAT", "VERSION", "GameRecord", "RecordJSON", "RecordTooDeepError", "Result"]
