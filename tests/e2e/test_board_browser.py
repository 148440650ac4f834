"""The boards in a real JupyterLab, clicked and typed at like a student would.

After each move the Python-side position is read back from the kernel and
compared with what the rules engine says the move gives."""

import json
import sys

sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
from pathlib import Path

import pytest
from conftest import ARTIFACTS, run_all_cells
from playwright.sync_api import expect

from mancala_widgets.rules import apply_move, initial_position

pytestmark = pytest.mark.browser
VECTORS = Path(__file__).resolve().parents[1] / "vectors"


def vector(game, name):
    return next(c for c in json.loads((VECTORS / f"{game}.json").read_text()) if c["name"] == name)


def cell(page, r, c):
    return page.locator(f'.mw-root [data-cell="{r},{c}"]')


def wait_until_idle(page, status="playing"):
    expect(page.locator(".mw-status").first).to_have_attribute(
        "data-status", status, timeout=30_000
    )


def board_counts(page, rows, cols):
    return [
        [int(cell(page, r, c).locator(".mw-count").text_content()) for c in range(cols)]
        for r in range(rows)
    ]


def python_position(nb, index=1):
    return json.loads(nb.rerun(index))


def open_board(notebook, name, setup):
    nb = notebook(
        name,
        [
            f"import json\nfrom mancala_widgets import *\n{setup}\nboard",
            "print(json.dumps(board.position))",
        ],
    )
    nb.run_all()
    expect(nb.page.locator(".mw-root .mw-board")).to_be_visible(timeout=30_000)
    wait_until_idle(nb.page)
    return nb


def open_position(notebook, name, board_class, position):
    """A board set up from a position (docs/rules.md), as a lesson would."""
    literal = json.dumps(json.dumps(position))
    return open_board(notebook, name, f"board = {board_class}(position=json.loads({literal}))")


def test_kisolo_opening_capture_by_clicking(notebook):
    nb = open_board(notebook, "kisolo_capture.ipynb", "board = KisoloBoard(columns=7)")
    page = nb.page
    expect(cell(page, 2, 3)).to_have_attribute(
        "aria-label", "South's inner hole 4, 3 stones, can be played"
    )
    expect(cell(page, 3, 3)).to_have_attribute("aria-disabled", "true")
    cell(page, 2, 3).click()
    expect(page.locator(".mw-status")).to_have_attribute("data-status", "moving")
    wait_until_idle(page)
    expected = apply_move(initial_position("kisolo"), {"type": "capture", "column": 3})
    assert python_position(nb) == expected
    assert board_counts(page, 4, 7) == expected["board"]
    expect(page.locator(".mw-status")).to_have_text("North to move")
    page.locator(".mw-history summary").click()
    expect(page.locator(".mw-history-list li")).to_have_text(
        ["South captures column 4: North's inner hole 4 and the outer hole behind it"]
    )
    assert not page.errors


def test_reviewing_a_game_from_the_move_list_by_mouse_and_keyboard(notebook):
    setup = (
        "board = KisoloBoard()\n"
        "for column in (3, 0, 5):\n"
        "    board.play({'type': 'capture', 'column': column})"
    )
    nb = open_board(notebook, "review.ipynb", setup)
    page = nb.page
    start = initial_position("kisolo")
    after = [start]
    for column in (3, 0, 5):
        after.append(apply_move(after[-1], {"type": "capture", "column": column}))
    page.locator(".mw-history summary").click()
    moves = page.locator(".mw-history-move")
    expect(moves).to_have_count(3)
    moves.nth(0).click()
    expect(page.locator(".mw-history .mw-undone")).to_have_count(2)
    expect(moves.nth(0)).to_have_attribute("aria-current", "step")
    assert python_position(nb) == after[1]
    assert board_counts(page, 4, 7) == after[1]["board"]
    moves.nth(0).focus()  # the keyboard: Tab to a later move and press Enter
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.locator(".mw-history .mw-undone")).to_have_count(0)
    assert python_position(nb) == after[3]
    assert not page.errors


def test_kisolo_relay_by_clicking_and_stepping_through_it(notebook):
    case = vector("kisolo", "kisolo-pussa-kanawa")
    nb = open_position(notebook, "kisolo_relay.ipynb", "KisoloBoard", case["position"])
    page = nb.page
    cell(page, 3, 0).click()
    wait_until_idle(page)
    assert python_position(nb) == case["expect"]["position"]
    # Step back to the relay and see the hole after the landing hole lifted.
    page.locator(".mw-replay").click()
    page.locator(".mw-play").click()  # pause
    page.locator(".mw-end").click()
    narration = page.locator(".mw-narration")
    for _ in range(20):
        if "Pussa kanawa" in narration.inner_text():
            break
        page.locator(".mw-back").click()
    expect(narration).to_contain_text(
        "Pussa kanawa: the hole after the landing hole, South's outer hole 4"
    )
    expect(cell(page, 3, 3)).to_have_class("mw-cell mw-south mw-active")
    expect(cell(page, 3, 3).locator(".mw-count")).to_have_text("0")
    # Part way through South's move, the status names South, not the player to move next;
    # the board's parts are not the lesson's steps.
    status = page.locator(".mw-status")
    expect(status).to_have_text("South's move, part by part")
    expect(status).to_have_attribute("data-status", "stepping")
    expect(page.locator(".mw-progress")).to_contain_text("Part ")
    page.locator(".mw-end").click()
    expect(status).to_have_text("North to move")
    assert not page.errors


