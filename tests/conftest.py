import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

if "MUTANT_UNDER_TEST" in os.environ:
    # Mutation testing only asks whether a test fails: hypothesis need not shrink the
    # failing random game it found (replaying it again and again until the mutant's
    # time runs out), nor keep examples between mutants.
    from hypothesis import Phase, settings

    settings.register_profile(
        "mutation", phases=[Phase.explicit, Phase.reuse, Phase.generate], database=None
    )
    settings.load_profile("mutation")


def pytest_itemcollected(item):
    """Every test under e2e/ drives a real browser: they share one JupyterLab and run
    on one worker (pytest-xdist's loadgroup), and the quick lane leaves them out. Marked
    as each is collected, before any collection_modifyitems hook (xdist's reads the
    groups there)."""
    if "e2e" in item.path.parts:
        item.add_marker(pytest.mark.browser)
        item.add_marker(pytest.mark.xdist_group("browser"))


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """Under pytest-xdist's loadgroup every browser test must carry the group in its id
    (that is how xdist keeps them on one worker); stop the run if a version of pytest
    or xdist loses it, instead of starting a JupyterLab and a site build on each worker.

    Under mutation testing, the quickest tests run first (see quickest_first)."""
    if "MUTANT_UNDER_TEST" in os.environ:
        quickest_first(items)
    if not getattr(config.option, "loadgroup", False):
        return
    lost = [item.nodeid for item in items if "e2e" in item.path.parts]
    lost = [nodeid for nodeid in lost if not nodeid.endswith("@browser")]
    if lost:
        raise pytest.UsageError(
            f"pytest-xdist did not group {len(lost)} browser tests (first: {lost[0]}); "
            f"pytest {pytest.__version__} may be newer than the xdist installed supports"
        )


def quickest_first(items):
    """mutmut runs each mutant's tests with -x, in no particular order: run them from
    the quickest, by the durations mutmut measured (mutants/mutmut-stats.json), so a
    mutant a quick test kills is not first put through the slow random games. Every
    test still runs for a mutant that survives."""
    stats = Path("mutmut-stats.json")  # mutmut runs the tests in mutants/
    if not stats.exists():
        return
    import json

    durations = json.loads(stats.read_text()).get("duration_by_test", {})
    items.sort(key=lambda item: durations.get(item.nodeid, float("inf")))


@pytest.fixture(autouse=True)
def fresh_boards_under_mutation():
    """Mutation testing (python3 dev.py mutants) forks each mutant's run from a process
    whose board caches were filled by the unmutated code: clear them, so a mutant in the
    code that builds a board is really exercised."""
    if "MUTANT_UNDER_TEST" in os.environ:
        from mancala_widgets.rules.game import kiothi_board, kisolo_board
        from mancala_widgets.rules.kisolo import geometry

        for cached in (geometry, kisolo_board, kiothi_board):
            cached.cache_clear()
    yield
