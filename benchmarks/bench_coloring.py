"""Coloring in the Stained Glass: random complete games per second (4 players and solo), one core;
and how many legal moves a turn has and how long listing them takes."""

from __future__ import annotations

import random
import statistics
import time

import stainedglass as sg
from common import random_games_rate, report


def legal_move_profile(players: int, games: int = 40) -> None:
    """Median (and by pencils in the middle) legal-move counts and listing times."""
    game = sg.load("coloring", players=players)
    by_pencils: dict[int, list[tuple[int, float]]] = {}
    for seed in range(games):
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if not state.crossing:
                state._legal_cache = None
                start = time.perf_counter()
                moves = state.legal_moves()
                dt = time.perf_counter() - start
                by_pencils.setdefault(len(state.pencils()), []).append((len(moves), dt))
            else:
                moves = state.legal_moves()
            state.play(rng.choice(moves))
    label = "solo" if players == 1 else f"{players} players"
    turns = [x for v in by_pencils.values() for x in v]
    report(
        f"coloring {label}: legal moves in a typical turn (median)",
        statistics.median(n for n, _ in turns),
        "moves",
    )
    report(
        f"coloring {label}: listing them (median)",
        statistics.median(t for _, t in turns) * 1e6,
        "us",
    )
    for n in sorted(by_pencils, reverse=True):
        rows = by_pencils[n]
        print(
            f"    {n} pencil{'s' if n > 1 else ' '} in the middle: median "
            f"{statistics.median(m for m, _ in rows):>8,.0f} moves in "
            f"{statistics.median(t for _, t in rows) * 1e6:>6,.0f} us; "
            f"largest {max(m for m, _ in rows):>7,} moves in "
            f"{max(t for _, t in rows) * 1e6:>6,.0f} us",
            flush=True,
        )


def main() -> None:
    for players, label in ((4, "4 players"), (1, "solo")):
        games, plies = random_games_rate("coloring", players=players)
        report(f"coloring {label}: random complete games (median of 5)", games, "games/s")
        report(f"coloring {label}: plies", plies, "plies/s", target=5000)
    for players in (4, 1):
        legal_move_profile(players)


if __name__ == "__main__":
    main()
