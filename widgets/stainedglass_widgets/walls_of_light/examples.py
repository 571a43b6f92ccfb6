"""Walls of Light setups and positions the tutorial and the gallery share: the designed windows,
small faces made to show one rule, and the moves (the dice included) that reach a position.

>>> import stainedglass as sg
>>> state = sg.load("walls_of_light", **THREE).new_game(seed=0)
>>> for move in COVERING:
...     state.play(move)
>>> state.dice_text()
'r6 b3 y2'
"""

from __future__ import annotations

from stainedglass.walls_of_light.windows import WINDOWS

DESIGNED = [[list(front.rows), list(back.rows)] for front, back in WINDOWS]
# small faces made for the lessons (a face is four rows of four: # stone, . empty, + "+1",
# * "+card", R Y B O P G printed)
OPEN_16 = ["....", "....", "....", "...."]  # sixteen empty spaces: nothing completes soon
ONE_LEFT = ["#OP#", "#GO.", "####", "####"]  # four printed secondaries and one empty space
ONE_LEFT_BACK = ["#GP#", "#.O#", "#O##", "####"]
PURPLE_SIX = ["#PP#", "#P.#", "#..#", "####"]  # the rulebook's scoring example
FIVE = ["#..#", "#.##", "#.##", "#.##"]  # the rulebook's all-red window of five panes
SPECIALS = ["+*..", "#.##", "####", "####"]


def windows(**faces: list[list[str]]) -> list[list[list[str]]]:
    """The designed windows, front up, with some positions replaced: ``windows(p1=[f, b])``."""
    out = [list(pair) for pair in DESIGNED]
    for key, pair in faces.items():
        out[int(key[1:]) - 1] = pair
    return out


def turn(dice: str, *moves: str) -> list[str]:
    """One turn: the roll (``"r2 b3 y6"``) and the moves that follow it."""
    return [f"roll {dice}", *moves]


THREE = {"players": 3, "first_player": 0, "hands": [[], [], []], "windows": windows()}
ALL_CARDS = dict(THREE, hands=[["extra", "swap", "reroll", "modify"], [], []])

# the rulebook's covering example: red rolls red 6, blue 3, yellow 2 with a yellow wink in
# window 2, a blue one in window 3 and red ones in windows 6 and 3
COVERING = (
    turn("r6 b6 y6", "place red 6:b1")
    + turn("r3 b3 y3", "place blue 3:a1")
    + turn("r2 b2 y2", "place yellow 2:b1")
    + turn("r3 b3 y3", "place red 3:d1")
    + turn("r5 b5 y5", "place blue 5:a2")
    + turn("r1 b1 y1", "place yellow 1:c1")
    + ["roll r6 b3 y2"]
)
