"""The Sagrada search's round planner and playouts compiled on the analysis core's state.

``search.py`` says what the search does and keeps the readable forms (``window_value`` in
``worth.py``, ``estimate`` and ``playout`` in ``search.py``); these are the same computations
over the core's state (``rules_core.py``), so that numba compiles them: the window's worth, the
best way to play the round's placements left, the planner's estimate after each move, and the
playouts that the search runs thousands of times a hint. ``tests/test_sagrada_search.py``
checks them against the readable forms.

``knobs`` is the window's worth's six numbers (``worth.KNOBS``) as a float64 array; a pile or a
set of cards to come is a bit mask of cards.
"""

from __future__ import annotations

import math

import numpy as np

from ..analysis import jit
from .rules_core import (
    CELLS,
    COLM,
    FULL,
    GRID,
    HAND,
    NHAND,
    OCC,
    ORDERS,
    OVER,
    ROUND,
    ROUNDS,
    TARGET,
    TO_DRAW,
    TURNS,
    UNKNOWN,
    VALM,
    WEIGHTS,
    WINDOW,
    NBOTTOM,
    BOTTOM,
    apply_move,
    beside,
    chance_pool,
    free_fields,
    popcount,
    put,
    score,
    take,
)

_LINE_POINTS = np.array([6, 5, 5, 4], dtype=np.int64)  # the four line orders, ids 6..9


