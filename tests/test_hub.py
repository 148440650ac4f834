"""The class hub (classroom/serve.py): students join with the class code, answer, report
where they are and hand in; the teacher's page reads it all with the key. Everything
it refuses gets a clear JSON refusal, and what it acknowledged survives a restart."""

from __future__ import annotations

import hashlib
import json
import os
import stat
import subprocess
import sys
import threading

import pytest
from hub_helpers import (
    Running,
    answer,
    hand_in_file,
    live,
    make_site,
    request,
    tally,
)

from mancala_widgets.classroom import serve


@pytest.fixture
def site(tmp_path):
    return make_site(tmp_path / "site")


@pytest.fixture
def hand_ins(tmp_path):
    return tmp_path / "hand-ins"


@pytest.fixture
def hub(site, hand_ins):
    running = Running(site, hand_ins)
    yield running
    running.stop()


def code_of(hub):
    return hub.hub.code


def test_a_page_can_tell_a_hub_is_there_without_the_code(hub):
    status, data, headers = request(hub.port, "/class/status")
    assert status == 200
    assert data == {"ok": True, "hub": "mancala-widgets", "version": 1}
    assert headers["Access-Control-Allow-Origin"] == "*"


def test_a_student_joins_with_the_code_in_any_case(hub):
    code = code_of(hub)
    status, data, _ = request(
        hub.port, "/class/join", {"code": code.lower(), "student": "  Mbuyi  "}
    )
    assert (status, data) == (200, {"ok": True, "student": "Mbuyi"})
    other = "AAAA" if code != "AAAA" else "BBBB"
    for body, error in [
        ({"code": other, "student": "Mbuyi"}, "wrong_code"),
        ({"student": "Mbuyi"}, "no_code"),
        ({"code": "", "student": "Mbuyi"}, "no_code"),
    ]:
        status, data, _ = request(hub.port, "/class/join", body)
        assert status == 403 and data["ok"] is False and data["error"] == error
        assert data["message"].endswith(".")


@pytest.mark.parametrize(
    "student", ["", "   ", "a" * 121, "two\nlines", "tab\there", "nul\x00", 42, None]
)
def test_a_name_must_be_one_line_of_text(hub, student):
    status, data, _ = request(hub.port, "/class/join", {"code": code_of(hub), "student": student})
    assert status == 400 and data["error"] == "bad_student", data


def test_the_first_answer_of_each_device_is_the_prediction_later_ones_are_tries(hub, hand_ins):
    code, key = code_of(hub), hub.hub.key
    assert answer(hub.port, code, "device-aaa1", [[2, 3]]) == (200, {"ok": True})
    assert answer(hub.port, code, "device-aaa1", [[1, 4]])[0] == 200  # a second try
    assert answer(hub.port, code, "device-bbb2", [[2, 3]])[0] == 200
    assert answer(hub.port, code, "device-ccc3", [[1, 4]])[0] == 200
    assert answer(hub.port, code, "device-ccc3", 7, step=5)[0] == 200
    data = live(hub.port, key)
    assert tally(data, "pussa-kanawa", 2) == {"[[2, 3]]": 2, "[[1, 4]]": 1}
    assert tally(data, "pussa-kanawa", 5) == {"7": 1}
    question = next(q for q in data["questions"] if q["step"] == 2)
    assert question["answered"] == 3 and question["tries"] == 1
    assert data["joined"] == 3
    # ccc3 moved on to step 5: the class's place is where most devices are.
    assert data["current"] == {"lesson": "pussa-kanawa", "step": 2, "count": 2}
    log = (hand_ins / ".hub" / "answers.jsonl").read_text().splitlines()
    assert len(log) == 5, "every answer is logged, tries too"


def test_progress_says_where_each_student_is(hub):
    code, key = code_of(hub), hub.hub.key
    for i in range(3):
        body = {"code": code, "device": f"device-{i:04}", "student": f"S{i}"}
        body |= {"lesson": "start-here", "step": 4 if i else 6}
        status, data, _ = request(hub.port, "/class/progress", body)
        assert (status, data) == (200, {"ok": True})
    data = live(hub.port, key)
    assert data["joined"] == 3
    assert data["current"] == {"lesson": "start-here", "step": 4, "count": 2}
    assert {"lesson": "start-here", "step": 6, "count": 1} in data["progress"]


