"""Where everything sits on a board's picture: one geometry for the static SVG
(svg.py) and the browser's board, which receives it as the ``geometry`` trait.

A pure function of the game's board (rules/game.py), the side at the bottom and
whether the hole numbers are drawn. Boards whose players own several rows
(Kisolo) have a line between the players and their names at the left; boards
with jails (Kiothi) have a jail at each player's right-hand end and the names
above and below.

>>> g = board_geometry("kisolo", {"columns": 7})
>>> g["width"], g["height"], len(g["cells"])
(582, 348, 28)
>>> next(c for c in g["cells"] if c["cell"] == [3, 0])["view"]
[3, 0]
>>> sorted(board_geometry("kiothi", {}, perspective="north")["jails"])
['north', 'south']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .rules.game import game as game_of
from .rules.game import other

PITCH = 64  # distance between hole centres
RADIUS = 25  # hole radius
MARGIN = 24
LABEL_W = 86  # room for the players' names at the left
JAIL_W = 70  # a jail's width; the jails leave 16 more on their inner side
TITLE = 30  # room above the board for its title line (static picture)
GAP = 14  # between the two players' halves, when each has several rows
NUMBER_STRIP = 20
SEED_R = 4.2
#: Seed offsets inside a hole, filled in this order; more seeds make a heap.
SEED_SPOTS = [
    [0, 0],
    [-9, -6],
    [9, -6],
    [-9, 7],
    [9, 7],
    [0, -13],
    [0, 13],
    [-15, 0],
    [15, 0],
    [-12, -14],
    [12, -14],
    [-12, 14],
    [12, 14],
]


def board_geometry(
    game: str, variant: Mapping[str, Any], perspective: str = "south", numbers: bool = False
) -> dict:
    """The picture's geometry as JSON: size, every cell's centre, jails, names, numbers."""
    g = game_of(game)
    board = g.board(**variant)
    rows, columns = board.rows, board.columns
    flip = perspective == "north"
    bottom, top = perspective, other(perspective)
    halves = rows // 2 > 1  # each player owns several rows: a line between them
    strip = NUMBER_STRIP if numbers else 0
    left = MARGIN + (JAIL_W + 16 if g.has_jails else LABEL_W)
    y0 = MARGIN + TITLE + strip

    def view(r: int, c: int) -> tuple[int, int]:
        return (rows - 1 - r, columns - 1 - c) if flip else (r, c)

    def centre(r: int, c: int) -> tuple[float, float]:
        vr, vc = view(r, c)
        gap = GAP if halves and vr >= rows // 2 else 0
        return left + vc * PITCH + PITCH / 2, y0 + vr * PITCH + PITCH / 2 + gap

    cells = []
    for r in range(rows):
        for c in range(columns):
            x, y = centre(r, c)
            cells.append(
                {
                    "cell": [r, c],
                    "x": x,
                    "y": y,
                    "view": list(view(r, c)),
                    "owner": board.owner((r, c)),
                    "number": board.number((r, c)),
                }
            )
    height_rows = rows * PITCH + (GAP if halves else 0)
    geometry: dict[str, Any] = {
        "game": game,
        "rows": rows,
        "columns": columns,
        "perspective": perspective,
        "radius": RADIUS,
        "pitch": PITCH,
        "seed_radius": SEED_R,
        "seed_spots": SEED_SPOTS,
        "piece": f"{g.piece}s",
        "cells": cells,
        "jails": {},
        "divider": None,
    }
    if g.has_jails:
        width = 2 * MARGIN + 2 * (JAIL_W + 16) + columns * PITCH
        height = y0 + height_rows + 24 + MARGIN + strip
        # Each jail at its owner's right-hand end: the bottom player's on the right.
        geometry["jails"] = {
            top: {"x": MARGIN, "y": y0, "w": JAIL_W, "h": height_rows},
            bottom: {"x": width - MARGIN - JAIL_W, "y": y0, "w": JAIL_W, "h": height_rows},
        }
        geometry["side_labels"] = {
            top: {"x": width / 2, "y": y0 - 8 - strip, "anchor": "middle"},
            bottom: {"x": width / 2, "y": y0 + height_rows + 18 + strip, "anchor": "middle"},
        }
    else:
        width = 2 * MARGIN + LABEL_W + columns * PITCH
        height = y0 + height_rows + MARGIN + strip
        mid = y0 + (rows // 2) * PITCH + GAP / 2
        geometry["divider"] = {"x1": left, "x2": width - MARGIN, "y": mid}
        geometry["side_labels"] = {
            top: {"x": MARGIN, "y": y0 + PITCH + 4, "anchor": "start"},
            bottom: {"x": MARGIN, "y": mid + 7 + PITCH + 4, "anchor": "start"},
        }
    geometry["numbers"] = []
    if numbers:
        for c in range(columns):
            ys = [centre(r, c)[1] for r in range(rows)]
            x = centre(0, c)[0]
            for y in (min(ys) - RADIUS - 9, max(ys) + RADIUS + 21):
                geometry["numbers"].append({"text": str(c + 1), "x": x, "y": y})
    geometry["width"], geometry["height"] = width, height
    return geometry


def variant_of(position: Mapping[str, Any]) -> dict:
    """The variant options a position carries (docs/rules.md)."""
    g = game_of(position["game"])
    return {k: position[k] for k in g.variants if k in position}


__all__ = ["RADIUS", "SEED_SPOTS", "board_geometry", "variant_of"]
