"""A Kiothi sowing, played in one loop: the only place a sowing's rules are decided.

:func:`sow` plays a sowing (turns 3 on) as docs/rules.md describes it on plain lists:
the lift, the first-lap restriction, the relay, the check for a sowing that never ends,
the capture and nki protection, and the leftmost triple. :func:`sowings` lists the legal
sowings with the same loop, counting warriors only (the marks never change where warriors
go). Search and random playouts call them with no log and pay for nothing else. A traced
move calls :func:`sow` with a :class:`Log`, which records what was decided lap by lap;
``trace.trace_events`` expands it into the trace's events and decides nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, Literal, NamedTuple, Protocol

from ..common import LAP_LIMIT
from ..events import NoCaptureWhy, TripleWhy

SIZE: Final = 20
#: Without remembering lap ends, a sowing still relaying at this lap is played again
#: from the start remembering every one, so that a repeat is found exactly where it is.
#: In random games about one relay in 300 passes 32 laps; few pass 80.
MAX_LAPS: Final = 80
#: The warriors a game has: the tables of :data:`CIRCUIT`-like circuits reach this far. A
#: position made by hand with more on the board gets tables for any count (``crowded``).
MOST: Final = 60

#: What :func:`sow` returns for a sowing the first-lap restriction forbids.
FORBIDDEN: Final = "first_lap_restriction"
#: What :func:`relay` returns for a sowing still going at lap MAX_LAPS when ``remember``
#: is off (the caller plays it again, remembering).
LONG: Final = "long"
#: How a sowing that never ends ended (see :data:`Ending`).
PERPETUAL: Final = "perpetual"
#: How a legal sowing ended: None (it ended), or "perpetual" (it never would: with the
#: rule option perpetual="draw" the game is drawn at that lap end; else it is illegal).
Ending = Literal["perpetual"] | None
#: One sowing played: (board, nki marks, sown marks, warriors jailed, laps, captures,
#: how it ended, the lap a perpetual sowing's last lap end repeats or None). The marks
#: are the arguments themselves when nothing changed them.
Sown = tuple[list[int], list[bool], list[bool], int, int, int, Ending, int | None]
Lap = tuple[int, ...]


class Table(Protocol):
    """``table[n]``: the bomas ``n`` warriors sown after a boma drop into, in order."""

    def __getitem__(self, n: int, /) -> Lap: ...


class _AnyCount:
    """A :class:`Table` row for any ``n``, from the 20 bomas after a boma."""

    def __init__(self, after: Sequence[int]) -> None:
        self.after = tuple(after)

    def __getitem__(self, n: int) -> Lap:
        rounds, rest = divmod(n, SIZE)
        return self.after * rounds + self.after[:rest]


def laps_table(next_: list[int], crowded: bool = False) -> list[Table]:
    """``table[x][n]``: the bomas that a lap of ``n`` warriors from boma ``x`` drops
    into, in order (0 <= n <= MOST, or any n when ``crowded``); its last is where the lap
    ends."""
    table: list[Table] = []
    for x in range(len(next_)):
        order, y = [], x
        for _ in range(MOST):
            y = next_[y]
            order.append(y)
        table.append(
            _AnyCount(order[:SIZE]) if crowded else [tuple(order[:n]) for n in range(MOST + 1)]
        )
    return table


#: A lift of k warriors from boma h: (k, its action, the boma its first lap ends in when
#: k < 20, else -1).
Lift = tuple[int, int, int]


class Lifts(Protocol):
    """``lifts[:n]``: the lifts of 1 to ``n`` warriors from one boma."""

    def __getitem__(self, s: slice, /) -> Sequence[Lift]: ...


def _lift(laps: list[Table], h: int, k: int) -> Lift:
    return (k, (k - 1) * SIZE + h, laps[h][k][-1] if k < SIZE else -1)


class _AnyLifts:
    """A :class:`Lifts` row for any count (a crowded board)."""

    def __init__(self, laps: list[Table], h: int) -> None:
        self.laps, self.h = laps, h

    def __getitem__(self, s: slice) -> list[Lift]:
        return [_lift(self.laps, self.h, k) for k in range(1, s.stop + 1)]


def lifts_table(laps: list[Table], crowded: bool = False) -> list[Lifts]:
    """``table[h][k - 1]``: the lift of ``k`` warriors from boma ``h`` (1 <= k <= MOST,
    or any k when ``crowded``).

    A lift of fewer than 20 drops once into each boma it reaches, so its first lap ends in
    the boma named, occupied before that drop exactly when it holds warriors now. A lift
    of 20 or more comes round past ``h`` and must be followed."""
    if crowded:
        return [_AnyLifts(laps, h) for h in range(len(laps))]
    return [[_lift(laps, h, k) for k in range(1, MOST + 1)] for h in range(len(laps))]


class Circuit(NamedTuple):
    """The board's flat tables (``board.py``): boma (r, c) is index r * 10 + c."""

    laps: list[Table]
    lifts: list[Lifts]
    owner: list[int]
    opposite: list[int]
    #: Each player's bomas, in the order of ``KiothiState.legal_moves``.
    own: tuple[list[int], list[int]]
    leftmost: tuple[int, int]
    #: The three bomas the leftmost triple takes, for each player.
    triple: tuple[list[int], ...]
    #: Made for more warriors than a game has (tables for any count).
    crowded: bool
    #: Each player's own bomas, as a flag by index; and no boma.
    home: tuple[list[bool], list[bool]]
    nowhere: list[bool]


