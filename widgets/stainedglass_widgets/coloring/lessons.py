"""The positions of the Coloring tutorial: one small live board per rule, in rulebook order.

Most lessons use the rose window everyone plays on; two use a tiny sheet (a custom sheet, as any
teacher can make) where a rule is easier to see.

>>> from stainedglass_widgets.coloring.lessons import LESSONS, lesson_state
>>> state = lesson_state("stars")
>>> state.play(LESSONS["stars"].demo)
>>> state.stars[0][0]        # star 1: purple, red and green around it
3
"""

from __future__ import annotations

import stainedglass as sg
from stainedglass.coloring.sheet import grid_sheet

from ..kit.lessons import Lesson, board, position
from .view import ColoringView

TWO = {"players": 2}
# a strip of five shapes (one of each section) and an island of two, apart
ISLANDS = grid_sheet([". + h d c s", "# # # # # #", ". . # # # #"], name="two islands")
# one row: a window of five shapes, one of each section
ROW = grid_sheet(["+ h d c s"], name="one row")
FIRST_ROUND = [
    "take red 1 2 3 4 5",
    "take blue 22 23 24 25",
    "take green 6 7 8",
    "take yellow 10 11",
]

LESSONS: dict[str, Lesson] = {
    "pencils": Lesson(
        [],
        "Try it: five pencils lie in the middle, so N = 5. Click a pencil, then five shapes "
        "that touch each other, then ✓ (or Enter).",
        "take red 1 2 3 4 5",
        TWO,
    ),
    "connected": Lesson(
        ["take red 1 2 3 4 5"],
        "Try it: player 2 counts four pencils: four shapes, each "
        "touching another. Take blue and try 22, 39, 40, 41: 22 is refused, it touches none "
        "of them. Then choose four that touch.",
        "take blue 22 39 40 41",
        TWO,
    ),
    "own color": Lesson(
        FIRST_ROUND[:2],
        "Try it: shape 38 came purple with the window. Take purple and try "
        "39: refused, it touches 38. Any other pencil may touch it, and the cross's dark "
        "outline separates nothing: shapes on both sides of it still touch.",
        "take purple 39 40 41",
        TWO,
    ),
    "fewer": Lesson(
        ["take red 1 2 3 4 5"],
        "Try it: four pencils in the middle, but only two shapes are "
        "left, on their own island. Take any pencil, color both, and press ✓: the other two "
        "go to circles (never more than five in a turn).",
        "take blue 7 8 +2",
        {"players": 1, "sheet": ISLANDS},
    ),
    "return": Lesson(
        FIRST_ROUND,
        "Try it: one pencil is left, so N = 1. Color one shape with purple: with "
        "the last pencil used, all five come back to the middle.",
        "take purple 9",
        TWO,
    ),
    "sections": Lesson(
        ["take red 3 4 5 6 7", "take blue 3 4 5 6"],
        "Try it: player 1 has three of the four "
        "hearts. Color 9 (with 20 and 21) to complete them first: the high value, 5. Player 2 "
        "can still take the low value, 3; a third player nothing.",
        "take green 9 20 21",
        TWO,
    ),
    "stars": Lesson(
        ["take red 53 61 52 51 60", "take blue 1 2 3 4"],
        "Try it: star 1 sits between purple "
        "38, your red 53 and 61, and 54. Color 54, 55 and 40 green: surrounded, the star scores "
        "one point per colour around it (3 here, never more than 4). Star 5, all red, scored 1.",
        "take green 54 55 40",
        TWO,
    ),
    "circles": Lesson(
        ["take red 1 2 3 4 5", "take blue 7 8 +2"],
        "Circles are points: every circle still "
        "empty at the end is worth 1, and two are filled already. Three pencils, one shape "
        "left: color it, two more circles fill, and the full window ends the game: the score "
        "counts the eight empty ones.",
        "take green 6 +2",
        {"players": 1, "sheet": ISLANDS},
    ),
    "end": Lesson(
        ["take red 1 2 3 4 5", "take blue 1 2 3 4"],
        "Try it: player 1's window is full: "
        "finished, and skipped from now on. Color player 2's last shape: everyone has "
        "finished and the game ends. On a tie, whoever finished first wins.",
        "take green 5 +2",
        {"players": 2, "sheet": ROW},
    ),
    "solo": Lesson(
        FIRST_ROUND + ["take purple 9"],
        "Solo: the last pencil used (purple) stays out of the "
        "middle for a round, and at every return you cross off a scoring chance: the high value "
        "of a section not yet marked. Click the diamond's values. A section you complete with "
        "both values open scores both. At the end your score is rated, from apprentice glazier "
        "(40) to glazier to the king (81 and more).",
        "cross diamond",
        {"players": 1},
    ),
}


def lesson_state(name: str) -> sg.State:
    """The position of lesson ``name`` (a fresh state)."""
    return position("coloring", LESSONS, name)


def lesson(name: str) -> ColoringView:
    """A small live board set up for lesson ``name``, with its "try it" shown."""
    return board(ColoringView, lesson_state(name), LESSONS[name], name)
