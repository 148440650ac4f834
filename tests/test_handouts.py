"""Printable handouts: board templates (holes large enough for beans, the
Kiothi board at true size over two pages with alignment marks or on one A3
sheet, circuit arrows), rule cards and routine cards, the record sheet, the
glossary sheet and lesson diagrams (counts readable on paper), in both
languages and on both papers; escaped texts, no answers on the students'
pages, clear refusals, and the command line; and the unplugged teacher guide,
whose every position is played again by the rules engine.
(tests/e2e/test_handouts_pdf.py prints them in a real browser.)"""

import doctest
import html
import importlib.util
import json
import math
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import mancala_widgets.handouts as handouts_module
from mancala_widgets.handouts import (
    KINDS,
    PAPERS,
    HandoutError,
    diagram_steps,
    handout,
    write_handouts,
)
from mancala_widgets.lessons import (
    available_lessons,
    describe_answer,
    load_lesson,
    localized,
    step_answer,
)
from mancala_widgets.players import level
from mancala_widgets.rules import (
    IllegalMoveError,
    initial_position,
    legal_moves,
    load_position,
    play,
)
from mancala_widgets.text import catalogue, tr
from mancala_widgets.text.names import move_name

from helpers import needs_shared, shared_dir

#: The project's rules, which the rule cards put on paper.
RULES_MD = Path(__file__).resolve().parents[1] / "docs" / "rules.md"
LOCALES = ("en", "ko", "fr", "sw")
#: The unplugged guide is checked in the languages it is written in here.
GUIDE_LOCALES = ("en", "ko", "fr", "sw")
DOCS = [
    ("board", {"game": "kisolo", "columns": 7}),
    ("board", {"game": "kisolo", "columns": 6}),
    ("board", {"game": "kiothi"}),
    ("rules", {"game": "kisolo"}),
    ("rules", {"game": "kiothi"}),
    ("record", {}),
    ("record", {"game": "kiothi"}),
    ("lesson", {"lesson": "pussa-kanawa"}),
    ("lesson", {"lesson": "nki"}),
    ("glossary", {}),
    ("routine", {"game": "kisolo"}),
    ("routine", {"game": "kiothi"}),
]
#: Paper sides in mm (short, long), written out here rather than taken from the module.
SIDES = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
#: A3 is for the board templates only: one board on one sheet.
A3 = (297.0, 420.0)
#: The only Latin words a Korean handout may hold: the games' and rules' own names.
ALLOWED_LATIN = {"Kisolo", "Kiothi", "Cisolo", "pussa", "kanawa", "nki", "A4", "A3", "Letter"}
#: A hole at true size, and the smallest a template may print: a heap of beans fits.
TRUE_MM, BEANS_MM = 40.0, 30.0


def sections(doc: str) -> list[str]:
    return re.findall(r'<section class="page">(.*?)</section>', doc, re.S)


def visible(fragment: str) -> str:
    """The text a reader sees: no style sheets, no tags, entities decoded."""
    fragment = re.sub(r"<style>.*?</style>", " ", fragment, flags=re.S)
    fragment = re.sub(r"<!DOCTYPE[^>]*>", " ", fragment)
    return html.unescape(re.sub(r"<[^>]*>", " ", fragment))


def board_svg_tag(doc: str) -> str:
    return re.search(r'<svg class="board-svg"[^>]*>', doc).group(0)


def attr(tag: str, name: str) -> str:
    return re.search(rf'\b{name}="([^"]*)"', tag).group(1)


# ------------------------------------------------------------------ every kind


@pytest.mark.parametrize("paper", list(SIDES))
@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize(
    "kind,kwargs", DOCS, ids=[f"{k}-{'-'.join(map(str, v.values()))}" for k, v in DOCS]
)
def test_every_kind_renders_a_self_contained_document(kind, kwargs, locale, paper):
    doc = handout(kind, locale=locale, paper=paper, **kwargs)
    assert doc.startswith("<!DOCTYPE html>") and f'<html lang="{locale}">' in doc
    name = {"a4": "A4", "letter": "letter"}[paper]
    size = f"{name} landscape" if kind == "board" else name
    assert f"@page {{ size: {size}; margin:" in doc
    assert len(re.findall(r"@page", doc)) == 1
    pages = sections(doc)
    assert pages and doc.count("<section") == len(pages)
    # Nothing is fetched: no scripts, links, images, imports or URLs to load.
    for needle in ("<script", "<link", "<img", "<iframe", "@import", "url(", "src=", "href="):
        assert needle not in doc.lower()
    assert re.findall(r"https?://[^\"]+", doc) == ["http://www.w3.org/2000/svg"] * doc.count(
        'xmlns="http://www.w3.org/2000/svg"'
    )
    assert "default-src 'none'" in doc
    assert "[이/가]" not in doc and "[을/를]" not in doc and "{" not in visible(doc)


def test_the_tests_cover_every_kind_and_paper():
    assert {kind for kind, _ in DOCS} == set(KINDS) and set(SIDES) | {"a3"} == set(PAPERS)
    assert handouts_module.BOARD_PAPERS == ("a3",) and PAPERS["a3"][1:] == A3


@pytest.mark.parametrize("paper", list(SIDES))
def test_boards_print_landscape_and_the_rest_portrait(paper):
    assert "landscape" in handout("board", game="kiothi", paper=paper)
    for kind, kwargs in DOCS[3:]:
        assert "landscape" not in handout(kind, paper=paper, **kwargs).split("</style>")[0]


# ------------------------------------------------------------------ board templates

BOARDS = [("kisolo", 7, 4), ("kisolo", 6, 4), ("kiothi", 10, 2)]


def board_pages(doc: str) -> list[dict]:
    """Each board drawing of a template (one a page), with the part of the board a
    reader sees: the drawing's window less page 1's grey strip and page 2's part to
    cut off."""
    out = []
    for svg in re.findall(r'<svg class="board-svg".*?</svg>', doc, re.S):
        tag = re.match(r"<svg[^>]*>", svg).group(0)
        x0, y0, w, h = (float(v) for v in attr(tag, "viewBox").split())
        assert (y0, attr(tag, "width"), attr(tag, "height")) == (0, f"{w:g}mm", f"{h:g}mm"), (
            "one unit of the drawing is one millimetre on paper"
        )
        shown = [x0, x0 + w]
        for cls in ("overlap", "trim"):
            m = re.search(rf'<rect class="{cls}" x="([\d.]+)" y="0" width="([\d.]+)"', svg)
            if m:
                left, width = float(m.group(1)), float(m.group(2))
                shown = [x0, left] if cls == "overlap" else [left + width, x0 + w]
        out.append({"svg": svg, "tag": tag, "x0": x0, "w": w, "h": h, "shown": shown})
    return out


def cups_of(page: dict) -> list[tuple[float, float, float]]:
    return [
        (float(attr(c, "cx")), float(attr(c, "cy")), float(attr(c, "r")))
        for c in re.findall(r'<circle class="cup"[^>]*>', page["svg"])
    ]


def shown_cups(page: dict) -> list[tuple[float, float, float]]:
    a, b = page["shown"]
    return [(x, y, r) for x, y, r in cups_of(page) if a <= x - r and x + r <= b]


