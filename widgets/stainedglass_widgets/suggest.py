"""A simple built-in move suggester for hints and computer seats (until the AI package lands).

One ply deep: try every legal move, rate the position after it with ``state.evaluate()`` for the
player who moved, break ties with a game's own ``key`` (bigger is better), then at random with a
generator seeded from the position so the same position always gets the same hint.

>>> import stainedglass as sg
>>> state = sg.load("cathedral").new_game()
>>> suggest_move(state) in state.legal_moves()
True
"""

from __future__ import annotations

import random
from typing import Any, Callable

import stainedglass as sg

Key = Callable[[sg.State, sg.Move], Any]


def suggest_move(state: sg.State, key: Key | None = None,
                 rng: random.Random | None = None) -> sg.Move | None:
    """The suggested move for the player to move; a sampled outcome at a chance node; None at
    the end. ``key(after, move)`` ranks moves that ``evaluate()`` rates equal."""
    if state.is_terminal():
        return None
    if state.is_chance():
        return state.sample_chance()
    moves = state.legal_moves()
    if not moves:
        return None
    me = state.current_player
    rng = rng or random.Random(len(state.history) * 7919 + len(moves))
    trial = state.clone()
    best: list[sg.Move] = []
    best_value: Any = None
    for move in moves:
        trial.play(move)
        value = (trial.evaluate()[me], key(trial, move) if key else 0)
        trial.undo()
        if best_value is None or value > best_value:
            best, best_value = [move], value
        elif value == best_value:
            best.append(move)
    return rng.choice(best)
