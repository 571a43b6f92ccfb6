"""Leading the class from the teacher's console: **Lead the class** opens a board of any game
that every following pupil's play dashboard shows (:mod:`..features.follow`); **Your move?**
asks the class for the move of the player to move there; the answers come in as they are sent,
counted on the board (each move marked with how many chose it) and listed beside it, names
hidden unless **Show names**; **Reveal** judges every answer with the review's words and labels
(best to blunder), draws the best move and each answer, each with its verdict's sign, on the
board, says why, and each pupil sees their own verdict drawn on theirs. Your move?, Reveal, Stop
leading and the count of answers are in the board's strip, so that they stay on a projector.
The store keeps each question, answer and verdict
(:meth:`~stainedglass_widgets.serving.classroom.Store.reveal`).

>>> import tempfile, pathlib
>>> from stainedglass_widgets.pages.console import Console
>>> console = Console(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite3", password="",
...                   background=False)
>>> console.leading.start("cathedral")
>>> console.leading.view.play("cathedral e4 d5 e5 f5 e6 e7")
>>> len(sg.load_record(console.store().lead().position).moves)
1
>>> game = sg.load("sagrada").new_game(seed=2)
>>> console.leading.start("cathedral", game.record().to_link("sagrada_play.ipynb"))
>>> console.store().lead().game
'sagrada'
>>> console.leading.start("cathedral", "?record=r1.nonsense")
Traceback (most recent call last):
...
ValueError: ...
"""

from __future__ import annotations

import collections
import html
import threading
from typing import TYPE_CHECKING, Any

import ipywidgets as w

import stainedglass as sg
from stainedglass.ai.review import said_move, said_with_gain

from ..kit.messages import verdict_badge
from ..kit.registry import view_class
from ..features.follow import revealed_marks
from ..features.projector import PROJECTED
from ..kit.searches import HintMark, hint_marks

if TYPE_CHECKING:
    from stainedglass_widgets.serving.classroom import Answer, Question, Store

    from ..kit.game_view import GameView
    from .console import Console

REVEAL_PLAYOUTS = 150
"""Playouts a position for judging the class's answers at the reveal (each distinct answer is
compared with the best move found, as Compare my move does)."""


