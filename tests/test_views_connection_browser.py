"""A play dashboard whose kernel dies (killed, out of memory, culled) says so in words, with a
Reload button, and the reload brings back the game: the page's address holds it all along. A
closed page's kernel ends; a preheated one waiting for its visitor stays.

Voila serves a copy of the Cathedral play notebook alone (one preheated kernel, quick to start);
the test kills the page's own kernel process. Screenshots: ``test-artifacts/lost-kernel*.png``.
"""

from __future__ import annotations

import pathlib
import shutil
import time
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


def test_a_closed_pages_kernel_ends_and_a_waiting_one_stays(
        browser: Any, tmp_path: pathlib.Path) -> None:  # noqa: F811
    """With the closing grace cut to 2 s (60 s when served): the page's kernel ends once the
    page has closed; the preheated kernel that waits for the next visitor stays."""
    import psutil

    folder = tmp_path / "notebooks"
    folder.mkdir()
    shutil.copy(ROOT / "notebooks" / "cathedral_play.ipynb", folder)
    with VoilaServer(notebooks=str(folder),
                     extra_args=["--ClassKernelManager.closed_timeout=2",
                                 "--MappingKernelManager.cull_interval=1"]) as server:
        server.wait_preheated(1, timeout=180)
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        page.goto(server.url("cathedral_play.ipynb"))
        page.wait_for_selector(CITY + " svg", timeout=60_000)
        kernel_id = page.evaluate(KERNEL_ID)
        server.wait_preheated(2, timeout=120)  # the next visitor's kernel is ready
        time.sleep(5)
        assert kernels(server) >= 2 and kernel_alive(server, kernel_id)  # open: kept
        page.close()
        deadline = time.monotonic() + 30
        while kernel_alive(server, kernel_id):
            assert time.monotonic() < deadline, "the closed page's kernel is still running"
            time.sleep(0.5)
        time.sleep(3)
        assert kernels(server) == 1  # the waiting kernel stays
        assert "its page closed" in server.log_path.read_text()


def _kernel_commands(server: VoilaServer) -> list[str]:
    """The command lines of the server's running kernels (ended ones, zombies too, left out)."""
    import psutil

    assert server.proc is not None
    commands = []
    for proc in psutil.Process(server.proc.pid).children(recursive=True):
        try:
            if proc.status() != psutil.STATUS_ZOMBIE:
                commands.append(" ".join(proc.cmdline()))
        except psutil.Error:
            pass
    return [c for c in commands if "ipykernel_launcher" in c]


def kernels(server: VoilaServer) -> int:
    return len(_kernel_commands(server))


def kernel_alive(server: VoilaServer, kernel_id: str) -> bool:
    return any(f"kernel-{kernel_id}.json" in c for c in _kernel_commands(server))
