"""What every game's play view shares: seats, turn banner, messages, undo, new game, hint, the
move log and the score chart. A game's view subclasses :class:`GameView` and supplies its board.

A view never lets an exception reach the notebook: every handler runs through :meth:`GameView.safe`,
which shows an illegal move's reason (or any other error) as a message instead.

The score chart is plotly, built lazily: plotly's widget bundle is several megabytes, so it is only
sent to the page when someone opens the chart, and the figure is created with its final data
(a FigureWidget changed before it is displayed inside a Box loses the change under Voila); once
shown, it is updated in place.
"""

from __future__ import annotations

import functools
import html
import threading
from typing import Any, Callable, Sequence

import ipywidgets as w

import stainedglass as sg

from .glass import GLASS
from .suggest import suggest_move

HUMAN, COMPUTER = "human", "computer"

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
    :meth:`redraw` (draw the board from ``self.state``). :meth:`suggest` may be overridden.
    """

    player_names: Sequence[str] = ()
    player_glass: Sequence[str] = ()
    lower_is_better = False
    score_label = "points"

    def __init__(self, game: sg.Game, state: sg.State | None = None, *,
                 seats: Sequence[str] | None = None, compact: bool = False,
                 suggester: Callable[[sg.State], sg.Move | None] | None = None) -> None:
        super().__init__()
        self.game = game
        self.state = state if state is not None else game.new_game()
        self.start = self.state.clone()  # where "Start again" returns to
        self.seats = list(seats or [HUMAN] * self.state.num_players)
        self.compact = compact
        self._suggester = suggester
        self.chart: Any = None
        self.add_class("sg-view")

        self.banner = w.HTML(layout=w.Layout(margin="0 0 4px 0"))
        self.message = w.HTML(message_html("", "info"))
        self.undo_button = w.Button(description="Undo", tooltip="take back the last move")
        self.hint_button = w.Button(description="Hint", tooltip="suggest a move")
        self.undo_button.on_click(self.safe(lambda _: self.undo()))
        self.hint_button.on_click(self.safe(lambda _: self.hint()))
        self.move_text = w.Text(placeholder="or type a move, e.g. castle c3 d3 e3 c4 e4",
                                continuous_update=False, layout=w.Layout(width="360px"))
        self.move_text.observe(self.safe(lambda change: self.play_text(change["new"])), "value")
        self.move_log = w.HTML()
        children: list[w.Widget] = [self.banner, *self.board_area(), self.message]
        if compact:
            self.restart_button = w.Button(description="Start again",
                                           tooltip="back to the position this lesson set up")
            self.restart_button.on_click(self.safe(lambda _: self.restart()))
            children.append(w.HBox([*self.controls(), self.undo_button, self.hint_button,
                                    self.restart_button, self.move_text]))
        else:
            self.seat_pickers = [
                w.Dropdown(options=[("Human", HUMAN), ("Computer", COMPUTER)], value=seat,
                           description=name, layout=w.Layout(width="190px"))
                for name, seat in zip(self.player_names, self.seats)
            ]
            self.new_button = w.Button(description="New game", button_style="primary")
            self.new_button.on_click(self.safe(lambda _: self.new_game()))
            self.chart_button = w.ToggleButton(description="Score chart", value=False,
                                               tooltip="score after every move (plotly)")
            self.chart_button.observe(self.safe(lambda _: self._toggle_chart()), "value")
            self.chart_box = w.Box()
            threading.Thread(target=_warm_plotly, name="warm-plotly", daemon=True).start()
            children += [
                w.HBox([*self.controls(), self.undo_button, self.hint_button, self.move_text]),
                w.HBox([*self.seat_pickers, *self.new_game_options(), self.new_button,
                        self.chart_button]),
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
        raise NotImplementedError

    def intro(self) -> tuple[str, str]:
        return ("Your move.", "info")

    def key(self, after: sg.State, move: sg.Move) -> Any:
        """Tie-break for the built-in suggester (bigger is better)."""
        return 0

    def suggest(self) -> sg.Move | None:
        if self._suggester is not None:
            return self._suggester(self.state)
        return suggest_move(self.state, key=self.key)

    def on_new_state(self) -> None:
        """Called after a new game, an undo or a restart (clear selections and the like)."""

    # ---- errors ------------------------------------------------------------------------------

    def safe(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """``fn`` that shows an error as a message instead of raising it."""

        @functools.wraps(fn)
        def run(*args: Any, **kwargs: Any) -> Any:
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
        """Play a move for the player to move; an illegal one is shown with its reason."""
        if self.state.is_terminal():
            raise sg.IllegalMove("the game is over: start a new game")
        if isinstance(move, str):
            move = self.state.parse_move(move)
        words = self.state.explain(move)
        if words.startswith("Illegal: "):
            self.say(words, "bad")
            self.redraw()
            return
        self.state.play(move)
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
        if not self.state.history:
            self.say("Nothing to take back yet.")
            return
        self.state.undo()
        # with a computer opponent, take back its reply too: back to a human's turn
        while (self.state.history and not self.state.is_terminal()
               and self._seat(self.state.current_player) == COMPUTER
               and HUMAN in self.seats):
            self.state.undo()
        self.on_new_state()
        self.after_change(("Move taken back.", "info"), run_computer=False)

    def hint(self) -> None:
        if self.state.is_terminal():
            self.say("The game is over: no hint to give.")
            return
        move = self.suggest()
        if move is None:
            self.say("No move to suggest.")
            return
        self.show_hint(move)

    def show_hint(self, move: sg.Move) -> None:
        self.say("Hint: " + self.state.explain(move).removeprefix("Legal: "), "info")

    def new_game(self) -> None:
        self.seats = [p.value for p in self.seat_pickers]
        self.game = sg.load(self.game.name, **self.game_options())
        self.state = self.game.new_game()
        self.start = self.state.clone()
        self.on_new_state()
        self.after_change(("New game. " + self.intro()[0], "info"))

    def restart(self) -> None:
        self.state = self.start.clone()
        self.on_new_state()
        self.after_change(("Back to the start of this lesson.", "info"), run_computer=False)

    # ---- after every change ------------------------------------------------------------------

    def _seat(self, player: int) -> str:
        return self.seats[player] if 0 <= player < len(self.seats) else HUMAN

    def after_change(self, message: tuple[str, str] | None = None,
                     run_computer: bool = True) -> None:
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

    def run_computer(self) -> list[str]:
        """Let computer seats move until a human is to move (or the game ends)."""
        notes = []
        while not self.state.is_terminal() and (
                self.state.is_chance() or self._seat(self.state.current_player) == COMPUTER):
            if self.state.is_chance() and HUMAN in self.seats and not self.auto_chance():
                break
            move = self.suggest()
            if move is None:
                break
            who = ("" if self.state.is_chance()
                   else f"Computer ({self.player_names[self.state.current_player]}): ")
            words = self.state.explain(move).removeprefix("Legal: ")
            self.state.play(move)
            notes = [who + words]  # only the last computer move is worth reading
        return notes

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
            who = " (computer)" if self._seat(p) == COMPUTER else ""
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


def _warm_plotly() -> None:
    """Import plotly in the background: under Voila this runs in the preheated kernel, so the
    first click on Score chart does not wait for the import either."""
    try:
        import plotly.graph_objects as go

        go.FigureWidget, go.Scatter, go.Layout  # noqa: B018 - lazy modules: this loads them
    except Exception:  # noqa: BLE001 - only a warm-up; the click reports any real error
        pass