BOARD_CASES = [
    (game, columns, rows, paper) for game, columns, rows in BOARDS for paper in (*SIDES, "a3")
]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game,columns,rows,paper", BOARD_CASES)
def test_the_column_numbers_run_along_both_long_edges(game, columns, rows, paper, locale):
    doc = handout("board", game=game, columns=columns, locale=locale, paper=paper)
    numbers: Counter = Counter()
    for page in board_pages(doc):
        cups = shown_cups(page)
        top, bottom = min(y for _, y, _ in cups), max(y for _, y, _ in cups)
        xs = {
            round(x, 2): c
            for c, x in enumerate(sorted({round(x, 2) for x, _, _ in cups_of(page)}), 1)
        }
        a, b = page["shown"]
        for m in re.finditer(r'<text x="([\d.]+)" y="([\d.]+)"[^>]*>(\d+)</text>', page["svg"]):
            x, y, n = float(m.group(1)), float(m.group(2)), int(m.group(3))
            if not a <= x <= b:
                continue  # drawn, but outside what this page shows
            numbers[n] += 1
            # Each number stands in its column, above the top row or below the bottom row.
            assert xs[round(x, 2)] == n
            assert y < top or y > bottom
    assert numbers == {n: 2 for n in range(1, columns + 1)}


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game,columns,rows,paper", BOARD_CASES)
def test_holes_have_the_stated_real_size_and_the_board_fits_the_page(
    game, columns, rows, paper, locale
):
    doc = handout("board", game=game, columns=columns, locale=locale, paper=paper)
    pages = board_pages(doc)
    assert len(pages) == len(sections(doc))
    d = float(attr(pages[0]["tag"], "data-hole-mm"))
    for page in pages:
        assert float(attr(page["tag"], "data-hole-mm")) == d
        radii = {r for _, _, r in cups_of(page)}
        assert radii == {d / 2}, "every hole has the same size: the board is never distorted"
    assert BEANS_MM <= d <= TRUE_MM, "room for a heap of beans on every template"
    # Every hole is shown whole on exactly one page.
    shown = [(round(x, 2), round(y, 2)) for page in pages for x, y, _ in shown_cups(page)]
    assert len(shown) == len(set(shown)) == rows * columns
    said = visible(doc)
    d_text = f"{d:g}"
    size = {
        "en": f"{d_text} mm across",
        "ko": f"{d_text}밀리미터",
        "fr": f"{d_text.replace('.', ',')} mm",  # a decimal comma
        "sw": f"upana wa mm {d_text}",
    }
    assert size[locale] in said
    if d < TRUE_MM:
        pct = round(100 * d / TRUE_MM)
        scale = {
            "en": f"Scale {pct}%",
            "ko": f"축척 {pct}%",
            "fr": f"Échelle {pct}\u00a0%",
            "sw": f"Kipimo {pct}%",
        }
        assert scale[locale] in said
    else:
        true = {"en": "True size", "ko": "실제 크기", "fr": "Taille réelle", "sw": "Ukubwa halisi"}
        assert true[locale] in said
    # The page less 8 mm margins, and less the title and notes (about 30 mm) in height.
    short, long = A3 if paper == "a3" else SIDES[paper]
    room_w, room_h = long - 16, short - 16 - 30
    for page in pages:
        assert page["w"] <= room_w and page["h"] <= room_h
    # Scaled no more than the page needs: the board fills the room in one direction.
    if d < TRUE_MM:
        assert len(pages) == 1
        assert pages[0]["w"] >= 0.9 * room_w or pages[0]["h"] >= 0.85 * room_h


@pytest.mark.parametrize("paper", list(SIDES))
def test_the_sizes_are_the_ones_the_guides_give(paper):
    size = lambda game, p: [
        float(attr(page["tag"], "data-hole-mm"))
        for page in board_pages(handout("board", game=game, paper=p))
    ]
    assert size("kisolo", paper) == [30.0], "Kisolo 4 x 7 on one page, 30 mm holes"
    assert size("kiothi", paper) == [40.0, 40.0], "Kiothi at true size on two pages"
    assert size("kisolo", "a3") == [40.0] and size("kiothi", "a3") == [31.5]


def test_a_narrower_board_gets_holes_at_least_as_large():
    size = lambda **kw: float(attr(board_svg_tag(handout("board", **kw)), "data-hole-mm"))
    assert size(game="kisolo", columns=6) >= size(game="kisolo", columns=7)


@pytest.mark.parametrize("locale", LOCALES)
def test_kiothi_jails_sit_at_their_owners_right_hand_ends(locale):
    doc = handout("board", game="kiothi", locale=locale)
    svg = doc[doc.index('<svg class="board-svg"') : doc.index("</svg>")]
    cups = [float(attr(c, "cx")) for c in re.findall(r'<circle class="cup"[^>]*>', svg)]
    jails = [float(attr(j, "x")) for j in re.findall(r'<rect class="jail"[^>]*>', svg)]
    assert len(jails) == 2 and min(jails) < min(cups) and max(jails) > max(cups)
    label = lambda who: tr(locale, "names.jail", side=tr(locale, f"names.{who}"))
    x_of = lambda text: float(
        re.search(
            rf'<text x="([\d.]+)"[^>]*>{re.escape(html.escape(text))}'
            "</text>",
            svg,
        ).group(1)
    )
    assert x_of(label("south")) > max(cups), "South's jail at the east end"
    assert x_of(label("north")) < min(cups), "North's jail at the west end"


@pytest.mark.parametrize("locale", LOCALES)
def test_kisolo_rows_are_named_by_owner_and_inner_or_outer(locale):
    words = visible(handout("board", game="kisolo", locale=locale))
    for key in ("names.south", "names.north", "names.row_inner", "names.row_outer"):
        assert words.count(tr(locale, key)) >= 2


# ------------------------------------------------------------------ two pages, A3, arrows

TILED = [("kiothi", 10, paper) for paper in SIDES]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game,columns,paper", TILED)
def test_a_board_too_long_for_one_page_is_true_size_on_two_with_alignment_marks(
    game, columns, paper, locale
):
    doc = handout("board", game=game, locale=locale, paper=paper)
    first, second = board_pages(doc)
    assert len(sections(doc)) == 2
    for page in (first, second):
        assert attr(page["tag"], "data-hole-mm") == "40"
        assert {r for _, _, r in cups_of(page)} == {20.0}, "holes of 40 mm on paper"
    # The cut runs between two columns: page 1 shows columns 1 to 5, page 2 columns 6 to 10,
    # and each page its own jail (North's at the west end, South's at the east end).
    overlap = re.search(r'<rect class="overlap" x="([\d.]+)" y="0" width="([\d.]+)"', first["svg"])
    cut_line = re.search(r'<line class="cut" x1="([\d.]+)"', second["svg"])
    cut = float(overlap.group(1))
    assert float(cut_line.group(1)) == cut and float(overlap.group(2)) >= 6
    assert first["x0"] == 0 and first["x0"] + first["w"] == cut + float(overlap.group(2))
    assert second["x0"] < cut < second["x0"] + second["w"]
    left = sorted({x for x, _, _ in shown_cups(first)})
    right = sorted({x for x, _, _ in shown_cups(second)})
    assert len(left) == len(right) == 5 and max(left) < cut < min(right)
    jails = [float(attr(j, "x")) for j in re.findall(r'<rect class="jail"[^>]*>', first["svg"])]
    assert min(jails) < first["shown"][1] and max(jails) > second["shown"][0]
    # The same three round marks, centred on the cut, on both pages: half of each on each
    # page once page 2 is cut along its line and laid on page 1's strip.
    marks = lambda page: [
        (float(m.group(1)), float(m.group(2)))
        for m in re.finditer(r'<g class="align" data-x="([\d.]+)" data-y="([\d.]+)"', page["svg"])
    ]
    assert marks(first) == marks(second) and len(marks(first)) == 3
    assert all(x == cut and 0 < y < first["h"] for x, y in marks(first))
    ys = [y for _, y in marks(first)]
    cups_y = [y for _, y, _ in cups_of(first)]
    assert min(ys) < min(cups_y) and max(ys) > max(cups_y), "above and below the holes"
    # The page says how to put the two together, and that the holes are at true size.
    words = visible(doc)
    steps = catalogue(locale)["handouts"]["board"]["tile_steps"]
    assert all(step in words for step in steps)
    said = {
        "en": "40 mm across",
        "ko": "40밀리미터",
        "fr": "40 mm de diamètre",
        "sw": "upana wa mm 40",
    }[locale]
    assert words.count(said) >= 2
    part = tr(locale, "handouts.board.title_part", title="", page=2, pages=2, first=6, last=10)
    assert part.strip(" ·") in words


