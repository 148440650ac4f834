"""Hints and reviews in a real JupyterLab: a student presses Hint, sees the cell and
the sentence and plays it; a finished game is reviewed, its chart and turning points
appear, and a turning point shows its position on the board (light and dark theme)."""

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import pytest
from playwright.sync_api import expect

from mancala_widgets.rules import load_position
from mancala_widgets.rules.record import GameRecord

from test_board_browser import use_theme
from test_review import KISOLO_WIN

pytestmark = pytest.mark.browser
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

#: South to move with two turn-start captures, one of which wins (worked out by hand
#: in tests/test_review.py): the hint is that capture.
WINNING_CAPTURE = KISOLO_WIN


def short_game(seed=2) -> GameRecord:
    """A short finished Kisolo game between random players."""
    rng = random.Random(seed)
    rec = GameRecord("kisolo")
    while rec.state.status == "playing":
        rec.play(rng.choice(rec.state.legal_moves()))
    return rec


def test_a_hint_is_shown_and_played_and_a_finished_game_is_reviewed(notebook):
    game = short_game()
    moves = json.dumps(game.moves)
    start = json.dumps(json.dumps(WINNING_CAPTURE))
    nb = notebook(
        "coach.ipynb",
        [
            "import json\nfrom mancala_widgets import *\n"
            f"hinted = KisoloBoard(position=json.loads({start}))\nhinted.speed = 8\nhinted",
            "played = KisoloBoard()\nplayed.speed = 8\n"
            f"for move in json.loads({json.dumps(moves)}):\n    played.play(move)\nplayed",
            "print(json.dumps([played.position, played.move_count, played.game_review]))",
        ],
    )
    nb.run_all()
    page = nb.page
    boards = page.locator(".mw-root")
    expect(boards).to_have_count(2, timeout=30_000)
    hinted, played = boards.nth(0), boards.nth(1)
    expect(hinted.locator(".mw-status")).to_have_attribute("data-status", "playing")

    # Hint: the winning capture's cell is marked and the reason is said.
    hinted.locator(".mw-hint-button").click()
    target = hinted.locator('[data-cell="2,4"]')
    expect(target).to_have_class("mw-cell mw-south mw-playable mw-suggested", timeout=30_000)
    expect(target).to_have_attribute(
        "aria-label", "South's inner hole 5, 1 stone, suggested move, can be played"
    )
    line = hinted.locator(".mw-coach-hint")
    expect(line).to_have_attribute("aria-live", "polite")
    expect(line).to_have_text(
        "Hint: South captures column 5: North's inner hole 5 and the outer hole behind it. "
        "It wins the game."
    )
    expect(hinted.locator(".mw-suggested")).to_have_count(1)
    target.click()
    expect(hinted.locator(".mw-status")).to_have_attribute("data-status", "won", timeout=30_000)
    expect(line).to_be_hidden()
    expect(hinted.locator(".mw-review-button")).to_be_visible()
    expect(hinted.locator(".mw-hint-button")).to_be_disabled()

    # Review: the chart and the turning points arrive; one shows its position.
    review = played.locator(".mw-review-button")
    expect(review).to_be_visible()
    review.click()
    chart = played.locator(".mw-review-chart")
    expect(chart).to_be_visible(timeout=120_000)
    expect(chart).to_have_attribute(
        "aria-label",
        "Who was ahead after each move: above the middle line South, below it North",
    )
    points = played.locator(".mw-turning-point")
    expect(points.first).to_be_visible()
    dots = chart.locator(".mw-chart-mark")
    assert dots.count() == points.count() > 0
    ARTIFACTS.mkdir(exist_ok=True)
    played.screenshot(path=str(ARTIFACTS / "review-light.png"))
    first = points.first
    number = int(first.inner_text().split(":")[0].split()[-1])  # "Move 3: ..."
    first.click()
    expect(first).to_have_attribute("aria-current", "step", timeout=30_000)
    expect(played.locator(".mw-status")).to_have_attribute("data-status", "playing")
    position, shown_moves, shown_review = json.loads(nb.rerun(2))
    expected = load_position(game.start)
    for move in game.moves[: number - 1]:
        expected = expected.play(move)
    assert shown_moves == number - 1
    assert position == expected.to_dict()
    assert shown_review["state"] == "done", "going to a position keeps the review"
    for r, row in enumerate(position["board"]):
        for c, n in enumerate(row):
            count = played.locator(f'[data-cell="{r},{c}"] .mw-count')
            expect(count).to_have_text(str(n))

    use_theme(page, "JupyterLab Dark", light=False)
    line_colour = chart.locator(".mw-chart-line").evaluate("e => getComputedStyle(e).stroke")
    r, g, b = (int(x) for x in line_colour[line_colour.index("(") + 1 : -1].split(",")[:3])
    assert min(r, g, b) > 150, f"the chart's line {line_colour} is light on the dark page"
    played.screenshot(path=str(ARTIFACTS / "review-dark.png"))
    use_theme(page, "JupyterLab Light", light=True)
    assert not page.errors


def test_taken_back_to_the_computers_turn_the_board_says_what_to_press_and_the_button_plays(
    notebook,
):
    nb = notebook(
        "computer_waits.ipynb",
        [
            "import json\nfrom mancala_widgets import *\n"
            "board = KisoloBoard(opponent='greedy', computer_plays='south', seed=3)\n"
            "board.speed = 8\nboard",
            "print(json.dumps([board.move_count, board.computer_waits]))",
        ],
    )
    nb.run_all()
    page = nb.page
    root = page.locator(".mw-root")
    status = root.locator(".mw-status")
    expect(status).to_have_text("North to move", timeout=30_000)
    button = root.locator(".mw-computer-move")
    expect(button).to_be_hidden()
    root.locator(".mw-undo").click()
    expect(status).to_have_text(
        "South (the computer) is to move: press “Computer's move”, or Redo to see the game again",
        timeout=30_000,
    )
    expect(button).to_be_visible()
    ARTIFACTS.mkdir(exist_ok=True)
    root.screenshot(path=str(ARTIFACTS / "computer-waits.png"))
    assert json.loads(nb.rerun(1)) == [0, True]
    button.click()
    expect(status).to_have_text("North to move", timeout=30_000)
    expect(button).to_be_hidden()
    assert json.loads(nb.rerun(1)) == [1, False]
    assert not page.errors
