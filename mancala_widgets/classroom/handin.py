"""The hand-in file: one student's work in one lesson notebook, to give to the teacher.

A student presses *Hand in* at the end of a lesson notebook (``work.hand_in_button()``),
or from Python::

    from mancala_widgets import classroom
    classroom.hand_in(lesson, exercise, board, student="Mbuyi",
                      path="Mbuyi-02-kisolo-pussa-kanawa.handin.json")

The file (format ``mancala-widgets/hand-in``, version 1)::

    {"format": "mancala-widgets/hand-in", "version": 1,
     "student": "Mbuyi", "notebook": "02-kisolo-pussa-kanawa",
     "handed_in": "2026-12-02T10:05:00Z", "package": "0.1.0",
     "lessons": [{"id": "pussa-kanawa", "version": "<digest>", "step": 13,
                  "answers": [{"step": 2, "ask": "landing", "of": null,
                               "given": [[3, 2]], "right": true,
                               "at": "2026-12-02T09:41:07Z"}, ...]}],
     "exercises": [{"id": "landing-14-3-17", "family": "landing",
                    "parameters": {"circuit": 14, "start": 3, "stones": 17},
                    "answers": [{"given": "6", "right": true, "malformed": false,
                                 "at": "..."}]}],
     "games": [{"key": "board:1", "game": "kisolo", "moves": 24,
                "record": {<a game record file, rules/record_file.py>}}],
     "players": [{"key": "player:1", "name": "my search", "entry": "MySearch",
                  "kind": "class", "source": "<the code of the player's cell>",
                  "at": "..."}]}

``players`` is there only when a player was handed in (lesson 8: ``classroom.keep_player``
or ``hand_in(..., player=...)``); files without it read as before, and an earlier version
of the package reads a file with it and leaves the player aside, so the version stays 1.
The teacher loads the players with ``classroom.players_from`` (playercode.py), which runs
the students' code.

``right`` is what the student was told; the teacher's marking never trusts it: every
answer is checked again by the rules engine against the lesson itself (marking.py).
A lesson's ``version`` is a digest of its positions, moves and questions: a hand-in
made with another version of a lesson is flagged, not marked.
"""

from __future__ import annotations

import json
import re
from os import PathLike
from pathlib import Path
from typing import Any

from ..rules.common import check_text
from ..rules.files import write_atomic
from .formats import HAND_IN_FORMAT as FORMAT
from .formats import HAND_IN_MAX_BYTES as MAX_BYTES
from .formats import HAND_IN_VERSION as VERSION
from .formats import NAME_MAX
from .work import Workbook, WorkError, now

#: What a hand-in keeps of a player (classroom/playercode.py).
PLAYER_FIELDS = ("name", "entry", "kind", "source", "at")


def package_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("mancala-widgets")
    except PackageNotFoundError:  # a checkout that is not installed
        return "0"


def file_name(student: str, notebook: str) -> str:
    """The hand-in's file name: ``Mbuyi-02-kisolo-pussa-kanawa.handin.json`` (letters of
    any script are kept; spaces and signs become dashes)."""
    safe = re.sub(r"[^\w-]+", "-", student, flags=re.UNICODE).strip("-_") or "student"
    return f"{safe[:60]}-{notebook}.handin.json"


def from_items(items: dict[str, dict], student: str, notebook: str) -> dict:
    """A hand-in from a workbook's items (``{key: work_state}``)."""
    student = check_text(student.strip(), "student", WorkError, most=NAME_MAX, line=True)
    check_text(notebook, "notebook", WorkError, most=NAME_MAX, line=True)
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "student": student,
        "notebook": notebook,
        "handed_in": now(),
        "package": package_version(),
        "lessons": [],
        "exercises": [],
        "games": [],
    }
    for key, state in items.items():
        kind = key.split(":", 1)[0]
        if kind == "lesson":
            out["lessons"].append(
                {k: state[k] for k in ("id", "version", "step", "answers") if k in state}
            )
        elif kind == "exercise":
            out["exercises"].append(
                {k: state[k] for k in ("id", "family", "parameters", "answers") if k in state}
            )
        elif kind == "player" and isinstance(state.get("source"), str):
            out.setdefault("players", []).append(
                {"key": key, **{k: state[k] for k in PLAYER_FIELDS if k in state}}
            )
        elif kind == "board" and state.get("moves"):
            out["games"].append(
                {
                    "key": key,
                    "game": state["game"],
                    "moves": state["moves"],
                    "record": state["record"],
                }
            )
    return out


def hand_in(
    *work: Any,
    student: str,
    path: str | PathLike | None = None,
    notebook: str | None = None,
    player: Any = None,
) -> dict:
    """The hand-in of ``work`` (anything a workbook keeps: lesson, exercise and board
    widgets, or a whole workbook), for ``student``; written to ``path`` if given (whole
    or not at all).
    ``player`` (a class with ``choose``, an object of one, a function ``choose(state)`` or
    its code as text) hands in the code of the cell that defines it, in place of a player
    the workbook keeps.

    >>> from mancala_widgets import Lesson
    >>> lesson = Lesson("start-here")
    >>> lesson.next(); feedback = lesson.answer(2)
    >>> h = hand_in(lesson, student="Mbuyi", notebook="01-start-here")
    >>> h["lessons"][0]["answers"][0]["given"], h["student"]
    (2, 'Mbuyi')
    """
    items: dict[str, dict] = {}
    name = notebook
    for i, thing in enumerate(work):
        if isinstance(thing, Workbook):
            items.update(thing.to_json()["items"])
            name = name or thing.name
            continue
        kind = getattr(thing, "work_kind", None)
        if not isinstance(kind, str) or not callable(getattr(thing, "work_state", None)):
            raise WorkError(
                f"work[{i}]: a {type(thing).__name__} is not a lesson, an exercise's widget "
                "or a board"
            )
        key = thing.work_key() if thing.in_workbook else f"{kind}:{thing.work_name or i + 1}"
        items[key] = thing.work_state()
    if player is not None:
        from .playercode import KEY, KeptPlayer, player_code

        items[KEY] = KeptPlayer(player_code(player)).work_state()
    handed = from_items(items, student, name or "lesson")
    if path is not None:
        write_atomic(path, json.dumps(handed, ensure_ascii=False, indent=1) + "\n")
    return handed


def save(handed: dict, folder: str | PathLike = ".") -> Path:
    """Write a hand-in into ``folder`` under its own file name; its path."""
    path = Path(folder) / file_name(handed["student"], handed["notebook"])
    write_atomic(path, json.dumps(handed, ensure_ascii=False, indent=1) + "\n")
    return path


__all__ = ["FORMAT", "MAX_BYTES", "VERSION", "file_name", "from_items", "hand_in", "save"]
