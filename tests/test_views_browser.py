"""Real-browser tests: Voila serves the notebooks, Playwright drives Debian's Chromium.

Every request that leaves 127.0.0.1 is held unanswered (a network that drops packets, the worst
case of offline), so these also show that the dashboards need nothing from outside.
Screenshots go to ``test-artifacts/``. Without Chromium or Playwright the tests are skipped,
except where the environment variable CI is set: there a missing browser fails the run. The
browser, the Voila server and the pages are the shared fixtures of ``tests/conftest.py``.
"""

from __future__ import annotations

import html
import os
import pathlib
import re
import shutil
import time
from typing import Any

import pytest

pytest.importorskip("anywidget")

from harness import (
    ARTIFACTS,
    CITY,
    ROOT,
    LabServer,
    VoilaServer,
    board_version,
    choose,
    click_cell,
    hover,
    message,
    moves_in_log,
    run_first_cell,
    shot,
    wait_moves,
    wait_redraw,
    wait_text,
)

pytestmark = pytest.mark.full  # journeys: make test-all (make test opens each dashboard once)


def test_play_dashboard(server: VoilaServer, page: Any) -> None:
    page.goto(server.url("cathedral_play.ipynb"))
    page.wait_for_selector(CITY + " svg", timeout=60_000)
    wait_text(page, ".sg-view .sg-message", "Light places the Cathedral first")
    shot(page, "play-0-start")

    # a legal move, by clicking: the Cathedral
    hover(page, "e5")
    wait_text(page, ".sg-preview", "✓")
    click_cell(page, "e5")
    page.wait_for_selector(f'{CITY} [data-owner="cathedral"]')
    wait_moves(page, 1)
    wait_text(page, ".sg-view .sg-message", "Light places the cathedral")
    assert "Dark" in page.inner_text(".sg-banner") and moves_in_log(page) == 1
    shot(page, "play-1-cathedral")

    # an illegal one: the reason is shown, nothing is played
    choose(page, "dark", "castle")
    hover(page, "e6")
    preview = wait_text(page, ".sg-preview", "✗")
    assert "occupied square" in preview
    shot(page, "play-2-illegal-preview")
    click_cell(page, "e6", redraw=False)
    page.wait_for_function(
        "() => document.querySelector('.sg-view .sg-message').innerText.includes('occupied')"
    )
    assert moves_in_log(page) == 1

    # a legal building, turned with the r key: the board changes
    hover(page, "b2")
    upright = page.eval_on_selector(f"{CITY} .ghost", "g => g.innerHTML")
    before = board_version(page)
    page.keyboard.press("r")
    wait_redraw(page, before)
    assert page.eval_on_selector(f"{CITY} .ghost", "g => g.innerHTML") != upright
    click_cell(page, "b2")
    page.wait_for_selector(f'{CITY} [data-owner="dark"][data-piece="castle"]')
    wait_moves(page, 2)
    shot(page, "play-3-castle")

    # undo takes it back
    before = board_version(page)
    page.click("button:has-text('Undo')")
    wait_redraw(page, before)
    page.wait_for_function("() => !document.querySelector('.sg-city [data-owner=\"dark\"]')")
    wait_moves(page, 1)
    wait_text(page, ".sg-view .sg-message", "taken back")

    # the hint shows a placement on the board
    before = board_version(page)
    page.click("button:has-text('Hint')")
    wait_redraw(page, before)
    page.wait_for_selector(f"{CITY} .hint")
    page.wait_for_function(
        "() => document.querySelector('.sg-view .sg-message').innerText.startsWith('Hint:')"
    )
    assert message(page).startswith("Hint: The ")
    shot(page, "play-4-hint")
    assert page.outside == []  # type: ignore[attr-defined]


