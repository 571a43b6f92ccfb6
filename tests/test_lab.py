"""The AI lab's panels (``stainedglass_widgets.pages.lab``), driven from Python: a tournament fills its
chart and table as games end, three bots get ratings, a stop keeps the games played, and the
strength chart draws every bot of each shipped ladder."""

from __future__ import annotations

import html
import re
import time

import pytest

pytest.importorskip("anywidget")

import stainedglass as sg
from stainedglass_widgets.pages.lab import (
    TournamentLab,
    pairwise,
    plan,
    rate_chart_svg,
    strength_svg,
)


def test_a_two_bot_tournament_fills_the_chart_and_the_table():
    lab = TournamentLab(game="cathedral", bots=["greedy", "random"], games=4, jobs=1)
    charts = []
    lab.chart.observe(lambda change: charts.append(change["new"]), "value")
    lab.run_here()
    assert lab.table.rows[0]["games"] == 4 and lab.table.rows[0]["bot"] == "greedy"
    assert len(charts) >= 4  # redrawn as each game ended
    assert charts[-1].count('class="sg-lab-bar"') == 2 and "4 of 4 games" in charts[-1]
    assert lab.status.value == "Done: 4 games." and lab.progress.value == 4
    # each bot's games by seat (in Cathedral the seat decides many), summing to its row
    for row in lab.table.rows:
        assert [s["seat"] for s in row["by_seat"]] == ["Light", "Dark"]
        assert [
            sum(s[k] for s in row["by_seat"]) for k in ("games", "wins", "draws", "losses")
        ] == [row["games"], row["wins"], row["draws"], row["losses"]]
        light, dark = row["by_seat"]
        assert (
            f"Light {light['wins']}-{light['draws']}-{light['losses']}, "
            f"Dark {dark['wins']}-{dark['draws']}-{dark['losses']}</text>"
        ) in charts[-1]
    assert charts[-1].count('class="sg-lab-seats"') == 2


def test_three_bots_in_a_two_player_game_play_each_pair_and_are_rated():
    lab = TournamentLab(
        game="cathedral", bots=["greedy", "random", "alphabeta"], games=2, jobs=1, budget=0.05
    )
    assert lab.bots() == ["greedy", "random", "alphabeta:budget=0.05"]
    lab.run_here()
    assert len(lab.tables) == 3 and all(len(t.results) == 2 for t in lab.tables)
    assert lab.ratings.value.count("<tr>") == 4  # a head and three bots
    assert "Elo" in lab.ratings.value and "<svg" in lab.ratings.value


def test_a_game_of_three_counts_each_pair_of_its_seats():
    table = sg.ai.tournament(
        "walls_of_light", ["greedy", "random", "greedy:chance_samples=2"], n=1, jobs=1, seed=3
    )
    (group,) = pairwise(["greedy", "random", "greedy:chance_samples=2"], [table])
    assert sorted((a, b) for a, b, _ in group) == [(0, 1), (0, 2), (1, 2)]
    result = table.results[0]
    by_bot = {table.rows[e]["bot"]: result.returns[s] for s, e in enumerate(result.task.entries)}
    for a, b, points in group:  # the higher return wins the pair
        ra, rb = (
            by_bot[["greedy", "random", "greedy:chance_samples=2"][a]],
            by_bot[["greedy", "random", "greedy:chance_samples=2"][b]],
        )
        assert points == (1.0 if ra > rb else 0.0 if ra < rb else 0.5)


def test_the_plan_follows_the_seats_of_the_game():
    assert plan("coloring", ["a", "b", "c", "d"]) == [["a", "b", "c", "d"]]
    assert plan("cathedral", ["a", "b"]) == [["a", "b"]]
    assert plan("sagrada", ["a"]) == [["a"]]


def test_a_stop_keeps_the_games_played():
    lab = TournamentLab(game="cathedral", bots=["mcts", "greedy"], budget=0.05, games=200, jobs=1)
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


