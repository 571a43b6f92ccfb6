"""Every stainedglass game as an OpenSpiel game, and bots across the two.

Importing this module registers the four games with OpenSpiel (``stainedglass_cathedral``,
``stainedglass_walls_of_light``, ...), with their chance nodes and, for Walls of Light, each
player's information state (the others' hands unseen, and the cards they draw), as a string
and as a tensor (:meth:`SpielState.information_tensor`: the observation, the words spelt so far,
what the game recalls of past plays). Actions are the
words of :mod:`stainedglass.interop.actions`: a Coloring or Sagrada turn may take several.
The game's parameters are ``players`` and ``seed`` (the setup: the deal, the windows).

>>> import pyspiel
>>> import stainedglass.interop.openspiel
>>> game = pyspiel.load_game("stainedglass_cathedral")
>>> state = game.new_initial_state()
>>> state.action_to_string(state.legal_actions()[0])
'cathedral b1 a2 b2 c2 b3 b4'

``SpielBot`` lets OpenSpiel's algorithms play one of our bots, and the bot named
``openspiel-mcts`` (registered here) is OpenSpiel's own MCTS in our tournaments.
"""

from __future__ import annotations

import time
import weakref
from typing import Any

import numpy as np
import pyspiel

from .. import core
from ..ai.bots import register_bot
from ..ai.search import Bot
from .actions import ActionSpace, Speller

__all__ = [
    "PREFIX",
    "register",
    "spiel_name",
    "SpielGame",
    "SpielState",
    "SpielBot",
    "OpenSpielMCTS",
    "from_spiel",
    "to_spiel",
]

PREFIX = "stainedglass_"
# simulations of the short search that measures openspiel-mcts's speed (each plays a whole
# random game: a few already cost more than a short budget)
_PROBE = 2


def spiel_name(game: str) -> str:
    """``"cathedral"`` -> ``"stainedglass_cathedral"``, its name in OpenSpiel."""
    return PREFIX + game


def _game_type(cls: type[core.Game]) -> Any:
    facts = cls.facts
    T = pyspiel.GameType
    return T(
        short_name=spiel_name(cls.name),
        long_name=f"stainedglass {cls.title}",
        dynamics=T.Dynamics.SEQUENTIAL,
        chance_mode=(
            T.ChanceMode.EXPLICIT_STOCHASTIC if facts.chance else T.ChanceMode.DETERMINISTIC
        ),
        information=(
            T.Information.IMPERFECT_INFORMATION
            if facts.hidden_information
            else T.Information.PERFECT_INFORMATION
        ),
        # returns: 1 a win, 0 a loss, a draw shared; solo 1 won, 0 lost
        utility=(T.Utility.CONSTANT_SUM if facts.min_players > 1 else T.Utility.GENERAL_SUM),
        reward_model=T.RewardModel.TERMINAL,
        max_num_players=facts.max_players,
        min_num_players=facts.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": int(
                cls.options["players"].default if "players" in cls.options else facts.min_players
            ),
            "seed": 0,
        },
    )


class SpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type stubs
    """One of our games as OpenSpiel sees it (a subclass per game: ``sg_name``)."""

    sg_name: str = ""

    def __init__(
        self, params: dict[str, Any] | None = None, sg_game: core.Game | None = None
    ) -> None:
        params = dict(params or {})
        cls = type(core.load(self.sg_name))
        spec = _game_type(cls).parameter_specification
        unknown = sorted(set(params) - set(spec))
        if unknown:
            raise ValueError(
                f"{spiel_name(self.sg_name)}: unknown parameter {unknown[0]!r}; "
                f"the parameters are {', '.join(sorted(spec))}"
            )
        players = int(params.get("players", spec["players"]))
        self.seed = int(params.get("seed", 0))
        options = {"players": players} if "players" in cls.options else {}
        # ``sg_game``: a game with other options too (a custom sheet, a start position)
        self.sg_game = sg_game if sg_game is not None else core.load(self.sg_name, **options)
        self.space = ActionSpace(self.sg_game)
        facts = cls.facts
        info = pyspiel.GameInfo(
            num_distinct_actions=self.space.size,
            max_chance_outcomes=len(self.space.chance_words),
            num_players=self.sg_game.num_players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0 if facts.min_players > 1 else None,
            max_game_length=self.space.max_length,
        )
        super().__init__(_game_type(cls), info, {"players": players, "seed": self.seed})

    def new_initial_state(self) -> SpielState:
        return SpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        if params:
            raise ValueError(f"{spiel_name(self.sg_name)}: observations take no parameters")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(self, perfect_recall)

    @property
    def information_layout(self) -> dict[str, int]:
        """The parts of an information-state tensor and their sizes, in order (see
        :meth:`SpielState.information_tensor`): ``observation`` always, ``spelling`` where a
        move takes several words, ``recall`` where the game remembers plays (Walls of Light)."""
        space = self.space
        game = space.game
        parts = {"observation": game.observation_size}
        if game.max_words > 1:
            parts["spelling"] = space.size
        if game.recall_size:
            parts["recall"] = game.recall_size
        return parts


class SpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type stubs
    """A position of one of our games, with the words chosen so far of the move being spelt;
    ``sg_state`` is our :class:`stainedglass.State`."""

    _turn: Speller

    def __init__(self, game: SpielGame, sg_state: core.State | None = None) -> None:
        super().__init__(game)
        if sg_state is not None:
            self._turn = game.space.speller(sg_state)
        # else made when first asked (``__getattr__``): OpenSpiel's clone makes a new initial
        # state, then sets the clone's own in its place
        # what each play showed: (word, who alone saw it or None, who played it or CHANCE)
        self._log = _Log()

    def __getattr__(self, name: str) -> Any:
        if name == "_turn":  # the game's initial state, made now
            game = self.get_game()
            turn = self._turn = game.space.speller(game.sg_game.new_game(seed=game.seed))
            return turn
        raise AttributeError(name)

    @property
    def sg_state(self) -> core.State:
        return self._turn.state

    def current_player(self) -> int:
        p = self._turn.current_player()
        if p == core.TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        if p == core.CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return int(p)

    def _legal_actions(self, player: int) -> list[int]:
        return self._turn.legal_actions()

    def legal_actions(self, player: int | None = None) -> list[int]:
        """OpenSpiel's ``legal_actions([player])``; the player to move's answered here, not
        passed through C++ and back (a list of a thousand actions costs more than the move)."""
        turn = self._turn
        p = turn.current_player()
        if p >= 0 and (player is None or player == p):
            return turn.legal_actions()
        if player is None:
            return list(pyspiel.State.legal_actions(self))
        return list(pyspiel.State.legal_actions(self, player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._turn.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        turn = self._turn
        word = turn.action_word(action)
        player = turn._position().player
        if player == core.CHANCE:
            self._log.append((word, turn.chance_seen_by(), core.CHANCE))
        else:
            self._log.append((word, None, player))
        turn.play_word(action, word)

    def _action_to_string(self, player: int, action: int) -> str:
        words = (
            self._turn.space.chance_words
            if player == pyspiel.PlayerId.CHANCE
            else self._turn.space.words
        )
        return words[action] if 0 <= action < len(words) else f"action {action}"

    def is_terminal(self) -> bool:
        return self._turn.current_player() == core.TERMINAL

    def is_chance_node(self) -> bool:
        """OpenSpiel's ``is_chance_node()`` (the player to move is chance), answered here."""
        return self._turn.current_player() == core.CHANCE

    def returns(self) -> list[float]:
        turn = self._turn
        if turn.current_player() != core.TERMINAL:
            return [0.0] * turn.space.game.num_players
        return turn.returns()

    def observation_text(self, player: int) -> str:
        """The position as ``player`` sees it, and the words of the move being spelt."""
        text = self._turn.text(player)
        if self._turn.spelt:
            text += "\nspelling: " + " ".join(self._turn.spelt)
        return text

    def information_tensor(self, player: int) -> np.ndarray:
        """OpenSpiel's ``information_state_tensor(player)``: what ``player`` knows, as float32
        numbers in 0..1 (``game.information_state_tensor_size()``), a function of their
        information state (two histories they cannot tell apart give the same numbers):

        - ``observation``: what they see now, the game's ``observation(player)``
          (``game.observation_size``);
        - ``spelling``, where a move takes several words (Coloring, Sagrada): the words chosen
          so far of the move being spelt, 1 each, one number per action, seen by every player
          (the actions are public; the observation tensor shows them to the speller alone);
        - ``recall``, where a game remembers what the position no longer shows (Walls of
          Light, ``State.recall``, 20 numbers): the discards of each kind, the cards of each
          kind the player cannot account for, and each seat's cards played of each kind.

        Cathedral, Coloring and Sagrada are games of perfect information: the position shows
        all a player has seen that still matters, so they have no ``recall``.
        """
        turn = self._turn
        game = turn.space.game
        obs = turn.observation(player)
        if game.max_words > 1 and turn.spelt:  # the words so far, for every player
            index, at = turn.space.index, game.observation_size
            for word in turn.spelt:
                obs[at + index[word]] = 1.0
        if not game.recall_size:
            return obs
        plays = [(w if by is None or by == player else None, mover) for w, by, mover in self._log]
        return np.concatenate([obs, self.sg_state.recall(player, plays)])

    def information_text(self, player: int) -> str:
        """All ``player`` has seen: every play in order (a card drawn by another as ``?``),
        then the position as that player sees it."""
        return "plays: " + self._log.seen_by(player) + "\n" + self.observation_text(player)

    def __str__(self) -> str:
        text = self._turn.text()
        if self._turn.spelt:
            text += "\nspelling: " + " ".join(self._turn.spelt)
        return text


class _Log(list):  # type: ignore[type-arg]
    """What each play showed (``SpielState._log``): its entries never change (words, seats),
    so a copy (OpenSpiel's clone deep-copies a state's attributes) is a plain copy."""

    def __init__(self, *entries: Any) -> None:
        super().__init__(*entries)
        self.seen: dict[int, tuple[int, str]] = {}  # per player: entries joined so far

    def __deepcopy__(self, memo: dict[int, Any]) -> _Log:
        copy = _Log(self)
        copy.seen = dict(self.seen)
        return copy

    def seen_by(self, player: int) -> str:
        """The plays as ``player`` saw them, joined by `` | `` (another's draw as ``?``);
        joined once: each call adds the plays since the last."""
        count, text = self.seen.get(player, (0, ""))
        new = [w if by is None or by == player else "?" for w, by, _ in self[count:]]
        if new:
            text = " | ".join([text, *new] if count else new)
            self.seen[player] = (len(self), text)
        return text


class _Observer:
    """What a player observes: a tensor (``Speller.observation``: the game's numbers, and the
    words of a move being spelt) and a string; with perfect recall, the information state's
    tensor (:meth:`SpielState.information_tensor`, its parts in ``dict``) and string."""

    def __init__(self, game: SpielGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        if perfect_recall:
            parts = game.information_layout
            self.tensor = np.zeros(sum(parts.values()), np.float32)
            self.dict: dict[str, np.ndarray] = {}
            at = 0
            for name, size in parts.items():
                self.dict[name] = self.tensor[at : at + size]
                at += size
        else:
            self.tensor = np.zeros(game.space.observation_size, np.float32)
            self.dict = {"observation": self.tensor}

    def set_from(self, state: SpielState, player: int) -> None:
        if self.perfect_recall:
            self.tensor[:] = state.information_tensor(player)
        else:
            self.tensor[:] = state._turn.observation(player)

    def string_from(self, state: SpielState, player: int) -> str:
        if self.perfect_recall:
            return state.information_text(player)
        return state.observation_text(player)


def register() -> list[str]:
    """Register every game of ``sg.games()`` with OpenSpiel (done on import); their names."""
    names = []
    for name in core.games():
        short = spiel_name(name)
        if short not in pyspiel.registered_names():
            cls = type(f"Spiel_{name}", (SpielGame,), {"sg_name": name, "__module__": __name__})
            globals()[cls.__name__] = cls  # found by name: games pickle
            pyspiel.register_game(_game_type(type(core.load(name))), cls)
        names.append(short)
    return names


# ---- across: our states and bots in OpenSpiel, OpenSpiel's MCTS among our bots ----------------


def to_spiel(state: core.State) -> SpielState:
    """An OpenSpiel state at our ``state`` (a copy; its OpenSpiel history starts here).

    >>> import stainedglass as sg
    >>> state = sg.load("cathedral").new_game()
    >>> to_spiel(state).legal_actions() == to_spiel(state).legal_actions()
    True
    """
    register()
    game = _SPIEL_GAMES.get(state.game)
    if game is None:  # one OpenSpiel game for each of ours (its action space is made once)
        cls = globals()[f"Spiel_{state.game.name}"]
        players = {"players": state.num_players} if "players" in type(state.game).options else {}
        game = _SPIEL_GAMES[state.game] = cls(players, sg_game=state.game)
    return SpielState(game, state.clone())


_SPIEL_GAMES: weakref.WeakKeyDictionary[core.Game, SpielGame] = weakref.WeakKeyDictionary()


def from_spiel(state: SpielState) -> core.State:
    """Our state under an OpenSpiel one (a copy), between moves: a move half spelt is refused
    with a ValueError."""
    if state._turn.spelt:
        raise ValueError(
            "from_spiel(): a move is half spelt ("
            + " ".join(state._turn.spelt)
            + "); finish it first"
        )
    return state.sg_state.clone()


class SpielBot(pyspiel.Bot):  # type: ignore[misc]  # pyspiel has no type stubs
    """One of our bots playing in OpenSpiel (anything ``sg.ai.bot`` takes: a name with its
    options, a Bot subclass, a bot, or your function ``choose(state) -> move``): for a move of
    several words it answers each in turn. A bot that declares its ``games`` plays only those.

    >>> import pyspiel
    >>> game = pyspiel.load_game("stainedglass_coloring", {"players": 2})
    >>> bot = SpielBot("greedy", seed=1)
    >>> state = game.new_initial_state()
    >>> state.action_to_string(bot.step(state)).split()[0]  # a pencil first, then each shape
    'take'
    """

    def __init__(self, name: Any, **options: Any) -> None:
        super().__init__()
        from ..ai.bots import bot

        self.bot = bot(name, **options)
        self._plan: tuple[Any, tuple[int, ...]] | None = None

    def restart_at(self, state: Any) -> None:
        self._plan = None

    def step(self, state: SpielState) -> int:
        turn = state._turn
        n = len(turn.spelt)
        if n and self._plan is not None:
            key, plan = self._plan
            if key == (id(turn.state), len(turn.state.history)) and len(plan) > n:
                return plan[n]
        game = turn.state.game.name
        if self.bot.games and game not in self.bot.games:
            raise ValueError(
                f"the {self.bot.name} bot plays {' and '.join(self.bot.games)}, not {game}"
            )
        move = self.bot.choose(turn.state.clone())  # a bot of yours cannot change the game
        if isinstance(move, str):  # a move's text, as a function of yours may answer
            move = turn.state.parse_move(move)
        plan = turn.space.spell(move)
        self._plan = ((id(turn.state), len(turn.state.history)), plan)
        return plan[n]


@register_bot
class OpenSpielMCTS(Bot):
    """OpenSpiel's own MCTS (``open_spiel.python.algorithms.mcts.MCTSBot``, random rollouts) as
    one of our bots, ``openspiel-mcts``: for a tournament against ours at equal time. With
    ``budget`` seconds it measures its speed on a short search of the position, then searches
    as many simulations as fit; ``simulations`` fixes them instead (reproducible). With hidden
    information it searches a determinization (the others' hands redrawn), as OpenSpiel's MCTS
    needs perfect information."""

    name = "openspiel-mcts"
    label = "OpenSpiel MCTS bot"
    timed = True
    defaults: dict[str, Any] = {
        "seed": None,
        "budget": None,
        "simulations": None,
        "uct_c": 2.0,
        "rollouts": 1,
    }
    # OpenSpiel's MCTS grows the root in its second simulation
    rules = {"simulations": ("int", 2), "uct_c": ("number", 0.001, 100), "rollouts": ("int", 1)}

    def choose(self, state: core.State) -> core.Move:
        from open_spiel.python.algorithms import mcts

        self._check(state)
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        opts = self.options
        sims = opts["simulations"]
        from ..ai.search import determinize

        root = to_spiel(determinize(state, state.current_player, self.rng))
        game = root.get_game()
        rng = np.random.RandomState(self.rng.randrange(2**31))

        def word(probe: SpielState, n: int) -> int:
            bot = mcts.MCTSBot(
                game,
                float(opts["uct_c"]),
                n,
                mcts.RandomRolloutEvaluator(int(opts["rollouts"]), rng),
                random_state=rng,
                solve=True,
            )
            return int(bot.step(probe))

        seconds = float(opts["budget"] if opts["budget"] is not None else 1.0)
        deadline = time.perf_counter() + seconds
        words_left = root._turn.space.game.max_words
        actions: list[int] = []
        probe = root.clone()
        while True:  # one search for each word of the move
            n = sims
            if n is None:  # the time's share of this word, at the speed of a short search
                share = (deadline - time.perf_counter()) / words_left
                start = time.perf_counter()
                word(probe, _PROBE)
                spent = time.perf_counter() - start
                n = max(_PROBE, int(_PROBE * (share - spent) / max(spent, 1e-6)))
            action = word(probe, n)
            actions.append(action)
            probe.apply_action(action)
            words_left = max(1, words_left - 1)
            if not probe._turn.spelt:
                break
        chosen = tuple(actions)
        for move in moves:
            if root._turn.space.spell(move) == chosen:
                return move
        raise RuntimeError("openspiel-mcts chose no legal move")  # the actions were legal


register()
