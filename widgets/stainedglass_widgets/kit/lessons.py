"""What every game's tutorial shares: a lesson (a position reached by legal moves, a "try it", a
demonstration move) and the live board set up for it. A game's lessons module lists its
:class:`Lesson` s in rulebook order and wraps :func:`position` and :func:`board`.

>>> lessons = {"start": Lesson([], "Try it: place the Cathedral.", "cathedral e4 d5 e5 f5 e6 e7")}
>>> position("cathedral", lessons, "start").history
[]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable, Mapping

import stainedglass as sg


@dataclass(frozen=True)
class Lesson:
    setup: list[str]  # the moves (chance outcomes included) that reach the lesson's position
    try_it: str
    demo: str  # a move that shows the rule (legal, or illegal with the rule's reason)
    options: dict[str, Any] = field(default_factory=dict)  # the game's options (a fixed setup)


def position(game: str, lessons: Mapping[str, Lesson], name: str, seed: int = 0) -> sg.State:
    """The position of lesson ``name`` of ``game`` (a fresh state)."""
    if name not in lessons:
        raise ValueError(f"no lesson {name!r}; the lessons are: " + ", ".join(lessons))
    lesson = lessons[name]
    state = sg.load(game, **lesson.options).new_game(seed=seed)
    for move in lesson.setup:
        state.play(move)
    return state


def board(view_class: Callable[..., Any], state: sg.State, lesson: Lesson, name: str = "") -> Any:
    """A small live board on ``state``, with the lesson's "try it" shown. On a class's server,
    the pupil's first move on it counts as lesson ``name`` tried (:mod:`.progress`)."""
    from .progress import note

    view = view_class(state, compact=True)
    view.say(lesson.try_it)
    if name:
        tried: list[bool] = []

        def moved(_before: sg.State, _words: str) -> bool:
            if not tried:
                tried.append(note(view.board_widgets, state.game.name, "lesson", name))
            return False  # the board goes on as usual

        view.hooks.after_move.append(moved)
    return view
