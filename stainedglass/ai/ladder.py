"""A strength ladder for each game: every bot at several budgets, rated from its matches.

Two-sided games (Cathedral; Walls of Light and Coloring played by two) are played as
seat-alternating matches between neighbours on the ladder: each search against itself at the
next budget, the searches against each other at equal budgets, and the greedy bot against each
search at the smallest. From all the games, Bradley-Terry ratings on the Elo scale (the greedy
bot at 0; 95% intervals by resampling the games of each pairing) and, for each entry, its
average score margin (its score minus its opponent's; for Cathedral, fewer unplaced squares is
the better side, so the margin is the opponent's minus its own). Sagrada is solo: each entry
plays the same deals on windows of each difficulty, and its ladder is the share won per
difficulty.

The ladders ship as data (``ladder.json`` in each game's folder: :func:`ladder_path`), read by the AI lab and
by the test that checks each game's hint search (``facts.hint_bot``) is its ladder's strongest
within a hint's budget. ``python -m stainedglass ladder GAME`` makes one again (``--scheduler``
runs it on a Dask cluster).

>>> import stainedglass as sg
>>> lad = shipped("cathedral")
>>> lad.game, lad.strongest(1.0) == sg.load("cathedral").facts.hint_bot
('cathedral', True)
"""

from __future__ import annotations

import inspect
import json
import math
import pathlib
import random
from dataclasses import asdict, dataclass, field
from typing import Any
from collections.abc import Callable, Sequence

from ..core import Game, games, load
from .bots import BOTS, bot_class, bot_names
from .tournament import check_opening_plies, parse_bot, tournament, wilson

__all__ = [
    "Ladder",
    "Rung",
    "ladder",
    "entries_for",
    "ladder_game",
    "place",
    "ratings",
    "shipped",
    "SEARCHES",
    "HINT_S",
]

SEARCHES = ("mcts", "alphabeta")
"""The bots that search in every game (with a time budget); the games' own join them."""
BUDGETS = (0.1, 0.3, 1.0, 3.0, 10.0)
"""Seconds a move on the full ladder."""
BOOTSTRAP = 200
"""Resamplings of the games for the rating intervals."""
HINT_S = 1.0
"""A hint's budget: the hint search is the strongest rung thinking at most this long a move."""


@dataclass(frozen=True)
class Rung:
    """One entry of a ladder: ``bot`` (a spec such as ``"mcts:budget=1.0"``), its ``rating``
    (Elo scale; for Sagrada, the share of games won) with its 95% interval, games played,
    average score margin and seconds a move; for Sagrada, ``by_difficulty`` maps each window
    difficulty to the share won there."""

    bot: str
    rating: float
    low: float
    high: float
    games: int
    margin: float
    sec_per_move: float
    by_difficulty: dict[str, float] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return parse_bot(self.bot)[0]

    @property
    def budget(self) -> float:
        """Seconds a move (0 for a bot that does not search)."""
        return float(parse_bot(self.bot)[1].get("budget", 0.0))


