"""The four games as PettingZoo environments (``stainedglass.interop.pettingzoo``), checked with
PettingZoo's own ``api_test`` (without a single warning: PettingZoo's conventions kept) and
``seed_test`` for every game and player count, then played to the end with masked random
actions."""

from __future__ import annotations

import gc
import os
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")  # the rl extra

import stainedglass as sg
from pettingzoo.test import api_test, seed_test
from stainedglass.interop.pettingzoo import env

PLAYERS = [
    (name, n)
    for name in sg.games()
    for n in range(sg.load(name).facts.min_players, sg.load(name).facts.max_players + 1)
]

WIDGETS = ("ipywidgets", "anywidget", "traitlets", "comm")


def _options(name: str, players: int) -> dict[str, int]:
    return {"players": players} if "players" in type(sg.load(name)).options else {}


@pytest.mark.parametrize("name,players", PLAYERS, ids=[f"{n}-{p}" for n, p in PLAYERS])
def test_pettingzoo_api_test(name, players):
    gc.collect()  # an earlier test's garbage (a file left open) warns now, not inside the check
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        api_test(env(name, **_options(name, players)), num_cycles=60)
    # the record is the whole process's: a widget that an earlier test's thread builds now (old
    # ipywidgets warn on every one) is not the environment's
    said = [w for w in said if not any(f"{os.sep}{p}{os.sep}" in w.filename for p in WIDGETS)]
    assert [str(w.message) for w in said] == []  # agents player_0..., NumPy observations...


@pytest.mark.parametrize("name,players", PLAYERS, ids=[f"{n}-{p}" for n, p in PLAYERS])
def test_pettingzoo_seed_test(name, players):
    seed_test(lambda: env(name, **_options(name, players)), num_cycles=60)


def _play_out(e, seed: int) -> dict[str, float]:
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rewards = dict.fromkeys(e.agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        rewards[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        assert isinstance(obs, np.ndarray) and obs.dtype == np.float32
        assert obs.min() >= 0.0 and obs.max() <= 1.0
        assert e.observation_space(agent).contains(obs)
        e.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    return rewards


@pytest.mark.parametrize(
    "name,players", [("cathedral", 2), ("walls_of_light", 3), ("coloring", 2), ("sagrada", 1)]
)
def test_a_game_plays_to_the_end_and_rewards_its_returns(name, players):
    e = env(name, **_options(name, players))
    rewards = _play_out(e, seed=5)
    values = sorted(rewards.values())
    if players == 1:
        assert values in ([0.0], [1.0])
    else:  # a win 1, a loss 0, a draw shared
        assert abs(sum(values) - 1.0) < 1e-9
    assert _play_out(env(name, **_options(name, players)), seed=5) == rewards  # seeded


def test_the_observation_shows_the_board_from_the_seat_that_looks():
    e = env("cathedral")
    e.reset(seed=1)
    cathedral = e.unwrapped.space.index["cathedral e4 d5 e5 f5 e6 e7"]
    e.step(cathedral)
    assert e.unwrapped.seat_names == {"player_0": "Light", "player_1": "Dark"}
    light, dark = e.observe("player_0"), e.observe("player_1")
    # plane 2 is the Cathedral for both; the turn (the last number) is Dark's
    assert light[200:300].sum() == 6 and dark[200:300].sum() == 6
    assert light[-1] == 0.0 and dark[-1] == 1.0
    masks = e.unwrapped.infos
    assert masks["player_0"]["action_mask"].sum() == 0 < masks["player_1"]["action_mask"].sum()


def test_a_coloring_turn_is_spelt_and_the_observation_shows_the_words_so_far():
    e = env("coloring", players=2)
    e.reset(seed=2)
    space = e.unwrapped.space
    first = e.agent_selection
    e.step(space.index["take red"])
    obs = e.observe(e.agent_selection)
    assert obs[-space.size + space.index["take red"]] == 1.0
    assert e.agent_selection == first  # still spelling their move


def test_an_illegal_action_is_refused_and_changes_nothing():
    e = env("cathedral")
    e.reset(seed=1)
    before = e.unwrapped.sg_state.history[:]
    with pytest.raises(ValueError, match="not legal"):
        e.step(e.unwrapped.space.index["tavern a1"])  # the Cathedral comes first
    with pytest.raises(ValueError, match="whole number"):
        e.unwrapped.step("tavern a1")
    assert e.unwrapped.sg_state.history == before


@pytest.mark.parametrize("action", [-1, 10**6])
def test_an_action_out_of_range_is_a_value_error_in_words(action):
    """Not PettingZoo's bare AssertionError: the range, and where the words are."""
    e = env("cathedral")
    e.reset(seed=1)
    size = e.unwrapped.space.size
    with pytest.raises(ValueError, match=f"a whole number from 0 to {size - 1}"):
        e.step(action)
    assert e.unwrapped.sg_state.history == []


def test_bad_options_are_value_errors():
    with pytest.raises(ValueError, match="players"):
        env("cathedral", players=3)
    with pytest.raises(ValueError, match="render_mode"):
        env("sagrada", render_mode="human")
    with pytest.raises(ValueError, match="unknown game"):
        env("chess")


def test_a_walls_of_light_observation_hides_the_others_cards():
    """Rule: each player's cards are hidden from the others (their number is not)."""

    def state(hands):
        return sg.load("walls_of_light", players=2, first_player=0, hands=hands).new_game(seed=4)

    a, b = state([["extra"], ["swap", "swap"]]), state([["extra"], ["modify", "reroll"]])
    assert np.array_equal(a.observation(0), b.observation(0))
    assert not np.array_equal(a.observation(1), b.observation(1))


def test_a_chance_outcome_is_drawn_as_taking_the_chances_off_one_by_one():
    """The environment's draw (found by bisection) picks the outcome the plain loop picks."""
    import random

    from stainedglass.interop.pettingzoo import _drawn

    rng = random.Random(1)
    for name, options in (("walls_of_light", {"players": 2}), ("sagrada", {})):
        state = sg.load(name, **options).new_game(seed=1)
        outcomes = state.chance_outcomes()
        for u in [rng.random() for _ in range(2000)] + [0.0, 1.0 - 1e-16]:
            left, picked = u, outcomes[-1][0]
            for move, p in outcomes:
                left -= p
                if left < 0:
                    picked = move
                    break
            assert _drawn(outcomes, u) is picked


def test_the_order_checks_are_pettingzoos_own():
    """The wrapper reads the loop's attributes straight through, refusing them before reset
    as PettingZoo's wrapper does."""
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    from stainedglass.interop.pettingzoo import raw_env

    names = ["agents", "agent_selection", "rewards", "terminations", "truncations", "infos"]
    for e in (env("cathedral"), OrderEnforcingWrapper(raw_env("cathedral"))):
        assert isinstance(e, OrderEnforcingWrapper)
        for name in names:
            with pytest.raises(AttributeError, match="before reset"):
                getattr(e, name)
        e.reset(seed=1)
        assert e.agent_selection == "player_0" and e.agents == ["player_0", "player_1"]
        assert e._cumulative_rewards == {"player_0": 0.0, "player_1": 0.0}


@pytest.mark.parametrize("name,players", [("sagrada", 1), ("walls_of_light", 2), ("coloring", 2)])
def test_every_observation_is_the_engines_with_the_words_so_far(name, players):
    """What ``last()`` gives (from the analysis core where the environment takes it there,
    kept in step with the game) is the engine's ``observation(player)`` for the seat, then the
    words of the move being spelt, at every step."""
    e = env(name, **_options(name, players))
    e.reset(seed=3)
    raw = e.unwrapped
    rng = np.random.default_rng(3)
    size = raw.sg_game.observation_size
    for agent in e.agent_iter():
        obs, _, terminated, truncated, info = e.last()
        state = raw.sg_state
        seat = raw.possible_agents.index(agent)
        assert np.array_equal(obs[:size], state.observation(seat))
        spelt = np.zeros(len(obs) - size, dtype=np.float32)
        for word in raw._turn.spelt:
            spelt[raw.space.index[word]] = 1.0
        assert np.array_equal(obs[size:], spelt)
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))


