"""Coloring in the Stained Glass: its view (:class:`ColoringView`), tutorial lessons
(:mod:`.lessons`), position editor (:class:`ColoringEditor`) and sheet designer
(:class:`SheetDesigner`)."""

from .designer import SheetDesigner
from .editor import ColoringEditor
from .view import ColoringView

__all__ = ["ColoringEditor", "ColoringView", "SheetDesigner"]
