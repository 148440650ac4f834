"""The rule options (rules/game.py, ``Game.options``): the other side of docs/rules.md's
readings and the common relay, each worked by hand on a position where it changes the
result, next to the default reading on the same position.

Kisolo boards here are 6 columns wide. South's circuit runs its outer row (row 3) left
to right, then its inner row (row 2) right to left; Kiothi's runs South's row (row 1)
left to right, then North's row (row 0) right to left."""

import json
import pathlib

import pytest

from mancala_widgets.rules import (
    IllegalMoveError,
    InvalidPositionError,
    initial_position,
    legal_moves,
    load_position,
    new_state,
    play,
)
from mancala_widgets.rules.game import game
from mancala_widgets.rules.record import GameRecord

from test_record import CYCLE_START, cycle_moves


def kisolo(board, to_move="south", **options):
    return {
        "game": "kisolo",
        "columns": len(board[0]),
        "to_move": to_move,
        "board": board,
        "status": "playing",
        "winner": None,
        "reason": None,
        **options,
    }


def kiothi(north, south, turn=7, nki=None, **options):
    empty = [[False] * 10, [False] * 10]
    return {
        "game": "kiothi",
        "start_holes": 6,
        "orthodox": True,
        "to_move": "south",
        "turn": turn,
        "board": [north, south],
        "nki": nki or empty,
        "sown": [[False] * 10, [False] * 10],
        "jails": {"south": 0, "north": 0},
        "status": "playing",
        "winner": None,
        "reason": None,
        **options,
    }


def lifts(trace):
    return [(e["rule"], e["cell"]) for e in trace if e["kind"] == "lift"]


# -- options in positions and records -----------------------------------------------


def test_a_default_position_names_no_option_and_a_changed_one_is_kept():
    assert set(initial_position("kisolo")) == {
        "game",
        "columns",
        "to_move",
        "board",
        "status",
        "winner",
        "reason",
    }
    p = initial_position("kisolo", relay="landing")
    assert p["relay"] == "landing" and "repetition_draw" not in p
    after, _ = play(p, {"type": "capture", "column": 0})
    assert after["relay"] == "landing", "the option stays with the game"
    assert initial_position("kisolo", relay="next") == initial_position("kisolo")
    q = initial_position("kiothi", nki_release="drop", perpetual="draw")
    assert (q["nki_release"], q["perpetual"]) == ("drop", "draw")
    assert load_position(q).to_dict() == q


@pytest.mark.parametrize(
    "game_name, options, words",
    [
        ("kisolo", {"relay": "previous"}, ["relay = 'previous'", "'next'", "'landing'"]),
        ("kisolo", {"repetition_draw": 0}, ["repetition_draw = 0", "True", "False"]),
        ("kisolo", {"nki_release": "drop"}, ["'nki_release'", "relay"]),
        ("kiothi", {"perpetual": "allowed"}, ["perpetual = 'allowed'", "'illegal'", "'draw'"]),
    ],
)
def test_a_bad_option_is_refused_and_named(game_name, options, words):
    position = {**initial_position(game_name), **options}
    with pytest.raises(InvalidPositionError) as e:
        load_position(position)
    assert all(w in str(e.value) for w in words), str(e.value)
    with pytest.raises(InvalidPositionError):
        new_state(game_name, **options)


def test_a_record_keeps_its_options_through_a_file():
    rec = GameRecord("kisolo", columns=6, relay="landing", repetition_draw=False)
    rec.play(rec.legal_moves()[0])
    data = json.loads(rec.dumps())
    assert data["variant"] == {"columns": 6, "relay": "landing", "repetition_draw": False}
    again = GameRecord.loads(rec.dumps())
    assert again.position == rec.position and again.position["relay"] == "landing"


def test_every_option_lists_the_default_first_and_the_defaults_are_the_rules_pages():
    assert game("kisolo").default_options() == {
        "relay": "next",
        "repetition_draw": True,
        "own_row_emptied": "plays_on",
    }
    assert game("kiothi").default_options() == {
        "nki_marking": "after_both",
        "nki_release": "lift",
        "perpetual": "illegal",
    }


