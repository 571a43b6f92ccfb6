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
ranks the right way round.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import stainedglass as sg
from stainedglass.ai.tournament import parse_bot, wilson
from stainedglass.cathedral.search import Position, _live

DATA = pathlib.Path(__file__).parent / "data" / "cathedral_proved.json"


def _positions(seed: int, live: tuple[int, int]) -> list[tuple[int, list[str]]]:
    """One game's positions within ``live``: (live squares, the moves leading there)."""
    state = sg.load("cathedral").new_game()
    bots = [
        sg.ai.bot("cathedral", budget=0.3, seed=seed * 16),
        sg.ai.bot("mcts", budget=0.3, seed=seed * 16 + 1),
    ]
    if seed % 2:
        bots.reverse()
    found = []
    while not state.is_terminal():
        if state.cathedral_state != "unplaced":
            squares = _live(Position(state))
            if live[0] <= squares <= live[1]:
                found.append((squares, list(state.history)))
        state.play(bots[state.current_player].choose(state))
    return found


def _state(history: list[str]) -> sg.State:
    """The position after ``history``, from the usual start."""
    state = sg.load("cathedral").new_game()
    for move in history:
        state.play(move)
    return state


def _prove(item: tuple[int, list[str], int]) -> dict[str, Any] | None:
    squares, history, nodes = item
    results = sg.ai.bot("cathedral").prove(_state(history), nodes=nodes)
    if results is None:
        return None
    return {
        "live": squares,
        "history": history,
        "results": {str(m): r for m, r in sorted(results.items(), key=lambda kv: str(kv[0]))},
    }


def make(seed: int, games: int, live: tuple[int, int], nodes: int, jobs: int | None) -> None:
    with ProcessPoolExecutor(jobs) as pool:
        items = [
            (s, h, nodes)
            for found in pool.map(_positions, range(seed, seed + games), [live] * games)
            for s, h in found
        ]
        proved = [p for p in pool.map(_prove, items) if p is not None]
    DATA.write_text(
        json.dumps(
            {
                "made_by": f"make --seed {seed} --games {games} --live {live[0]}-{live[1]} "
                f"--nodes {nodes}",
                "positions": proved,
            },
            indent=1,
        )
        + "\n"
    )
    print(f"{len(proved)} of {len(items)} positions proved, written to {DATA.name}")


def load(path: pathlib.Path = DATA) -> list[dict[str, Any]]:
    """The proved positions, checked: a bad file is a ValueError saying where."""
    try:
        data = json.loads(path.read_text())
        positions = data["positions"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ValueError(f"{path}: not a file of proved positions ({exc})") from None
    for i, p in enumerate(positions):
        if (
            not isinstance(p, dict)
            or not isinstance(p.get("history"), list)
            or not isinstance(p.get("live"), int)
            or not isinstance(p.get("results"), dict)
            or not set(p["results"].values()) <= {-1, 0, 1}
        ):
            raise ValueError(
                f"{path}: position {i} is not a history, its live squares and results -1, 0 or 1"
            )
    return positions


def _judge(item: tuple[str, dict[str, Any], int]) -> tuple[int, int, int]:
    """The bot ``spec`` ranks every move of the position (``analyse``): the result of the
    move it ranks first, and of the pairs of a move that keeps the best result and one that
    gives it away, how many it ranks the right way round (a tie half) and how many there are
    (moves it gives no value count as ranked last)."""
    spec, position, seed = item
    state = _state(position["history"])
    name, options = parse_bot(spec)
    options.setdefault("seed", seed)
    bot = sg.ai.bot(name, **options)
    results = position["results"]
    try:
        ranked = bot.analyse(state)
    except NotImplementedError:  # a bot that only chooses (random, greedy): no ranking
        return int(results[str(bot.choose(state))]), 0, 0
    best = max(results.values())
    value = {str(c.move): c.value for c in ranked}
    floor = min(value.values()) - 1
    keep = [value.get(m, floor) for m, r in results.items() if r == best]
    lose = [value.get(m, floor) for m, r in results.items() if r < best]
    right = sum((k > g) + 0.5 * (k == g) for k in keep for g in lose)
    return int(results[str(ranked[0].move)]), int(2 * right), 2 * len(keep) * len(lose)


def score(specs: list[str], jobs: int | None, only: tuple[int, int] | None = None) -> None:
    positions = [
        p
        for p in load()
        if len(set(p["results"].values())) > 1 and (only is None or only[0] <= p["live"] <= only[1])
    ]
    best = [max(p["results"].values()) for p in positions]
    print(f"{len(positions)} positions where some move gives the result away")
    print(
        f"{'bot':36} {'kept':>5} {'share (95% interval)':>22} {'lost':>5} "
        f"{'pairs ranked right':>19}"
    )
    with ProcessPoolExecutor(jobs) as pool:
        for spec in specs:
            got = list(pool.map(_judge, [(spec, p, i) for i, p in enumerate(positions)]))
            kept = sum(g == b for (g, _, _), b in zip(got, best))
            lost = sum(b - g for (g, _, _), b in zip(got, best))
            pairs = sum(n for _, _, n in got)
            right = f"{sum(r for _, r, _ in got) / pairs:.1%}" if pairs else "(does not rank)"
            low, high = wilson(kept, len(positions))
            print(
                f"{spec:36} {kept:5} {kept / len(positions):7.1%} ({low:5.1%}-{high:6.1%}) "
                f"{lost:5} {right:>19}",
                flush=True,
            )


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
        make(args.seed, args.games, args.live, args.nodes, args.jobs)
    else:
        score(args.bots, args.jobs, args.live)
    return 0


if __name__ == "__main__":
    sys.exit(main())
