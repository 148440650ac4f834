"""Handouts a teacher can print: board templates for beans and egg cartons
(with the way the sowing goes drawn in every hole), a rule card and a routine
card (a turn as numbered steps, for playing with beans) per game, a game record
sheet, a glossary of the games' terms in every language, and any lesson's
positions as numbered diagrams with an answer page at the end.

Each handout is one self-contained HTML document for A4 or Letter paper (a
board template also for A3): inline CSS with an ``@page`` rule, inline SVG,
explicit page breaks, nothing fetched from the network. Open it in a browser
and print it at 100 % (or save it as a PDF). Every text is escaped, so a
lesson's texts and a player's name show exactly as typed and are never read
as HTML.

Board templates have holes of CUP_MM (40 mm, true size) where the board fits
the page with them, and never less than BEANS_MM (30 mm) on one page: the
Kiothi board, whose holes would be 20 mm on one A4 page, prints at true size
over two pages, to be cut and taped along the alignment marks, or on one A3
page.

>>> page = handout("board", game="kisolo", paper="letter")
>>> "size: letter landscape" in page and 'class="cup"' in page
True
>>> card = handout("rules", game="kiothi", locale="ko")
>>> "nki" in card and "<script" not in card
True
>>> handout("board", game="oware")
Traceback (most recent call last):
  ...
mancala_widgets.handouts.HandoutError: game = 'oware': expected 'kisolo' or 'kiothi'
"""

from __future__ import annotations

import hashlib
import html
import json
import math
import os
import re
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .drawing import board_geometry, variant_of
from .lessons import (
    LessonScript,
    available_lessons,
    default_question,
    describe_answer,
    load_lesson,
    localized,
)
from .rules.common import shown
from .rules.files import write_atomic
from .rules.game import GAME_LIST
from .rules.game import game as game_of
from .svg import board_svg
from .text import LOCALES, entry, tr
from .text.names import hole_name, move_name, side_names

__all__ = ["KINDS", "PAPERS", "HandoutError", "diagram_steps", "handout", "write_handouts"]

KINDS = ("board", "rules", "record", "lesson", "glossary", "routine")
#: Paper: the name CSS knows it by, and its short and long sides in millimetres.
PAPERS = {
    "a4": ("A4", 210.0, 297.0),
    "letter": ("letter", 215.9, 279.4),
    "a3": ("A3", 297.0, 420.0),
}
#: Papers for the board templates only: a whole board on one large sheet.
BOARD_PAPERS = ("a3",)
GAMES = tuple(g.name for g in GAME_LIST)
GAME_NAMES = " or ".join(repr(g) for g in GAMES)
#: A hole at true size: an egg-carton cup or a small heap of beans fits in it.
CUP_MM = 40.0
#: The smallest hole a template prints on one page: a heap of a dozen beans still fits.
#: A board whose holes would be smaller on one A4 or Letter page (Kiothi) is printed
#: at true size over two pages instead; on A3 it is one page, whatever fits.
BEANS_MM = 30.0
PITCH = 1.1  # distance between hole centres, in hole diameters
#: The diagrams a lesson page holds at most (fewer when the texts are long).
DIAGRAMS_PER_PAGE = 3
RECORD_ROWS = 40
FONTS = {
    "en": '"Liberation Sans", Arial, Helvetica, "NanumGothic", sans-serif',
    "fr": '"Liberation Sans", Arial, Helvetica, "NanumGothic", sans-serif',
    "ko": '"NanumGothic", "Nanum Gothic", "Noto Sans CJK KR", "Malgun Gothic", '
    '"Apple SD Gothic Neo", sans-serif',
    "sw": '"Liberation Sans", Arial, Helvetica, "NanumGothic", sans-serif',  # the glossary's Korean
}

esc = html.escape


class HandoutError(ValueError):
    """A handout asked for with bad arguments; the message names the field,
    the value and what was expected. Nothing has been written."""


def _bad(name: str, value: Any, expected: str):
    raise HandoutError(f"{name} = {shown(value)}: expected {expected}")


# ------------------------------------------------------------------ public API


def handout(
    kind: str,
    *,
    locale: str = "en",
    paper: str = "a4",
    game: str | None = None,
    columns: int | None = None,
    lesson: Any = None,
) -> str:
    """One handout as a printable HTML document.

    ``kind`` is ``"board"`` (a template to play on with beans; ``game``, and
    for Kisolo ``columns``, 7 when left as None, or 6; a Kiothi board always
    has 10, so it takes None or 10), ``"rules"`` (the rule card of ``game``),
    ``"routine"`` (the routine card of ``game``: a turn as numbered steps),
    ``"record"`` (a game record sheet; ``game`` optional), ``"glossary"`` (the
    terms of both games in every language of the glossary) or ``"lesson"`` (a
    lesson's positions: ``lesson`` is an id, a file path, a dict or a loaded
    lesson). ``locale`` is ``"en"``, ``"ko"``, ``"fr"`` or ``"sw"``, ``paper`` ``"a4"`` or
    ``"letter"``, or ``"a3"`` for a board. Boards print landscape, the others
    portrait.

    >>> sheet = handout("record", locale="ko", paper="letter")
    >>> "게임 기록지" in sheet and "size: letter;" in sheet
    True
    """
    job = _check(kind, locale, paper, game, columns, lesson)
    return RENDER[job.kind](job)


def write_handouts(
    directory: str | os.PathLike,
    *,
    locale: str = "en",
    paper: str = "a4",
    lessons: list | tuple | None = None,
) -> list[Path]:
    """Write every board template, both rule cards and routine cards, the record
    sheet, the glossary and the lessons' diagrams (every packaged lesson when
    ``lessons`` is None) into ``directory`` as HTML files; returns their paths.
    On A3 (``paper="a3"``) only the board templates are written. Everything is
    checked and rendered before the first file is written.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     for path in write_handouts(d, paper="letter", lessons=["nki"]):
    ...         print(path.name)
    kisolo-4x7-board.letter.en.html
    kisolo-4x6-board.letter.en.html
    kiothi-2x10-board.letter.en.html
    kisolo-rules.letter.en.html
    kiothi-rules.letter.en.html
    kisolo-routine.letter.en.html
    kiothi-routine.letter.en.html
    record-sheet.letter.en.html
    glossary.letter.en.html
    lesson-nki.letter.en.html
    >>> with tempfile.TemporaryDirectory() as d:
    ...     print(len(write_handouts(d, paper="a3", locale="ko")))
    3
    """
    if not isinstance(directory, (str, os.PathLike)):
        _bad("directory", directory, "a folder path")
    _check_locale_paper(locale, paper)
    if lessons is None:
        lessons = available_lessons()
    elif not isinstance(lessons, (list, tuple)):
        _bad(
            "lessons",
            lessons,
            "a list of lessons (ids such as 'nki', file paths, dicts or "
            "loaded lessons), or None for every packaged lesson",
        )
    scripts = [_load_lesson(x, f"lessons[{i}]") for i, x in enumerate(lessons)]
    tag = f"{paper}.{locale}.html"
    docs: dict[str, str] = {}
    for g in GAME_LIST:  # every board size: Kisolo 4 x 7 and 4 x 6, Kiothi 2 x 10
        for n in g.variants.get("columns", (g.board().columns,)):
            rows = g.board(**({"columns": n} if "columns" in g.variants else {})).rows
            docs[f"{g.name}-{rows}x{n}-board.{tag}"] = handout(
                "board", locale=locale, paper=paper, game=g.name, columns=n
            )
    if paper in BOARD_PAPERS:
        return _write_all(Path(directory), docs)
    for kind in ("rules", "routine"):
        for game in GAMES:
            docs[f"{game}-{kind}.{tag}"] = handout(kind, locale=locale, paper=paper, game=game)
    docs[f"record-sheet.{tag}"] = handout("record", locale=locale, paper=paper)
    docs[f"glossary.{tag}"] = handout("glossary", locale=locale, paper=paper)
    for i, script in enumerate(scripts):
        name = f"lesson-{_slug(script.id)}.{tag}"
        if name in docs:
            _bad(f"lessons[{i}]", script.id, f"a lesson not already listed: {name} is written once")
        docs[name] = handout("lesson", locale=locale, paper=paper, lesson=script)
    return _write_all(Path(directory), docs)


