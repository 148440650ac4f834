"""What the classroom site adds to each lesson notebook: a first cell saying that Python
is starting in the browser and how to tell when it is ready (tools/build_site.py puts it
in; a lesson put back as it shipped gets it again, classroom/lessons.py)."""

from __future__ import annotations

from ..text import catalogue

#: Seconds a lesson's Python takes to start on this project's 2-core test machine:
#: the first visit (nothing in the browser's cache), and a visit after it.
#: ``python3 dev.py bench --site`` measures both.
START_SECONDS = {"first": 40, "again": 15}


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


__all__ = ["START_SECONDS", "site_cell", "site_notebook", "starting"]