@dataclass
class Ladder:
    """A game's ladder, strongest first (see the module)."""

    game: str
    unit: str  # "Elo" or "share won"
    rungs: list[Rung]
    games_per_pairing: int
    pairings: list[dict[str, Any]] = field(default_factory=list)
    opening_plies: int = 0  # each pair of games began with this many random moves

    def strongest(self, within_s: float) -> str:
        """The bot name of the highest rung that thinks at most ``within_s`` seconds a move."""
        fit = [r for r in self.rungs if r.budget <= within_s + 1e-9]
        if not fit:
            raise ValueError(f"{self.game}: no rung of the ladder answers within {within_s} s")
        return max(fit, key=lambda r: r.rating).name

    def lines(self) -> dict[str, list[Rung]]:
        """Each search's rungs, shortest budget first (a bot that does not search has none).

        >>> [r.budget for r in shipped("cathedral").lines()["cathedral"]]
        [0.1, 0.3, 1.0]
        """
        out: dict[str, list[Rung]] = {}
        for r in sorted(self.rungs, key=lambda r: r.budget):
            if r.budget > 0:
                out.setdefault(r.name, []).append(r)
        return out

    def falls(self) -> dict[str, bool]:
        """The searches whose rating drops from a budget to a longer one, each with whether a
        drop lies beyond the doubt (the two rungs' 95% intervals apart); a rising line is
        not listed.

        >>> lad = Ladder("g", "Elo", [Rung("s:budget=0.1", 50, 0, 100, 20, 0, 0.1),
        ...     Rung("s:budget=1", 40, -10, 90, 20, 0, 1), Rung("t:budget=0.1", 0, -5, 5, 20,
        ...     0, 0.1), Rung("t:budget=1", 90, 80, 100, 20, 0, 1)], 20)
        >>> lad.falls()
        {'s': False}
        """
        out: dict[str, bool] = {}
        for name, line in self.lines().items():
            drops = [
                (a, b) for i, a in enumerate(line) for b in line[i + 1 :] if b.rating < a.rating
            ]
            if drops:
                out[name] = any(b.high < a.low for a, b in drops)
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "unit": self.unit,
            "games_per_pairing": self.games_per_pairing,
            "rungs": [asdict(r) for r in self.rungs],
            "pairings": self.pairings,
            "opening_plies": self.opening_plies,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Ladder:
        return cls(
            data["game"],
            data["unit"],
            [Rung(**r) for r in data["rungs"]],
            data["games_per_pairing"],
            data.get("pairings", []),
            data.get("opening_plies", 0),
        )

    def __str__(self) -> str:
        elo = self.unit == "Elo"
        lines = [
            f"ladder: {self.game} ({self.games_per_pairing} games a pairing)",
            f"{'bot':<30} {'rating' if elo else 'won':>7} {'95% CI':>15} {'games':>6} "
            f"{'margin':>7} {'s/move':>7}",
        ]
        for r in self.rungs:
            value = f"{r.rating:7.0f}" if elo else f"{r.rating:7.1%}"
            ci = f"{r.low:6.0f} to {r.high:<6.0f}" if elo else f"{r.low:6.1%}-{r.high:<6.1%}"
            margin = f"{r.margin:>7.1f}" if elo else f"{'-':>7}"  # solo: no opponent
            lines.append(
                f"{r.bot:<30} {value} {ci:>15} {r.games:>6} {margin} {r.sec_per_move:>7.3f}"
            )
            if r.by_difficulty:
                lines.append(
                    " " * 32
                    + "by difficulty: "
                    + ", ".join(f"{d}: {v:.0%}" for d, v in sorted(r.by_difficulty.items()))
                )
        return "\n".join(lines)


def ladder_path(game: str) -> pathlib.Path:
    """Where ``game``'s ladder ships: ``ladder.json`` in the game's own folder (beside the
    module that defines its :class:`~stainedglass.core.Game`)."""
    return pathlib.Path(inspect.getfile(type(load(game)))).with_name("ladder.json")


def shipped(game: str) -> Ladder:
    """The ladder that ships with the package for ``game``."""
    path = ladder_path(game) if game in games() else None
    if path is None or not path.exists():
        raise ValueError(
            f"no shipped ladder for {game!r}; the games with one are: "
            + ", ".join(g for g in games() if ladder_path(g).exists())
        )
    return Ladder.from_dict(json.loads(path.read_text()))


def _table(g: Game) -> dict[str, int]:
    """The options of the table a ladder is played at: two players where the game takes a
    number of players, none otherwise."""
    return {"players": 2} if "players" in type(g).options else {}


def ladder_game(game: str) -> Game:
    """``game`` at the table size its ladder is played at (so its ``hint_bot`` is the one the
    ladder should put on top).

    >>> ladder_game("walls_of_light").num_players, ladder_game("cathedral").num_players
    (2, 2)
    """
    return load(game, **_table(load(game)))


def entries_for(
    game: str, budgets: tuple[float, ...] = BUDGETS, searches: Sequence[str] | None = None
) -> list[str]:
    """The ladder's entries for ``game``: greedy, then each search at each budget (alpha-beta
    only where it is exact: two players, no chance, nothing hidden); ``searches`` keeps only
    those it names.

    >>> entries_for("walls_of_light", (0.1, 1), searches=["walls_of_light"])
    ['greedy', 'walls_of_light:budget=0.1', 'walls_of_light:budget=1']
    """
    g = load(game)
    duel = g.facts.max_players >= 2 and not g.facts.chance and not g.facts.hidden_information
    names = [b for b in SEARCHES if b != "alphabeta" or duel]
    names += [  # the game's own, and bots registered for it that think to a time budget
        b for b in bot_names(game, extras=False) if b not in BOTS and bot_class(b).timed
    ]
    if searches is not None:
        unknown = [s for s in searches if s not in names]
        if unknown or not searches:
            raise ValueError(
                f"searches: {game}'s ladder has {', '.join(names)}, not "
                f"{', '.join(map(repr, unknown)) or 'none'}"
            )
        names = [b for b in names if b in searches]
    return ["greedy"] + [f"{b}:budget={s:g}" for b in names for s in budgets]


