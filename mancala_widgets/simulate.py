"""Play many games between two players and tabulate them, for lessons that
ask mathematical questions ("how long is a game of 4x6 Kisolo?").

Each game is seeded by its number, so a table is the same however many
processes play it; the games are shared out over every core.

>>> sim = simulate("kisolo", n=20, seed=1, processes=1, columns=6)
>>> len(sim.rows), sim.summary()["games"]
(20, 20)
>>> sim.rows[0]["length"] > 0
True
"""

from __future__ import annotations

import os
import statistics
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from .players import level
from .rules import new_state

MAX_MOVES = 5000
COLUMNS = ("game", "result", "winner", "reason", "length", "captures", "longest_relay")


def play_game(game: str, variant: dict, south: str, north: str, seed: int) -> dict:
    """One game between two levels; a row of what happened in it."""
    state = new_state(game, **variant)
    players = (level(south, seed * 2), level(north, seed * 2 + 1))
    captures = longest = moves = 0
    while state.status == "playing" and moves < MAX_MOVES:
        state = state.play(players[state.to_move].choose(state))
        moves += 1
        if state.move_stats:
            laps, caught = state.move_stats
            captures += caught
            longest = max(longest, laps)
    row = {"game": game, **variant, "result": state.status,
           "winner": state.to_dict()["winner"], "reason": state.reason, "length": moves,
           "captures": captures, "longest_relay": longest}
    if state.GAME.has_jails:
        row["south_jail"], row["north_jail"] = state.jails
        row["one_warrior_victory"] = abs(state.jails[0] - state.jails[1]) == 2
    return row


def _play_chunk(args) -> list[dict]:
    game, variant, south, north, seeds = args
    return [play_game(game, variant, south, north, s) for s in seeds]


@dataclass
class Simulation:
    rows: list[dict] = field(default_factory=list)

    def column(self, name: str) -> list:
        return [r[name] for r in self.rows]

    def summary(self) -> dict:
        lengths = self.column("length")
        if not lengths:
            return {"games": 0}
        count = (lambda key, value: sum(1 for r in self.rows if r[key] == value))
        return {"games": len(self.rows),
                "south_wins": count("winner", "south"), "north_wins": count("winner", "north"),
                "draws": count("result", "draw"),
                "mean_length": round(statistics.fmean(lengths), 2),
                "median_length": statistics.median(lengths),
                "mean_captures": round(statistics.fmean(self.column("captures")), 2),
                "longest_relay": max(self.column("longest_relay"))}


def simulate(game: str = "kisolo", n: int = 100, seed: int = 0, south: str = "random",
             north: str = "random", processes: int | None = None, progress: bool = False,
             **variant) -> Simulation:
    """Play ``n`` games of ``game`` between two levels ("random", "greedy", "search",
    "expert"); the same ``seed`` gives the same table. ``processes`` defaults to
    every core (one where processes cannot start, as in Pyodide); ``progress`` shows
    a bar in a notebook."""
    processes = processes or os.cpu_count() or 1
    seeds = [seed * 1_000_003 + i for i in range(n)]
    size = max(1, min(200, n // (processes * 4) or 1))
    chunks = [(game, variant, south, north, seeds[i:i + size]) for i in range(0, n, size)]
    bar = _progress(n) if progress else None
    sim = Simulation()
    pool = None
    if processes != 1 and len(chunks) > 1:
        try:
            pool = ProcessPoolExecutor(processes)
        except NotImplementedError:  # no processes here (Pyodide, in JupyterLite): play in this one
            pass
    if pool is None:
        results = map(_play_chunk, chunks)
        for rows in results:
            sim.rows.extend(rows)
            if bar:
                bar.value = len(sim.rows)
        return sim
    with pool:
        for rows in pool.map(_play_chunk, chunks):
            sim.rows.extend(rows)
            if bar:
                bar.value = len(sim.rows)
    return sim


def _progress(n: int):
    try:
        import ipywidgets
        from IPython.display import display
    except ImportError:
        return None
    bar = ipywidgets.IntProgress(min=0, max=n, description="games")
    display(bar)
    return bar
