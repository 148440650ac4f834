"""Kisolo, rule by rule (docs/rules.md, "Kisolo"). Each test names the rule it checks."""

import pytest

from mancala_widgets.rules import LAP_LIMIT, IllegalMoveError, apply_move, legal_moves, play


def pos(board, to_move="south", columns=None):
    return {
        "game": "kisolo",
        "columns": columns or len(board[0]),
        "to_move": to_move,
        "board": board,
        "status": "playing",
        "winner": None,
        "reason": None,
    }


def kinds(trace):
    return [(e["kind"], e.get("rule") or e.get("then")) for e in trace]


EMPTY7 = [[0] * 7 for _ in range(4)]


def board(**holes):
    """A 4x7 board with the given holes filled: board(h3_0=2, h1_6=1)."""
    b = [row[:] for row in EMPTY7]
    for name, n in holes.items():
        r, c = map(int, name[1:].split("_"))
        b[r][c] = n
    return b


def test_circuit_south_turns_from_outer_row_into_inner_row():
    after, trace = play(pos(board(h3_5=3, h0_0=1)), {"type": "sow", "row": 3, "column": 5})
    assert trace[1]["cells"] == [[3, 6], [2, 6], [2, 5]]
    assert after["board"][2][5:] == [1, 1] and after["board"][3][6] == 1


def test_circuit_north_runs_its_outer_row_right_to_left_then_inner_left_to_right():
    after, trace = play(pos(board(h0_1=3, h3_0=1), "north"), {"type": "sow", "row": 0, "column": 1})
    assert trace[1]["cells"] == [[0, 0], [1, 0], [1, 1]]


def test_sowing_never_skips_the_hole_it_started_from():
    # 15 stones from (3,0) go once round all 14 holes, (3,0) included, and one more.
    after, trace = play(pos(board(h3_0=15, h0_0=1)), {"type": "sow", "row": 3, "column": 0})
    holes = trace[1]["cells"]
    assert len(holes) == 15 and holes[13] == [3, 0] and holes[14] == [3, 1]


def test_turn_start_capture_is_mandatory_and_the_only_legal_moves_are_captures():
    p = pos(board(h2_1=1, h1_1=2, h2_4=1, h1_4=1, h3_0=5))
    assert legal_moves(p) == [{"type": "capture", "column": 1}, {"type": "capture", "column": 4}]
    with pytest.raises(IllegalMoveError) as e:
        apply_move(p, {"type": "sow", "row": 3, "column": 0})
    assert e.value.rule == "turn_start_capture"


def test_turn_start_capture_takes_inner_and_outer_and_sows_from_own_inner_hole():
    p = pos(board(h2_3=1, h1_3=2, h0_3=4, h1_0=1))
    after, trace = play(p, {"type": "capture", "column": 3})
    cap = trace[0]
    assert cap["rule"] == "turn_start_capture"
    assert cap["from"] == [[1, 3, 2], [0, 3, 4]] and cap["cell"] == [2, 3] and cap["count"] == 6
    # the first stone goes into (2,3) itself, then on round South's circuit
    assert trace[1]["cells"] == [[2, 3], [2, 2], [2, 1], [2, 0], [3, 0], [3, 1]]
    assert after["board"][1][3] == after["board"][0][3] == 0


def test_turn_start_capture_takes_an_empty_outer_hole_along():
    after, trace = play(pos(board(h2_2=1, h1_2=3, h1_0=1)), {"type": "capture", "column": 2})
    assert trace[0]["from"] == [[1, 2, 3], [0, 2, 0]]


def test_pussa_kanawa_lifts_the_hole_after_the_landing_hole():
    p = pos(board(h3_0=2, h3_3=3, h0_6=1, h1_6=1))
    after, trace = play(p, {"type": "sow", "row": 3, "column": 0})
    relay = [e for e in trace if e["kind"] == "lift" and e["rule"] == "pussa_kanawa"]
    assert relay == [
        {
            "kind": "lift",
            "rule": "pussa_kanawa",
            "cell": [3, 3],
            "count": 3,
            "lap": 2,
            "landing": [3, 2],
        }
    ]
    assert after["board"][3] == [0, 1, 1, 0, 1, 1, 1]


