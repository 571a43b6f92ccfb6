"""The player sheet: shapes (polygons with symbols), stars, circles; adjacency from shared borders.

A sheet is data (``default_sheet.json`` beside this file, or a custom mapping / JSON file with the
same keys). Everything the rules need is computed from the geometry, never typed by hand:

* two shapes are adjacent when their polygons share a stretch of border (touching at a corner
  is not adjacent); the cross's dark outline is only drawn, it separates nothing;
* a star borders the shapes whose polygons share a stretch of border with the star's polygon.

Shapes are numbered 1, 2, ... in the order of the file; stars likewise. Shape ``i`` is bit
``i - 1`` of a mask.

>>> sheet = load_sheet()
>>> len(sheet.shapes), len(sheet.stars), len(sheet.circles)
(61, 5, 10)
>>> sheet.shapes[0].symbol, sorted(sheet.neighbours_of(1))
('cross', [2, 3, 4, 5, 6, 7, 8, 9])

Custom sheets are validated; a fault is a ValueError saying where:

>>> load_sheet({"shapes": [{"polygon": [[0, 0], [1, 0], [0, 1]], "symbol": "moon"}]})
Traceback (most recent call last):
...
ValueError: sheet: shape 1: unknown symbol 'moon'; the symbols are cross, heart, diamond, club, spade

Public attributes a view needs (all read-only):

* ``sheet.width``, ``sheet.height``: the drawing box (y grows downwards);
* ``sheet.shapes[i]``: :class:`Shape` with ``number`` (1-based), ``polygon`` ((x, y) tuples),
  ``symbol`` (a section name or None), ``color`` (a pre-coloured shape's color or None),
  ``label`` (a point inside the shape to print its number and symbol);
* ``sheet.stars[k]``: :class:`Star` with ``number``, ``polygon`` (the non-colourable hole),
  ``center`` (where to draw the star glyph) and ``neighbours`` (shape numbers around it);
* ``sheet.circles``: ``(x, y, r)`` per circle, left to right;
* ``sheet.outlines``: name -> polygon of decorative lines (``"cross"``: the cross's dark outline,
  ``"rose"``, ``"window"``), drawn only;
* ``SYMBOLS`` (glyph per section) and ``SECTION_VALUES`` ((high, low) per section).
"""

from __future__ import annotations

import json
import math
import os
import pathlib
from dataclasses import dataclass
from typing import Any
from collections.abc import Iterable, Mapping, Sequence

import numpy as np

from ..core import bit_indices

COLORS: tuple[str, ...] = ("red", "blue", "green", "yellow", "purple")
SECTIONS: tuple[str, ...] = ("cross", "heart", "diamond", "club", "spade")
SECTION_VALUES: dict[str, tuple[int, int]] = {  # (high, low), from the rulebook and rulings
    "cross": (15, 10),
    "heart": (5, 3),
    "diamond": (7, 4),
    "club": (9, 6),
    "spade": (11, 7),
}
SYMBOLS: dict[str, str] = {
    "cross": "+",
    "heart": "\u2665",
    "diamond": "\u2666",
    "club": "\u2663",
    "spade": "\u2660",
}
MAX_GROUP = 5  # five pencils: never more than five shapes in a turn
MIN_STAR_BORDER = 4
# a sheet file is read only up to these sizes (the default sheet: 61 shapes of at most 96 points,
# 5 stars, 10 circles, coordinates within 600, a 55 kB file)
MAX_SHEET_BYTES = 1_000_000
MAX_SHAPES = 200
MAX_POINTS = 400
MAX_STARS = 40
MAX_CIRCLES = 60
MAX_OUTLINES = 40
MAX_COORDINATE = 1e6
MAX_NAME = 200
DEFAULT_FILE = pathlib.Path(__file__).with_name("default_sheet.json")

Point = tuple[float, float]


@dataclass(frozen=True)
class Shape:
    """A colourable shape: ``number`` (1-based), ``polygon``, ``symbol``, pre-``color``, ``label``."""

    number: int
    polygon: tuple[Point, ...]
    symbol: str | None
    color: str | None
    label: Point


@dataclass(frozen=True)
class Star:
    """A non-colourable star: ``number``, ``polygon``, ``center``, bordering shape ``neighbours``."""

    number: int
    polygon: tuple[Point, ...]
    center: Point
    neighbours: tuple[int, ...]


