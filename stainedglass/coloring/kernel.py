"""Coloring in the Stained Glass's rules compiled for search: the functions numba compiles
(``simulator.py`` is their Python face; the readable rules are ``game.py``).

A position is one ``int64`` array laid out at the offsets below. Shape ``i`` of the sheet is bit
``i % 63`` of word ``i // 63`` of a mask (63 bits a word, so that no word is ever negative);
a mask is ``W`` words (1 on the rose window's 61 shapes, at most 4 on a sheet of 200), and each
of its places in a position holds ``MAXW`` words.

The sheet travels as ``sh``, one ``int64`` array (``simulator.sheet_array``): a header (``N``
shapes, ``W`` words, ``NK`` stars, ``NCIRC`` circles, ``NPL`` players, ``NG`` sets, ``DEG``
the length of a row of ``adj``), then tables at the offsets the header gives (``O_...``):

* ``full`` (W): every shape; ``touchm`` (n, W): a shape and its neighbours;
* ``adj`` (n, DEG): a shape's neighbour count, then its neighbours;
* ``secm`` (5, W): each section's shapes; ``secv`` (5, 3): its size, high and low value;
* ``starm`` (NK, W): the shapes around each star;
* ``gmask`` (NG + 1, W) and ``gshapes`` (NG + 1, 6: size, then shapes): every connected set of
  1 to 5 shapes, id 0 the empty set, by size and then by lowest shape as ``Sheet.groups``;
  ``gblock`` (6, n + 1): the sets of size k whose lowest shape is v are the ids
  ``gblock[k, v] .. gblock[k, v + 1] - 1``;
* ``bytes`` (6, 8 W, 256): how many sets of size k have their lowest shape among the shapes
  of byte value x at byte b of a mask (to count a pencil's sets in a few steps).

(One flat array, and the hot inner loops written out rather than called: a tuple of arrays
passed from function to function cost more than the work, and so can a call with arrays.)

A move's code (the same in every position): ``cross`` section ``i`` is ``i``, ``cross star
k+1`` is ``5 + k``; ``take`` pencil ``c``, coloring set ``gid`` and filling ``f`` circles is
``TAKE + (gid * 6 + f) * 5 + c``.
"""

from __future__ import annotations

import math

import numpy as np

from ..analysis import jit, rand_below

NC = 5  # pencils (colors)
NS = 5  # sections
MAXP = 4
MAXW = 4
MAXK = 40
BITS = 63
OPEN = -1
CROSSED = -2
TERMINAL = -2
ALL_PENCILS = (1 << NC) - 1
SOLO_TARGET = 40
TAKE = 64
"""Codes from here on are takes; below, solo crossings off."""

# ---- the layout of a position ----------------------------------------------------------------
TO_MOVE = 0  # the player to move, or TERMINAL
POOL = 1  # the pencils in the middle (bit c: COLORS[c])
CROSSING = 2  # solo: a crossing off is due (1)
HELD = 3  # solo: the pencil held back at the last return, or -1
NFIN = 4  # how many players have finished
FIN = 5  # MAXP: the players in the order they finished
HIGH = FIN + MAXP  # NS: each section's high value: OPEN, CROSSED or the player who took it
LOW = HIGH + NS  # NS: the low values
CIRC = LOW + NS  # MAXP: circles filled per player
STARS = CIRC + MAXP  # MAXP * MAXK: each player's stars: OPEN, CROSSED or the points written
PAINT = STARS + MAXP * MAXK  # MAXP * NC * MAXW: each player's shapes of each color
COLORED = PAINT + MAXP * NC * MAXW  # MAXP * MAXW: each player's colored shapes
TOUCH = COLORED + MAXP * MAXW  # MAXP * NC * MAXW: shapes touching each player's colors
SIZE = TOUCH + MAXP * NC * MAXW

# ---- the sheet's header ------------------------------------------------------------------------
N, W, NK, NCIRC, NPL, NG, DEG = 0, 1, 2, 3, 4, 5, 6
O_FULL, O_TOUCHM, O_ADJ, O_SECM, O_SECV, O_STARM = 7, 8, 9, 10, 11, 12
O_GMASK, O_GSHAPES, O_GBLOCK, O_BYTES = 13, 14, 15, 16
HEADER = 17

