"""Projector mode in Chromium on each game's play dashboard, on a classroom projector's screen
(1280 x 720), a wide one (1920 x 1080) and a squarer one (1400 x 1000): the board takes at least
:data:`~stainedglass_widgets.features.projector.BOARD_HEIGHT_FRACTION` of the screen's height
with the words beside it, and Escape leaves projector mode. The same on the other boards, at
1280 x 720 and 1920 x 1080: a lesson's (its tutorial scrolled to it), the review board, a puzzle
board and the teacher's console with a room shown (a room of the class's store the server shares).

Screenshots (the screen, not the page): ``test-artifacts/projector-<game>-<width>x<height>.png``,
``projector-{lesson,review,puzzle}-<game>-...`` and ``projector-console-...``.
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
from harness import ARTIFACTS, ROOT, VoilaServer, open_page

pytestmark = pytest.mark.full  # a journey per game and screen: make test-all

GAMES = sorted(
    p.name.removesuffix("_play.ipynb") for p in (ROOT / "notebooks").glob("*_play.ipynb")
)
SCREENS = [(1280, 720), (1920, 1080), (1400, 1000)]
"""A classroom projector's screen, a wide one, and a squarer one (there the board is at least
:data:`BOARD_HEIGHT_FRACTION` high too, the word column narrower)."""
TWO_SCREENS = SCREENS[:2]
"""The other boards (a lesson's, the review's, a puzzle's, the console's): a classroom
projector's screen and a wide one."""
INNER_GAMES = GAMES
"""The games of the boards holding a game view (the review's, a puzzle's)."""
PLAY_WORDS = ".sg-banner, .sg-message"
"""The words beside a play view's board (and a lesson's)."""
REVIEW_WORDS = ".sg-review-verdict, .sg-banner, .sg-message"
PUZZLE_WORDS = ".sg-puzzle-question, .sg-puzzle-verdict, .sg-banner, .sg-message"
CONSOLE_WORDS = "h3, p"
"""The console's shown room: its title, its players and the review link."""

MEASURE = """(words) => {
  const view = document.querySelector('.sg-projector, .sg-console-projector .sg-console-large');
  const shown = el => el.getClientRects().length > 0 && el.innerText.trim() !== '';
  const boards = [...view.querySelectorAll('.sg-board svg.sg-svg, .sg-console-large svg')]
    .filter(el => el.getClientRects().length > 0)
    .map(s => s.getBoundingClientRect())
    .sort((a, b) => b.width * b.height - a.width * a.height);
  const r = boards[0];
  const said = [...view.querySelectorAll(words)].filter(shown)
    .map(e => { const b = e.getBoundingClientRect();
                return {px: parseFloat(getComputedStyle(e).fontSize), left: b.left,
                        right: b.right, text: e.innerText.trim().slice(0, 30)}; });
  return {board: {x: r.x, y: r.y, w: r.width, h: r.height}, words: said,
          width: innerWidth, height: innerHeight};
}"""
"""The main board (the largest drawing shown) and the words beside it."""


