"""Property tests over random games of every variant (hypothesis).

Each example is one whole random game; at every move the invariants of
docs/rules.md are checked. The game counts are chosen so that each variant plays
thousands of random moves."""

import copy
import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mancala_widgets.rules import (
    IllegalMoveError,
    dump_position,
    legal_moves,
    load_position,
    new_state,
)

import referee
from helpers import OPTION_VARIANTS, VARIANTS, random_move, replay_trace, total_pieces, variant_id

pytestmark = [pytest.mark.slow, pytest.mark.properties]

MAX_MOVES = 3000  # no random game comes near this; reaching it means a game that never ends
#: MANCALA_TEST_SCALE < 1 plays fewer games (the quick lane and mutation runs).
SCALE = float(os.environ.get("MANCALA_TEST_SCALE", "1"))
GAMES = {"kisolo": max(3, int(300 * SCALE)), "kiothi": max(2, int(100 * SCALE))}
MIN_MOVES = int(2000 * SCALE)  # per variant, over all its games


def candidate_moves(state) -> list[dict]:
    """Every move of the right shape for this board, legal or not."""
    if state.game == "kisolo":
        n = state.columns
        return [{"type": "capture", "column": c} for c in range(n)] + [
            {"type": "sow", "row": r, "column": c} for r in range(4) for c in range(n)
        ]
    if state.opening:
        return [
            {"type": "redistribute", "lift": [[a // 10, a % 10], [b // 10, b % 10]]}
            for a in range(20)
            for b in range(a + 1, 20)
        ]
    return [
        {"type": "sow", "row": h // 10, "column": h % 10, "count": k}
        for h in range(20)
        for k in range(1, state.board[h] + 2)
    ]


def with_placement(state, move):
    """Opening lift pairs get a placement that uses every lifted warrior."""
    if move["type"] != "redistribute":
        return move
    total = sum(state.board[r * 10 + c] for r, c in move["lift"]) or 1
    return {**move, "place": [[0, 5, total]]}


def check_move(state, move, judge=True):
    """``judge``: also check every decision against docs/rules.md's own readings (the
    referee), which a game with a rule option set to another reading does not follow."""
    before = dump_position(state)
    snapshot = copy.deepcopy(before)
    after_state = state.play(move, trace := [])
    after = dump_position(after_state)
    if judge:
        referee.check_move(before, move, trace)  # every decision, against docs/rules.md
    assert dump_position(state) == snapshot, "play() mutated the position it was given"
    assert total_pieces(after) == total_pieces(before), "stones/warriors are conserved"
    assert replay_trace(before, trace) == after, "the trace rebuilds the position after"
    assert dump_position(state.play(move)) == after, "the fast path (no trace) agrees"
    if not state.opening:  # the opening's redistributions have no integer actions
        action = state.move_action(move)
        assert state.action_move(action) == move
        assert dump_position(state.apply_action(action)) == after, "the action path agrees"
        fresh = load_position(before)  # legal_actions() not asked first
        assert dump_position(fresh.apply_action(action)) == after, "so it does on a fresh state"
    if not state.opening and not any(e["kind"] == "laps_skipped" for e in trace):
        laps = max(e["lap"] for e in trace if "lap" in e)
        captures = sum(e["kind"] == "capture" for e in trace)
        assert after_state.move_stats == (laps, captures), "simulations count what the trace shows"
    json.dumps(trace)
    assert dump_position(load_position(after)) == after, "dump/load round-trips"
    assert (after["status"] == "playing") == bool(legal_moves(after)), (
        "legal moves exist exactly while the game is playing"
    )
    return after_state


def check_candidates(state, judge=True):
    if judge:
        referee.check_legal_moves(dump_position(state), state.legal_moves())
    if not state.opening:
        actions = state.legal_actions()
        assert [state.action_move(a) for a in actions] == state.legal_moves()
        assert len(set(actions)) == len(actions), "one action per legal move"
    legal = {json.dumps(m, sort_keys=True) for m in state.legal_moves()}
    for move in candidate_moves(state):
        full = with_placement(state, move)
        if json.dumps(move, sort_keys=True) in legal:
            state.play(full)  # every listed legal move applies
        else:
            with pytest.raises(IllegalMoveError):
                state.play(full)


@pytest.mark.parametrize(
    "variant",
    [*VARIANTS, *OPTION_VARIANTS],
    ids=variant_id,
)
def test_random_games_keep_every_invariant(variant):
    """Conservation, termination, the trace replayed, the fast path, dump/load, legal
    moves exactly while playing; and with docs/rules.md's readings every decision judged."""
    game, options = variant
    judge = variant in VARIANTS
    played = []

    @settings(
        max_examples=GAMES[game],
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(rnd=st.randoms(use_true_random=False))
    def one_game(rnd):
        state = new_state(game, **options)
        for _turn in range(MAX_MOVES):
            if state.status != "playing":
                assert state.legal_moves() == []
                return
            check_candidates(state, judge)
            state = check_move(state, random_move(state, rnd), judge)
            played.append(1)
        pytest.fail(f"a random {game} game was still going after {MAX_MOVES} moves")

    one_game()
    assert len(played) >= MIN_MOVES, f"only {len(played)} random moves were checked"
