"""Every lesson notebook, English and translated (Korean, French), runs top to bottom
with no error (headless, nbclient), each translation runs the same code as the
English with its text in its own language, what a Korean or French notebook prints is
in its language, the English and French guides quote what their notebooks print, and
the French notebooks and guides use the glossary's French words."""

import re
from pathlib import Path

import nbclient
import nbformat
import pytest
from test_french import GLOSSARY, QUOTED, avoided, english_words
from test_korean import CODE, LEVELS, PEOPLE, english_printed_by, names_in_code, output_texts

from helpers import english_in_swahili

ROOT = Path(__file__).resolve().parents[1] / "notebooks"
ENGLISH = sorted(ROOT.glob("*.ipynb"))
#: The teacher's notebooks (marking the class's hand-ins).
TEACHER = sorted((ROOT / "teacher").glob("*.ipynb"))
#: The translations: each has the lessons in notebooks/<locale>/ and the teacher's
#: notebooks in notebooks/teacher/<locale>/.
TRANSLATIONS = ("ko", "fr", "sw")
LESSONS = {locale: sorted((ROOT / locale).glob("*.ipynb")) for locale in TRANSLATIONS}
TEACHERS = {locale: sorted((ROOT / "teacher" / locale).glob("*.ipynb")) for locale in TRANSLATIONS}

HANGUL = re.compile("[\uac00-\ud7a3]")
#: Code, links and the games' own words say nothing about the language of a cell.
NOT_PROSE = re.compile(r"```.*?```|`[^`]*`|\]\([^)]*\)", re.S)
FRENCH_WORDS = re.compile(
    r"\b(le|la|les|l'|un|une|des|du|de|d'|et|est|sont|pour|dans|avec|qui|que|qu'|ne|pas"
    r"|sur|au|aux|vous|votre|ce|cette|ces|il|elle|on)\b",
    re.I,
)
ENGLISH_WORDS = re.compile(
    r"\b(the|and|is|are|of|to|with|which|that|this|for|you|your|it|its|in|on)\b", re.I
)
#: French typography: accented letters, a no-break space before : ; ? ! », « quotes ».
FRENCH_MARKS = re.compile("[àâçéèêëîïôûùüÿœÀÂÇÉÈÊÎÔÛÙ«»]|\u00a0[:;?!]")


def korean(text):
    return bool(HANGUL.search(text))


def french(text):
    """French prose: French marks or words, and more French little words than English."""
    prose = NOT_PROSE.sub(" ", text)
    fr, en = len(FRENCH_WORDS.findall(prose)), len(ENGLISH_WORDS.findall(prose))
    return bool(FRENCH_MARKS.search(prose) or fr >= 2) and fr >= en


WORD = re.compile(r"[A-Za-z']+")
#: Words that every Swahili paragraph uses (connectives and the commonest concords), and
#: English words that no Swahili sentence needs.
SWAHILI_WORDS = {"na", "ya", "kwa", "wa", "la", "za", "ni", "cha", "katika", "kwenye", "kama"}
ENGLISH_IN_SWAHILI = {"the", "and", "of", "is", "to", "in", "with", "that", "which", "this", "are"}


def without_code(text):
    """Markdown without its code spans, links' targets and quoted titles of books."""
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    return text


def in_swahili(text):
    """Swahili, not English: common Swahili words, and more of them than English ones
    (a book's English title or an English menu name may stand in a Swahili sentence)."""
    words = [w.lower() for w in WORD.findall(without_code(text))]
    swahili = sum(w in SWAHILI_WORDS for w in words)
    english = sum(w in ENGLISH_IN_SWAHILI for w in words)
    return swahili > 0 and swahili > english


IN_LANGUAGE = {"ko": korean, "fr": french, "sw": in_swahili}


def code(nb):
    """The code cells, without the one line that chooses the language."""
    return [
        c.source for c in nb.cells if c.cell_type == "code" and not c.source.startswith("LOCALE =")
    ]


