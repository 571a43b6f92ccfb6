"""Cathedral: two players wall off territory in a 10x10 city with polyomino buildings."""

from .game import Cathedral, CathedralState, Placement
from .search import CathedralSearch

__all__ = ["Cathedral", "CathedralState", "Placement", "CathedralSearch"]
