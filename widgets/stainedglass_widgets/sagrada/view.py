"""Play Sagrada (solo, cards) in a notebook or a Voila dashboard.

Click a drawn card, then a field: before the click, the field under the pointer says whether the
card may go there (green ✓, or red ✗ with the engine's reason). A tool: click the tool, then the
drawn card that pays for it (one showing the tool's pips), then the tool's choices one by one (a
placed card and its new field; a turn-bar card; a new value): the fields and cards that may come
next are ringed, and a step that breaks a rule is refused with the rule. The cards are drawn with
the Draw button (or by themselves, as a setting).

>>> from stainedglass_widgets.sagrada import SagradaView
>>> view = SagradaView(window="Tempest", tools=["lathekin"], background=False)
>>> view.chance_button.click()                  # Draw the cards: three of them
>>> len(view.state.drawn)
3
>>> move = str(view.state.legal_moves()[0])     # e.g. 'place Y3 a1'
>>> view.board.click("card:" + move.split()[1])
>>> view.board.click(move.split()[2])
>>> view.state.history[-1] == move
True
"""

from __future__ import annotations

import random
from typing import Any

import ipywidgets as w

import stainedglass as sg
from stainedglass.sagrada.difficulty import words as window_words
from stainedglass.sagrada.scoring import BASIC_ORDERS, ORDERS, UNIQUE_ORDERS
from stainedglass.sagrada.svg import draw, window_svg
from stainedglass.sagrada.tools import TOOLS
from stainedglass.sagrada.windows import WINDOWS

from ..kit.board import Board
from ..kit.game_view import GameView
from ..kit.messages import message_html
from ..kit.searches import Drawn, drawn_mark

FIELDS = tuple(c + str(r) for r in range(1, 5) for c in "abcde")


