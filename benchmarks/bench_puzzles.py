"""Puzzles: what mining one costs in each game (positions tried, seconds a puzzle), and how long
a learner waits for the verdict on a wrong answer (the search that finds the punishing reply)."""

from __future__ import annotations

import statistics
import time

from stainedglass.ai import puzzles

GAMES = ["cathedral", "walls_of_light", "coloring", "sagrada"]


def main() -> None:
    for game in GAMES:
        tried = [0]
        real = puzzles._try

        def counting(*args, **kwargs):  # type: ignore[no-untyped-def]
            tried[0] += 1  # noqa: B023 - called within this iteration
            return real(*args, **kwargs)  # noqa: B023 - called within this iteration

        puzzles._try = counting  # type: ignore[assignment]
        try:
            start = time.perf_counter()
            found = puzzles.make(game, n=2, seed=100)
            spent = time.perf_counter() - start
        finally:
            puzzles._try = real  # type: ignore[assignment]
        label = f"puzzles: mining {game} (its budget; 2 puzzles, seed 100)"
        print(
            f"{label:<58} {spent / max(len(found), 1):>12,.1f} s a puzzle   "
            f"({tried[0]} positions tried for {len(found)})",
            flush=True,
        )
        shipped = puzzles.shipped(game)[:5]
        waits = []
        for p in shipped:
            start = time.perf_counter()
            p.attempt(p.rival)
            waits.append(time.perf_counter() - start)
        if waits:
            label = f"puzzles: {game}, the verdict on a wrong answer (median of {len(waits)})"
            print(
                f"{label:<58} {statistics.median(waits):>12,.2f} s   (max {max(waits):.2f})",
                flush=True,
            )


if __name__ == "__main__":
    main()
