"""Tournaments: seat-rotated games between bots, win rates with 95% confidence intervals.

Each game is an independent task (:class:`GameTask`, picklable) run by :func:`play_game`, so
any executor with ``submit(fn, task) -> future`` (``future.result()``, ``done()``, ``cancel()``)
can take them: the default is a process pool over the machine's cores; a cluster executor (a
``dask.distributed.Client``, :func:`cluster` makes one from a scheduler's address) can be passed
instead. The same seeds give the same games wherever they are played. A stop flag, or Ctrl-C,
cancels the games not yet played: the table then holds those finished.

>>> import stainedglass as sg
>>> table = sg.ai.tournament("cathedral", ["greedy", "random"], n=2, jobs=1, seed=1)
>>> [row["bot"] for row in table.rows]
['greedy', 'random']
>>> table.rows[0]["games"]
2
"""

from __future__ import annotations

import ast
import math
import os
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable

from ..core import Game, load
from .bots import bot as make_bot
from .search import StopFlag

__all__ = [
    "GameTask",
    "GameResult",
    "Table",
    "cluster",
    "parse_bot",
    "parse_value",
    "play_game",
    "table_of",
    "tournament",
    "wilson",
]


def parse_bot(spec: str) -> tuple[str, dict[str, Any]]:
    """``"mcts:budget=0.5,c=0.3"`` -> ``("mcts", {"budget": 0.5, "c": 0.3})``.

    >>> parse_bot("alphabeta:depth=2")
    ('alphabeta', {'depth': 2})
    """
    name, _, rest = spec.partition(":")
    options: dict[str, Any] = {}
    for item in filter(None, rest.split(",")):
        key, eq, text = item.partition("=")
        if not eq:
            raise ValueError(f"bot {spec!r}: options are key=value, separated by commas")
        options[key.strip()] = parse_value(text.strip())
    return name.strip(), options


def parse_value(text: str) -> Any:
    """A Python literal (``0.5``, ``True``, ``3``; ``true`` and ``false`` too, as people
    write them), else the text itself.

    >>> parse_value("0.5"), parse_value("true"), parse_value("False"), parse_value("uct")
    (0.5, True, False, 'uct')
    """
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text


@dataclass(frozen=True)
class GameTask:
    """One game of a tournament: ``bots[s]`` (a spec) sits in seat ``s``; ``entries[s]`` says
    which tournament entry it is; the ``opening`` moves (text) are played before the bots."""

    game: str
    options: dict[str, Any]
    bots: tuple[str, ...]
    entries: tuple[int, ...]
    seed: int
    opening: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameResult:
    """What a game gave each seat: returns, scores, thinking time and number of moves."""

    task: GameTask
    returns: list[float]
    scores: list[int]
    seconds: list[float]
    moves: list[int]


MAX_PLIES = 100_000
"""A tournament game still running after this many moves is reported as an error."""


def play_game(task: GameTask) -> GameResult:
    """Play one game to the end (chance drawn by the game's own seeded generator)."""
    state = load(task.game, **task.options).new_game(seed=task.seed)
    for text in task.opening:
        state.play(text)
    bots = []
    for seat, spec in enumerate(task.bots):
        name, options = parse_bot(spec)
        options.setdefault("seed", task.seed * 16 + seat)
        bots.append(make_bot(name, **options))
    seconds = [0.0] * state.num_players
    moves = [0] * state.num_players
    while not state.is_terminal():
        if len(state.history) >= MAX_PLIES:  # a game that never ends is a bug: say so, not hang
            raise RuntimeError(
                f"{task.game} (seed {task.seed}, bots {', '.join(task.bots)}) "
                f"did not end within {MAX_PLIES:,} moves"
            )
        if state.is_chance():
            state.play(state.sample_chance())
            continue
        player = state.current_player
        start = time.perf_counter()
        move = bots[player].choose(state)
        seconds[player] += time.perf_counter() - start
        moves[player] += 1
        state.play(move)
    return GameResult(task, state.returns(), state.scores(), seconds, moves)


