"""The players by level: random, greedy, search and expert."""

from __future__ import annotations

import random
from typing import Any, Literal, Protocol

from ..rules import PLAYERS, Move, State
from ..rules.common import shown
from ..text import tr
from ..text.names import Names, move_name, side_names
from .explain import Scored
from .moves import candidate_moves, immediate_gain, random_redistribution
from .search import SearchPlayer
from .tuning import tuning


class Player(Protocol):
    name: str

    def choose(self, state: State) -> Move: ...


class RandomPlayer:
    """Level 1: plays a random legal move."""

    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Move:
        if state.opening:  # a lift pair as legal_moves() lists them, placed at random
            pair = self.rng.choice(state.legal_moves())
            return random_redistribution(state, pair["lift"], self.rng)
        return self.rng.choice(state.legal_moves())

    def explain(
        self, state: State, move: Move, locale: str = "en", names: Names | None = None
    ) -> str:
        said = move_name(
            state.game, move, PLAYERS[state.to_move], locale, names or side_names(locale)
        )
        return tr(locale, "computer.random", move=said)


class GreedyPlayer(Scored):
    """Level 2: the move with the best immediate gain."""

    name = "greedy"

    def choose(self, state: State) -> Move:
        return self.pick(state, [(immediate_gain(state, m), m) for m in candidate_moves(state)])


LEVELS = ("random", "greedy", "search", "expert")


def level(
    name: str, seed: int | None = None, time_limit: float = 1.0
) -> RandomPlayer | GreedyPlayer | LevelledSearch:
    """A player by level: "random", "greedy", "search" (alpha-beta, 3 plies in
    Kisolo and 2 in Kiothi, whose moves branch far more) or "expert" (iterative
    deepening with move ordering and a transposition table, 1 s a move).

    Search is bounded by nodes, so a seed gives the same game on any machine
    fast enough to finish within the time limit (the limit then never binds)."""
    if name == "random":
        return RandomPlayer(seed)
    if name == "greedy":
        return GreedyPlayer(seed)
    if name == "search":
        return LevelledSearch("search", seed=seed, time_limit=time_limit)
    if name == "expert":
        return LevelledSearch("expert", enhanced=True, seed=seed, time_limit=time_limit)
    raise ValueError(f"level = {shown(name)}: expected one of {', '.join(LEVELS)}")


class LevelledSearch(SearchPlayer):
    """The "search" or "expert" level (``name``), whose depth and node budget for each
    game are in the players' tuning table (players/tuning.py)."""

    def __init__(self, name: Literal["search", "expert"], **kwargs: Any) -> None:
        super().__init__(name=name, **kwargs)

    def limits(self, game: str) -> tuple[int, int]:
        """(depth, nodes) of this level in ``game``."""
        t = tuning(game)
        if self.name == "expert":
            return t.expert_depth, t.expert_nodes
        return t.search_depth, t.search_nodes

    def choose(self, state: State) -> Move:
        self.depth, self.nodes = self.limits(state.game)
        return super().choose(state)
