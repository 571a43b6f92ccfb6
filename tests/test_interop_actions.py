"""The moves numbered (``stainedglass.interop.actions``): what OpenSpiel and PettingZoo see.

Pure Python: no framework needed. Every legal move of random positions of every game is spelt in
the game's words, and the speller plays exactly that move from them.
"""

from __future__ import annotations

import random

import numpy as np
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


# ---- the fast numbering (tables, keys, a Coloring turn's pencils) is the words' own ---------


def _all_rows(turn: Speller) -> list[tuple[int, ...]]:
    """Every legal move's actions as the speller numbers them (padded with ``end``)."""
    here = turn._position()
    if here.single:
        return sorted((a,) for a in turn.legal_actions())
    root = here.branch(())
    branches = [here.step(root, 0, w) for w in root[2]] if root[0] is None else [root]
    rows = []
    for rows_of, alive, _, _ in branches:
        every = range(len(rows_of)) if alive is None else alive
        rows += [tuple(int(a) for a in rows_of[i]) for i in every]
    return sorted(rows)


@pytest.mark.parametrize("name,options", VARIANTS, ids=[f"{n}-{i}" for n, i in VARIANTS])
def test_every_position_numbers_exactly_the_moves_as_their_words_spell_them(name, options):
    """Each position's actions (read from a game's tables where it has them, remembered by
    key, a Coloring turn pencil by pencil) are those of spelling every legal move in words."""
    game = sg.load(name, **options)
    space = ActionSpace(game)
    for state in _positions(game, seed=11, n=5):
        width = game.max_words
        expected = sorted(
            tuple(space.index[w] for w in game.move_words(m))
            + (space.end,) * (width - len(game.move_words(m)) if width > 1 else 0)
            for m in state.legal_moves()
        )
        if width == 1:
            expected = sorted(set(expected))
        assert _all_rows(Speller(space, state)) == expected


def test_chance_outcomes_are_those_of_the_state_numbered_and_sorted():
    for name, options in (("walls_of_light", {"players": 3}), ("sagrada", {})):
        game = sg.load(name, **options)
        space = ActionSpace(game)
        state = game.new_game(seed=2)
        rng = random.Random(2)
        seen = 0
        while not state.is_terminal() and seen < 12:
            if state.is_chance():
                seen += 1
                turn = Speller(space, state.clone())
                expected = sorted(
                    (space.chance_index[str(m)], p) for m, p in state.chance_outcomes()
                )
                assert turn.chance_outcomes() == expected
                assert turn.legal_actions() == [a for a, _ in expected]
                state.play(state.sample_chance())
            else:
                state.play(rng.choice(state.legal_moves()))


def test_sagrada_spells_its_moves_from_their_keys_as_their_text_reads():
    """``move_words`` reads a placement or a tool from its key: the words of its text."""
    game = sg.load("sagrada", tools=5)
    for state in _positions(game, seed=4, n=6):
        for move in state.legal_moves():
            words = str(move).split()
            if words[0] == "place":
                assert game.move_words(move) == (f"place {words[1]}", words[2])
            elif words[0] == "tool":
                assert game.move_words(move) == (f"tool {words[1]}", f"pay {words[3]}", *words[4:])
            else:
                assert game.move_words(move) == (str(move),)


def test_observations_are_new_arrays_each_time():
    """The position's numbers are made once, but each caller gets its own array."""
    for name in ("cathedral", "coloring"):
        game = sg.load(name)
        turn = Speller(ActionSpace(game), game.new_game(seed=1))
        first = turn.observation(0)
        first[:] = 7.0
        again = turn.observation(0)
        assert np.array_equal(
            again,
            np.concatenate(
                [game.new_game(seed=1).observation(0), np.zeros(len(again) - game.observation_size)]
            ).astype(np.float32),
        )


def test_a_clone_and_an_undo_never_see_another_positions_actions():
    """A position's actions are kept while it stands: after an undo and another play at the
    same depth (the same number of plays) the speller lists the new position's."""
    game = sg.load("cathedral")
    space = ActionSpace(game)
    state = game.new_game(seed=3)
    turn = Speller(space, state)
    turn.apply(turn.legal_actions()[0])
    after_first = turn.legal_actions()
    state.undo()
    turn.apply(turn.legal_actions()[-1])
    assert turn.legal_actions() == sorted(space.index[str(m)] for m in state.legal_moves())
    assert turn.legal_actions() != after_first


def _word_game(turn: Speller, seed: int, check) -> None:
    """A random game a word at a time (chance by its chances), ``check(turn)`` at each step."""
    rng = random.Random(seed)
    while not turn.state.is_terminal():
        check(turn)
        if turn.state.is_chance():
            actions, probs = zip(*turn.chance_outcomes())
            turn.apply(rng.choices(actions, probs)[0])
        else:
            turn.apply(rng.choice(turn.legal_actions()))
    check(turn)


