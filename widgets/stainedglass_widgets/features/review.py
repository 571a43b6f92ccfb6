"""The review board: a finished (or unfinished) game stepped through move by move, each move
judged by ``sg.ai.review`` with its reason in words, a win-chance timeline, and side lines.

- Step with **First**, **Back**, **Forward**, **Last**, the arrow keys (and Home / End) on the
  move list, or click a move in the move list or a point of the timeline.
- At a judged move the board shows the move played in its player's glass and, where it cost
  something, the better move as a violet mark (1), with the verdict in words above it.
- **Try a move**: from any position, play other moves on the board (yourself, or Hint for the
  bot's); **Back to the game** returns to the game's line; the side lines are kept in the record
  (Save on the play view, or :attr:`ReviewBoard.record`).

The review runs off the event loop (a progress bar and Cancel), its positions searched by up to
``REVIEW_JOBS`` processes; each move's verdict is shown as it comes (the move list's signs, and
the verdict of a judged move clicked), and the timeline is built once with its final data
(plotly's pitfall under Voila).

>>> import stainedglass as sg
>>> state = sg.load("cathedral").new_game(seed=1)
>>> state.play("cathedral e4 d5 e5 f5 e6 e7"); state.play("tavern a1")
>>> board = ReviewBoard(state.record(), playouts=20, background=False)
>>> board.start()
>>> [j.label for j in board.review.judgements] != [], board.ply
(True, 2)
>>> board.go(1); board.ply, board.view.state.history
(1, ['cathedral e4 d5 e5 f5 e6 e7'])
"""

from __future__ import annotations

import html
import os
import threading
from typing import TYPE_CHECKING, Any

import ipywidgets as w

import stainedglass as sg
from stainedglass.ai.review import DEFAULT_PLAYOUTS, LABELS, said_with_gain
from stainedglass.glass import GLASS

from ..kit.board import Board
from .charts import PAPER, PLOT
from ..kit.feature import Feature
from ..kit.messages import MARKS, message_html, verdict_text
from .projector import Projector
from .records import uploaded_text
from ..kit.registry import view_class
from ..kit.searches import Search

if TYPE_CHECKING:
    from ..kit.game_view import GameView

GOOD = ("best", "excellent", "good")
"""The verdicts said as good news (a green message)."""
REVIEW_PLAYOUTS = DEFAULT_PLAYOUTS
"""Playouts a position for the review board: the review's default (reproducible; ``make bench``
times a 40-move game of each game)."""
TIMELINE_WIDTH = 440
"""The win-chance timeline's width in pixels (a plotly chart keeps the width it is drawn at)."""
TIMELINE_WINDOW = 40
"""The most moves the timeline shows at once: a longer game's window follows the move shown
(each move some 9 px from the next, room for the marks' signs)."""
SMOOTH = 5
"""In a game of dice or cards, the thick line of the timeline averages this many moves."""
REVIEW_JOBS = 2
"""The most processes a review board searches with (no more than the machine's cores; one when
the board works in the foreground, as tests and scripts make it). Two: a class server runs a
kernel a pupil, and a review's processes end with it."""


