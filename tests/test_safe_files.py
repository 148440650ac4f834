"""Files the package writes: whole or not at all, and never outside the folder asked
for. A kill, a full disk or an error while writing leaves the file that was there
before as it was; copying the lessons never writes through a symbolic link."""

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mancala_widgets import KisoloBoard
from mancala_widgets import __main__ as cli
from mancala_widgets.classroom import copy_lessons, notebooks_folder
from mancala_widgets.handouts import write_handouts
from mancala_widgets.lessons import load_lesson
from mancala_widgets.rules import files
from mancala_widgets.rules.record import GameRecord, RecordTooDeepError
from mancala_widgets.rules.record_file import MAX_NESTING

from test_record import CYCLE_START, cycle_moves, nested_record

ROOT = Path(__file__).resolve().parents[1]


def cycled(times: int, columns_start=CYCLE_START) -> GameRecord:
    rec = GameRecord("kisolo", start={**columns_start, "repetition_draw": False})
    for _ in range(times):
        for move in cycle_moves():
            rec.play(move)
    return rec


def folder_listing(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.is_symlink()
    }


@pytest.mark.slow
def test_a_save_killed_at_any_moment_leaves_a_record_that_loads(tmp_path):
    # A child process saves two records in turn, over and over; it is killed with
    # SIGKILL after a few saves, most often in the middle of one. Each time the file
    # must load, as one of the two records.
    long, short = cycled(60), cycled(20)
    for name, rec in (("long", long), ("short", short)):
        rec.save(tmp_path / f"{name}.json")
    child = (
        "import sys\n"
        "from mancala_widgets.rules.record import GameRecord\n"
        "records = [GameRecord.load(p) for p in sys.argv[2:]]\n"
        "print('ready', flush=True)\n"
        "i = 0\n"
        "while True:\n"
        "    records[i % 2].save(sys.argv[1])\n"
        "    i += 1\n"
        "    print(i, flush=True)\n"
    )
    target = tmp_path / "game.json"
    wanted = {json.dumps(long.to_json()), json.dumps(short.to_json())}
    for round_ in range(12):
        proc = subprocess.Popen(
            [
                sys.executable,
                "-c",
                child,
                str(target),
                str(tmp_path / "long.json"),
                str(tmp_path / "short.json"),
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert proc.stdout is not None
        assert proc.stdout.readline() == "ready\n"
        for _ in range(1 + round_ % 4):  # a different number of saves each round
            proc.stdout.readline()
        proc.kill()
        proc.wait()
        proc.stdout.close()
        assert json.dumps(GameRecord.load(target).to_json()) in wanted
    leftovers = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert len(leftovers) <= 12, "at most the one temporary file of each killed save"


def fail_to_sync(monkeypatch):
    """The disk fills up: syncing the new file to the disk fails."""

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(files.os, "fsync", full)


def save_record(folder: Path):
    cycled(2).save(folder / "game.json")


def save_board(folder: Path):
    board = KisoloBoard()
    board.play({"type": "capture", "column": 3})
    board.save(folder / "game.json")


def write_all_handouts(folder: Path):
    write_handouts(folder, lessons=["nki"])


def copy_the_lessons(folder: Path):
    copy_lessons(folder, force=True)


WRITERS = [save_record, save_board, write_all_handouts, copy_the_lessons]


@pytest.mark.parametrize("write", WRITERS, ids=lambda f: f.__name__)
def test_a_full_disk_leaves_every_file_written_before_as_it_was(tmp_path, monkeypatch, write):
    write(tmp_path)  # a first, good copy
    (tmp_path / "01-start-here.ipynb").write_text("a student's edits")
    before = folder_listing(tmp_path)
    fail_to_sync(monkeypatch)
    with pytest.raises(OSError) as e:
        write(tmp_path)
    assert "No space left on device" in str(e.value)
    assert folder_listing(tmp_path) == before, "every file is as it was, nothing added"
    assert not [p for p in tmp_path.rglob("*") if p.name.endswith(".tmp")]


def test_a_record_that_cannot_be_serialised_leaves_the_old_file_byte_for_byte(tmp_path):
    path = tmp_path / "game.json"
    good = cycled(3)
    good.save(path)
    before = path.read_bytes()
    too_deep = nested_record(MAX_NESTING + 1)
    with pytest.raises(RecordTooDeepError, match="delete or promote some variations"):
        too_deep.save(path)
    board = KisoloBoard(position={**CYCLE_START, "repetition_draw": False})
    board.load_record(path)
    board._record = too_deep
    with pytest.raises(ValueError, match="a record file holds at most"):
        board.save(path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    assert GameRecord.load(path).to_json() == good.to_json()


def test_a_save_into_a_missing_folder_says_where(tmp_path):
    with pytest.raises(OSError, match="cannot write .*nowhere.*No such file"):
        cycled(1).save(tmp_path / "nowhere" / "game.json")


def test_a_save_keeps_the_files_permissions_and_replaces_a_link_without_following_it(tmp_path):
    path = tmp_path / "game.json"
    cycled(1).save(path)
    path.chmod(0o640)
    cycled(2).save(path)
    assert path.stat().st_mode & 0o777 == 0o640
    outside = tmp_path / "outside.json"
    outside.write_text("someone else's file")
    link = tmp_path / "linked.json"
    link.symlink_to(outside)
    cycled(1).save(link)
    assert outside.read_text() == "someone else's file"
    assert not link.is_symlink() and GameRecord.load(link).to_json() == cycled(1).to_json()


# -- copying the lessons ---------------------------------------------------------------


def test_force_replaces_a_linked_lesson_and_leaves_the_file_it_pointed_to(tmp_path, capsys):
    folder, outside = tmp_path / "class", tmp_path / "elsewhere.ipynb"
    folder.mkdir()
    outside.write_text("a file outside the class folder")
    (folder / "01-start-here.ipynb").symlink_to(outside)
    assert cli.main(["lessons", str(folder), "--no-lab", "--force"]) == 0
    assert outside.read_text() == "a file outside the class folder"
    lesson = folder / "01-start-here.ipynb"
    assert not lesson.is_symlink()
    assert lesson.read_bytes() == (notebooks_folder() / "01-start-here.ipynb").read_bytes()
    assert f"replaced the symbolic link {lesson}" in capsys.readouterr().out


@pytest.mark.parametrize("linked", ["ko", "teacher", "teacher/ko"])
def test_force_refuses_a_linked_folder_and_writes_nothing(tmp_path, capsys, linked):
    folder, outside = tmp_path / "class", tmp_path / "elsewhere"
    (folder / linked).parent.mkdir(parents=True, exist_ok=True)
    outside.mkdir()
    (folder / "notes.txt").write_text("mine")
    (folder / linked).symlink_to(outside, target_is_directory=True)
    before = folder_listing(folder)
    with pytest.raises(SystemExit) as exit:
        cli.main(["lessons", str(folder), "--no-lab", "--force"])
    assert exit.value.code == 2
    err = capsys.readouterr().err
    assert f"{folder / linked} is a symbolic link" in err and "nothing was copied" in err
    assert list(outside.iterdir()) == []
    assert folder_listing(folder) == before


def test_force_keeps_a_students_edited_lesson_beside_the_new_one(tmp_path, capsys):
    edited = tmp_path / "02-kisolo-pussa-kanawa.ipynb"
    edited.write_text("a student's answers")
    unchanged = tmp_path / "01-start-here.ipynb"
    unchanged.write_bytes((notebooks_folder() / "01-start-here.ipynb").read_bytes())
    assert cli.main(["lessons", str(tmp_path), "--no-lab", "--force"]) == 0
    (backup,) = tmp_path.glob("02-kisolo-pussa-kanawa.ipynb.bak-*")
    assert backup.read_text() == "a student's answers"
    assert edited.read_bytes() == (notebooks_folder() / edited.name).read_bytes()
    assert not list(tmp_path.glob("01-start-here.ipynb.bak-*")), "an unchanged lesson needs no copy"
    assert f"kept the changed {edited.name} as {backup}" in capsys.readouterr().out
    # A second copy the same second keeps a second backup, never over the first.
    edited.write_text("more answers")
    copied = copy_lessons(tmp_path, force=True)
    assert len(list(tmp_path.glob("02-kisolo-pussa-kanawa.ipynb.bak-*"))) == 2
    assert [lesson for lesson, _ in copied.kept] == [edited]


# -- handouts ---------------------------------------------------------------------------


def long_named_lesson():
    data = json.loads((ROOT / "mancala_widgets" / "lessons" / "nki.json").read_text())
    return {**data, "id": ("a-lesson-with-a-very-long-name-" * 10)[:300]}


def test_a_lesson_with_a_300_character_id_gets_its_handout_under_a_name_that_fits(tmp_path):
    lesson = long_named_lesson()
    assert len(lesson["id"]) == 300
    paths = write_handouts(tmp_path, lessons=[lesson])
    # Nine handouts that do not depend on the lesson (boards, cards, the record sheet, the
    # glossary), then the lesson's.
    assert len(paths) == 10 and all(len(p.name) < 100 for p in paths)
    assert paths[-1].name.startswith("lesson-a-lesson-with-a-very-long-name-")
    other = {**lesson, "id": lesson["id"][:-1] + "x"}
    again = write_handouts(tmp_path, lessons=[lesson, other])
    assert again[-1].name != again[-2].name, "two long ids that differ get two files"


def test_handouts_that_fail_part_way_write_nothing(tmp_path, monkeypatch):
    (tmp_path / "kisolo-rules.a4.en.html").write_text("last year's card")
    before = folder_listing(tmp_path)
    real = files.write_atomic
    calls = []

    def fail_on_the_fourth(path, text):
        calls.append(path)
        if len(calls) == 4:
            raise OSError(errno.EACCES, "Permission denied")
        real(path, text)

    monkeypatch.setattr("mancala_widgets.handouts.write_atomic", fail_on_the_fourth)
    with pytest.raises(OSError, match="Permission denied"):
        write_handouts(tmp_path, lessons=["nki", load_lesson("pussa-kanawa")])
    assert folder_listing(tmp_path) == before
    assert [p.name for p in tmp_path.iterdir()] == ["kisolo-rules.a4.en.html"]


def test_brackets_and_quotes_inside_strings_do_not_count_as_nesting():
    assert files.nesting('{"a": "[[[{", "b": ["\\\\", "\\"]]"]}') == 2
    assert files.nesting('"\\\\\\"[["') == 0
    assert files.nesting('[{"x": "}}}"}, [[]]]') == 3


def test_a_broken_hand_in_of_unclosed_quotes_is_refused_with_its_reason():
    """A file of escaped quotes that never closes (400 kB): counting its nesting once
    tried again from every quote, a quarter of an hour of the marking notebook's only
    interpreter. Marked in a thread given 60 s: only a prompt refusal passes."""
    import threading

    from mancala_widgets.classroom import mark

    broken = b'{"student": "' + b'\\"' * 200_000
    found: list = []
    marking = threading.Thread(target=lambda: found.append(mark(("broken.handin.json", broken))))
    marking.daemon = True
    marking.start()
    marking.join(60)
    assert not marking.is_alive(), "still counting brackets after a minute"
    (marks,) = found
    (problem,) = marks.problems
    assert "broken.handin.json" in str(problem) and marks.works == []
