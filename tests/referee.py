"""An independent referee: checks every decision of a move against docs/rules.md.

It is written apart from the engine, from the rules page alone, with its own
coordinates and its own idea of the circuits, so a rule the engine gets wrong
is caught here: it follows a move's trace event by event on its own copy of
the board and, at each point where docs/rules.md decides something (which hole a
relay lifts, whether a lap end captures, which bomas a triple takes, whether a
sowing is perpetual, where the last warriors go), works out the decision
itself and compares it with what the engine did. It also lists the legal moves
of a position by simulating every candidate move with its own sowing.

Cells are (row, column) tuples throughout.
"""

from __future__ import annotations

import copy

LAP_LIMIT = 100_000

# -- Kisolo ---------------------------------------------------------------------------


def kisolo_next(player: str, cell, n: int):
    """The hole after ``cell`` on ``player``'s circuit (docs/rules.md, "Kisolo: the circuits")."""
    r, c = cell
    if player == "south":
        if r == 3:
            return (3, c + 1) if c < n - 1 else (2, n - 1)
        return (2, c - 1) if c > 0 else (3, 0)
    if r == 0:
        return (0, c - 1) if c > 0 else (1, 0)
    return (1, c + 1) if c < n - 1 else (0, n - 1)


def kisolo_rows(player: str):
    """(inner row, outer row) of a player."""
    return (2, 3) if player == "south" else (1, 0)


def other(player: str) -> str:
    return "north" if player == "south" else "south"


class Referee:
    def __init__(self, before: dict, move: dict):
        self.p = copy.deepcopy(before)
        self.board = self.p["board"]
        self.mover = before["to_move"]
        self.move = move

    def at(self, cell):
        return self.board[cell[0]][cell[1]]


def check_kisolo_move(before: dict, move: dict, trace: list[dict]):
    """Walk a Kisolo move's trace, checking each decision against docs/rules.md."""
    ref = Referee(before, move)
    b, P = ref.board, ref.mover
    opp, n = other(P), before["columns"]
    mine_inner, _ = kisolo_rows(P)
    their_inner, their_outer = kisolo_rows(opp)
    events = iter(trace)
    seen: dict[tuple, int] = {}
    lap = 1

    def capture(ev, column, rule):
        """Steps 2 and 5: the opponent's inner and outer hole of ``column``, sown from
        P's inner hole."""
        assert ev["kind"] == "capture" and ev["rule"] == rule and ev["into"] == "sow", (ev, rule)
        inner, outer = (their_inner, column), (their_outer, column)
        assert b[inner[0]][column] > 0, "a capture needs stones in the opposite inner hole"
        assert [tuple(x[:2]) for x in ev["from"]] == [inner, outer], ev
        assert [x[2] for x in ev["from"]] == [b[inner[0]][column], b[outer[0]][column]], ev
        taken = b[inner[0]][column] + b[outer[0]][column]
        assert tuple(ev["cell"]) == (mine_inner, column) and ev["count"] == taken, ev
        b[inner[0]][column] = b[outer[0]][column] = 0
        return sow(next(events), (mine_inner, column), taken)

    def sow(ev, start, m):
        assert ev["kind"] == "sow", ev
        holes = [tuple(h) for h in ev["cells"]]
        expected, h = [], start
        for _ in range(m):
            expected.append(h)
            h = kisolo_next(P, h, n)
        assert holes == expected, f"stones go one by one round {P}'s circuit from {start}: {ev}"
        for h in holes:
            b[h[0]][h[1]] += 1
        return holes[-1]

    if move["type"] == "capture":
        c = move["column"]
        assert b[mine_inner][c] and b[their_inner][c], "a turn-start capture needs both inner holes"
        last = capture(next(events), c, "turn_start_capture")
        if not any(b[their_inner]):
            return _kisolo_won(events, P)
    else:
        due = [c for c in range(n) if b[mine_inner][c] and b[their_inner][c]]
        assert not due, f"a sowing was allowed while a turn-start capture was due in {due}"
        start = (move["row"], move["column"])
        lift = next(events)
        assert lift["kind"] == "lift" and tuple(lift["cell"]) == start, lift
        assert lift["count"] == b[start[0]][start[1]] > 0, lift
        m, b[start[0]][start[1]] = b[start[0]][start[1]], 0
        last = sow(next(events), kisolo_next(P, start, n), m)
    while True:
        ev = next(events)
        if ev["kind"] == "laps_skipped":  # a summary of long relays: trust its board, go on
            for r, row in enumerate(ev["board"]):
                b[r][:] = row
            lap, seen = ev["to_lap"], None
            ev = next(events)
        assert ev["kind"] == "lap_end" and tuple(ev["cell"]) == last, ev
        occupied = b[last[0]][last[1]] > 1
        nxt = kisolo_next(P, last, n)
        assert ev["occupied"] == occupied and tuple(ev["next"]) == nxt, ev
        facing = (their_inner, nxt[1])
        if occupied and nxt[0] == mine_inner and b[nxt[0]][nxt[1]] and b[facing[0]][facing[1]]:
            then = "capture"
        elif b[nxt[0]][nxt[1]]:
            then = "relay"
        else:
            then = "end"
        if then != "end":
            # Step 6: a lap end met before in this move (or lap 100,000) is perpetual.
            state = (tuple(map(tuple, b)), last, occupied)
            repeat = seen.get(state) if seen is not None else None
            if repeat is not None or lap >= LAP_LIMIT:
                assert ev["then"] == "perpetual", f"lap {lap} repeats lap {repeat}: {ev}"
                end = next(events)
                assert end["kind"] == "game_end" and end["reason"] == "perpetual sowing", end
                if seen is not None:
                    assert end.get("repeat_of_lap") == repeat, end
                return
            if seen is not None:
                seen[state] = lap
        assert ev["then"] == then, f"docs/rules.md (the end of a lap) gives {then!r} here: {ev}"
        if then == "end":
            assert next(events) == {"kind": "turn_end", "to_move": opp}
            return
        lap += 1
        if then == "capture":
            last = capture(next(events), nxt[1], "mid_move_capture")
            if not any(b[their_inner]):
                return _kisolo_won(events, P)
        else:
            lift = next(events)
            assert lift["kind"] == "lift" and lift["rule"] == "pussa_kanawa", lift
            assert tuple(lift["cell"]) == nxt, "pussa kanawa lifts the hole after the landing hole"
            assert tuple(lift["landing"]) == last and lift["count"] == b[nxt[0]][nxt[1]], lift
            m, b[nxt[0]][nxt[1]] = b[nxt[0]][nxt[1]], 0
            last = sow(next(events), kisolo_next(P, nxt, n), m)


