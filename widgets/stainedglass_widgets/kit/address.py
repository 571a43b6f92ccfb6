"""The page's address: what a play dashboard's page shows after its ``?`` (its query string), which
one board keeps (the *keeper*, ``board.js``: a reload, a culled kernel or a lost one opens the
page again there), and the addresses a page is reached by.

:class:`Address` is the view's (``view.address``) and the one place that writes the keeper's
``address``. A feature *claims* the keys it puts there, with a precedence, and gives the fields
as they are now; after every change (``GameView.after_change``) the claim of the highest
precedence that has fields makes the address (a room's ``?room=&seat=`` over the game's
``?record=``), and "" when none has. The keeper is the view's first board, from the first claim.

>>> from stainedglass_widgets.kit.board import Board
>>> address = Address()
>>> address.claim(("record",), lambda: [("record", "r1.abc")], precedence=10)
>>> address.claim(("room", "seat"), lambda: [], precedence=20)   # not in a room now
>>> address.query()
'?record=r1.abc'
>>> address.claim(("record",), lambda: [], precedence=5)
Traceback (most recent call last):
...
ValueError: the address key 'record' is claimed already
>>> board = Board()
>>> address.keep_on([board]); address.write(moves=3); board.keeper, board.address, board.moves
(True, '?record=r1.abc', 3)

:func:`page_url` is this dashboard's own address, :func:`query_string` the query string the page
was opened with (a shared link's).
"""

from __future__ import annotations

import json
import os
import threading
import urllib.parse
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .board import Board, boards_in

Fields = Callable[[], Sequence[tuple[str, str]]]
"""A claim's fields as they are now: ``(key, value)`` pairs, [] when it has nothing to say."""


@dataclass(frozen=True)
class Claim:
    """Keys of the address a feature fills (``fields``), over claims of lower ``precedence``."""

    keys: tuple[str, ...]
    fields: Fields
    precedence: int


class Address:
    """The page's address as the view's features make it (see the module's words)."""

    def __init__(self) -> None:
        self.claims: list[Claim] = []
        self.keeper: Board | None = None
        """The board that keeps the address (the first board of a view with a claim), or None."""

    def claim(self, keys: Iterable[str], fields: Fields, *, precedence: int) -> None:
        """Put ``keys`` in the address, their values from ``fields()``, unless a claim of a
        higher ``precedence`` has fields now. A key is one feature's; two claims never share a
        precedence (which wins is said, not left to the order features are made in)."""
        keys = tuple(keys)
        for other in self.claims:
            taken = set(keys) & set(other.keys)
            if taken:
                raise ValueError(f"the address key {sorted(taken)[0]!r} is claimed already")
            if other.precedence == precedence:
                raise ValueError(f"an address claim has precedence {precedence} already")
        self.claims.append(Claim(keys, fields, precedence))
        self.claims.sort(key=lambda c: -c.precedence)

    def query(self) -> str:
        """The address now: ``?`` and the fields of the highest claim that has any ("" when
        none has)."""
        for claim in self.claims:
            fields = list(claim.fields())
            if fields:
                stray = {key for key, _ in fields} - set(claim.keys)
                if stray:
                    raise ValueError(f"address keys {sorted(stray)} were not claimed")
                return "?" + urllib.parse.urlencode(fields, safe="")
        return ""

    def keep_on(self, widgets: Iterable[Any]) -> None:
        """The first board among ``widgets`` keeps the address, when a feature claimed keys
        (the view's board area, as the view is built)."""
        if self.claims and self.keeper is None:
            self.keeper = next(iter(boards_in(widgets)), None)
            if self.keeper is not None:
                self.keeper.keeper = True

    def give_up(self) -> None:
        """No board of this view keeps the page's address (a view inside another page that
        keeps its own: a designer's game)."""
        if self.keeper is not None:
            self.keeper.keeper = False
        self.keeper = None

    def write(self, moves: int) -> None:
        """The keeper's address and the moves played so far, together (``board.js`` reads the
        two on a change of address)."""
        keeper = self.keeper
        if keeper is None:
            return
        with keeper.hold_sync():
            keeper.address = self.query()
            keeper.moves = moves


def page_url(notebook: str) -> str:
    """This dashboard's address as the server saw it (Voila puts it in the kernel's
    environment), else the notebook's usual address under ``make run``."""
    if os.environ.get("SCRIPT_NAME") and os.environ.get("SERVER_NAME"):
        port = os.environ.get("SERVER_PORT", "")
        return (
            f"http://{os.environ['SERVER_NAME']}{':' + port if port else ''}"
            f"{os.environ['SCRIPT_NAME']}"
        )
    if os.environ.get("VOILA_REQUEST_URL"):
        return os.environ["VOILA_REQUEST_URL"].split("?")[0]
    return f"http://127.0.0.1:8866/voila/render/{notebook}"


def query_string() -> str:
    """The dashboard's query string: under Voila (a preheated kernel waits here for the page's
    request); elsewhere empty."""
    if os.environ.get("VOILA_PREHEAT") == "True":
        info = request_info()
        if info is not None:
            os.environ.update({k: v for k, v in info.items() if isinstance(v, str)})
        return os.environ.get("QUERY_STRING", "")
    return os.environ.get("QUERY_STRING", "")


def request_info() -> dict[str, object] | None:
    """The visitor's request (query string, server name...) that Voila sends a preheated kernel
    once a page takes it, read from Voila's ``voila/query`` socket; None when it cannot be had.
    A preheated kernel waits for its visitor as long as it takes: a class server may keep one in
    its pool for hours, and a shared link must still open when a pupil finally takes it.

    Voila's own helper (``voila.utils``) would do the same but imports the whole server stack,
    about 40 MB in every pupil's kernel; this uses tornado's client, already loaded by the
    kernel."""
    port = os.environ.get("VOILA_APP_PORT")
    kernel = os.environ.get("VOILA_KERNEL_ID")
    if not port or not kernel:
        return None
    host = os.environ.get("VOILA_APP_IP", "127.0.0.1")
    base = os.environ.get("VOILA_WS_BASE_URL", os.environ.get("VOILA_SERVER_URL", "/"))
    url = f"{os.environ.get('VOILA_WS_PROTOCOL', 'ws')}://{host}:{port}{base}voila/query/{kernel}"
    found: list[str] = []

    async def receive() -> None:
        from tornado.websocket import websocket_connect

        socket = await websocket_connect(url, connect_timeout=5)
        try:
            message = await socket.read_message()
            if isinstance(message, str):
                found.append(message)
        finally:
            socket.close()

    def run() -> None:
        import asyncio

        loop = asyncio.new_event_loop()
        try:
            loop.run_until_complete(receive())
        except Exception:
            pass
        finally:
            loop.close()

    # the kernel's own loop is busy running this cell: the socket gets a loop of its own
    thread = threading.Thread(target=run, name="voila-request", daemon=True)
    thread.start()
    thread.join()
    try:
        info = json.loads(found[0]) if found else None
    except ValueError:
        return None
    return info if isinstance(info, dict) else None
