"""Design a Sagrada window (``notebooks/sagrada_windows.ipynb``): set the 20 fields' colour and
value restrictions, see the engine's verdict at once, measure how hard the window is, save it,
open it again, and play it.

- The window is drawn by the engine (``stainedglass.sagrada.svg.window_svg``). Choose a
  restriction (a colour R G Y B K, a value 1-6, or none; also by key: r g y b k, 1-6, 0 or .)
  and click fields. After every change the engine validates the window
  (``windows.parse_window``): a refusal is said in its words and its fields are outlined in red.
- **Measure difficulty**: the simple strategy's win rate over a number of deals (1,000 unless
  lowered; ``difficulty.measure_window``), off the event loop (``searches.Search``) with a
  progress bar and Cancel; the result with its 95% interval, on a chart among the twelve bundled
  windows' measured win rates (``window_win_rates.json``).
- **Save** downloads the window as a small JSON file (``windows.window_to_text``); **Open**
  reads one (``windows.window_from_text``, a bad file said in words); **Play this window** opens
  a Sagrada view on it below, its first cards drawn.

>>> d = WindowDesigner(background=False)
>>> d.brush.value = "R"
>>> d.board.click("a1")
>>> d.board.click("b1")                          # two reds side by side: refused
>>> "a1 and b1 are orthogonally adjacent" in d.verdict.value
True
>>> d.brush.value = "4"
>>> d.board.click("b1")
>>> d.window().rows[0]
'R4...'
>>> d.games.value = 5
>>> d.measure_button.click()
>>> d.measured.games, d.measured.rows[0]
(5, 'R4...')
"""

from __future__ import annotations

import html
import re
import threading
from types import SimpleNamespace
from typing import Any
from collections.abc import Callable

import ipywidgets as w

from stainedglass.glass import GLASS, hit, label
from stainedglass.sagrada.cards import COLOR_NAMES, COLORS
from stainedglass.sagrada.difficulty import (
    DESIGNER_GAMES,
    MAX_GAMES,
    Measured,
    measure_window,
    shipped,
)
from stainedglass.sagrada.svg import CELL, WX, WY, window_svg
from stainedglass.sagrada.windows import (
    CELL_NAMES,
    CELLS,
    COLS,
    ROWS,
    WINDOWS,
    Window,
    check_window_name,
    difficulty_of,
    parse_window,
    window_from_text,
    window_named,
    window_problem_fields,
    window_to_text,
)

from ..kit.board import Board
from ..kit.messages import guard, message_html, strict_default
from ..features.actions import Chance
from ..features.records import download_link, read_upload
from ..kit.searches import Search

RESTRICTIONS = ("", *COLORS, "1", "2", "3", "4", "5", "6")
"""What a field may demand: nothing, a colour letter or a value."""
KEYS = {
    **{c.lower(): c for c in COLORS},
    **{str(v): str(v) for v in range(1, 7)},
    "0": "",
    ".": "",
    "Delete": "",
    "Backspace": "",
}
"""Keys that choose the restriction (on the board)."""
DIFFICULTY_INK = {3: "#2e6b30", 4: "#1f4e9c", 5: "#b8860b", 6: "#8b1a1a"}
YOURS = "#e0a100"
STOPPED = "Measuring stopped: the window changed. Measure again when it is ready."


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def restriction_words(r: str) -> str:
    """``"R"`` -> ``"red (R)"``, ``"4"`` -> ``"value 4"``, ``""`` -> ``"no restriction"``."""
    if not r:
        return "no restriction"
    if r in COLORS:
        return f"{COLOR_NAMES[COLORS.index(r)]} ({r})"
    return f"value {r}"


# ---- the chart: the window among the twelve bundled ones (numbers in, SVG out) -----------------