def test_a_press_counts_when_a_redraw_replaces_the_square_under_it(
    server: VoilaServer, page: Any
) -> None:
    """A redraw (the preview following the pointer, late on a busy server) that lands between
    a press and its release replaces the square pressed, and the browser then fires no click:
    the board counts the release as the click."""
    page.goto(server.url("cathedral_play.ipynb"))
    page.wait_for_selector(CITY + " svg", timeout=60_000)
    hover(page, "e5")
    wait_text(page, ".sg-preview", "✓")
    page.mouse.down()
    # the redraw: the pressed square (the element under the pointer) replaced by a new one
    replaced = page.eval_on_selector(
        f'{CITY} [data-id="e5"]',
        """sq => {
        const box = sq.getBoundingClientRect();
        const under = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        const pressed = under.closest('[data-id]');
        pressed.replaceWith(pressed.cloneNode(true));
        return pressed.getAttribute('data-id') + (under.isConnected ? ' kept' : ' gone');
    }""",
    )
    assert replaced == "e5 gone"
    page.mouse.up()
    wait_moves(page, 1)
    page.wait_for_selector(f'{CITY} [data-owner="cathedral"]')
    wait_text(page, ".sg-view .sg-message", "Light places the cathedral")
    assert page.outside == []  # type: ignore[attr-defined]


def test_score_chart_loads_on_demand(server: VoilaServer, page: Any) -> None:
    page.goto(server.url("cathedral_play.ipynb"))
    page.wait_for_selector(CITY + " svg", timeout=60_000)
    assert page.query_selector(".js-plotly-plot") is None  # not part of the page load
    page.click("button:has-text('Score chart')")
    page.wait_for_selector(".js-plotly-plot", timeout=60_000)
    shot(page, "play-5-chart")


def test_tutorial_and_gallery(server: VoilaServer, page: Any) -> None:
    page.goto(server.url().rstrip("/") + "/voila/tree")  # the list of notebooks
    page.wait_for_selector("text=cathedral_tutorial.ipynb", timeout=30_000)
    page.goto(server.url("index.ipynb"))
    page.wait_for_selector(".sg-gallery svg", timeout=60_000)
    links = page.eval_on_selector_all(".sg-gallery a", "els => els.map(e => e.href)")
    from stainedglass_widgets.pages.gallery import entries

    for entry in entries():  # every game's tutorial and play dashboard
        assert any(x.endswith(entry.tutorial) for x in links)
        assert any(x.endswith(entry.play) for x in links)
    shot(page, "index")
    page.goto(server.url("cathedral_tutorial.ipynb"))
    page.wait_for_function(
        "() => document.querySelectorAll('.sg-city svg').length >= 11", timeout=90_000
    )
    first = page.locator(".sg-city").first
    first.scroll_into_view_if_needed()
    shot(page, "tutorial")
    assert page.outside == []  # type: ignore[attr-defined]


def ask_hint(page: Any) -> bool:
    """Click Hint until the hint is shown (False: the game ended meanwhile). The log can show
    Light's move a moment before the banner leaves "Light to move", and a Hint clicked then,
    while Dark's bot still thinks, is told "Still thinking": it is asked again once Dark has
    answered."""
    for _ in range(10):
        page.click("button:has-text('Hint')")
        page.wait_for_function(
            "() => { const t = document.querySelector('.sg-view .sg-message').innerText;"
            " return t.startsWith('Hint:') || t.startsWith('Still thinking'); }"
        )
        if page.inner_text(".sg-view .sg-message").startswith("Hint:"):
            page.wait_for_selector(f"{CITY} .hint")
            return True
        page.wait_for_function(  # Dark's answer replaces the words
            "() => !document.querySelector('.sg-view .sg-message').innerText"
            ".startsWith('Still thinking')"
        )
        wait_for_light(page)
        if "Game over" in page.inner_text(".sg-banner"):
            return False
    raise AssertionError("the hint never came")


def wait_for_light(page: Any) -> None:
    """Until the banner says Light is to move, or the game is over."""
    page.wait_for_function(
        "() => { const t = document.querySelector('.sg-banner .sg-turn').innerText;"
        " return t.includes('Light to move') || t.includes('Game over'); }"
    )


