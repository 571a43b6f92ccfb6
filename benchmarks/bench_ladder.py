"""The ladders' short form: every game's ladder at 0.05 and 0.2 s a move, 4 games a pairing
(``python benchmarks/ladder.py`` makes the full ones and writes them)."""

from __future__ import annotations

import time

import stainedglass as sg
from stainedglass.ai.ladder import ladder

BUDGETS = (0.05, 0.2)
GAMES = 4


def main() -> None:
    for game in sg.games():
        start = time.perf_counter()
        lad = ladder(game, BUDGETS, games=GAMES, seed=7)
        seconds = time.perf_counter() - start
        print(
            f"{lad}\n(short form, {seconds:.0f} s; strongest within 0.2 s: {lad.strongest(0.2)})\n",
            flush=True,
        )