class Rules(NamedTuple):
    """The rule readings a sowing depends on (rules/game.py's options)."""

    orthodox: bool  # the first-lap restriction applies
    drop_releases: bool  # nki_release="drop": a warrior dropped into an nki boma releases it
    perpetual_draws: bool  # perpetual="draw": a sowing that never ends is legal and draws


#: One lap as played: (lap, the boma lifted from, warriors lifted, whether the lift
#: released that boma's nki mark, the nki bomas its drops released, the landing boma).
LapLog = tuple[int, int, int, bool, tuple[int, ...], int]


@dataclass
class Log:
    """What a traced sowing decided, for ``trace.trace_events``."""

    laps: list[LapLog] = field(default_factory=list)
    #: Board, nki and sown marks at the last lap end, before any capture.
    last: tuple[list[int], list[bool], list[bool]] = ([], [], [])
    #: Why the sowing captured nothing (None: it captured), when it ended.
    no_capture: NoCaptureWhy | None = None
    #: The leftmost triple: "" when the capture was not from the leftmost boma, None when
    #: the triple was taken, else why not.
    triple: TripleWhy | None | Literal[""] = ""


def first_lap_forbidden(c: Circuit, rules: Rules, p: int) -> list[bool]:
    """docs/rules.md, the first-lap restriction (orthodox play): player ``p``'s first lap
    may not end in their own boma that was occupied before the drop. The bomas where it
    may not end, by index (none when the restriction is off)."""
    return c.home[p] if rules.orthodox else c.nowhere


def can_move(c: Circuit, board: list[int], p: int) -> bool:
    """A quick sufficient test that player ``p`` has a legal sowing: a lift whose first
    lap ends in a boma that was empty (no relay, no restriction). False means: look
    further. (A boma with more warriors than the table has lifts for has a lift of more
    than 20 left out, so the test stays sound.)"""
    lifts = c.lifts
    for h in c.own[p]:
        for _, _, y in lifts[h][: board[h]]:
            if y >= 0 and not board[y]:
                return True
    return False


#: A relay counted: (board, the last landing boma, laps, how it ended, the lap a
#: perpetual sowing's last lap end repeats or None).
Relayed = tuple[list[int], int, int, Ending, int | None]


def sowings(c: Circuit, board: list[int], p: int, rules: Rules) -> list[int]:
    """Player ``p``'s legal sowings, in the order of ``KiothiState.legal_moves`` (action
    ``(k - 1) * 20 + h`` lifts k from boma h). ``board`` is not changed.

    A sowing whose first lap ends in a boma that was empty is legal as it is; one whose
    first lap ends in an occupied boma is checked against the first-lap restriction, then
    followed by :func:`relay` far enough to see that it ends."""
    lifts, forbidden = c.lifts, first_lap_forbidden(c, rules, p)
    actions: list[int] = []
    for h in c.own[p]:
        for k, action, y in lifts[h][: board[h]]:
            if y < 0 or board[y]:  # the first lap comes round, or ends in an occupied boma
                if y >= 0 and forbidden[y]:
                    continue
                ended = relay(c, rules, p, h, k, board)
                if ended == LONG:
                    ended = relay(c, rules, p, h, k, board, remember=True)
                if isinstance(ended, str) or ended[3] and not rules.perpetual_draws:
                    continue
            actions.append(action)
    return actions


