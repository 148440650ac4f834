"""The lesson notebooks in a real JupyterLab: step through, answer a question
wrongly and one rightly, and read the feedback."""

from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def open_lesson_notebook(notebook, name):
    """Runs the code of ``notebooks/<name>`` (the Korean ones are under ko/)."""
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    cells = [c.source for c in nb.cells if c.cell_type == "code"]
    opened = notebook(f"lesson-{name.replace('/', '-')}", cells)
    opened.run_all()
    page = opened.page
    # The lesson is the notebook's first widget; later cells may show plain
    # boards too, so every locator below is scoped to the lesson's own root.
    root = page.locator(".mw-root").filter(has=page.locator(".mw-lesson:not([hidden])")).first
    expect(root).to_be_visible(timeout=60_000)
    # Later cells (a simulation) keep the kernel busy; answers wait until they are done.
    expect(page.locator(".jp-InputPrompt", has_text="[*]")).to_have_count(0, timeout=120_000)
    return page, root


def cell(root, r, c):
    return root.locator(f'[data-cell="{r},{c}"]')


def test_pussa_kanawa_lesson_wrong_then_right(notebook):
    page, root = open_lesson_notebook(notebook, "02-kisolo-pussa-kanawa.ipynb")
    lesson = root.locator(".mw-lesson")
    expect(lesson.locator(".mw-lesson-step")).to_have_text("Step 1 of 13")
    lesson.locator(".mw-lesson-next").click()
    expect(lesson.locator(".mw-question")).to_contain_text(
        "Where will the last stone of the first lap fall?"
    )
    expect(lesson.locator(".mw-lesson-next")).to_be_disabled()
    cell(root, 3, 5).click()  # wrong: the last stone falls in (3,2)
    expect(lesson.locator(".mw-feedback")).to_have_class("mw-feedback mw-wrong")
    expect(lesson.locator(".mw-feedback-text")).to_contain_text(
        "Not quite. The answer: South's outer hole 3."
    )
    lesson.locator(".mw-lesson-next").click()
    expect(lesson.locator(".mw-lesson-step")).to_have_text("Step 3 of 13")
    expect(lesson.locator(".mw-question")).to_contain_text(
        "Which hole will pussa kanawa lift first?"
    )
    cell(root, 3, 3).click()  # right: pussa kanawa lifts the hole after the landing hole
    expect(lesson.locator(".mw-feedback")).to_have_class("mw-feedback mw-right")
    expect(lesson.locator(".mw-feedback-text")).to_contain_text(
        "Right! The last stone fell in outer hole 3"
    )
    expect(root.locator(".mw-status")).to_have_attribute("data-status", "playing", timeout=30_000)
    expect(cell(root, 3, 3).locator(".mw-count")).to_have_text("0")
    assert not page.errors


def test_pussa_kanawa_and_the_common_relay_side_by_side(notebook):
    """Notebook 2's two boards: side by side, titled, the same move played on both with
    different ends, and stepped through together from either board's controls."""
    page, _ = open_lesson_notebook(notebook, "02-kisolo-pussa-kanawa.ipynb")
    boards = page.locator(".widget-hbox").first.locator(".mw-root")
    expect(boards).to_have_count(2)
    left, right = boards.nth(0), boards.nth(1)
    expect(left.locator(".mw-title")).to_have_text(
        "Pussa kanawa (lifts the hole after the landing hole)"
    )
    expect(right.locator(".mw-title")).to_have_text("The common relay (lifts the landing hole)")
    a, b = left.bounding_box(), right.bounding_box()
    assert abs(a["y"] - b["y"]) < 5 and b["x"] >= a["x"] + a["width"] - 1, (a, b)
    # South sowed outer hole 1 on both: the relays lifted different holes.
    ends = {0: [0, 2, 0, 2, 0, 1, 1], 1: [0, 0, 2, 0, 3, 1, 0]}
    for i, row in ends.items():
        board = boards.nth(i)
        expect(board.locator(".mw-status")).not_to_have_attribute(
            "data-status", "moving", timeout=60_000
        )
        for c, n in enumerate(row):
            expect(cell(board, 3, c).locator(".mw-count")).to_have_text(str(n))
    narration = right.locator(".mw-narration")
    for _ in range(20):  # step back through the right board's move to its second relay
        if "outer hole 4, which already held stones" in narration.inner_text():
            break
        right.locator(".mw-back").click()
    expect(narration).to_contain_text("the common relay lifts this landing hole itself")
    expect(cell(right, 3, 3).locator(".mw-count")).to_have_text("2")
    # The left board stepped back with it, to the same event of its own move.
    for board in (left, right):
        expect(board.locator(".mw-progress")).to_contain_text("Part 6 of 10")
    expect(left.locator(".mw-narration")).to_contain_text(
        "South's outer hole 5, holds 2 stones, so pussa kanawa lifts it"
    )
    # One step forward on the left board: each board lifts its own hole.
    left.locator(".mw-forward").click()
    for board in (left, right):
        expect(board.locator(".mw-progress")).to_contain_text("Part 7 of 10")
    expect(narration).to_contain_text("Relay: the 2 stones of South's outer hole 4")
    expect(cell(right, 3, 3).locator(".mw-count")).to_have_text("0")
    expect(cell(left, 3, 4).locator(".mw-count")).to_have_text("0")
    expect(cell(left, 3, 3).locator(".mw-count")).to_have_text("2")
    assert not page.errors


