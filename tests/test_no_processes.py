"""Where no process can start (Pyodide, in the JupyterLite site: one core, and a
process pool raises NotImplementedError), simulations and the bench's ladder play
their games in the one process instead of failing, with the same results."""

import pytest

from mancala_widgets import bench
from mancala_widgets import simulate as simulate_module
from mancala_widgets.simulate import simulate


def no_processes(*args, **kwargs):
    # What concurrent.futures raises in Pyodide.
    raise NotImplementedError("This Python build lacks multiprocessing.synchronize")


def not_on_one_core(*args, **kwargs):
    raise AssertionError("a process pool was started on a one-core machine")


def test_a_simulation_plays_in_this_process_where_no_process_can_start(monkeypatch):
    expected = simulate("kisolo", n=12, seed=5, processes=1, columns=6).rows
    monkeypatch.setattr(simulate_module, "ProcessPoolExecutor", no_processes)
    assert simulate("kisolo", n=12, seed=5, processes=2, columns=6).rows == expected
    assert simulate("kisolo", n=12, seed=5, columns=6).rows == expected


def test_a_simulation_starts_no_pool_on_one_core(monkeypatch):
    expected = simulate("kiothi", n=6, seed=2, processes=1).rows
    monkeypatch.setattr(simulate_module, "usable_cores", lambda: 1)
    monkeypatch.setattr(simulate_module, "ProcessPoolExecutor", not_on_one_core)
    assert simulate("kiothi", n=6, seed=2).rows == expected


@pytest.mark.parametrize(
    "cores, pool", [(2, no_processes), (1, not_on_one_core)], ids=["no-processes", "one-core"]
)
def test_the_ladder_plays_in_this_process(monkeypatch, cores, pool):
    monkeypatch.setattr(bench, "LEVELS", ("random", "greedy"))
    monkeypatch.setattr(bench.os, "cpu_count", lambda: cores)
    monkeypatch.setattr(bench, "ProcessPoolExecutor", pool)
    [(strong, weak, wins, draws, _)] = list(bench.ladder("kisolo", 4))
    expected = [bench.ladder_game("kisolo", "greedy", "random", i) for i in range(4)]
    assert (strong, weak) == ("greedy", "random")
    assert (wins, draws) == (expected.count("win"), expected.count("draw"))
