"""Marking a class's hand-ins: every answer checked again by the rules engine.

::

    from mancala_widgets import classroom
    marks = classroom.mark("hand-ins/")      # a folder, files, uploaded files, or dicts
    marks                                     # the class at a glance
    marks.table()                             # one row per student and lesson
    marks.problems                            # the files refused, each with its reason
    marks.chart()                             # per question: right, wrong, not answered
    marks.questions()                         # the most common wrong answers, and why
    marks.work_of("Mbuyi")                    # one student's marked work
    marks.csv("marks.csv")                    # for a gradebook

and, shown by the widget layer (widgets/marks.py)::

    from mancala_widgets import download, show_student
    show_student(marks, "Mbuyi")              # one student's work, step by step
    download(marks, "csv")                    # a button: the marks for a gradebook

Nothing a hand-in says about itself is trusted. Each answer is checked against the lesson
as it ships (its ``right`` flag is ignored, and a file whose flags were changed is
flagged); a hand-in made with another version of a lesson, or whose answers do not fit
the lesson's questions, or whose games do not replay, is flagged and its part not
marked. A file that cannot be a hand-in (cut short, an image, too big, another tool's
JSON) is refused with its reason, and the rest are marked. Names and answers are only
ever shown as text.

A question is marked by the student's *first* answer to it: after answering, the lesson
plays the move and shows the right answer, so a second try says nothing about what the
student predicted. The attempts are counted, and every answer is in the one-student view.
"""

from __future__ import annotations

import html
import os
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..lessons import (
    LessonScript,
    available_lessons,
    check_answer,
    describe_answer,
    is_right,
    load_lesson,
    localized,
)
from ..rules.common import check_text
from ..tables import Table, VegaLite, csv_text, html_table
from ..text import Refusal, check_locale, tr
from .formats import NAME_MAX
from .inbox import MarkingError, hand_ins_given, name_key, read_hand_in
from .misconceptions import misconception

#: The most files one call reads (a class is thirty; a school's year is a few hundred).
MAX_FILES = 2_000
#: The most answers a lesson's part of a hand-in may hold (a lesson has at most a few
#: dozen questions; a student retrying every step a hundred times is 2,000).
MAX_ANSWERS = 5_000
MAX_GAMES = 200


@dataclass
class Answer:
    """The mark of one question for one student."""

    #: The lesson's step (from 1), or the exercise's id.
    question: str
    #: The first answer given, as the student gave it (None: not answered).
    given: Any = None
    #: Whether that first answer is right, checked again here (None: not answered).
    right: bool | None = None
    attempts: int = 0
    #: The given answer in words, and the right one.
    given_words: str = ""
    answer_words: str = ""
    #: What the wrong answer points to, when it is a known mistake.
    misconception: str | None = None
    at: str | None = None
    #: Every answer given, in order: (what, right, when).
    tries: list[tuple[Any, bool, Any]] = field(default_factory=list)


@dataclass
class Work:
    """One student's work in one lesson (or a notebook's exercises): one row of marks."""

    student: str
    #: The lesson's id, or ``exercises`` (of ``notebook``).
    part: str
    title: str
    notebook: str
    file: str
    handed_in: str
    #: Questions right at the first answer, and how many the part has; None when the
    #: part is flagged and not marked.
    score: int | None
    out_of: int
    answers: list[Answer]
    #: Why this work is not trusted, or what looks wrong in it.
    flags: list[str] = field(default_factory=list)
    games: list[Any] = field(default_factory=list)
    marked: bool = True


@dataclass
class QuestionMarks:
    """How the class did on one question."""

    part: str
    question: str
    label: str
    #: The question as the lesson asks it.
    text: str
    right: int
    wrong: int
    unanswered: int
    #: The most common wrong answers: (in words, how many, the misconception or None).
    wrong_answers: list[tuple[str, int, str | None]]


