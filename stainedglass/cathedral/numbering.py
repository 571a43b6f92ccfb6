"""How OpenSpiel and PettingZoo number Cathedral's moves, fast (``stainedglass.interop``
asks for it by name): a side's placements are read straight from its table of placements,
in the order of the game's action words, with no move's text made."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..core import Move
from ..interop.actions import ActionSpace

__all__ = ["action_ids"]


def action_ids(space: ActionSpace, state: Any, moves: Sequence[Move]) -> np.ndarray | None:
    """A Cathedral position's actions (in the engine's order, an array) read from the side's
    table of placements: the engine lists its moves as the table's placements at the indices it
    keeps for the side (``_cand``); None for the Cathedral's own placement, or when the listed
    moves are not those (then they are numbered one by one)."""
    from ..cathedral.pieces import SIDES

    if state.cathedral_state == "unplaced" or not moves:
        return None
    side = state.to_move
    cached = state._cand[side]
    table = SIDES[side].move_array
    if cached is None:
        return None
    idx = cached[0]
    if len(idx) != len(moves) or moves[0] is not table[idx[0]] or moves[-1] is not table[idx[-1]]:
        return None
    fast = space._tables.get("cathedral")
    if fast is None:  # each side's placements' actions
        fast = space._tables["cathedral"] = []
        for t in SIDES:
            ids = np.array(space._actions(list(t.move_array)), dtype=np.intp)
            # (each side's placements are distinct words: else numbered one by one)
            fast.append(ids if len(np.unique(ids)) == len(ids) else None)
    if fast[side] is None:
        return None
    mine: np.ndarray = fast[side][idx]
    return mine
