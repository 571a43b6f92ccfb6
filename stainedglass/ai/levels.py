"""Levels of play: opponents from a beginner's (level 1) to the game's hint search (level 8),
and "Match me", which moves a pupil's opponent up and down the levels.

A level is the game's hint search (``Game.hint_bot``, which depends on the number of players)
given a counted budget of ``work`` (in MCTS playouts: the search's own unit through
``Bot.effort``, as a review counts it) and a ``temperature``. At temperature 0 it plays the
search's best move; above 0 it draws one of the moves the search weighed as far as its best
(as many plies deep, or as many playouts: values found as far are the ones that compare),
each with a weight ``exp(value / temperature)``, so a weaker level still plays moves a search
thought of, never a uniformly random one. The values are the search's own (shares of a win,
or points made into shares), read as log-odds: each game's temperatures are in its own
scale. A search that shares its work unevenly among the moves (MCTS) weighs only its best
that far, and its levels differ by their work alone.

Each game's levels ship as data beside its rules: ``levels.json`` in the game's folder (one
table per number of players it was measured at), with what was measured for each level: the
share of the points it took against the level below (level 1: against the greedy bot) over
the games played, and its rating on the ladder's scale (Elo, the greedy bot at 0), chained
from those shares. ``benchmarks/levels.py`` plays the matches and writes the figures. At a
number of players with no table of its own, a game plays the levels of the table measured at
the fewest players (their figures were measured there, not at this table).

"Match me" (:class:`MatchMe`) is a staircase a teacher can say in one sentence: the level goes
up after the pupil's win and down after their loss, two levels a step in the first three
games and one after, and stays after a draw, always within 1 to 8. Level 1 is weaker than the
greedy bot, so a pupil who plays at least as well as one-move-ahead play settles where they
win about half their games.

Sagrada is played alone: it has no opponent to take points from. Its levels are for the AI
lab, to see how well the computer plays a deal at each budget; their figure is the share of
fixed deals won (the scale of Sagrada's ladder) and "Match me" does not apply to it.

>>> import stainedglass as sg
>>> state = sg.load("cathedral").new_game(seed=1)
>>> move = sg.ai.bot("level", level=3, seed=1).choose(state)
>>> move in state.legal_moves()
True
>>> coach = MatchMe(level=4)
>>> coach.record(1.0), coach.record(0.0), coach.record(0.5)
(6, 4, 4)
"""

from __future__ import annotations

import inspect
import json
import math
import pathlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..catalogue import GAMES
from ..core import Move, State, load
from .bots import bot as make_bot, bot_class, register_bot
from .search import Bot, Candidate

__all__ = [
    "LEVELS",
    "Level",
    "LevelBot",
    "MatchMe",
    "level_words",
    "level_tables",
    "levels",
    "levels_path",
    "read_levels",
]

LEVELS = 8
"""Levels 1 (a beginner's opponent) to 8 (the game's hint search)."""
FILE = "levels.json"
RECENT = 10
"""How many of the latest results "Match me" keeps."""


@dataclass(frozen=True)
class Level:
    """One level of a game: its counted ``work`` (MCTS playouts a move, in the hint search's
    own unit through ``Bot.effort``) and ``temperature``; what was measured: ``share_below``,
    the share of the points it took against the level below (level 1: against the greedy bot;
    a solo game: None), with its 95% interval ``low`` to ``high``, over ``games`` games;
    ``rating`` on the ladder's scale (Elo with the greedy bot at 0; a solo game: the share of
    deals won). Figures not measured yet are None, and ``games`` 0. ``words``: the level for a
    pupil (:func:`level_words`)."""

    number: int
    work: int
    temperature: float
    share_below: float | None
    games: int
    rating: float | None
    words: str
    low: float | None = None
    high: float | None = None


def levels_path(game: str) -> pathlib.Path:
    """Where ``game``'s levels ship: ``levels.json`` in the game's own folder."""
    return pathlib.Path(inspect.getfile(type(load(game)))).with_name(FILE)


def _shipping() -> tuple[str, ...]:
    """The package's games that ship a level table."""
    here = pathlib.Path(__file__).resolve().parents[1]
    return tuple(g for g in GAMES if (here / g / FILE).exists())


