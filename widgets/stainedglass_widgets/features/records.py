"""Games saved, opened and shared from a play view: **Save** downloads the game's record,
**Open** takes a record file, **Share** gives a link that opens the game at this move, and
:func:`open_link` (the play notebooks' last cell) opens such a link when the dashboard starts.

The record format is the engine's (``stainedglass/record.py``, ``docs/records.md``): reading one
never runs code and never trusts it, and a bad file or link is shown as a message beside the
normal start, never as a traceback.

>>> import stainedglass as sg, stainedglass_widgets as sgw
>>> v = sgw.view("cathedral")
>>> v.play("cathedral e4 d5 e5 f5 e6 e7")
>>> link = v.records.share()
>>> other = sgw.view("cathedral")
>>> open_link(other, "record=" + link.split("record=")[1])
True
>>> other.state.history
['cathedral e4 d5 e5 f5 e6 e7']
>>> open_link(other, "record=r1.tampered")
False
>>> "damaged" in other.message.value
True
"""

from __future__ import annotations

import base64
import html
from typing import TYPE_CHECKING, Any
from collections.abc import Callable

import ipywidgets as w

import stainedglass as sg

from ..kit.address import page_url, query_string, request_info
from ..kit.feature import Feature
from .follow import Follow
from .rooms import Rooms

if TYPE_CHECKING:  # the annotation only: the view makes its features
    from ..kit.game_view import GameView

__all__ = [
    "MoveLog",
    "Records",
    "download_link",
    "open_link",
    "page_url",  # the page's own address (kit/address.py), here too for the notebooks
    "query_string",
    "read_upload",
    "request_info",
    "uploaded_text",
]

ADDRESS_PRECEDENCE = 10
"""The game's record in the page's address (``?record=``), unless a room's keys come first."""
MAX_UPLOAD = 2_000_000
"""Bytes an opened file may have (a record of the longest game is far smaller)."""


class Records(Feature):
    """Save, Open and Share (in :attr:`box`, a row under the settings); and the page's address,
    which follows the game on a play dashboard (the ``record`` key of ``view.address``: a
    reload, a culled kernel or a lost one reopens this position, the first board keeping it:
    ``board.js``)."""

    name = "records"
    provides = ("records",)

    def __init__(self, view: GameView) -> None:
        super().__init__(view)
        self.save_link = w.HTML()
        self.save_link.add_class("sg-save")
        self.open_button = w.FileUpload(
            accept=".json,.txt", multiple=False, description="Open", tooltip="open a saved game"
        )
        self.open_button.add_class("sg-open")
        self.open_button.observe(view.safe(lambda change: self._opened(change["new"])), "value")
        self.share_button = w.Button(
            description="Share", tooltip="a link to this game at this move"
        )
        self.share_button.add_class("sg-share")
        self.share_button.on_click(view.safe(lambda _: self.share()))
        self.link_text = w.Text(
            layout=w.Layout(width="420px", display="none"),
            description="Link",
            style={"description_width": "36px"},
        )
        self.link_text.add_class("sg-link")
        self.box = w.HBox(
            [self.save_link, self.open_button, self.share_button, self.link_text],
            layout=w.Layout(align_items="center"),
        )
        view.add_widgets("records", self.box)
        view.hooks.after_change.append(self.update)
        view.address.claim(("record",), self.address_fields, precedence=ADDRESS_PRECEDENCE)

    # ---- save --------------------------------------------------------------------------------

    def record(self) -> sg.Record | None:
        return self.view.model.record()

    def update(self) -> None:
        """Refresh the Save link (after every change)."""
        record = self.record()
        if record is None:
            self.save_link.value = ""
        else:
            name = f"{self.view.game.name}-{len(record.moves)}-moves.json"
            self.save_link.value = download_link(
                record.to_text(), name, "sg-save-link", "download this game's record"
            )

    def address_fields(self) -> list[tuple[str, str]]:
        """The game at this move in the page's address (none for a position that cannot be
        saved)."""
        try:
            self.view.state.check_saveable()
            return [("record", self.view.state.record().to_link())]
        except ValueError:
            return []

    # ---- open --------------------------------------------------------------------------------

    def _opened(self, files: Any) -> None:
        opened = read_upload(files, self.view.say)
        if opened is not None:
            self.open_text(opened[1], f"Opened {opened[0]}")

    def open_text(self, text: str, done: str = "Opened the game") -> bool:
        """Show the game of a record (text, token or link); False, with the reason shown, if it
        cannot be read."""
        try:
            record = sg.load_record(text)
        except ValueError as e:
            self.view.say(f"Could not open it: {e}", "bad")
            return False
        if record.game != self.view.game.name:
            self.view.say(
                f"Could not open it: it is a game of {record.game}, and this board "
                f"plays {self.view.game.title}",
                "bad",
            )
            return False
        n = len(record.moves)
        self.view.show_record(
            record,
            f"{done}: {n} move{'' if n == 1 else 's'}"
            + (f", at move {record.at}" if record.at is not None else "")
            + ".",
        )
        return True

    # ---- share -------------------------------------------------------------------------------

    def share(self) -> str:
        """The link to this game at this move (shown in the link box, and returned)."""
        record = self.record()
        if record is None:
            self.view.say("This position cannot be shared: it has no game behind it.", "bad")
            return ""
        link = record.to_link(page_url(f"{self.view.game.name}_play.ipynb"))
        self.link_text.value = link
        self.link_text.layout.display = None
        self.view.say(
            f"Copy the link ({len(link):,} characters): it opens this game at move "
            f"{len(record.moves)}.",
            "good",
        )
        return link


