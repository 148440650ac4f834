"""Kiothi's legal sowings played out in one tight loop: the hot path of search.

A sowing that would never end is not a legal move (RULES.md, perpetual moves), so
listing the legal sowings means playing every candidate out to its end. Search and
random playouts do little else. :func:`sowings` plays every candidate of a position
in one function on plain lists, with no events and no objects; ``kiothi._Sowing``
stays the one owner of the traced move, the error messages and the perpetual check.
A move still relaying after ``MAX_LAPS`` laps is handed to ``_Sowing`` to play out,
and so is every move under the rule option ``nki_release="drop"``.
The property tests check that both give the same position after every move of many
random games.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, NamedTuple, TypeVar

SIZE: Final = 20
#: A move still relaying after this many laps is left to ``kiothi._Sowing``.
MAX_LAPS: Final = 32
#: What :func:`sow` returns for such a move.
LONG: Final = "long"
#: What ``long_move`` returns for a long move: its own result, or None if illegal.
Long = TypeVar("Long")

#: One legal sowing played out: (board, nki, sown, warriors jailed, laps, captures).
Sown = tuple[list[int], list[bool], list[bool], int, int, int]


class Circuit(NamedTuple):
    """The board's flat tables (``kiothi.py``): boma (r, c) is index r * 10 + c."""

    next: list[int]
    #: ahead[h][k]: the boma k steps after h (0 <= k < 20).
    ahead: list[list[int]]
    owner: list[int]
    opposite: list[int]
    #: Each player's bomas, in the order of ``KiothiState.legal_moves``.
    own: tuple[list[int], list[int]]
    leftmost: tuple[int, int]
    #: The three bomas the leftmost triple takes, for each player.
    triple: tuple[list[int], ...]


def sowings(
    c: Circuit,
    board: list[int],
    nki: list[bool],
    sown: list[bool],
    p: int,
    orthodox: bool,
    empty_at_start: list[bool],
    long_move: Callable[[int, int], Long | None],
    every: bool = True,
) -> list[tuple[int, Sown | Long | None]]:
    """Player ``p``'s legal sowings as (action, result), in the order of
    ``KiothiState.legal_moves`` (action ``(k - 1) * 20 + h`` lifts k from boma h);
    only the first one unless ``every``. The arguments are not changed.

    Most sowings end their first lap in a boma that was empty: such a move cannot go
    on for ever, so it is legal without being played, and its result is None (play
    it with :func:`sow` when chosen). A move still relaying at lap ``MAX_LAPS`` is
    played by ``long_move(h, k)``."""
    owner = c.owner
    found: list[tuple[int, Sown | Long | None]] = []
    for h in c.own[p]:
        ahead = c.ahead[h]
        for k in range(1, board[h] + 1):
            result: Sown | Long | None = None
            if k >= SIZE or board[ahead[k]]:  # the first lap may come round, or relays
                if orthodox and k < SIZE and owner[ahead[k]] == p:
                    continue  # the first-lap restriction, plainly
                played = sow(c, board, nki, sown, p, h, k, orthodox, empty_at_start)
                if played is None:
                    continue  # the first lap came round to end in p's own occupied boma
                if isinstance(played, str):  # LONG
                    result = long_move(h, k)
                    if result is None:
                        continue  # it never ends
                else:
                    result = played
            found.append(((k - 1) * SIZE + h, result))
            if not every:
                return found
    return found


def sow(
    c: Circuit,
    board: list[int],
    nki: list[bool],
    sown: list[bool],
    p: int,
    h: int,
    k: int,
    orthodox: bool,
    empty_at_start: list[bool],
) -> Sown | str | None:
    """Player ``p`` lifts ``k`` warriors from boma ``h`` and sows: the result, None if
    the first-lap restriction forbids it, or ``LONG`` if it is still relaying at lap
    ``MAX_LAPS``. The arguments are not changed; the result's nki marks are ``nki``
    itself when no mark was released (a position's lists are not changed in place)."""
    nxt, owner = c.next, c.owner
    b, n, w = board[:], nki, sown[:]
    b[h] -= k
    if n[h]:  # lifting releases the boma's nki mark
        n = nki[:]
        n[h] = False
    x = h
    for _ in range(k):
        x = nxt[x]
        b[x] += 1
        w[x] = True
    held = b[x]
    if orthodox and held > 1 and owner[x] == p:
        return None
    lap = 1
    while held > 1:  # relay: lift all from the landing boma and sow on
        if lap == MAX_LAPS:
            return LONG
        lap += 1
        b[x] = 0
        if n[x]:
            if n is nki:
                n = nki[:]
            n[x] = False
        for _ in range(held):
            x = nxt[x]
            b[x] += 1
            w[x] = True
        held = b[x]
    jailed = captures = 0
    opp = c.opposite[x]
    if owner[x] == p and b[opp] and not n[opp]:  # a capture
        captures, jailed = 1, b[opp] + 1
        b[opp] = b[x] = 0
        if x == c.leftmost[p]:
            jailed += _leftmost_triple(c.triple[p], b, n, w, empty_at_start)
    return b, n, w, jailed, lap, captures


def _leftmost_triple(
    triple: list[int], b: list[int], n: list[bool], w: list[bool], empty_at_start: list[bool]
) -> int:
    """The leftmost triple (RULES.md): takes the three bomas when each holds warriors,
    none is nki and each was sown or empty at the start; returns how many it took."""
    if not all(b[y] for y in triple) or any(n[y] for y in triple):
        return 0
    if not all(empty_at_start[y] or w[y] for y in triple):
        return 0
    taken = sum(b[y] for y in triple)
    for y in triple:
        b[y] = 0
    return taken
