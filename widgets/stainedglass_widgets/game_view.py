"""What every game's play view shares: seats (a human or a bot each, with a strength slider), the
turn banner, messages, undo, new game, a button for chance moves, hints from the AI with their
reasons and a chart of the candidates' values, the move log and the score chart. A game's view
subclasses :class:`GameView` in its own folder (``stainedglass_widgets/<game>/view.py``), names its
game in ``game_name`` (that registers it: see :mod:`.registry`) and supplies its board.

A view never lets a user's input crash it: every handler runs through :meth:`GameView.safe`, which
shows an illegal move's reason as a message. Anything else is a bug: shown as "Something went
wrong" to a user, raised in ``strict`` mode (the test suites run strict: the environment variable
``STAINEDGLASS_STRICT=1``). Handlers hold the view's lock, and so does a search when it hands back
its answer: bots and hints think in a worker thread (``searches.Search``), the page stays
responsive, and Undo, New game or a move played meanwhile cancel a pending search.

What a game is (its players' names and glass, chance, hidden hands, whether fewer points win) is
read from the engine's :class:`stainedglass.Facts`, never restated here.
"""

from __future__ import annotations

import functools
import html
import os
import threading
import time
from typing import Any, Callable, ClassVar, Sequence

import ipywidgets as w

import stainedglass as sg
from stainedglass.glass import hint_colour

from .board import Board
from .charts import HintChart, ScoreChart, start_warming_plotly
from .coach import Coach
from .editor import Editor, editor_for
from .messages import glass_badge, message_html, seconds_label
from .projector import Projector
from .records import RecordBar
from .searches import (BOT_LABELS, HUMAN, TIMED_BOTS, HintMark, Search, bot_move, check_seat,
                       hint_marks, hints, seat_choices)

COMPUTER = "mcts"
"""The bot a seat gets when it is simply "the computer"."""
HINT_WORDS = "MCTS"

_VIEWS: dict[str, type["GameView"]] = {}
"""The registered views by game name (filled as game folders are imported)."""


def strict_default() -> bool:
    """Whether views raise unexpected errors instead of showing them (``STAINEDGLASS_STRICT=1``)."""
    return os.environ.get("STAINEDGLASS_STRICT") == "1"


