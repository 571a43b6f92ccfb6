"""Sagrada solo's glass cards and tool cards: the facts from the rulings' tables.

A glass card is an int ``0..29``: ``color * 6 + (value - 1)``, colors in the order R G Y B K.

>>> card_text(parse_card("r4"))
'R4'
>>> TOOLS["lathekin"].pips
4
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import IllegalMove

COLORS = "RGYBK"
COLOR_NAMES = ("red", "green", "yellow", "blue", "black")
VALUES = range(1, 7)
NUM_CARDS = 30
ALL_CARDS = tuple(range(NUM_CARDS))
_TEXT = tuple(f"{c}{v}" for c in COLORS for v in VALUES)
_BY_TEXT = {t: i for i, t in enumerate(_TEXT)}


def card(color: int, value: int) -> int:
    """The card of ``color`` (0..4) and ``value`` (1..6)."""
    return color * 6 + value - 1


def color_of(c: int) -> int:
    return c // 6


def value_of(c: int) -> int:
    return c % 6 + 1


def card_text(c: int) -> str:
    """``card_text(card(0, 4)) == "R4"``."""
    return _TEXT[c]


def parse_card(text: str) -> int:
    """``"R4"`` (any case) -> the card; raises IllegalMove naming the cards otherwise."""
    c = _BY_TEXT.get(text.strip().upper()) if isinstance(text, str) else None
    if c is None:
        raise IllegalMove(f"{text!r} is not a glass card: a card is a color R G Y B K and a "
                          "value 1-6, e.g. R4")
    return c


def cards_text(cards: "list[int] | tuple[int, ...]") -> str:
    return " ".join(card_text(c) for c in cards) or "none"


@dataclass(frozen=True)
class Tool:
    """A tool card: paid with a drawn card of value ``pips``; used once, then discarded."""

    id: str  # the name in move notation
    name: str
    pips: int
    effect: str
    args: str  # what follows ``tool ID pay CARD`` in the notation


TOOL_LIST: tuple[Tool, ...] = (
    Tool("redraw", "Redraw", 3,
         "put the other drawn cards on the bottom of the pile and draw that many new ones", ""),
    Tool("grozing", "Grozing Pliers", 1,
         "exchange a drawn card for the card of the same color and value one higher or lower, "
         "if it is still in the pile", "R4 R5"),
    Tool("grinding", "Grinding Stone", 6,
         "exchange a drawn card for the card of the same color and value 7 minus its value, "
         "if it is still in the pile", "R4"),
    Tool("eglomise", "Eglomise Brush", 2,
         "move one placed card, ignoring color restrictions", "b2 c3"),
    Tool("burnisher", "Copper Foil Burnisher", 5,
         "move one placed card, ignoring value restrictions", "b2 c3"),
    Tool("lathekin", "Lathekin", 4,
         "move exactly two placed cards, obeying all rules", "b2 c3 d1 d2"),
    Tool("tapwheel", "Tap Wheel", 4,
         "move up to two placed cards of one color that is on the turn bar", "b2 c3 [d1 d2]"),
    Tool("lenscutter", "Lens Cutter", 2,
         "exchange a drawn card with a card on the turn bar", "R4 K2"),
    Tool("straightedge", "Cork-backed Straightedge", 5,
         "place the round's card on a field adjacent to no card", "R4 e4"),
)
TOOLS: dict[str, Tool] = {t.id: t for t in TOOL_LIST}
TOOL_IDS: tuple[str, ...] = tuple(TOOLS)


def _norm(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isalnum())


_TOOL_ALIASES = {**{_norm(t.id): t.id for t in TOOL_LIST},
                 **{_norm(t.name): t.id for t in TOOL_LIST}}


def tool_id(name: object) -> str:
    """A tool's notation id from its id or full name (any case, spaces ignored)."""
    tid = _TOOL_ALIASES.get(_norm(name)) if isinstance(name, str) else None
    if tid is None:
        raise ValueError(f"{name!r} is not a tool; the tools are: {', '.join(TOOL_IDS)}")
    return tid
