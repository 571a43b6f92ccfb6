"""The position editor in a real browser: Voila serves the Cathedral play dashboard,
Playwright drives Debian's Chromium (the shared fixtures of ``tests/conftest.py``; no browser:
skipped, or failed where CI is set). A teacher opens Edit, sets up a position the engine refuses
and sees why, mends it and plays on from it. Screenshots go to ``test-artifacts/``."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("anywidget")

from harness import (
    CITY,
    VoilaServer,
    board_version,
    shot,
    wait_moves,
    wait_redraw,
    wait_text,
)

pytestmark = pytest.mark.full  # a journey: make test-all

EDITOR = ".sg-editor-city .sg-board"
SAID = ".sg-editor-message"


def type_move(page: Any, move: str, n: int) -> None:
    typed = page.locator('input[placeholder^="or type a move"]')
    typed.fill(move)
    typed.press("Enter")
    wait_moves(page, n)


def on_editor_city(page: Any, action: str, cell: str) -> None:
    """Hover or click a square of the editor's city, and wait for its redraw."""
    before = board_version(page, EDITOR)
    getattr(page, action)(f'{EDITOR} [data-id="{cell}"]')
    wait_redraw(page, before, EDITOR)


def test_an_edited_position_is_refused_with_its_reason_then_played_from(
    server: VoilaServer, page: Any
) -> None:
    page.set_viewport_size({"width": 1280, "height": 1400})  # the editor and its words in view
    page.goto(server.url("cathedral_play.ipynb"))
    page.wait_for_selector(CITY + " svg", timeout=60_000)
    # a game under way: Light's tavern on j1 claimed a1, walled off by Light's inn
    for n, move in enumerate(
        ["cathedral e4 d5 e5 f5 e6 e7", "tavern j10", "inn b1 a2 b2", "stable h1 i1", "tavern j1"],
        1,
    ):
        type_move(page, move, n)

    # Edit: the editor opens on that position, the play board hidden
    page.click(".sg-edit")
    page.wait_for_selector(EDITOR + " svg", timeout=30_000)
    page.wait_for_selector(CITY, state="hidden", timeout=5_000)  # the board has left
    assert page.query_selector(f'{EDITOR} [data-owner="cathedral"]') is not None
    wait_text(page, SAID, "The engine can play from this position")

    # a Light building, turned with the r key, placed by a click
    page.click(".sg-editor-side button:has-text('Light')")
    page.select_option(".sg-editor-piece select", label="bridge (1 left)")
    on_editor_city(page, "hover", "c8")
    upright = page.eval_on_selector(f"{EDITOR} .ghost", "g => g.innerHTML")
    before = board_version(page, EDITOR)
    page.keyboard.press("r")
    wait_redraw(page, before, EDITOR)
    assert page.eval_on_selector(f"{EDITOR} .ghost", "g => g.innerHTML") != upright
    on_editor_city(page, "click", "c8")
    page.wait_for_selector(f'{EDITOR} [data-owner="light"][data-piece="bridge"]')
    wait_text(page, SAID, "Light's bridge on b8 c8 d8")

    # a Dark tavern in Light's territory: the engine refuses it, and says why
    page.click(".sg-editor-side button:has-text('Dark')")
    page.select_option(".sg-editor-piece select", label="tavern (1 left)")
    on_editor_city(page, "hover", "a1")
    on_editor_city(page, "click", "a1")
    page.wait_for_selector(f'{EDITOR} [data-owner="dark"][data-piece="tavern"][data-cells="a1"]')
    page.click("button:has-text('Play from here')")
    words = wait_text(page, SAID, "Refused")
    assert "a building may not stand on the opponent's territory" in words
    assert "a1" in words and "Light's territory" in words
    assert page.is_visible(EDITOR)  # still editing: nothing was played
    page.eval_on_selector(".sg-editor", "el => el.scrollIntoView()")
    shot(page, "editor-1-refused")

    # mended: the tavern taken away by a click; now the game goes on from there
    on_editor_city(page, "click", "a1")
    wait_text(page, SAID, "The engine can play from this position")
    page.click("button:has-text('Play from here')")
    try:
        page.wait_for_selector(CITY + " svg", state="visible")
    except Exception as e:  # say what the page said (a fresh clone once waited here in vain)
        shot(page, "editor-2-not-playing")
        raise AssertionError(
            f"no play board: the editor said {page.inner_text(SAID)!r}, the "
            f"view {page.inner_text('.sg-view .sg-message')!r}"
        ) from e
    wait_text(page, ".sg-view .sg-message", "Playing from the position you set up")
    assert page.query_selector(EDITOR) is None
    assert page.query_selector(f'{CITY} [data-owner="light"][data-piece="bridge"]') is not None
    assert "Dark" in page.inner_text(".sg-banner")
    type_move(page, "tavern a10", 1)  # Dark plays on: the game's first move from there
    page.wait_for_selector(f'{CITY} [data-owner="dark"][data-cells="a10"]')
    page.eval_on_selector(".sg-banner", "el => el.scrollIntoView()")
    shot(page, "editor-2-playing")
    assert page.outside == []  # type: ignore[attr-defined]
