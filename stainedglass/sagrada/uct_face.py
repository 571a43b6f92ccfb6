"""Sagrada's face for the compiled UCT search (``stainedglass.ai.uct``): the compiled rules of
``rules_core.py`` as callbacks with the search's fixed signatures. The integer tables are the
windows' table (``SagradaSimulator.win``) after its three dimensions; each callback takes its
view again. A draw is a chance node, each card that may come equally likely.

numba caches these callbacks on disk keyed by this file: after a change to ``rules_core.py``,
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
from . import rules_core as rc
from .cards import NUM_CARDS
from .simulator import SagradaSimulator

__all__ = ["uct_face"]


@jit
def _win(ti: np.ndarray) -> np.ndarray:
    """The windows' table, from ``ti`` (its three dimensions first)."""
    return ti[3:].reshape((ti[0], ti[1], ti[2]))


@cfunc(SIG_PLAYER, cache=True)
def player(s: np.ndarray, ti: np.ndarray, tf: np.ndarray) -> int:
    """The glazier (0), a draw (``CHANCE``) or the end (``TERMINAL``)."""
    if s[rc.OVER]:
        return -2
    return -1 if s[rc.TO_DRAW] else 0


@cfunc(SIG_LEGAL, cache=True)
def legal(s: np.ndarray, ti: np.ndarray, tf: np.ndarray, buf: np.ndarray, work: np.ndarray) -> int:
    """The legal moves' codes into ``buf`` (at a draw, the cards that may come); how many."""
    return int(rc.legal_moves(s, _win(ti), buf))


@cfunc(SIG_APPLY, cache=True)
def apply(s: np.ndarray, ti: np.ndarray, tf: np.ndarray, code: int) -> int:
    """Play ``code`` in place."""
    rc.apply_move(s, code)
    return 0


@cfunc(SIG_CHANCE, cache=True)
def chance(
    s: np.ndarray, ti: np.ndarray, tf: np.ndarray, codes: np.ndarray, probs: np.ndarray
) -> int:
    """At a draw: the cards that may come into ``codes``, each equally likely."""
    n = rc.chance_pool(s, codes)
    for i in range(n):
        probs[i] = 1.0 / n
    return int(n)


@cfunc(SIG_VALUE, cache=True)
def value(s: np.ndarray, ti: np.ndarray, tf: np.ndarray, out: np.ndarray) -> int:
    """The returns at the end, else the evaluation, into ``out``."""
    out[0] = rc.evaluate(s)
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
    """A legal move drawn uniformly from them all listed."""
    return int(buf[rand_below(rng, rc.legal_moves(s, _win(ti), buf))])


def uct_face(sim: SagradaSimulator) -> Face:
    """The face of ``sim``'s game (its windows)."""
    win = np.ascontiguousarray(sim.win, dtype=np.int64)
    return Face(
        ti=np.concatenate([np.array(win.shape, dtype=np.int64), win.ravel()]),
        tf=np.zeros(1, dtype=np.float64),
        player=player,
        legal=legal,
        apply=apply,
        chance=chance,
        value=value,
        random=random,
        legal_size=rc.MAX_MOVES,
        work_size=1,
        chance_size=NUM_CARDS,
        state_size=rc.N,
    )
