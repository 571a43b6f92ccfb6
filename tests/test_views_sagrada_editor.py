"""Sagrada's position editor, driven from Python: cards placed and taken off by clicking the
window, the drawn cards, turn bar, tools, round and discards set with the pickers, and the
engine's verdict shown after every edit (the frame's buttons: tests/test_views_editor_kit.py)."""

from __future__ import annotations

import pytest

pytest.importorskip("anywidget")

import stainedglass_widgets
from stainedglass_widgets.sagrada import SagradaEditor

BLANK = [".....", ".....", ".....", "....."]


def _editor(window: str | list[str] = BLANK, **options) -> SagradaEditor:
    """The editor of a new game's view, on ``window`` (rows are set in the editor: a file or
    an example would set them so)."""
    options.setdefault("tools", ["lathekin", "redraw"])
    view = stainedglass_widgets.view("sagrada", background=False, **options)
    view.edit()
    editor = view.editor
    assert isinstance(editor, SagradaEditor)
    editor.set_position({**editor.position, "window": window})
    return editor


def _choose(editor: SagradaEditor, card: str) -> None:
    editor.color.value, editor.value.value = card[0], card[1]


def _round_two(editor: SagradaEditor) -> None:
    """Round 1 placed R1 on a1 and G2 on b2 and left Y3 on the turn bar; B4 K5 R6 are drawn."""
    for card in list(editor.position["drawn"]):
        editor.board.click(f"card:{card}")
    for card, field in (("R1", "a1"), ("G2", "b2")):
        _choose(editor, card)
        editor.board.click(field)
    _choose(editor, "Y3")
    editor.put_card("turn_bar")
    editor.round.value = 2
    for card in ("B4", "K5", "R6"):
        _choose(editor, card)
        editor.put_card("drawn")


def test_a_click_places_the_chosen_card_and_another_takes_it_off() -> None:
    editor = _editor()
    _choose(editor, "R4")
    editor.board.click("c3")
    assert editor.position["placed"] == {"c3": "R4"}
    assert 'data-card="R4"' in editor.board.svg and "Placed R4 on c3" in editor.message.value
    editor.board.click("c3")
    assert editor.position["placed"] == {}
    assert "Took R4 off c3" in editor.message.value


def test_a_card_is_in_one_place_it_moves_from_where_it_was() -> None:
    editor = _editor()
    _choose(editor, "G5")
    editor.put_card("drawn")
    assert "G5" in editor.position["drawn"]
    editor.board.click("a1")
    assert editor.position["placed"] == {"a1": "G5"} and "G5" not in editor.position["drawn"]
    assert "it was among the drawn cards" in editor.message.value


def test_a_position_the_rules_refuse_is_drawn_with_the_reason() -> None:
    """The engine judges (validate): a red card on a green field is refused, drawn all the same;
    set right, the position is played from."""
    editor = _editor(window=["G....", ".....", ".....", "....."])
    _round_two(editor)  # R1 on a1, a green field
    assert editor.position["placed"]["a1"] == "R1"
    message = editor.message.value.replace("&#x27;", "'")
    assert "Not a position to play from: R1 on a1 breaks the field's restriction" in message
    assert 'data-card="R1"' in editor.board.svg  # drawn all the same
    assert editor.play_from_here() is False and editor.view.editor is editor
    editor.board.click("a1")
    editor.board.click("b2")
    for card, field in (("G2", "a1"), ("R1", "b2")):
        _choose(editor, card)
        editor.board.click(field)
    assert "The engine can play from this position" in editor.message.value
    assert editor.play_from_here() is True
    assert editor.view.state.placed == {"a1": "G2", "b2": "R1"}


def test_drawn_cards_and_the_turn_bar_by_picker_and_click() -> None:
    editor = _editor()
    _round_two(editor)
    assert editor.position["turn_bar"] == [["Y3"]]
    assert editor.position["drawn"] == ["B4", "K5", "R6"]
    assert "The engine can play from this position" in editor.message.value
    editor.stack.value = 0  # the first stack: round 1's
    _choose(editor, "K2")
    editor.put_card("turn_bar")
    assert editor.position["turn_bar"] == [["Y3", "K2"]]
    assert "Not a position to play from" in editor.message.value  # four cards in round 1
    editor.board.click("bar:K2")
    assert editor.position["turn_bar"] == [["Y3"]] and editor.problem() is None
    editor.board.click("card:K5")
    assert editor.position["drawn"] == ["B4", "R6"]


