"""Walls of Light's rules compiled for search: the analysis core's inside (``simulator.py`` is
its face; the evaluation is in ``compiled_evaluation.py``, the searches' playouts in
``compiled_search.py``). Every function here is plain Python over numbers and numpy arrays,
compiled by numba (``stainedglass.analysis.jit``), and gives the same results uncompiled.

A position is one ``int64`` array (the offsets below): the 96 spaces' codes (``panes.py``),
the spaces filled per window, the winks left, which window pair sits at each position and which
face is up, the white cubes, the hands, the pile and the discards, the scores, the dice and the
turn. The faces of the game's window pairs are one ``int64`` table, a row a face
(``faces[pair * 2 + side]``, columns below), made by ``simulator.py``.

A move is a code: ``color * 96 + space`` a placement, ``REMOVE_BASE + space`` a removal,
``PASS_CODE``, ``EXTRA_CODE``, ``REROLL_BASE + dice mask - 1`` (Roll Again), ``MODIFY_BASE +
die * 2 + (0 for +1, 1 for -1)``, ``SWAP_BASE + space1 * 96 + space2`` (space1 < space2);
chance: ``ROLL_BASE + red * 49 + blue * 7 + yellow`` (0 for a die not thrown), ``DRAW_BASE +
card``.
"""

from __future__ import annotations

import numpy as np

from ..analysis import jit, pick, rand_below, rand_unit
from .panes import LONE_WINK, NCODES, PLACE, REMOVE, SHOWN, SINGLE, WINKS

# ---- the position's fields ------------------------------------------------------------------

CELL = 0  # 96 space codes
FILLED = 96  # 6: spaces showing a color per position
SUPPLY = 102  # 3: winks left per color
SIDE = 105  # 6: 0 front up, 1 back up
WIN = 111  # 6: the window pair at each position (a row pair of the faces table)
CUBES = 117  # 6: a white cube beside the position
HANDS = 123  # 3 x 4: cards per player (extra, swap, reroll, modify)
PILE = 135  # 4
DISCARD = 139  # 4
SCORE = 143  # 3
DICE = 146  # 3: red, blue, yellow (0 before the first roll)
TO_MOVE = 149
PHASE = 150  # PH_ROLL .. PH_OVER as game.py
REROLL = 151  # the dice Roll Again throws, a mask (red 1, blue 2, yellow 4)
CARD_PLAYED = 152
ACTED = 153
QUIET = 154
LEFT = 155  # placements left this turn
NPEND = 156  # players owed a card
PEND = 157  # 16: who, in order
NPLAYERS = 173
STATE_SIZE = 174
MAX_PEND = 16

PH_ROLL, PH_ACTION, PH_REROLL, PH_DRAW, PH_OVER = 0, 1, 2, 3, 4
EXTRA, SWAP, REROLL_CARD, MODIFY = 0, 1, 2, 3
YELLOW = 2
EMPTY = 0

# ---- the faces table's columns ----------------------------------------------------------------

F_N = 0  # the number of spaces
F_SPACES = 1  # 16: their cells, in reading order
F_PRINTED = 17  # 16: per cell, the code of its printed pane (EMPTY when none)
F_NPLUS1 = 33
F_PLUS1 = 34  # 16: the "+1" cells
F_NCARD = 50
F_CARD = 51  # 16: the "+card" cells
F_NPRINTED = 67
FACE_COLUMNS = 68

# ---- move codes ---------------------------------------------------------------------------------

REMOVE_BASE = 288
PASS_CODE = 384
EXTRA_CODE = 385
REROLL_BASE = 386
MODIFY_BASE = 393
SWAP_BASE = 399
ROLL_BASE = 10_000
DRAW_BASE = 10_400
MAX_MOVES = 1024
MAX_OUTCOMES = 216

# ---- the panes' tables and the evaluation's, as arrays (constants of the game) ----------------

SHOWN_T = np.array(SHOWN, dtype=np.int64)
SINGLE_T = np.array(SINGLE, dtype=np.int64)
LONE_T = np.array(LONE_WINK, dtype=np.int64)
PLACE_T = np.array(PLACE, dtype=np.int64)
REMOVE_T = np.array(REMOVE, dtype=np.int64)
WINK_N = np.array([len(w) for w in WINKS], dtype=np.int64)
WINK_A = np.array([w[0] if w else -1 for w in WINKS], dtype=np.int64)
WINK_B = np.array([w[1] if len(w) > 1 else -1 for w in WINKS], dtype=np.int64)
assert len(SHOWN_T) == NCODES
REROLL_ORDER = np.array([1, 2, 4, 3, 5, 6, 7], dtype=np.int64)  # Roll Again's moves, in order


