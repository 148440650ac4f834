"""What-if lines in a real JupyterLab: play, go back by clicking the move list,
play a different move, see the variation listed, and read the record's tree
back from the kernel."""

import json
import re

import pytest
from playwright.sync_api import expect

from mancala_widgets.rules import apply_move, initial_position

pytestmark = pytest.mark.browser

SOUTH_CAPTURES_4 = {"type": "capture", "column": 3}
NORTH_CAPTURES_1 = {"type": "capture", "column": 0}
NORTH_CAPTURES_7 = {"type": "capture", "column": 6}
READ_BACK = (
    "print(json.dumps({'record': board.record.to_json(), 'path': board.record.node.path,"
    " 'position': board.position}))"
)


def cell(page, r, c):
    return page.locator(f'.mw-root [data-cell="{r},{c}"]')


def wait_until_idle(page):
    expect(page.locator(".mw-status").first).to_have_attribute(
        "data-status", "playing", timeout=30_000
    )


def play(page, r, c, moves_listed):
    """Click a cell and wait until the move is listed and its animation is over."""
    cell(page, r, c).click()
    expect(page.locator(".mw-history-move")).to_have_count(moves_listed, timeout=30_000)
    wait_until_idle(page)


def test_a_different_move_from_an_earlier_position_becomes_a_variation(notebook):
    setup = (
        "import json\nfrom mancala_widgets import *\nboard = KisoloBoard()\nboard.speed = 8\nboard"
    )
    nb = notebook("variations.ipynb", [setup, READ_BACK])
    nb.run_all()
    page = nb.page
    expect(page.locator(".mw-root .mw-board")).to_be_visible(timeout=30_000)
    wait_until_idle(page)
    play(page, 2, 3, 1)  # South captures column 4 (clicked from South's inner hole)
    play(page, 1, 0, 2)  # North captures column 1 (from North's inner hole)
    page.locator(".mw-history summary").click()
    first = page.locator(".mw-history-list > li").nth(0).locator(".mw-history-move")
    first.click()
    expect(first).to_have_attribute("aria-current", "step")
    wait_until_idle(page)
    play(page, 1, 6, 3)  # North captures column 7 instead: a variation
    variation = page.locator(".mw-history-list > li").nth(1).locator("ol.mw-variation button")
    expect(variation).to_have_count(1)
    expect(variation).to_have_attribute(
        "aria-label", re.compile(r"^variation: move 2, North captures column 7")
    )
    expect(variation).to_have_attribute("aria-current", "step")
    main = page.locator(".mw-history-list > li").nth(1).locator(":scope > button")
    expect(main).to_have_attribute("aria-label", re.compile(r"^move 2, North captures column 1"))

    start = initial_position("kisolo")
    after_south = apply_move(start, SOUTH_CAPTURES_4)
    kernel = json.loads(nb.rerun(1))
    assert kernel["record"]["version"] == 2
    assert kernel["record"]["moves"] == [
        SOUTH_CAPTURES_4,
        {**NORTH_CAPTURES_1, "variations": [[NORTH_CAPTURES_7]]},
    ]
    assert kernel["path"] == [0, 1]
    assert kernel["position"] == apply_move(after_south, NORTH_CAPTURES_7)

    main.click()  # back to the main line's second move
    expect(main).to_have_attribute("aria-current", "step")
    wait_until_idle(page)
    kernel = json.loads(nb.rerun(1))
    assert kernel["path"] == [0, 0]
    assert kernel["position"] == apply_move(after_south, NORTH_CAPTURES_1)
