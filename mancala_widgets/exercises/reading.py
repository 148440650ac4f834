"""Reading a cell a student typed: "(2, 4)", "row 2 column 4", in English or Korean,
from South's or North's side."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    pass
from .base import _board, _is_int, _typed_int, _Unreadable

# -- 2. Which hole does the relay lift? --------------------------------------------

#: Words a hole or boma may be named with, in any of the languages.
_WORDS = {
    "south": ("side", "south"),
    "north": ("side", "north"),
    "남쪽": ("side", "south"),
    "북쪽": ("side", "north"),
    "inner": ("row", "inner"),
    "outer": ("row", "outer"),
    "안쪽": ("row", "inner"),
    "바깥쪽": ("row", "outer"),
    "sud": ("side", "south"),
    "nord": ("side", "north"),
    "intérieur": ("row", "inner"),
    "intérieure": ("row", "inner"),
    "int": ("row", "inner"),
    "extérieur": ("row", "outer"),
    "extérieure": ("row", "outer"),
    "ext": ("row", "outer"),
    "kusini": ("side", "south"),
    "kaskazini": ("side", "north"),
    "ndani": ("row", "inner"),
    "nje": ("row", "outer"),
    "boma": ("boma", True),
    "보마": ("boma", True),
    "shimo": None,
    "safu": None,
    "nambari": None,
    "la": None,
    "ya": None,
    "hole": None,
    "구멍": None,
    "trou": None,
    "rangée": None,
    "de": None,
    "du": None,
    "le": None,
    "번": None,
    "줄": None,
    "의": None,
    "'s": None,
    "’s": None,
}
_TOKEN = re.compile(
    "|".join(sorted(map(re.escape, _WORDS), key=len, reverse=True)) + r"|(\d+)|[\s,.]+"
)
_PAIR = re.compile(r"\s*[\[(]?\s*([+-]?\d+)\s*(?:,|\s)\s*([+-]?\d+)\s*[\])]?\s*")


def read_cell(game: str, answer: Any, rows: int, columns: int, side: str) -> list[int]:
    """A hole given as [row, column] (a list, or typed "[2, 4]" / "2, 4"), or by
    name: Kisolo "inner 3", "outer 5", "north inner 3", "South's outer hole 5",
    "안쪽 3", "북쪽 바깥쪽 줄 2번 구멍", "intérieur 3", "trou extérieur 2 de Nord", "ndani 3",
    "shimo la nje 2 la Kaskazini"; Kiothi "boma 7", "north boma 3", "보마 7", "북쪽 3번 보마",
    "boma 3 de Nord", "boma 3 kaskazini". A
    name without a side is a hole of ``side``.

    >>> read_cell("kisolo", "inner 5", 4, 7, "south")
    [2, 4]
    >>> read_cell("kiothi", "북쪽 3번 보마", 2, 10, "south")
    [0, 2]
    >>> read_cell("kisolo", "trou extérieur 2 de Nord", 4, 7, "south")
    [0, 1]
    >>> read_cell("kisolo", "shimo la nje 2 la Kaskazini", 4, 7, "south")
    [0, 1]
    """
    unreadable = _Unreadable(f"lifted.unreadable_{game}")
    if isinstance(answer, str) and (pair := _PAIR.fullmatch(answer)):
        answer = [_typed_int(x, unreadable) for x in pair.groups()]
    if isinstance(answer, (list, tuple)):
        if len(answer) != 2 or not all(_is_int(x) for x in answer):
            raise unreadable
        r, c = answer
        if not (0 <= r < rows and 0 <= c < columns):
            raise _Unreadable("lifted.off_board", row=r, column=c, maxr=rows - 1, maxc=columns - 1)
        return [r, c]
    if not isinstance(answer, str):
        raise unreadable
    text, pos = answer.strip().lower(), 0
    found: dict[str, list] = {"side": [], "row": [], "boma": [], "n": []}
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            raise unreadable
        pos = m.end()
        if m.group(1):
            found["n"].append(_typed_int(m.group(1), unreadable))
        elif word := _WORDS.get(m.group(0)):
            kind, value = word
            found[kind].append(value)
    board = _board(game, columns)
    if any(board.row_kind):  # rows with names (Kisolo): a row is needed; "boma" is not a word
        named = len(found["row"]) == 1 and not found["boma"]
    else:  # one row a side: "boma" or a side says it is a boma, not a number
        named = not found["row"] and len(found["boma"]) <= 1 and bool(found["boma"] + found["side"])
    if not named or len(found["n"]) != 1 or len(found["side"]) > 1:
        raise unreadable
    n = found["n"][0]
    if not 1 <= n <= columns:
        raise _Unreadable("lifted.no_number", n=n, maxn=columns)
    side = (found["side"] or [side])[0]
    if found["row"]:
        row = next(r for r in board.rows_of(side) if board.row_kind[r] == found["row"][0])
    else:
        row = board.facing_rows[side]
    return [row, n - 1]
