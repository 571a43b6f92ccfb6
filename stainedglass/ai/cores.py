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

A value learned from them plugs into a search as its evaluation: ``LinearValue.fit(data)`` fits
one by least squares, and ``sg.ai.bot("mcts", value=learned)`` searches with it in place of
the game's ``evaluate()`` (any :class:`ValueFunction` will do: a function from what the
players saw, and the game's own estimate, to their chances to win).

>>> learned = sg.ai.LinearValue.fit(data)
>>> learned(data.observations[:3], data.evaluations[:3]).shape
(3,)
>>> state = sg.load("cathedral").new_game(seed=2)
>>> move = sg.ai.bot("mcts", value=learned, iterations=20, seed=1).choose(state)
>>> move in state.legal_moves()
True
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable
from typing import Any, Protocol

import numpy as np

import time

from ..catalogue import GAMES
from ..core import CHANCE, TERMINAL, Game, load
from .bots import bot as make_bot
from .search import StopFlag

__all__ = [
    "SelfPlay",
    "selfplay",
    "SELFPLAY_BOTS",
    "warm",
    "ValueFunction",
    "LinearValue",
    "LEARNED_C",
]

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
    evaluations: np.ndarray
    """``(rows,)`` float64: the game's own estimate (``evaluate()``) of the mover's chance, at
    the decision: the baseline a learned value is measured against."""

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
    rows_per_game: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    stop: StopFlag | None = None,
    **options: Any,
) -> SelfPlay:
    """Play ``games`` games of ``game`` (a Game, or a name and its ``options``) on its analysis
    core, every seat played by ``bot`` (:data:`SELFPLAY_BOTS`), game ``g`` dealt with seed
    ``seed + g``. ``observations=False`` records no observations (faster);
    ``rows_per_game`` keeps at most that many decisions of each game, drawn at random (many
    games in less memory). ``progress(done, games)`` is called as games end; ``stop`` (a
    flag such as a ``threading.Event``) ends the play early, with the games played.
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
    if rows_per_game is not None and (
        isinstance(rows_per_game, bool) or not isinstance(rows_per_game, int) or rows_per_game < 1
    ):
        raise ValueError(
            f"selfplay: rows_per_game= must be a whole number, 1 or more, not {rows_per_game!r}"
        )
    sim = game.simulator()
    if sim is None:
        raise ValueError(f"selfplay: {game.title} has no analysis core")
    from ..analysis import new_rng, rand_below, rand_unit  # loaded with the core already

    rng = new_rng(seed)
    seen: list[np.ndarray] = []
    players: list[int] = []
    moves: list[int] = []
    rows_game: list[int] = []
    judged: list[float] = []
    sampler = new_rng(seed + 1)  # the rows kept: drawn apart, so the games are the same
    returns = np.empty((games, game.num_players))
    played = 0
    for g in range(games):
        if stop is not None and stop.is_set():
            break
        first = len(players)
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
            judged.append(float(sim.evaluate(s)[player]))
            players.append(player)
            moves.append(code)
            rows_game.append(g)
            sim.apply(s, code)
        returns[g] = sim.returns(s)
        played = g + 1
        if rows_per_game is not None and len(players) - first > rows_per_game:
            kept = sorted(_drawn_rows(sampler, len(players) - first, rows_per_game))
            for rows in (seen, judged, players, moves, rows_game):
                _keep(rows, first, kept)
        if progress is not None:
            progress(played, games)
    return SelfPlay(
        observations=np.array(seen, dtype=np.float32).reshape(-1, game.observation_size)
        if observations
        else np.zeros((len(players), 0), dtype=np.float32),
        players=np.array(players, dtype=np.int8),
        moves=np.array(moves, dtype=np.int64),
        games=np.array(rows_game, dtype=np.int32),
        returns=returns[:played],
        evaluations=np.array(judged, dtype=np.float64),
    )


def _keep(rows: list[Any], first: int, kept: list[int]) -> None:
    """Keep of ``rows`` after ``first`` only those at ``kept`` (counted from ``first``)."""
    if len(rows) > first:
        rows[first:] = [rows[first + i] for i in kept]


def _drawn_rows(rng: np.ndarray, n: int, k: int) -> list[int]:
    """``k`` of ``range(n)`` drawn without repeats from the core's generator ``rng``."""
    from ..analysis import rand_below

    pool = list(range(n))
    for i in range(k):
        j = i + rand_below(rng, n - i)
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:k]


