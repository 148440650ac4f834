"""Files the package writes and reads, safely.

Writing: :func:`write_atomic` writes the whole text to a temporary file in the
same folder, flushes it to the disk and only then renames it over the old file,
so a kill, a full disk or an error leaves the old file as it was, never a file
cut short. Everything the package writes (records, handouts, copied lessons,
hand-ins) goes through it.

Reading: :func:`read_json` refuses, before parsing, a file too big for its kind
or nested deeper than :data:`MAX_DEPTH` (Python's parser would run out of stack;
in the browser's Python that can stop the whole kernel), and says which.

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as d:
...     path = pathlib.Path(d) / "game.json"
...     write_atomic(path, '{"moves": []}')
...     read_json(path.read_text(), "game record", ValueError, most=1_000)
{'moves': []}
>>> read_json("[" * 1000 + "]" * 1000, "lesson", ValueError, most=10_000)
Traceback (most recent call last):
  ...
ValueError: lesson: its lists and objects are nested more than 400 deep; expected at most 400
"""

from __future__ import annotations

import json
import os
import re
import secrets
from os import PathLike
from pathlib import Path
from typing import Any

#: Lists and objects inside each other, at most, in any JSON the package reads. A game
#: record nests three levels for each variation inside a variation; lessons and
#: hand-ins need about ten.
MAX_DEPTH = 400

_BINARY = getattr(os, "O_BINARY", 0)  # Windows would otherwise translate line ends
#: Escapes first, then strings: one pass each, however the quotes fall (a pattern that
#: matched a string with its escapes tried again from every quote of an unclosed one:
#: time growing with the square of the text, for a malformed file).
_ESCAPE = re.compile(r"\\.", re.DOTALL)
_STRING = re.compile(r'"[^"]*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def nesting(text: str) -> int:
    """How deeply the lists and objects of a JSON text nest (0 for a plain value),
    counted without parsing it: brackets inside strings do not count."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", _ESCAPE.sub("", text)))
    depth = deepest = 0
    for ch in brackets:
        if ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        else:
            depth -= 1
    return deepest


def read_json(text: str | bytes, what: str, error: type[ValueError], *, most: int) -> Any:
    """Parse the JSON ``text`` of a ``what`` (named in the errors) of at most ``most``
    bytes: ``error`` says what is wrong with a file too big, nested too deeply, not
    UTF-8 or not JSON."""
    size = len(text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text)
    if size > most:
        raise error(f"{what}: {size:,} bytes; a {what} file holds at most {most:,}")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise error(f"{what}: not a text file (byte {e.start} is not UTF-8)") from None
    if nesting(text) > MAX_DEPTH:
        raise error(
            f"{what}: its lists and objects are nested more than {MAX_DEPTH} deep; "
            f"expected at most {MAX_DEPTH}"
        )
    try:
        return json.loads(text)
    except RecursionError:  # pragma: no cover - nesting() stops these first
        raise error(f"{what}: nested too deeply to read") from None
    except ValueError as e:  # not JSON, or an integer of more than 4,300 digits
        message = str(e)
        raise error(f"{what} is not valid JSON ({message[:120]})") from None


def read_file(path: str | PathLike[str], what: str, error: type[ValueError], *, most: int) -> Any:
    """:func:`read_json` of the file at ``path``, read no further than ``most`` bytes
    (a huge file is refused without being read whole)."""
    with open(path, "rb") as f:
        data = f.read(most + 1)
    return read_json(data, what, error, most=most)


def write_atomic(path: str | PathLike[str], text: str | bytes) -> None:
    """Write ``text`` to ``path`` whole or not at all: to a temporary file in the same
    folder, flushed and synced to the disk, then renamed over ``path`` (an existing
    symbolic link is replaced, never followed). On an error the old file, if any, is
    as it was, the temporary file is gone, and an OSError says what failed."""
    target = Path(path)
    data = text.encode("utf-8") if isinstance(text, str) else text
    folder = target.parent
    temporary = folder / f".{target.name[:40]}.{secrets.token_hex(6)}.tmp"
    try:
        # Made as any new file is (its mode from the umask), then given the old file's.
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _BINARY, 0o666)
    except OSError as e:
        raise OSError(e.errno, f"cannot write {target}: {e.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if target.is_file() and not target.is_symlink():
            os.chmod(temporary, target.stat().st_mode & 0o7777)
        os.replace(temporary, target)
    except BaseException as e:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        if isinstance(e, OSError):
            raise OSError(
                e.errno, f"cannot write {target}: {e.strerror or e}; the old file is unchanged"
            ) from None
        raise
    _sync_folder(folder)


def _sync_folder(folder: Path) -> None:
    """The rename itself reaches the disk once the folder is synced (POSIX)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # Windows, or a folder that cannot be opened: the rename stands
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


__all__ = ["MAX_DEPTH", "nesting", "read_file", "read_json", "write_atomic"]
