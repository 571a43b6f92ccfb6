"""The teaching game: a coach beside the board of every play dashboard (``view.coach``, switched
on by the **Teach me** button or :meth:`Coach.start`). It knows no game: what it says comes from
``sg.ai.compare`` and the game's own words, so it works the same for every view.

The learner plays against a bot of chosen strength (**You play**, **against**, and the
computer's level, Level 1 to Level 8 or Match me, or a timed bot's thinking time). After each of the learner's moves (a person's seat; never a bot's or chance's)
the coach puts it against the best move the search finds (``sg.ai.compare``, off the event loop
with a progress bar and Cancel, like **Compare my move**); meanwhile nothing else moves, so the
bot's reply and the dice wait for the verdict. How strict it is, the learner chooses; the
threshold is in win-chance points (``THRESHOLD``: 10 points, where the review's labels start
calling a move a *mistake*; two looks at one position differ by about 2):

- **off**: no warnings; every move is still judged, for the report card;
- **gentle**: a move that gives away 10 points or more is said to be a mistake or a blunder in
  words, the better move is marked on the board, and the bot waits while the learner chooses
  **Take it back** or **Keep my move**;
- **strict**: such a move is taken back by the coach itself, with the same words and mark.

A move within the threshold stands ("Good move") and the game goes on.

Hints: ``HINTS`` a game (3 unless chosen), counted down on screen ("Hints left: 2"); at zero
the Hint button is refused in words. The hint marks, list and chart stay hidden until the
learner has moved unless a hint is spent (the only suggestion the coach shows unasked is the
better move after a costly one). At the game's end, a report card: the accuracy (the share of
the judged moves under the threshold) and the three costliest moves with their reasons, each
with a button that opens the review board at that move.

Class mode (a projector): the coach's words in large type; the whole class plays the learner's
seat.

>>> import stainedglass_widgets as sgw
>>> v = sgw.view("cathedral", background=False)
>>> v.coach.playouts = 20                          # a reproducible judgement (else budget_s)
>>> v.coach.start("strict", hints=2, opponent="greedy")
>>> v.seats[:2], v.coach.hints_left
(['human', 'greedy'], 2)
>>> v.play("cathedral e4 d5 e5 f5 e6 e7")          # judged; then the greedy bot answers
>>> [j.move for j in v.coach.judged], len(v.state.history)
(['cathedral e4 d5 e5 f5 e6 e7'], 2)
"""

from __future__ import annotations

import contextlib
import html
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from collections.abc import Iterator, Sequence

import ipywidgets as w

import stainedglass as sg

from ..kit.feature import Feature, Said
from ..kit.messages import message_html, seconds_label, verdict_badge, verdict_text
from ..kit.play import COMPUTER, DEFAULT_LEVEL
from ..kit.progress import name_box, note, pupil_name
from ..kit.searches import (
    HUMAN,
    LEVEL,
    MATCH,
    Search,
    bot_label,
    check_level,
    is_bot,
    is_timed,
    seat_choices,
)
from stainedglass.ai.review import said_move, said_with_gain
from .hints import Hints
from .review import Compare

if TYPE_CHECKING:  # the annotation only: the view makes its features
    from ..kit.game_view import GameView

THRESHOLD = 0.10
"""Win chance given away (0..1) from which the coach speaks up: 10 points, the review's
*mistake* (``sg.ai.review.LABELS``)."""
HINTS = 3
"""Hints a game, unless the learner chooses another number."""
MAX_HINTS = 9
BUDGET_S = 2.0
"""Seconds the coach's look at one move takes (``compare``'s budget; ``playouts`` instead makes
it reproducible)."""
LARGE_PX = 30
"""The coach's words in class mode (a projector), in pixels; 15 otherwise."""
STRICTNESS = ("off", "gentle", "strict")


def points(loss: float) -> int:
    """Win-chance points (0..100) of a loss (0..1)."""
    return round(100 * loss)


def given_away(loss: float, value_words: str = "chance to win") -> str:
    """A loss said as a chance, never as points: ``"20% less likely to win"`` (or, at more
    than two players, ``"a 20% smaller share of the win"``).

    >>> given_away(0.2), given_away(0.05, "share of the win")
    ('20% less likely to win', 'a 5% smaller share of the win')
    """
    n = points(loss)
    return (
        f"{n}% less likely to win"
        if value_words == "chance to win"
        else f"a {n}% smaller {value_words}"
    )


