"""``stainedglass serve`` for a class: visitors opening the Cathedral play dashboard at the same
moment, and the memory each one takes.

Each visitor does what a browser does (``testing.visit``): the page, its scripts and
stylesheets, the kernel's socket, every widget's state, and the board answering a ping. Their
browsers would be on the pupils' own machines, so none runs here: the figures are the server's
part, on this machine. The class is served as a teacher would serve it, ``stainedglass serve
--class N --dashboard cathedral_play`` (N kernels run the dashboard ahead of time; one visitor
is the plain ``make run`` server); 8 visitors are also timed on the plain server, to show what
the class's pool is for. One visitor is timed in Chromium too, page asked for to board drawn.

Memory is USS (what a process holds alone, shared library pages not counted twice), summed
over the server and its kernels once they have fallen quiet: before the visitors, and after
them with the kernels they took replaced. From it, how many pupils fit in this machine's memory
and in a 16 GB class server's, keeping a fifth for the system.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import statistics
import time

from stainedglass_widgets.testing import (
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
# the aims: every board within 10 s; for 30, median 3 s on a 4-core class server
TARGETS = {1: (10.0, None, 2), 8: (10.0, None, 2), 30: (10.0, 3.0, 4)}


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


def at_once(n: int, class_pool: bool) -> tuple[list[float], float, float, list[float]]:
    """``n`` visitors opening the dashboard together on a fresh server, once its kernels are
    ready: (each one's seconds to an answering board, memory before, memory per visitor
    after, each preheated kernel's memory before)."""
    args = ["--class", str(n), "--dashboard", DASHBOARD] if class_pool and n > 1 else []
    with VoilaServer(serve_args=args) as server:
        server.wait_preheated(notebooks(), timeout=900)
        server.wait_quiet(timeout=600, window=2)
        assert server.proc is not None
        before, kernels = tree_memory(server.proc.pid)

        async def everyone() -> list[tuple[float, object]]:
            return await asyncio.gather(*(visit(server.url(f"{DASHBOARD}.ipynb"))
                                          for _ in range(n)))

        times = sorted(t for t, _ in asyncio.run(everyone()))
        time.sleep(25)  # the replacements start 20 s after the class (5 s without --class)
        server.wait_quiet(timeout=600, window=2)
        after, _ = tree_memory(server.proc.pid)
    return times, before, (after - before) / n, kernels


def in_chromium() -> float:
    """Seconds from asking for the page to the board drawn, one visitor in Chromium."""
    from playwright.sync_api import sync_playwright

    with VoilaServer() as server, sync_playwright() as p:
        browser = launch_chromium(p)
        server.wait_preheated(notebooks())
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        start = time.perf_counter()
        page.goto(server.url(f"{DASHBOARD}.ipynb"))
        page.wait_for_selector(CITY + " svg", timeout=60_000)
        seconds = time.perf_counter() - start
        browser.close()
    return seconds


def verdict(n: int, times: list[float]) -> str:
    worst, median, cores = TARGETS[n]
    ok = max(times) <= worst and (median is None or statistics.median(times) <= median)
    wanted = f"all within {worst:.0f} s" + (f", median {median:.0f} s" if median else "")
    here = os.cpu_count() or 1
    where = f"on {cores} cores" + ("" if here == cores else f"; {here} here")
    return f"target {wanted} {where}: {'met' if ok else 'MISSED'}"


def main() -> None:
    try:
        import psutil  # noqa: F401
    except ImportError:
        print("serve: skipped (psutil is not installed)")
        return
    results = {n: at_once(n, class_pool=True) for n in CLASSES}
    plain = at_once(8, class_pool=False)[0]
    _, base, _, kernels = results[1]
    per_pupil = statistics.median(results[n][2] for n in CLASSES)
    memory = machine_memory()
    print(f"{'serve: memory with every notebook preheated':<58} {base:>12,.0f} MB   "
          f"({len(kernels)} kernels, median {statistics.median(kernels):,.0f} MB each)")
    for n in CLASSES:
        times, _, added, _ = results[n]
        print(f"{f'serve: {n} visitor(s) at once, page to board':<58}"
              f" {statistics.median(times) * 1000:>12,.0f} ms   (median; p95 "
              f"{percentile(times, 0.95) * 1000:,.0f}, max {max(times) * 1000:,.0f} ms; "
              f"{added:,.0f} MB per visitor; "
              + (f"--class {n}; " if n > 1 else "") + verdict(n, times) + ")")
    print(f"{'serve: 8 visitors at once without --class, page to board':<58}"
          f" {statistics.median(plain) * 1000:>12,.0f} ms   (median; p95 "
          f"{percentile(plain, 0.95) * 1000:,.0f}, max {max(plain) * 1000:,.0f} ms: one "
          "kernel preheated, the others start as visitors come)")
    print(f"{'serve: pupils that fit in memory, this machine':<58}"
          f" {pupils_that_fit(memory, base, per_pupil):>12,}      ({memory / 1024:,.1f} GB, "
          f"{per_pupil:,.0f} MB each, a fifth kept spare)")
    print(f"{'serve: pupils that fit in memory, a 16 GB class server':<58}"
          f" {pupils_that_fit(16 * 1024, base, per_pupil):>12,}")
    if chromium_path() is None:
        print("serve: Chromium skipped (apt-get install chromium)")
        return
    try:
        import playwright  # noqa: F401
    except ImportError:
        print("serve: Chromium skipped (playwright is not installed)")
        return
    print(f"{'serve: 1 visitor in Chromium, page to board drawn':<58}"
          f" {in_chromium() * 1000:>12,.0f} ms")


if __name__ == "__main__":
    main()
