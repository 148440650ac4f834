"""Benchmarks: ``python -m mancala_widgets.bench [--quick]``.

Prints, per game and variant, on one process: random playouts per second on the
engine's integer actions (legal actions generated exactly at every turn, perpetual
moves excluded; the Kiothi opening as moves), actions applied per second, moves
applied with a trace per second, legal-action generations per second,
and each computer level's time per move; the time a review (``review.py``) takes
for a seeded 60-move game of each game; then the ladder of levels, each against
the next weaker one over 100 seeded games (20 with --quick), the games spread
over all cores; big records loaded and a long game stepped on a board. ``--review``
prints only the review line, ``--records`` only the records' figures.

``--openspiel`` prints only the OpenSpiel figures instead (``mancala_widgets.openspiel``):
random games per second of OpenSpiel's C++ oware and of our two Python games, driven
from Python by the same loop, next to the engine's own random playouts, and OpenSpiel's
MCTS bot against the expert level (time per move, wins, draws and losses).

Goals on a 2-core machine, one process: Kisolo at least as many random games/s as
OpenSpiel's C++ oware driven from Python in the same run (``--openspiel`` prints
both and says whether the goal is met), Kiothi at least 600; random games through
moves as dicts (``play``, which ``simulate`` and the players use) at least 0.8 of
those through integer actions, in the same run; the strongest level
within 1 s a move; a 60-move game reviewed in well under 10 s; each level winning at
least 80% of its games against the one below.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import statistics
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from itertools import count, repeat

from .players import LEVELS, level, tuning
from .review import review
from .rules import State, new_state

VARIANTS = [
    ("kisolo", {"columns": 7}),
    ("kisolo", {"columns": 6}),
    ("kiothi", {"start_holes": 6, "orthodox": True}),
    ("kiothi", {"start_holes": 5, "orthodox": True}),
    ("kiothi", {"start_holes": 6, "orthodox": False}),
]


def name_of(game: str, variant: dict) -> str:
    return f"{game} " + " ".join(f"{k}={v}" for k, v in variant.items())


def random_games(game, variant, seconds: float, by_moves: bool = False) -> float:
    """Games per second of random play, in one loop like OpenSpiel's
    (``openspiel_random_games``): list the legal moves, choose one, apply it. On the
    engine's integer actions (``legal_actions``, ``apply_action``), or ``by_moves``
    through moves as dicts (``legal_moves`` and ``play`` without a trace, as notebooks,
    the players and ``simulate`` play). The opening's redistributions are moves."""
    opening_player, rng = level("random", 1), random.Random(1)
    games, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_state(game, **variant)
        while state.status == "playing":
            if state.opening:
                state = state.play(opening_player.choose(state))
            elif by_moves:
                state = state.play(rng.choice(state.legal_moves()))
            else:
                state = state.apply_action(rng.choice(state.legal_actions()))
        games += 1
    return games / (time.perf_counter() - start)


def random_playouts(game, variant, seconds: float) -> tuple[float, list]:
    """:func:`random_games` on integer actions, and positions met in other random games
    (for the other figures)."""
    rate = random_games(game, variant, seconds)
    rng = random.Random(1)
    positions: list[State] = []
    while len(positions) < min(3000, max(1, int(rate * seconds)) * 5):
        positions += [s for s in random_game(game, variant, rng) if random.random() < 0.1]
    return rate, positions


def simulate_games(game, seconds: float) -> float:
    """Games per second of ``simulate`` between two random players, in this process."""
    from .simulate import simulate

    games, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        games += len(simulate(game, n=20, seed=games, processes=1).rows)
    return games / (time.perf_counter() - start)


def random_game(game, variant, rng: random.Random) -> list[State]:
    """Every position of one game between random players."""
    opening_player, states = level("random", rng.randrange(1000)), [new_state(game, **variant)]
    while states[-1].status == "playing":
        state = states[-1]
        if state.opening:
            states.append(state.play(opening_player.choose(state)))
        else:
            states.append(state.apply_action(rng.choice(state.legal_actions())))
    return states


