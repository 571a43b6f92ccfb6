"""The computer's levels and Match me in Chromium, on the shared Voila server (a class's server:
its store is the class's, ``tests/conftest.py``). A pupil opens a Cathedral game one move from
its end (a share link), gives their name, sets Dark to the computer, picks a level by its name,
then Match me with the keyboard; their last move wins the game, Match me moves up two levels
(the first games move two), and the teacher's console shows the pupil's new level beside their
progress. Screenshots: ``test-artifacts/levels-1-picked.png``, ``levels-2-matched.png``,
``levels-3-console.png``."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("anywidget")
pytest.importorskip("sqlalchemy")

from stainedglass.ai.levels import level_words
from harness import CITY, open_page, shot, wait_moves, wait_text
from test_views_levels import WIN_SEED, expected, near_end
from stainedglass_widgets.kit.play import DEFAULT_LEVEL

pytestmark = pytest.mark.full  # a game finished in the browser, then the console: make test-all

PUPIL = "Lena Levels"  # a name no other test gives
LINE = ".sg-match-line"
LEVEL_SELECT = ".sg-level-picker select"


def test_a_pupil_picks_a_level_and_match_me_moves_after_a_won_game(
    server: Any, browser: Any
) -> None:
    state, last, result = near_end(WIN_SEED)
    assert result == 1.0
    up = expected(DEFAULT_LEVEL, 1.0)
    pupil = open_page(browser, height=1400)
    teacher = open_page(browser, width=1600, height=1300)
    try:
        pupil.goto(state.record().to_link(server.url("cathedral_play.ipynb")))
        pupil.wait_for_selector(CITY + " svg", timeout=60_000)
        wait_moves(pupil, len(state.history))
        wait_text(pupil, ".sg-view .sg-message", "Opened the shared game")
        pupil.fill(".sg-room-name input", PUPIL)  # kept by the browser for the class's pages
        # Dark: the computer; no level picker before (a person's seat), one after
        assert pupil.locator(LEVEL_SELECT).count() == 0
        pupil.select_option(".sg-seat-picker select >> nth=1", label="Computer")
        pupil.wait_for_selector(LEVEL_SELECT, state="visible")
        assert pupil.locator(".sg-seat .widget-slider:visible").count() == 0  # no seconds
        labels = pupil.eval_on_selector(
            LEVEL_SELECT, "s => [...s.options].map(o => o.textContent.replace(/\\s+/g, ' '))"
        )
        assert labels[:8] == [level_words("cathedral", n) for n in range(1, 9)]
        assert labels[8] == f"Match me (now Level {DEFAULT_LEVEL})"
        pupil.select_option(LEVEL_SELECT, label=level_words("cathedral", 2))
        pupil.wait_for_function(
            "s => document.querySelector(s).selectedOptions[0].textContent"
            ".replace(/\\s+/g, ' ').startsWith('Level 2')",
            arg=LEVEL_SELECT,
        )
        # Match me with the keyboard: the picker focused, End takes its last choice
        pupil.focus(LEVEL_SELECT)
        pupil.keyboard.press("End")
        wait_text(pupil, LINE, f"Match me plays at Level {DEFAULT_LEVEL}")
        assert "Dark (Computer) " not in pupil.inner_text(".sg-banner")  # Light to move
        shot(pupil, "levels-1-picked")

        # Light's last move, typed: the game is over, won, and Match me moves up
        pupil.fill(".sg-view input[placeholder^='or type a move']", last)
        pupil.keyboard.press("Enter")
        wait_moves(pupil, len(state.history) + 1)
        wait_text(pupil, ".sg-banner", "Game over")
        said = wait_text(pupil, LINE, f"Match me: Level {up} next game")
        assert f"up from Level {DEFAULT_LEVEL} after your win" in said, said
        assert "Kept under your name for your teacher" in said, said
        pupil.wait_for_function(
            "([s, t]) => document.querySelector(s).selectedOptions[0].textContent"
            ".replace(/\\s+/g, ' ') === t",
            arg=[LEVEL_SELECT, f"Match me (now Level {up})"],
        )
        shot(pupil, "levels-2-matched")

        # the teacher's console: the pupil's level beside their progress
        teacher.goto(server.url("class_console.ipynb"))
        teacher.wait_for_selector(".sg-console-table", timeout=60_000)
        wait_text(teacher, ".sg-console-table", PUPIL, timeout=30_000)
        heads = teacher.eval_on_selector_all(
            ".sg-console-table th", "els => els.map(e => e.innerText)"
        )
        row = teacher.eval_on_selector(
            ".sg-console-table table",
            "(t, name) => [...t.rows].map(r => [...r.cells].map(c => c.innerText))"
            ".find(r => r[0] === name)",
            PUPIL,
        )
        assert row is not None, heads
        assert row[heads.index("Match me level: Cathedral")] == str(up), (heads, row)
        teacher.locator(".sg-console-table").scroll_into_view_if_needed()
        shot(teacher, "levels-3-console")
        assert pupil.outside == [] and teacher.outside == []  # type: ignore[attr-defined]
    finally:
        pupil.context.close()
        teacher.context.close()