def _slug(lesson_id: str) -> str:
    """A lesson's id as part of a file name: letters, digits, - and _, at most 60 of
    them (a longer id is cut, and a few letters of its hash keep it apart)."""
    slug = re.sub(r"[^A-Za-z0-9_-]+", "-", lesson_id).strip("-") or "lesson"
    if len(slug) > 60:
        digest = hashlib.sha256(lesson_id.encode("utf-8", "replace")).hexdigest()
        slug = f"{slug[:52]}-{digest[:7]}"
    return slug


def _write_all(out: Path, docs: dict[str, str]) -> list[Path]:
    """Write every document or none: each into a folder of its own inside ``out``
    first, then all moved into place, so a failure (a full disk, a name the file
    system refuses, no right to write) leaves ``out`` as it was."""
    for name in docs:
        if (out / name).is_dir() and not (out / name).is_symlink():
            raise HandoutError(f"{out / name} is a folder: a handout cannot be written there")
    out.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".handouts-", dir=out))
    try:
        for name, text in docs.items():
            write_atomic(staging / name, text)
        paths = []
        for name in docs:
            os.replace(staging / name, out / name)
            paths.append(out / name)
        return paths
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def diagram_steps(script: LessonScript) -> list[int]:
    """The steps (counted from 1) that get a diagram: those with a move, and
    those whose position differs from the last one drawn.

    >>> diagram_steps(load_lesson("nki"))[:3]
    [1, 2, 3]
    """
    drawn, out = None, []
    for i, step in enumerate(script.steps):
        if step.move is not None or step.start != drawn:
            out.append(i + 1)
            drawn = step.start
    return out


# ------------------------------------------------------------------ checking


@dataclass
class Job:
    kind: str
    locale: str
    paper: str
    game: str | None = None
    columns: int | None = None
    lesson: LessonScript | None = None


def _check_locale_paper(locale: Any, paper: Any):
    if not isinstance(locale, str) or locale not in LOCALES:
        _bad("locale", locale, " or ".join(repr(x) for x in LOCALES))
    if not isinstance(paper, str) or paper not in PAPERS:
        _bad("paper", paper, " or ".join(repr(x) for x in PAPERS))


def _check(kind, locale, paper, game, columns, lesson) -> Job:
    if not isinstance(kind, str) or kind not in KINDS:
        _bad("kind", kind, "one of " + ", ".join(repr(k) for k in KINDS))
    _check_locale_paper(locale, paper)
    if paper in BOARD_PAPERS and kind != "board":
        _bad(
            "paper",
            paper,
            " or ".join(repr(x) for x in PAPERS if x not in BOARD_PAPERS)
            + f" for a {shown(kind)} handout ("
            + " and ".join(repr(x) for x in BOARD_PAPERS)
            + " is for board templates only)",
        )
    job = Job(kind, locale, paper)
    if kind == "lesson":
        if lesson is None:
            _bad(
                "lesson",
                lesson,
                "a lesson for a lesson handout: an id ("
                + ", ".join(available_lessons())
                + "), a file path, a dict or a loaded lesson",
            )
        job.lesson = _load_lesson(lesson, "lesson")
        if game is not None and game != job.lesson.game:
            _bad(
                "game",
                game,
                f"{shown(job.lesson.game)} (the game of lesson {shown(job.lesson.id)}) or None",
            )
        job.game = job.lesson.game
    elif lesson is not None:
        _bad("lesson", lesson, f"None: a {shown(kind)} handout takes no lesson")
    if kind == "glossary":
        if game is not None:
            _bad("game", game, "None: the glossary covers both games")
    elif kind != "lesson":
        if game is not None or kind in ("board", "rules", "routine"):
            if not isinstance(game, str) or game not in GAMES:
                _bad("game", game, GAME_NAMES + (" or None" if kind == "record" else ""))
        job.game = game
    if kind != "board":
        if columns is not None:
            _bad("columns", columns, f"None: only a board template has columns, not {shown(kind)}")
    elif "columns" in game_of(game).variants:
        widths = game_of(game).variants["columns"]
        ok = isinstance(columns, int) and not isinstance(columns, bool) and columns in widths
        if columns is not None and not ok:
            _bad(
                "columns",
                columns,
                " or ".join(map(str, widths)) + f" for a {game.capitalize()} "
                "board (" + " or ".join(f"4 x {w}" for w in widths) + ")",
            )
        job.columns = columns or widths[0]
    else:
        board = game_of(game).board()
        if columns is not None and (isinstance(columns, bool) or columns != board.columns):
            _bad(
                "columns",
                columns,
                f"{board.columns} or None: a {game.capitalize()} board has "
                f"{board.rows} x {board.columns} bomas",
            )
        job.columns = board.columns
    return job


def _load_lesson(value: Any, name: str) -> LessonScript:
    if isinstance(value, LessonScript):
        return value
    if not isinstance(value, (str, os.PathLike, dict)):
        _bad(name, value, "a lesson id, a file path, a dict or a loaded lesson")
    try:
        return load_lesson(value)
    except ValueError as e:
        quoted = (
            f"<lesson {shown(value.get('id'))}>" if isinstance(value, dict) else shown(str(value))
        )
        raise HandoutError(f"{name} = {quoted}: expected a lesson that loads: {e}") from None


# ------------------------------------------------------------------ the document


def _page_area(paper: str, landscape: bool, margin: float) -> tuple[float, float]:
    _, short, long = PAPERS[paper]
    w, h = (long, short) if landscape else (short, long)
    return w - 2 * margin, h - 2 * margin


def _document(
    job: Job, title: str, pages: list[str], *, landscape: bool, margin: float, css: str = ""
) -> str:
    """A whole HTML document: one ``section.page`` per printed page."""
    name, short, long = PAPERS[job.paper]
    w, h = (long, short) if landscape else (short, long)
    size = f"{name} landscape" if landscape else name
    style = (
        f"@page {{ size: {size}; margin: {margin}mm; }}\n"
        "* { box-sizing: border-box; }\n"
        f"html {{ font-family: {FONTS[job.locale]}; font-size: 9.5pt; line-height: 1.35;"
        " color: #000; }\n"
        "body { margin: 0; }\n"
        # Korean breaks lines between words, not inside them.
        ":lang(ko) { word-break: keep-all; }\n"
        "h1 { font-size: 15pt; margin: 0 0 2mm; line-height: 1.2; }\n"
        "h2 { font-size: 11pt; margin: 2.5mm 0 1mm; }\n"
        "p { margin: 0 0 1.2mm; }\n"
        ".page { break-after: page; page-break-after: always; }\n"
        ".page:last-child { break-after: auto; page-break-after: auto; }\n"
        f"@media screen {{ body {{ background: #d8d8d8; }} .page {{ background: #fff;"
        f" width: {w}mm; min-height: {h}mm; margin: 6mm auto; padding: {margin}mm; }} }}\n" + css
    )
    body = "\n".join(f'<section class="page">{p}</section>' for p in pages)
    # The policy keeps a printed handout offline even if a text held markup.
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{job.locale}">\n<head>\n<meta charset="utf-8">\n'
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
        "style-src 'unsafe-inline'\">\n"
        f"<title>{esc(title)}</title>\n<style>\n{style}</style>\n</head>\n"
        f"<body>\n{body}\n</body>\n</html>\n"
    )


