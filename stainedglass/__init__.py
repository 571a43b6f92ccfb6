"""stainedglass: four stained-glass board games behind one small contract.

>>> import stainedglass as sg
>>> "cathedral" in sg.games()
True
>>> state = sg.load("cathedral").new_game(seed=7)
>>> state.num_players, state.is_chance(), state.is_terminal()
(2, False, False)
"""

from . import ai  # noqa: F401 - sg.ai, the bots, is part of the package's namespace
from .core import (
    CHANCE,
    TERMINAL,
    Consequence,
    Explanation,
    Facts,
    Game,
    IllegalMove,
    LadderLevel,
    Move,
    Option,
    PuzzleRules,
    State,
    games,
    tables,
    load,
    register,
    state_from_json,
)
from .record import Branch, Record, load_record

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Consequence",
    "Explanation",
    "Facts",
    "Game",
    "IllegalMove",
    "LadderLevel",
    "Move",
    "Option",
    "PuzzleRules",
    "State",
    "games",
    "tables",
    "load",
    "register",
    "state_from_json",
    "Record",
    "Branch",
    "load_record",
]
