"""The views' link to the AI (:mod:`stainedglass.ai`): which bots a seat may be, hint marks, and
searches that run off the kernel's main thread so that the page never freezes.

A :class:`Search` computes in a worker thread, on a copy of the position, while a second thread
reports progress every ``tick`` seconds; the answer is handed back under the view's lock. Cancelling
it (undo, new game, a move played meanwhile) sets the search's stop flag, so the bot ends at once,
and drops its answer: a cancelled search never touches the game. Without ``background`` the same
search runs inline (scripts, doctests).

>>> import stainedglass as sg, threading
>>> state = sg.load("cathedral").new_game(seed=1)
>>> [name for _, name in seat_choices(state)]
['human', 'level', 'random', 'greedy', 'mcts', 'alphabeta', 'cathedral', 'remote']
>>> [label for label, _ in level_choices("cathedral", 2)][-1]
'Match me'
>>> answers = []
>>> search = Search(lambda stop: bot_move(state, "greedy", 1.0, stop), on_done=answers.append,
...                 lock=threading.RLock())
>>> search.start().wait()
True
>>> answers[0] in state.legal_moves()
True
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any, TypeVar
from collections.abc import Callable, Sequence

import stainedglass as sg
from stainedglass.ai.levels import LEVELS, level_words
from stainedglass.ai.search import StopFlag


HUMAN = "human"
REMOTE = "remote"
"""A seat played from another device (a pupil who joined the room): nobody moves for it here."""
LEVEL = "level"
"""The computer at a level (``stainedglass.ai.levels``): the seat a play dashboard offers first
for the computer, its strength a level rather than seconds."""
MATCH = "match"
"""A level seat's setting that follows the pupil's results ("Match me",
``stainedglass.ai.levels.MatchMe``) rather than a fixed level."""
COMPUTER_LABEL = "Computer"
"""How a seat picker names :data:`LEVEL`."""


def bot_label(name: str) -> str:
    """How the banner and the bots' words name bot ``name``: "Computer" for :data:`LEVEL`,
    else ``Bot.label``, declared with the bot (the name itself for one not registered)."""
    if name == LEVEL:
        return COMPUTER_LABEL
    return sg.ai.bot_class(name).label if name in sg.ai.bot_names(extras=False) else name


def is_timed(name: str) -> bool:
    """Whether bot ``name``'s strength is a time budget (``Bot.timed``: the seat's slider); the
    others answer at once."""
    return name in sg.ai.bot_names(extras=False) and sg.ai.bot_class(name).timed


def seat_label(seat: str) -> str:
    """How the banner names a seat that is not a person here: a bot, or another device."""
    return "another device" if seat == REMOTE else bot_label(seat)


def is_bot(seat: str) -> bool:
    """Does a bot play this seat (not a person here, not another device)?"""
    return seat in sg.ai.bot_names(extras=False)


def seat_choices(state: sg.State) -> list[tuple[str, str]]:
    """``(label, seat)`` pairs a seat may take in this game: a human, the computer at a level
    (:data:`LEVEL`, where the game has levels), the other bots (alpha-beta only where the
    game's facts say it is exact: two players, no chance, nothing hidden), the game's own
    search, and another device (a pupil who joins the room)."""
    exact = state.game.facts.deterministic_duel
    bots = [
        b
        for b in sg.ai.bot_names(state.game.name, extras=False)
        if (b != "alphabeta" or exact) and b != LEVEL
    ]
    level = [(COMPUTER_LABEL, LEVEL)] if has_levels(state.game.name) else []
    return (
        [("Human", HUMAN)]
        + level
        + [(sg.ai.bot_class(b).label, b) for b in bots]
        + [("Another device", REMOTE)]
    )


def has_levels(game: str) -> bool:
    """Whether ``game`` ships its levels (the :data:`LEVEL` seat plays it)."""
    return LEVEL in sg.ai.bot_names(extras=False) and game in sg.ai.bot_class(LEVEL).games


def check_level(level: object) -> int | str:
    """A level seat's setting: a level 1 to ``LEVELS``, or :data:`MATCH`; ValueError else."""
    if level == MATCH and isinstance(level, str):
        return MATCH
    if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= LEVELS:
        raise ValueError(f"a level is a whole number 1 to {LEVELS} or {MATCH!r}, not {level!r}")
    return level


def level_choices(game: str, players: int) -> list[tuple[str, int | str]]:
    """``(words, setting)`` pairs a level seat may take: each level named in the pupil's words
    (``level_words``, as measured at ``players``), and **Match me** where the game has
    opponents (``players`` over 1)."""
    words = [(level_words(game, n, players), n) for n in range(1, LEVELS + 1)]
    return words + ([("Match me", MATCH)] if players > 1 else [])


def check_seat(seat: str) -> str:
    if seat not in (HUMAN, REMOTE) and seat not in sg.ai.bot_names(extras=False):
        raise ValueError(
            f"a seat is {HUMAN!r}, {REMOTE!r} (another device) or a bot "
            f"({', '.join(sg.ai.bot_names(extras=False))}), not {seat!r}"
        )
    return seat


def bot_move(
    state: sg.State,
    name: str,
    budget_s: float,
    stop: StopFlag | None = None,
    level: int | None = None,
) -> sg.Move:
    """The move bot ``name`` plays in ``state``, thinking at most ``budget_s`` seconds (a
    timed bot), or at ``level`` (the :data:`LEVEL` bot: a counted budget, whatever the clock)."""
    options: dict[str, Any] = {"budget": budget_s} if is_timed(name) else {}
    if name == LEVEL and level is not None:
        options["level"] = level
    return sg.ai.bot(name, stop=stop, **options).choose(state)


def hints(
    state: sg.State, top: int, budget_s: float, stop: StopFlag | None = None
) -> list[sg.ai.Suggestion]:
    """``sg.ai.suggest`` for the Hint button, by the game's hint search (``Game.hint_bot``:
    the strongest of its ladder within a hint's budget). With a single legal move there is
    nothing to weigh, so it answers at once."""
    if len(state.legal_moves()) == 1:
        budget_s = min(budget_s, 0.05)
    return sg.ai.suggest(state, top=top, budget_s=budget_s, stop=stop)


@dataclass(frozen=True)
class HintMark:
    """A suggestion as the board draws it: ``rank`` 1 is the best; ``shade`` in 0.3..1 grows
    with the value (1 for the best shown), for the drawing's colour (``glass.hint_colour``)."""

    rank: int
    move: sg.Move
    value: float
    shade: float
    reason: str
    support: int
    unit: str
    badge: str = ""
    """The sign drawn on the mark instead of its rank ("": the rank), a verdict's (✓, ?!)."""
    then: tuple[sg.Move, ...] = ()
    """The moves ``move`` brings this turn along the suggestion's line (:func:`turn_moves`:
    a card, then the panes it lets its player place), marked with the same sign."""

    @property
    def sign(self) -> str:
        """What the mark carries written on it: its badge, else its rank."""
        return self.badge or str(self.rank)

    @property
    def moves(self) -> tuple[sg.Move, ...]:
        """Every move the mark stands for: its move, then the moves it brings this turn."""
        return (self.move, *self.then)


Suggested = Sequence[sg.ai.Suggestion]
"""Suggestions to mark on a board, best first."""
Signs = Sequence[str]
"""The sign each mark carries instead of its rank (a verdict's: ✓, ?!), in the marks' order."""
W = TypeVar("W")
Drawn = tuple[W, float, int] | tuple[W, float, int, str]
"""A mark as a game's drawing takes it (:func:`drawn_mark`)."""


def drawn_mark(where: W, mark: HintMark) -> Drawn[W]:
    """``mark`` as a game's drawing takes it: where it goes (the game's words for it), its
    shade and rank, and its badge when it has one (written instead of the rank).

    >>> drawn_mark("e5", HintMark(2, sg.Move(1, "a"), .5, .3, "", 9, "playouts", "?!"))
    ('e5', 0.3, 2, '?!')
    """
    if mark.badge:
        return (where, mark.shade, mark.rank, mark.badge)
    return (where, mark.shade, mark.rank)


def turn_moves(state: sg.State, suggestion: sg.ai.Suggestion) -> tuple[sg.Move, ...]:
    """The moves ``suggestion``'s move brings in ``state`` (``Game.answer_brings_moves``: a
    card, then the panes it lets its player place): the mover's own moves after it along the
    suggestion's line while the turn goes on (no chance, no other player in between); none
    for a move that brings none, or a line that does not go on from ``state``.

    >>> from stainedglass.ai import Suggestion
    >>> state = sg.load("cathedral").new_game(seed=1)
    >>> turn_moves(state, Suggestion(state.legal_moves()[0], .5, 9, "nodes", ""))
    ()
    """
    if not state.game.answer_brings_moves(state, suggestion.move):
        return ()
    mover = state.current_player
    work = state.clone()
    out: list[sg.Move] = []
    try:
        work.play(suggestion.move)
        for step in suggestion.line:
            if work.is_terminal() or work.is_chance() or work.current_player != mover:
                break
            move = work.parse_move(step.move)
            work.play(move)
            out.append(move)
    except (sg.IllegalMove, ValueError):  # a line from another position: its move alone
        return ()
    return tuple(out)


def brought(state: sg.State, suggestions: Suggested) -> list[tuple[sg.Move, ...]]:
    """The moves each of ``suggestions`` brings this turn (:func:`turn_moves`), marked with it
    (none for a mark that is not a suggestion).

    >>> brought(sg.load("cathedral").new_game(seed=1), [])
    []
    """
    return [turn_moves(state, s) if isinstance(s, sg.ai.Suggestion) else () for s in suggestions]


def hint_marks(
    suggestions: Sequence[sg.ai.Suggestion],
    badges: Sequence[str] = (),
    then: Sequence[tuple[sg.Move, ...]] = (),
) -> list[HintMark]:
    """Suggestions (best first) with their rank and shade (and each its badge, and the moves
    it brings this turn, :func:`turn_moves`, if given).

    >>> from stainedglass.ai import Suggestion
    >>> m = sg.Move(1, "a")
    >>> [h.shade for h in hint_marks([Suggestion(m, .6, 9, "playouts", ""),
    ...                               Suggestion(m, .4, 3, "playouts", "")])]
    [1.0, 0.3]
    """
    if not suggestions:
        return []
    hi = max(s.value for s in suggestions)
    lo = min(s.value for s in suggestions)
    out = []
    for i, s in enumerate(suggestions):
        shade = 1.0 if hi - lo < 1e-9 else 0.3 + 0.7 * (s.value - lo) / (hi - lo)
        badge = badges[i] if i < len(badges) else ""
        brings = then[i] if i < len(then) else ()
        out.append(
            HintMark(
                i + 1,
                s.move,
                s.value,
                round(shade, 3),
                s.reason,
                s.support,
                s.unit,
                badge,
                brings,
            )
        )
    return out


class Search:
    """``work(stop)`` run off the main thread; ``on_done(result)`` (or ``on_error(exception)``)
    and ``on_progress(seconds)`` are called under ``lock``, never after :meth:`cancel`.

    ``work`` must only touch its own copy of the game (the view passes ``state.clone()``).
    ``blocks``: while it runs, a person's move is refused with these words; ``on_cancel``:
    what Cancel does instead of saying the search stopped.
    """

    def __init__(
        self,
        work: Callable[[StopFlag], Any],
        *,
        on_done: Callable[[Any], None],
        lock: Any,
        on_error: Callable[[BaseException], None] | None = None,
        on_progress: Callable[[float], None] | None = None,
        background: bool = True,
        tick: float = 0.2,
        blocks: str = "",
        on_cancel: Callable[[], None] | None = None,
    ) -> None:
        self.work, self.on_done, self.on_error = work, on_done, on_error
        self.blocks, self.on_cancel = blocks, on_cancel
        self.on_progress, self.lock = on_progress, lock
        self.background, self.tick = background, tick
        self.stop = threading.Event()
        self.cancelled = False
        self.started = 0.0
        self._finished = threading.Event()  # the work has returned (or raised)
        self._settled = threading.Event()  # and its answer was handed over, or dropped
        self._result: Any = None
        self._error: BaseException | None = None

    def start(self) -> Search:
        self.started = time.perf_counter()
        if not self.background:
            self._compute()
            self._settle()
            return self
        threading.Thread(target=self._compute, name="sg-search", daemon=True).start()
        threading.Thread(target=self._watch, name="sg-search-watch", daemon=True).start()
        return self

    def cancel(self) -> None:
        """Drop the answer and tell the search to stop (call it under the lock)."""
        self.cancelled = True
        self.stop.set()

    @property
    def running(self) -> bool:
        return not self._settled.is_set()

    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the answer is handed over or dropped; False if ``timeout`` ran out."""
        return self._settled.wait(timeout)

    def _compute(self) -> None:
        try:
            self._result = self.work(self.stop)
        except BaseException as e:
            self._error = e
        self._finished.set()

    def _watch(self) -> None:
        while not self._finished.wait(self.tick):
            if self.on_progress is not None and not self.cancelled:
                with self.lock:
                    if not self.cancelled:
                        self.on_progress(self.elapsed())
        self._settle()

    def _settle(self) -> None:
        try:
            with self.lock:
                if self.cancelled:
                    return
                if self._error is not None:
                    if self.on_error is None:
                        raise self._error
                    self.on_error(self._error)
                else:
                    self.on_done(self._result)
        finally:
            self._settled.set()
