"""The positions of the Sagrada tutorial: one small live board per rule, in the rulebook's order,
then one per tool. Every position is reached by legal moves (the draws too), on the designed window
Morning Lantern, so each lesson is the same every time.

>>> from stainedglass_widgets.sagrada.lessons import LESSONS, lesson_state
>>> state = lesson_state("first card")
>>> print(state.explain(LESSONS["first card"].demo))
Illegal: c2 is not on the edge: the very first card must be placed on an edge or corner field
"""

from __future__ import annotations

import stainedglass as sg

from ..kit.lessons import Lesson, Step, board, position
from .view import SagradaView

BASE = {
    "window": "Morning Lantern",
    "tools": 0,
    "orders": ["shades_of_blue", "row_color_variety", "light_shades"],
}
DRAWN = ["draw B4", "draw K6", "draw B1"]
FIRST = DRAWN + ["place B4 a2"]
# a game in which the drawn cards fit nowhere at the last turn shown
FORFEIT = [
    "draw K2",
    "draw B4",
    "draw G6",
    "place G6 b4",
    "place K2 c4",
    "draw G1",
    "draw Y4",
    "draw Y1",
    "place Y1 a3",
    "place G1 d3",
    "draw B6",
    "draw G2",
    "draw Y3",
    "place B6 d4",
    "place Y3 e2",
    "draw B1",
    "draw K5",
    "draw Y2",
    "place K5 e3",
    "place Y2 c2",
    "draw R6",
    "draw B5",
    "draw Y6",
    "place B5 b1",
    "place R6 a2",
    "draw R4",
    "draw K4",
    "draw K6",
    "place K4 b3",
    "place R4 d1",
    "draw B3",
    "draw K1",
    "draw R5",
    "place K1 c1",
]
# a whole game but its last placement
LAST = [
    "draw G2",
    "draw Y5",
    "draw G6",
    "place G2 a4",
    "place Y5 b3",
    "draw B2",
    "draw B3",
    "draw R2",
    "place B3 a3",
    "place R2 c4",
    "draw R1",
    "draw K3",
    "draw G3",
    "place G3 d3",
    "place K3 e2",
    "draw G1",
    "draw K6",
    "draw Y3",
    "place Y3 c2",
    "place G1 c1",
    "draw K2",
    "draw Y4",
    "draw B4",
    "place B4 e3",
    "place K2 b1",
    "draw R5",
    "draw B1",
    "draw K4",
    "place K4 b4",
    "place R5 a2",
    "draw Y2",
    "draw B6",
    "draw Y6",
    "place Y6 e4",
    "place Y2 d1",
    "draw R3",
    "draw K1",
    "draw Y1",
    "pass",
    "pass",
    "draw R6",
    "draw R4",
    "draw K5",
    "pass",
    "pass",
    "draw G5",
    "draw B5",
    "draw G4",
    "place B5 d4",
]

