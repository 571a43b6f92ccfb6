"""Sagrada solo's own search (``sagrada``): what the Hint button, the review and the coach ask in
Sagrada.

The solo game is a race against the turn bar: every round three cards come, two go into the
window and the third onto the bar, whose values are the target. All thirty cards come out over
the ten rounds, so a strong player plans with the cards still to come (they are known, only
their order is not) and weighs, each round, three things at once: the window's orders (the
public ones, partly built), the fields that no card still to come can fill (each an empty
field at the end: 3 points, and a card more on the bar), and the value of the card left for
the bar. The search does the same:

- ``window_value``: the window's worth so far, in points: each order with credit for what is
  half built (a row or column with no repeat yet, by how full it is; pairs and sets by how
  near the next one is) and a charge for each empty field that no card still to come fits
  (and a smaller one for a field only one or two such cards fit);
- the round planner: every way to play the round's turns that are left (both placements, which
  card goes to the bar), judged by the window's worth after them less the bar's new card;
- playouts: the planner's leading moves (``width``, 4) are each played out to the end many
  times, every turn by the planner one turn deep (no tools), each time on an order of the
  unknown pile drawn at random and the same for every move; a move's value is its share of
  those games won (a margin of a point or two counts nearly as a win or a loss), with the
  planner's own rating counted as ``prior`` (4) playouts. A move that plays worse than the
  best on the same orders, ``sure`` (2.5) standard errors beyond doubt, drops out, and the
  search ends when one is left and has been played out ``least`` (1,000) times, or the budget
  is spent. When the planner puts its best move ``settle`` (6) points ahead of the next, the
  others are not played out: the best alone is, ``least`` times, so that its share of games
  won is measured, not guessed. A move alone is not played out.

With ``widen=True`` the moves race instead (``stainedglass.ai.search.Race``): a move that
drops out makes room for the planner's next, so that every second weighs more moves, and the
moves are compared four times each time the playouts double; ``aim="margin"`` races them by
their final margin in points rather than their share of games won. Neither plays better:
Sagrada's search settles its choice within a few hundredths of a second, and ten times the
time wins no more deals (``benchmarks/STRENGTH.md``).

The tools are weighed at the root like any other move: what they lead to is planned and
played out like the rest. Moves that were not played out keep the planner's order.

The planner and the playouts run compiled on the game's analysis core (``plan_core.py``, over
``rules_core.py``'s state): the same computations as ``window_value``, ``estimate`` and
``playout`` here, which stay as their readable forms (``core=False`` runs the search on them);
the tests hold the two equal to the last bit.

>>> import stainedglass as sg
>>> state = sg.load("sagrada", window="Morning Lantern").new_game(seed=3)
>>> while state.is_chance():
...     state.play(state.sample_chance())
>>> bot = sg.ai.bot("sagrada", playouts=40, seed=1)
>>> bot.choose(state) in state.legal_moves()
True
"""

from __future__ import annotations

import math
from typing import Any, cast
from collections.abc import Sequence

import numpy as np

from ..ai.bots import register_bot
from ..ai.search import Bot, Candidate, Clock, Race
from ..core import Move, State, bit_indices
from .moves import DRAW, PLACE
from .state import ROUNDS, TURNS_PER_ROUND, SagradaState
from .scoring import score
from .windows import EDGE, around, beside
from . import plan_core
from .cards import ALL_CARDS
from .simulator import SagradaSimulator
from .worth import KNOBS, Knobs, window_value

__all__ = ["SagradaSearch", "window_value"]

_VALUE = tuple(c % 6 + 1 for c in ALL_CARDS)


