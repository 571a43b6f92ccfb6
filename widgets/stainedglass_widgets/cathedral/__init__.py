"""Cathedral's view (:class:`CathedralView`) and tutorial lessons (:mod:`.lessons`)."""

from .view import CathedralView

__all__ = ["CathedralView"]
