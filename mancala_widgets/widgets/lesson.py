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

from ..lessons import Lesson as LessonData
from ..lessons import describe_answer, load_lesson, localized
from ..rules import MalformedError
from .board import MESSAGE_KINDS, Board

FEEDBACK = {
    "en": {"right": "Right!", "wrong": "Not quite.", "answer": "The answer: {answer}."},
    "ko": {"right": "맞았습니다!", "wrong": "아쉽지만 틀렸습니다.", "answer": "정답: {answer}."},
}


class Lesson(Board):
    """A guided lesson: narration, highlights and predictions over an animated board."""

    message_kinds = {**MESSAGE_KINDS, "lesson": ("kind", "action"), "answer": ("kind", "cells")}
    lesson = t.Dict(allow_none=True, default_value=None).tag(sync=True)

    def __init__(self, source: str | Path | dict | LessonData, *, locale: str = "en",
                 **kwargs: Any):
        data = source if isinstance(source, LessonData) else load_lesson(source)
        super().__init__(data.game, position=data.steps[0].start, locale=locale,
                         title=localized(data.title, locale), **kwargs)
        self.interactive = False
        self._data = data
        self._index = 0
        self._feedback: dict | None = None
        self._show(0)

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

    def answer(self, cells: list) -> dict:
        """Answer the step's prediction (cells clicked; [] for "no capture").

        Returns the feedback, then plays the move so the student sees why."""
        step = self._data.steps[self._index]
        if step.predict is None:
            raise MalformedError(f"step {self.step} asks no question")
        if self._feedback is not None:
            raise MalformedError("this question has been answered; go on with Next")
        chosen = self._check_cells(cells)
        right = sorted(chosen) == sorted(step.predict["answer"])
        words = FEEDBACK[self.locale]
        parts = [words["right" if right else "wrong"]]
        if not right:
            columns = len(step.start["board"][0])
            parts.append(words["answer"].format(
                answer=describe_answer(self.game, step.predict["answer"], columns, self.locale)))
        if step.predict["explain"]:
            parts.append(localized(step.predict["explain"], self.locale))
        self._feedback = {"correct": right, "text": " ".join(parts), "cells": chosen}
        self.play(step.move)
        self._sync_lesson()
        return dict(self._feedback)

    def _check_cells(self, cells) -> list:
        board = self.position["board"]
        if not isinstance(cells, list):
            raise MalformedError(f"cells = {cells!r}: expected a list of [row, column]")
        out = []
        for i, c in enumerate(cells):
            if not (isinstance(c, list) and len(c) == 2
                    and all(isinstance(v, int) and not isinstance(v, bool) for v in c)
                    and 0 <= c[0] < len(board) and 0 <= c[1] < len(board[0])):
                raise MalformedError(f"cells[{i}] = {c!r}: expected [row, column] on the board")
            out.append(list(c))
        return out

    def _show(self, index: int):
        self._index = index
        self._feedback = None
        step = self._data.steps[index]
        self.load(step.start)
        if step.move is not None and step.predict is None:
            self.play(step.move)
        self._sync_lesson()

    def _sync_lesson(self):
        step = self._data.steps[self._index]
        loc = self.locale
        question = None
        if step.predict is not None:
            ask = step.predict["ask"]
            question = {"ask": ask, "text": localized(step.predict["question"], loc),
                        "multi": ask == "protected", "none": ask == "capture"}
        last = self._index == len(self._data.steps) - 1
        self.lesson = {
            "id": self._data.id, "title": localized(self._data.title, loc),
            "step": self.step, "steps": len(self._data.steps),
            "text": localized(step.text, loc),
            "summary": localized(self._data.summary, loc) if last and self._data.summary
            else None,
            "highlight": step.highlight,
            "label": {"at": step.label["at"], "text": localized(step.label["text"], loc)}
            if step.label else None,
            "arrow": step.arrow, "question": question, "feedback": self._feedback,
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
            if action not in actions:
                raise MalformedError(f"lesson action = {action!r}: expected next, back or "
                                     "restart")
            actions[action]()
            return True
        if kind == "answer":
            self.answer(content["cells"])
            return True
        return False
