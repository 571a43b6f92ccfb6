"""The view's side of the features' interface (:mod:`.feature`), which
:class:`~.game_view.GameView` is built on: the features attached and how they find each other
(:meth:`Dashboard.feature`), the slots their widgets go in, the hooks, the page's address, and
the actions the boards' kit keys reach.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, cast
from collections.abc import Callable

import ipywidgets as w

from .address import Address
from .board import Board, boards_in
from .feature import SLOTS, Feature, Hooks

if TYPE_CHECKING:  # the annotation only
    from .game_view import GameView

F = TypeVar("F", bound=Feature)


class Dashboard:
    """What a view holds for its features; :meth:`_init_dashboard` makes it empty."""

    KIT_KEYS: ClassVar[dict[str, str]] = {"u": "undo", "h": "hint", "n": "next"}
    """Keys every board answers with the view's action (unless it watches the key itself)."""

    hooks: Hooks
    features: dict[str, Feature]
    """The features attached, by name, in the dashboard's order."""
    actions: dict[str, tuple[Callable[[], None], w.Button | None]]
    address: Address
    """The page's address: features claim its keys; it alone writes the keeper board's."""
    board_widgets: list[w.Widget]

    def _init_dashboard(self) -> None:
        self.hooks = Hooks()
        self.features = {}
        self.actions = {}
        self.address = Address()
        self._provided: dict[str, Feature] = {}
        self._slots: dict[str, list[w.Widget]] = {slot: [] for slot in SLOTS}
        self._front = 0  # widgets placed first in the strip

    # ---- the features ----------------------------------------------------------------------------

    def feature(self, kind: type[F]) -> F | None:
        """This view's feature of class ``kind`` (``view.feature(Coach)``), None without one:
        how features and pages find each other, typed."""
        return next((f for f in self.features.values() if isinstance(f, kind)), None)

    def __getattr__(self, name: str) -> Any:
        """A feature's part, by the name it provides (``view.coach``, ``view.hint_button``):
        for notebooks and tests; the package's code asks :meth:`feature`."""
        provided = self.__dict__.get("_provided", {})
        if name in provided:
            feature = provided[name]
            return feature if name == feature.name else getattr(feature, name)
        raise AttributeError(f"{type(self).__name__!r} has no attribute {name!r}")

    def attach(self, cls: type[Feature]) -> Feature:
        """Make feature ``cls`` part of this view (as the view is built)."""
        if cls.name in self.features:
            raise ValueError(f"the {cls.name!r} feature is attached already")
        for name in cls.provides:
            if name in self._provided or name in dir(type(self)):
                raise ValueError(f"{cls.__name__} provides {name!r}, which the view has")
        feature = cls(cast("GameView", self))  # a dashboard is a game view's part
        self.features[cls.name] = feature
        for name in cls.provides:
            self._provided[name] = feature
        return feature

    def add_widgets(self, slot: str, *widgets: w.Widget, first: bool = False) -> None:
        """Put ``widgets`` in ``slot`` (:data:`features.SLOTS`), after those already there
        (``first``: before them)."""
        if slot not in self._slots:
            raise ValueError(f"no slot {slot!r}: the slots are {', '.join(SLOTS)}")
        if first:
            self._slots[slot][:0] = widgets
            self._front += len(widgets) if slot == "strip" else 0
        else:
            self._slots[slot] += widgets

    @property
    def keeper(self) -> Board | None:
        """The board that keeps the page's address (when a feature claims a key of it)."""
        return self.address.keeper

    def no_help(self) -> str:
        """Why the board offers no help now (the features' ``no_help`` hooks), "" when it does."""
        return next(filter(None, (said() for said in self.hooks.no_help)), "")

    def shown_only(self) -> str:
        """Why the game is shown here and not played (the ``shown_only`` hooks), "" when it is
        this board's own."""
        return next(filter(None, (said() for said in self.hooks.shown_only)), "")

    def turn_said(self, player: int) -> str:
        """The banner's turn of ``player`` as a feature says it (``turn_words``), else ""."""
        return next(filter(None, (said(player) for said in self.hooks.turn_words)), "")

    # ---- actions and keys ------------------------------------------------------------------------

    def add_action(
        self, name: str, run: Callable[[], None] | None, button: w.Button | None = None
    ) -> None:
        """An action the boards' kit keys reach (``undo``, ``hint``, ``next``), done by its
        ``button`` when it has one; ``run=None`` removes it."""
        if run is None:
            self.actions.pop(name, None)
        else:
            self.actions[name] = (run, button)
        self._update_kit_keys()

    def _shown(self, action: str) -> bool:
        run, button = self.actions.get(action, (None, None))
        return run is not None and (button is None or button.layout.display != "none")

    def update_kit_keys(self) -> None:
        """The boards' kit keys follow the action buttons shown (one was hidden or shown)."""
        self._update_kit_keys()

    def _update_kit_keys(self) -> None:
        words = {"undo": "takes back a move", "hint": "asks for a hint", "next": "goes on"}
        for board in boards_in(getattr(self, "board_widgets", ())):
            board.kit_keys = [
                k
                for k, what in self.KIT_KEYS.items()
                if k not in board.watch_keys and self._shown(what)
            ]
            said = "; ".join(f"{k} {words[self.KIT_KEYS[k]]}" for k in board.kit_keys)
            board.key_help = f"Keys: {said}." if said else ""

    def set_next_step(self, step: Callable[[], None] | None) -> None:
        """Let the ``n`` key on the boards do ``step`` (a puzzle's Next); None stops it."""
        self.add_action("next", step)
