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
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from .players import LEVELS, level
from .rules import new_state
from .rules.common import shown
from .text import check_locale, tr

MAX_MOVES = 5000
#: A game's row (see COLUMNS), and a chunk of games to play: (game, variant, south,
#: north, seeds).
Row = dict[str, Any]
Job = tuple[str, dict[str, Any], str, str, list[int]]
#: The columns of every row, in order; a game with jails (Kiothi) adds JAIL_COLUMNS,
#: and each variant option (columns; start_holes, orthodox) is a column too.
COLUMNS = ("game", "result", "winner", "reason", "length", "captures", "longest_relay")
JAIL_COLUMNS = ("south_jail", "north_jail", "one_warrior_victory")
#: The keys of Simulation.summary(), in order.
SUMMARY = (
    "games",
    "south_wins",
    "north_wins",
    "draws",
    "mean_length",
    "median_length",
    "mean_captures",
    "longest_relay",
)


def play_game(game: str, variant: dict[str, Any], south: str, north: str, seed: int) -> Row:
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


def _play_chunk(args: Job) -> list[Row]:
    game, variant, south, north, seeds = args
    return [play_game(game, variant, south, north, s) for s in seeds]


@dataclass
class Simulation:
    """The games played, a row each (dicts: see COLUMNS), in the order of their seeds."""

    rows: list[Row] = field(default_factory=list)

    def column(self, name: str) -> list[Any]:
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

    def summary(self, locale: str | None = None) -> dict[str, Any]:
        """Wins, draws, the mean and median length, the mean number of captures and
        the longest relay. Keyed by the names of SUMMARY, or, given a ``locale``, by
        their labels in that language (to print: the values are the same).

        >>> sim = simulate("kisolo", n=4, seed=1, processes=1)
        >>> list(sim.summary())[:3], list(sim.summary(locale="ko"))[:3]
        (['games', 'south_wins', 'north_wins'], ['게임 수', '남쪽 승리', '북쪽 승리'])
        """
        lengths = self.column("length")

        def count(key: str, value: Any) -> int:
            return sum(1 for r in self.rows if r[key] == value)

        out = (
            {
                "games": len(self.rows),
                "south_wins": count("winner", "south"),
                "north_wins": count("winner", "north"),
                "draws": count("result", "draw"),
                "mean_length": round(statistics.fmean(lengths), 2),
                "median_length": statistics.median(lengths),
                "mean_captures": round(statistics.fmean(self.column("captures")), 2),
                "longest_relay": max(self.column("longest_relay")),
            }
            if lengths
            else {"games": 0}
        )
        if locale is None:
            return out
        return {label(key, locale): value for key, value in out.items()}


def label(name: str, locale: str) -> str:
    """The words for a column of the rows or a key of the summary, to head a table.

    >>> label("mean_length", "en"), label("south_wins", "ko")
    ('mean length (moves)', '남쪽 승리')
    """
    return tr(check_locale(locale), f"simulation.{name}")


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
    every core this process may use, and never more, nor more than there are chunks;
    one process where processes cannot start, as in Pyodide). ``progress`` shows a
    progress bar (tqdm: in a notebook or a terminal). Every argument is checked
    before the first game (a ValueError says which is wrong), the seeds are made as
    the games go, and every chunk must come back with a row for each of its games."""
    _check(game, n, seed, south, north, processes, progress, executor, variant)
    cores = usable_cores()
    size = max(1, min(200, n // ((processes or cores) * 4) or 1))
    chunks = -(-n // size)
    workers = max(1, min(processes or cores, cores, chunks))
    first = seed * 1_000_003
    jobs = (
        (game, variant, south, north, list(range(first + i, first + min(i + size, n))))
        for i in range(0, n, size)
    )
    sim = Simulation()
    with _progress(n, progress) as bar:
        for job, rows in _map(jobs, executor, workers, chunks):
            if not isinstance(rows, list) or len(rows) != len(job[4]):
                got = len(rows) if isinstance(rows, list) else type(rows).__name__
                raise RuntimeError(
                    f"the games seeded {job[4][0]} to {job[4][-1]} came back with {got} "
                    f"rows for {len(job[4])} games: the executor lost some"
                )
            sim.rows.extend(rows)
            bar.update(len(rows))
    return sim


#: The most games one simulation plays: a table of ten million rows is already large.
MAX_GAMES = 10_000_000


def usable_cores() -> int:
    """The cores this process may run on (a container's or a job's share, not the
    whole machine's)."""
    count = getattr(os, "process_cpu_count", None)
    if count is not None:
        return count() or 1
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _check(
    game: str,
    n: Any,
    seed: Any,
    south: Any,
    north: Any,
    processes: Any,
    progress: Any,
    executor: Any,
    variant: dict[str, Any],
) -> None:
    def whole(v: Any) -> bool:  # not bool, not a float
        return type(v) is int

    if not whole(n) or not 0 <= n <= MAX_GAMES:
        raise ValueError(f"n = {shown(n)}: expected a whole number from 0 to {MAX_GAMES:,}")
    if not whole(seed):
        raise ValueError(f"seed = {shown(seed)}: expected a whole number")
    for side, name in (("south", south), ("north", north)):
        if name not in LEVELS or not isinstance(name, str):
            raise ValueError(f"{side} = {shown(name)}: expected one of {', '.join(LEVELS)}")
    if processes is not None and (not whole(processes) or processes < 1):
        raise ValueError(f"processes = {shown(processes)}: expected None or a whole number from 1")
    if not isinstance(progress, bool):
        raise ValueError(f"progress = {shown(progress)}: expected True or False")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise ValueError(f"executor = {shown(executor)}: expected a concurrent.futures.Executor")
    new_state(game, **variant)  # the game and its variant (raises naming what is wrong)


def _map(
    jobs: Iterator[Job], executor: Executor | None, workers: int, chunks: int
) -> Iterator[tuple[Job, list[Row]]]:
    """Each job with its rows, in order, played where they should be."""
    if executor is not None:
        return _in_order(executor, jobs, 4 * workers)
    if workers == 1 or chunks <= 1:
        return ((job, _play_chunk(job)) for job in jobs)
    try:
        pool = ProcessPoolExecutor(workers)
    except NotImplementedError:  # no processes here (Pyodide, in JupyterLite): play in this one
        return ((job, _play_chunk(job)) for job in jobs)
    return _in_pool(pool, jobs, workers)


def _in_pool(
    pool: ProcessPoolExecutor, jobs: Iterator[Job], workers: int
) -> Iterator[tuple[Job, list[Row]]]:
    with pool:
        yield from _in_order(pool, jobs, 4 * workers)


def _in_order(
    executor: Executor, jobs: Iterator[Job], window: int
) -> Iterator[tuple[Job, list[Row]]]:
    """Submit the jobs a few at a time (at most ``window`` waiting), yield each with its
    rows in order: the seeds of a long simulation are never all made at once."""
    waiting: deque[tuple[Job, Future[list[Row]]]] = deque()
    for job in jobs:
        waiting.append((job, executor.submit(_play_chunk, job)))
        if len(waiting) >= window:
            done, future = waiting.popleft()
            yield done, future.result()
    while waiting:
        done, future = waiting.popleft()
        yield done, future.result()


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
