"""The plotly charts of a play view: the score after every move, and the hint's candidates.

plotly's widget bundle is several megabytes, so the charts are built lazily: the score chart when
someone opens it, the hint chart on the first hint. Each figure is created with its final data (a
FigureWidget changed before it is displayed inside a Box loses the change under Voila); once shown
it is updated in place. A chart whose figure waits for plotly, or is asked for from a search's
thread, is built on the kernel's main thread (:class:`MainThreadJob`). plotly itself (about 40 MB) is imported in
a thread: ahead of need in JupyterLab, and only when a chart is first asked for under Voila,
where every pupil has a kernel of their own (:func:`start_warming_plotly`); meanwhile the
chart's place says "chart loading…".
"""

from __future__ import annotations

import os
import threading
from typing import TYPE_CHECKING, Any
from collections.abc import Callable

import ipywidgets as w

from stainedglass.glass import GLASS, hint_colour

from ..kit.feature import Feature

if TYPE_CHECKING:
    from ..kit.game_view import GameView

PLOTLY_READY = threading.Event()
"""Set once plotly is imported (by the warm-up)."""

PAPER, PLOT = "#f4efe1", "#fbf8ef"


def served_by_voila() -> bool:
    """True in a kernel Voila started (preheated or not): one pupil's kernel among many."""
    return os.environ.get("VOILA_PREHEAT") in ("True", "False")


def start_warming_plotly(now: bool = False) -> None:
    """Warm plotly up in a background thread, so the board shows first. In JupyterLab or
    under nbval this happens as the view is built; under Voila only when a chart is asked for
    (``now``): plotly costs about 40 MB in every pupil's kernel, and most pupils never open a
    chart."""
    if PLOTLY_READY.is_set() or (served_by_voila() and not now):
        return
    threading.Thread(target=warm_plotly, name="warm-plotly", daemon=True).start()


def wait_for_plotly(
    view: GameView, box: w.Box, then: Callable[[], None]
) -> threading.Thread | None:
    """None when plotly is imported; else say "chart loading…" in ``box``, start the import,
    and return the thread that has ``then`` run once it is done (under the view's lock, its
    errors shown, on the kernel's main thread: :class:`MainThreadJob`)."""
    if PLOTLY_READY.is_set():
        return None
    box.children = (w.HTML("<i>chart loading…</i>"),)
    start_warming_plotly(now=True)
    thread = threading.Thread(target=MainThreadJob(view, then).later, name="sg-chart", daemon=True)
    thread.start()
    return thread


def warm_plotly() -> None:
    """Import plotly ahead of need, so the first click on Score chart (or the first hint's
    chart) does not wait for the import (see :func:`start_warming_plotly`)."""
    try:
        import plotly.graph_objects as go

        go.FigureWidget, go.Scatter, go.Bar, go.Layout  # noqa: B018 - lazy modules: loads them
    except Exception:
        pass
    finally:
        PLOTLY_READY.set()


def kernel_loop() -> Any:
    """The io loop of the kernel's main thread, when called from another thread of a running
    kernel; else None (on the main thread, or without a kernel: scripts, tests).

    >>> kernel_loop() is None
    True
    """
    if threading.current_thread() is threading.main_thread():
        return None
    try:
        from ipykernel.kernelbase import Kernel
    except ImportError:
        return None
    if not Kernel.initialized():
        return None
    return getattr(Kernel.instance(), "io_loop", None)


class MainThreadJob:
    """``fn`` run once, under the view's lock with its errors shown, once plotly is imported:
    on the kernel's main thread (the thread :meth:`later` runs in hands it to the kernel's io
    loop and waits), or in that thread without a kernel. Widgets made or changed from another
    thread race the messages of the main thread (a plotly FigureWidget then reaches the page
    without its data); ``run`` may also be called on the main thread directly (by ``wait``).

    >>> import threading, types
    >>> view = types.SimpleNamespace(safe=lambda fn: fn)
    >>> calls = []
    >>> job = MainThreadJob(view, lambda: calls.append(threading.current_thread().name))
    >>> job.run(), job.run()
    (None, None)
    >>> calls == [threading.main_thread().name], job.done.is_set()
    (True, True)
    """

    def __init__(self, view: Any, fn: Callable[[], None]) -> None:
        self.view, self.fn = view, fn
        self.done = threading.Event()
        self._claim = threading.Lock()
        self._claimed = False

    def run(self) -> None:
        with self._claim:
            if self._claimed:
                return
            self._claimed = True
        try:
            self.view.safe(self.fn)()
        finally:
            self.done.set()

    def later(self) -> None:
        PLOTLY_READY.wait(120)
        loop = kernel_loop()
        if loop is None:
            self.run()
            return
        loop.add_callback(self.run)
        self.done.wait(120)


