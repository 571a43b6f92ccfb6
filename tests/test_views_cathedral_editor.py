"""Cathedral's position editor driven from Python: the city's clicks, the pickers and keys, as a
teacher sets up a position; the engine's reasons shown for a position it refuses (the frame's
own buttons are tested for every game in tests/test_views_editor_kit.py)."""

from __future__ import annotations

import html
from typing import Any

import pytest

pytest.importorskip("anywidget")

import stainedglass as sg
from stainedglass_widgets import view
from stainedglass_widgets.cathedral import CathedralEditor

CATH = "e4 d5 e5 f5 e6 e7"


def editor_on(moves: tuple[str, ...] | list[str] = ()) -> tuple[Any, CathedralEditor]:
    v = view("cathedral", background=False)
    for move in moves:
        v.play(move)
    v.edit()
    assert isinstance(v.editor, CathedralEditor)
    return v, v.editor


def said(e: CathedralEditor) -> str:
    return html.unescape(e.message.value)


def place(e: CathedralEditor, side: str, piece: str, cell: str, turns: int = 0) -> None:
    e.side_picker.value = side
    if side != "cathedral":
        e.piece_picker.value = piece
    for _ in range(turns):
        e.city.press("r")
    e.city.hover(cell)
    e.city.click(cell)


def test_the_editor_opens_on_the_position_on_the_board() -> None:
    v, e = editor_on(["cathedral " + CATH, "castle a1 b1 c1 a2 c2", "tavern j10"])
    assert e.position == sg.load("cathedral").position(v.state)
    assert 'data-owner="cathedral"' in e.city.svg and "castle" in e.city.svg
    assert "The engine can play from this position" in said(e)
    assert v.edit_button.layout.display != "none"


def test_a_building_is_placed_turned_and_taken_away() -> None:
    _, e = editor_on()
    e.clear()
    place(e, "cathedral", "cathedral", "e5")
    assert e.position["cathedral"] == CATH
    e.side_picker.value = "dark"
    e.piece_picker.value = "castle"
    e.city.hover("b2")
    assert 'class="ghost"' in e.city.svg  # the shadow under the pointer
    shadow = e.held_cells()
    e.rotate_button.click()  # a quarter turn (and back with R), then with the r key
    e.city.press("R")
    assert e.held_cells() == shadow
    e.city.press("r")
    assert e.held_cells() != shadow and "Click to place the castle" in e.ghost_words.value
    e.city.click("b2")
    assert e.position["dark"] == ["castle a1 b1 b2 a3 b3"]
    assert "castle" not in [value for _, value in e.piece_picker.options]  # none left
    assert "Dark's castle on a1 b1 b2 a3 b3" in said(e)
    e.city.click("a3")  # a building in the city: taken away, back in the supply
    assert e.position["dark"] == [] and "castle" in [v for _, v in e.piece_picker.options]


def test_a_building_off_the_city_or_on_another_is_not_placed() -> None:
    _, e = editor_on(["cathedral " + CATH])
    e.side_picker.value = "light"
    e.piece_picker.value = "bridge"
    e.city.hover("a1")  # the bridge's middle on a1: it sticks out
    assert "✗" in e.ghost_words.value and "stick out" in e.ghost_words.value
    e.city.click("a1")
    assert e.position["light"] == [] and "Not placed" in said(e)
    e.city.hover("d4")  # d3 d4 d5: d5 is the Cathedral's
    e.city.click("d4")
    assert e.position["light"] == [] and "d5 already has a building" in said(e)


def test_the_cathedral_is_one_and_moves() -> None:
    """Two Cathedrals cannot be set up: placing it again moves it."""
    _, e = editor_on(["cathedral " + CATH])
    place(e, "cathedral", "cathedral", "h5")
    assert e.position["cathedral"] == "h4 g5 h5 i5 h6 h7" and "moved" in said(e)