def test_each_bot_takes_its_own_settings_and_a_bad_one_is_a_message():
    lab = TournamentLab(game="cathedral", bots=["alphabeta", "mcts"], games=2, jobs=1)
    lab.more[0].value = "depth=1"
    lab.more[1].value = "c=0.7, iterations=30"
    assert lab.bots() == ["alphabeta:budget=0.1,depth=1", "mcts:budget=0.1,c=0.7,iterations=30"]
    lab.run_here()
    assert lab.table.rows[0]["games"] == 2
    lab.more[1].value = "depth=3"  # mcts has no depth
    lab.start()
    assert "unknown option 'depth'" in html.unescape(lab.status.value) and lab._thread is None
    lab.more[1].value = "c=-1"
    lab.start()
    assert "c= must be a number from 0 to 100" in lab.status.value and lab._thread is None


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


def test_candidates_that_differ_read_differently_with_their_support_whole():
    """Eight candidates near 89% were all written "89%", and "89%, 6 plies deep" was cut."""
    from stainedglass.ai.search import Candidate
    from stainedglass_widgets.pages.lab import candidates_svg, text_width

    state = sg.load("cathedral").new_game(seed=1)
    moves = state.legal_moves()[:8]
    svg = candidates_svg(
        [Candidate(m, 0.894 - 0.001 * i, 6, "plies deep") for i, m in enumerate(moves)],
        "alphabeta, 5 s: its candidates",
    )
    notes = re.findall(r">(\d+(?:\.\d)?%), 6 plies deep</text>", svg)
    assert len(notes) == 8 and len(set(notes)) == 8, notes
    width = int(re.search(r'viewBox="0 0 (\d+)', svg).group(1))
    for x, words in re.findall(r'<text x="([\d.]+)"[^>]*>([^<]*plies deep)</text>', svg):
        assert float(x) + text_width(words, 12) <= width, words
    one = candidates_svg([Candidate(moves[0], 0.5, 1, "plies deep")], "one")
    assert "1 ply deep" in one


@pytest.mark.parametrize("game", sg.games())
def test_the_strength_charts_words_say_what_it_counts(game):
    """Sagrada's chart counts games won: its words speak of no Elo, and its long title is
    written on two lines, not cut."""
    from stainedglass_widgets.pages.lab import strength_words

    elo = sg.ai.ladder.shipped(game).unit == "Elo"
    words, svg = strength_words(game), strength_svg(game)
    assert ("Elo" in words) == elo == ("Elo" in svg), (game, words)
    if not elo:
        assert "games it won" in words and "games won" in svg
    title = re.search(r'class="sg-lab-title"[^>]*>(.*?)</text>', svg).group(1)
    lines = re.findall(r"<tspan[^>]*>([^<]*)</tspan>", title)
    assert all(15 * 0.68 * len(line) <= 560 - 24 for line in lines), lines


@pytest.mark.parametrize("game", sg.games())
def test_the_strength_charts_words_say_whether_the_hint_search_rises_and_what_a_fall_means(game):
    from stainedglass_widgets.pages.lab import strength_words

    lad = sg.ai.ladder.shipped(game)
    words, falls = strength_words(game), lad.falls()
    for name, beyond in falls.items():
        assert name in words
        assert ("beyond that doubt" in words) >= beyond
        assert ("may be chance" in words) >= (not beyond)
    hint = sg.ai.ladder.ladder_game(game).hint_bot
    shown = [hint] if hint in lad.lines() else []
    for hint in shown:
        rises = f"The hint search ({hint}) rises with time." in words
        assert rises == (hint not in falls), words
        line = lad.lines()[hint]
        higher = f"The hint search ({hint}) does better at 1 s than at 0.1 s, though" in words
        assert higher == (hint in falls and line[-1].rating > line[0].rating), words
    if not falls:
        assert "falls" not in words


