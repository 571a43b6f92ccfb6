"""The position editor of Coloring in the Stained Glass, driven from Python: the Edit button, the
sheet's shapes clicked, the pickers, and Play from here / Hint here / Share."""

from __future__ import annotations

import html
import random

import pytest

import stainedglass as sg
import stainedglass_widgets
from stainedglass_widgets.coloring import ColoringEditor
from stainedglass_widgets.features.records import open_link


def editing(players=2, moves=0, seed=1):
    view = stainedglass_widgets.view("coloring", players=players, background=False)
    rng = random.Random(seed)
    for _ in range(moves):
        view.play(rng.choice(view.state.legal_moves()))
    view.edit()
    assert isinstance(view.editor, ColoringEditor)
    return view, view.editor


def click_shapes(editor, *numbers):
    for n in numbers:
        editor.board.click(f"shape:{n}")


def message(editor):
    return html.unescape(editor.message.value)


def test_edit_opens_the_editor_on_the_position_on_the_board():
    view, editor = editing(players=3, moves=4)
    assert view.edit_button.layout.display != "none"
    assert editor.position == view.game.position(view.state)
    assert not any(wid in view.children for wid in view.board_widgets)  # the game steps aside
    assert "The engine can play from this position." in message(editor)
    editor.back_button.click()
    assert view.editor is None and view.state.history  # the game is as it was
    assert all(wid in view.children for wid in view.board_widgets)


def test_clicking_shapes_colors_and_clears_them():
    view, editor = editing()
    click_shapes(editor, 1, 2, 3)
    assert editor.position["sheets"][0] == {"red": [1, 2, 3]}
    assert 'data-label="player 1, shape 2: red"' in editor.board.svg
    editor.board.click("shape:2")  # a shape of the pencil's color: cleared
    assert editor.position["sheets"][0] == {"red": [1, 3]}
    editor.tool_picker.value = "blue"
    editor.board.click("shape:3")  # another color: recolored
    assert editor.position["sheets"][0] == {"red": [1], "blue": [3]}
    editor.tool_picker.value = "clear"
    click_shapes(editor, 1, 3)
    assert editor.position["sheets"][0] == {}


def test_a_pre_coloured_shape_stays():
    view, editor = editing()
    editor.board.click("shape:38")
    assert "pre-coloured purple" in message(editor)
    assert editor.position["sheets"][0] == {}


def test_each_player_has_a_sheet_and_circles():
    view, editor = editing(players=2)
    editor.sheet_picker.value = 1
    editor.tool_picker.value = "green"
    click_shapes(editor, 10, 11)
    editor.circles_slider.value = 3
    assert editor.position["sheets"] == [{}, {"green": [10, 11]}]
    assert editor.position["circles"] == [0, 3]
    assert 'data-label="player 2, shape 10: green"' in editor.board.svg


def test_a_position_the_rules_never_reach_is_refused_with_the_reason():
    """A shape touching a group of its own color: the engine's reason is shown, and Play from
    here refuses it, the game untouched."""
    view, editor = editing()
    click_shapes(editor, 1, 2, 3, 4, 5, 6)
    assert "Not a position to play from" in message(editor)
    assert "red shapes 1, 2, 3, 4, 5 and 6 touch each other" in message(editor)
    assert "shape 6: red" in editor.board.svg  # drawn although refused
    before = view.state._position()
    assert editor.play_from_here() is False
    assert "Refused" in message(editor) and view.editor is editor
    assert view.state._position() == before


def test_play_from_here_plays_the_position_set_up():
    view, editor = editing()
    click_shapes(editor, 1, 2, 3, 4, 5)
    editor.pencil_buttons["red"].value = False
    assert editor.position["pencils"] == ["blue", "green", "yellow", "purple"]
    editor.turn_picker.value = 2
    assert "The engine can play from this position." in message(editor)
    editor.play_button.click()
    assert view.editor is None
    state = view.state
    assert state.color_of(0, 3) == "red" and state.current_player == 1
    assert state.pencils() == ["blue", "green", "yellow", "purple"]
    view.play("take blue 10 11 12 13")
    assert view.state.history == ["take blue 10 11 12 13"]


