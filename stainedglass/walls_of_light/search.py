"""Walls of Light's own search (``walls_of_light``): what the Hint button, the review and the
coach ask in Walls of Light.

A turn is a roll, perhaps a card, and one or two placements; what a move is worth shows only
once the others have rolled and answered. The search weighs moves in points, not in shares of
the win (near one half for most of a game, where the differences between moves drown):

- the plan: the ``plans`` (16) best moves one ply deep are followed to the turn's end, the player's later decisions
  in the turn each the best of the ``width`` (6) likeliest by the points one ply deep, and the
  chance inside the turn (Roll Again, a card drawn) averaged over its outcomes. A move's plan
  value is the player's points less the best of the others' where the turn hands over
  (``points()`` in ``evaluation.py``: points so far, the points the glass promises, the
  windows one space short and who is likely to fill them, cards and winks);
- the answers: the ``candidates`` (8) best moves by their plan are each played out to the
  game's end (or over the next ``turns`` turns), every decision the best one ply deep by that
  player's own points margin, on rolls and hidden hands drawn afresh for each playout and the
  same for every move compared. A move's value is its mean margin over its playouts; a move
  ``sure`` (2.0) standard errors of the paired differences below the best drops out (but for
  the ``top`` best by their means when the search ranks moves rather than choosing one), and
  the next move by its plan takes its place in the race (``widen``), so that every second
  weighs more moves; the search ends when the budget (``budget`` seconds, or ``playouts`` in
  all) is spent, or one move is left with none to come. With ``aim="win"`` a playout is worth
  the player's share of the win by ``evaluate()`` where it ends, not the margin (measured
  weaker: ``benchmarks/STRENGTH.md``).

A playout to the end sees what a horizon hides (the windows that close late, the winks and
cards that run out) and gains from every extra one: its margins spread widely, so the search
at 0.3 s a move takes most of the points against itself at a tenth of that
(``benchmarks/STRENGTH.md``). ``walls_horizon`` is the same search with the earlier settings (a
playout of the next three turns, or five at three players, ending where one move is left):
it settles its choice within a tenth of a second and gains nothing after.

With three players each player in a playout plays for their own margin (max^n), and the search
plays for its margin over the strongest of the others.

The search runs on the game's analysis core (``simulator.py``; ``compiled.py`` and
``compiled_search.py``, proved equal to the engine by
``tests/test_walls_of_light_simulator.py``): the position is redrawn as the player sees it
(``determinize``), the plan follows the turn on core positions, and the playouts (every greedy
decision and evaluation in them) run compiled, some 40 to 60 times as many in a second as on the
engine. Its chance comes from the core's generator (``stainedglass.analysis``), the same
compiled or not: a counted budget (``playouts=``, ``seed=``) chooses the same move on any
machine.

>>> import stainedglass as sg
>>> state = sg.load("walls_of_light", players=2).new_game(seed=3)
>>> while state.is_chance():
...     state.play(state.sample_chance())
>>> bot = sg.ai.bot("walls_of_light", playouts=60, seed=1)
>>> bot.choose(state) in state.legal_moves()
True
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..ai.bots import register_bot
from ..ai.search import Bot, Candidate, Clock, Race
from ..analysis import new_rng, pick
from ..core import CHANCE, TERMINAL, State
from .compiled import PH_ROLL, PHASE
from .compiled_search import playout_round
from .simulator import WallsOfLightSimulator

__all__ = ["TO_THE_END", "WallsHorizon", "WallsOfLightSearch", "margin"]

_ENUMERATE = 36
"""Chance inside a turn with at most this many outcomes is averaged over all of them; more
(a reroll of all three dice) over this many drawn."""
TO_THE_END = 1 << 30
"""``turns`` that no game reaches: a playout to the game's end."""
_SCALE = 12.0
"""Points of margin to the share of the win a candidate reports: a logistic of this scale."""


def margin(values: list[float], player: int) -> float:
    """``player``'s points less the best of the others'.

    >>> margin([10.0, 4.0, 7.5], 0)
    2.5
    """
    return values[player] - max(v for p, v in enumerate(values) if p != player)


