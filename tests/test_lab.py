"""The AI lab's panels (``stainedglass_widgets.lab``), driven from Python: a tournament fills its
chart and table as games end, three bots get ratings, a stop keeps the games played, and the
strength chart draws every bot of each shipped ladder."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("anywidget")

import stainedglass as sg  # noqa: E402
from stainedglass_widgets.lab import (TournamentLab, pairwise, plan, rate_chart_svg,  # noqa: E402
                                      strength_svg)


def test_a_two_bot_tournament_fills_the_chart_and_the_table():
    lab = TournamentLab(game="cathedral", bots=["greedy", "random"], games=4, jobs=1)
    charts = []
    lab.chart.observe(lambda change: charts.append(change["new"]), "value")
    lab.run_here()
    assert lab.table.rows[0]["games"] == 4 and lab.table.rows[0]["bot"] == "greedy"
    assert len(charts) >= 4  # redrawn as each game ended
    assert charts[-1].count('class="sg-lab-bar"') == 2 and "4 of 4 games" in charts[-1]
    assert lab.status.value == "Done: 4 games." and lab.progress.value == 4


def test_three_bots_in_a_two_player_game_play_each_pair_and_are_rated():
    lab = TournamentLab(game="cathedral", bots=["greedy", "random", "alphabeta"], games=2,
                        jobs=1, budget=0.05)
    assert lab.bots() == ["greedy", "random", "alphabeta:budget=0.05"]
    lab.run_here()
    assert len(lab.tables) == 3 and all(len(t.results) == 2 for t in lab.tables)
    assert lab.ratings.value.count("<tr>") == 4  # a head and three bots
    assert "Elo" in lab.ratings.value and "<svg" in lab.ratings.value


def test_a_game_of_three_counts_each_pair_of_its_seats():
    table = sg.ai.tournament("walls_of_light", ["greedy", "random", "greedy:chance_samples=2"],
                             n=1, jobs=1, seed=3)
    (group,) = pairwise(["greedy", "random", "greedy:chance_samples=2"], [table])
    assert sorted((a, b) for a, b, _ in group) == [(0, 1), (0, 2), (1, 2)]
    result = table.results[0]
    by_bot = {table.rows[e]["bot"]: result.returns[s] for s, e in enumerate(result.task.entries)}
    for a, b, points in group:  # the higher return wins the pair
        ra, rb = by_bot[["greedy", "random", "greedy:chance_samples=2"][a]], \
            by_bot[["greedy", "random", "greedy:chance_samples=2"][b]]
        assert points == (1.0 if ra > rb else 0.0 if ra < rb else 0.5)


def test_the_plan_follows_the_seats_of_the_game():
    assert plan("coloring", ["a", "b", "c", "d"]) == [["a", "b", "c", "d"]]
    assert plan("cathedral", ["a", "b"]) == [["a", "b"]]
    assert plan("sagrada", ["a"]) == [["a"]]


def test_a_stop_keeps_the_games_played():
    lab = TournamentLab(game="cathedral", bots=["mcts", "greedy"], budget=0.05, games=200,
                        jobs=1)
    lab.start()
    deadline = time.monotonic() + 120
    while lab.progress.value < 1 and time.monotonic() < deadline:
        time.sleep(0.05)
    lab.stop()
    assert lab.wait(120)
    assert lab.table is not None and lab.table.stopped
    played = lab.table.rows[0]["games"]
    assert 1 <= played < 200 and f"Stopped after {played} of 200 games." == lab.status.value
    assert not lab.start_button.disabled and lab.stop_button.disabled


def test_a_choice_that_cannot_be_played_is_a_message():
    lab = TournamentLab(game="cathedral", bots=["mcts"], games=2, jobs=1)
    lab.start()
    assert "at least two bots" in lab.status.value and lab._thread is None
    lab.seats[1].value = "mcts"
    lab.start()
    assert "different bots" in lab.status.value and lab._thread is None
    lab.game.value = "sagrada"  # solo: one bot is a tournament
    assert [s.value for s in lab.seats] == ["mcts", "greedy", "", ""]
    lab.seats[1].value = ""
    lab.games.value = 1
    lab.run_here()
    assert lab.table.rows[0]["games"] == 1


@pytest.mark.parametrize("game", sg.games())
def test_the_strength_chart_draws_every_bot_of_the_shipped_ladder(game):
    svg = strength_svg(game)
    ladder = sg.ai.ladder.shipped(game)
    searches = {r.bot.split(":")[0] for r in ladder.rungs if ":budget=" in r.bot}
    assert svg.startswith("<svg") and svg.count('class="sg-lab-line"') == len(searches)
    for name in searches:
        assert f'data-series="{name}"' in svg


def test_the_rate_chart_escapes_what_it_is_given():
    svg = rate_chart_svg([{"bot": "<b>", "win_rate": 1.0, "ci_low": 0.5, "ci_high": 1.0,
                           "games": 1}], "a & b")
    assert "<b>" not in svg and "&lt;b&gt;" in svg and "a &amp; b" in svg
