"""One interactive board for every game: an anywidget that shows SVG text and reports events.

The drawing is done in Python (a pure function per game); the browser side (``board.js``, no
build step, no network, no game logic) only puts the SVG on the page and sends back the
``data-id`` of what was clicked or hovered, and the keys listed in ``watch_keys``. The games
differ only in Python. Tests drive it without a browser through :meth:`Board.click`,
:meth:`Board.hover` and :meth:`Board.press`, which take the same path as the browser's messages.

Every board can be played without a mouse, by touch and with a screen reader, with nothing from
the game: the arrow keys move a visible cursor among the targets (the ``data-id`` elements, to
the nearest one that way), reported as hovered so the preview follows it; Enter or Space clicks
it (Space alone where the view watches Enter itself). A first tap shows a target (``hover``:
the preview), a second tap on it clicks it; a board whose targets need no preview sets
``confirm_taps=False`` (or lists id prefixes that one tap chooses in ``quick_taps``). The
board is named by ``label`` and described by the picture's ``data-label`` words
(``description``, kept by :meth:`Board.draw`); the cursor's target is said through a polite
live region. ``kit_keys`` (the game view's undo, hint, next; ``key_help`` says them in words)
reach :meth:`Board.on_kit_key`'s handlers, apart from the view's own ``watch_keys``.

>>> board = Board(svg="<svg/>")
>>> seen = []
>>> board.on_click(seen.append)
>>> board.click("e5")
>>> seen
['e5']
"""

from __future__ import annotations

import html
import pathlib
import re
from typing import Any
from collections.abc import Callable, Iterable

import anywidget
import traitlets

_HERE = pathlib.Path(__file__).parent

Handler = Callable[[Any], None]

_LABEL = re.compile(r'\bdata-label="([^"]*)"')
DESCRIPTION_LIMIT = 4000
"""The most characters a board's description holds (a screen reader reads it on focus)."""


def describe(svg: str, limit: int = DESCRIPTION_LIMIT) -> str:
    """The words of a picture for a screen reader: its ``data-label`` words in drawing order,
    each once, as sentences ("Nothing shown yet." without any).

    >>> describe('<svg><g data-label="c3: Dark&#x27;s castle"/><g data-label="a1: B2"/></svg>')
    "c3: Dark's castle. a1: B2."
    """
    seen: dict[str, None] = {}
    for raw in _LABEL.findall(svg):
        words = html.unescape(raw).strip()
        if words:
            seen.setdefault(words, None)
    if not seen:
        return "Nothing shown yet."
    text = " ".join(w if w.endswith((".", "!", "?")) else w + "." for w in seen)
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


