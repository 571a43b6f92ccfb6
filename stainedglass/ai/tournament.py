"""Tournaments: seat-rotated games between bots, win rates with 95% confidence intervals.

Each game is an independent task (:class:`GameTask`, picklable) run by :func:`play_game`, so
any executor with ``submit(fn, task) -> future`` (``future.result()``, ``done()``, ``cancel()``)
can take them: the default is a process pool over the machine's cores; a cluster executor (a
``dask.distributed.Client``, :func:`cluster` makes one from a scheduler's address) can be passed
instead. The same seeds give the same games wherever they are played. A stop flag, or Ctrl-C,
cancels the games not yet played: the table then holds those finished.

A bot is a name with options, or a value (:func:`entry`): a Bot subclass, a bot already made or
a function ``choose(state) -> move``, sent to other processes pickled (by value with
cloudpickle). A bot's faults are its own: an illegal move, no move, an exception or a move over
the time limit forfeits that game (:class:`Forfeit`) and the others go on.

>>> import stainedglass as sg
>>> table = sg.ai.tournament("cathedral", ["greedy", "random"], n=2, jobs=1, seed=1)
>>> [row["bot"] for row in table.rows]
['greedy', 'random']
>>> table.rows[0]["games"]
2
"""

from __future__ import annotations

import ast
import copy
import math
import os
import pickle
import random
import signal
import threading
import time
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable, Sequence

from ..core import Game, State, load
from ..processes import process_pool
from ..record import Record
from .bots import BotLike, _own, bot_class, bot_names, is_reference, load_reference
from .bots import bot as make_bot
from .search import Bot, StopFlag, determinize

