"""How hard the computer plays each game: the one table of the players' numbers that
differ between the games (search depths and budgets, a review's budget and what counts
as a turning point). A game without an entry here has no computer players; a test
checks that every game has one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..rules.common import shown


@dataclass(frozen=True)
class Tuning:
    """The players' numbers for one game."""

    #: The "search" level: alpha-beta to this depth, within this many nodes a move.
    search_depth: int
    search_nodes: int
    #: The "expert" level: iterative deepening up to this depth, within this many nodes.
    expert_depth: int
    expert_nodes: int
    #: A review: nodes spent on each position, and how far (in the evaluation) a move
    #: must fall below the best move to be a turning point.
    review_nodes: int
    turning_point: float


TUNING: Final = {
    # Kiothi's moves branch far more, so its plain search looks one ply less deep. The
    # expert's budgets are set by the cost of a node, to fill about half of its second, so
    # that the node budget, not the clock, ends a search on an ordinary machine and a seed
    # gives the same game everywhere (measured 2026-11-30 on a 2-core machine: Kisolo
    # 36,000 nodes take 0.64 s a move, 9.3 plies, where twice as many took 1.8 s, past the
    # clock; Kiothi 24,000 take 0.43 s, 8.05 plies). A review's 1,000 nodes a position
    # make a 60-move game take a second or two there. A turning point is a loss of about
    # 10 stones in Kisolo, whose captures move many stones at once, and of 3 warriors in
    # Kiothi (a jailed warrior counts 4 in the evaluation).
    "kisolo": Tuning(3, 3_000, 12, 36_000, 1_000, 10.0),
    "kiothi": Tuning(2, 3_000, 12, 24_000, 1_000, 12.0),
}


def tuning(game: str) -> Tuning:
    """The players' numbers for ``game``."""
    try:
        return TUNING[game]
    except KeyError:
        raise ValueError(f"game = {shown(game)}: no computer players for it") from None
