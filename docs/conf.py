"""Sphinx configuration of the documentation site: ``python3 dev.py docs`` builds it
into docs/_build/html with every warning an error; the release puts it beside the
classroom site (dist/site/docs/)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_init = (ROOT / "mancala_widgets" / "__init__.py").read_text(encoding="utf-8")
_version = re.search(r'^__version__ = "([^"]+)"$', _init, re.MULTILINE)

project = "mancala-widgets"
author = "the mancala-widgets authors"
copyright = "the mancala-widgets authors; the lessons CC BY 4.0"
release = version = _version.group(1) if _version else "unknown"

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build"]

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
