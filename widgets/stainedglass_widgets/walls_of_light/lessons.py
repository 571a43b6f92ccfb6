"""The positions of the Walls of Light tutorial: one small live board per rule, in rulebook order.

Each lesson fixes the setup (windows, hands, first player), then plays legal moves, the dice
included (``roll r2 b3 y6``), to reach a position that shows its rule; a "try it" for the learner;
and the move that shows the rule (``demo``; tests play it and check that the rule happened).

>>> state = lesson_state("scoring")
>>> state.play(LESSONS["scoring"].demo)        # the rulebook's example: red 8, yellow 4
>>> state.last_completion.points
(8, 0, 4)
"""

from __future__ import annotations

import stainedglass as sg

from ..kit.lessons import Lesson, Step, board, position
from .examples import (
    ALL_CARDS,
    COVERING,
    DESIGNED,
    FIVE,
    ONE_LEFT,
    ONE_LEFT_BACK,
    OPEN_16,
    PURPLE_SIX,
    SPECIALS,
    THREE,
    turn,
    windows,
)
from .view import WallsOfLightView


def _out_of_winks() -> list[str]:
    """Eight rounds on sixteen-space windows: red places its eighth and last wink."""
    moves: list[str] = []
    for i in range(8):
        cell = "abcd"[i % 4] + str(1 + i // 4)
        moves += turn("r1 b1 y1", f"place red 1:{cell}") + turn("r2 b2 y2", f"place blue 2:{cell}")
        moves += turn("r3 b3 y3", f"place yellow 3:{cell}")
    return moves + ["roll r1 b4 y5"]


def _five_reds() -> list[str]:
    moves: list[str] = []
    for i, cell in enumerate(["b1", "c1", "b2", "b3"]):
        moves += turn("r1 b1 y1", f"place red 1:{cell}")
        moves += turn("r6 b6 y6", "place blue 6:" + ["b1", "b2", "a3", "b3"][i])
        moves += turn("r3 b3 y3", "place yellow 3:" + ["a1", "d1", "a2", "d2"][i])
    return moves + ["roll r1 b4 y5"]


LESSONS: dict[str, Lesson] = {
    "dice": Lesson(
        ["roll r2 b3 y6"],
        "Try it: the dice show red 2, blue 3, yellow 6, so red may work on windows 2, 3 and 6 "
        "(their spaces are ringed in green). Click a space of window 4: refused.",
        "place red 4:a4",
        THREE,
        steps=(Step("place red 4:a4", "✗ window 4 was not rolled"),),
    ),
    "empty": Lesson(
        ["roll r2 b3 y6"],
        "Try it: click any empty space ringed in green, e.g. the top of window 3. Then press "
        "Roll the dice for blue.",
        "place red 3:a1",
        THREE,
        steps=(
            Step("place red 3:a1", "✓ a red wink on 3:a1 (an empty space of window 3)"),
            Step("press Roll the dice", "Blue rolls"),
        ),
    ),
    "covering": Lesson(
        COVERING,
        "Try it (the rulebook's example): red rolled red 6, blue 3, yellow 2. Cover the yellow "
        "wink in window 2 (orange), the blue one in window 3 (purple) or the red one in window "
        "6 (a stack). The red wink in window 3 is out of reach: the red die shows 6.",
        "place red 2:b1",
        THREE,
        steps=(Step("place red 2:b1", "✓ making orange"),),
    ),
    "secondaries": Lesson(
        COVERING + ["place red 2:b1", "roll r2 b2 y2"],
        "Try it: window 2 shows orange twice: red on yellow at b1, and a printed orange at b2. "
        "Blue rolled 2s: try to put blue on either orange. Refused: nothing goes on a "
        "secondary color.",
        "place blue 2:b1",
        THREE,
        steps=(Step("place blue 2:b1", "✗ orange is a secondary color"),),
    ),
    "stacks": Lesson(
        COVERING,
        "Try it: put red on the red wink in window 6 (the red die shows 6). Two winks of one "
        "color make a stack: the space is still red, and scores once.",
        "place red 6:b1",
        THREE,
        steps=(Step("place red 6:b1", "✓ a stack of red"),),
    ),
    "two panes": Lesson(
        COVERING + ["place red 6:b1", "roll r6 b6 y6"],
        "Try it: window 6 has a stack of two red winks at b1. Blue rolled 6s, but try to put "
        "blue on the stack: refused, a space never holds more than two panes.",
        "place blue 6:b1",
        THREE,
        steps=(Step("place blue 6:b1", "✗ already holds two panes"),),
    ),
    "printed": Lesson(
        ["roll r4 b1 y5"],
        "Try it: the blue die shows 1, so red may cover the printed blue pane of window 1 "
        "(c2): it makes purple. The printed blue of window 5 is out of reach: the blue die does "
        "not show 5.",
        "place red 1:c2",
        THREE,
        steps=(Step("place red 1:c2", "✓ making purple"),),
    ),
    "removal": Lesson(
        _out_of_winks(),
        "Try it: red has placed all eight winks. Instead of placing, click one of red's winks "
        "in window 1 to take it back (the turn ends), or Pass.",
        "remove 1:a1",
        dict(THREE, windows=[[OPEN_16, OPEN_16]] * 6),
        steps=(Step("remove 1:a1", "✓ takes a red wink back from 1:a1"),),
    ),
    "extra glass": Lesson(
        ["roll r2 b3 y6"],
        "Try it: click Extra Glass in red's hand, then place two winks: the turn goes on after "
        "the first one.",
        "card extra",
        ALL_CARDS,
        steps=(
            Step("card extra", "✓ may place a second pane this turn"),
            Step("place red 3:a1", "✓ a red wink on 3:a1"),
            Step("place red 6:b1", "✓ a red wink on 6:b1"),
        ),
    ),
    "swap panes": Lesson(
        turn("r3 b3 y3", "place red 3:a1")
        + turn("r3 b3 y3", "place blue 3:d1")
        + turn("r3 b3 y3", "place yellow 3:a4")
        + ["roll r1 b4 y5"],
        "Try it: click Swap Panes, then the red wink and the blue wink in window 3 (any window "
        "will do, rolled or not): they change places. Printed panes and stacks never move.",
        "card swap 3:a1 3:d1",
        ALL_CARDS,
        steps=(Step("card swap 3:a1 3:d1", "✓ change places"),),
    ),
    "roll again": Lesson(
        ["roll r4 b4 y4"],
        "Try it: all three dice show 4. Click Roll Again, click the red and blue dice, then "
        "Reroll chosen dice: only those two are thrown again.",
        "card reroll r b",
        ALL_CARDS,
        steps=(Step("card reroll r b", "✓ rerolls the red and blue dice"),),
    ),
    "modify roll": Lesson(
        ["roll r4 b4 y5"],
        "Try it: click Modify Roll, click the yellow die, then +1: it shows 6, and window 6 "
        "opens to red.",
        "card modify y +1",
        ALL_CARDS,
        steps=(Step("card modify y +1", "✓ the yellow die goes from 5 to 6"),),
    ),
    "scoring": Lesson(
        turn("r2 b2 y2", "place red 2:b1")
        + turn("r2 b2 y2", "place blue 2:c2")
        + turn("r1 b1 y1", "place yellow 1:b3")
        + turn("r3 b3 y3", "place red 3:a1")
        + turn("r3 b3 y3", "place blue 3:d1")
        + turn("r1 b1 y1", "place yellow 1:c3")
        + ["roll r1 b4 y5"],
        "Try it (the rulebook's example): window 1 has three purple panes and two yellow winks. "
        "Complete it with red at c2: red scores 2 for each of its 3 colors and 2 for its red "
        "space (8); yellow 2 for each yellow space (4).",
        "place red 1:c2",
        dict(THREE, windows=windows(p1=[PURPLE_SIX, DESIGNED[0][1]])),
        steps=(Step("place red 1:c2", "✓ red +8, yellow +4"),),
    ),
    "one color": Lesson(
        _five_reds(),
        "Try it (the rulebook's example): four of window 1's five spaces are red. Complete it "
        "with red: 2 for its one color, and 3 per red space instead of 2: 2 + 3 × 5 = 17.",
        "place red 1:b4",
        dict(THREE, windows=windows(p1=[FIVE, DESIGNED[0][1]])),
        steps=(Step("place red 1:b4", "✓ red +17"),),
    ),
    "plus one and card": Lesson(
        turn("r1 b1 y1", "place red 1:a1")
        + turn("r1 b1 y1", "place blue 1:c1")
        + turn("r1 b1 y1", "place yellow 1:d1")
        + turn("r1 b1 y1", "place red 1:b1")
        + turn("r6 b6 y6", "place blue 6:b1")
        + turn("r6 b6 y6", "place yellow 6:b2")
        + ["roll r1 b4 y5"],
        'Try it: red holds the "+1" and the "+card" spaces of window 1. Complete the window '
        "at b2: red gets a point more, and draws a card.",
        "place red 1:b2",
        dict(THREE, windows=windows(p1=[SPECIALS, DESIGNED[0][1]])),
        steps=(Step("place red 1:b2", "✓ red +13"),),
    ),
    "flipping": Lesson(
        turn("r1 b1 y1", "place red 1:d2") + ["roll r1 b1 y1"],
        "Red just completed window 1: it scored, its winks went home, it flipped to its other "
        "face, and a white cube went beside it. Try it: complete the new face with blue at b2: "
        "it flips back, but no second cube.",
        "place blue 1:b2",
        dict(THREE, windows=windows(p1=[ONE_LEFT, ONE_LEFT_BACK])),
        steps=(Step("place blue 1:b2", "✓ It flips to front face"),),
    ),
    "the end": Lesson(
        turn("r1 b1 y1", "place red 1:d2")
        + turn("r2 b2 y2", "place blue 2:d2")
        + turn("r3 b3 y3", "place yellow 3:d2")
        + turn("r4 b4 y4", "place red 4:d2")
        + turn("r5 b5 y5", "place blue 5:d2")
        + ["roll r6 b6 y6"],
        "Try it: five windows have their white cube. Complete window 6 with yellow: the game "
        "ends. All three have 20 points, so the most cards wins: blue, with two.",
        "place yellow 6:d2",
        dict(
            THREE,
            hands=[["extra"], ["swap", "reroll"], []],
            windows=[[ONE_LEFT, ONE_LEFT_BACK]] * 6,
        ),
        steps=(Step("place yellow 6:d2", "✓ Game over: Blue wins"),),
    ),
    "a round of passes": Lesson(
        _out_of_winks()[:-1]
        + turn("r1 b4 y5", "pass")
        + turn("r2 b2 y2", "pass")
        + ["roll r3 b5 y6"],
        "Try it: nobody has a wink left, and red and blue just passed. Pass as yellow: a whole "
        "round of passes ends the game (the referee's ruling 13). Or take a wink back from "
        "window 3 to play on.",
        "pass",
        dict(THREE, windows=[[OPEN_16, OPEN_16]] * 6),
        steps=(Step("pass", "✓ a whole round of passes ends the game"),),
    ),
    "two players": Lesson(
        ["roll r2 b3 y6"],
        'Try it: choose "place yellow (neutral)" below the board and place a yellow wink. '
        "Both players may; yellow spaces score for nobody, but they make orange and green.",
        "place yellow 3:a1",
        dict(THREE, players=2, hands=[[], []]),
        steps=(Step("place yellow 3:a1", "✓ a yellow wink on 3:a1"),),
    ),
}


def lesson_state(name: str) -> sg.State:
    """The position of lesson ``name`` (a fresh state)."""
    return position("walls_of_light", LESSONS, name)


def lesson(name: str) -> WallsOfLightView:
    """A small live board set up for lesson ``name``, with its "try it" shown."""
    return board(WallsOfLightView, lesson_state(name), LESSONS[name], name)
