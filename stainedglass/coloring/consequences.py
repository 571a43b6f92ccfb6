"""Coloring's facts of a move, as a teacher names them (``state.consequences(move)``): stars
surrounded, sections completed (and the values left to the others), a section or star one or
two shapes short, circles filled, the pencils left to the others, a window finished.

>>> import stainedglass as sg
>>> state = sg.load("coloring", players=2).new_game(seed=1)
>>> for fact in state.consequences(state.parse_move("take red 1 2 3 4 5")):
...     print(fact.words)
leaves the heart section 2 shapes short of +5
leaves the blue, green, yellow and purple pencils to player 2
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..core import Consequence, Move
from .sheet import SECTION_VALUES, SECTIONS

if TYPE_CHECKING:  # for the annotations only: the state imports this module
    from .game import ColoringState

OPEN, CROSSED = -1, -2  # as game.py marks a value or star nobody has taken
NEAR = 2
"""A section or star this few shapes short is named: the next turns may complete it."""
NEAR_WORTH = 0.3
"""A teacher's weight for a section or star near completion: this share of what it pays."""


def _open_value(state: ColoringState, i: int) -> int:
    """The best value of section ``i`` still open (0 when both are taken or crossed)."""
    name = SECTIONS[i]
    for value, owner in zip(SECTION_VALUES[name], (state.high[i], state.low[i])):
        if owner == OPEN:
            return value
    return 0


def _pencils(names: list[str]) -> str:
    if len(names) == 1:
        return f"the {names[0]} pencil"
    return "the " + ", ".join(names[:-1]) + f" and {names[-1]} pencils"


def consequences(state: ColoringState, move: Move) -> list[Consequence]:
    """The facts of the legal ``move`` in ``state`` (unchanged), see the module."""
    p = state.to_move
    after = state.clone()
    after._push(move)
    sheet = state.sheet
    out: list[Consequence] = []
    who = state._who(p)
    for k, (b, a) in enumerate(zip(state.stars[p], after.stars[p])):
        if b == OPEN and a >= 0:
            out.append(Consequence("star", f"surrounds star {k + 1}: +{a}", a, float(a)))
        elif b == OPEN and a == CROSSED:
            out.append(Consequence("star", f"crosses off star {k + 1}", 0, 0.0))
    for i, name in enumerate(SECTIONS):
        gained = sum(
            value
            for value, before, now in zip(
                SECTION_VALUES[name], (state.high[i], state.low[i]), (after.high[i], after.low[i])
            )
            if before == OPEN and now == p
        )
        if gained:
            left = _open_value(after, i) if not state.solo else 0
            rest = f" (the others can still get {left})" if left else ""
            out.append(
                Consequence(
                    "section",
                    f"completes the {name} section: +{gained}{rest}",
                    gained,
                    float(gained),
                )
            )
    colored = getattr(move, "mask", 0)
    if colored:
        mine = after.colored[p]
        for i, name in enumerate(SECTIONS):
            sec = sheet.section_mask[name]
            short = (sec & ~mine).bit_count()
            value = _open_value(after, i)
            if sec & colored and 0 < short <= NEAR and value:
                out.append(
                    Consequence(
                        "near",
                        f"leaves the {name} section {short} shape{'s' if short > 1 else ''} "
                        f"short of +{value}",
                        short,
                        NEAR_WORTH * value / short,
                    )
                )
        for k, around in enumerate(sheet.star_mask):
            short = (around & ~mine).bit_count()
            if around & colored and 0 < short <= NEAR and after.stars[p][k] == OPEN:
                colors = min(4, sum(1 for m in after.paint[p] if m & around))
                out.append(
                    Consequence(
                        "near",
                        f"leaves star {k + 1} {short} shape{'s' if short > 1 else ''} short "
                        f"(worth {colors} now)",
                        short,
                        NEAR_WORTH * colors / short,
                    )
                )
    circles = getattr(move, "circles", 0)
    if circles:
        out.append(
            Consequence(
                "circles",
                f"fills {circles} circle{'s' if circles > 1 else ''} "
                f"({after.circles_left(p)} left, a point each at the end)",
                circles,
                -float(circles),
            )
        )
    if p in after.finished and p not in state.finished:
        how = "colors the whole window" if after.colored[p] == sheet.full else "has no circle left"
        out.append(
            Consequence(
                "finished", f"{who} {how} and is finished (a tie goes to the first)", 1, 0.5
            )
        )
    if not state.solo and not after.is_terminal() and after.to_move != p:
        pencils = after.pencils()
        nxt = state._who(after.to_move)
        if state.pool.bit_count() == 1:
            words = f"the pencils return to the middle: {nxt} chooses from all five"
        else:
            words = f"leaves {_pencils(pencils)} to {nxt}"
        out.append(Consequence("pencils", words, len(pencils), 0.0))
    return out


def projected_points(state: ColoringState) -> list[float]:
    """Each player's points so far plus half the value of the sections and stars still
    within their reach (what ``evaluate()`` weighs)."""
    sheet = state.sheet
    est = []
    for p in range(state.num_players):
        v = float(state.scores()[p])
        for i, name in enumerate(SECTIONS):
            sec = sheet.section_mask[name]
            value = _open_value(state, i)
            if value and sec & ~state.colored[p]:
                done = (sec & state.colored[p]).bit_count() / sec.bit_count()
                v += 0.5 * done * value
        for k, around in enumerate(sheet.star_mask):
            if state.stars[p][k] == OPEN:
                v += 0.5 * min(4, sum(1 for m in state.paint[p] if m & around))
        est.append(v)
    return est


def projected_margin(state: ColoringState, player: int, target: int) -> float:
    """``player``'s expected final margin in points: the projected points (exact at the end)
    less the best other player's; solo, less the ``target``."""
    est = [float(s) for s in state.scores()] if state.is_terminal() else projected_points(state)
    if state.solo:
        return est[0] - target
    return est[player] - max(v for q, v in enumerate(est) if q != player)


def shares(est: list[float], solo: bool, target: int) -> list[float]:
    """Projected points as shares of the win (``evaluate()``)."""
    if solo:
        return [1.0 / (1.0 + math.exp(-(est[0] - target) / 8.0))]
    weights = [math.exp((v - max(est)) / 6.0) for v in est]
    total = sum(weights)
    return [w / total for w in weights]


__all__ = ["consequences", "projected_points", "projected_margin", "shares"]
