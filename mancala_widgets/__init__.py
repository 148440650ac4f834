"""mancala-widgets: teach Kisolo and Kiothi step by step in Jupyter.

>>> from mancala_widgets import KisoloBoard
>>> board = KisoloBoard(columns=7, labels={"south": "Mbuyi", "north": "Kanku"})
>>> trace = board.play({"type": "capture", "column": 3})
"""

from typing import TYPE_CHECKING, Any

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

if TYPE_CHECKING:
    from .comparison import Comparison, compare
    from .widgets import Board, KiothiBoard, KisoloBoard, Lesson
    from .widgets.exercise import ExerciseWidget
    from .widgets.hub import from_hub, join
    from .widgets.marks import download, show_student, upload
    from .widgets.work import workbook

#: The names that need the widget packages (anywidget, ipywidgets, traitlets): imported
#: when first used, so the rules, lessons, players and tournaments work without them.
_WIDGETS = {
    "Board": "widgets",
    "KiothiBoard": "widgets",
    "KisoloBoard": "widgets",
    "Lesson": "widgets",
    "ExerciseWidget": "widgets.exercise",
    "workbook": "widgets.work",
    "join": "widgets.hub",
    "from_hub": "widgets.hub",
    "upload": "widgets.marks",
    "download": "widgets.marks",
    "show_student": "widgets.marks",
    "Comparison": "comparison",
    "compare": "comparison",
}


def __getattr__(name: str) -> Any:
    if name in _WIDGETS:
        import importlib

        try:
            module = importlib.import_module(f".{_WIDGETS[name]}", __name__)
        except ImportError as e:
            raise ImportError(
                f"mancala_widgets.{name} is a widget and needs anywidget, ipywidgets and "
                f"traitlets ({e}); the rules, lessons, players and tournaments work without "
                'them. Install them with: pip install "mancala-widgets"'
            ) from e
        value = getattr(module, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__version__ = "0.1.0"
__all__ = [
    "Board",
    "Comparison",
    "ExerciseWidget",
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
    "download",
    "from_hub",
    "load_lesson",
    "dump_position",
    "initial_position",
    "join",
    "legal_moves",
    "load_position",
    "play",
    "show_student",
    "tournament",
    "upload",
    "workbook",
]
