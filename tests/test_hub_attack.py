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
    # Their connections closed, the address is served again (bounded wait).
    for _ in range(100):
        status, _, _ = request(hub.port, "/class/status", source="127.0.0.4")
        if status == 200:
            break
        time.sleep(0.05)
    assert status == 200