def _mm(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _said(locale: str, x: float) -> str:
    """A length in millimetres as a reader writes it: French has a decimal comma."""
    return _mm(x).replace(".", ",") if locale == "fr" else _mm(x)


def _paper_name(job: Job) -> str:
    return tr(job.locale, f"handouts.paper_{job.paper}")


# ------------------------------------------------------------------ board templates

BOARD_MARGIN = 8.0
TITLE_H, SAFETY = 10.0, 2.0  # room above the board for its title; slack below the notes
LABEL_W, PAD, MID, NUM_H, OWNER_H, JAIL_GAP = 24.0, 2.5, 4.0, 7.0, 6.0, 2.0
#: A jail's width, in hole pitches; it is as tall as the two rows.
JAIL_PITCHES = 0.65
#: A board on two pages: page 1 goes on past the cut by a strip this wide, for page 2 to
#: lie on; page 2 keeps this much in front of its cut line, to be cut off.
OVERLAP, LEAD = 8.0, 6.0
#: The bar that shows a page was printed at 100 %: this long, in millimetres.
CHECK_MM = 50.0
NOTE_PT = 9.0


@dataclass
class Plan:
    """A board template in millimetres: its holes' diameter, the drawing's size, and
    where it is cut (between two columns) when it takes two pages."""

    game: str
    columns: int
    d: float
    width: float
    height: float
    cut: float | None = None

    @property
    def pitch(self) -> float:
        return self.d * PITCH

    @property
    def halves(self) -> bool:
        """Several rows a player (Kisolo): names at the left and a line between the
        players; otherwise (Kiothi) a jail at each end and the rows' owners above and
        below."""
        return not game_of(self.game).has_jails

    @property
    def left(self) -> float:
        """Where the first column of holes begins."""
        jail = JAIL_PITCHES * self.pitch + JAIL_GAP
        return (LABEL_W + PAD) if self.halves else (PAD + jail)

    def boundary(self, k: int) -> float:
        """The x between column k-1 and column k."""
        return self.left + k * self.pitch


def _board_size(game: str, n: int, d: float) -> tuple[float, float]:
    g = game_of(game)
    rows = g.board(**({"columns": n} if "columns" in g.variants else {})).rows
    p = d * PITCH
    if not g.has_jails:
        return LABEL_W + 2 * PAD + n * p, 2 * NUM_H + 2 * PAD + MID + rows * p
    jail = JAIL_PITCHES * p + JAIL_GAP
    return 2 * (PAD + jail) + n * p, 2 * NUM_H + 2 * PAD + 2 * OWNER_H + rows * p


def _fit(game: str, n: int, room_w: float, room_h: float) -> Plan:
    """The largest holes (at most CUP_MM, in whole half millimetres, the same for
    every hole) with which the whole board fits the room."""
    w0, h0 = _board_size(game, n, 0.0)
    w1, h1 = _board_size(game, n, 1.0)
    d = min(CUP_MM, (room_w - w0) / (w1 - w0), (room_h - h0) / (h1 - h0))
    d = math.floor(d * 2) / 2
    return Plan(game, n, d, *_board_size(game, n, d))


def _tiles(game: str, n: int, room_w: float, room_h: float) -> Plan | None:
    """The board at true size cut in two between two columns, each part on a page
    of its own; the cut that makes the wider part narrowest. None if none fits."""
    plan = Plan(game, n, CUP_MM, *_board_size(game, n, CUP_MM))
    if plan.height > room_h:
        return None
    best = None
    for k in range(1, n):
        x = plan.boundary(k)
        widest = max(x + OVERLAP, plan.width - x + LEAD)
        if widest <= room_w and (best is None or widest < best[0]):
            best = (widest, x)
    if best is None:
        return None
    plan.cut = best[1]
    return plan


def _notes_height(paragraphs: list[tuple[str, float]]) -> float:
    """The notes under a board: (text, width it is set in) for each paragraph."""
    return sum(_text_height(p, width, NOTE_PT) + 0.6 for p, width in paragraphs) + 2.0


def _board(job: Job) -> str:
    T = lambda key, **kw: tr(job.locale, f"handouts.board.{key}", **kw)
    assert job.game is not None and job.columns is not None, "_check sets both for a board"
    game, n, locale = job.game, job.columns, job.locale
    width, height = _page_area(job.paper, True, BOARD_MARGIN)
    g = game_of(game)
    variant = {"columns": n} if "columns" in g.variants else {}
    title = T(f"title_{game}", n=n)
    check = T("print_check", cm=_said(locale, CHECK_MM / 10))
    numbers, start = T("numbers", n=n), T(f"start_{game}", total=g.total_pieces(**variant))
    paper = _paper_name(job)

    elsewhere = T("true_tiled" if job.paper == "a3" else "true_a3", full=_said(locale, CUP_MM))
    by_bar = width - CHECK_MM - 2  # the bar shares a line with its sentence
    one_notes = [
        (T("scale_reduced", pct=75, d="30", full="40", paper=paper), width),
        (f"{check} {elsewhere}", by_bar),
        (numbers, width),
        (start, width),
    ]
    room_h = height - TITLE_H - SAFETY
    plan = _fit(game, n, width, room_h - _notes_height(one_notes))
    if plan.d < BEANS_MM and job.paper not in BOARD_PAPERS:
        steps = entry(locale, "handouts.board.tile_steps")
        first = T("scale_tiled", d="40", page=1, pages=2)
        tile_notes = [(first, width), *((s, width - 8) for s in steps), (check, by_bar)]
        tiled = _tiles(game, n, width, room_h - _notes_height(tile_notes))
        if tiled is not None:
            return _tiled_board(job, tiled, title, check, numbers, start)
    if plan.d == CUP_MM:
        scale, check_line = T("scale_true", d=_said(locale, plan.d)), check
    else:
        scale = T(
            "scale_reduced",
            pct=round(100 * plan.d / CUP_MM),
            d=_said(locale, plan.d),
            full=_said(locale, CUP_MM),
            paper=paper,
        )
        check_line = f"{check} {elsewhere}"
    svg = _template_svg(plan, locale, title, 0.0, plan.width, [(0.0, plan.width)], "")
    notes = [esc(scale), f"{esc(check_line)} {_check_bar()}", esc(numbers), esc(start)]
    page = (
        f'<h1 style="height:{TITLE_H - 2}mm">{esc(title)}</h1>\n{svg}\n<div class="notes">'
        + "".join(f"<p>{p}</p>" for p in notes)
        + "</div>"
    )
    return _document(
        job,
        T("doc_title", title=title, paper=paper),
        [page],
        landscape=True,
        margin=BOARD_MARGIN,
        css=BOARD_CSS,
    )


BOARD_CSS = (
    ".board-svg { display: block; margin: 0 auto; }\n"
    f".notes {{ margin-top: 2mm; font-size: {NOTE_PT}pt; }}\n.notes p {{ margin: 0 0 0.6mm; }}\n"
    ".notes ol { margin: 0 0 0.6mm; padding-left: 6mm; } .notes li { margin: 0 0 0.3mm; }\n"
    ".check-bar { vertical-align: middle; }\n"
)


def _tiled_board(job: Job, plan: Plan, title: str, check: str, numbers: str, start: str) -> str:
    """A board at true size on two pages: page 1 has a grey strip past the cut; page 2
    is cut along its dashed line and laid on the strip, the halves of each alignment
    mark meeting."""
    T = lambda key, **kw: tr(job.locale, f"handouts.board.{key}", **kw)
    assert plan.cut is not None
    cut, n = plan.cut, plan.columns
    k = round((cut - plan.left) / plan.pitch)  # columns 1..k on page 1
    right_end = plan.left + n * plan.pitch
    pages = []
    for number, (x0, x1, cols) in enumerate(
        ((0.0, cut + OVERLAP, (1, k)), (cut - LEAD, plan.width, (k + 1, n))), 1
    ):
        spans = [(plan.left, cut)] if number == 1 else [(cut, right_end)]
        part = T("title_part", title=title, page=number, pages=2, first=cols[0], last=cols[1])
        svg = _template_svg(plan, job.locale, part, x0, x1, spans, _tile_marks(plan, number))
        if number == 1:
            steps = entry(job.locale, "handouts.board.tile_steps")
            notes = (
                f"<p>{esc(T('scale_tiled', d=_said(job.locale, plan.d), page=1, pages=2))}</p>"
                "<ol>" + "".join(f"<li>{esc(s)}</li>" for s in steps) + "</ol>"
                f"<p>{esc(check)} {_check_bar()}</p>"
            )
        else:
            notes = (
                f"<p>{esc(T('tile_second', d=_said(job.locale, plan.d)))}</p>"
                f"<p>{esc(check)} {_check_bar()}</p>"
                f"<p>{esc(numbers)}</p><p>{esc(start)}</p>"
            )
        pages.append(
            f'<h1 style="height:{TITLE_H - 2}mm">{esc(part)}</h1>\n{svg}\n'
            f'<div class="notes">{notes}</div>'
        )
    return _document(
        job,
        T("doc_title", title=title, paper=_paper_name(job)),
        pages,
        landscape=True,
        margin=BOARD_MARGIN,
        css=BOARD_CSS,
    )


def _check_bar() -> str:
    """A bar CHECK_MM long in 1 cm blocks, black and white: measured with a ruler, it
    shows whether the page was printed at 100 %."""
    blocks = "".join(
        f'<rect x="{i * 10}" y="0.5" width="10" height="2.4" fill="{("#000", "#fff")[i % 2]}"/>'
        for i in range(int(CHECK_MM // 10))
    )
    return (
        f'<svg class="check-bar" xmlns="http://www.w3.org/2000/svg" width="{_mm(CHECK_MM)}mm" '
        f'height="3.4mm" viewBox="0 0 {_mm(CHECK_MM)} 3.4" data-mm="{_mm(CHECK_MM)}">{blocks}'
        f'<rect x="0.1" y="0.5" width="{_mm(CHECK_MM - 0.2)}" height="2.4" fill="none" '
        'stroke="#000" stroke-width="0.2"/></svg>'
    )


def _tile_marks(plan: Plan, page: int) -> str:
    """What one page of a two-page board adds at the cut: page 1 a grey strip beyond it
    and a line on it, page 2 a dashed cut line with the part to cut off blanked; both
    the same alignment marks, centred on the cut, so that half of each mark is on each
    page once they are taped together."""
    assert plan.cut is not None
    cut, h = plan.cut, plan.height
    out = []
    if page == 1:
        out.append(
            f'<rect class="overlap" x="{_mm(cut)}" y="0" width="{_mm(OVERLAP)}" '
            f'height="{_mm(h)}" fill="#e4e4e4"/>'
            f'<line class="joint" x1="{_mm(cut)}" y1="0" x2="{_mm(cut)}" y2="{_mm(h)}" '
            'stroke="#000" stroke-width="0.3"/>'
        )
    else:
        out.append(
            f'<rect class="trim" x="{_mm(cut - LEAD)}" y="0" width="{_mm(LEAD)}" '
            f'height="{_mm(h)}" fill="#fff"/>'
            f'<line class="cut" x1="{_mm(cut)}" y1="0" x2="{_mm(cut)}" y2="{_mm(h)}" '
            'stroke="#000" stroke-width="0.35" stroke-dasharray="2.5 1.5"/>'
        )
    for y in _mark_heights(plan):
        out.append(
            f'<g class="align" data-x="{_mm(cut)}" data-y="{_mm(y)}" stroke="#000" '
            f'stroke-width="0.3" fill="none"><circle cx="{_mm(cut)}" cy="{_mm(y)}" r="2.2"/>'
            f'<line x1="{_mm(cut - 3.2)}" y1="{_mm(y)}" x2="{_mm(cut + 3.2)}" y2="{_mm(y)}"/>'
            f'<line x1="{_mm(cut)}" y1="{_mm(y - 3.2)}" x2="{_mm(cut)}" y2="{_mm(y + 3.2)}"/></g>'
        )
    return "".join(out)


def _frame(plan: Plan) -> tuple[float, float]:
    """The top and the height of the frame round the holes."""
    g = game_of(plan.game)
    rows = g.board(**({"columns": plan.columns} if "columns" in g.variants else {})).rows
    y0 = NUM_H + (0 if plan.halves else OWNER_H)
    return y0, 2 * PAD + rows * plan.pitch + (MID if plan.halves else 0)


def _mark_heights(plan: Plan) -> list[float]:
    """Above the frame, at its middle (between the players' halves, or between the
    two rows) and below it: where no hole or number is."""
    y0, frame_h = _frame(plan)
    return [y0 - NUM_H / 2, y0 + frame_h / 2, y0 + frame_h + NUM_H / 2]


def _template_svg(
    plan: Plan,
    locale: str,
    label: str,
    x0: float,
    x1: float,
    spans: list[tuple[float, float]],
    extra: str,
) -> str:
    """The board from x0 to x1 (millimetres, one unit of the drawing is one millimetre
    on paper), with ``extra`` drawn over it; a Kiothi row's owner is named over the
    middle of each span."""
    g = game_of(plan.game)
    n = plan.columns
    board = g.board(**({"columns": n} if "columns" in g.variants else {}))
    rows, d, p, halves = board.rows, plan.d, plan.pitch, plan.halves
    names = side_names(locale)
    label_w = LABEL_W if halves else 0.0
    y0, frame_h = _frame(plan)
    left = plan.left
    w = x1 - x0
    out = [
        f'<svg class="board-svg" xmlns="http://www.w3.org/2000/svg" width="{_mm(w)}mm" '
        f'height="{_mm(plan.height)}mm" viewBox="{_mm(x0)} 0 {_mm(w)} {_mm(plan.height)}" '
        f'role="img" aria-label="{esc(label)}" data-hole-mm="{_mm(d)}" '
        'font-family="sans-serif">',
        # Inset by half the stroke, so no edge of the frame is cut off.
        f'<rect x="{_mm(label_w + 0.25)}" y="{_mm(y0)}" width="{_mm(plan.width - label_w - 0.5)}" '
        f'height="{_mm(frame_h)}" rx="4" fill="none" stroke="#000" stroke-width="0.5"/>',
    ]

    def text(x, y, words, size=3.4, anchor="middle", bold=False):
        weight = ' font-weight="bold"' if bold else ""
        return (
            f'<text x="{_mm(x)}" y="{_mm(y)}" font-size="{size}" text-anchor="{anchor}"'
            f"{weight}>{esc(words)}</text>"
        )

    def centre(r: int, c: int) -> tuple[float, float]:
        extra_y = MID if halves and r >= rows // 2 else 0
        return left + c * p + p / 2, y0 + PAD + r * p + p / 2 + extra_y

    for r in range(rows):
        for c in range(n):
            cx, cy = centre(r, c)
            out.append(
                f'<circle class="cup" cx="{_mm(cx)}" cy="{_mm(cy)}" r="{_mm(d / 2)}" '
                'fill="none" stroke="#000" stroke-width="0.4"/>'
            )
            nr, nc = board.next(board.owner((r, c)), (r, c))
            out.append(_arrow(centre(r, c), centre(nr, nc), d, (r, c), (nr, nc)))
        if halves:
            cy = centre(r, 0)[1]
            side, which = board.row_owner[r], board.row_kind[r]
            out.append(text(label_w - 2, cy - 1, names[side], 3.4, "end", True))
            out.append(text(label_w - 2, cy + 3.4, tr(locale, f"names.row_{which}"), 3.2, "end"))
    for c in range(n):
        x = left + c * p + p / 2
        out.append(text(x, y0 - 2, str(c + 1), 4.2, bold=True))
        out.append(text(x, y0 + frame_h + NUM_H - 3, str(c + 1), 4.2, bold=True))
    if halves:
        y = y0 + PAD + (rows // 2) * p + MID / 2
        out.append(
            f'<line x1="{_mm(label_w + PAD)}" y1="{_mm(y)}" x2="{_mm(plan.width - PAD)}" '
            f'y2="{_mm(y)}" stroke="#000" stroke-width="0.3" stroke-dasharray="2 1.5"/>'
        )
    else:
        # South's jail at South's right-hand (east) end, North's at the west end.
        jail_w = JAIL_PITCHES * p
        for who, x, y in (
            ("north", PAD, y0 - 2),
            ("south", plan.width - PAD - jail_w, y0 + frame_h + NUM_H - 3),
        ):
            out.append(
                f'<rect class="jail" x="{_mm(x)}" y="{_mm(y0 + PAD)}" width="{_mm(jail_w)}" '
                f'height="{_mm(rows * p)}" rx="{_mm(jail_w / 2)}" fill="none" stroke="#000" '
                'stroke-width="0.4"/>'
            )
            out.append(text(x + jail_w / 2, y, tr(locale, "names.jail", side=names[who]), 3.2))
        row = lambda who: tr(locale, "handouts.board.kiothi_row", side=names[who])
        for a, b in spans:
            mid = (max(a, left) + min(b, left + n * p)) / 2
            out.append(text(mid, OWNER_H - 2, row("north"), 3.6, bold=True))
            out.append(text(mid, plan.height - 1.5, row("south"), 3.6, bold=True))
    out.append(extra)
    out.append("</svg>")
    return "".join(out)


def _arrow(
    at: tuple[float, float], to: tuple[float, float], d: float, cell: tuple, nxt: tuple
) -> str:
    """A grey arrowhead inside a hole, by its rim, pointing at the next hole of its
    owner's circuit: the way the sowing goes."""
    (x, y), (tx, ty) = at, to
    length = math.hypot(tx - x, ty - y)
    ux, uy = (tx - x) / length, (ty - y) / length
    tip, long, half = d / 2 - 0.06 * d, 0.15 * d, 0.09 * d
    bx, by = x + ux * (tip - long), y + uy * (tip - long)
    points = [
        (x + ux * tip, y + uy * tip),
        (bx - uy * half, by + ux * half),
        (bx + uy * half, by - ux * half),
    ]
    return (
        f'<polygon class="arrow" data-from="{cell[0]},{cell[1]}" data-to="{nxt[0]},{nxt[1]}" '
        f'points="{" ".join(f"{_mm(px)},{_mm(py)}" for px, py in points)}" fill="#8c8c8c"/>'
    )


# ------------------------------------------------------------------ rule cards

RULES_MARGIN = 10.0


def _numbered_sections(sections: list[dict], ol: str = "") -> list[str]:
    """A card's sections (rule card, routine card): each heading, its introduction, and
    its items numbered on from the section before."""
    parts, number = [], 1
    for section in sections:
        parts.append(f"<h2>{esc(section['head'])}</h2>")
        if "intro" in section:
            parts.append(f"<p>{esc(section['intro'])}</p>")
        items = "".join(f"<li>{esc(item)}</li>" for item in section["items"])
        parts.append(f'<ol{ol} start="{number}">{items}</ol>')
        number += len(section["items"])
    return parts


def _sections_height(sections: list[dict], width: float, pt: float, head: float) -> float:
    """The estimated height in mm of a card's sections set at ``pt`` in ``width`` mm
    (``head``: the space a heading takes beyond its line; items indented 7-8 mm)."""
    used = 0.0
    for section in sections:
        used += 12 * PT * 1.35 + head
        if "intro" in section:
            used += _set_height(section["intro"], width, pt) + 0.6
        used += sum(_set_height(item, width - 8, pt) + 0.8 for item in section["items"])
    return used


#: The rule cards' type sizes, largest first: a card takes the largest that fits one
#: page (French and Swahili need more words than English for the same rules).
RULES_PT = (9.2, 8.8, 8.4, 8.0, 7.6, 7.2)


def _rules_pt(card: dict, paper: str, locale: str) -> float:
    """The largest type size at which the rule card is estimated to fit one page."""
    width, height = _page_area(paper, False, RULES_MARGIN)
    for pt in RULES_PT:
        used = 16 * PT * 1.2 + 4 + _set_height(card["intro"], width, pt)  # title, intro
        used += _sections_height(card["sections"], width, pt, 2.6)
        small = pt - 0.7  # the box of readings
        used += (
            12 * PT * 1.35
            + 6
            + _set_height(tr(locale, "handouts.rules.readings_intro"), width - 6, small)
        )
        for r in card["readings"]:
            line = f"{r['topic']}. {tr(locale, 'handouts.rules.reading', choice=r['choice'])}"
            if "other" in r:
                line += " " + tr(locale, "handouts.rules.other", other=r["other"])
            used += _set_height(line, width - 11, small)
        if used <= 0.92 * (height - PAGE_SLACK):
            return pt
    return RULES_PT[-1]


def _rules(job: Job) -> str:
    T = lambda key, **kw: tr(job.locale, f"handouts.rules.{key}", **kw)
    card = entry(job.locale, f"handouts.rules.{job.game}")
    parts = [f"<h1>{esc(card['title'])}</h1>", f'<p class="intro">{esc(card["intro"])}</p>']
    parts += _numbered_sections(card["sections"])
    readings = []
    for r in card["readings"]:
        line = f"<b>{esc(r['topic'])}.</b> {esc(T('reading', choice=r['choice']))}"
        if "other" in r:
            line += f" <i>{esc(T('other', other=r['other']))}</i>"
        readings.append(f"<li>{line}</li>")
    parts.append(
        f'<div class="readings"><h2>{esc(T("readings_title"))}</h2>'
        f"<p>{esc(T('readings_intro'))}</p><ul>{''.join(readings)}</ul></div>"
    )
    pt = _rules_pt(card, job.paper, job.locale)
    css = (
        f"html {{ font-size: {pt}pt; }}\n"
        "ol { margin: 0 0 0.5mm; padding-left: 7mm; } li { margin: 0 0 0.4mm; }\n"
        "h2 { margin: 2mm 0 0.6mm; }\n.intro { font-style: italic; }\n"
        ".readings { border: 0.4mm solid #000; border-radius: 2mm; padding: 0.5mm 3mm 1mm;"
        f" margin-top: 2.5mm; font-size: {pt - 0.7:.1f}pt; }}\n"
        ".readings h2 { margin-top: 1mm; } .readings ul { margin: 0; padding-left: 5mm; }\n"
    )
    return _document(
        job,
        T("doc_title", title=card["title"], paper=_paper_name(job)),
        ["".join(parts)],
        landscape=False,
        margin=RULES_MARGIN,
        css=css,
    )


# ------------------------------------------------------------------ record sheet

RECORD_MARGIN = 10.0
RECORD_FIXED = 58.0  # title, header fields, the key and some slack, in millimetres


def _record(job: Job) -> str:
    T = lambda key, **kw: tr(job.locale, f"handouts.record.{key}", **kw)
    names = side_names(job.locale)
    _, height = _page_area(job.paper, False, RECORD_MARGIN)
    row_h = math.floor((height - RECORD_FIXED) / (RECORD_ROWS + 1) * 10) / 10
    game = tr(job.locale, f"names.game_{job.game}") if job.game else ""
    field = lambda label, value="": (
        f'<div class="field"><span>{esc(label)}:</span>'
        f'<span class="blank">{esc(value)}</span></div>'
    )
    header = (
        '<div class="fields">'
        + field(T("game"), game)
        + field(T("variant"))
        + field(T("date"))
        + field(names["south"])
        + field(names["north"])
        + field(T("result"))
        + "</div>"
    )
    cols = ("number", "player", "move", "captured", "notes")
    head = "".join(f'<th class="c-{c}">{esc(T("col_" + c))}</th>' for c in cols)
    # South moves first and the players take turns, so the player column is filled in.
    rows = "".join(
        f'<tr><td class="c-number">{i}</td>'
        f"<td>{esc(names['south' if i % 2 else 'north'])}</td>"
        "<td></td><td></td><td></td></tr>"
        for i in range(1, RECORD_ROWS + 1)
    )
    key = "".join(f"<li>{esc(line)}</li>" for line in entry(job.locale, "handouts.record.key"))
    page = (
        f"<h1>{esc(T('title'))}</h1>{header}"
        f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
        f'<div class="key"><h2>{esc(T("key_title"))}</h2><ul>{key}</ul></div>'
    )
    css = (
        ".fields { display: grid; grid-template-columns: 1fr 1fr 1fr; gap: 1.5mm 5mm;"
        " margin-bottom: 3mm; }\n.field { display: flex; gap: 2mm; }\n"
        ".field .blank { flex: 1; border-bottom: 0.3mm solid #000; }\n"
        "table { width: 100%; border-collapse: collapse; font-size: 8.5pt; }\n"
        f"td, th {{ border: 0.25mm solid #000; padding: 0 1.5mm; height: {row_h}mm; }}\n"
        "th { text-align: left; background: #eee; }\n"
        ".c-number { width: 11mm; text-align: right; } .c-player { width: 20mm; }\n"
        ".c-move { width: 48mm; } .c-captured { width: 18mm; }\n"
        ".key { font-size: 8.3pt; } .key h2 { font-size: 9.5pt; margin: 2mm 0 0.5mm; }\n"
        ".key ul { margin: 0; padding-left: 5mm; }\n"
    )
    return _document(
        job,
        T("doc_title", title=T("title"), paper=_paper_name(job)),
        [page],
        landscape=False,
        margin=RECORD_MARGIN,
        css=css,
    )


# ------------------------------------------------------------------ lessons

LESSON_MARGIN = 12.0
FIRST_HEADER, HEADER, BLOCK_GAP, STEP_HEAD, WRITE_LINE, PAGE_SLACK = 17.0, 9.0, 4.0, 6.5, 7.5, 6.0
KISOLO_DIAGRAM_W, KIOTHI_DIAGRAM_W, SIDE_GAP, ANSWER_GAP = 84.0, 150.0, 5.0, 2.5
PT = 0.3528  # millimetres in a point


def _text_height(text: str, width: float, pt: float = 9.5, line: float = 1.35) -> float:
    """A generous estimate of the height in mm of ``text`` set in ``width`` mm,
    so that a page never holds more than fits (Hangul is about twice as wide
    as a Latin letter)."""
    em = pt * PT
    run = 0.0
    for ch in text:
        if "\uac00" <= ch <= "\ud7a3" or "\u3000" <= ch <= "\u9fff":
            run += 0.95
        elif ch == " ":
            run += 0.3
        elif ch.isupper() or ch in "mwMW%":
            run += 0.75
        elif ch in "iljtf.,:;'!|()[]":
            run += 0.35
        else:
            run += 0.58
    lines = max(1, math.ceil(run * em * 1.08 / width))
    return lines * em * line + 1.2


@dataclass
class Block:
    """What one part of a page holds, and how tall it is estimated to be."""

    html: str
    height: float
    steps: list = field(default_factory=list)


def _lesson(job: Job) -> str:
    script, locale = job.lesson, job.locale
    assert script is not None, "_check loads the lesson of a lesson handout"
    T = lambda key, **kw: tr(locale, f"handouts.lesson.{key}", **kw)
    width, height = _page_area(job.paper, False, LESSON_MARGIN)
    title = localized(script.title, locale)
    blocks = _diagram_blocks(script, locale, width)
    first = (
        f'<h1>{esc(title)}</h1><div class="who"><span>{esc(T("name"))}:</span>'
        f'<span class="blank"></span><span>{esc(T("date"))}:</span>'
        '<span class="blank short"></span></div>'
    )
    later = f'<div class="running">{esc(T("continued", title=title))}</div>'
    pages = _pack(blocks, first, later, height, DIAGRAMS_PER_PAGE)
    answers = _answer_blocks(script, locale, width)
    if answers:
        head = (
            f"<h1>{esc(T('answers_title', title=title))}</h1>"
            f'<p class="note">{esc(T("answers_intro"))}</p>'
        )
        more = f'<div class="running">{esc(T("answers_continued"))}</div>'
        pages += _pack(answers, head, more, height, None, kind="answers")
    css = (
        ".who { display: flex; gap: 2mm; margin-bottom: 3mm; }\n"
        ".who .blank { flex: 1; border-bottom: 0.3mm solid #000; }"
        " .who .short { flex: 0 0 40mm; }\n"
        ".running { font-size: 8.5pt; color: #444; border-bottom: 0.3mm solid #888;"
        " margin-bottom: 3mm; padding-bottom: 1mm; }\n"
        ".block { break-inside: avoid; margin-bottom: 4mm; }\n"
        ".block h2 { margin: 0 0 1mm; font-size: 11pt; }\n"
        ".pair { display: flex; gap: 5mm; align-items: flex-start; }\n"
        ".diagram svg { width: 100%; height: auto; display: block; }\n"
        ".words { flex: 1; } .stack .words { margin-top: 1mm; }\n.move { font-style: italic; }\n"
        ".question { font-weight: bold; }\n.note { font-size: 8.5pt; color: #333; }\n"
        ".write { display: flex; gap: 2mm; margin-top: 2mm; }\n"
        ".write .blank { flex: 1; border-bottom: 0.3mm solid #000; height: 5mm; }\n"
        f".answer {{ margin-bottom: {ANSWER_GAP}mm; break-inside: avoid; }}\n"
        ".why { font-size: 8.8pt; }\n"
    )
    return _document(
        job,
        T("doc_title", title=title, paper=_paper_name(job)),
        pages,
        landscape=False,
        margin=LESSON_MARGIN,
        css=css,
    )


def _pack(
    blocks: list[Block],
    first: str,
    later: str,
    height: float,
    most: int | None,
    kind: str = "student",
) -> list[str]:
    """Blocks onto pages: at most ``most`` a page, and never more than the
    estimate says fits; a page starts with a header (the first page's own)."""
    pages: list[list[Block]] = []
    used = 0.0
    for block in blocks:
        room = height - PAGE_SLACK - (FIRST_HEADER if len(pages) == 1 else HEADER)
        if not pages or (most and len(pages[-1]) >= most) or used + block.height > room:
            pages.append([])
            used = 0.0
        pages[-1].append(block)
        used += block.height
    out = []
    for i, page in enumerate(pages):
        steps = " ".join(str(s) for b in page for s in b.steps)
        out.append(
            f'<div class="{kind}" data-steps="{steps}">'
            + (first if i == 0 else later)
            + "".join(b.html for b in page)
            + "</div>"
        )
    return out


def _diagram_blocks(script: LessonScript, locale: str, width: float) -> list[Block]:
    """One block per diagram; a step on the same board as the diagram above
    (no move, no new position) adds its words to that block."""
    T = lambda key, **kw: tr(locale, f"handouts.lesson.{key}", **kw)
    # A board about as tall as it is wide (Kisolo) sits beside its words; a long one
    # (Kiothi, with its jails) above them.
    shape = board_geometry(script.game, variant_of(script.steps[0].start))
    side_by_side = shape["width"] < 2.5 * shape["height"]
    drawn = set(diagram_steps(script))
    groups: list[list[int]] = []
    for n in range(1, len(script.steps) + 1):
        if n in drawn or not groups:
            groups.append([n])
        else:
            groups[-1].append(n)
    dw = KISOLO_DIAGRAM_W if side_by_side else min(KIOTHI_DIAGRAM_W, width)
    text_w = width - dw - SIDE_GAP if side_by_side else width
    blocks, puzzle_shown = [], None
    for group in groups:
        words, text_h = [], 0.0
        for n in group:
            step = script.steps[n - 1]
            if n != group[0]:
                words.append(f"<h2>{esc(T('step', n=n))}</h2>")
                text_h += STEP_HEAD
            for cls, text, pt in _step_words(script, step, locale, puzzle_shown):
                words.append(f'<p class="{cls}">{esc(text)}</p>' if cls else f"<p>{esc(text)}</p>")
                text_h += _text_height(text, text_w, pt)
            puzzle_shown = step.puzzle
            if step.predict:
                words.append(
                    f'<div class="write"><span>{esc(T("your_answer"))}</span>'
                    '<span class="blank"></span></div>'
                )
                text_h += WRITE_LINE
        step = script.steps[group[0] - 1]
        # A question of which move is best, or of how many to lift: the diagram neither
        # marks nor names the move (its picture's words would say the count).
        asked = step.predict is not None and (
            step.predict["ask"] == "best" or step.predict["of"] == "count"
        )
        shown = None if asked else step.move
        svg = board_svg(step.start, locale=locale, numbers=True, last_move=shown, print_mm=dw)
        box = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg)
        assert box is not None, "board_svg writes a viewBox"
        vw, vh = (float(v) for v in box.groups())
        dh = dw * vh / vw
        diagram = f'<div class="diagram" style="width:{_mm(dw)}mm;flex:0 0 {_mm(dw)}mm">{svg}</div>'
        body = (
            f'<div class="{"pair" if side_by_side else "stack"}">{diagram}<div class="words">'
            + "".join(words)
            + "</div></div>"
        )
        body_h = max(dh, text_h) if side_by_side else dh + 1 + text_h
        blocks.append(
            Block(
                f'<div class="block" data-step="{group[0]}">'
                f"<h2>{esc(T('step', n=group[0]))}</h2>{body}</div>",
                STEP_HEAD + body_h + BLOCK_GAP,
                group,
            )
        )
    return blocks


def _step_words(script: LessonScript, step, locale: str, puzzle_shown):
    """A step's paragraphs for the student: (css class, text, point size)."""
    T = lambda key, **kw: tr(locale, f"handouts.lesson.{key}", **kw)
    game = script.game
    yield "", localized(step.text, locale), 9.5
    if step.label:
        yield (
            "note",
            T(
                "label",
                where=hole_name(game, step.label["at"], locale),
                text=localized(step.label["text"], locale),
            ),
            8.5,
        )
    asks = step.predict["ask"] if step.predict else None
    if step.move is not None and asks == "best":
        pass  # the question is which move: the page does not say it
    elif step.move is not None and step.predict and step.predict["of"] == "count":
        # How many to lift: the boma, not the count.
        boma = hole_name(game, [step.move["row"], step.move["column"]], locale)
        yield "move", T("move", move=boma), 9.5
    elif step.move is not None:
        yield "move", T("move", move=move_name(game, step.move, step.start["to_move"], locale)), 9.5
    if step.puzzle is not None and step.puzzle != puzzle_shown:
        yield "note", tr(locale, f"lesson.puzzle_{game}", total=step.puzzle), 8.5
    if step.predict:
        yield "question", T("question", question=_question(game, step.predict, locale)), 9.5
        if step.predict["options"]:
            options = "   /   ".join(tr(locale, f"lesson.opt_{o}") for o in step.predict["options"])
            yield "", T("options", options=options), 9.5


def _question(game: str, predict: dict, locale: str) -> str:
    """The question as printed: the board's default questions say "click";
    on paper they say "write"."""
    ask, of = predict["ask"], predict["of"]
    asked = localized(predict["question"], locale)
    if asked == default_question(ask, game, of)[locale]:
        key = f"q_{ask}_{of}_{game}" if of else f"q_{ask}_{game}"
        return tr(locale, f"handouts.lesson.questions.{key}")
    return asked


def _answer_blocks(script: LessonScript, locale: str, width: float) -> list[Block]:
    T = lambda key, **kw: tr(locale, f"handouts.lesson.{key}", **kw)
    out = []
    for i, step in enumerate(script.steps):
        if not step.predict:
            continue
        answer = describe_answer(script.game, step.predict, step.predict["answer"], locale)
        head, said = T("step", n=i + 1), T("answer", answer=answer)
        html_ = (
            f'<div class="answer" data-step="{i + 1}"><p><b>{esc(head)}.</b> '
            f'<span class="answer-text">{esc(said)}</span></p>'
        )
        height = _text_height(f"{head}. {said}", width) + ANSWER_GAP
        if step.predict.get("explain"):
            why = localized(step.predict["explain"], locale)
            html_ += f'<p class="why">{esc(why)}</p>'
            height += _text_height(why, width, 8.8)
        html_ += "</div>"
        out.append(Block(html_, height, [i + 1]))
    return out


# ------------------------------------------------------------------ routine cards

ROUTINE_MARGIN = 12.0
#: The type sizes a routine card tries, largest first: the first whose estimate fits one page.
ROUTINE_PT = (10.5, 10.0, 9.5, 9.0, 8.5)


def _set_height(text: str, width: float, pt: float) -> float:
    """The height in mm of ``text`` set in ``width`` mm, 1.32 lines apart: an estimate
    closer than _text_height's (a page of running text, not a diagram's box), with
    Hangul a full em wide and Latin letters half an em."""
    em = pt * PT
    run = 0.0
    for ch in text:
        if "\uac00" <= ch <= "\ud7a3":
            run += 0.95
        else:
            run += 0.28 if ch == " " else 0.68 if ch.isupper() else 0.52
    return max(1, math.ceil(run * em / width)) * em * 1.32


def _routine_pt(card: dict, paper: str) -> float:
    """The largest type size at which the card is estimated to fit one page, with room
    to spare."""
    width, height = _page_area(paper, False, ROUTINE_MARGIN)
    for pt in ROUTINE_PT:
        used = 16 * PT * 1.2 + 4  # the title
        used += _set_height(card["intro"], width, pt) + _set_height(card["kit"], width, pt) + 2.4
        used += _sections_height(card["sections"], width, pt, 4)
        used += 12 * PT * 1.35 + 9  # the box: its heading, border and padding
        used += sum(_set_height(line, width - 11, pt) for line in card["remember"])
        if used <= 0.9 * (height - PAGE_SLACK):
            return pt
    return ROUTINE_PT[-1]


def _routine(job: Job) -> str:
    """A turn with beans as numbered steps, one page: the routine a pair follows on
    a printed board, with the finger that marks where a lap ended."""
    T = lambda key, **kw: tr(job.locale, f"handouts.routine.{key}", **kw)
    card = entry(job.locale, f"handouts.routine.{job.game}")
    parts = [
        f"<h1>{esc(card['title'])}</h1>",
        f'<p class="intro">{esc(card["intro"])}</p>',
        f'<p class="kit"><b>{esc(T("kit"))}:</b> {esc(card["kit"])}</p>',
    ]
    parts += _numbered_sections(card["sections"], ' class="steps"')
    parts.append(
        f'<div class="remember"><h2>{esc(T("remember"))}</h2><ul>'
        + "".join(f"<li>{esc(line)}</li>" for line in card["remember"])
        + "</ul></div>"
    )
    css = (
        f"html {{ font-size: {_routine_pt(card, job.paper)}pt; line-height: 1.32; }}\n"
        "h1 { font-size: 16pt; } h2 { font-size: 12pt; margin: 3mm 0 1mm; }\n"
        ".intro { font-style: italic; } .kit { margin-bottom: 1mm; }\n"
        ".steps { margin: 0; padding-left: 8mm; } .steps li { margin: 0 0 1.1mm; }\n"
        ".steps li::marker { font-weight: bold; }\n"
        ".remember { border: 0.4mm solid #000; border-radius: 2mm; padding: 0.5mm 3mm 1mm;"
        " margin-top: 3mm; }\n.remember h2 { margin-top: 1mm; }"
        " .remember ul { margin: 0; padding-left: 5mm; }\n"
    )
    return _document(
        job,
        tr(job.locale, "handouts.rules.doc_title", title=card["title"], paper=_paper_name(job)),
        ["".join(parts)],
        landscape=False,
        margin=ROUTINE_MARGIN,
        css=css,
    )


# ------------------------------------------------------------------ glossary sheet

GLOSSARY_MARGIN = 12.0
GLOSSARY_PT = 8.6
#: The columns' widths in millimetres: the sheet's language, the glossary's other
#: languages, the game's own word, the game, the meaning (what is left).
GLOSSARY_COLS = (30.0, 34.0, 21.0, 15.0)
#: Each other language's column when the glossary has more than two languages.
GLOSSARY_OTHERS = 28.0
#: How a word to avoid is quoted under a word of each language.
AVOID_QUOTES = {"fr": "«\u00a0{}\u00a0»"}
GLOSSARY_FIRST, GLOSSARY_LATER, GLOSSARY_HEAD = 32.0, 12.0, 7.0
#: How much taller a glossary row may set than its letters' estimate (words wrap early).
GLOSSARY_WRAP = 1.2


def _cell_height(text: str, width: float, pt: float) -> float:
    """A table cell's text, set 1.3 lines apart inside 1.2 mm of padding each side."""
    return _text_height(text, width - 2.4, pt, 1.3) - 1.2


def glossary_terms() -> list[dict]:
    """The glossary's terms (text/glossary.json), in its order."""
    path = Path(__file__).resolve().parent / "text" / "glossary.json"
    return json.loads(path.read_text(encoding="utf-8"))["terms"]


def _glossary(job: Job) -> str:
    """Every term of the glossary on one or more pages: the term in the sheet's
    language and in every other language the glossary has, the game's own word
    where the source gives one, the game it belongs to, and what it means."""
    locale = job.locale
    T = lambda key, **kw: tr(locale, f"handouts.glossary.{key}", **kw)
    terms = glossary_terms()
    langs = [locale] + [x for x in LOCALES if x != locale and any(x in t for t in terms)]
    meanings = entry(locale, "handouts.glossary.meanings")
    width, height = _page_area(job.paper, False, GLOSSARY_MARGIN)
    # The sheet's language, then the others: one of 34 mm, or several of 28 mm each.
    others = [GLOSSARY_COLS[1] if len(langs) == 2 else GLOSSARY_OTHERS] * (len(langs) - 1)
    cols = [GLOSSARY_COLS[0], *others, GLOSSARY_COLS[-2], GLOSSARY_COLS[-1]]
    cols.append(width - sum(cols))
    rows: list[Block] = []
    for term in terms:
        cells, heights = [], []
        for i, lang in enumerate(langs):
            word = term.get(lang, "")
            notes = []
            if term.get(f"counter_{lang}"):
                notes.append(T("counter", word=term[f"counter_{lang}"]))
            if term.get(f"avoid_{lang}"):
                quote = AVOID_QUOTES.get(lang, "‘{}’")
                words = ", ".join(quote.format(w) for w in term[f"avoid_{lang}"])
                notes.append(T("avoid", words=words))
            cell = esc(word) + "".join(f'<span class="note">{esc(n)}</span>' for n in notes)
            cls = "term" if i == 0 else "other"
            cells.append(f'<td class="{cls}" lang="{lang}">{cell}</td>')
            heights.append(
                _cell_height(word, cols[i], GLOSSARY_PT)
                + sum(_cell_height(n, cols[i], GLOSSARY_PT - 1.3) for n in notes)
            )
        own = term.get("own", "")
        cells.append(f'<td class="own">{f"<i>{esc(own)}</i>" if own else ""}</td>')
        games = " · ".join(tr(locale, f"names.game_{g}") for g in term.get("games", []))
        cells.append(f'<td class="game">{esc(games)}</td>')
        meaning = meanings.get(term["id"], "")
        cells.append(f'<td class="means">{esc(meaning)}</td>')
        heights.append(_cell_height(meaning, cols[-1], GLOSSARY_PT))
        rows.append(
            Block(
                f'<tr data-term="{esc(term["id"])}">{"".join(cells)}</tr>',
                # The cell's padding and border; narrow columns break lines at words
                # earlier than the estimate's even run of letters, so a row is allowed
                # a fifth more (with four languages a Korean sheet ran a page over).
                max(heights) * GLOSSARY_WRAP + 1.6,
                [term["id"]],
            )
        )
    heads = [tr(locale, f"handouts.glossary.lang_{x}") for x in langs] + [
        T("col_own"),
        T("col_game"),
        T("col_means"),
    ]
    colgroup = (
        "<colgroup>" + "".join(f'<col style="width:{_mm(w)}mm">' for w in cols) + "</colgroup>"
    )
    thead = "<thead><tr>" + "".join(f"<th>{esc(h)}</th>" for h in heads) + "</tr></thead>"
    pages: list[list[Block]] = []
    used = 0.0
    for row in rows:
        room = (
            height - PAGE_SLACK - GLOSSARY_HEAD - (GLOSSARY_FIRST if not pages else GLOSSARY_LATER)
        )
        if not pages or used + row.height > room:
            pages.append([])
            used = 0.0
        pages[-1].append(row)
        used += row.height
    first = (
        f'<h1>{esc(T("title"))}</h1><p class="intro">{esc(T("intro"))}</p>'
        f'<p class="note">{esc(T("own_note"))}</p>'
    )
    later = f'<div class="running">{esc(T("continued"))}</div>'
    out = [
        (first if i == 0 else later)
        + f'<table class="glossary">{colgroup}{thead}<tbody>'
        + "".join(r.html for r in page)
        + "</tbody></table>"
        for i, page in enumerate(pages)
    ]
    css = (
        f"html {{ font-size: {GLOSSARY_PT}pt; line-height: 1.3; }}\n"
        ".intro { margin-bottom: 1mm; } .note { font-size: 8pt; color: #333; }\n"
        "table.glossary { width: 100%; border-collapse: collapse; table-layout: fixed;"
        " margin-top: 2mm; }\n"
        ".glossary th { text-align: left; background: #eee; font-size: 8.5pt; }\n"
        ".glossary td, .glossary th { border: 0.25mm solid #000; padding: 0.6mm 1.2mm;"
        " vertical-align: top; }\n"
        ".glossary .term { font-weight: bold; } .glossary .own { font-style: italic; }\n"
        ".glossary td .note { display: block; font-size: 7.3pt; color: #333;"
        " font-weight: normal; }\n"
        ".glossary tr { break-inside: avoid; }\n"
        ".running { font-size: 8.5pt; color: #444; border-bottom: 0.3mm solid #888;"
        " margin-bottom: 2mm; padding-bottom: 1mm; }\n"
    )
    return _document(
        job,
        T("doc_title", title=T("title"), paper=_paper_name(job)),
        out,
        landscape=False,
        margin=GLOSSARY_MARGIN,
        css=css,
    )


RENDER: dict[str, Callable[[Job], str]] = {
    "board": _board,
    "rules": _rules,
    "record": _record,
    "lesson": _lesson,
    "glossary": _glossary,
    "routine": _routine,
}
