"""Cathedral's rules compiled for search: the city as a small int64 array, the rules as plain
functions over it that numba compiles (``analysis.jit``); ``simulator.py`` is their Python face.

The city's 100 squares are two 50-bit words (rows 1-5, then rows 6-10; square ``i`` is bit
``i`` of the first word below 50, else bit ``i - 50`` of the second), so that shifting a row
up or down never leaves a 64-bit number. A *code* is a row of the placement table ``TABLE``:
Light's placements first (in ``SIDES[LIGHT]``'s order), then Dark's, then the Cathedral's.

numba caches each compiled function by its own file: after changing this one, ``touch
core_eval.py core_search.py`` too (the search's compiled code calls these functions), or their
cache keeps the old rules.
"""

from __future__ import annotations

import math
import random

import numpy as np

from ..analysis import jit, rand_below
from .pieces import CATHEDRAL, CATHEDRAL_MOVES, COUNTS, DARK, LIGHT, NEUTRAL, SIDES, SIZES

# ---- the state's fields (offsets into the core array) -----------------------------------------

OCC = 0  # the squares covered, two words each: Light's buildings, Dark's, the Cathedral
TERR = 6  # each side's territory, two words each
SUPPLY = 10  # each side's unplaced buildings, 11 kinds each
PLACER = 32  # the side that places the Cathedral in this game
CATH = 33  # the Cathedral: 0 unplaced, 1 placed, 2 captured
BUILT = 34  # whether each side has placed its first building (two fields)
TO_MOVE = 36  # 0 Light, 1 Dark, -2 the end
GAMES = 37  # the games of a match finished (0, 1, 2)
MATCH = 38  # a match's finished games' scores: game one Light, Dark, game two Light, Dark
ZOB = 42  # a hash of the buildings standing (each code's ZOBRIST, xor-ed)
CLAIM = 43  # the squares the last move claimed (two words)
SKIPPED = 45  # the sides skipped after the last move, in the engine's order (-1: none)
CELL = 47  # each square's building (its code), -1 where none stands
WIDTH = CELL + 100  # the length of a core state

UNPLACED, PLACED, CAPTURED = 0, 1, 2
TERMINAL = -2
KINDS = len(COUNTS)  # 11 building kinds

# ---- the placement table ----------------------------------------------------------------------

PER_SIDE = len(SIDES[LIGHT].moves)
CATHEDRAL_CODE = 2 * PER_SIDE  # the first of the Cathedral's codes
CODES = CATHEDRAL_CODE + len(CATHEDRAL_MOVES)

# the table's columns
LO, HI, PIECE, OWNER, HASH, SQUARES = 0, 1, 2, 3, 4, 5  # SQUARES.. : the squares covered

M50 = (1 << 50) - 1
NOT_A = sum(1 << i for i in range(50) if i % 10 != 0)  # every square but column a's
NOT_J = sum(1 << i for i in range(50) if i % 10 != 9)  # every square but column j's
ROW_0 = (1 << 10) - 1  # a word's first row


def _table() -> np.ndarray:
    """One row per code: the placement's two words, building, owner (0, 1, or 2 for the
    Cathedral), hash and squares (-1 past its size)."""
    moves = [(LIGHT, m) for m in SIDES[LIGHT].moves] + [(DARK, m) for m in SIDES[DARK].moves]
    moves += [(NEUTRAL, m) for m in CATHEDRAL_MOVES]
    rng = random.Random(20261206)
    table = np.full((len(moves), SQUARES + 6), -1, dtype=np.int64)
    for code, (owner, move) in enumerate(moves):
        squares = [i for i in range(100) if move.mask >> i & 1]
        table[code, LO] = move.mask & M50
        table[code, HI] = move.mask >> 50
        table[code, PIECE] = move.piece
        table[code, OWNER] = owner
        table[code, HASH] = rng.getrandbits(62)
        table[code, SQUARES : SQUARES + len(squares)] = squares
    return table


