"""Kiothi, rule by rule (docs/rules.md, "Kiothi"). Each test names the rule it checks."""

import pytest

from mancala_widgets.rules import (
    IllegalMoveError,
    apply_move,
    initial_position,
    legal_moves,
    load_position,
    play,
)
from mancala_widgets.rules.kiothi import EMPTY_AT_START, TRIPLE
from mancala_widgets.rules.kiothi.sowing import leftmost_triple

F = [False] * 10


def pos(
    north,
    south,
    to_move="south",
    turn=7,
    nki=None,
    sown=None,
    jails=(0, 0),
    orthodox=True,
    start_holes=6,
):
    return {
        "game": "kiothi",
        "start_holes": start_holes,
        "orthodox": orthodox,
        "to_move": to_move,
        "turn": turn,
        "board": [north, south],
        "nki": nki or [F[:], F[:]],
        "sown": sown or [F[:], F[:]],
        "jails": {"south": jails[0], "north": jails[1]},
        "status": "playing",
        "winner": None,
        "reason": None,
    }


def sow(r, c, k):
    return {"type": "sow", "row": r, "column": c, "count": k}


def events(trace, kind):
    return [e for e in trace if e["kind"] == kind]


# -- start and opening -------------------------------------------------------------


def test_start_rightmost_bomas_hold_five_for_each_side():
    p = initial_position("kiothi")
    assert p["board"] == [[5] * 6 + [0] * 4, [0] * 4 + [5] * 6]
    p5 = initial_position("kiothi", start_holes=5)
    assert p5["board"] == [[5] * 5 + [0] * 5, [0] * 5 + [5] * 5]


def test_opening_redistribution_may_refill_the_emptied_bomas_and_leaves_jails_alone():
    p = initial_position("kiothi")
    after = apply_move(
        p, {"type": "redistribute", "lift": [[1, 4], [1, 9]], "place": [[1, 4, 7], [1, 9, 3]]}
    )
    assert after["board"][1] == [0, 0, 0, 0, 7, 5, 5, 5, 5, 3]
    assert after["jails"] == {"south": 0, "north": 0} and after["turn"] == 2


def test_opening_a_sowing_move_is_the_wrong_phase():
    with pytest.raises(IllegalMoveError) as e:
        apply_move(initial_position("kiothi"), sow(1, 9, 2))
    assert e.value.rule == "opening_redistribution"


def test_after_the_opening_a_redistribution_is_the_wrong_phase():
    with pytest.raises(IllegalMoveError, match="only played on turns 1 and 2"):
        apply_move(
            pos([1] + [0] * 9, [0] * 9 + [2]),
            {"type": "redistribute", "lift": [[1, 9], [1, 8]], "place": [[1, 0, 2]]},
        )


def test_nki_marking_happens_once_after_both_redistributions_reading():
    p = initial_position("kiothi")
    after1 = apply_move(
        p, {"type": "redistribute", "lift": [[1, 4], [1, 5]], "place": [[0, 9, 10]]}
    )
    assert not any(map(any, after1["nki"])), "no marks after turn 1"
    after2, trace = play(
        after1, {"type": "redistribute", "lift": [[0, 0], [0, 1]], "place": [[0, 8, 10]]}
    )
    marked = {(r, c) for r in range(2) for c in range(10) if after2["nki"][r][c]}
    full = {(r, c) for r in range(2) for c in range(10) if after2["board"][r][c]}
    assert marked == full and len(marked) == 10
    assert events(trace, "nki_mark")[0]["rule"] == "nki_marking"


# -- sowing --------------------------------------------------------------------------


def test_partial_lifting_any_count_from_one_to_all():
    p = pos([0] * 9 + [1], [0] * 9 + [4])
    counts = sorted(m["count"] for m in legal_moves(p) if m["column"] == 9)
    assert counts == [1, 2, 3, 4]
    with pytest.raises(IllegalMoveError) as e:
        apply_move(p, sow(1, 9, 5))
    assert e.value.rule == "partial_lifting"


def test_sowing_runs_along_own_row_then_the_opponents_row():
    after, trace = play(pos([0] * 10, [0] * 8 + [3, 0], jails=(1, 0)), sow(1, 8, 3))
    assert events(trace, "sow")[0]["cells"] == [[1, 9], [0, 9], [0, 8]]


