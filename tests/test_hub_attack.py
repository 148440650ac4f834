"""An attacker's pass over the class hub: a flood from one address is slowed while the
class is still served, a client that dribbles its request is cut off without holding
anyone up, and no request writes anything outside the hand-ins folder."""

from __future__ import annotations

import http.client
import json
import os
import socket
import time

import pytest
from hub_helpers import Running, answer, hand_in_file, make_site, request


def listing(root):
    """Every path under ``root`` with its size and a digest of its time of change."""
    out = {}
    for folder, _, names in os.walk(root):
        for name in [".", *names]:
            path = os.path.join(folder, name)
            st = os.lstat(path)
            out[os.path.relpath(path, root)] = (st.st_size, st.st_mtime_ns)
    return out


@pytest.fixture
def hub(tmp_path):
    running = Running(make_site(tmp_path / "site"), tmp_path / "hand-ins", slowness=0.1)
    yield running
    running.stop()


def test_a_flood_from_one_address_is_refused_while_another_is_served(hub):
    conn = http.client.HTTPConnection(
        "127.0.0.1", hub.port, timeout=20, source_address=("127.0.0.2", 0)
    )
    statuses: dict[int, int] = {}
    retry_after = None
    for _ in range(3000):
        conn.request("GET", "/class/status")
        response = conn.getresponse()
        response.read()
        statuses[response.status] = statuses.get(response.status, 0) + 1
        if response.status == 429:
            retry_after = response.getheader("Retry-After")
    conn.close()
    assert statuses.get(429, 0) > 1000, statuses
    assert retry_after is not None and int(retry_after) >= 1
    # The class, from its own address, is served all the while.
    status, data, _ = request(hub.port, "/class/status")
    assert status == 200 and data["ok"]
    assert answer(hub.port, hub.hub.code, "device-good", 3, step=5)[0] == 200


def test_one_device_cannot_flood_even_from_a_busy_address(hub):
    code = hub.hub.code
    statuses = [answer(hub.port, code, "device-spam", 3, step=5)[0] for _ in range(60)]
    assert statuses.count(429) >= 20 and statuses[0] == 200
    assert answer(hub.port, code, "device-calm", 3, step=5)[0] == 200, "another device is served"


def test_a_client_sending_a_byte_a_second_is_cut_off_and_others_are_served(hub):
    slow = socket.create_connection(("127.0.0.1", hub.port), timeout=30)
    request_line = b"POST /class/answer HTTP/1.1\r\nHost: x\r\n"
    cut_off = False
    served = 0
    started = time.monotonic()
    for byte in request_line:  # the hub allows 2 s here (a tenth of HEAD_SECONDS)
        try:
            slow.sendall(bytes([byte]))
        except OSError:
            cut_off = True
            break
        status, _, _ = request(hub.port, "/class/status")
        served += status == 200
        slow.settimeout(1.0)  # one byte a second: wait for the hub's word in between
        try:
            if slow.recv(1024) == b"":
                cut_off = True
                break
        except TimeoutError:
            continue
        except OSError:
            cut_off = True
            break
    assert cut_off, "the slow client is still connected after its whole request line"
    assert time.monotonic() - started < 10
    assert served >= 1, "others were served while it dribbled"


def test_nothing_is_written_outside_the_hand_ins_folder(tmp_path):
    site = make_site(tmp_path / "site")
    (tmp_path / "outside").mkdir()
    hand_ins = tmp_path / "hand-ins"
    running = Running(site, hand_ins)
    before = {k: v for k, v in listing(tmp_path).items() if not k.startswith("hand-ins")}
    code = running.hub.code
    try:
        for student, notebook in [
            ("../../outside/x", "01"),
            ("/etc/passwd", "01"),
            ("..", "01"),
            ("Mbuyi", "..x"),
            ("Mbuyi", "a..b"),
            ("C:\\Windows", "01"),
            ("\u202e<script>", "01"),
        ]:
            status, data, _ = request(
                running.port,
                "/class/hand-in",
                {"code": code, "hand_in": hand_in_file(student, notebook)},
            )
            assert status in (200, 400), data
            if status == 200:
                assert (hand_ins / data["file"]).is_file() and "/" not in data["file"]
        for path in (
            "/../outside/x",
            "/class/../../outside/x",
            "/%2e%2e/outside/x",
            "/class/hand-in/../../x",
        ):
            for method in ("POST", "PUT"):
                request(running.port, path, body=json.dumps({"code": code}), method=method)
        answer(running.port, code, "device-path", 3, step=5, lesson="../../outside")
    finally:
        running.stop()
    after = {k: v for k, v in listing(tmp_path).items() if not k.startswith("hand-ins")}
    assert after == before
    assert all(p.suffix == ".json" or p.name == ".hub" for p in hand_ins.iterdir())


