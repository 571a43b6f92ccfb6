"""The gallery on the landing page: one card per game, with a picture and its notebooks.

A game's view adds its entry to :data:`GALLERY`; a card is shown only when its notebooks exist.

>>> "cathedral_play.ipynb" in gallery_html()
True
"""

from __future__ import annotations

import html
import pathlib
from dataclasses import dataclass
from typing import Callable

NOTEBOOKS = pathlib.Path(__file__).resolve().parents[2] / "notebooks"


@dataclass(frozen=True)
class Entry:
    title: str
    blurb: str
    tutorial: str  # notebook file names, relative to notebooks/
    play: str
    picture: Callable[[], str]  # SVG text


def _cathedral_picture() -> str:
    from .cathedral_drawing import cathedral_svg
    from .cathedral_lessons import _LATE_GAME

    import stainedglass as sg

    state = sg.load("cathedral").new_game()
    for move in _LATE_GAME[:18]:
        state.play(move)
    return cathedral_svg(state, highlight_last=False, coordinates=False)


def _walls_of_light_picture() -> str:
    from .walls_of_light_drawing import walls_of_light_svg
    from .walls_of_light_lessons import COVERING, THREE

    import stainedglass as sg

    state = sg.load("walls_of_light", **THREE).new_game(seed=0)
    for move in COVERING + ["place red 2:b1", "roll r6 b6 y6", "place blue 6:b2"]:
        state.play(move)
    return walls_of_light_svg(state)


GALLERY: list[Entry] = [
    Entry("Cathedral", "Two builders share a walled city. Wall off space, capture lone "
          "buildings, and place all your own.", "cathedral_tutorial.ipynb",
          "cathedral_play.ipynb", _cathedral_picture),
    Entry("Walls of Light", "Two or three glaziers restore six cathedral windows. Roll the "
          "dice, place and mix coloured glass, and score the windows you complete.",
          "walls_of_light_tutorial.ipynb", "walls_of_light_play.ipynb", _walls_of_light_picture),
]


def gallery_html(notebooks: pathlib.Path = NOTEBOOKS) -> str:
    """HTML cards for every game whose notebooks are present."""
    cards = []
    for e in GALLERY:
        if not ((notebooks / e.tutorial).exists() and (notebooks / e.play).exists()):
            continue
        cards.append(
            '<div class="sg-card" style="width:300px;background:#f4efe1;border:3px solid #17150f;'
            'border-radius:10px;padding:10px">'
            f'<a href="{e.play}" title="play {html.escape(e.title)}">'
            f'<div style="width:280px">{e.picture()}</div></a>'
            f'<h3 style="margin:8px 0 4px 0">{html.escape(e.title)}</h3>'
            f'<p style="margin:0 0 8px 0">{html.escape(e.blurb)}</p>'
            f'<a href="{e.tutorial}"><b>Learn the rules</b></a> · '
            f'<a href="{e.play}"><b>Play</b></a></div>')
    return ('<div class="sg-gallery" style="display:flex;flex-wrap:wrap;gap:18px">'
            + "".join(cards) + "</div>")
