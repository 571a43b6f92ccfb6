"""The compiled UCT search: :class:`~stainedglass.ai.mcts.MCTSBot`'s search on a game's analysis
core, every iteration in compiled code. It knows no game: each game that wants it shows its
core through a *face* (``<game>/uct_face.py``, found by name beside the game), a handful of
compiled callbacks (``numba.cfunc``) with the fixed signatures below and the game's static
tables flattened into one ``int64`` and one ``float64`` array.

The search does the same steps as ``MCTSBot._analyse_core`` (its Python loop over the core):

* the tree in preallocated arrays: per node its visits, the move code that leads to it, its
  legal moves' number, its children's block of slots (each slot: the child, its code, and
  UCB1's two figures, its mean value for the player who chose it and 1 / sqrt(its visits), so
  that choosing a child reads one block); each node's value totals (one per player) in a
  second array; the untried moves of the root and of each node once sorted, in order, in a
  shared pool (any other node lists its moves afresh, its children passed over, when it grows
  a child: the lists of every node would take a hundred bytes an iteration);
* progressive widening: a node grows a child while it has fewer than ``widening * sqrt(visits
  + 1)`` (or none) and moves left untried; the root's moves are tried in the order the caller gives (the prior's,
  best last); below the root, a new child is the best by one-ply evaluation of
  ``expand_sample`` random untried moves, and a node visited ``sort_visits`` times sorts all
  its untried moves by one-ply evaluation once and grows them best first;
* UCB1 with ``c`` for the player to move (max^n over the value vectors); chance nodes sampled
  by their probabilities; ``playout_depth`` random plies, then the evaluation (the returns at
  the end); every node on the path backs up the value vector.

It runs in chunks of iterations (:meth:`Search.run`), returning to Python between them so the
caller can read the clock and the stop flag; the tree persists across chunks and grows by
reallocation between them, up to :data:`MAX_NODES` nodes, :data:`MAX_POOL` untried move codes
and :data:`MAX_SLOTS` child slots (then the search stops cleanly, before an iteration that
might not fit). Its random numbers come from the core's generator
(``analysis.new_rng``) alone, so a seed gives the same search.

numba caches this module's compiled search on disk once, for every game: a face's callbacks
are typed by their signatures (``numba.types.FunctionType``), not by the functions, so the
compiled search is the same for every game and a second process loads it from the cache.
"""

from __future__ import annotations

import math
import weakref
from typing import Any, NamedTuple

import numpy as np

from ..analysis import COMPILED, Mismatch, Simulator, jit, new_rng, pick, rand_below, rand_unit

__all__ = [
    "Face",
    "Search",
    "SIG_PLAYER",
    "SIG_LEGAL",
    "SIG_APPLY",
    "SIG_CHANCE",
    "SIG_VALUE",
    "SIG_RANDOM",
    "face_of",
    "check_face",
    "MAX_NODES",
    "MAX_POOL",
    "MAX_SLOTS",
]

_sig: dict[str, Any] = {}
if COMPILED:  # the callbacks' signatures (numba's types are untyped for mypy: Any)
    from numba import types as _nt

    _I = _nt.int64[::1]
    _F = _nt.float64[::1]
    _sig = {
        "player": _nt.int64(_I, _I, _F),
        "legal": _nt.int64(_I, _I, _F, _I, _I),
        "apply": _nt.int64(_I, _I, _F, _nt.int64),
        "chance": _nt.int64(_I, _I, _F, _I, _F),
        "value": _nt.int64(_I, _I, _F, _F),
        "random": _nt.int64(_I, _I, _F, _I, _I, _I),
    }

SIG_PLAYER: Any = _sig.get("player")
"""``player(s, ti, tf)``: the player to move, ``CHANCE`` (-1) or ``TERMINAL`` (-2)."""
SIG_LEGAL: Any = _sig.get("legal")
"""``legal(s, ti, tf, buf, work)``: the legal moves' codes into ``buf`` (at a chance node the
outcomes'); returns how many. ``work`` is the face's scratch space."""
SIG_APPLY: Any = _sig.get("apply")
"""``apply(s, ti, tf, code)``: play ``code`` in place; returns 0."""
SIG_CHANCE: Any = _sig.get("chance")
"""``chance(s, ti, tf, codes, probs)``: at a chance node, the outcomes' codes and their
probabilities; returns how many."""
SIG_VALUE: Any = _sig.get("value")
"""``value(s, ti, tf, out)``: the returns at the end, else the evaluation, one per player into
``out``; returns 0."""
SIG_RANDOM: Any = _sig.get("random")
"""``random(s, ti, tf, rng, buf, work)``: a legal move drawn uniformly with ``rng`` (``buf`` and
``work`` as for ``legal``)."""

