"""The four games in OpenSpiel (``stainedglass.interop.openspiel``), tested as OpenSpiel tests its
own Python games: ``pyspiel.random_sim_test`` on every game and player count (it reads every
player's observation and information-state tensors at every state), pickle round trips of games
and states, OpenSpiel's MCTS playing them, bots across the two libraries, and information-state
tensors that follow the information states and feed OpenSpiel's learners."""

from __future__ import annotations

import re

import pickle

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")  # the rl extra

import stainedglass as sg
from stainedglass.interop import openspiel as sgspiel
from open_spiel.python.algorithms import evaluate_bots, mcts

PLAYERS = [
    (name, n)
    for name in sg.games()
    for n in range(sg.load(name).facts.min_players, sg.load(name).facts.max_players + 1)
]


@pytest.mark.parametrize(
    "name,players",
    [  # more than two players: make test-all
        pytest.param(n, p, id=f"{n}-{p}", marks=pytest.mark.full if p > 2 else ())
        for n, p in PLAYERS
    ],
)
def test_openspiel_random_simulation_test(name, players):
    game = pyspiel.load_game(sgspiel.spiel_name(name), {"players": players})
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def _played(game, n: int, seed: int = 0):
    state = game.new_initial_state()
    rng = np.random.RandomState(seed)
    for _ in range(n):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("name", sg.games())
def test_games_and_states_pickle_and_serialize(name):
    game = pyspiel.load_game(sgspiel.spiel_name(name))
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game) and again.num_distinct_actions() == game.num_distinct_actions()
    state = _played(game, 9)
    copy = pickle.loads(pickle.dumps(state))
    assert str(copy) == str(state) and copy.history() == state.history()
    assert copy.legal_actions() == state.legal_actions()
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(state2) == str(state)


def test_a_coloring_turn_is_spelt_in_several_actions_and_a_half_spelt_turn_pickles():
    game = pyspiel.load_game("stainedglass_coloring", {"players": 2})
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])  # a pencil
    assert state.action_to_string(state.history()[0]) == "take red"
    state.apply_action(state.legal_actions()[0])  # a first shape
    assert state.current_player() == 0 and "spelling: take red" in str(state)
    copy = pickle.loads(pickle.dumps(state))
    assert copy.legal_actions() == state.legal_actions() and str(copy) == str(state)
    with pytest.raises(ValueError, match="half spelt"):
        sgspiel.from_spiel(state)


def test_walls_of_light_information_states_hide_the_cards_others_draw():
    """Rule: each player's hand is hidden from the others; so is a card they draw."""
    game = pyspiel.load_game("stainedglass_walls_of_light", {"players": 2})
    rng = np.random.RandomState(1)
    state = game.new_initial_state()
    while not (state.is_chance_node() and state.sg_state.chance_seen_by() is not None):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:  # the card that lets one draw, when it can be played
            legal = state.legal_actions()
            extra = [a for a in legal if state.action_to_string(a) == "card extra"]
            state.apply_action(extra[0] if extra else int(rng.choice(legal)))
    drawer = state.sg_state.chance_seen_by()
    other = 1 - drawer
    outcomes = [a for a, _ in state.chance_outcomes()]
    assert len(outcomes) >= 2  # seed 1 leaves several kinds of card in the pile
    a, b = state.clone(), state.clone()
    a.apply_action(outcomes[0])
    b.apply_action(outcomes[1])
    assert a.information_state_string(other) == b.information_state_string(other)
    assert a.information_state_string(drawer) != b.information_state_string(drawer)
    assert re.search(r"\d+ cards?\b", a.observation_string(other))  # the drawer's hand, a count


