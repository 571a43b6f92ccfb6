"""The thinking line under a board: what the search under way is about, how much of its time it
has used, and **Cancel**; or, when a bot is to move but waits (after Undo), **Let the bot move**.
It follows the play model's ``searching`` events.

>>> import stainedglass_widgets as sgw
>>> v = sgw.view("cathedral", background=False, seats=["human", "greedy"])
>>> v.thinking_row.layout.display
'none'
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

import ipywidgets as w

from .searches import bot_label

if TYPE_CHECKING:  # the annotation only: the view makes its thinking line
    from .game_view import GameView


class ThinkingLine:
    """``view``'s thinking line (:attr:`row`, under the board's message)."""

    def __init__(self, view: GameView) -> None:
        self.view = view
        self.words = w.HTML()
        self.words.add_class("sg-thinking")
        self.progress = w.FloatProgress(
            value=0.0,
            min=0.0,
            max=1.0,
            tooltip="how much of its time the search has used",
            layout=w.Layout(width="220px"),
        )
        self.continue_button = w.Button(
            description="Let the bot move",
            tooltip="the bot to move waits (after Undo): let it play",
        )
        self.continue_button.on_click(view.safe(lambda _: self.resume()))
        self.stop_button = w.Button(description="Cancel", tooltip="stop this search")
        self.stop_button.add_class("sg-cancel")
        self.stop_button.on_click(view.safe(lambda _: self.stop()))
        self.row = w.HBox(
            [self.words, self.progress, self.stop_button, self.continue_button],
            layout=w.Layout(display="none", align_items="center"),
        )
        view.model.listen("searching", view.safe(self.update))

    def resume(self) -> None:
        """Let the bot to move play (it waits after an Undo)."""
        if self.view.search is None:
            self.view.after_change(None)

    def stop(self) -> None:
        """Cancel: stop the search under way (a bot then waits: Let the bot move); a search
        that says what its Cancel does (the coach's look, a puzzle's judgement) does that."""
        view = self.view
        search = view.search
        if search is None:
            return
        view.model.cancel_search()
        if search.on_cancel is not None:
            search.on_cancel()
            return
        view.say(f"Stopped: {view.model.about.rstrip('…')}.", "info")

    def update(self) -> None:
        view, model = self.view, self.view.model
        row = self.row.layout
        if model.search is not None:
            row.display = self.progress.layout.display = self.stop_button.layout.display = None
            self.continue_button.layout.display = "none"
            seconds = model.progress()
            self.progress.value = min(1.0, seconds / max(model.budget, 0.1))
            self.words.value = (
                f'<span style="font-size:15px">{html.escape(model.about)} {seconds:.1f} s</span>'
            )
        elif any(hook() for hook in view.hooks.holding):  # the bot waits for the learner
            row.display = "none"
        elif model.bot_to_move() is not None:  # a bot to move, not thinking: paused
            p = model.state.current_player
            row.display = self.continue_button.layout.display = None
            self.progress.layout.display = self.stop_button.layout.display = "none"
            self.words.value = (
                f'<span style="font-size:15px">{view.player_names[p]}\'s '
                f"{bot_label(model.seats[p])} waits (after Undo).</span>"
            )
        else:
            row.display = "none"