__all__ = [
    "Entry",
    "Forfeit",
    "GameTask",
    "GameResult",
    "Table",
    "cluster",
    "entry",
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
    """One game of a tournament: ``bots[s]`` (a spec, or the name of a bot given as a value)
    sits in seat ``s``; ``entries[s]`` says which tournament entry it is; the ``opening``
    moves (text) are played before the bots. ``makers[e]``, when there is one, makes entry
    ``e``'s bot (a bot given as a value, or registered outside this package): a Bot class
    with its options or a bot, as it is in this process or pickled (by value, with
    cloudpickle, where it has to travel). ``number`` is the game's place in the tournament;
    ``time_limit``: seconds a move, beyond which the bot forfeits."""

    game: str
    options: dict[str, Any]
    bots: tuple[str, ...]
    entries: tuple[int, ...]
    seed: int
    opening: tuple[str, ...] = ()
    makers: tuple[Any, ...] = ()
    number: int = 0
    time_limit: float | None = None


@dataclass(frozen=True)
class Forfeit:
    """A game lost by a bot's own fault: ``bot`` (its name in the table) in ``seat``, at
    ``ply`` (the play it owed, counted from the start: 1 the first) of game ``game`` (its
    number in the tournament, seeded ``seed``); ``kind`` is ``illegal`` (a move the rules
    refuse), ``none`` (no move), ``error`` (it raised), ``time`` (over the time limit) or
    ``made`` (the bot could not be made where the game was played); ``words`` say it."""

    bot: str
    seat: int
    game: int
    seed: int
    ply: int
    kind: str
    words: str

    def __str__(self) -> str:
        return f"{self.bot} forfeited game {self.game} (seed {self.seed}) at ply {self.ply}: {self.words}"


@dataclass(frozen=True)
class GameResult:
    """What a game gave each seat: returns, scores, thinking time and number of moves; the
    moves played (``history``, as text: ``state()`` and ``record()`` rebuild the game, for the
    review) and the ``forfeit`` that ended it, if one did (the bot at fault gets 0, the others
    share the point; the scores are those of the position it stopped at)."""

    task: GameTask
    returns: list[float]
    scores: list[int]
    seconds: list[float]
    moves: list[int]
    history: tuple[str, ...] = ()
    forfeit: Forfeit | None = None

    def state(self) -> State:
        """The game's last position, played again from its seed and moves."""
        state = load(self.task.game, **self.task.options).new_game(seed=self.task.seed)
        for text in self.history:
            state.play(text)
        return state

    def record(self) -> Record:
        """The game as a record: to save, to share, to open in the review."""
        return self.state().record()


MAX_PLIES = 100_000
"""A tournament game still running after this many moves is reported as an error."""


class _TimeUp(BaseException):
    """A bot's move overran the time limit (a BaseException: a bot's ``except Exception``
    does not swallow it)."""


def _pack(maker: Any) -> bytes:
    """A bot maker pickled to travel to another process: by value with cloudpickle where it
    is installed (a bot written in a notebook or a script), else by reference (a bot of an
    importable module)."""
    try:
        import cloudpickle

        dumps: Callable[[Any], bytes] = cloudpickle.dumps
    except ImportError:
        dumps = pickle.dumps
    return dumps(maker)


def _make(task: GameTask, seat: int) -> Bot:
    """The bot of ``seat``, made afresh for this game, seeded from the game unless its
    options fix a seed: the same game on any process or worker."""
    entry = task.entries[seat]
    seed = task.seed * 16 + seat
    maker = task.makers[entry] if task.makers else None
    if maker is None:
        name, options = parse_bot(task.bots[seat])
        options.setdefault("seed", seed)
        return make_bot(name, **options)
    maker = pickle.loads(maker) if isinstance(maker, bytes) else copy.deepcopy(maker)
    if isinstance(maker, Bot):
        given = maker.options.get("seed")
        maker.rng = random.Random(seed if given is None else given)
        maker.stop = None
        return maker
    cls, options = maker
    return make_bot(cls, **{"seed": seed, **options})


def _move_within(bot: Bot, state: State, limit: float | None) -> Any:
    """``bot.choose(state)``, a :class:`_TimeUp` after ``limit`` seconds: in a process's main
    thread by an alarm that interrupts the bot where it is; elsewhere (a Dask worker, the lab)
    by waiting that long for a thread of its own, whose stop flag is then set and which is
    left to end by itself."""
    if limit is None:
        return bot.choose(state)
    if threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer"):

        def ring(signum: int, frame: Any) -> None:
            raise _TimeUp

        before = signal.signal(signal.SIGALRM, ring)
        signal.setitimer(signal.ITIMER_REAL, limit)
        try:
            return bot.choose(state)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, before)
    answer: list[Any] = []
    failed: list[BaseException] = []
    stop = threading.Event()
    bot.stop = stop

    def think() -> None:
        try:
            answer.append(bot.choose(state))
        except BaseException as e:  # noqa: B036 - handed to the game's thread, raised there
            failed.append(e)

    thread = threading.Thread(target=think, name="sg-bot-move", daemon=True)
    thread.start()
    thread.join(limit)
    if thread.is_alive():
        stop.set()
        raise _TimeUp
    if failed:
        raise failed[0]
    return answer[0]


