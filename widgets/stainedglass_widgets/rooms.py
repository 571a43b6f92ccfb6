"""Rooms: pupils play each other from their own devices (the **Room** panel of every play
dashboard).

**Start a room** on a dashboard turns its game into a room's, kept in the class's store
(:mod:`stainedglass.classroom`): the panel shows a short code, a link and a QR code to scan from a
tablet. Every seat is what its picker says when the room starts: a person here (two or more make
a hot seat), a bot (it plays on this device), or **Another device**, open for a pupil who joins.
Another device opens the same dashboard, types the code and a name, and takes the first open seat
(**Join**) or watches (**Watch**).

Every device plays the same game: a move made on one is sent to the store first, and played here
only once the store took it; the others find it there within a tenth of a second. Two moves sent
for the same turn give one move and, on the other device, the refusal in words: the game never
forks. A chance outcome (dice, a card drawn) is drawn from the room's seed and its move number,
so every device draws the same one and it does not matter which sends it. Hidden hands stay on
their owner's device: each device shows only the hands of the people playing on it.

The page's address keeps the room and this device's seats (``?room=CODE&seat=...``): a reload, a
lost kernel or a closed lid brings the pupil back to the same seats and position. **Leave** gives
the seats up; a room ends when everyone has left, and its game can still be saved and reviewed.

>>> import stainedglass_widgets as sgw, tempfile, pathlib
>>> store = pathlib.Path(tempfile.mkdtemp()) / "class.sqlite"
>>> host = sgw.view("cathedral", seats=["human", "remote"], background=False)
>>> host.rooms.use_store(store)
>>> code = host.rooms.start("Ana")
>>> guest = sgw.view("cathedral", background=False)
>>> guest.rooms.use_store(store)
>>> guest.rooms.join(code, "Ben")
>>> host.play("cathedral e4 d5 e5 f5 e6 e7")
>>> guest.rooms.sync()
>>> len(guest.state.history), guest.seats
(1, ['remote', 'human'])
"""

from __future__ import annotations

import html
import os
import random
import threading
import urllib.parse
from typing import TYPE_CHECKING, Any

import ipywidgets as w

import stainedglass as sg

from .features import Feature
from .searches import HUMAN, REMOTE, is_bot

if TYPE_CHECKING:
    from stainedglass.classroom import Store

    from .game_view import GameView

POLL_S = 0.1
"""How often a device in a room looks for the others' moves (seconds)."""
STORE_VARIABLE = "STAINEDGLASS_STORE"
"""The environment variable that names the class's store (``stainedglass serve`` sets it for
every kernel it starts): a SQLite file or a ``postgresql://`` address."""


