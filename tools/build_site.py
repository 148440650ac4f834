"""Build the static classroom site (JupyterLite): ``python3 dev.py site``.

    python tools/build_site.py [--output DIR]     # default: site/ in the checkout

The site holds every lesson notebook (English at the top, Korean in ko/, the
teacher guides in teacher/), the Pyodide runtime and every wheel the kernel and
the lessons install, so a browser that opens it fetches nothing from a CDN or a
package index: any static host serves it (GitHub Pages, a school server,
``python -m http.server`` on a USB stick).

How, in order (the facts behind each step are in shared/TESTING.md):
1. a build environment (pinned JupyterLite, and the widget libraries whose
   front ends the site bundles, at the versions of the wheels it ships);
2. the ``pyodide`` npm package at exactly the kernel's Pyodide version: the core
   runtime goes into static/pyodide/;
3. the wheels the kernel loads at start-up (micropip, ipython, jedi and what
   they need), downloaded from PyPI at the lock's versions, and a lock that
   lists only them, with the sha256 of the bytes actually shipped;
4. pypi/: the wheels ``%pip install mancala-widgets`` needs (piplite), this
   project's own freshly built wheel among them;
5. ``jupyter lite build``.

Downloads and the build environment are kept in .cache/site/ (git-ignored), so
a second build only redoes steps 4 and 5.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import venv
import zipfile
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import landing  # noqa: E402 (tools/ is not a package)

CACHE = ROOT / ".cache" / "site"
ENV = CACHE / "env"
DOWNLOADS = CACHE / "downloads"
ENV_SHARE = ENV / "share" / "jupyter"

#: The widget libraries at the versions the site's front end is built with: the
#: wheels the kernel installs must match the extensions bundled in the site.
WIDGETS = ["anywidget==0.11.0", "ipywidgets==8.1.9", "jupyterlab_widgets==3.0.17"]
#: What the widget libraries need at run time beyond the kernel's own packages
#: (comm is installed when the kernel starts); psygnal and typing_extensions as
#: pure wheels, for Pyodide.
WIDGET_DEPENDENCIES = [
    "comm==0.2.3",
    "psygnal==0.16.1",
    "typing_extensions==4.16.0",
    # mancala-widgets' own (simulate's progress bar).
    "tqdm==4.70.1",
]
#: JupyterLab's own menus in the lessons' languages: the build writes their translations
#: (jupyterlab_server finds the packs), and each language's copy of the Notebook
#: interface starts in its language (language_apps).
LANGUAGE_PACKS = [
    "jupyterlab_server==2.28.1",
    "jupyterlab-language-pack-fr-FR==4.5.post3",
    "jupyterlab-language-pack-ko-KR==4.5.post3",
]
BUILD_ENV = [
    "jupyterlite-core==0.8.6",
    "jupyterlite-pyodide-kernel==0.8.6",
    "jupyter_server==2.21.1",
    *WIDGETS,
    *LANGUAGE_PACKS,
]
#: What the kernel loads from pyodide-lock.json when it starts; their
#: dependencies are found in the lock.
KERNEL_PACKAGES = ["micropip", "ipython", "jedi"]
#: The core runtime in the pyodide npm package (its other files are not needed).
PYODIDE_FILES = [
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "pyodide.mjs",
    "pyodide.js",
    "python_stdlib.zip",
    "package.json",
]


def run(*cmd, **kw) -> subprocess.CompletedProcess:
    print("+", " ".join(map(str, cmd)), flush=True)
    return subprocess.run([str(c) for c in cmd], check=True, **kw)


def env_python() -> Path:
    return ENV / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")


def build_environment() -> Path:
    """The pinned build environment, made once and remade when the pins change."""
    stamp = ENV / "pins.txt"
    pins = "\n".join(BUILD_ENV)
    if not (stamp.exists() and stamp.read_text() == pins and env_python().exists()):
        shutil.rmtree(ENV, ignore_errors=True)
        venv.create(ENV, with_pip=True)
        run(env_python(), "-m", "pip", "install", "--quiet", *BUILD_ENV)
        stamp.write_text(pins)
    return env_python()


def kernel_constants(python: Path) -> tuple[str, str]:
    """The Pyodide version the kernel is built for and its Python version."""
    out = subprocess.run(
        [
            str(python),
            "-c",
            "from jupyterlite_pyodide_kernel import constants as c; "
            "print(c.PYODIDE_VERSION, c.PYODIDE_PYTHON_VERSION)",
        ],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    return out[0], out[1]


def fetch_pyodide(version: str) -> Path:
    """The pyodide npm package, unpacked; its folder."""
    unpacked = DOWNLOADS / f"pyodide-{version}"
    if not (unpacked / "package" / "pyodide-lock.json").exists():
        DOWNLOADS.mkdir(parents=True, exist_ok=True)
        run("npm", "pack", f"pyodide@{version}", "--silent", "--pack-destination", DOWNLOADS)
        with tarfile.open(DOWNLOADS / f"pyodide-{version}.tgz") as tar:
            tar.extractall(unpacked, filter="data")
    return unpacked / "package"


def normal(name: str) -> str:
    """A package name as PEP 503 compares them."""
    return re.sub(r"[-_.]+", "-", name).lower()


def download_pure(python: Path, requirements: list[str], python_version: str) -> list[Path]:
    """Pure-Python wheels of exactly these versions, for Pyodide's Python; cached."""
    dest = DOWNLOADS / "wheels"
    dest.mkdir(parents=True, exist_ok=True)

    def cached(req: str) -> Path | None:
        name, version = req.split("==")
        for wheel in dest.glob("*.whl"):
            n, v = wheel.name.split("-")[:2]
            if normal(n) == normal(name) and v == version:
                return wheel
        return None

    missing = [r for r in requirements if cached(r) is None]
    if missing:
        run(
            python,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--no-deps",
            "--only-binary=:all:",
            "--python-version",
            python_version,
            "--implementation",
            "py",
            "--abi",
            "none",
            "--platform",
            "any",
            "--dest",
            dest,
            *missing,
        )
    wheels = {r: cached(r) for r in requirements}
    found = [w for w in wheels.values() if w is not None]
    if len(found) < len(requirements):
        sys.exit(f"no pure wheel for {[r for r, w in wheels.items() if w is None]}")
    return found


