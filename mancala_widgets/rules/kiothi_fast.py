"""Kiothi's legal sowings listed and played in tight loops: the hot path of search.

A sowing that would never end is not a legal move (docs/rules.md, "Kiothi: sowings that
never end"), so listing the legal sowings means following every candidate that relays to its end.
Search and random playouts do little else. :func:`sowings` lists a position's legal
sowings in one function on plain lists, with no events and no objects;
``kiothi._Sowing`` stays the one owner of the traced move, the error messages and the
perpetual check.

Two loops share the relay: :func:`ends` only counts warriors, to learn whether a
sowing is legal; :func:`sow` plays a chosen one: it also keeps the sown and nki marks,
captures, and gives the position after it. A move still relaying after ``MAX_LAPS``
laps is handed to ``_Sowing`` to play out, and so is every move under the rule option
``nki_release="drop"``. The property tests check that both give the same position after
every move of many random games.
"""

from __future__ import annotations

from typing import Final, NamedTuple

SIZE: Final = 20
#: A move still relaying after this many laps is left to ``kiothi._Sowing``, which
#: plays it again from the start and owns the perpetual check.
MAX_LAPS: Final = 80
#: What :func:`sow` and :func:`ends` return for such a move.
LONG: Final = "long"
#: The laps table covers laps of up to this many warriors, all a game has. A position
#: made by hand with more on the board is played by the traced move (``KiothiState.fast``).
MOST: Final = 60

#: One legal sowing played out: (board, nki, sown, warriors jailed, laps, captures).
Sown = tuple[list[int], list[bool], list[bool], int, int, int]
Lap = tuple[int, ...]


def laps_table(next_: list[int]) -> list[list[Lap]]:
    """``table[x][n]``: the bomas that a lap of ``n`` warriors from boma ``x`` drops
    into, in order (0 <= n <= MOST); its last is where the lap ends."""
    table = []
    for x in range(len(next_)):
        order, y = [], x
        for _ in range(MOST):
            y = next_[y]
            order.append(y)
        table.append([tuple(order[:n]) for n in range(MOST + 1)])
    return table


#: A lift of k warriors from boma h: (k, its action, a boma to look at, whether a first
#: lap ending there is forbidden outright); see :func:`lifts_table`.
Lift = tuple[int, int, int, bool]


def lifts_table(laps: list[list[Lap]], owner: list[int]) -> list[tuple[Lift, ...]]:
    """``table[h][k - 1]``: the lift of ``k`` warriors from boma ``h`` (1 <= k <= MOST).

    A lift of fewer than 20 drops once into each boma it reaches, so its first lap
    ends in a boma that is occupied before that drop exactly when it holds warriors
    now: the boma to look at is that one, forbidden outright (under the first-lap
    restriction) when it is the lifter's own. A lift of 20 or more comes round past
    ``h`` itself, which holds at least k: the boma to look at is ``h``, never empty, so
    such a lift is always followed to its end by :func:`ends`."""
    table = []
    for h, row in enumerate(laps):
        lifts = []
        for k in range(1, MOST + 1):
            end = row[k][-1]
            if k < SIZE:
                lifts.append((k, (k - 1) * SIZE + h, end, owner[end] == owner[h]))
            else:
                lifts.append((k, (k - 1) * SIZE + h, h, False))
        table.append(tuple(lifts))
    return table


class Circuit(NamedTuple):
    """The board's flat tables (``kiothi.py``): boma (r, c) is index r * 10 + c."""

    laps: list[list[Lap]]
    lifts: list[tuple[Lift, ...]]
    owner: list[int]
    opposite: list[int]
    #: Each player's bomas, in the order of ``KiothiState.legal_moves``.
    own: tuple[list[int], list[int]]
    leftmost: tuple[int, int]
    #: The three bomas the leftmost triple takes, for each player.
    triple: tuple[list[int], ...]


def can_move(c: Circuit, board: list[int], p: int) -> bool:
    """A quick sufficient test that player ``p`` has a legal sowing: a lift whose first
    lap ends in a boma that was empty. False means: look further. (A boma with more
    than MOST warriors has more lifts than the table: those left out lift more than
    20, so the test stays sound.)"""
    lifts = c.lifts
    for h in c.own[p]:
        for _, _, y, _ in lifts[h][: board[h]]:
            if not board[y]:
                return True
    return False


