"""The classroom site (JupyterLite), fully offline: built by tools/site.py (what
`python3 dev.py site` runs), served by `python -m http.server` on 127.0.0.1, and
opened in a Chromium that can reach nothing else (every request off 127.0.0.1
is aborted, and a proxy that does not exist catches whatever a worker might send
past the page's routes). A student runs the pussa kanawa notebook, steps through
its lesson, plays a move by clicking and the kernel reads it back; notebook 5
draws its Vega-Lite chart of simulated games."""

import subprocess
import sys
import time
import urllib.parse
from functools import partial
from pathlib import Path

import pytest
from conftest import ARTIFACTS, free_port, launch_chromium, ours, stop, wait_for_server
from lesson_steps import PUSSA_KANAWA, pussa_kanawa_as_a_student, run_all, wait_for_notebook
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]
KERNEL = "Python (Pyodide)"
#: The kernel's cold start took 15-25 s here; 2 of about 22 cold starts hung, so
#: one that is not idle after this long is given a fresh page once.
KERNEL_START = 90_000


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The site built once, served on 127.0.0.1; its URL."""
    out = tmp_path_factory.mktemp("site") / "site"
    start = time.monotonic()
    subprocess.run(
        [sys.executable, str(ROOT / "tools" / "site.py"), "--output", str(out)],
        check=True,
        cwd=ROOT,
    )
    print(f"site built in {time.monotonic() - start:.0f} s")
    port = free_port()
    log = out.parent / "http.log"
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "http.server",
            "--bind",
            "127.0.0.1",
            str(port),
            "--directory",
            str(out),
        ],
        stdout=open(log, "w"),
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    wait_for_server(f"{url}/index.html", server, log)
    yield url
    stop(server)


@pytest.fixture(scope="module")
def offline_browser(playwright_driver):
    browser = launch_chromium(playwright_driver, ("--proxy-server=http://127.0.0.1:9",))
    yield browser
    browser.close()


class Student:
    """A page of the site in a context of its own that records every request."""

    def __init__(self, browser, site: str):
        self.host = urllib.parse.urlsplit(site).netloc
        self.context = browser.new_context(viewport={"width": 1280, "height": 1000})
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


def open_notebook(browser, site: str, name: str, request) -> Student:
    """A student with ``name`` open and its kernel idle; a kernel that hangs at its
    start is given one fresh page."""
    for attempt in (1, 2):
        student = Student(browser, site)
        start = time.monotonic()
        student.page.goto(f"{site}/lab/index.html?path={name}")
        try:
            wait_for_notebook(student.page, name, KERNEL, timeout=KERNEL_START)
        except (AssertionError, PlaywrightError):
            student.close(f"{request.node.name}-kernel-start-{attempt}")
            if attempt == 2:
                raise
            print(f"the kernel did not start in {KERNEL_START / 1000:.0f} s: a fresh page")
            continue
        print(f"{name}: kernel idle {time.monotonic() - start:.0f} s after the page opened")
        request.addfinalizer(partial(student.close, request.node.name))
        return student


def test_a_student_takes_the_pussa_kanawa_lesson_offline(site, offline_browser, request):
    student = open_notebook(offline_browser, site, PUSSA_KANAWA, request)
    pussa_kanawa_as_a_student(student.page)
    assert student.off_host == []
    assert student.requests > 50  # the routes saw the site's own requests
    assert not student.errors, [str(e) for e in student.errors]


def test_notebook_5_draws_its_chart_offline(site, offline_browser, request):
    student = open_notebook(offline_browser, site, "05-ethnomathematics.ipynb", request)
    run_all(student.page)
    chart = student.page.locator(".jp-RenderedVegaCommon5 svg, .jp-RenderedVegaCommon5 canvas")
    expect(chart.first).to_be_visible(timeout=30_000)
    assert student.off_host == []
