"""Sagrada solo's order cards and the end computation (the rulings' order table).

A window's cards are a list of 20 entries, ``-1`` for an empty field, else a card (see cards.py),
in reading order (``index = row * 5 + col``).

Every order is a function of the placed cards. Their caps follow from the 30 unique cards (each
color has one card of each value 1-6, each value one card of each color) and the 20 fields:
a Shades order at most 1+2+...+6 = 21; Light, Medium, Deep Shades at most five pairs (there are only
five cards of each value) = 10; Shade Variety at most three sets (18 of the 20 fields) = 15; Color
Variety at most four sets (all 20 fields) = 16; the row and column orders at most one award per row
or column: 4 x 6 = 24, 5 x 5 = 25, 4 x 5 = 20, 5 x 4 = 20.

>>> grid = [-1] * 20
>>> grid[0], grid[1] = 0, 7     # R1 on a1, G2 on b1
>>> ORDERS["light_shades"].points(grid)
2
>>> ORDERS["shades_of_red"].points(grid)
1
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable, Sequence

from .cards import COLOR_NAMES, color_of, value_of
from .windows import CELLS, COLS, ROWS

EMPTY_FIELD_PENALTY = 3

Grid = Sequence[int]


@dataclass(frozen=True)
class Order:
    """An order card: ``unique`` (one revealed) or ``basic`` (two revealed); ``score(grid)``
    gives ``(points, words)``; ``cap`` is the most it can ever give."""

    id: str
    name: str
    kind: str  # "unique" or "basic"
    rule: str
    cap: int
    score: Callable[[Grid], tuple[int, str]]

    def points(self, grid: Grid) -> int:
        return self.score(grid)[0]


def _shades(color: int) -> Callable[[Grid], tuple[int, str]]:
    def score(grid: Grid) -> tuple[int, str]:
        vals = [value_of(c) for c in grid if c >= 0 and color_of(c) == color]
        return sum(vals), f"{COLOR_NAMES[color]} values {'+'.join(map(str, vals)) or 'none'}"

    return score


def best_color(grid: Grid) -> tuple[int, int]:
    """(color, sum) for Shades of Choice: the color with the highest sum (first on a tie)."""
    sums = [0] * 5
    for c in grid:
        if c >= 0:
            sums[color_of(c)] += value_of(c)
    best = max(range(5), key=lambda k: (sums[k], -k))
    return best, sums[best]


def _shades_choice(grid: Grid) -> tuple[int, str]:
    color, total = best_color(grid)
    return total, f"{COLOR_NAMES[color]} named, its values sum to {total}"


_LINES_ROWS = tuple(tuple(r * COLS + c for c in range(COLS)) for r in range(ROWS))
_LINES_COLS = tuple(tuple(r * COLS + c for r in range(ROWS)) for c in range(COLS))


def _lines(
    lines: tuple[tuple[int, ...], ...], key: Callable[[int], int], each: int, label: str
) -> Callable[[Grid], tuple[int, str]]:
    def score(grid: Grid) -> tuple[int, str]:
        good = []
        for n, line in enumerate(lines):
            cards = [grid[i] for i in line]
            if all(c >= 0 for c in cards) and len({key(c) for c in cards}) == len(cards):
                good.append(str(n + 1) if label == "row" else "abcde"[n])
        words = f"{label}s {', '.join(good)}" if good else f"no {label}"
        return each * len(good), f"{words}: {len(good)} x {each}"

    return score


def _pairs(a: int, b: int) -> Callable[[Grid], tuple[int, str]]:
    def score(grid: Grid) -> tuple[int, str]:
        vals = [value_of(c) for c in grid if c >= 0]
        na, nb = vals.count(a), vals.count(b)
        n = min(na, nb)
        return 2 * n, f"{na} x {a} and {nb} x {b}: {n} pairs x 2"

    return score


def _shade_sets(grid: Grid) -> tuple[int, str]:
    vals = [value_of(c) for c in grid if c >= 0]
    n = min(vals.count(v) for v in range(1, 7))
    return 5 * n, f"{n} full sets of 1-6 x 5"


def _color_sets(grid: Grid) -> tuple[int, str]:
    cols = [color_of(c) for c in grid if c >= 0]
    n = min(cols.count(k) for k in range(5))
    return 4 * n, f"{n} full sets of five colors x 4"


ORDER_LIST: tuple[Order, ...] = tuple(
    [
        Order(
            f"shades_of_{COLOR_NAMES[k]}",
            f"Shades of {COLOR_NAMES[k].title()}",
            "unique",
            f"the sum of the values of the {COLOR_NAMES[k]} cards",
            21,
            _shades(k),
        )
        for k in range(5)
    ]
    + [
        Order(
            "shades_of_choice",
            "Shades of Choice",
            "unique",
            "the sum of the values of one color, named at scoring",
            21,
            _shades_choice,
        ),
        Order(
            "row_color_variety",
            "Row Color Variety",
            "basic",
            "6 per complete row with no repeated color",
            24,
            _lines(_LINES_ROWS, color_of, 6, "row"),
        ),
        Order(
            "column_color_variety",
            "Column Color Variety",
            "basic",
            "5 per complete column with no repeated color",
            25,
            _lines(_LINES_COLS, color_of, 5, "column"),
        ),
        Order(
            "row_shade_variety",
            "Row Shade Variety",
            "basic",
            "5 per complete row with no repeated value",
            20,
            _lines(_LINES_ROWS, value_of, 5, "row"),
        ),
        Order(
            "column_shade_variety",
            "Column Shade Variety",
            "basic",
            "4 per complete column with no repeated value",
            20,
            _lines(_LINES_COLS, value_of, 4, "column"),
        ),
        Order(
            "light_shades", "Light Shades", "basic", "2 per pair of a 1 and a 2", 10, _pairs(1, 2)
        ),
        Order(
            "medium_shades", "Medium Shades", "basic", "2 per pair of a 3 and a 4", 10, _pairs(3, 4)
        ),
        Order("deep_shades", "Deep Shades", "basic", "2 per pair of a 5 and a 6", 10, _pairs(5, 6)),
        Order(
            "shade_variety",
            "Shade Variety",
            "basic",
            "5 per set of one of each value 1-6",
            15,
            _shade_sets,
        ),
        Order(
            "color_variety",
            "Color Variety",
            "basic",
            "4 per set of one card of each color",
            16,
            _color_sets,
        ),
    ]
)
ORDERS: dict[str, Order] = {o.id: o for o in ORDER_LIST}
UNIQUE_ORDERS: tuple[str, ...] = tuple(o.id for o in ORDER_LIST if o.kind == "unique")
BASIC_ORDERS: tuple[str, ...] = tuple(o.id for o in ORDER_LIST if o.kind == "basic")


def order_id(name: object) -> str:
    """An order's id from its id or its name (any case; spaces, hyphens, underscores alike)."""
    if isinstance(name, str):
        key = "_".join(name.lower().replace("-", " ").replace("_", " ").split())
        if key in ORDERS:
            return key
    raise ValueError(f"{name!r} is not an order; the orders are: {', '.join(ORDERS)}")


def empty_fields(grid: Grid) -> int:
    return sum(1 for c in grid if c < 0)


def breakdown(
    grid: Grid, orders: Sequence[str], weights: Sequence[int]
) -> list[tuple[str, int, int, str]]:
    """Per order: (name, weight, points before weighting, words)."""
    out = []
    for oid, w in zip(orders, weights):
        pts, words = ORDERS[oid].score(grid)
        out.append((ORDERS[oid].name, w, pts, words))
    return out


def score(grid: Grid, orders: Sequence[str], weights: Sequence[int]) -> int:
    """Rule 4: the weighted orders minus 3 per empty field."""
    total = sum(w * ORDERS[o].points(grid) for o, w in zip(orders, weights))
    return total - EMPTY_FIELD_PENALTY * empty_fields(grid)


assert len(ORDER_LIST) == 15 and len(UNIQUE_ORDERS) == 6 and CELLS == 20
