"""A game's levels measured: each level against the one below, on counted budgets.

    python benchmarks/levels.py walls_of_light --jobs 1        # every pair, 40 games each
    python benchmarks/levels.py cathedral -n 100 --jobs 1      # 100 games a pair
    python benchmarks/levels.py walls_of_light --players 3 --jobs 1
    python benchmarks/levels.py coloring --pairs 1-3 --jobs 1  # level 1 (against greedy) to 3
    python benchmarks/levels.py cathedral -n 100 --write       # the figures of the kept games

The levels' work and temperature are read from the game's ``levels.json`` (beside its
rules). Each level plays the level below (level 1 plays the greedy bot), 40 games a pair,
seats alternating (rotating at three players), seeds from 600000, through
``stainedglass.ai.matches``: each game kept in ``data/levels.jsonl`` beside this file as it
ends, and a run plays only the games not kept yet. The bots are named by their work and
temperature (``level:work=400,temperature=0.5``), so a level given other settings plays its
pair again. A solo game's levels each play the same fixed deals alone, the figure their share
won.

The figures (each level's share of the points against the one below, its 95% interval from
the games' spread, the games, and its rating chained from the shares: Elo with the greedy bot
at 0; a solo game's share of deals won) go into ``levels.json`` and the game's table in the
"Levels" section of ``STRENGTH.md``; a pair with no kept games under the level's present
settings stays unmeasured, and the ratings above it too.
"""

from __future__ import annotations

import argparse
import json
import math
import pathlib
import sys
from typing import Any

import stainedglass as sg
from stainedglass.ai.levels import LEVELS, levels_path
from stainedglass.ai.matches import Row, done, key, play_match
from stainedglass.ai.tournament import GameTask, play_game, wilson

HERE = pathlib.Path(__file__).parent
DATA = HERE / "data" / "levels.jsonl"
STRENGTH = HERE / "STRENGTH.md"
FIRST = 600_000
"""The first game's seed: seeds no test uses."""
SECTION = "## Levels"


def spec(level: dict[str, Any]) -> str:
    """The bot of a level of the table, named by its settings."""
    return f"level:work={level['work']},temperature={level['temperature']}"


def below(rows: list[dict[str, Any]], k: int) -> str:
    """The opponent of level ``k`` (1 to 8): the level below, or the greedy bot."""
    return "greedy" if k == 1 else spec(rows[k - 2])


def share(games: list[Row]) -> tuple[float, float, float]:
    """The first bot's share of the points a seat against the second's (its points a seat over
    both bots' points a seat, game by game: at two players its result; at three, even is a
    half too), with a 95% interval from the games' spread.

    >>> share([{"seating": [0, 1], "returns": [1.0, 0.0]}, {"seating": [1, 0], "returns": [1.0, 0.0]}])
    (0.5, 0.0, 1.0)
    >>> share([{"seating": [0, 1, 1], "returns": [0.0, 1.0, 0.0]}])[0]
    0.0
    """
    shares = []
    for r in games:
        mine = [x for x, s in zip(r["returns"], r["seating"]) if s == 0]
        theirs = [x for x, s in zip(r["returns"], r["seating"]) if s == 1]
        a, b = sum(mine) / len(mine), sum(theirs) / len(theirs)
        shares.append(a / (a + b) if a + b > 0 else 0.5)
    n = len(shares)
    mean = sum(shares) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in shares) / (n - 1)) if n > 1 else math.inf
    half = 1.96 * sd / math.sqrt(n)
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def elo(s: float, n: int) -> float:
    """A share of the points as an Elo difference (kept within half a game of all or none).

    >>> round(elo(0.64, 40))
    100
    """
    s = min(max(s, 0.5 / n), 1 - 0.5 / n)
    return 400 * math.log10(s / (1 - s))


def pairs(text: str) -> range:
    low, _, high = text.partition("-")
    return range(int(low), int(high or low) + 1)


