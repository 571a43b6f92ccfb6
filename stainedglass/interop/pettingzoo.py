"""Every stainedglass game as a PettingZoo AEC environment (``pettingzoo.AECEnv``), following
PettingZoo's conventions so that its ``api_test`` passes without a warning.

Agents are ``player_0``, ``player_1``... (seat 0 first; ``seat_names`` maps each to the game's
name for it: ``Light``, ``Dark``; ``Red``, ``Blue``...). An observation is a NumPy array in a
``Box`` space: the game's numbers for that seat (``State.observation(player)``, each game's
layout in its docstring; for a game whose moves take several words, followed by the words
chosen so far of the move being spelt, one per action), made only when asked, once a step, and
read from the game's analysis core kept in step with the game (compiled: the same numbers). The action space is ``Discrete``
(:mod:`stainedglass.interop.actions`), and the action mask is in the agent's ``info``, as
PettingZoo documents it: ``info["action_mask"]``, 1 for each legal action when it is that
seat's turn. An action outside the space, or one the rules refuse, is a ValueError in words.
The environment draws the chance outcomes (dice, cards) with its own generator, seeded by
``reset(seed=...)``, which also seeds the setup. Rewards are 0 until the end; there each seat's
reward is its ``returns()``: 1 a win, 0 a loss, a draw shared (solo: 1 won).

>>> from stainedglass.interop.pettingzoo import env
>>> walls = env("walls_of_light", players=2)
>>> walls.reset(seed=3)
>>> walls.agent_selection in walls.agents, walls.agents
(True, ['player_0', 'player_1'])
>>> obs, reward, done, truncated, info = walls.last()
>>> obs.shape, int(info["action_mask"].sum()) > 0, walls.unwrapped.seat_names["player_0"]
((1786,), True, 'Red')
"""

from __future__ import annotations

import random
from bisect import bisect_right
from itertools import accumulate
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .. import core
from .actions import ActionSpace, CoreSpeller, Speller, _Outcomes

__all__ = ["env", "raw_env", "StainedGlassEnv"]


class StainedGlassEnv(AECEnv):  # type: ignore[misc]
    """One game of ``sg.load(game, **options)`` as an AEC environment (see the module)."""

    metadata = {"render_modes": ["ansi"], "name": "stainedglass_v0", "is_parallelizable": False}

    def __init__(self, game: str, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode= is 'ansi' or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.sg_game = core.load(game, **options)
        self.metadata = {**self.metadata, "name": f"stainedglass_{game}_v0"}
        self.space = ActionSpace(self.sg_game)
        names = self.sg_game.player_names
        self.possible_agents = [f"player_{i}" for i in range(len(names))]
        self.seat_names = dict(zip(self.possible_agents, names))
        """Each agent's seat as the game names it (``player_0``: ``Light``)."""
        self.agents = list(self.possible_agents)
        size = self.space.observation_size
        self.observation_spaces = {
            a: spaces.Box(0.0, 1.0, (size,), np.float32) for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.space.size) for a in self.possible_agents}
        self._rng = random.Random()
        self._turn: Speller | None = None
        self._idle = np.zeros(self.space.size, dtype=np.int8)  # the mask of a seat not to move
        self._idle.flags.writeable = False

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def sg_state(self) -> core.State:
        """Our state of the game under way (after ``reset``)."""
        if self._turn is None:
            raise ValueError("reset() the environment first")
        return self._turn.state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        state = self.sg_game.new_game(seed=self._rng.randrange(2**31))
        self._turn = self.space.speller(state)
        self._draw_chance()
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _draw_chance(self) -> None:
        """Play the chance outcomes (drawn by their chances with the environment's generator)
        until a seat is to move or the game is over."""
        turn = self._turn
        assert turn is not None  # after reset
        if isinstance(turn, CoreSpeller):  # on the core: its outcomes, in the engine's order
            sim = turn._sim
            while turn.current_player() == core.CHANCE:
                codes, chances = sim.chance_outcomes(turn.core())
                turn.push(int(codes[_drawn_index(chances, self._rng.random())]))
            return
        while turn.current_player() == core.CHANCE:  # (the outcomes: numbered once, shared)
            node = turn._position().node
            assert node is not None
            turn.push(_drawn_from(node, self._rng.random()))

    def _select(self) -> None:
        turn = self._turn
        assert turn is not None  # after reset
        player = turn.current_player()
        if player == core.TERMINAL:
            returns = turn.returns()
            for i, agent in enumerate(self.possible_agents):
                self.rewards[agent] = returns[i]
                self.terminations[agent] = True
        else:
            self.agent_selection = self.possible_agents[player]
        # the masks: what each may play now (nothing off its turn: one mask of zeros, kept
        # read-only, for every seat not to move)
        mover = None if player == core.TERMINAL else self.possible_agents[player]
        infos, idle = self.infos, self._idle
        for agent in self.agents:
            infos[agent] = {"action_mask": turn.legal_mask() if agent == mover else idle}

    def observe(self, agent: str) -> np.ndarray:
        turn = self._turn
        if turn is None:
            raise ValueError("reset() the environment first")
        if agent not in self.possible_agents:
            raise ValueError(
                f"no agent {agent!r}; the agents are: {', '.join(self.possible_agents)}"
            )
        player = self.possible_agents.index(agent)
        observation: np.ndarray = turn.observation(player)  # a new array each time
        return np.asarray(observation, dtype=np.float32)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if (
            isinstance(action, (bool, np.bool_))
            or not isinstance(action, (int, np.integer))
            or not 0 <= action < self.space.size
        ):
            raise ValueError(
                f"an action is a whole number from 0 to {self.space.size - 1} (the words of "
                f"Game.action_words()), not {action!r}"
            )
        self._cumulative_rewards[agent] = 0.0
        self._turn.apply(int(action))  # type: ignore[union-attr]  # refuses what is not legal
        self._draw_chance()
        self._select()
        if self._turn.current_player() == core.TERMINAL:  # type: ignore[union-attr]
            self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = str(self.sg_state)
        if self._turn is not None and self._turn.spelt:
            text += "\nspelling: " + " ".join(self._turn.spelt)
        return text

    def close(self) -> None:
        pass