LOOSE = 8
"""A random move is drawn by rejection this many times among the sets whose lowest shape the
pencil may color, before the sets are narrowed to the pieces large enough."""
TRIES = 32
"""... then this many times more (and one more per 16 sets to try) before the moves are all
listed."""
FEW = 32
"""A pencil with no more sets than this to try lists its moves rather than draw them."""
PROBE = 16
"""Sets tried, in a pencil with more, to find one that fits; then its pieces are looked at."""


@jit
def popcount(x: int) -> int:
    """How many shapes a mask word (63 bits, never negative) holds."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    x = x + (x >> 8)
    x = x + (x >> 16)
    x = x + (x >> 32)
    return int(x & 0x7F)


_LOW67 = np.full(67, -1, dtype=np.int64)
for _k in range(BITS):
    _LOW67[(1 << _k) % 67] = _k


@jit
def low_index(low: int) -> int:
    """Which bit a mask word of one bit has (2**k mod 67 differs for every k below 64)."""
    return int(_LOW67[low % 67])


@jit
def decode(code: int) -> tuple[int, int, int]:
    """A take's pencil, set id and circles filled."""
    x = code - TAKE
    return x % 5, x // 30, (x // 5) % 6


@jit
def take_code(c: int, gid: int, circles: int) -> int:
    """The code of taking pencil ``c``, coloring set ``gid`` and filling ``circles``."""
    return TAKE + (gid * 6 + circles) * 5 + c


@jit
def work_size(n: int) -> int:
    """How long the scratch array of :func:`legal_into` and :func:`random_move` must be on a
    sheet of ``n`` shapes."""
    return 3 * n + 2 * MAXW + NC * MAXW + 2 * NC


# ---- facts of a position ----------------------------------------------------------------------


@jit
def score_of(s: np.ndarray, sh: np.ndarray, p: int) -> int:
    """Player ``p``'s points: the section values taken, the stars, the circles left."""
    v = sh[NCIRC] - s[CIRC + p]
    sv = sh[O_SECV]
    for i in range(NS):
        if s[HIGH + i] == p:
            v += sh[sv + 3 * i + 1]
        if s[LOW + i] == p:
            v += sh[sv + 3 * i + 2]
    for k in range(sh[NK]):
        x = s[STARS + p * MAXK + k]
        if x > 0:
            v += x
    return int(v)


@jit
def scores_into(s: np.ndarray, sh: np.ndarray, out: np.ndarray) -> None:
    """Each player's points."""
    for p in range(sh[NPL]):
        out[p] = score_of(s, sh, p)


@jit
def returns_into(s: np.ndarray, sh: np.ndarray, out: np.ndarray) -> None:
    """The returns at the end: solo 1 at 40 points or more; else the best score wins, a tie
    going to the first of the tied to finish, shared when none of them finished."""
    players = sh[NPL]
    sc = np.empty(players, dtype=np.int64)
    scores_into(s, sh, sc)
    if players == 1:
        out[0] = 1.0 if sc[0] >= SOLO_TARGET else 0.0
        return
    best = sc[0]
    for p in range(1, players):
        if sc[p] > best:
            best = sc[p]
    first = -1
    for j in range(s[NFIN]):
        q = s[FIN + j]
        if first < 0 and sc[q] == best:
            first = q
    tied = 0
    for p in range(players):
        if sc[p] == best:
            tied += 1
    for p in range(players):
        if first >= 0:
            out[p] = 1.0 if p == first else 0.0
        else:
            out[p] = 1.0 / tied if sc[p] == best else 0.0


@jit
def star_colors(s: np.ndarray, sh: np.ndarray, p: int, k: int) -> int:
    """How many colors player ``p`` has among the shapes around star ``k`` (at most 4)."""
    w_count = sh[W]
    st = sh[O_STARM] + k * w_count
    n = 0
    for c in range(NC):
        base = PAINT + (p * NC + c) * MAXW
        hit = 0
        for w in range(w_count):
            hit |= s[base + w] & sh[st + w]
        if hit:
            n += 1
    return min(4, n)