def _ranges() -> np.ndarray:
    """``RANGES[side, k]`` .. ``RANGES[side, k + 1]``: the codes of ``side``'s building ``k``
    (the table lists each side's placements building by building)."""
    out = np.zeros((2, KINDS + 1), dtype=np.int64)
    for side in (LIGHT, DARK):
        pieces = SIDES[side].piece.tolist()
        base = side * PER_SIDE
        for k in range(KINDS):
            first = pieces.index(k)
            assert pieces[first : first + pieces.count(k)] == [k] * pieces.count(k)
            out[side, k] = base + first
        out[side, KINDS] = base + len(pieces)
    return out


TABLE = np.asfortranarray(_table())  # by column: a scan reads one column at a time
RANGES = _ranges()
SIZE_OF = np.array(SIZES, dtype=np.int64)  # squares of each building kind (the Cathedral last)
COUNT_OF = np.array(COUNTS, dtype=np.int64)
assert CATHEDRAL == KINDS

# ---- squares -----------------------------------------------------------------------------------


@jit
def popcount(x: int) -> int:
    """The squares of a word (its bits set; ``x`` >= 0 and below 2**62)."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    x = x + (x >> 8)
    x = x + (x >> 16)
    x = x + (x >> 32)
    return x & 0x7F


@jit
def grow(a: int, b: int) -> tuple[int, int]:
    """The squares ``a`` (rows 1-5) and ``b`` (rows 6-10) grown one step in all eight
    directions (a diagonal step connects), clipped to the city."""
    ha = a | ((a << 1) & NOT_A) | ((a >> 1) & NOT_J)
    hb = b | ((b << 1) & NOT_A) | ((b >> 1) & NOT_J)
    ga = (ha | (ha << 10) | (ha >> 10) | ((hb & ROW_0) << 40)) & M50
    gb = (hb | (hb << 10) | (hb >> 10) | (ha >> 40)) & M50
    return ga, gb


@jit
def blocked_for(s: np.ndarray, side: int) -> tuple[int, int]:
    """The squares ``side`` may not build on: covered, or the other side's territory."""
    a = s[OCC] | s[OCC + 2] | s[OCC + 4] | s[TERR + 2 * (1 - side)]
    b = s[OCC + 1] | s[OCC + 3] | s[OCC + 5] | s[TERR + 2 * (1 - side) + 1]
    return a, b


@jit
def fits(s: np.ndarray, table: np.ndarray, code: int, side: int, a: int, b: int) -> bool:
    """Whether ``side`` may make placement ``code`` now (``a``, ``b``: its blocked squares):
    the building is in its supply and covers no blocked square."""
    return bool(
        s[SUPPLY + KINDS * side + table[code, PIECE]] > 0
        and table[code, LO] & a == 0
        and table[code, HI] & b == 0
    )


# ---- the legal placements ------------------------------------------------------------------


@jit
def fill_legal(s: np.ndarray, table: np.ndarray, ranges: np.ndarray, out: np.ndarray) -> int:
    """Write the codes of the legal placements into ``out`` (in the table's order); how many.
    While the Cathedral is unplaced, its placements (whoever is to move places it)."""
    side = s[TO_MOVE]
    if side < 0:
        return 0
    n = 0
    if s[CATH] == UNPLACED:
        for code in range(CATHEDRAL_CODE, table.shape[0]):
            out[n] = code
            n += 1
        return n
    a, b = blocked_for(s, side)
    for k in range(KINDS):
        if s[SUPPLY + KINDS * side + k] > 0:
            for code in range(ranges[side, k], ranges[side, k + 1]):
                if table[code, LO] & a == 0 and table[code, HI] & b == 0:
                    out[n] = code
                    n += 1
    return n


# ---- each side's legal placements as a bitset (bit ``j`` of word ``w``: its placement
# ``w * BITS + j`` in its own table), kept up to date move by move in the hot loops

BITS = 62  # bits of a word used (so that no word reaches the sign bit)
WORDS = (PER_SIDE + BITS - 1) // BITS


