"""The classroom: the lessons copied for a teacher (lessons.py), the classroom site
served to a class from a laptop (serve.py), a student's work kept as it happens
(work.py), handed in (handin.py) and marked by the teacher (marking.py), and the
players students program, handed in and loaded back for a class tournament
(playercode.py). The class's data only: what shows it (the workbook, Hand in, the join
form, the marking notebook's upload box and buttons) is in the widget layer, named at
the package's top level (``from mancala_widgets import workbook, join, upload``).

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
from .work import Workbook, WorkError

#: What shows the class's data moved up to the widget layer: said plainly to a notebook
#: written before the move.
_MOVED = {"workbook": "workbook", "join": "join", "upload": "upload"}


def __getattr__(name: str) -> Any:
    if name in _MOVED:
        raise AttributeError(
            f"classroom.{name} is now mancala_widgets.{_MOVED[name]} (it makes a widget): "
            f"from mancala_widgets import {_MOVED[name]}"
        )
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "Copied",
    "LessonsFolderError",
    "Marks",
    "WorkError",
    "Workbook",
    "copy_lessons",
    "hand_in",
    "keep_player",
    "mark",
    "notebooks_folder",
    "players_from",
    "restore_notebook",
    "sample_class",
    "start_notebook",
]
