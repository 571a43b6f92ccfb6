"""What every bot shares: options, budgets, chance sampling, determinization, position keys.

Bots see a game only through the engine contract (``docs/api.md``, ``stainedglass/core.py``):
``legal_moves``, ``play``/``undo`` (in the inner loops ``_push``: a play without the rule
check, for a move the position has just listed), ``clone``, ``chance_outcomes``,
``view(player)``, ``evaluate()`` and ``returns()``. Nothing here knows any game.
"""

from __future__ import annotations

import pickle
import random
import math
import time
from dataclasses import dataclass
from typing import Any, Protocol
from collections.abc import Hashable, Sequence

from ..core import Move, State

__all__ = [
    "Bot",
    "Candidate",
    "Clock",
    "Race",
    "StopFlag",
    "determinize",
    "sample_outcome",
    "outcome_at",
    "position_key",
    "has_hidden_information",
    "leaf_value",
    "expected_value",
]


@dataclass(frozen=True)
class Candidate:
    """One move a search weighed: its estimated value for the player to move (0..1, an estimate
    of ``returns()``: a win probability in a two-player game), and how much search backs it
    (``support`` in ``unit``, e.g. ``412 playouts`` or ``3 plies deep``)."""

    move: Move
    value: float
    support: int
    unit: str
    margin: float | None = None
    """The final margin the search expects after the move, for the player to move, in the
    game's unit (``Facts.margin_unit``: squares, points), where the search counts in it; None
    where it counts only chances to win."""
    apart: bool | None = None
    """Whether the search tells this move from the one it ranks next by its own measure (the
    two compared on the same playouts, say); None where the figures alone decide
    (:func:`stainedglass.ai.explain.indistinct`)."""


LEAST = 8
"""Playouts a move needs before it may lead a race or drop out of it."""


class Race:
    """Moves raced on shared playouts, the worse dropped as they fall behind.

    ``ranked``: the moves (any hashable codes) in the order a cheap judgement puts them. The
    first ``width`` race; each round plays every move in the race once on chance (or draws) of
    its own that all of them share, and :meth:`record` takes their values. A move whose mean
    is ``sure`` standard errors of the paired differences below the leader's, on the rounds the
    two shared, drops out (but for the ``top`` best where the caller ranks that many moves
    rather than choosing one: a ranking keeps its places; ``top=None`` keeps them all), and with
    ``widen`` the next move by ``ranked`` takes its place, so that every round more weighs more
    moves. A move on fewer than :data:`LEAST` playouts never leads and never drops. With
    ``spaced``, the moves are compared only at rounds 8, 10, 12, 14, 16, 20, 24, ... (four
    looks each time the rounds double), not after every round: fewer looks drop fewer good
    moves by chance, and a long race costs time in proportion to its rounds.

    >>> worth = {"a": 6.0, "b": 1.0, "c": 5.5}
    >>> race = Race(["a", "b", "c"], width=2, widen=True, top=1, sure=2.0)
    >>> for k in range(10):  # each round's chance, k % 3, shared by the moves in it
    ...     race.record([worth[m] + k % 3 for m in race.alive])
    >>> race.alive, race.weighed
    (['a', 'c'], 3)
    >>> [(m, round(mean, 2), n, apart) for m, mean, n, apart in race.standings()]
    [('a', 6.9, 10, None), ('c', 6.5, 2, None), ('b', 1.88, 8, None)]
    """

    def __init__(
        self,
        ranked: Sequence[Any],
        *,
        width: int,
        widen: bool,
        top: int | None,
        sure: float,
        spaced: bool = False,
    ) -> None:
        self.spaced = spaced
        self.alive: list[Any] = list(ranked[:width])
        self.waiting: list[Any] = list(ranked[width:]) if widen else []
        self.width = width
        self.keep = 1 if top == 1 else width if top is None else min(top, width)
        self.sure = sure
        self.results: dict[Any, list[float]] = {m: [] for m in self.alive}
        self.at: dict[Any, list[int]] = {m: [] for m in self.alive}  # each playout's round
        self.rounds = 0

    @property
    def settled(self) -> bool:
        """Whether one move is left and none to come: more playouts tell nothing."""
        return len(self.alive) <= 1

    @property
    def weighed(self) -> int:
        """How many moves were played out."""
        return sum(1 for m in self.results if self.results[m])

    def record(self, values: Sequence[float]) -> None:
        """One round's values, one for each move of :attr:`alive` in order; then the fallen
        drop out and the next moves come in."""
        for m, value in zip(self.alive, values, strict=True):
            self.results[m].append(float(value))
            self.at[m].append(self.rounds)
        self.rounds += 1
        if len(self.alive) > self.keep and (not self.spaced or _look(self.rounds)):
            sure = _survivors_since(self.alive, self.results, self.at, self.sure)
            best = sorted(self.alive, key=lambda m: _standing(self.results[m]))[: self.keep]
            self.alive = [m for m in self.alive if m in sure or m in best]
        while self.waiting and len(self.alive) < self.width:
            m = self.waiting.pop(0)
            self.alive.append(m)
            self.results[m], self.at[m] = [], []

    def standings(self) -> list[tuple[Any, float, int, bool | None]]:
        """The moves played out: those still in the race first, then those dropped, each by
        its standing; each with its mean, its playouts and whether it is told apart from the
        next (on the playouts the two shared; None where they shared fewer than
        :data:`LEAST`)."""
        played = [m for m in self.results if self.results[m]]
        played.sort(key=lambda m: (m not in self.alive, *_standing(self.results[m])))
        out: list[tuple[Any, float, int, bool | None]] = []
        for k, m in enumerate(played):
            apart = None
            if k + 1 < len(played):
                pair = [m, played[k + 1]]
                shared = _shared(pair, self.results, self.at)
                if len(shared[m]) >= LEAST:
                    apart = len(_survivors(pair, shared, self.sure)) == 1
            out.append((m, _mean(self.results[m]), len(self.results[m]), apart))
        return out


