"""Cathedral's view (:class:`CathedralView`) and tutorial lessons (:mod:`.lessons`)."""

from .editor import CathedralEditor
from .view import CathedralView

__all__ = ["CathedralEditor", "CathedralView"]
