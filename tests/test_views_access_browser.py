"""Boards every pupil can use, in a real browser: a whole Cathedral turn (the Cathedral, then a
building) and a Sagrada placement played with the keyboard alone; a Walls of Light turn played
with taps only on a tablet-sized page. Voila serves the notebooks, Playwright drives Debian's
Chromium (the shared fixtures of ``tests/conftest.py``: requests off 127.0.0.1 are held
unanswered; no browser: skipped, or failed where CI is set). Screenshots go to
``test-artifacts/``.
"""

from __future__ import annotations

import html
from typing import Any
from collections.abc import Iterator

import pytest

pytest.importorskip("anywidget")

from harness import (
    CITY,
    arrow_to,
    board_version,
    message,
    moves_in_log,
    shot,
    wait_cursor,
    wait_moves,
    wait_redraw,
    wait_text,
)

pytestmark = pytest.mark.full  # journeys by keyboard and touch: make test-all

SAGRADA = ".sg-sagrada-board .sg-board"
WALLS = ".sg-walls .sg-board"
EDGE = ["a1", "b1", "c1", "d1", "e1", "a2", "e2", "a3", "e3", "a4", "b4", "c4", "d4", "e4"]


def focused(page: Any, board: str) -> bool:
    return bool(page.eval_on_selector(board, "el => document.activeElement === el"))


def test_a_whole_cathedral_turn_by_keyboard(server: Any, page: Any) -> None:
    page.goto(server.url("cathedral_play.ipynb"))
    page.wait_for_selector(CITY + " svg", timeout=60_000)
    wait_text(page, ".sg-view .sg-message", "Light places the Cathedral first")

    # for screen readers: the boards are named and described; the message is a live region
    assert page.get_attribute(CITY, "role") == "application"
    assert "city" in (page.get_attribute(CITY, "aria-label") or "")
    assert "supply" in (page.get_attribute(".sg-supply-dark .sg-board", "aria-label") or "")
    page.wait_for_selector(".sg-message >> xpath=ancestor::*[@role='status']", state="attached")

    # Light: from Light's supply, Tab to the city; the arrows bring the Cathedral to e5
    page.focus(".sg-supply-light .sg-board")
    page.keyboard.press("Tab")
    assert focused(page, CITY)
    arrow_to(page, CITY, "e5")
    wait_cursor(page, ".sg-city", "e5")
    wait_text(page, ".sg-preview", "✓")
    page.wait_for_function(  # the cursor's square is said (a polite live region)
        "() => document.querySelector('.sg-city .sg-board-wrap > [role=status]')"
        ".textContent.startsWith('e5')"
    )
    shot(page, "access-0-cathedral-cursor")
    before = board_version(page)
    page.keyboard.press("Enter")
    wait_redraw(page, before)
    wait_moves(page, 1)
    page.wait_for_selector(f'{CITY} [data-owner="cathedral"]')
    wait_text(page, ".sg-view .sg-message", "Light places the cathedral")
    # the city's words follow the game
    described = page.eval_on_selector(
        CITY,
        "el => document.getElementById(el.getAttribute('aria-describedby').split(' ')[0])"
        ".textContent",
    )
    assert "the cathedral on" in described

    # Dark: Tab to Dark's supply, the arrows to the castle, Enter takes it
    page.keyboard.press("Tab")
    supply = ".sg-supply-dark .sg-board"
    assert focused(page, supply)
    arrow_to(page, supply, "piece:castle")
    before = board_version(page, supply)
    page.keyboard.press("Enter")
    wait_redraw(page, before, supply)
    wait_text(page, ".sg-view .sg-message", "Dark holds the castle")

    # back to the city (Shift+Tab), to b2, r turns it, Enter places it
    page.keyboard.press("Shift+Tab")
    assert focused(page, CITY)
    arrow_to(page, CITY, "b2")
    page.wait_for_selector(f"{CITY} .ghost")
    upright = page.eval_on_selector(f"{CITY} .ghost", "g => g.innerHTML")
    before = board_version(page)
    page.keyboard.press("r")
    wait_redraw(page, before)
    assert page.eval_on_selector(f"{CITY} .ghost", "g => g.innerHTML") != upright
    wait_text(page, ".sg-preview", "✓")
    shot(page, "access-1-castle-turned")
    page.keyboard.press("Enter")
    page.wait_for_selector(f'{CITY} [data-owner="dark"][data-piece="castle"]')
    wait_moves(page, 2)
    last = page.eval_on_selector_all(".sg-log li", "els => els[els.length - 1].innerText")
    assert last.startswith("castle ")
    shot(page, "access-2-castle-placed")

    # u on the board takes it back
    page.keyboard.press("u")
    wait_moves(page, 1)
    wait_text(page, ".sg-view .sg-message", "taken back")
    assert page.outside == []  # type: ignore[attr-defined]


