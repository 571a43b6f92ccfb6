"""What the Cathedral search asks of a position on the analysis core (``core_rules.py``),
compiled: a placement made into the next row of a line's array (:func:`push`), the search's
evaluation, the moves weighed one ply deep, the cheap ranking, the legal placements, the
solver's order, the live squares and the position's key. ``core_search.py`` builds the
search's position and its compiled nodes on them.

numba caches each compiled function by its own file: after changing this one, ``touch
core_search.py`` too (its compiled nodes call these functions).
"""

from __future__ import annotations

import math
import random

import numpy as np

from ..analysis import jit
from . import core_rules as cr
from .pieces import CATHEDRAL, SIDES, SIZES

_CATHEDRAL = 1 << 20  # the search's codes for the Cathedral: this + its index
_WIN = 1000.0
_DEPTH = 400  # rows: positions in one line, at most (a game has fewer than 100 placements)
_CATHEDRAL_STATE = ("unplaced", "placed", "captured")
_KINDS = cr.KINDS
_SIZES = np.array(SIZES[:CATHEDRAL], dtype=np.int64)
_RNG = random.Random(20261207)
_TERR_HASH = np.array(
    [[_RNG.getrandbits(62) for _ in range(100)] for _ in range(2)], dtype=np.int64
)
"""Each side's territory on each square, hashed into the position's key."""
_TURN_HASH = np.array([0, _RNG.getrandbits(62), _RNG.getrandbits(62)], dtype=np.int64)
"""Light, Dark or nobody (the end) to move, hashed into the key."""


def _size_order() -> np.ndarray:
    """For each side: its placements (indices in its table), biggest buildings first, the
    table's order among equals (the solver's order)."""
    out = np.zeros((2, cr.PER_SIDE), dtype=np.int64)
    for side in (0, 1):
        pieces = SIDES[side].piece.tolist()
        order = [
            j
            for size in sorted(set(SIZES[:CATHEDRAL]), reverse=True)
            for j in range(cr.PER_SIDE)
            if SIZES[pieces[j]] == size
        ]
        out[side] = order
    return out


_SIZE_ORDER = _size_order()


# ---- compiled ------------------------------------------------------------------------------


@jit
def _ensure(row: np.ndarray, bits: np.ndarray, known: np.ndarray, side: int) -> None:
    """``side``'s legal placements in ``bits[side]``, found afresh when not ``known``."""
    if known[side] == 0:
        cr.rebuild(row, side, bits)
        known[side] = 1


@jit
def _margin(row: np.ndarray) -> int:
    """Dark's unplaced squares less Light's on this board (> 0: Light is ahead)."""
    total = 0
    for k in range(_KINDS):
        total += (row[cr.SUPPLY + _KINDS + k] - row[cr.SUPPLY + k]) * _SIZES[k]
    return total


@jit
def push(
    states: np.ndarray,
    bits: np.ndarray,
    known: np.ndarray,
    table: np.ndarray,
    ranges: np.ndarray,
    ply: int,
    code: int,
) -> tuple[int, int, int]:
    """Row ``ply + 1`` made from row ``ply`` with the core's placement ``code`` played (the
    game ends at the end of this board: the search sees no match); its side to move, its
    Cathedral (0 unplaced, 1 placed, 2 captured) and its margin."""
    states[ply + 1] = states[ply]
    bits[ply + 1] = bits[ply]
    known[ply + 1] = known[ply]
    row = states[ply + 1]
    cr.apply_move(row, table, ranges, False, code, bits[ply + 1], known[ply + 1])
    return row[cr.TO_MOVE], row[cr.CATH], _margin(row)


def _kind_words() -> np.ndarray:
    """``KIND_WORDS[side, k]``: the first and last word of ``side``'s bitsets holding a
    placement of building ``k`` (each building's placements are consecutive bits)."""
    out = np.zeros((2, _KINDS, 2), dtype=np.int64)
    for side in (0, 1):
        for k in range(_KINDS):
            words = np.flatnonzero(cr.OF_KIND[side, k])
            out[side, k] = words[0], words[-1]
    return out


_KIND_WORDS = _kind_words()


@jit
def _spots(bits: np.ndarray, side: int, kind: int) -> int:
    """``side``'s legal placements of building ``kind`` (in ``bits[side]``)."""
    n = 0
    of = cr.OF_KIND[side, kind]
    for w in range(_KIND_WORDS[side, kind, 0], _KIND_WORDS[side, kind, 1] + 1):
        n += cr.popcount(bits[side, w] & of[w])
    return n


