"""Play Cathedral in a notebook or a Voila dashboard.

>>> from stainedglass_widgets.cathedral import CathedralView
>>> view = CathedralView()
>>> view.city.hover("e5")                      # Light must place the Cathedral first
>>> view.city.click("e5")
>>> view.state.history
['cathedral e4 d5 e5 f5 e6 e7']
>>> view.supply[1].click("piece:castle")      # Dark chooses the castle...
>>> view.city.press("r")                        # ...turns it a quarter...
>>> view.city.click("b2")                       # ...and places it
>>> view.state.history[-1]
'castle a1 b1 b2 a3 b3'
"""

from __future__ import annotations

from typing import Any, cast

import ipywidgets as w

import stainedglass as sg
from stainedglass.cathedral.game import CathedralState
from stainedglass.cathedral.pieces import (
    ALL_PIECES,
    CATHEDRAL,
    LIGHT,
    SIDE_NAMES,
    SIZE,
    Placement,
    cells_of,
    rotations,
    shape_of,
)
from stainedglass.cathedral.svg import (
    PALETTE_COLS,
    _centre_cell,
    cathedral_svg,
    supply_pieces,
    supply_svg,
)
from stainedglass.core import cell_name

from ..features.projector import ProjectorMode
from ..kit.board import Board
from ..kit.messages import message_html
from ..kit.searches import drawn_mark
from ..kit.game_view import GameView
from .hand import Hand
from .examples import LATE_GAME

_PIECE_INDEX = {name: i for i, name in enumerate(ALL_PIECES)}


