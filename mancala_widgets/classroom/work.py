"""A student's work in a lesson notebook, kept as it happens.

A lesson notebook opens a *workbook* in its first cells, shown by the widget layer
(widgets/work.py: where the work is kept, continue or start over, Hand in)::

    from mancala_widgets import workbook
    work = workbook("02-kisolo-pussa-kanawa", locale=LOCALE)
    work

This module is the workbook itself, with no display: :func:`workbook` here opens it and
returns the :class:`Workbook`.

Every lesson, exercise and board made after it joins it: each answer given (what was
given, whether it was right, when), each exercise checked, each game played is kept at
once. Where depends on where Python runs (``Workbook.where``):

- ``"file"`` (JupyterLab): the file ``02-kisolo-pussa-kanawa.work.json`` beside the
  notebook.
- ``"browser"`` (the classroom site, where Python runs in the student's browser): the
  browser's own storage, written by the workbook's front end (``localStorage``, which
  every address has). The kernel's folder cannot be used for this: at a class network's
  address (``http://192.168.x.y``, not a secure context) it is an empty folder in memory,
  gone when the page closes. Until the front end has said what the browser holds
  (``mode == "waiting"``) nothing is written; where the browser keeps nothing (a private
  window, storage refused), ``mode == "memory"`` and the workbook says so: the work lasts
  as long as the page, and can still be handed in.

Opening the notebook again, the workbook finds the saved work and asks: continue where
the student stopped (each lesson goes back to its step, each exercise to its answer,
each game to its moves) or start over (the old work is kept beside the new). Until the
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
from .formats import NAME_MAX
from .formats import WORK_FORMAT as FORMAT
from .formats import WORK_MAX_BYTES as MAX_BYTES
from .formats import WORK_VERSION as VERSION
from .live import Live

#: Where a workbook keeps the work: a file beside the notebook, or the browser.
WHERE = ("file", "browser")


class WorkError(ValueError):
    """A work file or a workbook name that cannot be used; says why."""


class Keeps(Protocol):
    """What a widget does to be kept in a workbook (widgets/kept.py): its kind
    (``lesson``, ``exercise``, ``board``, ``player``) and name (a lesson's or an
    exercise's id, None for a board), and its work."""

    work_kind: str
    work_name: str | None

    @property
    def in_workbook(self) -> bool: ...

    def work_key(self) -> str: ...

    def work_state(self) -> dict: ...

    def restore_work(self, state: dict) -> None: ...


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


class Workbook:
    """The work of one notebook, kept in ``<name>.work.json`` in ``folder`` (default:
    the kernel's folder, where the notebook is), or in the browser (``where="browser"``,
    the default in the classroom site)."""

    def __init__(
        self,
        name: str,
        folder: str | os.PathLike | None = None,
        locale: str = "en",
        where: str | None = None,
    ):
        check_text(name, "name", WorkError, most=NAME_MAX, line=True)
        if "/" in name or "\\" in name or name.startswith("."):
            raise WorkError(f"name = {name!r}: expected a notebook's name, not a path")
        from .site import in_site

        where = where or ("browser" if in_site() else "file")
        if where not in WHERE:
            raise WorkError(f"where = {where!r}: expected one of {', '.join(WHERE)}")
        self.name = name
        self.locale = locale
        self.where = where
        self.folder = Path(folder) if folder is not None else Path.cwd()
        self.path = self.folder / f"{name}.work.json"
        self.student: str | None = None
        self._widgets: dict[str, Keeps] = {}
        self._counters: dict[str, int] = {}
        self._listeners: list[Callable[[], None]] = []
        #: What was saved when the workbook opened (None: nothing, or unreadable).
        self.saved: dict | None = None
        self.unreadable: str | None = None
        #: Why the last save failed (a read-only folder, a full disk, a full browser
        #: storage), or None.
        self.problem: str | None = None
        #: In the browser: what writes the work there (the workbook's front end), and
        #: whether start over kept the earlier work there.
        self.browser_writer: Callable[[dict, bool], None] | None = None
        self.kept_in_browser = False
        #: What the class's hub is told as the student works (live.py), and who tells it
        #: (the workbook's front end, which sends it when the student joined a class).
        self.live = Live(locale)
        self.live_writer: Callable[[list[dict]], None] | None = None
        #: "waiting" (the browser has not yet said what it holds), "asking" (saved work
        #: waits for continue or start over), "keeping", "continued", or "memory" (the
        #: browser keeps nothing: the work lasts as long as the page).
        self.mode = "waiting"
        if where == "file":
            self._found(self._read_file())

    def _read_file(self) -> dict | None:
        try:
            return load_work(self.path) if self.path.exists() else None
        except WorkError as e:
            self.unreadable = str(e)
            return None

    def _found(self, saved: dict | None) -> None:
        """What was saved before, known: ask about it, or start keeping."""
        self.saved = saved
        if saved is not None:
            self.student = saved.get("student")
        self.mode = "asking" if (saved and saved["items"]) or self.unreadable else "keeping"

    def browser_said(self, available: bool, stored: Any = None, problem: str | None = None) -> bool:
        """The workbook's front end says what the browser holds for this notebook
        (``stored``: the work it kept, or None) or that it keeps nothing
        (``available`` false: a private window, storage refused or full). Heard once;
        whether it was heard."""
        if self.where != "browser" or self.mode != "waiting":
            return False
        if not available:
            self.mode, self.problem = "memory", problem or "refused"
            self._tell()
            return True
        saved = None
        if problem == "unreadable":
            self.unreadable = problem
        elif stored is not None:
            try:
                saved = check_work(stored, "the work kept in this browser")
            except WorkError as e:
                self.unreadable = str(e)
        elif folder_is_kept_here(self.folder):  # work kept before the browser kept it
            saved = self._read_file()
        self._found(saved)
        if self.mode == "keeping":
            self.save()
        self._tell()
        return True

    def browser_failed(self, problem: str | None) -> None:
        """The browser could not write the last save (``problem``), or (None) wrote one
        again after failing."""
        if self.where == "browser" and problem != self.problem:
            self.problem = problem
            self._tell()

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
        self.live.known(key, widget.work_state())

    def changed(self, widget: Keeps) -> None:
        """A widget's work changed: write the workbook (unless it is still asking), and
        tell the class's hub a lesson's new answer or step."""
        if self.mode != "asking":
            self.save()
        key = widget.work_key()
        if key.startswith("lesson:") and self.live_writer is not None:
            events = self.live.events(key, widget.work_state())
            if events:
                self.live_writer(events)
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
                    self.live.known(key, widget.work_state())
                    given += 1
        self.mode = "continued"
        self.save()
        self._tell()
        return given

    def start_over(self) -> Path | None:
        """Keep the saved file beside the new one (``NAME.work.<time>.json``) and start
        keeping the work done from now; the copy kept, if there was one. In the browser
        the earlier work is kept there, as the notebook's earlier copy
        (``kept_in_browser``)."""
        kept = None
        if self.where == "browser":
            self.kept_in_browser = self.saved is not None or self.unreadable is not None
            self.saved, self.unreadable, self.mode = None, None, "keeping"
            self.save(keep_earlier=self.kept_in_browser)
            self._tell()
            return None
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

    def save(self, keep_earlier: bool = False) -> None:
        """Write the work file (whole or not at all), or send the work to the browser to
        keep (``keep_earlier``: keeping what it held as the earlier copy)."""
        if self.where == "browser":
            if self.mode not in ("waiting", "memory", "asking") and self.browser_writer:
                self.browser_writer(self.to_json(), keep_earlier)
            return
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
    return check_work(data, path.name)


def check_work(data: Any, label: str) -> dict:
    """Work read from a file or sent by the browser (``label`` says which), checked;
    raises WorkError saying what is wrong with it."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise WorkError(f"{label}: not a mancala-widgets work file")
    if data.get("version") != VERSION:
        raise WorkError(f"{label}: version {data.get('version')!r}; this program reads 1")
    items = data.get("items")
    if not isinstance(items, dict) or not all(
        isinstance(k, str) and isinstance(v, dict) for k, v in items.items()
    ):
        raise WorkError(f"{label}: its items are not a list of the widgets' work")
    if len(json.dumps(data, ensure_ascii=False)) > MAX_BYTES:
        raise WorkError(f"{label}: larger than {MAX_BYTES // 1_000_000} MB")
    student = data.get("student")
    if student is not None:
        try:
            check_text(student, "student", WorkError, most=NAME_MAX, line=True)
        except WorkError:
            data["student"] = None
    return data


#: The workbook widgets made in this kernel join (the last one opened).
_current: Workbook | None = None


def workbook(
    name: str,
    folder: str | os.PathLike | None = None,
    locale: str = "en",
    where: str | None = None,
) -> Workbook:
    """Open the workbook of the notebook ``name`` (its file name without ``.ipynb``):
    the lessons, exercises and boards made after this join it."""
    global _current
    _current = Workbook(name, folder, locale, where)
    return _current


def folder_is_kept_here(folder: Path) -> bool:
    from .site import folder_is_kept

    return folder_is_kept(folder)


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
    "check_work",
    "close",
    "current",
    "load_work",
    "not_kept",
    "workbook",
]
