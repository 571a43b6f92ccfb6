"""The AI lab (``notebooks/ai_lab.ipynb``): bots compete while you watch, and how strength grows
with thinking time.

- :class:`TournamentLab`: a game, two to four bots with their settings, a number of games; the
  tournament runs off the event loop (on this machine's cores, or on a Dask cluster given as
  ``executor``) with a progress bar, a chart of win rates with 95% intervals that fills in as
  games end, and a stop button that keeps the games already played. With three bots or more
  (each pair plays, when the game seats two), a rating table and its chart: Bradley-Terry on
  the Elo scale, with intervals.
- :class:`SearchLab`: a searcher's view of a position (from a bundled example, a record or a
  share link, or played on its board): each candidate's win chance and support as a chart and
  as shaded marks on the board, its principal line move by move, how its choice settles as the
  budget grows (an anytime curve), and for the alpha-beta searches the nodes and cut-offs of
  each depth.
- :class:`YourBotLab`: your bot (its code typed into the cell, or given) against rungs of the
  game's ladder, its chart filling as games end; then its rating placed on the ladder's chart
  (``sg.ai.ladder.place``) and any of its games in the review board. Its faults (an illegal
  move, no move, an exception, a move over ``YOUR_TIME_LIMIT``) forfeit games, said in words.
- :func:`strength_svg`: each bot's rating against its seconds a move, from the ladders that ship
  with the package (``sg.ai.ladder.shipped``), so the notebook opens at once (and yours across
  it, once placed), and :func:`strength_words` under it: what the chart counts, whether the hint
  search's line rises and what a falling line means; beside it, :func:`levels_html`: the
  computer's levels 1 to 8 in order, a table for each number of players measured, with what
  was measured of each (``stainedglass.ai.levels``).

Its charts are SVG drawn by ``lab_charts`` (no plotly: the lab's page stays light); every bar and
line carries its bot's name, and lines differ by dash and marker, not only by colour.

>>> lab = TournamentLab(game="cathedral", bots=["greedy", "random"], games=2, jobs=1)
>>> lab.run_here()
>>> lab.table.rows[0]["games"], "greedy" in lab.chart.value
(2, True)
"""

from __future__ import annotations

import html
import itertools
import multiprocessing
import os
import pathlib
import threading
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any
from collections.abc import Callable

import ipywidgets as w

import stainedglass as sg
from stainedglass.ai.ladder import ladder_game, rated, shipped
from stainedglass.ai.levels import level_tables
from stainedglass.ai.search import Candidate
from stainedglass.ai.tournament import (
    GameResult,
    Table,
    entry,
    parse_bot,
    table_of,
    tournament,
)

from ..kit.messages import support_words
from ..kit.searches import Search
from .lab_charts import (
    line_chart_svg,
    percent,
    rate_chart_svg,
    strength_svg,
    text_width,
    tick_labels,
)

MAX_GAMES = 1000


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


# ---- the tournament panel -----------------------------------------------------------------------


def bot_spec(name: str, budget: float, more: str = "") -> str:
    """``name`` with ``budget`` seconds a move (when the bot takes a budget) and ``more``
    options (``"c=0.7"``, ``"depth=3, nodes=4000"``), checked: a ValueError names a bad one.

    >>> bot_spec("mcts", 0.5, "c=0.7"), bot_spec("greedy", 0.5)
    ('mcts:budget=0.5,c=0.7', 'greedy')
    >>> bot_spec("mcts", 0.5, "depth=3")
    Traceback (most recent call last):
    ...
    ValueError: bot 'mcts': unknown option 'depth'; its options are: budget, c, ...
    """
    cls = sg.ai.bots.bot_class(name)
    parts = [f"budget={budget:g}"] if "budget" in cls.defaults else []
    parts += [p.strip() for p in more.replace(";", ",").split(",") if p.strip()]
    spec = name + (":" + ",".join(parts) if parts else "")
    bot_name, options = parse_bot(spec)
    sg.ai.bot(bot_name, **options)  # checked now, not in a worker
    return spec


def plan(game: str, bots: list[str]) -> list[list[str]]:
    """The matches a lab tournament plays: all the bots in one game when the game seats that
    many, else every pair (two-player games), or each bot alone (solo games).

    >>> plan("cathedral", ["a", "b", "c"])
    [['a', 'b'], ['a', 'c'], ['b', 'c']]
    >>> plan("walls_of_light", ["a", "b", "c"]), plan("sagrada", ["a", "b"])
    ([['a', 'b', 'c']], [['a'], ['b']])
    """
    facts = sg.load(game).facts
    if facts.max_players == 1:
        return [[b] for b in bots]
    if facts.min_players <= len(bots) <= facts.max_players:
        return [list(bots)]
    return [list(pair) for pair in itertools.combinations(bots, 2)]


class _GamesThread:
    """A lab section whose games are played on a thread of its own (``_thread``, told to stop by
    ``_stop``), its state said in ``status``."""

    status: w.HTML
    _stop: threading.Event
    _thread: threading.Thread | None

    def stop(self) -> None:
        """Stop: the games not yet played are cancelled, those played are kept (and count)."""
        self._stop.set()
        self.status.value = "Stopping…"

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the games' thread; True once it has ended."""
        if self._thread is not None:
            self._thread.join(timeout)
            return not self._thread.is_alive()
        return True


