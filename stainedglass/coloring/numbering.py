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

from ..analysis import jit
from ..core import Move
from ..interop.actions import ActionSpace, Speller

__all__ = ["turn_blocks", "core_blocks"]


def turn_blocks(space: ActionSpace, state: Any, turn: Speller) -> dict[int, Any] | None:
    """The turn's rows of actions by their first word (see :func:`_coloring_blocks`)."""
    return _coloring_blocks(space, state)


def core_blocks(space: ActionSpace, turn: Any) -> dict[int, Any] | None:
    """A turn played on the core alone (``CoreSpeller``): its moves by their first word
    (``take COLOR``), each pencil's rows made from the codes' connected sets (the sheet's
    ``O_GSHAPES`` table, in the core's sheet) once it is chosen, and remembered by code; a
    row's move is its code. None when crossing off (few moves, one word each)."""
    from ..coloring import kernel as K

    sim = space.sim
    assert sim is not None
    codes = sim.legal(turn.core())
    if not len(codes) or int(codes.min()) < K.TAKE:
        return None
    tables = _core_tables(space, sim, K)
    pencils = (codes - K.TAKE) % 5
    known = space._code_row

    def taking(c: int) -> Callable[[], Any]:
        def make() -> tuple[Any, Callable[[int], int]]:
            group = codes[pencils == c]
            listed = group.tolist()
            if len(listed) > 64:  # many: as an array, narrowed by NumPy
                return _core_rows(space, tables, K, group), listed.__getitem__
            try:
                rows = [known[code] for code in listed]
            except KeyError:  # first met: made, and remembered
                made = _core_rows(space, tables, K, group).tolist()
                for code, row in zip(listed, made):
                    known[code] = tuple(row)
                rows = [known[code] for code in listed]
            return rows, listed.__getitem__

        return make

    takes = tables[0]
    present = np.flatnonzero(np.bincount(pencils, minlength=len(takes))).tolist()
    return {int(takes[c]): taking(c) for c in present}


def _core_rows(space: ActionSpace, tables: tuple[np.ndarray, ...], K: Any, group: Any) -> Any:
    """The rows of actions of the take codes ``group`` (one pencil's): ``take COLOR``, the
    set's shapes, ``+K`` for the circles filled, then ``end`` (compiled: :func:`_fill_rows`)."""
    rows = np.empty((len(group), space.game.max_words), dtype=np.intp)
    _fill_rows(rows, group, K.TAKE, space.end, *tables)
    return rows


@jit
def _fill_rows(
    rows: np.ndarray,
    group: np.ndarray,
    take: int,
    end: int,
    takes: np.ndarray,
    shape_words: np.ndarray,
    plus_words: np.ndarray,
    gshapes: np.ndarray,
) -> None:
    """Each code's row (see :func:`_core_rows`): a take's code is ``take + (set * 6 +
    circles) * 5 + pencil``; a set's row of ``gshapes`` is its count, then its shapes."""
    width = rows.shape[1]
    for i in range(len(group)):
        y = group[i] - take
        gid, circles, pencil = y // 30, (y // 5) % 6, y % 5
        rows[i, 0] = takes[pencil]
        n = gshapes[gid, 0]
        for j in range(1, width):
            rows[i, j] = end
        for j in range(n):
            rows[i, 1 + j] = shape_words[gshapes[gid, 1 + j]]
        if circles > 0:
            rows[i, 1 + n] = plus_words[circles]


def _core_tables(space: ActionSpace, sim: Any, K: Any) -> tuple[np.ndarray, ...]:
    """The actions of ``take COLOR`` by pencil, of each shape (0-based), of ``+K`` by K (-1
    where there is none), and the core's table of connected sets (count, then shapes)."""
    known = space._tables.get("coloring core")
    if known is not None and known[0] is sim.sh:  # (the sheet's: every setup's core shares it)
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
    space._tables["coloring core"] = (sh, tables)
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
