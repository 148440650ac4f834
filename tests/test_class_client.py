"""A student's notebook and the class's hub: each answer and step told as it happens
(nothing else), Hand in sent to the teacher's laptop with its receipt shown, or
downloaded when the laptop cannot be reached; every message from the browser checked."""

import pytest

from mancala_widgets import KisoloBoard, Lesson, join
from mancala_widgets.classroom import work
from mancala_widgets.widgets.hub import check_hub
from mancala_widgets.widgets.work import HandInWidget, WorkbookWidget


@pytest.fixture(autouse=True)
def no_workbook_left_open():
    yield
    work.close()


def told(book):
    events = []
    book.live_writer = events.extend
    return events


def test_each_answer_and_step_is_told_and_nothing_else(tmp_path):
    book = work.workbook("02-kisolo-pussa-kanawa", tmp_path, "sw")
    events = told(book)
    lesson = Lesson("pussa-kanawa", locale="sw")
    board = KisoloBoard()
    board.play(board.legal_moves[0])  # a game is the student's own: not told
    assert events == []
    lesson.next()
    step = lesson.script.steps[1]
    lesson.answer(step.predict["answer"])
    assert events == [
        {"kind": "progress", "lesson": "pussa-kanawa", "step": 2},
        {
            "kind": "answer",
            "lesson": "pussa-kanawa",
            "step": 2,
            "given": step.predict["answer"],
            "locale": "sw",
        },
    ]
    assert all(set(e) <= {"kind", "lesson", "step", "given", "locale"} for e in events)


def test_work_given_back_is_not_told_again(tmp_path):
    book = work.workbook("02-kisolo-pussa-kanawa", tmp_path)
    lesson = Lesson("pussa-kanawa")
    lesson.next()
    lesson.answer(lesson.script.steps[1].predict["answer"])
    work.close()
    book = work.workbook("02-kisolo-pussa-kanawa", tmp_path)
    events = told(book)
    lesson = Lesson("pussa-kanawa")
    book.continue_work()
    assert lesson.step == 2 and len(lesson.answers) == 1
    lesson.next()
    assert events == [{"kind": "progress", "lesson": "pussa-kanawa", "step": 3}]


def test_the_workbooks_front_end_is_given_the_events(tmp_path):
    book = work.workbook("01-start-here", tmp_path)
    view = WorkbookWidget(book)
    sent = []
    view.send = lambda content, buffers=None: sent.append(content)
    Lesson("start-here").next()
    assert sent == [
        {"kind": "live", "events": [{"kind": "progress", "lesson": "start-here", "step": 2}]}
    ]


def handed_in_form(tmp_path, joined=True):
    book = work.workbook("01-start-here", tmp_path, "fr")
    lesson = Lesson("start-here", locale="fr")
    lesson.next()
    lesson.answer(lesson.script.steps[1].predict["answer"])
    form = HandInWidget(book)
    sent = []
    form.send = lambda content, buffers=None: sent.append(content)
    form._on_message(form, {"kind": "class", "joined": joined}, [])
    return form, sent


def test_joined_hand_in_is_sent_to_the_laptop_and_its_receipt_shown(tmp_path):
    form, sent = handed_in_form(tmp_path)
    form._on_message(form, {"kind": "hand_in", "student": "Ngalula"}, [])
    (message,) = sent
    assert message["kind"] == "deliver" and message["file"] == "Ngalula-01-start-here.handin.json"
    assert form.status["kind"] == "said" and "Envoi" in form.status["text"]
    received = {
        "kind": "delivered",
        "file": "Ngalula-01-start-here-2.handin.json",
        "receipt": "1a2b3c4d",
        "received": "2026-12-05 13:04",
    }
    form._on_message(form, received, [])
    assert form.status["kind"] == "done"
    for part in (
        "1a2b3c4d",
        "(arrivé le 2026-12-05 13:04)",
        "Ngalula-01-start-here-2.handin.json",
        "1 réponse",
    ):
        assert part in form.status["text"]


def test_a_hand_in_the_laptop_did_not_take_says_it_was_downloaded(tmp_path):
    form, _ = handed_in_form(tmp_path)
    form.hand_in("Ngalula")
    form._on_message(form, {"kind": "not_delivered", "why": "unreachable"}, [])
    assert form.status["kind"] == "error"
    assert "téléchargé" in form.status["text"]
    assert "Ngalula-01-start-here.handin.json" in form.status["text"]


