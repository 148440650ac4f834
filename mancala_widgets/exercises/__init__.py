"""Exercises the notebook checks, in English or Korean: where a sowing lands
(modular arithmetic on a circuit), which hole a relay lifts first, and a
capture the student builds. Every answer comes from the rules engine.

Each exercise has ``question`` (text), ``check(answer)`` returning a
:class:`Feedback`, ``hint()``, ``worked()`` (the worked answer) and ``answer``
(the engine's answer). ``ExerciseWidget(exercise)`` (``from mancala_widgets import
ExerciseWidget``, widgets/exercise.py) shows it as a widget that looks like the
lessons: the question, the board as a picture, an answer box, the buttons Check,
Hint and Show answer, and the feedback, every text shown as text. It runs in
JupyterLite (Pyodide) too. Shown alone, an exercise is its question and board.

An answer that cannot be read ("seven", ``[9, 9]``, ``3.5``) is neither right
nor wrong: its feedback says what was expected and has ``malformed=True``.

>>> ex = landing(14, 3, 17)
>>> ex.answer
6
>>> ex.check("6").correct, ex.check(5).correct
(True, False)
>>> fb = ex.check("seven")
>>> fb.correct, fb.malformed
(False, True)
>>> print(ex.worked().splitlines()[1])
(3 + 17) mod 14 = 20 mod 14 = 6
>>> landing(20, 16, 9, locale="ko").check(5).text
'맞았습니다!'
"""

from __future__ import annotations

from typing import Any

from .base import CIRCUITS, Exercise, ExerciseError, Feedback
from .capture_builder import BuildCapture, build_capture
from .capture_choice import BestCapture, best_capture
from .reading import read_cell
from .relay_lifted import Lifted, lifted
from .sowing_landing import Landing, circuit_cells, first_lap_landing, landing

__all__ = [
    "BestCapture",
    "BuildCapture",
    "CIRCUITS",
    "Exercise",
    "ExerciseError",
    "Feedback",
    "LIFTED_POSITION",
    "Landing",
    "Lifted",
    "best_capture",
    "build_capture",
    "circuit_cells",
    "exercise_from",
    "exercise_set",
    "first_lap_landing",
    "landing",
    "lifted",
    "read_cell",
]


# -- The notebook's set and the form ------------------------------------------------------

#: The lifted exercise of the standard set: lap 1 ends in South's inner hole 6,
#: which already held a stone, so pussa kanawa lifts the hole after it.
LIFTED_POSITION = {
    "game": "kisolo",
    "columns": 7,
    "to_move": "south",
    "board": [
        [1, 2, 0, 0, 3, 0, 1],
        [2, 0, 0, 0, 0, 0, 3],
        [0, 0, 0, 0, 2, 1, 0],
        [0, 0, 0, 0, 4, 1, 0],
    ],
    "status": "playing",
    "winner": None,
    "reason": None,
}


def exercise_from(family: Any, parameters: Any, locale: str = "en") -> Exercise:
    """The exercise a student's work names (``family`` and ``parameters``, as
    ``Exercise.parameters`` gives them), made again to check its answers; raises
    ExerciseError or the engine's error for parameters that make no exercise."""
    if not isinstance(parameters, dict):
        raise ExerciseError(locale, "unreadable_parameters")
    makers: dict[str, Any] = {
        "landing": Landing,
        "lifted": Lifted,
        "build": BuildCapture,
        "best": BestCapture,
    }
    if not isinstance(family, str) or family not in makers:
        raise ExerciseError(locale, "unreadable_parameters")
    try:
        return makers[family](**parameters, locale=locale)
    except TypeError:  # parameters it does not take
        raise ExerciseError(locale, "unreadable_parameters") from None


def exercise_set(locale: str = "en") -> list[Exercise]:
    """The notebook's standard exercises, the same every run.

    >>> [ex.answer for ex in exercise_set()[:4]]
    [6, 4, 5, [2, 4]]
    """
    return [
        landing(14, 3, 17, locale),  # more stones than holes: once round and on
        landing(12, 4, 12, locale),  # exactly one round: the start gets the last one
        landing(20, 16, 9, locale),  # from North's row on round into South's
        lifted(LIFTED_POSITION, {"type": "sow", "row": 3, "column": 4}, locale),
        build_capture("kisolo", locale),
    ]
