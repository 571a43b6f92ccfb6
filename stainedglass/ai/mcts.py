"""Monte Carlo tree search (UCT) for any registered game.

* Chance nodes are sampled by their probabilities with the bot's own generator.
* Hidden information: every iteration searches a fresh determinization ``state.view(player)``
  (information-set MCTS: a node's moves are those legal in the current determinization), so
  the bot never reads another hand or the order of a pile.
* Values are vectors (one estimate of ``returns()`` per player), so games of 1 to 4 players
  search alike: each player picks what is best for them (max^n).
* Big branching (Cathedral's first moves number 1,700): progressive widening lets a node
  consider ``widening * sqrt(visits)`` moves, tried in the order of a one-ply ``evaluate()``
  at the root; below it, each new child is the best of ``expand_sample`` random untried moves.
* Playouts are random for ``playout_depth`` plies (default none), then the game's
  ``evaluate()`` scores the position.
* A subclass may end a descent at a chance outcome and value the leaf itself
  (``_chance_leaf``): a game's own search built on this one (Walls of Light's ``walls_mcts``
  stops where the roll hands the turn over and plays the next turns out).

>>> import stainedglass as sg
>>> state = sg.load("cathedral").new_game(seed=2)
>>> bot = sg.ai.bot("mcts", iterations=200, seed=5)
>>> bot.choose(state) == sg.ai.bot("mcts", iterations=200, seed=5).choose(state)
True
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any
from collections.abc import Iterable

import numpy as np

from ..core import CHANCE, TERMINAL, Move, State
from .search import (
    Bot,
    Candidate,
    Clock,
    determinize,
    expected_value,
    has_hidden_information,
    leaf_value,
    sample_outcome,
)

if TYPE_CHECKING:  # numba loads with a game's core, not with the package
    from ..analysis import Simulator
    from .uct import Face

__all__ = ["MCTSBot"]

CHUNK_SECONDS = 0.01
"""The compiled search's chunks last about this long: the clock and the stop flag are read
between them."""
_HOOKS = (
    "_chance_leaf",
    "_chance_leaf_core",
    "_best_of_sample_core",
    "_ratings_core",
)
"""The steps a subclass may change that the compiled search cannot follow: such a bot runs the
Python loop over the core."""


class _Node:
    __slots__ = ("children", "untried", "visits", "total", "sorted", "rank")

    def __init__(self, players: int) -> None:
        self.children: dict[Move, _Node] = {}
        self.untried: list[Move] | None = None  # perfect information: moves not yet expanded
        self.visits = 0
        self.total = [0.0] * players
        self.sorted = False  # untried moves in one-ply order, the best last
        self.rank: dict[Move, float] | None = None  # hidden information: one-ply ratings


class _CoreNode:
    """A node of the search on the analysis core: children keyed by move codes, the values'
    totals a numpy vector."""

    __slots__ = ("children", "untried", "visits", "total", "sorted", "rank", "spread")

    def __init__(self, players: int) -> None:
        self.children: dict[int, _CoreNode] = {}
        self.untried: list[int] | None = None
        self.visits = 0
        self.total = [0.0] * players
        self.sorted = False
        self.rank: dict[int, float] | None = None
        self.spread = 0.0  # 1 / sqrt(visits), kept for UCB1

    def add(self, value: list[float]) -> None:
        """One more visit that found ``value``."""
        self.visits += 1
        self.spread = 1.0 / math.sqrt(self.visits)
        total = self.total
        for i, v in enumerate(value):
            total[i] += v


def _select_core(node: _CoreNode, moves: Iterable[int], player: int, c: float) -> int:
    """UCB1 for ``player`` over ``moves`` (children of ``node``), on the core: the same
    scores as :meth:`MCTSBot._select`, each child's ``1 / sqrt(visits)`` kept with it."""
    k = c * math.sqrt(math.log(node.visits + 1))
    best = -1
    best_score = -1.0
    children = node.children
    for move in moves:
        child = children[move]
        n = child.visits
        if n == 0:
            return move
        score = child.total[player] / n + k * child.spread
        if score > best_score:
            best_score = score
            best = move
    return best


