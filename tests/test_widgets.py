"""The board widgets without a browser: trait sync, messages from the browser
(valid, illegal, malformed, forged), undo/redo, records, the static fallback."""

import json
import re

import anywidget
import pytest
import traitlets

from mancala_widgets import ExerciseWidget, KiothiBoard, KisoloBoard, Lesson, initial_position
from mancala_widgets.rules import IllegalMoveError, apply_move

CAPTURE = {"type": "capture", "column": 3}


def browser_says(board, content):
    """Deliver a custom message as if it came from the browser."""
    board._handle_custom_msg(content, [])


def test_traits_describe_everything_a_view_needs():
    b = KisoloBoard(columns=6)
    assert b.position == initial_position("kisolo", columns=6)
    assert b.legal_moves == [{"type": "capture", "column": c} for c in range(6)]
    assert b.trace == [] and b.position_before is None and b.move_count == 0
    b.play(CAPTURE)
    assert b.position_before == initial_position("kisolo", columns=6)
    assert b.trace[0]["rule"] == "turn_start_capture"
    assert len(b.narration) == len(b.trace) and b.narration[0].startswith("Turn-start capture")
    assert b.last_move == CAPTURE and b.can_undo and not b.can_redo


def test_a_play_message_plays_the_move():
    b = KisoloBoard()
    browser_says(b, {"kind": "play", "move": CAPTURE})
    assert b.position == apply_move(initial_position("kisolo"), CAPTURE)
    assert b.error == ""


@pytest.mark.parametrize(
    "content, message",
    [
        (
            {"kind": "play", "move": {"type": "sow", "row": 3, "column": 0}},
            "A turn-start capture is due: click the column to capture.",
        ),
        (
            {"kind": "play", "move": {"type": "sow", "row": 9, "column": 0}},
            'cannot read ({"type": "sow", "row": 9, "column": 0})',
        ),
        ({"kind": "play", "move": "capture 3"}, 'cannot read ("capture 3")'),
        ({"kind": "play"}, '"play" message lacks its "move"'),
        (
            {"kind": "play", "move": CAPTURE, "board": [[0]]},
            '"play" message has an unexpected "board"',
        ),
        ({"kind": "cheat"}, 'unknown message ("cheat")'),
        ({"move": CAPTURE}, "unknown message (null)"),
        (["play"], "not a message"),
        ({"kind": "goto", "moves": 3}, "There is no move 3 in this game (it has 0)"),
        ({"kind": "redo"}, "no move to redo"),
        ({"kind": "undo"}, "no move to undo"),
        ({"kind": "stepped", "action": "jump", "step": 0}, 'step controls have no “"jump"”'),
        ({"kind": "stepped", "action": "back", "step": 1}, "has 0 steps, not 1"),
        ({"kind": "stepped", "action": "back", "step": "0"}, 'has 0 steps, not "0"'),
        ({"kind": "stepped", "action": "back"}, '"stepped" message lacks its "step"'),
    ],
)
def test_bad_messages_show_an_error_and_change_nothing(content, message):
    b = KisoloBoard()
    before = (b.position, b.move_count, b.trace)
    serial = b.error_serial
    browser_says(b, content)
    assert message in b.error
    assert b.error_serial == serial + 1
    assert (b.position, b.move_count, b.trace) == before


def test_a_step_control_pressed_in_the_browser_is_told_to_step_observers():
    b = KisoloBoard()
    trace = b.play(CAPTURE)
    heard = []
    b.on_step(lambda action, step, board: heard.append((action, step, board)))
    browser_says(b, {"kind": "stepped", "action": "back", "step": len(trace) - 1})
    browser_says(b, {"kind": "stepped", "action": "replay", "step": 0})
    browser_says(b, {"kind": "stepped", "action": "back", "step": len(trace) + 1})  # refused
    assert heard == [("back", len(trace) - 1, b), ("replay", 0, b)]
    assert b.error.startswith(f"The move shown has {len(trace)} steps")


