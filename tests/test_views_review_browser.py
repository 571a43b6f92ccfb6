"""Real-browser tests of games shared and reviewed: a share link opens its game in a play
dashboard under Voila (preheated kernels), a tampered one shows a message and the normal start;
the review notebook steps through an example game and follows a click on its timeline.
Shared fixtures (``tests/conftest.py``); screenshots go to ``test-artifacts/``."""

from __future__ import annotations

import html
import json
import random
from typing import Any

import pytest

pytest.importorskip("anywidget")

import stainedglass as sg
from harness import ROOT, shot, wait_moves

pytestmark = pytest.mark.full  # journeys: make test-all


def full_cathedral_game() -> sg.State:
    state = sg.load("cathedral").new_game(seed=21)
    rng = random.Random(21)
    while not state.is_terminal():
        state.play(rng.choice(state.legal_moves()))
    return state


def test_a_share_link_opens_the_game_and_a_tampered_one_the_normal_start(
    server: Any, page: Any
) -> None:
    state = full_cathedral_game()
    link = state.record().to_link(server.url("cathedral_play.ipynb"))
    assert len(link) < 2000
    page.goto(link)
    page.wait_for_selector(".sg-city svg", timeout=60_000)
    wait_moves(page, len(state.history))
    page.wait_for_function(
        "() => document.querySelector('.sg-view .sg-message')"
        ".innerText.includes('Opened the shared game')"
    )
    assert "Game over" in page.inner_text(".sg-banner")
    page.wait_for_selector(".sg-review-button", state="visible")
    shot(page, "share-1-opened")
    # Review this game: the review board below the board, with its timeline once judged
    page.click(".sg-review-button")
    page.wait_for_selector(".sg-review-timeline .plotly", timeout=240_000)
    page.locator(".sg-review-verdict").scroll_into_view_if_needed()
    shot(page, "share-1-reviewed")
    # at a move of its own
    page.goto(state.record().to_link(server.url("cathedral_play.ipynb"), at=6))
    page.wait_for_selector(".sg-city svg", timeout=60_000)
    wait_moves(page, 6)
    # tampered: a message, and the normal start
    token = link.split("record=")[1]
    bad = server.url("cathedral_play.ipynb") + "?record=" + token[:40] + "x" + token[41:]
    page.goto(bad)
    page.wait_for_selector(".sg-city svg", timeout=60_000)
    page.wait_for_function(
        "() => document.querySelector('.sg-view .sg-message')"
        ".innerText.includes('Could not open it')"
    )
    wait_moves(page, 0)
    assert "Traceback" not in page.inner_text("body")
    shot(page, "share-2-tampered")
    assert page.outside == []  # type: ignore[attr-defined]


def test_share_gives_a_link_in_the_page(server: Any, page: Any) -> None:
    page.goto(server.url("cathedral_play.ipynb"))
    page.wait_for_selector(".sg-city svg", timeout=60_000)
    page.fill(".sg-view input[type=text] >> nth=0", "cathedral e4 d5 e5 f5 e6 e7")
    page.keyboard.press("Enter")
    wait_moves(page, 1)
    page.click(".sg-share")
    page.wait_for_function(
        "() => { const i = document.querySelector('.sg-link input');"
        " return i && i.value.includes('?record=r1.'); }"
    )
    link = page.input_value(".sg-link input")
    assert sg.load_record(link).moves == ["cathedral e4 d5 e5 f5 e6 e7"]
    saved = page.get_attribute(".sg-save-link", "href")
    assert saved and saved.startswith("data:application/json;base64,")
    shot(page, "share-3-link")


def verdict(page: Any) -> str:
    return html.unescape(page.inner_text(".sg-review-verdict"))