def test_leftmost_triple_lesson_in_korean(notebook):
    page, root = open_lesson_notebook(notebook, "ko/04-kiothi-leftmost-triple.ipynb")
    lesson = root.locator(".mw-lesson")
    expect(lesson.locator(".mw-lesson-title")).to_have_text("Kiothi의 가장 왼쪽 3연 획득")
    expect(lesson.locator(".mw-lesson-step")).to_have_text("7단계 중 1단계")
    cell(root, 0, 3).click()  # wrong: the capture takes (0,4)
    expect(lesson.locator(".mw-feedback-text")).to_contain_text(
        "아쉽지만 틀렸습니다. 정답: 북쪽 5번 보마."
    )
    lesson.locator(".mw-lesson-next").click()
    expect(lesson.locator(".mw-lesson-step")).to_have_text("7단계 중 2단계")
    number = lesson.locator(".mw-number-answer")
    number.fill("10")  # right: 3 for the capture and 7 for the triple
    number.press("Enter")
    expect(lesson.locator(".mw-feedback")).to_have_class("mw-feedback mw-right")
    expect(lesson.locator(".mw-feedback-text")).to_contain_text("맞았습니다!")
    status = root.locator(".mw-status")
    expect(status).not_to_have_attribute("data-status", "moving", timeout=60_000)
    narration = root.locator(".mw-narration")
    for _ in range(40):  # step back through the move to the triple capture
        if "3연 획득" in narration.inner_text():
            break
        root.locator(".mw-back").click()
    expect(narration).to_contain_text("가장 왼쪽 3연 획득: 가장 왼쪽 보마에서 획득했으므로")
    expect(root.locator(".mw-toolbar .mw-play")).to_have_attribute("aria-label", "재생")
    assert not page.errors


def test_a_lesson_driven_by_the_keyboard_in_projector_mode(notebook):
    opened = notebook(
        "projector.ipynb",
        [
            "from mancala_widgets import Lesson\n"
            "lesson = Lesson('pussa-kanawa', projector=True)\nlesson",
            "print(lesson.step, lesson.move_count)",
        ],
    )
    opened.run_all()
    page = opened.page
    root = page.locator(".mw-root").first
    expect(root).to_have_class("mw-root mw-projector mw-contrast mw-in-lesson", timeout=60_000)
    # The board fills the output's width and its counts are large enough to read far off.
    board_width = root.locator(".mw-board").bounding_box()["width"]
    area = page.locator(".jp-OutputArea-output").first.bounding_box()["width"]
    assert board_width > 0.9 * area, (board_width, area)
    count_px = (
        cell(root, 3, 0).locator(".mw-count").evaluate("e => e.getBoundingClientRect().height")
    )
    assert count_px >= 20, count_px
    # The hole numbers are drawn, above and below each of the 7 columns.
    numbers = root.locator(".mw-number")
    expect(numbers).to_have_count(14)
    assert sorted({n.text_content() for n in numbers.all()}) == [str(i) for i in range(1, 8)]
    lesson = root.locator(".mw-lesson")
    lesson.focus()
    page.keyboard.press("PageDown")
    expect(lesson.locator(".mw-lesson-step")).to_have_text("Step 2 of 13")
    page.keyboard.press("PageDown")  # a question waits: the clicker does not skip it
    expect(lesson.locator(".mw-lesson-step")).to_have_text("Step 2 of 13")
    # Answer by keyboard: Tab to the board, arrows to outer hole 3, Enter.
    cell(root, 3, 0).focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    expect(lesson.locator(".mw-feedback")).to_have_class("mw-feedback mw-right")
    lesson.focus()
    page.keyboard.press("PageDown")
    expect(lesson.locator(".mw-lesson-step")).to_have_text("Step 3 of 13")
    page.keyboard.press("PageUp")
    expect(lesson.locator(".mw-lesson-step")).to_have_text("Step 2 of 13")
    assert opened.rerun(1).split() == ["2", "0"], "Python is on step 2, before its move"
    assert not page.errors


