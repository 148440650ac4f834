"""The strategy lessons' questions: which move is best, and how many to lift."""

import copy
import html
import json

import pytest

from mancala_widgets import Lesson
from mancala_widgets.classroom.misconceptions import misconception, wrong_answers
from mancala_widgets.exercises import ExerciseError, best_capture, exercise_from
from mancala_widgets.lessons import HERE as LESSONS
from mancala_widgets.lessons import InvalidLessonError, load_lesson, parse_lesson
from mancala_widgets.players import effect
from mancala_widgets.rules import load_position


def raw(name: str) -> dict:
    return json.loads((LESSONS / f"{name}.json").read_text(encoding="utf-8"))


def step_alone(name: str, index: int) -> dict:
    """A lesson of the one step ``index`` of lesson ``name`` (which has a position)."""
    data = raw(name)
    data["steps"] = [copy.deepcopy(data["steps"][index])]
    return data


def test_the_best_move_is_the_engines_not_the_authors():
    lesson = load_lesson("kisolo-strategy")
    step = lesson.steps[0]
    state = load_position(step.start)
    net = {m["column"]: effect(state, m) for m in state.legal_moves()}
    assert {c: (e["gain"], e["threat"]) for c, e in net.items()} == {
        2: (8, 6),
        4: (9, 12),
        6: (2, 12),
    }
    assert step.predict["answer"] == [[1, 2]]  # North's inner hole of column 3
    # the biggest capture (column 5) is not it
    assert max(net, key=lambda c: net[c]["gain"]) == 4


def test_a_lesson_whose_move_is_not_the_best_is_refused_naming_the_step():
    data = step_alone("kisolo-strategy", 0)
    data["steps"][0]["move"] = {"type": "capture", "column": 4}
    with pytest.raises(InvalidLessonError, match=r"step 1: predict.ask = 'best': the step's move"):
        parse_lesson(data)


def test_a_best_question_with_two_right_holes_is_refused():
    data = step_alone("kisolo-strategy", 0)
    board = data["steps"][0]["position"]["board"]
    data["steps"][0]["position"]["board"] = [
        [0] * 7,
        [0, 0, 1, 0, 1, 0, 0],
        [0, 0, 1, 0, 1, 0, 0],
        [0] * 7,
    ]
    data["steps"][0]["position"]["board"][3][0] = sum(map(sum, board)) - 4  # the same total
    with pytest.raises(InvalidLessonError, match="2 different holes are equally good"):
        parse_lesson(data)


def test_how_many_to_lift_is_worked_out_from_every_count():
    data = step_alone("kiothi-strategy", 1)
    data["steps"][0]["move"]["count"] = 2
    with pytest.raises(InvalidLessonError, match="the best count is 3, not the step's 2"):
        parse_lesson(data)


def test_while_a_best_question_waits_the_board_neither_says_nor_marks_the_move():
    lesson = Lesson("kisolo-strategy")
    q = lesson.lesson["question"]
    assert q["ask"] == "best" and q["move"] == "" and q["moved"] == [] and not q["multi"]


def test_the_feedback_weighs_the_best_move_and_the_students_own():
    lesson = Lesson("kisolo-strategy")
    feedback = lesson.answer([[1, 4]])  # the biggest capture, column 5
    assert feedback["correct"] is False
    assert "The best move here: South captures column 3" in feedback["text"]
    assert (
        "It captures 8 stones. Afterwards North can take at most 6 stones back." in feedback["text"]
    )
    assert "Your choice: South captures column 5" in feedback["text"]
    assert (
        "It captures 9 stones. Afterwards North can take at most 12 stones back."
        in feedback["text"]
    )
    ko = Lesson("kisolo-strategy", locale="ko")
    assert "가장 좋은 수" in ko.answer([[1, 2]])["text"]


