"""Names for narration, and the runnable examples in docstrings and the README."""

import doctest
import importlib
from pathlib import Path

import pytest

from mancala_widgets.rules import initial_position, play
from mancala_widgets.rules.names import hole_name, move_name, narrate

ROOT = Path(__file__).resolve().parents[1]
MODULES = ["mancala_widgets.rules", "mancala_widgets.rules.kisolo", "mancala_widgets.rules.kiothi",
           "mancala_widgets.rules.record", "mancala_widgets.rules.names"]


@pytest.mark.parametrize("module", MODULES)
def test_docstring_examples_run(module):
    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0 and result.attempted > 0


def test_readme_examples_run():
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False)
    assert result.failed == 0 and result.attempted > 0


def test_holes_are_numbered_from_their_owners_left():
    assert hole_name("kisolo", [3, 0], columns=7) == "South's outer hole 1"
    assert hole_name("kisolo", [0, 0], columns=7) == "North's outer hole 7"
    assert hole_name("kisolo", [1, 5], columns=6) == "North's inner hole 1"
    assert hole_name("kiothi", [1, 0]) == "South's boma 1"
    assert hole_name("kiothi", [0, 0]) == "North's boma 10"


def test_move_names_speak_from_the_movers_side():
    assert move_name("kisolo", {"type": "capture", "column": 0}, "south") == (
        "South captures from North's inner hole 7 and the outer hole behind it")
    assert move_name("kiothi", {"type": "redistribute", "lift": [[1, 4], [1, 5]]}, "south") == (
        "South empties South's boma 5 and South's boma 6 and places the warriors")


def test_every_event_of_a_move_is_narrated_with_its_rule():
    after, trace = play(initial_position("kisolo"), {"type": "capture", "column": 3})
    lines = [narrate("kisolo", e) for e in trace]
    assert lines[0].startswith("Turn-start capture: South takes 3 + 3 stones from column 4")
    assert any("pussa kanawa" in line for line in lines)
    assert lines[-1] == "North to move."


def test_one_warrior_victory_is_announced():
    position = {"game": "kiothi", "start_holes": 6, "orthodox": True, "to_move": "south",
                "turn": 7, "board": [[0, 0, 0, 0, 1, 0, 0, 0, 0, 0], [0, 0, 2] + [0] * 5 + [2, 0]],
                "nki": [[False] * 10] * 2, "sown": [[False] * 10] * 2,
                "jails": {"south": 26, "north": 29}, "status": "playing", "winner": None,
                "reason": None}
    after, trace = play(position, {"type": "sow", "row": 1, "column": 2, "count": 2})
    assert narrate("kiothi", trace[-1]) == (
        "North cannot move: the game ends. South wins 31-29. "
        "A one-warrior victory, the mark of great skill!")
