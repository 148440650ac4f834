"""mancala-widgets: teach Kisolo and Kiothi step by step in Jupyter.

>>> from mancala_widgets import KisoloBoard
>>> board = KisoloBoard(columns=7, labels={"south": "Amina", "north": "Kofi"})
>>> trace = board.play({"type": "capture", "column": 3})
"""

from .rules import (GameOverError, IllegalMoveError, InvalidMoveError, InvalidPositionError,
                    InvalidRecordError, apply_move, dump_position, initial_position,
                    legal_moves, load_position, play)
from .rules.record import GameRecord
from .svg import board_svg
from .widgets import Board, KiothiBoard, KisoloBoard

__version__ = "0.1.0"
__all__ = [
    "Board", "GameOverError", "GameRecord", "IllegalMoveError", "InvalidMoveError",
    "InvalidPositionError", "InvalidRecordError", "KiothiBoard", "KisoloBoard", "apply_move",
    "board_svg", "dump_position", "initial_position", "legal_moves", "load_position", "play",
]
