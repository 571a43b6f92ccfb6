"""How OpenSpiel and PettingZoo number a Coloring turn, fast (``stainedglass.interop`` asks
for it by name): a turn is spelt pencil, then shapes; each pencil's rows are read from the
sheet's tables of connected shapes, made only once the pencil is chosen, and a move only once
it is spelt, so no turn's thousands of moves are ever listed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ..core import Move
from ..interop.actions import ActionSpace, Speller

__all__ = ["turn_blocks"]


def turn_blocks(space: ActionSpace, state: Any, turn: Speller) -> dict[int, Any] | None:
    """The turn's rows of actions by their first word (see :func:`_coloring_blocks`)."""
    return _coloring_blocks(space, state)


def _coloring_blocks(space: ActionSpace, state: Any) -> dict[int, Any] | None:
    """A Coloring turn's moves by their first word (``take COLOR``), as the engine lists them
    (``ColoringState._generate``: for each pencil in the middle, the connected sets of as many
    shapes as there are pencils that it may color, read from the sheet's tables; or else its
    largest sets, with circles); each pencil's rows made only once it is chosen, and a move
    only once it is spelt. None when crossing off (few moves, one word each)."""
    from ..coloring.game import Coloring, _Tables
    from ..coloring.sheet import COLORS

    if state.crossing:
        return None
    sheet = state.sheet
    shapes = _shape_rows(space, sheet)
    end, width = space.end, space.game.max_words
    need = state.pool.bit_count()
    p = state.to_move
    tables = _Tables.of(sheet).by_size
    blocks: dict[int, Any] = {}

    def taking(take: int, table: Any, idx: np.ndarray) -> Callable[[], Any]:
        def make() -> tuple[Any, Callable[[int], Move]]:
            rows = np.full((len(idx), width), end, dtype=np.intp)
            rows[:, 0] = take
            rows[:, 1 : 1 + need] = shapes[need][idx]
            moves = table[idx]
            if len(idx) <= 64:  # few: plain lists answer faster than arrays
                return [tuple(r) for r in rows.tolist()], moves.__getitem__
            return rows, moves.__getitem__

        return make

    for c in range(len(COLORS)):
        if not state.pool >> c & 1:
            continue
        take = space.index[f"take {COLORS[c]}"]
        allowed = state.allowed(p, c)
        idx = sheet.groups_within(allowed, need) if allowed else None
        if idx is not None and len(idx):
            blocks[take] = taking(take, tables[c][need], idx)
        else:
            size, sets = state._best(p, c, need)
            k = min(need - size, state.circles_left(p))
            moves = [Coloring(c, m, k) for m in sets]
            if moves:
                blocks[take] = (space._rows(moves), moves.__getitem__)
    return blocks or None


def _shape_rows(space: ActionSpace, sheet: Any) -> dict[int, np.ndarray]:
    """For each size, the actions of each connected set's shapes (ascending), as the sheet's
    ``group_masks`` lists the sets: made once for each sheet (shape ``i``'s word is ``i``, and
    the words of shapes 1, 2, 3... follow one another in every Coloring game's actions)."""
    first = space.index["1"]
    key = (id(sheet), first)
    known = _SHAPE_ROWS.get(key)
    if known is not None and known[0] is sheet:
        return known[1]
    out = {}
    for size, masks in sheet.group_masks.items():
        table = np.empty((len(masks), size), dtype=np.intp)
        for i, mask in enumerate(masks):
            table[i] = sheet.numbers(mask)
        table += first - 1
        out[size] = table
    assert all(space.index[str(n)] == first + n - 1 for n in range(1, sheet.n + 1))
    if len(_SHAPE_ROWS) > 16:
        _SHAPE_ROWS.clear()
    _SHAPE_ROWS[key] = (sheet, out)  # (the sheet held: its id stays its own)
    return out


_SHAPE_ROWS: dict[tuple[int, int], tuple[Any, dict[int, np.ndarray]]] = {}
