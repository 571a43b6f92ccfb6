"""The Walls of Light play view driven by simulated clicks (ipywidgets, no browser)."""

from __future__ import annotations

import html

import pytest

pytest.importorskip("anywidget")

import stainedglass as sg
from stainedglass_widgets import COMPUTER, HUMAN, WallsOfLightView
from stainedglass_widgets.walls_of_light.lessons import LESSONS, lesson, lesson_state


def text(widget) -> str:
    return html.unescape(widget.value)


def view_at(name: str, **kwargs) -> WallsOfLightView:
    return WallsOfLightView(lesson_state(name), **kwargs)


def test_roll_then_place_by_click() -> None:
    game = sg.load("walls_of_light", players=3, first_player=0, hands=[[], [], []])
    view = WallsOfLightView(game.new_game(seed=4))
    assert "Press Roll" in text(view.message) and not view.roll_button.disabled
    view.board.click("2:b1")  # before the roll: a message, nothing played
    assert "Roll the dice first" in text(view.message) and view.state.history == []
    view.roll_button.click()
    assert view.state.phase == "action" and view.roll_button.disabled
    assert len(view.state.history) == 1 and "rolls" in text(view.message)
    targets = view.targets()
    assert targets == {
        m.split()[-1] for m in map(str, view.state.legal_moves()) if m.startswith("place red")
    }
    assert view.board.svg.count('class="target"') == len(targets)
    space = sorted(targets)[0]
    view.board.click(space)
    assert view.state.history[-1] == f"place red {space}"
    assert "sg-good" in text(view.message) and "Blue to roll" in text(view.message)
    assert "Blue" in text(view.banner)


def test_an_illegal_click_says_why_and_changes_nothing() -> None:
    view = view_at("dice")
    before = view.state.to_json()
    view.board.click("4:a4")
    assert view.state.to_json() == before
    assert "sg-bad" in text(view.message) and "window 4 was not rolled" in text(view.message)
    view.board.click("7:a1")  # not a space at all
    view.board.click("die:x")
    view.hand.click("card:joker")
    view.move_text.value = "place purple 2:b1"
    view.move_text.value = "  "
    assert view.state.to_json() == before and "sg-bad" in text(view.message)


def test_a_completion_is_announced_with_its_points() -> None:
    """The rulebook's example, in the view: "Window 1 completed by red: red +8, yellow +4"."""
    view = view_at("scoring")
    view.board.click("1:c2")
    message = text(view.message)
    assert "Window 1 completed by red: red +8, yellow +4" in message
    assert message.count("red +8") == 1  # told once
    assert 'data-cube="true"' in view.board.svg


def test_swap_panes_by_two_clicks() -> None:
    view = view_at("swap panes")
    view.hand.click("card:swap")
    assert view.card == "swap" and view.targets() == {"3:a1", "3:d1", "3:a4"}
    view.board.click("3:a1")
    assert 'class="picked"' in view.board.svg
    assert view.targets() == {"3:d1", "3:a4"}
    view.board.click("3:d1")
    assert view.state.history[-1] == "card swap 3:a1 3:d1"
    assert view.state.space(2, 0)["winks"] == ["blue"] and view.card is None


def test_roll_again_rerolls_the_chosen_dice_at_once() -> None:
    view = view_at("roll again")
    view.hand.click("card:reroll")
    view.board.click("die:r")
    view.board.click("die:b")
    view.board.click("die:y")
    view.board.click("die:y")  # chosen, then not
    assert 'data-die="r" data-value="4" data-selected="true"' in view.board.svg
    view.reroll_button.click()
    hist = view.state.history
    assert hist[-2] == "card reroll r b" and hist[-1].startswith("roll r") and "y" not in hist[-1]
    assert view.state.phase == "action" and view.state.dice[2] == 4


def test_modify_roll_picks_a_die_then_plus_or_minus() -> None:
    view = view_at("modify roll")
    view.plus_button.click()
    assert "Play Modify Roll" in text(view.message)
    view.hand.click("card:modify")
    view.board.click("die:y")
    view.plus_button.click()
    assert view.state.history[-1] == "card modify y +1" and view.state.dice == (4, 4, 6)
    assert "6:b1" in view.targets()  # window 6 is open now


def test_extra_glass_gives_a_second_placement() -> None:
    view = view_at("extra glass")
    view.hand.click("card:extra")
    view.board.click("2:b1")
    assert view.state.current_player == 0 and view.state.placements_left == 1
    view.board.click("3:a1")
    assert view.state.phase == "roll" and view.state.to_move == 1


def test_a_card_that_cannot_be_played_says_why() -> None:
    view = view_at("extra glass")
    view.board.click("2:b1")
    view.roll_button.click()  # blue's turn: blue holds no card
    view.undo_button.click()
    assert view.state.history[-1] == "roll r2 b3 y6"  # back to red's decision; the roll stays
    view.board.click("2:b1")
    view.roll_button.click()
    assert 'data-card="extra" data-count="1"' not in view.hand.svg  # blue's hand now
    before = len(view.state.history)
    view.hand.click("card:swap")
    assert "cannot be played" in text(view.message) and len(view.state.history) == before


