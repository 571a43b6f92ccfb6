"""One real-browser smoke test per dashboard, the browser part of ``make test``: every notebook
the project serves is opened in Chromium from the shared Voila server (``tests/conftest.py``),
its board (or its page's widgets) waited for, one real interaction made that goes to the
kernel and back, and a screenshot saved as ``test-artifacts/smoke-<notebook>.png``.

A notebook added to ``notebooks/`` without a smoke test here fails
``test_every_served_notebook_has_a_smoke_test``. The journeys through each dashboard (refusals,
undo, hints, bots, editors, designers, accessibility) are in the ``*_browser.py`` modules of the
full tier (``make test-all``)."""

from __future__ import annotations

from typing import Any, Callable

import pytest

pytest.importorskip("anywidget")

import stainedglass as sg  # noqa: E402
from stainedglass_widgets.testing import (  # noqa: E402
    CITY,
    ROOT,
    VoilaServer,
    board_version,
    click_cell,
    hover,
    shot,
    wait_moves,
    wait_redraw,
    wait_text,
)

SERVED = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
SMOKE: dict[str, Callable[[Any, VoilaServer], None]] = {}


def smoke(notebook: str) -> Callable[[Callable[[Any, VoilaServer], None]],
                                     Callable[[Any, VoilaServer], None]]:
    def register(fn: Callable[[Any, VoilaServer], None]) -> Callable[[Any, VoilaServer], None]:
        SMOKE[notebook] = fn
        return fn
    return register


def click_on(page: Any, board: str, ident: str) -> None:
    """Click ``ident`` on the (first) board at ``board`` and wait for its redraw."""
    before = board_version(page, board)
    page.click(f'{board} [data-id="{ident}"]')
    wait_redraw(page, before, board)


def boards(page: Any, board: str, n: int, timeout: float = 120_000) -> None:
    """Wait until ``n`` boards at ``board`` are drawn (a tutorial draws its lessons one by one)."""
    page.wait_for_function("([sel, n]) => document.querySelectorAll(sel + ' svg').length >= n",
                           arg=[board, n], timeout=timeout)


def place_the_cathedral(page: Any) -> None:
    """Light's Cathedral on e5 of the (first) city, by pointing and clicking."""
    hover(page, "e5")
    wait_text(page, ".sg-preview", "✓")
    click_cell(page, "e5")
    page.wait_for_selector(f'{CITY} [data-owner="cathedral"]')


@smoke("cathedral_play.ipynb")
def _cathedral_play(page: Any, server: VoilaServer) -> None:
    page.goto(server.url("cathedral_play.ipynb"))
    page.wait_for_selector(CITY + " svg", timeout=60_000)
    place_the_cathedral(page)
    wait_moves(page, 1)


@smoke("cathedral_tutorial.ipynb")
def _cathedral_tutorial(page: Any, server: VoilaServer) -> None:
    from stainedglass_widgets.cathedral.lessons import LESSONS

    page.goto(server.url("cathedral_tutorial.ipynb"))
    boards(page, ".sg-city .sg-board", len(LESSONS))
    place_the_cathedral(page)  # the first lesson: "place it anywhere it fits"


@smoke("coloring_play.ipynb")
def _coloring_play(page: Any, server: VoilaServer) -> None:
    board = ".sg-coloring-board .sg-board"
    page.goto(server.url("coloring_play.ipynb"))
    page.wait_for_selector(board + " svg", timeout=60_000)
    click_on(page, board, "pencil:red")
    page.wait_for_selector(f'{board} .pencil[data-pencil="red"][data-selected="true"]')


@smoke("coloring_tutorial.ipynb")
def _coloring_tutorial(page: Any, server: VoilaServer) -> None:
    from stainedglass_widgets.coloring.lessons import LESSONS

    board = ".sg-coloring-board .sg-board"
    page.goto(server.url("coloring_tutorial.ipynb"))
    boards(page, ".sg-coloring-board", len(LESSONS))
    click_on(page, board, "pencil:red")  # the first lesson: "click a pencil"
    page.wait_for_selector(f'{board} .pencil[data-pencil="red"][data-selected="true"]')


@smoke("coloring_sheets.ipynb")
def _coloring_sheets(page: Any, server: VoilaServer) -> None:
    page.goto(server.url("coloring_sheets.ipynb"))
    page.wait_for_selector(".sg-designer-board .sg-board svg", timeout=60_000)
    first = page.locator(".sg-designer").first
    first.locator("button:has-text('Start from the default sheet')").click()
    wait_text(page, ".sg-designer .sg-designer-message", "meets every requirement")
    first.locator("button:has-text('Play this sheet')").click()
    first.locator(".sg-coloring-board .sg-board svg").wait_for(timeout=30_000)


@smoke("index.ipynb")
def _gallery(page: Any, server: VoilaServer) -> None:
    from stainedglass_widgets.gallery import entries

    page.goto(server.url("index.ipynb"))
    page.wait_for_selector(".sg-gallery svg", timeout=60_000)
    play = entries()[0].play
    with page.context.expect_page() as opened:  # the link opens a new tab
        page.click(f'.sg-gallery a[href$="{play}"]')  # the first game's play dashboard
    dashboard = opened.value
    dashboard.wait_for_selector(".sg-view .sg-board svg", timeout=90_000)
    assert play in dashboard.url, dashboard.url
    shot(dashboard, "smoke-index-opened")


