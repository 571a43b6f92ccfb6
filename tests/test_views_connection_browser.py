"""A play dashboard whose kernel dies (killed, out of memory, culled) says so in words, with a
Reload button, and the reload brings back the game: the page's address holds it all along.

Voila serves a copy of the Cathedral play notebook alone (one preheated kernel, quick to start);
the test kills the page's own kernel process. Screenshots: ``test-artifacts/lost-kernel*.png``.
"""

from __future__ import annotations

import pathlib
import shutil
from typing import Any

import pytest

pytest.importorskip("anywidget")

from test_views_browser import browser, shot, wait_moves  # noqa: E402,F401 - the browser fixture

from stainedglass_widgets.testing import CITY, ROOT, VoilaServer  # noqa: E402

KERNEL_ID = ("() => JSON.parse(document.getElementById('jupyter-config-data').textContent)"
             ".kernelId")


def kill_kernel(server: VoilaServer, kernel_id: str) -> None:
    import psutil

    assert server.proc is not None
    for proc in psutil.Process(server.proc.pid).children(recursive=True):
        if f"kernel-{kernel_id}.json" in " ".join(proc.cmdline()):
            proc.kill()
            proc.wait(10)
            return
    raise AssertionError(f"no process for kernel {kernel_id}")


def test_a_lost_kernel_says_so_and_reload_brings_the_game_back(
        browser: Any, tmp_path: pathlib.Path) -> None:  # noqa: F811
    folder = tmp_path / "notebooks"
    folder.mkdir()
    shutil.copy(ROOT / "notebooks" / "cathedral_play.ipynb", folder)
    with VoilaServer(notebooks=str(folder)) as server:
        server.wait_preheated(1, timeout=180)
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        page.goto(server.url("cathedral_play.ipynb"))
        page.wait_for_selector(CITY + " svg", timeout=60_000)
        typed = page.locator('input[placeholder^="or type a move"]')
        typed.fill("cathedral e4 d5 e5 f5 e6 e7")
        typed.press("Enter")
        wait_moves(page, 1)
        # the address holds the game
        page.wait_for_function("() => location.search.includes('record=r1.')")
        assert page.is_hidden(".sg-lost")
        kill_kernel(server, page.evaluate(KERNEL_ID))
        page.wait_for_selector(".sg-lost:not([hidden])", timeout=30_000)
        words = page.inner_text(".sg-lost")
        assert "The game lost its connection. Reload to continue from move 1." in words
        shot(page, "lost-kernel")
        server.wait_preheated(2, timeout=120)  # the pool's next kernel, for the reload
        page.click(".sg-lost button")
        page.wait_for_selector(CITY + " svg", timeout=60_000)
        wait_moves(page, 1)
        assert page.is_hidden(".sg-lost")
        shot(page, "lost-kernel-reloaded")
        page.close()