class TournamentLab(_GamesThread):
    """The tournament panel (see the module); ``widget`` is what the notebook shows.

    ``bots`` and ``budget`` preset the seats; ``jobs`` processes play the games (default every
    core), or ``executor`` (a Dask ``Client``) does.
    """

    def __init__(
        self,
        game: str | None = None,
        bots: list[str] | None = None,
        budget: float = 0.1,
        games: int = 10,
        jobs: int | None = None,
        executor: Any = None,
    ) -> None:
        self.jobs, self.executor = jobs, executor
        self.game = w.Dropdown(
            options=[(sg.load(g).title, g) for g in sg.games()],
            value=game or sg.games()[0],
            description="Game",
        )
        self.seats = [
            w.Dropdown(description=f"Bot {i + 1}", layout=w.Layout(width="240px")) for i in range(4)
        ]
        self.budgets = [
            w.BoundedFloatText(
                value=budget,
                min=0.01,
                max=10.0,
                step=0.05,
                description="s a move",
                layout=w.Layout(width="170px"),
            )
            for _ in range(4)
        ]
        self.more = [
            w.Text(
                placeholder="more: depth=3, c=0.7…",
                layout=w.Layout(width="200px"),
                tooltip="the bot's other options, e.g. depth=3 (alphabeta) or "
                "c=0.7 (mcts: exploration)",
            )
            for _ in range(4)
        ]
        self.games = w.BoundedIntText(value=games, min=1, max=MAX_GAMES, description="Games")
        self.start_button = w.Button(
            description="Start", button_style="primary", icon="play", tooltip="play the tournament"
        )
        self.stop_button = w.Button(
            description="Stop",
            icon="stop",
            disabled=True,
            tooltip="stop: keep the games already played",
        )
        self.progress = w.IntProgress(value=0, min=0, max=1, description="Played")
        self.status = w.HTML()
        self.chart = w.HTML()
        self.ratings = w.HTML()
        for b in (self.start_button, self.stop_button):
            b.add_class("sg-lab-" + b.description.lower())
        self.games.add_class("sg-lab-games")
        self.chart.add_class("sg-lab-rates")
        self.ratings.add_class("sg-lab-ratings")
        self.status.add_class("sg-lab-status")
        self.game.observe(lambda _: self._offer_bots(), "value")
        self.start_button.on_click(lambda _: self.start())
        self.stop_button.on_click(lambda _: self.stop())
        self._offer_bots(bots)
        self.widget = w.VBox(
            [
                self.game,
                *[w.HBox([s, b, m]) for s, b, m in zip(self.seats, self.budgets, self.more)],
                w.HBox([self.games, self.start_button, self.stop_button]),
                self.progress,
                self.status,
                self.chart,
                self.ratings,
            ]
        )
        self.widget.add_class("sg-lab")
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self.table: Table | None = None
        self.tables: list[Table] = []

    def _offer_bots(self, preset: list[str] | None = None) -> None:
        names = sg.ai.bot_names(self.game.value)
        options = [("(empty)", "")] + [(n, n) for n in names]
        preset = preset or ["mcts", "greedy"]
        for i, seat in enumerate(self.seats):
            seat.options = options
            seat.value = preset[i] if i < len(preset) and preset[i] in names else ""

    def bots(self) -> list[str]:
        """The chosen bots as tournament specs (a ValueError names a bad option)."""
        return [
            bot_spec(s.value, b.value, m.value)
            for s, b, m in zip(self.seats, self.budgets, self.more)
            if s.value
        ]

    # ---- running -------------------------------------------------------------------------------

    def start(self) -> None:
        """Start the tournament in a background thread (a message instead, if the choice
        cannot be played)."""
        if self._thread is not None and self._thread.is_alive():
            return
        try:
            bots = self.bots()
        except ValueError as e:
            self.status.value = f"<b>{_esc(e)}</b>"
            return
        if len(bots) < 2 and sg.load(self.game.value).facts.max_players > 1:
            self.status.value = "<b>Choose at least two bots.</b>"
            return
        if not bots:
            self.status.value = "<b>Choose a bot.</b>"
            return
        if len(set(bots)) < len(bots):
            self.status.value = "<b>Choose different bots, or give them different budgets.</b>"
            return
        self._stop.clear()
        self.start_button.disabled, self.stop_button.disabled = True, False
        self._thread = threading.Thread(
            target=self._run, args=(self.game.value, bots), name="sg-lab-tournament", daemon=True
        )
        self._thread.start()

    def run_here(self) -> None:
        """Play the tournament in this thread (tests, scripts)."""
        self._stop.clear()
        self._run(self.game.value, self.bots())

    def _run(self, game: str, bots: list[str]) -> None:
        matches = plan(game, bots)
        n = self.games.value
        total = n * len(matches)
        self.progress.max, self.progress.value = total, 0
        self.tables = []
        done_before = 0
        executor, own = self.executor, None
        if executor is None and self.jobs != 1:
            # fresh processes, not forks of a kernel that runs threads
            own = executor = ProcessPoolExecutor(
                self.jobs or os.cpu_count(), mp_context=multiprocessing.get_context("spawn")
            )
        try:
            for k, seats in enumerate(matches):
                if self._stop.is_set():
                    break
                live: list[GameResult] = []

                def on_game(
                    result: GameResult, seats: list[str] = seats, live: list[GameResult] = live
                ) -> None:
                    live.append(result)
                    with self._lock:
                        self._show(
                            game,
                            bots,
                            self.tables + [table_of(game, seats, live)],
                            done_before + len(live),  # noqa: B023 - called within this iteration
                            total,
                        )

                table = tournament(
                    game,
                    seats,
                    n=n,
                    jobs=self.jobs,
                    seed=1000 * k,
                    executor=executor,
                    stop=self._stop,
                    on_game=on_game,
                )
                self.tables.append(table)
                done_before += len(table.results)
            with self._lock:
                self._show(game, bots, self.tables, done_before, total, final=True)
        except Exception as e:  # a bot's failure is shown, never lost in a thread
            self.status.value = f"<b>The tournament stopped:</b> {_esc(e)}"
        finally:
            if own is not None:
                own.shutdown(wait=False, cancel_futures=True)
            self.start_button.disabled, self.stop_button.disabled = False, True

    def _show(
        self,
        game: str,
        bots: list[str],
        tables: list[Table],
        done: int,
        total: int,
        final: bool = False,
    ) -> None:
        """Chart (and, with three bots or more, ratings) of the games so far."""
        self.progress.value = done
        rows = _merge(bots, tables)
        self.table = Table(
            game, rows, [r for t in tables for r in t.results], total, final and done < total
        )
        title = f"{sg.load(game).title}: {done} of {total} games"
        self.chart.value = rate_chart_svg(rows, title)
        if len(bots) >= 3 and sg.load(game).facts.max_players > 1:
            self.ratings.value = ratings_html(bots, tables)
        if final:
            self.status.value = (
                f"Stopped after {done} of {total} games."
                if done < total
                else f"Done: {done} games."
            )
        else:
            self.status.value = f"Playing… {done} of {total} games"


def _merge(bots: list[str], tables: list[Table]) -> list[dict[str, Any]]:
    """One row per bot over every match it played (wins, draws, losses, rate with its 95%
    Wilson interval, and ``by_seat``: the same counts for each seat it sat in)."""
    from stainedglass.ai.tournament import wilson

    rows = []
    for bot in bots:
        points = 0.0
        seats: dict[str, list[int]] = {}  # seat -> [games, wins, draws, losses], in seat order
        for t in tables:
            for r in t.rows:
                if r["bot"] == bot:
                    points += r["win_rate"] * r["games"]
                    for s in r["by_seat"]:
                        counts = seats.setdefault(s["seat"], [0, 0, 0, 0])
                        for j, k in enumerate(("games", "wins", "draws", "losses")):
                            counts[j] += s[k]
        games, wins, draws, losses = (sum(c[j] for c in seats.values()) for j in range(4))
        low, high = wilson(points, games)
        rows.append(
            {
                "bot": bot,
                "games": games,
                "wins": wins,
                "draws": draws,
                "losses": losses,
                "win_rate": points / games if games else 0.0,
                "ci_low": low,
                "ci_high": high,
                "by_seat": [
                    {"seat": seat, "games": n, "wins": w, "draws": d, "losses": lost}
                    for seat, (n, w, d, lost) in seats.items()
                ],
            }
        )
    return rows


