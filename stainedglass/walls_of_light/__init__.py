"""Walls of Light: two or three craftsmen restore a cathedral's windows with colored winks."""

from .game import Completion, WallsOfLight, WallsOfLightState
from .windows import WINDOWS, Face, parse_face

__all__ = ["Completion", "WallsOfLight", "WallsOfLightState", "WINDOWS", "Face", "parse_face"]