CHANCE = -1
TERMINAL = -2

# ---- the tree's layout ---------------------------------------------------------------------
VISITS, MOVE, USTART, ULEN, NKIDS, NLEGAL, KSTART, KCAP = range(8)
FIELDS = 8
"""A node's fields (a row of ``nodes``). ``USTART``, ``ULEN``: its untried moves kept in
order in the pool (the root's; a node's once it is sorted), the one to try next last; ``ULEN``
-1 while they are not kept (then a node lists its moves afresh, its children passed over, each
time it grows one). ``NLEGAL``: how many legal moves it has, -1 until listed. ``KSTART``,
``KCAP``, ``NKIDS``: its children's block of slots (moved to one twice as large when full)."""
K_NODE, K_CODE = 0, 1
"""A child's slot in ``kint``: its node and its move code; in ``kflt``: ``K_MEAN`` its value
total for the player who chose it over its visits, ``K_SPREAD`` 1 / sqrt(its visits) (UCB1's
figures, kept beside each other so that choosing a child reads one block)."""
K_MEAN, K_SPREAD = 0, 1
M_NODES, M_POOL, M_DONE, M_KIDS = 0, 1, 2, 3
"""``meta``: nodes in use, pool entries in use, iterations done, child slots in use."""
P_ME, P_PLAYERS, P_DEPTH, P_SAMPLE, P_SORT, P_BUDGET, P_SETTLE, P_COUNT, P_KMARGIN = range(9)
"""``ip``: the root's player, players, playout depth, expand sample, sort visits, the counted
budget (-1: none), whether to stop once settled, the iterations to run in this chunk, and the
free child slots an iteration needs before it starts (twice the most children a node may have
by the chunk's end, so that its block can move)."""
RAN, FULL, SETTLED = 0, 1, 2
"""What a chunk ends with: its iterations all run; the tree full; the root's choice settled."""
NODE_MARGIN = 4096
"""Free nodes an iteration needs before it starts (one a decision, one more a chance node on
its way down)."""
MAX_NODES = 1 << 20
"""The most nodes a search grows (about 100 MB at four players, with their child slots)."""
MAX_POOL = 1 << 24
"""The most untried move codes a search keeps (128 MB)."""
MAX_DEPTH = 1 << 12
"""The deepest a descent goes: a node that deep is a leaf (no game here comes near)."""
MAX_SLOTS = 1 << 22
"""The most child slots a search keeps (128 MB); each node's children take up to four times
their number (their blocks double)."""


class Face(NamedTuple):
    """A game's core as the compiled search sees it: its tables and its callbacks (compiled
    ``numba.cfunc`` objects with the signatures ``SIG_...``), and the sizes of the buffers they
    need."""

    ti: np.ndarray
    tf: np.ndarray
    player: Any  # numba cfunc objects: untyped
    legal: Any
    apply: Any
    chance: Any
    value: Any
    random: Any
    legal_size: int
    """The most legal moves (or chance outcomes) a position has: ``buf``'s length."""
    work_size: int
    """The length of the face's scratch array ``work``."""
    chance_size: int
    """The most chance outcomes a position has (1 for a game without chance)."""
    state_size: int
    """The length of a core state."""


# ---- the compiled search --------------------------------------------------------------------


@jit
def _new_node(nodes: np.ndarray, totals: np.ndarray, meta: np.ndarray, code: int) -> int:
    """A new node reached by ``code``, unvisited; its index."""
    ch = meta[M_NODES]
    meta[M_NODES] = ch + 1
    nodes[ch, VISITS] = 0
    nodes[ch, MOVE] = code
    nodes[ch, USTART] = 0
    nodes[ch, ULEN] = -1
    nodes[ch, NKIDS] = 0
    nodes[ch, NLEGAL] = -1
    nodes[ch, KSTART] = 0
    nodes[ch, KCAP] = 0
    totals[ch, :] = 0.0
    return int(ch)