def kernel_lock(python: Path, pyodide: Path, python_version: str, out: Path) -> None:
    """Copy the kernel's start-up wheels into ``out`` and write a lock of only
    those, each with the sha256 of the file shipped (PyPI's wheels are not
    byte-identical to Pyodide's, and a wrong hash stops the kernel silently)."""
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    packages = lock["packages"]
    key = {normal(k): k for k in packages}
    needed, todo = {}, list(KERNEL_PACKAGES)
    while todo:
        name = key[normal(todo.pop())]
        if name not in needed:
            needed[name] = dict(packages[name])
            todo += packages[name]["depends"]
    wheels = download_pure(
        python, [f"{p['name']}=={p['version']}" for p in needed.values()], python_version
    )
    for entry, wheel in zip(needed.values(), wheels, strict=True):
        shutil.copy2(wheel, out / wheel.name)
        entry["file_name"] = wheel.name
        entry["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
        entry["unvendored_tests"] = False  # the -tests packages are not shipped
    lock["packages"] = dict(sorted(needed.items()))
    (out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))


#: What the lessons need, loaded with the kernel itself by Pyodide's own loader (from the
#: lock, wheels fetched together), instead of installed one by one by piplite once the
#: kernel runs: the kernel's own packages, then the lessons' package with what it needs.
PRELOADED = ["piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython", "mancala-widgets"]


