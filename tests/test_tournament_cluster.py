"""Tournaments beyond one machine: on a real Dask cluster (``dask.distributed.LocalCluster``) the
same seeds give the same games as the local process pool, played by the cluster's workers (their
own record of the tasks they ran says so); a stop, or Ctrl-C, cancels the games not yet played
and keeps those finished."""

from __future__ import annotations

import threading

import pytest

import stainedglass as sg
from stainedglass.__main__ import main
from stainedglass.ai.tournament import cluster

distributed = pytest.importorskip("distributed")  # the cluster extra

BOTS = ["mcts:iterations=40", "alphabeta:depth=1"]  # budgets in work, not time: reproducible


@pytest.fixture(scope="module")
def local_cluster():
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as lc:
        yield lc


def _games(table):
    return [(r.task.seed, r.task.bots, r.returns, r.scores, r.moves) for r in table.results]


def _finished(dask_worker) -> list[str]:
    """The games this worker played to the end: its own log of its tasks' transitions (key,
    from, to, ...), each game a task ``play_game-...`` that went to memory."""
    return [
        entry[0]
        for entry in dask_worker.state.log
        if str(entry[0]).startswith("play_game-") and entry[2] == "memory"
    ]


def _forget(dask_worker) -> None:
    dask_worker.state.log.clear()


def _played(lc, run) -> dict[str, list[str]]:
    """The games each of the cluster's workers played while ``run()`` ran (the keys of their
    tasks), by the workers' own logs."""
    with distributed.Client(lc) as client:
        client.run(_forget)
        run()
        return client.run(_finished)


def test_a_tournament_on_a_dask_cluster_plays_the_same_games_as_the_local_pool(local_cluster):
    tables = []
    seen: list[int] = []

    def play() -> None:
        with distributed.Client(local_cluster) as client:
            tables.append(
                sg.ai.tournament(
                    "cathedral",
                    BOTS,
                    n=6,
                    seed=11,
                    executor=client,
                    progress=lambda done, n: seen.append(done),
                )
            )

    played = _played(local_cluster, play)
    assert len(played) == 2 and sum(len(keys) for keys in played.values()) == 6  # the workers'
    on_dask = tables[0]
    local = sg.ai.tournament("cathedral", BOTS, n=6, seed=11, jobs=2)
    assert _games(on_dask) == _games(local)

    def timeless(table):  # the same table, but for the time each move took
        return [{k: v for k, v in row.items() if k != "sec_per_move"} for row in table.rows]

    assert timeless(on_dask) == timeless(local)
    assert seen == [1, 2, 3, 4, 5, 6] and not on_dask.stopped


def test_a_tournament_played_again_plays_its_games_again(local_cluster):
    """Each game is a task of its own, not one Dask names by its arguments: the same
    tournament played again (or beside another) shares no task with the first, so a stop of
    one cancels nothing of the other's."""
    tables = []

    def play() -> None:
        with distributed.Client(local_cluster) as client:
            tables.append(sg.ai.tournament("cathedral", ["greedy", "random"], n=4, executor=client))

    first = _played(local_cluster, play)
    again = _played(local_cluster, play)
    keys = [key for run in (first, again) for done in run.values() for key in done]
    assert len(keys) == len(set(keys)) == 8  # 4 games, twice, each run on a worker
    assert _games(tables[0]) == _games(tables[1])


def _timeless(out: str) -> list[str]:
    """The command's table but for its last column, the time each move took."""
    lines = out.splitlines()
    top = next(i for i, line in enumerate(lines) if line.rstrip().endswith("s/move"))
    end = lines.index("by seat (won-drawn-lost):")
    return lines[:top] + [line.rsplit(None, 1)[0] for line in lines[top:end]] + lines[end:]


def test_the_command_plays_on_a_scheduler(local_cluster, capsys):
    command = ["tournament", "cathedral", "greedy", "random", "-n", "4", "--quiet"]
    status = []
    played = _played(
        local_cluster,
        lambda: status.append(main([*command, "--scheduler", local_cluster.scheduler_address])),
    )
    on_dask = capsys.readouterr().out
    assert sum(len(keys) for keys in played.values()) == 4  # the workers played the 4 games
    assert main(command) == 0
    here = capsys.readouterr().out
    assert status == [0] and _timeless(on_dask) == _timeless(here)
    assert "greedy                           4    " in on_dask  # the table, not an empty one


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
