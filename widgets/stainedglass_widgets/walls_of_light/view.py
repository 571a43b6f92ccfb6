"""Play Walls of Light in a notebook or a Voila dashboard.

>>> import stainedglass as sg
>>> from stainedglass_widgets.walls_of_light import WallsOfLightView
>>> game = sg.load("walls_of_light", players=3, first_player=0, hands=[["extra"], [], []])
>>> view = WallsOfLightView(game.new_game(seed=1))
>>> view.roll(outcome="roll r2 b3 y6")        # the Roll button samples; a lesson may choose
>>> sorted(view.targets())[:3]                 # the spaces where red may go with this roll
['2:b1', '2:b2', '2:c1']
>>> view.board.click("2:b1")
>>> view.state.history[-1]
'place red 2:b1'
"""

from __future__ import annotations

import re
from typing import Any

import ipywidgets as w

import stainedglass as sg
from stainedglass.walls_of_light.game import Completion, WallsOfLightState
from stainedglass.walls_of_light.moves import CARD, CARD_NAMES, CARD_TITLES, PLACE, REMOVE, SWAP
from stainedglass.walls_of_light.moves import WMove, parse_space
from stainedglass.walls_of_light.windows import COLOR_NAMES, DIE_LETTERS, YELLOW

from stainedglass.walls_of_light.svg import face_title, hand_svg, walls_of_light_svg

from ..features.actions import Chance
from ..kit.board import Board
from ..kit.searches import HUMAN, REMOTE, Drawn, drawn_mark
from ..kit.game_view import GameView
from .examples import COVERING, THREE


def completion_text(c: Completion, new_face: str | None = None) -> str:
    """``"Window 3 completed by red: red +8, yellow +4"`` and what else it gave."""
    words = f"Window {c.position} completed by {COLOR_NAMES[c.completer]}: {c.gains()}"
    words += f". It flips to {new_face or c.new_face}"
    if c.cube:
        words += f" and a white cube goes beside window {c.position}"
    return words + "."


