"""What every exercise shares: its feedback, its errors, reading whole numbers, and
the exercise itself (question, check, hint, the worked answer). An exercise is data:
the form a student answers in is ``ExerciseWidget(exercise)`` (widgets/exercise.py)."""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

from ..rules.game import GAME_LIST
from ..rules.game import game as game_of
from ..text import check_locale, tr

#: Circuit size -> (game, columns): South's circuit on Kisolo 4 x 7 and 4 x 6,
#: and Kiothi's one circuit of 20 bomas.
CIRCUITS = {14: ("kisolo", 7), 12: ("kisolo", 6), 20: ("kiothi", 10)}
#: The most stones a landing exercise sows (enough for several rounds).
MOST_STONES = 200
#: The longest answer a capture exercise reads, in bytes (a board and a move need 300).
ANSWER_BYTES = 100_000
GAMES = tuple(g.name for g in GAME_LIST)


def _board(game: str, columns: int):
    """The game's board with ``columns`` holes a row (the only widths there are)."""
    g = game_of(game)
    return g.board(**({"columns": columns} if "columns" in g.variants else {}))


@dataclass(frozen=True)
class Feedback:
    """What :meth:`Exercise.check` says. ``malformed`` answers are neither right
    nor wrong; ``rules`` names the capture rules a built position used; ``detail``
    is the rules engine's own message when the engine refused the input."""

    correct: bool
    text: str
    malformed: bool = False
    rules: tuple = ()
    detail: str | None = None

    def __str__(self) -> str:
        return self.text


class ExerciseError(ValueError):
    """An exercise that cannot be made (bad circuit, start, stones, game, or a
    move with no relay to predict), worded in the exercise's language."""

    def __init__(self, locale: str, key: str, **fields: Any):
        self.key, self.fields = key, fields
        super().__init__(tr(locale, f"exercises.errors.{key}", **fields))

    def words(self, locale: str) -> str:
        return tr(locale, f"exercises.errors.{self.key}", **self.fields)


#: The problems of a built capture the catalogues word only in general: the engine's
#: own explanation follows them.
GENERAL_PROBLEMS = ("build.position", "build.illegal")


class _Unreadable(Exception):
    """An answer that cannot be read: the catalogue key that says why."""

    def __init__(self, key: str, detail: str | None = None, **fields: Any):
        super().__init__(key)
        self.key, self.detail, self.fields = key, detail, fields


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _typed_int(digits: str, unreadable: _Unreadable) -> int:
    """The number a student typed; int() reads at most 4,300 digits, so past that it is
    as unreadable as a word."""
    try:
        return int(digits)
    except ValueError:
        raise unreadable from None


class Exercise:
    """What the three families share: checking, the text and the form."""

    family = ""
    question: str
    answer: Any

    def __init__(self, locale: str):
        self.locale = check_locale(locale)
        #: What names this exercise in a student's work and hand-in: its family and what
        #: makes it this one (the same exercise has the same id in every language).
        self.id = self.family

    def _t(self, key: str, **fields: Any) -> str:
        return tr(self.locale, f"exercises.{key}", **fields)

    def parameters(self) -> dict:
        """What :func:`exercise_from` needs to make this exercise again (for marking)."""
        raise NotImplementedError

    def check(self, answer: Any) -> Feedback:
        """Right, wrong (with a tip when the mistake is a known one) or unreadable."""
        try:
            given = self._read(answer)
        except _Unreadable as e:
            return self._unreadable(e)
        if given == self.answer:
            return Feedback(True, self._t("right"))
        return Feedback(False, " ".join(filter(None, [self._t("wrong"), self._tip(given)])))

    def _read(self, answer: Any) -> Any:
        raise NotImplementedError

    def _tip(self, given: Any) -> str | None:
        return None

    def _unreadable(self, e: _Unreadable) -> Feedback:
        text = self._t(e.key, **e.fields)
        # Where the catalogue's text names the problem itself, the engine's words (English)
        # would only repeat it; they are added where it is general (an illegal position
        # or move the catalogue has no words for), labelled, in English only: a student
        # reading another language is not shown English (Feedback.detail keeps it).
        general = e.key in GENERAL_PROBLEMS and self.locale == "en"
        extra = self._t("build.engine", detail=e.detail) if e.detail and general else ""
        return Feedback(
            False, f"{text} {extra}" if extra else text, malformed=True, detail=e.detail
        )

    def hint(self) -> str:
        raise NotImplementedError

    def worked(self) -> str:
        raise NotImplementedError

    def picture(self) -> str | None:
        """An SVG of the board the exercise is about, if it has one."""
        return None

    def _repr_html_(self) -> str:
        """Shown where no widget runs: the question and the board. The form to answer
        in is the widget layer's (``ExerciseWidget(exercise)``, widgets/exercise.py)."""
        picture = self.picture() or ""
        return f"<div class='mw-exercise'><p>{html.escape(self.question)}</p>{picture}</div>"
