"""Why a player chose a move, in words a student follows."""

from __future__ import annotations

import random
from functools import partial

from ..rules import PLAYERS, Move, State
from ..text import tr
from ..text.names import Names, move_name, pieces, side_names
from .moves import Effect, effect


class Scored:
    """Shared by the players that score moves: picks the best, explains why."""

    name = "scored"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)
        self.last_scores: list[tuple[float, Move]] = []

    def pick(self, state: State, scored: list[tuple[float, Move]]) -> Move:
        self.last_scores = sorted(scored, key=lambda x: -x[0])
        best = self.last_scores[0][0]
        top = [m for s, m in self.last_scores if s >= best - 1e-9]
        return self.rng.choice(top)

    def explain(
        self, state: State, move: Move, locale: str = "en", names: Names | None = None
    ) -> str:
        """Why this move, in words a student follows: what it captures, what the
        opponent can take back, and what the next best move would have done.

        >>> from mancala_widgets.players import GreedyPlayer
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
    move: Move,
    scored: list[tuple[float, Move]],
    locale: str = "en",
    names: Names | None = None,
) -> str:
    """The explanation of ``move`` among the ``scored`` moves (best first)."""
    names = names or side_names(locale)
    p = state.to_move
    other = names[PLAYERS[1 - p]]
    T = partial(tr, locale)
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
    state: State, move: Move, mine: Effect, locale: str = "en", names: Names | None = None
) -> str:
    """A move and its ``effect`` in words: "South captures column 3. It captures 8
    stones. Afterwards North can take at most 6 back." """
    names = names or side_names(locale)
    p = state.to_move
    other = names[PLAYERS[1 - p]]
    T = partial(tr, locale)
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