class Board(anywidget.AnyWidget):
    """Shows ``svg``; calls the click, hover and key handlers with an element's ``data-id``."""

    _esm = (_HERE / "board.js").read_text()
    _css = """
    .sg-board { outline: none; line-height: 0; user-select: none; }
    .sg-board:focus-visible { box-shadow: 0 0 0 3px #e0a100; border-radius: 10px; }
    .sg-board svg { display: block; height: auto; }
    .sg-board-wrap { position: relative; }
    .sg-cursor { position: absolute; pointer-events: none; box-sizing: border-box; z-index: 5;
                 border: 4px dashed #17150f; outline: 3px solid #ffd23f; border-radius: 6px; }
    .sg-cursor[hidden] { display: none; }
    .sg-sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px;
                  overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0; }
    .sg-lost { position: fixed; top: 0; left: 0; right: 0; z-index: 1000; padding: 14px 20px;
               background: #7a1d12; color: #fff; font-size: 24px; line-height: 1.4;
               display: flex; gap: 18px; align-items: center; }
    .sg-lost[hidden] { display: none; }
    .sg-lost button { font-size: 22px; padding: 4px 18px; }
    """
    svg = traitlets.Unicode("").tag(sync=True)
    version = traitlets.Int(0).tag(sync=True)  # bumped on every redraw (tests wait on it)
    watch_keys = traitlets.List(traitlets.Unicode(), ["r", "R", "Escape"]).tag(sync=True)
    # the game view's keys (undo, hint, next): sent as "kit" events, to on_kit_key's handlers
    kit_keys = traitlets.List(traitlets.Unicode(), []).tag(sync=True)
    key_help = traitlets.Unicode("").tag(sync=True)  # the keys in words, after the cursor's
    # what a screen reader says: the board's name, and its picture in words (kept by draw)
    label = traitlets.Unicode("").tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)
    # touch: a first tap shows (hover), a second tap on the same target clicks; ids starting
    # with one of quick_taps (or every id, without confirm_taps) are clicked by one tap
    confirm_taps = traitlets.Bool(True).tag(sync=True)
    quick_taps = traitlets.List(traitlets.Unicode(), []).tag(sync=True)
    # the keeper board of a play dashboard: the page's address follows the game (``address``,
    # a query string; ``moves`` played so far). Every page also pings its kernel through one
    # board, which answers "pong": a silent kernel is said in words (board.js)
    keeper = traitlets.Bool(False).tag(sync=True)
    # the pupil's name, as the browser keeps it (board.js): progress is kept under it
    pupil = traitlets.Unicode("").tag(sync=True)
    # the pupil's Match me by game, as JSON, kept by the browser without a class (board.js;
    # kit/progress.py reads and writes it)
    levels = traitlets.Unicode("").tag(sync=True)
    address = traitlets.Unicode("").tag(sync=True)
    moves = traitlets.Int(0).tag(sync=True)

    def __init__(self, svg: str = "", **kwargs: Any) -> None:
        kwargs.setdefault("description", describe(svg) if svg else "")
        super().__init__(svg=svg, **kwargs)
        if not self.layout.max_width:  # a narrow screen (a tablet) shrinks the board to fit
            self.layout.max_width = "100%"
        self._handlers: dict[str, list[Handler]] = {"click": [], "hover": [], "key": [], "kit": []}
        self.on_msg(self._on_message)

    # ---- Python side -------------------------------------------------------------------------

    def draw(self, svg: str) -> None:
        """Show new SVG text (does nothing when it is the same)."""
        if svg != self.svg:
            with self.hold_sync():
                self.svg = svg
                self.description = describe(svg)
                self.version += 1

    def on_click(self, handler: Handler) -> None:
        self._handlers["click"].append(handler)

    def on_hover(self, handler: Handler) -> None:
        """``handler(id)``; the id is None when the pointer leaves every target."""
        self._handlers["hover"].append(handler)

    def on_key(self, handler: Handler, first: bool = False) -> None:
        """``handler(key)`` for the keys in ``watch_keys`` (the view's own); ``first``: before
        the handlers given so far."""
        if first:
            self._handlers["key"].insert(0, handler)
        else:
            self._handlers["key"].append(handler)

    def on_kit_key(self, handler: Handler) -> None:
        """``handler(key)`` for the keys in ``kit_keys`` (the game view's undo, hint, next)."""
        self._handlers["kit"].append(handler)

    # ---- events (from the browser, or simulated) ---------------------------------------------

    def click(self, ident: str) -> None:
        self._dispatch("click", ident)

    def hover(self, ident: str | None) -> None:
        self._dispatch("hover", ident)

    def press(self, key: str) -> None:
        """A key pressed on the board: a kit key (undo, hint, next) unless the view watches it
        itself, as the browser sends them; any other key to the view's key handlers."""
        if key in self.kit_keys and key not in self.watch_keys:
            self._dispatch("kit", key)
        else:
            self._dispatch("key", key)

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        event, ident = content.get("event"), content.get("id")
        if event == "ping":  # the page checks that its kernel still answers
            self.send({"event": "pong"})
            return
        if event in self._handlers and (ident is None or isinstance(ident, str)):
            self._dispatch(event, ident)

    def _dispatch(self, event: str, ident: str | None) -> None:
        for handler in self._handlers[event]:
            handler(ident)


def boards_in(widgets: Iterable[Any]) -> list[Board]:
    """Every :class:`Board` among ``widgets`` and inside them, depth first (a view's board
    area)."""
    found: list[Board] = []
    for widget in widgets:
        if isinstance(widget, Board):
            found.append(widget)
        found += boards_in(getattr(widget, "children", ()))
    return found