class GameView(w.VBox):
    """A game in play: the state, who sits in each seat, and the controls around the board.

    A subclass sets ``game_name`` (and optionally ``move_example``, ``blurb``, ``legend``) and
    implements the hooks :meth:`board_area` (the board's widgets) and :meth:`redraw` (draw
    ``self.state`` and the suggestions of :meth:`hint_marks`); :meth:`setup` sets its own fields
    before any widget is built. :meth:`controls`, :meth:`new_game_options`, :meth:`take_hint`,
    :meth:`move_label`, :meth:`resolve_chance`, :meth:`auto_chance`, :meth:`gestures` and
    :meth:`gallery_picture` may be overridden.

    ``state``: a position to start from (else a new game of ``game_name`` with ``options``, as
    ``sg.load`` takes them); ``seats``: ``"human"`` or a bot name (``random``, ``greedy``,
    ``mcts``, ``alphabeta``) per player; ``budget_s``: each bot's thinking time (the seat's
    slider); ``hint_budget_s``: the hint's; ``background=False`` runs bots and hints inline
    (scripts), else in a worker thread; ``compact``: a lesson's small board; ``strict``: raise
    unexpected errors (default: ``STAINEDGLASS_STRICT=1``).

    A play dashboard (not ``compact``) has a teaching coach, :attr:`coach` (the "Teach me"
    button; :mod:`.coach`): it judges a person's moves, keeps a hint budget and a report card.
    """

    game_name: ClassVar[str] = ""
    """The engine's name of the game this view plays; setting it registers the view."""
    move_example: ClassVar[str] = ""
    """A move in the game's notation, shown in the move box as an example."""
    blurb: ClassVar[str] = ""
    """The gallery card's words about the game."""
    legend: ClassVar[str] = ""
    """How to read the board (colours, letters, patterns), for the gallery."""
    hint_top: ClassVar[int] = 5  # suggestions shown by Hint

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("game_name"):
            _VIEWS[cls.game_name] = cls

    def __init__(self, state: sg.State | None = None, *, seats: Sequence[str] | None = None,
                 compact: bool = False, budget_s: float = 1.0, hint_budget_s: float = 1.0,
                 background: bool = True, strict: bool | None = None, **options: Any) -> None:
        super().__init__()
        if state is not None and options:
            raise ValueError(f"game options ({', '.join(sorted(options))}) go with a new game, "
                             "not with a given state")
        if state is not None and self.game_name and state.game.name != self.game_name:
            raise ValueError(f"{type(self).__name__} plays {self.game_name}, not "
                             f"{state.game.name}")
        self._lock = threading.RLock()
        self.strict = strict_default() if strict is None else bool(strict)
        self.failure: BaseException | None = None  # strict: an error from a search, for wait()
        self.game = state.game if state is not None else sg.load(self.game_name, **options)
        self.state = state if state is not None else self.game.new_game()
        self.start = self.state.clone()  # where "Start again" returns to
        facts = self.game.facts
        seats = list(seats or [HUMAN] * self.state.num_players)
        if len(seats) < self.state.num_players:
            raise ValueError(f"{len(seats)} seats for {self.state.num_players} players")
        if len(seats) > facts.max_players:
            raise ValueError(f"{len(seats)} seats: {self.game.title} has at most "
                             f"{facts.max_players} players")
        # a seat (and a picker) for every player a new game may have
        self.seats = [check_seat(s) for s in seats + [HUMAN] * (facts.max_players - len(seats))]
        self.budgets = [float(budget_s)] * len(self.seats)
        self.hint_budget_s = float(hint_budget_s)
        self.background = background
        self.compact = compact
        self.suggestions: list[sg.ai.Suggestion] = []
        self._marks_heading = ""  # mark(): what the marks are, instead of a hint's heading
        self.search: Search | None = None  # the bot's move or the hint being thought about
        self._search_about = ""  # words for the progress line
        self._search_budget = 1.0
        self.after_change_hooks: list[Callable[[], None]] = []
        """Called after every change (the review board follows its board's side lines)."""
        self.on_move: Callable[[sg.Move, str], bool] | None = None
        """Given a person's legal move and its words before it is played: True takes the move
        over and the game does not go on (the puzzle board judges it instead)."""
        self.coach: Coach | None = None  # the teaching game (a play dashboard's, see _build)
        self.editor_box = w.VBox()  # the position editor's place (a play dashboard's)
        self.editor: Editor | None = None  # the position editor, while it is open (Edit)
        self._children_before_edit: tuple[w.Widget, ...] | None = None
        self._marks_chart = True  # mark(): whether the marks get the hint chart
        self.add_class("sg-view")
        self.add_class(f"sg-{self.game.name.replace('_', '-')}")
        self.setup()
        self._build()
        # a play dashboard's first board keeps the page (board.js: the address follows the
        # game, a lost kernel is said in words)
        self.keeper: Board | None = None if self.compact else _first_board(self)
        if self.keeper is not None:
            self.keeper.keeper = True
        self.safe(lambda: self.after_change(self.intro()))()

    # ---- the game's facts, as the view uses them --------------------------------------------

    @property
    def player_names(self) -> tuple[str, ...]:
        return self.game.facts.player_names

    @property
    def player_glass(self) -> tuple[str, ...]:
        return self.game.facts.player_colours

    @property
    def score_label(self) -> str:
        return self.game.facts.score_label

    # ---- building the widgets ---------------------------------------------------------------

    def _build(self) -> None:
        self.banner = w.HTML(layout=w.Layout(margin="0 0 4px 0"))
        self.message = w.HTML(message_html("", "info"))
        self.message.add_class("sg-live")  # the last move and its result: said (board.js)
        self.undo_button = w.Button(description="Undo",
                                    tooltip="take back the last move (key u on the board)")
        self.hint_button = w.Button(description="Hint",
                                    tooltip="the AI's best moves, and why (key h on the board)")
        self.undo_button.on_click(self.safe(lambda _: self.undo()))
        self.hint_button.on_click(self.safe(lambda _: self.hint()))
        # the chance move (dice, cards) a person sets off: its words come from the game's facts
        self.chance_button = w.Button(description=self.game.facts.chance_action or "Chance",
                                      button_style="warning",
                                      tooltip=self.game.facts.chance_action.lower())
        self.chance_button.add_class("sg-chance")
        self.chance_button.on_click(self.safe(lambda _: self.resolve_chance()))
        if not self.game.facts.chance:
            self.chance_button.layout.display = "none"
        example = f", e.g. {self.move_example}" if self.move_example else ""
        self.move_text = w.Text(placeholder=f"or type a move{example}",
                                tooltip="type a move in the game's words, then Enter",
                                continuous_update=False, layout=w.Layout(width="360px"))
        self.move_text.observe(self.safe(lambda change: self.play_text(change["new"])), "value")
        self.move_log = w.HTML()
        # thinking: what the search is about, how far it is; or a bot paused (after Undo)
        self.thinking = w.HTML()
        self.thinking.add_class("sg-thinking")
        self.progress = w.FloatProgress(value=0.0, min=0.0, max=1.0,
                                        tooltip="how much of its time the search has used",
                                        layout=w.Layout(width="220px"))
        self.continue_button = w.Button(description="Let the bot move",
                                        tooltip="the bot to move waits (after Undo): let it play")
        self.continue_button.on_click(self.safe(lambda _: self.resume()))
        self.stop_button = w.Button(description="Cancel", tooltip="stop this search")
        self.stop_button.add_class("sg-cancel")
        self.stop_button.on_click(self.safe(lambda _: self.stop_thinking()))
        self.thinking_row = w.HBox([self.thinking, self.progress, self.stop_button,
                                    self.continue_button],
                                   layout=w.Layout(display="none", align_items="center"))
        # the hint: each suggestion's value, support and reason; a chart of the values
        self.hint_list = w.HTML(layout=w.Layout(max_width="640px"))
        self.hints_chart = HintChart(self)
        self.hint_panel = w.HBox([self.hint_list, self.hints_chart.box],
                                 layout=w.Layout(display="none", align_items="flex-start"))
        self.hint_panel.add_class("sg-hints")
        self.board_widgets: list[w.Widget] = self.board_area()  # hidden while editing
        self._wire_kit_keys()
        children: list[w.Widget] = [self.banner, *self.board_widgets, self.message,
                                    self.thinking_row]
        buttons = [self.chance_button, *self.controls(), self.undo_button, self.hint_button]
        # the board for the back of a room (a lesson's too; a puzzle or a review board puts its
        # own around its view: see projector.py)
        self.projector = Projector(self, self.safe, keep=lambda: [
            self.banner, self.message, self.thinking_row, self.hint_panel, self.editor_box,
            self.coach.box if self.coach else None])
        self.after_change_hooks.append(self.projector.follow)
        if self.compact:
            self.restart_button = w.Button(description="Start again",
                                           tooltip="back to the position this lesson set up")
            self.restart_button.on_click(self.safe(lambda _: self.restart()))
            children += [w.HBox([*buttons, self.restart_button, self.projector.box,
                                 self.move_text],
                                layout=w.Layout(flex_flow="row wrap")),  # a tablet: wraps
                         self.hint_panel]
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
                              description=seconds_label(budget), continuous_update=False,
                              tooltip="how long the bot thinks per move (its strength)",
                              style={"description_width": "96px"},
                              layout=w.Layout(width="250px"))
                for budget in self.budgets
            ]
            for i, (picker, slider) in enumerate(zip(self.seat_pickers, self.strength_sliders)):
                picker.observe(self.safe(lambda ch, i=i: self.set_seat(i, ch["new"])), "value")
                slider.observe(self.safe(lambda ch, i=i: self.set_budget(i, ch["new"])), "value")
                self._show_slider(i)
            self.records = RecordBar(self)
            self.compare_button = w.Button(description="Compare my move",
                                           tooltip="your last move against the best one, in "
                                           "words")
            self.compare_button.add_class("sg-compare")
            self.compare_button.on_click(self.safe(lambda _: self.compare_last()))
            self.review_button = w.Button(description="Review this game", button_style="info",
                                          tooltip="every move judged, with a win-chance "
                                          "timeline", layout=w.Layout(display="none"))
            self.review_button.add_class("sg-review-button")
            self.review_button.on_click(self.safe(lambda _: self.open_review()))
            self.review_box = w.VBox()
            self.coach = Coach(self)
            # the position editor (Edit), when the game's folder has one
            self.edit_button = w.Button(description="Edit", icon="pencil",
                                        tooltip="set up any position: play, hint or share it")
            self.edit_button.add_class("sg-edit")
            self.edit_button.on_click(self.safe(lambda _: self.edit()))
            if editor_for(self.game.name) is None:
                self.edit_button.layout.display = "none"
            self.new_button = w.Button(description="New game", button_style="primary")
            self.new_button.on_click(self.safe(lambda _: self.new_game()))
            self.score_chart = ScoreChart(self)
            self.chart_button, self.chart_box = self.score_chart.button, self.score_chart.box
            start_warming_plotly()
            seats = [w.VBox([p, s]) for p, s in zip(self.seat_pickers, self.strength_sliders)]
            children += [
                self.editor_box,
                self.coach.box,
                w.HBox([*buttons, self.compare_button, self.coach.toggle, self.projector.box,
                        self.move_text], layout=w.Layout(flex_flow="row wrap")),
                self.hint_panel,
                w.HBox([*seats, *self.new_game_options(), self.new_button, self.edit_button,
                        self.chart_button],
                       layout=w.Layout(align_items="flex-start", flex_flow="row wrap")),
                self.chart_box,
                w.HBox([self.records.box, self.review_button],
                       layout=w.Layout(align_items="center", flex_flow="row wrap")),
                self.review_box,
                self.move_log,
            ]
        self.children = children

    @property
    def chart(self) -> Any:
        """The score chart's plotly figure (None until it is first opened)."""
        return self.score_chart.figure if not self.compact else None

    @property
    def hint_chart(self) -> Any:
        """The hint chart's plotly figure (None until the first hint)."""
        return self.hints_chart.figure

    @property
    def hint_chart_box(self) -> w.Box:
        return self.hints_chart.box

    # ---- keys on the boards (undo, hint, next) ----------------------------------------------

    KIT_KEYS: ClassVar[dict[str, str]] = {"u": "undo", "h": "hint", "n": "next"}
    """The kit's keys on every board of a view (a key the view watches itself stays its own)."""

    next_step: Callable[[], None] | None = None
    """What the ``n`` key does on the boards (a next puzzle, a next step; set it with
    :meth:`set_next_step`); None: ``n`` is not watched."""

    def _wire_kit_keys(self) -> None:
        """Every board of the view answers the kit's keys: ``u`` undo, ``h`` hint, ``n``
        next (where the view has a next step)."""
        for board in _boards(self.board_widgets):
            board.on_kit_key(self.safe(self.kit_key))
        self._update_kit_keys()

    def _update_kit_keys(self) -> None:
        words = {"undo": "takes back a move", "hint": "asks for a hint", "next": "goes on"}
        shown = {"undo": self.undo_button.layout.display != "none",
                 "hint": self.hint_button.layout.display != "none",
                 "next": self.next_step is not None}  # a puzzle hides Undo and Hint
        for board in _boards(self.board_widgets):
            board.kit_keys = [k for k, what in self.KIT_KEYS.items()
                              if k not in board.watch_keys and shown[what]]
            said = "; ".join(f"{k} {words[self.KIT_KEYS[k]]}" for k in board.kit_keys)
            board.key_help = f"Keys: {said}." if said else ""

    def set_next_step(self, step: Callable[[], None] | None) -> None:
        """Let the ``n`` key on the boards do ``step`` (a puzzle's Next); None stops it."""
        self.next_step = step
        self._update_kit_keys()

    def kit_key(self, key: str | None) -> None:
        """A kit key pressed on a board: ``u`` undo, ``h`` hint, ``n`` the next step. A key
        does what its button does, and nothing while the button is hidden or off (a puzzle
        has no Undo or Hint)."""
        what = self.KIT_KEYS.get(key or "")
        button = {"undo": self.undo_button, "hint": self.hint_button}.get(what or "")
        if button is not None and (button.disabled or button.layout.display == "none"):
            return
        if what == "undo":
            self.undo()
        elif what == "hint":
            self.hint()
        elif what == "next" and self.next_step is not None:
            self.next_step()

    # ---- for subclasses ----------------------------------------------------------------------

    def setup(self) -> None:
        """Set the view's own fields (what the pointer holds, choices in progress): called
        once the game and state are known, before any widget is built or drawn."""

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
                    if self.strict:
                        if threading.current_thread() is threading.main_thread():
                            raise
                        self.failure = e  # a search's hand-over: wait() raises it
                        return None
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
        if self.coach is not None and self.coach.judging:
            raise sg.IllegalMove("the coach is still looking at your last move: a moment (or "
                                 "Cancel)")
        if not state.is_chance() and self._seat(state.current_player) != HUMAN:
            name = self.player_names[state.current_player]
            bot = BOT_LABELS[self._seat(state.current_player)]
            wait = "wait for its move" if self.search is not None else "press Let the bot move"
            if self.coach is not None and self.coach.offering:
                wait = "first Take it back or Keep my move"
            raise sg.IllegalMove(f"it is {name}'s turn and the {bot} plays {name}: {wait}, or "
                                 f"set {name}'s seat to Human to move for it")
        if isinstance(move, str):
            move = state.parse_move(move)
        said = state.explain(move)
        if not said.legal:
            self.say(str(said), "bad")
            self.redraw()
            return
        words = said.words
        if self.on_move is not None and self.on_move(move, words):
            return  # taken over by the view's owner (a puzzle judges it)
        self.cancel_search()
        # teaching: the coach judges a person's move before anything else moves
        before = state.clone() if self.coach is not None and self.coach.judges(state) else None
        state.play(move)
        if self.coach is not None and before is not None:
            self.coach.judge(before, words)
            return
        self.after_change((words, "good"))

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
        while self.state.history and not self.state.is_terminal() and (
                # chance made by itself (cards drawn, dice thrown) goes back with the move
                (self.state.is_chance() and (self.auto_chance() or not self._has_human()))
                # a bot's reply goes back too, to the person's turn
                or (not self.state.is_chance() and self._has_human()
                    and self._seat(self.state.current_player) != HUMAN)):
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

    def show_record(self, record: sg.Record, words: str = "") -> None:
        """Show the game of ``record`` at its ``at`` move (else its end): Undo steps back
        through it; bots wait until asked (Let the bot move)."""
        self.cancel_search()
        self.game = sg.load(record.game, **record.options)
        self.state = record.state()
        self.start = record.state(0)
        self.on_new_state()
        n = len(record.moves)
        self.after_change((words or f"Opened a game of {n} move{'' if n == 1 else 's'}.", "info"),
                          run_computer=False)

    def start_from(self, state: sg.State, words: str) -> None:
        """Play on from ``state``, a new game (the position editor's Play from here): the
        editor closes; Start again and New game's seats work as for any game. The game's board
        is redrawn before it comes back, so the page never shows the old position under the new
        message."""
        self.cancel_search()
        self.game = state.game
        self.state = state
        self.start = state.clone()
        self.on_new_state()
        self.after_change((words, "good"), run_computer=False)
        self.close_editor(words=None)

    def edit(self) -> None:
        """Open the position editor on the position on the board (Edit)."""
        kind = editor_for(self.game.name)
        if kind is None or self.compact:
            self.say(f"{self.game.title} has no position editor.")
            return
        self.cancel_search()
        self.editor = kind(self)
        self.editor_box.children = [self.editor]
        # the game's board and controls leave the page while editing (hidden boards would keep
        # their SVG's pattern ids, which the editor's board shares), and come back after
        if self._children_before_edit is None:
            self._children_before_edit = tuple(self.children)
        self.children = [self.banner, self.editor_box, self.message]
        self.say("Editing a position: the game waits until you play from it or go back.")

    def close_editor(self, words: str | None = "Back to the game.") -> None:
        """Leave the editor (Back to the game, or Play from here), saying ``words`` unless
        None."""
        if self.compact or self.editor is None:
            return
        self.editor = None
        self.editor_box.children = []
        if self._children_before_edit is not None:
            self.children = list(self._children_before_edit)
            self._children_before_edit = None
        self._update_thinking()
        if words is not None:
            self.say(words)

    def _last_judged(self) -> tuple[sg.State, str] | None:
        """The position before the last move a person made (a bot's, with bots only), and that
        move."""
        history = self.state.history
        replay = self.state.clone()
        people = self._has_human()
        for _ in range(len(history)):
            move = replay.history[-1]
            replay.undo()
            if replay.is_chance():
                continue
            if not people or self._seat(replay.current_player) == HUMAN:
                return replay, move
        return None

    def compare_last(self) -> None:
        """Put the last move a person made against the best the search finds (in the
        background, with a progress bar and a cancel), and say the verdict in words."""
        if self.search is not None:
            self.say("Still thinking: " + self._search_about)
            return
        found = self._last_judged()
        if found is None:
            self.say("No move of yours to compare yet: play one first.")
            return
        before, move = found
        budget = 2 * self.hint_budget_s
        self._begin(f"Comparing {move} with the best move ({budget:.1f} s)…", budget,
                    lambda stop: sg.ai.compare(before, move, budget_s=budget, stop=stop),
                    self._compared)

    def _compared(self, verdict: sg.ai.Comparison) -> None:
        self.search = None
        self._update_thinking()
        kind = {"best": "good", "good": "good", "inaccuracy": "info"}.get(verdict.label, "bad")
        self.say(f"Compared ({verdict.label}, {verdict.loss:.0%} given away): "
                 f"{verdict.reason}", kind)

    def open_review(self, ply: int | None = None, playouts: int | None = None) -> None:
        """Open the review board on this game, below the board: at its end, or after ``ply``
        moves (the coach's report card); ``playouts`` a position (else the board's default)."""
        from .review import ReviewBoard  # the review board builds on the views

        record = self.records.record()
        if record is None or not record.moves:
            self.say("No game to review yet.")
            return
        options: dict[str, Any] = {} if playouts is None else {"playouts": playouts}
        board = ReviewBoard(record, background=self.background, strict=self.strict, **options)
        self.review_box.children = [board]
        board.start()
        if ply is not None:
            board.go(ply)  # a review still running goes there when it is done

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
            self.strength_sliders[player].description = seconds_label(seconds)

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
        if self.coach is not None and not self.coach.may_hint():  # teaching: a hint budget
            return
        position, budget, top = state.clone(), self.hint_budget_s, self.hint_top
        name = self.player_names[state.current_player]
        self._begin(f"Looking for {name}'s best moves ({HINT_WORDS}, {budget:.1f} s)…", budget,
                    lambda stop: hints(position, top, budget, stop), self._hint_found)

    def _hint_found(self, suggestions: list[sg.ai.Suggestion]) -> None:
        self.search = None
        self._update_thinking()
        if self.coach is not None and suggestions:
            self.coach.hint_spent()
        self.show_suggestions(suggestions)

    def show_suggestions(self, suggestions: Sequence[sg.ai.Suggestion]) -> None:
        """Show ranked suggestions: on the board (:meth:`hint_marks`), in words, in a chart."""
        if not suggestions:
            self.say("No move to suggest.")
            return
        self.suggestions = list(suggestions)
        self._marks_heading = ""
        self._marks_chart = True
        self.take_hint(self.suggestions[0].move)
        self.say("Hint: " + self.suggestions[0].reason, "info")
        self._update_hint_panel()
        self.redraw()

    def mark(self, suggestions: Sequence[sg.ai.Suggestion], heading: str,
             chart: bool = True) -> None:
        """Draw ``suggestions`` as ranked marks and list them under ``heading``, without taking
        one in hand (the review board marks a better move than the one played); ``chart=False``
        leaves the hint chart out (the coach's one better move needs no plotly)."""
        self.suggestions = list(suggestions)
        self._marks_heading = heading
        self._marks_chart = chart
        self._update_hint_panel()
        self.redraw()

    def value_words(self) -> str:
        return "chance to win" if self.state.num_players <= 2 else "share of the win"

    def _hint_list_html(self) -> str:
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
        if self._marks_heading:
            head = f"<b>{html.escape(self._marks_heading)}</b>"
        else:
            name = self.player_names[self.state.current_player]
            head = (f"<b>Suggestions for {html.escape(name)}</b> "
                    f"<small>(value: estimated {self.value_words()}; searched by {HINT_WORDS} "
                    f"for {self.hint_budget_s:.1f} s)</small>")
        return ('<div style="font-size:14px;line-height:1.35">' + head +
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
            self.hints_chart.box.layout.display = None if self._marks_chart else "none"
            if self._marks_chart:
                self.hints_chart.update()

    # ---- searches off the main thread --------------------------------------------------------

    def _begin(self, about: str, budget: float, work: Callable[[Any], Any],
               done: Callable[[Any], None]) -> Search:
        """Think about ``work`` off the event loop (inline without ``background``), with the
        progress line and Cancel; ``done`` gets the answer under the lock."""
        self._search_about, self._search_budget = about, budget
        search = Search(work, on_done=self.safe(done), on_error=self.safe(self._search_failed),
                        on_progress=self.safe(self._progress), lock=self._lock,
                        background=self.background)
        self.search = search
        self.progress.value = 0.0
        self._update_thinking()
        search.start()
        return search

    def cancel_search(self) -> None:
        """Stop the bot or hint being thought about; its answer will be dropped."""
        if self.search is not None:
            self.search.cancel()
            self.search = None

    def stop_thinking(self) -> None:
        """The Cancel button: stop the search under way (a bot then waits: Let the bot move)."""
        if self.search is None:
            return
        about = self._search_about
        judging = self.coach is not None and self.coach.judging
        self.cancel_search()
        if self.coach is not None and judging:
            self.coach.not_judged()  # the move stands unjudged, and the game goes on
            return
        self._update_thinking()
        self.say(f"Stopped: {about.rstrip('…')}.", "info")

    def wait(self, timeout: float = 120.0) -> bool:
        """Block until no search is pending, bots answering each other included (for tests and
        scripts; never from a handler). False if ``timeout`` ran out."""
        deadline = time.monotonic() + timeout
        while True:
            with self._lock:
                search = self.search
            if search is None:
                if self.failure is not None:  # strict: a search's error surfaces here
                    error, self.failure = self.failure, None
                    raise error
                thread = self.hints_chart.thread
                if thread is not None:
                    thread.join(max(0.0, deadline - time.monotonic()))
                return not (thread and thread.is_alive())
            if not search.wait(max(0.0, deadline - time.monotonic())):
                return False

    def _search_failed(self, error: BaseException) -> None:
        self.search = None
        self._update_thinking()
        if self.strict:
            self.failure = error
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
            self.stop_button.layout.display = None
            self.continue_button.layout.display = "none"
            self._progress(self.search.elapsed() if self.search.started else 0.0)
        elif self.coach is not None and self.coach.offering:  # the bot waits for the learner
            row.display = "none"
        elif self._bot_to_move() is not None:  # a bot to move, not thinking: paused
            p = self.state.current_player
            row.display = None
            self.progress.layout.display = "none"
            self.stop_button.layout.display = "none"
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
        self._marks_heading = ""
        self._marks_chart = True
        notes = [message[0]] if message else []
        kind = message[1] if message else "info"
        if run_computer:
            notes += self.run_computer()
        extra = self.turn_note()
        if extra:
            notes.append(extra)
        self.redraw()  # the board first: the words that confirm a move arrive on a drawn board
        if notes:
            self.say(" ".join(n for n in notes if n), kind)
        self.update_banner()
        self.update_move_log()
        if not self.compact:
            self.score_chart.update()
        self._update_hint_panel()
        self._update_chance_button()
        if not self.compact:
            self.records.update()
            self.review_button.layout.display = None if self.state.is_terminal() else "none"
        if run_computer and self.background:
            self._start_bot()
        self._update_thinking()
        self._update_address()
        for hook in self.after_change_hooks:
            hook()

    def _update_address(self) -> None:
        """The page's address holds the game (``?record=``), so that a reload, a culled kernel or
        a lost one reopens this position; empty for a game that cannot be saved."""
        if self.keeper is None:
            return
        try:
            self.state.check_saveable()
            address = "?record=" + self.state.record().to_link()
        except ValueError:
            address = ""
        with self.keeper.hold_sync():
            self.keeper.address = address
            self.keeper.moves = len(self.state.history)

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
                words = state.explain(move).words
                state.play(move)
                notes = [words]
                continue
            p = state.current_player
            if self._seat(p) == HUMAN or self.background:
                break
            move = bot_move(state.clone(), self.seats[p], self.budgets[p])
            words = state.explain(move).words
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
        words = self.state.explain(move).words
        self.state.play(move)
        self.on_new_state()  # what the pointer held while the bot thought is put down
        self.after_change((self._bot_words(player, words), "info"))

    def auto_chance(self) -> bool:
        """Whether chance moves are made without the chance button (the default: always).
        A game where people set chance off themselves (rolling the dice) says when not."""
        return True

    def resolve_chance(self) -> None:
        """The chance button: the chance move the game's generator draws now."""
        state = self.state
        if not state.is_chance():
            raise sg.IllegalMove(f"no chance move now: {self.game.facts.chance_action.lower()}"
                                 " comes when the rules call for it")
        self.play(state.sample_chance())

    def _update_chance_button(self) -> None:
        if not self.game.facts.chance:
            return
        waiting = self.state.is_chance() and self._has_human() and not self.auto_chance()
        self.chance_button.disabled = not waiting

    def gestures(self, move: sg.Move) -> list[tuple[str, str, Any]]:
        """The pointer and key actions that make ``move`` on this view, as ``(widget, action,
        value)`` with ``widget`` an attribute of the view: a :class:`~.board.Board` with
        ``"click"``, ``"hover"`` or ``"press"`` and an id or key, a button with ``"click"``,
        or a selector with ``"select"`` and its new value. The view conformance suite makes
        every legal move this way (``testing.perform``); views implement it for their board.
        """
        raise NotImplementedError(f"{type(self).__name__} does not list its gestures")

    @classmethod
    def gallery_picture(cls) -> str:
        """The gallery card's picture (SVG text): by default a new game's."""
        return sg.load(cls.game_name).new_game(seed=0).svg() or ""

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
            turn = self.chance_banner()
        else:
            p = state.current_player
            seat = self._seat(p)
            who = f" ({BOT_LABELS[seat]})" if seat != HUMAN else ""
            turn = (f"{glass_badge(self.player_glass[p])} "
                    f"<b>{self.player_names[p]}</b>{who} to move")
        parts.append(f'<span class="sg-turn">{turn}</span>')
        scores = " · ".join(f"{n} <b>{s}</b>"
                            for n, s in zip(self.player_names, state.scores()))
        better = "fewer is better" if self.game.facts.lower_is_better else "more is better"
        parts.append(f'<span class="sg-scores">{self.score_label}: {scores} '
                     f'<small>({better})</small></span>')
        return ('<div class="sg-banner" style="font-size:18px;display:flex;gap:28px;'
                'align-items:center">' + "".join(parts) + "</div>")

    def chance_banner(self) -> str:
        """The banner's words at a chance node (the game's chance action)."""
        return f"<b>{html.escape(self.game.facts.chance_action)}</b>"

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
            # scrolled by keys too: the list takes the focus (tabindex)
            '<ol tabindex="0" aria-label="moves played" style="max-height:180px;overflow:auto;'
            'margin:4px 0;font-family:monospace;'
            f'font-size:13px">{items}</ol></details>')


def _boards(widgets: Sequence[w.Widget]) -> list[Board]:
    """Every :class:`Board` in these widget trees, depth first."""
    found: list[Board] = []
    for widget in widgets:
        if isinstance(widget, Board):
            found.append(widget)
        found += _boards(getattr(widget, "children", ()))
    return found


def _first_board(widget: w.Widget) -> Board | None:
    """The first :class:`Board` in a widget tree, depth first."""
    if isinstance(widget, Board):
        return widget
    for child in getattr(widget, "children", ()):
        found = _first_board(child)
        if found is not None:
            return found
    return None
