"""The French texts as a teacher in Lubumbashi would check them: one term for each idea
(the glossary), French plurals (0 and 1 in the singular) and elisions (d'Amina, de
Kanku), le trou and le boma agreeing with what is said of them, boma on a Kiothi board
and trou on a Kisolo one, and no English reaching a French board, picture, screen reader
or handout."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from mancala_widgets import KiothiBoard, KisoloBoard, Lesson, available_lessons, load_lesson
from mancala_widgets.handouts import handout
from mancala_widgets.rules import initial_position, legal_moves, play
from mancala_widgets.rules.game import game as game_of
from mancala_widgets.svg import board_svg
from mancala_widgets.text import catalogue, tr
from mancala_widgets.text.names import (
    cell_names,
    hole_name,
    move_name,
    narrate,
    narrate_trace,
    status_line,
)

ROOT = Path(__file__).resolve().parents[1]
TEXT = ROOT / "mancala_widgets" / "text"
GLOSSARY = json.loads((TEXT / "glossary.json").read_text(encoding="utf-8"))["terms"]
#: Quotations (of the source, of a label, of code) are not the text's own words.
QUOTED = re.compile(r"“[^”]*”|\"[^\"]*\"|‘[^’]*’|«[^»]*»")
FIELD = re.compile(r"\{[^{}]*\}")
NB = "\u00a0"
WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿœŒ]+")


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
    """(dotted key, text) for every text of a catalogue; a plural is its "other" form."""
    if isinstance(value, dict) and set(value) == {"one", "other"}:
        yield path, value["other"]
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from leaves(v, f"{path}.{k}" if path else k)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from leaves(v, f"{path}[{i}]")
    else:
        yield path, value


def lesson_texts(lesson_id):
    """Every text object of a lesson file: a dict with "en" (and, here, "fr")."""
    data = json.loads((ROOT / "mancala_widgets" / "lessons" / f"{lesson_id}.json").read_text())

    def walk(value):
        if isinstance(value, dict):
            if isinstance(value.get("en"), str):
                yield value
            else:
                for v in value.values():
                    yield from walk(v)
        elif isinstance(value, list):
            for v in value:
                yield from walk(v)

    return list(walk(data))


def pairs():
    """(where, English, French) for every text of the catalogues and the lessons."""
    english = dict(leaves(catalogue("en")))
    for key, text in leaves(catalogue("fr")):
        yield f"catalogue {key}", english[key], text
    for lesson_id in available_lessons():
        for t in lesson_texts(lesson_id):
            yield f"lesson {lesson_id}", t["en"], t.get("fr", "")


PAIRS = list(pairs())
#: Every French text a person reads, the singular forms of plurals included.
TEXTS = [(f"catalogue {key}", s) for key, v in catalogue("fr").items() for s in strings(v)] + [
    (where, fr) for where, en, fr in PAIRS if where.startswith("lesson")
]


def unquoted(text: str) -> str:
    """The text's own words: quotations left out, a field filled in with X."""
    return QUOTED.sub(" ", FIELD.sub("X", text))


def test_the_texts_checked_include_every_kind():
    kinds = {where.split()[0] for where, _ in TEXTS}
    assert kinds == {"catalogue", "lesson"}
    assert len(TEXTS) > 600


@pytest.mark.parametrize("lesson_id", available_lessons())
def test_every_lesson_text_has_its_french(lesson_id):
    for t in lesson_texts(lesson_id):
        assert t.get("fr"), t["en"][:60]
        assert t["fr"] != t["en"] or len(t["en"]) < 4, t["en"][:60]


# ------------------------------------------------------------------ the glossary


def test_every_term_has_a_french_word_used_where_english_uses_it():
    english = " ".join(unquoted(en) for _, en, _ in PAIRS)
    french = " ".join(fr for _, _, fr in PAIRS)
    for term in GLOSSARY:
        assert term.get("fr"), term["id"]
        if re.search(rf"\b{re.escape(term['en'])}", english, re.I):
            assert re.search(rf"\b{re.escape(term['fr'])}", french, re.I), term["id"]
        for form in term.get("forms_fr", []):
            assert form == form.strip() and form, term["id"]