def test_kiothi_opening_redistribution_by_clicking_and_keys(notebook):
    nb = open_board(notebook, "kiothi_opening.ipynb", "board = KiothiBoard()")
    page = nb.page
    expect(page.locator(".mw-opening-hint")).to_contain_text("chooses two bomas")
    cell(page, 1, 4).click()
    cell(page, 1, 5).click()
    expect(page.locator(".mw-opening-hint")).to_contain_text("10 left")
    for _ in range(3):
        cell(page, 1, 0).click()
    page.locator(".mw-take-back").click()  # take one back: 2 in (1,0)
    target = cell(page, 0, 9)
    target.focus()
    for _ in range(8):
        page.keyboard.press("Enter")
    expect(page.locator(".mw-opening-hint")).to_contain_text("All warriors placed")
    expect(cell(page, 0, 9).locator(".mw-count")).to_have_text("8")
    page.locator(".mw-confirm").click()
    wait_until_idle(page)
    move = {"type": "redistribute", "lift": [[1, 4], [1, 5]], "place": [[1, 0, 2], [0, 9, 8]]}
    assert python_position(nb) == apply_move(initial_position("kiothi"), move)
    expect(page.locator(".mw-status")).to_have_text("North to move")
    assert not page.errors


def test_kiothi_partial_lift_by_keyboard(notebook):
    case = vector("kiothi", "kiothi-partial-lift")
    nb = open_position(notebook, "kiothi_partial.ipynb", "KiothiBoard", case["position"])
    page = nb.page
    cell(page, 1, 9).click()
    expect(page.locator(".mw-lift-count")).to_have_text("Lift 4 of 4")
    page.keyboard.press("-")
    page.keyboard.press("-")
    expect(page.locator(".mw-lift-count")).to_have_text("Lift 2 of 4")
    page.keyboard.press("Enter")
    wait_until_idle(page)
    assert python_position(nb) == case["expect"]["position"]
    assert not page.errors


def test_kiothi_partial_lift_by_mouse_controls(notebook):
    case = vector("kiothi", "kiothi-first-lap-restriction")
    nb = open_position(notebook, "kiothi_lift_mouse.ipynb", "KiothiBoard", case["position"])
    page = nb.page
    cell(page, 1, 4).click()
    # 2 is forbidden by the first-lap restriction, so the control skips from 3 to 1.
    expect(page.locator(".mw-lift-count")).to_have_text("Lift 3 of 3")
    page.locator(".mw-fewer").click()
    expect(page.locator(".mw-lift-count")).to_have_text("Lift 1 of 3")
    page.locator(".mw-sow").click()
    wait_until_idle(page)
    move = {"type": "sow", "row": 1, "column": 4, "count": 1}
    assert python_position(nb) == apply_move(case["position"], move)


def test_labels_with_markup_render_as_text(notebook):
    evil = "<img src=x onerror=alert(1)>"
    nb = open_board(
        notebook,
        "xss.ipynb",
        f"board = KisoloBoard(labels={{'south': {evil!r}, 'north': 'N'}}, title={evil!r})",
    )
    page = nb.page
    root = page.locator(".mw-root")
    expect(root.locator(".mw-side.mw-south")).to_have_text(evil)
    expect(root.locator(".mw-title")).to_have_text(evil)
    assert root.locator("img").count() == 0
    assert evil in cell(page, 2, 0).get_attribute("aria-label")
    assert not page.dialogs and not page.errors


