"""Two boards side by side (mancala_widgets.compare): the same position and move under
two readings of the rules, worked by hand; a move played on one board is played on the
other while both show the same board; the comparison in words, in both languages.

South's circuit on 4x7 runs its outer row (row 3) left to right, then its inner row
(row 2) right to left."""

import doctest
import re

import ipywidgets
import pytest

import mancala_widgets
from mancala_widgets import Board, Comparison, compare, comparison
from mancala_widgets.rules import IllegalMoveError
from mancala_widgets.text import catalogue

#: Notebook 2's position: South's outer row holds 1, 1, 1, 1, 2; North one stone in each
#: of its two rows, in column 7, so no capture is due.
START = {
    "game": "kisolo",
    "columns": 7,
    "to_move": "south",
    "board": [[0, 0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 1], [0] * 7, [1, 1, 1, 1, 2, 0, 0]],
    "status": "playing",
    "winner": None,
    "reason": None,
}
SOW_OUTER_1 = {"type": "sow", "row": 3, "column": 0}


def lifts(trace):
    return [e["cell"] for e in trace if e["kind"] == "lift"]


def click(board, move):
    board._on_message(board, {"kind": "play", "move": move}, [])


def test_the_docstring_examples_run():
    result = doctest.testmod(comparison)
    assert result.failed == 0 and result.attempted > 3


def test_pussa_kanawa_and_the_common_relay_part_after_the_first_lap():
    pair = compare(START)
    assert isinstance(pair, ipywidgets.HBox) and list(pair.children) == list(pair.boards)
    assert pair.readings == ({}, {"relay": "landing"})
    assert "relay" not in pair.boards[0].position
    assert pair.boards[1].position["relay"] == "landing"
    pussa, common = pair.play(SOW_OUTER_1)
    # 1 stone into outer hole 2, which held 1. Pussa kanawa lifts outer 3 (1 stone) into
    # outer 4, which held 1; then outer 5 (2 stones) into outer 6 and 7; outer 7 was empty
    # and inner 7 after it is empty: the turn ends.
    assert lifts(pussa) == [[3, 0], [3, 2], [3, 4]]
    assert pair.boards[0].position["board"][3] == [0, 2, 0, 2, 0, 1, 1]
    # The common relay lifts outer 2 itself (2 stones) into outer 3 and 4; outer 4 held 1:
    # lifted (2) into outer 5 and 6; outer 6 was empty: the turn ends there.
    assert lifts(common) == [[3, 0], [3, 1], [3, 3]]
    assert pair.boards[1].position["board"][3] == [0, 0, 2, 0, 3, 1, 0]
    assert [b.position["to_move"] for b in pair.boards] == ["north", "north"]
    assert pair.summary() == [
        "Pussa kanawa (lifts the hole after the landing hole): 2 relays, lifting South's "
        "outer hole 3, South's outer hole 5; the last lap ended in South's outer hole 7.",
        "The common relay (lifts the landing hole): 2 relays, lifting South's outer hole 2, "
        "South's outer hole 4; the last lap ended in South's outer hole 6.",
    ]


def test_the_common_relay_captures_from_the_landing_hole():
    # South captures column 6 (1 + 1), sown into inner 6 and inner 5, which held 1. Pussa
    # kanawa looks at inner 4: empty, the turn ends. The common relay looks at inner 5
    # itself: it held a stone and faces North's inner 5 with one: a mid-move capture.
    board = [[1, 0, 0, 0, 1, 1], [1, 0, 0, 0, 1, 1], [0, 0, 0, 0, 1, 1], [0] * 6]
    position = {**START, "columns": 6, "board": board}
    pair = compare(position, move={"type": "capture", "column": 5})
    pussa, common = pair.summary()
    assert pussa.endswith(
        "no relay; captured from North's inner hole 6, North's outer hole 6; "
        "the last lap ended in South's inner hole 5."
    )
    assert common.endswith(
        "no relay; captured from North's inner hole 6, North's outer hole 6, North's inner "
        "hole 5, North's outer hole 5; the last lap ended in South's inner hole 4."
    )


def test_a_click_on_one_board_plays_the_same_move_on_the_other():
    pair = compare(START)
    left, right = pair.boards
    click(left, SOW_OUTER_1)
    assert [b.move_count for b in pair.boards] == [1, 1]
    assert right.last_move == SOW_OUTER_1 and right.trace[-1]["kind"] == "turn_end"
    # The boards now differ: North's move on the right board stays there.
    click(right, {"type": "sow", "row": 0, "column": 6})
    assert [b.move_count for b in pair.boards] == [1, 2]
    # Both back at the start: the boards agree again, and a move played from Python on one
    # of them is played on the other.
    pair.reset()
    assert [b.move_count for b in pair.boards] == [0, 0]
    left.play({"type": "sow", "row": 3, "column": 4})
    assert [b.move_count for b in pair.boards] == [1, 1]


def pressed(board, action, step):
    board._on_message(board, {"kind": "stepped", "action": action, "step": step}, [])


def asked(pair):
    """What each board of ``pair`` asks its browser from now on."""
    sent = [[] for _ in pair.boards]
    for board, log in zip(pair.boards, sent, strict=True):
        board.send = log.append
    return sent


