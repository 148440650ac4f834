"""The teacher's marks: every answer checked again by the engine against the lesson,
whatever the file claims; files that cannot be marked refused with their reason; the
class's commonest wrong answers each named with the misconception it points to."""

import copy
import csv
import io
import json

import pytest

from mancala_widgets import ExerciseWidget, KisoloBoard, Lesson, download, show_student
from mancala_widgets.classroom import hand_in, mark, sample_class
from mancala_widgets.classroom.handin import MAX_BYTES
from mancala_widgets.classroom.misconceptions import misconception, wrong_answers
from mancala_widgets.classroom.sample import _hand_in
from mancala_widgets.exercises import exercise_set
from mancala_widgets.lessons import available_lessons, check_answer, is_right, load_lesson
from mancala_widgets.text import LOCALES
from mancala_widgets.widgets.lesson import StudentAnswers


def handed(student="Mbuyi", wrong=(), minute=0) -> dict:
    """A hand-in of the pussa kanawa lesson, the questions in ``wrong`` (their order,
    from 0) answered with one of their plausible wrong answers."""
    return _hand_in(student, list(wrong), minute)


def only(marks, student):
    (work,) = [w for w in marks.works if w.student == student]
    return work


# -- right, wrong, partial ---------------------------------------------------------------


def test_right_wrong_and_partial_work_gets_the_mark_its_answers_deserve():
    marks = mark(handed("Mbuyi"), handed("Kabongo", [0, 1, 9]))
    assert marks.problems == []
    perfect, three_wrong = only(marks, "Mbuyi"), only(marks, "Kabongo")
    assert (perfect.score, perfect.out_of) == (10, 10)
    assert (three_wrong.score, three_wrong.out_of) == (7, 10)
    assert [a.right for a in three_wrong.answers][:2] == [False, False]
    partial = handed("Ngalula")
    del partial["lessons"][0]["answers"][4:]
    work = only(mark(partial), "Ngalula")
    assert (work.score, work.out_of) == (4, 10)
    assert [a.right for a in work.answers][4:] == [None] * 6


def test_the_first_answer_to_a_question_counts_and_the_attempts_are_kept():
    h = handed("Banza")
    first = h["lessons"][0]["answers"][0]
    again = dict(first, given=[[3, 1]], right=False, at="2026-12-04T09:30:00Z")
    h["lessons"][0]["answers"] = [dict(first, given=[[3, 3]], right=False), again, first]
    work = only(mark(h), "Banza")
    assert work.answers[0].right is False and work.answers[0].attempts == 3
    assert [right for _, right, _ in work.answers[0].tries] == [False, False, True]


def test_edited_right_flags_get_the_mark_the_answers_deserve_and_are_flagged():
    h = handed("Mwamba", [1, 3, 6])
    for answer in h["lessons"][0]["answers"]:
        answer["right"] = True
    work = only(mark(h), "Mwamba")
    assert work.score == 7
    assert any("3 answers" in f and "edited" in f for f in work.flags)


def test_a_hand_in_made_with_another_version_of_the_lesson_is_flagged_not_marked():
    h = handed("Kasongo")
    h["lessons"][0]["version"] = "0123456789abcdef"
    work = only(mark(h), "Kasongo")
    assert work.score is None and not work.marked
    assert any("another version" in f for f in work.flags)
    assert mark(h).table()["score"].isna().all()


def test_answers_that_do_not_fit_the_lessons_questions_are_flagged_not_marked():
    for forge in (
        lambda a: a[0].update(ask="number"),  # another question's kind
        lambda a: a[0].update(step=1),  # a step with no question
        lambda a: a[0].update(step=99),
        lambda a: a.append("not an answer"),
    ):
        h = handed("Ilunga")
        forge(h["lessons"][0]["answers"])
        work = only(mark(h), "Ilunga")
        assert not work.marked and work.score is None
        assert any("do" in f and "fit" in f for f in work.flags), work.flags


def test_an_unreadable_answer_is_wrong_not_an_error():
    h = handed("Tshibola")
    h["lessons"][0]["answers"][0]["given"] = [[99, 99]]
    h["lessons"][0]["answers"][1]["given"] = "<script>alert(1)</script>"
    work = only(mark(h), "Tshibola")
    assert work.marked and work.score == 8
    assert work.answers[0].given_words == "(an answer that cannot be read)"


