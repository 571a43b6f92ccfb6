"""Sagrada (solo, cards) drawn as a window being glazed: a pure function, state -> SVG.

The 4x5 window stands in a stone arch under its name and difficulty. An open field is clear glass;
a colour restriction is tinted glass with its letter, a value restriction shows its pips etched in
the glass. A placed card is a pane of its colour's glass with the value's pips and the colour's
letter (black glass is smoky, with a sheen, never a hole). Beside the window: the three drawn cards,
the tools in play (pips and effect; used ones turned down; those a drawn card can pay for marked),
the three orders with their points so far, the turn bar's stacks with the running target, the pile
and the discards, and the score against the target.

Targets (``data-id``): each field by its name (``"b3"``), each drawn card ``"card:R4"``, each tool
``"tool:lathekin"``, each turn-bar card ``"bar:Y3"``, and the view's step choices ``"choice:..."``.
Every element that shows something the state holds carries its words in ``data-label``;
:func:`labels` gives the same words from the state alone.

>>> import stainedglass as sg
>>> state = sg.load("sagrada", window="Tempest").new_game(seed=1)
>>> for _ in range(3):
...     state.play(state.sample_chance())
>>> svg = draw(state)
>>> svg.count('class="field'), svg.count('class="drawn-card"')
(20, 3)
"""

from __future__ import annotations

from html import escape
from typing import Any
from collections.abc import Collection, Sequence

from ..glass import (
    GLASS,
    LEAD,
    badge_spots,
    corners,
    glass_defs,
    hint_colour,
    label,
    lead_line,
    mark_sign,
    pane,
    rank_badge,
    sign_size,
    svg_document,
)
from .cards import COLOR_NAMES, COLORS
from .scoring import ORDERS
from .tools import TOOLS

Mark = tuple[str, float, int] | tuple[str, float, int, str]
"""A suggested field, card or tool as drawn: its name, shade and rank (and the sign written
instead of the rank, a verdict's)."""

CELL = 86
WX, WY = 30, 124  # the window's glass, top left
COLS, ROWS = 5, 4
RIGHT = WX + COLS * CELL + 40  # the column beside the window
WIDTH = RIGHT + 470
HEIGHT = 700
CARD_W, CARD_H = 66, 92
DRAWN_H = CARD_H + 52  # the drawn cards' panel: the cards and the words under them
PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.28, 0.28), (0.72, 0.72)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.28, 0.22), (0.72, 0.22), (0.28, 0.5), (0.72, 0.5), (0.28, 0.78), (0.72, 0.78)],
}


def _glass(letter: str) -> str:
    return COLOR_NAMES[COLORS.index(letter)]


# ---- words (shared by the picture and by labels) ------------------------------------------------


def labels(state: Any) -> list[str]:
    """What the picture holds, in words, from the state alone (the picture's ``data-label``s)."""
    out = [f"{field}: {card}" for field, card in sorted(state.placed.items())]
    out += [f"drawn: {c}" for c in state.drawn]
    out += [f"{TOOLS[t].name}: used" for t in state.tools_used]
    out += [f"turn bar, round {i + 1}: {' '.join(stack)}" for i, stack in enumerate(state.turn_bar)]
    out.append(score_words(state))
    return out


def score_words(state: Any) -> str:
    score, target = state.scores()[0], state.target()
    return f"score {score}, target {target}"


# ---- pieces --------------------------------------------------------------------------------------


def _pips(
    x: float, y: float, w: float, h: float, value: int, fill: str, r: float, opacity: float = 1.0
) -> str:
    return "".join(
        f'<circle cx="{x + px * w:g}" cy="{y + py * h:g}" r="{r:g}" fill="{fill}"'
        f' opacity="{opacity:g}" stroke="{LEAD}" stroke-width="{r / 4:g}"/>'
        for px, py in PIPS[value]
    )


def _card_pane(
    x: float, y: float, w: float, h: float, card: str, attrs: str = "", lead: float = 2.5
) -> str:
    """A glass card: its colour's glass, the value's pips, the colour's letter in a corner."""
    glass = _glass(card[0])
    g = GLASS[glass]
    value = int(card[1])
    body = [
        f"<g {attrs}>",
        f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="5"'
        f' fill="url(#h-{glass})" stroke="{LEAD}" stroke-width="{lead:g}"/>',
        f'<path d="M{x + w * 0.1:g} {y + h * 0.5:g}L{x + w * 0.5:g} {y + h * 0.08:g}'
        f'L{x + w * 0.66:g} {y + h * 0.08:g}L{x + w * 0.1:g} {y + h * 0.66:g}Z"'
        ' fill="#ffffff" opacity="0.2"/>',
        _pips(x + w * 0.12, y + h * 0.12, w * 0.76, h * 0.76, value, g.ink, min(w, h) * 0.075),
        label(x + w - 10, y + h - 10, g.letter, min(w, h) * 0.2, g.ink),
        "</g>",
    ]
    return "".join(body)


