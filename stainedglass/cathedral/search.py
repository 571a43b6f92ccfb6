"""Cathedral's own search: what the Hint button, the review and the coach ask in Cathedral.

The generic bots (``stainedglass.ai``) see Cathedral through the engine contract and know
nothing of it. This one is written for the game, as strong game programs are:

- a position whose moves are made and unmade in place, on Cathedral's analysis core
  (``core_search.CorePosition``: the rules compiled, ``core_rules.py``, proved equal to
  ``game.py`` by the differential test), each side's legal placements a bitset over its
  placement table kept up to date move by move; the nodes one and two plies above the
  horizon are searched whole in compiled code (``core_search.node1``, ``node2``: the same
  moves, order, values and nodes counted as below), the transposition table in arrays.
  ``Position`` is the same position in plain Python (bitboards, the supply as tuples), as the
  search ran before the core: the option ``position="python"`` runs the search on it (the
  benchmark's before and after, and matches against the search as it was; the same moves);
- iterative deepening principal-variation search with a transposition table (Zobrist keys
  over the buildings placed, with the territory and the side to move), the previous best and
  two killers per ply first (the rest is ranked only when they did not cut the node off, as
  they mostly do: ranking is most of a node's cost), then a history table; past two plies it
  deepens two at a time, so that every line ends with the other side's answer (measured: a
  depth at which the bot moved last chose moves the other side could answer, and lost more
  games). Two plies weigh every move and every answer to it (as alpha-beta does); deeper,
  only the most promising placements (the branching factor is in the hundreds), ranked
  cheaply near the horizon so that alpha-beta cuts the leaves, but 36 of the other side's
  answers to each root move (an answer whose point shows a move later can rank low one ply
  deep: 12 let such refutations through) and every answer of the other side at the horizon
  (one missed there is a blunder made); the
  placements ranked below the first two are searched two plies shallower first, and again to
  the full depth only when that shows them better than the best
  (late move reductions: a six-ply search costs a half to a third of the nodes, so the middle
  game often finishes six plies in a second, where four plies saw gains that the other side's
  answer two plies later took back);
- an evaluation in squares of what decides the game: the squares each side still holds,
  those of buildings that fit nowhere any more (they stay unplaced), room to move (placements
  left) and free squares of one's own territory (measured: judging each building by how
  contested its spots are played worse);
- an exact end-game solver: once few free squares are still open to a building (``solve``),
  each move's result (win, draw or loss, both sides at their best) is proved first, by
  alpha-beta over results with every placement weighed, and the search then chooses only
  among the moves that keep the best result. A solve the budget cuts short still counts for
  the moves it proved (the likeliest first): a proved win is played, and a move proved worse
  than another is left out.

Values are in squares (the final margin, Dark's unplaced squares minus Light's, from the side
to move's view), turned into a win chance for the views.

>>> import stainedglass as sg
>>> state = sg.load("cathedral").new_game()
>>> state.play("cathedral e4 d5 e5 f5 e6 e7")
>>> bot = sg.ai.bot("cathedral", budget=0.3, seed=1)
>>> bot.choose(state) in state.legal_moves()
True
"""

from __future__ import annotations

import math
import random
import time
from operator import mul
from typing import Any
from collections.abc import Callable, Iterator

import numpy as np

from ..ai.bots import register_bot
from ..ai.search import Bot, Candidate
from ..core import TERMINAL, Move, State, bit_indices
from .pieces import (
    CATHEDRAL,
    CATHEDRAL_MOVES,
    DARK,
    FULL,
    LIGHT,
    NEUTRAL,
    NOT_A,
    NOT_J,
    SIDES,
    SIZES,
    Placement,
    dilate,
    regions,
)

__all__ = ["Position", "CathedralSearch", "evaluate"]

_LO = (1 << 64) - 1
_SIZE = np.array(SIZES[:CATHEDRAL], dtype=np.int64)
_BIGGEST = max(SIZES)  # squares of the biggest building (the Cathedral)
_CATHEDRAL = 1 << 20  # move codes: a building's index in its side's table, or this + index
_WIN = 1000.0
_TEMPO = 0.0  # squares: the side to move's edge
_MOBILITY = 2.0  # squares per unit of log(1 + placements): room to move is worth having
_ROOM = 0.3  # squares per free square of one's own territory (room=)
_EXCL = 0.0  # squares per free square only one's own buildings can still cover (excl=)
_UNSAFE = 0.0  # squares per square of a building with no spot only its side can cover (unsafe=)
_FRAGILE = 0.0  # squares per square of a building that still fits, times 2 / (2 + spots) (fragile=)
_SOLVE = 26  # squares still open to a building, at most, where the search first solves (solve=)
_SCORED = 50_000  # positions whose moves' one-ply values the search keeps, at most
_ANSWERS = 36  # the other side's answers searched after each root move, at least (answers=)
_Weights = tuple[float, float, float, float, float]
"""``evaluate``'s weights, in its order: room, excl, unsafe, mobility and fragile."""
_RNG = random.Random(20261125)
_ZOBRIST = (
    [_RNG.getrandbits(64) for _ in SIDES[LIGHT].moves],
    [_RNG.getrandbits(64) for _ in SIDES[DARK].moves],
    [_RNG.getrandbits(64) for _ in CATHEDRAL_MOVES],
)
_TABLE_LO = (SIDES[LIGHT].lo, SIDES[DARK].lo)
_TABLE_HI = (SIDES[LIGHT].hi, SIDES[DARK].hi)
_TABLE_PIECE = (SIDES[LIGHT].piece, SIDES[DARK].piece)
_ALL = (np.arange(len(SIDES[LIGHT].moves)), np.arange(len(SIDES[DARK].moves)))
_NONE = np.zeros(0, dtype=np.int64)
_HISTORY = max(len(SIDES[LIGHT].moves), len(SIDES[DARK].moves))


def _cell_matrix(side: int) -> np.ndarray:
    """One row per placement of ``side``: 1.0 on the cells it covers."""
    rows = np.zeros((len(SIDES[side].moves), 100), dtype=np.float32)
    for i, move in enumerate(SIDES[side].moves):
        rows[i, bit_indices(move.mask)] = 1.0
    return rows


_CELLS = (_cell_matrix(LIGHT), _cell_matrix(DARK))
_SIZE_OF = tuple(_SIZE[SIDES[side].piece].astype(np.float32) for side in (LIGHT, DARK))
_TABLE_MASK = ([m.mask for m in SIDES[LIGHT].moves], [m.mask for m in SIDES[DARK].moves])
_PIECE_OF = (tuple(_TABLE_PIECE[LIGHT].tolist()), tuple(_TABLE_PIECE[DARK].tolist()))
"""Each side's placements' buildings (``_TABLE_PIECE`` as Python ints, for ``make``)."""
_MOVE_INDEX = (
    {m: i for i, m in enumerate(SIDES[LIGHT].moves)},
    {m: i for i, m in enumerate(SIDES[DARK].moves)},
)
_CATHEDRAL_INDEX = {m: i for i, m in enumerate(CATHEDRAL_MOVES)}