@jit
def _add_child(
    nodes: np.ndarray,
    totals: np.ndarray,
    meta: np.ndarray,
    kint: np.ndarray,
    kflt: np.ndarray,
    node: int,
    code: int,
) -> int:
    """A new child of ``node`` reached by ``code``, after its others; its slot (its node:
    ``kint[slot, K_NODE]``). Where the block is full, the children move to one twice as
    large."""
    kids = nodes[node, NKIDS]
    start = nodes[node, KSTART]
    if kids == nodes[node, KCAP]:
        size = max(4, 2 * kids)
        at = meta[M_KIDS]
        meta[M_KIDS] = at + size
        kint[at : at + kids, :] = kint[start : start + kids, :]
        kflt[at : at + kids, :] = kflt[start : start + kids, :]
        nodes[node, KSTART] = at
        nodes[node, KCAP] = size
        start = at
    slot = start + kids
    kint[slot, K_NODE] = _new_node(nodes, totals, meta, code)
    kint[slot, K_CODE] = code
    kflt[slot, K_MEAN] = 0.0
    kflt[slot, K_SPREAD] = math.inf  # unvisited: chosen first
    nodes[node, NKIDS] = kids + 1
    return int(slot)


@jit
def _find_child(nodes: np.ndarray, kint: np.ndarray, node: int, code: int) -> int:
    """The slot of the child of ``node`` reached by ``code``, or -1."""
    start = nodes[node, KSTART]
    for slot in range(start, start + nodes[node, NKIDS]):
        if kint[slot, K_CODE] == code:
            return int(slot)
    return -1


@jit
def _select(nodes: np.ndarray, kflt: np.ndarray, node: int, c: float) -> int:
    """UCB1 for the player to move over the children of ``node`` (an unvisited one first; the
    first of equal scores): the slot."""
    k = c * math.sqrt(math.log(nodes[node, VISITS] + 1))
    start = nodes[node, KSTART]
    best = start
    best_score = -math.inf
    for slot in range(start, start + nodes[node, NKIDS]):
        if kflt[slot, K_SPREAD] == math.inf:
            return int(slot)
        score = kflt[slot, K_MEAN] + k * kflt[slot, K_SPREAD]
        if score > best_score:
            best_score = score
            best = slot
    return int(best)


@jit
def init_tree(
    nodes: np.ndarray, totals: np.ndarray, meta: np.ndarray, pool: np.ndarray, order: np.ndarray
) -> None:
    """The root alone, its untried moves ``order`` (the last tried first)."""
    meta[M_NODES] = 0
    meta[M_KIDS] = 0
    _new_node(nodes, totals, meta, -1)
    n = len(order)
    nodes[0, ULEN] = n
    nodes[0, NLEGAL] = n
    pool[:n] = order
    meta[M_POOL] = n
    meta[M_DONE] = 0


