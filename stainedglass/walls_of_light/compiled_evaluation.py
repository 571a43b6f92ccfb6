"""Walls of Light's evaluation compiled for the analysis core: ``evaluation.py``'s ``evaluate()``
and ``points()`` on the core's arrays (``compiled.py``), the same sums in the same order (so the
same numbers, and the same ties, as the engine's). Plain Python over numbers and arrays, the
same results compiled or not.
"""

from __future__ import annotations

import math

import numpy as np

from ..analysis import jit
from .compiled import (
    CUBES,
    DISCARD,
    F_N,
    F_NPLUS1,
    F_PLUS1,
    F_SPACES,
    HANDS,
    LEFT,
    NPEND,
    NPLAYERS,
    PEND,
    PH_DRAW,
    PH_OVER,
    PH_REROLL,
    PH_ROLL,
    PHASE,
    PASS_CODE,
    PILE,
    REMOVE_BASE,
    REROLL,
    ROLL_BASE,
    SWAP_BASE,
    SCORE,
    SHOWN_T,
    SUPPLY,
    TO_MOVE,
    DICE,
    apply_move,
    face_of,
    hand_sizes,
    has_colour_to_place,
    returns_into,
    shares_of_win,
)
from .evaluation import _KEEP_POWERS, _ROLLED, _ROLLS_A_WINDOW

KEEP_T = np.array(_KEEP_POWERS, dtype=np.float64)
COLORS_SHOWN = np.array([bin(mask).count("1") for mask in range(64)], dtype=np.int64)
"""The colors in a mask of the six."""
ROLLS_A_WINDOW = _ROLLS_A_WINDOW


def _rolled_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """evaluation's ``_ROLLED`` as arrays by the dice thrown (a mask) and the windows asked."""
    count = np.zeros((8, 64), dtype=np.int64)
    keys = np.zeros((8, 64, 64), dtype=np.int64)
    chances = np.zeros((8, 64, 64), dtype=np.float64)
    for dice, table in _ROLLED.items():
        m = sum(1 << d for d in dice)
        for mask, parts in enumerate(table):
            count[m, mask] = len(parts)
            for i, (key, chance) in enumerate(parts):
                keys[m, mask, i] = key
                chances[m, mask, i] = chance
    return count, keys, chances


ROLLED_N, ROLLED_KEY, ROLLED_P = _rolled_tables()


# ==== the evaluation (evaluation.py, the same sums in the same order) =========================


SUMMARY = 8
"""A window's summary: the spaces missing, the colors shown (a mask), the red, blue and
yellow spaces, the red, blue and yellow "+1" spaces."""


@jit
def summarize(s: np.ndarray, faces: np.ndarray, pos: int, summary: np.ndarray) -> None:
    """What the window at ``pos`` shows, into ``summary[pos]`` (what ``_glass`` reads)."""
    f = face_of(s, pos)
    base = pos * 16
    missing = 0
    colors = 0
    c0 = 0
    c1 = 0
    c2 = 0
    for i in range(faces[f, F_N]):
        sh = SHOWN_T[s[base + faces[f, F_SPACES + i]]]
        if sh < 0:
            missing += 1
        else:
            colors |= 1 << sh
            if sh == 0:
                c0 += 1
            elif sh == 1:
                c1 += 1
            elif sh == 2:
                c2 += 1
    k0 = 0
    k1 = 0
    k2 = 0
    for i in range(faces[f, F_NPLUS1]):
        sh = SHOWN_T[s[base + faces[f, F_PLUS1 + i]]]
        if sh == 0:
            k0 += 1
        elif sh == 1:
            k1 += 1
        elif sh == 2:
            k2 += 1
    row = summary[pos]
    row[0] = missing
    row[1] = colors
    row[2] = c0
    row[3] = c1
    row[4] = c2
    row[5] = k0
    row[6] = k1
    row[7] = k2


@jit
def summarize_all(s: np.ndarray, faces: np.ndarray, summary: np.ndarray) -> None:
    """Every window's summary (:func:`summarize`)."""
    for pos in range(6):
        summarize(s, faces, pos, summary)


@jit
def board(
    s: np.ndarray,
    summary: np.ndarray,
    value: np.ndarray,
    able: np.ndarray,
    short_pos: np.ndarray,
    short_colors: np.ndarray,
) -> int:
    """evaluation's ``_board`` from the windows' ``summary``: points, promises, the bonuses
    further off, cards and winks into ``value``; who has winks to place into ``able``; the
    windows one space short (position, the colors showing as a mask) into
    ``short_pos``/``short_colors``: their number. The same sums in the same order."""
    n = s[NPLAYERS]
    for p in range(n):
        value[p] = float(s[SCORE + p])
        able[p] = 1 if has_colour_to_place(s, p) else 0
    short = 0
    for pos in range(6):
        row = summary[pos]
        missing = row[0]
        colors = row[1]
        keep = KEEP_T[missing]
        for p in range(n):  # 2 a space showing the player's color, then 1 a "+1" space
            c = row[2 + p]
            if c > 0:
                value[p] += 2 * keep * c
            for _ in range(row[5 + p]):
                value[p] += keep
        if missing == 1:
            short_pos[short] = pos
            short_colors[short] = colors
            short += 1
        else:
            share = 2 * (COLORS_SHOWN[colors] + 1) * KEEP_T[missing] / n
            for p in range(n):
                value[p] += share
    for p in range(n):
        h = s[HANDS + p * 4] + s[HANDS + p * 4 + 1] + s[HANDS + p * 4 + 2] + s[HANDS + p * 4 + 3]
        value[p] += 1.0 * h + 0.1 * min(s[SUPPLY + p], 4)
    return short


