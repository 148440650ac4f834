"""What the classroom site adds to each lesson notebook: a first cell saying that Python
is starting in the browser and how to tell when it is ready (tools/build_site.py puts it
in; a lesson put back as it shipped gets it again, classroom/lessons.py)."""

from __future__ import annotations

import sys
from pathlib import Path

from ..text import catalogue

#: Seconds a lesson's Python takes to start on this project's 2-core test machine:
#: the first visit (nothing in the browser's cache), and a visit after it.
#: ``python3 dev.py bench --site`` measures both.
START_SECONDS = {"first": 40, "again": 15}


def in_site() -> bool:
    """Whether this Python is the classroom site's (Pyodide, in a student's browser)."""
    return "pyodide" in sys.modules or sys.platform == "emscripten"


def folder_is_kept(folder: Path | None = None) -> bool:
    """Whether files written in ``folder`` (default: the kernel's) outlive the page.

    In JupyterLab, always. In the site, only when the kernel's folder is the site's
    storage (``/drive``), which the browser gives the kernel through a service worker:
    at ``https://`` or ``127.0.0.1`` yes, at a class network's ``http://192.168.x.y``
    no (not a secure context): there the folder is an empty one in memory."""
    if not in_site():
        return True
    where = (folder or Path.cwd()).resolve().as_posix()
    return where == "/drive" or where.startswith("/drive/")


def starting(locale: str, key: str = "starting") -> str:
    return catalogue(locale)["site"][key].format(**START_SECONDS)


def site_cell(locale: str) -> dict:
    """The first cell of a lesson in the site: Python is starting, and how long it takes."""
    return {
        "cell_type": "markdown",
        "id": "site-start",
        "metadata": {"tags": ["classroom-site"]},
        "source": [f"> {starting(locale, 'first_cell')}"],
    }


def site_notebook(notebook: dict, locale: str) -> dict:
    """A lesson notebook as the site holds it: the starting cell first."""
    return {**notebook, "cells": [site_cell(locale), *notebook["cells"]]}


__all__ = [
    "START_SECONDS",
    "folder_is_kept",
    "in_site",
    "site_cell",
    "site_notebook",
    "starting",
]
