"""The marking notebook's widgets: the box hand-ins are dropped into, a student's work
shown step by step, and the buttons that download the marks. The marks themselves are
the class's data (classroom/marking.py); this module only shows them::

    from mancala_widgets import classroom, download, show_student, upload
    files = upload(locale=LOCALE)                     # drop the hand-in files here
    marks = classroom.mark(files, locale=LOCALE)
    show_student(marks, "Mbuyi")                      # one student's work
    download(marks, "csv")                            # for a gradebook
"""

from __future__ import annotations

from typing import Any

from ..classroom.marking import Marks
from ..lessons import load_lesson
from ..text import tr
from .lesson import StudentAnswers
from .work import DownloadButton


def upload(locale: str = "en") -> Any:
    """A box to drop hand-in files into (it works in the classroom site too): give it
    to ``classroom.mark``.

    >>> upload().accept
    '.json'
    """
    import ipywidgets

    return ipywidgets.FileUpload(
        accept=".json", multiple=True, description=tr(locale, "marking.upload")
    )


def download(marks: Marks, what: str = "csv", lesson: str | None = None) -> DownloadButton:
    """A button that downloads the marks (``"csv"``) or a page to print (``"report"``),
    the same in the classroom site and in JupyterLab.

    >>> from mancala_widgets.classroom import mark, sample_class
    >>> download(mark(sample_class()), "csv").file
    'marks.csv'
    """
    file, text = marks.file(what, lesson)
    label = tr(marks.locale, f"marking.download_{what}")
    return DownloadButton(file, text, label, locale=marks.locale)


def show_student(marks: Marks, student: str, lesson: str | None = None) -> Any:
    """One student's work in a lesson, step by step on the lesson's board: at each
    question, their first answer beside the right one, and what a wrong one points to.
    A student who handed in only exercises: those, as a table.

    >>> from mancala_widgets.classroom import mark, sample_class
    >>> marks = mark(sample_class())
    >>> show_student(marks, marks.students[0]).title.startswith(marks.students[0])
    True
    """
    work = marks.work_of(student, lesson)
    if work.part == "exercises":
        return marks.exercises_of(student)
    return StudentAnswers(load_lesson(work.part), work, locale=marks.locale)


__all__ = ["download", "show_student", "upload"]