class Compare(Feature):
    """**Compare my move** during play (the last move a person made against the best the
    search finds, in words) and **Review this game** at its end (the review board below)."""

    name = "review"
    provides = ("compare_button", "review_button", "review_box", "compare_last", "open_review")

    def __init__(self, view: GameView) -> None:
        super().__init__(view)
        self.compare_button = w.Button(
            description="Compare my move", tooltip="your last move against the best one, in words"
        )
        self.compare_button.add_class("sg-compare")
        self.compare_button.on_click(view.safe(lambda _: self.compare_last()))
        self.review_button = w.Button(
            description="Review this game",
            button_style="info",
            tooltip="every move judged, with a win-chance timeline",
            layout=w.Layout(display="none"),
        )
        self.review_button.add_class("sg-review-button")
        self.review_button.on_click(view.safe(lambda _: self.open_review()))
        self.review_box = w.VBox()
        view.add_widgets("strip", self.compare_button)
        view.add_widgets("records", self.review_button)
        view.add_widgets("below", self.review_box)
        view.hooks.after_change.append(self.update)
        self._tooltip = self.compare_button.tooltip

    def update(self) -> None:
        self.review_button.layout.display = None if self.view.state.is_terminal() else "none"
        off = self.view.no_help()  # a teacher's question open: no comparing meanwhile
        self.compare_button.disabled = bool(off)
        self.compare_button.tooltip = off or self._tooltip

    def compare_last(self) -> None:
        """Put the last move a person made against the best the search finds (in the
        background, with a progress bar and a cancel), and say the verdict in words."""
        view = self.view
        off = view.no_help()
        if off:
            view.say(off, "bad")
            return
        if view.search is not None:
            view.say("Still thinking: " + view.model.about)
            return
        found = view.model.last_person_move()
        if found is None:
            view.say("No move of yours to compare yet: play one first.")
            return
        before, move = found
        budget = 2 * view.hint_budget_s
        view.model.think(
            f"Comparing {move} with the best move ({budget:.1f} s)…",
            budget,
            lambda stop: sg.ai.compare(before, move, budget_s=budget, stop=stop),
            self._compared,
        )

    def _compared(self, verdict: sg.ai.Comparison) -> None:
        kind = (
            "good" if verdict.label in GOOD else "info" if verdict.label == "inaccuracy" else "bad"
        )
        given = f", {verdict.loss:.0%} of the win given away" if verdict.label != "best" else ""
        self.view.say(
            f"Compared with the best: {verdict_text(verdict.label)}{given}. {verdict.reason}", kind
        )

    def open_review(self, ply: int | None = None, playouts: int | None = None) -> None:
        """Open the review board on this game, below the board: at its end, or after ``ply``
        moves (the coach's report card); ``playouts`` a position (else the board's default)."""
        view = self.view
        record = view.model.record()
        if record is None or not record.moves:
            view.say("No game to review yet.")
            return
        options: dict[str, Any] = {} if playouts is None else {"playouts": playouts}
        board = ReviewBoard(record, background=view.background, strict=view.strict, **options)
        self.review_box.children = [board]
        board.start()
        if ply is not None:
            board.go(ply)  # a review still running goes there when it is done


