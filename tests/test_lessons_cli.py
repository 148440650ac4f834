"""`python -m mancala_widgets lessons [DIR]`: a teacher's copy of the lessons (both
languages, with the teacher guides), opened in JupyterLab unless --no-lab."""

import doctest
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mancala_widgets import __main__ as cli
from mancala_widgets.classroom import lessons as classroom

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def lesson_files(folder: Path) -> list[str]:
    return sorted(
        str(p.relative_to(folder))
        for p in folder.rglob("*")
        if p.is_file() and p.suffix in (".ipynb", ".md") and ".ipynb_checkpoints" not in p.parts
    )


def test_copies_the_lessons_in_both_languages_with_the_teacher_guides(tmp_path, capsys):
    folder = tmp_path / "class 7b"
    assert cli.main(["lessons", str(folder), "--no-lab"]) == 0
    copied = lesson_files(folder)
    assert copied == lesson_files(NOTEBOOKS)
    assert {
        "02-kisolo-pussa-kanawa.ipynb",
        "ko/02-kisolo-pussa-kanawa.ipynb",
        "teacher/README.md",
        "teacher/ko/README.md",
    } <= set(copied)
    lessons = [p for p in copied if p.endswith(".ipynb") and not p.startswith("teacher/")]
    languages = {"en", *(p.split("/")[0] for p in lessons if "/" in p)}
    assert {"en", "ko", "fr", "sw"} <= languages
    assert len(lessons) == 8 * len(languages)  # eight lessons in each language
    assert {"teacher/mark-the-class.ipynb", "teacher/ko/mark-the-class.ipynb"} <= set(copied)
    for name in copied:
        assert (folder / name).read_bytes() == (NOTEBOOKS / name).read_bytes()
    assert str(folder / "01-start-here.ipynb") in capsys.readouterr().out


def test_the_korean_lessons_open_in_korean(tmp_path, capsys):
    assert cli.main(["lessons", str(tmp_path / "lessons"), "--locale", "ko", "--no-lab"]) == 0
    assert str(tmp_path / "lessons" / "ko" / "01-start-here.ipynb") in capsys.readouterr().out
    assert (tmp_path / "lessons" / "ko" / "01-start-here.ipynb").exists()


def test_the_swahili_lessons_open_in_swahili(tmp_path, capsys):
    assert cli.main(["lessons", str(tmp_path / "lessons"), "--locale", "sw", "--no-lab"]) == 0
    assert str(tmp_path / "lessons" / "sw" / "01-start-here.ipynb") in capsys.readouterr().out


def test_a_folder_that_is_not_empty_is_refused_without_force(tmp_path, capsys):
    (tmp_path / "my notes.txt").write_text("mine")
    with pytest.raises(SystemExit) as exit:
        cli.main(["lessons", str(tmp_path), "--no-lab"])
    assert exit.value.code == 2
    err = capsys.readouterr().err
    assert "is not empty" in err and "--force" in err and str(tmp_path) in err
    assert [p.name for p in tmp_path.iterdir()] == ["my notes.txt"]  # nothing copied


def test_force_copies_over_the_lessons_and_keeps_other_files(tmp_path):
    (tmp_path / "my notes.txt").write_text("mine")
    (tmp_path / "01-start-here.ipynb").write_text("a student's edits")
    assert cli.main(["lessons", str(tmp_path), "--no-lab", "--force"]) == 0
    assert (tmp_path / "my notes.txt").read_text() == "mine"
    assert (tmp_path / "01-start-here.ipynb").read_bytes() == (
        NOTEBOOKS / "01-start-here.ipynb"
    ).read_bytes()
    assert set(lesson_files(NOTEBOOKS)) <= set(lesson_files(tmp_path))


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--locale", "de"], "invalid choice: 'de'"),
        (["--lab"], "unrecognized arguments: --lab"),
        (["one", "two"], "unrecognized arguments: two"),
    ],
)
def test_bad_arguments_exit_with_status_2_and_copy_nothing(
    tmp_path, monkeypatch, capsys, argv, message
):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exit:
        cli.main(["lessons", *argv, "--no-lab"])
    assert exit.value.code == 2
    assert message in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_a_file_given_as_the_folder_is_refused(tmp_path, capsys):
    (tmp_path / "lessons").write_text("")
    with pytest.raises(SystemExit) as exit:
        cli.main(["lessons", str(tmp_path / "lessons"), "--no-lab"])
    assert exit.value.code == 2
    assert "is a file" in capsys.readouterr().err


