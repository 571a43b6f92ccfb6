"""The AI lab (``notebooks/ai_lab.ipynb``): bots compete while you watch, and how strength grows
with thinking time.

- :class:`TournamentLab`: a game, two to four bots with their settings, a number of games; the
  tournament runs off the event loop (on this machine's cores, or on a Dask cluster given as
  ``executor``) with a progress bar, a chart of win rates with 95% intervals that fills in as
  games end, and a stop button that keeps the games already played. With three bots or more
  (each pair plays, when the game seats two), a rating table and its chart: Bradley-Terry on
  the Elo scale, with intervals.
- :func:`strength_svg`: each bot's rating against its seconds a move, from the ladders that ship
  with the package (``sg.ai.ladder.shipped``), so the notebook opens at once.

Charts are SVG drawn here (no plotly: the lab's page stays light); every bar and line carries its
bot's name, and lines differ by dash and marker, not only by colour.

>>> lab = TournamentLab(game="cathedral", bots=["greedy", "random"], games=2, jobs=1)
>>> lab.run_here()
>>> lab.table.rows[0]["games"], "greedy" in lab.chart.value
(2, True)
"""

from __future__ import annotations

import html
import itertools
import math
import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import ipywidgets as w

import stainedglass as sg
from stainedglass.ai.ladder import rated, shipped
from stainedglass.ai.tournament import GameResult, Table, parse_bot, table_of, tournament

MAX_GAMES = 1000
PALETTE = ("#b8860b", "#1f4e9c", "#8b1a1a", "#2e6b30")  # amber, cobalt, ruby, green glass
DASHES = ("", "6 3", "2 3", "8 3 2 3")
MARKERS = ("circle", "square", "diamond", "triangle")


# ---- charts (pure functions: numbers in, SVG out) -----------------------------------------------

