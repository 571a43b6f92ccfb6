"""What every game's play view shares: seats (a human or a bot each, with a strength slider), the
turn banner, messages, undo, new game, hints from the AI with their reasons and a chart of the
candidates' values, the move log and the score chart. A game's view subclasses :class:`GameView`
and supplies its board (and draws :meth:`GameView.hint_marks` on it).

A view never lets an exception reach the notebook: every handler runs through :meth:`GameView.safe`,
which shows an illegal move's reason (or any other error) as a message instead. Handlers hold the
view's lock, and so does a search when it hands back its answer: bots and hints think in a worker
thread (``suggest.Search``), the page stays responsive, and Undo, New game or a move played
meanwhile cancel a pending search (its answer is dropped, its search stopped).

The score chart is plotly, built lazily: plotly's widget bundle is several megabytes, so it is only
sent to the page when someone opens the chart, and the figure is created with its final data
(a FigureWidget changed before it is displayed inside a Box loses the change under Voila); once
shown, it is updated in place. The hint chart follows the same rules: built on the first hint
with its data, updated in place after that (shown first, then changed).
"""

from __future__ import annotations

import functools
import html
import os
import threading
import time
from typing import Any, Callable, Sequence

import ipywidgets as w

import stainedglass as sg

from .glass import GLASS, hint_colour
from .suggest import (BOT_LABELS, HUMAN, TIMED_BOTS, HintMark, Search, bot_move, check_seat,
                      hint_marks, hints, seat_choices)

COMPUTER = "mcts"
"""The bot a seat gets when it is simply "the computer"."""
HINT_WORDS = "MCTS"

MESSAGE_STYLE = {
    "info": ("#2d2a24", "#f4efe1", "#b9b2a1"),
    "good": ("#0c4a1e", "#dcf5df", "#23a447"),
    "bad": ("#6b0b02", "#ffe1dc", "#d8341e"),
}


def message_html(text: str, kind: str = "info", css_class: str = "sg-message") -> str:
    """A message box; the kind is also spelt out by a symbol, not only by colour."""
    fg, bg, border = MESSAGE_STYLE.get(kind, MESSAGE_STYLE["info"])
    mark = {"good": "✓ ", "bad": "✗ "}.get(kind, "")
    return (f'<div class="{css_class} sg-{kind}" style="color:{fg};background:{bg};'
            f"border-left:6px solid {border};padding:6px 10px;border-radius:4px;"
            f'font-size:15px;line-height:1.35;min-height:1.4em">{mark}{html.escape(text)}</div>')


