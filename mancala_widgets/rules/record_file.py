"""The game record file: JSON that saves a record's whole tree and loads it
again, every move replayed and checked.

Version 2::

    {"format": "mancala-widgets/game-record", "version": 2,
     "game": "kisolo", "variant": {"columns": 7},
     "start": null,
     "moves": [{"type": "capture", "column": 3},
               {"type": "sow", "row": 1, "column": 2,
                "variations": [[{"type": "sow", "row": 0, "column": 5}, ...], ...]},
               ...],
     "result": {"status": "playing", "winner": null, "reason": null}}

``moves`` is the main line, each move a move of docs/rules.md. A move may carry
``variations``: the lines tried *instead of* that move, from the same position,
like PGN's parenthesised lines. Each variation is a list of at least one move,
whose moves may carry variations in turn; the lines tried from one position each
start with a different move. ``start`` is null for the variant's standard start,
else a position of docs/rules.md. ``result`` is what replaying the main line gives; a
file whose result disagrees is refused.

Loading replays every move and names the first bad one by where it is in the
file, e.g. ``moves[3].variations[0][2]``. Version 1, written before variations,
is version 2 without them; it still loads, as a record with one line. A file of
a later version is refused with a message saying so.

>>> from mancala_widgets.rules.record import GameRecord
>>> rec = GameRecord("kisolo", columns=6)
>>> for column in (2, 3):
...     _ = rec.play({"type": "capture", "column": column})
...     _ = rec.undo()
>>> rec.to_json()["moves"]
[{'type': 'capture', 'column': 2, 'variations': [[{'type': 'capture', 'column': 3}]]}]
"""

from __future__ import annotations

import gc
import json
from typing import TYPE_CHECKING, Any, TypedDict

from .common import (
    InvalidRecordError,
    MalformedError,
    Move,
    Position,
    check_dict,
    shown,
    shown_json,
)
from .events import PlayerName
from .tree import Node, lines

if TYPE_CHECKING:
    from .record import GameRecord

FORMAT = "mancala-widgets/game-record"
#: A record file holds variations inside variations at most this deep (each level
#: nests three levels of JSON, and every JSON the package reads is held to
#: ``files.MAX_DEPTH``).
MAX_NESTING = 100
#: The largest record file read: a line of 100,000 moves takes about 6 MB.
MAX_BYTES = 64_000_000
VERSION = 2
#: The versions this program reads: 1 had no variations.
READS = (1, 2)
RECORD_FIELDS = ("format", "version", "game", "variant", "start", "moves", "result")


class Result(TypedDict):
    status: str
    winner: PlayerName | None
    reason: str | None


class RecordJSON(TypedDict):
    """A record file's contents (version 2)."""

    format: str
    version: int
    game: str
    variant: dict[str, int | bool | str]
    start: Position | None
    moves: list[Move]
    result: Result


class RecordTooDeepError(ValueError):
    """A record whose variations nest deeper than a file holds (``MAX_NESTING``)."""


def nesting(root: Node) -> int:
    """How deeply the variations after ``root`` nest: each move tried instead of
    another is one level deeper than the move it replaces."""
    deepest = 0
    stack = [(root, 0)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        stack.extend((child, depth + (i > 0)) for i, child in enumerate(node._children))
    return deepest


def record_json(rec: GameRecord) -> RecordJSON:
    def entry(node: Node, variations: list[list[Move]]) -> Move:
        move = node.move or {}
        if variations:
            move["variations"] = variations
        return move

    depth = nesting(rec.root)
    if depth > MAX_NESTING:
        raise RecordTooDeepError(
            f"this record's variations nest {depth} deep (a variation inside a variation "
            f"...); a record file holds at most {MAX_NESTING}: delete or promote some "
            "variations to save it"
        )
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": rec.game,
        "variant": dict(rec.variant),
        "start": None if rec.standard_start else rec.start,
        "moves": lines(rec.root, entry),
        "result": rec.result,
    }


