"""Play the review notebook's example games again: one per game, bots against each other.

    .venv/bin/python notebooks/games/make_examples.py

Each game is seeded and the bots search by playouts, not by the clock, so the same files come out
every time.
"""

from __future__ import annotations

import pathlib

import stainedglass as sg

HERE = pathlib.Path(__file__).parent
GAMES = {
    # game: (options, seed, the bot in each seat)
    "cathedral": ({}, 11, ["mcts", "random"]),  # a beginner's blunders to learn from
    "walls_of_light": ({"players": 2}, 12, ["mcts", "greedy"]),
    "coloring": ({"players": 2}, 13, ["mcts", "greedy"]),
    "sagrada": ({}, 14, ["mcts"]),
}
NAMES = {"mcts": "MCTS bot", "greedy": "Greedy bot", "random": "Random bot"}


def play(name: str) -> sg.Record:
    options, seed, seats = GAMES[name]
    state = sg.load(name, **options).new_game(seed=seed)
    bots = [sg.ai.bot(b, seed=seed, **({"iterations": 300} if b == "mcts" else {}))
            for b in seats]
    while not state.is_terminal():
        if state.is_chance():
            state.play(state.sample_chance())
        else:
            state.play(bots[state.current_player].choose(state))
    return state.record(players=[NAMES[b] for b in seats])


if __name__ == "__main__":
    for game in GAMES:
        (HERE / f"{game}.json").write_text(play(game).to_text())
        print("wrote", game)