class Leading(w.VBox):
    """The console's **Lead the class** panel (shown once the console is open)."""

    def __init__(self, console: Console) -> None:
        super().__init__()
        self.console = console
        self.token = ""
        """The secret that moves the lead (kept here only; "" when not leading)."""
        self.question: Question | None = None
        self.view: GameView | None = None
        self._pushed = ""  # the position the class has
        self._judging: threading.Thread | None = None
        self._marks: list[HintMark] = []  # the open question's answers, as the board marks them
        self.game_picker = w.Dropdown(
            description="Game",
            options=[(sg.load(g).title, g) for g in sg.games()],
            style={"description_width": "44px"},
        )
        self.game_picker.add_class("sg-lead-game")
        self.lead_button = w.Button(
            description="Lead the class",
            icon="chalkboard-teacher",
            tooltip="open a board every following pupil's page shows",
        )
        self.lead_button.add_class("sg-lead-start")
        self.link_text = w.Text(
            placeholder="or paste a shared link (a game, a puzzle's review, a position)",
            tooltip="lead from the position a shared link holds (Share on any board)",
            layout=w.Layout(width="420px"),
        )
        self.link_text.add_class("sg-lead-link")
        self.lead_button.on_click(
            lambda _: self._said(lambda: self.start(self.game_picker.value, self.link_text.value))
        )
        self.ask_button = w.Button(
            description="Your move?",
            tooltip="ask the class what they would play here",
            layout=w.Layout(display="none"),
        )
        self.ask_button.add_class("sg-lead-ask")
        self.ask_button.on_click(lambda _: self._said(self.ask))
        self.reveal_button = w.Button(
            description="Reveal",
            tooltip="judge every answer and show the best move",
            layout=w.Layout(display="none"),
        )
        self.reveal_button.add_class("sg-lead-reveal")
        self.reveal_button.on_click(lambda _: self._said(self.reveal))
        self.stop_button = w.Button(
            description="Stop leading",
            tooltip="the pupils' boards are their own again",
            layout=w.Layout(display="none"),
        )
        self.stop_button.add_class("sg-lead-stop")
        self.stop_button.on_click(lambda _: self._said(self.stop))
        self.names_box = w.Checkbox(description="Show names", indent=False, value=False)
        self.names_box.add_class("sg-lead-names")
        self.names_box.observe(lambda _: self.refresh(), "value")
        self.words = w.HTML(
            "<p>Lead the class: open a board, and every pupil page with a name offers "
            "<b>Follow</b>. Ask <b>Your move?</b> to see what the class would play.</p>"
        )
        self.words.add_class("sg-lead-words")
        self.answers = w.HTML()
        self.answers.add_class("sg-lead-answers")
        self.count = w.HTML()
        """How many of the pupils following have answered the open question ("" otherwise)."""
        self.count.add_class("sg-lead-count")
        # the lead's own buttons and count go in the lead board's strip, under the board, so
        # that they stay in view on a projector too
        self.lead_bar = w.HBox(
            [self.ask_button, self.reveal_button, self.stop_button, self.count],
            layout=w.Layout(align_items="center", flex_flow="row wrap"),
        )
        self.lead_bar.add_class("sg-lead-bar")
        self.lead_bar.add_class(PROJECTED)
        self.board_box = w.Box()
        self.children = [
            w.HBox(
                [self.game_picker, self.link_text, self.lead_button, self.names_box],
                layout=w.Layout(align_items="center", flex_flow="row wrap"),
            ),
            self.words,
            self.board_box,
            self.answers,
        ]
        self.add_class("sg-lead")

    def store(self) -> Store:
        return self.console.store()

    def _said(self, action: Any) -> None:
        try:
            action()
        except (ValueError, sg.IllegalMove) as e:
            self.words.value = (
                f'<p class="sg-lead-refused">Not done: {html.escape(str(e), quote=False)}</p>'
            )
            if self.view is not None:  # the board's words too: on a projector, they are seen
                self.view.say(f"Not done: {e}", "bad")

    def _check_open(self) -> None:
        if not self.console.opened:
            raise ValueError("the console is closed: give the teacher's password first")

    # ---- leading -----------------------------------------------------------------------------

    def start(self, game: str, link: str = "") -> None:
        """Lead the class on a new board of ``game``, or on the position a shared ``link`` (or
        a record's text) holds, of its own game (the teacher moves on it here)."""
        self._check_open()
        state = sg.load_record(link.strip()).state() if link.strip() else None
        cls = view_class(state.game.name if state is not None else game)
        view = cls(state, compact=True, background=self.console.background)
        lead, token = self.store().start_lead(view.state.record().to_text())
        self.view, self.token, self.question = view, token, None
        self._pushed = lead.position
        view.hooks.before_move.append(self._teacher_moves)
        view.hooks.after_change.append(self._changed)
        view.hint_marks = self._answer_marks  # type: ignore[method-assign] # the answers' marks
        view.strip.children = (*view.strip.children, self.lead_bar)
        self.count.value = ""
        self.board_box.children = [view]
        self.words.value = (
            f"<p>Leading the class on {html.escape(view.game.title)}: move here, and every "
            "following pupil's board follows.</p>"
        )
        self._buttons()

    def _changed(self) -> None:
        """The teacher's board changed: the class's boards follow (not while asking)."""
        view = self.view
        if view is None or not self.token or self.question is not None:
            return
        text = view.state.record().to_text()
        if text != self._pushed:
            self.store().show_position(self.token, text)
            self._pushed = text

    def _teacher_moves(self, move: sg.Move, words: str) -> bool:
        if self.question is not None and self.view is not None:
            self.view.say("The class is answering: Reveal first, then move on.", "bad")
            return True
        return False

    def ask(self) -> None:
        """ "Your move?": the class is asked about the position on the board."""
        self._check_open()
        if not self.token or self.view is None:
            raise ValueError("lead the class first: open a board with Lead the class")
        self._changed()
        self.question = self.store().ask(self.token)
        self._marks = []  # the last question's answers are not this one's
        self.view.model.set_table(fixed="the class is answering: Reveal first, then move on")
        names = self.view.game.facts.player_names
        self.words.value = (
            f"<p><b>Your move?</b> The class is asked for {html.escape(names[self.question.seat])}'s"
            " move. The answers come in below and on the board.</p>"
        )
        self.view.after_change(None, run_computer=False)  # the answers' marks, none yet
        self.view.say(
            f"Your move? The class is asked for {names[self.question.seat]}'s move: press "
            "Reveal when they have answered.",
            "info",
        )
        self._buttons()
        self.refresh()

    def reveal(self) -> None:
        """Judge every answer (in the background: its progress said), store the verdicts,
        show the best move; each pupil sees their own verdict."""
        self._check_open()
        question = self.question
        if question is None or self.view is None:
            raise ValueError("no question is open: ask the class first (Your move?)")
        answers = self.store().answers(question.id)
        token = self.token
        self.words.value = "<p>Judging the answers…</p>"
        self.reveal_button.disabled = True

        def judge() -> None:
            try:
                best, why, verdicts = judged(question.position, [a.move for a in answers])
                self.store().reveal(token, best, why, verdicts)
            except (ValueError, sg.IllegalMove) as e:
                self.words.value = (
                    f"<p class='sg-lead-refused'>Not done: {html.escape(str(e), quote=False)}</p>"
                )
                self.reveal_button.disabled = False
                return
            self.question = None
            view = self.view
            if view is not None:  # the marks first, so the words never speak of a board behind
                view.safe(lambda: self._show_reveal(view, best, why, answers, verdicts))()
            self.reveal_button.disabled = False
            self.words.value = f"<p><b>Best:</b> {html.escape(why)}.</p>" + verdict_table(
                answers, verdicts, self.names_box.value, sg.load_record(question.position).state()
            )
            self.answers.value = ""
            self._buttons()

        if self.console.background:
            self._judging = threading.Thread(target=judge, name="reveal", daemon=True)
            self._judging.start()
        else:
            judge()

    def _show_reveal(
        self,
        view: GameView,
        best: str,
        why: str,
        answers: list[Answer],
        verdicts: dict[str, tuple[str, str]],
    ) -> None:
        """The reveal on the teacher's board (and so on the projector): the best move and each
        answer marked with its verdict's sign, said in words, until the board moves on."""
        view.model.set_table(fixed="")
        counts = collections.Counter(a.move for a in answers)
        rows = []
        for move, n in counts.most_common():
            verdict, words = verdicts.get(move, ("", ""))
            who = (
                ", ".join(a.pupil for a in answers if a.move == move)
                if self.names_box.value
                else f"{n} chose it"
            )
            rows.append((move, verdict, f"{words} ({who})"))
        marks, signs = revealed_marks(view.state, best, why, rows)
        heading = "The best move, and the class's answers:" if rows else "The best move:"
        view.mark(marks, heading, chart=False, badges=signs)
        view.say(f"Best: {why}.", "good")

    def stop(self) -> None:
        """Stop leading: the pupils' boards are their own again."""
        if self.token:
            self.store().end_lead(self.token)
        self.token, self.question, self.view = "", None, None
        self.board_box.children = []
        self.answers.value = ""
        self.words.value = "<p>You stopped leading; the pupils' boards are their own again.</p>"
        self._buttons()

    def _buttons(self) -> None:
        leading, asking = bool(self.token), self.question is not None
        self.count.layout.display = None if asking else "none"
        self.ask_button.layout.display = None if leading and not asking else "none"
        self.reveal_button.layout.display = None if asking else "none"
        self.stop_button.layout.display = None if leading else "none"
        self.lead_button.description = "Lead anew" if leading else "Lead the class"

    # ---- the answers as they come ------------------------------------------------------------

    def refresh(self) -> None:
        """The answers so far (the console's poll calls it)."""
        question, view = self.question, self.view
        if question is None or view is None:
            return
        answers = self.store().answers(question.id)
        lead = self.store().lead()
        following = lead.followers if lead is not None else 0
        counts = collections.Counter(a.move for a in answers)
        self.count.value = (
            f"<b>{len(answers)} of {following}</b> following "
            f"{'has' if following == 1 else 'have'} answered"
        )
        self.answers.value = answers_table(answers, None, self.names_box.value, view.state)
        marks = self._marks_for(counts)
        if marks != self._marks:
            self._marks = marks
            view.redraw()

    def _marks_for(self, counts: collections.Counter[str]) -> list[HintMark]:
        view = self.view
        if view is None or not counts:
            return []
        top = max(counts.values())
        marks = []
        for move, n in counts.most_common():
            try:
                parsed = view.state.parse_move(move)
            except sg.IllegalMove:
                continue
            marks.append(HintMark(n, parsed, n / top, 0.3 + 0.7 * n / top, "", n, "pupils"))
        return marks

    def _answer_marks(self) -> list[HintMark]:
        """The board's marks while the class answers: each move chosen, numbered with how many
        chose it (the hint marks' drawing); else the board's own (the reveal's, a hint's)."""
        if self.question is not None:
            return list(self._marks)
        view = self.view
        if view is None:
            return []
        return hint_marks(view.suggestions, view.marks_badges, view.marks_then)


