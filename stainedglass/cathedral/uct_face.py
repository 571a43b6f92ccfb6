"""Cathedral's face for the compiled UCT search (``stainedglass.ai.uct``): the compiled rules
of ``core_rules.py`` as callbacks with the search's fixed signatures. The integer tables are the
placement table (``TABLE``, stored by column, as the rules scan it), the ranges (``RANGES``) and
whether the game is a match, one after the other; each callback takes its views again.

numba caches these callbacks on disk keyed by this file: after a change to ``core_rules.py``,
``touch`` this file too (``tests/test_uct.py`` checks the face against the core and fails on a
stale one).
"""

from __future__ import annotations

import numpy as np
from numba import cfunc

from ..ai.uct import (
    SIG_APPLY,
    SIG_CHANCE,
    SIG_LEGAL,
    SIG_PLAYER,
    SIG_RANDOM,
    SIG_VALUE,
    Face,
)
from ..analysis import jit, rand_below
from . import core_rules as cr
from .simulator import CathedralSimulator

__all__ = ["uct_face"]

_ROWS, _COLUMNS = cr.TABLE.shape
_AT_RANGES = _ROWS * _COLUMNS
_RANGES_SHAPE = cr.RANGES.shape
_AT_MATCH = _AT_RANGES + cr.RANGES.size


@jit
def _views(ti: np.ndarray) -> tuple[np.ndarray, np.ndarray, bool]:
    """The placement table (by column), the ranges and whether a match, from ``ti``."""
    table = ti[:_AT_RANGES].reshape((_COLUMNS, _ROWS)).T
    ranges = ti[_AT_RANGES:_AT_MATCH].reshape(_RANGES_SHAPE)
    return table, ranges, ti[_AT_MATCH] != 0


@cfunc(SIG_PLAYER, cache=True)
def player(s: np.ndarray, ti: np.ndarray, tf: np.ndarray) -> int:
    """Light 0, Dark 1, or ``TERMINAL``: Cathedral has no chance."""
    return int(s[cr.TO_MOVE])


@cfunc(SIG_LEGAL, cache=True)
def legal(s: np.ndarray, ti: np.ndarray, tf: np.ndarray, buf: np.ndarray, work: np.ndarray) -> int:
    """The legal placements' codes into ``buf``; how many."""
    table, ranges, _ = _views(ti)
    return int(cr.fill_legal(s, table, ranges, buf))


@cfunc(SIG_APPLY, cache=True)
def apply(s: np.ndarray, ti: np.ndarray, tf: np.ndarray, code: int) -> int:
    """Place the building of ``code`` in place."""
    table, ranges, match = _views(ti)
    cr.play(s, table, ranges, match, code)
    return 0


@cfunc(SIG_CHANCE, cache=True)
def chance(
    s: np.ndarray, ti: np.ndarray, tf: np.ndarray, codes: np.ndarray, probs: np.ndarray
) -> int:
    """Never called: Cathedral has no chance nodes."""
    return 0


@cfunc(SIG_VALUE, cache=True)
def value(s: np.ndarray, ti: np.ndarray, tf: np.ndarray, out: np.ndarray) -> int:
    """The returns at the end, else the evaluation, into ``out``."""
    table, ranges, match = _views(ti)
    if s[cr.TO_MOVE] == cr.TERMINAL:
        r = cr.returns(s, match)
    else:
        r = cr.evaluate(s, table, ranges, match)
    out[0] = r[0]
    out[1] = r[1]
    return 0


@cfunc(SIG_RANDOM, cache=True)
def random(
    s: np.ndarray,
    ti: np.ndarray,
    tf: np.ndarray,
    rng: np.ndarray,
    buf: np.ndarray,
    work: np.ndarray,
) -> int:
    """A legal placement drawn uniformly from them all listed."""
    table, ranges, _ = _views(ti)
    return int(buf[rand_below(rng, cr.fill_legal(s, table, ranges, buf))])


def uct_face(sim: CathedralSimulator) -> Face:
    """The face of ``sim``'s game (a match or one game)."""
    ti = np.concatenate(
        [
            np.asarray(cr.TABLE, dtype=np.int64).ravel(order="F"),
            np.asarray(cr.RANGES, dtype=np.int64).ravel(),
            np.array([int(sim.match)], dtype=np.int64),
        ]
    )
    return Face(
        ti=ti,
        tf=np.zeros(1, dtype=np.float64),
        player=player,
        legal=legal,
        apply=apply,
        chance=chance,
        value=value,
        random=random,
        legal_size=cr.CODES,
        work_size=1,
        chance_size=1,
        state_size=cr.WIDTH,
    )
