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
- the answers: the ``candidates`` (8) best moves by their plan are each played out over the
  next turns (``turns``, default the others', the player's own next one and the others' again),
  every decision the best one ply deep by that player's own points margin, on rolls and hidden
  hands drawn afresh for each playout and the same for every move compared. A move's value is
  its mean margin over its playouts; a move ``sure`` (2.0) standard errors of the paired
  differences below the best drops out (but for the ``top`` best by their means when the
  search ranks moves rather than choosing one), and the search ends when one is left or the
  budget (``budget`` seconds, or ``playouts`` in all) is spent. With ``aim="win"`` a playout
  is worth the player's share of the win by ``evaluate()`` where it ends, not the margin
  (measured weaker: ``benchmarks/STRENGTH.md``).

With three players each player in a playout plays for their own margin (max^n), and the search
plays for its margin over the strongest of the others.

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
import random
from typing import Any

from ..ai.bots import register_bot
from ..ai.search import Bot, Candidate, Clock, determinize, outcome_at
from ..core import Move, State
from .evaluation import points
from .game import WallsOfLightState

__all__ = ["WallsOfLightSearch", "margin"]

_ENUMERATE = 36
"""Chance inside a turn with at most this many outcomes is averaged over all of them; more
(a reroll of all three dice) over this many drawn."""
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
    effort = ("playouts", 0.4)  # a playout of the next turns costs some 2.5 MCTS playouts
    rules = {
        "playouts": ("int", 0),
        "width": ("int", 1),
        "plans": ("int", 1),
        "candidates": ("int", 1),
        "turns": ("int", 0),
        "sure": ("number", 0, 100),
        "aim": ("choice", "margin", "win"),
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
    }

    def analyse(self, state: State, top: int | None = None) -> list[Candidate]:
        self._check(state)
        opts = self.options
        seconds = opts["budget"] if opts["budget"] is not None or opts["playouts"] else 1.0
        clock = Clock(seconds, opts["playouts"], self.stop)
        me = state.current_player
        n = state.num_players
        turns = 2 * n - 1 if opts["turns"] is None else opts["turns"]
        work = determinize(state, me, self.rng)
        moves = work.legal_moves()

        # the plan: every move one ply deep, then followed to the turn's end, best first
        static: dict[Move, float] = {}
        for move in moves:
            work._push(move)
            static[move] = margin(_points(work), me)
            work.undo()
        order = sorted(moves, key=lambda m: -static[m])
        plan: dict[Move, float] = {}
        for move in order[: opts["plans"]]:
            if plan and clock.spent(0) and opts["playouts"] is None:
                break
            work._push(move)
            plan[move] = self._finish(work, me)
            work.undo()
        ranked = sorted(order, key=lambda m: -plan.get(m, static[m] - 1e6))

        # the answers: the best few played out on shared rolls, the worse dropped as they fall
        alive = ranked[: opts["candidates"]]
        # a move is chosen once one is left; a ranking (a hint's, a review's) keeps its places
        keep = 1 if top == 1 else len(alive) if top is None else min(top, len(alive))
        results: dict[Move, list[float]] = {m: [] for m in alive}
        played = 0
        if len(alive) > 1 and turns > 0 and opts["playouts"] != 0:
            while not clock.spent(played) or played == 0:
                seed = self.rng.getrandbits(64)
                base = determinize(state, me, random.Random(seed))
                for move in alive:  # the same rolls and hands for every move
                    results[move].append(self._playout(base, move, me, turns, random.Random(seed)))
                    played += 1
                if len(alive) > keep and len(results[alive[0]]) >= 8:
                    sure = _survivors(alive, results, opts["sure"])
                    best = sorted(alive, key=lambda m: -_mean(results[m]))[:keep]
                    alive = [m for m in alive if m in sure or m in best]
                if len(alive) == 1:  # nothing left to compare: more playouts tell nothing
                    break
        self.last_iterations = self.playouts = played

        # the moves still in the race first, then those dropped, each by its mean; then the
        # moves not played out, by their plan
        rolled = [m for m in results if results[m]]
        rolled.sort(key=lambda m: (m not in alive, -_mean(results[m])))
        win = opts["aim"] == "win"  # the playouts' values are shares of the win already
        out = []
        for m in rolled:
            mean = _mean(results[m])
            out.append(Candidate(m, mean if win else _share(mean), len(results[m]), "playouts"))
        out += [
            Candidate(m, _share(plan.get(m, static[m])), 0, "playouts")
            for m in ranked
            if not results.get(m)
        ]
        return out[:top]

    def _finish(self, s: State, me: int) -> float:
        """The plan value of ``s`` for ``me`` within ``me``'s turn: its margin where the turn
        hands over (or the game ends); ``me``'s decisions the best of the ``width`` likeliest,
        chance averaged."""
        if s.is_terminal() or _new_turn(s):
            return margin(_points(s), me)
        if s.is_chance():
            outcomes = s.chance_outcomes()
            if len(outcomes) <= _ENUMERATE:
                total = 0.0
                for move, p in outcomes:
                    s._push(move)
                    total += p * self._finish(s, me)
                    s.undo()
                return total
            total = 0.0
            for _ in range(_ENUMERATE):
                s._push(outcome_at(outcomes, self.rng.random()))
                total += self._finish(s, me)
                s.undo()
            return total / _ENUMERATE
        moves = s.legal_moves()
        if len(moves) == 1:
            s._push(moves[0])
            value = self._finish(s, me)
            s.undo()
            return value
        rated = []
        for move in moves:
            s._push(move)
            rated.append((margin(_points(s), me), move))
            s.undo()
        rated.sort(key=lambda t: -t[0])
        best = -math.inf
        for _, move in rated[: self.options["width"]]:
            s._push(move)
            best = max(best, self._finish(s, me))
            s.undo()
        return best

    def _playout(self, base: State, move: Move, me: int, turns: int, rng: random.Random) -> float:
        """``me``'s margin after ``move`` in ``base``, the rest of the turn and ``turns`` more
        played one ply deep by each player for their own margin, chance at ``rng``."""
        s = base
        s._push(move)
        pushed = 1
        handed = 0
        while not s.is_terminal():
            if s.is_chance():
                if _new_turn(s):
                    if handed == turns:
                        break
                    handed += 1
                s._push(outcome_at(s.chance_outcomes(), rng.random()))
            else:
                s._push(_greedy(s, s.current_player))
            pushed += 1
        if self.options["aim"] == "win":
            value = s.evaluate()[me]
        else:
            value = margin(_points(s), me)
        for _ in range(pushed):
            s.undo()
        return value


def _survivors(alive: list[Move], results: dict[Move, list[float]], sure: float) -> list[Move]:
    """The moves whose mean is not ``sure`` standard errors below the best's, each compared
    with the best on the same playouts (paired: the rolls shared make the differences small).

    >>> a, b, c = "a", "b", "c"
    >>> _survivors([a, b, c], {a: [5, 6, 7, 6], b: [5, 6, 6.5, 6.2], c: [1, 2, 3, 2]}, 2.0)
    ['a', 'b']
    """
    best = max(alive, key=lambda m: _mean(results[m]))
    keep = []
    for m in alive:
        d = [x - y for x, y in zip(results[best], results[m])]
        k = len(d)
        mean = sum(d) / k
        sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (k - 1)) if k > 1 else math.inf
        if m == best or mean <= sure * max(sd, 1e-9) / math.sqrt(k):
            keep.append(m)
    return keep


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def _new_turn(s: State) -> bool:
    """Whether ``s`` is the roll that begins a turn (not chance inside one: Roll Again, a
    card drawn)."""
    return isinstance(s, WallsOfLightState) and s.phase == "roll"


def _greedy(s: State, player: int) -> Move:
    """The move after which ``player``'s margin by ``points()`` is best (the first of equals)."""
    best, best_v = None, -math.inf
    for move in s.legal_moves():
        s._push(move)
        v = margin(_points(s), player)
        s.undo()
        if v > best_v:
            best, best_v = move, v
    assert best is not None
    return best


def _points(s: State) -> list[float]:
    """``points()`` of a Walls of Light position."""
    assert isinstance(s, WallsOfLightState)
    return points(s)


def _share(value: float) -> float:
    """A margin in points as a share of the win (0..1), for the candidates' values."""
    return 1.0 / (1.0 + math.exp(-value / _SCALE))
