"""Boards every pupil can use (the Python side): the kit's keys for undo, hint and next on every
board, a view's own keys kept apart from them, the boards named and described in words for a
screen reader (the picture's ``data-label`` words), the taps that choose at once, the messages
said as live regions, and a name for every control a view makes. The cursor and the taps
themselves live in the browser: ``test_views_access_browser.py`` plays with them."""

from __future__ import annotations

import html
import re
from typing import Any
from collections.abc import Iterator

import pytest

pytest.importorskip("anywidget")

import ipywidgets as w

import stainedglass_widgets as sgw
from stainedglass_widgets.kit.board import DESCRIPTION_LIMIT, Board, describe
from stainedglass_widgets.kit.board import boards_in as _boards

GAMES = ["cathedral", "sagrada", "walls_of_light", "coloring"]


def walk(widget: Any) -> Iterator[Any]:
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


# ---- the picture in words --------------------------------------------------------------------


def test_description_is_the_pictures_words_in_order_each_once() -> None:
    svg = (
        '<svg><g data-label="c3: Dark&#x27;s castle"/><rect data-id="c3"/>'
        '<g data-label="e5: Light&#x27;s territory"/><g data-label="c3: Dark&#x27;s castle"/>'
        '<g data-label="  "/><g data-label="done."/></svg>'
    )
    assert describe(svg) == "c3: Dark's castle. e5: Light's territory. done."
    assert describe("<svg><rect data-id='a1'/></svg>") == "Nothing shown yet."


def test_description_is_bounded() -> None:
    svg = "".join(f'<g data-label="window {i}: lit, red"/>' for i in range(2000))
    text = describe(svg)
    assert DESCRIPTION_LIMIT - 2 <= len(text) <= DESCRIPTION_LIMIT and text.endswith("…")


def test_a_board_describes_what_it_draws_and_follows_the_game() -> None:
    """Every word the engine's ``labels(state)`` gives is in the city's description, after each
    move."""
    from stainedglass.cathedral.svg import labels

    view = sgw.view("cathedral", background=False)
    assert view.city.description == "Nothing shown yet."
    for move in ["cathedral e4 d5 e5 f5 e6 e7", "castle a1 b1 b2 a3 b3"]:
        view.play(move)
        words = labels(view.state)
        assert words and all(word in view.city.description for word in words)
    assert view.city.description == (
        "the cathedral on e4 d5 e5 f5 e6 e7. Dark's castle on a1 b1 b2 a3 b3."
    )
    view.undo()
    assert "castle" not in view.city.description


def test_every_board_of_every_view_is_named_and_described() -> None:
    for name in GAMES:
        for compact in (False, True):
            view = sgw.view(name, background=False, compact=compact)
            boards = _boards(view.board_widgets)
            assert boards, name
            for board in boards:
                assert board.label, f"{name}: a board without a name"
                assert board.description and board.layout.max_width == "100%"


def test_walls_of_light_windows_are_said_as_the_engine_says_them() -> None:
    from stainedglass.walls_of_light.svg import labels

    view = sgw.view("walls_of_light", background=False)
    view.roll()
    for words in labels(view.state):
        assert words in view.board.description


# ---- keys: the kit's (undo, hint, next) and the view's own -------------------------------------


def test_kit_keys_on_every_board_apart_from_the_views_own() -> None:
    view = sgw.view("cathedral", background=False)
    assert view.city.kit_keys == ["u", "h"] and view.city.watch_keys == ["r", "R", "Escape"]
    coloring = sgw.view("coloring", background=False)
    assert coloring.board.kit_keys == ["u", "h"]  # its Enter colors the set (its own key)
    for name in GAMES:
        for board in _boards(sgw.view(name, background=False).board_widgets):
            assert {"u", "h"} <= set(board.kit_keys)
            assert not set(board.kit_keys) & set(board.watch_keys)


def test_u_on_the_board_takes_back_the_last_move() -> None:
    view = sgw.view("cathedral", background=False)
    view.city.click("e5")
    assert len(view.state.history) == 1
    view.city.press("u")
    assert view.state.history == [] and "taken back" in view.message.value
    view.supply[0].press("u")  # any board of the view: nothing to take back
    assert "Nothing to take back" in view.message.value


def test_h_on_the_board_asks_for_a_hint() -> None:
    view = sgw.view("sagrada", background=False, hint_budget_s=0.2)
    view.chance_button.click()  # the cards are drawn
    view.board.press("h")
    assert view.suggestions and "Hint:" in view.message.value
    # what the best move uses is in hand: the card it places (most often), or the tool it uses
    best = str(view.suggestions[0].move).split()
    assert best[0] in ("place", "tool")
    assert (view.card, view.tool) == ((best[1], None) if best[0] == "place" else (None, best[1]))


def test_a_tool_hint_puts_the_tool_in_hand_and_a_click_goes_on_with_it() -> None:
    import stainedglass as sg

    view = sgw.SagradaView(sg.load("sagrada").new_game(seed=0), background=False)
    view.chance_button.click()  # these first cards can pay for a tool
    text = next(m for m in view.legal_texts() if m.startswith("tool "))
    view.show_suggestions(
        [sg.ai.Suggestion(view.state.parse_move(text), 0.6, 100, "playouts", "a tool")]
    )
    words, before = text.split(), list(view.state.history)  # tool NAME pay CARD ...
    assert (view.card, view.tool) == (None, words[1]) and "Hint: a tool" in view.message.value
    view.click(f"card:{words[3]}")  # the card that pays for it: the tool's next step
    assert view.tokens == [words[3]] and view.state.history == before  # not played yet


