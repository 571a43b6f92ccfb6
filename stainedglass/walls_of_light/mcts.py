"""``walls_mcts``: the general MCTS as it played Walls of Light before the game had its own
search, kept to measure the search against (``benchmarks/STRENGTH.md``).

It searches the player's whole turn as a tree (a card, the chance it brings, every
placement). Where the next player's roll begins, the tree stops (``turn_horizon``), and each
visit of such a leaf plays out the next turns (``reply_turns``, default two rounds: the
others', the player's own next one, the others' again), each roll drawn at the leaf's own
quantile for that visit (so sibling moves are compared on the same rolls) and each decision
the one a greedy player makes (the best by ``evaluate()`` one ply deep). ``evaluate()``
judges where the player's turn after next begins. A tree through the 216 rolls rated each
reply on a playout or two; the evaluation alone at the horizon cannot see how the others
answer (benchmarks/STRENGTH.md has the measurements). Every other option is ``mcts``'s.

>>> import stainedglass as sg
>>> state = sg.load("walls_of_light", players=2).new_game(seed=3)
>>> state.play(state.sample_chance())
>>> bot = sg.ai.bot("walls_mcts", iterations=100, seed=1)
>>> bot.choose(state) == sg.ai.bot("walls_mcts", iterations=100, seed=1).choose(state)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import numpy as np

from ..ai.bots import register_bot
from ..ai.mcts import MCTSBot
from ..ai.search import leaf_value, outcome_at
from ..core import Move, State

if TYPE_CHECKING:  # the core itself loads with the game's simulator (numba with it)
    from ..analysis import Simulator
    from .simulator import WallsOfLightSimulator

__all__ = ["WallsMCTS"]


@register_bot
class WallsMCTS(MCTSBot):
    """MCTS over the player's whole turn, the next turns played out by the one-ply rule (see
    the module). ``turn_horizon``: stop where chance hands the turn to another player;
    ``reply_turns``: how many turns a visit of such a leaf plays out before ``evaluate()``
    (None: the others', the player's own next one, the others' again, up to the player's turn
    after next; ``players - 1``: up to the player's own next turn; 0: none)."""

    name = "walls_mcts"
    label = "MCTS over whole turns"
    timed = True
    games = ("walls_of_light",)
    rules = {"turn_horizon": ("bool",), "reply_turns": ("int", 0)}
    defaults: dict[str, Any] = {**MCTSBot.defaults, "turn_horizon": True, "reply_turns": None}
    effort = ("iterations", 0.5)
    """An iteration plays out the next turns, each decision rated one ply deep: it costs some
    four to nine random MCTS playouts of this game. At half an iteration a playout a review's
    default budget (200 iterations) finds the best move's value again within 0.012 across
    seeds (the standard deviation over four seeds in two mid-game positions), below the 0.02
    a review calls as good as the best."""

    def analyse(self, state: State, top: int | None = None) -> list[Any]:
        self._quantiles: list[list[float]] = []  # the rolls of a horizon leaf's n-th visit
        self._crng = np.zeros(1, dtype=np.int64)  # chance inside a turn, on the core
        if self.options["core"]:
            from ..analysis import new_rng  # numba loads with the core

            self._crng = new_rng(self.rng.getrandbits(32))
        return super().analyse(state, top)

    def _chance_leaf_core(
        self, sim: Simulator, s: np.ndarray, outcome: int, mover: int, visits: int
    ) -> np.ndarray | None:
        """:meth:`_chance_leaf` on the analysis core: the next turns played out by the core's
        compiled ``turns_value`` (the same rule as :meth:`_replies`)."""
        wol = cast("WallsOfLightSimulator", sim)
        if not self.options["turn_horizon"] or not wol.hands_over(s, outcome, mover):
            return None
        replies = self.options["reply_turns"]
        if replies is None:
            replies = 2 * sim.players - 1
        if not replies:
            return sim.evaluate(s)  # evaluate() judges the position here
        quantiles = self._quantiles
        while len(quantiles) <= visits:
            quantiles.append([self.rng.random() for _ in range(replies)])
        return wol.turns_value(s, mover, np.array(quantiles[visits]), self._crng)

    def _chance_leaf(self, s: State, outcome: Move, mover: int, visits: int) -> list[float] | None:
        if not self.options["turn_horizon"] or not self._hands_over(s, outcome, mover):
            return None
        replies = self.options["reply_turns"]
        if replies is None:
            replies = 2 * s.num_players - 1  # the others, the player's own next turn, the others
        if not replies:
            return leaf_value(s)  # evaluate() judges the position here
        quantiles = self._quantiles
        while len(quantiles) <= visits:
            quantiles.append([self.rng.random() for _ in range(replies)])
        return self._replies(s, quantiles[visits], mover)

    def _replies(self, s: State, quantiles: list[float], mover: int) -> list[float]:
        """``s`` is where chance hands the turn over from ``mover``: play out the next
        ``len(quantiles)`` turns, the roll starting the k-th at quantile ``quantiles[k]`` and
        every decision the best one ply deep by ``evaluate()``; the value where the next turn
        would begin (or the game ends). ``s`` is left as it was."""
        played = 0
        turns = 0
        rng = self.rng
        while not s.is_terminal():
            if s.is_chance():
                outcomes = s.chance_outcomes()
                if self._hands_over(s, outcomes[0][0], mover):
                    if turns == len(quantiles):
                        break
                    u = quantiles[turns]
                    turns += 1
                else:  # chance inside a turn (a reroll, a card drawn)
                    u = rng.random()
                s._push(outcome_at(outcomes, u))
            else:
                mover = s.current_player
                s._push(self._one_ply_best(s, mover))
            played += 1
        value = leaf_value(s)
        for _ in range(played):
            s.undo()
        return value

    @classmethod
    def _one_ply_best(cls, s: State, player: int) -> Move:
        """The legal move after which ``evaluate()`` rates ``player`` best (the first of equals)."""
        moves = s.legal_moves()
        rated = cls._ratings(s, moves, player)
        return max(moves, key=rated.__getitem__)

    @staticmethod
    def _hands_over(s: State, outcome: Move, mover: int) -> bool:
        """Whether chance ``outcome`` hands the turn to a player other than ``mover``."""
        s._push(outcome)
        player = s.current_player
        s.undo()
        return player >= 0 and player != mover
