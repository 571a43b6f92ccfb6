"""Walls of Light's own search (``stainedglass/walls_of_light/search.py``), on counted budgets."""

import pytest

import stainedglass as sg
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
    chooser = sg.ai.bot("walls_of_light", playouts=400, candidates=5, seed=2)
    chooser.analyse(state, top=1)  # a move to play: the search ends when one move is left
    assert chooser.playouts % 5 == 0 and chooser.playouts < 400


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
    it ends, and a move played out reports the mean of those shares as its value."""
    from stainedglass.walls_of_light.game import WallsOfLightState

    state = sg.load("walls_of_light", players=3).new_game(seed=11)
    while state.is_chance():
        state.play(state.sample_chance())
    monkeypatch.setattr(WallsOfLightState, "evaluate", lambda s: [0.125, 0.25, 0.625])
    me = state.current_player
    for aim in ("win", "margin"):
        bot = sg.ai.bot("walls_of_light", playouts=40, candidates=4, aim=aim, seed=2)
        played = [c for c in bot.analyse(state) if c.support]
        assert len(played) == 4
        shares = {c.value for c in played}
        assert (shares == {[0.125, 0.25, 0.625][me]}) == (aim == "win"), (aim, shares)
    with pytest.raises(ValueError, match="aim= must be margin or win, not 'draw'"):
        sg.ai.bot("walls_of_light", aim="draw")
