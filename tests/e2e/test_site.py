"""The classroom site (JupyterLite) as a class gets it: the site's zip from the release
(tools/release.py, what `python3 dev.py release` writes) unpacked and served by its own
serve.py, the way a teacher with nothing but Python does, and opened in a Chromium that
can reach nothing else (every request off the site is aborted, and a proxy that does
not exist catches whatever a worker might send past the page's routes).

A student starts from the landing page, opens a lesson in one click, and uses every
feature there: each kind of question, the boards, the comparison boards, the four
computer levels, hints, a whole game to its end and its review, variations and the
move list, notebook 5's simulations, chart and exercises."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.parse
import zipfile
from functools import partial
from pathlib import Path

import nbformat
import pytest
from conftest import ARTIFACTS, launch_chromium, ours, stop
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from mancala_widgets.lessons import load_lesson
from mancala_widgets.text import JUPYTERLAB_LANGUAGES, tr

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
CELLS = ".jp-NotebookPanel .jp-Notebook .jp-Cell"
#: The kernel's cold start took 15-25 s here; 2 of about 22 cold starts hung, so one
#: that is not idle after this long is given a fresh page once.
KERNEL_START = 90_000


def site_folder(request, tmp_path_factory) -> Path:
    """The release's site, unpacked as a teacher unpacks its zip (MANCALA_TEST_SITE names
    an already built site folder instead, for a quicker loop)."""
    if os.environ.get("MANCALA_TEST_SITE"):
        return Path(os.environ["MANCALA_TEST_SITE"]).resolve()
    released = request.getfixturevalue("released")
    folder = tmp_path_factory.mktemp("class")
    with zipfile.ZipFile(released.site_zip) as z:
        z.extractall(folder)
    (root,) = folder.iterdir()
    return root


@pytest.fixture(scope="module")
def site(request, tmp_path_factory):
    """The release's site, unpacked and served by its own serve.py; its URL."""
    root = site_folder(request, tmp_path_factory)
    proc = subprocess.Popen(
        [sys.executable, "-I", "serve.py", "--port", "0", "--bind", "127.0.0.1", "--quiet"],
        cwd=root,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    said = []
    for line in proc.stdout:
        said.append(line)
        if line.startswith("On this computer: "):
            break
    else:
        raise AssertionError("serve.py did not start: " + "".join(said))
    assert any(line.startswith("Students open:  http://") for line in said)
    yield line.split(": ", 1)[1].strip().rstrip("/")
    stop(proc)


@pytest.fixture(scope="module")
def offline_browser(playwright_driver):
    browser = launch_chromium(playwright_driver, ("--proxy-server=http://127.0.0.1:9",))
    yield browser
    browser.close()


class Student:
    """A page of the site in a context of its own that records every request."""

    def __init__(self, browser, site: str, width=1280, height=1000, dark=False):
        self.site = site
        self.host = urllib.parse.urlsplit(site).netloc
        self.context = browser.new_context(
            viewport={"width": width, "height": height},
            color_scheme="dark" if dark else "light",
        )
        self.off_host: list[str] = []
        self.requests = 0
        self.errors: list = []
        self.context.route("**/*", self.only_this_host)
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda e: self.errors.append(e) if ours(e) else None)

    def only_this_host(self, route):
        self.requests += 1
        url = urllib.parse.urlsplit(route.request.url)
        if url.scheme in ("data", "blob") or url.netloc == self.host:
            route.continue_()
        else:
            self.off_host.append(route.request.url)
            route.abort()

    def close(self, name: str):
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
        self.context.close()
        assert self.off_host == [], self.off_host
        assert not self.errors, [str(e) for e in self.errors]


def cells_of(name: str) -> int:
    """A lesson's cells in the site: the notebook's, and the site's first cell."""
    return len(nbformat.read(NOTEBOOKS / name, as_version=4).cells) + 1


def wait_for_lesson(page: Page, name: str, timeout: float = KERNEL_START) -> None:
    """The lesson shows all its cells in the Notebook interface and Python is ready."""
    expect(page.locator(CELLS)).to_have_count(cells_of(name), timeout=60_000)
    indicator = page.locator(".jp-Notebook-ExecutionIndicator")
    expect(indicator).to_have_attribute("data-status", "idle", timeout=timeout)


def app_of(name: str) -> str:
    """The Notebook interface a lesson opens in: its language's copy where JupyterLab
    has a pack for it (``ko/notebooks``), else the site's own."""
    locale = name.split("/")[0] if "/" in name else "en"
    return f"{locale}/notebooks" if locale in JUPYTERLAB_LANGUAGES else "notebooks"


