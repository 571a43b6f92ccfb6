"""The AI lab's "Learn from self-play" section (``notebooks/ai_lab.ipynb``): a value learned
from games the computer plays against itself, put to work in a search, and measured.

:class:`SelfPlayLab` runs four steps off the event loop, with a progress bar and a Stop:

1. **Self-play.** ``sg.ai.selfplay`` plays games on the game's analysis core, every seat the
   greedy bot (a random move one time in ten), and keeps a sample of each game's decisions:
   what the mover saw, the game's own estimate of their chance, and how the game ended.
2. **Fit.** ``sg.ai.LinearValue.fit``: least squares, from what the mover saw and the game's
   own estimate to the mover's result. Fitted on four games in five; the fifth is kept apart
   to measure it.
3. **Measure the value.** On the games kept apart: how often it names the winner, beside the
   game's own estimate.
4. **Put it to work.** An MCTS search that judges its positions by the learned value
   (``sg.ai.bot("mcts", value=learned, iterations=...)``) plays the greedy bot; its share of
   the points fills a chart as games end, and then its rating is placed on the game's
   ladder, beside the shipped bots (``sg.ai.ladder.place``).

The same in a script is in ``docs/bots.md`` ("Learn from self-play").

>>> lab = SelfPlayLab(game="cathedral", selfplay_games=20, games=2, iterations=8, jobs=1)
>>> lab.run_here()
>>> lab.table.rows[0]["games"], lab.accuracy is not None
(2, True)
"""

from __future__ import annotations

import html
import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import ipywidgets as w
import numpy as np

import stainedglass as sg
from stainedglass.ai.ladder import shipped
from stainedglass.ai.tournament import GameResult, Table, table_of, tournament, wilson

from .lab import placement
from .lab_charts import rate_chart_svg, strength_svg

__all__ = ["SelfPlayLab", "Accuracy", "learn_games", "learned_bot", "accuracy_of"]


def learn_games() -> list[str]:
    """The games the section offers: those of two seats or more (a greedy bot to beat), each
    with its analysis core.

    >>> "sagrada" in learn_games()  # played alone
    False
    """
    return [g for g in sg.games() if sg.load(g).facts.max_players >= 2]


SELFPLAY = 1500
"""Self-play games to learn from: what two cores play in well under a minute."""

ROWS_PER_GAME = 15
"""Decisions kept of each self-play game (a sample: neighbouring decisions say nearly the
same thing, and many games in less memory teach more)."""

ITERATIONS = 200
"""The learned search's playouts a move."""

GAMES = 40
"""Games against the greedy bot."""

MAX_SELFPLAY = 20_000
MAX_GAMES = 400


@dataclass(frozen=True)
class Accuracy:
    """How often a value names the winner, on ``rows`` decisions of games it did not learn
    from: ``learned`` (the fitted value) and ``game`` (the game's own estimate), each a
    share with its 95% interval ``(share, low, high)``."""

    rows: int
    learned: tuple[float, float, float]
    game: tuple[float, float, float]


def accuracy_of(value: sg.ai.LinearValue, data: sg.ai.SelfPlay) -> Accuracy:
    """How often ``value`` and the game's own estimate (above one half, or not) name the
    player who went on to win (drawn games left out), on ``data``.

    >>> data = sg.ai.selfplay("cathedral", games=30, seed=1, bot="greedy")
    >>> acc = accuracy_of(sg.ai.LinearValue.fit(data), data)
    >>> 0 <= acc.learned[0] <= 1 and acc.rows > 0
    True
    """
    decided = data.values != 0.5
    won = data.values[decided] > 0.5
    learned = value(data.observations[decided], data.evaluations[decided]) > 0.5
    judged = data.evaluations[decided] > 0.5
    n = int(decided.sum())

    def share(right: np.ndarray) -> tuple[float, float, float]:
        k = int(right.sum())
        low, high = wilson(k, n) if n else (0.0, 1.0)
        return (k / n if n else 0.0, low, high)

    return Accuracy(n, share(learned == won), share(judged == won))


def learned_bot(value: sg.ai.LinearValue, iterations: int, seed: int = 1) -> sg.ai.Bot:
    """The search that judges positions by ``value``: MCTS with ``iterations`` playouts a
    move, exploring as suits a learned value (``sg.ai.LEARNED_C``), named ``learned``."""
    bot = sg.ai.MCTSBot(value=value, iterations=iterations, seed=seed, c=sg.ai.LEARNED_C)
    bot.name = bot.label = "learned"
    return bot