def _drawn(outcomes: list[tuple[core.Move, float]], u: float) -> core.Move:
    """The outcome a uniform draw ``u`` picks: the first whose chance, taken from ``u`` after
    those before it, leaves it below 0 (the last when none does). Found by bisection among the
    sums of the chances from ``-u``: the same numbers exactly, negated (rounding is symmetric),
    so the same outcome as taking them off one by one."""
    moves, chances = zip(*outcomes)
    sums = list(accumulate(chances, initial=-u))
    return moves[min(bisect_right(sums, 0.0, 1), len(moves)) - 1]  # type: ignore[no-any-return]


def _drawn_from(node: _Outcomes, u: float) -> core.Move:
    """``_drawn(node.outcomes, u)``, from a chance node's outcomes as the action space keeps
    them (:func:`_drawn_index`; many chances kept as an array, made once)."""
    moves = node.moves
    if len(moves) <= 32:
        return moves[_drawn_index(node.probs, u)]
    if node.draws is None:
        node.draws = np.array(node.probs, dtype=np.float64)
    return moves[_drawn_index(node.draws, u)]


def _drawn_index(chances: Any, u: float) -> int:
    """The index :func:`_drawn` picks among ``chances`` (a sequence, or an array) for the draw
    ``u``: the same sums of the chances from ``-u``, one after another (NumPy's running sum
    adds in order, as ``accumulate`` does), so the same outcome; for many chances (a roll of
    three dice) faster."""
    n = len(chances)
    if n <= 32:
        listed = chances.tolist() if isinstance(chances, np.ndarray) else chances
        return min(bisect_right(list(accumulate(listed, initial=-u)), 0.0, 1), n) - 1
    running = np.empty(n + 1, dtype=np.float64)
    running[0] = -u
    running[1:] = chances
    np.add.accumulate(running, out=running)
    return min(int(np.searchsorted(running[1:], 0.0, side="right")) + 1, n) - 1


def raw_env(game: str, render_mode: str | None = None, **options: Any) -> StainedGlassEnv:
    """The environment alone (``env`` wraps it in PettingZoo's order checks)."""
    return StainedGlassEnv(game, render_mode=render_mode, **options)


def env(game: str, render_mode: str | None = None, **options: Any) -> AECEnv:
    """``game`` (a name of ``sg.games()``, with its options) as a PettingZoo AEC environment,
    wrapped in PettingZoo's order checks (``reset`` first); an action out of range is the
    environment's own ValueError in words, not PettingZoo's bare assertion."""
    return _OrderEnforcing(raw_env(game, render_mode=render_mode, **options))


_BEFORE_RESET = {"rewards", "terminations", "truncations", "infos", "agent_selection", "agents"}


def _forwarded(name: str) -> property:
    """``wrapper.name``: the environment's, as PettingZoo's wrapper gives it (refused before
    ``reset`` for the names it guards), without going through ``__getattr__`` every time."""
    guarded = name in _BEFORE_RESET

    def get(self: Any) -> Any:
        if guarded and not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)

    return property(get)


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's order checks, the same; the attributes a game's loop reads at every step
    (the agent to act, the masks in ``infos``, the rewards...) read straight through."""

    agent_selection = _forwarded("agent_selection")
    agents = _forwarded("agents")
    rewards = _forwarded("rewards")
    terminations = _forwarded("terminations")
    truncations = _forwarded("truncations")
    infos = _forwarded("infos")
    _cumulative_rewards = _forwarded("_cumulative_rewards")
