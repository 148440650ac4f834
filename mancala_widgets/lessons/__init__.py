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

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..rules import GAMES, PLAYERS, MalformedError, load_position, new_state
from ..rules.common import check_cell, check_text, shown, shown_json
from ..rules.events import Event
from ..rules.files import read_file
from ..rules.game import game as game_of
from ..text import LOCALES, TITLE_MAX, Refusal, tr
from ..text.names import hole_name

HERE = Path(__file__).resolve().parent
FORMAT = "mancala-widgets/lesson"
VERSION = 1
LESSON_FIELDS = ("format", "version", "id", "game", "variant", "title", "steps")
LESSON_OPTIONAL = ("start", "summary")
STEP_FIELDS = ("text",)
STEP_OPTIONAL = ("position", "move", "highlight", "label", "arrow", "predict")
#: What a prediction asks, and for "number" and "choice" questions, about what.
PREDICT_KINDS = ("landing", "lifted", "capture", "protected", "number", "choice", "best")
NUMBER_OF = ("captured", "laps", "nki", "margin", "count")
CHOICE_OF = {
    "ends": ("ends", "never"),
    "captures": ("yes", "no"),
    "relay": ("yes", "no"),
    "wins": ("yes", "no"),
    # The result once the move has been played: a win for either side, a draw, or a game
    # that goes on. Four options, so that the question does not tell whether the game ends.
    "result": ("south", "north", "draw", "goes_on"),
}
TEXT_MAX = 4000
#: A lesson's id names its files (handouts, hand-ins): one line, at most this long.
ID_MAX = 300
#: The largest lesson file read (the largest that ships is about 40 kB).
MAX_BYTES = 4_000_000


def default_question(ask: str, game: str, of: str | None = None) -> dict:
    """The question a prediction asks when the lesson gives none, in every language."""
    key = f"lesson.q_{ask}_{of}_{game}" if of else f"lesson.q_{ask}_{game}"
    return {loc: tr(loc, key) for loc in LOCALES}


class InvalidLessonError(MalformedError):
    """A lesson file that cannot be used; the message names the step and the problem."""


@dataclass
class Step:
    text: dict
    start: dict  # the position the step starts from
    move: dict | None = None
    trace: list[Event] = field(default_factory=list)
    after: dict | None = None  # the position after the move
    highlight: list = field(default_factory=list)
    label: dict | None = None
    arrow: dict | None = None
    predict: dict | None = None  # {"ask", "of", "question", "explain", "answer", "options"}
    #: A puzzle position holds fewer pieces than a real game, only those that matter:
    #: then the number a real game has (84, 72, 60 or 50), else None.
    puzzle: int | None = None


@dataclass
class LessonScript:
    id: str
    game: str
    variant: dict
    title: dict
    steps: list[Step]
    summary: dict | None = None
    #: What a student's answers are marked against: a digest of the lesson's positions,
    #: moves and questions (not of its texts, so a corrected sentence or a new language
    #: keeps the answers handed in with the lesson before).
    version: str = ""


def available_lessons() -> list[str]:
    """The ids of the lessons that come with the package."""
    return sorted(p.stem for p in HERE.glob("*.json"))


def load_lesson(source: str | Path | dict) -> LessonScript:
    """A lesson by id ("pussa-kanawa"), by file path, or from a dict; checked."""
    if not isinstance(source, (str, Path)):
        return parse_lesson(source)
    path = Path(source)
    try:
        if not path.suffix and not path.exists():
            path = HERE / f"{source}.json"
            if not path.exists():
                raise InvalidLessonError(
                    f"no lesson called {shown(str(source))}; the lessons here "
                    f"are: {', '.join(available_lessons())}"
                )
        data = read_file(path, f"lesson {path.name[:80]}", InvalidLessonError, most=MAX_BYTES)
    except OSError as e:  # a folder, a file that is not there, a name too long
        raise InvalidLessonError(
            f"lesson = {str(source)[:80]!r}: expected a lesson id or a "
            f"lesson file, but it cannot be read ({e.strerror})"
        ) from None
    return parse_lesson(data)


def localized(value: dict, locale: str) -> str:
    """A lesson text in ``locale``, falling back to English."""
    return value.get(locale) or value["en"]


