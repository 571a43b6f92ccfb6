"""Hints: the **Hint** button (and ``h`` on the boards) asks the game's hint search for the best
moves off the event loop (:class:`Hints`); the board marks them, and a panel under the buttons
lists each with its value, support and reason beside a chart of the values (:class:`Marks`),
and the line each expects on a board of its own, to step through (:class:`Line`).
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
>>> v.features["marks"].line.go(2); v.features["marks"].line.step
2
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import ipywidgets as w

import stainedglass as sg
from stainedglass.ai.review import said_move
from stainedglass.glass import hint_colour

from .charts import HintChart
from ..kit.feature import Feature
from ..kit.messages import figure_words, support_words
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
        self.line = Line(view)
        # the chart keeps its width (440 px): beside the list when there is room, else under it
        self.hint_panel = w.HBox(
            [w.VBox([self.hint_list, self.line.box]), self.hints_chart.box],
            layout=w.Layout(display="none", align_items="flex-start", flex_flow="row wrap"),
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
            self.line.show([])
            return
        self.hint_panel.layout.display = None  # shown first: a displayed chart takes changes
        self.hint_list.value = self.list_html()
        self.line.show(view.suggestions)
        if not view.compact:
            self.hints_chart.box.layout.display = None if view.marks_chart else "none"
            if view.marks_chart:
                self.hints_chart.update()

    def list_html(self) -> str:
        """The suggestions, best first: each its rank's badge, its figure (no finer than the
        search can tell), its lead and what it has over the next; moves the search cannot tell
        apart one line ("About equally good: X, Y and Z"); a verdict's mark its sign, no figure."""
        view = self.view
        rows = []
        pairs = list(zip(view.hint_marks(), view.suggestions, strict=False))
        for group in _equal_runs(pairs):
            m, s = group[0]
            figure = "" if m.badge else f"<b>{figure_words(m.value, m.support, m.unit)}</b> "
            support = (
                f' <small style="color:#6f685a">({support_words(m.support, m.unit)})</small>'
                if m.unit
                else ""
            )
            badges = "".join(_badge(each) for each, _ in group)
            if len(group) > 1:  # each move named with its rank and notation, as it is ringed
                named = [_named(view.state, each) for each, _ in group]
                if len(named) > SHOWN_EQUAL:  # the rest are ringed on the board
                    more = len(named) - SHOWN_EQUAL + 1
                    named = [*named[: SHOWN_EQUAL - 1], f"{more} more ringed on the board"]
                last = group[-1][1]
                versus = (  # what the run has over the next, unless the next is as good
                    last.versus_next
                    if isinstance(last, sg.ai.Suggestion) and not last.equally_good
                    else ""
                )
                words = (
                    f"<b>About equally good</b>: {_listed(named)}. "
                    f"<br>{html.escape(getattr(s, 'lead', ''))} <i>{html.escape(versus)}</i>"
                )
            elif isinstance(s, sg.ai.Suggestion) and s.lead:
                words = said(m.reason, s)
            else:  # a mark of another kind (an answer, a verdict): its move in words first
                words = f"{html.escape(_cap(said_move(view.state, m.move)))}: {said(m.reason, s)}"
            rows.append(
                f'<li class="sg-hint" data-rank="{m.rank}" data-move="{html.escape(str(m.move))}"'
                f' style="margin:3px 0">{badges} '
                f"{figure}{words}{support}{why(s)}</li>"
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


SHOWN_EQUAL = 3
"""The most moves named in one "About equally good" line (the others: "N more ringed")."""


def _badge(m: Any) -> str:
    """A mark's rank (or sign) in the list, in the colour it has on the board."""
    colour = hint_colour(m.shade)
    ink = "#ffffff" if m.shade > 0.55 else "#2d2a24"
    return (
        f'<span style="display:inline-block;min-width:1.5em;text-align:center;'
        f"background:{colour};color:{ink};border:1px solid #17150f;border-radius:50%;"
        f'font-weight:bold">{html.escape(m.sign)}</span>'
    )


def _equal_runs(pairs: list[tuple[Any, Any]]) -> list[list[tuple[Any, Any]]]:
    """The (mark, suggestion) pairs in runs: a suggestion the search cannot tell from the next
    (``equally_good``) joins the next in one run."""
    runs: list[list[tuple[Any, Any]]] = []
    joined = False
    for pair in pairs:
        if joined and runs:
            runs[-1].append(pair)
        else:
            runs.append([pair])
        s = pair[1]
        joined = isinstance(s, sg.ai.Suggestion) and s.equally_good and not pair[0].badge
    return runs


def _named(state: sg.State, mark: Any) -> str:
    """A mark's move in words in an "About equally good" line (HTML), carrying its rank and
    notation as its list item does (``data-rank``, ``data-move``)."""
    return (
        f'<span class="sg-hint-move" data-rank="{mark.rank}"'
        f' data-move="{html.escape(str(mark.move))}">'
        f"{html.escape(said_move(state, mark.move))}</span>"
    )


def _cap(words: str) -> str:
    return words[:1].upper() + words[1:]


def _listed(items: list[str]) -> str:
    """ "X and Y", "X, Y and Z"."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def said(reason: str, suggestion: Any) -> str:
    """A suggestion's words in the list (HTML): its lead and what the next best lacks (its
    details: :func:`why`); a mark of another kind, its reason."""
    if not isinstance(suggestion, sg.ai.Suggestion) or not suggestion.lead:
        return html.escape(reason)
    return f"{html.escape(suggestion.lead)} <i>{html.escape(suggestion.versus_next)}</i>"


def why(suggestion: Any) -> str:
    """A suggestion's details, folded under "why" for who wants them (HTML; "" for none)."""
    if not isinstance(suggestion, sg.ai.Suggestion) or not suggestion.details:
        return ""
    details = "".join(f"<li>{html.escape(d)}</li>" for d in suggestion.details)
    return (
        f'<details class="sg-hint-why"><summary>why</summary><ul style="margin:2px 0">'
        f"{details}</ul></details>"
    )