class Sheet:
    """A validated sheet and everything the engine precomputes from it (shared by all states).

    Engine fields (bit masks over shapes): ``full``, ``nbr[i]`` (neighbours of shape index i),
    ``section_mask[name]``, ``star_mask[k]``, ``precolored[c]`` (mask per color index), and
    ``groups[n]``: every connected set of exactly n shapes (n = 1..5), as an array of 64-bit words
    of shape (words, count), each set once.
    """

    def __init__(self, data: Mapping[str, Any]) -> None:
        name = data.get("name", "custom sheet")
        if not isinstance(name, str) or len(name) > MAX_NAME:
            raise ValueError(f"sheet: 'name' must be text of at most {MAX_NAME} characters")
        self.name: str = name
        shapes, stars, circles, outlines = _read(data)
        polys = [s[0] for s in shapes]
        tol = 1e-5 * _diagonal(polys)
        adj = _adjacency(polys, tol)
        found = _problems(shapes, stars, tol, adj, first=True)
        if found:
            raise ValueError(f"sheet: {found[0].message}")
        self.n = len(shapes)
        self.full = (1 << self.n) - 1
        self.nbr: tuple[int, ...] = tuple(sum(1 << j for j in adj[i]) for i in range(self.n))
        self.shapes: tuple[Shape, ...] = tuple(
            Shape(i + 1, poly, sym, col, _interior_point(poly))
            for i, (poly, sym, col) in enumerate(shapes)
        )
        star_list = []
        for k, poly in enumerate(stars):
            around = _star_border(poly, polys, tol)
            center = (sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly))
            star_list.append(Star(k + 1, poly, center, tuple(i + 1 for i in around)))
        self.stars: tuple[Star, ...] = tuple(star_list)
        self.circles: tuple[tuple[float, float, float], ...] = circles
        self.outlines: dict[str, tuple[Point, ...]] = outlines
        xs = [p[0] for poly in polys for p in poly]
        ys = [p[1] for poly in polys for p in poly]
        self.width = _number(data.get("width", max(xs) + min(xs)), "'width'")
        self.height = _number(data.get("height", max(ys) + min(ys)), "'height'")
        if self.width <= 0 or self.height <= 0:
            raise ValueError("sheet: 'width' and 'height' must be greater than 0")
        self.section_mask: dict[str, int] = {
            name: sum(1 << i for i, s in enumerate(self.shapes) if s.symbol == name)
            for name in SECTIONS
        }
        self.star_mask: tuple[int, ...] = tuple(
            sum(1 << (j - 1) for j in s.neighbours) for s in self.stars
        )
        self.precolored: tuple[int, ...] = tuple(
            sum(1 << i for i, s in enumerate(self.shapes) if s.color == c) for c in COLORS
        )
        self.words = (self.n + 63) // 64
        self.groups: dict[int, np.ndarray] = {}
        self.group_masks: dict[int, list[int]] = {}
        self._group_index: dict[int, int] = {}
        for size, masks in _connected_sets(self.nbr, MAX_GROUP).items():
            self.group_masks[size] = masks
            self.groups[size] = _to_words(masks, self.words)
            self._group_index.update((m, i) for i, m in enumerate(masks))

    # ---- queries -----------------------------------------------------------------------------

    def neighbours_of(self, number: int) -> list[int]:
        """Shape numbers adjacent to shape ``number`` (1-based)."""
        return [j + 1 for j in bit_indices(self.nbr[number - 1])]

    def touching(self, mask: int) -> int:
        """The shapes adjacent to any shape of ``mask`` (the mask's own shapes included)."""
        out = mask
        nbr = self.nbr
        while mask:
            low = mask & -mask
            out |= nbr[low.bit_length() - 1]
            mask ^= low
        return out

    def components(self, mask: int) -> list[int]:
        """The connected pieces of ``mask``, largest first."""
        out = []
        nbr = self.nbr
        while mask:
            comp = frontier = mask & -mask
            while frontier:
                low = frontier & -frontier
                frontier ^= low
                new = nbr[low.bit_length() - 1] & mask & ~comp
                comp |= new
                frontier |= new
            out.append(comp)
            mask &= ~comp
        out.sort(key=lambda m: -m.bit_count())
        return out

    def is_connected(self, mask: int) -> bool:
        return mask != 0 and len(self.components(mask)) == 1

    def groups_within(self, allowed: int, size: int) -> np.ndarray:
        """Indices into ``groups[size]`` of the connected sets lying inside ``allowed``."""
        table = self.groups.get(size)
        if table is None or table.shape[1] == 0:
            return np.zeros(0, dtype=np.intp)
        if self.words == 1:  # up to 64 shapes (the default sheet): one comparison
            return np.flatnonzero((table[0] & np.uint64(~allowed & 0xFFFFFFFFFFFFFFFF)) == 0)
        ok: np.ndarray | None = None
        for w in range(self.words):
            out_w = np.uint64(~(allowed >> (64 * w)) & 0xFFFFFFFFFFFFFFFF)
            part = (table[w] & out_w) == 0
            ok = part if ok is None else ok & part
        return np.flatnonzero(ok) if ok is not None else np.zeros(0, dtype=np.intp)

    def group_index(self, mask: int) -> int | None:
        """The index of a connected set in ``groups[size]``; None when not connected."""
        return self._group_index.get(mask)

    def mask_of(self, numbers: Iterable[int]) -> int:
        return sum(1 << (n - 1) for n in numbers)

    def numbers(self, mask: int) -> list[int]:
        """Shape numbers (1-based, ascending) of a mask."""
        return [i + 1 for i in bit_indices(mask)]

    def to_data(self) -> dict[str, Any]:
        """The sheet as plain data (the format ``load_sheet`` reads)."""
        return {
            "name": self.name,
            "width": self.width,
            "height": self.height,
            "shapes": [
                {
                    "polygon": [list(p) for p in s.polygon],
                    "symbol": s.symbol,
                    **({"color": s.color} if s.color else {}),
                }
                for s in self.shapes
            ],
            "stars": [[list(p) for p in s.polygon] for s in self.stars],
            "circles": [list(c) for c in self.circles],
            "outlines": {k: [list(p) for p in v] for k, v in self.outlines.items()},
        }

    def __repr__(self) -> str:
        return (
            f"<Sheet {self.name!r}: {self.n} shapes, {len(self.stars)} stars, "
            f"{len(self.circles)} circles>"
        )


