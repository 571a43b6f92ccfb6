"""Real-browser tests of the Sagrada dashboards: Voila serves the notebooks, Playwright drives
Debian's Chromium (the shared fixtures of ``tests/conftest.py``: requests off 127.0.0.1 are
held unanswered; no browser: skipped, or failed where CI is set). Screenshots go to
``test-artifacts/``.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("anywidget")

from harness import (
    board_version,
    message,
    shot,
    wait_moves,
    wait_redraw,
)

pytestmark = pytest.mark.full  # journeys: make test-all

BOARD = ".sg-sagrada-board .sg-board"
EDGE = ["a1", "b1", "c1", "d1", "e1", "a2", "e2", "a3", "e3", "a4", "b4", "c4", "d4", "e4"]


def click(page: Any, ident: str, board: str = BOARD) -> None:
    before = board_version(page, board)
    page.click(f'{board} [data-id="{ident}"]')
    wait_redraw(page, before, board)


def hover(page: Any, field: str) -> str:
    """Hover a field with a card in hand: ``"legal"`` or ``"illegal"`` as the board says."""
    before = board_version(page, BOARD)
    page.hover(f'{BOARD} [data-id="{field}"]')
    wait_redraw(page, before, BOARD)
    found = page.query_selector(f'{BOARD} .field[data-field="{field}"] .preview')
    assert found is not None
    return "legal" if "legal" in (found.get_attribute("class") or "").split() else "illegal"


def test_sagrada_dashboard_place_refusal_undo_and_hint(server: Any, page: Any) -> None:
    page.goto(server.url("sagrada_play.ipynb"))
    page.wait_for_selector(BOARD + " svg", timeout=60_000)
    assert "How hard is this window?" in page.inner_text(".sg-hardness")
    shot(page, "sagrada-0-start")
    before = board_version(page, BOARD)
    page.click(".sg-chance")  # Draw the cards
    wait_redraw(page, before, BOARD)
    wait_moves(page, 3)
    cards = page.eval_on_selector_all(f"{BOARD} .drawn-card", "els => els.map(e => e.dataset.card)")
    assert len(cards) == 3

    # a card in hand: an interior field is refused before the click, with the rule
    click(page, f"card:{cards[0]}")
    assert hover(page, "c2") == "illegal"
    assert "Illegal: c2" in page.inner_text(".sg-preview")  # the first card: not inside
    page.click(f'{BOARD} [data-id="c2"]')
    page.wait_for_function(
        "() => document.querySelector('.sg-view .sg-message').innerText.includes('Illegal')"
    )
    assert "✗" in message(page)
    shot(page, "sagrada-1-refused")

    # placed on an edge field that the preview shows green
    placed = None
    for card in cards:
        click(page, f"card:{card}")
        for field in EDGE:
            if hover(page, field) == "legal":
                placed = (card, field)
                break
        if placed:
            break
    assert placed, "some drawn card fits some edge field"
    click(page, placed[1])
    wait_moves(page, 4)
    assert (
        page.get_attribute(f'{BOARD} .field[data-field="{placed[1]}"] .placed', "data-card")
        == placed[0]
    )
    shot(page, "sagrada-2-placed")

    # undo, then a hint drawn on the window (numbered violet marks)
    before = board_version(page, BOARD)
    page.click("button:has-text('Undo')")
    wait_redraw(page, before, BOARD)
    wait_moves(page, 3)  # a hover preview may redraw first: wait for the undo itself
    page.wait_for_selector(f'{BOARD} .field[data-field="{placed[1]}"] .placed', state="detached")
    assert "taken back" in message(page)
    page.click("button:has-text('Hint')")
    page.wait_for_selector(f"{BOARD} .hint[data-rank='1']", timeout=30_000)
    assert page.query_selector(".sg-hints li.sg-hint")
    shot(page, "sagrada-3-hint")
    assert page.outside == []  # type: ignore[attr-defined]


def test_sagrada_tutorial_uses_a_tool(server: Any, page: Any) -> None:
    from stainedglass_widgets.sagrada.lessons import LESSONS

    page.goto(server.url("sagrada_tutorial.ipynb"))
    page.wait_for_function(
        "(n) => document.querySelectorAll('.sg-sagrada-board svg').length >= n",
        arg=len(LESSONS),
        timeout=120_000,
    )
    index = list(LESSONS).index("redraw")
    view = page.locator(".sg-view").nth(index)
    view.scroll_into_view_if_needed()
    board = view.locator(".sg-board")
    view.locator('[data-id="tool:redraw"]').click()
    page.wait_for_function(
        "(i) => document.querySelectorAll('.sg-view')[i]"
        ".querySelector('.sg-message').innerText.includes('click a drawn 3')",
        arg=index,
    )
    view.locator('[data-id="card:Y3"]').click()
    page.wait_for_function(
        "(i) => document.querySelectorAll('.sg-view')[i]"
        ".querySelector('.sg-message').innerText.includes('Redraw (3 pips, paid"
        " with Y3)')",
        arg=index,
    )
    # the words and the board are two widgets: wait for the board's own redraw too
    board.locator('.tool[data-tool="redraw"][data-used="true"]').wait_for(timeout=10_000)
    shot(page, "sagrada-tutorial-tool")
    assert page.outside == []  # type: ignore[attr-defined]


def test_sagradas_words_on_the_board_are_neither_covered_nor_cut(server: Any, page: Any) -> None:
    """ "pays a tool" under the drawn cards stays inside their panel, and "no card drawn" is
    not covered by the score box."""
    from harness import lesson_views

    from stainedglass_widgets.sagrada.lessons import LESSONS

    page.goto(server.url("sagrada_tutorial.ipynb"))
    views = lesson_views(page, len(LESSONS))
    view = views.nth(list(LESSONS).index("redraw"))
    view.scroll_into_view_if_needed()
    board = view.locator(".sg-board svg").first
    inside = """svg => {
        const box = e => e.getBoundingClientRect();
        const texts = [...svg.querySelectorAll('text')].filter(t => t.textContent === WORDS);
        const panels = [...svg.querySelectorAll('rect.panel')].map(box);
        return texts.map(t => { const r = box(t); const cx = r.left + r.width / 2,
            cy = r.top + r.height / 2;
            const p = panels.find(p => p.left <= cx && cx <= p.right && p.top <= cy && cy <= p.bottom);
            return !!p && r.top >= p.top && r.bottom <= p.bottom && r.left >= p.left
                && r.right <= p.right; });
    }"""
    labels = board.evaluate(inside.replace("WORDS", "'pays a tool'"))
    assert labels and all(labels), labels  # the Y3 pays Redraw: its words inside the panel
    view.locator('[data-id="tool:redraw"]').click()
    view.locator('[data-id="card:Y3"]').click()
    view.locator("text=no card drawn").wait_for()
    apart = board.evaluate(
        """svg => {
        const words = [...svg.querySelectorAll('text')].find(t => t.textContent === 'no card drawn');
        const a = words.getBoundingClientRect();
        const b = svg.querySelector('g.score rect').getBoundingClientRect();
        return a.right < b.left || b.right < a.left || a.bottom < b.top || b.bottom < a.top;
    }"""
    )
    assert apart, '"no card drawn" is covered by the score box'
    shot(page, "sagrada-tutorial-words")
    assert page.outside == []  # type: ignore[attr-defined]
