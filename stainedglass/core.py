"""The engine contract shared by every game (``docs/api.md`` tells it in full).

A game is two classes in its own folder:

* a :class:`Game` subclass: declarative facts (``name``, ``title``, the options it accepts, and
  :class:`Facts`: chance, hidden information, player counts, names and colours) and
  ``new_game(seed)``;
* a :class:`State` subclass: the position, with a handful of hooks (``_legal``, ``_apply``,
  ``_illegal_reason``, ``_snapshot``/``_restore``, ``parse_move``...).

Everything else, ``play`` with its checks, ``undo``, ``history``, ``clone``, ``to_json``,
``explain``, chance sampling, is written here once.

>>> import stainedglass as sg
>>> state = sg.load("cathedral").new_game(seed=1)
>>> state.current_player
0
>>> state.play("cathedral e4 d5 e5 f5 e6 e7")
>>> state.history
['cathedral e4 d5 e5 f5 e6 e7']
>>> state.undo()
>>> state.history
[]
"""

from __future__ import annotations

import copy
from bisect import bisect_right
from itertools import accumulate
import importlib
import importlib.util
import json
import os
import math
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Self, cast
from collections.abc import Callable, Hashable, Sequence

if TYPE_CHECKING:  # for the annotations only: the record module builds on this one
    import numpy as np

    from .analysis import Simulator
    from .record import Record

__all__ = [
    "CHANCE",
    "TERMINAL",
    "IllegalMove",
    "Explanation",
    "Consequence",
    "Move",
    "Option",
    "Facts",
    "Game",
    "PuzzleRules",
    "LadderLevel",
    "State",
    "register",
    "games",
    "tables",
    "load",
    "state_from_json",
    "cell_name",
    "parse_cell",
    "shared_returns",
]

CHANCE = -1
"""``state.current_player`` at a chance node (a dice roll, a card draw)."""
TERMINAL = -2
"""``state.current_player`` once the game is over."""


class IllegalMove(ValueError):
    """A move the rules forbid, or text that is not a move. The message names the rule."""


@dataclass(frozen=True)
class Explanation:
    """What :meth:`State.explain` says of a move: whether it is ``legal``, and in ``words``
    what it does or which rule forbids it. Read as text, it says which: ``"Legal: ..."`` or
    ``"Illegal: ..."``.

    >>> e = Explanation(False, "the Cathedral is placed first")
    >>> e.legal, e.words
    (False, 'the Cathedral is placed first')
    >>> str(e)
    'Illegal: the Cathedral is placed first'
    """

    legal: bool
    words: str

    def __str__(self) -> str:
        return f"{'Legal' if self.legal else 'Illegal'}: {self.words}"


@dataclass(frozen=True)
class Consequence:
    """A fact a move brings about, in the game's own terms (:meth:`State.consequences`): a
    short sentence in plain words (``words``: "Dark's academy no longer fits anywhere"), what
    kind of fact it is (``kind``, a short key the game chooses: ``"claim"``, ``"window"``,
    ``"star"``...), the figure it names (``number``: squares claimed, points scored, fields
    lost) and what it is worth to the player who moved (``worth``, roughly, in the game's
    margin unit, ``Facts.margin_unit``: above 0 good for them, below 0 bad, 0 neither), which
    says which facts a teacher names first.

    >>> c = Consequence("claim", "claims 6 squares", 6, 1.8)
    >>> str(c), c.kind
    ('claims 6 squares', 'claim')
    """

    kind: str
    words: str
    number: float = 0.0
    worth: float = 0.0

    def __str__(self) -> str:
        return self.words


# --------------------------------------------------------------------------------------------
# Moves


