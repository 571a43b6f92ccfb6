"""Sagrada, the solo card variant: glass cards, a 4x5 window, nine tools, orders, the turn bar.

Modules: ``cards`` (the 30 glass cards), ``windows`` (the 4x5 windows, designed and custom),
``placement`` (rule 3), ``tools`` (the nine tools), ``scoring`` (orders and the end), ``moves``
(the notation), ``state`` (rounds, the pile, the turns), ``options`` (the options checked),
``position`` (a position set up by hand), ``game`` (the registered game ``sagrada``). The rules:
RULES.md.
"""

from .game import Sagrada, SagradaMove, SagradaState
from .search import SagradaSearch
from .windows import WINDOWS, Window, parse_window

__all__ = [
    "Sagrada",
    "SagradaMove",
    "SagradaSearch",
    "SagradaState",
    "WINDOWS",
    "Window",
    "parse_window",
]