def test_forged_game_moves_are_flagged_and_the_lesson_still_marked():
    board = KisoloBoard()
    for _ in range(2):
        board.play(board.legal_moves[0])
    lesson = Lesson("start-here")
    h = hand_in(lesson, board, student="Kalala", notebook="01-start-here")
    forged = copy.deepcopy(h)
    forged["games"][0]["record"]["moves"][1] = {"type": "sow", "row": 0, "column": 0}
    work = only(mark(h, forged), "Kalala")
    assert any("game 1 does not replay" in f for f in work.flags)
    honest = only(mark(h), "Kalala")
    assert not honest.flags and len(honest.games) == 1 and len(honest.games[0]) == 2


def test_a_student_who_handed_in_twice_is_marked_on_the_latest_file():
    early = handed("Ngalula", [0, 1, 2, 3], minute=0)
    late = handed("Ngalula", [1], minute=30)
    for order in ((early, late), (late, early)):
        work = only(mark(*order), "Ngalula")
        assert work.score == 9 and any("2 times" in f for f in work.flags)


# -- files that cannot be marked ---------------------------------------------------------


def text(h) -> bytes:
    return json.dumps(h).encode()


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (text(handed())[:300], "stops before its end"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "a PNG file"),
        (b"\xff\xd8\xff\xe0\x00\x10JFIF", "a JPEG file"),
        (b"PK\x03\x04 a zip", "a ZIP file"),
        (b"", "an empty file"),
        (b"student,score\nMbuyi,10\n", "not JSON"),
        (b"\xfe\xfe\xfe\xfe", "not a text file"),
        (b'{"cells": [], "nbformat": 4}', "another program"),
        (b"[1, 2, 3]", "another program"),
        (b'{"format": "mancala-widgets/work", "version": 1, "items": {}}', "press Hand in"),
        (json.dumps(KisoloBoard()._record.to_json()).encode(), "a game record"),
        (text(dict(handed(), version=2)), "version 2"),
        (text(dict(handed(), student="")), "no readable student name"),
        (text(dict(handed(), student="two\nlines")), "no readable student name"),
        (text(dict(handed(), lessons="all of them")), "damaged"),
        (b"[" * 5000 + b"]" * 5000, "nested too deeply"),
    ],
)
def test_a_file_that_cannot_be_a_hand_in_is_refused_with_its_reason(data, reason):
    marks = mark(("bad.json", data), handed("Mbuyi"))
    assert [w.student for w in marks.works] == ["Mbuyi"], "the others are marked"
    ((name, why),) = marks.problems
    assert name == "bad.json" and reason in why, why


def test_a_huge_file_is_refused_without_being_read_whole(tmp_path):
    big = tmp_path / "huge.handin.json"
    with open(big, "wb") as f:
        f.write(b'{"format": "mancala-widgets/hand-in", "pad": "')
        f.seek(MAX_BYTES + 10)
        f.write(b'"}')
    (tmp_path / "good.handin.json").write_bytes(text(handed("Kabongo", [0])))
    marks = mark(tmp_path)
    assert [w.student for w in marks.works] == ["Kabongo"]
    assert marks.problems == [("huge.handin.json", "4.0 MB, too big for a hand-in (at most 4 MB)")]


def test_a_folder_of_files_is_marked_with_the_refused_ones_listed(tmp_path):
    for name, data in sample_class():
        (tmp_path / name).write_bytes(data)
    (tmp_path / "photo.png").write_bytes(b"\x89PNG\r\n\x1a\nxxxx")
    (tmp_path / ".hidden").write_bytes(b"ignored")
    marks = mark(tmp_path)
    assert len(marks.students) == 7
    assert sorted(name for name, _ in marks.problems) == [
        "Ilunga-02-kisolo-pussa-kanawa.handin.json",
        "photo.png",
    ]
    assert mark(tmp_path / "missing").problems[0][1].startswith("the file cannot be read")


# -- what a teacher reads ------------------------------------------------------------------


