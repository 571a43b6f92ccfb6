"""Coloring in the Stained Glass's face for the compiled UCT search (``stainedglass.ai.uct``):
the compiled rules of ``kernel.py`` as callbacks with the search's fixed signatures, the sheet
(``ColoringSimulator.sh``) as the integer tables.

numba caches these callbacks on disk keyed by this file: after a change to ``kernel.py``,
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
from ..analysis import rand_below
from . import kernel as K
from .simulator import ColoringSimulator

__all__ = ["uct_face"]


@cfunc(SIG_PLAYER, cache=True)
def player(s: np.ndarray, ti: np.ndarray, tf: np.ndarray) -> int:
    """The player to move, or ``TERMINAL``: Coloring has no chance."""
    return int(s[K.TO_MOVE])


@cfunc(SIG_LEGAL, cache=True)
def legal(s: np.ndarray, ti: np.ndarray, tf: np.ndarray, buf: np.ndarray, work: np.ndarray) -> int:
    """The legal moves' codes into ``buf``; how many."""
    return int(K.legal_into(s, ti, buf, work))


@cfunc(SIG_APPLY, cache=True)
def apply(s: np.ndarray, ti: np.ndarray, tf: np.ndarray, code: int) -> int:
    """Play ``code`` in place."""
    K.apply(s, ti, code)
    return 0


@cfunc(SIG_CHANCE, cache=True)
def chance(
    s: np.ndarray, ti: np.ndarray, tf: np.ndarray, codes: np.ndarray, probs: np.ndarray
) -> int:
    """Never called: Coloring has no chance nodes."""
    return 0


@cfunc(SIG_VALUE, cache=True)
def value(s: np.ndarray, ti: np.ndarray, tf: np.ndarray, out: np.ndarray) -> int:
    """The returns at the end, else the evaluation, into ``out``."""
    K.evaluate_into(s, ti, out)
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
    """A legal move drawn uniformly from them all listed. (``kernel.random_move`` draws
    without listing, but where a pencil's sets are many, none of those probed fits and its
    pieces of enough shapes are none, it narrows the pencil's shapes to nothing and then offers
    the empty take with circles instead of the pencil's largest pieces: an illegal move.)"""
    return int(buf[rand_below(rng, K.legal_into(s, ti, buf, work))])


def uct_face(sim: ColoringSimulator) -> Face:
    """The face of ``sim``'s game (its sheet and players)."""
    buf, work = sim._sizes
    return Face(
        ti=np.ascontiguousarray(sim.sh, dtype=np.int64),
        tf=np.zeros(1, dtype=np.float64),
        player=player,
        legal=legal,
        apply=apply,
        chance=chance,
        value=value,
        random=random,
        legal_size=int(buf),
        work_size=int(work),
        chance_size=1,
        state_size=K.SIZE,
    )