@jit
def run(
    s0: np.ndarray,
    ti: np.ndarray,
    tf: np.ndarray,
    player_fn: Any,
    legal_fn: Any,
    apply_fn: Any,
    chance_fn: Any,
    value_fn: Any,
    random_fn: Any,
    nodes: np.ndarray,
    totals: np.ndarray,
    kint: np.ndarray,
    kflt: np.ndarray,
    pool: np.ndarray,
    meta: np.ndarray,
    ip: np.ndarray,
    fp: np.ndarray,
    rng: np.ndarray,
    s: np.ndarray,
    t: np.ndarray,
    buf: np.ndarray,
    work: np.ndarray,
    cbuf: np.ndarray,
    pbuf: np.ndarray,
    value: np.ndarray,
    path: np.ndarray,
) -> int:
    """``ip[P_COUNT]`` iterations from the root position ``s0`` on the tree (``nodes``,
    ``totals``, ``kint``, ``kflt``, ``pool``, ``meta``); ``RAN``, or ``FULL`` / ``SETTLED``
    where it stopped before. ``s``, ``t``, ``buf``, ``work``, ``cbuf``, ``pbuf``, ``value``
    and ``path`` (a row a level: node, slot, player to move) are scratch."""
    players = ip[P_PLAYERS]
    depth_cap = ip[P_DEPTH]
    sample = ip[P_SAMPLE]
    sort_at = ip[P_SORT]
    budget = ip[P_BUDGET]
    settle = ip[P_SETTLE]
    c = fp[0]
    widen = fp[1]
    cap = nodes.shape[0]
    pool_cap = pool.shape[0]
    kcap = kint.shape[0]
    margin = buf.shape[0]
    kmargin = ip[P_KMARGIN]
    cand = np.empty(max(sample, 1), dtype=np.int64)
    for _ in range(ip[P_COUNT]):
        done = meta[M_DONE]
        if settle and budget >= 0 and done >= 64 and done % 32 == 0:
            top1 = 0  # no root move can catch up with the most visited in the iterations left
            top2 = 0
            start = nodes[0, KSTART]
            for slot in range(start, start + nodes[0, NKIDS]):
                v = nodes[kint[slot, K_NODE], VISITS]
                if v > top1:
                    top2 = top1
                    top1 = v
                elif v > top2:
                    top2 = v
            if top1 - top2 > budget - done:
                return SETTLED
        if (
            meta[M_NODES] + NODE_MARGIN > cap
            or meta[M_POOL] + margin > pool_cap
            or meta[M_KIDS] + kmargin > kcap
        ):
            return FULL
        s[:] = s0
        node = 0
        depth = 0
        path[0, 0] = 0
        path[0, 1] = -1
        player = player_fn(s, ti, tf)
        path[0, 2] = player
        expanded = False
        while not expanded and player != TERMINAL:
            if (
                meta[M_NODES] >= cap
                or meta[M_KIDS] + 2 * nodes[node, NKIDS] + 8 > kcap
                or depth + 1 >= path.shape[0]
            ):
                break  # (never with the margins above but in a freak game: a leaf here)
            if player == CHANCE:
                n = chance_fn(s, ti, tf, cbuf, pbuf)
                code = cbuf[pick(pbuf, n, rand_unit(rng))]
                slot = _find_child(nodes, kint, node, code)
                if slot < 0:
                    slot = _add_child(nodes, totals, meta, kint, kflt, node, code)
            else:
                kids = nodes[node, NKIDS]
                limit = widen * math.sqrt(nodes[node, VISITS] + 1)
                code = -1
                if kids < limit or kids == 0:
                    us = nodes[node, USTART]
                    if nodes[node, ULEN] >= 0:  # the root, or a node sorted: in order
                        left = nodes[node, ULEN]
                        if left > 0:
                            code = pool[us + left - 1]
                            nodes[node, ULEN] = left - 1
                    elif nodes[node, NLEGAL] < 0 or nodes[node, NLEGAL] > kids:
                        n = legal_fn(s, ti, tf, buf, work)  # listed afresh, the children out
                        nodes[node, NLEGAL] = n
                        left = n - kids
                        if left > 0 and nodes[node, VISITS] >= sort_at:
                            # well visited: all its untried moves rated once, kept in order
                            at = meta[M_POOL]
                            m = 0
                            for j in range(n):
                                if _find_child(nodes, kint, node, buf[j]) < 0:
                                    pool[at + m] = buf[j]
                                    m += 1
                            vals = np.empty(m)
                            for j in range(m):
                                t[:] = s
                                apply_fn(t, ti, tf, pool[at + j])
                                value_fn(t, ti, tf, value)
                                vals[j] = value[player]
                            order = np.argsort(vals, kind="mergesort")
                            moves = pool[at : at + m].copy()
                            for j in range(m):
                                pool[at + j] = moves[order[j]]
                            meta[M_POOL] = at + m
                            nodes[node, USTART] = at
                            code = pool[at + m - 1]
                            nodes[node, ULEN] = m - 1
                        elif left > 0:  # the best of a few random untried moves
                            drawn = min(max(sample, 1), left)
                            got = 0
                            j = 0
                            while got < drawn:  # Fisher-Yates, the children passed over
                                i = rand_below(rng, n - j)
                                x = buf[i]
                                buf[i] = buf[n - 1 - j]
                                buf[n - 1 - j] = x
                                j += 1
                                if _find_child(nodes, kint, node, x) < 0:
                                    cand[got] = x
                                    got += 1
                            code = cand[0]
                            if sample > 1 and drawn >= 2:
                                best_v = -math.inf
                                for j in range(drawn):  # the first drawn wins ties
                                    t[:] = s
                                    apply_fn(t, ti, tf, cand[j])
                                    value_fn(t, ti, tf, value)
                                    if value[player] > best_v:
                                        best_v = value[player]
                                        code = cand[j]
                if code >= 0:
                    expanded = True
                    slot = _add_child(nodes, totals, meta, kint, kflt, node, code)
                else:
                    slot = _select(nodes, kflt, node, c)
                    code = kint[slot, K_CODE]
            apply_fn(s, ti, tf, code)
            player = player_fn(s, ti, tf)
            node = kint[slot, K_NODE]
            depth += 1
            path[depth, 0] = node
            path[depth, 1] = slot
            path[depth, 2] = player
        plies = 0
        while plies < depth_cap and player != TERMINAL:
            if player == CHANCE:
                n = chance_fn(s, ti, tf, cbuf, pbuf)
                apply_fn(s, ti, tf, cbuf[pick(pbuf, n, rand_unit(rng))])
            else:
                apply_fn(s, ti, tf, random_fn(s, ti, tf, rng, buf, work))
            player = player_fn(s, ti, tf)
            plies += 1
        value_fn(s, ti, tf, value)
        for d in range(depth + 1):
            n = path[d, 0]
            visits = nodes[n, VISITS] + 1
            nodes[n, VISITS] = visits
            for p in range(players):
                totals[n, p] += value[p]
            if d > 0:
                slot = path[d, 1]
                chooser = path[d - 1, 2]  # who chose it (at a chance node: nobody)
                kflt[slot, K_MEAN] = totals[n, chooser] / visits if chooser >= 0 else 0.0
                kflt[slot, K_SPREAD] = 1.0 / math.sqrt(visits)
        meta[M_DONE] = done + 1
    return RAN


