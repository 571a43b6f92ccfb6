"""The teacher's console (``class_console.ipynb``): every room of the class live, each pupil's
progress, and the games to review; behind the teacher's password on a server other machines can
reach.

- **Rooms**: a grid of every room's board, live (a second at most behind), with its code, game,
  players and move; **Show** puts one large (for the projector), with **Review this game** (the
  review board opens it) and **End the room**.
- **Progress**: a row per pupil (lessons done per game, puzzles tried and right at the first try,
  games played and under way in rooms, the coach's accuracy, and their Match me level in each
  game: the level the computer plays them at, 1 to 8), sorted by any column, and
  **Download CSV**.
- **Projector**: the shown board fills the screen's height, its room, players and review link
  beside it in large type (:mod:`~stainedglass_widgets.features.projector`'s sizes); Escape
  leaves it.

``stainedglass serve`` reachable from other machines (``--ip 0.0.0.0``) prints the teacher's
password (:data:`PASSWORD_VARIABLE` hands it to the console's kernel); a server on this machine
alone (``make run``, the default ``--ip 127.0.0.1``) sets none, and the console opens at once,
saying so.

>>> import pathlib, tempfile
>>> from stainedglass_widgets.serving.classroom import open_store
>>> store = open_store(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite3")
>>> room = store.create_room("cathedral")
>>> store.add_progress("Ana", "cathedral", "puzzle", "c-01", True)
>>> console = Console(store, password="owl7", background=False)
>>> console.opened
False
>>> console.password_text.value = "owl7"; console.open_button.click()
>>> console.opened, room.code in console.grid_html(), "Ana" in console.table.value
(True, True, True)
>>> from stainedglass.ai.levels import MatchMe
>>> store.keep_level("Ana", "cathedral", MatchMe(6).to_dict())
6
>>> console.refresh(); "<th>Match me level: Cathedral</th>" in console.table.value
True
"""

from __future__ import annotations

import html
import os
import threading
from typing import TYPE_CHECKING, Any

import ipywidgets as w

import stainedglass as sg

from .leading import Leading
from ..kit.progress import PASSWORD_VARIABLE, store_location
from ..features.records import download_link
from ..features.projector import PAD_PX, UNIT, WORDS_PX, board_width, view_box_ratio
from ..kit.board import Board

if TYPE_CHECKING:
    from stainedglass_widgets.serving.classroom import Room, Store

POLL_S = 0.5
"""How often the console reads the rooms again (seconds)."""
SHOWN = 48
"""The most rooms the grid shows (the newest first)."""
COLUMN_WORDS = {
    "pupil": "Pupil",
    "lessons": "Lesson steps",
    "puzzles_tried": "Puzzles tried",
    "puzzles_first_try": "Right at the first try",
    "first_try_score": "First-try score",
    "games_played": "Games played",
    "games_under_way": "Games under way",
    "coach_accuracy": "Coach's accuracy",
    "level": "Match me level",
}


def column_words(name: str) -> str:
    """A progress column's heading as the teacher reads it (the CSV keeps ``name``): a game's
    lesson steps and Match me level under the game's title.

    >>> column_words("games_under_way"), column_words("level_coloring")
    ('Games under way', 'Match me level: Coloring in the Stained Glass')
    >>> column_words("lessons_" + sg.games()[0]) == "Lesson steps: " + sg.load(sg.games()[0]).title
    True
    """
    if name in COLUMN_WORDS:
        return COLUMN_WORDS[name]
    for kind in ("lessons", "level"):
        game = name.removeprefix(f"{kind}_")
        if game != name and game in sg.games():
            return f"{COLUMN_WORDS[kind]}: {sg.load(game).title}"
    return name.replace("_", " ").capitalize()


