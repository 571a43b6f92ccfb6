"""Cathedral's position editor (**Edit** on the play dashboard): put any building of either side,
turned any way, and the Cathedral in the city, paint claimed territory, say whose turn it is;
then Play from here, Hint here or Share. The engine judges the position
(``Cathedral.validate``): a position no game could reach is refused with its reason.

>>> import stainedglass_widgets as sgw
>>> view = sgw.view("cathedral", background=False)
>>> editor = view.edit() or view.editor
>>> editor.side_picker.value = "cathedral"
>>> editor.city.click("e5")                          # the Cathedral, its middle on e5
>>> editor.position["cathedral"]
'e4 d5 e5 f5 e6 e7'
>>> editor.problem()
"to_move: it is Dark's turn in the first round: Light places the Cathedral, then Dark and \
Light one building each"
>>> editor.turn_picker.value = "dark"
>>> editor.problem() is None
True
>>> editor.play_from_here()
True
>>> view.state.current_player                        # Dark places the first building
1
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from stainedglass.cathedral.pieces import (
    ALL_PIECES,
    CATHEDRAL,
    COUNTS,
    DARK,
    FULL,
    LIGHT,
    PIECES,
    SIDE_NAMES,
    SIZE,
    mask_of,
    mask_text,
    regions,
)
from stainedglass.cathedral.game import short_text
from stainedglass.cathedral.svg import cathedral_svg
from stainedglass.core import IllegalMove, cell_name, parse_cell

from ..kit.board import Board
from ..features.editor import Editor
from ..kit.messages import message_html
from .hand import Hand

_KEYS = ("light", "dark")
_PIECE_INDEX = {name: i for i, name in enumerate(ALL_PIECES)}


class CathedralEditor(Editor):
    """The city as a board to click, with the pickers around it.

    **Buildings**: choose a side (Light, Dark or the Cathedral) and a building from what that
    side has left, turn it with Rotate or the ``r`` key, move over the city (the shadow shows
    where it goes), click to place it; click a building in the city to take it away.
    **Territory**: paint or unpaint Light's or Dark's territory, a whole region at a time or
    square by square. **To move**, **First round over**, **Cathedral captured**, **Clear**.
    """

    game_name = "cathedral"

    def setup(self) -> None:
        self.hand = Hand()  # the building in hand, turned, over a square
        self._syncing = False  # widgets being set from the position: not an edit

    # ---- widgets -----------------------------------------------------------------------------

    def tools(self) -> list[w.Widget]:
        safe = self.view.safe
        self.city = Board(layout=w.Layout(width="560px"))
        self.city.add_class("sg-editor-city")
        self.city.label = "the city being set up, 10 by 10 squares, a1 top left"
        self.city.on_click(safe(self.click_cell))
        self.city.on_hover(safe(self.hover_cell))
        self.city.on_key(safe(self.key_pressed))
        self.ghost_words = w.HTML()
        self.ghost_words.add_class("sg-live")  # where the building in hand goes, and why not
        self.tool_picker = w.ToggleButtons(
            options=[
                ("Buildings", "build"),
                ("Light territory", "light"),
                ("Dark territory", "dark"),
            ],
            value="build",
            description="Tool",
            style={"button_width": "118px"},
        )
        self.tool_picker.add_class("sg-editor-tool")
        self.whole_regions = w.Checkbox(
            value=True,
            description="paint whole regions",
            indent=False,
            layout=w.Layout(width="170px"),
        )
        self.side_picker = w.ToggleButtons(
            options=[("L Light", "light"), ("D Dark", "dark"), ("C Cathedral", "cathedral")],
            value="light",
            description="Side",
            style={"button_width": "100px"},
        )
        self.side_picker.add_class("sg-editor-side")
        self.piece_picker = w.Dropdown(description="Building", layout=w.Layout(width="230px"))
        self.piece_picker.add_class("sg-editor-piece")
        self.rotate_button = w.Button(
            description="Rotate ⟳ (r)", tooltip="turn the building in hand a quarter (key r)"
        )
        self.turn_picker = w.ToggleButtons(
            options=[("L Light", "light"), ("D Dark", "dark")],
            description="To move",
            style={"button_width": "80px"},
        )
        self.turn_picker.add_class("sg-editor-turn")
        self.first_round = w.Checkbox(
            description="first round over (the next buildings claim)",
            indent=False,
            layout=w.Layout(width="300px"),
        )
        self.captured = w.Checkbox(
            description="Cathedral captured", indent=False, layout=w.Layout(width="170px")
        )
        self.clear_button = w.Button(
            description="Clear",
            icon="eraser",
            tooltip="an empty city: the Cathedral is placed first",
        )
        self.clear_button.add_class("sg-editor-clear")
        self.side_picker.observe(safe(lambda _: self.choose_side()), "value")
        self.piece_picker.observe(safe(lambda _: self.choose_piece()), "value")
        self.tool_picker.observe(safe(lambda _: self.choose_tool()), "value")
        self.rotate_button.on_click(safe(lambda _: self.rotate()))
        self.turn_picker.observe(safe(lambda change: self.set_turn(change["new"])), "value")
        self.first_round.observe(safe(lambda change: self.set_first_round(change["new"])), "value")
        self.captured.observe(safe(lambda change: self.set_captured(change["new"])), "value")
        self.clear_button.on_click(safe(lambda _: self.clear()))
        self._fill_pieces()
        self._sync_widgets()
        return [
            w.HBox([self.tool_picker, self.whole_regions]),
            w.HBox([self.side_picker, self.piece_picker, self.rotate_button]),
            w.VBox([self.city, self.ghost_words], layout=w.Layout(width="560px")),
            w.HBox([self.turn_picker, self.first_round, self.captured, self.clear_button]),
        ]

    # ---- reading the position ----------------------------------------------------------------

    def buildings(self) -> list[tuple[str, int, int, int]]:
        """The buildings of the position: (key, index in its list, piece, squares); the
        Cathedral's key is ``"cathedral"``. What does not read as a building is left out (the
        engine's refusal says what is wrong with it)."""
        out: list[tuple[str, int, int, int]] = []
        cath = self.position.get("cathedral")
        if isinstance(cath, str) and cath != "captured":
            out.append(("cathedral", 0, CATHEDRAL, _cells_mask(cath)))
        for key in _KEYS:
            listed = self.position.get(key)
            for i, text in enumerate(listed if isinstance(listed, list) else []):
                if not isinstance(text, str):
                    continue
                name, *cells = text.split() or [""]
                if name in _PIECE_INDEX:
                    out.append((key, i, _PIECE_INDEX[name], _cells_mask(" ".join(cells))))
        return out

    def left(self, key: str) -> list[tuple[str, int]]:
        """What ``key``'s side still has to place: (building, how many)."""
        used = [0] * len(PIECES)
        for owner, _, piece, _ in self.buildings():
            if owner == key:
                used[piece] += 1
        return [(name, n - k) for name, n, k in zip(PIECES, COUNTS, used) if n > k]

    def territory(self, key: str) -> int:
        return _cells_mask(self.position.get(f"{key}_territory", ""))

    def _set_territory(self, key: str, mask: int) -> None:
        self.position[f"{key}_territory"] = mask_text(mask)

    # ---- the pickers -------------------------------------------------------------------------

    def _fill_pieces(self) -> None:
        """The building picker: the side's remaining supply (the Cathedral alone for it)."""
        side = self.side_picker.value
        self._syncing = True
        try:
            if side == "cathedral":
                self.piece_picker.options = [("cathedral", "cathedral")]
                self.piece_picker.value = "cathedral"
            else:
                options = [(f"{name} ({n} left)", name) for name, n in self.left(side)]
                keep = self.piece_picker.value
                self.piece_picker.options = options or [("(all placed)", "")]
                names = [value for _, value in options]
                self.piece_picker.value = keep if keep in names else (names[0] if names else "")
        finally:
            self._syncing = False
        value = self.piece_picker.value
        piece = _PIECE_INDEX.get(value) if value else None
        self.hand.take(piece)

    def _sync_widgets(self) -> None:
        """The turn and the checkboxes as the position says."""
        self._syncing = True
        try:
            turn = self.position.get("to_move", "light")
            self.turn_picker.value = turn if turn in _KEYS else "light"
            self.first_round.value = bool(self.position.get("first_round_over", True))
            self.captured.value = self.position.get("cathedral") == "captured"
        finally:
            self._syncing = False

    def choose_side(self) -> None:
        self.tool_picker.value = "build"
        self._fill_pieces()
        self.redraw_ghost()

    def choose_piece(self) -> None:
        if self._syncing:
            return
        value = self.piece_picker.value
        self.hand.piece, self.hand.rotation = (_PIECE_INDEX[value] if value else None), 0
        self.redraw_ghost()

    def choose_tool(self) -> None:
        self.redraw_ghost()

    def rotate(self, step: int = 1) -> None:
        if self.piece is None:
            self.say("Choose a building first, then rotate it.")
            return
        self.hand.turn(self._side(), step)
        self.redraw_ghost()

    def key_pressed(self, key: str | None) -> None:
        if key == "r":
            self.rotate(1)
        elif key == "R":
            self.rotate(-1)

    def _forget_skip(self) -> None:
        """An edited position is no longer the one after the game's last move."""
        self.position.pop("skipped", None)

    def set_turn(self, side: str) -> None:
        if self._syncing:
            return
        self.position["to_move"] = side
        self._forget_skip()
        self.changed(f"{side.capitalize()} to move.")

    def set_first_round(self, over: bool) -> None:
        if self._syncing:
            return
        self.position["first_round_over"] = bool(over)
        self.changed("The first round is over." if over else "Still the first round.")

    def set_captured(self, captured: bool) -> None:
        if self._syncing:
            return
        if captured:
            self.position["cathedral"] = "captured"
            words = "The Cathedral was captured: it has left the game."
        else:
            self.position.pop("cathedral", None)
            words = "The Cathedral is not placed yet."
        self._forget_skip()
        self.changed(words)

    def clear(self) -> None:
        """An empty city: the Cathedral to place, by the side that places it."""
        placer = "dark" if self.position.get("game_one") is not None else "light"
        position: dict[str, Any] = {
            "light": [],
            "dark": [],
            "to_move": placer,
            "first_round_over": False,
        }
        if self.position.get("game_one") is not None:
            position["game_one"] = self.position["game_one"]
        self.position = position
        self.side_picker.value = "cathedral"
        self._fill_pieces()
        self._sync_widgets()
        self.changed("Cleared: place the Cathedral first.")

    def set_position(self, position: dict[str, Any], words: str = "") -> None:
        """Replace the whole position (a file, an example): the pickers follow it."""
        self.position = dict(position)  # read by the pickers; the kit's copy follows
        self._fill_pieces()
        self._sync_widgets()
        super().set_position(position, words)

    # ---- the building in hand ----------------------------------------------------------------

    def _side(self) -> int:
        return DARK if self.side_picker.value == "dark" else LIGHT

    @property
    def piece(self) -> int | None:
        """The building in hand (an index of ``ALL_PIECES``), or None."""
        return self.hand.piece

    def held_cells(self) -> list[tuple[int, int]] | None:
        """The squares the building in hand covers with its middle under the pointer."""
        return self.hand.cells(self._side()) if self.tool_picker.value == "build" else None

    def held_problem(self, cells: list[tuple[int, int]]) -> str | None:
        """Why the building in hand cannot stand on ``cells`` (off the city, or on another)."""
        name = ALL_PIECES[self.piece] if self.piece is not None else "building"
        if any(not (0 <= c < SIZE and 0 <= r < SIZE) for c, r in cells):
            return f"the {name} would stick out of the city"
        mask = mask_of(cells)
        covered = 0
        for key, _, _, squares in self.buildings():
            if key == "cathedral" and self.piece == CATHEDRAL:
                continue  # the one Cathedral moves
            covered |= squares
        if mask & covered:
            return (
                f"{mask_text(mask & covered)} already has a building: a square holds one "
                "building (click a building to take it away)"
            )
        return None

    # ---- events ------------------------------------------------------------------------------

    def hover_cell(self, ident: str | None) -> None:
        self.hand.point(ident)
        self.redraw_ghost()

    def click_cell(self, ident: str | None) -> None:
        if not ident:
            return
        self.hand.point(ident)
        bit = mask_of([parse_cell(ident, SIZE, SIZE)])
        if self.tool_picker.value != "build":
            self.paint(self.tool_picker.value, bit)
            return
        for key, index, piece, squares in self.buildings():
            if squares & bit:  # a building: take it away
                self.remove(key, index, piece)
                return
        cells = self.held_cells()
        if cells is None:
            self.say("Choose a building first (Side and Building above the city).", "bad")
            return
        problem = self.held_problem(cells)
        if problem is not None:
            self.say(f"Not placed: {problem}.", "bad")
            return
        self.place(cells)

    def place(self, cells: list[tuple[int, int]]) -> None:
        assert self.piece is not None
        text = mask_text(mask_of(cells))  # reading order, as the engine writes it
        key = self.side_picker.value
        self._forget_skip()
        if self.piece == CATHEDRAL:
            moved = (
                isinstance(self.position.get("cathedral"), str)
                and self.position["cathedral"] != "captured"
            )
            self.position["cathedral"] = text
            self._sync_widgets()
            self.changed(
                ("The Cathedral moved to " if moved else "The Cathedral on ")
                + f"{text} (there is one Cathedral)."
            )
            return
        name = ALL_PIECES[self.piece]
        if not isinstance(self.position.get(key), list):
            self.position[key] = []
        self.position[key].append(f"{name} {text}")
        own = self.territory(key)
        if own & mask_of(cells):  # building in one's own territory covers those squares
            self._set_territory(key, own & ~mask_of(cells))
        self._fill_pieces()
        self.changed(f"{SIDE_NAMES[self._side()]}'s {name} on {text}.")

    def remove(self, key: str, index: int, piece: int) -> None:
        self._forget_skip()
        if key == "cathedral":
            self.position.pop("cathedral", None)
            self._sync_widgets()
            self.changed("Took the Cathedral away: it is not placed yet.")
            return
        text = self.position[key].pop(index)
        self._fill_pieces()
        self.changed(f"Took away {key.capitalize()}'s {text.split()[0]} (back in the supply).")

    def paint(self, key: str, bit: int) -> None:
        """Paint or unpaint ``key``'s territory on a square, or on its whole region (the
        squares not covered by that side's buildings joined to it, open ones only)."""
        side = _KEYS.index(key)
        taken = 0
        own = 0
        for owner, _, _, squares in self.buildings():
            taken |= squares
            if owner == key:
                own |= squares
        if bit & taken:
            self.say(f"{mask_text(bit)} has a building: territory is the open squares.", "bad")
            return
        area = bit
        if self.whole_regions.value:
            area = next(r for r in regions(FULL & ~own) if r & bit) & ~taken
        mine = self.territory(key)
        self._forget_skip()
        if mine & bit:
            self._set_territory(key, mine & ~area)
            now = "no longer"
        else:
            self._set_territory(key, mine | area)
            other = _KEYS[1 - side]
            self._set_territory(other, self.territory(other) & ~area)
            now = "now"
        n = area.bit_count()
        self.changed(
            f"{n} square{'s' if n != 1 else ''} ({short_text(area)}) {now} "
            f"{SIDE_NAMES[side]}'s territory."
        )

    # ---- drawing -----------------------------------------------------------------------------

    def draw(self) -> None:
        self.redraw_ghost()

    def redraw_ghost(self) -> None:
        """The city with the building in hand as a shadow under the pointer."""
        state = self.preview()
        if state is None:  # a form the engine cannot even draw: the empty city
            state = self.game.setup({}, check=False)
        cells = self.held_cells()
        problem = self.held_problem(cells) if cells is not None else None
        self.city.draw(
            cathedral_svg(
                state,
                ghost=cells,
                ghost_legal=problem is None,
                highlight_last=False,
                title="Cathedral (editing)",
            )
        )
        if cells is not None:
            name = ALL_PIECES[self.piece] if self.piece is not None else ""
            where = " ".join(cell_name(c, r) for c, r in cells)
            self.ghost_words.value = message_html(
                f"✓ Click to place the {name} on {where}."
                if problem is None
                else f"✗ Not here: {problem}.",
                "good" if problem is None else "bad",
                "sg-preview",
            )
        elif self.tool_picker.value != "build":
            side = SIDE_NAMES[_KEYS.index(self.tool_picker.value)]
            self.ghost_words.value = message_html(
                f"Click an open square to paint or unpaint {side}'s territory.",
                "info",
                "sg-preview",
            )
        else:
            self.ghost_words.value = ""


def _cells_mask(text: Any) -> int:
    """The squares named in ``text`` (``"a1 b2"``); what is not a square is left out."""
    cells = []
    for word in text.split() if isinstance(text, str) else []:
        try:
            cells.append(parse_cell(word, SIZE, SIZE))
        except IllegalMove:
            continue
    return mask_of(cells)


__all__ = ["CathedralEditor"]
