"""Sagrada (solo, cards): its view (:class:`SagradaView`), tutorial lessons (:mod:`.lessons`)
and the position editor (:class:`SagradaEditor`, the view's Edit)."""

from .editor import SagradaEditor
from .view import SagradaView

__all__ = ["SagradaEditor", "SagradaView"]
