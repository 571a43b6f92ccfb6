"""Board views for stainedglass: one small board widget and a play view per game.

The package is in parts (``README.md`` beside it lists every module):

- :mod:`.kit`: what every view shares: :class:`Board` (the one anywidget: SVG in, clicked ids
  out), :class:`Play` (a game in play with no widgets: position, seats, bots, searches),
  :class:`GameView` (the board, banner, message and move box every view has), the
  :class:`~.kit.feature.Feature` interface, messages, searches, the registry of views;
- :mod:`.features`: the parts of a dashboard, one module each (hints, the coach, records, the
  review, the editor, the projector, rooms, ...), and ``DASHBOARDS``, which make which board;
- :mod:`.pages`: whole pages: the gallery, the AI lab, the teacher's console, the puzzles;
- :mod:`.serving`: ``stainedglass serve`` and the class's store;
- one folder per game (``cathedral/``, ``walls_of_light/``...: its ``view``, ``lessons``,
  ``editor``). The pictures are drawn by the engine (``state.svg()``).

>>> import stainedglass_widgets as sgw
>>> v = sgw.view("cathedral")
>>> type(v).__name__, type(v) is sgw.CathedralView
('CathedralView', True)
"""

from typing import Any

try:
    import anywidget as _anywidget  # noqa: F401 - only whether the views extra is installed
    import ipywidgets as _ipywidgets  # noqa: F401 - the same
except ImportError as e:  # the engine alone was installed
    raise ImportError(
        f"the board views need {e.name}: pip install 'stainedglass-games[views]'"
    ) from e

from .kit.board import Board
from .kit.registry import view, view_class, views
from .kit.searches import HUMAN, HintMark, Search
from .kit.game_view import GameView
from .kit.play import COMPUTER, Play

__all__ = [
    "Board",
    "COMPUTER",
    "GameView",
    "HUMAN",
    "HintMark",
    "Play",
    "Search",
    "view",
    "view_class",
    "views",
]


def __getattr__(name: str) -> Any:
    """Each game's view class by its own name (``CathedralView``), found in its folder."""
    for cls in views().values():
        if cls.__name__ == name:
            return cls
    raise AttributeError(f"module 'stainedglass_widgets' has no attribute {name!r}")