class GameView(w.VBox):
    """A game in play: the state, who sits in each seat, and the controls around the board.

    Subclasses set ``player_names``, ``player_glass`` (a :data:`GLASS` name per player),
    ``lower_is_better``, and implement :meth:`board_area` (the widgets of the board) and
    :meth:`redraw` (draw the board from ``self.state``, and the suggestions of
    :meth:`hint_marks`). :meth:`take_hint` and :meth:`move_label` may be overridden.

    ``seats``: ``"human"`` or a bot name (``random``, ``greedy``, ``mcts``, ``alphabeta``) per
    player; ``budget_s``: each bot's thinking time (the seat's slider); ``hint_budget_s``: the
    hint's; ``background=False`` runs bots and hints inline (scripts), else in a worker thread.
    """

    player_names: Sequence[str] = ()
    player_glass: Sequence[str] = ()
    lower_is_better = False
    score_label = "points"
    hint_top = 5  # suggestions shown by Hint

    def __init__(self, game: sg.Game, state: sg.State | None = None, *,
                 seats: Sequence[str] | None = None, compact: bool = False,
                 budget_s: float = 1.0, hint_budget_s: float = 1.0,
                 background: bool = True) -> None:
        super().__init__()
        self._lock = threading.RLock()
        self.game = game
        self.state = state if state is not None else game.new_game()
        self.start = self.state.clone()  # where "Start again" returns to
        self.seats = [check_seat(s) for s in (seats or [HUMAN] * self.state.num_players)]
        if len(self.seats) < self.state.num_players:  # more: pickers for larger new games
            raise ValueError(f"{len(self.seats)} seats for {self.state.num_players} players")
        self.budgets = [float(budget_s)] * len(self.seats)
        self.hint_budget_s = float(hint_budget_s)
        self.background = background
        self.compact = compact
        self.chart: Any = None
        self.hint_chart: Any = None
        self._chart_thread: threading.Thread | None = None
        self.suggestions: list[sg.ai.Suggestion] = []
        self.search: Search | None = None  # the bot's move or the hint being thought about
        self._search_about = ""  # words for the progress line
        self._search_budget = 1.0
        self.add_class("sg-view")

        self.banner = w.HTML(layout=w.Layout(margin="0 0 4px 0"))
        self.message = w.HTML(message_html("", "info"))
        self.undo_button = w.Button(description="Undo", tooltip="take back the last move")
        self.hint_button = w.Button(description="Hint", tooltip="the AI's best moves, and why")
        self.undo_button.on_click(self.safe(lambda _: self.undo()))
        self.hint_button.on_click(self.safe(lambda _: self.hint()))
        self.move_text = w.Text(placeholder="or type a move, e.g. castle c3 d3 e3 c4 e4",
                                continuous_update=False, layout=w.Layout(width="360px"))
        self.move_text.observe(self.safe(lambda change: self.play_text(change["new"])), "value")
        self.move_log = w.HTML()
        # thinking: what the search is about, how far it is; or a bot paused (after Undo)
        self.thinking = w.HTML()
        self.thinking.add_class("sg-thinking")
        self.progress = w.FloatProgress(value=0.0, min=0.0, max=1.0,
                                        layout=w.Layout(width="220px"))
        self.continue_button = w.Button(description="Let the bot move",
                                        tooltip="the bot to move waits (after Undo): let it play")
        self.continue_button.on_click(self.safe(lambda _: self.resume()))
        self.thinking_row = w.HBox([self.thinking, self.progress, self.continue_button],
                                   layout=w.Layout(display="none", align_items="center"))
        # the hint: each suggestion's value, support and reason; a chart of the values
        self.hint_list = w.HTML(layout=w.Layout(max_width="640px"))
        self.hint_chart_box = w.Box()
        self.hint_panel = w.HBox([self.hint_list, self.hint_chart_box],
                                 layout=w.Layout(display="none", align_items="flex-start"))
        self.hint_panel.add_class("sg-hints")
        children: list[w.Widget] = [self.banner, *self.board_area(), self.message,
                                    self.thinking_row]
        if compact:
            self.restart_button = w.Button(description="Start again",
                                           tooltip="back to the position this lesson set up")
            self.restart_button.on_click(self.safe(lambda _: self.restart()))
            children += [w.HBox([*self.controls(), self.undo_button, self.hint_button,
                                 self.restart_button, self.move_text]), self.hint_panel]
        else:
            choices = seat_choices(self.state)
            self.seat_pickers = [
                w.Dropdown(options=choices, value=seat, description=name,
                           layout=w.Layout(width="210px"))
                for name, seat in zip(self.player_names, self.seats)
            ]
            self.strength_sliders = [
                # no readout: its overflow check costs ~30 ms of page load per slider; the
                # description says the value instead (kept by set_budget)
                w.FloatSlider(value=budget, min=0.2, max=10.0, step=0.1, readout=False,
                              description=_seconds(budget), continuous_update=False,
                              tooltip="how long the bot thinks per move (its strength)",
                              style={"description_width": "96px"},
                              layout=w.Layout(width="250px"))
                for budget in self.budgets
            ]
            for i, (picker, slider) in enumerate(zip(self.seat_pickers, self.strength_sliders)):
                picker.observe(self.safe(lambda ch, i=i: self.set_seat(i, ch["new"])), "value")
                slider.observe(self.safe(lambda ch, i=i: self.set_budget(i, ch["new"])), "value")
                self._show_slider(i)
            self.new_button = w.Button(description="New game", button_style="primary")
            self.new_button.on_click(self.safe(lambda _: self.new_game()))
            self.chart_button = w.ToggleButton(description="Score chart", value=False,
                                               tooltip="score after every move (plotly)")
            self.chart_button.observe(self.safe(lambda _: self._toggle_chart()), "value")
            self.chart_box = w.Box()
            _start_warming_plotly()
            seats = [w.VBox([p, s]) for p, s in zip(self.seat_pickers, self.strength_sliders)]
            children += [
                w.HBox([*self.controls(), self.undo_button, self.hint_button, self.move_text]),
                self.hint_panel,
                w.HBox([*seats, *self.new_game_options(), self.new_button, self.chart_button],
                       layout=w.Layout(align_items="flex-start")),
                self.chart_box,
                self.move_log,
            ]
        self.children = children
        self.safe(lambda: self.after_change(self.intro()))()

    # ---- for subclasses ----------------------------------------------------------------------

    def board_area(self) -> list[w.Widget]:  # hook
        raise NotImplementedError

    def controls(self) -> list[w.Widget]:
        """Game-specific buttons beside Undo."""
        return []

    def new_game_options(self) -> list[w.Widget]:
        """Game-specific options shown beside New game."""
        return []

    def game_options(self) -> dict[str, Any]:
        return {}

    def redraw(self) -> None:  # hook
        """Draw the board from ``self.state``, with the suggestions of :meth:`hint_marks`."""
        raise NotImplementedError

    def intro(self) -> tuple[str, str]:
        return ("Your move.", "info")

    def take_hint(self, move: sg.Move) -> None:
        """Called with the best suggestion when a hint is shown: e.g. pick up the piece it
        places, so that one click plays it."""

    def move_label(self, move: sg.Move) -> str:
        """A short name of a move for the hint chart."""
        text = str(move)
        return text if len(text) <= 30 else text[:29] + "…"

    def on_new_state(self) -> None:
        """Called after a new game, an undo, a restart or a bot's move (clear selections and
        the like)."""

    def hint_marks(self) -> list[HintMark]:
        """The suggestions shown now (best first, each with its rank and shade), for
        :meth:`redraw`; empty when no hint is shown."""
        return hint_marks(self.suggestions)

    # ---- errors ------------------------------------------------------------------------------

    def safe(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """``fn`` under the view's lock, showing an error as a message instead of raising it."""

        @functools.wraps(fn)
        def run(*args: Any, **kwargs: Any) -> Any:
            with self._lock:
                try:
                    return fn(*args, **kwargs)
                except sg.IllegalMove as e:
                    self.say(f"Illegal: {e}", "bad")
                except Exception as e:  # noqa: BLE001 - a view must not crash on user input
                    self.say(f"Something went wrong: {type(e).__name__}: {e}", "bad")
                return None

        return run

    # ---- actions -----------------------------------------------------------------------------

    def say(self, text: str, kind: str = "info") -> None:
        self.message.value = message_html(text, kind)

    def play(self, move: sg.Move | str) -> None:
        """Play a human's move for the player to move; an illegal one is shown with its reason.
        A bot's seat is refused: the bot moves for it."""
        state = self.state
        if state.is_terminal():
            raise sg.IllegalMove("the game is over: start a new game")
        if not state.is_chance() and self._seat(state.current_player) != HUMAN:
            name = self.player_names[state.current_player]
            bot = BOT_LABELS[self._seat(state.current_player)]
            wait = "wait for its move" if self.search is not None else "press Let the bot move"
            raise sg.IllegalMove(f"it is {name}'s turn and the {bot} plays {name}: {wait}, or "
                                 f"set {name}'s seat to Human to move for it")
        if isinstance(move, str):
            move = state.parse_move(move)
        words = state.explain(move)
        if words.startswith("Illegal: "):
            self.say(words, "bad")
            self.redraw()
            return
        self.cancel_search()
        state.play(move)
        self.after_change((words.removeprefix("Legal: "), "good"))

    def play_text(self, text: str) -> None:
        """A typed move (Enter in the move box). Blank text is ignored; the box empties after a
        legal move."""
        text = (text or "").strip()
        if not text:
            return
        before = len(self.state.history)
        self.play(text)
        if len(self.state.history) != before:
            self.move_text.value = ""

    def undo(self) -> None:
        """Take back the last move (and a bot's reply, back to a human's turn); a bot thinking
        about its move is stopped. With bots only, the game then waits: Let the bot move."""
        self.cancel_search()
        if not self.state.history:
            self.say("Nothing to take back yet.")
            self._update_thinking()
            return
        self.state.undo()
        while (self.state.history and not self.state.is_terminal()
               and not self.state.is_chance()
               and self._seat(self.state.current_player) != HUMAN and self._has_human()):
            self.state.undo()
        self.on_new_state()
        self.after_change(("Move taken back.", "info"), run_computer=False)

    def new_game(self) -> None:
        self.cancel_search()
        if not self.compact:
            self.seats = [p.value for p in self.seat_pickers]
        self.game = sg.load(self.game.name, **self.game_options())
        self.state = self.game.new_game()
        self.start = self.state.clone()
        self.on_new_state()
        self.after_change(("New game. " + self.intro()[0], "info"))

    def restart(self) -> None:
        self.cancel_search()
        self.state = self.start.clone()
        self.on_new_state()
        self.after_change(("Back to the start of this lesson.", "info"), run_computer=False)

    def set_seat(self, player: int, seat: str) -> None:
        """Who plays ``player`` from now on (a seat picker's change): a bot whose turn it is
        starts thinking at once; a bot that was thinking for a seat now human stops."""
        self.seats[player] = check_seat(seat)
        self._show_slider(player)
        self.after_change(None)

    def set_budget(self, player: int, seconds: float) -> None:
        """The thinking time of ``player``'s bot, from its next move."""
        self.budgets[player] = float(seconds)
        if not self.compact:
            self.strength_sliders[player].description = _seconds(seconds)

    def resume(self) -> None:
        """Let the bot to move play (it waits after an Undo)."""
        if self.search is None:
            self.after_change(None)

    def _show_slider(self, player: int) -> None:
        if not self.compact:
            timed = self.seats[player] in TIMED_BOTS
            self.strength_sliders[player].layout.display = None if timed else "none"

    # ---- hints -------------------------------------------------------------------------------

    def hint(self) -> None:
        """Ask ``sg.ai.suggest`` (in the background) for the best moves; show them when found."""
        state = self.state
        if state.is_terminal():
            self.say("The game is over: no hint to give.")
            return
        if state.is_chance():
            self.say("Chance moves next: no hint to give until it has.")
            return
        if self.search is not None:
            self.say("Still thinking: " + self._search_about)
            return
        position, budget, top = state.clone(), self.hint_budget_s, self.hint_top
        name = self.player_names[state.current_player]
        self._begin(f"Looking for {name}'s best moves ({HINT_WORDS}, {budget:.1f} s)…", budget,
                    lambda stop: hints(position, top, budget, stop), self._hint_found)

    def _hint_found(self, suggestions: list[sg.ai.Suggestion]) -> None:
        self.search = None
        self._update_thinking()
        self.show_suggestions(suggestions)

    def show_suggestions(self, suggestions: Sequence[sg.ai.Suggestion]) -> None:
        """Show ranked suggestions: on the board (:meth:`hint_marks`), in words, in a chart."""
        if not suggestions:
            self.say("No move to suggest.")
            return
        self.suggestions = list(suggestions)
        self.take_hint(self.suggestions[0].move)
        self.say("Hint: " + self.suggestions[0].reason, "info")
        self._update_hint_panel()
        self.redraw()

    def value_words(self) -> str:
        return "chance to win" if self.state.num_players == 2 else "share of the win"

    def _hint_list_html(self) -> str:
        name = self.player_names[self.state.current_player]
        rows = []
        for m in self.hint_marks():
            colour = hint_colour(m.shade)
            ink = "#ffffff" if m.shade > 0.55 else "#2d2a24"
            rows.append(
                f'<li class="sg-hint" data-rank="{m.rank}" style="margin:3px 0">'
                f'<span style="display:inline-block;min-width:1.5em;text-align:center;'
                f'background:{colour};color:{ink};border:1px solid #17150f;border-radius:50%;'
                f'font-weight:bold">{m.rank}</span> <b>{m.value:.0%}</b> '
                f"<code>{html.escape(str(m.move))}</code>: {html.escape(m.reason)} "
                f'<small style="color:#6f685a">({m.support} {html.escape(m.unit)})</small></li>')
        return ('<div style="font-size:14px;line-height:1.35">'
                f"<b>Suggestions for {html.escape(name)}</b> "
                f"<small>(value: estimated {self.value_words()}; searched by {HINT_WORDS} "
                f"for {self.hint_budget_s:.1f} s)</small>"
                f'<ol style="list-style:none;padding-left:0;margin:4px 0">{"".join(rows)}</ol>'
                "</div>")

    def _update_hint_panel(self) -> None:
        if not self.suggestions:
            self.hint_panel.layout.display = "none"
            self.hint_list.value = ""
            return
        self.hint_panel.layout.display = None  # shown first: a displayed chart takes changes
        self.hint_list.value = self._hint_list_html()
        if not self.compact:
            self._update_hint_chart()

    def _hint_chart_data(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """A dot per candidate (dots, not bars: the axis zooms in on the values, which are often
        close, without bars whose lengths would then mislead)."""
        marks = self.hint_marks()
        xs = [round(100 * m.value, 1) for m in marks]
        lo, hi = min(xs), max(xs)
        pad = max(2.0, (hi - lo) * 0.35)
        dots = dict(type="scatter", mode="markers+text", x=xs,
                    y=[f"{m.rank}. {self.move_label(m.move)}" for m in marks],
                    text=[f"{m.value:.0%}" for m in marks], textposition="middle right",
                    hovertext=[f"{m.reason}<br>{m.support} {m.unit}" for m in marks],
                    hoverinfo="text",
                    marker=dict(size=16, color=[hint_colour(m.shade) for m in marks],
                                line=dict(color="#17150f", width=1.5)))
        layout = dict(title=dict(text=f"Candidates: estimated {self.value_words()} (%)",
                                 font=dict(size=13)),
                      height=90 + 30 * len(marks),
                      xaxis=dict(range=[max(0.0, lo - pad), min(100.0, hi + 2 * pad)],
                                 ticksuffix="%", zeroline=False))
        return dots, layout

    def _update_hint_chart(self) -> None:
        if self.hint_chart is None and not _PLOTLY_READY.is_set():
            # plotly's first import takes seconds: the board and the words go first, the
            # chart follows when the warm-up thread is done (if the hint still stands)
            shown = self.suggestions
            self.hint_chart_box.children = (w.HTML("<i>chart loading…</i>"),)

            def later() -> None:
                _PLOTLY_READY.wait(120)
                with self._lock:
                    if self.suggestions is shown and shown:
                        self.safe(self._update_hint_chart)()

            self._chart_thread = threading.Thread(target=later, name="sg-chart", daemon=True)
            self._chart_thread.start()
            return
        dots, layout = self._hint_chart_data()
        if self.hint_chart is None:
            import plotly.graph_objects as go  # on the first hint (warmed up in a thread)

            self.hint_chart = go.FigureWidget(  # built with its data: see the module's note
                data=[dots],
                layout=dict(**layout, width=440, margin=dict(l=190, r=20, t=36, b=30),
                            yaxis=dict(autorange="reversed"), paper_bgcolor="#f4efe1",
                            plot_bgcolor="#fbf8ef", showlegend=False))
            self.hint_chart_box.children = (self.hint_chart,)
            return
        with self.hint_chart.batch_update():
            trace = self.hint_chart.data[0]
            for key in ("x", "y", "text", "hovertext"):
                setattr(trace, key, dots[key])
            trace.marker.color = dots["marker"]["color"]
            self.hint_chart.layout.title.text = layout["title"]["text"]
            self.hint_chart.layout.height = layout["height"]
            self.hint_chart.layout.xaxis.range = layout["xaxis"]["range"]

    # ---- searches off the main thread --------------------------------------------------------

    def _begin(self, about: str, budget: float, work: Callable[[Any], Any],
               done: Callable[[Any], None]) -> None:
        self._search_about, self._search_budget = about, budget
        search = Search(work, on_done=self.safe(done), on_error=self.safe(self._search_failed),
                        on_progress=self.safe(self._progress), lock=self._lock,
                        background=self.background)
        self.search = search
        self.progress.value = 0.0
        self._update_thinking()
        search.start()

    def cancel_search(self) -> None:
        """Stop the bot or hint being thought about; its answer will be dropped."""
        if self.search is not None:
            self.search.cancel()
            self.search = None

    def wait(self, timeout: float = 120.0) -> bool:
        """Block until no search is pending, bots answering each other included (for tests and
        scripts; never from a handler). False if ``timeout`` ran out."""
        deadline = time.monotonic() + timeout
        while True:
            with self._lock:
                search = self.search
            if search is None:
                if self._chart_thread is not None:
                    self._chart_thread.join(max(0.0, deadline - time.monotonic()))
                return not (self._chart_thread and self._chart_thread.is_alive())
            if not search.wait(max(0.0, deadline - time.monotonic())):
                return False

    def _search_failed(self, error: BaseException) -> None:
        self.search = None
        self._update_thinking()
        self.say(f"Something went wrong: {type(error).__name__}: {error}", "bad")

    def _progress(self, seconds: float) -> None:
        self.progress.value = min(1.0, seconds / max(self._search_budget, 0.1))
        self.thinking.value = (f'<span style="font-size:15px">{html.escape(self._search_about)}'
                               f" {seconds:.1f} s</span>")

    def _update_thinking(self) -> None:
        row = self.thinking_row.layout
        if self.search is not None:
            row.display = None
            self.progress.layout.display = None
            self.continue_button.layout.display = "none"
            self._progress(self.search.elapsed() if self.search.started else 0.0)
        elif self._bot_to_move() is not None:  # a bot to move, not thinking: paused
            p = self.state.current_player
            row.display = None
            self.progress.layout.display = "none"
            self.continue_button.layout.display = None
            self.thinking.value = (f'<span style="font-size:15px">{self.player_names[p]}\'s '
                                   f"{BOT_LABELS[self.seats[p]]} waits (after Undo).</span>")
        else:
            row.display = "none"

    def _bot_to_move(self) -> int | None:
        st = self.state
        if st.is_terminal() or st.is_chance() or self._seat(st.current_player) == HUMAN:
            return None
        return st.current_player

    # ---- after every change ------------------------------------------------------------------

    def _has_human(self) -> bool:
        """Is a person at one of this game's seats?"""
        return HUMAN in self.seats[:self.state.num_players]

    def _seat(self, player: int) -> str:
        return self.seats[player] if 0 <= player < len(self.seats) else HUMAN

    def after_change(self, message: tuple[str, str] | None = None,
                     run_computer: bool = True) -> None:
        """Redraw everything after the position changed; let bots and chance move on (inline
        bots move here; a background bot starts thinking)."""
        self.cancel_search()
        self.suggestions = []
        notes = [message[0]] if message else []
        kind = message[1] if message else "info"
        if run_computer:
            notes += self.run_computer()
        extra = self.turn_note()
        if extra:
            notes.append(extra)
        if notes:
            self.say(" ".join(n for n in notes if n), kind)
        self.redraw()
        self.update_banner()
        self.update_move_log()
        self.update_chart()
        self._update_hint_panel()
        if run_computer and self.background:
            self._start_bot()
        self._update_thinking()

    def run_computer(self) -> list[str]:
        """Resolve chance (unless a human rolls) and, inline, let bots move, until a human (or a
        bot thinking in the background) is to move. Returns the words of the last move."""
        notes: list[str] = []
        state = self.state
        while not state.is_terminal():
            if state.is_chance():
                if self._has_human() and not self.auto_chance():
                    break
                move = state.sample_chance()
                words = state.explain(move).removeprefix("Legal: ")
                state.play(move)
                notes = [words]
                continue
            p = state.current_player
            if self._seat(p) == HUMAN or self.background:
                break
            move = bot_move(state.clone(), self.seats[p], self.budgets[p])
            words = state.explain(move).removeprefix("Legal: ")
            state.play(move)
            notes = [self._bot_words(p, words)]  # only the last computer move is worth reading
        return notes

    def _bot_words(self, player: int, words: str) -> str:
        return f"{BOT_LABELS[self.seats[player]]} ({self.player_names[player]}): {words}"

    def _start_bot(self) -> None:
        p = self._bot_to_move()
        if p is None or self.search is not None:
            return
        bot, budget, position = self.seats[p], self.budgets[p], self.state.clone()
        shown = budget if bot in TIMED_BOTS else 0.5
        strength = f", {budget:.1f} s" if bot in TIMED_BOTS else ""
        self._begin(f"{self.player_names[p]} ({BOT_LABELS[bot]}{strength}) is thinking…", shown,
                    lambda stop: bot_move(position, bot, budget, stop),
                    lambda move: self._bot_answered(p, move))

    def _bot_answered(self, player: int, move: sg.Move) -> None:
        self.search = None
        words = self.state.explain(move).removeprefix("Legal: ")
        self.state.play(move)
        self.on_new_state()  # what the pointer held while the bot thought is put down
        self.after_change((self._bot_words(player, words), "info"))

    def auto_chance(self) -> bool:
        """Whether chance nodes are resolved without a button (dice games show a Roll button)."""
        return True

    def turn_note(self) -> str:
        """Words about the turn that the banner alone does not say (skips, the end)."""
        if self.state.is_terminal():
            return self.result_text()
        return ""

    def verdict(self) -> str:
        """``"Dark wins"`` or ``"a draw"`` (at the end)."""
        ret = self.state.returns()
        winners = [self.player_names[i] for i, r in enumerate(ret) if r == max(ret)]
        return "a draw" if len(winners) > 1 else f"{winners[0]} wins"

    def result_text(self) -> str:
        tally = ", ".join(f"{n} {s}" for n, s in zip(self.player_names, self.state.scores()))
        return f"Game over: {self.verdict()} ({self.score_label}: {tally})."

    def update_banner(self) -> None:
        self.banner.value = self.banner_html()

    def banner_html(self) -> str:
        state = self.state
        parts = []
        if state.is_terminal():
            turn = f"<b>Game over: {html.escape(self.verdict())}</b>"
        elif state.is_chance():
            turn = "<b>Roll the dice</b>"
        else:
            p = state.current_player
            g = GLASS[self.player_glass[p]]
            seat = self._seat(p)
            who = f" ({BOT_LABELS[seat]})" if seat != HUMAN else ""
            turn = (f'<span style="display:inline-block;min-width:1.6em;text-align:center;'
                    f'background:{g.mid};color:{g.ink};border:2px solid #17150f;'
                    f'border-radius:4px;font-weight:bold">{g.letter}</span> '
                    f"<b>{self.player_names[p]}</b>{who} to move")
        parts.append(f'<span class="sg-turn">{turn}</span>')
        scores = " · ".join(f"{n} <b>{s}</b>"
                            for n, s in zip(self.player_names, state.scores()))
        better = "fewer is better" if self.lower_is_better else "more is better"
        parts.append(f'<span class="sg-scores">{self.score_label}: {scores} '
                     f'<small>({better})</small></span>')
        return ('<div class="sg-banner" style="font-size:18px;display:flex;gap:28px;'
                'align-items:center">' + "".join(parts) + "</div>")

    def log_entry(self, move: str) -> str:
        """How a move of the history reads in the move log (a game may hide secrets there)."""
        return move

    def update_move_log(self) -> None:
        if self.compact:
            return
        items = "".join(f"<li>{html.escape(self.log_entry(m))}</li>" for m in self.state.history)
        self.move_log.value = (
            '<details class="sg-log" open><summary><b>Move log</b> '
            f"({len(self.state.history)} moves)</summary>"
            '<ol style="max-height:180px;overflow:auto;margin:4px 0;font-family:monospace;'
            f'font-size:13px">{items}</ol></details>')

    # ---- the score chart (plotly, built on demand) -------------------------------------------

    def score_series(self) -> list[list[int]]:
        """Each player's score after every move since the game began (move 0: the start)."""
        replay = self.game.new_game(seed=self.state.seed)
        series = [[s] for s in replay.scores()]
        for text in self.state.history:
            replay.play(text)
            for line, s in zip(series, replay.scores()):
                line.append(s)
        return series

    def _figure_data(self) -> list[dict[str, Any]]:
        dashes = ["solid", "dash", "dot", "dashdot"]
        symbols = ["circle", "square", "diamond", "triangle-up"]
        out = []
        for i, ys in enumerate(self.score_series()):
            g = GLASS[self.player_glass[i]]
            out.append(dict(type="scatter", x=list(range(len(ys))), y=ys, mode="lines+markers",
                            name=f"{g.letter} · {self.player_names[i]}",
                            line=dict(color=g.mid, width=3, dash=dashes[i % 4]),
                            marker=dict(symbol=symbols[i % 4], size=7, color=g.dark)))
        return out

    def _toggle_chart(self) -> None:
        if not self.chart_button.value:
            self.chart_box.layout.display = "none"  # kept: showing it again costs nothing
            return
        self.chart_box.layout.display = None
        if self.chart is not None:
            self.update_chart()
            return
        import plotly.graph_objects as go  # on demand (and warmed up in a thread, see below)

        better = "fewer is better" if self.lower_is_better else "more is better"
        self.chart = go.FigureWidget(
            data=self._figure_data(),
            layout=dict(title=f"{self.score_label.capitalize()} after each move ({better})",
                        xaxis_title="move", yaxis_title=self.score_label, height=320,
                        width=760, margin=dict(l=60, r=20, t=50, b=45),
                        paper_bgcolor="#f4efe1", plot_bgcolor="#fbf8ef"))
        self.chart_box.children = (self.chart,)

    def update_chart(self) -> None:
        """Follow the game in place (the figure is displayed by now); not while it is hidden."""
        if self.chart is None or not self.chart_button.value:
            return
        data = self._figure_data()
        with self.chart.batch_update():
            for trace, new in zip(self.chart.data, data):
                trace.x = new["x"]
                trace.y = new["y"]


_PLOTLY_READY = threading.Event()


def _start_warming_plotly() -> None:
    """Warm plotly up: at once in a kernel Voila is preheating (no visitor waits for it, and
    the kernel is then idle when a visitor's page loads, instead of importing plotly beside
    it); elsewhere (JupyterLab, nbval) in a background thread, so the view shows first."""
    if _PLOTLY_READY.is_set():
        return
    if os.environ.get("VOILA_PREHEAT") == "True":
        _warm_plotly()
    else:
        threading.Thread(target=_warm_plotly, name="warm-plotly", daemon=True).start()


def _warm_plotly() -> None:
    """Import plotly ahead of need, so the first click on Score chart (or the first hint's
    chart) does not wait for the import (see :func:`_start_warming_plotly`)."""
    try:
        import plotly.graph_objects as go

        go.FigureWidget, go.Scatter, go.Bar, go.Layout  # noqa: B018 - lazy modules: loads them
    except Exception:  # noqa: BLE001 - only a warm-up; the click reports any real error
        pass
    finally:
        _PLOTLY_READY.set()


def _seconds(value: float) -> str:
    """A strength slider's label: its thinking time."""
    return f"{value:.1f} s a move"
