"""The buttons most boards have around the game's own: the chance button (its words from the
game's facts: Roll, Draw a card), **Undo** (and ``u`` on the boards) and a lesson's **Start
again**. A puzzle's board has none of them: a puzzle is answered, not played on.

>>> import stainedglass_widgets as sgw
>>> v = sgw.view("cathedral", background=False)
>>> v.play("cathedral e4 d5 e5 f5 e6 e7"); v.undo_button.click()
>>> v.state.history
[]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as w

from ..kit.feature import Feature

if TYPE_CHECKING:
    from ..kit.game_view import GameView


class Chance(Feature):
    """The chance move a person sets off (a roll of the dice): waiting for them, it is on."""

    name = "chance"
    provides = ("chance_button",)

    def __init__(self, view: GameView) -> None:
        super().__init__(view)
        facts = view.game.facts
        self.chance_button = w.Button(
            description=facts.chance_action or "Chance",
            button_style="warning",
            tooltip=facts.chance_action.lower(),
        )
        self.chance_button.add_class("sg-chance")
        self.chance_button.on_click(view.safe(lambda _: view.resolve_chance()))
        if not facts.chance:
            self.chance_button.layout.display = "none"
        view.add_widgets("strip", self.chance_button, first=True)
        view.hooks.after_change.append(self.update)

    def update(self) -> None:
        view = self.view
        if view.game.facts.chance:
            waiting = view.state.is_chance() and view.model.has_human() and not view.auto_chance()
            self.chance_button.disabled = not waiting
            # hidden while the game is shown here, not played (it follows a teacher's board)
            self.chance_button.layout.display = "none" if view.shown_only() else None


class Undo(Feature):
    """**Undo**: the view's :meth:`~.game_view.GameView.undo`."""

    name = "undo"
    provides = ("undo_button",)

    def __init__(self, view: GameView) -> None:
        super().__init__(view)
        self.undo_button = w.Button(
            description="Undo", tooltip="take back the last move (key u on the board)"
        )
        self.undo_button.on_click(view.safe(lambda _: view.undo()))
        view.add_widgets("strip", self.undo_button)
        view.add_action("undo", view.undo, self.undo_button)
        view.hooks.after_change.append(self.update)

    def update(self) -> None:
        """Hidden while the game is shown here and not played (it follows a teacher's)."""
        display = "none" if self.view.shown_only() else None
        if self.undo_button.layout.display != display:
            self.undo_button.layout.display = display
            self.view.update_kit_keys()  # no u for a hidden Undo


class StartAgain(Feature):
    """A lesson's **Start again**: back to the position the lesson set up."""

    name = "start_again"
    provides = ("restart_button",)

    def __init__(self, view: GameView) -> None:
        super().__init__(view)
        self.restart_button = w.Button(
            description="Start again", tooltip="back to the position this lesson set up"
        )
        self.restart_button.on_click(view.safe(lambda _: self.restart()))
        view.add_widgets("strip", self.restart_button)

    def restart(self) -> None:
        view = self.view
        view.set_position(
            view.start.clone(), ("Back to the start of this lesson.", "info"), start=view.start
        )
