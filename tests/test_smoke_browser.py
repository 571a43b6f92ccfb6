"""One real-browser smoke test per dashboard, the browser part of ``make test``: every notebook
the project serves is opened in Chromium from the shared Voila server (``tests/conftest.py``),
its board (or its page's widgets) waited for, one real interaction made that goes to the
kernel and back, and a screenshot saved as ``test-artifacts/smoke-<notebook>.png``.

A notebook added to ``notebooks/`` without a smoke test here fails
``test_every_served_notebook_has_a_smoke_test``. The journeys through each dashboard (refusals,
undo, hints, bots, editors, designers, accessibility) are in the ``*_browser.py`` modules of the
full tier (``make test-all``)."""

from __future__ import annotations

from typing import Any
from collections.abc import Callable

import pytest

pytest.importorskip("anywidget")

import stainedglass as sg
from harness import (
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


def smoke(
    notebook: str,
) -> Callable[[Callable[[Any, VoilaServer], None]], Callable[[Any, VoilaServer], None]]:
    def register(fn: Callable[[Any, VoilaServer], None]) -> Callable[[Any, VoilaServer], None]:
        SMOKE[notebook] = fn
        return fn

    return register


def click_on(page: Any, board: str, ident: str) -> None:
    """Click ``ident`` on the (first) board at ``board`` and wait for its redraw."""
    before = board_version(page, board)
    page.click(f'{board} [data-id="{ident}"]')
    wait_redraw(page, before, board)


def open_tutorial(page: Any, server: VoilaServer, game: str, board: str) -> None:
    """Open ``game``'s tutorial and wait until every lesson's board (at ``board``) is drawn
    (a tutorial draws its lessons one by one)."""
    import importlib

    lessons = importlib.import_module(f"stainedglass_widgets.{game}.lessons").LESSONS
    page.goto(server.url(f"{game}_tutorial.ipynb"))
    page.wait_for_function(
        "([sel, n]) => document.querySelectorAll(sel + ' svg').length >= n",
        arg=[board, len(lessons)],
        timeout=120_000,
    )


def open_board(page: Any, server: VoilaServer, notebook: str, board: str) -> None:
    """Open ``notebook`` and wait until its (first) board at ``board`` is drawn."""
    page.goto(server.url(notebook))
    page.wait_for_selector(board + " svg", timeout=60_000)


def take_the_red_pencil(page: Any) -> None:
    """Coloring: the red pencil taken on the (first) board; the board shows it chosen."""
    board = ".sg-coloring-board .sg-board"
    click_on(page, board, "pencil:red")
    page.wait_for_selector(f'{board} .pencil[data-pencil="red"][data-selected="true"]')


def draw_the_cards(page: Any) -> None:
    """Sagrada: Draw the cards on the (first) view; its board shows the drawn cards."""
    board = ".sg-sagrada-board .sg-board"
    before = board_version(page, board)
    page.locator(".sg-chance").first.click()
    wait_redraw(page, before, board)
    page.wait_for_selector(f"{board} .drawn-card")


def place_the_cathedral(page: Any) -> None:
    """Light's Cathedral on e5 of the (first) city, by pointing and clicking."""
    hover(page, "e5")
    wait_text(page, ".sg-preview", "✓")
    click_cell(page, "e5")
    page.wait_for_selector(f'{CITY} [data-owner="cathedral"]')


@smoke("cathedral_play.ipynb")
def _cathedral_play(page: Any, server: VoilaServer) -> None:
    open_board(page, server, "cathedral_play.ipynb", CITY)
    place_the_cathedral(page)
    wait_moves(page, 1)


@smoke("cathedral_tutorial.ipynb")
def _cathedral_tutorial(page: Any, server: VoilaServer) -> None:
    open_tutorial(page, server, "cathedral", ".sg-city .sg-board")
    place_the_cathedral(page)  # the first lesson: "place it anywhere it fits"


@smoke("coloring_play.ipynb")
def _coloring_play(page: Any, server: VoilaServer) -> None:
    open_board(page, server, "coloring_play.ipynb", ".sg-coloring-board .sg-board")
    take_the_red_pencil(page)


@smoke("coloring_tutorial.ipynb")
def _coloring_tutorial(page: Any, server: VoilaServer) -> None:
    open_tutorial(page, server, "coloring", ".sg-coloring-board")
    take_the_red_pencil(page)  # the first lesson: "click a pencil"


@smoke("coloring_sheets.ipynb")
def _coloring_sheets(page: Any, server: VoilaServer) -> None:
    open_board(page, server, "coloring_sheets.ipynb", ".sg-designer-board .sg-board")
    first = page.locator(".sg-designer").first
    first.locator("button:has-text('Start from the default sheet')").click()
    wait_text(page, ".sg-designer .sg-designer-message", "meets every requirement")
    first.locator("button:has-text('Play this sheet')").click()
    first.locator(".sg-coloring-board .sg-board svg").wait_for(timeout=30_000)


@smoke("index.ipynb")
def _gallery(page: Any, server: VoilaServer) -> None:
    from stainedglass_widgets.pages.gallery import entries

    page.goto(server.url())  # the bare address leads to the gallery
    page.wait_for_selector(".sg-gallery svg", timeout=60_000)
    assert page.url == server.url("index.ipynb")
    log = server.log_path.read_text(errors="replace")  # the project's addresses, not Voila's:
    assert "Voilà is running at" not in log and log.count("http://") == 2  # and the console's
    assert f"Teacher's console: {server.url('class_console.ipynb')}" in log
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
    open_board(page, server, "sagrada_play.ipynb", ".sg-sagrada-board .sg-board")
    draw_the_cards(page)
    wait_moves(page, 3)


@smoke("sagrada_tutorial.ipynb")
def _sagrada_tutorial(page: Any, server: VoilaServer) -> None:
    open_tutorial(page, server, "sagrada", ".sg-sagrada-board")
    draw_the_cards(page)  # the first lesson: "press Draw the cards"


@smoke("sagrada_windows.ipynb")
def _sagrada_windows(page: Any, server: VoilaServer) -> None:
    board = ".sg-window-designer-board .sg-board"
    open_board(page, server, "sagrada_windows.ipynb", board)
    page.click(".sg-window-brush button:has-text('R red')")
    click_on(page, board, "a1")
    page.wait_for_selector(f'{board} .field[data-field="a1"][data-restriction="R"]')


@smoke("walls_of_light_faces.ipynb")
def _walls_of_light_faces(page: Any, server: VoilaServer) -> None:
    board = ".sg-designer-board .sg-board"
    open_board(page, server, "walls_of_light_faces.ipynb", board)
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
        '([b, s]) => document.querySelector(`${b} .space[data-space="${s}"]`)'
        ".dataset.winks !== ''",
        arg=[board, space],
    )