def _number(where: str, value: Any, low: float, high: float, whole: bool = False) -> float:
    ok = isinstance(value, int) if whole else isinstance(value, (int, float))
    if isinstance(value, bool) or not ok or not low <= value <= high or value != value:
        kind = "a whole number" if whole else "a number"
        raise ValueError(f"{where}: must be {kind} from {low:g} to {high:g}, not {value!r}")
    return float(value)


def _figure(where: str, value: Any, low: float, high: float) -> float | None:
    return None if value is None else _number(where, value, low, high)


def read_levels(data: Any, where: str = "levels") -> dict[int, list[Level]]:
    """A level table read from its JSON (``levels.json``), checked: a ValueError saying where
    anything is wrong. Returns each table's levels by its number of players.

    >>> read_levels({"game": "x", "tables": [{"players": 2, "levels": []}]})
    Traceback (most recent call last):
    ...
    ValueError: levels: tables[0].levels: must list 8 levels, not 0
    """
    if not isinstance(data, Mapping) or not isinstance(data.get("tables"), list):
        raise ValueError(f"{where}: must be an object with a list of tables")
    if not data["tables"]:
        raise ValueError(f"{where}: tables: must hold at least one table")
    out: dict[int, list[Level]] = {}
    for t, table in enumerate(data["tables"]):
        at = f"{where}: tables[{t}]"
        if not isinstance(table, Mapping):
            raise ValueError(f"{at}: must be an object")
        players = int(_number(f"{at}.players", table.get("players"), 1, 4, whole=True))
        if players in out:
            raise ValueError(f"{at}.players: {players} players has a table already")
        rows = table.get("levels")
        if not isinstance(rows, list) or len(rows) != LEVELS:
            size = len(rows) if isinstance(rows, list) else rows
            raise ValueError(f"{at}.levels: must list {LEVELS} levels, not {size!r}")
        made: list[Level] = []
        for k, row in enumerate(rows):
            here = f"{at}.levels[{k}]"
            if not isinstance(row, Mapping):
                raise ValueError(f"{here}: must be an object")
            if row.get("level") != k + 1:
                raise ValueError(f"{here}.level: must be {k + 1}, not {row.get('level')!r}")
            work = int(_number(f"{here}.work", row.get("work"), 1, 1_000_000, whole=True))
            temperature = _number(f"{here}.temperature", row.get("temperature"), 0, 100)
            games = int(_number(f"{here}.games", row.get("games", 0), 0, 100_000, whole=True))
            share = _figure(f"{here}.share_below", row.get("share_below"), 0, 1)
            low = _figure(f"{here}.low", row.get("low"), 0, 1)
            high = _figure(f"{here}.high", row.get("high"), 0, 1)
            rating = _figure(f"{here}.rating", row.get("rating"), -10_000, 10_000)
            if (games == 0) != (share is None and rating is None) or not (
                (share is None) == (low is None) == (high is None)
            ):
                raise ValueError(
                    f"{here}: a level measured has its games and its share with its interval "
                    "(a solo game's: its rating); one not measured has neither"
                )
            if made and work < made[-1].work:
                raise ValueError(f"{here}.work: less than the level below ({made[-1].work})")
            level = Level(k + 1, work, temperature, share, games, rating, "", low, high)
            made.append(level)
        if made[-1].temperature != 0:
            raise ValueError(f"{at}.levels[{LEVELS - 1}].temperature: level {LEVELS} plays 0")
        out[players] = [Level(**{**vars(lv), "words": _words(lv, players == 1)}) for lv in made]
    return out


def _words(level: Level, solo: bool) -> str:
    """The level in a pupil's words, from its measured figures alone."""
    head = f"Level {level.number}"
    if level.number == LEVELS:
        head += " (the hint search)"
    if solo and level.rating is not None:
        return f"{head} - wins {level.rating:.0%} of its deals"
    if level.share_below is None:
        return f"{head} - not measured yet"
    below = "the greedy bot" if level.number == 1 else f"level {level.number - 1}"
    return f"{head} - takes {level.share_below:.0%} of the points against {below}"


_CACHE: dict[str, dict[int, list[Level]]] = {}