class Marks:
    """The marks of a stack of hand-ins (:func:`mark`)."""

    def __init__(self, works: list[Work], problems: list[tuple[str, str]], locale: str) -> None:
        self.works = works
        #: The files refused: (file name, the reason), in the order read.
        self.problems = problems
        self.locale = locale

    def _t(self, key: str, **fields: Any) -> str:
        return tr(self.locale, f"marking.{key}", **fields)

    # -- what there is --------------------------------------------------------------

    @property
    def parts(self) -> list[str]:
        """The lessons (and exercise sets) marked, in the order first met."""
        return list(dict.fromkeys(w.part for w in self.works))

    @property
    def students(self) -> list[str]:
        return sorted({w.student for w in self.works}, key=name_key)

    def _select(self, part: str | None) -> list[Work]:
        if part is not None and part not in self.parts:
            raise KeyError(f"no hand-in holds {part!r}; the marks hold {', '.join(self.parts)}")
        return [w for w in self.works if part is None or w.part == part]

    # -- the table ----------------------------------------------------------------------

    def _rows(self, part: str | None) -> tuple[list[str], list[list[Any]]]:
        works = self._select(part)
        several = len({w.part for w in works}) > 1
        questions: list[tuple[str, str]] = []
        for w in works:
            for a in w.answers:
                if (w.part, a.question) not in questions:
                    questions.append((w.part, a.question))
        names = [f"{p} {q}" if several else _question_label(q, self.locale) for p, q in questions]
        t = lambda key: self._t(f"col_{key}")  # noqa: E731
        heads = [t(k) for k in ("student", "lesson", "score", "out_of", "time")]
        columns = [*heads, *names, t("flags")]
        rows = []
        for w in sorted(works, key=lambda w: (name_key(w.student), w.part)):
            by_question = {(w.part, a.question): a for a in w.answers}
            marks: list[Any] = []
            for q in questions:
                got = by_question.get(q)
                right = None if got is None or not w.marked else got.right
                marks.append(None if right is None else int(right))
            flags = "; ".join(w.flags)
            rows.append([w.student, w.part, w.score, w.out_of, w.handed_in, *marks, flags])
        return columns, rows

    def table(self, lesson: str | None = None) -> Any:
        """One row per student and lesson: student, lesson, score, out_of, time (handed
        in), one column per question (1 right at the first answer, 0 wrong, empty not
        answered), and the flags, the columns named in the marks' language (English:
        those names, and "step 2"). A pandas DataFrame where pandas is installed, else a
        :class:`Table` with the same columns."""
        columns, rows = self._rows(lesson)
        try:
            import pandas as pd
        except ImportError:
            return Table(columns, rows)
        frame = pd.DataFrame(rows, columns=columns)
        for name in columns[5:-1]:
            frame[name] = frame[name].astype("Int64")
        frame[columns[2]] = frame[columns[2]].astype("Int64")  # the score
        return frame

    def csv(self, path: str | os.PathLike | None = None, lesson: str | None = None) -> str:
        """The table as CSV text for a gradebook (written to ``path`` if given). A cell
        a spreadsheet could run as a formula starts with a quote."""
        columns, rows = self._rows(lesson)
        return csv_text(columns, rows, path)

    def file(self, what: str = "csv", lesson: str | None = None) -> tuple[str, str]:
        """The marks as a file to download: its name and its text, ``"csv"`` for a
        gradebook (marked as UTF-8 for spreadsheets) or ``"report"``, a page to print.
        ``download(marks)`` makes the button (widgets/marks.py)."""
        if what == "csv":
            return "marks.csv", "\ufeff" + self.csv(lesson=lesson)
        if what == "report":
            return "marks.html", self.report(lesson)
        raise ValueError(f"what = {what!r}: expected 'csv' or 'report'")

    # -- per question -------------------------------------------------------------

    def questions(self, lesson: str | None = None, most: int = 3) -> list[QuestionMarks]:
        """For each question: how many were right, wrong or did not answer, and the
        ``most`` commonest wrong answers with the misconception each points to."""
        out = []
        works = [w for w in self._select(lesson) if w.marked]
        order: list[tuple[str, str]] = []
        for w in works:
            for a in w.answers:
                if (w.part, a.question) not in order:
                    order.append((w.part, a.question))
        for part, question in order:
            asked = ""
            if question.isdigit() and part in available_lessons():
                predict = load_lesson(part).steps[int(question) - 1].predict
                asked = localized(predict["question"], self.locale) if predict else ""
            marks = [
                a for w in works if w.part == part for a in w.answers if a.question == question
            ]
            wrong = Counter(a.given_words for a in marks if a.right is False)
            why = {a.given_words: a.misconception for a in marks if a.right is False}
            out.append(
                QuestionMarks(
                    part,
                    question,
                    _question_label(question, self.locale),
                    asked,
                    sum(1 for a in marks if a.right),
                    sum(1 for a in marks if a.right is False),
                    sum(1 for a in marks if a.right is None),
                    [(words, n, why[words]) for words, n in wrong.most_common(most)],
                )
            )
        return out

    def chart(self, lesson: str | None = None) -> Any:
        """Per question, how many were right, wrong, or did not answer, as a Vega-Lite
        chart (drawn by JupyterLab itself, offline too); hover a bar for the commonest
        wrong answer and what it points to."""
        t = self._t
        values = []
        steps = [q.question for q in self.questions(lesson, most=1)]
        for q in self.questions(lesson, most=1):
            common = q.wrong_answers[0] if q.wrong_answers else None
            tip = f"{common[0]} ({common[1]})" if common else ""
            why = (common[2] or "") if common else ""
            name = (
                q.question
                if lesson is not None or len(self.parts) == 1
                else f"{q.part} {q.question}"
            )
            for outcome, n, order in (
                (t("right"), q.right, 0),
                (t("wrong"), q.wrong, 1),
                (t("unanswered"), q.unanswered, 2),
            ):
                values.append(
                    {
                        "question": name,
                        "outcome": outcome,
                        "order": order,
                        "students": n,
                        "common": tip,
                        "why": why,
                    }
                )
        spec = {
            "$schema": "https://vega.github.io/schema/vega-lite/v5.json",
            "title": t("chart_title"),
            "data": {"values": values},
            "mark": "bar",
            # A bar's width per question, not the cell's: "container" widths grow without
            # end in a notebook's output area.
            "width": {"step": 44},
            "encoding": {
                # The lesson's order, named (a null sort would not survive the trip from the
                # browser's Python to the page, widgets/wire.py).
                "x": {
                    "field": "question",
                    "type": "nominal",
                    "sort": list(dict.fromkeys(v["question"] for v in values)),
                    "title": t("step") if all(q.isdigit() for q in steps) else t("question"),
                    "axis": {"labelAngle": 0},
                },
                "y": {
                    "field": "students",
                    "type": "quantitative",
                    "title": t("students"),
                    "axis": {"tickMinStep": 1, "format": "d"},
                },
                "color": {
                    "field": "outcome",
                    "type": "nominal",
                    "sort": [t("right"), t("wrong"), t("unanswered")],
                    "scale": {"range": ["#2e7d32", "#c62828", "#9e9e9e"]},
                    "title": None,
                },
                "order": {"field": "order"},
                "tooltip": [
                    {"field": "question", "title": t("question")},
                    {"field": "outcome", "title": " "},
                    {"field": "students", "title": t("students")},
                    {"field": "common", "title": t("common_wrong")},
                    {"field": "why", "title": t("points_to")},
                ],
            },
        }
        return VegaLite(spec)

    # -- one student ----------------------------------------------------------------

    def work_of(self, student: str, lesson: str | None = None) -> Work:
        """The marked work of ``student`` (in ``lesson``, if they handed in more)."""
        key = name_key(student)
        found = [w for w in self.works if name_key(w.student) == key]
        if lesson is not None:
            found = [w for w in found if w.part == lesson]
        if not found:
            raise KeyError(f"no hand-in from {student!r}" + (f" in {lesson!r}" if lesson else ""))
        lessons = [w for w in found if w.part != "exercises"]
        return (lessons or found)[0]

    def exercises_of(self, student: str) -> ExerciseReport:
        """A student's exercises as text: each first answer, whether right, why not."""
        return ExerciseReport(self.work_of(student, "exercises"), self.locale)

    # -- as a notebook shows it ----------------------------------------------------------

    def _repr_html_(self) -> str:
        return self.report(full=False)

    def report(self, lesson: str | None = None, full: bool = True) -> str:
        """The marks as a page of text (``full``: a whole page, to print)."""
        t, e = self._t, html.escape
        # French writes 4,5 and a no-break space before a colon.
        colon = "\u00a0: " if self.locale == "fr" else ": "
        decimal = "," if self.locale == "fr" else "."
        parts = []
        students = len(self.students)
        parts.append(
            f"<p>{e(t('overview', files=len({w.file for w in self.works}), students=students))}</p>"
        )
        for part in [lesson] if lesson else self.parts:
            works = self._select(part)
            title = works[0].title if works else part
            marked = [w for w in works if w.marked and w.score is not None]
            mean = sum(w.score or 0 for w in marked) / len(marked) if marked and works else None
            parts.append(f"<h3>{e(title)}</h3>")
            if mean is not None:
                said = f"{mean:.1f}".replace(".", decimal)
                line = t("mean", mean=said, out_of=works[0].out_of, n=len(marked))
                parts.append(f"<p>{e(line)}</p>")
            columns, rows = self._rows(part)
            parts.append(html_table(columns, rows, range(5, len(columns) - 1)))
            hard = [q for q in self.questions(part) if q.wrong]
            hard.sort(key=lambda q: -q.wrong / max(1, q.right + q.wrong + q.unanswered))
            if hard:
                parts.append(f"<h4>{e(t('hardest'))}</h4><ul>")
                for q in hard[:5]:
                    answered = q.right + q.wrong
                    line = t("question_line", label=q.label, right=q.right, answered=answered)
                    line = f"{line}. {q.text}" if q.text else line
                    items = "".join(
                        f"<li>{e(words)} × {n}" + (f"{colon}{e(why)}" if why else "") + "</li>"
                        for words, n, why in q.wrong_answers
                    )
                    parts.append(f"<li>{e(line)}<ul>{items}</ul></li>")
                parts.append("</ul>")
        if self.problems:
            parts.append(f"<h3>{e(t('refused', n=len(self.problems)))}</h3><ul>")
            parts.extend(f"<li>{e(name)}{colon}{e(why)}</li>" for name, why in self.problems)
            parts.append("</ul>")
        body = "".join(parts)
        if not full:
            return f"<div class='mw-marks-report'>{body}</div>"
        style = (
            "body{font-family:system-ui,sans-serif;margin:2em}table{border-collapse:collapse}"
            "td,th{border:1px solid #999;padding:2px 6px;text-align:left}"
            "@media print{h3{break-before:auto}}"
        )
        head = f"<meta charset='utf-8'><title>{e(t('chart_title'))}</title><style>{style}</style>"
        page = f"<html lang='{self.locale}'><head>{head}</head><body>{body}</body></html>"
        return "<!doctype html>" + page

    def __repr__(self) -> str:
        return (
            f"<Marks: {len(self.works)} marked in {len(self.parts)} lesson(s), "
            f"{len(self.problems)} refused>"
        )


