"""Shared test helpers. The suites run the views in strict mode: an unexpected error in a
handler is raised, not shown as "Something went wrong" (kernels started by the tests, under nbval
and Voila, inherit it)."""

from __future__ import annotations

import os
import random
from typing import Any

import numpy as np

import stainedglass as sg

os.environ["STAINEDGLASS_STRICT"] = "1"


def same(a: Any, b: Any) -> bool:
    """Deep equality that also compares numpy arrays element by element."""
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return isinstance(a, np.ndarray) and isinstance(b, np.ndarray) and a.shape == b.shape \
            and bool(np.array_equal(a, b))
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return bool(a == b)


def random_move(state: sg.State, rng: random.Random) -> sg.Move:
    """A chance outcome by its probability, else a uniformly random legal move."""
    if state.is_chance():
        return state.sample_chance()
    return rng.choice(state.legal_moves())


def play_random(state: sg.State, rng: random.Random, plies: int = 10**6) -> sg.State:
    """Play random moves until the end (or ``plies`` moves)."""
    for _ in range(plies):
        if state.is_terminal():
            break
        state.play(random_move(state, rng))
    return state