def _tables(game: str) -> dict[int, list[Level]]:
    if game not in _CACHE:
        path = levels_path(game)
        if not path.exists():
            raise ValueError(
                f"no levels for {game!r}; the games with levels are: {', '.join(_shipping())}"
            )
        try:
            data = json.loads(path.read_text())
        except json.JSONDecodeError as e:
            raise ValueError(f"{path.name} of {game}: not JSON ({e})") from None
        _CACHE[game] = read_levels(data, f"{path.name} of {game}")
    return _CACHE[game]


def levels(game: str, players: int | None = None) -> list[Level]:
    """``game``'s levels, 1 to 8, as measured at ``players`` (default: the table measured at
    the fewest players; a number of players without a table of its own uses that one too).

    >>> [lv.number for lv in levels("cathedral")]
    [1, 2, 3, 4, 5, 6, 7, 8]
    """
    tables = _tables(game)
    return tables.get(players or 0) or tables[min(tables)]


def level_tables(game: str) -> dict[int, list[Level]]:
    """Every table of ``game``'s levels, by the number of players it was measured at.

    >>> sorted(level_tables("walls_of_light"))
    [2, 3]
    """
    return dict(sorted(_tables(game).items()))


def level_words(game: str, level: int, players: int | None = None) -> str:
    """Level ``level`` of ``game`` in a pupil's words, from its figures measured at
    ``players`` (as :func:`levels` chooses the table).

    >>> level_words("cathedral", 1).startswith("Level 1")
    True
    """
    return levels(game, players)[_check_level("level", level) - 1].words


def _check_level(what: str, level: Any) -> int:
    if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= LEVELS:
        raise ValueError(f"{what} must be a whole number from 1 to {LEVELS}, not {level!r}")
    return level


@register_bot
class LevelBot(Bot):
    """The game's hint search at a level (see the module): ``level`` 1 to 8 takes its counted
    work and temperature from the game's level table; ``work`` (MCTS playouts a move) and
    ``temperature`` set either one instead (the benchmark that measures the levels does);
    ``seed``."""

    name = "level"
    label = "Level bot"
    timed = False
    games = _shipping()
    rules = {"level": ("int", 1, LEVELS), "work": ("int", 1), "temperature": ("number", 0, 100)}
    defaults: dict[str, Any] = {"seed": None, "level": LEVELS, "work": None, "temperature": None}

    def settings(self, state: State) -> tuple[int, float]:
        """The work and temperature this bot plays ``state`` with."""
        level = levels(state.game.name, state.num_players)[self.options["level"] - 1]
        work = self.options["work"]
        temperature = self.options["temperature"]
        return (
            level.work if work is None else work,
            level.temperature if temperature is None else float(temperature),
        )

    def search(self, state: State, work: int) -> Bot:
        """The game's hint search at this table size on ``work`` MCTS playouts' worth, seeded
        from this bot's generator."""
        name = state.game.hint_bot
        effort = bot_class(name).effort
        if effort is None:
            raise ValueError(f"the {name} bot has no counted budget for a level")
        unit, per_playout = effort
        opts: dict[str, Any] = {
            "seed": self.rng.getrandbits(32),
            unit: max(1, round(work * per_playout)),
        }
        if self.stop is not None:
            opts["stop"] = self.stop
        return make_bot(name, **opts)

    def analyse(self, state: State, top: int | None = None) -> list[Candidate]:
        self._check(state)
        work, _ = self.settings(state)
        return self.search(state, work).analyse(state, top=top)

    def choose(self, state: State) -> Move:
        self._check(state)
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        work, temperature = self.settings(state)
        search = self.search(state, work)
        if temperature == 0:
            return search.choose(state)
        ranked = search.analyse(state, top=None)
        deepest = max(c.support for c in ranked)
        weighed = [c for c in ranked if c.support == deepest]
        return pick(weighed, temperature, self.rng.random())