@pytest.mark.parametrize("game", ["kisolo", "kiothi"])
def test_a3_holds_each_board_on_one_sheet(game):
    doc = handout("board", game=game, paper="a3")
    assert "@page { size: A3 landscape; margin:" in doc and len(sections(doc)) == 1
    [page] = board_pages(doc)
    assert page["w"] <= A3[1] - 16 and page["h"] <= A3[0] - 16 - 30
    d = float(attr(page["tag"], "data-hole-mm"))
    words = visible(doc)
    if game == "kisolo":
        assert d == TRUE_MM and "True size" in words
    else:
        # Ten bomas of 40 mm and two jails are wider than A3: the page says so.
        assert 30 <= d < TRUE_MM and "print the A4 or Letter template: it takes two pages" in words


def test_a3_is_for_board_templates_only(tmp_path):
    with pytest.raises(HandoutError, match=r"paper = 'a3': expected 'a4' or 'letter' .*board"):
        handout("rules", game="kisolo", paper="a3")
    paths = write_handouts(tmp_path, paper="a3", locale="ko", lessons=["nki"])
    assert sorted(p.name for p in paths) == [
        "kiothi-2x10-board.a3.ko.html",
        "kisolo-4x6-board.a3.ko.html",
        "kisolo-4x7-board.a3.ko.html",
    ]


def test_every_template_has_a_bar_to_check_the_printed_scale():
    for game, columns, _ in BOARDS:
        for paper in (*SIDES, "a3"):
            doc = handout("board", game=game, columns=columns, paper=paper)
            bars = re.findall(r'<svg class="check-bar"[^>]*>', doc)
            assert len(bars) == len(sections(doc))
            for bar in bars:
                assert attr(bar, "width") == "50mm" and attr(bar, "viewBox").startswith("0 0 50 ")
            assert "this bar is then 5 cm long" in visible(doc)


#: docs/rules.md, the circuits, written out again: each player's sowing order.
def circuits(game: str, n: int) -> dict:
    if game == "kiothi":
        loop = [(1, c) for c in range(10)] + [(0, c) for c in reversed(range(10))]
        return {"south": loop}
    return {
        "south": [(3, c) for c in range(n)] + [(2, c) for c in reversed(range(n))],
        "north": [(0, c) for c in reversed(range(n))] + [(1, c) for c in range(n)],
    }


@pytest.mark.parametrize(
    "game,columns,paper", [(g, n, p) for g, n, _ in BOARDS for p in (*SIDES, "a3")]
)
def test_each_hole_has_an_arrow_to_the_next_hole_of_its_circuit(game, columns, paper):
    doc = handout("board", game=game, columns=columns, paper=paper)
    for page in board_pages(doc):
        centres = {}
        rows = 2 if game == "kiothi" else 4
        xs = sorted({x for x, _, _ in cups_of(page)})
        ys = sorted({y for _, y, _ in cups_of(page)})
        for x, y, r in cups_of(page):
            centres[(ys.index(y), xs.index(x))] = (x, y, r)
        assert len(centres) == rows * columns
        arrows = re.findall(r'<polygon class="arrow"[^>]*>', page["svg"])
        assert len(arrows) == rows * columns
        expected = {}
        for loop in circuits(game, columns).values():
            for i, cell in enumerate(loop):
                expected[cell] = loop[(i + 1) % len(loop)]
        for arrow in arrows:
            at = tuple(map(int, attr(arrow, "data-from").split(",")))
            to = tuple(map(int, attr(arrow, "data-to").split(",")))
            assert expected[at] == to
            (x, y, r), (tx, ty, _) = centres[at], centres[to]
            tip = [float(v) for v in attr(arrow, "points").split()[0].split(",")]
            # The tip is inside the hole, by its rim, on the side of the next hole.
            ux, uy = (tx - x) / math.hypot(tx - x, ty - y), (ty - y) / math.hypot(tx - x, ty - y)
            dx, dy = tip[0] - x, tip[1] - y
            assert 0.6 * r <= math.hypot(dx, dy) <= r
            assert (dx * ux + dy * uy) / math.hypot(dx, dy) > 0.99
    words = visible(doc)
    assert "the arrow in each hole points to the next hole" in words or (
        "the arrow in each boma points to the next one" in words
    )


def test_board_texts_are_escaped_in_the_svg():
    doc = handout("board", game="kiothi")
    assert "South&#x27;s row" in doc and "South's row" not in doc.split("<style>")[0] + "".join(
        re.findall(r"<text[^>]*>[^<]*</text>", doc)
    )


# ------------------------------------------------------------------ rule cards


def reading_marks(game: str) -> int:
    """How many choices docs/rules.md marks as a Reading in the game's section."""
    text = RULES_MD.read_text(encoding="utf-8")
    kisolo = text[text.index("\n## Kisolo\n") : text.index("\n## Kiothi\n")]
    kiothi = text[text.index("\n## Kiothi\n") : text.index("\n## The JSON interface\n")]
    return (kisolo if game == "kisolo" else kiothi).count("> **Reading.**")


#: Readings of docs/rules.md that a card gives as its rule rather than as a reading:
#: Kisolo's literal reading of pussa kanawa after a lap that ends in an empty hole (the
#: card's rule looks at the next hole whatever the landing hole held).
NOT_ON_CARD = {"kisolo": 1, "kiothi": 0}


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game", ["kisolo", "kiothi"])
def test_a_rule_card_numbers_its_rules_and_lists_its_readings(game, locale):
    doc = handout("rules", game=game, locale=locale)
    assert len(sections(doc)) == 1
    lists = re.findall(r'<ol start="(\d+)">(.*?)</ol>', doc, re.S)
    expected_start = 1
    for start, items in lists:
        assert int(start) == expected_start
        expected_start += items.count("<li>")
    assert expected_start - 1 >= 12
    box = doc[doc.index('<div class="readings">') :]
    readings = box.count("<li>")
    assert readings == {"kisolo": 4, "kiothi": 8}[game]
    phrase = tr(locale, "handouts.rules.reading", choice="")
    assert visible(box).count(phrase.strip()) == readings


@pytest.mark.parametrize("game", ["kisolo", "kiothi"])
def test_every_reading_of_the_rules_page_is_on_the_card(game):
    card = catalogue("en")["handouts"]["rules"][game]
    assert len(card["readings"]) == reading_marks(game) - NOT_ON_CARD[game]


def test_the_cards_state_the_numbers_of_the_rules():
    kisolo = visible(handout("rules", game="kisolo"))
    for fact in (
        "4 rows of 7 holes",
        "3 stones",
        "84",
        "72",
        "first stone into your own inner hole",
        "Pussa kanawa",
        "100,000 laps",
        "third time",
        "never skips the hole it started from",
    ):
        assert fact in kisolo
    kiothi = visible(handout("rules", game="kiothi"))
    for fact in (
        "10 bomas",
        "5 warriors",
        "6 rightmost",
        "25 each",
        "exactly two",
        "at least one",
        "filled again",
        "nki",
        "boma 10",
        "9, 8, 7",
        "31-29",
        "never skips the boma",
        "east end",
        "west end",
        "Meru",
    ):
        assert fact in kiothi


