"""The computer's levels: how long a pupil waits for a level's move.

A level plays on a counted budget of work (``stainedglass.ai.levels``), so its moves are the
same on any machine and only the wait changes. For each game and each table size with a level
table of its own (Walls of Light at two and three players), levels 1, 4 and 8 choose a move in
five mid-game positions; the median seconds a move, and the target: level 8, the hint search
on its counted work, answers within 1.5 s a move (a pupil waits no longer than for a hint).
"""

from __future__ import annotations

import statistics
import time
from typing import Any

import stainedglass as sg
from bench_hints import played
from stainedglass.ai.levels import level_tables

LEVELS_TIMED = (1, 4, 8)
POSITIONS = 5
TARGET_S = 1.5


def tables() -> list[tuple[str, dict[str, Any]]]:
    """Each game at the table sizes it measured levels at (of ``sg.tables()``)."""
    return [
        (name, options)
        for name, options in sg.tables()
        if sg.load(name, **options).num_players in level_tables(name)
    ]


def seconds_a_move(name: str, options: dict[str, Any], level: int) -> list[float]:
    """Seconds level ``level`` takes to choose, in each of the mid-game positions."""
    times = []
    for seed in range(POSITIONS):
        state = played(name, seed, 8 + 3 * seed, options)
        if state.is_terminal():
            continue
        bot = sg.ai.bot("level", level=level, seed=seed)
        start = time.perf_counter()
        bot.choose(state)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    for name, options in tables():
        size = f", {options['players']} players" if options else ""
        for level in LEVELS_TIMED:
            times = seconds_a_move(name, options, level)
            label = f"levels: {name}{size}, level {level}, s a move"
            verdict = ""
            if level == 8:
                ok = statistics.median(times) <= TARGET_S
                verdict = f"   (target <= {TARGET_S:g}: {'ok' if ok else 'ABOVE'})"
            print(f"{label:<58} {statistics.median(times):>12,.3f} s{verdict}", flush=True)


if __name__ == "__main__":
    main()
