"""The engine contract (``docs/api.md``), checked for every registered game and variant.

A new game that registers itself is tested here with no extra work.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

import stainedglass as sg
from stainedglass.core import _REGISTRY

from conftest import play_random, random_move, same

sg.games()  # import every game folder
VARIANTS = [
    pytest.param(
        name, opts, id=f"{name}-" + ("-".join(f"{k}{v}" for k, v in opts.items()) or "default")
    )
    for name in sg.games()
    for opts in _REGISTRY[name].variants
]
MAX_PLIES = 20_000
GARBAGE = ["", "   ", "fly to the moon", "pass pass pass", "z99", "\x00"]


def _fingerprint(state: sg.State):
    return (state._position(), list(state.history), state.current_player)


def _check_position(state: sg.State, seen: set, rng: random.Random) -> None:
    legal = state.legal_moves()
    player = state.current_player
    assert player == sg.CHANCE or 0 <= player < state.num_players
    assert legal, "a non-terminal state must offer a move"
    assert len(set(legal)) == len(legal), "legal_moves() lists each move once"
    for move in legal:
        assert hash(move) == hash(state.parse_move(str(move)))
        assert state.parse_move(str(move)) == move, f"{move} does not round-trip"
    if state.is_chance():
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
        assert all(p > 0 for _, p in outcomes)
        assert {m for m, _ in outcomes} == set(legal)
    else:
        with pytest.raises(ValueError):
            state.chance_outcomes()
        _check_no_chance(state)
        for p in range(state.num_players):
            view = state.view(p)
            assert view.current_player == player
            if p == player:
                assert set(view.legal_moves()) == set(legal), "a player knows their own moves"

    before = _fingerprint(state)
    # bad text, and moves legal elsewhere but not here: refused, nothing changed
    for text in GARBAGE:
        with pytest.raises(sg.IllegalMove):
            state.play(text)
        assert not state.explain(text).legal
    legal_set = set(legal)
    stale = [m for m in seen if m not in legal_set]
    for move in rng.sample(stale, min(5, len(stale))):
        with pytest.raises(sg.IllegalMove) as err:
            state.play(move)
        assert str(err.value), "the refusal says why"
        assert not state.explain(move).legal
        assert same(_fingerprint(state), before), f"refusing {move} changed the state"
    seen.update(legal)

    # explain a legal move; clone independence; undo; json
    move = rng.choice(legal)
    assert state.explain(move).legal
    twin = state.clone()
    twin.play(move)
    assert same(_fingerprint(state), before), "playing on a clone changed the original"
    pushed = state.clone()
    pushed._push(move)  # the bots' play without the rule check: the same position
    assert same(_fingerprint(pushed), _fingerprint(twin)), f"_push({move}) differs from play"
    state.play(move)
    state.undo()
    assert same(_fingerprint(state), before), "undo did not restore the state"
    copy = sg.state_from_json(state.to_json())
    assert copy.history == state.history
    assert copy.current_player == state.current_player
    assert copy.scores() == state.scores()
    assert set(copy.legal_moves()) == set(legal)
    assert same(copy._position(), state._position())
    if state.is_chance():
        assert copy.clone().sample_chance() == state.clone().sample_chance(), "same future chance"
    assert str(state)


@pytest.mark.parametrize("name,opts", VARIANTS)
@pytest.mark.parametrize("seed", [1, 2])
def test_contract_step_by_step(name, opts, seed):
    """Every check of the contract at every step of random games."""
    game = sg.load(name, **opts)
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    seen: set = set()
    plies = 0
    while not state.is_terminal():
        assert plies < MAX_PLIES, "the game must end"
        _check_position(state, seen, rng)
        state.play(random_move(state, rng))
        plies += 1
        assert len(state.history) == plies
        assert len(state.scores()) == state.num_players
    assert state.legal_moves() == []
    _check_end(state)
    # undo all the way back to the start, then forward again: the same game
    end = _fingerprint(state)
    moves = list(state.history)
    for _ in moves:
        state.undo()
    assert state.history == []
    assert same(_fingerprint(state), _fingerprint(game.new_game(seed=seed)))
    for text in moves:
        state.play(text)
    assert same(_fingerprint(state), end)


def _check_end(state: sg.State) -> None:
    returns = state.returns()
    assert len(returns) == state.num_players
    assert all(0.0 <= r <= 1.0 for r in returns)
    if state.num_players > 1:
        assert abs(sum(returns) - 1) < 1e-9, "a win, or shared draws"
    else:
        assert returns[0] in (0.0, 1.0)
    with pytest.raises(sg.IllegalMove):
        state.play("pass")
    _check_no_chance(state)


def _check_no_chance(state: sg.State) -> None:
    """Away from a chance node ``sample_chance()`` says so in its own name, with what stands
    instead (the player to move, the end, or a game without chance)."""
    with pytest.raises(ValueError, match=r"^sample_chance\(\): ") as err:
        state.sample_chance()
    words = str(err.value)
    assert "chance_outcomes" not in words
    if not state.game.facts.chance:
        assert f"{state.game.title} leaves nothing to chance" in words
    elif state.is_terminal():
        assert "the game is over" in words
    else:
        assert f"{state.game.player_names[state.current_player]} is to move" in words


@pytest.mark.parametrize("name,opts", VARIANTS)
def test_a_view_keeps_the_game_so_far_and_undoes_as_the_game_does(name, opts):
    """``state.view(p)`` keeps the history (a card drawn into a hand ``p`` cannot see is a
    guess: the same kind of move, another card) and ``undo()`` takes its moves back one by one
    as the game's does: the same player to move at each step, and with nothing hidden the very
    same positions; the history played again from where undo stops leads back to the view."""
    game = sg.load(name, **opts)
    state = play_random(game.new_game(seed=3), random.Random(3), plies=60)
    hidden = game.facts.hidden_information
    for p in range(state.num_players):
        view = state.view(p)
        moves = list(view.history)
        first = len(state.history) - len(moves)
        assert moves, "a view can be undone"  # (60 plies: no shuffle of the discards yet)
        assert first == 0 or hidden, "a view of a game without secrets keeps all of it"
        assert [m.split()[0] for m in moves] == [m.split()[0] for m in state.history[first:]]
        assert moves == state.history[first:] or hidden
        real = state.clone()
        for _ in moves:
            view.undo()
            real.undo()
            assert view.current_player == real.current_player
            assert same(view._position(), real._position()) or hidden
        assert view.history == [] and len(real.history) == first
        for text in moves:
            view.play(text)
        assert view.history == moves
        assert same(view._position(), state.view(p)._position())


@pytest.mark.parametrize("name,opts", VARIANTS)
def test_random_games_end(name, opts):
    """Many random games from many seeds reach the end with a result."""
    game = sg.load(name, **opts)
    for seed in range(40):
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        for _ in range(MAX_PLIES):
            if state.is_terminal():
                break
            state.play(random_move(state, rng))
        assert state.is_terminal(), f"seed {seed}: the game did not end"
        _check_end(state)


@pytest.mark.parametrize("name,opts", VARIANTS)
def test_same_seed_same_moves_same_game(name, opts):
    """Randomness lives only in new_game(seed) and chance nodes."""
    game = sg.load(name, **opts)
    a, b = game.new_game(seed=11), game.new_game(seed=11)
    rng = random.Random(0)
    for _ in range(60):
        if a.is_terminal():
            break
        assert same(a._position(), b._position())
        move = random_move(a, rng)
        a.play(move)
        b.play(str(move))
    assert same(a._position(), b._position())


@pytest.mark.parametrize("name", sg.games())
def test_options_are_validated(name):
    """An unknown option is a ValueError naming the valid ones."""
    with pytest.raises(ValueError) as err:
        sg.load(name, no_such_option=1)
    for valid in _REGISTRY[name].options:
        assert valid in str(err.value)
    with pytest.raises(ValueError):
        sg.load(name, players=99)


def test_unknown_game_names_the_games():
    with pytest.raises(ValueError, match="cathedral"):
        sg.load("chess")


@pytest.mark.parametrize(
    "bad",
    [
        "not json",
        "[]",
        '{"game": "cathedral"}',
        '{"game": "cathedral", "options": {}, "seed": 1, "history": ["tavern a1"]}',
    ],
)
def test_bad_state_files_say_where(bad):
    with pytest.raises(ValueError) as err:
        sg.state_from_json(bad)
    assert "state file" in str(err.value)


def test_illegal_move_is_a_value_error():
    assert issubclass(sg.IllegalMove, ValueError)


@pytest.mark.parametrize("name,opts", VARIANTS)
def test_json_is_plain_json(name, opts):
    state = sg.load(name, **opts).new_game(seed=3)
    data = json.loads(state.to_json())
    assert data["game"] == name and data["seed"] == 3


# ---- the game's declared facts hold in play --------------------------------------------------


@pytest.mark.parametrize("name", sg.games())
def test_declared_facts_match_how_the_game_plays(name):
    """``Game.facts`` is declared, never guessed: random games of every variant confirm it."""
    cls = _REGISTRY[name]
    facts = cls.facts
    assert isinstance(facts, sg.Facts) and "facts" in cls.__dict__, "each game declares its own"
    rng = random.Random(0)
    saw_chance = saw_hidden = False
    for opts in cls.variants:
        game = sg.load(name, **opts)
        assert facts.min_players <= game.num_players <= facts.max_players
        assert game.player_names == facts.player_names[: game.num_players]
        for seed in (1, 2):
            state = game.new_game(seed=seed)
            for _ in range(MAX_PLIES):
                if state.is_terminal():
                    break
                saw_chance |= state.is_chance()
                if not state.is_chance() and not saw_hidden:
                    mover = state.current_player
                    for p in range(state.num_players):  # what p may know of the position
                        seen = state.view(p)
                        if p != mover or state.num_players == 1:
                            seen_again = state.view(p)
                            saw_hidden |= not same(seen._position(), state._position()) or not same(
                                seen_again._position(), seen._position()
                            )
                state.play(random_move(state, rng))
            if facts.lower_is_better and state.is_terminal():
                scores = state.returns(), state.scores()
                best = min(scores[1])
                assert all(r > 0 for r, s in zip(*scores) if s == best)
    assert saw_chance == facts.chance, "chance is declared exactly when it happens"
    assert saw_hidden == facts.hidden_information, (
        "hidden information is declared exactly "
        "when a player's view of the position differs from the position"
    )


def test_import_stainedglass_loads_no_jupyter_module():
    """The engine stands alone: numpy, no Jupyter, no widgets, not even for pictures."""
    code = (
        "import sys, stainedglass as sg\n"
        "for name in sg.games():\n"
        "    state = sg.load(name).new_game(seed=1)\n"
        "    state._repr_svg_()\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('IPython', 'ipywidgets',"
        " 'ipykernel', 'anywidget', 'jupyter_core', 'jupyter_client', 'plotly', 'voila',"
        " 'traitlets', 'stainedglass_widgets'))\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