@jit
def window_value(s: np.ndarray, allowed: np.ndarray, to_come: int, knobs: np.ndarray) -> float:
    """The window's worth in points (``worth.window_value``): the orders with credit for what
    is half built, less a charge for the empty fields the cards ``to_come`` cannot fill."""
    dead_c = knobs[0]
    frag1 = knobs[1]
    frag2 = knobs[2]
    power = knobs[3]
    pair = knobs[4]
    step = knobs[5]
    occ = s[OCC]
    free = FULL & ~occ
    one = 0
    two = 0
    three = 0
    for c in range(30):  # bit-sliced counts: fields that 1, 2, 3+ cards to come fit
        if (to_come >> c) & 1:
            m = allowed[c] & free & ~beside(s[COLM + c // 6]) & ~beside(s[VALM + c % 6])
            three |= two & m
            two |= one & m
            one |= m
    dead = free & ~one
    value = -(
        dead_c * popcount(dead)
        + frag1 * popcount(one & ~two & free)
        + frag2 * popcount(two & ~three & free)
    )
    counts = np.zeros(6, dtype=np.int64)
    colors = np.zeros(5, dtype=np.int64)
    sums = np.zeros(5, dtype=np.int64)
    for i in range(CELLS):
        c = s[GRID + i]
        if c >= 0:
            counts[c % 6] += 1
            colors[c // 6] += 1
            sums[c // 6] += c % 6 + 1
    for j in range(3):
        w = s[WEIGHTS + j]
        if not w:
            continue
        oid = s[ORDERS + j]
        if 6 <= oid <= 9:  # a line order: each row or column with no repeat yet, by its share
            rows = oid == 6 or oid == 8
            by_color = oid <= 7
            points = _LINE_POINTS[oid - 6]
            part = 0.0
            for line in range(4 if rows else 5):
                length = 5 if rows else 4
                seen = 0
                filled = 0
                ok = True
                for n in range(length):
                    i = 5 * line + n if rows else line + 5 * n
                    c = s[GRID + i]
                    if c < 0:
                        if (dead >> i) & 1:
                            ok = False
                            break
                        continue
                    k = 1 << (c // 6 if by_color else c % 6)
                    if seen & k:
                        ok = False
                        break
                    seen |= k
                    filled += 1
                if ok:
                    part += points * (filled / length) ** power
            value += w * part
        elif oid < 5:
            value += w * sums[oid]
        elif oid == 5:
            value += w * sums.max()
        elif oid <= 12:
            a = 2 * (oid - 10)
            na = counts[a]
            nb = counts[a + 1]
            value += w * (2 * min(na, nb) + pair * abs(na - nb))
        elif oid == 13:
            low = counts.min()
            value += w * (5 * low + step * np.sum(counts > low))
        else:
            low = colors.min()
            value += w * (4 * low + step * np.sum(colors > low))
    return float(value)


@jit
def _leaf(
    s: np.ndarray,
    allowed: np.ndarray,
    hand: np.ndarray,
    nh: int,
    pile: int,
    knobs: np.ndarray,
    final: bool,
) -> float:
    """The round's end as the planner judges it: the window's worth (its true score in the last
    round) less the values of the cards left in hand for the turn bar."""
    to_come = pile
    bar = 0
    for h in range(nh):
        to_come |= 1 << hand[h]
        bar += hand[h] % 6 + 1
    if final:
        return float(score(s)) - bar
    return window_value(s, allowed, to_come, knobs) - bar


@jit
def _best_last(
    s: np.ndarray,
    allowed: np.ndarray,
    hand: np.ndarray,
    nh: int,
    pile: int,
    knobs: np.ndarray,
    final: bool,
) -> float:
    """The value of the best placement of one of the ``nh`` cards of ``hand``, judged by the
    round's end right after it; the round's end as it stands when none fits."""
    best_v = -math.inf
    rest = np.empty(8, dtype=np.int64)
    for h in range(nh):
        c = hand[h]
        fields = free_fields(c, s[OCC], s[COLM + c // 6], s[VALM + c % 6], allowed[c], False)
        if not fields:
            continue
        k = 0
        for h2 in range(nh):
            if h2 != h:
                rest[k] = hand[h2]
                k += 1
        for i in range(CELLS):
            if (fields >> i) & 1:
                put(s, i, c)
                v = _leaf(s, allowed, rest, k, pile, knobs, final)
                take(s, i)
                if v > best_v:
                    best_v = v
    if best_v == -math.inf:
        return _leaf(s, allowed, hand, nh, pile, knobs, final)
    return best_v


@jit
def _best_one(
    s: np.ndarray,
    allowed: np.ndarray,
    hand: np.ndarray,
    nh: int,
    deeper: bool,
    pile: int,
    knobs: np.ndarray,
    final: bool,
) -> tuple[float, int, int]:
    """The best placement of one of the ``nh`` cards of ``hand``, each judged by the round's
    end right after it or (``deeper``) after the best placement of one more card: (value,
    card, field), the card -1 when none fits (the turn passes). ``s`` is put back."""
    best_v = -math.inf
    best_c = -1
    best_i = -1
    rest = np.empty(8, dtype=np.int64)
    for h in range(nh):
        c = hand[h]
        fields = free_fields(c, s[OCC], s[COLM + c // 6], s[VALM + c % 6], allowed[c], False)
        if not fields:
            continue
        k = 0
        for h2 in range(nh):
            if h2 != h:
                rest[k] = hand[h2]
                k += 1
        for i in range(CELLS):
            if not (fields >> i) & 1:
                continue
            put(s, i, c)
            if deeper and k > 0:
                v = _best_last(s, allowed, rest, k, pile, knobs, final)
            else:
                v = _leaf(s, allowed, rest, k, pile, knobs, final)
            take(s, i)
            if v > best_v:
                best_v = v
                best_c = c
                best_i = i
    if best_c < 0:
        return _leaf(s, allowed, hand, nh, pile, knobs, final), -1, -1
    return best_v, best_c, best_i


@jit
def best_plan(
    s: np.ndarray,
    allowed: np.ndarray,
    hand: np.ndarray,
    nh: int,
    turns: int,
    pile: int,
    knobs: np.ndarray,
    final: bool,
) -> tuple[float, int, int]:
    """The best way to play ``turns`` (0, 1 or 2) placements from the ``nh`` cards of
    ``hand`` (``_Plan.best``): (value, first card, its field), the card -1 when nothing is
    placed; the value is the window's worth after them less the values left for the bar."""
    if turns <= 0 or nh == 0:
        return _leaf(s, allowed, hand, nh, pile, knobs, final), -1, -1
    return _best_one(s, allowed, hand, nh, turns >= 2, pile, knobs, final)


@jit
def _pile(s: np.ndarray) -> int:
    """The cards still in the pile (unseen and returned), as a mask."""
    m = s[UNKNOWN]
    for j in range(s[NBOTTOM]):
        m |= 1 << s[BOTTOM + j]
    return int(m)


@jit
def estimate(s: np.ndarray, win: np.ndarray, round_: int, knobs: np.ndarray) -> float:
    """The planner's margin (score less target) of ``s``, reached by a move made in round
    ``round_`` (``search.estimate``): exact at the end; else the best rest of that round
    judged by the window's worth, less the target so far."""
    if s[OVER]:
        return float(score(s) - s[TARGET])
    turns = 2 - s[TURNS] if s[ROUND] == round_ and not s[TO_DRAW] else 0
    final = s[ROUND] == ROUNDS and turns > 0
    t = s.copy()
    v = best_plan(t, win[s[WINDOW], 0], t[HAND:], t[NHAND], turns, _pile(s), knobs, final)[0]
    return float(v - s[TARGET])


@jit
def rate_moves(s: np.ndarray, win: np.ndarray, codes: np.ndarray, knobs: np.ndarray) -> np.ndarray:
    """The planner's margin after each move of ``codes`` from ``s`` (left as it is); NaN for a
    move that leaves draws to come within the round (Redraw: the search averages its draws)."""
    round_ = s[ROUND]
    out = np.empty(len(codes))
    for j in range(len(codes)):
        t = s.copy()
        apply_move(t, codes[j])
        if t[TO_DRAW] and t[ROUND] == round_ and not t[OVER]:
            out[j] = math.nan
        else:
            out[j] = estimate(t, win, round_, knobs)
    return out


@jit
def playout(s: np.ndarray, win: np.ndarray, order: np.ndarray, knobs: np.ndarray) -> int:
    """Play ``s`` (between turns or before a round's draws) to the end, in place, and return
    the margin (``search.playout``): the unseen cards come in ``order`` (those not in it after,
    in card order, then the returned ones), every turn places the card and field the planner
    rates best one turn deep, the cards left in hand go to the turn bar; no tool is used."""
    if s[OVER]:
        return int(score(s) - s[TARGET])
    allowed = win[s[WINDOW], 0]
    deck = np.empty(64, dtype=np.int64)
    nd = 0
    unknown = s[UNKNOWN]
    seen = 0
    for j in range(len(order)):
        c = order[j]
        if (unknown >> c) & 1:
            deck[nd] = c
            nd += 1
            seen |= 1 << c
    for c in range(30):
        if (unknown >> c) & 1 and not (seen >> c) & 1:
            deck[nd] = c
            nd += 1
    for j in range(s[NBOTTOM]):
        deck[nd] = s[BOTTOM + j]
        nd += 1
    pile = 0
    for j in range(nd):
        pile |= 1 << deck[j]
    hand = np.empty(8, dtype=np.int64)
    nh = s[NHAND]
    for h in range(nh):
        hand[h] = s[HAND + h]
    top = 0
    to_draw = s[TO_DRAW]
    turns = s[TURNS]
    round_ = s[ROUND]
    target = s[TARGET]
    while True:
        while to_draw and top < nd:
            hand[nh] = deck[top]
            pile &= ~(1 << deck[top])
            nh += 1
            top += 1
            to_draw -= 1
        to_draw = 0
        final = round_ == ROUNDS
        while turns < 2:
            _, c, i = best_plan(s, allowed, hand, nh, 1, pile, knobs, final)
            if c >= 0:
                put(s, i, c)
                k = 0
                for h in range(nh):
                    if hand[h] != c:
                        hand[k] = hand[h]
                        k += 1
                nh = k
            turns += 1
        for h in range(nh):
            target += hand[h] % 6 + 1
        nh = 0
        if round_ >= ROUNDS:
            break
        round_ += 1
        turns = 0
        to_draw = 3
    return int(score(s) - target)


@jit
def next_draw(s: np.ndarray, order: np.ndarray, buf: np.ndarray) -> int:
    """The card a playout draws next (``SagradaSearch._next``): the first of ``order`` still
    unseen (else the lowest unseen), or the next returned card, or the lowest discard."""
    unknown = s[UNKNOWN]
    if unknown:
        for j in range(len(order)):
            if (unknown >> order[j]) & 1:
                return int(order[j])
        for c in range(30):
            if (unknown >> c) & 1:
                return c
    chance_pool(s, buf)
    return int(buf[0])


@jit
def played_out(
    after: np.ndarray,
    active: np.ndarray,
    round_: int,
    win: np.ndarray,
    order: np.ndarray,
    knobs: np.ndarray,
    margins: np.ndarray,
) -> None:
    """One order of the pile played out after each active leading move: ``after[k]`` is the
    state after move ``k`` (Redraw's draws still to come, taken from ``order``); its final
    margin goes to ``margins[k]``."""
    buf = np.empty(32, dtype=np.int64)
    for k in range(len(active)):
        if not active[k]:
            continue
        t = after[k].copy()
        while t[TO_DRAW] and t[ROUND] == round_ and not t[OVER]:
            apply_move(t, next_draw(t, order, buf))
        margins[k] = playout(t, win, order, knobs)


# --------------------------------------------------------------------------------------------
# The search's bookkeeping: sums in one fixed order, the same compiled or not on any machine


@jit
def total(values: np.ndarray, n: int) -> float:
    """The sum of the first ``n`` playout values of a move, added first to last."""
    acc = 0.0
    for j in range(n):
        acc += values[j]
    return acc


@jit
def surely_worse(best: np.ndarray, other: np.ndarray, n: int, z: float) -> bool:
    """Whether a move whose first ``n`` playouts are ``other`` plays worse than the one whose
    playouts are ``best`` beyond doubt: their differences on the same orders of the pile, ``z``
    standard errors above zero."""
    acc = 0.0
    for j in range(n):
        acc += best[j] - other[j]
    mean = acc / n
    sq = 0.0
    for j in range(n):
        d = best[j] - other[j] - mean
        sq += d * d
    var = sq / (n - 1)
    return mean > z * math.sqrt(var / n) and mean > 0
