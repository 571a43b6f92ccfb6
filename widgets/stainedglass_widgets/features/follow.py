"""Following the teacher: a pupil's play dashboard on the class's server shows the teacher's
board, and answers "Your move?" (the **Follow** bar of every play dashboard).

When the teacher leads the class from the console (:mod:`..pages.console`), every play
dashboard on the class's server whose pupil gave a name offers "Your teacher is showing a
position: Follow". A following board shows the teacher's position, read-only, within a moment of
each change (a move, a take-back, a new game). When the teacher asks "Your move?", the pupil
plays one move on their own board for the player asked (legal moves only, refused with the
rule's words, as always): it is sent as their answer, not played, and another move replaces it
until the teacher reveals; the header reads "Your answer for Dark", and the board offers no
help meanwhile (Hint, Compare my move and Teach me are off, and say why: the ``no_help`` hook).
At the reveal each pupil sees their own verdict (the review's words) and the best move, both
drawn on the board, each with its verdict's sign (the review's: the best move the best's). The asked
player's hand is the only one shown. While following, what would change the game (Undo, New
game, Edit, the seat pickers) is hidden (the ``shown_only`` hook).

>>> import stainedglass_widgets as sgw, tempfile, pathlib
>>> from stainedglass_widgets.serving.classroom import open_store
>>> store = open_store(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite3")
>>> lead, token = store.start_lead(sg.load("cathedral").new_game(seed=1).record().to_text())
>>> pupil = sgw.view("cathedral", background=False)
>>> follow = pupil.feature(Follow)
>>> follow.use_store(store); follow.given_name = "Ana"
>>> follow.sync(); follow.offered
True
>>> follow.follow(); follow.following
True
"""

from __future__ import annotations

import contextlib
import html
import threading
import urllib.parse
from typing import TYPE_CHECKING, Any

import ipywidgets as w

import stainedglass as sg
from stainedglass.ai.review import LABELS, said_move

from ..kit.board import boards_in
from ..kit.messages import MARKS, verdict_badge, verdict_text
from ..kit.feature import Feature
from ..kit.progress import class_store, pupil_name
from ..kit.searches import HUMAN, REMOTE
from .rooms import Rooms

if TYPE_CHECKING:
    from stainedglass_widgets.serving.classroom import Answer, Lead, Question, Store

    from ..kit.game_view import GameView

POLL_S = 0.1
"""How often a pupil's page looks whether the teacher's board changed (seconds): the store's
data version first (microseconds), the lead only when it changed."""
TEACHER = "your teacher"
OFFER = "<b>Your teacher is showing a position:</b>"
ADDRESS_PRECEDENCE = 25
"""Following the teacher's board (``?follow=``) comes before a room's keys and a record's."""
NO_HELP = "No hints while your teacher's question is open."
"""Why a following pupil's board offers no Hint, Compare my move or Teach me meanwhile."""
SHOWN_ONLY = "this board follows your teacher's"
"""Why a following board hides what would change its game (Undo, New game, Edit, the seats)."""


def verdict_sign(verdict: str) -> str:
    """The sign a reveal's mark carries for its ``verdict``: the review's move list's (?!,
    ??), else the verdict's first letter.

    >>> verdict_sign("blunder"), verdict_sign("splendid")
    ('??', 'S')
    """
    return MARKS.get(verdict) or verdict[:1].upper()


def verdict_shade(verdict: str) -> float:
    """How deep a verdict's mark is drawn: 1 for the best, down to 0.3 for the review's worst
    label (``stainedglass.ai.review.LABELS``, best first; its sign says the verdict too).

    >>> verdict_shade("best"), verdict_shade(LABELS[-1][0])
    (1.0, 0.3)
    """
    labels = [word for word, _ in LABELS]
    at = labels.index(verdict) if verdict in labels else len(labels) - 1
    return round(1.0 - 0.7 * at / max(1, len(labels) - 1), 3)