def better_words(view: GameView) -> str:
    return "fewer is better" if view.game.facts.lower_is_better else "more is better"


class ScoreChart:
    """Each player's score after every move, behind a toggle button (``button``, ``box``)."""

    def __init__(self, view: GameView) -> None:
        self.view = view
        self.figure: Any = None
        self.thread: threading.Thread | None = None  # builds the figure once plotly is in
        self.button = w.ToggleButton(
            description="Score chart", value=False, tooltip="score after every move (plotly)"
        )
        self.button.observe(view.safe(lambda _: self.toggle()), "value")
        self.box = w.Box()

    def series(self) -> list[list[int]]:
        """Each player's score after every move since the game began (move 0: the start)."""
        view = self.view
        replay = view.game.new_game(seed=view.state.seed)
        series = [[s] for s in replay.scores()]
        for text in view.state.history:
            replay.play(text)
            for line, s in zip(series, replay.scores()):
                line.append(s)
        return series

    def traces(self) -> list[dict[str, Any]]:
        dashes = ["solid", "dash", "dot", "dashdot"]
        symbols = ["circle", "square", "diamond", "triangle-up"]
        view = self.view
        out = []
        for i, ys in enumerate(self.series()):
            g = GLASS[view.player_glass[i]]
            out.append(
                {
                    "type": "scatter",
                    "x": list(range(len(ys))),
                    "y": ys,
                    "mode": "lines+markers",
                    "name": f"{g.letter} · {view.player_names[i]}",
                    "line": {"color": g.mid, "width": 3, "dash": dashes[i % 4]},
                    "marker": {"symbol": symbols[i % 4], "size": 7, "color": g.dark},
                }
            )
        return out

    def toggle(self) -> None:
        if not self.button.value:
            self.box.layout.display = "none"  # kept: showing it again costs nothing
            return
        self.box.layout.display = None
        if self.figure is not None:
            self.update()
            return
        self.thread = wait_for_plotly(self.view, self.box, self.show)
        if self.thread is None:
            self.show()

    def show(self) -> None:
        """Build the figure with its data (plotly is imported by now)."""
        if self.figure is not None or not self.button.value:
            return
        import plotly.graph_objects as go

        label = self.view.score_label
        self.figure = go.FigureWidget(
            data=self.traces(),
            layout={
                "title": f"{label.capitalize()} after each move ({better_words(self.view)})",
                "xaxis_title": "move",
                "yaxis_title": label,
                "height": 320,
                "width": 760,
                "margin": {"l": 60, "r": 20, "t": 50, "b": 45},
                "paper_bgcolor": PAPER,
                "plot_bgcolor": PLOT,
            },
        )
        self.box.children = (self.figure,)

    def update(self) -> None:
        """Follow the game in place (the figure is displayed by now); not while it is hidden."""
        if self.figure is None or not self.button.value:
            return
        data = self.traces()
        with self.figure.batch_update():
            if len(self.figure.data) != len(data):  # a new game with another number of players
                self.figure.data = ()
                for trace in data:
                    self.figure.add_scatter(**{k: v for k, v in trace.items() if k != "type"})
                return
            for trace, new in zip(self.figure.data, data):
                trace.x = new["x"]
                trace.y = new["y"]
                trace.name = new["name"]


class Charts(Feature):
    """**Score chart** beside New game, its chart under the settings; plotly starts warming up
    (in a notebook; under Voila only when asked)."""

    name = "charts"
    provides = ("score_chart", "chart_button", "chart_box", "chart")

    def __init__(self, view: GameView) -> None:
        super().__init__(view)
        self.score_chart = ScoreChart(view)
        self.chart_button, self.chart_box = self.score_chart.button, self.score_chart.box
        view.add_widgets("settings", self.chart_button)
        view.add_widgets("charts", self.chart_box)
        view.hooks.after_change.append(self.score_chart.update)
        start_warming_plotly()

    @property
    def chart(self) -> Any:
        """The score chart's plotly figure (None until it is first opened)."""
        return self.score_chart.figure


