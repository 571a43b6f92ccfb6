"""Coloring's own search (``search.py``) compiled: its rating of a position in points and its
playouts, on the analysis core (``kernel.py``: the position array ``s``, the sheet ``sh``).

The ratings are ``search.worth`` and ``search.margin`` (``MODE_WORTH``), or the game's own
projected margin (``MODE_PROJECTED``), written again over the core's arrays; the tests hold
them equal. (numba's cache is kept per file: after a change to ``kernel.py``, touch this file
too.)
"""

from __future__ import annotations

import numpy as np

from ..analysis import jit, rand_below
from .kernel import (
    CIRC,
    COLORED,
    FIN,
    HIGH,
    LOW,
    MAXK,
    MAXP,
    MAXW,
    NC,
    NCIRC,
    NFIN,
    NK,
    NPL,
    NS,
    O_FULL,
    O_SECM,
    O_SECV,
    OPEN,
    SOLO_TARGET,
    STARS,
    TERMINAL,
    TOUCH,
    W,
    apply,
    legal_into,
    popcount,
    projected_into,
    returns_into,
    score_of,
    star_colors,
)

MODE_WORTH = 0
MODE_PROJECTED = 1


@jit
def worth(s: np.ndarray, sh: np.ndarray, p: int, dead_cost: float, fragile_cost: float) -> float:
    """Player ``p``'s points so far and those within reach (``search.worth``): the score, half
    the open value of each section by the share of it colored, half a point per color around
    each open star, less ``dead_cost`` a shape no pencil can color any more (at most the
    circles left and one more) and ``fragile_cost`` a shape only one pencil can."""
    w_count = sh[W]
    col = COLORED + p * MAXW
    v = float(score_of(s, sh, p))
    for j in range(s[NFIN]):
        if s[FIN + j] == p:
            return v
    sm = sh[O_SECM]
    sv = sh[O_SECV]
    for i in range(NS):
        rest = 0
        done = 0
        for w in range(w_count):
            m = sh[sm + i * w_count + w]
            rest |= m & ~s[col + w]
            done += popcount(m & s[col + w])
        if not rest:
            continue
        value = 0
        if s[HIGH + i] == OPEN:
            value = sh[sv + 3 * i + 1]
        elif s[LOW + i] == OPEN:
            value = sh[sv + 3 * i + 2]
        if value:
            v += 0.5 * value * done / sh[sv + 3 * i]
    for k in range(sh[NK]):
        if s[STARS + p * MAXK + k] == OPEN:
            v += 0.5 * star_colors(s, sh, p, k)
    dead = 0
    lone = 0
    for w in range(w_count):
        free = sh[sh[O_FULL] + w] & ~s[col + w]
        d = free
        some = 0  # free shapes at least two pencils can still color
        once = 0  # ... at least one
        for c in range(NC):
            t = s[TOUCH + (p * NC + c) * MAXW + w]
            d &= t
            ok = free & ~t
            some |= once & ok
            once |= ok
        dead += popcount(d)
        lone += popcount(once & ~some)
    left = float(sh[NCIRC] - s[CIRC + p])
    v -= min(dead_cost * dead, left + dead_cost)
    v -= fragile_cost * lone
    return v


@jit
def margin(
    s: np.ndarray, sh: np.ndarray, p: int, mode: int, dead_cost: float, fragile_cost: float
) -> float:
    """``p``'s margin by the rating ``mode``: ``search.margin`` (``p``'s worth less the best
    of the others'; at the end the scores' margin and a point for the winner of a tie) or the
    game's projected margin (``ColoringState.projected_margin``)."""
    players = sh[NPL]
    if mode == MODE_PROJECTED:
        est = np.empty(MAXP)
        if s[0] == TERMINAL:
            for q in range(players):
                est[q] = float(score_of(s, sh, q))
        else:
            projected_into(s, sh, est)
        if players == 1:
            return float(est[0] - SOLO_TARGET)
        best = -1e300
        for q in range(players):
            if q != p and est[q] > best:
                best = est[q]
        return float(est[p] - best)
    if s[0] == TERMINAL:
        if players == 1:
            return float(score_of(s, sh, 0))
        ret = np.empty(players)
        returns_into(s, sh, ret)
        best = -1e300
        best_ret = -1e300
        for q in range(players):
            if q != p:
                best = max(best, float(score_of(s, sh, q)))
                best_ret = max(best_ret, ret[q])
        return float(score_of(s, sh, p) - best + (ret[p] - best_ret))
    mine = worth(s, sh, p, dead_cost, fragile_cost)
    if players == 1:
        return mine
    best = -1e300
    for q in range(players):
        if q != p:
            best = max(best, worth(s, sh, q, dead_cost, fragile_cost))
    return mine - best


@jit
def rate_moves(
    s: np.ndarray,
    sh: np.ndarray,
    codes: np.ndarray,
    player: int,
    mode: int,
    dead_cost: float,
    fragile_cost: float,
) -> np.ndarray:
    """``player``'s margin after each move of ``codes`` from ``s`` (left as it is)."""
    out = np.empty(len(codes))
    t = s.copy()
    for j in range(len(codes)):
        t[:] = s
        apply(t, sh, codes[j])
        out[j] = margin(t, sh, player, mode, dead_cost, fragile_cost)
    return out


@jit
def played_out(
    s: np.ndarray,
    sh: np.ndarray,
    code: int,
    me: int,
    turns: int,
    sample: int,
    rng: np.ndarray,
    limit: int,
    mode: int,
    dead_cost: float,
    fragile_cost: float,
    buf: np.ndarray,
    work: np.ndarray,
) -> tuple[float, bool, int, bool]:
    """``me``'s margin after ``code`` and ``turns`` more decisions from ``s`` (left as it is),
    each the best by its player's margin among ``sample`` of the legal moves drawn from
    ``rng``; whether the game ended; the positions rated; and whether the playout finished
    within ``limit`` positions rated (else its value means nothing)."""
    t = s.copy()
    u = s.copy()
    apply(t, sh, code)
    pushed = 1
    rated = 0
    while True:
        if t[0] == TERMINAL or pushed > turns:
            return margin(t, sh, me, mode, dead_cost, fragile_cost), t[0] == TERMINAL, rated, True
        if rated >= limit:
            return 0.0, False, rated, False
        cnt = legal_into(t, sh, buf, work)
        if cnt > sample:  # a sample drawn: the first ``sample`` of a shuffle
            for i in range(sample):
                j = i + rand_below(rng, cnt - i)
                x = buf[i]
                buf[i] = buf[j]
                buf[j] = x
            cnt = sample
        player = t[0]
        best = buf[0]
        if cnt > 1:
            best_v = -1e300
            for i in range(cnt):
                u[:] = t
                apply(u, sh, buf[i])
                v = margin(u, sh, player, mode, dead_cost, fragile_cost)
                rated += 1
                if v > best_v:
                    best = buf[i]
                    best_v = v
        apply(t, sh, best)
        pushed += 1
