"""Kisolo and Kiothi as OpenSpiel games (mancala_widgets.openspiel): OpenSpiel's own
random simulation test on every variant, the action encoding checked against the JSON
engine and against positions worked by hand from docs/rules.md, and OpenSpiel's MCTS bot
playing whole games."""

import doctest
import itertools
import random
from collections import Counter

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import mancala_widgets.openspiel as os_games
from mancala_widgets.rules import apply_move, initial_position
from mancala_widgets.rules.game import game


def choices(name):
    """A game's variants and rule options, each with its values (the default first)."""
    return {**game(name).variants, **game(name).options}


# Every combination of each game's variant and rule option values, read from its Game.
COMBINATIONS = [
    (name, dict(zip(choices(name), values, strict=True)))
    for name in ("kisolo", "kiothi")
    for values in itertools.product(*choices(name).values())
]


def ident(case):
    name, params = case
    return name + "-" + "-".join(f"{k}={v}" for k, v in params.items())


def test_importing_the_package_does_not_import_openspiel():
    import subprocess
    import sys

    code = "import sys, mancala_widgets, mancala_widgets.rules, mancala_widgets.players; "
    code += "print('pyspiel' in sys.modules, 'open_spiel' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_the_module_docstring_examples_run():
    result = doctest.testmod(os_games)
    assert result.failed == 0 and result.attempted > 0


def test_the_games_are_registered_under_their_own_names_with_every_option():
    for name in ("kisolo", "kiothi"):
        assert name in pyspiel.registered_names()
        spec = pyspiel.load_game(name).get_type().parameter_specification
        defaults = {k: v[0] for k, v in choices(name).items()}
        assert spec == {**defaults, "max_moves": 1000}
    assert pyspiel.load_game("kisolo(columns=6)").num_distinct_actions() == 30
    with pytest.raises(ValueError, match="columns = 8: expected one of 7, 6"):
        pyspiel.load_game("kisolo(columns=8)")


@pytest.mark.slow
@pytest.mark.parametrize("case", COMBINATIONS, ids=[ident(c) for c in COMBINATIONS])
def test_openspiel_random_sim_test_passes_for_every_variant(case):
    name, params = case
    default = params == {k: v[0] for k, v in choices(name).items()}
    pyspiel.random_sim_test(
        pyspiel.load_game(name, params),
        num_sims=4 if default else 1,
        serialize=False,
        verbose=False,
    )


def test_openspiel_random_sim_test_passes_with_serialization():
    for name in ("kisolo", "kiothi"):
        pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=2, serialize=True, verbose=False)


# -- the action encoding, as the module docstring writes it, decoded here independently --


