"""Serve the classroom site to a class from a laptop, and run the class's hub, with
nothing but Python.

    python -m mancala_widgets serve [SITE] [--port 8000] [--bind 0.0.0.0]
                                    [--hand-ins DIR] [--read-only]
    python serve.py [--port 8000]          # the same, from the site's own folder

It prints the address students type (the laptop's address on the class network), the
class code and the teacher's page, then serves the files of SITE to every device:

- compressed (gzip, and Brotli where the ``brotli`` package is installed), each file
  compressed once, when the server starts, so thirty students cost no more work than
  one;
- with the right types (``application/wasm`` for Python's runtime, JavaScript modules,
  JSON, wheels) and headers that let a browser keep what it fetched: the files whose
  names carry a hash of their contents are kept for a year, the rest are checked again
  (a second visit then moves almost nothing);
- only files under SITE: a path that climbs out of it (``..``, encoded or not), an
  absolute path, a symbolic link that leads outside, a folder without an
  ``index.html`` (no listings), the hand-ins folder, or any method but GET and HEAD
  is refused.

The hub (all of it under ``/class/``; the protocol is in docs/teachers.md) takes the
students' answers and progress with the class code, and their hand-ins, which it
writes into the hand-ins folder (``hand-ins`` by default), never overwriting one; the
teacher's page (``/hub/``, with the key printed here) shows the class's answers live.
What it acknowledged is on disk: a restart, even after a crash, loses none of it.
``--read-only`` serves the site alone and writes nothing.

This file uses the standard library only and imports nothing from the package, so the
site carries a copy of it as ``serve.py`` for a teacher who has Python and the site
folder (or its zip), and nothing else. It is one file for that reason; its sections:
the site's files, the hub's limits, checking what devices send, rate limits, the class
(code, key, answers log, hand-ins), HTTP, and starting it.
"""

from __future__ import annotations

import argparse
import email.utils
import gzip
import hashlib
import hmac
import itertools
import json
import math
import mimetypes
import os
import posixpath
import re
import secrets
import socket
import sys
import threading
import time
import urllib.parse
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

try:  # Brotli compresses a little better than gzip; it is not in the standard library.
    import brotli  # type: ignore[import-not-found, unused-ignore]
except ImportError:  # pragma: no cover - depends on what is installed
    brotli = None

#: Types Python's table may lack or get wrong on some systems.
TYPES = {
    ".wasm": "application/wasm",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".html": "text/html; charset=utf-8",
    ".json": "application/json; charset=utf-8",
    ".ipynb": "application/json; charset=utf-8",
    ".webmanifest": "application/manifest+json; charset=utf-8",
    ".svg": "image/svg+xml",
    ".md": "text/markdown; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".woff2": "font/woff2",
    ".woff": "font/woff",
    ".ttf": "font/ttf",
    ".png": "image/png",
    ".ico": "image/x-icon",
}
#: Worth trying to compress: text, Python's runtime, and wheels (some hold files they
#: store uncompressed). A compressed form is kept only where it is smaller by a tenth.
COMPRESS = {
    ".whl",
    ".wasm",
    ".js",
    ".mjs",
    ".css",
    ".html",
    ".json",
    ".ipynb",
    ".svg",
    ".md",
    ".txt",
    ".py",
    ".webmanifest",
    ".ttf",
    ".ico",
    ".map",
}
#: A name with a hash of the contents in it ("jlab_core.a86436d.js"): it never changes,
#: so a browser may keep it for a year without asking again.
HASHED = ("build/", "extensions/")


def _hashed(relative: str) -> bool:
    name = relative.rsplit("/", 1)[-1]
    parts = name.split(".")
    return (
        relative.startswith(HASHED)
        and len(parts) >= 3
        and all(c in "0123456789abcdef" for c in parts[-2])
        and len(parts[-2]) >= 7
    )


