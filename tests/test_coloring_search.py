"""Coloring's own search (``stainedglass/coloring/search.py``), on counted budgets."""

import pytest

import stainedglass as sg
from stainedglass.coloring import search
from stainedglass.coloring.search import worth


def test_worth_charges_a_shape_no_pencil_can_color_any_more(monkeypatch):
    """A shape every color already touches can never be colored: the window cannot be full,
    so it costs circles; worth() charges it, where the game's evaluate() does not look."""
    state = sg.load("coloring", players=2).new_game(seed=1)
    sheet = state.sheet
    target = next(
        i
        for i in range(sheet.n)
        if bin(sheet.nbr[i]).count("1") >= 5 and not state.colored[0] >> i & 1
    )
    around = [j for j in range(sheet.n) if sheet.nbr[target] >> j & 1][:5]
    for color, j in enumerate(around):  # a neighbour of each color
        state.paint[0][color] |= 1 << j
        state.colored[0] |= 1 << j
        state.touch[0][color] |= sheet.touching(1 << j)
    dead = sheet.full & ~state.colored[0]
    for t in state.touch[0]:
        dead &= t
    assert dead >> target & 1
    charged = worth(state, 0)
    monkeypatch.setattr(search, "_DEAD", 0.0)
    assert charged == pytest.approx(worth(state, 0) - 2.0 * dead.bit_count())


def test_the_search_counts_the_positions_it_rates_and_repeats_itself_with_a_seed():
    state = sg.load("coloring", players=3).new_game(seed=5)
    greedy = sg.ai.bot("greedy", seed=1)
    for _ in range(3):
        state.play(greedy.choose(state))
    bot = sg.ai.bot("coloring", nodes=2000, seed=4)
    ranked = bot.analyse(state, top=3)
    assert 2000 <= bot.nodes <= 2000 + len(state.legal_moves())
    again = sg.ai.bot("coloring", nodes=2000, seed=4).analyse(state, top=3)
    assert [c.move for c in ranked] == [c.move for c in again]
    assert all(c.move in state.legal_moves() and 0 < c.value < 1 for c in ranked)


def test_the_search_plays_the_solo_game_and_only_coloring():
    state = sg.load("coloring", players=1).new_game(seed=2)
    assert sg.ai.bot("coloring", nodes=500, seed=1).choose(state) in state.legal_moves()
    assert "coloring" in sg.ai.bot_names("coloring")
    with pytest.raises(ValueError, match="plays coloring, not cathedral"):
        sg.ai.bot("coloring", nodes=5).choose(sg.load("cathedral").new_game(seed=1))
    with pytest.raises(ValueError, match="sample= must be a whole number"):
        sg.ai.bot("coloring", sample=0)


@pytest.mark.parametrize("rating", ["worth", "projected"])
def test_one_ply_deep_the_search_plays_the_best_move_by_its_rating(rating):
    """With one candidate there is nothing to play out: the move is the best one ply deep by
    the rating chosen, ``worth``'s margin or the game's own projected margin."""
    state = sg.load("coloring", players=2).new_game(seed=7)
    state.play(sg.ai.bot("greedy", seed=1).choose(state))
    me = state.current_player

    def rated(move):
        after = state.clone()
        after.play(move)
        return after.projected_margin(me) if rating == "projected" else search.margin(after, me)

    best = max(rated(m) for m in state.legal_moves())
    bot = sg.ai.bot("coloring", candidates=1, root=100_000, nodes=100_000, rating=rating, seed=1)
    assert rated(bot.choose(state)) == pytest.approx(best)


def test_every_playout_more_weighs_more_moves_and_ranks_them_on_the_same_draws():
    """The best moves by their rating are played out to the end on the same draws; a move to
    play: the worse drop out and the next by the rating take their place, so a larger budget
    weighs more moves; a ranking tells each move from the next on the playouts the two
    shared, and ends in the game's final margin."""
    state = sg.load("coloring", players=2).new_game(seed=8)
    greedy = sg.ai.bot("greedy", seed=1)
    for _ in range(20):
        state.play(greedy.choose(state))
    weighed = []
    for nodes in (8_000, 400_000):
        bot = sg.ai.bot("coloring", nodes=nodes, candidates=3, sample=8, seed=3)
        assert bot.choose(state) in state.legal_moves()
        weighed.append(bot.weighed)
    assert 0 < weighed[0] < weighed[1], weighed
    bot = sg.ai.bot("coloring", nodes=120_000, candidates=3, sample=8, seed=3)
    ranked = bot.analyse(state, top=3)
    assert all(c.support >= 8 and c.unit == "playouts" for c in ranked)
    assert [c.apart is None for c in ranked[:2]] == [False, False]  # each told, or not
    assert ranked[0].value >= ranked[1].value >= ranked[2].value
    with pytest.raises(ValueError, match="rating= must be worth or projected, not 'luck'"):
        sg.ai.bot("coloring", rating="luck")
    with pytest.raises(ValueError, match="sure= must be a number from 0 to 100"):
        sg.ai.bot("coloring", sure=-1)


def test_a_counted_budget_ends_where_the_playouts_have_nothing_to_choose():
    """Near the end a playout may hold no choice at all, so it rates no position: it still
    counts one, and a counted budget ends (the race of two equal moves would go on)."""
    state = sg.load("coloring", players=2).new_game(seed=600_000)
    greedy = sg.ai.bot("greedy", seed=1)
    positions = []
    while not state.is_terminal():
        positions.append(state.clone())
        state.play(greedy.choose(state))
    for position in positions[-12:]:
        bot = sg.ai.bot("coloring", nodes=3000, candidates=4, seed=1)
        assert bot.analyse(position, top=1)[0].move in position.legal_moves()
        assert 0 < bot.nodes <= 3000 + 48  # the budget, and at most one more decision
