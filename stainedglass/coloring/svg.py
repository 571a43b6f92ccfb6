"""Coloring in the Stained Glass drawn as a window being glazed: pure functions, state -> SVG.

Each sheet is drawn from its polygons (the default rose window or any custom sheet): leaded
shapes, coloured glass where a shape is coloured (its pencil's letter on it: ``R B G Y P``),
clear glass where it is not (its number and section symbol on it), the cross's dark outline, the
stars (their score once surrounded), the circles (filled ones crossed), and beside the sheet the
five sections' values, circled where this player took them and struck where another did.

:func:`main_svg` is the board of the player to move: the pencils in the middle with the count N,
the sheet, and the set being built. :func:`side_svg` holds the other players' sheets, small, and
the race for every section. :func:`draw` puts both in one picture (``state.svg()``).

Targets (``data-id``): ``shape:12``, ``pencil:red``, ``star:3`` and ``section:heart`` (solo
crossing off), ``confirm``. Every element that shows something the state holds carries its words
in ``data-label``; :func:`labels` gives the same words from the state alone.

>>> import stainedglass as sg
>>> state = sg.load("coloring", players=2).new_game(seed=1)
>>> state.play("take red 1 2 3 4 5")
>>> svg = draw(state)
>>> svg.count('class="shape'), 'data-label="player 1, shape 3: red"' in svg
(122, True)
"""

from __future__ import annotations

from functools import lru_cache
from html import escape
from typing import Any
from collections.abc import Collection, Sequence

from ..glass import (
    GLASS,
    LEAD,
    STONE_LIGHT,
    badge_spots,
    glass_defs,
    hint_colour,
    label,
    lead_line,
    mark_sign,
    rank_badge,
    sign_size,
)
from ..glass import svg_document
from .game import CROSSED, OPEN
from .sheet import COLORS, SECTION_VALUES, SECTIONS, SYMBOLS, Sheet, SheetCheck

Mark = tuple[str, float, int] | tuple[str, float, int, str]
"""A suggested cross-off as drawn: what, shade and rank (and the sign written instead)."""
ShapesMark = tuple[Sequence[int], float, int] | tuple[Sequence[int], float, int, str]
"""A suggested set of shapes as drawn: their numbers, shade and rank (and the sign)."""

CLEAR_TINTS = ("clear", "clear-cool", "clear-warm")
STAR_GLASS = "#f3e3a0"
POOL_H = 86  # the pencil strip above the sheet
PANEL_W = 150  # the section values beside the sheet
PAD = 14
POOL_MIN_W = 600  # the five pencils, the count and the ✓ button
SMALL = 0.34  # the others' sheets


# ---- words (shared by the picture and by labels) ------------------------------------------------


def _who(state: Any, p: int) -> str:
    return "" if state.num_players == 1 else f"player {p + 1}, "


def shape_label(state: Any, p: int, number: int, color: str) -> str:
    return f"{_who(state, p)}shape {number}: {color}"


def star_label(state: Any, p: int, k: int) -> str | None:
    v = state.stars[p][k]
    if v == OPEN:
        return None
    what = "crossed off" if v == CROSSED else f"{v} point{'s' if v != 1 else ''}"
    return f"{_who(state, p)}star {k + 1}: {what}"


def circles_label(state: Any, p: int) -> str | None:
    used = state.circles_used[p]
    if not used:
        return None
    return f"{_who(state, p)}{used} of {len(state.sheet.circles)} circles filled"


def value_label(state: Any, i: int, high: bool) -> str | None:
    who = (state.high if high else state.low)[i]
    if who == OPEN:
        return None
    name = SECTIONS[i]
    value = SECTION_VALUES[name][0 if high else 1]
    taker = (
        "crossed off"
        if who == CROSSED
        else ("taken" if state.num_players == 1 else f"player {who + 1}")
    )
    return f"{name} {'high' if high else 'low'} ({value}): {taker}"


def pool_label(state: Any) -> str:
    pencils = state.pencils()
    return "pencils in the middle: " + (", ".join(pencils) if pencils else "none")


