"""What a glass space holds, as one small integer, and every change to it as a table lookup.

A space holds at most two panes: an optional printed pane (permanent, owned by nobody) and up to
two winks. Its *code* is ``printed * 16 + winks`` where ``printed`` is 0 (none) or 1 + a color,
and ``winks`` indexes :data:`WINK_SETS`. The tables below are computed once, at import.

>>> from .windows import RED, YELLOW, ORANGE
>>> code = PLACE[EMPTY][YELLOW]
>>> SHOWN[code] == YELLOW and SINGLE[code] == YELLOW
True
>>> SHOWN[PLACE[code][RED]] == ORANGE          # red on yellow makes orange
True
>>> PLACE[PLACE[code][RED]][RED]               # nothing on a secondary, never three panes
-1
"""

from __future__ import annotations

from .windows import COLOR_LETTERS, PRIMARIES, mix

EMPTY = 0
WINK_SETS: tuple[tuple[int, ...], ...] = (
    ((),)
    + tuple((c,) for c in PRIMARIES)
    + tuple((a, b) for a in PRIMARIES for b in PRIMARIES if a <= b)
)
_WINK_INDEX = {w: i for i, w in enumerate(WINK_SETS)}
NCODES = 7 * 16


def code_of(printed: int | None, winks: tuple[int, ...] = ()) -> int:
    """The code of a space with that printed color (or None) and those winks."""
    return (0 if printed is None else printed + 1) * 16 + _WINK_INDEX[tuple(sorted(winks))]


def printed_of(code: int) -> int | None:
    return None if code < 16 else code // 16 - 1


def winks_of(code: int) -> tuple[int, ...]:
    return WINK_SETS[code % 16] if code % 16 < len(WINK_SETS) else ()


def _panes(code: int) -> tuple[int, ...]:
    p = printed_of(code)
    return ((p,) if p is not None else ()) + winks_of(code)


def _shown(code: int) -> int:
    panes = _panes(code)
    if not panes:
        return -1
    if len(panes) == 1:
        return panes[0]
    return mix(panes[0], panes[1])


_VALID = [
    c
    for c in range(NCODES)
    if c % 16 < len(WINK_SETS)
    and len(_panes(c)) <= 2
    and not ((printed_of(c) or 0) >= 3 and winks_of(c))
    and not (len(_panes(c)) == 2 and any(x >= 3 for x in _panes(c)))
]

SHOWN: list[int] = [-1] * NCODES
"""The color a space shows (-1 when empty)."""
PANES: list[int] = [0] * NCODES
"""How many panes (printed included) the space holds."""
SINGLE: list[int] = [-1] * NCODES
"""The color of the space's only pane, when it holds exactly one primary pane; else -1."""
LONE_WINK: list[int] = [-1] * NCODES
"""The color of a single, unstacked, non-printed wink (what Swap Panes may move); else -1."""
WINKS: list[tuple[int, ...]] = [()] * NCODES
PLACE: list[list[int]] = [[-1, -1, -1] for _ in range(NCODES)]
"""``PLACE[code][color]``: the code after a wink of that color is put on the space, or -1."""
REMOVE: list[list[int]] = [[-1, -1, -1] for _ in range(NCODES)]
"""``REMOVE[code][color]``: the code after one wink of that color is taken off, or -1."""

for _c in _VALID:
    _p = _panes(_c)
    SHOWN[_c] = _shown(_c)
    PANES[_c] = len(_p)
    WINKS[_c] = winks_of(_c)
    if len(_p) == 1 and _p[0] < 3:
        SINGLE[_c] = _p[0]
        if printed_of(_c) is None:
            LONE_WINK[_c] = _p[0]
    for _color in PRIMARIES:
        if len(_p) == 0 or (len(_p) == 1 and _p[0] < 3):
            PLACE[_c][_color] = code_of(printed_of(_c), winks_of(_c) + (_color,))
        if _color in winks_of(_c):
            rest = list(winks_of(_c))
            rest.remove(_color)
            REMOVE[_c][_color] = code_of(printed_of(_c), tuple(rest))


def text_of(code: int) -> str:
    """Printed panes in capitals, winks in small letters: ``"Ry"`` is printed red under a yellow
    wink (showing orange); ``""`` an empty space."""
    p = printed_of(code)
    return (COLOR_LETTERS[p] if p is not None else "") + "".join(
        COLOR_LETTERS[w].lower() for w in winks_of(code)
    )
