"""What a Sagrada window is worth before it is finished, in points, as the Sagrada search's
planner reckons it (``window_value``): each order with credit for what is half built, less a
charge for the empty fields that no card still to come can fill. The search plans with it;
the hints' words (``consequences.py``) say what the orders promise with it.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import ALL_CARDS
from .scoring import ORDERS
from .windows import COLS, FULL, ROWS, beside

__all__ = ["KNOBS", "Knobs", "window_value"]

_ROWS = tuple(tuple(r * COLS + c for c in range(COLS)) for r in range(ROWS))
_COLS = tuple(tuple(r * COLS + c for r in range(ROWS)) for c in range(COLS))
_LINE_ORDERS = {  # order id: (lines, by color (True) or value, points a line)
    "row_color_variety": (_ROWS, True, 6),
    "column_color_variety": (_COLS, True, 5),
    "row_shade_variety": (_ROWS, False, 5),
    "column_shade_variety": (_COLS, False, 4),
}
_PAIRS = {"light_shades": (0, 1), "medium_shades": (2, 3), "deep_shades": (4, 5)}
_SHADES = {
    f"shades_of_{name}": k for k, name in enumerate(("red", "green", "yellow", "blue", "black"))
}
_VALUE = tuple(c % 6 + 1 for c in ALL_CARDS)
_COLOR = tuple(c // 6 for c in ALL_CARDS)

Knobs = tuple[float, float, float, float, float, float]
KNOBS: Knobs = (6.5, 2.0, 0.7, 1.5, 0.6, 0.5)
"""The window's worth, in points: an empty field that no card to come fits (3 at the end, and
its card goes to the bar), one that only 1 or only 2 such cards fit (they may come when the
field is closed, or be wanted elsewhere); the power of a row's or column's share filled in its
credit; a 1 (or 3, 5) waiting for its 2 (4, 6); a value or color towards the next set."""


def window_value(
    grid: Sequence[int],
    occ: int,
    colm: Sequence[int],
    valm: Sequence[int],
    allowed: Sequence[int],
    to_come: Sequence[int],
    orders: Sequence[str],
    weights: Sequence[int],
    knobs: Knobs | None = None,
) -> float:
    """The window's worth in points: the orders with credit for what is half built, less a
    charge for the empty fields the cards ``to_come`` (drawn or in the pile) cannot fill."""
    dead_c, frag1, frag2, power, pair, step = knobs or KNOBS
    bc = [beside(m) for m in colm]
    bv = [beside(m) for m in valm]
    free = FULL & ~occ
    one = two = three = 0
    for c in to_come:  # bit-sliced counts: fields that 1, 2, 3+ cards to come fit
        m = allowed[c] & free & ~bc[c // 6] & ~bv[c % 6]
        three |= two & m
        two |= one & m
        one |= m
    dead = free & ~one
    value = -(
        dead_c * bin(dead).count("1")
        + frag1 * bin(one & ~two & free).count("1")
        + frag2 * bin(two & ~three & free).count("1")
    )
    vals = None
    for oid, w in zip(orders, weights):
        if not w:
            continue
        if oid in _LINE_ORDERS:
            lines, by_color, points = _LINE_ORDERS[oid]
            part = 0.0
            for line in lines:
                seen = 0
                filled = 0
                ok = True
                for i in line:
                    c = grid[i]
                    if c < 0:
                        if (dead >> i) & 1:
                            ok = False
                            break
                        continue
                    k = 1 << (_COLOR[c] if by_color else _VALUE[c])
                    if seen & k:
                        ok = False
                        break
                    seen |= k
                    filled += 1
                if ok:
                    part += points * (filled / len(line)) ** power
            value += w * part
            continue
        if vals is None:
            vals = [0] * 7
            cols = [0] * 5
            sums = [0] * 5
            for c in grid:
                if c >= 0:
                    vals[_VALUE[c]] += 1
                    cols[_COLOR[c]] += 1
                    sums[_COLOR[c]] += _VALUE[c]
        if oid in _SHADES:
            value += w * sums[_SHADES[oid]]
        elif oid == "shades_of_choice":
            value += w * max(sums)
        elif oid in _PAIRS:
            a, b = _PAIRS[oid]
            na, nb = vals[a + 1], vals[b + 1]
            value += w * (2 * min(na, nb) + pair * abs(na - nb))
        elif oid == "shade_variety":
            low = min(vals[1:])
            value += w * (5 * low + step * sum(1 for v in vals[1:] if v > low))
        elif oid == "color_variety":
            low = min(cols)
            value += w * (4 * low + step * sum(1 for v in cols if v > low))
        else:  # an order this search has no model for: its points as they stand
            value += w * ORDERS[oid].points(grid)
    return value
