"""Walls of Light's facts of a move, as a teacher names them (``state.consequences(move)``):
a window completed and who scores what (and the cards drawn), a window left one pane short
for the next player to roll, who shows the most panes in a window, the cards and winks left.

>>> import stainedglass as sg
>>> state = sg.load("walls_of_light", players=2, first_player=0).new_game(seed=1)
>>> state.play("roll r1 b2 y3")
>>> [c.kind for c in state.consequences(state.parse_move("card extra"))]
['cards']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import Consequence, Move
from .evaluation import _board, _completers, _give_short
from .moves import CARD, CARD_TITLES, CELLS, PLACE, REMOVE, WMove
from .panes import SHOWN
from .windows import COLOR_NAMES

if TYPE_CHECKING:  # for the annotations only: the state imports this module
    from .game import WallsOfLightState

SHORT_WORTH = 0.5
"""A teacher's weight for a window left one pane short: this share of the completer's bonus
(2 a color) goes to the player most likely to fill it."""


def _shown(state: WallsOfLightState, pos: int) -> list[int]:
    base = pos * CELLS
    return [SHOWN[state.cells[base + c]] for c in state.face(pos).spaces]


def _leader(shown: list[int], players: int) -> tuple[int, int, int]:
    """(the player showing the most panes, their count, the next count); -1 when tied."""
    counts = sorted(((shown.count(p), p) for p in range(players)), reverse=True)
    first, second = counts[0], counts[1] if players > 1 else (0, -1)
    return (first[1] if first[0] > second[0] else -1), first[0], second[0]


def consequences(state: WallsOfLightState, move: Move) -> list[Consequence]:
    """The facts of the legal ``move`` in ``state`` (unchanged), see the module."""
    assert isinstance(move, WMove)
    n = state.game.num_players
    me = state.to_move
    who = COLOR_NAMES[me]
    after = state.clone()
    after._push(move)
    out: list[Consequence] = []
    done = after.last_completion
    if done is not None and done is not state.last_completion:
        mine = done.points[me] if me < len(done.points) else 0
        best_other = max((done.points[p] for p in range(n) if p != me), default=0)
        out.append(
            Consequence(
                "window",
                f"completes window {done.position}: {done.gains()}",
                mine,
                float(mine - best_other),
            )
        )
        if done.cube:
            left = after.cubes.count(False)
            out.append(
                Consequence(
                    "cube",
                    f"a white cube goes beside window {done.position}"
                    + (
                        f" ({left} position{'s' if left != 1 else ''} still without)"
                        if left
                        else ""
                    ),
                    left,
                    0.0,
                )
            )
    if move.kind == PLACE and (done is None or done is state.last_completion):
        pos = move.b // CELLS
        shown_before, shown_after = _shown(state, pos), _shown(after, pos)
        missing = shown_after.count(-1)
        if missing == 1:
            able = [any(after.supply[c] for c in after.colors_of(p)) for p in range(n)]
            chance = _completers(able, me + 1 if after.placements_left == 0 else me)
            colors = len(set(shown_after) - {-1})
            bonus = 2 * (colors + 1)
            text = (
                f"leaves window {pos + 1} one pane short: whoever first rolls a {pos + 1} "
                f"may complete it (about {bonus} points for the completer)"
            )
            theirs = max((chance[p] for p in range(n) if p != me), default=0.0)
            worth = SHORT_WORTH * bonus * (chance[me] - theirs)
            out.append(Consequence("short", text, bonus, worth))
        lead_before = _leader(shown_before, n)
        lead_after = _leader(shown_after, n)
        if lead_after[0] >= 0 and lead_after[0] != lead_before[0]:
            p = lead_after[0]
            out.append(
                Consequence(
                    "majority",
                    f"{COLOR_NAMES[p]} now shows the most panes in window {pos + 1} "
                    f"({lead_after[1]} to {lead_after[2]})",
                    lead_after[1],
                    1.0 if p == me else -1.0,
                )
            )
        made = SHOWN[after.cells[move.b]]
        if made >= 3:
            out.append(
                Consequence(
                    "mix",
                    f"makes {COLOR_NAMES[made]} on {move.text.split()[-1]}: it counts for nobody",
                    1,
                    -1.0 if SHOWN[state.cells[move.b]] != me else 1.0,
                )
            )
    if move.kind == CARD:
        left = sum(after.hands[me])
        out.append(
            Consequence(
                "cards",
                f"{who} plays {CARD_TITLES[move.a]}: {left} card{'s' if left != 1 else ''} "
                "left in hand (cards break ties)",
                left,
                -1.0,
            )
        )
    if move.kind in (PLACE, REMOVE):
        winks = after.supply[me]
        if winks == 0:
            out.append(
                Consequence(
                    "winks",
                    f"{who} has no winks left: next turn only a removal or a pass",
                    0,
                    -1.0,
                )
            )
        elif winks <= 2 and winks < state.supply[me]:
            out.append(Consequence("winks", f"{who} has {winks} winks left", winks, -0.2))
    return out


def projected_points(state: WallsOfLightState) -> list[float]:
    """Each player's points so far plus what the board promises them (``evaluate()``'s
    reckoning before it turns points into shares of the win): a window one pane short pays
    its bonus to whoever is likeliest to roll its number first, in turn order."""
    value, short, able = _board(state)
    if short:
        first = state.to_move if state.phase in ("roll", "reroll") else state.to_move + 1
        _give_short(value, short, able, -1, 0, 0, first)
    return value


def projected_margin(state: WallsOfLightState, player: int) -> float:
    """``player``'s final margin in points as the board promises it (exact at the end): the
    projected points less the best other player's."""
    if state.is_terminal():
        scores = [float(s) for s in state.scores()]
    else:
        scores = projected_points(state)
    return scores[player] - max(v for q, v in enumerate(scores) if q != player)


__all__ = ["consequences", "projected_points", "projected_margin"]
