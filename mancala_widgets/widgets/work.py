"""The workbook and the Hand in form, as a lesson notebook shows them::

    from mancala_widgets import workbook
    work = workbook("02-kisolo-pussa-kanawa", locale=LOCALE)
    work                          # where the work is kept; continue or start over
    ...
    work.hand_in_button()         # at the end: the Hand in form

The work itself (what is kept, where, the hand-in) is the class's data
(classroom/work.py, classroom/handin.py); this module only shows it and passes on what
the student does.

:class:`WorkbookWidget` (``work`` shown in a notebook) says where the work is kept and,
when earlier work was found, asks: continue where the student stopped, or start over.
It also puts the notebook back as it shipped, after asking. On the classroom site its
front end is where the work is kept: it says what the browser holds when it starts
(``{"kind": "stored", "available", "work", "problem"}``), writes each save Python sends
it (``{"kind": "keep", "work", "keep_earlier"}``) and says when a write fails
(``{"kind": "kept", "problem"}``).

:class:`HandInWidget` (``work.hand_in_button()``) asks for the student's name once (the
browser remembers it for the next lesson), then makes the hand-in file and downloads
it: Python sends the file's text and the browser saves it, the same in the classroom
site and in JupyterLab. A copy is also written beside the notebook.

The browser sends only ``{"kind": "continue"}``, ``{"kind": "start_over"}``,
``{"kind": "restore"}``, the two storage messages above and ``{"kind": "hand_in",
"student": "..."}``; each message is checked, and every text is shown as text.
"""

from __future__ import annotations

import json
import os
import re
from typing import TYPE_CHECKING, Any

import traitlets as t

from ..text import tr
from .hub import class_strings, is_class_message
from .wire import from_wire
from .work_base import WorkWidget

if TYPE_CHECKING:
    from ..classroom.work import Workbook

NAME_MOST = 120
#: Where the browser keeps a notebook's work: ``mancala-widgets:work:<locale>:<name>``.
STORE_PREFIX = "mancala-widgets:work:"
#: Why the browser keeps nothing, or could not write (as its front end says it).
STORAGE_PROBLEMS = ("refused", "full", "unreadable")


def _counts(locale: str, summary: dict[str, int]) -> dict[str, str]:
    return {k: tr(locale, f"work.{k}", n=summary[k]) for k in ("answers", "exercises", "games")}


def _wall_clock(stamp: str) -> str:
    """A time the front end gives as the device's clock reads it (``2026-12-05 13:04``,
    js/class.ts ``wallClock``), or a hub's UTC time if it could not read it."""
    if re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", stamp):
        return stamp
    return _when(stamp)


def _when(stamp: Any) -> str:
    """A saved time as a person reads it: ``2026-12-02 09:41 UTC``."""
    if isinstance(stamp, str) and len(stamp) >= 16 and stamp[10] == "T":
        return f"{stamp[:10]} {stamp[11:16]} UTC"
    return "?"


def workbook(
    name: str,
    folder: str | os.PathLike | None = None,
    locale: str = "en",
    where: str | None = None,
) -> WorkbookWidget:
    """Open the workbook of the notebook ``name`` (its file name without ``.ipynb``):
    the lessons, exercises and boards made after this join it. What a lesson notebook
    shows in its first cells; its ``hand_in_button()`` ends the notebook, and its
    ``workbook`` is the work itself (classroom/work.py).

    >>> import tempfile
    >>> work = workbook("01-start-here", tempfile.mkdtemp())
    >>> work.mode, work.workbook.name
    ('keeping', '01-start-here')
    >>> from mancala_widgets.classroom.work import close; close()
    """
    from ..classroom.work import workbook as open_workbook

    return WorkbookWidget(open_workbook(name, folder, locale, where))


