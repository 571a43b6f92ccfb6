"""Puzzles: a position from a real game with one clearly best move, to find by clicking the board.

The puzzles are the engine's (:mod:`stainedglass.ai.puzzles`: mined from bot games and checked by
search, shipped as ``stainedglass/<game>/puzzles.json``). A :class:`PuzzleBoard` shows one game's
puzzles on that game's own board (a compact play view, every seat a person's):

- the question above the board ("Dark to move: find the best move"; in a game of chance, what
  is known: the dice rolled, the cards drawn; in a game of hidden hands, only the mover's hand
  is shown);
- the learner's move is taken over before the game can go on (the view's ``before_move``
  hook); an answer that brings more moves this turn (a card and the panes it lets its player
  place: ``Puzzle.answer_line``) is judged whole, once the turn is over or as long as that line
  (until then the turn goes on, unjudged). The answer line is recognised at once; any other
  move is searched off the event loop (a progress bar and Cancel, like a hint) and the verdict
  said in large words with its verdict on the one scale: "★ Best, right: ..." (the answer stays
  on the board) or "?? Blunder, not quite: after your move ... A hint: ..." (what the best
  move gains, never which move it is: ``Puzzle.nudge``;
  the board goes back to the puzzle's position);
- **Try again**; **Show the answer**, only on request, marks it on the board (violet, 1);
  **Next puzzle**; **Open in the review board** (the game that led to the puzzle, judged move by
  move, at the puzzle's move); the theme ("wall off 9 squares"), the margin and the next best
  move are told once it is solved or its answer shown;
- a streak and a score (:class:`Tally`: first tries only; a shown answer counts as a miss), and
  a difficulty filter.

:class:`PuzzlePicker` is the puzzles notebook: a game and a difficulty, then its board.

>>> board = PuzzleBoard("cathedral", [], background=False)
>>> "No puzzles for Cathedral yet" in board.note.value, board.view is None
(True, True)
>>> tally = Tally()
>>> tally.add(True); tally.add(True); tally.add(False); tally.add(True)
>>> tally.words()
'Streak 1 (best 2) · Score 3 of 4'
"""

from __future__ import annotations

import copy
import functools
import html
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from collections.abc import Callable, Sequence

import ipywidgets as w

import stainedglass as sg
from stainedglass.ai.review import said_move
from stainedglass.ai.puzzles import DIFFICULTIES, Attempt, Puzzle, said_line, shipped

from ..kit.messages import glass_badge, guard, message_html, strict_default
from ..kit.progress import NAME_LIMIT, class_store, name_words, note, pupil_name, set_pupil
from ..features.projector import Projector
from ..kit.registry import view_class, views
from ..kit.searches import HUMAN

if TYPE_CHECKING:
    from ..kit.game_view import GameView

ANY = "any"
"""The difficulty filter's value for every puzzle."""
JUDGE_S = 1.5
"""About how long a wrong move's search takes (for the progress bar only: the search's budget
is the puzzle's own, in playouts)."""
VERDICT_SIZE = 20
"""The verdict's type size in pixels: read from the back of a class."""
HIDDEN_SEAT = "random"
"""The seat of a player other than the mover in a game of hidden hands: the computer's, so
that their hand is hidden (the bot never moves)."""


@dataclass
class Tally:
    """The learner's score: puzzles tried and right at the first try, the streak of first tries
    right (and the best one). A shown answer counts as a miss."""

    right: int = 0
    tried: int = 0
    streak: int = 0
    best: int = 0

    def add(self, right: bool) -> None:
        self.tried += 1
        if right:
            self.right += 1
            self.streak += 1
            self.best = max(self.best, self.streak)
        else:
            self.streak = 0

    def words(self) -> str:
        if not self.tried:
            return "Streak 0 · Score 0 of 0"
        return f"Streak {self.streak} (best {self.best}) · Score {self.right} of {self.tried}"