class ExerciseReport:
    """A student's exercises, as text (each first answer, whether right, why not)."""

    def __init__(self, work: Work, locale: str) -> None:
        self.work, self.locale = work, locale

    def _repr_html_(self) -> str:
        e = html.escape
        rows = [
            [a.question, a.given_words, a.right, a.attempts, a.misconception or ""]
            for a in self.work.answers
        ]
        t = lambda k: tr(self.locale, f"marking.{k}")  # noqa: E731
        columns = [t("question"), t("given"), t("right"), t("attempts"), t("points_to")]
        return f"<h4>{e(self.work.student)}</h4>" + html_table(columns, rows)


def _question_label(question: str, locale: str = "en") -> str:
    return tr(locale, "marking.col_step", n=question) if question.isdigit() else question


def _text(value: Any, what: str, most: int = NAME_MAX) -> str:
    return check_text(value, what, MarkingError, most=most, line=True)


def mark(*sources: Any, locale: str = "en") -> Marks:
    """Mark hand-in files: paths of files or folders, an upload widget's files, bytes,
    or hand-ins as dicts. Files that cannot be marked are in ``.problems``, with the
    reason; the others are marked, whatever they hold.

    >>> from mancala_widgets import Lesson
    >>> from mancala_widgets.classroom import hand_in
    >>> lesson = Lesson("start-here"); lesson.next(); feedback = lesson.answer(2)
    >>> handed = hand_in(lesson, student="Mbuyi", notebook="01-start-here")
    >>> handed["lessons"][0]["answers"][0]["right"] = True      # edited: 2 is wrong
    >>> marks = mark(handed, b"{\\"format\\": \\"mancala-widgets/hand-in\\", \\"stud")
    >>> [(w.student, w.score, w.out_of) for w in marks.works], len(marks.problems)
    ([('Mbuyi', 0, 2)], 1)
    """
    check_locale(locale)
    works: list[Work] = []
    problems: list[tuple[str, str]] = []
    seen = 0
    for name, source in hand_ins_given(sources):
        seen += 1
        if seen > MAX_FILES:
            problems.append((name, tr(locale, "marking.too_many_files", most=MAX_FILES)))
            continue
        try:
            data = read_hand_in(name, source, locale)
            works.extend(_mark_hand_in(name, data, locale))
        except MarkingError as e:
            problems.append((name, str(e)))
        except (ValueError, KeyError, TypeError, AttributeError, IndexError, RecursionError):
            problems.append((name, tr(locale, "marking.malformed")))
    return Marks(_latest(works, locale), problems, locale)


