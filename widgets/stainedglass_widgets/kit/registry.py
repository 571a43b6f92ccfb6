"""Which games have a view: found the way the engine finds its games.

Each game's view lives in its own folder, ``stainedglass_widgets/<game>/``, whose ``__init__``
imports its view; a :class:`~.game_view.GameView` subclass that names its ``game_name`` registers
itself. Nothing here lists the games.

>>> "cathedral" in views()
True
>>> view("cathedral").state.game.name
'cathedral'
>>> view("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: no view for 'chess'; the games with a view are: cathedral, ...
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the annotation only: a view registers itself here as it is defined
    from .game_view import GameView

_VIEWS: dict[str, type[GameView]] = {}
"""The registered views by game name (filled as game folders are imported)."""
_DISCOVERED = False


def register_view(cls: type[GameView]) -> None:
    """Register a game's view (a :class:`~.game_view.GameView` subclass naming its
    ``game_name`` does this as it is defined)."""
    _VIEWS[cls.game_name] = cls


def _discover() -> None:
    """Import every game's view folder once (each registers its view)."""
    global _DISCOVERED
    if _DISCOVERED:
        return
    import stainedglass as sg

    for name in sg.games():  # a game's view folder is named as the engine names the game
        if importlib.util.find_spec(f"stainedglass_widgets.{name}") is not None:
            importlib.import_module(f"stainedglass_widgets.{name}")
    _DISCOVERED = True


def views() -> dict[str, type[GameView]]:
    """The view class of every game that has one, by the engine's game name, in the engine's
    order of games."""
    _discover()
    import stainedglass as sg

    return {name: _VIEWS[name] for name in sg.games() if name in _VIEWS}


def view_class(name: str) -> type[GameView]:
    """The view class of game ``name`` (a ValueError naming those that have one)."""
    found = views()
    if name not in found:
        raise ValueError(f"no view for {name!r}; the games with a view are: " + ", ".join(found))
    return found[name]


def view(name: str, **options: Any) -> GameView:
    """The play view of game ``name``: ``options`` as ``sg.load`` takes them (``players=2``),
    and the view's own (``seats=[...]``, ``budget_s=``, ``hint_budget_s=``)."""
    return view_class(name)(**options)
