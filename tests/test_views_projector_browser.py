"""Projector mode in Chromium on each game's play dashboard, on a classroom projector's screen
(1280 x 720), a wide one (1920 x 1080) and a squarer one (1400 x 1000): the board takes at least
:data:`~stainedglass_widgets.features.projector.BOARD_HEIGHT_FRACTION` of the screen's height
with the words beside it, and Escape leaves projector mode.

Screenshots: ``test-artifacts/projector-<game>-<width>x<height>.png``.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest

pytest.importorskip("anywidget")

from stainedglass_widgets.features.projector import (
    BOARD_HEIGHT_FRACTION,
    PAD_PX,
    SIDE_MIN_PX,
    WORDS_MIN_PX,
)
from harness import ROOT, VoilaServer, open_page, shot

pytestmark = pytest.mark.full  # a journey per game and screen: make test-all

GAMES = sorted(
    p.name.removesuffix("_play.ipynb") for p in (ROOT / "notebooks").glob("*_play.ipynb")
)
SCREENS = [(1280, 720), (1920, 1080), (1400, 1000)]
"""A classroom projector's screen, a wide one, and a squarer one (there the board is at least
:data:`BOARD_HEIGHT_FRACTION` high too, the word column narrower)."""

MEASURE = """() => {
  const view = document.querySelector('.sg-projector');
  const shown = el => el.getClientRects().length > 0;
  const boards = [...view.querySelectorAll('.sg-board svg.sg-svg')].filter(shown)
    .map(s => s.getBoundingClientRect())
    .sort((a, b) => b.width * b.height - a.width * a.height);
  const r = boards[0];
  const words = [...view.querySelectorAll('.sg-banner, .sg-message')].filter(shown)
    .map(e => { const b = e.getBoundingClientRect();
                return {px: parseFloat(getComputedStyle(e).fontSize), left: b.left,
                        right: b.right, text: e.innerText.trim().slice(0, 30)}; });
  return {board: {x: r.x, y: r.y, w: r.width, h: r.height}, words,
          width: innerWidth, height: innerHeight};
}"""
"""The main board (the largest drawing shown) and the words beside it."""


@pytest.mark.parametrize("size", SCREENS, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", GAMES)
def test_the_board_fills_the_screen_and_escape_leaves(
    server: VoilaServer, browser: Any, game: str, size: tuple[int, int]
) -> None:
    width, height = size
    page = open_page(browser, width, height)
    try:
        page.goto(server.url(f"{game}_play.ipynb"))
        page.wait_for_selector(".sg-view .sg-board svg", timeout=120_000)
        page.wait_for_selector(".sg-projector-toggle", timeout=60_000)
        page.click(".sg-projector-toggle")
        page.wait_for_selector(".sg-view.sg-projector")
        floor = BOARD_HEIGHT_FRACTION * height
        # the board is sized after the class is on: give the layout its moment (measured below)
        with contextlib.suppress(Exception):
            page.wait_for_function(
                "(f) => { const s = [...document.querySelectorAll("
                "'.sg-projector .sg-board svg.sg-svg')].map(e => e.getBoundingClientRect())"
                ".sort((a, b) => b.width * b.height - a.width * a.height)[0];"
                " return s && s.height >= f; }",
                arg=floor,
                timeout=10_000,
            )
        page.wait_for_timeout(300)
        m = page.evaluate(MEASURE)
        shot(page, f"projector-{game}-{width}x{height}")
        board = m["board"]
        share = board["h"] / height
        print(f"{game} {width}x{height}: board {board['w']:.0f} x {board['h']:.0f} px, {share:.0%}")
        if size == (1400, 1000) and board["w"] >= width - SIDE_MIN_PX - 4 * PAD_PX - 1:
            pass  # a drawing too wide for the screen's height (Sagrada's): as wide as it may be
        else:
            assert share >= BOARD_HEIGHT_FRACTION, (game, size, board)
        assert board["x"] >= 0 and board["y"] >= 0, board
        assert board["x"] + board["w"] <= width + 1, board
        assert board["y"] + board["h"] <= height + 1, board
        # the words beside the board, as large to the room as on a 1920 x 1080 screen, on the
        # screen, not over the board
        assert m["words"], "no words beside the board"
        unit = min(width / 1920, height / 1080)
        for words in m["words"]:
            assert words["px"] >= WORDS_MIN_PX * unit - 0.5, words
            assert words["right"] - words["left"] >= SIDE_MIN_PX - 30, words
            assert words["right"] <= width + 1, words
            assert words["left"] >= board["x"] + board["w"] - 1, (words, board)
        # Escape leaves projector mode, wherever the focus is: on the board (after the pointer
        # went over it) or on the page
        page.hover(".sg-projector .sg-board svg")
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.querySelector('.sg-projector')", timeout=10_000)
        page.click(".sg-projector-toggle")
        page.wait_for_selector(".sg-view.sg-projector")
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.querySelector('.sg-projector')", timeout=10_000)
        assert page.is_visible(".sg-log")
        assert page.outside == []  # type: ignore[attr-defined]
    finally:
        page.context.close()
