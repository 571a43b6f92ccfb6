"""Cathedral drawn as a stained-glass window: a pure function from a state to SVG text.

The city is a 10x10 window set in stone. Light's buildings are amber glass marked ``L``, Dark's are
cobalt marked ``D``, the Cathedral is ruby marked ``C`` with a cross. Territory is pale glass
hatched in its owner's colour: Light's with diagonal stripes, Dark's with dots. Each building is
ringed by a thick lead line, each square by a thin one.

Any state draws itself this way in a notebook (``_repr_svg_``), with no widget installed.

>>> import stainedglass as sg
>>> from stainedglass.cathedral.svg import cathedral_svg
>>> state = sg.load("cathedral").new_game()
>>> state.play("cathedral e4 d5 e5 f5 e6 e7")
>>> svg = cathedral_svg(state)
>>> svg.count('data-owner="cathedral"'), svg.count('class="hit"')
(1, 100)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from collections.abc import Iterable, Mapping, Sequence

from .pieces import (
    ALL_PIECES,
    CATHEDRAL,
    DARK,
    LIGHT,
    NEUTRAL,
    SIDE_NAMES,
    SIZE,
    cells_of,
)
from ..core import TERMINAL, cell_name

from ..glass import (
    GLASS,
    LEAD,
    STONE_LIGHT,
    glass_defs,
    hint_colour,
    hit,
    label,
    lead_line,
    mark_sign,
    outline_path,
    pane,
    sign_size,
    stone_frame,
    svg_document,
)

if TYPE_CHECKING:  # for the annotations only: the game module never needs its drawing
    from .game import CathedralState

CELL = 48
MARGIN = 34
BOARD = CELL * SIZE
WIDTH = BOARD + 2 * MARGIN

OWNER_GLASS = {LIGHT: "amber", DARK: "cobalt", NEUTRAL: "ruby"}
OWNER_NAME = {LIGHT: "light", DARK: "dark", NEUTRAL: "cathedral"}
CLEAR_TINTS = ("clear", "clear-cool", "clear-warm")  # empty squares: hand-made, never quite even
TERRITORY_PATTERN = {LIGHT: "stripes-amber", DARK: "dots-cobalt"}

Cells = Iterable[tuple[int, int]]
Mark = (
    tuple[Sequence[tuple[int, int]], float, int] | tuple[Sequence[tuple[int, int]], float, int, str]
)
"""A suggested placement as drawn: its cells, shade and rank (and the sign written instead)."""


def _xy(col: int, row: int) -> tuple[float, float]:
    return MARGIN + col * CELL, MARGIN + row * CELL


def _centre_cell(cells: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """The cell of a shape nearest its middle (where its letter goes, and the pointer anchors)."""
    mx = sum(c for c, _ in cells) / len(cells)
    my = sum(r for _, r in cells) / len(cells)
    return min(cells, key=lambda c: ((c[0] - mx) ** 2 + (c[1] - my) ** 2, c[1], c[0]))


def building_label(owner: int, piece: int, mask: int) -> str:
    """``"Dark's castle on a1 b1 b2 a3 b3"``: a building in words."""
    names = " ".join(cell_name(*c) for c in cells_of(mask))
    whose = "the" if owner == NEUTRAL else f"{SIDE_NAMES[owner]}'s"
    return f"{whose} {ALL_PIECES[piece]} on {names}"


def territory_label(owner: int, col: int, row: int) -> str:
    """``"c3: Light's territory"``."""
    return f"{cell_name(col, row)}: {SIDE_NAMES[owner]}'s territory"


def labels(state: CathedralState) -> list[str]:
    """What the city holds, in words: every building and every square of territory, worked
    out from the state alone. The picture carries the same words (``data-label``), so a test
    can check that it shows what the state holds."""
    out = [building_label(owner, piece, mask) for owner, piece, mask in state.buildings]
    occupied = state.occ[0] | state.occ[1] | state.occ[2]
    for owner in (LIGHT, DARK):  # a building on its owner's territory covers that square
        out += [territory_label(owner, c, r) for c, r in cells_of(state.terr[owner] & ~occupied)]
    return out


def _building(owner: int, piece: int, mask: int, extra: str = "") -> str:
    cells = cells_of(mask)
    glass = OWNER_GLASS[owner]
    names = " ".join(cell_name(*c) for c in cells)
    parts = [
        f'<g class="building" data-owner="{OWNER_NAME[owner]}"'
        f' data-piece="{ALL_PIECES[piece]}" data-cells="{names}"'
        f' data-label="{building_label(owner, piece, mask)}"{extra}>'
    ]
    for c, r in cells:
        x, y = _xy(c, r)
        parts.append(pane(x, y, CELL, glass, variant=(c * 7 + r * 3) % 2, lead=1.4))
    parts.append(lead_line(outline_path(cells, CELL, MARGIN, MARGIN), 8))
    cx, cy = _centre_cell(cells)
    x, y = _xy(cx, cy)
    g = GLASS[glass]
    if piece == CATHEDRAL:
        # a small cross above the letter
        parts.append(
            f'<path d="M{x + CELL / 2:g} {y + 6:g}v14M{x + CELL / 2 - 6:g} {y + 11:g}h12"'
            f' stroke="{g.ink}" stroke-width="3" stroke-linecap="round"/>'
        )
        parts.append(label(x + CELL / 2, y + CELL * 0.68, g.letter, 18, g.ink))
    else:
        parts.append(label(x + CELL / 2, y + CELL / 2, g.letter, 22, g.ink))
    parts.append("</g>")
    return "".join(parts)


def _overlay(
    cells: Cells, glass: str, dashed: bool, mark: str, kind: str, opacity: float = 0.78
) -> str:
    cells = [c for c in cells if 0 <= c[0] < SIZE and 0 <= c[1] < SIZE]
    if not cells:
        return ""
    g = GLASS[glass]
    parts = [f'<g class="{kind}" pointer-events="none">']
    for c, r in cells:
        x, y = _xy(c, r)
        parts.append(pane(x + 3, y + 3, CELL - 6, glass, lead=0, opacity=opacity))
        if mark:
            parts.append(label(x + CELL / 2, y + CELL / 2, mark, 20, g.ink))
    dash = ' stroke-dasharray="8 6"' if dashed else ""
    parts.append(
        f'<path d="{outline_path(cells, CELL, MARGIN, MARGIN)}" fill="none"'
        f' stroke="{g.dark}" stroke-width="5" stroke-linecap="round"{dash}/>'
    )
    parts.append("</g>")
    return "".join(parts)


def _claim_glow(mask: int) -> str:
    """The squares a move just claimed: a bright, gently pulsing border around them."""
    cells = cells_of(mask)
    if not cells:
        return ""
    d = outline_path(cells, CELL, MARGIN, MARGIN)
    return (
        '<g class="claimed" pointer-events="none">'
        f'<path d="{d}" fill="none" stroke="#fffbe0" stroke-width="7" stroke-linecap="round"'
        ' opacity="0.95"><animate attributeName="opacity" values="0.95;0.35;0.95" dur="1.6s"'
        ' repeatCount="3"/></path>'
        f'<path d="{d}" fill="none" stroke="#e0a100" stroke-width="2.5" stroke-dasharray="5 4"/>'
        "</g>"
    )


def _suggestions(suggested: Sequence[Mark]) -> str:
    """Suggested placements as violet ghosts, the weakest first (so the best lies on top), each
    numbered by rank (or carrying its sign: :func:`~stainedglass.glass.mark_sign`) on its middle
    square (or another of its squares, if that one is taken)."""
    parts = []
    badges: set[tuple[int, int]] = set()
    spots = {}  # by place in the list: marks may share a number (how many chose each move)
    for i, (cells, *_) in enumerate(suggested):  # the best picks its badge first
        free = [c for c in cells if c not in badges] or list(cells)
        spots[i] = _centre_cell(free)
        badges.add(spots[i])
    for i, mark in sorted(enumerate(suggested), key=lambda t: -t[1][2]):
        cells, shade, rank = mark[0], mark[1], mark[2]
        sign = mark_sign(mark)
        colour = hint_colour(shade)
        names = " ".join(cell_name(c, r) for c, r in cells)
        kind = "hint" if rank == 1 else "suggestion"
        parts.append(
            f'<g class="{kind}" data-rank="{rank}" data-shade="{shade:g}"'
            f' data-cells="{names}" pointer-events="none">'
        )
        for c, r in cells:
            x, y = _xy(c, r)
            parts.append(
                f'<rect x="{x + 2:g}" y="{y + 2:g}" width="{CELL - 4}"'
                f' height="{CELL - 4}" fill="{colour}" opacity="{0.3 + 0.4 * shade:.2f}"/>'
            )
        d = outline_path(cells, CELL, MARGIN, MARGIN)
        parts.append(
            f'<path d="{d}" fill="none" stroke="#ffffff" stroke-width="{4 + 3 * shade:.1f}"'
            ' opacity="0.8"/>'
        )
        parts.append(
            f'<path d="{d}" fill="none" stroke="{colour}"'
            f' stroke-width="{2.5 + 3 * shade:.1f}" stroke-dasharray="10 5"/>'
        )
        x, y = _xy(*spots[i])
        ink = "#ffffff" if shade > 0.55 else "#2d2a24"
        parts.append(
            f'<circle cx="{x + CELL / 2:g}" cy="{y + CELL / 2:g}" r="13" fill="{colour}"'
            f' stroke="{LEAD}" stroke-width="2"/>'
        )
        parts.append(label(x + CELL / 2, y + CELL / 2, sign, sign_size(sign, 17), ink))
        parts.append("</g>")
    return "".join(parts)


def cathedral_svg(
    state: Any,  # a CathedralState: the views pass their position as a State
    *,
    ghost: Cells | None = None,
    ghost_legal: bool = True,
    suggested: Sequence[Mark] = (),
    highlight_last: bool = True,
    coordinates: bool = True,
    title: str = "Cathedral",
) -> str:
    """The city of ``state`` as stained glass (SVG text).

    ``ghost``: cells of a building the player is about to place, drawn green (``ghost_legal``)
    with a tick or red with a cross; cells off the board are left out. ``suggested``: the hint's
    placements as ``(cells, shade, rank)`` (or ``(cells, shade, rank, sign)``: the sign
    written instead of the rank, a verdict's), drawn as violet ghosts numbered by rank, deeper
    violet for a higher ``shade`` (0..1); the best (rank 1) is a ``g.hint``. ``highlight_last``: outline the squares the last
    move claimed and show the buildings it captured as dashed outlines marked with a cross.
    Every square carries an invisible target whose id is its name (``"e5"``).
    """
    body = [stone_frame(WIDTH, WIDTH, (MARGIN, MARGIN, BOARD, BOARD))]
    occupied = state.occ[0] | state.occ[1] | state.occ[2]
    # the empty squares of the city and the territories
    for r in range(SIZE):
        for c in range(SIZE):
            bit = 1 << (r * SIZE + c)
            if occupied & bit:
                continue
            x, y = _xy(c, r)
            owner = LIGHT if state.terr[LIGHT] & bit else DARK if state.terr[DARK] & bit else None
            kind = "free" if owner is None else f"territory-{OWNER_NAME[owner]}"
            tint = CLEAR_TINTS[((c * 73856093) ^ (r * 19349663)) % 7 % 3]  # a fixed scatter
            body.append(
                pane(
                    x,
                    y,
                    CELL,
                    tint,
                    variant=(c + r) % 2,
                    attrs=f'class="square {kind}" data-cell="{cell_name(c, r)}"',
                )
            )
            if owner is not None:
                body.append(
                    f'<rect x="{x + 1.5:g}" y="{y + 1.5:g}" width="{CELL - 3}"'
                    f' height="{CELL - 3}" fill="url(#{TERRITORY_PATTERN[owner]})"'
                    f' data-label="{territory_label(owner, c, r)}"'
                    ' opacity="0.95" pointer-events="none"/>'
                )
    for side, piece, mask in state.buildings:
        body.append(_building(side, piece, mask))
    # the frame of lead around the city
    body.append(
        f'<rect x="{MARGIN:g}" y="{MARGIN:g}" width="{BOARD}" height="{BOARD}" fill="none"'
        f' stroke="{LEAD}" stroke-width="8"/>'
    )
    if coordinates:
        for i in range(SIZE):
            mid = MARGIN + i * CELL + CELL / 2
            body.append(label(mid, MARGIN / 2, "abcdefghij"[i], 15, STONE_LIGHT))
            body.append(label(MARGIN / 2, mid, str(i + 1), 15, STONE_LIGHT))
    if highlight_last:
        body.append(_claim_glow(state.last_claim))
        for side, _piece, mask in state.last_captures:
            body.append(_overlay(cells_of(mask), OWNER_GLASS[side], True, "✗", "captured", 0.45))
    if suggested:
        body.append(_suggestions(suggested))
    if ghost is not None:
        body.append(
            _overlay(
                ghost,
                "legal" if ghost_legal else "illegal",
                not ghost_legal,
                "✓" if ghost_legal else "✗",
                "ghost",
            )
        )
    for r in range(SIZE):
        for c in range(SIZE):
            x, y = _xy(c, r)
            body.append(hit(x, y, CELL, CELL, cell_name(c, r)))
    return svg_document(WIDTH, WIDTH, "".join(body), glass_defs(), title)


# ---- the supply: each side's unplaced buildings --------------------------------------------------

PALETTE_CELL = 13
SLOT_W, SLOT_H = 74, 74
PALETTE_COLS = 2
SUPPLY_WORDS_LARGE = 21
"""A building's name in a one-column supply (its units): on a classroom projector (1280 x 720)
the supply beside the city is about 110 px wide for its 160 units, so 14 px and more."""


def supply_pieces(state: CathedralState, side: int) -> list[tuple[int, int]]:
    """``(piece, count)`` of what ``side`` may still place, the Cathedral first when it is due."""
    out = []
    if state.cathedral_state == "unplaced" and state.cathedral_placer == side:
        out.append((CATHEDRAL, 1))
    out += [(p, n) for p, n in enumerate(state.supply[side]) if n > 0]
    return out


def supply_svg(
    state: CathedralState,
    side: int,
    *,
    selected: int | None = None,
    shapes: Mapping[int, Sequence[tuple[int, int]]] | None = None,
    active: bool = True,
    columns: int = PALETTE_COLS,
) -> str:
    """One side's supply as a palette of small buildings; each is a target ``"piece:NAME"``.

    ``selected`` is drawn raised with a gold border; ``shapes`` gives the cells to draw a piece
    with (its current rotation), else the piece as printed in the rulings. ``columns=1``: one
    column of slots twice as wide (the drawing as wide, about twice as high), its words nearly
    twice as large (the heading on two lines): for a narrow strip beside the city on a
    projector, where the words must read from the back of the room.

    >>> import stainedglass as sg
    >>> state = sg.load("cathedral").new_game()
    >>> wide, tall = supply_svg(state, 0), supply_svg(state, 0, columns=1)
    >>> wide.split('viewBox="')[1].split('"')[0], tall.split('viewBox="')[1].split('"')[0]
    ('0 0 160 498', '0 0 160 960')
    """
    from .pieces import SIZES, shape_of

    if columns not in (1, PALETTE_COLS):
        raise ValueError(f"a supply is drawn in 1 or {PALETTE_COLS} columns, not {columns}")
    items = supply_pieces(state, side)
    rows = max(1, -(-len(items) // columns))
    width = PALETTE_COLS * SLOT_W + 12
    slot_w = (width - 12) // columns
    one = columns == 1  # the words large: the heading on two lines
    words_size = SUPPLY_WORDS_LARGE if one else 11.5
    head = 64 if one else 46
    height = head + rows * SLOT_H + 8
    name = ("Light", "Dark")[side]
    glass_name = OWNER_GLASS[side]
    g = GLASS[glass_name]
    left = sum(n * SIZES[p] for p, n in items if p != CATHEDRAL)
    body = [stone_frame(width, height, (6, head, width - 12, rows * SLOT_H + 2), radius=8)]
    turn = state.current_player == side and state.current_player != TERMINAL
    dim = "" if turn else ' opacity="0.55"'
    body.append(
        f'<rect x="6" y="6" width="{width - 12}" height="{head - 12}" rx="6"'
        f' fill="url(#g-{glass_name})" stroke="{LEAD}" stroke-width="3"{dim}/>'
    )
    if one:
        for line, words in enumerate((f"{g.letter} · {name}", f"{left} left")):
            y = 6 + (2 * line + 1) * (head - 12) / 4
            body.append(label(width / 2, y, words, words_size, g.ink))
    else:
        body.append(label(width / 2, head / 2 - 1, f"{g.letter} · {name} · {left} left", 15, g.ink))
    for i, (piece, count) in enumerate(items):
        sx = 6 + (i % columns) * slot_w
        sy = head + (i // columns) * SLOT_H
        owner = NEUTRAL if piece == CATHEDRAL else side
        cells = list((shapes or {}).get(piece) or shape_of(side, piece))
        w = max(c for c, _ in cells) + 1
        h = max(r for _, r in cells) + 1
        ox = sx + (slot_w - w * PALETTE_CELL) / 2
        oy = sy + (4 if one else 6) + (SLOT_H - (30 if one else 22) - h * PALETTE_CELL) / 2
        is_sel = piece == selected
        sel_attr = ' data-selected="true"' if is_sel else ""
        body.append(
            f'<g class="supply-piece" data-piece="{ALL_PIECES[piece]}"'
            f' data-count="{count}"{sel_attr}>'
        )
        body.append(
            f'<rect x="{sx + 2:g}" y="{sy + 2:g}" width="{slot_w - 4}"'
            f' height="{SLOT_H - 4}"'
            f' rx="6" fill="{"#fff3b0" if is_sel else "#3d3a33"}"'
            f' opacity="{0.9 if is_sel else 0.35}"'
            f' stroke="{"#e0a100" if is_sel else "none"}" stroke-width="3"/>'
        )
        og = OWNER_GLASS[owner]
        for c, r in cells:
            body.append(
                pane(
                    ox + c * PALETTE_CELL,
                    oy + r * PALETTE_CELL,
                    PALETTE_CELL,
                    og,
                    variant=(c + r) % 2,
                    lead=1.2,
                )
            )
        body.append(lead_line(outline_path(cells, PALETTE_CELL, ox, oy), 2.5))
        text = ALL_PIECES[piece] + (f" ×{count}" if count > 1 else "")
        body.append(
            label(
                sx + slot_w / 2,
                sy + SLOT_H - (15 if one else 11),
                text,
                words_size,
                "#3b2500" if is_sel else "#fbf7ea",
                weight="bold",
            )
        )
        body.append("</g>")
        if active:
            body.append(
                hit(
                    sx,
                    sy,
                    slot_w,
                    SLOT_H,
                    f"piece:{ALL_PIECES[piece]}",
                    f"{name}'s {ALL_PIECES[piece]}",
                )
            )
    return svg_document(
        width,
        height,
        "".join(body),
        glass_defs([glass_name, "ruby"]),
        f"{name}'s supply",
        css_class="sg-svg sg-supply",
    )


def draw(state: CathedralState, **options: Any) -> str:
    """The picture of ``state`` (``state.svg()``, ``_repr_svg_``): the city, see
    :func:`cathedral_svg` for the options."""
    return cathedral_svg(state, **options)
