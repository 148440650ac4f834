"""Set up everything and run the lessons or the tests (only needs Python, Node and npm).

    python3 dev.py lab             # set up, then open the lessons in JupyterLab
    python3 dev.py test            # set up, then run every test layer
    python3 dev.py test --quick    # the inner loop: no browser, no slow tests (< 2 min)
    python3 dev.py docs            # set up, then build the documentation in docs/_build/html
    python3 dev.py bench           # set up, then print the benchmarks' figures
    python3 dev.py bench --site    # set up, then print the classroom site's figures
    python3 dev.py site            # set up, then build the classroom site (JupyterLite) in site/
    python3 dev.py wheel           # set up, then build the release wheel and sdist in dist/
    python3 dev.py release         # set up, then build dist/: the wheel, the sdist, the site's zip,
                                   # and the site with the documentation (dist/site/docs/)
    python3 dev.py mutants         # planted bugs, then mutation testing: kill rates, survivors
    python3 dev.py mutants --fresh # the same, forgetting the results of earlier runs

Set-up is idempotent: a virtual environment in .venv, the package installed
editable with its development extras, the front end built with npm, and (for
the tests) a Chromium for the browser tests.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
NPM = shutil.which("npm") or "npm"


def run(*cmd, **kw):
    print("+", " ".join(map(str, cmd)), flush=True)
    subprocess.run([str(c) for c in cmd], cwd=ROOT, check=True, **kw)


def setup():
    if sys.version_info < (3, 11):  # noqa: UP036 (dev.py may be run by an older python3)
        sys.exit(f"Python 3.11 or newer is needed, this is {sys.version.split()[0]}")
    if not PY.exists():
        venv.create(VENV, with_pip=True)
    run(PY, "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    run(
        NPM, "ci" if (ROOT / "package-lock.json").exists() else "install", "--no-audit", "--no-fund"
    )
    run(NPM, "run", "build")
    run(PY, "-m", "pip", "install", "--quiet", "-e", ".", "--group", "dev")


def chromium() -> None:
    """The browser tests use Debian's Chromium where there is one (CI installs
    it), else Playwright's own build."""
    if os.environ.get("CI") == "true" and shutil.which("apt-get") and os.geteuid() == 0:
        # Korean fonts, so the screenshots of the Korean lessons are legible.
        missing = [
            p
            for p, f in (
                ("chromium", "/usr/bin/chromium"),
                ("fonts-nanum", "/usr/share/fonts/truetype/nanum"),
            )
            if not os.path.exists(f)
        ]
        if missing:
            run("apt-get", "update", "-qq")
            run("apt-get", "install", "-y", "-qq", *missing)
        return
    if os.environ.get("MANCALA_CHROMIUM") or shutil.which("chromium"):
        return
    run(PY, "-m", "playwright", "install", "chromium")


def test(extra: list[str]) -> int:
    quick = "--quick" in extra
    extra = [a for a in extra if a != "--quick"]
    if quick and PY.exists() and (ROOT / "node_modules").exists():
        run(NPM, "run", "build")  # set up before: only the front end is rebuilt
    else:
        setup()
    if not quick:
        chromium()
    run(NPM, "run", "typecheck")
    # Python's static checks (configured in pyproject.toml): any finding stops the run.
    run(PY, "-m", "ruff", "check", ".")
    run(PY, "-m", "ruff", "format", "--check", ".")
    run(PY, "-m", "mypy")
    # The documentation, every warning an error (tools/build_docs.py).
    run(PY, "tools/build_docs.py")
    run(PY, "tests/make_js_fixtures.py")  # real engine traces for the front-end tests
    run(NPM, "test")
    # Both cores: the browser tests share one JupyterLab on one worker, the rest spread.
    args = ["-n", "auto", "--dist", "loadgroup"]
    env = dict(os.environ)
    if quick:
        # Everything but the browser and the slow tests, and a twentieth of the random games.
        args += ["-m", "(not slow and not browser) or properties"]
        env["MANCALA_TEST_SCALE"] = "0.05"
    return subprocess.run([str(PY), "-m", "pytest", *args, *extra], cwd=ROOT, env=env).returncode


