"""Walls of Light's options (``sg.load("walls_of_light", players=2, ...)``): each check turns
what a user gave into the game's own form, or says in a ValueError what is wrong with it.

>>> check_hands([["extra", "swap"], ["modify"]])
((1, 1, 0, 0), (0, 0, 0, 1))
>>> check_players(4)
Traceback (most recent call last):
...
ValueError: Walls of Light is for 2 or 3 players, not 4
"""

from __future__ import annotations

from typing import Any

from .moves import CARD_NAMES
from .windows import Face, parse_windows

CARDS_PER_TYPE = 4
"""The deck holds four cards of each kind."""


def check_players(v: Any) -> int:
    if isinstance(v, bool) or v not in (2, 3):
        raise ValueError(f"Walls of Light is for 2 or 3 players, not {v!r}")
    return int(v)


def check_first_player(v: Any) -> int | None:
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 2:
        raise ValueError(f"must be a player number 0-2 (or None for the roll-off), not {v!r}")
    return v


def check_hands(v: Any) -> tuple[tuple[int, ...], ...] | None:
    if v is None:
        return None
    if not isinstance(v, (list, tuple)) or not 2 <= len(v) <= 3:
        raise ValueError(f"give one list of card names per player, not {v!r}")
    out = []
    for p, hand in enumerate(v):
        if not isinstance(hand, (list, tuple)):
            raise ValueError(f"player {p}'s hand must be a list of card names, not {hand!r}")
        for name in hand:
            if name not in CARD_NAMES:
                raise ValueError(
                    f"player {p}'s hand: {name!r} is not a card; the cards are: "
                    + ", ".join(CARD_NAMES)
                )
        out.append(tuple(list(hand).count(t) for t in CARD_NAMES))
    for t, name in enumerate(CARD_NAMES):
        if sum(h[t] for h in out) > CARDS_PER_TYPE:
            raise ValueError(
                f"the hands hold more than {CARDS_PER_TYPE} {name} cards; the deck "
                f"has {CARDS_PER_TYPE} of each"
            )
    return tuple(out)


def check_windows(v: Any) -> tuple[tuple[Face, Face], ...] | None:
    return None if v is None else parse_windows(v)