def test_a_whole_game_against_the_computer_to_the_end(server: VoilaServer, page: Any) -> None:
    page.goto(server.url("cathedral_play.ipynb"))
    page.wait_for_selector(CITY + " svg", timeout=60_000)
    page.select_option(".sg-view select >> nth=1", label="Greedy bot")  # Dark
    page.click("button:has-text('New game')")
    hover(page, "e5")
    click_cell(page, "e5")  # Light's Cathedral; Dark answers
    wait_moves(page, 2)
    # Light plays the hinted move until the game ends
    for _ in range(40):
        wait_for_light(page)  # Dark's bot has answered (it thinks in the background)
        if "Game over" in page.inner_text(".sg-banner"):
            break
        n = moves_in_log(page)
        if not ask_hint(page):
            break
        # the hinted building is now in hand: place it where the hint shows
        cell = _anchor(page.eval_on_selector(f"{CITY} .hint", "g => g.dataset.cells").split())
        hover(page, cell)
        click_cell(page, cell)
        page.wait_for_function(
            "(n) => { const s = document.querySelector('.sg-log summary');"
            " return s && !s.innerText.includes('(' + n + ' moves)'); }",
            arg=n,
        )
    assert "Game over" in page.inner_text(".sg-banner")
    wait_text(page, ".sg-view .sg-message", "Game over")
    shot(page, "play-6-game-over")


def thinking(page: Any) -> str:
    """The progress line ('' while it is hidden)."""
    row = page.query_selector(".sg-view .sg-thinking")
    return html.unescape(row.inner_text()) if row and row.is_visible() else ""


STRESS = int(os.environ.get("STAINEDGLASS_STRESS", "1"))
"""How many copies of each ``@stressed`` test to run (tests/README.md: races that show under load)."""


@pytest.fixture
def stress_copy() -> int:
    return 0  # the one copy, unless STAINEDGLASS_STRESS asks for more


def stressed(test: Any) -> Any:
    """``STAINEDGLASS_STRESS=N``: the test N times (``[0]`` to ``[N-1]``, for xdist to share)."""
    return pytest.mark.parametrize("stress_copy", range(STRESS))(test) if STRESS > 1 else test


@stressed
def test_hint_shows_suggestions_with_reasons_and_a_chart(
    server: VoilaServer, page: Any, stress_copy: int
) -> None:
    page.goto(server.url("cathedral_play.ipynb"))
    page.wait_for_selector(CITY + " svg", timeout=60_000)
    hover(page, "e5")
    click_cell(page, "e5")
    wait_moves(page, 1)
    page.click("button:has-text('Hint')")
    page.wait_for_selector(".sg-thinking:has-text('Looking for Dark')")  # at once, then...
    page.wait_for_selector(f"{CITY} .hint", timeout=30_000)  # ...the suggestions
    ranks = page.eval_on_selector_all(f"{CITY} [data-rank]", "gs => gs.map(g => g.dataset.rank)")
    assert sorted(ranks) == [str(i) for i in range(1, len(ranks) + 1)] and len(ranks) >= 2
    assert message(page).startswith("Hint: The ")  # the move in words
    items = page.locator(".sg-hints li.sg-hint")
    assert 1 <= items.count() <= len(ranks)  # moves told apart by no search share a line
    first = html.unescape(items.nth(0).inner_text()).split("\nwhy")[0]  # "why" folded under it
    # the hint search's backing: Cathedral's own search counts plies (mcts would count playouts)
    assert re.search(r"^1[\s\d]*\d+% .*\(\d+ pl(y|ies) deep\)$", first, flags=re.S), first
    page.wait_for_selector(".sg-hints .js-plotly-plot .scatterlayer .point", timeout=60_000)
    dots = page.locator(".sg-hints .js-plotly-plot .scatterlayer .point").count()
    assert dots == len(ranks)
    # the figure reached the page with its layout, not plotly's default 700 x 360
    size = page.eval_on_selector(
        ".sg-hints .js-plotly-plot .main-svg",
        "s => [s.getAttribute('width'), s.getAttribute('height')]",
    )
    assert size == ["440", str(90 + 30 * len(ranks))], size
    assert thinking(page) == ""
    shot(page, "ai-1-hint" + (f"-{stress_copy}" if STRESS > 1 else ""))
    page.locator(".sg-hints").screenshot(path=str(ARTIFACTS / "ai-1-hint-panel.png"))
    assert page.outside == []  # type: ignore[attr-defined]


