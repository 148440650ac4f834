"""The moves a player considers and what a move does at once: the Kiothi opening's
redistributions, the children of a position, the pieces captured and the reply at worst."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TypedDict

from ..rules import Move, State
from .evaluate import evaluate


class Effect(TypedDict):
    """What a move does at once, for the mover (:func:`effect`)."""

    gain: int  # pieces captured
    wins: bool
    loses: bool
    threat: int  # the most the opponent can capture in reply


def opening_candidates(state: State) -> list[Move]:
    """A handful of sensible full redistributions for each lift pair: warriors kept
    on the player's own row (they become nki), spread in a few patterns."""
    p = state.to_move
    moves = []
    for pair in state.legal_moves():
        lift = pair["lift"]
        lifted = {state.index(r, c) for r, c in lift}
        total = sum(state.board[h] for h in lifted)
        own = list(state.own_cells(p))
        empty_own = [h for h in own if not state.board[h] and h not in lifted]
        patterns = [own, own[:5], empty_own or own, [own[0]], sorted(lifted)]
        seen = set()
        for bomas in patterns:
            bomas = bomas[:total]
            counts = [total // len(bomas)] * len(bomas)
            for i in range(total % len(bomas)):
                counts[i] += 1
            place = tuple((*state.cell(h), n) for h, n in zip(bomas, counts, strict=True) if n)
            if place not in seen:
                seen.add(place)
                moves.append(
                    {"type": "redistribute", "lift": lift, "place": [list(x) for x in place]}
                )
    return moves


def random_redistribution(state: State, lift: list[list[int]], rng: random.Random) -> Move:
    """A random full opening move for a lift pair: warriors spread over random bomas."""
    total = sum(state.board[state.index(r, c)] for r, c in lift)
    cells = len(state.board)
    bomas = rng.sample(range(cells), rng.randint(1, min(total, cells)))
    counts = [1] * len(bomas)
    for _ in range(total - len(bomas)):
        counts[rng.randrange(len(bomas))] += 1
    return {
        "type": "redistribute",
        "lift": lift,
        "place": [[*state.cell(h), n] for h, n in zip(bomas, counts, strict=True)],
    }


def successors(state: State) -> list[tuple[Move, State]]:
    """(move, position after it) for every move a player considers."""
    if state.opening:
        return [(m, state.play(m)) for m in opening_candidates(state)]
    return list(state.successors())  # a list of this game's states, as a list of States


def children(state: State, skip: int | None = None) -> Iterable[tuple[int, State]]:
    """(action, position after it) for every move a player considers but ``skip``, each
    played only when asked for. The opening's redistributions, which have no actions,
    are numbered in the order :func:`opening_candidates` lists them."""
    if state.opening:
        return enumerate(state.play(m) for m in opening_candidates(state))
    return ((a, state.apply_action(a)) for a in state.legal_actions() if a != skip)


def candidate_moves(state: State) -> list[Move]:
    """Full moves to choose from (the opening's lift pairs expanded)."""
    if state.opening:
        return opening_candidates(state)
    return state.legal_moves()


def effect(state: State, move: Move) -> Effect:
    """What a move does at once, for the mover: pieces captured, whether it wins
    or loses the game, and the most the opponent can capture in reply."""
    p = state.to_move
    after = state.play(move)
    out: Effect = {
        "gain": captured(state, after, p),
        "wins": after.winner == p,
        "loses": after.status != "playing" and after.winner == 1 - p,
        "threat": 0,
    }
    if after.status == "playing" and not after.opening:
        out["threat"] = max(
            (captured(after, reply, 1 - p) for _, reply in successors(after)), default=0
        )
    return out


def captured(before: State, after: State, p: int) -> int:
    """Pieces player ``p`` captured between two positions: what they hold grew by
    (Kisolo: stones on their rows; Kiothi: warriors in their jail). The sweep that
    ends a Kiothi game is not a capture."""
    if after.status != "playing" and after.GAME.has_jails:
        return 0
    return max(0, after.holdings(p) - before.holdings(p))


def forced(state: State) -> bool:
    """A position where a capture is forced (Kisolo's turn-start capture) is not quiet."""
    return state.forced_capture()


def immediate_gain(state: State, move: Move) -> float:
    """The position after ``move`` for the mover, counting the capture the opponent
    is then forced to make (Kisolo), at its worst."""
    return gain_after(state.play(move), state.to_move)


def gain_after(child: State, p: int) -> float:
    if forced(child):
        return min(evaluate(child.play(r), p) for r in child.legal_moves())
    return evaluate(child, p)
