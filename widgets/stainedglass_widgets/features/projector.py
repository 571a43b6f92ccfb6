"""Projector mode: a dashboard for the back of a room (the **Projector** button of every
play dashboard, lesson board, puzzle board and review board).

On, the view fills the screen: the main board fills the screen's height (or its width, less a
column for the words), the banner, the message, the coach's and the hint's words are in large
type, high contrast (black on white, thick outlines), and the controls collapse to one strip:
Undo, Hint, the game's own buttons, Teach me and Projector stay, and a page's own row of
controls for the board marked :data:`PROJECTED` (the teacher's Your move?, Reveal, Stop leading
and the count of answers), its words large; the seat pickers, sliders,
records, charts, the move box and the move log are folded away until it is off again.

The sizes it promises at 1920 x 1080 (``tests/test_views_projector.py`` checks the Python side,
``tests/test_views_a11y_browser.py`` measures them in Chromium on every game's dashboard):

* the main board's long side is at least :data:`BOARD_MIN_FRACTION` of the screen's smaller side;
* the words (banner, message, coach, hint) are at least :data:`WORDS_MIN_PX` pixels;
* the hint's marks on the board are at least :data:`MARK_MIN_PX` pixels high, and every letter
  or number drawn on the main board at least :data:`BOARD_TEXT_MIN_PX` pixels;
* the buttons' type is at least :data:`BUTTON_MIN_PX` pixels.

On a smaller screen (a classroom projector's 1280 x 720) every size is scaled to the screen
(:data:`UNIT`) and the main board takes at least :data:`BOARD_HEIGHT_FRACTION` of its height
(``tests/test_views_projector_browser.py``). Escape leaves projector mode (a board holding
something puts it back first).

>>> import stainedglass_widgets as sgw
>>> view = sgw.view("cathedral", background=False)
>>> view.projector.on = True
>>> "sg-projector" in view._dom_classes
True
>>> view.projector.on = False
>>> "sg-projector" in view._dom_classes
False
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any
from collections.abc import Callable, Sequence

import ipywidgets as w

from ..kit.board import Board
from ..kit.feature import Feature

if TYPE_CHECKING:
    from ..kit.game_view import GameView

BOARD_MIN_FRACTION = 0.9
"""The main board's long side, at least this share of the screen's smaller side."""
BOARD_HEIGHT_FRACTION = 0.85
"""The main board's height, at least this share of the screen's height, on a wide screen
(1920 x 1080), a classroom projector's (1280 x 720) and a squarer one (1400 x 1000)."""
WORDS_MIN_PX = 32
"""The type of the banner, the message, the coach's and the hint's words, at least (px)."""
BUTTON_MIN_PX = 24
"""The type of the strip's buttons, at least (px)."""
MARK_MIN_PX = 15
"""The rank written on each hint mark of the main board (violet, numbered), at least this
large (px, 1920 x 1080; the engine draws the ranks at 12 to 17 of the board's units)."""
BOARD_TEXT_MIN_PX = 12
"""Every letter and number drawn on the main board, at least this large (px, 1920 x 1080): the
engine draws its smallest labels (counts, corner notes) at 8 to 11 of the board's units; the
glass's letters come out at 16 to 29 px."""

SIDE_PX = 480
"""The column kept beside the board for the words and the strip (px at 1920 x 1080; a smaller
screen scales it, and every size above, by :data:`UNIT`)."""
SIDE_MIN_PX = 220
"""The narrowest the word column may be when the board takes it for itself (px)."""
PAD_PX = 12
"""The space around the screen's edge (px)."""
UNIT = "min(calc(100vh / 1080), calc(100vw / 1920))"
"""One pixel of a 1920 x 1080 screen on the screen shown: a classroom projector's 1280 x 720
shows the same room-sized picture as a 1920 x 1080 one, each size two thirds as many pixels."""


def scaled(px: float) -> str:
    """``px`` pixels of a 1920 x 1080 screen on the screen shown (CSS), see :data:`UNIT`."""
    return f"calc({px:g} * var(--sg-u))"