class PuzzleBoard(w.VBox):
    """The puzzles of ``game``: ``puzzles`` (default: the shipped ones, ``shipped(game)``),
    filtered by ``difficulty`` (one of ``DIFFICULTIES``, or None for all). ``tally``: a score
    to add to (a picker shares one between games); ``review_playouts``: the review board's
    playouts a position (default its own); ``background=False`` judges inline (scripts);
    ``strict``: raise unexpected errors (default ``STAINEDGLASS_STRICT=1``)."""

    def __init__(
        self,
        game: str,
        puzzles: Sequence[Puzzle] | None = None,
        *,
        difficulty: str | None = None,
        tally: Tally | None = None,
        review_playouts: int | None = None,
        background: bool = True,
        strict: bool | None = None,
    ) -> None:
        super().__init__()
        self.cls = view_class(game)  # a ValueError naming the games that have a view
        self.game = sg.load(game)
        self.all = list(shipped(game) if puzzles is None else puzzles)
        other = [p.id for p in self.all if p.game != self.game.name]
        if other:
            raise ValueError(
                f"puzzles of another game than {self.game.name}: " + ", ".join(other[:3])
            )
        if difficulty not in (None, ANY, *DIFFICULTIES):
            raise ValueError(
                f"difficulty must be one of {', '.join(DIFFICULTIES)}, not {difficulty!r}"
            )
        self.difficulty = ANY if difficulty is None else difficulty
        self.tally = tally if tally is not None else Tally()
        self.review_playouts = review_playouts
        self.background = background
        self.strict = strict_default() if strict is None else bool(strict)
        self.shown: list[Puzzle] = []  # the puzzles of the chosen difficulty
        self.index = 0
        self.puzzle: Puzzle | None = None
        self.view: GameView | None = None
        self.outcome: str | None = None  # the first answer: "right", "wrong" or "shown"
        self.solved = False  # a right move is on the board: the puzzle waits for Next
        self.answer_shown = False  # the answer is marked on the board
        self.attempts: list[Attempt] = []  # this puzzle's judged moves
        self._pending: str | None = None  # the move being judged (shown on the board)
        self.review: Any = None  # the review board, once opened
        self._build()
        self.set_difficulty(self.difficulty)

    # ---- widgets -----------------------------------------------------------------------------

    def _build(self) -> None:
        counts = {d: sum(1 for p in self.all if p.difficulty == d) for d in DIFFICULTIES}
        self.difficulty_picker = w.Dropdown(
            options=[(f"Any difficulty ({len(self.all)})", ANY)]
            + [(f"{d.capitalize()} ({counts[d]})", d) for d in DIFFICULTIES if counts[d]],
            value=self.difficulty,
            description="Difficulty",
            disabled=not self.all,
            layout=w.Layout(width="250px"),
        )
        self.difficulty_picker.add_class("sg-puzzle-difficulty")
        self.difficulty_picker.observe(
            self._safe(lambda ch: self.set_difficulty(ch["new"])), "value"
        )
        self.counter = w.HTML()
        self.counter.add_class("sg-puzzle-counter")
        # on a class's server: the pupil's name, for the teacher's console (progress.py)
        self.name_text = w.Text(
            description="Your name",
            placeholder="for your teacher",
            continuous_update=False,
            layout=w.Layout(width="250px", display=None if class_store() else "none"),
        )
        self.name_text.add_class("sg-puzzle-name")
        self.name_words = name_words()  # where the name goes, and what is kept under it
        self.name_text.observe(self._safe(lambda ch: self._named(ch["new"])), "value")
        self.score = w.HTML()
        self.score.add_class("sg-puzzle-score")
        self.question = w.HTML()
        self.question.add_class("sg-puzzle-question")
        self.verdict = w.HTML()
        self.verdict.add_class("sg-puzzle-verdict")
        self.reveal = w.HTML(layout=w.Layout(max_width="900px"))
        self.reveal.add_class("sg-puzzle-reveal")
        self.note = w.HTML()  # the board's absence, in words
        self.buttons: dict[str, w.Button] = {}
        for key, words, style, tip, act in (
            (
                "answer",
                "Show the answer",
                "warning",
                "mark the best move on the board (the puzzle then counts as missed)",
                self.show_answer,
            ),
            ("again", "Try again", "", "back to the puzzle's position", self.try_again),
            (
                "next",
                "Next puzzle ›",
                "primary",
                "the next puzzle of this difficulty",
                self.next_puzzle,
            ),
            (
                "review",
                "Open in the review board",
                "info",
                "the game that led here, judged move by move, at the puzzle's move",
                self.open_review,
            ),
        ):
            button = w.Button(
                description=words, button_style=style, tooltip=tip, layout=w.Layout(width="auto")
            )
            button.add_class(f"sg-puzzle-{key}")
            button.on_click(self._safe(lambda _, act=act: act()))
            self.buttons[key] = button
        self.view_box = w.VBox()
        self.close_review_button = w.Button(
            description="Close the review", layout=w.Layout(width="auto")
        )
        self.close_review_button.add_class("sg-puzzle-close-review")
        self.close_review_button.on_click(self._safe(lambda _: self.close_review()))
        self.review_box = w.VBox()
        # the puzzle for the back of a room: its board, the question and the verdict
        self.projector = Projector(
            self,
            self._safe,
            keep=lambda: [self.note, self.question, self.verdict, self.reveal],
            views=lambda: [self.view] if self.view is not None else [],
        )
        self.add_class("sg-puzzles")
        self.children = [
            w.HBox(
                [self.difficulty_picker, self.counter, self.score, self.name_text],
                layout=w.Layout(align_items="center", grid_gap="24px"),
            ),
            self.name_words,
            self.note,
            self.question,
            self.verdict,
            self.reveal,
            w.HBox([*self.buttons.values(), self.projector.box]),
            self.view_box,
            self.review_box,
        ]

    def pupil(self) -> str:
        """The pupil's name: typed here, else as the browser keeps it ("" when not given)."""
        boards = self.view.board_widgets if self.view is not None else []
        return " ".join(self.name_text.value.split())[:NAME_LIMIT] or pupil_name(boards)

    def _named(self, name: str) -> None:
        if self.view is not None:
            set_pupil(self.view.board_widgets, name)

    def _safe(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """A handler through the shown view's ``safe`` (its lock; an illegal move's reason, an
        error shown, or raised when strict); with no view, the same in this board's note."""

        def note(text: str, kind: str) -> None:
            self.note.value = message_html(text, kind)

        @functools.wraps(fn)
        def run(*args: Any, **kwargs: Any) -> Any:
            if self.view is not None:
                return self.view.safe(fn)(*args, **kwargs)
            return guard(fn, note, self.strict)(*args, **kwargs)

        return run

    # ---- choosing a puzzle ---------------------------------------------------------------------

    def set_difficulty(self, difficulty: str | None) -> None:
        """Show only the puzzles of ``difficulty`` (None or ``"any"``: all), from the first."""
        difficulty = ANY if difficulty is None else difficulty
        if difficulty not in (ANY, *DIFFICULTIES):
            raise ValueError(
                f"difficulty must be one of {', '.join(DIFFICULTIES)}, not {difficulty!r}"
            )
        self.difficulty = difficulty
        offered = [value for _, value in self.difficulty_picker.options]
        if self.difficulty_picker.value != difficulty and difficulty in offered:
            self.difficulty_picker.value = difficulty  # observed: comes back here
            return  # (a difficulty without puzzles is not offered: its note says so)
        self.shown = [p for p in self.all if difficulty in (ANY, p.difficulty)]
        self.go(0)

    def go(self, index: int) -> None:
        """Show puzzle ``index`` of those of the chosen difficulty (counted round)."""
        self._drop_view()
        self.close_review()
        if not self.shown:
            self.puzzle, self.view = None, None  # handlers then report in this board's note
            self.view_box.children = []
            self.projector.refresh()
            which = "" if self.difficulty == ANY else f"{self.difficulty} "
            self.note.value = message_html(
                f"No {which}puzzles for {self.game.title} yet."
                + (" Choose another difficulty." if self.all else ""),
                "info",
            )
            for widget in (self.question, self.verdict, self.reveal, self.counter):
                widget.value = ""
            for button in self.buttons.values():
                button.layout.display = "none"
            self._update_score()
            return
        self.index = index % len(self.shown)
        self.puzzle = self.shown[self.index]
        self.outcome, self.solved, self.attempts, self._pending = None, False, [], None
        self.answer_shown = False
        self.note.value = ""
        self.view = self._make_view(self.puzzle)
        self.view_box.children = [self.view]
        self.view.hooks.after_change.append(self.projector.follow)
        self.projector.refresh()  # a new board: projector mode lays it out again
        self.counter.value = (
            f'<span style="font-size:15px">Puzzle <b>{self.index + 1}</b> of {len(self.shown)}'
            f' · {html.escape(self.puzzle.difficulty)} <small style="color:#6f685a">'
            f"({html.escape(self.puzzle.id)})</small></span>"
        )
        self.question.value = self._question_html(self.puzzle)
        self.verdict.value = ""
        self.reveal.value = ""
        self._update_buttons()
        self._update_score()

    def next_puzzle(self) -> None:
        """The next puzzle of the chosen difficulty (after the last, the first)."""
        self.go(self.index + 1)

    def _make_view(self, puzzle: Puzzle) -> GameView:
        """The game's own board on the puzzle's position, compact, the game never going on.
        The mover's seat is a person's; in a game of hidden hands the others' are the
        computer's, so that only the mover's hand is shown, as at a table with one person
        (they never move: the puzzle ends with the learner's move)."""
        state = puzzle.state()
        seats = None
        if state.game.facts.hidden_information:
            seats = [
                HUMAN if p == state.current_player else HIDDEN_SEAT
                for p in range(state.num_players)
            ]
        # a puzzle is answered, not played on: no undo, hint, restart, or chance to set off
        # (the "puzzle" board has none of them), and the puzzle board's projector serves
        view = self.cls(
            state,
            seats=seats,
            compact=True,
            background=self.background,
            strict=self.strict,
            dashboard="puzzle",
        )
        view.add_class("sg-puzzle-view")
        view.hooks.before_move.append(self._moved)
        view.set_next_step(self._safe(self.next_puzzle))  # the n key: Next puzzle
        view.say("Your move: " + view.intro()[0])
        return view

    def _drop_view(self) -> None:
        if self.view is not None:
            self.view.cancel_search()
            self.view.hooks.before_move.remove(self._moved)
        self._pending = None

    def _question_html(self, puzzle: Puzzle) -> str:
        state = puzzle.state()
        facts = state.game.facts
        badge = glass_badge(facts.player_colours[state.current_player])
        notes = []
        if facts.chance:
            notes.append(
                "What comes next is chance: the answer is the move with the best expected outcome."
            )
        if facts.hidden_information:
            notes.append(f"You see what {puzzle.mover} sees: the other hands stay hidden.")
        small = "".join(
            f'<div style="font-size:14px;color:#3d3a33">{html.escape(n)}</div>' for n in notes
        )
        return (
            f'<div style="font-size:{VERDICT_SIZE}px;margin:6px 0">{badge} '
            f"{html.escape(puzzle.question)}</div>{small}"
        )

    # ---- the learner's move --------------------------------------------------------------------

    def _moved(self, move: sg.Move, words: str) -> bool:
        """The view's ``before_move``: every move made on the board comes here, legal, before
        it is played. It is judged instead of played on; True: the game does not go on."""
        view, puzzle = self.view, self.puzzle
        if view is None or puzzle is None:
            return True
        if self._pending is not None:
            if view.search is not None:
                view.say(f"Still judging {self._pending}: a moment, or Cancel.", "info")
                return True
            self._back("Your last move was not judged: the puzzle is back, try a move.")
            return True
        if self.solved:
            view.say(
                "Solved. Next puzzle for another, or Try again to play this one again.", "info"
            )
            return True
        state = view.state
        start = puzzle.state().history
        mine = [str(m) for m in state.history[len(start) :]]  # the learner's moves this turn
        if (
            state.history[: len(start)] != start
            or state.is_chance()
            or (mine and not puzzle.waits(mine))
        ):
            self._back("Back to the puzzle's position: try a move from here.")
            return True
        view.model.play(move)
        view.on_new_state()
        view.after_change((words, "info"), run_computer=False)
        moves = [*mine, str(move)]
        if puzzle.waits(moves):  # the answer is judged whole: the turn goes on first
            view.say(f"{words} Your turn goes on: make the rest of it, then it is judged.", "info")
            self._update_buttons()
            return True
        text = ", ".join(moves)
        self._pending = text
        self.verdict.value = message_html(
            f"Judging {text}…", "info", "sg-puzzle-verdict-box", size=VERDICT_SIZE
        )
        self._update_buttons()
        if puzzle.is_line(moves):  # at once: no search
            self._judged(puzzle.attempt(moves))
        else:
            # Cancel stops the judgement: the move goes back
            view.model.think(
                f"Judging {text} against the best move…",
                JUDGE_S,
                lambda stop: puzzle.attempt(moves, stop=stop),
                self._judged,
                on_cancel=self._stopped,
            )
        return True

    def _judged(self, attempt: Attempt) -> None:
        """The verdict on the learner's move (under the view's lock)."""
        view, puzzle = self.view, self.puzzle
        assert view is not None and puzzle is not None
        self._pending = None
        self.attempts.append(attempt)
        first = self.outcome is None
        if first:
            self.outcome = "right" if attempt.right else "wrong"
            self.tally.add(attempt.right)
            note(self.pupil(), puzzle.game, "puzzle", puzzle.id, attempt.right)
        words = attempt.words
        if not first:
            words += " (Not scored: the score counts first tries.)" if attempt.right else ""
        self.verdict.value = message_html(
            words, "good" if attempt.right else "bad", "sg-puzzle-verdict-box", size=VERDICT_SIZE
        )
        if attempt.right:
            self.solved = True
            view.say("Solved: Next puzzle for another one.", "good")
            view.thinking_row.layout.display = "none"  # no bot waits here: the puzzle is over
            self.reveal.value = self._reveal_html(puzzle)
        else:  # a nudge, not the answer: that only on request (Show the answer)
            self._back("Back to the puzzle's position: read the hint, then Try again.")
        self._update_buttons()
        self._update_score()

    def _stopped(self) -> None:
        """Cancel pressed while a move was judged: the move goes back, unjudged."""
        if self._pending is not None and self.view is not None and self.view.search is None:
            self._pending = None
            self.verdict.value = ""
            self._back("Stopped: that move was not judged. The puzzle is back: try a move.")
            self._update_buttons()

    def _back(self, words: str) -> None:
        """The board back at the puzzle's position (the learner's move taken back)."""
        view, puzzle = self.view, self.puzzle
        assert view is not None and puzzle is not None
        self._pending = None
        self.solved = self.answer_shown = False
        view.set_position(puzzle.state(), (words, "info"))

    # ---- the buttons ---------------------------------------------------------------------------

    def show_answer(self) -> None:
        """Mark the answer on the board (violet, 1), held ready to play; a puzzle not yet
        answered counts as missed."""
        view, puzzle = self.view, self.puzzle
        if view is None or puzzle is None:
            return
        if self._pending is not None and view.search is not None:
            view.say(f"Still judging {self._pending}: a moment, or Cancel.", "info")
            return
        if self.outcome is None:
            self.outcome = "shown"
            self.tally.add(False)
            note(self.pupil(), puzzle.game, "puzzle", puzzle.id, False)
        if len(view.state.history) != puzzle.ply or self._pending is not None:
            self._back("The puzzle's position, with its answer marked.")
        line = said_line(view.state, puzzle.answer_line)  # in words, as the board shows it
        answer = view.state.parse_move(puzzle.answer)
        view.take_hint(answer)  # held ready: the answer is one click away
        view.mark(
            [
                sg.ai.Suggestion(
                    answer, puzzle.value, puzzle.playouts, "playouts", f"the answer: {puzzle.theme}"
                )
            ],
            "The answer:",
        )
        view.say(f"The answer, marked 1: {line}. Play it on the board, or Next puzzle.", "info")
        self.answer_shown = True
        self.verdict.value = message_html(
            f"The answer: {line}: {puzzle.theme}.",
            "info",
            "sg-puzzle-verdict-box",
            size=VERDICT_SIZE,
        )
        self.reveal.value = self._reveal_html(puzzle)
        self._update_buttons()
        self._update_score()

    def try_again(self) -> None:
        """Back to the puzzle's position, to try another move (not scored again)."""
        if self.view is None or self.puzzle is None:
            return
        if self._pending is not None and self.view.search is not None:
            self.view.cancel_search()
        self.verdict.value = ""
        self._back("Try again: " + self.puzzle.question)
        self._update_buttons()

    def open_review(self) -> Any:
        """The review board on the game that led to the puzzle, at the puzzle's move (the
        review runs in the background; side lines from there are the learner's own)."""
        from ..features.review import ReviewBoard  # the review board builds on the views

        puzzle = self.puzzle
        if puzzle is None:
            return None
        self.close_review()
        options: dict[str, Any] = (
            {} if self.review_playouts is None else {"playouts": self.review_playouts}
        )
        board = ReviewBoard(
            copy.deepcopy(puzzle.record), background=self.background, strict=self.strict, **options
        )
        board.add_class("sg-puzzle-review-board")
        self.review = board
        self.review_box.children = [self.close_review_button, board]
        board.start()
        board.go(puzzle.ply)  # a review still running goes there when it is done
        return board

    def close_review(self) -> None:
        if self.review is not None:
            self.review.cancel()
            self.review = None
        self.review_box.children = []

    def wait(self, timeout: float = 120.0) -> bool:
        """Block until the move being judged has its verdict (tests, scripts)."""
        return True if self.view is None else self.view.wait(timeout)

    # ---- words ---------------------------------------------------------------------------------

    def _update_buttons(self) -> None:
        judging = self._pending is not None
        answered = self.outcome is not None
        view, puzzle = self.view, self.puzzle
        begun = view is not None and puzzle is not None and len(view.state.history) > puzzle.ply
        show = {
            "answer": not (self.solved or self.answer_shown),
            "again": answered or self.solved or begun,
            "next": True,
            "review": True,
        }
        for key, button in self.buttons.items():
            button.layout.display = None if show[key] else "none"
            button.disabled = judging and key in ("answer", "again")

    def _update_score(self) -> None:
        self.score.value = (
            f'<span style="font-size:17px"><b>{html.escape(self.tally.words())}</b></span>'
        )

    def _reveal_html(self, puzzle: Puzzle) -> str:
        """The puzzle's theme, margin and how it was checked: told once it is answered."""
        checked = (
            "proved to the game's end"
            if puzzle.proved
            else f"checked by search at {puzzle.playouts} playouts and at twice that"
        )
        state = puzzle.state()
        text = (
            f"<b>Theme:</b> {html.escape(puzzle.theme)}. <b>Margin:</b> "
            f"{margin_points(puzzle)} (the answer: {html.escape(said_move(state, puzzle.answer))};"
            f" the next best: {html.escape(said_move(state, puzzle.rival))}; {checked})."
            f" <b>Difficulty:</b> {html.escape(puzzle.difficulty)} "
            f"({html.escape(puzzle.solver)})."
        )
        return f'<div style="font-size:14px;line-height:1.4;margin:4px 0">{text}</div>'

    @property
    def verdict_text(self) -> str:
        """The verdict shown, as plain words (empty before an answer)."""
        return html.unescape(re.sub(r"<[^>]+>", "", self.verdict.value)).strip()


def margin_points(puzzle: Puzzle) -> str:
    """How much better the answer is than the next best move, said as the two chances (never
    as points, never as a difference of shares): ``"59% to win against 11% for the next
    best"`` (``"a 59% share of the win against 11%..."`` with more than two players)."""
    answer, rival = f"{puzzle.value:.0%}", f"{puzzle.rival_value:.0%}"
    if puzzle.state().num_players <= 2:
        return f"{answer} to win against {rival} for the next best"
    return f"a {answer} share of the win against {rival} for the next best"


class PuzzlePicker(w.VBox):
    """The puzzles notebook: choose a game (those with a view) and a difficulty, then solve its
    puzzles on a :class:`PuzzleBoard`; one score for every game. ``source(game)`` gives a
    game's puzzles (default: the shipped ones); ``game``: the first shown (default: the first
    game that has puzzles)."""

    def __init__(
        self,
        game: str | None = None,
        *,
        difficulty: str | None = None,
        source: Callable[[str], Sequence[Puzzle]] | None = None,
        review_playouts: int | None = None,
        background: bool = True,
        strict: bool | None = None,
    ) -> None:
        super().__init__()
        self.source = source or shipped
        self.review_playouts = review_playouts
        self.background = background
        self.strict = strict_default() if strict is None else bool(strict)
        self.tally = Tally()
        self.titles = {name: sg.load(name).title for name in views()}
        self._puzzles: dict[str, list[Puzzle]] = {}
        if game is not None and game not in self.titles:
            raise ValueError(f"no puzzles of {game!r}: the games are " + ", ".join(self.titles))
        if game is None:
            game = next((n for n in self.titles if self.puzzles(n)), next(iter(self.titles)))
        self.picker = w.Dropdown(
            options=[(t, n) for n, t in self.titles.items()],
            value=game,
            description="Game",
            layout=w.Layout(width="250px"),
        )
        self.picker.add_class("sg-puzzle-game")
        self.message = w.HTML()
        self.board_box = w.VBox()
        self.board: PuzzleBoard | None = None
        self._wanted: str | None = None  # the difficulty asked for with a game being picked
        self.picker.observe(lambda change: self._guard(self.show_game, change["new"]), "value")
        self.children = [self.picker, self.message, self.board_box]
        self.show_game(game, difficulty)

    def puzzles(self, game: str) -> list[Puzzle]:
        """``game``'s puzzles (read once)."""
        if game not in self._puzzles:
            self._puzzles[game] = list(self.source(game))
        return self._puzzles[game]

    def _guard(self, fn: Callable[..., Any], *args: Any) -> None:
        """A handler that shows a problem as a message (never a traceback; raised when
        strict, unless it is a bad file or a bad choice: a ValueError in words)."""

        def say(text: str, kind: str) -> None:
            self.message.value = message_html(text, kind)

        guard(fn, say, self.strict, words={ValueError: lambda e: f"Could not show it: {e}"})(*args)

    def show_game(self, game: str, difficulty: str | None = None) -> None:
        """``game``'s puzzle board, of ``difficulty`` (default: any); a bad puzzle file: a
        message, no board."""
        if game not in self.titles:
            raise ValueError(f"no puzzles of {game!r}: the games are " + ", ".join(self.titles))
        if self.picker.value != game:
            self._wanted = difficulty
            self.picker.value = game  # observed: comes back here
            return
        difficulty, self._wanted = difficulty or self._wanted, None
        if self.board is not None:
            self.board.close_review()
            self.board._drop_view()
        self.message.value = ""
        try:
            found = self.puzzles(game)
        except ValueError as e:
            self.board = None
            self.board_box.children = []
            self.message.value = message_html(
                f"The puzzles of {self.titles.get(game, game)} could not be read: {e}", "bad"
            )
            return
        self.board = PuzzleBoard(
            game,
            found,
            difficulty=difficulty,
            tally=self.tally,
            review_playouts=self.review_playouts,
            background=self.background,
            strict=self.strict,
        )
        self.board_box.children = [self.board]

    def open_query(self, query: str | None = None) -> None:
        """Follow the page's query string: ``game=NAME`` shows that game's puzzles,
        ``difficulty=easy`` (or medium, hard) those of one difficulty; anything else is said
        in words and the page stays as it is."""
        from urllib.parse import parse_qs

        from ..kit.address import query_string

        query = query_string() if query is None else query
        fields = parse_qs(query.lstrip("?"), max_num_fields=20)
        game = fields.get("game", [None])[0]
        difficulty = fields.get("difficulty", [None])[0]
        if game is None and difficulty is None:
            return
        if game is not None and game not in self.titles:
            self.message.value = message_html(f"No puzzles of {game!r}: choose a game.", "bad")
            return
        if difficulty is not None and difficulty not in (ANY, *DIFFICULTIES):
            self.message.value = message_html(
                f"No difficulty {difficulty!r}: easy, medium or hard.", "bad"
            )
            difficulty = None
        if game is not None and game != self.picker.value:
            self._guard(self.show_game, game, difficulty)
        elif difficulty is not None and self.board is not None:
            board = self.board
            self._guard(board._safe(board.set_difficulty), difficulty)
