"""The compiled UCT search (``stainedglass/ai/uct.py``) and the games' faces for it
(``<game>/uct_face.py``): each face agrees with its core (and a broken one is caught), the
compiled search weighs the moves as MCTSBot's Python loop over the core does, a seed gives the
same search, a counted budget is run exactly, the tree stays within its bounds, and a second
process loads the compiled search from numba's cache. Counted budgets only: no timing."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from typing import Any

import numpy as np
import pytest

import stainedglass as sg
from stainedglass.analysis import COMPILED, Mismatch, new_rng
from stainedglass.ai.mcts import MCTSBot
from harness import ROOT

pytestmark = pytest.mark.skipif(not COMPILED, reason="the compiled search needs numba")

if COMPILED:
    from numba import cfunc

    from stainedglass.ai import uct
    from stainedglass.coloring import kernel as K

    @cfunc(uct.SIG_VALUE)
    def flat_value(s: np.ndarray, ti: np.ndarray, tf: np.ndarray, out: np.ndarray) -> int:
        """A broken face's value: every player a quarter, wherever."""
        for p in range(len(out)):
            out[p] = 0.25
        return 0

    @cfunc(uct.SIG_LEGAL)
    def short_legal(
        s: np.ndarray, ti: np.ndarray, tf: np.ndarray, buf: np.ndarray, work: np.ndarray
    ) -> int:
        """A broken face's legal moves: Coloring's, the last one left out."""
        return max(int(K.legal_into(s, ti, buf, work)) - 1, 1)


