"""Words a person reads: names, narration, the catalogues, and the runnable
examples in docstrings, the README and the documentation's pages (docs/*.md)."""

import doctest
import importlib
from pathlib import Path
from string import Formatter

import pytest

from mancala_widgets.rules import initial_position, play
from mancala_widgets.text import LOCALES, catalogue
from mancala_widgets.text.names import hole_name, move_name, narrate, narrate_trace

ROOT = Path(__file__).resolve().parents[1]
MODULES = [
    "mancala_widgets.rules",
    "mancala_widgets.rules.kisolo",
    "mancala_widgets.rules.kiothi",
    "mancala_widgets.rules.record",
    "mancala_widgets.rules.record_file",
    "mancala_widgets.rules.tree",
    "mancala_widgets.rules.common",
    "mancala_widgets.rules.files",
    "mancala_widgets.text",
    "mancala_widgets.text.names",
    "mancala_widgets.text.korean",
    "mancala_widgets.text.swahili",
    "mancala_widgets.players",
    "mancala_widgets.svg",
    "mancala_widgets.lessons",
    "mancala_widgets.simulate",
]


@pytest.mark.parametrize("module", MODULES)
def test_docstring_examples_run(module):
    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0 and result.attempted > 0


def test_readme_examples_run():
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False)
    assert result.failed == 0 and result.attempted > 0


#: The documentation's pages with examples (``>>>``), each run as a doctest.
DOC_PAGES = sorted(p for p in (ROOT / "docs").glob("*.md") if ">>> " in p.read_text("utf-8"))


@pytest.mark.parametrize("page", DOC_PAGES, ids=[p.name for p in DOC_PAGES])
def test_the_documentation_examples_run(page):
    result = doctest.testfile(str(page), module_relative=False, encoding="utf-8")
    assert result.failed == 0 and result.attempted > 0


def test_the_pages_that_hold_the_moved_examples_are_tested():
    assert {"rules.md", "api.md", "options.md", "records.md", "traces.md"} <= {
        p.name for p in DOC_PAGES
    }


def test_one_numbering_for_the_whole_board_facing_holes_share_a_number():
    assert hole_name("kisolo", [3, 0]) == "South's outer hole 1"
    assert hole_name("kisolo", [0, 0]) == "North's outer hole 1"
    assert hole_name("kisolo", [1, 5]) == "North's inner hole 6"
    assert hole_name("kisolo", [2, 5]) == "South's inner hole 6"  # faces North's inner hole 6
    assert hole_name("kiothi", [1, 0]) == "South's boma 1"
    assert hole_name("kiothi", [0, 0]) == "North's boma 1"
    assert hole_name("kiothi", [0, 9], locale="ko") == "북쪽 10번 보마"


def test_move_names_use_the_board_numbers_and_the_players_names():
    names = {"south": "Mbuyi", "north": "Kanku"}
    assert move_name("kisolo", {"type": "capture", "column": 0}, "south", names=names) == (
        "Mbuyi captures column 1: Kanku's inner hole 1 and the outer hole behind it"
    )
    assert move_name("kiothi", {"type": "redistribute", "lift": [[1, 4], [1, 5]]}, "south") == (
        "South empties South's boma 5 and South's boma 6 and places the warriors"
    )
    assert (
        move_name(
            "kiothi", {"type": "redistribute", "lift": [[1, 4], [1, 5]]}, "south", locale="ko"
        )
        == "남쪽이 남쪽 5번 보마와 남쪽 6번 보마를 비우고 전사를 놓습니다"
    )


def test_every_event_of_a_move_is_narrated_with_its_rule():
    after, trace = play(initial_position("kisolo"), {"type": "capture", "column": 3})
    lines = narrate_trace("kisolo", trace)
    assert lines[0] == (
        "Turn-start capture: South takes 3 + 3 stones from column 4 and sows them "
        "from South's inner hole 4."
    )
    assert any(line.startswith("Pussa kanawa: the hole after the landing hole") for line in lines)
    assert lines[-1] == "North to move."


