"""A board's supply beside it on a classroom projector's screen (1280 x 720), in Chromium: the
Cathedral's two supplies, their buildings' labels ("tavern ×2") read from the back of the
room, each inside its slot, while the city still fills the screen's height and the words keep
their column. Screenshot ``test-artifacts/projector-supply-cathedral-1280x720.png``."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("anywidget")

from harness import VoilaServer, open_page
from test_views_projector_browser import (
    BOARD_HEIGHT_FRACTION,
    MEASURE,
    PLAY_WORDS,
    check_the_board,
    screen,
    wait_for_the_board,
)

pytestmark = pytest.mark.full  # a projector's screen in Chromium: make test-all

LABEL_MIN_PX = 14
"""A supply's label, at least this many pixels high on a 1280 x 720 projector."""

LABELS = """() => [...document.querySelectorAll('.sg-projector .supply-piece')]
  .filter(g => g.getClientRects().length > 0)
  .map(g => {
    const t = g.querySelector('text'), slot = g.querySelector('rect');
    const svg = t.ownerSVGElement;
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const r = t.getBoundingClientRect(), s = slot.getBoundingClientRect();
    return {text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * scale,
            inside: r.left >= s.left - 0.5 && r.right <= s.right + 0.5};
  })"""


def test_the_supplys_labels_are_read_on_a_projector(server: VoilaServer, browser: Any) -> None:
    size = (1280, 720)
    page = open_page(browser, *size)
    try:
        page.goto(server.url("cathedral_play.ipynb"))
        page.wait_for_selector(".sg-view .sg-board svg", timeout=120_000)
        page.click(".sg-projector-toggle >> nth=0")
        page.wait_for_selector(".sg-projector")
        wait_for_the_board(page, BOARD_HEIGHT_FRACTION * size[1])
        labels = page.evaluate(LABELS)
        screen(page, "projector-supply-cathedral-1280x720")
        assert len(labels) >= 10, labels  # both supplies' buildings
        small = [label for label in labels if label["px"] < LABEL_MIN_PX - 0.25]
        assert not small, small
        out = [label["text"] for label in labels if not label["inside"]]
        assert not out, out
        check_the_board(page.evaluate(MEASURE, PLAY_WORDS), "cathedral", size)
        assert page.outside == []  # type: ignore[attr-defined]
    finally:
        page.context.close()