# -- Kisolo: relay ------------------------------------------------------------------

RELAY_BOARD = [
    [0, 0, 0, 0, 0, 1],
    [1, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 1],
    [2, 0, 1, 2, 0, 0],
]


def test_pussa_kanawa_lifts_the_hole_after_the_landing_hole():
    # South sows (3,0): 2 stones into (3,1), (3,2). (3,2) held 1. Pussa kanawa looks at the
    # next hole, (3,3): 2 stones, lifted and sown into (3,4), (3,5). (3,5) was empty, and the
    # next hole (2,5) holds 1: lifted (pussa kanawa needs no occupied landing hole) and sown
    # into (2,4), which was empty, and after it (2,3) is empty: the turn ends.
    after, trace = play(kisolo(RELAY_BOARD), {"type": "sow", "row": 3, "column": 0})
    assert lifts(trace) == [("sow", [3, 0]), ("pussa_kanawa", [3, 3]), ("pussa_kanawa", [2, 5])]
    assert after["board"][2:] == [[0, 0, 0, 0, 1, 0], [0, 1, 2, 0, 1, 1]]


def test_the_landing_relay_lifts_the_landing_hole_itself():
    # The same sowing with relay="landing": (3,2) held 1 before the drop, so it is lifted
    # with its 2 stones and sown into (3,3), (3,4). (3,4) was empty: the turn ends there.
    after, trace = play(
        kisolo(RELAY_BOARD, relay="landing"), {"type": "sow", "row": 3, "column": 0}
    )
    assert lifts(trace) == [("sow", [3, 0]), ("relay", [3, 2])]
    assert after["board"][2:] == [[0, 0, 0, 0, 0, 1], [0, 1, 0, 3, 1, 0]]
    assert after["to_move"] == "north" and after["status"] == "playing"
    ends = [e for e in trace if e["kind"] == "lap_end"]
    assert [e["then"] for e in ends] == ["relay", "end"]
    assert all("next" not in e for e in ends), "the landing relay does not look past the hole"


CAPTURE_BOARD = [
    [1, 0, 0, 0, 1, 1],
    [1, 0, 0, 0, 1, 1],
    [0, 0, 0, 0, 1, 1],
    [0, 0, 0, 0, 0, 0],
]


def test_the_landing_relay_captures_from_the_landing_hole():
    # South captures column 5: 1 + 1 stones, sown into (2,5) and (2,4). (2,4) held 1.
    capture = {"type": "capture", "column": 5}
    # Pussa kanawa looks at (2,3): empty, so the turn ends.
    after, trace = play(kisolo(CAPTURE_BOARD), capture)
    assert [e["kind"] for e in trace].count("capture") == 1
    assert after["board"] == [
        [1, 0, 0, 0, 1, 0],
        [1, 0, 0, 0, 1, 0],
        [0, 0, 0, 0, 2, 2],
        [0] * 6,
    ]
    # The landing relay looks at (2,4) itself: occupied, an inner hole facing (1,4) with a
    # stone, so column 4 is captured (1 + 1) and sown from (2,4) itself into (2,4), (2,3).
    # (2,3) was empty: the turn ends. North keeps (1,0), so nobody has won.
    after, trace = play(kisolo(CAPTURE_BOARD, relay="landing"), capture)
    captures = [e for e in trace if e["kind"] == "capture"]
    assert [(e["rule"], e["cell"], e["count"]) for e in captures] == [
        ("turn_start_capture", [2, 5], 2),
        ("mid_move_capture", [2, 4], 2),
    ]
    assert after["board"] == [
        [1, 0, 0, 0, 0, 0],
        [1, 0, 0, 0, 0, 0],
        [0, 0, 0, 1, 3, 2],
        [0] * 6,
    ]
    assert after["status"] == "playing"


# -- Kisolo: own inner row emptied ---------------------------------------------------

EMPTYING_BOARD = [
    [0, 0, 0, 0, 0, 1],
    [0, 1, 0, 0, 0, 0],
    [1, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0],
]


