"""The compiled UCT search: :class:`~stainedglass.ai.mcts.MCTSBot`'s search on a game's analysis
core, every iteration in compiled code. It knows no game: each game that wants it shows its
core through a *face* (``<game>/uct_face.py``, found by name beside the game), a handful of
compiled callbacks (``numba.cfunc``) with the fixed signatures below and the game's static
tables flattened into one ``int64`` and one ``float64`` array.

The search does the same steps as ``MCTSBot._analyse_core`` (its Python loop over the core):

* the tree in preallocated arrays: per node its visits, first and last child, next sibling,
  the move code that leads to it, where its untried moves lie in a shared pool and how many
  are left, how many children it has and whether its untried moves are sorted; each node's
  value totals (one per player) in a second array;
* progressive widening: a node grows a child while it has fewer than ``widening * sqrt(visits
  + 1)`` (or none); the root's moves are tried in the order the caller gives (the prior's,
  best last); below the root, a new child is the best by one-ply evaluation of
  ``expand_sample`` random untried moves, and a node visited ``sort_visits`` times sorts all
  its untried moves by one-ply evaluation once and grows them best first;
* UCB1 with ``c`` for the player to move (max^n over the value vectors); chance nodes sampled
  by their probabilities; ``playout_depth`` random plies, then the evaluation (the returns at
  the end); every node on the path backs up the value vector.

It runs in chunks of iterations (:meth:`Search.run`), returning to Python between them so the
caller can read the clock and the stop flag; the tree persists across chunks and grows by
reallocation between them, up to :data:`MAX_NODES` nodes and :data:`MAX_POOL` untried move
codes (then the search stops cleanly). Its random numbers come from the core's generator
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
VISITS, FIRST, LAST, NEXT, MOVE, USTART, ULEN, NKIDS, NLEGAL = range(9)
FIELDS = 9
"""A node's fields (a row of ``nodes``). ``USTART``, ``ULEN``: its untried moves kept in
order in the pool (the root's; a node's once it is sorted), the one to try next last; ``ULEN``
-1 while they are not kept (then a node lists its moves afresh, its children passed over, each
time it grows one). ``NLEGAL``: how many legal moves it has, -1 until listed."""
M_NODES, M_POOL, M_DONE = 0, 1, 2
"""``meta``: nodes in use, pool entries in use, iterations done."""
P_ME, P_PLAYERS, P_DEPTH, P_SAMPLE, P_SORT, P_BUDGET, P_SETTLE, P_COUNT = range(8)
"""``ip``: the root's player, players, playout depth, expand sample, sort visits, the counted
budget (-1: none), whether to stop once settled, the iterations to run in this chunk."""
RAN, FULL, SETTLED = 0, 1, 2
"""What a chunk ends with: its iterations all run; the tree full; the root's choice settled."""
NODE_MARGIN = 4096
"""Free nodes an iteration needs before it starts (one a decision, one more a chance node on
its way down)."""
MAX_NODES = 1 << 20
"""The most nodes a search grows (about 100 MB at four players)."""
MAX_POOL = 1 << 24
"""The most untried move codes a search keeps (128 MB)."""


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
def _new_child(nodes: np.ndarray, totals: np.ndarray, meta: np.ndarray, node: int, code: int) -> int:
    """A new child of ``node`` reached by ``code``, after its others; its index."""
    ch = meta[M_NODES]
    meta[M_NODES] = ch + 1
    nodes[ch, VISITS] = 0
    nodes[ch, FIRST] = -1
    nodes[ch, LAST] = -1
    nodes[ch, NEXT] = -1
    nodes[ch, MOVE] = code
    nodes[ch, USTART] = 0
    nodes[ch, ULEN] = -1
    nodes[ch, NKIDS] = 0
    nodes[ch, NLEGAL] = -1
    totals[ch, :] = 0.0
    last = nodes[node, LAST]
    if last < 0:
        nodes[node, FIRST] = ch
    else:
        nodes[last, NEXT] = ch
    nodes[node, LAST] = ch
    nodes[node, NKIDS] += 1
    return int(ch)


@jit
def _find_child(nodes: np.ndarray, node: int, code: int) -> int:
    """The child of ``node`` reached by ``code``, or -1."""
    ch = nodes[node, FIRST]
    while ch >= 0:
        if nodes[ch, MOVE] == code:
            return int(ch)
        ch = nodes[ch, NEXT]
    return -1


@jit
def _select(nodes: np.ndarray, totals: np.ndarray, node: int, player: int, c: float) -> int:
    """UCB1 for ``player`` over the children of ``node`` (the first unvisited one at once; the
    first of equal scores)."""
    k = c * math.sqrt(math.log(nodes[node, VISITS] + 1))
    best = -1
    best_score = -math.inf
    ch = nodes[node, FIRST]
    while ch >= 0:
        n = nodes[ch, VISITS]
        if n == 0:
            return int(ch)
        score = totals[ch, player] / n + k * (1.0 / math.sqrt(n))
        if score > best_score:
            best_score = score
            best = ch
        ch = nodes[ch, NEXT]
    return int(best)