def _kisolo_won(events, player):
    end = next(events)
    assert end["kind"] == "game_end" and end["rule"] == "inner_row_emptied", end
    assert end["winner"] == player, "the capture that empties the inner row wins at once"


# -- Kiothi ---------------------------------------------------------------------------


def kiothi_next(cell):
    """One shared circuit: South's row left to right, then North's right to left."""
    r, c = cell
    if r == 1:
        return (1, c + 1) if c < 9 else (0, 9)
    return (0, c - 1) if c > 0 else (1, 0)


def own_row(player: str) -> int:
    return 1 if player == "south" else 0


def leftmost(player: str):
    return (1, 0) if player == "south" else (0, 9)


def triple_of(player: str):
    """The opponent's bomas at the player's own indices 1, 2, 3 (docs/rules.md)."""
    return [(0, 1), (0, 2), (0, 3)] if player == "south" else [(1, 8), (1, 7), (1, 6)]


def empty_at_start(cell, start_holes: int) -> bool:
    r, c = cell
    own_index = c if r == 1 else 9 - c  # counted from the owner's own left
    return own_index < 10 - start_holes


def simulate_sowing(p: dict, player: str, cell, k: int):
    """Play a sowing on a copy with this module's own rules. Returns
    (allowed, reason, after_board, after_nki, after_sown, jails)."""
    b, nki, sown = ([row[:] for row in p[key]] for key in ("board", "nki", "sown"))
    jails = dict(p["jails"])
    b[cell[0]][cell[1]] -= k
    nki[cell[0]][cell[1]] = False
    h, lap, seen = cell, 1, set()
    while True:
        for _ in range(k):
            h = kiothi_next(h)
            b[h[0]][h[1]] += 1
            sown[h[0]][h[1]] = True
        occupied = b[h[0]][h[1]] > 1
        if lap == 1 and p["orthodox"] and occupied and h[0] == own_row(player):
            return False, "first_lap_restriction", None, None, None, None
        if not occupied:
            break
        state = (tuple(map(tuple, b)), h)
        if state in seen or lap >= LAP_LIMIT:
            return False, "perpetual_sowing", None, None, None, None
        seen.add(state)
        k, b[h[0]][h[1]] = b[h[0]][h[1]], 0
        nki[h[0]][h[1]] = False
        lap += 1
    r, c = h
    opp = (1 - r, c)
    if r == own_row(player) and b[opp[0]][opp[1]] and not nki[opp[0]][opp[1]]:
        jails[player] += b[opp[0]][opp[1]] + 1
        b[opp[0]][opp[1]] = b[r][c] = 0
        if h == leftmost(player):
            three = triple_of(player)
            if all(
                b[x][y]
                and not nki[x][y]
                and (empty_at_start((x, y), p["start_holes"]) or sown[x][y])
                for x, y in three
            ):
                for x, y in three:
                    jails[player] += b[x][y]
                    b[x][y] = 0
    return True, None, b, nki, sown, jails


