"""Sagrada solo: random complete games per second through the public contract, one core; and the
table showing that window difficulty means something (a fixed simple strategy wins less often as
the difficulty rises)."""

from __future__ import annotations

import random
import statistics

import stainedglass as sg
from stainedglass.sagrada.windows import NEAR, WINDOWS, parse_field

from common import random_games_rate, report

GAMES_PER_WINDOW = 150


def simple_move(state: sg.State) -> sg.Move:
    """The fixed simple strategy: place the highest drawn card that fits (the low ones go to the
    turn bar), on a restricted field it meets if there is one, else on the field with the most
    empty neighbours; pass when nothing fits; never use a tool."""
    best, best_key = None, None
    fields, grid = state.window.fields, state.grid
    for move in state.legal_moves():
        words = str(move).split()
        if words[0] != "place":
            continue
        value, i = int(words[1][1]), parse_field(words[2])
        room = sum(1 for j in NEAR[i] if grid[j] is None)
        key = (value, 1 if fields[i] else 0, room, -i)
        if best_key is None or key > best_key:
            best, best_key = move, key
    return best if best is not None else state.parse_move("pass")


def win_rate(window: str, games: int) -> tuple[float, float]:
    """(share of games won, median final margin score - target) for the simple strategy."""
    game = sg.load("sagrada", window=window, tools=0)
    wins, margins = 0, []
    for seed in range(games):
        state = game.new_game(seed=seed)
        while not state.is_terminal():
            state.play(state.sample_chance() if state.is_chance() else simple_move(state))
        wins += int(state.returns()[0])
        margins.append(state.scores()[0] - state.target())
    return wins / games, statistics.median(margins)


def difficulty_table(games_per_window: int = GAMES_PER_WINDOW) -> list[tuple[int, float, float]]:
    """Per difficulty: (difficulty, share won, median margin) over its windows, same seeds."""
    rows = []
    print(f"sagrada: the simple strategy on each window ({games_per_window} games each, "
          "same seeds)", flush=True)
    for d in range(3, 7):
        rates, medians = [], []
        for w in (w for w in WINDOWS if w.difficulty == d):
            rate, margin = win_rate(w.name, games_per_window)
            rates.append(rate)
            medians.append(margin)
            print(f"  difficulty {d}  {w.name:<18} won {rate:6.1%}   median margin {margin:+6.1f}",
                  flush=True)
        rows.append((d, statistics.mean(rates), statistics.median(medians)))
    print("  difficulty | share of games won | median margin (score - target)")
    for d, rate, margin in rows:
        print(f"  {d:>10} | {rate:>18.1%} | {margin:+.1f}")
    falling = all(a[1] > b[1] for a, b in zip(rows, rows[1:]))
    print(f"  wins fall as difficulty rises: {'yes' if falling else 'NO'}", flush=True)
    return rows


def main() -> None:
    games, plies = random_games_rate("sagrada")
    report("sagrada: random complete games (median of 5)", games, "games/s")
    report("sagrada: plies", plies, "plies/s", target=10_000)
    games, plies = random_games_rate("sagrada", tools=9)
    report("sagrada, all nine tools: random complete games (median of 5)", games, "games/s")
    report("sagrada, all nine tools: plies", plies, "plies/s", target=10_000)
    difficulty_table()


if __name__ == "__main__":
    random.seed(0)
    main()