def test_the_korean_cards_use_the_catalogue_terms():
    kisolo = visible(handout("rules", game="kisolo", locale="ko"))
    kiothi = visible(handout("rules", game="kiothi", locale="ko"))
    for term in ("구멍", "돌", "개", "바퀴", "턴", "뿌립니다", "씨뿌리기", "획득", "pussa kanawa"):
        assert term in kisolo, term
    for term in ("보마", "전사", "명", "감옥", "릴레이", "nki", "메루", "획득", "바퀴"):
        assert term in kiothi, term
    assert "머루" not in kisolo + kiothi


# ------------------------------------------------------------------ record sheet


@pytest.mark.parametrize("paper", list(SIDES))
@pytest.mark.parametrize("locale", LOCALES)
def test_the_record_sheet_has_forty_numbered_rows_and_a_key(locale, paper):
    doc = handout("record", locale=locale, paper=paper)
    numbers = re.findall(r'<td class="c-number">(\d+)</td>', doc)
    assert numbers == [str(n) for n in range(1, 41)]
    heads = re.findall(r'<th class="c-(\w+)">', doc)
    assert heads == ["number", "player", "move", "captured", "notes"]
    words = visible(doc)
    for key in ("game", "variant", "date"):
        assert tr(locale, f"handouts.record.{key}") + ":" in words
    assert tr(locale, "names.south") + ":" in words and tr(locale, "names.north") + ":" in words
    examples = {
        "en": ("“inner 3”", "“boma 7 x2”", "“capture 4”"),
        "ko": ("“안쪽 3”", "“7번 보마 2명”", "“획득 4”"),
        "fr": ("«\u00a0int. 3\u00a0»", "«\u00a0boma 7 x2\u00a0»", "«\u00a0prise 4\u00a0»"),
        "sw": ("“ndani 3”", "“boma 7 x2”", "“kamata 4”"),
    }[locale]
    for example in examples:
        assert example in words
    # South moves first, then the players take turns.
    first, second = re.findall(r'<td class="c-number">\d+</td><td>([^<]*)</td>', doc)[:2]
    assert (first, second) == (tr(locale, "names.south"), tr(locale, "names.north"))


def test_a_record_sheet_for_one_game_names_it():
    assert re.search(r'<span class="blank">Kiothi</span>', handout("record", game="kiothi"))
    assert '<span class="blank"></span>' in handout("record")


# ------------------------------------------------------------------ lesson diagrams


def drawn_steps(script) -> list[int]:
    """RULES of the handout, written out again: a step is drawn if it has a
    move or its board differs from the one drawn last."""
    out, last = [], None
    for n, step in enumerate(script.steps, 1):
        if step.move is not None or step.start != last:
            out.append(n)
            last = step.start
    return out


@pytest.mark.parametrize("paper", list(SIDES))
@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("name", available_lessons())
def test_a_lesson_gets_one_numbered_diagram_per_drawn_step(name, locale, paper):
    script = load_lesson(name)
    doc = handout("lesson", lesson=name, locale=locale, paper=paper)
    expected = drawn_steps(script)
    assert diagram_steps(script) == expected
    blocks = re.findall(
        r'<div class="block" data-step="(\d+)">(.*?)(?=<div class="block"|'
        r"</section>)",
        doc,
        re.S,
    )
    assert [int(n) for n, _ in blocks] == expected
    for n, body in blocks:
        assert body.count("<svg") == 1
        assert f"<h2>{html.escape(tr(locale, 'handouts.lesson.step', n=int(n)))}</h2>" in body
    pages = [s for s in sections(doc) if 'class="student"' in s]
    per_page = [p.count('<div class="block"') for p in pages]
    assert all(1 <= k <= 3 for k in per_page)
    d = len(expected)
    assert math.ceil(d / 3) <= len(pages) <= math.ceil(d / 2)
    # Every step's text is on the students' pages, in order.
    student = visible("".join(pages))
    at = 0
    for step in script.steps:
        text = localized(step.text, locale)
        at = student.index(text, at)
    answers = [s for s in sections(doc) if 'class="answers"' in s]
    assert len(sections(doc)) == len(pages) + len(answers)
    assert bool(answers) == any(step.predict for step in script.steps)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("name", available_lessons())
def test_answers_are_on_the_answer_page_only_and_are_the_engines(name, locale):
    script = load_lesson(name)
    doc = handout("lesson", lesson=name, locale=locale)
    pages = sections(doc)
    student = "".join(p for p in pages if 'class="student"' in p)
    answers = "".join(p for p in pages if 'class="answers"' in p)
    assert "answer-text" not in student
    asked = [n for n, step in enumerate(script.steps, 1) if step.predict]
    assert [int(n) for n in re.findall(r'<div class="answer" data-step="(\d+)"', answers)] == asked
    for n in asked:
        step = script.steps[n - 1]
        p = step.predict
        assert p["answer"] == step_answer(step)
        said = describe_answer(script.game, p, p["answer"], locale)
        entry = re.search(rf'<div class="answer" data-step="{n}">(.*?)</div>', answers, re.S).group(
            1
        )
        assert html.escape(tr(locale, "handouts.lesson.answer", answer=said)) in entry
        if p.get("explain"):
            assert localized(p["explain"], locale) not in visible(student)
        # The step's own words on the students' page hold no answer, unless the
        # lesson's author wrote it into the text or the move names it. (The
        # question may name a choice, such as "no capture"; a choice question
        # lists every option, so its answer is among them.)
        words = re.search(
            rf'<div class="block" data-step="{n}">.*?<div class="words">'
            r"(.*?)</div></div></div>",
            student,
            re.S,
        ).group(1)
        words = visible(re.sub(r'<p class="question">.*?</p>', "", words))
        authored = " ".join(
            [
                localized(step.text, locale),
                move_name(script.game, step.move, step.start["to_move"], locale),
            ]
        )
        pattern = rf"(?<![\w]){re.escape(said)}(?![\w])"
        if p["ask"] != "choice" and not re.search(pattern, authored):
            assert not re.search(pattern, words), f"step {n} shows its answer {said!r}"


def test_a_question_written_for_the_screen_is_reworded_for_paper():
    doc = visible(handout("lesson", lesson="pussa-kanawa"))
    assert "Click" not in doc and "Type the number" not in doc
    assert "Write the hole." in doc


EVIL = "<img src=x onerror=alert(1)>"


def evil_lesson() -> dict:
    return {
        "format": "mancala-widgets/lesson",
        "version": 1,
        "id": "../../evil <b>",
        "game": "kisolo",
        "variant": {"columns": 7},
        "title": {"en": "<b>Bold</b> & co", "ko": "<i>악</i> 수업"},
        "steps": [
            {
                "text": {"en": EVIL, "ko": EVIL},
                "label": {"at": [2, 0], "text": "<script>alert(2)</script>"},
            },
            {
                "text": 'Then </section><section class="page">',
                "move": {"type": "capture", "column": 3},
                "predict": {
                    "ask": "number",
                    "of": "captured",
                    "question": {"en": "<u>How many?</u>", "ko": "<u>몇 개?</u>"},
                    "explain": "<em>six</em>",
                },
            },
        ],
    }


@pytest.mark.parametrize("locale", LOCALES)
def test_lesson_texts_are_escaped_never_markup(locale, tmp_path):
    script = load_lesson(evil_lesson())
    for doc in (
        handout("lesson", lesson=script, locale=locale),
        handout("lesson", lesson=evil_lesson(), locale=locale),
    ):
        assert html.escape(EVIL) in doc
        for tag in ("<img", "<script", "<u>", "<em>", "<b>Bold", "<i>악"):
            assert tag not in doc
        assert len(sections(doc)) == doc.count("<section") == doc.count("</section>")
        assert "&lt;/section&gt;" in doc
    [path] = [
        p
        for p in write_handouts(tmp_path, locale=locale, lessons=[evil_lesson()])
        if p.name.startswith("lesson-")
    ]
    assert path.parent == tmp_path and path.name == f"lesson-evil-b.a4.{locale}.html"
    assert "<img" not in path.read_text(encoding="utf-8")