@jit
def _probe(
    s: np.ndarray,
    ti: np.ndarray,
    tf: np.ndarray,
    player_fn: Any,
    legal_fn: Any,
    chance_fn: Any,
    value_fn: Any,
    random_fn: Any,
    rng: np.ndarray,
    buf: np.ndarray,
    work: np.ndarray,
    cbuf: np.ndarray,
    pbuf: np.ndarray,
    value: np.ndarray,
) -> tuple[int, int, int, int]:
    """What the face's compiled callbacks say of ``s``: the player to move, how many legal
    moves (into ``buf``), how many chance outcomes (into ``cbuf``, ``pbuf``), a random move
    (-1 where there is none to draw); its value into ``value``."""
    player = player_fn(s, ti, tf)
    n = legal_fn(s, ti, tf, buf, work) if player != TERMINAL else 0
    k = chance_fn(s, ti, tf, cbuf, pbuf) if player == CHANCE else 0
    r = -1
    if player >= 0:
        r = random_fn(s, ti, tf, rng, cbuf, work)  # cbuf: buf keeps the legal moves
    value_fn(s, ti, tf, value)
    return player, n, k, r


@jit
def _play(s: np.ndarray, ti: np.ndarray, tf: np.ndarray, apply_fn: Any, code: int) -> None:
    """The face's compiled ``apply``."""
    apply_fn(s, ti, tf, code)


# ---- the Python side -----------------------------------------------------------------------


