"""The class hub's benchmark: 40 students answering for 2 minutes, with a crash.

    python tools/bench_hub.py [--students 40] [--seconds 120]

Runs the site's serve.py (copied alone into a small site with the real
hub/questions.json, as a teacher runs it) in its own process. Each simulated student
(a thread with its own connections, all from 127.0.0.1 as a class behind one router)
reports its step and answers a question every 2 to 4 seconds; half-way the hub is killed
with SIGKILL and started again on the same port, and the students carry on (a request
the dead hub did not acknowledge is sent again, as the lessons' pages do). At the end
each student hands in. Then every acknowledged answer must be in the hub's log and every
acknowledged hand-in in hand-ins/, with the receipt's digest.

Prints the answers a second and the 95th-percentile time of an acknowledged answer, with
the date and the machine. Goal: under 200 ms with 40 students on a 2-core machine.
"""

from __future__ import annotations

import argparse
import hashlib
import http.client
import json
import os
import platform
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Hub:
    """serve.py in a process of its own, so it can be killed as a power cut would."""

    def __init__(self, site: Path, hand_ins: Path, port: int) -> None:
        self.site, self.hand_ins, self.port = site, hand_ins, port
        self.proc: subprocess.Popen[str] | None = None
        self.code = self.key = ""

    def start(self) -> None:
        cmd = [sys.executable, "-I", str(self.site / "serve.py"), str(self.site)]
        cmd += ["--port", str(self.port), "--bind", "127.0.0.1", "--quiet"]
        cmd += ["--hand-ins", str(self.hand_ins)]
        for _ in range(50):  # the port may still be held for a moment after a kill
            self.proc = subprocess.Popen(
                cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
            )
            said = []
            assert self.proc.stdout is not None
            for line in self.proc.stdout:
                said.append(line)
                if line.startswith("On this computer"):
                    text = "".join(said)
                    self.code = text.split("Class code: ")[1].split()[0]
                    self.key = text.split("#key=")[1].split()[0]
                    threading.Thread(target=self.proc.stdout.read, daemon=True).start()
                    return
            self.proc.wait()
            if "cannot listen" not in "".join(said):
                raise RuntimeError("".join(said))
            time.sleep(0.1)
        raise RuntimeError(f"port {self.port} stayed busy")

    def kill(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)


def post(port: int, path: str, body: dict, timeout: float = 10) -> tuple[int, dict]:
    data = json.dumps(body).encode()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("POST", path, data, {"Content-Type": "text/plain"})
        response = conn.getresponse()
        return response.status, json.loads(response.read() or b"{}")
    finally:
        conn.close()


def questions_pool(site: Path) -> list[tuple[str, dict]]:
    data = json.loads((site / "hub" / "questions.json").read_text())
    return [(lesson["id"], q) for lesson in data["lessons"] for q in lesson["questions"]]


def random_given(q: dict, rng: random.Random) -> object:
    if q["ask"] == "number":
        return rng.randint(0, 12)
    if q["ask"] == "choice":
        return rng.choice(q["options"])
    rows, cols = len(q["board"]), len(q["board"][0])
    return [[rng.randrange(rows), rng.randrange(cols)]]


class Student(threading.Thread):
    def __init__(self, n: int, run: Run) -> None:
        super().__init__(daemon=True)
        self.n, self.run_ = n, run
        self.device = f"bench-device-{n:04d}"
        self.name = f"Student {n}"
        self.rng = random.Random(n)
        self.acked: list[tuple[str, int, str]] = []
        self.times: list[float] = []
        self.hand_in: dict | None = None
        self.failures = 0

    def send(self, path: str, body: dict) -> tuple[int, dict, float]:
        """Send until acknowledged: a refused connection means the hub is restarting."""
        for _ in range(200):
            started = time.perf_counter()
            try:
                status, data = post(self.run_.hub.port, path, {"code": self.run_.hub.code, **body})
            except OSError:
                self.failures += 1
                time.sleep(0.1)
                continue
            if status == 429:
                time.sleep(1)
                continue
            return status, data, time.perf_counter() - started
        raise RuntimeError(f"{self.device}: the hub never answered")

    def run(self) -> None:
        run = self.run_
        me = {"device": self.device, "student": self.name}
        while time.monotonic() < run.until:
            lesson, q = self.rng.choice(run.pool)
            where = {**me, "lesson": lesson, "step": q["step"]}
            status, _, _ = self.send("/class/progress", where)
            assert status == 200
            given = random_given(q, self.rng)
            status, data, took = self.send(
                "/class/answer", {**where, "given": given, "locale": "en"}
            )
            assert status == 200, data
            self.acked.append((lesson, q["step"], json.dumps(given)))
            self.times.append(took)
            time.sleep(self.rng.uniform(2, 4))  # a student thinking before the next answer
        handed = {
            "format": "mancala-widgets/hand-in",
            "version": 1,
            "student": self.name,
            "notebook": "02-kisolo-pussa-kanawa",
            "handed_in": "2026-12-05T10:05:00Z",
            "package": "0",
            "lessons": [{"id": "pussa-kanawa", "answers": [{"step": 2, "given": [[3, 2]]}]}],
            "exercises": [],
            "games": [],
        }
        status, data, _ = self.send("/class/hand-in", {"hand_in": handed})
        assert status == 200, data
        self.hand_in = data


