"""Real-browser tests of the Walls of Light dashboards: Voila serves the notebooks, Playwright drives
Debian's Chromium (the shared fixtures of ``tests/conftest.py``: requests off 127.0.0.1 are
held unanswered; no browser: skipped, or failed where CI is set). Screenshots go to
``test-artifacts/``.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("anywidget")

from harness import (
    ARTIFACTS,
    board_version,
    message,
    moves_in_log,
    shot,
    wait_moves,
    wait_redraw,
)

pytestmark = pytest.mark.full  # journeys: make test-all

BOARD = ".sg-walls .sg-board"


def wait_message(page: Any, words: str) -> None:
    page.wait_for_function(
        "(w) => document.querySelector('.sg-view .sg-message').innerText.includes(w)", arg=words
    )


def roll(page: Any) -> None:
    before = board_version(page, BOARD)
    page.click(".sg-roll")
    wait_redraw(page, before, BOARD)


def click_space(page: Any, space: str, redraw: bool = True) -> None:
    before = board_version(page, BOARD)
    page.click(f'{BOARD} [data-id="{space}"]')
    if redraw:
        wait_redraw(page, before, BOARD)


def winks(page: Any, space: str) -> str:
    return page.get_attribute(f'{BOARD} .space[data-space="{space}"]', "data-winks") or ""


def test_walls_of_light_dashboard(server: Any, page: Any) -> None:
    page.goto(server.url("walls_of_light_play.ipynb"))
    page.wait_for_selector(BOARD + " svg", timeout=60_000)
    assert "Press Roll" in message(page)
    assert page.query_selector(f"{BOARD} .target") is None  # nothing to click before the roll
    shot(page, "wol-0-start")

    # roll: the dice show, the legal spaces are ringed
    roll(page)
    wait_moves(page, 1)
    page.wait_for_selector(f"{BOARD} .target")
    wait_message(page, "rolls")
    dice = [
        int(v)
        for v in page.eval_on_selector_all(f"{BOARD} .die", "els => els.map(e => e.dataset.value)")
    ]
    targets = page.eval_on_selector_all(f"{BOARD} .target", "els => els.map(e => e.dataset.space)")
    assert targets and all(int(t.split(":")[0]) in dice for t in targets)
    shot(page, "wol-1-rolled")

    # a legal placement by clicking: the board changes
    who = page.inner_text(".sg-banner").split()[1].lower()  # "R Red to move ..."
    space = targets[0]
    assert winks(page, space) == ""
    click_space(page, space)
    wait_moves(page, 2)
    assert who in winks(page, space)
    assert "✓" in message(page)
    shot(page, "wol-2-placed")

    # the next player rolls; a space of a window the dice do not show is refused, with the reason
    roll(page)
    wait_moves(page, 3)
    dice = [
        int(v)
        for v in page.eval_on_selector_all(f"{BOARD} .die", "els => els.map(e => e.dataset.value)")
    ]
    window = next(p for p in range(1, 7) if p not in dice)
    ids = page.eval_on_selector_all(f"{BOARD} .hit", "els => els.map(e => e.dataset.id)")
    bad = next(i for i in ids if i.startswith(f"{window}:"))
    page.click(f'{BOARD} [data-id="{bad}"]')
    wait_message(page, "was not rolled")
    assert f"window {window} was not rolled" in message(page) and moves_in_log(page) == 3
    shot(page, "wol-3-illegal")

    # undo goes back to the last decision: the placement is taken back, the first roll stays
    before = board_version(page, BOARD)
    page.click("button:has-text('Undo')")
    wait_redraw(page, before, BOARD)
    wait_moves(page, 1)
    assert "taken back" in message(page) and winks(page, space) == ""

    # the hint: ranked suggestions with reasons, rung in violet on the board (or the card framed)
    page.click("button:has-text('Hint')")
    page.wait_for_selector(".sg-hints .sg-hint", timeout=60_000)
    assert message(page).startswith("Hint:")
    page.wait_for_selector(
        f"{BOARD} .hint, {BOARD} .suggestion, .sg-hand-board [data-selected]"
    )  # the board follows the list
    shot(page, "wol-4-hint")
    assert page.outside == []  # type: ignore[attr-defined]


def test_walls_of_light_card_by_clicks(server: Any, page: Any) -> None:
    """Two players, blue the computer: red plays a card from the hand by clicks."""
    page.goto(server.url("walls_of_light_play.ipynb"))
    page.wait_for_selector(BOARD + " svg", timeout=60_000)
    page.select_option(".sg-view select >> nth=1", label="Greedy bot")  # blue
    page.select_option(".sg-view select >> nth=3", label="2 players")
    page.click("button:has-text('New game')")
    page.wait_for_function(
        "() => document.querySelector('.sg-banner').innerText.includes('neutral')"
    )
    for _ in range(3):  # the computer may have started: until red is to roll
        if "Red" in page.inner_text(".sg-banner"):
            break
        page.wait_for_timeout(300)
    roll(page)
    # five cards, at most four of them Swap Panes: one card at least is playable after a roll
    page.wait_for_selector(".sg-hand-board .card[data-playable='true']")
    playable = page.eval_on_selector_all(
        ".sg-hand-board .card[data-playable='true']", "els => els.map(e => e.dataset.card)"
    )
    page.wait_for_function(  # the log has caught up with the roll
        "() => { const li = document.querySelectorAll('.sg-log li');"
        " return li.length && li[li.length - 1].innerText.startsWith('roll'); }"
    )
    n = moves_in_log(page)
    if "modify" in playable:  # a card, a die, then -1 or +1
        page.click('.sg-hand-board [data-id="card:modify"]')
        before = board_version(page, BOARD)
        page.click(f'{BOARD} [data-id="die:b"]')
        wait_redraw(page, before, BOARD)
        page.wait_for_selector(f"{BOARD} .die[data-die='b'][data-selected='true']")
        value = int(page.get_attribute(f"{BOARD} .die[data-die='b']", "data-value") or 0)
        page.click("button:has-text('-1')" if value > 1 else "button:has-text('+1')")
        wait_message(page, "plays Modify Roll")
        wait_moves(page, n + 1)
    elif "reroll" in playable:  # a card, the dice, then Reroll (the roll follows at once)
        page.click('.sg-hand-board [data-id="card:reroll"]')
        page.click(f'{BOARD} [data-id="die:r"]')
        page.wait_for_selector(f"{BOARD} .die[data-die='r'][data-selected='true']")
        page.click("button:has-text('Reroll chosen dice')")
        wait_moves(page, n + 2)
    else:  # five cards from a deck of four kinds: Extra Glass at least
        page.click('.sg-hand-board [data-id="card:extra"]')
        wait_message(page, "plays Extra Glass")
        wait_moves(page, n + 1)
    page.wait_for_function(  # the card is spent: none is chosen, none playable this turn
        "() => !document.querySelector('.sg-hand-board .card[data-selected]')"
    )
    assert page.query_selector(".sg-hand-board .card[data-playable='true']") is None
    shot(page, "wol-5-hand")
    assert page.outside == []  # type: ignore[attr-defined]


def test_walls_of_light_tutorial(server: Any, page: Any) -> None:
    page.goto(server.url("walls_of_light_tutorial.ipynb"))
    page.wait_for_function(
        "() => document.querySelectorAll('.sg-walls svg').length >= 18", timeout=120_000
    )
    page.locator(".sg-walls").nth(2).scroll_into_view_if_needed()  # the rulebook's example
    page.screenshot(path=str(ARTIFACTS / "wol-tutorial.png"))
    assert page.outside == []  # type: ignore[attr-defined]
