"""A student's work in a lesson notebook, kept as it happens.

A lesson notebook opens a *workbook* in its first cells::

    from mancala_widgets import classroom
    work = classroom.workbook("02-kisolo-pussa-kanawa", locale=LOCALE)
    work

Every lesson, exercise and board made after it joins it: each answer given (what was
given, whether it was right, when), each exercise checked, each game played is written
at once to ``02-kisolo-pussa-kanawa.work.json`` beside the notebook. In JupyterLab that
is a file in the notebook's folder; on the classroom site it is the browser's own
storage (the kernel's folder there is the site's storage), so it survives a reload.

Opening the notebook again, the workbook finds that file and asks: continue where the
student stopped (each lesson goes back to its step, each exercise to its answer, each
game to its moves) or start over (the old file is kept beside the new one). Until the
student says, nothing is written over it. A notebook can also be put back as it
shipped, the student's copy kept (:meth:`Workbook.restore_notebook`).

The file format (version 1)::

    {"format": "mancala-widgets/work", "version": 1, "notebook": "02-kisolo-pussa-kanawa",
     "saved": "2026-12-02T09:41:07Z", "student": "Mbuyi" or null,
     "items": {"lesson:pussa-kanawa": {...}, "exercise:landing-14-3-17": {...},
               "board:1": {...}}}

each item what its widget keeps (``work_state``): a lesson's id, version, step and
answers; an exercise's answers; a board's game record.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol

from ..rules.common import check_text
from ..rules.files import read_file, write_atomic

FORMAT = "mancala-widgets/work"
VERSION = 1
#: A work file larger than this is not read (thirty answers and a few games are 50 kB).
MAX_BYTES = 8_000_000
NAME_MAX = 120


class WorkError(ValueError):
    """A work file or a workbook name that cannot be used; says why."""


class Keeps(Protocol):
    """What a widget does to be kept in a workbook."""

    def work_key(self) -> str: ...

    def work_state(self) -> dict: ...

    def restore_work(self, state: dict) -> None: ...


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


class Workbook:
    """The work of one notebook, kept in ``<name>.work.json`` in ``folder`` (default:
    the kernel's folder, where the notebook is)."""

    def __init__(self, name: str, folder: str | os.PathLike | None = None, locale: str = "en"):
        check_text(name, "name", WorkError, most=NAME_MAX, line=True)
        if "/" in name or "\\" in name or name.startswith("."):
            raise WorkError(f"name = {name!r}: expected a notebook's name, not a path")
        self.name = name
        self.locale = locale
        self.folder = Path(folder) if folder is not None else Path.cwd()
        self.path = self.folder / f"{name}.work.json"
        self.student: str | None = None
        self._widgets: dict[str, Keeps] = {}
        self._counters: dict[str, int] = {}
        self._listeners: list[Callable[[], None]] = []
        #: What the file held when the workbook opened (None: nothing, or unreadable).
        self.saved: dict | None = None
        self.unreadable: str | None = None
        #: Why the last save failed (a read-only folder, a full disk), or None.
        self.problem: str | None = None
        try:
            self.saved = load_work(self.path) if self.path.exists() else None
        except WorkError as e:
            self.unreadable = str(e)
        if self.saved is not None:
            self.student = self.saved.get("student")
        #: "asking" while saved work waits for continue or start over, else "keeping".
        self.mode = "asking" if self.saved and self.saved["items"] else "keeping"
        if self.unreadable:
            self.mode = "asking"

    # -- widgets joining ------------------------------------------------------------------

    def key_for(self, kind: str, name: str | None = None) -> str:
        """A key for a widget of ``kind``: its name (a lesson's or an exercise's id), or
        the next number of its kind (a board)."""
        if name is None:
            self._counters[kind] = self._counters.get(kind, 0) + 1
            return f"{kind}:{self._counters[kind]}"
        return f"{kind}:{name}"

    def join(self, widget: Keeps) -> None:
        """A widget made in this notebook: kept from now on, and given back its saved
        work if the student chose to continue. A lesson or exercise made again (its
        cell run again) takes over from the one before, where the student was."""
        key = widget.work_key()
        before = self._widgets.get(key)
        self._widgets[key] = widget
        if before is not None and before is not widget:
            widget.restore_work(before.work_state())
        elif self.mode == "continued" and self.saved and key in self.saved["items"]:
            widget.restore_work(self.saved["items"][key])

    def changed(self, widget: Keeps) -> None:
        """A widget's work changed: write the workbook (unless it is still asking)."""
        if self.mode != "asking":
            self.save()
        for listener in list(self._listeners):
            listener()

    # -- the student's choice ---------------------------------------------------------------

    def continue_work(self) -> int:
        """Give every widget its saved work back; how many were given. With no saved
        work to continue (none, or a file that cannot be read) it changes nothing."""
        if self.saved is None:
            return 0
        given = 0
        if self.saved:
            for key, widget in self._widgets.items():
                if key in self.saved["items"]:
                    widget.restore_work(self.saved["items"][key])
                    given += 1
        self.mode = "continued"
        self.save()
        self._tell()
        return given

    def start_over(self) -> Path | None:
        """Keep the saved file beside the new one (``NAME.work.<time>.json``) and start
        keeping the work done from now; the copy kept, if there was one."""
        kept = None
        if self.path.exists():
            stamp = time.strftime("%Y%m%d-%H%M%S")
            kept = self.folder / f"{self.name}.work.{stamp}.json"
            n = 2
            while kept.exists():
                kept, n = self.folder / f"{self.name}.work.{stamp}-{n}.json", n + 1
            shutil.copy2(self.path, kept)
        self.saved, self.unreadable, self.mode = None, None, "keeping"
        self.save()
        self._tell()
        return kept

    def on_change(self, listener: Callable[[], None]) -> None:
        self._listeners.append(listener)

    def _tell(self) -> None:
        for listener in list(self._listeners):
            listener()

    # -- the file ------------------------------------------------------------------------------

    def to_json(self) -> dict:
        items = {key: widget.work_state() for key, widget in self._widgets.items()}
        if self.mode == "continued" and self.saved:  # work of widgets not made this time
            items = {**self.saved["items"], **items}
        return {
            "format": FORMAT,
            "version": VERSION,
            "notebook": self.name,
            "saved": now(),
            "student": self.student,
            "items": items,
        }

    def save(self) -> None:
        """Write the work file (whole or not at all)."""
        try:
            write_atomic(self.path, json.dumps(self.to_json(), ensure_ascii=False, indent=1))
        except OSError as e:  # a read-only folder: the work is still kept in the widgets
            self.problem = str(e.strerror or e)
        else:
            self.problem = None

    def set_student(self, name: str) -> str:
        """The student's name, kept for their hand-in (checked: one line of text)."""
        self.student = check_text(name.strip(), "student", WorkError, most=NAME_MAX, line=True)
        if self.mode != "asking":
            self.save()
        return self.student

    # -- what is kept, in words --------------------------------------------------------------

    def summary(self, items: dict | None = None) -> dict[str, int]:
        """How much work there is: answers given, exercises checked, games played,
        players kept (lesson 8)."""
        items = self.to_json()["items"] if items is None else items
        answers = sum(
            len(i.get("answers", [])) for k, i in items.items() if k.startswith("lesson:")
        )
        exercises = sum(
            1 for k, i in items.items() if k.startswith("exercise:") and i.get("answers")
        )
        games = sum(1 for k, i in items.items() if k.startswith("board:") and i.get("moves"))
        players = sum(1 for k in items if k.startswith("player:"))
        return {"answers": answers, "exercises": exercises, "games": games, "players": players}

    def widget(self) -> Any:
        """The workbook as a notebook shows it (widgets/work.py)."""
        from ..widgets.work import WorkbookWidget

        if getattr(self, "_widget", None) is None:
            self._widget = WorkbookWidget(self)
        return self._widget

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget()._repr_mimebundle_(**kwargs)

    def hand_in_button(self) -> Any:
        """The Hand in form at the end of a lesson notebook (widgets/work.py)."""
        from ..widgets.work import HandInWidget

        return HandInWidget(self)

    def restore_notebook(self, notebook: str | None = None) -> tuple[Path, Path | None]:
        """Put this lesson notebook back as it shipped; the student's copy is kept as
        ``NAME.mine-<time>.ipynb``. Returns (the notebook, the copy kept or None)."""
        from .lessons import restore_notebook

        return restore_notebook(notebook or f"{self.name}.ipynb", self.folder, self.locale)


def load_work(path: Path) -> dict:
    """A work file, checked; raises WorkError saying what is wrong with it."""
    try:
        data = read_file(path, "work file", WorkError, most=MAX_BYTES)
    except OSError as e:
        raise WorkError(f"{path.name}: cannot be read ({e.strerror or e})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise WorkError(f"{path.name}: not a mancala-widgets work file")
    if data.get("version") != VERSION:
        raise WorkError(f"{path.name}: version {data.get('version')!r}; this program reads 1")
    items = data.get("items")
    if not isinstance(items, dict) or not all(isinstance(v, dict) for v in items.values()):
        raise WorkError(f"{path.name}: its items are not a list of the widgets' work")
    student = data.get("student")
    if student is not None:
        try:
            check_text(student, "student", WorkError, most=NAME_MAX, line=True)
        except WorkError:
            data["student"] = None
    return data


#: The workbook widgets made in this kernel join (the last one opened).
_current: Workbook | None = None


def workbook(name: str, folder: str | os.PathLike | None = None, locale: str = "en") -> Workbook:
    """Open the workbook of the notebook ``name`` (its file name without ``.ipynb``):
    the lessons, exercises and boards made after this join it."""
    global _current
    _current = Workbook(name, folder, locale)
    return _current


#: How many ``not_kept`` blocks are open (widgets made inside one join no workbook).
_paused = 0


def current() -> Workbook | None:
    """The workbook widgets join, if a notebook opened one (and no ``not_kept`` block
    is open)."""
    return None if _paused else _current


@contextmanager
def not_kept() -> Iterator[None]:
    """Widgets made inside this block join no workbook: the boards of a comparison,
    which show a rule, and a teacher's view of a student's work."""
    global _paused
    _paused += 1
    try:
        yield
    finally:
        _paused -= 1


def close() -> None:
    """Stop keeping work (widgets made after this join no workbook)."""
    global _current
    _current = None


__all__ = [
    "FORMAT",
    "VERSION",
    "Keeps",
    "WorkError",
    "Workbook",
    "close",
    "current",
    "load_work",
    "not_kept",
    "workbook",
]
