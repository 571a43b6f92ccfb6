"""Rooms: pupils play each other from their own devices (the **Room** panel of every play
dashboard).

**Start a room** on a dashboard turns its game into a room's, kept in the class's store
(:mod:`stainedglass_widgets.serving.classroom`): the panel shows a short code, a link and a QR code to scan from a
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

import contextlib
import functools
import html
import os
import threading
import urllib.parse
from typing import TYPE_CHECKING, Any

import ipywidgets as w

import stainedglass as sg

from ..kit.address import page_url
from ..kit.board import boards_in
from ..kit.feature import Feature
from ..kit.progress import (
    NAME_LIMIT,
    NAME_WORDS,
    class_store,
    name_words,
    set_pupil,
    store_location,
)
from ..kit.play import COMPUTER
from ..kit.searches import HUMAN, REMOTE, bot_label, is_bot
from .seats import Seats

if TYPE_CHECKING:
    from stainedglass_widgets.serving.classroom import PlayedMove, Room, Store

    from ..kit.game_view import GameView

ADDRESS_PRECEDENCE = 20
"""A room's keys in the page's address (``?room=&seat=``) come before the game's record."""
POLL_S = 0.1
"""How often a device in a room looks for the others' moves (seconds)."""
SEATS_EVERY = 10
"""Every how many looks it reads the seats too (who joined or left, the room's end)."""