def _forget(state: State) -> State:
    """``state`` with its kept legal actions forgotten."""
    state._legal = None  # type: ignore[attr-defined]
    return state


def per_second(fn, items, seconds: float) -> float:
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for item in items:
            fn(item)
        count += len(items)
    return count / (time.perf_counter() - start)


def move_times(game, variant, name: str, moves: int, depths: list | None = None) -> list[float]:
    """Seconds per move of level ``name`` as South against random; the depths its search
    reached go into ``depths``."""
    player, opponent = level(name, 7), level("random", 8)
    times, state, played = [], new_state(game, **variant), 0
    while played < moves:
        if state.status != "playing":
            state = new_state(game, **variant)
        if state.to_move == 0:
            t = time.perf_counter()
            move = player.choose(state)
            times.append(time.perf_counter() - t)
            reached = getattr(player, "reached", 0)
            if depths is not None and reached:
                depths.append(reached)
            played += 1
        else:
            move = opponent.choose(state)
        state = state.play(move)
    return times


def ladder_game(
    game: str, strong: str, weak: str, i: int, max_moves: int = 2000, time_limit: float = 1.0
) -> str:
    """Game ``i`` of a ladder pair: the stronger level is South in even games.
    Returns "win", "draw" or "loss" for the stronger level; a game still going
    after ``max_moves`` moves counts as a draw. With a generous ``time_limit``
    only the node budgets bound the search, so the game is the same on any
    machine, however busy."""
    a, b = level(strong, i, time_limit), level(weak, 10_000 + i, time_limit)
    players = (a, b) if i % 2 == 0 else (b, a)
    state, moves = new_state(game), 0
    while state.status == "playing" and moves < max_moves:
        state = state.play(players[state.to_move].choose(state))
        moves += 1
    if state.winner is None:
        return "draw"
    return "win" if state.winner == (0 if i % 2 == 0 else 1) else "loss"


def ladder(
    game: str, games: int, processes: int | None = None
) -> Iterator[tuple[str, str, int, int, float]]:
    """Each level against the next weaker one, a row per pair as it finishes:
    (strong, weak, wins, draws, seconds). The games are spread over the cores;
    they are seeded, so the result does not depend on how they are spread. With one
    core, or where processes cannot start (Pyodide), they are played in this process."""
    pool = None
    if (processes or os.cpu_count() or 1) > 1:
        try:
            pool = ProcessPoolExecutor(processes)
        except NotImplementedError:  # no processes here (Pyodide, in JupyterLite)
            pass
    play = pool.map if pool else map
    with pool or nullcontext():
        for weak, strong in zip(LEVELS, LEVELS[1:], strict=False):
            start = time.perf_counter()
            results = list(
                play(ladder_game, repeat(game), repeat(strong), repeat(weak), range(games))
            )
            yield (
                strong,
                weak,
                results.count("win"),
                results.count("draw"),
                time.perf_counter() - start,
            )


#: OpenSpiel's MCTS bot against the expert level: simulations per action (a Kiothi rollout
#: costs about ten Kisolo ones) and games per game, sides alternating.
MCTS_SIMULATIONS = {"kisolo": 100, "kiothi": 10}
MCTS_GAMES = 2


def openspiel_random_games(name: str, seconds: float) -> tuple[float, float]:
    """Random games per second of the OpenSpiel game ``name``, and actions per game: a
    plain loop of legal_actions and apply_action, choosing with a seeded random.Random."""
    import pyspiel

    game = pyspiel.load_game(name)
    rng = random.Random(0)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        games += 1
    return games / (time.perf_counter() - start), actions / games