def bench(extra: list[str]) -> int:
    """Print the benchmarks' figures (engine and browser); --site: the classroom site's
    and its class hub's."""
    setup()
    chromium()
    if "--site" in extra:
        code = subprocess.run([str(PY), "tools/bench_site.py"], cwd=ROOT).returncode
        # The class hub: 40 students for 2 minutes, with a kill -9 half-way.
        return code | subprocess.run([str(PY), "tools/bench_hub.py"], cwd=ROOT).returncode
    code = 0
    if (ROOT / "mancala_widgets" / "bench.py").exists():
        code |= subprocess.run([str(PY), "-m", "mancala_widgets.bench"], cwd=ROOT).returncode
    code |= subprocess.run(
        [str(PY), "-m", "pytest", "-q", "-s", "tests/e2e/bench_browser.py"], cwd=ROOT
    ).returncode
    return code


#: JupyterLab opens copies of the lessons here (git-ignored), so running and saving
#: them never changes the notebooks in the checkout.
WORKSPACE = ROOT / "lessons-workspace"


def copy_new(source: Path, dest: Path) -> None:
    """Copy the files under ``source`` that ``dest`` does not have yet; a copy
    already there (perhaps with a student's work) is kept as it is."""
    for path in sorted(source.rglob("*")):
        target = dest / path.relative_to(source)
        if path.is_file() and not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)


def mutants(extra: list[str]) -> int:
    """Mutation testing: the planted bugs of tools/planted_bugs.py (each must fail a
    test), mutmut on the rules engine (goal: 90% killed) and StrykerJS on the front
    end's view state and input handling (goal: 80%). Prints the kill rates and every
    surviving mutant. Slow (hours on two cores): not part of CI. Both tools keep their
    results (mutants/, reports/stryker-incremental.json) and test again only what
    changed, so a run stopped part way goes on where it stopped; --fresh starts over.
    The goals are met only when every mutant has been checked."""
    unknown = [a for a in extra if a != "--fresh"]
    if unknown:
        print(f"unknown option {unknown[0]}: expected --fresh", file=sys.stderr)
        return 2
    fresh = "--fresh" in extra
    setup()
    run(PY, "tests/make_js_fixtures.py")
    planted = subprocess.run([str(PY), "tools/planted_bugs.py"], cwd=ROOT).returncode
    env = {**os.environ, "MANCALA_TEST_SCALE": "0.05"}
    if fresh:
        shutil.rmtree(ROOT / "mutants", ignore_errors=True)
    subprocess.run([str(BIN / "mutmut"), "run"], cwd=ROOT, env=env)
    subprocess.run([str(BIN / "mutmut"), "export-cicd-stats"], cwd=ROOT, env=env, check=True)
    stats = json.loads((ROOT / "mutants" / "mutmut-cicd-stats.json").read_text())
    killed = stats["killed"] + stats.get("timeout", 0)
    tested = killed + stats["survived"]
    others = ("no_tests", "skipped", "suspicious", "segfault", "check_was_interrupted_by_user")
    unchecked = stats["total"] - tested - sum(stats.get(k, 0) for k in others)
    python_rate = killed / max(1, tested)
    listing = subprocess.run(
        [str(BIN / "mutmut"), "results"], cwd=ROOT, env=env, capture_output=True, text=True
    ).stdout
    survivors = [
        line.split(":")[0].strip()
        for line in listing.splitlines()
        if line.strip().endswith("survived")
    ]
    print("\nSurviving mutants of the rules engine:")
    for name in survivors:
        print(
            subprocess.run(
                [str(BIN / "mutmut"), "show", name],
                cwd=ROOT,
                env=env,
                capture_output=True,
                text=True,
            ).stdout
        )
    stryker = [NPM, "exec", "--", "stryker", "run", "--incremental"]
    code = subprocess.run(stryker + (["--force"] if fresh else []), cwd=ROOT).returncode
    report = json.loads((ROOT / "reports" / "mutation" / "mutation.json").read_text())
    js = [m["status"] for f in report["files"].values() for m in f["mutants"]]
    js_killed = sum(s in ("Killed", "Timeout") for s in js)
    js_tested = sum(s in ("Killed", "Timeout", "Survived", "NoCoverage") for s in js)
    js_rate = js_killed / max(1, js_tested)
    caught = "each one caught" if planted == 0 else "FAILED (see its lines above)"
    print("\nplanted bugs: " + caught)
    print(
        f"rules engine (mutmut): {killed} of {tested} mutants killed, {python_rate:.1%} "
        f"(goal 90%); {len(survivors)} survived"
        + (f"; {unchecked} of {stats['total']} NOT CHECKED yet (run again)" if unchecked else "")
    )
    print(
        f"front end (StrykerJS): {js_killed} of {js_tested} mutants killed, {js_rate:.1%} "
        "(goal 80%)"
    )
    met = python_rate >= 0.9 and js_rate >= 0.8 and not unchecked
    return 0 if met and code == 0 and planted == 0 else 1