def pairwise(bots: list[str], tables: list[Table]) -> list[list[tuple[int, int, float]]]:
    """The games as pairwise results ``(a, b, points of a)`` between bot indices, one group per
    match: a game of three counts as each pair of its seats (the higher return wins the pair).
    """
    index = {b: i for i, b in enumerate(bots)}
    groups = []
    for t in tables:
        seats_bots = [row["bot"] for row in t.rows]
        group = []
        for r in t.results:
            for sa, sb in itertools.combinations(range(len(r.returns)), 2):
                a = index[seats_bots[r.task.entries[sa]]]
                b = index[seats_bots[r.task.entries[sb]]]
                ra, rb = r.returns[sa], r.returns[sb]
                group.append((a, b, 1.0 if ra > rb else 0.0 if ra < rb else 0.5))
        if group:
            groups.append(group)
    return groups


def ratings_html(bots: list[str], tables: list[Table]) -> str:
    """A rating table (Bradley-Terry on the Elo scale, the first bot at 0, 95% intervals) and
    its chart."""
    groups = pairwise(bots, tables)
    if not groups:
        return ""
    values = rated(groups, len(bots), seed=0)
    order = sorted(range(len(bots)), key=lambda i: -values[i][0])
    head = (
        "<table class='sg-lab-rating-table'><tr><th>bot</th><th>rating</th>"
        "<th>95% interval</th></tr>"
    )
    body = "".join(
        f"<tr><td>{_esc(bots[i])}</td><td>{values[i][0]:.0f}</td>"
        f"<td>{values[i][1]:.0f} to {values[i][2]:.0f}</td></tr>"
        for i in order
    )
    series = {
        bots[i]: [(float(rank + 1), values[i][0], values[i][1], values[i][2])]
        for rank, i in enumerate(order)
    }
    chart = line_chart_svg(
        series,
        "Ratings (Elo, Bradley-Terry; first bot at 0)",
        "rank",
        "rating",
        log_x=False,
        height=260,
    )
    return head + body + "</table>" + chart


# ---- the search view ----------------------------------------------------------------------------

ANYTIME = (0.05, 0.1, 0.2, 0.4, 0.8)
"""The budgets of the anytime curve (those up to the analysis's own budget, then it)."""
LINE_PLIES = 4
MAX_BUDGET = 5.0


@dataclass
class Analysis:
    """What a search made of a position: its ``candidates`` (best first), the ``line`` it
    expects (moves and chance outcomes, as text), its choice and that move's value at each
    budget of ``anytime``, and for alpha-beta searches ``depth_stats`` (depth, nodes,
    cut-offs, finished) of each iteration."""

    bot: str
    budget: float
    candidates: list[Candidate]
    line: list[str]
    anytime: list[tuple[float, str, float]]
    depth_stats: list[tuple[int, int, int, bool]]


def searchers(game: str) -> list[str]:
    """The bots of ``game`` that search (and so have something to show).

    >>> searchers("cathedral")
    ['mcts', 'alphabeta', 'cathedral']
    """
    return [n for n in sg.ai.bot_names(game) if sg.ai.bots.bot_class(n).effort is not None]


def analyse_position(
    state: sg.State, bot: str, budget: float, stop: Any = None, top: int = 8
) -> Analysis:
    """Search ``state`` with ``bot`` for ``budget`` seconds (see :class:`Analysis`); about
    twice the budget and 1.5 s more in all. ``stop`` (a ``threading.Event``) ends it early."""
    if state.is_terminal() or state.is_chance():
        raise ValueError(
            "the game is over: no move to search"
            if state.is_terminal()
            else "a chance move comes next: play it first (the dice, a card)"
        )
    if (
        isinstance(budget, bool)
        or not isinstance(budget, (int, float))
        or not 0 < budget <= MAX_BUDGET
    ):
        raise ValueError(f"the budget is seconds above 0, at most {MAX_BUDGET:g}, not {budget!r}")
    searcher = sg.ai.bot(bot, budget=budget, seed=1, stop=stop)
    candidates = searcher.analyse(state, top=top)
    stats = list(getattr(searcher, "depth_stats", []))
    line = []
    work = state.clone()
    rng_seed = 1
    for ply in range(LINE_PLIES):
        if work.is_terminal() or (stop is not None and stop.is_set()):
            break
        if work.is_chance():
            move = work.sample_chance()
        elif ply == 0:
            move = candidates[0].move
        else:
            move = sg.ai.bot(bot, budget=budget / LINE_PLIES, seed=rng_seed, stop=stop).choose(work)
        line.append(str(move))
        work.play(move)
    anytime = []
    for b in [t for t in ANYTIME if t < budget] + [budget]:
        if stop is not None and stop.is_set():
            break
        best = (
            candidates[0]
            if b == budget
            else sg.ai.bot(bot, budget=b, seed=1, stop=stop).analyse(state, top=1)[0]
        )
        anytime.append((b, str(best.move), best.value))
    return Analysis(bot, budget, candidates, line, anytime, stats)


def candidates_svg(
    candidates: list[Candidate], title: str, width: int = 560, label: Callable[[Any], str] = str
) -> str:
    """A bar of each candidate's win chance, with its support (``412 playouts``) beside it;
    each move named by ``label``. Chances that differ are written so they read differently
    (89.4% and 88.9%, not 89% twice)."""
    said = percent([c.value for c in candidates])
    rows = [
        {
            "bot": label(c.move),
            "win_rate": c.value,
            "ci_low": c.value,
            "ci_high": c.value,
            "games": c.support,
            "note": f"{said(c.value)}, {support_words(c.support, c.unit)}",
        }
        for c in candidates
    ]
    return rate_chart_svg(rows, title, width)


def anytime_svg(analysis: Analysis, title: str) -> str:
    """The chosen move's win chance at each budget, each point lettered by its move (A, B...)
    and the letters named under the chart: where the letters stop changing, the choice has
    settled."""
    points = [(b, 100 * value, 100 * value, 100 * value) for b, _, value in analysis.anytime]
    letters: dict[str, str] = {}
    for _, move, _ in analysis.anytime:
        letters.setdefault(move, chr(ord("A") + len(letters)))
    notes = [(b, 100 * value, letters[move]) for b, move, value in analysis.anytime]
    key = [
        f"{letter}: {move} (chosen at "
        + ", ".join(f"{b:g}" for b, m, _ in analysis.anytime if m == move)
        + " s)"
        for move, letter in letters.items()
    ]
    return line_chart_svg(
        {"its choice": points},
        title,
        "seconds of search",
        "win chance of the choice (%)",
        height=280,
        notes=notes,
        key=key,
        least_span=10.0,  # a change of a point or two drawn as one, not as a collapse
        y_limits=(0.0, 100.0),
    )