def board_width(ratio: float, asides: float, gaps: float = 0.0) -> str:
    """The main board's width (CSS) for a drawing ``ratio`` wide over high, beside boards
    ``asides`` pixels wide at 1920 x 1080 (a supply, a hand; ``gaps`` pixels of margins beside
    them, on any screen): as high as the screen less its
    edges, as wide as the word column (:data:`SIDE_PX`) leaves room for, yet at least
    :data:`BOARD_HEIGHT_FRACTION` of the screen's height (plus a little) as long as the word
    column keeps :data:`SIDE_MIN_PX`: a wide drawing (Sagrada's) narrows the words instead."""
    high = f"calc((100vh - {2 * PAD_PX}px) * {ratio:.4f})"
    fixed = 4 * PAD_PX + gaps  # the edges, the gap between the columns, the margins
    beside = f"calc(100vw - {SIDE_PX + asides:g} * var(--sg-u) - {fixed:g}px)"
    least = f"calc({BOARD_HEIGHT_FRACTION + 0.01:g} * 100vh * {ratio:.4f})"
    most = f"calc(100vw - {asides:g} * var(--sg-u) - {fixed + SIDE_MIN_PX:g}px)"
    return f"min({high}, max({beside}, {least}), {most})"


def board_width_px(ratio: float, asides: float, gaps: float, width: float, height: float) -> float:
    """What :func:`board_width` comes to on a ``width`` x ``height`` screen (px).

    >>> round(board_width_px(1.0, 0.0, 0.0, 1920, 1080))
    1056
    """
    u = min(height / 1080, width / 1920)
    high = (height - 2 * PAD_PX) * ratio
    beside = width - (SIDE_PX + asides) * u - 4 * PAD_PX - gaps
    least = (BOARD_HEIGHT_FRACTION + 0.01) * height * ratio
    most = width - asides * u - 4 * PAD_PX - gaps - SIDE_MIN_PX
    return min(high, max(beside, least), most)


PROJECTED = "sg-projector-keep"
"""The class of a row in the strip that stays on a projector with its words and buttons (a
page's own controls for the board: the teacher's Your move?, Reveal and the answers' count);
the strip keeps only buttons otherwise."""

WORDS_PX = f"max(18px, {scaled(WORDS_MIN_PX)})"
"""The words' type: :data:`WORDS_MIN_PX` at 1920 x 1080, as large to the room on any screen."""
BUTTONS_PX = f"max(15px, {scaled(BUTTON_MIN_PX)})"
"""The buttons' type: :data:`BUTTON_MIN_PX` at 1920 x 1080, scaled likewise."""