def avoided(word: str) -> re.Pattern:
    """A word to avoid, or its plural, as a whole word; a lower-case one in any case."""
    flags = re.I if word[:1].islower() else 0
    return re.compile(rf"(?<![\w-]){re.escape(word)}[sx]?(?![\w-])", flags)


@pytest.mark.parametrize("term", [t for t in GLOSSARY if t.get("avoid_fr")], ids=lambda t: t["id"])
def test_one_term_for_each_idea(term):
    wrong = [
        (where, w)
        for where, text in TEXTS
        for w in term["avoid_fr"]
        if avoided(w).search(unquoted(text))
    ]
    assert not wrong, f"use {term['fr']!r}, not: {wrong[:3]}"


def english_term(term: dict) -> re.Pattern:
    """The English term with its plural and verb endings (sows, sown, lifted, capturing)."""
    en = re.escape(term["en"])
    stem = re.escape(term["en"][:-1]) if term["en"].endswith("e") else en
    return re.compile(rf"(?<![\w-])(?:{en}(?:s|es|d|ed|n)?|{stem}ing)(?![\w-])", re.I)


#: Where the French says the idea with other words, on purpose.
OTHER_WORDS = {
    ("hole", "catalogue errors.answer_cells"),  # « emplacements »: a board of either game
    ("hole", "catalogue ui.numbers"),  # « Numéros »: the numbers by both games' boards
    ("stone", "catalogue exercises.errors.stones"),  # « stones = 3 », the parameter's name
}


@pytest.mark.parametrize("term", [t for t in GLOSSARY if t.get("forms_fr")], ids=lambda t: t["id"])
def test_the_french_term_is_used_wherever_the_english_uses_its_term(term):
    en = english_term(term)
    fr = re.compile(
        r"(?<![\w-])(?:" + "|".join(map(re.escape, term["forms_fr"])) + r")(?!\w)", re.I
    )
    missing = [
        (where, french[:80])
        for where, english, french in PAIRS
        if en.search(unquoted(english))
        and not fr.search(FIELD.sub(" ", french))
        and (term["id"], where) not in OTHER_WORDS
    ]
    assert not missing, f"{term['fr']!r} missing: {missing[:4]}"


# ------------------------------------------------------------------ one game's words

KIOTHI_LESSONS = [i for i in available_lessons() if load_lesson(i).game == "kiothi"]
KISOLO_LESSONS = [i for i in available_lessons() if load_lesson(i).game == "kisolo"]
KISOLO_WORDS = re.compile(r"\b(trous?|graines?)\b", re.I)
KIOTHI_WORDS = re.compile(r"\b(bomas?|guerriers?)\b", re.I)


@pytest.mark.parametrize("lesson_id", KIOTHI_LESSONS)
def test_a_kiothi_lesson_says_boma_not_trou(lesson_id):
    for t in lesson_texts(lesson_id):
        assert not KISOLO_WORDS.search(unquoted(t["fr"])), t["fr"]


@pytest.mark.parametrize("lesson_id", KISOLO_LESSONS)
def test_a_kisolo_lesson_says_trou_not_boma(lesson_id):
    for t in lesson_texts(lesson_id):
        assert not KIOTHI_WORDS.search(t["fr"]), t["fr"]


def test_catalogue_texts_for_one_game_use_its_words():
    for key, text in leaves(catalogue("fr")):
        if key.endswith("_kiothi"):
            assert not KISOLO_WORDS.search(unquoted(text)), (key, text)
        if key.endswith("_kisolo"):
            assert not KIOTHI_WORDS.search(text), (key, text)


# ------------------------------------------------------------------ grammar

