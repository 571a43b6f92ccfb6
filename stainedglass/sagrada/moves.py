"""Sagrada's moves and their notation: drawing a card (``draw R4``), placing one (``place R4
b3``), passing (``pass``) and using a tool (``tool NAME pay CARD ...``), each made once and
shared (``DRAW``, ``PLACE``, ``PASS``).

>>> PLACE[3][7]
Move('place R4 c2')
>>> DRAW[3] is DRAW[3], str(PASS)
(True, 'pass')
"""

from __future__ import annotations

from typing import Any

from ..core import Move
from .cards import ALL_CARDS, card_text
from .tools import CARD_ARGS
from .windows import CELL_NAMES, CELLS


def _move_text(key: tuple[Any, ...]) -> str:
    kind = key[0]
    if kind == "draw":
        return f"draw {card_text(key[1])}"
    if kind == "place":
        return f"place {card_text(key[1])} {CELL_NAMES[key[2]]}"
    if kind == "pass":
        return "pass"
    _, tid, pay, args = key
    kinds = CARD_ARGS.get(tid, "f" * len(args))
    words = [card_text(a) if k == "c" else CELL_NAMES[a] for k, a in zip(kinds, args)]
    return " ".join(["tool", tid, "pay", card_text(pay), *words])


class SagradaMove(Move):
    """A Sagrada move; ``key`` is ``("draw", card)``, ``("place", card, field)``, ``("pass",)`` or
    ``("tool", tool_id, paying_card, args)`` (args: cards and field indices as the notation)."""

    __slots__ = ()
    key: tuple[Any, ...]

    def __init__(self, key: tuple[Any, ...]) -> None:  # the text is made only when asked for
        self.key = key
        self._hash = hash(key)

    @property
    def text(self) -> str:  # type: ignore[override]
        return _move_text(self.key)

    def __str__(self) -> str:
        return _move_text(self.key)

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"


DRAW = tuple(SagradaMove(("draw", c)) for c in ALL_CARDS)
PLACE = tuple(tuple(SagradaMove(("place", c, i)) for i in range(CELLS)) for c in ALL_CARDS)
PASS = SagradaMove(("pass",))


def _tool_move(tid: str, pay: int, args: tuple[int, ...]) -> SagradaMove:
    return SagradaMove(("tool", tid, pay, args))