CSS = f"""
<style>
.sg-projector {{
  --sg-u: {UNIT};
  position: fixed !important; inset: 0; z-index: 900; overflow: auto; box-sizing: border-box;
  margin: 0 !important; padding: {PAD_PX}px; background: #ffffff; color: #000000;
  display: grid !important; column-gap: {PAD_PX * 2}px; row-gap: 10px;
  grid-template-columns: max-content minmax(0, 1fr);
  grid-template-rows: repeat(15, max-content) 1fr; align-items: start;
  width: 100vw !important; height: 100vh !important; max-width: none !important;
}}
/* the page's boxes around it (a notebook's cells, drawn only when near the view) would hold
   the fixed view in the page instead of the screen: scrolled down to a lesson, it slid off */
:has(.sg-projector) {{
  contain: none !important; content-visibility: visible !important;
  transform: none !important; filter: none !important; will-change: auto !important;
}}
.sg-projector > * {{ grid-column: 2; min-width: 0; max-width: 100% !important; }}
/* the board column: the view's boxes of boards, and a board standing alone (an anywidget's
   element takes no class once drawn, hence :has) */
.sg-projector > .sg-projector-board, .sg-projector > :has(.sg-board):not(.jupyter-widgets) {{
  grid-column: 1; grid-row: 1 / -1;
}}
.sg-projector .sg-projector-fold {{ display: none !important; }}
/* a game view inside the dashboard (a puzzle's, a review's): its boxes open into the columns */
.sg-projector .sg-projector-inner {{ display: contents !important; }}
.sg-projector .sg-projector-inner > * {{
  grid-column: 2; min-width: 0; max-width: 100% !important;
}}
.sg-projector .sg-projector-inner > .sg-projector-board,
.sg-projector .sg-projector-inner > :has(.sg-board):not(.jupyter-widgets) {{
  grid-column: 1; grid-row: 1 / -1;
}}
/* the boards' own widths are set by the view (the main board's to fit the screen); the boxes
   around them follow, and each drawing fills its board */
.sg-projector > * .widget-box:has(.sg-board) {{ width: auto !important; }}
.sg-projector > * .lm-Widget:has(.sg-board) {{ flex: 0 0 auto !important; }}
.sg-projector .sg-board svg:not(svg svg) {{
  width: 100% !important; max-width: none !important;
}}
.sg-projector .sg-banner {{ flex-wrap: wrap; row-gap: 6px; }}
.sg-projector .sg-banner, .sg-projector .sg-banner *, .sg-projector .sg-message,
.sg-projector .sg-message *, .sg-projector .sg-coach-words, .sg-projector .sg-coach-words *,
.sg-projector .sg-coach-hints, .sg-projector .sg-coach-hints *, .sg-projector .sg-coach-report,
.sg-projector .sg-coach-report *, .sg-projector .sg-hints, .sg-projector .sg-hints *,
.sg-projector .sg-thinking, .sg-projector .sg-thinking *,
.sg-projector .sg-puzzle-question, .sg-projector .sg-puzzle-question *,
.sg-projector .sg-puzzle-verdict, .sg-projector .sg-puzzle-verdict *,
.sg-projector .sg-review-verdict, .sg-projector .sg-review-verdict * {{
  font-size: {WORDS_PX} !important; line-height: 1.25 !important;
}}
.sg-projector .sg-message, .sg-projector .sg-coach-message {{
  color: #000000 !important; background: #ffffff !important; border: 4px solid #000000;
  border-left-width: 14px !important;
}}
.sg-projector .sg-message.sg-good, .sg-projector .sg-coach-message.sg-good {{
  border-color: #0c4a1e !important;
}}
.sg-projector .sg-message.sg-bad, .sg-projector .sg-coach-message.sg-bad {{
  border-color: #8a1202 !important;
}}
.sg-projector small {{ color: #000000 !important; }}
.sg-projector .sg-hints {{ max-width: 100% !important; }}
.sg-projector .sg-hints > :not(:first-child) {{ display: none !important; }}
.sg-projector .sg-hints > :first-child {{ max-width: 100% !important; }}
.sg-projector .sg-coach > .widget-hbox:has(.widget-dropdown) {{ display: none !important; }}
.sg-projector .sg-projector-strip {{ flex-wrap: wrap; gap: 8px; }}
.sg-projector .sg-projector-strip > :not(.jupyter-button, .widget-toggle-button,
                                        .sg-projector-box, .{PROJECTED}) {{
  display: none !important;
}}
.sg-projector .sg-projector-strip > .{PROJECTED} {{ gap: 8px; flex-wrap: wrap; }}
.sg-projector .sg-projector-strip > .{PROJECTED} .widget-html,
.sg-projector .sg-projector-strip > .{PROJECTED} .widget-html * {{
  font-size: {WORDS_PX} !important; line-height: 1.25 !important;
}}
.sg-projector .sg-projector-strip .sg-compare {{ display: none !important; }}
/* black on white buttons (over the page's coloured ones), the pressed toggles white on black */
html body .sg-projector .jupyter-button, html body .sg-projector .widget-toggle-button {{
  font-size: {BUTTONS_PX} !important; height: auto !important; width: auto !important;
  padding: 6px 18px !important; color: #000000 !important; background: #ffffff !important;
  border: 3px solid #000000 !important; opacity: 1 !important;
}}
html body .sg-projector .jupyter-button:disabled {{
  color: #595959 !important; border-style: dashed !important;
}}
html body .sg-projector .jupyter-button.mod-active {{
  color: #ffffff !important; background: #000000 !important;
}}
html body .sg-projector .jupyter-button:focus-visible {{
  outline: 4px solid #b35c00 !important; outline-offset: 2px;
}}
</style>
"""
"""The projector's style sheet, put on the page once per view (harmless when repeated)."""


