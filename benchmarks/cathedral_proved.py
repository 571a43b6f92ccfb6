"""Cathedral positions with every move's result proved, and how often a bot keeps it.

A match of 100 games from the usual start holds only a few different games, so two bots'
scores differ by 10 points from one block of seeds to the next. This measures one decision at
a time instead: positions from the late middle game, where games are decided, each move's
result (win, draw or loss, both sides at their best) proved by the `cathedral` search's
solver, and how often a bot's move there keeps the best result.

    python benchmarks/cathedral_proved.py score cathedral:budget=1 mcts:budget=1
    python benchmarks/cathedral_proved.py make --seed 700 --games 36 --jobs 2   # an hour or more

``make`` plays games between ``cathedral:budget=0.3`` and ``mcts:budget=0.3`` (seats
alternating), keeps the positions whose free squares still open to a building (``live``) are
within ``--live``, and proves them (``CathedralSearch.prove``; those not proved within
``--nodes`` positions are left out). It writes ``data/cathedral_proved.json`` beside this file:
each position as the moves that lead to it, and each legal move's result for the side to
move. ``score`` asks each bot to rank every move of the positions where some move gives
the result away, and counts how often the move it ranks first keeps the result (with a 95%
interval), how many results those moves gave away (a win to a draw is one, to a loss two),
and of the pairs of a move that keeps the result and one that gives it away, the share it
ranks the right way round. The positions, their proofs and the judging are
``stainedglass.cathedral.proved``; this is their command line.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
from concurrent.futures import ProcessPoolExecutor

from stainedglass.cathedral.proved import contested, load, make, score

DATA = pathlib.Path(__file__).parent / "data" / "cathedral_proved.json"


def _range(text: str) -> tuple[int, int]:
    low, _, high = text.partition("-")
    try:
        return int(low), int(high or low)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: a range of squares, e.g. 24-31") from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    made = sub.add_parser("make", help="play games, prove their positions, write the data")
    made.add_argument("--seed", type=int, default=700)
    made.add_argument("--games", type=int, default=36)
    made.add_argument("--live", type=_range, default=(24, 31))
    made.add_argument("--nodes", type=int, default=4_000_000)
    made.add_argument("--jobs", type=int, default=None)
    scored = sub.add_parser("score", help="how often each bot keeps the proved result")
    scored.add_argument("bots", nargs="+")
    scored.add_argument("--live", type=_range, default=None)
    scored.add_argument("--jobs", type=int, default=None)
    args = parser.parse_args(argv)
    if args.command == "make":
        data, tried = make(args.seed, args.games, args.live, args.nodes, args.jobs)
        DATA.write_text(json.dumps(data, indent=1) + "\n")
        print(f"{len(data['positions'])} of {tried} positions proved, written to {DATA.name}")
        return 0
    positions = contested(load(DATA), args.live)
    print(f"{len(positions)} positions where some move gives the result away")
    print(
        f"{'bot':36} {'kept':>5} {'share (95% interval)':>22} {'lost':>5} "
        f"{'pairs ranked right':>19}"
    )
    with ProcessPoolExecutor(args.jobs) as pool:
        for s in score(args.bots, positions, pool):
            low, high = s.interval
            right = "(does not rank)" if s.ranked_right is None else f"{s.ranked_right:.1%}"
            print(
                f"{s.spec:36} {s.kept:5} {s.share:7.1%} ({low:5.1%}-{high:6.1%}) "
                f"{s.lost:5} {right:>19}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
