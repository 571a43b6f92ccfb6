"""Sagrada's position editor (**Edit** on the play dashboard).

Choose a card (a colour and a value), then click a field of the window to place it there; click a
placed card to take it off. The same card goes to the drawn cards, to a stack of the turn bar or to
the discards with the buttons beside it (a card is in one place only: it moves from where it was);
click a drawn card or a turn-bar card to take it back. Below: the round and how far it has gone,
the tools in play and those used (in the order ticked), the window and the orders, and the cards
known at the bottom of the pile; the cards still to draw follow from those in hand. The engine
judges every change (``Game.setup``): a change it
cannot even draw is not made, and a position the rules could never reach is drawn with the reason
it is refused.

>>> import stainedglass_widgets
>>> view = stainedglass_widgets.view("sagrada", window="Tempest", background=False)
>>> view.edit()
>>> editor = view.editor
>>> editor.color.value, editor.value.value = "R", "4"
>>> editor.board.click("d3")
>>> editor.position["placed"]
{'d3': 'R4'}
>>> editor.board.click("d3")            # a placed card clicked: taken off
>>> editor.position["placed"]
{}
"""

from __future__ import annotations

from typing import Any, cast

import ipywidgets as w

from stainedglass.sagrada.cards import COLOR_NAMES, COLORS
from stainedglass.sagrada.game import SagradaState
from stainedglass.sagrada.scoring import BASIC_ORDERS, ORDERS, UNIQUE_ORDERS
from stainedglass.sagrada.svg import draw as draw_svg
from stainedglass.sagrada.tools import TOOL_IDS, TOOLS
from stainedglass.sagrada.windows import CELL_NAMES, WINDOWS

from ..kit.board import Board
from ..features.editor import Editor

TURN_WORDS = [
    ("turn 1 (no turn played yet)", 0),
    ("turn 2 (one turn played)", 1),
    ("both turns played (Redraw's cards to draw)", 2),
]
NEW_STACK = -1


def card_places(position: dict[str, Any]) -> dict[str, str]:
    """Where each card named in a position lies, in words ("on b3", "drawn", "on the turn bar")."""
    out = {card: f"on {field}" for field, card in position.get("placed", {}).items()}
    out.update(dict.fromkeys(position.get("drawn", []), "among the drawn cards"))
    for r, stack in enumerate(position.get("turn_bar", []), 1):
        out.update(dict.fromkeys(stack, f"on the turn bar (round {r})"))
    out.update(dict.fromkeys(position.get("discards", []), "in the discards"))
    out.update(dict.fromkeys(position.get("pile_returned", []), "at the bottom of the pile"))
    return out


def take_card(position: dict[str, Any], card: str) -> None:
    """Take ``card`` from wherever it lies in ``position`` (a turn-bar stack stays, maybe empty)."""
    placed = position.get("placed", {})
    for field in [f for f, c in placed.items() if c == card]:
        del placed[field]
    for key in ("drawn", "discards", "pile_returned"):
        if card in position.get(key, []):
            position[key].remove(card)
    for stack in position.get("turn_bar", []):
        if card in stack:
            stack.remove(card)


