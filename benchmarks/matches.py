"""Two bots in games of 2 to 4 players, kept game by game so a long match can stop and go on.

    python benchmarks/matches.py walls_of_light mcts:budget=1 mcts:budget=0.1 -n 200
    python benchmarks/matches.py coloring alphabeta:budget=1 mcts:budget=1 --players 3 -n 120
    python benchmarks/matches.py walls_of_light walls_of_light:budget=0.5 greedy --players 3 \
        --lone --seeds-from 100000 -n 100                     # one against two copies
    python benchmarks/matches.py --table                      # every match played so far

Each game seats the two bots in one of the ways to share the seats between them (for two
players the two orders; for three, six; for four, fourteen), in turn, so each bot sits in each
seat and in each number of seats equally often (``--lone``: the first bot alone against copies
of the second, in each seat in turn). Game ``i`` is seeded ``i`` (``--seeds-from N``: ``N + i``;
the figures of STRENGTH.md use seeds from 100000, which no test uses). Every finished game
is appended to ``data/matches.jsonl`` beside this file, and a run skips the games already there
(the matches themselves: ``stainedglass.ai.matches``).

The figure is the first bot's lead: per game, its mean result per seat less the second bot's
(a win is 1, a draw shared), averaged over the games, with a 95% interval from their spread.
With two players that is twice its share of the points less one: a share of 60% is a lead of
0.20. Not run by ``make bench``: at one second a move a match takes hours.
"""

from __future__ import annotations

import argparse
import pathlib
import sys

from stainedglass.ai.matches import done, play_match, table

DATA = pathlib.Path(__file__).parent / "data" / "matches.jsonl"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?")
    parser.add_argument("bots", nargs="*", help="two bot specs, e.g. mcts:budget=1 greedy")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("-n", type=int, default=100, help="games (default 100)")
    parser.add_argument("--jobs", type=int, default=None, help="processes (default: every core)")
    parser.add_argument("--table", action="store_true", help="print the table and stop")
    parser.add_argument("--seeds-from", type=int, default=0, help="game i is seeded N + i")
    parser.add_argument("--lone", action="store_true", help="the first bot alone against copies")
    parser.add_argument("--data", type=pathlib.Path, default=DATA, help="the file of games")
    args = parser.parse_args(argv)
    if args.table:
        rows = done(args.data)
    else:
        if not args.game or len(args.bots) != 2:
            parser.error("a game and two bots, or --table")
        if not 2 <= args.players <= 4:
            parser.error("--players is 2 to 4")

        def progress(k: int, total: int) -> None:
            print(f"\r{k}/{total} games", end="", file=sys.stderr, flush=True)

        a, b = args.bots
        rows = play_match(
            args.data,
            args.game,
            args.players,
            a,
            b,
            args.n,
            args.jobs,
            progress,
            first=args.seeds_from,
            lone=args.lone,
        )
        print(file=sys.stderr)
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