@pytest.mark.parametrize("name", ["cathedral", "walls_of_light", "sagrada"])
def test_openspiel_mcts_plays_our_games_to_the_end(name):
    game = pyspiel.load_game(sgspiel.spiel_name(name))
    rng = np.random.RandomState(3)
    bot = mcts.MCTSBot(game, 2.0, 8, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    bots = [bot] * game.num_players()
    if game.get_type().information != pyspiel.GameType.Information.PERFECT_INFORMATION:
        # OpenSpiel's MCTS is for perfect information: here it sees through the others'
        # hands (a determinization is what our openspiel-mcts bot gives it instead)
        bots = [bot] + [sgspiel.SpielBot("random", seed=p) for p in range(1, len(bots))]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    if game.num_players() == 1:
        assert list(returns) in ([0.0], [1.0])  # solo: the window won or lost
    else:  # a win is 1, a loss 0, a draw shared
        assert abs(sum(returns) - 1.0) < 1e-9 and all(0.0 <= r <= 1.0 for r in returns)


@pytest.mark.parametrize("name", sg.games())
def test_our_bots_play_in_openspiel(name):
    game = pyspiel.load_game(sgspiel.spiel_name(name))
    bots = [sgspiel.SpielBot("greedy", seed=p) for p in range(game.num_players())]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(0))
    assert len(returns) == game.num_players() and all(0.0 <= r <= 1.0 for r in returns)


def test_openspiel_mcts_is_one_of_our_bots_and_plays_a_tournament():
    table = sg.ai.tournament(
        "cathedral", ["openspiel-mcts:simulations=20", "random"], n=2, jobs=1, seed=0
    )
    assert [row["games"] for row in table.rows] == [2, 2]
    again = sg.ai.tournament(
        "cathedral", ["openspiel-mcts:simulations=20", "random"], n=2, jobs=1, seed=0
    )
    assert [r["wins"] for r in again.rows] == [r["wins"] for r in table.rows]


def test_openspiel_mcts_spells_a_coloring_turn_and_answers_within_its_options():
    state = sg.load("coloring", players=2).new_game(seed=2)
    state.play("take red 1 2 3 4 5")
    bot = sg.ai.bot("openspiel-mcts", simulations=3, seed=1)
    assert bot.choose(state) in state.legal_moves()
    for bad in ({"simulations": 1}, {"uct_c": -1}, {"rollouts": 0}, {"rollouts": "2"}):
        with pytest.raises(ValueError, match="openspiel-mcts"):
            sg.ai.bot("openspiel-mcts", **bad).choose(state)


def test_to_spiel_keeps_the_games_options_and_from_spiel_gives_the_state_back():
    state = sg.load("cathedral", match=True).new_game(seed=4)
    state.play("cathedral e4 d5 e5 f5 e6 e7")
    spiel = sgspiel.to_spiel(state)
    assert spiel.current_player() == state.current_player
    assert sorted(spiel.action_to_string(a) for a in spiel.legal_actions()) == sorted(
        str(m) for m in state.legal_moves()
    )
    spiel.apply_action(spiel.legal_actions()[0])
    back = sgspiel.from_spiel(spiel)
    assert back.history[:-1] == state.history and state.history == ["cathedral e4 d5 e5 f5 e6 e7"]
    assert back.game.settings["match"] is True


def test_observation_tensors_are_the_games_own_numbers_and_the_words_being_spelt():
    game = pyspiel.load_game("stainedglass_coloring", {"players": 2})
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])  # "take red", a turn being spelt
    ours = state.sg_state.observation(0)
    tensor = np.array(state.observation_tensor(0))
    assert tensor.shape == (ours.size + game.num_distinct_actions(),)
    assert np.array_equal(tensor[: ours.size], ours)
    assert tensor[ours.size + state.history()[0]] == 1.0  # the word chosen so far
    assert np.array(state.observation_tensor(1))[ours.size :].sum() == 0  # seen by its speller
    cathedral = pyspiel.load_game("stainedglass_cathedral").new_initial_state()
    assert np.array_equal(
        np.array(cathedral.observation_tensor(1)), cathedral.sg_state.observation(1)
    )


@pytest.mark.parametrize("name", sg.games())
def test_legal_actions_answered_in_python_are_those_through_cpp(name):
    """``state.legal_actions([player])`` answers the player to move without a trip through
    C++ (and ``is_chance_node()``): the same as OpenSpiel's own path, for every player, at
    every kind of node."""
    game = pyspiel.load_game(sgspiel.spiel_name(name))
    state = game.new_initial_state()
    rng = np.random.RandomState(4)
    for _ in range(40):
        cpp = pyspiel.State.legal_actions
        assert state.legal_actions() == cpp(state)
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        for player in range(game.num_players()):
            assert state.legal_actions(player) == cpp(state, player)
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))


