"""Tournaments beyond one machine: on a real Dask cluster (``dask.distributed.LocalCluster``) the
same seeds give the same games as the local process pool; a stop, or Ctrl-C, cancels the games
not yet played and keeps those finished."""

from __future__ import annotations

import threading

import pytest

import stainedglass as sg
from stainedglass.__main__ import main
from stainedglass.ai.tournament import cluster

distributed = pytest.importorskip(
    "distributed", reason="the cluster extra: pip install 'stainedglass-games[cluster]'"
)

BOTS = ["mcts:iterations=40", "alphabeta:depth=1"]  # budgets in work, not time: reproducible


@pytest.fixture(scope="module")
def local_cluster():
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as lc:
        yield lc


def _games(table):
    return [(r.task.seed, r.task.bots, r.returns, r.scores, r.moves) for r in table.results]


def test_a_tournament_on_a_dask_cluster_plays_the_same_games_as_the_local_pool(local_cluster):
    with distributed.Client(local_cluster) as client:
        seen = []
        on_dask = sg.ai.tournament(
            "cathedral",
            BOTS,
            n=6,
            seed=11,
            executor=client,
            progress=lambda done, n: seen.append(done),
        )
    local = sg.ai.tournament("cathedral", BOTS, n=6, seed=11, jobs=2)
    assert _games(on_dask) == _games(local)

    def timeless(table):  # the same table, but for the time each move took
        return [{k: v for k, v in row.items() if k != "sec_per_move"} for row in table.rows]

    assert timeless(on_dask) == timeless(local)
    assert seen == [1, 2, 3, 4, 5, 6] and not on_dask.stopped


def test_the_command_plays_on_a_scheduler(local_cluster, capsys):
    status = main(
        [
            "tournament",
            "cathedral",
            "greedy",
            "random",
            "-n",
            "4",
            "--quiet",
            "--scheduler",
            local_cluster.scheduler_address,
        ]
    )
    out = capsys.readouterr().out
    assert status == 0 and "greedy" in out and "    4 " in out


def test_a_stop_cancels_the_games_not_yet_played_and_keeps_those_finished(local_cluster):
    stop = threading.Event()

    def progress(done: int, n: int) -> None:
        if done == 2:
            stop.set()

    with distributed.Client(local_cluster) as client:
        table = sg.ai.tournament(
            "cathedral",
            ["mcts:iterations=200", "greedy"],
            n=40,
            executor=client,
            progress=progress,
            stop=stop,
        )
    assert table.stopped and 2 <= len(table.results) < 40 and table.planned == 40
    assert sum(r["games"] for r in table.rows) == 2 * len(table.results)
    assert f"stopped after {len(table.results)} of 40 games" in str(table)


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_keeps_the_games_finished(jobs):
    def progress(done: int, n: int) -> None:
        if done == 3:
            raise KeyboardInterrupt

    table = sg.ai.tournament(
        "cathedral", ["greedy", "random"], n=30, jobs=jobs, seed=2, progress=progress
    )
    assert table.stopped and len(table.results) == 3
    assert [r.task.seed for r in table.results] == sorted(r.task.seed for r in table.results)


@pytest.mark.full  # waits out Dask's connect timeout (10 s)
def test_no_scheduler_is_a_value_error_saying_where():
    with pytest.raises(ValueError, match="no Dask scheduler answers at 'tcp://127.0.0.1:9'"):
        cluster("tcp://127.0.0.1:9")