DEPTH_COLUMNS = (
    ("depth", "right"),
    ("nodes", "right"),
    ("cut-offs", "right"),
    ("finished", "left"),
)
"""The depth table's columns, each aligned the same in its heading and its cells."""


def depth_table_html(stats: list[tuple[int, int, int, bool]]) -> str:
    """Nodes and cut-offs of each iteration of an alpha-beta search: each heading aligned
    with its column's figures (numbers to the right).

    >>> "text-align:right" in depth_table_html([(1, 224, 0, True)])
    True
    """
    if not stats:
        return ""

    def cell(tag: str, text: object, align: str) -> str:
        return f"<{tag} style='text-align:{align};padding:2px 10px'>{_esc(text)}</{tag}>"

    head = "".join(cell("th", name, align) for name, align in DEPTH_COLUMNS)
    rows = "".join(
        "<tr>"
        + "".join(
            cell("td", text, align)
            for text, (_, align) in zip(
                (d, f"{n:,}", f"{c:,}", "yes" if done else "cut short by the clock"),
                DEPTH_COLUMNS,
            )
        )
        + "</tr>"
        for d, n, c, done in stats
    )
    return (
        "<table class='sg-lab-depths' style='border-collapse:collapse'>"
        f"<tr>{head}</tr>{rows}</table>"
    )


class SearchLab:
    """The search view (see the module); ``widget`` is what the notebook shows. The position is
    the board's: pick a bundled example's move, open a record or a share link, or play moves on
    the board; **Analyse** searches it off the event loop (Cancel stops it)."""

    def __init__(
        self, game: str | None = None, folder: str | pathlib.Path = "games", background: bool = True
    ) -> None:
        from ..kit.registry import view

        self._view = view
        self.background = background
        self.folder = pathlib.Path(folder)
        game = game or sg.games()[0]
        names = [g for g in sg.games() if (self.folder / f"{g}.json").exists()] or [game]
        self.game = w.Dropdown(
            options=[(sg.load(g).title, g) for g in names],
            value=game if game in names else names[0],
            description="Game",
        )
        self.move = w.IntSlider(
            value=0,
            min=0,
            max=0,
            description="Example at move",
            style={"description_width": "initial"},
            layout=w.Layout(width="420px"),
        )
        self.link = w.Text(
            placeholder="or paste a record or a share link, then Open",
            layout=w.Layout(width="420px"),
        )
        self.open_button = w.Button(description="Open", tooltip="open the record or link")
        self.bot = w.Dropdown(description="Search")
        self.budget = w.BoundedFloatText(
            value=0.5, min=0.05, max=MAX_BUDGET, step=0.1, description="seconds"
        )
        self.analyse_button = w.Button(
            description="Analyse",
            button_style="primary",
            icon="search",
            tooltip="search this position",
        )
        self.cancel_button = w.Button(description="Cancel", icon="stop", disabled=True)
        self.progress = w.FloatProgress(value=0, min=0, max=1, description="Searching")
        self.status = w.HTML()
        self.bars, self.line, self.curve, self.depths = w.HTML(), w.HTML(), w.HTML(), w.HTML()
        self.line_step = w.IntSlider(
            value=0, min=0, max=0, description="Line, move", style={"description_width": "initial"}
        )
        self.line_board = w.HTML()
        self.line_board.add_class("sg-lab-line-board")
        self.line_step.observe(lambda _: self._show_line(), "value")
        for widget, name in (
            (self.analyse_button, "analyse"),
            (self.cancel_button, "cancel"),
            (self.status, "search-status"),
            (self.bars, "candidates"),
            (self.line, "line"),
            (self.curve, "anytime"),
            (self.depths, "depths"),
            (self.open_button, "open"),
            (self.bot, "bot"),
            (self.budget, "budget"),
        ):
            widget.add_class(f"sg-lab-{name}")
        self.board_box = w.VBox()
        self.boards: dict[str, Any] = {}
        self._lock = threading.RLock()
        self.search: Search | None = None
        self.analysis: Analysis | None = None
        self.game.observe(lambda _: self._choose_game(), "value")
        self.move.observe(lambda _: self._to_example_move(), "value")
        self.open_button.on_click(lambda _: self.open_link(self.link.value))
        self.analyse_button.on_click(lambda _: self.start())
        self.cancel_button.on_click(lambda _: self.cancel())
        self.widget = w.VBox(
            [
                self.game,
                self.move,
                w.HBox([self.link, self.open_button]),
                w.HBox([self.bot, self.budget, self.analyse_button, self.cancel_button]),
                self.progress,
                self.status,
                self.board_box,
                self.bars,
                w.HBox([w.VBox([self.line, self.line_step]), self.line_board]),
                self.curve,
                self.depths,
            ]
        )
        self.widget.add_class("sg-lab-search")
        self._choose_game()

    # ---- the position ----------------------------------------------------------------------

    @property
    def board(self) -> Any:
        """The current game's board (a play view, every seat a person)."""
        return self.boards[self.game.value]

    def _example(self) -> sg.Record | None:
        path = self.folder / f"{self.game.value}.json"
        return sg.load_record(path.read_text()) if path.exists() else None

    def _choose_game(self) -> None:
        game = self.game.value
        self.bot.options = searchers(game)
        self.bot.value = sg.load(game).hint_bot
        if game not in self.boards:
            n = sg.load(game).facts.max_players
            n = min(n, 2) if n > 1 else 1
            self.boards[game] = (
                self._view(game, players=n, seats=["human"] * n, background=self.background)
                if "players" in type(sg.load(game)).options
                else self._view(game, seats=["human"] * n, background=self.background)
            )
        record = self._example()
        self.move.max = len(record.moves) if record else 0
        at = self.move.max // 2  # the middle of the game, at a player's turn
        while record is not None and at < self.move.max and record.state(at).is_chance():
            at += 1
        if self.move.value == at:
            self._to_example_move()
        self.move.value = at
        self.board_box.children = (self.board,)
        self._clear()

    def _to_example_move(self) -> None:
        record = self._example()
        if record is None:
            return
        record.at = self.move.value
        self.board.show_record(record, f"The example game at move {self.move.value}.")
        self._clear()

    def open_link(self, text: str) -> None:
        """Open a record or a share link (a message says what is wrong with a bad one)."""
        try:
            record = sg.load_record(text)
        except ValueError as e:
            self.status.value = f"<b>Could not open it:</b> {_esc(e)}"
            return
        if record.game not in self.boards and record.game not in sg.games():
            self.status.value = f"<b>Could not open it:</b> no game {_esc(record.game)}"
            return
        if self.game.value != record.game:
            self.game.value = record.game  # builds its board
        self.board.show_record(record, "Opened the record.")
        self._clear()
        self.status.value = f"Opened a game of {len(record.moves)} moves."

    def _clear(self) -> None:
        self.analysis = None
        self.bars.value = self.line.value = self.curve.value = self.depths.value = ""
        self.line_board.value = ""
        self.line_step.max = 0

    def _show_line(self) -> None:
        """The position after the line's first ``line_step`` moves, drawn."""
        analysis = self.analysis
        if analysis is None or not analysis.line:
            return
        work = self._analysed.clone()
        for text in analysis.line[: self.line_step.value]:
            work.play(text)
        self.line.value = line_html(analysis.line, self.line_step.value)
        self.line_board.value = f"<div style='width:360px'>{work.svg() or ''}</div>"

    # ---- the search --------------------------------------------------------------------------

    def start(self) -> None:
        """Analyse the board's position off the event loop."""
        if self.search is not None and self.search.running:
            return
        state = self.board.state.clone()
        bot, budget = self.bot.value, float(self.budget.value)
        if state.is_terminal() or state.is_chance():
            self.status.value = (
                "<b>The game is over:</b> go back a move or two."
                if state.is_terminal()
                else "<b>A chance move comes next:</b> play it on the board first."
            )
            return
        self.expected = 2 * budget + sum(t for t in ANYTIME if t < budget) + 0.2
        self.status.value = f"Searching with {_esc(bot)} for {budget:g} s…"
        self.analyse_button.disabled, self.cancel_button.disabled = True, False
        self.progress.value = 0
        self.search = Search(
            lambda stop: analyse_position(state, bot, budget, stop),
            on_done=self._show,
            on_error=self._failed,
            on_progress=self._tick,
            lock=self._lock,
            background=self.background,
        )
        self.search.start()

    def cancel(self) -> None:
        with self._lock:
            if self.search is not None:
                self.search.cancel()
            self.status.value = "Cancelled."
            self._idle()

    def wait(self, timeout: float = 120) -> bool:
        return self.search is None or self.search.wait(timeout)

    def _tick(self, seconds: float) -> None:
        self.progress.value = min(1.0, seconds / max(self.expected, 1e-6))

    def _idle(self) -> None:
        self.analyse_button.disabled, self.cancel_button.disabled = False, True

    def _failed(self, error: BaseException) -> None:
        self._idle()
        self.status.value = f"<b>The search stopped:</b> {_esc(error)}"

    def _show(self, analysis: Analysis) -> None:
        self._idle()
        self.progress.value = 1.0
        self.analysis = analysis
        state = self.board.state
        suggestions = [
            sg.ai.Suggestion(c.move, c.value, c.support, c.unit, state.explain(c.move).words)
            for c in analysis.candidates
        ]
        self.board.mark(suggestions, f"What {analysis.bot} weighs here")
        best = analysis.candidates[0]
        self.status.value = (
            f"{_esc(analysis.bot)} chose <b>{_esc(best.move)}</b> "
            f"({best.value:.0%} to win, {best.support:,} {_esc(best.unit)})."
        )
        self.bars.value = candidates_svg(
            analysis.candidates,
            f"{analysis.bot}, {analysis.budget:g} s: its candidates",
            label=self.board.move_label,
        )
        self._analysed = state.clone()
        self.line_step.max = len(analysis.line)
        if self.line_step.value == 1:
            self._show_line()
        self.line_step.value = min(1, len(analysis.line))
        self.curve.value = anytime_svg(analysis, "How the choice settles as the search grows")
        self.depths.value = depth_table_html(analysis.depth_stats)