class SagradaView(GameView):
    """The window with the drawn cards, the tools, the orders and the turn bar beside it."""

    game_name = "sagrada"
    move_example = "place R4 b3"
    blurb = (
        "Alone with a 4x5 window and its restrictions: place glass cards for ten rounds, use "
        "your tools well, and reach the target the leftover cards add up to."
    )
    legend = (
        "Cards are glass in their colour with the value's pips and a letter: R red, G green, "
        "Y yellow, B blue, K black (smoky glass). Tinted fields take only their colour, "
        "etched pips only their value. ✓ green: the card may go there; ✗ red: why not."
    )

    def setup(self) -> None:
        self.card: str | None = None  # the drawn card chosen to place
        self.tool: str | None = None  # the tool being used
        self.tokens: list[str] = []  # the tool's words so far: the paying card, then its choices
        self.pointer: str | None = None  # the field under the pointer

    # ---- widgets -----------------------------------------------------------------------------

    def board_area(self) -> list[w.Widget]:
        self.board = Board(layout=w.Layout(width="980px"))
        self.board.add_class("sg-sagrada-board")
        self.board.watch_keys = ["Escape"]
        self.board.label = "the window, the drawn cards, the tools and the turn bar"
        self.board.quick_taps = ["card:", "tool:", "bar:", "choice:"]  # a field shows first
        self.board.on_click(self.safe(self.click))
        self.board.on_hover(self.safe(self.hover))
        self.board.on_key(self.safe(lambda _key: self.cancel()))
        self.preview = w.HTML()
        self.preview.add_class("sg-live")  # may the card go there, and why not: said
        self.hardness = w.HTML()
        self.hardness.add_class("sg-hardness")
        self.pass_button = w.Button(
            description="Pass (forfeit)", tooltip="only when no drawn card can be placed"
        )
        self.pass_button.on_click(self.safe(lambda _: self.play("pass")))
        self.cancel_button = w.Button(
            description="Cancel", tooltip="put the card or tool back (Escape)"
        )
        self.cancel_button.on_click(self.safe(lambda _: self.cancel()))
        self.auto_draw = w.Checkbox(
            value=False,
            description="draw the cards by themselves",
            indent=False,
            layout=w.Layout(width="230px"),
        )
        self.auto_draw.observe(self.safe(lambda _: self.after_change(None)), "value")
        return [self.hardness, self.board, self.preview]

    def controls(self) -> list[w.Widget]:
        return [self.pass_button, self.cancel_button, self.auto_draw]

    def new_game_options(self) -> list[w.Widget]:
        windows = (
            [("random window", None)]
            + [(f"random, difficulty {d}", f"difficulty {d}") for d in (3, 4, 5, 6)]
            + [(f"{win.name} ({win.difficulty})", win.name) for win in WINDOWS]
        )
        given = self.game.given_options.get("window")
        # a designed window (its rows: the window designer's Play) stays the next game's choice
        known = {v for _, v in windows}
        self.custom_window: Any = (
            None if given is None or (isinstance(given, str) and given in known) else given
        )
        if self.custom_window is not None:
            own = given.get("name") if isinstance(given, dict) else None
            windows.insert(
                0, (f"{own} (your window)" if own else "the designed window", "designed")
            )
            given = "designed"
        self.window_picker = w.Dropdown(
            options=windows,
            value=given if given in known | {"designed"} else None,
            tooltip="the window of the next game",
            layout=w.Layout(width="230px"),
        )
        self.tools_picker = w.Dropdown(
            options=[
                (
                    f"{n} tool{'s' if n > 1 else ''}"
                    f"{' (very hard)' if n == 1 else ' (easy)' if n == 5 else ''}",
                    n,
                )
                for n in range(1, 6)
            ],
            value=3,
            tooltip="how many tools the next game has",
            layout=w.Layout(width="150px"),
        )
        self.order_picker = w.Dropdown(
            options=[("random orders", None)]
            + [(f"{ORDERS[o].name} + 2 random", o) for o in UNIQUE_ORDERS],
            value=None,
            tooltip="the public orders of the next game",
            layout=w.Layout(width="250px"),
        )
        self.easier_box = w.Checkbox(
            value=False,
            description="easier (unique order x2)",
            indent=False,
            layout=w.Layout(width="190px"),
        )
        for picker in (self.window_picker, self.order_picker):
            if picker.index is None:  # "random" (the value None) shown, not an empty box
                picker.index = 0
        return [self.window_picker, self.tools_picker, self.order_picker, self.easier_box]

    def game_options(self) -> dict[str, Any]:
        opts: dict[str, Any] = {"tools": self.tools_picker.value}
        choice = self.window_picker.value
        if choice == "designed":
            opts["window"] = self.custom_window
            choice = None
        elif choice and choice.startswith("difficulty "):
            d = int(choice.split()[1])
            choice = random.choice([win.name for win in WINDOWS if win.difficulty == d])
        if choice:
            opts["window"] = choice
        if self.order_picker.value:
            opts["orders"] = [self.order_picker.value, *random.sample(BASIC_ORDERS, 2)]
        if self.easier_box.value:
            opts["order_weights"] = (1, 1, 2)
        return opts

    def intro(self) -> tuple[str, str]:
        return (
            "Click a drawn card, then a field of the window (green ✓: it may go there), or "
            "click a tool to use it.",
            "info",
        )

    def turn_note(self) -> str:
        """Cards to draw, the Draw button not pressed yet: how many, and what to press."""
        st = self.state
        if st.is_chance() and st.history and not self.auto_chance():
            n = st.cards_to_draw
            return (
                f"Press {self.game.facts.chance_action}: {n} card{'s' if n != 1 else ''} "
                "to draw from the pile."
            )
        return super().turn_note()

    def auto_chance(self) -> bool:
        """The cards are drawn with the Draw button, or by themselves (a setting)."""
        return bool(getattr(self, "auto_draw", None) is not None and self.auto_draw.value)

    def resolve_chance(self) -> None:
        """The Draw button draws every card the round needs now, and names them all."""
        drawn: list[str] = []
        while self.state.is_chance():
            before = len(self.state.history)
            move = str(self.state.sample_chance())
            self.play(move)
            if len(self.state.history) == before:
                return  # refused: its reason is shown
            drawn.append(move.split()[-1])
        if drawn:
            cards = ", ".join(drawn[:-1]) + " and " + drawn[-1] if len(drawn) > 1 else drawn[0]
            verb = "are" if len(drawn) > 1 else "is"
            self.say(f"{cards} {verb} drawn from the pile. {self.intro()[0]}", "good")

    @classmethod
    def gallery_picture(cls) -> str:
        """A window half glazed."""
        state = sg.load("sagrada", window="Tempest", tools=3).new_game(seed=0)
        bot = sg.ai.bot("greedy", seed=1, chance_samples=0)
        for _ in range(24):
            state.play(state.sample_chance() if state.is_chance() else bot.choose(state))
        return window_svg(state)

    # ---- what may come next --------------------------------------------------------------------

    def legal_texts(self) -> list[str]:
        st = self.state
        return [] if st.is_terminal() or st.is_chance() else [str(m) for m in st.legal_moves()]

    def prefix(self) -> str:
        return (
            " ".join(["tool", self.tool or "", "pay", *self.tokens])
            if self.tokens
            else f"tool {self.tool} pay"
        )

    def next_tokens(self) -> set[str]:
        """What the tool in hand may take next (the paying card first), from the legal moves."""
        if self.tool is None:
            return set()
        head = f"tool {self.tool} pay" + ("" if not self.tokens else " " + " ".join(self.tokens))
        n = len(head.split())
        return {
            m.split()[n]
            for m in self.legal_texts()
            if m.startswith(head + " ") and len(m.split()) > n
        }

    def payable(self) -> set[str]:
        """Tools a drawn card can pay for now, and the cards that can pay."""
        out = set()
        for m in self.legal_texts():
            words = m.split()
            if words[0] == "tool":
                out.add(words[1])
                out.add(words[3])
        return out

    # ---- events ------------------------------------------------------------------------------

    def click(self, ident: str | None) -> None:
        if not ident:
            return
        st = self.state
        if st.is_terminal():
            self.say("The game is over: start a new game.", "bad")
            return
        if st.is_chance():
            self.say("Draw the cards first (the Draw button).", "bad")
            return
        kind, _, what = ident.partition(":")
        if kind == "tool":
            self.choose_tool(what)
        elif kind == "choice" and what == "done":
            self.tool_step_done()
        elif self.tool is not None:
            self.tool_step(what if kind in ("card", "bar", "choice") else ident)
        elif kind == "card":
            if what not in st.drawn:  # the engine's words for it
                self.say(str(st.explain(f"place {what} {self.pointer or 'a1'}")), "bad")
                return
            self.card = what
            self.say(f"{what} in hand: move over the window (✓ green: it fits) and click a field.")
        elif kind in ("bar", "choice"):
            self.say("Choose a tool first.", "bad")
        else:
            self.place(ident)
        self.redraw()

    def place(self, field: str) -> None:
        if self.card is None:
            self.say("Click a drawn card first, then the field to put it on.", "bad")
            return
        before = len(self.state.history)
        card, self.card = self.card, None  # placed, it leaves the hand before the redraw
        try:
            self.play(f"place {card} {field}")
        finally:
            if len(self.state.history) == before:  # refused: still in hand
                self.card = card
                self.redraw()

    def choose_tool(self, tool: str) -> None:
        if tool not in TOOLS:
            self.say(f"{tool!r} is not a tool.", "bad")
            return
        st = self.state
        if tool not in st.tools:
            self.say(f"{TOOLS[tool].name} is not in play here, or was used already.", "bad")
            return
        if tool not in self.payable():
            pay = next((c for c in st.drawn), None)
            said = st.explain(f"tool {tool} pay {pay}" if pay else "pass")
            self.say(f"{TOOLS[tool].name} cannot be used now: {said.words}", "bad")
            return
        self.card, self.tool, self.tokens = None, tool, []
        t = TOOLS[tool]
        self.say(
            f"{t.name} ({t.pips} pip{'s' if t.pips > 1 else ''}): click a drawn {t.pips} to "
            f"pay for it. It will {t.effect}."
        )

    def tool_step(self, token: str) -> None:
        allowed = self.next_tokens()
        if token not in allowed:
            self.say(self._refusal(token), "bad")
            return
        self.tokens.append(token)
        text = self.prefix()
        more = self.next_tokens()
        if text in self.legal_texts() and not more:
            self.play_tool(text)
        elif text in self.legal_texts():
            self.say(f"{text}: choose more, or Done.", "info")
        else:
            self.say(self._step_words(), "info")

    def play_tool(self, text: str) -> None:
        self.tool, self.tokens = None, []
        self.play(text)

    def _refusal(self, token: str) -> str:
        """The engine's reason for a step that cannot come next (from a whole move made of it)."""
        head = self.prefix() + " " + token
        st = self.state
        n = len(head.split())
        for m in self.legal_texts():
            words = m.split()
            if m.startswith(f"tool {self.tool} pay") and len(words) >= n:
                words[n - 1] = token
                why = st.explain(" ".join(words))
                if not why.legal:
                    return str(why)
        return f"Illegal: {token} cannot come next for {TOOLS[self.tool or 'redraw'].name}"

    def _step_words(self) -> str:
        """What the tool's next step may take, named where it is on the board."""
        t = TOOLS[self.tool or "redraw"]
        where = {
            "field": "a field ringed in green",
            "card": "a drawn card ringed in green",
            "bar": "a turn-bar card ringed in green",
            "choice": "a button under the window",
        }
        found: dict[str, list[str]] = {}
        for token in sorted(self.next_tokens()):
            ident = self._token_id(self.tool or "redraw", token)
            found.setdefault(ident.partition(":")[0] if ":" in ident else "field", []).append(token)
        parts = [f"{where[k]} ({', '.join(found[k])})" for k in where if k in found]
        return f"{t.name}, step {len(self.tokens) + 1}: click " + " or ".join(parts) + "."

    def hover(self, ident: str | None) -> None:
        self.pointer = ident if ident in FIELDS else None
        self.redraw()

    def cancel(self) -> None:
        if self.card or self.tool:
            self.say("Put back.")
        self.card, self.tool, self.tokens = None, None, []
        self.redraw()

    def on_new_state(self) -> None:
        self.card, self.tool, self.tokens, self.pointer = None, None, [], None

    def gestures(self, move: sg.Move) -> list[tuple[str, str, Any]]:
        """A placement: the card, then the field; a tool: the tool, the paying card, then its
        choices; a forfeit: Pass."""
        words = str(move).split()
        # whatever is in hand goes back first (Escape)
        out: list[tuple[str, str, Any]] = (
            [("board", "press", "Escape")] if self.card or self.tool else []
        )
        if words[0] == "place":
            return out + [
                ("board", "click", f"card:{words[1]}"),
                ("board", "hover", words[2]),
                ("board", "click", words[2]),
            ]
        if words[0] == "pass":
            return out + [("pass_button", "click", None)]
        if words[0] == "tool":
            out += [("board", "click", f"tool:{words[1]}"), ("board", "click", f"card:{words[3]}")]
            for token in words[4:]:
                out.append(("board", "click", self._token_id(words[1], token)))
            if any(m.startswith(str(move) + " ") for m in self.legal_texts()):
                out.append(("board", "click", "choice:done"))  # it could go on: stop here
            return out
        raise ValueError(f"{move}: a chance move, made by the Draw button")

    def _token_id(self, tool: str, token: str) -> str:
        if token in FIELDS:
            return token
        if tool == "lenscutter" and token not in self.state.drawn:
            return f"bar:{token}"
        if token in self.state.drawn:
            return f"card:{token}"
        return f"choice:{token}"

    def take_hint(self, move: sg.Move) -> None:
        """Pick up what the best move uses: the card it places, or the tool it uses (a click on
        the card that pays for it goes on from there)."""
        words = str(move).split()
        if words[0] == "place":
            self.card = words[1]
        elif words[0] == "tool":
            self.choose_tool(words[1])  # its words give way to the hint's

    # ---- drawing -----------------------------------------------------------------------------

    def hint_things(self) -> list[Drawn[str]]:
        out = []
        for m in self.hint_marks():
            words = str(m.move).split()
            if words[0] == "place":
                out.append(drawn_mark(words[2], m))
            elif words[0] == "tool":
                out.append(drawn_mark(words[1], m))
        return out

    def redraw(self) -> None:
        st = self.state
        playing = not st.is_terminal() and not st.is_chance()
        here = playing and self.may_move_here()  # marks only for a move this device may make
        marks: dict[str, str] = {}
        words = ""
        choices: list[tuple[str, str]] = []
        bar: set[str] = set()
        ringed: set[str] = set()  # drawn cards the tool's next step may take
        selected_fields: list[str] = [t for t in self.tokens if t in FIELDS]
        if here and self.card and self.pointer:
            why = st.explain(f"place {self.card} {self.pointer}")
            marks[self.pointer] = "legal" if why.legal else "illegal"
            words = str(why) if not why.legal else f"{self.card} may go on {self.pointer}."
        if here and self.tool:
            nxt = self.next_tokens()
            for token in nxt:
                ident = self._token_id(self.tool, token)
                if ident in FIELDS:
                    marks.setdefault(ident, "legal")
                elif ident.startswith("bar:"):
                    bar.add(token)
                elif ident.startswith("card:") and self.tokens:  # (paying: "pays a tool")
                    ringed.add(token)
                elif ident.startswith("choice:"):
                    choices.append((token, token))
            if self.prefix() in self.legal_texts() and nxt:
                choices.append(("done", "Done"))
        payable = self.payable() if here else set()
        self.board.draw(
            draw(
                st,
                interactive=playing,
                selected_card=self.card or (self.tokens[0] if self.tokens else None),
                selected_tool=self.tool,
                selected_fields=selected_fields,
                marks=marks,
                payable=payable if self.tool is None else set(),
                bar_targets=bar,
                card_targets=ringed,
                choices=sorted(choices),
                suggested=self.hint_things(),
            )
        )
        self.preview.value = (
            message_html(words, "good" if words and "may go" in words else "bad", "sg-preview")
            if words and not self.said_already(words)
            else ""
        )
        line = window_words(st.window.name)
        self.hardness.value = (
            f'<div style="font-size:14px;color:#3d3a33">How hard is this window? {line}</div>'
            if line and not self.compact
            else ""
        )
        legal = self.legal_texts()
        self.pass_button.layout.display = None if "pass" in legal else "none"
        self.cancel_button.layout.display = None if (self.card or self.tool) else "none"

    def tool_step_done(self) -> None:
        text = self.prefix()
        if text in self.legal_texts():
            self.play_tool(text)

    def result_text(self) -> str:
        return f"Game over: {self.verdict()}. {self.state.result_text()}"

    def verdict(self) -> str:
        return "won" if self.state.returns()[0] == 1 else "lost"

    def banner_html(self) -> str:
        """At the end, the verdict large: the score against the turn bar's target."""
        text = super().banner_html()
        st = self.state
        if st.is_terminal():
            score, target = st.scores()[0], st.target()
            colour = "#0c4a1e" if score >= target else "#6b0b02"
            mark = "✓ Won" if score >= target else "✗ Lost"
            text = text.replace(
                "</div>",
                f'<span class="sg-verdict" style="font-size:30px;'
                f'font-weight:bold;color:{colour}">{mark}: {score} against '
                f"{target}</span></div>",
            )
        return text
