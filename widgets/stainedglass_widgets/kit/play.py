"""A game in play, with no widgets: the position, who sits in each seat, bots and chance, and the
searches that think off the kernel's main thread. A play view (:mod:`.game_view`) draws it; the
dashboard's features (:mod:`.features`) work through the view on it.

- **The position**: :attr:`Play.state` (and :attr:`Play.start`, where "Start again" returns);
  :meth:`Play.set_position` is the one way to put another position on the table.
- **Seats**: ``"human"`` (a person here), ``"remote"`` (a person on another device, in a room)
  or a bot name per player (:attr:`Play.seats`), each bot with its thinking time
  (:attr:`Play.budgets`) and the computer (``"level"``) with its level (:attr:`Play.levels`:
  1 to 8, or ``"match"``, Match me), changed by :meth:`Play.set_seat` only.
- **Match me**: the pupil's level for this game (:attr:`Play.match_me`, a
  ``stainedglass.ai.levels.MatchMe``, put in by :meth:`Play.set_match`); a finished game
  against a Match me seat moves it by the result of the one person here (:meth:`Play.matched`,
  once a game).
- **The table**: whether the game is a room's (:attr:`Play.fixed`: it may not be replaced or
  taken back), whether chance is drawn here (:attr:`Play.chance_here`), the names of the
  people at other devices (:attr:`Play.names`) and whether the game waits for its players
  (:attr:`Play.waiting`), changed by :meth:`Play.set_table` only.
- **Who may move here**: :meth:`Play.check_person` refuses a person's move in words;
  :meth:`Play.person_to_move` asks the same (and the table not waiting, no search blocking) as
  a yes or no: a view draws its move marks only then.
- **Moves**: :meth:`Play.check` asks the rules once (a :class:`Checked`, legal or not, in
  words); :meth:`Play.play` plays a move, checked there unless it comes checked;
  :meth:`Play.take_back` and :meth:`Play.undo_to_person` take moves back.
- **Bots and chance**: :meth:`Play.run_computer` resolves chance and (inline) lets bots move until
  a person is to move; :meth:`Play.start_bot` starts the bot to move thinking in the background.
- **Searches**: :meth:`Play.think` runs one search at a time (a bot's move, a hint, a judgement)
  with a stop flag; :meth:`Play.cancel_search` drops its answer.
- **Events**: listeners of ``"moved"`` (a move played through the model: a person's, a bot's, a
  chance outcome), ``"changed"`` (the position replaced or taken back), ``"seats"`` (a seat or
  a bot's thinking time or level changed), ``"table"`` (a room's terms changed),
  ``"searching"`` (a search began, reported progress or ended) and ``"matched"`` (a finished
  game moved Match me) are called under the lock (:meth:`Play.listen`).

>>> import stainedglass as sg
>>> play = Play(sg.load("cathedral"), seats=["human", "greedy"], background=False)
>>> moves = []
>>> play.listen("moved", lambda player, move, words: moves.append((player, words[:22])))
>>> play.play("cathedral e4 d5 e5 f5 e6 e7")[:12]
'Light places'
>>> play.run_computer()[0][:30], len(play.state.history)
('Greedy bot (Dark): Dark places', 2)
>>> moves[0]
(0, 'Light places the cathe')
>>> play.listen("seats", lambda player: moves.append(("seat", player)))
>>> play.set_seat(1, "human"), play.set_seat(1, "human"), moves[-1]
(True, False, ('seat', 1))
>>> play.take_back(), play.state.history
(True, ['cathedral e4 d5 e5 f5 e6 e7'])
>>> play.person_to_move(), play.set_seat(1, "remote"), play.person_to_move()
(True, True, False)
>>> play.set_seat(1, "level", level=2), play.level_of(1), play.set_seat(1, level="match")
(True, 2, True)
>>> play.level_of(1) == play.match_me.level == DEFAULT_LEVEL
True
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any
from collections.abc import Callable, Mapping, Sequence

import stainedglass as sg
from stainedglass.ai.levels import LEVELS, MatchMe

from .searches import (
    HUMAN,
    LEVEL,
    MATCH,
    REMOTE,
    Search,
    bot_label,
    bot_move,
    check_level,
    check_seat,
    has_levels,
    is_bot,
    is_timed,
    level_choices,
)

COMPUTER = LEVEL
"""The bot a seat gets when it is simply "the computer": the computer at a level."""
DEFAULT_LEVEL = MatchMe().level
"""A level seat's level until another is chosen: where Match me starts."""

