"""Static SVG pictures of a position: handouts, ``_repr_svg_``, and the board
shown by a saved notebook where no kernel runs (GitHub, nbviewer, nbconvert).

A pure function of the position: no widget, no kernel, no browser.

>>> from mancala_widgets.rules import initial_position
>>> svg = board_svg(initial_position("kiothi"))
>>> svg.startswith("<svg") and "North's jail" in svg
True
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from .text import tr
from .text.names import hole_name, side_names, status_line

PITCH = 64      # distance between hole centres
RADIUS = 25     # hole radius
MARGIN = 24
LABEL_W = 86    # room for the row labels on the left
SEED_R = 4.2
#: Seed offsets inside a hole, filled in this order; counts above this show the number only.
SEED_SPOTS = [(0, 0), (-9, -6), (9, -6), (-9, 7), (9, 7), (0, -13), (0, 13), (-15, 0), (15, 0),
              (-12, -14), (12, -14), (-12, 14), (12, 14)]
JAIL_W = 70


def _cells(position: dict, perspective: str):
    """(row, column, x, y) of every hole/boma, as the viewer sees the board."""
    rows = len(position["board"])
    cols = len(position["board"][0])
    left = MARGIN + (LABEL_W if position["game"] == "kisolo" else JAIL_W + 16)
    top = MARGIN + 30
    for r in range(rows):
        for c in range(cols):
            vr, vc = (r, c) if perspective == "south" else (rows - 1 - r, cols - 1 - c)
            gap = 14 if position["game"] == "kisolo" and vr >= rows // 2 else 0
            yield r, c, left + vc * PITCH + PITCH / 2, top + vr * PITCH + PITCH / 2 + gap


def board_size(position: dict) -> tuple[int, int]:
    rows, cols = len(position["board"]), len(position["board"][0])
    if position["game"] == "kisolo":
        return (2 * MARGIN + LABEL_W + cols * PITCH, 2 * MARGIN + 30 + rows * PITCH + 14 + 30)
    return (2 * MARGIN + 2 * (JAIL_W + 16) + cols * PITCH, 2 * MARGIN + 30 + rows * PITCH + 30)


def _seed_marks(x: float, y: float, n: int) -> list[str]:
    if n > len(SEED_SPOTS):
        return []
    return [f'<circle class="seed" cx="{x + dx:.1f}" cy="{y + dy:.1f}" r="{SEED_R}"/>'
            for dx, dy in SEED_SPOTS[:n]]


def board_svg(position: dict, *, perspective: str = "south", title: str | None = None,
              labels: dict | None = None, last_move: dict | None = None, locale: str = "en",
              numbers: bool = False) -> str:
    """An SVG picture of a RULES.md position, every count written out, in the
    language of ``locale``; ``numbers`` writes the hole numbers by the board.

    ``labels`` names the players (e.g. ``{"south": "Mbuyi", "north": "Kanku"}``);
    all text is escaped, so names show exactly as typed."""
    game = position["game"]
    names = {**side_names(locale), **(labels or {})}
    width, height = board_size(position)
    last = None
    if last_move and "row" in last_move:
        last = (last_move["row"], last_move["column"])
    title = title or tr(locale, f"names.game_{game}")
    status = status_line(position, locale, names)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" role="img" font-family="sans-serif">',
           f"<title>{escape(title)}: {escape(status)}</title>",
           "<style>.hole{fill:#f3e3c3;stroke:#6b4a2b;stroke-width:2}"
           ".north{fill:#e6d3ae}.seed{fill:#5a3d24}.count{font-size:13px;font-weight:bold;"
           "fill:#222}.lbl{font-size:13px;fill:#222}.nki{fill:none;stroke:#1f5fa8;"
           "stroke-width:3;stroke-dasharray:5 3}.last{stroke:#b3261e;stroke-width:4}"
           ".num{font-size:12px;fill:#3b2a17;font-weight:bold}</style>",
           f'<rect x="1" y="1" width="{width - 2}" height="{height - 2}" rx="14" '
           'fill="#c9a36b" stroke="#6b4a2b" stroke-width="2"/>',
           f'<text class="lbl" x="{MARGIN}" y="{MARGIN + 10}" font-weight="bold">'
           f"{escape(title)} - {escape(status)}</text>"]
    for r, c, x, y in _cells(position, perspective):
        n = position["board"][r][c]
        owner_north = (r <= 1) if game == "kisolo" else (r == 0)
        cls = "hole north" if owner_north else "hole"
        if last == (r, c):
            cls += " last"
        name = escape(hole_name(game, [r, c], locale, names))
        out.append(f'<g><title>{name}: {n}</title>'
                   f'<circle class="{cls}" cx="{x:.1f}" cy="{y:.1f}" r="{RADIUS}"/>')
        if game == "kiothi" and position["nki"][r][c]:
            out.append(f'<circle class="nki" cx="{x:.1f}" cy="{y:.1f}" r="{RADIUS - 5}"/>'
                       f'<text class="lbl" x="{x - RADIUS + 2:.1f}" y="{y - RADIUS + 8:.1f}" '
                       'font-size="10" fill="#1f5fa8">nki</text>')
        out.extend(_seed_marks(x, y, n))
        out.append(f'<text class="count" x="{x + RADIUS - 6:.1f}" y="{y + RADIUS + 2:.1f}" '
                   f'text-anchor="middle">{n}</text></g>')
    if numbers:
        out.extend(_numbers(position, perspective))
    out.extend(_side_labels(position, perspective, names, width, height, locale))
    out.append("</svg>")
    return "".join(out)


def _numbers(position: dict, perspective: str) -> list[str]:
    """The hole numbers (columns 1..N) above the top row and below the bottom row."""
    ys: dict = {}
    for r, c, x, y in _cells(position, perspective):
        ys.setdefault(c, []).append((x, y))
    out = []
    for c, points in sorted(ys.items()):
        x = points[0][0]
        top = min(y for _, y in points) - RADIUS - 6
        bottom = max(y for _, y in points) + RADIUS + 16
        for y in (top, bottom):
            out.append(f'<text class="num" x="{x:.1f}" y="{y:.1f}" text-anchor="middle">'
                       f'{c + 1}</text>')
    return out


def _side_labels(position, perspective, names, width, height, locale) -> list[str]:
    bottom, top = ("south", "north") if perspective == "south" else ("north", "south")
    out = []
    if position["game"] == "kisolo":
        mid = MARGIN + 30 + 2 * PITCH + 7
        out.append(f'<line x1="{MARGIN + LABEL_W}" y1="{mid}" x2="{width - MARGIN}" y2="{mid}" '
                   'stroke="#6b4a2b" stroke-width="2"/>')
        for who, y in ((top, MARGIN + 30 + PITCH), (bottom, mid + 7 + PITCH)):
            out.append(f'<text class="lbl" x="{MARGIN}" y="{y + 4}">{escape(names[who])}</text>')
        return out
    jails = position["jails"]
    # South's jail sits at South's right-hand (east) end, North's at the west end.
    east, west = (("south", "north") if perspective == "south" else ("north", "south"))
    rows_h = 2 * PITCH
    y0 = MARGIN + 30
    for who, x in ((west, MARGIN), (east, width - MARGIN - JAIL_W)):
        jail = escape(tr(locale, "names.jail", side=names[who]))
        out.append(f'<g><title>{jail}: {jails[who]}</title>'
                   f'<rect x="{x}" y="{y0}" width="{JAIL_W}" height="{rows_h}" rx="30" '
                   'fill="#f3e3c3" stroke="#6b4a2b" stroke-width="2"/>'
                   f'<text class="count" x="{x + JAIL_W / 2}" y="{y0 + rows_h / 2 + 5}" '
                   f'text-anchor="middle" font-size="20">{jails[who]}</text>'
                   f'<text class="lbl" x="{x + JAIL_W / 2}" y="{y0 + rows_h + 18}" '
                   f'text-anchor="middle">{jail}</text></g>')
    out.append(f'<text class="lbl" x="{width / 2}" y="{height - MARGIN + 4}" '
               f'text-anchor="middle">'
               f'{escape(tr(locale, "svg.bottom_row", name=names[bottom]))}</text>')
    return out