@jit
def projected_into(s: np.ndarray, sh: np.ndarray, out: np.ndarray) -> None:
    """Each player's points so far plus half the value of the sections and stars still within
    reach (``consequences.projected_points``)."""
    w_count = sh[W]
    sm = sh[O_SECM]
    sv = sh[O_SECV]
    st = sh[O_STARM]
    k_stars = sh[NK]
    for p in range(sh[NPL]):
        points = sh[NCIRC] - s[CIRC + p]  # score_of, written out
        for i in range(NS):
            if s[HIGH + i] == p:
                points += sh[sv + 3 * i + 1]
            if s[LOW + i] == p:
                points += sh[sv + 3 * i + 2]
        for k in range(k_stars):
            if s[STARS + p * MAXK + k] > 0:
                points += s[STARS + p * MAXK + k]
        v = float(points)
        col = COLORED + p * MAXW
        for i in range(NS):
            value = 0
            if s[HIGH + i] == OPEN:
                value = sh[sv + 3 * i + 1]
            elif s[LOW + i] == OPEN:
                value = sh[sv + 3 * i + 2]
            if value == 0:
                continue
            missing = 0
            done = 0
            for w in range(w_count):
                m = sh[sm + i * w_count + w]
                missing |= m & ~s[col + w]
                done += popcount(m & s[col + w])
            if missing:
                v += 0.5 * (done / sh[sv + 3 * i]) * value
        paint = PAINT + p * NC * MAXW
        for k in range(k_stars):
            if s[STARS + p * MAXK + k] != OPEN:
                continue
            colors = 0  # star_colors, written out
            for c in range(NC):
                hit = 0
                for w in range(w_count):
                    hit |= s[paint + c * MAXW + w] & sh[st + k * w_count + w]
                if hit:
                    colors += 1
            v += 0.5 * min(4, colors)
        out[p] = v


@jit
def evaluate_into(s: np.ndarray, sh: np.ndarray, out: np.ndarray) -> None:
    """The game's quick estimate (``State.evaluate``): the returns at the end, else the
    projected points as shares of the win (solo: against the target of 40)."""
    if s[TO_MOVE] == TERMINAL:
        returns_into(s, sh, out)
        return
    players = sh[NPL]
    projected_into(s, sh, out)
    if players == 1:
        out[0] = 1.0 / (1.0 + math.exp(-(out[0] - SOLO_TARGET) / 8.0))
        return
    best = out[0]
    for p in range(1, players):
        if out[p] > best:
            best = out[p]
    total = 0.0
    for p in range(players):
        out[p] = math.exp((out[p] - best) / 6.0)
        total += out[p]
    for p in range(players):
        out[p] = out[p] / total


# ---- legal moves ----------------------------------------------------------------------------


@jit
def allowed_into(s: np.ndarray, sh: np.ndarray, p: int, c: int, work: np.ndarray, at: int) -> int:
    """The shapes player ``p`` may color with pencil ``c`` (uncolored, touching no shape of
    that color), into ``work`` from ``at``; returns whether there is any."""
    full = sh[O_FULL]
    any_ = 0
    for w in range(sh[W]):
        x = sh[full + w] & ~(s[COLORED + p * MAXW + w] | s[TOUCH + (p * NC + c) * MAXW + w])
        work[at + w] = x
        any_ |= x
    return 1 if any_ else 0


@jit
def sets_into(
    sh: np.ndarray, work: np.ndarray, al: int, need: int, c: int, buf: np.ndarray, at: int
) -> int:
    """The takes of pencil ``c`` coloring ``need`` connected shapes inside the mask at
    ``work[al]``, written into ``buf`` from ``at``; returns how many."""
    w_count = sh[W]
    gm = sh[O_GMASK]
    gb = sh[O_GBLOCK] + need * (sh[N] + 1)
    cnt = at
    for w in range(w_count):
        x = work[al + w]
        while x:
            low = x & -x
            x ^= low
            v = w * BITS + low_index(low)
            if w_count == 1:
                a0 = work[al]
                for g in range(sh[gb + v], sh[gb + v + 1]):
                    if not sh[gm + g] & ~a0:
                        buf[cnt] = TAKE + g * 30 + c
                        cnt += 1
                continue
            for g in range(sh[gb + v], sh[gb + v + 1]):
                out = 0
                for w2 in range(w_count):
                    out |= sh[gm + g * w_count + w2] & ~work[al + w2]
                if not out:
                    buf[cnt] = TAKE + g * 30 + c
                    cnt += 1
    return cnt - at


