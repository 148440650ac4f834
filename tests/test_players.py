"""Computer players: legal, deterministic, within budget, and each level
stronger than the one below (at a reduced size here; the full 100-game ladder
runs in `python -m mancala_widgets.bench`)."""

import itertools
import re

import pytest

from mancala_widgets import KiothiBoard, KisoloBoard
from mancala_widgets.bench import ladder_game
from mancala_widgets.players import (
    LEVELS,
    QUIESCENCE,
    SearchPlayer,
    evaluate,
    forced,
    level,
    successors,
)
from mancala_widgets.rules import new_state

GAMES = ("kisolo", "kiothi")


def play_out(game, south, north, max_moves=400, check=None):
    state, moves = new_state(game), []
    players = (south, north)
    while state.status == "playing" and len(moves) < max_moves:
        move = players[state.to_move].choose(state)
        if check:
            check(state, move)
        moves.append(move)
        state = state.play(move)
    return state, moves


def assert_legal(state, move):
    legal = state.legal_moves()
    if move["type"] == "redistribute":
        assert {"type": "redistribute", "lift": move["lift"]} in legal
    else:
        assert move in legal


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("name", ["random", "greedy", "search"])
def test_players_only_play_legal_moves(game, name):
    state, moves = play_out(game, level(name, 1), level("random", 2), check=assert_legal)
    assert state.status != "playing" and moves


@pytest.mark.parametrize("game", GAMES)
def test_the_expert_plays_legal_moves(game):
    expert = SearchPlayer(depth=3, seed=1, nodes=300, enhanced=True)
    play_out(game, level("random", 2), expert, max_moves=30, check=assert_legal)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("name", ["random", "greedy", "search"])
def test_the_same_seed_gives_the_same_game(game, name):
    # No wall-clock limit: on a loaded or instrumented machine (mutation testing) it could
    # bind and cut a search short, and the seed promises the same game only when it does not.
    def player(seed):
        return level(name, seed, time_limit=float("inf"))

    games = [play_out(game, player(5), level("greedy", 6))[1] for _ in range(2)]
    assert games[0] == games[1]
    other = play_out(game, player(99), level("greedy", 6))[1]
    if name == "random":
        assert other != games[0]


def test_search_stops_when_its_time_is_up():
    ticks = itertools.count()
    clock = lambda: next(ticks) * 0.01  # noqa: E731 - each look at the clock is 10 ms later
    player = SearchPlayer(depth=12, seed=1, enhanced=True, time_limit=1.0, clock=clock)
    state = new_state("kiothi")
    for move in (
        {"type": "redistribute", "lift": [[1, 4], [1, 5]], "place": [[1, 0, 10]]},
        {"type": "redistribute", "lift": [[0, 0], [0, 1]], "place": [[0, 9, 10]]},
    ):
        state = state.play(move)
    move = player.choose(state)
    assert move in state.legal_moves()
    assert player.visited <= 72, "the search stopped at 0.7 of its second"


def test_search_stops_at_its_node_budget():
    player = SearchPlayer(depth=12, seed=1, nodes=500)
    player.choose(new_state("kisolo"))
    assert player.visited <= 501


def exact_value(state, depth):
    """Plain negamax, no pruning: the value of ``state`` for the player to move, searched
    ``depth`` plies and on while a Kisolo capture is forced (as the players search)."""
    if state.status != "playing" or (depth <= 0 and not (depth > -QUIESCENCE and forced(state))):
        return evaluate(state, state.to_move)
    return max(-exact_value(child, depth - 1) for _, child in successors(state))


def positions_from_random_games(game, count, every=7):
    south, north = level("random", 31), level("random", 32)
    state, found, i = new_state(game), [], 0
    while len(found) < count:
        if state.status != "playing":
            state = new_state(game)
        i += 1
        if not state.opening and i % every == 0:
            found.append(state)
        state = state.play((south, north)[state.to_move].choose(state))
    return found


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("enhanced", [False, True])
def test_the_search_scores_the_best_two_moves_exactly(game, enhanced):
    """The root scores only the best two moves exactly (the one played, and the next best
    that the explanation names); the others are only shown to be worse. Against a
    search without pruning, at the same depth: the same two best scores, a best move
    played, every move scored at or above the second best scored exactly (so the
    moves tied for best and the next best named are the true ones), and the others
    given a true bound below it."""
    for state in positions_from_random_games(game, 30, every=3):
        player = SearchPlayer(depth=3, seed=1, enhanced=enhanced, time_limit=600.0)
        move = player.choose(state)
        exact = {str(m): -exact_value(child, 2) for m, child in successors(state)}
        if len(exact) == 1:
            continue
        first, second = sorted(exact.values(), reverse=True)[:2]
        scored = player.last_scores
        assert [v for v, _ in scored[:2]] == [first, second], state.to_dict()
        assert exact[str(move)] == first, "a best move is played"
        for v, m in scored:
            if v >= second:  # the moves the choice and the explanation look at
                assert v == exact[str(m)], ("exact", m, state.to_dict())
            else:  # shown no better than the second best
                assert exact[str(m)] <= v < second, ("a bound", m, state.to_dict())


