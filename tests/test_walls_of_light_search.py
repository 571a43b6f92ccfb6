"""Walls of Light's own search (``stainedglass/walls_of_light/search.py``), on counted budgets."""

import math
import random
from types import SimpleNamespace

import numpy as np
import pytest

import stainedglass as sg
from stainedglass.ai.search import outcome_at
from stainedglass.analysis import new_rng, rand_unit
from stainedglass.walls_of_light.compiled_search import turns_playout
from stainedglass.walls_of_light.evaluation import points
from stainedglass.walls_of_light.search import margin

from test_walls_of_light import new, put


def two_short_of_purple(hand):
    """Window 3 two spaces short (3:c2 and 3:d2), its four other spaces purple; red (to move)
    has rolled a 3 and holds ``hand``."""
    state = new(players=2, first=0, hands=[hand, []], p3=["#..#", "....", "####", "####"])
    for space in ("3:b1", "3:c1", "3:a2", "3:b2"):
        put(state, space, "rb")
    state.play("roll r3 b1 y1")
    return state


def test_the_search_plays_extra_glass_to_complete_a_window_two_spaces_short():
    """Its plan follows each move to the turn's end: Extra Glass is worth the completion its
    two placements make (one placement alone would leave the window one space short for blue),
    which a rating one ply deep does not see."""
    state = two_short_of_purple(["extra"])
    for budget in ({"playouts": 0}, {"playouts": 40}):
        bot = sg.ai.bot("walls_of_light", seed=1, **budget)
        assert str(bot.choose(state)) == "card extra", budget
    state.play("card extra")
    move = sg.ai.bot("walls_of_light", playouts=40, seed=1).choose(state)
    assert str(move).split()[-1] in ("3:c2", "3:d2")  # and the second placement completes it


def test_the_search_counts_its_playouts_and_repeats_itself_with_a_seed():
    state = sg.load("walls_of_light", players=3).new_game(seed=11)
    while state.is_chance():
        state.play(state.sample_chance())
    bot = sg.ai.bot("walls_of_light", playouts=50, candidates=5, seed=2)
    ranked = bot.analyse(state, top=3)
    assert 50 <= bot.playouts < 55  # a round of the candidates at a time; a ranking keeps three
    assert min(c.support for c in ranked) >= 8
    again = sg.ai.bot("walls_of_light", playouts=50, candidates=5, seed=2).analyse(state, top=3)
    assert [c.move for c in ranked] == [c.move for c in again]
    assert all(0 < c.value < 1 and c.unit == "playouts" for c in ranked)
    assert all(c.move in state.legal_moves() for c in ranked)
    settles = sg.ai.bot("walls_horizon", playouts=400, candidates=5, seed=2)
    settles.analyse(state, top=1)  # a move to play: the earlier search ends with one move left
    # after eight whole rounds the worse drop out, and it ends with one left
    assert 8 * 5 <= settles.playouts < 400


def test_every_playout_more_weighs_more_moves_and_ranks_them_on_shared_rolls():
    """A move to play: the worse drop out and the next by the plan take their place, so a
    larger budget is spent whole and weighs more moves; a ranking tells each move from the
    next on the playouts the two shared."""
    state = sg.load("walls_of_light", players=2).new_game(seed=7)
    while state.is_chance():
        state.play(state.sample_chance())
    weighed = []
    for playouts in (40, 800):
        bot = sg.ai.bot("walls_of_light", playouts=playouts, candidates=4, turns=3, seed=3)
        assert bot.choose(state) in state.legal_moves()
        # spent whole, or every legal move weighed and one left
        assert bot.playouts >= playouts or bot.weighed == len(state.legal_moves())
        weighed.append(bot.weighed)
    assert weighed[0] < weighed[1], weighed
    ranked = sg.ai.bot("walls_of_light", playouts=800, candidates=4, turns=3, seed=3).analyse(
        state, top=3
    )
    assert [c.apart is None for c in ranked] == [False, False, False]  # each told, or not
    assert ranked[0].value >= ranked[1].value >= ranked[2].value


def test_the_search_plays_walls_of_light_only_and_checks_its_options():
    assert "walls_of_light" in sg.ai.bot_names("walls_of_light")
    assert "walls_of_light" not in sg.ai.bot_names("coloring")
    with pytest.raises(ValueError, match="plays walls_of_light, not cathedral"):
        sg.ai.bot("walls_of_light", playouts=5).choose(sg.load("cathedral").new_game(seed=1))
    with pytest.raises(ValueError, match="candidates= must be a whole number"):
        sg.ai.bot("walls_of_light", candidates=0)


def test_points_are_the_scores_at_the_end_and_the_margin_is_over_the_best_other():
    state = sg.load("walls_of_light", players=2).new_game(seed=4)
    greedy = sg.ai.bot("greedy", seed=1)
    while not state.is_terminal():
        state.play(state.sample_chance() if state.is_chance() else greedy.choose(state))
    cards = [len(state.hand(p)) for p in range(2)]
    assert points(state) == pytest.approx([s + 0.01 * c for s, c in zip(state.scores(), cards)])
    assert margin([3.0, 9.0, 5.0], 1) == 4.0 and margin([3.0, 9.0, 5.0], 0) == -6.0