def test_press_asks_the_browser_for_a_step_and_refuses_what_it_cannot_ask():
    b = KisoloBoard()
    sent = []
    b.send = sent.append
    b.press("back")
    b.press("goto", 0)
    assert sent == [
        {"kind": "step", "action": "back", "step": None},
        {"kind": "step", "action": "goto", "step": 0},
    ]
    for args, words in [
        (("jump",), "unknown step 'jump'"),
        (("goto",), "action='goto' with to=N"),
        (("back", 2), "action='goto' with to=N"),
        (("goto", -1), "0 or more"),
        (("goto", 1.0), "0 or more"),
    ]:
        with pytest.raises(ValueError, match=re.escape(words)):
            b.press(*args)
    assert len(sent) == 2


def test_the_same_error_twice_is_shown_twice():
    b = KisoloBoard()
    for expected in (1, 2):
        browser_says(b, {"kind": "undo"})
        assert b.error_serial == expected


def test_a_good_move_clears_the_error():
    b = KisoloBoard()
    browser_says(b, {"kind": "cheat"})
    browser_says(b, {"kind": "play", "move": CAPTURE})
    assert b.error == ""


def test_forged_state_from_the_browser_is_refused():
    b = KisoloBoard()
    start = b.position
    forged = {**start, "board": [[0] * 7, [0] * 7, [9] * 7, [9] * 7]}
    sent = []
    b.send_state = lambda keys=None: sent.append(keys)
    b.set_state({"position": forged, "legal_moves": [], "move_count": 5})
    assert b.position == start and b.move_count == 0
    assert "tried to change the game directly" in b.error
    assert [k for k in sent if k] == [["legal_moves", "move_count", "position"]], (
        "the true state is sent back"
    )


def test_the_browser_may_change_the_speed_within_range():
    b = KisoloBoard()
    b.set_state({"speed": 2.0})
    assert b.speed == 2.0
    b.set_state({"speed": 100.0})
    assert b.speed == 2.0 and b.error == "The speed must be from 0.25 to 8."


def test_a_watching_board_refuses_moves_from_clicks_but_not_from_python():
    b = KisoloBoard()
    b.interactive = False
    browser_says(b, {"kind": "play", "move": CAPTURE})
    assert b.move_count == 0 and "for watching" in b.error
    b.play(CAPTURE)
    assert b.move_count == 1


def test_python_errors_raise_and_leave_the_board_alone():
    b = KisoloBoard()
    with pytest.raises(IllegalMoveError):
        b.play({"type": "sow", "row": 3, "column": 0})
    assert b.move_count == 0 and b.trace == []


def test_undo_redo_reset_through_messages():
    b = KiothiBoard()
    move = {"type": "redistribute", "lift": [[1, 4], [1, 5]], "place": [[0, 9, 10]]}
    browser_says(b, {"kind": "play", "move": move})
    after = b.position
    browser_says(b, {"kind": "undo"})
    assert b.position == initial_position("kiothi") and b.can_redo
    browser_says(b, {"kind": "redo"})
    assert b.position == after and b.last_move == move
    assert b.position_before == initial_position("kiothi"), "redo animates the move again"
    browser_says(b, {"kind": "reset"})
    assert b.position == initial_position("kiothi") and b.move_count == 0


def test_undo_keeps_the_previous_move_replayable():
    b = KisoloBoard()
    b.play(CAPTURE)
    first_trace = b.trace
    b.play(b.legal_moves[0])
    b.undo()
    assert b.trace == first_trace and b.last_move == CAPTURE
    assert b.position_before == initial_position("kisolo")