def test_territory_is_painted_by_region_and_refused_when_open() -> None:
    _, e = editor_on(
        ["cathedral " + CATH, "tavern j10", "inn b1 a2 b2", "stable h1 i1", "tavern j1"]
    )  # Light's tavern claimed a1, walled off by its inn
    assert e.position["light_territory"] == "a1"
    e.tool_picker.value = "light"
    e.city.click("a1")  # unpaint
    assert e.position["light_territory"] == ""
    assert "Light built last" in said(e) and "mark it Light's territory" in said(e)
    e.city.click("a1")  # paint the whole region again (one square here)
    assert e.position["light_territory"] == "a1"
    assert "The engine can play from this position" in said(e)
    e.whole_regions.value = False
    e.city.click("c3")  # a square of the open city
    assert e.position["light_territory"] == "a1 c3"
    assert "Not a position to play from" in said(e) and "not walled off" in said(e)
    e.city.click("c3")
    e.whole_regions.value = True
    e.tool_picker.value = "dark"
    e.city.click("b1")  # a building: territory is open squares
    assert "has a building" in said(e) and e.position["dark_territory"] == ""
    e.city.click("c3")  # Dark's region here is the open city around the Cathedral: refused
    assert "Dark's territory" in said(e) and "not walled off" in said(e)


def test_a_refused_position_is_not_played_and_a_mended_one_is() -> None:
    v, e = editor_on(
        ["cathedral " + CATH, "tavern j10", "inn b1 a2 b2", "stable h1 i1", "tavern j1"]
    )
    place(e, "dark", "tavern", "a1")  # no: a Dark building in Light's territory
    assert e.position["dark"] == ["tavern j10", "stable h1 i1", "tavern a1"]
    assert "may not stand on the opponent's territory" in said(e)
    history = list(v.state.history)
    assert e.play_from_here() is False
    assert "Refused" in said(e) and v.editor is e and v.state.history == history
    e.city.click("a1")  # take the tavern away again
    assert e.play_from_here() is True and v.editor is None
    assert v.state.history == [] and v.state.current_player == 1
    assert v.state.owner_at(0, 0) == "light-territory"
    v.play("inn a10 b10 b9")
    assert v.state.history == ["inn b9 a10 b10"]


def test_turn_first_round_captured_and_clear() -> None:
    _, e = editor_on(["cathedral " + CATH, "tavern j10", "inn b1 a2 b2"])
    e.turn_picker.value = "light"
    assert e.position["to_move"] == "light" and "Light built last" not in said(e)
    e.first_round.value = False
    assert "first round" in said(e)
    e.first_round.value = True
    e.captured.value = True
    assert e.position["cathedral"] == "captured" and 'data-owner="cathedral"' not in e.city.svg
    e.clear_button.click()
    assert e.position["light"] == [] and e.position["dark"] == [] and "cathedral" not in e.position
    assert e.side_picker.value == "cathedral" and "The engine can play" in said(e)
    assert e.turn_picker.value == "light" and e.first_round.value is False


def test_a_position_of_the_wrong_form_is_refused_and_the_editor_goes_on() -> None:
    """A mapping from elsewhere (a file) that is not even a position: the engine's words, an
    empty city drawn, and the editor still works."""
    _, e = editor_on()
    e.set_position(
        {
            "light": ["palace a1", 5],
            "dark": "tavern",
            "light_territory": "z9 a1",
            "to_move": "dark",
            "first_round_over": False,
        }
    )
    assert "Not a position to play from" in said(e) and "light building 1" in said(e)
    assert e.turn_picker.value == "dark" and e.first_round.value is False
    assert 'class="hit"' in e.city.svg
    e.city.hover("c3")
    e.city.click("c3")
    e.tool_picker.value = "dark"
    e.city.click("c4")
    e.set_position({"to_move": "red", "cathedral": "captured"})
    assert "to_move must be" in said(e) and e.captured.value is True
    e.clear_button.click()
    assert "The engine can play from this position" in said(e)