def test_names_are_shown_only_when_the_teacher_asks_and_markup_stays_text(hub):
    code, key = code_of(hub), hub.hub.key
    name = "<img src=x onerror=alert(1)> & Mbuyi"
    assert answer(hub.port, code, "device-xss1", 4, step=5, student=name)[0] == 200
    hidden = live(hub.port, key)
    assert name not in json.dumps(hidden) and "students" not in hidden
    assert "names" not in hidden["questions"][0]["answers"][0]
    status, data, headers = request(hub.port, "/class/live?names=1", headers={"X-Teacher-Key": key})
    assert data["questions"][0]["answers"][0]["names"] == [name], "kept exactly, as text"
    assert data["students"][0]["student"] == name
    assert headers["Content-Type"].startswith("application/json")
    assert headers["X-Content-Type-Options"] == "nosniff"


@pytest.mark.parametrize(
    "given",
    [
        10_001,
        -1,
        True,
        1.5,
        "x" * 41,
        "two\nlines",
        [[1, 2, 3]],
        [[21, 0]],
        [[-1, 0]],
        [[True, 0]],
        [[0, 0]] * 41,
        [1, 2],
        {"row": 1},
        None,
    ],
)
def test_an_answer_of_a_shape_no_question_asks_is_refused(hub, given):
    status, data = answer(hub.port, code_of(hub), "device-bad1", given)
    assert status == 400 and data["error"] == "bad_given", data
    assert live(hub.port, hub.hub.key)["questions"] == []


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"device": "short"}, "bad_device"),
        ({"device": "has space in it"}, "bad_device"),
        ({"device": "x" * 65}, "bad_device"),
        ({"lesson": "Pussa_Kanawa"}, "bad_lesson"),
        ({"lesson": "../../etc"}, "bad_lesson"),
        ({"lesson": "no-such-lesson"}, "unknown_lesson"),
        ({"step": 3}, "unknown_question"),
        ({"step": 0}, "bad_step"),
        ({"step": "2"}, "bad_step"),
        ({"locale": "de"}, "bad_locale"),
    ],
)
def test_an_answer_to_no_question_of_the_site_is_refused(hub, change, error):
    body = {"device": "device-ok01", "given": 3, **change}
    status, data = answer(hub.port, code_of(hub), given=body.pop("given"), **body)
    assert status == 400 and data["error"] == error, data


def test_teacher_endpoints_need_the_key(hub):
    for path in ("/class/info", "/class/live", "/class/live?names=1"):
        for headers in ({}, {"X-Teacher-Key": "0" * 32}, {"X-Teacher-Key": hub.hub.code}):
            status, data, _ = request(hub.port, path, headers=headers)
            assert status == 403 and data["error"] == "wrong_key", (path, headers)
            assert "questions" not in data and hub.hub.code not in json.dumps(data)
    status, data, _ = request(hub.port, "/class/info", headers={"X-Teacher-Key": hub.hub.key})
    address = f"http://127.0.0.1:{hub.port}/"
    assert data == {
        "ok": True,
        "code": hub.hub.code,
        "address": address,
        "join": f"{address}?class={hub.hub.code}",
    }


@pytest.mark.parametrize(
    ("path", "method", "status"),
    [
        ("/class/../hand-ins/.hub/class.json", "GET", 404),
        ("/class/%2e%2e/index.html", "GET", 404),
        ("/class/answer/../info", "GET", 404),
        ("/class/info%00", "GET", 404),
        ("/class/", "GET", 404),
        ("/class/answer", "GET", 405),
        ("/class/info", "POST", 405),
        ("/class/answer", "PUT", 405),
        ("/class/answer", "DELETE", 405),
    ],
)
def test_only_the_hubs_own_paths_and_methods_are_answered(hub, path, method, status):
    got, data, _ = request(hub.port, path, method=method, body="{}" if method != "GET" else None)
    assert got == status and data["ok"] is False
    assert hub.hub.key not in json.dumps(data)


