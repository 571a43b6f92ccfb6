"""Board views for stainedglass: one small board widget and a play view per game.

The kit (game-agnostic, one module per concern; ``README.md`` beside it lists them all):

- :mod:`.board`: :class:`Board`, the one anywidget every game uses (SVG in, clicked ids out);
- :mod:`.play`: :class:`Play`, a game in play with no widgets (position, seats, bots, searches);
- :mod:`.game_view`: :class:`GameView`, the board, banner, message and move box every view has;
- :mod:`.features`: how features attach to a view, and which make which dashboard; the
  features themselves (:mod:`.actions`, :mod:`.seats`, :mod:`.hints`, :mod:`.records`,
  :mod:`.review`, :mod:`.editor`, :mod:`.coach`, :mod:`.projector`, :mod:`.charts`);
- :mod:`.searches`: seats played by bots, hint marks, searches in a worker thread;
- :mod:`.messages`: message boxes, the banner's words, errors shown instead of raised;
- :mod:`.lessons`, :mod:`.puzzles`, :mod:`.gallery`, :mod:`.lab`: tutorials, puzzles, the
  landing page and the AI lab;
- :mod:`.registry`: which games have a view; :func:`view` makes one;
- :mod:`.testing`: Voila and Chromium for browser tests, gestures for the conformance suite.

Each game has a folder (``cathedral/``, ``walls_of_light/``...: its ``view``, ``lessons``,
``editor``). The pictures are drawn by the engine (``state.svg()``, ``stainedglass/<game>/
svg.py``).

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