def _under(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


class Site:
    """The files of a site folder, each read and compressed once."""

    def __init__(self, root: Path, exclude: Path | None = None) -> None:
        self.root = root.resolve()
        if not (self.root / "index.html").is_file():
            raise SystemExit(
                f"{root}: not a site (there is no index.html). Name the folder that holds "
                "the classroom site (python3 dev.py site builds it; the site's zip holds it)."
            )
        # The hand-ins folder may lie inside the site (serve.py run from the site's own
        # folder): the class's work and the hub's key are never served.
        hidden = exclude.resolve() if exclude is not None else None
        self.files: dict[str, _File] = {}
        for folder, subfolders, names in os.walk(self.root):
            here = Path(folder)
            if hidden is not None and _under(here, hidden):
                subfolders[:] = []
                continue
            subfolders.sort()
            for name in sorted(names):
                path = here / name
                if (
                    path.is_file()
                    and self.inside(path)
                    and not (hidden is not None and _under(path.resolve(), hidden))
                ):
                    relative = path.relative_to(self.root).as_posix()
                    self.files[relative] = _File(path, relative)

    def inside(self, path: Path) -> bool:
        """Whether ``path``, its links followed, is a file inside the site."""
        try:
            real = path.resolve(strict=True)
        except (OSError, RuntimeError):
            return False
        return real == self.root or self.root in real.parents

    @property
    def size(self) -> int:
        return sum(f.size for f in self.files.values())

    def find(self, url_path: str) -> _File | None:
        """The file a request's path names, or None: never anything outside the site."""
        path = urllib.parse.unquote(url_path.split("?", 1)[0].split("#", 1)[0])
        if "\x00" in path or "\\" in path or not path.startswith("/"):
            return None
        parts = [p for p in path.split("/") if p not in ("", ".")]
        if any(p == ".." for p in parts):
            return None
        relative = posixpath.join(*parts) if parts else ""
        found = self.files.get(relative)
        if found is None:  # a folder: its index.html, never a listing
            found = self.files.get(
                posixpath.join(relative, "index.html") if relative else "index.html"
            )
        return found


class _File:
    def __init__(self, path: Path, relative: str) -> None:
        self.path, self.relative = path, relative
        self.data = path.read_bytes()
        self.size = len(self.data)
        suffix = path.suffix.lower()
        self.type = (
            TYPES.get(suffix) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        )
        self.etag = '"' + hashlib.sha256(self.data).hexdigest()[:20] + '"'
        self.modified = email.utils.formatdate(path.stat().st_mtime, usegmt=True)
        self.cache = "public, max-age=31536000, immutable" if _hashed(relative) else "no-cache"
        self.encoded: dict[str, bytes] = {}
        if suffix in COMPRESS and self.size > 1024:
            self.encoded["gzip"] = gzip.compress(self.data, 9, mtime=0)
            if brotli is not None:
                self.encoded["br"] = brotli.compress(self.data)
            for encoding, body in list(self.encoded.items()):
                if len(body) > 0.9 * self.size:
                    del self.encoded[encoding]

    def body(self, accepted: str) -> tuple[bytes, str | None]:
        """The bytes to send for a request that accepts ``accepted`` encodings."""
        wanted = {e.split(";")[0].strip() for e in accepted.lower().split(",")}
        for encoding in ("br", "gzip"):
            if encoding in wanted and encoding in self.encoded:
                return self.encoded[encoding], encoding
        return self.data, None


# ---------------------------------------------------------------------------------------
# The hub's limits. Every number a reader may want to change is here.
# ---------------------------------------------------------------------------------------

#: A request body at most this big (bytes): a hand-in, and anything else.
HAND_IN_BYTES = 4_000_000
BODY_BYTES = 16_000
#: How deeply a body's lists and objects may nest: a hand-in holds game records (their
#: variations nest); an answer's ``given`` is a list of pairs.
HAND_IN_DEPTH = 400
BODY_DEPTH = 4
#: Text limits, as the hand-in's reader (marking.py) checks them.
NAME_MAX = 120
GIVEN_TEXT_MAX = 40
GIVEN_LIST_MAX = 40
#: A number answer, as a lesson takes it (lessons.check_answer: 0 to 10,000).
GIVEN_INT = 10_000
STEP_MAX = 500
LOCALES = ("en", "fr", "sw", "ko")
#: A class is at most this many devices, and the log at most this many bytes: a client
#: with the class code cannot grow the hub's memory or disk without bound.
DEVICES_MAX = 1000
#: Bodies larger than BODY_BYTES (hand-ins) read and parsed at once, and how long one
#: waits for its turn: a 4 MB body of tiny JSON objects takes tens of MB to parse, and
#: forty at once (sent with no code: the code is in the body) would take gigabytes.
LARGE_AT_ONCE = 4
LARGE_WAIT = 30.0
#: The hand-ins sent to the marking notebook at once (forty students' eight lessons are
#: about 7 MB).
RECEIVED_BYTES = 64_000_000
LOG_BYTES = 64_000_000
#: The hand-ins folder at most this big, in bytes and files (forty students' eight lessons
#: are about 7 MB, 320 files), so no one can fill the laptop's disk.
HAND_INS_BYTES = 500_000_000
HAND_INS_FILES = 10_000
#: Token buckets: (burst, refill per second). Per client address: a whole class may sit
#: behind one address (a router that translates addresses, or the load test's 40
#: students on 127.0.0.1); 40 students answering and moving on every few seconds make
#: about 30 requests a second, the teacher's page one. Per device: a student's page sends
#: one answer and one progress report at a time, every few seconds at most.
ADDRESS_BUCKET = (300.0, 80.0)
DEVICE_BUCKET = (30.0, 3.0)
#: A wrong class code takes a token; an address with none left is refused whatever code
#: it sends, so the 923,521 codes cannot be tried (a class's typing errors never empty it).
WRONG_CODE_BUCKET = (20.0, 0.2)
#: Seconds a client may take to send a request's line and headers (the wait for the next
#: request on a kept-alive connection included), and to send a body: a client that
#: sends a byte a second ("slowloris") is cut off, and holds one thread at most that long.
HEAD_SECONDS = 20.0
BODY_SECONDS = 120.0
#: Seconds a socket may wait for any one read or write.
SOCKET_SECONDS = 15.0
#: Connections open at once from one address (each holds a thread): a browser opens about
#: six, and a class of forty may share one address.
CONNECTIONS_PER_ADDRESS = 400
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
HAND_IN_FORMAT = "mancala-widgets/hand-in"

_DEVICE = re.compile(r"[A-Za-z0-9_-]{8,64}")
_LESSON = re.compile(r"[a-z0-9-]{1,40}")
_NOT_LINE = re.compile("[^\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
# Escapes out, then strings (one pattern for both takes quadratic time on unclosed ones).
_ESCAPE = re.compile(r"\\.", re.DOTALL)
_STRING = re.compile(r'"[^"]*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_LEVEL = {"[": 1, "{": 1, "]": -1, "}": -1}
_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")


class Refused(Exception):
    """A request the hub will not act on: its HTTP status, a code and an English sentence."""

    def __init__(self, status: int, code: str, message: str, retry: float = 0.0) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.retry = status, code, message, retry


def _bad(code: str, message: str) -> Refused:
    return Refused(400, code, message)


# ---------------------------------------------------------------------------------------
# Checking what a device sends: the envelope only (marking re-checks every answer).
# ---------------------------------------------------------------------------------------


def parse_body(raw: bytes, depth: int) -> dict:
    """A request's JSON object, its nesting counted before it is parsed."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _bad("not_json", "The body is not UTF-8 text.") from None
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", _ESCAPE.sub("", text)))
    if max(itertools.accumulate(map(_LEVEL.__getitem__, brackets)), default=0) > depth:
        raise _bad("too_deep", f"The body nests lists and objects more than {depth} deep.")
    try:
        data = json.loads(text, parse_constant=_finite, parse_float=_finite)
        if _SURROGATE.search(text):  # half a pair of \u escapes alone: no file can hold it
            json.dumps(data, ensure_ascii=False).encode()
    except (ValueError, RecursionError):  # UnicodeEncodeError is a ValueError
        raise _bad("not_json", "The body is not valid JSON.") from None
    if not isinstance(data, dict):
        raise _bad("not_json", "The body must be a JSON object.")
    return data


def _finite(text: str) -> float:
    """A number with a fraction or exponent; NaN, Infinity and 1e999 are not JSON."""
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(f"{text} is too large")
    return number


def check_line(value: object, field: str, most: int = NAME_MAX, empty: bool = False) -> str:
    """One line of text a person typed: ``most`` characters at most, no control characters."""
    if not isinstance(value, str):
        raise _bad("bad_" + field, f"{field} must be a text.")
    text = value if empty else value.strip()
    if not empty and not text:
        raise _bad("bad_" + field, f"{field} must not be empty.")
    if len(text) > most:
        raise _bad("bad_" + field, f"{field} is longer than {most} characters.")
    if _NOT_LINE.search(text):
        raise _bad("bad_" + field, f"{field} must be one line of text, with no control characters.")
    return text


def check_int(value: object, field: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise _bad("bad_" + field, f"{field} must be a whole number from {low} to {high}.")
    return value


def check_given(value: object) -> int | str | list[list[int]]:
    """An answer: a number, a short text (a choice), or the holes clicked as [row, col]."""
    if type(value) is int:
        return check_int(value, "given", 0, GIVEN_INT)
    if isinstance(value, str):
        return check_line(value, "given", GIVEN_TEXT_MAX, empty=True)
    if isinstance(value, list) and len(value) <= GIVEN_LIST_MAX:
        holes = []
        for pair in value:
            if not (isinstance(pair, list) and len(pair) == 2):
                break
            holes.append([check_int(n, "given", 0, 20) for n in pair])
        else:
            return holes
    raise _bad(
        "bad_given",
        f"given must be a whole number, a text of at most {GIVEN_TEXT_MAX} characters, or a "
        f"list of at most {GIVEN_LIST_MAX} [row, column] pairs.",
    )


def check_hand_in(data: object) -> dict:
    """A hand-in file's envelope, as classroom/handin.py writes it and marking.py reads it."""
    if not isinstance(data, dict):
        raise _bad("bad_hand_in", "hand_in must be a hand-in file (a JSON object).")
    if data.get("format") != HAND_IN_FORMAT:
        raise _bad("bad_hand_in", f'hand_in.format must be "{HAND_IN_FORMAT}".')
    if type(data.get("version")) is not int or data["version"] != 1:
        raise _bad("bad_hand_in", "hand_in.version must be 1.")
    check_line(data.get("student"), "student")
    notebook = check_line(data.get("notebook"), "notebook")
    if "/" in notebook or "\\" in notebook or notebook.startswith("."):
        raise _bad("bad_notebook", 'notebook must be a name, without "/" or "\\" or a leading ".".')
    for field, most in (("lessons", 50), ("exercises", 500), ("games", 200), ("players", 50)):
        value = data.get(field, [] if field == "players" else None)
        if not isinstance(value, list) or len(value) > most:
            raise _bad("bad_hand_in", f"hand_in.{field} must be a list of at most {most}.")
    return data


def hand_in_name(student: str, notebook: str, n: int = 1) -> str:
    """``Mbuyi-02-kisolo-pussa-kanawa.handin.json`` as classroom/handin.py names it (the
    notebook's signs become dashes too, so no name can leave the folder); ``-2``, ``-3``...
    for a later hand-in of the same work."""
    safe = re.sub(r"[^\w-]+", "-", student, flags=re.UNICODE).strip("-_") or "student"
    book = re.sub(r"[^\w.-]+", "-", notebook, flags=re.UNICODE).strip("-.") or "lesson"
    # A file name is at most 255 bytes; a letter may take 4.
    stem = f"{_clip(safe[:60], 80)}-{_clip(book[:80], 120)}"
    return f"{stem}.handin.json" if n == 1 else f"{stem}-{n}.handin.json"


def _clip(text: str, most: int) -> str:
    """At most ``most`` bytes of UTF-8, never half a letter."""
    return text.encode()[:most].decode(errors="ignore")


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


# ---------------------------------------------------------------------------------------
# Slowing a client that floods: token buckets per address and per device.
# ---------------------------------------------------------------------------------------


class Buckets:
    """One token bucket per key; a request takes a token or is told when to come back."""

    def __init__(self, burst: float, rate: float) -> None:
        self.burst, self.rate = burst, rate
        self.tokens: dict[str, tuple[float, float]] = {}
        self.lock = threading.Lock()

    def take(self, key: str, cost: float = 1.0) -> float:
        """0 when ``key`` may go on (cost 0: just look), else the seconds to wait."""
        with self.lock:
            moment = time.monotonic()
            tokens, then = self.tokens.get(key, (self.burst, moment))
            tokens = min(self.burst, tokens + (moment - then) * self.rate)
            if tokens < 1:
                self.tokens[key] = (tokens, moment)
                return (1 - tokens) / self.rate
            self.tokens[key] = (tokens - cost, moment)
            if len(self.tokens) > 20_000:  # forget the full buckets: they are the default
                full = moment - self.burst / self.rate
                self.tokens = {k: v for k, v in self.tokens.items() if v[1] > full}
            return 0.0


# ---------------------------------------------------------------------------------------
# The class: its code and key, the live answers and their log, the hand-ins folder.
# ---------------------------------------------------------------------------------------


class Hub:
    """The class's state. Everything it acknowledges is on disk under ``folder``."""

    def __init__(self, folder: Path, questions: dict[str, set[int]] | None = None) -> None:
        self.folder = folder.resolve()
        self.private = self.folder / ".hub"
        self.private.mkdir(parents=True, exist_ok=True)
        os.chmod(self.private, 0o700)
        self.questions = questions  # lesson id -> its question steps; None: any
        self.code, self.key = self._class()
        self.lock = threading.Lock()
        self.devices: dict[str, dict] = {}  # device -> {student, lesson, step}
        self.answers: dict[tuple[str, int], dict[str, dict]] = {}  # -> device -> answer
        self.log_path = self.private / "answers.jsonl"
        self.log_size = self._replay()
        self.log = open(self.log_path, "ab")  # noqa: SIM115 (open while the hub runs)
        for stale in self.folder.glob(".receiving-*.tmp"):  # cut short by a crash
            stale.unlink(missing_ok=True)
        self.held, self.counted = self._count(), time.monotonic()  # (bytes, files)

    def _class(self) -> tuple[str, str]:
        path = self.private / "class.json"
        try:
            kept = json.loads(path.read_text("utf-8"))
            if _valid_code(kept["code"]) and re.fullmatch("[0-9a-f]{32}", kept["key"]):
                return kept["code"], kept["key"]
        except (OSError, ValueError, KeyError, TypeError):
            pass
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(4))
        key = secrets.token_hex(16)
        text = json.dumps({"code": code, "key": key, "made": now()}) + "\n"
        temporary = self.private / f".class-{secrets.token_hex(6)}.json"
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temporary, path)
        return code, key

    def _replay(self) -> int:
        """Read the log back; a last line cut short by a crash was never acknowledged:
        it is dropped, so the next record starts on a line of its own."""
        try:
            with open(self.log_path, "rb") as f:
                data = f.read()
        except FileNotFoundError:
            return 0
        whole = data.rfind(b"\n") + 1
        if whole < len(data):
            with open(self.log_path, "r+b") as f:
                f.truncate(whole)
        for line in data[:whole].splitlines():
            try:
                record = json.loads(line)
                self._apply(record)
            except (ValueError, KeyError, TypeError):
                continue
        return whole

    def _write(self, record: dict) -> None:
        """Append one record to the log, on disk before this returns (call under lock)."""
        line = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"
        if self.log_size + len(line) > LOG_BYTES:
            raise Refused(503, "log_full", "The hub's answer log is full; start a new class.")
        self.log.write(line)
        self.log.flush()
        os.fsync(self.log.fileno())
        self.log_size += len(line)

    def _apply(self, record: dict) -> None:
        device = record["device"]
        seen = self.devices.setdefault(device, {"student": record["student"]})
        seen["student"] = record["student"]
        if record["kind"] in ("progress", "answer"):
            seen["lesson"], seen["step"] = record["lesson"], record["step"]
        if record["kind"] == "answer":
            answers = self.answers.setdefault((record["lesson"], record["step"]), {})
            first = answers.get(device)
            if first is None:
                answers[device] = {
                    "given": record["given"],
                    "student": record["student"],
                    "tries": 1,
                }
            else:
                first["tries"] += 1

    def check_code(self, body: dict) -> None:
        code = body.get("code")
        if not isinstance(code, str) or not code.strip():
            raise Refused(403, "no_code", "The class code is missing.")
        if not hmac.compare_digest(code.strip().upper().encode(), self.code.encode()):
            raise Refused(403, "wrong_code", "This is not the class code.")

    def check_key(self, given: str | None) -> None:
        if not given or not hmac.compare_digest(given.strip().encode(), self.key.encode()):
            raise Refused(403, "wrong_key", "The teacher's key is missing or wrong.")

    def check_question(self, lesson: object, step: object, question: bool) -> tuple[str, int]:
        if not isinstance(lesson, str) or not _LESSON.fullmatch(lesson):
            raise _bad("bad_lesson", "lesson must be a lesson's id ([a-z0-9-], 1 to 40).")
        step = check_int(step, "step", 1, STEP_MAX)
        if self.questions is not None:
            if lesson not in self.questions:
                raise _bad("unknown_lesson", f"There is no lesson {lesson!r} on this site.")
            if question and step not in self.questions[lesson]:
                raise _bad("unknown_question", f"Step {step} of {lesson!r} asks no question.")
        return lesson, step

    def record(self, kind: str, body: dict) -> None:
        """Check an answer, progress report or join, log it, then count it."""
        device = body.get("device")
        if not isinstance(device, str) or not _DEVICE.fullmatch(device):
            raise _bad("bad_device", "device must be 8 to 64 letters, digits, '-' or '_'.")
        record: dict = {"kind": kind, "at": now(), "device": device}
        record["student"] = check_line(body.get("student"), "student")
        if kind != "join":
            record["lesson"], record["step"] = self.check_question(
                body.get("lesson"), body.get("step"), question=kind == "answer"
            )
        if kind == "answer":
            record["given"] = check_given(body.get("given"))
            if body.get("locale") not in LOCALES:
                raise _bad("bad_locale", "locale must be one of " + ", ".join(LOCALES) + ".")
            record["locale"] = body["locale"]
        with self.lock:
            if device not in self.devices and len(self.devices) >= DEVICES_MAX:
                raise _bad("class_full", f"This class already has {DEVICES_MAX} devices.")
            self._write(record)
            self._apply(record)

    def live(self, names: bool) -> dict:
        """What the teacher's page draws: who is where, and each question's answers."""
        with self.lock:
            places: dict[tuple[str, int], int] = {}
            for seen in self.devices.values():
                if "lesson" in seen:
                    place = (seen["lesson"], seen["step"])
                    places[place] = places.get(place, 0) + 1
            progress = [
                {"lesson": lesson, "step": step, "count": count}
                for (lesson, step), count in sorted(places.items(), key=lambda p: -p[1])
            ]
            questions = []
            for (lesson, step), answers in sorted(self.answers.items()):
                tally: dict[str, dict] = {}
                for answer in answers.values():
                    key = json.dumps(answer["given"])
                    row = tally.setdefault(key, {"given": answer["given"], "count": 0})
                    row["count"] += 1
                    if names:
                        row.setdefault("names", []).append(answer["student"])
                questions.append(
                    {
                        "lesson": lesson,
                        "step": step,
                        "answered": len(answers),
                        "tries": sum(a["tries"] - 1 for a in answers.values()),
                        "answers": sorted(tally.values(), key=lambda r: -r["count"]),
                    }
                )
            out: dict = {
                "ok": True,
                "joined": len(self.devices),
                "current": progress[0] if progress else None,
                "progress": progress,
                "questions": questions,
            }
            if names:
                out["students"] = sorted(
                    (
                        {"student": s["student"], "lesson": s.get("lesson"), "step": s.get("step")}
                        for s in self.devices.values()
                    ),
                    key=lambda s: str(s["student"]).lower(),
                )
            return out

    def _count(self) -> tuple[int, int]:
        sizes = [p.lstat().st_size for p in self.folder.glob("*.handin.json")]
        return sum(sizes), len(sizes)

    def _room(self, size: int) -> None:
        """Count ``size`` bytes in, or refuse them: the folder is full. Call under lock."""
        if time.monotonic() - self.counted > 10:  # hand-ins moved out make room
            try:
                self.held, self.counted = self._count(), time.monotonic()
            except OSError:  # a file moved out while counted
                pass
        held, files = self.held
        if held + size > HAND_INS_BYTES or files >= HAND_INS_FILES:
            raise Refused(503, "hand_ins_full", "The hand-ins folder is full: tell the teacher.")
        self.held = (held + size, files + 1)

    def hand_in(self, handed: dict) -> dict:
        """Write a hand-in under a name of its own: written whole to a temporary file, then
        linked to the first free name (a link never replaces a file), so no hand-in is
        ever half-written or overwritten."""
        data = (json.dumps(handed, ensure_ascii=False, indent=1) + "\n").encode()
        with self.lock:
            self._room(len(data))
        temporary = self.folder / f".receiving-{secrets.token_hex(8)}.tmp"
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            for n in range(1, 1000):
                name = hand_in_name(handed["student"], handed["notebook"], n)
                try:
                    os.link(temporary, self.folder / name)
                    break
                except FileExistsError:
                    continue
            else:
                raise Refused(503, "too_many", "This work was handed in too many times.")
        finally:
            os.unlink(temporary)
        _sync_folder(self.folder)
        return {
            "ok": True,
            "file": name,
            "received": now(),
            "receipt": hashlib.sha256(data).hexdigest()[:8],
        }

    def received(self) -> dict:
        """Every hand-in in the folder (its name and text), oldest first, up to
        RECEIVED_BYTES in all; how many more there were."""
        files, total, more = [], 0, 0
        found = sorted(
            (p for p in self.folder.glob("*.handin.json") if p.is_file() and not p.is_symlink()),
            key=lambda p: (p.stat().st_mtime, p.name),
        )
        for path in found:
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                more += 1  # not a hand-in this hub wrote: the folder's own tools read it
                continue
            if total + len(text) > RECEIVED_BYTES:
                more += 1
                continue
            total += len(text)
            files.append({"file": path.name, "text": text})
        return {"ok": True, "files": files, "more": more}

    def close(self) -> None:
        self.log.close()


def _valid_code(code: object) -> bool:
    return isinstance(code, str) and len(code) == 4 and all(c in CODE_LETTERS for c in code)


def _sync_folder(folder: Path) -> None:
    """Make a new name in ``folder`` survive a power cut (where the system allows it)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - Windows cannot open a folder
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(fd)


def site_questions(site: Site) -> dict[str, set[int]] | None:
    """The lessons and question steps of the site's ``hub/questions.json``, if it has one."""
    found = site.files.get("hub/questions.json")
    if found is None:
        return None
    try:
        data = json.loads(found.data)
        return {
            lesson["id"]: {q["step"] for q in lesson.get("questions", [])}
            for lesson in data["lessons"]
        }
    except (ValueError, KeyError, TypeError) as e:
        raise SystemExit(
            f"{found.path}: not the site's questions ({e}); build the site again "
            "(python3 dev.py site), or delete the file to take any lesson and step."
        ) from None


# ---------------------------------------------------------------------------------------
# HTTP: the site's files, and the hub's routes under /class/.
# ---------------------------------------------------------------------------------------


class Handler(BaseHTTPRequestHandler):
    site: Site
    hub: Hub | None = None
    address = ""
    server_version = "mancala-widgets-serve"
    sys_version = ""
    # Keep-alive: a lesson's page asks for about a hundred files, over a few connections.
    protocol_version = "HTTP/1.1"
    timeout = SOCKET_SECONDS
    # Headers and body go out in two writes: without this, each small answer waits for
    # the client's delayed acknowledgement (40 ms on Linux).
    disable_nagle_algorithm = True
    body_read = False
    #: (method, path) -> (the handler's method name, the body's size limit)
    ROUTES = {
        ("GET", "/class/status"): ("status", 0),
        ("POST", "/class/join"): ("join", BODY_BYTES),
        ("POST", "/class/answer"): ("answer", BODY_BYTES),
        ("POST", "/class/progress"): ("progress", BODY_BYTES),
        ("POST", "/class/hand-in"): ("receive", HAND_IN_BYTES),
        ("GET", "/class/info"): ("info", 0),
        ("GET", "/class/live"): ("live", 0),
        ("GET", "/class/hand-ins"): ("hand_ins", 0),
    }

    def handle_one_request(self) -> None:
        # The request's line and headers must come within HEAD_SECONDS (see Server).
        self.server.watch(self.connection, HEAD_SECONDS)  # type: ignore[attr-defined]
        try:
            super().handle_one_request()
        finally:
            self.server.forget(self.connection)  # type: ignore[attr-defined]

    def do_GET(self) -> None:  # noqa: N802 (the name http.server calls)
        self._dispatch("GET")

    def do_HEAD(self) -> None:  # noqa: N802
        self._dispatch("HEAD")

    def do_POST(self) -> None:  # noqa: N802
        self._dispatch("POST")

    def do_OPTIONS(self) -> None:  # noqa: N802
        self._dispatch("OPTIONS")

    def _refuse(self) -> None:
        self._dispatch(self.command)

    do_PUT = do_DELETE = do_PATCH = _refuse  # noqa: N815

    def _dispatch(self, method: str) -> None:
        self.server.forget(self.connection)  # type: ignore[attr-defined]
        path = self.path.split("?", 1)[0]
        if self.hub is not None and path.startswith("/class/"):
            self._class(method, path)
        elif method in ("GET", "HEAD"):
            self._send(head=method == "HEAD")
        else:
            self.close_connection = True
            self.send_error(HTTPStatus.METHOD_NOT_ALLOWED, "This site is read-only")

    # -- the site -------------------------------------------------------------------------

    def _send(self, head: bool) -> None:
        found = self.site.find(self.path)
        if found is None:
            self.send_error(HTTPStatus.NOT_FOUND, "No such file in this site")
            return
        if self.headers.get("If-None-Match") == found.etag:
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self._common(found)
            self.end_headers()
            return
        body, encoding = found.body(self.headers.get("Accept-Encoding", ""))
        self.send_response(HTTPStatus.OK)
        self._common(found)
        self.send_header("Content-Type", found.type)
        self.send_header("Content-Length", str(len(body)))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.end_headers()
        if not head:
            self.wfile.write(body)

    def _common(self, found: _File) -> None:
        self.send_header("ETag", found.etag)
        self.send_header("Last-Modified", found.modified)
        self.send_header("Cache-Control", found.cache)
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("X-Content-Type-Options", "nosniff")

    # -- the hub --------------------------------------------------------------------------

    def _class(self, method: str, path: str) -> None:
        self.body_read = False
        try:
            wait = self.server.by_address.take(self.client_address[0])  # type: ignore[attr-defined]
            if wait:
                raise Refused(429, "too_many", "Too many requests: wait, then try again.", wait)
            if method == "OPTIONS":
                self._reply(204, None)
                return
            route = self.ROUTES.get((method, path))
            if route is None:
                if any(p == path for _, p in self.ROUTES):
                    raise Refused(405, "method", f"{path} does not take {method}.")
                raise Refused(404, "unknown", f"There is no {path} on this hub.")
            name, most = route
            body = self._body(most) if most else {}
            self._reply(200, getattr(self, "class_" + name)(body))
        except Refused as refused:
            if method == "POST" and not self.body_read:
                self.close_connection = True  # its body is still on the way: no next request
            self._reply(
                refused.status,
                {"ok": False, "error": refused.code, "message": refused.message},
                refused.retry,
            )

    def _body(self, most: int) -> dict:
        length = ",".join(self.headers.get_all("Content-Length", []))  # one, of 0-9 alone
        if self.headers.get("Transfer-Encoding") or not re.fullmatch("[0-9]{1,15}", length):
            self.close_connection = True
            raise _bad("no_length", "A POST needs one Content-Length (and no Transfer-Encoding).")
        if int(length) > most:
            self.close_connection = True  # the body is left unread
            raise Refused(413, "too_big", f"The body is larger than {most:,} bytes.")
        kind = self.headers.get("Content-Type", "").split(";")[0].strip().lower()
        if kind not in ("application/json", "text/plain"):
            self.close_connection = True
            raise _bad("content_type", "Send JSON as application/json or text/plain.")
        large = int(length) > BODY_BYTES  # a hand-in: a few at a time (memory), others wait
        if large and not self.server.large.acquire(timeout=LARGE_WAIT):  # type: ignore[attr-defined]
            self.close_connection = True
            raise Refused(503, "busy", "Too many hand-ins at once: try again.", 5.0)
        try:
            self.server.watch(self.connection, BODY_SECONDS)  # type: ignore[attr-defined]
            try:
                raw = self.rfile.read(int(length))
                self.body_read = True
            finally:
                self.server.forget(self.connection)  # type: ignore[attr-defined]
            if len(raw) < int(length):
                self.close_connection = True
                raise _bad("short_body", "The body is shorter than its Content-Length.")
            return parse_body(raw, HAND_IN_DEPTH if most == HAND_IN_BYTES else BODY_DEPTH)
        finally:
            if large:
                self.server.large.release()  # type: ignore[attr-defined]

    def _reply(self, status: int, data: dict | None, retry: float = 0.0) -> None:
        body = b"" if data is None else json.dumps(data, ensure_ascii=False).encode()
        self.send_response(status)
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
        self.send_header("Access-Control-Allow-Headers", "Content-Type, X-Teacher-Key")
        self.send_header("Access-Control-Max-Age", "600")
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        if retry:
            self.send_header("Retry-After", str(max(1, math.ceil(retry))))
        if data is not None:
            self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _code(self, body: dict) -> None:
        assert self.hub is not None
        wrong, address = self.server.wrong_codes, self.client_address[0]  # type: ignore[attr-defined]
        if wait := wrong.take(address, 0):
            raise Refused(429, "too_many", "Too many wrong class codes: wait.", wait)
        try:
            self.hub.check_code(body)
        except Refused as refused:
            if refused.code == "wrong_code":
                wrong.take(address)
            raise

    def _device(self, body: dict) -> None:
        device = body.get("device")
        wait = self.server.by_device.take(str(device)[:64])  # type: ignore[attr-defined]
        if wait:
            raise Refused(429, "too_many", "Too many requests from this device: wait.", wait)

    def class_status(self, body: dict) -> dict:
        return {"ok": True, "hub": "mancala-widgets", "version": 1}

    def class_join(self, body: dict) -> dict:
        assert self.hub is not None
        self._code(body)
        if "device" in body:  # optional: then the device counts as joined at once
            self._device(body)
            self.hub.record("join", body)
        return {"ok": True, "student": check_line(body.get("student"), "student")}

    def class_answer(self, body: dict) -> dict:
        assert self.hub is not None
        self._code(body)
        self._device(body)
        self.hub.record("answer", body)
        return {"ok": True}

    def class_progress(self, body: dict) -> dict:
        assert self.hub is not None
        self._code(body)
        self._device(body)
        self.hub.record("progress", body)
        return {"ok": True}

    def class_receive(self, body: dict) -> dict:
        assert self.hub is not None
        self._code(body)
        return self.hub.hand_in(check_hand_in(body.get("hand_in")))

    def class_info(self, body: dict) -> dict:
        assert self.hub is not None
        self.hub.check_key(self.headers.get("X-Teacher-Key"))
        code = self.hub.code
        return {
            "ok": True,
            "code": code,
            "address": self.address,
            "join": f"{self.address}?class={code}",
        }

    def class_live(self, body: dict) -> dict:
        assert self.hub is not None
        self.hub.check_key(self.headers.get("X-Teacher-Key"))
        query = urllib.parse.parse_qs(self.path.split("?", 1)[1] if "?" in self.path else "")
        return self.hub.live(names=query.get("names") == ["1"])

    def class_hand_ins(self, body: dict) -> dict:
        """Every hand-in received, for the marking notebook in the teacher's browser (the
        classroom site's Python cannot read the laptop's folder)."""
        assert self.hub is not None
        self.hub.check_key(self.headers.get("X-Teacher-Key"))
        return self.hub.received()

    def log_message(self, format: str, *args: object) -> None:
        if self.server.quiet:  # type: ignore[attr-defined]
            return
        super().log_message(format, *args)


class Server(ThreadingHTTPServer):
    """A thread per connection, and a watchdog that cuts off a client too slow to send its
    request: a thread waiting on it would otherwise wait for as long as it dribbles."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], handler: type, quiet: bool = False) -> None:
        super().__init__(address, handler)
        self.quiet = quiet
        self.by_address = Buckets(*ADDRESS_BUCKET)
        self.large = threading.BoundedSemaphore(LARGE_AT_ONCE)
        self.by_device = Buckets(*DEVICE_BUCKET)
        self.wrong_codes = Buckets(*WRONG_CODE_BUCKET)
        self.deadlines: dict[socket.socket, float] = {}
        self.deadlines_lock = threading.Lock()
        self.connections: dict[str, int] = {}  # address -> connections open
        self.accepted: dict[Any, str] = {}
        self.stopping = threading.Event()
        self.watchdog = threading.Thread(target=self._cut_slow_clients, daemon=True)
        self.watchdog.start()

    def verify_request(self, request: Any, client_address: Any) -> bool:
        """Take a connection only while its address holds fewer than its share."""
        address = client_address[0]
        with self.deadlines_lock:
            if self.connections.get(address, 0) >= CONNECTIONS_PER_ADDRESS:
                return False
            self.connections[address] = self.connections.get(address, 0) + 1
            self.accepted[request] = address
        return True

    def shutdown_request(self, request: Any) -> None:
        with self.deadlines_lock:
            address = self.accepted.pop(request, None)
            if address is not None:
                left = self.connections[address] - 1
                if left:
                    self.connections[address] = left
                else:
                    del self.connections[address]
        super().shutdown_request(request)

    def watch(self, connection: socket.socket, seconds: float) -> None:
        with self.deadlines_lock:
            self.deadlines[connection] = time.monotonic() + seconds * self.slowness

    def forget(self, connection: socket.socket) -> None:
        with self.deadlines_lock:
            self.deadlines.pop(connection, None)

    slowness = 1.0  # tests shorten the deadlines

    def _cut_slow_clients(self) -> None:
        while not self.stopping.wait(0.25):
            moment = time.monotonic()
            with self.deadlines_lock:
                late = [c for c, d in self.deadlines.items() if d < moment]
                for c in late:
                    del self.deadlines[c]
            for connection in late:
                try:
                    connection.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def server_close(self) -> None:
        self.stopping.set()
        super().server_close()
        hub = self.RequestHandlerClass.hub  # type: ignore[attr-defined]
        if hub is not None:
            hub.close()


# ---------------------------------------------------------------------------------------
# Starting it.
# ---------------------------------------------------------------------------------------


def class_address() -> str:
    """This computer's address on the network students share (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            return s.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def make_server(
    root: Path,
    port: int,
    bind: str,
    quiet: bool = False,
    hand_ins: Path | None = None,
    slowness: float = 1.0,
) -> Server:
    """A server of the site at ``root``; with ``hand_ins``, also the class's hub writing
    there. ``slowness`` scales the time a client has to send a request (tests shorten it)."""
    site = Site(root, exclude=hand_ins)
    hub = Hub(hand_ins, site_questions(site)) if hand_ins is not None else None
    handler: type[Handler] = type("SiteHandler", (Handler,), {"site": site, "hub": hub})
    try:
        server = Server((bind, port), handler, quiet)
    except OSError:
        if hub is not None:
            hub.close()
        raise
    server.slowness = slowness
    host = class_address() if bind in ("0.0.0.0", "") else bind
    handler.address = f"http://{host}:{server.server_address[1]}/"
    return server