def test_the_hand_ins_folder_is_never_served_even_inside_the_site(site):
    running = Running(site, site / "hand-ins")
    try:
        status, _ = answer(running.port, running.hub.code, "device-in01", 3, step=5)
        assert status == 200
        for path in (
            "/hand-ins/.hub/class.json",
            "/hand-ins/.hub/answers.jsonl",
            "/hand-ins/%2ehub/class.json",
        ):
            got, data, _ = request(running.port, path)
            assert got == 404 and running.hub.key.encode() not in data.get("raw", b""), path
    finally:
        running.stop()
    again = Running(site, site / "hand-ins")  # files there at start are not served either
    try:
        got, data, _ = request(again.port, "/hand-ins/.hub/class.json")
        assert got == 404
        assert request(again.port, "/hub/questions.json")[0] == 200
    finally:
        again.stop()


def test_bodies_too_big_deep_or_unlabelled_are_refused_before_use(hub):
    code = code_of(hub)
    big = json.dumps({"code": code, "student": "x" * 20_000})
    status, data, _ = request(hub.port, "/class/join", big)
    assert status == 413 and data["error"] == "too_big"
    # Refused on its Content-Length alone: the hub answers before any of it is sent.
    status, data, _ = request(hub.port, "/class/hand-in", "", declared=4_000_001)
    assert status == 413 and data["error"] == "too_big"
    status, data, _ = request(hub.port, "/class/answer", "", declared=10**12)
    assert status == 413
    deep = json.dumps({"code": code, "student": "M"})[:-1] + ', "x": ' + "[" * 50 + "]" * 50 + "}"
    status, data, _ = request(hub.port, "/class/join", deep)
    assert status == 400 and data["error"] == "too_deep"
    deeper = json.dumps({"code": code, "hand_in": hand_in_file()})[:-1]
    deeper += ', "x": ' + "[" * 500 + "]" * 500 + "}"
    status, data, _ = request(hub.port, "/class/hand-in", deeper)
    assert status == 400 and data["error"] == "too_deep"
    status, data, _ = request(hub.port, "/class/join", "{not json")
    assert status == 400 and data["error"] == "not_json"
    status, data, _ = request(hub.port, "/class/join", "[1, 2]")
    assert status == 400 and data["error"] == "not_json"
    status, data, _ = request(hub.port, "/class/join", b"\xff\xfe".decode("latin-1"))
    assert status == 400
    status, data, _ = request(hub.port, "/class/join", {"code": code, "student": "M"}, length=False)
    assert status == 400 and data["error"] == "no_length"
    status, data, _ = request(
        hub.port,
        "/class/join",
        {"code": code, "student": "M"},
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert status == 400 and data["error"] == "content_type"
    status, data, _ = request(
        hub.port,
        "/class/join",
        {"code": code, "student": "M"},
        headers={"Content-Type": "application/json; charset=utf-8"},
    )
    assert status == 200


def test_a_preflight_is_answered_for_the_hubs_paths(hub):
    status, _, headers = request(hub.port, "/class/answer", method="OPTIONS")
    assert status == 204
    assert headers["Access-Control-Allow-Origin"] == "*"
    assert "POST" in headers["Access-Control-Allow-Methods"]
    assert "X-Teacher-Key" in headers["Access-Control-Allow-Headers"]


def test_a_hand_in_is_written_whole_and_never_overwritten(hub, hand_ins):
    code = code_of(hub)
    names = []
    for i in range(3):
        handed = hand_in_file()
        handed["lessons"] = [{"id": "pussa-kanawa", "step": i}]
        status, data, _ = request(hub.port, "/class/hand-in", {"code": code, "hand_in": handed})
        assert status == 200 and data["ok"], data
        written = (hand_ins / data["file"]).read_bytes()
        assert data["receipt"] == hashlib.sha256(written).hexdigest()[:8]
        assert json.loads(written)["lessons"][0]["step"] == i
        assert data["received"].endswith("Z")
        names.append(data["file"])
    assert names == [
        "Mbuyi-02-kisolo-pussa-kanawa.handin.json",
        "Mbuyi-02-kisolo-pussa-kanawa-2.handin.json",
        "Mbuyi-02-kisolo-pussa-kanawa-3.handin.json",
    ]
    assert sorted(p.name for p in hand_ins.iterdir()) == sorted([*names, ".hub"]), "no temp"


def test_hand_ins_sent_at_once_each_get_their_own_file(hub, hand_ins):
    code, files = code_of(hub), []

    def send(i):
        handed = hand_in_file("Amina")
        handed["lessons"] = [{"id": "nki", "step": i}]
        status, data, _ = request(hub.port, "/class/hand-in", {"code": code, "hand_in": handed})
        assert status == 200
        files.append(data["file"])

    threads = [threading.Thread(target=send, args=(i,)) for i in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert len(set(files)) == 12
    steps = sorted(json.loads((hand_ins / f).read_text())["lessons"][0]["step"] for f in files)
    assert steps == list(range(12)), "every hand-in kept, none overwritten"


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"format": "something-else"}, "bad_hand_in"),
        ({"version": 2}, "bad_hand_in"),
        ({"version": True}, "bad_hand_in"),
        ({"student": ""}, "bad_student"),
        ({"student": "a\nb"}, "bad_student"),
        ({"notebook": "../../evil"}, "bad_notebook"),
        ({"notebook": ".hub"}, "bad_notebook"),
        ({"notebook": "a\\b"}, "bad_notebook"),
        ({"lessons": {}}, "bad_hand_in"),
        ({"games": None}, "bad_hand_in"),
        ({"players": "x"}, "bad_hand_in"),
    ],
)
def test_a_file_that_is_not_a_hand_in_is_refused(hub, hand_ins, change, error):
    handed = hand_in_file() | change
    status, data, _ = request(hub.port, "/class/hand-in", {"code": code_of(hub), "hand_in": handed})
    assert status == 400 and data["error"] == error, data
    assert [p.name for p in hand_ins.iterdir()] == [".hub"]