def _core_candidates(
    state: State,
    sim: Simulator,
    top: int | None,
    children: list[tuple[int, int, float]],
    prior: dict[int, float],
    order: list[int],
) -> list[Candidate]:
    """The root's moves ranked, from its ``children`` (code, visits, the root player's value
    total) in the order they were grown: by visits, then value; then the moves no playout
    reached, by the ``prior`` (the best of ``order`` last)."""
    ranked = sorted(children, key=lambda ch: (-ch[1], -ch[2] / max(ch[1], 1)))
    out = [
        Candidate(sim.move(state, m), total / visits, visits, "playouts")
        for m, visits, total in ranked
        if visits
    ]
    if prior and (top is None or len(out) < top):  # then the moves no playout reached
        floor = min(prior.values())
        reached = {m for m, visits, _ in children if visits}
        for m in reversed(order):
            if m not in reached:
                out.append(Candidate(sim.move(state, m), prior.get(m, floor), 0, "playouts"))
                if top is not None and len(out) >= top:
                    break
    return out[:top]


def _expected_core(
    sim: Simulator, s: np.ndarray, player: int, rng: np.ndarray, samples: int
) -> float:
    """``expected_value`` on the core: at a chance node the mean over its outcomes (all of them
    when at most ``samples``, else ``samples`` drawn), else the evaluation."""
    kind = sim.current_player(s)
    if kind == TERMINAL:
        return float(sim.returns(s)[player])
    if kind != CHANCE:
        return float(sim.evaluate(s)[player])
    codes, probs = sim.chance_outcomes(s)
    total = 0.0
    if len(codes) <= samples:
        for code, p in zip(codes.tolist(), probs.tolist()):
            t = s.copy()
            sim.apply(t, code)
            total += p * _expected_core(sim, t, player, rng, 1)
        return total
    for _ in range(samples):
        t = s.copy()
        sim.apply(t, sim.sample_chance(t, rng))
        total += _expected_core(sim, t, player, rng, 1)
    return total / samples


