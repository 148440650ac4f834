"""A Kisolo turn without a trace, in one function: the hot path of search.

Search and random playouts play millions of turns and need none of their events.
:func:`turn` plays a Kisolo turn as docs/rules.md describes it on a plain list, with no
events and no objects. ``kisolo._Turn`` stays the one owner of the traced turn and of the draw by
repetition. A turn still relaying at lap ``MAX_LAPS`` is played again from the start
remembering its lap ends, for step 6 (a perpetual sowing draws); a position made by
hand with more stones in a hole than a byte holds is left to ``_Turn``. The property
tests check that both give the same position after every move of many random games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Literal, overload

from .common import LAP_LIMIT

if TYPE_CHECKING:
    from .kisolo import Geometry

#: A turn still going at this lap is played again remembering its lap ends. In random
#: games about one turn in 230 passes 32 laps and none of 70,000 passed 80.
MAX_LAPS: Final = 80

#: How a turn ended: None (the game goes on), "won" (a capture emptied the opponent's
#: inner row) or "perpetual" (step 6: the game is drawn).
Ending = Literal["won", "perpetual"] | None
#: A turn played: (board, laps, captures, how it ended).
Played = tuple[list[int], int, int, Ending]


@overload
def turn(
    g: Geometry, board: list[int], p: int, action: int, landing: bool, record: Literal[True]
) -> Played: ...
@overload
def turn(
    g: Geometry, board: list[int], p: int, action: int, landing: bool, record: bool = False
) -> Played | None: ...
def turn(
    g: Geometry, board: list[int], p: int, action: int, landing: bool, record: bool = False
) -> Played | None:
    """Player ``p`` plays ``action`` (a hole to sow, or 4 * columns + c for the
    turn-start capture of column c), which must be legal. ``landing``: the relay lifts
    the landing hole itself (the rule option relay="landing"), not the next one.

    Without ``record``, None when the turn reaches lap ``MAX_LAPS``. With it, each lap
    end where the turn goes on is remembered (step 6, as ``_Turn`` keys it), and the
    turn stops as perpetual at one seen before or at lap LAP_LIMIT; a hole holding more
    than 255 stones raises ValueError. ``board`` is not changed."""
    nxt, drops, facing, theirs = g.next, g.drops, g.facing, g.inner_stones[1 - p]
    b = board[:]
    lap, captures = 1, 0
    seen: dict[bytes, int] | None = {} if record else None
    watch = 1 if record else MAX_LAPS  # from this lap on, each lap end is looked at
    if action >= g.size:  # step 1: the turn-start capture
        captures = 1
        last = _capture(g, b, g.inner[p][action - g.size])
        if not any(theirs(b)):
            return b, lap, captures, "won"
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
            if lap >= watch:
                if seen is None:
                    return None
                if _seen_before(seen, b, last, occupied, lap):
                    return b, lap, captures, "perpetual"
            lap += 1
            captures += 1
            last = _capture(g, b, n)
            if not any(theirs(b)):
                return b, lap, captures, "won"
        elif m and (occupied or not landing):  # the relay
            if lap >= watch:
                if seen is None:
                    return None
                if _seen_before(seen, b, last, occupied, lap):
                    return b, lap, captures, "perpetual"
            lap += 1
            b[n] = 0
            for last in drops[n][m]:
                b[last] += 1
        else:
            return b, lap, captures, None


def _seen_before(seen: dict[bytes, int], b: list[int], last: int, occupied: bool, lap: int) -> bool:
    """Step 6 at a lap end where the turn goes on: was this lap end (board, landing
    hole, occupied, as ``_Turn`` keys it) seen before in this move, or is it lap
    LAP_LIMIT? Remembers it."""
    key = bytes(b) + bytes((last, occupied))
    if key in seen or lap >= LAP_LIMIT:
        return True
    seen[key] = lap
    return False


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
