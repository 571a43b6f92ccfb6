"""Walls of Light's view (:class:`WallsOfLightView`) and tutorial lessons (:mod:`.lessons`)."""

from .view import WallsOfLightView

__all__ = ["WallsOfLightView"]
