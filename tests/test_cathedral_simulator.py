"""Cathedral's analysis core (``stainedglass/cathedral/simulator.py`` and ``core_rules.py``):
random games played through the engine and the core side by side agree at every ply (the
differential test), compiled or not, and the core's hot loops keep their shortcuts exact."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import numpy as np
import pytest

import stainedglass as sg
from stainedglass.analysis import Mismatch, differential, new_rng, rand_below
from stainedglass.cathedral import core_rules as cr
from stainedglass.cathedral.game import CathedralState
from stainedglass.cathedral.simulator import CathedralSimulator

VARIANTS = [{}, {"match": True}]
CATH = "e4 d5 e5 f5 e6 e7"


def random_state(seed: int, moves: int, **options: object) -> CathedralState:
    """``moves`` random placements from ``seed`` (fewer if the game ends first)."""
    state = sg.load("cathedral", **options).new_game(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal() and len(state.history) < moves:
        state.play(rng.choice(state.legal_moves()))
    assert isinstance(state, CathedralState)
    return state


@pytest.mark.parametrize("options", VARIANTS, ids=["game", "match"])
def test_the_core_plays_as_the_engine(options: dict[str, object]) -> None:
    # 200 random games: the same legal placements, claims, captures, turns, scores,
    # evaluations and returns, and the core state made afresh equal to the one played to
    plies = differential(sg.load("cathedral", **options), games=200, seed=1)
    assert plies > 200 * 20


@pytest.mark.full
@pytest.mark.parametrize("options", VARIANTS, ids=["game", "match"])
def test_the_core_plays_as_the_engine_in_many_games(options: dict[str, object]) -> None:
    plies = differential(sg.load("cathedral", **options), games=5000, seed=10_000)
    assert plies > 5000 * 20


@pytest.mark.parametrize("moves", [6, 14, 22])
def test_the_core_plays_as_the_engine_from_set_up_positions(moves: int) -> None:
    # a position set up with start= (the editor's), and game two of a match: encode takes any
    # position the engine can hold
    for seed in range(3):
        state = random_state(100 + seed, moves)
        if state.is_terminal():
            continue
        start = sg.load("cathedral").position(state)
        assert differential(sg.load("cathedral", start=start), games=4, seed=seed) > 0
        start["game_one"] = [12, 9]
        assert differential(sg.load("cathedral", match=True, start=start), games=4, seed=seed)


class _IgnoresTerritory(CathedralSimulator):
    """A core that breaks rule 5, "a building may not be placed on the opponent's
    territory": its legal placements are found as if no side had territory."""

    def legal(self, s: np.ndarray) -> np.ndarray:
        t = s.copy()
        t[cr.TERR : cr.TERR + 4] = 0
        return super().legal(t)


class _CapturesKeepTheirBuildings(CathedralSimulator):
    """A core that breaks rule 4, "a captured building goes back to its owner, who may place
    it again": after a capture the building stays out of its owner's supply."""

    def apply(self, s: np.ndarray, code: int) -> None:
        supply = s[cr.SUPPLY : cr.SUPPLY + 2 * cr.KINDS].copy()
        super().apply(s, code)
        if s[cr.GAMES] == 0 and s[cr.CATH] != cr.UNPLACED:
            s[cr.SUPPLY : cr.SUPPLY + 2 * cr.KINDS] = np.minimum(
                supply, s[cr.SUPPLY : cr.SUPPLY + 2 * cr.KINDS]
            )


@pytest.mark.parametrize("broken", [_IgnoresTerritory, _CapturesKeepTheirBuildings])
def test_a_core_that_breaks_a_rule_is_caught(broken: type[CathedralSimulator]) -> None:
    game = sg.load("cathedral")
    game._core = broken(game)
    with pytest.raises(Mismatch):
        differential(game, games=200, seed=1)
    # the unbroken core passes the same games (the test's games reach the rule)
    assert differential(sg.load("cathedral"), games=20, seed=1) > 0


