"""The Sagrada window designer (``stainedglass_widgets.sagrada.designer``): fields set by clicks
and checked by the engine, the difficulty measured off the event loop and equal to the
engine's, Save and Open, and Play this window."""

from __future__ import annotations

import base64
import datetime
import re

import pytest

pytest.importorskip("anywidget")

from stainedglass.sagrada.difficulty import DESIGNER_GAMES, Measured, measure_window, shipped
from stainedglass.sagrada.windows import parse_window, window_named
from stainedglass_widgets.sagrada.designer import (
    WindowDesigner,
    compare_words,
    difficulty_chart_svg,
)


def restriction(d: WindowDesigner, field: str) -> str:
    """The field's restriction as the picture draws it."""
    found = re.search(rf'data-field="{field}" data-restriction="([^"]*)"', d.board.svg)
    assert found, field
    return found[1]


def upload(name: str, data: bytes) -> tuple[dict[str, object], ...]:
    return (
        {
            "name": name,
            "type": "application/json",
            "size": len(data),
            "content": memoryview(data),
            "last_modified": datetime.datetime(2026, 1, 1),
        },
    )


def test_clicks_set_the_chosen_restriction_and_a_second_click_clears_it() -> None:
    d = WindowDesigner(background=False)
    assert d.rows == ["....."] * 4 and d.games.value == DESIGNER_GAMES == 1000
    d.brush.value = "B"
    d.board.click("c2")
    assert restriction(d, "c2") == "B" and d.rows[1] == "..B.."
    d.board.press("5")  # a key chooses the restriction
    assert d.brush.value == "5"
    d.board.click("e4")
    assert d.rows[3] == "....5" and restriction(d, "e4") == "5"
    d.board.click("e4")
    assert d.rows[3] == "....." and "e4: no restriction" in d.message.value
    assert "A window the game accepts: 1 restricted field" in d.verdict.value
    assert d.window().fields[7] == "B"


def test_a_window_the_engine_refuses_says_its_reason_and_outlines_its_fields() -> None:
    d = WindowDesigner(background=False)
    d.brush.value = "G"
    d.board.click("b3")
    d.board.click("b4")
    with pytest.raises(ValueError) as caught:
        parse_window(d.rows)
    reason = str(caught.value).split(": ", 1)[1]  # the engine's words after the window's name
    assert reason[:60] in d.verdict.value and "✗" in d.verdict.value
    assert re.findall(r'class="problem" data-field="(\w+)"', d.board.svg) == ["b3", "b4"]
    assert d.measure_button.disabled and d.play_button.disabled
    assert "first fix the window" in d.save_link.value
    d.measure_button.click()  # refused in words (the button is disabled too): nothing starts
    assert d.search is None and "orthogonally adjacent" in d.message.value
    d.board.click("b4")  # cleared: accepted again
    assert not d.measure_button.disabled and 'class="problem"' not in d.board.svg


def test_a_measurement_runs_off_the_event_loop_and_gives_the_engines_figures() -> None:
    d = WindowDesigner("Blue Hour")
    d.games.value = 6
    d.measure_button.click()
    assert d.wait(60)
    engine = measure_window(window_named("Blue Hour"), 6)
    assert d.measured is not None
    assert (d.measured.won, d.measured.games, d.measured.median_margin) == (
        engine.won,
        engine.games,
        engine.median_margin,
    )
    assert d.progress.value == d.progress.max == 6
    assert d.progress.layout.display == "none" and d.cancel_button.layout.display == "none"
    low, high = engine.interval
    assert f"95% interval {low:.1%} to {high:.1%}" in d.result.value
    mine = re.search(
        r'class="sg-window-yours" data-window="Blue Hour" data-rate="([\d.]+)"', d.chart.value
    )
    assert mine and float(mine[1]) == round(engine.rate, 4)
    assert d.chart.value.count('class="sg-window-rate"') == 12


def test_cancel_stops_the_measurement_and_measures_nothing() -> None:
    d = WindowDesigner("Tempest")
    d.games.value = 10_000
    d.measure_button.click()
    search = d.search
    assert search is not None and search.running and d.cancel_button.layout.display is None
    d.cancel_button.click()
    assert search.wait(10)  # its stop flag ended it long before 10,000 deals
    assert d.search is None and d.measured is None and "Cancelled after" in d.message.value
    assert d.cancel_button.layout.display == "none" and not d.measure_button.disabled


def test_changing_the_window_drops_a_measurement_of_the_old_one() -> None:
    d = WindowDesigner("Tempest", background=False)
    d.games.value = 3
    d.measure()
    assert d.measured is not None and "sg-window-yours" in d.chart.value
    d.brush.value = ""
    d.board.click("a1")
    assert d.measured is None and "measure it again" in d.result.value
    assert "sg-window-yours" not in d.chart.value


