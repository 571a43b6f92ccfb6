"""The strength ladders (``stainedglass/ai/ladder.py``) and the hint search chosen from them."""

from __future__ import annotations

import dataclasses
import json
import math
import pathlib
from typing import Any

import pytest

import stainedglass as sg
from stainedglass.__main__ import main
from stainedglass.ai import matches
from stainedglass.ai.ladder import (
    HINT_S,
    Ladder,
    _pairings,
    entries_for,
    ladder,
    ladder_game,
    rated,
    ratings,
    shipped,
)
from stainedglass.ai.ladder_report import markdown
from stainedglass.sagrada import deals

MATCHES = pathlib.Path(__file__).parent.parent / "benchmarks" / "data" / "matches.jsonl"


def test_bradley_terry_ratings_match_the_win_rates_they_came_from() -> None:
    # a scored 30 of 40 against b: the model's chance of a beating b comes back near 75%
    games = [(0, 1, 1.0)] * 30 + [(0, 1, 0.0)] * 10
    r = ratings(games, 2)
    expected = 1 / (1 + 10 ** ((r[1] - r[0]) / 400))
    assert r[0] == 0.0 and r[1] < 0
    assert 0.70 < expected < 0.75  # shrunk a little towards even by the virtual draws
    # a chain: a beats b as often as b beats c, so c sits twice as far below a as b does
    chain = [(0, 1, 1.0)] * 15 + [(0, 1, 0.0)] * 5 + [(1, 2, 1.0)] * 15 + [(1, 2, 0.0)] * 5
    a, b, c = ratings(chain, 3)
    assert math.isclose(c - a, 2 * (b - a), rel_tol=0.15)
    assert ratings([(0, 1, 0.5)] * 8, 2) == pytest.approx([0.0, 0.0], abs=1e-6)


def test_a_clean_sweep_gives_a_finite_rating() -> None:
    r = ratings([(0, 1, 1.0)] * 50, 2)
    assert math.isfinite(r[1]) and r[1] < -300


def test_the_entries_and_pairings_of_each_game() -> None:
    assert entries_for("cathedral", (0.1, 1.0)) == [
        "greedy",
        "mcts:budget=0.1",
        "mcts:budget=1",
        "alphabeta:budget=0.1",
        "alphabeta:budget=1",
        "cathedral:budget=0.1",
        "cathedral:budget=1",
    ]
    # alpha-beta only where it is exact: not with dice (Walls of Light) or card draws (Sagrada)
    assert entries_for("walls_of_light", (0.1,)) == [
        "greedy",
        "mcts:budget=0.1",
        "walls_mcts:budget=0.1",  # the game's own: mcts over whole turns, and its searches
        "walls_of_light:budget=0.1",
        "walls_horizon:budget=0.1",
    ]
    assert entries_for("sagrada", (0.1,)) == ["greedy", "mcts:budget=0.1", "sagrada:budget=0.1"]
    assert "alphabeta:budget=0.1" in entries_for("coloring", (0.1,))
    pairs = _pairings(entries_for("cathedral", (0.1, 1.0)))
    assert ("mcts:budget=0.1", "mcts:budget=1") in pairs  # up its own ladder
    assert ("mcts:budget=1", "cathedral:budget=1") in pairs  # against the others at equal time
    assert ("greedy", "cathedral:budget=0.1") in pairs
    assert len(pairs) == len(set(pairs)) == 3 + 3 + 6


