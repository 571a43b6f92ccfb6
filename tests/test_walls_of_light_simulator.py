"""Walls of Light's analysis core (``stainedglass/walls_of_light/simulator.py``, the rules
compiled in ``compiled.py``) proved equal to the engine: random games played through both side
by side (``stainedglass.analysis.differential``) at two and three players, with windows, hands
and a first player given, and from a position set up with ``start=``; compiled and uncompiled
alike."""

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
from stainedglass.walls_of_light import compiled as C
from stainedglass.walls_of_light.compiled_search import turns_playout
from stainedglass.walls_of_light.evaluation import points
from stainedglass.walls_of_light.simulator import WallsOfLightSimulator
from stainedglass.walls_of_light.windows import DESIGNED

from test_walls_of_light import new, put

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("players", [2, 3])
def test_the_core_plays_as_the_engine_does(players: int) -> None:
    game = sg.load("walls_of_light", players=players)
    plies = differential(game, games=200, seed=1, evaluate_every=4)
    assert plies > 200 * 100  # a random game is some 150-300 plies


@pytest.mark.full
@pytest.mark.parametrize("players", [2, 3])
def test_the_core_plays_as_the_engine_does_5000_games(players: int) -> None:
    game = sg.load("walls_of_light", players=players)
    plies = differential(game, games=5000, seed=10_000)
    assert plies > 5000 * 100


def _options(players: int) -> dict:
    """Windows in another order, backs up front; hands dealt by hand; the second player first."""
    windows = [[list(DESIGNED[i][1][1]), list(DESIGNED[i][0][1])] for i in (3, 1, 5, 0, 2, 4)]
    hands = (
        [["swap", "swap", "extra"], ["reroll", "modify"]]
        if players == 2
        else [["swap"], ["extra", "extra"], ["reroll", "modify", "swap"]]
    )
    return {"players": players, "windows": windows, "hands": hands, "first_player": 1}


@pytest.mark.parametrize("players", [2, 3])
def test_the_core_plays_games_with_windows_hands_and_first_player_given(players: int) -> None:
    plies = differential(sg.load("walls_of_light", **_options(players)), games=20, seed=100)
    assert plies > 20 * 100


def test_the_core_plays_a_position_set_up_with_start_as_the_engine_does() -> None:
    start = {
        "winks": {"3:a1": "ry", "1:c1": "b"},
        "phase": "action",
        "dice": [3, 1, 5],
        "cubes": [2],
        "scores": [4, 0, 2],
        "to_move": "blue",
        "hands": [["swap"], ["swap", "modify"], []],
    }
    game = sg.load("walls_of_light", players=3, start=start)
    assert differential(game, games=20, seed=7) > 20 * 100


_REROLL = {  # Roll Again played (rule 2): red and blue are thrown again (the position tests')
    "phase": "reroll",
    "reroll": "rb",
    "card_played": True,
    "dice": [1, 2, 3],
    "hands": [[], ["swap"], ["extra", "modify"]],
    "discard": ["reroll"],
    "pile": ["extra"] * 3 + ["swap"] * 3 + ["reroll"] * 3 + ["modify"] * 3,
}
_DRAW = {  # a window completed on a "+card" space: blue draws (rule 6)
    "phase": "draw",
    "dice": [1, 2, 3],
    "acted": True,
    "pending_draws": ["blue"],
    "cubes": [1],
    "scores": [2, 0, 0],
    "hands": [[], [], []],
}


@pytest.mark.parametrize("start", [_REROLL, _DRAW], ids=["reroll", "draw"])
def test_the_core_starts_at_a_reroll_and_a_draw_as_the_engine(start: dict) -> None:
    game = sg.load("walls_of_light", players=3, start=start)
    state = game.new_game(seed=1)
    sim = game.simulator()
    s = sim.encode(state)
    codes, probs = sim.chance_outcomes(s)
    assert [str(sim.move(state, int(c))) for c in codes] == [
        str(m) for m, _ in state.chance_outcomes()
    ]
    assert np.allclose(probs, [p for _, p in state.chance_outcomes()])
    assert np.allclose(sim.evaluate(s), state.evaluate())
    assert differential(game, games=10, seed=3) > 10 * 100


class _NoSwaps(WallsOfLightSimulator):
    """A core that forgets Swap Panes (rule 6, RULES.md: "Swap Panes: two single, unstacked,
    non-printed winks of different colors, anywhere, change places")."""

    def legal(self, s: np.ndarray) -> np.ndarray:
        codes = super().legal(s)
        return codes[(codes < C.SWAP_BASE) | (codes >= C.ROLL_BASE)]


