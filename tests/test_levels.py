"""Levels of play (``stainedglass.ai.levels``): the level bot, each game's level table, its
words, and "Match me", every search on a counted budget."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import stainedglass as sg
from stainedglass.ai.levels import (
    LEVELS,
    LevelBot,
    MatchMe,
    level_tables,
    level_words,
    levels,
    levels_path,
    read_levels,
)
from stainedglass.ai.tournament import parse_bot
from stainedglass.catalogue import GAMES


def _decision(game: str, seed: int, plies: int, **options: Any) -> sg.State:
    """A position ``plies`` greedy moves into a game, at a decision."""
    state = sg.load(game, **options).new_game(seed=seed)
    greedy = sg.ai.bot("greedy", seed=seed)
    for _ in range(plies):
        while state.is_chance():
            state.play(state.sample_chance())
        if state.is_terminal():
            break
        state.play(greedy.choose(state))
    while state.is_chance():
        state.play(state.sample_chance())
    assert not state.is_terminal()
    return state


def test_every_game_of_the_package_ships_its_levels() -> None:
    assert sg.ai.bot_class("level") is LevelBot
    assert set(LevelBot.games) == set(GAMES)
    for game in GAMES:
        table = levels(game)
        assert [lv.number for lv in table] == list(range(1, LEVELS + 1))
        assert table[-1].temperature == 0 and all(lv.temperature > 0 for lv in table[:2])
        works = [lv.work for lv in table]
        assert works == sorted(works) and works[0] < works[-1]


@pytest.mark.parametrize("game", GAMES)
def test_a_level_plays_a_legal_move_and_again_the_same_with_its_seed(game: str) -> None:
    state = _decision(game, seed=3, plies=6)
    for level in (1, 4):
        moves = {sg.ai.bot("level", level=level, seed=s).choose(state) for s in (7, 7)}
        assert len(moves) == 1 and moves <= set(state.legal_moves())


def test_a_warm_level_draws_among_the_moves_the_search_ranked_by_their_values() -> None:
    state = _decision("cathedral", seed=5, plies=4)
    low = LevelBot(level=1, seed=1)
    ranked = [c.move for c in low.analyse(state)]
    chosen = [LevelBot(level=1, seed=s).choose(state) for s in range(12)]
    assert set(chosen) <= set(ranked) and len(set(chosen)) > 1  # warm: several moves
    cold = {LevelBot(level=2, temperature=0.0, seed=s).choose(state) for s in range(4)}
    assert len(cold) == 1  # at temperature 0, the search's best every time


@pytest.mark.parametrize("game", ["cathedral", "coloring"])
def test_level_8_plays_the_hint_search_s_choice_on_its_counted_work(game: str) -> None:
    state = _decision(game, seed=2, plies=8)
    top = levels(game)[-1]
    unit, per_playout = sg.ai.bot_class(state.game.hint_bot).effort
    search_seed = random.Random(11).getrandbits(32)  # the search's seed, drawn from the bot's
    hint = sg.ai.bot(state.game.hint_bot, seed=search_seed, **{unit: round(top.work * per_playout)})
    assert LevelBot(level=8, seed=11).choose(state) == hint.choose(state)


def test_a_level_at_a_table_size_plays_that_size_s_hint_search() -> None:
    state = _decision("coloring", seed=1, plies=2, players=1)
    assert state.game.hint_bot == "alphabeta"
    bot = LevelBot(level=2, seed=1)
    assert bot.search(state, 10).name == "alphabeta"
    assert bot.choose(state) in state.legal_moves()


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"level": 0}, "level= must be a whole number from 1 to 8, not 0"),
        ({"level": 9}, "level= must be a whole number from 1 to 8, not 9"),
        ({"level": 2.5}, "level= must be a whole number"),
        ({"level": "3"}, "level= must be a whole number"),
        ({"level": True}, "level= must be a whole number"),
        ({"work": 0}, "work= must be a whole number, 1 or more"),
        ({"temperature": -1}, "temperature= must be a number from 0 to 100"),
        ({"budget": 1.0}, "unknown option 'budget'"),
    ],
)
def test_a_bad_option_is_a_value_error_naming_it(options: dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError, match=words.replace("(", r"\(")):
        sg.ai.bot("level", **options)


def _shipped(game: str = "cathedral") -> dict[str, Any]:
    data: dict[str, Any] = json.loads(levels_path(game).read_text())
    return data


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d.pop("tables"), "here: must be an object with a list of tables"),
        (lambda d: d["tables"][0]["levels"].pop(), "here: tables[0].levels: must list 8 levels"),
        (lambda d: d["tables"][0].update(players=7), "here: tables[0].players: must be a whole"),
        (
            lambda d: d["tables"][0]["levels"][2].update(work=-3),
            "here: tables[0].levels[2].work: must be a whole number from 1",
        ),
        (
            lambda d: d["tables"][0]["levels"][3].update(level=5),
            "here: tables[0].levels[3].level: must be 4, not 5",
        ),
        (
            lambda d: d["tables"][0]["levels"][7].update(temperature=0.5),
            "here: tables[0].levels[7].temperature: level 8 plays 0",
        ),
        (
            lambda d: d["tables"][0]["levels"][1].update(share_below=1.5),
            "here: tables[0].levels[1].share_below: must be a number from 0 to 1",
        ),
        (
            lambda d: d["tables"][0]["levels"][1].update(games=0, share_below=0.6),
            "here: tables[0].levels[1]: a level measured has its games",
        ),
        (
            lambda d: d["tables"][0]["levels"][6].update(work=1),
            "here: tables[0].levels[6].work: less than the level below",
        ),
        (lambda d: d["tables"].append(d["tables"][0]), "here: tables[1].players: 2 players has"),
    ],
)
def test_a_bad_level_table_is_a_value_error_saying_where(change: Any, where: str) -> None:
    data = copy.deepcopy(_shipped())
    read_levels(data, "here")  # the shipped table reads
    change(data)
    with pytest.raises(ValueError) as raised:
        read_levels(data, "here")
    assert str(raised.value).startswith(where)


def test_a_level_s_words_come_from_its_measured_figures() -> None:
    for game in GAMES:
        for lv in levels(game):
            words = level_words(game, lv.number)
            assert words == lv.words and words.startswith(f"Level {lv.number}")
            if lv.share_below is not None:
                assert f"{lv.share_below:.0%} of the points" in words
            elif lv.games == 0:
                assert words.endswith("not measured yet")
    assert level_words("cathedral", 8).startswith("Level 8 (the hint search) - ")
    with pytest.raises(ValueError, match="level must be a whole number from 1 to 8, not 0"):
        level_words("cathedral", 0)
    with pytest.raises(ValueError, match="unknown game"):
        level_words("chess", 1)


def test_a_table_measured_at_three_players_is_the_one_three_players_meet() -> None:
    tables = level_tables("walls_of_light")
    assert sorted(tables) == [2, 3]
    three = tables[3]
    assert levels("walls_of_light", 3) == three != levels("walls_of_light", 2)
    assert levels("walls_of_light") == tables[2]  # the fewest players' by default
    for lv in three:
        assert level_words("walls_of_light", lv.number, 3) == lv.words
    # every level plays at temperature 0 there: the three-player hint search ranks only its
    # best move as far, so its levels differ by their work
    assert {lv.temperature for lv in three} == {0.0}
    state = _decision("walls_of_light", seed=2, plies=0, players=3)
    bot = LevelBot(level=1, seed=1)
    assert bot.settings(state) == (three[0].work, 0.0)
    assert bot.search(state, three[0].work).name == state.game.hint_bot == "walls_mcts"


def test_level_1_is_weaker_than_the_greedy_bot_where_measured() -> None:
    measured = [g for g in GAMES if levels(g)[0].share_below is not None]
    assert "cathedral" in measured
    for game in measured:
        first = levels(game)[0]
        assert first.share_below is not None and first.share_below < 0.5, game
        assert first.rating is not None and first.rating < 0, game


def test_match_me_climbs_after_a_win_and_falls_after_a_loss_within_1_to_8() -> None:
    coach = MatchMe(level=7)
    assert [coach.record(r) for r in (1.0, 1.0, 0.5, 1.0, 0.0, 0.0)] == [8, 8, 8, 8, 7, 6]
    coach = MatchMe(2)
    assert [coach.record(r) for r in (0.0, 0.0, 0.0, 0.0, 1.0)] == [1, 1, 1, 1, 2]
    for _ in range(20):
        coach.record(1)
    assert coach.level == 8 and len(coach.results) == 10 and coach.games == 25
    assert MatchMe.from_dict(coach.to_dict()).to_dict() == coach.to_dict()
    with pytest.raises(ValueError, match="a result is 1 .a win., 0.5 .a draw. or 0"):
        coach.record(0.7)
    with pytest.raises(ValueError, match="level must be a whole number from 1 to 8"):
        MatchMe(level=0)


@pytest.mark.parametrize(
    "data",
    [
        None,
        {"level": 3, "games": 2},
        {"level": 3, "games": 2, "results": [1.0], "extra": 1},
        {"level": "3", "games": 2, "results": [1.0]},
        {"level": 3, "games": -1, "results": []},
        {"level": 3, "games": 1, "results": [1.0, 0.0]},  # more results than games
        {"level": 3, "games": 50, "results": [1.0] * 11},  # more than ten kept
        {"level": 3, "games": 2, "results": [0.3, 1.0]},
        {"level": 3, "games": 2, "results": [True, 1.0]},
        {"level": 3, "games": True, "results": []},
    ],
)
def test_match_me_from_bad_data_is_a_value_error(data: Any) -> None:
    with pytest.raises(ValueError, match="MatchMe"):
        MatchMe.from_dict(data)


def _game(pupil: sg.ai.Bot, computer: sg.ai.Bot, seed: int) -> float:
    """One Cathedral game, the pupil's seat alternating with the seed; the pupil's result."""
    state = sg.load("cathedral").new_game(seed=seed)
    seat = seed % 2
    while not state.is_terminal():
        player = pupil if state.current_player == seat else computer
        state.play(player.choose(state))
    return state.returns()[seat]


@pytest.mark.parametrize("pupil", ["greedy", "level:level=3", "level:level=6"])
def test_match_me_settles_where_a_pupil_of_any_strength_wins_about_half(pupil: str) -> None:
    name, options = parse_bot(pupil)
    coach = MatchMe(level=4)
    for i in range(20):
        me = sg.ai.bot(name, **options, seed=1000 + i)
        result = _game(me, LevelBot(level=coach.level, seed=2000 + i), seed=700_000 + i)
        coach.record(result)
    assert 0.3 <= sum(coach.results) / len(coach.results) <= 0.7, (pupil, coach)
    if name == "level":  # a level for a pupil settles near that level
        assert abs(coach.level - options["level"]) <= 2, (pupil, coach)
