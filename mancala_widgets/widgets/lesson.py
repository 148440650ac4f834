"""The lesson stepper: a board that walks through a lesson's scripted steps.

>>> lesson = Lesson("pussa-kanawa")
>>> lesson.step, lesson.lesson["steps"] > 3
(1, True)
>>> lesson.next(); lesson.step
2
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import traitlets as t

from ..lessons import (
    LessonScript,
    best_words,
    check_answer,
    describe_answer,
    is_right,
    load_lesson,
    localized,
)
from ..text import Refusal, tr
from ..text.names import hole_name, move_name
from .board import MESSAGE_KINDS, Board


class Lesson(Board):
    """A guided lesson: narration, highlights and predictions over an animated board.

    Hole numbers are drawn (the texts refer to them). ``projector=True`` fills
    the cell's width for a class; Page Down and Page Up (a presentation
    clicker), or the arrow keys, step through the lesson."""

    message_kinds = {**MESSAGE_KINDS, "lesson": ("kind", "action"), "answer": ("kind", "answer")}
    lesson = t.Dict(allow_none=True, default_value=None).tag(sync=True)

    def __init__(
        self,
        source: str | Path | dict | LessonScript,
        *,
        locale: str = "en",
        numbers: bool = True,
        **kwargs: Any,
    ):
        data = source if isinstance(source, LessonScript) else load_lesson(source)
        super().__init__(
            data.game,
            position=data.steps[0].start,
            locale=locale,
            title=localized(data.title, locale),
            numbers=numbers,
            **kwargs,
        )
        self.interactive = False
        self._data = data
        self._index = 0
        self._feedback: dict | None = None
        #: Every answer given, in order: the step, what was given, whether it was right, when.
        self.answers: list[dict] = []
        self._show(0)
        self._join_workbook("lesson", data.id)

    _joins_as_board = False

    def work_state(self) -> dict:
        """Where the student is in the lesson and every answer they gave."""
        from ..classroom.work import now

        return {
            "id": self._data.id,
            "version": self._data.version,
            "step": self.step,
            "answers": [dict(a) for a in self.answers],
            "feedback": self._feedback,
            "at": now(),
        }

    def _restore(self, state: dict) -> None:
        if state["id"] != self._data.id or state["version"] != self._data.version:
            return  # saved with another version of the lesson
        step = state["step"]
        if type(step) is not int or not 1 <= step <= len(self._data.steps):
            return
        self.answers = [dict(a) for a in state["answers"] if isinstance(a, dict)]
        self._show(step - 1)
        feedback = state.get("feedback")
        current = self._data.steps[self._index]
        if isinstance(feedback, dict) and current.predict is not None and current.move:
            self._feedback = dict(feedback)
            self.play(current.move)
            self._sync_lesson()

    @property
    def script(self) -> LessonScript:
        """The lesson being shown, as loaded (steps, moves, answers)."""
        return self._data

    @property
    def step(self) -> int:
        """The step shown, counted from 1."""
        return self._index + 1

    def next(self):
        if self._index + 1 < len(self._data.steps):
            self._show(self._index + 1)

    def back(self):
        if self._index > 0:
            self._show(self._index - 1)

    def restart(self):
        self._show(0)

    def answer(self, answer: Any) -> dict:
        """Answer the step's prediction: a list of cells clicked ([] for "no
        capture"), a whole number, or an option ("yes", "no", "ends", "never").

        Returns the feedback, then plays the move so the student sees why."""
        step = self._data.steps[self._index]
        if step.predict is None or step.move is None:  # a prediction comes with its move
            raise Refusal("no_question")
        if self._feedback is not None:
            raise Refusal("answered")
        board = step.start["board"]
        given = check_answer(step.predict, answer, len(board), len(board[0]))
        right = is_right(step.predict, given)
        loc = self.locale
        parts = [tr(loc, "lesson.right" if right else "lesson.wrong")]
        if not right:
            parts.append(
                tr(
                    loc,
                    "lesson.answer",
                    answer=describe_answer(
                        self.game, step.predict, step.predict["answer"], loc, self.labels
                    ),
                )
            )
        if step.predict["ask"] == "best":
            parts.extend(best_words(step, given, loc, self.labels))
        if step.predict["explain"]:
            parts.append(localized(step.predict["explain"], loc))
        self._feedback = {
            "correct": right,
            "text": " ".join(parts),
            "cells": given if isinstance(given, list) else [],
            "given": describe_answer(self.game, step.predict, given, loc, self.labels),
        }
        from ..classroom.work import now

        self.answers.append(
            {
                "step": self.step,
                "ask": step.predict["ask"],
                "of": step.predict.get("of"),
                "given": given,
                "right": right,
                "at": now(),
            }
        )
        self.play(step.move)
        self._sync_lesson()
        return dict(self._feedback)

    def _show(self, index: int):
        self._index = index
        self._feedback = None
        step = self._data.steps[index]
        self.load(step.start)
        if step.move is not None and step.predict is None:
            self.play(step.move)
        self._sync_lesson()

    def _sync_lesson(self):
        self._sync_lesson_trait()
        self._work_changed()

    def _sync_lesson_trait(self):
        step = self._data.steps[self._index]
        loc = self.locale
        question = None
        if step.predict is not None and step.move is not None:  # a prediction has a move
            ask = step.predict["ask"]
            player = step.start["to_move"]
            said = move_name(self.game, step.move, player, loc, self.labels)
            moved = _moved_cells(step.move)
            if ask == "best":  # the question is which move: the board does not say it
                said, moved = "", []
            elif step.predict["of"] == "count":  # the boma, not how many are lifted
                boma = [step.move["row"], step.move["column"]]
                said = hole_name(self.game, boma, loc, self.labels)
            question = {
                "ask": ask,
                "text": localized(step.predict["question"], loc),
                "move": said,
                "moved": moved,
                "multi": ask == "protected",
                "none": ask == "capture",
                "number": ask == "number",
                "options": [
                    {"value": o, "text": tr(loc, f"lesson.opt_{o}")}
                    for o in step.predict["options"] or []
                ],
            }
        last = self._index == len(self._data.steps) - 1
        self.lesson = {
            "id": self._data.id,
            "title": localized(self._data.title, loc),
            "step": self.step,
            "steps": len(self._data.steps),
            "text": localized(step.text, loc),
            "puzzle": tr(loc, f"lesson.puzzle_{self.game}", total=step.puzzle)
            if step.puzzle
            else None,
            "summary": localized(self._data.summary, loc) if last and self._data.summary else None,
            "highlight": step.highlight,
            "label": {"at": step.label["at"], "text": localized(step.label["text"], loc)}
            if step.label
            else None,
            "arrow": step.arrow,
            "question": question,
            "feedback": self._feedback,
        }

    @t.observe("locale")
    def _relabel_lesson(self, change):
        if hasattr(self, "_data"):
            self.title = localized(self._data.title, self.locale)
            self._sync_lesson()

    def _on_extra_message(self, kind: str, content: dict) -> bool:
        if kind == "lesson":
            action = content["action"]
            actions = {"next": self.next, "back": self.back, "restart": self.restart}
            if not isinstance(action, str) or action not in actions:
                raise Refusal("lesson_action", action=str(action)[:40])
            actions[action]()
            return True
        if kind == "answer":
            self.answer(content["answer"])
            return True
        return False


class StudentAnswers(Lesson):
    """A student's handed-in work in a lesson, for the teacher: the lesson step by step,
    and at each question the student's first answer marked on the board beside the
    right one, with what a wrong answer points to (``show_student``, widgets/marks.py).
    It keeps no work."""

    def __init__(self, source: Any, work: Any, *, locale: str = "en", **kwargs: Any):
        self._work = work
        self._marks = {a.question: a for a in work.answers}
        super().__init__(source, locale=locale, **kwargs)
        self.title = f"{work.student}: {self.title}"

    def _join_workbook(self, kind: str, name: str | None = None) -> None:
        """The teacher's view of a student's work is not the teacher's own work."""

    def _show(self, index: int) -> None:
        super()._show(index)
        step = self._data.steps[index]
        mark = self._marks.get(str(index + 1))
        if step.predict is None or step.move is None or mark is None or mark.right is None:
            return
        loc = self.locale
        parts = [
            tr(loc, "marking.their_answer", student=self._work.student, given=mark.given_words),
            tr(loc, "lesson.right" if mark.right else "lesson.wrong"),
        ]
        if not mark.right:
            parts.append(tr(loc, "lesson.answer", answer=mark.answer_words))
            if mark.misconception:
                parts.append(mark.misconception)
        if mark.attempts > 1:
            parts.append(tr(loc, "marking.tries", n=mark.attempts))
        self._feedback = {
            "correct": mark.right,
            "text": " ".join(parts),
            "cells": mark.given if isinstance(mark.given, list) else [],
            "given": mark.given_words,
        }
        self.play(step.move)
        self._sync_lesson()


def _moved_cells(move: dict) -> list:
    """The holes a move starts from, marked while its question waits."""
    if move["type"] == "sow":
        return [[move["row"], move["column"]]]
    if move["type"] == "redistribute":
        return [list(c) for c in move["lift"]]
    return []


__all__ = ["Lesson", "StudentAnswers"]