def labels(state: Any) -> list[str]:
    """What the picture holds, in words, from the state alone (the picture's ``data-label``s)."""
    sheet = state.sheet
    out = [pool_label(state)]
    if state.held >= 0:
        out.append(f"held back: {COLORS[state.held]}")
    for p in range(state.num_players):
        for c, mask in enumerate(state.paint[p]):
            out += [shape_label(state, p, n, COLORS[c]) for n in sheet.numbers(mask)]
        out += [w for k in range(len(sheet.stars)) if (w := star_label(state, p, k))]
        if (w := circles_label(state, p)) is not None:
            out.append(w)
        if state.num_players > 1 and p in state.finished:
            out.append(f"player {p + 1}: finished")
    for i in range(len(SECTIONS)):
        out += [w for high in (True, False) if (w := value_label(state, i, high))]
    return out


# ---- the sheet ---------------------------------------------------------------------------------


@lru_cache(maxsize=16)
def _paths(sheet: Sheet) -> tuple[tuple[str, ...], tuple[str, ...], dict[str, str]]:
    """SVG path data of every shape, star and outline of a sheet (computed once per sheet)."""

    def d(poly: Sequence[tuple[float, float]]) -> str:
        return "M" + "L".join(f"{x:g} {y:g}" for x, y in poly) + "Z"

    return (
        tuple(d(s.polygon) for s in sheet.shapes),
        tuple(d(s.polygon) for s in sheet.stars),
        {name: d(poly) for name, poly in sheet.outlines.items()},
    )


def _shape_glass(state: Any, p: int) -> list[str | None]:
    """Each shape's pencil colour on ``p``'s sheet (None: uncoloured)."""
    out: list[str | None] = [None] * len(state.sheet.shapes)
    for c, mask in enumerate(state.paint[p]):
        for n in state.sheet.numbers(mask):
            out[n - 1] = COLORS[c]
    return out