MASCULINE = r"trous?|bomas?|guerriers?|coups?|tours?|relais|circuits?|notebooks?"
FEMININE = r"prisons?|colonnes?|rangées?|tournées?|graines?|prises?|parties?|leçons?"
WRONG_GENDER = re.compile(
    rf"\b(?:la|une|cette)\s+(?:{MASCULINE})\b|\b(?:le|un|ce|cet|du|au)\s+(?:{FEMININE})\b",
    re.I,
)
WRONG_AGREEMENT = re.compile(
    r"\btrous? (?:intérieure|extérieure)s?\b|\brangées? (?:intérieur|extérieur)s?\b"
    r"|\bbomas? (?:protégée|vide[s]? et pleine)\b|\bgraines? (?:ramassé|semé|pris)s?\b"
    r"|\bguerriers? (?:ramassée|semée|prise)s?\b"
)
#: Written unelided before a vowel sound: « de un », « que il », « si il » (a pronoun
#: after its verb, « donnez-le à », and an aspirated h, « de haricots », are right).
NOT_ELIDED = re.compile(
    r"(?<!-)\b(?:de|le|la|que|ne|se|je|puisque|lorsque|jusque)\s+"
    r"(?!huit\b|onze\b|hauts?\b|h[ée]ros\b|haricots?\b)"
    r"[aeiouyàâäéèêëîïôöûùüœh]\w*|\bsi\s+ils?\b",
    re.I,
)
COUNTED = (
    r"graine|guerrier|trou|boma|tournée|colonne|rangée|partie|réponse|fichier|exercice"
    r"|joueur|élève|coup|forfait"
)
PLURAL_WRONG = re.compile(rf"(?<![\d,.])(?:[2-9]|[1-9]\d+) (?:{COUNTED})\b")
#: « 1 graines » is wrong, « 7 + 1 graines » (a sum) is not.
SINGULAR_WRONG = re.compile(rf"(?<![\d,.])(?<!\+ )[01] (?:{COUNTED})s\b")


def grammar_faults(text: str) -> list[str]:
    text = unquoted(text)
    found = []
    for pattern in (WRONG_GENDER, WRONG_AGREEMENT, NOT_ELIDED, PLURAL_WRONG, SINGULAR_WRONG):
        found += [m.group(0) for m in pattern.finditer(text)]
    return found


def test_articles_agree_elide_and_count_in_every_text():
    faults = [(where, f) for where, text in TEXTS for f in grammar_faults(text)]
    assert not faults, faults[:8]


def test_an_elision_mark_stands_just_before_a_field_and_never_reaches_the_browser():
    for key, text in leaves(catalogue("fr")):
        for m in re.finditer(r"\[(de|le|la|que|ne|je|se)\]", text):
            assert text[m.end() : m.end() + 1] == "{", (key, text)
    for text in strings(catalogue("fr")["ui"]):  # the browser fills these in itself
        assert not re.search(r"\[(de|le|la|que|ne|je|se)\]", text), text


def test_french_punctuation_takes_a_no_break_space():
    for where, text in TEXTS:
        plain = re.sub(r'\{\{.*?\}\}|"[^"]*"', "", text)  # code keeps its own spacing
        assert " :" not in plain and " ;" not in plain and " !" not in plain, (where, text)
        assert " ?" not in plain and "« " not in plain and " »" not in plain, (where, text)
        assert "100,000" not in text and "100 000" not in text, (where, text)


@pytest.mark.parametrize(
    ("n", "stones", "warriors"),
    [(0, "0 graine", "0 guerrier"), (1, "1 graine", "1 guerrier"), (2, "2 graines", "2 guerriers")],
)
def test_french_counts_zero_and_one_in_the_singular(n, stones, warriors):
    assert tr("fr", "names.stones", n=n) == stones
    assert tr("fr", "names.warriors", n=n) == warriors


NAMES = {"south": "Amina", "north": "Kanku"}


def test_names_of_holes_bomas_and_jails_elide_before_a_vowel():
    assert hole_name("kisolo", [2, 0], "fr") == "trou intérieur 1 de Sud"
    assert hole_name("kisolo", [0, 6], "fr") == "trou extérieur 7 de Nord"
    assert hole_name("kisolo", [3, 2], "fr", NAMES) == "trou extérieur 3 d'Amina"
    assert hole_name("kisolo", [1, 2], "fr", NAMES) == "trou intérieur 3 de Kanku"
    assert hole_name("kiothi", [0, 9], "fr") == "boma 10 de Nord"
    assert hole_name("kiothi", [1, 0], "fr", {"south": "Ilunga"}) == "boma 1 d'Ilunga"
    assert tr("fr", "names.jail", side="Édouard") == "prison d'Édouard"
    assert tr("fr", "names.jail", side="Hawa") == "prison d'Hawa"
    assert tr("fr", "names.jail", side="Sud") == "prison de Sud"