def _field(
    state: Any, i: int, name: str, *, target: str | None, mark: str | None, selected: bool
) -> str:
    col, row = i % COLS, i // COLS
    x, y = WX + col * CELL, WY + row * CELL
    restriction = state.window.fields[i]
    card = state.placed.get(name)
    out = [f'<g class="field" data-field="{name}" data-restriction="{restriction}">']
    if restriction and restriction.isalpha():
        glass = _glass(restriction)
        out.append(pane(x, y, CELL, glass, variant=(col + row) % 2, lead=2.5, opacity=0.42))
        if card is None:
            out.append(
                label(
                    x + CELL / 2,
                    y + CELL / 2,
                    GLASS[glass].letter,
                    26,
                    GLASS[glass].dark,
                    attrs='opacity="0.7"',
                )
            )
    else:
        tint = ("clear", "clear-cool", "clear-warm")[(col * 3 + row) % 3]
        out.append(pane(x, y, CELL, tint, variant=(col + row) % 2, lead=2.5))
        if restriction and card is None:  # a value: its pips etched in the glass
            out.append(
                _pips(x + 14, y + 14, CELL - 28, CELL - 28, int(restriction), "#8f8a7c", 6, 0.85)
            )
    if card is not None:
        out.append(
            _card_pane(
                x + 6,
                y + 6,
                CELL - 12,
                CELL - 12,
                card,
                f'class="placed" data-card="{card}" data-label="{name}: {card}"',
            )
        )
    if selected:
        out.append(
            f'<rect x="{x + 3:g}" y="{y + 3:g}" width="{CELL - 6}" height="{CELL - 6}"'
            ' rx="6" fill="none" stroke="#e0a100" stroke-width="6"/>'
        )
    if mark is not None:
        ok = mark == "legal"
        g = GLASS[mark]
        out.append(
            f'<g class="preview {mark}" pointer-events="none">'
            f'<rect x="{x + 4:g}" y="{y + 4:g}" width="{CELL - 8}" height="{CELL - 8}"'
            f' rx="6" fill="{g.mid}" fill-opacity="0.35" stroke="{g.dark}" stroke-width="5"'
            f"{'' if ok else ' stroke-dasharray=' + chr(34) + '8 5' + chr(34)}/>"
            + label(x + CELL - 16, y + 16, g.letter, 18, "#ffffff")
            + "</g>"
        )
    if target:
        out.append(
            f'<rect class="hit" data-id="{target}" x="{x:g}" y="{y:g}" width="{CELL}"'
            f' height="{CELL}" fill="transparent" style="cursor:pointer"/>'
        )
    out.append("</g>")
    return "".join(out)