def _cap(words: str) -> str:
    return words[:1].upper() + words[1:]


def _why(verdict: sg.ai.Comparison) -> str:
    """The better move and the answer that punishes the move, each a sentence (or nothing)."""
    return "".join(f"{_cap(part)}. " for part in (verdict.better, verdict.punished) if part)


@dataclass(frozen=True)
class Judged:
    """One of the learner's moves as the coach judged it: the ``ply``-th move of the game
    (1 the first), by ``player``, played after the moves ``before``."""

    ply: int
    player: int
    move: str
    comparison: sg.ai.Comparison
    before: tuple[str, ...]

    @property
    def loss(self) -> float:
        return self.comparison.loss

    def stands(self, history: Sequence[str]) -> bool:
        """Whether the game's moves ``history`` still hold this move (not taken back)."""
        return list(history[: self.ply]) == [*self.before, self.move]


@dataclass(frozen=True)
class ReportCard:
    """The game's judged moves (each position and move once): how many, how many under the
    ``threshold``, and the (up to) three costliest, costliest first."""

    moves: int
    within: int
    threshold: float
    costliest: tuple[Judged, ...]

    @property
    def accuracy(self) -> float | None:
        """The share of the judged moves under the threshold (None: no move judged)."""
        return self.within / self.moves if self.moves else None


