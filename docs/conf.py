"""Sphinx configuration of the documentation site: ``python3 dev.py docs`` builds it
into docs/_build/html with every warning an error; the release puts it beside the
classroom site (dist/site/docs/)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_init = (ROOT / "mancala_widgets" / "__init__.py").read_text(encoding="utf-8")
_version = re.search(r'^__version__ = "([^"]+)"$', _init, re.MULTILINE)

project = "mancala-widgets"
author = "the mancala-widgets authors"
copyright = "the mancala-widgets authors; the lessons CC BY 4.0"
release = version = _version.group(1) if _version else "unknown"

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
]
source_suffix = {".md": "myst-nb", ".ipynb": "myst-nb"}
root_doc = "index"
exclude_patterns = ["_build", "jupyter_execute"]

# The lessons (docs/lessons/, copied from notebooks/ by copy_lessons below) are run as
# the docs are built, in a temporary folder, so their boards are drawn as pictures, and
# a lesson that no longer runs fails the build. A board's picture is the output shown:
# the live widget needs a kernel, a Vega-Lite chart a script; the workbook and hand-in
# cells (whose widgets keep and hand in a student's work) have nothing to show.
nb_execution_mode = "force"
nb_execution_in_temp = True
nb_execution_timeout = 300
nb_execution_raise_on_error = True
nb_execution_show_tb = True
nb_mime_priority_overrides = [("html", "application/vnd.jupyter.widget-view+json", None)]
# A Vega-Lite chart has no picture to fall back on: it is left out of these pages (the
# lessons page says so) rather than drawn by a script from elsewhere.
suppress_warnings = ["mystnb.unknown_mime_type"]
LESSONS = ROOT / "notebooks"
#: The teacher guides are not part of these pages: a lesson's links to them go to the
#: page on running a class.
GUIDE_LINK = re.compile(r"\]\((?:\.\./)*teacher/[^)]*\)")


def copy_lessons(app: object) -> None:
    """Copy the lesson notebooks (every language) into docs/lessons/, with the outputs
    of the workbook and hand-in cells removed and the guides' links pointed at the page
    on running a class."""
    target = Path(__file__).parent / "lessons"
    shutil.rmtree(target, ignore_errors=True)
    for source in sorted(LESSONS.glob("**/0*.ipynb")):
        rel = source.relative_to(LESSONS)
        if rel.parts[0] == "teacher":
            continue
        nb = json.loads(source.read_text(encoding="utf-8"))
        up = "../" * len(rel.parts)
        for cell in nb["cells"]:
            text = "".join(cell["source"])
            if cell["cell_type"] == "markdown":
                cell["source"] = GUIDE_LINK.sub(f"]({up}teachers.md)", text)
            elif "classroom.workbook(" in text or ".hand_in_button(" in text:
                cell.setdefault("metadata", {}).setdefault("tags", []).append("remove-output")
        (target / rel).parent.mkdir(parents=True, exist_ok=True)
        (target / rel).write_text(json.dumps(nb, ensure_ascii=False, indent=1), encoding="utf-8")


def setup(app: object) -> None:
    app.connect("builder-inited", copy_lessons)  # type: ignore[attr-defined]


# Headings become link targets (rules.md#kisolo-the-end-of-a-lap), as on GitHub.
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]

autodoc_member_order = "bysource"
autodoc_typehints = "description"

html_theme = "pydata_sphinx_theme"
html_title = f"mancala-widgets {release}"
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "footer_start": ["copyright"],
    "footer_end": [],
}
html_static_path: list[str] = []
# Every page is one level deep: no section navigation to show beside it.
html_sidebars: dict[str, list[str]] = {"**": []}
html_show_sourcelink = False
