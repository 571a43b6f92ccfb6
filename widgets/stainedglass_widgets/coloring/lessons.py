"""The positions of the Coloring tutorial: one small live board per rule, in rulebook order.

Most lessons use the rose window everyone plays on; a few use a tiny sheet (a custom sheet, as any
teacher can make) where a rule is easier to see.

>>> from stainedglass_widgets.coloring.lessons import LESSONS, lesson_state
>>> state = lesson_state("stars")
>>> state.play(LESSONS["stars"].demo)
>>> state.stars[0][0]        # the star at the top: purple, red and green around it
3
"""

from __future__ import annotations

from typing import Any

import stainedglass as sg
from stainedglass.coloring.sheet import grid_sheet

from ..kit.lessons import Lesson, Step, board, position
from .view import ColoringView


def circled(data: dict[str, Any], count: int = 10) -> dict[str, Any]:
    """A small sheet (``grid_sheet``'s data) with its ``count`` circles drawn in a row along
    the top, as on the rose window, the shapes and stars moved down to make room."""
    xs = [x for shape in data["shapes"] for x, _ in shape["polygon"]]
    ys = [y for shape in data["shapes"] for _, y in shape["polygon"]]
    step = max(xs) / count
    radius = min(step / 2 - 4, 14.0)
    top = 2 * radius + 16

    def down(polygon: list[list[float]]) -> list[list[float]]:
        return [[x, y + top] for x, y in polygon]

    return dict(
        data,
        shapes=[dict(shape, polygon=down(shape["polygon"])) for shape in data["shapes"]],
        stars=[down(star) for star in data["stars"]],
        circles=[[step * (i + 0.5), radius + 8, radius] for i in range(count)],
        width=max(xs),
        height=max(ys) + top,
    )


TWO = {"players": 2}
# a strip of five shapes (a plain one, then the cross, heart, diamond and club) and, apart, an
# island of two: the spade and a plain one
ISLAND = circled(grid_sheet([". + h d c", "# # # # #", "s . # # #"], name="an island"))
# a strip of six shapes (a plain one, then one of each section) and, apart, an island of two
ISLANDS = circled(grid_sheet([". + h d c s", "# # # # # #", ". . # # # #"], name="two islands"))
# one row: a window of five shapes, one of each section
ROW = circled(grid_sheet(["+ h d c s"], name="one row"))
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
        steps=(Step("take red 1 2 3 4 5", "✓ colors 5 shapes red"),),
    ),
    "connected": Lesson(
        ["take red 1 2 3 4 5"],
        "Try it: player 2 counts four pencils: four shapes, each touching another. Take blue, "
        "click 39, 40 and 41, then 22: refused, it touches none of them. Then click 42, which "
        "touches 41, and press ✓.",
        "take blue 22 39 40 41",
        TWO,
        steps=(
            Step("click pencil:blue", "The blue pencil: click 4 connected shapes"),
            Step("click shape:39", "3 more shapes to choose"),
            Step("click shape:40", "2 more shapes to choose"),
            Step("click shape:41", "1 more shape to choose"),
            Step("click shape:22", "✗ shape 22 does not touch the shapes chosen"),
            Step("click shape:42", "press ✓ color 4"),
            Step("click confirm", "✓ colors 4 shapes blue"),
        ),
    ),
    "own color": Lesson(
        FIRST_ROUND[:2],
        "Try it: shape 38 came purple with the window. Take purple and try "
        "39: refused, it touches 38. Any other pencil may touch it: take green and color 39, "
        "40 and 41. The cross's dark outline separates nothing: shapes on both sides of it "
        "still touch.",
        "take purple 39 40 41",
        TWO,
        steps=(
            Step("click pencil:purple", "The purple pencil: click 3 connected shapes"),
            Step("click shape:39", "✗ shape 39 touches shape 38, already purple"),
            Step("take green 39 40 41", "✓ colors 3 shapes green (39, 40, 41)"),
        ),
    ),
    "fewer": Lesson(
        ["take red 1 2 3 4 5"],
        "Try it: four pencils in the middle, but only two shapes are "
        "left, on their own island. Take any pencil, color both, and press ✓: the other two "
        "go to circles (never more than five in a turn).",
        "take blue 6 7 +2",
        {"players": 1, "sheet": ISLAND},
        steps=(Step("take blue 6 7 +2", "✓ color 2 shapes blue (6, 7), fills 2 circles"),),
    ),
    "return": Lesson(
        FIRST_ROUND,
        "Try it: one pencil is left, so N = 1. Color one shape with purple: with "
        "the last pencil used, all five come back to the middle.",
        "take purple 9",
        TWO,
        steps=(Step("take purple 9", "✓ the pencils return to the middle"),),
    ),
    "sections": Lesson(
        ["take red 3 4 5 6 7", "take blue 3 4 5 6"],
        "Try it: player 1 has three of the four "
        "hearts. Color 9 (with 20 and 21) to complete them first: the high value, 5. Player 2 "
        "can still take the low value, 3; a third player nothing.",
        "take green 9 20 21",
        TWO,
        steps=(Step("take green 9 20 21", "✓ completes the heart section: +5 (high value)"),),
    ),
    "stars": Lesson(
        ["take red 53 61 52 51 60", "take blue 1 2 3 4"],
        "Try it: the star at the top sits between purple 38, your red 53 and 61, and 54. "
        "Color 54, 55 and 40 green: surrounded, the star scores one point per colour around it "
        "(3 here, never more than 4). The star at the top left, all red, scored 1.",
        "take green 54 55 40",
        {"players": 1},
        steps=(Step("take green 54 55 40", "✓ surrounds star 1: +3"),),
    ),
    "circles": Lesson(
        ["take red 1 2 3 4 5", "take blue 7 8 +2"],
        "Circles are points: every circle still "
        "empty at the end is worth 1, and two are filled already. Three pencils, one shape "
        "left: color it, two more circles fill, and the full window ends the game: the score "
        "counts the six empty ones.",
        "take green 6 +2",
        {"players": 1, "sheet": ISLANDS},
        steps=(Step("take green 6 +2", "✓ fills 2 circles (-2 at the end)"),),
    ),
    "end": Lesson(
        ["take red 1 2 3 4 5", "take blue 1 2 3 4"],
        "Try it: player 1's window is full: "
        "finished, and skipped from now on. Color player 2's last shape: everyone has "
        "finished and the game ends. On a tie, whoever finished first wins.",
        "take green 5 +2",
        {"players": 2, "sheet": ROW},
        steps=(Step("take green 5 +2", "✓ Game over: Player 1 wins"),),
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
        steps=(Step("cross diamond", "✓ cross off the diamond's high value (7)"),),
    ),
}


def lesson_state(name: str) -> sg.State:
    """The position of lesson ``name`` (a fresh state)."""
    return position("coloring", LESSONS, name)


def lesson(name: str) -> ColoringView:
    """A small live board set up for lesson ``name``, with its "try it" shown."""
    return board(ColoringView, lesson_state(name), LESSONS[name], name)
