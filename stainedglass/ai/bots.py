"""The simple bots (``random``, ``greedy``), ``bot(name, **options)``, which makes any bot, and
the registry of bots by name (``register_bot``: a game's own search, or yours).

>>> import stainedglass as sg
>>> state = sg.load("cathedral").new_game(seed=1)
>>> move = sg.ai.bot("greedy", seed=1).choose(state)
>>> move in state.legal_moves()
True
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import pathlib
import re
from collections.abc import Callable
from typing import Any

from ..core import Move, State
from .alphabeta import AlphaBetaBot
from .mcts import MCTSBot
from .search import Bot, Candidate, StopFlag, determinize, expected_value

__all__ = [
    "RandomBot",
    "GreedyBot",
    "FunctionBot",
    "BOTS",
    "BotLike",
    "bot",
    "bot_class",
    "bot_names",
    "register_bot",
]


class RandomBot(Bot):
    """Plays a uniformly random legal move: the baseline every other bot must beat."""

    name = "random"
    label = "Random bot"
    defaults: dict[str, Any] = {"seed": None}

    def choose(self, state: State) -> Move:
        self._check(state)
        return self.rng.choice(state.legal_moves())


class GreedyBot(Bot):
    """One ply: plays the move whose resulting position the game's ``evaluate()`` rates best
    for the mover (chance after the move averaged over ``chance_samples`` outcomes, or with 0
    judged by ``evaluate()`` before it; hidden cards redrawn through ``view``).
    Ties are broken at random with the bot's seed."""

    name = "greedy"
    label = "Greedy bot"
    defaults: dict[str, Any] = {"seed": None, "chance_samples": 16}
    rules = {"chance_samples": ("int", 0)}

    def analyse(self, state: State, top: int | None = None) -> list[Candidate]:
        self._check(state)
        me = state.current_player
        work = determinize(state, me, self.rng)
        scored: list[tuple[float, float, Move]] = []
        for move in work.legal_moves():
            if scored and self.stopped():
                break
            work._push(move)
            value = expected_value(work, me, self.rng, self.options["chance_samples"])
            work.undo()
            scored.append((value, self.rng.random(), move))
        scored.sort(key=lambda t: (-t[0], t[1]))
        return [Candidate(m, v, 1, "ply deep") for v, _, m in scored[:top]]


BotLike = str | type[Bot] | Bot | Callable[..., Any]
"""What plays a seat: a bot's name (``"mcts"``, ``"mcts:budget=0.5"``), a :class:`Bot`
subclass, a bot already made (an instance), or a plain function ``choose(state) -> move``."""


class FunctionBot(Bot):
    """A plain function as a bot: ``choose(state) -> move`` (or ``choose(state, rng)``, given
    the bot's seeded ``random.Random``), called with the position of the player to move.

    >>> import stainedglass as sg
    >>> def first(state):
    ...     return state.legal_moves()[0]
    >>> player = FunctionBot(first)
    >>> state = sg.load("cathedral").new_game(seed=1)
    >>> player.name, player.choose(state) == state.legal_moves()[0]
    ('first', True)
    """

    name = "function"
    label = "A function"
    defaults: dict[str, Any] = {"seed": None}
    function: Callable[..., Any] | None = None
    """The function of a registered function bot (``register_bot(choose, ...)``)."""

    def __init__(
        self,
        function: Callable[..., Any] | None = None,
        *,
        name: str | None = None,
        games: tuple[str, ...] | list[str] | None = None,
        stop: StopFlag | None = None,
        **options: Any,
    ) -> None:
        fn = function if function is not None else type(self).function
        if fn is None or not callable(fn) or isinstance(fn, type):
            raise ValueError(
                f"FunctionBot takes a function choose(state) -> move, not {function!r}"
            )
        self.function = fn
        if function is not None:  # a function given here: it names the bot
            self.name = name or _function_name(fn)
            self.label = self.name
        if games is not None:
            self.games = _games_of(self.name, games)
        self._with_rng = _arity(fn, self.name) == 2
        super().__init__(stop=stop, **options)

    def choose(self, state: State) -> Move:
        self._check(state)
        fn = self.function
        assert fn is not None  # checked when made
        move: Move = fn(state, self.rng) if self._with_rng else fn(state)
        return move


def _function_name(fn: Callable[..., Any]) -> str:
    name = getattr(fn, "__name__", "") or "function"
    return "lambda" if name == "<lambda>" else name


