"""Hints and game reviews, from the computer players' own search.

:func:`hint` suggests a move for the player to move and says why: what it
captures, and what it stops the opponent from taking (what they could capture
if it were their turn now, against the most they can take after the move).

:func:`review` assesses every position of a game with a capped search and
lists its turning points: moves whose mover's assessment fell well below
what the best move would have kept.

>>> from mancala_widgets.rules import new_state
>>> h = hint(new_state("kisolo", columns=6), level="greedy", seed=1)
>>> h.move["type"], h.gain > 0
('capture', True)
>>> print(h.text())  # doctest: +ELLIPSIS
Hint: South captures column ... It captures ...

>>> from mancala_widgets.rules.record import GameRecord
>>> rec = GameRecord("kisolo", columns=6)
>>> for column in (0, 1):
...     trace = rec.play({"type": "capture", "column": column})
>>> r = review(rec, seed=1)
>>> len(r.positions), r.complete
(3, True)
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from .players import (
    GreedyPlayer,
    LevelledSearch,
    OutOfBudget,
    RandomPlayer,
    SearchPlayer,
    captured,
    children,
    effect,
    evaluate,
    gain_after,
    level,
    successors,
    tuning,
)
from .rules import PLAYERS, Move, State, load_position
from .rules.game import game as game_of
from .rules.record import GameRecord
from .text import tr
from .text.names import move_name, pieces, side_names

#: A guard per position, in seconds of this thread's CPU time (so a busy machine does
#: not trip it; Pyodide has no such clock, and its one thread runs only the kernel: there
#: the time it takes), only against a pathological position on a very slow machine: the
#: node budget binds long before it (a few hundredths of a second here, a second where
#: many moves are long relays), so a seed gives the same review.
GUARD_SECONDS = 30.0
GUARD_CLOCK = getattr(time, "thread_time", time.perf_counter)
#: Positions whose moves a review remembers (each listing is costly where a move
#: relays for many laps, and the search meets the same positions again and again).
CACHE_SIZE = 20_000

Names = Mapping[str, str] | None
Progress = Callable[[int, int], object]


# -- hints ----------------------------------------------------------------------------


#: The listings a review remembers, by position and kind.
Cache = dict[tuple[Any, int, str], list[Any]]


def _words(locale: str, part: str) -> Callable[..., str]:
    """``T(key, **fields)``: the catalogue's text at ``part.key`` in ``locale``."""

    def T(key: str, **fields: Any) -> str:  # noqa: N802 (read as a function of words)
        return tr(locale, f"{part}.{key}", **fields)

    return T


@dataclass(frozen=True)
class Hint:
    """A suggested move and why, as numbers; :meth:`text` says it in words."""

    game: str
    player: str
    move: Move
    #: The cells a click plays the move from (a capture: the mover's facing hole).
    cells: list[list[int]]
    #: What it captures (Kisolo: stones won onto the mover's rows; Kiothi: warriors
    #: sent to the mover's jail, the capturing warrior included).
    gain: int
    wins: bool
    #: The most the opponent can capture in reply.
    threat: int
    #: What the opponent could capture if it were their turn now (:func:`threat_now`).
    danger: int
    only: bool
    opening: bool
    level: str

    @property
    def prevents(self) -> int:
        """How much less the opponent can take after the move than they could now."""
        return max(0, self.danger - self.threat)

    def text(self, locale: str = "en", names: Names = None) -> str:
        names = names or side_names(locale)
        other = names[PLAYERS[1 - PLAYERS.index(self.player)]]
        T = _words(locale, "hint")
        count = partial(pieces, self.game, locale=locale)
        parts = [T("move", move=move_name(self.game, self.move, self.player, locale, names))]
        if self.only:
            parts.append(T("only"))
        elif self.opening:
            parts.append(T("opening"))
        elif self.wins:
            parts.append(T("wins"))
        else:
            if self.gain:
                jail = tr(locale, "names.jail", side=names[self.player])
                parts.append(T(f"gain_{self.game}", pieces=count(self.gain), jail=jail))
            after = (
                T("threat", other=other, pieces=count(self.threat))
                if self.threat
                else T("safe", other=other)
            )
            if self.prevents:
                parts.append(T("prevents", other=other, pieces=count(self.danger), after=after))
            else:
                parts.append(after[:1].upper() + after[1:])
            if not self.gain and not self.prevents:
                parts.append(T("quiet"))
        return " ".join(parts)


