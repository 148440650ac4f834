"""The planted bugs (tools/planted_bugs.py) are each caught, and a rule's bug on every
path a move is played by: run here so that CI shows it on every change."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow


def test_every_planted_bug_is_caught_and_every_rule_bug_on_every_path():
    run = subprocess.run(
        [sys.executable, "tools/planted_bugs.py"], cwd=ROOT, capture_output=True, text=True
    )
    lines = run.stdout.splitlines()
    assert lines and lines[0] == "clean copy: passes", run.stdout[-2000:] + run.stderr[-2000:]
    missed = [line for line in lines if "NOT CAUGHT" in line or "no test fails" in line]
    assert not missed, "\n".join(missed)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    rule_bugs = [line for line in lines if "on every path" in line]
    assert len(rule_bugs) >= 6, "each rule's bug was checked on every path"
