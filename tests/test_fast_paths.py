"""The integer actions of search against ``play`` with a trace, on cases random games
seldom reach: long moves, moves long enough to be played again remembering their lap
ends (rules/kisolo/turn.py, rules/kiothi/sowing.py), perpetual moves, a first lap that
comes all the way round, positions made by hand with more pieces than a game has (and
the tables they are sown from), a position where every lift relays, and the runaway
relays of the vectors.

For every move of the right shape, the integer actions must list exactly the moves
``play`` accepts, and ``apply_action`` must give the position ``play`` gives with a
trace, whether or not ``legal_actions`` was asked first."""

import json
import pathlib

import pytest

from mancala_widgets.rules import LAP_LIMIT, IllegalMoveError, dump_position, load_position
from mancala_widgets.rules.kiothi import CIRCUIT_TABLES, CROWDED, NEXT
from mancala_widgets.rules.kiothi.sowing import MAX_LAPS as KIOTHI_MAX_LAPS
from mancala_widgets.rules.kiothi.sowing import MOST, PERPETUAL, laps_table, lifts_table, relay
from mancala_widgets.rules.kisolo import geometry
from mancala_widgets.rules.kisolo.turn import MAX_LAPS as KISOLO_MAX_LAPS

VECTORS = pathlib.Path(__file__).parent / "vectors"

#: Found by playing random games: South's sowing of 5 from (1,5) relays for 52 laps.
KIOTHI_LONG = {
    "game": "kiothi",
    "start_holes": 6,
    "orthodox": True,
    "to_move": "south",
    "turn": 9,
    "board": [[7, 2, 3, 0, 4, 0, 3, 4, 5, 1], [3, 7, 0, 0, 4, 6, 3, 2, 2, 2]],
    "nki": [[False] * 10, [False] * 10],
    "sown": [[True] * 10, [True] * 10],
    "jails": {"south": 0, "north": 2},
    "status": "playing",
    "winner": None,
    "reason": None,
}
#: Found by playing random games: South's sowing of 3 from (1,8) relays for 94 laps,
#: past the fast loop's MAX_LAPS.
KIOTHI_HANDED_BACK = {
    **KIOTHI_LONG,
    "board": [[2, 1, 0, 1, 6, 1, 2, 0, 8, 2], [4, 0, 7, 2, 5, 2, 3, 4, 9, 1]],
    "nki": [[False] * 10, [False, False, True] + [False] * 7],
    "jails": {"south": 0, "north": 0},
}
#: North's turn-start capture of column 6 goes on for 43 laps.
KISOLO_LONG = {
    "game": "kisolo",
    "columns": 7,
    "to_move": "north",
    "board": [
        [3, 0, 3, 0, 3, 0, 3],
        [3, 0, 3, 0, 3, 0, 3],
        [7, 7, 6, 6, 6, 0, 6],
        [0, 7, 0, 6, 2, 1, 6],
    ],
    "status": "playing",
    "winner": None,
    "reason": None,
}