def _window(
    state: Any,
    targets: bool,
    marks: dict[str, str],
    selected: Collection[str],
    suggested: Sequence[Mark],
) -> str:
    w = state.window
    gw, gh = COLS * CELL, ROWS * CELL
    out = [  # a stone arch with the window's name on its plaque
        f'<path d="M{WX - 24:g} {WY + gh + 24:g}V{WY - 20:g}Q{WX + gw / 2:g} {WY - 110:g}'
        f' {WX + gw + 24:g} {WY - 20:g}V{WY + gh + 24:g}Z" fill="url(#stone)" stroke="#6f685a"'
        ' stroke-width="4"/>',
        f'<rect x="{WX + gw / 2 - 120:g}" y="{WY - 62:g}" width="240" height="44" rx="8"'
        f' fill="#f4efe1" stroke="{LEAD}" stroke-width="3"/>',
        label(WX + gw / 2, WY - 47, w.name, 19, "#2d2a24"),
        label(
            WX + gw / 2,
            WY - 28,
            "difficulty " + "●" * w.difficulty + "○" * (6 - w.difficulty),
            12,
            "#6f685a",
            weight="normal",
            attrs='stroke-opacity="0"',
        ),
    ]
    for i in range(COLS * ROWS):
        name = "abcde"[i % COLS] + str(i // COLS + 1)
        out.append(
            _field(
                state,
                i,
                name,
                target=name if targets else None,
                mark=marks.get(name),
                selected=name in selected,
            )
        )
    out.append(lead_line(f"M{WX:g} {WY:g}h{gw}v{gh}h{-gw}Z", 8))
    hints = sorted(suggested, key=lambda t: t[2])  # the best picks its badge's corner first
    spots = badge_spots([corners(*_field_xy(m[0]), CELL, 18) for m in hints])
    for mark, (bx, by) in reversed(list(zip(hints, spots))):  # the best drawn last, on top
        name, shade, rank = mark[0], mark[1], mark[2]
        sign = mark_sign(mark)
        x, y = _field_xy(name)
        colour = hint_colour(shade)
        kind = "hint" if rank == 1 else "suggestion"
        ink = "#ffffff" if shade > 0.55 else "#2d2a24"
        out.append(
            f'<g class="{kind}" data-rank="{rank}" data-field="{name}"'
            ' pointer-events="none">'
            f'<rect x="{x + 5:g}" y="{y + 5:g}" width="{CELL - 10}" height="{CELL - 10}"'
            f' rx="8" fill="none" stroke="{colour}" stroke-width="{3 + 3 * shade:.1f}"'
            ' stroke-dasharray="9 4"/>'
            f'<circle cx="{bx:g}" cy="{by:g}" r="12" fill="{colour}"'
            f' stroke="{LEAD}" stroke-width="2"/>'
            + label(bx, by, sign, sign_size(sign, 14), ink)
            + "</g>"
        )
    return "".join(out)


def _field_xy(name: str) -> tuple[float, float]:
    """The top left corner of field ``name`` (``"b3"``) of the window."""
    return WX + "abcde".index(name[0]) * CELL, WY + (int(name[1:]) - 1) * CELL


def _panel(x: float, y: float, w: float, h: float, title: str) -> str:
    return (
        f'<rect class="panel" x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="8"'
        f' fill="#f4efe1" stroke="{LEAD}" stroke-width="2.5"/>'
        + label(x + 12, y + 14, title, 13, "#2d2a24", attrs='text-anchor="start"').replace(
            'text-anchor="middle" ', ""
        )
    )


def _drawn(
    state: Any,
    x: float,
    y: float,
    selected: str | None,
    targets: bool,
    payable: Collection[str],
    suggested: Sequence[Mark],
    ringed: Collection[str] = (),
) -> str:
    out = [
        _panel(
            x,
            y,
            440,
            DRAWN_H,
            f"drawn cards · pile {state.pile_size} · discards {len(state.discards)}",
        )
    ]
    for j, card in enumerate(state.drawn):
        cx, cy = x + 14 + j * (CARD_W + 14), y + 30
        sel = card == selected
        out.append(
            _card_pane(
                cx,
                cy,
                CARD_W,
                CARD_H,
                card,
                f'class="drawn-card" data-card="{card}" data-label="drawn: {card}"'
                + (' data-selected="true"' if sel else ""),
            )
        )
        if sel:
            out.append(
                f'<rect x="{cx - 4:g}" y="{cy - 4:g}" width="{CARD_W + 8}"'
                f' height="{CARD_H + 8}" rx="7" fill="none" stroke="#e0a100"'
                ' stroke-width="5"/>'
            )
        elif card in ringed:
            out.append(_ring(cx, cy, CARD_W, CARD_H, f'data-ring="card:{card}"'))
        if card in payable:
            out.append(
                label(
                    cx + CARD_W / 2,
                    cy + CARD_H + 8,
                    "pays a tool",
                    9.5,
                    "#0c4a1e",
                    weight="normal",
                    attrs='stroke-opacity="0"',
                )
            )
        out += [
            rank_badge(cx + 12, cy + 12, m[1], m[2], f'data-card="{card}"', 11, mark_sign(m))
            for m in suggested
            if m[0] == card
        ]
        if targets:
            out.append(
                f'<rect class="hit" data-id="card:{card}" x="{cx:g}" y="{cy:g}"'
                f' width="{CARD_W}" height="{CARD_H}" fill="transparent"'
                ' style="cursor:pointer"/>'
            )
    if not state.drawn:
        out.append(
            label(
                x + 131,
                y + 30 + CARD_H / 2,
                "no card drawn",
                13,
                "#6f685a",
                weight="normal",
                attrs='stroke-opacity="0"',
            )
        )
    # the score against the target, always in sight
    score, target = state.scores()[0], state.target()
    ok = score >= target
    out.append(
        f'<g class="score" data-label="{escape(score_words(state))}">'
        f'<rect x="{x + 262:g}" y="{y + 30:g}" width="164" height="{CARD_H}" rx="8"'
        f' fill="{"#dcf5df" if ok else "#ffe1dc"}" stroke="{LEAD}" stroke-width="2"/>'
        + label(x + 344, y + 52, f"score {score}", 17, "#2d2a24")
        + label(x + 344, y + 78, f"target {target}", 17, "#2d2a24")
        + label(
            x + 344, y + 102, ("✓ ahead" if ok else "✗ behind"), 12, "#0c4a1e" if ok else "#6b0b02"
        )
        + "</g>"
    )
    return "".join(out)


def _tools(
    state: Any,
    x: float,
    y: float,
    selected: str | None,
    payable: Collection[str],
    targets: bool,
    suggested: Sequence[Mark],
) -> tuple[str, int]:
    tools = state.tools_in_play  # used ones too: turned down
    h = 30 + 46 * len(tools)
    out = [
        _panel(
            x, y, 440, h, "tools" + (" · one used this round" if state.tool_used_this_round else "")
        )
    ]
    for j, tid in enumerate(tools):
        tool = TOOLS[tid]
        ty = y + 26 + 46 * j
        used = tid in state.tools_used
        pay = tid in payable
        sel = tid == selected
        words = f' data-label="{tool.name}: used"' if used else ""
        border = "#e0a100" if sel else "#23a447" if pay else LEAD
        out.append(
            f'<g class="tool" data-tool="{tid}" data-used="{str(used).lower()}"'
            f' data-payable="{str(pay).lower()}"{words} opacity="{0.45 if used else 1}">'
            f'<rect x="{x + 8:g}" y="{ty:g}" width="424" height="40" rx="6"'
            f' fill="{"#b9b2a1" if used else "#fbf7ea"}" stroke="{border}"'
            f' stroke-width="{4 if sel or pay else 1.5}"/>'
            + _pips(x + 12, ty + 4, 32, 32, tool.pips, "#2d2a24", 3.2)
            + f'<text x="{x + 54:g}" y="{ty + 15:g}" font-size="13" font-weight="bold"'
            f' fill="#2d2a24">{escape(tool.name)}{" (used)" if used else ""}</text>'
            f'<text x="{x + 54:g}" y="{ty + 31:g}" font-size="10" fill="#3d3a33">'
            f"{escape(_short(tool.effect))}</text></g>"
        )
        out += [
            rank_badge(x + 418, ty + 20, m[1], m[2], f'data-tool="{tid}"', 11, mark_sign(m))
            for m in suggested
            if m[0] == tid
        ]
        if targets and not used:
            out.append(
                f'<rect class="hit" data-id="tool:{tid}" x="{x + 8:g}" y="{ty:g}"'
                ' width="424" height="40" fill="transparent" style="cursor:pointer"/>'
            )
    return "".join(out), h


def _short(text: str, n: int = 66) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def _orders(state: Any, x: float, y: float) -> tuple[str, int]:
    rows = state.breakdown()
    h = 30 + 22 * len(rows)
    out = [_panel(x, y, 440, h, "orders · points so far")]
    for j, ((name, weight, points, _words), oid) in enumerate(zip(rows, state.orders)):
        kind = ORDERS[oid].kind
        times = f" × {weight}" if weight != 1 else ""
        out.append(
            f'<text x="{x + 14:g}" y="{y + 40 + 22 * j:g}" font-size="12.5"'
            f' fill="#2d2a24">{"◆" if kind == "unique" else "◇"} {escape(name)}{times}'
            f'</text><text x="{x + 426:g}" y="{y + 40 + 22 * j:g}" font-size="13"'
            f' font-weight="bold" text-anchor="end" fill="#2d2a24">{points * weight}</text>'
        )
    return "".join(out), h


def _ring(x: float, y: float, width: float, height: float, attrs: str) -> str:
    """A green ring round a card that a tool's next step may take."""
    return (
        f'<rect class="ring" {attrs} x="{x - 4:g}" y="{y - 4:g}" width="{width + 8:g}"'
        f' height="{height + 8:g}" rx="7" fill="none" stroke="#23a447" stroke-width="4"/>'
    )


def _turn_bar(state: Any, x: float, y: float, targets: Collection[str]) -> str:
    out = [_panel(x, y, 440, 112, f"turn bar · target so far {state.target()}")]
    total = 0
    for r in range(10):
        sx = x + 10 + r * 43
        out.append(
            f'<rect x="{sx:g}" y="{y + 26:g}" width="39" height="78" rx="4"'
            f' fill="#e3ddcc" stroke="#b9b2a1"/>'
            + label(
                sx + 19.5,
                y + 96,
                str(r + 1),
                9,
                "#6f685a",
                weight="normal",
                attrs='stroke-opacity="0"',
            )
        )
    for r, stack in enumerate(state.turn_bar):
        sx = x + 10 + r * 43
        words = f"turn bar, round {r + 1}: {' '.join(stack)}"
        out.append(f'<g class="stack" data-label="{escape(words)}">')
        for k, card in enumerate(stack):
            cy = y + 28 + k * 26
            out.append(
                _card_pane(
                    sx + 3, cy, 33, 44, card, f'class="bar-card" data-card="{card}"', lead=1.5
                )
            )
            total += int(card[1])
            if card in targets:
                out.append(_ring(sx + 3, cy, 33, 44, f'data-ring="bar:{card}"'))
                out.append(
                    f'<rect class="hit" data-id="bar:{card}" x="{sx + 3:g}" y="{cy:g}"'
                    ' width="33" height="44" fill="transparent" style="cursor:pointer"/>'
                )
        out.append("</g>")
    return "".join(out)


def draw(
    state: Any,
    *,
    interactive: bool = False,
    selected_card: str | None = None,
    selected_tool: str | None = None,
    selected_fields: Collection[str] = (),
    marks: dict[str, str] | None = None,
    payable: Collection[str] = (),
    bar_targets: Collection[str] = (),
    card_targets: Collection[str] = (),
    choices: Sequence[tuple[str, str]] = (),
    suggested: Sequence[Mark] = (),
) -> str:
    """The window and everything beside it (SVG text).

    ``interactive`` puts click targets on fields, drawn cards and tools; ``selected_card``,
    ``selected_tool`` and ``selected_fields`` are outlined in gold; ``marks`` maps a field to
    ``"legal"`` (green ✓) or ``"illegal"`` (red ✗); ``payable`` names the tools a drawn card can
    pay for (and the cards that can pay); ``bar_targets`` the turn-bar cards that may be
    clicked and ``card_targets`` the drawn cards that may (both ringed in green); ``choices``
    are ``(id, words)`` buttons for a step of a tool; ``suggested`` the hint's marks as ``(field, card or tool, shade, rank)`` collapsed to ``(what, shade, rank)`` (a fourth item: the sign written instead of the
    rank, a verdict's).
    """
    marks = marks or {}
    body = [
        _window(
            state,
            interactive,
            marks,
            selected_fields,
            [s for s in suggested if s[0][:1] in "abcde" and s[0][1:].isdigit()],
        )
    ]
    y: float = 20
    body.append(
        _drawn(state, RIGHT, y, selected_card, interactive, payable, suggested, card_targets)
    )
    y += DRAWN_H + 12
    tool_cards, tools_h = _tools(state, RIGHT, y, selected_tool, payable, interactive, suggested)
    body.append(tool_cards)
    y += tools_h + 10
    orders, orders_h = _orders(state, RIGHT, y)
    body.append(orders)
    y += orders_h + 10
    body.append(_turn_bar(state, RIGHT, y, bar_targets))
    y += 122
    for j, (ident, words) in enumerate(choices):
        cx = WX + (j % 4) * 112
        cy = WY + ROWS * CELL + 40 + (j // 4) * 42
        body.append(
            f'<g class="choice" data-id="choice:{escape(ident)}" style="cursor:pointer">'
            f'<rect x="{cx:g}" y="{cy:g}" width="104" height="34" rx="6" fill="#dcf5df"'
            f' stroke="#23a447" stroke-width="2.5"/>'
            + label(cx + 52, cy + 17, words, 13, "#0c4a1e")
            + "</g>"
        )
    height = max(y, WY + ROWS * CELL + 40 + 42 * (-(-len(choices) // 4)) + 10, HEIGHT - 100)
    defs = glass_defs(["clear", "clear-cool", "clear-warm", *COLOR_NAMES, "legal", "illegal"])
    return svg_document(WIDTH, height, "".join(body), defs, "Sagrada")


def window_svg(state: Any) -> str:
    """The window alone in its arch (the gallery's picture)."""
    defs = glass_defs(["clear", "clear-cool", "clear-warm", *COLOR_NAMES])
    width, height = WX + COLS * CELL + 30, WY + ROWS * CELL + 30
    return svg_document(
        width, height, _window(state, False, {}, (), ()), defs, f"Sagrada: {state.window.name}"
    )
