"""Handouts printed by a real Chromium: every file ``write_handouts`` makes
becomes the expected number of PDF pages, of the right size (A4 595 x 842
points, Letter 612 x 792, A3 842 x 1191 for the boards; boards landscape), and
each printed lesson page holds exactly the steps the HTML put on it, so
nothing spills onto an extra sheet: a board printed at true size over two
pages, the glossary and the routine cards print as many sheets as their
documents have pages. Nothing is fetched while printing."""

from __future__ import annotations

import io
import math
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from mancala_widgets.handouts import diagram_steps, write_handouts
from mancala_widgets.lessons import load_lesson
from mancala_widgets.text import LOCALES, tr

pytestmark = pytest.mark.browser

#: Paper in PostScript points, portrait (short side, long side).
POINTS = {"a4": (595, 842), "letter": (612, 792), "a3": (842, 1191)}
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.fixture(scope="module")
def printer(browser):
    """Print an HTML document to PDF; also lists any request it tried to make."""
    context = browser.new_context()
    requests: list[str] = []

    def refuse(route):
        requests.append(route.request.url)
        route.abort()

    context.route("**/*", refuse)
    page = context.new_page()

    def to_pdf(html: str) -> PdfReader:
        page.set_content(html, wait_until="load")
        return PdfReader(io.BytesIO(page.pdf(prefer_css_page_size=True)))

    to_pdf.page, to_pdf.requests = page, requests
    yield to_pdf
    context.close()


def expected_pages(path: Path, html: str) -> tuple[int, list[list[int]]]:
    """Pages the handout should print as, worked out from what it holds, and
    for a lesson the steps each student page shows."""
    if not path.name.startswith("lesson-"):
        # A board template (two sheets for a board at true size over two pages), a rule or
        # routine card, the record sheet, the glossary: one sheet for each page it has.
        return html.count('<section class="page">'), []
    script = load_lesson(path.name.split(".")[0][len("lesson-") :])
    diagrams = len(diagram_steps(script))
    student = [
        [int(n) for n in steps.split()]
        for steps in re.findall(r'<div class="student" data-steps="([^"]*)"', html)
    ]
    # Two or three diagrams a page, fewer only where the texts are long.
    assert math.ceil(diagrams / 3) <= len(student) <= math.ceil(diagrams / 2), path.name
    answer_pages = 1 if any(step.predict for step in script.steps) else 0
    assert html.count('<div class="answers"') == answer_pages, path.name
    return len(student) + answer_pages, student


def page_text(page) -> str:
    return re.sub(r"[\s\x01]+", " ", page.extract_text())


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_every_handout_prints_on_the_expected_pages(printer, tmp_path, paper, locale):
    paths = write_handouts(tmp_path, locale=locale, paper=paper)
    short, long = POINTS[paper]
    report = []
    for path in paths:
        html = path.read_text(encoding="utf-8")
        pdf = printer(html)
        count, student = expected_pages(path, html)
        landscape = "-board." in path.name
        size = (long, short) if landscape else (short, long)
        sizes = {
            (round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in pdf.pages
        }
        report.append(f"{path.name}: {len(pdf.pages)} page(s) {sorted(sizes)}")
        assert len(pdf.pages) == count, f"{path.name}: {len(pdf.pages)} pages, expected {count}"
        assert sizes == {size}, f"{path.name}: page size {sizes}, expected {size}"
        for number, steps in enumerate(student):
            text = page_text(pdf.pages[number])
            for n in steps:
                heading = tr(locale, "handouts.lesson.step", n=n)
                assert re.search(rf"(?<!\d){re.escape(heading)}(?!\d)", text), (
                    f"{path.name}: {heading} is not on page {number + 1}"
                )
    assert printer.requests == []
    print("\n".join(report))


def test_the_pictures_look_right(printer, tmp_path):
    """Screenshots for a person to look at: an A4 board template and a Korean lesson."""
    ARTIFACTS.mkdir(exist_ok=True)
    page = printer.page
    for locale, name in (
        ("en", "kisolo-4x7-board.a4.en.html"),
        ("en", "kiothi-2x10-board.a4.en.html"),
        ("ko", "lesson-pussa-kanawa.a4.ko.html"),
        ("ko", "glossary.a4.ko.html"),
    ):
        [path] = [
            p
            for p in write_handouts(tmp_path / locale, locale=locale, lessons=["pussa-kanawa"])
            if p.name == name
        ]
        page.set_content(path.read_text(encoding="utf-8"))
        first = page.locator("section.page").first
        first.screenshot(path=str(ARTIFACTS / f"handout-{name}.png"))
        box = first.bounding_box()
        assert box["width"] > box["height"] if "board" in name else box["width"] < box["height"]