# ------------------------------------------------------------------------------------------------
# Loading

_CACHE: dict[str, Sheet] = {}  # by content
_CACHE_BY_PATH: dict[pathlib.Path, Sheet] = {}  # the default sheet, read once


def load_sheet(source: Any = None) -> Sheet:
    """The default sheet (``None``), a JSON file (a path), or a mapping; validated, cached."""
    if source is None:
        if DEFAULT_FILE not in _CACHE_BY_PATH:
            _CACHE_BY_PATH[DEFAULT_FILE] = load_sheet(DEFAULT_FILE)
        return _CACHE_BY_PATH[DEFAULT_FILE]
    if isinstance(source, (bytes, bytearray)):
        raise ValueError("sheet: expected a file name or a mapping, not bytes")
    data = sheet_data(source)
    try:
        key = json.dumps(data, sort_keys=True)
    except (TypeError, ValueError) as e:
        raise ValueError(f"sheet: not plain data ({e})") from None
    except RecursionError:
        raise ValueError("sheet: nested too deeply") from None
    if len(key) > MAX_SHEET_BYTES:
        raise ValueError(f"sheet: larger than {MAX_SHEET_BYTES:,} characters")
    sheet = _CACHE.get(key)
    if sheet is None:
        sheet = _CACHE[key] = Sheet(data)
    return sheet


@dataclass(frozen=True)
class SheetProblem:
    """One way a sheet fails the requirements: the words, and the shapes and stars to mark
    (numbers, 1-based; none when the fault is the file's form, with nothing to draw)."""

    message: str
    shapes: tuple[int, ...] = ()
    stars: tuple[int, ...] = ()


@dataclass(frozen=True)
class SheetCheck:
    """A sheet checked against every requirement: ``problems`` (all of them, as data), the
    geometry to draw them on (``shapes``: (polygon, symbol, color) per shape, ``stars``
    polygons, ``width``, ``height``; empty when the form is wrong) and ``sheet``, the loaded
    sheet when there is no problem."""

    problems: tuple[SheetProblem, ...]
    shapes: tuple[tuple[tuple[Point, ...], str | None, str | None], ...] = ()
    stars: tuple[tuple[Point, ...], ...] = ()
    width: float = 0.0
    height: float = 0.0
    sheet: Sheet | None = None

    @property
    def ok(self) -> bool:
        return not self.problems


def check_sheet(source: Any = None) -> SheetCheck:
    """Check a sheet (what ``load_sheet`` takes, or a file's bytes) against every requirement
    and report all the failures as data, each naming its shapes and stars (``load_sheet``
    raises the first as a ValueError instead).

    >>> check = check_sheet(grid_sheet(["+ h d c ."], colors={1: "red", 2: "red"}))
    >>> [(p.message[:30], p.shapes) for p in check.problems]
    [('the spade section has no shape', ()), ('shapes 1 and 2 are both pre-co', (1, 2))]
    """
    try:
        data = sheet_data(source)
        shapes, stars, _, _ = _read(data)
    except ValueError as e:
        return SheetCheck((SheetProblem(str(e).removeprefix("sheet: ")),))
    polys = [s[0] for s in shapes]
    tol = 1e-5 * _diagonal(polys)
    found = _problems(shapes, stars, tol, _adjacency(polys, tol), first=False)
    xs = [p[0] for poly in polys for p in poly]
    ys = [p[1] for poly in polys for p in poly]
    width = data.get("width", max(xs) + min(xs))
    height = data.get("height", max(ys) + min(ys))
    sheet = None
    if not found:
        try:
            sheet = load_sheet(data)
        except ValueError as e:
            found = [SheetProblem(str(e).removeprefix("sheet: "))]
    return SheetCheck(tuple(found), tuple(shapes), tuple(stars), float(width), float(height), sheet)


