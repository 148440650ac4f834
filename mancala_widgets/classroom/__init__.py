"""The classroom: the lessons copied for a teacher (lessons.py), the classroom site
served to a class from a laptop (serve.py), a student's work kept as it happens
(work.py), handed in (handin.py) and marked by the teacher (marking.py), and the
players students program, handed in and loaded back for a class tournament
(playercode.py).

>>> from mancala_widgets.classroom import copy_lessons, start_notebook
>>> start_notebook("ko")
'ko/01-start-here.ipynb'
"""

from typing import Any

from .handin import hand_in
from .lessons import (
    Copied,
    LessonsFolderError,
    copy_lessons,
    notebooks_folder,
    restore_notebook,
    start_notebook,
)
from .marking import Marks, mark
from .playercode import keep_player, players_from
from .sample import sample_class
from .work import Workbook, WorkError, workbook


def join(hub: str = "", locale: str = "en") -> Any:
    """The form that joins the class whose hub is the teacher's laptop at ``hub`` (the
    address ``serve`` prints, like ``http://192.168.1.5:8000``): the student's name and
    the class code. From then on this browser sends each answer to the teacher's screen
    and Hand in sends the work to the teacher's laptop. The classroom site's lessons have
    this form already (their hub is the site's own server)."""
    from ..widgets.work import JoinWidget

    return JoinWidget(hub, locale)


def upload(locale: str = "en") -> Any:
    """A box to drop hand-in files into (it works in the classroom site too): give it
    to :func:`mark`."""
    import ipywidgets

    from ..text import tr

    return ipywidgets.FileUpload(
        accept=".json", multiple=True, description=tr(locale, "marking.upload")
    )


__all__ = [
    "Copied",
    "LessonsFolderError",
    "Marks",
    "WorkError",
    "Workbook",
    "copy_lessons",
    "hand_in",
    "join",
    "keep_player",
    "mark",
    "notebooks_folder",
    "players_from",
    "restore_notebook",
    "sample_class",
    "start_notebook",
    "upload",
    "workbook",
]