# ==== reading the position ====================================================================


@jit
def face_of(s: np.ndarray, pos: int) -> int:
    """The row of the faces table showing at position ``pos`` (0-5)."""
    return int(s[WIN + pos] * 2 + s[SIDE + pos])


@jit
def current_player(s: np.ndarray) -> int:
    """The player to decide, -1 at a roll or a draw, -2 at the end (as the engine)."""
    ph = s[PHASE]
    if ph == PH_ACTION:
        return int(s[TO_MOVE])
    if ph == PH_OVER:
        return -2
    return -1


@jit
def popcount(x: int) -> int:
    """The bits set in ``x``."""
    k = 0
    while x:
        k += x & 1
        x >>= 1
    return k


@jit
def has_colour_to_place(s: np.ndarray, p: int) -> bool:
    """Whether player ``p`` has a wink to place: their own, or yellow with two players."""
    if s[SUPPLY + p] > 0:
        return True
    return bool(s[NPLAYERS] == 2 and s[SUPPLY + YELLOW] > 0)


# ==== legal moves and chance ==================================================================


@jit
def rolls_into(mask: int, codes: np.ndarray) -> int:
    """The rolls of the dice in ``mask`` into ``codes``, in the engine's order; their number."""
    k = 0
    for a in range(7):
        if (a == 0) != ((mask & 1) == 0):
            continue
        for b in range(7):
            if (b == 0) != ((mask & 2) == 0):
                continue
            for c in range(7):
                if (c == 0) != ((mask & 4) == 0):
                    continue
                codes[k] = ROLL_BASE + a * 49 + b * 7 + c
                k += 1
    return k


@jit
def chance_into(s: np.ndarray, codes: np.ndarray, probs: np.ndarray) -> int:
    """At a roll, a reroll or a draw: the outcomes' codes and chances; their number."""
    ph = s[PHASE]
    if ph == PH_DRAW:
        total = 0
        for t in range(4):
            total += s[PILE + t]
        k = 0
        for t in range(4):
            if s[PILE + t]:
                codes[k] = DRAW_BASE + t
                probs[k] = s[PILE + t] / total
                k += 1
        return k
    k = rolls_into(7 if ph == PH_ROLL else int(s[REROLL]), codes)
    for i in range(k):
        probs[i] = 1.0 / k
    return k


@jit
def decisions_into(s: np.ndarray, faces: np.ndarray, buf: np.ndarray) -> int:
    """Rules 2-6: the player's legal moves into ``buf``, in the engine's order (cards, then
    placements, removals, a pass); their number."""
    p = s[TO_MOVE]
    k = 0
    if not s[CARD_PLAYED] and not s[ACTED]:
        hand = HANDS + p * 4
        if s[hand + EXTRA]:
            buf[k] = EXTRA_CODE
            k += 1
        if s[hand + SWAP]:  # two lone winks of different colors anywhere
            for g1 in range(96):
                c1 = LONE_T[s[g1]]
                if c1 < 0:
                    continue
                for g2 in range(g1 + 1, 96):
                    c2 = LONE_T[s[g2]]
                    if c2 >= 0 and c2 != c1:
                        buf[k] = SWAP_BASE + g1 * 96 + g2
                        k += 1
        if s[hand + REROLL_CARD]:
            for i in range(7):
                buf[k] = REROLL_BASE + REROLL_ORDER[i] - 1
                k += 1
        if s[hand + MODIFY]:
            for d in range(3):
                v = s[DICE + d]
                if v + 1 <= 6:
                    buf[k] = MODIFY_BASE + d * 2
                    k += 1
                if v - 1 >= 1:
                    buf[k] = MODIFY_BASE + d * 2 + 1
                    k += 1
    # rule 3: placements in the windows rolled, own color (and yellow with two players)
    c1 = p if s[SUPPLY + p] > 0 else -1
    c2 = YELLOW if s[NPLAYERS] == 2 and s[SUPPLY + YELLOW] > 0 else -1
    places = 0
    d0 = s[DICE]
    d1 = s[DICE + 1]
    d2 = s[DICE + 2]
    if c1 >= 0 or c2 >= 0:
        for w in range(1, 7):
            if w != d0 and w != d1 and w != d2:
                continue
            pos = w - 1
            f = face_of(s, pos)
            base = pos * 16
            for i in range(faces[f, F_N]):
                g = base + faces[f, F_SPACES + i]
                code = s[g]
                single = SINGLE_T[code]
                if code == EMPTY or (single >= 0 and s[DICE + single] == w):
                    if c1 >= 0:
                        buf[k] = c1 * 96 + g
                        k += 1
                        places += 1
                    if c2 >= 0:
                        buf[k] = c2 * 96 + g
                        k += 1
                        places += 1
    out_of_winks = s[SUPPLY + p] == 0
    if out_of_winks and not s[ACTED]:  # rule 5: remove one of one's own winks instead
        for w in range(1, 7):
            if w != d0 and w != d1 and w != d2:
                continue
            pos = w - 1
            f = face_of(s, pos)
            base = pos * 16
            for i in range(faces[f, F_N]):
                g = base + faces[f, F_SPACES + i]
                code = s[g]
                if WINK_A[code] == p or WINK_B[code] == p:
                    buf[k] = REMOVE_BASE + g
                    k += 1
    if out_of_winks or places == 0:
        buf[k] = PASS_CODE
        k += 1
    return k


