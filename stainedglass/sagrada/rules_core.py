"""Sagrada solo's rules compiled for search: the analysis core's state and moves as numbers.

The readable rules are ``state.py`` (with ``tools.py``, ``placement.py`` and ``scoring.py``);
this module is the same rules over one ``int64`` array, so that numba can compile them
(``stainedglass.analysis.jit``). ``simulator.py`` is the face that Python and the searches see;
``tests/test_sagrada_simulator.py`` plays random games through both and proves them equal.

The state (``N`` numbers, fields at the offsets named below):

* ``GRID`` 20 fields in reading order, the card there or -1; ``OCC`` the filled fields as a bit
  mask; ``COLM`` 5 and ``VALM`` 6 masks: per color and per value, the fields holding one;
* ``HAND`` the drawn cards not yet used (``NHAND`` of them, in draw order);
* ``BAR`` the turn bar: 10 stacks of up to 3 cards (``BARLEN`` each, ``NBAR`` stacks) and
  ``TARGET``, the sum of their values;
* ``UNKNOWN`` the unseen cards of the pile (a bit per card), ``BOTTOM`` the returned cards at its
  bottom, top first (``NBOTTOM``), ``DISC`` the discards in order (``NDISC``);
* ``TOOLS`` the tools in play not yet used and ``INPLAY`` those in play (bits in ``TOOL_IDS``
  order), ``USED`` the used ones in order (``NUSED``);
* ``ROUND``, ``TURNS`` played this round, ``TOOL_ROUND`` (a tool used this round),
  ``PLACED_ROUND``, ``TO_DRAW``, ``OVER``, ``RESHUFFLES``;
* ``WINDOW`` the window's row in the simulator's table, ``ORDERS`` the three orders (index in
  ``ORDER_LIST``) and ``WEIGHTS`` theirs (unique first, as the engine keeps them).

A card is ``color * 6 + value - 1`` (cards.py). Move codes: ``draw C`` is ``C``; ``place C F`` is
``PLACE + 20 * C + F``; ``pass`` is ``PASS``; a tool is ``TOOL + (tool * 5 + paying card's color)
* SPAN`` plus its words (cards or fields, as the notation) in base 31, 30 for a missing one.

The static data is ``win``: per window, ``win[w, 0]`` the fields each card may go on, ``win[w,
1]`` ignoring color restrictions (Eglomise Brush), ``win[w, 2]`` ignoring value ones (Copper
Foil Burnisher).
"""

from __future__ import annotations

import math

import numpy as np

from ..analysis import jit, rand_below

GRID = 0
OCC = 20
COLM = 21
VALM = 26
HAND = 32
NHAND = 35
BAR = 36
BARLEN = 66
NBAR = 76
UNKNOWN = 77
BOTTOM = 78
NBOTTOM = 108
DISC = 109
NDISC = 139
TOOLS = 140
INPLAY = 141
USED = 142
NUSED = 151
ROUND = 152
TURNS = 153
TOOL_ROUND = 154
PLACED_ROUND = 155
TO_DRAW = 156
OVER = 157
RESHUFFLES = 158
WINDOW = 159
ORDERS = 160
WEIGHTS = 163
TARGET = 166
N = 167

ROUNDS = 10
CELLS = 20
FULL = (1 << CELLS) - 1
COL_A = 1 | (1 << 5) | (1 << 10) | (1 << 15)
NOT_A = FULL & ~COL_A
NOT_E = FULL & ~(COL_A << 4)
EDGE = FULL & ~((0b01110 << 5) | (0b01110 << 10))

PLACE = 30
PASS = 630
TOOL = 631
SPAN = 31**4
NONE = 30  # a word a tool move leaves out

# the tools, in TOOL_IDS order (tools.py)
REDRAW, GROZING, GRINDING, EGLOMISE, BURNISHER, LATHEKIN, TAPWHEEL, LENSCUTTER, STRAIGHTEDGE = (
    range(9)
)
PIPS = np.array([3, 1, 6, 2, 5, 4, 4, 2, 5], dtype=np.int64)

