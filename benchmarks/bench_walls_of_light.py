"""Walls of Light: random complete three-player games through the public contract, one core;
then the analysis core beside the engine, and the hint search on it.

1. Random games through the public contract (``play``): chance outcomes sampled, decisions
   uniform among the legal moves; a ply is a decision or a chance outcome alike. Median of
   five runs.
2. Per table size (2 and 3 players): random games a second through the engine (a loop of
   ``legal_moves()``, ``_push`` of a uniform choice and ``sample_chance()`` from a new game to
   its end) and through the core (``Simulator.random_games`` from the same new games), side by
   side, with their ratio (target 30x, aim 50x). Medians of three runs.
3. The search with playouts three turns long (``walls_horizon``, the hint search before its
   playouts went to the game's end) with a 1 s budget in five mid-game positions per table
   size (random games stopped at a third to a half of their length, seeds 9000 and up, which no
   test uses): its playouts a second and the playouts behind its best move (target 1,000),
   medians. Before the core it ran on the engine; that search is gone, its figures measured on
   the same machine on 2026-12-06 are printed beside (``BEFORE``). Then the hint search
   ``walls_of_light`` in the same positions: its playouts, each to the game's end, a second
   and behind its best move (no target: a playout to the end plays some ten to twenty times
   the moves of one three turns long).
"""

from __future__ import annotations

import random
import statistics
import time

import stainedglass as sg
from common import core_rate, engine_rate, random_games_rate, report

BEFORE = {2: (366, 59), 3: (274, 72)}
"""The engine search's playouts a second and playouts behind the best move in a 1 s hint (the
medians over the same five positions, measured on 2026-12-06 before it moved to the core)."""


def midgame(game: sg.Game, seed: int) -> sg.State:
    """A position a third to a half into a random game, a decision with three moves or more."""
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    plies = 0
    while not state.is_terminal():
        state._push(state.sample_chance() if state.is_chance() else rng.choice(state.legal_moves()))
        plies += 1
    stop = int(plies * (0.33 + 0.17 * rng.random()))
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(stop):
        state._push(state.sample_chance() if state.is_chance() else rng.choice(state.legal_moves()))
    while state.is_chance() or len(state.legal_moves()) < 3:
        state._push(state.sample_chance() if state.is_chance() else rng.choice(state.legal_moves()))
    return state


def hint_figures(players: int, search: str) -> tuple[float, float]:
    """``search``'s playouts a second and playouts behind its best move in a 1 s hint, the
    medians over five mid-game positions."""
    game = sg.load("walls_of_light", players=players)
    sg.ai.bot(search, playouts=16, seed=0).analyse(midgame(game, 8999), top=6)
    rates, backing = [], []
    for seed in range(9000, 9005):
        state = midgame(game, seed)
        bot = sg.ai.bot(search, budget=1.0, seed=1)
        start = time.perf_counter()
        ranked = bot.analyse(state, top=6)
        rates.append(bot.playouts / (time.perf_counter() - start))
        backing.append(ranked[0].support)
    return statistics.median(rates), statistics.median(backing)


def main() -> None:
    games, plies = random_games_rate("walls_of_light", players=3)
    report(
        "walls_of_light: random 3-player games, plies (median of 5)",
        plies,
        "plies/s",
        target=20_000,
    )
    report("walls_of_light: random 3-player games (median of 5)", games, "games/s")
    for players in (2, 3):
        game = sg.load("walls_of_light", players=players)
        engine = statistics.median(engine_rate(game, 2.0, 100 * k) for k in range(3))
        core = statistics.median(core_rate(game, 2.0, 100 * k) for k in range(3))
        report(f"walls_of_light {players}p: engine random games", engine, "games/s")
        report(f"walls_of_light {players}p: core random games", core, "games/s")
        report(f"walls_of_light {players}p: core / engine", core / engine, "x", target=30)
    for players in (2, 3):
        rate, backing = hint_figures(players, "walls_horizon")
        before_rate, before_backing = BEFORE[players]
        head = f"walls_of_light {players}p, three turns ahead"
        report(f"{head}: engine search (before)", before_rate, "playouts/s")
        report(f"{head}: core search", rate, "playouts/s")
        report(f"{head}: best move's playouts, before", before_backing, "playouts")
        report(f"{head}: best move's playouts, 1 s", backing, "playouts", target=1_000)
        rate, backing = hint_figures(players, "walls_of_light")
        head = f"walls_of_light {players}p, playouts to the end"
        report(f"{head}: core search", rate, "playouts/s")
        report(f"{head}: best move's playouts, 1 s", backing, "playouts")


if __name__ == "__main__":
    main()