@jit
def largest_sets(sh: np.ndarray, work: np.ndarray, al: int) -> tuple[int, int]:
    """The connected pieces of the mask at ``work[al]`` (none as large as the pencils
    counted): the ids of the largest into ``work[2n + MAXW ...]``; their size and number."""
    n = sh[N]
    w_count = sh[W]
    adj, gm, gb = sh[O_ADJ], sh[O_GMASK], sh[O_GBLOCK]
    deg = sh[DEG]
    seen, stack, piece, out = 0, n, 2 * n, 2 * n + MAXW
    for v in range(n):
        work[seen + v] = 0
    best = 0
    count = 0
    for v in range(n):  # v is the lowest shape of its piece: the pieces are found in order
        if work[seen + v] or not (work[al + v // BITS] >> (v % BITS)) & 1:
            continue
        work[seen + v] = 1
        for w in range(MAXW):
            work[piece + w] = 0
        size = 0
        work[stack] = v
        top = 1
        while top:
            top -= 1
            u = work[stack + top]
            work[piece + u // BITS] |= 1 << (u % BITS)
            size += 1
            for j in range(sh[adj + u * deg]):
                x = sh[adj + u * deg + 1 + j]
                if not work[seen + x] and (work[al + x // BITS] >> (x % BITS)) & 1:
                    work[seen + x] = 1
                    work[stack + top] = x
                    top += 1
        if size < best:
            continue
        if size > best:
            best = size
            count = 0
        row = gb + size * (n + 1)
        for g in range(sh[row + v], sh[row + v + 1]):
            same = True
            for w in range(w_count):
                if sh[gm + g * w_count + w] != work[piece + w]:
                    same = False
            if same:
                work[out + count] = g
                count += 1
                break
    return best, count


@jit
def cross_targets_into(s: np.ndarray, sh: np.ndarray, buf: np.ndarray) -> int:
    """Solo: what may be crossed off now: the sections not marked at all, else the low values
    left, else the stars left (RULES.md, ruling 6)."""
    cnt = 0
    for i in range(NS):
        if s[HIGH + i] == OPEN and s[LOW + i] == OPEN:
            buf[cnt] = i
            cnt += 1
    if cnt:
        return cnt
    for i in range(NS):
        if s[LOW + i] == OPEN:
            buf[cnt] = i
            cnt += 1
    if cnt:
        return cnt
    for k in range(sh[NK]):
        if s[STARS + k] == OPEN:
            buf[cnt] = NS + k
            cnt += 1
    return cnt


@jit
def fallback_into(
    s: np.ndarray,
    sh: np.ndarray,
    c: int,
    need: int,
    work: np.ndarray,
    al: int,
    buf: np.ndarray,
    at: int,
) -> int:
    """Pencil ``c`` cannot color ``need`` connected shapes: its takes of the largest pieces it
    can color (none: the empty take), circles filled for the rest; written into ``buf`` from
    ``at``, returns how many."""
    p = s[TO_MOVE]
    left = sh[NCIRC] - s[CIRC + p]
    size, count = largest_sets(sh, work, al)
    k = min(need - size, left)
    if count == 0:
        buf[at] = take_code(c, 0, k)
        return 1
    out = 2 * sh[N] + MAXW
    for j in range(count):
        buf[at + j] = take_code(c, work[out + j], k)
    return count


@jit
def legal_into(s: np.ndarray, sh: np.ndarray, buf: np.ndarray, work: np.ndarray) -> int:
    """The codes of the legal moves into ``buf``; returns how many. A take colors as many
    connected shapes as there are pencils in the middle; a pencil that cannot color that
    many colors the largest pieces it can and fills circles for the rest. Solo, when the
    pencils have just returned, the crossings off instead."""
    if s[TO_MOVE] == TERMINAL:
        return 0
    if s[CROSSING]:
        return cross_targets_into(s, sh, buf)
    al = 3 * sh[N] + MAXW
    p = s[TO_MOVE]
    pool = s[POOL]
    need = popcount(pool)
    cnt = 0
    for c in range(NC):
        if not (pool >> c) & 1:
            continue
        allowed_into(s, sh, p, c, work, al)
        found = sets_into(sh, work, al, need, c, buf, cnt)
        if found == 0:
            found = fallback_into(s, sh, c, need, work, al, buf, cnt)
        cnt += found
    return cnt


# ---- playing ----------------------------------------------------------------------------------


@jit
def solo_over(s: np.ndarray, sh: np.ndarray) -> bool:
    """Solo end: finished, or every section value and star scored or crossed off."""
    if s[NFIN] > 0:
        return True
    over = True
    for i in range(NS):
        if s[HIGH + i] == OPEN or s[LOW + i] == OPEN:
            over = False
    for k in range(sh[NK]):
        if s[STARS + k] == OPEN:
            over = False
    return over


@jit
def apply(s: np.ndarray, sh: np.ndarray, code: int) -> None:
    """Play ``code`` in place: take the pencil, color the set (the stars and sections it
    completes scored), fill the circles, then the next player (or, solo, the crossing off)."""
    players = sh[NPL]
    w_count = sh[W]
    solo = players == 1
    p = s[TO_MOVE]
    if code < TAKE:  # solo: cross off
        if code >= NS:
            s[STARS + code - NS] = CROSSED
        elif s[HIGH + code] == OPEN:
            s[HIGH + code] = CROSSED
        else:
            s[LOW + code] = CROSSED
        s[CROSSING] = 0
        s[TO_MOVE] = TERMINAL if solo_over(s, sh) else 0
        return
    c, gid, k = decode(code)
    s[POOL] &= ~(1 << c)
    paint = PAINT + (p * NC + c) * MAXW
    col = COLORED + p * MAXW
    touch = TOUCH + (p * NC + c) * MAXW
    gs = sh[O_GSHAPES] + 6 * gid
    tm = sh[O_TOUCHM]
    for j in range(sh[gs]):
        i = sh[gs + 1 + j]
        bit = 1 << (i % BITS)
        s[paint + i // BITS] |= bit
        s[col + i // BITS] |= bit
        for w in range(w_count):
            s[touch + w] |= sh[tm + i * w_count + w]
    s[CIRC + p] += k
    if gid:
        gm = sh[O_GMASK] + gid * w_count
        sm = sh[O_SECM]
        for i in range(NS):  # sections completed
            meets = 0
            rest = 0
            for w in range(w_count):
                m = sh[sm + i * w_count + w]
                meets |= m & sh[gm + w]
                rest |= m & ~s[col + w]
            if meets and not rest:
                if solo:
                    if s[HIGH + i] == OPEN:
                        s[HIGH + i] = p
                    if s[LOW + i] == OPEN:
                        s[LOW + i] = p
                elif s[HIGH + i] == OPEN:
                    s[HIGH + i] = p
                elif s[LOW + i] == OPEN:
                    s[LOW + i] = p
        st = sh[O_STARM]
        for kk in range(sh[NK]):  # stars surrounded
            if s[STARS + p * MAXK + kk] != OPEN:
                continue
            meets = 0
            rest = 0
            for w in range(w_count):
                m = sh[st + kk * w_count + w]
                meets |= m & sh[gm + w]
                rest |= m & ~s[col + w]
            if meets and not rest:
                s[STARS + p * MAXK + kk] = star_colors(s, sh, p, kk)
    done = False
    for j in range(s[NFIN]):
        if s[FIN + j] == p:
            done = True
    if not done:
        gap = 0
        for w in range(w_count):
            gap |= sh[sh[O_FULL] + w] & ~s[col + w]
        if gap == 0 or sh[NCIRC] - s[CIRC + p] <= 0:
            s[FIN + s[NFIN]] = p
            s[NFIN] += 1
    returned = s[POOL] == 0
    if returned:  # the last pencil: they all return (solo: all but the one just used)
        if solo:
            s[POOL] = ALL_PENCILS & ~(1 << c)
            s[HELD] = c
        else:
            s[POOL] = ALL_PENCILS
            s[HELD] = -1
    if solo:
        if returned and not solo_over(s, sh):
            s[CROSSING] = 1
        else:
            s[TO_MOVE] = TERMINAL if solo_over(s, sh) else 0
        return
    if s[NFIN] == players:
        s[TO_MOVE] = TERMINAL
        return
    for step in range(1, players + 1):
        q = (p + step) % players
        out = False
        for j in range(s[NFIN]):
            if s[FIN + j] == q:
                out = True
        if not out:
            s[TO_MOVE] = q
            return


# ---- many at once -----------------------------------------------------------------------------


@jit
def random_move(
    s: np.ndarray, sh: np.ndarray, rng: np.ndarray, buf: np.ndarray, work: np.ndarray
) -> int:
    """A legal move drawn uniformly from ``rng``, without listing them all where it can. A
    pencil whose sets of the size the pencils count, among those whose lowest shape it may
    color, are more than ``FEW`` brings them as *slots* (narrowed at once to its pieces of
    shapes large enough when none of the first ``PROBE`` tried fits): one drawn that does not
    fit is drawn again. Any other pencil brings its moves, listed. After ``LOOSE`` misses the
    slots are narrowed to the pieces large enough; after ``TRIES`` more every move is listed
    and one drawn. Each legal move is as likely at every stage, so in all."""
    if s[CROSSING]:
        return int(buf[rand_below(rng, cross_targets_into(s, sh, buf))])
    n = sh[N]
    w_count = sh[W]
    gm = sh[O_GMASK]
    p = s[TO_MOVE]
    pool = s[POOL]
    need = popcount(pool)
    gb = sh[O_GBLOCK] + need * (n + 1)
    by = sh[O_BYTES] + need * 8 * w_count * 256
    alc = 3 * n + 2 * MAXW  # per pencil: the shapes it may color
    slots = alc + NC * MAXW  # a pencil's slots, or its moves listed
    kind = slots + NC  # 1: slots to draw; 0: moves listed in buf
    total = 0
    listed = 0
    for c in range(NC):
        work[slots + c] = 0
        work[kind + c] = 0
        if not (pool >> c) & 1:
            continue
        al = alc + c * MAXW
        allowed_into(s, sh, p, c, work, al)
        acc = 0
        for w in range(w_count):
            x = work[al + w]
            for b in range(8):
                acc += sh[by + (w * 8 + b) * 256 + ((x >> (8 * b)) & 255)]
        found = 0
        if acc > FEW:  # many sets: slots, if one fits at all
            tried = 0
            probe = PROBE if w_count == 1 else sh[NG]  # larger sheets: every set if need be
            for w in range(w_count):
                x = work[al + w]
                while x and not found and tried < probe:
                    low = x & -x
                    x ^= low
                    v = w * BITS + low_index(low)
                    for g in range(sh[gb + v], sh[gb + v + 1]):
                        out = 0
                        for w2 in range(w_count):
                            out |= sh[gm + g * w_count + w2] & ~work[al + w2]
                        tried += 1
                        if not out:
                            found = 1
                            break
            if w_count == 1 and not found and tried >= probe:  # narrowed to the large pieces
                big = big_pieces(sh, work[al], need)
                if big:  # (with none, the pencil's moves are listed below from all its shapes)
                    work[al] = big
                    acc = 0
                    for b in range(8):
                        acc += sh[by + b * 256 + ((big >> (8 * b)) & 255)]
                    found = 1
            if found:
                work[kind + c] = 1
                work[slots + c] = acc
                total += acc
                continue
        else:
            found = sets_into(sh, work, al, need, c, buf, listed)
        if found == 0:
            found = fallback_into(s, sh, c, need, work, al, buf, listed)
        listed += found
        work[slots + c] = found
        total += found
    code = draw(sh, work, buf, rng, need, total, LOOSE)
    if code >= 0:
        return code
    if w_count == 1:  # narrow the slots to the pieces of ``need`` shapes or more, draw again
        total = 0
        for c in range(NC):
            if work[kind + c] == 1:
                al = alc + c * MAXW
                big = big_pieces(sh, work[al], need)
                work[al] = big
                acc = 0
                for b in range(8):
                    acc += sh[by + b * 256 + ((big >> (8 * b)) & 255)]
                work[slots + c] = acc
            total += work[slots + c]
        code = draw(sh, work, buf, rng, need, total, TRIES + total // 16)
        if code >= 0:
            return code
    cnt = legal_into(s, sh, buf, work)
    return int(buf[rand_below(rng, cnt)])


@jit
def big_pieces(sh: np.ndarray, al: int, need: int) -> int:
    """The shapes of the one-word mask ``al`` in its connected pieces of ``need`` shapes or
    more (where every set of ``need`` shapes inside ``al`` lies)."""
    tm = sh[O_TOUCHM]
    rest = al
    big = 0
    while rest:
        piece = rest & -rest
        frontier = piece
        while frontier:
            low = frontier & -frontier
            frontier ^= low
            new = sh[tm + low_index(low)] & rest & ~piece
            piece |= new
            frontier |= new
        rest &= ~piece
        if popcount(piece) >= need:
            big |= piece
    return big


@jit
def draw(
    sh: np.ndarray,
    work: np.ndarray,
    buf: np.ndarray,
    rng: np.ndarray,
    need: int,
    total: int,
    tries: int,
) -> int:
    """Up to ``tries`` draws among the ``total`` slots that :func:`random_move` laid out: the
    first that is a legal move (its code), or -1."""
    n = sh[N]
    w_count = sh[W]
    gm = sh[O_GMASK]
    gb = sh[O_GBLOCK] + need * (n + 1)
    by = sh[O_BYTES] + need * 8 * w_count * 256
    alc = 3 * n + 2 * MAXW
    slots = alc + NC * MAXW
    kind = slots + NC
    for _ in range(tries):
        r = rand_below(rng, total)
        first = 0  # where this pencil's listed moves begin in buf
        for c in range(NC):
            if r >= work[slots + c]:
                r -= work[slots + c]
                if work[kind + c] == 0:
                    first += work[slots + c]
                continue
            if work[kind + c] == 0:
                return int(buf[first + r])
            al = alc + c * MAXW
            g = -1
            for w in range(w_count):  # the slot's byte, then its lowest shape, then the set
                x = work[al + w]
                for b in range(8):
                    byte = (x >> (8 * b)) & 255
                    here = sh[by + (w * 8 + b) * 256 + byte]
                    if r >= here:
                        r -= here
                        continue
                    while g < 0:
                        low = byte & -byte
                        byte ^= low
                        v = w * BITS + 8 * b + low_index(low)
                        size = sh[gb + v + 1] - sh[gb + v]
                        if r < size:
                            g = sh[gb + v] + r
                        else:
                            r -= size
                    break
                if g >= 0:
                    break
            out = 0
            for w in range(w_count):
                out |= sh[gm + g * w_count + w] & ~work[al + w]
            if not out:
                return int(TAKE + g * 30 + c)
            break
    return -1


@jit
def playout(
    s: np.ndarray,
    sh: np.ndarray,
    rng: np.ndarray,
    buf: np.ndarray,
    work: np.ndarray,
    out: np.ndarray,
) -> None:
    """Play ``s`` to the end in place, each move drawn uniformly from the legal ones; the
    returns into ``out``."""
    while s[TO_MOVE] != TERMINAL:
        apply(s, sh, random_move(s, sh, rng, buf, work))
    returns_into(s, sh, out)


@jit
def random_games(
    s: np.ndarray, sh: np.ndarray, games: int, rng: np.ndarray, buf: np.ndarray, work: np.ndarray
) -> np.ndarray:
    """``games`` random playouts from ``s`` (left as it is): their returns, a row each."""
    out = np.empty((games, sh[NPL]))
    t = s.copy()
    for g in range(games):
        t[:] = s
        playout(t, sh, rng, buf, work, out[g])
    return out


@jit
def evaluate_after(s: np.ndarray, sh: np.ndarray, codes: np.ndarray) -> np.ndarray:
    """The evaluation (the returns where the game ends) after each move of ``codes`` from
    ``s`` (left as it is): one ply of look-ahead, a row a move."""
    out = np.empty((len(codes), sh[NPL]))
    t = s.copy()
    for j in range(len(codes)):
        t[:] = s
        apply(t, sh, codes[j])
        evaluate_into(t, sh, out[j])
    return out