def test_turn_ends_when_the_next_hole_is_empty_even_after_an_occupied_landing():
    p = pos(board(h3_0=2, h3_2=4, h1_5=1))
    after, trace = play(p, {"type": "sow", "row": 3, "column": 0})
    end = [e for e in trace if e["kind"] == "lap_end"]
    assert end == [
        {
            "kind": "lap_end",
            "lap": 1,
            "cell": [3, 2],
            "occupied": True,
            "next": [3, 3],
            "next_count": 0,
            "then": "end",
        }
    ]
    assert after["board"][3][2] == 5 and after["to_move"] == "north"


def test_mid_move_capture_needs_an_occupied_landing_hole():
    # 14 stones from (3,6) go round and the last falls back into (3,6), emptied by the
    # lift; the next hole (2,6) got a stone this lap and faces stones, yet the landing
    # hole was empty: a relay, not a capture.
    p = pos(board(h3_6=14, h1_6=3, h1_0=1))
    after, trace = play(p, {"type": "sow", "row": 3, "column": 6})
    assert trace[2] == {
        "kind": "lap_end",
        "lap": 1,
        "cell": [3, 6],
        "occupied": False,
        "next": [2, 6],
        "next_count": 1,
        "then": "relay",
    }
    assert trace[3]["kind"] == "lift" and trace[3]["rule"] == "pussa_kanawa"
    assert trace[3]["cell"] == [2, 6]


def test_mid_move_capture_sows_from_the_capturing_inner_hole_itself():
    p = pos(board(h3_5=15, h1_6=3, h0_6=1, h1_0=1))
    after, trace = play(p, {"type": "sow", "row": 3, "column": 5})
    caps = [e for e in trace if e["kind"] == "capture"]
    # 15 stones from outer hole 6 end lap 1 in outer hole 7, which held a stone; inner
    # hole 7 after it holds one and faces North's 3 (and 1 behind): column 7 is taken,
    # and its re-sowing is lap 2 (docs/rules.md numbers the laps).
    assert caps[0] == {
        "kind": "capture",
        "rule": "mid_move_capture",
        "player": "south",
        "lap": 2,
        "cell": [2, 6],
        "from": [[1, 6, 3], [0, 6, 1]],
        "count": 4,
        "into": "sow",
    }
    sow = trace[trace.index(caps[0]) + 1]
    assert sow["cells"] == [[2, 6], [2, 5], [2, 4], [2, 3]]


def test_no_capture_when_the_opposite_inner_hole_is_empty_reading():
    # [reading] the lap ends in an occupied hole and the next hole is South's inner hole 7
    # with stones, so a capture is considered; North's inner hole 7 is empty (only the
    # outer hole behind it holds stones): no capture, pussa kanawa relays instead.
    p = pos(board(h3_5=1, h3_6=1, h2_6=2, h0_6=5, h1_0=1))
    after, trace = play(p, {"type": "sow", "row": 3, "column": 5})
    end = trace[2]
    assert end["kind"] == "lap_end" and end["occupied"] and end["next"] == [2, 6]
    assert end["then"] == "relay"
    assert trace[3]["rule"] == "pussa_kanawa" and trace[3]["cell"] == [2, 6]
    assert all(e["kind"] != "capture" for e in trace)
    assert after["board"][0][6] == 5


def test_the_same_lap_end_captures_when_the_opposite_inner_hole_holds_stones():
    # The control for the reading above: the same lap end (occupied outer hole 7, then
    # inner hole 7 with stones) facing North's inner hole 7 with stones captures.
    p = pos(board(h3_5=15, h0_6=3, h1_6=2, h1_0=1))
    after, trace = play(p, {"type": "sow", "row": 3, "column": 5})
    end = next(e for e in trace if e["kind"] == "lap_end")
    assert end["cell"] == [3, 6] and end["occupied"] and end["then"] == "capture"
    capture = next(e for e in trace if e["kind"] == "capture")
    assert capture["from"] == [[1, 6, 2], [0, 6, 3]] and capture["cell"] == [2, 6]


