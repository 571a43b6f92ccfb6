"""Game-agnostic AI: bots, ranked suggestions with reasons, tournaments.

Everything here works through the engine contract only (``legal_moves``, ``play``/``undo``,
``clone``, ``chance_outcomes``, ``view(player)``, ``evaluate()``, ``explain(move)``), so a new
game gets its bots, hints and tournaments with no change to this package. Game knowledge, the
evaluation and the words of the reasons, stays in each game's folder.

>>> import stainedglass as sg
>>> state = sg.load("cathedral").new_game(seed=1)
>>> sg.ai.bot("random", seed=1).choose(state) in state.legal_moves()
True
>>> [h.move in state.legal_moves() for h in sg.ai.suggest(state, top=2, budget_s=0.2, seed=1)]
[True, True]
"""

from . import ladder, levels, puzzles
from .alphabeta import AlphaBetaBot
from .bots import (
    BOTS,
    FunctionBot,
    GreedyBot,
    RandomBot,
    bot,
    bot_class,
    bot_names,
    register_bot,
)
from .mcts import MCTSBot
from .review import (
    LABELS,
    MEANINGS,
    SYMBOLS,
    Comparison,
    Judgement,
    Review,
    compare,
    label,
    review,
    verdict_words,
)
from .search import Bot, Candidate
from .cores import LEARNED_C, LinearValue, SelfPlay, ValueFunction, selfplay, warm
from .suggest import Suggestion, suggest
from .tournament import Forfeit, GameResult, Table, tournament

__all__ = [
    "BOTS",
    "Bot",
    "Candidate",
    "RandomBot",
    "GreedyBot",
    "FunctionBot",
    "MCTSBot",
    "AlphaBetaBot",
    "selfplay",
    "LinearValue",
    "ValueFunction",
    "LEARNED_C",
    "SelfPlay",
    "warm",
    "bot",
    "bot_class",
    "bot_names",
    "register_bot",
    "suggest",
    "Suggestion",
    "tournament",
    "Table",
    "GameResult",
    "Forfeit",
    "compare",
    "Comparison",
    "review",
    "Review",
    "Judgement",
    "label",
    "LABELS",
    "MEANINGS",
    "SYMBOLS",
    "verdict_words",
    "ladder",
    "levels",
    "puzzles",
]