def kiothi_legal_sowings(p: dict, player: str) -> set:
    """Every legal (row, column, count) for ``player``, by simulating each candidate."""
    row = own_row(player)
    return {
        (row, c, k)
        for c in range(10)
        for k in range(1, p["board"][row][c] + 1)
        if simulate_sowing(p, player, (row, c), k)[0]
    }


def can_move(p: dict, player: str) -> bool:
    if p["turn"] <= 2:
        return sum(1 for n in p["board"][own_row(player)] if n) >= 2
    return bool(kiothi_legal_sowings(p, player))


def check_kiothi_move(before: dict, move: dict, trace: list[dict]):
    """Walk a Kiothi move's trace, checking each decision against docs/rules.md, then
    the end of the game: who is stuck, where the last warriors go, who wins."""
    ref = Referee(before, move)
    p, b, P = ref.p, ref.board, ref.mover
    events = iter(trace)
    if move["type"] == "redistribute":
        for _ in range(2):
            ev = next(events)
            assert ev["kind"] == "lift" and ev["rule"] == "opening_redistribution", ev
            r, c = ev["cell"]
            assert r == own_row(P) and ev["count"] == b[r][c] > 0, ev
            b[r][c] = 0
        for r, c, k in move["place"]:
            ev = next(events)
            assert ev == {
                "kind": "place",
                "rule": "opening_redistribution",
                "cell": [r, c],
                "count": k,
            }, ev
            b[r][c] += k
        if before["turn"] == 2:
            ev = next(events)
            full = sorted([r, c] for r in range(2) for c in range(10) if b[r][c])
            assert ev["kind"] == "nki_mark" and sorted(ev["cells"]) == full, ev
            for r, c in full:
                p["nki"][r][c] = True
    else:
        cell, k = (move["row"], move["column"]), move["count"]
        allowed, why, *_ = simulate_sowing(before, P, cell, k)
        assert allowed, f"the engine played a move docs/rules.md forbids ({why}): {move}"
        _follow_sowing(p, P, cell, k, events)
    p["turn"] = before["turn"] + 1
    q = other(P)
    ev = next(events)
    if can_move(p, q):
        assert ev == {"kind": "turn_end", "to_move": q}, ev
        return
    assert ev["kind"] == "game_end" and ev["stuck"] == q, f"{q} cannot move: {ev}"
    other_can = can_move(p, P)
    expected = []
    for r in range(2):
        for c in range(10):
            if b[r][c]:
                to = P if other_can else ("south" if r == 1 else "north")
                expected.append({"cell": [r, c], "count": b[r][c], "jail": to})
                p["jails"][to] += b[r][c]
    assert ev["sweep"] == expected, "the last warriors go to the player who can still move"
    assert ev["jails"] == p["jails"], ev
    s, n = p["jails"]["south"], p["jails"]["north"]
    assert ev["winner"] == (None if s == n else "south" if s > n else "north"), ev


