"""Coloring in the Stained Glass: draft pencils, color connected shapes of a rose window."""

from .game import ColoringGame, ColoringState, Coloring
from .search import ColoringSearch
from .sheet import COLORS, SECTION_VALUES, SECTIONS, SYMBOLS, Sheet, load_sheet

__all__ = [
    "ColoringGame",
    "ColoringState",
    "Coloring",
    "ColoringSearch",
    "COLORS",
    "SECTIONS",
    "SECTION_VALUES",
    "SYMBOLS",
    "Sheet",
    "load_sheet",
]