class Move:
    """A move as a value: hashable, equal exactly when it is the same move.

    ``key`` is the canonical form the game compares (a tuple); ``text`` is the notation.
    Games may subclass to carry precomputed data (a bit mask, a piece index).

    >>> Move(("pass",), "pass") == Move(("pass",), "pass")
    True
    >>> str(Move(("pass",), "pass"))
    'pass'
    """

    __slots__ = ("key", "text", "_hash")

    def __init__(self, key: Hashable, text: str) -> None:
        self.key = key
        self.text = text
        self._hash = hash(key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and self.key == other.key

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Move({self.text!r})"


# --------------------------------------------------------------------------------------------
# Cells


_COLS = "abcdefghijklmnopqrstuvwxyz"


def cell_name(col: int, row: int) -> str:
    """``cell_name(0, 0) == "a1"``: column letter, then row number counted from the top."""
    return f"{_COLS[col]}{row + 1}"


def is_number(text: str) -> bool:
    """True for a whole number of at most nine digits 0-9 (``str.isdigit`` also takes "²" and
    "٣", which ``int`` then refuses or reads as another digit; no move needs a longer number).

    >>> is_number("12"), is_number("a²"[1:]), is_number("٣"), is_number(""), is_number("9" * 10)
    (True, False, False, False, False)
    """
    return len(text) <= 9 and text.isascii() and text.isdigit()


def bit_indices(mask: int) -> list[int]:
    """The indices of the bits set in ``mask``, lowest first (a board's cells, a table's rows).

    >>> bit_indices(0b10110)
    [1, 2, 4]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def connected_parts(cells: int, grow: Callable[[int], int], seeds: int | None = None) -> list[int]:
    """The connected groups of the cells set in the bitmask ``cells``, as masks, lowest cell's
    group first; ``grow(m)`` is ``m`` with its neighbours (the board's idea of touching).
    ``seeds``: only the groups holding one of these cells.

    >>> connected_parts(0b1011, lambda m: m | (m << 1) | (m >> 1))  # cells 0, 1 touch; 3 alone
    [3, 8]
    >>> connected_parts(0b1011, lambda m: m | (m << 1) | (m >> 1), seeds=0b1000)
    [8]
    """
    out = []
    todo = cells if seeds is None else seeds & cells
    while todo:
        part = todo & -todo
        while True:
            grown = grow(part) & cells
            if grown == part:
                break
            part = grown
        out.append(part)
        todo &= ~part
    return out


def parse_cell(text: str, cols: int, rows: int) -> tuple[int, int]:
    """``"c4"`` -> ``(2, 3)``; raises :class:`IllegalMove` naming the board size otherwise."""
    t = text.strip().lower()
    if 2 <= len(t) < 6 and t[0] in _COLS[:cols] and is_number(t[1:]):
        col, row = _COLS.index(t[0]), int(t[1:]) - 1
        if 0 <= row < rows:
            return col, row
    raise IllegalMove(
        f"{text!r} is not a cell: cells run from a1 to {cell_name(cols - 1, rows - 1)}"
    )


# --------------------------------------------------------------------------------------------
# Options and games


@dataclass(frozen=True)
class Option:
    """An option a game accepts: its default, a one-line description, and a checker.

    ``check(value)`` returns the normalised value or raises ValueError saying what is wrong.
    """

    default: Any
    doc: str
    check: Callable[[Any], Any] = field(default=lambda v: v)


MAX_OPTION_DEPTH = 12  # lists and mappings inside an option's value (a sheet needs 5)
MAX_OPTION_ITEMS = 200_000  # numbers, texts and containers in it (the default sheet: ~12,000)
MAX_OPTION_TEXT = 100_000  # characters of one text in it
MAX_OPTION_INT = 10**18


def plain_value(value: Any) -> None:
    """Check that an option's value is plain data of a size a game can use: None, booleans,
    numbers, texts, and lists, tuples and mappings of them, nested at most
    ``MAX_OPTION_DEPTH`` deep, with at most ``MAX_OPTION_ITEMS`` parts, no text longer than
    ``MAX_OPTION_TEXT`` and no whole number beyond ``MAX_OPTION_INT``. So nothing deep or huge
    reaches a game's own checks (or the messages that quote a value). Raises ValueError.

    >>> plain_value({"shapes": [{"polygon": [[0, 0], [1, 0], [0, 1]]}]})
    >>> plain_value(10 ** 400)
    Traceback (most recent call last):
    ...
    ValueError: a whole number that large is not a value any option takes
    """
    count = 0
    todo: list[tuple[Any, int, str]] = [(value, 0, "")]
    while todo:
        item, depth, path = todo.pop()
        where = f"at {path}: " if path else ""
        count += 1
        if count > MAX_OPTION_ITEMS:
            raise ValueError(f"more than {MAX_OPTION_ITEMS:,} parts is too large")
        if item is None or isinstance(item, (bool, float)):
            continue
        if isinstance(item, int):
            if abs(item) > MAX_OPTION_INT:
                raise ValueError(
                    f"{where}a whole number that large is not a value any option takes"
                )
        elif isinstance(item, str):
            if len(item) > MAX_OPTION_TEXT:
                raise ValueError(
                    f"{where}a text longer than {MAX_OPTION_TEXT:,} characters is too long"
                )
        elif isinstance(item, (list, tuple, dict)):
            if depth >= MAX_OPTION_DEPTH:
                raise ValueError(f"{where}nested more than {MAX_OPTION_DEPTH} deep")
            if len(item) > MAX_OPTION_ITEMS:
                raise ValueError(f"{where}more than {MAX_OPTION_ITEMS:,} parts is too large")
            if isinstance(item, dict):
                todo.extend((k, depth + 1, f"{path} (a key)") for k in item)
                todo.extend((v, depth + 1, f"{path}[{str(k)[:20]!r}]") for k, v in item.items())
            else:
                todo.extend((v, depth + 1, f"{path}[{i}]") for i, v in enumerate(item))
        elif not isinstance(item, os.PathLike):
            raise ValueError(
                f"{where}a {type(item).__name__} is not plain data (numbers, text, lists, mappings)"
            )


def int_option(lo: int, hi: int) -> Callable[[Any], int]:
    """A checker for a whole number in ``lo..hi``."""

    def check(v: Any) -> int:
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise ValueError(f"must be a whole number from {lo} to {hi}, not {v!r}")
        return v

    return check


def bool_option(v: Any) -> bool:
    """A checker for ``True`` / ``False``."""
    if not isinstance(v, bool):
        raise ValueError(f"must be True or False, not {v!r}")
    return v


@dataclass(frozen=True)
class Facts:
    """What views, bots and tests need to know about a game, declared once on its :class:`Game`
    (as OpenSpiel's ``GameType`` does): nothing is guessed from which methods a class overrides.

    ``player_names`` and ``player_colours`` (glass names of :mod:`stainedglass.glass`) list one
    entry per seat, for the largest game; a smaller game uses the first ones.

    >>> facts = load("cathedral").facts
    >>> facts.chance, facts.hidden_information, facts.lower_is_better
    (False, False, True)
    >>> facts.player_names
    ('Light', 'Dark')
    """

    chance: bool
    """Chance moves happen (dice, card draws): ``current_player`` can be ``CHANCE``."""
    hidden_information: bool
    """A player may not see everything (cards in hand, the order of a pile): ``view(p)``
    hides it."""
    min_players: int
    max_players: int
    lower_is_better: bool
    """Fewer points wins (Cathedral counts the squares left unplaced)."""
    player_names: tuple[str, ...]
    player_colours: tuple[str, ...]
    score_label: str = "points"
    """What ``scores()`` counts, in words."""
    chance_action: str = ""
    """The words for a chance move, on its button ("Roll the dice", "Draw a card")."""
    hint_bot: str = "mcts"
    """The search behind the Hint button, ``compare``, ``review`` and the coach: the strongest
    bot of the game's ladder (``benchmarks/STRENGTH.md``) that answers within a hint's second
    (a name of ``sg.ai.bot_names(game)``). A game reads it as :attr:`Game.hint_bot`."""
    hint_bot_by_players: tuple[tuple[int, str], ...] = ()
    """``(players, bot)``: table sizes where another bot beat ``hint_bot`` in matches between
    the two (``benchmarks/matches.py``, the lead's interval clear of zero), and gives the hints
    there."""
    best_move_words: str = "the best move"
    """What a puzzle asks its solver to find, in words: "the best move", or what a move is made
    of where it takes several choices ("the best pencil and shapes")."""
    margin_unit: str = "points"
    """What a margin is counted in (``State.margin``): a hint's "4 points ahead"."""
    margin_sides: tuple[str, str] = ("ahead", "behind")
    """The words for a margin above and below 0 ("ahead", "behind"; a solo game's "above the
    target", "below the target")."""

    def __post_init__(self) -> None:
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError(
                f"facts: players must be 1 <= min <= max, not {self.min_players}"
                f"..{self.max_players}"
            )
        for players, _bot in self.hint_bot_by_players:
            if not self.min_players <= players <= self.max_players:
                raise ValueError(
                    f"facts: hint_bot_by_players names {players} players, outside "
                    f"{self.min_players}..{self.max_players}"
                )
        for what in ("player_names", "player_colours"):
            if len(getattr(self, what)) != self.max_players:
                raise ValueError(f"facts: {what} needs one entry per seat ({self.max_players})")
        if self.chance != bool(self.chance_action):
            raise ValueError("facts: a game with chance names its chance action, and only then")

    @property
    def deterministic_duel(self) -> bool:
        """Two players, no chance, nothing hidden: where alpha-beta search is exact."""
        return self.max_players == 2 and not self.chance and not self.hidden_information


@dataclass(frozen=True)
class LadderLevel:
    """One level of a solo game's strength ladder (``sg.ai.ladder``, ``Game.ladder_levels``):
    its ``number``, which names it in the ladder's share won by level and seeds its games, and
    the option sets it is played with, the level's games shared among them in turn.

    >>> LadderLevel(3, ({"window": "a"}, {"window": "b"})).number
    3
    """

    number: int
    variants: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class PuzzleRules:
    """How ``sg.ai.puzzles.make`` mines a game's puzzles, declared on the game
    (``Game.puzzle_rules``): the budget that checks a puzzle (``playouts``, in the hint search's
    units, ``Bot.effort``), the least ``margin`` (win-chance points, 0..1) by which the best move
    must beat the next best, at that budget and again at twice it, and the ply from which
    positions are mined (``first_ply``: openings are books, not puzzles)."""

    playouts: int = 200
    margin: float = 0.2
    first_ply: int = 0
    prove: int = 0
    """Try to prove a puzzle whose mover has at most ``prove_moves`` moves by searching to every
    end, with this many playouts at most (0: never; where the hint search can say it reached
    every end)."""
    prove_moves: int = 0


class Game:
    """A game with its options fixed. ``sg.load(name, **options)`` makes one.

    Subclasses declare ``name``, ``title``, ``facts``, ``options`` and ``state_class``.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    facts: ClassVar[Facts]
    options: ClassVar[dict[str, Option]] = {}
    state_class: ClassVar[type[State]]
    variants: ClassVar[list[dict[str, Any]]] = [{}]
    """Option sets worth exercising: the conformance suite and benchmarks run each of them."""

    def __init__(self, **options: Any) -> None:
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            valid = ", ".join(sorted(self.options)) or "none"
            raise ValueError(
                f"{self.name}: unknown option {unknown[0]!r}; the valid options are: {valid}"
            )
        values: dict[str, Any] = {}
        for key, opt in self.options.items():
            if key in options:
                try:
                    plain_value(options[key])
                    values[key] = opt.check(options[key])
                except ValueError as e:
                    raise ValueError(f"{self.name}: option {key}= {e}") from None
            else:
                values[key] = opt.default
        self.settings: dict[str, Any] = values
        self.given_options: dict[str, Any] = dict(options)
        self._prepare()

    def _prepare(self) -> None:
        """Hook: cross-check options and precompute what every state of this game shares."""

    # ---- puzzles ---------------------------------------------------------------------------

    puzzle_rules: ClassVar[PuzzleRules] = PuzzleRules()
    """How this game's puzzles are mined and checked (``sg.ai.puzzles.make``)."""

    def puzzle_theme(self, state: State, best: Move, rival: Move) -> str:  # hook
        """A puzzle's theme in a few words ("wall off 12 squares"): what ``best`` does in
        ``state`` that ``rival``, the next best move, does not. The default says what the move
        does, in the game's own words."""
        said = state.explain(best)
        return said.words.rstrip(".") if said.legal else str(said)

    def answer_brings_moves(self, state: State, move: Move) -> bool:  # hook
        """Whether ``move``, a puzzle's answer, is only whole with the moves it brings: the
        mover's own moves after it while the turn goes on (a card that lets its player place
        two panes). Such an answer is judged once those moves are made too. Default: no."""
        return False

    # ---- the strength ladder ------------------------------------------------------------------

    def ladder_levels(self) -> tuple[LadderLevel, ...]:  # hook
        """The levels a solo game's ladder plays each bot on, the same deals at each (the
        game's harder setups, say). The default: one level, these options as they are."""
        return (LadderLevel(0, ({},)),)

    # ---- actions: the moves numbered, for frameworks that need a fixed action space -------------

    max_plays: int
    """A bound on the plays of one game (chance outcomes included), for frameworks that size
    their buffers by it (OpenSpiel's ``max_game_length``)."""
    max_words: int = 1
    """The most words (``move_words``) a move is spelt with."""

    def action_words(self) -> tuple[str, ...]:  # hook
        """Every word a player's move is spelt with, each once, in a fixed order: OpenSpiel and
        PettingZoo number these. Most games' words are whole moves (``move_words``); a game
        whose moves are too many to list spells them in several words (a pencil, then shapes).
        """
        raise NotImplementedError

    def chance_words(self) -> tuple[str, ...]:
        """Every chance outcome (its text), each once, in a fixed order; () without chance."""
        return ()

    def move_words(self, move: Move) -> tuple[str, ...]:
        """The words of ``action_words`` that spell ``move``, in order (default: the whole move
        is one word)."""
        return (str(move),)

    observation_size: int
    """The length of ``State.observation(player)`` in this game with these options."""
    recall_size: int = 0
    """The length of ``State.recall(player, plays)``: 0 where the position shows a player all
    they have seen that still matters (a game of perfect information)."""

    @property
    def num_players(self) -> int:
        return int(self.settings.get("players", self.facts.min_players))

    @property
    def hint_bot(self) -> str:
        """The hint search at this table size: ``facts.hint_bot``, or the bot that
        ``facts.hint_bot_by_players`` names for this many players.

        >>> load("coloring", players=1).hint_bot, load("coloring", players=4).hint_bot
        ('alphabeta', 'coloring')
        """
        return dict(self.facts.hint_bot_by_players).get(self.num_players, self.facts.hint_bot)

    def margin_words(self, margin: float) -> str:
        """A margin (``State.margin``) in words, in the game's unit (``facts.margin_unit``,
        ``facts.margin_sides``), rounded to a whole unit.

        >>> load("cathedral").margin_words(3.6), load("cathedral").margin_words(-0.2)
        ('4 squares ahead', 'level')
        """
        n = round(margin)
        if n == 0:
            return "level"
        unit = self.facts.margin_unit
        if abs(n) == 1 and unit.endswith("s"):
            unit = unit[:-1]
        return f"{abs(n)} {unit} {self.facts.margin_sides[0 if n > 0 else 1]}"

    @property
    def player_names(self) -> tuple[str, ...]:
        """The names of this game's seats (``facts.player_names`` cut to the players)."""
        return self.facts.player_names[: self.num_players]

    @property
    def player_colours(self) -> tuple[str, ...]:
        """The glass colour of each seat (``facts.player_colours`` cut to the players)."""
        return self.facts.player_colours[: self.num_players]

    # ---- positions set up by hand (the position editor) ---------------------------------------

    def position(self, state: State) -> dict[str, Any]:  # hook
        """The ``start=`` mapping that sets up ``state``'s position as a new game: what the
        position editor starts from and edits. Plain data (JSON); the moves that led there are
        not kept. Games without a ``start=`` option have no position editor."""
        raise NotImplementedError(f"{self.title} has no position editor")

    def validate(self, state: State) -> None:  # hook
        """Raise ValueError, in the rules' words, when no game could reach ``state`` or the engine
        cannot play on from it (two Cathedrals, a building over another, ...). Called on every
        game set up with ``start=``, after its option's own checks of form and ranges."""

    def setup(self, position: Any, seed: int | None = None, check: bool = True) -> State:
        """A new game of these options (``start=`` replaced) beginning at ``position``, a
        ``start=`` mapping as :meth:`position` gives it. A position the rules could never reach
        is a ValueError saying why; ``check=False`` skips :meth:`validate` only (the position
        editor draws a position it is about to refuse)."""
        if "start" not in self.options:
            raise ValueError(f"{self.title} has no position editor (no start= option)")
        options = {k: v for k, v in self.given_options.items() if k != "start"}
        game = type(self)(**options, start=position)
        game._checked_start = check
        return game.new_game(seed)

    _checked_start = True
    _core: Simulator | None

    # ---- the analysis core: the rules compiled for search (stainedglass.analysis) ------------

    def simulator(self) -> Simulator | None:
        """This game's analysis core for these options (``<game>/simulator.py``), made once
        and kept; None for a game that has none (the searches then run on the engine).

        >>> sim = load("cathedral").simulator()
        >>> sim.players
        2
        """
        if "_core" not in self.__dict__:
            self._core = self._make_simulator()
            if self._core is not None:
                self._core.prepare()  # loaded before any search's clock starts
        return self._core

    def _make_simulator(self) -> Simulator | None:  # hook
        """Build the analysis core for these options: by default ``simulator(game)`` of the
        ``simulator`` module beside the game's class (imported only now: numba loads with it),
        None where there is none."""
        module = _beside(type(self), "simulator")
        if module is None:
            return None
        if not callable(getattr(module, "simulator", None)):
            raise NotImplementedError(
                f"{module.__name__} must define simulator(game) -> Simulator (a function "
                "returning the core for the game's options), which Game.simulator() calls"
            )
        return cast("Simulator", module.simulator(self))  # found by name: untyped

    def new_game(self, seed: int | None = None) -> State:
        """A new game with setup done; setup randomness (and later chance) drawn from ``seed``.
        A game with a ``start=`` position begins there, checked by :meth:`validate`."""
        if seed is None:
            seed = random.randrange(2**31)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be a whole number, not {seed!r}")
        rng = random.Random(seed)
        state = self.state_class.__new__(self.state_class)
        state.game = self
        state.seed = seed
        state.history = []
        state._undo_stack = []
        state._rng = rng
        state._setup(rng)
        if self.settings.get("start") is not None and self._checked_start:
            try:
                self.validate(state)
            except ValueError as e:
                raise ValueError(f"{self.name}: option start= {e}") from None
        return state

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.given_options.items())
        return f"sg.load({self.name!r}{', ' if opts else ''}{opts})"


# --------------------------------------------------------------------------------------------
# States


class State:
    """A position of a game, and the moves that change it.

    Subclasses implement the hooks marked *hook*; everything public is built on them.
    ``_snapshot()`` must return a value sharing nothing mutable with the live state, and
    ``_restore(snap)`` must copy out of it, so that snapshots serve undo, clone and checks.
    """

    game: Game
    seed: int
    history: list[str]
    _undo_stack: list[Any]
    _rng: random.Random

    # ---- hooks -------------------------------------------------------------------------------

    def _setup(self, rng: random.Random) -> None:  # hook
        """Deal, shuffle, place: the position before the first move."""
        raise NotImplementedError

    @property
    def current_player(self) -> int:  # hook
        """0..num_players-1, or ``CHANCE``, or ``TERMINAL``."""
        raise NotImplementedError

    def _legal(self) -> list[Move]:  # hook
        """The legal moves (or chance outcomes) of a non-terminal state."""
        raise NotImplementedError

    def _apply(self, move: Move) -> None:  # hook
        """Play a move already known to be legal."""
        raise NotImplementedError

    def _snapshot(self) -> Any:  # hook
        raise NotImplementedError

    def _restore(self, snap: Any) -> None:  # hook
        raise NotImplementedError

    def _position(self) -> Any:
        """The position as comparable data, caches left out (tests compare states with it)."""
        return self._snapshot()

    def parse_move(self, text: str) -> Move:  # hook
        """Text in the game's notation -> Move; raises IllegalMove when it is not a move."""
        raise NotImplementedError

    def scores(self) -> list[int]:  # hook
        """Each player's points so far."""
        raise NotImplementedError

    def returns(self) -> list[float]:  # hook
        """At the end: 1 win, 0 loss, draws share (solo: 1 won, 0 lost)."""
        raise NotImplementedError

    def evaluate(self) -> list[float]:
        """A quick estimate of ``returns()`` for each player, each in 0..1 (exact at the end).

        Bots use it (greedy, alpha-beta leaves, MCTS cut-offs); games override it with what
        their players know matters. The default knows only the end.
        """
        if self.is_terminal():
            return self.returns()
        return [1.0 / self.num_players] * self.num_players if self.num_players > 1 else [0.5]

    def _illegal_reason(self, move: Move) -> str | None:
        """Why ``move`` is illegal here, in plain words naming the rule; None when it is legal.

        The default compares with ``legal_moves()``; games override it with the real reasons.
        """
        if move in set(self.legal_moves()):
            return None
        return f"{move} is not a legal move now"

    def _chance_probabilities(self) -> list[tuple[Move, float]]:  # hook for games with chance
        raise NotImplementedError

    def _describe(self, move: Move) -> str:
        """Plain words for what a legal move does (used by ``explain``)."""
        return f"{move} is legal."

    def _consequences(self, move: Move) -> list[Consequence]:  # hook
        """What the legal ``move`` brings about, in the game's own terms, the most telling
        first (``consequences`` checks the move, then asks this). Fast: a hint's words get a
        small share of its budget. The default: each player's change of score."""
        before = self.scores()
        after = self.clone()
        after._push(move)
        label = self.game.facts.score_label
        out = []
        for p, (a, b) in enumerate(zip(before, after.scores())):
            if a != b:
                who = self.game.player_names[p]
                sign = -1.0 if self.game.facts.lower_is_better else 1.0
                mine = 1.0 if p == self.current_player else -1.0
                out.append(
                    Consequence(
                        "score", f"{who}'s {label} {a} -> {b}", b - a, mine * sign * (b - a)
                    )
                )
        return out

    def margin(self, player: int) -> float:
        """``player``'s margin now, in the game's unit (``facts.margin_unit``): their score
        less the best other player's (reversed where fewer is better); alone, the score."""
        self._check_player(player)
        scores = self.scores()
        sign = -1.0 if self.game.facts.lower_is_better else 1.0
        if len(scores) == 1:
            return sign * scores[0]
        return sign * (
            scores[player]
            - (max if sign > 0 else min)(s for p, s in enumerate(scores) if p != player)
        )

    def projected_margin(self, player: int) -> float:  # hook
        """The game's quick estimate of ``player``'s final margin (``margin`` at the end) from
        this position, in the game's unit: what ``evaluate()`` weighs, counted in points or
        squares. The default: the margin as it stands. Overrides check ``player`` first
        (``_check_player``)."""
        return self.margin(player)

    def view(self, player: int) -> Self:
        """What ``player`` may know: the others' hidden cards and pile orders become chance.

        Games without hidden information return a plain copy.
        """
        self._check_player(player)
        return self.clone()

    def text_for(self, player: int) -> str:
        """The position as text, as ``player`` sees it (the others' hidden cards left out).

        Games without hidden information show everything: ``str(state)``.
        """
        self._check_player(player)
        return str(self)

    def observation(self, player: int) -> np.ndarray:  # hook
        """What ``player`` sees, as numbers for learning programs: a flat float32 array of
        ``game.observation_size`` values in 0..1, the seats counted from ``player`` (first the
        player, then the next to play after them); each game's method says its layout."""
        raise NotImplementedError

    def recall(self, player: int, plays: Sequence[tuple[str | None, int]]) -> np.ndarray:  # hook
        """What ``player`` has seen that the position no longer shows them (cards seen played,
        say), as ``game.recall_size`` float32 numbers in 0..1: OpenSpiel's information-state
        tensor is the observation, then these. ``plays``: the plays since the record began as
        the player saw them, in order, each its word (``action_words``, ``chance_words``; None
        where another player alone saw it, a card they drew) and who made it (a seat, or
        ``CHANCE``). Only what the player saw counts: two histories they cannot tell apart
        give the same numbers. The default: none (the position shows everything)."""
        import numpy

        self._check_player(player)
        return numpy.zeros(0, dtype=numpy.float32)

    def chance_seen_by(self) -> int | None:
        """At a chance node: the one player who alone sees its outcome (a card drawn into a
        hand), or None when everyone sees it (dice, a card turned up)."""
        return None

    # ---- the contract ------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.game.num_players

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def is_chance(self) -> bool:
        return self.current_player == CHANCE

    def legal_moves(self) -> list[Move]:
        """The current player's legal moves; at a chance node the outcomes; [] at the end."""
        if self.is_terminal():
            return []
        return self._legal()

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        """``[(Move, probability), ...]`` at a chance node; the probabilities sum to 1."""
        if not self.is_chance():
            raise ValueError("chance_outcomes(): this is not a chance node")
        return self._chance_probabilities()

    def sample_chance(self) -> Move:
        """An outcome drawn from ``chance_outcomes()`` with this state's seeded generator."""
        if not self.is_chance():
            if not self.game.facts.chance:
                raise ValueError(
                    f"sample_chance(): {self.game.title} leaves nothing to chance (no dice, no "
                    "cards drawn): every move is a player's"
                )
            now = (
                "the game is over"
                if self.is_terminal()
                else f"{self.game.player_names[self.current_player]} is to move"
            )
            raise ValueError(
                f"sample_chance(): nothing is left to chance here ({now}); an outcome is drawn "
                "only where the dice are rolled or a card is drawn (is_chance())"
            )
        outcomes = self._chance_probabilities()
        cumulative = list(accumulate(p for _, p in outcomes))
        i = bisect_right(cumulative, self._rng.random() * cumulative[-1])
        return outcomes[min(i, len(outcomes) - 1)][0]

    def play(self, move: Move | str) -> None:
        """Play a move (a Move or its text). An illegal move raises IllegalMove and changes nothing."""
        self._push(self._legal_move(move))

    def consequences(self, move: Move | str) -> list[Consequence]:
        """What ``move`` (a Move or its text) would bring about, in the game's own terms, the
        most telling first: the facts a teacher names (territory claimed, a window completed, a
        field no card can fill any more). Hints, the review and the puzzles' answers say them.
        The state is left as it was; an illegal move raises IllegalMove, as ``play`` would.

        >>> state = load("cathedral").new_game(seed=7)
        >>> state.consequences("tavern a1")
        Traceback (most recent call last):
          ...
        stainedglass.core.IllegalMove: the Cathedral is placed first: Light must place the Cathedral before any building
        """
        return self._consequences(self._legal_move(move))

    def move_name(self, move: Move | str) -> str:
        """``move`` (a Move or its text) in words, as the board shows it: what a hint, a
        verdict or a puzzle names it ("the tower on f1-h3"), where the notation stays for the
        move box and the records. The state is left as it was; an illegal move raises
        IllegalMove, as ``play`` would.

        >>> state = load("cathedral").new_game(seed=7)
        >>> state.move_name("cathedral e4 d5 e5 f5 e6 e7")
        'the cathedral on d4-f7'
        """
        return self._name(self._legal_move(move))

    def _name(self, move: Move) -> str:  # hook
        """A legal ``move`` in words, as the board shows it (default: its text)."""
        return str(move)

    def _legal_move(self, move: Move | str) -> Move:
        """``move`` as a Move (text parsed) when it is legal now; else IllegalMove naming the
        rule (what ``play`` and ``consequences`` refuse with)."""
        if isinstance(move, str):
            move = self.parse_move(move)
        elif not isinstance(move, Move):
            raise IllegalMove(f"{move!r} is not a move")
        if self.is_terminal():
            raise IllegalMove(f"{move}: the game is over, no more moves can be played")
        reason = self._illegal_reason(move)
        if reason is not None:
            raise IllegalMove(reason)
        return move

    def _push(self, move: Move) -> None:
        """Play ``move`` without the rule check (``play`` checks, then pushes): only for a move
        this very position just listed (``legal_moves()``, ``chance_outcomes()``), as the bots'
        inner loops do."""
        snap = self._snapshot()
        try:
            self._apply(move)
        except Exception:
            self._restore(snap)
            raise
        self._undo_stack.append(snap)
        self.history.append(str(move))

    def undo(self) -> None:
        """Take back the last play (a chance outcome counts as a play)."""
        if not self._undo_stack:
            raise ValueError("undo(): nothing has been played yet")
        self._restore(self._undo_stack.pop())
        self.history.pop()

    def clone(self) -> Self:
        """An independent copy (history and undo included)."""
        other = copy.copy(self)
        other._restore(self._snapshot())
        other.history = list(self.history)
        other._undo_stack = list(self._undo_stack)
        other._rng = random.Random.__new__(random.Random)  # unseeded: its state is set next
        other._rng.setstate(self._rng.getstate())
        return other

    def explain(self, move: Move | str) -> Explanation:
        """Whether ``move`` is legal now, and in plain words what it does or which rule forbids
        it.

        >>> state = load("cathedral").new_game(seed=7)
        >>> e = state.explain("tavern a1")
        >>> e.legal, e.words
        (False, 'the Cathedral is placed first: Light must place the Cathedral before any building')
        """
        try:
            if isinstance(move, str):
                move = self.parse_move(move)
            if self.is_terminal():
                return Explanation(False, "the game is over: no move can be played.")
            reason = self._illegal_reason(move)
        except IllegalMove as e:
            return Explanation(False, str(e))
        if reason is not None:
            return Explanation(False, reason)
        return Explanation(True, self._describe(move))

    def svg(self, **options: Any) -> str | None:
        """The position drawn as stained glass (SVG text), by ``draw(state, **options)`` of the
        game folder's ``svg`` module; None for a game that has no drawing.

        >>> state = load("cathedral").new_game(seed=1)
        >>> state.svg().startswith("<svg")
        True
        """
        module = _drawing(type(self.game))
        return None if module is None else str(module.draw(self, **options))

    def _repr_svg_(self) -> str | None:
        """What notebook frontends show for a state (JupyterLab, VS Code, GitHub): its picture."""
        return self.svg()

    def check_saveable(self) -> None:
        """Raise ValueError if this state cannot be saved (a bot's guess at hidden cards, an
        arranged study position): ``_unsaveable()`` says why."""
        reason = self._unsaveable()
        if reason:
            raise ValueError(reason)

    def _unsaveable(self) -> str | None:  # hook
        return None

    recorder: ClassVar[Callable[..., Record] | None] = None
    """What makes :meth:`record`'s record: :mod:`stainedglass.record`, which builds on this
    module, sets it as the package loads (this module never imports it)."""

    def record(
        self, players: list[str] | None = None, comments: dict[int, str] | None = None
    ) -> Record:
        """The game so far as a :class:`~stainedglass.record.Record`: saved with
        ``.to_text()``, shared with ``.to_link()``, read back with ``sg.load_record``."""
        if State.recorder is None:
            raise RuntimeError("stainedglass.record is not loaded (import stainedglass)")
        return State.recorder(self, players, comments)

    def to_json(self) -> str:
        """The game as JSON: ``sg.state_from_json(text)`` rebuilds an equal state."""
        self.check_saveable()
        return json.dumps(
            {
                "game": self.game.name,
                "options": self.game.given_options,
                "seed": self.seed,
                "history": self.history,
                "rng": _rng_to_json(self._rng),
            }
        )

    # ---- helpers for games -------------------------------------------------------------------

    def _check_player(self, player: int) -> None:
        """ValueError in words unless ``player`` is a seat number of this game (an int, not a
        bool): the state's methods that take a player (``margin``, ``view``, ``observation``...)
        check it here, as a game's own do."""
        if (
            isinstance(player, bool)
            or not isinstance(player, int)
            or not (0 <= player < self.num_players)
        ):
            raise ValueError(f"player must be 0..{self.num_players - 1}, not {player!r}")

    def __repr__(self) -> str:
        return f"<{self.game.title} after {len(self.history)} moves>"


def shared_returns(values: Sequence[float], higher_is_better: bool = True) -> list[float]:
    """1 to the best player, 0 to the others; players tied for best share the 1.

    >>> shared_returns([3, 5, 5])
    [0.0, 0.5, 0.5]
    >>> shared_returns([10, 12], higher_is_better=False)
    [1.0, 0.0]
    """
    best = max(values) if higher_is_better else min(values)
    winners = [i for i, v in enumerate(values) if v == best]
    return [1.0 / len(winners) if i in winners else 0.0 for i in range(len(values))]


# --------------------------------------------------------------------------------------------
# Registry and files

_REGISTRY: dict[str, type[Game]] = {}
_DISCOVERED = False


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: make a Game available to ``sg.games()`` and ``sg.load()``. The games
    of this package are listed in :mod:`stainedglass.catalogue`; a game from elsewhere only
    needs this decorator (and its module imported)."""
    _REGISTRY[cls.name] = cls
    return cls


_BESIDE: dict[tuple[type[Game], str], Any] = {}


def _beside(cls: type[Game], name: str) -> Any:
    """The module ``name`` beside a game's class (its ``svg`` drawing, its ``simulator``), found
    by name as the game needs it; None when the game has none."""
    if (cls, name) not in _BESIDE:
        package = cls.__module__.rpartition(".")[0]
        found = bool(package) and importlib.util.find_spec(f"{package}.{name}") is not None
        _BESIDE[cls, name] = importlib.import_module(f"{package}.{name}") if found else None
    return _BESIDE[cls, name]


def _drawing(cls: type[Game]) -> Any:
    """The ``svg`` module beside a game's class (None when the game has none)."""
    return _beside(cls, "svg")


def _discover() -> None:
    """Import the package's game folders once (:mod:`stainedglass.catalogue`; each registers
    itself)."""
    global _DISCOVERED
    if _DISCOVERED:
        return
    from .catalogue import import_games

    import_games()
    _DISCOVERED = True


def games() -> list[str]:
    """The names of the registered games."""
    _discover()
    return sorted(_REGISTRY)


def load(name: str, /, **options: Any) -> Game:
    """The game ``name`` with its options checked (a bad option is a ValueError naming the valid ones).

    >>> load("cathedral").name
    'cathedral'
    """
    _discover()
    if not isinstance(name, str) or name not in _REGISTRY:
        raise ValueError(f"unknown game {name!r}; the games are: {', '.join(games())}")
    return _REGISTRY[name](**options)


def tables() -> list[tuple[str, dict[str, Any]]]:
    """Every registered game at every number of seats it plays: its name and the options that
    load it (``players`` where the game takes it), what a check or a benchmark runs "at every
    table size".

    >>> ("walls_of_light", {"players": 3}) in tables(), ("cathedral", {}) in tables()
    (True, True)
    """
    found: list[tuple[str, dict[str, Any]]] = []
    for name in games():
        game = load(name)
        low, high = game.facts.min_players, game.facts.max_players
        if "players" in type(game).options and low < high:
            found += [(name, {"players": n}) for n in range(low, high + 1)]
        else:
            found.append((name, {}))
    return found


def _rng_to_json(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


_MT_WORDS = 624  # the Mersenne Twister's state: 624 words of 32 bits, then a position


def _rng_from_json(data: Any) -> random.Random:
    """A generator from its saved state, every part checked (``setstate`` itself overflows on a
    word of 2**64 and takes any object as the saved normal deviate)."""
    ok = isinstance(data, list) and len(data) == 3
    if ok:
        version, internal, gauss = data
        ok = (
            type(version) is int
            and version == 3
            and isinstance(internal, list)
            and len(internal) == _MT_WORDS + 1
            and all(type(w) is int and 0 <= w < 2**32 for w in internal[:-1])
            and type(internal[-1]) is int
            and 0 <= internal[-1] <= _MT_WORDS
            and (gauss is None or type(gauss) is float and math.isfinite(gauss))
        )
    if not ok:
        raise ValueError(
            "state file: 'rng' is not a generator state: expected [3, 625 whole "
            "numbers below 2**32 (the last at most 624), null or a number]"
        )
    rng = random.Random()
    try:
        rng.setstate((3, tuple(internal), gauss))
    except (TypeError, ValueError, OverflowError) as e:
        raise ValueError(f"state file: 'rng' is not a generator state ({e})") from None
    return rng


def read_json(text: Any, what: str, limit: int) -> Any:
    """The data of a small JSON file a user gives (text or bytes), every way it can be wrong a
    ValueError starting with ``what``: not text, longer than ``limit`` characters, not JSON,
    nested too deeply. The file's own fields are the caller's to check.

    >>> read_json(b'{"rows": 3}', "window file", 100)
    {'rows': 3}
    >>> read_json("[" * 5000 + "]" * 5000, "faces file", 100_000)
    Traceback (most recent call last):
    ...
    ValueError: faces file: nested too deeply
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text[: 4 * limit + 4]).decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError(f"{what}: not text (the file is JSON in UTF-8)") from None
    if not isinstance(text, str):
        raise ValueError(f"{what}: expected text, not {type(text).__name__}")
    if len(text) > limit:
        raise ValueError(f"{what}: more than {limit:,} characters is too long")
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(
            f"{what}: not JSON ({e.msg} at line {e.lineno}, column {e.colno})"
        ) from None
    except RecursionError:
        raise ValueError(f"{what}: nested too deeply") from None


MAX_STATE_TEXT = 2_000_000  # characters of a saved state
MAX_HISTORY = 10_000  # moves in a saved state (the longest games here have a few hundred)
MAX_MOVE_TEXT = 1_000  # characters of one move


def state_from_json(text: str | bytes) -> State:
    """Rebuild a state saved with ``state.to_json()``; a bad file is a ValueError saying where.

    Everything is checked before anything is built: the text's size and nesting, each field's
    type and range, the generator's state; then each move against the rules.

    >>> state_from_json('{"game": "cathedral", "options": {}, "seed": -1, "history": []}')
    Traceback (most recent call last):
    ...
    ValueError: state file: 'seed' must be a whole number from 0 to 2**64 - 1, not -1
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text[: MAX_STATE_TEXT + 1]).decode("utf-8")
        except UnicodeDecodeError as e:
            raise ValueError(
                f"state file is not UTF-8 text ({e.reason} at byte {e.start})"
            ) from None
    if not isinstance(text, str):
        raise ValueError(f"state file: expected text, not {type(text).__name__}")
    if len(text) > MAX_STATE_TEXT:
        raise ValueError(f"state file: more than {MAX_STATE_TEXT:,} characters is too long")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"state file is not JSON: {e}") from None
    except RecursionError:
        raise ValueError("state file: nested too deeply to be a saved game") from None
    if not isinstance(data, dict):
        raise ValueError("state file: expected a JSON object")
    for key, kind in (("game", str), ("options", dict), ("seed", int), ("history", list)):
        if not isinstance(data.get(key), kind):
            raise ValueError(f"state file: {key!r} is missing or not a {kind.__name__}")
    seed = data["seed"]
    if isinstance(seed, bool) or not 0 <= seed < 2**64:
        shown = seed if abs(seed) < 10**30 else "a number that large"
        raise ValueError(
            f"state file: 'seed' must be a whole number from 0 to 2**64 - 1, not {shown}"
        )
    history = data["history"]
    if len(history) > MAX_HISTORY:
        raise ValueError(
            f"state file: {len(history):,} moves is more than any game has "
            f"(at most {MAX_HISTORY:,})"
        )
    for i, text_move in enumerate(history, 1):
        if not isinstance(text_move, str) or len(text_move) > MAX_MOVE_TEXT:
            raise ValueError(f"state file: history move {i} is not the text of a move")
    rng = _rng_from_json(data["rng"]) if "rng" in data else None
    try:
        game = load(data["game"], **data["options"])
    except ValueError as e:
        raise ValueError(f"state file: {e}") from None
    state = game.new_game(seed=seed)
    for i, text_move in enumerate(history, 1):
        try:
            state.play(text_move)
        except IllegalMove as e:
            raise ValueError(
                f"state file: history move {i} {text_move!r} is illegal: {e}"
            ) from None
    if rng is not None:
        state._rng = rng
    return state