def hint(state: State | Mapping[str, Any], level: str = "expert", seed: int | None = None) -> Hint:
    """The move the computer at ``level`` would play for the player to move, with
    what it wins and what it prevents.

    >>> from mancala_widgets.rules import load_position
    >>> p = {"game": "kiothi", "start_holes": 6, "orthodox": True, "to_move": "south",
    ...      "turn": 5, "board": [[0, 0, 0, 5, 0, 0, 0, 0, 0, 1], [0, 2, 0, 0, 0, 0, 0, 0, 0, 1]],
    ...      "nki": [[False] * 10, [False] * 10], "sown": [[True] * 10, [True] * 10],
    ...      "jails": {"south": 20, "north": 20}, "status": "playing",
    ...      "winner": None, "reason": None}
    >>> h = hint(load_position(p), level="greedy")
    >>> h.move, h.gain, h.danger, h.threat
    ({'type': 'sow', 'row': 1, 'column': 1, 'count': 2}, 6, 3, 0)
    >>> print(h.text())  # doctest: +NORMALIZE_WHITESPACE
    Hint: South lifts 2 from South's boma 2. It sends 6 warriors to South's jail.
    It also stops North from taking 3 warriors: afterwards North cannot capture anything.
    """
    state = _as_state(state)
    if state.status != "playing":
        raise ValueError("state: the game is over, there is no move to suggest")
    player = _player(level, seed)
    move = player.choose(state)
    p = state.to_move
    only = len(state.legal_moves()) == 1
    mine = effect(state, move)
    return Hint(
        game=state.game,
        player=PLAYERS[p],
        move=json.loads(json.dumps(move)),
        cells=move_cells(state, move),
        gain=mine["gain"],
        wins=mine["wins"],
        threat=mine["threat"],
        danger=0 if state.opening else threat_now(state),
        only=only,
        opening=state.opening,
        level=level,
    )


def threat_now(state: State) -> int:
    """What the opponent could capture if it were their turn in this position (the
    danger a move may remove); 0 where no such position can be set up."""
    p = state.to_move
    flipped = dict(state.to_dict())
    flipped["to_move"] = PLAYERS[1 - p]
    try:
        null = load_position(flipped)
    except ValueError:
        return 0
    if null.status != "playing" or null.opening:
        return 0
    return max((captured(null, after, 1 - p) for _, after in successors(null)), default=0)


def move_cells(state: State, move: Move) -> list[list[int]]:
    """Where a move is started by a click: a sowing's hole, the mover's facing hole
    of a captured column, an opening's two lifted bomas."""
    if move["type"] == "capture":
        board = game_of(state.game).board()
        return [[board.facing_rows[PLAYERS[state.to_move]], move["column"]]]
    if move["type"] == "redistribute":
        return [list(c) for c in move["lift"]]
    return [[move["row"], move["column"]]]


# -- reviews --------------------------------------------------------------------------


@dataclass(frozen=True)
class Assessment:
    """One position of a reviewed game."""

    #: Moves played before it (0: the start).
    moves: int
    to_move: str | None
    #: From South's point of view: above 0 South is ahead (the players' evaluation).
    score: float
    best: Move | None
    played: Move | None
    #: How much worse for its mover the move played was than the best move (>= 0).
    loss: float
    #: The search depth completed (0: the game was over).
    depth: int