class WallsOfLightView(GameView):
    """The six windows around the scoring band, the dice with a Roll button, the hand of the
    player to move, and the controls.

    Roll, then click a space ringed in green to place a wink there (with two players, choose red
    or blue or the neutral yellow first). A card in the hand is played by clicking it: Extra
    Glass at once; Swap Panes by then clicking two winks; Roll Again by clicking the dice to
    reroll, then *Reroll*; Modify Roll by clicking a die, then *+1* or *-1*. *Pass* when nothing
    can be placed; out of winks, clicking one of your own winks removes it.
    """

    state: WallsOfLightState
    game_name = "walls_of_light"
    move_example = "place red 3:b2"
    blurb = (
        "Two or three glaziers restore six cathedral windows. Roll the dice, place and mix "
        "coloured glass, and score the windows you complete."
    )
    legend = (
        "Red, blue and yellow glass carry R, B, Y (and the mixed colours O, P, G); printed "
        "panes have a lead lattice, placed winks are round discs, and the spaces you may "
        "use are ringed in green with a ✓."
    )

    def setup(self) -> None:
        self.color: int | None = None  # the wink colour chosen (None: the player's own)
        self.card: str | None = None  # the card being played (swap, reroll, modify)
        self.picks: list[str] = []  # spaces (swap) or die letters (reroll, modify) chosen
        self._announced: Completion | None = None  # a lesson's last completion is told

    # ---- widgets -----------------------------------------------------------------------------

    def board_area(self) -> list[w.Widget]:
        self.board = Board(layout=w.Layout(width="700px"))
        self.board.add_class("sg-walls")
        self.board.watch_keys = ["Escape"]
        self.board.label = "the six windows, the scoring band and the dice"
        self.board.quick_taps = ["die:"]  # a space is tapped twice: shown, then chosen
        self.board.on_click(self.safe(self.click))
        self.board.on_key(self.safe(lambda key: self.cancel()))
        self.hand = Board(layout=w.Layout(width="230px", margin="0 0 0 8px"))
        self.hand.add_class("sg-hand-board")
        self.hand.watch_keys = []
        self.hand.label = "the hand of cards"
        self.hand.confirm_taps = False
        self.hand.on_click(self.safe(self.click_card))
        self.hand_note = w.HTML(layout=w.Layout(width="230px", margin="0 0 0 8px"))
        side = w.VBox([self.hand, self.hand_note])
        return [
            w.HBox(
                [self.board, side], layout=w.Layout(align_items="flex-start", flex_flow="row wrap")
            )
        ]

    def controls(self) -> list[w.Widget]:
        chance = self.feature(Chance)  # the kit's chance button: Roll the dice
        if chance is not None:
            self.roll_button = chance.chance_button
            self.roll_button.add_class("sg-roll")
        self.color_picker = w.ToggleButtons(
            options=[("red", 0)],
            value=0,
            tooltip="the colour of wink to place",
            style={"button_width": "150px"},
            layout=w.Layout(width="auto", flex="0 0 auto"),
        )
        self.color_picker.observe(self.safe(lambda ch: self.choose_color(ch["new"])), "value")
        self.pass_button = w.Button(
            description="Pass",
            tooltip="pass: only when nothing can be placed, or when you have no winks left",
        )
        self.pass_button.on_click(self.safe(lambda _: self.play("pass")))
        self.reroll_button = w.Button(description="Reroll chosen dice", button_style="info")
        self.reroll_button.on_click(self.safe(lambda _: self.confirm_reroll()))
        self.plus_button = w.Button(
            description="+1", button_style="info", layout=w.Layout(width="52px")
        )
        self.minus_button = w.Button(
            description="-1", button_style="info", layout=w.Layout(width="52px")
        )
        self.plus_button.on_click(self.safe(lambda _: self.modify(+1)))
        self.minus_button.on_click(self.safe(lambda _: self.modify(-1)))
        self.cancel_button = w.Button(
            description="Cancel card", tooltip="put the card back (Escape)"
        )
        self.cancel_button.on_click(self.safe(lambda _: self.cancel()))
        return [
            self.color_picker,
            self.pass_button,
            self.reroll_button,
            self.plus_button,
            self.minus_button,
            self.cancel_button,
        ]

    def new_game_options(self) -> list[w.Widget]:
        self.players_picker = w.Dropdown(
            options=[("3 players", 3), ("2 players", 2)],
            value=self.game.num_players,
            tooltip="how many players the next game has",
            layout=w.Layout(width="120px"),
        )
        self.players_picker.add_class("sg-players")
        return [self.players_picker]

    def game_options(self) -> dict[str, Any]:
        """The next game's players, with the same windows (designed ones stay)."""
        windows = self.game.given_options.get("windows")
        return {"players": self.players_picker.value} | (
            {} if windows is None else {"windows": windows}
        )

    def gestures(self, move: sg.Move) -> list[tuple[str, str, Any]]:
        """A wink: its colour on the picker, then its space; a removal: your own colour, then
        the wink; a card: the card in the hand, then its spaces or dice and its button."""
        words = str(move).split()
        color_of = {name: i for i, name in enumerate(COLOR_NAMES)}
        held: list[tuple[str, str, Any]] = (
            [("board", "press", "Escape")] if self.card or self.picks else []
        )  # a card in play goes back first
        return held + self._gestures(words, color_of, move)

    def _gestures(
        self, words: list[str], color_of: dict[str, int], move: sg.Move
    ) -> list[tuple[str, str, Any]]:
        if words[0] == "place":
            color = color_of[words[1]]
            if color not in self.state.colors_of(self.mover()):
                raise ValueError(f"{move}: the colour picker offers only the mover's colours")
            if color == self.mover() and self.state.supply[color] == 0:
                raise ValueError(f"{move}: out of {words[1]} winks, a click on a space removes")
            return [("color_picker", "select", color_of[words[1]]), ("board", "click", words[2])]
        if words[0] == "remove":
            if self.state.supply[self.mover()] > 0:
                raise ValueError(f"{move}: a click removes a wink only when you are out of them")
            return [("color_picker", "select", self.mover()), ("board", "click", words[1])]
        if words[0] == "pass":
            return [("pass_button", "click", None)]
        if words[0] == "card":
            out: list[tuple[str, str, Any]] = [("hand", "click", f"card:{words[1]}")]
            if words[1] == "swap":
                out += [("board", "click", words[2]), ("board", "click", words[3])]
            elif words[1] == "reroll":
                out += [("board", "click", f"die:{d}") for d in words[2:]]
                out.append(("reroll_button", "click", None))
            elif words[1] == "modify":
                out.append(("board", "click", f"die:{words[2]}"))
                out.append(("plus_button" if words[3] == "+1" else "minus_button", "click", None))
            return out
        raise ValueError(f"{move}: a chance move, made by the dice (the Roll button) or the deck")

    @classmethod
    def gallery_picture(cls) -> str:
        """Three windows under way: a covering, a placed red and a blue."""
        state = sg.load("walls_of_light", **THREE).new_game(seed=0)
        for move in COVERING + ["place red 2:b1", "roll r6 b6 y6", "place blue 6:b2"]:
            state.play(move)
        return walls_of_light_svg(state)

    def intro(self) -> tuple[str, str]:
        if self.state.phase == "roll":
            return ("Press Roll the dice: they say which windows may take a wink.", "info")
        return (
            "Click a space ringed in green to place a wink, or play a card from the hand.",
            "info",
        )

    # ---- what the player may do now ----------------------------------------------------------

    def mover(self) -> int:
        return self.state.to_move

    def wink_color(self) -> int:
        """The colour a click places: the one chosen this turn, else the mover's own."""
        colors = self.state.colors_of(self.mover())
        return self.color if self.color in colors else colors[0]

    def choose_color(self, color: int) -> None:
        self.color = color
        self.redraw()

    def after_change(
        self, message: tuple[str, str] | None = None, run_computer: bool = True
    ) -> None:
        """Every decision starts from the mover's own colour (a choice never carries over)."""
        self.color = None
        super().after_change(message, run_computer)

    def legal_texts(self) -> list[str]:
        st = self.state
        if st.is_terminal() or st.is_chance():
            return []
        return [str(m) for m in st.legal_moves()]

    def removing(self) -> bool:
        """Whether a click on a space removes a wink (out of the chosen colour's winks)."""
        st = self.state
        color = self.wink_color()
        return color == self.mover() and st.supply[color] == 0

    def targets(self) -> set[str]:
        """The spaces where a click does something legal now."""
        st = self.state
        if st.is_terminal() or st.is_chance():
            return set()
        if self.card == "swap":
            return {
                t
                for m in self.legal_texts()
                if m.startswith("card swap")
                for t in m.split()[2:]
                if self.picks == [] or (self.picks[0] in m.split()[2:] and t != self.picks[0])
            }
        if self.card:
            return set()
        if self.removing():
            return {m.split()[1] for m in self.legal_texts() if m.startswith("remove ")}
        prefix = f"place {COLOR_NAMES[self.wink_color()]} "
        return {m[len(prefix) :] for m in self.legal_texts() if m.startswith(prefix)}

    def playable_cards(self) -> set[str]:
        return {m.split()[1] for m in self.legal_texts() if m.startswith("card ")}

    def shown_hand(self) -> int | None:
        """Whose hand may be shown: the player to move when a human sits there; else the only
        human's; in a game of computers, the player to move's. In a room, a device shows only
        the hand of the person playing on it (a watcher's, none)."""
        seats = [self.model.seat(p) for p in range(self.state.num_players)]
        humans = [p for p, seat in enumerate(seats) if seat == HUMAN]
        if not humans:
            return None if REMOTE in seats else self.mover()
        if self.model.seat(self.mover()) == HUMAN:
            return self.mover()
        return humans[0] if len(humans) == 1 else None

    # ---- events ------------------------------------------------------------------------------

    def auto_chance(self) -> bool:
        """Card draws and Roll Again's dice are rolled at once; a human's turn waits for Roll."""
        return self.state.phase != "roll" or self.model.seat(self.state.to_move) != HUMAN

    def resolve_chance(self) -> None:
        """The chance button rolls the dice (card draws happen by themselves)."""
        self.roll()

    def roll(self, outcome: str | None = None) -> None:
        st = self.state
        if st.is_terminal():
            self.say("The game is over: start a new game.", "bad")
            return
        if st.phase != "roll":
            self.say(
                f"The dice are rolled already ({self._dice_words()}): place a wink, play "
                "a card, or pass.",
                "bad",
            )
            return
        move = st.parse_move(outcome) if outcome else st.sample_chance()
        who = COLOR_NAMES[st.to_move]
        self.clear_selection()
        self.play(move)
        if st.phase == "action":
            rolled = sorted(set(st.dice or ()))
            self.say(
                f"{who.capitalize()} rolls {self._dice_words()}: windows "
                + ", ".join(map(str, rolled))
                + " may take a wink. "
                + self._how_to_place(),
                "info",
            )

    def _dice_words(self) -> str:
        d = self.state.dice or (0, 0, 0)
        return " ".join(f"{DIE_LETTERS[i]}{d[i]}" for i in range(3))

    def _how_to_place(self) -> str:
        if self.removing():
            return (
                "You have no winks left: click one of your winks in a rolled window to take "
                "it back, or Pass."
            )
        n = len(self.targets())
        if n:
            return f"{n} spaces are ringed in green: click one, or play a card first."
        return "Nothing can be placed with this roll: play a card or Pass."

    def click(self, ident: str | None) -> None:
        if not ident:
            return
        if ident.startswith("die:"):
            self.click_die(ident[4:])
            return
        parse_space(ident)  # a bad id is an IllegalMove, shown as a message
        st = self.state
        if st.is_terminal():
            self.say("The game is over: start a new game.", "bad")
            return
        if st.phase == "roll":
            self.say("Roll the dice first: the dice say which windows may take a wink.", "bad")
            return
        if self.card == "swap":
            self.pick_swap(ident)
            return
        if self.card:
            self.say(
                f"Finish the {CARD_TITLES[CARD_NAMES.index(self.card)]} card first (or "
                "Cancel card).",
                "bad",
            )
            return
        if self.removing():
            self.play(f"remove {ident}")
        else:
            self.play(f"place {COLOR_NAMES[self.wink_color()]} {ident}")

    def click_card(self, ident: str | None) -> None:
        if not ident or not ident.startswith("card:"):
            return
        name = ident[5:]
        if name not in CARD_NAMES:
            self.say(f"{name!r} is not a card.", "bad")
            return
        st = self.state
        if st.is_terminal() or st.phase != "action":
            self.say("Cards are played after the roll, before placing.", "bad")
            return
        title = CARD_TITLES[CARD_NAMES.index(name)]
        if name not in self.playable_cards():
            self.say(f"{title} cannot be played now: {self._card_reason(name)}", "bad")
            return
        self.clear_selection()
        if name == "extra":
            self.play("card extra")
            return
        self.card = name
        words = {
            "swap": "click two lone winks of different colours (in any window); they "
            "change places.",
            "reroll": "click the dice to reroll (one, two or all three), then Reroll chosen dice.",
            "modify": "click a die, then +1 or -1.",
        }[name]
        self.say(f"{title}: {words}", "info")
        self.redraw()

    def _card_reason(self, name: str) -> str:
        """The rule that keeps card ``name`` from being played now, in words."""
        st = self.state
        sample = {
            "extra": "card extra",
            "swap": "card swap 1:a1 1:b1",
            "reroll": "card reroll r",
            "modify": "card modify r +1" if (st.dice or (1,))[0] < 6 else "card modify r -1",
        }
        why = st.explain(sample[name]).words
        if name == "swap" and not (st.acted or st.card_played) and st.hands[self.mover()][SWAP]:
            why = "no two lone winks of different colours are on the windows to change places"
        return why + "."

    def click_die(self, letter: str) -> None:
        if letter not in DIE_LETTERS:
            self.say(f"{letter!r} is not a die.", "bad")
            return
        if self.card == "reroll":
            if letter in self.picks:
                self.picks.remove(letter)
            else:
                self.picks.append(letter)
            chosen = " ".join(sorted(self.picks, key=DIE_LETTERS.index)) or "none yet"
            self.say(f"Roll Again: dice chosen: {chosen}. Then Reroll chosen dice.")
        elif self.card == "modify":
            self.picks = [letter]
            self.say(
                f"Modify Roll: the {COLOR_NAMES[DIE_LETTERS.index(letter)]} die. Now +1 or -1."
            )
        elif self.state.phase == "roll":
            self.roll()
            return
        else:
            self.say(
                "The dice choose the windows. To change them, play Roll Again or Modify "
                "Roll from your hand."
            )
        self.redraw()

    def pick_swap(self, space: str) -> None:
        if space in self.picks:
            self.picks.remove(space)
            self.redraw()
            return
        self.picks.append(space)
        if len(self.picks) < 2:
            self.say(f"Swap Panes: {space} chosen; now the other wink.")
            self.redraw()
            return
        text = f"card swap {self.picks[0]} {self.picks[1]}"
        self.picks = []
        checked = self.model.check(text)  # asked once: the move is played as checked
        if not checked.legal:
            self.say(f"{checked.said} Choose again, or Cancel card.", "bad")
            self.redraw()
            return
        self.card = None
        self.play(checked)

    def confirm_reroll(self) -> None:
        if self.card != "reroll":
            self.say("Play Roll Again from your hand first.", "bad")
            return
        if not self.picks:
            self.say("Click one, two or three dice to reroll first.", "bad")
            return
        text = "card reroll " + " ".join(sorted(self.picks, key=DIE_LETTERS.index))
        self.card, self.picks = None, []
        self.play(text)

    def modify(self, step: int) -> None:
        if self.card != "modify":
            self.say("Play Modify Roll from your hand first.", "bad")
            return
        if not self.picks:
            self.say("Click the die to change first.", "bad")
            return
        text = f"card modify {self.picks[0]} {step:+d}"
        checked = self.model.check(text)  # asked once: the move is played as checked
        if not checked.legal:
            self.say(str(checked.said), "bad")
            return
        self.card, self.picks = None, []
        self.play(checked)

    def cancel(self) -> None:
        if self.card:
            self.say("The card stays in your hand.")
        self.clear_selection()
        self.redraw()

    def clear_selection(self) -> None:
        self.card, self.picks = None, []

    def on_new_state(self) -> None:
        """After an undo, a new game or a bot's move: nothing held, the mover's own colour."""
        self.clear_selection()
        self.color = None
        self._announced = self.state.last_completion

    # ---- undo and hints ----------------------------------------------------------------------

    def undo(self) -> None:
        """Take back to the last decision of a human: the rolls stay rolled."""
        st = self.state
        start = len(self.start.history)  # a lesson's setup is not taken back
        if len(st.history) <= start:
            self.say("Nothing to take back yet.")
            return
        st.undo()
        while len(st.history) > start and not (
            st.phase == "action" and self.model.seat(st.to_move) == HUMAN
        ):
            st.undo()
        self.on_new_state()
        self.after_change(("Move taken back.", "info"), run_computer=False)

    def hint(self) -> None:
        if self.state.phase == "roll":
            self.say("Hint: press Roll the dice: they say which windows may take a wink.")
            return
        super().hint()

    def take_hint(self, move: sg.Move) -> None:
        """Make the best suggestion one click away: its wink colour chosen (a space to click is
        ringed on the board; a card is framed in the hand)."""
        self.clear_selection()
        if isinstance(move, WMove) and move.kind == PLACE:
            self.color = move.a

    def hint_spaces(self) -> list[Drawn[str]]:
        """The spaces of the suggestions as ``(space, shade, rank)`` for the drawing: each
        placement and removal, a card's too (the panes it lets its player place along the
        line, both of Extra Glass's; the two Swap Panes changes), each with its suggestion's
        rank."""
        out = []
        for m in self.hint_marks():
            for move in m.moves:
                kind = getattr(move, "kind", None)
                if kind in (PLACE, REMOVE):
                    out.append(drawn_mark(str(move).split()[-1], m))
                elif kind == CARD and getattr(move, "a", None) == SWAP:
                    out += [drawn_mark(space, m) for space in str(move).split()[2:]]
        return out

    def hint_cards(self) -> list[Drawn[str]]:
        """The suggested card plays as ``(card, shade, rank)`` for the hand's drawing."""
        return [
            drawn_mark(str(m.move).split()[1], m)
            for m in self.hint_marks()
            if getattr(m.move, "kind", None) == CARD
        ]

    def hint_card(self) -> str | None:
        """The card of the best suggestion, when it plays one."""
        marks = self.hint_marks()
        if marks and getattr(marks[0].move, "kind", None) == CARD:
            return str(marks[0].move).split()[1]
        return None

    # ---- after every change ------------------------------------------------------------------

    def turn_note(self) -> str:
        notes = []
        done = self.state.last_completion
        if done is not None and done is not self._announced:
            notes.append(completion_text(done, face_title(self.state.face(done.position - 1))))
            self._announced = done
        st = self.state
        if not st.is_terminal() and st.phase == "roll" and self.model.seat(st.to_move) == HUMAN:
            notes.append(f"{COLOR_NAMES[st.to_move].capitalize()} to roll.")
        if st.phase == "action" and st.acted and st.placements_left > 0:  # Extra Glass
            who = COLOR_NAMES[st.to_move].capitalize()
            notes.append(f"{who}: place your second pane (Extra Glass).")
        base = super().turn_note()
        return " ".join(notes + ([base] if base else []))

    def say(self, text: str, kind: str = "info") -> None:
        """A message; a completion is told once, in the words of :func:`completion_text`; a
        card drawn by a player whose hand is hidden is not named."""
        if "completed by" in text:
            text = re.sub(r"; completes window \d+: [^.]*", "", text)
            for name in COLOR_NAMES:  # a card drawn is told once: by the draw itself
                if re.search(rf"\b{name} draws (?!a card;)", text, flags=re.IGNORECASE):
                    text = text.replace(f"; {name} draws a card", "", 1)
        for p in range(self.state.num_players):
            if self.hides_hand(p):
                for title in CARD_TITLES:  # "Red draws Extra Glass" or "...; red draws ..."
                    for name in (COLOR_NAMES[p], COLOR_NAMES[p].capitalize()):
                        text = text.replace(f"{name} draws {title}", f"{name} draws a card")
        super().say(text, kind)

    def hides_hand(self, player: int) -> bool:
        """Whether ``player``'s cards are secret on this screen: with several people at it, when
        the computer holds them, or when another device's pupil does (a room's watcher sees
        no hand)."""
        seats = [self.model.seat(p) for p in range(self.state.num_players)]
        humans = seats.count(HUMAN)
        return (
            humans > 1
            and not self.compact
            or seats[player] != HUMAN
            and humans > 0
            or seats[player] == REMOTE
        )

    def log_entry(self, move: str) -> str:
        """Card draws are secret in the log (the cards are in their owner's hand)."""
        if move.startswith("draw ") and any(
            self.hides_hand(p) for p in range(self.state.num_players)
        ):
            return "draw (a card, face down)"
        return move

    def redraw(self) -> None:
        st = self.state
        action = st.phase == "action" and not st.is_terminal()
        here = action and self.may_move_here()  # rings only for a move this device may make
        targets = self.targets() if here else set()
        last = set()
        if st.history and st.history[-1].startswith(("place ", "remove ")):
            last = {st.history[-1].split()[-1]}
        dice_sel = self.picks if self.card in ("reroll", "modify") else ()
        self.board.draw(
            walls_of_light_svg(
                st,
                targets=targets,
                picked=self.picks if self.card == "swap" else (),
                suggested=self.hint_spaces(),
                last=last,
                dice_selected=dice_sel,
                target_mark="−" if self.removing() else "✓",
            )
        )
        shown = self.shown_hand()
        playable = self.playable_cards() if here and shown == self.mover() else set()
        selected = self.card or self.hint_card()
        self.hand.draw(
            hand_svg(
                st,
                shown,
                playable=playable,
                selected=selected,
                suggested=self.hint_cards() if shown == self.mover() else (),
            )
        )
        self._update_controls(action)
        humans = sum(1 for p in range(st.num_players) if self.model.seat(p) == HUMAN)
        if humans > 1 and not self.compact:
            whose = "no hand is" if shown is None else f"only {COLOR_NAMES[shown]}'s hand is"
            self.hand_note.value = (
                '<div class="sg-hand-note" style="font-size:13px;color:#3d3a33">'
                f"<b>Hidden hands:</b> {whose} shown ({COLOR_NAMES[st.to_move]}'s turn); the "
                "other players look away.</div>"
            )
        else:
            self.hand_note.value = ""

    def result_text(self) -> str:
        text = super().result_text()
        scores = self.state.scores()
        if scores.count(max(scores)) > 1:
            cards = ", ".join(f"{n} {sum(h)}" for n, h in zip(self.player_names, self.state.hands))
            text += f" Tied on points, so the most cards in hand decide ({cards})."
        return text

    def _update_controls(self, action: bool) -> None:
        st = self.state
        colors = st.colors_of(self.mover())
        options = [
            (
                f"place {COLOR_NAMES[c]}"
                + (" (neutral)" if c == YELLOW and st.num_players == 2 else ""),
                c,
            )
            for c in colors
        ]  # the same words as the lessons use
        if list(self.color_picker.options) != options:
            with self.color_picker.hold_trait_notifications():
                self.color_picker.options = options
        if self.color_picker.value != self.wink_color():
            self.color_picker.value = self.wink_color()
        self.color_picker.layout.display = None if len(colors) > 1 else "none"
        self.pass_button.disabled = not action
        # Pass stands out when it is legal (nothing to place, or out of winks)
        self.pass_button.button_style = "success" if action and "pass" in self.legal_texts() else ""
        self.reroll_button.layout.display = None if self.card == "reroll" else "none"
        for b in (self.plus_button, self.minus_button):
            b.layout.display = None if self.card == "modify" else "none"
        self.cancel_button.layout.display = None if self.card else "none"

    def banner_html(self) -> str:
        text = super().banner_html()
        st = self.state
        if st.num_players == 2:
            text = text.replace("</div>", '<span class="sg-neutral">yellow is neutral</span></div>')
        return text

    def chance_banner(self) -> str:
        st = self.state
        if st.phase == "roll":
            return f"<b>{self.player_names[st.to_move]}</b> to roll the dice"
        return super().chance_banner()
