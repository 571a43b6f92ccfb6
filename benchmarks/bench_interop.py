"""Random games through the bindings against the engine's own rate, per game and table size;
tournaments on a Dask cluster beside the local process pool (games a second, the same games);
and OpenSpiel's MCTS against ours at equal time (a short form of benchmarks/strength.py's).

``python benchmarks/bench_interop.py rates`` prints the rate table alone; ``BENCH_SECONDS``
sets the seconds each rate is measured over (default 2)."""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from bisect import bisect_right
from collections.abc import Callable
from itertools import accumulate
from typing import Any

import stainedglass as sg

from common import TABLES

GAMES = 12
BOTS = ["mcts:iterations=30", "greedy"]
REPEATS = 3
ROUNDS = 5  # the rates measured in turn, this many times over
SETUPS = 16  # each loop plays these setups in turn


def _setup(n: int) -> int:
    """The setup (``new_game(seed=...)``) of the ``n``-th game of each loop: of ``SETUPS``, in
    turn, and the very one ``env.reset(seed=n % SETUPS)`` deals (its generator draws it)."""
    return random.Random(n % SETUPS).randrange(2**31)


def _engine_game(game: sg.Game, n: int) -> None:
    """The engine's own random game: legal_moves(), _push(a random one), sample_chance()."""
    state = game.new_game(seed=_setup(n))
    rng = random.Random(n)
    while not state.is_terminal():
        if state.is_chance():
            state._push(state.sample_chance())
        else:
            state._push(rng.choice(state.legal_moves()))


def _spiel_game(games: list[Any], n: int) -> None:
    """A random game through OpenSpiel's API: legal_actions(), apply_action(a random one),
    chance_outcomes() drawn by their chances (``games``: the game loaded with each setup)."""
    state = games[n % SETUPS].new_initial_state()
    rng = random.Random(n)
    while not state.is_terminal():
        if state.is_chance_node():  # drawn as the engine draws (sample_chance)
            actions, probs = zip(*state.chance_outcomes())
            cumulative = list(accumulate(probs))
            i = bisect_right(cumulative, rng.random() * cumulative[-1])
            state.apply_action(actions[min(i, len(actions) - 1)])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def _zoo_game(env: Any, n: int) -> int:
    """A random game through PettingZoo's AEC loop: last(), a random action of the mask; its
    steps."""
    import numpy as np

    env.reset(seed=n % SETUPS)
    rng = random.Random(n)
    steps = 0
    for _agent in env.agent_iter():
        _obs, _reward, terminated, truncated, info = env.last()
        steps += 1
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    return steps


def _floor_env(players: int, observation: int, actions: int, steps: int) -> Any:
    """An AEC environment that does nothing (the floor of any environment's cost): ``players``
    agents in turn, each told an observation of ``observation`` zeros and a mask of
    ``actions`` ones, the game over after ``steps`` steps; in PettingZoo's order checks, as
    our environments are."""
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers

    class Floor(AECEnv):  # type: ignore[misc]
        metadata = {"name": "floor_v0"}

        def __init__(self) -> None:
            super().__init__()
            self.possible_agents = [f"player_{i}" for i in range(players)]
            self.made = 0

        def observation_space(self, agent: str) -> Any:
            return spaces.Box(0.0, 1.0, (observation,), np.float32)

        def action_space(self, agent: str) -> Any:
            return spaces.Discrete(actions)

        def reset(self, seed: Any = None, options: Any = None) -> None:
            self.agents = list(self.possible_agents)
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
            self.terminations = dict.fromkeys(self.agents, False)
            self.truncations = dict.fromkeys(self.agents, False)
            self.infos = {a: {"action_mask": np.ones(actions, np.int8)} for a in self.agents}
            self.agent_selection = self.agents[0]
            self.made = 0

        def observe(self, agent: str) -> Any:
            return np.zeros(observation, np.float32)

        def step(self, action: Any) -> None:
            agent = self.agent_selection
            if self.terminations[agent]:
                self._was_dead_step(action)
                return
            self.made += 1
            self.agent_selection = self.agents[(self.agents.index(agent) + 1) % players]
            self.infos = {a: {"action_mask": np.ones(actions, np.int8)} for a in self.agents}
            if self.made >= steps:
                self.terminations = dict.fromkeys(self.agents, True)

    return wrappers.OrderEnforcingWrapper(Floor())


def _replay_rate(game: sg.Game, games: list[Any], seconds: float) -> float:
    """Games a second of the engine replaying games played through OpenSpiel's API (each
    ``games[k]``, setup ``k``): at each play ``legal_moves()`` (or ``chance_outcomes()``), then
    the play (``parse_move`` and ``_push``). Random actions, a word at a time, do not play the
    games random moves do (a Sagrada player picks a tool as often as a die): this is the
    engine's own cost of those games."""
    plays = []
    for k, spiel in enumerate(games):
        state = spiel.new_initial_state()
        rng = random.Random(k)
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        plays.append(list(state.sg_state.history))
    start = time.process_time()
    n = 0
    while n == 0 or time.process_time() - start < seconds:
        k = n % len(plays)
        replay = game.new_game(seed=_setup(k))
        for text in plays[k]:
            if replay.is_chance():
                replay.chance_outcomes()
            else:
                replay.legal_moves()
            replay._push(replay.parse_move(text))
        n += 1
    return n / (time.process_time() - start)


