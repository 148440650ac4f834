import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


def pytest_collection_modifyitems(items):
    """Every test under e2e/ drives a real browser: they share one JupyterLab and run
    on one worker (pytest-xdist's loadgroup), and the quick lane leaves them out."""
    for item in items:
        if "e2e" in item.path.parts:
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.xdist_group("browser"))


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
