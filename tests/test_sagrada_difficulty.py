"""The measured difficulty of Sagrada's designed windows: shipped as data, and true."""

from __future__ import annotations

from stainedglass.sagrada.difficulty import GAMES, shipped, win_rate, words
from stainedglass.sagrada.windows import WINDOWS


def test_every_designed_window_has_its_measured_figures() -> None:
    table = shipped()
    assert set(table) == {w.name for w in WINDOWS}
    for w in WINDOWS:
        assert table[w.name]["difficulty"] == w.difficulty and table[w.name]["games"] == GAMES


def test_the_shipped_figures_are_what_the_strategy_measures() -> None:
    for name in ("Morning Lantern", "Tempest"):  # the easiest and a hardest, measured again
        rate, margin = win_rate(name, GAMES)
        assert (round(rate, 4), margin) == (
            shipped()[name]["won"],
            shipped()[name]["median_margin"],
        )


def test_harder_windows_are_won_less_often() -> None:
    table = shipped()
    by = {d: [r["won"] for r in table.values() if r["difficulty"] == d] for d in (3, 4, 5, 6)}
    means = [sum(v) / len(v) for _, v in sorted(by.items())]
    assert means == sorted(means, reverse=True) and means[0] > means[-1]


def test_the_dashboards_line_says_it_in_words() -> None:
    line = words("Tempest")
    assert line.startswith("Tempest (difficulty 6): a simple strategy without tools wins")
    assert words("custom") == ""
