"""Walls of Light move notation (``docs/api.md``): every move, made once, and the parser.

Spaces are named ``3:b2`` (window position 3, cell b2); inside the engine a space is one number,
``g = (position - 1) * 16 + row * 4 + col``.

>>> str(parse("place red 3:b2")), str(parse("card swap 5:c1 3:b2")), str(parse("roll y6 r2 b3"))
('place red 3:b2', 'card swap 3:b2 5:c1', 'roll r2 b3 y6')
>>> parse("card modify b +1") == parse("card  modify  B  +1")
True
"""

from __future__ import annotations

import itertools
from typing import Any

from ..core import IllegalMove, Move, cell_name, is_number, parse_cell
from .windows import COLOR_NAMES, DIE_LETTERS, PRIMARIES, SIZE

ROLL, DRAW, PLACE, REMOVE, PASS, CARD = range(6)
EXTRA, SWAP, REROLL, MODIFY = range(4)
CARD_NAMES = ("extra", "swap", "reroll", "modify")
CARD_TITLES = ("Extra Glass", "Swap Panes", "Roll Again", "Modify Roll")
CELLS = SIZE * SIZE  # cells per window
POSITIONS = 6


class WMove(Move):
    """A Walls of Light move: ``kind`` (ROLL, DRAW, PLACE, REMOVE, PASS, CARD) and its data.

    ROLL: ``a`` = ((die, value), ...); DRAW: ``a`` = card; PLACE: ``a`` = color, ``b`` = space;
    REMOVE: ``b`` = space; CARD: ``a`` = card and ``b`` = its arguments (swap: two spaces;
    reroll: dice; modify: (die, +1 or -1)).
    """

    __slots__ = ("kind", "a", "b")

    def __init__(self, kind: int, a: Any, b: Any, text: str) -> None:
        super().__init__((kind, a, b), text)
        self.kind, self.a, self.b = kind, a, b


def space_name(g: int) -> str:
    """``space_name(33) == "3:b1"``."""
    pos, cell = divmod(g, CELLS)
    return f"{pos + 1}:{cell_name(cell % SIZE, cell // SIZE)}"


def _roll_text(pairs: tuple[tuple[int, int], ...]) -> str:
    return "roll " + " ".join(f"{DIE_LETTERS[d]}{v}" for d, v in pairs)


ROLLS: dict[tuple[int, ...], list[WMove]] = {}
"""For each set of dice thrown (all three, or those Roll Again rerolls), its outcomes."""
for _k in (1, 2, 3):
    for _dice in itertools.combinations(range(3), _k):
        ROLLS[_dice] = [
            WMove(ROLL, pairs, None, _roll_text(pairs))
            for pairs in (
                tuple(zip(_dice, vals)) for vals in itertools.product(range(1, 7), repeat=_k)
            )
        ]
ALL_DICE = (0, 1, 2)
ROLL_CHANCES = {dice: [(m, 1.0 / len(ms)) for m in ms] for dice, ms in ROLLS.items()}
_ROLL_BY_KEY = {m.a: m for ms in ROLLS.values() for m in ms}

DRAWS = [WMove(DRAW, t, None, f"draw {CARD_NAMES[t]}") for t in range(4)]
PLACES = [
    [
        WMove(PLACE, c, g, f"place {COLOR_NAMES[c]} {space_name(g)}")
        for g in range(POSITIONS * CELLS)
    ]
    for c in PRIMARIES
]
"""``PLACES[color][space]``."""
REMOVES = [WMove(REMOVE, None, g, f"remove {space_name(g)}") for g in range(POSITIONS * CELLS)]
PASS_MOVE = WMove(PASS, None, None, "pass")
EXTRA_MOVE = WMove(CARD, EXTRA, None, "card extra")
REROLLS = {
    dice: WMove(CARD, REROLL, dice, "card reroll " + " ".join(DIE_LETTERS[d] for d in dice))
    for dice in ROLLS
}
MODIFIES = {
    (d, s): WMove(CARD, MODIFY, (d, s), f"card modify {DIE_LETTERS[d]} {s:+d}")
    for d in range(3)
    for s in (1, -1)
}
_SWAPS: dict[tuple[int, int], WMove] = {}


def swap_move(g1: int, g2: int) -> WMove:
    """The Swap Panes move for two spaces (in either order)."""
    key = (g1, g2) if g1 < g2 else (g2, g1)
    move = _SWAPS.get(key)
    if move is None:
        move = _SWAPS[key] = WMove(
            CARD, SWAP, key, f"card swap {space_name(key[0])} {space_name(key[1])}"
        )
    return move


