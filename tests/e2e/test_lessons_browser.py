"""The lesson notebooks in a real JupyterLab: step through, answer a question
wrongly and one rightly, and read the feedback."""

from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


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
