"""Hints that say why: each game's consequences of a move, named by the top hint; every
suggestion saying more than the move's own ``explain()``; the margin in the game's unit; the
expected line; the review and "Compare my move" in the same words.

Every search here has a counted budget (nodes, playouts, iterations), never the clock.
"""

from __future__ import annotations

import pytest

import stainedglass as sg
from stainedglass.ai.explain import indistinct
from stainedglass.ai.search import Candidate

# Positions from seeded games, each just before a move with the consequence named.
CATHEDRAL = [
    "cathedral e4 e5 d6 e6 f6 e7",
    "castle c1 e1 c2 d2 e2",
    "tower h1 i1 i2 j2 j3",
    "tavern h4",
    "academy i8 h9 i9 j9 h10",
    "manor d8 c9 d9 d10",
    "manor c5 b6 c6 c7",
    "tower c3 b4 c4 a5 b5",
    "infirmary i5 h6 i6 j6 i7",
    "stable g8 h8",
    "tavern b9",
    "abbey a7 b7 b8 c8",
    "castle g3 h3 i3 g4 i4",
    "infirmary f8 e9 f9 g9 f10",
]
WALLS = [
    "roll r3 b1 y5",
    "place blue 1:b1",
    "roll r2 b6 y3",
    "place red 6:b3",
    "roll r4 b6 y1",
    "place yellow 1:a2",
    "roll r2 b2 y3",
    "place red 2:b1",
    "roll r4 b2 y6",
    "place yellow 2:c1",
    "roll r3 b4 y6",
    "place red 4:b3",
    "roll r4 b1 y5",
    "card reroll b",
    "roll b1",
    "place yellow 4:b3",
    "roll r6 b4 y1",
    "card swap 1:a2 6:b3",
    "place red 4:b4",
    "roll r6 b3 y6",
    "card swap 2:b1 6:b3",
    "place blue 3:c1",
    "roll r1 b4 y3",
    "place red 4:b1",
    "roll r6 b1 y2",
    "place blue 6:b3",
    "roll r5 b2 y4",
    "card swap 1:a2 2:b1",
    "place red 4:d3",
    "roll r5 b5 y2",
    "card modify r -1",
]
COLORING = ["take blue 1 3 5 7 9", "take green 10 22 53 61", "take red 47 48 58"]
SAGRADA = [
    "draw K4",
    "draw K1",
    "draw K6",
    "place K6 c4",
    "place K4 b3",
    "draw G4",
    "draw K2",
    "draw R6",
    "place R6 a3",
    "place K2 a2",
    "draw R4",
    "draw R5",
    "draw R3",
    "tool tapwheel pay R4 a2 a4 b3 a2",
    "place R5 b4",
    "draw B4",
    "draw K5",
    "draw Y4",
    "place B4 b3",
]

POSITIONS = {  # game: (options, seed, moves, the hint search's counted budget)
    "cathedral": ({}, 3, CATHEDRAL, {"nodes": 3000}),
    "walls_of_light": ({"players": 2}, 0, WALLS, {"playouts": 150}),
    "coloring": ({"players": 2}, 0, COLORING, {"nodes": 3000}),
    "sagrada": ({}, 0, SAGRADA, {"playouts": 40}),
}
NAMED = {  # what the move found best brings about, in the game's words
    "cathedral": "Dark's academy no longer fits anywhere",
    "walls_of_light": "completes window 4",
    "coloring": "surrounds star 1",
    "sagrada": "can no longer be filled by any card still to come",
}


def position(game: str) -> sg.State:
    options, seed, moves, _ = POSITIONS[game]
    state = sg.load(game, **options).new_game(seed=seed)
    for move in moves:
        state.play(move)
    return state


def hints(game: str, top: int = 3) -> tuple[sg.State, list[sg.ai.Suggestion]]:
    state = position(game)
    budget = POSITIONS[game][3]
    return state, sg.ai.suggest(state, top=top, seed=1, budget=None, **budget)


@pytest.mark.parametrize("game", sorted(POSITIONS))
def test_the_top_hint_names_what_its_move_brings_about(game: str) -> None:
    state, found = hints(game)
    best = found[0]
    facts = [c.words for c in state.consequences(best.move)]
    assert any(NAMED[game] in words for words in facts), facts  # the game computes it
    assert NAMED[game] in best.reason, best.reason  # and the hint says it


@pytest.mark.parametrize("game", sorted(POSITIONS))
def test_each_of_the_top_three_says_more_than_the_move_itself(game: str) -> None:
    state, found = hints(game)
    assert len(found) == 3
    for hint in found:
        said = state.explain(hint.move).words
        assert said in hint.reason and len(hint.reason) > 2 * len(said)
        assert hint.lead and hint.lead in hint.reason and hint.details[0].startswith("Now: ")
        assert hint.versus_next.startswith(("Better than", "About as good as"))
        assert hint.line, f"{hint.move}: no expected line"  # the answer, the next move
        assert all(step.move in " ".join(hint.details) for step in hint.line)
    top = found[0]
    assert top.margin is not None
    assert state.game.margin_words(top.margin) in top.lead  # a figure in the game's unit
    assert state.game.facts.margin_unit.rstrip("s") in top.lead or "level" in top.lead


@pytest.mark.parametrize("game", sorted(POSITIONS))
def test_the_line_answers_then_the_player_moves_again(game: str) -> None:
    state, found = hints(game, top=1)
    line = found[0].line
    mover = state.current_player
    players = [step.player for step in line]
    assert players[-1] == mover  # the player's next move closes it
    if state.num_players > 1:
        assert any(p >= 0 and p != mover for p in players)  # after the other player's answer
    for step in line:  # chance in it is one outcome of many, said as such
        assert step.assumed == (step.player == sg.CHANCE)
    data = found[0].to_dict()
    assert data["line"][0] == {
        "move": line[0].move,
        "player": line[0].player,
        "assumed": line[0].assumed,
        "words": line[0].words,
        "name": line[0].name,
    }
    assert data["margin"] == found[0].margin and data["lead"] == found[0].lead


