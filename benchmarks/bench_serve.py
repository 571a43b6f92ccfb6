"""``stainedglass serve`` for a class: visitors opening the Cathedral play dashboard at the same
moment, and the memory each one takes.

Each visitor does what a browser does (``harness.visit`` in ``tests/``): the page, its scripts and
stylesheets, the kernel's socket, every widget's state, and the board answering a ping. Their
browsers would be on the pupils' own machines, so none runs here: the figures are the server's
part, on this machine. The class is served as a teacher would serve it, ``stainedglass serve
--class N --dashboard cathedral_play`` (N kernels run the dashboard ahead of time; one visitor
is the plain ``make run`` server), and the class arrives the moment the server says it is
ready: how long that took is printed too. 8 visitors are also timed on the plain server, to
show what the class's pool is for. One visitor is timed in Chromium too, page asked for to
board drawn.

Memory is USS (what a process holds alone, shared library pages not counted twice), summed
over the server and its kernels: once the visitors have their boards (measured then, not
before, so that they arrive the moment the server is ready), and again once the kernels they
took have been replaced and the server is quiet. From it, how many pupils fit in this machine's memory
and in a 16 GB class server's, keeping a fifth for the system.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import statistics
import time

from harness import (
    CITY,
    ROOT,
    VoilaServer,
    chromium_path,
    launch_chromium,
    visit,
)

DASHBOARD = "cathedral_play"
CLASSES = (1, 8, 30)
MB = 1024 * 1024
# the aims, for a class arriving the moment the server says it is ready: every board within
# 10 s, and half of them within 3 s
WORST, MEDIAN = 10.0, 3.0


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


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered) + 0.5) - 1))]


def notebooks() -> int:
    return len(list((ROOT / "notebooks").glob("*.ipynb")))


def at_once(n: int, class_pool: bool) -> tuple[list[float], float, float, list[float], float]:
    """``n`` visitors opening the dashboard together on a fresh server, the moment it says it
    is ready: (each one's seconds to an answering board, memory with the visitors in, memory
    per visitor once their kernels are replaced, each kernel's memory with the visitors in,
    seconds from the start to ready)."""
    args = ["--class", str(n), "--dashboard", DASHBOARD] if class_pool and n > 1 else []
    start = time.perf_counter()
    with VoilaServer(serve_args=args) as server:
        server.wait_ready(timeout=900)
        ready = time.perf_counter() - start

        async def everyone() -> list[tuple[float, object]]:
            return await asyncio.gather(
                *(visit(server.url(f"{DASHBOARD}.ipynb")) for _ in range(n))
            )

        times = sorted(t for t, _ in asyncio.run(everyone()))
        assert server.proc is not None
        # the same processes as before the visitors, who took the preheated kernels
        before, kernels = tree_memory(server.proc.pid)
        time.sleep(25)  # the replacements start 20 s after the class (5 s without --class)
        server.wait_quiet(timeout=600, window=2)
        after, _ = tree_memory(server.proc.pid)
    return times, before, (after - before) / n, kernels, ready


def in_chromium() -> float:
    """Seconds from asking for the page to the board drawn, one visitor in Chromium."""
    from playwright.sync_api import sync_playwright

    with VoilaServer() as server, sync_playwright() as p:
        browser = launch_chromium(p)
        server.wait_ready()
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        start = time.perf_counter()
        page.goto(server.url(f"{DASHBOARD}.ipynb"))
        page.wait_for_selector(CITY + " svg", timeout=60_000)
        seconds = time.perf_counter() - start
        browser.close()
    return seconds


def verdict(times: list[float]) -> str:
    ok = max(times) <= WORST and statistics.median(times) < MEDIAN
    return (
        f"target all within {WORST:.0f} s, median under {MEDIAN:.0f} s, on "
        f"{os.cpu_count() or 1} cores: {'met' if ok else 'MISSED'}"
    )


def main() -> None:
    try:
        import psutil  # noqa: F401 - only whether it is installed
    except ImportError:
        print("serve: skipped (psutil is not installed)")
        return
    results = {n: at_once(n, class_pool=True) for n in CLASSES}
    plain = at_once(8, class_pool=False)
    _, _, _, kernels, _ = results[1]
    base = results[1][1]
    per_pupil = statistics.median(results[n][2] for n in CLASSES)
    memory = machine_memory()
    print(
        f"{'serve: memory with every notebook preheated':<58} {base:>12,.0f} MB   "
        f"({len(kernels)} kernels, median {statistics.median(kernels):,.0f} MB each)"
    )
    for n in CLASSES:
        times, _, added, _, ready = results[n]
        print(
            f"{f'serve: {n} visitor(s) at once when ready, page to board':<58}"
            f" {statistics.median(times) * 1000:>12,.0f} ms   (median; max "
            f"{max(times) * 1000:,.0f} ms; "
            + (f"--class {n}, " if n > 1 else "")
            + f"ready {ready:,.0f} s after the start;"
            f" {added:,.0f} MB per visitor; " + verdict(times) + ")"
        )
        if n > 1:
            print(f"{'':<58} each pupil's board: " + " ".join(f"{t:.1f}" for t in times) + " s")
    times, _, _, _, ready = plain
    print(
        f"{'serve: 8 visitors at once without --class, page to board':<58}"
        f" {statistics.median(times) * 1000:>12,.0f} ms   (median; p95 "
        f"{percentile(times, 0.95) * 1000:,.0f}, max {max(times) * 1000:,.0f} ms: one "
        f"kernel preheated, the others start as visitors come; ready {ready:,.0f} s after "
        "the start)"
    )
    print(
        f"{'serve: pupils that fit in memory, this machine':<58}"
        f" {pupils_that_fit(memory, base, per_pupil):>12,}      ({memory / 1024:,.1f} GB, "
        f"{per_pupil:,.0f} MB each, a fifth kept spare)"
    )
    print(
        f"{'serve: pupils that fit in memory, a 16 GB class server':<58}"
        f" {pupils_that_fit(16 * 1024, base, per_pupil):>12,}"
    )
    if chromium_path() is None:
        print("serve: Chromium skipped (apt-get install chromium)")
        return
    try:
        import playwright  # noqa: F401 - only whether it is installed
    except ImportError:
        print("serve: Chromium skipped (playwright is not installed)")
        return
    print(
        f"{'serve: 1 visitor in Chromium, page to board drawn':<58}"
        f" {in_chromium() * 1000:>12,.0f} ms"
    )


if __name__ == "__main__":
    main()
