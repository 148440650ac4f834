"""What a student's device tells the class's hub as the student works: each answer as it
is given, and where the student is (the lesson and the step). Nothing else leaves the
device: no game, no exercise, no code, no work file.

The workbook (work.py) asks :class:`Live` after each change of a lesson's work, which
compares it with what it already told and returns the new events::

    {"kind": "answer", "lesson": "pussa-kanawa", "step": 2, "given": [[3, 2]], "locale": "en"}
    {"kind": "progress", "lesson": "pussa-kanawa", "step": 3}

The workbook's front end sends them to the hub when the student has joined a class
(serve.py answers them; see docs/classroom.md), and drops them otherwise. Work given
back from an earlier visit (continue) is not told again.

>>> live = Live("en")
>>> state = {"id": "nki", "step": 2, "answers": []}
>>> live.events("lesson:nki", state)
[{'kind': 'progress', 'lesson': 'nki', 'step': 2}]
>>> state = {"id": "nki", "step": 2, "answers": [{"step": 2, "given": 4}]}
>>> live.events("lesson:nki", state)
[{'kind': 'answer', 'lesson': 'nki', 'step': 2, 'given': 4, 'locale': 'en'}]
>>> live.events("lesson:nki", state)
[]
"""

from __future__ import annotations

from typing import Any


class Live:
    """What has been told of each lesson of one notebook."""

    def __init__(self, locale: str) -> None:
        self.locale = locale
        #: For each lesson's key: the step told last and how many answers were told.
        self._told: dict[str, tuple[int, int]] = {}

    def known(self, key: str, state: dict) -> None:
        """Work given back (an earlier visit's): nothing of it is told."""
        if key.startswith("lesson:") and isinstance(state.get("answers"), list):
            self._told[key] = (state.get("step", 0), len(state["answers"]))

    def events(self, key: str, state: dict) -> list[dict[str, Any]]:
        """The events of lesson ``key`` (its work ``state``) not told yet."""
        if not key.startswith("lesson:"):
            return []
        lesson, step, answers = state.get("id"), state.get("step"), state.get("answers")
        if not isinstance(lesson, str) or type(step) is not int or not isinstance(answers, list):
            return []
        told_step, told = self._told.get(key, (0, 0))
        out: list[dict[str, Any]] = []
        if step != told_step:
            out.append({"kind": "progress", "lesson": lesson, "step": step})
        for answer in answers[told:]:
            if isinstance(answer, dict) and type(answer.get("step")) is int:
                out.append(
                    {
                        "kind": "answer",
                        "lesson": lesson,
                        "step": answer["step"],
                        "given": answer.get("given"),
                        "locale": self.locale,
                    }
                )
        self._told[key] = (step, len(answers))
        return out


__all__ = ["Live"]