def test_a_lesson_with_long_texts_puts_fewer_diagrams_on_a_page():
    long = {"en": "A long explanation. " * 90}
    lesson = {
        "format": "mancala-widgets/lesson",
        "version": 1,
        "id": "long",
        "game": "kiothi",
        "variant": {"start_holes": 6, "orthodox": True},
        "title": "Long",
        "steps": [
            {
                "text": long,
                "position": {
                    "game": "kiothi",
                    "start_holes": 6,
                    "orthodox": True,
                    "to_move": "south",
                    "turn": 3,
                    "board": [[0] * 9 + [k + 1], [1] + [0] * 9],
                    "nki": [[False] * 10, [False] * 10],
                    "sown": [[False] * 10, [False] * 10],
                    "jails": {"south": 0, "north": 0},
                    "status": "playing",
                    "winner": None,
                    "reason": None,
                },
            }
            for k in range(4)
        ],
    }
    doc = handout("lesson", lesson=lesson, paper="letter")
    per_page = [p.count('<div class="block"') for p in sections(doc)]
    assert sum(per_page) == 4 and max(per_page) <= 2


def test_korean_handouts_hold_no_english_words(tmp_path):
    """Names of the games and rules and the paper stay as they are; single
    letters (a lesson's algebra, "4 x 6") are symbols, not words. The glossary's
    English and French columns (marked lang="en", lang="fr") and the games' own words
    are the exception."""
    for paper in PAPERS:
        for path in write_handouts(tmp_path / paper, locale="ko", paper=paper):
            doc = path.read_text("utf-8")
            if path.name.startswith("glossary."):
                doc = re.sub(r'<td class="(other" lang="(en|fr|sw)|own)">.*?</td>', "", doc)
            words = set(re.findall(r"[A-Za-z][A-Za-z0-9]+", visible(doc)))
            assert words <= ALLOWED_LATIN, (path.name, words - ALLOWED_LATIN)


def test_the_catalogues_have_the_same_entries_and_fields_in_both_languages():
    def shape(value):
        if isinstance(value, dict):
            return {k: shape(v) for k, v in value.items()}
        if isinstance(value, list):
            return [shape(v) for v in value]
        return sorted(set(re.findall(r"\{(\w+)\}", value)))

    for locale in LOCALES[1:]:
        assert shape(catalogue("en")["handouts"]) == shape(catalogue(locale)["handouts"]), locale


# ------------------------------------------------------------------ counts on paper

#: A count on paper is at least this tall (its font size), in millimetres.
COUNT_MM = 3.5


def luminance(colour: str) -> float:
    rgb = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def css_of(svg: str) -> dict:
    """The picture's style sheet: class name to its declarations."""
    style = re.search(r"<style>(.*?)</style>", svg, re.S).group(1)
    return {
        name: dict(part.split(":", 1) for part in body.split(";") if part)
        for name, body in re.findall(r"\.([\w-]+)\{([^}]*)\}", style)
    }


def expand(colour: str) -> str:
    return "#" + "".join(ch * 2 for ch in colour[1:]) if len(colour) == 4 else colour


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("name", available_lessons())
def test_the_counts_in_a_lesson_diagram_are_readable_on_paper(name, locale):
    doc = handout("lesson", lesson=name, locale=locale)
    diagrams = re.findall(
        r'<div class="diagram" style="width:([\d.]+)mm[^"]*">(<svg.*?</svg>)</div>', doc, re.S
    )
    assert diagrams
    for printed, svg in diagrams:
        view_w = float(re.search(r'viewBox="0 0 ([\d.]+) ', svg).group(1))
        mm = float(printed) / view_w  # millimetres on paper per unit of the drawing
        css = css_of(svg)
        count_px = float(css["count"]["font-size"].rstrip("px"))
        assert count_px * mm >= COUNT_MM, f"counts {count_px * mm:.2f} mm tall"
        assert css["num"]["font-size"] and float(css["num"]["font-size"].rstrip("px")) * mm >= 2.5
        ink = expand(css["count"]["fill"])
        for cls in ("hole", "north"):
            assert contrast(ink, expand(css[cls]["fill"])) >= 7, cls
        holes = re.findall(
            r'<circle class="hole[^"]*" cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"/>.*?'
            r'<text class="count" x="([\d.]+)" y="([\d.]+)"[^>]*>(\d+)</text>',
            svg,
            re.S,
        )
        assert holes and 'class="seed"' not in svg
        for cx, cy, r, x, y, n in holes:
            cx, cy, r, x, y = map(float, (cx, cy, r, x, y))
            # In the middle of its hole: digits centred on the hole, all of them inside it.
            assert abs(x - cx) < 0.11 and cy < y < cy + 0.5 * count_px
            half_width = 0.6 * count_px * len(n) / 2
            assert math.hypot(half_width, 0.75 * count_px) < 2 * r, n
        for size in re.findall(r'<text class="count"[^>]*font-size="([\d.]+)"', svg):
            assert float(size) * mm >= COUNT_MM, "a jail's count"


def test_on_screen_the_picture_is_unchanged_by_the_paper_option():
    from mancala_widgets.rules import initial_position
    from mancala_widgets.svg import board_svg

    screen = board_svg(initial_position("kisolo"))
    assert ".count{font-size:13px" in screen and 'class="seed"' in screen
    with pytest.raises(ValueError, match="print_mm"):
        board_svg(initial_position("kisolo"), print_mm=0)


# ------------------------------------------------------------------ glossary sheet

GLOSSARY = json.loads(
    (Path(handouts_module.__file__).parent / "text" / "glossary.json").read_text("utf-8")
)["terms"]
SEEDS = (shared_dir() or Path("/nonexistent")) / "seeds"


@pytest.mark.parametrize("paper", list(SIDES))
@pytest.mark.parametrize("locale", LOCALES)
def test_the_glossary_sheet_has_every_term_in_every_language(locale, paper):
    doc = handout("glossary", locale=locale, paper=paper)
    rows = dict(re.findall(r'<tr data-term="([^"]+)">(.*?)</tr>', doc, re.S))
    assert list(rows) == [t["id"] for t in GLOSSARY], "every term once, in the glossary's order"
    meanings = catalogue(locale)["handouts"]["glossary"]["meanings"]
    languages = [x for x in LOCALES if any(x in t for t in GLOSSARY)]
    assert languages == ["en", "ko", "fr", "sw"]
    for term in GLOSSARY:
        row = rows[term["id"]]
        for lang in languages:
            cell = re.search(rf'<td class="(?:term|other)" lang="{lang}">(.*?)</td>', row).group(1)
            assert cell.startswith(html.escape(term[lang])), (term["id"], lang)
        own = re.search(r'<td class="own">(.*?)</td>', row).group(1)
        assert own == (f"<i>{html.escape(term['own'])}</i>" if term.get("own") else "")
        for game in term.get("games", []):
            assert tr(locale, f"names.game_{game}") in row
        if term.get("counter_ko"):
            assert (
                html.escape(tr(locale, "handouts.glossary.counter", word=term["counter_ko"])) in row
            )
        assert html.escape(meanings[term["id"]]) in row
    # The sheet's own language comes first.
    first = re.search(r'<td class="term" lang="(\w+)">', doc).group(1)
    assert first == locale