def test_a_hand_in_needs_the_code(hub, hand_ins):
    status, data, _ = request(
        hub.port, "/class/hand-in", {"code": "ZZZZ", "hand_in": hand_in_file()}
    )
    assert status == 403 or hub.hub.code == "ZZZZ"
    assert [p.name for p in hand_ins.iterdir()] == [".hub"]


def test_a_hand_in_the_hub_received_is_marked_from_the_folder(hub, hand_ins):
    from mancala_widgets import Lesson
    from mancala_widgets.classroom import hand_in, mark

    lesson = Lesson("start-here")
    lesson.next()
    lesson.answer(2)
    handed = hand_in(lesson, student="Mbuyi", notebook="01-start-here")
    assert answer(hub.port, code_of(hub), "device-mark", 2, lesson="start-here")[0] == 200
    status, data, _ = request(hub.port, "/class/hand-in", {"code": code_of(hub), "hand_in": handed})
    assert status == 200
    marks = mark(str(hand_ins) + "/")
    assert [(w.student, w.notebook) for w in marks.works] == [("Mbuyi", "01-start-here")]
    assert marks.problems == [], "the hub's own files (.hub/) are not taken for hand-ins"


def test_a_restart_keeps_the_code_the_key_and_every_answer(site, hand_ins):
    first = Running(site, hand_ins)
    code, key = first.hub.code, first.hub.key
    try:
        for i in range(5):
            assert answer(first.port, code, f"device-{i:04}", [[2, i]])[0] == 200
    finally:
        first.stop()
    kept = hand_ins / ".hub" / "class.json"
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    # A crash in the middle of a write leaves a torn last line: never acknowledged.
    with open(hand_ins / ".hub" / "answers.jsonl", "ab") as f:
        f.write(b'{"kind":"answer","device":"device-torn","stu')
    second = Running(site, hand_ins)
    try:
        assert (second.hub.code, second.hub.key) == (code, key)
        data = live(second.port, key)
        assert tally(data, "pussa-kanawa", 2) == {f"[[2, {i}]]": 1 for i in range(5)}
        assert answer(second.port, code, "device-0009", 6, step=5)[0] == 200
    finally:
        second.stop()
    third = Running(site, hand_ins)
    try:
        data = live(third.port, key)
        assert tally(data, "pussa-kanawa", 5) == {"6": 1}, "the line after the torn one reads"
        assert data["joined"] == 6
    finally:
        third.stop()


