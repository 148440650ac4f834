"""mancala-widgets: teach Kisolo and Kiothi step by step in Jupyter.

>>> from mancala_widgets import KisoloBoard
>>> board = KisoloBoard(columns=7, labels={"south": "Mbuyi", "north": "Kanku"})
>>> trace = board.play({"type": "capture", "column": 3})
"""

from .comparison import Comparison, compare
from .lessons import available_lessons, load_lesson
from .rules import (
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    InvalidRecordError,
    apply_move,
    dump_position,
    initial_position,
    legal_moves,
    load_position,
    play,
)
from .rules.record import GameRecord
from .svg import board_svg
from .tournaments import Tournament, tournament
from .widgets import Board, KiothiBoard, KisoloBoard, Lesson

__version__ = "0.1.0"
__all__ = [
    "Board",
    "Comparison",
    "GameOverError",
    "GameRecord",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidPositionError",
    "InvalidRecordError",
    "KiothiBoard",
    "KisoloBoard",
    "Lesson",
    "Tournament",
    "apply_move",
    "available_lessons",
    "board_svg",
    "compare",
    "load_lesson",
    "dump_position",
    "initial_position",
    "legal_moves",
    "load_position",
    "play",
    "tournament",
]