def _pairings(entries: list[str]) -> list[tuple[str, str]]:
    """Neighbours on the ladder: a search against itself at the next budget, searches against
    each other at equal budgets, greedy against each search at its smallest budget."""
    by_bot: dict[str, list[str]] = {}
    for e in entries[1:]:
        by_bot.setdefault(parse_bot(e)[0], []).append(e)
    out = []
    for specs in by_bot.values():
        out += [(a, b) for a, b in zip(specs, specs[1:])]
        out.append((entries[0], specs[0]))
    names = list(by_bot)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            out += [(x, y) for x, y in zip(by_bot[a], by_bot[b])]
    return out


def ratings(
    games: list[tuple[int, int, float]], n: int, anchor: int = 0, iterations: int = 500
) -> list[float]:
    """Bradley-Terry ratings (Elo scale, ``anchor`` at 0) of ``n`` entries from games
    ``(a, b, points of a)`` (a draw is 0.5), by the minorisation-maximisation iteration, each
    entry given one virtual draw against an average one (so a clean sweep stays finite).

    >>> r = ratings([(0, 1, 1.0)] * 3 + [(0, 1, 0.0)], 2)
    >>> r[0], round(r[1])
    (0.0, -165)
    """
    wins = [0.5] * n  # the virtual draws
    meet: dict[tuple[int, int], int] = {}
    for a, b, pa in games:
        wins[a] += pa
        wins[b] += 1 - pa
        key = (min(a, b), max(a, b))
        meet[key] = meet.get(key, 0) + 1
    strength = [1.0] * n
    for _ in range(iterations):
        new = []
        for i in range(n):
            denom = 1.0 / (strength[i] + 1.0)  # the virtual opponent, strength 1
            for (a, b), k in meet.items():
                if i in (a, b):
                    j = b if i == a else a
                    denom += k / (strength[i] + strength[j])
            new.append(wins[i] / denom)
        scale = math.exp(sum(math.log(s) for s in new) / n)
        change = max(abs(math.log(x / scale) - math.log(y)) for x, y in zip(new, strength))
        strength = [x / scale for x in new]
        if change < 1e-9:
            break
    base = math.log10(strength[anchor])
    return [400.0 * (math.log10(s) - base) for s in strength]


def rated(
    groups: list[list[tuple[int, int, float]]], n: int, seed: int = 0, anchor: int = 0
) -> list[tuple[float, float, float]]:
    """Each of ``n`` entries' rating (Bradley-Terry, Elo scale, ``anchor`` at 0) from games
    ``(a, b, points of a)`` in ``groups`` (a pairing's games each), with its 95% interval: a
    bootstrap that draws each group's games again, ``BOOTSTRAP`` times (seeded), from the
    group's games and one draw between each pair that meets in it. The draw keeps a clean
    sweep's interval open: two games won 2-0 say little, where drawing only the games played
    would give every draw the same result and an interval of no width.

    >>> (a, _, _), (b, low, high) = rated([[(0, 1, 1.0)] * 3 + [(0, 1, 0.0)]], 2)
    >>> round(a), round(b), low <= b <= high
    (0, -165, True)
    """
    played = [g for group in groups for g in group]
    best = ratings(played, n, anchor=anchor)
    rng = random.Random(seed)
    pools = [
        group + [(a, b, 0.5) for a, b in dict.fromkeys((min(a, b), max(a, b)) for a, b, _ in group)]
        for group in groups
    ]  # (a pair met from either seat is one pair: one draw)
    samples = []
    for _ in range(BOOTSTRAP):
        again = [rng.choice(pool) for group, pool in zip(groups, pools) for _ in group]
        samples.append(ratings(again, n, anchor=anchor, iterations=200))
    out = []
    for i in range(n):
        values = sorted(s[i] for s in samples)
        out.append(
            (best[i], values[int(0.025 * len(values))], values[int(0.975 * len(values)) - 1])
        )
    return out


