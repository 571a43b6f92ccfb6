"""The position editor of Coloring in the Stained Glass (the play dashboard's **Edit**).

Pick a sheet and a pencil, then click shapes on that sheet to color them (a shape of the pencil's
color is cleared again; **clear** clears any). Beside the sheet: the pencils in the middle, the
circles filled, the section values taken, who has finished and whose turn it is (solo: the
pencil held back, a crossing off due and the stars crossed off). The engine judges every
position (``game.setup(position)``); the editor only edits the ``start=`` mapping.

>>> import stainedglass_widgets
>>> view = stainedglass_widgets.view("coloring", background=False)
>>> view.edit()
>>> editor = view.editor
>>> for n in (1, 2, 3, 4, 5):
...     editor.board.click(f"shape:{n}")
>>> editor.position["sheets"][0]
{'red': [1, 2, 3, 4, 5]}
>>> editor.pencil_buttons["red"].value = False
>>> editor.turn_picker.value = 2
>>> editor.problem() is None
True
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from stainedglass.coloring.game import ColoringGame
from stainedglass.coloring.sheet import COLORS, SECTION_VALUES, SECTIONS, SYMBOLS, Sheet
from stainedglass.coloring.svg import main_svg, side_svg
from stainedglass.glass import GLASS

from ..kit.board import Board
from ..features.editor import Editor

CLEAR = "clear"


class ColoringEditor(Editor):
    """Color or clear shapes on each player's sheet; pick the pencils, circles, sections, who
    has finished and whose turn it is."""

    game_name = "coloring"

    @property
    def sheet(self) -> Sheet:
        """The game's sheet (the default rose window or a custom one)."""
        assert isinstance(self.game, ColoringGame)
        return self.game.sheet

    def setup(self) -> None:
        self.player = 0  # whose sheet is being edited
        self.tool = COLORS[0]  # the pencil in hand (or CLEAR)
        self._quiet = False  # set while draw() puts the position into the widgets

    # ---- widgets -----------------------------------------------------------------------------

    def tools(self) -> list[w.Widget]:
        n = self.game.num_players
        solo = n == 1
        self.sheet_picker = w.ToggleButtons(
            options=[("your sheet" if solo else f"player {p + 1}", p) for p in range(n)],
            value=0,
            description="Sheet",
            style={"button_width": "80px"},
        )
        self.sheet_picker.layout.display = "none" if solo else None
        self.sheet_picker.observe(self._on(self._pick_player), "value")
        self.tool_picker = w.ToggleButtons(
            options=[(f"{GLASS[c].letter} {c}", c) for c in COLORS] + [("clear", CLEAR)],
            value=self.tool,
            description="Pencil",
            tooltips=[f"click shapes to color them {c}" for c in COLORS]
            + ["click shapes to clear them"],
            style={"button_width": "76px"},
        )
        self.tool_picker.observe(self._on(self._pick_tool), "value")
        self.board = Board(layout=w.Layout(width="620px"))
        self.board.add_class("sg-coloring-editor-board")
        self.board.watch_keys = []
        self.board.on_click(self.view.safe(self.click))
        self.side = Board(layout=w.Layout(width="330px", margin="0 0 0 10px"))
        self.side.watch_keys = []
        self.pencil_buttons = {
            c: w.ToggleButton(
                description=f"{GLASS[c].letter} {c}",
                tooltip=f"the {c} pencil is in the middle",
                layout=w.Layout(width="96px"),
            )
            for c in COLORS
        }
        for c, button in self.pencil_buttons.items():
            button.observe(self._on(lambda change, c=c: self._pencil(c, change["new"])), "value")
        self.circles_slider = w.IntSlider(
            min=0,
            max=len(self.sheet.circles),
            description="Circles filled",
            style={"description_width": "100px"},
        )
        self.circles_slider.observe(self._on(self._circles), "value")
        owners: list[tuple[str, Any]] = [("open", "open")]
        owners += [("crossed off", "crossed")] if solo else []
        owners += [("scored", 1)] if solo else [(f"player {p + 1}", p + 1) for p in range(n)]
        self.section_pickers: dict[tuple[str, int], w.Dropdown] = {}
        rows = []
        for name in SECTIONS:
            pair = []
            for j, kind in enumerate(("high", "low")):
                picker = w.Dropdown(
                    options=owners,
                    value="open",
                    description=f"{kind} {SECTION_VALUES[name][j]}",
                    layout=w.Layout(width="190px"),
                    style={"description_width": "52px"},
                )
                picker.observe(
                    self._on(lambda change, name=name, j=j: self._section(name, j, change["new"])),
                    "value",
                )
                self.section_pickers[(name, j)] = picker
                pair.append(picker)
            rows.append(
                w.HBox(
                    [w.HTML(f"<b>{SYMBOLS[name]} {name}</b>", layout=w.Layout(width="80px")), *pair]
                )
            )
        self.turn_picker = w.Dropdown(
            options=[(f"player {p + 1}", p + 1) for p in range(n)],
            description="To move",
            layout=w.Layout(width="200px"),
        )
        self.turn_picker.add_class("sg-editor-turn")
        self.turn_picker.layout.display = "none" if solo else None
        self.turn_picker.observe(self._on(self._turn), "value")
        self.finished_text = w.Text(
            description="Finished",
            placeholder="e.g. 2, 1",
            tooltip="the players who have finished, in the order they did",
            layout=w.Layout(width="220px"),
        )
        self.finished_text.layout.display = "none" if solo else None
        self.finished_text.observe(self._on(self._finished), "value")
        self.held_picker = w.Dropdown(
            options=[("none", None)] + [(c, c) for c in COLORS],
            description="Held back",
            layout=w.Layout(width="200px"),
        )
        self.crossing_box = w.Checkbox(description="a crossing off is due", indent=False)
        self.star_buttons = [
            w.ToggleButton(
                description=f"star {k + 1} ✗",
                tooltip=f"star {k + 1} is crossed off",
                layout=w.Layout(width="78px"),
            )
            for k in range(len(self.sheet.stars))
        ]
        self.held_picker.observe(self._on(self._held), "value")
        self.crossing_box.observe(self._on(self._crossing), "value")
        for k, button in enumerate(self.star_buttons):
            button.observe(self._on(lambda change, k=k: self._star(k, change["new"])), "value")
        solo_box = w.VBox(
            [
                w.HBox([self.held_picker, self.crossing_box]),
                w.HBox([w.HTML("Crossed off:"), *self.star_buttons]),
            ]
        )
        solo_box.layout.display = None if solo else "none"
        panel = w.VBox(
            [
                w.HTML("<b>Pencils in the middle</b>"),
                w.HBox(list(self.pencil_buttons.values())),
                self.circles_slider,
                w.HTML("<b>Section values taken</b>"),
                *rows,
                w.HBox([self.turn_picker, self.finished_text]),
                solo_box,
            ]
        )
        panel.add_class("sg-coloring-editor-panel")
        return [
            self.sheet_picker,
            self.tool_picker,
            w.HBox(
                [self.board, w.VBox([panel, self.side])], layout=w.Layout(align_items="flex-start")
            ),
        ]

    def _on(self, fn: Any) -> Any:
        """A picker's handler: ignored while draw() sets the pickers, else run safely."""
        safe = self.view.safe(fn)

        def run(change: Any) -> None:
            if not self._quiet:
                safe(change)

        return run

    # ---- edits -------------------------------------------------------------------------------

    def click(self, ident: str | None) -> None:
        """A shape clicked: color it with the pencil in hand (cleared if it has that color)."""
        if not ident or not ident.startswith("shape:"):
            return
        number = int(ident[6:])
        sheet = self.sheet
        if not 1 <= number <= sheet.n:
            return
        pre = sheet.shapes[number - 1].color
        who = "your" if self.game.num_players == 1 else f"player {self.player + 1}'s"
        if pre is not None:
            self.say(f"Shape {number} is pre-coloured {pre} on the sheet: it stays {pre}.", "bad")
            return
        mine: dict[str, list[int]] = self.position["sheets"][self.player]
        now = next((c for c, numbers in mine.items() if number in numbers), None)
        for c in list(mine):
            mine[c] = [k for k in mine[c] if k != number]
            if not mine[c]:
                del mine[c]
        if self.tool == CLEAR or now == self.tool:
            words = f"Shape {number} cleared on {who} sheet."
        else:
            mine[self.tool] = sorted(mine.get(self.tool, []) + [number])
            words = f"Shape {number} is {self.tool} on {who} sheet."
        self.changed(words)

    def _pick_player(self, change: Any) -> None:
        self.player = int(change["new"])
        self.changed(f"Editing player {self.player + 1}'s sheet.")

    def _pick_tool(self, change: Any) -> None:
        self.tool = change["new"]
        self.say(
            "Click shapes to clear them."
            if self.tool == CLEAR
            else f"Click shapes to color them {self.tool} (click again to clear)."
        )

    def _pencil(self, color: str, here: bool) -> None:
        pencils = [c for c in self.position.get("pencils", list(COLORS)) if c != color]
        if here:
            pencils.append(color)
        self.position["pencils"] = [c for c in COLORS if c in pencils]
        self.changed(f"The {color} pencil is {'in the middle' if here else 'taken'}.")

    def _circles(self, change: Any) -> None:
        self.position["circles"][self.player] = int(change["new"])
        self.changed(f"{change['new']} circles filled.")

    def _section(self, name: str, j: int, owner: Any) -> None:
        sections = self.position.setdefault("sections", {})
        pair = list(sections.get(name, ["open", "open"]))
        pair[j] = owner
        sections[name] = pair
        self.changed(f"The {name}'s {('high', 'low')[j]} value: {owner}.")

    def _turn(self, change: Any) -> None:
        self.position["to_move"] = change["new"]
        self.changed(f"Player {change['new']} to move.")

    def _finished(self, change: Any) -> None:
        text = str(change["new"]).replace(",", " ").split()
        if not all(t.isdigit() for t in text):
            self.say("Finished: player numbers, such as 2, 1.", "bad")
            return
        self.position["finished"] = [int(t) for t in text]
        self.changed("Finished: " + (", ".join(text) or "nobody") + ".")

    def _held(self, change: Any) -> None:
        self.position["held"] = change["new"]
        self.changed(f"Held back: {change['new'] or 'none'}.")

    def _crossing(self, change: Any) -> None:
        self.position["crossing"] = bool(change["new"])
        self.changed("A crossing off is due." if change["new"] else "No crossing off due.")

    def _star(self, k: int, crossed: bool) -> None:
        stars = [s for s in self.position.get("crossed_stars", []) if s != k + 1]
        if crossed:
            stars.append(k + 1)
        self.position["crossed_stars"] = sorted(stars)
        self.changed(f"Star {k + 1} {'crossed off' if crossed else 'not crossed off'}.")

    # ---- drawing -----------------------------------------------------------------------------

    def draw(self) -> None:
        state = self.preview()
        if state is not None:
            self.board.draw(main_svg(state, self.player, interactive=True))
            self.side.draw(side_svg(state, self.player))
        pos = self.position
        self._quiet = True
        try:
            pencils = pos.get("pencils", list(COLORS))
            for c, button in self.pencil_buttons.items():
                button.value = c in pencils
                button.icon = "check" if c in pencils else ""
            self.circles_slider.value = int(pos["circles"][self.player])
            sections = pos.get("sections", {})
            for (name, j), picker in self.section_pickers.items():
                owner = sections.get(name, ["open", "open"])[j]
                if owner in [v for _, v in picker.options]:
                    picker.value = owner
            if pos.get("to_move") is not None:
                self.turn_picker.value = pos["to_move"]
            finished = ", ".join(str(p) for p in pos.get("finished") or [])
            if self.finished_text.value.replace(" ", "") != finished.replace(" ", ""):
                self.finished_text.value = finished
            self.held_picker.value = pos.get("held")
            self.crossing_box.value = bool(pos.get("crossing", False))
            for k, button in enumerate(self.star_buttons):
                button.value = k + 1 in pos.get("crossed_stars", [])
        finally:
            self._quiet = False