MAX_MOVES = 1 << 18
"""Room for the legal moves of any position (Lathekin's double moves are the most)."""


# --------------------------------------------------------------------------------------------
# The window's geometry (windows.py) and where a card may go (placement.py)


@jit
def around(m: int) -> int:
    """The fields of ``m`` grown by one step in all eight directions, inside the window."""
    h = m | ((m << 1) & NOT_A) | ((m >> 1) & NOT_E)
    return (h | (h << 5) | (h >> 5)) & FULL


@jit
def beside(m: int) -> int:
    """The fields orthogonally next to a field of ``m``."""
    return ((m << 1) & NOT_A) | ((m >> 1) & NOT_E) | ((m << 5) & FULL) | (m >> 5)


@jit
def popcount(m: int) -> int:
    """How many fields (or cards) the mask ``m`` holds."""
    n = 0
    while m:
        m &= m - 1
        n += 1
    return n


@jit
def free_fields(c: int, occ: int, colm: int, valm: int, allowed: int, alone: bool) -> int:
    """The fields card ``c`` may go on (rule 3): on an edge first, then next to a placed card
    (``alone``: next to none, Cork-backed Straightedge), never orthogonally next to a card of
    its color (``colm``) or value (``valm``), and meeting the field's restriction (``allowed``)."""
    if occ == 0:
        base = EDGE
    elif alone:
        base = FULL & ~around(occ)
    else:
        base = around(occ) & ~occ
    return base & allowed & ~beside(colm) & ~beside(valm)


