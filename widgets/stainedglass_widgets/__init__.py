"""Board views for stainedglass: pure SVG drawing functions and Jupyter widgets built on them.

- :mod:`.glass`: the stained-glass look (glass colours with letters, lead, stone).
- :mod:`.board`: :class:`Board`, the one anywidget every game uses (SVG in, clicked ids out).
- :mod:`.base`: :class:`GameView`, the controls every game's play view shares (seats played by
  people or bots, hints from :mod:`stainedglass.ai`).
- :mod:`.suggest`: the views' link to the AI: seat choices, hint marks, searches in a thread.
- per game: a drawing function (``cathedral_svg``, ``walls_of_light_svg``) and a view
  (``CathedralView``, ``WallsOfLightView``).

>>> import stainedglass as sg
>>> from stainedglass_widgets import cathedral_svg
>>> cathedral_svg(sg.load("cathedral").new_game()).startswith("<svg")
True
"""

from .base import COMPUTER, HUMAN, GameView
from .board import Board
from .cathedral_drawing import cathedral_svg, supply_svg
from .cathedral_view import CathedralView
from .suggest import HintMark, Search
from .walls_of_light_drawing import hand_svg, walls_of_light_svg
from .walls_of_light_view import WallsOfLightView

__all__ = ["Board", "CathedralView", "COMPUTER", "GameView", "HUMAN", "HintMark", "Search",
           "cathedral_svg", "hand_svg", "supply_svg", "walls_of_light_svg", "WallsOfLightView"]
