"""The Cathedral search's position on the analysis core (``core_rules.py``): the positions of a
line searched are rows of one array, each side's legal placements a bitset beside each row,
and what the search asks at every node (a move made, the evaluation, moves weighed one ply
deep, the cheap ranking, the solver's order) compiled (``core_eval.py``); and the search's
nodes one and two plies above the horizon searched whole in compiled code (:func:`node1`,
:func:`node2`), with its transposition table (:class:`Table`), killers and history in arrays.

The search (``search.py``) keeps its own codes: a placement's index in its side's table, or
``1 << 20`` plus the Cathedral's; :class:`CorePosition` turns them into the core's codes.
Its answers are those of ``search.Position`` (the lean Python position it replaces in the
search): the same evaluation to the last bit, the same orders, so that a counted search
chooses the same moves.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import numpy as np

from ..analysis import jit
from ..core import TERMINAL, Move, load
from . import core_rules as cr
from .core_eval import (
    _CATHEDRAL,
    _CATHEDRAL_STATE,
    _DEPTH,
    _KINDS,
    _SIZE_ORDER,
    _SIZES,
    _ensure,
    _margin,
    cheap,
    evaluate,
    key,
    legal_indices,
    live,
    push,
    solver_order,
    terminal_value,
    values,
)
from .pieces import CATHEDRAL, CATHEDRAL_MOVES, LIGHT, SIDES, Placement
from .simulator import encode_state

__all__ = ["CorePosition", "Table"]


@jit
def horizon(
    states: np.ndarray,
    bits: np.ndarray,
    known: np.ndarray,
    table: np.ndarray,
    ranges: np.ndarray,
    ply: int,
    first: np.ndarray,
    sign: float,
    alpha: float,
    beta: float,
    weights: np.ndarray,
    width: int,
    history: np.ndarray,
    budget: int,
) -> tuple[float, int, int, int, int, int]:
    """The search's node one ply above the horizon (``search._pvs`` at depth 1), whole: each
    placement in turn (``first``: the table's move and the killers, then, unless one of them
    cut the node off (those legal), the rest ranked cheaply, ``width`` of them, -1 for all), its value the
    evaluation after it (or the finished game's) for the side ``sign`` stands for, searched
    as principal variation search does (a null window first, again with the full window when
    it falls inside), until one reaches ``beta``. ``budget``: the nodes left (each leaf
    weighed counts one, two when the other side is skipped there).

    Returns the best value, its code (-1: none), whether it cut the node off, the nodes
    counted, whether the budget ran out (the node's search then stands for nothing) and
    what was seen: 1 a position weighed (not an end), 2 placements left out by ``width``."""
    row = states[ply]
    side = row[cr.TO_MOVE]
    best = -math.inf
    best_code = -1
    ticks = 0
    seen = 0
    _ensure(row, bits[ply], known[ply], side)
    moves = np.empty(len(first), dtype=np.int64)
    m = 0
    for c in first:  # those legal here, each once
        fresh = c >= 0 and (bits[ply, side, c // cr.BITS] >> (c % cr.BITS)) & 1 == 1
        for j in range(m):
            if moves[j] == c:
                fresh = False
        if fresh:
            moves[m] = c
            m += 1
    count = m
    i = 0
    later = False
    while True:
        if i == count:
            if later:
                break
            later = True  # the rest, ranked cheaply
            idx = legal_indices(row, bits[ply], known[ply], side)
            n = len(idx)
            w = n if width < 0 else width
            if n > w:
                seen |= 2
            if n > 1:
                order = np.argsort(
                    -cheap(row, bits[ply], known[ply], table, side, idx, history), kind="mergesort"
                )
                idx = idx[order[:w]]
            rest = np.empty(m + len(idx), dtype=np.int64)
            rest[:m] = moves[:m]
            k = m
            for c in idx:
                taken = False
                for j in range(m):
                    if moves[j] == c:
                        taken = True
                if not taken:
                    rest[k] = c
                    k += 1
            moves = rest
            count = k
            continue
        code = moves[i]
        push(states, bits, known, table, ranges, ply, side * cr.PER_SIDE + code)
        child = states[ply + 1]
        per_call = 1
        if child[cr.TO_MOVE] == cr.TERMINAL:
            value = sign * terminal_value(float(_margin(child)))
        else:
            if child[cr.TO_MOVE] == side:
                per_call = 2  # the other side is skipped: the same side weighed
            value = sign * evaluate(child, bits[ply + 1], known[ply + 1], table, weights)
            seen |= 1
        calls = 1
        if i > 0 and alpha < value < beta:
            calls = 2  # the null window failed high: searched again with the full window
        if ticks + calls * per_call > budget:
            return best, best_code, 0, budget + 1, 1, seen
        ticks += calls * per_call
        if value > best:
            best = value
            best_code = code
            if value > alpha:
                alpha = value
        if alpha >= beta:
            return best, best_code, 1, ticks, 0, seen
        i += 1
    return best, best_code, 0, ticks, 0, seen


# ---- the transposition table and the two plies above the horizon, compiled ---------------

# ``counters``: the nodes counted, the cut-offs, what was seen (1 a position weighed, not an
# end; 2 placements left out by the width), whether the budget ran out, and the budget
TICKS, CUTOFFS, SEEN, OUT, BUDGET = 0, 1, 2, 3, 4
# ``options``: width, answers, all_replies, the root's side
WIDTH_, ANSWERS_, ALL_REPLIES_, ROOT_ = 0, 1, 2, 3


@jit
def tt_slot(keys: np.ndarray, key: int) -> int:
    """The slot of ``key`` in the table ``keys`` (open addressing; -1 marks a free slot):
    where it is, or the free slot where it goes."""
    mask = len(keys) - 1
    i = key & mask
    while keys[i] != -1 and keys[i] != key:
        i = (i + 1) & mask
    return i


@jit
def tt_put(
    keys: np.ndarray,
    ints: np.ndarray,
    vals: np.ndarray,
    used: np.ndarray,
    key: int,
    depth: int,
    value: float,
    flag: int,
    code: int,
) -> None:
    """Store ``(depth, value, flag, code)`` for ``key`` (over what it held)."""
    i = tt_slot(keys, key)
    if keys[i] == -1:
        keys[i] = key
        used[0] += 1
    ints[i, 0] = depth
    ints[i, 1] = flag
    ints[i, 2] = code
    vals[i] = value


@jit
def tt_rehash(
    keys: np.ndarray,
    ints: np.ndarray,
    vals: np.ndarray,
    new_keys: np.ndarray,
    new_ints: np.ndarray,
    new_vals: np.ndarray,
) -> None:
    """Every entry of the table moved into a bigger one."""
    for i in range(len(keys)):
        if keys[i] != -1:
            j = tt_slot(new_keys, keys[i])
            new_keys[j] = keys[i]
            new_ints[j] = ints[i]
            new_vals[j] = vals[i]


@jit
def _killer(killers: np.ndarray, ply: int, code: int) -> None:
    """``code`` cut a node off at ``ply``: the first of its two killers (once)."""
    if killers[ply, 0] != code and killers[ply, 1] != code:
        killers[ply, 1] = killers[ply, 0]
        killers[ply, 0] = code


@jit
def _enter(
    row: np.ndarray, depth: int, alpha: float, beta: float, sign: float, counters: np.ndarray
) -> tuple[int, float, float, float, float]:
    """A node entered as ``search._pvs`` enters it: counted, an end valued, a skipped side's
    turn searched from the other side (counted again). Returns 0 and the value when the node
    is done, 2 when the budget ran out, else 1 with the window and sign to search it with and
    the sign of the result (-1: the other side's view)."""
    counters[TICKS] += 1
    if counters[TICKS] > counters[BUDGET]:
        counters[OUT] = 1
        return 2, 0.0, 0.0, 0.0, 0.0
    if row[cr.TO_MOVE] == cr.TERMINAL:
        return 0, sign * terminal_value(float(_margin(row))), 0.0, 0.0, 0.0
    me = 1.0 if row[cr.TO_MOVE] == 0 else -1.0
    if me != sign:  # a side was skipped: the same side moves again
        counters[TICKS] += 1
        if counters[TICKS] > counters[BUDGET]:
            counters[OUT] = 1
            return 2, 0.0, 0.0, 0.0, 0.0
        return 1, -beta, -alpha, -sign, -1.0
    return 1, alpha, beta, sign, 1.0


@jit
def _probe(
    keys: np.ndarray,
    ints: np.ndarray,
    vals: np.ndarray,
    key: int,
    depth: int,
    alpha: float,
    beta: float,
) -> tuple[bool, float, int]:
    """The table's word on a node: whether its value stands (and the value), and its best
    move (-1: none)."""
    i = tt_slot(keys, key)
    if keys[i] == -1:
        return False, 0.0, -1
    flag = ints[i, 1]
    value = vals[i]
    if ints[i, 0] >= depth and (
        flag == 0 or (flag == 1 and value >= beta) or (flag == 2 and value <= alpha)
    ):
        return True, value, ints[i, 2]
    return False, 0.0, ints[i, 2]


@jit
def node1(
    states: np.ndarray,
    bits: np.ndarray,
    known: np.ndarray,
    table: np.ndarray,
    ranges: np.ndarray,
    ply: int,
    alpha: float,
    beta: float,
    sign: float,
    at: int,
    keys: np.ndarray,
    ints: np.ndarray,
    vals: np.ndarray,
    used: np.ndarray,
    killers: np.ndarray,
    history: np.ndarray,
    weights: np.ndarray,
    options: np.ndarray,
    counters: np.ndarray,
) -> float:
    """``search._pvs`` at depth 1 on row ``ply`` (``at``: the search's ply, for the killers):
    entered, the table asked, the node searched whole (:func:`horizon`), the killers, history
    and table brought up to date. When ``counters[OUT]`` is set, the value stands for
    nothing."""
    row = states[ply]
    done, alpha, beta, sign, flip = _enter(row, 1, alpha, beta, sign, counters)
    if done != 1:
        return alpha
    key_ = key(row)
    stands, value, tt_code = _probe(keys, ints, vals, key_, 1, alpha, beta)
    if stands:
        return flip * value
    width = options[WIDTH_]
    if at == 1:
        width = max(width, options[ANSWERS_])
    if options[ALL_REPLIES_] != 0 and row[cr.TO_MOVE] != options[ROOT_]:
        width = -1
    first = np.empty(3, dtype=np.int64)
    first[0] = tt_code
    first[1] = killers[at, 0]
    first[2] = killers[at, 1]
    best, best_code, cut, ticks, out, seen = horizon(
        states,
        bits,
        known,
        table,
        ranges,
        ply,
        first,
        sign,
        alpha,
        beta,
        weights,
        width,
        history,
        counters[BUDGET] - counters[TICKS],
    )
    counters[TICKS] += ticks
    counters[SEEN] |= seen
    if out:
        counters[OUT] = 1
        return 0.0
    if cut:
        counters[CUTOFFS] += 1
        _killer(killers, at, best_code)
        history[best_code] += 1
    flag = 2 if best <= alpha else 1 if best >= beta else 0
    tt_put(keys, ints, vals, used, key_, 1, best, flag, best_code)
    return flip * best


@jit
def node2(
    states: np.ndarray,
    bits: np.ndarray,
    known: np.ndarray,
    table: np.ndarray,
    ranges: np.ndarray,
    ply: int,
    alpha: float,
    beta: float,
    sign: float,
    at: int,
    keys: np.ndarray,
    ints: np.ndarray,
    vals: np.ndarray,
    used: np.ndarray,
    killers: np.ndarray,
    history: np.ndarray,
    weights: np.ndarray,
    options: np.ndarray,
    counters: np.ndarray,
) -> float:
    """``search._pvs`` at depth 2 on row ``ply``, whole (no late move reductions at this
    depth): the table's move and the killers first, then the rest ranked cheaply, each
    answered by :func:`node1` as principal variation search does."""
    row = states[ply]
    done, alpha, beta, sign, flip = _enter(row, 2, alpha, beta, sign, counters)
    if done != 1:
        return alpha
    key_ = key(row)
    stands, value, tt_code = _probe(keys, ints, vals, key_, 2, alpha, beta)
    if stands:
        return flip * value
    side = row[cr.TO_MOVE]
    _ensure(row, bits[ply], known[ply], side)
    moves = np.empty(cr.PER_SIDE + 3, dtype=np.int64)
    m = 0
    for c in (tt_code, killers[at, 0], killers[at, 1]):  # those legal here, each once
        fresh = c >= 0 and (bits[ply, side, c // cr.BITS] >> (c % cr.BITS)) & 1 == 1
        for j in range(m):
            if moves[j] == c:
                fresh = False
        if fresh:
            moves[m] = c
            m += 1
    count = m
    a0 = alpha
    best = -math.inf
    best_code = -1
    i = 0
    later = False
    while True:
        if i == count:
            if later:
                break
            later = True  # the rest, ranked cheaply
            idx = legal_indices(row, bits[ply], known[ply], side)
            n = len(idx)
            width = options[WIDTH_]
            if at == 1:
                width = max(width, options[ANSWERS_])
            if n > width:
                counters[SEEN] |= 2
            if n > 1:
                order = np.argsort(
                    -cheap(row, bits[ply], known[ply], table, side, idx, history), kind="mergesort"
                )
                idx = idx[order[:width]]
            for c in idx:
                taken = False
                for j in range(m):
                    if moves[j] == c:
                        taken = True
                if not taken:
                    moves[count] = c
                    count += 1
            continue
        code = moves[i]
        push(states, bits, known, table, ranges, ply, side * cr.PER_SIDE + code)
        if i == 0:
            value = -node1(
                states, bits, known, table, ranges, ply + 1, -beta, -alpha, -sign, at + 1,
                keys, ints, vals, used, killers, history, weights, options, counters,
            )  # fmt: skip
        else:
            value = -node1(
                states, bits, known, table, ranges, ply + 1, -alpha - 0.01, -alpha, -sign,
                at + 1, keys, ints, vals, used, killers, history, weights, options, counters,
            )  # fmt: skip
            if counters[OUT] == 0 and alpha < value < beta:
                value = -node1(
                    states, bits, known, table, ranges, ply + 1, -beta, -alpha, -sign, at + 1,
                    keys, ints, vals, used, killers, history, weights, options, counters,
                )  # fmt: skip
        if counters[OUT] != 0:
            return 0.0
        if value > best:
            best = value
            best_code = code
            if value > alpha:
                alpha = value
        if alpha >= beta:
            counters[CUTOFFS] += 1
            _killer(killers, at, code)
            history[code] += 4
            break
        i += 1
    flag = 2 if best <= a0 else 1 if best >= beta else 0
    tt_put(keys, ints, vals, used, key_, 2, best, flag, best_code)
    return flip * best


# ---- the search's position -------------------------------------------------------------------


class Table:
    """The search's transposition table on the core: position keys (:func:`key`) to
    ``(depth, value, flag, best move)``, as a dict would hold them (nothing is ever dropped:
    it grows), in arrays that the compiled nodes read and write."""

    def __init__(self, size: int = 1 << 14) -> None:
        self.keys = np.full(size, -1, dtype=np.int64)
        self.ints = np.zeros((size, 3), dtype=np.int64)
        self.vals = np.zeros(size)
        self.used = np.zeros(1, dtype=np.int64)

    def room(self, entries: int) -> None:
        """Grow, when needed, so that ``entries`` more keep the table at most half full."""
        size = len(self.keys)
        if 2 * (int(self.used[0]) + entries) <= size:
            return
        while 2 * (int(self.used[0]) + entries) > size:
            size *= 2
        keys = np.full(size, -1, dtype=np.int64)
        ints = np.zeros((size, 3), dtype=np.int64)
        vals = np.zeros(size)
        tt_rehash(self.keys, self.ints, self.vals, keys, ints, vals)
        self.keys, self.ints, self.vals = keys, ints, vals

    def get(self, key: int) -> tuple[int, float, int, int] | None:
        i = tt_slot(self.keys, key)
        if self.keys[i] == -1:
            return None
        depth, flag, code = self.ints[i].tolist()
        return depth, float(self.vals[i]), flag, code

    def __setitem__(self, key: int, entry: tuple[int, float, int, int]) -> None:
        self.room(1)
        depth, value, flag, code = entry
        tt_put(self.keys, self.ints, self.vals, self.used, key, depth, value, flag, code)

    def __len__(self) -> int:
        return int(self.used[0])


_WARM = [False]


def _warm() -> None:
    """Call each compiled function once, so that numba loads them all from its cache (or
    compiles them) now, once a process, and not inside the first search's budget."""
    _WARM[0] = True
    state = load("cathedral").new_game(seed=0)
    for move in ("cathedral e4 d5 e5 f5 e6 e7", "castle a1 b1 c1 a2 c2", "tavern j10"):
        state.play(move)
    pos = CorePosition(state)
    weights = (0.3, 0.1, 0.1, 2.0, 0.1)
    codes = pos.legal().tolist()
    pos.values(codes[:2], 1.0, weights)
    pos.cheap(pos.legal(), np.zeros(cr.PER_SIDE))
    list(pos.solver_order(pos.to_move, -1))
    table = Table(4)
    killers = np.full((8, 2), -1, dtype=np.int64)
    options = np.array([2, 2, 1, pos.to_move], dtype=np.int64)
    for depth in (1, 2):
        counters = np.array([0, 0, 0, 0, 50], dtype=np.int64)
        sign = 1.0 if pos.to_move == LIGHT else -1.0
        pos.node(depth, -math.inf, math.inf, sign, 1, table, killers, np.zeros(cr.PER_SIDE),
                 weights, options, counters)  # fmt: skip
    table[1] = (1, 0.0, 0, -1)
    table.get(1)
    table.room(8)
    pos.make(codes[0])
    pos.weigh(weights)
    pos.live()
    pos.key()
    pos.can(0)
    pos.unmake()


class CorePosition:
    """A Cathedral position for searching, on the analysis core: made and unmade in place,
    as ``search.Position`` (the same codes, values and orders)."""

    def __init__(self, state: Any) -> None:
        if not _WARM[0]:
            _warm()
        self.states = np.zeros((_DEPTH, cr.WIDTH), dtype=np.int64)
        self.bits = np.zeros((_DEPTH, 2, cr.WORDS), dtype=np.int64)
        self.known = np.zeros((_DEPTH, 2), dtype=np.int64)
        self.states[0] = encode_state(state)
        self.ply = 0
        self.placer = state.cathedral_placer
        row = self.states[0]
        self.to_move = int(row[cr.TO_MOVE]) if row[cr.TO_MOVE] >= 0 else TERMINAL
        self.cathedral = _CATHEDRAL_STATE[int(row[cr.CATH])]
        self.lead = int(_margin(row))
        self._stack: list[tuple[int, str, int]] = []
        self._weights: tuple[float, ...] = ()
        self._weight_array = np.zeros(5)

    # ---- moves ----------------------------------------------------------------------------

    def legal(self, side: int | None = None) -> np.ndarray:
        """Indices into ``SIDES[side]`` of the placements ``side`` may make now (the
        Cathedral's placements, as codes, while it is unplaced)."""
        if side is None:
            side = self.to_move
        if self.cathedral == "unplaced":
            return np.arange(len(CATHEDRAL_MOVES)) + _CATHEDRAL
        p = self.ply
        return legal_indices(self.states[p], self.bits[p], self.known[p], side)

    def can(self, code: int) -> bool:
        """Whether the side to move may make placement ``code`` (an index in its table)."""
        p = self.ply
        side = self.to_move
        if self.known[p, side] == 0:
            cr.rebuild(self.states[p], side, self.bits[p])
            self.known[p, side] = 1
        return bool(self.bits[p, side, code // cr.BITS] >> (code % cr.BITS) & 1)

    def has_move(self, side: int) -> bool:
        return len(self.legal(side)) > 0

    def move_of(self, code: int) -> Move:
        if code >= _CATHEDRAL:
            return CATHEDRAL_MOVES[code - _CATHEDRAL]
        return SIDES[self.to_move].moves[code]

    def code_of(self, move: Move) -> int:
        assert isinstance(move, Placement)
        if move.piece == CATHEDRAL:
            return _CATHEDRAL + CATHEDRAL_MOVES.index(move)
        return SIDES[self.to_move].moves.index(move)

    def _core(self, code: int) -> int:
        """The core's code of the search's ``code`` for the side to move."""
        if code >= _CATHEDRAL:
            return cr.CATHEDRAL_CODE + code - _CATHEDRAL
        return self.to_move * cr.PER_SIDE + code

    def make(self, code: int) -> None:
        if self.ply + 2 >= _DEPTH:  # (compiled code does not check its bounds)
            raise RuntimeError(f"a line of more than {_DEPTH - 2} placements")
        self._stack.append((self.to_move, self.cathedral, self.lead))
        to_move, cath, lead = push(
            self.states, self.bits, self.known, cr.TABLE, cr.RANGES, self.ply, self._core(code)
        )
        self.ply += 1
        self.to_move = to_move
        self.cathedral = _CATHEDRAL_STATE[cath]
        self.lead = lead

    def unmake(self) -> None:
        self.to_move, self.cathedral, self.lead = self._stack.pop()
        self.ply -= 1

    # ---- what the search asks --------------------------------------------------------------

    def unplaced(self, side: int) -> int:
        row = self.states[self.ply]
        return int(row[cr.SUPPLY + _KINDS * side : cr.SUPPLY + _KINDS * (side + 1)] @ _SIZES)

    def margin(self) -> int:
        """Dark's unplaced squares minus Light's: > 0 when Light is ahead."""
        return self.lead

    def key(self) -> int:
        return int(key(self.states[self.ply]))

    def _array(self, weights: tuple[float, ...]) -> np.ndarray:
        """``weights`` as an array (made once for the weights a search uses)."""
        if weights is not self._weights and weights != self._weights:
            self._weights = weights
            self._weight_array = np.array(weights, dtype=np.float64)
        return self._weight_array

    def weigh(self, weights: tuple[float, ...]) -> float:
        """``search.evaluate`` with ``weights`` (room, excl, unsafe, mobility, fragile)."""
        p = self.ply
        w = self._array(weights)
        return float(evaluate(self.states[p], self.bits[p], self.known[p], cr.TABLE, w))

    def values(self, codes: list[int], sign: float, weights: tuple[float, ...]) -> list[float]:
        """Each move's value one ply deep for the side ``sign`` stands for."""
        core = np.array([self._core(c) for c in codes], dtype=np.int64)
        w = self._array(weights)
        out = values(
            self.states, self.bits, self.known, cr.TABLE, cr.RANGES, self.ply, core, sign, w
        )
        return [float(v) for v in out]

    def cheap(self, idx: np.ndarray, history: np.ndarray) -> np.ndarray:
        """The search's cheap ranking of the side to move's placements ``idx``."""
        p = self.ply
        return cheap(
            self.states[p], self.bits[p], self.known[p], cr.TABLE, self.to_move, idx, history
        )

    def solver_order(self, side: int, first: int) -> Iterator[int]:
        """The solver's order of ``side``'s placements (``first`` first when legal)."""
        p = self.ply
        order = solver_order(
            self.states[p], self.bits[p], self.known[p], side, first, _SIZE_ORDER[side]
        )
        return iter(order.tolist())

    def live(self) -> int:
        """The free squares some building of either side can still cover."""
        p = self.ply
        return int(live(self.states[p], self.bits[p], self.known[p], cr.TABLE))

    def node(
        self,
        depth: int,
        alpha: float,
        beta: float,
        sign: float,
        at: int,
        table: Table,
        killers: np.ndarray,
        history: np.ndarray,
        weights: tuple[float, ...],
        options: np.ndarray,
        counters: np.ndarray,
    ) -> float:
        """``search._pvs`` at ``depth`` 1 or 2, whole, in compiled code (:func:`node1`,
        :func:`node2`); ``counters`` say what it counted."""
        table.room(2 if depth == 1 else 8 + int(options[:2].max()))  # an entry a node
        search = node1 if depth == 1 else node2
        return float(
            search(
                self.states,
                self.bits,
                self.known,
                cr.TABLE,
                cr.RANGES,
                self.ply,
                alpha,
                beta,
                sign,
                at,
                table.keys,
                table.ints,
                table.vals,
                table.used,
                killers,
                history,
                self._array(weights),
                options,
                counters,
            )  # fmt: skip
        )


assert LIGHT == 0 and TERMINAL == cr.TERMINAL
