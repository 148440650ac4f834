"""A student's work in a lesson notebook: kept as it happens in a file beside the
notebook, given back (continue) or kept aside (start over) when the notebook opens
again, never written over without asking, and handed in as one file."""

import json
from pathlib import Path

import pytest

from mancala_widgets import ExerciseWidget, KisoloBoard, Lesson
from mancala_widgets.classroom import hand_in, notebooks_folder, work
from mancala_widgets.classroom.handin import FORMAT, file_name
from mancala_widgets.exercises import exercise_set
from mancala_widgets.widgets.work import HandInWidget, WorkbookWidget


@pytest.fixture(autouse=True)
def no_workbook_left_open():
    yield
    work.close()


def first_questions(lesson: Lesson, how_many: int, wrong: bool = False) -> list:
    """Step through ``lesson`` answering its first ``how_many`` questions; the answers."""
    given = []
    while len(given) < how_many:
        step = lesson.script.steps[lesson.step - 1]
        if step.predict is not None:
            answer = step.predict["answer"]
            if wrong and step.predict["ask"] == "number":
                answer += 1
            lesson.answer(answer)
            given.append(answer)
        lesson.next()
    return given


def test_every_answer_exercise_and_game_is_in_the_file_as_soon_as_it_happens(tmp_path):
    book = work.workbook("02-kisolo-pussa-kanawa", tmp_path)
    lesson = Lesson("pussa-kanawa")
    assert not book.path.exists(), "nothing is written before there is work"
    first_questions(lesson, 1)
    saved = json.loads(book.path.read_text())
    assert saved["format"] == "mancala-widgets/work"
    (answer,) = saved["items"]["lesson:pussa-kanawa"]["answers"]
    assert (answer["step"], answer["given"], answer["right"]) == (2, [[3, 2]], True)
    assert answer["at"].endswith("Z")
    exercise = ExerciseWidget(exercise_set()[0])
    exercise.answer("5")
    board = KisoloBoard()
    board.play(board.legal_moves[0])
    items = json.loads(book.path.read_text())["items"]
    assert items["exercise:landing-14-3-17"]["answers"][0]["given"] == "5"
    assert items["board:1"]["moves"] == 1
    assert book.summary() == {"answers": 1, "exercises": 1, "games": 1, "players": 0}


def test_opening_the_notebook_again_asks_and_continue_gives_everything_back(tmp_path):
    work.workbook("02-kisolo-pussa-kanawa", tmp_path)
    lesson = Lesson("pussa-kanawa")
    given = first_questions(lesson, 3)
    step_left = lesson.step
    exercise = ExerciseWidget(exercise_set()[0])
    exercise.answer("6")
    board = KisoloBoard()
    for _ in range(3):
        board.play(board.legal_moves[0])
    kept = board._record.to_json()

    again = work.workbook("02-kisolo-pussa-kanawa", tmp_path)  # the notebook reopened
    view = WorkbookWidget(again)
    assert view.mode == "asking"
    assert "3 answers, 1 exercise and 1 game" in view.status["text"]
    # Made before the student answers the question: fresh, until they choose.
    lesson2, exercise2, board2 = (
        Lesson("pussa-kanawa"),
        ExerciseWidget(exercise_set()[0]),
        KisoloBoard(),
    )
    assert (lesson2.step, exercise2.given, len(board2._record)) == (1, "", 0)
    view._on_message(view, {"kind": "continue"}, [])
    assert view.mode == "continued" and view.status["kind"] == "done"
    assert lesson2.step == step_left
    assert [a["given"] for a in lesson2.answers] == given
    assert exercise2.given == "6" and exercise2.feedback["correct"] is True
    assert board2._record.to_json() == kept
    # A widget made after the choice gets its work back as it is made.
    later = KisoloBoard()
    assert len(later._record) == 0, "board:2 had no saved work"


def test_until_the_student_chooses_nothing_is_written_over_the_earlier_work(tmp_path):
    work.workbook("03-kiothi-nki", tmp_path)
    first_questions(Lesson("nki"), 2)
    path = tmp_path / "03-kiothi-nki.work.json"
    before = path.read_bytes()
    work.workbook("03-kiothi-nki", tmp_path)
    fresh = Lesson("nki")
    first_questions(fresh, 1)
    assert path.read_bytes() == before