def place(lad: Ladder, games: list[tuple[str, float]], seed: int = 0) -> tuple[float, float, float]:
    """Where a new bot stands on ``lad`` (a two-sided game's, on the Elo scale): its rating
    from its ``games`` against the ladder's rungs, each ``(rung's bot, points the new bot
    scored)`` (1 a win, a draw 0.5), with the rungs' ratings held as they are and one virtual
    draw against their average (so a clean sweep stays finite); and its 95% interval, from
    ``BOOTSTRAP`` resamplings of the games (seeded), drawn from the games and one draw against
    each rung met.

    >>> lad = Ladder("cathedral", "Elo", [Rung("greedy", 0, -20, 20, 40, 0, 0),
    ...                                   Rung("mcts:budget=1", 400, 350, 450, 40, 0, 0)], 20)
    >>> rating, low, high = place(lad, [("greedy", 1.0), ("greedy", 1.0), ("mcts:budget=1", 0.0)])
    >>> 0 < rating < 400 and low <= rating <= high
    True
    """
    if lad.unit != "Elo":
        raise ValueError(f"{lad.game}: a bot is placed on a ladder of ratings, not of {lad.unit}")
    ratings = {r.bot: r.rating for r in lad.rungs}
    unknown = [b for b, _ in games if b not in ratings]
    if unknown:
        raise ValueError(
            f"{unknown[0]!r} is not on {lad.game}'s ladder; its rungs are: " + ", ".join(ratings)
        )
    if not games:
        raise ValueError("place a bot from its games against the ladder's rungs: none given")
    played = [(ratings[b], float(points)) for b, points in games]
    centre = sum(r for r, _ in played) / len(played)
    best = _fit(played, centre)
    rng = random.Random(seed)
    # the games drawn again, from them and one draw against each rung met (as ``rated`` does:
    # two games won 2-0 say little, and their interval stays open)
    pool = played + [(r, 0.5) for r in dict.fromkeys(r for r, _ in played)]
    samples = sorted(_fit([rng.choice(pool) for _ in played], centre) for _ in range(BOOTSTRAP))
    return best, samples[int(0.025 * BOOTSTRAP)], samples[int(0.975 * BOOTSTRAP) - 1]


def _fit(played: list[tuple[float, float]], centre: float) -> float:
    """The rating whose expected points against opponents rated ``played[i][0]`` add up to
    the points scored, with a virtual draw against ``centre`` (bisection: the expectation
    grows with the rating)."""
    games = [*played, (centre, 0.5)]
    points = sum(p for _, p in games)
    low, high = -4000.0, 4000.0
    for _ in range(60):
        mid = (low + high) / 2
        expected = sum(1.0 / (1.0 + 10 ** ((r - mid) / 400.0)) for r, _ in games)
        if expected < points:
            low = mid
        else:
            high = mid
    return round((low + high) / 2, 1)


def ladder(
    game: str,
    budgets: tuple[float, ...] = BUDGETS,
    games: int = 20,
    jobs: int | None = None,
    seed: int = 0,
    executor: Any = None,
    progress: Callable[[int, int], None] | None = None,
    entries: list[str] | None = None,
    opening_plies: int = 0,
    settle: int = 0,
    searches: Sequence[str] | None = None,
) -> Ladder:
    """Make ``game``'s ladder: ``games`` seat-alternating games a pairing (Sagrada: a
    difficulty), on ``jobs`` processes or a Dask ``executor`` (see ``tournament``).
    ``opening_plies`` (games without chance): each pair of games starts from that many random
    moves, played once from each seat, so that searches which would repeat one game from the
    usual start play different games (two near-deterministic searches from the same start may
    play two or three games, each many times). ``settle`` (two-sided games): when the two
    highest rungs within a hint's second (``HINT_S``) have overlapping intervals, so that the
    ladder cannot say which search the hints should use, they play that many more games
    against each other and the ratings are fitted again with them. ``searches`` rates only
    those searches, with greedy (``entries_for``)."""
    if isinstance(games, bool) or not isinstance(games, int) or not 2 <= games <= 10_000:
        raise ValueError(f"games must be a whole number 2 to 10,000, not {games!r}")
    if isinstance(settle, bool) or not isinstance(settle, int) or not 0 <= settle <= 10_000:
        raise ValueError(f"settle must be a whole number of games 0 to 10,000, not {settle!r}")
    if not budgets or any(
        isinstance(b, bool) or not isinstance(b, (int, float)) or not 0 < b <= 600 for b in budgets
    ):
        raise ValueError(f"budgets must be seconds above 0 (at most 600), not {budgets!r}")
    entries = entries or entries_for(game, tuple(sorted(budgets)), searches)
    g = load(game)
    check_opening_plies(g, opening_plies)  # at once, for the solo game too
    if g.facts.max_players == 1:
        return _solo(game, entries, games, jobs, seed, executor, progress)
    options = _table(g)
    pairs = _pairings(entries)
    index = {e: i for i, e in enumerate(entries)}
    groups: list[list[tuple[int, int, float]]] = []  # each match's games (a, b, points of a)
    margins: dict[int, list[float]] = {i: [] for i in range(len(entries))}
    seconds: dict[int, list[float]] = {i: [] for i in range(len(entries))}
    pairings = []
    sign = -1.0 if g.facts.lower_is_better else 1.0
    total = len(pairs) * games

    def match(a: str, b: str, n: int, k: int, done: int) -> dict[str, Any]:
        """Play ``n`` games of ``a`` against ``b`` (seeds from ``k``), recorded as a group."""

        def tick(d: int, t: int) -> None:
            if progress:
                progress(done + d, total)

        table = tournament(
            game,
            [a, b],
            n=n,
            jobs=jobs,
            seed=seed + 1000 * k,
            options=options,
            executor=executor,
            progress=tick,
            opening_plies=opening_plies,
        )
        points = 0.0
        group = []
        for r in table.results:
            seat_a = r.task.entries.index(0)
            seat_b = 1 - seat_a
            pa = r.returns[seat_a]
            points += pa
            group.append((index[a], index[b], pa))
            diff = sign * (r.scores[seat_a] - r.scores[seat_b])
            margins[index[a]].append(diff)
            margins[index[b]].append(-diff)
            for who, seat in ((index[a], seat_a), (index[b], seat_b)):
                if r.moves[seat]:
                    seconds[who].append(r.seconds[seat] / r.moves[seat])
        groups.append(group)
        return {"a": a, "b": b, "games": n, "a_points": points}

    for k, (a, b) in enumerate(pairs):
        pairings.append(match(a, b, games, k, k * games))
    rungs = _rungs(entries, groups, margins, seconds, seed)
    top = [r for r in rungs if r.budget <= HINT_S + 1e-9][:2]
    if settle and len(top) == 2 and top[1].high >= top[0].low:
        total += settle
        extra = match(top[0].bot, top[1].bot, settle, len(pairs), len(pairs) * games)
        pairings.append({**extra, "settle": True})
        rungs = _rungs(entries, groups, margins, seconds, seed)
    return Ladder(game, "Elo", rungs, games, pairings, opening_plies)


