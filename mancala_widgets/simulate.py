"""Play many games between two players and tabulate them, for lessons that
ask mathematical questions ("how long is a game of 4x6 Kisolo?") and for
studies too large for one machine.

Each game is seeded by its number, so a table is the same however many
processes, or machines, play it: the games are shared out in chunks over
every core by default, or over any ``concurrent.futures.Executor`` you pass
(a Dask cluster's ``client.get_executor()``, for one).

>>> sim = simulate("kisolo", n=20, seed=1, processes=1, columns=6)
>>> len(sim.rows), sim.summary()["games"]
(20, 20)
>>> sim.rows[0]["length"] > 0
True
"""

from __future__ import annotations

import os
import statistics
from collections.abc import Iterable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from .players import level
from .rules import new_state

MAX_MOVES = 5000
#: The columns of every row, in order; a game with jails (Kiothi) adds JAIL_COLUMNS,
#: and each variant option (columns; start_holes, orthodox) is a column too.
COLUMNS = ("game", "result", "winner", "reason", "length", "captures", "longest_relay")
JAIL_COLUMNS = ("south_jail", "north_jail", "one_warrior_victory")


def play_game(game: str, variant: dict[str, Any], south: str, north: str, seed: int) -> dict:
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
    row: dict[str, Any] = {
        "game": game,
        **variant,
        "result": state.status,
        "winner": state.to_dict()["winner"],
        "reason": state.reason,
        "length": moves,
        "captures": captures,
        "longest_relay": longest,
    }
    if state.GAME.has_jails:
        south_jail, north_jail = state.holdings(0), state.holdings(1)
        row.update(
            south_jail=south_jail,
            north_jail=north_jail,
            one_warrior_victory=abs(south_jail - north_jail) == 2,
        )
    return row


def _play_chunk(args: tuple[str, dict[str, Any], str, str, list[int]]) -> list[dict]:
    game, variant, south, north, seeds = args
    return [play_game(game, variant, south, north, s) for s in seeds]


@dataclass
class Simulation:
    """The games played, a row each (dicts: see COLUMNS), in the order of their seeds."""

    rows: list[dict] = field(default_factory=list)

    def column(self, name: str) -> list:
        return [r[name] for r in self.rows]

    def table(self) -> Any:
        """The rows as a pandas DataFrame (``pip install pandas``); without pandas the
        rows are still in ``rows``.

        >>> simulate("kisolo", n=3, seed=2, processes=1).table().shape[0]
        3
        """
        try:
            import pandas
        except ImportError:
            raise ImportError(
                "Simulation.table() needs pandas (pip install pandas); the rows "
                "are in Simulation.rows without it"
            ) from None
        return pandas.DataFrame(self.rows)

    def summary(self) -> dict:
        lengths = self.column("length")
        if not lengths:
            return {"games": 0}
        count = lambda key, value: sum(1 for r in self.rows if r[key] == value)  # noqa: E731
        return {
            "games": len(self.rows),
            "south_wins": count("winner", "south"),
            "north_wins": count("winner", "north"),
            "draws": count("result", "draw"),
            "mean_length": round(statistics.fmean(lengths), 2),
            "median_length": statistics.median(lengths),
            "mean_captures": round(statistics.fmean(self.column("captures")), 2),
            "longest_relay": max(self.column("longest_relay")),
        }


def simulate(
    game: str = "kisolo",
    n: int = 100,
    seed: int = 0,
    south: str = "random",
    north: str = "random",
    processes: int | None = None,
    progress: bool = False,
    executor: Executor | None = None,
    **variant: Any,
) -> Simulation:
    """Play ``n`` games of ``game`` between two levels ("random", "greedy", "search",
    "expert"); the same ``seed`` gives the same table, whoever plays it.

    The games go out in chunks to ``executor`` if one is given (any
    ``concurrent.futures.Executor``: a thread or process pool, a Dask cluster's
    ``client.get_executor()``), else to a process pool of ``processes`` (default:
    every core; one process where processes cannot start, as in Pyodide).
    ``progress`` shows a progress bar (tqdm: in a notebook or a terminal)."""
    workers = processes or os.cpu_count() or 1
    seeds = [seed * 1_000_003 + i for i in range(n)]
    size = max(1, min(200, n // (workers * 4) or 1))
    chunks = [(game, variant, south, north, seeds[i : i + size]) for i in range(0, n, size)]
    sim = Simulation()
    with _progress(n, progress) as bar:
        for rows in _map(chunks, executor, workers):
            sim.rows.extend(rows)
            bar.update(len(rows))
    return sim


def _map(chunks: list, executor: Executor | None, workers: int) -> Iterable[list[dict]]:
    """The chunks' rows, in order, played where they should be."""
    if executor is not None:
        return executor.map(_play_chunk, chunks)
    if workers == 1 or len(chunks) <= 1:
        return map(_play_chunk, chunks)
    try:
        pool = ProcessPoolExecutor(workers)
    except NotImplementedError:  # no processes here (Pyodide, in JupyterLite): play in this one
        return map(_play_chunk, chunks)
    return _in_pool(pool, chunks)


def _in_pool(pool: ProcessPoolExecutor, chunks: list) -> Iterator[list[dict]]:
    with pool:
        yield from pool.map(_play_chunk, chunks)


class _NoBar:
    def __enter__(self) -> _NoBar:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def update(self, n: int) -> None:
        return None


def _progress(n: int, wanted: bool) -> Any:
    if not wanted:
        return _NoBar()
    from tqdm.auto import tqdm

    return tqdm(total=n, unit="game", desc="games")
