"""Static SVG pictures of a position: handouts, ``_repr_svg_``, and the board
shown by a saved notebook where no kernel runs (GitHub, nbviewer, nbconvert).

A pure function of the position, drawn on the same geometry as the browser's
board (drawing.py): no widget, no kernel, no browser.

>>> from mancala_widgets.rules import initial_position
>>> svg = board_svg(initial_position("kiothi"))
>>> svg.startswith("<svg") and "North's jail" in svg
True
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from .drawing import SEED_SPOTS, board_geometry, variant_of
from .rules import load_position
from .text import check_label, check_title, tr
from .text.names import hole_name, side_names, status_line

STYLE = (
    "<style>.hole{fill:#f3e3c3;stroke:#6b4a2b;stroke-width:2}"
    ".north{fill:#e6d3ae}.seed{fill:#5a3d24}.count{font-size:13px;font-weight:bold;"
    "fill:#222}.lbl{font-size:13px;fill:#222}.nki{fill:none;stroke:#1f5fa8;"
    "stroke-width:3;stroke-dasharray:5 3}.last{stroke:#b3261e;stroke-width:4}"
    ".num{font-size:12px;fill:#3b2a17;font-weight:bold}</style>"
)
#: On paper (a handout's diagram, ``print_mm``): a count is at least this tall, in
#: millimetres (its font size), written in the middle of its hole; the other words
#: and numbers at least PRINT_TEXT_MM.
PRINT_COUNT_MM = 4.0
PRINT_TEXT_MM = 3.0
BOARD_FILL, PRINT_BOARD_FILL = "#c9a36b", "#e3cfa6"


def print_style(count_px: float, text_px: float) -> str:
    """The picture's style on paper: black counts on white holes, larger type."""
    return (
        "<style>.hole{fill:#fff;stroke:#6b4a2b;stroke-width:2}.north{fill:#ececec}"
        f".count{{font-size:{count_px:.1f}px;font-weight:bold;fill:#000}}"
        f".lbl{{font-size:{text_px:.1f}px;fill:#000}}.nki{{fill:none;stroke:#1f5fa8;"
        "stroke-width:3;stroke-dasharray:5 3}.last{stroke:#b3261e;stroke-width:4}"
        f".num{{font-size:{text_px:.1f}px;fill:#000;font-weight:bold}}</style>"
    )


def board_size(position: dict) -> tuple[int, int]:
    g = board_geometry(position["game"], variant_of(position))
    return g["width"], g["height"]


def _seed_marks(x: float, y: float, n: int, r: float) -> list[str]:
    if n > len(SEED_SPOTS):
        return []
    return [
        f'<circle class="seed" cx="{x + dx:.1f}" cy="{y + dy:.1f}" r="{r}"/>'
        for dx, dy in SEED_SPOTS[:n]
    ]


