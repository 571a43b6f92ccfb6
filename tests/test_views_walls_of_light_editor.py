"""Walls of Light's position editor driven from Python: winks clicked onto the windows, the
pickers for faces, cubes, dice, turn, scores and cards; the engine's word on every change."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("anywidget")

import stainedglass_widgets
from stainedglass_widgets.walls_of_light import WallsOfLightEditor


def text(widget) -> str:
    return re.sub(r"<[^>]+>", "", widget.value)


def editor(players: int = 3) -> tuple:
    view = stainedglass_widgets.view("walls_of_light", players=players, background=False)
    assert view.edit_button.layout.display != "none"
    view.edit()
    assert isinstance(view.editor, WallsOfLightEditor)
    return view, view.editor


def test_clicks_put_winks_of_the_chosen_colour_and_clear_them() -> None:
    view, ed = editor()
    ed.rolled.value = True  # winks come after a roll
    ed.tool.value = "blue"
    face = ed.preview().face(0)
    cell = [c for c in face.spaces if c not in dict(face.printed)][0]
    space = f"1:{'abcd'[cell % 4]}{cell // 4 + 1}"
    ed.board.click(space)
    assert ed.position["winks"][space] == "b"
    assert f'data-space="{space}"' in ed.board.svg and 'data-winks="blue"' in ed.board.svg
    ed.tool.value = "yellow"
    ed.board.click(space)
    assert ed.position["winks"][space] == "by"
    assert ed.preview().space(0, cell)["shown"] == "green"
    ed.board.click(space)  # a third wink starts the space again
    assert ed.position["winks"][space] == "y"
    ed.tool.value = "clear"
    ed.board.click(space)
    assert space not in ed.position["winks"]
    assert "can play from this position" in text(ed.message)


def test_a_change_the_engine_cannot_set_up_is_not_made() -> None:
    """A wink on a printed secondary: the engine's reason, the position as it was."""
    view, ed = editor()
    face = ed.preview().face(0)
    secondary = [c for c, color in face.printed if color >= 3][0]
    name = f"1:{'abcd'[secondary % 4]}{secondary // 4 + 1}"
    before = dict(ed.position["winks"])
    ed.tool.value = "red"
    ed.board.click(name)
    assert ed.position["winks"] == before
    assert "Not changed" in text(ed.message) and "nothing goes on a secondary" in text(ed.message)


def test_a_position_the_rules_refuse_is_drawn_with_the_reason() -> None:
    view, ed = editor()
    ed.rolled.value = True
    ed.scores[0].value = 6
    assert ed.position["scores"][0] == 6
    assert "Not a position to play from" in text(ed.message)
    assert "nobody can have scored" in text(ed.message)
    assert ed.play_from_here() is False and view.editor is ed
    ed.cubes[2].value = True  # a completed window: now the points can be there
    assert ed.position["cubes"] == [3]
    assert "can play from this position" in text(ed.message)


def test_dice_turn_and_phase_pickers() -> None:
    view, ed = editor(players=2)
    assert ed.to_move.options == (("red", "red"), ("blue", "blue"))
    ed.to_move.value = "blue"
    ed.rolled.value = True
    for die, value in zip(ed.dice, (2, 5, 5)):
        die.value = value
    ed.phase.value = "action"
    assert ed.position["dice"] == [2, 5, 5] and ed.position["phase"] == "action"
    assert ed.position["placements_left"] == 1
    assert "can play from this position" in text(ed.message), text(ed.message)
    assert ed.play_from_here() is True
    state = view.state
    assert state.current_player == 1 and state.dice == (2, 5, 5)
    assert {str(m).split()[-1][0] for m in state.legal_moves() if str(m).startswith("place")} <= {
        "2",
        "5",
    }


def test_faces_shown_and_cubes() -> None:
    view, ed = editor()
    back = ed.position["windows"][3][1]["name"]
    ed.showing[3].value = "back"
    assert ed.position["showing"][3] == "back"
    assert ed.preview().face(3).name == back
    assert back in ed.board.svg


def test_cards_in_hands_pile_and_discards() -> None:
    view, ed = editor()
    ed.cards["red"][0].value = 0
    ed.cards["blue"][0].value = 0
    ed.cards["yellow"][0].value = 0
    ed.cards["pile"][0].value = 0
    assert "only 0 Extra Glass cards" in text(ed.message)
    ed.rest_to_pile()
    assert ed.position["pile"].count("extra") == 4 - ed.position["discard"].count("extra")
    assert "can play from this position" in text(ed.message)
    ed.cards["blue"][1].value = 0
    ed.rest_to_pile()
    ed.cards["blue"][1].value = 4
    assert "Swap Panes cards" in text(ed.message)  # counted twice: hands and pile
    ed.cards["red"][1].value = 0
    ed.cards["yellow"][1].value = 0
    ed.rest_to_pile()
    assert "can play from this position" in text(ed.message)
    assert ed.play_from_here() is True
    assert view.state.hands[1][1] == 4


def test_back_to_the_game_keeps_the_game() -> None:
    view, ed = editor()
    before = view.state.clone()
    ed.scores[1].value = 3
    ed.back()
    assert view.editor is None and view.state.history == before.history
    assert view.state.scores() == before.scores()


def test_a_whole_position_given_is_completed_by_the_engine_or_refused() -> None:
    view, ed = editor(players=2)
    ed.set_position(
        {"dice": [3, 3, 4], "phase": "action", "winks": {"4:b3": "r"}, "hands": [["extra"], []]},
        "An example.",
    )
    assert ed.position["pile"].count("extra") == 3 and ed.position["to_move"] == "red"
    assert 'data-winks="red"' in ed.board.svg and ed.dice[2].value == 4
    assert "An example. The engine can play from this position." in text(ed.message)
    ed.set_position({"winks": {"4:a1": "r"}})
    assert "Not opened" in text(ed.message) and "stone" in text(ed.message)
    assert ed.position["winks"] == {"4:b3": "r"}


def test_every_space_of_the_editor_picture_is_a_target() -> None:
    view, ed = editor()
    svg = ed.board.svg
    spaces = sum(len(ed.preview().face(p).spaces) for p in range(6))
    assert len(re.findall(r'data-id="\d:[a-d][1-4]"', svg)) == spaces