CSS = """
<style>
.sg-console-card { width: 230px; background: #f4efe1; border: 3px solid #17150f;
  border-radius: 8px; padding: 6px; font-size: 14px; }
.sg-console-card svg { width: 100%; height: auto; }
.sg-console-large svg { width: min(70vw, 760px); height: auto; }
.sg-console-table table { border-collapse: collapse; }
.sg-console-table th, .sg-console-table td { border: 1px solid #b9b2a1; padding: 3px 8px; }
.sg-console-projector { font-size: 26px; }
.sg-console-projector .sg-console-table td, .sg-console-projector .sg-console-table th {
  font-size: 24px; }
</style>
"""
PROJECTOR_CSS = f"""
<style>
/* projector mode with a room shown: its board fills the screen, its words beside it (the
   page's boxes around it let it hold the screen, not the page, as the projector's do) */
:has(.sg-console-projector .sg-console-large [data-room]) {{
  contain: none !important; content-visibility: visible !important;
  transform: none !important; filter: none !important; will-change: auto !important;
}}
.sg-console-projector .sg-console-large:has([data-room]) {{
  --sg-u: {UNIT};
  position: fixed !important; inset: 0; z-index: 900; overflow: auto; box-sizing: border-box;
  margin: 0 !important; padding: {PAD_PX}px; background: #ffffff; color: #000000;
  width: 100vw !important; height: 100vh !important; max-width: none !important;
}}
.sg-console-projector .sg-console-large [data-room] {{
  display: grid; grid-template-columns: max-content minmax(0, 1fr); column-gap: {2 * PAD_PX}px;
  grid-template-rows: repeat(3, max-content) 1fr; align-items: start;
}}
.sg-console-projector .sg-console-large [data-room] > svg {{
  grid-column: 1; grid-row: 1 / -1; width: var(--sg-board-width) !important; height: auto;
  max-width: none !important;  /* over the drawing's own (its size in the engine's units) */
}}
.sg-console-projector .sg-console-large [data-room] > :not(svg) {{
  grid-column: 2; margin: 0 0 10px; font-size: {WORDS_PX}; line-height: 1.25;
}}
.sg-console-projector .sg-console-large [data-room] > :not(svg) * {{ font-size: inherit; }}
</style>
"""
"""The console's projector mode: a room shown fills the screen, as a play dashboard's board
(:mod:`~stainedglass_widgets.features.projector`); its width is the shown room's own."""


