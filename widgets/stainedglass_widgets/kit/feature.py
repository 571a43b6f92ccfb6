"""What a play dashboard is made of: a play view (:mod:`.game_view`, the board, the banner, the
messages, Undo and the move box) and the features that attach to it, each in its own module:
the coach, the position editor, the projector, records, compare and review, charts, hints, the
seats. This module is the interface between them; which features make which dashboard is said
in one place, :data:`stainedglass_widgets.features.DASHBOARDS`.

**A feature** is a :class:`Feature` subclass with a ``name``. The view makes it with
``Feature(view)`` as it is built, in the dashboard's order; the feature then

- puts its widgets in the view's slots: ``view.add_widgets(slot, *widgets)``, slots in page order
  :data:`SLOTS` (``"strip"`` is the row of buttons under the board);
- hooks into the view (:class:`Hooks`, ``view.hooks``): ``after_change`` (after every change of
  the position or the marks), ``before_move`` (a person's legal move, before it is played: True
  takes it over), ``after_move`` (a person's move just played: True carries on instead of the
  view), ``holding`` (words while the bots must wait for something), ``may_hint`` (a hint may
  be searched, or the words refusing it), ``hint_given`` (a hint was shown), ``no_help`` (why
  Hint, Compare my move and Teach me are off now), ``shown_only`` (why the game is shown, not
  played here: what would change it hides) and ``turn_words`` (the banner's turn, said
  otherwise);
- follows the play model's events (``view.model.listen``): ``moved``, ``changed``, ``seats``,
  ``table``, ``searching``; and changes the game only through the model, which tells them:
  ``model.set_position``, ``model.play``, ``model.take_back``, ``model.set_seat``,
  ``model.set_table`` (the view's ``play``, ``undo`` and ``set_position`` do it for a person);
- puts keys in the page's address through the view's :class:`~.address.Address`
  (``view.address.claim(keys, fields, precedence=...)``), the one writer of the keeper board's;
- adds actions for the keys on the boards (``view.add_action("hint", fn, button)``: ``h``).

Features find each other through the view, typed: ``view.feature(Coach)`` is the view's
:class:`~stainedglass_widgets.features.coach.Coach` or None (importing a feature's class for
this is allowed; the view itself imports none). The attributes a feature ``provides``
(``view.coach``, ``view.hint_button``) are for notebooks and tests: a type checker sees them as
``Any``, and no code of the package uses them. A dashboard lists its features as
``"module:Class"`` (the module relative to :mod:`stainedglass_widgets.features`).

>>> import stainedglass_widgets as sgw
>>> from stainedglass_widgets.features.coach import Coach
>>> v = sgw.view("cathedral", background=False)
>>> list(v.features)  # doctest: +NORMALIZE_WHITESPACE
['chance', 'undo', 'seats', 'marks', 'hints', 'records', 'review', 'editing', 'coach',
 'projector', 'charts', 'rooms', 'follow', 'log']
>>> v.feature(Coach) is v.features["coach"] is v.coach
True
>>> sgw.view("cathedral", compact=True).feature(Coach) is None
True
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar
from collections.abc import Callable

import stainedglass as sg

if TYPE_CHECKING:  # the annotation only: the view makes its features
    from .game_view import GameView

Said = tuple[str, str]
"""Words and their kind (``"info"``, ``"good"``, ``"bad"``), as a view says them."""

FEATURES = "stainedglass_widgets.features"
"""The package of the features, which :data:`DASHBOARDS` entries name relative to."""

SLOTS = ("above", "strip", "panel", "settings", "charts", "records", "below")
"""The places a feature's widgets go, in page order after the board, its message and the
thinking line: ``above`` (over the buttons: the editor, the coach's words), ``strip`` (the buttons
under the board, a row), ``panel`` (under them: the hints), ``settings`` (a row: seats, New
game), ``charts``, ``records`` (a row: Save, Open, Share), ``below`` (the page's end)."""
ROWS = {
    "strip": {"flex_flow": "row wrap"},
    "settings": {"align_items": "flex-start", "flex_flow": "row wrap"},
    "records": {"align_items": "center", "flex_flow": "row wrap"},
}
"""The slots that are rows of widgets (and their layout); the others are columns."""


def feature_class(entry: str) -> type[Feature]:
    """The feature class an entry of :data:`~stainedglass_widgets.features.DASHBOARDS` names
    (``".coach:Coach"``, a module of :mod:`stainedglass_widgets.features`, or a module outside
    it: ``"my_module:MyFeature"``)."""
    module, _, attr = entry.partition(":")
    if not attr:
        raise ValueError(f"a feature is named as 'module:Class', not {entry!r}")
    found = getattr(importlib.import_module(module, FEATURES), attr, None)
    if not (isinstance(found, type) and issubclass(found, Feature)):
        raise ValueError(f"{entry!r} is not a Feature")
    return found


class Feature:
    """A part of a dashboard attached to ``view`` (see the module's words). A subclass sets
    ``name`` and may list in ``provides`` the attributes it offers as the view's own, for
    notebooks and tests (its own ``name`` there: the feature itself; the package's code asks
    ``view.feature(Class)``); in its ``__init__`` it places its widgets and hooks in.
    ``projected``: widgets that stay beside the board on a projector; :meth:`wait` waits for its
    own background work."""

    name: ClassVar[str] = ""
    provides: ClassVar[tuple[str, ...]] = ()
    projected: ClassVar[tuple[str, ...]] = ()
    """Attributes naming this feature's widgets that stay in view on a projector."""

    def __init__(self, view: GameView) -> None:
        self.view = view

    def kept(self) -> list[Any]:
        return [getattr(self, name) for name in self.projected]

    def wait(self, timeout: float) -> bool:
        """Block until the feature's own background work is done (tests, scripts)."""
        return True


@dataclass
class Hooks:
    """Where features hook into a view (each a list, called in order)."""

    after_change: list[Callable[[], None]] = field(default_factory=list)
    """After every change: the position, a move, the marks shown."""
    before_move: list[Callable[[sg.Move, str], bool]] = field(default_factory=list)
    """A person's legal move and its words, before it is played: True takes it over (a
    puzzle judges it) and the game does not go on."""
    after_move: list[Callable[[sg.State, str], bool]] = field(default_factory=list)
    """A person's move was just played from the position given, with its words: True means
    the hook carries on from here (the coach judges it before anything else moves)."""
    marked: list[Callable[[], None]] = field(default_factory=list)
    """After the marks on the board changed without a move (a hint, the review's better move)."""
    holding: list[Callable[[], str]] = field(default_factory=list)
    """Words for why the bots wait (the coach's offer to take a move back), or ""."""
    may_hint: list[Callable[[], Said | None]] = field(default_factory=list)
    """Asked before a hint is searched: None lets it be; words and their kind refuse it, said
    as the refusal (the coach's hint budget). The first refusal is said; the rest not asked."""
    hint_given: list[Callable[[], None]] = field(default_factory=list)
    """A hint was shown (it found moves; a cancelled one is not told): the coach counts it."""
    no_help: list[Callable[[], str]] = field(default_factory=list)
    """Words for why the board offers no help now (a teacher's question is open), or "": the
    Hint, Compare my move and Teach me buttons are off meanwhile, and say it."""
    shown_only: list[Callable[[], str]] = field(default_factory=list)
    """Words for why the game on the board is shown here, not played (it follows a teacher's
    board), or "": the buttons that would change it (Undo, New game, Edit) and the seat
    pickers are hidden meanwhile."""
    turn_words: list[Callable[[int], str]] = field(default_factory=list)
    """The banner's words for the turn of the player given (HTML), when a feature says it
    otherwise than "Dark to move" ("Your answer for Dark": a teacher's question), or ""."""