def _split(data: sg.ai.SelfPlay, every: int = 5) -> tuple[sg.ai.SelfPlay, sg.ai.SelfPlay]:
    """``data`` as the games to learn from and every ``every``-th game, kept apart."""
    apart = data.games % every == every - 1

    def part(rows: np.ndarray) -> sg.ai.SelfPlay:
        return sg.ai.SelfPlay(
            observations=data.observations[rows],
            players=data.players[rows],
            moves=data.moves[rows],
            games=data.games[rows],
            returns=data.returns,
            evaluations=data.evaluations[rows],
        )

    return part(~apart), part(apart)


def accuracy_svg(acc: Accuracy, title: str) -> str:
    """Two bars: how often the learned value and the game's own estimate named the winner."""
    rows = [
        {"bot": "learned value", "win_rate": acc.learned[0], "ci_low": acc.learned[1],
         "ci_high": acc.learned[2], "games": acc.rows},
        {"bot": "the game's estimate", "win_rate": acc.game[0], "ci_low": acc.game[1],
         "ci_high": acc.game[2], "games": acc.rows},
    ]  # fmt: skip
    return rate_chart_svg(rows, title)


class SelfPlayLab:
    """Learn a value from self-play, search with it, and see where it stands (the module
    says how). ``jobs``: processes for the games against greedy (1: here); ``background``:
    run on a thread of its own (False: :meth:`start` runs it to the end first)."""

    def __init__(
        self,
        game: str | None = None,
        selfplay_games: int | None = None,
        games: int = GAMES,
        iterations: int = ITERATIONS,
        jobs: int | None = None,
        background: bool = True,
    ) -> None:
        offered = learn_games()
        game = game or offered[-1]
        if game not in offered:
            raise ValueError(f"SelfPlayLab: game= must be one of {', '.join(offered)}")
        self.jobs, self.background = jobs, background
        self.game = w.Dropdown(
            options=[(sg.load(g).title, g) for g in offered], value=game, description="Game"
        )
        self.selfplay_games = w.BoundedIntText(
            value=selfplay_games or SELFPLAY,
            min=10,
            max=MAX_SELFPLAY,
            description="Self-play",
            style={"description_width": "initial"},
        )
        self.iterations = w.BoundedIntText(
            value=iterations,
            min=1,
            max=5000,
            description="Playouts a move",
            style={"description_width": "initial"},
        )
        self.games = w.BoundedIntText(value=games, min=1, max=MAX_GAMES, description="Games")
        self.start_button = w.Button(description="Learn", button_style="primary", icon="play")
        self.stop_button = w.Button(description="Stop", icon="stop", disabled=True)
        self.start_button.add_class("sg-learn-start")
        self.stop_button.add_class("sg-learn-stop")
        self.progress = w.IntProgress(value=0, min=0, max=1, description="Self-play")
        self.status = w.HTML()
        self.status.add_class("sg-learn-status")
        self.accuracy_chart = w.HTML()
        self.accuracy_chart.add_class("sg-learn-accuracy")
        self.chart = w.HTML()
        self.chart.add_class("sg-learn-rates")
        self.ladder_chart = w.HTML(strength_svg(game))
        self.ladder_chart.add_class("sg-learn-ladder")
        self.game.observe(self._choose_game, "value")
        self.start_button.on_click(lambda _: self.start())
        self.stop_button.on_click(lambda _: self.stop())
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self.value: sg.ai.LinearValue | None = None
        self.accuracy: Accuracy | None = None
        self.table: Table | None = None
        self.placed: tuple[str, float, float, float] | None = None
        self.widget = w.VBox(
            [
                w.HBox([self.game, self.selfplay_games]),
                w.HBox([self.iterations, self.games]),
                w.HBox([self.start_button, self.stop_button]),
                self.progress,
                self.status,
                self.accuracy_chart,
                self.chart,
                self.ladder_chart,
            ]
        )
        self.widget.add_class("sg-learn")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def _choose_game(self, change: Any) -> None:
        game = change["new"]
        self.ladder_chart.value = strength_svg(game)
        self.accuracy_chart.value = self.chart.value = self.status.value = ""

    # ---- running ---------------------------------------------------------------------------

    def start(self) -> None:
        """Learn and measure, off the event loop (see the class)."""
        if self._thread is not None and self._thread.is_alive():
            return
        self._stop.clear()
        self.start_button.disabled, self.stop_button.disabled = True, False
        if not self.background:
            self._run()
            return
        self._thread = threading.Thread(target=self._run, name="sg-lab-learn", daemon=True)
        self._thread.start()

    def run_here(self) -> None:
        """Run every step in this thread (tests, scripts)."""
        self._stop.clear()
        self._run()

    def stop(self) -> None:
        """Stop at the next game: what was done so far is kept and shown."""
        self._stop.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the background run to end; whether it has."""
        if self._thread is not None:
            self._thread.join(timeout)
            return not self._thread.is_alive()
        return True

    def _run(self) -> None:
        game = self.game.value
        title = sg.load(game).title
        try:
            n = self.selfplay_games.value
            self.progress.description, self.progress.max, self.progress.value = "Self-play", n, 0
            self.status.value = f"Playing {n} games against itself…"

            def played(done: int, total: int) -> None:
                self.progress.value = done

            data = sg.ai.selfplay(
                game,
                n,
                bot="greedy",
                seed=1,
                rows_per_game=ROWS_PER_GAME,
                progress=played,
                stop=self._stop,
            )
            if len(np.unique(data.games)) < 5:
                self.status.value = "Stopped: too few games to learn from (five at least)."
                return
            learn, apart = _split(data)
            self.status.value = f"Fitting a value to {len(learn.values):,} decisions…"
            self.value = sg.ai.LinearValue.fit(learn)
            self.accuracy = accuracy_of(self.value, apart)
            self.accuracy_chart.value = accuracy_svg(
                self.accuracy,
                f"{title}: who wins? named right, on {self.accuracy.rows:,} decisions of "
                "games it did not learn from",
            )
            if self._stop.is_set():
                self.status.value = "Stopped after fitting the value."
                return
            self._play(game, learned_bot(self.value, self.iterations.value))
        except Exception as e:  # shown, never lost in a thread
            self.status.value = f"<b>Learning stopped:</b> {html.escape(str(e))}"
        finally:
            self.start_button.disabled, self.stop_button.disabled = False, True

    def _play(self, game: str, bot: sg.ai.Bot) -> None:
        n = self.games.value
        self.progress.description, self.progress.max, self.progress.value = "Games", n, 0
        self.status.value = f"The learned search plays the greedy bot: 0 of {n} games…"
        seats: list[Any] = [bot, "greedy"]
        live: list[GameResult] = []
        title = sg.load(game).title

        def on_game(result: GameResult) -> None:
            live.append(result)
            with self._lock:
                table = table_of(game, ["learned", "greedy"], live)
                self.progress.value = len(live)
                self.chart.value = rate_chart_svg(
                    table.rows, f"{title}: learned search against greedy, {len(live)} of {n}"
                )
                self.status.value = (
                    f"The learned search plays the greedy bot: {len(live)} of {n} games…"
                )

        executor = None
        if self.jobs != 1:  # fresh processes, not forks of a kernel that runs threads
            executor = ProcessPoolExecutor(
                self.jobs or os.cpu_count(), mp_context=multiprocessing.get_context("spawn")
            )
        try:
            played = tournament(
                game, seats, n=n, jobs=self.jobs, seed=7, executor=executor, stop=self._stop,
                on_game=on_game,
            )  # fmt: skip
        finally:
            if executor is not None:
                executor.shutdown(wait=False, cancel_futures=True)
        # named in a word (a bot given as such is labelled with its options, the value's too)
        self.table = table_of(game, ["learned", "greedy"], played.results)
        done = len(self.table.results)
        if not done:
            self.status.value = "Stopped before a game against greedy ended."
            return
        row = self.table.rows[0]
        self.chart.value = rate_chart_svg(
            self.table.rows, f"{title}: learned search against greedy, {done} games"
        )
        self.placed = placement(game, [self.table])
        self.ladder_chart.value = strength_svg(game, [self.placed])
        _, rating, low, high = self.placed
        unit = shipped(game).unit
        acc = self.accuracy
        assert acc is not None
        self.status.value = (
            ("Stopped" if done < n else "Done")
            + f": the learned value named the winner {acc.learned[0]:.0%} of the time (the "
            f"game's own estimate {acc.game[0]:.0%}); searching with it, it won "
            f"{row['win_rate']:.0%} of {done} games against greedy"
            + (f" and is rated {rating:.0f} Elo ({low:.0f} to {high:.0f})" if unit == "Elo" else "")
            + ", placed on the ladder's chart below."
            + (
                " Greedy took more of the points: a value that names the winner of whole "
                "positions can still rank the moves of one position worse than the game's own "
                "estimate does (the bots page says more)."
                if row["win_rate"] < 0.5
                else ""
            )
        )