class MoveLog(Feature):
    """The moves played so far, in the game's notation (secrets kept: ``view.log_entry``)."""

    name = "log"
    provides = ("move_log",)

    def __init__(self, view: GameView) -> None:
        super().__init__(view)
        self.move_log = w.HTML()
        view.add_widgets("below", self.move_log)
        view.hooks.after_change.append(self.update)

    def update(self) -> None:
        view = self.view
        history = view.state.history
        items = "".join(f"<li>{html.escape(view.log_entry(m))}</li>" for m in history)
        self.move_log.value = (
            '<details class="sg-log" open><summary><b>Move log</b> '
            f"({len(history)} moves)</summary>"
            # scrolled by keys too: the list takes the focus (tabindex)
            '<ol tabindex="0" aria-label="moves played" style="max-height:180px;overflow:auto;'
            "margin:4px 0;font-family:monospace;"
            f'font-size:13px">{items}</ol></details>'
        )


def download_link(
    text: str,
    name: str,
    css_class: str,
    title: str,
    *,
    label: str = "Save",
    mime: str = "application/json",
) -> str:
    """A Save button (its ``label``): a link that downloads ``text`` as the file ``name`` of
    type ``mime`` (no server round trip: the file is in the link)."""
    data = base64.b64encode(text.encode()).decode()
    return (
        f'<a class="{html.escape(css_class)}" download="{html.escape(name)}" role="button" '
        f'href="data:{mime};base64,{data}" title="{html.escape(title)}" '
        'style="display:inline-block;padding:4px 12px;border:1px solid #9e9e9e;'
        "border-radius:2px;background:#eeeeee;color:#000;text-decoration:none;"
        f'font-size:13px">{html.escape(label)}</a>'
    )


def read_upload(
    files: Any, say: Callable[[str, str], None], kind: str = "a game record"
) -> tuple[str, str] | None:
    """:func:`uploaded_text`, or None with the reason said (``say(words, "bad")``)."""
    try:
        return uploaded_text(files, kind)
    except ValueError as e:
        say(f"Could not open it: {e}", "bad")
        return None


def uploaded_text(files: Any, kind: str = "a game record") -> tuple[str, str] | None:
    """The name and text of the file a ``FileUpload`` holds (None if none); a ValueError says
    why it cannot be ``kind`` (too large, not text)."""
    if not files:
        return None
    item = files[0]
    get = item.get if isinstance(item, dict) else lambda key, default: getattr(item, key, default)
    name, data = str(get("name", "the file")), bytes(get("content", b"") or b"")
    if len(data) > MAX_UPLOAD:
        raise ValueError(f"{name} has {len(data):,} bytes: too large for {kind}")
    try:
        return name, data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{name} is not text ({kind} is a JSON file)") from None


def open_link(view: GameView, query: str | None = None) -> bool | None:
    """Open the game a shared link holds (``?record=...``) in ``view``; None when the page was
    opened without one, False (the reason shown, the normal start kept) when it is bad."""
    query = query_string() if query is None else query
    rooms, records, follow = view.feature(Rooms), view.feature(Records), view.feature(Follow)
    if query and "follow=" in query and follow is not None:
        with view.model.lock:
            return follow.open_link(query)
    if query and "room=" in query and rooms is not None:
        with view.model.lock:
            return rooms.open_link(query)
    if not query or "record=" not in query or records is None:
        return None
    with view.model.lock:
        return records.open_text("?" + query.lstrip("?"), "Opened the shared game")
