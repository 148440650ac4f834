"""Printable handouts: board templates at true size, rule cards, the record
sheet and lesson diagrams, in both languages and on both papers; escaped
texts, no answers on the students' pages, clear refusals, and the command
line. (tests/e2e/test_handouts_pdf.py prints them in a real browser.)"""

import doctest
import html
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
from mancala_widgets.text import catalogue, tr
from mancala_widgets.text.names import move_name

from helpers import needs_shared, shared_dir

RULES_MD = (shared_dir() or Path("/nonexistent")) / "RULES.md"
LOCALES = ("en", "ko", "sw")
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
]
#: Paper sides in mm (short, long), written out here rather than taken from the module.
SIDES = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
#: The only Latin words a Korean handout may hold: the games' and rules' own names.
ALLOWED_LATIN = {"Kisolo", "Kiothi", "pussa", "kanawa", "nki", "A4", "Letter"}


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
    assert {kind for kind, _ in DOCS} == set(KINDS) and set(SIDES) == set(PAPERS)


@pytest.mark.parametrize("paper", list(SIDES))
def test_boards_print_landscape_and_the_rest_portrait(paper):
    assert "landscape" in handout("board", game="kiothi", paper=paper)
    for kind, kwargs in DOCS[3:]:
        assert "landscape" not in handout(kind, paper=paper, **kwargs).split("</style>")[0]


# ------------------------------------------------------------------ board templates

BOARDS = [("kisolo", 7, 4), ("kisolo", 6, 4), ("kiothi", 10, 2)]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game,columns,rows", BOARDS)
def test_the_column_numbers_run_along_both_long_edges(game, columns, rows, locale):
    doc = handout("board", game=game, columns=columns, locale=locale)
    svg = doc[doc.index('<svg class="board-svg"') : doc.index("</svg>")]
    numbers = Counter(int(n) for n in re.findall(r"<text[^>]*>(\d+)</text>", svg))
    assert numbers == {n: 2 for n in range(1, columns + 1)}
    # Each number stands once above the top row and once below the bottom row, in its column.
    cups = [
        (float(attr(c, "cx")), float(attr(c, "cy")))
        for c in re.findall(r'<circle class="cup"[^>]*>', svg)
    ]
    assert len(cups) == rows * columns
    top, bottom = min(y for _, y in cups), max(y for _, y in cups)
    xs = sorted({round(x, 2) for x, _ in cups})
    for m in re.finditer(r'<text x="([\d.]+)" y="([\d.]+)"[^>]*>(\d+)</text>', svg):
        x, y, n = float(m.group(1)), float(m.group(2)), int(m.group(3))
        assert abs(x - xs[n - 1]) < 0.01
        assert y < top or y > bottom


@pytest.mark.parametrize("paper", list(SIDES))
@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game,columns,rows", BOARDS)
def test_holes_have_the_stated_real_size_and_the_board_fits_the_page(
    game, columns, rows, locale, paper
):
    doc = handout("board", game=game, columns=columns, locale=locale, paper=paper)
    svg = board_svg_tag(doc)
    width, height = float(attr(svg, "width")[:-2]), float(attr(svg, "height")[:-2])
    assert attr(svg, "width").endswith("mm") and attr(svg, "height").endswith("mm")
    # One unit of the drawing is one millimetre on paper.
    assert attr(svg, "viewBox") == f"0 0 {attr(svg, 'width')[:-2]} {attr(svg, 'height')[:-2]}"
    d = float(attr(svg, "data-hole-mm"))
    radii = {float(r) for r in re.findall(r'<circle class="cup"[^>]*\br="([\d.]+)"', doc)}
    assert radii == {d / 2}, "every hole has the same size: the board is never distorted"
    assert 15 <= d <= 40
    said = visible(doc)
    d_text = f"{d:g}"
    across = {"en": f"{d_text} mm across", "ko": f"{d_text}밀리미터", "sw": f"upana wa mm {d_text}"}
    assert across[locale] in said
    if d < 40:
        pct = round(100 * d / 40)
        assert {"en": f"Scale {pct}%", "ko": f"축척 {pct}%", "sw": f"Kipimo {pct}%"}[locale] in said
    else:
        assert {"en": "True size", "ko": "실제 크기", "sw": "Ukubwa halisi"}[locale] in said
    # The page less 10 mm margins, and less the title and notes (about 33 mm) in height.
    short, long = SIDES[paper]
    room_w, room_h = long - 20, short - 20 - 33
    assert width <= room_w and height <= room_h
    # Scaled no more than the page needs: the board fills the room in one direction.
    assert d == 40 or width >= 0.9 * room_w or height >= 0.9 * room_h


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


# ------------------------------------------------------------------ rule cards


def reading_marks(game: str) -> int:
    text = RULES_MD.read_text(encoding="utf-8")
    kisolo = text[text.index("## Kisolo") : text.index("## Kiothi")]
    kiothi = text[text.index("## Kiothi") : text.index("## The JSON interface")]
    return (kisolo if game == "kisolo" else kiothi).count("[reading")


#: Choices RULES.md makes without marking them: Kisolo's sowing never skips its
#: starting hole; Kiothi's the same, and the opening's "at least one, refilling allowed".
UNMARKED = {"kisolo": 1, "kiothi": 2}


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


@needs_shared
@pytest.mark.parametrize("game", ["kisolo", "kiothi"])
def test_every_reading_of_rules_md_is_on_the_card(game):
    assert RULES_MD.is_file(), "CI reads shared/RULES.md, but shared/ is not beside the clone"
    card = catalogue("en")["handouts"]["rules"][game]
    assert len(card["readings"]) == reading_marks(game) + UNMARKED[game]


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
    letters (a lesson's algebra, "4 x 6") are symbols, not words."""
    for paper in PAPERS:
        for path in write_handouts(tmp_path / paper, locale="ko", paper=paper):
            words = set(re.findall(r"[A-Za-z][A-Za-z0-9]+", visible(path.read_text("utf-8"))))
            assert words <= ALLOWED_LATIN, (path.name, words - ALLOWED_LATIN)


def test_the_catalogues_have_the_same_entries_and_fields_in_both_languages():
    def shape(value):
        if isinstance(value, dict):
            return {k: shape(v) for k, v in value.items()}
        if isinstance(value, list):
            return [shape(v) for v in value]
        return sorted(set(re.findall(r"\{(\w+)\}", value)))

    assert shape(catalogue("en")["handouts"]) == shape(catalogue("ko")["handouts"])
    assert shape(catalogue("en")["handouts"]) == shape(catalogue("sw")["handouts"])


# ------------------------------------------------------------------ bad input

BAD = [
    (dict(kind="poster"), "kind = 'poster'", "'board', 'rules', 'record', 'lesson'"),
    (dict(kind="board", game="kisolo", locale="fr"), "locale = 'fr'", "'en' or 'ko'"),
    (dict(kind="board", game="kisolo", paper="a3"), "paper = 'a3'", "'a4' or 'letter'"),
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
        (dict(locale="fr"), "locale = 'fr'"),
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
        f"record-sheet.{tag}",
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
        (["handouts", "OUT", "--paper", "a3"], "a3"),
        (["handouts", "OUT", "--locale", "fr"], "fr"),
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