def shaped_moves(state) -> list[dict]:
    """Every move of the right shape on this board, legal or not."""
    if state.game == "kisolo":
        n = state.columns
        return [{"type": "capture", "column": c} for c in range(n)] + [
            {"type": "sow", "row": r, "column": c} for r in range(4) for c in range(n)
        ]
    return [
        {"type": "sow", "row": h // 10, "column": h % 10, "count": k}
        for h in range(20)
        for k in range(1, state.board[h] + 1)
    ]


def check_fast_paths(position: dict) -> dict:
    """The checks of the module's docstring; returns {move as JSON: laps} of the legal
    moves, for the tests to say which case they reach."""
    state = load_position(position)
    listed = {json.dumps(state.action_move(a), sort_keys=True) for a in state.legal_actions()}
    laps = {}
    for move in shaped_moves(state):
        key = json.dumps(move, sort_keys=True)
        try:
            after = state.play(move, trace := [])
        except IllegalMoveError:
            assert key not in listed, f"{key} is listed but play() refuses it"
            continue
        assert key in listed, f"{key} is legal but not listed"
        action = state.move_action(move)
        expected = dump_position(after)
        assert dump_position(state.apply_action(action)) == expected, f"{key}: after listing"
        fresh = load_position(position)  # no legal_actions() asked first
        assert dump_position(fresh.apply_action(action)) == expected, f"{key}: fresh state"
        laps[key] = max((e["lap"] for e in trace if "lap" in e), default=1)
    assert dump_position(state) == position, "nothing changed the position"
    return laps


#: Found by playing random games: South's sowing from (2,5) relays for 132 laps.
KISOLO_LONGER = {
    **KISOLO_LONG,
    "to_move": "south",
    "board": [
        [1, 0, 2, 1, 0, 5, 0],
        [0, 0, 0, 0, 0, 0, 0],
        [18, 0, 3, 0, 9, 4, 4],
        [0, 5, 0, 8, 15, 4, 5],
    ],
}


def sow_move(r, c, k=None):
    move = {"type": "sow", "row": r, "column": c}
    return move if k is None else {**move, "count": k}


def test_kiothi_long_relay_stays_on_the_fast_path_and_agrees():
    laps = check_fast_paths(KIOTHI_LONG)
    assert 32 < laps[json.dumps(sow_move(1, 5, 5), sort_keys=True)] < KIOTHI_MAX_LAPS


def test_kiothi_longer_relay_is_handed_back_and_agrees():
    laps = check_fast_paths(KIOTHI_HANDED_BACK)
    assert laps[json.dumps(sow_move(1, 8, 3), sort_keys=True)] > KIOTHI_MAX_LAPS


def test_kiothi_lap_tables_follow_the_circuit():
    # The tables are built once, on import; built again here, they must walk NEXT.
    laps = laps_table(NEXT)
    assert laps == CIRCUIT_TABLES.laps
    for x in range(20):
        assert laps[x][0] == ()
        y = x
        for n in range(1, MOST + 1):
            y = NEXT[y]
            assert laps[x][n] == (*laps[x][n - 1], y), f"a lap of {n} from boma {x}"
    lifts = lifts_table(laps)
    assert lifts == CIRCUIT_TABLES.lifts
    for h in range(20):
        assert len(lifts[h]) == MOST
        for k, lift in enumerate(lifts[h], 1):
            # The boma a first lap of fewer than 20 ends in; a larger one comes round.
            assert lift == (k, (k - 1) * 20 + h, laps[h][k][-1] if k < 20 else -1), (k, h)
    # A crowded board's tables, for any count, agree with the game's as far as they go.
    for h in range(20):
        assert CROWDED.lifts[h][:MOST] == lifts[h]
        for n in range(MOST + 1):
            assert CROWDED.laps[h][n] == laps[h][n]
        assert CROWDED.laps[h][20 * 7 + 4] == laps[h][20] * 7 + laps[h][4]


def test_kiothi_counting_loop_follows_a_long_relay_to_its_end():
    state = load_position(KIOTHI_HANDED_BACK)
    rules, c = state.rules, state.circuit
    assert relay(c, rules, 0, 18, 3, state.board) == "long", "still going at MAX_LAPS"
    ended = relay(c, rules, 0, 18, 3, state.board, remember=True)
    assert not isinstance(ended, str) and ended[3] is None, "it ends"
    assert ended[2] > KIOTHI_MAX_LAPS


def test_kiothi_perpetual_relay_is_found_by_the_counting_loop():
    case = next(
        c
        for c in json.loads((VECTORS / "kiothi.json").read_text())
        if c["name"] == "kiothi-runaway-relay-illegal"
    )
    state, move = load_position(case["position"]), case["move"]
    h = move["row"] * 10 + move["column"]
    found = relay(
        state.circuit, state.rules, state.to_move, h, move["count"], state.board, remember=True
    )
    assert not isinstance(found, str) and found[3] == PERPETUAL


def test_kiothi_position_where_every_lift_relays():
    # Every boma holds one warrior, so no first lap ends in an empty boma: the quick
    # test finds no move, and the full listing must still find the relays that end.
    position = {
        **KIOTHI_LONG,
        "orthodox": False,
        "board": [[1] * 10, [1] * 10],
        "jails": {"south": 20, "north": 20},
    }
    state = load_position(position)
    assert state.has_legal_move(0) and state.has_legal_move(1)
    assert len(check_fast_paths(position)) == 10


def test_kiothi_position_with_more_warriors_than_a_game_has():
    board = [[0] * 10, [70] + [0] * 9]  # a game has 60: the fast loop's tables stop there
    position = {**KIOTHI_LONG, "board": board, "jails": {"south": 0, "north": 0}}
    laps = check_fast_paths(position)
    assert json.dumps(sow_move(1, 0, 70), sort_keys=True) in laps


@pytest.mark.parametrize("orthodox", [True, False])
def test_kiothi_first_lap_that_comes_all_the_way_round(orthodox):
    position = {
        **KIOTHI_LONG,
        "orthodox": orthodox,
        "board": [[0, 0, 1, 0, 0, 0, 0, 0, 2, 0], [32, 1, 0, 0, 3, 0, 0, 0, 0, 1]],
        "jails": {"south": 10, "north": 10},
    }
    laps = check_fast_paths(position)
    # 20 to 29 from (1,0) end the first lap in South's own row, which it has just
    # filled; 30 to 32 end it in North's row.
    own_row = {json.dumps(sow_move(1, 0, k), sort_keys=True) for k in range(20, 30)}
    assert (own_row <= laps.keys()) is not orthodox, "the restriction forbids them"
    assert json.dumps(sow_move(1, 0, 31), sort_keys=True) in laps


def test_kiothi_nki_and_the_leftmost_triple_on_the_fast_path():
    position = {
        **KIOTHI_LONG,
        "board": [[0, 0, 0, 0, 0, 2, 3, 4, 0, 5], [0, 1, 0, 0, 0, 0, 0, 0, 0, 4]],
        "nki": [[False] * 9 + [True], [False] * 10],
        "sown": [[False] * 10, [True] * 10],
        "jails": {"south": 20, "north": 21},
    }
    check_fast_paths(position)
    check_fast_paths({**position, "sown": [[True] * 10, [True] * 10]})
    check_fast_paths({**position, "nki": [[False] * 10, [False] * 10]})


def test_kiothi_runaway_relay_is_not_listed():
    case = next(
        c
        for c in json.loads((VECTORS / "kiothi.json").read_text())
        if c["name"] == "kiothi-runaway-relay-illegal"
    )
    laps = check_fast_paths(case["position"])
    assert json.dumps(case["move"], sort_keys=True) not in laps


def test_kisolo_long_turn_stays_on_the_fast_path_and_agrees():
    laps = check_fast_paths(KISOLO_LONG)
    assert 32 < laps[json.dumps({"type": "capture", "column": 6}, sort_keys=True)] < KISOLO_MAX_LAPS


def test_kisolo_longer_turn_is_played_again_remembering_its_lap_ends():
    laps = check_fast_paths(KISOLO_LONGER)
    assert laps[json.dumps(sow_move(2, 5), sort_keys=True)] > KISOLO_MAX_LAPS


def test_kisolo_perpetual_turn_stops_at_the_lap_limit_on_every_path():
    # Found by playing random games: North's sowing from (1,5) runs 100,000 laps
    # without coming back to a lap end, so step 6 stops it at the lap limit.
    position = {
        **KISOLO_LONG,
        "to_move": "north",
        "board": [
            [1, 0, 3, 0, 1, 0, 7],
            [0, 2, 1, 12, 11, 9, 15],
            [0, 0, 0, 0, 0, 0, 0],
            [7, 5, 6, 1, 2, 1, 0],
        ],
    }
    laps = check_fast_paths(position)
    assert laps[json.dumps(sow_move(1, 5), sort_keys=True)] == LAP_LIMIT


@pytest.mark.parametrize("relay", ["next", "landing"])
def test_kisolo_runaway_relay_draws_on_every_path(relay):
    case = next(
        c
        for c in json.loads((VECTORS / "kisolo.json").read_text())
        if c["name"] == "kisolo-runaway-relay-draw"
    )
    position = case["position"] if relay == "next" else {**case["position"], "relay": relay}
    check_fast_paths(position)


def test_kisolo_position_with_more_stones_than_a_game_has():
    board = [[3] * 7, [0, 0, 0, 0, 0, 3, 0], [7, 7, 6, 6, 6, 0, 6], [150, 7, 0, 6, 2, 1, 6]]
    position = {**KISOLO_LONG, "to_move": "south", "board": board}  # a game has 84 stones
    laps = check_fast_paths(position)
    assert json.dumps(sow_move(3, 0), sort_keys=True) in laps


@pytest.mark.parametrize("columns", [7, 6])
def test_kisolo_crowded_board_sows_into_the_same_holes_as_the_game_board(columns):
    # A position made by hand with more stones than a game has sows from tables built
    # for any count: up to a game's stones they must name the holes the game's tables name,
    # and past them go round the circuit again.
    game, crowded = geometry(columns), geometry(columns, crowded=True)
    for h in range(4 * columns):
        for m in range(3 * 4 * columns + 1):
            assert crowded.drops[h][m] == game.drops[h][m], (h, m)
        lap = game.drops[h][2 * columns]
        assert crowded.drops[h][5 * 2 * columns + 3] == lap * 5 + lap[:3]