def _look(rounds: int) -> bool:
    """Whether a spaced race compares its moves after ``rounds`` rounds: from 8 on, four
    times each time the rounds double.

    >>> [r for r in range(1, 70) if _look(r)]
    [8, 10, 12, 14, 16, 20, 24, 28, 32, 40, 48, 56, 64]
    """
    if rounds < LEAST:
        return False
    step = max(1, (1 << (rounds.bit_length() - 1)) >> 2)
    return rounds % step == 0


def _survivors(alive: list[Any], results: dict[Any, list[float]], sure: float) -> list[Any]:
    """The moves whose mean is not ``sure`` standard errors below the best's, each compared
    with the best on the same playouts (paired: the chance shared makes the differences small).

    >>> a, b, c = "a", "b", "c"
    >>> _survivors([a, b, c], {a: [5, 6, 7, 6], b: [5, 6, 6.5, 6.2], c: [1, 2, 3, 2]}, 2.0)
    ['a', 'b']
    """
    best = max(alive, key=lambda m: _mean(results[m]))
    keep = []
    for m in alive:
        d = [x - y for x, y in zip(results[best], results[m])]
        k = len(d)
        mean = sum(d) / k
        sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (k - 1)) if k > 1 else math.inf
        if m == best or mean <= sure * max(sd, 1e-9) / math.sqrt(k):
            keep.append(m)
    return keep


def _survivors_since(
    alive: list[Any], results: dict[Any, list[float]], at: dict[Any, list[int]], sure: float
) -> list[Any]:
    """:func:`_survivors` where moves came into the race in different rounds: each compared
    with the leader on the rounds both played; a move with fewer than :data:`LEAST` playouts
    (or shared with the leader) stays."""
    best = min(alive, key=lambda m: _standing(results[m]))
    keep = []
    for m in alive:
        if m == best or len(results[m]) < LEAST:
            keep.append(m)
            continue
        shared = _shared([best, m], results, at)
        if len(shared[m]) < LEAST or len(_survivors([best, m], shared, sure)) == 2:
            keep.append(m)
    return keep


