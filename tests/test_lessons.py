"""Lessons as data: the packaged lessons load, broken ones are refused with an
error naming the step, and the lesson stepper walks, asks and answers."""

import copy
import re

import pytest

from mancala_widgets import Lesson, available_lessons, load_lesson
from mancala_widgets.lessons import InvalidLessonError, predict_answer
from mancala_widgets.rules import initial_position, play
from mancala_widgets.text.names import hole_name

GOOD = {
    "format": "mancala-widgets/lesson",
    "version": 1,
    "id": "t",
    "game": "kisolo",
    "variant": {"columns": 7},
    "title": {"en": "T", "ko": "티"},
    "steps": [
        {"text": "Start."},
        {
            "text": "Capture.",
            "move": {"type": "capture", "column": 3},
            "predict": {"ask": "capture", "explain": "It takes North's inner hole."},
        },
        {
            "text": {"en": "Then North.", "ko": "그다음 북쪽."},
            "highlight": [[1, 0]],
            "label": {"at": [1, 0], "text": "here"},
            "arrow": {"from": [0, 0], "to": [1, 0]},
        },
    ],
}


NO_RELAY = {
    "game": "kisolo",
    "columns": 7,
    "to_move": "south",
    "status": "playing",
    "winner": None,
    "reason": None,
    "board": [[0] * 7, [1] + [0] * 6, [0] * 7, [2] + [0] * 6],
}


def broken(path, value):
    d = copy.deepcopy(GOOD)
    target = d
    for key in path[:-1]:
        target = target[key]
    if value is None:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return d


@pytest.mark.parametrize("name", available_lessons())
def test_packaged_lessons_load_in_both_languages(name):
    lesson = load_lesson(name)
    assert lesson.steps and lesson.title["en"] and lesson.title["ko"]
    for step in lesson.steps:
        assert step.text["en"] and step.text.get("ko"), f"{name}: every text has Korean"
        if step.predict:
            assert step.predict["question"]["ko"]


def test_the_lessons_named_by_the_notebooks_exist():
    assert {"pussa-kanawa", "nki", "leftmost-triple", "start-here"} <= set(available_lessons())


BROKEN = [
    ("not json object", [], "lesson: expected an object"),
    ("wrong format", broken(["format"], "slides"), "format/version"),
    ("unknown game", broken(["game"], "oware"), "game = 'oware'"),
    ("bad variant", broken(["variant"], {"columns": 9}), "columns = 9"),
    ("no steps", broken(["steps"], []), "steps: expected a non-empty list"),
    ("step without text", broken(["steps", 0, "text"], None), "step 1: missing field 'text'"),
    (
        "unknown step field",
        broken(["steps", 0, "html"], "<b>x</b>"),
        "step 1: unexpected field 'html'",
    ),
    (
        "text without English",
        broken(["steps", 2, "text"], {"ko": "만"}),
        "step 3: text: expected a text",
    ),
    (
        "unknown language",
        broken(["steps", 2, "text"], {"en": "a", "fr": "b"}),
        "step 3: text: unknown language 'fr'",
    ),
    (
        "empty text",
        broken(["steps", 0, "text"], "  "),
        "step 1: text.en: expected a non-empty text",
    ),
    (
        "illegal move",
        broken(["steps", 1, "move"], {"type": "sow", "row": 3, "column": 0}),
        r"step 2: move .*turn-start capture is due",
    ),
    (
        "malformed move",
        broken(["steps", 1, "move"], {"type": "jump"}),
        "step 2: move .*type = 'jump'",
    ),
    (
        "bad position",
        broken(["steps", 2, "position"], {"game": "kisolo"}),
        "step 3: position: .*missing field",
    ),
    (
        "other game's position",
        broken(["steps", 2, "position"], initial_position("kiothi")),
        "step 3: position: a kiothi position in a kisolo lesson",
    ),
    (
        "highlight off the board",
        broken(["steps", 2, "highlight"], [[4, 0]]),
        r"step 3: highlight\[0\] = \[4, 0\]",
    ),
    (
        "label without text",
        broken(["steps", 2, "label"], {"at": [1, 0]}),
        "step 3: label: missing field 'text'",
    ),
    (
        "arrow shape",
        broken(["steps", 2, "arrow"], {"from": [0, 0], "to": "up"}),
        'step 3: arrow.to = "up"',
    ),
    (
        "unknown prediction",
        broken(["steps", 1, "predict"], {"ask": "score"}),
        "step 2: predict.ask = 'score'",
    ),
    (
        "prediction without move",
        broken(["steps", 0, "predict"], {"ask": "landing"}),
        "step 1: predict: a prediction needs a move",
    ),
    (
        "nki in Kisolo",
        broken(["steps", 1, "predict"], {"ask": "protected"}),
        "step 2: predict: only Kiothi has nki",
    ),
    (
        "lifted without relay",
        broken(
            ["steps", 1],
            {
                "text": "x",
                "position": NO_RELAY,
                "move": {"type": "sow", "row": 3, "column": 0},
                "predict": {"ask": "lifted"},
            },
        ),
        "step 2: predict.ask = 'lifted': this move has no relay",
    ),
    (
        "number about nothing",
        broken(["steps", 1, "predict"], {"ask": "number"}),
        "step 2: predict.of = None: "
        "a number question asks about one of captured, laps, nki, margin",
    ),
    (
        "choice about something unknown",
        broken(["steps", 1, "predict"], {"ask": "choice", "of": "colour"}),
        "step 2: predict.of = 'colour'",
    ),
    (
        "of on a cell question",
        broken(["steps", 1, "predict"], {"ask": "landing", "of": "laps"}),
        "step 2: predict.of: only a number or choice question",
    ),
    (
        "margin of a game going on",
        broken(["steps", 1, "predict"], {"ask": "number", "of": "margin"}),
        "step 2: predict.of = 'margin'",
    ),
    (
        "more pieces than a game",
        broken(["steps", 2, "position"], {**initial_position("kisolo"), "board": [[9] * 7] * 4}),
        "step 3: position: 252 pieces, more than the 84",
    ),
]