def test_capture_that_empties_the_inner_row_wins_at_once_despite_outer_stones():
    p = pos(board(h2_3=1, h1_3=2, h0_3=1, h0_0=4))
    after, trace = play(p, {"type": "capture", "column": 3})
    assert (after["status"], after["winner"], after["reason"]) == (
        "won",
        "south",
        "inner row emptied",
    )
    assert after["board"][0][0] == 4 and after["to_move"] == "north"
    assert trace[-1]["kind"] == "game_end" and trace[-1]["rule"] == "inner_row_emptied"
    # the move stops after the re-sowing: no lap-end processing
    assert [e["kind"] for e in trace] == ["capture", "sow", "game_end"]


def test_emptying_your_own_inner_row_by_sowing_does_not_lose_reading():
    p = pos(board(h2_0=1, h1_5=1, h0_5=1))
    after = apply_move(p, {"type": "sow", "row": 2, "column": 0})
    assert after["board"][2] == [0] * 7 and after["status"] == "playing"


def test_perpetual_sowing_draws_with_the_board_at_the_repeated_lap_end():
    p = pos([[3, 0, 0, 0, 0, 0], [0] * 6, [1, 2, 1, 0, 1, 1], [2, 1, 0, 1, 0, 2]])
    after, trace = play(p, {"type": "sow", "row": 2, "column": 4})
    end = trace[-1]
    assert (after["status"], after["reason"]) == ("draw", "perpetual sowing")
    assert end["rule"] == "perpetual_sowing" and end["repeat_of_lap"] < end["lap"]
    assert trace[-2]["kind"] == "lap_end" and trace[-2]["then"] == "perpetual"


def test_runaway_relay_stops_at_the_lap_limit_with_a_short_trace():
    import json
    import pathlib

    case = next(
        c
        for c in json.loads((pathlib.Path(__file__).parent / "vectors" / "kisolo.json").read_text())
        if c["name"] == "kisolo-runaway-relay-draw"
    )
    after, trace = play(case["position"], case["move"])
    assert after["reason"] == "perpetual sowing"
    assert trace[-1]["lap"] == LAP_LIMIT and trace[-1]["repeat_of_lap"] is None
    skipped = [e for e in trace if e["kind"] == "laps_skipped"]
    assert len(skipped) == 1 and skipped[0]["to_lap"] == LAP_LIMIT
    assert len(trace) < 4000, "the trace summarises the long middle of the move"


def test_a_short_move_keeps_its_full_trace():
    p = pos([[0, 0, 0, 0, 0, 1], [0] * 6, [1, 0, 2, 0, 0, 1], [0, 2, 2, 3, 1, 1]])
    trace = play(p, {"type": "sow", "row": 3, "column": 1})[1]
    assert all(e["kind"] != "laps_skipped" for e in trace)
    assert [e["lap"] for e in trace if e["kind"] == "lap_end"] == list(
        range(1, 1 + sum(e["kind"] == "lap_end" for e in trace))
    )


def test_to_move_passes_to_the_other_player_also_when_the_game_ends():
    after = apply_move(pos(board(h2_3=1, h1_3=1)), {"type": "capture", "column": 3})
    assert after["status"] == "won" and after["to_move"] == "north"


def test_a_finished_game_has_no_legal_moves():
    after = apply_move(pos(board(h2_3=1, h1_3=1)), {"type": "capture", "column": 3})
    assert legal_moves(after) == []


def test_singleton_sowing_is_allowed():
    p = pos(board(h3_3=1, h1_0=1))
    assert {"type": "sow", "row": 3, "column": 3} in legal_moves(p)


def test_a_turn_start_capture_is_due_only_while_the_game_is_played():
    from mancala_widgets.rules import load_position

    full = [[3] * 7 for _ in range(4)]  # every column has stones in both inner holes
    assert load_position(pos(full)).forced_capture()
    drawn = {**pos(full), "status": "draw", "reason": "repetition"}
    assert not load_position(drawn).forced_capture() and legal_moves(drawn) == []
    no_facing = pos(board(h2_0=1, h1_1=1))
    assert not load_position(no_facing).forced_capture()
