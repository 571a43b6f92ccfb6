"""The simple bots (``random``, ``greedy``) and ``bot(name, **options)``, which makes any bot.

>>> import stainedglass as sg
>>> state = sg.load("cathedral").new_game(seed=1)
>>> move = sg.ai.bot("greedy", seed=1).choose(state)
>>> move in state.legal_moves()
True
"""

from __future__ import annotations

import importlib
from typing import Any

from ..core import Move, State
from .alphabeta import AlphaBetaBot
from .mcts import MCTSBot
from .search import Bot, Candidate, determinize, expected_value

__all__ = ["RandomBot", "GreedyBot", "BOTS", "bot", "bot_class", "bot_names", "register_bot"]


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


_GAME_BOTS: dict[str, type[Bot]] = {}
EXTRA_BOTS = {"openspiel-mcts": ("stainedglass.interop.openspiel", "rl")}
"""Bots that come with an optional extra (module, extra): made by name once it is installed."""


def register_bot(cls: type[Bot]) -> type[Bot]:
    """Class decorator for a game's own bot (declared in the game's folder, with the games it
    plays in ``games``): ``bot()`` then makes it by name."""
    if not cls.games and cls.name not in EXTRA_BOTS:
        raise ValueError(f"bot {cls.name!r}: a game's own bot names the games it plays")
    _GAME_BOTS[cls.name] = cls
    return cls


def _registry() -> dict[str, type[Bot]]:
    from ..core import games

    games()  # every game folder imported: their own bots registered
    return {**{b.name: b for b in (RandomBot, GreedyBot, MCTSBot, AlphaBetaBot)}, **_GAME_BOTS}


BOTS = ("random", "greedy", "mcts", "alphabeta")
"""The bots that play every game; ``bot_names(game)`` adds a game's own."""


def bot_names(game: str | None = None) -> list[str]:
    """The bots ``bot()`` makes: those that play every game, then the games' own (only
    ``game``'s, when given).

    >>> bot_names("cathedral")
    ['random', 'greedy', 'mcts', 'alphabeta', 'cathedral']
    """
    own = [
        name
        for name, cls in _registry().items()
        if cls.games and (game is None or game in cls.games)
    ]
    return [*BOTS, *own]


def bot(name: str, **options: Any) -> Bot:
    """A bot by name, its options checked (a bad option is a ValueError naming the valid ones).

    ``random``; ``greedy`` (one ply with the game's evaluation); ``mcts`` (UCT, ``budget``
    seconds or ``iterations`` per move); ``alphabeta`` (iterative deepening within ``budget``
    seconds, or to ``depth``); and the games' own (``cathedral``: Cathedral's search). Every bot
    takes ``seed`` for reproducible play.

    >>> sg_bot = bot("mcts", iterations=50, seed=3)
    >>> sg_bot.name
    'mcts'
    >>> bot("minimax")
    Traceback (most recent call last):
    ...
    ValueError: unknown bot 'minimax'; the bots are: random, greedy, mcts, alphabeta, cathedral, coloring, sagrada, walls_mcts, walls_of_light
    """
    return bot_class(name)(**options)


def bot_class(name: str) -> type[Bot]:
    """The class ``bot(name)`` makes (its ``defaults`` and ``effort``, without making one)."""
    classes = _registry()
    if name in EXTRA_BOTS and name not in classes:
        module, extra = EXTRA_BOTS[name]
        try:
            importlib.import_module(module)
        except ImportError as e:
            raise ValueError(
                f"the {name} bot needs the {extra!r} extra: pip install "
                f"'stainedglass-games[{extra}]' ({e})"
            ) from None
        classes = _registry()
    if name not in classes:
        raise ValueError(f"unknown bot {name!r}; the bots are: {', '.join(bot_names())}")
    return classes[name]
