"""Walls of Light drawn as stained glass: pure functions from a state to SVG text.

Six Cathedral Windows (4x4 faces set in carved stone, each space edged with lead) stand in two rows
around the scoring band: the score track with each player's cube, the three dice, the white cubes
and the winks left. Every colour also carries its letter (``R B Y O P G``):

- a **printed pane** is quarry glass: a lattice of thin lead lines over the pane, its letter in
  the middle; it belongs to nobody;
- a **placed wink** is a round glass disc with its letter; two winks of one colour are a visible
  stack of two discs; two winks (or a printed pane and a wink) of different colours show the
  secondary colour's glass and letter with small discs of the winks in the corner;
- an empty **"+1"** or **"+card"** space says so; once filled, a small badge keeps saying it.

Targets (``data-id``): each glass space is ``"3:b2"``, each die ``"die:r"``; the hand drawn by
:func:`hand_svg` has ``"card:swap"`` and the like.

>>> import stainedglass as sg
>>> from stainedglass.walls_of_light.svg import walls_of_light_svg
>>> state = sg.load("walls_of_light", first_player=0).new_game(seed=1)
>>> state.play("roll r2 b3 y6")
>>> svg = walls_of_light_svg(state)
>>> svg.count('class="window"'), svg.count('class="die"')
(6, 3)
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any, Protocol
from collections.abc import Collection, Sequence

from ..core import cell_name
from .moves import CARD_NAMES, CARD_TITLES, CELLS
from .panes import EMPTY, SHOWN, WINKS, code_of, printed_of
from .windows import (
    COLOR_LETTERS,
    COLOR_NAMES,
    DIE_LETTERS,
    WINDOWS,
    YELLOW,
    Face,
)

from ..glass import (
    badge_spots,
    corners,
    hint_colour,
    GLASS,
    LEAD,
    STONE_DARK,
    STONE_LIGHT,
    glass_defs,
    hit,
    label,
    lead_line,
    mark_sign,
    outline_path,
    pane,
    sign_size,
    svg_document,
)

DISABLED = ' aria-disabled="true"'  # a card held that cannot be played now
Mark = tuple[str, float, int] | tuple[str, float, int, str]
"""A suggested space or card as drawn: its name, shade and rank (and the sign written instead)."""

if TYPE_CHECKING:  # for the annotations only: the game module never needs its drawing
    from .game import WallsOfLightState

CELL = 46
GRID = 4 * CELL
PAD = 14  # stone around a window's glass
HEAD = 36  # a window's plaque
PANEL_W = GRID + 2 * PAD
PANEL_H = HEAD + GRID + PAD
GAP = 12
BAND = 168  # the scoring band between the two rows of windows
WIDTH = 3 * PANEL_W + 4 * GAP
HEIGHT = 2 * PANEL_H + BAND + 4 * GAP
TRACK = 32  # the scoring window: two 4x4s, 32 steps a lap
CLEAR_TINTS = ("clear", "clear-cool", "clear-warm")
PLAYER_GLASS = ("red", "blue", "yellow")
GOLD = "#e0a100"
DASHED = ' stroke-dasharray="3 2"'
SELECTED = ' data-selected="true"'


_DESIGNED_NAMES = {face.rows: face.name for pair in WINDOWS for face in pair}


def face_title(face: Face) -> str:
    """A face's name for people: a designed face by its name even when set up by ``windows=``
    (where the engine names it after its place), a custom one "front face" / "back face"."""
    if face.rows in _DESIGNED_NAMES:
        return _DESIGNED_NAMES[face.rows]
    for side in ("front", "back"):
        if face.name.startswith("position ") and face.name.endswith(side):
            return f"{side} face"
    return face.name


def _panel_xy(pos: int) -> tuple[float, float]:
    """Top-left of window ``pos`` (0-5): 1 2 3 above the scoring band, 4 5 6 below."""
    col, row = pos % 3, pos // 3
    x = GAP + col * (PANEL_W + GAP)
    y = GAP + row * (PANEL_H + BAND + 2 * GAP)
    return x, y


def space_xy(pos: int, cell: int) -> tuple[float, float]:
    """Top-left of the space ``cell`` (0-15) of window ``pos`` (0-5), in board units."""
    x, y = _panel_xy(pos)
    return x + PAD + (cell % 4) * CELL, y + HEAD + (cell // 4) * CELL


def _defs(extra: Sequence[str] = ()) -> str:
    quarry = (
        '<pattern id="quarry" width="11" height="11" patternUnits="userSpaceOnUse"'
        ' patternTransform="rotate(45)">'
        f'<path d="M0 0H11M0 0V11" stroke="{LEAD}" stroke-width="1.6" opacity="0.75"/>'
        "</pattern>"
    )
    return (
        glass_defs([*CLEAR_TINTS, "red", "blue", "yellow", "orange", "purple", "green", *extra])
        + quarry
    )


def _disc(cx: float, cy: float, r: float, color: int, neutral: bool, small: bool) -> str:
    g = GLASS[COLOR_NAMES[color]]
    ring = (
        f'<circle cx="{cx:g}" cy="{cy:g}" r="{r - 3.5:g}" fill="none" stroke="{g.ink}"'
        ' stroke-width="1.4" stroke-dasharray="3 2.5"/>'
        if neutral
        else ""
    )
    letter = COLOR_LETTERS[color].lower() if small else COLOR_LETTERS[color]
    return (
        f'<g class="wink" data-color="{COLOR_NAMES[color]}">'
        f'<circle cx="{cx + 1.5:g}" cy="{cy + 2:g}" r="{r:g}" fill="#000" opacity="0.35"/>'
        f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="url(#h-{COLOR_NAMES[color]})"'
        f' stroke="{LEAD}" stroke-width="2"/>{ring}'
        f'<ellipse cx="{cx - r * 0.35:g}" cy="{cy - r * 0.45:g}" rx="{r * 0.4:g}"'
        f' ry="{r * 0.22:g}" fill="#fff" opacity="0.45"/>'
        + label(cx, cy + 0.5, letter, r * (1.0 if small else 1.15), g.ink)
        + "</g>"
    )


def space_label(name: str, code: int) -> str | None:
    """``"3:b2: orange (printed yellow, a red wink)"``; None for an empty space."""
    shown, winks, printed = SHOWN[code], WINKS[code], printed_of(code)
    if shown < 0:
        return None
    parts = [] if printed is None else [f"printed {COLOR_NAMES[printed]}"]
    if len(set(winks)) == 1:
        many = len(winks) > 1
        parts.append(f"{'two' if many else 'a'} {COLOR_NAMES[winks[0]]} wink{'s' if many else ''}")
    elif winks:
        parts.append(" and ".join(f"a {COLOR_NAMES[w]} wink" for w in sorted(winks)))
    return f"{name}: {COLOR_NAMES[shown]} ({', '.join(parts)})"


class _Windows(Protocol):
    """What a window's drawing reads of a state: the game's state, or one face alone."""

    @property
    def cells(self) -> Sequence[int]: ...
    @property
    def filled(self) -> Sequence[int]: ...
    @property
    def cubes(self) -> Sequence[bool]: ...
    def face(self, pos: int) -> Face: ...


def window_label(state: _Windows, pos: int) -> str:
    """``"window 3: Rose, 4 to fill, white cube"``."""
    face = state.face(pos)
    missing = len(face.spaces) - state.filled[pos]
    cube = ", white cube" if state.cubes[pos] else ""
    return f"window {pos + 1}: {face_title(face)}, {missing} to fill{cube}"


def labels(state: WallsOfLightState) -> list[str]:
    """What the windows hold, in words: each window and every space with glass in it, worked
    out from the state alone. The picture carries the same words (``data-label``), so a test
    can check that it shows what the state holds."""
    out = []
    for pos in range(len(state.cubes)):
        out.append(window_label(state, pos))
        for cell in state.face(pos).spaces:
            name = f"{pos + 1}:{cell_name(cell % 4, cell // 4)}"
            words = space_label(name, state.cells[pos * CELLS + cell])
            if words is not None:
                out.append(words)
    return out


def _space(state: _Windows, pos: int, cell: int, neutral_yellow: bool) -> str:
    """One glass space: its glass, printed lattice, winks and special mark."""
    x, y = space_xy(pos, cell)
    face = state.face(pos)
    code = state.cells[pos * CELLS + cell]
    shown, winks, printed = SHOWN[code], WINKS[code], printed_of(code)
    special = face.special(cell)
    name = f"{pos + 1}:{cell_name(cell % 4, cell // 4)}"
    words = space_label(name, code)
    attrs = [
        f'class="space" data-space="{name}"',
        f'data-label="{escape(words)}"' if words else "",
        f'data-shown="{COLOR_NAMES[shown] if shown >= 0 else ""}"',
        f'data-printed="{COLOR_NAMES[printed] if printed is not None else ""}"',
        f'data-winks="{" ".join(COLOR_NAMES[w] for w in winks)}"',
        f'data-special="{special or ""}"',
    ]
    out = [f"<g {' '.join(attrs)}>"]
    variant = (cell * 5 + pos) % 2
    if shown < 0:
        tint = CLEAR_TINTS[(pos * 7 + cell * 3) % 3]
        out.append(pane(x, y, CELL, tint, variant=variant, lead=2.2))
        if special == "+1":
            out.append(label(x + CELL / 2, y + CELL / 2, "+1", 19, "#3d2a00"))
        elif special == "+card":
            out.append(
                f'<rect x="{x + 15:g}" y="{y + 7:g}" width="16" height="21" rx="2.5"'
                f' fill="#f4efe1" stroke="{LEAD}" stroke-width="1.6"/>'
            )
            out.append(label(x + CELL / 2, y + 17.5, "+", 14, "#3d2a00"))
            out.append(label(x + CELL / 2, y + 37, "card", 11.5, "#3d2a00"))
        out.append("</g>")
        return "".join(out)
    g = GLASS[COLOR_NAMES[shown]]
    out.append(pane(x, y, CELL, COLOR_NAMES[shown], variant=variant, lead=2.2))
    if printed is not None:  # quarry glass: a lead lattice over the printed pane
        out.append(
            f'<rect x="{x + 2:g}" y="{y + 2:g}" width="{CELL - 4}" height="{CELL - 4}"'
            ' fill="url(#quarry)" pointer-events="none"/>'
        )
    lone_color = printed is None and len(set(winks)) == 1
    if lone_color:  # winks of one colour alone: big discs (two make a visible stack)
        c = winks[0]
        if len(winks) == 2:
            out.append(_disc(x + CELL / 2 - 4, y + CELL / 2 + 4, 15, c, False, False))
            out.append(
                _disc(
                    x + CELL / 2 + 3, y + CELL / 2 - 3, 15, c, neutral_yellow and c == YELLOW, False
                )
            )
            out.append(label(x + CELL - 9, y + CELL - 8, "×2", 11, g.ink))
        else:
            out.append(
                _disc(x + CELL / 2, y + CELL / 2, 15, c, neutral_yellow and c == YELLOW, False)
            )
    else:  # printed or mixed: the colour shown in big, the winks as small discs in a corner
        out.append(label(x + CELL / 2, y + CELL / 2 - 3, COLOR_LETTERS[shown], 21, g.ink))
        for i, c in enumerate(winks):
            out.append(
                _disc(x + 10 + i * 15, y + CELL - 10, 7.5, c, neutral_yellow and c == YELLOW, True)
            )
    if special:
        text = "+1" if special == "+1" else "+c"
        out.append(
            f'<rect x="{x + CELL - 19:g}" y="{y + 3:g}" width="16" height="12" rx="3"'
            f' fill="#f4efe1" stroke="{LEAD}" stroke-width="1"/>'
        )
        out.append(
            f'<text x="{x + CELL - 11:g}" y="{y + 9.5:g}" font-size="9.5"'
            ' font-weight="bold" text-anchor="middle" dominant-baseline="central"'
            f' fill="#3d2a00">{text}</text>'
        )
    out.append("</g>")
    return "".join(out)


def _ring(
    names: Collection[str],
    color: str,
    kind: str,
    dash: str = "",
    mark: str = "",
    width: float = 4,
    attrs: str = "",
    at: tuple[float, float] | None = None,
    outline: bool = True,
) -> str:
    """Outline the named spaces (``"3:b2"``) with a coloured ring (and a corner mark, at its
    top left corner or at ``at``; ``outline=False``: the mark alone, on a space another ring
    outlines)."""
    out = []
    for name in sorted(names):
        x, y = _space_of(name)
        d = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<g class="{kind}"{attrs} data-space="{name}" pointer-events="none">')
        if outline:
            out.append(
                f'<rect x="{x + 3:g}" y="{y + 3:g}" width="{CELL - 6}" height="{CELL - 6}"'
                f' rx="5" fill="none" stroke="#fffbe0" stroke-width="{width + 2.5:g}"'
                f' opacity="0.9"/><rect x="{x + 3:g}" y="{y + 3:g}" width="{CELL - 6}"'
                f' height="{CELL - 6}" rx="5" fill="none" stroke="{color}"'
                f' stroke-width="{width:g}"{d}/>'
            )
        if mark:
            wide = len(mark) > 1  # a sign of two (??): a larger badge
            cx, cy = at if at is not None else (x + 10, y + 10)
            out.append(
                f'<circle cx="{cx:g}" cy="{cy:g}" r="{10 if wide else 7.5:g}"'
                f' fill="{color}" stroke="#fffbe0" stroke-width="1.5"/>'
                + label(cx, cy + 0.5, mark, 9 if wide else 10, "#fff")
            )
        out.append("</g>")
    return "".join(out)


def _window(state: _Windows, pos: int, rolled_by: Sequence[int], neutral_yellow: bool) -> str:
    px, py = _panel_xy(pos)
    face = state.face(pos)
    missing = len(face.spaces) - state.filled[pos]
    out = [
        f'<g class="window" data-position="{pos + 1}" data-face="{escape(face_title(face))}"'
        f' data-cube="{str(state.cubes[pos]).lower()}" data-to-fill="{missing}"'
        f' data-label="{escape(window_label(state, pos))}">'
    ]
    # carved stone with a pointed top, and a gold glow when the dice name this window
    top = py + 10
    out.append(
        f'<path d="M{px:g} {py + PANEL_H:g}V{top + 14:g}Q{px + PANEL_W / 2:g} {py - 12:g}'
        f' {px + PANEL_W:g} {top + 14:g}V{py + PANEL_H:g}Z" fill="url(#stone)"'
        f' stroke="{GOLD if rolled_by else STONE_DARK}"'
        f' stroke-width="{5 if rolled_by else 3}"/>'
    )
    # the plaque: number, face name, dice naming it, white cube
    out.append(
        f'<circle cx="{px + 24:g}" cy="{py + 22:g}" r="15" fill="#f4efe1"'
        f' stroke="{LEAD}" stroke-width="3"/>'
    )
    out.append(
        f'<text x="{px + 24:g}" y="{py + 23:g}" font-size="19" font-weight="bold"'
        ' text-anchor="middle" dominant-baseline="central" fill="#17150f">'
        f"{pos + 1}</text>"
    )
    right = px + PANEL_W - 12 - 19 * len(rolled_by)  # the title stays clear of the dice badges
    title = face_title(face)
    out.append(
        label((px + 42 + right) / 2, py + 23, title, 15 if len(title) < 12 else 13.5, "#fbf7ea")
    )
    for i, d in enumerate(rolled_by):
        dg = GLASS[PLAYER_GLASS[d]]
        bx = px + PANEL_W - 22 - i * 19
        out.append(
            f'<rect class="rolled" data-die="{DIE_LETTERS[d]}" x="{bx - 8:g}"'
            f' y="{py + 13:g}" width="17" height="17" rx="3" fill="{dg.mid}"'
            f' stroke="{LEAD}" stroke-width="1.5"/>'
            + label(bx + 0.5, py + 22, DIE_LETTERS[d], 11, dg.ink)
        )
    # the stone cells, then the glass
    gx, gy = px + PAD, py + HEAD
    out.append(
        f'<rect x="{gx - 4:g}" y="{gy - 4:g}" width="{GRID + 8}" height="{GRID + 8}"'
        f' fill="{STONE_DARK}" opacity="0.55"/>'
    )
    for cell in range(CELLS):
        if cell not in face.spaces:
            x, y = space_xy(pos, cell)
            out.append(
                f'<rect class="stone" x="{x:g}" y="{y:g}" width="{CELL}" height="{CELL}"'
                ' fill="url(#stone)" opacity="0.9"/>'
            )
    for cell in face.spaces:
        out.append(_space(state, pos, cell, neutral_yellow))
    cells = [(c % 4, c // 4) for c in face.spaces]
    out.append(lead_line(outline_path(cells, CELL, gx, gy), 6))
    # footer: how many spaces are still to fill, and the white cube
    fy = py + PANEL_H - 4
    cube = "■ white cube" if state.cubes[pos] else "□ no cube yet"
    out.append(
        f'<text x="{px + 10:g}" y="{fy:g}" font-size="11" fill="#fbf7ea" '
        f'font-weight="bold">{missing} to fill · {cube}</text>'
    )
    out.append("</g>")
    return "".join(out)


def _die(x: float, y: float, die: int, value: int | None, selected: bool) -> str:
    g = GLASS[PLAYER_GLASS[die]]
    s = 50
    sel = ' data-selected="true"' if selected else ""
    out = [f'<g class="die" data-die="{DIE_LETTERS[die]}" data-value="{value or ""}"{sel}>']
    if selected:
        out.append(
            f'<rect x="{x - 6:g}" y="{y - 6:g}" width="{s + 12}" height="{s + 12}" rx="12"'
            f' fill="none" stroke="{GOLD}" stroke-width="5"/>'
        )
    out.append(
        f'<rect x="{x:g}" y="{y:g}" width="{s}" height="{s}" rx="9"'
        f' fill="url(#g-{PLAYER_GLASS[die]})" stroke="{LEAD}" stroke-width="3"/>'
    )
    pips = {
        1: [(1, 1)],
        2: [(0, 0), (2, 2)],
        3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (2, 0), (0, 2), (2, 2)],
        5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
    }
    if value:
        for c, r in pips[value]:
            out.append(
                f'<circle cx="{x + 12 + c * 13:g}" cy="{y + 12 + r * 13:g}" r="5"'
                f' fill="{g.ink}" stroke="{LEAD}" stroke-width="1"/>'
            )
    else:
        out.append(label(x + s / 2, y + s / 2, "?", 26, g.ink))
    shown = f"{DIE_LETTERS[die]}{value}" if value else DIE_LETTERS[die]
    out.append(label(x + s / 2, y + s + 13, shown, 15, "#fbf7ea"))
    out.append("</g>")
    out.append(
        hit(
            x - 4,
            y - 4,
            s + 8,
            s + 24,
            f"die:{DIE_LETTERS[die]}",
            f"the {COLOR_NAMES[die]} die" + (f" shows {value}" if value else ""),
        )
    )
    return "".join(out)


def _band(state: WallsOfLightState, dice_selected: Collection[str]) -> str:
    """The scoring band: the track with each player's cube, the dice, white cubes, winks left."""
    n = state.num_players
    y0 = GAP + PANEL_H + GAP
    out = [
        f'<rect class="band" x="{GAP:g}" y="{y0:g}" width="{WIDTH - 2 * GAP}" height="{BAND}"'
        f' rx="10" fill="#3a352c" stroke="{LEAD}" stroke-width="3"/>'
    ]
    # the score track: 32 steps in two rows of 16 (the scoring window's two 4x4s)
    step = 16
    tx, ty = GAP + 14, y0 + 30
    out.append(label(tx + 8 * step, y0 + 15, "Score track", 13, "#fbf7ea"))
    for i in range(TRACK):
        x = tx + (i % 16) * step
        y = ty + (i // 16) * (step + 28)
        out.append(pane(x, y, step, CLEAR_TINTS[i % 3], variant=i % 2, lead=1.3))
        if i % 5 == 0:
            out.append(
                f'<text x="{x + step / 2:g}" y="{y + step + 8:g}" font-size="8"'
                f' fill="{STONE_LIGHT}" text-anchor="middle">{i}</text>'
            )
    scores = state.scores()
    at: dict[int, int] = {}
    for p in range(n):
        i = scores[p] % TRACK
        k = at.get(i, 0)
        at[i] = k + 1
        g = GLASS[PLAYER_GLASS[p]]
        x = tx + (i % 16) * step + 2 + k * 5
        y = ty + (i // 16) * (step + 28) + 2 - k * 5
        out.append(
            f'<g class="score-cube" data-player="{COLOR_NAMES[p]}"'
            f' data-score="{scores[p]}"><rect x="{x:g}" y="{y:g}" width="{step - 4}"'
            f' height="{step - 4}" rx="2" fill="{g.mid}" stroke="{LEAD}"'
            ' stroke-width="1.8"/>'
            + label(x + (step - 4) / 2, y + (step - 4) / 2, COLOR_LETTERS[p], 10, g.ink)
            + "</g>"
        )
    legend = []
    for p in range(n):
        lap = f" (lap {scores[p] // TRACK + 1})" if scores[p] >= TRACK else ""
        legend.append(f"{COLOR_LETTERS[p]} {COLOR_NAMES[p]} {scores[p]}{lap}")
    out.append(label(tx + 8 * step, ty + 2 * step + 47, "   ·   ".join(legend), 14, "#fbf7ea"))
    # the dice
    dx = tx + 16 * step + 22
    out.append(label(dx + 83, y0 + 15, "Dice", 13, "#fbf7ea"))
    for d in range(3):
        value = state.dice[d] if state.dice else None
        out.append(_die(dx + d * 58, y0 + 32, d, value, DIE_LETTERS[d] in dice_selected))
    phase = {
        "roll": "to roll",
        "action": "to play",
        "reroll": "rerolling",
        "draw": "drawing",
        "over": "game over",
    }[state.phase]
    out.append(label(dx + 83, y0 + 124, f"{COLOR_NAMES[state.to_move]} {phase}", 14, "#fbf7ea"))
    if n == 2:
        out.append(
            label(
                dx + 83, y0 + 148, "Y: neutral, either player places it", 12, GLASS["yellow"].light
            )
        )
    # white cubes and winks left
    cx = dx + 3 * 58 + 12
    out.append(label(cx + 80, y0 + 15, "White cubes", 13, "#fbf7ea"))
    for pos in range(6):
        x = cx + pos * 27
        on = state.cubes[pos]
        out.append(
            f'<g class="white-cube" data-position="{pos + 1}" data-on="{str(on).lower()}">'
            f'<rect x="{x:g}" y="{y0 + 30:g}" width="22" height="22" rx="3"'
            f' fill="{"#fbfbf5" if on else "none"}" stroke="#fbf7ea" stroke-width="2"'
            f"{'' if on else DASHED}/>"
            f'<text x="{x + 11:g}" y="{y0 + 42:g}" font-size="13" font-weight="bold"'
            f' text-anchor="middle" dominant-baseline="central"'
            f' fill="{"#17150f" if on else "#fbf7ea"}">{pos + 1}</text></g>'
        )
    out.append(label(cx + 80, y0 + 73, "Winks left", 13, "#fbf7ea"))
    for c in range(3):
        x = cx + c * 56
        neutral = n == 2 and c == YELLOW
        out.append(
            f'<g class="supply" data-color="{COLOR_NAMES[c]}"'
            f' data-count="{state.supply[c]}">'
            + _disc(x + 14, y0 + 100, 12, c, neutral, False)
            + label(x + 40, y0 + 100, f"×{state.supply[c]}", 14, "#fbf7ea")
            + "</g>"
        )
    return "".join(out)


def _space_of(name: str) -> tuple[float, float]:
    """The top left corner of space ``name`` (``"3:b2"``) on the drawing."""
    pos_text, cell_text = name.split(":")
    cell = (int(cell_text[1:]) - 1) * 4 + "abcd".index(cell_text[0])
    return space_xy(int(pos_text) - 1, cell)


def _suggestions(suggested: Sequence[Mark]) -> str:
    """The hint's spaces ringed in violet, deeper for a higher value, numbered by rank (or
    carrying their sign: :func:`~stainedglass.glass.mark_sign`): a suggestion may ring several
    spaces with its number (a card's panes). Where suggestions share a space (a red or a
    neutral wink), the best rings it and each has its number in a corner of its own."""
    marks = sorted({(m[0], m[2]): m for m in suggested}.values(), key=lambda m: m[2])
    spots = badge_spots([corners(*_space_of(m[0]), CELL, 10) for m in marks])
    ringed: set[str] = set()
    out = []
    for mark, spot in zip(marks, spots):
        name, shade, rank = mark[0], mark[1], mark[2]
        out.append(
            _ring(
                [name],
                hint_colour(shade),
                "hint" if rank == 1 else "suggestion",
                dash="9 5",
                mark=mark_sign(mark),
                width=5,
                attrs=f' data-rank="{rank}"',
                at=spot,
                outline=name not in ringed,
            )
        )
        ringed.add(name)
    return "".join(reversed(out))  # the best drawn last, on top


def walls_of_light_svg(
    state: Any,  # a WallsOfLightState: the views pass their position as a State
    *,
    targets: Collection[str] = (),
    picked: Collection[str] = (),
    suggested: Sequence[Mark] = (),
    last: Collection[str] = (),
    dice_selected: Collection[str] = (),
    target_mark: str = "✓",
    title: str = "Walls of Light",
) -> str:
    """The six windows and the scoring band of ``state`` as stained glass (SVG text).

    ``targets``: spaces (``"3:b2"``) where the chosen action is legal, ringed in green with a
    ``target_mark``; ``picked``: spaces chosen so far (Swap Panes), ringed in gold; ``suggested``: the
    hint's spaces as ``(space, shade, rank)`` (or ``(space, shade, rank, sign)``: the sign
    written instead of the rank), ringed in violet (deeper for a higher ``shade``)
    and numbered, the best (rank 1) a ``g.hint``, the others ``g.suggestion`` (a space several
    share: ringed once, each number in a corner of its own); ``last``: the space the last move
    changed (dashed white).
    ``dice_selected``: die letters ringed in gold (Roll Again, Modify Roll).
    """
    neutral_yellow = state.num_players == 2
    dice = state.dice if state.phase == "action" else None
    body = [f'<rect width="{WIDTH}" height="{HEIGHT}" rx="12" fill="#2a261f"/>']
    for pos in range(6):
        rolled = [d for d in range(3) if dice and dice[d] == pos + 1]
        body.append(_window(state, pos, rolled, neutral_yellow))
    body.append(_band(state, dice_selected))
    body.append(_ring(last, "#fbf7ea", "last", dash="5 4", width=3))
    body.append(_ring(targets, "#23a447", "target", mark=target_mark))
    body.append(_ring(picked, GOLD, "picked", width=5))
    body.append(_suggestions(suggested))
    for pos in range(6):
        face = state.face(pos)
        for cell in face.spaces:
            x, y = space_xy(pos, cell)
            name = f"{pos + 1}:{cell_name(cell % 4, cell // 4)}"
            body.append(hit(x, y, CELL, CELL, name, f"window {pos + 1}, space {name[2:]}"))
    return svg_document(WIDTH, HEIGHT, "".join(body), _defs(), title)


# ---- one face alone (the face designer) ----------------------------------------------------


class _FaceAlone:
    """What :func:`_window` reads of a state, for one face shown at position 1, unplayed."""

    def __init__(self, face: Face) -> None:
        self._face = face
        self.cells = [EMPTY] * (6 * CELLS)
        for cell, color in face.printed:
            self.cells[cell] = code_of(color)
        self.filled = [len(face.printed)] + [0] * 5
        self.cubes = (False,) * 6

    def face(self, pos: int) -> Face:
        return self._face


def face_svg(face: Face, *, cells: bool = True, title: str = "") -> str:
    """One face as the game draws its window, alone (a face being designed may break the
    rulings' 5 to 16 spaces: it is drawn all the same). ``cells``: every cell, stone too, is a
    target named ``"a1"`` ... ``"d4"``.

    >>> from stainedglass.walls_of_light.windows import WINDOWS
    >>> svg = face_svg(WINDOWS[0][0])
    >>> svg.count('class="space"'), svg.count('class="hit"')
    (8, 16)
    """
    body = [_window(_FaceAlone(face), 0, [], False)]
    if cells:
        for cell in range(CELLS):
            x, y = space_xy(0, cell)
            name = cell_name(cell % 4, cell // 4)
            kind = face.special(cell) or ("glass" if cell in face.spaces else "stone")
            body.append(hit(x, y, CELL, CELL, name, f"cell {name}: {kind}"))
    px, py = _panel_xy(0)
    return svg_document(
        PANEL_W + 2 * GAP,
        PANEL_H + 2 * GAP,
        f'<g transform="translate({GAP - px:g} {GAP - py:g})">' + "".join(body) + "</g>",
        _defs(),
        title or face_title(face),
    )


# ---- a player's hand ---------------------------------------------------------------------------

CARD_W, CARD_H = 204, 58
CARD_GLASS = ("green", "purple", "orange", "blue")
CARD_ICON = ("+", "⇄", "⟳", "±")
CARD_WORDS = (
    "place a second pane",
    "two lone winks change places",
    "reroll 1, 2 or 3 dice",
    "one die +1 or -1",
)


def hand_svg(
    state: WallsOfLightState,
    player: int | None,
    *,
    playable: Collection[str] = (),
    selected: str | None = None,
    note: str = "",
    suggested: Sequence[Mark] = (),
) -> str:
    """The cards of ``player`` (None: nobody's hand may be shown), each a target ``"card:NAME"``.

    ``playable`` names the cards with a legal use now (drawn bright, with a tick); the others
    held are drawn faded and disabled (``aria-disabled``, a not-allowed pointer): they cannot be
    played now; ``selected`` is the card being played (gold); the others' hands are shown face
    down, as counts.
    ``suggested``: the hint's card plays as ``(card, shade, rank)``, a violet badge with the
    rank (or a fourth item, the sign written instead) on each (the best: class ``hint``); a card
    with several uses suggested (Roll Again on other dice) carries a badge for each.
    """
    ranks: dict[str, list[tuple[float, int, str]]] = {}
    for mark in suggested:  # each card's uses, best-ranked first
        ranks.setdefault(mark[0], []).append((mark[1], mark[2], mark_sign(mark)))
    n = state.num_players
    head = 40
    rows = 4
    height = head + rows * (CARD_H + 8) + 26 + 26 * n
    width = CARD_W + 24
    body = [
        f'<rect width="{width}" height="{height}" rx="10" fill="url(#stone)"/>',
        f'<rect x="2" y="2" width="{width - 4}" height="{height - 4}" rx="10" fill="none"'
        f' stroke="{STONE_DARK}" stroke-width="4"/>',
    ]
    if player is None:
        body.append(label(width / 2, head / 2, "Hands hidden", 15, "#fbf7ea"))
        y = head
    else:
        g = GLASS[PLAYER_GLASS[player]]
        body.append(
            f'<rect x="8" y="7" width="{width - 16}" height="{head - 12}" rx="6"'
            f' fill="url(#g-{PLAYER_GLASS[player]})" stroke="{LEAD}" stroke-width="2.5"/>'
        )
        body.append(
            label(
                width / 2,
                head / 2 + 1,
                f"{COLOR_LETTERS[player]} · {COLOR_NAMES[player]}'s cards",
                15,
                g.ink,
            )
        )
        y = head
        hand = state.hands[player]
        for t in range(4):
            name = CARD_NAMES[t]
            count = hand[t]
            x = 12
            yy = y + t * (CARD_H + 8)
            ok = name in playable
            sel = name == selected
            off = bool(count) and not (ok or sel)  # held, but not playable now
            op = "1" if count and (ok or sel) else "0.35" if count else "0.25"
            border = GOLD if sel else "#23a447" if ok else LEAD
            body.append(
                f'<g class="card" data-card="{name}" data-count="{count}"'
                f' data-playable="{str(ok).lower()}"'
                f'{SELECTED if sel else ""}{DISABLED if off else ""} opacity="{op}">'
            )
            body.append(
                f'<rect x="{x:g}" y="{yy:g}" width="{CARD_W}" height="{CARD_H}" rx="7"'
                f' fill="url(#g-{CARD_GLASS[t]})" stroke="{border}"'
                f' stroke-width="{5 if ok or sel else 2.5}"/>'
            )
            cg = GLASS[CARD_GLASS[t]]
            body.append(label(x + 22, yy + CARD_H / 2, CARD_ICON[t], 24, cg.ink))
            body.append(label(x + 114, yy + 19, f"{CARD_TITLES[t]} ×{count}", 14.5, cg.ink))
            body.append(label(x + 114, yy + 40, CARD_WORDS[t], 10.5, cg.ink, weight="normal"))
            if ok:
                body.append(label(x + CARD_W - 10, yy + 10, "✓", 13, "#fff"))
            body.append("</g>")
            for k, (shade, rank, sign) in enumerate(ranks.get(name, []) if count else []):
                # the card outlined once, in its best use's shade; a badge for each use,
                # side by side along its lower edge (two Roll Agains: two numbers)
                colour = hint_colour(shade)
                kind = "hint" if rank == 1 else "suggestion"
                cx = x + CARD_W - 12 - 25 * (k % 6)
                outline = (
                    f'<rect x="{x - 3:g}" y="{yy - 3:g}" width="{CARD_W + 6}"'
                    f' height="{CARD_H + 6}" rx="9" fill="none" stroke="{colour}"'
                    ' stroke-width="4" stroke-dasharray="9 4"/>'
                    if k == 0
                    else ""
                )
                body.append(
                    f'<g class="{kind}" data-rank="{rank}" data-card="{name}"'
                    ' pointer-events="none">'
                    + outline
                    + f'<circle cx="{cx:g}" cy="{yy + CARD_H - 12:g}" r="11"'
                    f' fill="{colour}" stroke="{LEAD}" stroke-width="2"/>'
                    + label(
                        cx,
                        yy + CARD_H - 12,
                        sign,
                        sign_size(sign, 13),
                        "#ffffff" if shade > 0.55 else "#2d2a24",
                    )
                    + "</g>"
                )
            if count:
                tip = f"{CARD_TITLES[t]}: {CARD_WORDS[t]}" + (" (not playable now)" if off else "")
                target = hit(x, yy, CARD_W, CARD_H, f"card:{name}", tip)
                body.append(
                    target.replace("cursor:pointer", "cursor:not-allowed") if off else target
                )
    y = head + rows * (CARD_H + 8) + 8
    for p in range(n):
        if p == player:
            continue
        body.append(
            label(
                width / 2,
                y + 8,
                f"{COLOR_NAMES[p]}: {_cards(sum(state.hands[p]))} (face down)",
                12.5,
                "#fbf7ea",
            )
        )
        y += 22
    body.append(
        label(
            width / 2,
            y + 8,
            f"pile {sum(state.pile)} · discards {sum(state.discard)}",
            12.5,
            "#fbf7ea",
        )
    )
    if note:
        body.append(label(width / 2, y + 30, note, 11, GLASS["yellow"].light, weight="normal"))
    return svg_document(
        width,
        height,
        "".join(body),
        glass_defs([*CARD_GLASS, *PLAYER_GLASS]),
        "hand",
        css_class="sg-svg sg-hand",
    )


def draw(state: WallsOfLightState, **options: Any) -> str:
    """The picture of ``state`` (``state.svg()``, ``_repr_svg_``): the six windows and the
    scoring band (the hands stay hidden), see :func:`walls_of_light_svg` for the options."""
    return walls_of_light_svg(state, **options)


def _cards(n: int) -> str:
    """ "1 card", "3 cards"."""
    return f"{n} card{'' if n == 1 else 's'}"