def open_lesson(browser, site: str, name: str, request, click_from_landing=False) -> Student:
    """A student with lesson ``name`` open and Python ready; a kernel that hangs at its
    start is given one fresh page."""
    for attempt in (1, 2):
        student = Student(browser, site)
        page = student.page
        start = time.monotonic()
        if click_from_landing:
            page.goto(f"{site}/")
            page.locator(f'a.lesson[href$="path={name}"]').click()
        else:
            page.goto(f"{site}/{app_of(name)}/index.html?path={name}")
        try:
            wait_for_lesson(page, name)
        except (AssertionError, PlaywrightError):
            student.close(f"{request.node.name}-kernel-start-{attempt}")
            if attempt == 2:
                raise
            continue
        print(f"{name}: Python ready {time.monotonic() - start:.0f} s after the page opened")
        request.addfinalizer(partial(student.close, request.node.name))
        return student
    raise AssertionError("unreachable")


#: Run > Run All Cells in JupyterLab's own languages (its packs' words): a lesson opens in
#: its language's copy of the Notebook interface where there is one.
RUN_ALL = {
    "en": ("Run", "Run All Cells"),
    "ko": ("실행", "모든 셀 실행"),
    "fr": ("Exécution", "Exécuter toutes les cellules"),
}


def run_all(page: Page) -> None:
    first = page.locator(".jp-CodeCell .jp-InputPrompt").first
    app = next((loc for loc in JUPYTERLAB_LANGUAGES if f"/{loc}/notebooks/" in page.url), "en")
    menu, item = RUN_ALL[app]
    for attempt in (1, 2):
        page.get_by_role("menuitem", name=menu, exact=True).click()
        page.get_by_role("menuitem", name=item, exact=True).click()
        try:
            expect(first).not_to_have_text("[ ]:", timeout=15_000)
            break
        except AssertionError:
            if attempt == 2:
                raise
    expect(page.locator(".jp-InputPrompt", has_text="[*]")).to_have_count(0, timeout=240_000)
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    expect(errors).to_have_count(0)


def add_cell(page: Page, source: str) -> tuple[int, str]:
    """Add a code cell at the end, run it; its index and its text output."""
    count = page.locator(CELLS).count()
    page.locator(CELLS).last.locator(".jp-InputPrompt").click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    expect(page.locator(CELLS)).to_have_count(count + 1)
    page.keyboard.press("Enter")
    page.keyboard.insert_text(source)
    page.keyboard.press("Shift+Enter")
    cell = page.locator(CELLS).nth(count)
    prompt = cell.locator(".jp-InputPrompt")
    expect(prompt).not_to_have_text("[ ]:", timeout=30_000)
    expect(prompt).not_to_have_text("[*]:", timeout=120_000)
    output = cell.locator(".jp-OutputArea-output")
    return count, output.first.inner_text() if output.count() else ""


def rerun(page: Page, index: int) -> str:
    cell = page.locator(CELLS).nth(index)
    prompt = cell.locator(".jp-InputPrompt")
    before = prompt.inner_text()
    cell.locator(".cm-content").click()
    page.keyboard.press("Control+Enter")
    expect(prompt).not_to_have_text(before, timeout=30_000)
    expect(prompt).not_to_have_text("[*]:", timeout=120_000)
    return cell.locator(".jp-OutputArea-output").first.inner_text()


def lesson_root(page: Page, lesson_id: str, locale: str = "en"):
    return (
        page.locator(".mw-root")
        .filter(has=page.locator(".mw-lesson:not([hidden])"))
        .filter(has_text=load_lesson(lesson_id).title[locale])
        .first
    )


def answer_every_question(page: Page, lesson_id: str, locale="en", wrong_first=True) -> int:
    """Step through a whole lesson, answering each question on the board (a cell, the
    cells and Check, No capture, a number, an option): the first one wrongly, the rest
    rightly. Returns how many questions were answered."""
    script = load_lesson(lesson_id)
    root = lesson_root(page, lesson_id, locale)
    expect(root).to_be_visible(timeout=60_000)
    lesson = root.locator(".mw-lesson")
    asked = 0
    for i, step in enumerate(script.steps):
        expect(lesson.locator(".mw-lesson-step")).to_have_text(
            tr(locale, "ui.lesson_step", i=i + 1, n=len(script.steps))
        )
        if step.predict is not None:
            right = step.predict["answer"]
            give_wrong = wrong_first and asked == 0
            answer_on_the_board(root, step.predict, right, locale, give_wrong, step.start)
            feedback = lesson.locator(".mw-feedback")
            expect(feedback).to_have_class(
                "mw-feedback mw-wrong" if give_wrong else "mw-feedback mw-right", timeout=30_000
            )
            asked += 1
            expect(root.locator(".mw-status")).not_to_have_attribute(
                "data-status", "moving", timeout=60_000
            )
        if i + 1 < len(script.steps):
            lesson.locator(".mw-lesson-next").click()
    return asked