def test_moves_and_narration_name_the_players_with_elision():
    said = move_name("kisolo", {"type": "capture", "column": 0}, "south", "fr", NAMES)
    assert said == (
        f"Amina prend la colonne 1{NB}: le trou intérieur 1 de Kanku et le trou extérieur "
        "derrière lui"
    )
    said = move_name("kiothi", {"type": "sow", "row": 1, "column": 9, "count": 2}, "south", "fr")
    assert said == "Sud ramasse 2 dans le boma 10 de Sud"
    end = {"kind": "game_end", "rule": "inner_row_emptied", "winner": "north"}
    assert narrate("kisolo", end, "fr", NAMES) == (
        f"Kanku gagne{NB}: une prise a vidé la rangée intérieure d'Amina."
    )


def test_a_perpetual_sowing_is_numbered_the_french_way():
    from test_text import PERPETUAL_LIMIT, PERPETUAL_REPEAT

    _, trace = play(PERPETUAL_REPEAT, {"type": "sow", "row": 2, "column": 4})
    lines = narrate_trace("kisolo", trace, "fr")
    assert "exactement ceux de la fin de la tournée 1" in lines[-2]
    assert lines[-1].startswith(f"Partie nulle par semailles perpétuelles{NB}: le coup est revenu")
    _, trace = play(PERPETUAL_LIMIT, {"type": "sow", "row": 3, "column": 5})
    lines = narrate_trace("kisolo", trace, "fr")
    assert f"c'est la tournée 100{NB}000" in lines[-2]
    assert f"100{NB}000 tournées" in lines[-1] and "répétition" in lines[-1]
    for line in lines:
        assert not grammar_faults(line), line


def test_one_warrior_and_the_sweep_agree_with_how_many():
    base = {
        "game": "kiothi",
        "start_holes": 6,
        "orthodox": True,
        "to_move": "south",
        "turn": 7,
        "nki": [[False] * 10] * 2,
        "sown": [[False] * 10] * 2,
        "status": "playing",
        "winner": None,
        "reason": None,
    }
    three = {
        **base,
        "board": [[0, 0, 0, 0, 1, 0, 0, 0, 0, 0], [0, 0, 2] + [0] * 5 + [2, 0]],
        "jails": {"south": 26, "north": 29},
    }
    _, trace = play(three, {"type": "sow", "row": 1, "column": 2, "count": 2})
    assert narrate("kiothi", trace[-1], "fr") == (
        f"Nord ne peut plus jouer{NB}: la partie se termine. Les 3 guerriers restés sur le "
        "plateau vont dans la prison de Sud, car Sud peut encore jouer. Sud gagne 31-29. Une "
        f"victoire d'un seul guerrier, la marque d'un grand talent{NB}!"
    )
    one = {
        **base,
        "board": [[0, 0, 0, 0, 1, 0, 0, 0, 0, 0], [0, 0, 2] + [0] * 6 + [0]],
        "jails": {"south": 28, "north": 29},
    }
    _, trace = play(one, {"type": "sow", "row": 1, "column": 2, "count": 2})
    said = narrate("kiothi", trace[-1], "fr")
    assert "Le seul guerrier resté sur le plateau va dans la prison de Sud" in said, said


# ------------------------------------------------------------------ no English on a board

#: Words English and French share, or that French keeps: the games, their own words,
#: peoples and places, code a student types, the paper's name.
SHARED = set(
    """
    a on e s n k b x fi wi us ex mm cm mod page pages part pair
    bonus circuit condition conditions conservation continue convention cycle date
    discussion document face guide guides impossible interface long message millions
    moment notes page pause place places placements plan points position positions
    possible protection question questions redistribution redistributions restriction
    site source sources triple version six change chose type code total
    nord sud boma bomas nki mancala kisolo kiothi cisolo pussa kanawa makombo njodthie
    congo kenya luba lulua songye meru elo csv json python pyodide jupyterlab jupyter
    """.split()
)