def test_north_sows_from_its_own_left_along_row_0_then_into_souths_row():
    after, trace = play(
        pos([2, 0, 0, 0, 0, 0, 0, 0, 0, 0], [0] * 10, "north", 8, jails=(0, 1)), sow(0, 0, 2)
    )
    assert events(trace, "sow")[0]["cells"] == [[1, 0], [1, 1]]


def test_sown_marks_every_boma_that_receives_a_warrior_for_good():
    after = apply_move(pos([0] * 10, [0] * 7 + [3, 0, 1]), sow(1, 7, 3))
    assert after["sown"][1][8:] == [True, True] and after["sown"][0][9] is True
    assert after["sown"][1][7] is False


def test_first_lap_restriction_forbids_ending_in_own_occupied_boma():
    p = pos([1] + [0] * 9, [0, 0, 0, 0, 3, 0, 1, 0, 0, 0])
    with pytest.raises(IllegalMoveError) as e:
        apply_move(p, sow(1, 4, 2))
    assert e.value.rule == "first_lap_restriction"
    assert e.value.cell == [1, 6], "it names the boma the first lap would end in"
    assert sow(1, 4, 2) not in legal_moves(p)
    trace: list = []
    with pytest.raises(IllegalMoveError):
        load_position(p).play(sow(1, 4, 2), trace)
    assert trace == [], "a refused move leaves the caller's trace as it was"


def test_first_lap_restriction_is_off_when_not_orthodox_and_the_lap_relays():
    p = pos([1] + [0] * 9, [0, 0, 0, 0, 3, 0, 1, 0, 0, 0], orthodox=False)
    after, trace = play(p, sow(1, 4, 2))
    assert events(trace, "lap_end")[0]["then"] == "relay"
    assert events(trace, "lift")[1]["rule"] == "relay"


def test_first_lap_may_end_in_the_opponents_occupied_boma_and_relays():
    after, trace = play(pos([0] * 9 + [3], [0] * 8 + [2, 0]), sow(1, 8, 2))
    relay = events(trace, "lift")[1]
    assert relay["rule"] == "relay" and relay["cell"] == [0, 9] and relay["count"] == 4


def test_relay_restriction_applies_to_the_first_lap_only():
    # Lap 1 ends in North's occupied (0,9): a relay of its 10 warriors, along North's row,
    # whose last falls in South's own occupied boma (1,0): the restriction does not apply
    # to lap 2, so the move is legal and another relay follows from there.
    p = pos([0, 0, 0, 0, 0, 0, 0, 0, 0, 9], [1, 0, 0, 0, 0, 0, 0, 0, 0, 1])
    move = sow(1, 9, 1)
    assert move in legal_moves(p)
    after, trace = play(p, move)
    ends = events(trace, "lap_end")
    assert ends[0]["cell"] == [0, 9] and ends[0]["then"] == "relay"
    assert ends[1]["lap"] == 2 and ends[1]["cell"] == [1, 0] and ends[1]["own_row"]
    assert ends[1]["then"] == "relay", "a later lap may end in an occupied boma of your own row"
    assert events(trace, "lift")[2] == {
        "kind": "lift",
        "rule": "relay",
        "cell": [1, 0],
        "count": 2,
        "left": 0,
        "partial": False,
        "lap": 3,
    }


def test_nki_release_when_lifting_even_part_of_a_boma():
    nki = [F[:], F[:9] + [True]]
    after, trace = play(pos([1] + [0] * 9, [0] * 9 + [5], nki=nki), sow(1, 9, 2))
    assert after["nki"][1][9] is False and after["board"][1][9] == 3
    assert events(trace, "nki_release") == [
        {"kind": "nki_release", "rule": "nki_release", "cell": [1, 9]}
    ]


def test_nki_release_when_a_relay_lap_lifts_the_boma():
    nki = [F[:9] + [True], F[:]]
    after, trace = play(pos([0] * 9 + [2], [0] * 8 + [2, 0], nki=nki), sow(1, 8, 2))
    assert after["nki"][0][9] is False
    assert [e["cell"] for e in events(trace, "nki_release")] == [[0, 9]]


def test_dropping_into_an_nki_boma_does_not_release_it_reading():
    nki = [F[:8] + [True, False], F[:]]
    after = apply_move(pos([0] * 8 + [2, 0], [0] * 8 + [4, 0], nki=nki), sow(1, 8, 4))
    assert after["board"][0][8] == 3 and after["nki"][0][8] is True


# -- captures ------------------------------------------------------------------------


