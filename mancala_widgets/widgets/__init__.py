"""The anywidget boards and the lesson stepper."""

from .board import Board, KiothiBoard, KisoloBoard
from .lesson import Lesson

__all__ = ["Board", "KiothiBoard", "KisoloBoard", "Lesson"]
