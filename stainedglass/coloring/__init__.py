"""Coloring in the Stained Glass: draft pencils, color connected shapes of a rose window."""

from .game import ColoringGame, ColoringState, Coloring
from .sheet import COLORS, SECTION_VALUES, SECTIONS, SYMBOLS, Sheet, load_sheet

__all__ = [
    "ColoringGame",
    "ColoringState",
    "Coloring",
    "COLORS",
    "SECTIONS",
    "SECTION_VALUES",
    "SYMBOLS",
    "Sheet",
    "load_sheet",
]