def play_game(task: GameTask) -> GameResult:
    """Play one game to the end (chance drawn by the game's own seeded generator), or until a
    bot forfeits it: an illegal move, no move, an exception or a move over the time limit.

    The bots of this package see the game itself; a bot given as a value (yours) sees a copy,
    as its seat knows the position (the others' hidden cards redrawn), so it can neither
    change the game nor read what its seat may not."""
    state = load(task.game, **task.options).new_game(seed=task.seed)
    for text in task.opening:
        state.play(text)
    seconds = [0.0] * state.num_players
    moves = [0] * state.num_players
    forfeit: Forfeit | None = None

    def lose(seat: int, kind: str, words: str) -> Forfeit:
        return Forfeit(
            task.bots[seat], seat, task.number, task.seed, len(state.history) + 1, kind, words
        )

    bots: list[Bot] = []
    for seat in range(len(task.bots)):
        try:
            bots.append(_make(task, seat))
        except Exception as e:
            forfeit = lose(
                seat,
                "made",
                f"the bot could not be made here: {type(e).__name__}: {e} (a bot of your own "
                "module must be importable where the games are played)",
            )
            break
    own = [not task.makers or task.makers[e] is None for e in task.entries]
    sight = random.Random(task.seed)  # redraws what a value bot's seat does not see
    while forfeit is None and not state.is_terminal():
        if len(state.history) >= MAX_PLIES:  # a game that never ends is a bug: say so, not hang
            raise RuntimeError(
                f"{task.game} (seed {task.seed}, bots {', '.join(task.bots)}) "
                f"did not end within {MAX_PLIES:,} moves"
            )
        if state.is_chance():
            state.play(state.sample_chance())
            continue
        player = state.current_player
        seen = state if own[player] else determinize(state, player, sight)
        start = time.perf_counter()
        try:
            move = _move_within(bots[player], seen, task.time_limit)
        except _TimeUp:
            move, forfeit = (
                None,
                lose(
                    player,
                    "time",
                    f"took more than the time limit, {task.time_limit:g} s, for a move",
                ),
            )
        except Exception as e:
            move, forfeit = None, lose(player, "error", f"raised {type(e).__name__}: {e}")
        spent = time.perf_counter() - start
        seconds[player] += spent
        if forfeit is not None:
            break
        if task.time_limit is not None and spent > task.time_limit:
            forfeit = lose(
                player,
                "time",
                f"took {spent:.2f} s for a move, over the time limit of {task.time_limit:g} s",
            )
            break
        if move is None:
            forfeit = lose(player, "none", "chose no move (None)")
            break
        try:
            state.play(move)
        except Exception as e:  # sg.IllegalMove: the rule it breaks, in words
            forfeit = lose(player, "illegal", f"illegal move {str(move)!r}: {e}")
            break
        moves[player] += 1
    if forfeit is not None:
        returns = _forfeit_returns(state.num_players, forfeit.seat)
    else:
        returns = state.returns()
    return GameResult(task, returns, state.scores(), seconds, moves, tuple(state.history), forfeit)


def _forfeit_returns(players: int, seat: int) -> list[float]:
    """The returns of a game forfeited by ``seat``: 0 to it, the point shared by the others.

    >>> _forfeit_returns(2, 0), _forfeit_returns(3, 1), _forfeit_returns(1, 0)
    ([0.0, 1.0], [0.5, 0.0, 0.5], [0.0])
    """
    share = 1.0 / (players - 1) if players > 1 else 0.0
    return [0.0 if p == seat else share for p in range(players)]


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
    ``forfeits`` (games it lost by its own fault: :class:`Forfeit`), and ``by_seat``: the same
    counts for each seat it sat in (``seat`` names it, e.g. "Dark": in Cathedral the seat
    decides more games than the bots do)."""

    game: str
    rows: list[dict[str, Any]]
    results: list[GameResult] = field(repr=False, default_factory=list)
    planned: int = 0
    """The games asked for; fewer were played when the tournament was ``stopped``."""
    stopped: bool = False

    @property
    def forfeits(self) -> list[Forfeit]:
        """Every forfeit, in the order of the games."""
        return [r.forfeit for r in self.results if r.forfeit is not None]

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
        forfeits = self.forfeits
        if forfeits:
            lines.append(
                f"forfeits: {len(forfeits)} of {len(self.results)} games ("
                + ", ".join(f"{r['bot']} {r['forfeits']}" for r in self.rows if r["forfeits"])
                + ")"
            )
            lines += [f"  {f}" for f in forfeits]
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


@dataclass(frozen=True)
class Entry:
    """A tournament's bot, ready to play anywhere: ``label`` names it in the table; a bot of
    this package is made by its ``spec`` where the game is played; any other (given as a
    value, or registered outside this package) by its ``maker``: its class with its options,
    or the bot itself (copied for each game). ``games``: those it declares (empty: every
    game)."""

    label: str
    spec: str | None
    maker: Any
    games: tuple[str, ...]


def checked_entries(game: str, bots: Sequence[Any]) -> list[Entry]:
    """An entry of each of ``bots`` (see :func:`entry`), each checked at once to play
    ``game``: a ValueError in words."""
    entries = [entry(b, i) for i, b in enumerate(bots)]  # names and options checked here
    for e in entries:
        if e.games and game not in e.games:
            raise ValueError(f"the {e.label} bot plays {' and '.join(e.games)}, not {game}")
    return entries


def entry(value: Any, seat: int = 0) -> Entry:
    """A tournament entry made of ``value`` (a bot's spec, a reference to a bot of yours
    ``module:name`` or ``file.py:name``, a Bot subclass, a bot, or a function
    ``choose(state) -> move``), checked at once: a ValueError in words (``seat`` counts from 0
    and names the entry in it).

    >>> entry("mcts:budget=0.5").label, entry(lambda state: state.legal_moves()[0]).label
    ('mcts:budget=0.5', 'lambda')
    """
    where = f"bot {seat + 1}"
    if isinstance(value, str):
        if is_reference(value):
            found = load_reference(value)
            given = value.split(":")[2] if value.count(":") == 2 else ""
            if given:  # options for a class of yours: mybots:MyBot:depth=2
                if not (isinstance(found, type) and issubclass(found, Bot)):
                    raise ValueError(f"{value!r}: options are for a Bot class, not {found!r}")
                options = parse_bot(f"x:{given}")[1]
                made = make_bot(found, **options)
                label = f"{_name_of(found)}:{given}"
                return Entry(label, None, (found, options), made.games)
            return entry(found, seat)
        name, options = parse_bot(value)
        cls = bot_class(name)
        made = make_bot(name, **options)  # its options checked now, not in a worker
        if _own(cls):
            return Entry(value, value, None, made.games)
        return Entry(value, None, (cls, options), made.games)
    if isinstance(value, type) and issubclass(value, Bot):
        made = make_bot(value)  # checked now
        return Entry(_name_of(value), None, (value, {}), made.games)
    if isinstance(value, Bot):
        copied = copy.copy(value)
        copied.stop = None  # a flag of this process: each game gets its own
        given = ",".join(
            f"{k}={v!r}" for k, v in value.options.items() if v != type(value).defaults.get(k)
        )
        label = value.name + (f":{given}" if given else "")
        return Entry(label, None, copied, value.games)
    if callable(value) and not isinstance(value, type):
        made = make_bot(value)
        return Entry(made.name, None, made, made.games)
    raise ValueError(
        f"{where}: a bot is a name ({', '.join(bot_names())}), a Bot subclass, a bot already "
        f"made or a function choose(state) -> move, not {value!r}"
    )


def _name_of(cls: type[Bot]) -> str:
    """A bot class's name: the one it declares, else its class name."""
    return str(vars(cls).get("name") or cls.__name__)