def wheel_entry(wheel: Path, url: str, environment: dict[str, str]) -> dict:
    """A pure wheel as a pyodide-lock.json entry: its name, version, the modules it
    provides, what it needs (its Requires-Dist for Pyodide's platform, no extras), the
    sha256 of its bytes, and ``url``, where it is from the lock's folder."""
    from packaging.requirements import Requirement

    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
        text = z.read(meta).decode("utf-8")
    fields = dict(
        line.split(": ", 1) for line in text.split("\n\n")[0].splitlines() if ": " in line
    )
    depends = []
    for line in text.splitlines():
        if line.startswith("Requires-Dist: "):
            req = Requirement(line[len("Requires-Dist: ") :])
            if req.marker is None or req.marker.evaluate({**environment, "extra": ""}):
                depends.append(normal(req.name))
    imports = sorted(
        {
            n.split("/")[0]
            for n in names
            if "/" in n and not n.split("/")[0].endswith((".dist-info", ".data"))
        }
        | {n[: -len(".py")] for n in names if "/" not in n and n.endswith(".py")}
    )
    return {
        "name": normal(fields["Name"]),
        "version": fields["Version"],
        "file_name": url,
        "install_dir": "site",
        "package_type": "package",
        "imports": imports,
        "depends": sorted(set(depends)),
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "unvendored_tests": False,
    }


def preload(lock_path: Path, wheels: dict[Path, str]) -> list[str]:
    """Add ``wheels`` (each with its URL from the lock's folder) to the site's lock, and
    the names to load when the kernel starts: PRELOADED and all they need."""
    lock = json.loads(lock_path.read_text())
    python = lock["info"]["python"]
    environment = {
        "python_version": ".".join(python.split(".")[:2]),
        "python_full_version": python,
        "sys_platform": "emscripten",
        "platform_system": "Emscripten",
        "platform_machine": "wasm32",
        "os_name": "posix",
        "implementation_name": "cpython",
        "platform_python_implementation": "CPython",
    }
    for wheel, url in wheels.items():
        entry = wheel_entry(wheel, url, environment)
        lock["packages"][entry["name"]] = entry
    known = {normal(name) for name in lock["packages"]}
    for entry in lock["packages"].values():  # Pyodide's loader compares names normalized
        entry["depends"] = [d for d in entry["depends"] if normal(d) in known]
    lock["packages"] = dict(sorted(lock["packages"].items()))
    lock_path.write_text(json.dumps(lock, indent=1))
    missing = [p for p in PRELOADED if p not in known]
    if missing:
        sys.exit(f"the site's lock lacks {missing}: they cannot be loaded with the kernel")
    return PRELOADED