class ReviewBoard(w.VBox):
    """Review ``record`` (an ``sg.Record``): :meth:`start` runs the review."""

    def __init__(
        self,
        record: sg.Record,
        *,
        playouts: int = REVIEW_PLAYOUTS,
        seed: int = 0,
        background: bool = True,
        strict: bool | None = None,
    ) -> None:
        super().__init__()
        self.record = record
        self.playouts, self.seed = playouts, seed
        self.background = background
        self.review: sg.ai.Review | None = None
        self.ply = len(record.moves)
        self.in_branch = False
        self._lock = threading.RLock()
        self.search: Search | None = None
        self.figure: Any = None
        cls = view_class(record.game)
        self.view = cls(
            record.state(self.ply),
            compact=True,
            background=background,
            strict=strict,
            dashboard="review",
        )  # the review board's projector
        self.view.add_class("sg-review-view")
        self.names = self.view.player_names
        self.title = w.HTML(
            f"<h3 style='margin:6px 0'>Review: {html.escape(self.view.game.title)}"
            f", {len(record.moves)} moves</h3>"
        )
        self.buttons = {}
        for key, words, tip in (
            ("first", "« First", "the start (Home)"),
            ("back", "‹ Back", "one move back (←)"),
            ("forward", "Forward ›", "one move on (→)"),
            ("last", "Last »", "the last move (End)"),
        ):
            button = w.Button(description=words, tooltip=tip, layout=w.Layout(width="100px"))
            button.add_class(f"sg-review-{key}")
            button.on_click(self.view.safe(lambda _, k=key: self.step(k)))
            self.buttons[key] = button
        self.home_button = w.Button(
            description="Back to the game",
            button_style="warning",
            layout=w.Layout(display="none"),
            tooltip="leave the side line, back to the game's moves",
        )
        self.home_button.add_class("sg-review-home")
        self.home_button.on_click(self.view.safe(lambda _: self.back_to_game()))
        self.verdict = w.HTML(layout=w.Layout(max_width="900px"))
        self.verdict.add_class("sg-review-verdict")
        self.moves = Board(layout=w.Layout(width="760px"))
        self.moves.add_class("sg-review-moves")
        self.moves.watch_keys = ["ArrowLeft", "ArrowRight", "Home", "End"]
        self.moves.on_click(self.view.safe(self._move_clicked))
        self.moves.on_key(self.view.safe(self._key))
        self.moves_box = w.Box([self.moves], layout=w.Layout(max_height="240px", overflow="auto"))
        self.progress = w.FloatProgress(
            value=0,
            min=0,
            max=max(1, len(record.moves)),
            description="Reviewing",
            layout=w.Layout(width="360px"),
        )
        self.cancel_button = w.Button(description="Cancel", tooltip="stop the review here")
        self.cancel_button.on_click(self.view.safe(lambda _: self.cancel()))
        self.progress_row = w.HBox([self.progress, self.cancel_button])
        self.timeline = w.Box()
        self.timeline.add_class("sg-review-timeline")
        self.view.hooks.after_change.append(self._view_changed)
        # the review for the back of a room: the board, its title and the verdict
        self.projector = Projector(
            self, self.view.safe, keep=lambda: [self.title, self.verdict], views=lambda: [self.view]
        )
        self.view.hooks.after_change.append(self.projector.follow)
        self.children = [
            self.title,
            self.progress_row,
            self.timeline,
            w.HBox([*self.buttons.values(), self.home_button, self.projector.box]),
            self.verdict,
            self.moves_box,
            self.view,
        ]
        self._draw_moves()

    # ---- the review ----------------------------------------------------------------------------

    def start(self) -> None:
        """Run the review (in the background unless ``background`` is False)."""
        record, playouts, seed = self.record, self.playouts, self.seed
        jobs = max(1, min(REVIEW_JOBS, os.cpu_count() or 1)) if self.background else 1
        count = [0]
        so_far: list[sg.ai.Review] = []

        def work(stop: Any) -> sg.ai.Review:
            def progress(ply: int, total: int) -> None:
                count[0] = ply

            def partial(review: sg.ai.Review) -> None:  # a copy: the list grows meanwhile
                so_far[:] = [
                    sg.ai.Review(review.game, list(review.judgements), review.start, False)
                ]

            return sg.ai.review(
                record,
                playouts=playouts,
                seed=seed,
                progress=progress,
                stop=stop,
                partial=partial,
                jobs=jobs,
            )

        self.search = Search(
            work,
            on_done=self.view.safe(self._reviewed),
            on_error=self.view.safe(self._failed),
            on_progress=self.view.safe(
                lambda _s: self._progress(count[0], so_far[0] if so_far else None)
            ),
            lock=self._lock,
            background=self.background,
        )
        self.search.start()

    def wait(self, timeout: float = 600.0) -> bool:
        """Block until the review is done (tests, scripts)."""
        search = self.search
        return True if search is None else search.wait(timeout)

    def cancel(self) -> None:
        if self.search is not None:
            self.search.cancel()
            self.search = None
            self.progress_row.layout.display = "none"
            self.verdict.value = message_html("Review cancelled.", "info")

    def _progress(self, ply: int, so_far: sg.ai.Review | None = None) -> None:
        """The bar, and the verdicts so far: the move list's signs, and the shown move's."""
        self.progress.value = ply
        self.progress.description = f"{ply} / {len(self.record.moves)}"
        if so_far is None or (
            self.review is not None and len(so_far.judgements) <= len(self.review.judgements)
        ):
            return
        shown = self.judgement(self.ply)
        self.review = so_far
        self._draw_moves()
        if shown is None and self.judgement(self.ply) is not None and not self.in_branch:
            self.go(self.ply)  # the shown move has its verdict now

    def _failed(self, error: BaseException) -> None:
        self.search = None
        self.progress_row.layout.display = "none"
        self.verdict.value = message_html(f"The review stopped: {error}", "bad")
        if self.view.strict:
            raise error

    def _reviewed(self, review: sg.ai.Review) -> None:
        self.search = None
        self.review = review
        self.progress_row.layout.display = "none"
        self._build_timeline()
        self.go(self.ply)

    # ---- moving through the game ---------------------------------------------------------------

    def step(self, where: str) -> None:
        last = len(self.record.moves)
        target = {"first": 0, "back": self.ply - 1, "forward": self.ply + 1, "last": last}[where]
        self.go(max(0, min(last, target)))

    def go(self, ply: int) -> None:
        """Show the game after ``ply`` moves, with the verdict on the move that led there."""
        ply = max(0, min(len(self.record.moves), int(ply)))
        self.ply, self.in_branch = ply, False
        self.home_button.layout.display = "none"
        judgement = self.judgement(ply)
        state = self.record.state(ply)
        self._quiet = True
        try:
            self.view.set_position(state)
        finally:
            self._quiet = False
        if judgement is not None and judgement.best is not None and judgement.label not in GOOD:
            # the move played is on the board in its player's glass; the better one in violet
            before = state.clone()  # the position the move was played in, without a replay
            before.undo()
            self.view.mark(
                [
                    sg.ai.Suggestion(
                        before.parse_move(judgement.best),
                        judgement.before,
                        self.playouts,
                        "playouts a position",
                        "the better move: " + said_with_gain(before, judgement.best),
                    )
                ],
                f"{self.names[judgement.player]} could have played better:",
            )
        self.verdict.value = self.verdict_html(judgement)
        self._draw_moves()
        self._mark_timeline()

    def judgement(self, ply: int) -> sg.ai.Judgement | None:
        if self.review is None or not 1 <= ply <= len(self.review.judgements):
            return None
        return self.review.judgements[ply - 1]

    def verdict_html(self, j: sg.ai.Judgement | None) -> str:
        if self.ply == 0:
            return message_html("The start of the game.", "info")
        if j is None:
            move = self.record.moves[self.ply - 1]
            return message_html(
                f"Move {self.ply}: {move}"
                + (" (the review is still running)" if self.search is not None else ""),
                "info",
            )
        who = "Chance" if j.player < 0 else self.names[j.player]
        kind = "good" if j.label in GOOD else "bad" if j.label in ("mistake", "blunder") else "info"
        if j.player < 0 or j.label == "hidden":
            return message_html(f"Move {j.ply}, {who}: {j.move} ({j.label}). {j.reason}", kind)
        given = f", {j.loss:.0%} of the win given away" if j.label not in ("best", "luck") else ""
        return message_html(
            f"Move {j.ply}, {who}: {verdict_text(j.label)}{given}. {j.reason}", kind
        )

    def _move_clicked(self, ident: str | None) -> None:
        if ident and ident.startswith("ply:"):
            self.go(int(ident[4:]))

    def _key(self, key: str | None) -> None:
        where = {"ArrowLeft": "back", "ArrowRight": "forward", "Home": "first", "End": "last"}.get(
            key or ""
        )
        if where:
            self.step(where)

    # ---- side lines ------------------------------------------------------------------------------

    _quiet = False

    def _view_changed(self) -> None:
        """A move played on the board: a side line from the shown position."""
        if self._quiet:
            return
        played = self.view.state.history[len(self.view.start.history) :]
        if not played:
            return
        self.in_branch = True
        self.home_button.layout.display = None
        line = sg.Branch(len(self.view.start.history), list(played))
        if (
            self.record.branches
            and self.record.branches[-1].at == line.at
            and played[: len(self.record.branches[-1].moves)]
            == self.record.branches[-1].moves[: len(played)]
        ):
            self.record.branches[-1] = line
        else:
            self.record.branches.append(line)
        value = (
            self.view.state.evaluate()
            if not self.view.state.is_terminal()
            else self.view.state.returns()
        )
        shares = ", ".join(f"{n} {v:.0%}" for n, v in zip(self.names, value))
        self.verdict.value = message_html(
            f"Side line from move {line.at}: {' · '.join(played)}. The board's estimate now: "
            f"{shares}. Back to the game returns to the moves played.",
            "info",
        )

    def back_to_game(self) -> None:
        self.go(self.ply)

    # ---- the move list and the timeline ----------------------------------------------------------

    def _draw_moves(self) -> None:
        self.moves.draw(
            moves_svg(self.record, self.review, self.ply, self.names, self.view.player_glass)
        )

    def timeline_data(self) -> list[dict[str, Any]]:
        """Each player's win chance after every move, and the inaccuracies, mistakes and
        blunders marked in the mover's glass, the worst signed (``??``) where the sign has room
        at the window's scale (every mark tells its word on hover). In a game with dice or
        cards, the thick line is the chance averaged over the moves around it (:data:`SMOOTH`)
        and the thin one each move's own figure."""
        review = self.review
        assert review is not None
        n = len(review.start)
        xs = list(range(len(review.judgements) + 1))
        chance = self.view.game.facts.chance
        bad = _marked(review)
        signed = _signed(bad, min(len(xs), TIMELINE_WINDOW))
        traces: list[dict[str, Any]] = []
        for p in range(n):
            glass = GLASS[self.view.player_glass[p]]
            ys = [review.start[p]] + [j.chances[p] for j in review.judgements]
            line: dict[str, Any] = {
                "type": "scatter",
                "x": xs,
                "y": ys,
                "mode": "lines+markers",
                "name": f"{glass.letter} · {self.names[p]}",
                "line": {"color": glass.mid, "width": 3},
                "marker": {"size": 6, "color": glass.dark},
                "hovertemplate": "move %{x}: %{y:.0%}<extra></extra>",
            }
            if chance:
                traces.append(
                    {
                        **line,
                        "line": {"color": glass.mid, "width": 1},
                        "marker": {"size": 3, "color": glass.dark},
                        "showlegend": False,
                    }
                )
                line = {
                    **line,
                    "y": smoothed(ys),
                    "mode": "lines",
                    "hovertemplate": "around move %{x}: %{y:.0%}<extra></extra>",
                }
            traces.append(line)
            mine = [j for j in bad if j.player == p]
            traces.append(
                {
                    "type": "scatter",
                    "x": [j.ply for j in mine],
                    "y": [j.chances[p] for j in mine],
                    "mode": "markers+text",
                    "name": f"{self.names[p]}'s mistakes",
                    "text": self._signs(mine, signed),
                    "textposition": [_above(j.chances[p]) for j in mine],
                    "customdata": [j.label for j in mine],
                    "marker": {
                        "color": glass.dark,
                        "size": [8 + 4 * _rank(j.label) for j in mine],
                        "symbol": "x",
                        "line": {"color": "#17150f", "width": 1},
                    },
                    "hovertemplate": "move %{x}: %{customdata}<extra></extra>",
                }
            )
        return traces

    def _signs(self, marks: list[sg.ai.Judgement], signed: set[int]) -> list[str]:
        """The signs written beside ``marks``: those ``signed`` within the window shown."""
        total = len(self.review.judgements) if self.review is not None else 0
        lo, hi = _window(self.ply, total)
        return [MARKS[j.label] if j.ply in signed and lo <= j.ply <= hi else "" for j in marks]

    def timeline_layout(self) -> dict[str, Any]:
        """The timeline's window (the moves around the one shown, :data:`TIMELINE_WINDOW` at
        most), its title and the cursor on the move shown."""
        total = len(self.review.judgements) if self.review is not None else len(self.record.moves)
        lo, hi = _window(self.ply, total)
        words = "Win chance after each move"
        if hi - lo < total:
            words = f"Win chance, moves {max(lo, 1)}-{hi} of {total}"
        return {
            "title.text": words,
            "xaxis.range": [lo - 1.5, hi + 0.5],  # the first tick's figure clear of the 0%
            "shapes": [_cursor(self.ply)],
        }

    def _build_timeline(self) -> None:
        import plotly.graph_objects as go  # on demand: its bundle is large

        traces = self.timeline_data()
        where = self.timeline_layout()
        legend_rows = sum(1 for t in traces if t.get("showlegend", True)) // 2
        figure = go.FigureWidget(
            data=traces,
            layout={  # 440 px: it reads the same in a narrow column, on a laptop or a projector
                "title": {"text": where["title.text"], "x": 0.02, "xanchor": "left"},
                "xaxis": {
                    "title": "move (click a point to go there)",
                    "range": where["xaxis.range"],
                    "fixedrange": True,  # the window follows the move shown
                },
                "yaxis": {
                    "title": "win chance",
                    "range": [0, 1],
                    "tickformat": ".0%",
                    "fixedrange": True,
                },
                "height": 340 + 22 * max(0, legend_rows - 1),  # the legend's rows
                "width": TIMELINE_WIDTH,
                "legend": {"orientation": "h", "x": 0, "y": -0.3, "yanchor": "top"},
                "margin": {"l": 60, "r": 20, "t": 50, "b": 110},
                "paper_bgcolor": PAPER,
                "plot_bgcolor": PLOT,
                "shapes": where["shapes"],
            },
        )
        for trace in figure.data:
            trace.on_click(self.view.safe(lambda _t, points, _s: self._timeline_clicked(points)))
        self.figure = figure
        note = w.HTML(
            f"<div class='sg-review-swings' style='max-width:{TIMELINE_WIDTH}px;"
            "font-size:13px;margin:0 0 6px 8px'>Dice and cards swing the chance from move to"
            f" move: the thick line is the average of the {SMOOTH} moves around each one, the"
            " thin line each move's own figure; ⚄ in the move list marks a roll or a"
            " draw.</div>"
            if self.view.game.facts.chance
            else ""
        )
        self.timeline.children = (w.VBox([figure, note]),)

    def _timeline_clicked(self, points: Any) -> None:
        if points.xs:
            self.go(int(points.xs[0]))

    def _mark_timeline(self) -> None:
        if self.figure is not None:
            where = self.timeline_layout()
            review = self.review
            assert review is not None
            bad = _marked(review)
            signed = _signed(bad, min(len(review.judgements) + 1, TIMELINE_WINDOW))
            with self.figure.batch_update():
                for trace in self.figure.data:
                    if trace.mode == "markers+text":
                        mine = [j for j in bad if j.ply in set(trace.x)]
                        trace.text = self._signs(mine, signed)
                self.figure.layout.shapes = where["shapes"]
                self.figure.layout.xaxis.range = where["xaxis.range"]
                self.figure.layout.title.text = where["title.text"]


