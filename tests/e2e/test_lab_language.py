"""`lessons --locale ko` opens JupyterLab with its own menus in Korean: the command as a
teacher types it, a real JupyterLab, a real browser."""

import json
import subprocess
import sys
import uuid

import pytest
from conftest import free_port, private_env, stop, wait_for_server
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_the_lessons_command_opens_jupyterlab_in_the_lessons_language(page, tmp_path):
    home = tmp_path / "home"
    env = private_env(home)
    port, token = free_port(), uuid.uuid4().hex
    (home / "config").mkdir(parents=True)
    (home / "config" / "jupyter_server_config.json").write_text(
        json.dumps(
            {
                "ServerApp": {"port": port, "ip": "127.0.0.1", "open_browser": False},
                "IdentityProvider": {"token": token},
            }
        )
    )
    log = open(home / "lab.log", "w")
    command = [sys.executable, "-m", "mancala_widgets", "lessons", str(tmp_path / "class")]
    proc = subprocess.Popen(
        [*command, "--locale", "ko"], env=env, stdout=log, stderr=subprocess.STDOUT
    )
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for_server(f"{base}/api/status?token={token}", proc, home / "lab.log")
        page.goto(f"{base}/lab/tree/ko/01-start-here.ipynb?token={token}")
        menus = page.locator("#jp-menu-panel")
        expect(menus.get_by_role("menuitem", name="파일", exact=True)).to_be_visible(timeout=60_000)
        expect(menus.get_by_role("menuitem", name="File", exact=True)).to_have_count(0)
    finally:
        stop(proc)
        log.close()
