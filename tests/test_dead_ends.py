"""No dead ends against the computer: whatever brings the game to a position where the
computer is to move (a restart, a jump, a loaded game, a move taken back) either lets
it move or has the board say plainly what to press, and pressing it works."""

import pytest

from mancala_widgets import KiothiBoard, KisoloBoard, initial_position

from test_review import browser_says


def playing_south(**options) -> KisoloBoard:
    """A board where the computer plays South, the side that moves first."""
    return KisoloBoard(opponent="greedy", computer_plays="south", seed=3, **options)


def test_the_computer_moves_first_and_again_after_a_restart():
    board = playing_south()
    assert board.move_count == 1 and board.position["to_move"] == "north"
    browser_says(board, {"kind": "play", "move": board.legal_moves[0]})
    assert board.move_count == 3 and board.position["to_move"] == "north"
    browser_says(board, {"kind": "reset"})
    assert board.error == ""
    assert board.position["to_move"] == "north" and board.move_count == 1, "it moved again"
    assert not board.computer_waits and not board.thinking
    board.reset()
    assert board.position["to_move"] == "north"


def test_a_jump_back_to_the_computers_turn_waits_and_says_what_to_press():
    board = playing_south()
    board.play(board.legal_moves[0])
    browser_says(board, {"kind": "goto", "moves": 0})
    assert board.position == initial_position("kisolo") and board.can_redo
    assert board.computer_waits, "the board shows the Computer's move button"
    browser_says(board, {"kind": "computer_move"})
    assert board.error == "" and board.move_count == 1 and not board.computer_waits


def test_taking_back_to_the_start_leaves_the_computer_waiting_not_stuck():
    board = playing_south()
    board.play(board.legal_moves[0])
    assert board.undo() is not None
    while board.can_undo:
        board.undo()
    assert board.position["to_move"] == "south" and board.computer_waits
    board.computer_move()
    assert board.position["to_move"] == "north" and not board.computer_waits


def test_loading_a_position_where_the_computer_is_to_move_lets_it_move():
    board = KiothiBoard(opponent="random", computer_plays="south", seed=1)
    board.load(initial_position("kiothi"))
    assert board.position["turn"] == 2, "the computer played its opening at once"


def test_a_loaded_game_ending_on_the_computers_turn_lets_it_move(tmp_path):
    game = KisoloBoard()
    game.play({"type": "capture", "column": 3})
    game.save(tmp_path / "game.json")
    board = KisoloBoard(opponent="greedy", computer_plays="north", seed=1)
    board.load_record(tmp_path / "game.json")
    assert board.move_count == 2 and board.position["to_move"] == "south"


def test_asking_for_the_computers_move_on_the_players_turn_is_refused():
    board = KisoloBoard(opponent="greedy", seed=1)
    browser_says(board, {"kind": "computer_move"})
    assert "not the computer's turn" in board.error and board.move_count == 0
    with pytest.raises(ValueError, match="not the computer's turn"):
        board.computer_move()
    two_players = KisoloBoard()
    browser_says(two_players, {"kind": "computer_move"})
    assert "not the computer's turn" in two_players.error


def test_every_message_kind_a_board_lists_has_a_handler():
    # A kind listed without a branch would be said as a fault of the program.
    board = playing_south()
    for kind, fields in type(board).message_kinds.items():
        content = {"kind": kind, **{f: 0 for f in fields if f != "kind"}}
        browser_says(board, content)
        assert "fault of the program" not in board.error, kind


def test_the_computers_reason_is_shown_with_its_move_and_goes_when_the_board_leaves_it():
    board = playing_south()
    said = board.computer_says
    assert said.startswith("South")
    board.play(board.legal_moves[0])
    assert board.computer_says and board.computer_says != said, "its reply, and why"
    board.undo()
    assert board.move_count == 1 and board.computer_says == "", "it was about a move taken back"
