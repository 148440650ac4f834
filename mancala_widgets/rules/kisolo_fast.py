"""A Kisolo turn without a trace, in one function: the hot path of search.

Search and random playouts play millions of turns and need none of their events.
:func:`turn` plays RULES.md's steps 1-6 on a plain list, with no events and no
objects. ``kisolo._Turn`` stays the one owner of the traced turn, of the draw by
repetition and of the perpetual check: a turn still relaying at lap ``MAX_LAPS`` is
left to it. The property tests check that both give the same position after every
move of many random games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from .kisolo import Geometry

#: A turn still going at this lap is left to ``kisolo._Turn``, which plays it again
#: from the start. In random games about one turn in 230 passes 32 laps and none of
#: 70,000 passed 80, so few turns are played twice.
MAX_LAPS: Final = 80

#: A turn played: (board, laps, captures, whether a capture emptied the opponent's
#: inner row and so won the game).
Played = tuple[list[int], int, int, bool]


def turn(g: Geometry, board: list[int], p: int, action: int, landing: bool) -> Played | None:
    """Player ``p`` plays ``action`` (a hole to sow, or 4 * columns + c for the
    turn-start capture of column c), which must be legal. ``landing``: the relay lifts
    the landing hole itself (the rule option relay="landing"), not the next one.
    None when the turn reaches lap ``MAX_LAPS``. ``board`` is not changed."""
    nxt, drops, facing, theirs = g.next, g.drops, g.facing, g.inner_stones[1 - p]
    b = board[:]
    lap, captures = 1, 0
    if action >= g.size:  # step 1: the turn-start capture
        captures = 1
        last = _capture(g, b, g.inner[p][action - g.size])
        if not any(theirs(b)):
            return b, lap, captures, True
    else:  # step 3: sow the hole's stones from the next hole on
        m, last = b[action], action
        b[action] = 0
        for last in drops[action][m]:
            b[last] += 1
    while True:  # step 4, at each lap end
        occupied = b[last] > 1
        n = last if landing else nxt[last]
        m, across = b[n], facing[n]
        if occupied and m and across >= 0 and b[across]:  # step 5, mid-move
            if lap == MAX_LAPS:
                return None
            lap += 1
            captures += 1
            last = _capture(g, b, n)
            if not any(theirs(b)):
                return b, lap, captures, True
        elif m and (occupied or not landing):  # the relay
            if lap == MAX_LAPS:
                return None
            lap += 1
            b[n] = 0
            for last in drops[n][m]:
                b[last] += 1
        else:
            return b, lap, captures, False


def _capture(g: Geometry, b: list[int], start: int) -> int:
    """Take the column across from ``start`` (an inner hole) and sow its stones from
    ``start`` on: returns the last hole sown."""
    inner = g.facing[start]
    outer = g.behind[inner]
    taken = b[inner] + b[outer]
    b[inner] = b[outer] = 0
    last = start
    b[last] += 1
    for last in g.drops[start][taken - 1]:
        b[last] += 1
    return last
