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


def test_learning_from_self_play_in_the_lab(server: Any, page: Any) -> None:
    """The lab's "Learn from self-play" pressed for Walls of Light, then for Coloring: the progress bar
    runs through the self-play and the games, the value's chart and the games' chart appear,
    and the learned search is placed on the ladder's chart, its figures in words. In both it
    takes more than half the points from greedy over the 40 games (the seeds fixed, the
    playouts counted)."""
    import re
    import time

    import stainedglass as sg
    from stainedglass_widgets.pages.learn import learn_games

    page.goto(server.url("ai_lab.ipynb"), timeout=60_000)  # Voila runs the notebook first
    page.wait_for_selector(".sg-learn .sg-learn-start", timeout=60_000)
    section = page.locator(".sg-learn")
    section.scroll_into_view_if_needed()
    page.wait_for_selector(".sg-learn-ladder svg .sg-lab-line")  # the ladder, alone
    seconds = {}
    for k, game in enumerate(("walls_of_light", "coloring")):
        title = sg.load(game).title
        if k:
            choice = page.locator(".sg-learn select").first
            labels = choice.evaluate(  # (ipywidgets writes spaces as no-break spaces)
                "s => Array.from(s.options).map(o => o.text.replace(/\\u00a0/g, ' '))"
            )
            assert labels == [sg.load(g).title for g in learn_games()], labels
            choice.select_option(index=labels.index(title))
            page.wait_for_function(
                "() => !document.querySelector('.sg-learn-accuracy').innerText.trim()"
            )
        start = time.monotonic()
        page.click(".sg-learn-start")
        wait_text(page, ".sg-learn-status", "Playing", timeout=60_000)
        status = wait_text(page, ".sg-learn-status", "Done:", timeout=300_000)
        seconds[game] = time.monotonic() - start
        assert f"{title}: who wins?" in page.inner_text(".sg-learn-accuracy")
        drawn = "".join(page.inner_text(".sg-learn-rates").split())  # (lines wrap in the SVG)
        assert "learnedsearchagainstgreedy,40games" in drawn
        page.wait_for_selector('.sg-learn-ladder svg .sg-lab-yours[data-bot="learned"]')
        won = re.search(r"it won (\d+)% of 40 games against greedy", status)
        assert won is not None, status
        assert int(won.group(1)) > 50, status
        shot(page, f"lab-5-learn-{game}")
    print(f"learn from self-play, seconds: {seconds}")
    assert "Traceback" not in page.inner_text("body")
    assert page.outside == []  # type: ignore[attr-defined]