def action_words() -> tuple[str, ...]:
    """Every move a player can make, each one word, in a fixed order (``Game.action_words``):
    placements, removals, pass, then the cards (every Swap Panes pair of spaces)."""
    words = [str(m) for ms in PLACES for m in ms] + [str(m) for m in REMOVES]
    words += [str(PASS_MOVE), str(EXTRA_MOVE)]
    words += [str(m) for m in REROLLS.values()] + [str(m) for m in MODIFIES.values()]
    spaces = POSITIONS * CELLS
    words += [str(swap_move(a, b)) for a in range(spaces) for b in range(a + 1, spaces)]
    return tuple(words)


def chance_words() -> tuple[str, ...]:
    """Every chance outcome: each roll of one, two or three dice, then each card drawn."""
    return tuple(str(m) for ms in ROLLS.values() for m in ms) + tuple(str(m) for m in DRAWS)


# ---- parsing --------------------------------------------------------------------------------

_HELP = (
    "a move is one of: 'place red 3:b2', 'remove 3:b2', 'pass', 'card extra', "
    "'card swap 3:b2 5:c1', 'card reroll r b', 'card modify b +1', 'roll r2 b3 y6', "
    "'draw swap'"
)


def parse_space(text: str) -> int:
    """``"3:b2"`` -> its space number; IllegalMove when it names no cell of windows 1-6."""
    pos_text, sep, cell_text = text.partition(":")
    if not sep or not is_number(pos_text) or not 1 <= int(pos_text) <= POSITIONS:
        raise IllegalMove(
            f"{text!r} is not a space: a space is a window number 1-6, a colon "
            "and a cell a1-d4, e.g. '3:b2'"
        )
    col, row = parse_cell(cell_text, SIZE, SIZE)
    return (int(pos_text) - 1) * CELLS + row * SIZE + col


def _die(text: str) -> int:
    if len(text) != 1 or text not in DIE_LETTERS:
        raise IllegalMove(f"{text!r} is not a die: the dice are r (red), b (blue), y (yellow)")
    return DIE_LETTERS.index(text)


def _card(text: str) -> int:
    if text not in CARD_NAMES:
        raise IllegalMove(f"{text!r} is not a card; the cards are: " + ", ".join(CARD_NAMES))
    return CARD_NAMES.index(text)


def parse(text: str) -> WMove:
    """Text in Walls of Light notation -> the move; bad text is an IllegalMove saying why."""
    if not isinstance(text, str) or not text.split():
        raise IllegalMove(_HELP)
    head, *args = text.lower().split()
    if head == "pass" and not args:
        return PASS_MOVE
    if head == "place" and len(args) == 2:
        if args[0] not in COLOR_NAMES[:3]:
            raise IllegalMove(f"{args[0]!r} is not a wink color: winks are red, blue or yellow")
        return PLACES[COLOR_NAMES.index(args[0])][parse_space(args[1])]
    if head == "remove" and len(args) == 1:
        return REMOVES[parse_space(args[0])]
    if head == "roll" and 1 <= len(args) <= 3:
        pairs = []
        for a in args:
            if len(a) != 2 or not is_number(a[1]) or not 1 <= int(a[1]) <= 6:
                raise IllegalMove(
                    f"{a!r} is not a die showing a number: write a die letter and 1-6, e.g. 'r2'"
                )
            pairs.append((_die(a[0]), int(a[1])))
        if len({d for d, _ in pairs}) != len(pairs):
            raise IllegalMove(f"{text!r} names a die twice")
        return _ROLL_BY_KEY[tuple(sorted(pairs))]
    if head == "draw" and len(args) == 1:
        return DRAWS[_card(args[0])]
    if head == "card" and args:
        card, rest = _card(args[0]), args[1:]
        if card == EXTRA and not rest:
            return EXTRA_MOVE
        if card == SWAP and len(rest) == 2:
            g1, g2 = parse_space(rest[0]), parse_space(rest[1])
            if g1 == g2:
                raise IllegalMove("Swap Panes exchanges two different spaces: name two")
            return swap_move(g1, g2)
        if card == REROLL and 1 <= len(rest) <= 3:
            dice = tuple(sorted({_die(d) for d in rest}))
            if len(dice) != len(rest):
                raise IllegalMove(f"{text!r} names a die twice")
            return REROLLS[dice]
        if card == MODIFY and len(rest) == 2 and rest[1] in ("+1", "-1"):
            return MODIFIES[(_die(rest[0]), int(rest[1]))]
        usage = {
            EXTRA: "card extra",
            SWAP: "card swap 3:b2 5:c1",
            REROLL: "card reroll r b (one, two or three of r b y)",
            MODIFY: "card modify b +1 (or -1)",
        }[card]
        raise IllegalMove(f"{text!r}: write {usage}")
    raise IllegalMove(f"{text!r} is not a move: {_HELP}")
