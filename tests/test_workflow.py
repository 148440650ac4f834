"""The GitHub workflow is only wiring: each of its steps that runs something is one
`python3 dev.py` command that this project's own CI runs too, and what it publishes
is what tools/release.py writes."""

import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
sys.path.insert(0, str(ROOT))
import dev  # noqa: E402


def steps():
    jobs = yaml.safe_load(WORKFLOW.read_text())["jobs"]
    return [(name, step) for name, job in jobs.items() for step in job.get("steps", [])]


def test_every_command_the_workflow_runs_is_one_dev_py_command():
    runs = [(job, step["run"]) for job, step in steps() if "run" in step]
    assert runs, "the workflow runs the tests and the release"
    known = set(re.findall(r'^\s+"(\w+)": lambda', (ROOT / "dev.py").read_text(), re.M))
    for job, command in runs:
        match = re.fullmatch(r"python3 dev\.py (\w+)", command.strip())
        assert match, f"{job}: {command!r} is not one dev.py command"
        assert match.group(1) in known, f"{job}: dev.py has no command {match.group(1)!r}"
    assert {c.split()[-1] for _, c in runs} == {"test", "release"}


def test_it_publishes_what_the_release_writes():
    uses = {step.get("uses", "").split("@")[0]: step for _, step in steps()}
    assert uses["actions/upload-pages-artifact"]["with"]["path"] == "dist/site"
    release = (ROOT / "tools" / "release.py").read_text()
    assert 'outdir / "site"' in release
    assert "pypa/gh-action-pypi-publish" in uses
    packages = next(s for _, s in steps() if s.get("with", {}).get("name") == "packages")
    assert packages["with"]["path"].split() == ["dist/*.whl", "dist/*.tar.gz"], "no zip to PyPI"


def test_dev_py_release_is_the_tools_release_command():
    assert "tools/release.py" in Path(dev.__file__).read_text()