def test_an_address_that_opens_too_many_connections_is_turned_away(hub, monkeypatch):
    from mancala_widgets.classroom import serve

    monkeypatch.setattr(serve, "CONNECTIONS_PER_ADDRESS", 5)
    held = [
        socket.create_connection(
            ("127.0.0.1", hub.port), timeout=10, source_address=("127.0.0.4", 0)
        )
        for _ in range(5)
    ]
    try:
        extra = socket.create_connection(
            ("127.0.0.1", hub.port), timeout=10, source_address=("127.0.0.4", 0)
        )
        extra.sendall(b"GET /class/status HTTP/1.1\r\nHost: x\r\n\r\n")
        try:
            assert extra.recv(100) == b"", "the sixth connection is closed unanswered"
        except ConnectionResetError:
            pass
        extra.close()
        assert request(hub.port, "/class/status")[0] == 200, "other addresses are served"
    finally:
        for s in held:
            s.close()
    # Their connections closed, the address is served again, once the hub's threads have
    # seen them close (they count the address's connections; a bounded look, 10 s at most).
    deadline = time.monotonic() + 10
    while hub.httpd.connections.get("127.0.0.4", 0) >= 5 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert request(hub.port, "/class/status", source="127.0.0.4")[0] == 200


def raw_request(port: int, head: bytes, body: bytes = b"") -> bytes:
    """The hub's answer to bytes sent as written, up to when it closes the connection
    (b"" when it closed it unanswered)."""
    answer = b""
    with socket.create_connection(("127.0.0.1", port), timeout=20) as s:
        s.sendall(head + body)
        for _ in range(100):
            part = s.recv(65536)
            if not part:
                break
            answer += part
    return answer


def test_a_body_of_unclosed_strings_is_refused_at_once_and_without_the_code(hub):
    # 1.6 MB of \" is one unclosed string: counting its nesting once tried again from
    # every quote (1.5 s for 16 kB, growing with the square: hours here), holding the
    # hub's only interpreter. The client gives up after 20 s: only a prompt answer passes.
    status, data, _ = request(hub.port, "/class/hand-in", '{"x": "' + '\\"' * 800_000)
    assert status == 400 and data["error"] == "not_json"
    # Strings that hold brackets and escaped quotes still count as text.
    body = {"code": hub.hub.code, "student": 'M"[[[[[\\"{{{{{'}
    assert request(hub.port, "/class/join", body)[0] == 200


@pytest.mark.parametrize(
    "lengths",
    [[b"\xb2"], [b"9" * 5000], [b"-1"], [b"1e3"], [b"12", b"99999999"], [b"12", b"12"]],
)
def test_a_content_length_that_is_not_one_number_of_plain_digits_is_refused(hub, lengths):
    body = json.dumps({"code": hub.hub.code, "student": "M"}).encode()
    head = b"POST /class/join HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n"
    head += b"".join(b"Content-Length: " + n + b"\r\n" for n in lengths) + b"\r\n"
    answer = raw_request(hub.port, head, body)
    assert answer.startswith(b"HTTP/1.1 400 "), answer[:80]
    assert b'"no_length"' in answer


@pytest.mark.parametrize(
    "text",
    ['"\\ud800"', '"\\udc00x"', "NaN", "Infinity", "-Infinity", "1e999", "-1e400"],
)
def test_json_no_file_can_hold_is_refused_not_dropped(hub, hand_ins, text):
    code = hub.hub.code
    body = '{"code": ' + text + ', "student": "M"}'
    status, data, _ = request(hub.port, "/class/join", body)
    assert status == 400 and data["error"] == "not_json", data
    handed = json.dumps({"code": code, "hand_in": hand_in_file()})
    handed = handed.replace('"lessons": []', '"lessons": [' + text + "]")
    status, data, _ = request(hub.port, "/class/hand-in", handed)
    assert status == 400 and data["error"] == "not_json", data
    assert list(hand_ins.glob("*.handin.json")) == []
    # A pair of escapes is one letter, as JSON has it.
    status, data, _ = request(hub.port, "/class/join", {"code": code, "student": "M\U0001f600"})
    assert status == 200 and data["student"] == "M\U0001f600"


@pytest.fixture
def hand_ins(tmp_path):
    return tmp_path / "hand-ins"


@pytest.mark.parametrize("letter", ["\U0001d400", "\ud55c", "\u00e9", "a"])
def test_a_long_name_in_any_script_makes_a_file_name_the_disk_takes(hub, hand_ins, letter):
    for n in range(1, 3):
        handed = hand_in_file(letter * 120, letter * 120)
        status, data, _ = request(
            hub.port, "/class/hand-in", {"code": hub.hub.code, "hand_in": handed}
        )
        assert status == 200, data
        assert len(data["file"].encode()) <= 255 and (hand_ins / data["file"]).is_file()
        assert data["file"].startswith(letter * 10)
        assert data["file"].endswith(".handin.json" if n == 1 else "-2.handin.json")


