"""The analysis cores beside the engine (``stainedglass/analysis.py``), measured in one run.

1. Random playouts a second, per game and table size: through the engine (``legal_moves``,
   ``_push`` of a uniform choice, ``sample_chance``, from a new game to its end) and through the
   core (``Simulator.random_games`` from the same new games), with their ratio (target 30x,
   aim 50x). Medians of three runs, the engine's and the core's taken in turn.
2. Each game's hint search with a 1 s budget in mid-game positions (seeds 9000 and up, which no
   test uses), on the engine and on the core where the search can run on either (its ``core``
   option): the playouts (or nodes) of the whole search and those behind its best move,
   medians over the positions. Target: 1,000 playouts behind the best move wherever the search
   counts playouts.

``python benchmarks/bench_cores.py`` (or ``make bench``); ``--quick`` for one run of each, a
third of the time.
"""

from __future__ import annotations

import random
import statistics
import sys
from typing import Any

import stainedglass as sg
from stainedglass.analysis import COMPILED

from common import TABLES, core_rate, engine_rate


def label(name: str, options: dict[str, Any]) -> str:
    players = options.get("players")
    return f"{name}" + (f" ({players}p)" if players else "")


def playouts(repeats: int, seconds: float) -> None:
    print(
        f"analysis cores: random playouts a second ({'compiled' if COMPILED else 'NOT compiled'})"
    )
    print(f"  {'table':<20} {'engine':>10} {'core':>12} {'ratio':>8}")
    for name, options in TABLES:
        game = sg.load(name, **options)
        engine, core = [], []
        for r in range(repeats):
            engine.append(engine_rate(game, seconds, 100 * r))
            core.append(core_rate(game, seconds, 100 * r))
        e, c = statistics.median(engine), statistics.median(core)
        verdict = "ok" if c >= 30 * e else "BELOW 30x"
        print(
            f"  {label(name, options):<20} {e:>10,.1f} {c:>12,.0f} {c / e:>7,.0f}x   ({verdict})",
            flush=True,
        )


def midgame(game: sg.Game, seed: int) -> sg.State:
    """A position a third to a half of the way through a random game, on a player's turn."""
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    seen: list[sg.State] = []
    while not state.is_terminal():
        if state.is_chance():
            state._push(state.sample_chance())
            continue
        seen.append(state.clone())
        moves = state.legal_moves()
        state._push(moves[rng.randrange(len(moves))])
    return seen[rng.randrange(len(seen) // 3, len(seen) // 2 + 1)]


def hints(positions: int) -> None:
    print("hint searches at 1 s: work of the whole search / behind the best move (medians)")
    for name, options in TABLES:
        game = sg.load(name, **options)
        states = [midgame(game, 9000 + i) for i in range(positions)]
        bot_name = game.hint_bot
        probe = sg.ai.bot(bot_name)
        ways = [("core", {})] if "core" not in probe.options else [("engine", {"core": False})]
        if "core" in probe.options:
            ways.append(("core", {"core": True}))
        for way, extra in ways:
            total, best, unit = [], [], ""
            for i, state in enumerate(states):
                bot = sg.ai.bot(bot_name, budget=1.0, seed=i, **extra)
                top = bot.analyse(state, top=2)
                unit = top[0].unit
                best.append(top[0].support)
                total.append(
                    getattr(bot, "last_iterations", None)
                    or getattr(bot, "playouts", None)
                    or getattr(bot, "nodes", 0)
                )
            print(
                f"  {label(name, options):<20} {bot_name:<15} {way:<7} "
                f"{statistics.median(total):>9,.0f} in all, {statistics.median(best):>8,.0f} "
                f"{unit} behind the best",
                flush=True,
            )


def main() -> None:
    quick = "--quick" in sys.argv
    playouts(1 if quick else 3, 1.0)
    hints(3 if quick else 5)


if __name__ == "__main__":
    main()
