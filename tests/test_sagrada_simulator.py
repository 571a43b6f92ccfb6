"""Sagrada's analysis core (``stainedglass/sagrada/simulator.py``, the rules compiled in
``rules_core.py``) proved equal to the engine: random games played through both side by side
(``stainedglass.analysis.differential``), on each of the game's variants and on positions set up
with ``start=``; compiled and uncompiled alike."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import stainedglass as sg
from stainedglass.analysis import Mismatch, differential, new_rng
from stainedglass.sagrada import plan_core
from stainedglass.sagrada import rules_core as rc
from stainedglass.sagrada.search import KNOBS, estimate, playout
from stainedglass.sagrada.simulator import SagradaSimulator
from stainedglass.sagrada.tools import TOOL_IDS

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = sg.load("sagrada").variants
VARIANT_IDS = ["default", "nine-tools", "tempest-weighted"]


@pytest.mark.parametrize("options", VARIANTS, ids=VARIANT_IDS)
def test_the_core_plays_every_variant_as_the_engine_does(options: dict) -> None:
    plies = differential(sg.load("sagrada", **options), games=200, seed=1)
    assert plies > 200 * 40  # a game draws 30 cards and plays at least 20 turns


@pytest.mark.full
@pytest.mark.parametrize("options", VARIANTS, ids=VARIANT_IDS)
def test_the_core_plays_every_variant_as_the_engine_does_5000_games(options: dict) -> None:
    plies = differential(sg.load("sagrada", **options), games=5000, seed=10_000)
    assert plies > 5000 * 40


def _late_position(seed: int) -> dict:
    """A ``start=`` position from round 9 of a random game with all nine tools (the pile near
    its end: Redraw may reshuffle the discards)."""
    game = sg.load("sagrada", tools=list(TOOL_IDS))
    state = game.new_game(seed=seed)
    import random

    rng = random.Random(seed)
    while state.round < 9 and not state.is_terminal():
        state.play(state.sample_chance() if state.is_chance() else rng.choice(state.legal_moves()))
    return game.position(state)


def test_the_core_plays_positions_set_up_with_start_as_the_engine_does() -> None:
    blank = {
        "window": [".....", "..R..", ".....", "....."],  # a window of its own
        "tools": ["eglomise", "lenscutter", "redraw", "tapwheel"],
        "orders": ["shades_of_red", "light_shades", "deep_shades"],
        "placed": {"a1": "R1", "b2": "G2"},
        "turn_bar": [["Y3"]],
        "drawn": ["B4", "K5", "R6"],
        "round": 2,
    }
    for start in (blank, _late_position(3), _late_position(4)):
        game = sg.load("sagrada", start=start)
        assert differential(game, games=40, seed=7) > 40 * 3


class _NoStraightedge(SagradaSimulator):
    """A core that forgets Cork-backed Straightedge ("place the round's card on a field
    adjacent to no card"): its uses are dropped from the legal moves."""

    def legal(self, s: np.ndarray) -> np.ndarray:
        codes = super().legal(s)
        straightedge = rc.TOOL + rc.STRAIGHTEDGE * 5 * rc.SPAN
        return codes[(codes < straightedge) | (codes >= straightedge + 5 * rc.SPAN)]


class _ValueBlind(SagradaSimulator):
    """A core whose score misreads Rule 4 ("the weighted orders minus 3 per empty field"): it
    charges 2 per empty field."""

    def scores(self, s: np.ndarray) -> np.ndarray:
        empty = rc.CELLS - rc.popcount(int(s[rc.OCC]))
        return super().scores(s) + empty


@pytest.mark.parametrize("broken", [_NoStraightedge, _ValueBlind])
def test_a_core_that_breaks_a_rule_is_caught(broken: type[SagradaSimulator]) -> None:
    game = sg.load("sagrada", tools=list(TOOL_IDS))
    game._core = broken(game)  # what game.simulator() returns from now on
    with pytest.raises(Mismatch):
        differential(game, games=30, seed=1)


_UNCOMPILED = """
import json, sys
import numpy as np
import stainedglass as sg
from stainedglass.analysis import COMPILED, differential, new_rng
assert not COMPILED
out = {"plies": [], "returns": [], "finals": []}
for options in sg.load("sagrada").variants:
    game = sg.load("sagrada", **options)
    out["plies"].append(differential(game, games=2, seed=5))
    sim = game.simulator()
    s = sim.encode(game.new_game(seed=11))
    out["returns"].append(sim.random_games(s, 6, seed=21)[:, 0].tolist())
    t = s.copy()
    sim.playout(t, new_rng(31))
    out["finals"].append(t.tolist())
state = sg.load("sagrada", tools=9).new_game(seed=8)
while state.is_chance():
    state.play(state.sample_chance())
found = sg.ai.bot("sagrada", playouts=12, seed=2, settle=1000).analyse(state)
out["hint"] = [[str(c.move), c.value, c.support, c.margin] for c in found]
print(json.dumps(out))
"""


def test_the_core_gives_the_same_uncompiled() -> None:
    """With NUMBA_DISABLE_JIT=1 (plain Python) the core still matches the engine, and its
    playouts from the same seeds end in the very same positions as the compiled ones."""
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    done = subprocess.run(
        [sys.executable, "-c", _UNCOMPILED],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    plain = json.loads(done.stdout.strip().splitlines()[-1])
    assert all(p > 2 * 40 for p in plain["plies"])
    for k, options in enumerate(VARIANTS):
        game = sg.load("sagrada", **options)
        sim = game.simulator()
        assert sim is not None
        s = sim.encode(game.new_game(seed=11))
        assert sim.random_games(s, 6, seed=21)[:, 0].tolist() == plain["returns"][k]
        t = s.copy()
        sim.playout(t, new_rng(31))
        assert t.tolist() == plain["finals"][k]
        assert sim.current_player(t) == -2
    state = sg.load("sagrada", tools=9).new_game(seed=8)
    while state.is_chance():
        state.play(state.sample_chance())
    found = sg.ai.bot("sagrada", playouts=12, seed=2, settle=1000).analyse(state)
    hint = [[str(c.move), c.value, c.support, c.margin] for c in found]
    assert hint == plain["hint"]  # the hint search's counted budget: the same on any machine
    assert hint[0][2] == 12


def test_random_games_are_the_playouts_of_one_generator() -> None:
    game = sg.load("sagrada", tools=list(TOOL_IDS))
    sim = game.simulator()
    assert sim is not None
    s = sim.encode(game.new_game(seed=2))
    kept = s.copy()
    many = sim.random_games(s, 50, seed=9)
    assert np.array_equal(s, kept)  # left as it was
    rng = new_rng(9)
    finals = [s.copy() for _ in range(50)]
    one_by_one = [sim.playout(t, rng)[0] for t in finals]
    assert many[:, 0].tolist() == one_by_one
    assert set(one_by_one) <= {0.0, 1.0}
    assert all(sim.current_player(t) == -2 for t in finals)
    assert len({t.tobytes() for t in finals}) == 50  # every game its own


def _positions() -> list[sg.State]:
    """Positions from the game's own tests and doctests: the first placements, a round set up
    by hand, a late round with all nine tools."""
    first = sg.load(
        "sagrada",
        window="Morning Lantern",
        tools=["lathekin"],
        orders=["shades_of_red", "light_shades", "deep_shades"],
    ).new_game(seed=1)
    for text in ("draw R1", "draw G2", "draw Y6", "place R1 a1"):
        first.play(text)
    arranged = (
        sg.load("sagrada", tools=["eglomise", "tapwheel", "grozing"])
        .new_game(seed=1)
        .arrange(
            placed={"a1": "B1", "b1": "R4", "b2": "G5"},
            drawn=["G2", "Y6", "K1"],
            turn_bar=[["R3"]],
            round=2,
        )
    )
    late = sg.load("sagrada", start=_late_position(3)).new_game(seed=0)
    return [first, arranged, late]


@pytest.mark.parametrize("k", range(3))
def test_codes_and_moves_read_back(k: int) -> None:
    state = _positions()[k]
    sim = state.game.simulator()
    assert sim is not None
    s = sim.encode(state)
    codes = sim.legal(s)
    moves = state.legal_moves()
    assert len(set(codes.tolist())) == len(codes) == len(moves)
    assert {sim.code(state, m) for m in moves} == set(codes.tolist())
    for m in moves:
        assert sim.move(state, sim.code(state, m)) == m
    after = sim.evaluate_after(s, codes)
    for code, value in zip(codes, after[:, 0]):
        t = state.clone()
        t.play(sim.move(state, int(code)))
        assert abs(value - t.evaluate()[0]) < 1e-9
        u = s.copy()
        sim.apply(u, int(code))
        assert np.array_equal(u, sim.encode(t))


def _study_positions(games: int) -> list[sg.State]:
    """Decisions from random games, every fifth ply, with three tools or all nine."""
    import random

    out = []
    for seed in range(games):
        game = sg.load("sagrada", tools=9 if seed % 2 else 3)
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        ply = 0
        while not state.is_terminal():
            if state.is_chance():
                state.play(state.sample_chance())
                continue
            if ply % 5 == 0:
                out.append(state.clone())
            state.play(rng.choice(state.legal_moves()))
            ply += 1
    return out


def test_the_compiled_planner_and_playouts_are_the_readable_ones() -> None:
    """The search's planner (``estimate`` after each move) and its playouts (``playout`` on an
    order of the pile), compiled on the core (plan_core.py), give what search.py's readable
    forms give, to the last bit."""
    rng = np.random.default_rng(0)
    knobs = np.array(KNOBS, dtype=np.float64)
    compared = 0
    for state in _study_positions(12):
        sim = state.game.simulator()
        assert isinstance(sim, SagradaSimulator)
        s = sim.encode(state)
        codes = sim.legal(s)
        rated = plan_core.rate_moves(s, sim.win, codes, knobs)
        for code, value in zip(codes, rated):
            after = state.clone()
            after._push(sim.move(state, int(code)))
            if after.is_chance() and after.round == state.round:  # Redraw: drawn in Python
                assert np.isnan(value)
                continue
            assert value == estimate(after, state.round, KNOBS)
            compared += 1
        order = [int(c) for c in rng.permutation(sorted(state._unknown))]
        margin = plan_core.playout(s.copy(), sim.win, np.array(order, dtype=np.int64), knobs)
        assert margin == playout(state.clone(), order)
        compared += 1
    assert compared > 500


@pytest.mark.parametrize("seed", [3, 6])
def test_the_hint_search_gives_the_same_on_the_core_and_on_the_engine(seed: int) -> None:
    """``core=False`` runs the Sagrada search's planner and playouts on the engine: the same
    candidates, values, playouts and margins as compiled on the core."""
    state = sg.load("sagrada", tools=9).new_game(seed=seed)
    while state.is_chance():
        state.play(state.sample_chance())
    found = []
    for core in (True, False):
        bot = sg.ai.bot("sagrada", playouts=16, seed=seed, settle=1000, core=core)
        found.append([(str(c.move), c.value, c.support, c.margin) for c in bot.analyse(state)])
        assert bot.playouts == bot.last_iterations == 16
    assert found[0] == found[1]
    assert found[0][0][2] == 16 and found[0][0][3] is not None
