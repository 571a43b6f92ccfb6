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


def test_more_draws_average_more_playouts_on_the_same_budget_and_bad_options_are_refused():
    state = sg.load("coloring", players=2).new_game(seed=8)
    state.play(sg.ai.bot("greedy", seed=1).choose(state))
    one = sg.ai.bot("coloring", nodes=6000, seed=3)
    four = sg.ai.bot("coloring", nodes=6000, draws=4, seed=3)
    deep = {
        b.options["draws"]: max(c.support for c in b.analyse(state, top=8)) for b in (one, four)
    }
    assert deep[4] < deep[1]  # four playouts a candidate a depth: fewer turns deep
    with pytest.raises(ValueError, match="rating= must be worth or projected, not 'luck'"):
        sg.ai.bot("coloring", rating="luck")
    with pytest.raises(ValueError, match="draws= must be a whole number, 1 or more"):
        sg.ai.bot("coloring", draws=0)
