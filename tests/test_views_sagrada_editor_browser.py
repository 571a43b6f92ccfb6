"""Sagrada's position editor in a real browser: Voila serves the Sagrada play dashboard,
Playwright drives Debian's Chromium (the shared fixtures of ``tests/conftest.py``; no browser:
skipped, or failed where CI is set). A teacher opens Edit, places a card the engine refuses and
sees why, mends the position with the pickers and plays on from it. Screenshots go to
``test-artifacts/``."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("anywidget")

from harness import (
    VoilaServer,
    board_version,
    shot,
    wait_moves,
    wait_redraw,
    wait_text,
)

pytestmark = pytest.mark.full  # a journey: make test-all

BOARD = ".sg-sagrada-board .sg-board"
EDITOR = ".sg-editor-board .sg-board"
SAID = ".sg-editor-message"


def on_editor(page: Any, ident: str) -> None:
    """Click a target of the editor's board, and wait for its redraw."""
    before = board_version(page, EDITOR)
    page.click(f'{EDITOR} [data-id="{ident}"]')
    wait_redraw(page, before, EDITOR)


def choose(page: Any, card: str) -> None:
    page.click(f".sg-editor-color button:has-text('{card[0]} ')")
    page.click(f".sg-editor-value button:text-is('{card[1]}')")


def test_a_refused_card_then_a_mended_position_played_from(server: VoilaServer, page: Any) -> None:
    page.goto(server.url("sagrada_play.ipynb"))
    page.wait_for_selector(BOARD + " svg", timeout=60_000)
    before = board_version(page, BOARD)
    page.click(".sg-chance")  # Draw the cards
    wait_redraw(page, before, BOARD)
    wait_moves(page, 3)
    drawn = page.eval_on_selector_all(f"{BOARD} .drawn-card", "els => els.map(e => e.dataset.card)")
    assert len(drawn) == 3

    # Edit: the editor opens on the position, the play board hidden
    page.click(".sg-edit")
    page.wait_for_selector(EDITOR + " svg", timeout=30_000)
    page.wait_for_selector(BOARD, state="hidden", timeout=5_000)  # the board has left
    wait_text(page, SAID, "The engine can play from this position")
    page.select_option(".sg-editor-window select", label="Morning Lantern (3)")
    page.wait_for_selector(f'{EDITOR} .field[data-field="a1"][data-restriction="R"]')

    # a card placed inside the window: the very first card goes on an edge, refused with why
    spare = next(c for c in ("K1", "K2", "K3") if c not in drawn)
    choose(page, spare)
    on_editor(page, "c2")
    assert page.get_attribute(f'{EDITOR} .field[data-field="c2"] .placed', "data-card") == spare
    words = wait_text(page, SAID, "Not a position to play from")
    assert "the very first card must be placed on an edge or corner field" in words
    page.click("button:has-text('Play from here')")
    wait_text(page, SAID, "Refused")
    assert page.is_visible(EDITOR)  # still editing: nothing was played
    shot(page, "sagrada-editor-1-refused")

    # mended: the card off by a click; a drawn card placed on b1 as this round's first turn
    on_editor(page, "c2")
    wait_text(page, SAID, "The engine can play from this position")
    choose(page, drawn[0])
    on_editor(page, "b1")
    wait_text(page, SAID, "it was among the drawn cards")
    page.select_option(".sg-editor-placed-round select", label="1")
    page.select_option(".sg-editor-turns select", label="turn 2 (one turn played)")
    wait_text(page, SAID, "The engine can play from this position")
    shot(page, "sagrada-editor-2-mended")
    page.click("button:has-text('Play from here')")
    page.wait_for_selector(BOARD + " svg", state="visible")
    wait_text(page, ".sg-view .sg-message", "Playing from the position you set up")
    assert page.query_selector(EDITOR) is None
    assert page.get_attribute(f'{BOARD} .field[data-field="b1"] .placed', "data-card") == drawn[0]
    cards = page.eval_on_selector_all(f"{BOARD} .drawn-card", "els => els.map(e => e.dataset.card)")
    assert cards == drawn[1:]
    shot(page, "sagrada-editor-3-playing")
    assert page.outside == []  # type: ignore[attr-defined]
