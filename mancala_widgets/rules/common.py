"""Players, errors and input checks shared by both games.

Every check here raises an error whose message names the field, the value it
got and what was expected, so a teacher who mistypes a lesson position is told
exactly what to fix.
"""

from __future__ import annotations

import json
import re
import reprlib
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeGuard, TypeVar

from .events import PlayerName

T = TypeVar("T")

SOUTH, NORTH = 0, 1
PLAYERS: tuple[PlayerName, PlayerName] = ("south", "north")

#: A position, a move or a record as docs/rules.md writes them: JSON objects. What comes in
#: is checked field by field at run time (``from_dict``, ``parse_move``, ``from_json``).
Position = dict[str, Any]
Move = dict[str, Any]

#: A single move may not run more laps than this (docs/rules.md: a convention of the draw
#: by endless sowing).
LAP_LIMIT = 100_000

#: A board with more pieces than this is refused, and so is a jail holding more. A game
#: has at most 84 and the exercises sow at most 200 from one hole; with millions, one
#: move (or, in Kiothi, checking that the player to move can move) would run for hours,
#: and with more than a float holds the computer's scores could not be counted.
MAX_PIECES = 1_000
#: The highest turn number a Kiothi position may carry (a game lasts about a hundred).
MAX_TURN = 1_000_000

#: Laps past this number are summarised in one ``laps_skipped`` trace event,
#: so a 100,000-lap perpetual sowing does not build a trace of a million events.
#: It is well above the longest relay that ends (222 laps in Kisolo; Kiothi's
#: rare longer ones are summarised too, with the board as it then stands).
TRACE_LAP_LIMIT = 1_000


class MalformedError(ValueError):
    """Input that is not even well formed: wrong shape, type or range."""


class InvalidPositionError(MalformedError):
    """A position dict that is malformed or inconsistent."""


class InvalidMoveError(MalformedError):
    """A move dict that is malformed (not a move of this game at all)."""


class InvalidRecordError(MalformedError):
    """A game record that cannot be loaded; names the first bad move."""


