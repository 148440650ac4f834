"""Real-browser fixtures: a JupyterLab server started by the tests, and
Playwright driving Chromium (Debian's where installed, as in CI)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path
from types import SimpleNamespace

import nbformat
import pytest
from playwright.sync_api import Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    path = os.environ.get("MANCALA_CHROMIUM") or shutil.which("chromium")
    return path  # None: Playwright's own Chromium (python -m playwright install chromium)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def private_env(home: Path) -> dict:
    """Jupyter and Chromium write here, not into the user's home."""
    return {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(home / "config"),
        "JUPYTER_DATA_DIR": str(home / "data"),
        "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
        "IPYTHONDIR": str(home / "ipython"),
        "XDG_CONFIG_HOME": str(home / "xdg-config"),
        "XDG_CACHE_HOME": str(home / "xdg-cache"),
        "XDG_DATA_HOME": str(home / "xdg-data"),
        "JUPYTER_PLATFORM_DIRS": "1",
    }


def wait_for_server(url: str, proc: subprocess.Popen, log: Path):
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError(f"the server did not start: {log.read_text()}") from None
            time.sleep(0.2)  # polling a server that is starting, not a wait in a test


def stop(proc: subprocess.Popen):
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    """A JupyterLab server in a private home; yields (base_url, token, notebook dir)."""
    home = tmp_path_factory.mktemp("jupyter-home")
    notebooks = tmp_path_factory.mktemp("notebooks")
    env = private_env(home)
    settings = Path(sys.prefix) / "share" / "jupyter" / "lab" / "settings"
    settings.mkdir(parents=True, exist_ok=True)
    # The "news" toast would cover the page.
    (settings / "overrides.json").write_text(
        json.dumps(
            {
                "@jupyterlab/apputils-extension:notification": {
                    "checkForUpdates": False,
                    "fetchNews": "false",
                }
            }
        )
    )
    port, token = free_port(), uuid.uuid4().hex
    log = open(home / "lab.log", "w")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "jupyter",
            "lab",
            "--no-browser",
            "--ip",
            "127.0.0.1",
            "--port",
            str(port),
            "--allow-root",
            f"--IdentityProvider.token={token}",
            f"--ServerApp.root_dir={notebooks}",
        ],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    wait_for_server(f"{base}/api/status?token={token}", proc, home / "lab.log")
    yield base, token, notebooks
    stop(proc)
    log.close()


@pytest.fixture
def voila(tmp_path):
    """Serve one notebook with Voila; call with the notebook's cells, get its URL."""
    procs = []

    def serve(cells: list[str]) -> str:
        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_code_cell(src) for src in cells]
        nb.metadata["kernelspec"] = {
            "name": "python3",
            "display_name": "Python 3",
            "language": "python",
        }
        path = tmp_path / "app.ipynb"
        nbformat.write(nb, path)
        port = free_port()
        log = tmp_path / "voila.log"
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "voila",
                "--no-browser",
                "--Voila.ip=127.0.0.1",
                f"--port={port}",
                str(path),
            ],
            env=private_env(tmp_path / "home"),
            stdout=open(log, "w"),
            stderr=subprocess.STDOUT,
            cwd=tmp_path,
        )
        procs.append(proc)
        url = f"http://127.0.0.1:{port}/"
        wait_for_server(url, proc, log)
        return url

    yield serve
    for proc in procs:
        stop(proc)


@pytest.fixture(scope="session")
def playwright_driver():
    """One Playwright per worker process: its sync API cannot be started twice in one
    process while the first is running."""
    with sync_playwright() as p:
        yield p


def launch_chromium(p, extra_args: tuple[str, ...] = ()):
    exe = chromium_path()
    args = [*CHROMIUM_ARGS, *extra_args]
    if exe:
        return p.chromium.launch(executable_path=exe, args=args)
    return p.chromium.launch(args=args[1:])


@pytest.fixture(scope="session")
def browser(playwright_driver):
    b = launch_chromium(playwright_driver)
    yield b
    b.close()


def run_all_cells(page: Page) -> None:
    """Run > Run All Cells, and wait until the first code cell has been sent to the kernel
    (its prompt no longer reads "[ ]:"). On a loaded machine the menu's click was once
    lost with the prompt still blank; it is then given once more."""
    first = page.locator(".jp-CodeCell .jp-InputPrompt").first
    for attempt in (1, 2):
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
        try:
            expect(first).not_to_have_text("[ ]:", timeout=15_000)
            return
        except AssertionError:
            if attempt == 2:
                raise