@jit
def _cover(bits: np.ndarray, side: int, table: np.ndarray) -> tuple[int, int]:
    """The squares some legal placement of ``side`` covers (two words)."""
    a = 0
    b = 0
    base = side * cr.PER_SIDE
    for w in range(cr.WORDS):
        x = bits[side, w]
        while x != 0:
            low = x & -x
            code = base + w * cr.BITS + cr.popcount(low - 1)
            a |= table[code, cr.LO]
            b |= table[code, cr.HI]
            x ^= low
    return a, b


@jit
def _unsafe(
    row: np.ndarray, bits: np.ndarray, side: int, table: np.ndarray, oa: int, ob: int
) -> float:
    """Squares of ``side``'s buildings that fit somewhere but nowhere inside the squares
    ``oa``, ``ob`` (those it alone can cover)."""
    total = 0
    base = side * cr.PER_SIDE
    for k in range(_KINDS):
        n = row[cr.SUPPLY + _KINDS * side + k]
        if n == 0:
            continue
        spots = 0
        safe = 0
        for w in range(cr.WORDS):
            x = bits[side, w] & cr.OF_KIND[side, k, w]
            while x != 0:
                low = x & -x
                code = base + w * cr.BITS + cr.popcount(low - 1)
                spots += 1
                if table[code, cr.LO] & ~oa == 0 and table[code, cr.HI] & ~ob == 0:
                    safe += 1
                x ^= low
        if spots > 0 and safe == 0:
            total += n * _SIZES[k]
    return float(total)


@jit
def evaluate(
    row: np.ndarray, bits: np.ndarray, known: np.ndarray, table: np.ndarray, weights: np.ndarray
) -> float:
    """``search.evaluate``: the expected final margin in squares from Light's view (the
    squares still to place, buildings that fit nowhere, free squares of one's own territory,
    room to move; ``weights``: room, excl, unsafe, mobility, fragile); exact at the end."""
    margin = _margin(row)
    if row[cr.TO_MOVE] == cr.TERMINAL:
        return float(margin)
    if row[cr.CATH] == cr.UNPLACED:
        return 0.0
    room, excl, unsafe, mobility, fragile = (
        weights[0],
        weights[1],
        weights[2],
        weights[3],
        weights[4],
    )
    _ensure(row, bits, known, 0)
    _ensure(row, bits, known, 1)
    fa = cr.M50 & ~(row[cr.OCC] | row[cr.OCC + 2] | row[cr.OCC + 4])
    fb = cr.M50 & ~(row[cr.OCC + 1] | row[cr.OCC + 3] | row[cr.OCC + 5])
    held = cr.popcount(row[cr.TERR] & fa) + cr.popcount(row[cr.TERR + 1] & fb)
    held -= cr.popcount(row[cr.TERR + 2] & fa) + cr.popcount(row[cr.TERR + 3] & fb)
    stuck = 0
    lit = 0
    dim = 0
    risk_light = 0.0
    risk_dark = 0.0
    for k in range(_KINDS):
        n = row[cr.SUPPLY + k]
        m = row[cr.SUPPLY + _KINDS + k]
        spots_light = _spots(bits, 0, k)
        spots_dark = _spots(bits, 1, k)
        lit += spots_light
        dim += spots_dark
        if n > 0 and spots_light == 0:
            stuck -= n * _SIZES[k]
        if m > 0 and spots_dark == 0:
            stuck += m * _SIZES[k]
        if n > 0 and spots_light > 0:
            risk_light += n * _SIZES[k] * 2.0 / (2.0 + spots_light)
        if m > 0 and spots_dark > 0:
            risk_dark += m * _SIZES[k] * 2.0 / (2.0 + spots_dark)
    value = (
        margin + float(stuck) + 0.0 + room * held + mobility * (math.log1p(lit) - math.log1p(dim))
    )
    if fragile != 0.0:
        value += fragile * (risk_dark - risk_light)
    if excl != 0.0 or unsafe != 0.0:
        la, lb = _cover(bits, 0, table)
        da, db = _cover(bits, 1, table)
        only_light = cr.popcount(la & ~da) + cr.popcount(lb & ~db)
        only_dark = cr.popcount(da & ~la) + cr.popcount(db & ~lb)
        value += excl * (only_light - only_dark)
        if unsafe != 0.0:
            value += unsafe * (
                _unsafe(row, bits, 1, table, da & ~la, db & ~lb)
                - _unsafe(row, bits, 0, table, la & ~da, lb & ~db)
            )
    return float(value)


@jit
def terminal_value(margin: float) -> float:
    """A finished game: a win beats any estimate, and a larger margin a smaller one."""
    if margin > 0:
        return _WIN + margin
    if margin < 0:
        return -_WIN + margin
    return 0.0


