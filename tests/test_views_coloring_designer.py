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


def test_a_sheet_given_as_text_is_shown_in_the_box_a_shape_a_line():
    """The notebook's "small sheet drawn as text" shows its text; the default sheet reads a
    shape a line (it filled the box with some 54,700 characters, a number a line); "1 star"."""
    small = designer()
    small.load_text(json.dumps(grid_sheet(["+ h d c s", ". . . . ."], stars=[(1, 2)])))
    assert json.loads(small.text.value)["shapes"] and small.check.ok
    assert "10 shapes, 1 star, 10 circles" in words(small)
    d = designer()
    d.default_button.click()
    lines = d.text.value.splitlines()
    assert len(lines) < 100 and len(d.text.value) < 30_000
    assert sum(line.startswith('  {"polygon"') for line in lines) == 61
    assert json.loads(d.text.value) == json.loads(DEFAULT_FILE.read_text())
    d.check_button.click()  # the text as shown is the sheet
    assert d.check.ok


def test_a_small_sheet_is_drawn_at_the_rose_windows_scale():
    """A sheet drawn as text is drawn large enough to click its shapes, with the whole pencil
    strip and the values panel (it was squeezed into about 180 x 110 pixels)."""
    import re

    d = designer()
    d.load_text(json.dumps(grid_sheet(["+ h d c s"])))
    width, height = map(float, re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', d.board.svg).groups())
    assert width >= 600 and height >= 300
    assert 'data-pencil="purple"' in d.board.svg and 'data-shape="5"' in d.board.svg