def answer_on_the_board(root, predict, right, locale, wrong, start):
    ask = predict["ask"]
    if ask == "number":
        root.locator(".mw-number-answer").fill(str(right + 1 if wrong else right))
        root.locator(".mw-number-answer").press("Enter")
    elif ask == "choice":
        options = predict["options"]
        value = next(o for o in options if o != right) if wrong else right
        root.locator(".mw-option", has_text=tr(locale, f"lesson.opt_{value}")).click()
    else:
        cells = [list(c) for c in right]
        if wrong:
            board = start["board"]
            cells = [
                next(
                    [r, c]
                    for r in range(len(board))
                    for c in range(len(board[0]))
                    if [r, c] not in cells
                )
            ]
        if not cells:
            root.locator(".mw-no-capture").click()
            return
        for r, c in cells:
            root.locator(f'[data-cell="{r},{c}"]').click()
        if ask == "protected":
            root.locator(".mw-check").click()


# -- the landing page ------------------------------------------------------------------------


def test_the_landing_page_lists_the_lessons_in_each_language_and_the_teachers_pages(
    site, offline_browser, request
):
    student = Student(offline_browser, site)
    request.addfinalizer(partial(student.close, request.node.name))
    page = student.page
    page.goto(f"{site}/")
    english = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
    cards = page.locator("a.lesson")
    expect(cards).to_have_count(len(english))
    for i, name in enumerate(english):
        title = nbformat.read(NOTEBOOKS / name, as_version=4).cells[0].source.splitlines()[0]
        expect(cards.nth(i)).to_contain_text(f"Lesson {i + 1}: " + title[2:].replace("*", ""))
        assert cards.nth(i).get_attribute("href") == f"notebooks/index.html?path={name}"
    expect(page.locator("#starting")).to_contain_text("Python starts inside your browser")
    page.locator(".langs a", has_text="한국어").click()
    expect(page.locator("a.lesson")).to_have_count(len(list((NOTEBOOKS / "ko").glob("*.ipynb"))))
    expect(page.locator("a.lesson").first).to_contain_text("1강:")
    expect(page.locator("html")).to_have_attribute("lang", "ko")
    # Korean lessons open in the Korean copy of the Notebook interface.
    href = page.locator("a.lesson").first.get_attribute("href")
    assert href == "../ko/notebooks/index.html?path=ko/01-start-here.ipynb"  # from ko/
    page.locator(".langs a", has_text="English").click()
    # The guides are pages, not Markdown source; their links open the lessons.
    page.locator(".guides a").nth(2).click()
    expect(page.locator("article h1")).to_have_text("Teacher guide 2: Kisolo and pussa kanawa")
    expect(page.locator("article table").first).to_be_visible()
    assert "# Teacher guide" not in page.content()
    link = page.locator('article a[href*="notebooks/index.html?path=02-kisolo"]').first
    expect(link).to_be_attached()
    page.go_back()
    page.locator(".handouts a", has_text="A4").first.click()
    expect(page.locator(".cup").first).to_be_attached()
    page.go_back()
    marking = page.locator("p.marking a")
    assert marking.get_attribute("href") == "notebooks/index.html?path=teacher/mark-the-class.ipynb"
    response = page.request.get(f"{site}/serve.py")
    assert response.ok and "read-only" in response.text()


@pytest.mark.parametrize(
    ("locale", "file", "run"), [("ko", "파일", "실행"), ("fr", "Fichier", "Exécution")]
)
def test_a_lessons_jupyterlab_menus_are_in_its_language_and_an_english_ones_english(
    site, offline_browser, request, locale, file, run
):
    student = Student(offline_browser, site)
    request.addfinalizer(partial(student.close, request.node.name))
    page = student.page
    page.goto(f"{site}/{locale}/")
    page.locator("a.lesson").first.click()
    menus = page.locator(".lm-MenuBar")
    expect(menus.get_by_role("menuitem", name=file, exact=True)).to_be_visible(timeout=60_000)
    expect(menus.get_by_role("menuitem", name=run, exact=True)).to_be_visible()
    name = f"{locale}/01-start-here.ipynb"
    expect(page.locator(CELLS)).to_have_count(cells_of(name), timeout=60_000)
    page.goto(f"{site}/")
    page.locator("a.lesson").first.click()
    expect(menus.get_by_role("menuitem", name="File", exact=True)).to_be_visible(timeout=60_000)


