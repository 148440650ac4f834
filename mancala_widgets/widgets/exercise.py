"""An exercise as a widget that looks like the lessons: the question, the board it is
about (a picture), an answer box, Check, Hint and Show answer, and the feedback.

Python checks every answer (``Exercise.check``): the browser only sends what was typed
(``{"kind": "check", "answer": "..."}``, ``{"kind": "hint"}``, ``{"kind": "show"}``),
each message checked like a board's. Every text is shown as text; the picture is the
static SVG of the board, drawn as an image.
"""

from __future__ import annotations

import base64
import pathlib
from typing import TYPE_CHECKING, Any

import anywidget
import traitlets as t

from ..rules.common import check_text, shown
from .kept import KeptWork
from .wire import WireMixin

if TYPE_CHECKING:
    from ..exercises import Exercise

STATIC = pathlib.Path(__file__).resolve().parent.parent / "static"
MESSAGES = {"check": ("kind", "answer"), "hint": ("kind",), "show": ("kind",)}
#: The longest answer the browser may send (a built board with its move needs 300).
ANSWER_MOST = 20_000


class ExerciseWidget(KeptWork, WireMixin, anywidget.AnyWidget):
    """The widget of one exercise: what a student answers in.

    >>> from mancala_widgets.exercises import landing
    >>> w = ExerciseWidget(landing(14, 3, 17))
    >>> w.answer("6")["correct"], w.feedback["text"]
    (True, 'Right!')
    """

    _esm = STATIC / "exercise.js"
    _css = STATIC / "widget.css"

    #: "landing", "lifted" or "build": what kind of answer the box takes.
    family = t.Unicode().tag(sync=True)
    question = t.Unicode().tag(sync=True)
    placeholder = t.Unicode().tag(sync=True)
    #: A built board is typed over several lines.
    multiline = t.Bool(False).tag(sync=True)
    #: The board the exercise is about, as a data: URL of its SVG ("" for none).
    picture = t.Unicode("").tag(sync=True)
    #: What was said last: ``{"kind": "feedback" | "hint" | "answer", "text", "correct",
    #: "malformed"}``, or None.
    feedback = t.Dict(allow_none=True, default_value=None).tag(sync=True)
    #: The answer last checked, as typed.
    given = t.Unicode("").tag(sync=True)
    strings = t.Dict().tag(sync=True)
    locale = t.Unicode("en").tag(sync=True)

    def __init__(self, exercise: Exercise) -> None:
        super().__init__(
            family=exercise.family,
            question=exercise.question,
            placeholder=exercise._t(f"ui.placeholder_{exercise.family}"),
            multiline=exercise.family == "build",
            strings={k: exercise._t(f"ui.{k}") for k in ("check", "hint", "show", "your_answer")},
            locale=exercise.locale,
        )
        self.exercise = exercise
        #: Every answer checked, in order: what was typed, whether it was right, when.
        self.answers: list[dict] = []
        self._show_picture()
        self.on_msg(self._on_message)
        self._join_workbook("exercise", exercise.id)

    def work_state(self) -> dict:
        from ..classroom.work import now

        return {
            "id": self.exercise.id,
            "family": self.exercise.family,
            "parameters": self.exercise.parameters(),
            "answers": [dict(a) for a in self.answers],
            "given": self.given,
            "at": now(),
        }

    def _restore(self, state: dict) -> None:
        if state["id"] != self.exercise.id:
            return
        self.answers = [dict(a) for a in state["answers"] if isinstance(a, dict)]
        given = state.get("given") or ""
        if isinstance(given, str) and given:
            self.answer(given, keep=False)

    def answer(self, text: Any, keep: bool = True) -> dict:
        """Check ``text`` as a student's answer (what the Check button does); the
        feedback shown. ``keep=False``: shown again, not counted as an answer."""
        typed = text if isinstance(text, str) else str(text)
        try:
            check_text(typed, "answer", ValueError, most=ANSWER_MOST, empty=True)
        except ValueError:  # a control character or a lone surrogate: not sent back
            self.given = ""
            self.feedback = {
                "kind": "feedback",
                "text": self.exercise._t("ui.bad_text"),
                "correct": False,
                "malformed": True,
            }
            return dict(self.feedback)
        feedback = self.exercise.check(text)
        self.given = typed
        self.feedback = {
            "kind": "feedback",
            "text": feedback.text,
            "correct": feedback.correct,
            "malformed": feedback.malformed,
        }
        self._show_picture()
        if keep:
            from ..classroom.work import now

            self.answers.append(
                {
                    "given": typed,
                    "right": feedback.correct,
                    "malformed": feedback.malformed,
                    "at": now(),
                }
            )
            self._work_changed()
        return dict(self.feedback)

    def hint(self) -> str:
        self._say("hint", self.exercise.hint())
        return self.exercise.hint()

    def show_answer(self) -> str:
        self._say("answer", self.exercise.worked())
        return self.exercise.worked()

    def _say(self, kind: str, text: str) -> None:
        self.feedback = {"kind": kind, "text": text, "correct": None, "malformed": False}

    def _show_picture(self) -> None:
        svg = self.exercise.picture()
        self.picture = (
            "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")
            if svg
            else ""
        )

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A message from the browser (untrusted): its shape is checked first."""
        if not isinstance(content, dict) or content.get("kind") not in MESSAGES:
            self._say("error", self.exercise._t("ui.bad_message"))
            return
        kind = content["kind"]
        if set(content) != set(MESSAGES[kind]):
            self._say("error", self.exercise._t("ui.bad_message"))
            return
        if kind == "check":
            text = content["answer"]
            if not isinstance(text, str) or len(text) > ANSWER_MOST:
                self._say("error", self.exercise._t("ui.bad_message"))
                return
            self.answer(text)
        elif kind == "hint":
            self.hint()
        else:
            self.show_answer()

    def __repr__(self) -> str:
        return f"<ExerciseWidget {self.family} {shown(self.question)}>"


__all__ = ["ExerciseWidget"]