def load_record(cls: type[GameRecord], d: Any) -> GameRecord:
    """A record of class ``cls`` rebuilt from a file's contents ``d``."""
    E = InvalidRecordError
    check_dict(d, "game record", E, RECORD_FIELDS)
    if d["format"] != FORMAT:
        raise E(f"format = {shown(d['format'])}: expected {FORMAT!r}")
    version = d["version"]
    if type(version) is not int or version not in READS:
        newer = type(version) is int and version > VERSION
        raise E(
            f"version = {shown(version)}: this program reads versions 1 and 2"
            + ("; the file was written by a newer mancala-widgets" if newer else "")
        )
    if not isinstance(d["variant"], dict):
        raise E(
            f"variant = {shown(d['variant'])}: expected an object such as "
            "{'columns': 7} or {'start_holes': 6, 'orthodox': true}"
        )
    try:
        rec = cls(d["game"], start=d["start"], **d["variant"])
    except (MalformedError, TypeError) as e:
        raise E(f"the record's game, variant or start is not valid: {e}") from None
    if not isinstance(d["moves"], list):
        raise E(f"moves: expected a list, got {type(d['moves']).__name__}")
    collecting = gc.isenabled()
    gc.disable()  # a long game adds many objects and no cycles: no collection needed
    try:
        _Loader(rec, version).line(rec.root, d["moves"], "moves")
    finally:
        if collecting:
            gc.enable()
    rec.follow_main_lines()
    if d["result"] != rec.result:
        raise E(
            f"result = {shown_json(d['result'], most=120)}: replaying the moves gives "
            f"{json.dumps(rec.result)} at the end of the main line"
        )
    return rec


class _Loader:
    """Replays a file's lines into a record, naming each move by where it is in the file."""

    def __init__(self, rec: GameRecord, version: int) -> None:
        self.rec = rec
        self.version = version
        self.where: dict[int, str] = {}

    def line(self, start: Node, moves: list[Any], where: str, depth: int = 0) -> None:
        """Play ``moves`` (the list at ``where``, ``depth`` variations deep) from
        ``start``, each with its variations."""
        E = InvalidRecordError
        if depth > MAX_NESTING:
            raise E(
                f"{where}: variations nested more than {MAX_NESTING} deep; a record file "
                f"holds at most {MAX_NESTING}"
            )
        node = start
        for i, entry in enumerate(moves):
            at = f"{where}[{i}]"
            variations = None
            if isinstance(entry, dict) and "variations" in entry:
                if self.version == 1:
                    raise E(f"{at}: variations need a version 2 file; this one says version 1")
                variations = entry["variations"]
                entry = {k: v for k, v in entry.items() if k != "variations"}
            child = self.play(node, entry, at)
            if variations is not None:
                if not isinstance(variations, list) or not variations:
                    raise E(
                        f"{at}.variations = {shown_json(variations)}: expected a list "
                        f"of the lines played instead of {at}, each a list of moves"
                    )
                for j, variation in enumerate(variations):
                    if not isinstance(variation, list) or not variation:
                        raise E(
                            f"{at}.variations[{j}] = {shown_json(variation)}: "
                            "expected a list of at least one move"
                        )
                    self.line(node, variation, f"{at}.variations[{j}]", depth + 1)
            node = child

    def play(self, parent: Node, move: Any, at: str) -> Node:
        rec = self.rec
        if rec.node is not parent:
            rec.goto_node(parent)  # only the positions of this line count for repetition
        tried = len(parent.variations)
        try:
            rec.play(move, traced=False)
        except ValueError as e:
            raise InvalidRecordError(f"{at} = {shown_json(move)}: {e}") from None
        if len(parent.variations) == tried:
            raise InvalidRecordError(
                f"{at} = {shown_json(move)}: the same move as {self.where[rec.node.id]}; "
                "the lines tried from one position each start with a different move"
            )
        self.where[rec.node.id] = at
        return rec.node


__all__ = [
    "FORMAT",
    "MAX_BYTES",
    "MAX_NESTING",
    "READS",
    "VERSION",
    "RecordJSON",
    "RecordTooDeepError",
    "Result",
    "load_record",
    "record_json",
]