class CathedralView(GameView):
    """The city, each side's supply as a palette, and the controls.

    Choose a building in the supply of the side to move, turn it with Rotate or the ``r`` key, move
    the pointer over the city to see where it would go (green: legal; red: illegal, with the reason
    below), click to place. Hint draws the suggested buildings as violet ghosts numbered by rank
    (deeper violet: higher value) and puts the best one in hand.
    """

    state: CathedralState
    game_name = "cathedral"
    move_example = "castle c3 d3 e3 c4 e4"
    blurb = (
        "Two builders share a walled city. Wall off space, capture lone buildings, and "
        "place all your own."
    )
    legend = (
        "Light is amber glass marked L, Dark is cobalt marked D, the Cathedral is ruby "
        "marked C with a cross; Light's territory is striped, Dark's is dotted. A building "
        "about to be placed shows ✓ (allowed) or ✗ (not allowed), with the reason in words."
    )

    def setup(self) -> None:
        self.hand = Hand()  # the building in hand, turned, over a square
        self._hears_projector = False  # projecting(): the supplies follow the Projector button

    # ---- widgets -----------------------------------------------------------------------------

    def board_area(self) -> list[w.Widget]:
        self.city = Board(layout=w.Layout(width="560px"))
        self.city.add_class("sg-city")
        self.city.label = "the city, 10 by 10 squares, a1 top left"
        self.supply = [Board(layout=w.Layout(width="164px", margin="0 6px")) for _ in (0, 1)]
        for side, board in enumerate(self.supply):
            board.add_class(f"sg-supply-{SIDE_NAMES[side].lower()}")
            board.label = f"{SIDE_NAMES[side]}'s supply of buildings"
            board.confirm_taps = False  # a building is chosen by one tap
            board.on_click(self.safe(lambda ident, side=side: self.choose(side, ident)))
            board.on_key(self.safe(self.key_pressed))  # r turns the building in hand here too
        self.city.on_click(self.safe(self.click_cell))
        self.city.on_hover(self.safe(self.hover_cell))
        self.city.on_key(self.safe(self.key_pressed))
        self.preview = w.HTML()
        self.preview.add_class("sg-live")  # legal or not, and why: said where the cursor is
        middle = w.VBox([self.city, self.preview], layout=w.Layout(width="560px", max_width="100%"))
        return [
            w.HBox(
                [self.supply[0], middle, self.supply[1]],
                layout=w.Layout(align_items="flex-start", flex_flow="row wrap"),
            )
        ]

    def controls(self) -> list[w.Widget]:
        self.rotate_button = w.Button(
            description="Rotate ⟳ (r)", tooltip="turn the chosen building a quarter (key r)"
        )
        self.rotate_button.on_click(self.safe(lambda _: self.rotate()))
        return [self.rotate_button]

    def new_game_options(self) -> list[w.Widget]:
        self.match_box = w.Checkbox(
            value=bool(self.game.settings["match"]),
            description="two-game match",
            indent=False,
            layout=w.Layout(width="150px"),
        )
        return [self.match_box]

    def game_options(self) -> dict[str, Any]:
        return {"match": self.match_box.value}

    @classmethod
    def gallery_picture(cls) -> str:
        """A city late in a game, its buildings and territories drawn."""
        state = sg.load("cathedral").new_game()
        for move in LATE_GAME[:18]:
            state.play(move)
        return cathedral_svg(state, highlight_last=False, coordinates=False)

    def gestures(self, move: sg.Move) -> list[tuple[str, str, Any]]:
        """Choose the building in the supply, turn it with r until it has the move's shape,
        then click the square under its middle."""
        placed = cast(Placement, move)  # every move of Cathedral places a building
        piece, cells = placed.piece, cells_of(placed.mask)
        side = self.side()
        mc, mr = min(c for c, _ in cells), min(r for _, r in cells)
        norm = tuple(sorted((c - mc, r - mr) for c, r in cells))
        shapes = rotations(shape_of(side, piece))
        if norm not in shapes:
            raise ValueError(f"{move}: not a shape of Light's or Dark's {ALL_PIECES[piece]}")
        turns = (shapes.index(norm) - (self.hand.rotation if piece == self.selected else 0)) % len(
            shapes
        )
        anchor = _centre_cell(shapes[shapes.index(norm)])
        target = cell_name(mc + anchor[0], mr + anchor[1])
        out: list[tuple[str, str, Any]] = []
        if not (piece == CATHEDRAL and self.state.cathedral_state == "unplaced"):
            out.append((f"supply[{side}]", "click", f"piece:{ALL_PIECES[piece]}"))
        out += [("city", "press", "r")] * turns
        out += [("city", "hover", target), ("city", "click", target)]
        return out

    def intro(self) -> tuple[str, str]:
        if self.state.cathedral_state == "unplaced":
            who = SIDE_NAMES[self.state.current_player]
            return (f"{who} places the Cathedral first: move over the city and click.", "info")
        return ("Choose a building from your supply, then click the city to place it.", "info")

    # ---- the building in hand ----------------------------------------------------------------

    def on_new_state(self) -> None:
        self.hand.take(None)

    @property
    def selected(self) -> int | None:
        """The building in hand (an index of ``ALL_PIECES``), or None."""
        return self.hand.piece

    @property
    def hint_cells(self) -> list[tuple[int, int]] | None:
        """The squares of the best suggestion shown (None without a hint)."""
        marks = self.hint_marks()
        return cells_of(cast(Placement, marks[0].move).mask) if marks else None

    def side(self) -> int:
        return self.state.current_player

    def _auto_select(self) -> None:
        """The Cathedral is the only thing to place until it is placed: hold it already."""
        st = self.state
        if st.is_terminal():
            self.hand.take(None)
        elif st.cathedral_state == "unplaced":
            self.hand.take(CATHEDRAL)
        elif (
            self.selected is not None
            and self.selected != CATHEDRAL
            and st.supply[self.side()][self.selected] == 0
        ):
            self.hand.take(None)

    def held_cells(self) -> list[tuple[int, int]] | None:
        """The cells the building in hand would cover with its middle under the pointer."""
        return None if self.state.is_terminal() else self.hand.cells(self.side())

    def held_move_text(self, cells: list[tuple[int, int]]) -> str:
        assert self.selected is not None, "a building in hand"
        return ALL_PIECES[self.selected] + " " + " ".join(cell_name(c, r) for c, r in cells)

    def judge(self, cells: list[tuple[int, int]]) -> tuple[bool, str]:
        """Is the building in hand legal on ``cells``, and the words why."""
        outside = [c for c in cells if not (0 <= c[0] < SIZE and 0 <= c[1] < SIZE)]
        if outside:
            assert self.selected is not None, "a building in hand"
            name = ALL_PIECES[self.selected]
            return False, (
                f"Illegal: the {name} would stick out of the city: every square of "
                "a building must be on the board"
            )
        said = self.state.explain(self.held_move_text(cells))
        return said.legal, str(said)

    # ---- events ------------------------------------------------------------------------------

    def choose(self, side: int, ident: str | None) -> None:
        if not ident or not ident.startswith("piece:"):
            return
        name = ident.split(":", 1)[1]
        if name not in _PIECE_INDEX:
            self.say(f"{name!r} is not a building.", "bad")
            return
        if self.state.is_terminal():
            self.say("The game is over: start a new game.", "bad")
            return
        if side != self.side():
            self.say(
                f"It is {SIDE_NAMES[self.side()]}'s turn: choose from "
                f"{SIDE_NAMES[self.side()]}'s supply.",
                "bad",
            )
            return
        piece = _PIECE_INDEX[name]
        unplaced = self.state.cathedral_state == "unplaced"
        if unplaced and piece != CATHEDRAL:
            self.say("The Cathedral is placed first.", "bad")
            return
        self.hand.take(piece)
        self.say(
            f"{SIDE_NAMES[side]} holds the {name}: move over the city, press r or "
            "Rotate to turn it, click to place."
        )
        self.redraw()

    def rotate(self, step: int = 1) -> None:
        if self.selected is None:
            self.say("Choose a building from your supply first, then rotate it.")
            return
        if self.hand.turn(self.side(), step) == 1:
            self.say(f"The {ALL_PIECES[self.selected]} looks the same every way round.")
        self.redraw()

    def key_pressed(self, key: str | None) -> None:
        if key == "r":
            self.rotate(1)
        elif key == "R":
            self.rotate(-1)
        elif key == "Escape":
            self.hand.take(None)
            self.redraw()

    def hover_cell(self, ident: str | None) -> None:
        self.hand.point(ident)
        self.redraw()

    def click_cell(self, ident: str | None) -> None:
        if not ident:
            return
        self.hand.point(ident)
        if self.state.is_terminal():
            self.say("The game is over: start a new game.", "bad")
            return
        if self.selected is None:
            self.say(
                "Choose a building from your supply first (the palette of "
                f"{SIDE_NAMES[self.side()]}).",
                "bad",
            )
            return
        cells = self.held_cells()
        assert cells is not None
        ok, words = self.judge(cells)
        if not ok:
            self.say(words, "bad")
            self.redraw()
            return
        text = self.held_move_text(cells)
        self.hand.take(None)
        self.hand.point(None)  # placed: no ghost until the pointer moves again
        self.play(text)

    def take_hint(self, move: sg.Move) -> None:
        """Hold the best suggestion's building, turned its way: one click places it."""
        placed = cast(Placement, move)
        self.hand.hold_like(self.side(), placed.piece, placed.mask)
        self.preview.value = ""

    # ---- drawing -----------------------------------------------------------------------------

    def turn_note(self) -> str:
        st = self.state
        notes = []
        if getattr(st, "skipped", None) and not st.is_terminal():
            notes.append(
                " ".join(
                    f"{SIDE_NAMES[s]} cannot place any building and is skipped." for s in st.skipped
                )
            )
        if (
            st.game.settings["match"]
            and st.match_scores
            and len(st.history)
            and st.cathedral_state == "unplaced"
            and not st.is_terminal()
        ):
            a, b = st.match_scores[0]
            notes.append(
                f"Game 1 is over (Light {a}, Dark {b}). Game 2: Dark places the Cathedral."
            )
        base = super().turn_note()
        return " ".join(notes + ([base] if base else []))

    def redraw(self) -> None:
        self._auto_select()
        st = self.state
        here = self.may_move_here()  # the ghost only for a move this device may make
        cells = self.held_cells() if here else None
        ghost_ok, words = True, ""
        if cells is not None:
            ghost_ok, words = self.judge(cells)
        suggested = [
            drawn_mark(cells_of(cast(Placement, m.move).mask), m) for m in self.hint_marks()
        ]
        self.city.draw(cathedral_svg(st, ghost=cells, ghost_legal=ghost_ok, suggested=suggested))
        for side in (0, 1):
            shapes = {}
            if self.selected is not None and side == st.current_player:
                ways = self.hand.shapes(side)
                shapes[self.selected] = ways[self.hand.rotation % len(ways)]
            self.supply[side].draw(
                supply_svg(
                    st,
                    side,
                    selected=self.selected if side == st.current_player else None,
                    shapes=shapes,
                    active=not st.is_terminal(),
                    columns=1 if self.projecting() else PALETTE_COLS,
                )
            )
        if cells is not None and self.said_already(words):
            self.preview.value = ""  # the message line says it: once
        elif cells is not None:
            self.preview.value = message_html(words, "good" if ghost_ok else "bad", "sg-preview")
        elif self.selected is not None and here:
            self.preview.value = message_html(
                f"Holding the {ALL_PIECES[self.selected]}: move over the city.",
                "info",
                "sg-preview",
            )
        else:
            self.preview.value = ""

    def projecting(self) -> bool:
        """Whether the view is on a projector (its Projector pressed): the supplies, a narrow
        strip beside the city there, are drawn in one column, their words large. The first
        look starts listening to the button: pressed or let go, the supplies are drawn again."""
        projector = self.feature(ProjectorMode)
        if projector is None:
            return False
        if not self._hears_projector:
            self._hears_projector = True
            projector.toggle.observe(self.safe(lambda _: self.redraw()), "value")
        return projector.on

    def pieces_left(self, side: int = LIGHT) -> list[str]:
        return [ALL_PIECES[p] for p, _ in supply_pieces(self.state, side)]