def mcts_game(name: str, simulations: int, i: int) -> tuple[float, float, int, float, int]:
    """Game ``i`` of OpenSpiel's MCTS bot (random rollouts) against the expert level, MCTS
    South in even games. Returns MCTS's return (1 win, 0 draw, -1 loss), then seconds
    and moves for MCTS (a move: all its actions), then for the expert."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts

    from .openspiel import move_to_actions

    game = pyspiel.load_game(name)
    bot = mcts.MCTSBot(
        game,
        2.0,
        simulations,
        mcts.RandomRolloutEvaluator(1, np.random.RandomState(i)),
        random_state=np.random.RandomState(i),
    )
    expert = level("expert", seed=i)
    side = i % 2
    state = game.new_initial_state()
    seconds, moves = [0.0, 0.0], [0, 0]
    while not state.is_terminal():
        mover = state.current_player()
        start = time.perf_counter()
        if mover == side:  # both games alternate: a move ends when the player changes
            while not state.is_terminal() and state.current_player() == side:
                state.apply_action(bot.step(state))
        else:
            engine = state.engine_state
            for action in move_to_actions(engine, expert.choose(engine)):
                state.apply_action(action)
        seconds[mover] += time.perf_counter() - start
        moves[mover] += 1
    return (state.returns()[side], seconds[side], moves[side], seconds[1 - side], moves[1 - side])


def openspiel_bench(seconds: float, games: int) -> None:
    """OpenSpiel's C++ oware next to our two Python games, and MCTS against the expert."""
    from . import openspiel  # registers kisolo and kiothi

    print(
        "OpenSpiel, one process: random games/s of a loop of legal_actions/apply_action"
        " (seeded random.Random), and the engine's own random games/s: on integer actions,"
        " on moves as dicts (legal_moves/play), and through simulate (random players)"
    )
    print(
        f"{'game':22} {'games/s':>9} {'actions/game':>13} {'engine actions':>15}"
        f" {'engine play(dict)':>18} {'simulate':>9}"
    )
    engine_rates: dict[str, tuple[float, float]] = {}
    for name in ("oware", *openspiel.GAME_NAMES):
        rate, length = openspiel_random_games(name, seconds)
        if name == "oware":
            oware, cells = rate, ["-", "-", "-"]
        else:
            actions = random_playouts(name, {}, seconds)[0]
            moves = random_games(name, {}, seconds, by_moves=True)
            engine_rates[name] = (actions, moves)
            cells = [f"{actions:,.0f}", f"{moves:,.0f}", f"{simulate_games(name, seconds):,.0f}"]
        kind = "C++" if name == "oware" else "Python"
        print(
            f"{name + ' (' + kind + ')':22} {rate:9,.0f} {length:13,.0f} {cells[0]:>15}"
            f" {cells[1]:>18} {cells[2]:>9}"
        )
    for name, goal, what in (("kisolo", oware, "oware, this run"), ("kiothi", 600.0, "fixed")):
        actions = engine_rates[name][0]
        met = "met" if actions >= goal else "NOT met"
        print(f"goal: {name} engine actions {actions:,.0f}/s >= {goal:,.0f}/s ({what}): {met}")
    for name, (actions, moves) in engine_rates.items():
        met = "met" if moves >= 0.8 * actions else "NOT met"
        print(
            f"goal: {name} play(dict) {moves:,.0f}/s >= 0.8 x actions {actions:,.0f}/s"
            f" = {0.8 * actions:,.0f}/s (this run): {met}"
        )
    print(
        f"\nOpenSpiel's MCTS bot (uct_c 2, one random rollout a simulation) against the expert"
        f" level, {games} games each, sides alternating (games spread over all cores)"
    )
    pool = ProcessPoolExecutor() if (os.cpu_count() or 1) > 1 else None
    play = pool.map if pool else map
    with pool or nullcontext():
        for name in openspiel.GAME_NAMES:
            sims = MCTS_SIMULATIONS[name]
            rows = list(play(mcts_game, repeat(name), repeat(sims), range(games)))
            results = [r[0] for r in rows]
            mcts_s = sum(r[1] for r in rows) / sum(r[2] for r in rows)
            expert_s = sum(r[3] for r in rows) / sum(r[4] for r in rows)
            print(
                f"  {name:7} MCTS {sims} simulations/action vs expert: "
                f"{results.count(1.0)} wins, {results.count(0.0)} draws, "
                f"{results.count(-1.0)} losses for MCTS; s/move MCTS {mcts_s:.2f}, "
                f"expert {expert_s:.2f}"
            )