def sheet_data(source: Any) -> Mapping[str, Any]:
    """A sheet's data from a file name, a file's bytes (an upload) or a mapping, checked for
    size and JSON (a ValueError saying where); not yet checked as a sheet."""
    if isinstance(source, (bytes, bytearray)):
        return _json_data(bytes(source[: MAX_SHEET_BYTES + 1]), "the file")
    if source is None:
        source = DEFAULT_FILE
    if isinstance(source, (str, os.PathLike)):
        path = pathlib.Path(source)
        try:
            if path.exists() and not path.is_file():  # a folder, a device (/dev/zero), a pipe
                raise ValueError(f"sheet: {str(path)!r} is not a file")
            with open(path, "rb") as f:
                raw = f.read(MAX_SHEET_BYTES + 1)
        except OSError as e:
            raise ValueError(f"sheet: cannot read {str(path)!r}: {e.strerror}") from None
        return _json_data(raw, repr(str(path)))
    if isinstance(source, Mapping):
        return source
    raise ValueError(f"sheet: expected a file name or a mapping, not {type(source).__name__}")


def _json_data(raw: bytes, where: str) -> Mapping[str, Any]:
    if len(raw) > MAX_SHEET_BYTES:
        raise ValueError(f"sheet: {where} is larger than {MAX_SHEET_BYTES:,} bytes")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ValueError(f"sheet: {where} is not JSON: {e}") from None
    except RecursionError:
        raise ValueError(f"sheet: {where} is nested too deeply") from None
    if not isinstance(data, Mapping):
        raise ValueError("sheet: expected a JSON object with 'shapes', 'stars' and 'circles'")
    return data


def _star_border(poly: Sequence[Point], polys: Sequence[Sequence[Point]], tol: float) -> list[int]:
    """Indices of the shapes sharing a stretch of border with a star."""
    return sorted(i for i in range(len(polys)) if _shares_border(poly, polys[i], tol))


def _problems(
    shapes: Sequence[tuple[tuple[Point, ...], str | None, str | None]],
    stars: Sequence[tuple[Point, ...]],
    tol: float,
    adj: Sequence[Sequence[int]],
    first: bool,
) -> list[SheetProblem]:
    """The sheet requirements the geometry must meet, in order: shapes and stars never
    overlap, every star is bordered by at least four shapes, every section has a shape, no two
    touching shapes are pre-coloured alike. ``first``: stop at the first failure."""
    out: list[SheetProblem] = []
    polys = [s[0] for s in shapes]
    for a, b in _overlaps(polys, stars, tol, first):
        out.append(
            SheetProblem(
                f"{a[0]} {a[1]} and {b[0]} {b[1]} overlap: shapes and stars may share borders, never "
                "area",
                tuple(x[1] for x in (a, b) if x[0] == "shape"),
                tuple(x[1] for x in (a, b) if x[0] == "star"),
            )
        )
        if first:
            return out
    for k, poly in enumerate(stars):
        around = _star_border(poly, polys, tol)
        if len(around) < MIN_STAR_BORDER:
            named = ", ".join(str(i + 1) for i in around) or "none"
            out.append(
                SheetProblem(
                    f"star {k + 1} is bordered by {len(around)} shape"
                    f"{'' if len(around) == 1 else 's'} ({named}); a star needs at least "
                    f"{MIN_STAR_BORDER}",
                    tuple(i + 1 for i in around),
                    (k + 1,),
                )
            )
            if first:
                return out
    for name in SECTIONS:
        if not any(s[1] == name for s in shapes):
            out.append(
                SheetProblem(
                    f"the {name} section has no shape; every section "
                    f"({', '.join(SECTIONS)}) needs at least one"
                )
            )
            if first:
                return out
    for i, (_, _, color) in enumerate(shapes):
        for j in adj[i]:
            if j > i and color is not None and shapes[j][2] == color:
                out.append(
                    SheetProblem(
                        f"shapes {i + 1} and {j + 1} are both pre-coloured {color} and touch: two "
                        "groups of one color may never touch",
                        (i + 1, j + 1),
                    )
                )
                if first:
                    return out
    return out