LEARNED_C = 0.05
"""The exploration constant (``c``) that suits MCTS on a learned value: its chances lie closer
together than the games' own estimates, so the default (0.2) explores them nearly alike. At
Walls of Light, MCTS on a value learned from 1,500 greedy games loses to the greedy bot with
the default and beats it with this (``tests/test_bots_api.py`` runs the recipe)."""


class ValueFunction(Protocol):
    """A learned evaluation: given what players saw, a ``(rows, game.observation_size)`` float32
    array (each row one player's ``observation(player)``, as :attr:`SelfPlay.observations`
    holds them), and the game's own estimate of each such player's chance (``(rows,)``, as
    :attr:`SelfPlay.evaluations`: use it or not), each row's chance that its player wins, a
    ``(rows,)`` array. A search given one (``value=``) judges its positions by it."""

    def __call__(self, observations: np.ndarray, evaluations: np.ndarray) -> np.ndarray: ...


@dataclass(frozen=True)
class LinearValue:
    """A :class:`ValueFunction` linear in its inputs: ``observation @ weights[:-2] +
    evaluation * weights[-2] + weights[-1]``. ``fit`` finds the weights from self-play by least
    squares, with a ``ridge`` (1,000) on the observation's weights: most of an observation's
    numbers are rarely seen, and left free their weights fit the games' noise, which then
    outweighs what tells one position's moves apart (at Coloring, the search on a value fitted
    with a ridge of 1 lost to the greedy bot, with 1,000 it beats it). ``evaluation=False``
    leaves the game's own estimate out (its weight 0): a value of the observation alone."""

    weights: np.ndarray
    """``(game.observation_size + 2,)``: a weight for each number of the observation, one for
    the game's evaluation, then a constant."""

    def __repr__(self) -> str:
        return f"LinearValue({len(self.weights)} weights)"

    @classmethod
    def fit(cls, data: SelfPlay, ridge: float = 1000.0, evaluation: bool = True) -> LinearValue:
        """The weights that best predict :attr:`SelfPlay.values` (the mover's final return)
        from :attr:`SelfPlay.observations` (and :attr:`SelfPlay.evaluations`), in the
        least-squares sense."""
        if not isinstance(data, SelfPlay) or not len(data.values):
            raise ValueError("LinearValue.fit: give it self-play games (sg.ai.selfplay)")
        if not data.observations.shape[1]:
            raise ValueError("LinearValue.fit: these games were played with observations=False")
        if isinstance(ridge, bool) or not isinstance(ridge, (int, float)) or not ridge >= 0:
            raise ValueError(f"LinearValue.fit: ridge= must be a number, 0 or more, not {ridge!r}")
        judged = data.evaluations if evaluation else np.zeros(len(data.values))
        x = np.c_[data.observations.astype(np.float64), judged, np.ones(len(data.values))]
        gram = x.T @ x
        size = data.observations.shape[1]
        gram[np.arange(size), np.arange(size)] += ridge  # (not the estimate's, nor the constant's)
        if not evaluation:  # (its column all 0: its weight stays 0)
            gram[-2, -2] = 1.0
        return cls(np.linalg.solve(gram, x.T @ data.values))

    def __call__(self, observations: np.ndarray, evaluations: np.ndarray) -> np.ndarray:
        w = self.weights
        if observations.ndim != 2 or observations.shape[1] != len(w) - 2:
            raise ValueError(
                f"LinearValue: observations of {len(w) - 2} numbers a row expected, not "
                f"{observations.shape}"
            )
        return np.asarray(observations @ w[:-2] + evaluations * w[-2] + w[-1])


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
