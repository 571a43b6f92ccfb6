"""The position editor: how long the engine takes to judge a set-up position (``game.setup``:
the ``start=`` option's checks, then ``Game.validate``), which it does after every click of an
edit, and to give a state's mapping (``game.position``). Positions from the middle of random
games; medians over many."""

from __future__ import annotations

import random
import statistics
import time

import stainedglass as sg

GAMES = ["cathedral", "walls_of_light", "coloring", "sagrada"]


def positions(game: sg.Game, n: int = 40) -> list[sg.State]:
    """``n`` states from the middle of random games, each on a player's turn."""
    out = []
    for seed in range(n):
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        target = rng.randrange(4, 40)
        while len(state.history) < target and not state.is_terminal():
            state.play(
                state.sample_chance() if state.is_chance() else rng.choice(state.legal_moves())
            )
        while state.is_chance():
            state.play(state.sample_chance())
        out.append(state)
    return out


def main() -> None:
    for name in GAMES:
        game = sg.load(name)
        states = positions(game)
        mappings, setups = [], []
        for state in states:
            start = time.perf_counter()
            position = game.position(state)
            mappings.append(time.perf_counter() - start)
            start = time.perf_counter()
            game.setup(position)
            setups.append(time.perf_counter() - start)
        label = f"positions: {name}, judge a set-up position (setup + validate)"
        print(
            f"{label:<68} {statistics.median(setups) * 1000:>8,.1f} ms   (max "
            f"{max(setups) * 1000:.1f}; position(): {statistics.median(mappings) * 1000:.2f} "
            f"ms; {len(states)} positions)",
            flush=True,
        )


if __name__ == "__main__":
    main()
