"""Every way of playing a move gives what docs/rules.md gives: the conformance vectors
played on each path a program uses.

- ``traced``: ``state.play(move, trace)``, what the boards and lessons show;
- ``untraced``: ``state.play(move)``, what the computer levels, reviews and ``simulate`` use;
- ``actions``: ``legal_actions`` and ``apply_action``, what search and playouts use;
- ``openspiel``: the OpenSpiel games (``mancala_widgets.openspiel``), action by action.

The vectors are few, so positions from seeded random games are played on every path as
well: each path's result must be the position that the move's trace rebuilds, with
every decision of that trace checked by the independent referee (tests/referee.py, written
from docs/rules.md alone), and each path's legal moves must be the referee's.

Each rule is decided in one place (rules/kisolo/turn.py, rules/kiothi/sowing.py), so a
rule broken there breaks every path: ``tools/planted_bugs.py`` plants such bugs and
requires a failing test here for each path. A path that does not play a kind of move
(integer actions have no opening redistributions) is not given those cases."""

import json
import random
from functools import cache
from pathlib import Path

import pyspiel
import pytest

import mancala_widgets.openspiel as os_games
from mancala_widgets.rules import IllegalMoveError, dump_position, load_position, new_state
from mancala_widgets.rules.game import game

import referee
from helpers import random_move, replay_trace

HERE = Path(__file__).parent / "vectors"
CASES = [case for f in sorted(HERE.glob("*.json")) for case in json.loads(f.read_text())]
PATHS = ("traced", "untraced", "actions", "openspiel")


def traced(position, move):
    trace: list = []
    after = dump_position(load_position(position).play(move, trace))
    assert replay_trace(position, trace) == after, "the trace shows the move it played"
    return after


def untraced(position, move):
    return dump_position(load_position(position).play(move))


def actions(position, move):
    state = load_position(position)
    legal = state.legal_actions()
    assert sorted(map(state.action_move, legal), key=json.dumps) == sorted(
        state.legal_moves(), key=json.dumps
    ), "the actions list the legal moves"
    try:
        action = state.move_action(move)
    except IllegalMoveError:
        action = None
    if action not in legal:
        raise IllegalMoveError("not among the legal actions")
    return dump_position(state.apply_action(action))


def openspiel(position, move):
    state = openspiel_state(position)
    for action in os_games.move_to_actions(position, move):
        if action not in state.legal_actions():
            raise IllegalMoveError("not among OpenSpiel's legal actions")
        state.apply_action(action)
    if state.last_move is None:  # e.g. an opening placing fewer pieces than it lifted
        raise IllegalMoveError("the actions did not make a whole move")
    return state.position()


PLAY = {"traced": traced, "untraced": untraced, "actions": actions, "openspiel": openspiel}


def applies(path, case):
    return path != "actions" or case["move"]["type"] != "redistribute"


@pytest.mark.parametrize(
    ("path", "case"),
    [(path, case) for path in PATHS for case in CASES if applies(path, case)],
    ids=[f"{path}-{case['name']}" for path in PATHS for case in CASES if applies(path, case)],
)
def test_a_vector_on_every_path(path, case):
    position, move, expect = case["position"], case["move"], case["expect"]
    before = json.dumps(position, sort_keys=True)
    if "error" in expect:
        with pytest.raises(IllegalMoveError):
            PLAY[path](position, move)
    else:
        assert PLAY[path](position, move) == expect["position"], case["explain"]
    assert json.dumps(position, sort_keys=True) == before, "the input is unchanged"


def openspiel_state(position):
    """An OpenSpiel state of the position's variant, started from the position."""
    rules = game(position["game"])
    params = {k: position[k] for k in (*rules.variants, *rules.options) if k in position}
    state = pyspiel.load_game(position["game"], params).new_initial_state()
    state._node = os_games._node_from_position(position)  # start from the given position
    return state


def legal_on(path, position):
    """The legal moves (past the opening) as the path lists them."""
    state = load_position(position)
    if path == "actions":
        return [state.action_move(a) for a in state.legal_actions()]
    if path != "openspiel":
        return state.legal_moves()
    os_state, moves = openspiel_state(position), []
    enc = os_state.get_game().encoding
    for first in os_state.legal_actions():
        kind, arg = enc.kind(first)
        if kind == "capture":
            moves.append({"type": "capture", "column": arg})
        elif enc.count is None:  # Kisolo: a hole is a whole move
            moves.append({"type": "sow", "row": arg // enc.columns, "column": arg % enc.columns})
        else:  # Kiothi: a boma, then how many to lift
            for second in os_state.child(first).legal_actions():
                r, c = enc.rc(arg)
                moves.append({"type": "sow", "row": r, "column": c, "count": enc.kind(second)[1]})
    return moves


@cache
def random_positions(name, count=24):
    """Positions met in seeded random games (past the opening), several per game."""
    rng, found = random.Random(7), []
    while len(found) < count:
        state = new_state(name)
        while state.status == "playing" and len(found) < count:
            if not state.opening and rng.random() < 0.15:
                found.append(dump_position(state))
            state = state.play(random_move(state, rng))
    return found


@pytest.mark.parametrize("name", ["kisolo", "kiothi"])
@pytest.mark.parametrize("path", PATHS)
def test_random_positions_on_every_path_agree_with_the_referee(path, name):
    for position in random_positions(name):
        legal = legal_on(path, position)
        referee.check_legal_moves(position, legal)
        for move in random.Random(json.dumps(position)).sample(legal, min(3, len(legal))):
            trace: list = []
            load_position(position).play(move, trace)
            referee.check_move(position, move, trace)  # every decision, from docs/rules.md
            assert PLAY[path](position, move) == replay_trace(position, trace), move
