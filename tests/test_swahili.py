"""The Swahili texts as a teacher in Meru or Lubumbashi would check them: one term for
each idea (the glossary), used wherever the English uses its term; numbers, possessives
and verbs that agree with the noun's class (jiwe moja, mawe mawili, wapiganaji wawili
wanapandwa); boma, never shimo, on a Kiothi board; and no English reaching a Swahili
board, its narration, its picture, its screen-reader labels or its handouts."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from string import Formatter

import pytest

from mancala_widgets import KiothiBoard, KisoloBoard, Lesson, available_lessons, load_lesson
from mancala_widgets.handouts import handout
from mancala_widgets.rules import initial_position, new_state, play
from mancala_widgets.svg import board_svg
from mancala_widgets.text import catalogue, tr
from mancala_widgets.text.names import cell_names, narrate, narrate_trace, status_line
from mancala_widgets.text.swahili import MARK

from helpers import english_in_swahili, random_move

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = json.loads((ROOT / "mancala_widgets" / "text" / "glossary.json").read_text())["terms"]
QUOTED = re.compile(r"“[^”]*”|\"[^\"]*\"|‘[^’]*’")


def strings(value):
    """Every string inside a JSON value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


def leaves(value, path=""):
    """(dotted key, text) for every text of a catalogue; both forms of a plural."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from leaves(v, f"{path}.{k}" if path else k)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from leaves(v, f"{path}[{i}]")
    else:
        yield path, value


def lesson_texts(value):
    """Every text object ({"en": ..., "sw": ...}) of a lesson file."""
    if isinstance(value, dict):
        if isinstance(value.get("en"), str):
            yield value
        else:
            for v in value.values():
                yield from lesson_texts(v)
    elif isinstance(value, list):
        for v in value:
            yield from lesson_texts(v)


def lesson_file(lesson_id):
    return json.loads((ROOT / "mancala_widgets" / "lessons" / f"{lesson_id}.json").read_text())


def pairs():
    """(where, English, Swahili) for every catalogue text and every lesson text."""
    en, sw = dict(leaves(catalogue("en"))), dict(leaves(catalogue("sw")))
    for key, text in en.items():
        if isinstance(text, str):
            other = sw.get(
                key, sw.get(key.rsplit(".", 1)[0] + ".other") if key.endswith(".one") else None
            )
            yield f"catalogue {key}", text, other
    for lesson_id in available_lessons():
        for i, t in enumerate(lesson_texts(lesson_file(lesson_id))):
            yield f"lesson {lesson_id} #{i}", t["en"], t.get("sw")


PAIRS = list(pairs())
TEXTS = [(where, sw) for where, _, sw in PAIRS if isinstance(sw, str)]


def unquoted(text):
    return QUOTED.sub("", text)


def test_every_lesson_text_has_its_swahili():
    missing = [where for where, en, sw in PAIRS if where.startswith("lesson") and en and not sw]
    assert not missing


@pytest.mark.parametrize("term", [t for t in GLOSSARY if t.get("avoid_sw")], ids=lambda t: t["id"])
def test_one_term_for_each_idea_no_avoided_word(term):
    wrong = [
        (where, w)
        for where, text in TEXTS
        for w in term["avoid_sw"]
        if w.lower() in unquoted(text).lower()
    ]
    assert not wrong, f"use {term['sw']!r}, not: {wrong[:3]}"


def english_use(term: str) -> re.Pattern:
    """The English term as a word, with its plural or verb endings."""
    words = r"[\s-]+".join(map(re.escape, term.split()))
    return re.compile(rf"\b{words}(s|es|d|ed|ing)?\b", re.I)


#: Where the English word is not the glossary's idea (none so far).
NOT_THE_TERM: set[tuple[str, str]] = set()


@pytest.mark.parametrize("term", [t for t in GLOSSARY if t.get("forms_sw")], ids=lambda t: t["id"])
def test_the_glossary_term_is_used_wherever_the_english_uses_its_term(term):
    used = english_use(term["en"])
    missing = [
        where
        for where, en, sw in PAIRS
        if isinstance(sw, str)
        and used.search(
            re.sub(
                r"\{[^{}]*\}|mancala-widgets|mancala world|turning point|in turn\b",
                "",
                en,
                flags=re.I,
            )
        )
        and (term["id"], where) not in NOT_THE_TERM
        and not any(f.lower() in sw.lower() for f in term["forms_sw"])
    ]
    assert not missing, f"{term['sw']!r} missing in: {missing[:5]}"


KIOTHI_LESSONS = [i for i in available_lessons() if load_lesson(i).game == "kiothi"]
KISOLO_LESSONS = [i for i in available_lessons() if load_lesson(i).game == "kisolo"]


@pytest.mark.parametrize("lesson_id", KIOTHI_LESSONS)
def test_a_kiothi_lesson_says_boma_not_shimo(lesson_id):
    for t in lesson_texts(lesson_file(lesson_id)):
        assert "shimo" not in t["sw"].lower() and "mawe" not in t["sw"].lower(), t["sw"]


@pytest.mark.parametrize("lesson_id", KISOLO_LESSONS)
def test_a_kisolo_lesson_says_shimo_not_boma(lesson_id):
    for t in lesson_texts(lesson_file(lesson_id)):
        assert "boma" not in t["sw"].lower() and "mpiganaji" not in t["sw"].lower(), t["sw"]


def test_catalogue_texts_for_kiothi_say_boma_and_for_kisolo_shimo():
    for key, text in leaves(catalogue("sw")):
        if not isinstance(text, str):
            continue
        name = key.split(".")[-2 if key.endswith((".one", ".other")) else -1]
        if name.endswith("_kiothi"):
            assert "shimo" not in text and "mawe" not in text, (key, text)
        if name.endswith("_kisolo"):
            assert "boma" not in text and "wapiganaji" not in text, (key, text)


def test_the_browsers_texts_have_no_swahili_marks_it_cannot_fill():
    """The board's ``ui`` texts are filled in by the browser, which knows only {name}."""
    for key, text in leaves(catalogue("sw")["ui"]):
        assert not MARK.search(text), key
        assert all(not spec for _, _, spec, _ in Formatter().parse(text)), key