@smoke("walls_of_light_play.ipynb")
def _walls_of_light_play(page: Any, server: VoilaServer) -> None:
    board = ".sg-walls .sg-board"
    open_board(page, server, "walls_of_light_play.ipynb", board)
    before = board_version(page, board)
    page.click(".sg-roll")
    wait_redraw(page, before, board)
    wait_moves(page, 1)
    place_on_a_target(page, board)


@smoke("walls_of_light_tutorial.ipynb")
def _walls_of_light_tutorial(page: Any, server: VoilaServer) -> None:
    open_tutorial(page, server, "walls_of_light", ".sg-walls .sg-board")
    place_on_a_target(page, ".sg-walls .sg-board")  # the first lesson: dice rolled


@smoke("ai_lab.ipynb")
def _ai_lab(page: Any, server: VoilaServer) -> None:
    page.goto(server.url("ai_lab.ipynb"), timeout=60_000)
    page.wait_for_selector(".sg-lab-strength svg .sg-lab-line", timeout=60_000)
    games = page.locator(".sg-lab-games input")  # more than the test waits for: Stop ends it
    games.fill("500")
    games.press("Enter")
    page.click(".sg-lab-start")
    wait_text(page, ".sg-lab-status", "Playing")
    page.click(".sg-lab-stop")
    wait_text(page, ".sg-lab-status", "Stopped after")


@smoke("class_console.ipynb")
def _class_console(page: Any, server: VoilaServer) -> None:
    import os

    from stainedglass_widgets.serving.classroom import open_store

    page.goto(server.url("class_console.ipynb"), timeout=60_000)
    page.wait_for_selector(".sg-console-grid", timeout=60_000)
    # a room started meanwhile (by a pupil's dashboard) comes into the grid by itself
    room = open_store(os.environ["STAINEDGLASS_STORE"]).create_room("sagrada")
    page.wait_for_selector(f'.sg-console-card[data-room="{room.code}"] svg')


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
