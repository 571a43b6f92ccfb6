"""The analysis cores' shared machinery (``stainedglass/analysis.py``): the generator that gives
the same numbers compiled or not, every game's core found and compiled, the general searches
on the cores, self-play and the warm-up. Each game's core is proved equal to its engine in
``test_<game>_simulator.py``."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest

import stainedglass as sg
from stainedglass.analysis import COMPILED, Simulator, new_rng, rand_below, rand_unit
from harness import ROOT

TABLES = sg.tables()  # every game at every table size

DRAWS = """import json
from stainedglass.analysis import new_rng, rand_below, rand_unit
r = new_rng(11)
print(json.dumps([[rand_below(r, 1000) for _ in range(50)], rand_unit(r)]))
"""


def whole_returns(returns: np.ndarray) -> bool:
    """Each game's returns as the engine gives them: shares of one win among the players, or
    alone 1 (the game won) or 0."""
    if returns.shape[1] == 1:
        return set(returns.ravel().tolist()) <= {0.0, 1.0}
    return bool(np.allclose(returns.sum(axis=1), 1.0) and (returns >= 0).all())


def test_the_cores_run_compiled_here() -> None:
    """numba is the engine's dependency: the tests run the compiled cores, not the plain ones."""
    assert COMPILED


def test_the_generator_draws_the_same_numbers_compiled_and_not() -> None:
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1", "PYTHONPATH": str(ROOT)}
    plain = subprocess.run(
        [sys.executable, "-c", DRAWS], env=env, capture_output=True, text=True, check=True
    ).stdout
    r = new_rng(11)
    draws = [rand_below(r, 1000) for _ in range(50)]
    assert json.loads(plain) == [draws, rand_unit(r)]
    assert len(set(draws)) > 40


def test_the_generator_is_all_but_even() -> None:
    r = new_rng(3)
    counts = np.bincount([rand_below(r, 6) for _ in range(60_000)], minlength=6)
    assert counts.min() > 9_500 and counts.max() < 10_500
    units = [rand_unit(r) for _ in range(10_000)]
    assert min(units) >= 0.0 and max(units) < 1.0 and abs(np.mean(units) - 0.5) < 0.02


@pytest.mark.parametrize(("name", "options"), TABLES, ids=lambda v: str(v))
def test_every_game_and_table_has_its_core(name: str, options: dict[str, int]) -> None:
    game = sg.load(name, **options)
    sim = game.simulator()
    assert isinstance(sim, Simulator) and sim is game.simulator()
    assert sim.players == game.num_players
    returns = sim.random_games(sim.encode(game.new_game(seed=4)), 5, seed=9)
    assert returns.shape == (5, game.num_players)
    assert whole_returns(returns)


def test_a_search_with_a_counted_budget_gives_the_same_move_on_the_core_again() -> None:
    for name, options in TABLES:
        game = sg.load(name, **options)
        state = game.new_game(seed=21)
        while state.is_chance():
            state._push(state.sample_chance())
        bot = game.hint_bot if game.hint_bot in ("mcts", "alphabeta") else "mcts"
        budget = {"iterations": 120} if bot == "mcts" else {"nodes": 300}
        first = sg.ai.bot(bot, seed=3, **budget).analyse(state, top=3)
        again = sg.ai.bot(bot, seed=3, **budget).analyse(state, top=3)
        assert [c.move for c in first] == [c.move for c in again], name
        assert all(c.move in state.legal_moves() for c in first)


