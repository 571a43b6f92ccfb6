"""Cathedral positions with every move's result proved, and how often a bot keeps it.

A match of 100 games from the usual start holds only a few different games, so two bots'
scores differ by 10 points from one block of seeds to the next. This measures one decision at
a time instead: positions from the late middle game, where games are decided, each move's
result (win, draw or loss, both sides at their best) proved by the ``cathedral`` search's
solver (``CathedralSearch.prove``), and how often a bot's move there keeps the best result.

``make`` plays games between ``cathedral:budget=0.3`` and ``mcts:budget=0.3`` (seats
alternating), keeps the positions whose free squares still open to a building (``live``) lie
in a range, and proves them (those not proved within ``nodes`` positions are left out): each
position is kept as the moves that lead to it, with each legal move's result for the side to
move. ``load`` reads such a file back, checked. ``judge`` asks a bot to rank every move of a
position, and ``score`` sums that over the positions where some move gives the result away:
how often the move the bot ranks first keeps the result (with a 95% interval), how many
results those moves gave away (a win to a draw is one, to a loss two), and of the pairs of a
move that keeps the result and one that gives it away, the share it ranks the right way round.

>>> state = state_after(["cathedral e4 d5 e5 f5 e6 e7"])
>>> len(state.history)
1
"""

from __future__ import annotations

import json
import pathlib
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, cast

from ..ai.bots import bot as make_bot
from ..ai.tournament import parse_bot, wilson
from ..core import State, load as load_game
from ..processes import process_pool
from .game import CathedralState
from .search import CathedralSearch, Position, _live

__all__ = [
    "Proved",
    "Score",
    "contested",
    "judge",
    "load",
    "make",
    "positions",
    "prove",
    "score",
    "state_after",
]

Proved = dict[str, Any]
"""One proved position: ``live`` (its free squares still open to a building), ``history``
(the moves from the usual start that lead to it) and ``results`` (each legal move, as text,
to its result for the side to move: 1 a win, 0 a draw, -1 a loss)."""


def state_after(history: Iterable[str]) -> State:
    """The position after ``history``, from the usual start."""
    state = load_game("cathedral").new_game()
    for move in history:
        state.play(move)
    return state


def positions(seed: int, live: tuple[int, int]) -> list[tuple[int, list[str]]]:
    """One game's positions between ``cathedral:budget=0.3`` and ``mcts:budget=0.3`` (the
    first seat the ``cathedral`` search's on even seeds) whose live squares lie within
    ``live``: (live squares, the moves leading there)."""
    state = cast(CathedralState, load_game("cathedral").new_game())
    bots = [
        make_bot("cathedral", budget=0.3, seed=seed * 16),
        make_bot("mcts", budget=0.3, seed=seed * 16 + 1),
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


def prove(squares: int, history: list[str], nodes: int) -> Proved | None:
    """The position after ``history`` proved within ``nodes`` positions (None if not)."""
    results = CathedralSearch().prove(state_after(history), nodes=nodes)
    if results is None:
        return None
    return {
        "live": squares,
        "history": history,
        "results": {str(m): r for m, r in sorted(results.items(), key=lambda kv: str(kv[0]))},
    }


def make(
    seed: int, games: int, live: tuple[int, int], nodes: int, jobs: int | None = None
) -> tuple[dict[str, Any], int]:
    """Play ``games`` games from ``seed`` on, and prove their positions within ``live`` on
    ``jobs`` processes (default: every core): the file's content (``made_by``, the arguments,
    and ``positions``, those proved) and how many positions were tried."""
    with process_pool(jobs) as pool:
        items = [
            found
            for game in pool.map(positions, range(seed, seed + games), [live] * games)
            for found in game
        ]
        tried = pool.map(prove, [s for s, _ in items], [h for _, h in items], [nodes] * len(items))
        proved = [p for p in tried if p is not None]
    made_by = f"make --seed {seed} --games {games} --live {live[0]}-{live[1]} --nodes {nodes}"
    return {"made_by": made_by, "positions": proved}, len(items)


def load(path: pathlib.Path) -> list[Proved]:
    """The proved positions kept in ``path``, checked: a bad file is a ValueError saying
    where."""
    try:
        data = json.loads(path.read_text())
        found = data["positions"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ValueError(f"{path}: not a file of proved positions ({exc})") from None
    if not isinstance(found, list):
        raise ValueError(f"{path}: not a file of proved positions (no list of positions)")
    for i, p in enumerate(found):
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
    return found


def judge(spec: str, position: Proved, seed: int) -> tuple[int, int, int]:
    """The bot ``spec`` ranks every move of the position (``analyse``): the result of the move
    it ranks first, and of the pairs of a move that keeps the best result and one that gives it
    away, twice how many it ranks the right way round (a tie half) and twice how many there are
    (moves it gives no value count as ranked last). A bot that only chooses (random, greedy) is
    judged by its move alone, with no pairs."""
    state = state_after(position["history"])
    name, options = parse_bot(spec)
    options.setdefault("seed", seed)
    bot = make_bot(name, **options)
    results: dict[str, int] = position["results"]
    try:
        ranked = bot.analyse(state)
    except NotImplementedError:  # a bot that only chooses: no ranking
        return int(results[str(bot.choose(state))]), 0, 0
    best = max(results.values())
    value = {str(c.move): c.value for c in ranked}
    floor = min(value.values()) - 1
    keep = [value.get(m, floor) for m, r in results.items() if r == best]
    lose = [value.get(m, floor) for m, r in results.items() if r < best]
    right = sum((k > g) + 0.5 * (k == g) for k in keep for g in lose)
    return int(results[str(ranked[0].move)]), int(2 * right), 2 * len(keep) * len(lose)


@dataclass(frozen=True)
class Score:
    """How a bot did on the positions where some move gives the result away: ``kept`` of
    ``positions`` kept the result, ``lost`` results given away, and ``right`` of ``pairs``
    (both doubled, a tie counting one) ranked the right way round."""

    spec: str
    positions: int
    kept: int
    lost: int
    right: int
    pairs: int

    @property
    def share(self) -> float:
        """The share of the positions where its move kept the result."""
        return self.kept / self.positions if self.positions else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% (Wilson) interval of ``share``."""
        return wilson(self.kept, self.positions)

    @property
    def ranked_right(self) -> float | None:
        """The share of the pairs ranked the right way round (None for a bot that does not
        rank)."""
        return self.right / self.pairs if self.pairs else None


def contested(found: list[Proved], live: tuple[int, int] | None = None) -> list[Proved]:
    """The positions where some move gives the result away (their live squares within
    ``live``, when given)."""
    return [
        p
        for p in found
        if len(set(p["results"].values())) > 1 and (live is None or live[0] <= p["live"] <= live[1])
    ]


def score(
    specs: list[str], found: list[Proved], executor: Executor | None = None
) -> Iterator[Score]:
    """Each bot's ``Score`` on the positions ``found`` (see ``contested``), the positions
    judged on ``executor`` (default: one after another here); position ``i`` seeds the bot
    with ``i``."""
    mapper: Callable[..., Iterator[tuple[int, int, int]]] = (
        executor.map if executor is not None else map
    )
    best = [max(p["results"].values()) for p in found]
    seeds = list(range(len(found)))
    for spec in specs:
        got = list(mapper(judge, [spec] * len(found), found, seeds))
        yield Score(
            spec,
            len(found),
            kept=sum(g == b for (g, _, _), b in zip(got, best)),
            lost=sum(b - g for (g, _, _), b in zip(got, best)),
            right=sum(r for _, r, _ in got),
            pairs=sum(n for _, _, n in got),
        )
