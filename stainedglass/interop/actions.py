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

Speed: a position's actions are worked out once while it stands (shared by the clones made
there, with its text and observations), each move's actions are remembered by its key (a move's
text is not built to number it), and a move of several words is spelt from rows of numbers (one
a move) that each word narrows. A game that keeps its moves in tables reads the numbers from
them in a ``numbering.py`` of its own, beside its game (found by name: ``action_ids`` for a
move of one word, ``turn_blocks`` for a turn of several, ``chance_node`` and ``row_of``):
Cathedral's from a side's placements; Coloring's, whose turn can offer some 19,000 moves,
pencil by pencil from the sheet's connected shapes, only the chosen pencil's; Sagrada's from
a move's key, or from its analysis core's legal codes (``MOVES_ON_CORE``). The tests check
each against the words of every legal move.

Where the game's analysis core is compiled, ``ActionSpace.speller`` gives a
:class:`CoreSpeller`, which plays on the core alone: legal actions, chance outcomes,
observations and returns read from the core's array (a game's ``numbering.py`` reads a turn of
several words from the core's codes: ``core_blocks``), the engine's state made only when asked.
A :class:`Speller` on the engine keeps the core's state in step with the engine's (each move's
code applied as the move is pushed: :meth:`Speller.push`), made only when first asked, and
reads observations from it (the core's ``observe``: the engine's numbers exactly), once a
position and player. Either sees a play made on the engine's state other than through it (the
core's state is then encoded afresh).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter, is_
from typing import Any

import numpy as np

from ..analysis import COMPILED, Simulator
from ..core import CHANCE, TERMINAL, Game, Move, State, _beside, state_from_json

__all__ = ["END", "ActionSpace", "Speller", "CoreSpeller"]

END = "end"
"""The action that finishes a move spelt in several words when it could also go on."""

_key = attrgetter("key")
_text = attrgetter("text")
# remembered spellings (move key -> action numbers) of one game, at most this many: a game's
# moves are finitely many, but kept in check all the same
_CACHE_LIMIT = 1 << 20


_SHARED: dict[tuple[Any, ...], tuple[dict[Any, Any], ...]] = {}