@dataclass(frozen=True)
class TurningPoint:
    """A move that gave much away, and why; :meth:`text` says it in words."""

    game: str
    #: The move's number in the game, from 1 (the position before it: ``move - 1``).
    move: int
    player: str
    played: Move
    better: Move
    better_cells: list[list[int]]
    loss: float
    #: "missed_win", "took" (the opponent then took ``taken``), "allowed" (could have
    #: taken it), "missed" (captured ``got``, the better move ``more``) or "worse".
    why: str
    taken: int = 0
    kept: int = 0
    got: int = 0
    more: int = 0

    def text(self, locale: str = "en", names: Names = None) -> str:
        names = names or side_names(locale)
        other = names[PLAYERS[1 - PLAYERS.index(self.player)]]
        T = _words(locale, "review")
        count = partial(pieces, self.game, locale=locale)
        played = move_name(self.game, self.played, self.player, locale, names)
        better = move_name(self.game, self.better, self.player, locale, names)
        parts = [T("move", n=self.move, move=played)]
        if self.why in ("took", "allowed"):
            parts.append(T(self.why, other=other, pieces=count(self.taken)))
            if self.kept:
                parts.append(T("fewer", better=better, other=other, fewer=count(self.kept)))
            else:
                parts.append(T("kept", better=better))
        elif self.why == "missed":
            if self.got:
                parts.append(T("missed", got=count(self.got), better=better, more=count(self.more)))
            else:
                parts.append(T("missed_none", better=better, more=count(self.more)))
        else:
            parts.append(T(self.why, better=better))
        return " ".join(parts)


@dataclass
class Review:
    """A game assessed position by position; ``complete`` is False when stopped."""

    game: str
    level: str
    positions: list[Assessment] = field(default_factory=list)
    turning_points: list[TurningPoint] = field(default_factory=list)
    complete: bool = True
    seconds: float = 0.0

    @property
    def scores(self) -> list[float]:
        """Who was ahead, position by position, from South's point of view."""
        return [a.score for a in self.positions]

    def summary(self, locale: str = "en") -> str:
        if not self.turning_points:
            return tr(locale, "review.none")
        return tr(locale, "review.some", n=len(self.turning_points))


def review(
    record_or_states: GameRecord | Mapping[str, Any] | Sequence[State | Mapping[str, Any]],
    level: str = "expert",
    seed: int | None = 0,
    progress: Progress | None = None,
    should_stop: Callable[[], bool] | None = None,
    threshold: float | None = None,
    nodes: int | None = None,
) -> Review:
    """Assess every position of a game (a :class:`GameRecord`, its JSON, or the
    positions in order) with the search of ``level``, at most ``nodes`` search
    nodes a position (the players' tuning, players/tuning.py), and find its turning points.

    ``progress(done, total)`` is called after each position; ``should_stop()``
    before each, and a True answer ends the review early (``complete`` False).
    The same game and seed give the same review.
    """
    steps = reviewing(record_or_states, level, seed, should_stop, threshold, nodes)
    while True:
        try:
            done, total = next(steps)
        except StopIteration as end:
            found: Review = end.value
            return found
        if progress is not None:
            progress(done, total)


def reviewing(
    record_or_states: GameRecord | Mapping[str, Any] | Sequence[State | Mapping[str, Any]],
    level: str = "expert",
    seed: int | None = 0,
    should_stop: Callable[[], bool] | None = None,
    threshold: float | None = None,
    nodes: int | None = None,
) -> Generator[tuple[int, int], None, Review]:
    """:func:`review` one position at a time: yields ``(done, total)`` after each
    position and returns the :class:`Review` (``StopIteration.value``). A board runs
    it as a task that gives the kernel back between positions, where there are no
    threads (Pyodide) as in JupyterLab."""
    states, moves = game_line(record_or_states)
    game = states[0].game
    budget = nodes if nodes is not None else tuning(game).review_nodes
    limit = tuning(game).turning_point if threshold is None else threshold
    result = Review(game=game, level=level)
    cache: Cache = {}
    start = time.perf_counter()
    total = len(states)
    for i, state in enumerate(states):
        if should_stop is not None and should_stop():
            result.complete = False
            break
        played = moves[i] if i < len(moves) else None
        result.positions.append(_assess(state, i, played, level, seed, budget, cache))
        yield i + 1, total
    result.turning_points = [
        _turning_point(states, i, a)
        for i, a in enumerate(result.positions)
        if a.played is not None and a.best is not None and a.loss > limit
    ]
    result.seconds = time.perf_counter() - start
    return result