def _follow_sowing(p, P, cell, k, events):
    b, nki, sown = p["board"], p["nki"], p["sown"]

    def lift(ev, h, count, rule):
        assert ev["kind"] == "lift" and ev["rule"] == rule and tuple(ev["cell"]) == h, ev
        assert ev["count"] == count and ev["left"] == b[h[0]][h[1]] - count, ev
        b[h[0]][h[1]] -= count
        if nki[h[0]][h[1]]:
            rel = next(events)
            assert rel == {"kind": "nki_release", "rule": "nki_release", "cell": list(h)}, rel
            nki[h[0]][h[1]] = False

    def sow(ev, h, count):
        assert ev["kind"] == "sow", ev
        expected = []
        for _ in range(count):
            h = kiothi_next(h)
            expected.append(h)
        assert [tuple(x) for x in ev["cells"]] == expected, ev
        for x, y in expected:
            b[x][y] += 1
            sown[x][y] = True
        return expected[-1]

    lift(next(events), cell, k, "sow")
    last = sow(next(events), cell, k)
    while True:
        ev = next(events)
        if ev["kind"] == "laps_skipped":
            for r in range(2):
                b[r][:], nki[r][:], sown[r][:] = ev["board"][r], ev["nki"][r], ev["sown"][r]
            ev = next(events)
        occupied = b[last[0]][last[1]] > 1
        assert ev["kind"] == "lap_end" and tuple(ev["cell"]) == last, ev
        assert ev["then"] == ("relay" if occupied else "end"), "a relay exactly when occupied"
        if not occupied:
            break
        count = b[last[0]][last[1]]
        lift(next(events), last, count, "relay")  # Kiothi lifts the landing boma itself
        last = sow(next(events), last, count)
    r, c = last
    opp = (1 - r, c)
    ev = next(events)
    if r != own_row(P):
        assert ev["kind"] == "no_capture" and ev["why"] == "opponent_row", ev
        return
    if not b[opp[0]][opp[1]]:
        assert ev["kind"] == "no_capture" and ev["why"] == "opposite_empty", ev
        return
    if nki[opp[0]][opp[1]]:
        assert ev["kind"] == "no_capture" and ev["why"] == "nki", "an nki boma is not captured"
        return
    taken = b[opp[0]][opp[1]]
    assert ev["kind"] == "capture" and ev["from"] == [[opp[0], opp[1], taken]], ev
    assert ev["into"] == "jail" and tuple(ev["cell"]) == last, ev
    assert ev["count"] == taken + 1 and ev["jail"] == P, "the capturing warrior goes too"
    p["jails"][P] += taken + 1
    b[opp[0]][opp[1]] = b[r][c] = 0
    if last != leftmost(P):
        return
    ev = next(events)
    three = triple_of(P)
    assert ev["kind"] == "leftmost_triple" and [tuple(x["cell"]) for x in ev["cells"]] == three, ev
    take = all(
        b[x][y] and not nki[x][y] and (empty_at_start((x, y), p["start_holes"]) or sown[x][y])
        for x, y in three
    )
    assert ev["taken"] == take, f"the triple is taken exactly when docs/rules.md says: {ev}"
    if take:
        count = sum(b[x][y] for x, y in three)
        assert ev["count"] == count, ev
        p["jails"][P] += count
        for x, y in three:
            b[x][y] = 0


def check_move(before: dict, move: dict, trace: list[dict]):
    """Check every decision of one move (either game)."""
    if before["game"] == "kisolo":
        check_kisolo_move(before, move, trace)
    else:
        check_kiothi_move(before, move, trace)


def check_legal_moves(position: dict, legal: list[dict]):
    """The engine's legal moves are exactly those docs/rules.md allows."""
    if position["status"] != "playing":
        assert legal == []
        return
    P = position["to_move"]
    if position["game"] == "kisolo":
        n = position["columns"]
        b = position["board"]
        mine, theirs = kisolo_rows(P)[0], kisolo_rows(other(P))[0]
        due = [c for c in range(n) if b[mine][c] and b[theirs][c]]
        if due:
            expected = {("capture", c) for c in due}
        else:
            rows = kisolo_rows(P)
            expected = {("sow", r, c) for r in rows for c in range(n) if b[r][c]}
        got = {
            ("capture", m["column"]) if m["type"] == "capture" else ("sow", m["row"], m["column"])
            for m in legal
        }
        assert got == expected, "Kisolo's legal moves (turn-start capture first)"
        return
    if position["turn"] <= 2:
        row = own_row(P)
        full = [c for c in range(10) if position["board"][row][c]]
        expected = {((row, a), (row, c)) for i, a in enumerate(full) for c in full[i + 1 :]}
        got = {tuple(tuple(x) for x in m["lift"]) for m in legal}
        assert got == expected
        return
    got = {(m["row"], m["column"], m["count"]) for m in legal}
    assert got == kiothi_legal_sowings(position, P), "Kiothi's legal sowings"