def test_save_downloads_a_file_that_open_reads_back() -> None:
    d = WindowDesigner("Kingfisher", background=False)
    d.name_text.value = "My Kingfisher"
    link = re.search(
        r'download="([^"]+)"[^>]*href="data:application/json;base64,([^"]+)"', d.save_link.value
    )
    assert link and link[1] == "my-kingfisher.sagrada-window.json"
    data = base64.b64decode(link[2])
    other = WindowDesigner(background=False)
    other.open_button.value = upload(link[1], data)
    assert other.rows == list(window_named("Kingfisher").rows)
    assert (
        other.name_text.value == "My Kingfisher" and "Opened My Kingfisher" in other.message.value
    )
    assert other.open_button.value == ()


def test_a_bad_file_is_said_in_words_and_the_window_stays() -> None:
    d = WindowDesigner("Tempest", background=False)
    before = d.rows
    d.open_button.value = upload(
        "bad.json",
        b'{"format": "stainedglass-sagrada-window", "rows": ["RR...", ".....", ".....", "....."]}',
    )
    assert "Could not open bad.json" in d.message.value and "a1 and b1" in d.message.value
    d.open_button.value = upload("bin.json", b"\xff\xfe")
    assert "not text" in d.message.value and d.rows == before


def test_start_from_copies_a_bundled_window_or_a_blank_one() -> None:
    d = WindowDesigner(background=False)
    d.start_picker.value = "Night Choir"
    assert d.rows == list(window_named("Night Choir").rows) and d.start_picker.value == "-"
    d.start_picker.value = ""
    assert d.rows == ["....."] * 4


def test_play_this_window_plays_at_once() -> None:
    d = WindowDesigner(background=False)
    d.brush.value = "Y"
    d.board.click("a1")
    view = d.play()
    assert view is d.game_view and view in d.play_area.children
    assert view.state.window.rows == ("Y....", ".....", ".....", ".....")
    assert len(view.state.drawn) == 3 and view.keeper is None
    move = str(view.state.legal_moves()[0])
    view.board.click("card:" + move.split()[1])
    view.board.click(move.split()[2])
    assert view.state.history[-1] == move


def test_new_game_keeps_playing_the_designed_window() -> None:
    d = WindowDesigner(background=False)
    d.brush.value = "G"
    d.board.click("b2")
    view = d.play()
    assert view.window_picker.value == "designed"
    view.new_game()
    assert view.state.window.rows == (".....", ".G...", ".....", ".....")


def test_the_chart_places_the_twelve_bundled_windows() -> None:
    svg = difficulty_chart_svg()
    rates = [
        float(r)
        for r in re.findall(
            r'class="sg-window-rate" data-window="[^"]+" '
            r'data-rate="([\d.]+)"',
            svg,
        )
    ]
    assert len(rates) == 12 and rates == sorted(rates, reverse=True)  # easiest first
    assert "Morning Lantern (difficulty 3)" in svg


def test_the_words_place_a_measured_window_among_the_twelve() -> None:
    rows = ("R....", ".....", ".....", ".....")
    easy = compare_words(Measured(rows, 100, 100, 60, 2.0, False))
    assert easy.startswith("That is easier than all twelve bundled windows")
    hard = compare_words(Measured(rows, 1000, 1000, 0, -40.0, False))
    assert hard.startswith("That is harder than all twelve") and "Martyr's Crown" in hard
    middle = compare_words(Measured(rows, 1000, 1000, 100, -15.0, False))  # 10%
    rates = [r["won"] for r in shipped().values()]
    assert f"harder than {sum(r > 0.1 for r in rates)} of the twelve" in middle
    assert "difficulty-4 windows" in middle


def test_a_new_name_keeps_a_running_measurement_and_a_new_field_stops_it() -> None:
    d = WindowDesigner("Tempest")
    d.games.value = 10_000
    d.measure_button.click()
    d.name_text.value = "Storm"
    assert d.search is not None and d.search.running
    search = d.search
    d.brush.value = ""
    d.board.click("a1")
    assert d.search is None and "Measuring stopped: the window changed" in d.message.value
    assert search.wait(10) and d.measured is None


def test_a_window_plays_under_its_own_name() -> None:
    """A renamed copy plays as "My Lantern" (it played as "custom"); an edited copy of a
    bundled window takes a name of its own (it kept "Morning Lantern")."""
    d = WindowDesigner(background=False)
    d.start_from("Morning Lantern")
    d.name_text.value = "My Lantern"
    view = d.play()
    assert view.state.window.name == "My Lantern"
    assert view.window_picker.options[0][0] == "My Lantern (your window)"
    view.new_button.click()  # the next game keeps it
    assert view.state.window.name == "My Lantern"
    edited = WindowDesigner(background=False)
    edited.start_from("Morning Lantern")
    assert edited.name_text.value == "Morning Lantern"
    edited.brush.value = "R"
    edited.board.click("c3")
    assert edited.name_text.value == "My Morning Lantern"
    assert edited.play().state.window.name == "My Morning Lantern"