def long_game(game: str, moves: int = 60) -> tuple[int, list]:
    """The first seeded game between random players that lasts ``moves`` moves, as
    (seed, its first ``moves + 1`` positions)."""
    for seed in count():
        players = (level("random", seed), level("random", seed + 1))
        state = new_state(game)
        states = [state]
        while state.status == "playing" and len(states) <= moves:
            state = state.play(players[state.to_move].choose(state))
            states.append(state)
        if len(states) > moves:
            return seed, states[: moves + 1]
    raise AssertionError("unreachable")


def review_times(moves: int = 60) -> None:
    """The review's line: wall and CPU seconds to review a seeded game of ``moves`` moves."""
    print(
        f"\nReview: a seeded {moves}-move game (random players), every position assessed by"
        f" the expert level, {tuning('kisolo').review_nodes:,} nodes a position"
    )
    for game in ("kisolo", "kiothi"):
        seed, states = long_game(game, moves)
        wall, cpu = time.perf_counter(), time.process_time()
        result = review(states, level="expert", seed=0)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        print(
            f"  review  {game:7} seed {seed:<3} {len(states) - 1} moves: {wall:.2f} s "
            f"({cpu:.2f} s CPU), {len(result.turning_points)} turning points"
        )


#: A 4 x 6 Kisolo position whose game can go round in a cycle: the 48 moves of CYCLE bring
#: it back to itself ("32" sows row 3, column 2; "x5" captures column 5). With the
#: repetition draw off, it makes a line as long as wanted.
CYCLE_START = {
    "game": "kisolo",
    "columns": 6,
    "to_move": "south",
    "board": [[0, 0, 0, 1, 0, 0], [0, 0, 0, 1, 1, 0], [0] * 6, [0, 0, 1, 0, 0, 0]],
    "status": "playing",
    "winner": None,
    "reason": None,
}
CYCLE = (
    "32 03 33 02 34 01 35 14 x5 13 25 x4 23 14 22 05 21 04 20 00 30 15 31 05 "
    "32 02 33 01 34 00 35 10 25 13 x4 11 24 x2 23 x2 21 12 20 15 30 05 31 04"
).split()


def cycle_moves() -> list[dict]:
    return [
        {"type": "capture", "column": int(m[1])}
        if m[0] == "x"
        else {"type": "sow", "row": int(m[0]), "column": int(m[1])}
        for m in CYCLE
    ]


def long_record(moves: int):
    """A Kisolo record of one line of ``moves`` moves (CYCLE again and again)."""
    from .rules.record import GameRecord

    rec = GameRecord("kisolo", start={**CYCLE_START, "repetition_draw": False})
    cycle = cycle_moves()
    for i in range(moves):
        rec.play(cycle[i % len(cycle)], traced=False)
    return rec


