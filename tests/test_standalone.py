"""The engine stands alone: with none of the package's dependencies installed, the rules,
lessons, players, tournaments, the static picture and the handouts work, and a widget
says what it needs."""

import subprocess
import sys
import textwrap
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = textwrap.dedent(
    """
    import importlib.util, json
    for dependency in ("anywidget", "ipywidgets", "traitlets", "IPython", "pandas"):
        assert importlib.util.find_spec(dependency) is None, dependency

    import mancala_widgets
    from mancala_widgets import available_lessons, board_svg, load_lesson, tournament
    from mancala_widgets.handouts import handout
    from mancala_widgets.players import level
    from mancala_widgets.rules import new_state

    state = new_state("kiothi")
    player = level("greedy", seed=1)
    while state.status == "playing":
        state = state.play(player.choose(state))
    lessons = [load_lesson(name).id for name in available_lessons()]
    standings = tournament({"a": level("random", seed=1), "b": level("greedy", seed=1)}, seed=1)
    try:
        mancala_widgets.KisoloBoard
    except ImportError as e:
        widget = str(e)
    print(json.dumps({
        "status": state.status,
        "lessons": len(lessons),
        "svg": board_svg(new_state("kisolo").to_dict()).startswith("<svg"),
        "handout": "<html" in handout("rules", game="kisolo"),
        "games": len(standings.games),
        "widget": widget,
    }))
    """
)


def test_the_rules_lessons_players_and_tournaments_need_no_dependency(tmp_path):
    bare = tmp_path / "bare"
    venv.create(bare, with_pip=False, system_site_packages=False)
    python = bare / ("Scripts" if sys.platform == "win32" else "bin") / "python"
    out = subprocess.run(
        [str(python), "-s", "-c", SCRIPT],
        env={"PYTHONPATH": str(ROOT), "PATH": ""},
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    import json

    seen = json.loads(out.stdout)
    assert seen["status"] in ("won", "draw") and seen["games"] == 2 and seen["svg"]
    assert seen["lessons"] >= 8 and seen["handout"]
    assert "KisoloBoard is a widget and needs anywidget" in seen["widget"]


def test_the_version_is_written_once():
    import importlib.metadata
    import re

    import mancala_widgets

    sources = [
        p
        for p in (ROOT / "pyproject.toml", ROOT / "package.json")
        if re.search(r'^\s*"?version"?\s*[=:]', p.read_text(), re.MULTILINE)
    ]
    assert sources == []  # pyproject.toml reads it from __init__.py; npm's is private
    assert importlib.metadata.version("mancala-widgets") == mancala_widgets.__version__
    assert (ROOT / "mancala_widgets" / "py.typed").exists()
