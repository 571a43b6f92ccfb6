"""The play view every game's board view builds on: the board, the banner, the message, the
thinking line and the move box, drawn from a play model (:class:`~.play.Play`: the state, seats,
bots, chance, searches). The rest of a dashboard (Undo, seats, hints, the coach, the editor,
records, charts, review, the projector) is features (:mod:`.features` says which make which
board), attached through :class:`~.dashboard.Dashboard`: they find each other with
:meth:`~.dashboard.Dashboard.feature`, claim keys of the page's address (``view.address``) and
change the game through the model, whose events they follow. A move is checked once
(``model.check``), and played as checked. A game's view subclasses :class:`GameView` in its
folder, names its ``game_name`` (that registers it) and draws its board
(:meth:`GameView.board_area`, :meth:`GameView.redraw`).
Handlers run through :meth:`GameView.safe`: an illegal move's reason is shown, anything else is
a bug, "Something went wrong" to a user and raised in ``strict`` mode (``STAINEDGLASS_STRICT=1``
in the tests). The game's facts come from :class:`stainedglass.Facts`, never restated here.
"""

from __future__ import annotations

from typing import Any, ClassVar
from collections.abc import Callable, Sequence

import ipywidgets as w

import stainedglass as sg

from .board import boards_in
from .dashboard import Dashboard
from ..features import DASHBOARDS
from .feature import ROWS, SLOTS, feature_class
from .messages import GameWords, guard, message_html, quote_short, strict_default, went_wrong
from .play import Checked, Play
from .registry import register_view
from .searches import HintMark, Signs, Suggested, brought, hint_marks
from .thinking import ThinkingLine


