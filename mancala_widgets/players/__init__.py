"""Computer players, from a random mover to a searching one.

Every player has ``choose(state) -> move``, never plays an illegal move (it
only picks from the rules' own list), and is deterministic for a given seed:
ties are broken by a seeded random generator, and search is limited by a node
budget (a wall-clock limit only guards against a slow machine).

>>> from mancala_widgets.rules import new_state
>>> RandomPlayer(seed=1).choose(new_state("kisolo"))["type"]
'capture'
>>> level("greedy", seed=1).name
'greedy'
"""

from .evaluate import WIN, evaluate
from .explain import Scored, explain_effect, explain_move
from .levels import LEVELS, GreedyPlayer, LevelledSearch, Player, RandomPlayer, level
from .moves import (
    candidate_moves,
    captured,
    children,
    effect,
    forced,
    gain_after,
    immediate_gain,
    opening_candidates,
    random_redistribution,
    successors,
)
from .search import QUIESCENCE, OutOfBudget, SearchPlayer
from .tuning import TUNING, Tuning, tuning

__all__ = [
    "LEVELS",
    "QUIESCENCE",
    "TUNING",
    "WIN",
    "GreedyPlayer",
    "LevelledSearch",
    "OutOfBudget",
    "Player",
    "RandomPlayer",
    "Scored",
    "SearchPlayer",
    "Tuning",
    "candidate_moves",
    "captured",
    "children",
    "effect",
    "evaluate",
    "explain_effect",
    "explain_move",
    "forced",
    "gain_after",
    "immediate_gain",
    "level",
    "opening_candidates",
    "random_redistribution",
    "successors",
    "tuning",
]
