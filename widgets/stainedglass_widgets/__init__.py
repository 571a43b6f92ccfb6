"""Board views for stainedglass: pure SVG drawing functions and Jupyter widgets built on them.

>>> import stainedglass as sg
>>> from stainedglass_widgets import cathedral_svg
>>> cathedral_svg(sg.load("cathedral").new_game()).startswith("<svg")
True
"""

from .cathedral_svg import cathedral_svg, supply_svg

__all__ = ["cathedral_svg", "supply_svg"]
