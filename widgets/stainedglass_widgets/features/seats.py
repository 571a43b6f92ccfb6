"""Who plays: a picker per seat (a person, or one of the bots the game offers) with the bot's
thinking time on a slider (its strength), the game's own options for a new game, and **New
game**. The seats are the play model's: a picker sets them through it (``model.set_seat``), and
the pickers and sliders follow its ``seats`` events, whoever changed them (the coach, a room).

>>> import stainedglass_widgets as sgw
>>> v = sgw.view("cathedral", background=False)
>>> v.seat_pickers[1].value = "greedy"
>>> v.play("cathedral e4 d5 e5 f5 e6 e7")   # the greedy bot answers for Dark
>>> len(v.state.history)
2
>>> v.model.set_seat(0, "random", budget=2.0)   # the model's seats: the pickers follow
True
>>> v.seat_pickers[0].value, v.strength_sliders[0].value, v.seats[:2]
('random', 2.0, ['random', 'greedy'])
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as w

from ..kit.feature import Feature
from ..kit.messages import seconds_label
from ..kit.searches import is_timed, seat_choices

if TYPE_CHECKING:
    from ..kit.game_view import GameView


class Seats(Feature):
    """The seat pickers, their strength sliders, the game's options and New game."""

    name = "seats"
    provides = ("seat_pickers", "strength_sliders", "new_button", "new_game")

    def __init__(self, view: GameView) -> None:
        super().__init__(view)
        safe = view.safe
        self._following = False  # the widgets follow the model: their observers rest
        choices = seat_choices(view.state)
        self.seat_pickers = [
            w.Dropdown(
                options=choices, value=seat, description=name, layout=w.Layout(width="210px")
            )
            for name, seat in zip(view.player_names, view.seats)
        ]
        self.strength_sliders = [
            # no readout: its overflow check costs ~30 ms of page load per slider; the
            # description says the value instead
            w.FloatSlider(
                value=budget,
                min=0.2,
                max=10.0,
                step=0.1,
                readout=False,
                description=seconds_label(budget),
                continuous_update=False,
                tooltip="how long the bot thinks per move (its strength)",
                style={"description_width": "96px"},
                layout=w.Layout(width="250px"),
            )
            for budget in view.budgets
        ]
        for i, (picker, slider) in enumerate(zip(self.seat_pickers, self.strength_sliders)):
            picker.observe(safe(lambda ch, i=i: self.seat_chosen(i, ch["new"])), "value")
            slider.observe(safe(lambda ch, i=i: self.strength_chosen(i, ch["new"])), "value")
            self._show_slider(i)
        self.new_button = w.Button(description="New game", button_style="primary")
        self.new_button.on_click(safe(lambda _: self.new_game()))
        self.seat_boxes = [w.VBox([p, s]) for p, s in zip(self.seat_pickers, self.strength_sliders)]
        for box in self.seat_boxes:
            box.add_class("sg-seat")
        self.options = list(view.new_game_options())
        view.add_widgets("settings", *self.seat_boxes, *self.options, self.new_button)
        view.model.listen("seats", self.follow)
        view.model.listen("changed", self.show_seats)
        view.hooks.after_change.append(self.show_seats)
        self.show_seats()

    def show_seats(self) -> None:
        """A seat picker for each player of the game on the table (a game of two players
        shows no third seat); none, nor New game and its options, while the game is shown
        here and not played (it follows a teacher's)."""
        n = self.view.model.state.num_players
        shown_only = bool(self.view.shown_only())
        for p, box in enumerate(self.seat_boxes):
            box.layout.display = None if p < n and not shown_only else "none"
        for widget in (*self.options, self.new_button):
            widget.layout.display = "none" if shown_only else None

    def show_players(self) -> None:
        """The game's options show the game on the table (a room's, joined from another
        device): its number of players, where the game offers a choice of them."""
        picker = getattr(self.view, "players_picker", None)
        n = self.view.model.state.num_players
        if isinstance(picker, w.Dropdown) and n in [value for _, value in picker.options]:
            picker.value = n
        self.show_seats()

    def follow(self, player: int) -> None:
        """The model's seat of ``player`` changed: its picker and slider show it."""
        model, picker = self.view.model, self.seat_pickers[player]
        self._following = True
        try:
            if model.seat(player) in [seat for _, seat in picker.options]:
                picker.value = model.seat(player)
            self.strength_sliders[player].value = model.budgets[player]
        finally:
            self._following = False
        self.strength_sliders[player].description = seconds_label(model.budgets[player])
        self._show_slider(player)

    def seat_chosen(self, player: int, seat: str) -> None:
        """Who plays ``player`` from now on: a bot whose turn it is starts thinking at once; a
        bot that was thinking for a seat now a person's stops."""
        if self._following:
            return
        self.view.model.set_seat(player, seat)
        self.view.after_change(None)

    def strength_chosen(self, player: int, seconds: float) -> None:
        """The thinking time of ``player``'s bot, from its next move."""
        if not self._following:
            self.view.model.set_seat(player, budget=seconds)

    def new_game(self) -> None:
        """A new game with the seats as the pickers show them, and the game's options."""
        view = self.view
        for player, picker in enumerate(self.seat_pickers):
            view.model.set_seat(player, picker.value)
        view.model.new_game(**view.game_options())
        view.on_new_state()
        view.after_change(("New game. " + view.intro()[0], "info"))

    def _show_slider(self, player: int) -> None:
        timed = is_timed(self.view.seats[player])
        self.strength_sliders[player].layout.display = None if timed else "none"
