"""A play dashboard whose kernel dies (killed, out of memory, culled) says so in words, with a
Reload button, and the reload brings back the game: the page's address holds it all along. A
closed page's kernel ends; a preheated one waiting for its visitor stays. One page more than the
server lets in is told the class is full, and gets its board once a place is free.

Voila serves a copy of the Cathedral play notebook alone (one preheated kernel, quick to start);
the test kills the page's own kernel process. Screenshots: ``test-artifacts/lost-kernel*.png``,
``class-full*.png``.
"""

from __future__ import annotations

import pathlib
import shutil
import time
from typing import Any

import pytest

pytest.importorskip("anywidget")

from harness import (
    CITY,
    ROOT,
    VoilaServer,
    shot,
    wait_moves,
)

pytestmark = pytest.mark.full  # servers of their own (kernels killed, a class full): make test-all

KERNEL_ID = "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"


def kill_kernel(server: VoilaServer, kernel_id: str) -> None:
    import psutil

    assert server.proc is not None
    for proc in psutil.Process(server.proc.pid).children(recursive=True):
        if f"kernel-{kernel_id}.json" in " ".join(proc.cmdline()):
            proc.kill()
            proc.wait(10)
            return
    raise AssertionError(f"no process for kernel {kernel_id}")


def cathedral_server(
    tmp_path: pathlib.Path, closing: bool = False, serve_args: list[str] | None = None
) -> VoilaServer:
    """Voila serving a copy of the Cathedral play notebook alone; ``closing``: a closed page's
    kernel ends after 2 s (60 s when served), checked every second."""
    folder = tmp_path / "notebooks"
    folder.mkdir()
    shutil.copy(ROOT / "notebooks" / "cathedral_play.ipynb", folder)
    extra = (
        ["--ClassKernelManager.closed_timeout=2", "--MappingKernelManager.cull_interval=1"]
        if closing
        else []
    )
    return VoilaServer(notebooks=str(folder), extra_args=extra, serve_args=serve_args)


def open_board(browser: Any, server: VoilaServer) -> Any:
    """A new page on the served dashboard, once its board is drawn."""
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page.goto(server.url("cathedral_play.ipynb"))
    page.wait_for_selector(CITY + " svg", timeout=60_000)
    return page


def test_a_lost_kernel_says_so_and_reload_brings_the_game_back(
    browser: Any, tmp_path: pathlib.Path
) -> None:
    with cathedral_server(tmp_path) as server:
        server.wait_preheated(1, timeout=180)
        page = open_board(browser, server)
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
    browser: Any, tmp_path: pathlib.Path
) -> None:
    """With the closing grace cut to 2 s (60 s when served): the page's kernel ends once the
    page has closed; the preheated kernel that waits for the next visitor stays."""

    with cathedral_server(tmp_path, closing=True) as server:
        server.wait_preheated(1, timeout=180)
        page = open_board(browser, server)
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


def test_a_full_class_is_told_so_and_a_freed_place_lets_the_next_pupil_in(
    browser: Any, tmp_path: pathlib.Path
) -> None:
    # "A limit on kernels ... with a friendly 'the class is full' page instead of running out
    # of memory": here a class of one, so the second page is the one too many
    with cathedral_server(tmp_path, closing=True, serve_args=["--max-pupils", "1"]) as server:
        server.wait_preheated(1, timeout=180)
        first = open_board(browser, server)
        first_kernel = first.evaluate(KERNEL_ID)
        server.wait_preheated(2, timeout=120)  # a kernel waits for the next pupil...
        second = browser.new_page(viewport={"width": 1280, "height": 1000})
        response = second.goto(server.url("cathedral_play.ipynb"))
        assert response is not None and response.status == 503  # ...who may not have it
        words = second.inner_text("main")
        assert "The class is full" in words
        assert "This server holds 1 game at once, and 1 is open." in words
        assert second.locator("script").count() == 0  # nothing from elsewhere, no kernel
        shot(second, "class-full")
        first.close()
        deadline = time.monotonic() + 30
        while kernel_alive(server, first_kernel):
            assert time.monotonic() < deadline, "the closed page's kernel is still running"
            time.sleep(0.5)
        second.get_by_role("button", name="Try again").click()
        second.wait_for_selector(CITY + " svg", timeout=60_000)
        assert second.evaluate(KERNEL_ID) != first_kernel
        shot(second, "class-full-then-in")
        assert "The class is full" in server.log_path.read_text()