def test_emptying_ones_own_inner_row_loses_only_with_that_option():
    # South's only stone, in (2,0), is sown into (3,0), which was empty, and (3,1) after it
    # is empty: the turn ends with South's inner row empty.
    move = {"type": "sow", "row": 2, "column": 0}
    after, _ = play(kisolo(EMPTYING_BOARD), move)
    assert (after["status"], after["to_move"]) == ("playing", "north"), "docs/rules.md: plays on"
    after, trace = play(kisolo(EMPTYING_BOARD, own_row_emptied="loses"), move)
    assert (after["status"], after["winner"], after["reason"]) == (
        "won",
        "north",
        "inner row emptied",
    )
    assert trace[-1]["rule"] == "own_inner_row_emptied"
    assert after["board"][3] == [1, 0, 0, 0, 0, 0]
    assert load_position(after).to_dict() == after, "the finished position loads"


def test_north_emptying_its_own_inner_row_loses_too():
    # The same position turned round: North's only inner stone, in (1,5), is sown into
    # (0,5), which was empty, and (0,4) after it is empty.
    turned = [row[::-1] for row in EMPTYING_BOARD[::-1]]
    start = {**kisolo(turned, own_row_emptied="loses"), "to_move": "north"}
    after, trace = play(start, {"type": "sow", "row": 1, "column": 5})
    assert (after["status"], after["winner"]) == ("won", "south")
    assert trace[-1]["rule"] == "own_inner_row_emptied"


# -- Kisolo: draw by repetition ------------------------------------------------------


def test_without_the_repetition_draw_a_third_repetition_plays_on():
    moves = cycle_moves()
    for repetition_draw, status in ((True, "draw"), (False, "playing")):
        rec = GameRecord("kisolo", start={**CYCLE_START, "repetition_draw": repetition_draw})
        for move in moves * 2:
            rec.play(move)
        assert rec.repetitions() == 3 and rec.state.status == status, repetition_draw
    assert rec.position["board"] == CYCLE_START["board"], "the cycle came round a third time"


# -- Kiothi: nki marking -------------------------------------------------------------


def test_marking_after_each_redistribution_keeps_the_marks_north_empties():
    def opening(**options):
        state = new_state("kiothi", **options)
        # South lifts (1,4) and (1,5) and puts all 10 in (1,0); North lifts (0,0) and (0,1)
        # and puts all 10 in (0,9).
        state = state.play(
            {"type": "redistribute", "lift": [[1, 4], [1, 5]], "place": [[1, 0, 10]]}
        )
        after_south = [[r, c] for r in range(2) for c in range(10) if state.nki[r * 10 + c]]
        state = state.play(
            {"type": "redistribute", "lift": [[0, 0], [0, 1]], "place": [[0, 9, 10]]}
        )
        return after_south, {(r, c) for r in range(2) for c in range(10) if state.nki[r * 10 + c]}

    occupied_at_end = {(1, 0), (1, 6), (1, 7), (1, 8), (1, 9), (0, 2), (0, 3), (0, 4), (0, 5)}
    occupied_at_end.add((0, 9))
    assert opening() == ([], occupied_at_end)
    after_south, marks = opening(nki_marking="after_each")
    assert after_south == [[0, c] for c in range(6)] + [[1, 0]] + [[1, c] for c in range(6, 10)]
    assert marks == occupied_at_end | {(0, 0), (0, 1)}, "North's emptied bomas stay nki"


# -- Kiothi: nki release --------------------------------------------------------------


def test_a_drop_into_an_nki_boma_releases_it_only_with_that_option():
    # South lifts all 16 from (1,9): one into each of North's bomas (0,9)..(0,0), then
    # (1,0)..(1,5). (1,5) was empty: the sowing ends there, facing (0,5), which held 3
    # and is nki, and got a warrior on the way (4 now).
    north = [0, 0, 0, 0, 0, 3, 0, 0, 0, 0]
    south = [0, 0, 0, 0, 0, 0, 0, 0, 0, 16]
    nki = [[False] * 5 + [True] + [False] * 4, [False] * 10]
    move = {"type": "sow", "row": 1, "column": 9, "count": 16}
    after, trace = play(kiothi(north, south, nki=nki), move)
    assert after["jails"]["south"] == 0 and after["board"][0][5] == 4
    assert trace[-2]["kind"] == "no_capture" and trace[-2]["why"] == "nki"
    after, trace = play(kiothi(north, south, nki=nki, nki_release="drop"), move)
    assert {"kind": "nki_release", "rule": "nki_release", "cell": [0, 5]} in trace
    assert after["jails"]["south"] == 4 + 1, "the 4 in (0,5) and the capturing warrior"
    assert after["board"][0][5] == 0 and after["board"][1][5] == 0
    assert not any(after["nki"][0])


