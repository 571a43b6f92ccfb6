"""Hints: the **Hint** button (and ``h`` on the boards) asks the game's hint search for the best
moves off the event loop (:class:`Hints`); the board marks them, and a panel under the buttons
lists each with its value, support and reason beside a chart of the values (:class:`Marks`).
The panel also lists any other marks a board shows (the review's better move, a puzzle's
answer) under their heading.

Other features gate and count hints through the view's hooks
(:class:`~stainedglass_widgets.kit.feature.Hooks`): ``may_hint`` (the coach's hint budget) and
``hint_given``.

>>> import stainedglass_widgets as sgw
>>> v = sgw.view("cathedral", background=False, hint_budget_s=0.05)
>>> v.hint()
>>> len(v.suggestions) > 0, "Suggestions for Light" in v.hint_list.value
(True, True)
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import ipywidgets as w

import stainedglass as sg
from stainedglass.glass import hint_colour

from .charts import HintChart
from ..kit.feature import Feature
from ..kit.searches import bot_label, hints

if TYPE_CHECKING:
    from ..kit.game_view import GameView


def search_words(state: sg.State) -> str:
    """How the hint's words name the search that gives it at this table size."""
    bot = state.game.hint_bot
    return bot_label(bot).removesuffix(" bot")


class Marks(Feature):
    """The panel under the buttons that lists the marks on the board, a hint's or another's
    (the review's better move, a puzzle's answer) under its heading, beside a chart of their
    values."""

    name = "marks"
    provides = ("hint_list", "hint_panel", "hints_chart", "hint_chart", "hint_chart_box")
    projected = ("hint_panel",)

    def __init__(self, view: GameView) -> None:
        super().__init__(view)
        self.hint_list = w.HTML(layout=w.Layout(max_width="640px"))
        self.hints_chart = HintChart(view)
        self.hint_panel = w.HBox(
            [self.hint_list, self.hints_chart.box],
            layout=w.Layout(display="none", align_items="flex-start"),
        )
        self.hint_panel.add_class("sg-hints")
        view.add_widgets("panel", self.hint_panel)
        view.hooks.after_change.append(self.update)
        view.hooks.marked.append(self.update)

    @property
    def hint_chart(self) -> Any:
        """The hint chart's plotly figure (None until the first hint)."""
        return self.hints_chart.figure

    @property
    def hint_chart_box(self) -> w.Box:
        return self.hints_chart.box

    def update(self) -> None:
        """The panel follows the marks on the board (hidden without any)."""
        view = self.view
        if not view.suggestions:
            self.hint_panel.layout.display = "none"
            self.hint_list.value = ""
            return
        self.hint_panel.layout.display = None  # shown first: a displayed chart takes changes
        self.hint_list.value = self.list_html()
        if not view.compact:
            self.hints_chart.box.layout.display = None if view.marks_chart else "none"
            if view.marks_chart:
                self.hints_chart.update()

    def list_html(self) -> str:
        view = self.view
        rows = []
        for m in view.hint_marks():
            colour = hint_colour(m.shade)
            ink = "#ffffff" if m.shade > 0.55 else "#2d2a24"
            rows.append(
                f'<li class="sg-hint" data-rank="{m.rank}" style="margin:3px 0">'
                f'<span style="display:inline-block;min-width:1.5em;text-align:center;'
                f"background:{colour};color:{ink};border:1px solid #17150f;border-radius:50%;"
                f'font-weight:bold">{m.rank}</span> <b>{m.value:.0%}</b> '
                f"<code>{html.escape(str(m.move))}</code>: {html.escape(m.reason)} "
                f'<small style="color:#6f685a">({m.support} {html.escape(m.unit)})</small></li>'
            )
        if view.marks_heading:
            head = f"<b>{html.escape(view.marks_heading)}</b>"
        else:
            name = view.player_names[view.state.current_player]
            head = (
                f"<b>Suggestions for {html.escape(name)}</b> "
                f"<small>(value: estimated {view.value_words()}; searched by "
                f"{search_words(view.state)} for {view.hint_budget_s:.1f} s)</small>"
            )
        return (
            '<div style="font-size:14px;line-height:1.35">'
            + head
            + f'<ol style="list-style:none;padding-left:0;margin:4px 0">{"".join(rows)}</ol>'
            "</div>"
        )

    def wait(self, timeout: float) -> bool:
        return self.hints_chart.wait(timeout)


class Hints(Feature):
    """The Hint button and the hint search (the marks' panel shows what it finds)."""

    name = "hints"
    provides = ("hint_button",)

    def __init__(self, view: GameView) -> None:
        super().__init__(view)
        self.hint_button = w.Button(
            description="Hint", tooltip="the AI's best moves, and why (key h on the board)"
        )
        self.hint_button.on_click(view.safe(lambda _: view.hint()))
        view.add_widgets("strip", self.hint_button)
        view.add_action("hint", self.ask, self.hint_button)

    def ask(self) -> None:
        """Search for the best moves of the player to move (in the background); show them
        when found."""
        view = self.view
        state = view.state
        if state.is_terminal():
            view.say("The game is over: no hint to give.")
            return
        if state.is_chance():
            view.say("Chance moves next: no hint to give until it has.")
            return
        if view.search is not None:
            view.say("Still thinking: " + view.model.about)
            return
        refused = next(filter(None, (may() for may in view.hooks.may_hint)), None)
        if refused is not None:  # the coach's hint budget
            view.say(*refused)
            return
        position, budget, top = state.clone(), view.hint_budget_s, view.hint_top
        name = view.player_names[state.current_player]
        view.model.think(
            f"Looking for {name}'s best moves ({search_words(state)}, {budget:.1f} s)…",
            budget,
            lambda stop: hints(position, top, budget, stop),
            self._found,
        )

    def _found(self, suggestions: list[sg.ai.Suggestion]) -> None:
        if suggestions:
            for told in self.view.hooks.hint_given:
                told()
        self.view.show_suggestions(suggestions)