def relay(
    c: Circuit,
    rules: Rules,
    p: int,
    h: int,
    k: int,
    board: list[int],
    lifts: list[tuple[int, int]] | None = None,
    remember: bool = False,
) -> Relayed | str:
    """Player ``p`` lifts ``k`` warriors from boma ``h`` and sows, relaying from each
    occupied landing boma, counting warriors only (the marks never change where warriors
    go); ``board`` is not changed. Returns :data:`Relayed`, FORBIDDEN (the first-lap
    restriction), or LONG (still relaying at lap MAX_LAPS without ``remember``).
    ``lifts``: each lap's (boma lifted from, warriors lifted) is appended to it."""
    laps = c.laps
    b = board[:]
    b[h] -= k
    x = h
    for x in laps[h][k]:
        b[x] += 1
    if lifts is not None:
        lifts.append((h, k))
    held = b[x]
    if held > 1 and first_lap_forbidden(c, rules, p)[x]:
        return FORBIDDEN
    lap = 1
    if remember:
        seen: dict[object, int] = {}
        pack = tuple if c.crowded else bytes  # a lap end's key: the board and landing boma
    while held > 1:  # relay: lift all from the landing boma and sow on
        if remember:  # a lap end seen before in this move: the sowing never ends
            key = (pack(b), x)
            repeat = seen.get(key)
            if repeat is not None or lap >= LAP_LIMIT:
                return b, x, lap, PERPETUAL, repeat
            seen[key] = lap
        elif lap == MAX_LAPS:
            return LONG
        lap += 1
        b[x] = 0
        if lifts is not None:
            lifts.append((x, held))
        drops = laps[x][held]
        for x in drops:
            b[x] += 1
        held = b[x]
    return b, x, lap, None, None


def sow(
    c: Circuit,
    rules: Rules,
    p: int,
    h: int,
    k: int,
    board: list[int],
    marks: tuple[list[bool], list[bool], list[bool]],
    log: Log | None = None,
    remember: bool = False,
) -> Sown | str:
    """Player ``p`` lifts ``k`` warriors from boma ``h`` and sows, played out: the
    :func:`relay`, the nki and sown marks, the capture (or why none) and the leftmost
    triple. ``marks``: the nki marks, the sown marks, the bomas empty at the start. No
    argument is changed. Returns :data:`Sown`, FORBIDDEN or LONG (see :func:`relay`;
    a ``log`` remembers). ``log``: what was decided."""
    lifts: list[tuple[int, int]] = []
    relayed = relay(c, rules, p, h, k, board, lifts, remember or log is not None)
    if isinstance(relayed, str):
        return relayed
    b, x, lap, ending, repeat = relayed
    laps, owner = c.laps, c.owner
    nki, sown, at_start = marks
    n, w = nki, sown
    if not all(sown):  # every boma dropped into is sown, for good
        w = sown[:]
        for start, m in lifts:
            for y in laps[start][m]:
                w[y] = True
    for i, (start, m) in enumerate(lifts, 1):
        released = n[start]  # lifting releases the boma's nki mark
        dropped: tuple[int, ...] = ()
        if rules.drop_releases:  # nki_release="drop": so does a warrior dropped in
            dropped = tuple(dict.fromkeys(y for y in laps[start][m] if n[y] and y != start))
        if released or dropped:
            if n is nki:
                n = nki[:]
            n[start] = False
            for y in dropped:
                n[y] = False
        if log is not None:
            log.laps.append((i, start, m, released, dropped, laps[start][m][-1]))
    if log is not None:
        log.last = (b[:], n[:], w[:])
    jailed = captures = 0
    if ending is None:
        opp = c.opposite[x]
        why: NoCaptureWhy | None
        if owner[x] != p:
            why = "opponent_row"
        elif not b[opp]:
            why = "opposite_empty"
        elif n[opp]:
            why = "nki"  # nki protection
        else:
            why = None
            captures, jailed = 1, b[opp] + 1
            b[opp] = b[x] = 0
            if x == c.leftmost[p]:
                triple = leftmost_triple(c.triple[p], b, n, w, at_start)
                if triple is None:
                    jailed += sum(b[y] for y in c.triple[p])
                    for y in c.triple[p]:
                        b[y] = 0
                if log is not None:
                    log.triple = triple
        if log is not None:
            log.no_capture = why
    return b, n, w, jailed, lap, captures, ending, repeat


def leftmost_triple(
    triple: list[int], b: list[int], n: list[bool], w: list[bool], at_start: list[bool]
) -> TripleWhy | None:
    """The leftmost triple (docs/rules.md): a capture from the leftmost boma also takes
    the three bomas ``triple`` when each holds warriors, none is nki and each was sown or
    empty at the start. None when it does, else why not."""
    if not all(b[y] for y in triple):
        return "not_all_full"
    if any(n[y] for y in triple):
        return "nki"
    if not all(at_start[y] or w[y] for y in triple):
        return "not_sown"
    return None
