"""The classroom site as a class reaches it: the site served by its own serve.py, running
as the class's hub, opened by students' browsers at an address on the class network.

Such an address (``http://192.168.x.y:8000``) is not a secure context, so JupyterLite's
kernel cannot reach the browser's storage there. Here the browser resolves the made-up
host ``classroom.lan`` to 127.0.0.1 (all traffic stays on this machine), so the page is
exactly as insecure as on a class's Wi-Fi; the same path is also taken at 127.0.0.1.

A student answers, closes the tab, opens the lesson again, continues, joins the class
and hands in to the teacher's laptop; a second student answers at the same time; a
browser that keeps nothing says so plainly and still hands in."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from conftest import ARTIFACTS, launch_chromium, ours, stop
from playwright.sync_api import expect
from test_site import (
    Student,
    answer_steps,
    lesson_root,
    rerun,
    run_all,
    site_folder,
    wait_for_lesson,
)

from mancala_widgets.lessons import load_lesson

pytestmark = pytest.mark.slow
LAN = "classroom.lan"
LESSON = "02-kisolo-pussa-kanawa.ipynb"


class Hub:
    """serve.py running from the site's folder as the class's hub."""

    def __init__(self, root: Path, hand_ins: Path):
        self.hand_ins = hand_ins
        self.proc = subprocess.Popen(
            [sys.executable, "-I", "serve.py", "--port", "0", "--bind", "127.0.0.1", "--quiet"]
            + ["--hand-ins", str(hand_ins)],
            cwd=root,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        said = []
        for line in self.proc.stdout:
            said.append(line)
            if line.startswith("Class code: "):
                self.code = line.split(": ", 1)[1].strip()
            if line.startswith("Teacher's page"):
                self.key = line.rsplit("#key=", 1)[1].strip()
            if line.startswith("On this computer: "):
                self.port = int(line.strip().rstrip("/").rsplit(":", 1)[1])
                break
        else:
            raise AssertionError("serve.py did not start: " + "".join(said))

    def url(self, host: str) -> str:
        return f"http://{host}:{self.port}"

    def live(self) -> dict:
        request = urllib.request.Request(
            f"{self.url('127.0.0.1')}/class/live?names=1", headers={"X-Teacher-Key": self.key}
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.load(response)


@pytest.fixture(scope="module")
def hub(request, tmp_path_factory):
    """The release's site unpacked and served by its own serve.py, as the class's hub."""
    root = site_folder(request, tmp_path_factory)
    running = Hub(root, tmp_path_factory.mktemp("laptop") / "hand-ins")
    yield running
    stop(running.proc)


@pytest.fixture(scope="module")
def lan_browser(playwright_driver):
    """A Chromium that finds classroom.lan at 127.0.0.1 and reaches nothing else."""
    browser = launch_chromium(
        playwright_driver,
        (
            f"--host-resolver-rules=MAP {LAN} 127.0.0.1",
            "--proxy-server=http://127.0.0.1:9",
            f"--proxy-bypass-list={LAN}",
        ),
    )
    yield browser
    browser.close()


def open_lesson_at(browser, site: str, request, name: str = LESSON, **kw) -> Student:
    for attempt in (1, 2):
        student = Student(browser, site, **kw)
        student.page.goto(f"{site}/notebooks/index.html?path={name}")
        try:
            wait_for_lesson(student.page, name)
        except AssertionError:
            student.close(f"{request.node.name}-kernel-start-{attempt}")
            if attempt == 2:
                raise
            continue
        return student
    raise AssertionError("unreachable")


def reopen(student: Student, site: str, name: str = LESSON):
    """The tab closed without saving; the lesson opened again in a new one."""
    student.page.close()
    page = student.page = student.context.new_page()
    page.on("pageerror", lambda e: student.errors.append(e) if ours(e) else None)
    page.goto(f"{site}/notebooks/index.html?path={name}")
    wait_for_lesson(page, name)
    return page


@pytest.mark.parametrize("host", [LAN, "127.0.0.1"])
def test_a_students_work_is_kept_by_the_browser_and_handed_in_to_the_laptop(
    hub, lan_browser, request, host
):
    site = hub.url(host)
    student = open_lesson_at(lan_browser, site, request)
    page = student.page
    assert page.evaluate("window.isSecureContext") is (host != LAN)
    # The teacher's QR code opens the landing page with the class code: it is remembered.
    landing = student.context.new_page()
    landing.goto(f"{site}/?class={hub.code.lower()}")
    expect(landing.locator("#class-code")).to_have_text(
        f"Class code {hub.code}: this browser remembers it. Open a lesson below; its first "
        "cells ask your name to join your class."
    )
    landing.close()
    run_all(page)
    workbook = page.locator(".mw-workbook")
    status = workbook.locator(".mw-work-status")
    expect(status).to_contain_text("in this browser on this device", timeout=30_000)
    # Joining: the form is there because the laptop is a class's hub.
    join = workbook.locator(".mw-class")
    expect(join).to_be_visible(timeout=30_000)
    join.locator(".mw-class-name").fill(f"Ngalula <b>{host}</b>")
    expect(join.locator(".mw-class-code")).to_have_value(hub.code)
    join.locator(".mw-class-join").click()
    expect(join.locator(".mw-class-joined-text")).to_contain_text(
        f"In class {hub.code} as Ngalula <b>{host}</b>", timeout=30_000
    )
    stopped = answer_steps(page, "pussa-kanawa", 0, 3, wrong={0})
    # A second student, on another device, answers the first question meanwhile.
    other = open_lesson_at(lan_browser, site, request)
    run_all(other.page)
    other_join = other.page.locator(".mw-workbook .mw-class")
    other_join.locator(".mw-class-name").fill(f"Kabongo {host}")
    other_join.locator(".mw-class-code").fill(hub.code)
    other_join.locator(".mw-class-join").click()
    expect(other_join.locator(".mw-class-joined-text")).to_be_visible(timeout=30_000)
    answer_steps(other.page, "pussa-kanawa", 0, 1)
    other.close(f"{request.node.name}-second-student")

    page = reopen(student, site)
    run_all(page)
    status = page.locator(".mw-workbook .mw-work-status")
    expect(status).to_contain_text("You have worked in this notebook before", timeout=30_000)
    expect(status).to_contain_text("3 answers")
    expect(page.locator(".mw-workbook .mw-class-joined-text")).to_contain_text(hub.code)
    page.locator(".mw-workbook .mw-work-continue").click()
    expect(status).to_contain_text("Continuing", timeout=30_000)
    root = lesson_root(page, "pussa-kanawa")
    expect(root.locator(".mw-lesson-step")).to_have_text(f"Step {stopped + 1} of 13")
    answer_steps(page, "pussa-kanawa", stopped, None, wrong={2})
    form = page.locator(".mw-handin")
    form.scroll_into_view_if_needed()
    expect(form.locator(".mw-handin-intro")).to_contain_text("your teacher's laptop")
    expect(form.locator(".mw-handin-name")).to_have_value(f"Ngalula <b>{host}</b>")
    form.locator(".mw-handin-button").click()
    receipt = form.locator(".mw-work-status")
    expect(receipt).to_contain_text("Handed in to your teacher's laptop", timeout=30_000)
    assert form.locator(".mw-work-status b").count() == 0
    # The laptop has the file, with every answer as given, and the receipt names it.
    files = [p for p in hub.hand_ins.glob("*.handin.json") if host.split(".")[0] in p.name]
    (file,) = files
    assert file.name in receipt.inner_text()
    handed = json.loads(file.read_text(encoding="utf-8"))
    assert handed["student"] == f"Ngalula <b>{host}</b>"
    (part,) = handed["lessons"]
    asked = [i for i, s in enumerate(load_lesson("pussa-kanawa").steps, 1) if s.predict]
    assert [a["step"] for a in part["answers"]] == asked
    assert [a["right"] for a in part["answers"]] == [i not in (0, 5) for i in range(10)]
    # The teacher's screen had every answer, as they were given, from both students.
    live = json.dumps(hub.live(), ensure_ascii=False)
    assert f"Ngalula <b>{host}</b>" in live and f"Kabongo {host}" in live
    ARTIFACTS.mkdir(exist_ok=True)
    form.screenshot(path=str(ARTIFACTS / f"site-class-receipt-{host}.png"))
    page.locator(".mw-workbook").screenshot(path=str(ARTIFACTS / f"site-class-joined-{host}.png"))


NO_STORAGE = """
Object.defineProperty(window, "localStorage", {
  get() { throw new DOMException("Access is denied for this document.", "SecurityError"); },
});
"""


def test_a_browser_that_keeps_nothing_says_so_and_still_hands_in(hub, lan_browser, request):
    """A private window, or storage refused: the workbook says plainly that nothing is
    kept, never that it is; the class can still be joined for this page, and Hand in
    still reaches the laptop (in French here: the receipt is looked at)."""
    student = Student(lan_browser, hub.url(LAN))
    student.context.add_init_script(NO_STORAGE)
    page = student.page
    page.goto(f"{hub.url(LAN)}/fr/notebooks/index.html?path=fr/{LESSON}")
    wait_for_lesson(page, f"fr/{LESSON}")
    request.addfinalizer(lambda: student.close(request.node.name))
    run_all(page)
    status = page.locator(".mw-workbook .mw-work-status")
    expect(status).to_contain_text("ne garde rien", timeout=30_000)
    expect(status).not_to_contain_text("est gardé")
    expect(status).to_have_class("mw-feedback mw-work-status mw-wrong")
    join = page.locator(".mw-workbook .mw-class")
    join.locator(".mw-class-name").fill("Mbuyi Kalala")
    join.locator(".mw-class-code").fill(hub.code)
    join.locator(".mw-class-join").click()
    expect(join.locator(".mw-class-joined-text")).to_contain_text(
        f"Vous êtes dans la classe {hub.code}", timeout=30_000
    )
    page.locator(".mw-workbook").screenshot(path=str(ARTIFACTS / "site-class-not-kept-fr.png"))
    root = lesson_root(page, "pussa-kanawa", "fr")
    root.locator(".mw-lesson-next").click()
    step = load_lesson("pussa-kanawa").steps[1]
    for r, c in step.predict["answer"]:
        root.locator(f'[data-cell="{r},{c}"]').click()
    expect(root.locator(".mw-feedback")).to_be_visible(timeout=30_000)
    form = page.locator(".mw-handin")
    form.scroll_into_view_if_needed()
    expect(form.locator(".mw-handin-name")).to_have_value("Mbuyi Kalala")
    form.locator(".mw-handin-button").click()
    receipt = form.locator(".mw-work-status")
    expect(receipt).to_contain_text(
        "Travail remis à l'ordinateur de votre enseignant", timeout=30_000
    )
    expect(receipt).to_contain_text("1 réponse")
    form.screenshot(path=str(ARTIFACTS / "site-class-receipt-fr.png"))
    (file,) = hub.hand_ins.glob("Mbuyi-Kalala-*.handin.json")
    assert file.name in receipt.inner_text()
    assert len(json.loads(file.read_text(encoding="utf-8"))["lessons"][0]["answers"]) == 1


def post(hub: Hub, path: str, body: dict) -> dict:
    """What a student's browser sends the hub (js/class.ts)."""
    request = urllib.request.Request(
        f"{hub.url('127.0.0.1')}/class/{path}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "text/plain;charset=UTF-8"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def test_the_teacher_sees_the_class_live_and_marks_what_the_laptop_received(
    hub, lan_browser, request
):
    """On the laptop: the teacher's page (the code, the QR code, the class's answers) and
    the site's marking notebook, which fetches the hand-ins with the key the page left."""
    from mancala_widgets.classroom.sample import _hand_in

    for i, (name, wrong) in enumerate((("Ilunga", [1]), ("<b>Tshala</b>", [1, 3]))):
        device = {"code": hub.code, "student": name, "device": f"teacher-test-{i}"}
        post(hub, "join", device)
        given = [[3, 2]] if i == 0 else [[3, 3]]
        answer = {"lesson": "pussa-kanawa", "step": 2, "given": given, "locale": "en"}
        post(hub, "answer", {**answer, **device})
        post(hub, "hand-in", {"code": hub.code, "hand_in": _hand_in(name, wrong, 0)})
    teacher = Student(lan_browser, hub.url("127.0.0.1"))
    request.addfinalizer(lambda: teacher.close(request.node.name))
    page = teacher.page
    page.goto(f"{hub.url('127.0.0.1')}/hub/#key={hub.key}")
    expect(page.locator(".hub-code")).to_have_text(hub.code, timeout=30_000)
    assert "<b>" not in page.locator("body").inner_html().replace("&lt;b&gt;", "")
    page.screenshot(path=str(ARTIFACTS / "site-class-teacher-page.png"), full_page=True)
    name = "teacher/mark-the-class.ipynb"
    page.goto(f"{hub.url('127.0.0.1')}/notebooks/index.html?path={name}")
    wait_for_lesson(page, name)
    run_all(page)
    fetch = page.locator(".mw-from-hub")
    fetch.locator(".mw-from-hub-button").click()
    expect(fetch.locator(".mw-work-status")).to_contain_text(
        "fetched from this laptop's hand-ins folder", timeout=30_000
    )
    count = len(list(hub.hand_ins.glob("*.handin.json")))
    expect(fetch.locator(".mw-work-status")).to_contain_text(f"{count} hand-in")
    overview = rerun(page, 7)
    assert f"{count} hand-in files marked" in overview
    assert "<b>Tshala</b>" in overview, "a name is shown as text"
    fetch.screenshot(path=str(ARTIFACTS / "site-class-marking-fetched.png"))
