"""A student's work on the classroom site, where Python runs in the browser: kept in the
browser's own storage by the workbook's front end (at a class network's address the
kernel's folder is an empty folder in memory), given back through the same continue or
start over, and never said to be kept where the browser keeps nothing."""

import pytest

from mancala_widgets import KisoloBoard, Lesson
from mancala_widgets.classroom import work
from mancala_widgets.widgets.work import HandInWidget, WorkbookWidget


@pytest.fixture(autouse=True)
def no_workbook_left_open():
    yield
    work.close()


class Browser:
    """What the workbook's front end holds in the browser's storage, and what it was sent."""

    def __init__(self, stored=None, available=True, problem=None):
        self.stored, self.available, self.problem = stored, available, problem
        self.writes: list[dict] = []

    def open(self, tmp_path, name="02-kisolo-pussa-kanawa", locale="en"):
        book = work.workbook(name, tmp_path, locale, where="browser")
        view = WorkbookWidget(book)
        view.send = self.receive
        return book, view

    def receive(self, content, buffers=None):
        if content.get("kind") == "keep":
            self.writes.append(content)
            self.stored = content["work"]

    def say(self, view):
        message = {
            "kind": "stored",
            "available": self.available,
            "work": self.stored,
            "problem": self.problem,
        }
        view._on_message(view, message, [])


def answer_first(lesson: Lesson, how_many: int) -> None:
    answered = 0
    while answered < how_many:
        step = lesson.script.steps[lesson.step - 1]
        if step.predict is not None:
            lesson.answer(step.predict["answer"])
            answered += 1
        lesson.next()


def test_each_answer_goes_to_the_browser_once_it_has_said_what_it_holds(tmp_path):
    browser = Browser()
    book, view = browser.open(tmp_path)
    assert view.store == "browser"
    assert view.store_key == "mancala-widgets:work:en:02-kisolo-pussa-kanawa"
    assert view.mode == "waiting" and "Looking for work" in view.status["text"]
    lesson = Lesson("pussa-kanawa")
    browser.say(view)
    assert view.mode == "keeping"
    assert "in this browser on this device" in view.status["text"]
    answer_first(lesson, 2)
    assert len(browser.writes) >= 2 and not browser.writes[-1]["keep_earlier"]
    kept = browser.stored["items"]["lesson:pussa-kanawa"]["answers"]
    assert [a["step"] for a in kept] == [2, 3] and all(a["right"] for a in kept)
    assert list(tmp_path.iterdir()) == [], "the kernel's folder is not where it is kept"


def test_nothing_reaches_the_browser_before_it_has_said_what_it_holds(tmp_path):
    browser = Browser()
    _, view = browser.open(tmp_path)
    lesson = Lesson("pussa-kanawa")
    answer_first(lesson, 1)
    assert browser.writes == []
    browser.say(view)  # then the work done meanwhile is kept at once
    assert browser.stored["items"]["lesson:pussa-kanawa"]["answers"][0]["step"] == 2


def test_the_next_visit_asks_and_continue_gives_every_answer_and_game_back(tmp_path):
    browser = Browser()
    _, view = browser.open(tmp_path)
    browser.say(view)
    lesson = Lesson("pussa-kanawa")
    answer_first(lesson, 3)
    board = KisoloBoard()
    board.play(board.legal_moves[0])
    step = lesson.step
    # The page is closed; the next day a new kernel opens the notebook again.
    work.close()
    before = len(browser.writes)
    _, view = browser.open(tmp_path)
    lesson, board = Lesson("pussa-kanawa"), KisoloBoard()
    browser.say(view)
    assert view.mode == "asking" and view.can_continue
    assert "3 answers" in view.status["text"] and "1 game" in view.status["text"]
    assert lesson.step == 1
    assert len(browser.writes) == before, "nothing is written until the student chooses"
    view._on_message(view, {"kind": "continue"}, [])
    assert lesson.step == step and len(lesson.answers) == 3
    assert len(board._record) == 1
    assert view.mode == "continued" and len(browser.writes) == before + 1


def test_start_over_keeps_the_earlier_work_in_the_browser(tmp_path):
    browser = Browser()
    _, view = browser.open(tmp_path)
    browser.say(view)
    answer_first(Lesson("pussa-kanawa"), 1)
    work.close()
    _, view = browser.open(tmp_path)
    Lesson("pussa-kanawa")
    browser.say(view)
    view._on_message(view, {"kind": "start_over"}, [])
    assert browser.writes[-1]["keep_earlier"] is True
    assert browser.stored["items"]["lesson:pussa-kanawa"]["answers"] == []
    assert "kept apart" in view.status["text"]