def line_html(line: list[str], at: int) -> str:
    """The principal line in words, the move ``at`` (1 the first) in bold."""
    if not line:
        return ""
    items = "".join(
        f"<li{' class=sg-lab-at style=font-weight:bold' if i + 1 == at else ''}>{_esc(text)}</li>"
        for i, text in enumerate(line)
    )
    return f"<b>The line it expects</b><ol class='sg-lab-line-moves'>{items}</ol>"


def strength_words(game: str) -> str:
    """What the strength chart of ``game`` counts, in words: ratings (Elo) for a game of
    players, the share of games won for a game played alone; whether the hint search's line
    rises with time, and what a falling line means where one remains.

    >>> "Elo" in strength_words("cathedral"), "Elo" in strength_words("sagrada")
    (True, False)
    """
    lad = shipped(game)
    n = lad.games_per_pairing
    if lad.unit == "Elo":
        words = (
            "Each line is a bot at several thinking times, <b>rated</b> on the Elo scale from "
            f"{n} games against each other bot: 200 points higher wins about three games in four."
        )
    else:
        words = (
            f"Played alone: each line is a bot at several thinking times, and the <b>share of "
            f"games it won</b> in {n} games at each difficulty."
        )
    hint = ladder_game(game).hint_bot  # at the table size the ladder is played at
    falls = lad.falls()
    doubt = f"{n} games a pairing" if lad.unit == "Elo" else "the deals played"
    line = lad.lines().get(hint, [])
    if line:
        ends = f"{line[-1].budget:g} s than at {line[0].budget:g} s"
        if hint not in falls:
            said = "rises with time"
        elif line[-1].rating > line[0].rating:
            said = f"does better at {ends}, though not at every step"
        else:
            said = f"does no better at {ends}"
        words += f" The hint search ({_esc(hint)}) {said}."
    beyond = [name for name, far in falls.items() if far]
    within = [name for name, far in falls.items() if not far]
    if within:
        words += (
            f" Where a line falls ({_esc(', '.join(within))}), that bot did not play better with"
            f" more time in these games, but the fall is within the doubt of {doubt} (the two"
            " intervals overlap), so it may be chance."
        )
    if beyond:
        words += (
            f" Where a line falls beyond that doubt ({_esc(', '.join(beyond))}), more time made"
            " that bot weaker in these games"
            + (
                ", so its hints are best read as ideas to talk about."
                if hint in beyond
                else "; the hints here do not use it."
            )
        )
    return words


