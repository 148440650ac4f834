"""Browser benchmark (run by `python3 dev.py bench`, not part of the test suite).

Prints: click to first animation frame (goal: median under 50 ms), frame gaps
while a long relay animates (goal: none over 50 ms), and the bundle size
(goal: under 60 KB minified)."""

import gzip
import json
import statistics
import sys
from pathlib import Path

from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).parent))
from test_board_browser import VECTORS, open_board, wait_until_idle  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CLICKS = 20


def test_browser_benchmark(notebook):
    figures = {}
    nb = open_board(notebook, "bench_click.ipynb", "board = KisoloBoard(columns=7)")
    page = nb.page
    latencies = []
    for _ in range(CLICKS):
        if page.locator(".mw-status").get_attribute("data-status") != "playing":
            page.locator(".mw-reset").click()
            wait_until_idle(page)
        page.evaluate("performance.clearMarks()")
        page.locator(".mw-root .mw-playable").first.click()
        page.wait_for_function(
            "performance.getEntriesByName('mw-first-frame').length > 0", timeout=30_000
        )
        latencies.append(
            page.evaluate(
                "performance.getEntriesByName('mw-first-frame')[0].startTime"
                " - performance.getEntriesByName('mw-click')[0].startTime"
            )
        )
        page.locator(".mw-end").click()
        expect(page.locator(".mw-status")).not_to_have_attribute("data-status", "moving")
    figures["click to first frame, median (ms)"] = round(statistics.median(latencies), 1)
    figures["click to first frame, max (ms)"] = round(max(latencies), 1)

    case = next(
        c
        for c in json.loads((VECTORS / "kisolo.json").read_text())
        if c["name"] == "kisolo-relay-chain-wins"
    )
    nb = open_board(
        notebook,
        "bench_relay.ipynb",
        f"board = KisoloBoard(position=json.loads({json.dumps(json.dumps(case['position']))}))\n"
        "board.speed = 8",
    )
    page = nb.page
    page.evaluate("""() => { window.gaps = []; let last = performance.now();
        const loop = (t) => { window.gaps.push(t - last); last = t;
            if (!window.stopFrames) requestAnimationFrame(loop); };
        requestAnimationFrame(loop); }""")
    page.locator(f'.mw-root [data-cell="{case["move"]["row"]},{case["move"]["column"]}"]').click()
    expect(page.locator(".mw-status")).to_have_attribute("data-status", "won", timeout=120_000)
    gaps = page.evaluate("window.stopFrames = true; window.gaps.slice(2)")
    events = page.locator(".mw-progress").text_content()
    figures["relay animation frames"] = len(gaps)
    figures["relay animation, longest frame (ms)"] = round(max(gaps), 1)
    figures["relay animation, 95th percentile frame (ms)"] = round(
        sorted(gaps)[int(len(gaps) * 0.95)], 1
    )
    figures["relay animation, steps"] = events

    bundle = (ROOT / "mancala_widgets" / "static" / "widget.js").read_bytes()
    figures["bundle, minified (KB)"] = round(len(bundle) / 1024, 1)
    figures["bundle, gzipped (KB)"] = round(len(gzip.compress(bundle)) / 1024, 1)
    print("\nBrowser benchmark (Chromium, JupyterLab, this machine)")
    for name, value in figures.items():
        print(f"  {name:48} {value}")
    assert len(latencies) == CLICKS and gaps


def test_lesson_pacing_benchmark(notebook):
    """How long each lesson move takes to show at the default speed (goal: at most
    about 6 s), and the endless-sowing demo (goal: its cycle in under 20 s)."""
    from mancala_widgets import available_lessons

    ids = available_lessons()
    cells = ["from mancala_widgets import Lesson"] + [f"Lesson({i!r})" for i in ids]
    nb = notebook("bench_lessons.ipynb", cells)
    nb.run_all()
    page = nb.page
    roots = page.locator(".mw-root")
    expect(roots).to_have_count(len(ids), timeout=60_000)
    page.evaluate("""() => { window.moves = [];
        document.querySelectorAll('.mw-root').forEach((root, i) => {
          const status = root.querySelector('.mw-status'); let start = null;
          new MutationObserver(() => {
            const s = status.dataset.status;
            if (s === 'moving' && start === null) start = performance.now();
            else if (s !== 'moving' && start !== null) {
              window.moves.push({root: i, ms: performance.now() - start, end: s}); start = null; }
          }).observe(status, {attributes: true, attributeFilter: ['data-status']});
        }); }""")
    for i in range(len(ids)):
        root = roots.nth(i)
        lesson = root.locator(".mw-lesson")
        steps = int(lesson.locator(".mw-lesson-step").inner_text().split()[-1])
        for step in range(steps):
            if lesson.locator(".mw-answer-row").count():
                row = lesson.locator(".mw-answer-row")
                if row.locator(".mw-number-answer").count():
                    row.locator(".mw-number-answer").fill("0")
                    row.locator(".mw-number-answer").press("Enter")
                elif row.locator(".mw-option").count():
                    row.locator(".mw-option").first.click()
                elif row.locator(".mw-check").count():
                    row.locator(".mw-check").click()
                else:
                    root.locator("[data-cell]").first.click()
                expect(lesson.locator(".mw-feedback")).to_be_visible(timeout=30_000)
            expect(root.locator(".mw-status")).not_to_have_attribute(
                "data-status", "moving", timeout=60_000
            )
            if step < steps - 1:
                lesson.locator(".mw-lesson-next").click()
                expect(lesson.locator(".mw-lesson-step")).to_have_text(
                    f"Step {step + 2} of {steps}"
                )
    moves = page.evaluate("window.moves")
    endless = [m for m in moves if m["end"] == "draw"]
    longest = max((m for m in moves if m["end"] != "draw"), key=lambda m: m["ms"])
    print("\nLesson pacing at the default speed (Chromium, JupyterLab, this machine)")
    print(f"  {'lesson moves shown':48} {len(moves)}")
    print(
        f"  {'longest lesson move to show (s)':48} {longest['ms'] / 1000:.1f}"
        f"  ({ids[longest['root']]})"
    )
    print(
        f"  {'endless-sowing demo, its cycle shown in (s)':48} "
        f"{max(m['ms'] for m in endless) / 1000:.1f}"
    )
    assert moves and endless
