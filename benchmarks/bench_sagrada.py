"""Sagrada solo: random complete games per second through the public contract, one core; and the
table showing that window difficulty means something (a fixed simple strategy wins less often as
the difficulty rises)."""

from __future__ import annotations

import random
import statistics
import time

from stainedglass.sagrada.difficulty import DESIGNER_GAMES, measure_window, shipped, win_rate
from stainedglass.sagrada.windows import WINDOWS

from common import random_games_rate, report

GAMES_PER_WINDOW = 150


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


def main() -> None:
    games, plies = random_games_rate("sagrada")
    report("sagrada: random complete games (median of 5)", games, "games/s")
    report("sagrada: plies", plies, "plies/s", target=10_000)
    games, plies = random_games_rate("sagrada", tools=9)
    report("sagrada, all nine tools: random complete games (median of 5)", games, "games/s")
    report("sagrada, all nine tools: plies", plies, "plies/s", target=10_000)
    designer_measurement()
    difficulty_table()


if __name__ == "__main__":
    random.seed(0)
    main()
