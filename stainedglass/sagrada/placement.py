"""Rule 3, where a card may go: in words (``field_problem``) and as a bit mask (``free_fields``).

Rulebook: the very first card on an edge or corner field; every later card next to (diagonals too)
a placed card; never orthogonally next to a card of the same color or value; the field's
restriction met. The two forms must agree; ``tests/test_sagrada.py`` checks that they do.

>>> from .windows import parse_window
>>> w = parse_window([".R...", ".....", ".....", "....."])
>>> grid = [-1] * 20
>>> field_problem(w, grid, 0, 1)       # R1 on b1: a red field on the edge
>>> field_problem(w, grid, 7, 1)       # G2 on b1
'b1 is a red field: only a red card may be placed there, not G2'
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import COLOR_NAMES, card_text, color_of, value_of
from .windows import CELL_NAMES, EDGE, FULL, NEAR, ORTHO, Window, around, beside


def field_problem(
    window: Window,
    grid: Sequence[int],
    c: int,
    i: int,
    *,
    ignore_color: bool = False,
    ignore_value: bool = False,
    alone: bool = False,
    tool: str = "",
) -> str | None:
    """Why card ``c`` may not be placed on field ``i`` of ``grid`` (rule 3); None when it may.

    ``ignore_color`` / ``ignore_value`` lift the field's restriction (Eglomise Brush, Copper Foil
    Burnisher); ``alone`` asks for a field adjacent to no card (Cork-backed Straightedge).
    """
    name, ct = CELL_NAMES[i], card_text(c)
    if grid[i] >= 0:
        return f"{name} already holds {card_text(grid[i])}: a field takes one card"
    f = window.fields[i]
    if f and f.isalpha() and not ignore_color and f != ct[0]:
        return (
            f"{name} is {window.restriction_words(i)}: only a "
            f"{COLOR_NAMES['RGYBK'.index(f)]} card may be placed there, not {ct}"
        )
    if f and f.isdigit() and not ignore_value and f != ct[1]:
        return f"{name} is {window.restriction_words(i)}: only a {f} may be placed there, not {ct}"
    if all(g < 0 for g in grid):
        if not (EDGE >> i) & 1:
            return (
                f"{name} is not on the edge: the very first card must be placed on an edge "
                "or corner field"
            )
    elif alone:
        near = [j for j in NEAR[i] if grid[j] >= 0]
        if near:
            return (
                f"{name} is next to {card_text(grid[near[0]])} on {CELL_NAMES[near[0]]}: "
                f"{tool} places only on a field adjacent to no card"
            )
    elif not any(grid[j] >= 0 for j in NEAR[i]):
        return (
            f"{name} is not next to any placed card: every card after the first must be "
            "placed next to (also diagonally) a placed card"
        )
    for j in ORTHO[i]:
        g = grid[j]
        if g >= 0 and color_of(g) == color_of(c):
            return (
                f"{name} is orthogonally next to {card_text(g)} on {CELL_NAMES[j]}: cards of "
                "the same color may never be orthogonally adjacent"
            )
        if g >= 0 and value_of(g) == value_of(c):
            return (
                f"{name} is orthogonally next to {card_text(g)} on {CELL_NAMES[j]}: cards of "
                "the same value may never be orthogonally adjacent"
            )
    return None


def free_fields(
    c: int,
    occ: int,
    colm: Sequence[int],
    valm: Sequence[int],
    allowed: tuple[int, ...],
    alone: bool = False,
) -> int:
    """The fields card ``c`` may go on (the fast form of :func:`field_problem`)."""
    if occ == 0:
        base = EDGE
    elif alone:
        base = FULL & ~around(occ)
    else:
        base = around(occ) & ~occ
    return base & allowed[c] & ~beside(colm[c // 6]) & ~beside(valm[c % 6])
