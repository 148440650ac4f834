"""The games' fixed facts (rules/game.py), which narration, pictures, players, lessons
and exercises ask instead of branching on a game's name: each checked against
docs/rules.md (the board, circuits, facing cells, start, and the JSON of moves and
positions)."""

import copy

import pytest

from mancala_widgets.rules import initial_position, load_position
from mancala_widgets.rules.game import Options, board_of, game, other


def test_a_kisolo_board_lists_its_cells_row_by_row_and_knows_their_owners():
    board = game("kisolo").board(columns=6)
    cells = board.cells()
    assert len(cells) == 24 and cells[:7] == [(0, c) for c in range(6)] + [(1, 0)]
    assert cells[-1] == (3, 5)
    assert [board.owner((r, 0)) for r in range(4)] == ["north", "north", "south", "south"]
    assert board.rows_of("south") == [2, 3] and board.rows_of("north") == [0, 1]


def test_a_kiothi_board_has_two_rows_of_ten_and_the_one_circuit_for_both():
    board = game("kiothi").board()
    assert board.cells() == [(r, c) for r in range(2) for c in range(10)]
    assert board.rows_of("north") == [0] and board.rows_of("south") == [1]
    # docs/rules.md: (1,0) .. (1,9) (0,9) .. (0,0), back to (1,0), for either player.
    for player in ("south", "north"):
        assert board.next(player, (1, 9)) == (0, 9)
        assert board.next(player, (0, 0)) == (1, 0)


def test_only_facing_rows_have_an_opposite_cell():
    kisolo = game("kisolo").board()
    assert kisolo.opposite((2, 4)) == (1, 4) and kisolo.opposite((1, 0)) == (2, 0)
    assert kisolo.opposite((3, 4)) is None and kisolo.opposite((0, 6)) is None
    assert other("south") == "north" and other("north") == "south"


def test_the_board_of_a_position_is_its_variant():
    six = initial_position("kisolo", columns=6)
    assert board_of(six).columns == 6
    assert board_of(initial_position("kiothi", start_holes=5)).columns == 10


def test_total_pieces_is_what_the_start_position_holds():
    # docs/rules.md: 3 stones a hole on 4 x 7 (84) or 4 x 6 (72); 5 warriors in each of
    # start_holes bomas a side (60, or 50).
    kisolo, kiothi = game("kisolo"), game("kiothi")
    assert kisolo.total_pieces() == 84 and kisolo.total_pieces(columns=6) == 72
    assert kiothi.total_pieces() == 60 and kiothi.total_pieces(start_holes=5) == 50
    for g, variant in ((kisolo, {"columns": 6}), (kiothi, {"start_holes": 5})):
        start = initial_position(g.name, **variant)
        assert sum(map(sum, start["board"])) == g.total_pieces(**variant)


def test_a_sow_move_names_the_count_only_where_the_game_lifts_part_of_a_hole():
    assert game("kisolo").sow_move((2, 5)) == {"type": "sow", "row": 2, "column": 5}
    assert game("kiothi").sow_move([1, 7], 3) == {"type": "sow", "row": 1, "column": 7, "count": 3}


def test_a_kisolo_position_from_a_board_is_in_play_with_its_column_count():
    board = [[0] * 6, [1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 2], [0] * 6]
    position = game("kisolo").position_from(board, to_move="north")
    assert position == {
        "game": "kisolo",
        "columns": 6,
        "to_move": "north",
        "board": board,
        "status": "playing",
        "winner": None,
        "reason": None,
    }
    position["board"][1][0] = 5
    assert board[1][0] == 1, "the position has its own copy of the board"
    assert load_position(game("kisolo").position_from(board)).to_move == 0


def test_a_kiothi_position_from_a_board_is_past_the_opening_with_no_marks():
    board = [[0] * 9 + [2], [1] + [0] * 9]
    before = copy.deepcopy(board)
    south = game("kiothi").position_from(board)
    no_marks = [[False] * 10, [False] * 10]
    assert south == {
        "game": "kiothi",
        "start_holes": 6,
        "orthodox": True,
        "turn": 7,
        "nki": no_marks,
        "sown": no_marks,
        "jails": {"south": 0, "north": 0},
        "to_move": "south",
        "board": board,
        "status": "playing",
        "winner": None,
        "reason": None,
    }
    south["nki"][0][9] = True
    assert south["sown"][0][9] is False, "nki and sown are separate grids"
    south["board"][1][0] = 4
    assert board == before
    north = game("kiothi").position_from(board, to_move="north", orthodox=False)
    assert north["turn"] == 8 and north["to_move"] == "north" and north["orthodox"] is False
    assert load_position(north).turn == 8


def test_rule_options_are_checked_and_only_changed_ones_are_written():
    kisolo = game("kisolo")
    options = kisolo.check_options({"relay": "landing"}, ValueError)
    assert options == {"relay": "landing", "repetition_draw": True, "own_row_emptied": "plays_on"}
    assert kisolo.changed_options(options) == {"relay": "landing"}
    with pytest.raises(ValueError, match="'rows' is not a kisolo rule option"):
        kisolo.check_options({"rows": 4}, ValueError)
    with pytest.raises(ValueError, match="repetition_draw = 1: expected one of True, False"):
        kisolo.check_options({"repetition_draw": 1}, ValueError)


def test_equal_rule_options_hash_alike_whatever_their_order():
    a = Options({"relay": "landing", "repetition_draw": True})
    b = Options({"repetition_draw": True, "relay": "landing"})
    c = Options({"relay": "next", "repetition_draw": True})
    assert hash(a) == hash(b) and len({a, b, c}) == 2
    assert hash(a) != hash(c), "different options spread over the hash table"


def test_an_unknown_game_is_refused_by_name():
    with pytest.raises(ValueError, match="game = 'chess': expected one of 'kisolo', 'kiothi'"):
        game("chess")
