"""Board views in a real browser: page load to an interactive board, and click to redrawn board.

Voila serves the notebooks with the project's voila.json (preheated kernels); Playwright drives
Debian's Chromium with every request off 127.0.0.1 refused (as offline). Targets: load <= 3 s with
a preheated kernel, click to redrawn board <= 150 ms. Also the pointer's answer while a bot thinks
(its search runs in a worker thread) and Hint's click to suggestions drawn. Medians; the machine
is shared, so noisy.
"""

from __future__ import annotations

import json
import pathlib
import statistics
import tempfile
import time

from harness import (
    CITY,
    ROOT,
    VoilaServer,
    board_version,
    chromium_path,
    launch_chromium,
    wait_redraw,
)

LOADS = 7
PLACEMENTS = 15

# In the page: time from a click to the first frame painted after a board's SVG changed.
_TIMER = """
window.__sgTimes = []; window.__sgT0 = null;
document.addEventListener('click', () => { window.__sgT0 = performance.now(); }, true);
new MutationObserver((records) => {
  if (window.__sgT0 === null) return;
  if (!records.some(r => r.attributeName === 'data-version')) return;
  const t0 = window.__sgT0; window.__sgT0 = null;
  requestAnimationFrame(() => window.__sgTimes.push(performance.now() - t0));
}).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-version'] });
"""


def _route_offline(route) -> None:  # type: ignore[no-untyped-def]
    url = route.request.url
    if url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")):
        route.continue_()
    else:
        route.abort()


def _wait_all_pools(server: VoilaServer) -> None:
    """Wait until every notebook's kernel pool is filled and its notebook has run."""
    server.wait_preheated(len(list((ROOT / "notebooks").glob("*.ipynb"))))


def _loads(
    server: VoilaServer,
    browser,
    notebook: str,
    n: int,  # type: ignore[no-untyped-def]
    board: str = CITY,
    keep_open: list | None = None,
) -> list[float]:
    """Page load to the board at ``board`` drawn, ``n`` times, each with a preheated kernel;
    with ``keep_open``, the last page (timing clicks) is appended to it instead of closed."""
    out = []
    for _ in range(n):
        filled = server.filled()
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        page.route("**/*", _route_offline)
        if keep_open is not None:
            page.add_init_script(_TIMER)
        start = time.perf_counter()
        page.goto(server.url(notebook))
        page.wait_for_selector(board + " svg", timeout=60_000)
        out.append(time.perf_counter() - start)
        if keep_open is not None and len(out) == n:
            keep_open.append(page)
            break
        page.close()
        server.wait_preheated(filled + 1)
    return out