@jit
def put(s: np.ndarray, i: int, c: int) -> None:
    """Lay card ``c`` on field ``i``."""
    b = 1 << i
    s[GRID + i] = c
    s[OCC] |= b
    s[COLM + c // 6] |= b
    s[VALM + c % 6] |= b


@jit
def take(s: np.ndarray, i: int) -> int:
    """Lift the card off field ``i``; returns it."""
    c = s[GRID + i]
    b = ~(1 << i)
    s[GRID + i] = -1
    s[OCC] &= b
    s[COLM + c // 6] &= b
    s[VALM + c % 6] &= b
    return int(c)


# --------------------------------------------------------------------------------------------
# Move codes


@jit
def tool_code(t: int, pay: int, a0: int, a1: int, a2: int, a3: int) -> int:
    """The code of tool ``t`` paid with card ``pay``, its words ``a0..a3`` (``NONE`` if left out)."""
    return TOOL + (t * 5 + pay // 6) * SPAN + a0 + 31 * a1 + 961 * a2 + 29791 * a3


@jit
def in_pile(s: np.ndarray, c: int) -> bool:
    """Whether card ``c`` is still in the pile (unseen, or returned to its bottom)."""
    if (s[UNKNOWN] >> c) & 1:
        return True
    for j in range(s[NBOTTOM]):  # noqa: SIM110 - a plain loop compiles
        if s[BOTTOM + j] == c:
            return True
    return False


@jit
def pile_size(s: np.ndarray) -> int:
    """The cards in the pile: unseen and returned."""
    return popcount(s[UNKNOWN]) + int(s[NBOTTOM])


# --------------------------------------------------------------------------------------------
# The legal moves


@jit
def chance_pool(s: np.ndarray, buf: np.ndarray) -> int:
    """At a draw: the cards that may come into ``buf`` (their count returned), each equally
    likely: the unseen cards, else the next returned card, else the discards reshuffled."""
    n = 0
    unknown = s[UNKNOWN]
    if unknown:
        for c in range(30):
            if (unknown >> c) & 1:
                buf[n] = c
                n += 1
    elif s[NBOTTOM]:
        buf[0] = s[BOTTOM]
        n = 1
    else:
        for j in range(s[NDISC]):
            buf[n] = s[DISC + j]
            n += 1
        buf[:n] = np.sort(buf[:n])
    return n


@jit
def _single_moves(
    s: np.ndarray,
    occ: int,
    allowed: np.ndarray,
    sources: int,
    buf: np.ndarray,
    n: int,
    base: int,
    mult: int,
) -> int:
    """Every (from, to) move of one placed card of ``sources`` obeying the placement rules
    with the restrictions ``allowed``, as codes ``base + mult * (from + 31 * to)``."""
    for src in range(CELLS):
        if not (sources >> src) & 1:
            continue
        c = s[GRID + src]
        b = 1 << src
        k = COLM + c // 6
        v = VALM + c % 6
        dest = free_fields(c, occ & ~b, s[k] & ~b, s[v] & ~b, allowed[c], False) & ~b
        for t in range(CELLS):
            if (dest >> t) & 1:
                buf[n] = base + mult * (src + 31 * t)
                n += 1
    return n


@jit
def _double_moves(
    s: np.ndarray,
    sources: int,
    same_color: bool,
    allowed: np.ndarray,
    buf: np.ndarray,
    n: int,
    base: int,
) -> int:
    """Two moves in a row of two different placed cards from ``sources`` (Lathekin; Tap Wheel,
    the second of the first's color), each obeying the placement rules."""
    occ = s[OCC]
    for s1 in range(CELLS):
        if not (sources >> s1) & 1:
            continue
        c = s[GRID + s1]
        b1 = 1 << s1
        k = COLM + c // 6
        v = VALM + c % 6
        dest = free_fields(c, occ & ~b1, s[k] & ~b1, s[v] & ~b1, allowed[c], False) & ~b1
        for t1 in range(CELLS):
            if not (dest >> t1) & 1:
                continue
            bt = 1 << t1
            s[GRID + s1] = -1
            s[GRID + t1] = c
            s[k] ^= b1 | bt
            s[v] ^= b1 | bt
            if same_color:
                second = sources & ~b1 & ~bt & s[k]
            else:
                second = occ & ~b1 & ~bt
            n = _single_moves(s, occ ^ b1 ^ bt, allowed, second, buf, n, base + s1 + 31 * t1, 961)
            s[GRID + s1] = c
            s[GRID + t1] = -1
            s[k] ^= b1 | bt
            s[v] ^= b1 | bt
    return n


@jit
def tool_moves(s: np.ndarray, t: int, win: np.ndarray, buf: np.ndarray, n: int) -> int:
    """Every legal use of tool ``t`` now (tools.py, ``tool_options``), as codes after ``n``."""
    pips = PIPS[t]
    w = s[WINDOW]
    nh = s[NHAND]
    for h in range(nh):
        pay = s[HAND + h]
        if pay % 6 + 1 != pips:
            continue
        base = tool_code(t, pay, 0, 0, NONE, NONE)  # one card moved
        base2 = tool_code(t, pay, 0, 0, 0, 0)  # two cards moved
        if t == REDRAW:
            if pile_size(s) + s[NDISC] >= nh - 1:
                buf[n] = tool_code(t, pay, NONE, NONE, NONE, NONE)
                n += 1
        elif t in (GROZING, GRINDING, LENSCUTTER, STRAIGHTEDGE):
            for h2 in range(nh):
                x = s[HAND + h2]
                if x == pay:
                    continue
                col = x // 6
                val = x % 6 + 1
                if t == GROZING:
                    for dv in (-1, 1):
                        if 1 <= val + dv <= 6:
                            y = col * 6 + val + dv - 1
                            if in_pile(s, y):
                                buf[n] = tool_code(t, pay, x, y, NONE, NONE)
                                n += 1
                elif t == GRINDING:
                    if in_pile(s, col * 6 + 6 - val):
                        buf[n] = tool_code(t, pay, x, NONE, NONE, NONE)
                        n += 1
                elif t == LENSCUTTER:
                    for r in range(s[NBAR]):
                        for j in range(s[BARLEN + r]):
                            buf[n] = tool_code(t, pay, x, s[BAR + 3 * r + j], NONE, NONE)
                            n += 1
                elif s[PLACED_ROUND] == 0:  # Cork-backed Straightedge
                    free = free_fields(
                        x, s[OCC], s[COLM + col], s[VALM + x % 6], win[w, 0, x], True
                    )
                    for i in range(CELLS):
                        if (free >> i) & 1:
                            buf[n] = tool_code(t, pay, x, i, NONE, NONE)
                            n += 1
        elif t in (EGLOMISE, BURNISHER):
            table = win[w, 1] if t == EGLOMISE else win[w, 2]
            n = _single_moves(s, s[OCC], table, s[OCC], buf, n, base, 1)
        elif t == LATHEKIN:
            n = _double_moves(s, s[OCC], False, win[w, 0], buf, n, base2)
        else:  # Tap Wheel: one or two cards of one color that is on the turn bar
            sources = 0
            for r in range(s[NBAR]):
                for j in range(s[BARLEN + r]):
                    sources |= s[COLM + s[BAR + 3 * r + j] // 6]
            n = _single_moves(s, s[OCC], win[w, 0], sources, buf, n, base, 1)
            n = _double_moves(s, sources, True, win[w, 0], buf, n, base2)
    return n


@jit
def legal_moves(s: np.ndarray, win: np.ndarray, buf: np.ndarray) -> int:
    """The legal moves' codes into ``buf`` (their count returned): at a draw the cards that may
    come; else every placement of a drawn card (``pass`` when none fits) and, unless a tool
    was used this round, every use of each tool left."""
    if s[OVER]:
        return 0
    if s[TO_DRAW]:
        return chance_pool(s, buf)
    n = 0
    w = s[WINDOW]
    occ = s[OCC]
    for h in range(s[NHAND]):
        c = s[HAND + h]
        free = free_fields(c, occ, s[COLM + c // 6], s[VALM + c % 6], win[w, 0, c], False)
        for i in range(CELLS):
            if (free >> i) & 1:
                buf[n] = PLACE + 20 * c + i
                n += 1
    if n == 0:
        buf[0] = PASS
        n = 1
    if not s[TOOL_ROUND]:
        tools = s[TOOLS]
        for t in range(9):
            if (tools >> t) & 1:
                n = tool_moves(s, t, win, buf, n)
    return n


# --------------------------------------------------------------------------------------------
# Playing


@jit
def _remove_hand(s: np.ndarray, c: int) -> None:
    """Take card ``c`` out of the hand, the others keeping their order."""
    nh = s[NHAND]
    j = 0
    for h in range(nh):
        x = s[HAND + h]
        if x != c:
            s[HAND + j] = x
            j += 1
    for h in range(j, nh):
        s[HAND + h] = 0
    s[NHAND] = j


@jit
def _swap_hand(s: np.ndarray, x: int, y: int) -> None:
    """Card ``y`` takes the place of card ``x`` in the hand."""
    for h in range(s[NHAND]):
        if s[HAND + h] == x:
            s[HAND + h] = y
            return


@jit
def _end_round(s: np.ndarray) -> None:
    """Rule 2: what is left of the drawn cards goes to the turn bar as one stack; the game
    ends after round 10, else the next round draws three."""
    r = s[NBAR]
    nh = s[NHAND]
    for h in range(nh):
        c = s[HAND + h]
        s[BAR + 3 * r + h] = c
        s[HAND + h] = 0
        s[TARGET] += c % 6 + 1
    s[BARLEN + r] = nh
    s[NBAR] = r + 1
    s[NHAND] = 0
    if s[ROUND] == ROUNDS:
        s[OVER] = 1
        return
    s[ROUND] += 1
    s[TURNS] = 0
    s[TOOL_ROUND] = 0
    s[PLACED_ROUND] = 0
    s[TO_DRAW] = 3


@jit
def _turn_done(s: np.ndarray) -> None:
    """A turn is over; after two (and no draws pending) the round ends."""
    s[TURNS] += 1
    if s[TURNS] >= 2 and not s[TO_DRAW]:
        _end_round(s)


@jit
def _draw(s: np.ndarray, c: int) -> None:
    """Card ``c`` comes from the pile into the hand (an empty pile is first refilled with the
    discards, rule 5)."""
    if (s[UNKNOWN] >> c) & 1:
        s[UNKNOWN] &= ~(1 << c)
    elif s[NBOTTOM]:
        nb = s[NBOTTOM]
        for j in range(nb - 1):
            s[BOTTOM + j] = s[BOTTOM + j + 1]
        s[BOTTOM + nb - 1] = 0
        s[NBOTTOM] = nb - 1
    else:
        m = 0
        for j in range(s[NDISC]):
            m |= 1 << s[DISC + j]
            s[DISC + j] = 0
        s[UNKNOWN] = m & ~(1 << c)
        s[NDISC] = 0
        s[RESHUFFLES] += 1
    s[HAND + s[NHAND]] = c
    s[NHAND] += 1
    s[TO_DRAW] -= 1
    if not s[TO_DRAW] and s[TURNS] >= 2:
        _end_round(s)


@jit
def _use_tool(s: np.ndarray, t: int, pay: int, a0: int, a1: int, a2: int, a3: int) -> None:
    """Pay for tool ``t``, discard it, and do what it does (state.py, ``_use_tool``)."""
    _remove_hand(s, pay)
    s[DISC + s[NDISC]] = pay
    s[NDISC] += 1
    s[TOOLS] &= ~(1 << t)
    s[USED + s[NUSED]] = t
    s[NUSED] += 1
    s[TOOL_ROUND] = 1
    if t == REDRAW:
        nh = s[NHAND]
        if pile_size(s) < nh:  # too few new cards: the discards but the payment reshuffled
            m = s[UNKNOWN]
            for j in range(s[NDISC]):
                d = s[DISC + j]
                if d != pay:
                    m |= 1 << d
                s[DISC + j] = 0
            s[UNKNOWN] = m
            s[DISC] = pay
            s[NDISC] = 1
            s[RESHUFFLES] += 1
        for h in range(nh):
            s[BOTTOM + s[NBOTTOM]] = s[HAND + h]
            s[NBOTTOM] += 1
            s[HAND + h] = 0
        s[NHAND] = 0
        s[TO_DRAW] = nh
    elif t in (GROZING, GRINDING):
        y = a1 if t == GROZING else (a0 // 6) * 6 + 6 - (a0 % 6 + 1)
        if (s[UNKNOWN] >> y) & 1:
            s[UNKNOWN] &= ~(1 << y)
        else:
            nb = s[NBOTTOM]
            j = 0
            found = False
            for k in range(nb):
                b = s[BOTTOM + k]
                if b == y and not found:
                    found = True
                    continue
                s[BOTTOM + j] = b
                j += 1
            for k in range(j, nb):
                s[BOTTOM + k] = 0
            s[NBOTTOM] = j
        _swap_hand(s, a0, y)
        s[BOTTOM + s[NBOTTOM]] = a0
        s[NBOTTOM] += 1
    elif t == LENSCUTTER:
        _swap_hand(s, a0, a1)
        for r in range(s[NBAR]):
            for j in range(s[BARLEN + r]):
                if s[BAR + 3 * r + j] == a1:
                    s[BAR + 3 * r + j] = a0
        s[TARGET] += a0 % 6 - a1 % 6
    elif t == STRAIGHTEDGE:
        _remove_hand(s, a0)
        put(s, a1, a0)
        s[PLACED_ROUND] += 1
        s[TURNS] = 1  # the round's placement: it takes both turns
    else:
        put(s, a1, take(s, a0))
        if a2 != NONE:
            put(s, a3, take(s, a2))


@jit
def apply_move(s: np.ndarray, code: int) -> None:
    """Play the move (or draw) ``code``, legal in ``s``, in place."""
    if code < PLACE:
        _draw(s, code)
    elif code < PASS:
        c = (code - PLACE) // 20
        _remove_hand(s, c)
        put(s, (code - PLACE) % 20, c)
        s[PLACED_ROUND] += 1
        _turn_done(s)
    elif code == PASS:
        _turn_done(s)
    else:
        x = code - TOOL
        tp = x // SPAN
        a = x % SPAN
        t = tp // 5
        pay = (tp % 5) * 6 + PIPS[t] - 1
        _use_tool(s, t, pay, a % 31, (a // 31) % 31, (a // 961) % 31, a // 29791)
        _turn_done(s)


# --------------------------------------------------------------------------------------------
# Scoring (scoring.py) and the quick estimate (consequences.py, projected_margin)


@jit
def _line_ok(s: np.ndarray, first: int, step: int, count: int, by_color: bool) -> bool:
    """Whether a row or column (``count`` fields from ``first``, ``step`` apart) is full and
    repeats no color (``by_color``) or value."""
    seen = 0
    for j in range(count):
        c = s[GRID + first + step * j]
        if c < 0:
            return False
        k = 1 << (c // 6 if by_color else c % 6)
        if seen & k:
            return False
        seen |= k
    return True


@jit
def order_points(s: np.ndarray, oid: int) -> int:
    """The points order ``oid`` (its index in ``ORDER_LIST``) gives the window as it is."""
    if oid <= 5:  # Shades of a color; of Choice: the best color's sum
        sums = np.zeros(5, dtype=np.int64)
        for i in range(CELLS):
            c = s[GRID + i]
            if c >= 0:
                sums[c // 6] += c % 6 + 1
        return int(sums[oid]) if oid < 5 else int(sums.max())
    if oid <= 9:
        rows = oid == 6 or oid == 8
        by_color = oid <= 7
        each = (6, 5, 5, 4)[oid - 6]
        n = 0
        if rows:
            for r in range(4):
                if _line_ok(s, 5 * r, 1, 5, by_color):
                    n += 1
        else:
            for col in range(5):
                if _line_ok(s, col, 5, 4, by_color):
                    n += 1
        return each * n
    counts = np.zeros(6, dtype=np.int64)
    colors = np.zeros(5, dtype=np.int64)
    for i in range(CELLS):
        c = s[GRID + i]
        if c >= 0:
            counts[c % 6] += 1
            colors[c // 6] += 1
    if oid <= 12:  # Light, Medium, Deep Shades: pairs
        a = 2 * (oid - 10)
        return 2 * int(min(counts[a], counts[a + 1]))
    if oid == 13:
        return 5 * int(counts.min())
    return 4 * int(colors.min())


@jit
def score(s: np.ndarray) -> int:
    """Rule 4: the weighted orders minus 3 per empty field."""
    total = 0
    for j in range(3):
        w = s[WEIGHTS + j]
        if w:
            total += w * order_points(s, s[ORDERS + j])
    return int(total - 3 * (CELLS - popcount(s[OCC])))


@jit
def projected_margin(s: np.ndarray) -> float:
    """The final margin as the position promises it: the margin so far, each field the turns
    left can fill worth 4.5, each round to come adding 2.5 to the target; exact at the end."""
    margin = score(s) - s[TARGET]
    if s[OVER]:
        return float(margin)
    rounds_after = ROUNDS - s[ROUND]
    turns_left = 2 * rounds_after + 2 - s[TURNS]
    fill = min(CELLS - popcount(s[OCC]), turns_left)
    return float(margin + 4.5 * fill - 2.5 * (rounds_after + 1))


@jit
def returns(s: np.ndarray) -> float:
    """At the end: 1 when the score reaches the target, else 0."""
    return 1.0 if score(s) >= s[TARGET] else 0.0


@jit
def evaluate(s: np.ndarray) -> float:
    """The chance to win as ``evaluate()`` reckons it: the projected margin squashed into
    0..1; the returns at the end."""
    if s[OVER]:
        return returns(s)
    return 1.0 / (1.0 + math.exp(-projected_margin(s) / 6.0))


# --------------------------------------------------------------------------------------------
# The hot loops


@jit
def sample_chance(s: np.ndarray, rng: np.ndarray, buf: np.ndarray) -> int:
    """A draw's card, each that may come equally likely, from ``rng``."""
    n = chance_pool(s, buf)
    return int(buf[rand_below(rng, n)])


@jit
def playout(s: np.ndarray, win: np.ndarray, rng: np.ndarray, buf: np.ndarray) -> float:
    """Play ``s`` to the end in place, each move drawn uniformly from the legal ones and each
    draw from the cards that may come, from ``rng``; the returns."""
    while not s[OVER]:
        if s[TO_DRAW]:
            apply_move(s, sample_chance(s, rng, buf))
        else:
            n = legal_moves(s, win, buf)
            apply_move(s, buf[rand_below(rng, n)])
    return returns(s)


@jit
def random_games(
    s: np.ndarray, win: np.ndarray, games: int, rng: np.ndarray, buf: np.ndarray
) -> np.ndarray:
    """``games`` random playouts from ``s`` (left as it is): their returns."""
    out = np.empty((games, 1))
    for g in range(games):
        out[g, 0] = playout(s.copy(), win, rng, buf)
    return out


@jit
def evaluate_after(s: np.ndarray, codes: np.ndarray) -> np.ndarray:
    """After each move of ``codes`` from ``s`` (left as it is): the returns where the game
    ends, else the quick estimate."""
    out = np.empty((len(codes), 1))
    for j in range(len(codes)):
        t = s.copy()
        apply_move(t, codes[j])
        out[j, 0] = evaluate(t)
    return out


# --------------------------------------------------------------------------------------------
# What the player sees (state.py, ``observation``)


@jit
def observe(s: np.ndarray, fields: np.ndarray, out: np.ndarray) -> None:
    """The engine's ``observation(0)`` into ``out`` (612 numbers, zeroed here): per field its
    restriction (``fields[w, i]``: -1 blank, 0-4 a color, 5-10 a value) and the card there;
    per card whether it is drawn, returned to the pile, discarded, on the turn bar; the round
    and turn; the draws to come, the pile; the tools in play and used; a tool and the
    placements this round; the orders and their weights."""
    out[:] = 0.0
    w = s[WINDOW]
    for i in range(CELLS):
        f = fields[w, i]
        if f >= 0:
            out[22 * i + f] = 1.0
        c = s[GRID + i]
        if c >= 0:
            out[22 * i + 11 + c // 6] = 1.0
            out[22 * i + 16 + c % 6] = 1.0
    k = 22 * CELLS
    for h in range(s[NHAND]):
        out[k + s[HAND + h]] = 1.0
    for j in range(s[NBOTTOM]):
        out[k + 30 + s[BOTTOM + j]] = 1.0
    for j in range(s[NDISC]):
        out[k + 60 + s[DISC + j]] = 1.0
    for r in range(s[NBAR]):
        for j in range(s[BARLEN + r]):
            out[k + 90 + s[BAR + 3 * r + j]] = 1.0
    k += 120
    out[k + min(s[ROUND], ROUNDS) - 1] = 1.0
    out[k + 10 + min(s[TURNS] + 1, 2) - 1] = 1.0
    k += 12
    out[k] = s[TO_DRAW] / 3
    out[k + 1] = pile_size(s) / 30
    for t in range(9):
        out[k + 2 + t] = float((s[TOOLS] >> t) & 1)
    for j in range(s[NUSED]):
        out[k + 11 + s[USED + j]] = 1.0
    out[k + 20] = float(s[TOOL_ROUND])
    out[k + 21] = s[PLACED_ROUND] / 2
    for j in range(3):
        out[k + 22 + s[ORDERS + j]] = 1.0
    out[k + 37] = s[WEIGHTS + 1] / 2
    out[k + 38] = s[WEIGHTS + 2] / 2
    out[k + 39] = s[WEIGHTS] / 2