def test_every_term_has_a_meaning_in_both_languages():
    ids = {t["id"] for t in GLOSSARY}
    for locale in LOCALES:
        meanings = catalogue(locale)["handouts"]["glossary"]["meanings"]
        assert set(meanings) == ids, (
            f"{locale}: add or remove handouts.glossary.meanings in text/{locale}/handouts.json"
        )
        assert all(meanings.values())


def test_the_games_own_words_are_on_the_sheet():
    own = {t["own"] for t in GLOSSARY if t.get("own")}
    assert {"makombo", "njodthie", "boma", "nki", "pussa kanawa"} <= own
    words = visible(handout("glossary"))
    assert all(word in words for word in own)


@needs_shared
def test_each_own_word_is_the_one_the_seed_of_its_game_gives():
    for term in GLOSSARY:
        if term.get("own"):
            for game in term["games"]:
                seed = (SEEDS / f"{game}.ko.txt").read_text("utf-8")
                assert term["own"] in seed, (term["id"], game)


def test_glossary_texts_are_escaped_never_markup(monkeypatch):
    evil = {"id": "evil", "en": "<b>bold</b>", "ko": "<i>악</i>", "own": "<script>x</script>"}
    monkeypatch.setattr(handouts_module, "glossary_terms", lambda: [*GLOSSARY, evil])
    doc = handout("glossary", locale="ko")
    assert "&lt;b&gt;bold&lt;/b&gt;" in doc and "&lt;script&gt;" in doc
    assert "<b>bold" not in doc and "<script" not in doc and "<i>악" not in doc


# ------------------------------------------------------------------ routine cards


@pytest.mark.parametrize("paper", list(SIDES))
@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game", ["kisolo", "kiothi"])
def test_a_routine_card_is_one_page_of_numbered_steps(game, locale, paper):
    doc = handout("routine", game=game, locale=locale, paper=paper)
    assert len(sections(doc)) == 1 and "landscape" not in doc.split("</style>")[0]
    lists = re.findall(r'<ol class="steps" start="(\d+)">(.*?)</ol>', doc, re.S)
    expected = 1
    for start, items in lists:
        assert int(start) == expected
        expected += items.count("<li>")
    steps = expected - 1
    assert steps >= 10
    words = visible(doc)
    # Every step a card sends you to is one of its steps.
    sent = re.findall(
        {"en": r"step (\d+)", "ko": r"(\d+)단계", "fr": r"étape (\d+)", "sw": r"awamu ya (\d+)"}[
            locale
        ],
        words,
    )
    assert sent and all(1 <= int(n) <= steps for n in sent)
    size = float(re.search(r"html \{ font-size: ([\d.]+)pt", doc).group(1))
    assert size >= 8.5
    card = catalogue(locale)["handouts"]["routine"][game]
    for item in (line for section in card["sections"] for line in section["items"]):
        assert item in words


def test_the_kisolo_card_moves_the_finger_one_hole_on_and_kiothi_lifts_the_landing_boma():
    en = visible(handout("routine", game="kisolo"))
    assert "the finger moves one hole on" in en and "not of the landing hole" in en
    assert "Pussa kanawa: move the finger one hole on" in en
    ko = visible(handout("routine", game="kisolo", locale="ko"))
    assert "손가락을 한 구멍 옮깁니다" in ko and "떨어진 구멍이 아니라 다음 구멍" in ko
    kiothi = visible(handout("routine", game="kiothi"))
    assert "Lift all the warriors of this boma itself" in kiothi and "a jail" in kiothi
    assert "Kisolo's pussa kanawa lifts the hole after it" in kiothi


def test_the_cards_name_their_readings():
    for game in ("kisolo", "kiothi"):
        for locale, mark in (
            ("en", "reading"),
            ("ko", "해석"),
            ("fr", "interprétation"),
            ("sw", "tafsiri"),
        ):
            assert visible(handout("routine", game=game, locale=locale)).count(mark) >= 3


def test_routine_texts_are_escaped_never_markup(monkeypatch):
    real = handouts_module.entry

    def evil(locale, key):
        value = real(locale, key)
        if key == "handouts.routine.kisolo":
            value = json.loads(json.dumps(value))
            value["title"] = "<script>alert(1)</script>"
            value["sections"][0]["items"][0] = "<img src=x>"
        return value

    monkeypatch.setattr(handouts_module, "entry", evil)
    doc = handout("routine", game="kisolo")
    assert "&lt;script&gt;" in doc and "&lt;img src=x&gt;" in doc
    assert "<script" not in doc and "<img" not in doc


# ------------------------------------------------------------------ the site's list

LANDING = Path(__file__).resolve().parents[1] / "tools" / "landing.py"


def test_the_landing_page_lists_every_handout_by_name_with_an_a3_link_for_boards(tmp_path):
    spec = importlib.util.spec_from_file_location("landing_for_test", LANDING)
    landing = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = landing  # its dataclasses look themselves up there
    try:
        spec.loader.exec_module(landing)
    finally:
        del sys.modules[spec.name]
    for locale in LOCALES:
        handouts = {
            paper: [
                f"handouts/{locale}/{p.name}"
                for p in write_handouts(tmp_path / paper, locale=locale, paper=paper, lessons=[])
            ]
            for paper in (*SIDES, "a3")
        }
        names = catalogue(locale)["site"]["handout_names"]
        for path in handouts["a4"]:
            assert path.rsplit("/", 1)[-1].split(".")[0] in names, path
        page = landing.landing_page(locale, [], list(LOCALES), handouts, [], {})
        for key in ("glossary", "kisolo-routine", "kiothi-routine", "kiothi-2x10-board"):
            assert html.escape(names[key]) in page
        assert f'href="handouts/{locale}/kiothi-2x10-board.a3.{locale}.html"' in page.replace(
            'href="../', 'href="'
        )
        assert page.count(">A3</a>") == 3, "an A3 link for each board template only"


# ------------------------------------------------------------------ the unplugged guide

GUIDES = Path(__file__).resolve().parents[1] / "notebooks" / "teacher"
#: The rows of a box, top to bottom as the printed board shows them, in each language.
ROW_LABELS = {
    "kisolo": (
        ("North outer", "북쪽 바깥쪽", "Nord extérieure", "Kaskazini nje"),
        ("North inner", "북쪽 안쪽", "Nord intérieure", "Kaskazini ndani"),
        ("South inner", "남쪽 안쪽", "Sud intérieure", "Kusini ndani"),
        ("South outer", "남쪽 바깥쪽", "Sud extérieure", "Kusini nje"),
    ),
    "kiothi": (("North", "북쪽", "Nord", "Kaskazini"), ("South", "남쪽", "Sud", "Kusini")),
}
SIDES_SAID = {
    **{w: "south" for w in ("South", "남쪽", "Sud", "Kusini")},
    **{w: "north" for w in ("North", "북쪽", "Nord", "Kaskazini")},
}
SOUTH, NORTH = "South|남쪽|Sud|Kusini", "North|북쪽|Nord|Kaskazini"


def beans_blocks(text: str) -> list[str]:
    return re.findall(r"```beans\n(.*?)```", text, re.S)