def _shared(
    pair: list[Any], results: dict[Any, list[float]], at: dict[Any, list[int]]
) -> dict[Any, list[float]]:
    """The playouts of two moves on the rounds both played (``at``: each playout's round).

    >>> _shared([1, 2], {1: [5.0, 6.0, 7.0], 2: [4.0, 5.0]}, {1: [0, 1, 2], 2: [1, 2]})
    {1: [6.0, 7.0], 2: [4.0, 5.0]}
    """
    both = set(at[pair[0]]) & set(at[pair[1]])
    return {m: [v for r, v in zip(at[m], results[m]) if r in both] for m in pair}


def _standing(values: list[float]) -> tuple[bool, float]:
    """A move's place in the race (lower first): those on :data:`LEAST` playouts or more by
    their mean, then those on fewer (a lucky few playouts lead nothing), those on none last.

    >>> sorted([[9.0, 9.0], [5.0] * 8, [6.0] * 9], key=_standing)
    [[6.0, 6.0, 6.0, 6.0, 6.0, 6.0, 6.0, 6.0, 6.0], [5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0], [9.0, 9.0]]
    """
    return len(values) < LEAST, -_mean(values) if values else math.inf


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


class StopFlag(Protocol):
    """What ``stop=`` takes: anything with ``is_set()``, such as a ``threading.Event``."""

    def is_set(self) -> bool: ...


class Clock:
    """A search budget: ``seconds`` of wall time and/or ``iterations``; whichever ends first,
    or as soon as ``stop`` is set (by another thread).

    >>> clock = Clock(seconds=None, iterations=2)
    >>> [clock.spent(i) for i in range(3)]
    [False, False, True]
    """

    def __init__(
        self, seconds: float | None, iterations: int | None = None, stop: StopFlag | None = None
    ) -> None:
        self.start = time.perf_counter()
        self.seconds = seconds
        self.deadline = None if seconds is None else self.start + seconds
        self.iterations = iterations
        self.stop = stop

    def spent(self, done: int = 0) -> bool:
        if self.iterations is not None and done >= self.iterations:
            return True
        if self.stop is not None and self.stop.is_set():
            return True
        return self.deadline is not None and time.perf_counter() >= self.deadline

    def left(self, done: int, since: float) -> float:
        """How many more iterations fit: the budget's rest of iterations, or of seconds at the
        rate of the ``done`` iterations run since ``since``; inf if unbounded.

        >>> Clock(seconds=None, iterations=10).left(4, 0.0)
        6
        """
        out = math.inf if self.iterations is None else self.iterations - done
        if self.deadline is not None:
            now = time.perf_counter()
            rate = done / max(now - since, 1e-9)
            out = min(out, rate * max(self.deadline - now, 0.0))
        return out

    def fraction(self, share: float) -> float | None:
        """The deadline after ``share`` of the time budget (None without a time budget)."""
        if self.seconds is None:
            return None
        return self.start + share * self.seconds