def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def rate_chart_svg(rows: list[dict[str, Any]], title: str, width: int = 560) -> str:
    """A horizontal bar for each row's ``win_rate`` with its 95% interval (``ci_low`` to
    ``ci_high``) as a whisker, the bot's name and the figures written beside it.

    >>> svg = rate_chart_svg([{"bot": "mcts", "win_rate": .6, "ci_low": .4, "ci_high": .8,
    ...                        "games": 10}], "Cathedral")
    >>> svg.startswith("<svg") and "mcts" in svg and "60%" in svg
    True
    """
    bar_h, gap, left, right, top = 26, 14, 190, 90, 34
    height = top + len(rows) * (bar_h + gap) + 30
    span = width - left - right
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="sg-lab-chart" width="{width}" '
             f'height="{height}" viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="{_esc(title)}: win rates with 95% intervals">',
             f'<rect width="{width}" height="{height}" fill="#f4efe1" rx="8"/>',
             f'<text x="12" y="22" font-size="15" font-weight="bold" fill="#17150f">'
             f'{_esc(title)}</text>']
    for k in (0.0, 0.5, 1.0):
        x = left + k * span
        parts.append(f'<line x1="{x:.1f}" y1="{top - 4}" x2="{x:.1f}" y2="{height - 24}" '
                     f'stroke="#9a927c" stroke-dasharray="{"" if k != .5 else "4 3"}"/>')
        parts.append(f'<text x="{x:.1f}" y="{height - 8}" font-size="12" text-anchor="middle" '
                     f'fill="#3b3628">{k:.0%}</text>')
    for i, row in enumerate(rows):
        y = top + i * (bar_h + gap)
        colour = PALETTE[i % len(PALETTE)]
        rate = float(row["win_rate"])
        parts.append(f'<text x="{left - 8}" y="{y + bar_h * 0.68:.1f}" font-size="13" '
                     f'text-anchor="end" fill="#17150f">{_esc(row["bot"])[:30]}</text>')
        parts.append(f'<rect class="sg-lab-bar" data-bot="{_esc(row["bot"])}" x="{left}" '
                     f'y="{y}" width="{max(rate * span, 1):.1f}" height="{bar_h}" '
                     f'fill="{colour}" opacity="0.85" stroke="#17150f"/>')
        lo, hi = left + float(row["ci_low"]) * span, left + float(row["ci_high"]) * span
        mid = y + bar_h / 2
        parts.append(f'<path d="M{lo:.1f} {mid - 7}v14M{lo:.1f} {mid}H{hi:.1f}M{hi:.1f} '
                     f'{mid - 7}v14" stroke="#17150f" stroke-width="2" fill="none"/>')
        parts.append(f'<text x="{width - right + 6}" y="{y + bar_h * 0.68:.1f}" font-size="12" '
                     f'fill="#17150f">{rate:.0%} of {int(row["games"])}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _marker(kind: str, x: float, y: float, colour: str) -> str:
    if kind == "square":
        return f'<rect x="{x - 5:.1f}" y="{y - 5:.1f}" width="10" height="10" fill="{colour}"/>'
    if kind == "diamond":
        return (f'<path d="M{x:.1f} {y - 6:.1f}l6 6l-6 6l-6 -6z" fill="{colour}"/>')
    if kind == "triangle":
        return (f'<path d="M{x:.1f} {y - 6:.1f}l6 11h-12z" fill="{colour}"/>')
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5" fill="{colour}"/>'


def line_chart_svg(series: dict[str, list[tuple[float, float, float, float]]], title: str,
                   x_label: str, y_label: str, log_x: bool = True, width: int = 560,
                   height: int = 320) -> str:
    """Lines of points ``(x, y, low, high)`` (whiskers from low to high), one per series, each
    with its own dash, marker and colour and its name at its last point.

    >>> svg = line_chart_svg({"mcts": [(0.1, 0, -50, 50), (1, 120, 60, 180)]}, "Cathedral",
    ...                      "seconds a move", "rating")
    >>> svg.count("<circle") >= 2 and "mcts" in svg
    True
    """
    left, right, top, bottom = 60, 120, 34, 44
    points = [p for ps in series.values() for p in ps]
    if not points:
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="40">'
                f'<text x="8" y="24">{_esc(title)}: no data</text></svg>')
    fx = (lambda v: math.log10(v)) if log_x else (lambda v: v)
    xs = [fx(p[0]) for p in points]
    ys = [v for p in points for v in (p[2], p[3])]
    x0, x1 = min(xs), max(xs)
    y0, y1 = min(ys), max(ys)
    if x1 - x0 < 1e-9:
        x0, x1 = x0 - 1, x1 + 1
    if y1 - y0 < 1e-9:
        y0, y1 = y0 - 1, y1 + 1

    def px(v: float) -> float:
        return left + (fx(v) - x0) / (x1 - x0) * (width - left - right)

    def py(v: float) -> float:
        return top + (y1 - v) / (y1 - y0) * (height - top - bottom)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="sg-lab-lines" width="{width}" '
             f'height="{height}" viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="{_esc(title)}">',
             f'<rect width="{width}" height="{height}" fill="#f4efe1" rx="8"/>',
             f'<text x="12" y="22" font-size="15" font-weight="bold">{_esc(title)}</text>',
             f'<line x1="{left}" y1="{height - bottom}" x2="{width - right}" '
             f'y2="{height - bottom}" stroke="#3b3628"/>',
             f'<line x1="{left}" y1="{top}" x2="{left}" y2="{height - bottom}" '
             f'stroke="#3b3628"/>',
             f'<text x="{(left + width - right) / 2:.0f}" y="{height - 8}" font-size="12" '
             f'text-anchor="middle">{_esc(x_label)}</text>',
             f'<text x="14" y="{(top + height - bottom) / 2:.0f}" font-size="12" '
             f'transform="rotate(-90 14 {(top + height - bottom) / 2:.0f})" '
             f'text-anchor="middle">{_esc(y_label)}</text>']
    for x in sorted({p[0] for p in points}):
        parts.append(f'<text x="{px(x):.1f}" y="{height - bottom + 16}" font-size="11" '
                     f'text-anchor="middle">{x:g}</text>')
    for v in (y0, (y0 + y1) / 2, y1):
        parts.append(f'<text x="{left - 6}" y="{py(v) + 4:.1f}" font-size="11" '
                     f'text-anchor="end">{v:.0f}</text>')
    for i, (name, pts) in enumerate(series.items()):
        colour, dash, marker = (PALETTE[i % len(PALETTE)], DASHES[i % len(DASHES)],
                                MARKERS[i % len(MARKERS)])
        pts = sorted(pts)
        path = "M" + "L".join(f"{px(x):.1f} {py(y):.1f}" for x, y, _, _ in pts)
        parts.append(f'<path class="sg-lab-line" data-series="{_esc(name)}" d="{path}" '
                     f'stroke="{colour}" stroke-width="2.5" fill="none" '
                     f'stroke-dasharray="{dash}"/>')
        for x, y, lo, hi in pts:
            parts.append(f'<line x1="{px(x):.1f}" y1="{py(lo):.1f}" x2="{px(x):.1f}" '
                         f'y2="{py(hi):.1f}" stroke="{colour}" opacity="0.5"/>')
            parts.append(_marker(marker, px(x), py(y), colour))
        x, y = pts[-1][0], pts[-1][1]
        parts.append(f'<text x="{px(x) + 9:.1f}" y="{py(y) + 4:.1f}" font-size="12" '
                     f'fill="{colour}" font-weight="bold">{_esc(name)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def strength_svg(game: str) -> str:
    """Each bot's rating (or, solo, its share of games won) against its seconds a move, from the
    ladder shipped for ``game``: how strength grows with thinking time."""
    lad = shipped(game)
    series: dict[str, list[tuple[float, float, float, float]]] = {}
    fixed = []
    for rung in lad.rungs:
        name, options = parse_bot(rung.bot)
        if "budget" not in options:
            fixed.append(rung)
            continue
        scale = 1.0 if lad.unit == "Elo" else 100.0
        series.setdefault(name, []).append((float(options["budget"]), rung.rating * scale,
                                            rung.low * scale, rung.high * scale))
    title = sg.load(game).title
    if lad.unit == "Elo":
        y_label = "rating (Elo; " + ", ".join(f"{r.bot} {r.rating:.0f}" for r in fixed) + ")"
        title += f": strength against time ({lad.games_per_pairing} games a pairing)"
    else:
        y_label = "games won (%)"
        title += f": windows won against time ({lad.games_per_pairing} games a difficulty)"
    return line_chart_svg(series, title, "seconds a move", y_label)


# ---- the tournament panel -----------------------------------------------------------------------

def bot_spec(name: str, budget: float) -> str:
    """``name`` with ``budget`` seconds a move, when the bot takes a budget.

    >>> bot_spec("mcts", 0.5), bot_spec("greedy", 0.5)
    ('mcts:budget=0.5', 'greedy')
    """
    cls = sg.ai.bots.bot_class(name)
    return f"{name}:budget={budget:g}" if "budget" in cls.defaults else name


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


class TournamentLab:
    """The tournament panel (see the module); ``widget`` is what the notebook shows.

    ``bots`` and ``budget`` preset the seats; ``jobs`` processes play the games (default every
    core), or ``executor`` (a Dask ``Client``) does.
    """

    def __init__(self, game: str = "cathedral", bots: list[str] | None = None,
                 budget: float = 0.1, games: int = 10, jobs: int | None = None,
                 executor: Any = None) -> None:
        self.jobs, self.executor = jobs, executor
        self.game = w.Dropdown(options=[(sg.load(g).title, g) for g in sg.games()], value=game,
                               description="Game")
        self.seats = [w.Dropdown(description=f"Bot {i + 1}", layout=w.Layout(width="240px"))
                      for i in range(4)]
        self.budgets = [w.BoundedFloatText(value=budget, min=0.01, max=10.0, step=0.05,
                                           description="s a move",
                                           layout=w.Layout(width="170px")) for _ in range(4)]
        self.games = w.BoundedIntText(value=games, min=1, max=MAX_GAMES, description="Games")
        self.start_button = w.Button(description="Start", button_style="primary",
                                     icon="play", tooltip="play the tournament")
        self.stop_button = w.Button(description="Stop", icon="stop", disabled=True,
                                    tooltip="stop: keep the games already played")
        self.progress = w.IntProgress(value=0, min=0, max=1, description="Played")
        self.status = w.HTML()
        self.chart = w.HTML()
        self.ratings = w.HTML()
        for b in (self.start_button, self.stop_button):
            b.add_class("sg-lab-" + b.description.lower())
        self.chart.add_class("sg-lab-rates")
        self.ratings.add_class("sg-lab-ratings")
        self.status.add_class("sg-lab-status")
        self.game.observe(lambda _: self._offer_bots(), "value")
        self.start_button.on_click(lambda _: self.start())
        self.stop_button.on_click(lambda _: self.stop())
        self._offer_bots(bots)
        self.widget = w.VBox([
            self.game,
            *[w.HBox([s, b]) for s, b in zip(self.seats, self.budgets)],
            w.HBox([self.games, self.start_button, self.stop_button]),
            self.progress, self.status, self.chart, self.ratings])
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
        """The chosen bots as tournament specs."""
        return [bot_spec(s.value, b.value) for s, b in zip(self.seats, self.budgets) if s.value]

    # ---- running -------------------------------------------------------------------------------

    def start(self) -> None:
        """Start the tournament in a background thread (a message instead, if the choice
        cannot be played)."""
        if self._thread is not None and self._thread.is_alive():
            return
        bots = self.bots()
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
        self._thread = threading.Thread(target=self._run, args=(self.game.value, bots),
                                        name="sg-lab-tournament", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop: the games not yet played are cancelled, those played stay in the table."""
        self._stop.set()
        self.status.value = "Stopping…"

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the tournament's thread; True once it has ended."""
        if self._thread is not None:
            self._thread.join(timeout)
            return not self._thread.is_alive()
        return True

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
            own = executor = ProcessPoolExecutor(self.jobs or os.cpu_count(),
                                                 mp_context=multiprocessing.get_context("spawn"))
        try:
            for k, seats in enumerate(matches):
                if self._stop.is_set():
                    break
                live: list[GameResult] = []

                def on_game(result: GameResult, seats: list[str] = seats,
                            live: list[GameResult] = live) -> None:
                    live.append(result)
                    with self._lock:
                        self._show(game, bots, self.tables + [table_of(game, seats, live)],
                                   done_before + len(live), total)

                table = tournament(game, seats, n=n, jobs=self.jobs, seed=1000 * k,
                                   executor=executor, stop=self._stop, on_game=on_game)
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

    def _show(self, game: str, bots: list[str], tables: list[Table], done: int, total: int,
              final: bool = False) -> None:
        """Chart (and, with three bots or more, ratings) of the games so far."""
        self.progress.value = done
        rows = _merge(bots, tables)
        self.table = Table(game, rows, [r for t in tables for r in t.results], total,
                           final and done < total)
        title = f"{sg.load(game).title}: {done} of {total} games"
        self.chart.value = rate_chart_svg(rows, title)
        if len(bots) >= 3 and sg.load(game).facts.max_players > 1:
            self.ratings.value = ratings_html(bots, tables)
        if final:
            self.status.value = (f"Stopped after {done} of {total} games." if done < total
                                 else f"Done: {done} games.")
        else:
            self.status.value = f"Playing… {done} of {total} games"


def _merge(bots: list[str], tables: list[Table]) -> list[dict[str, Any]]:
    """One row per bot over every match it played (wins, draws, losses, rate with its 95%
    Wilson interval)."""
    from stainedglass.ai.tournament import wilson

    rows = []
    for bot in bots:
        games = wins = draws = losses = 0
        points = 0.0
        for t in tables:
            for r in t.rows:
                if r["bot"] == bot:
                    games += r["games"]
                    wins += r["wins"]
                    draws += r["draws"]
                    losses += r["losses"]
                    points += r["win_rate"] * r["games"]
        low, high = wilson(points, games)
        rows.append({"bot": bot, "games": games, "wins": wins, "draws": draws,
                     "losses": losses, "win_rate": points / games if games else 0.0,
                     "ci_low": low, "ci_high": high})
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
    head = ("<table class='sg-lab-rating-table'><tr><th>bot</th><th>rating</th>"
            "<th>95% interval</th></tr>")
    body = "".join(f"<tr><td>{_esc(bots[i])}</td><td>{values[i][0]:.0f}</td>"
                   f"<td>{values[i][1]:.0f} to {values[i][2]:.0f}</td></tr>" for i in order)
    series = {bots[i]: [(float(rank + 1), values[i][0], values[i][1], values[i][2])]
              for rank, i in enumerate(order)}
    chart = line_chart_svg(series, "Ratings (Elo, Bradley-Terry; first bot at 0)", "rank",
                           "rating", log_x=False, height=260)
    return head + body + "</table>" + chart


def strength_panel(game: str = "cathedral") -> w.VBox:
    """A game chooser and the chart of strength against time (from the shipped ladders)."""
    choose = w.Dropdown(options=[(sg.load(g).title, g) for g in sg.games()], value=game,
                        description="Game")
    chart = w.HTML(strength_svg(game))
    chart.add_class("sg-lab-strength")

    def redraw(_: Any) -> None:
        chart.value = strength_svg(choose.value)

    choose.observe(redraw, "value")
    return w.VBox([choose, chart])


__all__ = ["TournamentLab", "bot_spec", "plan", "pairwise", "ratings_html", "rate_chart_svg",
           "line_chart_svg", "strength_panel", "strength_svg"]