def test_aiming_at_the_win_values_each_move_by_its_share_of_the_win(monkeypatch):
    """``aim="win"``: a playout is worth the player's share of the win by ``evaluate()`` where
    it ends, and a move played out reports the mean of those shares as its value. (The
    playouts run compiled on the core: their values are replaced here; that each one is the
    engine's ``evaluate()`` where it ends is checked against the engine below.)"""
    from stainedglass.walls_of_light import search

    state = sg.load("walls_of_light", players=3).new_game(seed=11)
    while state.is_chance():
        state.play(state.sample_chance())
    me = state.current_player
    fake = [0.125, 0.25, 0.625]

    def values(sim, base, codes, me, turns, rolls, win):
        return [fake[me] if win else 5.0 for _ in codes]

    monkeypatch.setattr(search, "playout_values", values)
    for aim in ("win", "margin"):
        bot = sg.ai.bot("walls_of_light", playouts=40, candidates=4, aim=aim, seed=2)
        played = [c for c in bot.analyse(state) if c.support]
        assert len(played) == 4
        shares = {c.value for c in played}
        assert (shares == {fake[me]}) == (aim == "win"), (aim, shares)
    with pytest.raises(ValueError, match="aim= must be margin or win, not 'draw'"):
        sg.ai.bot("walls_of_light", aim="draw")


# ---- the compiled playouts against the engine -----------------------------------------------


def _engine_playout(state, move, me, turns, u, win):
    """The search's playout as the engine plays it (what it was before the core): ``move``,
    the rest of the turn and ``turns`` more, each decision the best one ply deep by the
    player's own margin in ``points()``, chance at the quantiles ``u()``."""
    s = state.clone()
    s._push(move)
    handed = 0
    while not s.is_terminal():
        if s.is_chance():
            if s.phase == "roll":
                if handed == turns:
                    break
                handed += 1
            s._push(outcome_at(s.chance_outcomes(), u()))
        else:
            player = s.current_player
            best, best_v = None, -math.inf
            for m in s.legal_moves():
                s._push(m)
                v = margin(points(s), player)
                s.undo()
                if v > best_v:
                    best, best_v = m, v
            s._push(best)
    return s.evaluate()[me] if win else margin(points(s), me)


def _midgame(players, seed, plies):
    state = sg.load("walls_of_light", players=players).new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        state._push(state.sample_chance() if state.is_chance() else rng.choice(state.legal_moves()))
    while state.is_chance():
        state._push(state.sample_chance())
    return state


@pytest.mark.parametrize("players", [2, 3])
def test_the_compiled_playouts_play_the_turns_as_the_engine_would(players):
    """The same rolls give the same playout: the core's value of each move (margin, and
    share of the win) is the engine's."""
    for seed in (31, 32):
        state = _midgame(players, seed, 30 + 20 * seed % 50)
        sim = state.game.simulator()
        s = sim.encode(state)
        me = state.current_player
        for move in state.legal_moves()[:4]:
            for win in (False, True):
                rng = new_rng(seed)
                mine = turns_playout(
                    s, sim.faces, sim.code(state, move), me, 2 * players - 1, rng, win
                )
                stream = new_rng(seed)
                theirs = _engine_playout(
                    state, move, me, 2 * players - 1, lambda stream=stream: rand_unit(stream), win
                )
                assert mine == pytest.approx(theirs, abs=1e-9), (seed, str(move), win)


@pytest.mark.parametrize("players", [2, 3])
def test_turns_value_is_walls_mcts_replies_on_the_core(players):
    """``turns_value`` plays the next turns as ``walls_mcts``'s ``_replies`` does, given the same
    quantiles for the rolls that begin the turns and the same stream for the chance inside."""
    from stainedglass.walls_of_light.mcts import WallsMCTS

    for seed in (41, 42, 43):
        state = _midgame(players, seed, 40)
        mover = state.current_player
        while not (state.is_chance() and state.phase == "roll"):  # to the end of mover's turn
            legal = state.legal_moves()
            state._push(state.sample_chance() if state.is_chance() else legal[0])
        sim = state.game.simulator()
        s = sim.encode(state)
        codes, _ = sim.chance_outcomes(s)
        assert sim.hands_over(s, int(codes[0]), mover) == WallsMCTS._hands_over(
            state, sim.move(state, int(codes[0])), mover
        )
        quantiles = [0.1 * seed % 1, 0.77, 0.4, 0.93, 0.05][: 2 * players - 1]
        bot = sg.ai.bot("walls_mcts", iterations=1, seed=1)
        stream = new_rng(seed)
        bot.rng = SimpleNamespace(random=lambda stream=stream: rand_unit(stream))
        theirs = bot._replies(state, quantiles, mover)
        mine = sim.turns_value(s, mover, np.array(quantiles), new_rng(seed))
        assert np.allclose(mine, theirs, atol=1e-9), seed
        assert np.array_equal(s, sim.encode(state))  # left as it was