def test_a_sagrada_placement_by_keyboard(server: Any, page: Any) -> None:
    page.goto(server.url("sagrada_play.ipynb"))
    page.wait_for_selector(SAGRADA + " svg", timeout=60_000)
    # Draw, by keyboard: the button, then Enter
    before = board_version(page, SAGRADA)
    page.focus(".sg-chance")
    page.keyboard.press("Enter")
    wait_redraw(page, before, SAGRADA)
    wait_moves(page, 3)
    cards = page.eval_on_selector_all(
        f"{SAGRADA} .drawn-card", "els => els.map(e => e.dataset.card)"
    )
    assert len(cards) == 3

    # back to the board; each card in turn, until one fits an edge field (✓ before Enter)
    page.keyboard.press("Shift+Tab")
    assert focused(page, SAGRADA)
    placed = None
    for card in cards:
        arrow_to(page, SAGRADA, f"card:{card}")
        before = board_version(page, SAGRADA)
        page.keyboard.press("Enter")
        wait_redraw(page, before, SAGRADA)
        wait_text(page, ".sg-view .sg-message", f"{card} in hand")
        for field in EDGE:
            arrow_to(page, SAGRADA, field)
            found = page.wait_for_selector(f'{SAGRADA} .field[data-field="{field}"] .preview')
            if "legal" in (found.get_attribute("class") or "").split():
                placed = (card, field)
                break
        if placed:
            break
    assert placed, "some drawn card fits some edge field"
    wait_cursor(page, ".sg-sagrada-board", placed[1])
    shot(page, "access-3-sagrada-cursor")
    page.keyboard.press(" ")  # Space chooses as Enter does
    wait_moves(page, 4)
    assert (
        page.get_attribute(f'{SAGRADA} .field[data-field="{placed[1]}"] .placed', "data-card")
        == placed[0]
    )
    assert "✓" in message(page)
    shot(page, "access-4-sagrada-placed")
    assert page.outside == []  # type: ignore[attr-defined]


@pytest.fixture
def tablet(browser: Any) -> Iterator[Any]:
    """A page on a 768 x 1024 touch screen (a class's tablet): taps, no mouse."""
    context = browser.new_context(
        viewport={"width": 768, "height": 1024}, has_touch=True, is_mobile=True
    )
    pg = context.new_page()
    pg.outside: list[str] = []  # type: ignore[attr-defined]

    def route(r: Any) -> None:
        if r.request.url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")):
            r.continue_()
        else:
            pg.outside.append(r.request.url)  # type: ignore[attr-defined]  # never answered

    pg.route("**/*", route)
    yield pg
    context.close()


def overflowing(page: Any) -> list[str]:
    """The boards and controls of the view that stick out of the screen on the right."""
    return page.evaluate(
        "() => { const w = document.documentElement.clientWidth;"
        " return [...document.querySelectorAll('.sg-view .sg-board, .sg-view button,"
        " .sg-view select, .sg-view input')]"
        ".filter(e => e.offsetParent !== null && e.getBoundingClientRect().right > w + 1)"
        ".map(e => e.innerText || e.className); }"
    )


