"""What a teacher hands over, turned into hand-ins or refusals: the files, folders,
uploads and dicts given to ``classroom.mark`` (marking.py) and
``classroom.players_from`` (playercode.py), each read with its size capped before
reading and its nesting before parsing, and refused with a reason a teacher can act on.

>>> [name for name, _ in hand_ins_given([("Mbuyi.handin.json", b"{}")])]
['Mbuyi.handin.json']
>>> try:
...     read_hand_in("photo.png", b"\\x89PNG...")
... except MarkingError as e:
...     print(e)
a PNG file, not a hand-in
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from ..lessons import FORMAT as LESSON_FORMAT
from ..rules.files import read_json
from ..rules.record_file import FORMAT as RECORD_FORMAT
from ..text import tr
from .formats import HAND_IN_FORMAT as FORMAT
from .formats import HAND_IN_MAX_BYTES as MAX_BYTES
from .formats import HAND_IN_VERSION as VERSION
from .formats import WORK_FORMAT


class MarkingError(ValueError):
    """A hand-in that cannot be marked; the message says why."""


_SIGNATURES = {
    b"\x89PNG": "PNG",
    b"\xff\xd8\xff": "JPEG",
    b"GIF8": "GIF",
    b"%PDF": "PDF",
    b"PK\x03\x04": "ZIP",
    b"RIFF": "RIFF",
}
_OTHER_FORMATS = {
    WORK_FORMAT: "other_work",
    RECORD_FORMAT: "other_record",
    LESSON_FORMAT: "other_lesson",
}


def name_key(name: str) -> str:
    """A name as it is compared: Mbuyi, MBUYI and \" mbuyi \" are one student.

    >>> name_key(" MBUYI  Kalala") == name_key("mbuyi kalala")
    True
    """
    return " ".join(unicodedata.normalize("NFC", name).casefold().split())


# -- reading the files -----------------------------------------------------------------------


def hand_ins_given(sources: Iterable[Any]) -> Iterator[tuple[str, Any]]:
    """(a name, bytes, a path or a dict) for every file the teacher gave: paths of files
    or folders, an upload widget's files, (name, bytes) pairs, bytes, or hand-ins as
    dicts, in lists or not."""
    for source in sources:
        if (
            isinstance(source, tuple)
            and len(source) == 2
            and isinstance(source[0], str)
            and isinstance(source[1], (bytes, bytearray))
        ):  # (a file's name, its bytes)
            yield source[0][:200], bytes(source[1])
        elif isinstance(source, dict) and "format" in source:
            yield str(source.get("student", "hand-in")), source
        elif isinstance(source, (str, os.PathLike)):
            path = Path(source)
            if path.is_dir():
                for file in sorted(path.iterdir()):
                    if file.is_file() and not file.name.startswith("."):
                        yield file.name, file
            else:
                yield path.name, path
        elif hasattr(source, "value") and isinstance(source.value, (tuple, list, dict)):
            value = source.value  # an ipywidgets FileUpload
            files = value.values() if isinstance(value, dict) else value
            for f in files:
                yield str(f.get("name", "upload")), bytes(f.get("content", b""))
        elif isinstance(source, (list, tuple)):
            yield from hand_ins_given(source)
        elif isinstance(source, (bytes, bytearray, memoryview)):
            yield "upload", bytes(source)
        else:
            yield repr(source)[:60], source


def read_hand_in(name: str, source: Any, locale: str = "en") -> dict:
    """A hand-in's JSON, or MarkingError saying why this file is not one (in the
    ``locale``'s words): too big, an image, cut short, another format."""
    t = lambda key, **f: tr(locale, f"marking.{key}", **f)  # noqa: E731
    if isinstance(source, Path):
        try:
            size = source.stat().st_size
            if size > MAX_BYTES:
                most = MAX_BYTES // 1_000_000
                raise MarkingError(t("too_big", size=f"{size / 1e6:.1f}", most=most))
            with open(source, "rb") as f:
                source = f.read(MAX_BYTES + 1)
        except OSError as e:
            raise MarkingError(t("unreadable_file", why=e.strerror or str(e))) from None
    if isinstance(source, dict):
        data = source
    elif isinstance(source, bytes):
        if len(source) > MAX_BYTES:
            raise MarkingError(
                t("too_big", size=f"{len(source) / 1e6:.1f}", most=MAX_BYTES // 1_000_000)
            )
        for magic, kind in _SIGNATURES.items():
            if source.startswith(magic):
                raise MarkingError(t("binary_kind", kind=kind))
        if not source.strip():
            raise MarkingError(t("empty"))
        try:
            data = read_json(source, "hand-in", MarkingError, most=MAX_BYTES)
        except MarkingError as e:
            text = source.decode("utf-8", "replace").rstrip()
            if "not a text file" in str(e):
                raise MarkingError(t("binary")) from None
            if text.startswith("{") and not text.endswith("}"):
                raise MarkingError(t("truncated")) from None
            if "nested" in str(e):
                raise MarkingError(t("nested")) from None
            raise MarkingError(t("not_json")) from None
    else:
        raise MarkingError(t("not_a_file"))
    if not isinstance(data, dict):
        raise MarkingError(t("other_tool"))
    made_by: Any = data.get("format")
    if made_by in _OTHER_FORMATS:
        raise MarkingError(t(_OTHER_FORMATS[made_by]))
    if made_by != FORMAT:
        raise MarkingError(t("other_tool"))
    if data.get("version") != VERSION:
        version = data.get("version")
        raise MarkingError(t("version", version=version if type(version) is int else "?"))
    return data


__all__ = ["MarkingError", "hand_ins_given", "name_key", "read_hand_in"]