@pytest.mark.parametrize("name,options", CASES)
def test_the_core_backed_observation_is_the_engines(name, options):
    """Observations taken from the analysis core (kept in step with the engine's state: a
    move's code applied as the move is pushed) equal the engine's, number for number, for
    every seat at every step of random games (and of clones, and after an undo)."""
    game = sg.load(name, **options)
    space = ActionSpace(game, observe_on_core=True)
    assert space.observe_on_core
    players = range(game.num_players)
    compared = 0

    def check(turn: Speller) -> None:
        nonlocal compared
        state = turn.state
        for p in players:
            got = turn.observation(p)
            expected = state.observation(p)
            assert got.dtype == np.float32
            assert np.array_equal(got[: len(expected)], expected), (name, p, state.history[-3:])
            compared += 1
        if len(state.history) % 7 == 3:  # a clone keeps its own core in step
            other = turn.clone()
            if not other.state.is_terminal() and not other.state.is_chance():
                other.apply(other.legal_actions()[0])
                if not other.spelt:
                    assert np.array_equal(
                        other.observation(0)[: game.observation_size],
                        other.state.observation(0),
                    )

    for seed in range(2):
        _word_game(Speller(space, game.new_game(seed=seed)), seed, check)
    assert compared > 20
    # a play made on the state itself (an undo, another move) is seen: encoded afresh
    state = game.new_game(seed=5)
    turn = Speller(space, state)
    turn.observation(0)
    while state.is_chance():
        turn.apply(turn.chance_outcomes()[0][0])
    before = turn.observation(0)
    state._push(state.legal_moves()[-1])
    after = turn.observation(0)[: game.observation_size]
    assert np.array_equal(after, state.observation(0))
    state.undo()
    assert np.array_equal(turn.observation(0), before)


@pytest.mark.parametrize("options", [{}, {"tools": 9}, {"window": "Tempest", "tools": 5}])
def test_sagrada_actions_read_from_the_core_are_the_engines(options):
    """A Sagrada turn's actions read from the core's legal codes: the same actions, masks,
    moves played and observations as read from the engine's legal moves, at every step."""
    game = sg.load("sagrada", **options)
    on_core = ActionSpace(game)
    engine = ActionSpace(game, observe_on_core=False, moves_on_core=False)
    assert on_core.moves_on_core and not engine.moves_on_core
    for seed in range(4):
        a = Speller(on_core, game.new_game(seed=seed))
        b = Speller(engine, game.new_game(seed=seed))
        rng = random.Random(seed)
        while not a.state.is_terminal():
            if a.state.is_chance():
                assert a.chance_outcomes() == b.chance_outcomes()
                action = rng.choice(a.chance_outcomes())[0]
            else:
                assert a.legal_actions() == b.legal_actions()
                assert np.array_equal(a.legal_mask(), b.legal_mask())
                assert np.array_equal(a.observation(0), b.observation(0))
                action = rng.choice(a.legal_actions())
            a.apply(action)
            b.apply(action)
            assert a.state.history == b.state.history and a.spelt == b.spelt
        assert a.state.returns() == b.state.returns()


@pytest.mark.parametrize("name,options", CASES)
def test_a_game_played_on_the_core_alone_is_the_engines(name, options):
    """``CoreSpeller`` plays on the analysis core alone (the engine's state made only when
    asked): beside a speller on the engine, the same player to move, legal actions, masks,
    chance outcomes with their chances, who alone sees a draw, observations for every seat,
    words spelt, returns, and the same engine history when asked, in random games a word at
    a time; a clone goes its own way and leaves the original as it was."""
    from stainedglass.interop.actions import CoreSpeller

    game = sg.load(name, **options)
    on_core, on_engine = ActionSpace(game), ActionSpace(game, play_on_core=False)
    assert on_core.play_on_core and not on_engine.play_on_core
    steps = 0
    for seed in range(3):
        a = on_core.speller(game.new_game(seed=seed))
        b = on_engine.speller(game.new_game(seed=seed))
        assert isinstance(a, CoreSpeller) and type(b) is Speller
        rng = random.Random(seed)
        while a.current_player() != sg.TERMINAL:
            assert a.current_player() == b.current_player()
            if a.current_player() == sg.CHANCE:
                assert a.chance_outcomes() == b.chance_outcomes()
                assert a.chance_seen_by() == b.chance_seen_by()
                action = rng.choice(a.chance_outcomes())[0]
            else:
                assert a.legal_actions() == b.legal_actions()
                assert np.array_equal(a.legal_mask(), b.legal_mask())
                for p in range(game.num_players):
                    assert np.array_equal(a.observation(p), b.observation(p))
                action = rng.choice(a.legal_actions())
            if steps % 37 == 5:  # a clone plays on alone; the engine's state caught up on it
                other = a.clone()
                other.apply(action)
                assert other.state.history[: len(b.state.history)] == b.state.history
            a.apply(action)
            b.apply(action)
            assert a.spelt == b.spelt
            steps += 1
            if steps % 29 == 0:
                assert a.state.history == b.state.history
        assert b.current_player() == sg.TERMINAL
        assert a.returns() == b.returns()
        assert a.state.history == b.state.history and str(a.state) == str(b.state)
    assert steps > 20


def test_a_play_on_the_state_the_core_speller_handed_out_is_seen():
    """The engine's state a ``CoreSpeller`` hands out is the position: a move played on it,
    or undone, is seen (the core's state encoded afresh from it)."""
    game = sg.load("cathedral")
    turn = ActionSpace(game).speller(game.new_game(seed=1))
    turn.apply(turn.legal_actions()[0])
    state = turn.state
    before = turn.legal_actions()
    state.play(state.legal_moves()[0])
    assert turn.current_player() == state.current_player
    assert turn.legal_actions() == sorted(turn.space.index[str(m)] for m in state.legal_moves())
    state.undo()
    assert turn.legal_actions() == before
    assert np.array_equal(turn.observation(0), state.observation(0))
