"""The class's hub with JupyterLab's lessons: the teacher gives the laptop's address to
``join(...)``; the student joins there, answers (the hub has it at once) and hands in to
the laptop, from a JupyterLab page at another address (the hub answers cross-origin)."""

from __future__ import annotations

import http.client
import json

from conftest import ARTIFACTS
from playwright.sync_api import expect
from test_hub_browser import hub_site  # noqa: F401 (the fixture: a hub on a small site)

from mancala_widgets.lessons import load_lesson


def live(port: int, key: str) -> dict:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", "/class/live?names=1", headers={"X-Teacher-Key": key})
    return json.loads(conn.getresponse().read())


def test_a_jupyterlab_lesson_joins_the_hub_answers_live_and_hands_in(notebook, hub_site):  # noqa: F811
    port, code = hub_site["port"], hub_site["code"]
    nb = notebook(
        "class-lab.ipynb",
        [
            f'from mancala_widgets import Lesson, join, workbook\njoin("http://127.0.0.1:{port}/")',
            'work = workbook("class-lab")\nwork',
            'lesson = Lesson("pussa-kanawa")\nlesson',
            "work.hand_in_button()",
        ],
    )
    nb.run_all()
    page = nb.page
    form = nb.cell(0).locator(".mw-join .mw-class")
    expect(form).to_be_visible(timeout=30_000)
    form.locator(".mw-class-name").fill("Kanku Mutombo")
    form.locator(".mw-class-code").fill(code)
    form.locator(".mw-class-join").click()
    expect(form.locator(".mw-class-joined-text")).to_contain_text(
        f"In class {code} as Kanku Mutombo", timeout=30_000
    )
    # The workbook's own form knows the class too (the browser remembers it).
    expect(nb.cell(1).locator(".mw-class-joined-text")).to_contain_text(code)
    expect(nb.cell(1).locator(".mw-work-status")).to_contain_text("class-lab.work.json")
    root = nb.cell(2).locator(".mw-root")
    root.locator(".mw-lesson-next").click()
    step = load_lesson("pussa-kanawa").steps[1]
    (r, c), *more = step.predict["answer"]
    assert more == []
    with page.expect_response(lambda r: r.url.endswith("/class/answer"), timeout=30_000) as sent:
        root.locator(f'[data-cell="{r},{c}"]').click()
    assert sent.value.status == 200
    expect(root.locator(".mw-feedback")).to_have_class("mw-feedback mw-right", timeout=30_000)
    (question,) = [
        q
        for q in live(port, hub_site["key"])["questions"]
        if q["lesson"] == "pussa-kanawa" and q["step"] == 2
    ]
    (given,) = question["answers"]
    assert given["given"] == step.predict["answer"] and given["names"] == ["Kanku Mutombo"]
    handin = nb.cell(3).locator(".mw-handin")
    expect(handin.locator(".mw-handin-name")).to_have_value("Kanku Mutombo")
    handin.locator(".mw-handin-button").click()
    expect(handin.locator(".mw-work-status")).to_contain_text(
        "Handed in to your teacher's laptop", timeout=30_000
    )
    ARTIFACTS.mkdir(exist_ok=True)
    nb.cell(0).screenshot(path=str(ARTIFACTS / "lab-class-joined.png"))
    handin.screenshot(path=str(ARTIFACTS / "lab-class-receipt.png"))