def test_the_table_has_a_row_per_student_and_lesson_and_a_column_per_question():
    marks = mark(sample_class())
    table = marks.table()
    questions = [
        f"step {i}" for i, s in enumerate(load_lesson("pussa-kanawa").steps, 1) if s.predict
    ]
    assert list(table.columns) == [
        "student",
        "lesson",
        "score",
        "out_of",
        "time",
        *questions,
        "flags",
    ]
    assert list(table["student"]) == sorted(table["student"], key=str.casefold)
    row = table[table["student"] == "Kabongo"].iloc[0]
    assert (row["score"], row["out_of"], row["step 2"], row["step 3"]) == (7, 10, 0, 0)
    assert row["time"] == "2026-12-04T09:21:00Z"


def test_without_pandas_the_table_is_a_plain_table_with_the_same_columns(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_pandas(name, *args, **kwargs):
        if name == "pandas":
            raise ImportError("no pandas here")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pandas)
    marks = mark(sample_class())
    table = marks.table()
    assert type(table).__name__ == "Table" and len(table) == 7
    assert table.columns[:4] == ["student", "lesson", "score", "out_of"]
    assert table["score"][table["student"].index("Mbuyi")] == 10
    assert "<table" in table._repr_html_() and "✓" in table._repr_html_()


def test_the_questions_the_class_found_hard_name_the_misconception_of_each_wrong_answer():
    marks = mark(sample_class())
    by_step = {q.question: q for q in marks.questions()}
    lifted = by_step["3"]
    assert (lifted.right, lifted.wrong, lifted.unanswered) == (2, 5, 0)
    (words, n, why), *_ = lifted.wrong_answers
    assert words == "South's outer hole 3" and n >= 2
    assert why.startswith("Lifted the landing hole: that is the relay of most mancala games")
    assert lifted.text == "Which hole will pussa kanawa lift first? Click it."
    report = marks._repr_html_()
    assert "Lifted the landing hole" in report and "3 of 7 right" not in report
    assert "step 3: 2 of 7 right" in report


def test_the_chart_counts_right_wrong_and_unanswered_per_question():
    spec = mark(sample_class()).chart()._repr_mimebundle_()["application/vnd.vegalite.v5+json"]
    values = {(v["question"], v["outcome"]): v["students"] for v in spec["data"]["values"]}
    assert values[("3", "right")] == 2 and values[("3", "wrong")] == 5
    tips = {v["question"]: v["why"] for v in spec["data"]["values"]}
    assert tips["3"].startswith("Lifted the landing hole")
    assert spec["encoding"]["x"]["sort"] == ["2", "3", "4", "6", "7", "8", "9", "10", "12", "13"]


def test_markup_in_a_name_or_an_answer_is_shown_as_text_everywhere():
    evil = "<img src=x onerror=alert(1)>"
    h = handed(evil, [0])
    h["lessons"][0]["answers"][1]["given"] = "<b>bold</b>"
    marks = mark(h)
    for page in (marks._repr_html_(), marks.report(), marks.table()._repr_html_()):
        assert "<img" not in page and "<b>bold" not in page
        assert "&lt;img src=x onerror=alert(1)&gt;" in page
    spec = marks.chart().spec
    assert all("<" not in str(v["question"]) for v in spec["data"]["values"])
    view = show_student(marks, evil)
    assert view.title.startswith(evil), "a widget's text is drawn as text by the board"


def test_the_csv_is_for_a_gradebook_and_runs_no_formula():
    h = handed('=HYPERLINK("http://x")', [0])
    rows = list(csv.reader(io.StringIO(mark(h, handed("Mbuyi")).csv())))
    assert rows[0][:4] == ["student", "lesson", "score", "out_of"]
    assert rows[1][0] == '\'=HYPERLINK("http://x")' and rows[1][2] == "9"
    assert rows[2][:3] == ["Mbuyi", "pussa-kanawa", "10"]


def test_the_csv_file_and_the_download_buttons(tmp_path):
    marks = mark(sample_class())
    marks.csv(tmp_path / "marks.csv")
    assert (tmp_path / "marks.csv").read_text(encoding="utf-8-sig").startswith("student,lesson")
    button = download(marks, "csv")
    assert button.file == "marks.csv" and "Kabongo" in button.text
    page = download(marks, "report")
    assert page.file == "marks.html" and page.text.startswith("<!doctype html>")
    with pytest.raises(ValueError):
        download(marks, "pdf")