def sheet_body(
    state: Any,
    p: int,
    *,
    interactive: bool = False,
    chosen: Collection[int] = (),
    pencil: str | None = None,
    hover: tuple[int, bool] | None = None,
    suggested: Sequence[ShapesMark] = (),
    crossing: Collection[str] = (),
    small: bool = False,
) -> str:
    """Player ``p``'s sheet in the sheet's own coordinates (0..width, 0..height)."""
    sheet = state.sheet
    shapes, stars, outlines = _paths(sheet)
    colors = _shape_glass(state, p)
    out = [
        f'<rect x="-6" y="-6" width="{sheet.width + 12:g}" height="{sheet.height + 12:g}"'
        f' rx="12" fill="url(#stone)" stroke="{LEAD}" stroke-width="4"/>'
    ]
    for i, _shape in enumerate(sheet.shapes):
        n = i + 1
        color = colors[i]
        if color is None:
            fill = f"url(#{'gh'[n % 2]}-{CLEAR_TINTS[(n * 7) % 3]})"
            words = ""
        else:
            fill = f"url(#{'gh'[n % 2]}-{color})"
            words = f' data-label="{escape(shape_label(state, p, n, color))}"'
        target = f' data-id="shape:{n}" style="cursor:pointer"' if interactive else ""
        kind = "shape colored" if color else "shape"
        out.append(
            f'<path class="{kind}" data-shape="{n}"{words}{target} d="{shapes[i]}"'
            f' fill="{fill}" stroke="{LEAD}" stroke-width="{3 if small else 2.2}"/>'
        )
    for name in ("rose", "window"):
        if name in outlines:
            out.append(lead_line(outlines[name], 4))
    if "cross" in outlines:  # the cross's dark outline: drawn only, it separates nothing
        out.append(
            f'<path d="{outlines["cross"]}" fill="none" stroke="#0b0a07"'
            ' stroke-width="7" stroke-linejoin="round" pointer-events="none"/>'
        )
    if not small:
        for i, shape in enumerate(sheet.shapes):
            x, y = shape.label
            color = colors[i]
            glyph = SYMBOLS.get(shape.symbol or "", "")
            if color is not None:
                g = GLASS[color]
                out.append(label(x, y, g.letter, 15, g.ink, attrs='pointer-events="none"'))
                if glyph:
                    out.append(label(x + 9, y - 9, glyph, 9, g.ink, attrs='pointer-events="none"'))
            else:
                text = f"{i + 1}{glyph}" if glyph else str(i + 1)
                out.append(
                    label(
                        x,
                        y,
                        text,
                        11,
                        "#2d2a24",
                        weight="bold",
                        attrs='pointer-events="none" stroke-opacity="0"',
                    )
                )
    # stars: a small pane of gold glass each, its score once surrounded
    for k, star in enumerate(sheet.stars):
        v = state.stars[p][k]
        star_words = star_label(state, p, k)
        attrs = f' data-label="{escape(star_words)}"' if star_words else ""
        tid = f"star:{k + 1}"
        target = f' data-id="{tid}" style="cursor:pointer"' if f"star {k + 1}" in crossing else ""
        out.append(
            f'<path class="star" data-star="{k + 1}"{attrs}{target} d="{stars[k]}"'
            f' fill="{STAR_GLASS}" stroke="{LEAD}" stroke-width="2"/>'
        )
        cx, cy = star.center
        if not small:
            # an open star shows its number (the words name "star 3"), a surrounded one its score
            mark = f"★{k + 1}" if v == OPEN else "✗" if v == CROSSED else str(v)
            ink = "#7a5a00" if v == OPEN else "#6b0b02" if v == CROSSED else "#17150f"
            size = 10 if v == OPEN else 12
            out.append(label(cx, cy + 1, mark, size, ink, attrs='pointer-events="none"'))
        if target:
            out.append(
                f'<circle cx="{cx:g}" cy="{cy:g}" r="15" fill="none" stroke="#d8341e"'
                ' stroke-width="3" stroke-dasharray="4 3" pointer-events="none"/>'
            )
    # circles along the top: filled ones are struck through
    used = state.circles_used[p]
    circle_words = circles_label(state, p)
    attrs = f' data-label="{escape(circle_words)}"' if circle_words else ""
    out.append(f'<g class="circles" data-used="{used}"{attrs} pointer-events="none">')
    for j, (x, y, r) in enumerate(sheet.circles):
        full = j < used
        out.append(
            f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{"#3d3a33" if full else "#fbf7ea"}"'
            f' stroke="{LEAD}" stroke-width="2.5"/>'
        )
        if full:
            q = r * 0.55
            out.append(
                f'<path d="M{x - q:g} {y - q:g}L{x + q:g} {y + q:g}M{x + q:g} {y - q:g}'
                f'L{x - q:g} {y + q:g}" stroke="#fbf7ea" stroke-width="3"/>'
            )
    out.append("</g>")
    # the set being built, the pointer's shape, the hint
    if chosen:
        held = GLASS[pencil or "purple"]
        for n in chosen:
            out.append(
                f'<path class="chosen" data-shape="{n}" d="{shapes[n - 1]}"'
                f' fill="url(#g-{pencil or "purple"})" fill-opacity="0.75"'
                ' stroke="#e0a100" stroke-width="5" pointer-events="none"/>'
            )
            x, y = sheet.shapes[n - 1].label
            out.append(label(x, y, held.letter, 15, held.ink, attrs='pointer-events="none"'))
    if hover is not None:
        n, ok = hover
        glass = "legal" if ok else "illegal"
        g = GLASS[glass]
        x, y = sheet.shapes[n - 1].label
        out.append(
            f'<g class="preview {glass}" data-shape="{n}" pointer-events="none">'
            f'<path d="{shapes[n - 1]}" fill="{g.mid}" fill-opacity="0.45"'
            f' stroke="{g.dark}" stroke-width="4"'
            f"{'' if ok else chr(32) + 'stroke-dasharray=' + chr(34) + '7 5' + chr(34)}/>"
            + label(x, y, g.letter, 20, "#ffffff")
            + "</g>"
        )
    hints = sorted(suggested, key=lambda t: t[2])  # the best picks its badge's spot first
    spots = badge_spots([_badge_spots(sheet, t[0]) for t in hints])
    for hinted, (bx, by) in reversed(list(zip(hints, spots))):  # the best drawn last, on top
        numbers, shade, rank = hinted[0], hinted[1], hinted[2]
        sign = mark_sign(hinted)
        colour = hint_colour(shade)
        kind = "hint" if rank == 1 else "suggestion"
        names = " ".join(map(str, numbers))
        out.append(
            f'<g class="{kind}" data-rank="{rank}" data-shapes="{names}" pointer-events="none">'
        )
        for n in numbers:
            out.append(
                f'<path d="{shapes[n - 1]}" fill="{colour}" fill-opacity="0.25"'
                f' stroke="{colour}" stroke-width="{3 + 3 * shade:.1f}"'
                ' stroke-dasharray="8 4"/>'
            )
        if numbers:
            ink = "#ffffff" if shade > 0.55 else "#2d2a24"
            out.append(
                f'<circle cx="{bx:g}" cy="{by:g}" r="10" fill="{colour}"'
                f' stroke="{LEAD}" stroke-width="2"/>'
                + label(bx, by, sign, sign_size(sign, 12), ink)
            )
        out.append("</g>")
    return "".join(out)


