"""Shared benchmark helpers: random complete games through the public contract, medians."""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

import stainedglass as sg

# every game at every table size: (name, options)
TABLES: list[tuple[str, dict[str, Any]]] = sg.tables()


def random_game(game: sg.Game, seed: int) -> int:
    """One random game to the end (chance sampled, decisions uniform); returns its plies."""
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    plies = 0
    while not state.is_terminal():
        if state.is_chance():
            state.play(state.sample_chance())
        else:
            state.play(rng.choice(state.legal_moves()))
        plies += 1
    return plies


def random_games_rate(
    name: str, seconds: float = 2.0, repeats: int = 5, **options: Any
) -> tuple[float, float]:
    """Median games/s and plies/s over ``repeats`` runs of about ``seconds`` each, one core."""
    game = sg.load(name, **options)
    random_game(game, 0)  # warm up caches and imports
    games_rates, ply_rates = [], []
    seed = 1
    for _ in range(repeats):
        start = time.perf_counter()
        n = plies = 0
        while time.perf_counter() - start < seconds:
            plies += random_game(game, seed)
            seed += 1
            n += 1
        dt = time.perf_counter() - start
        games_rates.append(n / dt)
        ply_rates.append(plies / dt)
    return statistics.median(games_rates), statistics.median(ply_rates)


def report(label: str, value: float, unit: str, target: float | None = None) -> str:
    line = f"{label:<58} {value:>12,.0f} {unit}"
    if target is not None:
        line += f"   (target >= {target:,.0f}: {'ok' if value >= target else 'BELOW'})"
    print(line, flush=True)
    return line


def engine_game(game: sg.Game, seed: int) -> int:
    """One random game through the engine's contract as the searches play it (``legal_moves``,
    ``_push`` of a uniform choice, ``sample_chance``); its plies."""
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    plies = 0
    while not state.is_terminal():
        if state.is_chance():
            state._push(state.sample_chance())
        else:
            moves = state.legal_moves()
            state._push(moves[rng.randrange(len(moves))])
        plies += 1
    return plies


def engine_rate(game: sg.Game, seconds: float, seed: int) -> float:
    """Random games a second through the engine (:func:`engine_game`), seeds from ``seed``."""
    start = time.perf_counter()
    n = 0
    while time.perf_counter() - start < seconds:
        engine_game(game, seed + n)
        n += 1
    return n / (time.perf_counter() - start)


def core_rate(game: sg.Game, seconds: float, seed: int) -> float:
    """Random games a second on the game's analysis core (``Simulator.random_games``), from
    new games of 16 seeds in turn, compiled (or loaded from the cache) before the clock."""
    sim = game.simulator()
    assert sim is not None
    starts = [sim.encode(game.new_game(seed=seed + i)) for i in range(16)]
    sim.random_games(starts[0], 1, seed)
    batch, n, k = 8, 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        sim.random_games(starts[k % len(starts)], batch, seed + k)
        n += batch
        k += 1
        batch = min(batch * 2, 4096)
    return n / (time.perf_counter() - start)