def test_every_mark_names_a_field_of_its_text():
    for key, text in leaves(catalogue("sw")):
        if isinstance(text, str):
            names = {n for _, n, _, _ in Formatter().parse(text) if n}
            for m in MARK.finditer(text):
                assert m.group(3) in names, (key, m.group(0))


# -- agreement --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "stones", "warriors"),
    [
        (1, "jiwe moja", "mpiganaji mmoja"),
        (2, "mawe mawili", "wapiganaji wawili"),
        (6, "mawe sita", "wapiganaji sita"),
        (8, "mawe manane", "wapiganaji wanane"),
        (24, "mawe 24", "wapiganaji 24"),
    ],
)
def test_a_count_agrees_with_its_noun(n, stones, warriors):
    assert tr("sw", "names.stones", n=n) == stones
    assert tr("sw", "names.warriors", n=n) == warriors


def sown(game, cells, lap=1):
    return narrate(game, {"kind": "sow", "lap": lap, "cells": cells})


KISOLO_ROW = [[3, c] for c in range(7)] * 4
KIOTHI_ROW = [[1, c] for c in range(10)] * 3


@pytest.mark.parametrize(
    ("n", "kisolo", "kiothi"),
    [
        (1, "jiwe moja linapandwa katika", "mpiganaji mmoja anapandwa katika"),
        (
            2,
            "mawe mawili yanapandwa; la mwisho linaanguka",
            "wapiganaji wawili wanapandwa; wa mwisho anaanguka",
        ),
        (
            6,
            "mawe sita yanapandwa; la mwisho linaanguka",
            "wapiganaji sita wanapandwa; wa mwisho anaanguka",
        ),
        (
            24,
            "mawe 24 yanapandwa; la mwisho linaanguka",
            "wapiganaji 24 wanapandwa; wa mwisho anaanguka",
        ),
    ],
)
def test_the_narration_of_a_sowing_agrees_with_what_is_sown(n, kisolo, kiothi):
    said = narrate("kisolo", {"kind": "sow", "lap": 3, "cells": KISOLO_ROW[:n]}, "sw")
    assert said.startswith("Duru ya 3: ") and kisolo in said, said
    said = narrate("kiothi", {"kind": "sow", "lap": 1, "cells": KIOTHI_ROW[:n]}, "sw")
    assert kiothi in said, said


