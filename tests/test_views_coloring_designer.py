"""The sheet designer of Coloring in the Stained Glass, driven from Python: a sheet loaded (a file's
bytes, the default sheet, JSON text), its failures in words and drawn on it, its preview, and a
game played on it."""

from __future__ import annotations

import datetime
import html
import json

from stainedglass.coloring.sheet import DEFAULT_FILE, grid_sheet
from stainedglass_widgets.coloring import ColoringView, SheetDesigner


def designer():
    return SheetDesigner(background=False)


def broken_default() -> bytes:
    """The default sheet with shape 21 shifted over its neighbours, star 3 moved off the rim
    and shapes 38 and 39 both pre-coloured purple."""
    data = json.loads(DEFAULT_FILE.read_text())
    data["shapes"][20]["polygon"] = [[x + 15, y + 10] for x, y in data["shapes"][20]["polygon"]]
    data["stars"][2] = [[x + 40, y] for x, y in data["stars"][2]]
    data["shapes"][38]["color"] = "purple"
    return json.dumps(data).encode()


def words(d):
    return html.unescape(d.message.value + d.problem_list.value)


def test_the_default_sheet_passes_and_is_previewed_as_the_game_draws_it():
    d = designer()
    d.default_button.click()
    assert d.check.ok and not d.play_button.disabled
    assert "meets every requirement: 61 shapes, 5 stars, 10 circles" in words(d)
    assert 'data-pencil="red"' in d.board.svg  # the game's own board: the pencils, the sheet
    assert json.loads(d.text.value)["shapes"]


def test_an_uploaded_file_is_checked_and_each_failure_drawn_on_it():
    d = designer()
    d.upload.value = (
        {
            "name": "rose.json",
            "type": "application/json",
            "size": 1,
            "content": memoryview(broken_default()),
            "last_modified": datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC),
        },
    )
    problems = d.check.problems
    assert len(problems) >= 4 and d.play_button.disabled
    text = words(d)
    assert f"Rose.json fails {len(problems)} requirements" in text  # the name, first letter up
    assert "shapes 38 and 39 are both pre-coloured purple and touch" in text
    assert "star 3 is bordered by 0 shapes" in text
    assert "shape 2 and shape 21 overlap" in text
    svg = d.board.svg
    for k, problem in enumerate(problems, 1):
        for n in problem.shapes:
            assert f'data-fault="shape:{n}"' in svg  # outlined in dashed red
        for n in problem.stars:
            assert f'data-fault="star:{n}"' in svg
        if problem.shapes or problem.stars:
            assert f"(marked !{k}:" in text
    assert "!" + str(len(problems)) in svg  # the failure's number beside its shapes


def test_clicking_a_marked_shape_says_its_problem():
    d = designer()
    d.load_bytes(broken_default(), "rose.json")
    d.board.click("shape:39")
    assert "Shape 39: " in words(d) and "both pre-coloured purple" in words(d)
    d.board.click("shape:45")
    assert "Shape 45: no problem here." in words(d)


def test_a_file_of_the_wrong_form_says_why_and_draws_nothing():
    d = designer()
    d.load_bytes(b"{not json", "bad.json")
    assert "is not JSON" in words(d) and "cannot be drawn until its form is right" in words(d)
    assert d.board.layout.display == "none" and d.play_button.disabled
    d.text.value = '{"shapes": [{"polygon": [[0, 0], [1, 0], [1, 1]], "symbol": "moon"}]}'
    d.check_button.click()
    assert "unknown symbol 'moon'" in words(d)


def test_play_this_sheet_makes_a_game_on_it_at_once():
    d = designer()
    d.text.value = json.dumps(grid_sheet(["+ h d c s", ". . . . ."], stars=[(1, 2)], name="strip"))
    d.check_button.click()
    assert d.check.ok, words(d)
    d.players_picker.value = 1
    d.play_button.click()
    view = d.game_view
    assert isinstance(view, ColoringView) and view in d.game_box.children
    assert view.game.sheet.n == 10 and view.state.num_players == 1
    view.board.click("pencil:red")
    for n in (1, 2, 3, 4, 5):
        view.board.click(f"shape:{n}")
    view.board.press("Enter")
    assert view.state.history == ["take red 1 2 3 4 5"]
    view.new_button.click()  # a new game keeps the sheet
    assert view.game.sheet.n == 10 and view.state.history == []


def test_only_a_sheet_that_passes_is_played():
    d = designer()
    d.load_bytes(broken_default())
    assert d.play() is None and "Only a sheet that meets every requirement" in words(d)
