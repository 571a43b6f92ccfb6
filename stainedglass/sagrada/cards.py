"""Sagrada solo's 30 glass cards (the rulings: five colors, values 1-6, one of each).

A glass card is an int ``0..29``: ``color * 6 + (value - 1)``, colors in the order R G Y B K.

>>> card_text(parse_card("r4"))
'R4'
>>> color_of(parse_card("K2")), value_of(parse_card("K2"))
(4, 2)
"""

from __future__ import annotations

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
        raise IllegalMove(
            f"{text!r} is not a glass card: a card is a color R G Y B K and a value 1-6, e.g. R4"
        )
    return c


def cards_text(cards: list[int] | tuple[int, ...]) -> str:
    return " ".join(card_text(c) for c in cards) or "none"