def _badge_spots(sheet: Sheet, numbers: Sequence[int]) -> list[tuple[float, float]]:
    """Where a hint's badge may go on the set of shapes ``numbers``: above each shape's number,
    the first shape's first, then beside it (sets on the same shapes each show their number)."""
    if not numbers:
        return [(0.0, 0.0)]
    spots = []
    for n in numbers:
        x, y = sheet.shapes[n - 1].label
        spots.append((x, y - 14))
    x, y = spots[0]
    return spots + [(x + 22, y), (x - 22, y), (x + 44, y), (x - 44, y)]


def _rank_badge(x: float, y: float, mark: Mark) -> str:
    """A hint's rank (or sign) on a section value or a star to cross off (solo)."""
    what, shade, rank = mark[0], mark[1], mark[2]
    return rank_badge(x, y, shade, rank, f'data-cross="{escape(what)}"', sign=mark_sign(mark))


def _values_panel(
    state: Any,
    p: int,
    x0: float,
    y0: float,
    crossing: Collection[str] = (),
    cross_hints: Sequence[Mark] = (),
) -> str:
    """The five sections' values beside a sheet: circled where ``p`` took them, struck where
    another player did (or, solo, where they were crossed off)."""
    out = [
        f'<rect x="{x0:g}" y="{y0:g}" width="{PANEL_W - 10}" height="{38 + 44 * 5}" rx="8"'
        f' fill="#f4efe1" stroke="{LEAD}" stroke-width="2.5"/>',
        label(x0 + (PANEL_W - 10) / 2, y0 + 18, "sections", 14, "#2d2a24"),
    ]
    seat = GLASS[state.game.player_colours[p]]
    for i, name in enumerate(SECTIONS):
        y = y0 + 42 + 44 * i
        out.append(
            label(x0 + 22, y + 14, SYMBOLS[name], 22, "#2d2a24", attrs=f'data-section="{name}"')
        )
        for j, high in enumerate((True, False)):
            who = (state.high if high else state.low)[i]
            value = SECTION_VALUES[name][j]
            cx = x0 + 62 + 42 * j
            out.append(
                f'<circle cx="{cx:g}" cy="{y + 14:g}" r="16" fill="#fbf7ea"'
                f' stroke="{STONE_LIGHT}" stroke-width="1.5"/>'
            )
            out.append(
                label(
                    cx, y + 14, str(value), 14, "#2d2a24", weight="bold", attrs='stroke-opacity="0"'
                )
            )
            if who == p and state.num_players > 1 or who >= 0 and state.num_players == 1:
                out.append(
                    f'<circle cx="{cx:g}" cy="{y + 14:g}" r="16" fill="none"'
                    f' stroke="{seat.dark}" stroke-width="4"/>'
                )
            elif who != OPEN:
                out.append(
                    f'<path d="M{cx - 14:g} {y + 26:g}L{cx + 14:g} {y + 2:g}"'
                    ' stroke="#6b0b02" stroke-width="4" stroke-linecap="round"/>'
                )
                if who >= 0:
                    out.append(label(cx + 13, y + 27, str(who + 1), 10, "#6b0b02"))
        for mark in cross_hints:
            if mark[0] == name:
                out.append(_rank_badge(x0 + PANEL_W - 22, y + 14, mark))
        if name in crossing:
            out.append(
                f'<rect data-id="section:{name}" x="{x0 + 4:g}" y="{y - 4:g}"'
                f' width="{PANEL_W - 18}" height="38" rx="6" fill="#d8341e"'
                ' fill-opacity="0.12" stroke="#d8341e" stroke-width="2.5"'
                ' stroke-dasharray="5 3" style="cursor:pointer"/>'
            )
    return "".join(out)