def test_not_joined_hand_in_downloads_as_before(tmp_path):
    form, sent = handed_in_form(tmp_path, joined=False)
    form.hand_in("Ngalula")
    assert [m["kind"] for m in sent] == ["download"]


@pytest.mark.parametrize(
    "message",
    [
        {"kind": "class", "joined": "yes"},
        {"kind": "delivered", "file": "x", "receipt": "r"},
        {"kind": "delivered", "file": "x\n<b>", "receipt": "r", "received": "t"},
        {"kind": "delivered", "file": "x" * 500, "receipt": "r", "received": "t"},
        {"kind": "not_delivered", "why": "because"},
    ],
)
def test_forged_class_messages_change_nothing(tmp_path, message):
    form, _ = handed_in_form(tmp_path)
    form.hand_in("Ngalula")
    before = dict(form.status)
    form._on_message(form, message, [])
    assert form.status == {"kind": "error", "text": form.status["text"]}
    assert before != form.status  # refused as a bad message, and said
    assert "remise" in form.status["text"].lower() or "lire" in form.status["text"].lower()


def test_a_delivery_nobody_asked_for_is_ignored(tmp_path):
    form, _ = handed_in_form(tmp_path)
    fake = {"kind": "delivered", "file": "x.json", "receipt": "r", "received": "t"}
    form._on_message(form, fake, [])
    assert form.status is None


def test_the_hubs_address_is_checked():
    assert check_hub("http://192.168.1.5:8000/") == "http://192.168.1.5:8000"
    assert check_hub("http://192.168.1.5:8000/site/index.html") == "http://192.168.1.5:8000"
    assert join("http://10.0.0.2:8000", "ko").strings["class_join"] == "들어가기"
    for bad in (
        "192.168.1.5:8000",
        "ftp://x",
        "http://",
        "http://a:b@x",
        "http://x:port",
        "x" * 300,
    ):
        with pytest.raises(ValueError, match="hub = "):
            check_hub(bad)


def test_the_marking_notebook_marks_the_hand_ins_fetched_from_the_laptop():
    """In the site the marking notebook's Python cannot read the laptop's folder: the
    browser fetches the hand-ins from the hub and gives them to it (js/class.ts)."""
    import json

    from mancala_widgets import from_hub
    from mancala_widgets.classroom import mark
    from mancala_widgets.classroom.sample import _hand_in

    laptop = from_hub("en")
    files = [
        {"file": "Kabongo-02.handin.json", "text": json.dumps(_hand_in("Kabongo", [1], 0))},
        {"file": "<b>x</b>.handin.json", "text": "{cut"},
    ]
    laptop._on_message(laptop, {"kind": "hand_ins", "files": files}, [])
    assert laptop.status == {
        "kind": "done",
        "text": "2 hand-ins fetched from this laptop's hand-ins folder.",
    }
    marks = mark(laptop)
    assert [w.student for w in marks.works] == ["Kabongo"]
    assert len(marks.problems) == 1 and "<b>x</b>.handin.json" in str(marks.problems[0])


@pytest.mark.parametrize(
    ("message", "said"),
    [
        ({"kind": "not_fetched", "why": "no_key"}, "Open the teacher's page on this laptop first"),
        ({"kind": "not_fetched", "why": "no_hub"}, "choose the files above instead"),
        ({"kind": "not_fetched", "why": "wrong_key"}, "refused the key"),
        ({"kind": "not_fetched", "why": "unreachable"}, "does not answer"),
        ({"kind": "hand_ins", "files": [{"file": "x", "text": 3}]}, "nothing changed"),
        ({"kind": "hand_ins", "files": "all"}, "nothing changed"),
        ({"kind": "not_fetched", "why": "hacked"}, "nothing changed"),
    ],
)
def test_why_no_hand_in_was_fetched_is_said_and_nothing_is_taken(message, said):
    from mancala_widgets import from_hub

    laptop = from_hub("en")
    laptop._on_message(laptop, message, [])
    assert said in laptop.status["text"] and laptop.status["kind"] == "error"
    assert laptop.value == []
    laptop._on_message(laptop, {"kind": "hand_ins", "files": []}, [])
    assert laptop.status["text"] == "No hand-in has reached this laptop yet."