def project_wheel(python: Path, out: Path) -> Path:
    """This project's wheel, built from the checkout (with its front end)."""
    before = set(out.glob("mancala_widgets-*.whl"))
    run(python, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", out, ROOT)
    made = set(out.glob("mancala_widgets-*.whl")) - before
    return made.pop() if made else max(out.glob("mancala_widgets-*.whl"))


def copy_notebooks(dest: Path) -> None:
    """English lessons at the top, Korean in ko/, the teacher guides in teacher/:
    the layout of notebooks/, so every link between them works. Each lesson starts
    with a cell saying that Python is starting in the browser (landing.site_cell)."""
    source = ROOT / "notebooks"
    for path in sorted(source.rglob("*")):
        relative = path.relative_to(source).as_posix()
        if not path.is_file() or path.suffix not in (".ipynb", ".md"):
            continue
        if ".ipynb_checkpoints" in path.parts:
            continue
        target = dest / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix == ".ipynb":
            notebook = json.loads(path.read_text(encoding="utf-8"))
            notebook = landing.site_notebook(notebook, landing.locale_of(relative))
            target.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n")
        else:
            shutil.copy2(path, target)


def write_pages(output: Path) -> None:
    """The site's own pages over JupyterLite's: the landing page of each language (the
    site's address opens the English one), the teacher guides rendered, the handouts,
    and serve.py, the server a teacher runs with nothing but Python."""
    from mancala_widgets.handouts import write_handouts
    from mancala_widgets.lessons import available_lessons, load_lesson, localized

    source = ROOT / "notebooks"
    lessons = landing.lessons_by_locale(source)
    locales = list(lessons)
    handouts: dict[str, dict[str, list[str]]] = {}
    for locale in locales:
        for paper in ("a4", "letter", "a3"):  # A3: the board templates only
            written = write_handouts(output / "handouts" / locale, locale=locale, paper=paper)
            paths = [p.relative_to(output).as_posix() for p in written]
            handouts.setdefault(locale, {})[paper] = paths
    guides: dict[str, list[tuple[str, str]]] = {loc: [] for loc in locales}
    for path in sorted((source / "teacher").rglob("*.md")):
        relative = path.relative_to(source).as_posix()
        locale = landing.locale_of(relative)
        text = path.read_text(encoding="utf-8")
        target = output / landing.guide_path(relative)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(landing.guide_page(text, relative, locale), encoding="utf-8")
        title = landing.heading(text) or path.stem
        guides[locale].append((landing.guide_path(relative), title))
    scripts = {name: load_lesson(name) for name in available_lessons()}
    for locale in locales:
        ordered = sorted(guides[locale], key=lambda g: (not g[0].endswith("index.html"), g[0]))
        titles = {name: localized(s.title, locale) for name, s in scripts.items()}
        page = landing.landing_page(
            locale, lessons[locale], locales, handouts[locale], ordered, titles
        )
        target = output / ("index.html" if locale == "en" else f"{locale}/index.html")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(page, encoding="utf-8")
    shutil.copy2(ROOT / "mancala_widgets" / "classroom" / "serve.py", output / "serve.py")
    write_hub(output / "hub")
    shutil.copy2(output / "lab" / "favicon.ico", output / "favicon.ico")  # what browsers ask for


def write_hub(folder: Path) -> None:
    """The teacher's live page of the class hub (serve.py serves it at /hub/): its page,
    its bundle (npm run build makes it) and every lesson's questions."""
    from mancala_widgets.classroom.questions import hub_questions_json

    folder.mkdir(parents=True, exist_ok=True)
    static = ROOT / "mancala_widgets" / "static"
    for name in ("hub.js", "hub.css"):
        if not (static / name).is_file():
            raise SystemExit(f"{static / name} is missing: run npm run build first")
        shutil.copy2(static / name, folder / name)
    shutil.copy2(ROOT / "js" / "hub.html", folder / "index.html")
    (folder / "questions.json").write_text(hub_questions_json(), encoding="utf-8")


def size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def build(output: Path, wheel: Path | None = None) -> int:
    """Build the site into ``output`` (replaced), shipping ``wheel`` (default: one built
    from the checkout now); its size in bytes."""
    python = build_environment()
    pyodide_version, python_version = kernel_constants(python)
    source = CACHE / "source"
    shutil.rmtree(source, ignore_errors=True)
    runtime = source / "static" / "pyodide"
    runtime.mkdir(parents=True)
    pyodide = fetch_pyodide(pyodide_version)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, runtime / name)
    kernel_lock(python, pyodide, python_version, runtime)

    pypi = source / "pypi"
    pypi.mkdir()
    for dependency in download_pure(python, WIDGETS + WIDGET_DEPENDENCIES, python_version):
        shutil.copy2(dependency, pypi / dependency.name)
    if wheel is None:
        project_wheel(python, pypi)
    else:
        shutil.copy2(wheel, pypi / wheel.name)

    copy_notebooks(source / "files")
    # The kernel's own wheels (piplite, the stand-in ipykernel, pyodide-kernel) and the
    # lessons' are loaded with the kernel: the lock names them where the site has them.
    extension = ENV_SHARE / "labextensions" / "@jupyterlite" / "pyodide-kernel-extension"
    wheels = {
        w: f"../../extensions/@jupyterlite/pyodide-kernel-extension/static/pypi/{w.name}"
        for w in sorted((extension / "static" / "pypi").glob("*.whl"))
        if not w.name.startswith("widgetsnbextension-3")
    }
    wheels.update({w: f"../../pypi/{w.name}" for w in sorted(pypi.glob("*.whl"))})
    preload(runtime / "pyodide-lock.json", wheels)
    kernel = "@jupyterlite/pyodide-kernel-extension:kernel"
    (source / "jupyter-lite.json").write_text(
        json.dumps(
            {
                "jupyter-lite-schema-version": 0,
                "jupyter-config-data": {
                    "appName": "Kisolo and Kiothi",
                    # %pip install finds only the wheels in pypi/, never a package index.
                    "litePluginSettings": {kernel: {"disablePyPIFallback": True}},
                    # Light or dark as the student's device is set, like the landing page.
                    "settingsOverrides": {
                        "@jupyterlab/apputils-extension:themes": {"adaptive-theme": True}
                    },
                },
            },
            indent=2,
        )
    )
    # Only the apps the site uses: the Notebook interface for the lessons, JupyterLab for
    # teachers, and the file tree the Notebook interface opens files from.
    (source / "jupyter_lite_config.json").write_text(
        json.dumps(
            {"LiteBuildConfig": {"no_sourcemaps": True, "apps": ["lab", "notebooks", "tree"]}},
            indent=2,
        )
    )

    shutil.rmtree(output, ignore_errors=True)
    run(
        python,
        "-m",
        "jupyterlite_core",
        "build",
        "--lite-dir",
        source,
        "--contents",
        source / "files",
        "--output-dir",
        output,
        cwd=source,
    )
    language_apps(output)
    write_pages(output)
    return size(output)


