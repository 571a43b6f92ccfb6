"""Cathedral's facts of a move, as a teacher names them (``state.consequences(move)``): the
squares it claims, the buildings it captures, each side's buildings that no longer fit anywhere
(or fit again), a building left with a single spot, and the squares each side has left to place.

>>> import stainedglass as sg
>>> state = sg.load("cathedral").new_game()
>>> state.play("cathedral e4 d5 e5 f5 e6 e7")
>>> [c.words for c in state.consequences(state.parse_move("castle a1 b1 c1 a2 c2"))]
['Dark has 42 squares left to place, Light 47']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..core import Consequence, Move
from .pieces import ALL_PIECES, LIGHT, NEUTRAL, PIECES, SIDE_NAMES, SIDES, SIZES
from .pieces import Placement

if TYPE_CHECKING:  # for the annotations only: the state imports this module
    from .game import CathedralState

CAPTURE = 3.0
"""What a capture is worth to a teacher ranking the facts, besides twice the squares sent back
(they are to place again, and the walls they made are gone): named before the claim."""
TERRITORY = 0.5
"""What a square of territory is worth, in squares of the score, to a teacher ranking the
facts: room only its side may use (the search weighs a free one 0.3) and room taken from the
other."""


def spots(state: CathedralState, side: int) -> list[int]:
    """How many legal spots each of ``side``'s building kinds has now (whatever its supply)."""
    idx = state._candidates(side)
    found: list[int] = np.bincount(SIDES[side].piece[idx], minlength=len(PIECES)).tolist()
    return found


def _named(side: int, piece: int, n: int) -> str:
    name = PIECES[piece]
    return f"{SIDE_NAMES[side]}'s {name}" + (f"s ({n})" if n > 1 else "")


def _listed(side: int, found: list[tuple[int, int]]) -> str:
    """ "Dark's academy", "Light's castle, taverns (2) and abbey"."""
    names = [PIECES[piece] + (f"s ({n})" if n > 1 else "") for piece, n in found]
    text = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"{SIDE_NAMES[side]}'s {text}"


def consequences(state: CathedralState, move: Move) -> list[Consequence]:
    """The facts of the legal ``move`` in ``state`` (unchanged), the game's order: captures,
    the claim, buildings that no longer fit anywhere or fit again, a last spot, the squares
    left to place (see the module)."""
    assert isinstance(move, Placement)
    me = state.to_move
    after = state.clone()
    after._push(move)
    out: list[Consequence] = []
    for owner, piece, _ in after.last_captures:
        if owner == NEUTRAL:
            out.append(Consequence("capture", "captures the Cathedral", SIZES[piece], CAPTURE))
        else:
            size = SIZES[piece]
            out.append(
                Consequence(
                    "capture",
                    f"captures {SIDE_NAMES[owner]}'s {ALL_PIECES[piece]} ({size} "
                    f"square{'s' if size != 1 else ''} back to {SIDE_NAMES[owner]})",
                    size,
                    2.0 * size + CAPTURE,
                )
            )
    claim = after.last_claim.bit_count()
    if claim:
        out.append(
            Consequence(
                "claim",
                f"claims {claim} square{'s' if claim != 1 else ''}",
                claim,
                TERRITORY * claim,
            )
        )
    if state.cathedral_state != "unplaced":
        for side in (1 - me, me):
            sign = 1.0 if side != me else -1.0
            stuck: list[tuple[int, int]] = []  # (piece, how many)
            freed: list[tuple[int, int]] = []
            had, has = spots(state, side), spots(after, side)
            for piece, (n, was, now) in enumerate(zip(after.supply[side], had, has)):
                held = state.supply[side][piece]
                if not n:
                    continue
                if not now and (was or not held):  # (a building captured back counts too)
                    stuck.append((piece, n))
                elif now and not was and held:
                    freed.append((piece, n))
                elif now == 1 and was > 1 and SIZES[piece] >= 4:
                    out.append(
                        Consequence(
                            "last spot",
                            f"{_named(side, piece, 1)} has one spot left",
                            SIZES[piece],
                            sign * 0.5 * SIZES[piece],
                        )
                    )
            for kind, found, verbs, worth in (
                ("stuck", stuck, ("no longer fits anywhere", "no longer fit anywhere"), sign),
                ("fits", freed, ("fits again", "fit again"), -sign),
            ):
                if found:
                    squares = sum(n * SIZES[piece] for piece, n in found)
                    out.append(
                        Consequence(
                            kind,
                            f"{_listed(side, found)} {verbs[len(found) > 1 or found[0][1] > 1]}",
                            squares,
                            worth * squares,
                        )
                    )
    left = after._board_scores()
    other = 1 - me
    out.append(
        Consequence(
            "unplaced",
            f"{SIDE_NAMES[me]} has {left[me]} squares left to place, "
            f"{SIDE_NAMES[other]} {left[other]}",
            left[me],
        )
    )
    return out


def projected_margin(state: CathedralState, player: int) -> float:
    """``player``'s final margin as the Cathedral search's evaluation expects it, in squares
    (the other side's unplaced squares less the player's), kept within what is possible (no
    more ahead than the other side has squares left to place, no more behind than the player
    has); exact at the end."""
    from .search import Position, evaluate  # the search builds on the game: imported late

    pos = Position(state)
    light = evaluate(pos)
    value = light if player == LIGHT else -light
    return float(min(max(value, -pos.unplaced(player)), pos.unplaced(1 - player)))


__all__ = ["consequences", "projected_margin", "spots"]
