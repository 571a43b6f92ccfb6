"""Coloring in the Stained Glass's own search (``coloring``): what the Hint button, the review
and the coach ask in Coloring.

Each player colors a sheet of their own; what joins them is the pencils in the middle (the one
taken sets how many shapes the next players color) and the race for each section's high value.
So most of a move's worth is in the mover's own sheet, and in what it leaves possible: a shape
that every color already touches can never be colored, and a window that can never be full
costs its player every circle left. The search weighs moves in points:

- ``worth``: each player's points so far (sections, stars, unused circles), half the open value
  of each section by the share of it colored, half a point per color around each star still
  open, less the shapes no pencil can color any more (each will cost a circle) and a little for
  shapes only one color can still take;
- the moves, all of them (or ``root`` of them drawn at random where there are more, as on the
  first turn: 19,000), rated by the mover's worth less the best of the others' one ply deep;
- the race: the ``candidates`` (8) best are each played out to the game's end, each player in
  turn choosing the best by the same rating among ``sample`` (48) of their moves drawn at
  random, the draws of a round the same for every move in it. A move's value is its mean
  final margin over its playouts; a move ``sure`` (2.0) standard errors of the paired
  differences below the best drops out (but for the ``top`` best when the search ranks moves
  rather than choosing one), and the next move by its rating takes its place (``widen``), so
  that every second weighs more moves. The search ends when the budget (``budget`` seconds, or
  ``nodes``: positions rated) is spent, or one move is left with none to come.

A playout to the end sees what the rating cannot (the pencils the others leave, the sections
they win first), and every extra one sharpens the means: at two players the search at 1 s
takes most of the points against itself at 0.1 s, and at 0.3 s against ``alphabeta``
(``benchmarks/STRENGTH.md``). The moves in the race are compared four times each time its
rounds double, not after every round, so that a good move is seldom dropped by chance.
``coloring_deepening`` is the search as it was, its candidates played a round deep, then
twice as deep, while the budget lasted: it settled early and lost to ``mcts``.

``rating="projected"`` rates by the game's own projected margin (the points ``evaluate()``
weighs, without the charge for shapes lost) in place of ``worth``.

With three and four players each player in a playout plays for their own margin (max^n); solo,
the player's own worth is the value.

The search runs on the game's analysis core (``simulator.py``): the ratings and the playouts are
compiled (``search_core.py``), some 10 to 50 times as many positions rated a second as on the
engine; :func:`worth` and :func:`margin` here are the readable rules they follow (the tests hold
them equal). The draws come from the core's generator, so a counted budget (``nodes=``, with a
``seed``) gives the same move on every machine, compiled or not.

>>> import stainedglass as sg
>>> state = sg.load("coloring", players=2).new_game(seed=3)
>>> bot = sg.ai.bot("coloring", nodes=3000, seed=1)
>>> bot.choose(state) in state.legal_moves()
True
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..ai.bots import register_bot
from ..ai.search import Bot, Candidate, Clock, Race
from ..analysis import new_rng
from ..core import State
from .game import OPEN, ColoringState
from .search_core import MODE_PROJECTED, MODE_WORTH, played_out, rate_moves
from .sheet import SECTION_VALUES, SECTIONS
from .simulator import ColoringSimulator

__all__ = ["ColoringDeepening", "ColoringSearch", "worth"]

_DEAD = 2.0
"""Points a shape that no pencil can color any more costs (a circle, or more: the window
cannot be full)."""
_FRAGILE = 0.3
"""Points a shape that only one pencil can still color costs."""
_SCALE = 6.0
"""Points of margin to the share of the win a candidate reports (the game's own softness)."""
_CHUNK = 512
"""Moves rated one ply deep at a time, the budget checked between (a time budget)."""
_UNLIMITED = 1 << 62


def worth(s: ColoringState, p: int) -> float:
    """Player ``p``'s points so far and those within reach, in points (see the module).

    >>> import stainedglass as sg
    >>> state = sg.load("coloring", players=2).new_game(seed=1)
    >>> worth(state, 0)
    10.5
    """
    sheet = s.sheet
    colored = s.colored[p]
    v = float(s.section_points(p) + s.star_points(p) + s.circles_left(p))
    if p in s.finished:
        return v
    for i, name in enumerate(SECTIONS):
        sec = sheet.section_mask[name]
        if not sec & ~colored:
            continue
        hi, lo = SECTION_VALUES[name]
        open_value = hi if s.high[i] == OPEN else lo if s.low[i] == OPEN else 0
        if open_value:
            v += 0.5 * open_value * (sec & colored).bit_count() / sec.bit_count()
    paint = s.paint[p]
    stars = s.stars[p]
    for k, around in enumerate(sheet.star_mask):
        if stars[k] == OPEN:
            v += 0.5 * min(4, sum(1 for m in paint if m & around))
    free = sheet.full & ~colored
    touch = s.touch[p]
    dead = free
    for t in touch:
        dead &= t
    some = 0  # free shapes at least two pencils can still color
    once = 0  # ... at least one
    for t in touch:
        ok = free & ~t
        some |= once & ok
        once |= ok
    v -= min(_DEAD * dead.bit_count(), float(s.circles_left(p)) + _DEAD)
    v -= _FRAGILE * (once & ~some).bit_count()
    return v


def margin(s: ColoringState, p: int) -> float:
    """``p``'s worth less the best of the others' (solo: ``p``'s worth); at the end, the
    scores' margin, with a point for the winner of a tie."""
    n = s.num_players
    if s.is_terminal():
        scores = [float(x) for x in s.scores()]
        if n == 1:
            return scores[0]
        ret = s.returns()
        best = max(x for q, x in enumerate(scores) if q != p)
        return scores[p] - best + (ret[p] - max(r for q, r in enumerate(ret) if q != p))
    if n == 1:
        return worth(s, p)
    mine = worth(s, p)
    return mine - max(worth(s, q) for q in range(n) if q != p)


@register_bot
class ColoringSearch(Bot):
    """Coloring's hint search: every move rated one ply deep in points, the best raced to the
    game's end on shared draws (see the module). ``budget`` seconds (default 1) or ``nodes``
    (positions rated); ``candidates``, ``sample``, ``root``, ``sure``, ``widen``, ``rating``;
    ``seed``."""

    name = "coloring"
    label = "Coloring search"
    timed = True
    games = ("coloring",)
    effort = ("nodes", 20.0)  # an MCTS playout here costs some 20 positions rated
    rules = {
        "nodes": ("int", 1),
        "candidates": ("int", 1),
        "sample": ("int", 1),
        "root": ("int", 1),
        "sure": ("number", 0, 100),
        "widen": ("bool",),
        "rating": ("choice", "worth", "projected"),
    }
    defaults: dict[str, Any] = {
        "seed": None,
        "budget": None,
        "nodes": None,
        "candidates": 8,
        "sample": 48,
        "root": 4000,
        "sure": 2.0,
        "widen": True,
        "rating": "worth",
    }
    weighed: int = 0
    """How many moves the last search played out."""

    def analyse(self, state: State, top: int | None = None) -> list[Candidate]:
        sim, s, clock, ranked, static = self._rate_root(state)
        me = state.current_player
        # the race: the best by their rating played out to the end on the same draws, the
        # worse dropped as they fall behind and the next coming in; a move is chosen once one
        # is left, a ranking (a hint's, a review's) keeps its places
        opts = self.options
        race = Race(
            ranked,
            width=opts["candidates"],
            widen=opts["widen"],
            top=top,
            sure=opts["sure"],
            spaced=True,
        )
        while not race.settled and not clock.spent(self._rated):
            seed = self.rng.getrandbits(64)
            values = []
            for code in race.alive:
                got = self._played_out(sim, s, code, me, _UNLIMITED, seed, clock)
                if got is None:  # out of budget: this round is not finished
                    break
                values.append(got[0])
            if len(values) < len(race.alive):
                break
            race.record(values)
        self.last_iterations = self.nodes = self._rated
        self.weighed = race.weighed
        out = [
            Candidate(sim.move(state, m), _share(mean), n, "playouts", apart=apart)
            for m, mean, n, apart in race.standings()
        ]
        out += [
            Candidate(sim.move(state, m), _share(static[m]), 0, "playouts")
            for m in ranked
            if not race.results.get(m)
        ]
        return out[:top]

    def _rate_root(
        self, state: State
    ) -> tuple[ColoringSimulator, np.ndarray, Clock, list[int], dict[int, float]]:
        """The core, the position on it, the clock started, and the moves (``root`` of them
        drawn where there are more) rated one ply deep, best first, with their ratings."""
        self._check(state)
        assert isinstance(state, ColoringState)
        opts = self.options
        seconds = opts["budget"] if opts["budget"] is not None or opts["nodes"] else 1.0
        sim = state.game.simulator()  # the core ready (loaded, or compiled) before the clock
        assert isinstance(sim, ColoringSimulator)
        clock = Clock(seconds, opts["nodes"], self.stop)
        self._rated = 0
        s = sim.encode(state)
        codes = [int(c) for c in sim.legal(s)]
        if len(codes) > opts["root"]:
            codes = self.rng.sample(codes, opts["root"])
        static: dict[int, float] = {}
        while len(static) < len(codes):  # in chunks, the budget checked between them
            if static and clock.spent(self._rated):
                break
            chunk = _CHUNK
            if clock.iterations is not None:
                chunk = min(chunk, max(1, clock.iterations - self._rated))
            part = codes[len(static) : len(static) + chunk]
            values = _rate_all(sim, s, part, state.current_player, self._mode())
            static.update(zip(part, values.tolist()))
            self._rated += len(part)
        return sim, s, clock, sorted(static, key=lambda m: -static[m]), static

    def _mode(self) -> int:
        """The rating chosen: ``worth``'s margin, or the game's own projected margin."""
        return MODE_PROJECTED if self.options["rating"] == "projected" else MODE_WORTH

    def _played_out(
        self,
        sim: ColoringSimulator,
        s: np.ndarray,
        code: int,
        me: int,
        turns: int,
        seed: int,
        clock: Clock,
    ) -> tuple[float, bool] | None:
        """``me``'s margin after ``code`` and ``turns`` more decisions (or at the game's end,
        and whether it ended), on the draws of ``seed`` (the same for every move compared),
        each decision the best by its player's rating among ``sample`` drawn (compiled:
        ``search_core.played_out``); None when the budget ran out first."""
        if clock.spent(self._rated):
            return None
        limit = _UNLIMITED
        if clock.iterations is not None:
            limit = clock.iterations - self._rated
        got, over, rated, done = played_out(
            s,
            sim.sh,
            code,
            me,
            turns,
            self.options["sample"],
            new_rng(seed),
            limit,
            self._mode(),
            _DEAD,
            _FRAGILE,
            *sim.scratch(),
        )
        self._rated += max(1, int(rated))  # a playout with nothing to choose costs one too
        return (float(got), bool(over)) if done else None


@register_bot
class ColoringDeepening(ColoringSearch):
    """Coloring's search as it was: the ``candidates`` best by their rating played out a
    round of turns deep, then twice as deep, and so on while the budget lasts, each the mean
    over ``draws`` (1) sets of draws; the move played has the best value at the deepest depth
    every candidate finished. It settles early and loses to ``mcts``; kept to measure the
    search against (``benchmarks/STRENGTH.md``)."""

    name = "coloring_deepening"
    label = "Coloring search, deeper by rounds"
    timed = True
    rules = {"draws": ("int", 1)}
    defaults: dict[str, Any] = {**ColoringSearch.defaults, "draws": 1}

    def analyse(self, state: State, top: int | None = None) -> list[Candidate]:
        sim, s, clock, ranked, static = self._rate_root(state)
        me = state.current_player
        alive = ranked[: self.options["candidates"]]
        value: dict[int, float] = {}
        support: dict[int, int] = {}
        turns = state.num_players
        while len(alive) > 1 and not clock.spent(self._rated):
            seeds = [self.rng.getrandbits(64) for _ in range(self.options["draws"])]
            found: dict[int, float] = {}
            ended = True
            for code in alive:
                total = 0.0
                for seed in seeds:
                    got = self._played_out(sim, s, code, me, turns, seed, clock)
                    if got is None:
                        break
                    total += got[0]
                    ended = ended and got[1]
                else:
                    found[code] = total / len(seeds)
                    continue
                break  # out of budget: this depth is not finished
            else:
                value.update(found)
                for m in found:
                    support[m] = turns
                if ended:
                    break
                turns *= 2
                continue
            break
        self.last_iterations = self.nodes = self._rated
        played = sorted(value, key=lambda m: (-value[m], -static[m]))
        out = [
            Candidate(sim.move(state, m), _share(value[m]), support[m], "turns deep")
            for m in played
        ]
        out += [
            Candidate(sim.move(state, m), _share(static[m]), 1, "turns deep")
            for m in ranked
            if m not in value
        ]
        return out[:top]


def _rate_all(
    sim: ColoringSimulator, s: np.ndarray, codes: list[int], player: int, mode: int
) -> np.ndarray:
    """``player``'s margin after each move of ``codes`` (compiled: ``search_core.rate_moves``)."""
    return rate_moves(s, sim.sh, np.asarray(codes, dtype=np.int64), player, mode, _DEAD, _FRAGILE)


def _share(value: float) -> float:
    """A margin in points as a share of the win (0..1), for the candidates' values."""
    return 1.0 / (1.0 + math.exp(-value / _SCALE))
