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
