"""The classroom: the lessons copied for a teacher (lessons.py) and the classroom
site served to a class from a laptop (serve.py).

>>> from mancala_widgets.classroom import copy_lessons, start_notebook
>>> start_notebook("ko")
'ko/01-start-here.ipynb'
"""

from .lessons import Copied, LessonsFolderError, copy_lessons, notebooks_folder, start_notebook

__all__ = ["Copied", "LessonsFolderError", "copy_lessons", "notebooks_folder", "start_notebook"]