def test_without_no_lab_it_opens_jupyterlab_on_the_first_lesson(tmp_path, monkeypatch):
    calls = []

    def jupyterlab(*args):
        calls.append(args[-1] if len(args) == 2 else args[0])
        raise SystemExit(0)  # the command has become JupyterLab, which ran and ended

    monkeypatch.setattr(os, "execve", lambda path, args, env: jupyterlab(path, args))
    monkeypatch.setattr(subprocess, "call", lambda args, env=None: jupyterlab(args))
    with pytest.raises(SystemExit):
        cli.main(["lessons", str(tmp_path / "lessons"), "--locale", "ko"])
    [cmd] = calls
    assert cmd[:3] == [sys.executable, "-m", "jupyterlab"]
    assert f"--ServerApp.root_dir={tmp_path / 'lessons'}" in cmd
    assert cmd[-1] == str(tmp_path / "lessons" / "ko" / "01-start-here.ipynb")


def test_jupyterlab_itself_opens_in_the_lessons_language_where_it_has_a_pack(tmp_path, monkeypatch):
    envs = []

    def jupyterlab(path, args, env=None):
        envs.append(env)
        raise SystemExit(0)

    monkeypatch.setattr(os, "execve", jupyterlab)
    monkeypatch.setattr(subprocess, "call", lambda args, env=None: jupyterlab(None, args, env))
    monkeypatch.setenv("JUPYTER_CONFIG_PATH", "/somewhere/else")
    with pytest.raises(SystemExit):
        cli.main(["lessons", str(tmp_path / "ko-class"), "--locale", "ko"])
    [env] = envs
    first, rest = env["JUPYTER_CONFIG_PATH"].split(os.pathsep)
    assert rest == "/somewhere/else"  # the teacher's own configuration is still read
    overrides = Path(first) / "labconfig" / "default_setting_overrides.json"
    assert json.loads(overrides.read_text()) == {
        "@jupyterlab/translation-extension:plugin": {"locale": "ko_KR"}
    }
    with pytest.raises(SystemExit):
        cli.main(["lessons", str(tmp_path / "en-class")])
    assert (
        "JUPYTER_CONFIG_PATH" not in envs[1] or envs[1]["JUPYTER_CONFIG_PATH"] == "/somewhere/else"
    )


def test_without_jupyterlab_it_copies_and_says_what_to_install(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "jupyterlab", None)  # import jupyterlab fails
    assert cli.main(["lessons", str(tmp_path / "lessons")]) == 1
    err = capsys.readouterr().err
    assert 'pip install "mancala-widgets[lab]"' in err
    assert f'jupyter lab "{tmp_path / "lessons" / "01-start-here.ipynb"}"' in err
    assert (tmp_path / "lessons" / "01-start-here.ipynb").exists()


def test_the_command_line_runs_as_a_teacher_types_it(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "mancala_widgets", "lessons", "copy", "--no-lab"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert lesson_files(tmp_path / "copy") == lesson_files(NOTEBOOKS)
    again = subprocess.run(
        [sys.executable, "-m", "mancala_widgets", "lessons", "copy", "--no-lab"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert again.returncode == 2 and "--force" in again.stderr


def test_the_installed_lessons_are_found_before_a_checkout(tmp_path, monkeypatch):
    installed = tmp_path / "mancala_widgets"
    (installed / "notebooks").mkdir(parents=True)
    (installed / "notebooks" / "01-start-here.ipynb").write_text("{}")
    monkeypatch.setattr(classroom, "PACKAGE", installed)
    assert classroom.notebooks_folder() == installed / "notebooks"
    (installed / "notebooks" / "01-start-here.ipynb").unlink()
    with pytest.raises(FileNotFoundError, match="no lesson notebooks"):
        classroom.notebooks_folder()


def test_docstring_examples_run():
    result = doctest.testmod(classroom)
    assert result.failed == 0 and result.attempted > 0