def measure_floor() -> list[float]:
    """What Voila itself costs: page loads of a notebook showing one tiny board widget."""
    from playwright.sync_api import sync_playwright

    cell = {
        "cell_type": "code",
        "metadata": {},
        "outputs": [],
        "execution_count": None,
        "source": "from stainedglass_widgets.kit.board import Board\n"
        'Board(svg=\'<svg viewBox="0 0 9 9"><rect width="9" '
        'height="9"/></svg>\')',
    }
    nb = {"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    with tempfile.TemporaryDirectory() as tmp:
        (pathlib.Path(tmp) / "tiny.ipynb").write_text(json.dumps(nb))
        with VoilaServer(notebooks=tmp) as server, sync_playwright() as p:
            server.wait_preheated(1)
            browser = launch_chromium(p)
            loads = _loads(server, browser, "tiny.ipynb", LOADS, ".sg-board")
            browser.close()
    return loads


def measure_chart() -> tuple[list[float], list[float], list[float], list[float]]:
    """What plotly would cost on the critical path: the play view with its chart open at load,
    against the same view with the chart closed; and opening the chart on demand."""
    from playwright.sync_api import sync_playwright

    cell = {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None}
    with tempfile.TemporaryDirectory() as tmp:
        for name, code in (
            ("closed.ipynb", "v = CathedralView()\nv"),
            ("open.ipynb", "v = CathedralView()\nv.chart_button.value = True\nv"),
        ):
            nb = {
                "cells": [
                    dict(cell, source="from stainedglass_widgets import CathedralView\n" + code)
                ],
                "metadata": {},
                "nbformat": 4,
                "nbformat_minor": 5,
            }
            (pathlib.Path(tmp) / name).write_text(json.dumps(nb))
        with VoilaServer(notebooks=tmp) as server, sync_playwright() as p:
            server.wait_preheated(2)
            browser = launch_chromium(p)
            closed = _loads(server, browser, "closed.ipynb", 5)
            opened = []
            for _ in range(5):
                filled = server.filled()
                page = browser.new_page(viewport={"width": 1280, "height": 1000})
                page.route("**/*", _route_offline)
                start = time.perf_counter()
                page.goto(server.url("open.ipynb"))
                page.wait_for_selector(CITY + " svg", timeout=60_000)
                page.wait_for_selector(".js-plotly-plot .main-svg", timeout=60_000)
                opened.append(time.perf_counter() - start)
                page.close()
                server.wait_preheated(filled + 1)
            page = browser.new_page(viewport={"width": 1280, "height": 1000})
            page.route("**/*", _route_offline)
            page.goto(server.url("closed.ipynb"))
            page.wait_for_selector(CITY + " svg", timeout=60_000)
            page.wait_for_timeout(3000)  # as a reader would: the kernel warms plotly meanwhile
            start = time.perf_counter()
            page.click("button:has-text('Score chart')")
            page.wait_for_selector(".js-plotly-plot .main-svg", timeout=60_000)
            first = [time.perf_counter() - start]
            again = []
            for _ in range(5):
                page.click("button:has-text('Score chart')")
                page.wait_for_selector(".js-plotly-plot", state="hidden")
                start = time.perf_counter()
                page.click("button:has-text('Score chart')")
                page.wait_for_selector(".js-plotly-plot .main-svg", state="visible")
                again.append(time.perf_counter() - start)
            browser.close()
    return closed, opened, first, again


def measure() -> tuple[list[float], list[float], list[float]]:
    from playwright.sync_api import sync_playwright

    loads: list[float] = []
    with VoilaServer() as server, sync_playwright() as p:
        _wait_all_pools(server)
        browser = launch_chromium(p)
        url = server.url("cathedral_play.ipynb")
        page = None
        for i in range(LOADS):
            filled = server.filled()
            page = browser.new_page(viewport={"width": 1280, "height": 1000})
            page.route("**/*", _route_offline)
            page.add_init_script(_TIMER)
            start = time.perf_counter()
            page.goto(url)
            page.wait_for_selector(CITY + " svg", timeout=60_000)
            loads.append(time.perf_counter() - start)
            if i < LOADS - 1:
                page.close()
                server.wait_preheated(filled + 1)  # the next load gets a preheated kernel too
        assert page is not None
        # clicks: place the Cathedral, then place and take back Dark's tavern, again and again
        page.hover(f'{CITY} [data-id="e5"]')
        page.click(f'{CITY} [data-id="e5"]')
        page.wait_for_selector(f'{CITY} [data-owner="cathedral"]')
        page.evaluate("window.__sgTimes = []")
        place, undo = [], []
        for i in range(PLACEMENTS):
            cell = "abcj"[i % 4] + str(1 + i % 3)
            sel = ".sg-supply-dark .sg-board"
            v = board_version(page, sel)
            page.click(f'{sel} [data-id="piece:tavern"]')
            wait_redraw(page, v, sel)
            v = board_version(page)
            page.hover(f'{CITY} [data-id="{cell}"]')
            wait_redraw(page, v)
            page.evaluate("window.__sgTimes = []")
            v = board_version(page)
            page.click(f'{CITY} [data-id="{cell}"]')
            wait_redraw(page, v)
            page.wait_for_function("() => window.__sgTimes.length > 0")
            place.append(page.evaluate("window.__sgTimes[0]") / 1000)
            page.evaluate("window.__sgTimes = []")
            v = board_version(page)
            page.click("button:has-text('Undo')")
            wait_redraw(page, v)
            page.wait_for_function("() => window.__sgTimes.length > 0")
            undo.append(page.evaluate("window.__sgTimes[0]") / 1000)
        browser.close()
    return loads, place, undo


TAKEN = ("tavern", "stable", "inn", "bridge", "square", "manor")
"""Dark's buildings taken in hand in turn (each a redraw of Dark's supply)."""


def _takes(page, n: int = 12) -> list[float]:  # type: ignore[no-untyped-def]
    """Click to redrawn supply, ``n`` times, a Dark building taken in hand (Python-side clock).
    The city draws no shadow while a bot holds the seat to move, so the supply is what answers
    the pointer then."""
    sel = ".sg-supply-dark .sg-board"
    out = []
    for i in range(n):
        v = board_version(page, sel)
        start = time.perf_counter()
        page.click(f'{sel} [data-id="piece:{TAKEN[i % len(TAKEN)]}"]')
        wait_redraw(page, v, sel)
        out.append(time.perf_counter() - start)
    return out


def measure_thinking() -> tuple[list[float], list[float], list[float]]:
    """The page's answer to the pointer while a bot thinks (10 s MCTS in a worker thread):
    a building taken in hand, against idle, and Hint (1 s search) from click to suggestions drawn."""
    from playwright.sync_api import sync_playwright

    with VoilaServer() as server, sync_playwright() as p:
        _wait_all_pools(server)
        browser = launch_chromium(p)
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        page.route("**/*", _route_offline)
        page.goto(server.url("cathedral_play.ipynb"))
        page.wait_for_selector(CITY + " svg", timeout=60_000)
        hint = []
        for _ in range(3):
            start = time.perf_counter()
            page.click("button:has-text('Hint')")
            page.wait_for_selector(f"{CITY} .hint", timeout=60_000)
            hint.append(time.perf_counter() - start)
            page.click("button:has-text('New game')")
            page.wait_for_selector(f"{CITY} .hint", state="detached")
        page.select_option(".sg-view select >> nth=1", label="MCTS bot")
        handle = page.locator(".sg-view .widget-slider .noUi-handle").nth(1)  # Dark's strength
        # shown once the kernel has made Dark a bot (later when the hints kept it busy)
        handle.wait_for(state="visible")
        handle.focus()
        for _ in range(90):  # 1.0 s to 10.0 s, a tenth a key
            page.keyboard.press("ArrowRight")
        page.wait_for_selector(".sg-view .widget-slider label:has-text('10.0 s a move')")
        page.hover(f'{CITY} [data-id="e5"]')
        page.click(f'{CITY} [data-id="e5"]')
        page.wait_for_selector(".sg-thinking:has-text('is thinking')")
        sel = ".sg-supply-dark .sg-board"
        v = board_version(page, sel)
        page.click(f'{sel} [data-id="piece:castle"]')
        wait_redraw(page, v, sel)
        busy = _takes(page)
        assert "is thinking" in page.inner_text(".sg-thinking")  # all of them while it thought
        page.click("button:has-text('Undo')")
        page.wait_for_selector(".sg-thinking", state="hidden")
        page.hover(f'{CITY} [data-id="e5"]')
        page.click(f'{CITY} [data-id="e5"]')  # the bot again: make Dark human to compare
        page.select_option(".sg-view select >> nth=1", label="Human")
        page.wait_for_selector(".sg-thinking", state="hidden")
        v = board_version(page, sel)
        page.click(f'{sel} [data-id="piece:castle"]')
        wait_redraw(page, v, sel)
        idle = _takes(page)
        browser.close()
    return idle, busy, hint


WOL_BOARD = ".sg-walls .sg-board"


def _clicked(page, selector: str, board: str = WOL_BOARD) -> float:  # type: ignore[no-untyped-def]
    """Click ``selector``; seconds from the click to the first frame after the board redrew."""
    page.evaluate("window.__sgTimes = []")
    v = board_version(page, board)
    page.click(selector)
    wait_redraw(page, v, board)
    page.wait_for_function("() => window.__sgTimes.length > 0")
    return float(page.evaluate("window.__sgTimes[0]")) / 1000


def measure_walls_of_light() -> tuple[list[float], list[float], list[float], list[float]]:
    """The Walls of Light dashboard: page loads; then Roll, place on a ringed space, Undo."""
    from playwright.sync_api import sync_playwright

    with VoilaServer() as server, sync_playwright() as p:
        _wait_all_pools(server)
        browser = launch_chromium(p)
        pages: list = []
        loads = _loads(server, browser, "walls_of_light_play.ipynb", LOADS, WOL_BOARD, pages)
        page = pages[0]
        rolls, place, undo = [], [], []
        rolls.append(_clicked(page, ".sg-roll"))
        for _ in range(PLACEMENTS):
            page.wait_for_selector(f"{WOL_BOARD} .target")
            space = page.get_attribute(f"{WOL_BOARD} .target", "data-space")
            place.append(_clicked(page, f'{WOL_BOARD} [data-id="{space}"]'))
            rolls.append(_clicked(page, ".sg-roll"))  # the next player's roll
            undo.append(_clicked(page, "button:has-text('Undo')"))  # back to the placement
        browser.close()
    return loads, rolls, place, undo


COLORING_BOARD = ".sg-coloring-board .sg-board"


def measure_coloring() -> tuple[list[float], list[float], list[float]]:
    """The Coloring dashboard with four players on the default sheet: page loads (a preheated
    kernel each); then clicks (a pencil, shapes, the ✓ that colors them) and hovers over shapes
    with a pencil in hand, each to the redrawn board."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        nb = {
            "cells": [
                {
                    "cell_type": "code",
                    "execution_count": None,
                    "id": "c",
                    "metadata": {},
                    "outputs": [],
                    "source": "from stainedglass_widgets import view\nview('coloring', players=4)",
                }
            ],
            "metadata": {
                "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
            },
            "nbformat": 4,
            "nbformat_minor": 5,
        }
        (pathlib.Path(tmp) / "four.ipynb").write_text(json.dumps(nb))
        with VoilaServer(notebooks=tmp) as server, sync_playwright() as p:
            server.wait_preheated(1)
            browser = launch_chromium(p)
            pages: list = []
            loads = _loads(server, browser, "four.ipynb", LOADS, COLORING_BOARD, pages)
            page = pages[0]
            clicks, hovers = [], []
            board = COLORING_BOARD
            for turn in range(4):  # each of the four players colors a set
                pencil = page.get_attribute(f'{board} .pencil[data-here="true"]', "data-pencil")
                clicks.append(_clicked(page, f'{board} [data-id="pencil:{pencil}"]', board))
                n = len(page.query_selector_all(f'{board} .pencil[data-here="true"]'))
                shapes = [1, 2, 3, 4, 5][:n] if turn % 2 == 0 else [22, 23, 24, 25, 26][:n]
                for shape in shapes:
                    v = board_version(page, board)
                    start = time.perf_counter()
                    page.hover(f'{board} [data-id="shape:{shape}"]')
                    wait_redraw(page, v, board)
                    hovers.append(time.perf_counter() - start)
                    clicks.append(_clicked(page, f'{board} [data-id="shape:{shape}"]', board))
                clicks.append(_clicked(page, f'{board} [data-id="confirm"]', board))
            browser.close()
    return loads, clicks, hovers


SAGRADA_BOARD = ".sg-sagrada-board .sg-board"


def measure_sagrada() -> tuple[list[float], list[float]]:
    """The Sagrada dashboard: page loads (a preheated kernel each); then clicks to the redrawn
    board: Draw the cards, a drawn card, a field (placing it), round after round."""
    from playwright.sync_api import sync_playwright

    board = SAGRADA_BOARD
    with VoilaServer() as server, sync_playwright() as p:
        _wait_all_pools(server)
        browser = launch_chromium(p)
        pages: list = []
        loads = _loads(server, browser, "sagrada_play.ipynb", LOADS, board, pages)
        page = pages[0]
        clicks = []
        for _ in range(5):  # five rounds
            if page.query_selector(".sg-chance:not([disabled])"):
                clicks.append(_clicked(page, ".sg-chance", board))
            for _turn in range(2):
                fits = page.eval_on_selector_all(
                    f"{board} .drawn-card", "els => els.map(e => e.dataset.card)"
                )
                placed = False
                for card in fits:
                    clicks.append(_clicked(page, f'{board} [data-id="card:{card}"]', board))
                    for field in (
                        "a1",
                        "b1",
                        "c1",
                        "d1",
                        "e1",
                        "a2",
                        "b2",
                        "c2",
                        "d2",
                        "e2",
                        "a3",
                        "b3",
                        "c3",
                        "d3",
                        "e3",
                        "a4",
                        "b4",
                        "c4",
                        "d4",
                        "e4",
                    ):
                        v = board_version(page, board)
                        page.hover(f'{board} [data-id="{field}"]')
                        wait_redraw(page, v, board)
                        if page.query_selector(
                            f'{board} .field[data-field="{field}"] .preview.legal'
                        ):
                            clicks.append(_clicked(page, f'{board} [data-id="{field}"]', board))
                            placed = True
                            break
                    if placed:
                        break
                if not placed and page.query_selector("button:has-text('Pass'):visible"):
                    page.click("button:has-text('Pass'):visible")  # shown only when legal
        browser.close()
    return loads, clicks


def measure_link() -> list[float]:
    """Page load of a shared link of a whole Cathedral game (the bundled example) to the board
    showing the game's last move, each with a preheated kernel."""
    from playwright.sync_api import sync_playwright

    import stainedglass as sg

    record = sg.load_record((ROOT / "notebooks" / "games" / "cathedral.json").read_text())
    out = []
    with VoilaServer() as server, sync_playwright() as p:
        _wait_all_pools(server)
        browser = launch_chromium(p)
        link = record.to_link(server.url("cathedral_play.ipynb"))
        for _ in range(LOADS):
            filled = server.filled()
            page = browser.new_page(viewport={"width": 1280, "height": 1000})
            page.route("**/*", _route_offline)
            start = time.perf_counter()
            page.goto(link)
            page.wait_for_function(
                "(n) => { const s = document.querySelector('.sg-log summary');"
                " return s && s.innerText.includes('(' + n + ' moves)'); }",
                arg=len(record.moves),
                timeout=60_000,
            )
            out.append(time.perf_counter() - start)
            page.close()
            server.wait_preheated(filled + 1)
        browser.close()
    return out


def main() -> None:
    try:
        import playwright  # noqa: F401 - only whether it is installed
    except ImportError:
        print("views: skipped (playwright is not installed)")
        return
    if chromium_path() is None:
        print("views: skipped (no Chromium: apt-get install chromium)")
        return
    loads, place, undo = measure()
    med = statistics.median
    label = f"views: page load to interactive board, preheated (median of {len(loads)})"
    print(
        f"{label:<58}"
        f" {med(loads) * 1000:>12,.0f} ms   (target <= 3,000: "
        f"{'ok' if med(loads) <= 3 else 'ABOVE'}; min {min(loads) * 1000:,.0f}, "
        f"max {max(loads) * 1000:,.0f})",
        flush=True,
    )
    floor = measure_floor()
    label = f"views: page load, Voila alone: one tiny board (median of {len(floor)})"
    print(
        f"{label:<58} {med(floor) * 1000:>12,.0f} ms   (the floor under both dashboards; "
        f"max {max(floor) * 1000:,.0f})",
        flush=True,
    )
    for label, xs in (
        ("click to redrawn board: place a building", place),
        ("click to redrawn board: Undo", undo),
    ):
        print(
            f"{'views: ' + label + ' (median of ' + str(len(xs)) + ')':<58}"
            f" {med(xs) * 1000:>12,.0f} ms   (target <= 150: "
            f"{'ok' if med(xs) <= 0.150 else 'ABOVE'}; max {max(xs) * 1000:,.0f})",
            flush=True,
        )
    idle, busy, hint = measure_thinking()
    for label, xs in (
        ("take a building to redrawn supply, idle", idle),
        ("take a building to redrawn supply, while a bot thinks", busy),
        ("Hint (1 s search) click to suggestions drawn", hint),
    ):
        print(
            f"{'views: ' + label + ' (median of ' + str(len(xs)) + ')':<58}"
            f" {med(xs) * 1000:>12,.0f} ms   (max {max(xs) * 1000:,.0f})",
            flush=True,
        )
    loads, rolls, place, undo = measure_walls_of_light()
    label = f"views: Walls of Light page load, preheated (median of {len(loads)})"
    print(
        f"{label:<58} {med(loads) * 1000:>12,.0f} ms   (target <= 3,000: "
        f"{'ok' if med(loads) <= 3 else 'ABOVE'}; max {max(loads) * 1000:,.0f})",
        flush=True,
    )
    for label, xs in (
        ("Walls of Light click to redrawn board: Roll", rolls),
        ("Walls of Light click to redrawn board: place", place),
        ("Walls of Light click to redrawn board: Undo", undo),
    ):
        print(
            f"{'views: ' + label + ' (median of ' + str(len(xs)) + ')':<58}"
            f" {med(xs) * 1000:>12,.0f} ms   (target <= 150: "
            f"{'ok' if med(xs) <= 0.150 else 'ABOVE'}; max {max(xs) * 1000:,.0f})",
            flush=True,
        )
    loads, clicks, hovers = measure_coloring()
    label = f"views: Coloring page load, 4 players, preheated (median of {len(loads)})"
    print(
        f"{label:<58} {med(loads) * 1000:>12,.0f} ms   (target <= 3,000: "
        f"{'ok' if med(loads) <= 3 else 'ABOVE'}; max {max(loads) * 1000:,.0f})",
        flush=True,
    )
    for label, xs in (
        ("Coloring click to redrawn board, 4 players", clicks),
        ("Coloring hover to redrawn board, 4 players", hovers),
    ):
        print(
            f"{'views: ' + label + ' (median of ' + str(len(xs)) + ')':<58}"
            f" {med(xs) * 1000:>12,.0f} ms   (target <= 150: "
            f"{'ok' if med(xs) <= 0.150 else 'ABOVE'}; max {max(xs) * 1000:,.0f})",
            flush=True,
        )
    loads, clicks = measure_sagrada()
    label = f"views: Sagrada page load, preheated (median of {len(loads)})"
    print(
        f"{label:<58} {med(loads) * 1000:>12,.0f} ms   (target <= 3,000: "
        f"{'ok' if med(loads) <= 3 else 'ABOVE'}; max {max(loads) * 1000:,.0f})",
        flush=True,
    )
    label = f"views: Sagrada click to redrawn board (median of {len(clicks)})"
    print(
        f"{label:<58} {med(clicks) * 1000:>12,.0f} ms   (target <= 150: "
        f"{'ok' if med(clicks) <= 0.150 else 'ABOVE'}; max {max(clicks) * 1000:,.0f})",
        flush=True,
    )
    links = measure_link()
    label = f"views: a shared link's page load, whole Cathedral game (median of {len(links)})"
    print(
        f"{label:<58} {med(links) * 1000:>12,.0f} ms   (target <= 3,000: "
        f"{'ok' if med(links) <= 3 else 'ABOVE'}; max {max(links) * 1000:,.0f})",
        flush=True,
    )
    closed, opened, first, again = measure_chart()
    for label, xs in (
        ("page load, score chart closed (as shipped)", closed),
        ("page load, score chart open at load (plotly up front)", opened),
        ("score chart, first click to plot drawn", first),
        ("score chart, shown again: click to plot drawn", again),
    ):
        print(
            f"{'views: ' + label:<58} {med(xs) * 1000:>12,.0f} ms   (median of {len(xs)})",
            flush=True,
        )


if __name__ == "__main__":
    main()