def _arity(fn: Callable[..., Any], name: str) -> int:
    """How many positional arguments a bot function takes: 1 (the state) or 2 (and a
    generator)."""
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):  # a builtin without a signature: give it the state
        return 1
    kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    positional = [p for p in params if p.kind in kinds]
    required = [p for p in positional if p.default is inspect.Parameter.empty]
    star = any(p.kind == inspect.Parameter.VAR_POSITIONAL for p in params)
    if len(required) <= 1 and (positional or star):
        return 1
    if len(required) == 2:
        return 2
    raise ValueError(
        f"bot {name!r}: a bot function takes the position, choose(state), or the position and "
        f"a random generator, choose(state, rng); this one takes {len(required)} arguments"
    )


_GAME_BOTS: dict[str, type[Bot]] = {}
EXTRA_BOTS = {"openspiel-mcts": ("stainedglass.interop.openspiel", "rl", "open_spiel")}
"""Bots that come with an optional extra (module, extra, the package it needs): made by name
once it is installed."""
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")


def _games_of(name: str, games: Any) -> tuple[str, ...]:
    """``games`` as a tuple of names, checked: a ValueError in words otherwise."""
    if isinstance(games, str):
        games = (games,)
    if not isinstance(games, (tuple, list)) or not all(isinstance(g, str) for g in games):
        raise ValueError(
            f"bot {name!r}: games is a tuple of the names of sg.games() it plays, not {games!r}"
        )
    return tuple(games)


def register_bot(
    bot: Any = None,
    *,
    name: str | None = None,
    games: tuple[str, ...] | list[str] | str | None = None,
    label: str | None = None,
    replace: bool = False,
) -> Any:
    """Make a bot known by name to ``bot()``, ``bot_names(game)``, tournaments, the lab and the
    views' seats: a :class:`Bot` subclass (as a class decorator: ``@register_bot``) that
    declares its ``name`` and the ``games`` it plays, or a function ``choose(state) -> move``
    with ``name=`` and ``games=``. Returns the class (for a function, the class made for it).

    Refused with a ValueError in words: what is not a bot, a bot that declares no games (or a
    game that is not registered), and a name already taken by another bot, unless
    ``replace=True`` (the four bots every game plays are never replaced). The same definition
    registered again (a notebook cell run once more) takes its place.

    >>> def first(state):
    ...     return state.legal_moves()[0]
    >>> cls = register_bot(first, name="first-move", games=("cathedral",))
    >>> bot("first-move").name, "first-move" in bot_names("cathedral")
    ('first-move', True)
    >>> register_bot(first, name="greedy", games=("cathedral",))
    Traceback (most recent call last):
    ...
    ValueError: greedy is one of the bots every game plays (random, greedy, mcts, alphabeta): it cannot be replaced; give yours another name
    >>> _GAME_BOTS.pop("first-move").__name__
    'first-move'
    """
    if bot is None:  # @register_bot(replace=True)

        def decorate(cls: Any) -> Any:
            return register_bot(cls, name=name, games=games, label=label, replace=replace)

        return decorate
    if isinstance(bot, type) and issubclass(bot, Bot):
        if name is not None or games is not None or label is not None:
            raise ValueError(
                f"register_bot({bot.__name__}): a class declares its name, label and games in "
                "its body (name = 'mybot', games = (...))"
            )
        cls = bot
    elif isinstance(bot, Bot):
        raise ValueError(
            f"register_bot takes a Bot class or a function, not a bot already made ({bot!r}): "
            "register its class, or pass the bot itself to tournament()"
        )
    elif callable(bot) and not isinstance(bot, type):
        fn_name = name or _function_name(bot)
        _arity(bot, fn_name)
        if games is None:
            raise ValueError(
                f"bot {fn_name!r}: say which games it plays: "
                f"register_bot({getattr(bot, '__name__', 'choose')}, name={fn_name!r}, "
                f"games=(...)), with names of sg.games() ({', '.join(games_registered())})"
            )
        cls = type(
            fn_name,
            (FunctionBot,),
            {
                "name": fn_name,
                "label": label or fn_name,
                "games": _games_of(fn_name, games),
                "function": staticmethod(bot),
                "__module__": getattr(bot, "__module__", None) or __name__,
                "__qualname__": getattr(bot, "__qualname__", fn_name),
                "__doc__": getattr(bot, "__doc__", None),
            },
        )
    else:
        raise ValueError(
            f"register_bot takes a Bot subclass or a function choose(state) -> move, not {bot!r}"
        )
    _check_class(cls)
    own = _own(cls)
    taken = _registry(discover=not own).get(cls.name)
    if taken is not None and taken is not cls:
        if cls.name in BOTS:
            raise ValueError(
                f"{cls.name} is one of the bots every game plays ({', '.join(BOTS)}): it "
                "cannot be replaced; give yours another name"
            )
        if not replace and _origin(taken) != _origin(cls):
            raise ValueError(
                f"there is already a bot named {cls.name!r} ({taken.label}, from "
                f"{taken.__module__}): give yours another name, or register it with "
                "replace=True"
            )
    if not cls.games and cls.name not in EXTRA_BOTS:
        raise ValueError(
            f"bot {cls.name!r}: say which games it plays: games = (...) in its class, "
            "names of sg.games()"
        )
    if not own:  # the package's own bots register while the games are being imported
        known = games_registered()
        unknown = [g for g in cls.games if g not in known]
        if unknown:
            raise ValueError(
                f"bot {cls.name!r}: no game {unknown[0]!r}; the games are: {', '.join(known)}"
            )
    if "label" not in vars(cls) or not cls.label:
        cls.label = cls.name  # how a seat picker names it
    _GAME_BOTS[cls.name] = cls
    return cls