def screen(page: Any, name: str) -> None:
    """What the screen shows, ``test-artifacts/<name>.png`` (not the whole page: a full-page
    picture makes the screen as high as the page, and the board with it)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def wait_for_the_board(page: Any, floor: float) -> None:
    """The board is sized after the class is on: give the layout its moment (measured after)."""
    with contextlib.suppress(Exception):
        page.wait_for_function(
            "(f) => { const s = [...document.querySelectorAll("
            "'.sg-projector .sg-board svg.sg-svg, .sg-console-projector .sg-console-large svg')]"
            ".map(e => e.getBoundingClientRect())"
            ".sort((a, b) => b.width * b.height - a.width * a.height)[0];"
            " return s && s.height >= f; }",
            arg=floor,
            timeout=10_000,
        )
    page.wait_for_timeout(300)


def check_the_board(
    m: dict[str, Any], label: str, size: tuple[int, int], too_wide_ok: bool = False
) -> None:
    """The board at least :data:`BOARD_HEIGHT_FRACTION` of the screen's height (or as wide as
    it may be, ``too_wide_ok``: a drawing wider than the screen leaves room for), on the
    screen; the words beside it as large to the room as on a 1920 x 1080 screen, not over it."""
    width, height = size
    board = m["board"]
    share = board["h"] / height
    print(f"{label} {width}x{height}: board {board['w']:.0f} x {board['h']:.0f} px, {share:.0%}")
    if too_wide_ok and board["w"] >= width - SIDE_MIN_PX - 4 * PAD_PX - 1:
        pass  # a drawing too wide for the screen's height (Sagrada's): as wide as it may be
    else:
        assert share >= BOARD_HEIGHT_FRACTION, (label, size, board)
    assert board["x"] >= 0 and board["y"] >= 0, board
    assert board["x"] + board["w"] <= width + 1, board
    assert board["y"] + board["h"] <= height + 1, board
    assert m["words"], "no words beside the board"
    unit = min(width / 1920, height / 1080)
    for words in m["words"]:
        assert words["px"] >= WORDS_MIN_PX * unit - 0.5, words
        assert words["right"] - words["left"] >= SIDE_MIN_PX - 30, words
        assert words["right"] <= width + 1, words
        assert words["left"] >= board["x"] + board["w"] - 1, (words, board)


def escape_leaves(page: Any, toggle: str, on: str, board: str) -> None:
    """Escape leaves projector mode, wherever the focus is: on the board (after the pointer
    went over it) or on the page."""
    page.hover(f"{board} >> visible=true >> nth=0")  # not a folded board (the review's moves)
    page.keyboard.press("Escape")
    page.wait_for_function(f"() => !document.querySelector('{on}')", timeout=10_000)
    page.click(toggle)
    page.wait_for_selector(on)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.keyboard.press("Escape")
    page.wait_for_function(f"() => !document.querySelector('{on}')", timeout=10_000)


def project(page: Any, label: str, size: tuple[int, int], words: str, too_wide_ok: bool) -> None:
    """Press the (first) Projector button of the page, measure and check the board and the
    ``words`` beside it, then leave by Escape."""
    toggle = ".sg-projector-toggle >> nth=0"
    page.wait_for_selector(".sg-projector-toggle", timeout=60_000)
    page.click(toggle)
    page.wait_for_selector(".sg-projector")
    wait_for_the_board(page, BOARD_HEIGHT_FRACTION * size[1])
    m = page.evaluate(MEASURE, words)
    screen(page, f"projector-{label}-{size[0]}x{size[1]}")
    check_the_board(m, label, size, too_wide_ok)
    escape_leaves(page, toggle, ".sg-projector", ".sg-projector .sg-board svg")


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
        project(page, game, size, PLAY_WORDS, too_wide_ok=size == (1400, 1000))
        assert page.is_visible(".sg-log")
        assert page.outside == []  # type: ignore[attr-defined]
    finally:
        page.context.close()


@pytest.mark.parametrize("size", TWO_SCREENS, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", GAMES)
def test_a_lessons_board_fills_the_screen_and_escape_leaves(
    server: VoilaServer, browser: Any, game: str, size: tuple[int, int]
) -> None:
    page = open_page(browser, *size)
    try:
        page.goto(server.url(f"{game}_tutorial.ipynb"))
        page.wait_for_selector(".sg-view .sg-board svg", timeout=120_000)
        project(page, f"lesson-{game}", size, PLAY_WORDS, too_wide_ok=False)
        assert page.outside == []  # type: ignore[attr-defined]
    finally:
        page.context.close()


@pytest.mark.parametrize("size", TWO_SCREENS, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", INNER_GAMES)
def test_the_review_board_fills_the_screen_and_escape_leaves(
    server: VoilaServer, browser: Any, game: str, size: tuple[int, int]
) -> None:
    page = open_page(browser, *size)
    try:
        page.goto(server.url("review.ipynb") + f"?game={game}")
        page.wait_for_selector(".sg-review-view .sg-board svg", timeout=120_000)
        page.wait_for_selector(".sg-review-moves svg", timeout=60_000)
        project(page, f"review-{game}", size, REVIEW_WORDS, too_wide_ok=False)
        assert page.outside == []  # type: ignore[attr-defined]
    finally:
        page.context.close()


@pytest.mark.parametrize("size", TWO_SCREENS, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", INNER_GAMES)
def test_a_puzzle_board_fills_the_screen_and_escape_leaves(
    server: VoilaServer, browser: Any, game: str, size: tuple[int, int]
) -> None:
    page = open_page(browser, *size)
    try:
        page.goto(server.url("puzzles.ipynb") + f"?game={game}")
        page.wait_for_selector(".sg-puzzles .sg-view .sg-board svg", timeout=120_000)
        project(page, f"puzzle-{game}", size, PUZZLE_WORDS, too_wide_ok=False)
        assert page.outside == []  # type: ignore[attr-defined]
    finally:
        page.context.close()


@pytest.mark.parametrize("size", TWO_SCREENS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_consoles_shown_board_fills_the_screen_and_escape_leaves(
    server: VoilaServer, browser: Any, size: tuple[int, int]
) -> None:
    """The teacher's console, a room of the class's store shown (the store the server's
    kernels share, ``tests/conftest.py``): its board fills the screen, its words beside it."""
    import os
    import pathlib

    from test_views_rooms import device

    ana = device("cathedral", pathlib.Path(os.environ["STAINEDGLASS_STORE"]))
    code = ana.rooms.start("Ana")
    page = open_page(browser, *size)
    try:
        page.goto(server.url("class_console.ipynb"))
        page.wait_for_selector(f'.sg-console-card[data-room="{code}"]', timeout=120_000)
        page.click(f".sg-console-card-show:has-text('Show {code}')")
        page.wait_for_selector(f'.sg-console-large [data-room="{code}"] svg')
        toggle = ".sg-console button:has-text('Projector')"
        page.click(toggle)
        page.wait_for_selector(".sg-console-projector")
        wait_for_the_board(page, BOARD_HEIGHT_FRACTION * size[1])
        m = page.evaluate(MEASURE, CONSOLE_WORDS)
        screen(page, f"projector-console-{size[0]}x{size[1]}")
        check_the_board(m, "console", size)
        escape_leaves(page, toggle, ".sg-console-projector", ".sg-console-large svg")
        assert page.outside == []  # type: ignore[attr-defined]
    finally:
        page.context.close()
