"""The lesson notebooks as a teacher gets them: ``python -m mancala_widgets lessons``.

The notebooks travel inside the package (the wheel carries them as
``mancala_widgets/notebooks/``); in a checkout they are the repository's
``notebooks/``. :func:`copy_lessons` copies them, with the teacher guides, into a
folder of the teacher's own, where running and saving them changes nothing
installed.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as tmp:
...     copied = copy_lessons(Path(tmp) / "lessons")
...     sorted(p.relative_to(tmp).as_posix() for p in copied)[:2]
['lessons/01-start-here.ipynb', 'lessons/02-kisolo-pussa-kanawa.ipynb']
>>> start_notebook("ko")
'ko/01-start-here.ipynb'
"""

from __future__ import annotations

import shutil
from os import PathLike
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent


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


def copy_lessons(folder: str | PathLike, force: bool = False) -> list[Path]:
    """Copy every lesson notebook (English at the top, Korean in ko/) and the teacher
    guides (teacher/, teacher/ko/) into ``folder``, in the layout their links expect;
    returns the files copied. A folder that is not empty is refused unless ``force``,
    which replaces the lessons there (and leaves any other file alone)."""
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise LessonsFolderError(
            f"DIR = {str(folder)!r} is a file: name a folder (made if missing)"
        )
    if folder.is_dir() and any(folder.iterdir()) and not force:
        raise LessonsFolderError(
            f"DIR = {str(folder)!r} is not empty: name a new or empty folder, or add --force "
            "to copy the lessons over the ones there (to open the lessons already there: "
            f'jupyter lab "{folder}")'
        )
    source = notebooks_folder()
    copied = []
    for path in sorted(source.rglob("*")):
        relative = path.relative_to(source)
        if (
            not path.is_file()
            or path.suffix not in (".ipynb", ".md")
            or ".ipynb_checkpoints" in relative.parts
        ):
            continue
        target = folder / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
        copied.append(target)
    return copied