def test_tools_used_in_the_order_ticked_with_their_payments() -> None:
    editor = _editor()
    _round_two(editor)
    editor.used["redraw"].value = True
    assert editor.position["tools_used"] == ["redraw"]
    # a tool used in round 1 costs one of its three cards: one fewer placed
    assert "three cards are placed, pay for a tool or go to the turn bar" in editor.message.value
    editor.board.click("b2")  # G2 off the window: round 1 placed R1 and paid for Redraw
    assert "paid with a card that is discarded" in editor.message.value
    editor.discards.value = "B3"
    assert editor.position["discards"] == ["B3"]
    assert editor.problem() is None, editor.message.value
    editor.in_play["eglomise"].value = True
    assert editor.position["tools"] == ["redraw", "eglomise", "lathekin"]
    editor.in_play["redraw"].value = False
    assert editor.position["tools_used"] == [] and "redraw" not in editor.position["tools"]


def test_the_round_and_its_turns() -> None:
    editor = _editor()
    _round_two(editor)
    editor.turns.value = 1  # one turn played: a forced pass, say
    assert editor.position["turns_played"] == 1 and editor.problem() is None
    _choose(editor, "B4")
    editor.board.click("c3")  # no: the turn placed B4 from the drawn cards
    assert "3 cards are placed" in editor.message.value
    editor.placed_round.value = 1
    assert editor.to_draw.value == 0
    assert editor.problem() is None, editor.message.value
    assert editor.play_from_here() is True
    view = editor.view
    assert view.state.placed == {"a1": "R1", "b2": "G2", "c3": "B4"}
    assert view.state.round == 2 and view.state.turn == 2 and view.state.drawn == ["K5", "R6"]


def test_a_change_the_engine_cannot_draw_is_not_made() -> None:
    editor = _editor()
    editor.discards.value = "Q9"
    assert editor.position["discards"] == [] and "Not changed" in editor.message.value
    assert editor.discards.value == ""  # the picker goes back
    for card in ("B4", "K5", "R6", "G1"):
        _choose(editor, card)
        editor.put_card("drawn")
    assert len(editor.position["drawn"]) == 3 and "at most 3 cards" in editor.message.value


def test_the_window_and_orders_pickers() -> None:
    editor = _editor(window="Tempest")
    editor.window.value = "Morning Lantern"
    assert editor.position["window"] == "Morning Lantern"
    assert "Morning Lantern" in editor.board.svg
    editor.orders[0].value = "shades_of_blue"
    assert editor.position["orders"][0] == "shades_of_blue"
    assert editor.problem() is None
    assert editor.play_from_here() is True
    assert editor.view.state.window.name == "Morning Lantern"
    assert editor.view.state.orders[0] == "shades_of_blue"


def test_a_shared_link_opens_the_edited_position() -> None:
    editor = _editor()
    _round_two(editor)
    link = editor.share()
    assert link and "sagrada_play" in link
    from stainedglass_widgets.features.records import open_link

    other = stainedglass_widgets.view("sagrada", background=False)
    assert open_link(other, link.split("?", 1)[1]) is True
    assert other.state.placed == {"a1": "R1", "b2": "G2"} and other.state.turn_bar == [["Y3"]]


def test_a_tool_clicked_on_the_board_is_marked_used_and_any_window_name_is_shown() -> None:
    editor = _editor()
    _round_two(editor)
    editor.board.click("tool:lathekin")
    assert editor.position["tools_used"] == ["lathekin"] and editor.used["lathekin"].value
    editor.set_position({**editor.position, "window": "tempest"})
    assert editor.window.value == "Tempest"
    editor.set_position({**editor.position, "window": ["R....", ".....", ".....", "....."]})
    assert editor.window.value == "custom" and "R...." in editor.window.label