def _check_number(name: str, value: Any, low: float, what: str, whole: bool = True) -> None:
    kinds = (int,) if whole else (int, float)
    if isinstance(value, bool) or not isinstance(value, kinds) or value < low:
        raise ValueError(f"{name} must be {what}, not {value!r}")


def tournament(
    game: str,
    bots: Sequence[BotLike],
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
    time_limit: float | None = None,
) -> Table:
    """Play ``n`` games of ``game`` between ``bots``, one per seat, rotating the seats from
    game to game (``rotate=False``: each bot keeps the seat it is listed in, to measure one
    seat), and return a :class:`Table`. A bot is a spec (``"mcts"``, ``"mcts:budget=0.2"``),
    a bot of yours to import (``"mybots:choose"``, ``"mine.py:MyBot"``), a Bot subclass, a
    bot already made, or a function ``choose(state) -> move``; each must play ``game`` (a
    bot's ``games``). ``opening_plies``: each round of games (as many games as seats) starts
    from the same random moves, that many of them (seeded), so that bots which would play the
    same game again and again play different ones; with the seats rotating, each bot plays
    each opening from every seat (games without chance only).

    Games run on ``jobs`` processes (default: every core; 1 runs them here), or on
    ``executor`` (anything with ``submit(fn, task)`` returning a future with ``result()``,
    such as a Dask client). A bot given as a value travels there pickled by value (with
    cloudpickle, which the ``cluster`` extra brings) or, from a module, by reference.
    Game ``i`` uses seed ``seed + i``. ``options`` go to ``sg.load`` (a game with a
    ``players`` option gets one player per bot). A bot that plays an illegal move, no move,
    raises, or thinks longer than ``time_limit`` seconds over a move forfeits that game
    (:class:`Forfeit`; the table counts them) and the tournament goes on.
    ``progress(done, n)`` is called as each game ends, after ``on_game(result)`` (a live
    table: ``table_of(game, bots, results)``). When ``stop`` is set (a ``threading.Event``),
    or on Ctrl-C, the games not yet played are cancelled and the table holds those finished
    (``table.stopped``).
    """
    _check_number("n", n, 1, "a whole number of games, 1 or more")
    if jobs is not None:
        _check_number("jobs", jobs, 1, "a whole number of processes, 1 or more (None: every core)")
    _check_number("seed", seed, -(2**62), "a whole number")
    if time_limit is not None:
        _check_number("time_limit", time_limit, 0, "seconds a move above 0 (or None)", False)
        if time_limit == 0:
            raise ValueError("time_limit must be seconds a move above 0 (or None), not 0")
    if options is not None and not isinstance(options, dict):
        raise ValueError(f"options are the game's options as a dict, not {options!r}")
    for what, fn in (("progress", progress), ("on_game", on_game)):
        if fn is not None and not callable(fn):
            raise ValueError(f"{what} must be a function, not {fn!r}")
    if stop is not None and not callable(getattr(stop, "is_set", None)):
        raise ValueError(
            f"stop must be a flag with is_set(), such as a threading.Event, not {stop!r}"
        )
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise ValueError(
            f"executor must have submit(fn, task), as a Dask client does, not {executor!r}"
        )
    if not isinstance(rotate, bool):
        raise ValueError(f"rotate must be True or False, not {rotate!r}")
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise ValueError(
            f"bots is a list with one bot per seat, such as ['greedy', 'random'], not {bots!r}"
        )
    if len(bots) < 1:
        raise ValueError("a tournament needs at least one bot")
    facts = load(game).facts  # an unknown game is a ValueError naming the games
    if not facts.min_players <= len(bots) <= facts.max_players:
        seats = (
            f"{facts.min_players}"
            if facts.min_players == facts.max_players
            else f"{facts.min_players} to {facts.max_players}"
        )
        raise ValueError(
            f"{game} is played by {seats} players: give one bot per seat, not {len(bots)}"
        )
    entries = checked_entries(game, bots)
    labels = [e.label for e in entries]
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
    here = executor is None and (jobs == 1 or n == 1)
    makers: tuple[Any, ...] = ()
    if any(e.maker is not None for e in entries):
        makers = tuple(
            e.maker if here or e.maker is None else _packed(e.maker, e.label) for e in entries
        )
    k = len(bots)
    tasks = []
    opening: tuple[str, ...] = ()
    for i in range(n):
        order = tuple((seat + i * rotate) % k for seat in range(k))
        if opening_plies and i % k == 0:  # a new round: its games share this opening
            opening = _opening(probe, opening_plies, seed + i // k)
        tasks.append(
            GameTask(
                game,
                opts,
                tuple(labels[who] for who in order),
                order,
                seed + i,
                opening,
                makers,
                i,
                time_limit,
            )
        )

    results: list[GameResult] = []
    stopped = False

    def finished(result: GameResult) -> None:
        results.append(result)
        if on_game:
            on_game(result)
        if progress:
            progress(len(results), n)

    if here:
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
        pool = process_pool(jobs or os.cpu_count()) if own else executor
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
    table = table_of(game, labels, results)
    table.planned, table.stopped = n, stopped and len(results) < n
    return table


def _packed(maker: Any, label: str) -> bytes:
    """``maker`` pickled for another process, or a ValueError saying how to send it."""
    try:
        return _pack(maker)
    except Exception as e:
        raise ValueError(
            f"the {label} bot cannot be sent to other processes ({type(e).__name__}: {e}): "
            "a bot written in a notebook or a script travels by value with cloudpickle "
            "(pip install 'stainedglass-games[cluster]'); or put it in a module of its own, "
            "or play with jobs=1"
        ) from None


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
        moves = forfeits = 0
        points = score = seconds = 0.0
        by_seat: dict[int, list[int]] = {}  # seat -> [games, wins, draws, losses]
        for r in results:
            seat = r.task.entries.index(entry)
            forfeits += r.forfeit is not None and r.forfeit.seat == seat
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
                "forfeits": forfeits,
                "by_seat": [
                    {"seat": names[seat], "games": n, "wins": w, "draws": d, "losses": lost}
                    for seat, (n, w, d, lost) in sorted(by_seat.items())
                ],
            }
        )
    return Table(game, rows, results)