def _pool(state: Any, width: float, selected: str | None, confirm: str | None) -> str:
    """The pencils in the middle: present ones as glass rods with their letter, the count N."""
    pencils = state.pencils()
    words = escape(pool_label(state))
    out = [
        f'<g class="pool" data-label="{words}">',
        f'<rect x="4" y="4" width="{width - 8:g}" height="{POOL_H - 8}" rx="10"'
        f' fill="url(#stone)" stroke="{LEAD}" stroke-width="3"/>',
    ]
    for i, color in enumerate(COLORS):
        x = 20 + i * 76
        g = GLASS[color]
        here = color in pencils
        sel = color == selected
        op = "1" if here else "0.22"
        y = 14 if sel else 22
        out.append(
            f'<g class="pencil" data-pencil="{color}" data-here="{str(here).lower()}"'
            f"{' data-selected=' + chr(34) + 'true' + chr(34) if sel else ''}"
            f' opacity="{op}">'
            f'<path d="M{x:g} {y:g}h54l12 {18:g}l-12 18h-54z" fill="url(#g-{color})"'
            f' stroke="{"#e0a100" if sel else LEAD}" stroke-width="{4 if sel else 2.5}"/>'
            + label(x + 26, y + 18, g.letter, 17, g.ink)
            + "</g>"
        )
        if here and state.held != i:
            out.append(
                f'<rect data-id="pencil:{color}" x="{x - 4:g}" y="10" width="74"'
                f' height="{POOL_H - 20}" fill="transparent" style="cursor:pointer">'
                f"<title>take the {color} pencil</title></rect>"
            )
        if state.held == i:
            out.append(
                f'<g data-label="held back: {color}">'
                + label(x + 32, 70, "held back", 11, "#fbf7ea")
                + "</g>"
            )
    n = len(pencils)
    tx = 20 + 5 * 76 + 10
    if confirm:
        out.append(
            f'<g class="confirm" data-id="confirm" style="cursor:pointer">'
            f'<rect x="{tx:g}" y="16" width="{width - tx - 16:g}" height="{POOL_H - 32}"'
            ' rx="8" fill="#23a447" stroke="#0c5a22" stroke-width="3"/>'
            + label(tx + (width - tx - 16) / 2, POOL_H / 2, f"✓ {confirm}", 15, "#ffffff")
            + "</g>"
        )
    elif not state.is_terminal():
        out.append(label(tx + (width - tx - 16) / 2, POOL_H / 2 - 9, f"N = {n}", 22, "#fbf7ea"))
        out.append(
            label(
                tx + (width - tx - 16) / 2,
                POOL_H / 2 + 15,
                f"color {n} shape{'s' if n != 1 else ''}",
                12,
                "#fbf7ea",
                weight="normal",
            )
        )
    out.append("</g>")
    return "".join(out)


def _defs() -> str:
    return glass_defs(
        [*CLEAR_TINTS, *COLORS, "legal", "illegal", "gold", "silver", "copper", "bronze"]
    )