def _uncompiled(code: str) -> str:
    """The output of ``code`` run in a Python with numba's compiler turned off."""
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_core_plays_as_the_engine_uncompiled() -> None:
    out = _uncompiled(
        "import stainedglass as sg\n"
        "from stainedglass.analysis import COMPILED, differential\n"
        "assert not COMPILED\n"
        "print(differential(sg.load('cathedral', match=True), games=2, seed=3))\n"
    )
    assert int(out) > 40


def test_playouts_give_the_same_returns_compiled_or_not() -> None:
    code = (
        "import json, random\n"
        "import stainedglass as sg\n"
        "out = []\n"
        "for options, moves in (({}, 0), ({}, 9), ({'match': True}, 0)):\n"
        "    game = sg.load('cathedral', **options)\n"
        "    state = game.new_game(seed=5)\n"
        "    rng = random.Random(5)\n"
        "    for _ in range(moves):\n"
        "        state.play(rng.choice(state.legal_moves()))\n"
        "    sim = game.simulator()\n"
        "    out.append(sim.random_games(sim.encode(state), 30, 77).tolist())\n"
        "print(json.dumps(out))\n"
    )
    theirs = json.loads(_uncompiled(code))
    ours = []
    for options, moves in (({}, 0), ({}, 9), ({"match": True}, 0)):
        game = sg.load("cathedral", **options)
        state = random_state(5, moves, **options) if moves else game.new_game(seed=5)
        sim = game.simulator()
        assert sim is not None
        ours.append(sim.random_games(sim.encode(state), 30, 77).tolist())
    assert ours == theirs
    # and they are random games: both sides win some
    assert 0 < sum(r[0] for r in ours[0]) < 30


@pytest.mark.parametrize("options", VARIANTS, ids=["game", "match"])
def test_the_playouts_keep_each_sides_placements_exact(options: dict[str, object]) -> None:
    # the hot loop's bitsets, brought up to date move by move, are at every ply what a search
    # of the whole table finds, and the placement drawn is legal
    game = sg.load("cathedral", **options)
    sim = game.simulator()
    assert isinstance(sim, CathedralSimulator)
    checked = 0
    for seed in range(20):
        s = sim.encode(game.new_game(seed=seed))
        rng = new_rng(seed)
        bits, known = cr.buffers()
        while s[cr.TO_MOVE] != cr.TERMINAL:
            side = int(s[cr.TO_MOVE])
            legal = set(sim.legal(s).tolist())
            if s[cr.CATH] == cr.UNPLACED:
                code = cr.CATHEDRAL_CODE + rand_below(rng, len(legal))
            else:
                if not known[side]:
                    cr.rebuild(s, side, bits)
                    known[side] = 1
                for other in (0, 1):
                    if known[other]:
                        fresh = np.zeros_like(bits)
                        cr.rebuild(s, other, fresh)
                        assert np.array_equal(fresh[other], bits[other])
                        checked += 1
                code = cr.draw(bits, side, rng)
            assert code in legal
            cr.apply_move(s, sim.table, sim.ranges, sim.match, code, bits, known)
        assert sim.returns(s).sum() == 1.0
    assert checked > 20 * 30


def test_codes_and_moves_read_back_in_the_rules_positions() -> None:
    # positions of the rules' tests: the Cathedral alone, a first building, a capture
    game = sg.load("cathedral")
    sim = game.simulator()
    assert sim is not None
    states = [
        game.new_game(),
        sg.load("cathedral", start={"cathedral": CATH, "dark": ["tavern a1"]}).new_game(),
        sg.load(
            "cathedral",
            start={
                "cathedral": CATH,
                "light": ["castle a1 b1 c1 a2 c2", "stable a3 b3"],
                "dark": ["tavern b2"],
                "to_move": "light",
            },
        ).new_game(),
        random_state(7, 15),
    ]
    for state in states:
        s = sim.encode(state)
        codes = sim.legal(s)
        assert sorted(map(str, state.legal_moves())) == sorted(
            str(sim.move(state, int(c))) for c in codes
        )
        for move in state.legal_moves():
            code = sim.code(state, move)
            assert sim.move(state, code) == move
            assert code in set(codes.tolist())
        for code in codes[:25].tolist():  # each placement played both ways
            after = state.clone()
            after.play(sim.move(state, code))
            t = s.copy()
            sim.apply(t, code)
            assert np.array_equal(t, sim.encode(after))
