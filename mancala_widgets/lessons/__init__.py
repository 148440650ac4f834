"""Lessons as data: scripted steps over a board, checked when loaded.

A lesson is a JSON file (see FORMAT.md beside this file). Loading it replays
every step with the rules engine, so a lesson that asks "where will the last
stone fall?" gets its answer from the rules, never from the author, and a
broken lesson is refused with an error that names the step and the problem.

>>> lesson = load_lesson("pussa-kanawa")
>>> lesson.game, len(lesson.steps) > 3
('kisolo', True)
>>> names = available_lessons()
>>> "leftmost-triple" in names
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..rules import GAMES, MalformedError, load_position, new_state
from ..rules.names import LOCALES, hole_name

HERE = Path(__file__).resolve().parent
FORMAT = "mancala-widgets/lesson"
VERSION = 1
LESSON_FIELDS = ("format", "version", "id", "game", "variant", "title", "steps")
LESSON_OPTIONAL = ("start", "summary")
STEP_FIELDS = ("text",)
STEP_OPTIONAL = ("position", "move", "highlight", "label", "arrow", "predict")
PREDICT_KINDS = ("landing", "lifted", "capture", "protected")
TEXT_MAX = 4000

DEFAULT_QUESTIONS = {
    "landing": {"en": "Where will the last piece of the first lap fall? Click that hole.",
                "ko": "첫 바퀴의 마지막 알은 어디에 떨어질까요? 그 구멍을 누르세요."},
    "lifted": {"en": "Which hole will be lifted for the first relay? Click it.",
               "ko": "첫 릴레이에서 어느 구멍을 집어 들까요? 그 구멍을 누르세요."},
    "capture": {"en": "Will this move capture? Click the hole that will be taken, "
                      "or choose \u201cNo capture\u201d.",
                "ko": "이 수로 획득이 일어날까요? 빼앗길 구멍을 누르거나 "
                      "\u201c획득 없음\u201d을 고르세요."},
    "protected": {"en": "Which bomas will be nki (protected) after this move? Click each one, "
                        "then Check.",
                  "ko": "이 수가 끝나면 어느 보마가 nki(보호됨)일까요? 하나씩 누른 뒤 "
                        "확인을 누르세요."},
}


class InvalidLessonError(MalformedError):
    """A lesson file that cannot be used; the message names the step and the problem."""


@dataclass
class Step:
    text: dict
    start: dict                  # the position the step starts from
    move: dict | None = None
    trace: list = field(default_factory=list)
    after: dict | None = None    # the position after the move
    highlight: list = field(default_factory=list)
    label: dict | None = None
    arrow: dict | None = None
    predict: dict | None = None  # {"ask", "question", "explain", "answer": [cells]}


@dataclass
class Lesson:
    id: str
    game: str
    variant: dict
    title: dict
    steps: list[Step]
    summary: dict | None = None


def available_lessons() -> list[str]:
    """The ids of the lessons that come with the package."""
    return sorted(p.stem for p in HERE.glob("*.json"))


def load_lesson(source: str | Path | dict) -> Lesson:
    """A lesson by id ("pussa-kanawa"), by file path, or from a dict; checked."""
    if not isinstance(source, (str, Path)):
        return parse_lesson(source)
    path = Path(source)
    if not path.suffix and not path.exists():
        path = HERE / f"{source}.json"
        if not path.exists():
            raise InvalidLessonError(f"no lesson called {str(source)!r}; the lessons here are: "
                                     f"{', '.join(available_lessons())}")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        raise InvalidLessonError(f"{path.name} is not valid JSON: {e}") from None
    return parse_lesson(data)


def localized(value: dict, locale: str) -> str:
    """A lesson text in ``locale``, falling back to English."""
    return value.get(locale) or value["en"]


def _text(value: Any, where: str) -> dict:
    if isinstance(value, str):
        value = {"en": value}
    if not isinstance(value, dict) or "en" not in value:
        raise InvalidLessonError(f"{where}: expected a text, or an object of texts by language "
                                 "with at least 'en', e.g. {\"en\": \"...\", \"ko\": \"...\"}")
    for lang, s in value.items():
        if lang not in LOCALES:
            raise InvalidLessonError(f"{where}: unknown language {lang!r} (known: "
                                     f"{', '.join(LOCALES)})")
        if not isinstance(s, str) or not s.strip() or len(s) > TEXT_MAX:
            raise InvalidLessonError(f"{where}.{lang}: expected a non-empty text of at most "
                                     f"{TEXT_MAX} characters")
    return dict(value)


def _fields(d: Any, where: str, required, optional=()) -> dict:
    if not isinstance(d, dict):
        raise InvalidLessonError(f"{where}: expected an object, got {type(d).__name__}")
    missing = [k for k in required if k not in d]
    if missing:
        raise InvalidLessonError(f"{where}: missing field {missing[0]!r}")
    extra = sorted(k for k in d if k not in (*required, *optional))
    if extra:
        raise InvalidLessonError(f"{where}: unexpected field {extra[0]!r} (allowed: "
                                 f"{', '.join((*required, *optional))})")
    return d


def _cell(value: Any, where: str, rows: int, cols: int) -> list[int]:
    ok = (isinstance(value, list) and len(value) == 2
          and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
          and 0 <= value[0] < rows and 0 <= value[1] < cols)
    if not ok:
        raise InvalidLessonError(f"{where} = {json.dumps(value)}: expected [row, column] on "
                                 f"the {rows} x {cols} board")
    return list(value)


def parse_lesson(data: Any) -> Lesson:
    """Check a lesson dict and compute every step's position, trace and answer."""
    d = _fields(data, "lesson", LESSON_FIELDS, LESSON_OPTIONAL)
    if d["format"] != FORMAT or d["version"] != VERSION:
        raise InvalidLessonError(f"format/version = {d['format']!r}/{d['version']!r}: expected "
                                 f"{FORMAT!r} version {VERSION}")
    if not isinstance(d["id"], str) or not d["id"]:
        raise InvalidLessonError("id: expected a short name such as 'pussa-kanawa'")
    game = d["game"]
    if game not in GAMES:
        raise InvalidLessonError(f"game = {game!r}: expected 'kisolo' or 'kiothi'")
    if not isinstance(d["variant"], dict):
        raise InvalidLessonError(f"variant = {json.dumps(d['variant'])}: expected an object "
                                 "such as {\"columns\": 7}")
    try:
        state = load_position(d["start"]) if "start" in d else new_state(game, **d["variant"])
    except (MalformedError, TypeError) as e:
        raise InvalidLessonError(f"start/variant: {e}") from None
    if state.game != game:
        raise InvalidLessonError(f"start: a {state.game} position in a {game} lesson")
    title = _text(d["title"], "title")
    if not isinstance(d["steps"], list) or not d["steps"]:
        raise InvalidLessonError("steps: expected a non-empty list of steps")
    steps = []
    for i, raw in enumerate(d["steps"]):
        where = f"step {i + 1}"
        try:
            step, state = _parse_step(raw, where, state, game)
        except InvalidLessonError:
            raise
        except (MalformedError, ValueError) as e:
            raise InvalidLessonError(f"{where}: {e}") from None
        steps.append(step)
    summary = _text(d["summary"], "summary") if "summary" in d else None
    return Lesson(d["id"], game, dict(d["variant"]), title, steps, summary)


