"""What runs on the analysis cores as a whole: self-play for learning, and the warm-up.

Self-play: many games quickly, as numpy arrays.

``selfplay(game, games)`` plays whole games on the game's analysis core
(``stainedglass/analysis.py``) and records every decision: what the player to move saw (the
engine's ``observation(player)``, computed by the core), who moved, the move's code, and each
game's final returns. That is what fitting a value function needs: the observation as input,
the mover's final return (:attr:`SelfPlay.values`) as the target.

>>> import stainedglass as sg
>>> data = sg.ai.selfplay("cathedral", games=4, seed=1)
>>> data.observations.shape[1] == sg.load("cathedral").observation_size
True
>>> len(data.values) == len(data.players) == len(data.moves) == len(data.observations)
True
>>> data.returns.shape
(4, 2)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

import time

from ..catalogue import GAMES
from ..core import CHANCE, TERMINAL, Game, load
from .bots import bot as make_bot

__all__ = ["SelfPlay", "selfplay", "SELFPLAY_BOTS", "warm"]

SELFPLAY_BOTS = ("random", "greedy")
"""Who plays the self-play games: ``random`` (every legal move alike) or ``greedy`` (the move
the game's evaluation rates best one ply deep, a random one with probability ``noise``)."""

MAX_GAMES = 1_000_000


@dataclass(frozen=True)
class SelfPlay:
    """Self-play games as arrays, one row per decision (chance outcomes are not rows)."""

    observations: np.ndarray
    """``(rows, game.observation_size)`` float32: what the player to move saw."""
    players: np.ndarray
    """``(rows,)`` int8: the seat that moved."""
    moves: np.ndarray
    """``(rows,)`` int64: the move's code on the core (``Simulator.move(state, code)`` turns it
    into the engine's move)."""
    games: np.ndarray
    """``(rows,)`` int32: the game (0..) the row belongs to."""
    returns: np.ndarray
    """``(games, players)`` float64: each game's final returns (1 a win, 0 a loss, ties
    shared)."""

    @property
    def values(self) -> np.ndarray:
        """``(rows,)``: the final return of the player who moved, the target a value function
        learns."""
        return np.asarray(self.returns[self.games, self.players], dtype=np.float64)


def selfplay(
    game: Game | str,
    games: int,
    bot: str = "random",
    seed: int = 0,
    noise: float = 0.1,
    observations: bool = True,
    **options: Any,
) -> SelfPlay:
    """Play ``games`` games of ``game`` (a Game, or a name and its ``options``) on its analysis
    core, every seat played by ``bot`` (:data:`SELFPLAY_BOTS`), game ``g`` dealt with seed
    ``seed + g``. ``observations=False`` records no observations (faster).
    """
    if isinstance(game, str):
        game = load(game, **options)
    elif options:
        raise ValueError("selfplay: options go with a game's name, not with a Game")
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise ValueError(f"selfplay: games= must be a whole number from 1 to {MAX_GAMES:,}")
    if bot not in SELFPLAY_BOTS:
        raise ValueError(f"selfplay: bot= must be one of {', '.join(SELFPLAY_BOTS)}, not {bot!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"selfplay: seed= must be a whole number, not {seed!r}")
    if isinstance(noise, bool) or not isinstance(noise, (int, float)) or not 0 <= noise <= 1:
        raise ValueError(f"selfplay: noise= must be a number from 0 to 1, not {noise!r}")
    sim = game.simulator()
    if sim is None:
        raise ValueError(f"selfplay: {game.title} has no analysis core")
    from ..analysis import new_rng, rand_below, rand_unit  # loaded with the core already

    rng = new_rng(seed)
    seen: list[np.ndarray] = []
    players: list[int] = []
    moves: list[int] = []
    rows_game: list[int] = []
    returns = np.empty((games, game.num_players))
    for g in range(games):
        s = sim.encode(game.new_game(seed=seed + g))
        while True:
            player = sim.current_player(s)
            if player == TERMINAL:
                break
            if player == CHANCE:
                sim.apply(s, sim.sample_chance(s, rng))
                continue
            codes = sim.legal(s)
            if bot == "greedy" and len(codes) > 1 and rand_unit(rng) >= noise:
                values = sim.evaluate_after(s, codes)[:, player]
                best = np.flatnonzero(values == values.max())
                code = int(codes[best[rand_below(rng, len(best))]])
            else:
                code = int(codes[rand_below(rng, len(codes))])
            if observations:
                seen.append(sim.observe(s, player))
            players.append(player)
            moves.append(code)
            rows_game.append(g)
            sim.apply(s, code)
        returns[g] = sim.returns(s)
    width = game.observation_size if observations else 0
    return SelfPlay(
        observations=np.array(seen, dtype=np.float32).reshape(-1, width),
        players=np.array(players, dtype=np.int8),
        moves=np.array(moves, dtype=np.int64),
        games=np.array(rows_game, dtype=np.int32),
        returns=returns,
    )


def warm(games: tuple[str, ...] = GAMES) -> float:
    """Compile every core of ``games`` (or load it from numba's cache on disk: a process
    compiles once per install), each variant and table size the game declares, and each hint
    search once on a small counted budget, so that no pupil's first hint waits for the
    compiler. Returns the seconds it took. ``stainedglass serve`` runs it beside the server as
    it starts, ``make test`` before the tests."""
    start = time.perf_counter()
    for name in games:
        for options in load(name).variants:
            game = load(name, **options)
            sim = game.simulator()
            if sim is None:
                continue
            state = game.new_game(seed=0)
            s = sim.encode(state)
            sim.random_games(s, 2, 0)
            codes = sim.legal(s)
            sim.evaluate_after(s, codes[:2])
            selfplay(game, 1, bot="greedy")
            while state.is_chance():
                state._push(state.sample_chance())
            if state.is_terminal():
                continue
            for name_of_bot in dict.fromkeys((game.hint_bot, "mcts", "alphabeta")):
                search = make_bot(name_of_bot, seed=0)
                if search.effort is not None:
                    search = make_bot(name_of_bot, seed=0, **{search.effort[0]: 8})
                search.analyse(state, top=2)
    return time.perf_counter() - start
