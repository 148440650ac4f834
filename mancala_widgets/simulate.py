"""Play many games between two players and tabulate them, for lessons that
ask mathematical questions ("how long is a game of 4x6 Kisolo?").

>>> sim = simulate("kisolo", n=20, seed=1, columns=6)
>>> len(sim.rows), sorted(sim.rows[0])[:3]
(20, ['captures', 'game', 'length'])
>>> sim.summary()["games"]
20
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from typing import Callable

from .players import Player, RandomPlayer
from .rules import new_state

MAX_MOVES = 5000


def play_game(game: str, variant: dict, south: Player, north: Player) -> dict:
    """One game; a row of what happened in it."""
    state = new_state(game, **variant)
    players = (south, north)
    captures = longest = moves = 0
    while state.status == "playing" and moves < MAX_MOVES:
        trace: list[dict] = []
        state = state.play(players[state.to_move].choose(state), trace)
        moves += 1
        captures += sum(1 for e in trace if e["kind"] == "capture")
        laps = [e["lap"] for e in trace if e["kind"] == "lap_end"]
        longest = max(longest, max(laps, default=0))
    row = {"game": game, **variant, "result": state.status, "winner": state.to_dict()["winner"],
           "reason": state.reason, "length": moves, "captures": captures,
           "longest_relay": longest}
    if game == "kiothi":
        row["south_jail"], row["north_jail"] = state.jails
    return row


@dataclass
class Simulation:
    rows: list[dict] = field(default_factory=list)

    def column(self, name: str) -> list:
        return [r[name] for r in self.rows]

    def summary(self) -> dict:
        lengths = self.column("length")
        count = (lambda key, value: sum(1 for r in self.rows if r[key] == value))
        return {"games": len(self.rows),
                "south_wins": count("winner", "south"), "north_wins": count("winner", "north"),
                "draws": count("result", "draw"),
                "mean_length": round(statistics.fmean(lengths), 2) if lengths else None,
                "median_length": statistics.median(lengths) if lengths else None,
                "mean_captures": round(statistics.fmean(self.column("captures")), 2)
                if lengths else None,
                "longest_relay": max(self.column("longest_relay"), default=None)}


def simulate(game: str = "kisolo", n: int = 100, seed: int = 0,
             south: Callable[[int], Player] | None = None,
             north: Callable[[int], Player] | None = None,
             progress: bool = False, **variant) -> Simulation:
    """Play ``n`` games; players are made per game from a seed, so the same
    ``seed`` gives the same table. Default players: random."""
    make_south = south or (lambda s: RandomPlayer(s))
    make_north = north or (lambda s: RandomPlayer(s))
    sim = Simulation()
    bar = _progress(n) if progress else None
    for i in range(n):
        sim.rows.append(play_game(game, variant, make_south(seed * 1_000_003 + 2 * i),
                                  make_north(seed * 1_000_003 + 2 * i + 1)))
        if bar:
            bar.value = i + 1
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
