"""A game's moves as numbered actions, the way OpenSpiel and PettingZoo number them.

Every game declares the words its moves are spelt with (``Game.action_words``), in a fixed order:
action ``i`` is word ``i``. Most moves are one word (a Cathedral placement, a Walls of Light
card). A move of a game with too many moves to list is spelt in several words, one action each:
a Coloring turn is its pencil, then its shapes one at a time; when a move could stop or go on,
the action ``end`` stops it. Chance outcomes are numbered the same way (``Game.chance_words``).

>>> import stainedglass as sg
>>> space = ActionSpace(sg.load("coloring", players=2))
>>> turn = Speller(space, space.game.new_game(seed=1))
>>> [space.words[a] for a in turn.legal_actions()][:3]
['take red', 'take blue', 'take green']
>>> move = turn.state.legal_moves()[0]; move
Move('take red 1 2 3 4 5')
>>> for action in space.spell(move)[:3]:
...     turn.apply(action)
>>> turn.spelt
('take red', '1', '2')
>>> for action in space.spell(move)[3:]:
...     turn.apply(action)
>>> turn.spelt, turn.state.history
((), ['take red 1 2 3 4 5'])
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core import Game, Move, State, state_from_json

__all__ = ["END", "ActionSpace", "Speller"]

END = "end"
"""The action that finishes a move spelt in several words when it could also go on."""


class ActionSpace:
    """The numbering of one game's moves and chance outcomes (see the module)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        words = tuple(game.action_words())
        if game.max_words > 1:
            words += (END,)
        if len(set(words)) != len(words):
            raise ValueError(f"{game.name}: action_words() names a word twice")
        self.words = words
        self.index = {w: i for i, w in enumerate(words)}
        self.chance_words = tuple(game.chance_words())
        self.chance_index = {w: i for i, w in enumerate(self.chance_words)}
        # the most actions a game takes: each move its words, and an ``end``
        self.max_length = game.max_plays * (game.max_words + (game.max_words > 1))
        self.observation_size = game.observation_size + (len(words) if game.max_words > 1 else 0)

    @property
    def size(self) -> int:
        return len(self.words)

    def spell(self, move: Move) -> tuple[int, ...]:
        """The actions that spell ``move``."""
        return tuple(self.index[w] for w in self.game.move_words(move))


class Speller:
    """A state with the words chosen so far of the move being spelt (``spelt``).

    ``legal_actions()`` are the words that can come next (at a chance node, the outcomes);
    ``apply(action)`` adds one, and plays the move once it is spelt to the end.
    """

    def __init__(self, space: ActionSpace, state: State, spelt: tuple[str, ...] = ()) -> None:
        self.space = space
        self.state = state
        self.spelt = spelt
        self._here: _Position | None = None

    def clone(self) -> Speller:
        other = Speller(self.space, self.state.clone(), self.spelt)
        other._here = self._here  # the same position: the same moves (never changed in place)
        return other

    def _position(self) -> _Position:
        """The moves of the position (made once while it stands: a play, an undo or another
        play in its place gives another key)."""
        state = self.state
        key = (len(state.history), id(state._undo_stack[-1]) if state._undo_stack else None)
        here = self._here
        if here is None or here.key != key:
            here = self._here = _Position(key, self.space, state)
        return here

    def legal_actions(self) -> list[int]:
        here = self._position()
        if here.legal is not None:
            return list(here.legal)
        nexts = here.nexts.get(self.spelt)
        if nexts is None:
            n = len(self.spelt)
            index = self.space.index
            found = set()
            for words in here.by_words:
                if len(words) > n and words[:n] == self.spelt:
                    found.add(index[words[n]])
                elif n and words == self.spelt:
                    found.add(index[END])
            nexts = here.nexts[self.spelt] = sorted(found)
        return list(nexts)

    def observation(self, player: int) -> np.ndarray:
        """What ``player`` sees (``State.observation``), then, for a game whose moves take
        several words, the words of the move being spelt (one number per action, 1 for each
        chosen so far; only the player spelling it sees them): ``space.observation_size``."""
        obs = self.state.observation(player)
        if self.space.game.max_words == 1:
            return obs
        spelt = np.zeros(self.space.size, dtype=np.float32)
        if self.state.current_player == player:
            for word in self.spelt:
                spelt[self.space.index[word]] = 1.0
        return np.concatenate([obs, spelt])

    def chance_outcomes(self) -> list[tuple[int, float]]:
        index = self.space.chance_index
        return sorted((index[str(m)], p) for m, p in self.state.chance_outcomes())

    def action_word(self, action: int) -> str:
        """The word (or chance outcome) ``action`` stands for here."""
        words = self.space.chance_words if self.state.is_chance() else self.space.words
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < len(words):
            raise ValueError(
                f"action {action!r} is not one of this game's {len(words)} "
                f"{'chance outcomes' if self.state.is_chance() else 'actions'}"
            )
        return words[action]

    def apply(self, action: int) -> None:
        """Add the word ``action`` stands for; play the move once spelt. Raises ValueError,
        naming the action, when it is not legal here (nothing changes)."""
        word = self.action_word(action)
        here = self._position()
        if here.legal is not None:  # a chance outcome, or a move of one word
            move = here.by_words.get((word,))
            if move is None:
                raise ValueError(f"action {action} ({word}) is not legal here")
            self.state._push(move)
            return
        if action not in self.legal_actions():
            raise ValueError(f"action {action} ({word}) is not legal here")
        if word == END:
            move = here.by_words[self.spelt]
        else:
            spelt = self.spelt + (word,)
            if spelt not in here.by_words or self._goes_on(spelt):
                self.spelt = spelt
                return
            move = here.by_words[spelt]
        self.spelt = ()
        self.state._push(move)

    def _goes_on(self, spelt: tuple[str, ...]) -> bool:
        """Whether a legal move is spelt with more words after ``spelt``."""
        n = len(spelt)
        return any(len(w) > n and w[:n] == spelt for w in self._position().by_words)

    def __deepcopy__(self, memo: dict[int, Any]) -> Speller:
        return self.clone()  # the space is shared, the state cloned (as OpenSpiel clones)

    def __getstate__(self) -> dict[str, Any]:
        return {"state": self.state.to_json(), "spelt": self.spelt}  # the engine's own record

    def __setstate__(self, data: dict[str, Any]) -> None:
        state = state_from_json(data["state"])
        self.__init__(ActionSpace(state.game), state, tuple(data["spelt"]))  # type: ignore[misc]


class _Position:
    """A position's moves by their words (a chance node's outcomes by their text), and, where
    each move is one word, its legal actions; ``nexts`` the next words after each prefix."""

    __slots__ = ("key", "by_words", "legal", "nexts")

    def __init__(self, key: tuple[int, int | None], space: ActionSpace, state: State) -> None:
        self.key = key
        self.nexts: dict[tuple[str, ...], list[int]] = {}
        if state.is_terminal():
            self.by_words: dict[tuple[str, ...], Move] = {}
            self.legal: list[int] | None = []
        elif state.is_chance():
            self.by_words = {(str(m),): m for m, _ in state.chance_outcomes()}
            self.legal = sorted(space.chance_index[w] for (w,) in self.by_words)
        elif space.game.max_words == 1:
            self.by_words = {(str(m),): m for m in state.legal_moves()}
            self.legal = sorted(space.index[w] for (w,) in self.by_words)
        else:
            words = space.game.move_words
            self.by_words = {words(m): m for m in state.legal_moves()}
            self.legal = None
