"""Play Coloring in the Stained Glass in a notebook or a Voila dashboard.

Take a pencil from the middle (click it), then click shapes to build the set: as the pointer
moves, each shape says whether it may join (green ✓) or not (red ✗, with the engine's reason).
When the set is complete (as many shapes as pencils in the middle, or the largest the pencil
allows) the ✓ button in the pencil strip, or Enter, colors it; the circles that follow are filled.
Solo, when the pencils return, click a section's values or a star on the sheet to cross it off.

>>> from stainedglass_widgets.coloring import ColoringView
>>> view = ColoringView(players=2, background=False)
>>> view.board.click("pencil:red")
>>> for shape in (1, 2, 3, 4, 5):
...     view.board.click(f"shape:{shape}")
>>> view.board.press("Enter")
>>> view.state.history
['take red 1 2 3 4 5']
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

import stainedglass as sg
from stainedglass.coloring.game import ColoringState
from stainedglass.coloring.sheet import COLORS
from stainedglass.coloring.svg import main_svg, shown_player, side_svg

from ..kit.board import Board
from ..kit.game_view import GameView
from ..kit.messages import message_html
from ..kit.searches import Drawn, drawn_mark


class ColoringView(GameView):
    """The sheet of the player to move with the pencils in the middle, the others' sheets and
    the race for the sections beside it, and the controls."""

    state: ColoringState
    game_name = "coloring"
    move_example = "take red 12 13 17"
    blurb = (
        "One to four glaziers share five pencils. Take one, color as many connected shapes "
        "as there are pencils left, race for the sections and surround the stars."
    )
    legend = (
        "Colored glass carries its pencil's letter: R red, B blue, G green, Y yellow, "
        "P purple. Clear shapes show their number and section symbol (+ ♥ ♦ ♣ ♠). "
        "A shape that may join your set shows ✓ in green, one that may not ✗ in red. "
        "Filled circles are struck through; players are marked 1 to 4."
    )

    def setup(self) -> None:
        self.pencil: str | None = None  # the pencil in hand
        self.chosen: list[int] = []  # the shapes of the set being built, in the order clicked
        self.pointer: int | None = None  # the shape under the pointer

    # ---- widgets -----------------------------------------------------------------------------

    def board_area(self) -> list[w.Widget]:
        self.board = Board(layout=w.Layout(width="660px"))
        self.board.add_class("sg-coloring-board")
        self.board.watch_keys = ["Enter", "Escape"]  # Enter colors the set; Space chooses
        self.board.label = "your sheet and the pencils in the middle"
        self.board.quick_taps = ["pencil:", "confirm", "section:", "star:"]
        self.board.on_click(self.safe(self.click))
        self.board.on_hover(self.safe(self.hover))
        self.board.on_key(self.safe(self.key))
        self.side = Board(layout=w.Layout(width="360px", margin="0 0 0 10px"))
        self.side.add_class("sg-coloring-side")
        self.side.watch_keys = []
        self.side.label = "the other players' sheets"
        self.side.confirm_taps = False
        self.preview = w.HTML()
        return [
            w.HBox(
                [w.VBox([self.board, self.preview]), self.side],
                layout=w.Layout(align_items="flex-start"),
            )
        ]

    def new_game_options(self) -> list[w.Widget]:
        self.players_picker = w.Dropdown(
            options=[("solo", 1), ("2 players", 2), ("3 players", 3), ("4 players", 4)],
            value=self.game.num_players,
            tooltip="how many players the next game has",
            layout=w.Layout(width="120px"),
        )
        self.players_picker.add_class("sg-players")
        return [self.players_picker]

    def game_options(self) -> dict[str, Any]:
        """The next game's players, on the same sheet (a designed one stays)."""
        sheet = self.game.given_options.get("sheet")
        return {"players": self.players_picker.value} | ({} if sheet is None else {"sheet": sheet})

    def intro(self) -> tuple[str, str]:
        n = len(self.state.pencils())
        return (f"Take a pencil from the middle, then click {n} connected shapes to color.", "info")

    @classmethod
    def gallery_picture(cls) -> str:
        """A two-player game a few turns in."""
        from stainedglass.coloring.svg import main_svg as picture

        state = sg.load("coloring", players=2).new_game(seed=0)
        bot = sg.ai.bot("random", seed=4)  # a fixed, quick game: the same picture every time
        for _ in range(9):
            state.play(bot.choose(state))
        return picture(state, 0)

    # ---- what the player may do now ----------------------------------------------------------

    def need(self) -> int:
        """How many shapes the pencil in hand must color now (0: circles only)."""
        return self.state.largest_set(self.pencil) if self.pencil else 0

    def complete(self) -> bool:
        """Whether the set being built can be played (one click on ✓, or Enter)."""
        return (
            self.pencil is not None and not self.state.crossing and len(self.chosen) == self.need()
        )

    def confirm_words(self) -> str | None:
        if not self.complete():
            return None
        n = len(self.chosen)
        circles = min(len(self.state.pencils()) - n, self.state.circles_left(self.mover()))
        parts = [f"color {n}"] if n else []
        if circles:
            parts.append(f"fill {circles} circle{'s' if circles != 1 else ''}")
        return " + ".join(parts)

    def mover(self) -> int:
        return shown_player(self.state)

    # ---- events ------------------------------------------------------------------------------

    def click(self, ident: str | None) -> None:
        if not ident:
            return
        st = self.state
        if st.is_terminal():
            self.say("The game is over: start a new game.", "bad")
            return
        kind, _, what = ident.partition(":")
        if kind == "pencil":
            self.take_pencil(what)
        elif kind == "shape":
            self.click_shape(int(what))
        elif kind == "confirm":
            self.confirm()
        elif kind in ("section", "star"):
            self.play(f"cross {what}" if kind == "section" else f"cross star {what}")
        self.redraw()

    def take_pencil(self, color: str) -> None:
        st = self.state
        if st.crossing:
            self.say(
                "The pencils have just come back: first cross off a section value or a star "
                "(click it on the sheet).",
                "bad",
            )
            return
        if color not in COLORS:
            self.say(f"{color!r} is not a pencil.", "bad")
            return
        if color not in st.pencils():
            self.say(str(st.explain(f"take {color} +1")), "bad")
            return
        self.pencil, self.chosen = color, []
        n, need = len(st.pencils()), self.need()
        if need == n:
            self.say(
                f"The {color} pencil: click {n} connected shape{'s' if n > 1 else ''} "
                f"(none touching your {color} glass)."
            )
        elif need:
            self.say(
                f"The {color} pencil can color at most {need} connected shape"
                f"{'s' if need > 1 else ''} now: choose them; the other {n - need} go to "
                "circles."
            )
        else:
            self.say(
                f"No shape can take the {color} pencil: press ✓ (or Enter) to fill circles instead."
            )

    def click_shape(self, number: int) -> None:
        st = self.state
        if st.crossing:
            self.say("First cross off a section value or a star (solo rule).", "bad")
            return
        if self.pencil is None:
            self.say("Take a pencil from the middle first (the strip above the sheet).", "bad")
            return
        if number in self.chosen:
            self.chosen.remove(number)
            self.say(f"Shape {number} put back.")
            return
        reason = st.join_reason(self.pencil, self.chosen, number)
        if reason is not None:
            self.say(f"Illegal: {reason}", "bad")
            return
        self.chosen.append(number)
        if self.complete():
            self.say(
                f"Shapes {', '.join(map(str, self.chosen))}: press ✓ {self.confirm_words()} "
                "(or Enter).",
                "good",
            )
        else:
            left = self.need() - len(self.chosen)
            self.say(f"{left} more shape{'s' if left != 1 else ''} to choose.")

    def confirm(self) -> None:
        if self.pencil is None:
            self.say("Take a pencil and choose the shapes first.", "bad")
            return
        if self.state.crossing:
            self.say("First cross off a section value or a star (solo rule).", "bad")
            return
        need, have = self.need(), len(self.chosen)
        if have < need:  # not a move yet: the set is still being chosen
            left = need - have
            self.say(
                f"Not yet: the {self.pencil} pencil colors {need} connected shape"
                f"{'s' if need != 1 else ''} now; {have} chosen, choose {left} more "
                f"(the circles are only for shapes that cannot be colored).",
                "bad",
            )
            return
        move = self.state.coloring(self.pencil, self.chosen)
        before = len(self.state.history)
        held = (self.pencil, self.chosen)
        self.pencil, self.chosen = None, []
        self.play(move)
        if len(self.state.history) == before:  # refused: the set stays in hand
            self.pencil, self.chosen = held

    def hover(self, ident: str | None) -> None:
        self.pointer = int(ident[6:]) if ident and ident.startswith("shape:") else None
        self.redraw()

    def key(self, key: str | None) -> None:
        if key == "Enter":
            self.confirm()
        elif key == "Escape":
            self.pencil, self.chosen = None, []
            self.say("The pencil goes back to the middle.")
        self.redraw()

    def on_new_state(self) -> None:
        self.pencil, self.chosen, self.pointer = None, [], None

    def gestures(self, move: sg.Move) -> list[tuple[str, str, Any]]:
        """A pencil, then its shapes (each touching the ones before), then Enter; a cross-off
        clicks the section's values or the star."""
        words = str(move).split()
        if words[0] == "cross":
            target = f"star:{words[2]}" if words[1] == "star" else f"section:{words[1]}"
            return [("board", "click", target)]
        if words[0] != "take":
            raise ValueError(
                f"{move}: not made on the board (nobody passes while circles are left)"
            )
        numbers = [int(x) for x in words[2:] if not x.startswith("+")]
        circles = sum(int(x[1:]) for x in words[2:] if x.startswith("+"))
        st = self.state
        follow = min(len(st.pencils()) - len(numbers), st.circles_left(self.mover()))
        if circles != max(0, follow):
            raise ValueError(f"{move}: on the board the circles follow from the set ({follow})")
        out: list[tuple[str, str, Any]] = [("board", "click", f"pencil:{words[1]}")]
        for n in self._connected_order(numbers):
            out += [("board", "hover", f"shape:{n}"), ("board", "click", f"shape:{n}")]
        return out + [("board", "press", "Enter")]

    def _connected_order(self, numbers: list[int]) -> list[int]:
        """The shapes in an order where each touches one before it (as a person clicks them)."""
        if not numbers:
            return []
        sheet = self.state.sheet
        order, rest = [numbers[0]], set(numbers[1:])
        while rest:
            nxt = next(
                (n for n in sorted(rest) if any(m in sheet.neighbours_of(n) for m in order)),
                min(rest),
            )
            order.append(nxt)
            rest.discard(nxt)
        return order

    def take_hint(self, move: sg.Move) -> None:
        """The best suggestion in hand: its pencil taken, its shapes chosen; one click plays it."""
        words = str(move).split()
        if words[0] == "take":
            self.pencil = words[1]
            self.chosen = self._connected_order(
                [int(x) for x in words[2:] if not x.startswith("+")]
            )

    def move_label(self, move: sg.Move) -> str:
        text = str(move).replace("take ", "")
        return text if len(text) <= 26 else text[:25] + "…"

    # ---- drawing -----------------------------------------------------------------------------

    def hint_sets(self) -> tuple[list[Drawn[list[int]]], list[Drawn[str]]]:
        sets, crosses = [], []
        for m in self.hint_marks():
            words = str(m.move).split()
            if words[0] == "take":
                sets.append(drawn_mark([int(x) for x in words[2:] if not x.startswith("+")], m))
            elif words[0] == "cross":
                crosses.append(drawn_mark(" ".join(words[1:]), m))
        return sets, crosses

    def redraw(self) -> None:
        st = self.state
        playing = not st.is_terminal()
        here = playing and self.may_move_here()  # marks only for a move this device may make
        hover = None
        words = ""
        if here and self.pointer is not None and self.pencil is not None and not st.crossing:
            reason = st.join_reason(self.pencil, self.chosen, self.pointer)
            if self.pointer not in self.chosen:
                hover = (self.pointer, reason is None)
                words = (
                    f"Shape {self.pointer} may join the {self.pencil} set."
                    if reason is None
                    else f"Illegal: {reason}"
                )
        sets, crosses = self.hint_sets()
        crossing = st.cross_targets() if here else []
        self.board.draw(
            main_svg(
                st,
                shown_player(st),
                interactive=playing,
                pencil=self.pencil,
                chosen=self.chosen,
                hover=hover,
                confirm=self.confirm_words() if here else None,
                suggested=sets,
                crossing=crossing,
                cross_hints=crosses,
            )
        )
        self.side.draw(side_svg(st, shown_player(st)))
        self.preview.value = (
            message_html(words, "good" if hover and hover[1] else "bad", "sg-preview")
            if words and not self.said_already(words)
            else ""
        )

    def result_text(self) -> str:
        st = self.state
        if st.solo:
            return f"Game over: {st.rating()}, {st.scores()[0]} points."
        return super().result_text()

    def banner_html(self) -> str:
        text = super().banner_html()
        st = self.state
        if st.solo and st.is_terminal():
            rating = html.escape(f"{st.rating()}, {st.scores()[0]}")
            text = text.replace(
                "</div>",
                f'<span class="sg-rating" style="font-size:30px;'
                f'font-weight:bold;color:#5b168c">{rating}</span></div>',
            )
        return text
