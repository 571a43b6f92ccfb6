"""Sagrada solo's own search (``sagrada``): the window's worth, the round planner, the playouts.

Each test builds the position that shows one thing the search must know; the budgets are
counted (playouts), never the clock.
"""

from __future__ import annotations

import pytest

import stainedglass as sg
from stainedglass.sagrada.search import KNOBS, SagradaSearch, estimate, playout, window_value

COLOR_ORDERS = ["shades_of_blue", "row_color_variety", "column_color_variety"]


def arranged(window: list[str] | str = "Morning Lantern", orders=COLOR_ORDERS, **where):
    game = sg.load("sagrada", window=window, orders=orders, tools=["eglomise"])
    return game.new_game(seed=1).arrange(**where)


def worth(st) -> float:
    to_come = [*st._unknown, *st._bottom, *st._hand]
    return window_value(
        st._grid, st._occ, st._colm, st._valm, st.window.allowed, to_come, st._orders, st._weights
    )


def test_the_sagrada_search_is_the_games_hint_search_and_plays_only_sagrada():
    assert sg.load("sagrada").facts.hint_bot == "sagrada"
    assert "sagrada" in sg.ai.bot_names("sagrada")
    assert "sagrada" not in sg.ai.bot_names("cathedral")


def test_the_round_planner_leaves_the_lowest_card_for_the_bar():
    # Rule 2 and rule 4: the card left at the end of the round goes to the turn bar, whose
    # values are the target. With only color orders in play, which card stays is worth its value.
    st = arranged(
        [".....", ".....", ".....", "....."], placed={"a1": "B2"}, drawn=["R1", "G6", "Y5"], turn=1
    )
    bot = sg.ai.bot("sagrada", playouts=0, seed=1)
    first = bot.choose(st)
    st.play(first)
    st.play(bot.choose(st))
    assert st.turn_bar == [["R1"]]


def test_a_field_no_card_to_come_can_fill_costs_the_window():
    # Rule 3: a card is never orthogonally next to a card of the same value. b1 takes only a 3;
    # a 3 on b2 leaves it empty for good, where a 4 there leaves B3 and K3 to fill it.
    rows = [".3...", ".....", ".....", "....."]
    gone = {"turn_bar": [["R3"], ["G3"]]}
    open_b1 = arranged(rows, placed={"b2": "Y4"}, **gone)
    dead_b1 = arranged(rows, placed={"b2": "Y3"}, **gone)
    assert worth(dead_b1) <= worth(open_b1) - KNOBS[0] + 1.0


def test_the_planner_fills_a_restricted_field_before_it_is_lost():
    # b1 takes only a 3, and G3 in hand is the last 3 that may go there (B3 may not: it would
    # touch B1 on a1). The last turn of the round places it, though K5 is worth more.
    rows = [".3...", ".....", ".....", "....."]
    st = arranged(
        rows, placed={"a1": "B1"}, drawn=["G3", "K5"], turn_bar=[["R3"], ["Y3"], ["K3"]], turn=2
    )
    move = sg.ai.bot("sagrada", playouts=0, seed=1).choose(st)
    assert str(move) == "place G3 b1"


def test_a_playout_at_the_end_is_the_games_true_margin():
    state = sg.load("sagrada", window="Morning Lantern").new_game(seed=4)
    bot = sg.ai.bot("sagrada", playouts=0, seed=1)
    while not state.is_terminal():
        state.play(state.sample_chance() if state.is_chance() else bot.choose(state))
    assert playout(state, []) == state.scores()[0] - state.target()
    assert estimate(state, 10) == state.scores()[0] - state.target()


def test_a_playout_plays_a_whole_game_from_any_turn():
    state = sg.load("sagrada", window="Tempest").new_game(seed=2)
    while state.is_chance():
        state.play(state.sample_chance())
    order = sorted(state._unknown)
    margin = playout(state, order)
    assert isinstance(margin, int) and -60 <= margin <= 60
    assert playout(state, order) == margin  # the same pile order, the same game


def test_playouts_are_counted_and_reproducible():
    state = sg.load("sagrada", window="Kingfisher").new_game(seed=7)
    while state.is_chance():
        state.play(state.sample_chance())
    first = sg.ai.bot("sagrada", playouts=12, seed=3, settle=1000)
    ranked = first.analyse(state)
    again = sg.ai.bot("sagrada", playouts=12, seed=3, settle=1000).analyse(state)
    assert [c.move for c in ranked] == [c.move for c in again]
    assert first.playouts == 12
    assert {c.move for c in ranked} == set(state.legal_moves())
    assert ranked[0].unit == "playouts" and ranked[0].support == 12


