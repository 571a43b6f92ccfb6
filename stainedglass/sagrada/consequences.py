"""Sagrada's facts of a move, as a teacher names them (``state.consequences(move)``): the
fields that no card still to come can fill any more (each an empty field at the end), what each
order gains, what the window now looks worth against the target's projection, the card that
goes to the turn bar, and the tools kept or used.

>>> import stainedglass as sg
>>> state = sg.load("sagrada", window="Morning Lantern", tools=["lathekin"],
...                 orders=["shades_of_red", "light_shades", "deep_shades"]).new_game(seed=1)
>>> for text in ("draw R1", "draw G2", "draw Y6"):
...     state.play(text)
>>> for fact in state.consequences(state.parse_move("place R1 a1")):
...     print(fact.words)
Shades of Red +1
the orders promise about 2 points (+2); the target heads for about 34
keeps 1 tool for later (Lathekin)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import Consequence, Move
from .cards import card_text, cards_text, value_of
from .scoring import EMPTY_FIELD_PENALTY, empty_fields
from .tools import TOOLS
from .windows import CELL_NAMES, FULL, beside
from .worth import KNOBS, window_value

if TYPE_CHECKING:  # for the annotations only: the state imports this module
    from .state import SagradaState

MEAN_CARD = 3.5
"""A card's mean value: what each round still to come adds to the target at least (one card
goes to the turn bar), for the target's projection."""
ROUNDS = 10
PROMISE_WORTH = 0.5
"""A teacher's weight for what the orders promise: half of it (points scored and fields lost
are named first)."""


def to_come(state: SagradaState) -> list[int]:
    """The cards that may still be placed: those drawn and not used, and the pile's."""
    return [*state.hand_codes, *state._unknown, *state._bottom]


def dead_fields(state: SagradaState) -> int:
    """The empty fields that no card still to come fits (by its restriction and by the cards
    already beside it, same color or value): they will stay empty, 3 points each."""
    free = FULL & ~state.occupied
    colm, valm, allowed = state.color_masks, state.value_masks, state.window.allowed
    fits = 0
    for c in set(to_come(state)):
        fits |= allowed[c] & free & ~beside(colm[c // 6]) & ~beside(valm[c % 6])
    return free & ~fits


def _fields(mask: int) -> str:
    names = [CELL_NAMES[i] for i in range(len(CELL_NAMES)) if mask >> i & 1]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def projected_target(state: SagradaState) -> float:
    """The target's projection: the turn bar so far, a card of mean value for each round still
    to come, and this round's drawn cards that no turn is left to place."""
    rounds_after = ROUNDS - state.round
    turns_left = 2 - state._turns if not state.cards_to_draw else 2
    stuck = max(0, len(state.hand_codes) - turns_left)
    here = sum(sorted(value_of(c) for c in state.hand_codes)[:stuck])
    return state.target() + here + MEAN_CARD * (rounds_after + (1 if state.cards_to_draw else 0))


def orders_promise(state: SagradaState) -> float:
    """What the orders promise at the end as the Sagrada search's planner reckons it: each
    with credit for what is half built (a row with no repeat yet, by how full it is; pairs and
    sets by how near the next one is)."""
    return window_value(
        state._grid,
        state.occupied,
        state.color_masks,
        state.value_masks,
        state.window.allowed,
        to_come(state),
        state._orders,
        state._weights,
        (0.0, 0.0, 0.0, *KNOBS[3:]),  # the orders alone: no charge for the fields
    )


def consequences(state: SagradaState, move: Move) -> list[Consequence]:
    """The facts of the legal ``move`` in ``state`` (unchanged), see the module."""
    after = state.clone()
    after._push(move)
    key = move.key
    assert isinstance(key, tuple)
    out: list[Consequence] = []
    if not state.cards_to_draw:  # a decision (draws are chance: no fields to judge)
        lost = dead_fields(after) & ~dead_fields(state)
        if lost:
            n = lost.bit_count()
            out.append(
                Consequence(
                    "dead",
                    f"{_fields(lost)} can no longer be filled by any card still to come "
                    f"(-{EMPTY_FIELD_PENALTY * n} at the end)",
                    n,
                    -float(EMPTY_FIELD_PENALTY * n),
                )
            )
    for (name, w, p0, _), (_, _, p1, _) in zip(state.breakdown(), after.breakdown()):
        if p1 != p0:
            gain = w * (p1 - p0)
            out.append(
                Consequence("orders", f"{name} {'+' if gain > 0 else ''}{gain}", gain, float(gain))
            )
    if not state.cards_to_draw and not after.is_terminal():
        w0, w1 = orders_promise(state), orders_promise(after)
        out.append(
            Consequence(
                "projection",
                f"the orders promise about {w1:.0f} points ({w1 - w0:+.0f}); the target heads "
                f"for about {projected_target(after):.0f}",
                round(w1),
                PROMISE_WORTH * (w1 - w0),
            )
        )
    if len(after.bar_codes) > len(state.bar_codes):
        bar = after.bar_codes[-1]
        added = sum(value_of(c) for c in bar)
        out.append(
            Consequence(
                "bar",
                f"the round ends: {cards_text(bar)} to the turn bar, the target "
                f"{state.target()} -> {after.target()}",
                added,
                -float(added),
            )
        )
    if key[0] == "tool":
        left = len(after.tools)
        out.append(
            Consequence(
                "tools",
                f"uses {TOOLS[key[1]].name}, paid with {card_text(key[2])}: "
                f"{left} tool{'s' if left != 1 else ''} left",
                left,
                0.0,
            )
        )
    elif key[0] in ("place", "pass") and after.tools:
        names = ", ".join(TOOLS[t].name for t in after.tools)
        out.append(
            Consequence(
                "tools",
                f"keeps {len(after.tools)} tool{'s' if len(after.tools) != 1 else ''} for later "
                f"({names})",
                len(after.tools),
                0.0,
            )
        )
    if after.is_terminal():
        s, t = after.scores()[0], after.target()
        out.append(
            Consequence(
                "end",
                f"the game ends: {'won' if s >= t else 'lost'}, {s} against a target of {t}",
                s - t,
                0.0,
            )
        )
    return out


def projected_margin(state: SagradaState) -> float:
    """The final score less the target as the position promises it (what ``evaluate()``
    weighs): the margin so far, with the rounds to come expected to fill fields (each worth 3
    back plus about 2 in orders) and to add about 2.5 to the target; exact at the end."""
    if state.is_terminal():
        return float(state.scores()[0] - state.target())
    rounds_after = ROUNDS - state.round
    turns_left = 2 * rounds_after + 2 - state._turns
    fill = min(empty_fields(state._grid), turns_left)
    return state.scores()[0] + 4.5 * fill - state.target() - 2.5 * (rounds_after + 1)


__all__ = ["consequences", "dead_fields", "orders_promise", "projected_margin", "projected_target"]