def test_a_line_that_falls_beyond_the_doubt_is_said_to_be_weaker_with_time(monkeypatch):
    from stainedglass.ai.ladder import Ladder, Rung
    from stainedglass_widgets.pages import lab

    rungs = [
        Rung("greedy", 0, 0, 0, 20, 0, 0.01),
        Rung("cathedral:budget=0.1", 100, 50, 150, 20, 0, 0.1),
        Rung("cathedral:budget=1", 300, 250, 350, 20, 0, 1),
        Rung("mcts:budget=0.1", 200, 180, 220, 20, 0, 0.1),
        Rung("mcts:budget=1", 50, 0, 100, 20, 0, 1),
    ]
    monkeypatch.setattr(lab, "shipped", lambda game: Ladder(game, "Elo", rungs, 20))
    words = lab.strength_words("cathedral")
    assert "The hint search (cathedral) rises with time." in words
    assert "falls beyond that doubt (mcts), more time made that bot weaker" in words
    assert "the hints here do not use it" in words and "may be chance" not in words
    rungs[2] = Rung("cathedral:budget=1", 90, 40, 140, 20, 0, 1)  # lower, within the doubt
    words = lab.strength_words("cathedral")
    assert "The hint search (cathedral) does no better at 1 s than at 0.1 s." in words


def test_the_rate_chart_escapes_what_it_is_given():
    svg = rate_chart_svg(
        [{"bot": "<b>", "win_rate": 1.0, "ci_low": 0.5, "ci_high": 1.0, "games": 1}], "a & b"
    )
    assert "<b>" not in svg and "&lt;b&gt;" in svg and "a &amp; b" in svg


# ---- the search view ------------------------------------------------------------------------------

from stainedglass_widgets.pages.lab import SearchLab, analyse_position
from harness import ROOT

GAMES = ROOT / "notebooks" / "games"


@pytest.mark.parametrize("game", sg.games())
def test_the_search_view_shows_what_the_hint_search_weighs(game):
    lab = SearchLab(game=game, folder=GAMES, background=False)
    assert lab.bot.value == sg.load(game).hint_bot  # the hint search at the lab's table
    assert not lab.board.state.is_chance()  # the example opens at a player's turn
    lab.budget.value = 0.1
    lab.start()
    analysis = lab.analysis
    assert analysis is not None and analysis.candidates
    assert analysis.candidates[0].move in lab.board.state.legal_moves()
    assert lab.bars.value.count('class="sg-lab-bar"') == len(analysis.candidates)
    assert [m.rank for m in lab.board.hint_marks()][:2] == [1, 2][: len(analysis.candidates)]
    assert analysis.anytime[-1][0] == 0.1 and analysis.anytime[-1][1] == str(
        analysis.candidates[0].move
    )
    assert "<svg" in lab.curve.value and "<svg" in lab.line_board.value
    assert lab.line.value.count("<li") == len(analysis.line) >= 1


def test_the_line_steps_move_by_move_on_its_board():
    lab = SearchLab(game="cathedral", folder=GAMES, background=False)
    lab.budget.value = 0.1
    lab.start()
    boards = set()
    for k in range(1, lab.line_step.max + 1):
        lab.line_step.value = k
        boards.add(lab.line_board.value)
        assert "class=sg-lab-at" in lab.line.value.split("<li")[k]
    assert len(boards) == lab.line_step.max  # a new position each move


def test_an_alpha_beta_search_counts_nodes_and_cut_offs_by_depth():
    state = sg.load("cathedral").new_game(seed=1)
    state.play("cathedral e4 d5 e5 f5 e6 e7")
    analysis = analyse_position(state, "alphabeta", 0.3)
    depths = [d for d, _, _, _ in analysis.depth_stats]
    assert depths[0] == 1 and depths == sorted(depths)
    assert all(nodes > 0 for _, nodes, _, _ in analysis.depth_stats)
    lab = SearchLab(game="cathedral", folder=GAMES, background=False)
    lab.bot.value = "alphabeta"
    lab.budget.value = 0.2
    lab.start()
    assert "cut-offs</th>" in lab.depths.value and ">1</td>" in lab.depths.value


def test_the_search_view_opens_a_share_link_and_refuses_a_bad_one():
    state = sg.load("walls_of_light", players=2).new_game(seed=3)
    while state.is_chance() or len(state.history) < 5:
        state.play(state.sample_chance() if state.is_chance() else state.legal_moves()[0])
    lab = SearchLab(game="cathedral", folder=GAMES, background=False)
    lab.open_link(state.record().to_link("http://x/walls_of_light_play.ipynb"))
    assert lab.game.value == "walls_of_light"
    assert lab.board.state.history == state.history
    lab.open_link("http://x/a.ipynb?record=r1.garbage")
    assert lab.status.value.startswith("<b>Could not open it:</b>")
    assert lab.board.state.history == state.history