class Console(w.VBox):
    """The console on the class's store (``store``: a :class:`~stainedglass_widgets.serving.classroom.Store`,
    a SQLite file or a ``postgresql://`` address; default the class's), behind ``password``
    (default the server's; "" for none). ``background=False``: no live updates (scripts)."""

    def __init__(
        self, store: Any = None, *, password: str | None = None, background: bool = True
    ) -> None:
        super().__init__()
        self._store_at = store
        self._store: Store | None = None
        self.password = os.environ.get(PASSWORD_VARIABLE, "") if password is None else password
        self.background = background
        self.opened = False
        self.shown = ""
        """The code of the room shown large ("" for none)."""
        self._seen: dict[str, tuple[int, str, int]] = {}  # code -> (version, SVG, moves)
        self._stop = threading.Event()
        self._lock = threading.RLock()

        self.password_text = w.Password(
            description="Password",
            placeholder="the teacher's",
            style={"description_width": "70px"},
            continuous_update=False,  # sent on Enter (or on leaving the box)
        )
        self.password_text.observe(self._password_sent, "value")
        self.gate_words = w.HTML(PASSWORD_WORDS)
        self.gate_words.add_class("sg-console-gate-words")
        self.password_text.add_class("sg-console-password")
        self.open_button = w.Button(description="Open the console", button_style="primary")
        self.open_button.on_click(lambda _: self.unlock(self.password_text.value))
        self.message = w.HTML()
        self.gate = w.VBox(
            [
                self.gate_words,
                w.HBox(
                    [self.password_text, self.open_button], layout=w.Layout(align_items="center")
                ),
            ]
        )

        self.grid = w.Box(layout=w.Layout(flex_flow="row wrap", grid_gap="12px"))
        self.grid.add_class("sg-console-grid")
        self.empty = w.HTML(
            '<p class="sg-console-empty">No rooms yet: a room starts when a '
            "pupil presses Start a room on a play dashboard.</p>"
        )
        self._cards: dict[str, tuple[w.VBox, w.HTML, w.Button]] = {}
        self.room_picker = w.Dropdown(
            description="Show", options=[("(no room)", "")], style={"description_width": "40px"}
        )
        self.room_picker.add_class("sg-console-show")
        self.room_picker.observe(lambda ch: self.show(ch["new"]), "value")
        self.end_button = w.Button(
            description="End the room",
            button_style="danger",
            tooltip="its seats are left; its game is kept for review",
            layout=w.Layout(display="none"),  # shown with a room
        )
        self.end_button.on_click(lambda _: self.end(self.shown))
        self.large = w.HTML()
        self.large.add_class("sg-console-large")
        self.sort_picker = w.Dropdown(
            description="Sort by",
            style={"description_width": "56px"},
            options=[(column_words(c), c) for c in self.columns()],
        )
        self.sort_picker.add_class("sg-console-sort")
        self.descending = w.Checkbox(description="highest first", indent=False)
        for widget in (self.sort_picker, self.descending):
            widget.observe(lambda _: self.refresh_table(), "value")
        self.table = w.HTML()
        self.table.add_class("sg-console-table")
        self.csv_link = w.HTML()
        self.projector = w.ToggleButton(
            description="Projector",
            tooltip="the shown board fills the screen, large words beside it (Escape leaves)",
            layout=w.Layout(display="none"),  # shown with a room
        )
        self.projector.add_class("sg-projector-toggle")  # Escape presses it (the board's page)
        self.escape_keys = Board(layout=w.Layout(display="none"))  # brings the page's Escape
        self.projector.observe(lambda ch: self._project(ch["new"]), "value")
        self.access = w.HTML(
            PASSWORD_WORDS if self.password else OPEN_WORDS,
        )
        self.access.add_class("sg-console-access")
        self.leading = Leading(self)
        self.body = w.VBox(
            [
                self.access,
                w.HTML("<h3>Rooms</h3>"),
                self.grid,
                w.HBox(
                    [self.room_picker, self.end_button, self.projector, self.escape_keys],
                    layout=w.Layout(align_items="center", flex_flow="row wrap"),
                ),
                self.large,
                w.HTML("<h3>Lead the class</h3>"),
                self.leading,
                w.HTML("<h3>Progress</h3>"),
                w.HBox(
                    [self.sort_picker, self.descending, self.csv_link],
                    layout=w.Layout(align_items="center", flex_flow="row wrap"),
                ),
                self.table,
            ]
        )
        self.add_class("sg-console")
        self.children = [w.HTML(CSS + PROJECTOR_CSS), self.gate, self.message]
        if not self.password:
            self.unlock("")

    # ---- the store and the password ----------------------------------------------------------

    def store(self) -> Store:
        if self._store is None:
            from stainedglass_widgets.serving.classroom import Store, open_store

            where = self._store_at
            self._store = where if isinstance(where, Store) else open_store(store_location(where))
        return self._store

    @staticmethod
    def columns() -> list[str]:
        from stainedglass_widgets.serving.classroom import Store

        return [name for name, _ in Store.progress_columns(under_way=True)]

    def _password_sent(self, change: dict[str, Any]) -> None:
        """Enter in the password box (or leaving it): as the button."""
        if change["new"]:
            self.unlock(change["new"])

    def unlock(self, password: str) -> None:
        """Open the console with the teacher's ``password`` (Enter in the box, or the
        button)."""
        if self.opened:
            return
        if self.password and password != self.password:
            self.message.value = (
                '<p class="sg-console-refused" style="color:#6b0b02">That is '
                "not the teacher's password (the server printed it when it "
                "started).</p>"
            )
            return
        self.opened = True
        self.message.value = ""
        self.children = [self.children[0], self.body]
        self.refresh()
        if self.background:
            threading.Thread(target=self._poll, name="console", daemon=True).start()

    # ---- rooms -------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Read the rooms and the progress again."""
        if not self.opened:
            return
        with self._lock:
            rooms = self.store().rooms()[:SHOWN]
            self._show_cards(rooms)
            options = [("(no room)", "")] + [
                (f"{r.code} · {sg.load(r.game).title}", r.code) for r in rooms
            ]
            if list(self.room_picker.options) != options:
                self.room_picker.options = options
                self.room_picker.value = (
                    self.shown if self.shown in {c: c for _, c in options} else ""
                )
            if self.shown:
                self.show(self.shown)
            self.refresh_table()
            self.leading.refresh()

    def grid_html(self, rooms: list[Room] | None = None) -> str:
        """Every room's card as the grid shows it (HTML)."""
        rooms = self.store().rooms()[:SHOWN] if rooms is None else rooms
        return "".join(self.card_html(room) for room in rooms)

    def card_html(self, room: Room) -> str:
        """A room as a small card: its board, code, game, players and move."""
        seen = self._seen.get(room.code)
        if seen is None or seen[0] != room.version:
            state = self.store().state(room.code)
            self._seen[room.code] = (room.version, state.svg() or "", players_moves(state))
        _, picture, moves = self._seen[room.code]
        return (
            f'<div class="sg-console-card" data-room="{room.code}">{picture}'
            f"<div><b>{room.code}</b> · {html.escape(sg.load(room.game).title)} · move "
            f"{moves}{' · ended' if room.ended else ' · over' if room.over else ''}"
            f"</div><div>{self.players(room)}</div></div>"
        )

    def _show_cards(self, rooms: list[Room]) -> None:
        """The grid: a card a room, each with its **Show** button (kept while the room is)."""
        children = []
        for room in rooms:
            if room.code not in self._cards:
                card = w.HTML()
                button = w.Button(
                    description=f"Show {room.code}",
                    tooltip="this room's board large, for the projector",
                    layout=w.Layout(width="auto"),
                )
                button.add_class("sg-console-card-show")
                button.on_click(lambda _, code=room.code: self.show(code))
                self._cards[room.code] = (w.VBox([card, button]), card, button)
            box, card, _ = self._cards[room.code]
            card.value = self.card_html(room)
            children.append(box)
        children = children or [self.empty]
        if list(self.grid.children) != children:
            self.grid.children = children

    @staticmethod
    def players(room: Room) -> str:
        names = sg.load(room.game).facts.player_names
        return " · ".join(f"{names[s.index]}: {html.escape(s.name or 'open')}" for s in room.seats)

    def show(self, code: str) -> None:
        """Show room ``code`` large ("" for none), with its review link."""
        self.shown = code
        if self.room_picker.value != code:
            self.room_picker.value = code
        self.end_button.layout.display = None if code else "none"
        self.projector.layout.display = None if code else "none"
        if not code:
            self.projector.value = False
            self.large.value = ""
            return
        room = self.store().room(code)
        state = self.store().state(code)
        link = self.store().record(code).to_link("review.ipynb")
        self.end_button.disabled = room.ended
        svg = state.svg() or ""
        width = board_width(view_box_ratio(svg), 0.0)  # on a projector (its style sheet)
        self.large.value = (
            f'<div data-room="{room.code}" style="--sg-board-width: {width}">'
            f"<h3>Room {room.code} · "
            f"{html.escape(sg.load(room.game).title)} · move {players_moves(state)}</h3>"
            f"<p>{self.players(room)}</p>{svg}"
            f'<p><a class="sg-console-review" href="{html.escape(link)}" target="_blank">'
            "<b>Review this game</b></a> (in the review board, every move judged)</p></div>"
        )

    def end(self, code: str) -> None:
        """End room ``code``: its seats are left, its game kept."""
        if code:
            self.store().end(code)
            self.refresh()

    # ---- progress ----------------------------------------------------------------------------

    def refresh_table(self) -> None:
        store = self.store()
        sort, down = self.sort_picker.value, self.descending.value
        rows = store.progress(sort, descending=down, under_way=True)
        columns = store.progress_columns(under_way=True)
        if not rows:
            self.table.value = (
                "<p>No progress yet: lessons, puzzles and games in rooms of pupils who gave "
                f"their name show here. {html.escape(WHERE_NAME)}</p>"
            )
        else:
            head = "".join(f"<th>{html.escape(column_words(n))}</th>" for n, _ in columns)
            body = "".join(
                "<tr>" + "".join(f"<td>{cell(value(row))}</td>" for _, value in columns) + "</tr>"
                for row in rows
            )
            self.table.value = f"<table><tr>{head}</tr>{body}</table>"
        self.csv_link.value = download_link(
            store.progress_csv(sort, descending=down, under_way=True),
            "class-progress.csv",
            "sg-console-csv",
            "the progress table as a CSV file",
            label="Download CSV",
            mime="text/csv",
        )

    def _project(self, on: bool) -> None:
        (self.add_class if on else self.remove_class)("sg-console-projector")

    def _poll(self) -> None:
        while not self._stop.wait(POLL_S):
            try:
                self.refresh()
            except Exception as e:
                self.message.value = (
                    f"<p>Could not read the class's store: {html.escape(str(e))}</p>"
                )

    def close(self) -> None:
        stop = getattr(self, "_stop", None)
        if stop is not None:
            stop.set()
        super().close()