class Run:
    def __init__(self, hub: Hub, pool: list[tuple[str, dict]], seconds: float) -> None:
        self.hub, self.pool = hub, pool
        self.until = time.monotonic() + seconds


def make_site(folder: Path) -> Path:
    sys.path.insert(0, str(ROOT))
    from mancala_widgets.classroom.questions import hub_questions_json

    site = folder / "site"
    (site / "hub").mkdir(parents=True)
    (site / "index.html").write_text("<!DOCTYPE html><title>Lessons</title>")
    (site / "hub" / "questions.json").write_text(hub_questions_json())
    shutil.copy2(ROOT / "mancala_widgets" / "classroom" / "serve.py", site / "serve.py")
    return site


def bench(students: int = 40, seconds: float = 120.0, folder: Path | None = None) -> dict:
    """Run the class; the figures, and what was lost (nothing, or the bench fails)."""
    with tempfile.TemporaryDirectory() as tmp:
        base = folder or Path(tmp)
        site, hand_ins = make_site(base), base / "hand-ins"
        hub = Hub(site, hand_ins, free_port())
        hub.start()
        code, key = hub.code, hub.key
        run = Run(hub, questions_pool(site), seconds)
        class_ = [Student(n, run) for n in range(students)]
        started = time.monotonic()
        try:
            for s in class_:
                s.start()
            # Half-way: the laptop's hub dies at once (no goodbye, nothing flushed).
            time.sleep(seconds / 2)
            hub.kill()
            hub.start()
            for s in class_:
                s.join(seconds + 120)
            elapsed = time.monotonic() - started
        finally:
            hub.stop()
        assert (hub.code, hub.key) == (code, key), "the restart kept the class code and key"
        logged: Counter[tuple[str, str, int, str]] = Counter()
        for line in (hand_ins / ".hub" / "answers.jsonl").read_bytes().splitlines():
            try:
                r = json.loads(line)
            except ValueError:
                continue
            if r["kind"] == "answer":
                logged[(r["device"], r["lesson"], r["step"], json.dumps(r["given"]))] += 1
        acked: Counter[tuple[str, str, int, str]] = Counter()
        for s in class_:
            for lesson, step, given in s.acked:
                acked[(s.device, lesson, step, given)] += 1
        lost = sum((acked - logged).values())
        lost_hand_ins = 0
        for s in class_:
            assert s.hand_in is not None
            path = hand_ins / s.hand_in["file"]
            if (
                not path.is_file()
                or hashlib.sha256(path.read_bytes()).hexdigest()[:8] != s.hand_in["receipt"]
            ):
                lost_hand_ins += 1
        times = sorted(t for s in class_ for t in s.times)
        return {
            "students": students,
            "seconds": round(elapsed, 1),
            "answers": len(times),
            "answers_per_second": len(times) / elapsed,
            "p95_ms": 1000 * times[int(0.95 * (len(times) - 1))],
            "median_ms": 1000 * times[len(times) // 2],
            "lost_answers": lost,
            "hand_ins": students - lost_hand_ins,
            "lost_hand_ins": lost_hand_ins,
            "refused_connections": sum(s.failures for s in class_),
        }


def machine() -> str:
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    python = platform.python_version()
    return (
        f"{platform.system()} {platform.release()}, {os.cpu_count()} cores {model}, Python {python}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=120.0)
    args = parser.parse_args(argv)
    figures = bench(args.students, args.seconds)
    print(f"class hub, {time.strftime('%Y-%m-%d')}, {machine()}")
    f = figures
    print(
        f"{f['students']} students, {f['seconds']} s, a kill -9 and a restart half-way: "
        f"{f['answers']} answers acknowledged, {f['answers_per_second']:.1f} answers/s, "
        f"answer time median {f['median_ms']:.0f} ms, 95th percentile {f['p95_ms']:.0f} ms "
        f"(goal: under 200 ms); lost: {f['lost_answers']} answers, "
        f"{f['lost_hand_ins']} of {f['students']} hand-ins"
    )
    return 0 if figures["lost_answers"] == 0 and figures["lost_hand_ins"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
