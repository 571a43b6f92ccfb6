"""Two bots in games of 2 to 4 players, kept game by game so a long match can stop and go on.

    python benchmarks/matches.py walls_of_light mcts:budget=1 mcts:budget=0.1 -n 200
    python benchmarks/matches.py coloring alphabeta:budget=1 mcts:budget=1 --players 3 -n 120
    python benchmarks/matches.py --table                      # every match played so far

Each game seats the two bots in one of the ways to share the seats between them (for two
players the two orders; for three, six; for four, fourteen), in turn, so each bot sits in each
seat and in each number of seats equally often. Game ``i`` is seeded ``i``. Every finished game
is appended to ``data/matches.jsonl`` beside this file, and a run skips the games already there.

The figure is the first bot's lead: per game, its mean result per seat less the second bot's
(a win is 1, a draw shared), averaged over the games, with a 95% interval from their spread.
With two players that is twice its share of the points less one: a share of 60% is a lead of
0.20. Not run by ``make bench``: at one second a move a match takes hours.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import pathlib
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from stainedglass.ai.tournament import GameTask, play_game

DATA = pathlib.Path(__file__).parent / "data" / "matches.jsonl"


def seatings(players: int) -> list[tuple[int, ...]]:
    """Which bot (0 or 1) sits in each seat: every way with both bots at the table, ordered so
    that consecutive blocks are balanced between the two bots."""
    ways = [w for w in itertools.product((0, 1), repeat=players) if 0 in w and 1 in w]
    ways.sort(key=lambda w: (abs(w.count(0) - w.count(1)), w))
    out: list[tuple[int, ...]] = []
    for w in ways:  # each seating next to its mirror image (the bots' seats swapped)
        mirror = tuple(1 - b for b in w)
        if w not in out:
            out += [w, mirror]
    return out


def key(game: str, players: int, a: str, b: str) -> str:
    return f"{game}, {players} players: {a} against {b}"


def play(game: str, players: int, a: str, b: str, i: int) -> dict[str, Any]:
    """Game ``i`` of the match: its seating, results and scores."""
    seating = seatings(players)[i % len(seatings(players))]
    bots = tuple(a if s == 0 else b for s in seating)
    task = GameTask(game, {"players": players}, bots, seating, i)
    result = play_game(task)
    return {
        "match": key(game, players, a, b),
        "game": i,
        "seating": list(seating),
        "returns": result.returns,
        "scores": result.scores,
        "seconds": [round(s, 3) for s in result.seconds],
        "moves": result.moves,
    }


def done(data: pathlib.Path = DATA) -> dict[tuple[str, int], dict[str, Any]]:
    out = {}
    if data.exists():
        for line in data.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                out[(row["match"], row["game"])] = row
    return out


def lead(rows: list[dict[str, Any]]) -> tuple[float, float, float, float]:
    """The first bot's lead (mean result per seat less the second's) with its 95% interval,
    and its share of the points per seat."""
    diffs, shares = [], []
    for r in rows:
        mine = [x for x, s in zip(r["returns"], r["seating"]) if s == 0]
        theirs = [x for x, s in zip(r["returns"], r["seating"]) if s == 1]
        diffs.append(sum(mine) / len(mine) - sum(theirs) / len(theirs))
        shares.append(sum(mine) / len(mine))
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n > 1 else math.inf
    return mean, mean - half, mean + half, sum(shares) / n


def table(rows: dict[tuple[str, int], dict[str, Any]]) -> str:
    lines = [
        "| match | games | first bot's lead (95% interval) | its result a seat | "
        "average points a seat | s/move |",
        "|---|---|---|---|---|---|",
    ]
    for match in sorted({k[0] for k in rows}):
        mine = [r for (m, _), r in sorted(rows.items()) if m == match]
        est, low, high, share = lead(mine)
        pts = [[], []]  # type: list[list[float]]
        secs = [0.0, 0.0]
        moves = [0, 0]
        for r in mine:
            for s, who in enumerate(r["seating"]):
                pts[who].append(r["scores"][s])
                secs[who] += r["seconds"][s]
                moves[who] += r["moves"][s]
        avg = " against ".join(f"{sum(p) / len(p):.1f}" for p in pts)
        speed = " and ".join(f"{secs[w] / max(moves[w], 1):.2f}" for w in (0, 1))
        lines.append(
            f"| {match} | {len(mine)} | {est:+.2f} ({low:+.2f} to {high:+.2f}) | "
            f"{share:.1%} | {avg} | {speed} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?")
    parser.add_argument("bots", nargs="*", help="two bot specs, e.g. mcts:budget=1 greedy")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("-n", type=int, default=100, help="games (default 100)")
    parser.add_argument("--jobs", type=int, default=None, help="processes (default: every core)")
    parser.add_argument("--table", action="store_true", help="print the table and stop")
    parser.add_argument("--data", type=pathlib.Path, default=DATA, help="the file of games")
    args = parser.parse_args(argv)
    rows = done(args.data)
    if not args.table:
        if not args.game or len(args.bots) != 2:
            parser.error("a game and two bots, or --table")
        if not 2 <= args.players <= 4:
            parser.error("--players is 2 to 4")
        a, b = args.bots
        match = key(args.game, args.players, a, b)
        todo = [i for i in range(args.n) if (match, i) not in rows]
        with ProcessPoolExecutor(args.jobs) as pool, args.data.open("a") as out:
            futures = [pool.submit(play, args.game, args.players, a, b, i) for i in todo]
            for k, future in enumerate(as_completed(futures), 1):
                row = future.result()
                out.write(json.dumps(row) + "\n")
                out.flush()
                rows[(row["match"], row["game"])] = row
                print(f"\r{k}/{len(todo)} games", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