def parse_beans(block: str) -> dict:
    """A box of the guide: its position (as docs/rules.md's JSON) and its checks, in order."""
    head, *lines = block.strip("\n").split("\n")
    game = head.split()[0].lower()
    assert game in ROW_LABELS, head
    side = re.search(rf"({SOUTH}|{NORTH}) (?:to move|차례|de jouer|anacheza)", head) or re.search(
        rf"à ({SOUTH}|{NORTH}) de jouer", head
    )
    assert side, head
    to_move = SIDES_SAID[side.group(1)]
    rows, marks, steps, options, check = [], [], [], {}, {}
    for line in lines:
        word, _, rest = line.partition(" ")
        if word in ("check", "options", "move", "try", "expect"):
            value = json.loads(rest)
            if word == "check":
                check = value
            elif word == "options":
                options = value
            elif word == "expect":
                steps[-1]["expect"] = value
            else:
                steps.append({"kind": word, "move": value})
            continue
        m = re.fullmatch(r"(\D+?)\s+((?:\d+\*?\s*)+)", line.strip())
        assert m, f"not a row of counts: {line!r}"
        label, counts = m.group(1).strip(), m.group(2).split()
        assert label in ROW_LABELS[game][len(rows)], (label, len(rows), head)
        rows.append([int(c.rstrip("*")) for c in counts])
        marks.append([c.endswith("*") for c in counts])
    assert len(rows) == len(ROW_LABELS[game]), head
    if game == "kisolo":
        position = {"game": "kisolo", "columns": len(rows[0]), "to_move": to_move, "board": rows}
    else:
        turn = int(re.search(r"(?:turn|턴|tour|zamu ya) (\d+)", head).group(1))
        jails = re.search(
            rf"(?:jails|감옥|prisons|magereza)\s*: (?:{SOUTH}) (\d+), (?:{NORTH}) (\d+)", head
        )
        if turn == 1:
            position = initial_position("kiothi")
            assert rows == position["board"], "a box at turn 1 is the start"
        else:
            # A game under way: every boma has been sown into since the opening.
            position = {
                "game": "kiothi",
                "start_holes": 6,
                "orthodox": True,
                "to_move": to_move,
                "turn": turn,
                "board": rows,
                "nki": marks,
                "sown": [[turn > 2] * 10, [turn > 2] * 10],
                "jails": {"south": int(jails.group(1)), "north": int(jails.group(2))},
            }
    position.update(status="playing", winner=None, reason=None, **options)
    return {"position": position, "check": check, "steps": steps, "head": head}


def stones(board: list) -> dict:
    """Kisolo: the stones on each player's two rows."""
    return {"south": sum(board[2]) + sum(board[3]), "north": sum(board[0]) + sum(board[1])}


def captured_by(trace: list) -> int:
    return sum(
        e["count"]
        for e in trace
        if e["kind"] == "capture" or (e["kind"] == "leftmost_triple" and e["taken"])
    )


def total(position: dict) -> int:
    return sum(map(sum, position["board"])) + sum(position.get("jails", {}).values())


def what_happens(position: dict, move: dict) -> dict:
    """Everything a box can say about a move, from the rules engine."""
    after, trace = play(position, move)
    ends = [e for e in trace if e["kind"] == "lap_end"]
    laps = [e["lap"] for e in trace if "lap" in e] + [
        e["to_lap"] for e in trace if e["kind"] == "laps_skipped"
    ]
    said = {
        "laps": max(laps, default=0),
        "first": ends[0]["cell"] if ends else None,
        "last": ends[-1]["cell"] if ends else None,
        "lifted": [
            e["cell"]
            for e in trace
            if e["kind"] == "lift" and e["rule"] in ("pussa_kanawa", "relay")
        ],
        "captured": captured_by(trace),
        "captured_from": [t[:2] for e in trace if e["kind"] == "capture" for t in e["from"]],
        "result": after["status"] if after["status"] != "won" else f"{after['winner']} wins",
        "reason": after["reason"],
        "board": after["board"],
        "total": total(after),
    }
    for e in trace:
        if e["kind"] == "leftmost_triple":
            said["triple"] = e["taken"]
        if e["kind"] == "game_end":
            said["margin"] = e.get("margin")
            said["one_warrior_victory"] = e.get("one_warrior_victory")
            said["repeat_of_lap"] = e.get("repeat_of_lap")
    if after["game"] == "kiothi":
        said["jails"] = after["jails"]
        said["nki"] = [[r, c] for r in range(2) for c in range(10) if after["nki"][r][c]]
        said["nki_count"] = len(said["nki"])
        said["on_rows"] = {"south": sum(after["board"][1]), "north": sum(after["board"][0])}
    else:
        said["stones"] = stones(after["board"])
    if after["status"] == "playing":
        replies = legal_moves(after)
        said["legal_after"] = len(replies)
        if not (after["game"] == "kiothi" and after["turn"] <= 2):
            taken = [captured_by(play(after, r)[1]) for r in replies]
            said["threat"] = max(taken, default=0)
            said["capturing_after"] = sum(1 for t in taken if t)
            if after["game"] == "kisolo":
                mover = position["to_move"]
                said["worst"] = min(stones(play(after, r)[0]["board"])[mover] for r in replies)
    return said


def check_box(box: dict) -> None:
    position = load_position(box["position"]).to_dict()  # legal, or this raises
    for key, value in box["check"].items():
        if key == "legal":
            assert len(legal_moves(position)) == value, (box["head"], key)
        elif key == "total":
            assert total(position) == value, (box["head"], key)
        elif key == "stones":
            assert stones(position["board"]) == value, (box["head"], key)
        elif key in ("greedy", "search"):
            assert level(key, seed=0).choose(load_position(position)) == value, (box["head"], key)
        else:
            raise AssertionError(f"unknown check {key!r}")
    current = position
    for step in box["steps"]:
        expect = step.get("expect", {})
        if expect.get("illegal"):
            try:
                play(current, step["move"])
            except IllegalMoveError:
                continue
            raise AssertionError(f"{box['head']}: {step['move']} should be illegal")
        said = what_happens(current, step["move"])
        for key, value in expect.items():
            assert key in said, (box["head"], step["move"], key)
            assert said[key] == value, (box["head"], step["move"], key, said[key], value)
        if step["kind"] == "move":
            current = play(current, step["move"])[0]


def guide_boxes(locale: str) -> list[dict]:
    path = GUIDES / ("unplugged.md" if locale == "en" else f"{locale}/unplugged.md")
    return [parse_beans(b) for b in beans_blocks(path.read_text("utf-8"))]


def without_words(box: dict) -> dict:
    return {k: v for k, v in box.items() if k != "head"}


@pytest.mark.parametrize("locale", GUIDE_LOCALES)
def test_every_position_of_the_unplugged_guide_is_legal_and_does_what_it_says(locale):
    boxes = guide_boxes(locale)
    assert len(boxes) >= 8
    for box in boxes:
        check_box(box)


@pytest.mark.parametrize("locale", GUIDE_LOCALES[1:])
def test_every_unplugged_guide_gives_the_english_ones_positions_and_outcomes(locale):
    en, other = guide_boxes("en"), guide_boxes(locale)
    assert [without_words(b) for b in en] == [without_words(b) for b in other]


@pytest.mark.parametrize("locale", GUIDE_LOCALES)
def test_the_unplugged_guide_has_a_timed_bean_activity_for_every_lesson(locale):
    folder = GUIDES if locale == "en" else GUIDES / locale
    text = (folder / "unplugged.md").read_text("utf-8")
    heading = r"^### (\d)강 " if locale == "ko" else r"^### 0?(\d) "
    parts = re.split(heading, text, flags=re.M)
    lessons = {int(parts[i]): parts[i + 1] for i in range(1, len(parts), 2)}
    assert sorted(lessons) == list(range(1, 9))
    timed = {
        "en": r"\((?:[^()]*, )?\d+ minutes[^()]*\)",
        "fr": r"\((?:[^()]*, )?\d+ minutes[^()]*\)",
        "ko": r"\d+분",
        "sw": r"\((?:[^()]*, )?dakika \d+[^()]*\)",
    }[locale]
    for number, body in lessons.items():
        assert "```beans" in body, f"lesson {number} has no set-up box"
        activities = re.findall(r"^\*\*\d+[A-Z]\. .*?\*\*", body, re.M)
        assert activities, number
        for title in activities:
            assert re.search(timed, title), title
    # Linked from the guides' index, in every language.
    index = (folder / "README.md").read_text("utf-8")
    assert "](unplugged.md)" in index