def test_board_has_no_serious_accessibility_violations(notebook):
    nb = open_board(notebook, "axe.ipynb", "board = KiothiBoard()")
    page = nb.page
    page.add_script_tag(
        path=str(Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js")
    )
    result = page.evaluate("""async () => {
        const r = await axe.run(document.querySelector('.mw-root'));
        return r.violations.map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.length}));
    }""")
    serious = [v for v in result if v["impact"] in ("serious", "critical")]
    assert serious == [], serious


def test_two_views_of_one_board_show_the_same_state(notebook):
    nb = notebook(
        "two_views.ipynb",
        [
            "import json\nfrom mancala_widgets import *\nboard = KisoloBoard(columns=6)\nboard",
            "board",
            "print(json.dumps(board.position))",
        ],
    )
    nb.run_all()
    page = nb.page
    views = page.locator(".mw-root")
    expect(views).to_have_count(2, timeout=30_000)
    views.nth(1).locator('[data-cell="2,4"]').click()
    for i in range(2):
        status = views.nth(i).locator(".mw-status")
        expect(status).to_have_attribute("data-to-move", "north")
        expect(status).to_have_attribute("data-status", "playing", timeout=30_000)
        expect(status).to_have_text("North to move")
    expected = apply_move(initial_position("kisolo", columns=6), {"type": "capture", "column": 4})
    assert python_position(nb, 2) == expected, "the click in view 2 reached Python"
    for i in range(2):
        shown = [
            [
                int(views.nth(i).locator(f'[data-cell="{r},{c}"] .mw-count').text_content())
                for c in range(6)
            ]
            for r in range(4)
        ]
        assert shown == expected["board"], f"view {i} shows Python's position"


def use_theme(page, name, light):
    """Switches JupyterLab's theme and waits until it is applied and the splash
    screen JupyterLab shows meanwhile has gone."""
    page.keyboard.press("Control+Shift+C")
    page.keyboard.type(f"Use Theme: {name}")
    page.locator(".lm-CommandPalette-item", has_text=f"Use Theme: {name}").first.click()
    expect(page.locator("body")).to_have_attribute(
        "data-jp-theme-light", str(light).lower(), timeout=30_000
    )
    expect(page.locator("#jupyterlab-splash")).to_have_count(0, timeout=30_000)


def test_dark_theme_and_north_at_the_bottom(notebook):
    nb = open_board(notebook, "dark.ipynb", "board = KiothiBoard(perspective='north')")
    page = nb.page
    light = page.locator(".mw-wood").evaluate("e => getComputedStyle(e).fill")
    use_theme(page, "JupyterLab Dark", light=False)
    dark = page.locator(".mw-wood").evaluate("e => getComputedStyle(e).fill")
    assert dark != light and dark == "rgb(91, 67, 48)"
    status = page.locator(".mw-status").evaluate("e => getComputedStyle(e).color")
    r, g, b = (int(x) for x in status[status.index("(") + 1 : -1].split(",")[:3])
    assert min(r, g, b) > 150, f"status text {status} is light on the dark page"
    # North's row (0) is drawn below South's row (1) from North's side.
    y0 = float(cell(page, 0, 0).locator(".mw-hole").get_attribute("cy"))
    y1 = float(cell(page, 1, 0).locator(".mw-hole").get_attribute("cy"))
    assert y0 > y1
    page.screenshot(
        path=str(Path(__file__).resolve().parents[2] / "test-artifacts" / "dark-theme.png")
    )
    use_theme(page, "JupyterLab Light", light=True)


def test_board_in_notebook_7(page, lab):
    base, token, root = lab
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell("from mancala_widgets import *\nboard = KisoloBoard()\nboard")
    ]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(nb, root / "nb7.ipynb")
    page.goto(f"{base}/notebooks/nb7.ipynb?token={token}")
    expect(page.locator(".jp-Cell")).to_have_count(1, timeout=60_000)
    expect(page.locator("[data-status='idle']").first).to_be_attached(timeout=60_000)
    run_all_cells(page)
    expect(page.locator(".mw-root .mw-board")).to_be_visible(timeout=30_000)
    cell(page, 2, 0).click()
    expect(page.locator(".mw-status")).to_have_text("North to move", timeout=30_000)
    expect(cell(page, 1, 0).locator(".mw-count")).to_have_text("0")


def test_board_in_voila(page, voila):
    url = voila(
        [
            "from mancala_widgets import *\n"
            "board = KiothiBoard(start_holes=5)\nboard.speed = 4\nboard"
        ]
    )
    page.goto(url)
    expect(page.locator(".mw-root .mw-board")).to_be_visible(timeout=60_000)
    expect(cell(page, 1, 5).locator(".mw-count")).to_have_text("5")
    cell(page, 1, 5).click()
    cell(page, 1, 6).click()
    for _ in range(10):
        cell(page, 0, 9).click()
    page.locator(".mw-confirm").click()
    expect(page.locator(".mw-status")).to_have_text("North to move", timeout=30_000)
    expect(cell(page, 0, 9).locator(".mw-count")).to_have_text("10")
    assert not page.errors


