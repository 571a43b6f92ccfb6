"""Who plays: a picker per seat (a person, the computer at a level, or one of the other bots the
game offers), the computer's **level** under it (Level 1 to Level 8, each in the pupil's words
from ``stainedglass.ai.levels``, and **Match me**), a thinking-time slider for a timed bot
(the bots for exploring: MCTS, alpha-beta, the game's own search), the game's own options for
a new game, and **New game**. The seats are the play model's: a picker sets them through it
(``model.set_seat``), and the pickers follow its ``seats`` events, whoever changed them (the
coach, a room).

**Match me** starts at a level and, after each finished game against it, moves up after the
pupil's win and down after a loss (``MatchMe.record``), so the pupil wins about half the time.
The pupil's Match me is kept (:func:`~stainedglass_widgets.kit.progress.keep_match`): in the
class's store under their name on a class's server, by the browser without a class; it is read
back when the dashboard opens and when the pupil gives their name.

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
>>> v.seat_pickers[1].value = "level"; v.level_pickers[1].value = 2
>>> v.seats[1], v.model.levels[1], v.level_pickers[1].label[:7]
('level', 2, 'Level 2')
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

import ipywidgets as w

from ..kit.feature import Feature
from ..kit.messages import seconds_label
from ..kit.progress import boards_in, keep_match, kept_match
from ..kit.searches import LEVEL, MATCH, has_levels, is_timed, seat_choices

if TYPE_CHECKING:
    from ..kit.game_view import GameView

MATCH_WORDS = (
    "Match me: the computer's level goes up a level after you win and down after you lose, "
    "so you win about half your games."
)


class Seats(Feature):
    """The seat pickers, the computer's level pickers, the bots' strength sliders, the game's
    options and New game."""

    name = "seats"
    provides = ("seat_pickers", "level_pickers", "strength_sliders", "new_button", "new_game")

    def __init__(self, view: GameView) -> None:
        super().__init__(view)
        safe = view.safe
        self._following = False  # the widgets follow the model: their observers rest
        self.levelled = has_levels(view.game.name)
        choices = seat_choices(view.state)
        self.seat_pickers = [
            w.Dropdown(
                options=choices, value=seat, description=name, layout=w.Layout(width="210px")
            )
            for name, seat in zip(view.player_names, view.seats)
        ]
        for picker in self.seat_pickers:
            picker.add_class("sg-seat-picker")
        self.level_pickers = [
            w.Dropdown(
                options=self.view.model.level_options(),
                value=view.model.levels[p],
                description="Level",
                tooltip="how well the computer plays: Level 1 a beginner's opponent, Level 8 "
                "the game's hint search; Match me follows your results",
                style={"description_width": "44px"},
                layout=w.Layout(width="330px"),
            )
            for p in range(len(view.seats))
        ]
        for picker in self.level_pickers:
            picker.add_class("sg-level-picker")
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
        self.match_line = w.HTML(layout=w.Layout(max_width="330px", margin="0 0 0 48px"))
        self.match_line.add_class("sg-match-line")
        self.match_line.add_class("sg-live")  # the level moved after a game: said (board.js)
        self.seat_boxes = [w.VBox([p, s]) for p, s in zip(self.seat_pickers, self.strength_sliders)]
        for box in self.seat_boxes:
            box.add_class("sg-seat")
        for i, (picker, level, slider) in enumerate(
            zip(self.seat_pickers, self.level_pickers, self.strength_sliders)
        ):
            picker.observe(safe(lambda ch, i=i: self.seat_chosen(i, ch["new"])), "value")
            level.observe(safe(lambda ch, i=i: self.level_chosen(i, ch["new"])), "value")
            slider.observe(safe(lambda ch, i=i: self.strength_chosen(i, ch["new"])), "value")
        self.new_button = w.Button(description="New game", button_style="primary")
        self.new_button.on_click(safe(lambda _: self.new_game()))
        self.options = list(view.new_game_options())
        view.add_widgets("settings", *self.seat_boxes, *self.options, self.new_button)
        view.model.listen("seats", self.follow)
        view.model.listen("changed", self.show_seats)
        view.model.listen("matched", self.matched)
        view.hooks.after_change.append(self.show_seats)
        for board in boards_in(view.board_widgets):  # the browser's name and kept levels
            board.observe(safe(lambda _: self.read_match()), ["pupil", "levels"])
        self.read_match()
        self.show_seats()

    # ---- the seats ---------------------------------------------------------------------------

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
        self._refresh_levels()

    def show_players(self) -> None:
        """The game's options show the game on the table (a room's, joined from another
        device): its number of players, where the game offers a choice of them."""
        picker = getattr(self.view, "players_picker", None)
        n = self.view.model.state.num_players
        if isinstance(picker, w.Dropdown) and n in [value for _, value in picker.options]:
            picker.value = n
        self.show_seats()

    def follow(self, player: int) -> None:
        """The model's seat of ``player`` changed: its picker, level and slider show it."""
        model, picker = self.view.model, self.seat_pickers[player]
        self._following = True
        try:
            if model.seat(player) in [seat for _, seat in picker.options]:
                picker.value = model.seat(player)
            level = self.level_pickers[player]
            if model.levels[player] in [value for _, value in level.options]:
                level.value = model.levels[player]
            self.strength_sliders[player].value = model.budgets[player]
        finally:
            self._following = False
        self.strength_sliders[player].description = seconds_label(model.budgets[player])
        self._show_match_line()

    def seat_chosen(self, player: int, seat: str) -> None:
        """Who plays ``player`` from now on: a bot whose turn it is starts thinking at once; a
        bot that was thinking for a seat now a person's stops."""
        if self._following:
            return
        self.view.model.set_seat(player, seat)
        self.view.after_change(None)

    def level_chosen(self, player: int, level: int | str) -> None:
        """The level of ``player``'s computer (or Match me), from its next move."""
        if not self._following:
            self.view.model.set_seat(player, level=level)
            self.view.after_change(None)

    def strength_chosen(self, player: int, seconds: float) -> None:
        """The thinking time of ``player``'s bot, from its next move."""
        if not self._following:
            self.view.model.set_seat(player, budget=seconds)

    def new_game(self) -> None:
        """A new game with the seats as the pickers show them, and the game's options."""
        view = self.view
        for player, picker in enumerate(self.seat_pickers):
            view.model.set_seat(player, picker.value, level=self.level_pickers[player].value)
        view.model.new_game(**view.game_options())
        view.on_new_state()
        view.after_change(("New game. " + view.intro()[0], "info"))

    def _matching(self) -> list[int]:
        """The seats of the game on the table that play Match me."""
        model = self.view.model
        n = min(model.state.num_players, len(model.seats))
        return [p for p in range(n) if model.seat(p) == LEVEL and model.levels[p] == MATCH]

    def _arrange(self) -> None:
        """Under each seat: the level for the computer (with the Match me line under the first
        seat on Match me), the seconds for a timed bot, else nothing (a person, a bot that
        answers at once). A level picker is on the page only under the computer's seat: the
        seats' own pickers stay the page's first choices, in the players' order."""
        matching = self._matching()
        for p, box in enumerate(self.seat_boxes):
            seat = self.view.seats[p]
            shown = [self.seat_pickers[p]]
            if seat == LEVEL:
                shown.append(self.level_pickers[p])
            if matching and p == matching[0]:
                shown.append(self.match_line)
            shown.append(self.strength_sliders[p])
            if list(box.children) != shown:
                box.children = tuple(shown)
            self.strength_sliders[p].layout.display = None if is_timed(seat) else "none"

    # ---- the levels and Match me -------------------------------------------------------------

    def _refresh_levels(self) -> None:
        """The level pickers' options for the game on the table (Match me where it has
        opponents, with its level now); a seat on Match me in a game without opponents plays
        the level Match me is at."""
        options = self.view.model.level_options()
        model = self.view.model
        for p, picker in enumerate(self.level_pickers):
            if list(picker.options) == options:
                continue
            values = [value for _, value in options]
            if model.levels[p] not in values:  # Match me, in a game played alone
                model.set_seat(p, level=model.level_of(p))
            self._following = True
            try:
                picker.options = options
                picker.value = model.levels[p]
            finally:
                self._following = False
        self._show_match_line()

    def _show_match_line(self, words: str = "") -> None:
        """Under the first seat on Match me: the level it plays at now (``words``: what the
        last game did to it)."""
        matching = bool(self._matching())
        if words or not matching:
            self.match_line.value = words
        if matching and not self.match_line.value:
            level = self.view.model.match_me.level
            self.match_line.value = self._match_html(f"Match me plays at Level {level}.")
        self._arrange()

    @staticmethod
    def _match_html(words: str) -> str:
        return (
            f'<div style="font-size:14px;line-height:1.35" title="{html.escape(MATCH_WORDS)}">'
            f"{html.escape(words)}</div>"
        )

    def matched(self, result: float, before: int, after: int) -> None:
        """A finished game moved Match me: the pickers and the line say its level now, and
        the pupil's Match me is kept (the class's store, or the browser)."""
        view = self.view
        try:
            where = keep_match(view.board_widgets, view.game.name, view.model.match_me)
        except (ValueError, ConnectionError) as e:  # the class's store refused or is away
            where = f" It could not be kept: {e}."
        outcome = {1.0: "your win", 0.5: "your draw", 0.0: "your loss"}[result]
        if after > before:
            moved = f"up from Level {before} after {outcome}"
        elif after < before:
            moved = f"down from Level {before} after {outcome}"
        else:
            moved = f"still Level {after} after {outcome}"
        kept = {
            "class": " Kept under your name for your teacher.",
            "browser": " This browser keeps it.",
            "": " Give your name (the Room panel's Name) to keep it for your teacher.",
        }.get(where, where)
        self._refresh_levels()
        self._show_match_line(
            self._match_html(f"Match me: Level {after} next game ({moved}).{kept}")
        )

    def read_match(self) -> None:
        """The pupil's Match me as kept (their name given, or the browser's levels come in):
        every Match me seat plays at its level."""
        view = self.view
        if not self.levelled:
            return
        try:
            kept = kept_match(view.board_widgets, view.game.name)
        except (ValueError, ConnectionError):  # the class's store away: Match me as it is
            return
        model = view.model
        if kept is not None and kept.to_dict() != model.match_me.to_dict():
            model.set_match(kept)
            self._refresh_levels()
            self._show_match_line(
                self._match_html(f"Match me plays at Level {kept.level}, as kept for you.")
            )