@pytest.mark.parametrize(
    ("n", "kisolo", "kiothi"),
    [
        (1, "Jiwe moja linainuliwa kutoka", "Mpiganaji mmoja anainuliwa kutoka"),
        (2, "Mawe mawili yanainuliwa kutoka", "Wapiganaji wawili wanainuliwa kutoka"),
        (24, "Mawe 24 yanainuliwa kutoka", "Wapiganaji 24 wanainuliwa kutoka"),
    ],
)
def test_a_lift_agrees_and_starts_with_a_capital(n, kisolo, kiothi):
    lift = {"kind": "lift", "rule": "sow", "cell": [3, 0], "count": n, "left": 0}
    assert narrate("kisolo", lift, "sw").startswith(kisolo)
    assert narrate("kiothi", {**lift, "cell": [1, 0]}, "sw").startswith(kiothi)


def test_a_relay_lift_agrees_with_one_warrior_or_many():
    one = {"kind": "lift", "rule": "relay", "cell": [0, 9], "count": 1, "left": 0, "lap": 2}
    assert "mpiganaji mmoja pekee wa boma 10 la Kaskazini anainuliwa" in narrate(
        "kiothi", one, "sw"
    )
    three = {**one, "count": 3}
    assert "wapiganaji watatu wa boma 10 la Kaskazini wanainuliwa wote" in narrate(
        "kiothi", three, "sw"
    )
    pussa = {"kind": "lift", "rule": "pussa_kanawa", "cell": [3, 4], "count": 1, "left": 0}
    assert "jiwe moja linainuliwa" in narrate("kisolo", pussa, "sw")


def test_holes_bomas_and_jails_are_named_with_their_possessive():
    from mancala_widgets.text.names import hole_name

    assert hole_name("kisolo", [2, 0], "sw") == "shimo la ndani 1 la Kusini"
    assert hole_name("kisolo", [0, 6], "sw") == "shimo la nje 7 la Kaskazini"
    assert hole_name("kiothi", [0, 9], "sw") == "boma 10 la Kaskazini"
    assert tr("sw", "names.jail", side="Amina") == "gereza la Amina"


#: A number or a verb that disagrees with the noun before it.
NUMBER = (
    r"(mawili|matatu|manne|matano|manane|wawili|watatu|wanne|watano|wanane|sita|saba|tisa|kumi|\d+)"
)
DISAGREEING = re.compile(
    r"\bjiwe (mawili|matatu|manne|matano|manane|\d\d)"
    r"|\bmawe (moja)\b"
    r"|\bmpiganaji (wawili|watatu|wanne|watano|wanane|\d\d)"
    r"|\bwapiganaji (mmoja)\b"
    r"|\bjiwe moja (ya|wa|a)(na|me)"
    rf"|\bmawe {NUMBER} (li|wa|a)(na|me)"
    r"|\bmpiganaji mmoja (ya|li|wa)(na|me)"
    rf"|\bwapiganaji {NUMBER} (ya|li|a)(na|me)"
    r"|\bmaboma (moja)\b|\bboma (mawili|matatu)"
)


def random_games(game, variant, options, games, seed):
    rnd = random.Random(seed)
    for _ in range(games):
        state = new_state(game, **variant, **options)
        position = state.to_dict()
        for _ in range(80):
            if position["status"] != "playing":
                break
            move = random_move(new_state_from(position), rnd)
            after, trace = play(position, move)
            yield position, move, trace, after
            position = after


