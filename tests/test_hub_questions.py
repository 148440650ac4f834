"""hub/questions.json: every lesson's questions as the teacher's live page draws them."""

import json

from mancala_widgets.classroom.misconceptions import misconception
from mancala_widgets.classroom.questions import hub_questions, hub_questions_json
from mancala_widgets.lessons import available_lessons, load_lesson
from mancala_widgets.text import LOCALES


def test_every_question_of_every_lesson_is_there_numbered_as_hand_ins_number_them():
    data = hub_questions()
    assert data["format"] == "mancala-widgets/hub-questions" and data["version"] == 1
    assert [x["id"] for x in data["lessons"]] == available_lessons()
    for lesson in data["lessons"]:
        script = load_lesson(lesson["id"])
        assert lesson["steps"] == len(script.steps)
        asked = [i for i, s in enumerate(script.steps, 1) if s.predict is not None]
        assert [q["step"] for q in lesson["questions"]] == asked
        assert set(lesson["title"]) == set(LOCALES)
        for q in lesson["questions"]:
            step = script.steps[q["step"] - 1]
            assert q["ask"] == step.predict["ask"] and q["answer"] == step.predict["answer"]
            assert q["board"] == step.start["board"], "the position before the move"
            assert all(q["question"][loc].strip() for loc in LOCALES)


def test_each_wrong_answer_carries_the_misconception_marking_names():
    data = hub_questions()
    seen = 0
    for lesson in data["lessons"]:
        script = load_lesson(lesson["id"])
        for q in lesson["questions"]:
            step = script.steps[q["step"] - 1]
            for wrong in q["wrong"]:
                for loc in LOCALES:
                    assert wrong["text"][loc] == misconception(
                        step, script.game, wrong["given"], loc
                    )
                seen += 1
    assert seen > 30


def test_choice_questions_name_their_options_in_every_language():
    data = hub_questions(["pussa-kanawa"])
    choice = next(q for q in data["lessons"][0]["questions"] if q["ask"] == "choice")
    assert choice["answer"] in choice["options"]
    for loc in LOCALES:
        labels = choice["option_labels"][loc]
        assert set(labels) == set(choice["options"]) and all(labels.values())
    assert choice["option_labels"]["fr"] != choice["option_labels"]["en"]


def test_the_file_is_compact_json_the_hub_reads():
    text = hub_questions_json()
    assert json.loads(text) == hub_questions()
    from mancala_widgets.classroom import serve

    class FakeSite:
        files = {"hub/questions.json": type("F", (), {"data": text.encode()})()}

    steps = serve.site_questions(FakeSite())  # type: ignore[arg-type]
    assert steps is not None and 2 in steps["pussa-kanawa"] and 1 not in steps["pussa-kanawa"]


def test_the_holes_are_named_as_the_lessons_name_them():
    lesson = hub_questions(["pussa-kanawa"])["lessons"][0]
    assert lesson["hole_names"]["en"][3][2] == "South's outer hole 3"
    assert len(lesson["hole_names"]["ko"]) == 4 and len(lesson["hole_names"]["ko"][0]) == 7


def test_the_site_build_puts_the_teachers_page_beside_the_questions(tmp_path):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
    import build_site

    build_site.write_hub(tmp_path / "hub")
    assert sorted(p.name for p in (tmp_path / "hub").iterdir()) == [
        "hub.css",
        "hub.js",
        "index.html",
        "questions.json",
    ]
    page = (tmp_path / "hub" / "index.html").read_text()
    assert 'from "./hub.js"' in page and 'href="hub.css"' in page
    assert json.loads((tmp_path / "hub" / "questions.json").read_text()) == hub_questions()
