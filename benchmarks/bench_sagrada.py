"""Sagrada solo: random complete games per second through the public contract, one core; the
analysis core beside the engine (random games a second on each, and the hint search's playouts
on each); and the table showing that window difficulty means something (a fixed simple strategy
wins less often as the difficulty rises).

``python benchmarks/bench_sagrada.py --cores`` runs the analysis core's section alone."""

from __future__ import annotations

import random
import statistics
import time

import stainedglass as sg
from stainedglass.sagrada.difficulty import DESIGNER_GAMES, measure_window, shipped, win_rate
from stainedglass.sagrada.windows import WINDOWS

from common import core_rate, engine_rate, random_games_rate, report

GAMES_PER_WINDOW = 150
HINT_POSITIONS = 5
"""Mid-game positions (seeds 9000 and up, which no test uses) for the hint search's figures."""


def difficulty_table(games_per_window: int = GAMES_PER_WINDOW) -> list[tuple[int, float, float]]:
    """Per difficulty: (difficulty, share won, median margin) over its windows, same seeds."""
    rows = []
    print(
        f"sagrada: the simple strategy on each window ({games_per_window} games each, same seeds)",
        flush=True,
    )
    for d in range(3, 7):
        rates, medians = [], []
        for w in (w for w in WINDOWS if w.difficulty == d):
            rate, margin = win_rate(w.name, games_per_window)
            rates.append(rate)
            medians.append(margin)
            print(
                f"  difficulty {d}  {w.name:<18} won {rate:6.1%}   median margin {margin:+6.1f}",
                flush=True,
            )
        rows.append((d, statistics.mean(rates), statistics.median(medians)))
    print("  difficulty | share of games won | median margin (score - target)")
    for d, rate, margin in rows:
        print(f"  {d:>10} | {rate:>18.1%} | {margin:+.1f}")
    falling = all(a[1] > b[1] for a, b in zip(rows, rows[1:]))
    print(f"  wins fall as difficulty rises: {'yes' if falling else 'NO'}", flush=True)
    if games_per_window == max(row["games"] for row in shipped().values()):
        same = all(
            abs(win_rate(name, games_per_window)[0] - row["won"]) < 1e-4
            for name, row in shipped().items()
        )
        print(f"  the shipped table (window_win_rates.json) matches: {'yes' if same else 'NO'}")
    return rows


def designer_measurement(deals: int = DESIGNER_GAMES, repeats: int = 3) -> float:
    """Seconds the window designer's Measure difficulty takes (median of ``repeats``): the
    simple strategy on one window over ``deals`` deals, one core; its progress bar runs this
    long."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        measured = measure_window("Tempest", deals)
        times.append(time.perf_counter() - start)
    seconds = statistics.median(times)
    print(
        f"sagrada: the window designer measures a window on {deals:,} deals in "
        f"{seconds:.2f} s (median of {repeats}; Tempest: {measured.rate:.1%} won)",
        flush=True,
    )
    return seconds


def midgame(seed: int) -> sg.State:
    """A decision a third to a half of the way through a random game of the default options."""
    game = sg.load("sagrada")
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    stop_at = rng.randrange(17, 26)  # a game is about 50 plies
    while len(state.history) < stop_at or state.is_chance():
        if state.is_chance():
            state._push(state.sample_chance())
        else:
            moves = state.legal_moves()
            state._push(moves[rng.randrange(len(moves))])
    return state


def cores(repeats: int = 3, seconds: float = 1.0) -> None:
    """The analysis core beside the engine: random games a second per variant (the table has
    one seat: solo), with their ratio (target 30x); then the hint search at 1 s in mid-game
    positions on the engine (``core=False``) and on the core: playouts a second and those
    behind the best move (target 1,000)."""
    print("sagrada: random games a second, engine vs analysis core (median of 3)", flush=True)
    for options in sg.load("sagrada").variants:
        game = sg.load("sagrada", **options)
        engine = statistics.median(engine_rate(game, seconds, 100 * r) for r in range(repeats))
        core = statistics.median(core_rate(game, seconds, 100 * r) for r in range(repeats))
        name = ", ".join(f"{k}={v}" for k, v in options.items())[:44] or "default options"
        verdict = "ok" if core >= 30 * engine else "BELOW 30x"
        print(
            f"  {name:<46} engine {engine:>8,.0f}  core {core:>9,.0f}  {core / engine:>5,.0f}x"
            f"   ({verdict})",
            flush=True,
        )
    states = [midgame(9000 + i) for i in range(HINT_POSITIONS)]
    sg.ai.bot("sagrada", playouts=8, seed=0, settle=1000).analyse(states[0])  # compiled first
    print("sagrada: the hint search at 1 s in mid-game positions (settle off: always plays out)")
    for core in (False, True):
        rates, behind = [], []
        for i, state in enumerate(states):
            bot = sg.ai.bot("sagrada", budget=1.0, seed=i, settle=1000, core=core)
            start = time.perf_counter()
            best = bot.analyse(state, top=1)[0]
            rates.append(bot.playouts / (time.perf_counter() - start))
            behind.append(best.support)
        print(
            f"  {'core' if core else 'engine':<7} playouts a second (median) "
            f"{statistics.median(rates):>8,.0f}; behind the best move "
            + " ".join(f"{b:,}" for b in behind),
            flush=True,
        )


def main() -> None:
    cores()
    games, plies = random_games_rate("sagrada")
    report("sagrada: random complete games (median of 5)", games, "games/s")
    report("sagrada: plies", plies, "plies/s", target=10_000)
    games, plies = random_games_rate("sagrada", tools=9)
    report("sagrada, all nine tools: random complete games (median of 5)", games, "games/s")
    report("sagrada, all nine tools: plies", plies, "plies/s", target=10_000)
    designer_measurement()
    difficulty_table()


if __name__ == "__main__":
    import sys

    random.seed(0)
    if "--cores" in sys.argv:
        cores()
    else:
        main()