def assert_translated(en, translated, locale):
    """Same cells in the same order, the same code, every text cell in ``locale``
    (and not the English text left in place)."""
    assert [c.cell_type for c in translated.cells] == [c.cell_type for c in en.cells]
    assert code(translated) == code(en), (
        f"the {locale} notebook's code has drifted from the English"
    )
    for ours, theirs in zip(translated.cells, en.cells, strict=True):
        if ours.cell_type == "markdown":
            assert ours.source != theirs.source, f"English cell left: {ours.source[:60]!r}"
            assert IN_LANGUAGE[locale](ours.source), f"untranslated cell: {ours.source[:60]!r}"
    assert f'LOCALE = "{locale}"' in [c.source[:13] for c in translated.cells]


def test_the_eight_lessons_are_there_in_every_language():
    assert [p.name[:2] for p in ENGLISH] == [f"{n:02}" for n in range(1, 9)]
    for locale in TRANSLATIONS:
        assert [p.name for p in LESSONS[locale]] == [p.name for p in ENGLISH], locale


@pytest.mark.parametrize("locale", TRANSLATIONS)
@pytest.mark.parametrize("name", [p.name for p in ENGLISH])
def test_the_translated_notebook_is_the_english_one_translated(name, locale):
    en = nbformat.read(ROOT / name, as_version=4)
    translated = nbformat.read(ROOT / locale / name, as_version=4)
    assert_translated(en, translated, locale)
    assert f"../{name}" in translated.cells[0].source, "the translation links back to the English"


@pytest.mark.parametrize("locale", TRANSLATIONS)
def test_the_english_notebooks_link_to_each_translation(locale):
    for path in ENGLISH:
        en = nbformat.read(path, as_version=4)
        assert f"{locale}/{path.name}" in en.cells[0].source, path.name


@pytest.mark.parametrize("locale", TRANSLATIONS)
def test_the_teachers_notebooks_are_there_in_every_language_with_the_same_code(locale):
    assert [p.name for p in TEACHER] == ["mark-the-class.ipynb"]
    assert [p.name for p in TEACHERS[locale]] == [p.name for p in TEACHER]
    for en_path, path in zip(TEACHER, TEACHERS[locale], strict=True):
        en, translated = (nbformat.read(p, as_version=4) for p in (en_path, path))
        assert_translated(en, translated, locale)


def test_the_swahili_check_tells_swahili_from_english():
    assert in_swahili("Kusini anapanda mawe ya shimo la nje 1 na kukamata safu wima 3.")
    assert not in_swahili("South sows the stones of outer hole 1 and captures column 3.")
    assert not in_swahili('`Lesson("nki", locale=LOCALE)`')
    # and what a Swahili notebook prints: English words are found, data and code are not
    assert english_in_swahili("jail totals: {60}") == ["jail", "totals"]
    assert english_in_swahili(CODE.sub(" ", "jumla ya magereza: {60}")) == []


def test_the_french_check_tells_french_from_english():
    assert french("## Kiothi\u00a0: viser, peser, finir")
    assert french("Ensuite, exécutez `relays.reset()` et cliquez sur un trou.")
    assert not french("Then run `relays.reset()` and click a hole on either board.")
    assert not french("## Hand in your work\n\nWhen you have finished, type your name below.")
    assert not french("## Kiothi: aim, weigh, finish")


@pytest.mark.parametrize("locale", TRANSLATIONS)
def test_every_teacher_guide_is_there_in_every_language(locale):
    english = sorted(p.name for p in (ROOT / "teacher").glob("*.md"))
    assert sorted(p.name for p in (ROOT / "teacher" / locale).glob("*.md")) == english


LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


@pytest.mark.parametrize("locale", ["fr", "sw"])
def test_the_translated_guides_and_notebooks_link_to_files_that_exist(locale):
    """Every relative link in the translation's guides and notebooks names a file or
    folder of the lessons."""
    texts = [(p, p.read_text()) for p in sorted((ROOT / "teacher" / locale).glob("*.md"))]
    for p in LESSONS[locale] + TEACHERS[locale]:
        nb = nbformat.read(p, as_version=4)
        texts += [(p, c.source) for c in nb.cells if c.cell_type == "markdown"]
    for path, text in texts:
        for target in LINK.findall(text):
            if "://" in target or target.startswith("mailto:"):
                continue
            assert (path.parent / target).exists(), f"{path.name}: {target}"