def _games_per_second(play: Callable[[int], object], seconds: float, seed: int) -> float:
    """Games a second of ``play(seed)``, ``seed`` on, over about ``seconds`` of this process's
    CPU time (other programs on the machine take none of it)."""
    start = time.process_time()
    n = 0
    while n == 0 or time.process_time() - start < seconds:
        play(seed + n)
        n += 1
    return n / (time.process_time() - start)


def _sim_test_rate(game: Any, seconds: float) -> float:
    """Games a second of ``pyspiel.random_sim_test`` (its checks at every step included)."""
    import pyspiel

    start = time.process_time()
    n = 0
    while n == 0 or time.process_time() - start < seconds:
        pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
        n += 1
    return n / (time.process_time() - start)


def rates(seconds: float | None = None, sim_test: bool = True) -> list[dict[str, Any]]:
    """For every game and table size, random games a second: the engine's own loop, through
    OpenSpiel's API, through ``pyspiel.random_sim_test``, and through PettingZoo's AEC loop;
    measured one after another in this run, and printed as a table."""
    import pyspiel

    import stainedglass.interop.openspiel as sgspiel
    from stainedglass.interop.pettingzoo import env as zoo_env

    if seconds is None:
        seconds = float(os.environ.get("BENCH_SECONDS", "2"))
    rows = []
    print(
        f"{'random games/s':<22}{'engine':>10}{'OpenSpiel':>11}{'PettingZoo':>12}"
        f"{'OS/engine':>11}{'PZ/engine':>11}{'sim_test':>10}{'sim/engine':>12}"
        f"{'eng@OS':>9}{'OS/eng@OS':>11}{'PZ floor':>10}{'floor/eng':>11}",
        flush=True,
    )
    for name, options in TABLES:
        game = sg.load(name, **options)
        # the same setups in each loop
        spiels = [
            pyspiel.load_game(sgspiel.spiel_name(name), {**options, "seed": _setup(k)})
            for k in range(SETUPS)
        ]
        env = zoo_env(name, **options)
        raw = env.unwrapped
        # the floor: as many steps a game, as large an observation and mask
        steps = sum(_zoo_game(env, k) for k in range(SETUPS)) / SETUPS
        floor = _floor_env(
            game.num_players, raw.space.observation_size, raw.space.size, round(steps)
        )
        loops: dict[str, Callable[[int], object]] = {
            "engine": lambda s, g=game: _engine_game(g, s),  # type: ignore[misc]
            "openspiel": lambda s, g=spiels: _spiel_game(g, s),  # type: ignore[misc]
            "pettingzoo": lambda s, e=env: _zoo_game(e, s),  # type: ignore[misc]
            "floor": lambda s, e=floor: _zoo_game(e, s),  # type: ignore[misc]
        }
        for play in loops.values():  # warm up: imports, caches, the sheet's tables
            for k in range(SETUPS):
                play(k)
        # the three in turn, ROUNDS times over (the machine's load falls on each alike): medians
        found: dict[str, list[float]] = {k: [] for k in loops}
        for r in range(ROUNDS):
            for k, play in loops.items():
                found[k].append(_games_per_second(play, seconds / ROUNDS, 1000 * r + 1))
        row: dict[str, Any] = {"game": name, "players": game.num_players}
        row.update({k: statistics.median(v) for k, v in found.items()})
        row["sim_test"] = _sim_test_rate(spiels[0], seconds / 2) if sim_test else float("nan")
        row["engine_on_openspiel_games"] = _replay_rate(game, spiels, seconds / 2)
        rows.append(row)
        label = f"{name} {game.num_players}p"
        e = row["engine"]
        print(
            f"{label:<22}{e:>10.1f}{row['openspiel']:>11.1f}{row['pettingzoo']:>12.1f}"
            f"{row['openspiel'] / e:>11.2f}{row['pettingzoo'] / e:>11.2f}"
            f"{row['sim_test']:>10.1f}{row['sim_test'] / e:>12.3f}"
            f"{row['engine_on_openspiel_games']:>9.1f}"
            f"{row['openspiel'] / row['engine_on_openspiel_games']:>11.2f}"
            f"{row['floor']:>10.1f}{row['floor'] / e:>11.2f}",
            flush=True,
        )
    print(
        "(OS: OpenSpiel's API, legal_actions/apply_action/chance_outcomes; sim_test: "
        "pyspiel.random_sim_test, its checks included; PZ: the AEC loop, last() and a masked "
        "random action; eng@OS: the engine replaying the games OpenSpiel's loop played, "
        "parse_move included; PZ floor: the same AEC loop on an environment that does nothing, "
        "as many steps a game (the most any environment reaches); CPU seconds of this "
        f"process, each over about {seconds:g} s)\n",
        flush=True,
    )
    return rows


def _rate(**where: object) -> float:
    start = time.perf_counter()
    sg.ai.tournament("cathedral", BOTS, n=GAMES, seed=5, **where)  # type: ignore[arg-type]
    return GAMES / (time.perf_counter() - start)


def main() -> None:
    try:
        rates()
    except ImportError:
        print(
            "bench_interop: OpenSpiel or PettingZoo is not installed (the rl extra): rates skipped\n"
        )
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


if __name__ == "__main__":
    if sys.argv[1:] == ["rates"]:
        rates()
    else:
        main()
