"""Both games' positions offer one interface (rules/state.py), and the players and the
reviews use only it: no game's internal tables, no private names."""

import ast
import doctest
import inspect
import random
from pathlib import Path

import pytest

import mancala_widgets
from mancala_widgets.rules import KiothiState, KisoloState, State, new_state
from mancala_widgets.rules import state as state_module
from mancala_widgets.rules.game import game

PACKAGE = Path(mancala_widgets.__file__).parent
MEMBERS = [name for name in dir(State) if not name.startswith("_")] + list(State.__annotations__)


@pytest.mark.parametrize("cls", [KisoloState, KiothiState])
def test_each_game_state_has_every_member_of_the_interface(cls):
    state = cls.initial()
    for name in MEMBERS:
        assert hasattr(state, name), f"{cls.__name__} has no {name}"
    for name in dir(State):
        member = getattr(State, name)
        if not name.startswith("_") and inspect.isfunction(member):
            ours = inspect.signature(getattr(cls, name))
            theirs = inspect.signature(member)
            assert list(ours.parameters) == list(theirs.parameters), (cls.__name__, name)


@pytest.mark.parametrize("name", ["kisolo", "kiothi"])
def test_the_cells_are_the_games_cells(name):
    state, board = new_state(name), game(name).board()
    for p, player in enumerate(("south", "north")):
        own = list(state.own_cells(p))
        assert sorted(own) == sorted(
            state.index(*cell) for cell in board.cells() if board.owner(cell) == player
        )
        assert len(set(own)) == len(own)
    facing = state.facing()
    for h in range(len(state.board)):
        across = board.opposite(tuple(state.cell(h)))
        assert facing[h] == (-1 if across is None else state.index(*across))
        assert state.index(*state.cell(h)) == h


def a_player_of_the_interface_only(state: State, rng: random.Random) -> dict:
    """Takes the move after which it holds the most, else any: nothing but State."""
    if state.opening:
        move = dict(rng.choice(state.legal_moves()))
        lifted = [state.index(r, c) for r, c in move["lift"]]
        total = sum(state.board[h] for h in lifted)
        move["place"] = [[*state.cell(state.own_cells(state.to_move)[0]), total]]
        return move
    p = state.to_move
    return max(state.successors(), key=lambda ms: (ms[1].holdings(p), rng.random()))[0]


@pytest.mark.parametrize("name", ["kisolo", "kiothi"])
def test_a_player_written_against_the_interface_plays_whole_games(name):
    rng = random.Random(3)
    for _ in range(3):
        state, moves = new_state(name), 0
        while state.status == "playing" and moves < 400:
            state = state.play(a_player_of_the_interface_only(state, rng))
            moves += 1
        assert moves > 2


@pytest.mark.parametrize(
    "module",
    [f"players/{p.name}" for p in sorted((PACKAGE / "players").glob("*.py"))]
    + ["review.py", "simulate.py", "tournaments.py"],
)
def test_players_and_reviews_use_only_the_rules_public_interface(module):
    tree = ast.parse((PACKAGE / module).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            inside = node.module.split(".")
            assert not {"kisolo", "kiothi", "kisolo_turn", "kiothi_sowing"} & set(inside), (
                f"{module} imports a game's internals: {node.module}"
            )
            private = [a.name for a in node.names if a.name.startswith("_")]
            assert not private, f"{module} imports private names {private} from {node.module}"
        if isinstance(node, ast.Attribute):
            assert node.attr not in ("geo", "circuit"), f"{module} reads a game's tables"


def test_the_interfaces_example_runs():
    result = doctest.testmod(state_module)
    assert result.failed == 0 and result.attempted > 0


@pytest.mark.parametrize("name", ["kisolo", "kiothi"])
def test_every_legal_move_has_the_shape_of_its_typed_move(name):
    from mancala_widgets.rules import CaptureMove, RedistributeMove, SowMove

    shapes = {"sow": SowMove, "capture": CaptureMove, "redistribute": RedistributeMove}
    rng, state, seen = random.Random(5), new_state(name), set()
    for _ in range(120):
        if state.status != "playing":
            state = new_state(name)
        moves = state.legal_moves()
        for move in moves:
            shape = shapes[move["type"]]
            assert shape.__required_keys__ <= move.keys() <= shape.__annotations__.keys(), move
            assert all(type(v) is int for k, v in move.items() if k in ("row", "column", "count"))
            seen.add(move["type"])
        move = dict(rng.choice(moves))
        if move["type"] == "redistribute":  # placed all on the first lifted boma
            r, c = move["lift"][0]
            total = sum(state.board[state.index(*cell)] for cell in move["lift"])
            move["place"] = [[r, c, total]]
            assert move.keys() <= RedistributeMove.__annotations__.keys()
        state = state.play(move)
    assert seen == ({"sow", "capture"} if name == "kisolo" else {"sow", "redistribute"})