def test_information_and_observation_strings_are_kept_right_through_clones():
    """The strings are made once (a position's text, the plays joined so far): at every step,
    and in clones, they read as made afresh."""
    game = pyspiel.load_game("stainedglass_walls_of_light", {"players": 3})
    state = game.new_initial_state()
    rng = np.random.RandomState(2)
    for step in range(120):
        if state.is_terminal():
            break
        for p in range(3):
            plays = [w if by is None or by == p else "?" for w, by, _ in state._log]
            text = state.sg_state.text_for(p)
            assert state.information_state_string(p) == (
                "plays: " + " | ".join(plays) + "\n" + text
            )
            assert state.observation_string(p) == text
        assert str(state) == str(state.sg_state)
        if step % 7 == 0:
            state = state.clone()
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))


def test_sagrada_observation_tensors_are_the_engines_and_actions_as_before():
    """Sagrada's observations and legal actions are read from its analysis core: the tensor
    is the engine's ``observation(0)`` then the words spelt so far, the actions those of the
    engine's legal moves, at every step of random games (a clone kept in step as well)."""
    from stainedglass.interop.actions import ActionSpace, Speller

    game = pyspiel.load_game("stainedglass_sagrada", {"seed": 4})
    observer = game.make_py_observer()
    size = game.sg_game.observation_size
    engine = ActionSpace(game.sg_game, observe_on_core=False, moves_on_core=False)
    for seed in range(2):
        state = game.new_initial_state()
        rng = np.random.RandomState(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(actions, p=probs)))
                continue
            observer.set_from(state, 0)
            assert np.array_equal(observer.tensor[:size], state.sg_state.observation(0))
            plain = Speller(engine, state.sg_state.clone(), state._turn.spelt)
            assert state.legal_actions() == plain.legal_actions()
            copy = state.clone()
            action = int(rng.choice(state.legal_actions()))
            state.apply_action(action)
            copy.apply_action(action)
            assert str(copy) == str(state)


# ---- information-state tensors ------------------------------------------------------------------


def _twin_walk(game, seed: int, steps: int):
    """Two states of one random game, kept alike for every player who cannot see what parts
    them: where a card is drawn that only its drawer sees, the twin draws another kind; after,
    both play the same actions wherever both allow them. Yields the pair after each play."""
    rng = np.random.RandomState(seed)
    a, b = game.new_initial_state(), game.new_initial_state()
    for _ in range(steps):
        if a.is_terminal() or b.is_terminal():
            return
        if a.is_chance_node():
            odds = dict(a.chance_outcomes())
            common = [x for x, _ in b.chance_outcomes() if x in odds]
            if not common:
                return
            p = np.array([odds[x] for x in common])
            pick = int(rng.choice(common, p=p / p.sum()))
            other = pick
            if a.sg_state.chance_seen_by() is not None and len(common) > 1:
                other = int(rng.choice([x for x in common if x != pick]))
            a.apply_action(pick)
            b.apply_action(other)
        else:
            common = sorted(set(a.legal_actions()) & set(b.legal_actions()))
            if not common or a.current_player() != b.current_player():
                return
            action = int(rng.choice(common))
            a.apply_action(action)
            b.apply_action(action)
        yield a, b


