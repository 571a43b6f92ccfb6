"""Sagrada, the solo card variant: glass cards, a 4x5 window, nine tools, orders and the turn bar."""

from .game import Sagrada, SagradaMove, SagradaState
from .windows import WINDOWS, Window, parse_window

__all__ = ["Sagrada", "SagradaMove", "SagradaState", "WINDOWS", "Window", "parse_window"]