def test_the_cathedral_line_is_the_searchs_own() -> None:
    state = position("cathedral")
    bot = sg.ai.bot("cathedral", nodes=3000, seed=1)
    best = bot.analyse(state, top=1)[0]
    line = bot.line(state, best.move)
    assert len(line) >= 2
    hint = sg.ai.suggest(state, top=1, seed=1, budget=None, nodes=3000)[0]
    assert len(hint.line) >= 2  # Dark's answer, Light's next move: as the search expects them
    assert [step.move for step in hint.line] == [str(m) for m in line][: len(hint.line)]
    assert hint.margin == pytest.approx(best.margin)  # the search's squares, as it counts them


def test_a_searchs_margins_are_kept_within_what_is_possible() -> None:
    state = position("cathedral")
    for c in sg.ai.bot("cathedral", nodes=3000, seed=1).analyse(state, top=5):
        after = state.clone()
        after.play(c.move)
        mine, theirs = (
            after.scores()[state.current_player],
            after.scores()[1 - state.current_player],
        )
        assert c.margin is not None and -mine <= c.margin <= theirs


def test_sagrada_playouts_give_the_mean_final_margin() -> None:
    state = position("sagrada")
    bot = sg.ai.bot("sagrada", playouts=40, seed=1, settle=1000)
    ranked = bot.analyse(state, top=2)
    assert ranked[0].unit == "playouts" and ranked[0].margin is not None
    assert -60 <= ranked[0].margin <= 60
    line = bot.line(state, ranked[0].move)
    assert line and line[-1].key[0] in ("place", "pass", "tool")  # the player's next move


def test_moves_the_search_cannot_tell_apart_are_said_to_be_equally_good() -> None:
    m, n = sg.Move(("a",), "a"), sg.Move(("b",), "b")
    assert indistinct(Candidate(m, 0.53, 40, "playouts"), Candidate(n, 0.50, 40, "playouts"))
    assert not indistinct(Candidate(m, 0.9, 400, "playouts"), Candidate(n, 0.5, 400, "playouts"))
    near = (
        Candidate(m, 0.0057, 4, "plies deep", -15.5),
        Candidate(n, 0.0050, 4, "plies deep", -15.9),
    )
    assert indistinct(*near)  # 0.4 squares apart: within what the search can tell
    state, found = hints("cathedral")
    for first, second in zip(found, found[1:]):
        equal = indistinct(
            Candidate(first.move, first.value, first.support, first.unit, first.margin),
            Candidate(second.move, second.value, second.support, second.unit, second.margin),
        )
        assert first.equally_good == equal
        assert first.versus_next.startswith("About as good as" if equal else "Better than")
        assert state.move_name(second.move) in first.versus_next


def test_margins_are_said_in_each_games_unit() -> None:
    assert sg.load("cathedral").margin_words(7.4) == "7 squares ahead"
    assert sg.load("walls_of_light").margin_words(-1.2) == "1 point behind"
    assert sg.load("sagrada").margin_words(-4) == "4 points below the target"
    assert sg.load("coloring", players=1).margin_words(2) == "2 points above the target of 40"
    assert sg.load("coloring").margin_words(0.3) == "level"


def test_compare_and_the_review_say_moves_as_the_hints_do() -> None:
    state = position("cathedral")
    played = state.parse_move("bridge d3 d4 d5")
    verdict = sg.ai.compare(state, played, playouts=300, seed=1)
    best = state.parse_move(verdict.best)
    assert state.move_name(best) in verdict.reason  # the best, in words
    assert verdict.refutation is not None and verdict.label != "best"
    after = state.clone()
    after.play(played)
    answer = after.parse_move(verdict.refutation)
    # what the played move gives away: the answer that punishes it, and what that answer does
    said = f"Dark answers {after.move_name(answer)}"
    assert said in verdict.reason  # and the answer that punishes the move, in words
    assert "no longer fits anywhere" in verdict.reason or "claims" in verdict.reason
    # the review judges each move with the same words: a game begun at this position
    game = sg.load("cathedral")
    again = game.setup(game.position(state))
    again.play(played)
    (judged,) = sg.ai.review(again.record(), playouts=300, seed=1).judgements
    assert (
        judged.reason
        == sg.ai.compare(game.setup(game.position(state)), played, playouts=300, seed=2).reason
    )
    assert said in judged.reason


def test_in_a_game_of_chance_compare_names_the_answer_along_the_expected_line() -> None:
    state = position("walls_of_light")  # blue may complete window 4 now, for 12 points
    verdict = sg.ai.compare(state, "place blue 5:b1", playouts=150, seed=2)
    assert verdict.label != "best" and verdict.refutation is None  # the dice come first
    assert "completes window 4" in verdict.reason.split(" leaves ")[1]  # what the best does
    answer = "Red may answer a red wink on window 4, a2, after a roll of"  # what it gives away
    assert answer in verdict.reason
    assert "say: completes window 4" in verdict.reason


def test_a_game_without_words_of_its_own_says_the_score() -> None:
    state = sg.load("cathedral").new_game(seed=1)
    state.play("cathedral e4 d5 e5 f5 e6 e7")
    move = state.parse_move("castle a1 b1 c1 a2 c2")
    facts = sg.State._consequences(state, move)  # the contract's default, for any game
    assert [c.words for c in facts] == ["Dark's unplaced squares 47 -> 42"]
    assert facts[0].worth == 5 and facts[0].kind == "score"
