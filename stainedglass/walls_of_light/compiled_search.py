"""Walls of Light's searches on the analysis core, compiled: the playouts of the next turns that
``walls_of_light`` (``search.py``) and ``walls_mcts`` (``mcts.py``) run, each decision the best
one ply deep, on the core's arrays (``compiled.py``). Plain Python over numbers and arrays, the
same results compiled or not.
"""

from __future__ import annotations

import numpy as np

from ..analysis import jit, pick, rand_unit
from .compiled import (
    MAX_MOVES,
    MAX_OUTCOMES,
    NPLAYERS,
    PH_ACTION,
    PH_OVER,
    PH_ROLL,
    PHASE,
    REMOVE_BASE,
    SIDE,
    TO_MOVE,
    apply_move,
    chance_into,
    current_player,
    decisions_into,
)
from .compiled_evaluation import (
    SCRATCH_F,
    SCRATCH_I,
    SUMMARY,
    estimate_after,
    estimate_in,
    summarize,
    summarize_all,
)


@jit
def margin(values: np.ndarray, n: int, player: int) -> float:
    """``player``'s points less the best of the others'."""
    best = -np.inf
    for p in range(n):
        if p != player and values[p] > best:
            best = values[p]
    return float(values[player] - best)


@jit
def best_reply(
    s: np.ndarray,
    faces: np.ndarray,
    player: int,
    shares: bool,
    buf: np.ndarray,
    t: np.ndarray,
    val: np.ndarray,
    fs: np.ndarray,
    js: np.ndarray,
    parent: np.ndarray,
    summary: np.ndarray,
    seen: np.ndarray,
    seen_value: np.ndarray,
) -> int:
    """The legal move after which ``player`` is rated best one ply deep (the first of equals):
    by their margin in ``points()``, or (``shares``) by their share in ``evaluate()`` (the
    returns where the game ends). A placement that completes nothing leaves a position that
    the evaluation reads only through its window's summary: placements of one color that
    leave the same summary rate the same, so each such summary is rated once (``seen``,
    ``seen_value``). ``buf``, ``t``, ``val``, ``fs``, ``js``, ``parent``, ``summary``: room to
    work in."""
    n = s[NPLAYERS]
    k = decisions_into(s, faces, buf)
    summarize_all(s, faces, parent)
    best = -np.inf
    code = buf[0]
    known = 0
    for i in range(k):
        c = buf[i]
        pos = (c % 96) // 16
        if c < REMOVE_BASE:
            t[:] = s
            apply_move(t, faces, c)
            if t[SIDE + pos] == s[SIDE + pos]:  # nothing completed (that flips the window)
                summary[:] = parent
                summarize(t, faces, pos, summary)
                j = 0
                while j < known:
                    if seen[j, 0] == c // 96 and seen[j, 1] == pos:
                        same = True
                        for x in range(SUMMARY):
                            if seen[j, 2 + x] != summary[pos, x]:
                                same = False
                                break
                        if same:
                            break
                    j += 1
                if j < known:
                    v = seen_value[j]
                else:
                    estimate_in(t, shares, val, fs, js, summary)
                    v = val[player] if shares else margin(val, n, player)
                    seen[known, 0] = c // 96
                    seen[known, 1] = pos
                    for x in range(SUMMARY):
                        seen[known, 2 + x] = summary[pos, x]
                    seen_value[known] = v
                    known += 1
                if v > best:
                    best = v
                    code = c
                continue
        estimate_after(s, faces, c, shares, val, t, fs, js, parent, summary)
        v = val[player] if shares else margin(val, n, player)
        if v > best:
            best = v
            code = c
    return int(code)


@jit
def chance_at(s: np.ndarray, u: float, codes: np.ndarray, probs: np.ndarray) -> int:
    """The chance outcome at quantile ``u`` of ``s``'s outcomes (as ``outcome_at``)."""
    k = chance_into(s, codes, probs)
    return int(codes[pick(probs, k, u)])