class Line:
    """The line a suggestion expects, on a board of its own under the list, to step through:
    the suggested move, the other player's answer, the mover's next move (a chance outcome the
    line assumed said as such), each with what it does. ``pick`` chooses the suggestion."""

    def __init__(self, view: GameView) -> None:
        self.view = view
        self.suggestions: list[sg.ai.Suggestion] = []
        self.step = 0
        self.pick = w.ToggleButtons(
            description="Line of",
            tooltips=[],
            style={"description_width": "52px", "button_width": "34px"},
        )  # buttons, not a list box: one press shows a suggestion's line
        self.pick.add_class("sg-line-pick")
        self.pick.observe(view.safe(lambda _: self.go(1)), "value")
        self.back_button = w.Button(description="◀ Back", tooltip="the line's step before")
        self.back_button.add_class("sg-line-back")
        self.back_button.on_click(view.safe(lambda _: self.go(self.step - 1)))
        self.next_button = w.Button(description="Next ▶", tooltip="the line's next step")
        self.next_button.add_class("sg-line-next")
        self.next_button.on_click(view.safe(lambda _: self.go(self.step + 1)))
        self.words = w.HTML()
        self.words.add_class("sg-line-words")
        self.board = w.HTML(layout=w.Layout(max_width="420px"))
        self.board.add_class("sg-line-board")
        self.box = w.VBox(
            [
                w.HBox(
                    [self.pick, self.back_button, self.next_button],
                    layout=w.Layout(align_items="center"),
                ),
                self.words,
                self.board,
            ],
            layout=w.Layout(display="none"),
        )
        self.box.add_class("sg-line")

    def show(self, suggestions: list[sg.ai.Suggestion]) -> None:
        """The lines of ``suggestions`` (hidden when none has one: another board's marks)."""
        self.suggestions = [s for s in suggestions if isinstance(s, sg.ai.Suggestion)]
        if not self.suggestions or self.view.marks_heading:
            self.box.layout.display = "none"
            return
        self.box.layout.display = None
        options = [(str(i + 1), i) for i in range(len(self.suggestions))]
        if list(self.pick.options) != options:
            self.pick.options = options
            self.pick.tooltips = [f"the line of {s.move}" for s in self.suggestions]
            self.pick.value = 0
        self.go(1)

    def moves(self) -> list[tuple[str, str]]:
        """The chosen suggestion's line: (move, words) from the suggested move on."""
        s = self.suggestions[self.pick.value or 0]
        names = self.view.player_names
        first = (str(s.move), f"{names[self.view.state.current_player]} plays it: {s.lead}")
        steps = []
        for step in s.line:
            who = "Chance" if step.player == sg.CHANCE else names[step.player]
            assumed = " (assumed: one of the outcomes)" if step.assumed else ""
            named = step.name or step.move  # in words, as the board shows it
            said = step.words[:1].upper() + step.words[1:]
            steps.append((step.move, f"{who}: {named}{assumed}. {said}"))
        return [first, *steps]

    def go(self, step: int) -> None:
        """Show the position after ``step`` moves of the line (1: the suggested move)."""
        if not self.suggestions:
            return
        line = self.moves()
        step = max(1, min(step, len(line)))
        state = self.view.state.clone()
        shown = 0
        for move, _ in line[:step]:
            try:
                state.play(move)
            except (sg.IllegalMove, ValueError):  # a hidden card the line assumed differently
                break
            shown += 1
        self.step = max(1, shown)
        move, words = line[self.step - 1]
        self.board.value = state.svg() or ""  # the board first: the words say it is there
        self.words.value = (
            f'<div style="font-size:14px"><b>Step {self.step} of {len(line)}</b>: '
            f"{html.escape(words)}</div>"
        )
        self.back_button.disabled = self.step <= 1
        self.next_button.disabled = self.step >= len(line)


class Hints(Feature):
    """The Hint button and the hint search (the marks' panel shows what it finds)."""

    name = "hints"
    provides = ("hint_button",)

    def __init__(self, view: GameView) -> None:
        super().__init__(view)
        self.hint_button = w.Button(
            description="Hint", tooltip="the AI's best moves, and why (key h on the board)"
        )
        self.hint_button.add_class("sg-hint-button")
        self.hint_button.on_click(view.safe(lambda _: view.hint()))
        self._tooltip = self.hint_button.tooltip
        self.no_help_words = w.HTML(layout=w.Layout(display="none"))
        """Why the board offers no help now, beside the button (a teacher's question)."""
        self.no_help_words.add_class("sg-no-help")
        view.add_widgets("strip", self.hint_button, self.no_help_words)
        view.add_action("hint", self.ask, self.hint_button)
        view.hooks.after_change.append(self.update)

    def update(self) -> None:
        """The button is off while the board offers no help, and the words beside it say why."""
        off = self.view.no_help()
        self.hint_button.disabled = bool(off)
        self.hint_button.tooltip = off or self._tooltip
        self.no_help_words.value = (
            f'<span style="font-size:14px;color:#6b0b02"><b>{html.escape(off, quote=False)}</b></span>'
            if off
            else ""
        )
        self.no_help_words.layout.display = None if off else "none"

    def ask(self) -> None:
        """Search for the best moves of the player to move (in the background); show them
        when found."""
        view = self.view
        state = view.state
        off = view.no_help()
        if off:
            view.say(off, "bad")
            return
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
