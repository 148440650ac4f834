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
        page.wait_for_function("performance.getEntriesByName('mw-first-frame').length > 0",
                               timeout=30_000)
        latencies.append(page.evaluate(
            "performance.getEntriesByName('mw-first-frame')[0].startTime"
            " - performance.getEntriesByName('mw-click')[0].startTime"))
        page.locator(".mw-end").click()
        expect(page.locator(".mw-status")).not_to_have_attribute("data-status", "moving")
    figures["click to first frame, median (ms)"] = round(statistics.median(latencies), 1)
    figures["click to first frame, max (ms)"] = round(max(latencies), 1)

    case = next(c for c in json.loads((VECTORS / "kisolo.json").read_text())
                if c["name"] == "kisolo-relay-chain-wins")
    nb = open_board(notebook, "bench_relay.ipynb",
                    f"board = KisoloBoard(position=json.loads({json.dumps(json.dumps(case['position']))}))\n"
                    "board.speed = 8")
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
        sorted(gaps)[int(len(gaps) * 0.95)], 1)
    figures["relay animation, steps"] = events

    bundle = (ROOT / "mancala_widgets" / "static" / "widget.js").read_bytes()
    figures["bundle, minified (KB)"] = round(len(bundle) / 1024, 1)
    figures["bundle, gzipped (KB)"] = round(len(gzip.compress(bundle)) / 1024, 1)
    print("\nBrowser benchmark (Chromium, JupyterLab, this machine)")
    for name, value in figures.items():
        print(f"  {name:48} {value}")
    assert len(latencies) == CLICKS and gaps