def decode(position, actions):
    """The rules move that ``actions`` make in ``position`` (docs/rules.md JSON), or None while
    they are not yet a whole move: the docstring's encoding, read without the module."""
    if position["game"] == "kisolo":
        n = position["columns"]
        (a,) = actions
        if a >= 4 * n:
            return {"type": "capture", "column": a - 4 * n}
        return {"type": "sow", "row": a // n, "column": a % n}
    if position["turn"] > 2:
        if len(actions) < 2:
            return None
        boma, count = actions
        assert 0 <= boma < 20 and count >= 40
        return {"type": "sow", "row": boma // 10, "column": boma % 10, "count": count - 39}
    if len(actions) < 2:
        return None
    lift = [[a // 10, a % 10] for a in actions[:2]]
    lifted = sum(position["board"][r][c] for r, c in lift)
    if len(actions) < 2 + lifted:
        return None
    placed = Counter(a - 20 for a in actions[2:])
    return {
        "type": "redistribute",
        "lift": lift,
        "place": [[h // 10, h % 10, k] for h, k in sorted(placed.items())],
    }


def board_key(position):
    return (tuple(map(tuple, position["board"])), position["to_move"])


@pytest.mark.parametrize("name", ["kisolo", "kiothi"])
def test_an_openspiel_playout_gives_the_json_engines_positions(name):
    """Random playouts: the actions, decoded by the docstring's encoding and played by the
    JSON interface, give exactly the OpenSpiel state's positions after every move, and
    the player does not change while a move is being chosen."""
    game_ = pyspiel.load_game(name)
    rng = random.Random(7)
    moves = 0
    for _ in range(6 if name == "kisolo" else 3):
        state = game_.new_initial_state()
        position = initial_position(name)
        seen = Counter([board_key(position)])
        pending = []
        while not state.is_terminal():
            assert state.position() == position
            player = state.current_player()
            assert player == ("south", "north").index(position["to_move"])
            action = rng.choice(state.legal_actions())
            pending.append(action)
            move = decode(position, pending)
            state.apply_action(action)
            if move is None:
                assert state.current_player() == player  # the same player chooses again
                continue
            assert os_games.move_to_actions(position, move) == pending
            assert state.last_move == move
            pending, moves = [], moves + 1
            after = apply_move(position, move)
            seen[board_key(after)] += 1
            if state.position()["reason"] == "repetition":
                # The JSON interface plays one move without the game's history; the third
                # occurrence of a position is the game's draw (docs/rules.md).
                assert seen[board_key(after)] == 3 and after["status"] == "playing"
                after.update(status="draw", winner=None, reason="repetition")
            position = after
        assert state.position() == position and position["status"] != "playing"
        expected = {None: [0.0, 0.0], "south": [1.0, -1.0], "north": [-1.0, 1.0]}
        assert state.returns() == expected[position["winner"]]
    assert moves > 30


def test_the_action_space_is_fixed_and_small():
    """Every legal action of random playouts in every variant is below the game's
    num_distinct_actions: 5 per column for Kisolo; for Kiothi 20 lifts, 20 placements
    and one count for each warrior of the game (100 with 60 warriors)."""
    for name, params in COMBINATIONS:
        game_ = pyspiel.load_game(name, params)
        if name == "kisolo":
            assert game_.num_distinct_actions() == 5 * params["columns"]
        else:
            warriors = 2 * 5 * params["start_holes"]
            assert game_.num_distinct_actions() == 40 + warriors <= 100
        rng = random.Random(3)
        state = game_.new_initial_state()
        while not state.is_terminal():
            actions = state.legal_actions()
            assert actions == sorted(set(actions)) and actions
            assert 0 <= actions[0] and actions[-1] < game_.num_distinct_actions()
            state.apply_action(rng.choice(actions))


def test_kiothi_opening_and_partial_lift_are_sequences_by_one_player():
    """Worked by hand from docs/rules.md. Turn 1: South lifts (1,4) and (1,5) (10 warriors)
    and places 5 in (1,0) and 5 in (1,1). Turn 2: North lifts (0,0) and (0,1) and places
    5 in (0,8) and 5 in (0,9); every boma holding warriors is then nki. Turn 3: South
    lifts 2 of the 5 in (1,1) (partial lifting, which releases its nki mark): they fall
    in (1,2) and (1,3), both empty, so the sowing ends in (1,3), facing the nki boma
    (0,3): nothing is captured."""
    state = pyspiel.load_game("kiothi").new_initial_state()
    start = state.position()

    def step(action, legal, player):
        assert state.legal_actions() == legal
        assert state.current_player() == player
        state.apply_action(action)

    # Turn 1. The first lift: any of South's full bomas that has a full one after it.
    step(14, [14, 15, 16, 17, 18], 0)
    step(15, [15, 16, 17, 18, 19], 0)  # the second: a later one
    step(30, list(range(20, 40)), 0)  # a warrior placed in (1,0): any boma was allowed
    for _ in range(4):
        step(30, list(range(30, 40)), 0)  # never an earlier boma than the last placement
    for i in range(5):
        step(31, list(range(30, 40)) if i == 0 else list(range(31, 40)), 0)
        if i < 4:
            assert state.position() == start  # nothing is played until the move is whole
    after_1 = state.position()
    assert after_1["board"] == [[5, 5, 5, 5, 5, 5, 0, 0, 0, 0], [5, 5, 0, 0, 0, 0, 5, 5, 5, 5]]
    assert after_1["to_move"] == "north" and after_1["turn"] == 2
    assert state.last_move == {
        "type": "redistribute",
        "lift": [[1, 4], [1, 5]],
        "place": [[1, 0, 5], [1, 1, 5]],
    }

    # Turn 2: North's full bomas are (0,0)..(0,5).
    step(0, [0, 1, 2, 3, 4], 1)
    step(1, [1, 2, 3, 4, 5], 1)
    for i in range(10):
        legal = list(range(20 if i == 0 else 28 if i <= 5 else 29, 40))
        step(28 if i < 5 else 29, legal, 1)
    after_2 = state.position()
    assert after_2["board"] == [[0, 0, 5, 5, 5, 5, 0, 0, 5, 5], [5, 5, 0, 0, 0, 0, 5, 5, 5, 5]]
    full = [[n > 0 for n in row] for row in after_2["board"]]
    assert after_2["nki"] == full and after_2["turn"] == 3

    # Turn 3: a boma, then a count. South's bomas with warriors: (1,0) (1,1) (1,6)..(1,9).
    assert state.current_player() == 0
    sowable = state.legal_actions()
    assert set(sowable) <= {10, 11, 16, 17, 18, 19} and 11 in sowable
    # From (1,1): 1 to 4 end in the empty (1,2) to (1,5); 5 would end in (1,6), South's own
    # boma holding warriors, which the orthodox first-lap restriction forbids.
    step(11, sowable, 0)
    assert state.position() == after_2
    step(41, [40, 41, 42, 43], 0)
    after_3 = state.position()
    assert after_3["board"] == [[0, 0, 5, 5, 5, 5, 0, 0, 5, 5], [5, 3, 1, 1, 0, 0, 5, 5, 5, 5]]
    nki_south = [True, False, False, False, False, False, True, True, True, True]
    assert after_3["nki"] == [full[0], nki_south]
    assert after_3["sown"] == [[False] * 10, [False, False, True, True] + [False] * 6]
    assert after_3["jails"] == {"south": 0, "north": 0}
    assert after_3["to_move"] == "north" and after_3["turn"] == 4
    assert state.last_move == {"type": "sow", "row": 1, "column": 1, "count": 2}
    assert state.history() == [14, 15] + [30] * 5 + [31] * 5 + [0, 1] + [28] * 5 + [29] * 5 + [
        11,
        41,
    ]


def test_a_kisolo_action_is_a_whole_move_worked_by_hand():
    """At the start every column has stones in both inner holes, so South must capture:
    the legal actions are the seven captures, 28 + c. Capturing column 3 (worked by hand
    from docs/rules.md): North's (1,3) and (0,3), 6 stones, are sown from (2,3) to (3,1); (3,1)
    was occupied and (3,2) is outer, so (3,2)'s 3 are relayed to (3,5); then (3,6)'s 3 to
    (2,4); the next hole (2,3) faces the emptied (1,3), so its 4 are relayed to (3,0);
    then (3,1)'s 4 to (3,5), and the next hole, (3,6), is empty: the turn ends."""
    state = pyspiel.load_game("kisolo").new_initial_state()
    assert state.legal_actions() == list(range(28, 35))
    state.apply_action(31)
    assert state.current_player() == 1
    assert state.last_move == {"type": "capture", "column": 3}
    assert state.position()["board"] == [
        [3, 3, 3, 0, 3, 3, 3],
        [3, 3, 3, 0, 3, 3, 3],
        [5, 5, 5, 0, 4, 4, 4],
        [5, 0, 1, 5, 5, 5, 0],
    ]


def test_an_illegal_action_is_refused_and_changes_nothing():
    state = pyspiel.load_game("kiothi").new_initial_state()
    before = str(state)
    with pytest.raises(ValueError, match="not legal"):
        state.apply_action(19)  # (1,9) is South's last full boma: no second lift after it
    assert str(state) == before and state.history() == []


def test_a_game_still_going_after_max_moves_is_a_draw():
    for name in ("kisolo", "kiothi"):
        game_ = pyspiel.load_game(name, {"max_moves": 3})
        rng = random.Random(1)
        state = game_.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        assert state.position()["status"] == "playing"  # the rules would go on
        assert state.returns() == [0.0, 0.0]
        assert "still going after 3 moves" in str(state)
        assert len(state.history()) <= game_.max_game_length()


def test_clones_are_independent_and_observations_describe_the_state():
    game_ = pyspiel.load_game("kiothi")
    state = game_.new_initial_state()
    for action in (14, 15, 30):
        state.apply_action(action)
    copy = state.clone()
    copy.apply_action(30)
    assert str(copy) != str(state) and state.history() == [14, 15, 30]
    assert "lifted (1,4) (1,5); placed 1 in (1,0)" in str(state)
    assert state.observation_string(0) == str(state)
    assert state.information_state_string(1) == "14, 15, 30"
    tensor = np.array(state.observation_tensor(0))
    assert tensor.shape == (game_.observation_tensor_size(),)
    assert tensor[:20].sum() == 60 and tensor[85 + 10] == 1.0  # one warrior placed in (1,0)


@pytest.mark.parametrize(
    "name",
    ["kisolo", pytest.param("kiothi", marks=pytest.mark.slow)],  # Kiothi: ~10 s
)
def test_openspiels_mcts_bot_plays_a_whole_game(name):
    game_ = pyspiel.load_game(name)
    bots = [
        mcts.MCTSBot(
            game_,
            uct_c=2.0,
            max_simulations=2,
            evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
            random_state=np.random.RandomState(seed),
        )
        for seed in (1, 2)
    ]
    state = game_.new_initial_state()
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.position()["status"] != "playing"
    assert sum(state.returns()) == 0.0


def test_the_benchmarks_random_loop_counts_whole_games():
    from mancala_widgets import bench

    rate, length = bench.openspiel_random_games("kisolo", 0.05)
    assert rate > 0 and length >= 1


@pytest.mark.parametrize(
    "name",
    ["kisolo", pytest.param("kiothi", marks=pytest.mark.slow)],  # Kiothi: ~10 s
)
@pytest.mark.parametrize("i", [0, 1])
def test_the_benchmarks_mcts_game_plays_the_other_level_through_its_actions(monkeypatch, name, i):
    """The bench's MCTS game, against the greedy level here (the expert's search is
    slower): the other level's rules moves are played as their actions, MCTS taking
    South in even games and North in odd ones."""
    from mancala_widgets import bench
    from mancala_widgets.players import level

    monkeypatch.setattr(bench, "level", lambda _name, seed: level("greedy", seed))
    result, mcts_seconds, mcts_moves, other_seconds, other_moves = bench.mcts_game(name, 2, i)
    assert result in (1.0, 0.0, -1.0)
    assert mcts_moves >= 1 and other_moves >= 1
    # South moves first: MCTS has played as many moves as the other, or one more as South.
    assert mcts_moves - other_moves in ((0, 1) if i % 2 == 0 else (0, -1))
    assert mcts_seconds > 0 and other_seconds > 0