class Rooms(Feature):
    """The Room panel: Start a room, Join or Watch one by its code, the room's code, link, QR
    code and seats, and Leave."""

    name = "rooms"
    provides = ("rooms",)

    def __init__(self, view: "GameView") -> None:
        super().__init__(view)
        safe = view.safe
        self.store: Store | None = None
        self._store_at: str | os.PathLike[str] | None = None
        self.code = ""
        """The room this device is in ("" when none)."""
        self.tokens: dict[int, str] = {}
        """This device's seats in the room and their secret tokens."""
        self.seed = 0
        self.base = 0
        """Moves the room's start position has (the room's move n is the game's base + n)."""
        self.seen = 0
        """Room moves played here."""
        self.link = ""
        self._poller: threading.Thread | None = None
        self._stop = threading.Event()
        self._applying = False

        self.name_text = w.Text(placeholder="your name", description="Name",
                                layout=w.Layout(width="220px"),
                                style={"description_width": "44px"})
        self.name_text.add_class("sg-room-name")
        self.start_button = w.Button(description="Start a room", icon="users",
                                     tooltip="play this game with pupils on other devices: "
                                     "seats set to Another device are open for them")
        self.start_button.add_class("sg-room-start")
        self.start_button.on_click(safe(lambda _: self.start(self.name_text.value)))
        self.code_text = w.Text(placeholder="code", description="Room",
                                layout=w.Layout(width="150px"),
                                style={"description_width": "44px"})
        self.code_text.add_class("sg-room-code")
        self.code_text.on_submit(safe(lambda _: self.join(self.code_text.value,
                                                          self.name_text.value)))
        self.join_button = w.Button(description="Join", tooltip="take the first open seat")
        self.join_button.add_class("sg-room-join")
        self.join_button.on_click(safe(lambda _: self.join(self.code_text.value,
                                                           self.name_text.value)))
        self.watch_button = w.Button(description="Watch", tooltip="see the room's game, no seat")
        self.watch_button.add_class("sg-room-watch")
        self.watch_button.on_click(safe(lambda _: self.join(self.code_text.value,
                                                            self.name_text.value, watch=True)))
        self.leave_button = w.Button(description="Leave", tooltip="give up this device's seats",
                                     layout=w.Layout(display="none"))
        self.leave_button.add_class("sg-room-leave")
        self.leave_button.on_click(safe(lambda _: self.leave()))
        self.status = w.HTML()
        self.status.add_class("sg-room-status")
        self.controls = w.HBox([self.name_text, self.start_button, self.code_text,
                                self.join_button, self.watch_button, self.leave_button],
                               layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.box = w.VBox([self.controls, self.status])
        self.box.add_class("sg-room")
        view.add_widgets("below", self.box)
        view.hooks.after_change.append(self.update)
        view.model.listen("moved", self._moved)

    # ---- the store ---------------------------------------------------------------------------

    def use_store(self, where: str | os.PathLike[str]) -> None:
        """Keep rooms in the store at ``where`` (a SQLite file or a ``postgresql://`` address)
        instead of the class's."""
        self._store_at, self.store = where, None

    def open_store(self) -> "Store":
        if self.store is None:
            from stainedglass.classroom import default_store_path, open_store

            where = self._store_at or os.environ.get(STORE_VARIABLE) or default_store_path()
            self.store = open_store(where)
        return self.store

    # ---- start, join, leave ------------------------------------------------------------------

    def start(self, name: str) -> str:
        """Start a room with this game as it stands and the seats as the pickers say; returns
        its code."""
        view, model = self.view, self.view.model
        if self.code:
            raise ValueError(f"this board is in room {self.code} already: Leave it first")
        name = name.strip()
        record = model.state.record(players=list(model.player_names[:model.state.num_players]))
        n = model.state.num_players
        seats = []
        for p in range(n):
            seat = model.seat(p)
            kind = "bot" if is_bot(seat) else "open" if seat == REMOTE else "here"
            seats.append((kind, seat if is_bot(seat) else name if kind == "here" else ""))
        if not any(kind == "open" for kind, _ in seats):
            view.say("No seat is open for another device: this room can be watched. Set a "
                     "seat to Another device before starting a room to play with someone.")
        self.seed = random.randrange(2**31)
        code, tokens = self.open_store().create_room(
            view.game.name, record.to_text(), seats, seed=self.seed, host=name)
        self._enter(code, tokens, record)
        return code

    def join(self, code: str, name: str, *, watch: bool = False) -> None:
        """Join room ``code`` as ``name``: the first open seat (a watcher with ``watch``)."""
        if self.code:
            raise ValueError(f"this board is in room {self.code} already: Leave it first")
        store = self.open_store()
        room = store.room(code)
        if room.game != self.view.game.name:
            raise ValueError(f"room {room.code} plays {room.game}: open its dashboard to join")
        tokens = {} if watch else dict([store.join(room.code, name)])
        self.seed = room.seed
        self._enter(room.code, tokens, sg.load_record(room.start))

    def rejoin(self, code: str, tokens: list[str]) -> None:
        """Come back to room ``code`` in the seats ``tokens`` hold (a reload, a lost kernel)."""
        store = self.open_store()
        room = store.room(code)
        held = {store.seat_of(room.code, t): t for t in tokens}
        self.seed = room.seed
        self._enter(room.code, held, sg.load_record(room.start))

    def leave(self) -> None:
        """Give up this device's seats; the game stays on the board (saved and reviewed as any)."""
        if not self.code:
            return
        self._stop.set()
        for token in self.tokens.values():
            self.open_store().leave(self.code, token)
        code, self.code, self.tokens = self.code, "", {}
        model = self.view.model
        model.fixed = ""
        model.names.clear()
        for p in range(len(model.seats)):
            if model.seats[p] == REMOTE:
                model.set_seat(p, HUMAN)
        self.view.after_change((f"You left room {code}. The game stays here: save it, or "
                                "review it.", "info"), run_computer=False)

    def _enter(self, code: str, tokens: dict[int, str], start: sg.Record) -> None:
        view, model = self.view, self.view.model
        self.code, self.tokens = code, tokens
        state = start.state()
        self.base, self.seen = len(state.history), 0
        model.fixed = ""
        model.set_position(state, start=state.clone(), force=True)
        self._seat_people()
        model.fixed = (f"this game is room {code}'s: every device plays it, so its moves stay "
                       "(Leave the room to change it)")
        view.on_new_state()
        self.sync(quiet=True)
        self._stop.clear()
        if view.background and (self._poller is None or not self._poller.is_alive()):
            self._poller = threading.Thread(target=self._poll, name=f"room-{code}", daemon=True)
            self._poller.start()
        mine = ", ".join(model.player_names[p] for p in sorted(tokens)) or "no seat: watching"
        view.after_change((f"Room {code}: you play {mine}.", "good"))

    def _seat_people(self) -> None:
        """The seats as the room has them: this device's people, and everyone else elsewhere."""
        model, room = self.view.model, self.open_store().room(self.code)
        host = bool(self.tokens) and all(room.seats[p].kind == "here" for p in self.tokens)
        for seat in room.seats:
            p = seat.player
            if p in self.tokens:
                model.set_seat(p, HUMAN)
                model.names.pop(p, None)
            elif seat.kind == "bot" and host:
                model.set_seat(p, seat.bot)  # the room's bots think on the host's device
                model.names.pop(p, None)
            else:
                model.set_seat(p, REMOTE)
                label = seat.name or ("a bot" if seat.kind == "bot" else "an open seat")
                model.names[p] = label
        self.view.model.draw = self._draw

    def open_link(self, query: str) -> bool | None:
        """Join or rejoin the room a page's address names (``?room=CODE``, with ``&seat=``
        tokens after a reload); None without one, False (the reason shown) when it cannot be
        joined."""
        fields = urllib.parse.parse_qs(query.lstrip("?")[:4096])
        if "room" not in fields:
            return None
        code, tokens = fields["room"][0][:16], fields.get("seat", [])[:4]
        try:
            if tokens:
                self.rejoin(code, tokens)
            else:
                self.code_text.value = code
                self.view.say(f"Room {code}: type your name and press Join (or Watch).")
            return True
        except (ValueError, sg.IllegalMove) as e:
            self.view.say(f"Could not join the room: {e}", "bad")
            return False

    # ---- moves -------------------------------------------------------------------------------

    def _draw(self, state: sg.State) -> sg.Move:
        """A chance outcome every device agrees on: drawn from the room's seed and move number."""
        outcomes = state.chance_outcomes()
        rng = random.Random(f"{self.seed}:{len(state.history)}")
        moves, weights = zip(*outcomes)
        return rng.choices(moves, weights=weights)[0]

    def _moved(self, player: int, move: sg.Move, words: str) -> None:
        """A move played here goes to the room (one that came from the room does not)."""
        if not self.code or self._applying:
            return
        state = self.view.model.state
        n = len(state.history) - 1 - self.base
        try:
            self.open_store().play(self.code, n, str(move),
                                   self.tokens.get(player, next(iter(self.tokens.values()), "")))
        except (ValueError, sg.IllegalMove) as e:
            self.sync(refused=str(e))
            return
        self.seen = n + 1

    def sync(self, *, quiet: bool = False, refused: str = "") -> None:
        """Bring this device's game in line with the room's: play the moves the others sent; a
        game that went another way (a move refused) is replayed from the room."""
        if not self.code:
            return
        view, model = self.view, self.view.model
        with model.lock:
            store = self.open_store()
            played = model.state.history[self.base:]
            moves = store.moves(self.code)
            if [str(m) for m in played] != moves[:len(played)]:
                room = store.room(self.code)
                state = sg.load_record(room.start).state()
                for text in moves:
                    state.play(text)
                self._applying = True
                try:
                    model.set_position(state, start=model.start, force=True)
                finally:
                    self._applying = False
                self.seen = len(moves)
                view.on_new_state()
                view.after_change((f"Not played: {refused}" if refused else
                                   "The room's game is back on this board.", "bad" if refused
                                   else "info"))
                return
            new = moves[len(played):]
            if not new:
                return
            self._applying = True
            try:
                words = [model.play(text) for text in new]
            finally:
                self._applying = False
            self.seen = len(moves)
            view.on_new_state()
            view.after_change(None if quiet else (words[-1], "info"))

    def _poll(self) -> None:
        while not self._stop.wait(POLL_S):
            self.view.safe(self.sync)()

    # ---- the panel ---------------------------------------------------------------------------

    def room_link(self) -> str:
        """The address another device opens to join this room."""
        from .records import page_url

        return f"{page_url(self.view.game.name + '_play.ipynb')}?room={self.code}"

    def update(self) -> None:
        """The panel and the page's address (after every change)."""
        inside = bool(self.code)
        for widget in (self.start_button, self.code_text, self.join_button, self.watch_button):
            widget.layout.display = "none" if inside else None
        self.name_text.layout.display = "none" if inside else None
        self.leave_button.layout.display = None if inside else "none"
        if not inside:
            self.status.value = ""
            return
        link = self.room_link()
        model = self.view.model
        seats = " · ".join(
            f"<b>{html.escape(model.player_names[p])}</b>: "
            + ("you" if p in self.tokens else html.escape(model.names.get(p, "a bot")))
            for p in range(model.state.num_players))
        self.status.value = (
            f'<div class="sg-room-card" style="display:flex;gap:16px;align-items:center">'
            f'{qr_svg(link)}<div><div style="font-size:28px;letter-spacing:4px">Room '
            f'<b class="sg-room-code-shown">{self.code}</b></div>'
            f'<div>Join at <a href="{html.escape(link)}" target="_blank">'
            f"{html.escape(link)}</a>, or type the code on any play dashboard.</div>"
            f"<div class=\"sg-room-seats\">{seats}</div></div></div>")
        keeper = getattr(self.view, "keeper", None)
        if keeper is not None:
            query = urllib.parse.urlencode([("room", self.code)]
                                           + [("seat", t) for t in self.tokens.values()])
            keeper.address = "?" + query


def qr_svg(text: str, scale: int = 3) -> str:
    """``text`` as a QR code, an inline SVG (dark on light, with its quiet zone)."""
    import segno

    return str(segno.make(text, error="m").svg_inline(scale=scale, dark="#17150f",
                                                      light="#fbf7ea"))