def docs() -> int:
    """The documentation site (docs/, Sphinx) in docs/_build/html, every warning an error."""
    setup()
    return subprocess.run([str(PY), "tools/build_docs.py"], cwd=ROOT).returncode


def site(extra: list[str]) -> int:
    """The static classroom site (JupyterLite) in site/: tools/build_site.py, with this
    checkout's freshly built front end in the project's wheel."""
    setup()
    return subprocess.run([str(PY), "tools/build_site.py", *extra], cwd=ROOT).returncode


def build_wheel(source: Path = ROOT, outdir: Path = ROOT / "dist", python=PY) -> Path:
    """Build the sdist and the wheel of the checkout at ``source``; the wheel's path
    (tools/release.py)."""
    sys.path.insert(0, str(ROOT / "tools"))
    from release import build_dist

    return build_dist(source, outdir, python)


def release(extra: list[str]) -> int:
    """dist/: the sdist, the wheel, the classroom site's zip, and the site unpacked with
    the documentation in it (tools/release.py)."""
    setup()
    return subprocess.run([str(PY), "tools/release.py", *extra], cwd=ROOT).returncode


def wheel() -> int:
    setup()
    path = build_wheel()
    print(
        f'Built {path.relative_to(ROOT)}: pip install "{path.relative_to(ROOT)}[lab]" '
        "installs it with no Node (then: python -m mancala_widgets lessons)."
    )
    return 0


def lab() -> int:
    setup()
    copy_new(ROOT / "notebooks", WORKSPACE)
    print(
        f"The lessons are copied to {WORKSPACE.relative_to(ROOT)}/ (the originals stay as "
        "they are).",
        flush=True,
    )
    root = ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
    return subprocess.run([str(BIN / "jupyter"), "lab", *root, str(WORKSPACE)], cwd=ROOT).returncode


def main(argv: list[str]) -> int:
    commands = {
        "lab": lambda: lab(),
        "test": lambda: test(argv[1:]),
        "docs": lambda: docs(),
        "bench": lambda: bench(argv[1:]),
        "mutants": lambda: mutants(argv[1:]),
        "site": lambda: site(argv[1:]),
        "wheel": lambda: wheel(),
        "release": lambda: release(argv[1:]),
    }
    if not argv or argv[0] not in commands:
        print(__doc__)
        return 2
    try:
        return commands[argv[0]]()
    except subprocess.CalledProcessError as e:
        print(f"failed: {' '.join(map(str, e.cmd))} (exit {e.returncode})", file=sys.stderr)
        return e.returncode or 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
