"""Planted bugs: each must make at least one test fail, and a rule's bug every path's.

    .venv/bin/python tools/planted_bugs.py      # also run by `python3 dev.py mutants`

Each bug is one small edit (old text -> new text, found exactly once, so the tool
stops loudly when the code it edits moves). The tracked files of the checkout are
copied to a temporary folder; the tests run there unchanged first (they must
pass), then once per bug with its edit applied (at least one must fail). Python
bugs run the rules and lesson tests with the copy's package first on the path;
the front-end bug runs vitest in the copy, with the checkout's node_modules.

A bug in a rule is planted in the one place the rule is decided (rules/kisolo/turn.py,
rules/kiothi/sowing.py, rules/kiothi/): ``tests/test_paths.py`` must then fail on every
path a move is played by (traced, untraced, integer actions, OpenSpiel), which shows
that no path has a copy of the rule of its own.
Prints one line per bug and exits 1 if the clean copy fails or a bug is not caught.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PY_TESTS = [
    "tests/test_paths.py",
    "tests/test_kisolo_rules.py",
    "tests/test_kiothi_rules.py",
    "tests/test_record.py",
    "tests/test_vectors.py",
    "tests/test_properties.py",
    "tests/test_lessons.py",
]
JS_TESTS = ["js/lesson.test.ts", "js/board.test.ts", "js/render.test.ts", "js/widget.test.ts"]


@dataclass(frozen=True)
class Bug:
    name: str
    path: str
    old: str
    new: str
    #: A rule's bug: tests/test_paths.py must fail on every path.
    rule: bool = False


PATHS = ("traced", "untraced", "actions", "openspiel")
TURN, SOWING = "mancala_widgets/rules/kisolo/turn.py", "mancala_widgets/rules/kiothi/sowing.py"
KIOTHI_BOARD, KIOTHI = (
    "mancala_widgets/rules/kiothi/board.py",
    "mancala_widgets/rules/kiothi/state.py",
)
BUGS = [
    # docs/rules.md, pussa kanawa: the relay lifts the hole after the landing hole, not the
    # landing hole.
    Bug(
        "landing-hole relay",
        TURN,
        "        else:  # the relay\n            b[n] = 0\n",
        "        else:  # the relay\n"
        "            n = last\n            m = b[n]\n            b[n] = 0\n",
        rule=True,
    ),
    # A mid-move capture needs a landing hole that was occupied (step 5).
    Bug(
        "mid-move capture from an empty landing",
        TURN,
        "if occupied and m and across >= 0 and b[across]:",
        "if m and across >= 0 and b[across]:",
        rule=True,
    ),
    # Kiothi capture: an nki boma cannot be captured.
    Bug("no nki check", SOWING, "elif n[opp]:", "elif False:", rule=True),
    # Leftmost triple: three bomas, at the player's indices 1, 2 and 3.
    Bug("two-boma triple", KIOTHI_BOARD, "for i in (1, 2, 3)", "for i in (1, 2)", rule=True),
    # The first-lap restriction applies to the first lap only, not to relay laps.
    Bug(
        "restriction on every lap",
        SOWING,
        "            b[x] += 1\n        held = b[x]\n    return b, x, lap, None, None\n",
        "            b[x] += 1\n        held = b[x]\n"
        "        if held > 1 and first_lap_forbidden(c, rules, p)[x]:\n"
        "            return FORBIDDEN\n    return b, x, lap, None, None\n",
        rule=True,
    ),
    # End of game: the warriors left go to the player who can still move.
    Bug(
        "sweep to the wrong player",
        KIOTHI,
        "to = (1 - q) if other_can",
        "to = q if other_can",
        rule=True,
    ),
    # Only Kisolo has the draw by repetition (docs/rules.md).
    Bug(
        "repetition draw in Kiothi",
        KIOTHI,
        "            return self._after_sowing(played, trace)\n",
        "            after = self._after_sowing(played, trace)\n"
        "            if history is not None and history.get(after.key(), 0) >= 2:\n"
        "                after.status, after.reason = 'draw', 'repetition'\n"
        "            return after\n",
    ),
    # start-here step 4: South's outer hole 1 holds 4 stones, so the last one falls in
    # outer hole 5, as the step's explanation says; with 5 stones the answer moves on.
    Bug(
        "wrong lesson answer",
        "mancala_widgets/lessons/start-here.json",
        "[\n      4,\n      0,\n      0,\n      0,\n      0,\n      0,\n      0\n     ]",
        "[\n      5,\n      0,\n      0,\n      0,\n      0,\n      0,\n      0\n     ]",
    ),
    # A lesson's label drawn on the board must be text, never parsed as markup.
    Bug(
        "label set as HTML",
        "js/render.ts",
        "text.textContent = label.text",
        "text.innerHTML = label.text",
    ),
]


def copy_checkout(dest: Path) -> None:
    """The checkout as it is (tracked files and new ones git does not ignore), plus
    what the tests need that git ignores: the front-end fixtures, the built front
    end, node_modules."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    )
    for name in filter(None, listed.stdout.decode().split("\0")):
        if (ROOT / name).is_file():  # not deleted in the working tree
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, dest / name)
    for ignored in ("js/__fixtures__", "mancala_widgets/static"):
        if (ROOT / ignored).is_dir():
            shutil.copytree(ROOT / ignored, dest / ignored)
    (dest / "node_modules").symlink_to(ROOT / "node_modules")