def solo(game: str, level: dict[str, Any], n: int) -> list[Row]:
    """``n`` fixed deals played alone by the level's bot (kept like a match's games)."""
    rows = done(DATA)
    match = f"{game}, 1 player: {spec(level)}, seeds from {FIRST}"
    path = DATA
    with path.open("a") as out:
        for i in range(n):
            if (match, i) in rows:
                continue
            result = play_game(GameTask(game, {}, (spec(level),), (0,), FIRST + i))
            row = {
                "match": match,
                "game": i,
                "seed": FIRST + i,
                "seating": [0],
                "returns": result.returns,
                "scores": result.scores,
                "seconds": [round(s, 3) for s in result.seconds],
                "moves": result.moves,
            }
            out.write(json.dumps(row) + "\n")
            out.flush()
            rows[(match, i)] = row
            print(f"\r{match}: {i + 1}/{n}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return [r for (m, _), r in sorted(rows.items()) if m == match]


def measure(game: str, players: int, n: int, jobs: int | None, todo: range, play: bool) -> None:
    path = levels_path(game)
    data = json.loads(path.read_text())
    table = next(t for t in data["tables"] if t["players"] == players)
    rows = table["levels"]
    kept = done(DATA)
    rating: float | None = 0.0  # the greedy bot's, where the chain starts
    for k in range(1, LEVELS + 1):
        level = rows[k - 1]
        if players == 1:
            games = solo(game, level, n) if play and k in todo else []
            if not games:
                match = f"{game}, 1 player: {spec(level)}, seeds from {FIRST}"
                games = [r for (m, _), r in sorted(kept.items()) if m == match]
            won = sum(r["returns"][0] >= 1 for r in games)
            level.update(share_below=None, low=None, high=None, games=len(games))
            level["rating"] = round(won / len(games), 4) if games else None
            continue
        a, b = spec(level), below(rows, k)
        if play and k in todo:
            print(f"level {k}: {a} against {b}", file=sys.stderr)

            def progress(i: int, total: int) -> None:
                print(f"\r{i}/{total} games", end="", file=sys.stderr, flush=True)

            kept = play_match(DATA, game, players, a, b, n, jobs, progress, first=FIRST)
            print(file=sys.stderr)
        match = key(game, players, a, b, FIRST)
        games = [r for (m, _), r in sorted(kept.items()) if m == match][:n]
        if not games:
            level.update(share_below=None, low=None, high=None, games=0, rating=None)
            rating = None
            continue
        mean, low, high = share(games)
        rating = None if rating is None else rating + elo(mean, len(games))
        level.update(
            share_below=round(mean, 4),
            low=round(low, 4),
            high=round(high, 4),
            games=len(games),
            rating=None if rating is None else round(rating, 1),
        )
        print(f"level {k}: {mean:.1%} ({low:.1%} to {high:.1%}) of {len(games)}", file=sys.stderr)
    sg.ai.levels.read_levels(data, str(path))  # what is written reads back
    path.write_text(json.dumps(data, indent=1) + "\n")
    write_section(game, players, rows, n)


def write_section(game: str, players: int, rows: list[dict[str, Any]], n: int = 40) -> None:
    """The game's table in STRENGTH.md's "Levels" section, replaced."""
    title = sg.load(game).title
    head = f"### {title}, {players} player{'s' if players > 1 else ''}"
    if players == 1:
        lines = [
            head,
            "",
            "| level | work (MCTS playouts a move) | temperature | deals won (95% interval) |",
            "|---|---|---|---|",
        ]
        for r in rows:
            if r["games"]:
                won = round(r["rating"] * r["games"])
                lo, hi = wilson(won, r["games"])
                figure = f"{r['rating']:.1%} of {r['games']} ({lo:.1%} to {hi:.1%})"
            else:
                figure = "not measured yet"
            lines.append(f"| {r['level']} | {r['work']} | {r['temperature']:g} | {figure} |")
    else:
        lines = [
            head,
            "",
            "| level | work (MCTS playouts a move) | temperature | share of the points "
            "against the level below (95% interval), games | rating |",
            "|---|---|---|---|---|",
        ]
        for r in rows:
            who = "greedy" if r["level"] == 1 else f"level {r['level'] - 1}"
            if r["games"]:
                figure = (
                    f"{r['share_below']:.1%} against {who} ({r['low']:.1%} to {r['high']:.1%}), "
                    f"{r['games']}"
                )
            else:
                figure = f"against {who}: not measured yet"
            rating = "-" if r["rating"] is None else f"{r['rating']:+.0f}"
            lines.append(
                f"| {r['level']} | {r['work']} | {r['temperature']:g} | {figure} | {rating} |"
            )
    extra = f" --players {players}" if players not in (1, 2) else ""
    extra += f" -n {n}" if n != 40 else ""
    lines += ["", "```", f"python benchmarks/levels.py {game}{extra} --jobs 1", "```", ""]
    block = "\n".join(lines)
    text = STRENGTH.read_text()
    if SECTION not in text:
        text = text.rstrip("\n") + "\n\n" + SECTION + "\n\n" + INTRO + "\n"
    start = text.index(SECTION)
    end = text.find("\n## ", start + len(SECTION))
    end = len(text) if end < 0 else end + 1
    section = text[start:end]
    if head + "\n" in section:
        s = section.index(head + "\n")
        e = section.find("\n### ", s + len(head))
        e = len(section) if e < 0 else e + 1
        section = section[:s] + block + section[e:]
    else:
        section = section.rstrip("\n") + "\n\n" + block
    text = text[:start] + section.rstrip("\n") + "\n" + ("\n" + text[end:] if text[end:] else "")
    STRENGTH.write_text(text)


INTRO = """\
The computer's levels, 1 (a beginner's opponent) to 8 (the game's hint search), for a pupil
to play and for "Match me" (`stainedglass/ai/levels.py`). A level is the game's hint search on
a counted budget of work (MCTS playouts a move, in the search's own unit), so it is as strong
on any machine, choosing with a temperature among the moves it weighed as far as its best: 0
plays its best move, more spreads its choice over those moves by their values read as
log-odds. Each level plays the one below, seats alternating (rotating at three players),
seeds from 600000, 40 games a pair (Cathedral's quick games: 100); level 1 plays the greedy
bot. A share is the level's points a seat over both sides' points a seat, game by game, so
even is 50% at any table size. The work and temperature of each level were tuned on other
seeds for a share of 55% to 70% against the level below; forty games leave about 15 points of
doubt either way (a hundred, about 9), so a share just outside that is not told apart from one
inside. The rating is chained from the shares (Elo, the greedy bot at 0), so its doubt grows
level by level. The tables ship with each game (`levels.json` in its folder), the games are
kept in `benchmarks/data/levels.jsonl`."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sg.games())
    parser.add_argument("--players", type=int, default=None, help="default: 2 (1 alone)")
    parser.add_argument("-n", type=int, default=40, help="games a pair (default 40)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--pairs", default=f"1-{LEVELS}", help="levels to play, e.g. 2-5")
    parser.add_argument("--write", action="store_true", help="only write the kept figures")
    args = parser.parse_args(argv)
    g = sg.load(args.game)
    players = args.players or (2 if g.facts.max_players >= 2 else 1)
    measure(args.game, players, args.n, args.jobs, pairs(args.pairs), not args.write)
    return 0


if __name__ == "__main__":
    sys.exit(main())