def _cursor(ply: int) -> dict[str, Any]:
    return {
        "type": "line",
        "x0": ply,
        "x1": ply,
        "y0": 0,
        "y1": 1,
        "line": {"color": "#6a3d9a", "width": 2, "dash": "dot"},
    }


def _window(ply: int, total: int) -> tuple[int, int]:
    """The first and last move the timeline shows with move ``ply`` in view: the whole game, or
    :data:`TIMELINE_WINDOW` moves with ``ply`` in their middle."""
    if total <= TIMELINE_WINDOW:
        return 0, total
    lo = min(max(0, ply - TIMELINE_WINDOW // 2), total - TIMELINE_WINDOW)
    return lo, lo + TIMELINE_WINDOW


def smoothed(ys: list[float], span: int = SMOOTH) -> list[float]:
    """Each figure averaged with those around it, ``span`` at most (fewer at the ends).

    >>> [round(y, 2) for y in smoothed([0.5, 0.2, 0.8, 0.2, 0.8], 3)]
    [0.35, 0.5, 0.4, 0.6, 0.5]
    """
    half = span // 2
    out = []
    for i in range(len(ys)):
        part = ys[max(0, i - half) : i + half + 1]
        out.append(sum(part) / len(part))
    return out


def _above(y: float) -> str:
    """Where a mark's sign goes: above the mark, or under it near the top of the chart."""
    return "top center" if y < 0.85 else "bottom center"


_PLOT_WIDTH = TIMELINE_WIDTH - 80  # less the margins
_PLOT_HEIGHT = 180
_SIGN_HEIGHT = 15  # 12 px type


def _marked(review: sg.ai.Review) -> list[sg.ai.Judgement]:
    """The moves the timeline marks: inaccuracies, mistakes and blunders."""
    return [j for j in review.judgements if j.label in ("inaccuracy", "mistake", "blunder")]


def _signed(bad: list[sg.ai.Judgement], span: int) -> set[int]:
    """The moves among ``bad`` whose sign is written, the worst first, none over another at the
    scale of ``span`` moves across the chart."""
    per_move = _PLOT_WIDTH / max(span + 1, 1)
    boxes: list[tuple[float, float, float, float]] = []
    chosen: set[int] = set()
    for j in sorted(bad, key=lambda j: (-_rank(j.label), j.ply)):
        y = j.chances[j.player]
        sign = MARKS[j.label]
        x = j.ply * per_move
        half = 3.5 * len(sign) + 1
        edge = (1 - y) * _PLOT_HEIGHT  # from the top
        size = (8 + 4 * _rank(j.label)) / 2
        if _above(y) == "top center":
            top, bottom = edge - size - _SIGN_HEIGHT, edge - size
        else:
            top, bottom = edge + size, edge + size + _SIGN_HEIGHT
        box = (x - half, x + half, top, bottom)
        if all(box[1] <= b[0] or b[1] <= box[0] or box[3] <= b[2] or b[3] <= box[2] for b in boxes):
            boxes.append(box)
            chosen.add(j.ply)
    return chosen


def _rank(word: str) -> int:
    return [w for w, _ in LABELS].index(word) if word in dict(LABELS) else 0


def moves_svg(
    record: sg.Record,
    review: sg.ai.Review | None,
    ply: int,
    names: tuple[str, ...],
    glasses: tuple[str, ...],
) -> str:
    """The move list as clickable chips (``data-id="ply:N"``), four to a row: the mover's
    glass letter, the move, the label's sign; the shown move outlined."""
    per_row, cw, ch = 4, 190, 24
    chips = [(0, "start", "", "#6f685a")]
    for i, move in enumerate(record.moves, 1):
        j = review.judgements[i - 1] if review is not None and i <= len(review.judgements) else None
        who = j.player if j is not None else -2
        letter = (
            GLASS[glasses[who]].letter if 0 <= who < len(glasses) else ("⚄" if who == -1 else "")
        )
        colour = GLASS[glasses[who]].mid if 0 <= who < len(glasses) else "#9a9488"
        sign = MARKS.get(j.label, "") if j is not None else ""
        chips.append((i, f"{i}. {letter} {move}", sign, colour))
    rows = (len(chips) + per_row - 1) // per_row
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {per_row * cw} {rows * ch}" '
        f'width="{per_row * cw}" role="list" aria-label="moves of the game">'
    ]
    for k, (n, text, sign, colour) in enumerate(chips):
        x, y = (k % per_row) * cw, (k // per_row) * ch
        shown = n == ply
        short = text if len(text) <= 21 else text[:20] + "…"
        label = html.escape(f"{text} {sign}".strip())
        parts.append(
            f'<g data-id="ply:{n}" role="listitem" aria-label="{label}" style="cursor:pointer">'
            f'<rect x="{x + 2}" y="{y + 2}" width="{cw - 4}" height="{ch - 4}" rx="5" '
            f'fill="{"#efe4fb" if shown else "#fbf8ef"}" stroke="{"#6a3d9a" if shown else colour}"'
            f' stroke-width="{3 if shown else 1.5}"/>'
            f'<text x="{x + 8}" y="{y + 16}" font-size="12" font-family="monospace" '
            f'fill="#2d2a24">{html.escape(short)}</text>'
            f'<text x="{x + cw - 8}" y="{y + 16}" font-size="12" text-anchor="end" '
            f'font-weight="bold" fill="#8c1c13">{html.escape(sign)}</text></g>'
        )
    parts.append("</svg>")
    return "".join(parts)


class ReviewPicker(w.VBox):
    """The review notebook: a bundled example game of each game with a view (``games/`` beside
    the notebook), a record file of your own, or a shared link's game; each reviewed on a
    :class:`ReviewBoard`."""

    def __init__(
        self,
        folder: str | None = None,
        *,
        playouts: int = REVIEW_PLAYOUTS,
        background: bool = True,
        strict: bool | None = None,
        autostart: bool = True,
    ) -> None:
        super().__init__()
        self.autostart = autostart  # False: the review waits for open_query (a preheated
        # kernel then spends nothing on it before someone opens the page)
        import pathlib

        from ..kit.registry import views

        self.folder = pathlib.Path(folder) if folder is not None else pathlib.Path("games")
        self.playouts, self.background, self.strict = playouts, background, strict
        titles = {name: sg.load(name).title for name in views()}
        self.examples = {
            name: self.folder / f"{name}.json"
            for name in titles
            if (self.folder / f"{name}.json").exists()
        }
        self.picker = w.Dropdown(
            options=[(titles[n], n) for n in self.examples],
            description="Example",
            layout=w.Layout(width="320px"),
        )
        self.picker.add_class("sg-review-picker")
        self.upload = w.FileUpload(accept=".json,.txt", multiple=False, description="Open a record")
        self.message = w.HTML()
        self.board_box = w.VBox()
        self.board: ReviewBoard | None = None
        self.picker.observe(lambda change: self._guard(self.show_example, change["new"]), "value")
        self.upload.observe(lambda change: self._guard(self._uploaded, change["new"]), "value")
        self.children = [w.HBox([self.picker, self.upload]), self.message, self.board_box]
        if self.examples:
            self.show_example(self.picker.value)
        else:
            self.message.value = message_html(f"No example games in {self.folder}.", "bad")

    def _guard(self, fn: Any, arg: Any) -> None:
        """A handler that shows a user's bad file as a message (never a traceback)."""
        try:
            fn(arg)
        except ValueError as e:
            self.message.value = message_html(f"Could not open it: {e}", "bad")

    def show_example(self, name: str) -> None:
        record = sg.load_record(self.examples[name].read_text())
        players = " and ".join(record.players) or "bots"
        self.show(record, f"An example game, played by {players}.")

    def _uploaded(self, files: Any) -> None:
        opened = uploaded_text(files)
        if opened is not None:
            self.show(sg.load_record(opened[1]), f"Your game ({opened[0]}).")

    def show(self, record: sg.Record, words: str = "") -> None:
        """Review ``record`` (the review runs in the background)."""
        try:
            view_class(record.game)
        except ValueError:
            raise ValueError(f"{record.game} has no board to review it on yet") from None
        if self.board is not None:
            self.board.cancel()
        self.board = ReviewBoard(
            record, playouts=self.playouts, background=self.background, strict=self.strict
        )
        self.board_box.children = [self.board]
        self.message.value = message_html(words, "info") if words else ""
        if self.autostart:
            self.board.start()

    def open_query(self, query: str | None = None) -> None:
        """Follow the page's query string: ``game=NAME`` picks that example, ``record=...``
        reviews a shared game (a bad one: a message, the example stays)."""
        from urllib.parse import parse_qs

        from ..kit.address import query_string

        query = query_string() if query is None else query
        fields = parse_qs(query.lstrip("?"), max_num_fields=20)
        waiting = self.board if not self.autostart else None
        self.autostart = True  # from now on, a review starts when a game is shown
        if fields.get("record"):
            self._guard(lambda q: self.show(sg.load_record(q), "The shared game."), "?" + query)
        elif fields.get("game"):
            name = fields["game"][0]
            if name in self.examples:
                self.picker.value = name
            else:
                self.message.value = message_html(f"No example game of {name!r}.", "bad")
        if (
            waiting is not None
            and waiting is self.board
            and self.board.search is None
            and self.board.review is None
        ):
            self.board.start()
