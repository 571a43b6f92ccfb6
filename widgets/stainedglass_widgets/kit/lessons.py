"""What every game's tutorial shares: a lesson (a position reached by legal moves, a "try it", a
demonstration move, and the steps its words ask of a pupil with the board's answer to each) and
the live board set up for it. A game's lessons module lists its :class:`Lesson` s in rulebook
order and wraps :func:`position` and :func:`board`.

>>> lessons = {"start": Lesson([], "Try it: place the Cathedral.", "cathedral e4 d5 e5 f5 e6 e7",
...                            steps=(Step("cathedral e4 d5 e5 f5 e6 e7", "✓ places"),))}
>>> position("cathedral", lessons, "start").history
[]
>>> Lesson([], "Try it: put it on c2: refused.", "place B4 c2", steps=(Step("place B4 c2"),))
Traceback (most recent call last):
...
ValueError: the words say "refused" 1 time, the steps refuse 0 times: ['place B4 c2: ✓']
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable, Mapping

import stainedglass as sg


@dataclass(frozen=True)
class Step:
    """One thing a lesson's words ask a pupil to do, and what the board must answer.

    ``do``: a move in the game's notation, made on the board as a pupil makes it (the view's
    ``gestures``: clicks, keys, the colour picker); ``"type <words>"``: typed in the move box,
    then Enter; ``"press <words>"``: the button that shows those words; ``"click <id>"``: one
    click on a board's target (a pencil, a shape, a card: part of a move); ``"key <key>"``: a
    key pressed on the board (Enter, Escape).

    ``answer``: ``"✓ <words>"``: the move is played and said once, as legal, in words that
    include these; ``"✗ <words>"``: refused with the rule's words, nothing played;
    other words: said, with no refusal (a step on the way to a move, a roll of the dice).
    """

    do: str
    answer: str = "✓"

    @property
    def played(self) -> bool:
        return self.answer.startswith("✓")

    @property
    def refused(self) -> bool:
        return self.answer.startswith("✗")

    @property
    def words(self) -> str:
        """The words the board's answer must include."""
        return self.answer.lstrip("✓✗").strip()


@dataclass(frozen=True)
class Lesson:
    setup: list[str]  # the moves (chance outcomes included) that reach the lesson's position
    try_it: str
    demo: str  # a move that shows the rule (legal, or illegal with the rule's reason)
    options: dict[str, Any] = field(default_factory=dict)  # the game's options (a fixed setup)
    steps: tuple[Step, ...] = ()  # what the words ask the pupil to do, and the board's answers

    def __post_init__(self) -> None:
        """The words and the steps agree on what is refused: the words say "refused" once for
        every step the board must refuse."""
        said = len(re.findall(r"\brefused\b", self.try_it, re.IGNORECASE))
        refusals = sum(step.refused for step in self.steps)
        if self.steps and said != refusals:
            raise ValueError(
                f'the words say "refused" {said} time{"" if said == 1 else "s"}, the steps '
                f"refuse {refusals} time{'' if refusals == 1 else 's'}: "
                + str([f"{step.do}: {step.answer}" for step in self.steps])
            )


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
    """A small live board on ``state``, with the lesson's "try it" shown; its Undo takes back
    what the pupil played there, never the lesson's setup. On a class's server,
    the pupil's first move on it counts as lesson ``name`` tried (:mod:`.progress`)."""
    from .progress import note

    view = view_class(state, compact=True)
    view.model.keep_start = True  # Undo takes back the pupil's moves, never the setup
    view.say(lesson.try_it)
    if name:
        tried: list[bool] = []

        def moved(_before: sg.State, _words: str) -> bool:
            if not tried:
                tried.append(note(view.board_widgets, state.game.name, "lesson", name))
            return False  # the board goes on as usual

        view.hooks.after_move.append(moved)
    return view
