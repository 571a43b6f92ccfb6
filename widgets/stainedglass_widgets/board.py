"""One interactive board for every game: an anywidget that shows SVG text and reports events.

The drawing is done in Python (a pure function per game); the browser side (``board.js``, a few
dozen lines, no build step, no network) only puts the SVG on the page and sends back the
``data-id`` of what was clicked or hovered, and the keys listed in ``watch_keys``. The games
differ only in Python. Tests drive it without a browser through :meth:`Board.click`,
:meth:`Board.hover` and :meth:`Board.press`, which take the same path as the browser's messages.

>>> board = Board(svg="<svg/>")
>>> seen = []
>>> board.on_click(seen.append)
>>> board.click("e5")
>>> seen
['e5']
"""

from __future__ import annotations

import pathlib
from typing import Any, Callable

import anywidget
import traitlets

_HERE = pathlib.Path(__file__).parent

Handler = Callable[[Any], None]


class Board(anywidget.AnyWidget):
    """Shows ``svg``; calls the click, hover and key handlers with an element's ``data-id``."""

    _esm = (_HERE / "board.js").read_text()
    _css = """
    .sg-board { outline: none; line-height: 0; user-select: none; }
    .sg-board:focus-visible { box-shadow: 0 0 0 3px #e0a100; border-radius: 10px; }
    .sg-board svg { display: block; height: auto; }
    .sg-lost { position: fixed; top: 0; left: 0; right: 0; z-index: 1000; padding: 14px 20px;
               background: #7a1d12; color: #fff; font-size: 24px; line-height: 1.4;
               display: flex; gap: 18px; align-items: center; }
    .sg-lost[hidden] { display: none; }
    .sg-lost button { font-size: 22px; padding: 4px 18px; }
    """
    svg = traitlets.Unicode("").tag(sync=True)
    version = traitlets.Int(0).tag(sync=True)  # bumped on every redraw (tests wait on it)
    watch_keys = traitlets.List(traitlets.Unicode(), ["r", "R", "Escape"]).tag(sync=True)
    # the keeper board of a play dashboard: the page's address follows the game (``address``,
    # a query string; ``moves`` played so far). Every page also pings its kernel through one
    # board, which answers "pong": a silent kernel is said in words (board.js)
    keeper = traitlets.Bool(False).tag(sync=True)
    address = traitlets.Unicode("").tag(sync=True)
    moves = traitlets.Int(0).tag(sync=True)

    def __init__(self, svg: str = "", **kwargs: Any) -> None:
        super().__init__(svg=svg, **kwargs)
        self._handlers: dict[str, list[Handler]] = {"click": [], "hover": [], "key": []}
        self.on_msg(self._on_message)

    # ---- Python side -------------------------------------------------------------------------

    def draw(self, svg: str) -> None:
        """Show new SVG text (does nothing when it is the same)."""
        if svg != self.svg:
            with self.hold_sync():
                self.svg = svg
                self.version += 1

    def on_click(self, handler: Handler) -> None:
        self._handlers["click"].append(handler)

    def on_hover(self, handler: Handler) -> None:
        """``handler(id)``; the id is None when the pointer leaves every target."""
        self._handlers["hover"].append(handler)

    def on_key(self, handler: Handler) -> None:
        self._handlers["key"].append(handler)

    # ---- events (from the browser, or simulated) ---------------------------------------------

    def click(self, ident: str) -> None:
        self._dispatch("click", ident)

    def hover(self, ident: str | None) -> None:
        self._dispatch("hover", ident)

    def press(self, key: str) -> None:
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