class Bot:
    """Base of the bots: options checked by name, a seeded generator, ``choose`` and ``analyse``.

    Subclasses declare ``name``, ``label``, ``timed``, ``defaults`` (every option with its
    default) and implement ``analyse(state, top)`` (ranked candidates) or override ``choose``.

    ``stop``: a flag (e.g. a ``threading.Event``) that another thread may set to end a search
    early, say when a view no longer needs the answer; the bot then returns at once with what
    it has (still legal moves, ranked as far as it got).
    """

    name = "bot"
    label = "Bot"
    """The bot in a few words, for people: a seat picker's choice, a banner ("MCTS bot",
    "Cathedral search")."""
    timed = False
    """Whether the bot's strength is a time budget (its ``budget`` option: seconds a move, a
    seat's slider in the views); a bot that is not answers at once."""
    defaults: dict[str, Any] = {"seed": None}
    games: tuple[str, ...] = ()
    """The games a game's own bot plays (empty: every game, through the contract)."""
    rules: dict[str, tuple[Any, ...]] = {"budget": ("seconds",)}
    """What each option takes, declared with the bot (its subclasses add theirs):
    ``("int", least)`` or ``("int", least, most)``, ``("number", low, high)``, ``("bool",)``,
    ``("seconds",)``, ``("value",)`` (a :class:`~stainedglass.ai.cores.ValueFunction`) or
    ``("choice", word, ...)``. A bad value is a ValueError naming the option, when the bot is
    made."""
    effort: tuple[str, float] | None = None
    """The option that fixes a search's work exactly (reproducible, unlike a time budget) and
    how many of its units cost about what one MCTS playout does: a review's ``playouts`` in
    this bot's terms. None: the bot does not search."""

    def __init__(self, *, stop: StopFlag | None = None, **options: Any) -> None:
        self.stop = stop
        unknown = sorted(set(options) - set(self.defaults))
        if unknown:
            raise ValueError(
                f"bot {self.name!r}: unknown option {unknown[0]!r}; its options are: "
                + ", ".join(sorted(self.defaults))
            )
        self.options = {**self.defaults, **options}
        rules: dict[str, tuple[Any, ...]] = {}
        for klass in reversed(type(self).__mro__):  # a bot's rules, then its subclasses'
            rules.update(vars(klass).get("rules", {}))
        for key, rule in rules.items():
            if key in self.defaults and self.options[key] is not None:
                _check_option(self.name, key, self.options[key], rule)
        self.rng = random.Random(self.options["seed"])

    def stopped(self) -> bool:
        """Whether the ``stop`` flag is set."""
        return self.stop is not None and self.stop.is_set()

    def _check(self, state: State) -> None:
        if self.games and state.game.name not in self.games:
            raise ValueError(
                f"the {self.name} bot plays {' and '.join(self.games)}, not {state.game.name}"
            )
        if state.is_terminal():
            raise ValueError(f"{self.name}: the game is over, there is no move to choose")
        if state.is_chance():
            raise ValueError(
                f"{self.name}: this is a chance node; the game draws it "
                "(state.sample_chance()), not a player"
            )

    def choose(self, state: State) -> Move:
        """The move this bot plays in ``state`` (which it leaves unchanged)."""
        self._check(state)
        moves = state.legal_moves()
        if len(moves) == 1:  # nothing to think about
            return moves[0]
        return self.analyse(state, top=1)[0].move

    def analyse(self, state: State, top: int | None = None) -> list[Candidate]:
        """The best moves found, best first (at most ``top``)."""
        raise NotImplementedError(f"the {self.name} bot does not rank moves")

    def line(self, state: State, move: Move, plies: int = 4) -> list[Move]:
        """After ``analyse(state)``: the moves the search expects after ``move`` (its principal
        variation: the other player's answer, then the player's next move...), at most
        ``plies``, as far as the search saw them; a chance outcome in it is one the search
        assumed. The default: none (a search that keeps no line)."""
        return []

    def __repr__(self) -> str:
        given = ", ".join(f"{k}={v!r}" for k, v in self.options.items() if v != self.defaults[k])
        return f"sg.ai.bot({self.name!r}{', ' if given else ''}{given})"