class HintChart:
    """A dot per suggested move at its estimated value (dots, not bars: the axis zooms in on
    the values, which are often close, without bars whose lengths would then mislead)."""

    def __init__(self, view: GameView) -> None:
        self.view = view
        self.figure: Any = None
        self.box = w.Box(layout=w.Layout(flex="0 0 auto"))  # never narrower than its figure
        self.job: MainThreadJob | None = None  # the pending drawing, if any
        self.thread: threading.Thread | None = None  # hands it to the main thread

    def data(self) -> tuple[dict[str, Any], dict[str, Any]]:
        view = self.view
        marks = view.hint_marks()
        xs = [round(100 * m.value, 1) for m in marks]
        lo, hi = min(xs), max(xs)
        pad = max(2.0, (hi - lo) * 0.35)
        dots = {
            "type": "scatter",
            "mode": "markers+text",
            "x": xs,
            "y": [f"{m.rank}. {view.move_label(m.move)}" for m in marks],
            "text": [f"{m.value:.0%}" for m in marks],
            "textposition": "middle right",
            "hovertext": [f"{m.reason}<br>{m.support} {m.unit}" for m in marks],
            "hoverinfo": "text",
            "marker": {
                "size": 16,
                "color": [hint_colour(m.shade) for m in marks],
                "line": {"color": "#17150f", "width": 1.5},
            },
        }
        layout = {
            "title": {
                "text": f"Candidates: estimated {view.value_words()} (%)",
                "font": {"size": 13},
            },
            "height": 90 + 30 * len(marks),
            "xaxis": {
                "range": [max(0.0, lo - pad), min(100.0, hi + 2 * pad)],
                "ticksuffix": "%",
                "zeroline": False,
            },
        }
        return dots, layout

    def update(self) -> None:
        """Show the hint's values (called under the view's lock, from any thread). The figure
        is built with its data in one call, and changed, on the kernel's main thread only
        (:class:`MainThreadJob`): built from a search's thread, it reached the page under load
        as plotly's empty 700 x 360 figure. plotly's first import takes seconds: the board and
        the words go first, the chart follows when it is done (if the hint still stands)."""
        view = self.view
        if PLOTLY_READY.is_set() and kernel_loop() is None:
            self.draw()  # on the main thread already, or no kernel (no page to race)
            return
        if self.figure is None and not PLOTLY_READY.is_set():
            self.box.children = (w.HTML("<i>chart loading…</i>"),)
            start_warming_plotly(now=True)
        shown = view.suggestions

        def draw_if_current() -> None:
            if view.suggestions is shown and shown:
                self.draw()

        self.job = MainThreadJob(view, draw_if_current)
        self.thread = threading.Thread(target=self.job.later, name="sg-chart", daemon=True)
        self.thread.start()

    def wait(self, timeout: float) -> bool:
        """Wait for the chart's pending drawing (tests, scripts; from the main thread of a
        kernel it is drawn here, as that thread could not take it while it waits)."""
        job, thread = self.job, self.thread
        here = threading.current_thread() is threading.main_thread()
        if job is not None and here and PLOTLY_READY.wait(timeout):
            job.run()
        if thread is not None:
            thread.join(timeout)
        return not (thread and thread.is_alive())

    def draw(self) -> None:
        """Build the figure with its data, or follow the hint in place (plotly is imported)."""
        dots, layout = self.data()
        if self.figure is None:
            import plotly.graph_objects as go  # imported by now (PLOTLY_READY)

            self.figure = go.FigureWidget(  # built with its data: see the module's note
                data=[dots],
                layout=dict(
                    **layout,
                    width=440,
                    margin={"l": 190, "r": 20, "t": 36, "b": 30},
                    yaxis={"autorange": "reversed"},
                    paper_bgcolor=PAPER,
                    plot_bgcolor=PLOT,
                    showlegend=False,
                ),
            )
            self.box.children = (self.figure,)
            return
        with self.figure.batch_update():
            trace = self.figure.data[0]
            for key in ("x", "y", "text", "hovertext"):
                setattr(trace, key, dots[key])
            trace.marker.color = dots["marker"]["color"]
            self.figure.layout.title.text = layout["title"]["text"]
            self.figure.layout.height = layout["height"]
            self.figure.layout.xaxis.range = layout["xaxis"]["range"]
