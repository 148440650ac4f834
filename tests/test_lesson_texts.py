"""The lessons say what a teacher must be able to trust: each choice that
docs/rules.md marks as a Reading (or a Convention, the lap limit), where a lesson
shows it deciding something on the board, is said there, in English and Korean;
the corrections found in review stay corrected."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from mancala_widgets import available_lessons, load_lesson

ROOT = Path(__file__).resolve().parents[1]


def step_text(lesson_id: str, step: int, locale: str) -> str:
    """The step's text with its question's explanation, as the student reads them."""
    s = load_lesson(lesson_id).steps[step - 1]
    parts = [s.text.get(locale, "")]
    if s.predict and s.predict["explain"]:
        parts.append(s.predict["explain"].get(locale, ""))
    return " ".join(parts)


def notebook_text(name: str, locale: str) -> str:
    path = ROOT / "notebooks" / (name if locale == "en" else f"ko/{name}")
    nb = nbformat.read(path, as_version=4)
    return " ".join(c.source for c in nb.cells if c.cell_type == "markdown")


#: (reading, lesson, step, English phrase, Korean phrase): the step that shows the
#: reading deciding something says so; docs/rules.md marks each of them.
READINGS = [
    (
        "opposite inner hole empty: no capture",
        "pussa-kanawa",
        8,
        r"source does not say; this board reads it as no\s+capture",
        r"자료에는 나와 있지 않습니다.*획득이\s+없고",
    ),
    (
        "own inner row emptied by sowing is no loss",
        "pussa-kanawa",
        9,
        r"source does not say.*this board reads it as no loss",
        r"자료에 나와 있지 않습니다.*패배로 보지 않습니다",
    ),
    (
        "own inner row emptied by sowing is no loss",
        "kisolo-endings",
        2,
        r"source does not say; this board reads it as\s+no loss",
        r"자료에는 나와 있지 않습니다.*패배로 보지 않습니다",
    ),
    (
        "perpetual sowing: repeat within the move or the lap limit",
        "pussa-kanawa",
        10,
        r"lap end repeats within the move, or at lap 100,000, "
        r"a limit the board\s+sets by convention",
        r"바퀴 끝이 되풀이될 때, 또는 100,000바퀴째.*약속",
    ),
    (
        "draw by third repetition",
        "pussa-kanawa",
        11,
        r"third time.*reading of the source",
        r"세 번째.*자료.*읽은 것",
    ),
    (
        "draw by third repetition",
        "kisolo-endings",
        3,
        r"reading of the source.*third time",
        r"읽어 적용합니다.*세 번째",
    ),
    (
        "where the jails sit",
        "nki",
        1,
        r"source does not say where the jails sit",
        r"감옥의 자리는 자료에\s+나와 있지 않으며",
    ),
    (
        "nki marked once, after both redistributions",
        "nki",
        3,
        r"this board reads it as once, after both",
        r"두 재분배가 끝난 뒤 한 번 표시한다고 읽습니다",
    ),
    (
        "nki released by a lift, not by a drop",
        "nki",
        6,
        r"this board reads .passes. as .lifts.: "
        r"a warrior dropped into an nki boma does not release it",
        r"떨어뜨리는 것만으로는 풀리지 않습니다",
    ),
    (
        "nki released by a lift, not by a drop",
        "leftmost-triple",
        3,
        r"only lifting releases nki.*read.*as .when a relay lifts it.",
        r"집어 들 때만 nki가 풀립니다",
    ),
    (
        "the triple is applied automatically",
        "leftmost-triple",
        2,
        r"calls the\s+triple a .right.; taking more warriors never lowers your jail",
        r"권리.*감옥이 줄어드는 일은 없으므로",
    ),
    (
        "a Kiothi move that would never end is not allowed",
        "nki",
        9,
        r"source does not say.*does not allow such a move",
        r"자료에 나와 있지 않습니다.*허락하지 않으며",
    ),
    (
        "neither player can move: each row to its owner",
        "kiothi-endings",
        3,
        r"source does not say.*each row's warriors go to the jail of that row's owner",
        r"자료에 나와 있지\s+않습니다.*각 줄의 전사가 그 줄 주인의 감옥으로",
    ),
    # Three more readings the lessons depend on.
    (
        "pussa kanawa after a landing in an empty hole: the literal reading",
        "pussa-kanawa",
        3,
        r"source gives only one way for a turn to end.*reads it literally",
        r"턴이 끝나는 경우를 하나만 듭니다.*글자 그대로 읽어",
    ),
    (
        "a sowing never skips its starting hole",
        "pussa-kanawa",
        7,
        r"a sowing never skips the hole it started from",
        r"시작한 구멍을 건너뛰지 않으므로",
    ),
    (
        "the opening: at least one warrior each, emptied bomas may be refilled",
        "nki",
        2,
        r"at least one in each boma\s+chosen"
        r".*this board reads it as including the two just\s+emptied",
        r"적어도 한 명씩.*방금 비운 두 보마도 여기에 든다고 읽습니다",
    ),
]


@pytest.mark.parametrize(
    "reading, lesson, step, en, ko", READINGS, ids=[f"{r[1]}-{r[2]}" for r in READINGS]
)
def test_each_reading_is_said_where_it_decides_something(reading, lesson, step, en, ko):
    assert re.search(en, step_text(lesson, step, "en"), re.S), reading
    assert re.search(ko, step_text(lesson, step, "ko"), re.S), reading


#: (what is stated, English and Korean patterns of the statement, then of the words that
#: say it is a reading): a lesson step that states one of these choices as a fact of the
#: game says, in the same step, that it is the board's reading of the source.
STATED_READINGS = [
    (
        "pussa kanawa after a landing in an empty hole",
        r"even when the landing hole (itself )?was empty|even after a landing in an empty",
        r"떨어진 구멍이 비어 있었더라도|빈 구멍에 떨어진 뒤에도",
        r"reads it literally|literal reading",
        r"글자 그대로 읽",
    ),
    (
        "emptying your own inner row is no loss",
        r"\bno loss\b|not a loss",
        r"패배로 보지 않|패배가 아닙",
        r"source does not say.*reads it as",
        r"자료에(는)? 나와 있지 않습니다.*(읽|보지 않)",
    ),
    (
        "a draw by a third repetition",
        r"third time",
        r"세 번째",
        r"reading",
        r"읽",
    ),
    (
        "the lap limit",
        r"100,000",
        r"100,000",
        r"by convention",
        r"약속",
    ),
]


def lesson_steps():
    for lesson_id in available_lessons():
        for n in range(1, len(load_lesson(lesson_id).steps) + 1):
            yield lesson_id, n


@pytest.mark.parametrize(
    "what, en, ko, en_says, ko_says", STATED_READINGS, ids=[r[0] for r in STATED_READINGS]
)
def test_a_step_that_states_a_reading_names_it_a_reading(what, en, ko, en_says, ko_says):
    stated = 0
    for lesson_id, n in lesson_steps():
        for locale, claim, says in (("en", en, en_says), ("ko", ko, ko_says)):
            text = step_text(lesson_id, n, locale)
            if re.search(claim, text):
                stated += 1
                assert re.search(says, text, re.S), f"{lesson_id} step {n} ({locale}): {what}"
    assert stated, f"no step states {what}: the pattern is out of date"


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def _paragraphs(text: str):
    """A text's paragraphs, and each row of a table by itself."""
    for block in re.split(r"\n\s*\n", text):
        if block.lstrip().startswith("|"):
            yield from block.splitlines()
        else:
            yield block


