"""Coloring in the Stained Glass: random complete games per second (4 players and solo), one core;
how many legal moves a turn has and how long listing them takes; and the analysis core beside
the engine: random games a second on each at every table size, and the game's own search
(``coloring``) on a 1 s hint, positions rated a second and how deep its playouts go.

``python benchmarks/bench_coloring.py --cores`` runs the analysis core's section alone."""

from __future__ import annotations

import random
import statistics
import sys
import time

import stainedglass as sg
from common import core_rate, engine_rate, random_games_rate, report

HINT_POSITIONS = 5
"""Mid-game positions (seeds 9000 and up, which no test uses) for the hint search's figures."""
ENGINE_SEARCH_NODES = {1: 17_000, 2: 11_700, 3: 9_500, 4: 8_000}
"""The ``coloring`` search on the engine, before it moved onto the core (positions rated a
second, the median over the same positions, measured 2026-12-06 on the project machine with
other work running): its playouts then reached 16 to 32 turns deep solo and with two players,
12 with three, 8 with four, in 1 s."""


def legal_move_profile(players: int, games: int = 40) -> None:
    """Median (and by pencils in the middle) legal-move counts and listing times."""
    game = sg.load("coloring", players=players)
    by_pencils: dict[int, list[tuple[int, float]]] = {}
    for seed in range(games):
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if not state.crossing:
                state._legal_cache = None
                start = time.perf_counter()
                moves = state.legal_moves()
                dt = time.perf_counter() - start
                by_pencils.setdefault(len(state.pencils()), []).append((len(moves), dt))
            else:
                moves = state.legal_moves()
            state.play(rng.choice(moves))
    label = "solo" if players == 1 else f"{players} players"
    turns = [x for v in by_pencils.values() for x in v]
    report(
        f"coloring {label}: legal moves in a typical turn (median)",
        statistics.median(n for n, _ in turns),
        "moves",
    )
    report(
        f"coloring {label}: listing them (median)",
        statistics.median(t for _, t in turns) * 1e6,
        "us",
    )
    for n in sorted(by_pencils, reverse=True):
        rows = by_pencils[n]
        print(
            f"    {n} pencil{'s' if n > 1 else ' '} in the middle: median "
            f"{statistics.median(m for m, _ in rows):>8,.0f} moves in "
            f"{statistics.median(t for _, t in rows) * 1e6:>6,.0f} us; "
            f"largest {max(m for m, _ in rows):>7,} moves in "
            f"{max(t for _, t in rows) * 1e6:>6,.0f} us",
            flush=True,
        )


def midgame(players: int, seed: int) -> sg.State:
    """A position a third to a half of the way through a random game."""
    game = sg.load("coloring", players=players)
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    moves = []
    while not state.is_terminal():
        move = rng.choice(state.legal_moves())
        moves.append(move)
        state._push(move)
    state = game.new_game(seed=seed)
    for move in moves[: int(len(moves) * rng.uniform(1 / 3, 1 / 2))]:
        state._push(move)
    return state


def cores(seconds: float = 3.0, rounds: int = 3) -> None:
    """Engine against core, random games a second at each table size (side by side: the two
    measured by turns, ``rounds`` times, in CPU seconds, the medians: a machine shared with
    other work slows both alike); the game's own search's positions rated a second and the
    playouts to the end its best move has at 1 s."""
    for players in (1, 2, 3, 4):
        game = sg.load("coloring", players=players)
        engine, core = [], []
        for r in range(rounds):
            engine.append(engine_rate(game, seconds / rounds, 1 + 1000 * r))
            core.append(core_rate(game, seconds / rounds, 1 + 1000 * r))
        e, c = statistics.median(engine), statistics.median(core)
        print(
            f"coloring {players} player{'s' if players > 1 else ''}: random games/s "
            f"engine {e:8,.0f}  core {c:9,.0f}  ratio {c / e:5.1f}x",
            flush=True,
        )
    for players in (1, 2, 3, 4):
        state = midgame(players, 9000)
        sim = state.game.simulator()
        assert sim is not None
        s = sim.encode(state)
        codes = sim.legal(s)
        sim.evaluate_after(s, codes[:1])  # compiled before the clock starts
        start = time.process_time()
        for _ in range(20):
            sim.evaluate_after(s, codes)
        each = (time.process_time() - start) / (20 * len(codes))
        print(
            f"coloring {players} player{'s' if players > 1 else ''}: one ply of look-ahead "
            f"(evaluate_after: copy, apply, evaluate) {each * 1e6:.2f} us a move, compiled",
            flush=True,
        )
    sg.ai.bot("coloring", nodes=2000, seed=1).analyse(midgame(2, 1))  # compiled first
    for players in (1, 2, 3, 4):
        rates, depths = [], []
        for k in range(HINT_POSITIONS):
            state = midgame(players, 9000 + k)
            bot = sg.ai.bot("coloring", budget=1.0, seed=1)
            start = time.perf_counter()
            best = bot.analyse(state)[0]
            rates.append(bot.nodes / (time.perf_counter() - start))
            depths.append(best.support)
        print(
            f"coloring {players} player{'s' if players > 1 else ''}: own search positions "
            f"rated/s engine {ENGINE_SEARCH_NODES[players]:9,.0f} (before)  core "
            f"{statistics.median(rates):9,.0f}; the best move on "
            f"{min(depths)}-{max(depths)} playouts to the end",
            flush=True,
        )


def main() -> None:
    if "--cores" in sys.argv:
        cores()
        return
    for players, label in ((4, "4 players"), (1, "solo")):
        games, plies = random_games_rate("coloring", players=players)
        report(f"coloring {label}: random complete games (median of 5)", games, "games/s")
        report(f"coloring {label}: plies", plies, "plies/s", target=5000)
    for players in (4, 1):
        legal_move_profile(players)
    cores()


if __name__ == "__main__":
    main()
