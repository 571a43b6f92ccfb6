"""The teaching game in a real browser: a Cathedral dashboard under Voila opens the position of
``test_views_coach.LESSON`` from a share link, **Teach me** seats the learner (Dark) against
Light's computer at Level 4, and the learner plays two moves: a blunder the coach warns about and that is
taken back, then the better move the coach marked, which the bot answers. Shared fixtures
(``tests/conftest.py``); screenshots go to ``test-artifacts/`` (``coach-1-warned.png``,
``coach-2-taken-back.png``, ``coach-3-played-on.png``, ``coach-4-class-mode.png``)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

pytest.importorskip("anywidget")

from stainedglass.ai.review import said_move
from harness import shot, wait_moves, wait_text
from test_views_coach import BLUNDER, LESSON, lesson

pytestmark = pytest.mark.full  # a whole teaching game: make test-all

WORDS = ".sg-coach-words"


def words(pg: Any) -> str:
    return html.unescape(pg.inner_text(WORDS))


def type_move(pg: Any, move: str) -> None:
    pg.fill(".sg-view input[placeholder^='or type a move']", move)
    pg.keyboard.press("Enter")


def test_a_teaching_game_with_a_take_back(server: Any, page: Any) -> None:
    page.set_viewport_size({"width": 1280, "height": 1300})  # the board and the coach
    page.goto(lesson().record().to_link(server.url("cathedral_play.ipynb")))
    page.wait_for_selector(".sg-city svg", timeout=60_000)
    wait_moves(page, len(LESSON))
    wait_text(page, ".sg-view .sg-message", "Opened the shared game")
    # Teach me: Dark (to move) learns, against Light's computer at a level
    page.click(".sg-coach-toggle")
    wait_text(page, WORDS, "You play Dark against the Computer (Level 4)")
    page.wait_for_selector(".sg-coach-hints:has-text('Hints left: 3')")
    assert page.query_selector(".sg-city .hint") is None  # no suggestion before moving

    # move 1, a blunder: the coach says why, marks the better move, offers the take-back
    type_move(page, BLUNDER)
    wait_moves(page, len(LESSON) + 1)
    page.wait_for_selector(".sg-coach-take-back", state="visible", timeout=120_000)
    said = words(page)
    assert "% less likely to win" in said and "Take it back" in said, said
    # the judgment names the move it judges, in the game's words with the notation beside,
    # and says the loss as a chance, never as points
    assert said.startswith(f"✗ ?? Blunder: {said_move(lesson(), BLUNDER)} leaves you "), said
    assert re.search(r"leaves you \d+% less likely to win", said), said
    assert "point" not in said, said
    assert "Light answers" in said  # what the bot would do about it
    page.wait_for_selector(".sg-city .hint")
    assert "Light (Computer) to move" in page.inner_text(".sg-banner")  # it waits
    shot(page, "coach-1-warned")

    page.click(".sg-coach-take-back")
    wait_moves(page, len(LESSON))
    wait_text(page, WORDS, "Taken back: the tavern on a9")
    page.wait_for_selector(".sg-coach-take-back", state="hidden")
    page.wait_for_selector(".sg-city .hint")  # the better move, still marked
    assert "Dark to move" in page.inner_text(".sg-banner")
    shot(page, "coach-2-taken-back")

    # move 2: the better move the coach marked; the bot answers once the coach has judged
    better = page.get_attribute(".sg-hints li.sg-hint", "data-move")  # its notation, to type
    assert better
    type_move(page, better)
    wait_moves(page, len(LESSON) + 1)
    page.wait_for_function(
        "() => { const w = document.querySelector('.sg-coach-words');"
        " const b = document.querySelector('.sg-coach-take-back');"
        " return w.innerText.includes('as good as the best') || (b && b.offsetParent); }",
        timeout=120_000,
    )
    assert said_move(lesson(), better) in words(page), words(page)  # the move it judges
    assert "point" not in words(page), words(page)
    if "as good as the best" not in words(page):  # a second look by the clock may rate it lower
        page.click(".sg-coach-keep")
    wait_moves(page, len(LESSON) + 2)  # Light's bot has answered
    shot(page, "coach-3-played-on")

    # class mode: the coach's words in large type for a projector
    page.click(".sg-coach-class input")
    page.wait_for_selector(f"{WORDS}.sg-coach-large")
    size = page.eval_on_selector(
        f"{WORDS} .sg-coach-message", "el => getComputedStyle(el).fontSize"
    )
    assert float(size.removesuffix("px")) >= 28
    shot(page, "coach-4-class-mode")
    assert "Traceback" not in page.inner_text("body")
    assert page.outside == []  # type: ignore[attr-defined]