@pytest.mark.parametrize("locale", ["fr", "sw"])
def test_a_translated_lesson_is_answered_on_the_board_in_its_language(
    site, offline_browser, request, locale
):
    student = open_lesson(offline_browser, site, f"{locale}/03-kiothi-nki.ipynb", request)
    run_all(student.page)
    assert answer_every_question(student.page, "nki", locale=locale) == 7
    feedback = student.page.locator(".mw-feedback-text").first
    expect(feedback).not_to_contain_text("Not quite")
    expect(feedback).not_to_contain_text("Right!")


# -- a lesson, every kind of question, the comparison boards ------------------------------------


def test_a_student_opens_a_lesson_in_one_click_and_answers_every_kind_of_question(
    site, offline_browser, request
):
    name = "02-kisolo-pussa-kanawa.ipynb"
    student = open_lesson(offline_browser, site, name, request, click_from_landing=True)
    page = student.page
    first = page.locator(CELLS).first
    expect(first).to_contain_text("Python is starting inside your browser")
    run_all(page)
    asked = answer_every_question(page, "pussa-kanawa")
    assert asked == 10, "landing, lifted, relay, capture, wins, ends and laps questions"
    # The comparison boards: two readings of the relay, side by side, stepping together.
    pair = page.locator(".mw-compare, .widget-hbox").filter(has=page.locator(".mw-root")).first
    boards = pair.locator(".mw-root")
    expect(boards).to_have_count(2)
    first_box, second_box = (boards.nth(i).bounding_box() for i in (0, 1))
    assert abs(first_box["y"] - second_box["y"]) < 2 and second_box["x"] > first_box["x"]
    assert student.requests > 50


def test_the_nki_lesson_asks_which_bomas_are_protected(site, offline_browser, request):
    student = open_lesson(offline_browser, site, "03-kiothi-nki.ipynb", request)
    run_all(student.page)
    assert answer_every_question(student.page, "nki", wrong_first=False) == 7


def test_the_strategy_lesson_weighs_the_students_choice_and_the_computers(
    site, offline_browser, request
):
    """Lesson 7 in the site: which move is best (the board neither names nor marks it),
    how many warriors to lift, the computer's choices, an exercise worked by hand."""
    student = open_lesson(offline_browser, site, "07-strategy.ipynb", request)
    page = student.page
    run_all(page)
    root = lesson_root(page, "kisolo-strategy")
    expect(root.locator(".mw-question-move")).to_have_count(0)  # which move: not said
    biggest = load_lesson("kisolo-strategy").steps[0].start["board"]
    assert biggest[1][4] and biggest[2][4]  # column 5 can be captured: the biggest
    root.locator('[data-cell="1,4"]').click()
    feedback = root.locator(".mw-feedback")
    expect(feedback).to_contain_text("Your choice: South captures column 5", timeout=30_000)
    expect(feedback).to_contain_text("The best move here: South captures column 3")
    expect(root.locator(".mw-status")).not_to_have_attribute(
        "data-status", "moving", timeout=60_000
    )
    root.locator(".mw-lesson-next").click()
    assert answer_steps(page, "kisolo-strategy", 1, None) == 4
    assert answer_steps(page, "kiothi-strategy", 0, None) == 3
    # The computer's choices print in Pyodide as in CPython.
    out = page.locator(CELLS).filter(has_text='computer_choices("kisolo-strategy", 1)')
    expect(out.locator(".jp-OutputArea-output").first).to_contain_text(
        "expert: South captures column 3", timeout=60_000
    )
    form = page.locator(".mw-exercise").first
    form.locator(".mw-exercise-answer").fill("3")
    form.locator(".mw-check").click()
    expect(form.locator(".mw-exercise-feedback")).to_contain_text("biggest capture", timeout=30_000)
    form.locator(".mw-exercise-answer").fill("column 2")
    form.locator(".mw-exercise-answer").press("Enter")
    expect(form.locator(".mw-exercise-feedback")).to_have_text("Right!", timeout=30_000)