def test_one_warrior_victory_is_announced_after_the_sweep():
    position = {
        "game": "kiothi",
        "start_holes": 6,
        "orthodox": True,
        "to_move": "south",
        "turn": 7,
        "board": [[0, 0, 0, 0, 1, 0, 0, 0, 0, 0], [0, 0, 2] + [0] * 5 + [2, 0]],
        "nki": [[False] * 10] * 2,
        "sown": [[False] * 10] * 2,
        "jails": {"south": 26, "north": 29},
        "status": "playing",
        "winner": None,
        "reason": None,
    }
    after, trace = play(position, {"type": "sow", "row": 1, "column": 2, "count": 2})
    assert narrate("kiothi", trace[-1]) == (
        "North cannot move: the game ends. The 3 warriors left on the board go to South's jail, "
        "as South can still move. South wins 31-29. A one-warrior victory, the mark of great skill!"
    )


PERPETUAL_REPEAT = {
    "game": "kisolo",
    "columns": 6,
    "to_move": "south",
    "board": [[3, 0, 0, 0, 0, 0], [0] * 6, [1, 2, 1, 0, 1, 1], [2, 1, 0, 1, 0, 2]],
    "status": "playing",
    "winner": None,
    "reason": None,
}
#: Found by random play: this relay reaches the 100,000-lap limit without repeating a lap end.
PERPETUAL_LIMIT = {
    "game": "kisolo",
    "columns": 6,
    "to_move": "south",
    "board": [[1, 2, 0, 0, 0, 4], [0] * 6, [9, 5, 1, 5, 3, 9], [3, 0, 22, 5, 1, 2]],
    "status": "playing",
    "winner": None,
    "reason": None,
}


def test_a_perpetual_sowing_is_worded_by_why_it_was_stopped():
    _, trace = play(PERPETUAL_REPEAT, {"type": "sow", "row": 2, "column": 4})
    lines = narrate_trace("kisolo", trace)
    assert trace[-1]["repeat_of_lap"] == 1
    assert "exactly as they were at the end of lap 1" in lines[-2]
    assert lines[-1].startswith("Draw by perpetual sowing: the move came back to a lap end")
    _, trace = play(PERPETUAL_LIMIT, {"type": "sow", "row": 3, "column": 5})
    lines = narrate_trace("kisolo", trace)
    assert trace[-1]["repeat_of_lap"] is None and trace[-1]["lap"] == 100_000
    assert "this is lap 100,000" in lines[-2]
    assert "limit of 100,000 laps" in lines[-1] and "never end" not in lines[-1]
    assert "did not find a repeat" in lines[-1]


def _leaves(value, path=""):
    """(dotted key, text) for every text of a catalogue entry; a plural, ``{"one",
    "other"}``, is one text (its "other" form): a language may have no plurals."""
    if isinstance(value, dict) and set(value) == {"one", "other"}:
        yield path, value["other"]
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, f"{path}.{k}" if path else k)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _leaves(v, f"{path}[{i}]")
    else:
        yield path, value


def _fields(text):
    return sorted({name for _, name, _, _ in Formatter().parse(text) if name is not None})


@pytest.mark.parametrize("locale", [loc for loc in LOCALES if loc != "en"])
def test_every_catalogue_has_every_english_text_with_the_same_fields(locale):
    """No text missing, none left empty where English has words (a student would
    silently lose them), and the same fields to fill in."""
    english, other = dict(_leaves(catalogue("en"))), dict(_leaves(catalogue(locale)))
    assert sorted(set(english) - set(other)) == [], "missing texts"
    assert sorted(set(other) - set(english)) == [], "texts English does not have"
    texts = [k for k, v in english.items() if isinstance(v, str)]
    assert [k for k in texts if english[k] and not other[k]] == [], "empty texts"
    assert [k for k in texts if _fields(english[k]) != _fields(other[k])] == [], "fields"