def test_start_over_keeps_the_earlier_work_in_a_copy_and_keeps_what_is_done_next(tmp_path):
    work.workbook("03-kiothi-nki", tmp_path)
    first_questions(Lesson("nki"), 2)
    path = tmp_path / "03-kiothi-nki.work.json"
    earlier = path.read_bytes()
    book = work.workbook("03-kiothi-nki", tmp_path)
    lesson = Lesson("nki")
    view = WorkbookWidget(book)
    view._on_message(view, {"kind": "start_over"}, [])
    (copy,) = tmp_path.glob("03-kiothi-nki.work.*.json")
    assert copy.read_bytes() == earlier
    assert copy.name in view.status["text"]
    first_questions(lesson, 1)
    saved = json.loads(path.read_text())
    assert len(saved["items"]["lesson:nki"]["answers"]) == 1


def test_a_damaged_work_file_is_said_and_kept_and_start_over_begins_a_new_one(tmp_path):
    path = tmp_path / "01-start-here.work.json"
    path.write_text('{"format": "mancala-widgets/work", "version": 1, "items": {"lesson:st')
    book = work.workbook("01-start-here", tmp_path)
    view = WorkbookWidget(book)
    assert view.mode == "asking" and view.status["kind"] == "error"
    assert "01-start-here.work.json" in view.status["text"] and "JSON" in view.status["text"]
    view._on_message(view, {"kind": "continue"}, [])  # nothing to continue: refused
    assert view.mode == "asking"
    view._on_message(view, {"kind": "start_over"}, [])
    assert view.mode == "keeping"
    (kept,) = tmp_path.glob("01-start-here.work.*.json")
    assert kept.read_text().endswith('"lesson:st')


def test_saved_work_that_does_not_fit_the_widget_leaves_it_fresh(tmp_path):
    book = work.workbook("02-kisolo-pussa-kanawa", tmp_path)
    first_questions(Lesson("pussa-kanawa"), 2)
    saved = json.loads(book.path.read_text())
    saved["items"]["lesson:pussa-kanawa"]["version"] = "another"
    saved["items"]["board:1"] = {"game": "kisolo", "moves": 1, "record": {"moves": "forged"}}
    book.path.write_text(json.dumps(saved))
    again = work.workbook("02-kisolo-pussa-kanawa", tmp_path)
    again.continue_work()
    lesson, board = Lesson("pussa-kanawa"), KisoloBoard()
    assert lesson.step == 1 and lesson.answers == []
    assert len(board._record) == 0


def test_a_save_that_fails_is_said_and_the_lesson_goes_on(tmp_path, monkeypatch):
    from mancala_widgets.classroom import work as work_module

    def full_disk(path, text):
        raise OSError(28, "No space left on device")

    book = work.workbook("01-start-here", tmp_path)
    view = WorkbookWidget(book)
    monkeypatch.setattr(work_module, "write_atomic", full_disk)
    lesson = Lesson("start-here")
    first_questions(lesson, 1)
    assert view.status["kind"] == "error" and "No space left" in view.status["text"]
    assert len(lesson.answers) == 1


def test_the_workbook_refuses_forged_messages_and_changes_nothing(tmp_path):
    book = work.workbook("01-start-here", tmp_path)
    view = WorkbookWidget(book)
    for message in (
        None,
        [],
        {"kind": "continue", "extra": 1},
        {"kind": "delete_everything"},
        {"kind": ["continue"]},
        {"kind": "continue"},  # nothing to continue
    ):
        view._on_message(view, message, [])
        assert view.status["kind"] == "error"
        assert view.mode == "keeping"
    assert list(tmp_path.iterdir()) == []


def test_a_notebook_name_is_a_name_not_a_path(tmp_path):
    for name in ("../escape", "a/b", ".hidden", "x\x00y", "", "n" * 200):
        with pytest.raises(work.WorkError):
            work.workbook(name, tmp_path)