class Search:
    """One compiled search from core state ``s0``: the tree, its scratch, the options.

    ``order``: the root's moves, the one to try first last (the prior's order); ``budget``:
    the counted iterations, if any (the settle test inside a chunk uses it); ``settle``: stop
    once no other root move can catch up with the most visited; ``rng``: the core generator
    (``analysis.new_rng``), moved on by the search."""

    def __init__(
        self,
        face: Face,
        s0: np.ndarray,
        me: int,
        players: int,
        order: list[int],
        *,
        c: float,
        widening: float,
        playout_depth: int,
        expand_sample: int,
        sort_visits: int,
        budget: int | None,
        settle: bool,
        rng: np.ndarray,
        nodes: int = 1 << 14,
        pool: int = 1 << 18,
        slots: int = 1 << 16,
    ) -> None:
        self.face = face
        self.s0 = np.ascontiguousarray(s0, dtype=np.int64)
        self.players = players
        nodes = max(nodes, 2 * NODE_MARGIN)
        pool = max(pool, len(order) + face.legal_size)
        self.nodes = np.empty((nodes, FIELDS), dtype=np.int64)
        self.totals = np.empty((nodes, players), dtype=np.float64)
        self.kint = np.empty((slots, 2), dtype=np.int64)
        self.kflt = np.empty((slots, 2), dtype=np.float64)
        self.pool = np.empty(pool, dtype=np.int64)
        self.path = np.empty((MAX_DEPTH, 3), dtype=np.int64)
        self.meta = np.zeros(4, dtype=np.int64)
        self.ip = np.array(
            [
                me,
                players,
                playout_depth,
                expand_sample,
                sort_visits,
                -1 if budget is None else budget,
                int(settle),
                0,
                0,
            ],
            dtype=np.int64,
        )
        self.fp = np.array([c, widening], dtype=np.float64)
        self.rng = rng
        size = len(self.s0)
        self.s = np.empty(size, dtype=np.int64)
        self.t = np.empty(size, dtype=np.int64)
        self.buf = np.empty(face.legal_size, dtype=np.int64)
        self.work = np.zeros(max(face.work_size, 1), dtype=np.int64)
        self.cbuf = np.empty(max(face.chance_size, face.legal_size), dtype=np.int64)
        self.pbuf = np.empty(max(face.chance_size, 1), dtype=np.float64)
        self.value = np.empty(players, dtype=np.float64)
        self.full = False
        init_tree(self.nodes, self.totals, self.meta, self.pool, np.array(order, dtype=np.int64))

    @property
    def done(self) -> int:
        """The iterations run so far."""
        return int(self.meta[M_DONE])

    @property
    def size(self) -> tuple[int, int, int]:
        """The nodes, the untried move codes kept and the child slots in use."""
        return int(self.meta[M_NODES]), int(self.meta[M_POOL]), int(self.meta[M_KIDS])

    def run(self, count: int) -> int:
        """Up to ``count`` more iterations (``RAN``, or ``SETTLED`` / ``FULL`` where they
        stopped before; the tree grows at ``FULL`` while it may, and the search then goes on,
        so ``FULL`` means the search can grow no more)."""
        face = self.face
        while True:
            self.ip[P_COUNT] = count
            self.ip[P_KMARGIN] = self._kmargin(self.done + count)
            before = self.done
            status = int(
                run(
                    self.s0,
                    face.ti,
                    face.tf,
                    face.player,
                    face.legal,
                    face.apply,
                    face.chance,
                    face.value,
                    face.random,
                    self.nodes,
                    self.totals,
                    self.kint,
                    self.kflt,
                    self.pool,
                    self.meta,
                    self.ip,
                    self.fp,
                    self.rng,
                    self.s,
                    self.t,
                    self.buf,
                    self.work,
                    self.cbuf,
                    self.pbuf,
                    self.value,
                    self.path,
                )
            )
            count -= self.done - before
            if status != FULL or count <= 0:
                return status
            if not self._grow():
                self.full = True
                return FULL

    def _kmargin(self, iterations: int) -> int:
        """Twice the most children a node may have after ``iterations`` in all (progressive
        widening's bound at a decision, every outcome at a chance node; at most its legal
        moves), and a little more."""
        face = self.face
        widest = int(self.fp[1] * math.sqrt(iterations + 1)) + 2
        return 2 * max(min(face.legal_size, widest), face.chance_size) + 8

    def _grow(self) -> bool:
        """Twice the room where the last chunk ran out (False: the bounds reached)."""
        nodes, used, _ = self.size
        cap = len(self.nodes)
        if nodes + NODE_MARGIN > cap:
            if cap >= MAX_NODES:
                return False
            new = min(2 * cap, MAX_NODES)
            grown = np.empty((new, FIELDS), dtype=np.int64)
            grown[:cap] = self.nodes
            totals = np.empty((new, self.players), dtype=np.float64)
            totals[:cap] = self.totals
            self.nodes, self.totals = grown, totals
        if used + len(self.buf) > len(self.pool):
            if len(self.pool) >= MAX_POOL:
                return False
            pool = np.empty(min(2 * len(self.pool), MAX_POOL), dtype=np.int64)
            pool[:used] = self.pool[:used]
            self.pool = pool
        slots = int(self.meta[M_KIDS])
        if slots + int(self.ip[P_KMARGIN]) > len(self.kint):
            if len(self.kint) >= MAX_SLOTS:
                return False
            new = min(2 * len(self.kint), MAX_SLOTS)
            kint = np.empty((new, 2), dtype=np.int64)
            kint[:slots] = self.kint[:slots]
            kflt = np.empty((new, 2), dtype=np.float64)
            kflt[:slots] = self.kflt[:slots]
            self.kint, self.kflt = kint, kflt
        return True

    def root_children(self) -> list[tuple[int, int, np.ndarray]]:
        """The root's children in the order they were grown: code, visits, value totals."""
        start = int(self.nodes[0, KSTART])
        out = []
        for slot in range(start, start + int(self.nodes[0, NKIDS])):
            ch = int(self.kint[slot, K_NODE])
            out.append((int(self.nodes[ch, MOVE]), int(self.nodes[ch, VISITS]), self.totals[ch]))
        return out

    def root_visits(self) -> list[int]:
        """The root's children's visits, in the order they were grown."""
        start = int(self.nodes[0, KSTART])
        kids = self.kint[start : start + int(self.nodes[0, NKIDS]), K_NODE]
        visits: list[int] = self.nodes[kids, VISITS].tolist()
        return visits