def test_without_questions_json_any_lesson_and_step_is_taken(tmp_path):
    site = make_site(tmp_path / "site", questions=None)
    running = Running(site, tmp_path / "hand-ins")
    try:
        assert (
            answer(running.port, running.hub.code, "device-any1", 2, lesson="x-y", step=9)[0] == 200
        )
    finally:
        running.stop()


def test_read_only_serves_the_site_and_no_hub(site, tmp_path):
    httpd = serve.make_server(site, 0, "127.0.0.1", quiet=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        port = httpd.server_address[1]
        assert request(port, "/class/status")[0] == 404
        assert request(port, "/class/join", {"code": "K7QP", "student": "M"})[0] == 405
        assert request(port, "/index.html")[0] == 200
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert not (tmp_path / "hand-ins").exists()


def test_the_command_prints_the_code_and_the_teachers_page(site, tmp_path):
    hand_ins = tmp_path / "collected"
    cmd = [sys.executable, "-m", "mancala_widgets", "serve", str(site), "--port", "0"]
    cmd += ["--bind", "127.0.0.1", "--hand-ins", str(hand_ins), "--quiet"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = []
    try:
        for line in proc.stdout:
            lines.append(line)
            if line.startswith("On this computer"):
                break
        said = "".join(lines)
        code = said.split("Class code: ")[1].split()[0]
        page = said.split("Teacher's page (this computer only): ")[1].split()[0]
        assert page.startswith("http://127.0.0.1:") and "/hub/#key=" in page
        port, key = int(page.split(":")[2].split("/")[0]), page.split("#key=")[1]
        assert len(code) == 4 and len(key) == 32
        assert str(hand_ins) in said
        status, data, _ = request(port, "/class/info", headers={"X-Teacher-Key": key})
        assert status == 200 and data["code"] == code
        assert stat.S_IMODE(os.stat(hand_ins / ".hub" / "class.json").st_mode) == 0o600
    finally:
        proc.terminate()
        proc.wait(10)
    read_only = subprocess.run(
        [sys.executable, "-m", "mancala_widgets", "serve", "--help"], capture_output=True, text=True
    )
    assert "--read-only" in read_only.stdout and "--hand-ins" in read_only.stdout


def test_a_questions_file_that_is_not_the_sites_is_named_at_start(tmp_path):
    site = make_site(tmp_path / "site", questions=None)
    (site / "hub" / "questions.json").write_text('{"lessons": [{"no id": 1}]}')
    with pytest.raises(SystemExit, match="questions.json: not the site's questions"):
        serve.make_server(site, 0, "127.0.0.1", quiet=True, hand_ins=tmp_path / "hand-ins")


def test_the_teacher_fetches_every_hand_in_with_the_key_and_only_with_it(hub, hand_ins):
    """The classroom site's marking notebook runs in the teacher's browser and cannot
    read the laptop's folder: it asks the hub, with the teacher's key."""
    first = hand_in_file("Mbuyi")
    second = hand_in_file("<b>Kabongo</b>")
    for handed in (first, second, first):
        body = {"code": code_of(hub), "hand_in": handed}
        assert request(hub.port, "/class/hand-in", body)[0] == 200
    (hand_ins / "notes.txt").write_text("the teacher's own file")
    for headers in ({}, {"X-Teacher-Key": "0" * 32}, {"X-Teacher-Key": hub.hub.code}):
        status, data, _ = request(hub.port, "/class/hand-ins", headers=headers)
        assert status == 403 and "files" not in data
    status, data, _ = request(hub.port, "/class/hand-ins", headers={"X-Teacher-Key": hub.hub.key})
    assert status == 200 and data["more"] == 0
    names = sorted(f["file"] for f in data["files"])
    assert names == sorted(p.name for p in hand_ins.glob("*.handin.json"))
    assert len(names) == 3, "a second hand-in is a file of its own, and a note is no hand-in"
    texts = {f["file"]: json.loads(f["text"]) for f in data["files"]}
    assert sorted(t["student"] for t in texts.values()) == ["<b>Kabongo</b>", "Mbuyi", "Mbuyi"]