def _rungs(
    entries: list[str],
    groups: list[list[tuple[int, int, float]]],
    margins: dict[int, list[float]],
    seconds: dict[int, list[float]],
    seed: int,
) -> list[Rung]:
    """The ladder's rungs, strongest first, from each match's games."""
    rungs = []
    for i, (e, (rating, low, high)) in enumerate(zip(entries, rated(groups, len(entries), seed))):
        rungs.append(
            Rung(
                e,
                round(rating, 1),
                round(low, 1),
                round(high, 1),
                len(margins[i]),
                round(_mean(margins[i]), 2),
                round(_mean(seconds[i]), 4),
            )
        )
    rungs.sort(key=lambda r: -r.rating)
    return rungs


def _solo(
    game: str,
    entries: list[str],
    games: int,
    jobs: int | None,
    seed: int,
    executor: Any,
    progress: Callable[[int, int], None] | None,
) -> Ladder:
    """A solo game's ladder: each entry on the same deals at each of the game's levels
    (``Game.ladder_levels``: for Sagrada, its window difficulties)."""
    levels = load(game).ladder_levels()
    total = len(entries) * len(levels) * games
    done = 0
    rungs = []
    for e in entries:
        won = 0.0
        by: dict[str, float] = {}
        secs = []
        for level in levels:
            variants = level.variants
            part = 0.0
            for j, options in enumerate(variants):  # the level's games shared among its setups
                n = games // len(variants) + (j < games % len(variants))
                if not n:
                    continue

                def tick(d: int, t: int, base: int = done) -> None:
                    if progress:
                        progress(base + d, total)

                table = tournament(
                    game,
                    [e],
                    n=n,
                    jobs=jobs,
                    seed=seed + 100 * level.number,
                    options=dict(options),
                    executor=executor,
                    progress=tick,
                )
                done += n
                row = table.rows[0]
                part += row["win_rate"] * n
                secs.append(row["sec_per_move"])
            by[str(level.number)] = round(part / games, 4)
            won += part
        rate = won / (games * len(levels))
        low, high = wilson(won, games * len(levels))
        rungs.append(
            Rung(
                e,
                round(rate, 4),
                round(low, 4),
                round(high, 4),
                games * len(levels),
                0.0,
                round(_mean(secs), 4),
                by,
            )
        )
    rungs.sort(key=lambda r: -r.rating)
    return Ladder(game, "share won", rungs, games)


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0