def test_the_move_list_names_every_move_in_the_board_language():
    b = KisoloBoard()
    assert b.history == []
    b.play(CAPTURE)
    b.play({"type": "capture", "column": 0})
    assert b.history == [
        "South captures column 4: North's inner hole 4 and the outer hole behind it",
        "North captures column 1: South's inner hole 1 and the outer hole behind it",
    ]
    b.undo()
    assert b.move_count == 1 and len(b.history) == 2, "a move taken back stays listed"
    b.locale = "ko"
    assert b.history[0] == "남쪽이 4번 열에서 획득합니다: 북쪽 안쪽 줄 4번 구멍과 그 뒤 바깥쪽 구멍"
    b.play({"type": "capture", "column": 6})
    assert (
        b.history[1] == "북쪽이 7번 열에서 획득합니다: 남쪽 안쪽 줄 7번 구멍과 그 뒤 바깥쪽 구멍"
    ), "a new move replaces the ones taken back"
    k = KiothiBoard()
    k.play({"type": "redistribute", "lift": [[1, 4], [1, 5]], "place": [[0, 9, 10]]})
    assert k.history == ["South empties South's boma 5 and South's boma 6 and places the warriors"]


def test_going_to_a_move_of_the_list_from_the_browser():
    b = KisoloBoard()
    positions = [b.position]
    for _ in range(3):
        b.play(b.legal_moves[0])
        positions.append(b.position)
    names = b.history
    browser_says(b, {"kind": "goto", "moves": 1})
    assert b.position == positions[1] and b.move_count == 1 and b.can_redo
    assert b.history == names, "moves taken back stay listed, to go forward again"
    assert b.position_before == positions[0] and b.trace[0]["rule"] == "turn_start_capture"
    browser_says(b, {"kind": "goto", "moves": 3})
    assert b.position == positions[3] and not b.can_redo
    for bad in (
        {"kind": "goto", "moves": 9},
        {"kind": "goto", "moves": "1"},
        {"kind": "goto"},
        {"kind": "goto", "moves": 1, "extra": 0},
    ):
        serial = b.error_serial
        browser_says(b, bad)
        assert b.error_serial == serial + 1 and b.error
        assert b.position == positions[3] and b.move_count == 3


def test_observers_hear_every_move():
    b = KisoloBoard()
    heard = []
    b.on_move(lambda move, trace, board: heard.append((move, trace[0]["kind"], board.move_count)))
    b.play(CAPTURE)
    browser_says(b, {"kind": "play", "move": b.legal_moves[0]})
    assert [h[2] for h in heard] == [1, 2] and heard[0][:2] == (CAPTURE, "capture")
    b.undo()
    browser_says(b, {"kind": "bogus"})
    b.redo()
    assert [h[2] for h in heard] == [1, 2, 2], "a redo is heard; an undo and a refusal are not"


def test_two_views_share_one_model_so_they_show_the_same_state():
    # Every view draws from the same synced traits; a move from one view's
    # message is seen by all, because there is only one state.
    b = KisoloBoard()
    browser_says(b, {"kind": "play", "move": CAPTURE})
    state = b.get_state()
    assert state["position"] == b.position and state["move_count"] == 1
    assert state["trace"] == b.trace


def test_records_save_and_load_through_the_board(tmp_path):
    b = KiothiBoard(start_holes=5, orthodox=False)
    b.play({"type": "redistribute", "lift": [[1, 5], [1, 6]], "place": [[1, 0, 10]]})
    path = tmp_path / "game.json"
    b.save(path)
    other = KiothiBoard(start_holes=5, orthodox=False)
    other.load_record(path)
    assert other.position == b.position and other.last_move == b.last_move
    with pytest.raises(ValueError, match="kiothi record cannot be loaded on a kisolo board"):
        KisoloBoard().load_record(path)
    assert json.loads(path.read_text())["variant"] == {"start_holes": 5, "orthodox": False}


def test_load_a_lesson_position():
    b = KisoloBoard()
    p = {**initial_position("kisolo", columns=6), "to_move": "north"}
    b.load(p)
    assert b.position == p and b.move_count == 0
    with pytest.raises(ValueError, match="kiothi position cannot be shown on a kisolo board"):
        b.load(initial_position("kiothi"))