def test_a_step_pressed_on_one_board_steps_the_other_to_as_many_events():
    pair = compare(START)
    left, right = pair.boards
    # Outer hole 2: pussa kanawa's move is 7 events long, the common relay's 10.
    pair.play({"type": "sow", "row": 3, "column": 1})
    assert (len(left.trace), len(right.trace)) == (7, 10)
    sent = asked(pair)
    pressed(right, "back", 9)  # further than the left board's move: it shows its end
    pressed(left, "back", 6)
    pressed(right, "forward", 3)
    pressed(left, "play", 0)
    pressed(right, "pause", 1)
    pressed(left, "replay", 0)
    pressed(right, "end", 10)
    step = lambda action, to=None: {"kind": "step", "action": action, "step": to}
    assert sent[0] == [step("goto", 7), step("goto", 3), step("pause"), step("end")]
    assert sent[1] == [step("goto", 6), step("play"), step("replay")]


def test_boards_step_together_only_while_they_show_the_same_move():
    pair = compare(START)
    left, right = pair.boards
    pair.play(SOW_OUTER_1)
    right.undo()
    right.play({"type": "sow", "row": 3, "column": 1})
    sent = asked(pair)
    pressed(left, "back", 2)
    assert sent == [[], []]
    pair.press("replay")
    assert sent == [[{"kind": "step", "action": "replay", "step": None}]] * 2
    with pytest.raises(ValueError, match="unknown step 'goto'"):
        pair.press("goto")


def test_a_move_one_board_refuses_is_played_on_none():
    pair = compare(START)
    left, right = pair.boards
    left.play(SOW_OUTER_1)
    right.undo()  # the right board is back at the start, the left one has moved
    with pytest.raises(IllegalMoveError):
        pair.play({"type": "sow", "row": 3, "column": 1})
    assert [b.move_count for b in pair.boards] == [1, 0]


def test_a_board_whose_position_is_not_the_others_is_left_alone():
    pair = compare(START)
    left, right = pair.boards
    right.load({**START, "board": [[0] * 6 + [1], [0] * 6 + [1], [0] * 7, [2] + [0] * 6]})
    click(left, SOW_OUTER_1)
    assert [b.move_count for b in pair.boards] == [1, 0]


def test_options_set_in_the_position_stay_unless_a_reading_changes_them():
    position = {**START, "own_row_emptied": "loses"}
    pair = compare(position)
    assert [b.position.get("own_row_emptied") for b in pair.boards] == ["loses", "loses"]
    assert [b.position.get("relay") for b in pair.boards] == [None, "landing"]


def test_kiothi_and_other_options_from_the_start_of_the_game():
    pair = compare(game="kiothi", readings=({}, {"perpetual": "draw"}), numbers=False)
    assert all(isinstance(b, Board) and b.game == "kiothi" for b in pair.boards)
    assert [b.position["turn"] for b in pair.boards] == [1, 1]
    assert pair.boards[1].position["perpetual"] == "draw" and not pair.boards[0].numbers
    assert [b.title for b in pair.boards] == [
        "A move that never ends is not allowed",
        "A move that never ends is a draw",
    ]
    assert pair.summary()[0] == "A move that never ends is not allowed: no move played yet."
    three = compare(readings=({}, {"repetition_draw": False}, {"own_row_emptied": "loses"}))
    assert [b.title for b in three.boards] == [
        "Draw by repetition; Emptying your own inner row: play on",
        "No draw by repetition; Emptying your own inner row: play on",
        "Draw by repetition; Emptying your own inner row loses",
    ]
    assert compare(readings=({}, {}), titles=["A", "B"]).boards[1].title == "B"


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"readings": ({},)}, "at least two"),
        ({"readings": ({}, {"relay": "previous"})}, "'previous'"),
        ({"readings": ({}, {"nki_release": "drop"})}, "nki_release"),
        ({"titles": ["only one"]}, "2 titles"),
        ({"locale": "de"}, "locale"),
    ],
)
def test_bad_arguments_are_named(kwargs, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        compare(START, **kwargs)


def test_the_comparison_in_korean():
    pair = compare(START, move=SOW_OUTER_1, locale="ko")
    assert [b.title for b in pair.boards] == [
        "pussa kanawa(떨어진 구멍의 다음 구멍을 집어 듦)",
        "흔한 릴레이(떨어진 구멍을 집어 듦)",
    ]
    assert pair.summary()[1] == (
        "흔한 릴레이(떨어진 구멍을 집어 듦): 릴레이 2번, 남쪽 바깥쪽 줄 2번 구멍, "
        "남쪽 바깥쪽 줄 4번 구멍을 집어 듦; 마지막 바퀴는 남쪽 바깥쪽 줄 6번 구멍에서 끝남."
    )
    for text in pair.summary():
        latin = set(re.findall(r"[A-Za-z]{2,}", text)) - {"pussa", "kanawa"}
        assert not latin, text


def test_both_catalogues_name_every_option_value():
    from mancala_widgets.rules.game import game

    def leaves(value, prefix=""):
        if isinstance(value, dict) and not {"one", "other"} >= set(value):
            for key, v in value.items():
                yield from leaves(v, f"{prefix}.{key}" if prefix else key)
        else:
            yield prefix

    en, ko = catalogue("en")["compare"], catalogue("ko")["compare"]
    assert set(leaves(en)) == set(leaves(ko))
    for name in ("kisolo", "kiothi"):
        for option, values in game(name).options.items():
            for value in values:
                assert str(value).lower() in en["options"][option], (option, value)


def test_the_package_exports_it():
    assert mancala_widgets.compare is compare and mancala_widgets.Comparison is Comparison


def test_a_saved_notebook_shows_both_boards_without_a_kernel():
    bundle = compare(START, move=SOW_OUTER_1)._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["text/html"].count("<svg") == 2