def test_hand_ins_stop_at_the_folders_size_and_the_class_still_answers(hub, hand_ins, monkeypatch):
    from mancala_widgets.classroom import serve

    monkeypatch.setattr(serve, "HAND_INS_BYTES", 100_000)
    monkeypatch.setattr(serve, "HAND_INS_FILES", 30)
    code = hub.hub.code
    big = hand_in_file("Filler", "big")
    big["games"] = ["x" * 20_000]
    got = [
        request(hub.port, "/class/hand-in", {"code": code, "hand_in": big})[:2] for _ in range(8)
    ]
    statuses = [status for status, _ in got]
    assert statuses[:4] == [200] * 4 and set(statuses[5:]) == {503}, statuses
    assert got[-1][1]["error"] == "hand_ins_full"
    held = sum(p.stat().st_size for p in hand_ins.glob("*.handin.json"))
    assert held <= 100_000
    small = [
        request(hub.port, "/class/hand-in", {"code": code, "hand_in": hand_in_file(f"S{i}")})[0]
        for i in range(40)
    ]
    assert len(list(hand_ins.glob("*.handin.json"))) == 30 and set(small[-10:]) == {503}
    assert answer(hub.port, code, "device-still", 3, step=5)[0] == 200, "answers still go in"


def test_a_restart_counts_the_hand_ins_already_there_and_clears_a_cut_write(tmp_path, monkeypatch):
    from mancala_widgets.classroom import serve

    monkeypatch.setattr(serve, "HAND_INS_FILES", 3)
    hand_ins = tmp_path / "hand-ins"
    hand_ins.mkdir()
    for i in range(3):
        (hand_ins / f"S{i}-01.handin.json").write_text("{}")
    (hand_ins / ".receiving-0123456789abcdef.tmp").write_text('{"cut sh')
    running = Running(make_site(tmp_path / "site"), hand_ins)
    try:
        assert not (hand_ins / ".receiving-0123456789abcdef.tmp").exists()
        handed = {"code": running.hub.code, "hand_in": hand_in_file()}
        status, data, _ = request(running.port, "/class/hand-in", handed)
        assert status == 503 and data["error"] == "hand_ins_full"
    finally:
        running.stop()


def test_guessing_the_class_code_is_stopped_per_address(hub):
    code = hub.hub.code
    wrong = ("B" if code[0] == "A" else "A") + code[1:]
    statuses = []
    for _ in range(60):
        status, _, headers = request(
            hub.port, "/class/join", {"code": wrong, "student": "M"}, source="127.0.0.5"
        )
        statuses.append(status)
        if status == 429:
            break
    assert statuses[-1] == 429 and len(statuses) <= 25, statuses
    assert int(headers["Retry-After"]) >= 1
    # Once stopped, the address learns nothing: the right code is refused the same way.
    status, data, _ = request(
        hub.port, "/class/join", {"code": code, "student": "M"}, source="127.0.0.5"
    )
    assert status == 429 and data["error"] == "too_many"
    assert request(hub.port, "/class/join", {"code": code, "student": "M"})[0] == 200
    # A student who mistypes it now and then is never stopped.
    for _ in range(5):
        request(hub.port, "/class/join", {"code": wrong, "student": "M"}, source="127.0.0.6")
        got = request(hub.port, "/class/join", {"code": code, "student": "M"}, source="127.0.0.6")
        assert got[0] == 200


def test_hand_ins_are_read_a_few_at_a_time_and_one_kept_waiting_is_told_to_come_back(
    hub, monkeypatch
):
    """A hand-in's body takes memory to parse, and its code is inside it: only a few are
    read at once. One that waits too long is told 503 (its student's page downloads the
    work instead), and answers are not held up meanwhile."""
    from mancala_widgets.classroom import serve

    monkeypatch.setattr(serve, "LARGE_WAIT", 0.5)
    handed = hand_in_file("Mbuyi")
    handed["exercises"] = [{"id": f"landing-{i:04}", "answers": []} for i in range(480)]
    body = {"code": hub.hub.code, "hand_in": handed}
    assert len(json.dumps(body)) > serve.BODY_BYTES
    turns = hub.httpd.large
    taken = 0
    while turns.acquire(blocking=False):  # every turn taken, as by slow senders
        taken += 1
    assert taken == serve.LARGE_AT_ONCE
    try:
        status, data, headers = request(hub.port, "/class/hand-in", body)
        assert status == 503 and data["error"] == "busy" and headers["Retry-After"]
        assert answer(hub.port, hub.hub.code, "device-small", 3, step=5)[0] == 200
    finally:
        for _ in range(taken):
            turns.release()
    assert request(hub.port, "/class/hand-in", body)[0] == 200, "served once a turn is free"
