"""Computer players. Each has ``choose(state) -> move`` and is deterministic
for a given seed.

>>> from mancala_widgets.rules import new_state
>>> p = RandomPlayer(seed=1)
>>> p.choose(new_state("kisolo"))["type"]
'capture'
"""

from __future__ import annotations

import random
from typing import Protocol

from .rules import State
from .rules.kiothi import COLS, OWN_BOMAS


class Player(Protocol):
    name: str

    def choose(self, state: State) -> dict: ...


def random_redistribution(state: State, lift: list, rng: random.Random) -> dict:
    """A random full opening move for a lift pair: warriors spread over random bomas."""
    total = sum(state.board[r * COLS + c] for r, c in lift)
    bomas = rng.sample(range(2 * COLS), rng.randint(1, min(total, 2 * COLS)))
    counts = [1] * len(bomas)
    for _ in range(total - len(bomas)):
        counts[rng.randrange(len(bomas))] += 1
    return {"type": "redistribute", "lift": lift,
            "place": [[h // COLS, h % COLS, n] for h, n in zip(bomas, counts)]}


class RandomPlayer:
    """Plays a random legal move."""

    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, state: State) -> dict:
        move = self.rng.choice(state.legal_moves())
        if move["type"] == "redistribute":
            return random_redistribution(state, move["lift"], self.rng)
        return move


__all__ = ["OWN_BOMAS", "Player", "RandomPlayer", "random_redistribution"]