# -- Kiothi: perpetual moves -----------------------------------------------------------


def runaway():
    cases = json.loads((pathlib.Path(__file__).parent / "vectors" / "kiothi.json").read_text())
    return next(c for c in cases if c["name"] == "kiothi-runaway-relay-illegal")


@pytest.mark.slow
@pytest.mark.mutation  # the only test of a perpetual move played out
def test_a_perpetual_move_draws_with_that_option():
    case = runaway()
    position, move = case["position"], case["move"]
    with pytest.raises(IllegalMoveError):
        play(position, move)
    drawn = {**position, "perpetual": "draw"}
    assert move in legal_moves(drawn)
    after, trace = play(drawn, move)
    assert (after["status"], after["winner"], after["reason"]) == (
        "draw",
        None,
        "perpetual sowing",
    )
    assert sum(map(sum, after["board"])) + sum(after["jails"].values()) == 60
    assert trace[-1]["rule"] == "perpetual_sowing" and trace[-1]["lap"] == 100_000
    assert "repeat_of_lap" not in trace[-1], "it reached the lap limit; nothing repeated"
    last = [e for e in trace if e["kind"] == "lap_end"][-1]
    assert (last["then"], last["lap"], last["occupied"]) == ("perpetual", 100_000, True)
    r, c = last["cell"]
    assert after["board"][r][c] > 1, "stopped at a lap end in a boma that held warriors"
    assert last["own_row"] == (r == 1) and position["to_move"] == "south"
    skipped = [e for e in trace if e["kind"] == "laps_skipped"]
    assert len(skipped) == 1 and skipped[0]["to_lap"] == 100_000
    assert skipped[0]["board"] == after["board"], "the summary shows the board it stopped on"
    assert load_position(after).to_dict() == after, "the drawn position, warriors and all, loads"


# -- what the narration says under each option -----------------------------------------


@pytest.mark.parametrize("locale", ["en", "ko", "sw"])
def test_each_option_is_narrated_in_its_own_words(locale):
    from mancala_widgets.text.names import narrate

    def told(game_name, position, move):
        _, trace = play(position, move)
        end = trace[-1] if trace[-1]["kind"] == "game_end" else None
        return [narrate(game_name, e, locale, game_end=end) for e in trace]

    sow30 = {"type": "sow", "row": 3, "column": 0}
    landing = told("kisolo", kisolo(RELAY_BOARD, relay="landing"), sow30)
    pussa = told("kisolo", kisolo(RELAY_BOARD), sow30)
    common, own_row = {
        "en": ("the common relay lifts this landing hole itself", "own sowing emptied"),
        "ko": ("흔한 릴레이에 따라 떨어진 구멍 자체를", "자기 씨뿌리기로 자기 안쪽 줄을 비웠"),
        "sw": (
            "mwendelezo wa kawaida unainua mawe ya shimo hili la kutua lenyewe",
            "mwenyewe umeacha tupu safu ya ndani",
        ),
    }[locale]
    assert any(common in line for line in landing)
    assert not any("pussa kanawa" in line for line in landing)
    assert not any(common in line for line in pussa)
    capture = told(
        "kisolo", kisolo(CAPTURE_BOARD, relay="landing"), {"type": "capture", "column": 5}
    )
    assert sum("pussa kanawa" in line for line in capture) == 1, "said once: not this board's"
    lost = told(
        "kisolo",
        kisolo(EMPTYING_BOARD, own_row_emptied="loses"),
        {"type": "sow", "row": 2, "column": 0},
    )
    assert own_row in lost[-1]
