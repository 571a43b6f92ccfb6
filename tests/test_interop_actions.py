"""The moves numbered (``stainedglass.interop.actions``): what OpenSpiel and PettingZoo see.

Pure Python: no framework needed. Every legal move of random positions of every game is spelt in
the game's words, and the speller plays exactly that move from them.
"""

from __future__ import annotations

import random

import pytest

import stainedglass as sg
from stainedglass.interop.actions import END, ActionSpace, Speller

VARIANTS = [(name, v) for name in sg.games() for v in sg.load(name).variants]
# make test spells each game with two players at most; make test-all with every count too
CASES = [
    pytest.param(
        name, v, id=f"{name}-{v}", marks=pytest.mark.full if v.get("players", 2) > 2 else ()
    )
    for name, v in VARIANTS
]


def _positions(game: sg.Game, seed: int, n: int = 6) -> list[sg.State]:
    """``n`` positions of a random game (chance outcomes drawn by the state)."""
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    out = []
    while not state.is_terminal():
        if state.is_chance():
            state.play(state.sample_chance())
            continue
        if rng.random() < 0.35:
            out.append(state.clone())
        state.play(rng.choice(state.legal_moves()))
    return out[:n]


@pytest.mark.parametrize("name,options", CASES)
def test_every_move_is_spelt_in_the_games_words_and_played_from_them(name, options):
    game = sg.load(name, **options)
    space = ActionSpace(game)
    for state in _positions(game, seed=7):
        moves = state.legal_moves()
        rng = random.Random(len(moves))
        for move in rng.sample(moves, min(len(moves), 25)):
            turn = Speller(space, state.clone())
            for action in space.spell(move):
                assert action in turn.legal_actions(), (str(move), space.words[action])
                turn.apply(action)
            if turn.spelt:  # it could go on: "end" finishes it
                assert space.index[END] in turn.legal_actions()
                turn.apply(space.index[END])
            assert turn.state.history[-1] == str(move)
            assert turn.spelt == ()


@pytest.mark.parametrize("name,options", VARIANTS, ids=[f"{n}-{i}" for n, i in VARIANTS])
def test_the_first_words_are_exactly_those_that_start_a_legal_move(name, options):
    game = sg.load(name, **options)
    space = ActionSpace(game)
    for state in _positions(game, seed=3, n=3):
        firsts = {space.index[game.move_words(m)[0]] for m in state.legal_moves()}
        assert Speller(space, state).legal_actions() == sorted(firsts)


def test_chance_outcomes_are_numbered_and_their_chances_kept():
    game = sg.load("walls_of_light", players=2)
    state = game.new_game(seed=1)
    turn = Speller(ActionSpace(game), state)
    outcomes = turn.chance_outcomes()
    assert len(outcomes) == 216 and abs(sum(p for _, p in outcomes) - 1) < 1e-9
    assert turn.space.chance_words[outcomes[0][0]] == "roll r1 b1 y1"


def test_an_illegal_action_is_refused_and_changes_nothing():
    game = sg.load("cathedral")
    turn = Speller(ActionSpace(game), game.new_game(seed=1))
    tavern = turn.space.index["tavern a1"]  # the Cathedral comes first
    with pytest.raises(ValueError, match="tavern a1.*not legal"):
        turn.apply(tavern)
    with pytest.raises(ValueError, match="not one of this game's 2765 actions"):
        turn.apply(10**6)
    assert turn.state.history == [] and turn.spelt == ()


def test_every_game_bounds_its_length_and_random_games_keep_within_it():
    for name, options in VARIANTS:
        game = sg.load(name, **options)
        for seed in range(3):
            state = game.new_game(seed=seed)
            rng = random.Random(seed)
            while not state.is_terminal():
                state.play(
                    state.sample_chance() if state.is_chance() else rng.choice(state.legal_moves())
                )
            assert len(state.history) <= game.max_plays, (name, options)