def test_a_count_question_names_the_boma_not_the_count():
    lesson = Lesson("kiothi-strategy")
    lesson.next()
    q = lesson.lesson["question"]
    assert q["number"] and q["move"] == "South's boma 8" and q["moved"] == [[1, 7]]
    assert lesson.answer(3)["correct"] is True


def test_the_strategy_questions_wrong_answers_name_their_misconceptions():
    kisolo = load_lesson("kisolo-strategy")
    assert misconception(kisolo.steps[0], "kisolo", [[1, 4]], "en").startswith(
        "Went for the biggest"
    )
    kiothi = load_lesson("kiothi-strategy")
    last = kiothi.steps[3]  # the one-warrior victory from behind: the other moves miss the win
    assert {w.key for w in wrong_answers(last, "kiothi")} == {"best_missed_win"}
    assert misconception(kiothi.steps[1], "kiothi", 2, "ko").startswith("보마 하나가")


# -- the exercise: which capture is best? ----------------------------------------------


def test_the_best_capture_exercise_is_worked_out_by_the_engine():
    ex = best_capture(2)
    state = load_position(ex.position)
    weighed = {m["column"] + 1: effect(state, m) for m in state.legal_moves()}
    assert all(m["type"] == "capture" for m in state.legal_moves())  # a forced capture
    net = {c: e["gain"] - e["threat"] for c, e in weighed.items()}
    assert ex.answer == max(net, key=lambda c: net[c])
    assert ex.biggest == max(weighed, key=lambda c: weighed[c]["gain"]) != ex.answer
    assert ex.check(ex.answer).correct and ex.check(f"column {ex.answer}").correct
    assert best_capture(2, "ko").check(f"{ex.answer}번 열").correct


def test_the_biggest_capture_gets_its_tip_and_a_column_south_cannot_take_is_unreadable():
    ex = best_capture(2)
    wrong = ex.check(ex.biggest)
    assert not wrong.correct and "biggest capture" in wrong.text
    not_a_choice = ex.check(1)
    assert not_a_choice.malformed and "South cannot capture column 1 here" in not_a_choice.text
    assert ex.check("three").malformed and ex.check("3 or 4").malformed


def test_every_seed_has_a_position_small_enough_to_work_by_hand():
    for seed in range(0, 300):
        ex = best_capture(seed)
        assert 10 <= sum(map(sum, ex.position["board"])) <= 16
        assert 2 <= len(ex.options) <= 3


def test_a_best_capture_is_made_again_for_marking_and_a_bad_seed_is_refused():
    again = exercise_from("best", best_capture(7).parameters())
    assert again.answer == best_capture(7).answer and again.id == "best-7"
    with pytest.raises(ExerciseError, match="seed = -1: expected a whole number from 0 to 9999"):
        best_capture(-1)
    with pytest.raises(ExerciseError, match="seed = '7'"):
        best_capture("7")


def test_how_many_to_lift_is_a_kiothi_question():
    data = step_alone("kisolo-strategy", 2)
    data["steps"][0]["predict"] = {"ask": "number", "of": "count"}
    with pytest.raises(InvalidLessonError, match="asks how many warriors a Kiothi sowing lifts"):
        parse_lesson(data)


def test_the_printed_lesson_neither_names_nor_marks_the_move_a_question_asks_for():
    from mancala_widgets.handouts import handout
    from mancala_widgets.text.names import move_name

    for lesson_id in ("kisolo-strategy", "kiothi-strategy"):
        script = load_lesson(lesson_id)
        doc = handout("lesson", lesson=lesson_id)
        student = html.unescape(doc.split('class="answers"')[0])
        for step in script.steps:
            if step.predict and step.predict["ask"] == "best":
                said = move_name(script.game, step.move, step.start["to_move"], "en")
                assert said not in student, said
            if step.predict and step.predict["of"] == "count":
                said = move_name(script.game, step.move, step.start["to_move"], "en")
                assert said not in student
                assert "The move: South's boma 8." in student