def new_state_from(position):
    from mancala_widgets.rules import load_position

    return load_position(position)


VARIANTS = [
    ("kisolo", {"columns": 7}, {}),
    ("kisolo", {"columns": 6}, {}),
    ("kisolo", {"columns": 7}, {"relay": "landing"}),
    ("kisolo", {"columns": 7}, {"own_row_emptied": "loses", "repetition_draw": False}),
    ("kiothi", {"start_holes": 6, "orthodox": True}, {}),
    ("kiothi", {"start_holes": 5, "orthodox": False}, {}),
    ("kiothi", {"start_holes": 6, "orthodox": True}, {"nki_marking": "after_each"}),
    ("kiothi", {"start_holes": 6, "orthodox": False}, {"nki_release": "drop", "perpetual": "draw"}),
]

# -- no English on a Swahili board ------------------------------------------------------


def english_words(text: str) -> list[str]:
    return english_in_swahili(text)


def test_swahili_texts_hold_no_english_word():
    wrong = [(where, english_words(text)) for where, text in TEXTS if english_words(text)]
    # Code the reader types stays as it is: a parameter name, a method, a JSON key; so do
    # JupyterLab's own menu words, English for a Swahili reader (it has no Swahili pack).
    code = {"circuit", "start", "stones", "game", "seed", "board", "move", "sown", "choose",
            "state", "play", "holdings", "legal", "moves", "check", "ex", "classroom",
            "workbook", "len", "type", "sow", "row", "column", "count", "capture", "run",
            "all", "cells", "serve", "py", "file", "delete", "download", "qr"}  # fmt: skip
    wrong = [(where, ws) for where, ws in wrong if set(w.lower() for w in ws) - code]
    assert not wrong, wrong[:10]


@pytest.mark.parametrize(("game", "variant", "options"), VARIANTS, ids=str)
def test_narration_of_random_games_is_swahili_and_agrees(game, variant, options):
    seen = set()
    for position, move, trace, after in random_games(game, variant, options, games=4, seed=7):
        end = trace[-1] if trace[-1]["kind"] == "game_end" else None
        lines = [narrate(game, e, "sw", game_end=end) for e in trace]
        lines.append(status_line(after, "sw"))
        from mancala_widgets.text.names import move_name

        lines.append(move_name(game, move, position["to_move"], "sw"))
        for line in lines:
            assert not english_words(line), (english_words(line), line)
            assert not DISAGREEING.search(line), line
            assert "[" not in line or "]" not in line or not MARK.search(line), line
            if game == "kiothi":
                assert "shimo" not in line and "mawe" not in line, line
            else:
                assert "boma" not in line and "wapiganaji" not in line, line
        seen |= {e["kind"] for e in trace}
    assert "sow" in seen and "lap_end" in seen


def test_the_named_narration_of_a_whole_game_with_players_names():
    names = {"south": "Amina", "north": "Kanku"}
    position = initial_position("kiothi")
    rnd = random.Random(3)
    while position["status"] == "playing":
        move = random_move(new_state_from(position), rnd)
        position, trace = play(position, move)
        for line in narrate_trace("kiothi", trace, "sw", names):
            assert not english_words(line) and not DISAGREEING.search(line), line
    assert (
        "Amina" in status_line(position, "sw", names)
        or "Kanku" in status_line(position, "sw", names)
        or "Sare" in status_line(position, "sw", names)
    )


