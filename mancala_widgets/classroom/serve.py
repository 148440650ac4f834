"""Serve the classroom site to a class from a laptop, with nothing but Python.

    python -m mancala_widgets serve [SITE] [--port 8000] [--bind 0.0.0.0]
    python serve.py [--port 8000]          # the same, from the site's own folder

It prints the address students type (the laptop's address on the class network),
then serves the files of SITE, read-only, to every device that asks:

- compressed (gzip, and Brotli where the ``brotli`` package is installed), each file
  compressed once, when the server starts, so thirty students cost no more work than
  one;
- with the right types (``application/wasm`` for Python's runtime, JavaScript modules,
  JSON, wheels) and headers that let a browser keep what it fetched: the files whose
  names carry a hash of their contents are kept for a year, the rest are checked again
  (a second visit then moves almost nothing);
- only files under SITE: a path that climbs out of it (``..``, encoded or not), an
  absolute path, a symbolic link that leads outside, a folder without an
  ``index.html`` (no listings) or any method but GET and HEAD is refused.

This file uses the standard library only and imports nothing from the package, so the
site carries a copy of it as ``serve.py`` for a teacher who has Python and the site
folder (or its zip), and nothing else.
"""

from __future__ import annotations

import argparse
import email.utils
import gzip
import hashlib
import mimetypes
import os
import posixpath
import socket
import sys
import urllib.parse
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

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


class Site:
    """The files of a site folder, each read and compressed once."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        if not (self.root / "index.html").is_file():
            raise SystemExit(
                f"{root}: not a site (there is no index.html). Name the folder that holds "
                "the classroom site (python3 dev.py site builds it; the site's zip holds it)."
            )
        self.files: dict[str, _File] = {}
        for path in sorted(self.root.rglob("*")):
            if path.is_file() and self.inside(path):
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


class Handler(BaseHTTPRequestHandler):
    site: Site
    server_version = "mancala-widgets-serve"
    sys_version = ""
    # Keep-alive: a lesson's page asks for about a hundred files, over a few connections.
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:  # noqa: N802 (the name http.server calls)
        self._send(head=False)

    def do_HEAD(self) -> None:  # noqa: N802
        self._send(head=True)

    def _refuse(self) -> None:
        self.send_error(HTTPStatus.METHOD_NOT_ALLOWED, "This site is read-only")

    do_POST = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _refuse  # noqa: N815

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

    def log_message(self, format: str, *args: object) -> None:
        if self.server.quiet:  # type: ignore[attr-defined]
            return
        super().log_message(format, *args)


def class_address() -> str:
    """This computer's address on the network students share (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            return s.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def make_server(root: Path, port: int, bind: str, quiet: bool = False) -> ThreadingHTTPServer:
    handler = type("SiteHandler", (Handler,), {"site": Site(root)})
    server = ThreadingHTTPServer((bind, port), handler)
    server.daemon_threads = True
    server.quiet = quiet  # type: ignore[attr-defined]
    return server


def main(argv: list[str] | None = None, default_site: Path | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="serve", description="Serve the classroom site to a class, read-only."
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
    args = parser.parse_args(argv)
    print(f"Preparing {args.site} (each file read and compressed once)...", flush=True)
    try:
        server = make_server(args.site, args.port, args.bind, args.quiet)
    except OSError as e:
        parser.error(f"--port {args.port}: cannot listen there ({e.strerror or e})")
    site = server.RequestHandlerClass.site  # type: ignore[attr-defined]
    host = class_address() if args.bind in ("0.0.0.0", "") else args.bind
    port = server.server_address[1]
    print(
        f"Serving {len(site.files)} files ({site.size / 1e6:.0f} MB).\n"
        f"Students open:  http://{host}:{port}/\n"
        f"On this computer: http://127.0.0.1:{port}/\n"
        "Every device must be on the same network as this computer. Ctrl+C stops.",
        flush=True,
    )
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