def test_a_ladder_of_some_searches_only_keeps_greedy_as_its_anchor(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert entries_for("walls_of_light", (0.1, 1.0), ["walls_of_light", "walls_mcts"]) == [
        "greedy",
        "walls_mcts:budget=0.1",
        "walls_mcts:budget=1",
        "walls_of_light:budget=0.1",
        "walls_of_light:budget=1",
    ]
    with pytest.raises(
        ValueError, match="has mcts, walls_mcts, walls_of_light, walls_horizon, not 'alphabeta'"
    ):
        entries_for("walls_of_light", (0.1,), ["walls_of_light", "alphabeta"])
    with pytest.raises(ValueError, match="not none"):
        entries_for("walls_of_light", (0.1,), [])
    # the command says so before it plays a game
    assert main(["ladder", "coloring", "--searches", "coloring,sagrada", "--quiet"]) == 2
    assert "coloring's ladder has mcts, alphabeta, coloring, coloring_deepening, not 'sagrada'" in (
        capsys.readouterr().err
    )


def test_a_small_ladder_is_made_from_real_games_and_round_trips() -> None:
    lad = ladder(
        "cathedral",
        budgets=(0.02,),
        games=2,
        jobs=1,
        entries=["greedy", "mcts:budget=0.02", "random"],
    )
    assert lad.unit == "Elo" and {r.bot for r in lad.rungs} == {
        "greedy",
        "mcts:budget=0.02",
        "random",
    }
    assert [r.rating for r in lad.rungs] == sorted((r.rating for r in lad.rungs), reverse=True)
    assert next(r for r in lad.rungs if r.bot == "greedy").rating == 0.0  # the anchor
    for r in lad.rungs:
        assert r.low <= r.rating <= r.high and r.games > 0
    again = Ladder.from_dict(json.loads(json.dumps(lad.to_dict())))
    assert again == lad and "ladder: cathedral" in str(lad)


def test_a_ladder_from_random_openings_records_them_and_refuses_them_for_chance_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # near-deterministic searches repeat one game from the usual start; random openings,
    # each played from both seats, make every pair of games a different game
    lad = ladder(
        "cathedral", budgets=(0.02,), games=4, jobs=1, opening_plies=2, entries=["greedy", "random"]
    )
    assert lad.opening_plies == 2 and sum(r.games for r in lad.rungs) == 8
    assert Ladder.from_dict(json.loads(json.dumps(lad.to_dict()))) == lad
    with pytest.raises(ValueError, match="walls_of_light has chance moves"):
        ladder("walls_of_light", budgets=(0.02,), games=2, opening_plies=2)
    assert main(["ladder", "sagrada", "--budgets", "0.02", "--opening-plies", "2"]) == 2
    assert "sagrada has chance moves" in capsys.readouterr().err


def test_a_ladder_settles_the_two_best_within_a_hints_second_when_it_cannot_tell_them_apart() -> (
    None
):
    # searches bounded by iterations and depth, not seconds, play the same games on any
    # machine; from seed 0 two games a pairing leave the two best within a second overlapping
    # (mcts's 1-1 against greedy, alpha-beta's 2-0 against mcts), so they play four more
    entries = ["greedy", "mcts:iterations=40", "alphabeta:depth=1"]
    lad = ladder(
        "cathedral", budgets=(0.02,), games=2, jobs=1, opening_plies=2, entries=entries, settle=4
    )
    settled = [p for p in lad.pairings if p.get("settle")]
    assert len(settled) == 1 and settled[0]["games"] == 4
    (p,) = settled
    assert {p["a"], p["b"]} <= set(entries) and p["a"] != p["b"]
    assert 0 <= p["a_points"] <= 4
    games = {r.bot: r.games for r in lad.rungs}
    assert sum(games.values()) == 2 * (2 * 3 + 4)  # three pairings of two, then four more
    assert games[p["a"]] >= 4 + 2 and games[p["b"]] >= 4 + 2
    assert Ladder.from_dict(json.loads(json.dumps(lad.to_dict()))) == lad
    with pytest.raises(ValueError, match="settle must be a whole number"):
        ladder("cathedral", budgets=(0.02,), games=2, settle=-1)
    assert main(["ladder", "cathedral", "--settle", "-1"]) == 2


def test_a_clean_sweep_of_two_games_leaves_the_interval_open() -> None:
    # 2-0 says little: the loser's interval reaches even (0), and a 10-0 sweep's reaches less
    # far; a 3-1 record spans both sides of the fitted rating
    ((_, _, _), (two, low2, high2)) = rated([[(0, 1, 1.0)] * 2], 2)
    ((_, _, _), (ten, low10, high10)) = rated([[(0, 1, 1.0)] * 10], 2)
    assert low2 == two < high2 == pytest.approx(0.0, abs=1e-6)
    assert low10 == ten < high10 < high2
    ((_, _, _), (mid, low, high)) = rated([[(0, 1, 1.0)] * 3 + [(0, 1, 0.0)]], 2)
    assert low < mid < high
    # a pair met from either seat (the AI lab's rotated seats) is still one pair, one draw
    assert rated([[(0, 1, 1.0), (1, 0, 0.0)] * 5], 2) == rated([[(0, 1, 1.0)] * 10], 2)


def test_sagradas_ladder_is_the_share_won_per_difficulty() -> None:
    lad = ladder("sagrada", budgets=(0.02,), games=2, jobs=1, entries=["greedy"])
    (rung,) = lad.rungs
    assert lad.unit == "share won" and set(rung.by_difficulty) == {"3", "4", "5", "6"}
    assert rung.games == 8 and 0.0 <= rung.rating <= 1.0
    assert rung.rating == pytest.approx(sum(rung.by_difficulty.values()) / 4)


@pytest.mark.parametrize("game", sg.games())
def test_each_games_hint_search_is_its_ladders_strongest_within_a_second_or_held_it_in_a_match(
    game: str,
) -> None:
    """The hint search tops its ladder within a second, or a kept match of 100 games against
    the rung on top did not show that rung the stronger (twenty games a pairing leave the top
    rungs' intervals overlapping; the hint search is then chosen by what else it does: for
    Walls of Light at two players, it gains with time where ``walls_mcts`` does not)."""
    facts = sg.load(game).facts
    assert facts.hint_bot in sg.ai.bot_names(game)
    assert all(bot in sg.ai.bot_names(game) for _, bot in facts.hint_bot_by_players)
    lad = shipped(game)
    strongest, hint = lad.strongest(HINT_S), ladder_game(game).hint_bot  # at the ladder's table
    if strongest != hint:  # twenty games a pairing left them close: a longer match decides
        assert held_in_a_match(game, hint, strongest), str(lad)


def beat_in_a_match(game: str, bot: str, other: str) -> bool:
    """Whether ``bot`` took the larger share of a kept two-player match of 100 games or more
    against ``other`` at the same budget (seeds from 400000), its lead's interval clear of
    zero."""
    return any(low > 0 for low, _high in _leads(game, bot, other))


def held_in_a_match(game: str, bot: str, other: str) -> bool:
    """Whether a kept two-player match of 100 games or more at the same budget (seeds from
    400000) did not show ``other`` the stronger: ``bot``'s lead's interval is not below zero
    (it beat ``other``, or the games could not tell them apart)."""
    return any(high > 0 for _low, high in _leads(game, bot, other))


def _leads(game: str, bot: str, other: str) -> list[tuple[float, float]]:
    """The 95% interval of ``bot``'s lead in each kept match of 100 games or more against
    ``other`` at 0.3 or 1 s a move, seeds from 400000."""
    rows = matches.done(MATCHES)
    out = []
    for budget in ("0.3", "1"):
        name = matches.key(game, 2, f"{bot}:budget={budget}", f"{other}:budget={budget}", 400_000)
        games = [r for (m, _), r in rows.items() if m == name]
        if len(games) >= 100:
            _lead, low, high, _share = matches.lead(games)
            out.append((low, high))
    return out


def test_coloring_names_for_each_table_size_the_search_its_matches_show_stronger() -> None:
    """The ladder (two players) picks ``alphabeta``; the matches at 2, 3 and 4 players against
    the next rung, ``mcts`` at 1 s (``benchmarks/data/matches.jsonl``), keep it where the lead's
    interval spans zero and give the hints to ``mcts`` where ``mcts`` is clearly ahead; the
    game's own search takes a table size where it beat that one in a kept match (0.3 s a move,
    seeds from 400000, 60 games or more), its lead's interval clear of zero."""
    rows = matches.done(MATCHES)

    def kept(a: str, b: str, players: int, first: int = 0) -> list[Any]:
        name = matches.key("coloring", players, a, b, first)
        return [r for (m, _), r in rows.items() if m == name]

    for players in (2, 3, 4):
        games = kept("alphabeta:budget=1", "mcts:budget=1", players)
        assert len(games) >= 50, (players, len(games))
        lead, low, high, _share = matches.lead(games)
        expected = "mcts" if high < 0 else "alphabeta"
        own = kept("coloring:budget=0.3", f"{expected}:budget=0.3", players, 400_000)
        if len(own) >= 60 and matches.lead(own)[1] > 0:
            expected = "coloring"
        assert sg.load("coloring", players=players).hint_bot == expected, (players, lead, low, high)
    assert sg.load("coloring", players=2).hint_bot == "coloring"
    assert sg.load("coloring", players=1).hint_bot == "alphabeta"  # the solo game: unmeasured
    state = sg.load("coloring", players=4).new_game(seed=1)
    (hint,) = sg.ai.suggest(state, top=1, budget=None, nodes=8000, seed=1)
    assert hint.unit == "playouts" and hint.move in state.legal_moves()


def test_two_player_walls_of_light_takes_its_hints_from_the_search_that_beat_the_ladders() -> None:
    """The game's own search as it was (``walls_horizon``) took the larger share of 100
    two-player games against ``walls_mcts`` (seeds from 100000,
    ``benchmarks/data/matches.jsonl``), its lead's interval clear of zero; the search with
    playouts to the end beat it in 100 games more, so it gives the hints at two players. At
    three the hints stay with ``walls_mcts``."""
    rows = matches.done(MATCHES)
    name = matches.key(
        "walls_of_light", 2, "walls_horizon:budget=0.5", "walls_mcts:budget=0.5", 100_000
    )
    games = [r for (m, _), r in rows.items() if m == name]
    assert len(games) >= 100
    lead, low, _high, share = matches.lead(games)
    assert low > 0 and share > 0.6, (lead, low, share)
    assert beat_in_a_match("walls_of_light", "walls_of_light", "walls_horizon")
    assert sg.load("walls_of_light", players=2).hint_bot == "walls_of_light"
    assert sg.load("walls_of_light", players=3).hint_bot == "walls_mcts"
    report = markdown(shipped("walls_of_light"), None)
    assert report.endswith("(the game's hint search at 2 players: `walls_of_light`).\n")
    state = sg.load("walls_of_light", players=2).new_game(seed=1)
    state.play(state.sample_chance())
    found = sg.ai.suggest(state, top=1, playouts=20, seed=1)  # walls_mcts has no playouts=
    assert found[0].support > 0 and found[0].move in state.legal_moves()


@pytest.mark.parametrize("game", sorted(sg.games()))
def test_every_hint_search_has_a_line_on_its_ladder_that_rises_with_time(game: str) -> None:
    """Every search that gives a hint at some table size has a rung at 0.1, 0.3 and 1 s on its
    game's ladder; the one that gives the hints at the ladder's table rates higher at 1 s than
    at 0.1 s, and no hint search's line falls beyond the doubt from one budget to a longer."""
    facts = sg.load(game).facts
    hints = {facts.hint_bot, ladder_game(game).hint_bot} | {b for _, b in facts.hint_bot_by_players}
    lad = shipped(game)
    lines = lad.lines()
    for bot in sorted(hints):
        assert bot in lines, (game, bot, sorted(lines))
        assert [r.budget for r in lines[bot]] == [0.1, 0.3, 1.0], (game, bot)
        assert not lad.falls().get(bot, False), (game, bot, lines[bot])
    line = lines[ladder_game(game).hint_bot]
    assert line[-1].rating > line[0].rating, (game, line)


def test_a_table_size_outside_the_games_players_is_refused() -> None:
    facts = sg.load("coloring").facts
    with pytest.raises(ValueError, match="hint_bot_by_players names 5 players"):
        dataclasses.replace(facts, hint_bot_by_players=((5, "mcts"),))


def test_the_shipped_ladders_cover_every_game_and_the_budgets_measured() -> None:
    for game in sg.games():
        lad = shipped(game)
        budgets = {r.budget for r in lad.rungs}
        assert {0.1, 0.3, 1.0} <= budgets, (game, budgets)
        assert "greedy" in {r.bot for r in lad.rungs}


def test_the_ladder_command_refuses_bad_input_with_a_message(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    assert main(["ladder", "cathedral", "--budgets", "fast"]) == 2
    assert "--budgets are seconds" in capsys.readouterr().err
    assert main(["ladder", "cathedral", "--budgets", "-1"]) == 2
    assert "budgets must be seconds above 0" in capsys.readouterr().err
    assert main(["ladder", "cathedral", "-n", "1"]) == 2
    assert "games must be a whole number 2" in capsys.readouterr().err
    with pytest.raises(ValueError, match="no shipped ladder for 'chess'"):
        shipped("chess")


def test_the_ladder_command_writes_the_ladder(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    out = tmp_path / "walls.json"
    assert (
        main(
            [
                "ladder",
                "walls_of_light",
                "--budgets",
                "0.02",
                "-n",
                "2",
                "--jobs",
                "1",
                "--quiet",
                "--out",
                str(out),
            ]
        )
        == 0
    )
    assert "ladder: walls_of_light" in capsys.readouterr().out
    lad = Ladder.from_dict(json.loads(out.read_text()))
    assert {r.bot for r in lad.rungs} == {
        "greedy",
        "mcts:budget=0.02",
        "walls_mcts:budget=0.02",
        "walls_of_light:budget=0.02",
        "walls_horizon:budget=0.02",
    }


def test_sagradas_ladder_is_made_from_the_same_deals_for_every_bot() -> None:
    rows: deals.Rows = {}
    for level in deals.LEVELS:
        for i in range(4):  # the first bot wins every deal, the second only the even ones
            for bot, won in (("sagrada:budget=1", True), ("mcts:budget=1", i % 2 == 0)):
                rows[(bot, level, i)] = {
                    "bot": bot,
                    "difficulty": level,
                    "deal": i,
                    "won": won,
                    "seconds": 2.0,
                    "moves": 20,
                }
    rows[("greedy", 3, 0)] = {
        "bot": "greedy",
        "difficulty": 3,
        "deal": 0,
        "won": False,
        "seconds": 0.0,
        "moves": 20,
    }
    lad = deals.ladder(rows, 4)
    assert [r.bot for r in lad.rungs] == ["sagrada:budget=1", "mcts:budget=1"]  # greedy: 1 deal
    assert lad.rungs[1].rating == 0.5 and lad.rungs[1].by_difficulty == {
        str(level): 0.5 for level in deals.LEVELS
    }
    assert lad.strongest(1.0) == "sagrada"
    mean, low, high, paired = deals.paired_lead(rows, 4, "sagrada:budget=1", "mcts:budget=1")
    assert mean == 0.5 and 0 < low < mean < high and paired == 16
    for level in deals.LEVELS:  # a bot that played only the first deal of each difficulty
        rows[("mcts:budget=0.1", level, 0)] = {
            "bot": "mcts:budget=0.1",
            "difficulty": level,
            "deal": 0,
            "won": True,
            "seconds": 1.0,
            "moves": 20,
        }
    assert {r.bot: r.games for r in deals.ladder(rows, 4).rungs}["mcts:budget=0.1"] == 4
    said = deals.words(deals.ladder(rows, 4), rows, 4)  # now the best other: on its 4 deals
    assert (
        said.startswith(
            "On the same 4 deals, sagrada:budget=1 (the hint search) won 0.0% "
            "of them more than mcts:budget=0.1"
        )
        and "cannot be told apart" in said
    )
    said = deals.words(lad, rows, 4)  # the hint search at a hint's second against the best other
    assert said.startswith(
        "On the same 16 deals, sagrada:budget=1 (the hint search) won 50.0% "
        "of them more than mcts:budget=1"
    ) and said.endswith("clear of zero).")
    assert "| mcts:budget=1 | 16 | 50.0% |" in deals.table(rows, 4)
    assert [d for d in deals.deals(2) if d[0] == 3] == [
        (3, 0, "Morning Lantern"),
        (3, 1, "Quiet Cloister"),
    ]


def test_a_match_shares_the_seats_evenly_and_gives_the_first_bots_lead() -> None:
    for players, ways in ((2, 2), (3, 6), (4, 14)):
        seats = matches.seatings(players)
        assert len(seats) == len(set(seats)) == ways
        assert all(0 in s and 1 in s for s in seats)
        assert sum(s.count(0) for s in seats) == sum(s.count(1) for s in seats)
    rows = [
        {"seating": [0, 1, 1], "returns": [1.0, 0.0, 0.0]},
        {"seating": [1, 0, 0], "returns": [0.0, 0.5, 0.5]},
    ]
    mean, low, high, share = matches.lead(rows)
    assert (mean, share) == (0.75, 0.75) and low < mean < high


def test_a_match_of_one_bot_against_two_copies_on_seeds_no_test_uses(tmp_path) -> None:
    """``--lone``: the first bot sits alone, in each seat in turn, against copies of the
    second; ``--seeds-from``: game i is seeded N + i, kept under its own name, and resumed."""
    path = tmp_path / "matches.jsonl"
    rows = matches.play_match(
        path, "coloring", 3, "greedy", "random", 3, jobs=1, first=100_000, lone=True
    )
    name = "coloring, 3 players: greedy against 2 random, seeds from 100000"
    games = [rows[(name, i)] for i in range(3)]
    assert [g["seating"] for g in games] == [[0, 1, 1], [1, 0, 1], [1, 1, 0]]
    assert [g["seed"] for g in games] == [100_000, 100_001, 100_002]
    again = matches.play_match(
        path, "coloring", 3, "greedy", "random", 4, jobs=1, first=100_000, lone=True
    )
    assert len(path.read_text().splitlines()) == 4 and again[(name, 0)] == games[0]
    assert name in matches.table(again)
    with pytest.raises(ValueError, match="first seed"):
        matches.play_match(path, "coloring", 3, "greedy", "random", 1, first=-1)


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("cathedral:position=fast", "position= must be core or python"),
        ("cathedral:speed=2", "unknown option 'speed'"),
        ("sagrada:budget=1", "the sagrada:budget=1 bot plays sagrada, not cathedral"),
    ],
)
def test_a_match_refuses_a_bot_it_cannot_make_before_a_game_is_kept(
    tmp_path: pathlib.Path, spec: str, words: str
) -> None:
    """A bad bot is refused in words before any game is played, never kept as games it
    forfeited; a game that ends in a forfeit stops the match, unkept."""
    path = tmp_path / "matches.jsonl"
    with pytest.raises(ValueError, match=words):
        matches.play_match(path, "cathedral", 2, spec, "greedy", 2, jobs=1)
    assert not path.exists()


def test_a_game_a_bot_forfeits_is_not_kept(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(self: Any, state: Any) -> Any:
        raise RuntimeError("no move today")

    monkeypatch.setattr(type(sg.ai.bot("random")), "choose", refuse)
    with pytest.raises(RuntimeError, match="random forfeited game 0"):
        matches.play("coloring", 2, "random", "greedy", 0)