def test_sections_and_finishing_are_picked():
    view, editor = editing()
    # player 1: the heart section (3, 5, 7, 9) in a round of 15 with player 2's circles
    click_shapes(editor, 3)
    editor.tool_picker.value = "blue"
    click_shapes(editor, 5)
    editor.tool_picker.value = "green"
    click_shapes(editor, 7)
    editor.tool_picker.value = "yellow"
    click_shapes(editor, 9)
    assert "player 1 completed the heart section but took no value" in message(editor)
    editor.section_pickers[("heart", 0)].value = 1
    editor.sheet_picker.value = 1
    editor.circles_slider.value = 10
    assert "player 2's circles are all filled" in message(editor)
    editor.finished_text.value = "2"
    editor.pencil_buttons["red"].value = False  # 4 + 10 = 14: four pencils taken, 5+4+3+2
    editor.pencil_buttons["blue"].value = False
    editor.pencil_buttons["green"].value = False
    editor.pencil_buttons["yellow"].value = False
    assert "The engine can play from this position." in message(editor), message(editor)
    state = view.game.setup(editor.position)
    assert state.high[1] == 0 and state.finished == [1] and state.current_player == 0
    editor.finished_text.value = "two"
    assert "player numbers" in message(editor)


def test_solo_held_pencil_crossing_and_stars():
    view, editor = editing(players=1)
    assert editor.sheet_picker.layout.display == "none"
    assert editor.turn_picker.layout.display == "none"
    for color, shapes in (
        ("red", (1, 2, 3, 4, 5)),
        ("blue", (10, 11, 12, 13)),
        ("green", (14, 15, 16)),
        ("yellow", (17, 18)),
        ("purple", (19,)),
    ):
        editor.tool_picker.value = color
        click_shapes(editor, *shapes)
    editor.pencil_buttons["purple"].value = False
    editor.held_picker.value = "purple"
    assert "0 scoring opportunities are crossed off after 1 return" in message(editor)
    editor.crossing_box.value = True
    assert "The engine can play from this position." in message(editor)
    editor.crossing_box.value = False
    editor.star_buttons[1].value = True
    assert "a star is crossed off while a section value is open" in message(editor)
    editor.star_buttons[1].value = False
    editor.section_pickers[("spade", 0)].value = "crossed"
    assert "The engine can play from this position." in message(editor)
    editor.play_button.click()
    assert view.state.high[4] == sg.coloring.game.CROSSED and view.state.held == 4


def test_hint_here_and_share():
    view, editor = editing(players=2, moves=3)
    link = editor.share()
    assert link and "?record=" in link and editor.link_text.value == link
    other = stainedglass_widgets.view("coloring", players=2, background=False)
    assert open_link(other, link.split("?", 1)[1]) is True
    assert other.state._position() == view.state._position()
    assert editor.hint_here() is True
    view.wait()
    assert view.editor is None and view.suggestions


@pytest.mark.parametrize("players", [1, 4])
def test_the_editor_round_trips_any_position_of_a_game(players):
    view, editor = editing(players=players, moves=9, seed=players)
    assert editor.problem() is None
    preview = editor.preview()
    assert preview is not None and preview._position() == view.state._position()


def test_play_from_here_draws_the_board_before_it_comes_back():
    # the page must not show the old position under "Playing from the position you set up"
    # while the new picture is on its way: the board is redrawn before it rejoins the view
    view, editor = editing()
    click_shapes(editor, 1, 2, 3, 4, 5)
    editor.pencil_buttons["red"].value = False
    seen = []
    view.observe(
        lambda change: seen.append((view.board.svg, html.unescape(view.message.value))),
        names="children",
    )
    editor.play_button.click()
    assert view.editor is None and len(seen) == 1
    svg, words = seen[0]
    assert svg == view.board.svg and "shape 1: red" in svg
    assert "Playing from the position you set up" in words