class _Plan:
    """A position of the round as the planner sees it: the window's masks, in place."""

    __slots__ = ("grid", "occ", "colm", "valm", "allowed", "orders", "weights", "knobs", "final")

    def __init__(self, st: SagradaState, knobs: Knobs | None = None) -> None:
        self.knobs = knobs
        self.final = False  # the last round: the window is judged by its true score
        self.grid = list(st._grid)
        self.occ = st._occ
        self.colm = list(st._colm)
        self.valm = list(st._valm)
        self.allowed = st.window.allowed
        self.orders = st._orders
        self.weights = st._weights

    def put(self, i: int, c: int) -> None:
        b = 1 << i
        self.grid[i] = c
        self.occ |= b
        self.colm[c // 6] |= b
        self.valm[c % 6] |= b

    def take(self, i: int) -> None:
        c = self.grid[i]
        b = ~(1 << i)
        self.grid[i] = -1
        self.occ &= b
        self.colm[c // 6] &= b
        self.valm[c % 6] &= b

    def free(self, c: int) -> int:
        occ = self.occ
        base = EDGE if occ == 0 else around(occ) & ~occ
        return base & self.allowed[c] & ~beside(self.colm[c // 6]) & ~beside(self.valm[c % 6])

    def worth(self, to_come: Sequence[int]) -> float:
        if self.final:
            return float(score(self.grid, self.orders, self.weights))
        return window_value(
            self.grid,
            self.occ,
            self.colm,
            self.valm,
            self.allowed,
            to_come,
            self.orders,
            self.weights,
            self.knobs,
        )

    def best(
        self, hand: list[int], turns: int, pile: Sequence[int]
    ) -> tuple[float, list[tuple[int, int]]]:
        """The best way to play ``turns`` placements from ``hand``: (value, [(card, field)]),
        the value being the window's worth after them less the values left for the bar."""
        if turns <= 0 or not hand:
            return self.worth([*hand, *pile]) - sum(_VALUE[c] for c in hand), []
        best_v, best_p = -math.inf, []
        for c in hand:  # in the hand's order (each card exists once): the first best stands
            fields = self.free(c)
            if not fields:
                continue
            rest = list(hand)
            rest.remove(c)
            for i in bit_indices(fields):
                self.put(i, c)
                v, p = self.best(rest, turns - 1, pile)
                self.take(i)
                if v > best_v:
                    best_v, best_p = v, [(c, i), *p]
        if not best_p:  # nothing fits: the turn passes
            return self.worth([*hand, *pile]) - sum(_VALUE[c] for c in hand), []
        return best_v, best_p


def estimate(st: SagradaState, round_: int, knobs: Knobs | None = None) -> float:
    """The planner's margin (score less target, in points) of ``st``, reached by a move made
    in round ``round_``: exact at the end; else the best rest of that round (its placements
    left and the card left for the bar), judged by ``window_value``, less the target so far."""
    if st._over:
        return float(st.scores()[0] - st.target())
    pile = [*st._unknown, *st._bottom]
    plan = _Plan(st, knobs)
    hand = list(st._hand)
    turns = TURNS_PER_ROUND - st._turns if st._round == round_ and not st._to_draw else 0
    plan.final = st._round == ROUNDS and turns > 0
    return plan.best(hand, turns, pile)[0] - st.target()


def playout(st: SagradaState, order: Sequence[int], knobs: Knobs | None = None) -> int:
    """Play ``st`` (a position between turns or before a round's draws) to the end and return
    the margin (score less target): the unknown cards come in ``order`` (then the returned
    ones), and every turn places the card and field the planner rates best, the cards left in
    hand counted for the bar. No tool is used."""
    plan = _Plan(st, knobs)
    deck = [c for c in order if c in st._unknown]
    if len(deck) < len(st._unknown):  # cards reshuffled into the pile: after the order
        deck += sorted(st._unknown - set(deck))
    deck += st._bottom
    hand = list(st._hand)
    to_draw, turns, round_ = st._to_draw, st._turns, st._round
    target = st.target()
    if st._over:
        return score(plan.grid, plan.orders, plan.weights) - target
    while True:
        if to_draw:
            hand += deck[:to_draw]
            del deck[:to_draw]
            to_draw = 0
        plan.final = round_ == ROUNDS
        while turns < TURNS_PER_ROUND:
            _, placed = plan.best(hand, 1, deck)
            if placed:
                c, i = placed[0]
                plan.put(i, c)
                hand.remove(c)
            turns += 1
        target += sum(_VALUE[c] for c in hand)
        hand = []
        if round_ >= ROUNDS:
            break
        round_ += 1
        turns = 0
        to_draw = 3
    return score(plan.grid, plan.orders, plan.weights) - target


def _soft(margin: int) -> float:
    """A playout's final margin as its share of a win, softened: a margin of a point or two
    counts nearly as a win or a loss."""
    return 1.0 / (1.0 + math.exp(-(margin + 0.5) / 1.0))


def _share(margin: float) -> float:
    """A margin in points as a chance to win, for the views."""
    return 1.0 / (1.0 + math.exp(-margin / 3.0))


@register_bot
class SagradaSearch(Bot):
    """Sagrada solo's own search (see the module): ``budget`` seconds a move (default 1) or
    ``playouts`` orders of the pile, each played out after every leading move; ``seed``.
    ``playouts=0`` is the round planner alone. ``width``, ``prior``, ``sure``, ``settle``,
    ``least``, ``widen`` and ``aim`` shape the playouts (see the module); ``chance_samples``
    draws average what Redraw may bring; ``dead``, ``fragile1``, ``fragile2``, ``power``, ``pair`` and ``step`` are the
    window's worth (``KNOBS``). ``core`` (default True) runs the planner and the playouts
    compiled on the game's analysis core (``plan_core.py``); False runs the same on the engine,
    some thirty times slower (the benchmark compares them)."""

    name = "sagrada"
    label = "Sagrada search"
    timed = True
    games = ("sagrada",)
    effort = ("playouts", 0.02)  # a playout here plays several moves to the end: ~60 MCTS ones
    rules = {
        "playouts": ("int", 0),
        "chance_samples": ("int", 1),
        "width": ("int", 2),
        "sure": ("number", 0, 10),
        "settle": ("number", 0, 1000),
        "least": ("int", 0),
        "aim": ("choice", "win", "margin"),
        "widen": ("bool",),
        "prior": ("number", 0, 1000),
        "dead": ("number", 0, 50),
        "fragile1": ("number", 0, 50),
        "fragile2": ("number", 0, 50),
        "power": ("number", 0, 10),
        "pair": ("number", 0, 10),
        "step": ("number", 0, 10),
        "core": ("bool",),
    }
    defaults: dict[str, Any] = {
        "seed": None,
        "budget": None,
        "playouts": None,
        "chance_samples": 6,
        "width": 4,
        "settle": 6.0,
        "least": 1000,
        "aim": "win",
        "widen": False,
        "prior": 4.0,
        "sure": 2.5,
        "dead": KNOBS[0],
        "fragile1": KNOBS[1],
        "fragile2": KNOBS[2],
        "power": KNOBS[3],
        "pair": KNOBS[4],
        "step": KNOBS[5],
        "core": True,
    }

    weighed: int = 0
    """How many moves the last search played out."""

    def analyse(self, state: State, top: int | None = None) -> list[Candidate]:
        self._check(state)
        assert isinstance(state, SagradaState)
        self.weighed = 0
        opts = self.options
        seconds = (
            opts["budget"] if opts["budget"] is not None or opts["playouts"] is not None else 1.0
        )
        state.game.simulator()  # the core ready (loaded, or compiled) before the clock starts
        clock = Clock(seconds, opts["playouts"], self.stop)
        st = state.clone()
        sim = cast(SagradaSimulator, st.game.simulator()) if opts["core"] else None
        knobs = np.array(self._knobs(), dtype=np.float64)
        moves = st.legal_moves()
        if sim is not None:  # the planner compiled, every move at once (NaN: Redraw's draws)
            s = sim.encode(st)
            codes = np.array([sim.code(st, m) for m in moves], dtype=np.int64)
            quick = plan_core.rate_moves(s, sim.win, codes, knobs)
        else:
            quick = np.full(len(moves), math.nan)
        rated = []
        for m, q in zip(moves, quick):
            v = self._after(st, m, sim, knobs) if math.isnan(q) else float(q)
            rated.append((v, self.rng.random(), m))
        rated.sort(key=lambda t: (-t[0], t[1]))
        self.playouts = self.last_iterations = 0
        self._margins: list[list[int]] = []
        out = [Candidate(m, _share(v), 1, "round planned") for v, _, m in rated]
        if len(rated) < 2 or opts["playouts"] == 0:
            return out[:top]
        settled = rated[0][0] - rated[1][0] > opts["settle"]
        if settled and not opts["least"]:
            return out[:top]
        played = self._raced if opts["widen"] else self._narrow
        return played(st, sim, knobs, rated, settled, clock, top)

    def _after_each(
        self, st: SagradaState, sim: SagradaSimulator | None, moves: Sequence[Move]
    ) -> np.ndarray:
        """The core's state after each of ``moves`` (Redraw's draws still to come); an empty
        array without a core."""
        if sim is None:
            return np.zeros((len(moves), 0), dtype=np.int64)
        s = sim.encode(st)
        after = np.stack([s.copy() for _ in moves])
        for k, m in enumerate(moves):
            sim.apply(after[k], sim.code(st, m))
        return after

    def _play_round(
        self,
        st: SagradaState,
        sim: SagradaSimulator | None,
        knobs: np.ndarray,
        moves: Sequence[Move],
        after: np.ndarray,
        racing: Sequence[int],
        last: np.ndarray,
    ) -> None:
        """One order of the unknown pile, drawn at random, played out after each move of
        ``racing`` (indices into ``moves``): each final margin into ``last``."""
        order = sorted(st._unknown)
        self.rng.shuffle(order)
        if sim is not None:
            playing = np.zeros(len(moves), dtype=np.bool_)
            playing[list(racing)] = True
            plan_core.played_out(
                after, playing, st._round, sim.win, np.array(order, dtype=np.int64), knobs, last
            )
        else:
            for k in racing:
                last[k] = self._played_out(st, moves[k], order)

    def _raced(
        self,
        st: SagradaState,
        sim: SagradaSimulator | None,
        knobs: np.ndarray,
        rated: list[tuple[float, float, Move]],
        settled: bool,
        clock: Clock,
        top: int | None,
    ) -> list[Candidate]:
        """Every move in turn raced to the end on shared orders of the pile (``widen=True``,
        see the module), best first, then those not played out in the planner's order."""
        opts = self.options
        moves = [m for _, _, m in rated]
        width = 1 if settled else min(opts["width"], len(rated))
        race = Race(
            range(len(moves)),
            width=width,
            widen=not settled,
            top=top,
            sure=opts["sure"],
            spaced=True,
        )
        after = self._after_each(st, sim, moves)
        last = np.zeros(len(moves), dtype=np.int64)
        margins: dict[int, list[int]] = {k: [] for k in range(len(moves))}
        least = opts["least"]
        while not clock.spent(self.playouts):
            if race.settled and len(margins[race.alive[0]]) >= least:
                break
            racing = list(race.alive)
            self._play_round(st, sim, knobs, moves, after, racing, last)
            for k in racing:
                margins[k].append(int(last[k]))
            if opts["aim"] == "margin":  # the final margin in points races
                race.record([float(last[k]) for k in racing])
            else:
                race.record([_soft(int(last[k])) for k in racing])
            self.playouts = self.last_iterations = self.playouts + 1
        self.weighed = race.weighed
        prior = opts["prior"]  # the planner's rating counts as that many playouts
        out = []
        for k, _, n, apart in race.standings():
            if opts["aim"] == "margin":
                value = _share((sum(margins[k]) + prior * rated[k][0]) / (n + prior))
            else:
                value = (sum(race.results[k]) + prior * _share(rated[k][0])) / (n + prior)
            # the margin: the playouts' mean final margin
            out.append(Candidate(moves[k], value, n, "playouts", sum(margins[k]) / n, apart))
        out += [  # the planner's own margin for a move not played out
            Candidate(moves[k], _share(v), 1, "round planned", float(v))
            for k, (v, _, _) in enumerate(rated)
            if not margins[k]
        ]
        return out[:top]

    def _narrow(
        self,
        st: SagradaState,
        sim: SagradaSimulator | None,
        knobs: np.ndarray,
        rated: list[tuple[float, float, Move]],
        settled: bool,
        clock: Clock,
        top: int | None,
    ) -> list[Candidate]:
        """The planner's ``width`` leading moves alone played out (``widen=False``, see the
        module), best first, then the others in the planner's order."""
        opts = self.options
        out = [Candidate(m, _share(v), 1, "round planned") for v, _, m in rated]
        # The leading moves played out to the end, all on the same orders of the pile; a move
        # that plays surely worse than the best so far (paired over those orders) drops out.
        width = min(opts["width"], len(rated))
        lead = [m for _, _, m in rated[:width]]
        values = np.zeros((width, 256))  # each move's playouts, softened (see _soft)
        self._margins = [[] for _ in range(width)]  # each playout's final margin, by move
        # settled: the best alone, played out to measure it (the others keep the planner's order)
        active = [0] if settled else list(range(width))
        least = opts["least"]
        z = opts["sure"]
        last = np.zeros(width, dtype=np.int64)  # each leading move's margin on this order
        after = self._after_each(st, sim, lead)  # on the core (Redraw's draws to come)
        while (len(active) > 1 or self.playouts < least) and not clock.spent(self.playouts):
            n = self.playouts
            if n == values.shape[1]:
                values = np.concatenate([values, np.zeros_like(values)], axis=1)
            self._play_round(st, sim, knobs, lead, after, active, last)
            for k in active:
                self._margins[k].append(int(last[k]))
                values[k, n] = _soft(int(last[k]))
            self.playouts = self.last_iterations = n = n + 1
            if z and n >= 16 and n % 8 == 0:
                sums = [plan_core.total(values[k], n) for k in active]
                best = active[sums.index(max(sums))]
                active = [
                    k
                    for k in active
                    if k == best or not plan_core.surely_worse(values[best], values[k], n, z)
                ]
        prior = opts["prior"]  # the planner's rating counts as that many playouts
        margins = self._margins
        self.weighed = sum(1 for m in margins if m)
        mixed = sorted(
            (
                (
                    (plan_core.total(values[k], len(margins[k])) + prior * _share(rated[k][0]))
                    / (len(margins[k]) + prior),
                    k in active,
                    k,
                )
                for k in range(width)
            ),
            key=lambda t: (-t[1], -t[0]),
        )
        out = [
            Candidate(
                lead[k],
                v,
                len(margins[k]),
                "playouts",
                # the playouts' mean final margin; the planner's own before any playout (a
                # search stopped at once)
                sum(margins[k]) / len(margins[k]) if margins[k] else float(rated[k][0]),
            )
            for v, _, k in mixed
        ] + out[width:]
        return out[:top]

    def line(self, state: State, move: Move, plies: int = 4) -> list[Move]:
        """The moves the planner expects after ``move``: the rest of the round's placements
        (the best way to play them), or, when the round ends, the next round's draws (one
        order of the pile, drawn at random: assumed) and its first placement; at most
        ``plies`` moves past the draws."""
        assert isinstance(state, SagradaState)
        work = state.clone()
        work.play(move)
        out: list[Move] = []
        while len(out) < plies and not work.is_terminal():
            if work.is_chance():
                nxt = self._draw(work) if work._unknown else work.chance_outcomes()[0][0]
            else:
                plan = _Plan(work, self._knobs())
                plan.final = work._round == ROUNDS
                turns = TURNS_PER_ROUND - work._turns
                _, placed = plan.best(list(work._hand), turns, [*work._unknown, *work._bottom])
                legal = work.legal_moves()
                nxt = PLACE[placed[0][0]][placed[0][1]] if placed else legal[-1]
                if nxt not in legal:
                    break
                work.play(nxt)
                out.append(nxt)
                break  # the player's next move closes the line
            work.play(nxt)
            out.append(nxt)
        return out

    def _played_out(self, st: SagradaState, move: Move, order: list[int]) -> int:
        """One playout after ``move`` on the engine (``core=False``), the pile in ``order``:
        its final margin."""
        round_ = st._round
        st._push(move)
        n = 0
        while st.is_chance() and st._round == round_:  # Redraw's draws, from the same order
            st._push(self._next(st, order))
            n += 1
        margin = playout(st, order, self._knobs())
        for _ in range(n + 1):
            st.undo()
        return margin

    @staticmethod
    def _next(st: SagradaState, order: list[int]) -> Move:
        if st._unknown:  # the next of the order (cards reshuffled in come after it)
            c = next((c for c in order if c in st._unknown), min(st._unknown))
            return DRAW[c]
        return st.chance_outcomes()[0][0]  # the returned cards, in their known order

    def _after(
        self, st: SagradaState, move: Move, sim: SagradaSimulator | None, knobs: np.ndarray
    ) -> float:
        """The planner's margin after ``move`` (compiled on the core, or on the engine without
        one); chance inside the turn (Redraw's draws) averaged over ``chance_samples`` draws."""
        round_ = st._round
        st._push(move)

        def planned() -> float:
            if sim is None:
                return estimate(st, round_, self._knobs())
            return plan_core.estimate(sim.encode(st), sim.win, round_, knobs)

        if not st.is_chance() or st._round != round_:
            value = planned()
        else:
            k = self.options["chance_samples"]
            value = 0.0
            for _ in range(k):
                n = 0
                while st.is_chance() and st._round == round_:
                    st._push(self._draw(st))
                    n += 1
                value += planned() / k
                for _ in range(n):
                    st.undo()
        st.undo()
        return value

    def _knobs(self) -> Knobs:
        o = self.options
        return (o["dead"], o["fragile1"], o["fragile2"], o["power"], o["pair"], o["step"])

    def _draw(self, st: SagradaState) -> Move:
        outcomes = st.chance_outcomes()
        return outcomes[self.rng.randrange(len(outcomes))][0]
