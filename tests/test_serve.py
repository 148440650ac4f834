"""`python -m mancala_widgets serve SITE` (and the site's own serve.py): the classroom
site served read-only to a class, compressed, cacheable, with the right types, and
nothing outside SITE, however the path is written."""

import gzip
import http.client
import os
import random
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from mancala_widgets.classroom import serve

WASM = bytes(range(256)) * 4000  # compressible, like Python's runtime
LESSON = b'{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}' * 40


@pytest.fixture
def site(tmp_path):
    root = tmp_path / "site"
    (root / "build").mkdir(parents=True)
    (root / "static" / "pyodide").mkdir(parents=True)
    (root / "files" / "ko").mkdir(parents=True)
    (root / "lab").mkdir()
    (root / "empty").mkdir()
    (root / "index.html").write_text("<!DOCTYPE html><title>Lessons</title>" * 50)
    (root / "lab" / "index.html").write_text("<!DOCTYPE html><title>Lab</title>")
    (root / "build" / "jlab_core.a86436d.js").write_text("console.log('core');" * 100)
    (root / "build" / "bootstrap.js").write_text("console.log('boot');" * 100)
    (root / "static" / "pyodide" / "pyodide.asm.wasm").write_bytes(WASM)
    (root / "static" / "pyodide" / "pyodide.asm.mjs").write_text("export default 1;" * 100)
    (root / "files" / "ko" / "02-kisolo.ipynb").write_bytes(LESSON)
    (root / "pypi").mkdir()
    # A wheel whose files are compressed already (random bytes do not compress), and one
    # that stores them as they are.
    (root / "pypi" / "mancala_widgets-0.1.0-py3-none-any.whl").write_bytes(random.randbytes(4000))
    (root / "pypi" / "stored-1.0-py3-none-any.whl").write_bytes(b"PK\x03\x04" * 500)
    secret = tmp_path / "secret.txt"
    secret.write_text("the teacher's marks")
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "marks.csv").write_text("Amina,10")
    (root / "files" / "leak.txt").symlink_to(secret)
    (root / "files" / "elsewhere").symlink_to(tmp_path / "outside", target_is_directory=True)
    (root / "files" / "same.ipynb").symlink_to(root / "files" / "ko" / "02-kisolo.ipynb")
    return root