def board_svg(
    position: dict,
    *,
    perspective: str = "south",
    title: str | None = None,
    labels: dict | None = None,
    last_move: dict | None = None,
    locale: str = "en",
    numbers: bool = False,
    print_mm: float | None = None,
) -> str:
    """An SVG picture of a position (docs/rules.md), every count written out, in the
    language of ``locale``; ``numbers`` writes the hole numbers by the board.

    ``labels`` names the players (e.g. ``{"south": "Mbuyi", "north": "Kanku"}``);
    all text is escaped, so names show exactly as typed.

    ``print_mm`` is the width in millimetres the picture will be printed at (a
    handout): each count is then written in the middle of its hole, at least
    PRINT_COUNT_MM tall, in black on a white hole, with no seeds drawn, and the
    other words at least PRINT_TEXT_MM tall.

    >>> from mancala_widgets.rules import initial_position
    >>> paper = board_svg(initial_position("kisolo"), print_mm=84)
    >>> 'class="seed"' in paper, ".count{font-size:27.7px" in paper
    (False, True)
    """
    if print_mm is not None and (
        not isinstance(print_mm, (int, float)) or isinstance(print_mm, bool) or not print_mm > 0
    ):
        raise ValueError(f"print_mm = {print_mm!r}: expected a width in millimetres above 0")
    position = load_position(position).to_dict()  # a bad position is refused, not drawn
    if title is not None:
        check_title(title, "title")
    for side, name in (labels or {}).items():
        check_label(name, f"labels[{side!r}]")
    game = position["game"]
    geo = board_geometry(game, variant_of(position), perspective, numbers)
    names = {**side_names(locale), **(labels or {})}
    width, height, radius = geo["width"], geo["height"], geo["radius"]
    last = (last_move["row"], last_move["column"]) if last_move and "row" in last_move else None
    title = title or tr(locale, f"names.game_{game}")
    status = status_line(position, locale, names)
    paper = print_mm is not None
    count_px, jail_px, nki_px = 13.0, 20.0, 10.0
    style = STYLE
    if print_mm is not None:
        per_mm = width / print_mm
        # As large as asked, but never wider than a hole holds two digits.
        count_px = min(max(13.0, PRINT_COUNT_MM * per_mm), 1.2 * radius)
        text_px = max(13.0, PRINT_TEXT_MM * per_mm)
        jail_px, nki_px = max(20.0, 1.2 * count_px), max(10.0, 0.85 * text_px)
        style = print_style(count_px, text_px)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" font-family="sans-serif">',
        f"<title>{escape(title)}: {escape(status)}</title>",
        style,
        f'<rect x="1" y="1" width="{width - 2}" height="{height - 2}" rx="14" '
        f'fill="{PRINT_BOARD_FILL if paper else BOARD_FILL}" stroke="#6b4a2b" stroke-width="2"/>',
        f'<text class="lbl" x="24" y="34" font-weight="bold">'
        f"{escape(title)} - {escape(status)}</text>",
    ]
    nki = position.get("nki")
    for cell in geo["cells"]:
        (r, c), x, y = cell["cell"], cell["x"], cell["y"]
        n = position["board"][r][c]
        cls = "hole north" if cell["owner"] == "north" else "hole"
        if last == (r, c):
            cls += " last"
        name = escape(hole_name(game, [r, c], locale, names))
        out.append(
            f"<g><title>{name}: {n}</title>"
            f'<circle class="{cls}" cx="{x:.1f}" cy="{y:.1f}" r="{radius}"/>'
        )
        if nki and nki[r][c]:
            out.append(
                f'<circle class="nki" cx="{x:.1f}" cy="{y:.1f}" r="{radius - 5}"/>'
                f'<text class="lbl" x="{x - radius + 2:.1f}" y="{y - radius + 8:.1f}" '
                f'font-size="{nki_px:g}" fill="#1f5fa8">nki</text>'
            )
        if paper:  # the count in the middle of the hole, its digits centred on it
            out.append(
                f'<text class="count" x="{x:.1f}" y="{y + 0.36 * count_px:.1f}" '
                f'text-anchor="middle">{n}</text></g>'
            )
            continue
        out.extend(_seed_marks(x, y, n, geo["seed_radius"]))
        out.append(
            f'<text class="count" x="{x + radius - 6:.1f}" y="{y + radius + 2:.1f}" '
            f'text-anchor="middle">{n}</text></g>'
        )
    for num in geo["numbers"]:
        out.append(
            f'<text class="num" x="{num["x"]:.1f}" y="{num["y"]:.1f}" '
            f'text-anchor="middle">{num["text"]}</text>'
        )
    divider = geo["divider"]
    if divider:
        out.append(
            f'<line x1="{divider["x1"]}" y1="{divider["y"]}" x2="{divider["x2"]}" '
            f'y2="{divider["y"]}" stroke="#6b4a2b" stroke-width="2"/>'
        )
    for who, jail in geo["jails"].items():
        count = position["jails"][who]
        label = escape(tr(locale, "names.jail", side=names[who]))
        middle = jail["y"] + jail["h"] / 2
        jail_y = f"{middle + 0.36 * jail_px:.1f}" if paper else f"{middle + 5}"
        out.append(
            f"<g><title>{label}: {count}</title>"
            f'<rect x="{jail["x"]}" y="{jail["y"]}" width="{jail["w"]}" '
            f'height="{jail["h"]}" rx="30" fill="{"#fff" if paper else "#f3e3c3"}" '
            'stroke="#6b4a2b" stroke-width="2"/>'
            f'<text class="count" x="{jail["x"] + jail["w"] / 2}" '
            f'y="{jail_y}" text-anchor="middle" '
            f'font-size="{jail_px:g}">'
            f"{count}</text>"
            f'<text class="lbl" x="{jail["x"] + jail["w"] / 2}" '
            f'y="{jail["y"] + jail["h"] + 18}" text-anchor="middle">{label}</text></g>'
        )
    for who, at in geo["side_labels"].items():
        out.append(
            f'<text class="lbl" x="{at["x"]}" y="{at["y"]}" '
            f'text-anchor="{at["anchor"]}">{escape(names[who])}</text>'
        )
    out.append("</svg>")
    return "".join(out)


__all__ = ["board_size", "board_svg"]