@pytest.mark.parametrize(
    "name,players,walks,steps",
    [
        ("cathedral", 2, 2, 80),
        ("coloring", 2, 1, 150),
        ("sagrada", 1, 1, 150),
        ("walls_of_light", 2, 3, 200),
        ("walls_of_light", 3, 2, 200),
    ],
)
def test_information_state_tensors_follow_the_information_state_strings(
    name, players, walks, steps
):
    """A player who cannot tell two states apart (the same information-state string) gets the
    same information-state tensor; and the tensor tells apart nearly every pair of states the
    string does (a learner can use it). Walls of Light's twins differ in a card drawn unseen:
    the others see the same string, so the same tensor, though the states are not the same."""
    game = pyspiel.load_game(sgspiel.spiel_name(name), {"players": players})
    size = game.information_state_tensor_size()
    assert game.get_type().provides_information_state_tensor
    assert game.information_state_tensor_shape() == [size]
    tensors: list[dict[str, bytes]] = [{} for _ in range(players)]
    hidden = 0  # a string met in two states that differ
    for seed in range(walks):
        for a, b in _twin_walk(game, seed, steps):
            for p in range(players):
                for state in (a, b):
                    tensor = np.array(state.information_state_tensor(p), dtype=np.float32)
                    assert tensor.shape == (size,) and 0.0 <= tensor.min() <= tensor.max() <= 1.0
                    text = state.information_state_string(p)
                    assert tensors[p].setdefault(text, tensor.tobytes()) == tensor.tobytes()
                if a.information_state_string(p) == b.information_state_string(p):
                    hidden += str(a) != str(b)
    strings = sum(len(seen) for seen in tensors)
    distinct = sum(len(set(seen.values())) for seen in tensors)
    assert strings > 50 and distinct >= 0.9 * strings, (distinct, strings)
    if name == "walls_of_light":
        assert hidden > 20  # the twins' hands differ where the others cannot see


def test_the_information_state_tensor_is_the_observation_the_words_spelt_and_the_recall():
    """Its parts, in order: the game's observation for the player; where a move takes several
    words, the words spelt so far (seen by every player: the actions are public); Walls of
    Light's ``recall`` of the cards played."""
    game = pyspiel.load_game("stainedglass_coloring", {"players": 2})
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])  # "take red", a turn being spelt
    size = game.sg_game.observation_size
    for p in range(2):
        tensor = np.array(state.information_state_tensor(p))
        assert np.array_equal(tensor[:size], state.sg_state.observation(p))
        assert tensor[size + state.history()[0]] == 1.0 and tensor[size:].sum() == 1.0
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    assert list(observer.dict) == ["observation", "spelling"]

    walls = pyspiel.load_game("stainedglass_walls_of_light", {"players": 3})
    state = _played(walls, 150, seed=2)
    size = walls.sg_game.observation_size
    assert walls.information_state_tensor_size() == size + 20
    for p in range(3):
        tensor = np.array(state.information_state_tensor(p), dtype=np.float32)
        assert np.array_equal(tensor[:size], np.array(state.observation_tensor(p)))
        plays = [(w if by in (None, p) else None, who) for w, by, who in state._log]
        assert np.array_equal(tensor[size:], state.sg_state.recall(p, plays))
    observer = walls.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    observer.set_from(state, 0)
    assert list(observer.dict) == ["observation", "recall"]
    sg_state = state.sg_state
    recall = observer.dict["recall"]
    assert np.allclose(recall[:4], np.array(sg_state.discard) / 4)  # the discards by kind
    unseen = 4 - np.array(sg_state.hands[0]) - np.array(sg_state.discard)
    assert np.allclose(recall[4:8], unseen / 4)  # the others' hands and the pile
    assert recall[8:].sum() > 0  # cards seen played, by seat


def test_an_openspiel_learner_reads_walls_of_light_information_state_tensors():
    """OpenSpiel's reinforcement-learning environment gives its agents information-state
    tensors when a game provides them: its tabular Q-learner learns over a few games of Walls
    of Light from them (its table keyed by the tensor), against OpenSpiel's random agent."""
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import random_agent, tabular_qlearner

    game = pyspiel.load_game("stainedglass_walls_of_light", {"players": 2})
    env = rl_environment.Environment(game, seed=1)
    assert env.observation_spec()["info_state"] == (game.information_state_tensor_size(),)
    actions = env.action_spec()["num_actions"]
    agents = [tabular_qlearner.QLearner(0, actions), random_agent.RandomAgent(1, actions)]
    for _ in range(3):
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            seen = step.observations["info_state"][player]
            assert len(seen) == game.information_state_tensor_size()
            step = env.step([agents[player].step(step).action])
        for agent in agents:
            agent.step(step)
        assert sorted(step.rewards) in ([0.0, 1.0], [0.5, 0.5])
    assert len(agents[0]._q_values) > 20  # the information states it met
    assert all(len(key) > 1000 for key in agents[0]._q_values)  # each a tensor, as text
