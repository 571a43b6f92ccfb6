"""The building in hand, as the play view and the position editor both hold it: which building,
turned how far, and the square under the pointer where its middle would go.

>>> from stainedglass.cathedral.pieces import LIGHT, PIECES
>>> hand = Hand()
>>> hand.take(PIECES.index("bridge")); hand.point("b2")
>>> hand.cells(LIGHT)
[(1, 0), (1, 1), (1, 2)]
>>> hand.turn(LIGHT)                                  # a bridge has two ways round
2
>>> hand.cells(LIGHT)
[(0, 1), (1, 1), (2, 1)]
"""

from __future__ import annotations

from stainedglass.cathedral.pieces import SIZE, cells_of, rotations, shape_of
from stainedglass.cathedral.svg import _centre_cell
from stainedglass.core import parse_cell

Cells = list[tuple[int, int]]


class Hand:
    """A building held over the city (``piece`` None: nothing held)."""

    def __init__(self) -> None:
        self.piece: int | None = None
        self.rotation = 0
        self.pointer: tuple[int, int] | None = None  # the square under the pointer

    def take(self, piece: int | None) -> None:
        """Hold ``piece`` (upright when it was not held already); None puts it down."""
        if piece != self.piece:
            self.piece, self.rotation = piece, 0

    def point(self, cell: str | None) -> None:
        """The pointer is over ``cell`` (a square's name), or off the city."""
        self.pointer = parse_cell(cell, SIZE, SIZE) if cell else None

    def shapes(self, side: int) -> list[tuple[tuple[int, int], ...]]:
        """The ways round ``side``'s building in hand can lie."""
        return rotations(shape_of(side, self.piece if self.piece is not None else 0))

    def turn(self, side: int, step: int = 1) -> int:
        """Turn it a quarter (``step=-1``: back); the number of ways round it has."""
        n = len(self.shapes(side))
        self.rotation = (self.rotation + step) % n
        return n

    def cells(self, side: int) -> Cells | None:
        """The squares it covers with its middle under the pointer (None: nothing held, or the
        pointer off the city)."""
        if self.piece is None or self.pointer is None:
            return None
        shapes = self.shapes(side)
        shape = shapes[self.rotation % len(shapes)]
        ac, ar = _centre_cell(shape)
        pc, pr = self.pointer
        return [(pc + c - ac, pr + r - ar) for c, r in shape]

    def hold_like(self, side: int, piece: int, mask: int) -> None:
        """Hold ``piece`` turned as it lies on the squares of ``mask`` (a suggested move)."""
        self.piece = piece
        cells = cells_of(mask)
        mc, mr = min(c for c, _ in cells), min(r for _, r in cells)
        norm = tuple(sorted((c - mc, r - mr) for c, r in cells))
        shapes = self.shapes(side)
        self.rotation = shapes.index(norm) if norm in shapes else 0