# ------------------------------------------------------------------ bad input

BAD = [
    (dict(kind="poster"), "kind = 'poster'", "'board', 'rules', 'record', 'lesson'"),
    (dict(kind="board", game="kisolo", locale="de"), "locale = 'de'", "'en' or 'ko' or 'fr'"),
    (dict(kind="board", game="kisolo", paper="a5"), "paper = 'a5'", "'a4' or 'letter' or 'a3'"),
    (dict(kind="record", paper="a3"), "paper = 'a3'", "is for board templates only"),
    (dict(kind="glossary", game="kisolo"), "game = 'kisolo'", "the glossary covers both games"),
    (dict(kind="glossary", columns=7), "columns = 7", "only a board"),
    (dict(kind="routine"), "game = None", "'kisolo' or 'kiothi'"),
    (dict(kind="routine", game="kiothi", lesson="nki"), "lesson = 'nki'", "takes no lesson"),
    (dict(kind="board", game="oware"), "game = 'oware'", "'kisolo' or 'kiothi'"),
    (dict(kind="rules"), "game = None", "'kisolo' or 'kiothi'"),
    (dict(kind="record", game="chess"), "game = 'chess'", "or None"),
    (dict(kind="board", game="kisolo", columns=8), "columns = 8", "7 or 6"),
    (dict(kind="board", game="kisolo", columns=True), "columns = True", "7 or 6"),
    (dict(kind="board", game="kiothi", columns=7), "columns = 7", "2 x 10"),
    (dict(kind="rules", game="kisolo", columns=6), "columns = 6", "only a board"),
    (dict(kind="lesson"), "lesson = None", "pussa-kanawa"),
    (dict(kind="lesson", lesson="no-such"), "lesson = 'no-such'", "no lesson called"),
    (dict(kind="lesson", lesson=42), "lesson = 42", "a lesson id"),
    (dict(kind="lesson", lesson={"id": "x"}), "lesson = <lesson 'x'>", "missing field"),
    (dict(kind="lesson", lesson="nki", game="kisolo"), "game = 'kisolo'", "'kiothi'"),
    (dict(kind="board", game="kisolo", lesson="nki"), "lesson = 'nki'", "takes no lesson"),
]


@pytest.mark.parametrize("kwargs,names,expected", BAD, ids=[b[1] for b in BAD])
def test_bad_arguments_are_refused_naming_field_value_and_expectation(kwargs, names, expected):
    kwargs = dict(kwargs)
    with pytest.raises(HandoutError) as e:
        handout(kwargs.pop("kind"), **kwargs)
    assert isinstance(e.value, ValueError)
    assert names in str(e.value) and expected in str(e.value) and "expected" in str(e.value)


@pytest.mark.parametrize(
    "kwargs,names",
    [
        (dict(locale="de"), "locale = 'de'"),
        (dict(paper="A4"), "paper = 'A4'"),
        (dict(lessons=["nki", "no-such"]), "lessons[1] = 'no-such'"),
        (dict(lessons=["nki", "nki"]), "lessons[1] = 'nki'"),
        (dict(lessons="nki"), "lessons = 'nki'"),
        (dict(lessons=[{"steps": []}]), "lessons[0] = <lesson None>"),
    ],
)
def test_write_handouts_refuses_bad_arguments_and_writes_nothing(tmp_path, kwargs, names):
    target = tmp_path / "out"
    with pytest.raises(HandoutError, match=re.escape(names)):
        write_handouts(target, **kwargs)
    assert not target.exists()


def test_write_handouts_writes_every_handout_with_clear_names(tmp_path):
    paths = write_handouts(tmp_path, locale="ko", paper="letter")
    tag = "letter.ko.html"
    expected = {
        f"kisolo-4x7-board.{tag}",
        f"kisolo-4x6-board.{tag}",
        f"kiothi-2x10-board.{tag}",
        f"kisolo-rules.{tag}",
        f"kiothi-rules.{tag}",
        f"kisolo-routine.{tag}",
        f"kiothi-routine.{tag}",
        f"record-sheet.{tag}",
        f"glossary.{tag}",
    } | {f"lesson-{name}.{tag}" for name in available_lessons()}
    assert [p.parent for p in paths] == [tmp_path] * len(paths)
    assert {p.name for p in paths} == expected == {p.name for p in tmp_path.iterdir()}
    assert (tmp_path / f"kisolo-4x6-board.{tag}").read_text("utf-8") == handout(
        "board", game="kisolo", columns=6, locale="ko", paper="letter"
    )
    assert (tmp_path / f"lesson-nki.{tag}").read_text("utf-8") == handout(
        "lesson", lesson="nki", locale="ko", paper="letter"
    )


def test_the_docstring_examples_run():
    result = doctest.testmod(handouts_module)
    assert result.failed == 0 and result.attempted > 0


# ------------------------------------------------------------------ command line


def cli(*args, cwd):
    return subprocess.run(
        [sys.executable, "-m", "mancala_widgets", *map(str, args)],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
    )


def test_the_command_line_writes_the_handouts_and_lists_them(tmp_path):
    out = tmp_path / "handouts"
    run = cli(
        "handouts",
        out,
        "--locale",
        "ko",
        "--paper",
        "letter",
        "--lesson",
        "nki",
        "--lesson",
        "start-here",
        cwd=tmp_path,
    )
    assert run.returncode == 0, run.stderr
    listed = [Path(line) for line in run.stdout.splitlines()]
    assert sorted(p.name for p in listed) == sorted(p.name for p in out.iterdir())
    assert {p.name for p in listed if p.name.startswith("lesson-")} == {
        "lesson-nki.letter.ko.html",
        "lesson-start-here.letter.ko.html",
    }
    assert all(p.read_text("utf-8").startswith("<!DOCTYPE html>") for p in listed)


@pytest.mark.parametrize(
    "args,says",
    [
        (["handouts", "OUT", "--paper", "a5"], "a5"),
        (["handouts", "OUT", "--locale", "de"], "de"),
        (["handouts", "OUT", "--lesson", "no-such"], "no lesson called 'no-such'"),
        (["handouts"], "OUT_DIR"),
        (["posters", "OUT"], "posters"),
        ([], "COMMAND"),
    ],
)
def test_the_command_line_refuses_bad_arguments_with_status_2(tmp_path, args, says):
    run = cli(*[tmp_path / "out" if a == "OUT" else a for a in args], cwd=tmp_path)
    assert run.returncode == 2
    assert says in run.stderr and "usage:" in run.stderr
    assert not (tmp_path / "out").exists() and run.stdout == ""


def test_the_command_line_says_when_it_cannot_write(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    run = cli("handouts", blocker, "--lesson", "nki", cwd=tmp_path)
    assert run.returncode == 2 and "cannot write there" in run.stderr


def test_a_subcommand_is_one_registered_function():
    import argparse

    from mancala_widgets import __main__ as main

    before = list(main.COMMANDS)
    before_names = set(main.build_parser()[1])
    assert {"handouts", "lessons"} <= before_names
    try:

        @main.command
        def hello(subparsers):
            subparsers.add_parser("hello")
            return lambda args: 7

        assert main.main(["hello"]) == 7
        parser, runners = main.build_parser()
        assert set(runners) == {*before_names, "hello"}
        assert isinstance(parser, argparse.ArgumentParser)
    finally:
        main.COMMANDS[:] = before
