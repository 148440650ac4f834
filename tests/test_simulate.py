"""Simulations: the same seed gives the same table wherever the games are played
(one process, a pool, a Dask cluster), and the table has the columns the README lists."""

import json
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

from mancala_widgets import simulate as simulate_module
from mancala_widgets.simulate import COLUMNS, JAIL_COLUMNS, simulate


def test_simulations_are_the_same_on_any_number_of_processes():
    one = simulate("kiothi", n=12, seed=3, processes=1)
    two = simulate("kiothi", n=12, seed=3, processes=2)
    assert one.rows == two.rows
    summary = one.summary()
    assert summary["games"] == 12
    assert summary["south_wins"] + summary["north_wins"] + summary["draws"] == 12
    assert all(r["south_jail"] + r["north_jail"] == 60 for r in one.rows)
    json.dumps(one.rows)


def test_a_different_seed_gives_different_games():
    a = simulate("kisolo", n=8, seed=1, processes=1, columns=6).column("length")
    b = simulate("kisolo", n=8, seed=2, processes=1, columns=6).column("length")
    assert a != b


def test_any_executor_plays_the_same_games():
    expected = simulate("kisolo", n=10, seed=4, processes=1, columns=6).rows
    with ThreadPoolExecutor(3) as pool:
        assert simulate("kisolo", n=10, seed=4, executor=pool, columns=6).rows == expected


@pytest.mark.slow
def test_a_dask_cluster_plays_the_same_games_as_this_machine():
    import distributed  # a dev dependency: the test runs, never skips

    expected = simulate("kiothi", n=8, seed=7, processes=1).rows
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        rows = simulate("kiothi", n=8, seed=7, executor=client.get_executor()).rows
    assert rows == expected


@pytest.mark.parametrize("game, extra", [("kisolo", ()), ("kiothi", JAIL_COLUMNS)])
def test_the_table_has_a_column_for_each_fact_and_option(game, extra):
    options = {"columns": 6} if game == "kisolo" else {}
    table = simulate(game, n=5, seed=1, processes=1, **options).table()
    assert table.shape[0] == 5
    assert set(COLUMNS) | set(extra) | set(options) == set(table.columns)
    assert (table["length"] > 0).all()
    if game == "kiothi":
        assert ((table["south_jail"] + table["north_jail"]) == 60).all()
        won_by_two = (table["south_jail"] - table["north_jail"]).abs() == 2
        assert (table["one_warrior_victory"] == won_by_two).all()


def test_without_pandas_the_rows_still_work_and_table_says_why_not(monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)
    sim = simulate("kisolo", n=3, seed=2, processes=1)
    assert len(sim.rows) == 3
    with pytest.raises(ImportError, match="pip install pandas"):
        sim.table()


def test_progress_counts_every_game(capsys):
    simulate("kisolo", n=6, seed=1, processes=1, progress=True, columns=6)
    err = capsys.readouterr().err
    assert "6/6" in err


@pytest.mark.parametrize(
    "arguments, message",
    [
        ({"n": -5}, "n = -5: expected a whole number from 0 to 10,000,000"),
        ({"n": 2.5}, "n = 2.5: expected a whole number"),
        ({"n": True}, "n = True: expected a whole number"),
        ({"n": 10**8}, "n = 100000000: expected a whole number from 0"),
        ({"seed": "x"}, "seed = 'x': expected a whole number"),
        ({"processes": 0}, "processes = 0: expected None or a whole number from 1"),
        ({"processes": 1.5}, "processes = 1.5: expected None"),
        ({"south": "grandmaster"}, "south = 'grandmaster': expected one of random, greedy"),
        ({"progress": "yes"}, "progress = 'yes': expected True or False"),
        ({"executor": object()}, "expected a concurrent.futures.Executor"),
        ({"columns": 9}, "columns = 9: expected 7 or 6"),
        ({"game": "oware"}, "game = 'oware': expected 'kisolo' or 'kiothi'"),
    ],
)
def test_bad_arguments_are_refused_before_any_game(monkeypatch, arguments, message):
    monkeypatch.setattr(simulate_module, "ProcessPoolExecutor", refuse_pool)
    with pytest.raises(ValueError) as e:
        simulate(**{"game": "kisolo", "n": 4, **arguments})
    assert message in str(e.value)


def refuse_pool(*args, **kwargs):
    raise AssertionError("a process pool was started")


def test_no_games_is_an_empty_table():
    assert simulate("kisolo", n=0).rows == [] and simulate("kisolo", n=0).summary() == {"games": 0}


def test_the_pool_is_never_larger_than_the_work_or_the_cores(monkeypatch):
    sizes = []

    class Pool(ThreadPoolExecutor):
        def __init__(self, workers):
            sizes.append(workers)
            super().__init__(workers)

    monkeypatch.setattr(simulate_module, "ProcessPoolExecutor", Pool)
    monkeypatch.setattr(simulate_module, "usable_cores", lambda: 4)
    expected = simulate("kisolo", n=3, seed=1, processes=1, columns=6).rows
    assert simulate("kisolo", n=3, seed=1, processes=30, columns=6).rows == expected
    assert simulate("kisolo", n=400, seed=1, processes=10**6, columns=6).summary()["games"] == 400
    assert sizes == [3, 4], "3 chunks of 1 game: 3 processes; then at most the 4 cores"


def test_seeds_are_made_as_the_games_go_not_all_first(monkeypatch):
    submitted = []

    class Watching(ThreadPoolExecutor):
        def submit(self, fn, job):
            submitted.append(job[4][0])
            return super().submit(fn, job)

    with Watching(1) as pool:
        rows = iter(simulate_module._in_order(pool, simulate_module_jobs(50), 4))
        next(rows)
        assert len(submitted) == 4, "four chunks waiting at most, not the fifty"


def simulate_module_jobs(count):
    return (("kisolo", {"columns": 6}, "random", "random", [i]) for i in range(count))


def test_an_executor_that_loses_games_is_caught():
    class Lossy(ThreadPoolExecutor):
        def submit(self, fn, job):
            return super().submit(lambda j: fn(j)[:-1], job)

    with Lossy(2) as pool, pytest.raises(RuntimeError, match="came back with 0 rows for 1 games"):
        simulate("kisolo", n=3, seed=1, executor=pool, columns=6)
