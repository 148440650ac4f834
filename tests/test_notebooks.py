"""Every lesson notebook, English and translated (Korean in ko/, Swahili in sw/), runs
top to bottom with no error (headless, nbclient), each translation runs the same code
as the English, with every markdown cell in its own language, and what a Korean or
Swahili notebook prints is in its language."""

import re
from pathlib import Path

import nbclient
import nbformat
import pytest
from helpers import english_in_swahili
from test_korean import CODE, LEVELS, english_printed_by, names_in_code, output_texts

ROOT = Path(__file__).resolve().parents[1] / "notebooks"
ENGLISH = sorted(ROOT.glob("*.ipynb"))
#: The teacher's notebooks (marking the class's hand-ins).
TEACHER = sorted((ROOT / "teacher").glob("*.ipynb"))
#: The translations, each in its own folder beside the English notebooks.
LANGUAGES = ("ko", "sw")
TRANSLATED = {lang: sorted((ROOT / lang).glob("*.ipynb")) for lang in LANGUAGES}
TEACHER_TRANSLATED = {lang: sorted((ROOT / "teacher" / lang).glob("*.ipynb")) for lang in LANGUAGES}
#: The English notebooks' first cell links to these translations (not yet to Swahili:
#: the English notebooks are not edited on the Swahili branch).
LINKED_FROM_ENGLISH = ("ko",)

HANGUL = re.compile("[\uac00-\ud7a3]")
WORD = re.compile(r"[A-Za-z']+")
#: Words that every Swahili paragraph uses (connectives and the commonest concords), and
#: English words that no Swahili sentence needs.
SWAHILI_WORDS = {"na", "ya", "kwa", "wa", "la", "za", "ni", "cha", "katika", "kwenye", "kama"}
ENGLISH_WORDS = {"the", "and", "of", "is", "to", "in", "with", "that", "which", "this", "are"}


def without_code(text):
    """Markdown without its code spans, links' targets and quoted titles of books."""
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    return text


def in_korean(text):
    return bool(HANGUL.search(text))


def in_swahili(text):
    """Swahili, not English: common Swahili words, and more of them than English ones
    (a book's English title or an English menu name may stand in a Swahili sentence)."""
    words = [w.lower() for w in WORD.findall(without_code(text))]
    swahili = sum(w in SWAHILI_WORDS for w in words)
    english = sum(w in ENGLISH_WORDS for w in words)
    return swahili > 0 and swahili > english


IN_LANGUAGE = {"ko": in_korean, "sw": in_swahili}


def code(nb):
    """The code cells, without the one line that chooses the language."""
    return [
        c.source for c in nb.cells if c.cell_type == "code" and not c.source.startswith("LOCALE =")
    ]


def check_translation(en, translated, lang):
    """Same cells in the same order, the same code, every markdown cell translated."""
    assert code(translated) == code(en), f"the {lang} notebook's code has drifted from the English"
    assert [c.cell_type for c in translated.cells] == [c.cell_type for c in en.cells]
    for mine, theirs in zip(translated.cells, en.cells, strict=True):
        if mine.cell_type == "markdown":
            assert IN_LANGUAGE[lang](mine.source), f"untranslated cell: {mine.source[:60]!r}"
            assert mine.source != theirs.source, f"the English cell itself: {mine.source[:60]!r}"


def test_the_eight_lessons_are_there_in_every_language():
    assert [p.name[:2] for p in ENGLISH] == [f"{n:02}" for n in range(1, 9)]
    for lang in LANGUAGES:
        assert [p.name for p in TRANSLATED[lang]] == [p.name for p in ENGLISH], lang


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", [p.name for p in ENGLISH])
def test_the_translated_notebook_is_the_english_one_translated(name, lang):
    en = nbformat.read(ROOT / name, as_version=4)
    translated = nbformat.read(ROOT / lang / name, as_version=4)
    check_translation(en, translated, lang)
    assert f'LOCALE = "{lang}"' in [c.source[:13] for c in translated.cells]
    assert f"](../{name})" in translated.cells[0].source, "the translation links to the English"
    if lang in LINKED_FROM_ENGLISH:
        assert f"{lang}/{name}" in en.cells[0].source, "the English notebook links to it"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_teachers_notebooks_are_there_in_every_language_with_the_same_code(lang):
    assert [p.name for p in TEACHER] == ["mark-the-class.ipynb"]
    assert [p.name for p in TEACHER_TRANSLATED[lang]] == [p.name for p in TEACHER]
    for en_path, path in zip(TEACHER, TEACHER_TRANSLATED[lang], strict=True):
        en, translated = (nbformat.read(p, as_version=4) for p in (en_path, path))
        check_translation(en, translated, lang)
        assert f'LOCALE = "{lang}"' in [c.source[:13] for c in translated.cells]


def test_the_swahili_check_tells_swahili_from_english():
    assert in_swahili("Kusini anapanda mawe ya shimo la nje 1 na kukamata safu wima 3.")
    assert not in_swahili("South sows the stones of outer hole 1 and captures column 3.")
    assert not in_swahili("`Lesson(\"nki\", locale=LOCALE)`")
    # and what a Swahili notebook prints: English words are found, data and code are not
    assert english_in_swahili("jail totals: {60}") == ["jail", "totals"]
    assert english_in_swahili(CODE.sub(" ", "jumla ya magereza: {60}")) == []


ALL = (
    [(p.stem, p) for p in ENGLISH]
    + [(f"{lang}-{p.stem}", p) for lang in LANGUAGES for p in TRANSLATED[lang]]
    + [(f"teacher-{p.stem}", p) for p in TEACHER]
    + [(f"teacher-{lang}-{p.stem}", p) for lang in LANGUAGES for p in TEACHER_TRANSLATED[lang]]
)
KOREAN, TEACHER_KO = TRANSLATED["ko"], TEACHER_TRANSLATED["ko"]
#: Cells of Korean notebooks allowed to print English: none (the tournament's table is
#: headed from the catalogue too).
STILL_ENGLISH: dict[str, frozenset[str]] = {}


def quoted_outputs(stem: str) -> list[str]:
    """What the lesson's guide says its notebook prints: the figures in backticks on a
    line that says "print", and the whole list under "What the notebook prints". Code
    (a call or an assignment) is not output; "..." ends a quote
    that gives only its start."""
    guide = ROOT / "teacher" / f"{stem}.md"
    if not guide.exists():
        return []
    found, listing = [], False
    for line in guide.read_text(encoding="utf-8").splitlines():
        if line.startswith("What the notebook prints"):
            listing = True
        elif line.startswith("#"):
            listing = False
        if not (listing or "print" in line) or line.count("`") % 2:
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


@pytest.mark.slow
@pytest.mark.parametrize("path", [p for _, p in ALL], ids=[i for i, _ in ALL])
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
    if path in ENGLISH:
        printed = " ".join(" ".join(text_outputs(nb)).split())
        missing = [q for q in quoted_outputs(path.stem) if q not in printed]
        assert missing == [], "the guide quotes outputs this notebook does not print"
    if path in KOREAN or path in TEACHER_KO:
        skip = STILL_ENGLISH.get(path.name, frozenset())
        assert not english_printed_by(nb, skip), "a Korean notebook printed English"
    if path in TRANSLATED["sw"] or path in TEACHER_TRANSLATED["sw"]:
        assert not english_printed_by_swahili(nb), "a Swahili notebook printed English"
