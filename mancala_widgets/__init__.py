"""mancala-widgets: teach Kisolo and Kiothi step by step in Jupyter."""

from .rules import (GameOverError, IllegalMoveError, InvalidMoveError, InvalidPositionError,
                    InvalidRecordError, apply_move, dump_position, initial_position,
                    legal_moves, load_position, play)

__version__ = "0.1.0"
__all__ = [
    "GameOverError", "IllegalMoveError", "InvalidMoveError", "InvalidPositionError",
    "InvalidRecordError", "apply_move", "dump_position", "initial_position", "legal_moves",
    "load_position", "play",
]