class Coach(Feature):
    """The teaching game of ``view`` (a play dashboard's): :attr:`toggle` ("Teach me") goes in
    the strip and :attr:`box` (settings, words, the take-back offer, the report card) over it;
    the rest of the box is built when teaching is first switched on. It hooks into the view: it
    judges a person's move before anything else moves (``after_move``), holds the bots while a
    costly move waits for the learner's choice (``holding``) and keeps the hints' budget.

    Settings a notebook may change: ``budget_s`` or ``playouts`` (the judgement's budget),
    ``threshold``, ``review_playouts`` (the review board the report card opens).
    """

    name = "coach"
    provides = ("coach",)
    projected = ("box",)

    def __init__(self, view: GameView) -> None:
        super().__init__(view)
        self.active = False
        self.strictness = "gentle"
        self.threshold = THRESHOLD
        self.hints = HINTS  # a game
        self.hints_used = 0
        self.budget_s = BUDGET_S
        self.playouts: int | None = None
        self.review_playouts: int | None = None
        self.class_mode = False
        self.judged: list[Judged] = []
        """The learner's moves judged in this game, in the order they were played."""
        self._offer: Judged | None = None  # gentle: a costly move the learner may take back
        self._search: Search | None = None  # the judgement under way
        self._state = view.state  # a new state object is a new game: a new report card
        self._words: tuple[str, str] = ("", "info")
        self._report_key: tuple[Any, ...] = ()
        self._noted: tuple[Any, ...] = ()  # the game whose accuracy went to the class
        self._quiet = False
        self._built = False
        self.toggle = w.ToggleButton(
            description="Teach me",
            value=False,
            icon="graduation-cap",
            tooltip="a coach judges each of your moves against the "
            "best, with a hint budget and a report card",
        )
        self.toggle.add_class("sg-coach-toggle")
        self.toggle.observe(view.safe(lambda change: self._toggled(change["new"])), "value")
        self.box = w.VBox(layout=w.Layout(display="none", margin="4px 0"))
        self.box.add_class("sg-coach")
        view.add_widgets("strip", self.toggle)
        view.add_widgets("above", self.box)
        view.hooks.after_change.append(self._view_changed)
        view.hooks.after_move.append(self._after_move)
        view.hooks.holding.append(
            lambda: "first Take it back or Keep my move" if self.offering else ""
        )
        view.hooks.may_hint.append(self.may_hint)
        view.hooks.hint_given.append(self.hint_spent)
        view.hooks.after_change.append(self._help_allowed)
        view.model.listen("matched", lambda *_: self._refresh_levels())
        hints = view.feature(Hints)
        self.hint_button: w.Button | None = hints.hint_button if hints is not None else None
        self._tooltip = self.toggle.tooltip

    def _help_allowed(self) -> None:
        """Teach me is off while the board offers no help (a teacher's question is open): a
        coach teaching then stops, the toggle saying why."""
        off = self.view.no_help()
        self.toggle.disabled = bool(off)
        self.toggle.tooltip = off or self._tooltip
        if off and self.active:  # quietly: the change under way says what happened
            with self._hush():
                self.toggle.value = False
            self._switch_off(words=None)

    # ---- the widgets, built on first use ---------------------------------------------------------

    def _build(self) -> None:
        if self._built:
            return
        view = self.view
        safe = view.safe
        self.strictness_picker = w.Dropdown(
            options=self._strictness_options(),
            value=self.strictness,
            description="Coach",
            layout=w.Layout(width="300px"),
            style={"description_width": "50px"},
        )
        self.strictness_picker.add_class("sg-coach-strictness")
        self.hints_picker = w.Dropdown(
            options=list(range(MAX_HINTS + 1)),
            value=self.hints,
            description="Hints a game",
            layout=w.Layout(width="170px"),
            style={"description_width": "initial"},
        )
        self.learner_picker = w.Dropdown(
            description="You play",
            layout=w.Layout(width="200px"),
            style={"description_width": "60px"},
        )
        self.learner_picker.add_class("sg-coach-learner")
        bots = [(label, seat) for label, seat in seat_choices(view.state) if is_bot(seat)]
        self.opponent_picker = w.Dropdown(
            options=bots,
            description="against",
            layout=w.Layout(width="230px"),
            style={"description_width": "60px"},
        )
        self.opponent_picker.add_class("sg-coach-opponent")
        self.level_picker = w.Dropdown(
            options=self.view.model.level_options(),
            value=DEFAULT_LEVEL,
            description="at",
            tooltip="how well the computer plays: Level 1 a beginner's opponent, Level 8 the "
            "game's hint search; Match me follows your results",
            layout=w.Layout(width="330px"),
            style={"description_width": "24px"},
        )
        self.level_picker.add_class("sg-coach-level")
        self.strength_slider = w.FloatSlider(
            value=1.0,
            min=0.2,
            max=10.0,
            step=0.1,
            readout=False,
            continuous_update=False,
            description=seconds_label(1.0),
            tooltip="how long the bot thinks per move",
            style={"description_width": "96px"},
            layout=w.Layout(width="250px"),
        )
        self.class_box = w.Checkbox(
            value=False,
            indent=False,
            description="Class mode (large words)",
            layout=w.Layout(width="190px"),
        )
        self.class_box.add_class("sg-coach-class")
        self.hints_line = w.HTML()
        self.hints_line.add_class("sg-coach-hints")
        self.words = w.HTML()
        self.words.add_class("sg-coach-words")
        self.take_back_button = w.Button(
            description="Take it back",
            button_style="warning",
            tooltip="take your move back and try again",
        )
        self.take_back_button.add_class("sg-coach-take-back")
        self.keep_button = w.Button(
            description="Keep my move", tooltip="your move stands: the game goes on"
        )
        self.keep_button.add_class("sg-coach-keep")
        self.offer_row = w.HBox(
            [self.take_back_button, self.keep_button], layout=w.Layout(display="none")
        )
        self.report = w.VBox(layout=w.Layout(display="none"))
        self.report.add_class("sg-coach-report")
        self.strictness_picker.observe(safe(lambda ch: self._set_strictness(ch["new"])), "value")
        self.hints_picker.observe(safe(lambda ch: self._set_hints(ch["new"])), "value")
        for picker in (
            self.learner_picker,
            self.opponent_picker,
            self.level_picker,
            self.strength_slider,
        ):
            picker.observe(safe(lambda _: self._seats_chosen()), "value")
        self.class_box.observe(safe(lambda ch: self._set_class_mode(ch["new"])), "value")
        self.take_back_button.on_click(safe(lambda _: self.take_back()))
        self.keep_button.on_click(safe(lambda _: self.keep()))
        # on a class's server: the pupil's name, for the report card kept on the console
        self.name_box = name_box(lambda: self.view.board_widgets)
        self.seat_row = w.HBox(
            [self.learner_picker, self.opponent_picker, self.level_picker, self.strength_slider],
            layout=w.Layout(align_items="center"),
        )
        self.box.children = [  # the words first, under the board; the settings last
            self.words,
            self.offer_row,
            self.hints_line,
            self.report,
            w.HBox(
                [self.strictness_picker, self.hints_picker, self.class_box],
                layout=w.Layout(align_items="center"),
            ),
            self.seat_row,
            self.name_box,
        ]
        self._built = True
        self._refresh_learners()

    def _strictness_options(self) -> list[tuple[str, str]]:
        n = points(self.threshold)
        return [
            ("off: no warnings, a report card", "off"),
            (f"gentle: warns at {n}% of the chance to win given away", "gentle"),
            (f"strict: takes back at {n}% of the chance to win given away", "strict"),
        ]

    def _refresh_learners(self) -> None:
        """The seats of this game for **You play** (a game may change its number of players)."""
        n = self.view.state.num_players
        options = [(name, i) for i, name in enumerate(self.view.player_names[:n])]
        if list(self.learner_picker.options) != options:
            with self._hush():
                value = self.learner_picker.value
                self.learner_picker.options = options
                self.learner_picker.value = value if value is not None and value < n else 0
        self.seat_row.layout.display = None if n > 1 else "none"

    def _refresh_levels(self) -> None:
        """The level picker's options as they are now (Match me's level moved after a game)."""
        options = self.view.model.level_options()
        if self._built and list(self.level_picker.options) != options:
            with self._hush():
                value = self.level_picker.value
                self.level_picker.options = options
                values = [v for _, v in options]
                self.level_picker.value = value if value in values else DEFAULT_LEVEL

    @contextlib.contextmanager
    def _hush(self) -> Iterator[None]:
        """Set widgets without their observers acting."""
        quiet, self._quiet = self._quiet, True
        try:
            yield
        finally:
            self._quiet = quiet

    # ---- switching on and off --------------------------------------------------------------------

    def start(
        self,
        strictness: str = "gentle",
        hints: int = HINTS,
        *,
        learner: int | None = None,
        opponent: str | None = None,
        strength: float | None = None,
        class_mode: bool = False,
        level: int | str | None = None,
    ) -> None:
        """Teach from this position on: ``strictness`` ``"off"``, ``"gentle"`` or
        ``"strict"``; ``hints`` a game; ``learner`` the seat the learner plays (else a person's
        seat, the player to move first), ``opponent`` the bot playing every other seat (else
        the bot already there, or the computer at a level), at ``level`` (the computer's: 1 to
        8, or ``"match"``, Match me) or thinking ``strength`` seconds a move (a timed bot);
        ``class_mode``: the coach's words in large type. The same as **Teach me**."""
        if strictness not in STRICTNESS:
            raise ValueError(f"strictness is one of {', '.join(STRICTNESS)}, not {strictness!r}")
        if isinstance(hints, bool) or not isinstance(hints, int) or not 0 <= hints <= MAX_HINTS:
            raise ValueError(f"hints is a whole number 0 to {MAX_HINTS}, not {hints!r}")
        off = self.view.no_help()
        if off:
            self.view.say(off, "bad")
            return
        self._build()
        n = self.view.state.num_players
        if learner is not None and not (isinstance(learner, int) and 0 <= learner < n):
            raise ValueError(f"learner is a seat 0 to {n - 1}, not {learner!r}")
        bots = {seat: label for label, seat in self.opponent_picker.options}
        if opponent is not None and opponent not in bots:
            raise ValueError(f"opponent is one of {', '.join(bots)}, not {opponent!r}")
        if level is not None:
            check_level(level)
        with self._hush():
            self.strictness_picker.options = self._strictness_options()
            self.strictness_picker.value = self.strictness = strictness
            self.hints_picker.value = self.hints = hints
            self.class_box.value = self.class_mode = bool(class_mode)
            self._default_seats(learner, opponent, strength, level)
            self.toggle.value = True
        self._switch_on()

    def stop(self) -> None:
        """Teaching off (the same as **Teach me** pressed again)."""
        if self.toggle.value:
            self.toggle.value = False  # its observer switches off
        elif self.active:
            self._switch_off()

    def _toggled(self, on: bool) -> None:
        if self._quiet:
            return
        if on and self.view.no_help():  # the toggle is off meanwhile: a press from code
            self.view.say(self.view.no_help(), "bad")
            with self._hush():
                self.toggle.value = False
            return
        if on:
            self._build()
            with self._hush():
                self._default_seats(None, None, None, None)
            self._switch_on()
        else:
            self._switch_off()

    def _default_seats(
        self,
        learner: int | None,
        opponent: str | None,
        strength: float | None,
        level: int | str | None,
    ) -> None:
        """Fill **You play**, **against**, the level and the strength from the seats as they
        are."""
        view, state = self.view, self.view.state
        n = state.num_players
        self._refresh_learners()
        humans = [p for p in range(n) if view.seats[p] == HUMAN]
        if learner is None:
            mover = state.current_player
            learner = mover if mover in humans else humans[0] if humans else max(0, mover)
        bots = [p for p in range(n) if p != learner and is_bot(view.seats[p])]
        offered = [seat for _, seat in self.opponent_picker.options]
        computer = COMPUTER if COMPUTER in offered else offered[0]  # a game without levels
        if opponent is None:
            opponent = view.seats[bots[0]] if bots else computer
            opponent = opponent if opponent in offered else computer
        if strength is None:
            others = [p for p in range(n) if p != learner]
            strength = view.budgets[bots[0]] if bots else view.budgets[others[0]] if others else 1.0
        if level is None:
            levelled = [p for p in bots if view.seats[p] == LEVEL]
            level = view.model.levels[levelled[0]] if levelled else DEFAULT_LEVEL
        self.level_picker.options = self.view.model.level_options()
        if level not in [value for _, value in self.level_picker.options]:
            level = DEFAULT_LEVEL
        self.learner_picker.value = learner
        self.opponent_picker.value = opponent
        self.level_picker.value = level
        self.strength_slider.value = float(strength)

    def _switch_on(self) -> None:
        view = self.view
        self.active = True
        self._new_game()
        self.box.layout.display = None
        self._seats_chosen(quiet=True)
        view.after_change(None)  # no suggestion carries over; a bot to move plays
        self._say(self.intro(), "info")

    def _switch_off(self, words: str | None = "Teaching is off.") -> None:
        self.active = False
        self._offer = None
        self.box.layout.display = "none"
        if self.hint_button is not None:
            self.hint_button.description = "Hint"
        if words is not None:
            self.view.after_change((words, "info"))  # a bot waiting for it plays

    def intro(self) -> str:
        """The coach's first words: who plays whom, and what the coach does."""
        view = self.view
        n = view.state.num_players
        if n > 1:
            me = self.learner_picker.value
            others = [view.player_names[p] for p in range(n) if p != me]
            bot = bot_label(self.opponent_picker.value)
            timed = (
                f" ({self.strength_slider.value:.1f} s a move)"
                if is_timed(self.opponent_picker.value)
                else f" ({self.level_words()})"
                if self.opponent_picker.value == LEVEL
                else ""
            )
            who = (
                f"You play {view.player_names[me]} against the {bot}{timed} for "
                f"{' and '.join(others)}. "
            )
        else:
            who = "You play alone. "
        n_points = points(self.threshold)
        rule = {
            "off": "The coach judges each of your moves quietly, for the report card at the end.",
            "gentle": "After each of your moves the coach compares it with the best: when it "
            f"leaves you {n_points}% less likely to win or more, it says what went wrong, "
            "marks the better move and offers to take yours back.",
            "strict": "After each of your moves the coach compares it with the best: when it "
            f"leaves you {n_points}% less likely to win or more, it takes your move back, "
            "says what went wrong and marks the better move.",
        }[self.strictness]
        return who + rule

    # ---- settings --------------------------------------------------------------------------------

    def _set_strictness(self, value: str) -> None:
        if self._quiet:
            return
        self.strictness = value
        self._say(self.intro(), "info")

    def _set_hints(self, value: int) -> None:
        if self._quiet:
            return
        self.hints = int(value)
        self._update_panel()

    def _set_class_mode(self, on: bool) -> None:
        if self._quiet:
            return
        self.class_mode = bool(on)
        self._say(*self._words)
        self._report_key = ()
        self._update_panel()

    def _seats_chosen(self, quiet: bool = False) -> None:
        """Seat the learner as a person and the bot at every other seat (through the play
        model, whose seats the dashboard's pickers show); a seat changed lets the game go on."""
        if (self._quiet and not quiet) or not self.active:
            return
        view, model = self.view, self.view.model
        n = view.state.num_players
        bot, seconds = self.opponent_picker.value, float(self.strength_slider.value)
        level = self.level_picker.value
        self.strength_slider.description = seconds_label(seconds)
        self.strength_slider.layout.display = None if is_timed(bot) else "none"
        self.level_picker.layout.display = None if bot == LEVEL else "none"
        me = self.learner_picker.value if n > 1 else 0
        others = [p for p in range(n) if p != me]
        for p in others:
            model.set_seat(p, budget=seconds, level=level)
        changed = model.set_seat(me, HUMAN)
        for p in others:
            changed = model.set_seat(p, bot) or changed
        if changed:
            view.after_change(None)  # a bot whose turn it is starts; one taken off stops
        if n > 1 and not quiet:
            self._say(self.intro(), "info")

    def level_words(self) -> str:
        """The computer's level as the coach says it: "Level 3", or "Match me, now Level 5"."""
        level = self.level_picker.value
        if level == MATCH:
            return f"Match me, now Level {self.view.model.match_me.level}"
        return f"Level {level}"

    # ---- a new game ------------------------------------------------------------------------------

    def _new_game(self) -> None:
        players = self._state.num_players
        self._state = self.view.state
        self.judged = []
        self.hints_used = 0
        self._offer = None
        self._search = None
        self._report_key = ()
        if self._built:
            self._refresh_learners()
            if self.active and self._state.num_players != players:
                self._seats_chosen(quiet=True)  # the new players' seats get the bot too

    def _view_changed(self) -> None:
        """After every change of the view: a new game starts a new report card; the hints
        left, the take-back offer and the report card follow the game."""
        if self.view.state is not self._state:
            self._new_game()
        if self._search is not None and self.view.search is not self._search:
            self._search = None  # Undo, a seat changed...: the look was dropped with the move
            self._say("Not judged: the game changed while the coach was looking.", "info")
        if self._built:
            self._update_panel()

    # ---- judging the learner's moves -------------------------------------------------------------

    def judges(self, state: sg.State) -> bool:
        """Whether the move about to be played in ``state`` is judged: teaching is on, and a
        person chooses it among several (not chance, not a bot, not a forced move)."""
        if not self.active or state.is_terminal() or state.is_chance():
            return False
        if self.view.model.seat(state.current_player) != HUMAN:
            return False
        return len(state.legal_moves()) > 1

    def _after_move(self, before: sg.State, words: str) -> bool:
        """The view's ``after_move``: a move to judge is judged before anything else moves."""
        if not self.judges(before):
            return False
        self.judge(before, words)
        return True

    @property
    def judging(self) -> bool:
        """Is the coach looking at a move now?"""
        return self._search is not None and self.view.search is self._search

    def judge(self, before: sg.State, words: str) -> None:
        """The learner's move was just played from ``before`` (``words``: what it did): show
        it, then look at it off the event loop; nothing else moves until the verdict."""
        view = self.view
        self._offer = None
        move = view.state.history[-1]
        mover = before.current_player
        view.after_change((words, "good"), run_computer=False)
        self._say(f"The coach is looking at {move}…", "info")
        position, playouts = before.clone(), self.playouts
        budget = None if playouts is not None else self.budget_s

        def work(stop: Any) -> sg.ai.Comparison:
            return sg.ai.compare(position, move, budget_s=budget, playouts=playouts, stop=stop)

        search = view.model.think(
            f"The coach is looking at {move}…",
            self.budget_s,
            work,
            lambda verdict: self._judged(before, move, mover, verdict),
            blocks="the coach is still looking at your last move: a moment (or Cancel)",
            on_cancel=self.not_judged,
        )
        self._search = search if view.search is search else None  # inline: judged by now

    def _judged(self, before: sg.State, move: str, mover: int, verdict: sg.ai.Comparison) -> None:
        view = self.view
        self._search = None
        if list(view.state.history) != [*before.history, move]:  # the game moved on
            view.update_thinking()
            return
        entry = Judged(len(before.history) + 1, mover, move, verdict, tuple(before.history))
        self.judged.append(entry)
        given = given_away(verdict.loss, view.value_words())
        yours, best = said_move(before, move), said_move(before, verdict.best)
        said = verdict_text(verdict.label)
        if self.strictness == "off":
            view.after_change(None)
            self._say(f"{_cap(yours)}: noted for the report card.", "info")
        elif verdict.loss < self.threshold:
            view.after_change(None)  # the move stands: the game goes on
            if verdict.label in ("best", "excellent") or verdict.best == move:
                said = verdict_text("best" if verdict.best == move else verdict.label)
                self._say(f"{said}: {yours} is as good as the best the computer found.", "good")
            elif verdict.label == "good":
                self._say(f"{said}: {yours} is only {given} than {best}.", "good")
            else:
                self._say(f"{said}: {yours} stands, {given} than {best}.", "info")
        elif self.strictness == "strict":
            view.model.take_back()
            view.on_new_state()
            view.after_change(
                (f"The coach took back {yours}: {said}, {given}.", "bad"),
                run_computer=False,
            )
            self._mark(verdict)
            self._say(
                f"{said}, taken back: {yours} left you {given}. {_why(verdict)}Try again: the"
                " better move is marked on the board.",
                "bad",
            )
        else:
            self._offer = entry
            view.after_change(None, run_computer=False)  # the bot waits for the choice
            self._mark(verdict, before)
            self._say(
                f"{said}: {yours} leaves you {given}. {_why(verdict)}Take it back and try the"
                " marked move, or keep yours.",
                "bad",
            )

    def _mark(self, verdict: sg.ai.Comparison, state: sg.State | None = None) -> None:
        """Mark the better move on the board (found in ``state``, else the position now)."""
        view = self.view
        state = view.state if state is None else state
        try:
            best = state.parse_move(verdict.best)
        except (ValueError, sg.IllegalMove):  # nothing to mark in this position
            return
        words = said_with_gain(state, best)
        support, unit = (
            (self.playouts, "playouts a position")
            if self.playouts is not None
            else (round(self.budget_s), "s of search")
        )
        name = view.player_names[state.current_player] if state.current_player >= 0 else ""
        view.mark(
            [
                sg.ai.Suggestion(
                    best, verdict.best_value, support, unit, f"the better move: {words}"
                )
            ],
            f"The coach's better move for {name}:",
            chart=False,
        )

    def not_judged(self) -> None:
        """The learner cancelled the coach's look: the move stands unjudged."""
        self._search = None
        self.view.after_change(("Not judged: your move stands.", "info"))
        self._say("Not judged (cancelled): your move stands.", "info")

    @property
    def offering(self) -> bool:
        """Is a costly move waiting for the learner's choice (gentle: Take it back, Keep)?"""
        offer = self._offer
        return (
            offer is not None
            and self.active
            and offer.stands(self.view.state.history)
            and len(self.view.state.history) == offer.ply
        )

    def take_back(self) -> None:
        """Take back the costly move on offer, and mark the better one."""
        if not self.offering:
            self.view.say("Nothing to take back now.")
            return
        offer = self._offer
        assert offer is not None
        view = self.view
        view.model.take_back()  # a search under way is dropped
        view.on_new_state()
        self._offer = None
        view.after_change(("Move taken back.", "info"), run_computer=False)
        self._mark(offer.comparison)
        yours = said_move(view.state, offer.move)
        self._say(f"Taken back: {yours}. Try the marked move, or another of your own.", "info")

    def keep(self) -> None:
        """The costly move on offer stands: the game goes on."""
        if not self.offering:
            self.view.say("No move waits for your choice now.")
            return
        offer = self._offer
        assert offer is not None
        self._offer = None
        self.view.after_change((f"{offer.move} stands.", "info"))
        self._say(f"Your move stands: {offer.move}. Play on.", "info")

    # ---- hints -----------------------------------------------------------------------------------

    @property
    def hints_left(self) -> int:
        return max(0, self.hints - self.hints_used)

    def may_hint(self) -> Said | None:
        """The view's ``may_hint``: None when the Hint button may search now (teaching: the
        learner's own turn, and a hint left), else the words refusing it."""
        if not self.active:
            return None
        view = self.view
        if view.model.seat(view.state.current_player) != HUMAN:
            return ("The hint is for your own move: wait for your turn.", "info")
        if self.hints_left == 0:
            used = (
                f"you have used all {self.hints} of this game"
                if self.hints
                else "this game has none (Hints a game: 0)"
            )
            return (
                f"No hints left: {used}. Trust yourself: the coach will tell you after your move.",
                "bad",
            )
        return None

    def hint_spent(self) -> None:
        """A hint was shown: one fewer left (a cancelled hint costs nothing)."""
        if self.active:
            self.hints_used += 1
            self._update_panel()

    # ---- what the coach shows --------------------------------------------------------------------

    def _say(self, text: str, kind: str = "info") -> None:
        self._words = (text, kind)
        if not self._built:
            return
        size = LARGE_PX if self.class_mode else 15
        self.words.value = message_html(text, kind, "sg-coach-message", size=size)
        if self.class_mode:
            self.words.add_class("sg-coach-large")
        else:
            self.words.remove_class("sg-coach-large")

    def _update_panel(self) -> None:
        if not self.active:
            return
        left = self.hints_left
        if self.hint_button is not None:
            self.hint_button.description = f"Hint ({left} left)"
        size = 22 if self.class_mode else 15
        self.hints_line.value = (
            f'<div style="font-size:{size}px"><b>Hints left: {left}</b> '
            f"(of {self.hints} this game)</div>"
        )
        self.offer_row.layout.display = None if self.offering else "none"
        self._update_report()

    def report_card(self) -> ReportCard:
        """The accuracy and the costliest moves of the judged moves so far (a move played
        twice in the same position, after an undo, counts once: its last judgement)."""
        unique: dict[tuple[tuple[str, ...], str], Judged] = {}
        for j in self.judged:
            unique.pop((j.before, j.move), None)
            unique[(j.before, j.move)] = j
        moves = list(unique.values())
        within = sum(1 for j in moves if j.loss < self.threshold)
        costly = sorted(
            (j for j in moves if j.comparison.label != "best" and j.comparison.best != j.move),
            key=lambda j: (-j.loss, j.ply),
        )
        return ReportCard(len(moves), within, self.threshold, tuple(costly[:3]))

    def _update_report(self) -> None:
        state = self.view.state
        if not state.is_terminal():
            self._report_key = ()
            self.report.layout.display = "none"
            return
        key = (len(state.history), len(self.judged), self.class_mode)
        if key == self._report_key:
            return
        self._report_key = key
        card = self.report_card()
        self.report.children = self._report_widgets(card)
        game = (id(self.view.model.start), len(state.history))
        if card.accuracy is not None and game != self._noted:
            self._noted = game  # the class's console: the coach's accuracy over this game
            note(
                pupil_name(self.view.board_widgets), self.view.game.name, "coach", "", card.accuracy
            )
        self.report.layout.display = None

    def _report_widgets(self, card: ReportCard) -> list[w.Widget]:
        size = 24 if self.class_mode else 15
        style = f'style="font-size:{size}px;line-height:1.4"'
        n = points(card.threshold)
        if card.accuracy is None:
            head = "No move of yours was judged in this game."
        else:
            head = (
                f"Accuracy: <b>{card.accuracy:.0%}</b> ({card.within} of {card.moves} "
                f"move{'' if card.moves == 1 else 's'} cost less than {n}% of the chance "
                "to win)."
            )
        rows: list[w.Widget] = [
            w.HTML(f'<div class="sg-coach-card" {style}><b>Report card</b>: {head}</div>')
        ]
        if card.accuracy is not None and not card.costliest:
            rows.append(w.HTML(f"<div {style}>No costly move: well played!</div>"))
        elif card.costliest:
            rows.append(w.HTML(f"<div {style}>Your costliest moves:</div>"))
        history = self.view.state.history
        for rank, j in enumerate(card.costliest, 1):
            c = j.comparison
            back = "" if j.stands(history) else " (taken back)"
            text = w.HTML(
                f'<div class="sg-coach-costly" {style}>{rank}. Move {j.ply}, '
                f"<code>{html.escape(j.move)}</code>{back}: {verdict_badge(c.label)} "
                f"{html.escape(given_away(c.loss, self.view.value_words()))}. "
                f"{html.escape(c.reason)}</div>",
                layout=w.Layout(max_width="760px"),
            )
            button = w.Button(
                description=f"Review move {j.ply}",
                tooltip="open the review board at this move",
                layout=w.Layout(min_width="140px"),
            )
            button.add_class("sg-coach-review")
            button.on_click(self.view.safe(lambda _, j=j: self.open_review(j)))
            rows.append(w.HBox([text, button], layout=w.Layout(align_items="center")))
        return rows

    def open_review(self, judged: Judged) -> None:
        """Open the review board at a judged move: after it if it stands, else at the position
        it was played in (it was taken back)."""
        history = self.view.state.history
        if judged.stands(history):
            ply = judged.ply
        elif list(history[: len(judged.before)]) == list(judged.before):
            ply = len(judged.before)
        else:
            self.view.say(
                f"Move {judged.ply}, {judged.move}, is no longer in this game's "
                "line: nothing to review there."
            )
            return
        review = self.view.feature(Compare)
        if review is None:
            self.view.say("This board has no review.")
            return
        review.open_review(ply, playouts=self.review_playouts)
        where = "after" if ply == judged.ply else "before"
        self.view.say(f"The review board is below, {where} move {judged.ply} ({judged.move}).")