@register_bot
class WallsOfLightSearch(Bot):
    """Walls of Light's hint search: each move's turn planned to its end, the best played out
    over the next turns on shared rolls (see the module). ``budget`` seconds (default 1) or
    ``playouts`` in all; ``width``, ``plans``, ``candidates``, ``turns``, ``sure``; ``seed``."""

    name = "walls_of_light"
    label = "Walls of Light search"
    timed = True
    games = ("walls_of_light",)
    effort = ("playouts", 0.1)  # a playout to the end costs some 15 to 20 MCTS playouts
    rules = {
        "playouts": ("int", 0),
        "width": ("int", 1),
        "plans": ("int", 1),
        "candidates": ("int", 1),
        "turns": ("int", 0),
        "sure": ("number", 0, 100),
        "aim": ("choice", "margin", "win"),
        "widen": ("bool",),
    }
    defaults: dict[str, Any] = {
        "seed": None,
        "budget": None,
        "playouts": None,
        "width": 6,
        "plans": 16,
        "candidates": 8,
        "turns": None,
        "sure": 2.0,
        "aim": "margin",
        "widen": True,
    }
    weighed: int = 0
    """How many moves the last search played out."""
    horizon: bool = False
    """Whether ``turns=None`` means the next turns up to the player's turn after next (the
    earlier search, ``walls_horizon``) rather than to the game's end."""

    def analyse(self, state: State, top: int | None = None) -> list[Candidate]:
        self._check(state)
        opts = self.options
        seconds = opts["budget"] if opts["budget"] is not None or opts["playouts"] else 1.0
        state.game.simulator()  # the core ready (loaded, or compiled) before the clock starts
        clock = Clock(seconds, opts["playouts"], self.stop)
        me = state.current_player
        n = state.num_players
        if opts["turns"] is not None:
            turns = opts["turns"]
        else:
            turns = 2 * n - 1 if self.horizon else TO_THE_END
        sim = _core(state)
        truth = sim.encode(state)  # the whole truth: each use redraws what ``me`` cannot see
        work = truth.copy()
        sim.determinize(work, me, new_rng(self.rng.getrandbits(64)))
        codes = sim.legal(work)
        moves = {int(c): sim.move(state, int(c)) for c in codes}

        # the plan: every move one ply deep, then followed to the turn's end, best first
        after = sim.points_after(work, codes)
        static = {int(c): margin(list(after[i]), me) for i, c in enumerate(codes)}
        order = sorted(static, key=lambda c: -static[c])
        plan: dict[int, float] = {}
        for code in order[: opts["plans"]]:
            if plan and clock.spent(0) and opts["playouts"] is None:
                break
            t = work.copy()
            sim.apply(t, code)
            plan[code] = self._finish(sim, t, me)
        ranked = sorted(order, key=lambda c: -plan.get(c, static[c] - 1e6))

        # the answers: the best few played out on shared rolls, the worse dropped as they fall
        # behind, the next by their plan coming in; a move is chosen once one is left, a
        # ranking (a hint's, a review's) keeps its places
        width = opts["candidates"]
        race = Race(ranked, width=width, widen=opts["widen"], top=top, sure=opts["sure"])
        played = 0
        win = opts["aim"] == "win"  # a playout is worth a share of the win, not a margin
        if not race.settled and turns > 0 and opts["playouts"] != 0:
            while not clock.spent(played) or played == 0:
                seed = self.rng.getrandbits(64)
                base = truth.copy()
                sim.determinize(base, me, new_rng(seed))
                rolls = new_rng(seed + 1)  # the same rolls for every move
                played += len(race.alive)
                race.record(playout_values(sim, base, race.alive, me, turns, rolls, win))
                if race.settled:
                    break
        self.last_iterations = self.playouts = played
        self.weighed = race.weighed

        # the moves played out by their standing in the race; then the others by their plan
        out = [
            Candidate(moves[c], mean if win else _share(mean), n, "playouts", apart=apart)
            for c, mean, n, apart in race.standings()
        ]
        out += [
            Candidate(moves[c], _share(plan.get(c, static[c])), 0, "playouts")
            for c in ranked
            if not race.results.get(c)
        ]
        return out[:top]

    def _finish(self, sim: WallsOfLightSimulator, s: np.ndarray, me: int) -> float:
        """The plan value of the core position ``s`` for ``me`` within ``me``'s turn: its
        margin where the turn hands over (or the game ends); ``me``'s decisions the best of the
        ``width`` likeliest, chance averaged."""
        player = sim.current_player(s)
        if player == TERMINAL or s[PHASE] == PH_ROLL:
            return margin(list(sim.points(s)), me)
        if player == CHANCE:
            codes, probs = sim.chance_outcomes(s)
            if len(codes) <= _ENUMERATE:
                total = 0.0
                for code, p in zip(codes, probs):
                    t = s.copy()
                    sim.apply(t, int(code))
                    total += float(p) * self._finish(sim, t, me)
                return total
            total = 0.0
            for _ in range(_ENUMERATE):
                t = s.copy()
                sim.apply(t, int(codes[pick(probs, len(probs), self.rng.random())]))
                total += self._finish(sim, t, me)
            return total / _ENUMERATE
        codes = sim.legal(s)
        if len(codes) == 1:
            sim.apply(s, int(codes[0]))
            return self._finish(sim, s, me)
        after = sim.points_after(s, codes)
        rated = sorted(range(len(codes)), key=lambda i: -margin(list(after[i]), me))
        best = -math.inf
        for i in rated[: self.options["width"]]:
            t = s.copy()
            sim.apply(t, int(codes[i]))
            best = max(best, self._finish(sim, t, me))
        return best


@register_bot
class WallsHorizon(WallsOfLightSearch):
    """Walls of Light's search as it was: each playout over the next turns only (the others',
    the player's own next one and the others' again), the race ending where one move is left
    (``widen=False``). Kept to measure the search against (``benchmarks/STRENGTH.md``)."""

    name = "walls_horizon"
    label = "Walls of Light search, three turns ahead"
    timed = True
    effort = ("playouts", 0.4)  # a playout of the next turns costs about as much as 2 MCTS ones
    defaults: dict[str, Any] = {**WallsOfLightSearch.defaults, "widen": False}
    horizon = True


def playout_values(
    sim: WallsOfLightSimulator,
    base: np.ndarray,
    codes: list[int],
    me: int,
    turns: int,
    rolls: np.ndarray,
    win: bool,
) -> list[float]:
    """Each move of ``codes`` played out from the core position ``base`` (compiled: the rest
    of the turn and ``turns`` more, each decision the best one ply deep by that player's
    margin in ``points()``), every move on the same rolls from ``rolls``: ``me``'s margin in
    points where the playout ends, or (``win``) ``me``'s share of the win by ``evaluate()``."""
    values = playout_round(base, sim.faces, np.array(codes, dtype=np.int64), me, turns, rolls, win)
    return [float(v) for v in values]


def _core(state: State) -> WallsOfLightSimulator:
    """The game's analysis core, which the search runs on."""
    sim = state.game.simulator()
    assert isinstance(sim, WallsOfLightSimulator)
    return sim


def _share(value: float) -> float:
    """A margin in points as a share of the win (0..1), for the candidates' values."""
    return 1.0 / (1.0 + math.exp(-value / _SCALE))