def test_playing_the_computer(notebook):
    nb = open_board(
        notebook,
        "computer.ipynb",
        "board = KisoloBoard(opponent='greedy', seed=1)\nboard.speed = 8",
    )
    page = nb.page
    cell(page, 2, 3).click()
    expect(page.locator(".mw-computer-says")).to_contain_text(
        "North captures column", timeout=30_000
    )
    expect(page.locator(".mw-computer-says")).to_contain_text("It captures")
    position = python_position(nb)
    assert position["to_move"] == "south"
    # Both moves are animated in turn; the board ends on Python's position.
    for r, row in enumerate(position["board"]):
        for c, n in enumerate(row):
            expect(cell(page, r, c).locator(".mw-count")).to_have_text(str(n), timeout=60_000)
    expect(page.locator(".mw-status")).to_have_text("South to move")
    assert not page.errors


def test_a_click_during_an_animation_finishes_it_and_is_taken(notebook):
    nb = open_board(notebook, "click_during.ipynb", "board = KisoloBoard()\nboard.speed = 0.25")
    page = nb.page
    cell(page, 2, 3).click()  # South captures column 4: a long move at a quarter speed
    expect(page.locator(".mw-status")).to_have_attribute("data-status", "moving")
    after_south = apply_move(initial_position("kisolo"), {"type": "capture", "column": 3})
    north = {"type": "capture", "column": 0}
    cell(page, 1, 0).click()  # North does not wait: the click finishes South's move and plays
    after_north = apply_move(after_south, north)
    expect(page.locator(".mw-status")).to_have_text("South to move", timeout=30_000)
    assert python_position(nb) == after_north
    assert board_counts(page, 4, 7) == after_north["board"]
    assert not page.errors


def test_a_korean_board_shows_no_english(notebook):
    nb = open_board(notebook, "korean.ipynb", "board = KiothiBoard(locale='ko', numbers=True)")
    page = nb.page
    cell(page, 1, 4).click()
    cell(page, 1, 5).click()
    for _ in range(10):
        cell(page, 1, 0).click()
    page.locator(".mw-confirm").click()
    wait_until_idle(page)
    root = page.locator(".mw-root")
    texts = [root.inner_text()] + [
        e.get_attribute("aria-label") or "" for e in root.locator("[aria-label]").all()
    ]
    texts += [e.get_attribute("title") or "" for e in root.locator("[title]").all()]
    words = {w for t in texts for w in __import__("re").findall(r"[A-Za-z]{2,}", t)}
    assert words <= {"Kiothi", "nki"}, words
    expect(page.locator(".mw-status")).to_have_text("북쪽의 턴")
    assert not page.errors


@pytest.mark.parametrize("width, height", [(1920, 1080), (1280, 720)])
def test_a_projected_board_and_its_controls_fit_the_screen(notebook, width, height):
    nb = notebook(
        f"projector_{width}.ipynb",
        [
            "from mancala_widgets import *\nboard = KisoloBoard(projector=True)\nboard",
            "lesson = Lesson('pussa-kanawa', projector=True)\nlesson",
        ],
    )
    page = nb.page
    page.set_viewport_size({"width": width, "height": height})
    nb.run_all()
    roots = page.locator(".mw-root")
    expect(roots).to_have_count(2, timeout=30_000)
    for i in range(2):
        root = roots.nth(i)
        expect(root.locator(".mw-board")).to_be_visible()
        root.evaluate("e => e.scrollIntoView({block: 'start'})")
        bottom = root.locator(".mw-toolbar").evaluate("e => e.getBoundingClientRect().bottom")
        board = root.locator(".mw-board").bounding_box()
        assert bottom <= height, f"the controls end at {bottom:.0f}, below the {height} px screen"
        assert board["height"] > 0.37 * height, "no smaller than the screen makes it"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"projector-{width}x{height}.png"))


def test_compared_boards_stay_side_by_side_and_in_line_on_a_small_screen(notebook):
    nb = notebook(
        "compare_1024.ipynb",
        [
            "from mancala_widgets import compare\n"
            "pair = compare(titles=['Pussa kanawa: the hole after the landing hole is lifted, "
            "as the source says', 'Common relay'])\npair",
        ],
    )
    page = nb.page
    page.set_viewport_size({"width": 1024, "height": 768})
    expect(page.locator(".jp-FileBrowser")).to_be_visible()  # JupyterLab's file browser, open
    nb.run_all()
    boards = page.locator(".mw-root .mw-board")
    expect(boards).to_have_count(2, timeout=30_000)
    a, b = boards.nth(0).bounding_box(), boards.nth(1).bounding_box()
    assert b["x"] >= a["x"] + a["width"], "side by side, not one under the other"
    assert abs(a["y"] - b["y"]) < 1 and abs(a["height"] - b["height"]) < 1, (a, b)
    title = page.locator(".mw-title").first
    assert "as the source says" in title.get_attribute("title"), "the whole title, on hover"
    first, second = (page.locator(".mw-title").nth(i).bounding_box() for i in (0, 1))
    assert first["x"] + first["width"] <= second["x"], "the long title is cut, not run over"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "compare-1024x768.png"))
