"""The words around a board: message boxes and the turn banner's pieces.

Every kind of message is spelt out by a symbol as well as by its colour (✓ good, ✗ bad), and a
player's turn shows the player's glass with its letter, never the colour alone.

>>> "✗ Illegal" in message_html("Illegal", "bad")
True
>>> 'B</span>' in glass_badge("blue")
True
"""

from __future__ import annotations

import html

from stainedglass.glass import GLASS

MESSAGE_STYLE = {
    "info": ("#2d2a24", "#f4efe1", "#b9b2a1"),
    "good": ("#0c4a1e", "#dcf5df", "#23a447"),
    "bad": ("#6b0b02", "#ffe1dc", "#d8341e"),
}


def message_html(text: str, kind: str = "info", css_class: str = "sg-message",
                 size: int = 15) -> str:
    """A message box; the kind is also spelt out by a symbol, not only by colour. ``size``: the
    type's size in pixels (the coach's words on a projector are large)."""
    fg, bg, border = MESSAGE_STYLE.get(kind, MESSAGE_STYLE["info"])
    mark = {"good": "✓ ", "bad": "✗ "}.get(kind, "")
    return (f'<div class="{css_class} sg-{kind}" style="color:{fg};background:{bg};'
            f"border-left:6px solid {border};padding:6px 10px;border-radius:4px;"
            f'font-size:{size}px;line-height:1.35;min-height:1.4em">{mark}{html.escape(text)}'
            "</div>")


def glass_badge(glass: str) -> str:
    """A player's glass as a small pane with its letter (for banners and tables)."""
    g = GLASS[glass]
    return (f'<span style="display:inline-block;min-width:1.6em;text-align:center;'
            f'background:{g.mid};color:{g.ink};border:2px solid #17150f;'
            f'border-radius:4px;font-weight:bold">{html.escape(g.letter)}</span>')


def seconds_label(value: float) -> str:
    """A strength slider's label: its thinking time."""
    return f"{value:.1f} s a move"