def view_box_ratio(svg: str) -> float:
    """The width over the height of the drawing's ``viewBox`` (1.0 when it has none).

    >>> view_box_ratio('<svg viewBox="0 0 970 600">')
    1.6166666666666667
    """
    found = re.search(
        r'viewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"', svg[:2000]
    )
    if not found or float(found.group(2)) <= 0:
        return 1.0
    return float(found.group(1)) / float(found.group(2))


def _px(width: str | None) -> float:
    """A layout width in pixels (``"164px"``), 0 for anything else."""
    found = re.fullmatch(r"\s*([\d.]+)px\s*", width or "")
    return float(found.group(1)) if found else 0.0


def _boards(widget: Any) -> list[Board]:
    """The :class:`Board` widgets in a widget tree, depth first."""
    if isinstance(widget, Board):
        return [widget]
    found: list[Board] = []
    for child in getattr(widget, "children", ()):
        found += _boards(child)
    return found


def _holds(widget: Any, target: Any) -> bool:
    return widget is target or any(_holds(c, target) for c in getattr(widget, "children", ()))


class Projector:
    """The **Projector** toggle of a dashboard and what it does to it: ``on`` adds the class
    ``sg-projector`` to ``host`` (the style sheet :data:`CSS` does the rest) and sizes the main
    board to the screen; off puts everything back as it was.

    ``host`` is the dashboard's box (a play view, the puzzles' board, the review board);
    ``keep()`` lists its children whose words stay beside the board (the others fold away, but
    for the one holding the toggle: the strip); ``views()`` the game views whose boards fill
    the board column (default: the host itself, a play view). A game view inside the host (a
    puzzle's, a review's) lays its own words beside the board too, its buttons in the strip."""

    def __init__(
        self,
        host: w.Box,
        safe: Callable[[Callable[..., Any]], Callable[..., Any]],
        keep: Callable[[], Sequence[Any]],
        views: Callable[[], Sequence[GameView]] | None = None,
    ) -> None:
        self.host = host
        self._keep = keep
        self._views = views
        self.toggle = w.ToggleButton(
            value=False,
            description="Projector",
            tooltip="projector mode: the board fills the screen, large "
            "words, high contrast (press again to leave)",
        )
        self.toggle.add_class("sg-projector-toggle")
        self.style = w.HTML(CSS, layout=w.Layout(display="none"))
        self.style.add_class("sg-projector-style")
        self.box = w.HBox([self.toggle, self.style], layout=w.Layout(flex="0 0 auto"))
        self.box.add_class("sg-projector-box")
        self.main: Board | None = None
        self._width: str | None = None  # the main board's own width, put back when off
        self._asides: list[tuple[Board, str | None]] = []  # the other boards' own widths
        self._hooked: set[int] = set()  # the boards whose Escape this projector hears
        self._marked: list[tuple[w.DOMWidget, str]] = []
        self.toggle.observe(safe(lambda change: self._set(bool(change["new"]))), "value")

    @property
    def on(self) -> bool:
        """Whether projector mode is on (the same as pressing the button)."""
        return bool(self.toggle.value)

    @on.setter
    def on(self, value: bool) -> None:
        self.toggle.value = bool(value)

    def _mark(self, widget: w.DOMWidget, css_class: str) -> None:
        widget.add_class(css_class)
        self._marked.append((widget, css_class))

    def views(self) -> list[GameView]:
        """The game views whose boards this projector shows (a puzzle's changes: ask again)."""
        return list(self._views()) if self._views is not None else [self.host]

    def _set(self, on: bool) -> None:
        host = self.host
        if not on:
            host.remove_class("sg-projector")
            for widget, css_class in self._marked:
                widget.remove_class(css_class)
            self._marked = []
            if self.main is not None:
                self.main.layout.width = self._width
            for board, width in self._asides:
                board.layout.width = width
            self.main, self._asides = None, []
            self.toggle.description = "Projector"
            return
        views = self.views()
        board_widgets = [c for v in views for c in getattr(v, "board_widgets", ())]
        boards = [b for c in board_widgets for b in _boards(c)]
        self._lay_out(host, board_widgets, list(self._keep()))
        for view in views:  # a game view inside the host: its words beside the board too
            if view is not host:
                self._inner(view, board_widgets)
        if boards:  # the widest is the main board (the others: a supply, a hand)
            self.main = max(boards, key=lambda b: _px(b.layout.width))
            self._width = self.main.layout.width
            # the others keep their share of a 1920 x 1080 screen on a smaller one
            self._asides = [(b, b.layout.width) for b in boards if b is not self.main]
            for board, width in self._asides:
                if _px(width):
                    board.layout.width = scaled(_px(width))
        for board in boards:
            self._hear_escape(board)
        host.add_class("sg-projector")
        self.toggle.description = "Projector: on"
        self.follow()

    def _lay_out(self, box: Any, board_widgets: list[Any], keep: list[Any]) -> None:
        """Mark ``box``'s children: the boards' column, the strip, and what folds away."""
        for child in box.children:
            if any(child is c for c in board_widgets):  # a line of words there folds away
                self._mark(child, "sg-projector-board" if _boards(child) else "sg-projector-fold")
            elif any(_holds(child, c) for c in board_widgets):
                self._mark(child, "sg-projector-inner")  # holds a game view: laid out inside
            elif _holds(child, self.toggle):
                self._mark(child, "sg-projector-strip")
            elif not any(child is k for k in keep):
                self._mark(child, "sg-projector-fold")

    def _inner(self, view: GameView, board_widgets: list[Any]) -> None:
        """A game view inside the host: its boxes open into the host's columns, its boards
        on the left, its banner and message on the right, its buttons in a strip."""
        self._mark(view, "sg-projector-inner")
        for child in view.children:
            if any(child is c for c in board_widgets):
                self._mark(child, "sg-projector-board" if _boards(child) else "sg-projector-fold")
            elif any(child is k for k in view.kept()):
                continue
            elif child is view.strip:
                self._mark(child, "sg-projector-strip")
            else:
                self._mark(child, "sg-projector-fold")

    def _hear_escape(self, board: Board) -> None:
        """Escape on ``board`` leaves projector mode, unless it put back what the pointer held
        (the game's own Escape changed a board): then the next Escape does."""
        if id(board) in self._hooked:
            return
        self._hooked.add(id(board))
        before: list[list[int]] = []

        def versions() -> list[int]:
            return [b.version for v in self.views() for c in v.board_widgets for b in _boards(c)]

        def first(key: str | None) -> None:
            before[:] = [versions()] if key == "Escape" and self.on else []

        def last(key: str | None) -> None:
            if key == "Escape" and self.on and before and before[0] == versions():
                self.on = False

        board.on_key(first, first=True)
        board.on_key(last)

    def refresh(self) -> None:
        """Lay the host out again (its game view was replaced: the next puzzle)."""
        if self.on:
            self._set(False)
            self._set(True)

    def follow(self) -> None:
        """Size the main board to the screen: as high as the screen allows, as wide as the
        columns beside it leave room for; again when its drawing's shape changes."""
        if not self.on or self.main is None:
            return
        ratio = view_box_ratio(self.main.svg)
        asides = sum(_px(width) for _, width in self._asides)
        gaps = 12.0 * len(self._asides)  # their margins
        width = board_width(ratio, asides, gaps)
        if self.main.layout.width != width:
            self.main.layout.width = width


class ProjectorMode(Projector, Feature):
    """A play view's own projector: its toggle at the end of the strip; the words of the view
    and of its features' ``projected`` widgets stay beside the board."""

    name = "projector"
    provides = ("projector",)

    def __init__(self, view: GameView) -> None:
        Feature.__init__(self, view)
        Projector.__init__(self, view, view.safe, keep=view.kept)
        view.add_widgets("strip", self.box)
        view.hooks.after_change.append(self.follow)
