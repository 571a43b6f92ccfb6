"""Sagrada (solo, cards): its view (:class:`SagradaView`) and tutorial lessons (:mod:`.lessons`)."""

from .view import SagradaView

__all__ = ["SagradaView"]