def main_svg(
    state: Any,
    player: int | None = None,
    *,
    interactive: bool = False,
    pencil: str | None = None,
    chosen: Collection[int] = (),
    hover: tuple[int, bool] | None = None,
    confirm: str | None = None,
    suggested: Sequence[ShapesMark] = (),
    crossing: Collection[str] = (),
    cross_hints: Sequence[Mark] = (),
) -> str:
    """The board of ``player`` (default: the player to move): the pencils in the middle, the
    sheet and its section values. ``pencil`` is the pencil in hand, ``chosen`` the shapes of the
    set being built, ``hover`` the shape under the pointer and whether it may join (green ✓ or
    red ✗), ``confirm`` the words of the button that plays the set, ``suggested`` the hint's
    sets as ``(numbers, shade, rank)``, ``crossing`` what may be crossed off (solo) and
    ``cross_hints`` the hint's cross-offs as ``(section or "star K", shade, rank)``."""
    p = shown_player(state) if player is None else player
    sheet = state.sheet
    width = max(sheet.width + PANEL_W + 2 * PAD, POOL_MIN_W)  # the pencil strip whole
    # the sheet, or the values panel and the words under it when the sheet is lower
    height = POOL_H + max(sheet.height + 2 * PAD, PAD + 38 + 44 * 5 + 48)
    body = [
        _pool(state, width, pencil, confirm),
        f'<g transform="translate({PAD},{POOL_H + PAD / 2:g})">',
        sheet_body(
            state,
            p,
            interactive=interactive,
            chosen=chosen,
            pencil=pencil,
            hover=hover,
            suggested=suggested,
            crossing=crossing,
        ),
        "</g>",
        _values_panel(state, p, sheet.width + PAD + 14, POOL_H + PAD, crossing, cross_hints),
    ]
    for mark in cross_hints:  # a star to cross off
        if mark[0].startswith("star "):
            cx, cy = sheet.stars[int(mark[0].split()[1]) - 1].center
            body.append(_rank_badge(PAD + cx + 16, POOL_H + PAD / 2 + cy - 12, mark))
    seat = GLASS[state.game.player_colours[p]]
    if state.num_players > 1 and p in state.finished:
        body.append(
            f'<g data-label="player {p + 1}: finished">'
            + label(
                PAD + sheet.width / 2,
                POOL_H + PAD + 52,
                f"player {p + 1} has finished",
                16,
                "#fbf7ea",
            )
            + "</g>"
        )
    who = "your window" if state.num_players == 1 else f"player {p + 1}"
    body.append(
        label(
            sheet.width + PAD + 14 + (PANEL_W - 10) / 2,
            POOL_H + PAD + 38 + 44 * 5 + 30,
            f"{seat.letter} · {who}",
            13,
            "#2d2a24",
        )
    )
    return svg_document(
        width,
        height,
        "".join(body),
        _defs(),
        "Coloring in the Stained Glass",
        css_class="sg-svg sg-coloring-main",
    )


def shown_player(state: Any) -> int:
    """Whose sheet is drawn large: the player to move (at the end, the first player)."""
    return state.to_move if state.to_move >= 0 else 0