def _number(v: Any, where: str) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise ValueError(f"sheet: {where}: {str(v)[:40]!r} is not a number")
    too_large = isinstance(v, int) and abs(v) > MAX_COORDINATE  # before float(v) overflows
    if too_large or not -MAX_COORDINATE <= v <= MAX_COORDINATE:  # nan and inf fail too
        shown = v if abs(v) < 10**30 else "a number that large"
        raise ValueError(
            f"sheet: {where}: {shown} is not a number from {-MAX_COORDINATE:g} to "
            f"{MAX_COORDINATE:g}"
        )
    return float(v)


def _polygon(v: Any, where: str) -> tuple[Point, ...]:
    if not isinstance(v, (list, tuple)) or not 3 <= len(v) <= MAX_POINTS:
        raise ValueError(f"sheet: {where}: a polygon is a list of 3 to {MAX_POINTS} [x, y] points")
    pts = []
    for j, p in enumerate(v):
        if not isinstance(p, (list, tuple)) or len(p) != 2:
            raise ValueError(f"sheet: {where}, point {j + 1}: expected [x, y], not {p!r}")
        pts.append(
            (_number(p[0], f"{where}, point {j + 1}"), _number(p[1], f"{where}, point {j + 1}"))
        )
    if abs(_area(pts)) < 1e-12:
        raise ValueError(f"sheet: {where}: the polygon has no area")
    return tuple(pts)


def _read(
    data: Mapping[str, Any],
) -> tuple[
    list[tuple[tuple[Point, ...], str | None, str | None]],
    list[tuple[Point, ...]],
    tuple[tuple[float, float, float], ...],
    dict[str, tuple[Point, ...]],
]:
    """A sheet's data checked: its shapes (polygon, symbol, colour), stars, circles, outlines."""
    unknown = sorted(
        set(data) - {"name", "width", "height", "shapes", "stars", "circles", "outlines"}
    )
    if unknown:
        raise ValueError(
            f"sheet: unknown key {unknown[0]!r}; the keys are name, width, height, "
            "shapes, stars, circles, outlines"
        )
    raw = data.get("shapes")
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_SHAPES:
        raise ValueError(f"sheet: 'shapes' must be a list of 1 to {MAX_SHAPES} shapes")
    shapes = []
    for i, s in enumerate(raw):
        where = f"shape {i + 1}"
        if not isinstance(s, Mapping) or "polygon" not in s:
            raise ValueError(f"sheet: {where}: expected {{'polygon': [...], 'symbol': ...}}")
        extra = sorted(set(s) - {"polygon", "symbol", "color"})
        if extra:
            raise ValueError(f"sheet: {where}: unknown key {extra[0]!r} (polygon, symbol, color)")
        sym = s.get("symbol")
        if sym is not None and sym not in SECTIONS:
            raise ValueError(
                f"sheet: {where}: unknown symbol {sym!r}; the symbols are " + ", ".join(SECTIONS)
            )
        col = s.get("color")
        if col is not None and col not in COLORS:
            raise ValueError(
                f"sheet: {where}: unknown color {col!r}; the colors are " + ", ".join(COLORS)
            )
        shapes.append((_polygon(s["polygon"], where), sym, col))
    stars_raw = data.get("stars", [])
    if not isinstance(stars_raw, list) or len(stars_raw) > MAX_STARS:
        raise ValueError(f"sheet: 'stars' must be a list of at most {MAX_STARS} polygons")
    stars = [_polygon(p, f"star {k + 1}") for k, p in enumerate(stars_raw)]
    circ = data.get("circles", 10)
    if isinstance(circ, int) and not isinstance(circ, bool):
        if not 0 <= circ <= MAX_CIRCLES:
            raise ValueError(f"sheet: 'circles' must be a count from 1 to {MAX_CIRCLES}")
        circles = tuple((0.0, 0.0, 0.0) for _ in range(circ))
    elif isinstance(circ, list):
        if len(circ) > MAX_CIRCLES:
            raise ValueError(f"sheet: 'circles' must list at most {MAX_CIRCLES} circles")
        cl = []
        for k, c in enumerate(circ):
            if not isinstance(c, (list, tuple)) or len(c) != 3:
                raise ValueError(f"sheet: circle {k + 1}: expected [x, y, r], not {c!r}")
            x, y, r = (_number(v, f"circle {k + 1}") for v in c)
            cl.append((x, y, r))
        circles = tuple(cl)
    else:
        raise ValueError("sheet: 'circles' must be a count or a list of [x, y, r]")
    if not circles:
        raise ValueError(
            "sheet: a sheet needs at least one circle (a player whose circles are "
            "all filled has finished)"
        )
    outl = data.get("outlines", {})
    if not isinstance(outl, Mapping) or len(outl) > MAX_OUTLINES:
        raise ValueError(f"sheet: 'outlines' must map at most {MAX_OUTLINES} names to polygons")
    outlines = {str(k): _polygon(v, f"outline {k!r}") for k, v in outl.items()}
    return shapes, stars, circles, outlines