def test_a_walls_of_light_turn_by_touch_on_a_tablet(server: Any, tablet: Any) -> None:
    page = tablet
    page.goto(server.url("walls_of_light_play.ipynb"))
    page.wait_for_selector(WALLS + " svg", timeout=120_000)  # an emulated tablet on a busy
    # machine draws its first board more slowly
    assert overflowing(page) == []  # the boards and buttons fit the screen: they wrap

    before = board_version(page, WALLS)
    page.tap(".sg-roll")
    wait_redraw(page, before, WALLS)
    wait_moves(page, 1)
    page.wait_for_selector(f"{WALLS} .target")
    targets = page.eval_on_selector_all(f"{WALLS} .target", "els => els.map(e => e.dataset.space)")
    space = targets[0]
    shot(page, "access-5-wol-tablet-rolled")

    # a first tap shows the space (the cursor frames it, its words are said); nothing is played
    page.tap(f'{WALLS} [data-id="{space}"]')
    wait_cursor(page, ".sg-walls", space)
    page.wait_for_function(
        "() => [...document.querySelectorAll('.sg-walls .sg-board-wrap > [role=status]')]"
        ".some(e => e.textContent.includes('Tap again'))"
    )
    assert moves_in_log(page) == 1
    shot(page, "access-6-wol-tablet-first-tap")

    # a second tap on it places the wink
    before = board_version(page, WALLS)
    page.tap(f'{WALLS} [data-id="{space}"]')
    wait_redraw(page, before, WALLS)
    wait_moves(page, 2)
    winks = page.get_attribute(f'{WALLS} .space[data-space="{space}"]', "data-winks") or ""
    assert winks
    assert "✓" in html.unescape(page.inner_text(".sg-view .sg-message"))
    shot(page, "access-7-wol-tablet-placed")
    assert page.outside == []  # type: ignore[attr-defined]


def test_cathedral_by_touch_a_tap_shows_the_preview_a_second_places(
    server: Any, tablet: Any
) -> None:
    page = tablet
    page.goto(server.url("cathedral_play.ipynb"))
    page.wait_for_selector(CITY + " svg", timeout=60_000)
    assert overflowing(page) == []
    # the Cathedral: a first tap shows where it would go (as hovering does), a second places it
    page.tap(f'{CITY} [data-id="e5"]')
    wait_cursor(page, ".sg-city", "e5")
    wait_text(page, ".sg-preview", "✓")
    assert moves_in_log(page) == 0
    shot(page, "access-8-cathedral-tablet-preview")
    page.tap(f'{CITY} [data-id="e5"]')
    wait_moves(page, 1)
    page.wait_for_selector(f'{CITY} [data-owner="cathedral"]')
    # a building: one tap in the supply chooses it; Rotate; two taps on the city place it
    page.tap('.sg-supply-dark .sg-board [data-id="piece:castle"]')
    wait_text(page, ".sg-view .sg-message", "Dark holds the castle")
    before = board_version(page, ".sg-supply-dark .sg-board")
    page.tap("button:has-text('Rotate')")
    wait_redraw(page, before, ".sg-supply-dark .sg-board")
    page.tap(f'{CITY} [data-id="b2"]')
    wait_cursor(page, ".sg-city", "b2")
    wait_text(page, ".sg-preview", "castle on a1 b1 b2 a3 b3")
    assert moves_in_log(page) == 1
    page.tap(f'{CITY} [data-id="b2"]')
    page.wait_for_selector(f'{CITY} [data-owner="dark"][data-piece="castle"]')
    wait_moves(page, 2)
    shot(page, "access-9-cathedral-tablet-placed")
    assert page.outside == []  # type: ignore[attr-defined]