class _MeanCompleter(WallsOfLightSimulator):
    """A core that pays the completer one point less (rule 7, RULES.md: "the completing
    player: 2 per distinct color showing (secondaries count)")."""

    def apply(self, s: np.ndarray, code: int) -> None:
        mover, cubes = s[C.TO_MOVE], s[C.CUBES : C.CUBES + 6].sum()
        before = s[C.SCORE + mover]
        super().apply(s, code)
        if s[C.SCORE + mover] > before or s[C.CUBES : C.CUBES + 6].sum() > cubes:
            s[C.SCORE + mover] -= 1


@pytest.mark.parametrize(
    ("broken", "words"),
    [(_NoSwaps, "the legal moves differ"), (_MeanCompleter, "differ")],
)
def test_a_core_that_breaks_a_rule_is_caught(broken: type, words: str) -> None:
    game = sg.load("walls_of_light", players=2)
    game._core = broken(game)  # what game.simulator() returns from now on
    with pytest.raises(Mismatch, match=words):
        differential(game, games=20, seed=1)
    sound = sg.load("walls_of_light", players=2)
    assert differential(sound, games=20, seed=1) > 0  # the same games pass with the real core


_UNCOMPILED = """
import json, sys
import numpy as np
import stainedglass as sg
from stainedglass import analysis
from stainedglass.analysis import differential, new_rng
from stainedglass.walls_of_light.compiled_search import turns_playout
assert not analysis.COMPILED
out = {}
for players in (2, 3):
    game = sg.load("walls_of_light", players=players)
    differential(game, games=2, seed=5, evaluate_every=4)
    sim = game.simulator()
    s = sim.encode(game.new_game(seed=players))
    out[players] = sim.random_games(s, 20, 11).tolist()
    sim.apply(s, sim.sample_chance(s, new_rng(1)))
    code = int(sim.legal(s)[0])
    out[f"{players} search"] = [
        turns_playout(s, sim.faces, code, players - 1, 1, new_rng(2), False),
        turns_playout(s, sim.faces, code, players - 1, 1, new_rng(2), True),
        *sim.turns_value(s, 0, np.array([0.3]), new_rng(3)).tolist(),
    ]
json.dump(out, sys.stdout)
"""


