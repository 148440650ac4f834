"""Hints and reviews: they name only legal moves, pick the capture a hand-worked
position calls for and say what it wins, give the same review for the same seed,
stop when asked (or when a new move is played on a board), and a board refuses
forged or malformed hint and review messages."""

from __future__ import annotations

import asyncio
import doctest
import json
import random
import re

import pytest
import traitlets

from mancala_widgets import KiothiBoard, KisoloBoard
from mancala_widgets import review as review_module
from mancala_widgets.review import hint, review
from mancala_widgets.rules import load_position, new_state
from mancala_widgets.rules.record import GameRecord
from mancala_widgets.widgets import coach as coach_module

from helpers import random_move

F = [False] * 10

#: Kiothi, South to move (docs/rules.md, "Kiothi: a sowing move"). South's boma 2 (1,1)
#: holds 2: lifting both drops into (1,2) and (1,3); (1,3) was empty and faces North's 5
#: in (0,3), not nki, so those 5 and the capturing warrior go to South's jail: 6. Lifting 1 ends in
#: (1,2), facing an empty boma; South's boma 10 (1,9) sows its 1 onto North's row.
#: No other move captures. North, if it moved now, could lift 2 from (0,3) and end in
#: the empty (0,1), facing South's 2 in (1,1): a threat of 3 that the capture removes.
KIOTHI_CAPTURE = {
    "game": "kiothi",
    "start_holes": 6,
    "orthodox": True,
    "to_move": "south",
    "turn": 9,
    "board": [[0, 0, 0, 5, 0, 0, 0, 0, 0, 1], [0, 2, 0, 0, 0, 0, 0, 0, 0, 1]],
    "nki": [F, F],
    "sown": [[True] * 10, [True] * 10],
    "jails": {"south": 20, "north": 20},
    "status": "playing",
    "winner": None,
    "reason": None,
}
#: Kisolo, South to move with two turn-start captures (docs/rules.md: the start of a
#: turn, a mid-move capture, a win):
#: capturing column 5 (index 4) takes 2 + 1 stones and sows them from (2,4) into
#: (2,4), (2,3), (2,2); (2,2) held a stone, the next hole (2,1) has one and faces
#: North's (1,1): a mid-move capture, and North's inner row is then empty: South
#: wins. Capturing column 2 (index 1) drops its 1 stone into (2,1); the hole after,
#: (2,0), is empty, so the turn ends with North's (1,4) still there.
KISOLO_WIN = {
    "game": "kisolo",
    "columns": 7,
    "to_move": "south",
    "board": [
        [0, 0, 0, 0, 1, 0, 5],
        [0, 1, 0, 0, 2, 0, 0],
        [0, 1, 1, 1, 1, 0, 0],
        [2, 0, 0, 0, 0, 0, 0],
    ],
    "status": "playing",
    "winner": None,
    "reason": None,
}


def seeded_game(game: str, seed: int, moves: int = 400, **variant) -> GameRecord:
    """A game between random players (the opening's placements included), played
    until it ends or for ``moves`` moves."""
    rng = random.Random(seed)
    rec = GameRecord(game, **variant)
    while rec.state.status == "playing" and len(rec) < moves:
        rec.play(random_move(rec.state, rng))
    return rec


def is_legal(state, move) -> bool:
    try:
        state.play(move)
    except ValueError:
        return False
    return True


def states_of(rec: GameRecord):
    state = load_position(rec.start)
    states = [state]
    for _, move in rec.line():
        state = state.play(move)
        states.append(state)
    return states


