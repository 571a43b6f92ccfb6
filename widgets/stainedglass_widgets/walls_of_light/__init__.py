"""Walls of Light's view (:class:`WallsOfLightView`), tutorial lessons (:mod:`.lessons`), the
position editor (:class:`WallsOfLightEditor`, the view's Edit) and the face designer
(:class:`FaceDesigner`, its own notebook)."""

from .designer import FaceDesigner
from .editor import WallsOfLightEditor
from .view import WallsOfLightView

__all__ = ["FaceDesigner", "WallsOfLightEditor", "WallsOfLightView"]
