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
        self._moves: tuple[int, dict[tuple[str, ...], Move]] | None = None

    def clone(self) -> "Speller":
        other = Speller(self.space, self.state.clone(), self.spelt)
        other._moves = self._moves  # the same position: the same moves (never changed in place)
        return other

    def _spellings(self) -> dict[tuple[str, ...], Move]:
        """Each legal move by its words (cached while the position stands)."""
        plays = len(self.state.history)
        if self._moves is None or self._moves[0] != plays:
            words = self.space.game.move_words
            self._moves = (plays, {words(m): m for m in self.state.legal_moves()})
        return self._moves[1]

    def legal_actions(self) -> list[int]:
        state = self.state
        if state.is_terminal():
            return []
        if state.is_chance():
            index = self.space.chance_index
            return sorted(index[str(m)] for m, _ in state.chance_outcomes())
        n = len(self.spelt)
        index = self.space.index
        if self.space.game.max_words == 1:
            return sorted(index[str(m)] for m in state.legal_moves())
        nexts = set()
        for words in self._spellings():
            if len(words) > n and words[:n] == self.spelt:
                nexts.add(index[words[n]])
            elif n and words == self.spelt:
                nexts.add(index[END])
        return sorted(nexts)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        index = self.space.chance_index
        return sorted((index[str(m)], p) for m, p in self.state.chance_outcomes())

    def action_word(self, action: int) -> str:
        """The word (or chance outcome) ``action`` stands for here."""
        words = self.space.chance_words if self.state.is_chance() else self.space.words
        if not 0 <= action < len(words):
            raise ValueError(f"action {action} is not one of this game's {len(words)} "
                             f"{'chance outcomes' if self.state.is_chance() else 'actions'}")
        return words[action]

    def apply(self, action: int) -> None:
        """Add the word ``action`` stands for; play the move once spelt. Raises ValueError,
        naming the action, when it is not legal here (nothing changes)."""
        state = self.state
        if action not in self.legal_actions():
            raise ValueError(f"action {action} ({self.action_word(action) if 0 <= action else '?'})"
                             " is not legal here")
        word = self.action_word(action)
        if state.is_chance() or self.space.game.max_words == 1:
            state._push(_by_text(state, word))
            return
        spellings = self._spellings()
        if word == END:
            move = spellings[self.spelt]
        else:
            spelt = self.spelt + (word,)
            longer = any(len(w) > len(spelt) and w[:len(spelt)] == spelt for w in spellings)
            if spelt not in spellings or longer:
                self.spelt = spelt
                return
            move = spellings[spelt]
        self.spelt = ()
        state._push(move)

    def __deepcopy__(self, memo: dict[int, Any]) -> "Speller":
        return self.clone()  # the space is shared, the state cloned (as OpenSpiel clones)

    def __getstate__(self) -> dict[str, Any]:
        return {"state": self.state.to_json(), "spelt": self.spelt}  # the engine's own record

    def __setstate__(self, data: dict[str, Any]) -> None:
        state = state_from_json(data["state"])
        self.__init__(ActionSpace(state.game), state, tuple(data["spelt"]))  # type: ignore[misc]


def _by_text(state: State, word: str) -> Move:
    """The legal move (or chance outcome) whose text is ``word``."""
    if state.is_chance():
        for move, _ in state.chance_outcomes():
            if str(move) == word:
                return move
    else:
        for move in state.legal_moves():
            if str(move) == word:
                return move
    raise ValueError(f"{word!r} is not legal here")  # legal_actions() was checked first