class SagradaEditor(Editor):
    """The window and the turn bar by clicking; the rest of the position with pickers."""

    game_name = "sagrada"

    def setup(self) -> None:
        self._syncing = False  # True while draw() sets the pickers from the position
        # the cards still to draw follow from the cards in hand (the engine's default): kept
        # out of the position, they follow every edit of the drawn cards
        self.position.pop("cards_to_draw", None)

    # ---- building the tools ------------------------------------------------------------------

    def tools(self) -> list[w.Widget]:
        safe = self.view.safe
        self.color = w.ToggleButtons(
            options=[(f"{c} {COLOR_NAMES[k]}", c) for k, c in enumerate(COLORS)],
            value="R",
            tooltips=[f"a {name} card" for name in COLOR_NAMES],
            style={"button_width": "78px"},
        )
        self.color.add_class("sg-editor-color")
        self.value = w.ToggleButtons(
            options=[str(v) for v in range(1, 7)],
            value="1",
            tooltips=[f"value {v}" for v in range(1, 7)],
            style={"button_width": "40px"},
        )
        self.value.add_class("sg-editor-value")
        self.to_drawn = w.Button(
            description="To the drawn cards", tooltip="the chosen card is drawn (at most three)"
        )
        self.to_drawn.on_click(safe(lambda _: self.put_card("drawn")))
        self.stack = w.Dropdown(
            description="stack", style={"description_width": "40px"}, layout=w.Layout(width="170px")
        )
        self.to_bar = w.Button(
            description="To the turn bar",
            tooltip="the chosen card goes on the chosen stack of the turn bar",
        )
        self.to_bar.on_click(safe(lambda _: self.put_card("turn_bar")))
        self.to_discards = w.Button(
            description="To the discards", tooltip="the chosen card paid for a tool"
        )
        self.to_discards.on_click(safe(lambda _: self.put_card("discards")))
        self.empty_button = w.Button(
            description="Empty the window", tooltip="take every placed card off"
        )
        self.empty_button.on_click(safe(lambda _: self.empty_window()))
        self.board = Board(layout=w.Layout(width="980px"))
        self.board.add_class("sg-editor-board")
        self.board.label = (
            "the position being set up: click a field to place the chosen card "
            "or take a card off; click a drawn or turn-bar card to take it back"
        )
        self.board.confirm_taps = False
        self.board.watch_keys = []
        self.board.on_click(safe(self.click))
        # the round and the turn
        self.round = w.Dropdown(
            options=list(range(1, 11)),
            description="Round",
            style={"description_width": "50px"},
            layout=w.Layout(width="130px"),
        )
        self.round.observe(safe(lambda ch: self._set("round", ch, "round")), "value")
        self.round.add_class("sg-editor-round")
        self.turns = w.Dropdown(
            options=TURN_WORDS,
            tooltip="the turns played this round",
            layout=w.Layout(width="300px"),
        )
        self.turns.add_class("sg-editor-turns")
        self.turns.observe(safe(lambda ch: self._set("turns_played", ch, "turns played")), "value")
        self.to_draw = w.Dropdown(
            options=[0, 1, 2, 3],
            description="cards to draw",
            style={"description_width": "90px"},
            disabled=True,
            tooltip="the three cards of the round less those in hand, placed or paid this round",
            layout=w.Layout(width="160px"),
        )
        self.placed_round = w.Dropdown(
            options=[0, 1, 2],
            description="placed this round",
            style={"description_width": "120px"},
            layout=w.Layout(width="190px"),
        )
        self.placed_round.add_class("sg-editor-placed-round")
        self.placed_round.observe(
            safe(lambda ch: self._set("placed_this_round", ch, "cards placed this round")), "value"
        )
        self.tool_round = w.Checkbox(
            description="a tool was used this round (the last used)",
            indent=False,
            layout=w.Layout(width="320px"),
        )
        self.tool_round.observe(
            safe(lambda ch: self._set("tool_used_this_round", ch, "a tool used this round")),
            "value",
        )
        # the tools: in play, and used (in the order ticked)
        self.in_play: dict[str, w.Checkbox] = {}
        self.used: dict[str, w.Checkbox] = {}
        rows = []
        for tid in TOOL_IDS:
            tool = TOOLS[tid]
            in_play = w.Checkbox(
                description=f"{tool.name} ({tool.pips})",
                indent=False,
                layout=w.Layout(width="250px"),
            )
            in_play.observe(safe(lambda ch, tid=tid: self._set_in_play(tid, ch)), "value")
            used = w.Checkbox(description="used", indent=False, layout=w.Layout(width="80px"))
            used.observe(safe(lambda ch, tid=tid: self._set_used(tid, ch)), "value")
            self.in_play[tid], self.used[tid] = in_play, used
            rows.append(w.HBox([in_play, used]))
        tools_box = w.VBox(
            [
                w.HTML("<b>Tools in play</b> (tick <i>used</i> in the order they were used)"),
                w.GridBox(rows, layout=w.Layout(grid_template_columns="repeat(3, 340px)")),
            ]
        )
        # the window, the orders, the known bottom of the pile
        self.window = w.Dropdown(
            description="Window",
            style={"description_width": "60px"},
            layout=w.Layout(width="300px"),
        )
        self.window.observe(safe(self._set_window), "value")
        self.window.add_class("sg-editor-window")
        self.orders = [
            w.Dropdown(
                options=[(ORDERS[o].name, o) for o in choices],
                tooltip=f"the {kind} order",
                layout=w.Layout(width="230px"),
            )
            for choices, kind in (
                (UNIQUE_ORDERS, "unique"),
                (BASIC_ORDERS, "first basic"),
                (BASIC_ORDERS, "second basic"),
            )
        ]
        for order in self.orders:
            order.observe(safe(self._set_orders), "value")
        self.returned = w.Text(
            description="bottom of the pile",
            placeholder="e.g. R4 G2",
            style={"description_width": "130px"},
            layout=w.Layout(width="330px"),
        )
        self.returned.observe(safe(self._set_returned), "value")
        self.discards = w.Text(
            description="discards",
            placeholder="e.g. Y3 B2",
            style={"description_width": "70px"},
            layout=w.Layout(width="270px"),
        )
        self.discards.observe(safe(lambda ch: self._set_cards("discards", ch)), "value")
        return [
            w.HBox([w.HTML("<b>Card</b>", layout=w.Layout(width="40px")), self.color, self.value]),
            w.HBox(
                [self.to_drawn, self.stack, self.to_bar, self.to_discards, self.empty_button],
                layout=w.Layout(flex_flow="row wrap"),
            ),
            self.board,
            w.HBox([self.round, self.turns, self.to_draw], layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.placed_round, self.tool_round]),
            tools_box,
            w.HBox(
                [self.window, w.HTML("Orders", layout=w.Layout(width="50px")), *self.orders],
                layout=w.Layout(flex_flow="row wrap"),
            ),
            w.HBox([self.discards, self.returned]),
        ]

    # ---- drawing -----------------------------------------------------------------------------

    def chosen(self) -> str:
        """The card in hand: the chosen colour and value ("R4")."""
        return f"{self.color.value}{self.value.value}"

    def draw(self) -> None:
        """Draw the position (even one the rules refuse) and set the pickers from it."""
        state = cast("SagradaState | None", self.preview())
        pos = self.position
        if state is not None:
            bar = {card for stack in state.turn_bar for card in stack}
            self.board.draw(draw_svg(state, interactive=True, bar_targets=bar))
        self._syncing = True
        try:
            stacks = len(pos.get("turn_bar", []))
            chosen = self.stack.value
            self.stack.options = [(f"round {r}", r - 1) for r in range(1, stacks + 1)] + [
                ("a new stack", NEW_STACK)
            ]
            self.stack.value = chosen if chosen is not None and chosen < stacks else NEW_STACK
            self.round.value = pos.get("round", min(stacks + 1, 10))
            self.turns.value = pos.get("turns_played", 0)
            if state is not None:
                self.to_draw.value = state.cards_to_draw
                self.placed_round.value = state.placed_this_round
                self.tool_round.value = state.tool_used_this_round
                self.window.options = self._window_options(state.window)
                self.window.value = state.window.name if state.window in WINDOWS else "custom"
                for order, oid in zip(self.orders, state.orders):
                    order.value = oid
                in_play, used = state.tools_in_play, state.tools_used
                for tid in TOOL_IDS:
                    self.in_play[tid].value = tid in in_play
                    self.used[tid].value = tid in used
                    self.used[tid].disabled = tid not in in_play and tid not in used
            self.discards.value = " ".join(pos.get("discards", []))
            self.returned.value = " ".join(pos.get("pile_returned", []))
        finally:
            self._syncing = False

    def _window_options(self, window: Any) -> list[tuple[str, str]]:
        options = [(f"{win.name} ({win.difficulty})", win.name) for win in WINDOWS]
        if window not in WINDOWS:
            options.insert(0, (f"this window ({' / '.join(window.rows)})", "custom"))
        return options

    # ---- edits -------------------------------------------------------------------------------

    def tidy(self, position: dict[str, Any]) -> None:
        position.pop("cards_to_draw", None)  # the engine counts them (see setup)

    def click(self, ident: str | None) -> None:
        """A field: place the chosen card there, or take its card off; a drawn or turn-bar card:
        take it back."""
        if not ident:
            return
        kind, _, what = ident.partition(":")
        if kind in ("card", "bar"):
            where = "drawn cards" if kind == "card" else "turn bar"
            self.edit(lambda pos: take_card(pos, what), f"Took {what} off the {where}.")
            return
        if kind == "tool":
            if what in self.used:
                self.used[what].value = True
            return
        if ident not in CELL_NAMES:
            return
        here = self.position.get("placed", {}).get(ident)
        if here is not None:
            self.edit(lambda pos: take_card(pos, here), f"Took {here} off {ident}.")
            return
        card = self.chosen()
        before = card_places(self.position).get(card)

        def put(pos: dict[str, Any]) -> None:
            take_card(pos, card)
            pos.setdefault("placed", {})[ident] = card

        self.edit(put, f"Placed {card} on {ident}" + (f" (it was {before})." if before else "."))

    def put_card(self, where: str) -> None:
        """The chosen card to the drawn cards, the chosen turn-bar stack or the discards."""
        card = self.chosen()
        before = card_places(self.position).get(card)
        stack = self.stack.value

        def put(pos: dict[str, Any]) -> None:
            take_card(pos, card)
            if where == "turn_bar":
                bar = pos.setdefault("turn_bar", [])
                if stack == NEW_STACK or stack is None or stack >= len(bar):
                    bar.append([card])
                else:
                    bar[stack].append(card)
            else:
                pos.setdefault(where, []).append(card)

        target = {"drawn": "the drawn cards", "discards": "the discards"}.get(
            where,
            "a new stack of the turn bar"
            if stack in (NEW_STACK, None)
            else f"the turn bar (round {(stack or 0) + 1})",
        )
        self.edit(put, f"{card} to {target}" + (f" (it was {before})." if before else "."))

    def empty_window(self) -> None:
        def put(pos: dict[str, Any]) -> None:
            pos["placed"] = {}

        self.edit(put, "The window is empty.")

    def _set(self, key: str, change: dict[str, Any], words: str) -> None:
        if self._syncing:
            return
        value = change["new"]

        def put(pos: dict[str, Any]) -> None:
            pos[key] = value

        self.edit(put, f"Set {words} to {value}.")

    def _set_in_play(self, tid: str, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        on = change["new"]

        def put(pos: dict[str, Any]) -> None:
            tools = [t for t in pos.get("tools") or [] if t != tid]
            pos["tools"] = [t for t in TOOL_IDS if t in tools or (on and t == tid)]
            if not on:
                pos["tools_used"] = [t for t in pos.get("tools_used", []) if t != tid]

        self.edit(put, f"{TOOLS[tid].name} is {'in play' if on else 'out of play'}.")

    def _set_used(self, tid: str, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        on = change["new"]

        def put(pos: dict[str, Any]) -> None:
            used = [t for t in pos.get("tools_used", []) if t != tid]
            pos["tools_used"] = used + ([tid] if on else [])

        self.edit(put, f"{TOOLS[tid].name} is {'used' if on else 'not used'}.")

    def _set_window(self, change: dict[str, Any]) -> None:
        if self._syncing or change["new"] in (None, "custom"):
            return
        name = change["new"]

        def put(pos: dict[str, Any]) -> None:
            pos["window"] = name

        self.edit(put, f"The window is {name}.")

    def _set_orders(self, _change: Any) -> None:
        if self._syncing:
            return
        orders = [order.value for order in self.orders]

        def put(pos: dict[str, Any]) -> None:
            pos["orders"] = orders

        self.edit(put, "Orders: " + ", ".join(ORDERS[o].name for o in orders) + ".")

    def _set_returned(self, change: dict[str, Any]) -> None:
        self._set_cards("pile_returned", change)

    def _set_cards(self, key: str, change: dict[str, Any]) -> None:
        """A list of cards typed as text ("R4 G2"); each card moves from where it was."""
        if self._syncing:
            return
        cards = [c.strip().upper() for c in str(change["new"]).replace(",", " ").split()]

        def put(pos: dict[str, Any]) -> None:
            pos[key] = []
            for card in cards:
                take_card(pos, card)
            pos[key] = cards

        words = "the discards" if key == "discards" else "the bottom of the pile"
        self.edit(put, f"{' '.join(cards) or 'No cards'} in {words}.")
