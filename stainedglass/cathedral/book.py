"""Cathedral's opening book: the first moves, chosen by long searches and shipped as data.

On an empty city each side has well over a thousand placements, so a search given a hint's
second barely finishes two plies. The book holds what a search of many more positions chose
there (four plies, every last answer weighed): where Light puts the Cathedral, Dark's first building after each place the Cathedral can
stand, and Light's first building after the replies Dark's search liked best. A position is
found in the book up to a quarter turn of the city (buildings are never flipped, so a mirror
image is another position). Rebuild it with ``python -m stainedglass cathedral-book`` (a few minutes on two cores).

>>> import stainedglass as sg
>>> state = sg.load("cathedral").new_game()
>>> entry = lookup(state)
>>> entry is not None and entry[0] in state.legal_moves()
True
"""

from __future__ import annotations

import json
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Callable

from ..core import TERMINAL, Move, load
from .pieces import (ALL_PIECES, CATHEDRAL, CATHEDRAL_BY_MASK, CATHEDRAL_MOVES,
                     SIDES, SIZE, Placement)

__all__ = ["BOOK_PATH", "lookup", "build"]

BOOK_PATH = Path(__file__).with_name("opening_book.json")
_MAX_BUILDINGS = 2  # the book ends after each side's first building


def _turn_cell(cell: int) -> int:
    """A cell after a quarter turn of the city (clockwise)."""
    row, col = divmod(cell, SIZE)
    return col * SIZE + (SIZE - 1 - row)


_TURN = [_turn_cell(c) for c in range(SIZE * SIZE)]


def _turn(mask: int, times: int) -> int:
    for _ in range(times % 4):
        out = 0
        while mask:
            low = mask & -mask
            out |= 1 << _TURN[low.bit_length() - 1]
            mask ^= low
        mask = out
    return mask


def _key(state: Any, times: int) -> str:
    """The position turned ``times`` quarter turns, as text: who placed the Cathedral, who is
    to move, both supplies, then the buildings (owner, kind, cells) in a fixed order."""
    buildings = sorted((owner, piece, _turn(mask, times)) for owner, piece, mask in
                       state.buildings)
    return "|".join([str(state.cathedral_placer), str(state.to_move),
                     ",".join(map(str, state.supply[0])), ",".join(map(str, state.supply[1])),
                     ";".join(f"{o}:{ALL_PIECES[p]}:{m:x}" for o, p, m in buildings)])


def _canonical(state: Any) -> tuple[str, int] | None:
    """The book's key for ``state`` and the quarter turns that lead to it, or None when the
    position is past the book (or not a single game's, whose opening the book knows)."""
    if (len(state.buildings) > _MAX_BUILDINGS or state.to_move == TERMINAL
            or state.match_scores or state.last_captures):
        return None
    return min((_key(state, t), t) for t in range(4))


def _placement(owner: int, piece: int, mask: int) -> Placement | None:
    if piece == CATHEDRAL:
        return CATHEDRAL_BY_MASK.get(mask)
    return SIDES[owner].by_key.get((piece, mask))


_BOOK: dict[str, dict[str, Any]] | None = None


def _book() -> dict[str, dict[str, Any]]:
    global _BOOK
    if _BOOK is None:
        _BOOK = json.loads(BOOK_PATH.read_text(encoding="utf-8"))["positions"]
    return _BOOK


def lookup(state: Any) -> tuple[Move, float, int] | None:
    """The book's move for ``state``, its value for the player to move (0..1) and the depth
    in plies of the search that chose it; None when the book does not know the position."""
    found = _canonical(state)
    if found is None:
        return None
    key, times = found
    entry = _book().get(key)
    if entry is None:
        return None
    piece = ALL_PIECES.index(entry["piece"])
    move = _placement(state.to_move, piece, _turn(int(entry["mask"], 16), 4 - times))
    if move is None or move not in state.legal_moves():
        return None
    return move, float(entry["value"]), int(entry["depth"])


# ---- building the book -------------------------------------------------------------------------

def _search(task: tuple[list[str], int, int]) -> tuple[list[str], list[tuple[str, float]], int]:
    """Search the position after ``moves`` to ``depth`` plies: its moves ranked (text and
    value), and the depth reached (less only where every line ends sooner)."""
    from .search import CathedralSearch  # (it looks moves up here)

    moves, depth, seed = task
    state = load("cathedral").new_game()
    for text in moves:
        state.play(text)
    search = CathedralSearch(depth=depth, seed=seed, book=False)
    ranked = search.analyse(state)
    return moves, [(c.move.text, c.value) for c in ranked], search.depth_reached


def _entry(state: Any, text: str, value: float, depth: int) -> tuple[str, dict[str, Any]]:
    key, times = _canonical(state)  # type: ignore[misc]
    move = state.parse_move(text)
    assert isinstance(move, Placement)
    return key, {"piece": ALL_PIECES[move.piece], "mask": f"{_turn(move.mask, times):x}",
                 "value": round(value, 4), "depth": depth, "move": text}


def build(depth: int = 4, replies: int = 8, jobs: int = 2, seed: int = 0,
          progress: Callable[[int, int, str], None] | None = None) -> dict[str, Any]:
    """The book as data (``BOOK_PATH`` holds it). Search every place the Cathedral can stand (one of each set of quarter turns) for Dark's
    best first building; give Light the Cathedral's place whose best answer is worth least to
    Dark; then search Light's first building after Dark's ``replies`` best answers there."""
    fresh = load("cathedral").new_game()
    seen: dict[str, str] = {}
    for move in CATHEDRAL_MOVES:
        state = fresh.clone()
        state.play(move)
        seen.setdefault(_canonical(state)[0], move.text)  # type: ignore[index]
    positions: dict[str, dict[str, Any]] = {}
    dark_best: dict[str, tuple[float, list[str]]] = {}
    with ProcessPoolExecutor(jobs) as pool:
        tasks = [([text], depth, seed) for text in seen.values()]
        for done, (moves, ranked, depth) in enumerate(pool.map(_search, tasks), 1):
            state = fresh.clone()
            state.play(moves[0])
            key, entry = _entry(state, ranked[0][0], ranked[0][1], depth)
            positions[key] = entry
            dark_best[moves[0]] = (ranked[0][1], [t for t, _ in ranked[:replies]])
            if progress:
                progress(done, len(tasks), "of Dark's first buildings")
        cathedral = min(dark_best, key=lambda text: dark_best[text][0])
        value, answers = dark_best[cathedral]
        key, entry = _entry(fresh, cathedral, 1.0 - value, depth + 1)
        positions[key] = entry
        tasks = [([cathedral, answer], depth, seed) for answer in answers]
        for done, (moves, ranked, depth) in enumerate(pool.map(_search, tasks), 1):
            state = fresh.clone()
            for text in moves:
                state.play(text)
            key, entry = _entry(state, ranked[0][0], ranked[0][1], depth)
            positions[key] = entry
            if progress:
                progress(done, len(tasks), "of Light's first buildings")
    return {"about": "Cathedral's opening book, made by: python -m stainedglass cathedral-book",
            "depth": depth, "replies": replies, "seed": seed, "positions": positions}