PASSWORD_WORDS = (
    '<p class="sg-console-gate-words">This server can be reached from other machines, so the '
    "console asks for the teacher's password: <code>stainedglass serve</code> printed it when "
    "it started. The pupils do not have it.</p>"
)
OPEN_WORDS = (
    '<p class="sg-console-open-words">No password: this server lets in this machine only '
    "(<code>make run</code>, or <code>stainedglass serve</code> without <code>--ip</code>). "
    "A server the class's devices can reach (<code>--ip 0.0.0.0</code>) asks for the "
    "teacher's password, which it prints when it starts.</p>"
)
WHERE_NAME = (
    "A pupil gives their name once, in the Your name box at the top of a tutorial, on the "
    "puzzles page or in the coach's panel, or in the Name box of a play dashboard's Room "
    "panel: their browser keeps it for the class's other pages. A game in a room counts as "
    "under way until it is over, then as played. A pupil's Match me level (1 to 8) is the "
    "level the computer plays them at, moved after each game they finish against it."
)


def players_moves(state: sg.State) -> int:
    """The moves the players made in ``state``'s game: its dice rolled and cards drawn (its
    chance moves) are not counted (its game replayed from the start)."""
    replay = state.record().state(0)
    moves = 0
    for move in state.history:
        moves += not replay.is_chance()
        replay.play(move)
    return moves


def cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.0%}"
    return html.escape(str(value))