# ---- a game's face ---------------------------------------------------------------------------

_FACES: weakref.WeakKeyDictionary[Simulator, Face | None] = weakref.WeakKeyDictionary()


def face_of(sim: Simulator) -> Face | None:
    """The compiled search's face of ``sim``'s game (``uct_face(sim)`` of the module
    ``uct_face`` beside the game), made once a core; None where the game has none or the
    cores do not run compiled."""
    if not COMPILED:
        return None
    if sim not in _FACES:
        from ..core import _beside

        module = _beside(type(sim.game), "uct_face")
        face: Face | None = None
        if module is not None:
            face = module.uct_face(sim)
        _FACES[sim] = face
    return _FACES[sim]


def check_face(sim: Simulator, face: Face, s: np.ndarray, seed: int = 0, plies: int = 400) -> int:
    """Play a random game from core state ``s`` (left as it is) through ``sim`` and through the
    face's compiled callbacks side by side, and raise :class:`~stainedglass.analysis.Mismatch`
    at the first difference: the player to move, the legal moves, the chance outcomes, the
    value (the returns at the end, else the evaluation), a random move not legal, or the state
    after a move. Returns the plies compared."""
    rng = new_rng(seed)
    draw = new_rng(seed + 1)
    players = sim.players
    buf = np.empty(face.legal_size, dtype=np.int64)
    work = np.zeros(max(face.work_size, 1), dtype=np.int64)
    cbuf = np.empty(max(face.chance_size, face.legal_size), dtype=np.int64)
    pbuf = np.empty(max(face.chance_size, 1), dtype=np.float64)
    value = np.empty(players, dtype=np.float64)
    a = np.ascontiguousarray(s, dtype=np.int64).copy()
    b = a.copy()
    for ply in range(plies + 1):

        def fail(what: str, core: Any, got: Any, ply: int = ply) -> Mismatch:
            return Mismatch(f"{sim.game!r} ply {ply}: {what} differ\n  core: {core}\n  face: {got}")

        player, n, k, r = _probe(
            b,
            face.ti,
            face.tf,
            face.player,
            face.legal,
            face.chance,
            face.value,
            face.random,
            draw,
            buf,
            work,
            cbuf,
            pbuf,
            value,
        )
        if player != sim.current_player(a):
            raise fail("the player to move", sim.current_player(a), player)
        want = sim.returns(a) if player == TERMINAL else sim.evaluate(a)
        if not np.allclose(value, want, atol=1e-9):
            raise fail("the values", list(want), list(value))
        if player == TERMINAL or ply == plies:
            return ply
        codes = sim.legal(a)
        if sorted(codes.tolist()) != sorted(buf[:n].tolist()):
            raise fail("the legal moves", f"{len(codes)} moves", f"{n} moves")
        if player == CHANCE:
            want_codes, want_probs = sim.chance_outcomes(a)
            got = dict(zip(cbuf[:k].tolist(), pbuf[:k].tolist()))
            if dict(zip(want_codes.tolist(), want_probs.tolist())) != got:
                raise fail("the chance outcomes", want_codes.tolist(), cbuf[:k].tolist())
            code = int(sim.sample_chance(a, rng))
        else:
            if r not in set(codes.tolist()):
                raise fail("a random move (not legal)", "", r)
            code = int(codes[rand_below(rng, len(codes))])
        sim.apply(a, code)
        _play(b, face.ti, face.tf, face.apply, code)
        if not np.array_equal(a, b):
            raise fail("the states after a move", code, list(np.flatnonzero(a != b)[:8]))
    return plies