@pytest.mark.parametrize("problem", ["refused", "full", None])
def test_a_browser_that_keeps_nothing_is_said_plainly_and_hand_in_still_works(tmp_path, problem):
    browser = Browser(available=False, problem=problem)
    book, view = browser.open(tmp_path, "01-start-here", "fr")
    browser.say(view)
    assert view.mode == "memory" and view.status["kind"] == "error"
    assert "ne garde rien" in view.status["text"]
    lesson = Lesson("start-here", locale="fr")
    answer_first(lesson, 1)
    assert browser.writes == [] and view.status["kind"] == "error"
    assert "gardé" not in view.status["text"].replace("ne garde rien", "")
    form = HandInWidget(book)
    form.send = lambda content, buffers=None: None
    handed = form.hand_in("Mbuyi")
    assert handed is not None and len(handed["lessons"][0]["answers"]) == 1


def test_a_full_storage_is_said_and_said_again_once_it_writes(tmp_path):
    browser = Browser()
    _, view = browser.open(tmp_path)
    browser.say(view)
    view._on_message(view, {"kind": "kept", "problem": "full"}, [])
    assert view.status["kind"] == "error" and "storage is full" in view.status["text"]
    view._on_message(view, {"kind": "kept", "problem": None}, [])
    assert view.status["kind"] == "said" and "kept as you go" in view.status["text"]


def test_work_the_browser_cannot_read_is_said_and_start_over_keeps_it(tmp_path):
    for stored, problem in (({"format": "something else"}, None), (None, "unreadable")):
        browser = Browser(stored=stored, problem=problem)
        _, view = browser.open(tmp_path)
        browser.say(view)
        assert view.mode == "asking" and not view.can_continue
        assert "cannot be read" in view.status["text"]
        view._on_message(view, {"kind": "start_over"}, [])
        assert browser.writes[-1]["keep_earlier"] is True
        work.close()


def test_forged_storage_messages_change_nothing(tmp_path):
    browser = Browser()
    book, view = browser.open(tmp_path)
    for message in (
        {"kind": "stored", "available": "yes", "work": None, "problem": None},
        {"kind": "stored", "available": True, "work": None},
        {"kind": "stored", "available": True, "work": None, "problem": None, "x": 1},
        {"kind": "kept"},
        {"kind": "kept", "problem": "full", "more": 1},
    ):
        view._on_message(view, message, [])
        assert view.status["kind"] == "error" and book.mode == "waiting"
    browser.say(view)
    assert book.mode == "keeping"
    # Heard once: a second report (forged, or a second view) cannot make it ask.
    stored = {"format": "mancala-widgets/work", "version": 1, "items": {"lesson:x": {}}}
    view._on_message(
        view, {"kind": "stored", "available": True, "work": stored, "problem": None}, []
    )
    assert book.mode == "keeping"


def test_a_file_workbook_never_listens_to_the_browsers_storage(tmp_path):
    book = work.workbook("01-start-here", tmp_path)
    view = WorkbookWidget(book)
    assert view.store == "file" and book.mode == "keeping"
    view._on_message(
        view, {"kind": "stored", "available": False, "work": None, "problem": None}, []
    )
    assert book.mode == "keeping" and "01-start-here.work.json" in view.status["text"]


# -- what else Python writes on the site ------------------------------------------------------


@pytest.fixture
def site_at_a_class_address(monkeypatch):
    """Python as the classroom site runs it at ``http://192.168.x.y``: the kernel's folder
    is not the site's storage (classroom/site.py)."""
    from mancala_widgets.classroom import site

    monkeypatch.setattr(site, "in_site", lambda: True)


def test_a_notebook_is_not_said_to_be_put_back_where_python_cannot(
    tmp_path, site_at_a_class_address
):
    notebook = tmp_path / "02-kisolo-pussa-kanawa.ipynb"
    notebook.write_text('{"cells": []}')
    book, view = Browser().open(tmp_path, locale="fr")
    view._on_message(view, {"kind": "restore"}, [])
    assert view.status["kind"] == "error"
    assert "Supprimer" in view.status["text"] and "page d'accueil" in view.status["text"]
    assert notebook.read_text() == '{"cells": []}'
    assert sorted(p.name for p in tmp_path.iterdir()) == [notebook.name]


def test_a_game_saved_where_files_do_not_last_comes_with_a_download(
    tmp_path, site_at_a_class_address
):
    board = KisoloBoard(locale="sw")
    board.play(board.legal_moves[0])
    button = board.save(tmp_path / "game.json")
    assert button.file == "game.json" and button.text == (tmp_path / "game.json").read_text()
    assert "Pakua game.json" in button.label


def test_a_game_saved_where_files_last_is_just_saved(tmp_path):
    board = KisoloBoard()
    assert board.save(tmp_path / "game.json") is None
    assert (tmp_path / "game.json").exists()