def _parse_step(raw, where, state, game):
    s = _fields(raw, where, STEP_FIELDS, STEP_OPTIONAL)
    text = _text(s["text"], f"{where}: text")
    if "position" in s:
        try:
            state = load_position(s["position"])
        except MalformedError as e:
            raise InvalidLessonError(f"{where}: position: {e}") from None
        if state.game != game:
            raise InvalidLessonError(f"{where}: position: a {state.game} position in a "
                                     f"{game} lesson")
    step = Step(text=text, start=state.to_dict())
    rows, cols = len(step.start["board"]), len(step.start["board"][0])
    cell = (lambda v, w: _cell(v, f"{where}: {w}", rows, cols))
    if "highlight" in s:
        if not isinstance(s["highlight"], list):
            raise InvalidLessonError(f"{where}: highlight: expected a list of [row, column]")
        step.highlight = [cell(v, f"highlight[{j}]") for j, v in enumerate(s["highlight"])]
    if "label" in s:
        lab = _fields(s["label"], f"{where}: label", ("at", "text"))
        step.label = {"at": cell(lab["at"], "label.at"),
                      "text": _text(lab["text"], f"{where}: label.text")}
    if "arrow" in s:
        arr = _fields(s["arrow"], f"{where}: arrow", ("from", "to"))
        step.arrow = {"from": cell(arr["from"], "arrow.from"), "to": cell(arr["to"], "arrow.to")}
    if "predict" in s and "move" not in s:
        raise InvalidLessonError(f"{where}: predict: a prediction needs a move to check it "
                                 "against")
    if "move" in s:
        try:
            after = state.play(s["move"], trace := [])
        except ValueError as e:
            raise InvalidLessonError(f"{where}: move {json.dumps(s['move'])}: {e}") from None
        step.move, step.trace, step.after = s["move"], trace, after.to_dict()
        if "predict" in s:
            step.predict = _parse_predict(s["predict"], where, game, trace, step.after)
        state = after
    return step, state


def _parse_predict(raw, where, game, trace, after) -> dict:
    p = _fields(raw, f"{where}: predict", ("ask",), ("question", "explain"))
    ask = p["ask"]
    if ask not in PREDICT_KINDS:
        raise InvalidLessonError(f"{where}: predict.ask = {ask!r}: expected one of "
                                 f"{', '.join(PREDICT_KINDS)}")
    answer = predict_answer(ask, game, trace, after)
    if answer is None:
        why = {"lifted": "this move has no relay, so no hole is lifted after the first lap",
               "protected": "only Kiothi has nki (protected) bomas",
               "landing": "this move has no lap"}[ask]
        raise InvalidLessonError(f"{where}: predict.ask = {ask!r}: {why}")
    question = _text(p["question"], f"{where}: predict.question") if "question" in p \
        else DEFAULT_QUESTIONS[ask]
    explain = _text(p["explain"], f"{where}: predict.explain") if "explain" in p else None
    return {"ask": ask, "question": question, "explain": explain, "answer": answer}


def predict_answer(ask: str, game: str, trace: list, after: dict) -> list | None:
    """The right answer to a prediction, read from the move's trace."""
    if ask == "landing":
        ends = [e for e in trace if e["kind"] == "lap_end"]
        return [ends[0].get("hole") or ends[0].get("boma")] if ends else None
    if ask == "lifted":
        relays = [e for e in trace if e["kind"] == "lift" and e["rule"] in ("pussa_kanawa",
                                                                            "relay")]
        return [relays[0].get("hole") or relays[0].get("boma")] if relays else None
    if ask == "capture":
        caps = [e for e in trace if e["kind"] == "capture"]
        if not caps:
            return []
        taken = caps[0]["from"]
        return [list(taken[0][:2])] if game == "kisolo" else [list(taken[:2])]
    if game != "kiothi":
        return None
    return sorted([r, c] for r in range(2) for c in range(10) if after["nki"][r][c])


def describe_answer(game: str, answer: list, columns: int, locale: str) -> str:
    if not answer:
        return {"en": "no capture", "ko": "획득 없음"}[locale]
    return ", ".join(hole_name(game, c, columns, locale) for c in answer)