def _bits_of(ok: np.ndarray) -> int:
    """A boolean array over a side's placement table as a bitset (bit i: placement i)."""
    return int.from_bytes(np.packbits(ok, bitorder="little").tobytes(), "little")


def _set_bits(side: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``side``'s placements as bitsets: those covering each cell, and those of each building."""
    cells = tuple(_bits_of(_CELLS[side][:, cell] > 0) for cell in range(100))
    pieces = tuple(_bits_of(_TABLE_PIECE[side] == piece) for piece in range(CATHEDRAL))
    return cells, pieces


_ON_CELL, _OF_PIECE = zip(_set_bits(LIGHT), _set_bits(DARK))
_OFF_CELL = tuple(
    tuple(((1 << len(SIDES[side].moves)) - 1) & ~bits for bits in _ON_CELL[side])
    for side in (LIGHT, DARK)
)
"""Each side's placements not covering each cell, as bitsets."""
_OF_SIZE = tuple(
    tuple(_bits_of(_SIZE_OF[side] == size) for size in sorted(set(SIZES[:CATHEDRAL]), reverse=True))
    for side in (LIGHT, DARK)
)
"""Each side's placements of each building size, biggest first, as bitsets."""


def _kept_by(side: int, other: int) -> tuple[int, ...]:
    """For each placement of ``side``: the placements of ``other`` that it leaves possible
    (those covering none of its squares), as a bitset (``make``'s update of both sides'
    placements after a move that claims nothing)."""
    on_cell = _ON_CELL[other]
    every = (1 << len(SIDES[other].moves)) - 1
    kept = []
    for mask in _TABLE_MASK[side]:
        hits = 0
        for cell in bit_indices(mask):
            hits |= on_cell[cell]
        kept.append(every & ~hits)
    return tuple(kept)


_KEPT_BY = (
    (_kept_by(LIGHT, LIGHT), _kept_by(LIGHT, DARK)),
    (_kept_by(DARK, LIGHT), _kept_by(DARK, DARK)),
)
"""``_KEPT_BY[s][t][i]``: ``t``'s placements still possible beside ``s``'s placement ``i``."""
_BYTES = tuple((len(SIDES[side].moves) + 7) // 8 for side in (LIGHT, DARK))


class Position:
    """A Cathedral position for searching: made and unmade in place.

    ``occ`` (Light, Dark, Cathedral) and ``terr`` (Light, Dark) are bitboards; ``supply`` is a
    pair of tuples; ``buildings`` a tuple of (owner, piece, mask, table index); ``to_move`` is
    0, 1 or ``TERMINAL``. Each side's legal placements are kept as a bitset over its placement
    table (``placements``), brought up to date from the last one by the squares blocked and the
    buildings used up since (a capture frees squares: then from the whole table).
    """

    __slots__ = (
        "occ",
        "terr",
        "supply",
        "buildings",
        "has_built",
        "to_move",
        "cathedral",
        "placer",
        "zob",
        "lead",
        "_stack",
        "_cand",
        "_whole",
    )

    def __init__(self, state: Any) -> None:
        self.occ = tuple(state.occ)
        self.terr = tuple(state.terr)
        self.supply = (tuple(state.supply[0]), tuple(state.supply[1]))
        self.buildings = tuple(
            (owner, piece, mask, _index_of(owner, piece, mask))
            for owner, piece, mask in state.buildings
        )
        self.has_built = tuple(state.has_built)
        self.to_move = state.to_move if state.to_move in (LIGHT, DARK) else TERMINAL
        self.cathedral = state.cathedral_state
        self.placer = state.cathedral_placer
        zob = 0
        for owner, _, _, index in self.buildings:
            zob ^= _ZOBRIST[owner][index]
        self.zob = zob
        self.lead = self.unplaced(DARK) - self.unplaced(LIGHT)
        """``margin()``, kept up to date move by move."""
        self._stack: list[tuple[Any, ...]] = []
        # per side: (its placements as a bitset, the cells blocked then, its supply then)
        self._cand: tuple[Any, Any] = (None, None)
        # per side: whether its next claim must look at every region (see ``_claim``)
        # (a side yet to build looks at every region at its first claim: its first building
        # claims nothing, and may close off a region that its second then claims)
        self._whole = (
            not self.has_built[LIGHT] or self._unsettled(LIGHT),
            not self.has_built[DARK] or self._unsettled(DARK),
        )

    def _unsettled(self, side: int) -> bool:
        """Whether some region of squares without ``side``'s buildings holds at most one
        other building and is not all ``side``'s territory: then its next claim must look at
        every region (as after its first building, which claims nothing). Otherwise only the
        regions next to each new building can change (``_claim``), and a position made from
        a game in the middle saves looking at the whole city once in every line searched."""
        foreign = [b[2] for b in self.buildings if b[0] != side]
        for region in regions(FULL & ~self.occ[side]):
            inside = sum(1 for mask in foreign if mask & region)
            if inside == 1 or inside == 0 and region & ~self.terr[side]:
                return True
        return False

    # ---- moves --------------------------------------------------------------------------------

    def legal(self, side: int | None = None) -> np.ndarray:
        """Indices into ``SIDES[side]`` of the placements ``side`` may make now (the Cathedral's
        placements, as codes, while it is unplaced)."""
        if side is None:
            side = self.to_move
        if self.cathedral == "unplaced":
            return np.arange(len(CATHEDRAL_MOVES)) + _CATHEDRAL
        return self._candidates(side)

    def placements(self, side: int) -> int:
        """The placements ``side`` may make, as a bitset over ``SIDES[side].moves``: the last
        answer with the squares blocked and the buildings used up since taken out (the usual
        case), or from the whole table when squares were freed or a building came back."""
        occ = self.occ
        blocked = occ[0] | occ[1] | occ[2] | self.terr[1 - side]
        supply = self.supply[side]
        cached = self._cand[side]
        bits: int
        if cached is not None:
            bits, c_blocked, c_supply = cached
            same = c_supply is supply or c_supply == supply
            if c_blocked == blocked and same:
                return bits
            if not c_blocked & ~blocked and (same or all(map(int.__le__, supply, c_supply))):
                off_cell = _OFF_CELL[side]
                new = blocked & ~c_blocked
                while new:
                    low = new & -new
                    bits &= off_cell[low.bit_length() - 1]
                    new ^= low
                if not same:
                    of_piece = _OF_PIECE[side]
                    for piece, (n, before) in enumerate(zip(supply, c_supply)):
                        if not n and before:
                            bits &= ~of_piece[piece]
            else:
                cached = None
        if cached is None:
            ok = _clear(side, _ALL[side], blocked)
            ok &= np.array(supply, dtype=bool)[_TABLE_PIECE[side]]
            bits = _bits_of(ok)
        self._cand = (
            ((bits, blocked, supply), self._cand[1])
            if side == LIGHT
            else (self._cand[0], (bits, blocked, supply))
        )
        return bits

    def _candidates(self, side: int) -> np.ndarray:
        """The placements ``side`` may make, as indices into ``SIDES[side].moves``."""
        bits = self.placements(side)
        if not bits:
            return _NONE
        raw = np.frombuffer(bits.to_bytes(_BYTES[side], "little"), dtype=np.uint8)
        return np.flatnonzero(np.unpackbits(raw, bitorder="little"))

    def has_move(self, side: int) -> bool:
        return self.placements(side) != 0

    def move_of(self, code: int) -> Move:
        if code >= _CATHEDRAL:
            return CATHEDRAL_MOVES[code - _CATHEDRAL]
        return SIDES[self.to_move].moves[code]

    def code_of(self, move: Move) -> int:
        assert isinstance(move, Placement)
        if move in _CATHEDRAL_INDEX:
            return _CATHEDRAL + _CATHEDRAL_INDEX[move]
        return _MOVE_INDEX[self.to_move][move]

    def make(self, code: int) -> None:
        side = self.to_move
        self._stack.append(
            (
                self.occ,
                self.terr,
                self.supply,
                self.buildings,
                self.has_built,
                self.to_move,
                self.cathedral,
                self.zob,
                self.lead,
                self._cand,
                self._whole,
            )
        )
        occ = self.occ
        if code >= _CATHEDRAL:
            mask = CATHEDRAL_MOVES[code - _CATHEDRAL].mask
            self.occ = (occ[0], occ[1], mask)
            self.buildings = self.buildings + ((NEUTRAL, CATHEDRAL, mask, code - _CATHEDRAL),)
            self.zob ^= _ZOBRIST[NEUTRAL][code - _CATHEDRAL]
            self.cathedral = "placed"
            self.to_move = 1 - self.placer  # rule: the other side builds first
            return
        mask = _TABLE_MASK[side][code]
        piece = _PIECE_OF[side][code]
        self.occ = (
            (occ[0] | mask, occ[1], occ[2]) if side == LIGHT else (occ[0], occ[1] | mask, occ[2])
        )
        before = self.supply[side]
        left = before[piece] - 1
        after = before[:piece] + (left,) + before[piece + 1 :]
        if side == LIGHT:
            self.lead += SIZES[piece]
            self.supply = (after, self.supply[1])
        else:
            self.lead -= SIZES[piece]
            self.supply = (self.supply[0], after)
        self.buildings = self.buildings + ((side, piece, mask, code),)
        self.zob ^= _ZOBRIST[side][code]
        terr = self.terr
        if self.has_built[side]:
            claimed = self._claim(side, mask)
        else:
            claimed = False
            self.has_built = (
                (True, self.has_built[1]) if side == LIGHT else (self.has_built[0], True)
            )
        # each side's placements brought up to date: its own for the building used (when
        # the last were for the supply before), and, when the move claimed nothing, both
        # sides' for the squares the building covers (when the last were for those before)
        cand = list(self._cand)
        own = cand[side]
        if own is not None and own[2] is before:
            cand[side] = (own[0] if left else own[0] & ~_OF_PIECE[side][piece], own[1], after)
        if not claimed:
            taken = occ[0] | occ[1] | occ[2]
            kept = _KEPT_BY[side]
            for other in (LIGHT, DARK):
                entry = cand[other]
                if entry is not None and entry[1] == taken | terr[1 - other]:
                    cand[other] = (entry[0] & kept[other][code], entry[1] | mask, entry[2])
        self._cand = (cand[0], cand[1])
        self._next_turn(side)

    def unmake(self) -> None:
        (
            self.occ,
            self.terr,
            self.supply,
            self.buildings,
            self.has_built,
            self.to_move,
            self.cathedral,
            self.zob,
            self.lead,
            self._cand,
            self._whole,
        ) = self._stack.pop()

    def _claim(self, side: int, mask: int) -> bool:
        """The claim rule, as ``CathedralState._claim``: every region of squares without this
        side's buildings that holds at most one other building becomes its territory, and that
        building is captured.

        Only the regions next to the new building ``mask`` can change (every region at a
        side's first claim, or in a position just made): after a claim, every region holds
        two or more other buildings, or none and is this side's territory. The other side
        cannot build in that territory, so it only adds buildings to the first kind; when it
        captures, the region its capturing building stands in (two or more other buildings
        with it, or the capture would have been this side's) absorbs the merged ones."""
        occ_now = self.occ
        opp = 1 - side
        free = FULL & ~occ_now[side]
        if self._whole[side]:
            parts = regions(free)
            self._whole = (False, self._whole[1]) if side == LIGHT else (self._whole[0], False)
        else:
            todo = dilate(mask) & free  # the squares next to the building
            others = occ_now[opp] | occ_now[NEUTRAL]
            parts = []
            while todo:
                part, closed = _grown(todo & -todo, free, others)
                if closed:
                    parts.append(part)
                todo &= ~part
            if not parts:  # (the usual case: every region next to it is open)
                return False
        occ = list(occ_now)
        terr = list(self.terr)
        buildings = self.buildings
        supply = [list(self.supply[0]), list(self.supply[1])]
        captured = []
        for region in parts:
            inside = None
            many = False
            for b in buildings:
                if b[2] & region and b[0] != side:
                    if inside is not None:
                        many = True
                        break
                    inside = b
            if many:
                continue
            terr[side] |= region
            terr[opp] &= ~region
            if inside is not None:
                owner, piece, mask, index = inside
                captured.append(inside)
                occ[owner] &= ~mask
                self.zob ^= _ZOBRIST[owner][index]
                if owner == NEUTRAL:
                    self.cathedral = "captured"
                else:
                    supply[owner][piece] += 1
                    self.lead += -SIZES[piece] if owner == LIGHT else SIZES[piece]
        self.occ = tuple(occ)
        self.terr = tuple(terr)
        if captured:
            self.buildings = tuple(b for b in buildings if b not in captured)
            self.supply = (tuple(supply[0]), tuple(supply[1]))
        return True

    def _next_turn(self, side: int) -> None:
        other = 1 - side
        if self.has_move(other):
            self.to_move = other
        elif self.has_move(side):
            self.to_move = side
        else:
            self.to_move = TERMINAL

    # ---- scores -------------------------------------------------------------------------------

    def unplaced(self, side: int) -> int:
        return sum(map(mul, self.supply[side], SIZES))

    def margin(self) -> int:
        """Dark's unplaced squares minus Light's: > 0 when Light is ahead."""
        return self.lead

    def key(self) -> tuple[int, int, int, int]:
        return (self.zob, self.terr[0], self.terr[1], self.to_move)

    # ---- what the search asks (as ``core_search.CorePosition``, which the search uses) ----

    def can(self, code: int) -> bool:
        """Whether the side to move may make placement ``code`` (an index in its table)."""
        return bool(self.placements(self.to_move) >> code & 1)

    def weigh(self, weights: _Weights) -> float:
        """``evaluate`` with ``weights``."""
        return evaluate(self, *weights)

    def values(self, codes: list[int], sign: float, weights: _Weights) -> list[float]:
        """Each move's value one ply deep for the side ``sign`` stands for."""
        out = []
        for code in codes:
            self.make(code)
            out.append(
                sign
                * (
                    _terminal_value(self.margin())
                    if self.to_move == TERMINAL
                    else evaluate(self, *weights)
                )
            )
            self.unmake()
        return out

    def cheap(self, idx: np.ndarray, history: np.ndarray) -> np.ndarray:
        """The search's cheap ranking of the side to move's placements ``idx``: big buildings,
        on the squares the other side could use most, then the history."""
        side = self.to_move
        theirs = self.placements(1 - side)  # how many of them cover each cell
        on_cell = _ON_CELL[1 - side]
        heat = np.array(
            [(theirs & on_cell[cell]).bit_count() for cell in range(100)], dtype=np.float32
        )
        cheap = 3.0 * _SIZE_OF[side][idx] + (_CELLS[side][idx] @ heat) / max(theirs.bit_count(), 1)
        return np.asarray(cheap + history[idx] * 0.01)

    def solver_order(self, side: int, first: int) -> Iterator[int]:
        """The solver's order of ``side``'s placements (``first`` first when legal)."""
        return _solver_order(self.placements(side), side, first)

    def live(self) -> int:
        """The free squares some building of either side can still cover."""
        return _live(self)


def _grown(part: int, free: int, others: int) -> tuple[int, bool]:
    """The region of ``free`` holding the squares ``part``, and True; or, as soon as it holds
    more squares of the other buildings ``others`` than one building has, the part grown so
    far and False: two buildings or more stand in it, and it cannot be claimed (the claim's
    hot loop: ``dilate`` written out two steps a turn, stopped early in the big open middle
    of the city)."""
    while True:
        h = part | ((part << 1) & NOT_A) | ((part >> 1) & NOT_J)
        step = (h | (h << 10) | (h >> 10)) & free
        h = step | ((step << 1) & NOT_A) | ((step >> 1) & NOT_J)
        grown = (h | (h << 10) | (h >> 10)) & free
        if grown == step:
            return grown, True
        if (grown & others).bit_count() > _BIGGEST:
            return grown, False
        part = grown


def _index_of(owner: int, piece: int, mask: int) -> int:
    if owner == NEUTRAL:
        return CATHEDRAL_MOVES.index(next(m for m in CATHEDRAL_MOVES if m.mask == mask))
    return _MOVE_INDEX[owner][SIDES[owner].by_key[(piece, mask)]]


# ---- evaluation -------------------------------------------------------------------------------


def _stuck(pos: Position, lit_bits: int, dim_bits: int) -> float:
    """Squares of Dark's buildings that fit nowhere any more, less Light's (``lit_bits`` and
    ``dim_bits``: their placements): they will stay unplaced."""
    stuck = 0
    light, dark = pos.supply
    for n, m, lit, dim, size in zip(light, dark, _OF_PIECE[LIGHT], _OF_PIECE[DARK], SIZES):
        if n and not lit_bits & lit:
            stuck -= n * size
        if m and not dim_bits & dim:
            stuck += m * size
    return float(stuck)


def _fragile(pos: Position, side: int, bits: int) -> float:
    """Squares of ``side``'s buildings that still fit, each weighed by how few spots it has
    left (2 / (2 + spots): one spot 0.67, ten 0.17): the fewer, the likelier it ends stuck."""
    of_piece = _OF_PIECE[side]
    risk = 0.0
    for piece, n in enumerate(pos.supply[side]):
        if n:
            spots = (bits & of_piece[piece]).bit_count()
            if spots:
                risk += n * SIZES[piece] * 2.0 / (2.0 + spots)
    return risk


def _live(pos: Position) -> int:
    """The free squares some building of either side can still cover (the rest stay empty)."""
    covered = _cover(LIGHT, pos._candidates(LIGHT)) | _cover(DARK, pos._candidates(DARK))
    return covered.bit_count()


def evaluate(
    pos: Position,
    room: float = _ROOM,
    excl: float = _EXCL,
    unsafe: float = _UNSAFE,
    mobility: float = _MOBILITY,
    fragile: float = _FRAGILE,
) -> float:
    """The expected final margin in squares (Dark's unplaced minus Light's), from Light's
    view; exact at the end. ``room``: what a free square of one's own territory is worth;
    ``excl``: what a free square is worth that only one's own buildings can still cover;
    ``unsafe``: what is lost on each square of a building that still fits somewhere, but not
    on squares only its own side can cover (the other side may yet take all its spots);
    ``mobility``: what each unit of log(1 + placements) is worth; ``fragile``: what is lost
    on each square of a building that still fits, times 2 / (2 + its spots)."""
    margin = pos.margin()
    if pos.to_move == TERMINAL:
        return float(margin)
    if pos.cathedral == "unplaced":
        return 0.0
    tempo = _TEMPO if pos.to_move == LIGHT else -_TEMPO  # the side to move takes the next spot
    free = FULL & ~(pos.occ[0] | pos.occ[1] | pos.occ[2])
    held = (pos.terr[LIGHT] & free).bit_count() - (pos.terr[DARK] & free).bit_count()
    lit_bits, dim_bits = pos.placements(LIGHT), pos.placements(DARK)
    value: float = (
        margin
        + _stuck(pos, lit_bits, dim_bits)
        + tempo
        + room * held
        + mobility * (math.log1p(lit_bits.bit_count()) - math.log1p(dim_bits.bit_count()))
    )
    if fragile:
        value += fragile * (_fragile(pos, DARK, dim_bits) - _fragile(pos, LIGHT, lit_bits))
    if excl or unsafe:
        light, dark = pos._candidates(LIGHT), pos._candidates(DARK)
        lit, dim = _cover(LIGHT, light), _cover(DARK, dark)
        value += excl * ((lit & ~dim).bit_count() - (dim & ~lit).bit_count())
        if unsafe:
            value += unsafe * (
                _unsafe(pos, DARK, dark, dim & ~lit) - _unsafe(pos, LIGHT, light, lit & ~dim)
            )
    return value


def _clear(side: int, idx: np.ndarray, mask: int) -> np.ndarray:
    """Which placements of ``side`` in ``idx`` cover no square of the bitboard ``mask``."""
    clear: np.ndarray = (
        (_TABLE_LO[side][idx] & np.uint64(mask & _LO))
        | (_TABLE_HI[side][idx] & np.uint64(mask >> 64))
    ) == 0
    return clear


def _cover(side: int, idx: np.ndarray) -> int:
    """The squares some placement of ``side`` in ``idx`` covers, as a bitboard."""
    if not idx.size:
        return 0
    return (
        int(np.bitwise_or.reduce(_TABLE_LO[side][idx]))
        | int(np.bitwise_or.reduce(_TABLE_HI[side][idx])) << 64
    )


def _unsafe(pos: Position, side: int, idx: np.ndarray, only: int) -> float:
    """Squares of ``side``'s buildings that fit somewhere (``idx``: its placements) but
    nowhere on the squares ``only`` (a bitboard) that it alone can cover."""
    if not idx.size:
        return 0.0
    pieces = _TABLE_PIECE[side][idx]
    safe = _clear(side, idx, FULL & ~only)
    spots = np.bincount(pieces, minlength=CATHEDRAL).tolist()
    safe_spots = np.bincount(pieces[safe], minlength=CATHEDRAL).tolist()
    return float(
        sum(
            n * s
            for n, s, k, t in zip(pos.supply[side], SIZES, spots, safe_spots)
            if n and k and not t
        )
    )


def _terminal_value(margin: float) -> float:
    """A finished game: a win beats any estimate, and a larger margin a smaller one."""
    if margin > 0:
        return _WIN + margin
    if margin < 0:
        return -_WIN + margin
    return 0.0


class _Timeout(Exception):
    pass


_PLIES = 512
"""Plies of a line searched, at most (for the killers)."""


def _core_table() -> Any:
    """The transposition table of the search on the core (``core_search.Table``)."""
    from .core_search import Table

    return Table()


@register_bot
class CathedralSearch(Bot):
    """Cathedral's own search (see the module): ``budget`` seconds a move (default 1), to
    ``depth`` plies, or for ``nodes`` positions (reproducible: the deepest search finished
    within them stands); ``width`` placements searched at each inner ply, ranked one ply deep
    from ``order_depth`` (4) plies above the horizon (nearer, by a cheap cut: measured, the
    ranking cost more time than it saved nodes), and at least ``answers`` (36) of the other
    side's answers to each root move (never fewer than ``width``; 0: ``width``); ``room``
    squares for each free square of one's own territory; ``excl`` and ``unsafe`` (0 by
    default) weigh the squares only one side can still cover, and the buildings with no spot
    on them (``evaluate``); ``mobility`` (2) the squares for each unit of log(1 +
    placements) a side has more than the other; ``fragile`` (0 by default) weighs each
    square of a building that still fits by how few spots it has left; ``even`` (default
    True): deepen two plies at a time past the first two, so that every line ends with the
    other side's answer (False: one ply at a time);
    ``partial``: when the clock stops a depth past two plies, the root moves it finished are
    played by their new values (the last best is searched first, so the move chosen is the last
    best or one proved better than it), where otherwise the depth is thrown away;
    ``solve`` (squares, 0 for never): once that few free squares are still open to a building
    of either side, first solve the game to the end (win, draw or loss, every placement
    weighed) with half the budget of seconds or nodes; then the search chooses among the moves
    that keep the best result (a win's margin, or the best chances when every move loses) with
    the time left. A search given only a ``depth`` does not solve. ``reduce`` (plies, 0 for
    none; an odd number ends some lines on the searching side's own move) and ``late``: from
    the ``late``-th placement searched at a node on (counting from 0), search ``reduce``
    plies shallower first, and to the full depth only a placement that then beats the best
    so far."""

    name = "cathedral"
    label = "Cathedral search"
    timed = True
    games = ("cathedral",)
    effort = ("nodes", 5.0)
    rules = {
        "depth": ("int", 1),
        "nodes": ("int", 1),
        "width": ("int", 1),
        "order_depth": ("int", 0),
        "all_replies": ("bool",),
        "room": ("number", 0, 10),
        "excl": ("number", 0, 10),
        "unsafe": ("number", 0, 10),
        "even": ("bool",),
        "partial": ("bool",),
        "solve": ("int", 0),
        "answers": ("int", 0),
        "reduce": ("int", 0),
        "late": ("int", 1),
        "mobility": ("number", 0, 10),
        "fragile": ("number", 0, 10),
        "position": ("choice", "core", "python"),
    }
    defaults: dict[str, Any] = {
        "seed": None,
        "budget": None,
        "depth": None,
        "nodes": None,
        "width": 12,
        "order_depth": 4,
        "all_replies": True,
        "room": _ROOM,
        "excl": _EXCL,
        "unsafe": _UNSAFE,
        "even": True,
        "partial": False,
        "solve": _SOLVE,
        "answers": _ANSWERS,
        "reduce": 2,
        "late": 2,
        "mobility": _MOBILITY,
        "fragile": _FRAGILE,
        "position": "core",
    }

    def analyse(self, state: State, top: int | None = None) -> list[Candidate]:
        self._check(state)
        opts = self.options
        seconds = (
            opts["budget"] if opts["budget"] is not None or opts["depth"] or opts["nodes"] else 1.0
        )
        self._max_nodes = opts["nodes"]
        max_depth = opts["depth"]
        pos = self._position(state)  # (the core loaded, in a process's first search)
        self._deadline = None if seconds is None else time.perf_counter() + seconds
        self._tt: Any = {} if self.options["position"] == "python" else _core_table()
        self._killers = np.full((_PLIES, 2), -1, dtype=np.int64)  # two a ply, -1: none
        self._history = np.zeros(_HISTORY)  # by move code (both sides' codes share it)
        self._scores: dict[Any, dict[int, float]] = {}
        """Moves' values one ply deep, by position (``_one_ply``), for the move order."""
        self.nodes = 0
        self.cutoffs = 0
        self.depth_stats: list[tuple[int, int, int, bool]] = []
        """Each iteration: (depth, nodes searched, cut-offs, finished), for the AI lab."""
        me = self._root_side = pos.to_move
        self._weights = self._evaluation_weights()
        self._whole = (
            0
            if not hasattr(pos, "node")
            else 2
            if opts["order_depth"] > 2 and opts["reduce"] != 1
            else 1
            if opts["order_depth"] > 1
            else 0
        )
        """The nodes the core searches whole, in compiled code: those up to this many plies
        above the horizon (the search's own loop ranks no placement one ply deep there, and
        reduces none)."""
        self._counters = np.zeros(5, dtype=np.int64)
        self._node_options = np.array(
            [opts["width"], opts["answers"], opts["all_replies"], me], dtype=np.int64
        )
        sign = 1.0 if me == LIGHT else -1.0
        codes = pos.legal().tolist()
        self.rng.shuffle(codes)
        self.exact = False
        """The last search reached every end: its values are proved, not estimated."""
        self.solved: dict[int, tuple[int, int]] = {}
        """Each root move's result solved to the end (1 a win, 0 a draw, -1 a loss for the
        side to move; below the best, possibly a bound: no better than that) and the positions
        its proof took; empty when the position was not solved."""
        self.proved: dict[int, tuple[int, int]] = {}
        """When the budget cut the solve short: the root moves it had proved, as in
        ``solved`` (the search then plays a proved win, or leaves out the moves proved worse
        than another)."""
        if (
            pos.cathedral != "unplaced"
            and pos.live() <= opts["solve"]
            and len(codes) > 1
            and (seconds is not None or self._max_nodes is not None)
        ):
            self._solve_root(
                pos,
                codes,
                sign,
                exact_all=top != 1,
                deadline=None if seconds is None else time.perf_counter() + seconds / 2,
                max_nodes=None if self._max_nodes is None else self._max_nodes // 2,
            )
        solved = self.solved
        if solved or self.proved:  # (a solve cut short: what it proved still stands)
            codes = _keeping(codes, solved or self.proved)
            self.exact = bool(solved)
        done = _one_ply(pos, codes, sign, self._weights)  # the root's order
        plies = dict.fromkeys(codes, 1)  # how deep each root move's value was searched
        self.depth_reached = 1
        depth = 2
        root_width = 3 * opts["width"]
        while (max_depth is None or depth <= max_depth) and len(codes) > 1:
            partial: list[tuple[float, int]] = []  # (a depth cut short is not mixed in)
            # two plies for every root move (every answer to each is weighed); deeper, the
            # most promising root moves, the rest keeping their rank
            order = [c for _, c in (done if depth == 2 else done[:root_width])]
            nodes, cutoffs = self.nodes, self.cutoffs
            try:
                result = self._root(pos, order, depth, sign, partial)
            except _Timeout:
                self.depth_stats.append((depth, self.nodes - nodes, self.cutoffs - cutoffs, False))
                while pos._stack:  # back to the root from wherever the time ran out
                    pos.unmake()
                # the moves weighed two plies deep go first; deeper, with ``partial``, the
                # root moves this depth finished (the last best came first: a move ahead of
                # it was proved better at this depth)
                if partial and (depth == 2 or opts["partial"]):
                    searched = {c for _, c in partial}
                    done = sorted(partial, key=lambda t: -t[0]) + [
                        (v, c) for v, c in done if c not in searched
                    ]
                    plies.update(dict.fromkeys(searched, depth))
                    self.depth_reached = max(self.depth_reached, 2)
                break  # the last depth searched to the end stands
            searched = {c for _, c in result}
            exact = self._exact and len(searched) == len(done)
            done = result + [(v, c) for v, c in done if c not in searched]
            plies.update(dict.fromkeys(searched, depth))
            self.depth_reached = depth
            self.depth_stats.append((depth, self.nodes - nodes, self.cutoffs - cutoffs, True))
            if not self._horizon:  # every line searched ended the game: deeper sees no further
                self.exact = exact or bool(solved)  # every move weighed: proved
                break
            # past two plies, two at a time: the other side answers last (a depth at which
            # the bot moves last overrates its own moves), unless ``depth`` asks for an odd one
            deeper = depth + (2 if opts["even"] else 1)
            depth = max_depth if max_depth is not None and depth < max_depth < deeper else deeper
        # each move says how deep its own value was searched: the moves below the most
        # promising keep the value of an earlier, shallower depth
        if solved:  # proved values: the moves kept as the search ranked them, then the rest
            rest = sorted((c for c in solved if c not in plies), key=lambda c: -solved[c][0])
            return [
                Candidate(pos.move_of(c), (solved[c][0] + 1) / 2, solved[c][1], "positions solved")
                for c in [c for _, c in done] + rest
            ][:top]
        return [
            Candidate(
                pos.move_of(code),
                _chance(value),
                plies[code],
                "plies deep",
                _margin(pos, code, value),
            )
            for value, code in (done[:top] if top else done)
        ]

    def _position(self, state: State) -> Any:
        """The search's position of ``state``, by the ``position`` option: ``"core"``
        (``core_search.CorePosition``, the rules compiled on the analysis core) or ``"python"``
        (``Position``: the search as it was before the core, kept runnable by its name,
        ``cathedral:position=python``, for the benchmark's before-and-after and the matches
        against it; the same moves on the same nodes, fewer nodes in a second)."""
        if self.options["position"] == "python":
            return Position(state)
        from .core_search import CorePosition  # (numba compiles the core when first used)

        return CorePosition(state)

    def line(self, state: State, move: Move, plies: int = 4) -> list[Move]:
        """After ``analyse(state)``: the moves its search expects after ``move``, read from
        its transposition table (each position's best move, while it holds one)."""
        table = getattr(self, "_tt", None)
        if not table:
            return []
        work = state.clone()
        work.play(move)
        out: list[Move] = []
        while len(out) < plies and not work.is_terminal():
            pos = self._position(work)
            entry = table.get(pos.key())
            if entry is None or entry[3] < 0:
                break
            nxt = pos.move_of(entry[3])
            if nxt not in work.legal_moves():
                break
            work.play(nxt)
            out.append(nxt)
        return out

    def _evaluation_weights(self) -> _Weights:
        """``evaluate``'s room, excl, unsafe, mobility and fragile, as the options set them."""
        opts = self.options
        return (
            float(opts["room"]),
            float(opts["excl"]),
            float(opts["unsafe"]),
            float(opts["mobility"]),
            float(opts["fragile"]),
        )

    # ---- the end solved -------------------------------------------------------------------

    def prove(
        self, state: State, nodes: int | None = None, seconds: float | None = None
    ) -> dict[Move, int] | None:
        """Each legal move's result, solved to the end with both sides at their best and every
        placement weighed: 1 a win, 0 a draw, -1 a loss for the side to move; None when
        ``nodes`` positions (or ``seconds``) run out first (neither: until it is proved).

        >>> import stainedglass as sg
        >>> state = sg.load("cathedral").new_game()
        >>> for move in ["cathedral e4 d5 e5 f5 e6 e7", "castle a1 b1 c1 a2 c2"]:
        ...     state.play(move)
        >>> sg.ai.bot("cathedral").prove(state, nodes=1000) is None  # far too early to prove
        True
        """
        self._check(state)
        pos = self._position(state)
        if pos.to_move == TERMINAL or pos.cathedral == "unplaced":
            raise ValueError(
                "prove: the position must have the Cathedral placed and a side to move"
            )
        self.nodes = 0
        self._deadline, self._max_nodes = None, None
        self._weights = self._evaluation_weights()
        self.solved, self.proved = {}, {}
        codes = pos.legal().tolist()
        self._solve_root(
            pos,
            codes,
            1.0 if pos.to_move == LIGHT else -1.0,
            exact_all=True,
            deadline=None if seconds is None else time.perf_counter() + seconds,
            max_nodes=nodes,
        )
        return {pos.move_of(c): v for c, (v, _) in self.solved.items()} if self.solved else None

    def _solve_root(
        self,
        pos: Any,
        codes: list[int],
        sign: float,
        exact_all: bool,
        deadline: float | None,
        max_nodes: int | None,
    ) -> None:
        """Solve each root move to the end (into ``self.solved``) by the ``deadline`` and
        within ``max_nodes`` positions (the search's budget is set back after); a solve cut
        short leaves ``self.solved`` empty, and the moves it proved in ``self.proved``.
        ``exact_all``: every move's result exact, not only the best ones'."""
        saved = self._deadline, self._max_nodes
        self._deadline = deadline
        self._max_nodes = None if max_nodes is None else self.nodes + max_nodes
        self._table: dict[Any, tuple[int, int, int]] = {}
        me = pos.to_move
        best = -1
        try:
            for _, code in _one_ply(pos, codes, sign, self._weights):  # the likeliest first
                nodes = self.nodes
                alpha = -2 if exact_all else best - 1  # a move worse than the best: a bound
                pos.make(code)
                value = self._result_after(pos, me, alpha, 1)
                pos.unmake()
                self.solved[code] = (value, self.nodes - nodes)
                best = max(best, value)
        except _Timeout:
            while pos._stack:
                pos.unmake()
            self.proved, self.solved = self.solved, {}
        self._table = {}
        self._deadline, self._max_nodes = saved

    def _solve(self, pos: Any, alpha: int, beta: int) -> int:
        """Win (1), draw (0) or loss (-1) for the side to move, both sides playing their best
        and every placement weighed (negamax alpha-beta over results, with a table of bounds);
        at or below ``alpha`` the result is a bound: no better than that."""
        self._tick()
        side = pos.to_move
        key = pos.key()
        entry = self._table.get(key)
        first = -1
        if entry is not None:
            low, high, first = entry
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        a0, b0 = alpha, beta
        best, best_code = -2, -1
        for code in pos.solver_order(side, first):
            pos.make(code)
            value = self._result_after(pos, side, alpha, beta)
            pos.unmake()
            if value > best:
                best, best_code = value, code
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
        low, high = (best, 1) if best >= b0 else (-1, best) if best <= a0 else (best, best)
        if entry is not None:
            low, high = max(low, entry[0]), min(high, entry[1])
        self._table[key] = (low, high, best_code)
        return best

    def _result_after(self, pos: Any, side: int, alpha: int, beta: int) -> int:
        """``_solve``'s result for ``side``, who has just moved in ``pos``."""
        if pos.to_move == TERMINAL:
            margin = int(pos.margin() if side == LIGHT else -pos.margin())
            return (margin > 0) - (margin < 0)
        if pos.to_move == side:  # the other side has no move: the same side again
            return self._solve(pos, alpha, beta)
        return -self._solve(pos, -beta, -alpha)

    def _tick(self) -> None:
        """Count a node; out of time or nodes, or asked to stop: ``_Timeout``."""
        self.nodes += 1
        if (
            self._deadline is not None
            and time.perf_counter() > self._deadline
            or self.stopped()
            or self._max_nodes is not None
            and self.nodes > self._max_nodes
        ):
            raise _Timeout

    # ---- search ---------------------------------------------------------------------------

    def _root(
        self, pos: Any, order: list[int], depth: int, sign: float, out: list[tuple[float, int]]
    ) -> list[tuple[float, int]]:
        """Search each root move in ``order`` (filling ``out`` as it goes, so a search cut
        short by the clock still tells what it found); best first."""
        self._exact = True
        self._horizon = False  # some line was cut by the depth, not the end of the game
        alpha = -math.inf
        for i, code in enumerate(order):
            pos.make(code)
            if i == 0:
                value = -self._pvs(pos, depth - 1, -math.inf, math.inf, -sign, 1)
            else:  # a null window: prove it is no better than the best, else search it fully
                value = -self._pvs(pos, depth - 1, -alpha - 0.01, -alpha, -sign, 1)
                if value > alpha:
                    value = -self._pvs(pos, depth - 1, -math.inf, -alpha, -sign, 1)
            pos.unmake()
            out.append((value, code))
            alpha = max(alpha, value)
        out.sort(key=lambda t: -t[0])
        return out

    def _pvs(self, pos: Any, depth: int, alpha: float, beta: float, sign: float, ply: int) -> float:
        """The value for the side ``sign`` stands for (+1 Light, -1 Dark), negamax."""
        if 0 < depth <= self._whole and pos.cathedral != "unplaced":
            return self._core_node(pos, depth, alpha, beta, sign, ply)
        self._tick()
        if pos.to_move == TERMINAL:
            return sign * _terminal_value(pos.margin())
        me = 1.0 if pos.to_move == LIGHT else -1.0
        if me != sign:  # a side was skipped: the same side moves again
            return -self._pvs(pos, depth, -beta, -alpha, -sign, ply)
        if depth <= 0:
            self._exact = False
            self._horizon = True
            return sign * float(pos.weigh(self._weights))
        key = pos.key()
        entry = self._tt.get(key)
        tt_code = -1
        if entry is not None:
            e_depth, e_value, flag, tt_code = entry
            if e_depth >= depth and (
                flag == 0 or (flag == 1 and e_value >= beta) or (flag == 2 and e_value <= alpha)
            ):
                return float(e_value)
        first, later = self._ordered(pos, depth, tt_code, ply, sign)
        a0 = alpha
        best, best_code = -math.inf, -1
        reduce = self.options["reduce"] if depth > self.options["reduce"] else 0
        late = self.options["late"]
        for i, code in enumerate(_then(first, later)):
            pos.make(code)
            if i == 0:
                value = -self._pvs(pos, depth - 1, -beta, -alpha, -sign, ply + 1)
            else:
                # a late move (ranked low) searched shallower first: only one that then
                # beats the best is searched again to the full depth
                if reduce and i >= late:
                    value = -self._pvs(
                        pos, depth - 1 - reduce, -alpha - 0.01, -alpha, -sign, ply + 1
                    )
                else:
                    value = math.inf
                if value > alpha:
                    value = -self._pvs(pos, depth - 1, -alpha - 0.01, -alpha, -sign, ply + 1)
                if alpha < value < beta:
                    value = -self._pvs(pos, depth - 1, -beta, -alpha, -sign, ply + 1)
            pos.unmake()
            if value > best:
                best, best_code = value, code
                if value > alpha:
                    alpha = value
            if alpha >= beta:
                self.cutoffs += 1
                killers = self._killers[ply]
                if killers[0] != code and killers[1] != code:
                    killers[1] = killers[0]
                    killers[0] = code
                self._history[code] += depth * depth
                break
        flag = 2 if best <= a0 else 1 if best >= beta else 0
        self._tt[key] = (depth, best, flag, best_code)
        return best

    def _first(self, pos: Any, tt_code: int, ply: int) -> list[int]:
        """The placements searched first at a node: the table's move and the killers, when
        legal."""
        first: list[int] = []
        if pos.cathedral != "unplaced":
            for code in (tt_code, *self._killers[ply].tolist()):
                if code >= 0 and code not in first and pos.can(code):
                    first.append(code)
        return first

    def _width(self, pos: Any, depth: int, ply: int) -> int:
        """How many placements are searched at a node after the first (-1: all)."""
        width: int = self.options["width"]
        if ply == 1:  # the other side's answers to the root's moves
            width = max(width, self.options["answers"])
        if depth == 1 and pos.to_move != self._root_side and self.options["all_replies"]:
            width = -1  # every last reply: an answer missed at the horizon is a blunder
        return width

    def _core_node(
        self, pos: Any, depth: int, alpha: float, beta: float, sign: float, ply: int
    ) -> float:
        """``_pvs`` at ``depth`` 1 or 2, searched whole by the core's compiled code
        (``core_search.node1`` and ``node2``): the same moves, order, values, table entries,
        killers, history and nodes counted as ``_pvs`` itself; the clock is looked at when
        it returns."""
        counters = self._counters
        counters[:4] = 0
        counters[4] = 1 << 62 if self._max_nodes is None else self._max_nodes - self.nodes
        value = pos.node(
            depth,
            alpha,
            beta,
            sign,
            ply,
            self._tt,
            self._killers,
            self._history,
            self._weights,
            self._node_options,
            counters,
        )
        ticks, cutoffs, seen, out, _ = counters.tolist()
        self.nodes += ticks
        self.cutoffs += cutoffs
        if seen:
            self._exact = False
            self._horizon = self._horizon or bool(seen & 1)
        if (
            out
            or self._deadline is not None
            and time.perf_counter() > self._deadline
            or self.stopped()
        ):
            raise _Timeout
        return float(value)

    def _ordered(
        self, pos: Any, depth: int, tt_code: int, ply: int, sign: float
    ) -> tuple[list[int], Callable[[], list[int]]]:
        """The placements searched here, most promising first: the table's move and the
        killers, when legal (``first``), then the rest (``later()``), at most ``width`` of
        them (all, when no more are legal: so the end is searched exactly). Far from the
        horizon (``order_depth`` plies or more) they are ranked by their value one ply deep,
        among the ``3 * width`` a cheap first cut keeps (big buildings, on the squares the
        other side could use most, then the history); nearer, by the cheap cut alone, which
        leaves the time for more nodes. The rest waits until ``first`` has been searched:
        when one of those cuts the node off, as it mostly does, no ranking is needed (it
        costs a move made and the position weighed for each placement ranked)."""
        first = self._first(pos, tt_code, ply)

        def later() -> list[int]:
            idx = pos.legal()
            n = len(idx)
            width = self._width(pos, depth, ply)
            if width < 0:
                width = n
            if n > width:
                self._exact = False
            if n <= 1:
                return [c for c in idx.tolist() if c not in first]
            cheap = pos.cheap(idx, self._history)
            order = np.argsort(-cheap, kind="stable")
            if depth >= self.options["order_depth"]:
                scores = self._scores
                if len(scores) > _SCORED:  # (bounded: all go, to be found again as needed)
                    scores.clear()
                known = scores.setdefault(pos.key(), {})
                codes = [
                    c
                    for _, c in _one_ply(
                        pos, idx[order[: 3 * width]].tolist(), sign, self._weights, known
                    )
                ]
            else:
                codes = idx[order].tolist()
            return [c for c in codes[:width] if c not in first]

        return first, later


def _then(first: list[int], later: Callable[[], list[int]]) -> Iterator[int]:
    """The moves of ``first``, then those ``later()`` gives (asked for only when needed)."""
    yield from first
    yield from later()


def _solver_order(bits: int, side: int, first: int) -> Iterator[int]:
    """The solver's order of ``side``'s placements ``bits`` (a bitset): ``first`` (the table's
    best move) when legal, then big buildings first, the table's order among equals; each
    taken from the bitset only when asked for (a cut-off mostly comes at once)."""
    if first >= 0 and bits >> first & 1:
        yield first
    for of_size in _OF_SIZE[side]:
        rest = bits & of_size
        while rest:
            low = rest & -rest
            rest ^= low
            code = low.bit_length() - 1
            if code != first:
                yield code


def _keeping(codes: list[int], proved: dict[int, tuple[int, int]]) -> list[int]:
    """The root moves the search chooses among, once the solver ``proved`` some or all of
    ``codes``: the proved wins when there are any; else every move but those proved worse
    than another (a move not proved may still win or draw); every move when all are lost."""
    best = max(v for v, _ in proved.values())
    if best == 1:
        return [c for c in codes if c in proved and proved[c][0] == 1]
    if best == -1:
        return [c for c in codes if c not in proved] or codes
    return [c for c in codes if c not in proved or proved[c][0] == best]


def _one_ply(
    pos: Any,
    codes: list[int],
    sign: float,
    weights: _Weights,
    known: dict[int, float] | None = None,
) -> list[tuple[float, int]]:
    """Each move's value one ply deep for the side ``sign`` stands for, best first (the sort
    is stable: equal values keep their order); ``weights``: ``evaluate``'s (``_Weights``);
    ``known``: the values already found in this position, by move (kept up to date: a
    search comes back to a position at each depth, and by transpositions)."""
    found = {} if known is None else known
    missing = [code for code in codes if code not in found]
    if missing:
        found.update(zip(missing, pos.values(missing, sign, weights)))
    scored = [(found[code], code) for code in codes]
    scored.sort(key=lambda t: -t[0])
    return scored


def _margin(pos: Any, code: int, value: float) -> float:
    """A root move's value in squares as the final margin the mover can expect: a finished
    game's margin as it is, an estimate kept within what is possible (no more ahead than the
    other side has squares left to place, no more behind than the mover has)."""
    me = pos.to_move
    pos.make(code)
    mine, theirs = pos.unplaced(me), pos.unplaced(1 - me)
    pos.unmake()
    if value >= _WIN:
        value -= _WIN
    elif value <= -_WIN:
        value += _WIN
    return float(min(max(value, -mine), theirs))


def _chance(value: float) -> float:
    """A value in squares as the mover's chance of winning (0..1)."""
    if value >= _WIN:
        return 1.0
    if value <= -_WIN:
        return 0.0
    return 1.0 / (1.0 + math.exp(-value / 3.0))