def _text(value: Any, where: str, most: int = TEXT_MAX, line: bool = False) -> dict:
    if isinstance(value, str):
        value = {"en": value}
    if not isinstance(value, dict) or "en" not in value:
        raise InvalidLessonError(
            f"{where}: expected a text, or an object of texts by language "
            'with at least \'en\', e.g. {"en": "...", "ko": "..."}'
        )
    for lang, s in value.items():
        if lang not in LOCALES:
            raise InvalidLessonError(
                f"{where}: unknown language {shown(lang)} (known: {', '.join(LOCALES)})"
            )
        check_text(s, f"{where}.{lang}", InvalidLessonError, most=most, line=line)
    return dict(value)


def _fields(d: Any, where: str, required, optional=()) -> dict:
    if not isinstance(d, dict):
        raise InvalidLessonError(f"{where}: expected an object, got {type(d).__name__}")
    missing = [k for k in required if k not in d]
    if missing:
        raise InvalidLessonError(f"{where}: missing field {shown(missing[0])}")
    extra = sorted(k for k in d if k not in (*required, *optional))
    if extra:
        raise InvalidLessonError(
            f"{where}: unexpected field {shown(extra[0])} "
            f"(allowed: {', '.join((*required, *optional))})"
        )
    return d


def _cell(value: Any, where: str, rows: int, cols: int) -> list[int]:
    return list(check_cell(value, where, rows, cols, InvalidLessonError))


def parse_lesson(data: Any) -> LessonScript:
    """Check a lesson dict and compute every step's position, trace and answer."""
    d = _fields(data, "lesson", LESSON_FIELDS, LESSON_OPTIONAL)
    if d["format"] != FORMAT or d["version"] != VERSION:
        raise InvalidLessonError(
            f"format/version = {shown(d['format'])}/{shown(d['version'])}: expected "
            f"{FORMAT!r} version {VERSION}"
        )
    if not isinstance(d["id"], str) or not d["id"]:
        raise InvalidLessonError("id: expected a short name such as 'pussa-kanawa'")
    check_text(d["id"], "id", InvalidLessonError, most=ID_MAX, line=True)
    game = d["game"]
    if not isinstance(game, str) or game not in GAMES:
        raise InvalidLessonError(f"game = {shown(game)}: expected 'kisolo' or 'kiothi'")
    if not isinstance(d["variant"], dict):
        raise InvalidLessonError(
            f'variant = {shown_json(d["variant"])}: expected an object such as {{"columns": 7}}'
        )
    try:
        state = load_position(d["start"]) if "start" in d else new_state(game, **d["variant"])
    except (MalformedError, TypeError) as e:
        raise InvalidLessonError(f"start/variant: {e}") from None
    if state.game != game:
        raise InvalidLessonError(f"start: a {state.game} position in a {game} lesson")
    title = _text(d["title"], "title", TITLE_MAX, line=True)
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
    script = LessonScript(d["id"], game, dict(d["variant"]), title, steps, summary)
    script.version = lesson_version(script)
    return script


