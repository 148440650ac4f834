"""What-if lines on a board: a move from an earlier position starts a variation,
the move list's tree and its clicks (checked like every browser message), and
a board's saved game keeps its variations."""

import pytest

from mancala_widgets import KisoloBoard, initial_position
from mancala_widgets.rules import apply_move

CAPTURES = [{"type": "capture", "column": c} for c in range(7)]


def browser_says(board, content):
    """Deliver a custom message as if it came from the browser."""
    board._handle_custom_msg(content, [])


def entries(board):
    """Every entry of the board's move list, each before its variations."""
    return board.move_list["entries"]


def line_ids(board):
    """The ids of the move list's entries on the current line, in order."""
    return [e["id"] for e in entries(board) if e["line"]]


def board_with_a_variation(**options):
    """South captures column 4, North replies; then South captures column 1 instead."""
    b = KisoloBoard(**options)
    b.play(CAPTURES[3])
    b.play(b.legal_moves[0])
    browser_says(b, {"kind": "goto", "moves": 0})
    b.play(CAPTURES[0])
    return b


def test_a_move_from_an_earlier_position_adds_a_variation_to_the_move_tree():
    b = board_with_a_variation()
    assert b.position == apply_move(initial_position("kisolo"), CAPTURES[0])
    assert b.move_count == 1 and len(b.history) == 1
    assert b.history[0].startswith("South captures column 1")
    first, reply, variation = entries(b)
    assert (first["ply"], reply["ply"], variation["ply"]) == (1, 2, 1)
    assert first["text"].startswith("South captures column 4") and first["index"] == 0
    assert reply["text"].startswith("North") and reply["parent"] == first["id"]
    assert variation["parent"] == 0 and variation["index"] == 1, "tried instead of the first"
    assert [variation["text"]] == b.history and b.move_list["line_length"] == 1
    assert line_ids(b) == [variation["id"]] == [b.record.node.id]
    assert not any(e["more"] for e in entries(b)) and b.move_list["hidden"] == 0
    ids = [e["id"] for e in entries(b)]
    assert len(ids) == len(set(ids)) == 3


def test_clicking_an_entry_of_another_line_goes_there_and_redo_follows_it():
    b = board_with_a_variation()
    first, reply, variation = entries(b)
    browser_says(b, {"kind": "goto_node", "node": reply["id"]})
    assert b.error == "" and b.move_count == 2 and line_ids(b) == [first["id"], reply["id"]]
    assert b.last_move == b.record.node.move and b.position_before == b.record.node.parent.position
    assert b.position == b.record.node.position
    browser_says(b, {"kind": "goto_node", "node": variation["id"]})
    browser_says(b, {"kind": "undo"})
    browser_says(b, {"kind": "redo"})
    assert b.move_count == 1 and b.history[0].startswith("South captures column 1")


@pytest.mark.parametrize(
    "content, error",
    [
        ({"kind": "goto_node", "node": 99}, "The move list has no entry 99; nothing changed."),
        ({"kind": "goto_node", "node": "1"}, 'The move list has no entry "1"; nothing changed.'),
        ({"kind": "goto_node", "node": True}, "The move list has no entry true; nothing changed."),
        (
            {"kind": "goto_node", "node": [0, 1]},
            "The move list has no entry [0, 1]; nothing changed.",
        ),
        ({"kind": "goto_node"}, 'lacks its "node"'),
        ({"kind": "goto_node", "node": 1, "path": [0]}, 'unexpected "path"'),
    ],
)
def test_a_forged_or_malformed_move_list_click_changes_nothing(content, error):
    b = board_with_a_variation()
    before = {k: getattr(b, k) for k in ("position", "move_list", "history")}
    browser_says(b, content)
    assert error in b.error
    assert {k: getattr(b, k) for k in before} == before


def test_the_move_list_is_worded_in_the_boards_language():
    b = board_with_a_variation(locale="ko")
    variation = entries(b)[2]
    assert variation["text"] == b.history[0] and "획득" in variation["text"]
    b.locale = "en"
    assert entries(b)[2]["text"].startswith("South captures column 1")


def test_promote_and_delete_from_the_board_redraw_the_move_list():
    b = board_with_a_variation()
    variation = b.record.node
    b.promote()
    assert [(e["id"], e["index"]) for e in entries(b) if e["parent"] == 0][0] == (variation.id, 0)
    b.delete_variation(variation)
    assert [e["id"] for e in entries(b)] == [n.id for n in b.record.root.walk()][1:]
    assert b.move_count == 0 and b.position == initial_position("kisolo")


def test_a_saved_board_game_keeps_its_variations(tmp_path):
    b = board_with_a_variation()
    path = tmp_path / "game.json"
    b.save(path)
    again = KisoloBoard()
    again.load_record(path)
    assert again.record.to_json() == b.record.to_json()
    assert [e["text"] for e in entries(again)] == [e["text"] for e in entries(b)]
    assert again.move_count == 2, "a loaded game shows the end of its main line"
