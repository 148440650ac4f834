"""The teacher's live page in Chromium, served by the site's serve.py and opened at a LAN
address (not a secure context, as on a class's Wi-Fi): 30 simulated students answer and
the page shows their counts on the board's holes, then bars, in two languages.

The site here is a minimal folder (the landing page, hub/ with the built bundle and the
real questions.json): the full JupyterLite build is not needed for the hub's page."""

from __future__ import annotations

import http.client
import json
import shutil
import subprocess
import sys

import pytest
from conftest import ARTIFACTS, ROOT, free_port, launch_chromium
from playwright.sync_api import expect

from mancala_widgets.classroom.questions import hub_questions, hub_questions_json

STATIC = ROOT / "mancala_widgets" / "static"


@pytest.fixture
def hub_site(tmp_path):
    if not (STATIC / "hub.js").is_file():
        pytest.fail("mancala_widgets/static/hub.js is missing: run npm run build")
    site = tmp_path / "site"
    (site / "hub").mkdir(parents=True)
    (site / "index.html").write_text("<!DOCTYPE html><title>Lessons</title>")
    shutil.copy2(ROOT / "js" / "hub.html", site / "hub" / "index.html")
    for name in ("hub.js", "hub.css"):
        shutil.copy2(STATIC / name, site / "hub" / name)
    (site / "hub" / "questions.json").write_text(hub_questions_json())
    shutil.copy2(ROOT / "mancala_widgets" / "classroom" / "serve.py", site / "serve.py")
    port = free_port()
    cmd = [sys.executable, "-I", "serve.py", "--port", str(port), "--bind", "127.0.0.1"]
    cmd += ["--quiet", "--hand-ins", str(tmp_path / "hand-ins")]
    proc = subprocess.Popen(
        cmd, cwd=site, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    said = []
    assert proc.stdout is not None
    for line in proc.stdout:
        said.append(line)
        if line.startswith("On this computer"):
            break
    text = "".join(said)
    code = text.split("Class code: ")[1].split()[0]
    key = text.split("#key=")[1].split()[0]
    yield {"port": port, "code": code, "key": key}
    proc.terminate()
    proc.wait(10)


@pytest.fixture
def lan_browser(playwright_driver):
    browser = launch_chromium(
        playwright_driver, ("--host-resolver-rules=MAP classroom.lan 127.0.0.1",)
    )
    yield browser
    browser.close()


def post(port: int, path: str, body: dict) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("POST", path, json.dumps(body), {"Content-Type": "text/plain"})
    response = conn.getresponse()
    assert response.status == 200, response.read()
    conn.close()


def question(lesson: str, step: int) -> dict:
    for x in hub_questions([lesson])["lessons"]:
        for q in x["questions"]:
            if q["step"] == step:
                return q
    raise KeyError(step)


def test_the_teachers_page_shows_thirty_answers_where_they_belong(lan_browser, hub_site):
    port, code, key = hub_site["port"], hub_site["code"], hub_site["key"]
    context = lan_browser.new_context(viewport={"width": 1366, "height": 1100})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("dialog", lambda d: (errors.append(d.message), d.dismiss()))
    page.add_init_script("localStorage.setItem('mancala-widgets:hub-locale', 'en')")
    page.goto(f"http://classroom.lan:{port}/hub/#key={key}")
    assert page.evaluate("window.isSecureContext") is False, "a LAN address, as in class"
    expect(page.locator(".hub-code")).to_have_text(code)
    expect(page.locator(".hub-qr")).to_be_visible()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "hub-waiting-en.png"), full_page=True)

    # 30 students on lesson 2's first question (where will the last stone fall?): 11
    # right, 17 lift the landing hole's neighbour the lesson warns about, 2 elsewhere.
    q = question("pussa-kanawa", 2)
    wrong = q["wrong"][0]["given"]
    picks = [q["answer"]] * 11 + [wrong] * 17 + [[[0, 0]]] * 2
    for n, given in enumerate(picks):
        where = {"code": code, "device": f"device-{n:04d}", "student": f"<b>Zawadi {n}</b>"}
        where |= {"lesson": "pussa-kanawa", "step": 2}
        post(port, "/class/progress", where)
        post(port, "/class/answer", {**where, "given": given, "locale": "en"})

    def hole(cell):
        return page.locator(f'.hub-hole[data-row="{cell[0]}"][data-col="{cell[1]}"]')

    expect(page.locator(".hub-answered")).to_have_text("30 of 30 have answered", timeout=5000)
    expect(hole(q["answer"][0])).to_have_attribute("data-count", "11")
    expect(hole(wrong[0])).to_have_attribute("data-count", "17")
    expect(hole([0, 0])).to_have_attribute("data-count", "2")
    expect(hole(q["answer"][0]).locator(".hub-hole-count")).to_have_text("11")
    misconception = q["wrong"][0]["text"]["en"]
    expect(page.locator(".hub-misconception").first).to_have_text(misconception)
    assert "Zawadi" not in page.locator("body").inner_text(), "no names unless asked"
    page.screenshot(path=str(ARTIFACTS / "hub-board-en.png"), full_page=True)

    page.keyboard.press("Tab")  # the page is used from the keyboard: the reveal button
    page.locator(".hub-reveal").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".hub-hole.right")).to_have_count(1)
    expect(page.locator(".hub-answer.right .hub-answer-count")).to_have_text("11")

    page.select_option(".hub-language-select", "fr")
    expect(page.locator(".hub-answered")).to_have_text("Réponses\u00a0: 30 sur 30")
    expect(page.locator(".hub-misconception").first).to_have_text(q["wrong"][0]["text"]["fr"])
    page.screenshot(path=str(ARTIFACTS / "hub-board-revealed-fr.png"), full_page=True)

    page.locator(".hub-show-names input").check()
    expect(page.locator(".hub-names").first).to_contain_text("<b>Zawadi")
    assert page.locator(".hub-names b").count() == 0, "names are text, never markup"
    page.locator(".hub-show-names input").uncheck()
    expect(page.locator(".hub-names")).to_have_count(0)

    # The class moves on to a number question: the page follows, with bars.
    n = question("pussa-kanawa", 13)
    for i in range(30):
        where = {"code": code, "device": f"device-{i:04d}", "student": f"Student {i}"}
        where |= {"lesson": "pussa-kanawa", "step": 13}
        post(port, "/class/progress", where)
        given = n["answer"] if i < 20 else n["wrong"][0]["given"]
        post(port, "/class/answer", {**where, "given": given, "locale": "fr"})
    expect(page.locator(".hub-drawing")).to_have_attribute("data-step", "13", timeout=5000)
    expect(page.locator(f'.hub-answer[data-given="{n["answer"]}"]')).to_have_attribute(
        "data-count", "20"
    )
    expect(page.locator(".hub-board")).to_have_count(0)
    expect(page.locator(".hub-bar")).to_have_count(2)
    page.screenshot(path=str(ARTIFACTS / "hub-bars-fr.png"), full_page=True)

    page.locator(".hub-previous").click()
    expect(page.locator(".hub-drawing")).to_have_attribute("data-step", "12")
    expect(page.locator(".hub-follow input")).not_to_be_checked()
    page.select_option(".hub-language-select", "sw")
    page.screenshot(path=str(ARTIFACTS / "hub-previous-sw.png"), full_page=True)
    page.emulate_media(color_scheme="dark")
    page.locator(".hub-follow input").check()
    expect(page.locator(".hub-drawing")).to_have_attribute("data-step", "13")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(21, 22, 26)", background
    page.screenshot(path=str(ARTIFACTS / "hub-bars-dark-sw.png"), full_page=True)
    context.close()
    assert not errors, errors