def test_mcts_on_the_core_weighs_the_moves_the_engine_search_weighs() -> None:
    """The same search on both: over the same counted budget, the values they give the root's
    moves agree (each within the noise of its playouts)."""
    game = sg.load("coloring", players=2)
    state = game.new_game(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(8):
        moves = state.legal_moves()
        state.play(moves[int(rng.integers(len(moves)))])
    core = sg.ai.bot("mcts", iterations=400, seed=1).analyse(state)
    engine = sg.ai.bot("mcts", iterations=400, seed=1, core=False).analyse(state)
    value = {c.move: c.value for c in engine if c.support >= 20}
    shared = [c for c in core if c.move in value and c.support >= 20]
    assert len(shared) >= 2
    assert all(abs(c.value - value[c.move]) < 0.15 for c in shared)


def test_alphabeta_on_the_core_finds_what_it_finds_on_the_engine() -> None:
    """Alpha-beta is exact to its depth: on the core and on the engine, the same values to the
    same depth (the moves' order may differ, the values may not)."""
    for name, options, depth in [("cathedral", {}, 1), ("coloring", {"players": 2}, 2)]:
        state = sg.load(name, **options).new_game(seed=8)
        core = sg.ai.bot("alphabeta", depth=depth, seed=1).analyse(state)
        engine = sg.ai.bot("alphabeta", depth=depth, seed=1, core=False).analyse(state)
        assert sorted(round(c.value, 9) for c in core) == sorted(
            round(c.value, 9) for c in engine
        ), name
        assert core[0].value == pytest.approx(engine[0].value)


def test_alphabeta_line_on_the_core_is_legal_moves() -> None:
    state = sg.load("coloring", players=2).new_game(seed=3)
    bot = sg.ai.bot("alphabeta", depth=3, nodes=20_000, seed=1)  # counted: a few seconds at most
    best = bot.analyse(state, top=1)[0].move
    line = bot.line(state, best, plies=2)
    work = state.clone()
    work.play(best)
    for move in line:
        work.play(move)  # each is legal where it stands


@pytest.mark.parametrize(("name", "options"), TABLES, ids=lambda v: str(v))
def test_selfplay_records_every_decision(name: str, options: dict[str, int]) -> None:
    game = sg.load(name, **options)
    data = sg.ai.selfplay(game, games=3, bot="greedy", seed=2)
    rows = len(data.moves)
    assert rows > 3
    assert data.observations.shape == (rows, game.observation_size)
    assert data.observations.dtype == np.float32
    assert set(np.unique(data.games)) == {0, 1, 2}
    assert whole_returns(data.returns)
    assert data.values.shape == (rows,)
    if not game.facts.chance:  # (with chance, the core drew the first cards itself)
        first = game.new_game(seed=2)
        assert np.allclose(data.observations[0], first.observation(first.current_player))
        assert data.players[0] == first.current_player
    again = sg.ai.selfplay(game, games=3, bot="greedy", seed=2)
    assert np.array_equal(again.moves, data.moves)


def test_selfplay_refuses_what_it_cannot_do_in_words() -> None:
    for kwargs, words in [
        ({"games": 0}, "games= must be a whole number from 1"),
        ({"games": 2, "bot": "mcts"}, "bot= must be one of random, greedy"),
        ({"games": 2, "noise": 2}, "noise= must be a number from 0 to 1"),
        ({"games": 2, "seed": "x"}, "seed= must be a whole number"),
        ({"games": 2, "rows_per_game": 0}, "rows_per_game= must be a whole number, 1 or more"),
    ]:
        with pytest.raises(ValueError, match=words):
            sg.ai.selfplay("cathedral", **kwargs)  # type: ignore[arg-type]  # wrong on purpose


def test_greedy_selfplay_beats_random_selfplay_at_cathedral() -> None:
    """The greedy seat plays the evaluation: its games end with fewer squares left than
    random ones (Cathedral counts the squares left unplaced)."""
    greedy = sg.ai.selfplay("cathedral", games=10, bot="greedy", noise=0.0, seed=1)
    randomly = sg.ai.selfplay("cathedral", games=10, bot="random", seed=1)
    assert len(greedy.moves) > len(randomly.moves)  # more buildings placed


def test_selfplay_keeps_a_sample_of_each_game_and_the_games_own_estimate() -> None:
    """``rows_per_game`` keeps at most that many decisions of each game (the same on the same
    seed), each with the game's own estimate of the mover's chance as ``evaluate()`` gives
    it; a stop set before the first game leaves no game played."""
    import threading

    whole = sg.ai.selfplay("cathedral", games=4, bot="greedy", seed=3)
    kept = sg.ai.selfplay("cathedral", games=4, bot="greedy", seed=3, rows_per_game=5)
    assert np.array_equal(kept.returns, whole.returns)  # the same games, fewer rows
    assert all(np.count_nonzero(kept.games == g) == 5 for g in range(4))
    assert np.array_equal(kept.moves, sg.ai.selfplay(
        "cathedral", games=4, bot="greedy", seed=3, rows_per_game=5).moves)  # fmt: skip
    game = sg.load("cathedral")
    state = game.new_game(seed=3)
    assert whole.evaluations[0] == pytest.approx(state.evaluate()[state.current_player])
    assert whole.evaluations.shape == whole.values.shape
    seen: list[int] = []
    stop = threading.Event()
    stop.set()
    none = sg.ai.selfplay(
        "cathedral", games=4, seed=3, stop=stop, progress=lambda d, n: seen.append(d)
    )
    assert len(none.moves) == 0 and none.returns.shape == (0, 2) and not seen
    sg.ai.selfplay("cathedral", games=3, seed=3, progress=lambda d, n: seen.append(d))
    assert seen == [1, 2, 3]


def test_a_learned_value_names_the_winner_more_often_than_the_games_estimate() -> None:
    """Walls of Light, 1,500 greedy self-play games (15 decisions each), fitted on four games
    in five: on the fifth, a linear value of the observation and the game's estimate names
    the winner more often than the game's estimate alone (seeded: the same games on any
    machine)."""
    data = sg.ai.selfplay("walls_of_light", games=1500, bot="greedy", seed=1, rows_per_game=15)
    apart = data.games % 5 == 4
    learn = sg.ai.SelfPlay(
        data.observations[~apart], data.players[~apart], data.moves[~apart],
        data.games[~apart], data.returns, data.evaluations[~apart],
    )  # fmt: skip
    value = sg.ai.LinearValue.fit(learn)
    decided = apart & (data.values != 0.5)
    won = data.values[decided] > 0.5
    learned = value(data.observations[decided], data.evaluations[decided]) > 0.5
    judged = data.evaluations[decided] > 0.5
    assert np.mean(learned == won) > np.mean(judged == won)


def test_a_value_given_to_mcts_is_its_evaluation() -> None:
    """A value that is the game's own estimate (every other weight 0) makes MCTS search as it
    does with the game's ``evaluate()``: the same candidates, visit for visit (the Python
    loop over the core both times)."""
    game = sg.load("walls_of_light", players=2)
    state = game.new_game(seed=4)
    while state.is_chance():
        state.play(state.sample_chance())
    weights = np.zeros(game.observation_size + 2)
    weights[-2] = 1.0
    same = sg.ai.LinearValue(weights)
    plain = sg.ai.bot("mcts", iterations=60, seed=2, compiled=False).analyse(state, top=5)
    valued = sg.ai.bot("mcts", iterations=60, seed=2, value=same).analyse(state, top=5)
    assert [(c.move, c.support) for c in valued] == [(c.move, c.support) for c in plain]
    assert [c.value for c in valued] == pytest.approx([c.value for c in plain], abs=1e-9)


def test_a_learned_value_is_refused_in_words_where_it_cannot_serve() -> None:
    data = sg.ai.selfplay("cathedral", games=2, seed=1)
    with pytest.raises(ValueError, match="value= must be a value function"):
        sg.ai.bot("mcts", value=3)
    with pytest.raises(ValueError, match="value= judges the analysis core's positions"):
        sg.ai.bot("mcts", value=sg.ai.LinearValue.fit(data), core=False).choose(
            sg.load("cathedral").new_game(seed=1)
        )
    with pytest.raises(ValueError, match="observations=False"):
        sg.ai.LinearValue.fit(sg.ai.selfplay("cathedral", games=2, observations=False))
    with pytest.raises(ValueError, match="ridge= must be a number"):
        sg.ai.LinearValue.fit(data, ridge=-1)
    with pytest.raises(ValueError, match="524 numbers a row expected"):
        sg.ai.LinearValue.fit(data)(np.zeros((2, 3), np.float32), np.zeros(2))
