"""Cathedral's buildings and every way to put them on the 10x10 city (rulings table).

A cell is a bit: ``index = row * 10 + col`` with ``a1`` (col 0, row 0) the top-left cell.
Every placement of every building is computed once, at import, as a bit mask.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core import Move, bit_indices, cell_name, connected_parts

SIZE = 10
FULL = (1 << (SIZE * SIZE)) - 1
LIGHT, DARK, NEUTRAL = 0, 1, 2
SIDE_NAMES = ("Light", "Dark")

Shape = tuple[tuple[int, int], ...]

# name, per side, Dark's cells (column, row) -- from the rulings' table
_TABLE: list[tuple[str, int, Shape]] = [
    ("tavern", 2, ((0, 0),)),
    ("stable", 2, ((0, 0), (1, 0))),
    ("inn", 2, ((0, 0), (1, 0), (1, 1))),
    ("bridge", 1, ((0, 0), (0, 1), (0, 2))),
    ("square", 1, ((0, 0), (1, 0), (0, 1), (1, 1))),
    ("manor", 1, ((0, 0), (1, 0), (2, 0), (1, 1))),
    ("abbey", 1, ((0, 0), (1, 0), (1, 1), (2, 1))),
    ("infirmary", 1, ((1, 0), (0, 1), (1, 1), (2, 1), (1, 2))),
    ("castle", 1, ((0, 0), (1, 0), (2, 0), (0, 1), (2, 1))),
    ("tower", 1, ((0, 0), (1, 0), (1, 1), (2, 1), (2, 2))),
    ("academy", 1, ((1, 0), (2, 0), (0, 1), (1, 1), (1, 2))),
]
_MIRRORED_FOR_LIGHT = {"abbey", "academy"}
CATHEDRAL_SHAPE: Shape = ((1, 0), (0, 1), (1, 1), (2, 1), (1, 2), (1, 3))

PIECES: tuple[str, ...] = tuple(name for name, _, _ in _TABLE)  # the 11 building kinds
CATHEDRAL = len(PIECES)  # piece index of the Cathedral
ALL_PIECES: tuple[str, ...] = PIECES + ("cathedral",)
COUNTS: tuple[int, ...] = tuple(n for _, n, _ in _TABLE)
SIZES: tuple[int, ...] = tuple(len(s) for _, _, s in _TABLE) + (len(CATHEDRAL_SHAPE),)


def _normalise(cells: Shape) -> Shape:
    mx = min(x for x, _ in cells)
    my = min(y for _, y in cells)
    return tuple(sorted((x - mx, y - my) for x, y in cells))


def _mirror(cells: Shape) -> Shape:
    return _normalise(tuple((-x, y) for x, y in cells))


def rotations(cells: Shape) -> list[Shape]:
    """The distinct quarter-turn rotations of a shape (never its mirror image)."""
    out: list[Shape] = []
    cur = _normalise(cells)
    for _ in range(4):
        if cur not in out:
            out.append(cur)
        cur = _normalise(tuple((-y, x) for x, y in cur))
    return out


def shape_of(side: int, piece: int) -> Shape:
    """The cells of a building as the rulings print it, for ``side`` (Light mirrors two)."""
    if piece == CATHEDRAL:
        return CATHEDRAL_SHAPE
    name, _, cells = _TABLE[piece]
    return _mirror(cells) if side == LIGHT and name in _MIRRORED_FOR_LIGHT else cells


def mask_of(cells: list[tuple[int, int]]) -> int:
    m = 0
    for x, y in cells:
        m |= 1 << (y * SIZE + x)
    return m


def cells_of(mask: int) -> list[tuple[int, int]]:
    """Cells of a mask in reading order (row by row, left to right)."""
    return [(i % SIZE, i // SIZE) for i in bit_indices(mask)]


def mask_text(mask: int) -> str:
    return " ".join(cell_name(x, y) for x, y in cells_of(mask))


class Placement(Move):
    """A building on exact cells: ``castle c3 d3 e3 c4 e4``."""

    __slots__ = ("piece", "mask")

    def __init__(self, piece: int, mask: int) -> None:
        super().__init__((ALL_PIECES[piece], mask), f"{ALL_PIECES[piece]} {mask_text(mask)}")
        self.piece = piece
        self.mask = mask


def _placements(shape: Shape) -> list[int]:
    masks = []
    for rot in rotations(shape):
        w = max(x for x, _ in rot) + 1
        h = max(y for _, y in rot) + 1
        for dy in range(SIZE - h + 1):
            for dx in range(SIZE - w + 1):
                masks.append(mask_of([(x + dx, y + dy) for x, y in rot]))
    return masks


@dataclass(frozen=True)
class SideTable:
    """Every placement of one side's buildings, as parallel arrays for fast filtering."""

    moves: list[Placement]
    move_array: np.ndarray  # the same moves as an object array, for fancy indexing
    lo: np.ndarray  # uint64, cells 0..63
    hi: np.ndarray  # uint64, cells 64..99
    piece: np.ndarray  # int64 piece index of each placement
    by_key: dict[tuple[int, int], Placement]  # (piece, mask) -> move


_INTERN: dict[tuple[int, int], Placement] = {}


def _move(piece: int, mask: int) -> Placement:
    key = (piece, mask)
    if key not in _INTERN:
        _INTERN[key] = Placement(piece, mask)
    return _INTERN[key]


def _side_table(side: int) -> SideTable:
    moves = [_move(k, m) for k in range(len(PIECES)) for m in _placements(shape_of(side, k))]
    move_array = np.empty(len(moves), dtype=object)
    move_array[:] = moves
    return SideTable(
        moves=moves,
        move_array=move_array,
        lo=np.array([m.mask & 0xFFFFFFFFFFFFFFFF for m in moves], dtype=np.uint64),
        hi=np.array([m.mask >> 64 for m in moves], dtype=np.uint64),
        piece=np.array([m.piece for m in moves], dtype=np.int64),
        by_key={(m.piece, m.mask): m for m in moves},
    )


SIDES: tuple[SideTable, SideTable] = (_side_table(LIGHT), _side_table(DARK))
CATHEDRAL_MOVES: list[Placement] = [_move(CATHEDRAL, m) for m in _placements(CATHEDRAL_SHAPE)]
CATHEDRAL_BY_MASK: dict[int, Placement] = {m.mask: m for m in CATHEDRAL_MOVES}

# Masks for 8-neighbour dilation on the 10x10 bitboard.
_COL_A = sum(1 << (r * SIZE) for r in range(SIZE))
_COL_J = _COL_A << (SIZE - 1)
NOT_A = FULL & ~_COL_A
NOT_J = FULL & ~_COL_J


def dilate(x: int) -> int:
    """``x`` grown by one step in all eight directions, clipped to the board."""
    h = x | ((x << 1) & NOT_A) | ((x >> 1) & NOT_J)
    return (h | (h << SIZE) | (h >> SIZE)) & FULL


def regions(free: int, seeds: int | None = None) -> list[int]:
    """The 8-connected regions of the cells in ``free`` (a diagonal step connects), lowest
    cell's first; ``seeds``: only the regions holding one of these cells.

    >>> [bin(r).count("1") for r in regions(0b111 | 1 << 22)]  # a1-c1, and c3 alone
    [3, 1]
    >>> regions(0b111 | 1 << 22, seeds=1 << 22) == [1 << 22]
    True
    """
    return connected_parts(free, dilate, seeds=seeds)