@pytest.fixture
def server(site):
    httpd = serve.make_server(site, 0, "127.0.0.1", quiet=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield httpd.server_address[1]
    httpd.shutdown()
    httpd.server_close()


def get(port, path, method="GET", headers=None):
    """A request as sent, path and all (http.client does not tidy the path up)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.putrequest(method, path, skip_accept_encoding=True)
    for k, v in (headers or {}).items():
        conn.putheader(k, v)
    conn.endheaders()
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response, body


def test_files_come_compressed_with_their_types(server):
    response, body = get(
        server, "/static/pyodide/pyodide.asm.wasm", headers={"Accept-Encoding": "gzip, deflate"}
    )
    assert response.status == 200
    assert response.getheader("Content-Type") == "application/wasm"
    assert response.getheader("Content-Encoding") == "gzip"
    assert gzip.decompress(body) == WASM and len(body) < len(WASM) / 10
    response, body = get(server, "/static/pyodide/pyodide.asm.wasm")
    assert response.getheader("Content-Encoding") is None and body == WASM, "asked for nothing"
    for path, kind in [
        ("/build/bootstrap.js", "text/javascript"),
        ("/static/pyodide/pyodide.asm.mjs", "text/javascript"),
        ("/files/ko/02-kisolo.ipynb", "application/json"),
        ("/index.html", "text/html"),
        ("/pypi/mancala_widgets-0.1.0-py3-none-any.whl", "application/zip"),
    ]:
        response, _ = get(server, path)
        assert response.status == 200 and response.getheader("Content-Type").startswith(kind), path
    response, body = get(
        server, "/pypi/mancala_widgets-0.1.0-py3-none-any.whl", headers={"Accept-Encoding": "gzip"}
    )
    assert response.getheader("Content-Encoding") is None, "a wheel is compressed already"
    response, body = get(
        server, "/pypi/stored-1.0-py3-none-any.whl", headers={"Accept-Encoding": "gzip"}
    )
    assert response.getheader("Content-Encoding") == "gzip" and gzip.decompress(body).startswith(
        b"PK"
    )


def test_a_second_visit_is_answered_from_the_browsers_cache(server):
    first, _ = get(server, "/build/jlab_core.a86436d.js")
    assert "immutable" in first.getheader("Cache-Control"), "a name with a hash never changes"
    lesson, _ = get(server, "/files/ko/02-kisolo.ipynb")
    assert lesson.getheader("Cache-Control") == "no-cache", "a lesson may change: asked again"
    again, body = get(
        server, "/files/ko/02-kisolo.ipynb", headers={"If-None-Match": lesson.getheader("ETag")}
    )
    assert again.status == 304 and body == b""
    changed, body = get(server, "/files/ko/02-kisolo.ipynb", headers={"If-None-Match": '"old"'})
    assert changed.status == 200 and body == LESSON


def test_a_folder_gives_its_index_and_never_a_listing(server):
    response, body = get(server, "/")
    assert response.status == 200 and b"Lessons" in body
    response, body = get(server, "/lab/")
    assert response.status == 200 and b"Lab" in body
    for path in ("/empty/", "/files/", "/files/ko/", "/build"):
        response, body = get(server, path)
        assert response.status == 404, path
        assert b"02-kisolo" not in body and b"bootstrap" not in body


@pytest.mark.parametrize(
    "path",
    [
        "/../secret.txt",
        "/files/../../secret.txt",
        "/%2e%2e/secret.txt",
        "/%2E%2E/%2e%2e/secret.txt",
        "/..%2fsecret.txt",
        "/files%2f..%2f..%2fsecret.txt",
        "/%252e%252e/secret.txt",
        "//etc/passwd",
        "/etc/passwd",
        "/files/leak.txt",
        "/files/elsewhere/marks.csv",
        "/files\\..\\..\\secret.txt",
        "/files/ko/02-kisolo.ipynb%00.html",
        "secret.txt",
        "http://example.com/../secret.txt",
    ],
)
def test_nothing_outside_the_site_is_served_however_the_path_is_written(server, path):
    response, body = get(server, path)
    assert response.status in (400, 404), path
    assert b"teacher's marks" not in body and b"Amina" not in body and b"root:" not in body


def test_a_link_inside_the_site_is_served(server):
    response, body = get(server, "/files/same.ipynb")
    assert response.status == 200 and body == LESSON


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH"])
def test_the_site_is_read_only(server, site, method):
    before = sorted(p.name for p in site.rglob("*"))
    response, _ = get(server, "/files/ko/02-kisolo.ipynb", method=method)
    assert response.status == 405
    assert sorted(p.name for p in site.rglob("*")) == before


def test_head_says_what_get_would_send_without_the_body(server):
    response, body = get(server, "/index.html", method="HEAD", headers={"Accept-Encoding": "gzip"})
    assert response.status == 200 and body == b""
    full, data = get(server, "/index.html", headers={"Accept-Encoding": "gzip"})
    assert (
        response.getheader("Content-Length") == full.getheader("Content-Length") == str(len(data))
    )


def test_a_folder_that_is_not_a_site_is_refused_with_a_clear_message(tmp_path):
    with pytest.raises(SystemExit, match="not a site"):
        serve.Site(tmp_path)


def start(cmd, cwd):
    proc = subprocess.Popen(
        cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    lines = []
    for line in proc.stdout:
        lines.append(line)
        if line.startswith("On this computer"):
            return proc, "".join(lines)
    proc.wait()
    raise AssertionError("".join(lines))


@pytest.mark.parametrize("how", ["module", "script"])
def test_the_command_and_the_sites_own_script_print_the_address_students_type(site, how):
    if how == "module":
        cmd = [sys.executable, "-m", "mancala_widgets", "serve", str(site), "--port", "0"]
        cmd += ["--hand-ins", str(site.parent / "hand-ins")]
        cwd = None
    else:  # a teacher with only Python and the site folder: no package installed
        shutil.copy(serve.__file__, site / "serve.py")
        cmd = [sys.executable, "-I", "serve.py", "--port", "0"]
        cwd = site
    proc, said = start(cmd, cwd)
    try:
        assert "Students open:  http://" in said
        port = int(said.split("On this computer: http://127.0.0.1:")[1].split("/")[0])
        response, body = get(port, "/index.html")
        assert response.status == 200 and b"Lessons" in body
    finally:
        proc.terminate()
        proc.wait(10)


def test_the_server_needs_nothing_but_the_standard_library():
    source = Path(serve.__file__).read_text()
    imported = {
        line.split()[1].split(".")[0]
        for line in source.splitlines()
        if line.startswith(("import ", "from ")) and not line.startswith("from __future__")
    }
    assert imported <= set(sys.stdlib_module_names), imported - set(sys.stdlib_module_names)
    # One file a teacher can read (it ships alone as the site's serve.py): the site's files
    # and the class's hub, in sections.
    assert os.path.getsize(serve.__file__) < 56_000, "a small script a teacher can read"
