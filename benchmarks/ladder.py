"""The strength ladders of all four games, made by one command.

    python benchmarks/ladder.py                          # budgets 0.1 to 10 s, 20 games a pairing
    python benchmarks/ladder.py --budgets 0.1,0.3,1 -n 10 cathedral
    python benchmarks/ladder.py --scheduler tcp://host:8786   # the games on a Dask cluster
    python benchmarks/ladder.py --opening-plies 2 cathedral  # every pair of games distinct
    python benchmarks/ladder.py --settle 100 cathedral  # 100 more games between the top two

Each game's ladder is written to ``stainedglass/ai/ladders/<game>.json`` (the data the AI lab
and the hint-search test read) and into the "Ladders" section of ``STRENGTH.md``, between its
markers. ``make bench`` runs a short form (``bench_ladder.py``) that writes nothing. Sagrada,
played alone, has no pairings: ``sagrada_deals.py`` plays every bot on the same fixed deals
(``-n`` deals a window difficulty) and makes its ladder from them.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
import textwrap
import time
from typing import Any

import stainedglass as sg
from stainedglass.ai.ladder import DATA, HINT_S, Ladder, entries_for, ladder
from stainedglass.ai.tournament import cluster

STRENGTH = pathlib.Path(__file__).with_name("STRENGTH.md")
START, END = "<!-- ladders: start -->", "<!-- ladders: end -->"


def markdown(lad: Ladder, seconds: float | None) -> str:
    """A ladder as a table for STRENGTH.md."""
    elo = lad.unit == "Elo"
    words = (
        f"{lad.games_per_pairing} games "
        + (
            "a pairing, seats alternating"
            + (
                f", each pair from {lad.opening_plies} random opening moves"
                if lad.opening_plies
                else ""
            )
            + "; Bradley-Terry ratings on the Elo scale, greedy "
            "at 0 (the anchor), 95% intervals by resampling the games"
            if elo
            else "a window difficulty (fewer where a row says so), the same deals for every "
            "bot; the share of games won"
        )
        + (f" ({seconds / 60:.0f} min on this machine)." if seconds is not None else ".")
    )
    for p in lad.pairings:
        if p.get("settle"):
            words += (
                f" The two best within a hint's second had overlapping intervals, so they "
                f"played {p['games']} more games against each other to settle which the "
                f"hints use: {p['a']} took {p['a_points']:g} of the points, {p['b']} "
                f"{p['games'] - p['a_points']:g}; the ratings include them."
            )
    head = f"### {sg.load(lad.game).title}\n\n{textwrap.fill(words, 95)}\n\n"
    if elo:
        rows = [
            "| bot | rating | 95% interval | games | average margin | s/move |",
            "|---|---|---|---|---|---|",
        ]
        rows += [
            f"| {r.bot} | {r.rating:.0f} | {r.low:.0f} to {r.high:.0f} | {r.games} | "
            f"{r.margin:+.1f} | {r.sec_per_move:.2f} |"
            for r in lad.rungs
        ]
    else:
        levels = sorted(lad.rungs[0].by_difficulty)
        rows = [
            "| bot | deals | won | 95% interval | "
            + " | ".join(f"difficulty {d}" for d in levels)
            + " | s/move |",
            "|---" * (5 + len(levels)) + "|",
        ]
        rows += [
            f"| {r.bot} | {r.games} | {r.rating:.0%} | {r.low:.0%}-{r.high:.0%} | "
            + " | ".join(f"{r.by_difficulty[d]:.0%}" for d in levels)
            + f" | {r.sec_per_move:.2f} |"
            for r in lad.rungs
        ]
    best = lad.strongest(HINT_S)
    return (
        head + "\n".join(rows) + f"\n\nStrongest within a hint's second: **{best}** "
        f"(the game's hint search: `{sg.load(lad.game).facts.hint_bot}`).\n"
    )


def write_section(parts: dict[str, str]) -> None:
    """Replace each game's part of the Ladders section (the others stay)."""
    text = STRENGTH.read_text()
    if START not in text:
        text = text.rstrip("\n") + f"\n\n## Ladders\n\n{START}\n{END}\n"
    before, rest = text.split(START, 1)
    inside, after = rest.split(END, 1)
    old: dict[str, str] = {}
    for chunk in inside.split("<!-- game: ")[1:]:
        name, _, body = chunk.partition(" -->\n")
        old[name] = body.strip("\n")
    old.update({k: v.strip("\n") for k, v in parts.items()})
    body = "\n\n".join(f"<!-- game: {k} -->\n{old[k]}" for k in sg.games() if k in old)
    STRENGTH.write_text(f"{before}{START}\n{body}\n{END}{after}")


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
    args = parser.parse_args(argv)
    budgets = tuple(float(b) for b in args.budgets.split(","))
    executor: Any = None
    if args.scheduler:
        executor = cluster(args.scheduler)
    parts = {}
    for game in args.games or sg.games():
        if game == "sagrada":  # solo: every bot on the same fixed deals (sagrada_deals.py)
            import sagrada_deals

            sagrada_deals.main(
                [*entries_for(game, budgets), "-n", str(args.n), "--ladder"]
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
        )
        seconds = time.perf_counter() - start
        print(f"\n{lad}\n", flush=True)
        DATA.mkdir(exist_ok=True)
        (DATA / f"{game}.json").write_text(json.dumps(lad.to_dict(), indent=1) + "\n")
        parts[game] = markdown(lad, seconds)
        write_section(parts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
