"""Walls of Light's position editor (**Edit** on the play dashboard).

Choose a wink colour (or *Clear*), then click spaces of the windows: a click adds one wink of
that colour (a third click on a full space starts it again with the new colour). Below the
windows: which face each position shows and its white cube, the dice, whose turn and what part
of the turn, the scores, and the cards in each hand, the draw pile and the discards. The engine
judges every change (``Game.setup``): a change it cannot even draw is not made, and a position
the rules could never reach is drawn with the reason it is refused.

>>> import stainedglass as sg
>>> from stainedglass_widgets.walls_of_light import WallsOfLightView
>>> view = WallsOfLightView(sg.load("walls_of_light", players=2).new_game(seed=1))
>>> view.edit()
>>> editor = view.editor
>>> editor.position["windows"][1][1]["name"], editor.position["showing"][1]
('Gothic Arch', 'back')
>>> editor.tool.value = "blue"
>>> editor.board.click("2:b1")
>>> editor.position["winks"]["2:b1"]
'b'
>>> editor.problem()[:40]  # a wink on a window, yet the dice never rolled
'no die has been rolled yet (no dice), so'
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from stainedglass.walls_of_light.moves import CARD_NAMES, CARD_TITLES
from stainedglass.walls_of_light.options import CARDS_PER_TYPE
from stainedglass.walls_of_light.start import MAX_SCORE, PHASES
from stainedglass.walls_of_light.svg import face_title, walls_of_light_svg
from stainedglass.walls_of_light.windows import COLOR_NAMES, DIE_LETTERS, read_face

from ..kit.board import Board
from ..features.editor import Editor

PHASE_WORDS = {
    "roll": "to roll the dice",
    "action": "to place (the dice are rolled)",
    "reroll": "rerolling dice (Roll Again)",
    "draw": "drawing owed cards",
    "over": "the game is over",
}
TOOLS = [("R red", "red"), ("B blue", "blue"), ("Y yellow", "yellow"), ("Clear", "clear")]


class WallsOfLightEditor(Editor):
    """Winks by clicking the windows; the rest of the position with pickers."""

    game_name = "walls_of_light"

    def setup(self) -> None:
        self._syncing = False  # True while draw() sets the pickers from the position

    # ---- building the tools ------------------------------------------------------------------

    def tools(self) -> list[w.Widget]:
        n = self.game.num_players
        safe = self.view.safe
        self.tool = w.ToggleButtons(
            options=TOOLS,
            value="red",
            tooltips=[
                "add a red wink",
                "add a blue wink",
                "add a yellow wink",
                "take the winks off",
            ],
            style={"button_width": "92px"},
        )
        self.tool.add_class("sg-editor-tool")
        self.board = Board(layout=w.Layout(width="640px"))
        self.board.add_class("sg-editor-board")
        self.board.label = "the windows being set up: click a space to change its winks"
        self.board.confirm_taps = False
        self.board.watch_keys = []
        self.board.on_click(safe(self.click))
        # each position: its face and its white cube
        self.showing: list[w.Dropdown] = []
        self.cubes: list[w.Checkbox] = []
        rows = []
        for pos in range(6):
            shows = w.Dropdown(
                layout=w.Layout(width="250px"),
                description=f"Window {pos + 1}",
                style={"description_width": "70px"},
            )
            shows.observe(safe(lambda ch, pos=pos: self._set_showing(pos, ch)), "value")
            cube = w.Checkbox(
                description="white cube", indent=False, layout=w.Layout(width="110px")
            )
            cube.observe(safe(lambda ch, pos=pos: self._set_cube(pos, ch)), "value")
            self.showing.append(shows)
            self.cubes.append(cube)
            rows.append(w.HBox([shows, cube]))
        windows = w.GridBox(rows, layout=w.Layout(grid_template_columns="repeat(2, 370px)"))
        # the dice and the turn
        self.rolled = w.Checkbox(
            description="dice rolled", indent=False, layout=w.Layout(width="110px")
        )
        self.rolled.observe(safe(self._set_dice), "value")
        self.dice = [
            w.Dropdown(
                options=list(range(1, 7)),
                description=f"{d} die",
                style={"description_width": "40px"},
                layout=w.Layout(width="100px"),
            )
            for d in DIE_LETTERS
        ]
        for die in self.dice:
            die.observe(safe(self._set_dice), "value")
        self.to_move = w.Dropdown(
            options=[(COLOR_NAMES[p], COLOR_NAMES[p]) for p in range(n)],
            description="Turn",
            style={"description_width": "40px"},
            layout=w.Layout(width="130px"),
        )
        self.to_move.observe(safe(lambda ch: self._set("to_move", ch)), "value")
        self.phase = w.Dropdown(
            options=[(PHASE_WORDS[p], p) for p in PHASES],
            tooltip="the part of the turn",
            layout=w.Layout(width="230px"),
        )
        self.phase.observe(safe(self._set_phase), "value")
        turn = w.HBox(
            [self.to_move, self.phase, self.rolled, *self.dice],
            layout=w.Layout(flex_flow="row wrap"),
        )
        # the turn in detail (cards played, placements left, passes, rerolls, draws owed)
        self.card_played = w.Checkbox(description="a card played this turn", indent=False)
        self.card_played.observe(safe(lambda ch: self._set("card_played", ch)), "value")
        self.acted = w.Checkbox(description="placed (or passed) this turn", indent=False)
        self.acted.observe(safe(lambda ch: self._set("acted", ch)), "value")
        self.placements_left = w.Dropdown(
            options=[0, 1, 2],
            description="placements left",
            style={"description_width": "110px"},
            layout=w.Layout(width="180px"),
        )
        self.placements_left.observe(safe(lambda ch: self._set("placements_left", ch)), "value")
        self.quiet_turns = w.Dropdown(
            options=[0, 1, 2, 3],
            description="quiet turns in a row",
            style={"description_width": "140px"},
            layout=w.Layout(width="200px"),
        )
        self.quiet_turns.observe(safe(lambda ch: self._set("quiet_turns", ch)), "value")
        self.reroll = w.Text(
            description="rerolling",
            placeholder="e.g. rb",
            continuous_update=False,
            style={"description_width": "70px"},
            layout=w.Layout(width="160px"),
        )
        self.reroll.observe(safe(lambda ch: self._set("reroll", ch)), "value")
        self.owed = w.Text(
            description="cards owed to",
            placeholder="e.g. red blue",
            continuous_update=False,
            style={"description_width": "100px"},
            layout=w.Layout(width="260px"),
        )
        self.owed.observe(safe(self._set_owed), "value")
        details = w.VBox(
            [
                w.HBox([self.card_played, self.acted]),
                w.HBox([self.placements_left, self.quiet_turns]),
                w.HBox([self.reroll, self.owed]),
            ]
        )
        more = w.Accordion(children=[details], titles=("More of the turn",))
        more.selected_index = None
        # scores and cards
        self.scores = [
            w.BoundedIntText(
                min=0,
                max=MAX_SCORE,
                description=COLOR_NAMES[p],
                style={"description_width": "50px"},
                layout=w.Layout(width="130px"),
            )
            for p in range(n)
        ]
        for p, score in enumerate(self.scores):
            score.observe(safe(lambda ch, p=p: self._set_score(p, ch)), "value")
        self.cards: dict[str, list[w.BoundedIntText]] = {}
        card_rows = [
            w.HBox(
                [
                    w.HTML("<b>Cards</b>", layout=w.Layout(width="120px")),
                    *[w.HTML(t, layout=_SMALL_HEAD) for t in CARD_TITLES],
                ]
            )
        ]
        for key, words in [
            *[(COLOR_NAMES[p], f"{COLOR_NAMES[p]}'s hand") for p in range(n)],
            ("pile", "draw pile"),
            ("discard", "discards"),
        ]:
            boxes = [
                w.BoundedIntText(
                    min=0,
                    max=CARDS_PER_TYPE,
                    layout=_SMALL_BOX,
                    tooltip=f"{title} cards in the {words}"
                    if key in ("pile", "discard")
                    else f"{title} cards in {words}",
                )
                for title in CARD_TITLES
            ]
            for t, box in enumerate(boxes):
                box.observe(safe(lambda ch, key=key, t=t: self._set_cards(key, t, ch)), "value")
            self.cards[key] = boxes
            card_rows.append(w.HBox([w.Label(words, layout=w.Layout(width="120px")), *boxes]))
        self.rest_button = w.Button(
            description="Rest of the deck to the pile",
            tooltip="the pile gets every card not in a hand or the discards",
            layout=w.Layout(width="220px"),
        )
        self.rest_button.on_click(safe(lambda _: self.rest_to_pile()))
        return [
            self.tool,
            self.board,
            windows,
            turn,
            more,
            w.HBox([w.HTML("<b>Scores</b>", layout=w.Layout(width="60px")), *self.scores]),
            w.VBox(card_rows),
            self.rest_button,
        ]

    # ---- drawing -----------------------------------------------------------------------------

    def draw(self) -> None:
        """Draw the position (even one the rules refuse) and set the pickers from it."""
        state = self.preview()
        if state is not None:
            self.board.draw(walls_of_light_svg(state, title="Walls of Light: a position"))
        pos = self.position
        self._syncing = True
        try:
            for i in range(6):
                pair = pos["windows"][i]
                self.showing[i].options = [
                    (f"front: {_title(pair[0])}", "front"),
                    (f"back: {_title(pair[1])}", "back"),
                ]
                self.showing[i].value = pos["showing"][i]
                self.cubes[i].value = i + 1 in pos["cubes"]
            self.rolled.value = pos["dice"] is not None
            for d, die in enumerate(self.dice):
                die.value = pos["dice"][d] if pos["dice"] is not None else die.value
                die.disabled = pos["dice"] is None
            self.to_move.value = pos["to_move"]
            self.phase.value = pos["phase"]
            self.card_played.value = pos["card_played"]
            self.acted.value = pos["acted"]
            self.placements_left.value = pos["placements_left"]
            self.quiet_turns.value = pos["quiet_turns"]
            self.reroll.value = pos["reroll"]
            self.owed.value = " ".join(pos["pending_draws"])
            for p, score in enumerate(self.scores):
                score.value = pos["scores"][p]
            for key, boxes in self.cards.items():
                names = pos["hands"][COLOR_NAMES.index(key)] if key in COLOR_NAMES else pos[key]
                for t, box in enumerate(boxes):
                    box.value = min(CARDS_PER_TYPE, names.count(CARD_NAMES[t]))
        finally:
            self._syncing = False

    # ---- edits -------------------------------------------------------------------------------

    def set_position(self, position: dict[str, Any], words: str = "") -> None:
        """Replace the whole position (a file, an example), its missing keys filled in as the
        engine sets them up; a position the engine cannot set up is not taken, with its reason."""
        try:
            full = self.game.position(self.game.setup(position, check=False))
        except ValueError as e:
            reason = str(e).removeprefix(f"{self.game.name}: option start= ")
            self.say(f"Not opened: {reason}", "bad")
            return
        super().set_position(full, words)

    def click(self, ident: str | None) -> None:
        """A space clicked: add a wink of the chosen colour, or clear it."""
        if not ident or ":" not in ident or ident.startswith(("die:", "card:")):
            return
        tool = self.tool.value
        winks = self.position["winks"].get(ident, "")
        if tool == "clear":
            if not winks:
                self.say(f"{ident} holds no wink to take off.")
                return
            self.edit(lambda pos: pos["winks"].pop(ident), f"Took the winks off {ident}.")
            return
        letter = tool[0]
        new = winks + letter if len(winks) < 2 else letter

        def put(pos: dict[str, Any]) -> None:
            pos["winks"][ident] = new

        self.edit(put, f"{ident} now holds {_wink_words(new)}.")

    def _set(self, key: str, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        value = change["new"]

        def put(pos: dict[str, Any]) -> None:
            pos[key] = value

        self.edit(put, f"Set {key.replace('_', ' ')} to {value}.")

    def _set_phase(self, change: dict[str, Any]) -> None:
        """A new phase, with the placements a turn has then (1 to place, 0 to roll)."""
        if self._syncing:
            return
        phase = change["new"]

        def put(pos: dict[str, Any]) -> None:
            pos["phase"] = phase
            if phase in ("action", "reroll"):
                pos["placements_left"] = max(1, pos["placements_left"])
            elif phase == "roll":
                pos["placements_left"] = 0

        self.edit(put, f"Now {PHASE_WORDS[phase]}.")

    def _set_showing(self, pos_index: int, change: dict[str, Any]) -> None:
        if self._syncing or change["new"] not in ("front", "back"):
            return

        def put(pos: dict[str, Any]) -> None:
            pos["showing"][pos_index] = change["new"]

        self.edit(put, f"Window {pos_index + 1} shows its {change['new']}.")

    def _set_cube(self, pos_index: int, change: dict[str, Any]) -> None:
        if self._syncing:
            return

        def put(pos: dict[str, Any]) -> None:
            cubes = set(pos["cubes"]) - {pos_index + 1}
            pos["cubes"] = sorted(cubes | ({pos_index + 1} if change["new"] else set()))

        self.edit(put, f"Window {pos_index + 1}: {'a' if change['new'] else 'no'} white cube.")

    def _set_dice(self, _change: Any = None) -> None:
        if self._syncing:
            return
        dice = [d.value for d in self.dice] if self.rolled.value else None

        def put(pos: dict[str, Any]) -> None:
            pos["dice"] = dice

        words = (
            "Dice: " + " ".join(f"{DIE_LETTERS[d]}{v}" for d, v in enumerate(dice))
            if dice
            else "The dice are not rolled yet."
        )
        self.edit(put, words + ".")

    def _set_score(self, player: int, change: dict[str, Any]) -> None:
        if self._syncing:
            return

        def put(pos: dict[str, Any]) -> None:
            pos["scores"][player] = change["new"]

        self.edit(put, f"{COLOR_NAMES[player]} has {change['new']} points.")

    def _set_owed(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return

        def put(pos: dict[str, Any]) -> None:
            pos["pending_draws"] = change["new"].lower().split()

        self.edit(put, "Set the players owed a card.")

    def _set_cards(self, key: str, card: int, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        name = CARD_NAMES[card]

        def put(pos: dict[str, Any]) -> None:
            names = pos["hands"][COLOR_NAMES.index(key)] if key in COLOR_NAMES else pos[key]
            kept = [c for c in names if c != name] + [name] * change["new"]
            kept.sort(key=CARD_NAMES.index)
            names[:] = kept

        where = f"{key}'s hand" if key in COLOR_NAMES else f"the {key}"
        self.edit(put, f"{change['new']} {CARD_TITLES[card]} in {where}.")

    def rest_to_pile(self) -> None:
        """The draw pile gets every card of the deck not in a hand or the discards."""

        def put(pos: dict[str, Any]) -> None:
            pile = []
            for _t, name in enumerate(CARD_NAMES):
                held = sum(h.count(name) for h in pos["hands"]) + pos["discard"].count(name)
                pile += [name] * max(0, CARDS_PER_TYPE - held)
            pos["pile"] = pile

        self.edit(put, "The rest of the deck is in the draw pile.")


_SMALL_BOX = w.Layout(width="84px")
_SMALL_HEAD = w.Layout(width="84px", overflow="hidden")


def _title(face: Any) -> str:
    """A face of the position (``{"name", "rows"}``) by the name people know it."""
    return face_title(read_face(face, "face"))


def _wink_words(text: str) -> str:
    return " and ".join(f"a {COLOR_NAMES['rby'.index(ch)]} wink" for ch in text)


__all__ = ["WallsOfLightEditor"]
