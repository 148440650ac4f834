"""The examples in the docstrings of the engine, the players and the exercises run and say
what they show."""

import doctest
import importlib
import pkgutil

import pytest

import mancala_widgets.exercises
import mancala_widgets.players
import mancala_widgets.rules

MODULES = sorted(
    name
    for package in (mancala_widgets.rules, mancala_widgets.players, mancala_widgets.exercises)
    for name in [package.__name__]
    + [m.name for m in pkgutil.walk_packages(package.__path__, package.__name__ + ".")]
) + [  # the class's data, the tables it shares with the standings, and its widgets
    "mancala_widgets.classroom",
    "mancala_widgets.classroom.formats",
    "mancala_widgets.classroom.handin",
    "mancala_widgets.classroom.inbox",
    "mancala_widgets.classroom.marking",
    "mancala_widgets.classroom.misconceptions",
    "mancala_widgets.classroom.playercode",
    "mancala_widgets.standings",
    "mancala_widgets.tables",
    "mancala_widgets.widgets.exercise",
    "mancala_widgets.widgets.marks",
    "mancala_widgets.widgets.work",
    "mancala_widgets.widgets.hub",
]


@pytest.mark.parametrize("name", MODULES)
def test_the_modules_examples_run(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"


def test_the_engine_and_players_show_examples():
    shown = {
        name: doctest.testmod(importlib.import_module(name)).attempted
        for name in (
            "mancala_widgets.rules",
            "mancala_widgets.rules.state",
            "mancala_widgets.rules.kisolo",
            "mancala_widgets.rules.kiothi",
            "mancala_widgets.players",
        )
    }
    assert all(shown.values()), shown
