"""Observations read from the analysis cores' states, compiled, for the bindings.

The PettingZoo loop asks for an observation at every step: the engine's ``observation(player)``
costs one to three of its own plies. Each game's analysis core holds the position as one int64
array, kept in step by the bindings (:class:`~stainedglass.interop.actions.Speller`); the numbers
a player sees are read from it here. Sagrada's core compiles its own (``sim.observe``); for
Cathedral, Walls of Light and Coloring the cores' ``observe`` is NumPy run from Python, no
faster than the engine's, so the same numbers are read here by compiled functions over the
core's fields (the tests compare them with the engine's ``observation(player)`` for every seat
at every step of random games). Were the cores' own compiled, these would give way to them.

:func:`observer` gives a game's reader, or None where the engine's own is used.
"""

from __future__ import annotations

from collections.abc import Callable
import numpy as np

from ..analysis import Simulator, jit

__all__ = ["observer"]

Observer = Callable[[np.ndarray, int], np.ndarray]


def observer(sim: Simulator) -> Observer | None:
    """``observe(s, player)`` for the core ``sim``'s game: a new float32 array equal to the
    engine's ``observation(player)`` (the core's own ``observe`` where it is compiled); None
    for a game without one."""
    name = sim.game.name
    size = sim.game.observation_size
    if name == "sagrada":
        return sim.observe
    if name == "cathedral":
        from ..cathedral import core_rules as cr

        fields = np.array(
            [cr.OCC, cr.TERR, cr.SUPPLY, cr.KINDS, cr.CATH, cr.UNPLACED, cr.TO_MOVE],
            dtype=np.int64,
        )
        counts = cr.COUNT_OF.astype(np.float64)

        def cathedral(s: np.ndarray, player: int) -> np.ndarray:
            out = np.empty(size, dtype=np.float32)
            _cathedral(s, player, fields, counts, out)
            return out

        return cathedral
    if name == "walls_of_light":
        from ..walls_of_light import compiled as C
        from ..walls_of_light import simulator as ws
        from ..walls_of_light.options import CARDS_PER_TYPE

        assert isinstance(sim, ws.WallsOfLightSimulator)
        glass = sim._glass  # each window face's own numbers
        by_code = ws._BY_CODE  # each space code's numbers
        where = np.array(
            [
                C.CELL,
                C.WIN,
                C.SIDE,
                C.DICE,
                C.PHASE,
                C.HANDS,
                C.PILE,
                C.DISCARD,
                C.SCORE,
                C.SUPPLY,
                C.CUBES,
                C.CARD_PLAYED,
                C.ACTED,
                C.LEFT,
                C.TO_MOVE,
                CARDS_PER_TYPE,
            ],
            dtype=np.int64,
        )
        players = sim.players

        def walls(s: np.ndarray, player: int) -> np.ndarray:
            out = np.empty(size, dtype=np.float32)
            _walls(s, player, players, where, glass, by_code, out)
            return out

        return walls
    if name == "coloring":
        from ..coloring import kernel as K
        from ..coloring.simulator import ColoringSimulator

        assert isinstance(sim, ColoringSimulator)

        sheet = sim.sh  # the sheet's numbers in the core
        where = np.array(
            [
                int(sheet[K.N]),
                int(sheet[K.W]),
                int(sheet[K.NK]),
                max(1, int(sheet[K.NCIRC])),
                K.PAINT,
                K.CIRC,
                K.FIN,
                K.NFIN,
                K.STARS,
                K.HIGH,
                K.LOW,
                K.POOL,
                K.HELD,
                K.CROSSING,
                K.TO_MOVE,
                K.NC,
                K.NS,
                K.MAXW,
                K.MAXK,
                K.BITS,
                K.OPEN,
                K.CROSSED,
            ],
            dtype=np.int64,
        )
        players = sim.players

        def coloring(s: np.ndarray, player: int) -> np.ndarray:
            out = np.empty(size, dtype=np.float32)
            _coloring(s, player, players, where, out)
            return out

        return coloring
    return None