def test_a_class_tournament_and_a_students_player_handed_in_from_the_site(
    site, offline_browser, request
):
    """Lesson 8 in Pyodide: the tournament's table and chart, a forfeit with its reason,
    the student's player kept (its cell's code, which Pyodide must keep) and handed in."""
    name = "08-program-a-player.ipynb"
    student = open_lesson(offline_browser, site, name, request)
    page = student.page
    run_all(page)
    table = page.locator(CELLS).filter(has_text="result.table()").locator(".jp-OutputArea")
    expect(table).to_contain_text("my search", timeout=120_000)
    expect(table).to_contain_text("points")
    chart = page.locator(CELLS).filter(has_text="result.chart()")
    expect(chart.locator(".jp-RenderedVegaCommon5 svg, canvas").first).to_be_visible(timeout=60_000)
    forfeits = page.locator(CELLS).filter(has_text="rules.forfeits").locator(".jp-OutputArea")
    expect(forfeits).to_contain_text("sloppy", timeout=60_000)
    kept = page.locator(CELLS).filter(has_text="classroom.keep_player(MySearch)")
    expect(kept.locator(".jp-OutputArea")).to_contain_text("is kept with your work")
    form = page.locator(".mw-handin")
    form.scroll_into_view_if_needed()
    form.locator(".mw-handin-name").fill("Kendi")
    with page.expect_download(timeout=60_000) as download:
        form.locator(".mw-handin-button").click()
    handed = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    (player,) = handed["players"]
    assert "class MySearch" in player["source"] and "def choose" in player["source"]


# -- the computer, hints, a whole game, its review, variations ----------------------------------


GAME = """
import json, time
from mancala_widgets import KisoloBoard
from mancala_widgets.players import LEVELS, level
from mancala_widgets.rules import new_state
times = {}
for game in ("kisolo", "kiothi"):
    state = new_state(game)
    for name in LEVELS:
        player = level(name, seed=1)
        t = time.perf_counter()
        player.choose(state)
        times[f"{game} {name}"] = round(time.perf_counter() - t, 2)
board = KisoloBoard(columns=6, opponent="expert", seed=2)
board.speed = 8
print(json.dumps(times))
board
"""


def test_a_whole_game_against_the_computer_with_a_hint_a_variation_and_its_review(
    site, offline_browser, request
):
    student = open_lesson(offline_browser, site, "01-start-here.ipynb", request)
    page = student.page
    run_all(page)
    at, said = add_cell(page, GAME)
    times = json.loads(said.splitlines()[0])
    print("seconds a move in Pyodide:", times)
    # Each level keeps its time limit (1 s a move; the node budget binds first on this
    # machine): a student never waits much more than a second for the computer.
    assert all(t < 1.5 for t in times.values()), times
    board = page.locator(CELLS).nth(at).locator(".mw-root")
    status = board.locator(".mw-status")
    expect(status).to_have_attribute("data-status", "playing", timeout=30_000)

    # A hint: its cell is marked, its reason said; playing it clears it.
    board.locator(".mw-hint-button").click()
    expect(board.locator(".mw-suggested")).to_have_count(1, timeout=60_000)
    expect(board.locator(".mw-coach-hint")).to_contain_text("Hint: South")
    board.locator(".mw-suggested").click()
    expect(board.locator(".mw-coach-hint")).to_be_hidden(timeout=60_000)
    expect(status).to_have_text("South to move", timeout=60_000)

    # A variation: take the pair of moves back, play another move instead.
    board.locator(".mw-undo").click()
    expect(status).to_have_text("South to move", timeout=30_000)
    playable = board.locator(".mw-playable:not(.mw-last)")
    expect(playable.first).to_be_visible()
    playable.last.click()
    expect(status).to_have_text("South to move", timeout=60_000)
    board.locator(".mw-history summary").click()
    expect(board.locator("ol.mw-variation")).to_have_count(1)
    board.locator("ol.mw-variation button").first.click()
    expect(board.locator("ol.mw-variation [aria-current]")).to_have_count(1, timeout=30_000)
    board.locator(".mw-history-list > li:last-child button").last.click()
    expect(status).to_have_text("South to move", timeout=30_000)

    # The game to its end: the student (South) plays the first move offered each time,
    # and waits for the computer's reply, until one of them wins or it is drawn.
    yours = re.compile(r"^(South to move|.* wins.*|Draw.*)$")
    for _ in range(200):
        if status.get_attribute("data-status") in ("won", "draw"):
            break
        moves = board.locator(".mw-history-summary").inner_text()
        board.locator(".mw-playable").first.click()
        expect(board.locator(".mw-history-summary")).not_to_have_text(moves, timeout=60_000)
        expect(status).to_have_text(yours, timeout=120_000)
        expect(status).to_have_attribute("data-status", re.compile("^(playing|won|draw)$"))
    assert status.get_attribute("data-status") in ("won", "draw")

    # Its review: the chart, the turning points, and one shown on the board.
    board.locator(".mw-review-button").click()
    chart = board.locator(".mw-review-chart")
    expect(chart).to_be_visible(timeout=180_000)
    points = board.locator(".mw-turning-point")
    expect(points.first).to_be_visible()
    points.first.click()
    expect(points.first).to_have_attribute("aria-current", "step", timeout=30_000)
    expect(status).to_have_attribute("data-status", "playing", timeout=30_000)
    shown = json.loads(
        rerun_output(page, "print(json.dumps([board.move_count, board.last_review.complete]))")
    )
    assert shown[1] is True and shown[0] >= 0