class IllegalMoveError(ValueError):
    """A well-formed move that the rules forbid in this position.

    ``rule`` names the rule that forbids it, e.g. ``"first_lap_restriction"``; ``cell``
    the ``[row, column]`` it is about, where one is (the first lap's landing boma).
    """

    def __init__(self, message: str, rule: str = "illegal", cell: list[int] | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.cell = cell


class GameOverError(IllegalMoveError):
    """A move was asked of a finished game."""

    def __init__(self, message: str) -> None:
        super().__init__(message, rule="game_over")


def player_index(value: Any, field: str, error: type[MalformedError]) -> int:
    if value not in PLAYERS or not isinstance(value, str):
        raise error(f"{field} = {shown(value)}: expected 'south' or 'north'")
    return PLAYERS.index(value)


def is_int(value: object) -> TypeGuard[int]:
    """True for plain integers; ``True``/``False`` are not counts (bool, like any
    subclass of int, is not ``int`` itself)."""
    return type(value) is int


def check_int(
    value: Any, field: str, error: type[MalformedError], lo: int = 0, hi: int | None = None
) -> int:
    if not is_int(value):
        raise error(f"{field} = {shown(value)}: expected an integer, got {type(value).__name__}")
    if value < lo or (hi is not None and value > hi):
        want = f"from {lo} to {hi}" if hi is not None else f"at least {lo}"
        raise error(f"{field} = {shown(value)}: expected an integer {want}")
    return value


def check_bool(value: Any, field: str, error: type[MalformedError]) -> bool:
    if not isinstance(value, bool):
        raise error(f"{field} = {shown(value)}: expected true or false")
    return value


def check_dict(
    d: Any,
    what: str,
    error: type[MalformedError],
    required: Iterable[str],
    optional: Iterable[str] = (),
) -> dict[str, Any]:
    if not isinstance(d, dict):
        raise error(f"{what}: expected a JSON object (dict), got {type(d).__name__}")
    required = tuple(required)
    missing = [k for k in required if k not in d]
    if missing:
        raise error(f"{what}: missing field {shown(missing[0])} (required: {', '.join(required)})")
    allowed = set(required) | set(optional)
    extra = sorted(str(k) for k in d if k not in allowed)
    if extra:
        raise error(
            f"{what}: unexpected field {shown(extra[0])} (allowed: {', '.join(sorted(allowed))})"
        )
    return d


def check_grid(
    value: Any,
    field: str,
    rows: int,
    columns: int,
    cell: Callable[[Any, str], T],
    error: type[MalformedError],
) -> list[T]:
    """Check a rows x columns list of lists, each cell with ``cell(v, name)``;
    returns the cells flattened row by row (index ``r * columns + c``)."""
    if not isinstance(value, list) or len(value) != rows:
        got = f"{len(value)} rows" if isinstance(value, list) else type(value).__name__
        raise error(f"{field}: expected a list of {rows} rows, got {got}")
    flat: list[T] = []
    for r, row in enumerate(value):
        if not isinstance(row, list) or len(row) != columns:
            got = f"{len(row)} entries" if isinstance(row, list) else type(row).__name__
            raise error(f"{field}[{r}]: expected a list of {columns} entries, got {got}")
        for c, v in enumerate(row):
            flat.append(cell(v, f"{field}[{r}][{c}]"))
    return flat


def check_cell(
    value: Any, field: str, rows: int, columns: int, error: type[ValueError]
) -> tuple[int, int]:
    """A ``[row, column]`` pair inside the board: the one check of a cell, for moves,
    lessons and answers alike."""
    if (
        not isinstance(value, (list, tuple))
        or len(value) != 2
        or not (is_int(value[0]) and is_int(value[1]))
    ):
        raise error(f"{field} = {shown_json(value)}: expected [row, column]")
    r, c = value
    if not (0 <= r < rows and 0 <= c < columns):
        raise error(
            f"{field} = {shown_json(value)}: expected [row, column] on the {rows} x "
            f"{columns} board (rows 0 to {rows - 1}, columns 0 to {columns - 1})"
        )
    return r, c


def shown_json(value: Any, most: int | None = None) -> str:
    """A value as JSON where it can be, cut past ``most`` characters (default SHOWN):
    it is echoed in an error message."""
    most = most or SHOWN
    if isinstance(value, (list, tuple, str)) and len(value) > most:
        value = value[: most + 1]  # what is shown of it, not megabytes written out
    try:
        text = json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        text = shown(value)
    return text if len(text) <= most else text[: most - 3] + "..."


#: An error message quotes at most this many characters of a bad value: a value of
#: megabytes would otherwise make a message of megabytes, which can hang a notebook page.
SHOWN = 60
_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxstring, _REPR.maxother, _REPR.maxlong = 3, SHOWN, SHOWN, 30
_REPR.maxlist = _REPR.maxtuple = _REPR.maxset = _REPR.maxdict = 6


def shown(value: Any) -> str:
    """A bad value as an error message quotes it: its ``repr``, cut short.

    >>> len(shown("x" * 10_000_000)) < 70, shown(10**5000)
    (True, 'an integer of about 5,000 digits')
    """
    if is_int(value) and value.bit_length() > 3000:  # repr would refuse so many digits
        return f"an integer of about {int(value.bit_length() * 0.30103):,} digits"
    text = _REPR.repr(value)
    return text if len(text) <= SHOWN + 2 else text[: SHOWN - 3] + "..."


#: What a text may hold: the characters XML 1.0 allows (a static SVG board is XML, and
#: so are the notebook's and the browser's renderings of it), less the C1 controls.
#: Refused: control characters but tab and newline, and unpaired surrogates.
_NOT_TEXT = re.compile("[^\t\n\r\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_NOT_LINE = re.compile("[^\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def check_text(
    value: Any,
    field: str,
    error: type[Exception],
    *,
    most: int,
    line: bool = False,
    empty: bool = False,
) -> str:
    """A text someone typed (a name, a title, a lesson's words), checked at the door:
    at most ``most`` characters, no control characters (``line``: no line breaks or
    tabs either) and no unpaired surrogates, and not blank unless ``empty``.

    >>> check_text("Mbuyi", "labels.south", ValueError, most=40, line=True)
    'Mbuyi'
    >>> check_text("a\\x00b", "title", ValueError, most=40)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    ValueError: title: character U+0000 (a control character) at position 1: a text ...
    """
    if not isinstance(value, str):
        raise error(f"{field} = {shown(value)}: expected a text, got {type(value).__name__}")
    if len(value) > most:
        raise error(f"{field}: a text of {len(value):,} characters; expected at most {most:,}")
    if not empty and not value.strip():
        raise error(f"{field}: expected a non-empty text, got {shown(value)}")
    bad = (_NOT_LINE if line else _NOT_TEXT).search(value)
    if bad is not None:
        ch = bad.group()
        what = (
            "an unpaired surrogate"
            if "\ud800" <= ch <= "\udfff"
            else "a line break or tab"
            if ch in "\t\n\r"
            else "a control character"
            if ord(ch) < 0xA0
            else "a character that is not text"
        )
        rest = (
            "a name or a title is one line"
            if ch in "\t\n\r"
            else ("a text may not hold control characters or unpaired surrogates")
        )
        at = bad.start()
        raise error(f"{field}: character U+{ord(ch):04X} ({what}) at position {at}: {rest}")
    return value


def grid(flat: list[T], columns: int) -> list[list[T]]:
    """Flat row-major list back to a list of rows (fresh lists)."""
    return [flat[i : i + columns] for i in range(0, len(flat), columns)]


def check_result_fields(
    d: Mapping[str, Any], statuses: Mapping[str, tuple[str, ...]], error: type[MalformedError]
) -> tuple[str, int | None, str | None]:
    """``status``/``winner``/``reason`` agree with each other.

    ``statuses`` maps each status to the reasons it allows.
    """
    status = d["status"]
    if not isinstance(status, str) or status not in statuses:
        raise error(f"status = {shown(status)}: expected one of {', '.join(map(repr, statuses))}")
    winner, reason = d["winner"], d["reason"]
    if status == "playing":
        if winner is not None or reason is not None:
            raise error(
                f"winner = {shown(winner)}, reason = {shown(reason)}: expected both null while "
                "status is 'playing'"
            )
        return status, None, None
    if reason not in statuses[status] or not isinstance(reason, str):
        raise error(
            f"reason = {shown(reason)}: expected one of "
            f"{', '.join(map(repr, statuses[status]))} when status is {shown(status)}"
        )
    if status == "won":
        return status, player_index(winner, "winner", error), reason
    if winner is not None:
        raise error(f"winner = {shown(winner)}: expected null when status is {shown(status)}")
    return status, None, reason