def test_notebook_5_draws_its_two_charts(notebook):
    """The variants' histogram and the readings' outcomes, both Vega-Lite specs drawn by
    JupyterLab's own renderer, and the readings' table."""
    nb = nbformat.read(NOTEBOOKS / "05-ethnomathematics.ipynb", as_version=4)
    opened = notebook("charts-05.ipynb", [c.source for c in nb.cells if c.cell_type == "code"])
    opened.run_all()
    page = opened.page
    expect(page.locator(".jp-InputPrompt", has_text="[*]")).to_have_count(0, timeout=180_000)
    charts = page.locator(".jp-RenderedVegaCommon5")
    expect(charts).to_have_count(2)
    for i in range(2):
        expect(charts.nth(i).locator("svg, canvas").first).to_be_visible(timeout=30_000)
    readings = charts.nth(1).locator("svg, canvas").first
    readings.scroll_into_view_if_needed()
    assert readings.bounding_box()["height"] > 150  # two facets of four readings each
    table = page.locator(".jp-RenderedMarkdown table").filter(has_text="mean length (moves)")
    expect(table.locator("tbody tr")).to_have_count(8)
    assert not page.errors


def test_the_work_is_kept_beside_the_notebook_and_handed_in_from_jupyterlab(notebook, lab):
    """In JupyterLab the work file and the hand-in are files in the notebook's folder,
    and Hand in downloads the same file the site's does."""
    import json

    folder = lab[2]
    for old in folder.glob("01-start-here.work*.json"):
        old.unlink()
    page, root = open_lesson_notebook(notebook, "01-start-here.ipynb")
    expect(page.locator(".mw-workbook .mw-work-status")).to_contain_text("kept as you go")
    lesson = root.locator(".mw-lesson")
    lesson.locator(".mw-lesson-next").click()
    root.locator(".mw-number-answer").fill("5")
    root.locator(".mw-number-answer").press("Enter")
    expect(lesson.locator(".mw-feedback")).to_have_class("mw-feedback mw-wrong")
    form = page.locator(".mw-handin")
    form.scroll_into_view_if_needed()
    form.locator(".mw-handin-name").fill("Kalala")
    with page.expect_download(timeout=60_000) as download:
        form.locator(".mw-handin-button").click()
    assert download.value.suggested_filename == "Kalala-01-start-here.handin.json"
    text = open(download.value.path(), encoding="utf-8").read()
    handed = json.loads(text)
    (answer,) = handed["lessons"][0]["answers"]
    assert (answer["step"], answer["given"], answer["right"]) == (2, 5, False)
    assert (folder / "Kalala-01-start-here.handin.json").read_text(encoding="utf-8") == text
    kept = json.loads((folder / "01-start-here.work.json").read_text(encoding="utf-8"))
    assert kept["student"] == "Kalala"
    assert kept["items"]["lesson:start-here"]["answers"][0]["given"] == 5
    assert not page.errors


def test_the_strategy_lesson_asks_which_move_without_naming_it(notebook):
    """Lesson 7: the question does not say or mark the move; a click on the biggest
    capture gets both counts, the best move's and the student's."""
    page, root = open_lesson_notebook(notebook, "07-strategy.ipynb")
    lesson = root.locator(".mw-lesson")
    expect(lesson.locator(".mw-question")).to_contain_text("Which move would you choose?")
    expect(lesson.locator(".mw-question-move")).to_have_count(0)
    expect(root.locator(".mw-highlight")).to_have_count(0)  # nor the hole it starts from
    cell(root, 1, 4).click()  # North's inner hole 5: the biggest capture
    text = lesson.locator(".mw-feedback-text")
    expect(text).to_contain_text("Not quite. The answer: North's inner hole 3.")
    expect(text).to_contain_text("It captures 8 stones. Afterwards North can take at most 6")
    expect(text).to_contain_text("Your choice: South captures column 5")
    root.screenshot(path=str(ARTIFACTS / "strategy-feedback.png"))
    assert not page.errors