def test_a_kit_key_does_not_reach_the_views_own_key_handler() -> None:
    """Walls of Light puts a card back on any of its board's keys: u and h are not its keys,
    they undo and hint."""
    view = sgw.view("walls_of_light", background=False, hint_budget_s=0.2)
    own: list[Any] = []
    view.board.on_key(own.append)
    view.roll()
    view.board.press("h")
    assert own == [] and view.suggestions
    view.board.press("u")
    assert own == [] and "taken back" in view.message.value
    view.board.press("Escape")
    assert own == ["Escape"]


def test_a_key_does_nothing_while_its_button_is_hidden() -> None:
    """A puzzle hides Undo and Hint: u and h must not undo or give the answer away."""
    from stainedglass.ai.puzzles import shipped
    from stainedglass_widgets.pages.puzzles import PuzzleBoard

    board = PuzzleBoard("cathedral", shipped("cathedral")[:1], background=False, review_playouts=5)
    view = board.view
    assert view is not None and "hint" not in view.actions and "undo" not in view.actions
    moves = list(view.state.history)
    for inner in _boards(view.board_widgets):
        inner.press("h")
        inner.press("u")
    assert not view.suggestions and view.state.history == moves


def test_n_is_watched_only_where_the_view_has_a_next_step() -> None:
    view = sgw.view("walls_of_light", background=False)
    assert "n" not in view.board.kit_keys
    steps: list[str] = []
    view.set_next_step(lambda: steps.append("next"))
    assert all("n" in b.kit_keys for b in _boards(view.board_widgets))
    view.hand.press("n")
    assert steps == ["next"]
    view.set_next_step(None)
    assert "n" not in view.board.kit_keys
    view.board.press("n")  # no longer a kit key: to the view's own handler (Escape's)
    assert steps == ["next"]


def test_the_boards_say_their_keys_in_words() -> None:
    view = sgw.view("cathedral", background=False)
    assert view.city.key_help == "Keys: u takes back a move; h asks for a hint."
    view.set_next_step(lambda: None)
    assert view.city.key_help.endswith("; n goes on.")
    assert Board().key_help == ""  # a board outside a game view has no kit keys


def test_kit_keys_from_the_browser_take_the_same_path() -> None:
    board = Board(svg="<svg/>", kit_keys=["u"])
    keys: list[Any] = []
    kit: list[Any] = []
    board.on_key(keys.append)
    board.on_kit_key(kit.append)
    board._on_message(board, {"event": "kit", "id": "u"}, [])
    board._on_message(board, {"event": "key", "id": "r"}, [])
    board._on_message(board, {"event": "kit", "id": 3}, [])  # a bad message is ignored
    assert kit == ["u"] and keys == ["r"]


# ---- touch ------------------------------------------------------------------------------------


def test_boards_whose_targets_need_no_preview_choose_with_one_tap() -> None:
    cathedral = sgw.view("cathedral", background=False)
    assert cathedral.city.confirm_taps and not any(b.confirm_taps for b in cathedral.supply)
    sagrada = sgw.view("sagrada", background=False)
    assert sagrada.board.confirm_taps and "card:" in sagrada.board.quick_taps
    walls = sgw.view("walls_of_light", background=False)
    assert walls.board.confirm_taps and walls.board.quick_taps == ["die:"]
    assert not walls.hand.confirm_taps
    # quick taps name kinds of targets the picture has
    walls.roll()
    ids = set(re.findall(r'data-id="([^"]*)"', walls.board.svg))
    assert any(i.startswith("die:") for i in ids)


# ---- words for screen readers ---------------------------------------------------------------


def test_messages_and_previews_are_live_regions() -> None:
    for name in GAMES:
        view = sgw.view(name, background=False)
        assert "sg-live" in view.message._dom_classes
    assert "sg-live" in sgw.view("cathedral", background=False).preview._dom_classes
    assert "sg-live" in sgw.view("sagrada", background=False).preview._dom_classes


def test_every_control_a_view_makes_has_a_name() -> None:
    """A button, a picker, a box or a slider says what it is: its description, or its tooltip
    (which ipywidgets puts on the control as its title when there is no description)."""
    quiet = (w.Box, w.HTML, w.HTMLMath, w.Label, w.Output, Board)
    for name in GAMES:
        for compact in (False, True):
            view = sgw.view(name, background=False, compact=compact)
            for widget in walk(view):
                if isinstance(widget, quiet) or not isinstance(widget, w.DOMWidget):
                    continue
                if type(widget).__name__ == "FigureWidget":
                    continue
                named = getattr(widget, "description", "") or getattr(widget, "tooltip", "")
                assert named, f"{name}: a {type(widget).__name__} without a name"


def test_undo_and_hint_buttons_say_their_keys() -> None:
    view = sgw.view("cathedral", background=False)
    assert "key u" in view.undo_button.tooltip and "key h" in view.hint_button.tooltip


def test_a_description_is_words_not_markup() -> None:
    board = Board()
    board.draw('<svg><title>x</title><rect data-id="a1" data-label="a1: R &amp; B"/></svg>')
    assert board.description == "a1: R & B." and html.escape("&") not in board.description