def levels_html(game: str) -> str:
    """``game``'s levels in order, 1 to 8, as a table for each number of players they were
    measured at: each level's work (MCTS playouts a move) and temperature, and what was
    measured: its share of the points against the level below with its 95% interval and games
    (a game played alone: its share of deals won), and its rating on the ladder's scale; "not
    measured yet" where nothing was.

    >>> table = levels_html("cathedral")
    >>> table.count("<tr>"), "against the greedy bot" in table
    (9, True)
    >>> levels_html("walls_of_light").count("<caption")
    2
    """
    tables = level_tables(game)
    solo = sg.load(game).facts.max_players == 1
    columns = ["level", "work", "temperature", "deals won" if solo else "against the level below"]
    columns += [] if solo else ["rating"]

    def cell(tag: str, text: object, align: str = "right") -> str:
        return f"<{tag} style='text-align:{align};padding:2px 10px'>{_esc(text)}</{tag}>"

    head = "<tr>" + "".join(cell("th", c, "left") for c in columns) + "</tr>"
    out = []
    for players, table in tables.items():
        rows = []
        for lv in table:
            if solo:
                measured = [f"{lv.rating:.0%} of {lv.games}" if lv.rating is not None else "-"]
            else:
                who = "the greedy bot" if lv.number == 1 else f"level {lv.number - 1}"
                share = (
                    f"{lv.share_below:.0%} against {who} ({lv.low:.0%} to {lv.high:.0%}), "
                    f"{lv.games}"
                    if lv.share_below is not None and lv.low is not None and lv.high is not None
                    else f"against {who}: not measured yet"
                )
                measured = [share, "-" if lv.rating is None else f"{lv.rating:+.0f}"]
            texts = [lv.number, f"{lv.work:,}", f"{lv.temperature:g}", *measured]
            rows.append("<tr>" + "".join(cell("td", t) for t in texts) + "</tr>")
        caption = (
            f"<caption style='text-align:left'>At {players} players</caption>"
            if len(tables) > 1
            else ""
        )
        out.append(
            "<table class='sg-lab-levels-table' style='border-collapse:collapse'>"
            f"{caption}{head}{''.join(rows)}</table>"
        )
    words = (
        "The computer's levels, 1 to 8: the hint search on a counted budget of work (MCTS "
        "playouts a move), choosing more loosely among its moves at a higher temperature. "
        + (
            "Played alone: each level's share of the same deals won."
            if solo
            else "Each level against the level below (share of the points, 95% interval, "
            "games), and its rating on the Elo scale of the chart, the greedy bot at 0."
        )
    )
    return f"<p>{_esc(words)}</p>" + "".join(out)


def strength_panel(game: str | None = None) -> w.VBox:
    """A game chooser (``game``, else the first game), what its chart counts in words, the
    chart of strength against time (from the shipped ladders) and the game's levels in order
    (:func:`levels_html`)."""
    game = game or sg.games()[0]
    choose = w.Dropdown(
        options=[(sg.load(g).title, g) for g in sg.games()], value=game, description="Game"
    )
    choose.add_class("sg-lab-strength-game")
    chart = w.HTML(strength_svg(game))
    chart.add_class("sg-lab-strength")
    words = w.HTML(strength_words(game))
    words.add_class("sg-lab-strength-words")
    steps = w.HTML(levels_html(game))
    steps.add_class("sg-lab-levels")

    def redraw(_: Any) -> None:
        chart.value = strength_svg(choose.value)
        words.value = strength_words(choose.value)
        steps.value = levels_html(choose.value)

    choose.observe(redraw, "value")
    return w.VBox([choose, words, chart, steps])


# ---- your bot ----------------------------------------------------------------------------------

SERVE_IP_VARIABLE = "STAINEDGLASS_SERVE_IP"
"""The address ``stainedglass serve`` listens on, put in its kernels' environment: where other
machines reach the server, code typed into a page does not run (a pupil's code would run on
the teacher's machine)."""
YOUR_TIME_LIMIT = 10.0
"""Seconds a move before a bot in the lab forfeits its game."""
YOUR_GAMES = 6
REVIEW_PLAYOUTS = 120
EXAMPLE_BOT = '''def choose(state):
    """One move ahead: the move after which the game's own estimate
    of my chances (state.evaluate()) is best."""
    me = state.current_player
    best, best_value = None, -1.0
    for move in state.legal_moves():
        state.play(move)          # my copy of the game: play, look, undo
        value = state.evaluate()[me]
        state.undo()
        if value > best_value:
            best, best_value = move, value
    return best
'''
"""The bot the lab's cell starts with: a plain function, as ``docs/bots.md`` writes one."""
CODE_MODULE = "yourbot"


def code_allowed() -> bool:
    """Whether code typed into the page runs here: yes in your own notebook, JupyterLab or a
    gallery served to this machine alone; no where ``stainedglass serve`` lets other machines
    in (``--ip 0.0.0.0``)."""
    ip = os.environ.get(SERVE_IP_VARIABLE)
    return ip is None or ip in ("127.0.0.1", "localhost", "::1")


def bot_from_code(text: str) -> Any:
    """The bot a cell's code defines: its function ``choose(state) -> move``, else the last
    ``sg.ai.Bot`` subclass it defines; a ValueError in words otherwise (a syntax error with its
    line, an error running it). The code runs as a module of its own (``yourbot``), so that its
    bot travels to other processes by value.

    >>> bot_from_code("def choose(state):\\n    return state.legal_moves()[0]").__name__
    'choose'
    >>> bot_from_code("def choose(state)\\n    pass")
    Traceback (most recent call last):
    ...
    ValueError: line 1: expected ':'
    """
    namespace: dict[str, Any] = {"__name__": CODE_MODULE, "sg": sg}
    try:
        code = compile(text, "<your bot>", "exec")
    except SyntaxError as e:
        raise ValueError(f"line {e.lineno}: {e.msg}") from None
    try:
        exec(code, namespace)
    except Exception as e:
        raise ValueError(f"running it: {type(e).__name__}: {e}") from None
    found = namespace.get("choose")
    if callable(found):
        return found
    classes = [
        v
        for v in namespace.values()
        if isinstance(v, type) and issubclass(v, sg.ai.Bot) and v.__module__ == CODE_MODULE
    ]
    if classes:
        return classes[-1]
    raise ValueError("define a function choose(state) that returns a move, or a Bot subclass")


def cloudpickle_installed() -> bool:
    """Whether a bot written here can travel to other processes by value (cloudpickle: the
    ``cluster`` extra brings it)."""
    import importlib.util

    return importlib.util.find_spec("cloudpickle") is not None


def opponents_for(game: str) -> list[str]:
    """The rungs of ``game``'s shipped ladder a bot of yours may play to be placed on it: those
    that answer within a hint's second, weakest first (none for a solo game).

    >>> opponents_for("cathedral")[:2]
    ['greedy', 'alphabeta:budget=0.1']
    """
    from stainedglass.ai.ladder import HINT_S

    lad = shipped(game)
    if lad.unit != "Elo":
        return []
    return [r.bot for r in sorted(lad.rungs, key=lambda r: r.rating) if r.budget <= HINT_S]