def test_out_of_winks_a_click_removes_and_pass_is_there() -> None:
    view = view_at("removal")
    assert view.removing() and view.targets() == {f"1:{c}{r}" for c in "abcd" for r in "12"}
    assert 'data-color="red" data-count="0"' in view.board.svg
    view.board.click("1:a1")
    assert view.state.history[-1] == "remove 1:a1" and view.state.supply[0] == 1
    view.undo_button.click()
    view.pass_button.click()
    assert view.state.history[-1] == "pass"


def test_pass_is_refused_while_a_wink_can_be_placed() -> None:
    view = view_at("dice")
    view.pass_button.click()
    assert "pass only when nothing can be placed" in text(view.message)


def test_two_players_choose_the_neutral_yellow() -> None:
    view = view_at("two players")
    assert [v for _, v in view.color_picker.options] == [0, 2]
    assert view.color_picker.layout.display != "none"
    view.color_picker.value = 2
    view.board.click("3:a1")
    assert view.state.history[-1] == "place yellow 3:a1"
    assert "yellow is neutral" in text(view.banner)


def test_hidden_hands_in_a_hotseat_game() -> None:
    view = view_at("extra glass")
    assert "Hidden hands" in text(view.hand_note) and "only red's hand" in text(view.hand_note)
    assert 'data-card="extra"' in view.hand.svg
    solo = view_at("extra glass", seats=[HUMAN, COMPUTER, COMPUTER])
    assert text(solo.hand_note) == ""


def test_hint_rolls_first_then_marks_a_move() -> None:
    game = sg.load("walls_of_light", players=3, first_player=0, hands=[[], [], []])
    view = WallsOfLightView(game.new_game(seed=2), background=False)
    view.hint_button.click()
    assert "press Roll" in text(view.message)
    view.roll_button.click()
    view.hint_button.click()
    assert "Hint:" in text(view.message) and "sg-bad" not in text(view.message)
    space, _, rank = view.hint_spaces()[0]
    assert rank == 1 and f'class="hint" data-rank="1" data-space="{space}"' in view.board.svg
    view.board.click(space)
    assert view.state.history[-1] == f"place red {space}"
    assert 'class="hint"' not in view.board.svg


@pytest.mark.full  # two whole games of the computer against itself, on the clock
def test_computer_seats_roll_and_play_to_the_end() -> None:
    view = WallsOfLightView(players=2, seats=[COMPUTER, COMPUTER], background=False, budget_s=0.05)
    assert view.state.is_terminal() and "Game over" in text(view.message)
    view.players_picker.value = 3
    for picker in view.seat_pickers:
        picker.value = COMPUTER
    view.new_button.click()
    assert view.state.num_players == 3 and view.state.is_terminal()


def test_against_the_computer_undo_goes_back_to_my_decision() -> None:
    game = sg.load("walls_of_light", players=2, first_player=0, hands=[[], []])
    view = WallsOfLightView(
        game.new_game(seed=5), seats=[HUMAN, COMPUTER], background=False, budget_s=0.05
    )
    view.roll_button.click()
    view.board.click(sorted(view.targets())[0])
    # blue (computer) rolled and played at once; red is to roll
    assert view.state.phase == "roll" and view.state.to_move == 0
    assert len(view.state.history) >= 4
    view.undo_button.click()
    assert view.state.phase == "action" and view.state.to_move == 0
    assert len(view.state.history) == 1


def test_every_lesson_opens_with_its_try_it() -> None:
    for name, spec in LESSONS.items():
        view = lesson(name)
        assert spec.try_it.split(":")[0] in text(view.message)
        assert view.compact and not view.state.is_terminal()
        view.undo_button.click()  # nothing of the lesson's setup is taken back
        assert view.state.history == lesson_state(name).history
        view.restart_button.click()
        assert view.state.history == lesson_state(name).history


def test_score_chart_follows_the_game() -> None:
    """The chart replays the game (rolls included) to draw each player's points per move."""
    pytest.importorskip("plotly")
    view = view_at("scoring")
    view.board.click("1:c2")
    view.chart_button.value = True
    assert [list(t.y)[-1] for t in view.chart.data] == [8, 0, 4]
    assert len(view.chart.data[0].x) == len(view.state.history) + 1


def test_cards_drawn_behind_hidden_hands_are_not_named() -> None:
    """A "+card" draw in a game between people: the message and the move log say a card was
    drawn, not which (the drawer finds it in their hand)."""
    view = view_at("plus one and card")
    view.board.click("1:b2")
    drawn = view.state.history[-1]
    assert drawn.startswith("draw ")
    assert "Red draws a card" in text(view.message)
    assert drawn not in text(view.move_log) and "draw (a card, face down)" in text(view.move_log)
    lesson_view = lesson("plus one and card")  # one learner: nothing to hide
    lesson_view.board.click("1:b2")
    titles = ("Extra Glass", "Swap Panes", "Roll Again", "Modify Roll")
    assert any(f"Red draws {t}" in text(lesson_view.message) for t in titles)
    assert not any(f"Red draws {t}" in text(view.message) for t in titles)
