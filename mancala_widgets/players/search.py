"""Alpha-beta search (negamax) by iterative deepening, with a node budget and a clock."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Iterator

from ..rules import Move, State
from .evaluate import evaluate
from .explain import Scored
from .moves import children, forced, gain_after, successors

#: Plies a search goes on past its depth while Kisolo captures are forced.
QUIESCENCE = 4
#: The root's window opens this far below the second best score so far. Scores, and the
#: bounds the search returns, are multiples of 0.5: a move tied with the second best is
#: then scored exactly, and a worse one gets a bound strictly below it, never equal.
TIE = 1e-6


class SearchPlayer(Scored):
    """Levels 3 and 4: alpha-beta search (negamax) that deepens one ply at a time
    until ``depth`` or the ``nodes`` budget is reached, looking past its depth
    while Kisolo captures are forced. At the root the best two moves are scored
    exactly, the others only shown worse. A child is played only when the search
    reaches it. With ``enhanced=True`` it also orders moves (at the root, best of
    the last iteration first; below it, the move that was best in the same position
    at the last iteration first, then, above the last ply, by evaluation) and
    remembers positions it has scored (a transposition table)."""

    #: How the search lists a position's children below the root (a reviewer may
    #: remember them).
    children = staticmethod(children)

    def __init__(
        self,
        depth: int = 3,
        seed: int | None = None,
        nodes: int = 10**9,
        enhanced: bool = False,
        time_limit: float = 1.0,
        name: str = "search",
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(seed)
        self.clock = clock
        self.depth, self.nodes, self.enhanced = depth, nodes, enhanced
        self.time_limit, self.name = time_limit, name
        self.visited = 0
        self.reached = 0
        self.table: dict[tuple[Hashable, int], tuple[int, float]] = {}
        #: The best child's action in each position, as the last iteration found it:
        #: searched first in the next (more cut-offs).
        self.best: dict[Hashable, int | None] = {}

    def choose(self, state: State) -> Move:
        # Stop early enough that even a slow last step stays inside the limit.
        self.deadline = self.clock() + 0.7 * self.time_limit
        children = self._root_children(state)
        if len(children) == 1:
            return self.pick(state, [(0.0, children[0][0])])
        self.rng.shuffle(children)
        self.visited, self.table, self.best, self.reached = 0, {}, {}, 0
        scored = [(gain_after(c, state.to_move), m) for m, c in children]
        for depth in range(2, self.depth + 1):
            try:
                result = self._best_two(children, depth)
            except OutOfBudget:
                break
            scored, self.reached = result, depth
            if self.enhanced:  # search the best moves first next time: more cut-offs
                order = {id(m): v for v, m in result}
                children.sort(key=lambda mc: -order[id(mc[0])])
            if self.visited >= self.nodes:
                break
        return self.pick(state, scored)

    def _root_children(self, state: State) -> list[tuple[Move, State]]:
        """The root's moves with the positions after them, played until the clock runs
        out (at least one): on a board made by hand with far more pieces than a game
        has, playing every move may take longer than the whole time limit."""
        if state.opening:
            return successors(state)
        found = []
        for action in state.legal_actions():
            found.append((state.action_move(action), state.apply_action(action)))
            if self.clock() > self.deadline:
                break
        return found

    def _best_two(self, children: list[tuple[Move, State]], depth: int) -> list[tuple[float, Move]]:
        """Every root move scored at ``depth``: the two best exactly (the move chosen,
        and the next best that its explanation names), the others only shown to be
        worse than the second best. A move tied with the second best is searched
        exactly too (the window opens a hair below it), so the choice among equal
        moves and the explanation are those of scoring every move exactly."""
        result, top = [], [-math.inf, -math.inf]  # the best two exact scores so far
        for m, child in children:
            v = -self._negamax(child, depth - 1, -math.inf, -(top[1] - TIE))
            result.append((v, m))
            if v > top[1]:
                top = sorted((top[0], v), reverse=True)
        return result

    def _negamax(self, state: State, depth: int, alpha: float, beta: float) -> float:
        self.visited += 1
        if self.visited > self.nodes or self.clock() > self.deadline:
            raise OutOfBudget
        if state.status != "playing" or (
            depth <= 0 and not (depth > -QUIESCENCE and forced(state))
        ):
            return evaluate(state, state.to_move)
        alpha0, key, here = alpha, None, None
        if self.enhanced:
            here = state.key()
            key = (here, depth)
            hit = self.table.get(key)
            if hit is not None:
                flag, value = hit
                if flag == 0 or (flag > 0 and value >= beta) or (flag < 0 and value <= alpha):
                    return value
        best, best_at = -math.inf, None
        for action, child in self._ordered(state, depth, here):
            v = -self._negamax(child, depth - 1, -beta, -alpha)
            if v > best:
                best, best_at = v, action
            if best > alpha:
                alpha = best
            if alpha >= beta:
                break
        if key is not None:
            self.best[here] = best_at
            # exact (0), a lower bound after a cut-off (1), an upper bound (-1)
            flag = -1 if best <= alpha0 else (1 if best >= beta else 0)
            self.table[key] = (flag, best)
        return best

    def _ordered(
        self, state: State, depth: int, here: Hashable | None
    ) -> Iterator[tuple[int, State]]:
        """The children of ``state`` in the order to search them, each played only when
        reached (the ones after a cut-off never are): with ``enhanced``, the last
        iteration's best here first; then, above the last ply, the others best first by
        evaluation; on the last ply (whose children are leaves unless a capture is
        forced there) in the rules' order."""
        first = None
        if self.enhanced and not state.opening:
            first = self.best.get(here)
            if first is not None:
                yield first, state.apply_action(first)
        if depth <= 1 or not self.enhanced:
            yield from self.children(state, first)
            return
        mover = state.to_move
        rest = list(self.children(state, first))
        rest.sort(key=lambda ac: -evaluate(ac[1], mover))
        yield from rest


class OutOfBudget(Exception):
    """A search ran out of its node budget or its clock (caught where the search is
    run: the best move found so far stands)."""