def _bitsets() -> tuple[np.ndarray, np.ndarray]:
    """``OFF_CELL[side, square]``: the placements of ``side`` not covering ``square``;
    ``OF_KIND[side, k]``: those of its building ``k``; both as bitsets."""
    full = [(1 << BITS) - 1] * WORDS
    full[-1] = (1 << (PER_SIDE - BITS * (WORDS - 1))) - 1
    off = np.zeros((2, 100, WORDS), dtype=np.int64)
    kind = np.zeros((2, KINDS, WORDS), dtype=np.int64)
    for side in (LIGHT, DARK):
        words = [list(full) for _ in range(100)]
        for j, move in enumerate(SIDES[side].moves):
            w, bit = divmod(j, BITS)
            for i in range(100):
                if move.mask >> i & 1:
                    words[i][w] &= ~(1 << bit)
            kind[side, move.piece, w] |= 1 << bit
        off[side] = np.array(words, dtype=np.int64)
    return off, kind


OFF_CELL, OF_KIND = _bitsets()


@jit
def _block_row(row: np.ndarray, side: int, a: int, b: int) -> None:
    """Take out of the bitset ``row`` of ``side``'s placements those covering a square of
    ``a`` (rows 1-5), ``b`` (rows 6-10)."""
    while a != 0:
        low = a & -a
        off = OFF_CELL[side, popcount(low - 1)]
        for w in range(WORDS):
            row[w] &= off[w]
        a ^= low
    while b != 0:
        low = b & -b
        off = OFF_CELL[side, 50 + popcount(low - 1)]
        for w in range(WORDS):
            row[w] &= off[w]
        b ^= low


@jit
def _block(bits: np.ndarray, known: np.ndarray, side: int, a: int, b: int) -> None:
    """Take out of ``side``'s known placements those covering a square of ``a``, ``b``."""
    if known[side] != 0:
        _block_row(bits[side], side, a, b)


@jit
def rebuild(s: np.ndarray, side: int, bits: np.ndarray) -> None:
    """``side``'s legal placements found afresh, into ``bits[side]`` (whether the Cathedral is
    placed or not: those its buildings could make): the placements of the buildings in its
    supply, less those covering a blocked square."""
    row = bits[side]
    for w in range(WORDS):
        row[w] = 0
    for k in range(KINDS):
        if s[SUPPLY + KINDS * side + k] > 0:
            of = OF_KIND[side, k]
            for w in range(WORDS):
                row[w] |= of[w]
    a, b = blocked_for(s, side)
    _block_row(row, side, a, b)


@jit
def has_move(
    s: np.ndarray,
    table: np.ndarray,
    ranges: np.ndarray,
    side: int,
    bits: np.ndarray,
    known: np.ndarray,
) -> bool:
    """Whether ``side`` can place a building. ``bits[side]`` holds its legal placements when
    ``known[side]`` (else they are found afresh)."""
    if known[side] == 0:
        rebuild(s, side, bits)
        known[side] = 1
    for w in range(WORDS):  # noqa: SIM110 (numba compiles no generator)
        if bits[side, w] != 0:
            return True
    return False