@jit
def values(
    states: np.ndarray,
    bits: np.ndarray,
    known: np.ndarray,
    table: np.ndarray,
    ranges: np.ndarray,
    ply: int,
    codes: np.ndarray,
    sign: float,
    weights: np.ndarray,
) -> np.ndarray:
    """Each placement's (the core's ``codes``) value one ply deep for the side ``sign``
    stands for (+1 Light, -1 Dark): the evaluation after it, or the finished game's."""
    out = np.empty(len(codes))
    for i in range(len(codes)):
        push(states, bits, known, table, ranges, ply, codes[i])
        row = states[ply + 1]
        if row[cr.TO_MOVE] == cr.TERMINAL:
            out[i] = sign * terminal_value(float(_margin(row)))
        else:
            out[i] = sign * evaluate(row, bits[ply + 1], known[ply + 1], table, weights)
    return out


@jit
def cheap(
    row: np.ndarray,
    bits: np.ndarray,
    known: np.ndarray,
    table: np.ndarray,
    side: int,
    idx: np.ndarray,
    history: np.ndarray,
) -> np.ndarray:
    """The search's cheap ranking of ``side``'s placements ``idx`` (indices in its table):
    three points a square of the building, plus how many of the other side's placements
    cover its squares (per placement the other side has), plus a hundredth of the history
    (float32 arithmetic, as the Python search's matrix product, then float64)."""
    other = 1 - side
    _ensure(row, bits, known, other)
    heat = np.zeros(100, dtype=np.float32)
    total = 0
    base = other * cr.PER_SIDE
    for w in range(cr.WORDS):
        x = bits[other, w]
        while x != 0:
            low = x & -x
            code = base + w * cr.BITS + cr.popcount(low - 1)
            for j in range(cr.SQUARES, cr.SQUARES + 6):
                if table[code, j] >= 0:
                    heat[table[code, j]] += np.float32(1.0)
            total += 1
            x ^= low
    per = np.float32(max(total, 1))
    out = np.empty(len(idx))
    for i in range(len(idx)):
        code = side * cr.PER_SIDE + idx[i]
        hot = np.float32(0.0)
        for j in range(cr.SQUARES, cr.SQUARES + 6):
            if table[code, j] >= 0:
                hot += heat[table[code, j]]
        size = np.float32(3.0) * np.float32(_SIZES[table[code, cr.PIECE]])
        out[i] = np.float64(size + hot / per) + history[idx[i]] * 0.01
    return out


@jit
def legal_indices(row: np.ndarray, bits: np.ndarray, known: np.ndarray, side: int) -> np.ndarray:
    """``side``'s legal placements, as indices in its table, in the table's order."""
    _ensure(row, bits, known, side)
    n = 0
    for w in range(cr.WORDS):
        n += cr.popcount(bits[side, w])
    out = np.empty(n, dtype=np.int64)
    i = 0
    for w in range(cr.WORDS):
        x = bits[side, w]
        while x != 0:
            low = x & -x
            out[i] = w * cr.BITS + cr.popcount(low - 1)
            i += 1
            x ^= low
    return out


@jit
def solver_order(
    row: np.ndarray, bits: np.ndarray, known: np.ndarray, side: int, first: int, order: np.ndarray
) -> np.ndarray:
    """``side``'s legal placements in the solver's order: ``first`` when legal, then the
    biggest buildings first (``order``: every placement so), the table's order among equals."""
    _ensure(row, bits, known, side)
    out = np.empty(cr.PER_SIDE, dtype=np.int64)
    n = 0
    if first >= 0 and (bits[side, first // cr.BITS] >> (first % cr.BITS)) & 1:
        out[0] = first
        n = 1
    for j in order:
        if j != first and (bits[side, j // cr.BITS] >> (j % cr.BITS)) & 1:
            out[n] = j
            n += 1
    return out[:n]


@jit
def live(row: np.ndarray, bits: np.ndarray, known: np.ndarray, table: np.ndarray) -> int:
    """The free squares some building of either side can still cover."""
    _ensure(row, bits, known, 0)
    _ensure(row, bits, known, 1)
    la, lb = _cover(bits, 0, table)
    da, db = _cover(bits, 1, table)
    return cr.popcount(la | da) + cr.popcount(lb | db)


@jit
def key(row: np.ndarray) -> int:
    """A hash of the position: the buildings standing, each side's territory, the turn."""
    h = row[cr.ZOB]
    for side in range(2):
        for half in range(2):
            x = row[cr.TERR + 2 * side + half]
            while x != 0:
                low = x & -x
                h ^= _TERR_HASH[side, 50 * half + cr.popcount(low - 1)]
                x ^= low
    turn = row[cr.TO_MOVE]
    return int(h ^ _TURN_HASH[turn + 1 if turn >= 0 else 2])