@smoke("puzzles.ipynb")
def _puzzles(page: Any, server: VoilaServer) -> None:
    page.goto(server.url("puzzles.ipynb"))
    page.wait_for_selector(".sg-puzzle-view .sg-board svg", timeout=90_000)
    wait_text(page, ".sg-puzzle-counter", "Puzzle 1 of")
    page.click(".sg-puzzle-next")
    wait_text(page, ".sg-puzzle-counter", "Puzzle 2 of")


@smoke("review.ipynb")
def _review(page: Any, server: VoilaServer) -> None:
    state = sg.load("cathedral").new_game(seed=1)  # a short game: its review ends at once
    for move in ["cathedral e4 d5 e5 f5 e6 e7", "tavern j10", "tavern a1"]:
        state.play(move)
    page.goto(state.record().to_link(server.url("review.ipynb")))
    page.wait_for_selector(".sg-review-timeline .plotly", timeout=120_000)
    page.click('.sg-review-moves [data-id="ply:2"]')
    wait_text(page, ".sg-review-verdict", "Move 2,")


@smoke("sagrada_play.ipynb")
def _sagrada_play(page: Any, server: VoilaServer) -> None:
    board = ".sg-sagrada-board .sg-board"
    page.goto(server.url("sagrada_play.ipynb"))
    page.wait_for_selector(board + " svg", timeout=60_000)
    before = board_version(page, board)
    page.click(".sg-chance")  # Draw the cards
    wait_redraw(page, before, board)
    wait_moves(page, 3)


@smoke("sagrada_tutorial.ipynb")
def _sagrada_tutorial(page: Any, server: VoilaServer) -> None:
    from stainedglass_widgets.sagrada.lessons import LESSONS

    board = ".sg-sagrada-board .sg-board"
    page.goto(server.url("sagrada_tutorial.ipynb"))
    boards(page, ".sg-sagrada-board", len(LESSONS))
    before = board_version(page, board)
    page.locator(".sg-chance").first.click()  # the first lesson: "press Draw the cards"
    wait_redraw(page, before, board)
    page.wait_for_selector(f"{board} .drawn-card")


@smoke("sagrada_windows.ipynb")
def _sagrada_windows(page: Any, server: VoilaServer) -> None:
    board = ".sg-window-designer-board .sg-board"
    page.goto(server.url("sagrada_windows.ipynb"))
    page.wait_for_selector(board + " svg", timeout=60_000)
    page.click(".sg-window-brush button:has-text('R red')")
    click_on(page, board, "a1")
    page.wait_for_selector(f'{board} .field[data-field="a1"][data-restriction="R"]')


@smoke("walls_of_light_faces.ipynb")
def _walls_of_light_faces(page: Any, server: VoilaServer) -> None:
    board = ".sg-designer-board .sg-board"
    page.goto(server.url("walls_of_light_faces.ipynb"))
    page.wait_for_selector(board + " svg", timeout=60_000)
    wait_text(page, ".sg-designer-check", "A window of 8 spaces")
    page.click(".sg-designer-paint button:has-text('stone')")
    click_on(page, board, "b1")
    wait_text(page, ".sg-designer-check", "A window of 7 spaces")


def place_on_a_target(page: Any, board: str) -> None:
    """Click the first space ringed as legal on the (first) board at ``board``: it gets a wink."""
    page.wait_for_selector(f"{board} .target")
    space = page.get_attribute(f"{board} .target", "data-space")
    click_on(page, board, space)
    page.wait_for_function(
        "([b, s]) => document.querySelector(`${b} .space[data-space=\"${s}\"]`)"
        ".dataset.winks !== ''", arg=[board, space])


@smoke("walls_of_light_play.ipynb")
def _walls_of_light_play(page: Any, server: VoilaServer) -> None:
    board = ".sg-walls .sg-board"
    page.goto(server.url("walls_of_light_play.ipynb"))
    page.wait_for_selector(board + " svg", timeout=60_000)
    before = board_version(page, board)
    page.click(".sg-roll")
    wait_redraw(page, before, board)
    wait_moves(page, 1)
    place_on_a_target(page, board)


@smoke("walls_of_light_tutorial.ipynb")
def _walls_of_light_tutorial(page: Any, server: VoilaServer) -> None:
    from stainedglass_widgets.walls_of_light.lessons import LESSONS

    page.goto(server.url("walls_of_light_tutorial.ipynb"))
    boards(page, ".sg-walls .sg-board", len(LESSONS))
    place_on_a_target(page, ".sg-walls .sg-board")  # the first lesson: dice rolled


@smoke("ai_lab.ipynb")
def _ai_lab(page: Any, server: VoilaServer) -> None:
    page.goto(server.url("ai_lab.ipynb"), timeout=60_000)
    page.wait_for_selector(".sg-lab-strength svg .sg-lab-line", timeout=60_000)
    page.click(".sg-lab-start")
    wait_text(page, ".sg-lab-status", "Playing")
    page.click(".sg-lab-stop")
    wait_text(page, ".sg-lab-status", "Stopped after")


def test_every_served_notebook_has_a_smoke_test() -> None:
    assert sorted(SMOKE) == SERVED


@pytest.mark.parametrize("notebook", SERVED)
def test_dashboard_opens_and_answers(notebook: str, server: VoilaServer, page: Any) -> None:
    if notebook not in SMOKE:
        pytest.fail(f"{notebook} has no smoke test in {__name__}")
    SMOKE[notebook](page, server)
    shot(page, f"smoke-{notebook.removesuffix('.ipynb')}")
    assert "Traceback" not in page.inner_text("body")
    assert page.outside == []  # nothing asked of the network beyond this machine