# -- hints ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "game, variant, seed",
    [("kisolo", {"columns": 7}, 1), ("kisolo", {"columns": 6}, 2), ("kiothi", {}, 3)],
)
def test_hints_name_only_legal_moves_and_the_cells_a_click_plays_them_from(game, variant, seed):
    rec = seeded_game(game, seed, moves=30, **variant)
    for i, state in enumerate(states_of(rec)):
        if state.status != "playing" or i % 3:
            continue
        h = hint(state, level=("greedy", "search")[i % 2], seed=i)
        assert is_legal(state, h.move), (i, h.move)
        if state.opening:  # a lift pair the rules list, with every warrior placed
            assert {"type": "redistribute", "lift": h.move["lift"]} in state.legal_moves()
        else:
            assert h.move in state.legal_moves()
        board = KisoloBoard(position=state.to_dict()) if game == "kisolo" else None
        if board is not None:
            for r, c in h.cells:
                assert h.move in board.cell_moves[f"{r},{c}"]


@pytest.mark.parametrize("level", ["greedy", "search", "expert"])
def test_the_hint_is_the_one_capture_of_a_hand_worked_kiothi_position(level):
    state = load_position(KIOTHI_CAPTURE)
    h = hint(state, level=level, seed=4)
    assert h.move == {"type": "sow", "row": 1, "column": 1, "count": 2}
    assert h.cells == [[1, 1]]
    assert (h.gain, h.danger, h.threat, h.prevents) == (6, 3, 0, 3)
    text = h.text()
    assert "South's boma 2" in text
    assert "6 warriors to South's jail" in text  # what it wins
    assert "stops North from taking 3 warriors" in text  # what it prevents
    assert "북쪽" in h.text("ko") and "전사 6명" in h.text("ko")


@pytest.mark.parametrize("level", ["greedy", "search", "expert"])
def test_the_hint_is_the_capture_that_wins_a_hand_worked_kisolo_position(level):
    state = load_position(KISOLO_WIN)
    assert sorted(m["column"] for m in state.legal_moves()) == [1, 4]
    h = hint(state, level=level, seed=4)
    assert h.move == {"type": "capture", "column": 4}
    assert h.cells == [[2, 4]]
    assert h.wins
    assert h.text() == (
        "Hint: South captures column 5: North's inner hole 5 and the outer hole behind it. "
        "It wins the game."
    )


def test_a_hint_in_korean_has_no_english_and_the_players_names():
    h = hint(load_position(KIOTHI_CAPTURE), level="greedy")
    text = h.text("ko", {"south": "민지", "north": "Kanku"})
    assert "민지" in text and "Kanku" in text
    assert not re.findall(r"[A-Za-z]{2,}", text.replace("Kanku", ""))


def test_no_hint_once_the_game_is_over_and_none_from_the_random_level():
    over = seeded_game("kisolo", 5)
    with pytest.raises(ValueError, match="game is over"):
        hint(over.state)
    with pytest.raises(ValueError, match="level = 'random'"):
        hint(new_state("kisolo"), level="random")


# -- reviews --------------------------------------------------------------------------


@pytest.mark.parametrize("game, seed", [("kisolo", 11), ("kiothi", 12)])
def test_a_review_names_only_legal_moves(game, seed):
    rec = seeded_game(game, seed, moves=40)
    states = states_of(rec)
    r = review(rec, seed=1)
    assert r.complete and len(r.positions) == len(states)
    moves = [m for _, m in rec.line()]
    for i, (state, a) in enumerate(zip(states, r.positions, strict=True)):
        assert a.moves == i
        if state.status != "playing":
            assert a.best is None
            continue
        assert is_legal(state, a.best), (i, a.best)
        if i < len(moves):
            assert a.played == moves[i]
    assert r.turning_points, "a game of random moves has turning points"
    for p in r.turning_points:
        before = states[p.move - 1]
        assert p.played == moves[p.move - 1]
        assert is_legal(before, p.better) and p.better != p.played
        assert p.text().startswith(f"Move {p.move}: ")


def test_a_turning_point_says_what_was_lost_and_what_the_better_move_kept():
    r = review(seeded_game("kisolo", 11, moves=40), seed=1)
    texts = [p.text() for p in r.turning_points]
    took = [p for p in r.turning_points if p.why in ("took", "allowed")]
    assert took, texts
    p = took[0]
    assert "North" in p.text() or "South" in p.text()
    assert str(p.taken) in p.text() and "“" in p.text()