@jit
def completers(able: np.ndarray, n: int, first: int, chance: np.ndarray) -> None:
    """evaluation's ``_completers``: the chance that each player is the first to roll a window's
    number, turn by turn from ``first``, into ``chance``."""
    for p in range(n):
        chance[p] = 0.0
    left = 1.0
    for k in range(3 * n):
        p = (first + k) % n
        if able[p]:
            chance[p] += left * ROLLS_A_WINDOW
            left *= 1 - ROLLS_A_WINDOW


@jit
def give_short(
    value: np.ndarray,
    n: int,
    short_pos: np.ndarray,
    short_colors: np.ndarray,
    short: int,
    mover: int,
    rolled: int,
    placements: int,
    chain: np.ndarray,
    reach: np.ndarray,
) -> None:
    """evaluation's ``_give_short``: the bonuses of the windows one space short, the ``mover``
    filling the biggest ``placements`` of those ``rolled``, the others to each player by
    ``chain``, their chance to roll its number first (:func:`completers`). ``reach`` (6
    whole numbers) is room to work in."""
    k = 0
    for i in range(short):
        pos = short_pos[i]
        colors = short_colors[i]
        size = COLORS_SHOWN[colors]
        if mover >= 0 and (rolled >> pos) & 1:
            bonus = 2 * (size + (0 if (colors >> mover) & 1 else 1))
            j = k  # kept biggest first
            while j > 0 and reach[j - 1] < bonus:
                reach[j] = reach[j - 1]
                j -= 1
            reach[j] = bonus
            k += 1
            continue
        for p in range(n):
            value[p] += chain[p] * 2 * (size + (0 if (colors >> p) & 1 else 1))
    for i in range(k):
        bonus = reach[i]
        if i < placements:
            value[mover] += bonus
        else:
            for p in range(n):
                value[p] += chain[p] * bonus


@jit
def finish(s: np.ndarray, value: np.ndarray, shares: bool, out: np.ndarray) -> None:
    """Points to ``out`` as they are, or (``shares``) as shares of the win: a softmax, sharper
    as fewer positions lack a cube."""
    n = s[NPLAYERS]
    if not shares:
        for p in range(n):
            out[p] = value[p]
        return
    open_positions = 0
    for pos in range(6):
        if not s[CUBES + pos]:
            open_positions += 1
    temperature = 3.0 + 1.2 * open_positions
    top = value[0]
    for p in range(1, n):
        if value[p] > top:
            top = value[p]
    total = 0.0
    for p in range(n):
        out[p] = math.exp((value[p] - top) / temperature)
        total += out[p]
    for p in range(n):
        out[p] = out[p] / total


@jit
def dice_windows(s: np.ndarray, skip: int) -> int:
    """The windows the dice not in ``skip`` (a mask) show, as a mask (window 1 the lowest bit)."""
    mask = 0
    for d in range(3):
        v = s[DICE + d]
        if v > 0 and not (skip >> d) & 1:
            mask |= 1 << (v - 1)
    return mask


@jit
def estimate(s: np.ndarray, faces: np.ndarray, shares: bool, out: np.ndarray) -> None:
    """``evaluate()`` (``shares``) or ``points()`` of the position into ``out``, as
    evaluation.py reckons them (exact at the end)."""
    summary = np.zeros((6, SUMMARY), dtype=np.int64)
    summarize_all(s, faces, summary)
    estimate_in(s, shares, out, np.zeros(SCRATCH_F), np.zeros(SCRATCH_I, dtype=np.int64), summary)


SCRATCH_F = 12  # room for estimate_in: value, after, part, chain (3 each)
SCRATCH_I = 24  # able (3), short positions (6), their colors (6), reach (6)