@jit
def legal_into(s: np.ndarray, faces: np.ndarray, buf: np.ndarray) -> int:
    """The legal moves (or at chance the outcomes, in order) into ``buf``; their number."""
    ph = s[PHASE]
    if ph == PH_ACTION:
        return decisions_into(s, faces, buf)
    if ph == PH_OVER:
        return 0
    if ph == PH_DRAW:
        k = 0
        for t in range(4):
            if s[PILE + t]:
                buf[k] = DRAW_BASE + t
                k += 1
        return k
    return rolls_into(7 if ph == PH_ROLL else int(s[REROLL]), buf)


# ==== playing =================================================================================


@jit
def lay_face(s: np.ndarray, faces: np.ndarray, pos: int) -> None:
    """Empty position ``pos`` and show its face's printed panes."""
    f = face_of(s, pos)
    base = pos * 16
    for cell in range(16):
        s[base + cell] = faces[f, F_PRINTED + cell]
    s[FILLED + pos] = faces[f, F_NPRINTED]


@jit
def next_part(s: np.ndarray) -> None:
    """After a placement, removal, pass or draw: the cards owed (rule 6, the discards shuffled
    into an empty pile), the end (rule 8, ruling 13), the turn's next placement or the next
    turn."""
    n = s[NPLAYERS]
    if s[NPEND] > 0:
        pile = s[PILE] + s[PILE + 1] + s[PILE + 2] + s[PILE + 3]
        if pile == 0:
            for t in range(4):
                s[PILE + t] = s[DISCARD + t]
                s[DISCARD + t] = 0
            pile = s[PILE] + s[PILE + 1] + s[PILE + 2] + s[PILE + 3]
        if pile > 0:
            s[PHASE] = PH_DRAW
            return
        for i in range(MAX_PEND):  # no card left anywhere: no card
            s[PEND + i] = 0
        s[NPEND] = 0
    cubes = 0
    for pos in range(6):
        cubes += s[CUBES + pos]
    if cubes == 6 or s[QUIET] >= n:
        s[PHASE] = PH_OVER
    elif s[LEFT] > 0:
        s[PHASE] = PH_ACTION
    else:
        s[TO_MOVE] = (s[TO_MOVE] + 1) % n
        s[PHASE] = PH_ROLL


@jit
def complete(s: np.ndarray, faces: np.ndarray, pos: int) -> None:
    """Rule 7: score the completed window at ``pos``, return its winks, flip it, place a cube,
    and owe a card to each player shown on a "+card" space."""
    n = s[NPLAYERS]
    f = face_of(s, pos)
    base = pos * 16
    spaces = faces[f, F_N]
    count = np.zeros(6, dtype=np.int64)
    colors = 0
    for i in range(spaces):
        sh = SHOWN_T[s[base + faces[f, F_SPACES + i]]]
        colors |= 1 << sh
        count[sh] += 1
    gain = np.zeros(3, dtype=np.int64)
    gain[s[TO_MOVE]] += 2 * popcount(colors)
    for p in range(n):
        k = count[p]
        gain[p] += (3 if k == spaces else 2) * k
    for i in range(faces[f, F_NPLUS1]):
        sh = SHOWN_T[s[base + faces[f, F_PLUS1 + i]]]
        if sh < n:
            gain[sh] += 1
    for i in range(faces[f, F_NCARD]):
        sh = SHOWN_T[s[base + faces[f, F_CARD + i]]]
        if sh < n:
            s[PEND + s[NPEND]] = sh
            s[NPEND] += 1
    for i in range(spaces):
        code = s[base + faces[f, F_SPACES + i]]
        if WINK_A[code] >= 0:
            s[SUPPLY + WINK_A[code]] += 1
        if WINK_B[code] >= 0:
            s[SUPPLY + WINK_B[code]] += 1
    for p in range(n):
        s[SCORE + p] += gain[p]
    s[CUBES + pos] = 1
    s[SIDE + pos] ^= 1
    lay_face(s, faces, pos)


