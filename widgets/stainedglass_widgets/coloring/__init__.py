"""Coloring in the Stained Glass: its view (:class:`ColoringView`) and tutorial lessons (:mod:`.lessons`)."""

from .view import ColoringView

__all__ = ["ColoringView"]