def rerun_output(page: Page, source: str) -> str:
    _, said = add_cell(page, source)
    return said


# -- notebook 5: simulations, charts, exercises ----------------------------------------------------


def test_notebook_5_simulates_draws_its_charts_and_checks_the_exercises(
    site, offline_browser, request
):
    student = open_lesson(offline_browser, site, "05-ethnomathematics.ipynb", request)
    page = student.page
    run_all(page)
    charts = page.locator(".jp-RenderedVegaCommon5 svg, .jp-RenderedVegaCommon5 canvas")
    expect(charts.first).to_be_visible(timeout=60_000)
    form = page.locator(".mw-exercise").first
    expect(form).to_be_visible()
    answer = int(rerun_output(page, "print(on14.exercise.answer)"))
    form.locator(".mw-exercise-answer").fill(str((answer + 1) % 14))
    form.locator(".mw-check").click()
    feedback = form.locator(".mw-exercise-feedback")
    expect(feedback).to_have_class("mw-feedback mw-exercise-feedback mw-wrong", timeout=30_000)
    form.locator(".mw-exercise-answer").fill(str(answer))
    form.locator(".mw-exercise-answer").press("Enter")
    expect(feedback).to_have_text("Right!", timeout=30_000)
    # The capture to build: typed as JSON over several lines, checked, its board drawn.
    build = page.locator(".mw-exercise").nth(4)
    build.locator(".mw-exercise-answer").fill(
        '{"board": [[0,0,0,0,0,0,0],[0,0,3,0,0,0,0],[0,0,1,0,0,0,0],[1,0,0,0,0,0,0]],\n'
        ' "move": {"type": "capture", "column": 2}}'
    )
    build.locator(".mw-check").click()
    expect(build.locator(".mw-exercise-feedback")).to_contain_text("Capture!", timeout=30_000)
    expect(build.locator("img.mw-exercise-picture")).to_be_visible()


# -- the class's work: kept, handed in, marked -------------------------------------------------


def answer_steps(page: Page, lesson_id: str, first: int, questions: int | None, wrong=()) -> int:
    """From step ``first`` (from 0, the step shown), answer questions on the board until
    ``questions`` are answered (None: to the end), the ones counted in ``wrong`` (from 0)
    wrongly; the step (from 0) it stops on."""
    script = load_lesson(lesson_id)
    root = lesson_root(page, lesson_id)
    lesson = root.locator(".mw-lesson")
    asked = 0
    for i in range(first, len(script.steps)):
        step = script.steps[i]
        expect(lesson.locator(".mw-lesson-step")).to_have_text(
            f"Step {i + 1} of {len(script.steps)}"
        )
        if step.predict is not None and questions is not None and asked == questions:
            return i
        if step.predict is not None:
            answer_on_the_board(
                root, step.predict, step.predict["answer"], "en", asked in wrong, step.start
            )
            expect(lesson.locator(".mw-feedback")).to_be_visible(timeout=30_000)
            asked += 1
            expect(root.locator(".mw-status")).not_to_have_attribute(
                "data-status", "moving", timeout=60_000
            )
        if i + 1 < len(script.steps):
            lesson.locator(".mw-lesson-next").click()
    return len(script.steps) - 1


