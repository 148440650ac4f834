"""Every lesson's questions, for the class hub's live page (``hub/questions.json``).

The teacher's page draws each question's answers where they belong: a board for the
questions answered by clicking holes, bars for numbers and choices. It needs, for each
step that asks a question, the position to draw, what is asked, the options, the right
answer and, in every language, the question and the misconception each known wrong
answer points to (classroom/misconceptions.py)::

    >>> data = hub_questions()
    >>> lesson = next(x for x in data["lessons"] if x["id"] == "pussa-kanawa")
    >>> q = lesson["questions"][0]
    >>> q["step"], q["ask"], q["answer"], len(q["board"]), len(q["board"][0])
    (2, 'landing', [[3, 2]], 4, 7)
    >>> sorted(q["question"]) == sorted(data["locales"])
    True

Steps are numbered from 1, as a hand-in's answers number them (marking.py reads
``script.steps[step - 1]``), and as the lessons send them to the hub.
"""

from __future__ import annotations

import json
from typing import Any

from ..lessons import LessonScript, Step, available_lessons, load_lesson, localized
from ..text import LOCALES, tr
from ..text.names import hole_name
from .misconceptions import wrong_answers

FORMAT = "mancala-widgets/hub-questions"
VERSION = 1


def question(script: LessonScript, number: int, step: Step) -> dict[str, Any]:
    """One step's question as the live page draws it (``number`` counts from 1)."""
    predict = step.predict
    assert predict is not None
    game = script.game
    options = predict["options"]
    return {
        "step": number,
        "ask": predict["ask"],
        "of": predict["of"],
        "game": game,
        "board": step.start["board"],
        "to_move": step.start["to_move"],
        "answer": predict["answer"],
        "options": options,
        "option_labels": (
            None
            if options is None
            else {loc: {o: tr(loc, f"lesson.opt_{o}") for o in options} for loc in LOCALES}
        ),
        "question": {loc: localized(predict["question"], loc) for loc in LOCALES},
        "wrong": [
            {"given": w.answer, "text": {loc: w.words(loc) for loc in LOCALES}}
            for w in wrong_answers(step, game)
        ],
    }


def hole_names(game: str, board: list[list[int]]) -> dict[str, list[list[str]]]:
    """Every hole's name ("South's inner hole 3") by row and column, in every language."""
    return {
        loc: [
            [hole_name(game, (r, c), loc) for c in range(len(row))] for r, row in enumerate(board)
        ]
        for loc in LOCALES
    }


def lesson_questions(script: LessonScript) -> dict[str, Any]:
    """A lesson's title, its number of steps, the names of its board's holes and its
    questions."""
    board = script.steps[0].start["board"]
    return {
        "id": script.id,
        "game": script.game,
        "hole_names": hole_names(script.game, board),
        "title": {loc: localized(script.title, loc) for loc in LOCALES},
        "steps": len(script.steps),
        "questions": [
            question(script, i, step)
            for i, step in enumerate(script.steps, 1)
            if step.predict is not None
        ],
    }


def hub_questions(lessons: list[str] | None = None) -> dict[str, Any]:
    """The questions of ``lessons`` (default: every lesson of the package)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "locales": list(LOCALES),
        "lessons": [
            lesson_questions(load_lesson(lesson_id))
            for lesson_id in (lessons or available_lessons())
        ],
    }


def hub_questions_json(lessons: list[str] | None = None) -> str:
    """:func:`hub_questions` as the text of ``hub/questions.json``."""
    return json.dumps(hub_questions(lessons), ensure_ascii=False, separators=(",", ":")) + "\n"


__all__ = ["FORMAT", "VERSION", "hub_questions", "hub_questions_json"]