# ------------------------------------------------------------------------------------------------
# Geometry


def _area(poly: Sequence[Point]) -> float:
    return 0.5 * sum(
        poly[i - 1][0] * poly[i][1] - poly[i][0] * poly[i - 1][1] for i in range(len(poly))
    )


def _diagonal(polys: Sequence[Sequence[Point]]) -> float:
    xs = [p[0] for poly in polys for p in poly]
    ys = [p[1] for poly in polys for p in poly]
    return max(math.hypot(max(xs) - min(xs), max(ys) - min(ys)), 1e-9)


def _edges(poly: Sequence[Point]) -> np.ndarray:
    a = np.asarray(poly, dtype=float)
    return np.concatenate([a, np.roll(a, -1, axis=0)], axis=1)  # x1 y1 x2 y2


def _bbox(poly: Sequence[Point]) -> tuple[float, float, float, float]:
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    return min(xs), min(ys), max(xs), max(ys)


def _boxes_meet(
    a: tuple[float, float, float, float], b: tuple[float, float, float, float], tol: float
) -> bool:
    return a[0] <= b[2] + tol and b[0] <= a[2] + tol and a[1] <= b[3] + tol and b[1] <= a[3] + tol


def _shared_length(ea: np.ndarray, eb: np.ndarray, tol: float) -> float:
    """The longest stretch of border shared by an edge of ``ea`` and an edge of ``eb``."""
    p = ea[:, None, 0:2]
    d = ea[:, None, 2:4] - p
    length = np.hypot(d[..., 0], d[..., 1])
    length = np.where(length == 0, 1e-300, length)
    q1 = eb[None, :, 0:2] - p
    q2 = eb[None, :, 2:4] - p
    c1 = (d[..., 0] * q1[..., 1] - d[..., 1] * q1[..., 0]) / length
    c2 = (d[..., 0] * q2[..., 1] - d[..., 1] * q2[..., 0]) / length
    t1 = (d[..., 0] * q1[..., 0] + d[..., 1] * q1[..., 1]) / length
    t2 = (d[..., 0] * q2[..., 0] + d[..., 1] * q2[..., 1]) / length
    lo = np.maximum(np.minimum(t1, t2), 0.0)
    hi = np.minimum(np.maximum(t1, t2), length)
    overlap = np.where((np.abs(c1) <= tol) & (np.abs(c2) <= tol), hi - lo, 0.0)
    return float(overlap.max()) if overlap.size else 0.0


def _shares_border(a: Sequence[Point], b: Sequence[Point], tol: float) -> bool:
    if not _boxes_meet(_bbox(a), _bbox(b), tol):
        return False
    return _shared_length(_edges(a), _edges(b), tol) > 10 * tol


def _adjacency(polys: Sequence[Sequence[Point]], tol: float) -> list[list[int]]:
    boxes = [_bbox(p) for p in polys]
    edges = [_edges(p) for p in polys]
    adj: list[list[int]] = [[] for _ in polys]
    for i in range(len(polys)):
        for j in range(i + 1, len(polys)):
            if (
                _boxes_meet(boxes[i], boxes[j], tol)
                and _shared_length(edges[i], edges[j], tol) > 10 * tol
            ):
                adj[i].append(j)
                adj[j].append(i)
    return adj


def _inside(pts: np.ndarray, e: np.ndarray, tol: float) -> np.ndarray:
    """Which points (k x 2) lie strictly inside the polygon of edges ``e`` (not within ``tol``
    of its border)."""
    x, y = pts[:, None, 0], pts[:, None, 1]
    d = e[None, :, 2:4] - e[None, :, 0:2]
    len2 = np.maximum((d**2).sum(axis=2), 1e-300)
    t = np.clip(((x - e[:, 0]) * d[..., 0] + (y - e[:, 1]) * d[..., 1]) / len2, 0, 1)
    dist = np.hypot(e[:, 0] + t * d[..., 0] - x, e[:, 1] + t * d[..., 1] - y)
    y1, y2 = e[:, 1], e[:, 3]
    crosses = (y1 > y) != (y2 > y)
    with np.errstate(divide="ignore", invalid="ignore"):
        xi = e[:, 0] + (y - y1) * (e[:, 2] - e[:, 0]) / (y2 - y1)
    odd = np.count_nonzero(crosses & (xi > x), axis=1) % 2 == 1
    inside: np.ndarray = odd & (dist.min(axis=1) > tol)
    return inside


