"""``stainedglass serve`` for a class: what the server holds once every notebook's kernel is
preheated, and what each pupil adds, measured with pupils opening the Cathedral play dashboard in
Chromium one after another. Memory is USS (what a process holds alone, shared library pages not
counted twice), summed over the server and its kernels, after the server has fallen quiet.

From these: how many pupils fit in this machine's memory, and in a 16 GB class server's, keeping
a fifth of the memory for the system. Then what the processor allows: pupils opening the page at
the same moment (1, 4 and 8), each timed from the page asked for to the board drawn.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import statistics
import time

from stainedglass_widgets.testing import (
    CHROMIUM_ARGS,
    CITY,
    ROOT,
    VoilaServer,
    chromium_path,
    launch_chromium,
)

PUPILS = 4
AT_ONCE = (1, 4, 8)
MB = 1024 * 1024


def tree_memory(pid: int) -> tuple[float, list[float]]:
    """(USS of the server and all its kernels, USS of each kernel), in MB."""
    import psutil

    root = psutil.Process(pid)
    total, kernels = 0.0, []
    for proc in [root, *root.children(recursive=True)]:
        with contextlib.suppress(psutil.Error):
            uss = proc.memory_full_info().uss / MB
            total += uss
            if "ipykernel_launcher" in " ".join(proc.cmdline()):
                kernels.append(uss)
    return total, kernels


def machine_memory() -> float:
    """This machine's memory in MB."""
    return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / MB


def pupils_that_fit(memory: float, base: float, per_pupil: float) -> int:
    """Pupils whose kernels fit beside the server, keeping a fifth of ``memory`` spare."""
    return max(0, int((0.8 * memory - base) // per_pupil))


def measure() -> tuple[float, list[float], list[float]]:
    """(memory with every pool preheated, each kernel's at that point, the added memory per
    pupil for each pupil)."""
    from playwright.sync_api import sync_playwright

    notebooks = len(list((ROOT / "notebooks").glob("*.ipynb")))
    with VoilaServer() as server, sync_playwright() as p:
        browser = launch_chromium(p)
        server.wait_preheated(notebooks)
        assert server.proc is not None
        base, kernels = tree_memory(server.proc.pid)
        added, pages, before = [], [], base
        for _ in range(PUPILS):
            filled = server.filled()
            page = browser.new_page(viewport={"width": 1280, "height": 1000})
            page.goto(server.url("cathedral_play.ipynb"))
            page.wait_for_selector(CITY + " svg", timeout=60_000)
            pages.append(page)  # the pupil stays: the kernel is theirs
            server.wait_preheated(filled + 1)
            now, _ = tree_memory(server.proc.pid)
            added.append(now - before)
            before = now
        browser.close()
    return base, kernels, added


async def _together(url: str, n: int) -> list[float]:
    """``n`` pupils opening ``url`` at the same moment, each in their own browser context: the
    seconds from asking for the page to the board drawn."""
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=chromium_path(),
                                          args=list(CHROMIUM_ARGS), headless=True)
        contexts = [await browser.new_context(viewport={"width": 1280, "height": 1000})
                    for _ in range(n)]
        pages = [await c.new_page() for c in contexts]

        async def one(page) -> float:  # type: ignore[no-untyped-def]
            start = time.perf_counter()
            await page.goto(url, timeout=300_000)
            await page.wait_for_selector(CITY + " svg", timeout=300_000)
            return time.perf_counter() - start

        times = await asyncio.gather(*(one(page) for page in pages))
        await browser.close()
    return sorted(times)


def measure_at_once() -> dict[int, list[float]]:
    """Page to board for 1, 4 and 8 pupils opening the Cathedral play dashboard together, each
    group on a freshly started server once its preheated kernels are ready."""
    notebooks = len(list((ROOT / "notebooks").glob("*.ipynb")))
    out = {}
    for n in AT_ONCE:
        with VoilaServer() as server:
            server.wait_preheated(notebooks)
            out[n] = asyncio.run(_together(server.url("cathedral_play.ipynb"), n))
    return out


def main() -> None:
    try:
        import playwright  # noqa: F401
    except ImportError:
        print("serve: skipped (playwright is not installed)")
        return
    if chromium_path() is None:
        print("serve: skipped (no Chromium: apt-get install chromium)")
        return
    base, kernels, added = measure()
    per_pupil = statistics.median(added)
    memory = machine_memory()
    print(f"{'serve: memory with every notebook preheated':<58} {base:>12,.0f} MB   "
          f"({len(kernels)} kernels, median {statistics.median(kernels):,.0f} MB each)")
    print(f"{'serve: memory each pupil adds (median of ' + str(PUPILS) + ')':<58}"
          f" {per_pupil:>12,.0f} MB   (Cathedral play open; all: "
          + ", ".join(f"{a:,.0f}" for a in added) + ")")
    print(f"{'serve: pupils that fit in memory, this machine':<58}"
          f" {pupils_that_fit(memory, base, per_pupil):>12,}      ({memory / 1024:,.1f} GB, "
          "a fifth kept spare)")
    print(f"{'serve: pupils that fit in memory, a 16 GB class server':<58}"
          f" {pupils_that_fit(16 * 1024, base, per_pupil):>12,}")
    for n, times in measure_at_once().items():
        print(f"{'serve: ' + str(n) + ' pupil(s) opening Cathedral at once, page to board':<58}"
              f" {statistics.median(times) * 1000:>12,.0f} ms   (median; max "
              f"{max(times) * 1000:,.0f} ms; {os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