def wide_record(siblings: int):
    """A Kiothi record with ``siblings`` opening moves tried from its first position."""
    from .rules.record import GameRecord

    rec = GameRecord("kiothi")
    placements = (
        (pair, [[a // 10, a % 10, n], [b // 10, b % 10, 10 - n]])
        for pair in rec.legal_moves()
        for a in range(20)
        for b in range(a + 1, 20)
        for n in range(1, 10)
    )
    for _, (pair, place) in zip(range(siblings), placements, strict=False):
        rec.play({**pair, "place": place})
        rec.undo()
    return rec


def record_times() -> None:
    """Loading big records, and stepping through a long game on a board (the time of
    the step and the size of what the board then sends the browser)."""
    import json

    from ipywidgets.widgets.widget import _remove_buffers

    from .rules.record import GameRecord
    from .widgets import KisoloBoard

    print("\nRecords (goals: each loads in under 2 s; a step on a board under 50 ms)")
    for label, rec in (
        ("2,000 sibling variations", wide_record(2_000)),
        ("a line of 100,000 moves", long_record(100_000)),
    ):
        text = rec.dumps()
        wall = time.perf_counter()
        loaded = GameRecord.loads(text)
        wall = time.perf_counter() - wall
        print(f"  load   {label:26} {len(text) / 1e6:5.1f} MB  {wall:.2f} s")
    board = KisoloBoard(position={**CYCLE_START, "repetition_draw": False})
    board._record, steps = loaded, []
    board._sync_current()
    for name, step in (
        ("undo", board.undo),
        ("redo", board.redo),
        ("goto 50,000", lambda: board.goto(50_000)),
        ("goto 0", lambda: board.goto(0)),
        ("goto 100,000", lambda: board.goto(100_000)),
    ):
        wall = time.perf_counter()
        step()
        wall = time.perf_counter() - wall
        state, _, _ = _remove_buffers(board.get_state())
        steps.append(f"{name} {1000 * wall:.0f} ms ({len(json.dumps(state)) / 1e3:.0f} kB)")
    print("  board on the 100,000-move line: " + ", ".join(steps))


def main(argv=None):
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--quick", action="store_true", help="shorter runs, a 20-game ladder")
    args.add_argument(
        "--openspiel",
        action="store_true",
        help="only the OpenSpiel figures: oware, kisolo and kiothi random games/s,"
        " MCTS against the expert (needs the [openspiel] extra)",
    )
    args.add_argument(
        "--review",
        action="store_true",
        help="only the review line: a seeded 60-move game of each game reviewed",
    )
    args.add_argument(
        "--records",
        action="store_true",
        help="only the records' figures: big records loaded, a long game stepped on a board",
    )
    opts = args.parse_args(argv)
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(line_buffering=True)  # figures appear as they are measured
    seconds = 1.0 if opts.quick else 3.0
    if opts.review:
        review_times()
        return
    if opts.records:
        record_times()
        return
    if opts.openspiel:
        random.seed(0)
        openspiel_bench(seconds, 1 if opts.quick else MCTS_GAMES)
        return
    random.seed(0)
    print("Engine benchmark (one process)")
    print(f"{'variant':34} {'playouts/s':>11} {'moves/s':>9} {'traced/s':>9} {'legal/s':>9}")
    samples = {}
    for game, variant in VARIANTS:
        rate, positions = random_playouts(game, variant, seconds)
        playing = [s for s in positions if s.status == "playing"]
        sowing = [s for s in playing if not s.opening]
        actions = [(s, random.choice(s.legal_actions())) for s in sowing][:500]
        moves = [(s, s.action_move(a)) for s, a in actions]
        applied = per_second(lambda sa: sa[0].apply_action(sa[1]), actions, seconds / 2)
        traced = per_second(lambda sm: sm[0].play(sm[1], []), moves, seconds / 2)
        # A position keeps its legal actions once worked out (for play(dict)): each one is
        # forgotten before it is worked out again here, so that this times the work.
        legal = per_second(lambda s: _forget(s).legal_actions(), sowing[:500], seconds / 2)
        samples[(game, tuple(variant.items()))] = playing
        print(
            f"{name_of(game, variant):34} {rate:11,.0f} {applied:9,.0f} {traced:9,.0f} "
            f"{legal:9,.0f}"
        )
    print("\nComputer levels, seconds per move (as South against random)")
    print(f"{'variant':34} " + " ".join(f"{n:>16}" for n in LEVELS))
    for game, variant in VARIANTS[:1] + VARIANTS[2:3]:
        cells: list[str] = []
        depths: list[int] = []
        for name in LEVELS:
            times = move_times(
                game, variant, name, 10 if opts.quick else 40, depths if name == "expert" else None
            )
            cells.append(f"{statistics.mean(times):.3f} max {max(times):.2f}")
        print(
            f"{name_of(game, variant):34} "
            + " ".join(f"{c:>16}" for c in cells)
            + f"   expert depth {statistics.mean(depths):.2f}"
        )
    review_times()
    record_times()
    games = 20 if opts.quick else 100
    print(
        f"\nLadder: each level against the one below, {games} seeded games, sides alternating"
        " (games spread over all cores)"
    )
    for game in ("kisolo", "kiothi"):
        for strong, weak, wins, draws, secs in ladder(game, games):
            print(
                f"  {game:7} {strong:>7} vs {weak:<7} {wins:4}/{games} wins "
                f"({100 * wins / games:.0f}%), {draws} draws, {secs:.0f} s"
            )


if __name__ == "__main__":
    main()
