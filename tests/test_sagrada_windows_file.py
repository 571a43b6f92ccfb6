"""Sagrada window files (the window designer's Save and Open) and measuring any window's
difficulty with progress and a stop flag (``difficulty.measure_window``)."""

from __future__ import annotations

import json
import threading

import pytest

from stainedglass.sagrada.difficulty import GAMES, MAX_GAMES, measure_window, shipped, win_rate
from stainedglass.sagrada.windows import (
    MAX_WINDOW_FILE,
    WINDOW_FORMAT,
    WINDOWS,
    window_from_text,
    window_named,
    window_problem_fields,
    window_to_text,
)


def file_of(**changes: object) -> str:
    data: dict[str, object] = {
        "format": WINDOW_FORMAT,
        "version": 1,
        "name": "Rose",
        "rows": ["R...3", ".5.G.", "..Y..", "2..B6"],
    }
    data.update(changes)
    return json.dumps({k: v for k, v in data.items() if v is not ...})


def refused(text: object, *words: str) -> str:
    with pytest.raises(ValueError) as caught:
        window_from_text(text)
    message = str(caught.value)
    assert message.startswith("window file: ") and len(message) < 400, message
    for word in words:
        assert word in message, message
    return message


# ---- saving and opening ------------------------------------------------------------------------


def test_every_bundled_window_saves_and_opens_as_itself() -> None:
    for window in WINDOWS:
        text = window_to_text(window)
        assert len(text) < 300
        assert window_from_text(text) == window
        assert window_from_text(text.encode()) == window  # the bytes of an upload too


def test_a_file_without_difficulty_gets_it_from_its_restricted_fields() -> None:
    """RULES.md 14: "Its difficulty is derived from its restricted fields like the designed
    ones: 8 or fewer 3, 9-10 4, 11-12 5, 13 or more 6." """
    assert window_from_text(file_of()).difficulty == 3  # 8 restricted fields
    nine = file_of(rows=["R...3", ".5.G.", "..Y..", "2.1B6"])
    assert window_from_text(nine).difficulty == 4


def test_a_file_naming_two_adjacent_fields_of_one_colour_is_refused_naming_them() -> None:
    """RULES.md 14: "a custom window must have ... no two orthogonally adjacent fields demanding
    the same color or the same value (no cards could fill both)"."""
    refused(
        file_of(rows=["RR...", ".....", ".....", "....."]), "a1 and b1", "orthogonally adjacent"
    )
    refused(file_of(rows=["4....", "4....", ".....", "....."]), "a1 and a2")
    # diagonal neighbours may demand the same
    assert window_from_text(file_of(rows=["R....", ".R...", ".....", "....."])).restricted == 2


def test_a_file_with_more_fields_of_a_kind_than_cards_is_refused() -> None:
    """RULES.md 14: "at most 6 fields of one color and 5 of one value"."""
    refused(file_of(rows=["4.4.4", ".....", "4.4.4", "....."]), "6 fields demand 4", "only 5 cards")
    refused(file_of(rows=["R.R.R", ".R.R.", "R.R..", "....."]), "7 fields demand R")


def test_a_bad_file_says_where() -> None:
    refused("{", "not JSON", "line 1, column 2")
    refused("[1, 2]", "expected a JSON object")
    refused(b"\xff\xfe", "not text")
    refused(12, "expected text")
    refused(file_of(format="stainedglass-record"), "'format'")
    refused(file_of(version=2), "'version'")
    refused(file_of(colour="red"), "unknown key 'colour'")
    refused(file_of(name=""), "'name'", "empty")
    refused(file_of(name=7), "'name'", "text")
    refused(file_of(rows="R...3"), "'rows'")
    refused(file_of(rows=["R...3", ".5.G.", "..Y.."]), "'rows'", "4 row strings")
    refused(file_of(rows=["R...3", ".5.G.", "..Y..", "2..B"]), "row 4 has 4 fields")
    refused(file_of(rows=["R...3", ".5.X.", "..Y..", "2..B6"]), "field d2", "'X'")
    refused(file_of(difficulty=9), "difficulty must be 3-6")


def test_a_huge_or_hostile_file_is_refused_in_a_few_words() -> None:
    refused("x" * (MAX_WINDOW_FILE + 1), "too long")
    refused(file_of(name="n" * 3000), "at most 40 characters")
    refused(file_of(rows=["R" * 3000, ".....", ".....", "....."]), "row 1")
    refused(file_of(rows=[["R"] * 300] * 4), "row 1")
    refused(file_of(format="f" * 3000), "'format'")
    refused(file_of(rows=list(range(1500))), "'rows'")
    refused("[" * 4000 + "]" * 4000, "nested too deeply")  # never a RecursionError


def test_the_fields_of_a_refusal_are_found_for_outlining() -> None:
    reason = ""
    try:
        window_from_text(file_of(rows=["..GG.", ".....", ".....", "....."]))
    except ValueError as e:
        reason = str(e)
    assert window_problem_fields(reason) == ["c1", "d1"]
    assert window_problem_fields(
        "window 'x': 6 fields demand 4, but only 5 cards are 4",
        ["4.4.4", ".....", "4.4.4", "....."],
    ) == ["a1", "c1", "e1", "a3", "c3", "e3"]
    assert window_problem_fields("") == []


# ---- measuring any window ----------------------------------------------------------------------


def test_a_measured_window_gives_the_shipped_figures_on_the_same_deals() -> None:
    m = measure_window(window_named("Morning Lantern").text().replace("\n", "/"), GAMES)
    row = shipped()["Morning Lantern"]
    assert (round(m.rate, 4), m.median_margin, m.games) == (row["won"], row["median_margin"], GAMES)
    low, high = m.interval
    assert low < m.rate < high and low >= 0 and high <= 1
    assert "wins 14.0% of 150 deals" in m.words()


def test_measuring_reports_progress_and_a_stop_keeps_the_deals_played() -> None:
    seen: list[tuple[int, int]] = []
    stop = threading.Event()

    def progress(done: int, total: int) -> None:
        seen.append((done, total))
        if done == 4:
            stop.set()

    m = measure_window("Tempest", 12, progress, stop)
    assert seen == [(i, 12) for i in range(1, 5)]
    assert (m.games, m.asked, m.stopped) == (4, 12, True)
    assert m.rate == win_rate("Tempest", 4)[0]
    assert "stopped after 4 of 12 deals" in m.words()


def test_measuring_takes_a_whole_number_of_deals() -> None:
    for bad in (0, -1, MAX_GAMES + 1, 2.5, True, "10"):
        with pytest.raises(ValueError, match="games must be a whole number"):
            measure_window("Tempest", bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="orthogonally adjacent"):
        measure_window("RR.../...../...../.....", 3)
