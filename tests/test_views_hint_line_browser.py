"""A hint's expected line in Chromium, on each game's play dashboard, in the middle of a game
(a shared link to a seeded game): Hint, and the hint panel shows the suggested move's line on
a board of its own, Next steps through it (the other player's answer, the next move; a chance
outcome said as assumed). The words say more than the move itself, and lead with the move in
words. Screenshots: ``test-artifacts/hint-line-<game>.png`` (the docs' pictures of a hint as a
pupil sees it, ``docs/hints.md``)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

pytest.importorskip("anywidget")

import stainedglass as sg
from harness import ARTIFACTS, VoilaServer, open_page, wait_text

pytestmark = pytest.mark.full  # a hint search per game: make test-all

PLIES = {"cathedral": 12, "walls_of_light": 30, "coloring": 8, "sagrada": 20}
"""How far into a seeded random game each hint is asked (the first player to move again)."""


def midgame(game: str, seed: int = 8606) -> sg.State:
    """A seeded random game some way in, the first player to choose a move."""
    state = sg.load(game).new_game(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance():
            state.play(state.sample_chance())
        elif len(state.history) >= PLIES[game] and state.current_player == 0:
            return state
        else:
            state.play(rng.choice(state.legal_moves()))
    raise AssertionError(f"{game}: the game ended first")


@pytest.mark.parametrize("game", sg.games())
def test_a_hint_shows_its_line_on_a_board_to_step_through(
    server: VoilaServer, browser: Any, game: str
) -> None:
    page = open_page(browser, 1280, 1400)
    try:
        state = midgame(game)
        page.goto(state.record().to_link(server.url(f"{game}_play.ipynb")))
        page.wait_for_selector(".sg-view .sg-board svg", timeout=120_000)
        page.wait_for_function(
            "n => { const s = document.querySelector('.sg-log summary');"
            " return s && s.innerText.includes('(' + n + ' moves)'); }",
            arg=len(state.history),
            timeout=60_000,
        )
        page.click(".sg-view button:has-text('Hint')")
        page.wait_for_selector(".sg-line .sg-line-board svg", timeout=60_000)
        said = wait_text(page, ".sg-line-words", "Step 1 of")
        steps = int(re.search(r"Step 1 of (\d+)", said).group(1))
        assert steps >= 2, said  # the move and at least the answer or the next move
        first = page.inner_html(".sg-line-board")
        page.click(".sg-line-next")
        wait_text(page, ".sg-line-words", "Step 2 of")
        page.wait_for_function(  # the board moved on (its message may follow the words')
            "first => document.querySelector('.sg-line-board').innerHTML !== first",
            arg=first,
            timeout=10_000,
        )
        hint = page.inner_text(".sg-hints")
        assert len(hint) > 80, hint
        lead = page.inner_text(".sg-hints li.sg-hint")  # the best, led by the move in words
        assert re.search(r"^\S+\s+(about )?\d+%\s+(About equally good: )?[A-Z]", lead), lead
        page.wait_for_selector(".sg-hints .js-plotly-plot .scatterlayer .point", timeout=60_000)
        page.locator(".sg-hints").screenshot(path=str(ARTIFACTS / f"hint-line-{game}.png"))
        page.click(".sg-line-back")
        wait_text(page, ".sg-line-words", "Step 1 of")
        assert page.outside == []  # type: ignore[attr-defined]
    finally:
        page.context.close()
