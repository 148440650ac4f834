"""Simulations: the same seed gives the same table wherever the games are played
(one process, a pool, a Dask cluster), and the table has the columns the README lists."""

import json
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

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