def _latest(works: list[Work], locale: str) -> list[Work]:
    """A student who handed in the same lesson more than once: the latest is marked."""
    by: dict[tuple[str, str, str], list[Work]] = {}
    for w in works:
        by.setdefault((name_key(w.student), w.part, w.notebook), []).append(w)
    out = []
    for group in by.values():
        group.sort(key=lambda w: (w.handed_in, sum(a.attempts for a in w.answers)))
        latest = group[-1]
        if len(group) > 1:
            latest.flags.append(tr(locale, "marking.handed_in_times", n=len(group)))
        out.append(latest)
    return out


def _mark_hand_in(name: str, data: dict, locale: str) -> list[Work]:
    t = lambda key, **f: tr(locale, f"marking.{key}", **f)  # noqa: E731
    try:
        student = _text(data.get("student"), "student")
        notebook = _text(data.get("notebook"), "notebook")
    except MarkingError:
        raise MarkingError(t("no_student")) from None
    handed_in = data.get("handed_in")
    handed_in = handed_in if isinstance(handed_in, str) and len(handed_in) <= 40 else ""
    lessons, exercises, games = (data.get(k, []) for k in ("lessons", "exercises", "games"))
    if not all(isinstance(x, list) for x in (lessons, exercises, games)):
        raise MarkingError(t("malformed"))
    if len(games) > MAX_GAMES or len(lessons) > 50 or len(exercises) > 500:
        raise MarkingError(t("malformed"))
    common: dict[str, Any] = {
        "student": student,
        "notebook": notebook,
        "file": name,
        "handed_in": handed_in,
    }
    played, game_flags = _games(games, locale)
    works = [_mark_lesson(part, common, locale) for part in lessons]
    if exercises:
        works.append(_mark_exercises(exercises, common, locale))
    if not works:
        works.append(
            Work(**common, part="exercises", title=notebook, score=0, out_of=0, answers=[])
        )
    works[0].games = played
    works[0].flags.extend(game_flags)
    return works