def test_a_search_that_cannot_start_says_why_and_a_cancel_stops_one():
    with pytest.raises(ValueError, match="at most 5"):
        analyse_position(sg.load("cathedral").new_game(), "mcts", 60)
    lab = SearchLab(game="sagrada", folder=GAMES, background=False)
    lab.board.show_record(sg.load_record((GAMES / "sagrada.json").read_text()))  # the end
    lab.start()
    assert "The game is over" in lab.status.value and lab.analysis is None
    lab = SearchLab(game="cathedral", folder=GAMES)
    lab.budget.value = 3.0
    lab.start()
    lab.cancel()
    assert lab.wait(60) and lab.status.value == "Cancelled." and lab.analysis is None
    assert not lab.analyse_button.disabled


# ---- your bot ----------------------------------------------------------------------------------

MY_BOT = """def choose(state):
    \"\"\"The last legal move.\"\"\"
    return state.legal_moves()[-1]
"""


def test_a_bot_typed_into_the_cell_plays_the_ladder_is_placed_on_its_chart_and_reviewed():
    from stainedglass_widgets.pages.lab import YourBotLab

    lab = YourBotLab(game="cathedral", games=2, jobs=1, background=False)
    assert lab.against.value == ("greedy", "cathedral:budget=0.1")  # the hint search's quickest
    assert 'class="sg-lab-yours"' not in lab.ladder_chart.value
    lab.against.value = ("greedy",)
    lab.code.value = MY_BOT
    lab.name.value = "lastmove"
    charts = []
    lab.chart.observe(lambda change: charts.append(change["new"]), "value")
    lab.start()
    assert len(charts) >= 2 and "lastmove, 2 of 2 games" in charts[-1]  # live, game by game
    assert "against greedy" in charts[-1]
    name, rating, low, high = lab.placed
    assert name == "lastmove" and low <= rating <= high
    assert 'class="sg-lab-yours" data-bot="lastmove"' in lab.ladder_chart.value
    assert "lastmove is rated" in lab.status.value and "placed on the ladder" in lab.status.value
    assert [label.split(",")[0] for label, _ in lab.game_picker.options] == [
        "game 1 against greedy",
        "game 2 against greedy",
    ]
    assert lab.game_picker.value == 0  # the first game, ready for Review
    lab.game_picker.value = 1
    board = lab.review()
    assert board.wait(120) and board.review is not None
    assert lab.review_box.children == (board,)
    assert len(board.review.judgements) == len(lab._results[1][1].history)


def test_the_cell_says_what_is_wrong_with_a_bot_and_where_its_games_were_forfeited():
    from stainedglass_widgets.pages.lab import YourBotLab

    lab = YourBotLab(game="cathedral", games=1, jobs=1, background=False)
    lab.against.value = ("greedy",)
    lab.code.value = "def choose(state)\n    return None"
    lab.start()
    assert "line 1: expected &#x27;:&#x27;" in lab.status.value and lab.placed is None
    lab.code.value = "x = 1"
    lab.start()
    assert "define a function choose(state)" in lab.status.value
    lab.code.value = "def choose(state):\n    return None"
    lab.start()
    assert (
        "forfeited" in lab.forfeit_list.value and "chose no move (None)" in lab.forfeit_list.value
    )
    assert "1 forfeited" in lab.status.value