@pytest.mark.parametrize("name, data, message", BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_lessons_name_the_step_and_the_problem(name, data, message):
    with pytest.raises(InvalidLessonError, match=message):
        load_lesson(data)


def test_a_broken_lesson_file(tmp_path):
    (tmp_path / "bad.json").write_text("{'single quotes': 1}")
    with pytest.raises(InvalidLessonError, match="bad.json is not valid JSON"):
        load_lesson(tmp_path / "bad.json")
    with pytest.raises(InvalidLessonError, match="no lesson called 'nope'"):
        load_lesson("nope")


def test_answers_come_from_the_rules_not_the_author():
    lesson = load_lesson("pussa-kanawa")
    for step in lesson.steps:
        if step.predict:
            _, trace = play(step.start, step.move)
            assert step.predict["answer"] == predict_answer(
                step.predict["ask"], lesson.game, trace, step.after, step.predict["of"]
            )
    landing = next(s for s in lesson.steps if s.predict and s.predict["ask"] == "landing")
    assert landing.predict["answer"] == [[3, 2]]


def test_an_empty_boma_marked_nki_is_refused_it_cannot_happen_in_play():
    bad = {
        **initial_position("kiothi"),
        "turn": 5,
        "board": [[0] * 9 + [2], [0] * 9 + [5]],
        "nki": [[True] + [False] * 9, [False] * 10],
    }
    lesson = {
        **GOOD,
        "game": "kiothi",
        "variant": {"start_holes": 6, "orthodox": True},
        "steps": [{"text": "x", "position": bad}],
    }
    with pytest.raises(
        InvalidLessonError,
        match=r"step 1: position: boma \[0, 0\] is marked nki "
        "but empty",
    ):
        load_lesson(lesson)


def test_puzzle_positions_are_marked_and_real_totals_are_not():
    lesson = Lesson("pussa-kanawa")
    assert lesson.lesson["puzzle"].startswith("A puzzle position: only the stones that matter")
    assert "84" in lesson.lesson["puzzle"]
    while lesson.lesson["puzzle"] is not None:
        lesson.next()
    assert sum(map(sum, lesson.position["board"])) == 84


def test_the_stepper_walks_forward_back_and_restarts():
    lesson = Lesson(GOOD)
    assert lesson.step == 1 and lesson.lesson["text"] == "Start." and lesson.move_count == 0
    lesson.next()
    assert lesson.lesson["question"]["ask"] == "capture" and lesson.move_count == 0, (
        "a prediction waits for the answer"
    )
    assert lesson.lesson["question"]["move"] == (
        "South captures column 4: North's inner hole 4 and the outer hole behind it"
    )
    lesson._handle_custom_msg({"kind": "answer", "answer": [[1, 3]]}, [])
    assert lesson.lesson["feedback"]["correct"] is True
    assert lesson.lesson["feedback"]["text"] == "Right! It takes North's inner hole."
    assert lesson.move_count == 1 and lesson.trace[0]["rule"] == "turn_start_capture"
    lesson.next()
    assert lesson.lesson["highlight"] == [[1, 0]] and lesson.lesson["label"]["text"] == "here"
    assert lesson.lesson["arrow"] == {"from": [0, 0], "to": [1, 0]}
    assert lesson.position["to_move"] == "north", "step 3 continues after step 2's move"
    lesson.next()
    assert lesson.step == 3, "no step after the last"
    lesson._handle_custom_msg({"kind": "lesson", "action": "back"}, [])
    assert lesson.step == 2 and lesson.lesson["feedback"] is None, "asked again"
    lesson._handle_custom_msg({"kind": "lesson", "action": "restart"}, [])
    assert lesson.step == 1 and lesson.position == initial_position("kisolo")


def test_a_wrong_answer_is_told_the_answer_and_why():
    lesson = Lesson(GOOD)
    lesson.next()
    feedback = lesson.answer([[0, 0]])
    assert feedback["correct"] is False
    assert feedback["text"] == (
        "Not quite. The answer: North's inner hole 4. It takes North's inner hole."
    )
    with pytest.raises(ValueError, match="has been answered"):
        lesson.answer([[1, 3]])


def test_number_and_choice_questions_right_wrong_and_malformed():
    lesson = Lesson("pussa-kanawa")
    while lesson.lesson["question"] is None or lesson.lesson["question"]["ask"] != "choice":
        lesson.next()
    q = lesson.lesson["question"]
    assert [o["value"] for o in q["options"]] == ["yes", "no"] and q["number"] is False
    with pytest.raises(ValueError, match="one of the choices"):
        lesson.answer("maybe")
    assert lesson.move_count == 0, "a malformed answer changes nothing"
    feedback = lesson.answer("yes")
    assert feedback["correct"] is False and feedback["text"].startswith(
        "Not quite. The answer: No."
    )
    lesson.restart()
    while lesson.lesson["question"] is None or lesson.lesson["question"]["ask"] != "number":
        lesson.next()
    assert lesson.lesson["question"]["number"] is True
    for bad in ("three", -1, 2.5, [3], True):
        with pytest.raises(ValueError, match="whole number"):
            lesson.answer(bad)
    assert lesson.answer(3)["correct"] is True


def test_every_question_names_the_move_it_asks_about_but_which_move_is_best():
    for name in available_lessons():
        lesson = Lesson(name)
        for i in range(len(lesson.script.steps)):
            q = lesson.lesson["question"]
            if q and q["ask"] == "best":  # the question is which move: not said, not marked
                assert q["move"] == "" and q["moved"] == [] and q["text"], (name, i)
            elif q:
                assert q["move"] and q["text"], (name, i)
                move = lesson.script.steps[i].move
                if lesson.script.steps[i].predict["of"] == "count":  # the boma, not how many
                    assert q["move"] == hole_name("kiothi", [move["row"], move["column"]]), q
            lesson.next()


def test_no_capture_is_an_answer():
    lesson = Lesson("nki")
    while not (lesson.lesson["question"] and lesson.lesson["question"]["ask"] == "capture"):
        lesson.next()
    assert lesson.lesson["question"]["none"] is True
    assert lesson.answer([])["correct"] is True


def test_bad_answer_messages_change_nothing():
    lesson = Lesson(GOOD)
    lesson.next()
    for content, message in [
        ({"kind": "answer", "answer": "1,3"}, "must be holes of this board"),
        ({"kind": "answer", "answer": [[9, 9]]}, "must be holes of this board"),
        ({"kind": "lesson", "action": "skip"}, "cannot do .skip."),
        ({"kind": "answer"}, 'lacks its "answer"'),
        ({"kind": "answer", "cells": []}, 'unexpected "cells"'),
        ({"kind": "play", "move": {"type": "capture", "column": 3}}, "for watching"),
    ]:
        lesson._handle_custom_msg(content, [])
        assert re.search(message, lesson.error), lesson.error
        assert lesson.move_count == 0 and lesson.lesson["feedback"] is None


def test_korean_lesson_and_feedback():
    lesson = Lesson("leftmost-triple", locale="ko")
    assert lesson.lesson["title"] == "Kiothi의 가장 왼쪽 3연 획득"
    assert lesson.labels == {"south": "남쪽", "north": "북쪽"}
    feedback = lesson.answer([[0, 3]])
    assert feedback["text"].startswith("아쉽지만 틀렸습니다. 정답: 북쪽 5번 보마.")
    assert lesson.narration[:2] == [
        "남쪽 3번 보마에서 전사 2명을 집어 듭니다.",
        "1바퀴째: 전사 2명을 하나씩 뿌립니다. 마지막 하나는 남쪽 5번 보마에 떨어집니다.",
    ]
    lesson.locale = "en"
    assert lesson.lesson["title"] == "Kiothi's leftmost triple capture"
    assert lesson.labels == {"south": "South", "north": "North"}


def test_summary_on_the_last_step():
    lesson = Lesson("pussa-kanawa")
    assert lesson.lesson["summary"] is None
    for _ in range(len(lesson.script.steps)):
        lesson.next()
    assert lesson.lesson["summary"].startswith("You have seen every rule of Kisolo")


#: Every packaged question's answer, worked out by hand from docs/rules.md (step numbers from
#: 1), not by the loader's function: a wrong rule or a wrong reading of the trace shows
#: here as a disagreement.
HAND_WORKED = {
    "start-here": {2: 6, 4: [[3, 4]]},
    "pussa-kanawa": {
        2: [[3, 2]],
        3: [[3, 3]],
        4: "no",
        6: [[3, 1]],
        7: [[1, 6]],
        8: "no",
        9: "yes",
        10: "never",
        12: [[3, 5]],
        13: 3,
    },
    "nki": {3: 13, 4: [], 6: [[0, 5]], 7: [[1, 7]], 8: [[0, 9]], 10: [[0, 5]], 11: 4},
    "leftmost-triple": {1: [[0, 4]], 2: 10, 3: 3, 4: 3, 5: 5, 7: 9},
    "kisolo-endings": {1: "yes", 4: "no"},
    # Worked from each move's captures and the opponent's best reply (lessons 07).
    "kisolo-strategy": {1: [[1, 2]], 2: [[1, 6]], 3: [[3, 0]], 4: [[2, 5]], 5: [[3, 3]]},
    "kiothi-strategy": {2: 3, 3: [[1, 0]], 4: [[1, 1]]},
    "kiothi-endings": {1: "yes", 2: 2, 4: "draw"},
}


@pytest.mark.parametrize("lesson_id", sorted(HAND_WORKED))
def test_every_answer_agrees_with_the_answer_worked_by_hand(lesson_id):
    lesson = load_lesson(lesson_id)
    asked = {i + 1: s.predict["answer"] for i, s in enumerate(lesson.steps) if s.predict}
    assert asked == HAND_WORKED[lesson_id]


def test_every_packaged_lesson_has_its_answers_worked_by_hand():
    assert sorted(HAND_WORKED) == available_lessons()


def one_step(game: str, position: dict, move: dict) -> dict:
    """A lesson of one question, ``of: "result"``, about ``move`` from ``position``."""
    variant = {"columns": len(position["board"][0])} if game == "kisolo" else {"start_holes": 6}
    return {
        **GOOD,
        "game": game,
        "variant": variant,
        "steps": [
            {
                "text": "x",
                "position": position,
                "move": move,
                "predict": {"ask": "choice", "of": "result"},
            }
        ],
    }


def result_cases():
    """(name, game, position, move, result): a win for each side, a draw in each game,
    a game that goes on."""
    kisolo = load_lesson("pussa-kanawa").steps
    kiothi = load_lesson("kiothi-endings").steps
    north_captures = {
        **initial_position("kisolo"),
        "to_move": "north",
        "board": [[0] * 7, [0, 0, 1, 0, 0, 0, 0], [0, 0, 1, 0, 0, 0, 0], [2] + [0] * 6],
    }
    return [
        ("kisolo south wins", "kisolo", kisolo[8].start, kisolo[8].move, "south"),
        ("kisolo north wins", "kisolo", north_captures, {"type": "capture", "column": 2}, "north"),
        ("kisolo perpetual draw", "kisolo", kisolo[9].start, kisolo[9].move, "draw"),
        ("kisolo goes on", "kisolo", kisolo[11].start, kisolo[11].move, "goes_on"),
        ("kiothi north wins", "kiothi", kiothi[1].start, kiothi[1].move, "north"),
        ("kiothi equal jails", "kiothi", kiothi[3].start, kiothi[3].move, "draw"),
        ("kiothi south wins", "kiothi", kiothi[0].start, kiothi[0].move, "south"),
    ]


@pytest.mark.parametrize(
    "name, game, position, move, result", result_cases(), ids=[c[0] for c in result_cases()]
)
def test_a_result_question_is_answered_by_the_position_after_the_move(
    name, game, position, move, result
):
    step = load_lesson(one_step(game, position, move)).steps[0]
    assert step.predict["options"] == ["south", "north", "draw", "goes_on"]
    assert step.predict["answer"] == result
    after, _ = play(position, move)
    assert (after["status"], after["winner"]) == {
        "south": ("won", "south"),
        "north": ("won", "north"),
        "draw": ("draw", None),
        "goes_on": ("playing", None),
    }[result]


def test_a_result_question_offers_the_four_results_in_words():
    kiothi = load_lesson("kiothi-endings").steps[3]
    for locale, words in (
        ("en", ["South wins", "North wins", "A draw", "The game goes on"]),
        ("ko", ["남쪽이 이깁니다", "북쪽이 이깁니다", "무승부입니다", "게임이 계속됩니다"]),
    ):
        lesson = Lesson(one_step("kiothi", kiothi.start, kiothi.move), locale=locale)
        q = lesson.lesson["question"]
        assert [o["text"] for o in q["options"]] == words
        assert q["text"] and "{" not in q["text"]
    lesson = Lesson(one_step("kiothi", kiothi.start, kiothi.move))
    with pytest.raises(ValueError, match="one of the choices"):
        lesson.answer("yes")
    feedback = lesson.answer("goes_on")
    assert feedback["correct"] is False and feedback["text"].startswith(
        "Not quite. The answer: A draw."
    )


def test_the_lesson_asks_a_result_where_no_would_be_right_for_different_beliefs():
    """A yes/no "does it win?" whose answer is "no" cannot tell a student who expects a
    draw from one who expects the game to go on: such a step asks for the result."""
    for lesson_id in available_lessons():
        for i, step in enumerate(load_lesson(lesson_id).steps, 1):
            p = step.predict
            if p and p["of"] == "wins" and p["answer"] == "no":
                assert step.after is not None
                assert step.after["status"] == "playing", (
                    f"{lesson_id} step {i}: the move ends the game without a win for the "
                    'mover, so "No" covers more than one belief; ask of: "result"'
                )


def test_kisolo_endings_step_1_wins_although_north_keeps_outer_stones():
    """The step teaches that the outer row does not save you: after the winning capture
    North still has stones in the outer row (in another column), and South has won."""
    step = load_lesson("kisolo-endings").steps[0]
    after, trace = play(step.start, step.move)
    assert (after["status"], after["winner"], after["reason"]) == (
        "won",
        "south",
        "inner row emptied",
    )
    north_outer, north_inner = after["board"][0], after["board"][1]
    assert not any(north_inner) and sum(north_outer) == 2 and north_outer[2] == 2
    captures = [e for e in trace if e["kind"] == "capture"]
    assert [e["rule"] for e in captures] == ["mid_move_capture"]
    assert captures[0]["cell"][1] != 2, "the capture is in another column"
    assert "North still has 2 stones in outer hole 3" in step.predict["explain"]["en"]
    assert "북쪽 바깥쪽 줄 3번 구멍에 돌 2개가 남아" in step.predict["explain"]["ko"]
