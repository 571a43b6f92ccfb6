"""After the game: a whole Cathedral game reviewed at the default budget, and a shared link read
back (the engine's part of opening one; the page load with a link is in bench_views)."""

from __future__ import annotations

import pathlib
import statistics
import time

import stainedglass as sg
from stainedglass.ai.review import DEFAULT_PLAYOUTS

EXAMPLE = pathlib.Path(__file__).resolve().parents[1] / "notebooks" / "games" / "cathedral.json"


def main() -> None:
    record = sg.load_record(EXAMPLE.read_text())
    times = []
    for seed in range(3):
        start = time.perf_counter()
        sg.ai.review(record, seed=seed)
        times.append(time.perf_counter() - start)
    hint = sg.load("cathedral").facts.hint_bot
    label = (
        f"review: a Cathedral game of {len(record.moves)} moves ({hint}, "
        f"{DEFAULT_PLAYOUTS} playouts' work; median of {len(times)})"
    )
    print(
        f"{label:<58} {statistics.median(times):>12,.1f} s   (max {max(times):,.1f}; "
        f"{statistics.median(times) / len(record.moves):.2f} s a move)",
        flush=True,
    )
    link = record.to_link("http://127.0.0.1:8866/voila/render/cathedral_play.ipynb")
    reads = []
    for _ in range(50):
        start = time.perf_counter()
        sg.load_record(link).state()
        reads.append(time.perf_counter() - start)
    label = f"records: a full Cathedral game's link read and replayed (median of {len(reads)})"
    print(
        f"{label:<58} {statistics.median(reads) * 1000:>12,.1f} ms   "
        f"({len(link):,} characters: target < 2,000)",
        flush=True,
    )


if __name__ == "__main__":
    main()
