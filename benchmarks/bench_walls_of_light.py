"""Walls of Light: random complete three-player games through the public contract, one core.

Chance outcomes are sampled, decisions uniform among the legal moves; a ply is a decision or a
chance outcome alike. Prints the median of five runs.
"""

from common import random_games_rate, report


def main() -> None:
    games, plies = random_games_rate("walls_of_light", players=3)
    report(
        "walls_of_light: random 3-player games, plies (median of 5)",
        plies,
        "plies/s",
        target=20_000,
    )
    report("walls_of_light: random 3-player games (median of 5)", games, "games/s")


if __name__ == "__main__":
    main()
