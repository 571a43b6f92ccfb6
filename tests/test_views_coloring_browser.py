"""Real-browser tests of the Coloring dashboards: Voila serves the notebooks, Playwright drives
Debian's Chromium (the shared fixtures of ``tests/conftest.py``: requests off 127.0.0.1 are
held unanswered; no browser: skipped, or failed where CI is set). Screenshots go to
``test-artifacts/``.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("anywidget")

from harness import (
    board_version,
    message,
    shot,
    wait_moves,
    wait_redraw,
)

pytestmark = pytest.mark.full  # journeys: make test-all

BOARD = ".sg-coloring-board .sg-board"


def click(page: Any, ident: str) -> None:
    before = board_version(page, BOARD)
    page.click(f'{BOARD} [data-id="{ident}"]')
    wait_redraw(page, before, BOARD)


def hover(page: Any, ident: str) -> None:
    before = board_version(page, BOARD)
    page.hover(f'{BOARD} [data-id="{ident}"]')
    wait_redraw(page, before, BOARD)


def colored(page: Any) -> dict[str, str]:
    """The shapes colored on the big sheet: number -> its words."""
    found = page.eval_on_selector_all(
        f"{BOARD} path.shape.colored", "els => els.map(e => [e.dataset.shape, e.dataset.label])"
    )
    return dict(found)


def test_coloring_dashboard_turn_refusal_undo_and_hint(server: Any, page: Any) -> None:
    page.goto(server.url("coloring_play.ipynb"))
    page.wait_for_selector(BOARD + " svg", timeout=60_000)
    assert "Take a pencil" in message(page)
    assert colored(page) == {"38": "player 1, shape 38: purple"}  # the window's own purple
    shot(page, "coloring-0-start")

    # a turn by pointing: the red pencil, five shapes (each previewed), then the ✓ button
    click(page, "pencil:red")
    assert page.get_attribute(f'{BOARD} .pencil[data-pencil="red"]', "data-selected") == "true"
    for shape in (1, 2, 3, 4, 5):
        hover(page, f"shape:{shape}")
        assert page.query_selector(f'{BOARD} .preview.legal[data-shape="{shape}"]')
        click(page, f"shape:{shape}")
    page.wait_for_selector(f'{BOARD} [data-id="confirm"]')
    shot(page, "coloring-1-chosen")
    click(page, "confirm")
    wait_moves(page, 1)
    assert "✓" in message(page) and "takes the red pencil" in message(page)
    # player 2 to move: player 1's sheet is now the small one, with its five red shapes
    side = page.eval_on_selector_all(
        ".sg-coloring-side .sg-board [data-label]", "els => els.map(e => e.dataset.label)"
    )
    assert sum("player 1, shape" in s and ": red" in s for s in side) == 5
    shot(page, "coloring-2-played")

    # a refusal with the engine's reason: purple beside the purple shape 38
    click(page, "pencil:purple")
    hover(page, "shape:39")
    assert page.query_selector(f'{BOARD} .preview.illegal[data-shape="39"]')
    assert "touches shape 38" in page.inner_text(".sg-preview")
    page.click(f'{BOARD} [data-id="shape:39"]')  # refused: the board stays, the words come
    page.wait_for_function(
        "() => document.querySelector('.sg-view .sg-message')"
        ".innerText.includes('touches shape 38, already purple')"
    )
    assert "✗" in message(page)
    shot(page, "coloring-3-refused")

    # undo: back to player 1's turn, nothing colored but the purple
    before = board_version(page, BOARD)
    page.click("button:has-text('Undo')")
    wait_redraw(page, before, BOARD)
    wait_moves(page, 0)
    assert colored(page) == {"38": "player 1, shape 38: purple"}

    # a hint: numbered violet sets on the sheet, the best one in hand (one click plays it)
    before = board_version(page, BOARD)
    page.click("button:has-text('Hint')")
    page.wait_for_selector(f"{BOARD} .hint[data-rank='1']", timeout=30_000)
    ranks = page.eval_on_selector_all(
        f"{BOARD} .hint, {BOARD} .suggestion", "els => els.map(e => e.dataset.rank)"
    )
    assert "1" in ranks and len(ranks) >= 2
    page.wait_for_selector(f'{BOARD} [data-id="confirm"]')
    assert page.query_selector(".sg-hints li.sg-hint")
    shot(page, "coloring-4-hint")
    click(page, "confirm")
    wait_moves(page, 1)
    assert page.outside == []  # type: ignore[attr-defined]


def test_coloring_tutorial_shows_every_lesson(server: Any, page: Any) -> None:
    from stainedglass_widgets.coloring.lessons import LESSONS

    page.goto(server.url("coloring_tutorial.ipynb"))
    page.wait_for_function(
        "(n) => document.querySelectorAll('.sg-coloring-board svg').length >= n",
        arg=len(LESSONS),
        timeout=90_000,
    )
    first = page.locator(".sg-coloring-board").first
    first.scroll_into_view_if_needed()
    shot(page, "coloring-tutorial")
    assert page.outside == []  # type: ignore[attr-defined]


def test_a_solo_game_shows_one_seat_picker(server: Any, page: Any) -> None:
    """Solo chosen and New game pressed: one seat picker, the solo player's (a solo game
    was seen with four)."""
    page.goto(server.url("coloring_play.ipynb"))
    page.wait_for_selector(f"{BOARD} svg", timeout=60_000)
    assert page.locator(".sg-seat:visible").count() == 2  # the game on the table: 2 players
    page.select_option(".sg-players select", label="solo")
    page.click("button:has-text('New game')")
    page.wait_for_function("() => document.querySelectorAll('.sg-seat').length > 0")
    page.wait_for_function(
        "() => [...document.querySelectorAll('.sg-seat')]"
        ".filter(s => s.offsetParent !== null).length === 1"
    )
    assert page.locator(".sg-seat:visible").count() == 1
    # a hint's line is stepped through with numbered buttons, not another list among the seats
    page.click("button:has-text('Hint')")
    page.wait_for_selector(".sg-hints li.sg-hint", timeout=60_000)
    seat_lists = page.eval_on_selector_all(
        "select",
        "ss => ss.filter(s => s.offsetParent !== null"
        " && [...s.options].some(o => o.textContent === 'Human')).length",
    )
    assert seat_lists == 1, seat_lists
    assert page.locator(".sg-seat:visible").count() == 1
    shot(page, "coloring-solo-seats")
    assert page.outside == []  # type: ignore[attr-defined]