def test_the_review_notebook_steps_and_follows_the_timeline(server: Any, page: Any) -> None:
    record = sg.load_record((ROOT / "notebooks" / "games" / "cathedral.json").read_text())
    page.goto(server.url("review.ipynb") + "?game=cathedral")
    page.wait_for_selector(".sg-review-timeline .plotly", timeout=240_000)
    page.wait_for_selector(".sg-review-moves svg")
    assert f"Move {len(record.moves)}" in verdict(page)
    shot(page, "review-1-done")
    page.click(".sg-review-first")
    page.wait_for_function(
        "() => document.querySelector('.sg-review-verdict')"
        ".innerText.includes('The start of the game')"
    )
    page.click(".sg-review-forward")
    page.wait_for_function(
        "() => document.querySelector('.sg-review-verdict').innerText.includes('Move 1,')"
    )
    # the arrow keys on the move list (a click there gives it the keys)
    page.click('.sg-review-moves [data-id="ply:3"]')
    page.wait_for_function(
        "() => document.querySelector('.sg-review-verdict').innerText.includes('Move 3,')"
    )
    page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "() => document.querySelector('.sg-review-verdict').innerText.includes('Move 4,')"
    )
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(
        "() => document.querySelector('.sg-review-verdict').innerText.includes('Move 2,')"
    )
    # a click on the move list
    page.click('.sg-review-moves [data-id="ply:5"]')
    page.wait_for_function(
        "() => document.querySelector('.sg-review-verdict').innerText.includes('Move 5,')"
    )
    shot(page, "review-2-move-5")
    # a click on a point of the timeline
    points = page.locator(".sg-review-timeline .scatterlayer .trace").first.locator("path.point")
    if points.count() == 0:  # a line without markers: click the plot where move 10 is
        box = page.locator(".sg-review-timeline .nsewdrag").first.bounding_box()
        assert box is not None
        page.mouse.click(
            box["x"] + box["width"] * 10 / len(record.moves), box["y"] + box["height"] / 2
        )
    else:
        points.nth(min(10, points.count() - 1)).click(force=True)
    page.wait_for_function(
        "() => !document.querySelector('.sg-review-verdict').innerText.includes('Move 5,')",
        timeout=20_000,
    )
    shot(page, "review-3-timeline-click")
    assert "Traceback" not in page.inner_text("body")
    assert page.outside == []  # type: ignore[attr-defined]


def test_the_example_games_are_real_records() -> None:
    for path in sorted((ROOT / "notebooks" / "games").glob("*.json")):
        record = sg.load_record(path.read_text())
        assert record.state().is_terminal(), path.name
        assert json.loads(path.read_text())["players"], path.name


def test_compare_my_move_and_the_review_say_the_one_scale(server: Any, page: Any) -> None:
    """Compare my move on a play dashboard, and a review's verdict, each say a verdict of the
    one scale (its sign and word: "?? Blunder", "★ Best") and name the move in words."""
    words = [sg.ai.verdict_words(word) for word, _ in sg.ai.LABELS]
    page.goto(server.url("cathedral_play.ipynb"))
    page.wait_for_selector(".sg-city svg", timeout=60_000)
    page.fill(".sg-view input[placeholder^='or type a move']", "cathedral e4 d5 e5 f5 e6 e7")
    page.keyboard.press("Enter")
    wait_moves(page, 1)
    page.click(".sg-view button:has-text('Compare my move')")
    page.wait_for_function(
        "() => document.querySelector('.sg-view .sg-message')"
        ".innerText.includes('Compared with the best: ')",
        timeout=60_000,
    )
    said = html.unescape(page.inner_text(".sg-view .sg-message"))
    assert any(w in said for w in words) and "the cathedral on d4-f7" in said.lower(), said
    shot(page, "compare-verdict")
    page.goto(server.url("review.ipynb") + "?game=cathedral")
    page.wait_for_selector(".sg-review-timeline .plotly", timeout=240_000)
    page.click('.sg-review-moves [data-id="ply:6"]')
    page.wait_for_function(
        "() => document.querySelector('.sg-review-verdict').innerText.includes('Move 6,')"
    )
    said = html.unescape(verdict(page))
    assert any(w in said for w in words), said
    shot(page, "review-verdict")