def wilson(points: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a rate ``points / n``.

    >>> [round(x, 3) for x in wilson(98, 100)]
    [0.93, 0.994]
    """
    if n == 0:
        return 0.0, 1.0
    p = points / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Table:
    """A tournament's results, one row (a dict) per entry: ``bot``, ``games``, ``wins``,
    ``draws``, ``losses``, ``win_rate`` (points per game, a draw sharing the point),
    ``ci_low``/``ci_high`` (95%), ``avg_score`` (the game's ``scores()``), ``sec_per_move``,
    and ``by_seat``: the same counts for each seat it sat in (``seat`` names it, e.g. "Dark":
    in Cathedral the seat decides more games than the bots do)."""

    game: str
    rows: list[dict[str, Any]]
    results: list[GameResult] = field(repr=False, default_factory=list)
    planned: int = 0
    """The games asked for; fewer were played when the tournament was ``stopped``."""
    stopped: bool = False

    def __str__(self) -> str:
        head = (
            f"{'bot':<28} {'games':>5} {'W':>4} {'D':>4} {'L':>4} {'win rate':>9} "
            f"{'95% CI':>15} {'avg score':>9} {'s/move':>8}"
        )
        lines = [f"tournament: {self.game}", head]
        for r in self.rows:
            lines.append(
                f"{r['bot']:<28} {r['games']:>5} {r['wins']:>4} {r['draws']:>4} "
                f"{r['losses']:>4} {r['win_rate']:>9.1%} "
                f"{r['ci_low']:>7.1%}-{r['ci_high']:<7.1%} {r['avg_score']:>9.1f} "
                f"{r['sec_per_move']:>8.3f}"
            )
        seated = [r for r in self.rows if len(r.get("by_seat", ())) > 1]
        if seated:
            lines.append("by seat (won-drawn-lost):")
            for r in seated:
                lines.append(
                    f"  {r['bot']:<26} "
                    + ", ".join(
                        f"as {s['seat']} {s['wins']}-{s['draws']}-{s['losses']}"
                        for s in r["by_seat"]
                    )
                )
        if self.stopped:
            lines.append(f"stopped after {len(self.results)} of {self.planned} games")
        return "\n".join(lines)


def _labels(bots: list[str]) -> list[str]:
    out = []
    for i, spec in enumerate(bots):
        same = bots[:i].count(spec)
        out.append(spec if same == 0 else f"{spec}#{same + 1}")
    return out


def cluster(address: str) -> Any:
    """A Dask ``Client`` of the scheduler at ``address`` (``tcp://host:8786``), to pass as a
    tournament's or a ladder's ``executor``; a ValueError when Dask is not installed or the
    scheduler does not answer. Close it when done (``client.close()``)."""
    try:
        from dask.distributed import Client
    except ImportError:
        raise ValueError(
            "a Dask scheduler needs the cluster extra: pip install 'stainedglass-games[cluster]'"
        ) from None
    try:
        return Client(  # type: ignore[no-untyped-call, unused-ignore]  # Dask has no types
            address, timeout=10
        )
    except (OSError, TimeoutError, ValueError) as e:
        raise ValueError(f"no Dask scheduler answers at {address!r}: {e}") from None


def check_opening_plies(game: Game, plies: Any) -> None:
    """Raise a ValueError unless ``plies`` random opening moves suit ``game``: a whole number
    from 0 to 20, and 0 for a game with chance moves (its games differ already)."""
    if isinstance(plies, bool) or not isinstance(plies, int) or not 0 <= plies <= 20:
        raise ValueError(f"opening_plies must be a whole number from 0 to 20, not {plies!r}")
    if plies and game.facts.chance:
        raise ValueError(
            f"opening_plies: {game.name} has chance moves, so its games differ "
            "already; random openings are for games without chance"
        )


def tournament(
    game: str,
    bots: list[str],
    n: int = 200,
    jobs: int | None = None,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    executor: Any = None,
    progress: Callable[[int, int], None] | None = None,
    stop: StopFlag | None = None,
    on_game: Callable[[GameResult], None] | None = None,
    rotate: bool = True,
    opening_plies: int = 0,
) -> Table:
    """Play ``n`` games of ``game`` between ``bots`` (one spec per seat, e.g. ``"mcts"`` or
    ``"mcts:budget=0.2"``), rotating the seats from game to game (``rotate=False``: each bot
    keeps the seat it is listed in, to measure one seat), and return a :class:`Table`.
    ``opening_plies``: each round of games (as many games as seats) starts from the same
    random moves, that many of them (seeded), so that bots which would play the same game
    again and again play different ones; with the seats rotating, each bot plays each opening
    from every seat (games without chance only).

    Games run on ``jobs`` processes (default: every core; 1 runs them here), or on
    ``executor`` (anything with ``submit(fn, task)`` returning a future with ``result()``).
    Game ``i`` uses seed ``seed + i``. ``options`` go to ``sg.load`` (a game with a
    ``players`` option gets one player per bot). ``progress(done, n)`` is called as each game
    ends, after ``on_game(result)`` (a live table: ``table_of(game, bots, results)``). When ``stop`` is set (a ``threading.Event``), or on Ctrl-C, the games not yet played
    are cancelled and the table holds those finished (``table.stopped``).
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"n must be a whole number of games >= 1, not {n!r}")
    if len(bots) < 1:
        raise ValueError("a tournament needs at least one bot")
    for spec in bots:  # check names and options now, not in a worker
        name, opts = parse_bot(spec)
        make_bot(name, **opts)
    opts = dict(options or {})
    probe = load(game, **opts)
    if "players" in type(probe).options and "players" not in opts:
        opts["players"] = len(bots)
        probe = load(game, **opts)
    if probe.num_players != len(bots):
        raise ValueError(
            f"{game} is played by {probe.num_players} players here: give "
            f"{probe.num_players} bots, not {len(bots)}"
        )
    check_opening_plies(probe, opening_plies)
    k = len(bots)
    tasks = []
    opening: tuple[str, ...] = ()
    for i in range(n):
        entries = tuple((seat + i * rotate) % k for seat in range(k))
        if opening_plies and i % k == 0:  # a new round: its games share this opening
            opening = _opening(probe, opening_plies, seed + i // k)
        tasks.append(
            GameTask(game, opts, tuple(bots[e] for e in entries), entries, seed + i, opening)
        )

    results: list[GameResult] = []
    stopped = False

    def finished(result: GameResult) -> None:
        results.append(result)
        if on_game:
            on_game(result)
        if progress:
            progress(len(results), n)

    if executor is None and (jobs == 1 or n == 1):
        try:
            for task in tasks:
                if stop is not None and stop.is_set():
                    stopped = True
                    break
                finished(play_game(task))
        except KeyboardInterrupt:
            stopped = True
    else:
        own = executor is None
        pool = ProcessPoolExecutor(max_workers=jobs or os.cpu_count()) if own else executor
        # a Dask client names a task by its arguments unless told not to: a tournament played
        # again (or one stopped) must not share, nor cancel, another's games
        extra = {"pure": False} if type(pool).__module__.startswith("distributed") else {}
        futures = [pool.submit(play_game, task, **extra) for task in tasks]
        try:
            stopped = _gather(futures, finished, stop)
        except KeyboardInterrupt:
            stopped = True
        finally:
            for future in futures:
                if not future.done():
                    future.cancel()  # those not started (Dask: not finished) never run
            if own:
                pool.shutdown(wait=not stopped, cancel_futures=True)
    results.sort(key=lambda r: r.task.seed)
    table = table_of(game, bots, results)
    table.planned, table.stopped = n, stopped and len(results) < n
    return table


def _opening(game: Any, plies: int, seed: int) -> tuple[str, ...]:
    """``plies`` random legal moves from the start (fewer if the game ends first), as text."""
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    moves = []
    for _ in range(plies):
        if state.is_terminal():
            break
        move = rng.choice(state.legal_moves())
        state.play(move)
        moves.append(str(move))
    return tuple(moves)


def _gather(
    futures: list[Any], finished: Callable[[GameResult], None], stop: StopFlag | None
) -> bool:
    """Hand each future's result to ``finished`` as it ends (any executor's futures: they
    are polled); True when ``stop`` was set first."""
    pending = list(futures)
    while pending:
        if stop is not None and stop.is_set():
            return True
        still = []
        for future in pending:
            if future.done():
                finished(future.result())
            else:
                still.append(future)
        if len(still) == len(pending):
            time.sleep(0.02)
        pending = still
    return False


def table_of(game: str, bots: list[str], results: list[GameResult]) -> Table:
    """The table of ``results`` (games of a tournament between ``bots``, so far or all)."""
    rows = []
    names = load(game).facts.player_names
    for entry, label in enumerate(_labels(bots)):
        moves = 0
        points = score = seconds = 0.0
        by_seat: dict[int, list[int]] = {}  # seat -> [games, wins, draws, losses]
        for r in results:
            seat = r.task.entries.index(entry)
            value = r.returns[seat]
            points += value
            score += r.scores[seat]
            seconds += r.seconds[seat]
            moves += r.moves[seat]
            counts = by_seat.setdefault(seat, [0, 0, 0, 0])
            counts[0] += 1
            counts[1 if value == 1.0 else 3 if value == 0.0 else 2] += 1  # a draw shares it
        games, wins, draws, losses = (sum(c[j] for c in by_seat.values()) for j in range(4))
        low, high = wilson(points, games)
        rows.append(
            {
                "bot": label,
                "games": games,
                "wins": int(wins),
                "draws": int(draws),
                "losses": int(losses),
                "win_rate": points / games if games else 0.0,
                "ci_low": low,
                "ci_high": high,
                "avg_score": score / games if games else 0.0,
                "sec_per_move": seconds / moves if moves else 0.0,
                "by_seat": [
                    {"seat": names[seat], "games": n, "wins": w, "draws": d, "losses": lost}
                    for seat, (n, w, d, lost) in sorted(by_seat.items())
                ],
            }
        )
    return Table(game, rows, results)