def pick(ranked: Sequence[Candidate], temperature: float, u: float) -> Move:
    """The candidate at quantile ``u`` (0 <= u < 1) of the weights
    ``exp(logit(value) / temperature)``: the values read as log-odds, which turns a search's
    shares of the win back into its points (in the scale it made them shares with), so that a
    lopsided position is played with the same care as an even one.

    >>> from stainedglass.ai.search import Candidate
    >>> ranked = [Candidate("a", 0.6, 1, "p"), Candidate("b", 0.5, 1, "p")]
    >>> pick(ranked, 0.5, 0.5), pick(ranked, 0.5, 0.8), pick(ranked, 0.01, 0.99)
    ('a', 'b', 'a')
    """
    logits = [_logit(c.value) for c in ranked]
    best = max(logits)
    weights = [math.exp((x - best) / temperature) for x in logits]
    total = sum(weights)
    acc = 0.0
    for c, w in zip(ranked, weights):
        acc += w / total
        if u < acc:
            return c.move
    return ranked[-1].move


def _logit(value: float) -> float:
    """A share of the win (0..1) as log-odds, kept within +-9.2 (a share of 1 in 10,000).

    >>> _logit(0.5), round(_logit(1.0), 1)
    (0.0, 9.2)
    """
    p = min(max(value, 1e-4), 1 - 1e-4)
    return math.log(p / (1 - p))


class MatchMe:
    """A pupil's opponent level that follows their results: after a win the level goes up,
    after a loss it goes down, after a draw it stays, always within 1 to 8; two levels a step
    in the first three games, one after. Its ``level`` is the next game's; ``results`` the
    latest ten (1 a win, 0.5 a draw, 0 a loss, for the pupil's seat).

    >>> coach = MatchMe(level=1)
    >>> [coach.record(r) for r in (0.0, 1.0, 1.0, 1.0, 0.0)], coach.results
    ([1, 3, 5, 6, 5], [0.0, 1.0, 1.0, 1.0, 0.0])
    >>> MatchMe.from_dict(coach.to_dict()).level
    5
    """

    FIRST = 3
    """Games in which a step is two levels."""

    def __init__(self, level: int = 4) -> None:
        self.level = _check_level("MatchMe: level", level)
        self.results: list[float] = []
        self.games = 0

    def record(self, result: float) -> int:
        """A finished game's result for the pupil (1 a win, 0.5 a draw, 0 a loss); returns the
        level of the next game."""
        if result not in (0, 0.5, 1) or isinstance(result, bool):
            raise ValueError(f"a result is 1 (a win), 0.5 (a draw) or 0 (a loss), not {result!r}")
        step = 2 if self.games < self.FIRST else 1
        if result == 1:
            self.level = min(LEVELS, self.level + step)
        elif result == 0:
            self.level = max(1, self.level - step)
        self.games += 1
        self.results = [*self.results, float(result)][-RECENT:]
        return self.level

    def to_dict(self) -> dict[str, Any]:
        """What a store keeps: the level, the games played and the latest results."""
        return {"level": self.level, "games": self.games, "results": list(self.results)}

    @classmethod
    def from_dict(cls, data: Any) -> MatchMe:
        """A "Match me" as :meth:`to_dict` gave it; a ValueError saying what is wrong.

        >>> MatchMe.from_dict({"level": 9, "games": 0, "results": []})
        Traceback (most recent call last):
        ...
        ValueError: MatchMe: level must be a whole number from 1 to 8, not 9
        """
        if not isinstance(data, Mapping) or set(data) != {"level", "games", "results"}:
            raise ValueError(f"MatchMe: a dict of level, games and results, not {data!r}"[:200])
        out = cls(data["level"])
        games, results = data["games"], data["results"]
        if isinstance(games, bool) or not isinstance(games, int) or not 0 <= games <= 10**6:
            raise ValueError(f"MatchMe: games must be a whole number 0 to 10**6, not {games!r}")
        if (
            not isinstance(results, list)
            or len(results) > min(RECENT, games)
            or any(isinstance(r, bool) or r not in (0, 0.5, 1) for r in results)
        ):
            raise ValueError(
                f"MatchMe: results are at most {RECENT} (and no more than the games) of 1, "
                f"0.5 or 0, not {results!r}"[:200]
            )
        out.games = games
        out.results = [float(r) for r in results]
        return out

    def __repr__(self) -> str:
        return f"MatchMe(level={self.level}, games={self.games}, results={self.results})"