#: Cells of Korean notebooks allowed to print English: none (the tournament's table is
#: headed from the catalogue too).
STILL_ENGLISH: dict[str, frozenset[str]] = {}


#: How a guide says that a notebook prints something, and the heading of its list of
#: what the notebook prints, in each language whose guides are checked.
PRINTS = {
    "en": ("print", "What the notebook prints"),
    "fr": ("affich", "Ce qu'affiche le notebook"),
}


def quoted_outputs(stem: str, locale: str = "en") -> list[str]:
    """What the lesson's guide says its notebook prints: the figures in backticks on a
    line that says "print" (in French "affiche"), and the whole list under "What the
    notebook prints". Code (a call or an assignment) is not output; "..." ends a quote
    that gives only its start."""
    guide = ROOT / "teacher" / ("" if locale == "en" else locale) / f"{stem}.md"
    if not guide.exists():
        return []
    says, heading = PRINTS[locale]
    found, listing = [], False
    for line in guide.read_text(encoding="utf-8").splitlines():
        if line.startswith(heading):
            listing = True
        elif line.startswith("#"):
            listing = False
        if not (listing or says in line) or line.count("`") % 2:
            continue  # an odd number of backticks: a quote that runs on to the next line
        for quote in line.split("`")[1::2]:  # the text inside each pair of backticks
            if not re.search(r"\d", quote):
                continue
            code = re.search(r"[A-Za-z_]\w*\(|\s=\s", quote)  # a call or an assignment
            if not code:
                found.append(" ".join(quote.split("...")[0].split()))
    return found


def variables_in_code(nb) -> frozenset[str]:
    """The names a notebook's code assigns (``state = ...``, ``state, players = ...``): a
    printed sentence may name the variable the student reads (“state bado inasema”)."""
    found: set[str] = set()
    for cell in nb.cells:
        if cell.cell_type == "code":
            for lhs in re.findall(r"^\s*([A-Za-z_][\w, ]*?)\s*=(?!=)", cell.source, re.M):
                found.update(n.strip() for n in lhs.split(","))
    return frozenset(found)


def english_printed_by_swahili(nb) -> list[tuple[str, list, str]]:
    """(cell id, English words, text) for every output of a run Swahili notebook that
    shows English: code it prints (a move, a call), the computer's levels, the names
    the notebook's own code gives its players and its variables excepted."""
    names = names_in_code(nb) | variables_in_code(nb) | LEVELS
    out = []
    for i, cell in enumerate(nb.cells):
        for output in cell.get("outputs", []):
            for text in output_texts(output):
                words = [w for w in english_in_swahili(CODE.sub(" ", text)) if w not in names]
                if words:
                    out.append((cell.get("id", str(i)), words, text[:200]))
    return out


def text_outputs(nb) -> list[str]:
    out = []
    for c in nb.cells:
        for o in c.get("outputs", []):
            if o.get("text"):
                out.append(o["text"])
            elif "text/plain" in o.get("data", {}):
                out.append(o["data"]["text/plain"])
    return out


def test_the_guides_quote_outputs_in_a_form_the_check_reads():
    """The check below finds the figures guides 4, 5, 6 and 7 quote (so it can fail)."""
    assert "[32, 59, 51, 53, 47]" in quoted_outputs("07-strategy")
    assert "odd margins: 0" in quoted_outputs("06-how-games-end")
    assert all("KisoloBoard" not in q for q in quoted_outputs("01-start-here"))
    assert "[32, 59, 51, 53, 47]" in quoted_outputs("07-strategy", "fr")
    assert "écarts impairs : 0" in quoted_outputs("06-how-games-end", "fr")
    assert "prise (les trois conditions sont remplies) : 70" in quoted_outputs(
        "04-kiothi-leftmost-triple", "fr"
    )


