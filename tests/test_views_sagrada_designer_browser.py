"""The Sagrada window designer in a real browser: Voila serves ``sagrada_windows.ipynb``,
Playwright drives Debian's Chromium (the shared fixtures of ``tests/conftest.py``: requests
off 127.0.0.1 are held unanswered; no browser: skipped, or failed where CI is set).
Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("anywidget")

from harness import (
    VoilaServer,
    board_version,
    shot,
    wait_redraw,
    wait_text,
)

pytestmark = pytest.mark.full  # a journey: make test-all

NOTEBOOK = "sagrada_windows.ipynb"
BOARD = ".sg-window-designer-board .sg-board"


def click_field(page: Any, field: str) -> None:
    before = board_version(page, BOARD)
    page.click(f'{BOARD} [data-id="{field}"]')
    wait_redraw(page, before, BOARD)


def restriction(page: Any, field: str) -> str:
    return page.get_attribute(f'{BOARD} .field[data-field="{field}"]', "data-restriction") or ""


def set_deals(page: Any, n: int) -> None:
    box = page.locator(".sg-window-games input")
    box.fill(str(n))
    box.press("Enter")


def test_design_check_measure_cancel_and_play(server: VoilaServer, page: Any) -> None:
    page.goto(server.url(NOTEBOOK))
    page.wait_for_selector(BOARD + " svg", timeout=60_000)
    assert "A window the game accepts: 0 restricted fields" in page.inner_text(".sg-window-check")
    assert page.locator(".sg-window-chart .sg-window-rate").count() == 12
    shot(page, "sagrada-designer-0-start")

    # two reds side by side: the engine's refusal, the two fields outlined
    page.click(".sg-window-brush button:has-text('R red')")
    click_field(page, "a1")
    assert restriction(page, "a1") == "R"
    click_field(page, "b1")
    wait_text(page, ".sg-window-check", "fields a1 and b1 are orthogonally adjacent")
    assert page.locator(f"{BOARD} .problem").count() == 2
    for off in (".sg-window-measure", ".sg-window-play"):  # widgets update one by one
        page.wait_for_selector(f"{off}:disabled", timeout=10_000)
    shot(page, "sagrada-designer-1-refused")

    # a value instead: accepted, saved as a file
    page.click(".sg-window-brush button:has-text('4')")
    click_field(page, "b1")
    wait_text(page, ".sg-window-check", "A window the game accepts: 2 restricted fields")
    assert restriction(page, "b1") == "4"
    page.wait_for_selector(".sg-window-save-link[download]")

    # a long measurement, cancelled
    set_deals(page, 10_000)
    page.wait_for_function("() => !document.querySelector('.sg-window-measure').disabled")
    page.click(".sg-window-measure")
    page.wait_for_selector(".sg-window-cancel", state="visible")
    page.wait_for_selector(".sg-window-progress", state="visible")
    page.click(".sg-window-cancel")
    wait_text(page, ".sg-window-message", "Cancelled after")
    assert page.inner_text(".sg-window-result").strip() == ""

    # a short one: the result with its interval, the ★ on the chart among the twelve
    set_deals(page, 200)
    page.click(".sg-window-measure")
    wait_text(page, ".sg-window-result", "of 200 deals")
    assert "95% interval" in page.inner_text(".sg-window-result")
    page.wait_for_selector(".sg-window-chart .sg-window-yours", timeout=10_000)
    assert page.locator(".sg-window-chart .sg-window-yours").count() == 1
    shot(page, "sagrada-designer-2-measured")

    # play it: a Sagrada board with the window and its first cards
    page.click(".sg-window-play")
    page.wait_for_selector(".sg-sagrada-board .sg-board svg", timeout=60_000)
    game = ".sg-sagrada-board .sg-board"
    assert page.get_attribute(f'{game} .field[data-field="a1"]', "data-restriction") == "R"
    assert page.get_attribute(f'{game} .field[data-field="b1"]', "data-restriction") == "4"
    assert page.locator(f"{game} .drawn-card").count() == 3
    page.locator(".sg-sagrada-board").scroll_into_view_if_needed()
    shot(page, "sagrada-designer-3-playing")
    assert page.outside == []  # type: ignore[attr-defined]
