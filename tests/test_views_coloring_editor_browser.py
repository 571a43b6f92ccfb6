"""Real-browser tests of Coloring's position editor (Edit on the play dashboard) and of the sheet
designer notebook: Voila serves the notebooks, Playwright drives Debian's Chromium (the shared
fixtures of ``tests/conftest.py``). Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import html
import json
from typing import Any

import pytest

pytest.importorskip("anywidget")

from stainedglass.coloring.sheet import DEFAULT_FILE
from harness import (
    board_version,
    shot,
    wait_redraw,
)

pytestmark = pytest.mark.full  # journeys: make test-all

EDITOR = ".sg-coloring-editor-board .sg-board"
DESIGNER = ".sg-designer-board .sg-board"


def click(page: Any, board: str, ident: str) -> None:
    before = board_version(page, board)
    page.click(f'{board} [data-id="{ident}"]')
    wait_redraw(page, before, board)


def editor_says(page: Any, text: str) -> str:
    page.wait_for_function(
        "(t) => { const el = document.querySelector('.sg-editor .sg-editor-message');"
        " return el && el.innerText.includes(t); }",
        arg=text,
        timeout=20_000,
    )
    return html.unescape(page.inner_text(".sg-editor .sg-editor-message"))


def test_coloring_edit_set_up_refuse_and_play_from_here(server: Any, page: Any) -> None:
    page.goto(server.url("coloring_play.ipynb"))
    page.wait_for_selector(".sg-coloring-board .sg-board svg", timeout=60_000)
    page.click("button.sg-edit")
    page.wait_for_selector(EDITOR + " svg", timeout=30_000)
    assert "The engine can play from this position." in editor_says(page, "engine")
    shot(page, "coloring-editor-0-open")
    for shape in (1, 2, 3, 4, 5, 6):
        click(page, EDITOR, f"shape:{shape}")
    # the message follows the board's redraw: wait for the words of the sixth shape
    words = editor_says(page, "red shapes 1, 2, 3, 4, 5 and 6 touch each other")
    assert "Not a position to play from" in words
    shot(page, "coloring-editor-1-refused")
    click(page, EDITOR, "shape:6")  # cleared again
    page.click(".sg-coloring-editor-panel button:has-text('R red')")  # the red pencil taken
    editor_says(page, "The red pencil is taken")
    page.select_option(".sg-editor-turn select", label="player 2")
    editor_says(page, "Player 2 to move. The engine can play from this position.")
    colored = page.eval_on_selector_all(
        f"{EDITOR} path.shape.colored", "els => els.map(e => e.dataset.shape)"
    )
    assert sorted(colored, key=int) == ["1", "2", "3", "4", "5", "38"]
    shot(page, "coloring-editor-2-set-up")
    page.click(".sg-editor button:has-text('Play from here')")
    page.wait_for_selector(".sg-editor", state="detached", timeout=20_000)
    page.wait_for_function(
        "() => document.querySelector('.sg-view .sg-message')"
        ".innerText.includes('Playing from the position you set up')"
    )
    # the boards come back to the page after the editor leaves, each drawn when its view is
    # made again (asynchronously: the message, a plain HTML widget, can show first)
    page.wait_for_selector(".sg-coloring-side .sg-board svg", state="visible", timeout=20_000)
    labels = page.eval_on_selector_all(
        ".sg-coloring-side .sg-board [data-label]", "els => els.map(e => e.dataset.label)"
    )
    assert sum("player 1, shape" in s and ": red" in s for s in labels) == 5
    shot(page, "coloring-editor-3-playing")
    assert page.outside == []  # type: ignore[attr-defined]


def test_coloring_sheet_designer_marks_each_failure(server: Any, page: Any, tmp_path: Any) -> None:
    page.goto(server.url("coloring_sheets.ipynb"))
    page.wait_for_selector(DESIGNER + " svg", timeout=60_000)  # the small sheet, below
    data = json.loads(DEFAULT_FILE.read_text())
    data["shapes"][38]["color"] = "purple"  # shapes 38 and 39 both purple, touching
    data["stars"][2] = [[x + 40, y] for x, y in data["stars"][2]]  # star 3 off the rim
    bad = tmp_path / "my_sheet.json"
    bad.write_text(json.dumps(data))
    first = page.locator(".sg-designer").first
    with page.expect_file_chooser() as chooser:
        first.locator(".widget-upload").click()
    chooser.value.set_files(str(bad))
    page.wait_for_function(
        "() => { const el = document.querySelector('.sg-designer .sg-designer-message');"
        " return el && el.innerText.includes('fails'); }",
        timeout=30_000,
    )
    text = html.unescape(first.locator(".sg-designer-problems").inner_text())
    assert "shapes 38 and 39 are both pre-coloured purple and touch" in text
    assert "star 3 is bordered by 0 shapes" in text
    board = first.locator(".sg-designer-board .sg-board")
    board.locator('[data-fault="shape:39"]').wait_for(state="attached")
    assert board.locator('[data-fault="star:3"]').count() == 1
    board.scroll_into_view_if_needed()
    shot(page, "coloring-designer-1-failures")
    first.locator("button:has-text('Start from the default sheet')").click()
    page.wait_for_function(
        "() => document.querySelector('.sg-designer .sg-designer-message')"
        ".innerText.includes('meets every requirement')",
        timeout=30_000,
    )
    first.locator("button:has-text('Play this sheet')").click()
    first.locator(".sg-coloring-board .sg-board svg").wait_for(timeout=30_000)
    shot(page, "coloring-designer-2-playing")
    assert page.outside == []  # type: ignore[attr-defined]