def main(argv: list[str] | None = None, default_site: Path | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="serve",
        description="Serve the classroom site to a class, and run the class's hub: hand-ins "
        "and live answers (--read-only: the site alone).",
    )
    parser.add_argument(
        "site",
        nargs="?",
        type=Path,
        default=default_site or Path.cwd(),
        help="the site's folder (default: this one)",
    )
    parser.add_argument("--port", type=int, default=8000, help="the port (default: 8000)")
    parser.add_argument(
        "--bind", default="0.0.0.0", help="the address to listen on (default: every network)"
    )
    parser.add_argument("--quiet", action="store_true", help="do not list every request")
    parser.add_argument(
        "--hand-ins",
        type=Path,
        default=Path("hand-ins"),
        help="the folder the students' hand-ins go to (default: hand-ins, in this folder)",
    )
    parser.add_argument(
        "--read-only", action="store_true", help="serve the site only: no hub, nothing written"
    )
    args = parser.parse_args(argv)
    print(f"Preparing {args.site} (each file read and compressed once)...", flush=True)
    hand_ins = None if args.read_only else args.hand_ins.resolve()
    try:
        server = make_server(args.site, args.port, args.bind, args.quiet, hand_ins)
    except OSError as e:
        parser.error(f"--port {args.port}: cannot listen there ({e.strerror or e})")
    handler = server.RequestHandlerClass
    site, hub = handler.site, handler.hub  # type: ignore[attr-defined]
    port = server.server_address[1]
    said = [
        f"Serving {len(site.files)} files ({site.size / 1e6:.0f} MB).",
        f"Students open:  {handler.address}",  # type: ignore[attr-defined]
    ]
    if hub is not None:
        said += [
            f"Class code: {hub.code}",
            f"Teacher's page (this computer only): http://127.0.0.1:{port}/hub/#key={hub.key}",
            f"Hand-ins are written to: {hub.folder}",
        ]
    said += [
        f"On this computer: http://127.0.0.1:{port}/",
        "Every device must be on the same network as this computer. Ctrl+C stops.",
    ]
    print("\n".join(said), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nStopped.")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    # As the site's own serve.py: the site is the folder this file is in.
    sys.exit(main(default_site=Path(os.path.dirname(os.path.abspath(__file__)))))