class ActionSpace:
    """The numbering of one game's moves and chance outcomes (see the module)."""

    def __init__(
        self,
        game: Game,
        observe_on_core: bool | None = None,
        moves_on_core: bool | None = None,
        play_on_core: bool | None = None,
    ) -> None:
        """``observe_on_core``, ``moves_on_core``: take observations, legal actions from the
        game's analysis core (None: observations wherever the core is compiled, legal actions
        where the game's own numbering says so, ``MOVES_ON_CORE``); ``play_on_core``: play the
        game on the core alone, the engine's state made only when asked (None: wherever the
        core is compiled; see :class:`CoreSpeller`). The tests compare every way."""
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
        self.end = self.index.get(END, -1)
        # move key -> its action (one word), its chance outcome, its row of actions (several
        # words: padded with ``end`` to ``max_words``); chance nodes' outcomes met; a game's
        # own tables (Cathedral's placements, Coloring's connected sets): shared by every space
        # of the same kind of game with the same words (a game loaded again, another setup)
        kind = (type(game), words, self.chance_words)
        shared = _SHARED.get(kind)
        if shared is None:
            if len(_SHARED) > 64:
                _SHARED.clear()
            shared = _SHARED[kind] = ({}, {}, {}, {}, {})
        self._action_of: dict[Any, int] = shared[0]
        self._outcome_of: dict[Any, int] = shared[1]
        self._row_of: dict[Any, tuple[int, ...]] = shared[2]
        self._nodes: dict[tuple[int, int], _Outcomes] = shared[3]
        self._tables: dict[str, Any] = shared[4]
        # the analysis core, made when first needed (None: the engine alone)
        self._sim: Simulator | None = None
        self._sim_made = False
        self._observe_on_core = True if observe_on_core is None else observe_on_core
        # the game's own way to number its moves fast, where it has one: ``numbering.py``
        # beside the game (``action_ids``, ``turn_blocks``, ``chance_node``, ``row_of``)
        self.own: Any = _beside(type(game), "numbering")
        self._moves_on_core = bool(getattr(self.own, "MOVES_ON_CORE", False)) and (
            True if moves_on_core is None else moves_on_core
        )
        self._play_on_core = True if play_on_core is None else play_on_core
        # a core code's action (-1: not met yet), a move's, a chance outcome's; a move's row
        self._code_action = np.full(0, -1, dtype=np.intp)
        self._code_outcome = np.full(0, -1, dtype=np.intp)
        self._code_row: dict[int, tuple[int, ...]] = {}
        self._core_nodes: dict[tuple[bytes, bytes], _Outcomes] = {}  # chance nodes met

    @property
    def sim(self) -> Simulator | None:
        """The game's analysis core (compiled), made when first asked; None where it has
        none or numba is missing (a core run as plain Python is slower than the engine)."""
        if not self._sim_made:
            self._sim_made = True
            if COMPILED:
                self._sim = self.game.simulator()
        return self._sim

    @property
    def observe_on_core(self) -> bool:
        """Whether observations are read from the core (see ``__init__``)."""
        return self._observe_on_core and self.sim is not None

    @property
    def moves_on_core(self) -> bool:
        """Whether a Sagrada turn's actions and draws are read from the core's codes."""
        return self._moves_on_core and self.sim is not None

    @property
    def play_on_core(self) -> bool:
        """Whether a game is played on the core alone (:class:`CoreSpeller`)."""
        return self._play_on_core and self.sim is not None

    def speller(self, state: State, spelt: tuple[str, ...] = ()) -> Speller:
        """A speller of ``state`` (held, not copied): on the core alone where
        :attr:`play_on_core`, else on the engine."""
        if self.play_on_core:
            return CoreSpeller(self, state, spelt)
        return Speller(self, state, spelt)

    def code_actions(self, codes: np.ndarray, chance: bool = False) -> np.ndarray:
        """The actions (or chance outcomes' numbers) of the core's ``codes`` (one word a move):
        read from a table by code, each code numbered by its move's word the first time."""
        table = self._code_outcome if chance else self._code_action
        if not len(codes):
            return np.zeros(0, dtype=np.intp)
        top = int(codes.max())
        if top >= len(table):
            grown = np.full(max(top + 1, 2 * len(table)), -1, dtype=np.intp)
            grown[: len(table)] = table
            table = grown
            if chance:
                self._code_outcome = table
            else:
                self._code_action = table
        ids = table[codes]
        if (ids < 0).any():  # first met: numbered by the word of its move
            sim = self.sim
            assert sim is not None
            index = self.chance_index if chance else self.index
            for code in codes[ids < 0].tolist():
                table[code] = index[str(sim.move(None, code))]
            ids = table[codes]
        return np.asarray(ids)

    def code_rows(self, codes: Sequence[int]) -> list[tuple[int, ...]]:
        """Each core code's row of actions (several words a move: padded with ``end``),
        remembered by code."""
        of = self._code_row
        try:
            return list(map(of.__getitem__, codes))
        except KeyError:
            if len(of) > _CACHE_LIMIT:
                of.clear()
            sim = self.sim
            assert sim is not None
            for code in codes:
                if code not in of:
                    of[code] = self._rows([sim.move(None, code)])[0]
            return list(map(of.__getitem__, codes))

    def observe(self, core: np.ndarray, player: int) -> np.ndarray:
        """What ``player`` sees in the core state ``core``, as the engine's ``observation``
        (where ``observe_on_core``): the core's own compiled ``observe``."""
        sim = self.sim
        assert sim is not None
        return sim.observe(core, player)

    @property
    def size(self) -> int:
        return len(self.words)

    def spell(self, move: Move) -> tuple[int, ...]:
        """The actions that spell ``move``."""
        return tuple(self.index[w] for w in self.game.move_words(move))

    # ---- numbering many moves at once (remembered by key) -------------------------------------

    def _actions(self, moves: Sequence[Move]) -> list[int]:
        """Each move's action (one word each): by its text where a move keeps it (the word
        itself), else by its key (remembered)."""
        return _numbered(moves, self.index, self._action_of)

    def _outcomes(self, moves: Sequence[Move]) -> list[int]:
        """Each chance outcome's number (by text where a move keeps it, else by key)."""
        return _numbered(moves, self.chance_index, self._outcome_of)

    def _chance_node(self, outcomes: list[tuple[Move, float]]) -> _Outcomes:
        """A chance node's outcomes numbered; the same list of outcomes again (the very same
        pairs, as a game keeps its dice's outcomes) is not numbered again."""
        if not outcomes:
            return _Outcomes(outcomes, (), (), [])
        key = (len(outcomes), id(outcomes[0]))
        node = self._nodes.get(key)
        if node is not None and all(map(is_, node.outcomes, outcomes)):
            return node
        moves, probs = zip(*outcomes)
        node = _Outcomes(outcomes, moves, probs, self._outcomes(moves))
        if len(self._nodes) > 256:
            self._nodes.clear()
        self._nodes[key] = node  # (holds the pairs: their ids stay theirs)
        return node

    def _rows(self, moves: Sequence[Move]) -> list[tuple[int, ...]]:
        """Each move's actions as a row, padded with ``end`` (several words a move)."""
        of = self._row_of
        try:
            rows = list(map(of.__getitem__, map(_key, moves)))
        except KeyError:
            if len(of) > _CACHE_LIMIT:
                of.clear()
            width, end = self.game.max_words, self.end
            known = getattr(self.own, "row_of", None)
            for m in moves:
                if m.key not in of:
                    spelt = (known(self, m) if known else None) or self.spell(m)
                    of[m.key] = spelt + (end,) * (width - len(spelt))
            rows = list(map(of.__getitem__, map(_key, moves)))
        return rows