def visible(html: str) -> str:
    html = re.sub(r"<style>.*?</style>", " ", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


@pytest.mark.parametrize("game", ["kisolo", "kiothi"])
def test_the_static_picture_and_the_screen_reader_names_are_swahili(game):
    position = initial_position(game)
    svg = visible(board_svg(position, locale="sw", numbers=True))
    assert not english_words(svg), english_words(svg)
    rows, columns = len(position["board"]), len(position["board"][0])
    for row in cell_names(game, rows, columns, "sw"):
        for name in row:
            assert not english_words(name)
            assert name.startswith("boma" if game == "kiothi" else "shimo"), name


HANDOUTS = [
    ("board", {"game": "kisolo"}),
    ("board", {"game": "kisolo", "columns": 6}),
    ("board", {"game": "kiothi"}),
    ("rules", {"game": "kisolo"}),
    ("rules", {"game": "kiothi"}),
    ("routine", {"game": "kisolo"}),
    ("routine", {"game": "kiothi"}),
    ("record", {}),
    ("record", {"game": "kiothi"}),
    ("glossary", {}),
] + [("lesson", {"lesson": i}) for i in available_lessons()]


@pytest.mark.parametrize(("kind", "args"), HANDOUTS, ids=str)
def test_every_handout_in_swahili_shows_no_english(kind, args):
    for paper in ("a4", "letter", "a3") if kind == "board" else ("a4", "letter"):
        page = handout(kind, locale="sw", paper=paper, **args)
        assert '<html lang="sw">' in page
        if kind == "glossary":  # the other languages' columns, marked as such
            page = re.sub(r'<td class="(other" lang="(en|ko|fr)|own)">.*?</td>', "", page)
        words = english_words(visible(page))
        assert not words, words[:10]


def board_texts(board) -> list[str]:
    """Everything a Swahili board shows a person (as in test_korean.py)."""
    out = [
        board.title,
        board.error,
        board.computer_says,
        *board.narration,
        *board.history,
        *strings(board.strings),
        *strings(board.cell_names),
        *board.labels.values(),
    ]
    if isinstance(board, Lesson) and board.lesson:
        shown = board.lesson
        q, fb, label = shown["question"] or {}, shown["feedback"] or {}, shown["label"] or {}
        out += [
            shown["title"],
            shown["text"],
            shown["puzzle"] or "",
            shown["summary"] or "",
            label.get("text", ""),
            q.get("text", ""),
            q.get("move", ""),
            *(o["text"] for o in q.get("options", [])),
            fb.get("text", ""),
            fb.get("given", ""),
        ]
    out.append(visible(board.to_svg()))
    return out


def assert_swahili(board):
    for text in board_texts(board):
        assert not english_words(text), (english_words(text), text)
        assert not DISAGREEING.search(text), text


def test_a_swahili_kisolo_board_shows_no_english_through_a_game_and_its_errors():
    board = KisoloBoard(locale="sw", opponent="greedy", seed=2, numbers=True)
    assert_swahili(board)
    for bad in (
        {"kind": "play", "move": {"type": "sow", "row": 3, "column": 0}},
        {"kind": "redo"},
        {"kind": "goto", "moves": 9},
        {"kind": "cheat"},
        "x",
        {"kind": "play"},
    ):
        board._handle_custom_msg(bad, [])
        assert board.error and not english_words(board.error), board.error
    while board.position["status"] == "playing" and board.move_count < 60:
        board.play(board.legal_moves[0])
        assert_swahili(board)


def test_a_swahili_kiothi_board_shows_no_english_to_the_end_of_the_game():
    board = KiothiBoard(locale="sw", opponent="random", seed=5, computer_plays="south")
    lift = board.legal_moves[0]["lift"]
    total = sum(board.position["board"][r][c] for r, c in lift)
    board.play({"type": "redistribute", "lift": lift, "place": [[0, 9, total]]})
    assert_swahili(board)
    while board.position["status"] == "playing":
        board.play(board.legal_moves[-1])
    assert_swahili(board)
    assert "ameshinda" in board.narration[-1] or "sare" in board.narration[-1].lower()


@pytest.mark.parametrize("lesson_id", available_lessons())
def test_a_swahili_lesson_shows_no_english_at_any_step(lesson_id):
    lesson = Lesson(lesson_id, locale="sw")
    for _ in range(len(lesson.script.steps)):
        assert_swahili(lesson)
        q = lesson.lesson["question"]
        if q:
            wrong = 999 if q["number"] else (q["options"][0]["value"] if q["options"] else [])
            lesson.answer(wrong)
            assert_swahili(lesson)
        lesson.next()
