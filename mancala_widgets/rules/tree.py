"""The tree of a game record: every position reached, the move that led to it,
and the moves tried from it, the first of them the main line (as in PGN).

A node is reached from the start by its ``path``: at each position on the way,
which of the moves tried there to follow (0: the main line, 1: the first
variation, ...). Its ``id`` names it for as long as the record lives.

>>> from mancala_widgets.rules.record import GameRecord
>>> rec = GameRecord("kisolo", columns=6)
>>> _ = rec.play({"type": "capture", "column": 2})
>>> _ = rec.undo()
>>> _ = rec.play({"type": "capture", "column": 4})  # a variation, not a new game
>>> [n.move["column"] for n in rec.root.variations], rec.node.path
([2, 4], (1,))
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Iterator
from typing import TYPE_CHECKING, TypeVar

from .common import PLAYERS, Move, Position
from .events import Event, PlayerName

if TYPE_CHECKING:
    from . import State

T = TypeVar("T")


def move_key(move: Move) -> Hashable:
    """What makes two moves the same: their fields, a list's cells in any order
    (the two bomas an opening lifts, the bomas it fills)."""
    return tuple(
        sorted(
            (k, tuple(sorted(tuple(x) if isinstance(x, list) else x for x in v)))
            if isinstance(v, list)
            else (k, v)
            for k, v in move.items()
        )
    )


class Node:
    """One position of a record's tree, with the move that led to it (None at the
    start) and that move's trace. The record changes the tree; a node only reads it."""

    __slots__ = (
        "id",
        "_move",
        "state",
        "_trace",
        "parent",
        "ply",
        "key",
        "seen_before",
        "_children",
        "_by_key",
        "_next",
    )

    def __init__(
        self,
        id: int,
        move: Move | None,
        state: State,
        trace: list[Event] | None,
        parent: Node | None,
        seen_before: int = 0,
    ) -> None:
        self.id = id
        self._move = move
        self.state = state
        #: The move's trace; None until asked for, when a record was loaded (see ``trace``).
        self._trace = trace
        self.parent = parent
        #: How many moves from the start; never changes, whatever is promoted or deleted.
        self.ply: int = 0 if parent is None else parent.ply + 1
        #: The position's ``key()``, for the repetition draw.
        self.key = state.key()
        #: How often this position occurred on the way here, before it: what the move
        #: was played with, so that its trace can be made again, the same.
        self.seen_before = seen_before
        self._children: list[Node] = []
        self._by_key: dict[Hashable, Node] = {}
        #: The move redo plays from here: the one last followed (the current line).
        self._next: Node | None = None

    @property
    def trace(self) -> list[Event]:
        """The events of the move that led here (empty at the start), made when first
        asked for where the record was loaded from a file."""
        if self._trace is None:
            assert self.parent is not None and self._move is not None
            trace: list[Event] = []
            history: dict[Hashable, int] | None = (
                {self.key: self.seen_before} if self.seen_before else None
            )
            self.parent.state.play(self._move, trace, history)
            self._trace = trace
        return self._trace

    def add(self, child: Node, key: Hashable) -> None:
        """A move tried from here for the first time (record.py); ``key`` is its
        ``move_key``."""
        self._children.append(child)
        self._by_key[key] = child

    def remove(self, child: Node) -> None:
        """A move deleted with everything after it (record.py)."""
        assert child._move is not None
        self._children.remove(child)
        del self._by_key[move_key(child._move)]

    def __repr__(self) -> str:
        return f"<Node id={self.id} path={self.path} move={json.dumps(self._move)}>"

    @property
    def move(self) -> Move | None:
        return None if self._move is None else dict(self._move)

    @property
    def player(self) -> PlayerName | None:
        """Who played the move ("south" or "north"); None at the start."""
        return None if self.parent is None else PLAYERS[self.parent.state.to_move]

    @property
    def position(self) -> Position:
        return self.state.to_dict()

    @property
    def variations(self) -> tuple[Node, ...]:
        """The moves tried from this position, the main line's first."""
        return tuple(self._children)

    @property
    def path(self) -> tuple[int, ...]:
        """Which move to follow at each position from the start to reach this one."""
        return tuple(n.parent._children.index(n) for n in self.from_start() if n.parent)

    @property
    def is_main_line(self) -> bool:
        return not any(self.path)

    def from_start(self) -> list[Node]:
        """The nodes of the moves that lead here, the first move's first (empty at the start)."""
        nodes = []
        node: Node | None = self
        while node is not None and node.parent is not None:
            nodes.append(node)
            node = node.parent
        return nodes[::-1]

    def main_line(self) -> Iterator[Node]:
        """The moves after this one along the main line."""
        node = self
        while node._children:
            node = node._children[0]
            yield node

    def main_line_end(self) -> Node:
        """The last move of the main line from here (this node if none follows)."""
        node = self
        while node._children:
            node = node._children[0]
        return node

    def walk(self) -> Iterator[Node]:
        """This node and every node after it, each before its variations."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node._children))

    def find_move(self, move: Move) -> Node | None:
        """The child reached by ``move`` (the same move, see ``move_key``), if tried."""
        return self._by_key.get(move_key(move))


def lines(node: Node, entry: Callable[[Node, list[list[T]]], T]) -> list[T]:
    """The main line after ``node`` in the shape of a record file: one
    ``entry(move_node, variations)`` per move, where ``variations`` are the lines
    tried instead of that move, each built the same way."""
    line = []
    while node._children:
        main, *others = node._children
        line.append(entry(main, [[entry(o, []), *lines(o, entry)] for o in others]))
        node = main
    return line


__all__ = ["Node", "lines", "move_key"]
