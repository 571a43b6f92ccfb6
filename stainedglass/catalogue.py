"""The games that come with the package: the one place in shared code that names them.

Each name is a folder of this package whose :class:`~stainedglass.core.Game` registers itself
(``@register``) when the folder is imported. ``sg.games()`` and ``sg.load()`` import them once,
on first use, so that ``import stainedglass`` stays quick. A game from elsewhere (a plug-in, a
test's toy game) registers itself the same way, with ``sg.register``, and needs no line here.

>>> import stainedglass as sg
>>> set(GAMES) <= set(sg.games())
True
"""

from __future__ import annotations

import importlib

__all__ = ["GAMES", "import_games"]

GAMES = ("cathedral", "coloring", "sagrada", "walls_of_light")
"""The game folders of this package, in the order they are imported."""


def import_games() -> None:
    """Import every game folder of :data:`GAMES` (each registers its game, and its own bots)."""
    for name in GAMES:
        importlib.import_module(f"{__package__}.{name}")