def python_env(copy: Path) -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(copy), "PYTHONDONTWRITEBYTECODE": "1"}
    env["MANCALA_TEST_SCALE"] = "0.05"
    # The conformance vectors' shared/ folder is found beside the checkout, not the copy.
    shared = next((p / "shared" for p in ROOT.parents if (p / "shared" / "vectors").is_dir()), None)
    if shared and "MANCALA_SHARED" not in env:
        env["MANCALA_SHARED"] = str(shared)
    return env


def failed_pytest(copy: Path) -> list[str]:
    cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *PY_TESTS]
    run = subprocess.run(cmd, cwd=copy, env=python_env(copy), capture_output=True, text=True)
    lines = run.stdout.splitlines()
    failed = [line.split()[1] for line in lines if line.startswith(("FAILED ", "ERROR "))]
    return failed or ([f"pytest exited with {run.returncode}"] if run.returncode else [])


def failed_vitest(copy: Path) -> list[str]:
    out = copy / "vitest-report.json"
    cmd = [shutil.which("npx") or "npx", "vitest", "run", *JS_TESTS, "--reporter=json"]
    env = {**os.environ, "MW_PYTHON": sys.executable}  # the fixtures' set-up
    run = subprocess.run(
        [*cmd, f"--outputFile={out}"], cwd=copy, env=env, capture_output=True, text=True
    )
    if not out.exists():
        return [f"vitest exited with {run.returncode}: {run.stderr.strip()[-300:]}"]
    failed = []
    for result in json.loads(out.read_text())["testResults"]:
        file = Path(result["name"]).relative_to(copy)
        tests = [t["fullName"] for t in result["assertionResults"] if t["status"] == "failed"]
        if result["status"] == "failed" and not tests:
            tests = ["(the file did not run)"]
        failed += [f"{file} > {t}" for t in tests]
    out.unlink()
    return failed or ([f"vitest exited with {run.returncode}"] if run.returncode else [])


def paths_missed(copy: Path) -> list[str]:
    """The paths on which no test of tests/test_paths.py fails."""
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_paths.py"]
    run = subprocess.run(cmd, cwd=copy, env=python_env(copy), capture_output=True, text=True)
    failed = [line.split()[1] for line in run.stdout.splitlines() if line.startswith("FAILED ")]
    return [path for path in PATHS if not any(f"[{path}-" in test for test in failed)]


def failures(copy: Path, bug: Bug | None) -> list[str]:
    if bug is None:
        return failed_pytest(copy) + failed_vitest(copy)
    if bug.path.startswith("js/"):
        return failed_vitest(copy)
    failed = failed_pytest(copy)
    if bug.rule:
        missed = paths_missed(copy)
        if missed:  # caught or not, a path plays the broken rule unnoticed
            print(f"  {bug.name}: no test fails on the path(s) {', '.join(missed)}")
            return []
        failed.append(f"and tests/test_paths.py on every path ({', '.join(PATHS)})")
    return failed


def check_imports_copy(copy: Path) -> None:
    code = "import mancala_widgets; print(mancala_widgets.__file__)"
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=copy, env=python_env(copy), capture_output=True, text=True
    )
    if not Path(run.stdout.strip()).is_relative_to(copy):
        sys.exit(f"the copy imports mancala_widgets from {run.stdout.strip() or run.stderr}")


def one_line(text: str) -> str:
    return " ".join(text.split())


def main() -> int:
    code = 0
    with tempfile.TemporaryDirectory(prefix="planted-bugs-") as tmp:
        copy = Path(tmp)
        copy_checkout(copy)
        check_imports_copy(copy)
        clean = failures(copy, None)
        print(f"clean copy: {'FAILS ' + ', '.join(clean) if clean else 'passes'}", flush=True)
        if clean:
            return 1
        for bug in BUGS:
            target = copy / bug.path
            original = target.read_text(encoding="utf-8")
            found = original.count(bug.old)
            if found != 1:
                print(f"{bug.name}: the edit's old text is found {found} times in {bug.path}")
                code = 1
                continue
            target.write_text(original.replace(bug.old, bug.new), encoding="utf-8")
            try:
                failed = failures(copy, bug)
            finally:
                target.write_text(original, encoding="utf-8")
            edit = f"{bug.path}: {one_line(bug.old)!r} -> {one_line(bug.new)!r}"
            print(f"{bug.name}: {edit}: {'; '.join(failed) or 'NOT CAUGHT'}", flush=True)
            code |= not failed
    return code


if __name__ == "__main__":
    sys.exit(main())