def _interior_point(poly: Sequence[Point]) -> Point:
    """A point well inside the polygon (the middle of the widest span on a few scan lines)."""
    x0, y0, x1, y1 = _bbox(poly)
    best, best_w = None, -1.0
    e = _edges(poly)
    for f in (0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8):
        y = y0 + f * (y1 - y0)
        ya, yb = e[:, 1], e[:, 3]
        m = (ya > y) != (yb > y)
        xs = np.sort(e[m, 0] + (y - ya[m]) * (e[m, 2] - e[m, 0]) / (yb[m] - ya[m]))
        for k in range(0, len(xs) - 1, 2):
            w = xs[k + 1] - xs[k]
            if w > best_w:
                best_w, best = w, ((xs[k] + xs[k + 1]) / 2, y)
    if best is None:
        return (sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly))
    return (round(float(best[0]), 3), round(float(best[1]), 3))


def _crossing(ea: np.ndarray, eb: np.ndarray, tol: float) -> bool:
    """Do two edges cross at a point inside both (a proper crossing)?"""

    def orient(e: np.ndarray, px: np.ndarray, py: np.ndarray) -> np.ndarray:
        dx, dy = e[..., 2] - e[..., 0], e[..., 3] - e[..., 1]
        n = np.maximum(np.hypot(dx, dy), 1e-300)
        side: np.ndarray = (dx * (py - e[..., 1]) - dy * (px - e[..., 0])) / n
        return side

    A, B = ea[:, None, :], eb[None, :, :]
    o1, o2 = orient(A, B[..., 0], B[..., 1]), orient(A, B[..., 2], B[..., 3])
    o3, o4 = orient(B, A[..., 0], A[..., 1]), orient(B, A[..., 2], A[..., 3])
    hit = (((o1 > tol) & (o2 < -tol)) | ((o1 < -tol) & (o2 > tol))) & (
        ((o3 > tol) & (o4 < -tol)) | ((o3 < -tol) & (o4 > tol))
    )
    return bool(hit.any())


def _probe_points(poly: Sequence[Point]) -> np.ndarray:
    """Vertices, edge midpoints and an interior point: one of them is inside any overlap."""
    mids = [
        ((poly[i - 1][0] + poly[i][0]) / 2, (poly[i - 1][1] + poly[i][1]) / 2)
        for i in range(len(poly))
    ]
    return np.array(list(poly) + mids + [_interior_point(poly)], dtype=float)


def _overlaps(
    shapes: Sequence[Sequence[Point]], stars: Sequence[Sequence[Point]], tol: float, first: bool
) -> list[tuple[tuple[str, int], tuple[str, int]]]:
    """The pairs of shapes and stars that overlap, as (("shape", 3), ("star", 1))."""
    items = [(("shape", i + 1), p) for i, p in enumerate(shapes)] + [
        (("star", k + 1), p) for k, p in enumerate(stars)
    ]
    out = []
    boxes = [_bbox(p) for _, p in items]
    edges = [_edges(p) for _, p in items]
    probes = [_probe_points(p) for _, p in items]
    for i in range(len(items)):
        for j in range(i + 1, len(items)):
            if not _boxes_meet(boxes[i], boxes[j], -tol):
                continue
            if (
                _crossing(edges[i], edges[j], tol)
                or _inside(probes[i], edges[j], tol).any()
                or _inside(probes[j], edges[i], tol).any()
            ):
                out.append((items[i][0], items[j][0]))
                if first:
                    return out
    return out


def cut_star(polygons: list[list[Point]], point: Point, size: float) -> list[Point]:
    """Cut a star-shaped hole where shapes meet at ``point``; returns the hole's polygon.

    Every polygon with a corner at ``point`` loses that corner: it is replaced by the two points
    ``size`` along its two edges, so the shapes around the hole each share one edge with it.
    (Used to draw sheets; ``polygons`` are changed in place.)
    """
    cut: list[Point] = []
    for poly in polygons:
        for k, v in enumerate(poly):
            if math.hypot(v[0] - point[0], v[1] - point[1]) < 1e-6 * max(size, 1e-9):
                prev, nxt = poly[k - 1], poly[(k + 1) % len(poly)]
                a, b = _toward(v, prev, size), _toward(v, nxt, size)
                poly[k : k + 1] = [a, b]
                cut += [a, b]
                break
    hole: list[Point] = []
    for p in cut:
        if not any(math.hypot(p[0] - q[0], p[1] - q[1]) < 1e-6 for q in hole):
            hole.append(p)
    hole.sort(key=lambda p: math.atan2(p[1] - point[1], p[0] - point[0]))
    return hole


