"""The AI lab in a real browser under Voila: start a tournament, watch its chart fill as games
end, stop it (the games played stay), and see strength against time. Screenshots:
``test-artifacts/lab-*.png``."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("anywidget")

from harness import shot, wait_text

pytestmark = pytest.mark.full  # journeys: make test-all


def test_the_lab_plays_a_tournament_shows_it_and_stops(server: Any, page: Any) -> None:
    page.goto(server.url("ai_lab.ipynb"), timeout=60_000)  # Voila runs the notebook first
    page.wait_for_selector(".sg-lab .sg-lab-start", timeout=60_000)
    page.wait_for_selector(".sg-lab-strength svg .sg-lab-line")
    games = page.locator(".sg-lab-games input")
    games.fill("200")
    games.press("Enter")
    page.click(".sg-lab-start")
    # the chart fills as games end: at least two so far
    page.wait_for_function(
        "() => { const t = document.querySelector('.sg-lab-status');"
        " const m = t && t.innerText.match(/Playing… (\\d+) of 200/);"
        " return m && Number(m[1]) >= 2; }",
        timeout=180_000,
    )
    bars = page.locator(".sg-lab-rates .sg-lab-bar")
    assert bars.count() == 2
    assert bars.first.get_attribute("data-bot") == "mcts:budget=0.1"
    shot(page, "lab-1-playing")
    page.click(".sg-lab-stop")
    status = wait_text(page, ".sg-lab-status", "Stopped after")
    played = int(status.split("after ")[1].split(" of")[0])
    assert 2 <= played < 200
    assert f"{played} of 200 games" in page.inner_text(".sg-lab-rates")
    # Start comes back once the worker has finished (a message after the status's): wait for it
    page.wait_for_selector(
        ".sg-lab-start button:not([disabled]), button.sg-lab-start:not([disabled])", timeout=10_000
    )
    page.locator(".sg-lab-strength").scroll_into_view_if_needed()
    shot(page, "lab-2-stopped")
    assert "Traceback" not in page.inner_text("body")
    assert page.outside == []  # type: ignore[attr-defined]


def test_the_search_view_analyses_a_position(server: Any, page: Any) -> None:
    page.goto(server.url("ai_lab.ipynb"), timeout=60_000)  # Voila runs the notebook first
    page.wait_for_selector(".sg-lab-search .sg-city svg", timeout=60_000)
    page.locator(".sg-lab-search").scroll_into_view_if_needed()
    page.click(".sg-lab-analyse")
    page.wait_for_selector(".sg-lab-candidates svg .sg-lab-bar", timeout=120_000)
    status = page.inner_text(".sg-lab-search-status")
    assert status.startswith("cathedral chose ")
    assert page.locator(".sg-lab-search .sg-hint").count() >= 2  # the marks, listed
    page.wait_for_selector(".sg-lab-line-board svg")
    page.wait_for_selector(".sg-lab-anytime svg")
    # a line drawn (attached, not "visible": a flat line, the same value at every budget, has
    # no height, and Playwright counts an element without height as hidden)
    page.wait_for_selector(".sg-lab-anytime svg .sg-lab-line", state="attached")
    assert page.locator(".sg-lab-line-moves li").count() >= 1
    shot(page, "lab-3-search")
    assert "Traceback" not in page.inner_text("body")
    assert page.outside == []  # type: ignore[attr-defined]


def test_a_bot_typed_into_the_lab_is_placed_on_the_ladders_chart(server: Any, page: Any) -> None:
    page.goto(server.url("ai_lab.ipynb"), timeout=60_000)  # Voila runs the notebook first
    page.wait_for_selector(".sg-lab-yourbot .sg-lab-code textarea", timeout=60_000)
    cell = page.locator(".sg-lab-yourbot")
    cell.scroll_into_view_if_needed()
    page.wait_for_selector(".sg-lab-yourbot-ladder svg .sg-lab-line")  # the ladder, alone
    assert page.locator(".sg-lab-yourbot-ladder .sg-lab-yours").count() == 0
    code = page.locator(".sg-lab-code textarea")
    code.fill(
        'def choose(state):\n    """The last legal move."""\n    return state.legal_moves()[-1]\n'
    )
    name = page.locator(".sg-lab-yourbot-name input")
    name.fill("lastmove")
    name.press("Enter")
    # play greedy alone, two games: quick (the hint search is chosen too at first)
    against = page.locator(".sg-lab-yourbot-against select")
    against.select_option(["greedy"])
    games = page.locator(".sg-lab-yourbot input[type=number]")
    games.fill("2")
    games.press("Enter")
    page.click(".sg-lab-yourbot-start")
    wait_text(page, ".sg-lab-yourbot-rates", "2 of 2 games")  # the live chart
    placed = page.wait_for_selector(
        '.sg-lab-yourbot-ladder svg .sg-lab-yours[data-bot="lastmove"]', timeout=180_000
    )
    assert "lastmove" in (placed.text_content() or "")
    status = wait_text(page, ".sg-lab-yourbot-status", "placed on the ladder")
    assert "lastmove is rated" in status and "Elo" in status
    page.click(".sg-lab-yourbot-review")
    page.wait_for_selector(".sg-lab-yourbot .sg-city svg", timeout=60_000)  # the review board
    shot(page, "lab-4-your-bot")
    assert "Traceback" not in page.inner_text("body")
    assert page.outside == []  # type: ignore[attr-defined]