def test_one_students_work_shows_their_answer_beside_the_right_one_at_each_question():
    marks = mark(sample_class())
    view = show_student(marks, "kabongo")  # as the teacher types it
    assert isinstance(view, StudentAnswers) and view.title.startswith("Kabongo: ")
    view.next()
    feedback = view.lesson["feedback"]
    assert feedback["correct"] is False
    assert feedback["text"].startswith("Kabongo's first answer: South's outer hole")
    assert "The answer: South's outer hole 3" in feedback["text"]
    assert feedback["cells"]
    view.next()
    assert view.lesson["feedback"]["text"].startswith("Kabongo's first answer")
    with pytest.raises(KeyError):
        show_student(marks, "Nobody")


def test_marks_in_korean():
    marks = mark(sample_class(), locale="ko")
    assert "명의 제출 파일" in marks._repr_html_()
    assert marks.problems[0][1].startswith("파일이 끝나기 전에 끊겼습니다")
    lifted = next(q for q in marks.questions() if q.question == "3")
    assert lifted.wrong_answers[0][2].startswith("떨어진 구멍을 집어 들었습니다")


# -- exercises ------------------------------------------------------------------------------


def test_exercises_are_checked_again_and_a_forged_exercise_is_flagged():
    exercises = [ExerciseWidget(e) for e in exercise_set()]
    exercises[0].answer(str(exercises[0].exercise.answer))
    exercises[1].answer("0")
    h = hand_in(*exercises[:2], student="Ngoy", notebook="05-ethnomathematics")
    h["exercises"][1]["answers"][0]["right"] = True
    work = only(mark(h), "Ngoy")
    assert work.part == "exercises" and (work.score, work.out_of) == (1, 5)
    assert [a.right for a in work.answers] == [True, False, None, None, None]
    forged = copy.deepcopy(h)
    forged["exercises"][0]["parameters"]["stones"] = 1  # an easier exercise, same id
    work = only(mark(forged), "Ngoy")
    assert any("does not match" in f for f in work.flags) and work.score == 0


# -- misconceptions of every packaged question ----------------------------------------------


def questions():
    return list(_questions())


def _questions():
    for lesson_id in available_lessons():
        script = load_lesson(lesson_id)
        for i, step in enumerate(script.steps, 1):
            if step.predict is not None:
                yield pytest.param(script, step, id=f"{lesson_id}-{i}")


@pytest.mark.parametrize(("script", "step"), questions())
def test_each_plausible_wrong_answer_of_every_lesson_question_names_its_misconception(script, step):
    wrongs = wrong_answers(step, script.game)
    assert wrongs, "every question has at least one plausible wrong answer"
    board = step.start["board"]
    answers = []
    for w in wrongs:
        cleaned = check_answer(step.predict, w.answer, len(board), len(board[0]))
        assert not is_right(step.predict, cleaned), "a plausible wrong answer is wrong"
        assert cleaned not in answers
        answers.append(cleaned)
        for locale in LOCALES:
            words = w.words(locale)
            assert len(words) > 20, (w.key, locale)
            assert misconception(step, script.game, cleaned, locale) == words
    assert misconception(step, script.game, step.predict["answer"], "en") is None
    if step.predict["ask"] == "choice":
        others = [o for o in step.predict["options"] if o != step.predict["answer"]]
        assert answers == others


def test_the_misconceptions_follow_the_move_not_a_list():
    """Lifting the landing hole is named for Kisolo; Kiothi's relay lifts it, so there
    the boma after it is the mistake."""
    kisolo = load_lesson("pussa-kanawa").steps[2]
    kiothi = load_lesson("nki").steps[7]
    assert [w.key for w in wrong_answers(kisolo, "kisolo")][0] == "lifted_landing_kisolo"
    assert [w.answer for w in wrong_answers(kisolo, "kisolo")][0] == [[3, 2]]
    assert [w.key for w in wrong_answers(kiothi, "kiothi")] == ["lifted_next_kiothi"]
    nki = load_lesson("nki").steps[5]  # the relay lifts North's nki boma 10
    keys = {w.key: w.answer for w in wrong_answers(nki, "kiothi")}
    assert keys["protected_kept_lifted"] == [[0, 5], [0, 9]]