def test_the_best_move_is_backed_by_least_playouts_even_when_the_planner_settles_it():
    # A hint's best move is measured, not guessed: when the planner puts it ``settle`` points
    # ahead, it alone is played out ``least`` times (its order kept), and when the others drop
    # out early, it goes on to ``least``.
    for seed in range(1, 40):  # a position where the planner puts one move strictly ahead
        state = sg.load("sagrada", window="Kingfisher").new_game(seed=seed)
        while state.is_chance():
            state.play(state.sample_chance())
        planned = sg.ai.bot("sagrada", playouts=0, seed=1).analyse(state)
        if planned[0].value > planned[1].value:
            break
    settled = sg.ai.bot("sagrada", playouts=5000, seed=1, settle=0, least=300)
    ranked = settled.analyse(state)
    assert settled.playouts == 300
    assert ranked[0].move == planned[0].move and ranked[0].support == 300
    assert all(c.support <= 1 for c in ranked[1:])  # the planner's word alone
    assert [c.move for c in ranked[1:]] == [c.move for c in planned[1:]]
    raced = sg.ai.bot("sagrada", playouts=5000, seed=1, settle=1000, least=300)
    best = raced.analyse(state)[0]
    assert best.support >= 300 and raced.playouts <= 5000
    # least=0: the planner's word alone when it settles (nothing played out)
    alone = sg.ai.bot("sagrada", playouts=5000, seed=1, settle=0, least=0)
    assert alone.analyse(state)[0].unit == "round planned" and alone.playouts == 0


def test_a_tool_is_weighed_like_a_move():
    # Eglomise Brush (2 pips) is in play: its uses are among the moves the search ranks.
    st = arranged(
        [".....", ".....", ".....", "....."],
        placed={"a1": "B1", "b1": "R4"},
        drawn=["G2", "Y6", "K3"],
        turn=1,
    )
    ranked = sg.ai.bot("sagrada", playouts=0, seed=1).analyse(st)
    kinds = {str(c.move).split()[0] for c in ranked}
    assert kinds == {"place", "tool"}


@pytest.mark.parametrize("option", ["dead", "power", "width"])
def test_bad_options_are_refused_by_name(option: str):
    with pytest.raises(ValueError, match=option):
        sg.ai.bot("sagrada", **{option: -1})


def test_a_review_weighs_sagrada_moves_with_the_sagrada_search():
    state = sg.load("sagrada", window="Blue Hour").new_game(seed=5)
    while state.is_chance():
        state.play(state.sample_chance())
    best = sg.ai.bot("sagrada", playouts=0, seed=1).choose(state)
    worst = sg.ai.bot("sagrada", playouts=0, seed=1).analyse(state)[-1].move
    assert SagradaSearch.effort[0] == "playouts"
    verdict = sg.ai.compare(state, worst, playouts=400, seed=1)
    assert verdict.best_value >= verdict.value
    assert sg.ai.compare(state, best, playouts=400, seed=1).loss <= verdict.loss


def test_a_search_stopped_before_its_playouts_still_gives_each_move_a_margin() -> None:
    """A hint whose clock runs out at once (a busy machine): the planner's margins stand in
    for the playouts' (no division by none)."""
    import threading

    stop = threading.Event()
    stop.set()
    for seed in range(6):
        state = sg.load("sagrada").new_game(seed=seed)
        while state.is_chance():
            state.play(state.sample_chance())
        found = sg.ai.bot("sagrada", playouts=50, seed=seed, stop=stop).analyse(state, top=3)
        assert found and all(c.margin is not None for c in found)


def test_a_widening_race_weighs_more_moves_with_more_playouts():
    # With ``widen=True`` a move that falls surely behind the leader drops out and the planner's
    # next move takes its place, so more playouts play out more of the moves; as shipped, the
    # planner's four leading moves alone are played out, and the search stops once one is left
    # and measured.
    state = sg.load("sagrada", window="Morning Lantern").new_game(seed=3)
    while state.is_chance():
        state.play(state.sample_chance())
    weighed = []
    for playouts in (8, 400, 4000):
        bot = sg.ai.bot("sagrada", playouts=playouts, seed=1, widen=True)
        bot.choose(state)
        weighed.append(bot.weighed)
    assert weighed[0] == 4  # none drops before the first look, at 8 playouts
    assert 4 < weighed[1] < weighed[2]
    shipped = sg.ai.bot("sagrada", playouts=4000, seed=1, least=300)
    shipped.choose(state)
    assert shipped.weighed <= 4 and shipped.playouts < 4000


def test_a_widening_ranking_keeps_its_places_and_says_which_it_tells_apart():
    # A hint ranks moves rather than choosing one: the top places race to the budget's end, and
    # each says whether it is told apart from the next on the orders the two shared.
    state = sg.load("sagrada", window="Morning Lantern").new_game(seed=5)
    while state.is_chance():
        state.play(state.sample_chance())
    for aim in ("win", "margin"):
        bot = sg.ai.bot("sagrada", playouts=300, seed=1, widen=True, aim=aim)
        ranked = bot.analyse(state, top=3)
        assert bot.playouts == 300
        assert ranked[0].support == 300 and ranked[1].support >= 200  # the top two race on
        assert all(c.apart is not None for c in ranked[:2])
        assert ranked[0].value >= ranked[1].value