def test_capture_takes_the_opposite_boma_and_the_capturing_warrior_to_jail():
    after, trace = play(
        pos([0, 0, 0, 0, 3, 0, 0, 0, 0, 1], [0, 0, 2, 0, 0, 0, 0, 0, 0, 0]), sow(1, 2, 2)
    )
    assert after["jails"]["south"] == 4
    assert after["board"][0][4] == 0 and after["board"][1][4] == 0
    assert events(trace, "capture")[0]["from"] == [[0, 4, 3]]


def test_no_capture_when_the_sowing_ends_on_the_opponents_row():
    after, trace = play(pos([1] + [0] * 9, [0] * 9 + [2]), sow(1, 9, 2))
    assert events(trace, "no_capture")[0]["why"] == "opponent_row"


def test_no_capture_when_the_opposite_boma_is_empty():
    after, trace = play(pos([0] * 9 + [1], [0, 0, 2] + [0] * 7), sow(1, 2, 2))
    assert events(trace, "no_capture")[0]["why"] == "opposite_empty"


def test_nki_protection_blocks_the_capture():
    nki = [[False] * 4 + [True] + [False] * 5, F[:]]
    after, trace = play(pos([0, 0, 0, 0, 3] + [0] * 5, [0, 0, 2] + [0] * 7, nki=nki), sow(1, 2, 2))
    assert after["board"][0][4] == 3 and after["jails"]["south"] == 0
    no = events(trace, "no_capture")[0]
    assert no["why"] == "nki" and no["rule"] == "nki_protection"


def test_leftmost_triple_not_offered_after_a_capture_elsewhere():
    after, trace = play(pos([0, 0, 0, 0, 3, 0, 0, 0, 0, 1], [0, 0, 2] + [0] * 7), sow(1, 2, 2))
    assert events(trace, "leftmost_triple") == []


def test_leftmost_triple_sown_condition_checked_directly():
    # Unreachable in play (a lap into the leftmost boma sows the three or empties one),
    # so the condition is checked on the capture step itself.
    p = load_position(pos([2, 1, 1, 1, 0, 0, 0, 0, 0, 0], [0] * 9 + [1]))
    unsown = [False] * 20
    assert leftmost_triple(TRIPLE[0], p.board, p.nki, unsown, EMPTY_AT_START[5]) == "not_sown"


def test_leftmost_triple_taken_for_bomas_empty_at_start_with_5_holes():
    # With start_holes 5, none of (0,1)..(0,3) is empty at start, so sown is needed;
    # marking them sown by hand shows the condition is "empty at start or sown".
    sown = [[False, True, True, True] + [False] * 6, F[:]]
    p = load_position(pos([2, 1, 1, 1, 0, 0, 0, 0, 0, 0], [0] * 9 + [1], sown=sown, start_holes=5))
    assert leftmost_triple(TRIPLE[0], p.board, p.nki, p.sown, EMPTY_AT_START[5]) is None
    unsown = [False] * 20
    assert leftmost_triple(TRIPLE[0], p.board, p.nki, unsown, EMPTY_AT_START[5]) == "not_sown"


# -- end of game -----------------------------------------------------------------------


def test_game_end_sweeps_the_board_to_the_player_who_can_still_move():
    after, trace = play(
        pos([0, 0, 0, 0, 1, 0, 0, 0, 0, 0], [0, 0, 2, 0, 0, 0, 0, 0, 2, 0], jails=(26, 29)),
        sow(1, 2, 2),
    )
    end = trace[-1]
    assert end["sweep"] == [
        {"cell": [1, 3], "count": 1, "jail": "south"},
        {"cell": [1, 8], "count": 2, "jail": "south"},
    ]
    assert end["one_warrior_victory"] is True and end["margin"] == 2
    assert after["jails"] == {"south": 31, "north": 29} and after["winner"] == "south"


def test_game_end_when_neither_can_move_each_row_goes_to_its_owner_reading(monkeypatch):
    """[reading] If neither player could move, each row's warriors go to that row's owner.

    In play this happens only with both rows empty (South's last warrior captures North's
    last one), so nothing is swept; a player with warriors always has a move unless every
    one is perpetual, and 600,000 random boards gave no such case. So the sweep itself is
    checked on a board where both players are made unable to move."""
    after, trace = play(
        pos([0, 0, 0, 0, 1] + [0] * 5, [0, 0, 0, 1] + [0] * 6, jails=(20, 36)), sow(1, 3, 1)
    )
    assert trace[-1]["stuck"] == "north" and trace[-1]["sweep"] == []
    assert after["jails"] == {"south": 22, "north": 36} and after["winner"] == "north"
    state = load_position(
        pos([0, 0, 3, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0, 2, 1], jails=(24, 30))
    )
    monkeypatch.setattr(type(state), "has_legal_move", lambda self, p: False)
    end = state.end_if_stuck(trace := []) and trace[-1]
    assert end["sweep"] == [
        {"cell": [0, 2], "count": 3, "jail": "north"},
        {"cell": [1, 8], "count": 2, "jail": "south"},
        {"cell": [1, 9], "count": 1, "jail": "south"},
    ]
    assert state.jails == [27, 33] and state.winner == 1


