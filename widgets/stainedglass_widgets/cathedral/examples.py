"""Cathedral positions the tutorial and the gallery share, as the moves that reach them.

>>> import stainedglass as sg
>>> state = sg.load("cathedral").new_game()
>>> for move in LATE_GAME:
...     state.play(move)
>>> state.is_terminal()
True
"""

CATHEDRAL_MIDDLE = "cathedral e4 d5 e5 f5 e6 e7"
# a random game (seed 2) that ends with a skip: used for skipping, the end and the match
LATE_GAME = [
    "cathedral e8 d9 e9 f9 g9 e10",
    "academy c3 c4 d4 b5 c5",
    "stable e4 f4",
    "stable j4 j5",
    "stable a3 a4",
    "abbey d2 e2 e3 f3",
    "tower b7 c7 a8 b8 a9",
    "stable j8 j9",
    "square h9 i9 h10 i10",
    "bridge f7 g7 h7",
    "abbey e6 f6 d7 e7",
    "inn g1 g2 h2",
    "bridge a6 b6 c6",
    "tavern a2",
    "manor h4 h5 i5 h6",
    "square b1 c1 b2 c2",
    "tavern e5",
    "inn g4 f5 g5",
    "inn j2 i3 j3",
    "tower c8 d8 b9 c9 b10",
    "tavern j10",
    "tavern f8",
    "inn i7 j7 i8",
    "stable c10 d10",
    "manor h1 i1 j1 i2",
]
