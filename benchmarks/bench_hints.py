"""Hints that say why: the share of a hint's budget spent on its words, and the time to review
a whole game, in each game.

A hint (``sg.ai.suggest``, top three, the views' budget of 1 s) spends most of its budget on
the search and the rest on its words (the consequences along each expected line, the margin,
what the next best lacks): the words may take at most a tenth of it. A review judges every
move of a game at the default budget (``review.DEFAULT_PLAYOUTS``' work a position) with two
processes, as the review board does on two cores: a whole game (Walls of Light's some 150
plies, chance included, as well) should take at most 10 s, its first verdict shown within 2 s.
Medians of three runs (the review is the same each time: only the clock varies).
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

import stainedglass as sg
from stainedglass.ai.review import DEFAULT_PLAYOUTS

GAMES = {  # game: options (the table sizes the views start with)
    "cathedral": {},
    "walls_of_light": {"players": 2},
    "coloring": {"players": 2},
    "sagrada": {},
}
HINT_BUDGET_S = 1.0
WORDS_SHARE = 0.10  # of a hint's budget, at most
WHOLE_GAME = 10_000  # decisions: more than any game has
REVIEW_TARGET_S = 10.0
FIRST_TARGET_S = 2.0
REVIEW_JOBS = 2
RUNS = 3


def played(name: str, seed: int, moves: int, options: dict[str, Any] | None = None) -> sg.State:
    """A game ``moves`` decisions in (chance drawn as it comes), each the greedy bot's move or,
    one time in three, a random one; fewer when the game ends first. ``options``: the table
    (default: the one the views start with)."""
    state = sg.load(name, **(GAMES[name] if options is None else options)).new_game(seed=seed)
    rng = random.Random(seed)
    greedy = sg.ai.bot("greedy", seed=seed)
    made = 0
    while made < moves and not state.is_terminal():
        if state.is_chance():
            state.play(state.sample_chance())
            continue
        legal = state.legal_moves()
        state.play(rng.choice(legal) if rng.random() < 1 / 3 else greedy.choose(state))
        made += 1
    while state.is_chance():
        state.play(state.sample_chance())
    return state


def words_share(name: str) -> list[float]:
    """The share of each hint's budget its words took, in mid-game positions."""
    shares = []
    for seed in range(3):
        state = played(name, seed, 8 + 2 * seed)
        if state.is_terminal():
            continue
        hints = sg.ai.suggest(state, top=3, budget_s=HINT_BUDGET_S, seed=seed)
        shares.append(sum(h.words_s for h in hints) / HINT_BUDGET_S)
    return shares


def main() -> None:
    for name in GAMES:
        shares = words_share(name)
        label = f"hints: {name}, the words' share of a {HINT_BUDGET_S:g} s hint (top 3)"
        worst = max(shares)
        print(
            f"{label:<58} {100 * statistics.median(shares):>12,.1f} %   (max "
            f"{100 * worst:.1f}; target <= {100 * WORDS_SHARE:.0f}: "
            f"{'ok' if worst <= WORDS_SHARE else 'ABOVE'})",
            flush=True,
        )
    for name in GAMES:
        state = played(name, 100, WHOLE_GAME)
        decisions = len(state.history)  # every ply, chance included
        spent, first = [], []
        for _ in range(RUNS):
            start = time.perf_counter()
            seen: list[float] = []

            def partial(
                review: sg.ai.Review, seen: list[float] = seen, start: float = start
            ) -> None:
                if not seen and any(j.label not in ("luck", "hidden") for j in review.judgements):
                    seen.append(time.perf_counter() - start)

            review = sg.ai.review(state.record(), seed=1, partial=partial, jobs=REVIEW_JOBS)
            spent.append(time.perf_counter() - start)
            first.append(seen[0] if seen else spent[-1])
        judged = sum(1 for j in review.judgements if j.label not in ("luck", "hidden"))
        label = f"review: {name}, a whole game, {judged} moves judged"
        whole = statistics.median(spent)
        soon = statistics.median(first)
        ok = whole <= REVIEW_TARGET_S and soon <= FIRST_TARGET_S
        print(
            f"{label:<58} {whole:>12,.1f} s   ({decisions} plies, {DEFAULT_PLAYOUTS} playouts' "
            f"work a position, {REVIEW_JOBS} processes; the first verdict after {soon:.1f} s; "
            f"targets <= {REVIEW_TARGET_S:g} s and {FIRST_TARGET_S:g} s: "
            f"{'ok' if ok else 'ABOVE'})",
            flush=True,
        )


if __name__ == "__main__":
    main()
