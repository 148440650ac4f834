"""Every lesson notebook, English and Korean, runs top to bottom with no error
(headless, nbclient), the Korean notebooks run the same code as the English, and
what a Korean notebook prints is Korean."""

import re
from pathlib import Path

import nbclient
import nbformat
import pytest
from test_korean import english_printed_by

ROOT = Path(__file__).resolve().parents[1] / "notebooks"
ENGLISH = sorted(ROOT.glob("*.ipynb"))
KOREAN = sorted((ROOT / "ko").glob("*.ipynb"))
#: The teacher's notebooks (marking the class's hand-ins), in both languages.
TEACHER = sorted((ROOT / "teacher").glob("*.ipynb"))
TEACHER_KO = sorted((ROOT / "teacher" / "ko").glob("*.ipynb"))
HANGUL = re.compile("[\uac00-\ud7a3]")


def code(nb):
    """The code cells, without the one line that chooses the language."""
    return [
        c.source for c in nb.cells if c.cell_type == "code" and not c.source.startswith("LOCALE =")
    ]


def test_the_eight_lessons_are_there_in_both_languages():
    assert [p.name[:2] for p in ENGLISH] == [f"{n:02}" for n in range(1, 9)]
    assert [p.name for p in KOREAN] == [p.name for p in ENGLISH]


@pytest.mark.parametrize("name", [p.name for p in ENGLISH])
def test_the_korean_notebook_is_the_english_one_translated(name):
    en = nbformat.read(ROOT / name, as_version=4)
    ko = nbformat.read(ROOT / "ko" / name, as_version=4)
    assert code(ko) == code(en), "the Korean notebook's code has drifted from the English"
    assert [c.cell_type for c in ko.cells] == [c.cell_type for c in en.cells]
    for cell in ko.cells:
        if cell.cell_type == "markdown":
            assert HANGUL.search(cell.source), f"untranslated cell: {cell.source[:60]!r}"
    assert 'LOCALE = "ko"' in [c.source[:13] for c in ko.cells]
    assert f"ko/{name}" in en.cells[0].source, "the English notebook links to the Korean one"


def test_the_teachers_notebooks_are_there_in_both_languages_with_the_same_code():
    assert [p.name for p in TEACHER] == ["mark-the-class.ipynb"]
    assert [p.name for p in TEACHER_KO] == [p.name for p in TEACHER]
    for en_path, ko_path in zip(TEACHER, TEACHER_KO, strict=True):
        en, ko = (nbformat.read(p, as_version=4) for p in (en_path, ko_path))
        assert code(ko) == code(en)
        assert [c.cell_type for c in ko.cells] == [c.cell_type for c in en.cells]
        for cell in ko.cells:
            if cell.cell_type == "markdown":
                assert HANGUL.search(cell.source), f"untranslated cell: {cell.source[:60]!r}"


ALL = ENGLISH + KOREAN + TEACHER + TEACHER_KO
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


@pytest.mark.slow
@pytest.mark.parametrize(
    "path",
    ALL,
    ids=[p.stem for p in ENGLISH]
    + [f"ko-{p.stem}" for p in KOREAN]
    + [f"teacher-{p.stem}" for p in TEACHER]
    + [f"teacher-ko-{p.stem}" for p in TEACHER_KO],
)
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