def midgame(players: int, seed: int, plies: int) -> sg.State:
    """A position ``plies`` random moves into a game of Coloring."""
    state = sg.load("coloring", players=players).new_game(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(plies):
        moves = state.legal_moves()
        state.play(moves[int(rng.integers(len(moves)))])
    return state


def face_of(state: sg.State) -> Any:
    sim = state.game.simulator()
    assert sim is not None
    face = uct.face_of(sim)
    assert face is not None
    return sim, face


@pytest.mark.parametrize("players", [1, 2, 4])
def test_colorings_face_agrees_with_its_core(players: int) -> None:
    for seed in range(3):
        state = midgame(players, 40 + seed, 3 * seed)
        sim, face = face_of(state)
        assert uct.check_face(sim, face, sim.encode(state), seed=seed) > 10


def played(name: str, seed: int, plies: int, **options: Any) -> sg.State:
    """A position ``plies`` random moves (chance drawn) into a game of ``name``, at a
    decision."""
    state = sg.load(name, **options).new_game(seed=seed)
    rng = np.random.default_rng(seed)
    while plies > 0 or state.is_chance():
        if state.is_terminal():
            break
        if state.is_chance():
            state._push(state.sample_chance())
            continue
        moves = state.legal_moves()
        state.play(moves[int(rng.integers(len(moves)))])
        plies -= 1
    return state


@pytest.mark.parametrize(
    "name, options", [("cathedral", {}), ("cathedral", {"match": True}), ("sagrada", {})]
)
def test_the_other_faces_agree_with_their_cores(name: str, options: dict[str, Any]) -> None:
    for seed in range(3):
        state = played(name, 60 + seed, 4 * seed, **options)
        sim, face = face_of(state)
        assert uct.check_face(sim, face, sim.encode(state), seed=seed) > 10


@pytest.mark.parametrize("name, plies", [("cathedral", 6), ("sagrada", 5)])
def test_the_compiled_search_weighs_as_the_python_loop_in_other_games(
    name: str, plies: int
) -> None:
    state = played(name, 5, plies)
    compiled, _ = analyse(state, iterations=3000, seed=1)
    python, _ = analyse(state, iterations=3000, seed=1, compiled=False)
    value = {c.move: c.value for c in python if c.support >= 40}
    shared = [c for c in compiled if c.move in value and c.support >= 40]
    assert len(shared) >= 2, name
    assert all(abs(c.value - value[c.move]) < 0.08 for c in shared), name
    legal = set(state.legal_moves())
    assert all(c.move in legal for c in compiled)


def test_a_broken_face_is_caught() -> None:
    state = midgame(4, 41, 6)
    sim, face = face_of(state)
    with pytest.raises(Mismatch, match="values"):
        uct.check_face(sim, face._replace(value=flat_value), sim.encode(state))
    with pytest.raises(Mismatch, match="legal moves"):
        uct.check_face(sim, face._replace(legal=short_legal), sim.encode(state))


def analyse(state: sg.State, top: int | None = None, **options: Any) -> tuple[list[Any], int]:
    bot = MCTSBot(**options)
    found = bot.analyse(state, top=top)
    return found, bot.last_iterations


def test_the_compiled_search_weighs_the_moves_as_the_python_loop_does() -> None:
    """The same algorithm on the same position and counted budget: the values they give the
    root's well visited moves agree within the noise of their playouts, and the compiled
    search's best move is among the Python loop's best few (and the other way round)."""
    state = midgame(4, 7, 14)
    compiled, n1 = analyse(state, iterations=3000, seed=1)
    python, n2 = analyse(state, iterations=3000, seed=1, compiled=False)
    assert n1 == n2 == 3000
    value = {c.move: c.value for c in python if c.support >= 40}
    shared = [c for c in compiled if c.move in value and c.support >= 40]
    assert len(shared) >= 3
    assert all(abs(c.value - value[c.move]) < 0.08 for c in shared)
    assert compiled[0].move in [c.move for c in python[:5]]
    assert python[0].move in [c.move for c in compiled[:5]]


def test_the_compiled_search_is_the_same_for_a_seed_and_runs_its_budget() -> None:
    state = midgame(4, 8, 10)
    first, n = analyse(state, iterations=1500, seed=4)
    again, _ = analyse(state, iterations=1500, seed=4)
    other, _ = analyse(state, iterations=1500, seed=5)
    assert n == 1500
    assert [(c.move, c.value, c.support) for c in first] == [
        (c.move, c.value, c.support) for c in again
    ]
    assert [(c.move, c.support) for c in first] != [(c.move, c.support) for c in other]
    legal = {str(m) for m in state.legal_moves()}
    assert {str(c.move) for c in first} == legal and len(first) == len(legal)  # all, once
    assert sum(c.support for c in first) == 1500  # every iteration passes one root move


def test_choosing_a_move_stops_once_it_is_settled() -> None:
    state = midgame(2, 9, 4)
    found, n = analyse(state, top=1, iterations=20_000, seed=2)
    assert n < 20_000 and n % 32 == 0  # the settle test runs every 32 iterations, as in Python
    assert found[0].move in state.legal_moves()
    _, whole = analyse(state, top=1, iterations=20_000, seed=2, early_stop=False)
    assert whole == 20_000


def test_a_stop_flag_set_before_the_search_leaves_one_iteration() -> None:
    state = midgame(4, 10, 5)
    flag = threading.Event()
    flag.set()
    bot = MCTSBot(budget=30.0, seed=1, stop=flag)
    found = bot.analyse(state, top=3)
    assert bot.last_iterations == 1 and found[0].move in state.legal_moves()


def test_the_search_grows_its_tree_within_its_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    state = midgame(4, 11, 6)
    sim, face = face_of(state)
    s0 = sim.encode(state)
    order = sim.legal(s0).tolist()
    options: dict[str, Any] = dict(
        c=0.2,
        widening=2.0,
        playout_depth=2,
        expand_sample=6,
        sort_visits=4,
        budget=None,
        settle=False,
    )
    search = uct.Search(face, s0, state.current_player, 4, order, rng=new_rng(3), **options)
    assert search.run(3000) == uct.RAN and search.done == 3000
    assert search.size[0] == 3001  # one node an iteration (no chance), and the root
    monkeypatch.setattr(uct, "MAX_NODES", 4 * uct.NODE_MARGIN)
    small = uct.Search(
        face,
        s0,
        state.current_player,
        4,
        order,
        rng=new_rng(3),
        nodes=2 * uct.NODE_MARGIN,
        **options,
    )
    assert small.run(20_000) == uct.FULL and small.full  # grown once, then at the bound
    assert small.done == 3 * uct.NODE_MARGIN  # stopped before an iteration that might not fit
    assert len(small.nodes) == uct.MAX_NODES
    assert sum(small.root_visits()) == small.done
    fresh = uct.Search(face, s0, state.current_player, 4, order, rng=new_rng(3), **options)
    assert fresh.run(small.done) == uct.RAN  # the same iterations as without the bound
    assert fresh.root_visits() == small.root_visits()


def test_a_bot_that_ends_descents_itself_runs_the_python_loop() -> None:
    class Horizon(MCTSBot):
        def _chance_leaf(self, s: Any, outcome: Any, mover: int, visits: int) -> Any:
            return None

    state = midgame(4, 12, 3)
    sim, _ = face_of(state)
    assert MCTSBot()._face(state, sim) is not None
    assert Horizon()._face(state, sim) is None
    assert MCTSBot(compiled=False)._face(state, sim) is None
    walls = sg.load("walls_of_light", players=2).simulator()
    assert walls is not None and uct.face_of(walls) is None  # no face: the Python loop


WARM = """import stainedglass as sg
from stainedglass.ai import uct
state = sg.load("coloring", players=4).new_game(seed=3)
sg.ai.bot("mcts", iterations=50, seed=1).analyse(state)
print(sum(uct.run.stats.cache_hits.values()), sum(uct.run.stats.cache_misses.values()))
"""


def test_a_second_process_loads_the_compiled_search_from_the_cache() -> None:
    midgame(4, 13, 2)  # this process compiled it (or loaded it) already: the cache is written
    state = midgame(4, 13, 2)
    analyse(state, iterations=20, seed=1)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-c", WARM], env=env, capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == ["1", "0"]
