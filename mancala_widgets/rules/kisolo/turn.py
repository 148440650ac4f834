"""A Kisolo turn, played in one loop: the only place the turn's rules are decided.

:func:`turn` plays a Kisolo turn as docs/rules.md describes it (steps 1 to 6) on a plain
list of ints: the turn-start capture, the sowing, and at each lap end the choice between a
mid-move capture, the relay and the end of the turn, with the check for a sowing that
never ends. Search and random playouts call it with no log and pay for nothing else.
A traced move (``KisoloState.play``) calls it with a ``log``: each lap end is appended
as it is decided (see :data:`LapEnd`), and ``trace.trace_events`` expands the log into
the trace's events, deciding nothing. What happens after the turn (the win by one's own
row emptied, the draw by repetition) is decided once, in ``state.outcome``.
"""

from __future__ import annotations

from typing import Final, Literal

from ..common import LAP_LIMIT
from ..events import Then
from .board import Geometry

#: Without a log, the lap ends are not remembered: a turn still going at this lap is
#: played again from the start remembering every lap end, so that step 6 finds the first
#: repeat exactly where it is. In random games about one turn in 230 passes 32 laps and
#: none of 70,000 passed 80, so the replay costs nothing measurable.
MAX_LAPS: Final = 80

#: How a turn ended: None (the turn is over and the game goes on), "won" (a capture
#: emptied the opponent's inner row) or "perpetual" (step 6: the sowing never ends).
Ending = Literal["won", "perpetual"] | None
#: A turn played: (board, laps, captures, how it ended, the lap a perpetual sowing's last
#: lap end repeats, or None when it reached LAP_LIMIT instead).
Played = tuple[list[int], int, int, Ending, int | None]
#: One lap end as decided: (lap, the landing hole, whether it was occupied, the hole
#: step 4 looks at, what follows, the board at that moment).
LapEnd = tuple[int, int, bool, int, Then, tuple[int, ...]]


def turn(
    g: Geometry,
    board: list[int],
    p: int,
    action: int,
    landing: bool,
    log: list[LapEnd] | None = None,
    remember: bool = False,
) -> Played:
    """Player ``p`` plays ``action`` (a hole to sow, or 4 * columns + c for the
    turn-start capture of column c), which must be legal; ``board`` is not changed.
    ``landing``: the relay lifts the landing hole itself (the rule option
    relay="landing"), not the next one. ``log``: each lap end is appended to it.
    ``remember``: every lap end is remembered from the start (step 6), as with a log;
    otherwise a turn still going at lap MAX_LAPS is played again remembering them."""
    remember = remember or log is not None
    nxt, drops, facing, theirs = g.next, g.drops, g.facing, g.inner_stones[1 - p]
    b = board[:]
    lap, captures = 1, 0
    seen: dict[tuple[int, ...], int] = {}
    watch = 1 if remember else MAX_LAPS  # from this lap on, each lap end is looked at
    if action >= g.size:  # step 1: the turn-start capture
        captures = 1
        last = _capture(g, b, g.inner[p][action - g.size])
        if not any(theirs(b)):
            return b, lap, captures, "won", None
    else:  # step 3: sow the hole's stones from the next hole on
        m, last = b[action], action
        b[action] = 0
        for last in drops[action][m]:
            b[last] += 1
    while True:  # step 4, at each lap end
        occupied = b[last] > 1
        # The hole step 4 looks at: the one after the landing hole (pussa kanawa), or
        # with relay="landing" the landing hole itself, which then must have held
        # stones before the drop to relay or capture.
        n = last if landing else nxt[last]
        m, across = b[n], facing[n]
        then: Then
        if occupied and m and across >= 0 and b[across]:
            then = "capture"  # step 5, mid-move
        elif m and (occupied or not landing):
            then = "relay"
        else:
            if log is not None:
                log.append((lap, last, occupied, n, "end", tuple(b)))
            return b, lap, captures, None, None
        if lap >= watch:  # step 6: a lap end seen before in this move cycles for ever
            if not remember:  # a long turn: again, remembering every lap end
                return turn(g, board, p, action, landing, None, True)
            key = (*b, last, occupied)
            repeat = seen.get(key)
            if repeat is not None or lap >= LAP_LIMIT:
                if log is not None:
                    log.append((lap, last, occupied, n, "perpetual", tuple(b)))
                return b, lap, captures, "perpetual", repeat
            seen[key] = lap
        if log is not None:
            log.append((lap, last, occupied, n, then, tuple(b)))
        lap += 1
        if then == "capture":
            captures += 1
            last = _capture(g, b, n)
            if not any(theirs(b)):
                return b, lap, captures, "won", None
        else:  # the relay
            b[n] = 0
            for last in drops[n][m]:
                b[last] += 1


def _capture(g: Geometry, b: list[int], start: int) -> int:
    """Take the column across from ``start`` (an inner hole) and sow its stones from
    ``start`` on: returns the last hole sown."""
    inner = g.facing[start]
    outer = g.behind[inner]
    taken = b[inner] + b[outer]
    b[inner] = b[outer] = 0
    b[start] += 1
    last = start
    for last in g.drops[start][taken - 1]:
        b[last] += 1
    return last