class YourBotLab(_GamesThread):
    """Your bot against the ladder: the code of a bot (a function ``choose(state) -> move``, or
    a ``Bot`` subclass) typed into the cell, or given as ``bot``; it plays ``games`` games
    against each chosen rung of the game's ladder (alone, in a solo game) off the event loop,
    the chart filling as they end; then its rating is placed on the ladder's chart, and any of
    its games opens in the review board. A bot that plays an illegal move, no move, raises or
    thinks more than ``YOUR_TIME_LIMIT`` seconds forfeits that game, and the lab says why.

    Where ``stainedglass serve`` lets other machines in, the code box is read only (a pupil's
    code would run on the server): write the bot in a notebook of your own and pass it as
    ``bot``.
    """

    def __init__(
        self,
        game: str | None = None,
        bot: Any = None,
        name: str = "my-bot",
        against: list[str] | None = None,
        games: int = YOUR_GAMES,
        jobs: int | None = None,
        executor: Any = None,
        background: bool = True,
    ) -> None:
        self.jobs, self.executor, self.background = jobs, executor, background
        self.given = bot
        self.game = w.Dropdown(
            options=[(sg.load(g).title, g) for g in sg.games()],
            value=game or sg.games()[0],
            description="Game",
        )
        self.name = w.Text(value=name, description="Its name", layout=w.Layout(width="300px"))
        self.name.add_class("sg-lab-yourbot-name")
        self.allowed = code_allowed()
        self.code = w.Textarea(
            value=EXAMPLE_BOT if bot is None else "(the bot given to the lab)",
            disabled=not self.allowed or bot is not None,
            layout=w.Layout(width="640px", height="260px"),
        )
        self.code.add_class("sg-lab-code")
        self.against = w.SelectMultiple(
            description="Against", rows=6, layout=w.Layout(width="320px")
        )
        self.against.add_class("sg-lab-yourbot-against")
        self.games = w.BoundedIntText(value=games, min=1, max=MAX_GAMES, description="Games each")
        self.start_button = w.Button(description="Play my bot", button_style="primary", icon="play")
        self.stop_button = w.Button(description="Stop", icon="stop", disabled=True)
        self.start_button.add_class("sg-lab-yourbot-start")
        self.stop_button.add_class("sg-lab-yourbot-stop")
        self.progress = w.IntProgress(value=0, min=0, max=1, description="Played")
        self.status = w.HTML()
        self.status.add_class("sg-lab-yourbot-status")
        self.chart = w.HTML()
        self.chart.add_class("sg-lab-yourbot-rates")
        self.ladder_chart = w.HTML()
        self.ladder_chart.add_class("sg-lab-yourbot-ladder")
        self.forfeit_list = w.HTML()
        self.forfeit_list.add_class("sg-lab-yourbot-forfeits")
        self.game_picker = w.Dropdown(description="Its games", layout=w.Layout(width="520px"))
        self.game_picker.add_class("sg-lab-yourbot-games")
        self.review_button = w.Button(description="Review", icon="search", disabled=True)
        self.review_button.add_class("sg-lab-yourbot-review")
        self.review_box = w.VBox()
        self.note = w.HTML(
            ""
            if self.allowed
            else "<i>This page is served to other machines: code typed here would run on the "
            "server, so the box is read only. Write your bot in a notebook of your own "
            "(JupyterLab: <code>stainedglass lab</code>) and give it to "
            "<code>YourBotLab(bot=choose)</code>.</i>"
        )
        self.game.observe(lambda _: self._offer(), "value")
        self.start_button.on_click(lambda _: self.start())
        self.stop_button.on_click(lambda _: self.stop())
        self.review_button.on_click(lambda _: self.review())
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self.tables: list[Table] = []
        self.placed: tuple[str, float, float, float] | None = None
        self.board: Any = None
        self.widget = w.VBox(
            [
                self.game,
                self.name,
                self.note,
                self.code,
                w.HBox([self.against, w.VBox([self.games, self.start_button, self.stop_button])]),
                self.progress,
                self.status,
                self.chart,
                self.forfeit_list,
                self.ladder_chart,
                w.HBox([self.game_picker, self.review_button]),
                self.review_box,
            ]
        )
        self.widget.add_class("sg-lab-yourbot")
        self._offer(against)

    def _offer(self, preset: list[str] | None = None) -> None:
        """The rungs the bot may play, for the chosen game (the weakest and the hint
        search's quickest chosen), and the ladder's chart without the bot yet."""
        game = self.game.value
        rungs = opponents_for(game)
        self.against.options = rungs
        self.against.disabled = not rungs
        hint = sg.load(game).facts.hint_bot
        quickest = sorted(
            (r for r in rungs if parse_bot(r)[0] == hint),
            key=lambda r: float(parse_bot(r)[1].get("budget", 0.0)),
        )
        chosen = preset or [r for r in rungs if r == "greedy"][:1] + quickest[:1]
        self.against.value = tuple(r for r in chosen if r in rungs)
        self.placed = None
        self.ladder_chart.value = strength_svg(game)

    def bot(self) -> Any:
        """The bot to play: the one given, else the one the cell's code defines, named as
        the name box says (a ValueError in words when the code or the name will not do)."""
        name = self.name.value.strip()
        if not name or not all(c.isalnum() or c in "-_" for c in name):
            raise ValueError("Its name: letters, digits, '-' or '_', such as my-bot")
        found = self.given
        if found is None:
            if not self.allowed:
                raise ValueError("code typed here does not run on a server other machines reach")
            found = bot_from_code(self.code.value)
        if isinstance(found, type) and issubclass(found, sg.ai.Bot):
            named: type[sg.ai.Bot] = type(
                name, (found,), {"name": name, "__module__": found.__module__}
            )
            return named
        if isinstance(found, sg.ai.Bot):
            return found
        return sg.ai.FunctionBot(found, name=name)

    # ---- running -------------------------------------------------------------------------------

    def start(self) -> None:
        """Play the bot against the chosen rungs in a background thread (a message instead,
        when the code, the name or the choice will not do)."""
        if self._thread is not None and self._thread.is_alive():
            return
        try:
            bot = self.bot()
        except ValueError as e:
            self.status.value = f"<b>Your bot cannot play yet:</b> {_esc(e)}"
            return
        game = self.game.value
        solo = sg.load(game).facts.max_players == 1
        against = list(self.against.value)
        if not solo and not against:
            self.status.value = "<b>Choose at least one bot to play against.</b>"
            return
        self._stop.clear()
        self.start_button.disabled, self.stop_button.disabled = True, False
        self.review_button.disabled = True
        args = (game, bot, [] if solo else against, self.games.value)
        if not self.background:
            self._run(*args)
            return
        self._thread = threading.Thread(
            target=self._run, args=args, name="sg-lab-yourbot", daemon=True
        )
        self._thread.start()

    def _run(self, game: str, bot: Any, against: list[str], n: int) -> None:
        matches = [[bot, other] for other in against] or [[bot]]
        total = n * len(matches)
        self.progress.max, self.progress.value = total, 0
        self.tables = []
        self.board = None
        self.review_box.children = ()
        done_before = 0
        executor, own = self.executor, None
        jobs = self.jobs
        if executor is None and jobs != 1:
            if cloudpickle_installed():  # fresh processes, not forks of a kernel with threads
                own = executor = ProcessPoolExecutor(
                    jobs or os.cpu_count(), mp_context=multiprocessing.get_context("spawn")
                )
            else:  # a bot written here travels by value only with cloudpickle
                jobs = 1
        try:
            for k, seats in enumerate(matches):
                if self._stop.is_set():
                    break
                live: list[GameResult] = []

                def on_game(
                    result: GameResult, seats: list[Any] = seats, live: list[GameResult] = live
                ) -> None:
                    live.append(result)
                    with self._lock:
                        self._show(game, [*self.tables, (seats, live)], total)

                table = tournament(
                    game,
                    seats,
                    n=n,
                    jobs=jobs,
                    seed=1000 * k,
                    executor=executor,
                    stop=self._stop,
                    on_game=on_game,
                    time_limit=YOUR_TIME_LIMIT,
                )
                self.tables.append(table)
                done_before += len(table.results)
            with self._lock:
                self._show(game, self.tables, total, final=True)
        except Exception as e:  # shown, never lost in a thread
            self.status.value = f"<b>Your bot's games stopped:</b> {_esc(e)}"
        finally:
            if own is not None:
                own.shutdown(wait=False, cancel_futures=True)
            self.start_button.disabled, self.stop_button.disabled = False, True

    def _show(self, game: str, parts: list[Any], total: int, final: bool = False) -> None:
        """The chart of the games so far (one bar a rung played: your bot's share of the
        points against it); at the end, its place on the ladder and its games to review."""
        tables = [
            p if isinstance(p, Table) else table_of(game, _labels_of(p[0]), p[1]) for p in parts
        ]
        done = sum(len(t.results) for t in tables)
        self.progress.value = done
        rows = []
        for t in tables:
            row = dict(t.rows[0])
            if len(t.rows) > 1:
                row["bot"] = f"against {t.rows[1]['bot']}"
            rows.append(row)
        mine = tables[0].rows[0]["bot"] if tables else "your bot"
        self.chart.value = rate_chart_svg(
            rows, f"{sg.load(game).title}: {mine}, {done} of {total} games"
        )
        forfeits = [f for t in tables for f in t.forfeits]
        self.forfeit_list.value = (
            f"<b>{len(forfeits)} game{'s' if len(forfeits) != 1 else ''} forfeited</b><ul>"
            + "".join(f"<li>{_esc(f)}</li>" for f in forfeits)
            + "</ul>"
            if forfeits
            else ""
        )
        if not final:
            self.status.value = f"Playing… {done} of {total} games"
            return
        self._results = [(t, r) for t in tables for r in t.results]
        self.game_picker.options = [
            (_game_words(t, r), i) for i, (t, r) in enumerate(self._results)
        ]
        self.game_picker.value = 0 if self._results else None
        self.review_button.disabled = not self._results
        if not done:
            self.status.value = "Stopped before a game ended."
            return
        self.placed = placement(game, tables)
        self.ladder_chart.value = strength_svg(game, [self.placed])
        name, rating, low, high = self.placed
        unit = shipped(game).unit
        where = (
            f"is rated {rating:.0f} Elo ({low:.0f} to {high:.0f})"
            if unit == "Elo"
            else f"won {rating:.0%} of its games ({low:.0%} to {high:.0%})"
        )
        self.status.value = (
            ("Stopped" if done < total else "Done")
            + f": {done} games; {_esc(name)} {where}, placed on the ladder's chart"
            + (f", {len(forfeits)} forfeited" if forfeits else "")
            + "."
        )

    # ---- a game in the review -------------------------------------------------------------------

    def review(self, index: int | None = None) -> Any:
        """Open one of the bot's games (``index``, else the one picked) in the review board."""
        from ..features.review import ReviewBoard

        results = getattr(self, "_results", [])
        index = self.game_picker.value if index is None else index
        if index is None or not 0 <= index < len(results):
            return None
        _, result = results[index]
        self.board = ReviewBoard(
            result.record(), playouts=REVIEW_PLAYOUTS, background=self.background
        )
        self.review_box.children = (self.board,)
        self.board.start()
        return self.board


