"""The standard strength matches of STRENGTH.md: the bots against each other, seats alternating.

Not run by ``make bench``: at full size they take hours.

    python benchmarks/strength.py                      # every match: 200 games, 1 s a move
    python benchmarks/strength.py -n 40 --budget 0.5   # what fits in a coffee break
    python benchmarks/strength.py --only mcts-greedy

Each match alternates seats; it prints the tournament table (win rate with its 95% Wilson
interval, average score, time per move), the first bot's games won by seat, and whether it
reaches the match's aim (a share of games won, draws not counted).
"""

from __future__ import annotations

import argparse
import sys
import time

import stainedglass as sg
from stainedglass.ai.tournament import wilson

# (game, bots, the first bot's aim as a share of games won, or None: measured only)
MATCHES = {
    "mcts-random": ("cathedral", ["mcts:budget={b}", "random"], 0.98),
    "alphabeta-random": ("cathedral", ["alphabeta:budget={b}", "random"], 0.98),
    "mcts-greedy": ("cathedral", ["mcts:budget={b}", "greedy"], 0.75),
    "alphabeta-greedy": ("cathedral", ["alphabeta:budget={b}", "greedy"], 0.75),
    "mcts-alphabeta": ("cathedral", ["mcts:budget={b}", "alphabeta:budget={b}"], None),
    "walls-mcts-greedy": ("walls_of_light", ["mcts:budget={b}", "greedy", "greedy"], 0.55),
    # Cathedral's hint search against the general searches
    "cathedral-mcts": ("cathedral", ["cathedral:budget={b}", "mcts:budget={b}"], 0.75),
    "cathedral-alphabeta": ("cathedral", ["cathedral:budget={b}", "alphabeta:budget={b}"], 0.65),
    # our MCTS against OpenSpiel's, at equal time (Walls of Light: two players)
    "openspiel-cathedral": ("cathedral", ["mcts:budget={b}", "openspiel-mcts:budget={b}"], None),
    "openspiel-walls": ("walls_of_light", ["mcts:budget={b}", "openspiel-mcts:budget={b}"], None),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--games", type=int, default=200)
    parser.add_argument("--budget", type=float, default=1.0, help="seconds a move (default 1)")
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", nargs="*", default=None, choices=sorted(MATCHES))
    args = parser.parse_args(argv)
    for key in args.only or list(MATCHES):
        game, bots, target = MATCHES[key]
        if game not in sg.games():
            print(f"{key}: skipped, {game} is not registered in this checkout\n", flush=True)
            continue
        bots = [b.format(b=args.budget) for b in bots]
        start = time.perf_counter()
        table = sg.ai.tournament(game, bots, n=args.games, jobs=args.jobs, seed=args.seed)
        first = table.rows[0]
        print(table)
        # "beats ... in at least X% of games": wins only (a draw is not a win), Wilson interval
        wins, games = first["wins"], first["games"]
        rate = wins / games if games else 0.0
        low, high = wilson(wins, games)
        verdict = ""
        if target is not None:
            verdict = f"; target {target:.0%}: " + (
                "met, the whole interval above it"
                if low >= target
                else "met"
                if rate >= target
                else "MISSED"
            )
        seats = []
        for seat, who in enumerate(sg.load(game).facts.player_names[: len(bots)]):
            mine = [r for r in table.results if r.task.entries.index(0) == seat]
            won = sum(r.returns[seat] == 1.0 for r in mine)
            seats.append(f"as {who} {won} of {len(mine)}")
        print(
            f"{key}: {first['bot']} won {wins} of {games} games ({rate:.1%}, 95% CI "
            f"{low:.1%}-{high:.1%}; {first['draws']} drawn; {', '.join(seats)}){verdict} "
            f"({time.perf_counter() - start:.0f} s)\n",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