def test_the_core_uncompiled_plays_as_the_engine_and_as_compiled() -> None:
    """``NUMBA_DISABLE_JIT=1``: the plain functions pass the differential test too, their
    random playouts from the same seed end as the compiled ones do, and so do the searches'
    playouts of the next turns (a counted search chooses alike on any machine)."""
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    done = subprocess.run(
        [sys.executable, "-c", _UNCOMPILED],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    plain = json.loads(done.stdout)
    for players in (2, 3):
        game = sg.load("walls_of_light", players=players)
        sim = game.simulator()
        s = sim.encode(game.new_game(seed=players))
        assert np.array_equal(sim.random_games(s, 20, 11), np.array(plain[str(players)]))
        sim.apply(s, sim.sample_chance(s, new_rng(1)))
        code = int(sim.legal(s)[0])
        mine = [
            turns_playout(s, sim.faces, code, players - 1, 1, new_rng(2), False),
            turns_playout(s, sim.faces, code, players - 1, 1, new_rng(2), True),
            *sim.turns_value(s, 0, np.array([0.3]), new_rng(3)).tolist(),
        ]
        assert mine == plain[f"{players} search"]


def test_random_games_are_whole_games_and_repeat_with_their_seed() -> None:
    game = sg.load("walls_of_light", players=3)
    sim = game.simulator()
    s = sim.encode(game.new_game(seed=4))
    kept = s.copy()
    a = sim.random_games(s, 50, 3)
    assert np.array_equal(s, kept)  # the start is left as it was
    assert a.shape == (50, 3) and np.allclose(a.sum(axis=1), 1.0)
    assert np.array_equal(a, sim.random_games(s, 50, 3))
    assert not np.array_equal(a, sim.random_games(s, 50, 4))
    t = s.copy()
    assert np.allclose(sim.playout(t, new_rng(9)).sum(), 1.0)
    assert sim.current_player(t) == -2


def two_short_of_purple() -> sg.State:
    """Window 3 two spaces short, its four other spaces purple; red has rolled a 3 and holds
    Extra Glass and Swap Panes (the search tests' position, with a lone blue wink elsewhere)."""
    state = new(
        players=2, first=0, hands=[["extra", "swap"], []], p3=["#..#", "....", "####", "####"]
    )
    for space in ("3:b1", "3:c1", "3:a2", "3:b2"):
        put(state, space, "rb")
    put(state, "1:b1", "b")
    put(state, "2:b1", "r")
    state.play("roll r3 b1 y1")
    return state


def test_moves_and_codes_read_back_in_a_position_built_by_hand() -> None:
    state = two_short_of_purple()
    sim = state.game.simulator()
    s = sim.encode(state)
    codes = sim.legal(s)
    assert len(set(codes.tolist())) == len(codes)
    texts = [str(sim.move(state, int(c))) for c in codes]
    assert texts == [str(m) for m in state.legal_moves()]  # the engine's order too
    assert "card swap 1:b1 2:b1" in texts and "card extra" in texts
    for code, move in zip(codes, state.legal_moves()):
        assert sim.code(state, move) == code
    # Extra Glass and two placements complete window 3: the core scores it as the engine
    for text in ("card extra", "place red 3:c2", "place yellow 3:d2"):
        move = state.parse_move(text)
        sim.apply(s, sim.code(state, move))
        state.play(move)
        assert np.array_equal(s, sim.encode(state))
        assert np.array_equal(sim.scores(s), state.scores())
        assert np.allclose(sim.evaluate(s), state.evaluate())
        assert np.allclose(sim.points(s), points(state))
    assert state.scores()[0] > 0 and s[C.CUBES + 2] == 1  # window 3 completed and scored


def test_determinize_redraws_the_others_hands_as_a_view_would() -> None:
    """The player's own hand, the board and the hand sizes stay; the others' cards and the
    pile are dealt afresh from what the player cannot see, as ``view`` deals them."""
    game = sg.load("walls_of_light", players=3)
    state = game.new_game(seed=21)
    sim = game.simulator()
    s = sim.encode(state)
    hands = C.HANDS

    def unseen(a: np.ndarray) -> np.ndarray:  # the others' cards and the pile, by kind
        return a[hands + 4 : hands + 12].reshape(2, 4).sum(axis=0) + a[C.PILE : C.PILE + 4]

    rng = new_rng(1)
    seen_core = np.zeros(4)
    seen_view = np.zeros(4)
    draws = 400
    for i in range(draws):
        t = s.copy()
        sim.determinize(t, 0, rng)
        assert np.array_equal(t[hands : hands + 4], s[hands : hands + 4])  # red's own
        hidden = range(hands + 4, C.PILE + 4)  # the others' hands and the pile
        assert np.array_equal(np.delete(t, hidden), np.delete(s, hidden))
        for p in (1, 2):
            size = slice(hands + 4 * p, hands + 4 * p + 4)
            assert t[size].sum() == s[size].sum()
        assert np.array_equal(unseen(t), unseen(s))
        seen_core += t[hands + 4 : hands + 8]
        view = state.clone()
        view._rng.seed(i)
        seen_view += sim.encode(view.view(0))[hands + 4 : hands + 8]
    # blue's hand of 4: each kind's mean count the same within sampling error
    assert np.allclose(seen_core / draws, seen_view / draws, atol=0.2)
    assert seen_core.min() > 0


@pytest.mark.parametrize("players", [2, 3])
def test_the_core_observes_what_the_engine_shows_each_player(players: int) -> None:
    """``observe`` gives the engine's ``observation(player)`` number for number, for every
    player (the one to move or not), in positions along a game."""
    game = sg.load("walls_of_light", players=players)
    sim = game.simulator()
    state = game.new_game(seed=8)
    greedy = sg.ai.bot("greedy", seed=1)
    looked = 0
    while not state.is_terminal():
        if state.is_chance():
            state.play(state.sample_chance())
            continue
        if len(state.history) % 7 == 0:
            s = sim.encode(state)
            for player in range(players):
                seen = sim.observe(s, player)
                assert seen.dtype == np.float32 and seen.shape == (game.observation_size,)
                assert np.array_equal(seen, state.observation(player))
            looked += 1
        state.play(greedy.choose(state))
    assert looked > 5


@pytest.mark.parametrize("players", [2, 3])
def test_scores_past_fifty_still_tell_positions_apart(players: int) -> None:
    """Both players end above 50 in many games: an observation must still show who leads and
    by how much (68 against 125 once read 1.0 against 1.0), in 0..1, the core's as the
    engine's."""
    game = sg.load("walls_of_light", players=players)
    sim = game.simulator()
    base = game.new_game(seed=3)
    tables = [(68, 125), (125, 68), (69, 125), (68, 126), (51, 52), (200, 199), (0, 0)]
    seen: dict[int, list[np.ndarray]] = {p: [] for p in range(players)}
    for scores in tables:
        state = base.clone()
        state.score = (*scores, 90)[:players]
        for player in range(players):
            obs = state.observation(player)
            assert obs.min() >= 0.0 and obs.max() <= 1.0
            assert np.array_equal(sim.observe(sim.encode(state), player), obs)
            seen[player].append(obs)
    for player in range(players):
        for i in range(len(tables)):
            for j in range(i):
                assert not np.array_equal(seen[player][i], seen[player][j]), (tables[i], tables[j])
    # red's own score (the first of the scores), then blue's margin over red: a lead shows
    at = 6 * 16 * 18 + 37
    red = [float(o[at]) for o in seen[0]]
    assert red[0] < red[2] and red[1] > red[0] and red[6] == 0.0  # 68 < 69, 125 > 68
    margin = [float(o[at + 3]) for o in seen[0]]
    assert margin[0] > 0.5 > margin[1] and margin[6] == 0.5  # blue ahead, behind, level