def _labels_of(seats: list[Any]) -> list[str]:
    return [entry(b, i).label for i, b in enumerate(seats)]


def _game_words(table: Table, result: GameResult) -> str:
    """A game of your bot in a few words: its number, the rung, its seat and result."""
    seat = result.task.entries.index(0)
    names = sg.load(table.game).facts.player_names
    value = result.returns[seat]
    outcome = "won" if value == 1.0 else "lost" if value == 0.0 else "shared"
    other = f" against {table.rows[1]['bot']}" if len(table.rows) > 1 else ""
    words = f"game {result.task.number + 1}{other}, as {names[seat]}: {outcome}"
    if result.forfeit is not None:
        words += f" (forfeit by {result.forfeit.bot} at ply {result.forfeit.ply})"
    return words


def placement(game: str, tables: list[Table]) -> tuple[str, float, float, float]:
    """Your bot (the first entry of each table) on ``game``'s ladder: ``(name, rating, low,
    high)``, its rating from its games against the rungs (``sg.ai.ladder.place``) or, solo,
    its share of games won with its 95% interval."""
    from stainedglass.ai.ladder import place
    from stainedglass.ai.tournament import wilson

    name = tables[0].rows[0]["bot"]
    results = [(t, r) for t in tables for r in t.results]
    lad = shipped(game)
    if lad.unit != "Elo":
        won = sum(r.returns[r.task.entries.index(0)] for _, r in results)
        low, high = wilson(won, len(results))
        return name, won / len(results), low, high
    games = [(t.rows[1]["bot"], r.returns[r.task.entries.index(0)]) for t, r in results]
    return (name, *place(lad, games))


__all__ = [
    "YourBotLab",
    "bot_from_code",
    "code_allowed",
    "opponents_for",
    "placement",
    "TournamentLab",
    "SearchLab",
    "Analysis",
    "analyse_position",
    "searchers",
    "bot_spec",
    "plan",
    "pairwise",
    "ratings_html",
    "rate_chart_svg",
    "line_chart_svg",
    "tick_labels",
    "text_width",
    "candidates_svg",
    "anytime_svg",
    "depth_table_html",
    "line_html",
    "strength_panel",
    "strength_svg",
]
