"""Real-browser tests of Walls of Light's face designer notebook and the play dashboard's
position editor: Voila serves the notebooks, Playwright drives Debian's Chromium (the shared
fixtures of ``tests/conftest.py``). Screenshots go to ``test-artifacts/``."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("anywidget")

from harness import (
    board_version,
    shot,
    wait_redraw,
    wait_text,
)

pytestmark = pytest.mark.full  # journeys: make test-all

DESIGN = ".sg-designer-board .sg-board"
PLAY = ".sg-walls .sg-board"
EDIT = ".sg-editor-board .sg-board"


def click(page: Any, board: str, ident: str) -> None:
    before = board_version(page, board)
    page.click(f'{board} [data-id="{ident}"]')
    wait_redraw(page, before, board)


def test_design_a_face_and_play_with_it(server: Any, page: Any) -> None:
    page.goto(server.url("walls_of_light_faces.ipynb"))
    page.wait_for_selector(DESIGN + " svg", timeout=60_000)
    wait_text(page, ".sg-designer-check", "A window of 8 spaces")
    page.click(".sg-designer-paint button:has-text('stone')")
    for cell in ("b1", "c1", "b2", "c2"):
        click(page, DESIGN, cell)
    wait_text(page, ".sg-designer-check", "4 spaces; a face has 5 to 16 spaces")
    assert page.query_selector(f'{DESIGN} .space[data-space="1:b1"]') is None
    shot(page, "wol-designer-0-refused")
    page.click(".sg-designer-paint button:has-text('+card')")
    click(page, DESIGN, "b1")
    wait_text(page, ".sg-designer-check", "A window of 5 spaces")
    assert page.get_attribute(f'{DESIGN} .space[data-space="1:b1"]', "data-special") == "+card"
    page.click("button:has-text('Play with this face')")
    page.wait_for_selector(PLAY + " svg", timeout=30_000)
    before = board_version(page, PLAY)
    page.click(".sg-roll")
    wait_redraw(page, before, PLAY)
    page.wait_for_selector(f"{PLAY} .target")
    target = page.get_attribute(f"{PLAY} .target", "data-space")
    before = board_version(page, PLAY)
    page.click(f'{PLAY} [data-id="{target}"]')
    wait_redraw(page, before, PLAY)
    page.wait_for_function(
        '([b, s]) => document.querySelector(`${b} .space[data-space="${s}"]`)'
        ".dataset.winks !== ''",
        arg=[PLAY, target],
    )
    assert "✗" not in page.inner_text(".sg-view .sg-message")
    shot(page, "wol-designer-1-playing")


def test_edit_a_position_on_the_play_dashboard(server: Any, page: Any) -> None:
    page.goto(server.url("walls_of_light_play.ipynb"))
    page.wait_for_selector(PLAY + " svg", timeout=60_000)
    page.click(".sg-edit")
    page.wait_for_selector(EDIT + " svg", timeout=30_000)
    wait_text(page, ".sg-editor-message", "can play from this position")
    page.click(".sg-editor .widget-checkbox:has-text('dice rolled') input")
    wait_text(page, ".sg-editor-message", "Dice:")
    space = page.get_attribute(f'{EDIT} .space[data-printed=""]', "data-space")
    click(page, EDIT, space)
    page.wait_for_function(
        '([b, s]) => document.querySelector(`${b} .space[data-space="${s}"]`)'
        ".dataset.winks === 'red'",
        arg=[EDIT, space],
    )
    # the board keeps its picture's glass under ids of its own (no other picture's are used)
    assert page.query_selector(f'{EDIT} [id$="-p-h-red"]') is not None
    assert page.query_selector(f'{EDIT} [id="h-red"]') is None
    shot(page, "wol-editor-0-wink")
    page.click(".sg-editor button:has-text('Play from here')")
    page.wait_for_selector(EDIT, state="detached", timeout=30_000)
    page.wait_for_selector(PLAY + " svg", timeout=30_000)
    page.wait_for_function(
        '([b, s]) => document.querySelector(`${b} .space[data-space="${s}"]`)'
        ".dataset.winks === 'red'",
        arg=[PLAY, space],
        timeout=30_000,
    )
    wait_text(page, ".sg-view .sg-message", "Playing from the position you set up")
    shot(page, "wol-editor-1-playing")