def difficulty_chart_svg(
    measured: Measured | None = None, name: str = "your window", width: int = 640
) -> str:
    """The twelve bundled windows' win rates (the shipped table, with 95% intervals), easiest
    first, and ``measured`` placed among them as a gold diamond marked ★. Every row carries its
    name and difficulty in words, not only a colour.

    >>> svg = difficulty_chart_svg()
    >>> svg.count('class="sg-window-rate"'), "Tempest (difficulty 6)" in svg
    (12, True)
    """
    from stainedglass.ai.tournament import wilson

    rows: list[tuple[str, float, float, float, int, int | None]] = []
    for window, row in shipped().items():
        won = round(row["won"] * row["games"])
        low, high = wilson(won, row["games"])
        rows.append((window, row["won"], low, high, row["games"], row["difficulty"]))
    if measured is not None and measured.games:
        low, high = measured.interval
        rows.append((name, measured.rate, low, high, measured.games, None))
    rows.sort(key=lambda r: -r[1])
    top_rate = max(r[3] for r in rows)
    step = 0.05 if top_rate <= 0.4 else 0.1
    span_max = max(step, step * -(-top_rate // step))
    left, right, top, row_h = 250, 110, 40, 24
    height = top + len(rows) * row_h + 34
    span = width - left - right

    def px(v: float) -> float:
        return left + min(v, span_max) / span_max * span

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="sg-window-chart" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="How '
        'often a simple strategy wins on each window, with 95% intervals">',
        f'<rect width="{width}" height="{height}" fill="#f4efe1" rx="8"/>',
        '<text x="12" y="22" font-size="15" font-weight="bold" fill="#17150f">How often a '
        "simple strategy wins (95% intervals): higher is easier</text>",
    ]
    k = 0.0
    while k <= span_max + 1e-9:
        x = px(k)
        parts.append(
            f'<line x1="{x:.1f}" y1="{top - 6}" x2="{x:.1f}" y2="{height - 28}" stroke="#cfc6ae"/>'
        )
        parts.append(
            f'<text x="{x:.1f}" y="{height - 12}" font-size="12" text-anchor="middle" '
            f'fill="#3b3628">{k:.0%}</text>'
        )
        k += step
    for i, (title, rate, low, high, games, difficulty) in enumerate(rows):
        y = top + i * row_h + row_h / 2
        mine = difficulty is None
        ink = YOURS if mine else DIFFICULTY_INK.get(difficulty or 0, "#3b3628")
        words = f"★ {title}" if mine else f"{title} (difficulty {difficulty})"
        figure = f"{rate:.1%} of {games:,}"
        parts.append(
            f'<g class="{"sg-window-yours" if mine else "sg-window-rate"}" '
            f'data-window="{_esc(title)}" data-rate="{rate:.4f}" '
            f'data-label="{_esc(title)}: {rate:.1%} won of {games:,} deals">'
        )
        parts.append(
            f'<text x="{left - 10}" y="{y + 4:.1f}" font-size="13" text-anchor="end" '
            f'fill="#17150f" font-weight="{"bold" if mine else "normal"}">'
            f"{_esc(words[:40])}</text>"
        )
        parts.append(
            f'<path d="M{px(low):.1f} {y - 6:.1f}v12M{px(low):.1f} {y:.1f}'
            f'H{px(high):.1f}M{px(high):.1f} {y - 6:.1f}v12" stroke="{ink}" '
            'stroke-width="2" fill="none"/>'
        )
        if mine:
            parts.append(
                f'<path d="M{px(rate):.1f} {y - 9:.1f}l9 9l-9 9l-9 -9z" fill="{YOURS}" '
                'stroke="#17150f" stroke-width="1.5"/>'
            )
        else:
            parts.append(
                f'<circle cx="{px(rate):.1f}" cy="{y:.1f}" r="6" fill="{ink}" '
                'stroke="#17150f"/>' + label(px(rate), y, str(difficulty), 8, "#ffffff")
            )
        parts.append(
            f'<text x="{width - right + 8}" y="{y + 4:.1f}" font-size="12" '
            f'fill="#17150f">{figure}</text></g>'
        )
    parts.append("</svg>")
    return "".join(parts)


def compare_words(measured: Measured) -> str:
    """Where a measured window stands among the twelve: how many are won more and less often,
    and the difficulty whose windows' mean win rate is nearest."""
    table = shipped()
    by: dict[int, list[float]] = {}
    for row in table.values():
        by.setdefault(row["difficulty"], []).append(row["won"])
    means = {d: sum(v) / len(v) for d, v in by.items()}
    nearest = min(means, key=lambda d: abs(means[d] - measured.rate))
    easier = [n for n, r in table.items() if r["won"] > measured.rate]
    harder = [n for n, r in table.items() if r["won"] <= measured.rate]
    deals = next(iter(table.values()))["games"]
    if not easier:
        best = max(table, key=lambda n: table[n]["won"])
        return (
            f"That is easier than all twelve bundled windows (the easiest, {best}, is won "
            f"{table[best]['won']:.1%} of {deals} deals)."
        )
    if not harder:
        worst = min(table, key=lambda n: table[n]["won"])
        return (
            f"That is harder than all twelve bundled windows (the hardest, {worst}, is won "
            f"{table[worst]['won']:.1%} of {deals} deals)."
        )
    return (
        f"That is harder than {len(easier)} of the twelve bundled windows and easier than "
        f"{len(harder)}; it is won about as often as the difficulty-{nearest} windows "
        f"(their mean: {means[nearest]:.1%} of {deals} deals)."
    )


# ---- the designer ------------------------------------------------------------------------------


class WindowDesigner(w.VBox):
    """The window designer (see the module). ``start``: a designed window's name (or a Window)
    to begin from, else a blank window; ``games``: the deals a measurement plays (the user may
    lower it); ``background=False`` measures inline (scripts, doctests); ``strict`` raises
    unexpected errors instead of showing them (default: ``STAINEDGLASS_STRICT=1``)."""

    def __init__(
        self,
        start: str | Window | None = None,
        *,
        games: int = DESIGNER_GAMES,
        background: bool = True,
        strict: bool | None = None,
    ) -> None:
        super().__init__()
        self._lock = threading.RLock()
        self.strict = strict_default() if strict is None else bool(strict)
        self.background = background
        self.failure: BaseException | None = None
        self.fields: list[str] = [""] * CELLS
        self.search: Search | None = None
        self.measured: Measured | None = None  # the last measurement (of self.measured.rows)
        self._played = 0  # deals played by the running measurement (set by its thread)
        self._measuring: tuple[str, ...] = ()  # the rows it measures
        self.game_view: Any = None  # the Sagrada view of "Play this window"
        self._build(games)
        if start is not None:
            self.safe(
                lambda: self.load_window(
                    start if isinstance(start, Window) else window_named(start)
                )
            )()
        else:
            self.safe(self.redraw)()

    # ---- widgets -----------------------------------------------------------------------------

    def _build(self, games: int) -> None:
        self.name_text = w.Text(
            value="My window", description="Name", layout=w.Layout(width="320px")
        )
        self.name_text.add_class("sg-window-name")
        self.name_text.observe(self.safe(lambda _: self.changed()), "value")
        self.start_picker = w.Dropdown(
            options=[("choose…", "-"), ("a blank window", "")]
            + [(f"{x.name} (difficulty {x.difficulty})", x.name) for x in WINDOWS],
            value="-",
            description="Start from",
            layout=w.Layout(width="340px"),
        )
        self.start_picker.add_class("sg-window-start")
        self.start_picker.observe(self.safe(lambda change: self.start_from(change["new"])), "value")
        self.brush = w.ToggleButtons(
            options=[("none", "")]
            + [(f"{c} {COLOR_NAMES[i]}", c) for i, c in enumerate(COLORS)]
            + [(str(v), str(v)) for v in range(1, 7)],
            value="R",
            tooltips=["a blank field"]
            + [f"only {n} cards" for n in COLOR_NAMES]
            + [f"only cards of value {v}" for v in range(1, 7)],
            style={"button_width": "70px"},
        )
        self.brush.add_class("sg-window-brush")
        self.board = Board(layout=w.Layout(width="490px"))
        self.board.add_class("sg-window-designer-board")
        self.board.watch_keys = list(KEYS)
        self.board.on_click(self.safe(self.click))
        self.board.on_key(self.safe(self.key))
        self.verdict = w.HTML()
        self.verdict.add_class("sg-window-verdict")
        self.message = w.HTML()
        self.message.add_class("sg-window-message")
        self.clear_button = w.Button(description="Clear all", tooltip="every field blank")
        self.clear_button.on_click(self.safe(lambda _: self.clear()))

        self.games = w.BoundedIntText(
            value=games,
            min=1,
            max=MAX_GAMES,
            description="Deals",
            layout=w.Layout(width="170px"),
            tooltip="how many deals the simple strategy plays",
        )
        self.games.add_class("sg-window-games")
        self.measure_button = w.Button(
            description="Measure difficulty",
            button_style="primary",
            icon="bar-chart",
            tooltip="the simple strategy's win rate on this window",
        )
        self.measure_button.add_class("sg-window-measure")
        self.measure_button.on_click(self.safe(lambda _: self.measure()))
        self.cancel_button = w.Button(
            description="Cancel",
            icon="stop",
            layout=w.Layout(display="none"),
            tooltip="stop measuring",
        )
        self.cancel_button.add_class("sg-window-cancel")
        self.cancel_button.on_click(self.safe(lambda _: self.cancel()))
        self.progress = w.IntProgress(
            value=0,
            min=0,
            max=1,
            description="Deals played",
            style={"description_width": "90px"},
            layout=w.Layout(display="none", width="420px"),
        )
        self.progress.add_class("sg-window-progress")
        self.result = w.HTML()
        self.result.add_class("sg-window-result")
        self.chart = w.HTML(difficulty_chart_svg())
        self.chart.add_class("sg-window-chart-box")

        self.save_link = w.HTML()
        self.save_link.add_class("sg-window-save")
        self.open_button = w.FileUpload(
            accept=".json", multiple=False, description="Open", tooltip="open a saved window file"
        )
        self.open_button.add_class("sg-window-open")
        self.open_button.observe(self.safe(lambda change: self._opened(change["new"])), "value")
        self.play_button = w.Button(
            description="Play this window",
            icon="play",
            tooltip="a game of Sagrada on this window, below",
        )
        self.play_button.add_class("sg-window-play")
        self.play_button.on_click(self.safe(lambda _: self.play()))
        self.play_area = w.VBox()
        self.play_area.add_class("sg-window-play-area")

        design = w.VBox(
            [
                w.HBox([self.name_text, self.start_picker]),
                self.brush,
                w.HBox(
                    [
                        self.board,
                        w.VBox(
                            [self.verdict, self.message, self.clear_button],
                            layout=w.Layout(width="400px", margin="0 0 0 12px"),
                        ),
                    ]
                ),
            ]
        )
        measure = w.VBox(
            [
                w.HBox([self.games, self.measure_button, self.cancel_button]),
                self.progress,
                self.result,
                self.chart,
            ]
        )
        files = w.HBox(
            [self.save_link, self.open_button, self.play_button],
            layout=w.Layout(align_items="center"),
        )
        self.children = [design, files, measure, self.play_area]
        self.add_class("sg-window-designer")

    # ---- errors ------------------------------------------------------------------------------

    def safe(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """``fn`` under the designer's lock; a bad input (ValueError) said in words, anything
        else "Something went wrong" (raised when ``strict``)."""

        return guard(
            fn,
            self.say,
            self.strict,
            words={ValueError: lambda e: str(e)[:400]},
            lock=self._lock,
            keep=lambda error: setattr(self, "failure", error),
        )

    def say(self, text: str, kind: str = "info") -> None:
        """Words beside the window (``kind``: info, good or bad, each with its symbol)."""
        self.message.value = message_html(text, kind, "sg-window-words") if text else ""

    # ---- the window --------------------------------------------------------------------------

    @property
    def rows(self) -> list[str]:
        """The four rows of five as text ('.' blank)."""
        return [
            "".join(f or "." for f in self.fields[r * COLS : (r + 1) * COLS]) for r in range(ROWS)
        ]

    def window(self) -> Window:
        """The window as the engine accepts it; a ValueError says why not."""
        return parse_window(self.rows, check_window_name(self.name_text.value))

    def problem(self) -> str:
        """The engine's reason the window cannot be played ("" when it can)."""
        try:
            self.window()
        except ValueError as e:
            return str(e)
        return ""

    def set_field(self, field: str, restriction: str) -> None:
        """Give ``field`` (``"b3"``) a restriction (``""``, a colour letter or a value)."""
        if field not in CELL_NAMES:
            raise ValueError(f"{str(field)[:10]!r} is not a field of the window (a1 to e4)")
        if restriction not in RESTRICTIONS:
            raise ValueError(
                f"{str(restriction)[:10]!r} is not a restriction: none, {' '.join(COLORS)} or 1-6"
            )
        self.fields[CELL_NAMES.index(field)] = restriction
        self.changed()

    def load_window(self, window: Window) -> None:
        """Put ``window``'s fields and name on the board."""
        self.fields = list(window.fields)
        with self.name_text.hold_trait_notifications():
            self.name_text.value = window.name
        self.changed()

    def start_from(self, choice: str) -> None:
        """The Start from menu: a blank window, or a copy of a bundled one."""
        if choice == "-":
            return
        if choice == "":
            self.clear()
            self.say("A blank window: choose a restriction, then click fields.")
        else:
            self.load_window(window_named(choice))
            self.say(f"A copy of {choice}: change what you like.")
        self.start_picker.value = "-"

    def clear(self) -> None:
        """Every field blank."""
        self.fields = [""] * CELLS
        self.changed()

    # ---- events ------------------------------------------------------------------------------

    def click(self, ident: str | None) -> None:
        """A field clicked: it takes the chosen restriction (or, if it has it, becomes blank)."""
        if not ident or ident not in CELL_NAMES:
            return
        i = CELL_NAMES.index(ident)
        new = "" if self.fields[i] == self.brush.value else self.brush.value
        self.fields[i] = new
        stopped = self.changed()
        if not self.problem():
            self.say(f"{ident}: {restriction_words(new)}." + (f" {STOPPED}" if stopped else ""))

    def key(self, key: str | None) -> None:
        """A key on the board chooses the restriction (r g y b k, 1-6; 0 or . for none)."""
        if key in KEYS:
            self.brush.value = KEYS[key]

    def changed(self) -> bool:
        """After every change: a copy of a bundled window whose fields changed takes a name of
        its own ("My Morning Lantern"), a measurement of another window stops (a new name
        alone keeps it), everything redraws. True when a measurement stopped."""
        name = " ".join(str(self.name_text.value).split())
        bundled = {x.name: x for x in WINDOWS}
        if name in bundled and tuple(self.rows) != tuple(bundled[name].rows):
            with self.name_text.hold_trait_notifications():
                self.name_text.value = f"My {name}"
        if self.search is not None and self.search.running and self.rows != list(self._measuring):
            self.search.cancel()
            self.search = None
            self._show_measuring(False)
            self.say(STOPPED)
            self.redraw()
            return True
        self.redraw()
        return False

    # ---- drawing -----------------------------------------------------------------------------

    def draft(self) -> Window:
        """The window as it stands, unchecked (for the picture)."""
        name = " ".join(str(self.name_text.value).split())[:24] or "custom"
        restricted = sum(1 for f in self.fields if f)
        return Window(name, difficulty_of(restricted), tuple(self.rows))

    def picture(self) -> str:
        """The engine's drawing of the window, with a click target on every field and the
        fields of a refusal outlined in red (✗)."""
        svg = window_svg(SimpleNamespace(window=self.draft(), placed={}))
        bad = set(window_problem_fields(self.problem(), self.rows))
        glass = GLASS["illegal"]
        extra = []
        for i, name in enumerate(CELL_NAMES):
            x, y = WX + (i % COLS) * CELL, WY + (i // COLS) * CELL
            if name in bad:
                extra.append(
                    f'<g class="problem" data-field="{name}" pointer-events="none">'
                    f'<rect x="{x + 4}" y="{y + 4}" width="{CELL - 8}" '
                    f'height="{CELL - 8}" rx="6" fill="{glass.mid}" fill-opacity="0.3" '
                    f'stroke="{glass.dark}" stroke-width="5" stroke-dasharray="8 5"/>'
                    + label(x + CELL - 16, y + 16, glass.letter, 18, "#ffffff")
                    + "</g>"
                )
            extra.append(
                hit(x, y, CELL, CELL, name, f"{name}: {restriction_words(self.fields[i])}")
            )
        assert svg.endswith("</svg>")
        return svg[: -len("</svg>")] + "".join(extra) + "</svg>"

    def redraw(self) -> None:
        """The picture, the engine's verdict, the buttons, Save, and a stale result dropped."""
        self.board.draw(self.picture())
        reason = self.problem()
        if reason:
            self.verdict.value = message_html(
                re.sub(r"^window '[^']*': ", "", reason)[:400], "bad", "sg-window-check"
            )
        else:
            window = self.window()
            n = window.restricted
            self.verdict.value = message_html(
                f"A window the game accepts: {n} restricted field{'s' * (n != 1)}, difficulty "
                f"{window.difficulty} by that count.",
                "good",
                "sg-window-check",
            )
        ok = not reason
        self.measure_button.disabled = not ok or (self.search is not None and self.search.running)
        self.play_button.disabled = not ok
        self._update_save(None if reason else self.window())
        if self.measured is not None and list(self.measured.rows) != self.rows:
            self.measured = None
            self.result.value = message_html(
                "The window changed since it was measured: measure it again.",
                "info",
                "sg-window-stale",
            )
            self.chart.value = difficulty_chart_svg()

    def _update_save(self, window: Window | None) -> None:
        if window is None:
            self.save_link.value = (
                '<span class="sg-window-save-off" style="color:#6f685a">'
                "Save: first fix the window</span>"
            )
            return
        slug = re.sub(r"[^a-z0-9]+", "-", window.name.lower()).strip("-") or "window"
        self.save_link.value = download_link(
            window_to_text(window),
            f"{slug}.sagrada-window.json",
            "sg-window-save-link",
            "download this window as a file",
        )

    # ---- open --------------------------------------------------------------------------------

    def _opened(self, files: Any) -> None:
        opened = read_upload(files, self.say, "a window file")
        if opened is None:
            return
        self.open_text(opened[1], opened[0])
        self.open_button.value = ()  # the same file may be opened again

    def open_text(self, text: str, source: str = "the file") -> bool:
        """Show the window a window file holds; False, with the reason said, if it cannot."""
        try:
            window = window_from_text(text)
        except ValueError as e:
            self.say(f"Could not open {source[:60]}: {str(e)[:300]}", "bad")
            return False
        self.load_window(window)
        self.say(f"Opened {window.name} from {source[:60]}.", "good")
        return True

    # ---- measuring ---------------------------------------------------------------------------

    def measure(self) -> None:
        """Measure the window (off the event loop, unless ``background`` is off)."""
        if self.search is not None and self.search.running:
            return
        window = self.window()  # a ValueError (said) if it cannot be played
        games = int(self.games.value)
        self._played = 0
        self._measuring = window.rows
        self.measured = None
        self.progress.max, self.progress.value = games, 0
        self.result.value = ""
        self._show_measuring(True)

        def count(done: int, _total: int) -> None:
            self._played = done

        self.search = Search(
            lambda stop: measure_window(window, games, count, stop),
            on_done=self.safe(self._measured),
            lock=self._lock,
            on_error=self.safe(self._failed),
            on_progress=self.safe(self._progress),
            background=self.background,
        )
        self.say(f"Measuring: the simple strategy plays {games:,} deals on {window.name}…")
        self.search.start()

    def _show_measuring(self, on: bool) -> None:
        self.progress.layout.display = None if on else "none"
        self.cancel_button.layout.display = None if on else "none"
        self.measure_button.disabled = on or bool(self.problem())

    def _progress(self, seconds: float) -> None:
        self.progress.value = min(self._played, self.progress.max)
        self.progress.description = f"{self._played:,} deals"

    def _measured(self, measured: Measured) -> None:
        self.search = None
        self._show_measuring(False)
        self.progress.value = measured.games
        if list(measured.rows) != self.rows:  # the window changed meanwhile
            return
        self.measured = measured
        # the chart first: the browser shows the widgets' changes in the order they are made
        self.chart.value = difficulty_chart_svg(measured, self.draft().name)
        self.result.value = message_html(
            f"{measured.words()} {compare_words(measured)}", "good", "sg-window-measured"
        )
        self.say("Measured: your window is the gold ★ on the chart.", "good")

    def _failed(self, error: BaseException) -> None:
        self.search = None
        self._show_measuring(False)
        if self.strict:
            self.failure = error
        self.say(f"The measurement stopped: {type(error).__name__}: {str(error)[:200]}", "bad")

    def cancel(self) -> None:
        """Cancel the measurement: nothing is measured, the window stays as it is."""
        if self.search is None or not self.search.running:
            return
        self.search.cancel()
        self.search = None
        self._show_measuring(False)
        self.say(
            f"Cancelled after {self._played:,} of {self.progress.max:,} deals: nothing measured."
        )

    def wait(self, timeout: float = 120.0) -> bool:
        """Wait for a measurement to end (tests); True once it has. In ``strict`` mode an
        error in it is raised here."""
        search = self.search
        done = True if search is None else search.wait(timeout)
        if self.failure is not None:
            failure, self.failure = self.failure, None
            raise failure
        return done

    # ---- play --------------------------------------------------------------------------------

    def play(self) -> Any:
        """A Sagrada game on this window, shown below with its first cards drawn."""
        from .view import SagradaView

        window = self.window()
        if self.game_view is not None:
            with self.game_view._lock:
                self.game_view.cancel_search()
        view = SagradaView(
            window={"name": window.name, "rows": list(window.rows)},  # played by its own name
            background=self.background,
            strict=self.strict,
        )
        view.address.give_up()  # the designer's page keeps its own address
        chance = view.feature(Chance)
        if chance is not None:
            chance.chance_button.click()  # the first cards: it plays at once
        self.game_view = view
        heading = w.HTML(
            f'<h3 class="sg-window-playing">Playing {_esc(window.name)}</h3>'
            '<p style="font-size:14px">Click a drawn card, then a field. '
            "<b>New game</b> there deals your window again.</p>"
        )
        self.play_area.children = [heading, view]
        self.say(f"Below: a game on {window.name}. Good luck!", "good")
        return view
