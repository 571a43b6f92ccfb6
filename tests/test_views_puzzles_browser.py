"""Real-browser test of the puzzles notebook under Voila: a shipped Cathedral puzzle solved right
by clicking the board, the next one answered wrong (judged off the event loop, then the board
back at the puzzle, a nudge that never names the answer), Try again, the answer shown on the
board only on request, and the review board opened at the puzzle.
Shared fixtures (``tests/conftest.py``); screenshots go to ``test-artifacts/``."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

pytest.importorskip("anywidget")

import stainedglass as sg
from stainedglass.ai.puzzles import said_line
from stainedglass.ai.review import said_move
from stainedglass.ai.puzzles import Puzzle
from stainedglass_widgets import view_class
from stainedglass_widgets.pages.puzzles import margin_points
from harness import board_version, shot, wait_redraw, wait_text

pytestmark = pytest.mark.full  # a journey: make test-all

VIEW = ".sg-puzzle-view"
CITY = f"{VIEW} .sg-city .sg-board"


@pytest.fixture(scope="module")
def shipped_cathedral() -> list[Puzzle]:
    """The shipped Cathedral puzzles (asked for before the server starts: without them the
    test fails at once, saying why)."""
    found = sg.ai.puzzles.shipped("cathedral")
    assert len(found) >= 2, (
        "no shipped Cathedral puzzles: stainedglass/cathedral/puzzles.json "
        "(python -m stainedglass puzzles cathedral -n 40 --seed 0)"
    )
    return found


def click_move(page: Any, puzzle: Puzzle, text: str) -> None:
    """Make Cathedral move ``text`` on the page's puzzle board as a person does: choose the
    building in the supply, move over the city, turn it with r, click."""
    view = view_class("cathedral")(puzzle.state(), compact=True, background=False)
    gestures = view.gestures(view.state.parse_move(text))
    presses = [g for g in gestures if g[1] == "press"]
    ((_, _, target),) = [g for g in gestures if g[1] == "click" and g[0] == "city"]
    for name, action, value in gestures:
        if name.startswith("supply") and action == "click":
            side = "dark" if name == "supply[1]" else "light"
            supply = f"{VIEW} .sg-supply-{side} .sg-board"
            before = board_version(page, supply)
            page.click(f'{supply} [data-id="{value}"]')
            wait_redraw(page, before, supply)
    before = board_version(page, CITY)
    page.hover(f'{CITY} [data-id="{target}"]')
    wait_redraw(page, before, CITY)
    for _, _, key in presses:
        before = board_version(page, CITY)
        page.keyboard.press(key)
        wait_redraw(page, before, CITY)
    wait_text(page, f"{VIEW} .sg-preview", "✓")  # the building in hand fits there
    page.click(f'{CITY} [data-id="{target}"]')


def wrong_move(puzzle: Puzzle) -> str:
    """A move the puzzle judges wrong: its rival, else the first such legal move."""
    state = puzzle.state()
    for move in [puzzle.rival, *map(str, state.legal_moves()[:10])]:
        if not puzzle.is_answer(move) and not puzzle.attempt(move).right:
            return move
    raise AssertionError(f"{puzzle.id}: no wrong move among the first tried")


def verdict(page: Any) -> str:
    return html.unescape(page.inner_text(".sg-puzzle-verdict"))


def solve_right_and_wrong(page: Any, url: str, puzzles: list[Puzzle]) -> None:
    """The steps of the test, on the puzzles notebook at ``url`` (its first Cathedral puzzles
    are ``puzzles``)."""
    first, second = puzzles[0], puzzles[1]
    wrong = wrong_move(second)
    page.goto(url + "?game=cathedral")
    page.wait_for_selector(CITY + " svg", timeout=90_000)
    wait_text(page, ".sg-puzzle-question", first.question)
    wait_text(page, ".sg-puzzle-score", "Streak 0")
    shot(page, "puzzles-0-start")

    # right: the answer stays on the board, the verdict and the theme in words, the answer in
    # the game's words with its notation, and the theme what the board shows: "wall off 10
    # squares", ten more squares of the mover's territory; a theme of no wall, none
    walled = re.search(r"(?:^wall off|, walling off) (\d+) squares?", first.theme)
    territory = f'{CITY} [data-label$="{first.mover}\'s territory"]'
    had = page.locator(territory).count()
    click_move(page, first, first.answer)
    wait_text(page, ".sg-puzzle-verdict", ", right: ")
    text = verdict(page)
    assert first.state().move_name(first.answer) in text and first.theme in text, text
    assert said_move(first.state(), first.answer) in text, text
    assert page.locator(territory).count() - had == (int(walled.group(1)) if walled else 0)
    wait_text(page, ".sg-puzzle-score", "Streak 1 (best 1) · Score 1 of 1")
    wait_text(page, ".sg-puzzle-reveal", margin_points(first))
    piece = first.answer.split()[0]
    assert page.locator(f'{CITY} [data-piece="{piece}"]').count() >= 1
    shot(page, "puzzles-1-right")

    # the next puzzle, answered wrong: judged in the background, then back at the puzzle
    page.click(".sg-puzzle-next")
    wait_text(page, ".sg-puzzle-question", second.question)
    page.wait_for_function(
        "() => !document.querySelector('.sg-puzzle-verdict').innerText.includes(', right: ')"
    )
    page.wait_for_selector(CITY + " svg")
    owners = page.locator(f"{CITY} [data-owner]").count()
    click_move(page, second, wrong)
    page.wait_for_function(
        "() => document.querySelector('.sg-puzzle-verdict').innerText.includes(', not quite')",
        timeout=90_000,
    )
    text = verdict(page)
    # a nudge: what the best move gains, never which move it is (nor the theme's reveal)
    assert second.nudge in text, text
    assert second.answer not in text and said_move(second.state(), second.answer) not in text
    assert page.inner_text(".sg-puzzle-reveal").strip() == ""
    wait_text(page, f"{VIEW} .sg-message", "Back to the puzzle")
    assert page.locator(f"{CITY} [data-owner]").count() == owners, "the move is taken back"
    assert page.locator(f"{CITY} .hint").count() == 0, "no answer marked"
    wait_text(page, ".sg-puzzle-score", "Streak 0 (best 1) · Score 1 of 2")
    shot(page, "puzzles-2-wrong-nudge")

    # Try again: the verdict cleared, the puzzle's question again, still no answer
    page.click(".sg-puzzle-again")
    page.wait_for_function(
        "() => document.querySelector('.sg-puzzle-verdict').innerText.trim() === ''"
    )
    wait_text(page, f"{VIEW} .sg-message", "Try again")
    assert second.answer not in page.inner_text(".sg-puzzles")
    assert page.locator(f"{CITY} .hint").count() == 0
    shot(page, "puzzles-3-try-again")

    # the answer only on request: marked on the board, told in words
    page.click(".sg-puzzle-answer")
    page.wait_for_selector(f"{CITY} .hint")
    wait_text(
        page, ".sg-puzzle-verdict", f"The answer: {said_line(second.state(), second.answer_line)}"
    )
    wait_text(page, ".sg-puzzle-reveal", margin_points(second))
    wait_text(page, ".sg-puzzle-score", "Streak 0 (best 1) · Score 1 of 2")
    shot(page, "puzzles-4-answer")

    # the review board on the game that led to the puzzle, at its move
    page.click(".sg-puzzle-review")
    page.wait_for_selector(".sg-puzzles .sg-review-moves svg", timeout=60_000)
    wait_text(page, ".sg-puzzles .sg-review-verdict", f"Move {second.ply}")
    assert "Traceback" not in page.inner_text("body")
    assert "Something went wrong" not in page.inner_text("body")
    assert page.outside == []  # type: ignore[attr-defined]


def test_a_puzzle_solved_right_and_one_wrong(
    shipped_cathedral: list[Puzzle], server: Any, page: Any
) -> None:
    solve_right_and_wrong(page, server.url("puzzles.ipynb"), shipped_cathedral)


WALLS = f"{VIEW} .sg-walls .sg-board"


def test_walls_of_light_words_match_the_board_and_a_card_waits_for_its_panes(
    server: Any, page: Any
) -> None:
    """The first Walls of Light puzzle says the roll and the card played since, and its board's
    dice are what those words make (the blue die turned from 5 to 6); the second, answered by
    Extra Glass, is not solved by the card alone: the turn goes on until its panes are placed,
    then the whole line is judged right."""
    found = sg.ai.puzzles.shipped("walls_of_light")
    first, second = found[0], found[1]
    assert "roll r1 b5 y2. Played so far: card modify b +1" in first.known
    assert second.answer == "card extra" and len(second.answer_line) == 3
    page.goto(server.url("puzzles.ipynb") + "?game=walls_of_light")
    page.wait_for_selector(WALLS + " svg", timeout=90_000)
    wait_text(page, ".sg-puzzle-question", first.known)
    for letter, value in zip("rby", first.state().dice):
        shown = page.get_attribute(f'{WALLS} .die[data-die="{letter}"]', "data-value")
        assert shown == str(value), (letter, shown, value)
    assert page.get_attribute(f'{WALLS} .die[data-die="b"]', "data-value") == "6"
    shot(page, "puzzles-wol-1-words")

    page.click(".sg-puzzle-next")
    wait_text(page, ".sg-puzzle-question", second.question)
    page.wait_for_selector(f'{VIEW} .sg-hand-board [data-id="card:extra"]')
    page.click(f'{VIEW} .sg-hand-board [data-id="card:extra"]')
    wait_text(page, f"{VIEW} .sg-message", "Your turn goes on")
    assert verdict(page).strip() == "", "the card alone is not judged"
    wait_text(page, ".sg-puzzle-score", "Score 0 of 0")
    shot(page, "puzzles-wol-2-card")
    for pane in second.answer_line[1:]:
        before = board_version(page, WALLS)
        page.click(f'{WALLS} [data-id="{pane.split()[2]}"]')
        wait_redraw(page, before, WALLS)
    wait_text(page, ".sg-puzzle-verdict", ", right: ")
    wait_text(page, ".sg-puzzle-score", "Streak 1 (best 1) · Score 1 of 1")
    shot(page, "puzzles-wol-3-right")
    assert "Traceback" not in page.inner_text("body")
    assert page.outside == []  # type: ignore[attr-defined]