def lesson_version(script: LessonScript) -> str:
    """A digest of what decides a lesson's answers: its game, and each step's position,
    move and question (the kind and what it asks about)."""
    substance = [
        script.game,
        script.variant,
        [
            [s.start, s.move, s.predict and [s.predict["ask"], s.predict.get("of")]]
            for s in script.steps
        ],
    ]
    text = json.dumps(substance, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _parse_step(raw, where, state, game):
    s = _fields(raw, where, STEP_FIELDS, STEP_OPTIONAL)
    text = _text(s["text"], f"{where}: text")
    if "position" in s:
        try:
            state = load_position(s["position"])
        except MalformedError as e:
            raise InvalidLessonError(f"{where}: position: {e}") from None
        if state.game != game:
            raise InvalidLessonError(
                f"{where}: position: a {state.game} position in a {game} lesson"
            )
    step = Step(text=text, start=state.to_dict(), puzzle=_is_puzzle(state))
    if "position" in s:
        _check_reachable(state, where)
    rows, cols = len(step.start["board"]), len(step.start["board"][0])
    cell = lambda v, w: _cell(v, f"{where}: {w}", rows, cols)
    if "highlight" in s:
        if not isinstance(s["highlight"], list):
            raise InvalidLessonError(f"{where}: highlight: expected a list of [row, column]")
        step.highlight = [cell(v, f"highlight[{j}]") for j, v in enumerate(s["highlight"])]
    if "label" in s:
        lab = _fields(s["label"], f"{where}: label", ("at", "text"))
        step.label = {
            "at": cell(lab["at"], "label.at"),
            "text": _text(lab["text"], f"{where}: label.text"),
        }
    if "arrow" in s:
        arr = _fields(s["arrow"], f"{where}: arrow", ("from", "to"))
        step.arrow = {"from": cell(arr["from"], "arrow.from"), "to": cell(arr["to"], "arrow.to")}
    if "predict" in s and "move" not in s:
        raise InvalidLessonError(f"{where}: predict: a prediction needs a move to check it against")
    if "move" in s:
        trace: list[Event] = []
        try:
            after = state.play(s["move"], trace)
        except ValueError as e:
            raise InvalidLessonError(f"{where}: move {shown_json(s['move'])}: {e}") from None
        step.move, step.trace, step.after = s["move"], trace, after.to_dict()
        if "predict" in s:
            step.predict = _parse_predict(s["predict"], where, game, trace, step.after)
            if step.predict["ask"] == "best":
                step.predict["answer"] = best_answer(state, s["move"], where)
            elif step.predict["of"] == "count":
                step.predict["answer"] = best_count(state, s["move"], where)
        state = after
    return step, state


def _total(state) -> int:
    """Pieces in play: on the board and in the jails, if the game has them."""
    return sum(state.board) + sum(getattr(state, "jails", ()))


def _variant_total(state) -> int:
    g = game_of(state.game)
    return g.total_pieces(**{k: getattr(state, k) for k in g.variants})


def _is_puzzle(state) -> int | None:
    full = _variant_total(state)
    return full if _total(state) != full else None


def _check_reachable(state, where: str):
    """Refuse set-ups that cannot arise in play and would teach something false."""
    if game_of(state.game).has_nki and state.status == "playing":
        for h, (n, nki) in enumerate(zip(state.board, state.nki, strict=True)):
            if nki and not n:
                raise InvalidLessonError(
                    f"{where}: position: boma [{h // 10}, {h % 10}] is marked nki but empty; "
                    "in play an nki boma is only emptied by lifting, which removes the mark"
                )
    if _total(state) > _variant_total(state):
        raise InvalidLessonError(
            f"{where}: position: {_total(state)} pieces, more than the "
            f"{_variant_total(state)} a game of this variant has"
        )


def _parse_predict(raw, where, game, trace, after) -> dict:
    p = _fields(raw, f"{where}: predict", ("ask",), ("of", "question", "explain", "misconceptions"))
    ask, of = p["ask"], p.get("of")
    if ask not in PREDICT_KINDS:
        raise InvalidLessonError(
            f"{where}: predict.ask = {shown(ask)}: expected one of {', '.join(PREDICT_KINDS)}"
        )
    kinds = {"number": NUMBER_OF, "choice": tuple(CHOICE_OF)}.get(ask)
    if kinds is None and of is not None:
        raise InvalidLessonError(
            f"{where}: predict.of: only a number or choice question "
            f"says what it asks about, not {shown(ask)}"
        )
    if kinds is not None and of not in kinds:
        raise InvalidLessonError(
            f"{where}: predict.of = {shown(of)}: a {ask} question asks about one of "
            f"{', '.join(kinds)}"
        )
    if (ask == "protected" or of == "nki") and not game_of(game).has_nki:
        raise InvalidLessonError(f"{where}: predict: only Kiothi has nki (protected) bomas")
    if of == "count" and game != "kiothi":
        raise InvalidLessonError(
            f"{where}: predict.of = 'count': asks how many warriors a Kiothi sowing lifts"
        )
    if of == "margin" and (not game_of(game).has_jails or after["status"] == "playing"):
        raise InvalidLessonError(
            f"{where}: predict.of = 'margin': asks the final difference of "
            "the jails, so the move must end a Kiothi game"
        )
    answer = predict_answer(ask, game, trace, after, of)
    if of == "captured" and any(e["kind"] == "game_end" and e.get("sweep") for e in trace):
        raise InvalidLessonError(
            f"{where}: predict: this move ends the game and sweeps "
            'warriors into a jail, so "how many are captured" is '
            "ambiguous; ask it of a move that does not end the game"
        )
    if answer is None:
        why = {
            "lifted": "this move has no relay, so no hole is lifted after the first lap",
            "landing": "this move has no lap",
        }[ask]
        raise InvalidLessonError(f"{where}: predict.ask = {shown(ask)}: {why}")
    question = (
        _text(p["question"], f"{where}: predict.question")
        if "question" in p
        else default_question(ask, game, of)
    )
    explain = _text(p["explain"], f"{where}: predict.explain") if "explain" in p else None
    options = list(CHOICE_OF[of]) if ask == "choice" and of is not None else None
    misconceptions = _misconceptions(p.get("misconceptions"), where, options, answer)
    return {
        "ask": ask,
        "of": of,
        "question": question,
        "explain": explain,
        "answer": answer,
        # A choice question's ``of`` was checked above: one of CHOICE_OF.
        "options": options,
        "misconceptions": misconceptions,
    }


def _misconceptions(raw: Any, where: str, options: list | None, answer: Any) -> dict | None:
    """A choice question's texts for its wrong options: ``{option: text}``."""
    if raw is None:
        return None
    where = f"{where}: predict.misconceptions"
    if options is None:
        raise InvalidLessonError(f"{where}: only a choice question names its wrong options")
    if not isinstance(raw, dict):
        raise InvalidLessonError(f"{where}: expected {{option: text}}")
    out = {}
    for option, text in raw.items():
        if option not in options:
            raise InvalidLessonError(
                f"{where}: {shown(option)} is not an option ({', '.join(options)})"
            )
        if option == answer:
            raise InvalidLessonError(f"{where}: {shown(option)} is the right answer")
        out[option] = _text(text, f"{where}.{option}")
    return out


def predict_answer(ask: str, game: str, trace: list, after: dict, of: str | None = None):
    """The right answer to a prediction, read from the move's trace: a list of
    cells, a whole number (``number``) or an option (``choice``)."""
    if ask == "landing":
        ends = [e for e in trace if e["kind"] == "lap_end"]
        return [ends[0]["cell"]] if ends else None
    relays = [e for e in trace if e["kind"] == "lift" and e["rule"] in ("pussa_kanawa", "relay")]
    captures = [e for e in trace if e["kind"] == "capture"]
    if ask == "lifted":
        return [relays[0]["cell"]] if relays else None
    if ask == "capture":
        if not captures:
            return []
        # The first cell taken: Kiothi's opposite boma, Kisolo's inner hole (the one that
        # decides; the outer hole behind it goes along).
        return [list(captures[0]["from"][0][:2])]
    if ask == "protected":
        return sorted([r, c] for r in range(2) for c in range(10) if after["nki"][r][c])
    if ask == "best" or of == "count":  # from the position before: best_answer, best_count
        return []
    if ask == "number":
        if of == "captured":
            triples = [e for e in trace if e["kind"] == "leftmost_triple" and e["taken"]]
            return sum(e["count"] for e in captures + triples)
        if of == "laps":
            return max((e["lap"] for e in trace if "lap" in e), default=1)
        if of == "margin":
            return abs(after["jails"]["south"] - after["jails"]["north"])
        return sum(map(sum, after["nki"]))
    if of == "ends":
        endless = any(e["kind"] == "game_end" and e["rule"] == "perpetual_sowing" for e in trace)
        return "never" if endless else "ends"
    if of == "wins":
        return (
            "yes" if after["winner"] is not None and after["winner"] != after["to_move"] else "no"
        )
    if of == "result":
        if after["status"] == "playing":
            return "goes_on"
        return after["winner"] or "draw"
    return "yes" if (captures if of == "captures" else relays) else "no"


def describe_answer(
    game: str, predict: dict, answer: Any, locale: str, names: dict | None = None
) -> str:
    """An answer in words: the holes by name, a number, or the option chosen."""
    ask = predict["ask"]
    if ask == "number":
        return str(answer)
    if ask == "choice":
        return tr(locale, f"lesson.opt_{answer}")
    if not answer:
        return tr(locale, "lesson.no_capture")
    return tr(locale, "names.list_sep").join(hole_name(game, c, locale, names) for c in answer)


def check_answer(predict: dict, given: Any, rows: int, columns: int) -> Any:
    """Check the form of a student's answer (from the browser, so untrusted) and
    return it cleaned; raises a Refusal saying what was expected."""
    ask = predict["ask"]
    if ask == "number":
        if isinstance(given, str) and given.strip().isdigit():
            try:
                given = int(given.strip())
            except ValueError:  # "²" is a digit int() cannot read; so is a 5,000-digit text
                raise Refusal("answer_number") from None
        if type(given) is not int or not 0 <= given <= 10_000:
            raise Refusal("answer_number")
        return given
    if ask == "choice":
        if not isinstance(given, str) or given not in predict["options"]:
            raise Refusal("answer_option")
        return given
    if not isinstance(given, list) or len(given) > rows * columns:
        raise Refusal("answer_cells")
    try:
        return [list(check_cell(c, "answer", rows, columns, MalformedError)) for c in given]
    except MalformedError:
        raise Refusal("answer_cells") from None


def is_right(predict: dict, answer: Any) -> bool:
    if isinstance(answer, list):
        return sorted(map(tuple, answer)) == sorted(map(tuple, predict["answer"]))
    return answer == predict["answer"]


def move_cell(move: dict, mover: str) -> list[int]:
    """The hole a student clicks for a move: the hole sown, or (Kisolo's capture of
    column c) the opponent's inner hole it takes."""
    if move["type"] == "capture":
        return [1 if mover == "south" else 2, move["column"]]
    return [move["row"], move["column"]]


def best_score(state, move: dict) -> tuple:
    """A ``best`` question's measure of a move, the one the computer's explanations
    use: a win first, then not losing, then the pieces it captures less the most the
    opponent can capture in reply."""
    from ..players import effect

    e = effect(state, move)
    return (e["wins"], not e["loses"], e["gain"] - e["threat"])


def best_answer(state, move: dict, where: str) -> list[list[int]]:
    """The right answer to a ``best`` question: the hole of the moves that score best.
    Refuses a lesson whose move is not among them, or whose best moves start from
    different holes (the question would have two right answers)."""
    if getattr(state, "opening", False):
        raise InvalidLessonError(
            f"{where}: predict.ask = 'best': not in Kiothi's opening, whose moves are placements"
        )
    mover = PLAYERS[state.to_move]
    scored = [(best_score(state, m), m) for m in state.legal_moves()]
    top = max(score for score, _ in scored)
    cells = {tuple(move_cell(m, mover)) for score, m in scored if score == top}
    if len(cells) > 1:
        raise InvalidLessonError(
            f"{where}: predict.ask = 'best': moves from {len(cells)} different holes are "
            "equally good here; ask it of a position where one hole is best"
        )
    if best_score(state, move) != top:
        raise InvalidLessonError(
            f"{where}: predict.ask = 'best': the step's move {shown_json(move)} is not "
            "the best one (what it captures less what the opponent can take back)"
        )
    return [list(next(iter(cells)))]


def best_count(state, move: dict, where: str) -> int:
    """The right answer to a ``number`` question ``of: "count"`` (Kiothi's partial
    lifting): how many warriors to lift from the move's boma, the one count that
    scores best there (``best_score``); refuses a lesson where it is not the move's."""
    if state.game != "kiothi" or move.get("type") != "sow":
        raise InvalidLessonError(
            f"{where}: predict.of = 'count': asks how many warriors a Kiothi sowing lifts"
        )
    same = [
        m for m in state.legal_moves() if (m["row"], m["column"]) == (move["row"], move["column"])
    ]
    scored = [(best_score(state, m), m["count"]) for m in same]
    top = max(score for score, _ in scored)
    counts = [k for score, k in scored if score == top]
    if counts != [move["count"]]:
        raise InvalidLessonError(
            f"{where}: predict.of = 'count': from this boma the best count is "
            f"{' or '.join(map(str, counts))}, not the step's {move['count']}"
        )
    return move["count"]


def best_words(step: Step, given: list, locale: str, names: dict | None = None) -> list[str]:
    """What a ``best`` question's feedback says: what the best move captures and what
    the opponent can then take back, and the same of the student's own choice."""
    from ..players import effect, explain_effect

    state = load_position(step.start)
    mover = PLAYERS[state.to_move]
    by_cell: dict[tuple, tuple] = {}
    for m in state.legal_moves():
        score = best_score(state, m)
        cell = tuple(move_cell(m, mover))
        if cell not in by_cell or score > by_cell[cell][0]:
            by_cell[cell] = (score, m)
    assert step.predict is not None
    best = by_cell[tuple(step.predict["answer"][0])][1]
    words = explain_effect(state, best, effect(state, best), locale, names)
    parts = [tr(locale, "lesson.best_why", words=words)]
    mine = by_cell.get(tuple(given[0])) if len(given) == 1 else None
    if mine is not None and mine[1] != best:
        words = explain_effect(state, mine[1], effect(state, mine[1]), locale, names)
        parts.append(tr(locale, "lesson.best_yours", words=words))
    return parts


def step_answer(step: Step) -> Any:
    """A step's right answer worked out again by the engine from the step itself: from
    the move's trace, or (``best`` and ``count`` questions) from every move of the
    position before it."""
    assert step.predict is not None and step.move is not None
    p = step.predict
    if p["ask"] == "best":
        return best_answer(load_position(step.start), step.move, "step")
    if p["of"] == "count":
        return best_count(load_position(step.start), step.move, "step")
    assert step.after is not None
    return predict_answer(p["ask"], load_position(step.start).game, step.trace, step.after, p["of"])