def language_apps(output: Path) -> list[str]:
    """For each lesson language JupyterLab has a pack for, a copy of the Notebook
    interface in that language's folder (``ko/notebooks/``), whose settings start in
    that language: the landing page opens the language's lessons there, so a Korean
    lesson has Korean menus and an English one English menus, on one site. Only the
    page and its configuration are copied (a few kB); the app itself is shared. A
    language the student picks in the Settings menu still wins. The languages made."""
    from mancala_widgets.text import JUPYTERLAB_LANGUAGES

    app = output / "notebooks"
    made = []
    for locale, language in JUPYTERLAB_LANGUAGES.items():
        if not (output / "files" / locale).is_dir():
            continue  # no lessons in that language on this site
        if not (output / "api" / "translations" / f"{language}.json").is_file():
            raise SystemExit(f"the site has no {language} translations: is its pack installed?")
        folder = output / locale / "notebooks"
        folder.mkdir(parents=True, exist_ok=True)
        page = (app / "index.html").read_text(encoding="utf-8")
        # One folder deeper: every link up to the site's root goes up once more.
        page = page.replace('href="../', 'href="../../').replace("'../", "'../../")
        page = page.replace('data-jupyter-lite-root=".."', 'data-jupyter-lite-root="../.."')
        (folder / "index.html").write_text(page, encoding="utf-8")
        shutil.copy2(app / "favicon.ico", folder / "favicon.ico")
        config = json.loads((app / "jupyter-lite.json").read_text(encoding="utf-8"))
        data = config["jupyter-config-data"]
        data["appUrl"] = f"/{locale}/notebooks"
        for key, value in data.items():
            if isinstance(value, str) and value.startswith("../"):
                data[key] = "../" + value
        data.setdefault("settingsOverrides", {})["@jupyterlab/translation-extension:plugin"] = {
            "locale": language
        }
        (folder / "jupyter-lite.json").write_text(json.dumps(config, indent=2), encoding="utf-8")
        made.append(locale)
    return made


@contextmanager
def one_build_at_a_time():
    """Two builds at once would share .cache/site/ (its environment, its source
    folder): the second waits for the first."""
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / "build.lock", "w") as lock:
        try:
            import fcntl
        except ImportError:  # Windows: no advisory locks; builds run one at a time anyway
            yield
            return
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--output",
        type=Path,
        default=ROOT / "site",
        help="the folder to build into (replaced; default: site/)",
    )
    args = parser.parse_args(argv)
    with one_build_at_a_time():
        total = build(args.output.resolve())
    print(
        f"The site is in {args.output} ({total / 1e6:.1f} MB). Try it: "
        f"python3 -m http.server --directory {args.output} 8000, then open "
        "http://127.0.0.1:8000/",
        flush=True,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
