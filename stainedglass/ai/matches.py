"""Two bots in games of 2 to 4 players, kept game by game as JSON lines so a long match can stop
and go on.

Each game seats the two bots in one of the ways to share the seats between them (for two
players the two orders; for three, six; for four, fourteen), in turn, so each bot sits in each
seat and in each number of seats equally often (``seatings``); or one bot alone against copies
of the other, in each seat in turn (``lone_seatings``). Game ``i`` is seeded ``i``, or
``first + i`` (seeds no test uses: the figures are not tuned to the tests' games).
``play_match`` appends every finished game to a file of JSON lines, one game a line, and skips
the games already there; ``done`` reads them back.

The figure is the first bot's lead (``lead``): per game, its mean result per seat less the
second bot's (a win is 1, a draw shared), averaged over the games, with a 95% interval from
their spread. With two players that is twice its share of the points less one: a share of 60%
is a lead of 0.20. ``table`` shows every match of a file as Markdown.

>>> seatings(3)
[(0, 0, 1), (1, 1, 0), (0, 1, 0), (1, 0, 1), (0, 1, 1), (1, 0, 0)]
>>> key("coloring", 3, "alphabeta:budget=1", "mcts:budget=1")
'coloring, 3 players: alphabeta:budget=1 against mcts:budget=1'
"""

from __future__ import annotations

import itertools
import json
import math
import pathlib
from collections.abc import Callable
from concurrent.futures import as_completed
from typing import Any

from ..processes import process_pool
from .tournament import GameTask, checked_entries, play_game

__all__ = [
    "Row",
    "Rows",
    "done",
    "key",
    "lead",
    "lone_seatings",
    "play",
    "play_match",
    "seatings",
    "table",
]

Row = dict[str, Any]
"""One game of a match as kept: ``match`` (its ``key``), ``game`` (its number), ``seed``,
``seating`` (which bot, 0 or 1, sat in each seat), and per seat ``returns``, ``scores``,
``seconds`` spent thinking and ``moves`` made."""
Rows = dict[tuple[str, int], Row]
"""The games kept, by (match, game number)."""


def seatings(players: int) -> list[tuple[int, ...]]:
    """Which bot (0 or 1) sits in each seat: every way with both bots at the table, ordered so
    that consecutive blocks are balanced between the two bots.

    >>> seatings(2)
    [(0, 1), (1, 0)]
    """
    ways = [w for w in itertools.product((0, 1), repeat=players) if 0 in w and 1 in w]
    ways.sort(key=lambda w: (abs(w.count(0) - w.count(1)), w))
    out: list[tuple[int, ...]] = []
    for w in ways:  # each seating next to its mirror image (the bots' seats swapped)
        mirror = tuple(1 - b for b in w)
        if w not in out:
            out += [w, mirror]
    return out


def lone_seatings(players: int) -> list[tuple[int, ...]]:
    """Bot 0 alone against copies of bot 1, in each seat in turn.

    >>> lone_seatings(3)
    [(0, 1, 1), (1, 0, 1), (1, 1, 0)]
    """
    return [tuple(0 if s == seat else 1 for s in range(players)) for seat in range(players)]


def key(game: str, players: int, a: str, b: str, first: int = 0, lone: bool = False) -> str:
    """The name a match is kept under: the game, the number of players and the two bots (with
    ``lone``, ``a`` alone against copies of ``b``), and the first game's seed when not 0.

    >>> key("walls_of_light", 3, "walls_of_light:budget=0.5", "greedy", 100_000, lone=True)
    'walls_of_light, 3 players: walls_of_light:budget=0.5 against 2 greedy, seeds from 100000'
    """
    against = f"{players - 1} {b}" if lone else b
    seeds = f", seeds from {first}" if first else ""
    return f"{game}, {players} players: {a} against {against}{seeds}"


def play(
    game: str, players: int, a: str, b: str, i: int, first: int = 0, lone: bool = False
) -> Row:
    """Game ``i`` of the match of ``a`` against ``b`` (seeded ``first + i``): its seating,
    results and scores."""
    ways = lone_seatings(players) if lone else seatings(players)
    seating = ways[i % len(ways)]
    bots = tuple(a if s == 0 else b for s in seating)
    task = GameTask(game, {"players": players}, bots, seating, first + i)
    result = play_game(task)
    if result.forfeit is not None:  # the package's bots do not forfeit: a bug, never a result
        raise RuntimeError(f"{key(game, players, a, b, first, lone)}: {result.forfeit}")
    return {
        "match": key(game, players, a, b, first, lone),
        "game": i,
        "seed": first + i,
        "seating": list(seating),
        "returns": result.returns,
        "scores": result.scores,
        "seconds": [round(s, 3) for s in result.seconds],
        "moves": result.moves,
    }


def done(path: pathlib.Path) -> Rows:
    """The games kept in ``path`` (none when it does not exist yet)."""
    out: Rows = {}
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                out[(row["match"], row["game"])] = row
    return out


def play_match(
    path: pathlib.Path,
    game: str,
    players: int,
    a: str,
    b: str,
    n: int,
    jobs: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    first: int = 0,
    lone: bool = False,
) -> Rows:
    """Play the first ``n`` games of ``a`` against ``b`` that ``path`` does not hold yet, on
    ``jobs`` processes (default: every core), appending each to ``path`` as it ends; returns
    every game kept there. ``progress(done, total)`` is called after each game. Game ``i`` is
    seeded ``first + i``; with ``lone``, ``a`` sits alone against copies of ``b``."""
    if not 2 <= players <= 4:
        raise ValueError(f"a match is of 2 to 4 players, not {players}")
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first <= 10**9:
        raise ValueError(f"the first seed is a whole number 0 to 10**9, not {first!r}")
    checked_entries(game, [a, b])  # a bad bot is refused here, in words, before any game is played
    rows = done(path)
    match = key(game, players, a, b, first, lone)
    todo = [i for i in range(n) if (match, i) not in rows]
    if not todo:
        return rows
    with process_pool(jobs) as pool, path.open("a") as out:
        futures = [pool.submit(play, game, players, a, b, i, first, lone) for i in todo]
        for k, future in enumerate(as_completed(futures), 1):
            row = future.result()
            out.write(json.dumps(row) + "\n")
            out.flush()
            rows[(row["match"], row["game"])] = row
            if progress is not None:
                progress(k, len(todo))
    return rows


def lead(rows: list[Row]) -> tuple[float, float, float, float]:
    """The first bot's lead (mean result per seat less the second's) with its 95% interval,
    and its share of the points per seat.

    >>> lead([{"seating": [0, 1], "returns": [1.0, 0.0]}])
    (1.0, -inf, inf, 1.0)
    """
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


def table(rows: Rows) -> str:
    """Every match kept, as a Markdown table: its games, the first bot's lead with its
    interval, its result a seat, each bot's average points a seat and seconds a move."""
    lines = [
        "| match | games | first bot's lead (95% interval) | its result a seat | "
        "average points a seat | s/move |",
        "|---|---|---|---|---|---|",
    ]
    for match in sorted({k[0] for k in rows}):
        mine = [r for (m, _), r in sorted(rows.items()) if m == match]
        est, low, high, share = lead(mine)
        pts: list[list[float]] = [[], []]
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