@jit
def init_tree(
    nodes: np.ndarray, totals: np.ndarray, meta: np.ndarray, pool: np.ndarray, order: np.ndarray
) -> None:
    """The root alone, its untried moves ``order`` (the last tried first)."""
    n = len(order)
    nodes[0, VISITS] = 0
    nodes[0, FIRST] = -1
    nodes[0, LAST] = -1
    nodes[0, NEXT] = -1
    nodes[0, MOVE] = -1
    nodes[0, USTART] = 0
    nodes[0, ULEN] = n
    nodes[0, NKIDS] = 0
    nodes[0, NLEGAL] = n
    totals[0, :] = 0.0
    pool[:n] = order
    meta[M_NODES] = 1
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
    ``totals``, ``pool``, ``meta``); ``RAN``, or ``FULL`` / ``SETTLED`` where it stopped
    before. ``s``, ``t``, ``buf``, ``work``, ``cbuf``, ``pbuf``, ``value`` and ``path`` are
    scratch."""
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
    margin = buf.shape[0]
    cand = np.empty(max(sample, 1), dtype=np.int64)
    for _ in range(ip[P_COUNT]):
        done = meta[M_DONE]
        if settle and budget >= 0 and done >= 64 and done % 32 == 0:
            top1 = 0  # no root move can catch up with the most visited in the iterations left
            top2 = 0
            ch = nodes[0, FIRST]
            while ch >= 0:
                v = nodes[ch, VISITS]
                if v > top1:
                    top2 = top1
                    top1 = v
                elif v > top2:
                    top2 = v
                ch = nodes[ch, NEXT]
            if top1 - top2 > budget - done:
                return SETTLED
        if meta[M_NODES] + NODE_MARGIN > cap or meta[M_POOL] + margin > pool_cap:
            return FULL
        s[:] = s0
        node = 0
        depth = 0
        path[0] = 0
        player = player_fn(s, ti, tf)
        expanded = False
        while not expanded and player != TERMINAL:
            if meta[M_NODES] >= cap:  # (never with the margin above but in a freak game)
                break
            if player == CHANCE:
                n = chance_fn(s, ti, tf, cbuf, pbuf)
                code = cbuf[pick(pbuf, n, rand_unit(rng))]
                child = _find_child(nodes, node, code)
                if child < 0:
                    child = _new_child(nodes, totals, meta, node, code)
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
                                if _find_child(nodes, node, buf[j]) < 0:
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
                                if _find_child(nodes, node, x) < 0:
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
                    child = _new_child(nodes, totals, meta, node, code)
                else:
                    child = _select(nodes, totals, node, player, c)
                    code = nodes[child, MOVE]
            apply_fn(s, ti, tf, code)
            player = player_fn(s, ti, tf)
            node = child
            depth += 1
            path[depth] = node
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
            n = path[d]
            nodes[n, VISITS] += 1
            for p in range(players):
                totals[n, p] += value[p]
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
    ) -> None:
        self.face = face
        self.s0 = np.ascontiguousarray(s0, dtype=np.int64)
        self.players = players
        nodes = max(nodes, 2 * NODE_MARGIN)
        pool = max(pool, len(order) + face.legal_size)
        self.nodes = np.empty((nodes, FIELDS), dtype=np.int64)
        self.totals = np.empty((nodes, players), dtype=np.float64)
        self.pool = np.empty(pool, dtype=np.int64)
        self.path = np.empty(nodes + 1, dtype=np.int64)
        self.meta = np.zeros(3, dtype=np.int64)
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
    def size(self) -> tuple[int, int]:
        """The nodes and the untried move codes in use."""
        return int(self.meta[M_NODES]), int(self.meta[M_POOL])

    def run(self, count: int) -> int:
        """Up to ``count`` more iterations (``RAN``, or ``SETTLED`` / ``FULL`` where they
        stopped before; the tree grows at ``FULL`` while it may, and the search then goes on,
        so ``FULL`` means the search can grow no more)."""
        face = self.face
        while True:
            self.ip[P_COUNT] = count
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

    def _grow(self) -> bool:
        """Twice the room where the last chunk ran out (False: the bounds reached)."""
        nodes, used = self.size
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
            self.path = np.empty(new + 1, dtype=np.int64)
        if used + len(self.buf) > len(self.pool):
            if len(self.pool) >= MAX_POOL:
                return False
            pool = np.empty(min(2 * len(self.pool), MAX_POOL), dtype=np.int64)
            pool[:used] = self.pool[:used]
            self.pool = pool
        return True

    def root_children(self) -> list[tuple[int, int, np.ndarray]]:
        """The root's children in the order they were grown: code, visits, value totals."""
        out = []
        ch = int(self.nodes[0, FIRST])
        while ch >= 0:
            row = self.nodes[ch]
            out.append((int(row[MOVE]), int(row[VISITS]), self.totals[ch].copy()))
            ch = int(row[NEXT])
        return out

    def root_visits(self) -> list[int]:
        """The root's children's visits."""
        return [v for _, v, _ in self.root_children()]


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