class GameView(GameWords, Dashboard, w.VBox):
    """A game in play and the board around it (see the module's words).

    ``state``: a position to start from (else a new game of ``game_name`` with ``options``, as
    ``sg.load`` takes them); ``seats``: ``"human"`` or a bot name per player; ``budget_s``: each
    bot's thinking time; ``hint_budget_s``: the hint's; ``background=False`` runs bots and
    searches inline (scripts); ``compact``: a lesson's small board (else a play dashboard);
    ``dashboard``: which features it has (a key of ``features.DASHBOARDS``); ``strict``: raise
    unexpected errors (default: ``STAINEDGLASS_STRICT=1``).

    A subclass sets ``game_name`` (and ``move_example``, ``blurb``, ``legend`` for the gallery)
    and implements :meth:`board_area` and :meth:`redraw`; the other hooks have defaults.
    """

    game_name: ClassVar[str] = ""
    """The engine's name of the game this view plays; setting it registers the view."""
    move_example: ClassVar[str] = ""
    """A move in the game's notation, shown in the move box as an example."""
    blurb: ClassVar[str] = ""
    """The gallery card's words about the game."""
    legend: ClassVar[str] = ""
    """How to read the board (colours, letters, patterns), for the gallery."""
    hint_top: ClassVar[int] = 5  # suggestions a hint shows

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("game_name"):
            register_view(cls)

    def __init__(
        self,
        state: sg.State | None = None,
        *,
        seats: Sequence[str] | None = None,
        compact: bool = False,
        budget_s: float = 1.0,
        hint_budget_s: float = 1.0,
        background: bool = True,
        strict: bool | None = None,
        dashboard: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if state is not None and options:
            raise ValueError(
                f"game options ({', '.join(sorted(options))}) go with a new game, "
                "not with a given state"
            )
        if state is not None and self.game_name and state.game.name != self.game_name:
            raise ValueError(f"{type(self).__name__} plays {self.game_name}, not {state.game.name}")
        dashboard = dashboard or ("lesson" if compact else "play")
        if dashboard not in DASHBOARDS:
            raise ValueError(f"no dashboard {dashboard!r}: " + ", ".join(DASHBOARDS))
        self.strict = strict_default() if strict is None else bool(strict)
        game = state.game if state is not None else sg.load(self.game_name, **options)
        self.model = Play(
            game,
            state,
            seats=seats,
            budget_s=budget_s,
            background=background,
            auto_chance=lambda: self.auto_chance(),
            guard=self.safe,
            report=self._report,
        )
        self._lock = self.model.lock
        self.hint_budget_s = float(hint_budget_s)
        self.compact = compact
        self.suggestions: list[sg.ai.Suggestion] = []
        self.marks_heading = ""  # what the marks are, when not a hint (mark())
        self.marks_chart = True  # whether the marks get the hint chart
        self.marks_badges: list[str] = []  # the signs the marks carry instead of their rank
        self.marks_then: list[tuple[sg.Move, ...]] = []  # the moves each brings this turn
        self._init_dashboard()  # features, hooks, slots, actions, the address
        self.add_class("sg-view")
        self.add_class(f"sg-{self.game.name.replace('_', '-')}")
        self.setup()
        self._build(dashboard)
        self.safe(lambda: self.after_change(self.intro()))()

    # ---- the model's parts, as the view and its features use them -------------------------------

    game = property(lambda self: self.model.game)
    state = property(lambda self: self.model.state)
    start = property(lambda self: self.model.start)
    search = property(lambda self: self.model.search)
    seats = property(lambda self: self.model.seats)
    budgets = property(lambda self: self.model.budgets)
    background = property(lambda self: self.model.background)

    # ---- building the widgets, and the features --------------------------------------------------

    def _build(self, dashboard: str) -> None:
        self.banner = w.HTML(layout=w.Layout(margin="0 0 4px 0"))
        self.message = w.HTML(message_html("", "info"))
        self.message.add_class("sg-live")  # the last move and its result: said (board.js)
        example = f", e.g. {self.move_example}" if self.move_example else ""
        self.move_text = w.Text(
            placeholder=f"or type a move{example}",
            tooltip="type a move in the game's words, then Enter",
            continuous_update=False,
            layout=w.Layout(width="360px"),
        )
        self.move_text.observe(self.safe(lambda change: self.play_text(change["new"])), "value")
        self.thinking_line = line = ThinkingLine(self)  # what a search is about; Cancel
        self.thinking_row, self.thinking, self.progress = line.row, line.words, line.progress
        self.stop_button, self.continue_button = line.stop_button, line.continue_button
        self.board_widgets: list[w.Widget] = self.board_area()  # hidden while editing
        for board in boards_in(self.board_widgets):
            board.on_kit_key(self.safe(self.kit_key))
        for entry in DASHBOARDS[dashboard]:
            self.attach(feature_class(entry))
        self.address.keep_on(self.board_widgets)  # a feature claimed a key: the first board
        # the game's own buttons: after those placed first (the chance button), before the rest
        front = self._front
        self._slots["strip"][front:front] = self.controls()
        self.add_widgets("strip", self.move_text)
        self.strip = w.HBox(self._slots["strip"], layout=w.Layout(**ROWS["strip"]))
        children: list[w.Widget] = [
            self.banner,
            *self.board_widgets,
            self.message,
            self.thinking_row,
        ]
        for slot in SLOTS:
            widgets = self._slots[slot]
            if slot == "strip":
                children.append(self.strip)
            elif slot in ROWS and widgets:
                children.append(w.HBox(widgets, layout=w.Layout(**ROWS[slot])))
            else:
                children += widgets
        self.children = children
        self._update_kit_keys()

    def kept(self) -> list[w.Widget]:
        """The widgets whose words stay beside the board on a projector."""
        return [
            self.banner,
            self.message,
            self.thinking_row,
            *(k for f in self.features.values() for k in f.kept()),
        ]

    def kit_key(self, key: str | None) -> None:
        """A kit key pressed on a board: what its action's button does, nothing while the
        button is hidden or off (a puzzle has no Undo or Hint)."""
        what = self.KIT_KEYS.get(key or "", "")
        button = self.actions.get(what, (None, None))[1]
        if self._shown(what) and not (button is not None and button.disabled):
            {"undo": self.undo, "hint": self.hint}.get(what, self.actions[what][0])()

    # ---- hooks for a game's view -----------------------------------------------------------------

    def setup(self) -> None:
        """Set the view's own fields (what the pointer holds): called once the game and state
        are known, before any widget is built or drawn."""

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
        """Draw the board from ``self.state``, with the suggestions of :meth:`hint_marks`; the
        marks that invite a move (rings, ghosts, ✓ previews) only when :meth:`may_move_here`."""
        raise NotImplementedError

    def take_hint(self, move: sg.Move) -> None:
        """Called with the best suggestion when a hint is shown: e.g. pick up the piece it
        places, so that one click plays it."""

    def on_new_state(self) -> None:
        """Called after a new position, an undo or a bot's move (clear selections)."""

    def may_move_here(self) -> bool:
        """Whether a person on this device may move now (:meth:`.play.Play.person_to_move`):
        a game's :meth:`redraw` draws its move marks (rings, ghosts, ✓ previews) only then, the
        position always."""
        return self.model.person_to_move()

    def hint_marks(self) -> list[HintMark]:
        """The suggestions shown now (best first, each with its rank and shade)."""
        return hint_marks(self.suggestions, self.marks_badges, self.marks_then)

    def resolve_chance(self) -> None:
        """The chance button: the chance move the game's generator draws now (a game may set
        off its own: Roll)."""
        if not self.state.is_chance():
            raise sg.IllegalMove(
                f"no chance move now: {self.game.facts.chance_action.lower()}"
                " comes when the rules call for it"
            )
        self.play(self.state.sample_chance())

    def auto_chance(self) -> bool:
        """Whether chance moves are made without a person setting them off (default: always);
        a game where people roll the dice themselves says when not."""
        return True

    def gestures(self, move: sg.Move) -> list[tuple[str, str, Any]]:
        """The pointer and key actions that make ``move`` on this view, as ``(widget, action,
        value)`` (the tests' ``harness.perform`` makes them); views implement it for their board."""
        raise NotImplementedError(f"{type(self).__name__} does not list its gestures")

    @classmethod
    def gallery_picture(cls) -> str:
        """The gallery card's picture (SVG text): by default a new game's."""
        return sg.load(cls.game_name).new_game(seed=0).svg() or ""

    # ---- errors and words ------------------------------------------------------------------------

    def safe(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """``fn`` under the view's lock, an illegal move shown with its reason, any other error
        shown as "Something went wrong" (raised when strict; from a search's thread, by
        :meth:`wait`)."""
        return guard(
            fn,
            lambda text, kind: self.say(text, kind),
            self.strict,
            words={sg.IllegalMove: lambda e: f"Illegal: {e}"},
            lock=self._lock,
            keep=lambda error: setattr(self.model, "failure", error),
        )

    def _report(self, error: BaseException) -> None:
        """A search's error: kept for :meth:`wait` when strict, and shown."""
        if self.strict:
            self.model.failure = error
        self.say(went_wrong(error), "bad")

    def say(self, text: str, kind: str = "info") -> None:
        self._said = text
        self.message.value = message_html(text, kind)

    def said_already(self, words: str) -> bool:
        """Whether the message line says ``words`` now: a preview beside the board leaves them
        out, so that a refusal is said once (the move's reason, not also the pointer's)."""
        return bool(words) and getattr(self, "_said", None) == words

    # ---- moves -----------------------------------------------------------------------------------

    def play(self, move: sg.Move | str | Checked) -> None:
        """Play a person's move for the player to move (a move, its text, or what
        ``self.model.check`` said of it: the rules are asked once); an illegal one is shown
        with its reason. A bot's seat is refused: the bot moves for it."""
        state, search = self.state, self.search
        if state.is_terminal():
            raise sg.IllegalMove("the game is over: start a new game")
        if search is not None and search.blocks:
            raise sg.IllegalMove(search.blocks)
        wait = "wait for its move" if search is not None else "press Let the bot move"
        self.model.check_person(next((h() for h in self.hooks.holding if h()), wait))
        try:
            checked = move if isinstance(move, Checked) else self.model.check(move)  # once
        except sg.IllegalMove as e:  # typed text that is no move: quoted short
            if not isinstance(move, str):
                raise
            raise sg.IllegalMove(quote_short(str(e), move)) from None
        if not checked.legal:
            said = str(checked.said)
            self.say(quote_short(said, move) if isinstance(move, str) else said, "bad")
            self.redraw()
            return
        if any(hook(checked.move, checked.words) for hook in self.hooks.before_move):
            return  # taken over (a puzzle judges it)
        before = state.clone() if self.hooks.after_move else None
        self.model.play(checked)
        words = checked.words
        if before is not None and any(hook(before, words) for hook in self.hooks.after_move):
            return  # carried on by a feature (the coach judges the move first)
        self.after_change((words, "good"))

    def play_text(self, text: str) -> None:
        """A typed move (Enter in the move box); the box empties after a legal move."""
        text = (text or "").strip()
        if not text:
            return
        before = len(self.state.history)
        try:
            checked = self.model.check(text)
        except sg.IllegalMove:
            checked = None  # no move: play() says why, quoted
        if checked is not None and checked.legal:
            self.on_new_state()  # what the pointer held is put down: the typed move is played
            self.play(checked)
        else:
            self.play(text)
        if len(self.state.history) != before:
            self.move_text.value = ""

    def undo(self) -> None:
        """Take back the last move (and a bot's reply, back to a person's turn); a search under
        way is stopped. With bots only, the game then waits: Let the bot move."""
        if not self.model.undo_to_person():
            self.say("Nothing to take back yet.")
            self.update_thinking()
            return
        self.on_new_state()
        self.after_change(("Move taken back.", "info"), run_computer=False)

    def hint(self) -> None:
        """The best moves, with reasons (the hints feature's; ``h`` on the boards)."""
        run, _ = self.actions.get("hint", (None, None))
        if run is None:
            self.say("No hints on this board.")
            return
        run()

    def set_position(
        self,
        state: sg.State,
        message: tuple[str, str] | None = None,
        *,
        start: sg.State | None = None,
        run_computer: bool = False,
    ) -> None:
        """Put ``state`` on the board (a record opened, the editor's position, a puzzle, a
        review's move): a search under way is dropped, bots wait unless ``run_computer``;
        ``start``: where Start again returns (default: here)."""
        self.model.set_position(state, start)
        self.on_new_state()
        self.after_change(message, run_computer=run_computer)

    def show_record(self, record: sg.Record, words: str = "") -> None:
        """Show the game of ``record`` at its ``at`` move (else its end): Undo steps back
        through it; bots wait until asked (Let the bot move)."""
        n = len(record.moves)
        self.set_position(
            record.state(),
            (words or f"Opened a game of {n} move{'' if n == 1 else 's'}.", "info"),
            start=record.state(0),
        )

    # ---- searches --------------------------------------------------------------------------------

    def cancel_search(self) -> None:
        self.model.cancel_search()

    def stop_thinking(self) -> None:
        """Cancel: stop the search under way (:meth:`.thinking.ThinkingLine.stop`)."""
        self.thinking_line.stop()

    def wait(self, timeout: float = 120.0) -> bool:
        """Block until no search is pending, bots answering each other included, and the
        features' own work is done (tests and scripts; never from a handler). False if
        ``timeout`` ran out."""
        return self.model.wait(timeout) and all(f.wait(timeout) for f in self.features.values())

    def update_thinking(self) -> None:
        self.thinking_line.update()  # (the model's searching events do it by themselves)

    # ---- after every change ----------------------------------------------------------------------

    def after_change(
        self, message: tuple[str, str] | None = None, run_computer: bool = True
    ) -> None:
        """Redraw everything after the position changed; let bots and chance move on (inline
        bots move here; a background bot starts thinking); then the features follow."""
        self.model.cancel_search()
        self.suggestions, self.marks_heading, self.marks_chart, self.marks_badges = [], "", True, []
        self.marks_then = []
        notes = [message[0]] if message else []
        kind = message[1] if message else "info"
        if run_computer:
            notes += self.model.run_computer()
        notes += filter(None, [self.turn_note()])
        self.redraw()  # the board first: the words that confirm a move arrive on a drawn board
        if notes:
            self.say(" ".join(n for n in notes if n), kind)
        self.update_banner()
        if run_computer and self.background:
            self.model.start_bot(self._bot_answered)
        self.update_thinking()
        for hook in self.hooks.after_change:
            hook()
        self.address.write(len(self.state.history))  # the page's address follows

    def _bot_answered(self, player: int, words: str) -> None:
        """A bot thinking in the background played its move: the board follows."""
        self.on_new_state()  # what the pointer held while the bot thought is put down
        self.after_change((self.model.bot_words(player, words), "info"))

    def show_suggestions(self, suggestions: Sequence[sg.ai.Suggestion]) -> None:
        """Show ranked suggestions: on the board (:meth:`hint_marks`), and to the features (the
        hint's words and chart); the best is taken in hand (:meth:`take_hint`)."""
        if not suggestions:
            self.say("No move to suggest.")
            return
        self.take_hint(suggestions[0].move)
        self.say("Hint: " + suggestions[0].reason, "info")
        self.mark(suggestions, "")

    def mark(
        self, suggestions: Suggested, heading: str, chart: bool = True, badges: Signs = ()
    ) -> None:
        """Draw ``suggestions`` as ranked marks and list them under ``heading`` ("": a hint's),
        without taking one in hand (the review board marks a better move than the one played);
        ``chart=False`` leaves the hint chart out; ``badges``: each mark's sign (a verdict's)."""
        self.suggestions, self.marks_heading, self.marks_chart = list(suggestions), heading, chart
        self.marks_badges, self.marks_then = list(badges), brought(self.state, self.suggestions)
        for hook in self.hooks.marked:
            hook()
        self.redraw()
