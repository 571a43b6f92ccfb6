"""Every stainedglass game as a PettingZoo AEC environment (``pettingzoo.AECEnv``).

Agents are the seats by name (``light`` and ``dark``; ``red``, ``blue``, ``yellow``...). An
observation is a dict: ``observation``, the game's numbers for that seat
(``State.observation(player)``, each game's layout in its docstring; for a game whose moves take
several words, followed by the words chosen so far of the move being spelt, one per action) and
``action_mask``, 1 for each legal action (:mod:`stainedglass.interop.actions`) when it is that
seat's turn. The environment draws the chance outcomes (dice, cards) with its own generator,
seeded by ``reset(seed=...)``, which also seeds the setup. At the end each seat's reward is its
``returns()``: 1 a win, 0 a loss, a draw shared (solo: 1 won).

>>> from stainedglass.interop.pettingzoo import env
>>> walls = env("walls_of_light", players=2)
>>> walls.reset(seed=3)
>>> walls.agent_selection in walls.agents, walls.agents
(True, ['red', 'blue'])
>>> obs = walls.observe(walls.agent_selection)
>>> obs["observation"].shape, int(obs["action_mask"].sum()) > 0
((1784,), True)
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .. import core
from .actions import ActionSpace, Speller

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
        self.possible_agents = [n.lower().replace(" ", "_") for n in self.sg_game.player_names]
        self.agents = list(self.possible_agents)
        size = self.space.observation_size
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self.space.size,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.space.size) for a in self.possible_agents}
        self._rng = random.Random()
        self._turn: Speller | None = None

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
        self._turn = Speller(self.space, state)
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
        state = self.sg_state
        while state.is_chance():
            outcomes = state.chance_outcomes()
            u = self._rng.random()
            for move, p in outcomes:  # noqa: B007 - the outcome drawn is where the loop stops
                u -= p
                if u < 0:
                    break
            state._push(move)

    def _select(self) -> None:
        state = self.sg_state
        if state.is_terminal():
            returns = state.returns()
            for i, agent in enumerate(self.possible_agents):
                self.rewards[agent] = float(returns[i])
                self.terminations[agent] = True
        else:
            self.agent_selection = self.possible_agents[state.current_player]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        turn = self._turn
        if turn is None:
            raise ValueError("reset() the environment first")
        player = self.possible_agents.index(agent)
        mask = np.zeros(self.space.size, dtype=np.int8)
        if not turn.state.is_terminal() and turn.state.current_player == player:
            mask[turn.legal_actions()] = 1
        return {"observation": turn.observation(player).astype(np.float32), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise ValueError(
                f"an action is a whole number from 0 to {self.space.size - 1}, not {action!r}"
            )
        self._cumulative_rewards[agent] = 0.0
        self._turn.apply(int(action))  # type: ignore[union-attr]  # refuses what is not legal
        self._draw_chance()
        self._select()
        if self.sg_state.is_terminal():
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


def raw_env(game: str, render_mode: str | None = None, **options: Any) -> StainedGlassEnv:
    """The environment alone (``env`` wraps it in PettingZoo's order checks)."""
    return StainedGlassEnv(game, render_mode=render_mode, **options)


def env(game: str, render_mode: str | None = None, **options: Any) -> AECEnv:
    """``game`` (a name of ``sg.games()``, with its options) as a PettingZoo AEC environment,
    wrapped as PettingZoo's own environments are (actions checked in range, order enforced)."""
    return wrappers.OrderEnforcingWrapper(
        wrappers.AssertOutOfBoundsWrapper(raw_env(game, render_mode=render_mode, **options))
    )