class MCTSBot(Bot):
    """UCT within ``budget`` seconds (default 1) or ``iterations`` playouts; ``seed``.

    Options: ``c`` exploration constant; ``playout_depth`` random plies before ``evaluate()``;
    ``widening`` children per square root of visits; ``prior_share`` of the time spent rating
    the root's moves one ply deep (0 to skip); ``expand_sample``: below the root, a node grows
    the best (by ``evaluate()``) of that many random untried moves (1: a random one);
    ``sort_visits``: a node below the root visited that often rates all its untried moves
    once and grows them best first (so the reply that refutes a promising move is found);
    ``early_stop``: when choosing a move, stop as soon as the choice can no longer change;
    ``core``: search on the game's analysis core (``Game.simulator()``) where it has one, the
    same algorithm many times faster (False: on the engine, as a reader follows it);
    ``compiled``: on the core, run the whole search compiled (``stainedglass.ai.uct``) where
    the game shows its core to it (``<game>/uct_face.py``), has no hidden information and the
    bot ends no descent itself (False: the search's Python loop over the core); ``value``: a
    learned evaluation (:class:`~stainedglass.ai.cores.ValueFunction`, such as
    ``sg.ai.LinearValue.fit(sg.ai.selfplay(game, 2000))``) in place of ``evaluate()``, on
    the core.
    """

    name = "mcts"
    label = "MCTS bot"
    timed = True
    effort = ("iterations", 1.0)
    rules = {
        "iterations": ("int", 1),
        "c": ("number", 0, 100),
        "playout_depth": ("int", 0),
        "widening": ("number", 0.01, 1000),
        "prior_share": ("number", 0, 1),
        "expand_sample": ("int", 1),
        "early_stop": ("bool",),
        "sort_visits": ("int", 1),
        "core": ("bool",),
        "compiled": ("bool",),
        "value": ("value",),
    }
    defaults: dict[str, Any] = {
        "seed": None,
        "budget": None,
        "iterations": None,
        "c": 0.2,
        "playout_depth": 0,
        "widening": 2.0,
        "prior_share": 0.25,
        "expand_sample": 6,
        "early_stop": True,
        "sort_visits": 32,
        "core": True,
        "compiled": True,
        "value": None,
    }

    def analyse(self, state: State, top: int | None = None) -> list[Candidate]:
        self._check(state)
        sim = state.game.simulator() if self.options["core"] and self._runs_on_core() else None
        value = self.options["value"]
        if value is not None:  # a learned evaluation, of the core's observations
            if sim is None:
                raise ValueError(
                    f"bot {self.name!r}: value= judges the analysis core's positions: "
                    f"{state.game.title} must have one, and core=True"
                )
            from ..analysis import valued

            sim = valued(sim, value)
        if sim is not None:
            return self._analyse_core(state, top, sim)
        opts = self.options
        seconds = opts["budget"] if opts["budget"] is not None or opts["iterations"] else 1.0
        clock = Clock(seconds, opts["iterations"], self.stop)
        rng = self.rng
        me = state.current_player
        players = state.num_players
        hidden = has_hidden_information(state)
        c, depth_cap, widen = opts["c"], opts["playout_depth"], opts["widening"]
        sample, sort_at = opts["expand_sample"], opts["sort_visits"]

        root = _Node(players)
        first = determinize(state, me, rng)
        prior, order = self._prior(first, clock)
        root.untried = list(order)
        if hidden:  # the root player knows their own moves: keep the prior order
            root_order = {m: i for i, m in enumerate(reversed(root.untried))}

        done = 0
        # Choosing one move (top=1), stop once no other root move can catch up with the most
        # visited one in the iterations left: the answer is settled, the rest of the time saved.
        settle = top == 1 and opts["early_stop"]
        since = time.perf_counter()
        while not clock.spent(done) or done == 0:
            if settle and done >= 64 and done % 32 == 0:
                visits = sorted([0] + [ch.visits for ch in root.children.values()])
                if visits[-1] - visits[-2] > clock.left(done, since):
                    break  # (a move not tried yet could not catch up either)
            s = first if done == 0 else determinize(state, me, rng)  # a fresh redraw
            node = root
            path = [root]
            expanded = False
            mover = me  # who made the last decision on the way down
            value = None
            while not expanded and not s.is_terminal():
                if s.is_chance():
                    move = sample_outcome(s, rng)
                    value = self._chance_leaf(s, move, mover, node.visits)
                    if value is not None:
                        break
                    child = node.children.get(move)
                    if child is None:
                        child = node.children[move] = _Node(players)
                    s._push(move)
                    node = child
                    path.append(node)
                    continue
                player = mover = s.current_player
                limit = widen * math.sqrt(node.visits + 1)
                if hidden:
                    legal = s.legal_moves()
                    fresh = [m for m in legal if m not in node.children]
                    known = [m for m in legal if m in node.children]
                    if fresh and (len(known) < limit or not known):
                        if node is root:
                            move = min(fresh, key=lambda m: root_order.get(m, len(root_order)))
                        elif node.rank is not None or node.visits >= sort_at:
                            if node.rank is None:  # well visited: rate its moves once
                                node.rank = self._ratings(s, legal, player)
                            rank = node.rank
                            move = max(fresh, key=lambda m: rank.get(m, -1.0))
                        else:
                            self._best_of_sample(s, fresh, player, sample)
                            move = fresh[-1]
                        expanded = True
                    else:
                        move = self._select(node, known, player, c)
                else:
                    untried = node.untried
                    if untried is None:
                        untried = node.untried = s.legal_moves()
                    if untried and (len(node.children) < limit or not node.children):
                        if node is not root:  # the best of a few random untried moves
                            if node.visits >= sort_at and not node.sorted:
                                self._sort(s, untried, player)  # well visited: all, in order
                                node.sorted = True
                            elif not node.sorted:
                                self._best_of_sample(s, untried, player, sample)
                        move = untried.pop()
                        expanded = True
                    else:
                        move = self._select(node, node.children, player, c)
                s._push(move)
                child = node.children.get(move)
                if child is None:
                    child = node.children[move] = _Node(players)
                node = child
                path.append(node)

            plies = 0
            while plies < depth_cap and not s.is_terminal():
                if s.is_chance():
                    s._push(sample_outcome(s, rng))
                else:
                    legal = s.legal_moves()
                    s._push(legal[rng.randrange(len(legal))])
                plies += 1
            if value is None:
                value = leaf_value(s)
            for n in path:
                n.visits += 1
                total = n.total
                for i in range(players):
                    total[i] += value[i]
            done += 1

        self.last_iterations = done
        ranked = sorted(
            root.children.items(),
            key=lambda kv: (-kv[1].visits, -kv[1].total[me] / max(kv[1].visits, 1)),
        )
        out = [
            Candidate(m, n.total[me] / n.visits, n.visits, "playouts")
            for m, n in ranked
            if n.visits
        ]
        if prior and (top is None or len(out) < top):  # then the moves no playout reached
            floor = min(prior.values())  # (not rated in time: no better than the worst rated)
            for m in reversed(order):
                child = root.children.get(m)
                if child is None or not child.visits:
                    out.append(Candidate(m, prior.get(m, floor), 0, "playouts"))
                    if top is not None and len(out) >= top:
                        break
        return out[:top]

    # ---- the same search on the game's analysis core ---------------------------------------

    def _runs_on_core(self) -> bool:
        """Whether this bot's hooks have core versions: a subclass that ends descents itself
        (``_chance_leaf``) must give ``_chance_leaf_core`` too, or it searches on the engine."""
        klass = type(self)
        return klass._chance_leaf is MCTSBot._chance_leaf or (
            klass._chance_leaf_core is not MCTSBot._chance_leaf_core
        )

    def _chance_leaf_core(
        self, sim: Simulator, s: np.ndarray, outcome: int, mover: int, visits: int
    ) -> np.ndarray | None:
        """``_chance_leaf`` on the core: ``s`` a core state at a chance node, ``outcome`` a
        code."""
        return None

    def _analyse_core(self, state: State, top: int | None, sim: Simulator) -> list[Candidate]:
        """:meth:`analyse` on the analysis core: the tree keyed by move codes, every position a
        core state, every evaluation the core's; the same steps as the engine's search (all
        compiled where :meth:`_face` finds the game's face)."""
        from ..analysis import new_rng, rand_below  # loaded with the core already

        face = self._face(state, sim)
        if face is not None:
            return self._analyse_compiled(state, top, sim, face)

        opts = self.options
        seconds = opts["budget"] if opts["budget"] is not None or opts["iterations"] else 1.0
        clock = Clock(seconds, opts["iterations"], self.stop)
        rng = self.rng
        crng = new_rng(rng.getrandbits(32))
        me = state.current_player
        players = state.num_players
        hidden = has_hidden_information(state)
        c, depth_cap, widen = opts["c"], opts["playout_depth"], opts["widening"]
        sample, sort_at = opts["expand_sample"], opts["sort_visits"]
        base = sim.encode(state)

        def fresh_root() -> np.ndarray:
            s = base.copy()
            if hidden:
                sim.determinize(s, me, crng)
            return s

        root = _CoreNode(players)
        first = fresh_root()
        prior, order = self._prior_core(sim, first, me, clock, crng)
        root.untried = list(order)
        if hidden:
            root_order = {m: i for i, m in enumerate(reversed(root.untried))}

        done = 0
        settle = top == 1 and opts["early_stop"]
        since = time.perf_counter()
        while not clock.spent(done) or done == 0:
            if settle and done >= 64 and done % 32 == 0:
                visits = sorted([0] + [ch.visits for ch in root.children.values()])
                if visits[-1] - visits[-2] > clock.left(done, since):
                    break
            s = first if done == 0 else fresh_root()
            node = root
            path = [root]
            expanded = False
            mover = me
            value: np.ndarray | None = None
            player = sim.current_player(s)
            while not expanded and player != TERMINAL:
                if player == CHANCE:
                    code = sim.sample_chance(s, crng)
                    value = self._chance_leaf_core(sim, s, code, mover, node.visits)
                    if value is not None:
                        break
                    child = node.children.get(code)
                    if child is None:
                        child = node.children[code] = _CoreNode(players)
                    sim.apply(s, code)
                    player = sim.current_player(s)
                    node = child
                    path.append(node)
                    continue
                mover = player
                limit = widen * math.sqrt(node.visits + 1)
                if hidden:
                    legal = sim.legal(s).tolist()
                    fresh = [m for m in legal if m not in node.children]
                    known = [m for m in legal if m in node.children]
                    if fresh and (len(known) < limit or not known):
                        if node is root:
                            code = min(fresh, key=lambda m: root_order.get(m, len(root_order)))
                        elif node.rank is not None or node.visits >= sort_at:
                            if node.rank is None:
                                node.rank = self._ratings_core(sim, s, legal, player)
                            rank = node.rank
                            code = max(fresh, key=lambda m: rank.get(m, -1.0))
                        else:
                            self._best_of_sample_core(sim, s, fresh, player, sample)
                            code = fresh[-1]
                        expanded = True
                    else:
                        code = _select_core(node, known, player, c)
                else:
                    untried = node.untried
                    if untried is None:
                        untried = node.untried = sim.legal(s).tolist()
                    if untried and (len(node.children) < limit or not node.children):
                        if node is not root:
                            if node.visits >= sort_at and not node.sorted:
                                rank = self._ratings_core(sim, s, untried, player)
                                untried.sort(key=rank.__getitem__)
                                node.sorted = True
                            elif not node.sorted:
                                self._best_of_sample_core(sim, s, untried, player, sample)
                        code = untried.pop()
                        expanded = True
                    else:
                        code = _select_core(node, node.children, player, c)
                sim.apply(s, code)
                player = sim.current_player(s)
                child = node.children.get(code)
                if child is None:
                    child = node.children[code] = _CoreNode(players)
                node = child
                path.append(node)

            plies = 0
            while value is None and plies < depth_cap and player != TERMINAL:
                if player == CHANCE:
                    sim.apply(s, sim.sample_chance(s, crng))
                else:
                    legal_codes = sim.legal(s)
                    sim.apply(s, int(legal_codes[rand_below(crng, len(legal_codes))]))
                player = sim.current_player(s)
                plies += 1
            if value is None:
                value = sim.returns(s) if player == TERMINAL else sim.evaluate(s)
            found = value.tolist()
            for n in path:
                n.add(found)
            done += 1

        self.last_iterations = done
        children = [(m, n.visits, float(n.total[me])) for m, n in root.children.items()]
        return _core_candidates(state, sim, top, children, prior, order)

    def _face(self, state: State, sim: Simulator) -> Face | None:
        """The game's face for the compiled search (:func:`stainedglass.ai.uct.face_of`), or
        None where this search must run the Python loop: the option ``compiled`` off, hidden
        information, or a subclass that changes a step of the search (its hooks are Python)."""
        if (
            not self.options["compiled"]
            or has_hidden_information(state)
            or self.options["value"] is not None  # (a Python function: the Python loop)
        ):
            return None
        klass = type(self)
        for hook in _HOOKS:
            if getattr(klass, hook) is not getattr(MCTSBot, hook):
                return None
        from .uct import face_of  # loaded with the core

        return face_of(sim)

    def _analyse_compiled(
        self, state: State, top: int | None, sim: Simulator, face: Face
    ) -> list[Candidate]:
        """:meth:`_analyse_core` compiled (:mod:`stainedglass.ai.uct`): the prior here, then the
        iterations in compiled chunks of about :data:`CHUNK_SECONDS`, the clock, the stop flag
        and the settle test read between them; the same candidates."""
        from ..analysis import new_rng
        from . import uct

        opts = self.options
        seconds = opts["budget"] if opts["budget"] is not None or opts["iterations"] else 1.0
        iterations = opts["iterations"]
        clock = Clock(seconds, iterations, self.stop)
        crng = new_rng(self.rng.getrandbits(32))
        me = state.current_player
        base = sim.encode(state)
        prior, order = self._prior_core(sim, base.copy(), me, clock, crng)
        settle = top == 1 and opts["early_stop"]
        search = uct.Search(
            face,
            base,
            me,
            state.num_players,
            order,
            c=opts["c"],
            widening=opts["widening"],
            playout_depth=opts["playout_depth"],
            expand_sample=opts["expand_sample"],
            sort_visits=opts["sort_visits"],
            budget=iterations,
            settle=settle,
            rng=crng,
        )
        chunk = 32
        since = time.perf_counter()
        while search.done == 0 or not clock.spent(search.done):
            done = search.done
            if settle and clock.deadline is not None and done >= 64:
                visits = sorted([0, *search.root_visits()])  # (a counted budget: in the chunk)
                if visits[-1] - visits[-2] > clock.left(done, since):
                    break
            count = chunk if iterations is None else min(chunk, iterations - done)
            if done == 0 and clock.spent(0):
                count = 1  # stopped before it began: the one iteration every search runs
            start = time.perf_counter()
            status = search.run(count)
            took = time.perf_counter() - start
            if status != uct.RAN:  # settled, or the tree as large as it may grow
                break
            aim = CHUNK_SECONDS
            if clock.deadline is not None:
                aim = min(aim, max(clock.deadline - time.perf_counter(), 0.0))
            rate = (search.done - done) / max(took, 1e-6)
            chunk = int(min(max(rate * aim, 16), 4 * chunk + 16, 1 << 16))
        self.last_iterations = search.done
        children = [(m, v, float(total[me])) for m, v, total in search.root_children()]
        return _core_candidates(state, sim, top, children, prior, order)

    def _prior_core(
        self, sim: Simulator, s: np.ndarray, me: int, clock: Clock, crng: np.ndarray
    ) -> tuple[dict[int, float], list[int]]:
        """:meth:`_prior` on the core: the root's moves rated one ply deep (a chance node
        after a move averaged over its outcomes, four drawn where there are more)."""
        moves = sim.legal(s).tolist()
        self.rng.shuffle(moves)
        share = self.options["prior_share"]
        if not share or len(moves) < 2:
            return {}, moves
        stop = clock.fraction(share)
        rated: dict[int, float] = {}
        chunk = 64  # rated a chunk at a time by one compiled call, the clock read between
        for at in range(0, len(moves), chunk):
            if rated and (self.stopped() or stop is not None and time.perf_counter() > stop):
                break
            part = moves[at : at + chunk]
            values = sim.evaluate_after(s, np.array(part, dtype=np.int64))[:, me]
            for i, move in enumerate(part):
                value = float(values[i])
                t = s.copy()
                sim.apply(t, move)
                if sim.current_player(t) == CHANCE:
                    value = _expected_core(sim, t, me, crng, 4)
                rated[move] = value
        k = len(rated)
        return rated, moves[k:] + sorted(moves[:k], key=rated.__getitem__)

    def _best_of_sample_core(
        self, sim: Simulator, s: np.ndarray, moves: list[int], player: int, k: int
    ) -> None:
        """:meth:`_best_of_sample` on the core."""
        rng = self.rng
        n = len(moves)
        drawn = min(max(k, 1), n)
        for j in range(drawn):
            i = rng.randrange(n - j)
            moves[i], moves[n - 1 - j] = moves[n - 1 - j], moves[i]
        if k <= 1 or drawn < 2:
            return
        codes = np.array(moves[n - drawn :], dtype=np.int64)
        values = sim.evaluate_after(s, codes)[:, player]
        # the first drawn (the last in the list) wins ties, as on the engine
        best = max(range(drawn), key=lambda j: (values[drawn - 1 - j], -j))
        best_i = n - 1 - best
        moves[best_i], moves[-1] = moves[-1], moves[best_i]

    @staticmethod
    def _ratings_core(
        sim: Simulator, s: np.ndarray, moves: list[int], player: int
    ) -> dict[int, float]:
        """:meth:`_ratings` on the core: one compiled call for all of ``moves``."""
        values = sim.evaluate_after(s, np.array(moves, dtype=np.int64))[:, player]
        return dict(zip(moves, values.tolist()))

    def _prior(self, state: State, clock: Clock) -> tuple[dict[Move, float], list[Move]]:
        """The root's moves rated one ply deep while ``prior_share`` of the budget lasts, and
        all the root's moves in the order to try them, the best last: the rated ones by their
        rating after the others (in random order). Linear in the moves but for the rated ones,
        since a root may have thousands (Coloring)."""
        moves = self._shuffled(state.legal_moves())
        share = self.options["prior_share"]
        if not share or len(moves) < 2:
            return {}, moves
        me = state.current_player
        stop = clock.fraction(share)
        rated: dict[Move, float] = {}
        for move in moves:
            if rated and (self.stopped() or stop is not None and time.perf_counter() > stop):
                break
            state._push(move)
            rated[move] = expected_value(state, me, self.rng, 4)
            state.undo()
        k = len(rated)
        return rated, moves[k:] + sorted(moves[:k], key=rated.__getitem__)

    def _chance_leaf(self, s: State, outcome: Move, mover: int, visits: int) -> list[float] | None:
        """Where the descent reaches chance node ``s`` (the last decision ``mover``'s, the
        node visited ``visits`` times) and draws ``outcome``: None to go on through it (here
        always), or the value that ends the descent there (a subclass's horizon)."""
        return None

    def _best_of_sample(self, s: State, moves: list[Move], player: int, k: int) -> None:
        """Move to the end of ``moves`` the best, for ``player`` by ``evaluate()`` one ply deep,
        of ``k`` drawn at random (just one drawn when ``k`` <= 1)."""
        rng = self.rng
        n = len(moves)
        best_i, best_v = n - 1, -1.0
        for j in range(min(max(k, 1), n)):
            i = rng.randrange(n - j)  # a move not drawn yet (the drawn ones sit at the end)
            moves[i], moves[n - 1 - j] = moves[n - 1 - j], moves[i]
            if k <= 1:
                return
            s._push(moves[n - 1 - j])
            value = leaf_value(s)[player]
            s.undo()
            if value > best_v:
                best_i, best_v = n - 1 - j, value
        moves[best_i], moves[-1] = moves[-1], moves[best_i]

    @classmethod
    def _sort(cls, s: State, moves: list[Move], player: int) -> None:
        """Order ``moves`` by ``evaluate()`` one ply deep for ``player``, the best last."""
        rank = cls._ratings(s, moves, player)
        moves.sort(key=rank.__getitem__)

    @staticmethod
    def _ratings(s: State, moves: list[Move], player: int) -> dict[Move, float]:
        """``evaluate()`` one ply deep for ``player`` after each of ``moves``."""
        rated = {}
        for move in moves:
            s._push(move)
            rated[move] = leaf_value(s)[player]
            s.undo()
        return rated

    def _shuffled(self, moves: list[Move]) -> list[Move]:
        moves = list(moves)
        self.rng.shuffle(moves)
        return moves

    @staticmethod
    def _select(node: _Node, moves: Iterable[Move], player: int, c: float) -> Move:
        """UCB1 for ``player`` over ``moves`` (children of ``node``)."""
        log_n = math.log(node.visits + 1)
        best = None
        best_score = -1.0
        children = node.children
        for move in moves:
            child = children[move]
            n = child.visits
            if n == 0:
                return move
            score = child.total[player] / n + c * math.sqrt(log_n / n)
            if score > best_score:
                best_score = score
                best = move
        assert best is not None
        return best