def test_a_player_with_warriors_always_has_a_move_under_the_restriction():
    # North's (0,9) cannot move one (it would end in North's own occupied (0,8)),
    # but (0,8) can: the restriction never leaves a player with warriors stuck
    # unless every move is perpetual.
    stuck = pos([0] * 8 + [1, 1], [0] * 8 + [1, 1], to_move="north", turn=8)
    assert legal_moves(stuck) == [sow(0, 8, 1)]


def test_equal_jails_draw():
    after = apply_move(
        pos([0, 0, 0, 0, 1, 0, 0, 0, 0, 0], [0, 0, 0, 1] + [0] * 6, jails=(28, 30)), sow(1, 3, 1)
    )
    assert (after["status"], after["winner"], after["reason"]) == ("draw", None, "equal jails")
    assert after["jails"] == {"south": 30, "north": 30}


def test_perpetual_move_is_illegal_and_not_listed():
    import json
    import pathlib

    case = next(
        c
        for c in json.loads((pathlib.Path(__file__).parent / "vectors" / "kiothi.json").read_text())
        if c["name"] == "kiothi-runaway-relay-illegal"
    )
    with pytest.raises(IllegalMoveError) as e:
        apply_move(case["position"], case["move"])
    assert e.value.rule == "perpetual_sowing"
    assert case["move"] not in legal_moves(case["position"])


# -- the board's facts and what the engine offers search ----------------------------


def test_own_left_and_right_north_faces_the_other_way():
    from mancala_widgets.rules.kiothi import own_boma, own_index

    # docs/rules.md: South's index i is column i of row 1; North's is column 9 - i of row 0,
    # so North's leftmost boma is (0,9) and its rightmost (0,0).
    south, north = 0, 1
    assert [divmod(own_boma(south, i), 10) for i in (0, 3, 9)] == [(1, 0), (1, 3), (1, 9)]
    assert [divmod(own_boma(north, i), 10) for i in (0, 3, 9)] == [(0, 9), (0, 6), (0, 0)]
    assert [own_index(h) for h in (10, 13, 19, 9, 6, 0)] == [0, 3, 9, 0, 3, 9]


def test_each_boma_faces_the_one_in_the_same_column_of_the_other_row():
    from mancala_widgets.rules.kiothi import opposite

    # docs/rules.md: (r,c) faces (1-r,c); boma (r, c) is index r * 10 + c.
    assert [opposite(h) for h in (0, 3, 9, 10, 13, 19)] == [10, 13, 19, 0, 3, 9]


def test_a_position_in_the_opening_is_never_the_same_as_one_after_it():
    # The same board, marks, jails and player to move: an opening turn (a redistribution
    # is due) and a sowing turn are different positions; two sowing turns are the same.
    north, south = [5] * 6 + [0] * 4, [0] * 4 + [5] * 6

    def key(to_move, turn):
        return load_position(pos(north, south, to_move=to_move, turn=turn)).key()

    assert key("south", 1) != key("south", 3) and key("north", 2) != key("north", 4)
    assert key("south", 3) == key("south", 9) and key("north", 4) == key("north", 8)


def test_successors_are_the_legal_sowings_and_the_positions_they_lead_to():
    start = load_position(initial_position("kiothi"))
    with pytest.raises(ValueError, match="opening"):
        start.successors()  # the opening's redistributions are too many to list
    later = load_position(pos([0] * 9 + [1], [0, 2] + [0] * 8))
    moves = [m for m, _ in later.successors()]
    assert moves == legal_moves(later.to_dict()) == [sow(1, 1, 1), sow(1, 1, 2)]
    assert [s.to_dict() for _, s in later.successors()] == [
        apply_move(later.to_dict(), m) for m in moves
    ]
    over = apply_move(pos([0, 0, 1] + [0] * 7, [0, 1] + [0] * 8), sow(1, 1, 1))  # a capture
    assert over["status"] != "playing" and load_position(over).successors() == []