def _games(games: list, locale: str) -> tuple[list, list[str]]:
    from ..rules.record import GameRecord

    played, flags = [], []
    for i, g in enumerate(games, 1):
        try:
            if not isinstance(g, dict):
                raise ValueError("not a game")
            record = GameRecord.from_json(g.get("record"))
            if g.get("moves") != len(record):
                raise ValueError("its move count does not match its moves")
        except (ValueError, KeyError, TypeError, RecursionError) as e:
            flags.append(tr(locale, "marking.game_forged", n=i, why=str(e)[:200]))
            continue
        played.append(record)
    return played, flags


def _lesson(part: Any) -> LessonScript | None:
    if not isinstance(part, dict) or not isinstance(part.get("id"), str):
        return None
    if part["id"] not in available_lessons():
        return None
    return load_lesson(part["id"])


def _mark_lesson(part: Any, common: dict, locale: str) -> Work:
    t = lambda key, **f: tr(locale, f"marking.{key}", **f)  # noqa: E731
    script = _lesson(part)
    if script is None:
        shown_id = str(part.get("id"))[:60] if isinstance(part, dict) else "?"
        return Work(
            **common, part=shown_id, title=shown_id, score=None, out_of=0, answers=[],
            flags=[t("unknown_lesson", lesson=shown_id)], marked=False,
        )  # fmt: skip
    questions = [(i, s) for i, s in enumerate(script.steps, 1) if s.predict is not None]
    title = localized(script.title, locale)
    work = Work(
        **common, part=script.id, title=title, score=None, out_of=len(questions), answers=[]
    )
    if part.get("version") != script.version:
        work.flags.append(t("stale", version=str(part.get("version"))[:20]))
        work.marked = False
    answers = part.get("answers")
    if not isinstance(answers, list) or len(answers) > MAX_ANSWERS:
        work.flags.append(t("answers_unreadable"))
        work.marked = False
        answers = []
    by_step: dict[int, list[dict]] = {}
    misfits = 0
    for a in answers:
        step = a.get("step") if isinstance(a, dict) else None
        if type(step) is not int or not 1 <= step <= len(script.steps):
            misfits += 1
            continue
        predict = script.steps[step - 1].predict
        if predict is None or a.get("ask") != predict["ask"] or a.get("of") != predict.get("of"):
            misfits += 1
            continue
        by_step.setdefault(step, []).append(a)
    if misfits:
        work.flags.append(t("misfits", n=misfits))
        work.marked = False
    edited = 0
    for i, step in questions:
        mark_, claims = _mark_question(script, i, step, by_step.get(i, []), locale)
        if any(said is not None and said != right for said, right in claims):
            edited += 1
        work.answers.append(mark_)
    if edited:
        work.flags.append(t("edited", n=edited))
    if work.marked:
        work.score = sum(1 for a in work.answers if a.right)
    return work