def test_labels_are_checked():
    with pytest.raises(traitlets.TraitError, match="expected a name for 'south' and for 'north'"):
        KisoloBoard(labels={"south": "A"})
    with pytest.raises(traitlets.TraitError, match="non-empty text"):
        KisoloBoard(labels={"south": "", "north": "B"})


def test_mime_bundle_has_a_static_svg_fallback_with_escaped_text():
    evil = "<img src=x onerror=alert(1)>"
    b = KisoloBoard(labels={"south": evil, "north": "N"})
    data, _ = b._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    svg = data["image/svg+xml"]
    assert svg.startswith("<svg") and "<img" not in svg and "&lt;img src=x" in svg


def test_static_svg_shows_every_count_and_nki():
    b = KiothiBoard()
    b.play({"type": "redistribute", "lift": [[1, 4], [1, 5]], "place": [[1, 0, 4], [1, 1, 6]]})
    b.play({"type": "redistribute", "lift": [[0, 0], [0, 1]], "place": [[0, 9, 10]]})
    svg = b.to_svg()
    assert svg.count('class="nki"') == sum(map(sum, b.position["nki"]))
    assert "South's boma 2: 6" in svg and "North's boma 10: 10" in svg


def test_no_trait_reaches_the_browser_as_none_where_pyodide_would_lose_it(monkeypatch):
    # In Pyodide, None becomes JavaScript's undefined on the way, and the field is lost:
    # every None a board or an exercise sends is Pyodide's jsnull instead (here a stand-in).
    from mancala_widgets.exercises import landing
    from mancala_widgets.widgets import wire

    null = object()
    monkeypatch.setattr(wire, "NULL", null)

    def nones(value):
        if value is None:
            return 1
        if isinstance(value, dict):
            return sum(nones(v) for v in value.values())
        if isinstance(value, list):
            return sum(nones(v) for v in value)
        return 0

    board = KisoloBoard(opponent="greedy", seed=1)
    board.show_hint()
    board.play(board.legal_moves[0])  # the hint goes back to None, and so does more
    for widget in (board, Lesson("nki"), ExerciseWidget(landing(14, 3, 17))):
        state = widget.get_state()
        assert nones(state) == 0
        assert null in _flat(state), "what was None is sent as null"
    sent = []
    monkeypatch.setattr(anywidget.AnyWidget, "send", lambda self, c, buffers=None: sent.append(c))
    board.press("play")
    assert sent == [{"kind": "step", "action": "play", "step": null}]


def _flat(value):
    if isinstance(value, dict):
        for v in value.values():
            yield from _flat(v)
    elif isinstance(value, list):
        for v in value:
            yield from _flat(v)
    else:
        yield value


def test_every_message_kind_a_widget_accepts_has_its_handler():
    """A kind listed as accepted but answered by no branch would fall to the catch-all
    and be logged as a fault of the program: none is."""
    from unittest import mock

    values = {
        "move": None,
        "moves": 0,
        "node": 0,
        "action": "replay",
        "step": 0,
        "answer": [[3, 2]],
    }
    for widget in (KisoloBoard(), Lesson("pussa-kanawa")):
        for kind, fields in widget.message_kinds.items():
            content = {"kind": kind, **{f: values[f] for f in fields if f != "kind"}}
            if kind == "play":
                content["move"] = widget.legal_moves[0]
            if kind == "lesson":
                content["action"] = "next"
            with mock.patch.object(widget.log, "exception") as fault:
                widget._on_message(widget, content, [])
            assert not fault.called, kind


def test_the_browser_gets_the_languages_plural_rule_with_the_boards_words():
    from mancala_widgets.text import LOCALES, browser_words, is_one

    assert KisoloBoard().strings["one_counts"] == "1"
    for locale in LOCALES:  # French: « 0 graine », as tr() says it
        ones = [n for n in (0, 1, 2) if is_one(locale, n)]
        assert browser_words(locale)["one_counts"] == " ".join(map(str, ones))