@jit
def turns_playout(
    base: np.ndarray, faces: np.ndarray, code: int, me: int, turns: int, rng: np.ndarray, win: bool
) -> float:
    """``walls_of_light``'s playout: ``code`` played in ``base`` (left as it is), the rest of
    the turn and ``turns`` more played by each player for their own margin in ``points()``
    one ply deep, chance at ``rng``'s quantiles; ``me``'s margin in points where the next turn
    would begin (or the game ends), or (``win``) ``me``'s share in ``evaluate()`` there."""
    s = base.copy()
    n = s[NPLAYERS]
    buf = np.zeros(MAX_MOVES, dtype=np.int64)
    t = s.copy()
    val = np.zeros(n)
    codes = np.zeros(MAX_OUTCOMES, dtype=np.int64)
    probs = np.zeros(MAX_OUTCOMES)
    fs = np.zeros(SCRATCH_F)
    js = np.zeros(SCRATCH_I, dtype=np.int64)
    parent = np.zeros((6, SUMMARY), dtype=np.int64)
    summary = parent.copy()
    seen = np.zeros((MAX_MOVES, 2 + SUMMARY), dtype=np.int64)
    seen_value = np.zeros(MAX_MOVES)
    apply_move(s, faces, code)
    handed = 0
    while s[PHASE] != PH_OVER:
        if s[PHASE] == PH_ACTION:
            apply_move(
                s,
                faces,
                best_reply(
                    s,
                    faces,
                    s[TO_MOVE],
                    False,
                    buf,
                    t,
                    val,
                    fs,
                    js,
                    parent,
                    summary,
                    seen,
                    seen_value,
                ),
            )
            continue
        if s[PHASE] == PH_ROLL:
            if handed == turns:
                break
            handed += 1
        apply_move(s, faces, chance_at(s, rand_unit(rng), codes, probs))
    summarize_all(s, faces, summary)
    estimate_in(s, win, val, fs, js, summary)
    return float(val[me]) if win else margin(val, n, me)


@jit
def playout_round(
    base: np.ndarray,
    faces: np.ndarray,
    moves: np.ndarray,
    me: int,
    turns: int,
    rng: np.ndarray,
    win: bool,
) -> np.ndarray:
    """:func:`turns_playout` of each of ``moves`` from ``base``, all on the same rolls (each
    from a copy of ``rng``, which is left as it was): their values."""
    out = np.zeros(len(moves))
    for i in range(len(moves)):
        out[i] = turns_playout(base, faces, moves[i], me, turns, rng.copy(), win)
    return out


@jit
def hands_over(s: np.ndarray, faces: np.ndarray, code: int, mover: int) -> bool:
    """Whether the chance outcome ``code`` hands the turn to a player other than ``mover``."""
    t = s.copy()
    apply_move(t, faces, code)
    player = current_player(t)
    return player >= 0 and player != mover


@jit
def turns_value(
    s: np.ndarray, faces: np.ndarray, mover: int, quantiles: np.ndarray, rng: np.ndarray
) -> np.ndarray:
    """``walls_mcts``'s ``_replies``: from ``s`` (left as it is), where chance hands the turn
    over from ``mover``, play out the next ``len(quantiles)`` turns, the roll starting the
    k-th at quantile ``quantiles[k]``, chance inside a turn at ``rand_unit(rng)``, every
    decision the best one ply deep by ``evaluate()``; the value vector (``evaluate()``, the
    returns at the end) where the next turn would begin."""
    w = s.copy()
    n = w[NPLAYERS]
    buf = np.zeros(MAX_MOVES, dtype=np.int64)
    t = w.copy()
    val = np.zeros(n)
    codes = np.zeros(MAX_OUTCOMES, dtype=np.int64)
    probs = np.zeros(MAX_OUTCOMES)
    fs = np.zeros(SCRATCH_F)
    js = np.zeros(SCRATCH_I, dtype=np.int64)
    parent = np.zeros((6, SUMMARY), dtype=np.int64)
    summary = parent.copy()
    seen = np.zeros((MAX_MOVES, 2 + SUMMARY), dtype=np.int64)
    seen_value = np.zeros(MAX_MOVES)
    turns = 0
    while w[PHASE] != PH_OVER:
        if w[PHASE] == PH_ACTION:
            mover = int(w[TO_MOVE])
            apply_move(
                w,
                faces,
                best_reply(
                    w, faces, mover, True, buf, t, val, fs, js, parent, summary, seen, seen_value
                ),
            )
            continue
        k = chance_into(w, codes, probs)
        if hands_over(w, faces, codes[0], mover):
            if turns == len(quantiles):
                break
            u = quantiles[turns]
            turns += 1
        else:
            u = rand_unit(rng)
        apply_move(w, faces, codes[pick(probs, k, u)])
    out = np.zeros(n)
    summarize_all(w, faces, summary)
    estimate_in(w, True, out, fs, js, summary)
    return out