def test_the_lap_limit_is_called_the_boards_convention_wherever_it_is_stated():
    """100,000 laps is this project's limit, not a rule of the games: the rule cards, the
    board's sentences, the notebooks and the guides say so where they give the number."""
    from mancala_widgets.text import catalogue

    for locale, word in (("en", "convention"), ("ko", "약속")):
        texts = [
            (f"catalogue {key}", s) for key, v in catalogue(locale).items() for s in _strings(v)
        ]
        folder = ROOT / "notebooks" / ("" if locale == "en" else "ko")
        for path in sorted(folder.glob("*.ipynb")):
            nb = nbformat.read(path, as_version=4)
            texts += [(path.name, c.source) for c in nb.cells if c.cell_type == "markdown"]
        guides = ROOT / "notebooks" / "teacher" / ("" if locale == "en" else "ko")
        texts += [(p.name, p.read_text()) for p in sorted(guides.glob("*.md"))]
        stated = 0
        for where, text in texts:
            for para in _paragraphs(text):
                if re.search(r"100,000(?! moves)", para) and re.search(r"lap|바퀴|한도", para):
                    stated += 1
                    assert word in para, (locale, where, para[:120])
        assert stated >= 6, locale


NOTEBOOK_READINGS = [
    (
        "02-kisolo-pussa-kanawa.ipynb",
        ["literally", "never skips", "opposite inner hole", "not a loss", "100,000", "third"],
    ),
    (
        "03-kiothi-nki.ipynb",
        [
            "once, after both",
            "when a relay lifts it",
            "just emptied",
            "never skips",
            "right-hand end",
            "does not allow such a move",
            "neither could move",
            "orthodox=False",
        ],
    ),
]


