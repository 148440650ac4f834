"""The lesson notebooks as a teacher gets them: ``python -m mancala_widgets lessons``.

The notebooks travel inside the package (the wheel carries them as
``mancala_widgets/notebooks/``); in a checkout they are the repository's
``notebooks/``. :func:`copy_lessons` copies them, with the teacher guides, into a
folder of the teacher's own, where running and saving them changes nothing
installed.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as tmp:
...     copied = copy_lessons(Path(tmp) / "lessons")
...     sorted(p.relative_to(tmp).as_posix() for p in copied.files)[:2]
['lessons/01-start-here.ipynb', 'lessons/02-kisolo-pussa-kanawa.ipynb']
>>> start_notebook("ko")
'ko/01-start-here.ipynb'
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from os import PathLike
from pathlib import Path

from ..rules.common import shown
from ..rules.files import write_atomic

PACKAGE = Path(__file__).resolve().parent.parent


class LessonsFolderError(ValueError):
    """The folder cannot take the lessons (not empty, or not a folder)."""


def notebooks_folder() -> Path:
    """The lessons: installed with the package, or the checkout's notebooks/."""
    for folder in (PACKAGE / "notebooks", PACKAGE.parent / "notebooks"):
        if (folder / "01-start-here.ipynb").exists():
            return folder
    raise FileNotFoundError(
        f"no lesson notebooks in {PACKAGE / 'notebooks'} (installed) or "
        f"{PACKAGE.parent / 'notebooks'} (a checkout)"
    )


def start_notebook(locale: str = "en") -> str:
    """The first lesson in ``locale``, relative to the copy: Korean is in ko/."""
    return "01-start-here.ipynb" if locale == "en" else f"{locale}/01-start-here.ipynb"


@dataclass
class Copied:
    """What :func:`copy_lessons` did: the files it wrote, the student's edited copies
    it kept beside them (each lesson and its ``.bak-<time>`` copy), and the symbolic
    links it replaced by the lesson itself (the files they pointed to untouched)."""

    files: list[Path] = field(default_factory=list)
    kept: list[tuple[Path, Path]] = field(default_factory=list)
    unlinked: list[Path] = field(default_factory=list)


def copy_lessons(folder: str | PathLike, force: bool = False) -> Copied:
    """Copy every lesson notebook (English at the top, Korean in ko/) and the teacher
    guides (teacher/, teacher/ko/) into ``folder``, in the layout their links expect.
    A folder that is not empty is refused unless ``force``, which replaces the lessons
    there and leaves any other file alone.

    Nothing is ever written outside ``folder``: a lesson's place that is a symbolic link
    to a file is replaced by the lesson (the linked file is not touched); a folder on
    the way that is a link, or a lesson's place that is a folder, stops the copy before
    anything is written. A lesson a student has changed is kept beside the new one as
    ``NAME.bak-<date>-<time>``. Every file is written whole or not at all."""
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise LessonsFolderError(
            f"DIR = {shown(str(folder))} is a file: name a folder (made if missing)"
        )
    if folder.is_dir() and any(folder.iterdir()) and not force:
        raise LessonsFolderError(
            f"DIR = {shown(str(folder))} is not empty: name a new or empty folder, or add --force "
            "to copy the lessons over the ones there (to open the lessons already there: "
            f'jupyter lab "{folder}")'
        )
    source = notebooks_folder()
    plan = [(path, folder / path.relative_to(source)) for path in _lesson_files(source)]
    for _, target in plan:  # every check before the first file is written
        _check_place(folder, target)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    done = Copied()
    for path, target in plan:
        data = path.read_bytes()
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.is_symlink():
            target.unlink()  # the link itself, not the file it points to
            done.unlinked.append(target)
        elif target.exists() and target.read_bytes() != data:
            backup = _free_name(target, stamp)
            write_atomic(backup, target.read_bytes())
            done.kept.append((target, backup))
        write_atomic(target, data)
        done.files.append(target)
    return done


def _lesson_files(source: Path) -> list[Path]:
    return [
        path
        for path in sorted(source.rglob("*"))
        if path.is_file()
        and path.suffix in (".ipynb", ".md")
        and ".ipynb_checkpoints" not in path.relative_to(source).parts
    ]


def _check_place(folder: Path, target: Path) -> None:
    """Refuse a lesson's place that would take the copy outside ``folder``."""
    place = folder
    for part in target.relative_to(folder).parts[:-1]:
        place = place / part
        if place.is_symlink():
            raise LessonsFolderError(
                f"{place} is a symbolic link (to {os.readlink(place)}): the lessons are "
                "not copied through it, so nothing outside DIR is written; remove or "
                "rename the link, then copy again (nothing was copied)"
            )
        if place.exists() and not place.is_dir():
            raise LessonsFolderError(
                f"{place} is a file where the lessons need a folder: rename it, then copy "
                "again (nothing was copied)"
            )
    if target.is_dir() and not target.is_symlink():
        raise LessonsFolderError(
            f"{target} is a folder where a lesson goes: rename it, then copy again "
            "(nothing was copied)"
        )


def _free_name(target: Path, stamp: str) -> Path:
    backup = target.with_name(f"{target.name}.bak-{stamp}")
    n = 2
    while backup.exists() or backup.is_symlink():
        backup, n = target.with_name(f"{target.name}.bak-{stamp}-{n}"), n + 1
    return backup


def restore_notebook(notebook: str, folder: Path, locale: str = "en") -> tuple[Path, Path | None]:
    """Put the lesson notebook ``notebook`` (in ``folder``, of the language ``locale``)
    back as it shipped, keeping the student's copy beside it as
    ``NAME.mine-<date>-<time>.ipynb``; returns (the notebook, the copy kept, or None
    when there was no notebook there to keep). In the
    classroom site the notebook gets the site's first cell again."""
    import json
    import sys

    relative = notebook if locale == "en" else f"{locale}/{notebook}"
    shipped = notebooks_folder() / relative
    if not shipped.is_file() or "/" in notebook or not notebook.endswith(".ipynb"):
        raise LessonsFolderError(f"{notebook!r} is not a lesson notebook that ships")
    data = shipped.read_bytes()
    if "pyodide" in sys.modules:  # the classroom site's copy starts with its own cell
        from .site import site_notebook

        nb = site_notebook(json.loads(data), locale)
        data = (json.dumps(nb, indent=1, ensure_ascii=False) + "\n").encode("utf-8")
    target = folder / notebook
    stamp = time.strftime("%Y%m%d-%H%M%S")
    kept = folder / f"{target.stem}.mine-{stamp}.ipynb"
    n = 2
    while kept.exists():
        kept, n = folder / f"{target.stem}.mine-{stamp}-{n}.ipynb", n + 1
    if not target.exists():
        write_atomic(target, data)
        return target, None
    write_atomic(kept, target.read_bytes())
    write_atomic(target, data)
    return target, kept