EVENTS = ("moved", "changed", "seats", "table", "searching", "matched")
"""What a model tells its listeners."""


@dataclass(frozen=True)
class Checked:
    """What the rules say of ``move`` in one position (:meth:`Play.check`): ``said``, legal or
    not and in words. :meth:`Play.play` takes it as it is, unasked again, while that position is
    on the table."""

    move: sg.Move
    said: sg.Explanation
    state: sg.State
    history: tuple[str, ...]
    """The moves that led to the position asked about."""

    def holds(self, state: sg.State) -> bool:
        """Whether this is what the rules say in ``state`` as it is now."""
        return self.state is state and self.history == tuple(state.history)

    @property
    def legal(self) -> bool:
        return self.said.legal

    @property
    def words(self) -> str:
        """What the move does, or the rule that forbids it."""
        return self.said.words


Guard = Callable[[Callable[..., Any]], Callable[..., Any]]


class Play:
    """``game`` in play from ``state`` (else a new game): ``seats`` (``"human"`` or a bot per
    player; a seat for every player a new game may have), ``budget_s`` each bot's thinking
    time, ``background=False`` to run bots and searches inline (scripts, doctests).

    The owner may give ``auto_chance`` (whether chance moves are made without a person setting
    them off), ``guard`` (wraps every callback a search hands back: a view shows errors as
    messages) and ``report`` (a search's error)."""

    def __init__(
        self,
        game: sg.Game,
        state: sg.State | None = None,
        *,
        seats: Sequence[str] | None = None,
        budget_s: float = 1.0,
        background: bool = True,
        auto_chance: Callable[[], bool] | None = None,
        guard: Guard | None = None,
        report: Callable[[BaseException], None] | None = None,
    ) -> None:
        self.lock = threading.RLock()
        self.game = game
        self.state = state if state is not None else game.new_game()
        self.start = self.state.clone()
        self.keep_start = False
        """Whether Undo stops at :attr:`start` (a lesson's position: its setup is not the
        pupil's to take back)."""
        facts = game.facts
        chosen = list(seats or [HUMAN] * self.state.num_players)
        if len(chosen) < self.state.num_players:
            raise ValueError(f"{len(chosen)} seats for {self.state.num_players} players")
        if len(chosen) > facts.max_players:
            raise ValueError(
                f"{len(chosen)} seats: {game.title} has at most {facts.max_players} players"
            )
        self.seats = [check_seat(s) for s in chosen + [HUMAN] * (facts.max_players - len(chosen))]
        self.budgets = [float(budget_s)] * len(self.seats)
        """Each bot's thinking time in seconds (set with :meth:`set_seat`)."""
        self.levels: list[int | str] = [DEFAULT_LEVEL] * len(self.seats)
        """Each level seat's level, 1 to 8, or ``"match"`` (Match me; set with
        :meth:`set_seat`)."""
        self.match_me = MatchMe(DEFAULT_LEVEL)
        """The pupil's Match me for this game (:meth:`set_match`): the level of every seat
        set to ``"match"``."""
        self._game = 0  # counts the positions put on the table: a finished game is matched once
        self._matched = -1  # the game whose result moved Match me
        self.names: dict[int, str] = {}
        """The names of the people at seats, where known (a room's pupils; :meth:`set_table`)."""
        self.chance_here = True
        """Whether chance moves are drawn here (not in a room: the room draws them)."""
        self.fixed = ""
        """Why the game may not be replaced or taken back (a room's game: every device plays
        it), or "" when it may (:meth:`set_table`)."""
        self.waiting = ""
        """Why nobody may move yet (a room whose seats are not all taken), or "" when the game
        goes on (:meth:`set_table`)."""
        self.background = background
        self.auto_chance = auto_chance or (lambda: True)
        self.guard: Guard = guard or (lambda fn: fn)
        self.report = report
        self.search: Search | None = None
        """The search under way (a bot's move, a hint, a judgement), or None."""
        self.about = ""  # what the search is about, in words
        self.budget = 1.0  # the seconds its progress is measured against
        self.failure: BaseException | None = None  # a search's error, raised by wait()
        self._listeners: dict[str, list[Callable[..., None]]] = {e: [] for e in EVENTS}

    # ---- events ------------------------------------------------------------------------------

    def listen(self, event: str, listener: Callable[..., None]) -> None:
        """Call ``listener`` on ``event``: ``"moved"`` (player, move, words), ``"changed"`` (),
        ``"seats"`` (player), ``"table"`` (), ``"searching"`` () or ``"matched"`` (result,
        level before, level after)."""
        if event not in self._listeners:
            raise ValueError(f"no event {event!r}; the events are: {', '.join(EVENTS)}")
        self._listeners[event].append(listener)

    def emit(self, event: str, *args: Any) -> None:
        for listener in list(self._listeners[event]):
            listener(*args)

    # ---- seats -------------------------------------------------------------------------------

    @property
    def player_names(self) -> tuple[str, ...]:
        return self.game.facts.player_names

    def seat(self, player: int) -> str:
        """Who plays ``player``: ``"human"``, ``"remote"`` or a bot's name."""
        return self.seats[player] if 0 <= player < len(self.seats) else HUMAN

    def set_seat(
        self,
        player: int,
        seat: str | None = None,
        budget: float | None = None,
        level: int | str | None = None,
    ) -> bool:
        """Who plays ``player`` from now on (``seat``: ``"human"``, ``"remote"`` or a bot's
        name), its bot's thinking time (``budget``, seconds) and the computer's level
        (``level``: 1 to 8, or ``"match"``, Match me); None keeps each as it is. Tells the
        ``"seats"`` listeners (``player``) and returns True when anything changed."""
        seat = self.seats[player] if seat is None else check_seat(seat)
        seconds = self.budgets[player] if budget is None else float(budget)
        chosen = self.levels[player] if level is None else check_level(level)
        if (seat, seconds, chosen) == (
            self.seats[player],
            self.budgets[player],
            self.levels[player],
        ):
            return False
        self.seats[player], self.budgets[player], self.levels[player] = seat, seconds, chosen
        self.emit("seats", player)
        return True

    def level_of(self, player: int) -> int:
        """The level ``player``'s seat plays at now (Match me's, for a ``"match"`` seat)."""
        chosen = self.levels[player]
        return self.match_me.level if chosen == MATCH else int(chosen)

    def level_options(self) -> list[tuple[str, int | str]]:
        """What a level seat may be in the game on the table, for a picker: each level in the
        pupil's words, and Match me (where the game has opponents) with its level now."""
        if not has_levels(self.game.name):  # no level seat offered: a picker stays hidden
            return [(f"Level {n}", n) for n in range(1, LEVELS + 1)]
        return [
            (f"Match me (now Level {self.match_me.level})", value)
            if value == MATCH
            else (words, value)
            for words, value in level_choices(self.game.name, self.state.num_players)
        ]

    def set_match(self, match_me: MatchMe) -> None:
        """The pupil's Match me for this game (kept from their earlier games): every
        ``"match"`` seat plays at its level from its next move (the ``"seats"`` listeners are
        told of each)."""
        if not isinstance(match_me, MatchMe):
            raise ValueError(f"a Match me is a MatchMe, not {type(match_me).__name__}")
        self.match_me = match_me
        for p, chosen in enumerate(self.levels):
            if chosen == MATCH:
                self.emit("seats", p)

    def match_player(self) -> int | None:
        """The person whose results move Match me in this game: the one person here, when
        the game has other players and one of them is a Match me seat (not a room's pupil on
        another device, nor a hot seat of two); else None."""
        n = self.state.num_players
        seats = self.seats[:n]
        people = [p for p in range(n) if seats[p] == HUMAN]
        matched = any(s == LEVEL and self.levels[p] == MATCH for p, s in enumerate(seats))
        if n < 2 or len(people) != 1 or REMOTE in seats or not matched:
            return None
        return people[0]

    def matched(self) -> bool:
        """At a finished game against a Match me seat: Match me moves by the person's result
        (1 a win, 0.5 a share of it, 0 a loss), once a game; the ``"matched"`` listeners are
        told (result, level before, level after). False when nothing moved."""
        person = self.match_player()
        if person is None or not self.state.is_terminal() or self._matched == self._game:
            return False
        self._matched = self._game
        share = self.state.returns()[person]
        result = 1.0 if share >= 1 else 0.0 if share <= 0 else 0.5
        before = self.match_me.level
        after = self.match_me.record(result)
        self.emit("matched", result, before, after)
        return True

    def set_table(
        self,
        *,
        fixed: str | None = None,
        chance_here: bool | None = None,
        names: Mapping[int, str] | None = None,
        waiting: str | None = None,
    ) -> None:
        """Where the game is played (None keeps each as it is): ``fixed``, why it may not be
        replaced or taken back ("" when it may: not a room's); ``chance_here``, whether chance is
        drawn here (a room draws its own); ``names``, the people's names at seats, where known;
        ``waiting``, why nobody may move yet ("" when the game goes on: a room waits for its
        players). Tells the ``"table"`` listeners."""
        if waiting is not None:
            self.waiting = waiting
        if fixed is not None:
            self.fixed = fixed
        if chance_here is not None:
            self.chance_here = bool(chance_here)
        if names is not None:
            self.names = dict(names)
        self.emit("table")

    def has_human(self) -> bool:
        """Is a person at one of this game's seats?"""
        return HUMAN in self.seats[: self.state.num_players]

    def bot_to_move(self) -> int | None:
        """The player to move when a bot plays them (not at chance, not at the end)."""
        st = self.state
        if st.is_terminal() or st.is_chance() or not is_bot(self.seat(st.current_player)):
            return None
        return st.current_player

    def check_person(self, wait: str) -> None:
        """``sg.IllegalMove``, in words, when a person here may not move now: a room makes its
        own chance moves; another device's pupil or a bot plays the player to move (``wait``:
        what to do for the bot's move)."""
        state = self.state
        if state.is_chance():
            if not self.chance_here:
                raise sg.IllegalMove(
                    f"in a room, the room makes the chance move "
                    f"({self.game.facts.chance_action.lower()}): wait a moment"
                )
            return
        p = state.current_player
        name = self.player_names[p]
        if self.seat(p) == REMOTE:
            who = self.names.get(p, "a pupil on another device")
            raise sg.IllegalMove(
                f"it is {name}'s turn, and {who} plays {name}: wait for their move"
            )
        if self.seat(p) != HUMAN:
            raise sg.IllegalMove(
                f"it is {name}'s turn and the {bot_label(self.seat(p))} plays "
                f"{name}: {wait}, or set {name}'s seat to Human to move for it"
            )

    def person_to_move(self) -> bool:
        """Whether a person on this device may make the move now: what :meth:`check_person`
        allows (a person here holds the seat to move; chance, where it is drawn here), the game
        not over, the table not :attr:`waiting` and no search blocking moves. A view draws its
        move marks (rings, ghosts, ✓ previews) only then."""
        search = self.search
        if self.state.is_terminal() or self.waiting or (search is not None and search.blocks):
            return False
        try:
            self.check_person("")
        except sg.IllegalMove:
            return False
        return True

    def bot_words(self, player: int, words: str) -> str:
        return f"{bot_label(self.seats[player])} ({self.player_names[player]}): {words}"

    # ---- the position ------------------------------------------------------------------------

    def set_position(
        self, state: sg.State, start: sg.State | None = None, *, force: bool = False
    ) -> None:
        """Put ``state`` on the table (its game too): a search under way is dropped; ``start``
        is where Start again returns (default: this position). A game that is :attr:`fixed`
        is refused (``sg.IllegalMove``) unless ``force`` (its own owner bringing it in line)."""
        if self.fixed and not force:
            raise sg.IllegalMove(self.fixed)
        self.cancel_search()
        self.game = state.game
        self.state = state
        self.start = start if start is not None else state.clone()
        self._game += 1
        self.emit("changed")

    def new_game(self, **options: Any) -> None:
        """A new game of this game with ``options`` (as ``sg.load`` takes them)."""
        game = sg.load(self.game.name, **options)
        self.set_position(game.new_game())

    def check(self, move: sg.Move | str) -> Checked:
        """What the rules say of ``move`` (a move or its text) in the position on the table:
        legal, and what it does; or the rule that forbids it. Text that is no move of the game
        is ``sg.IllegalMove``, in words."""
        state = self.state
        chosen = state.parse_move(move) if isinstance(move, str) else move
        return Checked(chosen, state.explain(chosen), state, tuple(state.history))

    def play(self, move: sg.Move | str | Checked) -> str:
        """Play ``move`` for whoever is to move, as the rules allow (``sg.IllegalMove`` with the
        rule otherwise); returns its words. A move :meth:`check` gave in this very position is
        not checked again: the rules are asked once a move."""
        state = self.state
        if not isinstance(move, Checked):
            checked = self.check(move)
        elif not move.holds(state):  # asked in another position: ask again here
            checked = self.check(move.move)
        else:
            checked = move
        if not checked.legal:
            raise sg.IllegalMove(checked.words)
        player = state.current_player
        self.cancel_search()
        state._push(checked.move)  # checked just now (State.play would ask the rules again)
        self.emit("moved", player, checked.move, checked.words)
        if state.is_terminal():
            self.matched()
        return checked.words

    def record(self) -> sg.Record | None:
        """The game so far as a record, with its players' names (None for an arranged study
        position: nothing to save)."""
        try:
            return self.state.record(players=list(self.player_names[: self.state.num_players]))
        except ValueError:
            return None

    def take_back(self) -> bool:
        """Take back the last move (the coach's, of a costly move), a search under way dropped;
        False if nothing was played (since :attr:`start`, with :attr:`keep_start`). A
        :attr:`fixed` game is refused with ``sg.IllegalMove``."""
        return self._take_back(to_person=False)

    def undo_to_person(self) -> bool:
        """Take back the last move, and what came by itself after a person's move (chance made
        without them, a bot's reply): back to a person's turn. False if nothing was played
        (since :attr:`start`, with :attr:`keep_start`).
        A :attr:`fixed` game is refused with ``sg.IllegalMove``."""
        return self._take_back(to_person=True)

    def _take_back(self, to_person: bool) -> bool:
        if self.fixed:
            raise sg.IllegalMove(self.fixed)
        self.cancel_search()
        st = self.state
        floor = len(self.start.history) if self.keep_start else 0
        if len(st.history) <= floor:
            return False
        st.undo()
        while to_person and (
            len(st.history) > floor
            and not st.is_terminal()
            and (
                (st.is_chance() and (self.auto_chance() or not self.has_human()))
                or (
                    not st.is_chance()
                    and self.has_human()
                    and self.seat(st.current_player) != HUMAN
                )
            )
        ):
            st.undo()
        self.emit("changed")
        return True

    def last_person_move(self) -> tuple[sg.State, str] | None:
        """The position before the last move a person made (a bot's, with bots only), and that
        move."""
        replay = self.state.clone()
        people = self.has_human()
        for _ in range(len(replay.history)):
            move = replay.history[-1]
            replay.undo()
            if replay.is_chance():
                continue
            if not people or self.seat(replay.current_player) == HUMAN:
                return replay, move
        return None

    # ---- bots and chance ---------------------------------------------------------------------

    def run_computer(self) -> list[str]:
        """Resolve chance (unless a person sets it off) and, inline, let bots move, until a
        person (or a bot thinking in the background) is to move. The words of the last move,
        and of every chance move just before it (three cards drawn are all named)."""
        notes: list[str] = []
        state = self.state
        chance = False  # whether the notes are chance moves' words
        while not state.is_terminal():
            if state.is_chance():
                if not self.chance_here or self.has_human() and not self.auto_chance():
                    break
                notes = (notes if chance else []) + [self.play(state.sample_chance())]
                chance = True
                continue
            chance = False
            p = state.current_player
            if not is_bot(self.seat(p)) or self.background:
                break
            move = bot_move(state.clone(), self.seats[p], self.budgets[p], level=self.level_of(p))
            notes = [self.bot_words(p, self.play(move))]  # the last computer move is read
        return notes

    def start_bot(self, answered: Callable[[int, str], None]) -> None:
        """The bot to move starts thinking in the background (when none is thinking); when it
        answers, its move is played and ``answered(player, words)`` told."""
        p = self.bot_to_move()
        if p is None or self.search is not None:
            return
        bot, budget, position = self.seats[p], self.budgets[p], self.state.clone()
        level = self.level_of(p) if bot == LEVEL else None
        shown = budget if is_timed(bot) else 0.5
        strength = f", {budget:.1f} s" if is_timed(bot) else f", level {level}" if level else ""
        self.think(
            f"{self.player_names[p]} ({bot_label(bot)}{strength}) is thinking…",
            shown,
            lambda stop: bot_move(position, bot, budget, stop, level),
            lambda move: answered(p, self.play(move)),
        )

    # ---- searches ----------------------------------------------------------------------------

    def think(
        self,
        about: str,
        budget: float,
        work: Callable[[Any], Any],
        done: Callable[[Any], None],
        *,
        blocks: str = "",
        on_cancel: Callable[[], None] | None = None,
    ) -> Search:
        """Run ``work(stop)`` off the event loop (inline without ``background``); ``done`` gets
        its answer under the lock, once the search is no longer under way. ``about``: words for
        the progress line, measured against ``budget`` seconds; ``blocks``: a person's move is
        refused with these words meanwhile; ``on_cancel``: what the Cancel button does instead
        of saying it stopped."""

        def finish(result: Any) -> None:
            if self.search is search:
                self.search = None
                self.emit("searching")
            done(result)

        def failed(error: BaseException) -> None:
            if self.search is search:
                self.search = None
                self.emit("searching")
            if self.report is None:
                raise error
            self.report(error)

        self.about, self.budget = about, budget
        search = Search(
            work,
            on_done=self.guard(finish),
            on_error=self.guard(failed),
            on_progress=self.guard(lambda _s: self.emit("searching")),
            lock=self.lock,
            background=self.background,
            blocks=blocks,
            on_cancel=on_cancel,
        )
        self.search = search
        self.emit("searching")
        search.start()
        return search

    def cancel_search(self) -> None:
        """Stop the search under way; its answer is dropped."""
        if self.search is not None:
            self.search.cancel()
            self.search = None
            self.emit("searching")

    def progress(self) -> float:
        """Seconds the search under way has thought (0 without one)."""
        search = self.search
        return search.elapsed() if search is not None and search.started else 0.0

    def wait(self, timeout: float = 120.0) -> bool:
        """Block until no search is pending, bots answering each other included (tests and
        scripts; never from a handler). False if ``timeout`` ran out; a search's error (strict
        views) is raised here."""
        deadline = time.monotonic() + timeout
        while True:
            with self.lock:
                search = self.search
            if search is None:
                if self.failure is not None:
                    error, self.failure = self.failure, None
                    raise error
                return True
            if not search.wait(max(0.0, deadline - time.monotonic())):
                return False