@jit
def draw(bits: np.ndarray, side: int, rng: np.ndarray) -> int:
    """One of ``side``'s placements in ``bits[side]`` (some), each as likely: its code."""
    row = bits[side]
    for _ in range(8):  # mostly found at once while many are legal
        j = rand_below(rng, PER_SIDE)
        if (row[j // BITS] >> (j % BITS)) & 1:
            return side * PER_SIDE + j
    total = 0
    for w in range(WORDS):
        total += popcount(row[w])
    r = rand_below(rng, total)
    for w in range(WORDS):
        n = popcount(row[w])
        if r < n:
            x = row[w]
            for _ in range(r):
                x &= x - 1
            return side * PER_SIDE + w * BITS + popcount((x & -x) - 1)
        r -= n
    return -1


# ---- playing a move ------------------------------------------------------------------------


@jit
def _remove(s: np.ndarray, table: np.ndarray, code: int) -> None:
    """Take a captured building off the city: back to its owner's supply (the Cathedral
    leaves the game)."""
    owner = table[code, OWNER]
    s[OCC + 2 * owner] &= ~table[code, LO]
    s[OCC + 2 * owner + 1] &= ~table[code, HI]
    for j in range(SQUARES, SQUARES + 6):
        if table[code, j] >= 0:
            s[CELL + table[code, j]] = -1
    s[ZOB] ^= table[code, HASH]
    if owner == NEUTRAL:
        s[CATH] = CAPTURED
    else:
        s[SUPPLY + KINDS * owner + table[code, PIECE]] += 1


@jit
def claim(s: np.ndarray, table: np.ndarray, side: int, bits: np.ndarray, known: np.ndarray) -> None:
    """Rules 3-4: every region of squares without ``side``'s buildings (a diagonal step
    connects) that holds at most one other building becomes ``side``'s territory (no longer
    the other side's), and that building is captured. A capture, or territory taken from the
    other side, frees squares: the placements ``bits`` of the sides concerned are forgotten
    (``known``), and the other side's lose the squares newly claimed."""
    opp = 1 - side
    fa = M50 & ~s[OCC + 2 * side]
    fb = M50 & ~s[OCC + 2 * side + 1]
    ra, rb = fa, fb
    while ra != 0 or rb != 0:
        if ra != 0:
            pa, pb = ra & -ra, 0
        else:
            pa, pb = 0, rb & -rb
        while True:  # the region of the lowest square left
            ga, gb = grow(pa, pb)
            ga &= fa
            gb &= fb
            if ga == pa and gb == pb:
                break
            pa, pb = ga, gb
        ra &= ~pa
        rb &= ~pb
        xa = pa & (s[OCC + 2 * opp] | s[OCC + 4])  # squares of other buildings in it
        xb = pb & (s[OCC + 2 * opp + 1] | s[OCC + 5])
        inside = -1
        if xa != 0 or xb != 0:
            low = popcount((xa & -xa) - 1) if xa != 0 else 50 + popcount((xb & -xb) - 1)
            inside = s[CELL + low]
            if xa & ~table[inside, LO] != 0 or xb & ~table[inside, HI] != 0:
                continue  # two buildings or more: not claimed
        t = TERR + 2 * side
        u = TERR + 2 * opp
        _block(
            bits,
            known,
            opp,
            pa & ~(s[t] | s[OCC] | s[OCC + 2] | s[OCC + 4]),
            pb & ~(s[t + 1] | s[OCC + 1] | s[OCC + 3] | s[OCC + 5]),
        )
        s[CLAIM] |= pa & ~s[t]
        s[CLAIM + 1] |= pb & ~s[t + 1]
        s[t] |= pa
        s[t + 1] |= pb
        if s[u] & pa != 0 or s[u + 1] & pb != 0:
            known[side] = 0
        s[u] &= ~pa
        s[u + 1] &= ~pb
        if inside >= 0:
            _remove(s, table, inside)
            known[side] = 0
            known[opp] = 0


@jit
def _board_score(s: np.ndarray, side: int) -> int:
    """Squares of ``side``'s unplaced buildings on this board."""
    total = 0
    for k in range(KINDS):
        total += s[SUPPLY + KINDS * side + k] * SIZE_OF[k]
    return total


@jit
def new_board(s: np.ndarray, first: int) -> None:
    """An empty city, every building in its supply, ``first`` to place the Cathedral."""
    for i in range(OCC, SUPPLY):
        s[i] = 0
    for side in range(2):
        for k in range(KINDS):
            s[SUPPLY + KINDS * side + k] = COUNT_OF[k]
    s[PLACER] = first
    s[CATH] = UNPLACED
    s[BUILT] = 0
    s[BUILT + 1] = 0
    s[TO_MOVE] = first
    s[ZOB] = 0
    s[CLAIM] = 0
    s[CLAIM + 1] = 0
    s[SKIPPED] = -1
    s[SKIPPED + 1] = -1
    for i in range(100):
        s[CELL + i] = -1


@jit
def apply_move(
    s: np.ndarray,
    table: np.ndarray,
    ranges: np.ndarray,
    match: bool,
    code: int,
    bits: np.ndarray,
    known: np.ndarray,
) -> None:
    """Play placement ``code`` (legal now) in place: the building stands, its claim (rules
    3-4, from a side's second building on), then the turn (rule 6: a side that cannot place
    is skipped; when neither can, the game ends, or in a match the second game begins, Dark
    placing the Cathedral). ``bits``/``known``: as :func:`has_move`."""
    side = s[TO_MOVE]
    s[CLAIM] = 0
    s[CLAIM + 1] = 0
    s[SKIPPED] = -1
    s[SKIPPED + 1] = -1
    owner = table[code, OWNER]
    s[OCC + 2 * owner] |= table[code, LO]
    s[OCC + 2 * owner + 1] |= table[code, HI]
    for j in range(SQUARES, SQUARES + 6):
        if table[code, j] >= 0:
            s[CELL + table[code, j]] = code
    s[ZOB] ^= table[code, HASH]
    _block(bits, known, LIGHT, table[code, LO], table[code, HI])
    _block(bits, known, DARK, table[code, LO], table[code, HI])
    if owner == NEUTRAL:
        s[CATH] = PLACED
    else:
        kind = SUPPLY + KINDS * side + table[code, PIECE]
        s[kind] -= 1
        if s[kind] == 0 and known[side] != 0:
            row = bits[side]
            of = OF_KIND[side, table[code, PIECE]]
            for w in range(WORDS):
                row[w] &= ~of[w]
        if s[BUILT + side] != 0:
            claim(s, table, side, bits, known)
        s[BUILT + side] = 1
    # the turn
    if s[CATH] == PLACED and s[BUILT] == 0 and s[BUILT + 1] == 0:
        s[TO_MOVE] = 1 - s[PLACER]
        return
    other = 1 - side
    if has_move(s, table, ranges, other, bits, known):
        s[TO_MOVE] = other
    elif has_move(s, table, ranges, side, bits, known):
        s[SKIPPED] = other
        s[TO_MOVE] = side
    else:
        s[SKIPPED] = other
        s[SKIPPED + 1] = side
        games = s[GAMES]
        if match and games < 2:
            s[MATCH + 2 * games] = _board_score(s, LIGHT)
            s[MATCH + 2 * games + 1] = _board_score(s, DARK)
            s[GAMES] = games + 1
        if match and games == 0:
            new_board(s, DARK)
            known[0] = 0
            known[1] = 0
        else:
            s[TO_MOVE] = TERMINAL


# ---- scores ----------------------------------------------------------------------------------


@jit
def scores(s: np.ndarray, match: bool) -> np.ndarray:
    """Squares of each side's unplaced buildings (lower is better), a match's finished games
    added; at a match's end, its two games' totals."""
    out = np.zeros(2, dtype=np.int64)
    for side in range(2):
        for g in range(s[GAMES]):
            out[side] += s[MATCH + 2 * g + side]
        if not (match and s[TO_MOVE] == TERMINAL):
            out[side] += _board_score(s, side)
    return out


@jit
def returns(s: np.ndarray, match: bool) -> np.ndarray:
    """At the end: 1 to the side with fewer unplaced squares, a half each when they tie."""
    sc = scores(s, match)
    out = np.zeros(2)
    if sc[0] < sc[1]:
        out[0] = 1.0
    elif sc[1] < sc[0]:
        out[1] = 1.0
    else:
        out[0] = 0.5
        out[1] = 0.5
    return out


@jit
def spots(
    s: np.ndarray, table: np.ndarray, ranges: np.ndarray, side: int, count: np.ndarray
) -> int:
    """``side``'s legal placements of each building kind, into ``count`` (11 numbers; kinds
    not in its supply: 0); all of them."""
    a, b = blocked_for(s, side)
    total = 0
    for k in range(KINDS):
        n = 0
        if s[SUPPLY + KINDS * side + k] > 0:
            for code in range(ranges[side, k], ranges[side, k + 1]):
                if table[code, LO] & a == 0 and table[code, HI] & b == 0:
                    n += 1
        count[k] = n
        total += n
    return total


@jit
def evaluate(s: np.ndarray, table: np.ndarray, ranges: np.ndarray, match: bool) -> np.ndarray:
    """The engine's ``evaluate()``: the squares left to place, buildings with no legal spot
    left (they stay unplaced), free squares of one's own territory and the legal placements,
    as Light's chances on a logistic curve; the returns at the end."""
    if s[TO_MOVE] == TERMINAL:
        return returns(s, match)
    sc = scores(s, match)
    edge = float(sc[DARK] - sc[LIGHT])
    if s[CATH] != UNPLACED:
        count = np.zeros(KINDS, dtype=np.int64)
        fa = M50 & ~(s[OCC] | s[OCC + 2] | s[OCC + 4])
        fb = M50 & ~(s[OCC + 1] | s[OCC + 3] | s[OCC + 5])
        sign = 1.0
        for side in range(2):
            total = spots(s, table, ranges, side, count)
            stuck = 0
            for k in range(KINDS):
                n = s[SUPPLY + KINDS * side + k]
                if n > 0 and count[k] == 0:
                    stuck += n * SIZE_OF[k]
            room = popcount(s[TERR + 2 * side] & fa) + popcount(s[TERR + 2 * side + 1] & fb)
            edge += sign * (2.0 * math.log1p(total) + 0.3 * room - stuck)
            sign = -1.0
    light = 1.0 / (1.0 + math.exp(-edge / 6.0))
    out = np.empty(2)
    out[0] = light
    out[1] = 1.0 - light
    return out


# ---- the hot loops -------------------------------------------------------------------------


@jit
def playout(
    s: np.ndarray,
    table: np.ndarray,
    ranges: np.ndarray,
    match: bool,
    rng: np.ndarray,
    bits: np.ndarray,
    known: np.ndarray,
) -> np.ndarray:
    """Play ``s`` to the end in place, each placement drawn uniformly from the legal ones
    (from ``rng``); the returns. ``bits``: a ``(2, WORDS)`` buffer, ``known`` two numbers:
    each side's legal placements as a bitset, kept up to date move by move (found afresh
    only when squares are freed or a building comes back)."""
    known[0] = 0
    known[1] = 0
    while s[TO_MOVE] != TERMINAL:
        side = s[TO_MOVE]
        if s[CATH] == UNPLACED:
            code = CATHEDRAL_CODE + rand_below(rng, CODES - CATHEDRAL_CODE)
        else:
            if known[side] == 0:
                rebuild(s, side, bits)
                known[side] = 1
            code = draw(bits, side, rng)
        apply_move(s, table, ranges, match, code, bits, known)
    return returns(s, match)


def buffers() -> tuple[np.ndarray, np.ndarray]:
    """The ``bits`` and ``known`` buffers of :func:`apply_move` and :func:`playout` (nothing
    known yet)."""
    return np.zeros((2, WORDS), dtype=np.int64), np.zeros(2, dtype=np.int64)


@jit
def random_games(
    s: np.ndarray, table: np.ndarray, ranges: np.ndarray, match: bool, games: int, rng: np.ndarray
) -> np.ndarray:
    """``games`` random playouts from ``s`` (left as it is): their returns, one row each."""
    out = np.empty((games, 2))
    bits = np.zeros((2, WORDS), dtype=np.int64)
    known = np.zeros(2, dtype=np.int64)
    for g in range(games):
        t = s.copy()
        r = playout(t, table, ranges, match, rng, bits, known)
        out[g, 0] = r[0]
        out[g, 1] = r[1]
    return out


@jit
def evaluate_after(
    s: np.ndarray, table: np.ndarray, ranges: np.ndarray, match: bool, codes: np.ndarray
) -> np.ndarray:
    """``evaluate`` (the returns where the game ends) after each placement of ``codes``."""
    out = np.empty((len(codes), 2))
    bits = np.zeros((2, WORDS), dtype=np.int64)
    known = np.zeros(2, dtype=np.int64)
    for i in range(len(codes)):
        t = s.copy()
        known[0] = 0
        known[1] = 0
        apply_move(t, table, ranges, match, codes[i], bits, known)
        r = evaluate(t, table, ranges, match)
        out[i, 0] = r[0]
        out[i, 1] = r[1]
    return out


@jit
def play(s: np.ndarray, table: np.ndarray, ranges: np.ndarray, match: bool, code: int) -> None:
    """Play ``code`` in place (each side's placements found afresh when needed)."""
    bits = np.zeros((2, WORDS), dtype=np.int64)
    known = np.zeros(2, dtype=np.int64)
    apply_move(s, table, ranges, match, code, bits, known)