LESSONS: dict[str, Lesson] = {
    "cards and window": Lesson(
        [],
        "Try it: thirty glass cards, five colours (R G Y B K) with values 1 to 6. Press "
        "Draw the cards: a round begins with three from the pile.",
        "draw B4",
        BASE,
        steps=(Step("press Draw the cards", "✓ are drawn from the pile"),),
    ),
    "round": Lesson(
        DRAWN,
        "Try it: three cards, two turns. Place one card, then another: the card left "
        "over goes to the turn bar, and its value adds to the target your score must reach.",
        "place B4 a2",
        BASE,
        steps=(
            Step("place B4 a2", "✓ place B4 on a2"),
            Step("place K6 a3", "✓ the round ends: B1 to the turn bar, target 0 -> 1"),
        ),
    ),
    "first card": Lesson(
        DRAWN,
        "Try it: the very first card goes on an edge or corner field. Try B4 on c2: "
        "refused. Then put it on the edge.",
        "place B4 c2",
        BASE,
        steps=(
            Step("place B4 c2", "✗ c2 is not on the edge"),
            Step("place B4 a2", "✓ place B4 on a2"),
        ),
    ),
    "next to a card": Lesson(
        FIRST,
        "Try it: every later card goes next to a placed card, diagonals too. Try K6 on "
        "e3: refused, it touches nothing. Then put it beside B4.",
        "place K6 e3",
        BASE,
        steps=(
            Step("place K6 e3", "✗ e3 is not next to any placed card"),
            Step("place K6 b3", "✓ place K6 on b3"),
        ),
    ),
    "never the same": Lesson(
        FIRST,
        "Try it: a card may never sit orthogonally next to one of the same colour or "
        "value (diagonally is fine). Try B1 on a3, under the blue B4: refused.",
        "place B1 a3",
        BASE,
        steps=(Step("place B1 a3", "✗ cards of the same color may never be orthogonally"),),
    ),
    "restrictions": Lesson(
        FIRST,
        "Try it: a tinted field takes only its colour, a field with pips only its "
        "value. Try K6 on a1, the red field: refused. The 6 field e4 would take it, if it "
        "were next to a card.",
        "place K6 a1",
        BASE,
        steps=(Step("place K6 a1", "✗ a1 is a red field"),),
    ),
    "forfeit": Lesson(
        FORFEIT,
        "Try it: none of these cards fits anywhere: the turn is forfeited (Pass), and "
        "the cards go to the turn bar. Pass is offered only when nothing can be placed.",
        "pass",
        BASE,
        steps=(Step("pass", "✓ the turn is forfeited"),),
    ),
    "redraw": Lesson(
        [
            "draw K2",
            "draw B4",
            "draw G6",
            "place G6 b4",
            "place K2 c4",
            "draw G1",
            "draw Y4",
            "draw Y1",
            "place Y1 a3",
            "place G1 d3",
            "draw B6",
            "draw G2",
            "draw Y3",
        ],
        "Try it: Redraw (3 pips): pay with a drawn 3; the other drawn cards go to the bottom "
        "of the pile and as many new ones come in their place. Click Redraw, pay with the Y3, "
        "then press Draw the cards: two new cards replace B6 and G2.",
        "tool redraw pay Y3",
        dict(BASE, tools=["redraw"]),
        steps=(
            Step("click tool:redraw", "click a drawn 3 to pay for it"),
            Step("click card:Y3", "✓ puts B6 G2 on the bottom of the pile"),
            Step("press Draw the cards", "✓ are drawn from the pile"),
        ),
    ),
    "grozing": Lesson(
        [
            "draw K2",
            "draw B4",
            "draw G6",
            "place G6 b4",
            "place K2 c4",
            "draw G1",
            "draw Y4",
            "draw Y1",
            "place Y1 a3",
        ],
        "Try it: Grozing Pliers (1 pip): pay with a drawn 1 and change a drawn card for the "
        "one of its colour one higher or lower, if that card is still in the pile. Click the "
        "pliers, pay with G1, click Y4 (ringed), then the Y3 button under the window. Using "
        "the tool is this round's second turn, so Y3 goes to the turn bar: the target rises "
        "by 3 instead of 4.",
        "tool grozing pay G1 Y4 Y3",
        dict(BASE, tools=["grozing"]),
        steps=(
            Step("click tool:grozing", "click a drawn 1 to pay for it"),
            Step("click card:G1", "click a drawn card ringed in green (Y4)"),
            Step("click card:Y4", "click a button under the window (Y3, Y5)"),
            Step("click choice:Y3", "✓ Y3 to the turn bar, target 4 -> 7"),
        ),
    ),
    "grinding": Lesson(
        [
            "draw K2",
            "draw B4",
            "draw G6",
            "place G6 b4",
            "place K2 c4",
            "draw G1",
            "draw Y4",
            "draw Y1",
            "place Y1 a3",
            "place G1 d3",
            "draw B6",
            "draw G2",
            "draw Y3",
        ],
        "Try it: Grinding Stone (6 pips): pay with a drawn 6 and swap a drawn card for the "
        "one of its colour worth 7 minus its value, if that card is still in the pile. Pay "
        "with B6 and click G2: it becomes G5.",
        "tool grinding pay B6 G2",
        dict(BASE, tools=["grinding"]),
        steps=(Step("tool grinding pay B6 G2", "✓ exchanges G2 for G5"),),
    ),
    "eglomise": Lesson(
        [
            "draw K2",
            "draw B4",
            "draw G6",
            "place G6 b4",
            "place K2 c4",
            "draw G1",
            "draw Y4",
            "draw Y1",
            "place Y1 a3",
            "place G1 d3",
            "draw B6",
            "draw G2",
            "draw Y3",
        ],
        "Try it: Eglomise Brush (2 pips): pay with a drawn 2 and move one placed card, "
        "ignoring colour restrictions (all other rules hold). Pay with G2, then move the black "
        "K2 from c4 onto the yellow field c3.",
        "tool eglomise pay G2 c4 c3",
        dict(BASE, tools=["eglomise"]),
        steps=(Step("tool eglomise pay G2 c4 c3", "✓ moves K2 c4 -> c3"),),
    ),
    "burnisher": Lesson(
        [
            "draw K2",
            "draw B4",
            "draw G6",
            "place G6 b4",
            "place K2 c4",
            "draw G1",
            "draw Y4",
            "draw Y1",
            "place Y1 a3",
            "place G1 d3",
            "draw B6",
            "draw G2",
            "draw Y3",
            "place B6 d4",
            "place Y3 e2",
            "draw B1",
            "draw K5",
            "draw Y2",
        ],
        "Try it: Copper Foil Burnisher (5 pips): pay with a drawn 5 and move one placed card, "
        "ignoring value restrictions. Pay with K5, then move Y3 from e2 onto the 5 field b2.",
        "tool burnisher pay K5 e2 b2",
        dict(BASE, tools=["burnisher"]),
        steps=(Step("tool burnisher pay K5 e2 b2", "✓ moves Y3 e2 -> b2"),),
    ),
    "lathekin": Lesson(
        [
            "draw K2",
            "draw B4",
            "draw G6",
            "place G6 b4",
            "place K2 c4",
            "draw G1",
            "draw Y4",
            "draw Y1",
            "place Y1 a3",
        ],
        "Try it: Lathekin (4 pips): pay with a drawn 4 and move exactly two placed cards, "
        "each obeying every rule: after the first, the tool waits for the second. Pay with "
        "Y4, move Y1 from a3 to b3, then G6 from b4 to a2.",
        "tool lathekin pay Y4 a3 b3 b4 a2",
        dict(BASE, tools=["lathekin"]),
        steps=(
            Step("click tool:lathekin", "click a drawn 4 to pay for it"),
            Step("click card:Y4", "click a field ringed in green"),
            Step("click a3", "click a field ringed in green"),
            Step("click b3", "click a field ringed in green"),
            Step("click b4", "click a field ringed in green"),
            Step("click a2", "✓ moves Y1 a3 -> b3, G6 b4 -> a2"),
        ),
    ),
    "tapwheel": Lesson(
        [
            "draw K2",
            "draw B4",
            "draw G6",
            "place G6 b4",
            "place K2 c4",
            "draw G1",
            "draw Y4",
            "draw Y1",
            "place Y1 a3",
            "place G1 d3",
            "draw B6",
            "draw G2",
            "draw Y3",
            "place B6 d4",
            "place Y3 e2",
            "draw B1",
            "draw K5",
            "draw Y2",
            "place K5 e3",
            "place Y2 c2",
            "draw R6",
            "draw B5",
            "draw Y6",
            "place B5 b1",
            "place R6 a2",
            "draw R4",
            "draw K4",
            "draw K6",
        ],
        "Try it: Tap Wheel (4 pips): pay with a drawn 4 and move one or two placed cards of "
        "one colour that lies on the turn bar. Pay with R4, move B5 from b1 to c1, then press "
        "Done.",
        "tool tapwheel pay R4 b1 c1",
        dict(BASE, tools=["tapwheel"]),
        steps=(Step("tool tapwheel pay R4 b1 c1", "✓ moves B5 b1 -> c1"),),
    ),
    "lenscutter": Lesson(
        [
            "draw K2",
            "draw B4",
            "draw G6",
            "place G6 b4",
            "place K2 c4",
            "draw G1",
            "draw Y4",
            "draw Y1",
            "place Y1 a3",
            "place G1 d3",
            "draw B6",
            "draw G2",
            "draw Y3",
        ],
        "Try it: Lens Cutter (2 pips): pay with a drawn 2 and exchange a drawn card with any "
        "card of the turn bar. Pay with G2, click B6, then B4 on the turn bar: B6 goes to the "
        "bar, B4 comes back.",
        "tool lenscutter pay G2 B6 B4",
        dict(BASE, tools=["lenscutter"]),
        steps=(Step("tool lenscutter pay G2 B6 B4", "✓ exchanges the drawn B6 with B4"),),
    ),
    "straightedge": Lesson(
        [
            "draw K2",
            "draw B4",
            "draw G6",
            "place G6 b4",
            "place K2 c4",
            "draw G1",
            "draw Y4",
            "draw Y1",
            "place Y1 a3",
            "place G1 d3",
            "draw B6",
            "draw G2",
            "draw Y3",
            "place B6 d4",
            "place Y3 e2",
            "draw B1",
            "draw K5",
            "draw Y2",
        ],
        "Try it: Cork-backed Straightedge (5 pips): pay with a drawn 5 and place the round's "
        "card on a field next to no card at all. Pay with K5, then put B1 on b1.",
        "tool straightedge pay K5 B1 b1",
        dict(BASE, tools=["straightedge"]),
        steps=(
            Step(
                "tool straightedge pay K5 B1 b1", "✓ places B1 on b1, a field adjacent to no card"
            ),
        ),
    ),
    "orders": Lesson(
        FIRST,
        "The orders: one unique order (here Shades of Blue, the sum of the blue values) "
        "scores once; two basic ones (Row Color Variety, Light Shades: a 1 and a 2) score every "
        "time they hold. Put B1 on b1: Shades of Blue rises by 1.",
        "place B1 b1",
        BASE,
        steps=(Step("place B1 b1", "✓ Shades of Blue +1"),),
    ),
    "end": Lesson(
        LAST,
        "The last turn of the tenth round: neither green card fits, so pass, and the game "
        "ends. The target is the sum of the turn bar; your score is the orders minus 3 for "
        "every empty field. Won or lost?",
        "pass",
        BASE,
        steps=(Step("pass", "✓ the game ends: lost, score 5 against target 55"),),
    ),
}


def lesson_state(name: str) -> sg.State:
    """The position of lesson ``name`` (a fresh state)."""
    return position("sagrada", LESSONS, name)


def lesson(name: str) -> SagradaView:
    """A small live board set up for lesson ``name``, with its "try it" shown."""
    return board(SagradaView, lesson_state(name), LESSONS[name], name)