def _mark_question(
    script: LessonScript, number: int, step: Any, given: list[dict], locale: str
) -> tuple[Answer, list[tuple[bool | None, bool]]]:
    """The mark of one question from the answers given to it, and for each answer
    what the file said of it (right or not) beside what it is."""
    predict = step.predict
    board = step.start["board"]
    names = None
    out = Answer(str(number), attempts=len(given))
    out.answer_words = describe_answer(script.game, predict, predict["answer"], locale, names)
    claims: list[tuple[bool | None, bool]] = []
    for k, a in enumerate(given):
        try:
            cleaned = check_answer(predict, a.get("given"), len(board), len(board[0]))
            right = is_right(predict, cleaned)
            words = describe_answer(script.game, predict, cleaned, locale, names)
        except (Refusal, TypeError, ValueError):
            cleaned, right = a.get("given"), False
            words = tr(locale, "marking.unreadable_answer")
        said = a.get("right")
        claims.append((said if isinstance(said, bool) else None, right))
        at = a.get("at") if isinstance(a.get("at"), str) else None
        out.tries.append((words, right, at))
        if k == 0:
            out.given, out.right, out.given_words, out.at = cleaned, right, words, at
            if not right and words != tr(locale, "marking.unreadable_answer"):
                out.misconception = misconception(step, script.game, cleaned, locale)
    return out, claims


def _mark_exercises(items: list, common: dict, locale: str) -> Work:
    from ..exercises import exercise_from, exercise_set

    t = lambda key, **f: tr(locale, f"marking.{key}", **f)  # noqa: E731
    standard = [e.id for e in exercise_set(locale)]
    work = Work(**common, part="exercises", title=t("exercises_of", notebook=common["notebook"]),
                score=None, out_of=0, answers=[])  # fmt: skip
    found: dict[str, Answer] = {}
    for item in items:
        if not isinstance(item, dict):
            work.flags.append(t("exercise_forged", id="?"))
            continue
        shown_id = str(item.get("id"))[:60]
        try:
            exercise = exercise_from(item.get("family"), item.get("parameters"), locale)
        except (ValueError, TypeError):
            work.flags.append(t("exercise_forged", id=shown_id))
            continue
        if exercise.id != item.get("id"):
            work.flags.append(t("exercise_forged", id=shown_id))
            continue
        if exercise.id not in standard:
            work.flags.append(t("exercise_own", id=exercise.id))
        answers = item.get("answers")
        answers = answers if isinstance(answers, list) else []
        mark_ = Answer(exercise.id, attempts=len(answers))
        mark_.answer_words = ""
        for k, a in enumerate(answers[:MAX_ANSWERS]):
            typed = a.get("given") if isinstance(a, dict) else None
            if not isinstance(typed, str) or len(typed) > 20_000:
                feedback_right, words, tip = False, t("unreadable_answer"), None
            else:
                feedback = exercise.check(typed)
                feedback_right, words = feedback.correct, typed
                tip = None if feedback.correct or feedback.malformed else _tip(exercise, typed)
            at = a.get("at") if isinstance(a, dict) and isinstance(a.get("at"), str) else None
            mark_.tries.append((words, feedback_right, at))
            if k == 0:
                mark_.given, mark_.right, mark_.given_words = typed, feedback_right, words
                mark_.at, mark_.misconception = at, tip
        found[exercise.id] = mark_
    extra = [i for i in found if i not in standard]
    ids = standard + extra if any(i in standard for i in found) else extra
    work.answers = [found.get(i) or Answer(i) for i in ids]
    work.out_of = len(work.answers)
    work.score = sum(1 for a in work.answers if a.right)
    return work


def _tip(exercise: Any, typed: str) -> str | None:
    """An exercise's own tip for a known mistake, if the wrong answer is one."""
    try:
        return exercise._tip(exercise._read(typed))
    except Exception:  # noqa: BLE001 - a tip is a courtesy; its absence is no error
        return None


__all__ = [
    "Answer",
    "ExerciseReport",
    "Marks",
    "MarkingError",
    "QuestionMarks",
    "Table",
    "VegaLite",
    "Work",
    "mark",
]