def game_line(
    source: GameRecord | Mapping[str, Any] | Sequence[State | Mapping[str, Any]],
) -> tuple[list[State], list[Move | None]]:
    """The positions of a game in order and the move played from each (None where
    it cannot be told: positions given without moves that no legal move links)."""
    if isinstance(source, Mapping):
        source = GameRecord.from_json(source)
    if isinstance(source, GameRecord):
        # The whole line, moves taken back included: a replay keeps the repetition rule.
        replay = GameRecord(source.game, start=source.start, **source.variant)
        states = [replay.state]
        moves: list[Move | None] = []
        for _, move in source.line():
            replay.play(move)
            states.append(replay.state)
            moves.append(move)
        return states, moves
    states = [_as_state(s) for s in source]
    if not states:
        raise ValueError("record_or_states: expected a game record or at least one position")
    return states, [_linking_move(a, b) for a, b in zip(states, states[1:], strict=False)]


def _linking_move(before: State, after: State) -> Move | None:
    if before.status != "playing" or before.opening:
        return None
    target = after.to_dict()
    return next((m for m, s in before.successors() if s.to_dict() == target), None)


def _assess(
    state: State,
    i: int,
    played: Move | None,
    level_name: str,
    seed: int | None,
    nodes: int,
    cache: Cache,
) -> Assessment:
    who = PLAYERS[state.to_move] if state.status == "playing" else None
    if state.status != "playing":
        return Assessment(i, who, evaluate(state, 0), None, None, 0.0, 0)
    # Each position its own seed: the same position gets the same answer whatever came before.
    assessor = _assessor(level_name, state.game, None if seed is None else seed * 10_007 + i, nodes)
    assessor.cache = cache
    best, best_value, played_value, value = assessor.assess(state, played)
    sign = 1 if state.to_move == 0 else -1
    loss = 0.0 if played_value is None else max(0.0, best_value - played_value)
    return Assessment(i, who, sign * value, best, played, loss, assessor.reached)


def _assessor(level_name: str, game: str, seed: int | None, nodes: int) -> _Assessor:
    player = _player(level_name, seed)
    if isinstance(player, LevelledSearch):
        depth, most = player.limits(game)
        return _Assessor(
            depth=depth,
            nodes=min(nodes, most),
            enhanced=player.enhanced,
            seed=seed,
            time_limit=GUARD_SECONDS,
            clock=GUARD_CLOCK,
        )
    return _Assessor(depth=1, nodes=nodes, seed=seed, time_limit=GUARD_SECONDS, clock=GUARD_CLOCK)


def _player(level_name: str, seed: int | None) -> GreedyPlayer | SearchPlayer:
    player = level(level_name, seed)
    if isinstance(player, RandomPlayer):
        raise ValueError(
            "level = 'random': it does not assess moves; use 'greedy', 'search' or 'expert'"
        )
    assert isinstance(player, (GreedyPlayer, SearchPlayer))
    return player


