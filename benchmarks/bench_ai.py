"""AI speed for every registered game: MCTS iterations/s, alpha-beta nodes/s (and a game's own
search's, in the unit its ``effort`` names), the hint search's latency.

The speed of search comes from the game's ``legal_moves``/``play``/``undo``/``clone`` (profile
those first). Positions: a few seeded random positions through each game, one core.
"""

from __future__ import annotations

import random
import statistics
import time

import stainedglass as sg
from common import report

SEARCH_S = 0.5
POSITIONS = 6
BUDGETS = (0.1, 0.25, 0.5, 1.0)


def positions(name: str, count: int = POSITIONS) -> list[sg.State]:
    """Seeded decision positions spread through random games of ``name``."""
    game = sg.load(name)
    out = []
    for seed in range(count):
        rng = random.Random(seed)
        state = game.new_game(seed=seed)
        plies = []
        while not state.is_terminal():
            if not state.is_chance():
                plies.append(len(state.history))
            state.play(
                state.sample_chance() if state.is_chance() else rng.choice(state.legal_moves())
            )
        target = plies[int(len(plies) * seed / count)]
        while len(state.history) > target:
            state.undo()
        out.append(state)
    return out


def search_rate(name: str, bot_name: str, counter: str) -> float:
    """Median over the positions of ``bot.<counter>`` (iterations, nodes) per second."""
    rates = []
    for i, state in enumerate(positions(name)):
        if len(state.legal_moves()) < 2:
            continue  # a single move is played at once: there is no search to time
        bot = sg.ai.bot(bot_name, budget=SEARCH_S, seed=i)
        start = time.perf_counter()
        bot.choose(state)
        count = getattr(bot, counter, None)  # a search built on mcts counts its iterations
        count = bot.last_iterations if count is None else count
        rates.append(count / (time.perf_counter() - start))
    return statistics.median(rates)


def suggest_latency(name: str, budget: float) -> tuple[float, float]:
    """Median and worst wall time of ``suggest(top=5)`` over the positions, in seconds."""
    times = []
    for i, state in enumerate(positions(name)):
        start = time.perf_counter()
        sg.ai.suggest(state, top=5, budget_s=budget, seed=i)
        times.append(time.perf_counter() - start)
    return statistics.median(times), max(times)


def main() -> None:
    for name in sg.games():
        report(
            f"{name}: mcts iterations (median of {POSITIONS} positions)",
            search_rate(name, "mcts", "last_iterations"),
            "iter/s",
        )
        report(
            f"{name}: alpha-beta nodes (median of {POSITIONS} positions)",
            search_rate(name, "alphabeta", "nodes"),
            "nodes/s",
        )
        for own in sg.ai.bot_names(name, extras=False)[
            len(sg.ai.BOTS) :
        ]:  # the game's own, in its unit
            if not sg.ai.bot_class(own).timed:
                continue  # on a counted budget (the levels): bench_levels.py times its moves
            effort = sg.ai.bot_class(own).effort
            unit = effort[0] if effort else "nodes"
            report(
                f"{name}: {own} search {unit} (median of {POSITIONS} positions)",
                search_rate(name, own, unit),
                f"{unit}/s",
            )
        hint = sg.load(name).hint_bot
        for budget in BUDGETS:
            median, worst = suggest_latency(name, budget)
            verdict = "ok" if worst <= 1.1 * budget else "OVER"
            print(
                f"{name}: suggest(top=5, budget_s={budget}) by {hint}: median {median:.3f} s, "
                f"worst {worst:.3f} s   (target <= {1.1 * budget:.3f} s: {verdict})",
                flush=True,
            )


if __name__ == "__main__":
    main()
