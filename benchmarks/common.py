"""Shared benchmark helpers: random complete games through the public contract, medians."""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

import stainedglass as sg


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
