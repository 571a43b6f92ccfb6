"""The Cathedral play view driven by simulated clicks, hovers and keys (ipywidgets, no browser)."""

from __future__ import annotations

import html

import pytest

pytest.importorskip("anywidget")

import stainedglass as sg
from stainedglass_widgets.features import hints as hints_feature
from stainedglass_widgets import HUMAN, Board, CathedralView
from stainedglass_widgets.cathedral.lessons import LESSONS, lesson, lesson_state

CATHEDRAL_MOVE = "cathedral e4 d5 e5 f5 e6 e7"


def text(widget) -> str:
    return html.unescape(widget.value)


def placed(view: CathedralView) -> CathedralView:
    """A view where Light has placed the Cathedral at e5 and Dark is to move."""
    view.city.hover("e5")
    view.city.click("e5")
    assert view.state.history == [CATHEDRAL_MOVE]
    return view


def test_light_places_the_cathedral_by_hover_and_click() -> None:
    view = CathedralView()
    view.city.hover("e5")
    assert 'class="ghost"' in view.city.svg and "✓" in text(view.preview)
    view.city.click("e5")
    assert view.state.history == [CATHEDRAL_MOVE]
    assert 'data-owner="cathedral"' in view.city.svg
    assert "sg-good" in text(view.message) and "Dark" in text(view.banner)


def test_choose_rotate_place() -> None:
    view = placed(CathedralView())
    view.supply[1].click("piece:bridge")
    view.city.hover("b2")
    assert view.held_cells() == [(1, 0), (1, 1), (1, 2)]  # upright, middle under the pointer
    view.city.press("r")
    assert view.held_cells() == [(0, 1), (1, 1), (2, 1)]
    view.rotate_button.click()
    assert view.held_cells() == [(1, 0), (1, 1), (1, 2)]  # a bridge has two ways round
    view.city.press("R")
    view.city.click("b3")
    assert view.state.history[-1] == "bridge a3 b3 c3"


def test_illegal_placement_shows_the_rule_and_changes_nothing() -> None:
    view = placed(CathedralView())
    view.supply[1].click("piece:tavern")
    view.city.hover("e5")
    assert "✗" in text(view.preview) and "occupied" in text(view.preview)
    assert 'class="ghost"' in view.city.svg and "✗" in view.city.svg
    before = view.state.to_json()
    view.city.click("e5")
    assert view.state.to_json() == before
    assert "sg-bad" in text(view.message) and "occupied square" in text(view.message)


def test_a_building_may_not_stick_out_of_the_city() -> None:
    view = placed(CathedralView())
    view.supply[1].click("piece:castle")
    view.city.click("a1")
    assert len(view.state.history) == 1 and "stick out of the city" in text(view.message)


def test_wrong_side_no_building_and_unknown_ids_are_messages() -> None:
    view = placed(CathedralView())
    view.supply[0].click("piece:tavern")  # Light's palette on Dark's turn
    assert "Dark's turn" in text(view.message)
    view.city.click("c3")  # nothing chosen yet
    assert "Choose a building" in text(view.message)
    view.supply[1].click("piece:palace")
    assert "not a building" in text(view.message)
    view.city.click("z99")  # a target that is not a square: shown, not raised
    assert "sg-bad" in text(view.message)
    assert view.state.history == [CATHEDRAL_MOVE]


def test_typed_moves_never_crash_the_view() -> None:
    view = CathedralView()
    for typed in ["", "   ", "castle", "castle zz9", "cathedral a1 a2", "tavern a1", "😀 ?"]:
        view.move_text.value = typed
        assert view.state.history == []
    view.move_text.value = CATHEDRAL_MOVE
    assert view.state.history == [CATHEDRAL_MOVE] and view.move_text.value == ""


def test_malformed_browser_messages_are_ignored() -> None:
    board = Board()
    seen: list[object] = []
    board.on_click(seen.append)
    for content in ["click", {"event": "click", "id": 5}, {"event": "boom", "id": "a1"}, {}]:
        board._on_message(board, content, [])
    board._on_message(board, {"event": "click", "id": "a1"}, [])
    assert seen == ["a1"]


def test_undo_against_a_human_and_against_the_computer() -> None:
    view = placed(CathedralView())
    view.undo_button.click()
    assert view.state.history == [] and "taken back" in text(view.message)
    view.undo_button.click()
    assert "Nothing to take back" in text(view.message)
    vs = CathedralView(seats=[HUMAN, "greedy"])
    vs.city.hover("e5")
    vs.city.click("e5")
    assert vs.wait() and len(vs.state.history) == 2  # the bot (Dark) answered
    assert "Greedy bot (Dark): Dark places the" in text(vs.message)
    vs.undo_button.click()
    assert vs.state.history == []  # its reply is taken back with the human's move


def test_hint_shows_a_legal_move_that_one_click_places() -> None:
    view = placed(CathedralView(hint_budget_s=0.3))
    view.hint_button.click()
    assert view.wait()
    assert view.hint_cells and 'class="hint"' in view.city.svg
    assert text(view.message).count("Hint: The ")  # the move in words, as the board shows it
    hinted = view.hint_cells
    from stainedglass.cathedral.svg import _centre_cell

    c, r = _centre_cell(sorted(hinted, key=lambda x: (x[1], x[0])))
    view.city.hover(sg.core.cell_name(c, r))
    assert sorted(view.held_cells()) == sorted(hinted)
    view.city.click(sg.core.cell_name(c, r))
    assert len(view.state.history) == 2 and view.hint_cells is None


