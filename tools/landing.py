"""The classroom site's own pages (tools/build_site.py builds them around JupyterLite):

- a landing page per language (``index.html`` in English, ``ko/index.html``, ...):
  each lesson's title and a line on what it teaches, opened in one click in the
  Notebook interface; then, for teachers, the teacher guides, the handouts, the whole
  of JupyterLab, and how to serve the site to a class;
- the teacher guides rendered as pages (``guides/teacher/...html``), their links
  pointing at the rendered guides and at the lessons in the site;
- the first cell each lesson gets in the site: Python is starting, and how long that
  takes, in the lesson's language.

Lessons open in the Notebook interface rather than JupyterLab's: one lesson a page,
with no file browser, launcher or side panels to get lost in, and the whole width
for the board. JupyterLab stays one link away for teachers.

Every word comes from the catalogues (``text/<locale>/site.json``) and every text put
into a page is escaped; the guides' Markdown is rendered with raw HTML switched off.
"""

from __future__ import annotations

import html
import json
import posixpath
import re
from dataclasses import dataclass
from pathlib import Path

from markdown_it import MarkdownIt

from mancala_widgets.classroom.site import START_SECONDS, site_cell, site_notebook, starting
from mancala_widgets.text import JUPYTERLAB_LANGUAGES, LOCALES, catalogue

esc = html.escape


@dataclass(frozen=True)
class LessonPage:
    """A lesson notebook as the landing page lists it."""

    stem: str  # "02-kisolo-pussa-kanawa"
    path: str  # its path in the site's files: "ko/02-kisolo-pussa-kanawa.ipynb"
    title: str

    @property
    def number(self) -> int:
        """The lesson's number, from its file's name."""
        return int(self.stem.split("-", 1)[0])


def locale_of(relative: str) -> str:
    """The language of a notebook or guide by where it is: ``ko/...`` is Korean."""
    parts = relative.split("/")
    if parts[0] == "teacher":
        parts = parts[1:]
    return parts[0] if len(parts) > 1 and parts[0] in LOCALES else "en"


def plain(markdown: str) -> str:
    """A one-line Markdown title as plain text: no emphasis marks."""
    return re.sub(r"[*_`]", "", markdown).strip()


def heading(markdown: str) -> str | None:
    """The first top-level heading of a Markdown text, as plain text."""
    return next((plain(line[2:]) for line in markdown.splitlines() if line.startswith("# ")), None)


def title_of(notebook: dict) -> str:
    """A notebook's title: the first heading of its first Markdown cell."""
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            found = heading("".join(cell["source"]))
            if found:
                return found
    raise ValueError("a lesson notebook without a title (a first '# ' heading)")


def lessons_by_locale(notebooks: Path) -> dict[str, list[LessonPage]]:
    """The lesson notebooks of each language, in order."""
    found: dict[str, list[LessonPage]] = {loc: [] for loc in LOCALES}
    for path in sorted(notebooks.rglob("*.ipynb")):
        relative = path.relative_to(notebooks).as_posix()
        if ".ipynb_checkpoints" in relative or relative.startswith("teacher/"):
            continue
        notebook = json.loads(path.read_text(encoding="utf-8"))
        found[locale_of(relative)].append(LessonPage(path.stem, relative, title_of(notebook)))
    return {loc: pages for loc, pages in found.items() if pages}


def words(locale: str) -> dict:
    return catalogue(locale)["site"]


def notebook_url(path: str, depth: int) -> str:
    """The link that opens a lesson in the Notebook interface, from a page ``depth``
    folders below the site's root: for a language JupyterLab has a pack for, the
    interface's copy in that language's folder (``ko/notebooks/``, whose menus are
    Korean; build_site.language_apps)."""
    locale = locale_of(path)
    app = f"{locale}/notebooks" if locale in JUPYTERLAB_LANGUAGES else "notebooks"
    return "../" * depth + f"{app}/index.html?path=" + path