def test_put_back_as_it_shipped_keeps_the_students_copy(tmp_path):
    notebook = tmp_path / "02-kisolo-pussa-kanawa.ipynb"
    notebook.write_text('{"cells": [], "the student": "broke it"}')
    book = work.workbook("02-kisolo-pussa-kanawa", tmp_path)
    view = WorkbookWidget(book)
    view._on_message(view, {"kind": "restore"}, [])
    shipped = (notebooks_folder() / "02-kisolo-pussa-kanawa.ipynb").read_bytes()
    assert notebook.read_bytes() == shipped
    (mine,) = tmp_path.glob("02-kisolo-pussa-kanawa.mine-*.ipynb")
    assert "broke it" in mine.read_text()
    assert mine.name in view.status["text"]
    ko = work.workbook("02-kisolo-pussa-kanawa", tmp_path, "ko")
    ko.restore_notebook()
    ko_shipped = (notebooks_folder() / "ko" / "02-kisolo-pussa-kanawa.ipynb").read_bytes()
    assert notebook.read_bytes() == ko_shipped


def test_a_name_that_is_no_lesson_cannot_be_put_back(tmp_path):
    view = WorkbookWidget(work.workbook("my-own-notebook", tmp_path))
    view._on_message(view, {"kind": "restore"}, [])
    assert view.status["kind"] == "error" and "my-own-notebook.ipynb" in view.status["text"]
    assert list(tmp_path.iterdir()) == []


# -- handing in -------------------------------------------------------------------------------


def sent_by(widget) -> list:
    messages = []
    widget.send = lambda content, buffers=None: messages.append(content)
    return messages


def test_hand_in_downloads_one_file_with_the_whole_notebooks_work(tmp_path):
    book = work.workbook("02-kisolo-pussa-kanawa", tmp_path)
    lesson = Lesson("pussa-kanawa")
    given = first_questions(lesson, 4)
    ExerciseWidget(exercise_set()[1]).answer("3")
    board = KisoloBoard()
    board.play(board.legal_moves[0])
    form = HandInWidget(book)
    messages = sent_by(form)
    form._on_message(form, {"kind": "hand_in", "student": "  Mbuyi Ilunga "}, [])
    (download,) = messages
    assert download["kind"] == "download"
    assert download["file"] == "Mbuyi-Ilunga-02-kisolo-pussa-kanawa.handin.json"
    handed = json.loads(download["text"])
    assert handed["format"] == FORMAT and handed["student"] == "Mbuyi Ilunga"
    (part,) = handed["lessons"]
    assert part["id"] == "pussa-kanawa" and part["version"] == lesson.script.version
    assert [a["given"] for a in part["answers"]] == given
    assert [e["id"] for e in handed["exercises"]] == [exercise_set()[1].id]
    assert handed["games"][0]["record"]["moves"] and handed["games"][0]["moves"] == 1
    assert (tmp_path / download["file"]).read_text() == download["text"]
    assert form.status["kind"] == "done" and download["file"] in form.status["text"]
    assert book.student == "Mbuyi Ilunga"
    assert json.loads(book.path.read_text())["student"] == "Mbuyi Ilunga"
    assert HandInWidget(work.workbook("02-kisolo-pussa-kanawa", tmp_path)).student == (
        "Mbuyi Ilunga"
    ), "the name is asked once"


@pytest.mark.parametrize(
    "message",
    [
        {"kind": "hand_in", "student": ""},
        {"kind": "hand_in", "student": "   "},
        {"kind": "hand_in", "student": "two\nlines"},
        {"kind": "hand_in", "student": "x" * 121},
        {"kind": "hand_in", "student": 7},
        {"kind": "hand_in"},
        {"kind": "hand_in", "student": "Mbuyi", "path": "/etc/passwd"},
        "hand_in",
    ],
)
def test_a_hand_in_with_no_usable_name_or_a_forged_message_makes_no_file(tmp_path, message):
    book = work.workbook("01-start-here", tmp_path)
    first_questions(Lesson("start-here"), 1)
    form = HandInWidget(book)
    messages = sent_by(form)
    form._on_message(form, message, [])
    assert messages == [] and form.status["kind"] == "error"
    assert not list(tmp_path.glob("*.handin.json"))


