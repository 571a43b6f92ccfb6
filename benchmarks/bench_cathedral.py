"""Cathedral: random complete games per second through the public contract, one core."""

from common import random_games_rate, report


def main() -> None:
    games, plies = random_games_rate("cathedral")
    report("cathedral: random complete games (median of 5)", games, "games/s", target=500)
    report("cathedral: plies", plies, "plies/s")


if __name__ == "__main__":
    main()
