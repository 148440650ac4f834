"""Talking to the class hub as a device does: raw requests, a chosen source address."""

from __future__ import annotations

import http.client
import json
import threading
from pathlib import Path

from mancala_widgets.classroom import serve

CODE_HEADER = {"Content-Type": "text/plain"}

QUESTIONS = {
    "format": "mancala-widgets/hub-questions",
    "version": 1,
    "lessons": [
        {"id": "pussa-kanawa", "steps": 12, "questions": [{"step": 2}, {"step": 5}]},
        {"id": "start-here", "steps": 8, "questions": [{"step": 2}]},
    ],
}


def make_site(root: Path, questions: dict | None = QUESTIONS) -> Path:
    (root / "hub").mkdir(parents=True)
    (root / "index.html").write_text("<!DOCTYPE html><title>Lessons</title>")
    (root / "hub" / "index.html").write_text("<!DOCTYPE html><title>Hub</title>")
    if questions is not None:
        (root / "hub" / "questions.json").write_text(json.dumps(questions))
    return root


class Running:
    """A hub served from a thread of this process."""

    def __init__(self, site: Path, hand_ins: Path, slowness: float = 1.0) -> None:
        self.httpd = serve.make_server(
            site, 0, "127.0.0.1", quiet=True, hand_ins=hand_ins, slowness=slowness
        )
        self.port = self.httpd.server_address[1]
        self.hub = self.httpd.RequestHandlerClass.hub
        self.thread = threading.Thread(target=self.httpd.serve_forever, args=(0.05,), daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def request(
    port: int,
    path: str,
    body: bytes | str | dict | None = None,
    method: str | None = None,
    headers: dict | None = None,
    source: str = "127.0.0.1",
    length: bool = True,
    declared: int | None = None,
) -> tuple[int, dict, dict]:
    """(status, the JSON answer or {"raw": bytes}, headers), the path sent as written.
    ``declared``: announce a body of that size and send none (a refusal must come first)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20, source_address=(source, 0))
    data = body
    if isinstance(body, dict):
        data = json.dumps(body).encode()
    elif isinstance(body, str):
        data = body.encode()
    method = method or ("GET" if body is None else "POST")
    conn.putrequest(method, path, skip_accept_encoding=True)
    sent = {**(CODE_HEADER if data is not None else {}), **(headers or {})}
    for k, v in sent.items():
        conn.putheader(k, v)
    if declared is not None:
        conn.putheader("Content-Length", str(declared))
    elif data is not None and length:
        conn.putheader("Content-Length", str(len(data)))
    conn.endheaders()
    if data is not None and declared is None:
        conn.send(data)
    response = conn.getresponse()
    raw = response.read()
    conn.close()
    try:
        parsed = json.loads(raw) if raw else {}
    except ValueError:
        parsed = {"raw": raw}
    return response.status, parsed, dict(response.getheaders())


def answer(port: int, code: str, device: str, given, step: int = 2, **more) -> tuple[int, dict]:
    body = {
        "code": code,
        "device": device,
        "student": more.pop("student", device),
        "lesson": more.pop("lesson", "pussa-kanawa"),
        "step": step,
        "given": given,
        "locale": "en",
        **more,
    }
    status, data, _ = request(port, "/class/answer", body)
    return status, data


def live(port: int, key: str, names: bool = False) -> dict:
    status, data, _ = request(
        port, "/class/live" + ("?names=1" if names else ""), headers={"X-Teacher-Key": key}
    )
    assert status == 200, data
    return data


def tally(data: dict, lesson: str, step: int) -> dict:
    """{json of given: count} of one question in /class/live's answer."""
    for q in data["questions"]:
        if (q["lesson"], q["step"]) == (lesson, step):
            return {json.dumps(a["given"]): a["count"] for a in q["answers"]}
    return {}


def hand_in_file(student: str = "Mbuyi", notebook: str = "02-kisolo-pussa-kanawa") -> dict:
    return {
        "format": "mancala-widgets/hand-in",
        "version": 1,
        "student": student,
        "notebook": notebook,
        "handed_in": "2026-12-05T10:05:00Z",
        "package": "0.1.0",
        "lessons": [],
        "exercises": [],
        "games": [],
    }