def test_a_review_of_a_seeded_game_is_the_same_every_time():
    rec = seeded_game("kiothi", 21, moves=30)
    one, two = review(rec, seed=7, nodes=300), review(rec, seed=7, nodes=300)
    assert one.positions == two.positions
    assert [p.text() for p in one.turning_points] == [p.text() for p in two.turning_points]
    # The record, its JSON file and its positions are the same game (positions alone
    # cannot tell which placements the opening made, so it is left out there).
    three = review(json.loads(rec.dumps()), seed=7, nodes=300)
    four = review(states_of(rec), seed=7, nodes=300)
    assert three.positions == one.positions
    known = [i for i, a in enumerate(four.positions) if a.played is not None]
    assert len(known) == len(rec) - 2
    assert [four.positions[i] for i in known] == [one.positions[i] for i in known]


def test_a_review_stops_when_asked_and_reports_its_progress():
    rec = seeded_game("kisolo", 3, moves=20)
    seen: list[tuple[int, int]] = []
    r = review(rec, progress=lambda i, n: seen.append((i, n)), should_stop=lambda: len(seen) >= 3)
    assert not r.complete
    assert len(r.positions) == 3
    assert seen == [(1, len(rec) + 1), (2, len(rec) + 1), (3, len(rec) + 1)]


# -- on a board -----------------------------------------------------------------------


def browser_says(board, content):
    board._handle_custom_msg(content, [])


def finished_board(seed=5) -> KisoloBoard:
    board = KisoloBoard()
    board.speed = 8
    rng = random.Random(seed)
    while board.position["status"] == "playing":
        board.play(rng.choice(board.legal_moves))
    return board


def test_the_hint_button_shows_a_legal_move_its_cell_and_why_until_a_move_is_played():
    board = KiothiBoard(position=KIOTHI_CAPTURE, opponent="greedy", seed=1)
    assert board.hints and board.hint is None
    browser_says(board, {"kind": "hint"})
    assert board.error == ""
    assert board.hint["move"] == {"type": "sow", "row": 1, "column": 1, "count": 2}
    assert board.hint["cells"] == [[1, 1]] and board.hint["level"] == "greedy"
    assert "6 warriors to South's jail" in board.hint["text"]
    board.locale = "ko"
    assert "남쪽 감옥" in board.hint["text"]
    board.play(board.hint["move"])
    assert board.hint is None


@pytest.mark.parametrize(
    "setup, content, message",
    [
        (lambda b: setattr(b, "hints", False), {"kind": "hint"}, "Hints are switched off"),
        (lambda b: setattr(b, "interactive", False), {"kind": "hint"}, "for watching"),
        (lambda b: None, {"kind": "hint", "level": "expert"}, 'unexpected "level"'),
        (lambda b: None, {"kind": "review", "moves": 3}, 'unexpected "moves"'),
        (lambda b: None, {"kind": "review"}, "reviewed once it is over"),
        (lambda b: setattr(b, "interactive", False), {"kind": "review"}, "for watching"),
    ],
)
def test_bad_hint_and_review_messages_are_refused_and_change_nothing(setup, content, message):
    board = KisoloBoard()
    setup(board)
    position = board.position
    browser_says(board, content)
    assert message in board.error
    assert board.hint is None and board.game_review == {"state": "none"}
    assert board.position == position


def test_no_hint_once_the_game_is_over_and_no_forged_hint():
    board = finished_board()
    browser_says(board, {"kind": "hint"})
    assert "no move to suggest" in board.error
    fresh = KisoloBoard()
    fresh.set_state({"hint": {"move": {"type": "capture", "column": 0}, "cells": [], "text": "x"}})
    assert "tried to change the game directly" in fresh.error and fresh.hint is None
    fresh.set_state({"game_review": {"state": "done", "scores": [1]}})
    assert fresh.game_review == {"state": "none"}
    with pytest.raises(traitlets.TraitError, match="hint_level = 'random'"):
        fresh.hint_level = "random"