def test_unknown_level():
    with pytest.raises(ValueError, match="level = 'grandmaster'"):
        level("grandmaster")


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    "strong, weak, games",
    [("greedy", "random", 20), ("search", "greedy", 20), ("expert", "search", 2)],
)
def test_each_level_beats_the_one_below(game, strong, weak, games):
    # No clock: the node budgets alone bound the search, so a busy machine plays the same games.
    wins = sum(
        ladder_game(game, strong, weak, i, time_limit=float("inf")) == "win" for i in range(games)
    )
    # Two seeded games for the expert, one from each side: both must be won (the 100-game
    # ladder in `python -m mancala_widgets.bench` gives the figures).
    assert wins >= 0.8 * games, f"{strong} won {wins} of {games} against {weak}"


def test_the_board_plays_against_the_computer_and_says_why():
    board = KisoloBoard(opponent="greedy", seed=3)
    board.play(board.legal_moves[0])
    assert board.move_count == 2 and board.position["to_move"] == "south"
    assert board.computer == "north" and not board.thinking
    assert board.computer_says.startswith("North captures column")
    board._handle_custom_msg({"kind": "undo"}, [])
    assert board.move_count == 0, "undo goes back to the human's turn"


def test_the_computer_explains_in_words_with_the_players_names_and_true_figures():
    board = KisoloBoard(opponent="greedy", seed=3, labels={"south": "Mbuyi", "north": "Kanku"})
    board.play(board.legal_moves[0])
    says = board.computer_says
    before, after = (n.state for n in board.record.line_nodes())
    south = before.geo.circuit[0]
    taken = sum(before.board[h] for h in south) - sum(after.board[h] for h in south)
    assert says.startswith("Kanku captures column")
    assert f"It captures {taken} stones." in says
    assert "Afterwards Mbuyi can take at most" in says and "The next best move" in says
    assert "scored" not in says and "+" not in says, "no raw scores"


def test_reviewing_a_game_against_the_computer_does_not_make_it_move():
    board = KisoloBoard(opponent="greedy", seed=3)
    board.play(board.legal_moves[0])
    board.play(board.legal_moves[0])
    line = board.history
    board.goto(1)
    assert board.position["to_move"] == "north" and board.move_count == 1
    assert board.history == line, "the computer waits while a game is reviewed"
    board.goto(4)
    assert board.move_count == 4 and board.position["to_move"] == "south"


def test_the_computer_can_open_as_south_in_korean():
    board = KiothiBoard(opponent="greedy", computer_plays="south", seed=4, locale="ko")
    assert board.move_count == 1 and board.position["to_move"] == "north"
    assert board.computer_says.startswith("남쪽이") and "nki" in board.computer_says
    assert not re.search(r"[A-Za-z]{3,}", board.computer_says.replace("nki", "")), (
        "no English on a Korean board"
    )
    board.play({"type": "redistribute", "lift": [[0, 0], [0, 1]], "place": [[0, 9, 10]]})
    assert board.move_count == 3 and board.position["to_move"] == "north", (
        "the computer answered as South"
    )


def test_clicks_on_the_computers_turn_are_refused():
    board = KisoloBoard(opponent="random", computer_plays="south", seed=1)
    board.set_opponent(None)
    board.computer = "north"  # as if the computer were about to move
    before = board.move_count
    board._handle_custom_msg({"kind": "play", "move": board.legal_moves[0]}, [])
    assert "computer's turn" in board.error and board.move_count == before


def test_levels_are_listed_in_order_of_strength():
    assert LEVELS == ("random", "greedy", "search", "expert")


def test_every_game_has_the_players_numbers_in_one_table():
    from mancala_widgets.players import TUNING, tuning
    from mancala_widgets.rules.game import GAME_LIST

    assert set(TUNING) == {g.name for g in GAME_LIST}
    for g in GAME_LIST:
        t = tuning(g.name)
        assert 0 < t.search_depth < t.expert_depth and t.review_nodes <= t.expert_nodes
    with pytest.raises(ValueError, match="no computer players"):
        tuning("oware")
