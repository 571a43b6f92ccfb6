"""How OpenSpiel and PettingZoo number a Coloring turn, fast (``stainedglass.interop`` asks
for it by name): a turn is spelt pencil, then shapes; each pencil's rows are read from the
sheet's tables of connected shapes, made only once the pencil is chosen, and a move only once
it is spelt, so no turn's thousands of moves are ever listed. Played on the analysis core
alone (``core_blocks``), the rows are read from the core's codes: pencil, connected set,
circles."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ..core import Move
from ..interop.actions import ActionSpace, Speller

__all__ = ["turn_blocks", "core_blocks"]


def turn_blocks(space: ActionSpace, state: Any, turn: Speller) -> dict[int, Any] | None:
    """The turn's rows of actions by their first word (see :func:`_coloring_blocks`)."""
    return _coloring_blocks(space, state)


def core_blocks(space: ActionSpace, turn: Any) -> dict[int, Any] | None:
    """A turn played on the core alone (``CoreSpeller``): its moves by their first word
    (``take COLOR``), each pencil's rows made from the codes' connected sets (the sheet's
    ``O_GSHAPES`` table, in the core's sheet) once it is chosen; a row's move is its code.
    None when crossing off (few moves, one word each)."""
    from ..coloring import kernel as K

    sim = space.sim
    assert sim is not None
    codes = sim.legal(turn.core())
    if not len(codes) or int(codes.min()) < K.TAKE:
        return None
    takes, shape_words, plus_words, gshapes = _core_tables(space, sim, K)
    x = codes - K.TAKE
    pencils = x % 5
    end, width = space.end, space.game.max_words

    def taking(c: int, group: np.ndarray) -> Callable[[], Any]:
        def make() -> tuple[Any, Callable[[int], int]]:
            y = group - K.TAKE
            sets = gshapes[y // 30]
            circles = (y // 5) % 6
            rows = np.full((len(group), width), end, dtype=np.intp)
            rows[:, 0] = takes[c]
            shapes = sets[:, 1:width]
            named = shapes >= 0
            rows[:, 1:width][named] = shape_words[shapes[named]]
            filled = np.flatnonzero(circles > 0)
            rows[filled, 1 + sets[filled, 0]] = plus_words[circles[filled]]
            of = group.tolist().__getitem__
            if len(rows) <= 64:  # few: plain lists answer faster than arrays
                return [tuple(r) for r in rows.tolist()], of
            return rows, of

        return make

    return {int(takes[c]): taking(c, codes[pencils == c]) for c in np.unique(pencils).tolist()}


def _core_tables(space: ActionSpace, sim: Any, K: Any) -> tuple[np.ndarray, ...]:
    """The actions of ``take COLOR`` by pencil, of each shape (0-based), of ``+K`` by K (-1
    where there is none), and the core's table of connected sets (count, then shapes)."""
    known = space._tables.get("coloring core")
    if known is not None and known[0] is sim:
        return known[1]  # type: ignore[no-any-return]
    from ..coloring.sheet import COLORS, MAX_GROUP

    index = space.index
    sh = sim.sh
    n = int(sim.sheet.n)
    gshapes = sh[int(sh[K.O_GSHAPES]) : int(sh[K.O_GBLOCK])].reshape(-1, 1 + MAX_GROUP)
    tables = (
        np.array([index[f"take {c}"] for c in COLORS], dtype=np.intp),
        np.array([index[str(j + 1)] for j in range(n)], dtype=np.intp),
        np.array([index.get(f"+{k}", -1) for k in range(6)], dtype=np.intp),
        gshapes,
    )
    space._tables["coloring core"] = (sim, tables)
    return tables


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