def french_printed_english(nb) -> list[tuple[str, list, str]]:
    """(cell id, English words, text) for every output of a run French notebook that
    shows English: code the reader writes too (a keyword argument, a file name, the
    computer's levels, the players and the variables the notebook's code names, as in
    « et state dit toujours 42 »), people's names and a one-letter variable (m = 1..30)
    are not English."""
    names = names_in_code(nb) | {
        name
        for c in nb.cells
        if c.cell_type == "code"
        for name in re.findall(r"^(\w+) = ", c.source, re.M)
    }
    out = []
    for i, cell in enumerate(nb.cells):
        for output in cell.get("outputs", []):
            for text in output_texts(output):
                words = [
                    w
                    for w in english_words(CODE.sub(" ", text))
                    if len(w) > 1 and w not in LEVELS | PEOPLE | names | {"Elo"}
                ]
                if words:
                    out.append((cell.get("id", str(i)), words, text[:200]))
    return out


#: People the texts name, whose names are not French words (Pierre is not a stone).
NAMED = re.compile(r"Pierre Makombo Bambote")


def french_texts() -> list[tuple[str, str]]:
    """(where, text) for every text cell of the French notebooks and every French guide,
    without its code, its links, its quotations and the names of people."""
    texts = [
        (p.name, p.read_text(encoding="utf-8")) for p in (ROOT / "teacher" / "fr").glob("*.md")
    ]
    for p in LESSONS["fr"] + TEACHERS["fr"]:
        nb = nbformat.read(p, as_version=4)
        texts += [(p.name, c.source) for c in nb.cells if c.cell_type == "markdown"]
    return [(w, NAMED.sub(" ", QUOTED.sub(" ", NOT_PROSE.sub(" ", t)))) for w, t in texts]


@pytest.mark.parametrize("term", [t for t in GLOSSARY if t.get("avoid_fr")], ids=lambda t: t["id"])
def test_the_french_notebooks_and_guides_use_the_glossarys_words(term):
    texts = french_texts()
    assert len(texts) > 80  # every text cell of the nine notebooks and the ten guides
    wrong = [
        (where, w) for where, text in texts for w in term["avoid_fr"] if avoided(w).search(text)
    ]
    assert not wrong, f"use {term['fr']!r}, not: {wrong[:3]}"


def _ids(paths, prefix):
    return [f"{prefix}{p.stem}" for p in paths]


ALL = ENGLISH + TEACHER
IDS = _ids(ENGLISH, "") + _ids(TEACHER, "teacher-")
for _locale in TRANSLATIONS:
    ALL += LESSONS[_locale] + TEACHERS[_locale]
    IDS += _ids(LESSONS[_locale], f"{_locale}-") + _ids(TEACHERS[_locale], f"teacher-{_locale}-")


@pytest.mark.slow
@pytest.mark.parametrize("path", ALL, ids=IDS)
def test_notebook_runs(path, tmp_path):
    nb = nbformat.read(path, as_version=4)
    assert all(not c.get("outputs") for c in nb.cells if c.cell_type == "code"), (
        "notebooks are committed without outputs"
    )
    client = nbclient.NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    )
    client.execute()
    errors = [
        o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"
    ]
    assert not errors
    for locale in ("en", "fr"):
        if path in (ENGLISH if locale == "en" else LESSONS[locale]):
            printed = " ".join(" ".join(text_outputs(nb)).split())
            missing = [q for q in quoted_outputs(path.stem, locale) if q not in printed]
            assert missing == [], f"the {locale} guide quotes outputs this notebook does not print"
    if path in LESSONS["ko"] or path in TEACHERS["ko"]:
        skip = STILL_ENGLISH.get(path.name, frozenset())
        assert not english_printed_by(nb, skip), "a Korean notebook printed English"
    if path in LESSONS["fr"] or path in TEACHERS["fr"]:
        assert not french_printed_english(nb), "a French notebook printed English"
    if path in LESSONS["sw"] or path in TEACHERS["sw"]:
        assert not english_printed_by_swahili(nb), "a Swahili notebook printed English"