def test_a_bot_seat_answers_while_the_page_stays_responsive(server: VoilaServer, page: Any) -> None:
    page.goto(server.url("cathedral_play.ipynb"))
    page.wait_for_selector(CITY + " svg", timeout=60_000)
    page.select_option(".sg-view select >> nth=1", label="MCTS bot")  # Dark
    handle = page.locator(".sg-view .widget-slider .noUi-handle").nth(1)  # Dark's strength
    handle.wait_for()
    handle.focus()
    for _ in range(30):  # 1.0 s to 4.0 s, a tenth a key
        page.keyboard.press("ArrowRight")
    page.wait_for_selector(".sg-view .widget-slider label:has-text('4.0 s a move')")
    hover(page, "e5")
    click_cell(page, "e5")  # Light's Cathedral: Dark's bot thinks for 4 s
    page.wait_for_selector(".sg-thinking:has-text('Dark (MCTS bot, 4.0 s) is thinking')")
    assert "(MCTS bot) to move" in page.inner_text(".sg-banner")
    # the page answers while the bot thinks: Dark's buildings taken in hand one after another
    latencies = []
    for piece in ["bridge", "tavern", "stable", "inn", "square", "manor"]:
        t0 = time.perf_counter()
        choose(page, "dark", piece)
        latencies.append(time.perf_counter() - t0)
    # but the city invites no move: the bot holds the seat to move, so no shadow follows the
    # pointer (a person here may not move now)
    page.hover(f'{CITY} [data-id="c3"]')
    page.wait_for_timeout(300)
    assert page.locator(f'{CITY} svg [class="ghost"]').count() == 0
    assert "is thinking" in thinking(page) and moves_in_log(page) == 1  # all before its move
    shot(page, "ai-2-bot-thinking")
    print("click to redraw while the bot thinks (s):", [f"{x:.3f}" for x in latencies])
    wait_moves(page, 2)
    page.wait_for_function(
        "() => document.querySelector('.sg-view .sg-message').innerText.includes('MCTS bot')"
    )
    assert message(page).startswith("MCTS bot (Dark): Dark places the")
    page.wait_for_function("() => !document.querySelector('.sg-thinking').offsetParent")
    shot(page, "ai-3-bot-answered")

    # Undo while it thinks: the pending move is cancelled and never lands
    choose(page, "light", "tavern")
    hover(page, "j10")
    click_cell(page, "j10")
    wait_moves(page, 3)
    page.wait_for_selector(".sg-thinking:has-text('is thinking')")
    page.click("button:has-text('Undo')")
    wait_moves(page, 2)
    page.wait_for_timeout(5_000)  # longer than the bot's 4 s
    assert moves_in_log(page) == 2 and "taken back" in message(page)
    assert thinking(page) == ""
    shot(page, "ai-4-undo-cancelled")
    assert page.outside == []  # type: ignore[attr-defined]


def _anchor(cells: list[str]) -> str:
    """The square under which the view holds a building's middle (the pointer's anchor)."""
    from stainedglass.core import cell_name, parse_cell
    from stainedglass.cathedral.svg import _centre_cell

    xy = sorted((parse_cell(c, 10, 10) for c in cells), key=lambda p: (p[1], p[0]))
    return cell_name(*_centre_cell(xy))


def test_the_play_notebook_in_jupyterlab(browser: Any, tmp_path: pathlib.Path) -> None:
    shutil.copytree(ROOT / "notebooks", tmp_path / "notebooks")  # JupyterLab saves what it runs
    with LabServer(extra_args=[f"--ServerApp.root_dir={tmp_path}"]) as lab:
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        run_first_cell(page, lab.url("notebooks/cathedral_play.ipynb"), CITY + " svg")
        hover(page, "e5")
        click_cell(page, "e5")
        page.wait_for_selector(f'{CITY} [data-owner="cathedral"]')
        shot(page, "lab-play")
        page.close()