def _mark(state: State) -> tuple[Any, int]:
    """Where ``state`` stands: its last snapshot (held, compared by identity) and their count."""
    stack = state._undo_stack
    return (stack[-1] if stack else None, len(stack))


def _stands(state: State, held: tuple[Any, int]) -> bool:
    """Whether ``state`` still stands where :func:`_mark` found it (``held``)."""
    stack = state._undo_stack
    return held[1] == len(stack) and held[0] is (stack[-1] if stack else None)


def _numbered(moves: Sequence[Move], index: dict[str, int], of: dict[Any, int]) -> list[int]:
    """Each move's number in ``index`` (its word's): by its text where a move keeps it, else by
    its key, remembered in ``of``."""
    if moves and not isinstance(getattr(type(moves[0]), "text", None), property):
        try:
            return list(map(index.__getitem__, map(_text, moves)))
        except KeyError:
            pass  # a move not spelt as its text: its word below says which
    try:
        return list(map(of.__getitem__, map(_key, moves)))
    except KeyError:
        if len(of) > _CACHE_LIMIT:
            of.clear()
        for m in moves:
            if m.key not in of:
                of[m.key] = index[str(m)]
        return list(map(of.__getitem__, map(_key, moves)))


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
        # the analysis core's state of ``state`` (where the space uses the core), made when
        # first asked and kept in step by ``push``; ``_core_top``: the engine's last snapshot
        # when it was (the position it stands for: a play made around ``push`` is seen)
        self._core: np.ndarray | None = None
        self._core_top: Any = None

    def clone(self) -> Speller:
        other = Speller(self.space, self.state.clone(), self.spelt)
        other._here = self._here  # the same position: the same moves (never changed in place)
        if self._core is not None:  # (the clone's undo stack holds the same snapshots)
            other._core, other._core_top = self._core.copy(), self._core_top
        return other

    def core(self) -> np.ndarray:
        """The analysis core's state of ``state`` (the space's ``sim``): encoded when first
        asked, or when the state was played on other than by ``push``; kept in step after."""
        core = self._core
        if core is None or not _stands(self.state, self._core_top):
            sim = self.space.sim
            assert sim is not None  # (asked only where the space uses the core)
            core = self._core = sim.encode(self.state)
            self._core_top = _mark(self.state)
        return core

    def push(self, move: Move) -> None:
        """Play ``move`` (legal here, or a chance outcome) on the state, and on the core's
        state where there is one (its code applied)."""
        state = self.state
        core = self._core
        if core is None:
            state._push(move)
            return
        if not _stands(state, self._core_top):
            self._core = None  # played on meanwhile: encoded afresh when next asked
            state._push(move)
            return
        sim = self.space.sim
        assert sim is not None
        code = sim.code(state, move)
        state._push(move)
        sim.apply(core, code)
        self._core_top = _mark(state)

    def _position(self) -> _Position:
        """The moves of the position (made once while it stands: a play, an undo or another
        play in its place gives another: the last snapshot is compared by identity, and held)."""
        state = self.state
        stack = state._undo_stack
        top = stack[-1] if stack else None
        here = self._here
        if here is None or here.top is not top or here.plays != len(stack):
            here = self._here = _Position(self.space, self, state, top, len(stack))
        return here

    # ---- the game's facts, as the bindings ask them at every step ---------------------------

    def current_player(self) -> int:
        """The player to move, ``CHANCE`` or ``TERMINAL`` (as ``State.current_player``)."""
        return self.state.current_player

    def returns(self) -> list[float]:
        """Each player's return at the end (``State.returns()``)."""
        return [float(r) for r in self.state.returns()]

    def chance_seen_by(self) -> int | None:
        """At a chance node, the one player who alone sees its outcome (or None)."""
        return self.state.chance_seen_by()

    def legal_actions(self) -> list[int]:
        here = self._position()
        if here.single:
            return list(here.legal or here.sort())
        return list(here.branch(self.spelt)[2])

    def text(self, player: int | None = None) -> str:
        """``str(state)``, or ``state.text_for(player)``: made once while the position stands
        (clones share it)."""
        texts = self._position().texts
        text = texts.get(player)
        if text is None:
            text = str(self.state) if player is None else self.state.text_for(player)
            texts[player] = text
        return text

    def legal_mask(self) -> np.ndarray:
        """The legal actions as 1s among 0s (int8, one a word: the action mask)."""
        here = self._position()
        if not here.single:
            mask = np.zeros(self.space.size, dtype=np.int8)
            mask[here.branch(self.spelt)[2]] = 1
            return mask
        words = self.space.chance_words if here.probs is not None else self.space.words
        mask = np.zeros(len(words), dtype=np.int8)
        if here.array is None:
            here.array = np.array(here.ids, dtype=np.intp)
        mask[here.array] = 1
        return mask

    def observation(self, player: int) -> np.ndarray:
        """What ``player`` sees (``State.observation``), then, for a game whose moves take
        several words, the words of the move being spelt (one number per action, 1 for each
        chosen so far; only the player spelling it sees them): ``space.observation_size``.
        A new array each time (the position's own numbers are made once for each player)."""
        here = self._position()
        obs = here.seen.get(player)
        if obs is None:
            obs = here.seen[player] = self._observe(player)
        if self.space.game.max_words == 1:
            return obs.copy()
        n = len(obs)
        out = np.zeros(n + self.space.size, dtype=obs.dtype)
        out[:n] = obs
        if self.spelt and here.player == player:
            index = self.space.index
            for word in self.spelt:
                out[n + index[word]] = 1.0
        return out

    def _observe(self, player: int) -> np.ndarray:
        """What ``player`` sees of the position (``State.observation``)."""
        if self.space.observe_on_core:
            self.state._check_player(player)  # (the engine's refusal, in its words)
            return self.space.observe(self.core(), player)
        return self.state.observation(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        here = self._position()
        if here.probs is None:
            if here.player != CHANCE:  # the engine's refusal, in its words
                self.state.chance_outcomes()
            return []
        if here.chances is None:
            ids = here.ids or []  # (a chance node's are always listed)
            if here.sort() == ids:  # (the usual order: the outcomes listed as numbered)
                here.chances = list(zip(ids, here.probs))
            else:
                here.chances = sorted(zip(ids, here.probs))
            if here.node is not None:
                here.node.chances = here.chances
        return list(here.chances)

    def action_word(self, action: int) -> str:
        """The word (or chance outcome) ``action`` stands for here."""
        chance = self._position().player == CHANCE
        words = self.space.chance_words if chance else self.space.words
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < len(words):
            raise ValueError(
                f"action {action!r} is not one of this game's {len(words)} "
                f"{'chance outcomes' if chance else 'actions'}"
            )
        return words[action]

    def apply(self, action: int) -> None:
        """Add the word ``action`` stands for; play the move once spelt. Raises ValueError,
        naming the action, when it is not legal here (nothing changes)."""
        self.play_word(action, self.action_word(action))

    def play_word(self, action: int, word: str) -> None:
        """``apply(action)``, its word known (``action_word``)."""
        here = self._position()
        if here.single:  # a chance outcome, or a move of one word
            if here.ids is None:  # (numbered from the table: found there)
                found = np.flatnonzero(here.array == action)
                if not len(found):
                    raise ValueError(f"action {action} ({word}) is not legal here")
                move = here.moves[int(found[0])]
            else:
                try:
                    move = here.moves[here.ids.index(action)]
                except ValueError:
                    raise ValueError(f"action {action} ({word}) is not legal here") from None
            self.push(move)
            return
        branch = here.branch(self.spelt)
        if action not in branch[2]:
            raise ValueError(f"action {action} ({word}) is not legal here")
        n = len(self.spelt)
        rows, chosen, _, move = after = here.step(branch, n, action)
        # it goes on while a legal move has more words (or the words are no move yet)
        end = self.space.end
        if word != END and n + 1 < here.width and not _all_end(rows, chosen, n + 1, end):
            spelt = self.spelt + (word,)
            here.nexts.setdefault(spelt, after)
            self.spelt = spelt
            return
        self.spelt = ()
        self.push(move(len(rows) - 1 if chosen is None else int(chosen[-1])))

    def __deepcopy__(self, memo: dict[int, Any]) -> Speller:
        return self.clone()  # the space is shared, the state cloned (as OpenSpiel clones)

    def __getstate__(self) -> dict[str, Any]:
        return {"state": self.state.to_json(), "spelt": self.spelt}  # the engine's own record

    def __setstate__(self, data: dict[str, Any]) -> None:
        state = state_from_json(data["state"])
        self.__init__(ActionSpace(state.game), state, tuple(data["spelt"]))  # type: ignore[misc]


class CoreSpeller(Speller):
    """A :class:`Speller` that plays the game on the analysis core alone: the legal actions,
    chance outcomes, observations and returns are read from the core's state, each move's code
    applied to it; the engine's state (``state``) is made only when asked, by playing the
    moves' codes on the state it started from (and kept, to catch up from). The tests play
    both spellers side by side: the same actions, outcomes, observations and returns.

    A play made on the engine's state, as ``state`` handed it out, other than through the
    speller is seen (the core's state is then encoded afresh from it)."""

    def __init__(self, space: ActionSpace, state: State, spelt: tuple[str, ...] = ()) -> None:
        sim = space.sim
        assert sim is not None  # (made by ``ActionSpace.speller`` where the core is compiled)
        self.space = space
        self.spelt = spelt
        self._here = None
        self._sim = sim
        self._live: np.ndarray = sim.encode(state)
        self._player: int | None = None  # the player to move, once asked
        # the engine's state, ``_at`` codes behind; shared with clones until one plays on it
        self._engine = state
        self._owned = True
        self._codes: list[int] = []
        self._at = 0
        # the engine's state as handed out (``state``): where it stood then, to see a play on it
        self._handed = True
        self._held = _mark(state)

    @property
    def state(self) -> State:  # type: ignore[override]  # made when asked (Speller: held)
        """The engine's state of the position (caught up with the moves played since it was
        last asked)."""
        if self._handed:
            self._check()
        engine = self._engine
        if not self._owned:
            engine = self._engine = engine.clone()
            self._owned = True
        codes = self._codes
        if self._at < len(codes):
            sim = self._sim
            for code in codes[self._at :]:
                engine._push(sim.move(engine, code))
            self._at = len(codes)
        self._held = _mark(engine)
        self._handed = True
        return engine

    def _check(self) -> None:
        """A play made on the engine's state handed out by ``state``, other than here: the
        core's state encoded afresh from it."""
        engine = self._engine
        if not _stands(engine, self._held):
            self._live = self._sim.encode(engine)
            self._codes, self._at = [], 0
            self._held = _mark(engine)
            self._here = self._player = None

    def clone(self) -> CoreSpeller:
        other = CoreSpeller.__new__(CoreSpeller)
        other.space, other.spelt, other._sim = self.space, self.spelt, self._sim
        other._here = self._here  # the same position (never changed in place)
        other._player = self._player
        other._live = self._live.copy()
        other._engine, other._codes, other._at = self._engine, list(self._codes), self._at
        other._handed, other._held = False, self._held
        self._owned = other._owned = False  # shared: the first to play on it copies it
        return other

    def core(self) -> np.ndarray:
        if self._handed:
            self._check()
        return self._live

    def push(self, move: Any) -> None:
        """Play ``move``: a code of the core (as the positions here list them) or an engine
        Move legal here."""
        if isinstance(move, Move):
            move = self._sim.code(self.state, move)
        elif self._handed:
            self._check()
        self._handed = False  # (a state handed out before is behind now: not the speller's)
        code = int(move)
        self._sim.apply(self._live, code)
        self._codes.append(code)
        self._here = self._player = None

    def _position(self) -> _Position:
        if self._handed:
            self._check()
        here = self._here
        if here is None:
            here = self._here = _Position(self.space, self)
            self._player = here.player
        return here

    def current_player(self) -> int:
        if self._handed:
            self._check()
        player = self._player
        if player is None:
            player = self._player = self._sim.current_player(self._live)
        return player

    def returns(self) -> list[float]:
        if self.current_player() != TERMINAL:
            return self.state.returns()  # not the end: the engine's ValueError
        return [float(r) for r in self._sim.returns(self._live)]

    def chance_seen_by(self) -> int | None:
        return self._sim.chance_seen_by(self.core())

    def _observe(self, player: int) -> np.ndarray:
        if (
            isinstance(player, bool)
            or not isinstance(player, int)
            or not 0 <= player < self.space.game.num_players
        ):  # the engine's refusal, in its words
            self.state._check_player(player)
        return self.space.observe(self.core(), player)

    def __getstate__(self) -> dict[str, Any]:
        return {"state": self.state.to_json(), "spelt": self.spelt}

    def __setstate__(self, data: dict[str, Any]) -> None:
        state = state_from_json(data["state"])
        space = ActionSpace(state.game)
        if not space.play_on_core:  # (a core not compiled here: on the engine)
            self.__class__ = Speller  # type: ignore[assignment]  # the same speller's other way
        self.__init__(space, state, tuple(data["spelt"]))  # type: ignore[misc]


class _Outcomes:
    """A chance node's outcomes (the pairs as listed), their moves, chances and numbers; the
    legal actions and the (number, chance) pairs sorted, once asked."""

    __slots__ = ("outcomes", "moves", "probs", "ids", "legal", "chances", "draws")

    def __init__(
        self,
        outcomes: list[tuple[Move, float]],
        moves: Sequence[Move],
        probs: Sequence[float],
        ids: list[int],
    ) -> None:
        self.outcomes, self.moves, self.probs, self.ids = outcomes, moves, probs, ids
        self.legal: list[int] | None = None
        self.chances: list[tuple[int, float]] | None = None
        self.draws: np.ndarray | None = None  # the chances as an array (for a draw from many)


class _Position:
    """A position's legal actions, made once: at a chance node or where each move is one word,
    the moves and their actions (``moves``, and ``ids`` or ``array``: in the engine's order)
    and ``legal`` (sorted, once asked); where moves take several words, ``nexts``: after each
    prefix of words, the rows of the moves still spelt by it (each move's actions, padded with
    ``end``), the actions that can come next and the move of a row. Its text and observations
    are kept too."""

    __slots__ = (
        "top",
        "plays",
        "moves",
        "ids",
        "legal",
        "chances",
        "probs",
        "node",
        "player",
        "single",
        "width",
        "blocks",
        "nexts",
        "size",
        "word_index",
        "seen",
        "array",
        "texts",
    )

    def __init__(
        self,
        space: ActionSpace,
        turn: Speller,
        state: State | None = None,
        top: Any = None,
        plays: int = -1,
    ) -> None:
        """The position of ``state`` (``top`` and ``plays``: where it stands), or, with no
        state, of the core state of ``turn`` (a :class:`CoreSpeller`)."""
        self.top = top  # held: its identity says the position still stands
        self.plays = plays
        self.chances: list[tuple[int, float]] | None = None
        self.probs: Sequence[float] | None = None
        self.node: _Outcomes | None = None  # a chance node's outcomes, shared
        self.single = True
        self.seen: dict[int, np.ndarray] = {}
        self.texts: dict[int | None, str] = {}
        self.moves: Sequence[Move] = ()
        self.ids: list[int] | None = []
        # prefix -> (rows, which of them are still spelt by it (None: all), the actions that can
        # come next (None until asked), the move of a row): the rows a list of tuples, or an
        # array of them where there are many
        self.nexts: dict[tuple[str, ...], tuple[Any, Any, list[int] | None, Any]] = {}
        # a Coloring turn's rows by its first word (each pencil's, made once it is chosen)
        self.blocks: dict[int, Any] | None = None
        self.array: np.ndarray | None = None  # ``ids`` as an array, once asked
        self.width = space.game.max_words
        self.size = space.size
        self.word_index = space.index
        self.legal: list[int] | None = None  # (sort() makes it: a chance node's when asked)
        if state is None:
            assert isinstance(turn, CoreSpeller)
            self._read_core(space, turn)
        else:
            self._read_engine(space, state, turn)

    def _read_engine(self, space: ActionSpace, state: State, turn: Speller) -> None:
        """The position's moves and actions, read from the engine's state."""
        player = self.player = state.current_player
        if player == TERMINAL:
            self.legal = []
        elif player == CHANCE:
            node = self.node = (
                space.own.chance_node(space, turn)
                if space.moves_on_core
                else space._chance_node(state.chance_outcomes())
            )
            self.moves, self.probs, self.ids = node.moves, node.probs, node.ids
            self.legal, self.chances = node.legal, node.chances
        elif space.game.max_words == 1:
            self.moves = state.legal_moves()
            ids_of = getattr(space.own, "action_ids", None)
            known = ids_of(space, state, self.moves) if ids_of else None
            if known is not None:
                self.array = known  # (sorted when asked: a mask needs no order)
                self.ids = None
            else:
                self.ids = space._actions(self.moves)
                self.legal = sorted(set(self.ids))
        else:
            blocks_of = getattr(space.own, "turn_blocks", None)
            self._turn(blocks_of(space, state, turn) if blocks_of else None)
            if self.blocks is None:
                moves = state.legal_moves()
                self.nexts[()] = (space._rows(moves), None, None, moves.__getitem__)

    def _read_core(self, space: ActionSpace, turn: CoreSpeller) -> None:
        """The position's moves and actions, read from the core's state: its codes are the
        moves (a chance node's outcomes in the core's order, which is the engine's)."""
        sim = turn._sim
        core = turn._live
        self.ids = None
        player = self.player = sim.current_player(core)
        if player == TERMINAL:
            self.legal, self.ids = [], []
        elif player == CHANCE:
            codes, probs = sim.chance_outcomes(core)
            key = (codes.tobytes(), probs.tobytes())
            node = space._core_nodes.get(key)
            if node is None:  # (the same outcomes again, a roll of the dice: numbered once)
                numbers = space.code_actions(codes, chance=True)
                ids, chances = numbers.tolist(), probs.tolist()
                node = _Outcomes([], codes.tolist(), chances, ids)
                if len(ids) < 2 or bool((numbers[1:] > numbers[:-1]).all()):  # (as a rule)
                    node.legal, node.chances = ids, list(zip(ids, chances))
                if len(space._core_nodes) > 4096:
                    space._core_nodes.clear()
                space._core_nodes[key] = node
            self.node = node
            self.moves, self.probs, self.ids = node.moves, node.probs, node.ids
            self.legal, self.chances = node.legal, node.chances
        elif space.game.max_words == 1:
            codes = sim.legal(core)
            self.moves = codes  # type: ignore[assignment]  # the codes are the moves here
            self.array = space.code_actions(codes)
        else:
            blocks_of = getattr(space.own, "core_blocks", None)
            self._turn(blocks_of(space, turn) if blocks_of else None)
            if self.blocks is None:
                listed = sim.legal(core).tolist()
                self.nexts[()] = (space.code_rows(listed), None, None, listed.__getitem__)

    def _turn(self, blocks: dict[int, Any] | None) -> None:
        """A turn of several words: its rows by first word where the game's numbering gives
        them (else the caller lists them)."""
        self.single = False
        if blocks is not None:
            self.blocks = blocks
            self.nexts[()] = (None, None, sorted(blocks), None)

    def sort(self) -> list[int]:
        """The legal actions, sorted (one word a move, or chance outcomes)."""
        if self.legal is None:
            if self.ids is None:  # numbered from a table (an array, distinct numbers)
                assert self.array is not None
                array = self.array
                ascending = len(array) < 2 or bool((array[1:] > array[:-1]).all())
                self.legal = (array if ascending else np.sort(array)).tolist()
            else:
                self.legal = sorted(set(self.ids))
            if self.node is not None:
                self.node.legal = self.legal
        return self.legal

    def branch(self, spelt: tuple[str, ...]) -> tuple[Any, Any, list[int], Any]:
        """After the words ``spelt``: the rows still spelt by them, the actions that can come
        next, and the move of a row (see ``nexts``)."""
        got = self.nexts.get(spelt)
        if got is not None and got[2] is not None:
            return got  # type: ignore[return-value]
        n = len(spelt)
        if got is None:  # (a state unpickled half spelt) from its own prefix's
            got = self.step(self.branch(spelt[:-1]), n - 1, self.word_index[spelt[-1]])
        rows, alive, _, move = got
        if isinstance(rows, np.ndarray):
            column = rows[alive, n] if alive is not None else rows[:, n]
            legal = np.flatnonzero(np.bincount(column, minlength=self.size)).tolist()
        elif alive is None:
            legal = sorted({r[n] for r in rows})
        else:
            legal = sorted({rows[i][n] for i in alive})
        self.nexts[spelt] = got = (rows, alive, legal, move)
        return got

    def step(self, branch: tuple[Any, ...], n: int, word: int) -> tuple[Any, Any, None, Any]:
        """The rows of ``branch`` (after ``n`` words) whose next word is ``word``."""
        rows, alive, _, move = branch
        if rows is None:  # a Coloring turn's pencil: its own rows, made now
            assert self.blocks is not None
            got = self.blocks[word]
            if callable(got):
                got = self.blocks[word] = got()
            return got[0], None, None, got[1]
        return rows, _narrow(rows, alive, n, word), None, move


def _narrow(rows: Any, alive: Any, n: int, word: int) -> Any:
    """The rows among ``alive`` (None: all) whose word ``n`` is ``word``."""
    if isinstance(rows, np.ndarray):
        if alive is None:
            return np.flatnonzero(rows[:, n] == word)
        return alive[rows[alive, n] == word]
    if alive is None:
        return [i for i, r in enumerate(rows) if r[n] == word]
    return [i for i in alive if rows[i][n] == word]


def _all_end(rows: Any, chosen: Any, n: int, end: int) -> bool:
    """Whether every row of ``chosen`` (None: all) has ended by word ``n``."""
    if isinstance(rows, np.ndarray):
        return bool((rows[chosen if chosen is not None else slice(None), n] == end).all())
    if chosen is None:
        return all(r[n] == end for r in rows)
    return all(rows[i][n] == end for i in chosen)