def ours(error) -> bool:
    """An error thrown by the board's code (loaded by anywidget from a blob: URL), not by
    JupyterLab or Notebook 7 themselves, which log a few of their own."""
    stack = getattr(error, "stack", "") or ""
    return "blob:" in stack or "mancala" in stack or "widget.js" in stack


@pytest.fixture
def page(browser, request):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    pg = context.new_page()
    errors: list[str] = []
    dialogs: list[str] = []
    # Listening from the start: a script run by markup in a name or lesson text would
    # raise an error or open a dialog before any test step could look.
    pg.on("pageerror", lambda e: errors.append(e) if ours(e) else None)
    pg.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    pg.errors, pg.dialogs = errors, dialogs
    yield pg
    ARTIFACTS.mkdir(exist_ok=True)
    pg.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    context.close()
    assert not errors, f"errors from the board in the page: {[str(e) for e in errors]}"
    assert not dialogs, f"dialogs opened: {dialogs}"


class Notebook:
    """A notebook open in JupyterLab, with helpers to run cells and read outputs."""

    def __init__(self, page: Page, lab, name: str, cells: list[str]):
        base, token, root = lab
        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_code_cell(src) for src in cells]
        nb.metadata["kernelspec"] = {
            "name": "python3",
            "display_name": "Python 3",
            "language": "python",
        }
        nbformat.write(nb, root / name)
        self.page, self.count = page, len(cells)
        # A workspace of its own, so JupyterLab reopens no earlier test's notebook.
        page.goto(f"{base}/lab/workspaces/t{uuid.uuid4().hex[:12]}/tree/{name}?token={token}")
        expect(page.locator(".jp-NotebookPanel .jp-Notebook .jp-Cell")).to_have_count(
            len(cells), timeout=60_000
        )
        self.wait_idle()

    def wait_idle(self):
        page = self.page
        expect(page.locator(".jp-NotebookPanel [data-status='idle']").first).to_be_attached(
            timeout=60_000
        )
        expect(page.locator("#jp-main-statusbar")).to_contain_text("Idle", timeout=60_000)

    def run_all(self):
        run_all_cells(self.page)

    def cell(self, i: int):
        return self.page.locator(".jp-NotebookPanel .jp-Notebook .jp-Cell").nth(i)

    def rerun(self, i: int) -> str:
        """Run cell ``i`` again and return its text output once it has changed."""
        cell = self.cell(i)
        output = cell.locator(".jp-OutputArea-output")
        prompt = cell.locator(".jp-InputPrompt")
        old_prompt = prompt.inner_text()
        cell.locator(".cm-content").click()
        self.page.keyboard.press("Control+Enter")
        expect(prompt).not_to_have_text(old_prompt, timeout=30_000)
        expect(prompt).not_to_have_text("[*]:", timeout=30_000)
        return output.first.inner_text()


@pytest.fixture
def notebook(page, lab):
    def open_notebook(name: str, cells: list[str]) -> Notebook:
        return Notebook(page, lab, name, cells)

    return open_notebook


def clean_copy(dest: Path) -> Path:
    """The checkout's files as a clean clone has them: tracked and new files, nothing
    git ignores (no built front end, no virtual environment). node_modules, which
    only the build reads, is hard-linked from the checkout: `npm install` then finds
    it up to date instead of downloading it again (a minute here)."""
    files = (
        subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
        .stdout.decode()
        .split("\0")
    )
    for name in filter(None, files):
        if (ROOT / name).is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, dest / name)
    if (ROOT / "node_modules").is_dir():
        shutil.copytree(
            ROOT / "node_modules", dest / "node_modules", symlinks=True, copy_function=link_or_copy
        )
    return dest


def link_or_copy(source: str, dest: str) -> None:
    try:
        os.link(source, dest)
    except OSError:  # another file system
        shutil.copy2(source, dest)


@pytest.fixture(scope="session")
def released(tmp_path_factory):
    """What `python3 dev.py release` writes (tools/release.py), built from a clean copy
    of the checkout: the sdist, the wheel and the site's zip."""
    sys.path.insert(0, str(ROOT / "tools"))
    from release import release

    tmp = tmp_path_factory.mktemp("release")
    start = time.monotonic()
    sdist, wheel, site = release(tmp / "dist", clean_copy(tmp / "checkout"))
    print(f"release built in {time.monotonic() - start:.0f} s")
    return SimpleNamespace(sdist=sdist, wheel=wheel, site_zip=site)
