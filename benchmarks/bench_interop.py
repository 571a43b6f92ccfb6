"""Tournaments on a Dask cluster beside the local process pool (games a second, the same games),
and OpenSpiel's MCTS against ours at equal time (a short form of benchmarks/strength.py's)."""

from __future__ import annotations

import statistics
import time

import stainedglass as sg

GAMES = 12
BOTS = ["mcts:iterations=30", "greedy"]
REPEATS = 3


def _rate(**where: object) -> float:
    start = time.perf_counter()
    sg.ai.tournament("cathedral", BOTS, n=GAMES, seed=5, **where)  # type: ignore[arg-type]
    return GAMES / (time.perf_counter() - start)


def main() -> None:
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        print("bench_interop: Dask is not installed (the cluster extra): skipped\n")
        return
    local = [_rate(jobs=2) for _ in range(REPEATS)]
    with (
        LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as lc,
        Client(lc) as client,
    ):
        on_dask = [_rate(executor=client) for _ in range(REPEATS)]
    print(
        f"tournament, Cathedral {' v '.join(BOTS)}, {GAMES} games on 2 processes: local pool "
        f"{statistics.median(local):.2f} games/s, Dask LocalCluster "
        f"{statistics.median(on_dask):.2f} games/s (median of {REPEATS})\n",
        flush=True,
    )
    try:
        import stainedglass.interop.openspiel  # noqa: F401 - registers the games with OpenSpiel
    except ImportError:
        print("bench_interop: OpenSpiel is not installed (the rl extra): skipped\n")
        return
    for game, n in (("cathedral", 4), ("walls_of_light", 2)):
        table = sg.ai.tournament(
            game, ["mcts:budget=0.1", "openspiel-mcts:budget=0.1"], n=n, jobs=2, seed=1
        )
        print(
            f"{table}\n(short form: {n} games at 0.1 s a move; benchmarks/STRENGTH.md has "
            f"the full table)\n",
            flush=True,
        )