def test_a_students_work_is_kept_through_a_reload_and_handed_in(site, offline_browser, request):
    """Part of a lesson, the page closed and opened again, Continue, the rest, Hand in:
    the file downloaded holds every answer as given, the first ones too."""
    name = "02-kisolo-pussa-kanawa.ipynb"
    student = open_lesson(offline_browser, site, name, request)
    page = student.page
    run_all(page)
    status = page.locator(".mw-workbook .mw-work-status")
    expect(status).to_contain_text("kept as you go", timeout=30_000)
    stopped = answer_steps(page, "pussa-kanawa", 0, 3, wrong={0})
    expect(page.locator(".mw-workbook .mw-work-continue")).to_be_hidden()
    # The tab is closed without saving the notebook; the next day it is opened again.
    page.close()
    page = student.page = student.context.new_page()
    page.on("pageerror", lambda e: student.errors.append(e) if ours(e) else None)
    page.goto(f"{site}/notebooks/index.html?path={name}")
    wait_for_lesson(page, name)
    run_all(page)
    status = page.locator(".mw-workbook .mw-work-status")
    expect(status).to_contain_text("You have worked in this notebook before", timeout=30_000)
    expect(status).to_contain_text("3 answers")
    root = lesson_root(page, "pussa-kanawa")
    expect(root.locator(".mw-lesson-step")).to_have_text("Step 1 of 13")
    page.locator(".mw-workbook .mw-work-continue").click()
    expect(status).to_contain_text("Continuing", timeout=30_000)
    expect(root.locator(".mw-lesson-step")).to_have_text(f"Step {stopped + 1} of 13")
    answer_steps(page, "pussa-kanawa", stopped, None, wrong={2})
    form = page.locator(".mw-handin")
    form.scroll_into_view_if_needed()
    form.locator(".mw-handin-name").fill("Ngalula <b>Tshibola</b>")
    with page.expect_download(timeout=60_000) as download:
        form.locator(".mw-handin-button").click()
    file = download.value
    assert file.suggested_filename == "Ngalula-b-Tshibola-b-02-kisolo-pussa-kanawa.handin.json"
    handed = json.loads(Path(file.path()).read_text(encoding="utf-8"))
    assert handed["student"] == "Ngalula <b>Tshibola</b>"
    (part,) = handed["lessons"]
    script = load_lesson("pussa-kanawa")
    asked = [i for i, s in enumerate(script.steps, 1) if s.predict]
    assert [a["step"] for a in part["answers"]] == asked
    assert [a["right"] for a in part["answers"]] == [i not in (0, 5) for i in range(10)]
    assert part["version"] == script.version
    expect(form.locator(".mw-work-status")).to_contain_text("Handed in", timeout=30_000)
    assert page.evaluate("localStorage.getItem('mancala-widgets:student')") == handed["student"]
    # The student changed the notebook and saved it; then puts it back as it shipped.
    add_cell(page, "mine = 1")
    page.keyboard.press("Control+s")
    mine = page.locator(CELLS).filter(has_text="mine = 1")
    _, saved = add_cell(page, f"print('mine = 1' in open({name!r}).read())")
    assert saved.strip() == "True"  # the student's change is in the file
    workbook = page.locator(".mw-workbook")
    workbook.scroll_into_view_if_needed()
    workbook.locator(".mw-work-restore").click()
    expect(workbook.locator(".mw-work-confirm")).to_be_visible()
    workbook.locator(".mw-work-restore-yes").click()
    expect(workbook.locator(".mw-work-status")).to_contain_text(
        "back as it shipped", timeout=30_000
    )
    expect(workbook.locator(".mw-work-status")).to_contain_text(".mine-")  # their copy kept
    page.on("dialog", lambda dialog: dialog.accept())
    page.reload()
    wait_for_lesson(page, name)  # the cells the notebook shipped with
    expect(mine).to_have_count(0)  # and not the student's


