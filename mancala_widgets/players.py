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

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable, Iterator
from typing import Protocol

from .rules import PLAYERS, State
from .rules.common import shown
from .text import tr
from .text.names import move_name, pieces, side_names

WIN = 10_000.0
#: Plies a search goes on past its depth while Kisolo captures are forced.
QUIESCENCE = 4
#: The root's window opens this far below the second best score so far. Scores, and the
#: bounds the search returns, are multiples of 0.5: a move tied with the second best is
#: then scored exactly, and a worse one gets a bound strictly below it, never equal.
TIE = 1e-6


class Player(Protocol):
    name: str

    def choose(self, state: State) -> dict: ...


# -- evaluation --------------------------------------------------------------------


def evaluate(state: State, player: int) -> float:
    """How good ``state`` is for ``player`` (0 south, 1 north): higher is better."""
    if state.status != "playing":
        if state.winner is None:
            return 0.0
        return WIN if state.winner == player else -WIN
    if state.GAME.has_jails:
        return _evaluate_jails(state, player)
    return _evaluate_on_board(state, player)


def _evaluate_on_board(state, player: int) -> float:
    """A game without stores (Kisolo): the stones each side holds decide it; stones in
    the inner (facing) row are the ones at risk and the ones that capture, so an
    empty-ish opponent inner row is worth a little more."""
    b, facing = state.board, state.facing()
    their_inner = sum(1 for h in state.own_cells(1 - player) if facing[h] >= 0 and b[h])
    return float(state.holdings(player) - state.holdings(1 - player)) - 0.5 * their_inner


def _evaluate_jails(state, player: int) -> float:
    """A game with jails (Kiothi): the jails decide it; warriors on your own row are
    yours to sow; warriors not nki facing an empty boma, where an opposing sowing
    could end, could be captured."""
    b, nki, facing = state.board, state.nki, state.facing()
    jails = state.holdings(player) - state.holdings(1 - player)
    on_row, exposed = [0, 0], [0, 0]  # the player's, the opponent's
    for side, q in enumerate((player, 1 - player)):
        for h in state.own_cells(q):  # one plain loop: search evaluates every leaf
            v = b[h]
            if v:
                on_row[side] += v
                if not nki[h] and not b[facing[h]]:
                    exposed[side] += v
    return 4.0 * jails + 0.5 * (on_row[0] - on_row[1]) + 1.0 * (exposed[1] - exposed[0])


# -- the Kiothi opening ------------------------------------------------------------


def opening_candidates(state: State) -> list[dict]:
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


def random_redistribution(state: State, lift: list, rng: random.Random) -> dict:
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


def successors(state: State) -> list[tuple[dict, State]]:
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


def candidate_moves(state: State) -> list[dict]:
    """Full moves to choose from (the opening's lift pairs expanded)."""
    if state.opening:
        return opening_candidates(state)
    return state.legal_moves()


# -- the players ---------------------------------------------------------------------


class RandomPlayer:
    """Level 1: plays a random legal move."""

    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, state: State) -> dict:
        if state.opening:  # a lift pair as legal_moves() lists them, placed at random
            pair = self.rng.choice(state.legal_moves())
            return random_redistribution(state, pair["lift"], self.rng)
        return self.rng.choice(state.legal_moves())

    def explain(
        self, state: State, move: dict, locale: str = "en", names: dict | None = None
    ) -> str:
        said = move_name(
            state.game, move, PLAYERS[state.to_move], locale, names or side_names(locale)
        )
        return tr(locale, "computer.random", move=said)


class _Scored:
    """Shared by the players that score moves: picks the best, explains why."""

    name = "scored"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)
        self.last_scores: list[tuple[float, dict]] = []

    def pick(self, state: State, scored: list[tuple[float, dict]]) -> dict:
        self.last_scores = sorted(scored, key=lambda x: -x[0])
        best = self.last_scores[0][0]
        top = [m for s, m in self.last_scores if s >= best - 1e-9]
        return self.rng.choice(top)

    def explain(
        self, state: State, move: dict, locale: str = "en", names: dict | None = None
    ) -> str:
        """Why this move, in words a student follows: what it captures, what the
        opponent can take back, and what the next best move would have done.

        >>> from mancala_widgets.rules import new_state
        >>> p = GreedyPlayer(seed=1); s = new_state("kisolo")
        >>> print(p.explain(s, p.choose(s), names={"south": "Mbuyi", "north": "Kanku"}))
        ... # doctest: +ELLIPSIS
        Mbuyi captures column 7: ... It captures 24 stones. Afterwards Kanku can take at most ...
        """
        if not self.last_scores:
            return ""
        return explain_move(state, move, self.last_scores, locale, names)


