"""Coloring in the Stained Glass's analysis core: the Python face of the compiled rules
(``kernel.py``), for the searches and the differential test (``stainedglass.analysis``).

A position is one ``int64`` array (its layout: ``kernel.py``); the sheet, any sheet (the rose
window or one of the designer's), is turned into arrays once per game's options
(:func:`sheet_array`). A move is a whole number, the same in every position of a game on that
sheet: a solo crossing off is ``0 .. 4`` (a section, in the order of ``SECTIONS``) or ``5 + k``
(star ``k + 1``); a take is ``64 + (gid * 6 + circles) * 5 + pencil``, where ``gid`` numbers
the sheet's connected sets of 1 to 5 shapes (0: no shape; then ``Sheet.group_masks`` size by
size, each in its own order), ``circles`` is 0 to 5 and ``pencil`` an index of ``COLORS``.

>>> import stainedglass as sg
>>> game = sg.load("coloring", players=2)
>>> sim = game.simulator()
>>> state = game.new_game(seed=1)
>>> s = sim.encode(state)
>>> str(sim.move(state, sim.code(state, state.parse_move("take red 1 2 3 4 5"))))
'take red 1 2 3 4 5'
>>> len(sim.legal(s)) == len(state.legal_moves())
True
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

import numpy as np

from ..analysis import Simulator, jit, new_rng
from ..core import Move
from . import kernel as K
from .game import Coloring, _cross
from .sheet import COLORS, MAX_GROUP, SECTIONS, SECTION_VALUES, Sheet

if TYPE_CHECKING:
    from ..core import State
    from .game import ColoringGame, ColoringState

__all__ = ["ColoringSimulator", "sheet_array", "simulator"]

_KEPT_MOVES = 100_000
"""Engine moves kept for their codes (a game on the rose window has some 190,000 codes)."""


def _words(mask: int, w_count: int) -> list[int]:
    """A mask as ``w_count`` words of 63 bits."""
    return [(mask >> (K.BITS * w)) & ((1 << K.BITS) - 1) for w in range(w_count)]


def _mask(words: np.ndarray) -> int:
    """The mask of 63-bit ``words``."""
    out = 0
    for w, x in enumerate(words):
        out |= int(x) << (K.BITS * w)
    return out


def _byte_sums(gblock: np.ndarray, w_count: int) -> np.ndarray:
    """For each size k, byte b of a mask and byte value x: how many sets of k shapes have
    their lowest shape among those of x (``kernel.py``: ``bytes``)."""
    n = gblock.shape[1] - 1
    out = np.zeros((MAX_GROUP + 1, 8 * w_count, 256), dtype=np.int64)
    for k in range(1, MAX_GROUP + 1):
        sizes = np.diff(gblock[k])
        for w in range(w_count):
            for b in range(8):
                for j in range(8):
                    v = w * K.BITS + 8 * b + j
                    if 8 * b + j < K.BITS and v < n:
                        has = (np.arange(256) >> j) & 1 == 1
                        out[k, w * 8 + b, has] += sizes[v]
    return out


_SHEET_ARRAYS: dict[tuple[int, int], tuple[Sheet, tuple[np.ndarray, list[int]]]] = {}


def _sheet_array(sheet: Sheet, players: int) -> tuple[np.ndarray, list[int]]:
    """:func:`sheet_array`, made once for each sheet and table size (a game loaded again, or
    with another setup, shares its sheet: the cores of its games read the same, never
    written)."""
    key = (id(sheet), players)
    known = _SHEET_ARRAYS.get(key)
    if known is None or known[0] is not sheet:
        if len(_SHEET_ARRAYS) > 32:
            _SHEET_ARRAYS.clear()
        known = _SHEET_ARRAYS[key] = (sheet, sheet_array(sheet, players))  # (the sheet held)
    return known[1]


def sheet_array(sheet: Sheet, players: int) -> tuple[np.ndarray, list[int]]:
    """The sheet as the compiled rules read it (``kernel.py``: ``sh``), and where each size's
    connected sets begin among the set ids."""
    n = sheet.n
    w_count = (n + K.BITS - 1) // K.BITS
    if w_count > K.MAXW or len(sheet.stars) > K.MAXK:
        raise ValueError(f"{sheet!r}: too large for the analysis core")
    deg = 1 + max([bin(m).count("1") for m in sheet.nbr] + [0])
    adj = np.zeros((n, deg), dtype=np.int64)
    for i in range(n):
        near = sheet.numbers(sheet.nbr[i])
        adj[i, 0] = len(near)
        adj[i, 1 : 1 + len(near)] = [j - 1 for j in near]
    masks: list[int] = [0]
    offsets = [1] * (MAX_GROUP + 2)
    gblock = np.zeros((MAX_GROUP + 1, n + 1), dtype=np.int64)
    for size in range(1, MAX_GROUP + 1):
        group = sheet.group_masks.get(size, [])
        offsets[size] = len(masks)
        lows = [(m & -m).bit_length() - 1 for m in group]
        for v in range(n + 1):  # the sets are in order of their lowest shape
            gblock[size, v] = len(masks) + sum(1 for low in lows if low < v)
        masks += group
    offsets[MAX_GROUP + 1] = len(masks)
    gshapes = np.full((len(masks), 1 + MAX_GROUP), -1, dtype=np.int64)
    for g, m in enumerate(masks):
        shapes = [j - 1 for j in sheet.numbers(m)]
        gshapes[g, 0] = len(shapes)
        gshapes[g, 1 : 1 + len(shapes)] = shapes
    tables = [
        _words(sheet.full, w_count),  # O_FULL
        [x for i in range(n) for x in _words(sheet.nbr[i] | 1 << i, w_count)],  # O_TOUCHM
        adj.ravel().tolist(),  # O_ADJ
        [x for name in SECTIONS for x in _words(sheet.section_mask[name], w_count)],  # O_SECM
        [
            x
            for name in SECTIONS
            for x in (bin(sheet.section_mask[name]).count("1"), *SECTION_VALUES[name])
        ],  # O_SECV
        [x for m in sheet.star_mask for x in _words(m, w_count)],  # O_STARM
        [x for m in masks for x in _words(m, w_count)],  # O_GMASK
        gshapes.ravel().tolist(),  # O_GSHAPES
        gblock.ravel().tolist(),  # O_GBLOCK
        _byte_sums(gblock, w_count).ravel().tolist(),  # O_BYTES
    ]
    head = [n, w_count, len(sheet.stars), len(sheet.circles), players, len(masks) - 1, deg]
    at = K.HEADER
    for table in tables:
        head.append(at)
        at += len(table)
    assert len(head) == K.HEADER
    sh = np.array(head + [x for table in tables for x in table], dtype=np.int64)
    return sh, offsets


class _Take(Coloring):
    """The engine's take, its words written once (``Coloring`` writes them on demand)."""

    __slots__ = ("_words",)
    _words: str

    def __init__(self, color: int, mask: int, circles: int = 0) -> None:
        super().__init__(color, mask, circles)
        self._words = super().text

    @property
    def text(self) -> str:  # type: ignore[override]
        return self._words