@jit
def estimate_in(
    s: np.ndarray,
    shares: bool,
    out: np.ndarray,
    fs: np.ndarray,
    js: np.ndarray,
    summary: np.ndarray,
) -> None:
    """:func:`estimate` from the windows' ``summary`` (up to date), with room to work in
    given (``fs``: SCRATCH_F numbers, ``js``: SCRATCH_I whole numbers), so that the searches'
    inner loops allocate nothing and rescan only the windows a move changed."""
    n = s[NPLAYERS]
    if s[PHASE] == PH_OVER:
        if shares:
            returns_into(s, out)
        else:
            cards = hand_sizes(s)
            for p in range(n):
                out[p] = s[SCORE + p] + 0.01 * cards[p]
        return
    value = fs[0:3]
    after = fs[3:6]
    part = fs[6:9]
    chain = fs[9:12]
    able = js[0:3]
    short_pos = js[3:9]
    short_colors = js[9:15]
    reach = js[15:21]
    short = board(s, summary, value, able, short_pos, short_colors)
    phase = s[PHASE]
    to_move = s[TO_MOVE]
    if phase == PH_DRAW:  # the cards owed are drawn; then the turn goes on, or the next
        cards_left = 0
        for t in range(4):
            cards_left += s[PILE + t] + s[DISCARD + t]
        owed = min(s[NPEND], cards_left)
        for i in range(owed):
            value[s[PEND + i]] += 1.0
        cubes = 0
        for pos in range(6):
            cubes += s[CUBES + pos]
        if cubes == 6:  # rule 8: the game ends once they are drawn
            cards = hand_sizes(s)
            for i in range(owed):
                cards[s[PEND + i]] += 1
            if shares:
                shares_of_win(s, cards, out)
            else:
                for p in range(n):
                    out[p] = s[SCORE + p] + 0.01 * cards[p]
            return
        if not s[LEFT]:
            phase = PH_ROLL
            to_move = (to_move + 1) % n
    if short == 0:
        finish(s, value, shares, out)
        return
    completers(able, n, to_move + 1, chain)  # the same whichever windows the dice show
    if phase in (PH_ROLL, PH_REROLL):
        thrown = 7 if phase == PH_ROLL else int(s[REROLL])
        placements = 1 if phase == PH_ROLL else int(s[LEFT])
        mover = to_move if able[to_move] else -1
        kept = dice_windows(s, thrown)
        mask = 0
        if mover >= 0:
            for i in range(short):
                mask |= 1 << short_pos[i]
        for p in range(n):
            out[p] = 0.0
        for j in range(ROLLED_N[thrown, mask]):
            for p in range(n):
                after[p] = value[p]
            shown = ROLLED_KEY[thrown, mask, j]
            give_short(
                after, n, short_pos, short_colors, short, mover, shown | kept, placements, chain,
                reach,
            )  # fmt: skip
            finish(s, after, shares, part)
            chance = ROLLED_P[thrown, mask, j]
            for p in range(n):
                out[p] += chance * part[p]
        return
    mover = to_move if s[LEFT] > 0 and able[to_move] else -1
    give_short(
        value, n, short_pos, short_colors, short, mover, dice_windows(s, 0), int(s[LEFT]), chain,
        reach,
    )  # fmt: skip
    finish(s, value, shares, out)


@jit
def estimate_after(
    s: np.ndarray,
    faces: np.ndarray,
    code: int,
    shares: bool,
    out: np.ndarray,
    t: np.ndarray,
    fs: np.ndarray,
    js: np.ndarray,
    parent: np.ndarray,
    summary: np.ndarray,
) -> None:
    """:func:`estimate` after the move ``code`` from ``s`` (played in ``t``), ``parent`` the
    summary of ``s``'s windows: only the windows the move touches (a placement's or a
    removal's, the two of a swap) are read again, into ``summary``."""
    t[:] = s
    apply_move(t, faces, code)
    summary[:] = parent
    if code < PASS_CODE:  # a placement or a removal: its window (completed and flipped too)
        g = code % 96 if code < REMOVE_BASE else code - REMOVE_BASE
        summarize(t, faces, g // 16, summary)
    elif SWAP_BASE <= code < ROLL_BASE:
        pair = code - SWAP_BASE
        summarize(t, faces, pair // 96 // 16, summary)
        summarize(t, faces, pair % 96 // 16, summary)
    elif code >= ROLL_BASE:  # chance changes no window, but to be safe with any code
        summarize_all(t, faces, summary)
    estimate_in(t, shares, out, fs, js, summary)


@jit
def rate_moves(s: np.ndarray, faces: np.ndarray, codes: np.ndarray, shares: bool) -> np.ndarray:
    """``evaluate()`` (``shares``: the returns at the end) or ``points()`` after each move of
    ``codes`` from ``s`` (left as it is), a row a move."""
    n = s[NPLAYERS]
    out = np.zeros((len(codes), n))
    t = s.copy()
    fs = np.zeros(SCRATCH_F)
    js = np.zeros(SCRATCH_I, dtype=np.int64)
    parent = np.zeros((6, SUMMARY), dtype=np.int64)
    summary = parent.copy()
    summarize_all(s, faces, parent)
    for i in range(len(codes)):
        estimate_after(s, faces, codes[i], shares, out[i], t, fs, js, parent, summary)
    return out


@jit
def evaluate_after(s: np.ndarray, faces: np.ndarray, codes: np.ndarray) -> np.ndarray:
    """``evaluate()`` (the returns at the end) after each move of ``codes`` from ``s``."""
    return rate_moves(s, faces, codes, True)


@jit
def points_after(s: np.ndarray, faces: np.ndarray, codes: np.ndarray) -> np.ndarray:
    """``points()`` after each move of ``codes`` from ``s``."""
    return rate_moves(s, faces, codes, False)
