"""A teacher's pip install: the release's wheel (built from a clean copy of the
checkout by tools/release.py, as `python3 dev.py release` does), installed with its
[lab] extra into a fresh virtual environment with no Node on the PATH, and then
the one command a teacher types, `python -m mancala_widgets lessons DIR`, which
copies the lessons and starts JupyterLab. A student runs the pussa kanawa
notebook there, steps its lesson and plays a move the kernel reads back."""

import json
import os
import shutil
import subprocess
import time
import uuid
import venv
from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import ARTIFACTS, free_port, ours, private_env, stop, wait_for_server
from lesson_steps import PUSSA_KANAWA, pussa_kanawa_as_a_student, wait_for_notebook

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]

NODE = ("node", "nodejs", "npm", "npx", "corepack")


def path_without_node(first: Path) -> str:
    folders = [
        p
        for p in os.environ["PATH"].split(os.pathsep)
        if p and not any((Path(p) / tool).exists() for tool in NODE)
    ]
    return os.pathsep.join([str(first), *folders])


@pytest.fixture(scope="module")
def teacher(tmp_path_factory, released):
    """The release's wheel installed for a teacher, JupyterLab started by the lessons
    command."""
    tmp = tmp_path_factory.mktemp("wheel")
    wheel = released.wheel
    built = time.monotonic()
    env_dir = tmp / "venv"
    venv.create(env_dir, with_pip=True)
    bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    home = tmp / "home"
    env = {**private_env(home), "PATH": path_without_node(bin_dir), "VIRTUAL_ENV": str(env_dir)}
    env.pop("PYTHONPATH", None)
    assert shutil.which("node", path=env["PATH"]) is None
    assert shutil.which("npm", path=env["PATH"]) is None
    subprocess.run(
        [str(bin_dir / "python"), "-m", "pip", "install", "--quiet", f"{wheel}[lab]"],
        env=env,
        check=True,
        cwd=tmp,
    )
    installed = time.monotonic()
    print(f"wheel installed with [lab] in {installed - built:.0f} s")

    port, token = free_port(), uuid.uuid4().hex
    config = home / "config"
    config.mkdir(parents=True)
    (config / "jupyter_server_config.json").write_text(
        json.dumps(
            {
                "ServerApp": {
                    "ip": "127.0.0.1",
                    "port": port,
                    "port_retries": 0,
                    "open_browser": False,
                    "token": token,
                }
            }
        )
    )
    settings = env_dir / "share" / "jupyter" / "lab" / "settings"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "overrides.json").write_text(
        json.dumps(  # the "news" toast covers the page
            {
                "@jupyterlab/apputils-extension:notification": {
                    "checkForUpdates": False,
                    "fetchNews": "false",
                }
            }
        )
    )
    lessons = tmp / "class"
    log = tmp / "lessons.log"
    # The teacher's command: it copies the lessons, then runs JupyterLab until stopped.
    proc = subprocess.Popen(
        [str(bin_dir / "python"), "-m", "mancala_widgets", "lessons", str(lessons)],
        env=env,
        cwd=tmp,
        stdout=open(log, "w"),
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    wait_for_server(f"{base}/api/status?token={token}", proc, log)
    yield SimpleNamespace(
        url=base, token=token, lessons=lessons, python=bin_dir / "python", env=env
    )
    stop(proc)


def test_the_wheel_carries_the_front_end_and_the_lessons(teacher):
    files = subprocess.run(
        [
            str(teacher.python),
            "-c",
            "import mancala_widgets, pathlib; p = pathlib.Path(mancala_widgets.__file__).parent; "
            "print(*sorted(str(f.relative_to(p)) for f in p.rglob('*') "
            "if 'notebooks' in f.parts or 'static' in f.parts), sep='\\n')",
        ],
        capture_output=True,
        text=True,
        check=True,
        env=teacher.env,
        cwd=teacher.lessons,
    ).stdout.split()
    assert {
        "static/widget.js",
        "static/widget.css",
        "notebooks/02-kisolo-pussa-kanawa.ipynb",
        "notebooks/ko/02-kisolo-pussa-kanawa.ipynb",
        "notebooks/teacher/README.md",
        "notebooks/teacher/ko/README.md",
    } <= set(files)
    assert (teacher.lessons / "ko" / "01-start-here.ipynb").exists()
    assert (teacher.lessons / "teacher" / "ko" / "README.md").exists()


def test_the_sdist_carries_the_rules_and_the_documentation(released):
    import tarfile

    with tarfile.open(released.sdist) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    assert {"docs/rules.md", "docs/conf.py", "docs/index.md", "README.md"} <= names
    assert not any(name.startswith("docs/_build") for name in names)


def test_a_student_takes_the_pussa_kanawa_lesson_from_the_teachers_install(
    teacher, browser, request
):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(e) if ours(e) else None)
    try:
        page.goto(f"{teacher.url}/lab/tree/{PUSSA_KANAWA}?token={teacher.token}")
        wait_for_notebook(page, PUSSA_KANAWA, "Python 3 (ipykernel)", timeout=60_000)
        pussa_kanawa_as_a_student(page)
    finally:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"))
        context.close()
    assert not errors, [str(e) for e in errors]