def test_the_review_button_reviews_an_ended_game_and_a_turning_point_shows_its_position():
    board = finished_board()
    assert board.can_review
    browser_says(board, {"kind": "review"})
    assert board.error == ""
    result = board._job.result()
    shown = board.game_review
    assert result.complete and shown["state"] == "done"
    assert len(shown["scores"]) == board.move_count + 1
    assert shown["turning_points"], "a random game has turning points"
    states = states_of(board.record)
    for p in shown["turning_points"]:
        assert p["goto"] == p["move"] - 1
        better = next(t for t in result.turning_points if t.move == p["move"]).better
        assert is_legal(states[p["goto"]], better)
    first = shown["turning_points"][0]
    browser_says(board, {"kind": "goto", "moves": first["goto"]})
    assert board.position == states[first["goto"]].to_dict()
    assert board.game_review == shown  # the same game: the review stays
    assert board.can_review  # its end is still ahead in the move list
    assert board.last_review is result


def unfinished_board(seed=8) -> KisoloBoard:
    board = KisoloBoard()
    rng = random.Random(seed)
    for _ in range(12):
        board.play(rng.choice(board.legal_moves))
    assert board.position["status"] == "playing"
    return board


async def turns_until(condition, most=10_000):
    """Give the event loop turns (as the kernel's loop runs a review) until ``condition``."""
    for _ in range(most):
        if condition():
            return
        await asyncio.sleep(0)
    raise AssertionError("the condition never came true")


def test_in_an_event_loop_the_board_answers_while_a_review_runs_and_a_move_stops_it():
    board = unfinished_board()

    async def scenario():
        job = board.review()
        assert not job.done() and board.game_review["state"] == "running"
        await turns_until(lambda: board.game_review.get("done", 0) >= 2)
        browser_says(board, {"kind": "hint"})  # the board answers while the review runs
        assert board.error == "" and board.hint is not None
        browser_says(board, {"kind": "play", "move": board.legal_moves[0]})
        assert board.error == "" and board.game_review == {"state": "stopped"}
        return await job

    result = asyncio.run(scenario())
    assert not result.complete and 2 <= len(result.positions) < 13
    assert board.game_review == {"state": "stopped"} and board.last_review is None


def test_a_review_stopped_as_it_finishes_never_replaces_the_game_that_stopped_it():
    # The move comes after the review has assessed its last position, just before it
    # would show itself: what shows is the stop, not the old line's review.
    board = unfinished_board()
    total = board.move_count + 1

    async def scenario():
        job = board.review(level="greedy")
        await turns_until(lambda: board.game_review.get("done") == total)
        board.play(board.legal_moves[0])
        return await job

    result = asyncio.run(scenario())
    assert len(result.positions) == total
    assert board.game_review == {"state": "stopped"} and board.last_review is None
    assert not board.can_review


def test_without_an_event_loop_the_review_runs_at_once():
    board = KisoloBoard()
    for column in (3, 0):
        board.play({"type": "capture", "column": column})
    job = board.review(level="greedy")
    assert job.done() and job.result().complete
    assert board.game_review["state"] == "done"
    assert len(board.game_review["scores"]) == 3


def test_a_review_still_running_says_how_to_wait_for_it():
    board = unfinished_board()

    async def scenario():
        job = board.review()
        with pytest.raises(RuntimeError, match="await"):
            job.result()
        board.stop_review()
        return await job

    assert not asyncio.run(scenario()).complete


def test_a_hint_found_for_a_position_the_board_has_left_is_not_shown(monkeypatch):
    board = unfinished_board()
    real = coach_module.hint

    def slow_hint(state, **kwargs):
        found = real(state, **kwargs)
        board.play(board.legal_moves[0])  # meanwhile, a move (from another thread, say)
        return found

    monkeypatch.setattr(coach_module, "hint", slow_hint)
    found = board.show_hint()
    assert found.move is not None and board.hint is None


def test_the_examples_in_the_docstrings_run():
    result = doctest.testmod(review_module)
    assert result.failed == 0 and result.attempted > 0
