"""The GitHub workflow is only wiring: each of its steps that runs something is one
`python3 dev.py` command that this project's own CI runs too, and what it publishes
is what tools/release.py writes, the documentation included. The README opens with
the two commands a newcomer needs, and CI runs the second."""

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


#: The README's two commands: set up and open the lessons; set up and run every test.
COMMANDS = {"lab": "open the lessons in JupyterLab", "test": "run the whole test suite"}


def test_the_readme_opens_with_what_this_is_and_the_two_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first_screen = "\n".join(readme.splitlines()[:24])
    assert "Kisolo" in first_screen and "Kiothi" in first_screen and "lessons" in first_screen
    block = re.search(r"```sh\n(.*?)```", first_screen, re.S)
    assert block, "a shell block with the two commands on the README's first screen"
    lines = block.group(1).splitlines()
    assert [line.split("#")[0].split() for line in lines] == [
        ["python3", "dev.py", name] for name in COMMANDS
    ]
    for line, what in zip(lines, COMMANDS.values(), strict=True):
        assert "set everything up" in line and what in line, line
    known = set(re.findall(r'^\s+"(\w+)": lambda', (ROOT / "dev.py").read_text(), re.M))
    assert set(COMMANDS) <= known
    assert len(readme.splitlines()) < 300, "the README stays a page a teacher reads"


def test_ci_runs_the_readmes_test_command_and_it_builds_the_docs():
    assert (ROOT / ".ci" / "run").read_text().strip().endswith("exec python3 dev.py test")
    test_command = Path(dev.__file__).read_text().split("def test(")[1].split("\ndef ")[0]
    assert '"tools/build_docs.py"' in test_command
    build = (ROOT / "tools" / "build_docs.py").read_text()
    assert '"-W", "--keep-going"' in build, "the docs build fails on any warning"


def test_the_release_puts_the_docs_in_the_published_site():
    release = (ROOT / "tools" / "release.py").read_text()
    assert 'build_docs.build(outdir / "site" / "docs", source)' in release
    assert (ROOT / "docs" / "conf.py").is_file() and (ROOT / "docs" / "index.md").is_file()


def test_the_docs_tools_are_in_the_dev_group():
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    dev_group = " ".join(project["dependency-groups"]["dev"])
    for tool in ("sphinx", "myst-parser", "pydata-sphinx-theme"):
        assert tool in dev_group, tool