@jit
def apply_move(s: np.ndarray, faces: np.ndarray, code: int) -> None:
    """Play the move or chance outcome ``code``, legal in ``s``, in place."""
    if code >= ROLL_BASE:
        if code >= DRAW_BASE:  # the first player owed a card draws it
            t = code - DRAW_BASE
            p = s[PEND]
            k = s[NPEND]
            for i in range(k - 1):
                s[PEND + i] = s[PEND + i + 1]
            s[PEND + k - 1] = 0
            s[NPEND] = k - 1
            s[HANDS + p * 4 + t] += 1
            s[PILE + t] -= 1
            next_part(s)
            return
        r = code - ROLL_BASE
        if r >= 49:
            s[DICE] = r // 49
        if (r // 7) % 7:
            s[DICE + 1] = (r // 7) % 7
        if r % 7:
            s[DICE + 2] = r % 7
        if s[PHASE] == PH_ROLL:  # a new turn
            s[CARD_PLAYED] = 0
            s[ACTED] = 0
            s[LEFT] = 1
        s[PHASE] = PH_ACTION
        return
    p = s[TO_MOVE]
    if code < REMOVE_BASE:  # rule 3: a wink placed
        color = code // 96
        g = code % 96
        old = s[g]
        s[g] = PLACE_T[old, color]
        s[SUPPLY + color] -= 1
        pos = g // 16
        if old == EMPTY:
            s[FILLED + pos] += 1
            if s[FILLED + pos] == faces[face_of(s, pos), F_N]:
                complete(s, faces, pos)
        s[ACTED] = 1
        s[QUIET] = 0
        s[LEFT] -= 1
        next_part(s)
        return
    if code < PASS_CODE:  # rule 5: a wink taken back
        g = code - REMOVE_BASE
        new = REMOVE_T[s[g], p]
        s[g] = new
        s[SUPPLY + p] += 1
        if new == EMPTY:
            s[FILLED + g // 16] -= 1
        s[ACTED] = 1
        s[QUIET] = 0
        s[LEFT] = 0
        next_part(s)
        return
    if code == PASS_CODE:  # ruling 13 counts the quiet turns
        if s[ACTED] or s[CARD_PLAYED]:
            s[QUIET] = 0
        else:
            s[QUIET] += 1
        s[ACTED] = 1
        s[LEFT] = 0
        next_part(s)
        return
    # rule 6: a card
    if code == EXTRA_CODE:
        card = EXTRA
    elif code < MODIFY_BASE:
        card = REROLL_CARD
    elif code < SWAP_BASE:
        card = MODIFY
    else:
        card = SWAP
    s[HANDS + p * 4 + card] -= 1
    s[DISCARD + card] += 1
    s[CARD_PLAYED] = 1
    s[QUIET] = 0
    if card == EXTRA:
        s[LEFT] += 1
    elif card == SWAP:
        pair = code - SWAP_BASE
        g1 = pair // 96
        g2 = pair % 96
        a = s[g1]
        s[g1] = s[g2]
        s[g2] = a
    elif card == REROLL_CARD:
        s[REROLL] = code - REROLL_BASE + 1
        s[PHASE] = PH_REROLL
    else:
        d = (code - MODIFY_BASE) // 2
        s[DICE + d] += 1 if (code - MODIFY_BASE) % 2 == 0 else -1


# ==== results =================================================================================


@jit
def shares_of_win(s: np.ndarray, cards: np.ndarray, out: np.ndarray) -> None:
    """Rule 8 with these ``cards`` in hand: the highest score wins, tied the most cards,
    still tied a shared win; each player's share into ``out``."""
    n = s[NPLAYERS]
    best_s = -1
    best_c = -1
    for p in range(n):
        sc = s[SCORE + p]
        if sc > best_s or (sc == best_s and cards[p] > best_c):
            best_s = sc
            best_c = cards[p]
    winners = 0
    for p in range(n):
        if s[SCORE + p] == best_s and cards[p] == best_c:
            winners += 1
    for p in range(n):
        out[p] = 1.0 / winners if s[SCORE + p] == best_s and cards[p] == best_c else 0.0


@jit
def hand_sizes(s: np.ndarray) -> np.ndarray:
    """The cards in each player's hand."""
    n = s[NPLAYERS]
    cards = np.zeros(n, dtype=np.int64)
    for p in range(n):
        for t in range(4):
            cards[p] += s[HANDS + p * 4 + t]
    return cards


@jit
def returns_into(s: np.ndarray, out: np.ndarray) -> None:
    """At the end: each player's share of the win (rule 8) into ``out``."""
    shares_of_win(s, hand_sizes(s), out)


# ==== random play =============================================================================


@jit
def random_outcome(s: np.ndarray, rng: np.ndarray) -> int:
    """A chance outcome drawn by its probability: each die thrown, or a card from the pile."""
    ph = s[PHASE]
    if ph == PH_DRAW:
        total = s[PILE] + s[PILE + 1] + s[PILE + 2] + s[PILE + 3]
        r = rand_below(rng, total)
        for t in range(4):
            r -= s[PILE + t]
            if r < 0:
                return DRAW_BASE + t
        return DRAW_BASE + 3
    mask = 7 if ph == PH_ROLL else int(s[REROLL])
    code = ROLL_BASE
    if mask & 1:
        code += (1 + rand_below(rng, 6)) * 49
    if mask & 2:
        code += (1 + rand_below(rng, 6)) * 7
    if mask & 4:
        code += 1 + rand_below(rng, 6)
    return code


@jit
def playout(s: np.ndarray, faces: np.ndarray, rng: np.ndarray, buf: np.ndarray) -> None:
    """Play ``s`` to the end in place: moves uniform among the legal ones, chance by its
    probability, from ``rng``."""
    while True:
        ph = s[PHASE]
        if ph == PH_OVER:
            return
        if ph == PH_ACTION:
            k = decisions_into(s, faces, buf)
            apply_move(s, faces, buf[rand_below(rng, k)])
        else:
            apply_move(s, faces, random_outcome(s, rng))


@jit
def random_games(s: np.ndarray, faces: np.ndarray, games: int, rng: np.ndarray) -> np.ndarray:
    """``games`` random playouts from ``s`` (left as it is): their returns, a row a game."""
    n = s[NPLAYERS]
    out = np.zeros((games, n))
    buf = np.zeros(MAX_MOVES, dtype=np.int64)
    t = s.copy()
    for g in range(games):
        t[:] = s
        playout(t, faces, rng, buf)
        returns_into(t, out[g])
    return out


@jit
def sample_chance(s: np.ndarray, rng: np.ndarray) -> int:
    """A chance outcome's code at quantile ``rand_unit(rng)`` of the outcomes (as the
    Simulator's ``sample_chance``)."""
    codes = np.zeros(MAX_OUTCOMES, dtype=np.int64)
    probs = np.zeros(MAX_OUTCOMES)
    k = chance_into(s, codes, probs)
    return int(codes[pick(probs, k, rand_unit(rng))])


@jit
def determinize(s: np.ndarray, player: int, rng: np.ndarray) -> None:
    """What ``player`` cannot see redrawn from ``rng`` (as ``view``): the others' hands dealt
    afresh, as many cards each, from their cards and the pile; the rest is the pile."""
    n = s[NPLAYERS]
    unseen = np.zeros(4, dtype=np.int64)
    total = 0
    for t in range(4):
        unseen[t] = s[PILE + t]
        for p in range(n):
            if p != player:
                unseen[t] += s[HANDS + p * 4 + t]
        total += unseen[t]
    for p in range(n):
        if p == player:
            continue
        k = 0
        for t in range(4):
            k += s[HANDS + p * 4 + t]
            s[HANDS + p * 4 + t] = 0
        for _ in range(k):
            r = rand_below(rng, total)
            for t in range(4):
                r -= unseen[t]
                if r < 0:
                    s[HANDS + p * 4 + t] += 1
                    unseen[t] -= 1
                    break
            total -= 1
    for t in range(4):
        s[PILE + t] = unseen[t]
