"""Draws the default sheet, a rose window with a cross pattee, into ``default_sheet.json``.

The sheet is data; this script only made it (and a test checks the file still matches it).
Run ``python -m stainedglass.coloring.make_default_sheet`` to draw it again.

The window (coordinates in a 500 x 560 box, y downwards; the rose's centre at (250, 310)):

* the centre disc, then four rings (radii 45, 95, 145, 195, 250), each cut into sectors; the
  cross pattee is the centre disc with the sectors within 22.5 degrees of the four axes in the
  three inner rings (13 shapes, symbol ``cross``), drawn with a dark outline that separates nothing;
* ring 1: the four diagonal sectors are the hearts; ring 2: eight diamonds between the arms;
  ring 3: twelve sectors between the arms (clubs beside the arms, spades in the middle);
  ring 4: sixteen plain sectors, one (top, right of the axis) pre-coloured purple;
* the four corners of the square outside the rose (spandrels), each cut on its diagonal: eight
  spades;
* five stars where four shapes meet on the rose's rim: one at the top, one on each diagonal;
* ten circles in a row above the window.
"""

from __future__ import annotations

import json
import math
import pathlib
from typing import Any

from .sheet import cut_star

CX, CY = 250.0, 310.0
RADII = (45.0, 95.0, 145.0, 195.0, 250.0)
STEP = 3.75  # degrees between arc vertices: every sector boundary is a multiple of it
STAR_SIZE = 14.0
OUT = pathlib.Path(__file__).with_name("default_sheet.json")


def _pt(r: float, deg: float) -> tuple[float, float]:
    a = math.radians(deg)
    return (round(CX + r * math.cos(a), 3), round(CY - r * math.sin(a), 3))


def _arc(r: float, a0: float, a1: float) -> list[tuple[float, float]]:
    """Vertices of the arc of radius r from angle a0 to a1 (degrees, either direction)."""
    n = round(abs(a1 - a0) / STEP)
    return [_pt(r, a0 + (a1 - a0) * i / n) for i in range(n + 1)]


def _sector(r0: float, r1: float, a0: float, a1: float) -> list[tuple[float, float]]:
    return _arc(r1, a0, a1) + _arc(r0, a1, a0)


def _near_axis(mid: float) -> bool:
    return min(abs(((mid - axis + 180) % 360) - 180) for axis in (0, 90, 180, 270)) < 1


def draw() -> dict[str, Any]:
    shapes: list[dict[str, Any]] = []

    def add(poly: list[tuple[float, float]], symbol: str | None, color: str | None = None) -> None:
        shapes.append(
            {
                "polygon": [list(p) for p in poly],
                "symbol": symbol,
                **({"color": color} if color else {}),
            }
        )

    # sectors run clockwise from the top: angles decrease from 90 + half a sector
    add(_arc(RADII[0], 90, 90 - 360 + STEP), "cross")
    # ring 1: 8 sectors of 45 degrees centred on the axes and diagonals
    for k in range(8):
        mid = 90 - 45 * k
        add(_sector(RADII[0], RADII[1], mid + 22.5, mid - 22.5), "cross" if k % 2 == 0 else "heart")
    # ring 2: arms of 45 degrees, two diamonds of 22.5 degrees between arms
    for q in range(4):
        mid = 90 - 90 * q
        add(_sector(RADII[1], RADII[2], mid + 22.5, mid - 22.5), "cross")
        for j in range(2):
            a0 = mid - 22.5 - 22.5 * j
            add(_sector(RADII[1], RADII[2], a0, a0 - 22.5), "diamond")
    # ring 3: arms of 45 degrees, three sectors of 15 degrees between arms
    for q in range(4):
        mid = 90 - 90 * q
        add(_sector(RADII[2], RADII[3], mid + 22.5, mid - 22.5), "cross")
        for j in range(3):
            a0 = mid - 22.5 - 15 * j
            add(_sector(RADII[2], RADII[3], a0, a0 - 15), "spade" if j == 1 else "club")
    # ring 4: sixteen plain sectors of 22.5 degrees, boundaries on the axes and diagonals
    for k in range(16):
        a0 = 90 - 22.5 * k
        add(_sector(RADII[3], RADII[4], a0, a0 - 22.5), None, "purple" if k == 0 else None)
    # spandrels: the square's corners outside the rose, each cut on its diagonal
    r = RADII[4]
    for q, (sx, sy) in enumerate(((1, -1), (1, 1), (-1, 1), (-1, -1))):
        corner = (CX + sx * r, CY + sy * r)
        a_mid = 45 - 90 * q  # the diagonal's angle (y up)
        for a0, a1 in ((a_mid + 45, a_mid), (a_mid, a_mid - 45)):
            add([corner] + _arc(r, a0, a1), "spade")

    polygons = [[tuple(p) for p in s["polygon"]] for s in shapes]
    stars = []
    for deg in (90, 45, -45, -135, 135):  # the top star first, then clockwise
        stars.append([list(p) for p in cut_star(polygons, _pt(RADII[4], deg), STAR_SIZE)])
    for s, poly in zip(shapes, polygons):
        s["polygon"] = [list(p) for p in poly]

    cross_outline = (
        _arc(RADII[3], 112.5, 67.5)
        + _arc(RADII[0], 67.5, 22.5)
        + _arc(RADII[3], 22.5, -22.5)
        + _arc(RADII[0], -22.5, -67.5)
        + _arc(RADII[3], -67.5, -112.5)
        + _arc(RADII[0], -112.5, -157.5)
        + _arc(RADII[3], -157.5, -202.5)
        + _arc(RADII[0], -202.5, -247.5)
    )
    return {
        "name": "Rose window with a cross pattee",
        "width": 500,
        "height": 560,
        "shapes": shapes,
        "stars": stars,
        "circles": [[52.0 + 44.0 * i, 28.0, 14.0] for i in range(10)],
        "outlines": {
            "window": [
                list(p)
                for p in ([(CX - r, CY - r), (CX + r, CY - r), (CX + r, CY + r), (CX - r, CY + r)])
            ],
            "rose": [list(p) for p in _arc(RADII[4], 90, 90 - 360 + STEP)],
            "cross": [list(p) for p in cross_outline],
        },
    }


def main() -> None:
    OUT.write_text(json.dumps(draw(), indent=1) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