def test_nothing_to_hand_in_yet_is_said(tmp_path):
    form = HandInWidget(work.workbook("01-start-here", tmp_path))
    messages = sent_by(form)
    form.hand_in("Mbuyi")
    assert messages == [] and "nothing to hand in" in form.status["text"]


def test_hand_in_from_python_takes_lessons_exercises_and_boards(tmp_path):
    lesson = Lesson("start-here")
    first_questions(lesson, 2, wrong=True)
    exercise = ExerciseWidget(exercise_set()[0])
    exercise.answer("not a number")
    board = KisoloBoard()
    board.play(board.legal_moves[0])
    path = tmp_path / "Kabongo-01-start-here.handin.json"
    handed = hand_in(lesson, exercise, board, student="Kabongo", path=path)
    assert json.loads(path.read_text()) == handed
    assert [a["right"] for a in handed["lessons"][0]["answers"]] == [False, True]
    assert handed["exercises"][0]["answers"][0]["malformed"] is True
    assert len(handed["games"]) == 1
    with pytest.raises(work.WorkError, match="not a lesson, an exercise's widget or a board"):
        hand_in(lesson, "a string", student="Kabongo")
    with pytest.raises(work.WorkError, match="an exercise's widget"):  # data: no answers
        hand_in(lesson, exercise_set()[0], student="Kabongo")
    with pytest.raises(work.WorkError):
        hand_in(lesson, student="")


def test_file_names_keep_letters_of_any_script_and_nothing_else():
    assert file_name("Ngalula Tshibola", "x") == "Ngalula-Tshibola-x.handin.json"
    assert file_name("김민지", "02-a") == "김민지-02-a.handin.json"
    assert file_name("../../etc/<b>", "02") == "etc-b-02.handin.json"
    assert file_name("///", "02") == "student-02.handin.json"
    assert "/" not in file_name("a/" * 80, "n") and len(file_name("a" * 500, "n")) < 100


def test_every_lesson_notebook_keeps_its_work_and_ends_with_hand_in():
    for path in sorted(Path(notebooks_folder()).rglob("0*.ipynb")):
        cells = json.loads(path.read_text())["cells"]
        code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
        assert f'work = workbook("{path.stem}", locale=LOCALE)' in code[2], path
        assert code[-1] == "work.hand_in_button()", path


def test_the_boards_of_a_comparison_show_a_rule_and_are_not_the_students_games(tmp_path):
    from mancala_widgets import compare
    from mancala_widgets.rules import new_state

    book = work.workbook("02-kisolo-pussa-kanawa", tmp_path)
    pair = compare(new_state("kisolo").to_dict(), readings=({}, {"relay": "landing"}))
    pair.play({"type": "capture", "column": 0})
    board = KisoloBoard()
    board.play(board.legal_moves[0])
    assert book.summary()["games"] == 1
    assert list(book.to_json()["items"]) == ["board:1"]


def test_a_lesson_cell_run_again_goes_on_where_the_student_was(tmp_path):
    book = work.workbook("02-kisolo-pussa-kanawa", tmp_path)
    lesson = Lesson("pussa-kanawa")
    given = first_questions(lesson, 2)
    again = Lesson("pussa-kanawa")  # the cell run again
    assert again.step == lesson.step and [a["given"] for a in again.answers] == given
    first_questions(again, 1)
    items = json.loads(book.path.read_text())["items"]
    assert list(items) == ["lesson:pussa-kanawa"]
    assert len(items["lesson:pussa-kanawa"]["answers"]) == 3


class FirstMove:
    """A player for the hand-in test: the first legal move."""

    def choose(self, state):
        return state.legal_moves()[0]


def test_a_kept_player_alone_can_be_handed_in(tmp_path):
    from mancala_widgets.classroom import keep_player

    book = work.workbook("08-program-a-player", tmp_path)
    form = HandInWidget(book)
    keep_player(FirstMove)
    assert book.summary()["players"] == 1
    form.hand_in("Mbuyi")
    assert form.status["kind"] != "error", form.status["text"]
    (handed,) = tmp_path.glob("*.handin.json")
    assert "class FirstMove" in json.loads(handed.read_text())["players"][0]["source"]