def sowings(c: Circuit, board: list[int], p: int, orthodox: bool) -> tuple[list[int], list[int]]:
    """Player ``p``'s legal sowings, in the order of ``KiothiState.legal_moves``
    (action ``(k - 1) * 20 + h`` lifts k from boma h), with those still relaying at lap
    ``MAX_LAPS``, which the caller must decide; and those long ones. ``board`` is not
    changed.

    A move whose first lap ends in a boma that was empty cannot go on for ever, so it
    is legal as it is. A move that relays is followed by :func:`ends` only far enough to
    see that it ends. A chosen move is played by :func:`sow`."""
    lifts = c.lifts
    actions: list[int] = []
    long: list[int] = []
    for h in c.own[p]:
        for k, action, y, forbidden in lifts[h][: board[h]]:
            if board[y]:  # the first lap ends in an occupied boma, or comes round
                if orthodox and forbidden:
                    continue  # the first-lap restriction, plainly
                ended = ends(c, board, p, h, k, orthodox)
                if ended is not True:
                    if not ended:
                        continue  # the first lap came round to end in p's own occupied boma
                    long.append(action)  # LONG
            actions.append(action)
    return actions, long


def ends(c: Circuit, board: list[int], p: int, h: int, k: int, orthodox: bool) -> bool | str:
    """Does player ``p``'s sowing of ``k`` warriors from boma ``h`` end within
    ``MAX_LAPS`` laps? True, False if the first-lap restriction forbids it, or
    ``LONG``. Only counts warriors: the marks and captures do not change where a
    sowing goes. ``board`` is not changed."""
    laps = c.laps
    b = board[:]
    b[h] -= k
    for x in laps[h][k]:
        b[x] += 1
    held = b[x]
    if orthodox and held > 1 and c.owner[x] == p:
        return False
    lap = 1
    while held > 1:  # relay: lift all from the landing boma and sow on
        if lap == MAX_LAPS:
            return LONG
        lap += 1
        b[x] = 0
        drops = laps[x][held]
        for x in drops:
            b[x] += 1
        held = b[x]
    return True


def relay_ends(c: Circuit, board: list[int], h: int, k: int, limit: int) -> bool:
    """Does the sowing of ``k`` warriors from boma ``h`` end by lap ``limit``? Only
    counts warriors; the first-lap restriction is not checked. docs/rules.md's perpetual
    move: a relay still going at the end of lap ``limit`` never ends, and nor does one
    that comes back to a lap end (board, landing boma) seen before, for it is in a
    cycle. Brent's method spots a cycle within about three times its length, keeping
    one lap end at a time; a few relays run 100,000 laps without one."""
    laps = c.laps
    b = board[:]
    b[h] -= k
    for x in laps[h][k]:
        b[x] += 1
    held = b[x]
    if held <= 1:
        return True
    seen: list[int] | None = None
    seen_at, power, steps = -1, 1, 0
    for _ in range(limit - 1):  # at a lap end where a relay follows: laps 2 to limit
        if x == seen_at and b == seen:
            return False  # a lap end seen before: a cycle
        steps += 1
        if steps == power:  # remember this lap end; wait twice as long for the next
            seen, seen_at, power, steps = b[:], x, power * 2, 0
        b[x] = 0
        drops = laps[x][held]
        for x in drops:
            b[x] += 1
        held = b[x]
        if held <= 1:
            return True
    return False  # still going at the end of lap ``limit``


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
    itself when no mark was released, and its sown marks ``sown`` itself when every
    boma was sown already (a position's lists are not changed in place)."""
    laps, owner = c.laps, c.owner
    b, n, w = board[:], nki, sown
    marking = not all(w)
    if marking:
        w = sown[:]
    b[h] -= k
    if n[h]:  # lifting releases the boma's nki mark
        n = nki[:]
        n[h] = False
    x = h
    for x in laps[h][k]:
        b[x] += 1
    if marking:
        for y in laps[h][k]:
            w[y] = True
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
        drops = laps[x][held]
        for x in drops:
            b[x] += 1
        if marking:
            for y in drops:
                w[y] = True
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
    """The leftmost triple (docs/rules.md): takes the three bomas when each holds warriors,
    none is nki and each was sown or empty at the start; returns how many it took."""
    if not all(b[y] for y in triple) or any(n[y] for y in triple):
        return 0
    if not all(empty_at_start[y] or w[y] for y in triple):
        return 0
    taken = sum(b[y] for y in triple)
    for y in triple:
        b[y] = 0
    return taken