def _toward(a: Point, b: Point, dist: float) -> Point:
    d = math.hypot(b[0] - a[0], b[1] - a[1])
    if d <= dist:
        raise ValueError(f"cut_star: the edge from {a} is shorter than the star ({dist})")
    t = dist / d
    return (round(a[0] + t * (b[0] - a[0]), 3), round(a[1] + t * (b[1] - a[1]), 3))


# ------------------------------------------------------------------------------------------------
# Connected sets


def _low_index(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _connected_sets(nbr: Sequence[int], kmax: int) -> dict[int, list[int]]:
    """Every connected set of 1..kmax shapes, each once (ESU: Wernicke's enumeration).

    Each set is grown from its lowest shape v, adding only shapes above v; a shape joins the
    extension only when it first becomes adjacent to the set, so no set is reached twice.
    """
    out: dict[int, list[int]] = {k: [] for k in range(1, kmax + 1)}

    def extend(sub: int, size: int, ext: int, closed: int, above: int) -> None:
        out[size].append(sub)
        if size == kmax:
            return
        while ext:
            w = ext & -ext
            ext ^= w
            wi = w.bit_length() - 1
            new = nbr[wi] & above & ~closed
            extend(sub | w, size + 1, ext | new, closed | nbr[wi], above)

    for v in range(len(nbr)):
        above = ~((1 << (v + 1)) - 1)
        extend(1 << v, 1, nbr[v] & above, nbr[v] | (1 << v), above)
    return out


def _to_words(masks: Sequence[int], words: int) -> np.ndarray:
    arr = np.zeros((words, len(masks)), dtype=np.uint64)
    for w in range(words):
        arr[w] = np.array([(m >> (64 * w)) & 0xFFFFFFFFFFFFFFFF for m in masks], dtype=np.uint64)
    return arr


# ------------------------------------------------------------------------------------------------
# Small sheets drawn as text

_GRID_SYMBOLS = {".": None, "+": "cross", "h": "heart", "d": "diamond", "c": "club", "s": "spade"}


GRID_CELL = 80.0
"""How wide a square of :func:`grid_sheet` is, in the sheet's units (the rose window is 500)."""


def grid_sheet(
    rows: Sequence[str],
    stars: Sequence[tuple[int, int]] = (),
    circles: int = 10,
    colors: Mapping[int, str] | None = None,
    name: str = "grid",
) -> dict[str, Any]:
    """A sheet of squares drawn as text, as data for ``load_sheet`` / ``sheet=``: each square
    ``GRID_CELL`` units wide, as the rose window's shapes are drawn, so that the board shows it
    at the same size, its numbers and symbols legible.

    Each row is a string of cells separated by spaces: ``.`` a plain shape, ``+ h d c s`` a shape
    of the cross, heart, diamond, club or spade section, ``#`` no shape. Shapes are numbered in
    reading order. A star is cut at each ``(row, col)`` grid corner (the top-left corner of that
    cell). ``colors`` pre-colours shapes by number.

    >>> data = grid_sheet(["+ h #", "d c s"])
    >>> sheet = load_sheet(data)
    >>> sheet.n, sheet.neighbours_of(1), sheet.neighbours_of(2)
    (5, [2, 3], [1, 4])
    """
    polys: list[list[Point]] = []
    symbols: list[str | None] = []
    for r, row in enumerate(rows):
        for c, token in enumerate(row.split()):
            if token == "#":
                continue
            if token not in _GRID_SYMBOLS:
                raise ValueError(
                    f"grid_sheet: row {r + 1}, column {c + 1}: {token!r} is not "
                    "one of . + h d c s #"
                )
            x, y, k = c * GRID_CELL, r * GRID_CELL, GRID_CELL
            polys.append([(x, y), (x + k, y), (x + k, y + k), (x, y + k)])
            symbols.append(_GRID_SYMBOLS[token])
    star_polys = [
        cut_star(polys, (c * GRID_CELL, r * GRID_CELL), 0.25 * GRID_CELL) for r, c in stars
    ]
    colors = colors or {}
    return {
        "name": name,
        "shapes": [
            {
                "polygon": [list(p) for p in poly],
                "symbol": sym,
                **({"color": colors[i + 1]} if i + 1 in colors else {}),
            }
            for i, (poly, sym) in enumerate(zip(polys, symbols))
        ],
        "stars": [[list(p) for p in poly] for poly in star_polys],
        "circles": circles,
    }