class _Assessor(SearchPlayer):
    """The players' alpha-beta search, asked for two exact values: the best move's
    and the move played. Iterative deepening with the window narrowed at the root
    too (the other moves only need to be shown no better), so a small node budget
    still reaches a few plies. It remembers the moves of the positions it lists
    (``cache``, shared by the positions of one review): that changes how long it
    takes, never what it finds."""

    cache: Cache = {}

    def children(self, state: State, skip: int | None = None) -> Iterable[tuple[int, State]]:
        found = self._remembered(state, "children", lambda: list(children(state)))
        return [ac for ac in found if ac[0] != skip]

    def successors(self, state: State) -> list[tuple[Move, State]]:
        return list(self._remembered(state, "successors", lambda: successors(state)))

    def _remembered(self, state: State, kind: str, listing: Callable[[], list[Any]]) -> list[Any]:
        key = (state.key(), state.to_move, kind)
        found = self.cache.get(key)
        if found is None:
            if len(self.cache) >= CACHE_SIZE:
                self.cache.clear()
            found = self.cache[key] = listing()
        # Each position listed counts as a node: the budget then bounds the sowing
        # work too, whether the listing was remembered or not.
        self.visited += len(found)
        return found

    def assess(self, state: State, played: Move | None) -> tuple[Move, float, float | None, float]:
        """The best move, its value, the played move's value (both for the mover, at
        the last depth completed) and the position's value: the mean of the best
        values at the last two depths, which evens out whose move the search saw last."""
        self.deadline = self.clock() + self.time_limit
        self.visited, self.table, self.reached = 0, {}, 1
        children = self.successors(state)
        at = None
        if played is not None:
            after = state.play(played)
            target = after.to_dict()
            at = next((i for i, (_, c) in enumerate(children) if c.to_dict() == target), None)
            if at is None:  # an opening redistribution the players would not consider
                children.append((played, after))
                at = len(children) - 1
        order = list(range(len(children)))
        self.rng.shuffle(order)
        mover = state.to_move
        values = [gain_after(c, mover) for _, c in children]
        best = max(order, key=lambda i: values[i])
        previous = values[best]
        for depth in range(2, self.depth + 1):
            order.sort(key=lambda i: -values[i])
            try:
                found, top = self._root(children, order, depth, at)
            except OutOfBudget:
                break
            previous = values[best]
            values, best, self.reached = found, top, depth
            if self.visited >= self.nodes:
                break
        mean = (values[best] + previous) / 2
        return children[best][0], values[best], None if at is None else values[at], mean

    def _root(
        self, children: list[tuple[Move, State]], order: Iterable[int], depth: int, at: int | None
    ) -> tuple[list[float], int]:
        found = [-math.inf] * len(children)
        alpha, top = -math.inf, -1
        for i in order:
            v = -self._negamax(children[i][1], depth - 1, -math.inf, -alpha)
            found[i] = v  # exact if it raised alpha, else only a bound (enough to order)
            if v > alpha:
                alpha, top = v, i
        if at is not None and at != top:
            found[at] = -self._negamax(children[at][1], depth - 1, -math.inf, math.inf)
        return found, top


def _turning_point(states: Sequence[State], i: int, a: Assessment) -> TurningPoint:
    state = states[i]
    assert a.played is not None and a.best is not None
    p = state.to_move
    mine, alt = effect(state, a.played), effect(state, a.best)
    taken_next = 0
    if i + 2 < len(states):
        taken_next = captured(states[i + 1], states[i + 2], 1 - p)
    point = TurningPoint(
        game=state.game,
        move=i + 1,
        player=PLAYERS[p],
        played=a.played,
        better=a.best,
        better_cells=move_cells(state, a.best),
        loss=a.loss,
        why="worse",
    )
    if alt["wins"] and not mine["wins"]:
        return replace(point, why="missed_win")
    if taken_next > alt["threat"]:
        return replace(point, why="took", taken=taken_next, kept=alt["threat"])
    if mine["threat"] > alt["threat"]:
        return replace(point, why="allowed", taken=mine["threat"], kept=alt["threat"])
    if alt["gain"] > mine["gain"]:
        return replace(point, why="missed", got=mine["gain"], more=alt["gain"])
    return point


def _as_state(s: State | Mapping[str, Any]) -> State:
    return load_position(dict(s)) if isinstance(s, Mapping) else s


__all__ = [
    "Assessment",
    "Hint",
    "Review",
    "TurningPoint",
    "game_line",
    "hint",
    "move_cells",
    "review",
    "reviewing",
    "threat_now",
]