def test_a_solo_game_places_the_share_won_and_a_server_for_other_machines_runs_no_code(
    monkeypatch,
):
    from stainedglass_widgets.pages.lab import YourBotLab

    lab = YourBotLab(game="sagrada", games=2, jobs=1, background=False)
    assert lab.against.options == () and lab.against.disabled
    lab.start()
    name, share, low, high = lab.placed
    assert name == "my-bot" and share in (0.0, 0.5, 1.0) and low <= share <= high
    assert 'data-bot="my-bot"' in lab.ladder_chart.value and "won" in lab.status.value
    monkeypatch.setenv("STAINEDGLASS_SERVE_IP", "0.0.0.0")
    served = YourBotLab(game="cathedral", games=1, jobs=1, background=False)
    assert served.code.disabled and "read only" in served.note.value
    served.start()
    assert "does not run on a server other machines reach" in served.status.value

    def first(state):
        return state.legal_moves()[0]

    given = YourBotLab(game="cathedral", bot=first, against=["greedy"], games=1, jobs=1)
    given.background = False
    given.start()
    assert given.placed is not None and given.placed[0] == "my-bot"


def test_the_settling_chart_tells_close_values_apart_and_draws_a_small_change_small():
    """ "How the choice settles" with the choice's chance at 92.1%, 92.3% and 92.5%: its y
    ticks read three different numbers (not "92" three times), and the line, a change of
    0.4 points, takes a small part of the chart's height, not all of it."""
    from stainedglass_widgets.pages.lab import Analysis, anytime_svg

    analysis = Analysis(
        "mcts", 0.4, [], [], [(0.1, "tavern a1", 0.921), (0.2, "tavern a1", 0.923),
                              (0.4, "tavern a1", 0.925)], []
    )  # fmt: skip
    svg = anytime_svg(analysis, "How the choice settles")
    ticks = re.findall(r'class="sg-lab-ytick"[^>]*>([^<]*)<', svg)
    assert len(ticks) == 3 and len(set(ticks)) == 3, ticks
    path = re.search(r'class="sg-lab-line"[^>]* d="([^"]*)"', svg)
    assert path is not None
    ys = [float(y) for y in re.findall(r"[ML][\d.]+ ([\d.]+)", path.group(1))]
    top, bottom = (
        float(v) for v in re.findall(r'class="sg-lab-ytick" x="[\d.]+" y="([\d.]+)"', svg)[::2]
    )
    assert max(ys) - min(ys) < 0.2 * abs(bottom - top)


def test_learning_from_self_play_measures_the_value_and_places_its_search_on_the_ladder():
    """The "Learn from self-play" section, run here on a small count: the value's chances of
    naming the winner beside the game's estimate, the learned search's games against greedy
    as they end, then its rating on the ladder's chart and the figures in words."""
    from stainedglass_widgets.pages.learn import SelfPlayLab

    lab = SelfPlayLab(game="cathedral", selfplay_games=40, games=2, iterations=8, jobs=1)
    assert "sg-lab-yours" not in lab.ladder_chart.value  # the ladder alone at first
    lab.run_here()
    assert lab.accuracy is not None and lab.accuracy.rows > 0
    assert "learned value" in lab.accuracy_chart.value
    assert "the game&#x27;s estimate" in lab.accuracy_chart.value or (
        "the game's estimate" in lab.accuracy_chart.value
    )
    assert lab.table is not None and lab.table.rows[0]["games"] == 2
    assert 'data-bot="learned"' in lab.ladder_chart.value
    status = html.unescape(re.sub("<[^>]+>", "", lab.status.value))
    assert status.startswith("Done: the learned value named the winner"), status
    assert "of 2 games against greedy" in status and "Elo" in status
    assert lab.progress.value == lab.progress.max == 2


def test_learning_stopped_before_it_could_learn_says_so():
    import threading

    from stainedglass_widgets.pages.learn import SelfPlayLab

    lab = SelfPlayLab(game="cathedral", selfplay_games=40, games=2, iterations=8, jobs=1)
    lab._stop = threading.Event()
    real = sg.ai.selfplay

    def halted(*args, **kwargs):  # the Stop pressed as the third game ends
        def progress(done, total):
            kwargs_progress(done, total)
            if done == 3:
                lab.stop()

        kwargs_progress = kwargs["progress"]
        return real(*args, **{**kwargs, "progress": progress})

    sg.ai.selfplay = halted
    try:
        lab._run()
    finally:
        sg.ai.selfplay = real
    assert "too few games to learn from" in lab.status.value
    assert lab.table is None