def _check_option(bot: str, key: str, value: Any, rule: tuple[Any, ...]) -> None:
    """Raise a ValueError naming ``key`` when ``value`` breaks ``rule`` (see ``Bot.rules``).

    >>> _check_option("mcts", "c", -1, ("number", 0, 100))
    Traceback (most recent call last):
    ...
    ValueError: bot 'mcts': c= must be a number from 0 to 100, not -1
    """
    kind = rule[0]
    number = not isinstance(value, bool) and isinstance(value, (int, float))
    if kind == "seconds" and not (number and 0 < value <= 3600):
        raise ValueError(f"bot {bot!r}: {key}= must be a positive number of seconds, not {value!r}")
    if kind == "int" and (
        not number
        or not isinstance(value, int)
        or value < rule[1]
        or (len(rule) > 2 and value > rule[2])
    ):
        span = f" from {rule[1]} to {rule[2]}" if len(rule) > 2 else f", {rule[1]} or more"
        raise ValueError(f"bot {bot!r}: {key}= must be a whole number{span}, not {value!r}")
    if kind == "number" and not (number and rule[1] <= value <= rule[2]):
        raise ValueError(
            f"bot {bot!r}: {key}= must be a number from {rule[1]:g} to {rule[2]:g}, not {value!r}"
        )
    if kind == "bool" and not isinstance(value, bool):
        raise ValueError(f"bot {bot!r}: {key}= must be True or False, not {value!r}")
    if kind == "value" and (not callable(value) or isinstance(value, type)):
        raise ValueError(
            f"bot {bot!r}: {key}= must be a value function (observations -> chances to win, "
            f"such as sg.ai.LinearValue.fit(sg.ai.selfplay(...))), not {value!r}"
        )
    if kind == "choice" and value not in rule[1:]:
        words = " or ".join(rule[1:])
        raise ValueError(f"bot {bot!r}: {key}= must be {words}, not {value!r}")


def has_hidden_information(state: State) -> bool:
    """Whether a player of this game may not see everything (the game's declared fact)."""
    return state.game.facts.hidden_information


def determinize(state: State, player: int, rng: random.Random) -> State:
    """A copy of ``state`` as ``player`` may know it, what is hidden redrawn from ``rng``.

    With hidden information, ``view`` is taken of a copy whose generator was reseeded from
    ``rng``: each call redraws the hidden part afresh, and neither the hidden cards nor the real
    game's future chance (which the state's own generator would draw) can leak into the copy.
    Bots draw chance outcomes with their own generator anyway.
    """
    if not has_hidden_information(state):
        return state.clone()  # bots draw chance with their own generator, never the copy's
    base = state.clone()
    base._rng.seed(rng.getrandbits(64))
    return base.view(player)


def sample_outcome(state: State, rng: random.Random) -> Move:
    """A chance outcome drawn by its probability with the bot's generator (not the state's)."""
    return outcome_at(state.chance_outcomes(), rng.random())


def outcome_at(outcomes: list[tuple[Move, float]], u: float) -> Move:
    """The chance outcome at quantile ``u`` (0 <= u < 1) of ``outcomes``.

    >>> outcome_at([("heads", 0.5), ("tails", 0.5)], 0.7)
    'tails'
    """
    acc = 0.0
    for move, p in outcomes:
        acc += p
        if u < acc:
            return move
    return outcomes[-1][0]


def position_key(state: State) -> Hashable:
    """The position as a hashable key (for transposition tables)."""
    pos = (state._position(), state.current_player)
    try:
        hash(pos)
        return pos
    except TypeError:  # arrays or lists inside: their bytes are the key
        return pickle.dumps(pos)


def leaf_value(state: State) -> list[float]:
    """``returns()`` at the end, else the game's ``evaluate()``."""
    return state.returns() if state.is_terminal() else state.evaluate()


def expected_value(state: State, player: int, rng: random.Random, samples: int) -> float:
    """``player``'s evaluation of ``state``; at a chance node, the mean over its outcomes
    (all of them when there are at most ``samples``, else ``samples`` drawn by probability),
    or with ``samples`` 0 the game's ``evaluate()`` of the chance node itself."""
    if not state.is_chance() or samples <= 0:
        return leaf_value(state)[player]
    outcomes = state.chance_outcomes()
    if len(outcomes) <= samples:
        total = 0.0
        for move, p in outcomes:
            state._push(move)
            total += p * expected_value(state, player, rng, 1)
            state.undo()
        return total
    total = 0.0
    for _ in range(samples):
        state._push(sample_outcome(state, rng))
        total += expected_value(state, player, rng, 1)
        state.undo()
    return total / samples