@pytest.mark.parametrize("name, phrases", NOTEBOOK_READINGS, ids=[n for n, _ in NOTEBOOK_READINGS])
def test_the_notebooks_list_the_readings(name, phrases):
    text = notebook_text(name, "en")
    for phrase in phrases:
        assert phrase in text, phrase


CORRECTIONS = [
    # (notebook, locale, must contain, must not contain)
    (
        "02-kisolo-pussa-kanawa.ipynb",
        "ko",
        "대부분의\n릴레이 게임과 달리",
        "대부분의 릴레이 게임처럼",
    ),
    ("03-kiothi-nki.ipynb", "en", "Any lift releases it, whoever's move it is", "until its owner"),
    ("03-kiothi-nki.ipynb", "ko", "누구의 수이든 어떤 들기든 보호를 풉니다", "주인이 전사를"),
    (
        "04-kiothi-leftmost-triple.ipynb",
        "en",
        "The third never fails\non its own in play",
        "Each condition is\nshown failing",
    ),
    (
        "01-start-here.ipynb",
        "en",
        "in the 1870s (our source dates it 1878",
        "across equatorial Africa in 1878",
    ),
    (
        "01-start-here.ipynb",
        "en",
        "*Mount Kenya* and *Kimeru* are our\ncorrections",
        "spent\nhis days",
    ),
    ("01-start-here.ipynb", "ko", "1870년대", "1878년\n적도"),
    (
        "05-ethnomathematics.ipynb",
        "en",
        "calculate with the stones themselves",
        "count without writing",
    ),
]


@pytest.mark.parametrize(
    "name, locale, present, absent",
    CORRECTIONS,
    ids=[f"{c[0][:2]}-{c[1]}-{i}" for i, c in enumerate(CORRECTIONS)],
)
def test_corrections_stay_corrected(name, locale, present, absent):
    text = notebook_text(name, locale)
    assert present in text
    assert absent not in text


def test_player_names_in_examples_belong_to_the_cultures_concerned():
    """Neutral or Luba (Kisolo) and Meru (Kiothi) names; none from elsewhere in Africa."""
    from_elsewhere = ["Amina", "Kofi", "Amani", "Zawadi", "지우", "민준"]
    texts = [(ROOT / "README.md").read_text()]
    for path in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        texts += [c.source for c in nb.cells]
    for name in from_elsewhere:
        assert not any(name in t for t in texts), name


def test_questions_ask_exactly_what_is_checked():
    lesson = load_lesson("pussa-kanawa")
    capture = next(s for s in lesson.steps if s.predict and s.predict["ask"] == "capture")
    assert "click North's inner hole that is taken" in capture.text["en"]
    triple = load_lesson("leftmost-triple")
    asks = [(s.predict["ask"], s.predict["of"]) for s in triple.steps if s.predict]
    assert (
        asks[1] == ("number", "captured")
        and "how many warriors will go to\nSouth's jail" not in triple.steps[1].text["en"]
    )
    assert "how many warriors will go to South's jail?" in triple.steps[1].text["en"]


def test_every_lesson_ends_with_a_check_of_understanding():
    for lesson_id in [
        "start-here",
        "pussa-kanawa",
        "nki",
        "leftmost-triple",
        "kisolo-endings",
        "kiothi-endings",
    ]:
        steps = load_lesson(lesson_id).steps
        assert steps[-1].predict is not None, lesson_id
