"""What a student does with the pussa kanawa notebook, as the browser tests of the
classroom site (JupyterLite) and of the teacher's pip install do it: run the
notebook, step through its lesson answering a question wrongly and one rightly,
play a move on the last board by clicking, and read the position back from the
kernel, compared with what the rules engine says the move gives."""

import json
from pathlib import Path

import nbformat
from conftest import run_all_cells
from playwright.sync_api import Page, expect

from mancala_widgets.rules import apply_move, legal_moves

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
PUSSA_KANAWA = "02-kisolo-pussa-kanawa.ipynb"
CELLS = ".jp-NotebookPanel .jp-Notebook .jp-Cell"


def cell_count(name: str) -> int:
    return len(nbformat.read(NOTEBOOKS / name, as_version=4).cells)


def wait_for_notebook(page: Page, name: str, kernel: str, timeout: float) -> None:
    """The notebook shows all its cells and its kernel is idle (clicks before that are
    silently lost)."""
    expect(page.locator(CELLS)).to_have_count(cell_count(name), timeout=60_000)
    expect(page.locator("#jp-main-statusbar")).to_contain_text(f"{kernel} | Idle", timeout=timeout)


def run_all(page: Page) -> None:
    run_all_cells(page)
    expect(page.locator(".jp-InputPrompt", has_text="[*]")).to_have_count(0, timeout=180_000)
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    expect(errors).to_have_count(0)


def add_cell(page: Page, source: str) -> int:
    """Add a code cell at the end and run it; its index."""
    last = page.locator(CELLS).last
    count = page.locator(CELLS).count()
    last.locator(".jp-InputArea-prompt").click()  # selects the cell (command mode)
    page.keyboard.press("b")  # a new cell below
    expect(page.locator(CELLS)).to_have_count(count + 1)
    page.keyboard.press("Enter")  # edit it
    page.keyboard.insert_text(source)
    run_cell(page, count)
    return count


def run_cell(page: Page, index: int) -> str:
    """Run cell ``index`` again (in place) and return its text output once it is new."""
    cell = page.locator(CELLS).nth(index)
    prompt = cell.locator(".jp-InputPrompt")
    before = prompt.inner_text()
    cell.locator(".cm-content").click()
    page.keyboard.press("Control+Enter")
    expect(prompt).not_to_have_text(before, timeout=30_000)
    expect(prompt).not_to_have_text("[*]:", timeout=30_000)
    return cell.locator(".jp-OutputArea-output").first.inner_text()


def step_the_lesson(page: Page) -> None:
    root = page.locator(".mw-root").filter(has=page.locator(".mw-lesson:not([hidden])")).first
    expect(root).to_be_visible(timeout=60_000)
    lesson = root.locator(".mw-lesson")
    expect(lesson.locator(".mw-lesson-step")).to_have_text("Step 1 of 13")
    lesson.locator(".mw-lesson-next").click()
    expect(lesson.locator(".mw-question")).to_contain_text(
        "Where will the last stone of the first lap fall?"
    )
    root.locator('[data-cell="3,5"]').click()  # wrong: the last stone falls in (3,2)
    expect(lesson.locator(".mw-feedback")).to_have_class("mw-feedback mw-wrong")
    expect(lesson.locator(".mw-feedback-text")).to_contain_text("Not quite.")
    lesson.locator(".mw-lesson-next").click()
    expect(lesson.locator(".mw-lesson-step")).to_have_text("Step 3 of 13")
    root.locator('[data-cell="3,3"]').click()  # right: pussa kanawa lifts the hole after
    expect(lesson.locator(".mw-feedback")).to_have_class("mw-feedback mw-right")
    expect(root.locator(".mw-status")).to_have_attribute("data-status", "playing", timeout=30_000)


def play_on_the_last_board(page: Page) -> None:
    """Click the first legal move on the notebook's last board (the real position to
    play out) and check the kernel's board took exactly that move."""
    readback = add_cell(page, "import json\nprint(json.dumps(board.position))")
    before = json.loads(
        page.locator(CELLS).nth(readback).locator(".jp-OutputArea-output").first.inner_text()
    )
    move = legal_moves(before)[0]
    # A turn-start capture is played by clicking the capturing column's inner hole.
    row = move.get("row", 2 if before["to_move"] == "south" else 1)
    board = page.locator(".mw-root").last
    board.locator(f'[data-cell="{row},{move["column"]}"]').click()
    expect(board.locator(".mw-status")).not_to_have_attribute(
        "data-status", "moving", timeout=30_000
    )
    after = json.loads(run_cell(page, readback))
    assert after == apply_move(before, move)
    assert after != before


def pussa_kanawa_as_a_student(page: Page) -> None:
    """Run, step and play, once the notebook is open and its kernel idle."""
    run_all(page)
    step_the_lesson(page)
    play_on_the_last_board(page)