def explain_move(
    state: State,
    move: dict,
    scored: list[tuple[float, dict]],
    locale: str = "en",
    names: dict | None = None,
) -> str:
    """The explanation of ``move`` among the ``scored`` moves (best first)."""
    names = names or side_names(locale)
    p = state.to_move
    other = names[PLAYERS[1 - p]]
    T = lambda key, **kw: tr(locale, key, **kw)
    said = move_name(state.game, move, PLAYERS[p], locale, names)
    if len(scored) == 1:
        return T("computer.only_move", move=said)
    if state.opening:
        return T("computer.opening", move=said)
    mine = effect(state, move)
    parts = [explain_effect(state, move, mine, locale, names)]
    alt = next((m for _, m in scored if m != move), None)
    if alt is not None:
        theirs = effect(state, alt)
        if theirs["loses"]:
            alt_effect = T("computer.alt_loses")
        elif (theirs["gain"], theirs["threat"], theirs["wins"]) == (
            mine["gain"],
            mine["threat"],
            mine["wins"],
        ):
            alt_effect = T("computer.alt_same")
        elif not theirs["gain"] and not theirs["threat"]:
            alt_effect = T("computer.alt_nothing", other=other)
        else:
            alt_effect = T(
                "computer.alt_gain_threat",
                other=other,
                gain=pieces(state.game, theirs["gain"], locale),
                threat=pieces(state.game, theirs["threat"], locale),
            )
        parts.append(
            T(
                "computer.alt",
                move=move_name(state.game, alt, PLAYERS[p], locale, names),
                alt_effect=alt_effect,
            )
        )
    return " ".join(parts)


def explain_effect(
    state: State, move: dict, mine: dict, locale: str = "en", names: dict | None = None
) -> str:
    """A move and its ``effect`` in words: "South captures column 3. It captures 8
    stones. Afterwards North can take at most 6 back." """
    names = names or side_names(locale)
    p = state.to_move
    other = names[PLAYERS[1 - p]]
    T = lambda key, **kw: tr(locale, key, **kw)
    parts = [T("computer.chose", move=move_name(state.game, move, PLAYERS[p], locale, names))]
    if mine["wins"]:
        parts.append(T("computer.win"))
        return " ".join(parts)
    parts.append(
        T("computer.gain", pieces=pieces(state.game, mine["gain"], locale))
        if mine["gain"]
        else T("computer.no_gain")
    )
    parts.append(
        T("computer.threat", other=other, pieces=pieces(state.game, mine["threat"], locale))
        if mine["threat"]
        else T("computer.no_threat", other=other)
    )
    return " ".join(parts)


def effect(state: State, move: dict) -> dict:
    """What a move does at once, for the mover: pieces captured, whether it wins
    or loses the game, and the most the opponent can capture in reply."""
    p = state.to_move
    after = state.play(move)
    out = {
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


def immediate_gain(state: State, move: dict) -> float:
    """The position after ``move`` for the mover, counting the capture the opponent
    is then forced to make (Kisolo), at its worst."""
    return gain_after(state.play(move), state.to_move)


def gain_after(child: State, p: int) -> float:
    if forced(child):
        return min(evaluate(child.play(r), p) for r in child.legal_moves())
    return evaluate(child, p)


class GreedyPlayer(_Scored):
    """Level 2: the move with the best immediate gain."""

    name = "greedy"

    def choose(self, state: State) -> dict:
        return self.pick(state, [(immediate_gain(state, m), m) for m in candidate_moves(state)])


class SearchPlayer(_Scored):
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
        clock=time.monotonic,
    ):
        super().__init__(seed)
        self.clock = clock
        self.depth, self.nodes, self.enhanced = depth, nodes, enhanced
        self.time_limit, self.name = time_limit, name
        self.visited = 0
        self.reached = 0
        self.table: dict = {}
        #: The best child's action in each position, as the last iteration found it:
        #: searched first in the next (more cut-offs).
        self.best: dict = {}

    def choose(self, state: State) -> dict:
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

    def _root_children(self, state: State) -> list[tuple[dict, State]]:
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

    def _best_two(self, children: list[tuple[dict, State]], depth: int) -> list[tuple[float, dict]]:
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

    def _ordered(self, state: State, depth: int, here) -> Iterator[tuple[int, State]]:
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


LEVELS = ("random", "greedy", "search", "expert")


def level(name: str, seed: int | None = None, time_limit: float = 1.0):
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
        return LevelledSearch(
            depth={"kisolo": 3, "kiothi": 2},
            nodes=3_000,
            seed=seed,
            time_limit=time_limit,
            name="search",
        )
    if name == "expert":
        return LevelledSearch(
            depth={"kisolo": 12, "kiothi": 12},
            # The budgets are set by the cost of a node, to fill about half the second,
            # so that the node budget, not the clock, ends a search on an ordinary
            # machine and a seed gives the same game everywhere: measured 2026-11-30 on a
            # 2-core machine, Kisolo 36,000 nodes take 0.64 s a move (9.3 plies; twice as
            # many took 1.8 s, past the clock) and Kiothi 24,000 take 0.43 s (8.05 plies).
            nodes={"kisolo": 36_000, "kiothi": 24_000},
            enhanced=True,
            seed=seed,
            time_limit=time_limit,
            name="expert",
        )
    raise ValueError(f"level = {shown(name)}: expected one of {', '.join(LEVELS)}")


class LevelledSearch(SearchPlayer):
    """A search player whose depth and node budget depend on the game."""

    def __init__(self, depth: dict, nodes, **kwargs):
        super().__init__(**kwargs)
        self.depths = depth
        self.budgets = nodes if isinstance(nodes, dict) else {"kisolo": nodes, "kiothi": nodes}

    def choose(self, state: State) -> dict:
        self.depth, self.nodes = self.depths[state.game], self.budgets[state.game]
        return super().choose(state)


__all__ = [
    "LEVELS",
    "GreedyPlayer",
    "LevelledSearch",
    "Player",
    "RandomPlayer",
    "SearchPlayer",
    "evaluate",
    "explain_move",
    "level",
    "opening_candidates",
    "random_redistribution",
]