def revealed_marks(
    state: sg.State, best: str, why: str, answers: list[tuple[str, str, str]]
) -> tuple[list[sg.ai.Suggestion], list[str]]:
    """The marks of a reveal on ``state`` (the position asked): the best move (the best's sign, ``why``) and
    each answer ``(move, verdict, words)`` with its verdict's sign, the best first; an answer
    that is the best move itself is one mark, its verdict's. Returns the suggestions to mark
    and their signs (``view.mark(..., badges=)``); a move not legal here is left out."""
    marks: dict[str, tuple[sg.ai.Suggestion, str]] = {}
    for move, verdict, words in [(best, "best", why), *answers]:
        try:
            parsed = state.parse_move(move)
        except (ValueError, sg.IllegalMove):
            continue
        key = str(parsed)
        ours = move != best or key in marks  # an answer (the best move again: its verdict)
        sign = verdict_sign(verdict)
        said = f"{verdict_text(verdict)}: {words}" if ours else f"the best move: {words}"
        if key in marks:
            said = f"{marks[key][0].reason} Answered: {said}"
        value = verdict_shade(verdict)
        marks[key] = (sg.ai.Suggestion(parsed, value, 0, "", said.strip()), sign)
    ordered = sorted(marks.values(), key=lambda m: -m[0].value)
    return [m for m, _ in ordered], [sign for _, sign in ordered]


