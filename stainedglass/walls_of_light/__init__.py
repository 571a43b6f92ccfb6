"""Walls of Light: two or three craftsmen restore a cathedral's windows with colored winks."""

from .game import Completion, WallsOfLight, WallsOfLightState
from .mcts import WallsMCTS
from .search import WallsOfLightSearch
from .windows import WINDOWS, Face, parse_face

__all__ = [
    "Completion",
    "WallsOfLight",
    "WallsOfLightState",
    "WallsMCTS",
    "WallsOfLightSearch",
    "WINDOWS",
    "Face",
    "parse_face",
]
