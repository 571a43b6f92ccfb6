"""Sagrada solo: bots on the same fixed deals, the share of deals each wins, by window difficulty.

    python benchmarks/sagrada_deals.py mcts:budget=1 sagrada:budget=1      # 100 deals a difficulty
    python benchmarks/sagrada_deals.py -n 10 greedy                       # a quick look
    python benchmarks/sagrada_deals.py --table                            # the table only
    python benchmarks/sagrada_deals.py --ladder                           # and the ladder

Deal ``i`` of difficulty ``d`` is the game seeded ``1000 * d + i`` on the difficulty's designed
windows in turn (3 tools, orders drawn by the seed), so every bot meets the same windows, orders,
tools and first cards. Each finished deal is appended to ``data/sagrada_deals.jsonl`` beside this
file, and a run skips the deals already there: a long measurement can stop and go on later
(the deals, the table and the ladder: ``stainedglass.sagrada.deals``).
``--ladder`` makes Sagrada's ladder from those deals (the bots named, or every bot that
played, each on the first ``n`` deals of each difficulty it played):
``stainedglass/sagrada/ladder.json`` and its part of STRENGTH.md; with ``--table`` it plays
nothing first. ``--data`` keeps a trial's deals in a file of its own.
Not run by ``make bench``: 400 deals at 1 s a move take about two hours on one core.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys

from stainedglass.ai.ladder import ladder_path
from stainedglass.ai.ladder_report import write_section
from stainedglass.sagrada.deals import ladder, play_deals, report_part, table

HERE = pathlib.Path(__file__).parent
DATA = HERE / "data" / "sagrada_deals.jsonl"
STRENGTH = HERE / "STRENGTH.md"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bots", nargs="*", help="bot specs, e.g. mcts:budget=1")
    parser.add_argument("-n", type=int, default=100, help="deals a difficulty (default 100)")
    parser.add_argument("--jobs", type=int, default=None, help="processes (default: every core)")
    parser.add_argument("--table", action="store_true", help="print the table and stop")
    parser.add_argument(
        "--data",
        type=pathlib.Path,
        default=DATA,
        help="where the deals are kept (default: data/sagrada_deals.jsonl; another file for a trial)",
    )
    parser.add_argument(
        "--ladder",
        action="store_true",
        help="write Sagrada's ladder from the deals played (data and STRENGTH.md)",
    )
    args = parser.parse_args(argv)

    def progress(k: int, total: int) -> None:
        print(f"\r{k}/{total} deals", end="", file=sys.stderr, flush=True)

    rows = play_deals(args.data, [] if args.table else args.bots, args.n, args.jobs, progress)
    if not args.table:
        print(file=sys.stderr)
    print(table(rows, args.n, args.bots or None))
    if args.ladder:
        lad = ladder(rows, args.n, args.bots or None)
        ladder_path("sagrada").write_text(json.dumps(lad.to_dict(), indent=1) + "\n")
        write_section(STRENGTH, {"sagrada": report_part(lad, rows, args.n)})
        print(lad)
    return 0


if __name__ == "__main__":
    sys.exit(main())