def english_vocabulary() -> set[str]:
    words = set()
    for _, english, _ in PAIRS:
        words |= {w.lower() for w in WORD.findall(FIELD.sub(" ", english))}
    return words - SHARED


#: « notebook » is French here: the word of JupyterLab's French menus (the glossary's term).
ENGLISH = (english_vocabulary() | {"the", "and", "of", "to", "is", "it", "from", "with"}) - {
    "notebook",
    "notebooks",
}


def english_words(text: str) -> list[str]:
    """English words of a French text; data shown as data (in straight quotes: a message's
    name, a move as JSON) is not text."""
    text = re.sub(r'"[^"]*"', " ", FIELD.sub(" ", text))
    return [w for w in WORD.findall(text) if w.lower() in ENGLISH]


def board_texts(board) -> list[str]:
    """Everything a French board shows a person: its words, names, narration, list of
    moves, errors, the computer's explanation, hints, the lesson panel, the screen
    reader's names of holes and the static picture."""
    out = [
        board.title,
        board.error,
        board.computer_says,
        *board.narration,
        *board.history,
        *strings(board.strings),
        *strings(board.cell_names),
        *board.labels.values(),
        (board.hint or {}).get("text", ""),
        board.game_review.get("summary", ""),
        *(p["text"] for p in board.game_review.get("turning_points", [])),
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
    out.append(picture_text(board.to_svg()))
    return [t for t in out if isinstance(t, str)]


def picture_text(svg: str) -> str:
    svg = re.sub(r"<style>.*?</style>", "", svg, flags=re.S)
    return re.sub(r"<[^>]+>", " ", svg)


def assert_french(board):
    for text in board_texts(board):
        assert not english_words(text), (english_words(text), text)
        assert not grammar_faults(text), (grammar_faults(text), text)


def test_a_french_kisolo_board_shows_no_english_through_a_game_its_hints_and_errors():
    board = KisoloBoard(locale="fr", opponent="greedy", seed=2, numbers=True)
    assert_french(board)
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
        if board.move_count % 7 == 0:
            board.show_hint()
        board.play(board.legal_moves[0])
        assert_french(board)


def test_a_french_kiothi_board_shows_no_english_to_the_end_of_the_game_and_its_review():
    board = KiothiBoard(locale="fr", opponent="random", seed=5, computer_plays="south")
    lift = board.legal_moves[0]["lift"]
    total = sum(board.position["board"][r][c] for r, c in lift)
    board.play({"type": "redistribute", "lift": lift, "place": [[0, 9, total]]})
    assert_french(board)
    while board.position["status"] == "playing":
        board.play(board.legal_moves[-1])
    board.review(level="greedy")
    assert board.game_review["state"] == "done"
    assert_french(board)
    assert "gagne" in board.narration[-1] or "nulle" in board.narration[-1]


@pytest.mark.parametrize("lesson_id", available_lessons())
def test_a_french_lesson_shows_no_english_at_any_step(lesson_id):
    lesson = Lesson(lesson_id, locale="fr")
    for _ in range(len(lesson.script.steps)):
        assert_french(lesson)
        q = lesson.lesson["question"]
        if q:
            wrong = 999 if q["number"] else (q["options"][0]["value"] if q["options"] else [])
            lesson.answer(wrong)
            assert_french(lesson)
        lesson.next()


def configurations():
    """Every variant and every rule option of both games, one change at a time."""
    for name in ("kisolo", "kiothi"):
        g = game_of(name)
        yield name, {}
        for option, values in {**g.variants, **g.options}.items():
            for value in values[1:]:
                yield name, {option: value}


CONFIGURATIONS = list(configurations())


@pytest.mark.parametrize(
    "game, variant", CONFIGURATIONS, ids=[f"{g}-{v}" for g, v in CONFIGURATIONS]
)
def test_random_games_are_narrated_in_french_with_no_english(game, variant):
    rng = random.Random(f"{game}{variant}")
    seen = set()
    for _ in range(6):
        position = initial_position(game, **variant)
        for _ in range(120):
            if position["status"] != "playing":
                break
            move = rng.choice(legal_moves(position))
            if move["type"] == "redistribute":
                lift = move["lift"]
                total = sum(position["board"][r][c] for r, c in lift)
                cells = [(r, c) for r in range(2) for c in range(10)]
                move = {**move, "place": [[*rng.choice(cells), total]]}
            player = position["to_move"]
            position, trace = play(position, move)
            for names in (None, NAMES):
                lines = [
                    move_name(game, move, player, "fr", names),
                    *narrate_trace(game, trace, "fr", names),
                    status_line(position, "fr", names),
                ]
                for line in lines:
                    assert not english_words(line), (english_words(line), line)
                    assert not grammar_faults(line), (grammar_faults(line), line)
                    assert "[" not in re.sub(r"\[\d+, \d+\]", "", line), line
                seen.update(e["kind"] for e in trace)
    assert {"lift", "sow", "lap_end", "turn_end"} <= seen


@pytest.mark.parametrize("game, columns", [("kisolo", 7), ("kisolo", 6), ("kiothi", 10)])
def test_the_picture_and_the_screen_readers_names_are_french(game, columns):
    variant = {"columns": columns} if game == "kisolo" else {}
    position = initial_position(game, **variant)
    for names in (None, NAMES):
        svg = board_svg(position, numbers=True, locale="fr", labels=names)
        assert not english_words(picture_text(svg)), english_words(picture_text(svg))
        rows = 4 if game == "kisolo" else 2
        for name in strings(cell_names(game, rows, columns, "fr", names)):
            assert not english_words(name) and not grammar_faults(name), name
    word = "trou" if game == "kisolo" else "boma"
    rows = 4 if game == "kisolo" else 2
    assert all(n.startswith(word) for n in strings(cell_names(game, rows, columns, "fr")))


HANDOUTS = [
    ("board", {"game": "kisolo", "columns": 7}),
    ("board", {"game": "kisolo", "columns": 6}),
    ("board", {"game": "kiothi"}),
    ("rules", {"game": "kisolo"}),
    ("rules", {"game": "kiothi"}),
    ("record", {}),
    ("record", {"game": "kiothi"}),
    *(("lesson", {"lesson": lesson_id}) for lesson_id in available_lessons()),
]


def visible(doc: str) -> str:
    import html

    doc = re.sub(r"<style>.*?</style>", " ", doc, flags=re.S)
    doc = re.sub(r"<!DOCTYPE[^>]*>", " ", doc)
    return html.unescape(re.sub(r"<[^>]*>", " ", doc))


@pytest.mark.parametrize(
    "kind, kwargs", HANDOUTS, ids=[f"{k}-{'-'.join(map(str, v.values()))}" for k, v in HANDOUTS]
)
def test_a_french_handout_holds_no_english(kind, kwargs):
    doc = handout(kind, locale="fr", **kwargs)
    assert '<html lang="fr">' in doc and "Liberation Sans" in doc
    words = visible(doc)
    assert not english_words(words), sorted(set(english_words(words)))
    assert not re.search(r"\[(de|le|la|que)\]", words) and "{" not in words
    assert not grammar_faults(words), grammar_faults(words)[:5]


def test_the_checks_can_fail():
    """Each check above finds what it looks for (so a pass means something)."""
    found = english_words("South sows the stones of the inner hole")
    assert found == ["South", "sows", "the", "stones", "of", "the", "inner", "hole"]
    assert english_words('Le message "play" est inconnu.') == []
    assert grammar_faults("la trou, le prison, du colonne") == [
        "la trou",
        "le prison",
        "du colonne",
    ]
    assert grammar_faults("trou intérieure, rangée extérieur") == [
        "trou intérieure",
        "rangée extérieur",
    ]
    assert grammar_faults("le boma de Amina, que il, si il") == ["de Amina", "que il", "si il"]
    assert grammar_faults("3 graine, 1 guerriers, 7 + 1 graines, de haricots") == [
        "3 graine",
        "1 guerriers",
    ]
    assert avoided("case").search("les cases du plateau")
    assert not avoided("case").search("une boîte à œufs de 28 compartiments")
    capture = next(t for t in GLOSSARY if t["id"] == "capture")
    assert english_term(capture).search("North captured column 3")