class WorkbookWidget(WorkWidget):
    """Where the work is kept, and the question when earlier work was found.

    >>> import tempfile
    >>> from mancala_widgets.classroom import work
    >>> view = WorkbookWidget(work.Workbook("lesson", tempfile.mkdtemp()))
    >>> view.mode, view.status["text"][:30]
    ('keeping', 'Your work in this notebook is ')
    """

    #: "asking" (earlier work found, waiting for the student), "keeping" or "continued".
    mode = t.Unicode("keeping").tag(sync=True)
    #: The work file's name.
    file = t.Unicode("").tag(sync=True)
    #: Whether there is saved work to continue (not when its file cannot be read).
    can_continue = t.Bool(False).tag(sync=True)
    #: Where the work is kept: "file" (beside the notebook) or "browser" (the front end
    #: keeps it under ``store_key`` in the browser's storage).
    store = t.Unicode("file").tag(sync=True)
    store_key = t.Unicode("").tag(sync=True)

    def __init__(self, workbook: Workbook) -> None:
        locale = workbook.locale
        super().__init__(
            view="workbook",
            locale=locale,
            file=workbook.path.name,
            store=workbook.where,
            store_key=f"{STORE_PREFIX}{locale}:{workbook.name}",
        )
        self.strings = {
            **self._strings(
                "work",
                ("continue", "start_over", "restore", "restore_confirm", "restore_yes", "cancel")
                + ("label",),
            ),
            **class_strings(locale),
        }
        self.workbook = workbook
        if workbook.where == "browser":
            workbook.browser_writer = self._keep_in_browser
        workbook.live_writer = self._tell_the_class
        self._refresh()
        self.on_msg(self._on_message)
        workbook.on_change(self._saved)

    def hand_in_button(self) -> HandInWidget:
        """The Hand in form at the end of a lesson notebook."""
        return HandInWidget(self.workbook)

    def _tell_the_class(self, events: list[dict]) -> None:
        """Answers and steps for the class's hub: the front end sends them if the
        student joined a class (classroom/live.py)."""
        self.send({"kind": "live", "events": events})

    def _keep_in_browser(self, work: dict, keep_earlier: bool) -> None:
        self.send({"kind": "keep", "work": work, "keep_earlier": keep_earlier})

    def _saved(self) -> None:
        """After each save: say so if it failed, and again once it works; and when the
        browser has said what it holds."""
        failed = bool(self.status and self.status["kind"] == "error")
        if self.mode != self.workbook.mode or (
            bool(self.workbook.problem) != failed and self.mode != "asking"
        ):
            self._refresh()

    def _refresh(self, said: str | None = None) -> None:
        book, loc = self.workbook, self.locale
        self.mode = book.mode
        self.can_continue = book.mode == "asking" and book.saved is not None
        browser = book.where == "browser"
        if said is not None:
            self._say("done", said)
        elif book.mode == "waiting":
            self._say("said", tr(loc, "work.waiting"))
        elif book.mode == "memory":
            self._say("error", tr(loc, "work.not_kept_browser"))
        elif book.mode == "asking" and book.unreadable and browser:
            self._say("error", tr(loc, "work.asking_unreadable_browser"))
        elif book.mode == "asking" and book.unreadable:
            text = tr(loc, "work.asking_unreadable", file=book.path.name, problem=book.unreadable)
            self._say("error", text)
        elif book.mode == "asking":
            saved = book.saved or {"items": {}}
            text = tr(
                loc,
                "work.asking",
                saved=_when(saved.get("saved")),
                **_counts(loc, book.summary(saved["items"])),
            )
            self._say("said", f"{text} {tr(loc, 'work.not_kept_yet')}")
        elif book.problem and browser:  # keeping, but the browser's storage is full
            self._say("error", tr(loc, "work.browser_full"))
        elif book.problem:  # keeping, but the last save failed
            self._say("error", tr(loc, "work.cannot_save", problem=book.problem))
        elif browser:
            self._say("said", tr(loc, "work.keeping_browser"))
        else:
            self._say("said", tr(loc, "work.keeping", file=book.path.name))

    def continue_work(self) -> int:
        saved = len((self.workbook.saved or {"items": {}})["items"])
        given = self.workbook.continue_work()
        key = "work.continued" if given >= saved else "work.continued_some"
        self._refresh(tr(self.locale, key, given=given))
        return given

    def start_over(self) -> None:
        kept = self.workbook.start_over()
        loc = self.locale
        if self.workbook.kept_in_browser:
            said = tr(loc, "work.started_over_browser")
        elif kept is None:
            said = tr(loc, "work.started_fresh")
        else:
            said = tr(loc, "work.started_over", kept=kept.name)
        self._refresh(said)

    def restore_notebook(self) -> None:
        from ..classroom.lessons import LessonsFolderError
        from ..classroom.site import folder_is_kept

        if not folder_is_kept(self.workbook.folder):  # the site at a class's address
            self._say("error", tr(self.locale, "work.cannot_restore_here"))
            return
        try:
            _, kept = self.workbook.restore_notebook()
        except (LessonsFolderError, OSError) as e:
            self._say("error", tr(self.locale, "work.cannot_restore", problem=str(e)))
            return
        if kept is None:
            self._say("done", tr(self.locale, "work.restored_fresh"))
        else:
            self._say("done", tr(self.locale, "work.restored", kept=kept.name))

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A message from the browser (untrusted): one of the three buttons, or what its
        storage holds or failed to write."""
        content = from_wire(content)
        if isinstance(content, dict) and content.get("kind") in ("stored", "kept"):
            self._on_storage(content)
            return
        actions = {
            "continue": self.continue_work,
            "start_over": self.start_over,
            "restore": self.restore_notebook,
        }
        if not isinstance(content, dict) or set(content) != {"kind"}:
            self._say("error", tr(self.locale, "work.bad_message"))
            return
        action = actions.get(content["kind"]) if isinstance(content["kind"], str) else None
        nothing_saved = self.mode != "asking" or self.workbook.saved is None
        if action is None or (content["kind"] == "continue" and nothing_saved):
            self._say("error", tr(self.locale, "work.bad_message"))
            return
        action()

    def _on_storage(self, content: dict) -> None:
        book = self.workbook
        problem = content.get("problem")
        if problem is not None and problem not in STORAGE_PROBLEMS:
            problem = "refused"
        if content["kind"] == "kept" and set(content) == {"kind", "problem"}:
            book.browser_failed(problem)
        elif (
            content["kind"] == "stored"
            and set(content) == {"kind", "available", "work", "problem"}
            and isinstance(content["available"], bool)
        ):
            book.browser_said(content["available"], content["work"], problem)
        else:
            self._say("error", tr(self.locale, "work.bad_message"))


class HandInWidget(WorkWidget):
    """The Hand in form: a name, a button, and what was handed in.

    >>> import tempfile
    >>> from mancala_widgets.classroom import work
    >>> from mancala_widgets import Lesson
    >>> book = work.workbook("01-start-here", tempfile.mkdtemp())
    >>> lesson = Lesson("start-here"); lesson.next(); feedback = lesson.answer(2)
    >>> form = HandInWidget(book)
    >>> handed = form.hand_in("Mbuyi")
    >>> handed["student"], len(handed["lessons"][0]["answers"]), form.status["kind"]
    ('Mbuyi', 1, 'done')
    >>> work.close()
    """

    #: The name the student gave last (the browser fills in the one it remembers).
    student = t.Unicode("").tag(sync=True)

    def __init__(self, workbook: Workbook | None) -> None:
        locale = workbook.locale if workbook is not None else "en"
        super().__init__(view="handin", locale=locale)
        self.strings = self._strings(
            "handin", ("title", "intro", "intro_class", "name", "name_placeholder", "button")
        )
        #: Whether the student joined a class (the front end says): Hand in then sends
        #: the work to the teacher's laptop, and downloads it only if that fails.
        self.joined = False
        self._handed: tuple[str, dict[str, int]] | None = None
        self.workbook = workbook
        self.student = (workbook.student or "") if workbook is not None else ""
        if workbook is None:
            self._say("error", tr(locale, "handin.not_kept"))
        self.on_msg(self._on_message)

    def hand_in(self, student: str) -> dict | None:
        """Hand in the notebook's work for ``student``: the file is written beside the
        notebook and sent to the browser to download. The hand-in, or None (and the
        reason shown) if there is nothing to hand in or the name cannot be used."""
        from ..classroom.handin import file_name, from_items, save
        from ..classroom.work import WorkError

        loc = self.locale
        if self.workbook is None:
            self._say("error", tr(loc, "handin.not_kept"))
            return None
        try:
            name = self.workbook.set_student(student)
        except WorkError:
            self._say("error", tr(loc, "handin.need_name"))
            return None
        items = self.workbook.to_json()["items"]
        summary = self.workbook.summary(items)
        if not any(summary.values()):
            self._say("error", tr(loc, "handin.nothing_yet"))
            return None
        handed = from_items(items, name, self.workbook.name)
        text = json.dumps(handed, ensure_ascii=False, indent=1) + "\n"
        file = file_name(name, self.workbook.name)
        try:
            save(handed, self.workbook.folder)
        except OSError:
            pass  # a read-only folder: the download is what the teacher gets
        self.student = name
        if self.joined:
            self._handed = (file, summary)
            self.send({"kind": "deliver", "file": file, "text": text})
            self._say("said", tr(loc, "handin.sending"))
        else:
            self.send({"kind": "download", "file": file, "text": text})
            self._say("done", tr(loc, "handin.handed_in", file=file, **_counts(loc, summary)))
        return handed

    def _on_delivery(self, content: dict) -> None:
        """What became of a hand-in sent to the teacher's laptop (the front end says):
        the receipt, or the download it fell back to."""
        loc = self.locale
        if self._handed is None:
            return  # nothing was being sent
        file, summary = self._handed
        self._handed = None
        if content["kind"] == "delivered":
            self._say(
                "done",
                tr(
                    loc,
                    "handin.delivered",
                    file=content["file"],
                    receipt=content["receipt"],
                    at=_wall_clock(content["received"]),
                    **_counts(loc, summary),
                ),
            )
        else:
            self._say("error", tr(loc, "handin.not_delivered", file=file))

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A message from the browser (untrusted): ``{"kind": "hand_in", "student"}``, or
        what the front end knows of the class (joined, a delivery)."""
        content = from_wire(content)
        if is_class_message(content):
            if content["kind"] == "class":
                self.joined = content["joined"]
            else:
                self._on_delivery(content)
            return
        if (
            not isinstance(content, dict)
            or set(content) != {"kind", "student"}
            or content["kind"] != "hand_in"
            or not isinstance(content["student"], str)
        ):
            self._say("error", tr(self.locale, "handin.bad_message"))
            return
        if len(content["student"]) > NAME_MOST:
            self._say("error", tr(self.locale, "handin.need_name"))
            return
        self.hand_in(content["student"])


class DownloadButton(WorkWidget):
    """A button that saves a file the notebook made (the marks as CSV, a page to print)
    in the browser's downloads: the browser holds the text, so it works with no server
    (the classroom site) as in JupyterLab.

    >>> DownloadButton("marks.csv", "student,score\\n", "Download").file
    'marks.csv'
    """

    file = t.Unicode().tag(sync=True)
    text = t.Unicode().tag(sync=True)
    label = t.Unicode().tag(sync=True)

    def __init__(self, file: str, text: str, label: str, locale: str = "en") -> None:
        super().__init__(view="download", locale=locale, file=file, text=text, label=label)


__all__ = ["DownloadButton", "HandInWidget", "WorkbookWidget", "workbook"]