def test_a_draw_from_many_outcomes_is_the_plain_draws():
    """A roll of three dice (216 outcomes) drawn by NumPy's running sum picks the outcome
    that taking the chances off one by one picks, at every quantile tried."""
    import random

    from stainedglass.interop.actions import ActionSpace, Speller
    from stainedglass.interop.pettingzoo import _drawn, _drawn_from

    rng = random.Random(2)
    game = sg.load("walls_of_light", players=2)
    state = game.new_game(seed=2)
    met = 0
    while not state.is_terminal() and met < 6:
        if state.is_chance():
            node = Speller(ActionSpace(game), state.clone())._position().node
            outcomes = state.chance_outcomes()
            for u in [rng.random() for _ in range(3000)] + [0.0, 1.0 - 1e-16]:
                assert _drawn_from(node, u) == _drawn(outcomes, u)
            met += len(outcomes) > 32
            state.play(state.sample_chance())
        else:
            state.play(rng.choice(state.legal_moves()))
    assert met


@pytest.mark.parametrize("name,players", PLAYERS, ids=[f"{n}-{p}" for n, p in PLAYERS])
def test_the_same_seed_plays_the_same_game_on_the_core_and_on_the_engine(name, players):
    """The environment plays on the game's analysis core alone where it is compiled; on the
    engine (as where numba is missing) the same seed deals, draws and plays the same game:
    the same agents, observations, masks and rewards at every step."""
    from stainedglass.interop.actions import ActionSpace, CoreSpeller

    def trace(on_core: bool) -> list:
        e = env(name, **_options(name, players))
        raw = e.unwrapped
        raw.space = ActionSpace(raw.sg_game, play_on_core=on_core)
        e.reset(seed=11)
        assert isinstance(raw._turn, CoreSpeller) == on_core
        rng = np.random.default_rng(3)
        out = []
        for agent in e.agent_iter():
            obs, reward, done, truncated, info = e.last()
            out.append((agent, obs.tobytes(), info["action_mask"].tobytes(), reward, done))
            if done or truncated:
                e.step(None)
            else:
                e.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        out.append(raw.sg_state.history)
        return out

    assert trace(True) == trace(False)