class ColoringSimulator(Simulator):
    """Coloring's analysis core for one game's options (its sheet and players)."""

    game: ColoringGame

    def __init__(self, game: ColoringGame) -> None:
        super().__init__(game)
        sheet = game.sheet
        self.sheet = sheet
        self.sh, self.offsets = _sheet_array(sheet, self.players)
        n = sheet.n
        largest = max([len(v) for v in sheet.group_masks.values()] + [0])
        self._sizes = (K.NC * (largest + n) + K.MAXK + K.NS, int(K.work_size(n)))
        self._local = threading.local()  # scratch arrays a thread (the compiled code frees the GIL)
        self._moves: dict[int, Move] = {}
        self._observed: np.ndarray | None = None  # the fields the observation reads
        self._bit_shifts = np.arange(K.BITS, dtype=np.int64)

    def scratch(self) -> tuple[np.ndarray, np.ndarray]:
        """This thread's scratch arrays for the compiled rules: the moves listed (``buf``) and
        the work space (``work``), made once a thread."""
        found: tuple[np.ndarray, np.ndarray] | None = getattr(self._local, "arrays", None)
        if found is None:
            buf, work = self._sizes
            found = self._local.arrays = (
                np.zeros(buf, dtype=np.int64),
                np.zeros(work, dtype=np.int64),
            )
        return found

    # ---- between the engine and the core ------------------------------------------------------

    def encode(self, state: State) -> np.ndarray:
        """The position as the core's array (every field of ``ColoringState``)."""
        st: ColoringState = state  # type: ignore[assignment]
        w_count = int(self.sh[K.W])
        s = np.zeros(K.SIZE, dtype=np.int64)
        s[K.TO_MOVE] = st.to_move
        s[K.POOL] = st.pool
        s[K.CROSSING] = int(st.crossing)
        s[K.HELD] = st.held
        s[K.NFIN] = len(st.finished)
        s[K.FIN : K.FIN + len(st.finished)] = st.finished
        s[K.HIGH : K.HIGH + K.NS] = st.high
        s[K.LOW : K.LOW + K.NS] = st.low
        for p in range(self.players):
            s[K.CIRC + p] = st.circles_used[p]
            stars = st.stars[p]
            s[K.STARS + p * K.MAXK : K.STARS + p * K.MAXK + len(stars)] = stars
            col = K.COLORED + p * K.MAXW
            s[col : col + w_count] = _words(st.colored[p], w_count)
            for c in range(K.NC):
                at = K.PAINT + (p * K.NC + c) * K.MAXW
                s[at : at + w_count] = _words(st.paint[p][c], w_count)
                at = K.TOUCH + (p * K.NC + c) * K.MAXW
                s[at : at + w_count] = _words(st.touch[p][c], w_count)
        return s

    def move(self, state: State | None, code: int) -> Move:
        """The engine's move for ``code``: a crossing off or a take (made once a code and
        kept, its words with it: the differential test reads thousands a ply)."""
        code = int(code)
        found = self._moves.get(code)
        if found is None:
            if len(self._moves) >= _KEPT_MOVES:
                self._moves.clear()
            found = self._moves[code] = self._make_move(code)
        return found

    def _make_move(self, code: int) -> Move:
        if code < K.TAKE:
            return _cross(SECTIONS[code] if code < K.NS else f"star {code - K.NS + 1}")
        c, gid, circles = (int(x) for x in K.decode(code))
        w = int(self.sh[K.W])
        at = int(self.sh[K.O_GMASK]) + gid * w
        mask = _mask(self.sh[at : at + w])
        return _Take(c, mask, circles)

    def code(self, state: State, move: Move) -> int:
        """The code of the engine's ``move``."""
        key = move.key
        assert isinstance(key, tuple)
        if key[0] == "cross":
            target = str(key[1])
            if target.startswith("star"):
                return K.NS + int(target.split()[1]) - 1
            return SECTIONS.index(target)
        if key[0] != "take":
            raise ValueError(f"{move}: no code (a pass is never among the legal moves)")
        _, c, mask, circles = key
        gid = 0
        if mask:
            index = self.sheet.group_index(mask)
            if index is None:
                raise ValueError(f"{move}: its shapes are not connected")
            gid = self.offsets[mask.bit_count()] + index
        return int(K.take_code(c, gid, circles))

    # ---- the rules ------------------------------------------------------------------------------

    def current_player(self, s: np.ndarray) -> int:
        """The player to move, or ``TERMINAL`` (-2) at the end: never a chance node."""
        return int(s[K.TO_MOVE])

    def legal(self, s: np.ndarray) -> np.ndarray:
        """The codes of the legal moves (takes; solo, after a return, the crossings off)."""
        buf, work = self.scratch()
        return buf[: K.legal_into(s, self.sh, buf, work)].copy()

    def chance_outcomes(self, s: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Coloring has no chance: never a chance node."""
        raise ValueError("Coloring in the Stained Glass has no chance nodes")

    def apply(self, s: np.ndarray, code: int) -> None:
        """Play ``code`` in place."""
        K.apply(s, self.sh, code)

    def scores(self, s: np.ndarray) -> np.ndarray:
        """Each player's points: sections, stars, circles left."""
        out = np.zeros(self.players, dtype=np.int64)
        K.scores_into(s, self.sh, out)
        return out

    def returns(self, s: np.ndarray) -> np.ndarray:
        """The returns at the end (solo: 1 at 40 points or more)."""
        out = np.zeros(self.players)
        K.returns_into(s, self.sh, out)
        return out

    def evaluate(self, s: np.ndarray) -> np.ndarray:
        """``State.evaluate()``: the projected points as shares of the win."""
        out = np.zeros(self.players)
        K.evaluate_into(s, self.sh, out)
        return out

    def observe(self, s: np.ndarray, player: int) -> np.ndarray:
        """What ``player`` sees, as ``State.observation(player)``: seats counted from the
        player, for each seat and pencil the shapes colored, per seat the circles filled, the
        stars and whether it has finished; each section value's mark; the pencils in the
        middle, the one held back, a crossing off due, whose turn (compiled:
        :func:`_observe`)."""
        where = self._observed
        if where is None:
            sheet = self.sh
            where = self._observed = np.array(
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
        out = np.empty(self.game.observation_size, dtype=np.float32)
        _observe(s, player, self.players, where, out)
        return out

    def playout(self, s: np.ndarray, rng: np.ndarray) -> np.ndarray:
        """Play ``s`` to the end in place, uniformly random moves from ``rng``; the returns."""
        out = np.zeros(self.players)
        K.playout(s, self.sh, rng, *self.scratch(), out)
        return out

    def sample_chance(self, s: np.ndarray, rng: np.ndarray) -> int:
        """Coloring has no chance: never a chance node."""
        raise ValueError("Coloring in the Stained Glass has no chance nodes")

    def evaluate_after(self, s: np.ndarray, codes: np.ndarray) -> np.ndarray:
        """The evaluation after each move of ``codes`` (compiled: one ply of look-ahead)."""
        return K.evaluate_after(s, self.sh, np.ascontiguousarray(codes, dtype=np.int64))

    def random_games(self, s: np.ndarray, games: int, seed: int) -> np.ndarray:
        """``games`` random playouts from ``s`` (compiled), their returns a row each."""
        return K.random_games(s, self.sh, games, new_rng(seed), *self.scratch())


def simulator(game: ColoringGame) -> ColoringSimulator:
    """The analysis core for ``game``'s options (what ``Game.simulator()`` calls)."""
    return ColoringSimulator(game)


assert len(COLORS) == K.NC and len(SECTIONS) == K.NS


@jit
def _observe(s: np.ndarray, player: int, players: int, f: np.ndarray, out: np.ndarray) -> None:
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