def side_svg(state: Any, player: int | None = None) -> str:
    """The other players' sheets, small, with the race for each section (who took high and
    low) and who has finished; solo: the race alone (what was scored and crossed off)."""
    p = shown_player(state) if player is None else player
    sheet = state.sheet
    others = [q for q in range(state.num_players) if q != p]
    sw, sh = sheet.width * SMALL, sheet.height * SMALL
    width = max(2 * (sw + 16) + 16, 330)
    rows = -(-len(others) // 2)
    top = rows * (sh + 34) + 10
    body = []
    for j, q in enumerate(others):
        x = 16 + (j % 2) * (sw + 16)
        y = 10 + (j // 2) * (sh + 34)
        seat = GLASS[state.game.player_colours[q]]
        done = q in state.finished
        words = f' data-label="player {q + 1}: finished"' if done else ""
        body.append(
            f'<g class="other-sheet" data-player="{q + 1}"{words}>'
            + label(
                x + sw / 2,
                y + 10,
                f"{seat.letter} · player {q + 1}" + (" · finished" if done else ""),
                12,
                "#2d2a24",
            )
            + f'<g transform="translate({x:g},{y + 22:g}) scale({SMALL})">'
            + sheet_body(state, q, small=True)
            + "</g></g>"
        )
    # the race table
    body.append(f'<g class="race" transform="translate(10,{top:g})">')
    body.append(label(width / 2 - 10, 12, "the race for the sections", 14, "#2d2a24"))
    for i, name in enumerate(SECTIONS):
        y = 30 + 30 * i
        body.append(label(20, y + 10, SYMBOLS[name], 18, "#2d2a24"))
        for j, high in enumerate((True, False)):
            x = 44 + 140 * j
            who = (state.high if high else state.low)[i]
            value = SECTION_VALUES[name][j]
            value_words = value_label(state, i, high)
            attrs = f' data-label="{escape(value_words)}"' if value_words else ""
            if who == OPEN:
                text, fill = f"{'high' if high else 'low'} {value}: open", "#6f685a"
            elif who == CROSSED:
                text, fill = f"{'high' if high else 'low'} {value}: crossed off", "#6b0b02"
            else:
                seat = GLASS[state.game.player_colours[who]]
                whom = "scored" if state.num_players == 1 else f"player {who + 1} ({seat.letter})"
                text, fill = f"{'high' if high else 'low'} {value}: {whom}", "#0c4a1e"
            body.append(
                f'<text x="{x}" y="{y + 10}" font-size="12.5" fill="{fill}"'
                f' dominant-baseline="central"{attrs}>{escape(text)}</text>'
            )
    body.append("</g>")
    height = top + 30 + 30 * 5 + 10
    return svg_document(
        width,
        height,
        "".join(body),
        _defs(),
        "the other players and the race",
        css_class="sg-svg sg-coloring-side",
    )


def draw(state: Any, **options: Any) -> str:
    """The picture of ``state`` (``state.svg()``): the board of the player to move beside the
    others' sheets and the race (see :func:`main_svg` for the options)."""
    main = main_svg(state, **options)
    side = side_svg(state, options.get("player"))

    def size(svg: str) -> tuple[float, float]:
        w, h = svg.split('viewBox="0 0 ', 1)[1].split('"', 1)[0].split()
        return float(w), float(h)

    (mw, mh), (sw, sh) = size(main), size(side)
    width, height = mw + sw + 10, max(mh, sh)

    def nest(svg: str, x: float, w: float, h: float) -> str:
        inner = svg.split(">", 1)[1].rsplit("</svg>", 1)[0]
        return (
            f'<svg x="{x:g}" y="0" width="{w:g}" height="{h:g}" viewBox="0 0 {w:g} {h:g}">'
            f"{inner}</svg>"
        )

    return svg_document(
        width,
        height,
        nest(main, 0, mw, mh) + nest(side, mw + 10, sw, sh),
        "",
        "Coloring in the Stained Glass",
    )


# ---- a sheet being designed ---------------------------------------------------------------------

FAULT = "#d8341e"


def check_svg(check: SheetCheck, chosen: int | None = None) -> str:
    """A sheet as checked by ``check_sheet``, valid or not: every shape (its number and section
    symbol; a pre-coloured one its color and letter), every star, and each failure drawn on it:
    the shapes and stars it names outlined in dashed red and marked with the failure's number
    (``!1``, ``!2``, ...). ``chosen`` (a failure's number) draws that one's marks thicker.
    Targets: ``shape:N``, ``star:K`` (their words in ``data-label``); "" when there is nothing
    to draw (the file's form is wrong).

    >>> from stainedglass.coloring.sheet import check_sheet, grid_sheet
    >>> svg = check_svg(check_sheet(grid_sheet(["+ h d c ."], colors={1: "red", 2: "red"})))
    >>> svg.count('class="fault"'), 'data-label="shape 1 (pre-coloured red): problem 2"' in svg
    (2, True)
    """
    if not check.shapes:
        return ""

    def d(poly: Sequence[tuple[float, float]]) -> str:
        return "M" + "L".join(f"{x:g} {y:g}" for x, y in poly) + "Z"

    xs = [p[0] for poly, _, _ in check.shapes for p in poly]
    ys = [p[1] for poly, _, _ in check.shapes for p in poly]
    x0, y0 = min(min(xs), 0.0), min(min(ys), 0.0)
    x1, y1 = max(max(xs), check.width), max(max(ys), check.height)
    size = max(x1 - x0, y1 - y0, 1e-9)
    scale = 560 / size  # drawn about 560 wide, whatever the sheet's units
    pad = 24
    width, height = (x1 - x0) * scale + 2 * pad, (y1 - y0) * scale + 2 * pad

    def pts(poly: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
        return [
            (round((x - x0) * scale + pad, 2), round((y - y0) * scale + pad, 2)) for x, y in poly
        ]

    faults: dict[tuple[str, int], list[int]] = {}
    for k, problem in enumerate(check.problems, 1):
        for n in problem.shapes:
            faults.setdefault(("shape", n), []).append(k)
        for n in problem.stars:
            faults.setdefault(("star", n), []).append(k)
    body = [
        f'<rect x="4" y="4" width="{width - 8:g}" height="{height - 8:g}" rx="12"'
        f' fill="url(#stone)" stroke="{LEAD}" stroke-width="4"/>'
    ]
    marks = []
    for i, (poly, _symbol, color) in enumerate(check.shapes):
        n = i + 1
        fill = f"url(#{'gh'[n % 2]}-{color or CLEAR_TINTS[(n * 7) % 3]})"
        where = faults.get(("shape", n), [])
        words = (
            f"shape {n}"
            + (f" (pre-coloured {color})" if color else "")
            + (f": problem {', '.join(map(str, where))}" if where else "")
        )
        body.append(
            f'<path class="shape" data-id="shape:{n}" data-label="{escape(words)}"'
            f' d="{d(pts(poly))}" fill="{fill}" stroke="{LEAD}" stroke-width="2"/>'
        )
    for k, poly in enumerate(check.stars):
        where = faults.get(("star", k + 1), [])
        words = f"star {k + 1}" + (f": problem {', '.join(map(str, where))}" if where else "")
        body.append(
            f'<path class="star" data-id="star:{k + 1}" data-label="{escape(words)}"'
            f' d="{d(pts(poly))}" fill="{STAR_GLASS}" stroke="{LEAD}" stroke-width="2"/>'
        )
    for i, (poly, symbol, color) in enumerate(check.shapes):
        cx, cy = _centre(pts(poly))
        glyph = SYMBOLS.get(symbol or "", "")
        if color:
            g = GLASS[color]
            text = f"{g.letter}{i + 1}{glyph}"
            body.append(label(cx, cy, text, 11, g.ink, attrs='pointer-events="none"'))
        else:
            body.append(
                label(
                    cx,
                    cy,
                    f"{i + 1}{glyph}",
                    11,
                    "#2d2a24",
                    attrs='pointer-events="none" stroke-opacity="0"',
                )
            )
    for poly in check.stars:
        cx, cy = _centre(pts(poly))
        body.append(label(cx, cy, "★", 12, "#7a5a00", attrs='pointer-events="none"'))
    for (kind, n), where in sorted(faults.items()):
        if kind == "shape" and not 1 <= n <= len(check.shapes):
            continue
        if kind == "star" and not 1 <= n <= len(check.stars):
            continue
        drawn = pts(check.shapes[n - 1][0] if kind == "shape" else check.stars[n - 1])
        thick = 6 if chosen in where else 3.5
        marks.append(
            f'<path class="fault" data-fault="{kind}:{n}" d="{d(drawn)}"'
            f' fill="{FAULT}" fill-opacity="0.18" stroke="{FAULT}"'
            f' stroke-width="{thick}" stroke-dasharray="7 4" pointer-events="none"/>'
        )
        cx, cy = _centre(drawn)
        text = "!" + ",".join(map(str, where))
        marks.append(
            f'<g pointer-events="none"><rect x="{cx - 6 - 4 * len(text):g}"'
            f' y="{cy - 26:g}" width="{12 + 8 * len(text):g}" height="16" rx="8"'
            f' fill="{FAULT}" stroke="{LEAD}" stroke-width="1.5"/>'
            + label(cx, cy - 18, text, 11, "#ffffff")
            + "</g>"
        )
    title = "the sheet" + (
        f" with {len(check.problems)} problems marked"
        if check.problems
        else ": every requirement met"
    )
    return svg_document(
        width, height, "".join(body + marks), _defs(), title, css_class="sg-svg sg-coloring-sheet"
    )


def _centre(poly: Sequence[tuple[float, float]]) -> tuple[float, float]:
    return (sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly))
