"""Cathedral: random complete games per second through the public contract, one core; then the
analysis core beside the engine, and the hint search before and after it moved onto the core.

1. Random games a second through the engine (``legal_moves``, ``_push`` of a uniform choice,
   from a new game to its end) and through the core (``random_games`` from the same new
   games), for one game and for a two-game match, with their ratio (target 30x, aim 50x).
   Medians of three runs, the engine's and the core's taken in turn.
2. The ``cathedral`` hint search in mid-game positions (random games of seeds 9000 and up, 8
   to 12 placements in; no test uses them), on its old Python position (``position =
   "python"``) and on the core (the default): with a 1 s budget, the nodes searched, the nodes
   a second and the depth reached; and with a budget of 30,000 nodes, whether both choose the
   same move (they should: the same algorithm, values and orders).

Times are CPU seconds of this process (``time.process_time``), so that other work on the
machine changes them less; the 1 s budgets are the search's own clock (wall time).

``python benchmarks/bench_cathedral.py`` (``--quick``: the first part only).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from typing import Any

from common import core_rate, engine_rate, random_games_rate, report

import stainedglass as sg

CLOCK = time.process_time


def playouts() -> None:
    for options in ({}, {"match": True}):
        game = sg.load("cathedral", **options)
        engines, cores = [], []
        for run in range(3):
            engines.append(engine_rate(game, 1.5, 1000 * run))
            cores.append(core_rate(game, 1.5, 1000 * run))
        engine, core = statistics.median(engines), statistics.median(cores)
        name = "match" if options else "game"
        report(f"cathedral ({name}): engine random games", engine, "games/s")
        report(f"cathedral ({name}): core random games", core, "games/s")
        report(f"cathedral ({name}): core / engine", core / engine, "x", target=30)


def positions() -> list[sg.State]:
    """Five mid-game positions (8 to 12 placements into random games, seeds 9000..9004)."""
    game = sg.load("cathedral")
    out = []
    for seed in range(9000, 9005):
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        moves = rng.randint(8, 12)
        while not state.is_terminal() and len(state.history) < moves:
            state.play(rng.choice(state.legal_moves()))
        out.append(state)
    return out


def search(state: sg.State, position: str, **options: Any) -> tuple[Any, int, float, int]:
    """The hint search's best move, its nodes, its CPU seconds and the depth it reached."""
    bot: Any = sg.ai.bot("cathedral", seed=1, position=position, **options)
    start = CLOCK()
    best = bot.analyse(state, top=1)[0].move
    return best, bot.nodes, CLOCK() - start, bot.depth_reached


def hints() -> None:
    states = positions()
    search(states[0], "core", nodes=2000)  # the core compiled (or loaded) first
    for position in ("python", "core"):
        nodes, rates, depths = [], [], []
        for state in states:
            _, n, seconds, depth = search(state, position, budget=1.0)
            nodes.append(n)
            rates.append(n / seconds)
            depths.append(depth)
        when = "before (Python position)" if position == "python" else "after (on the core)"
        report(f"cathedral hint 1 s, {when}: nodes", statistics.median(nodes), "nodes")
        report(f"cathedral hint 1 s, {when}: nodes/s", statistics.median(rates), "nodes/s")
        print(f"{'':<4}depths reached: {depths}", flush=True)
    same = 0
    for state in states:
        old = search(state, "python", nodes=30_000)[0]
        new = search(state, "core", nodes=30_000)[0]
        same += old == new
    report(
        "cathedral hint, 30,000 nodes: the same move before and after", same, f"of {len(states)}"
    )


def main() -> None:
    games, plies = random_games_rate("cathedral")
    report("cathedral: random complete games (median of 5)", games, "games/s", target=500)
    report("cathedral: plies", plies, "plies/s")
    playouts()
    if "--quick" not in sys.argv:
        hints()


if __name__ == "__main__":
    main()
