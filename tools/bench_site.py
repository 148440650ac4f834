"""The classroom site's benchmark: ``python3 dev.py bench --site``.

    python tools/bench_site.py [--site DIR]   # default: build the site into a temporary folder

Serves the site with its own serve.py on 127.0.0.1 and opens lesson 1 in Chromium, as a
student does, from the landing page, twice: a first visit (nothing in the browser's
cache) and a second visit (the same browser, later). Prints, for each, the bytes that
crossed the network (Chromium counts them, compressed, the kernel's worker included) and
the seconds from opening the lesson to its first board drawn. Then, in that page's
Python (Pyodide), the seconds a hint, an expert move and the review of a seeded
60-move game take, beside the same in this machine's Python (what JupyterLab's kernel
runs).

Goals (a 2-core machine): a first visit moves at most 15 MB, a second at most 1 MB; the
first board shows within 10 s of opening the lesson on a second visit.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

LESSON = "01-start-here.ipynb"
GOALS = {"first visit (MB)": 15.0, "second visit (MB)": 1.0, "second visit, first board (s)": 10.0}

#: Timed in the page's Python and in this machine's: the same code, the same seeds.
TIMED = """
import json, time
from mancala_widgets.players import level
from mancala_widgets.review import hint, review
from mancala_widgets.rules import new_state
from mancala_widgets.bench import long_game
times = {}
state = new_state("kisolo")
t = time.perf_counter(); hint(state, level="expert", seed=1)
times["hint"] = time.perf_counter() - t
t = time.perf_counter(); level("expert", seed=1).choose(state)
times["expert move"] = time.perf_counter() - t
seed, states = long_game("kisolo", 60)
t = time.perf_counter(); review(states, level="expert", seed=0)
times["review of a 60-move game"] = time.perf_counter() - t
print(json.dumps({k: round(v, 2) for k, v in times.items()}))
"""


def serve(site: Path) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen(
        [sys.executable, "-I", "serve.py", "--port", "0", "--bind", "127.0.0.1", "--quiet"],
        cwd=site,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("On this computer: "):
            return proc, line.split(": ", 1)[1].strip().rstrip("/")
    raise SystemExit("serve.py did not start")


def visit(context, url: str) -> tuple[float, float, object]:
    """Open lesson 1 from the landing page and run it to its first board: the MB that
    crossed the network and the seconds from the click to the first board."""
    from playwright.sync_api import expect
    from test_site import CELLS, cells_of, run_all

    moved = [0]

    def count(request):
        try:
            sizes = request.sizes()
        except Exception:  # a request the page cancelled: nothing counted
            return
        moved[0] += sizes["responseBodySize"] + sizes["responseHeadersSize"]

    context.on("requestfinished", count)
    page = context.new_page()
    page.goto(f"{url}/")
    start = time.monotonic()
    page.locator(f'a.lesson[href$="path={LESSON}"]').click()
    expect(page.locator(CELLS)).to_have_count(cells_of(LESSON), timeout=60_000)
    expect(page.locator(".jp-Notebook-ExecutionIndicator")).to_have_attribute(
        "data-status", "idle", timeout=120_000
    )
    ready = time.monotonic() - start
    run_all(page)
    expect(page.locator(".mw-root .mw-board").first).to_be_visible(timeout=60_000)
    seconds = time.monotonic() - start
    print(f"  (Python ready after {ready:.1f} s, the first board {seconds - ready:.1f} s later)")
    page.wait_for_load_state("networkidle")
    context.remove_listener("requestfinished", count)
    return moved[0] / 1e6, seconds, page


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one now)")
    args = parser.parse_args(argv)
    import build_site
    from conftest import launch_chromium
    from playwright.sync_api import sync_playwright
    from test_site import add_cell

    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            with build_site.one_build_at_a_time():
                build_site.build(site)
        proc, url = serve(site)
        figures: dict[str, float] = {}
        try:
            with sync_playwright() as p:
                browser = launch_chromium(p, ("--proxy-server=http://127.0.0.1:9",))
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                mb, s, page = visit(context, url)
                figures["first visit (MB)"], figures["first visit, first board (s)"] = mb, s
                page.close()
                mb, s, page = visit(context, url)
                figures["second visit (MB)"], figures["second visit, first board (s)"] = mb, s
                _, said = add_cell(page, TIMED)
                in_pyodide = json.loads(said.strip().splitlines()[-1])
                browser.close()
        finally:
            proc.terminate()
    here = subprocess.run(
        [sys.executable, "-c", TIMED], capture_output=True, text=True, check=True
    ).stdout
    in_cpython = json.loads(here.strip().splitlines()[-1])
    print(f"\nClassroom site (served by serve.py on 127.0.0.1, {time.strftime('%Y-%m-%d')})")
    for name, value in figures.items():
        goal = GOALS.get(name)
        verdict = "" if goal is None else (" ok" if value <= goal else " OVER") + f" (goal {goal})"
        print(f"  {name:34} {value:7.2f}{verdict}")
    print(f"\n  {'seconds, seeded':34} {'Pyodide':>8} {'CPython':>8}")
    for name in in_pyodide:
        print(f"  {name:34} {in_pyodide[name]:8.2f} {in_cpython[name]:8.2f}")
    met = all(figures[k] <= v for k, v in GOALS.items())
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