class Rooms(Feature):
    """The Room panel: Start a room, Join or Watch one by its code, the room's code, link, QR
    code and seats, and Leave."""

    name = "rooms"
    provides = ("rooms",)

    def __init__(self, view: GameView) -> None:
        super().__init__(view)
        safe = view.safe
        self.store: Store | None = None
        self._store_at: str | os.PathLike[str] | None = None
        self.code = ""
        """The room this device is in ("" when none)."""
        self.tokens: dict[int, str] = {}
        """This device's seats in the room and their secret tokens."""
        self.version = -1
        """The room's version this device has seen (it counts every move, join and leave)."""
        self._data_version: int | None = None  # the store's, at the last look
        self._poller: threading.Thread | None = None
        self._stop = threading.Event()
        self._applying = False
        self.free = 0
        """The room's seats still free (its game starts when every seat is taken)."""

        self.name_text = w.Text(
            placeholder="your name",
            description="Name",
            tooltip=NAME_WORDS,
            layout=w.Layout(width="220px"),
            style={"description_width": "44px"},
        )
        self.name_text.add_class("sg-room-name")
        # the name the browser keeps for the class's pages (progress.py), both ways
        self.name_text.observe(lambda ch: self._name_typed(ch["new"]), "value")
        for board in boards_in(view.board_widgets)[:1]:
            board.observe(lambda ch: self._pupil_known(ch["new"]), "pupil")
        self.start_button = w.Button(
            description="Start a room",
            icon="users",
            tooltip="play this game with pupils on other devices: "
            "seats set to Another device are open for them",
        )
        self.start_button.add_class("sg-room-start")
        self.start_button.on_click(safe(lambda _: self._said(self.start, self.name_text.value)))
        self.code_text = w.Text(
            placeholder="code",
            description="Room",
            continuous_update=False,
            layout=w.Layout(width="150px"),
            style={"description_width": "44px"},
        )
        self.code_text.add_class("sg-room-code")
        self.join_button = w.Button(description="Join", tooltip="take the first open seat")
        self.join_button.add_class("sg-room-join")
        self.join_button.on_click(
            safe(lambda _: self._said(self.join, self.code_text.value, self.name_text.value))
        )
        self.watch_button = w.Button(description="Watch", tooltip="see the room's game, no seat")
        self.watch_button.add_class("sg-room-watch")
        self.watch_button.on_click(
            safe(
                lambda _: self._said(
                    self.join, self.code_text.value, self.name_text.value, watch=True
                )
            )
        )
        self.leave_button = w.Button(
            description="Leave",
            tooltip="give up this device's seats",
            layout=w.Layout(display="none"),
        )
        self.leave_button.add_class("sg-room-leave")
        self.leave_button.on_click(safe(lambda _: self.leave()))
        self.status = w.HTML()
        self.status.add_class("sg-room-status")
        self.controls = w.HBox(
            [
                self.name_text,
                self.start_button,
                self.code_text,
                self.join_button,
                self.watch_button,
                self.leave_button,
            ],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.name_words = name_words()  # where the name goes, and what is kept under it
        self.box = w.VBox([self.controls, self.name_words, self.status])
        self.box.add_class("sg-room")
        view.add_widgets("below", self.box)
        view.hooks.after_change.append(self.update)
        view.hooks.before_move.append(self._before_move)
        view.model.listen("moved", self._moved)
        view.address.claim(("room", "seat"), self.address_fields, precedence=ADDRESS_PRECEDENCE)

    def _name_typed(self, name: str) -> None:
        """The name box holds a name's length at most: a longer one (pasted) is cut there, and
        the reason said at once, not when a button is pressed."""
        if len(name) > NAME_LIMIT:
            self.view.say(
                f"A name is at most {NAME_LIMIT} characters: the name box keeps the first "
                f"{NAME_LIMIT}.",
                "bad",
            )
            self.name_text.value = name[:NAME_LIMIT]  # observed again, with the name kept
            return
        set_pupil(self.view.board_widgets, name)

    def _pupil_known(self, name: str) -> None:
        """The name the browser keeps for the class's pages, unless one is typed already."""
        if not self.name_text.value:
            self.name_text.value = name

    def _said(self, action: Any, *args: Any, **options: Any) -> None:
        """Run a button's ``action``; what the room or the store refuses is said in words."""
        try:
            action(*args, **options)
        except (ValueError, sg.IllegalMove) as e:
            self.view.say(f"Not done: {e}", "bad")

    # ---- the store ---------------------------------------------------------------------------

    def use_store(self, where: str | os.PathLike[str]) -> None:
        """Keep rooms in the store at ``where`` (a SQLite file or a ``postgresql://`` address)
        instead of the class's."""
        self._store_at, self.store = where, None

    def open_store(self) -> Store:
        if self.store is None:
            from stainedglass_widgets.serving.classroom import open_store

            self.store = open_store(store_location(self._store_at))
        return self.store

    # ---- start, join, leave ------------------------------------------------------------------

    def start(self, name: str) -> str:
        """Start a room with this game as it stands and the seats as the pickers say (the
        people here: the first a pupil of this device, the others its hot seat; the bots, played
        here; Another device: open); returns its code."""
        from stainedglass_widgets.serving.classroom import BOT, HOT_SEAT, PUPIL
        from stainedglass_widgets.serving.classroom.rooms import read_name

        view, model = self.view, self.view.model
        if self.code:
            raise ValueError(f"this board is in room {self.code} already: Leave it first")
        name = read_name(name)  # everything is checked before the store is asked
        n = self.players_chosen()
        here = [p for p in range(n) if model.seat(p) == HUMAN]
        bots = [p for p in range(n) if is_bot(model.seat(p))]
        if not here:
            raise ValueError(
                "a room needs a person on this device: set a seat to Human (the "
                "others to Another device, or a bot)"
            )
        seated = (
            {here[0]: (PUPIL, name)}
            | dict.fromkeys(here[1:], (HOT_SEAT, name))
            | {p: (BOT, bot_label(model.seat(p))) for p in bots}
        )
        store = self.open_store()
        if n != model.state.num_players:  # the players chosen: a new game of them, as New game
            model.new_game(**view.game_options())
            view.on_new_state()
        record = model.state.record(players=list(model.player_names[:n]))
        room, seats = store.start_room(start=record.to_text(), seated=seated)
        tokens = {p: seat.token for p, seat in seats.items()}
        self._enter(room.code, tokens)
        if len(tokens) == n:
            view.say(
                f"Room {room.code}: every seat plays on this device. Set a seat to "
                "Another device before starting a room to play with someone.",
                "info",
            )
        return room.code

    def players_chosen(self) -> int:
        """How many players the room has: as the game's options say (the players picker),
        which may differ from the game on the board only while no one has moved in it (the
        room then starts a new game of them); ValueError otherwise."""
        view, model = self.view, self.view.model
        n = model.state.num_players
        wanted = view.game_options().get("players", n)
        if isinstance(wanted, bool) or not isinstance(wanted, int) or wanted == n:
            return n
        if people_moved(model.start, model.state):
            raise ValueError(
                f"the game on the board has {n} players and the players chosen are {wanted}: "
                f"press New game for a game of {wanted}, or choose {n} players to go on "
                "with this one"
            )
        return wanted

    def join(self, code: str, name: str, *, watch: bool = False) -> None:
        """Join room ``code`` as ``name``: the first free seat (a watcher with ``watch``)."""
        if self.code:
            raise ValueError(f"this board is in room {self.code} already: Leave it first")
        store = self.open_store()
        room = store.room(code)
        if room.game != self.view.game.name:
            raise ValueError(
                f"room {room.code} plays {sg.load(room.game).title}: open its "
                "play dashboard to join it"
            )
        if room.ended:
            raise ValueError(f"room {room.code} has ended: no one can join it")
        tokens: dict[int, str] = {}
        if not watch:
            seat = store.join(room.code, name)
            tokens[seat.index] = seat.token
        self._enter(room.code, tokens)

    def rejoin(self, code: str, tokens: list[str]) -> None:
        """Come back to room ``code`` in the seats ``tokens`` hold (a reload, a lost kernel)."""
        store = self.open_store()
        held: dict[int, str] = {}
        for token in tokens:
            seat = store.rejoin(token)
            if seat.code != code.strip().upper():
                raise ValueError(f"this page's seat is in room {seat.code}, not {code}")
            held[seat.index] = token
        self._enter(store.room(code).code, held)

    def leave(self) -> None:
        """Give up this device's seats; the game stays on the board (saved and reviewed as
        any)."""
        if not self.code:
            return
        store = self.open_store()
        for token in self.tokens.values():
            # a seat left with its host's (a bot, a hot seat), or a room the teacher ended
            with contextlib.suppress(ValueError):
                store.leave(token)
        self._out(f"You left room {self.code}. The game stays here: save it, or review it.")

    def _out(self, words: str) -> None:
        """This board is in no room any more (left, or the room ended): the game is its own
        again, the other devices' seats people here, and ``words`` say so."""
        self._stop.set()
        self.code, self.tokens = "", {}
        model = self.view.model
        model.set_table(fixed="", chance_here=True, names={}, waiting="")
        for p in range(len(model.seats)):
            if model.seat(p) == REMOTE:
                model.set_seat(p, HUMAN)
        self.view.after_change((words, "info"), run_computer=False)

    def _enter(self, code: str, tokens: dict[int, str]) -> None:
        view, model = self.view, self.view.model
        store = self.open_store()
        room = store.room(code)
        self.code, self.tokens, self.version = room.code, tokens, -1
        start = sg.load_record(room.start).state()
        model.set_position(store.state(room.code), start=start, force=True)
        model.set_table(
            fixed=f"this game is room {room.code}'s: every device plays it, so its moves "
            "stay (Leave the room to change it)",
            chance_here=False,
        )
        self._seat_people(room)
        seats = view.feature(Seats)
        if seats is not None:
            seats.show_players()
        view.on_new_state()
        self._stop.clear()
        if view.background and (self._poller is None or not self._poller.is_alive()):
            self._poller = threading.Thread(
                target=self._poll, name=f"room-{room.code}", daemon=True
            )
            self._poller.start()
        mine = ", ".join(model.player_names[p] for p in sorted(tokens)) or "no seat: you watch"
        view.after_change((f"Room {room.code}: you play {mine}. {waiting(room)}".strip(), "good"))

    def _seat_people(self, room: Room) -> None:
        """The seats as the room has them: this device's people and bots, everyone else
        elsewhere."""
        from stainedglass_widgets.serving.classroom import BOT

        model = self.view.model
        self.version = room.version
        labels = {bot_label(bot): bot for bot in sg.ai.bot_names(extras=False)}
        names = dict(model.names)
        for seat in room.seats:
            p = seat.index
            if p in self.tokens:
                names.pop(p, None)
                if seat.kind == BOT:
                    if not is_bot(model.seat(p)):
                        model.set_seat(p, labels.get(seat.name or "", COMPUTER))
                else:
                    model.set_seat(p, HUMAN)
            else:
                model.set_seat(p, REMOTE)
                names[p] = (seat.name or "a pupil") if seat.taken else "an open seat"
        model.set_table(names=names, waiting=waiting(room))  # no move marks until then
        self.free = sum(not seat.taken for seat in room.seats)

    # ---- moves ---------------------------------------------------------------------------------

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

    def _before_move(self, move: sg.Move, words: str) -> bool:
        """A person's move here goes to the room first; played here once the room took it
        (with the chance it drew after it), refused in words when it did not."""
        if not self.code:
            return False
        model = self.view.model
        p = model.state.current_player
        ply = len(model.state.history)
        try:
            played = self.open_store().play(self.code, self.tokens.get(p, ""), str(move), ply)
        except (ValueError, sg.IllegalMove) as e:
            first = self.open_store().room(self.code).ply > ply
            self.sync(refused=f"another device played move {ply + 1} first" if first else f"{e}")
            return True
        self._apply(played, (words, "good"))
        return True

    def _moved(self, player: int, move: sg.Move, words: str) -> None:
        """A bot's move here (the room's bots think on this device) goes to the room."""
        if not self.code or self._applying:
            return
        model = self.view.model
        try:
            played = self.open_store().play(
                self.code, self.tokens.get(player, ""), str(move), len(model.state.history) - 1
            )
        except (ValueError, sg.IllegalMove) as e:
            self.sync(refused=f"{e}")
            return
        self._apply(played[1:], None)

    def _apply(self, moves: list[PlayedMove], message: tuple[str, str] | None) -> None:
        """Play the room's ``moves`` here (moves already made elsewhere, or just taken). The
        words said are those of the last move this device may see: a card drawn into another
        player's hand is played here, never said."""
        view, model = self.view, self.view.model
        self._applying = True
        try:
            words = [(model.play(m.move), self.sees(m)) for m in moves]
        finally:
            self._applying = False
        seen = [said for said, visible in words if visible]
        view.on_new_state()
        view.after_change(message or ((seen[-1], "info") if seen else None))

    def sees(self, move: PlayedMove) -> bool:
        """Whether this device may see ``move`` (a card drawn: only its owner's device)."""
        return move.seen_by is None or move.seen_by in self.tokens

    def sync(self, *, refused: str = "", seats: bool = True) -> None:
        """Bring this device's game in line with the room's: play the moves the others made, and
        (``seats``) the seats as they are; a game that went another way is put back as the room
        has it. Without ``seats``, one indexed query when nothing is new (the poll's)."""
        if not self.code:
            return
        view, model = self.view, self.view.model
        with model.lock:
            store = self.open_store()
            if not seats and not refused:
                version = store.data_version()
                if version is not None and version == self._data_version:
                    return  # nothing was written anywhere since the last look
                self._data_version = version
                news = store.moves_since(self.code, len(model.state.history))
                if not news:
                    return
                if news[0].ply == len(model.state.history) + 1:
                    self._apply(news, None)
                    return
            room = store.room(self.code)
            changed = room.version != self.version
            was_waiting = model.waiting
            if changed:
                self._seat_people(room)
            ply = len(model.state.history)
            news = store.moves_since(self.code, ply) if room.ply > ply else []
            if refused or ply > room.ply:
                self._applying = True
                try:
                    model.set_position(store.state(self.code), start=model.start, force=True)
                finally:
                    self._applying = False
                view.on_new_state()
                view.after_change(
                    (
                        f"Not played: {refused}"
                        if refused
                        else "The room's game is back on this board.",
                        "bad",
                    )
                )
            elif news:
                self._apply(news, None)
            elif changed and not room.ended and was_waiting and not model.waiting:
                # the last seat was taken: the words that the room waits give way
                view.after_change(
                    (f"Room {room.code}: every seat is taken; the game is on.", "good")
                )
            elif changed and not room.ended:
                view.after_change(None)
            if room.ended and self.code:
                self._out(
                    f"Room {room.code} has ended. Its game stays here: save it, or review it."
                )

    def _poll(self) -> None:
        """Every tenth of a second the moves; every second the seats and the room's end too."""
        tick = 0
        while not self._stop.wait(POLL_S):
            tick += 1
            self.view.safe(self.sync)(seats=tick % SEATS_EVERY == 0)

    # ---- the panel ---------------------------------------------------------------------------

    def room_link(self) -> str:
        """The address another device opens to join this room."""
        return f"{page_url(self.view.game.name + '_play.ipynb')}?room={self.code}"

    def address_fields(self) -> list[tuple[str, str]]:
        """This device's keys in the page's address: the room and its seats' tokens (a reload
        comes back to them); none out of a room."""
        if not self.code:
            return []
        return [("room", self.code)] + [("seat", t) for t in self.tokens.values()]

    def update(self) -> None:
        """The panel (after every change)."""
        inside = bool(self.code)
        for widget in (self.start_button, self.code_text, self.join_button, self.watch_button):
            widget.layout.display = "none" if inside else None
        self.name_text.layout.display = "none" if inside else None
        self.name_words.layout.display = "none" if inside or class_store() is None else None
        self.leave_button.layout.display = None if inside else "none"
        if not inside:
            self.status.value = ""
            return
        link = self.room_link()
        model = self.view.model
        seats = " · ".join(
            f"<b>{html.escape(model.player_names[p])}</b>: "
            + ("you" if p in self.tokens else html.escape(model.names.get(p, "a bot")))
            for p in range(model.state.num_players)
        )
        self.status.value = (
            f'<div class="sg-room-card" style="display:flex;gap:16px;align-items:center">'
            f'{qr_svg(link)}<div><div style="font-size:28px;letter-spacing:4px">Room '
            f'<b class="sg-room-code-shown">{self.code}</b></div>'
            f'<div>Join at <a href="{html.escape(link)}" target="_blank">'
            f"{html.escape(link)}</a>, or type the code on any play dashboard.</div>"
            f'<div class="sg-room-seats">{seats}</div>'
            f'<div class="sg-room-waiting">{html.escape(waiting(self.free))}</div></div></div>'
        )


def waiting(free: Room | int) -> str:
    """Words for a room still waiting for players ("" once every seat is taken)."""
    if not isinstance(free, int):
        free = sum(not seat.taken for seat in free.seats)
    if not free:
        return ""
    return (
        f"The room waits for {free} more player{'s' if free > 1 else ''}: its game starts "
        "when every seat is taken."
    )


def people_moved(start: sg.State, state: sg.State) -> bool:
    """Whether anyone has moved in ``state`` since ``start`` (chance moves do not count)."""
    replay = start.clone()
    for move in state.history[len(start.history) :]:
        if not replay.is_chance():
            return True
        replay.play(move)
    return False


@functools.lru_cache(maxsize=64)
def qr_svg(text: str, scale: int = 3) -> str:
    """``text`` as a QR code, an inline SVG (dark on light, with its quiet zone)."""
    import segno

    return str(segno.make(text, error="m").svg_inline(scale=scale, dark="#17150f", light="#fbf7ea"))