def test_a_teacher_marks_three_hand_ins_in_the_site(site, offline_browser, request, tmp_path):
    """The marking notebook, in the site: a good hand-in, one whose "right" marks were
    edited (by a student whose name holds markup) and one cut short."""
    from mancala_widgets.classroom.sample import _hand_in

    good = _hand_in("Kabongo", [1], 0)
    forged = _hand_in("<b>Mwamba</b>", [1, 3, 6], 2)
    for answer in forged["lessons"][0]["answers"]:
        answer["right"] = True
    cut = json.dumps(_hand_in("Ilunga", [], 4))
    files = {
        "Kabongo.handin.json": json.dumps(good),
        "Mwamba.handin.json": json.dumps(forged),
        "Ilunga.handin.json": cut[: len(cut) // 2],
    }
    for file, text in files.items():
        (tmp_path / file).write_text(text)
    name = "teacher/mark-the-class.ipynb"
    student = open_lesson(offline_browser, site, name, request)
    page = student.page
    run_all(page)
    cells = page.locator(CELLS)
    mark_cell = 7
    expect(cells.nth(mark_cell)).to_contain_text("7 hand-in files marked, from 7 students")
    with page.expect_file_chooser() as chooser:
        page.locator(".widget-upload").click()
    chooser.value.set_files([str(tmp_path / f) for f in files])
    expect(page.locator(".widget-upload")).to_contain_text("3")
    overview = rerun(page, mark_cell)
    assert "2 hand-in files marked, from 2 students" in overview
    assert "1 file could not be marked" in overview
    assert "Ilunga.handin.json: the file stops before its end" in overview
    assert "<b>Mwamba</b>" in overview, "the name is shown as text"
    assert cells.nth(mark_cell).locator(".jp-OutputArea-output b").count() == 0
    assert "edited?" in overview
    table = rerun(page, mark_cell + 4)
    rows = [line.split("\t") for line in table.splitlines()]
    by_student = {row[0]: row for row in rows[1:]}
    assert by_student["Kabongo"][2:4] == ["9", "10"]
    assert by_student["<b>Mwamba</b>"][2:4] == ["7", "10"]
    assert set(by_student) == {"Kabongo", "<b>Mwamba</b>"}
    rerun(page, mark_cell + 2)
    expect(cells.nth(mark_cell + 2).locator(".vega-embed")).to_be_visible(timeout=30_000)
    at, _ = add_cell(page, 'show_student(marks, "Kabongo")')
    view = cells.nth(at).locator(".mw-root")
    expect(view.locator(".mw-title")).to_contain_text("Kabongo: ", timeout=30_000)
    view.locator(".mw-lesson-next").click()
    view.locator(".mw-lesson-next").click()
    feedback = view.locator(".mw-feedback")
    expect(feedback).to_contain_text("Kabongo's first answer", timeout=30_000)
    expect(feedback).to_have_class("mw-feedback mw-wrong")
    rerun(page, mark_cell + 8)
    with page.expect_download(timeout=60_000) as download:
        page.locator(".mw-download-button").first.click()
    csv_text = Path(download.value.path()).read_text(encoding="utf-8-sig")
    assert csv_text.startswith("student,lesson,score,out_of,time,step 2")
    assert "Kabongo,pussa-kanawa,9,10" in csv_text
    ARTIFACTS.mkdir(exist_ok=True)
    for i, shot in ((mark_cell, "overview"), (mark_cell + 2, "chart"), (at, "one-student")):
        output = cells.nth(i).locator(".jp-OutputArea")
        output.screenshot(path=str(ARTIFACTS / f"site-marking-{shot}.png"))


# -- a student's path, looked at ---------------------------------------------------------------

SIZES = [(1366, 768), (1024, 768), (820, 1180)]


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_a_students_path_in_three_sizes_light_and_dark(site, offline_browser, request, dark):
    """Screenshots of the landing page and of a lesson's board at each size, kept as test
    artifacts (and looked at): the page follows the device's light or dark setting, and
    nothing spills off the screen sideways."""
    theme = "dark" if dark else "light"
    for width, height in SIZES:
        student = Student(offline_browser, site, width, height, dark)
        page = student.page
        page.goto(f"{site}/")
        expect(page.locator("a.lesson").first).to_be_visible()
        page.screenshot(path=str(ARTIFACTS / f"site-landing-{width}x{height}-{theme}.png"))
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        student.close(f"{request.node.name}-landing-{width}")
    student = open_lesson(offline_browser, site, "02-kisolo-pussa-kanawa.ipynb", request)
    page = student.page
    page.emulate_media(color_scheme="dark" if dark else "light")
    expect(page.locator("body")).to_have_attribute(
        "data-jp-theme-light", "false" if dark else "true", timeout=30_000
    )
    run_all(page)
    board = page.locator(".mw-root").filter(has=page.locator(".mw-board")).first
    expect(board.locator(".mw-board")).to_be_visible(timeout=60_000)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        board.evaluate("e => e.scrollIntoView({block: 'start'})")
        page.screenshot(path=str(ARTIFACTS / f"site-lesson-{width}x{height}-{theme}.png"))
        box = board.locator(".mw-board").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (width, box)
        status = board.locator(".mw-lesson-text").evaluate("e => getComputedStyle(e).color")
        r, g, b = (int(x) for x in status[status.index("(") + 1 : -1].split(",")[:3])
        assert (min(r, g, b) > 150) if dark else (max(r, g, b) < 110), status
