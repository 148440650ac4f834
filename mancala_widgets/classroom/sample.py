"""A made-up class's hand-ins, for a teacher to try the marking notebook before a real
class hands anything in (and for the tests): eight students of the *pussa kanawa*
lesson, each wrong answer one of the lesson's plausible wrong answers, one file whose
"right" flags were edited, one handed in twice and one cut short.

>>> files = sample_class()
>>> len(files), files[-1][0]
(9, 'Ilunga-02-kisolo-pussa-kanawa.handin.json')
"""

from __future__ import annotations

import json
from typing import Any

from ..lessons import load_lesson
from .handin import FORMAT, VERSION, file_name, package_version
from .misconceptions import wrong_answers

LESSON = "pussa-kanawa"
NOTEBOOK = "02-kisolo-pussa-kanawa"
#: Each student and the questions (by their order in the lesson, from 0) they got
#: wrong; a wrong answer is one of the question's plausible ones.
#: Names of the Luba, Lulua and Songye, whose game Kisolo is.
STUDENTS = [
    ("Mbuyi", []),
    ("Kabongo", [0, 1, 9]),
    ("Ngalula", [1]),
    ("Kasongo", [1, 4, 7, 9]),
    ("Banza", [0, 1]),
    ("Tshibola", [9]),
    ("Mwamba", [1, 3, 6]),
    ("Ilunga", []),
]


def _hand_in(student: str, wrong: list[int], minute: int) -> dict:
    script = load_lesson(LESSON)
    answers = []
    questions = [(i, s) for i, s in enumerate(script.steps, 1) if s.predict is not None]
    for k, (number, step) in enumerate(questions):
        assert step.predict is not None
        given: Any = step.predict["answer"]
        plausible = wrong_answers(step, script.game)
        if k in wrong and plausible:
            given = plausible[0 if len(student) % 3 else -1].answer
        answers.append(
            {
                "step": number,
                "ask": step.predict["ask"],
                "of": step.predict["of"],
                "given": given,
                "right": given == step.predict["answer"],
                "at": f"2026-12-04T09:{minute + k:02d}:00Z",
            }
        )
    return {
        "format": FORMAT,
        "version": VERSION,
        "student": student,
        "notebook": NOTEBOOK,
        "handed_in": f"2026-12-04T09:{minute + 20:02d}:00Z",
        "package": package_version(),
        "lessons": [{"id": script.id, "version": script.version, "step": 13, "answers": answers}],
        "exercises": [],
        "games": [],
    }


def sample_class() -> list[tuple[str, bytes]]:
    """The made-up class's files, as (file name, bytes), ready for ``mark``."""
    files = []
    for i, (student, wrong) in enumerate(STUDENTS):
        handed = _hand_in(student, wrong, i)
        if student == "Ngalula":  # her first hand-in, before she finished: the later one counts
            early = _hand_in(student, [0, 1, 2, 3], 0)
            early["handed_in"] = "2026-12-04T09:05:00Z"
            files.append((f"early-{file_name(student, NOTEBOOK)}", _text(early)))
        if student == "Mwamba":  # "right" flags edited to look perfect
            for answer in handed["lessons"][0]["answers"]:
                answer["right"] = True
        text = _text(handed)
        if student == "Ilunga":  # a download cut short
            text = text[: len(text) // 2]
        files.append((file_name(student, NOTEBOOK), text))
    return files


def _text(handed: dict) -> bytes:
    return (json.dumps(handed, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


__all__ = ["sample_class"]