def _check_class(cls: type[Bot]) -> None:
    """A ValueError in words unless ``cls`` declares a usable name and its options."""
    declared = any("name" in vars(k) for k in cls.__mro__ if k is not Bot)
    if not declared or not isinstance(cls.name, str):
        raise ValueError(
            f"bot class {cls.__name__}: declare its name in its body, e.g. name = "
            f"{cls.__name__.lower()!r}"
        )
    if not _NAME.fullmatch(cls.name):
        raise ValueError(
            f"bot {cls.name!r}: a bot's name is a letter, then letters, digits, '-' or '_' "
            "(it is written in specs such as 'mybot:depth=2')"
        )
    if not isinstance(cls.defaults, dict) or "seed" not in cls.defaults:
        raise ValueError(
            f"bot {cls.name!r}: its defaults name every option it takes, seed among them "
            "(defaults = {'seed': None, ...})"
        )


def _own(cls: type[Bot]) -> bool:
    """Whether ``cls`` is one of this package's bots (importable wherever it is installed)."""
    return cls.__module__.split(".")[0] == __name__.split(".")[0]


def _origin(cls: type[Bot]) -> tuple[str, str]:
    fn = vars(cls).get("function")
    source = getattr(fn, "__func__", fn) if fn is not None else cls
    return getattr(source, "__module__", ""), getattr(source, "__qualname__", "")


def games_registered() -> list[str]:
    from ..core import games

    return games()


def _registry(discover: bool = True) -> dict[str, type[Bot]]:
    if discover:
        games_registered()  # every game folder imported: their own bots registered
    return {**{b.name: b for b in (RandomBot, GreedyBot, MCTSBot, AlphaBetaBot)}, **_GAME_BOTS}


BOTS = ("random", "greedy", "mcts", "alphabeta")
"""The bots that play every game; ``bot_names(game)`` adds a game's own."""


def _extra_installed(name: str) -> bool:
    return importlib.util.find_spec(EXTRA_BOTS[name][2]) is not None


def bot_names(game: str | None = None, *, extras: bool = True) -> list[str]:
    """The bots ``bot()`` makes by name: those that play every game, then those registered
    for particular games, game by game in the games' order (only ``game``'s, when given: a
    game's own search, your own bots), those that play several games after those of one (the
    ``level`` bot),
    then, with ``extras``, those of an optional extra that is installed (``openspiel-mcts``,
    OpenSpiel's MCTS, with the ``rl`` extra). An unknown ``game`` is a ValueError.

    >>> bot_names("cathedral", extras=False)
    ['random', 'greedy', 'mcts', 'alphabeta', 'cathedral', 'level']
    >>> bot_names("cathedrale")
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'cathedrale'; the games are: cathedral, coloring, sagrada, walls_of_light
    """
    known = games_registered()
    if game is not None and (not isinstance(game, str) or game not in known):
        raise ValueError(f"unknown game {game!r}; the games are: {', '.join(known)}")
    registry = _registry()
    own = [
        name
        for name, cls in registry.items()
        if name not in BOTS
        and name not in EXTRA_BOTS
        and cls.games
        and (game is None or game in cls.games)
    ]
    place = {g: i for i, g in enumerate(known)}  # by game, whichever game was imported first
    own.sort(  # a game's own first, those of several games (the level bot) after
        key=lambda n: (
            len(registry[n].games) > 1,
            min(place.get(g, len(known)) for g in registry[n].games),
        )
    )
    extra = [n for n in EXTRA_BOTS if _extra_installed(n)] if extras else []
    return [*BOTS, *own, *extra]


