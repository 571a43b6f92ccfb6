"""The positions of the Cathedral tutorial: one small live board per rule, in rulebook order.

Each lesson is a position reached by legal moves (``setup``), a "try it" for the learner, and the
move that shows the rule (``demo``; tests play it and check that the rule happened).

>>> from stainedglass_widgets.cathedral.lessons import lesson_state
>>> state = lesson_state("capture")
>>> state.play(LESSONS["capture"].demo)
>>> [(owner, piece) for owner, piece, _ in state.last_captures]   # Light's tavern goes home
[(0, 0)]
"""

from __future__ import annotations

import stainedglass as sg

from ..kit.lessons import Lesson, Step, board, position
from .examples import CATHEDRAL_MIDDLE, LATE_GAME
from .view import CathedralView

# Dark walls off the corner a1-b2 but for the diagonal gap at c3 (walls, claiming)
_LEAKY_CORNER = [CATHEDRAL_MIDDLE, "stable c1 c2", "tavern j10", "stable a3 b3", "tavern j8"]


LESSONS: dict[str, Lesson] = {
    "placement": Lesson(
        [],
        "Try it: Light holds the Cathedral. Move over the city and click to place it "
        "anywhere it fits.",
        CATHEDRAL_MIDDLE,
        steps=(Step(CATHEDRAL_MIDDLE, "✓ Light places the cathedral"),),
    ),
    "rotation": Lesson(
        [CATHEDRAL_MIDDLE],
        "Try it: first type the mirror image of Dark's abbey, abbey b2 c2 a3 b3, in the box: "
        "refused, a building is never flipped. Then choose Dark's abbey, press r (or Rotate) "
        "to turn it, and place it.",
        "abbey b2 c2 a3 b3",
        steps=(
            Step("type abbey b2 c2 a3 b3", "✗ mirror image of Dark's abbey"),
            Step("abbey i1 h2 i2 h3", "✓ Dark places the abbey"),
        ),
    ),
    "first round": Lesson(
        [CATHEDRAL_MIDDLE, "inn b1 a2 b2"],
        "Try it: Dark's inn has walled off a1, but a first "
        "building claims nothing. Place any Light building, then any Dark one: a1 turns Dark.",
        "tavern j10",
        steps=(
            Step("tavern j10", "✓ a first building never claims territory"),
            Step("tavern j1", "✓ Dark places the tavern on j1; claims 1 square"),
        ),
    ),
    "walls": Lesson(
        _LEAKY_CORNER,
        "Try it: the corner a1-b2 leaks diagonally between c2 and b3. Place Dark's tavern on "
        "c3 to close the wall.",
        "tavern c3",
        steps=(Step("tavern c3", "✓ Dark places the tavern on c3; claims 4 squares"),),
    ),
    "claiming": Lesson(
        _LEAKY_CORNER + ["tavern c3"],
        "Try it: Dark owns a1, b1, a2 and b2. Try to put Light's stable there: refused. "
        "Then place it elsewhere and let Dark build inside its own territory.",
        "stable a1 b1",
        steps=(
            Step("stable a1 b1", "✗ Dark's territory"),
            Step("stable i5 i6", "✓ Light places the stable"),
            Step("tavern a1", "✓ Dark places the tavern on a1"),
        ),
    ),
    "capture": Lesson(
        [CATHEDRAL_MIDDLE, "stable c1 c2", "tavern a1", "stable a3 b3", "tavern j10"],
        "Try it: Light's tavern on a1 stands alone in the corner. Close the wall with Dark's "
        "tavern on c3 and watch it go back to Light's supply.",
        "tavern c3",
        steps=(Step("tavern c3", "✓ captures Light's tavern"),),
    ),
    "two buildings": Lesson(
        [
            CATHEDRAL_MIDDLE,
            "stable c1 c2",
            "tavern a1",
            "bridge h1 h2 h3",
            "tavern a2",
            "stable a3 b3",
            "stable j9 j10",
        ],
        "Try it: now two Light taverns share the corner. Close the wall with Dark's tavern on "
        "c3: nothing is claimed, nothing is removed.",
        "tavern c3",
        steps=(Step("tavern c3", "✓ Dark places the tavern on c3."),),
    ),
    "cathedral captured": Lesson(
        [
            "cathedral b1 a2 b2 c2 b3 b4",
            "bridge f1 f2 f3",
            "tavern j10",
            "stable a5 b5",
            "tavern j8",
            "stable c5 d5",
            "stable j5 j6",
        ],
        "Try it: Dark's wall runs along row 5 and column f, with one gap at e5-f5. Close it "
        "with Dark's inn on f4 f5 e5: the Cathedral leaves the game.",
        "inn f4 f5 e5",
        steps=(Step("inn f4 f5 e5", "✓ claims 20 squares and captures the cathedral"),),
    ),
    "skipping": Lesson(
        LATE_GAME[:23],
        "Try it: Dark places the stable on c10 d10. Light has no room left "
        "for any building, so Light is skipped and Dark plays on.",
        LATE_GAME[23],
        steps=(Step(LATE_GAME[23], "✓ Light cannot place any building and is skipped"),),
    ),
    "end": Lesson(
        LATE_GAME[:24],
        "Try it: Dark has exactly one placement left (Hint shows it). Place "
        "it: neither side can build, the game ends and the unplaced squares are counted.",
        LATE_GAME[24],
        steps=(Step(LATE_GAME[24], "✓ Game over: Dark wins"),),
    ),
    "match": Lesson(
        LATE_GAME[:24],
        "Try it: this is the first game of a match. End it with Dark's last "
        "building: the second game begins, and this time Dark places the Cathedral.",
        LATE_GAME[24],
        {"match": True},
        steps=(Step(LATE_GAME[24], "✓ Game 2: Dark places the Cathedral"),),
    ),
}


def lesson_state(name: str) -> sg.State:
    """The position of lesson ``name`` (a fresh state)."""
    return position("cathedral", LESSONS, name)


def lesson(name: str) -> CathedralView:
    """A small live board set up for lesson ``name``, with its "try it" shown."""
    return board(CathedralView, lesson_state(name), LESSONS[name], name)