def judged(
    position: str, moves: list[str], playouts: int = REVEAL_PLAYOUTS
) -> tuple[str, str, dict[str, tuple[str, str]]]:
    """The best move in ``position`` (a record's text), why, and each answered move's verdict
    and words (``sg.ai.compare``, as Compare my move judges a move)."""
    state = sg.load_record(position).state()
    verdicts: dict[str, tuple[str, str]] = {}
    best = ""
    for move in dict.fromkeys(moves):
        c = sg.ai.compare(state, move, playouts=playouts, seed=0)
        verdicts[move] = (c.label, c.reason)
        if not best:
            best = c.best
    if not best:  # no answers: the best the search finds
        found = sg.ai.compare(state, state.legal_moves()[0], playouts=playouts, seed=0)
        best = found.best
    why = said_with_gain(state, best)
    return best, why[:1].upper() + why[1:], verdicts


def answers_table(
    answers: list[Answer],
    verdicts: dict[str, tuple[str, str]] | None,
    names: bool,
    state: sg.State | None = None,
) -> str:
    """The class's answers as a table: each move (in words where ``state``, the position
    asked, is given), how many chose it, its verdict (once revealed: ``verdicts``, on the one
    scale, its sign and colour), who chose it (``names``); "" with no answer."""
    counts = collections.Counter(a.move for a in answers)
    rows = "".join(
        f"<tr><td>{html.escape(said_move(state, move) if state is not None else move)}</td>"
        f"<td>{n}</td>"
        + (
            f"<td>{verdict_badge(verdicts.get(move, ('', ''))[0])}</td>"
            if verdicts is not None
            else ""
        )
        + (
            f"<td>{html.escape(', '.join(a.pupil for a in answers if a.move == move))}</td>"
            if names
            else ""
        )
        + "</tr>"
        for move, n in counts.most_common()
    )
    if not rows:
        return ""
    head = "<th>Move</th><th>Chosen by</th>" + ("<th>Verdict</th>" if verdicts is not None else "")
    css = ' class="sg-lead-verdicts"' if verdicts is not None else ""
    return f"<table{css}><tr>{head}{'<th>Who</th>' if names else ''}</tr>{rows}</table>"


def verdict_table(
    answers: list[Answer],
    verdicts: dict[str, tuple[str, str]],
    names: bool,
    state: sg.State | None = None,
) -> str:
    """The class's answers at the reveal: each move, how many chose it, its verdict."""
    return answers_table(answers, verdicts, names, state) or "<p>No one answered.</p>"
