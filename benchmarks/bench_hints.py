"""Hints that say why: the share of a hint's budget spent on its words, and the time to review
a 40-move game, in each game.

A hint (``sg.ai.suggest``, top three, the views' budget of 1 s) spends most of its budget on
the search and the rest on its words (the consequences along each expected line, the margin,
what the next best lacks): the words may take at most a tenth of it. A review judges every
move of a game at the default budget (``review.DEFAULT_PLAYOUTS``' work a position): a
40-move game should take at most 10 s on two cores. A Cathedral or Sagrada game ends sooner
(some 25 buildings; twenty placements): its whole game is reviewed and the verdict scaled to
40 moves.
"""

from __future__ import annotations

import random
import statistics
import time

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
REVIEW_MOVES = 40
REVIEW_TARGET_S = 10.0


def played(name: str, seed: int, moves: int) -> sg.State:
    """A game ``moves`` decisions in (chance drawn as it comes), each the greedy bot's move or,
    one time in three, a random one; fewer when the game ends first."""
    state = sg.load(name, **GAMES[name]).new_game(seed=seed)
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
        state = played(name, 100, REVIEW_MOVES)
        decisions = len(state.history)  # every ply, chance included
        start = time.perf_counter()
        review = sg.ai.review(state.record(), seed=1)
        spent = time.perf_counter() - start
        judged = sum(1 for j in review.judgements if j.label not in ("luck", "hidden"))
        label = f"review: {name}, {judged} moves judged ({DEFAULT_PLAYOUTS} playouts' work)"
        print(
            f"{label:<58} {spent:>12,.1f} s   ({decisions} plies; target <= "
            f"{REVIEW_TARGET_S:g} s for 40 moves: "
            f"{'ok' if spent * REVIEW_MOVES / max(judged, 1) <= REVIEW_TARGET_S else 'ABOVE'})",
            flush=True,
        )


if __name__ == "__main__":
    main()
