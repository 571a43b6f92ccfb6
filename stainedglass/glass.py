"""The stained-glass look shared by every game's drawing: glass colours, lead, stone, labels.

Drawing functions are pure: they take a game state and return SVG text (the way python-chess's
``chess.svg`` does). This module holds the pieces they are built from, so that all games look like
one set of windows: glass panes with a sheen, dark lead cames between panes, a thick lead line
around each building or window, carved stone around the whole. Every colour used for a player also
comes with a letter or a pattern (``GLASS[...].letter``, ``hatch_defs``), so no rule depends on
telling colours apart.

>>> from stainedglass.glass import svg_document, pane
>>> svg_document(10, 10, pane(0, 0, 10, "amber")).startswith("<svg")
True
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any
from collections.abc import Iterable, Sequence

LEAD = "#17150f"  # the lead cames
LEAD_HILITE = "#5b574d"  # the rounded top of a came
STONE = "#9b9383"
STONE_DARK = "#6f685a"
STONE_LIGHT = "#b9b2a1"
INK = "#fbf7ea"  # letters on glass


@dataclass(frozen=True)
class Glass:
    """One kind of glass: light, middle and dark tones of a pane and the letter it carries."""

    light: str
    mid: str
    dark: str
    letter: str = ""
    ink: str = INK


GLASS: dict[str, Glass] = {
    # Cathedral's sides and the neutral Cathedral
    "amber": Glass("#ffe9a3", "#f0b429", "#a86a06", "L", "#3b2500"),
    "cobalt": Glass("#7fa6ff", "#2457c5", "#0c2568", "D"),
    "ruby": Glass("#ff8a8a", "#b3122e", "#55051a", "C"),
    # plain window glass (an empty square of the city)
    "clear": Glass("#fbfbf1", "#e3e6d2", "#bfc6aa", ""),
    "clear-cool": Glass("#f6fbfb", "#d9e6e4", "#afc2c0", ""),
    "clear-warm": Glass("#fdf9ee", "#ebe3cf", "#c9bc9c", ""),
    # the primaries and secondaries of Walls of Light (and of the other games)
    "red": Glass("#ff8f80", "#c8201b", "#6b0808", "R"),
    "blue": Glass("#8fb5ff", "#1f54c9", "#0a2266", "B"),
    "yellow": Glass("#fff4a8", "#f3cc17", "#a07b00", "Y", "#3b2d00"),
    "orange": Glass("#ffc48a", "#ee7b12", "#8f3c00", "O"),
    "purple": Glass("#d3a3ff", "#7a2cb8", "#3a0b63", "P"),
    "green": Glass("#a7f0a0", "#25a045", "#0b5421", "G"),
    # smoky black glass (Sagrada's black cards): dark, but glass, with a light sheen
    "black": Glass("#8d8f9e", "#34353f", "#0c0c12", "K", "#f4f4f8"),
    # seats that must not look like any pencil or card colour: metal marks, numbered
    "gold": Glass("#fff0b3", "#d4a21a", "#7a5a00", "1", "#2b1f00"),
    "silver": Glass("#f2f3f5", "#a9adb5", "#50545c", "2", "#1c1e22"),
    "copper": Glass("#ffd0b0", "#c0692e", "#6b3210", "3"),
    "bronze": Glass("#e8d2a8", "#8f6b34", "#4a3414", "4"),
    # previews
    "legal": Glass("#b9f5c0", "#23a447", "#0c5a22", "✓"),
    "illegal": Glass("#ffb3a8", "#d8341e", "#7a0d02", "✗"),
}


def _gradient(name: str, g: Glass) -> str:
    return (
        f'<linearGradient id="g-{name}" x1="0" y1="0" x2="1" y2="1">'
        f'<stop offset="0" stop-color="{g.light}"/>'
        f'<stop offset="0.45" stop-color="{g.mid}"/>'
        f'<stop offset="1" stop-color="{g.dark}"/></linearGradient>'
        # a second cut of the same glass, so neighbouring panes differ a little as real glass does
        f'<radialGradient id="h-{name}" cx="0.3" cy="0.25" r="0.9">'
        f'<stop offset="0" stop-color="{g.light}"/>'
        f'<stop offset="0.55" stop-color="{g.mid}"/>'
        f'<stop offset="1" stop-color="{g.dark}"/></radialGradient>'
    )


def glass_defs(names: Iterable[str] | None = None) -> str:
    """Gradients for the named glasses (all by default), the stone texture and the hatchings."""
    names = list(GLASS) if names is None else list(names)
    parts = [_gradient(n, GLASS[n]) for n in names]
    parts.append(
        '<pattern id="stone" width="36" height="18" patternUnits="userSpaceOnUse">'
        f'<rect width="36" height="18" fill="{STONE}"/>'
        f'<path d="M0 0.5H36M0 9.5H36M12 0V9M30 9V18" stroke="{STONE_DARK}" stroke-width="1.2"/>'
        f'<path d="M1 2H11M13 2H35M1 11H29M31 11H35" stroke="{STONE_LIGHT}" stroke-width="0.8"'
        ' opacity="0.7"/></pattern>'
    )
    parts.append(hatch_defs())
    return "".join(parts)


def hatch_defs() -> str:
    """Patterns that mark ownership without colour: ``stripes-*`` (diagonal) and ``dots-*``."""
    out = []
    for name in ("amber", "cobalt", "ruby", "red", "blue", "yellow"):
        g = GLASS[name]
        out.append(
            f'<pattern id="stripes-{name}" width="8" height="8" patternUnits="userSpaceOnUse"'
            ' patternTransform="rotate(45)">'
            f'<rect width="8" height="8" fill="{g.light}" opacity="0.55"/>'
            f'<rect width="3.2" height="8" fill="{g.mid}" opacity="0.85"/></pattern>'
            f'<pattern id="dots-{name}" width="9" height="9" patternUnits="userSpaceOnUse">'
            f'<rect width="9" height="9" fill="{g.light}" opacity="0.45"/>'
            f'<circle cx="4.5" cy="4.5" r="2.3" fill="{g.mid}"/></pattern>'
        )
    return "".join(out)


def svg_document(
    width: float,
    height: float,
    body: str,
    defs: str = "",
    title: str = "",
    css_class: str = "sg-svg",
) -> str:
    """A standalone SVG that scales to its container (viewBox, width 100%)."""
    head = f"<title>{escape(title)}</title>" if title else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{css_class}" viewBox="0 0 {width:g} '
        f'{height:g}" width="100%" style="max-width:{width:g}px" role="img"'
        f' aria-label="{escape(title)}" font-family="Georgia, \'DejaVu Serif\', serif">'
        f"{head}<defs>{defs}</defs>{body}</svg>"
    )


def pane(
    x: float,
    y: float,
    size: float,
    glass: str,
    variant: int = 0,
    lead: float = 2.5,
    attrs: str = "",
    opacity: float = 1.0,
) -> str:
    """One square pane of ``glass`` at (x, y), edged with lead, with a soft sheen."""
    fill = f"url(#{'gh'[variant % 2]}-{glass})"
    op = f' opacity="{opacity:g}"' if opacity != 1.0 else ""
    s = size
    return (
        f"<g{op} {attrs}>"
        f'<rect x="{x:g}" y="{y:g}" width="{s:g}" height="{s:g}" fill="{fill}"'
        f' stroke="{LEAD}" stroke-width="{lead:g}"/>'
        f'<path d="M{x + s * 0.12:g} {y + s * 0.55:g}L{x + s * 0.55:g} {y + s * 0.12:g}'
        f'L{x + s * 0.7:g} {y + s * 0.12:g}L{x + s * 0.12:g} {y + s * 0.7:g}Z"'
        ' fill="#ffffff" opacity="0.22"/></g>'
    )


def outline_path(
    cells: Iterable[tuple[int, int]], size: float, ox: float = 0, oy: float = 0
) -> str:
    """SVG path data for the outer edges of a set of grid cells (the lead around a building)."""
    cellset = set(cells)
    segs = []
    for c, r in cellset:
        x, y = ox + c * size, oy + r * size
        if (c, r - 1) not in cellset:
            segs.append(f"M{x:g} {y:g}h{size:g}")
        if (c, r + 1) not in cellset:
            segs.append(f"M{x:g} {y + size:g}h{size:g}")
        if (c - 1, r) not in cellset:
            segs.append(f"M{x:g} {y:g}v{size:g}")
        if (c + 1, r) not in cellset:
            segs.append(f"M{x + size:g} {y:g}v{size:g}")
    return "".join(sorted(segs))


def lead_line(d: str, width: float = 5.0) -> str:
    """A lead came along path ``d``: a dark line with a faint highlight down its middle."""
    return (
        f'<path d="{d}" fill="none" stroke="{LEAD}" stroke-width="{width:g}"'
        ' stroke-linecap="round" stroke-linejoin="round"/>'
        f'<path d="{d}" fill="none" stroke="{LEAD_HILITE}" stroke-width="{width / 4:g}"'
        ' stroke-linecap="round" opacity="0.6"/>'
    )


def label(
    x: float,
    y: float,
    text: str,
    size: float,
    fill: str = INK,
    weight: str = "bold",
    attrs: str = "",
) -> str:
    """Centred text with a thin dark halo so it reads on any glass."""
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" font-weight="{weight}" fill="{fill}"'
        f' text-anchor="middle" dominant-baseline="central" stroke="{LEAD}"'
        f' stroke-width="{size / 14:g}" paint-order="stroke" {attrs}>{escape(text)}</text>'
    )


def hit(x: float, y: float, w: float, h: float, ident: str, tip: str = "") -> str:
    """An invisible target: the board widget reports ``ident`` when it is clicked or hovered."""
    t = f"<title>{escape(tip)}</title>" if tip else ""
    return (
        f'<rect class="hit" data-id="{escape(ident)}" x="{x:g}" y="{y:g}" width="{w:g}"'
        f' height="{h:g}" fill="transparent" style="cursor:pointer">{t}</rect>'
    )


def stone_frame(
    width: float, height: float, inner: tuple[float, float, float, float], radius: float = 10
) -> str:
    """Carved stone filling the picture, with a lead-lined opening at ``inner`` (x, y, w, h)."""
    x, y, w, h = inner
    return (
        f'<rect width="{width:g}" height="{height:g}" rx="{radius:g}" fill="url(#stone)"/>'
        f'<rect x="2" y="2" width="{width - 4:g}" height="{height - 4:g}" rx="{radius:g}"'
        f' fill="none" stroke="{STONE_DARK}" stroke-width="4"/>'
        f'<rect x="{x - 5:g}" y="{y - 5:g}" width="{w + 10:g}" height="{h + 10:g}"'
        f' fill="{STONE_DARK}" opacity="0.8"/>'
    )


HINT_PALE, HINT_DEEP = (0xE8, 0xD9, 0xF7), (0x5B, 0x16, 0x8C)  # violet: no player's or preview's


def hint_colour(shade: float) -> str:
    """The colour of a suggested move, pale violet (``shade`` 0) to deep violet (1): the board's
    hint marks and the hint chart's bars share it (their rank numbers say the order too).

    >>> hint_colour(0.0), hint_colour(1.0)
    ('#e8d9f7', '#5b168c')
    """
    t = min(1.0, max(0.0, shade))
    return "#" + "".join(f"{round(a + (b - a) * t):02x}" for a, b in zip(HINT_PALE, HINT_DEEP))


def mark_sign(mark: Sequence[Any]) -> str:
    """What a hint's mark ``(where, shade, rank)`` carries written on it: its rank, or the sign
    a fourth item gives (a verdict's: ✓, ?!, ??) when it has one.

    >>> mark_sign(("e5", 1.0, 2)), mark_sign(("e5", 1.0, 2, "?!"))
    ('2', '?!')
    """
    return str(mark[3]) if len(mark) > 3 and mark[3] else str(mark[2])


def badge_spots(
    options: Sequence[Sequence[tuple[float, float]]],
) -> list[tuple[float, float]]:
    """Where each mark's badge goes, the marks best first, each with the spots it may take (its
    likeliest first): its first spot no mark before it took, else its first. Marks on one place
    (two moves on one square) then show each its number, none hidden under another's.

    >>> badge_spots([[(0, 0), (9, 0)], [(0, 0), (9, 0)], [(0, 0)]])
    [(0, 0), (9, 0), (0, 0)]
    """
    taken: set[tuple[float, float]] = set()
    out = []
    for spots in options:
        spot = next((s for s in spots if s not in taken), spots[0])
        taken.add(spot)
        out.append(spot)
    return out


def corners(x: float, y: float, size: float, inset: float) -> list[tuple[float, float]]:
    """The spots for a mark's badge on the square of ``size`` whose top left is (x, y): its
    corners ``inset`` in, the top left first (:func:`badge_spots` picks among them).

    >>> corners(0, 0, 40, 10)
    [(10, 10), (30, 10), (10, 30), (30, 30)]
    """
    near, far = inset, size - inset
    return [(x + near, y + near), (x + far, y + near), (x + near, y + far), (x + far, y + far)]


def sign_size(sign: str, size: float) -> float:
    """The type of a mark's ``sign`` in a badge made for one figure of ``size``: two or more
    characters (``??``) smaller, so that they fit."""
    return size if len(sign) < 2 else size * 0.75


def rank_badge(
    x: float,
    y: float,
    shade: float,
    rank: int,
    attrs: str = "",
    radius: float = 10,
    sign: str = "",
) -> str:
    """A hint's numbered violet badge at (x, y): class ``hint`` for the best (rank 1), else
    ``suggestion``, with ``data-rank`` and any ``attrs`` (what it marks), for the tests and the
    browser; the number says the rank where the shade alone would not (``sign``: written
    instead of the number, a verdict's).

    >>> 'class="hint" data-rank="1"' in rank_badge(0, 0, 1.0, 1)
    True
    """
    colour = hint_colour(shade)
    kind = "hint" if rank == 1 else "suggestion"
    ink = "#ffffff" if shade > 0.55 else "#2d2a24"
    text = sign or str(rank)
    return (
        f'<g class="{kind}" data-rank="{rank}"{" " + attrs if attrs else ""}'
        f' pointer-events="none"><circle cx="{x:g}" cy="{y:g}" r="{radius:g}"'
        f' fill="{colour}" stroke="{LEAD}" stroke-width="2"/>'
        + label(x, y, text, sign_size(text, radius * 1.2), ink)
        + "</g>"
    )