STYLE = """
:root { color-scheme: light dark; --ink: #1d1d1d; --paper: #fbf8f2; --line: #d9cfbf;
  --accent: #7a3e00; --card: #ffffff; --soft: #5b544a; }
@media (prefers-color-scheme: dark) {
  :root { --ink: #ece7df; --paper: #1b1a18; --line: #4a443b; --accent: #f2b36b;
    --card: #262421; --soft: #b9b0a3; } }
* { box-sizing: border-box; }
body { margin: 0; font: 17px/1.5 system-ui, "Segoe UI", Roboto, "Noto Sans", "NanumGothic",
  sans-serif; color: var(--ink); background: var(--paper); }
main { max-width: 52rem; margin: 0 auto; padding: 1.5rem 1.2rem 3rem; }
h1 { font-size: 2rem; margin: 0.2rem 0 0.4rem; }
h2 { font-size: 1.35rem; margin: 2rem 0 0.6rem; border-bottom: 2px solid var(--line); }
p { margin: 0.5rem 0; }
a { color: var(--accent); }
.langs { margin: 0; font-size: 0.95rem; color: var(--soft); }
.langs a, .langs strong { margin-right: 0.7rem; }
.note { background: var(--card); border-left: 4px solid var(--accent); padding: 0.6rem 0.9rem;
  border-radius: 4px; }
ol.lessons { list-style: none; padding: 0; margin: 0; counter-reset: lesson; }
ol.lessons li { background: var(--card); border: 1px solid var(--line); border-radius: 8px;
  margin: 0.7rem 0; }
ol.lessons a.lesson { display: block; padding: 0.8rem 1rem; text-decoration: none;
  color: var(--ink); min-height: 3rem; }
ol.lessons a.lesson:hover, ol.lessons a.lesson:focus-visible { outline: 3px solid var(--accent);
  outline-offset: -3px; border-radius: 8px; }
.lesson-title { display: block; font-weight: 700; font-size: 1.1rem; color: var(--accent); }
.lesson-line { display: block; color: var(--soft); }
ul.plain { padding-left: 1.2rem; }
ul.plain li { margin: 0.3rem 0; }
footer { margin-top: 3rem; font-size: 0.85rem; color: var(--soft); }
article table { border-collapse: collapse; margin: 0.8rem 0; font-size: 0.95rem; }
article th, article td { border: 1px solid var(--line); padding: 0.3rem 0.5rem; text-align: left;
  vertical-align: top; }
article code { font-size: 0.92em; }
article pre { overflow-x: auto; background: var(--card); padding: 0.6rem; }
@media print { .langs, nav, footer { display: none; } body { background: white; color: black; } }
"""


#: What JupyterLite's apps read from the site's root page, which is the landing page:
#: their configuration starts from it (config-utils.js fetches ``index.html`` and reads
#: this element). Without it, no lesson opens.
LITE_ROOT = (
    '<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">'
    "{}</script>"
)


#: The same element on a language's landing page (``ko/index.html``), the parent of that
#: language's copy of the Notebook interface (``ko/notebooks/``): its configuration is
#: read from every folder up to the root.
LITE_PARENT = '<script id="jupyter-config-data" type="application/json">{}</script>'


#: Opened from the teacher's QR code (``/?class=K7QP``), the landing page remembers the
#: class code for the lessons' join form (js/class.ts reads it) and says so, as text.
CLASS_CODE_SCRIPT = (
    "(function(){var m=/[?&]class=([A-Za-z0-9]{3,12})(?:&|$)/.exec(location.search);"
    "if(!m)return;var code=m[1].toUpperCase();"
    'try{localStorage.setItem("mancala-widgets:class-code",code)}catch(e){}'
    'var p=document.getElementById("class-code");'
    'p.textContent=p.getAttribute("data-text").replace("{code}",code);p.hidden=false;})();'
)


def page(locale: str, title: str, body: str, root: bool = False, parent: bool = False) -> str:
    return (
        f'<!DOCTYPE html>\n<html lang="{esc(locale)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{esc(title)}</title>\n<style>{STYLE}</style>\n"
        + (LITE_ROOT + "\n" if root else "")
        + (LITE_PARENT + "\n" if parent and not root else "")
        + f"</head>\n<body>\n<main>\n{body}\n</main>\n</body>\n</html>\n"
    )


