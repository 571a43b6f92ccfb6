"""A hint's expected line in Chromium, on each game's play dashboard: Hint, and the hint panel
shows the suggested move's line on a board of its own, Next steps through it (the other
player's answer, the next move; a chance outcome said as assumed). The words say more than the
move itself. Screenshots: ``test-artifacts/hint-line-<game>.png`` (the docs' pictures of a
hint as a pupil sees it, ``docs/hints.md``)."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytest.importorskip("anywidget")

import stainedglass as sg
from harness import ARTIFACTS, VoilaServer, open_page, wait_text

pytestmark = pytest.mark.full  # a hint search per game: make test-all


@pytest.mark.parametrize("game", sg.games())
def test_a_hint_shows_its_line_on_a_board_to_step_through(
    server: VoilaServer, browser: Any, game: str
) -> None:
    page = open_page(browser, 1280, 1400)
    try:
        page.goto(server.url(f"{game}_play.ipynb"))
        page.wait_for_selector(".sg-view .sg-board svg", timeout=120_000)
        chance = sg.load(game).facts.chance_action
        if sg.load(game).new_game(seed=1).is_chance():
            page.click(f".sg-view button:has-text('{chance}')")
            page.wait_for_timeout(500)
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
        page.locator(".sg-hints").screenshot(path=str(ARTIFACTS / f"hint-line-{game}.png"))
        page.click(".sg-line-back")
        wait_text(page, ".sg-line-words", "Step 1 of")
        assert page.outside == []  # type: ignore[attr-defined]
    finally:
        page.context.close()