def test_new_game_with_seats_and_a_computer_game_to_the_end() -> None:
    view = CathedralView()
    view.seat_pickers[0].value = "greedy"  # Light's bot starts thinking at once...
    view.seat_pickers[1].value = "random"
    view.new_button.click()  # ...and is cancelled by the new game, where both bots play
    assert view.wait() and view.state.is_terminal()
    assert "Game over" in text(view.message) and "Game over" in text(view.banner)
    assert text(view.move_log).count("<li>") == len(view.state.history)
    view.city.click("a1")
    assert "game is over" in text(view.message)
    view.seat_pickers[0].value = HUMAN
    view.seat_pickers[1].value = HUMAN
    view.match_box.value = True
    view.new_button.click()
    assert view.state.history == [] and view.game.settings["match"]
    assert "Light places the Cathedral first" in text(view.message)


def test_score_chart_is_built_with_its_data_and_follows_the_game() -> None:
    view = placed(CathedralView())
    assert view.chart is None and view.chart_box.children == ()
    view.chart_button.value = True
    fig = view.chart
    assert fig is not None and view.chart_box.children == (fig,)
    assert [list(t.y) for t in fig.data] == [[47, 47], [47, 47]]
    view.supply[1].click("piece:castle")
    view.city.click("b2")
    assert [list(t.y) for t in fig.data] == [[47, 47, 47], [47, 47, 42]]
    assert view.chart is fig  # updated in place once displayed (never rebuilt: plotly's
    # widget bundle is several megabytes, sent again with every new FigureWidget)
    view.chart_button.value = False
    assert view.chart_box.layout.display == "none" and view.chart is fig  # hidden, kept
    view.supply[0].click("piece:tavern")
    view.city.click("j10")
    assert len(fig.data[0].y) == 3  # not redrawn while hidden...
    view.chart_button.value = True
    assert view.chart is fig and [list(t.y) for t in fig.data] == [
        [47, 47, 47, 46],
        [47, 47, 42, 42],
    ]


def test_claims_and_captures_are_announced_and_highlighted_on_their_move() -> None:
    view = lesson("capture")
    view.supply[1].click("piece:tavern")
    view.city.click("c3")
    assert "captures Light's tavern" in text(view.message)
    assert 'class="claimed"' in view.city.svg and 'class="captured"' in view.city.svg
    view.supply[0].click("piece:stable")
    view.city.press("r")
    view.city.click("h8")
    assert 'class="captured"' not in view.city.svg  # only on the move that made them


def test_skips_the_end_and_the_match_are_said_in_words() -> None:
    view = lesson("skipping")
    view.move_text.value = LESSONS["skipping"].demo
    assert "Light cannot place any building and is skipped" in text(view.message)
    end = lesson("end")
    end.hint_button.click()
    end.move_text.value = LESSONS["end"].demo
    assert "Game over: Dark wins" in text(end.message)
    match = lesson("match")
    match.move_text.value = LESSONS["match"].demo
    assert "Game 2: Dark places the Cathedral" in text(match.message)
    assert match.selected is not None and match.state.current_player == 1


def test_lesson_start_again_restores_its_position() -> None:
    view = lesson("walls")
    start = lesson_state("walls").history
    view.move_text.value = "tavern c3"
    assert view.state.history != start
    view.restart_button.click()
    assert view.state.history == start


def test_an_error_inside_a_handler_becomes_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    view = placed(CathedralView(strict=False))  # as users have it (the tests run strict)

    def broken(*_args: object) -> None:
        raise RuntimeError("the kiln cracked")

    monkeypatch.setattr(view, "take_hint", broken)  # in the handler that shows a hint
    monkeypatch.setattr(
        hints_feature,
        "hints",
        lambda state, *_: [  # (a quick search)
            sg.ai.Suggestion(m, 0.5, 1, "playouts", "") for m in state.legal_moves()[:2]
        ],
    )
    view.hint_button.click()
    assert view.wait() and "the kiln cracked" in text(view.message)
    monkeypatch.setattr(hints_feature, "hints", broken)  # in the search itself (its worker thread)
    view.hint_button.click()
    assert view.wait() and "the kiln cracked" in text(view.message) and view.search is None


def test_strict_mode_raises_what_users_see_as_something_went_wrong(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view = placed(CathedralView(strict=True))
    assert view.strict
    view.move_text.value = "tavern z99"  # an illegal move is still a message, never raised
    assert "Illegal" in text(view.message)

    def broken(*_args: object) -> None:
        raise RuntimeError("the kiln cracked")

    monkeypatch.setattr(view, "take_hint", broken)
    monkeypatch.setattr(
        hints_feature,
        "hints",
        lambda state, *_: [
            sg.ai.Suggestion(m, 0.5, 1, "playouts", "") for m in state.legal_moves()[:2]
        ],
    )
    with pytest.raises(RuntimeError, match="kiln"):
        view.hint_button.click()
        view.wait()
    monkeypatch.setattr(hints_feature, "hints", broken)  # raised in the worker: wait() re-raises
    with pytest.raises(RuntimeError, match="kiln"):
        view.hint_button.click()
        view.wait()