@jit
def _coloring(s: np.ndarray, player: int, players: int, f: np.ndarray, out: np.ndarray) -> None:
    """Coloring's ``observation(player)`` into ``out``: seats counted from the player, for
    each seat and pencil the shapes colored, per seat the circles filled, whether it has
    finished and its stars; each section value's mark; the pencils in the middle, the one held
    back, a crossing off due, whose turn. ``f``: the sheet's sizes and the core's fields."""
    n, w_count, k_stars, circles = f[0], f[1], f[2], f[3]
    paint, circ, fin, nfin, stars, high, low = f[4], f[5], f[6], f[7], f[8], f[9], f[10]
    pool, held, crossing, to_move = f[11], f[12], f[13], f[14]
    nc, ns, maxw, maxk, bits, open_, crossed = f[15], f[16], f[17], f[18], f[19], f[20], f[21]
    for i in range(len(out)):
        out[i] = 0.0
    for j in range(players):
        q = (player + j) % players
        for c in range(nc):
            at = paint + (q * nc + c) * maxw
            base = (j * nc + c) * n
            for i in range(min(n, w_count * bits)):
                out[base + i] = (s[at + i // bits] >> (i % bits)) & 1
    k = 4 * nc * n
    width = 2 + k_stars
    for j in range(players):
        q = (player + j) % players
        row = k + j * width
        out[row] = s[circ + q] / circles
        for x in range(s[nfin]):
            if s[fin + x] == q:
                out[row + 1] = 1.0
        for x in range(k_stars):
            out[row + 2 + x] = max(s[stars + q * maxk + x], 0) / 4
    k += 4 * width
    for i in range(ns):
        for h in range(2):
            v = s[high + i] if h == 0 else s[low + i]
            slot = 0 if v == open_ else 1 if v == crossed else 2 + (v - player) % players
            out[k + (i * 2 + h) * 6 + slot] = 1.0
    k += ns * 12
    for c in range(nc):
        out[k + c] = (s[pool] >> c) & 1
        out[k + nc + c] = 1.0 if s[held] == c else 0.0
    k += 2 * nc
    out[k] = s[crossing]
    for j in range(4):
        out[k + 1 + j] = 1.0 if j < players and s[to_move] == (player + j) % players else 0.0


@jit
def _cathedral(
    s: np.ndarray, player: int, f: np.ndarray, counts: np.ndarray, out: np.ndarray
) -> None:
    """Cathedral's ``observation(player)`` into ``out`` (524): the player's buildings, the
    other's, the Cathedral, the player's territory, the other's (100 squares each, two words
    of 50 each in the core); each side's buildings left as a share of their count; whether the
    Cathedral is placed; whether it is the player's turn. ``f``: the core's field offsets."""
    occ, terr, supply, kinds, cath, unplaced, to_move = f[0], f[1], f[2], f[3], f[4], f[5], f[6]
    other = 1 - player
    starts = (occ + 2 * player, occ + 2 * other, occ + 4, terr + 2 * player, terr + 2 * other)
    for plane in range(5):
        at = starts[plane]
        for half in range(2):
            word = s[at + half]
            base = plane * 100 + half * 50
            for i in range(50):
                out[base + i] = (word >> i) & 1
    k = 500
    for p in (player, other):
        for j in range(kinds):
            out[k] = s[supply + kinds * p + j] / counts[j]
            k += 1
    out[k] = 1.0 if s[cath] != unplaced else 0.0
    out[k + 1] = 1.0 if s[to_move] == player else 0.0


@jit
def _walls(
    s: np.ndarray,
    player: int,
    n: int,
    f: np.ndarray,
    glass: np.ndarray,
    by_code: np.ndarray,
    out: np.ndarray,
) -> None:
    """Walls of Light's ``observation(player)`` into ``out`` (1784): each space's glass,
    printed color, color shown, winks and specials (its window face's numbers, and its code's
    where it is glass); the dice, the phase, the player's cards; the sides up, the next seats'
    hand sizes, the pile and the discards, the scores from the player on, the winks left, the
    cubes, the turn's state, whose turn from the player on, a two-player game. ``f``: the
    core's field offsets, and the cards of each type."""
    cell, win, side, dice, phase, hands = f[0], f[1], f[2], f[3], f[4], f[5]
    pile, discard, score, supply, cubes = f[6], f[7], f[8], f[9], f[10]
    played, acted, left, to_move, per_type = f[11], f[12], f[13], f[14], f[15]
    for i in range(96):
        face = glass[2 * s[win + i // 16] + s[side + i // 16], i % 16]
        row = by_code[s[cell + i]]
        g = face[0]
        for j in range(18):
            out[i * 18 + j] = row[j] * g + face[j]
    k = 96 * 18
    for j in range(18 + 5):
        out[k + j] = 0.0
    for d in range(3):
        if s[dice + d]:
            out[k + d * 6 + s[dice + d] - 1] = 1.0
    k += 18
    out[k + s[phase]] = 1.0
    k += 5
    for t in range(4):
        out[k + t] = s[hands + 4 * player + t] / per_type
    k += 4
    for j in range(6):
        out[k + j] = s[side + j]
    k += 6
    for j in range(1, 3):  # the next seats' hand sizes
        total = 0
        if j < n:
            q = (player + j) % n
            for t in range(4):
                total += s[hands + 4 * q + t]
        out[k] = total / 16
        k += 1
    total = 0
    for t in range(4):
        total += s[pile + t]
    out[k] = total / 16
    total = 0
    for t in range(4):
        total += s[discard + t]
    out[k + 1] = total / 16
    k += 2
    for j in range(3):  # the scores from the player on
        out[k + j] = min(1.0, s[score + (player + j) % n] / 50) if j < n else 0.0
    k += 3
    for j in range(3):
        out[k + j] = s[supply + j] / 8
    k += 3
    for j in range(6):
        out[k + j] = s[cubes + j]
    k += 6
    out[k] = s[played]
    out[k + 1] = s[acted]
    out[k + 2] = s[left] / 3
    k += 3
    for j in range(3):
        out[k + j] = 1.0 if j < n and s[to_move] == (player + j) % n else 0.0
    out[k + 3] = 1.0 if n == 2 else 0.0
