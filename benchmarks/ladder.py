"""The strength ladders of all four games, made by one command.

    python benchmarks/ladder.py                          # budgets 0.1 to 10 s, 20 games a pairing
    python benchmarks/ladder.py --budgets 0.1,0.3,1 -n 10 cathedral
    python benchmarks/ladder.py --scheduler tcp://host:8786   # the games on a Dask cluster
    python benchmarks/ladder.py --opening-plies 2 cathedral  # every pair of games distinct
    python benchmarks/ladder.py --settle 100 cathedral  # 100 more games between the top two
    python benchmarks/ladder.py --searches walls_mcts,walls_of_light walls_of_light  # these only

Each game's ladder is written to ``stainedglass/<game>/ladder.json`` (the data the AI lab
and the hint-search test read) and into the "Ladders" section of ``STRENGTH.md``, between its
markers (``stainedglass.ai.ladder_report`` gives the section its form). ``make bench`` runs a
short form (``bench_ladder.py``) that writes nothing. Sagrada, played alone, has no pairings:
``sagrada_deals.py`` plays every bot on the same fixed deals (``-n`` deals a window
difficulty) and makes its ladder from them.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
import time
from typing import Any

import stainedglass as sg
from stainedglass.ai.ladder import entries_for, ladder, ladder_path
from stainedglass.ai.ladder_report import markdown, write_section
from stainedglass.ai.tournament import cluster

STRENGTH = pathlib.Path(__file__).with_name("STRENGTH.md")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="the games (default: all four)")
    parser.add_argument("--budgets", default="0.1,0.3,1,3,10")
    parser.add_argument("-n", type=int, default=20, help="games a pairing (default 20)")
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--scheduler", help="a Dask scheduler's address")
    parser.add_argument(
        "--opening-plies",
        type=int,
        default=0,
        metavar="K",
        help="each pair of games from K random moves (games without chance)",
    )
    parser.add_argument(
        "--settle",
        type=int,
        default=0,
        metavar="N",
        help="N more games between the two best within a second when their "
        "intervals overlap (default 0)",
    )
    parser.add_argument(
        "--searches",
        metavar="A,B",
        help="the searches to rate, with greedy (default: every search of the game)",
    )
    args = parser.parse_args(argv)
    budgets = tuple(float(b) for b in args.budgets.split(","))
    executor: Any = None
    if args.scheduler:
        executor = cluster(args.scheduler)
    searches = args.searches.split(",") if args.searches else None
    parts = {}
    for game in args.games or sg.games():
        if game == "sagrada":  # solo: every bot on the same fixed deals (sagrada_deals.py)
            import sagrada_deals

            sagrada_deals.main(
                [*entries_for(game, budgets, searches), "-n", str(args.n), "--ladder"]
                + (["--jobs", str(args.jobs)] if args.jobs else [])
            )
            continue
        start = time.perf_counter()

        def progress(done: int, total: int, game: str = game) -> None:
            print(f"\r{game}: {done}/{total} games", end="", file=sys.stderr, flush=True)

        plies = 0 if sg.load(game).facts.chance else args.opening_plies
        lad = ladder(
            game,
            budgets,
            games=args.n,
            jobs=args.jobs,
            seed=args.seed,
            executor=executor,
            progress=progress,
            opening_plies=plies,
            settle=args.settle,
            searches=searches,
        )
        seconds = time.perf_counter() - start
        print(f"\n{lad}\n", flush=True)
        ladder_path(game).write_text(json.dumps(lad.to_dict(), indent=1) + "\n")
        parts[game] = markdown(lad, seconds)
        write_section(STRENGTH, parts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