def landing_page(
    locale: str,
    lessons: list[LessonPage],
    locales: list[str],
    handouts: dict[str, list[str]],
    guides: list[tuple[str, str]],
    lesson_titles: dict[str, str],
) -> str:
    """The landing page of ``locale``, at ``index.html`` (English) or ``<locale>/``;
    ``handouts`` and ``guides`` are the files' paths from the site's root."""
    w = words(locale)
    depth = 0 if locale == "en" else 1
    up = "../" * depth
    home = lambda loc: up + ("index.html" if loc == "en" else f"{loc}/index.html")  # noqa: E731
    langs = " ".join(
        f"<strong>{esc(words(loc)['language_name'])}</strong>"
        if loc == locale
        else f'<a href="{esc(home(loc))}" hreflang="{esc(loc)}" lang="{esc(loc)}">'
        f"{esc(words(loc)['language_name'])}</a>"
        for loc in locales
    )
    items = "\n".join(
        f'<li><a class="lesson" href="{esc(notebook_url(lesson.path, depth))}">'
        f'<span class="lesson-title">{esc(w["lesson_number"].format(n=lesson.number))} '
        f"{esc(lesson.title)}</span>"
        f'<span class="lesson-line">{esc(w["lesson_lines"].get(lesson.stem, ""))}</span></a></li>'
        for lesson in lessons
    )
    guide_links = "\n".join(
        f'<li><a href="{esc(up + path)}">{esc(title)}</a></li>' for path, title in guides
    )
    marking = "teacher/" + ("" if locale == "en" else f"{locale}/") + "mark-the-class.ipynb"
    names = w["handout_names"]
    handout_links = []
    for path in handouts.get("a4", []):
        name = path.rsplit("/", 1)[-1].split(".")[0]
        if name.startswith("lesson-"):
            lesson = name[len("lesson-") :]
            label = names["lesson"].format(lesson=lesson_titles.get(lesson, lesson))
        else:
            label = names.get(name, name)
        letter = path.replace(".a4.", ".letter.")
        large = path.replace(".a4.", ".a3.")  # a board template on one A3 sheet
        a3 = (
            f' · <a href="{esc(up + large)}">{esc(w["paper_a3"])}</a>'
            if large in handouts.get("a3", [])
            else ""
        )
        handout_links.append(
            f'<li>{esc(label)}: <a href="{esc(up + path)}">{esc(w["paper_a4"])}</a> · '
            f'<a href="{esc(up + letter)}">{esc(w["paper_letter"])}</a>{a3}</li>'
        )
    body = f"""<p class="langs">{esc(w["languages"])} {langs}</p>
<h1>{esc(w["title"])}</h1>
<p>{esc(w["tagline"])}</p>
<h2 id="lessons">{esc(w["lessons"])}</h2>
<p>{esc(w["start_with"])}</p>
<p class="note" id="starting">{esc(starting(locale))}</p>
<p class="note" id="class-code" hidden data-text="{esc(w["class_code_kept"])}"></p>
<script>{CLASS_CODE_SCRIPT}</script>
<ol class="lessons">
{items}
</ol>
<p>{esc(w["work_kept"])}</p>
<h2 id="teachers">{esc(w["teachers"])}</h2>
<h3>{esc(w["guides"])}</h3>
<p>{esc(w["guides_line"])}</p>
<ul class="plain guides">
{guide_links}
</ul>
<h3>{esc(w["marking"])}</h3>
<p>{esc(w["marking_line"])}</p>
<p class="marking"><a href="{esc(notebook_url(marking, depth))}">{esc(w["marking_open"])}</a></p>
<h3>{esc(w["handouts"])}</h3>
<p>{esc(w["handouts_line"])}</p>
<ul class="plain handouts">
{chr(10).join(handout_links)}
</ul>
<h3>JupyterLab</h3>
<p><a href="{esc(up)}lab/index.html">{esc(w["jupyterlab"])}</a>: {esc(w["jupyterlab_line"])}</p>
<h3>{esc(w["serve"])}</h3>
<p>{esc(w["serve_line"])} <a href="{esc(up)}serve.py">serve.py</a></p>
<footer>{esc(w["footer"])}</footer>"""
    return page(
        locale, w["title"], body, root=locale == "en", parent=locale in JUPYTERLAB_LANGUAGES
    )


def render_markdown(text: str) -> str:
    """A guide's Markdown as HTML: CommonMark and tables, raw HTML shown as text."""
    md = MarkdownIt("commonmark", {"html": False, "linkify": False}).enable("table")
    return md.render(text)


def guide_page(text: str, relative: str, locale: str) -> str:
    """A teacher guide rendered as a page of the site. ``relative`` is the guide's path
    in the lessons' folder (``teacher/ko/02-kisolo-pussa-kanawa.md``); it is written at
    ``guides/`` + that path with ``.html``. Links to guides become links to their
    pages, links to lessons open them in the Notebook interface."""
    folder = posixpath.dirname(relative)
    depth = 1 + relative.count("/")  # guides/ + the guide's folders

    def link(match: re.Match[str]) -> str:
        href = html.unescape(match.group(1))
        if re.match(r"^[a-z]+:", href) or href.startswith("#"):
            return match.group(0)
        target, _, fragment = href.partition("#")
        resolved = posixpath.normpath(posixpath.join(folder, target))
        if target.endswith(".ipynb"):
            url = notebook_url(resolved, depth)
        elif target.endswith(".md") or target.endswith("/"):
            guide = resolved if target.endswith(".md") else posixpath.join(resolved, "README.md")
            url = posixpath.relpath(guide_path(guide), "guides/" + folder)
        else:
            url = href
        return f'href="{esc(url + ("#" + fragment if fragment else ""))}"'

    rendered = re.sub(r'href="([^"]*)"', link, render_markdown(text))
    title = heading(text) or relative
    back = "../" * depth + ("index.html" if locale == "en" else f"{locale}/index.html")
    nav = f'<nav><a href="{esc(back)}#teachers">{esc(words(locale)["guide_back"])}</a></nav>'
    return page(locale, title, f"{nav}\n<article>\n{rendered}</article>")


def guide_path(relative: str) -> str:
    """Where a guide's page is in the site: ``teacher/README.md`` is the guides' index."""
    stem = relative[: -len(".md")]
    if stem.endswith("README"):
        stem = stem[: -len("README")] + "index"
    return f"guides/{stem}.html"


__all__ = [
    "START_SECONDS",
    "LessonPage",
    "guide_page",
    "guide_path",
    "landing_page",
    "lessons_by_locale",
    "locale_of",
    "site_cell",
    "site_notebook",
    "title_of",
]