def bot(name: BotLike, **options: Any) -> Bot:
    """A bot, its options checked (a bad option is a ValueError naming the valid ones): by
    name, or made of a :class:`Bot` subclass (with ``options``), a function
    ``choose(state) -> move`` (:class:`FunctionBot`), or a bot already made (returned as it is).

    By name: ``random``; ``greedy`` (one ply with the game's evaluation); ``mcts`` (UCT,
    ``budget`` seconds or ``iterations`` per move); ``alphabeta`` (iterative deepening within
    ``budget`` seconds, or to ``depth``); the games' own (``cathedral``: Cathedral's search);
    ``level`` (the hint search at a level, 1 to 8: ``stainedglass.ai.levels``);
    bots you registered (``register_bot``); ``openspiel-mcts`` (the ``rl`` extra). Every bot
    takes ``seed`` for reproducible play.

    >>> sg_bot = bot("mcts", iterations=50, seed=3)
    >>> sg_bot.name
    'mcts'
    >>> bot("minimax")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown bot 'minimax'; the bots are: random, greedy, mcts, alphabeta, cathedral, coloring, coloring_deepening, sagrada, ..., walls_horizon, level, openspiel-mcts...
    """
    if isinstance(name, str):
        return bot_class(name)(**options)
    if isinstance(name, type) and issubclass(name, Bot):
        _check_class(name)
        return name(**options)
    if isinstance(name, Bot):
        if options:
            raise ValueError(
                f"bot {name.name!r} is made already: its options were given when it was made"
            )
        return name
    if callable(name) and not isinstance(name, type):
        return FunctionBot(name, **options)
    raise ValueError(
        "a bot is a name (" + ", ".join(bot_names()) + "), a Bot subclass, a bot already made "
        f"or a function choose(state) -> move, not {name!r}"
    )


def all_bot_names() -> str:
    """Every bot's name, for a message or a help line: an extra's bot with the extra it needs
    when that is not installed."""
    names = bot_names(extras=False)
    names += [
        n if _extra_installed(n) else f"{n} (with the {EXTRA_BOTS[n][1]} extra)" for n in EXTRA_BOTS
    ]
    return ", ".join(names)


def bot_class(name: str) -> type[Bot]:
    """The class ``bot(name)`` makes (its ``defaults`` and ``effort``, without making one)."""
    if not isinstance(name, str):
        raise ValueError(f"a bot's name is text ({all_bot_names()}), not {name!r}")
    classes = _registry()
    if name in EXTRA_BOTS and name not in classes:
        module, extra, _ = EXTRA_BOTS[name]
        try:
            importlib.import_module(module)
        except ImportError as e:
            raise ValueError(
                f"the {name} bot needs the {extra!r} extra: pip install "
                f"'stainedglass-games[{extra}]' ({e})"
            ) from None
        classes = _registry()
    if name not in classes:
        raise ValueError(f"unknown bot {name!r}; the bots are: {all_bot_names()}")
    return classes[name]


def load_reference(text: str) -> Any:
    """The object a reference names: ``module:attribute`` (an importable module of yours) or
    ``path/to/file.py:attribute`` (a file, loaded as a module of its own: its bots then travel
    to other processes by value, with cloudpickle). A ValueError in words when it is not
    there."""
    where, _, attribute = text.partition(":")
    attribute = attribute.partition(":")[0]
    if not where or not attribute.isidentifier():
        raise ValueError(f"{text!r}: a bot of your own is written module:name or file.py:name")
    if where.endswith(".py"):
        path = pathlib.Path(where)
        if not path.is_file():
            raise ValueError(f"{text!r}: there is no file {where}")
        spec = importlib.util.spec_from_file_location(f"stainedglass_bot_{path.stem}", path)
        assert spec is not None and spec.loader is not None  # a .py file always has one
        module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
        except Exception as e:
            raise ValueError(f"{text!r}: {where} did not load: {type(e).__name__}: {e}") from None
    else:
        try:
            module = importlib.import_module(where)
        except ImportError as e:
            raise ValueError(f"{text!r}: no module {where} to import ({e})") from None
    if not hasattr(module, attribute):
        raise ValueError(f"{text!r}: {where} has no {attribute}")
    return getattr(module, attribute)


def is_reference(text: str) -> bool:
    """Whether a bot spec names something of yours to import (``mybots:choose``,
    ``bots/mine.py:MyBot``, ``mybots:MyBot:depth=2`` with options) rather than a bot by name
    with options (``mcts:budget=1``).

    >>> is_reference("mybots:choose"), is_reference("mine.py:MyBot:depth=2")
    (True, True)
    >>> is_reference("mcts:budget=1"), is_reference("mcts")
    (False, False)
    """
    parts = text.split(":")
    if len(parts) < 2 or len(parts) > 3 or not parts[1].isidentifier():
        return False
    return len(parts) == 3 or "/" in parts[0] or "." in parts[0] or parts[0] not in _registry()
