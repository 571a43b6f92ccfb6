"""Coloring in the Stained Glass's analysis core (``stainedglass/coloring/simulator.py``,
``kernel.py``, and the compiled search ``search_core.py``) proved equal to the engine: random
games played through both side by side (``stainedglass.analysis.differential``: legal moves,
codes, positions, scores, evaluations, observations, returns), at every table size, on sheets of
the designer and from a position set up by hand.

The differential test compares every legal move of every ply (over a thousand on a turn with
five pencils in the middle): 200 games a table size in the fast tier, 5,000 in the full tier.
Compiling the core from cold takes some 25 s of the fast tier's time; numba keeps it on disk after that."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest

import stainedglass as sg
from stainedglass.analysis import Mismatch, differential, new_rng
from stainedglass.coloring import kernel as K
from stainedglass.coloring.sheet import grid_sheet
from stainedglass.coloring.simulator import ColoringSimulator


# a sheet of 9 x 8 = 72 squares (more than the 63 shapes of one word: masks of two words),
# every section, two stars, a pre-coloured shape, six circles
WIDE = grid_sheet(
    [
        "+ + + h h h d d d",
        "+ + . h . h d . d",
        "+ . . . . . . . d",
        "c c . . . . . s s",
        "c . . . . . . . s",
        "c c . . . . . s s",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ],
    stars=[(2, 2), (5, 6)],
    circles=6,
    colors={40: "red"},
)
SMALL = grid_sheet(["+ + h h", "d d c c", "s s . ."], stars=[(1, 2)], circles=3)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_core_plays_as_the_engine_at_every_table_size(players):
    game = sg.load("coloring", players=players)
    assert differential(game, 200, seed=1000) > 0


@pytest.mark.full
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_core_plays_as_the_engine_in_5000_games_a_table_size(players):
    game = sg.load("coloring", players=players)
    assert differential(game, 5000, seed=100_000) > 0


@pytest.mark.parametrize(
    "sheet,players", [(WIDE, 2), (WIDE, 1), (SMALL, 3), (SMALL, 1), (SMALL, 4)]
)
def test_the_core_plays_as_the_engine_on_sheets_of_the_designer(sheet, players):
    """Any sheet: one of two words a mask (72 shapes), and a tiny one where a pencil soon
    cannot color as many shapes as the pencils count (the largest pieces, circles filled)."""
    game = sg.load("coloring", players=players, sheet=sheet)
    assert differential(game, 6, seed=7) > 0


def test_the_core_plays_as_the_engine_from_a_position_set_up_by_hand():
    game = sg.load("coloring", players=2)
    state = game.setup(
        {
            "sheets": [{"red": [1, 2, 3, 4, 5]}, {"blue": [2, 3, 4, 5]}],
            "circles": [0, 0],
            "pencils": ["green", "yellow", "purple"],
            "to_move": 2,
        }
    )
    start = sg.load("coloring", players=2, start=game.position(state))
    assert differential(start, 5, seed=3) > 0


class ScoresNoSection(ColoringSimulator):
    """A broken core: a completed section scores nothing (the rule: "the first player to
    complete a section takes its high value, the second its low value")."""

    def apply(self, s: np.ndarray, code: int) -> None:
        high = s[K.HIGH : K.HIGH + K.NS].copy()
        low = s[K.LOW : K.LOW + K.NS].copy()
        super().apply(s, code)
        s[K.HIGH : K.HIGH + K.NS] = high
        s[K.LOW : K.LOW + K.NS] = low


class NoPurple(ColoringSimulator):
    """A broken core: the purple pencil is never taken (the rule: "take any one of the
    pencils in the middle")."""

    def legal(self, s: np.ndarray) -> np.ndarray:
        codes = super().legal(s)
        return codes[(codes < K.TAKE) | ((codes - K.TAKE) % 5 != 4)]


@pytest.mark.parametrize("broken", [ScoresNoSection, NoPurple])
def test_a_core_that_breaks_a_rule_is_caught(broken):
    """Two cores that each break one rule: "the first player to complete a section takes its
    high value, the second its low value" (a completed section scores nothing) and "take any
    one of the pencils in the middle" (never the purple one); the differential test finds
    both within 30 games."""
    game = sg.load("coloring", players=2)
    game._core = broken(game)  # what game.simulator() returns from now on
    with pytest.raises(Mismatch, match="differ"):
        differential(game, 30, seed=1)


UNCOMPILED = """
import json, sys
import stainedglass as sg
from stainedglass.analysis import COMPILED, differential, new_rng
assert not COMPILED
out = {"plies": [differential(sg.load("coloring", players=p), 1, seed=5) for p in (1, 3)]}
game = sg.load("coloring", players=4)
sim = game.simulator()
s = sim.encode(game.new_game(seed=2))
out["games"] = sim.random_games(s, 3, 11).tolist()
t = s.copy()
out["returns"] = sim.playout(t, new_rng(4)).tolist()
out["state"] = t.tolist()
state = sg.load("coloring", players=3).new_game(seed=8)
for _ in range(14):
    state.play(state.legal_moves()[-1])
ranked = sg.ai.bot("coloring", nodes=6000, candidates=2, sample=4, seed=3).analyse(state, top=2)
out["search"] = [[str(c.move), c.value, c.support] for c in ranked]
json.dump(out, sys.stdout)
"""


def test_uncompiled_the_core_plays_as_the_engine_and_its_playouts_are_the_same():
    """NUMBA_DISABLE_JIT=1: the plain functions agree with the engine, draw the same random
    games as the compiled ones from the same seed, and the game's own search on a counted
    budget ranks the same moves the same."""
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    done = subprocess.run(
        [sys.executable, "-c", UNCOMPILED], env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-2000:]
    plain = json.loads(done.stdout)
    assert all(n > 0 for n in plain["plies"])
    game = sg.load("coloring", players=4)
    sim = game.simulator()
    s = sim.encode(game.new_game(seed=2))
    assert sim.random_games(s, 3, 11).tolist() == plain["games"]
    t = s.copy()
    assert sim.playout(t, new_rng(4)).tolist() == plain["returns"]
    assert t.tolist() == plain["state"]
    state = sg.load("coloring", players=3).new_game(seed=8)
    for _ in range(14):
        state.play(state.legal_moves()[-1])
    ranked = sg.ai.bot("coloring", nodes=6000, candidates=2, sample=4, seed=3).analyse(state, top=2)
    assert min(c.support for c in ranked) > 1  # played out, not only rated one ply deep
    assert [[str(c.move), c.value, c.support] for c in ranked] == plain["search"]


def test_random_games_are_whole_games_and_repeat_with_their_seed():
    game = sg.load("coloring", players=3)
    sim = game.simulator()
    s = sim.encode(game.new_game(seed=1))
    before = s.copy()
    games = sim.random_games(s, 50, seed=9)
    assert np.array_equal(s, before)
    assert games.shape == (50, 3) and np.allclose(games.sum(axis=1), 1.0)
    assert np.array_equal(games, sim.random_games(s, 50, seed=9))
    assert not np.array_equal(games, sim.random_games(s, 50, seed=10))


@pytest.mark.parametrize("sheet,few", [(None, True), (None, False), (WIDE, False)])
def test_random_moves_are_drawn_uniformly_from_the_legal_ones(sheet, few):
    """Each legal move is drawn about as often: from a position with a few dozen moves (the
    pencils' moves listed), and from one with hundreds and four or five pencils in the
    middle (sets drawn as slots and drawn again when they do not fit), on masks of one word
    and of two. A chi-square test: its statistic stays within five deviations of its mean."""
    game = sg.load("coloring", players=2, sheet=sheet)
    sim = game.simulator()
    rng = np.random.default_rng(0)
    low, high, pencils = (20, 200, 1) if few else (300, 1500, 4)
    s = sim.encode(game.new_game(seed=4))
    while True:
        codes = sim.legal(s)
        if low <= len(codes) <= high and bin(int(s[K.POOL])).count("1") >= pencils:
            break
        if sim.current_player(s) == K.TERMINAL:
            s = sim.encode(game.new_game(seed=int(rng.integers(1000))))
            continue
        sim.apply(s, int(codes[rng.integers(len(codes))]))
    per = 60
    gen = new_rng(1)
    buf, work = sim.scratch()
    got = [K.random_move(s, sim.sh, gen, buf, work) for _ in range(per * len(codes))]
    index = {int(c): i for i, c in enumerate(codes)}
    counts = np.zeros(len(codes))
    for code in got:
        counts[index[code]] += 1  # a KeyError: a move that is not legal
    chi2 = ((counts - per) ** 2 / per).sum()
    dof = len(codes) - 1
    assert abs(chi2 - dof) < 5 * np.sqrt(2 * dof)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_random_move_of_a_playout_is_legal(players):
    """The playouts' moves are drawn without listing them all: every draw, at every decision
    of random games, is one of the legal moves (a pencil whose sets of the size asked for none
    fits offers its largest pieces, never an empty take)."""
    game = sg.load("coloring", players=players)
    sim = game.simulator()
    gen = new_rng(players)
    buf, work = sim.scratch()
    draws = 0
    for seed in range(40):
        s = sim.encode(game.new_game(seed=seed))
        while sim.current_player(s) != K.TERMINAL:
            legal = set(sim.legal(s).tolist())
            for _ in range(4):
                code = K.random_move(s, sim.sh, gen, buf, work)
                assert code in legal, f"seed {seed}: {sim.move(game.new_game(), code)}"
                draws += 1
            sim.apply(s, code)
    assert draws > 1000


def test_evaluate_after_is_the_evaluation_after_each_move():
    game = sg.load("coloring", players=4)
    state = game.new_game(seed=6)
    for _ in range(5):
        state.play(state.legal_moves()[7])
    sim = game.simulator()
    s = sim.encode(state)
    codes = sim.legal(s)
    after = sim.evaluate_after(s, codes)
    for i in (0, len(codes) // 2, len(codes) - 1):
        t = state.clone()
        t.play(sim.move(state, int(codes[i])))
        assert np.allclose(after[i], t.evaluate(), atol=1e-9)


def test_codes_and_moves_read_back_on_the_games_own_positions():
    game = sg.load("coloring", players=2)
    state = game.new_game(seed=1)
    sim = game.simulator()
    for text in ("take red 1 2 3 4 5", "take blue 1 2 3 4 5"):
        move = state.parse_move(text)
        assert str(sim.move(state, sim.code(state, move))) == text
    solo = sg.load("coloring", players=1).new_game(seed=1)
    solo_sim = solo.game.simulator()
    while not solo.crossing:  # the pencils return: a crossing off is due
        solo.play(solo.legal_moves()[-1])
    s = solo_sim.encode(solo)
    assert sorted(str(solo_sim.move(solo, int(c))) for c in solo_sim.legal(s)) == sorted(
        str(m) for m in solo.legal_moves()
    )
    with pytest.raises(ValueError, match="never among the legal moves"):
        sim.code(state, state.parse_move("pass"))


@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_searchs_compiled_ratings_are_its_python_ones(players):
    """``search_core.worth`` and ``margin`` (both ratings) are ``search.worth``, ``margin``
    and the game's projected margin, along a game to its end."""
    from stainedglass.coloring import search
    from stainedglass.coloring.search_core import MODE_PROJECTED, MODE_WORTH, margin, worth

    game = sg.load("coloring", players=players)
    sim = game.simulator()
    state = game.new_game(seed=20 + players)
    rng = np.random.default_rng(players)
    checked = 0
    while True:
        s = sim.encode(state)
        for p in range(players):
            if not state.is_terminal():
                got = worth(s, sim.sh, p, search._DEAD, search._FRAGILE)
                assert got == pytest.approx(search.worth(state, p), abs=1e-9)
            got = margin(s, sim.sh, p, MODE_WORTH, search._DEAD, search._FRAGILE)
            assert got == pytest.approx(search.margin(state, p), abs=1e-9)
            got = margin(s, sim.sh, p, MODE_PROJECTED, search._DEAD, search._FRAGILE)
            assert got == pytest.approx(state.projected_margin(p), abs=1e-9)
            checked += 1
        if state.is_terminal():
            break
        moves = state.legal_moves()
        state.play(moves[rng.integers(len(moves))])
    assert checked > 20


def test_threads_each_have_their_own_scratch_arrays():
    """The compiled rules free the GIL: two threads drawing random games on one core at once
    get what each gets alone (each thread lists its moves in arrays of its own)."""
    from concurrent.futures import ThreadPoolExecutor

    game = sg.load("coloring", players=4)
    sim = game.simulator()
    s = sim.encode(game.new_game(seed=3))
    alone = [sim.random_games(s, 40, seed) for seed in (1, 2)]
    with ThreadPoolExecutor(2) as pool:
        together = list(pool.map(lambda seed: sim.random_games(s, 40, seed), (1, 2)))
    assert all(np.array_equal(a, b) for a, b in zip(alone, together))
    assert sim.scratch()[0] is sim.scratch()[0]
