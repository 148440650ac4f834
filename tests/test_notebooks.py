"""Every lesson notebook, English and translated (Korean, French), runs top to bottom
with no error (headless, nbclient), each translation runs the same code as the
English with its text in its own language, and what a Korean notebook prints is Korean."""

import re
from pathlib import Path

import nbclient
import nbformat
import pytest
from test_korean import english_printed_by

ROOT = Path(__file__).resolve().parents[1] / "notebooks"
ENGLISH = sorted(ROOT.glob("*.ipynb"))
#: The teacher's notebooks (marking the class's hand-ins).
TEACHER = sorted((ROOT / "teacher").glob("*.ipynb"))
#: The translations: each has the lessons in notebooks/<locale>/ and the teacher's
#: notebooks in notebooks/teacher/<locale>/.
TRANSLATIONS = ("ko", "fr")
LESSONS = {locale: sorted((ROOT / locale).glob("*.ipynb")) for locale in TRANSLATIONS}
TEACHERS = {locale: sorted((ROOT / "teacher" / locale).glob("*.ipynb")) for locale in TRANSLATIONS}
#: Translations the English notebooks do not link to yet (their first cell gets the link
#: when the translation is published).
NOT_LINKED_YET = {"fr"}

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


IN_LANGUAGE = {"ko": korean, "fr": french}


def code(nb):
    """The code cells, without the one line that chooses the language."""
    return [
        c.source for c in nb.cells if c.cell_type == "code" and not c.source.startswith("LOCALE =")
    ]


def assert_translated(en, translated, locale):
    """Same cells in the same order, the same code, every text cell in ``locale``
    (and not the English text left in place)."""
    assert [c.cell_type for c in translated.cells] == [c.cell_type for c in en.cells]
    assert code(translated) == code(en), f"the {locale} notebook's code has drifted from the English"
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


@pytest.mark.parametrize(
    "locale",
    [
        pytest.param(
            locale,
            marks=pytest.mark.xfail(
                locale in NOT_LINKED_YET, reason="the English notebooks get this link on publishing"
            ),
        )
        for locale in TRANSLATIONS
    ],
)
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


@pytest.mark.parametrize("locale", ["fr"])
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
    if path in ENGLISH:
        printed = " ".join(" ".join(text_outputs(nb)).split())
        missing = [q for q in quoted_outputs(path.stem) if q not in printed]
        assert missing == [], "the guide quotes outputs this notebook does not print"
    if path in LESSONS["ko"] or path in TEACHERS["ko"]:
        skip = STILL_ENGLISH.get(path.name, frozenset())
        assert not english_printed_by(nb, skip), "a Korean notebook printed English"