class Follow(Feature):
    """The Follow bar: the offer to follow the teacher's board, then the question and the
    verdict; Stop following gives the board back."""

    name = "follow"
    provides = ("follow",)

    def __init__(self, view: GameView) -> None:
        super().__init__(view)
        self.store: Store | None = None
        self.given_name = ""
        """The pupil's name given here (else the one the browser keeps: :func:`pupil_name`)."""
        self.lead: Lead | None = None
        """The teacher's lead seen last (None: the teacher leads no one)."""
        self.following = False
        self.offered = False
        self.answered = ""
        """This pupil's answer to the open question (a move's text), "" for none yet."""
        self._seen: tuple[int, str, int, bool] = (0, "", 0, False)  # the lead as shown
        self._data_version: int | None = None
        self._pending = 0  # the lead a reloaded page follows again once the name is known
        self._stop = threading.Event()
        self._poller: threading.Thread | None = None
        self.words = w.HTML()
        self.words.add_class("sg-follow-words")
        self.follow_button = w.Button(
            description="Follow",
            icon="eye",
            tooltip="show your teacher's board here and answer their questions",
        )
        self.follow_button.add_class("sg-follow")
        self.follow_button.on_click(view.safe(lambda _: self._said(self.follow)))
        self.stop_button = w.Button(
            description="Stop following", tooltip="this board is your own again"
        )
        self.stop_button.add_class("sg-follow-stop")
        self.stop_button.layout.display = "none"  # until following
        self.words.value = OFFER
        self.stop_button.on_click(view.safe(lambda _: self.stop_following()))
        self.box = w.HBox(
            [self.words, self.follow_button, self.stop_button],
            layout=w.Layout(display="none", align_items="center", flex_flow="row wrap"),
        )
        self.box.add_class("sg-follow-bar")
        view.add_widgets("above", self.box)
        view.hooks.before_move.append(self._answer)
        view.hooks.no_help.append(lambda: NO_HELP if self.asked() is not None else "")
        view.hooks.shown_only.append(lambda: SHOWN_ONLY if self.following else "")
        view.hooks.turn_words.append(self._turn_words)
        # a reload comes back to the teacher's board (and the answer given, kept in the store)
        view.address.claim(("follow",), self.address_fields, precedence=ADDRESS_PRECEDENCE)
        if class_store() is not None:
            self.use_store(class_store())
        for board in boards_in(view.board_widgets)[:1]:  # a name given: the offer, at once
            board.observe(lambda _: view.safe(self._named)(), "pupil")

    def asked(self) -> Question | None:
        """The teacher's question open to this following pupil, or None."""
        question = self.lead.question if self.following and self.lead is not None else None
        return question if question is not None and question.open else None

    def _turn_words(self, player: int) -> str:
        """The banner while the teacher asks: whose answer is asked, not whose move it is."""
        question = self.asked()
        if question is None or question.seat != player:
            return ""
        return f"Your answer for <b>{html.escape(self.view.player_names[player])}</b>"

    # ---- the store ---------------------------------------------------------------------------

    def use_store(self, store: Any) -> None:
        """Follow the leads of ``store`` (the class's, on a class's server)."""
        self.store = store

    def pupil(self) -> str:
        return self.given_name or pupil_name(self.view.board_widgets)

    def _named(self) -> None:
        """The pupil's name is known (typed, or from the browser): look for the teacher's
        board now and from now on (a page with no name, a preheated one, polls nothing)."""
        polling = self._poller is not None and self._poller.is_alive()
        if self.pupil() and self.store is not None and self.view.background and not polling:
            self._poller = threading.Thread(target=self._poll, name="follow", daemon=True)
            self._poller.start()
        self.sync()

    def _poll(self) -> None:
        while not self._stop.wait(POLL_S):
            store = self.store
            if store is None:
                continue
            with contextlib.suppress(Exception):  # a store that is away: the next look tries
                version = store.data_version()
                if version is not None and version == self._data_version:
                    continue
                self._data_version = version
                self.view.safe(self.sync)()

    def close(self) -> None:
        self._stop.set()

    def address_fields(self) -> list[tuple[str, str]]:
        """The page's address while following: the lead (a reload follows it again)."""
        if self.following and self.lead is not None:
            return [("follow", str(self.lead.id))]
        return []

    def open_link(self, query: str) -> bool | None:
        """Follow again the lead a page's address names (``?follow=N``, after a reload); None
        without one, False (said) when it has ended."""
        fields = urllib.parse.parse_qs(query.lstrip("?")[:4096])
        if "follow" not in fields or self.store is None:
            return None
        lead = self.store.lead()
        if lead is None or str(lead.id) != fields["follow"][0][:12]:
            self.view.say("Your teacher has stopped leading that board.", "info")
            return False
        if not self.pupil():  # the browser gives the name it keeps a moment after the page
            self._pending = lead.id
            self.view.say("Following your teacher's board again…", "info")
            return True
        try:
            self.follow()
        except ValueError as e:
            self.view.say(f"Could not follow: {e}", "bad")
            return False
        return True

    # ---- what the teacher shows --------------------------------------------------------------

    def sync(self) -> None:
        """Read the teacher's lead and show it: the offer, the position followed, the question
        asked or revealed."""
        if self.store is None:
            return
        if self._pending and not self.following and self.pupil():
            pending, self._pending = self._pending, 0
            lead = self.store.lead()
            if lead is not None and lead.id == pending:
                self.follow()
                return
        lead = self.store.lead(self.lead.id) if self.following and self.lead else self.store.lead()
        self.lead = lead
        rooms = self.view.feature(Rooms)
        in_room = rooms is not None and bool(rooms.code)
        if lead is None or lead.ended:
            if self.following:
                self.stop_following("Your teacher stopped leading: this board is yours again.")
            self.offered = False
            self._show()
            return
        if not self.following:
            self.offered = bool(self.pupil()) and not in_room and lead.game == self.view.game.name
            self._show()
            return
        question = lead.question
        seen = (
            lead.id,
            lead.position,
            question.id if question else 0,
            bool(question and question.open),
        )
        if seen == self._seen:  # another pupil's answer: nothing to show here
            return
        self._seen = seen
        self._put(lead)

    def _show(self) -> None:
        """The bar as things stand: its parts first, then the bar (never a moment of both
        buttons, or of words not yet said)."""
        box = self.box
        if self.following:
            self.follow_button.layout.display = "none"
            self.stop_button.layout.display = None
            box.layout.display = None
        elif self.offered:
            self.words.value = OFFER
            self.follow_button.layout.display = None
            self.stop_button.layout.display = "none"
            box.layout.display = None
        else:
            box.layout.display = "none"

    def follow(self) -> None:
        """Follow the teacher's board (a named pupil, not in a room)."""
        if self.store is None:
            raise ValueError("following needs the class's server: no class's store here")
        lead = self.store.lead()
        if lead is None:
            raise ValueError("your teacher is not showing a position now")
        name = self.pupil()
        if not name:
            raise ValueError("type your name first (the Name box): your answers go under it")
        if lead.game != self.view.game.name:
            raise ValueError(
                f"your teacher shows {sg.load(lead.game).title}: open its play dashboard"
            )
        self.lead = self.store.follow(lead.id, name)
        self.following, self._seen = True, (0, "", 0, False)
        self.sync()

    def stop_following(self, words: str = "You stopped following: this board is yours.") -> None:
        model = self.view.model
        self.following, self.answered, self._seen = False, "", (0, "", 0, False)
        model.set_table(fixed="", chance_here=True, names={}, waiting="")
        for p in range(len(model.seats)):
            if model.seat(p) == REMOTE:
                model.set_seat(p, HUMAN)
        self._show()
        self.view.after_change((words, "info"), run_computer=False)

    def _put(self, lead: Lead) -> None:
        """The teacher's position on this board, with the question asked or revealed."""
        view, model = self.view, self.view.model
        question = lead.question
        asked = question is not None and question.open
        position = question.position if asked and question is not None else lead.position
        record = sg.load_record(position)
        state = record.state()
        names = view.game.facts.player_names
        revealed = (  # the answer revealed, the teacher's board not moved on since
            question is not None
            and question.revealed_at is not None
            and question.position == lead.position
        )
        model.set_position(state, force=True)
        model.set_table(
            fixed="this board follows your teacher's: Stop following to play on your own",
            chance_here=False,
            names=dict.fromkeys(range(state.num_players), TEACHER),
            # revealed: the asked seat's hand stays shown (the best move may be a card in it)
            # with no move to make
            waiting="your teacher has revealed the answer" if revealed and not asked else "",
        )
        for p in range(state.num_players):  # the asked seat's hand, and no other
            held = (asked or revealed) and question is not None and p == question.seat
            model.set_seat(p, HUMAN if held else REMOTE)
        self._show()
        view.on_new_state()
        if asked and question is not None:
            given = self._mine(question.id)
            mine = given.move if given is not None else ""
            self.answered = mine
            said = (
                f" Your answer: <b>{html.escape(said_move(state, mine))}</b> (play another move"
                " to change it)."
                if mine
                else ""
            )
            self.words.value = (
                f"<b>Your move?</b> Your teacher asks: what would you play for "
                f"{html.escape(names[question.seat])}? Play it on the board.{said}"
            )
            view.after_change(
                (f"Your teacher asks: your move for {names[question.seat]}?", "info"),
                run_computer=False,
            )
        elif revealed and question is not None:
            verdict = self._my_verdict(question.id, state)
            best = html.escape(question.words or said_move(state, question.best or ""))
            self.words.value = f"<b>Following your teacher.</b> Best: <b>{best}</b>. {verdict}"
            view.after_change(
                (f"Revealed. Best: {question.words or question.best}.", "info"),
                run_computer=False,
            )
            own = self._mine(question.id)
            answers = [(own.move, own.verdict or "", own.words)] if own is not None else []
            marks, signs = revealed_marks(state, question.best or "", question.words, answers)
            heading = "The best move, and your answer:" if own else "The best move:"
            view.mark(marks, heading, chart=False, badges=signs)
        else:
            self.words.value = "<b>Following your teacher's board</b> (read-only)."
            view.after_change(("Your teacher's board.", "info"), run_computer=False)

    def _mine(self, question_id: int) -> Answer | None:
        """This pupil's answer to question ``question_id`` (None: none given)."""
        assert self.store is not None
        name = self.pupil()
        return next((a for a in self.store.answers(question_id) if a.pupil == name), None)

    def _my_verdict(self, question_id: int, state: sg.State) -> str:
        """This pupil's answer in words (``state``: the position asked), its verdict on the one
        scale, and why."""
        mine = self._mine(question_id)
        if mine is None:
            return "You did not answer."
        return (
            f"Your answer, {html.escape(said_move(state, mine.move))}: "
            f"{verdict_badge(mine.verdict or '')}. {html.escape(mine.words)}"
        )

    # ---- the answer -----------------------------------------------------------------------------

    def _answer(self, move: sg.Move, words: str) -> bool:
        """A following pupil's move is their answer (sent, not played); refused in words when
        no question is open (the board is the teacher's)."""
        if not self.following:
            return False
        lead = self.lead
        question = lead.question if lead is not None else None
        if self.store is None or question is None or not question.open:
            self.view.say(
                "This board follows your teacher's: wait for a question, or Stop following "
                "to play on your own.",
                "bad",
            )
            return True
        try:
            answer = self.store.answer(
                question.id, self.pupil(), str(move), self.view.state.current_player
            )
        except (ValueError, sg.IllegalMove) as e:
            self.view.say(f"Not sent: {e}", "bad")
            return True
        self.answered = answer.move
        self.view.move_text.value = ""  # a typed answer is sent: the box is free for another
        self.view.say(
            f"Your answer is sent: {words} You may change it until your teacher reveals.",
            "good",
        )
        self.words.value = (
            f"<b>Your move?</b> Your answer: <b>{html.escape(said_move(self.view.state, move))}"
            "</b> (play another move to change it)."
        )
        return True

    def _said(self, action: Any) -> None:
        try:
            action()
        except (ValueError, sg.IllegalMove) as e:
            self.view.say(f"Not done: {e}", "bad")
