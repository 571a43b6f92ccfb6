"""The analysis cores: each game's rules compiled for search, beside the readable engine.

The engine (``core.py`` and each game's ``game.py``) is the rules as a reader learns them: it
explains a move and refuses one in the rule's words. Searches need the same rules thousands of
times a second, so each game also has an *analysis core* (``<game>/simulator.py``), the way
python-chess has Stockfish beside it: the position as one small numpy array, the rules as plain
functions that numba compiles. A differential test (:func:`differential`) plays random games
through both, side by side, and proves that they agree: the same legal moves at every ply, the
same chance outcomes with the same probabilities, the same evaluations, scores and returns.

This module is what every core shares:

* :func:`jit`: numba's ``njit(cache=True)`` where numba is installed, else the plain function
  (slower, the same results: ``NUMBA_DISABLE_JIT=1`` does the same on purpose);
* a random number generator that gives the same numbers compiled or not (:func:`rand_below`,
  :func:`rand_unit`), kept in a one-element array so that compiled code can carry it;
* :class:`Simulator`, the face a core shows to Python and to the searches: a game's
  ``Game.simulator()`` returns one for its options.

A core's *state* is one 1-D ``int64`` array (its fields at fixed offsets the core names), so a
copy is ``s.copy()``; a core's *move* is a whole number (a *code*), the same code for the same
move in every position of a game, so that a search tree can key its children by it.

>>> import stainedglass as sg
>>> game = sg.load("cathedral")
>>> sim = game.simulator()
>>> s = sim.encode(game.new_game(seed=1))
>>> returns = sim.playout(s.copy(), new_rng(5))
>>> float(sum(returns))
1.0
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, cast

import numpy as np

if TYPE_CHECKING:
    from .core import Game, Move, State

__all__ = [
    "COMPILED",
    "Simulator",
    "jit",
    "new_rng",
    "rand_below",
    "rand_unit",
    "differential",
    "Mismatch",
    "valued",
]

F = TypeVar("F", bound=Callable[..., Any])

_numba: Any
try:  # numba is the engine's dependency where it installs (not on Pyodide: the plain functions run)
    import numba as _numba
except ImportError:  # pragma: no cover - every tested platform has numba
    _numba = None

COMPILED: bool = _numba is not None and os.environ.get("NUMBA_DISABLE_JIT", "0") in ("", "0")
"""Whether the cores run compiled (numba installed, ``NUMBA_DISABLE_JIT`` not set)."""


def jit(fn: F) -> F:
    """Compile ``fn`` with numba (``nopython``, cached on disk, so a process compiles once per
    install), or leave it as it is where numba is missing. The function must be plain Python
    over numbers and numpy arrays, so that both give the same results.

    numba's cache is keyed by the function's own file: a change to a function it calls in
    another file is not seen until that file changes too (``touch`` the game's
    ``simulator.py``)."""
    if _numba is None:  # pragma: no cover
        return fn
    return cast(F, _numba.njit(cache=True, nogil=True)(fn))


# --------------------------------------------------------------------------------------------
# Random numbers: the same stream compiled or not (xorshift32 in 64-bit arithmetic, which
# never overflows, on a one-element int64 array that compiled code can carry and update)

_MASK32 = 0xFFFFFFFF


def new_rng(seed: int) -> np.ndarray:
    """A generator for the cores, seeded from ``seed`` (any whole number).

    >>> rng = new_rng(3)
    >>> a = [rand_below(rng, 10) for _ in range(4)]
    >>> b = new_rng(3)
    >>> a == [rand_below(b, 10) for _ in range(4)]
    True
    """
    x = random.Random(seed).getrandbits(32) or 0x9E3779B9
    return np.array([x], dtype=np.int64)


@jit
def rand_next(rng: np.ndarray) -> int:
    """The next 32-bit number of ``rng`` (1 .. 2**32 - 1), ``rng`` moved on."""
    x = rng[0]
    x ^= (x << 13) & _MASK32
    x ^= x >> 17
    x ^= (x << 5) & _MASK32
    rng[0] = x
    return int(x)


@jit
def rand_below(rng: np.ndarray, n: int) -> int:
    """A whole number in ``0 .. n-1`` (``n`` >= 1), all but equally likely."""
    return int(rand_next(rng) % n)


@jit
def rand_unit(rng: np.ndarray) -> float:
    """A number in ``[0, 1)``."""
    return (rand_next(rng) - 1) / 4294967295.0


@jit
def pick(probs: np.ndarray, n: int, u: float) -> int:
    """The index in ``0 .. n-1`` at quantile ``u`` of the first ``n`` probabilities (which sum
    to about 1; the last one takes what rounding leaves)."""
    acc = 0.0
    for i in range(n - 1):
        acc += probs[i]
        if u < acc:
            return i
    return n - 1


# --------------------------------------------------------------------------------------------
# The face of a core


class Simulator:
    """One game's analysis core, for one :class:`~stainedglass.core.Game` (its options fixed),
    as Python and the searches see it. A game's ``simulator.py`` subclasses it; the methods
    below are thin calls into the compiled functions.

    A core state ``s`` is a 1-D ``int64`` array; moves and chance outcomes are codes (whole
    numbers). ``current_player(s)`` follows the engine: 0.., ``CHANCE`` (-1), ``TERMINAL`` (-2).
    """

    game: Game
    players: int

    def __init__(self, game: Game) -> None:
        self.game = game
        self.players = game.num_players

    # ---- between the engine and the core --------------------------------------------------

    def encode(self, state: State) -> np.ndarray:
        """The core state of the engine's ``state`` (the whole truth: hidden cards included)."""
        raise NotImplementedError

    def move(self, state: State | None, code: int) -> Move:
        """The engine's Move for ``code``, a move or chance outcome legal in ``state`` (a
        code names its move alone: ``state`` may be None)."""
        raise NotImplementedError

    def code(self, state: State, move: Move) -> int:
        """The code of the engine's ``move``, legal (or a chance outcome) in ``state``."""
        raise NotImplementedError

    # ---- the rules ------------------------------------------------------------------------

    def current_player(self, s: np.ndarray) -> int:
        raise NotImplementedError

    def legal(self, s: np.ndarray) -> np.ndarray:
        """The codes of the legal moves (a new int64 array; empty at the end). At a chance
        node, the outcomes' codes, in the order of :meth:`chance_outcomes`."""
        raise NotImplementedError

    def chance_outcomes(self, s: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """At a chance node: the outcomes' codes and their probabilities (float64, sum 1)."""
        raise NotImplementedError

    def chance_seen_by(self, s: np.ndarray) -> int | None:
        """At a chance node: the one player who alone sees its outcome, as the engine's
        ``State.chance_seen_by()`` (None: everyone sees it, as in games with nothing hidden)."""
        return None

    def apply(self, s: np.ndarray, code: int) -> None:
        """Play ``code``, legal in ``s``, in place."""
        raise NotImplementedError

    def scores(self, s: np.ndarray) -> np.ndarray:
        """Each player's points, as the engine's ``scores()``."""
        raise NotImplementedError

    def returns(self, s: np.ndarray) -> np.ndarray:
        """At the end, as the engine's ``returns()`` (float64)."""
        raise NotImplementedError

    def evaluate(self, s: np.ndarray) -> np.ndarray:
        """The game's quick estimate of the returns, as the engine's ``evaluate()``."""
        raise NotImplementedError

    def playout(self, s: np.ndarray, rng: np.ndarray) -> np.ndarray:
        """Play ``s`` to the end in place, every move drawn uniformly from the legal ones and
        every chance outcome by its probability, from ``rng`` (:func:`new_rng`); the returns."""
        raise NotImplementedError

    def observe(self, s: np.ndarray, player: int) -> np.ndarray:
        """What ``player`` sees, as the engine's ``State.observation(player)``: a float32 array
        of ``game.observation_size`` numbers (self-play records it at every decision)."""
        raise NotImplementedError

    def determinize(self, s: np.ndarray, player: int, rng: np.ndarray) -> None:
        """Redraw in place, from ``rng``, what ``player`` cannot see (others' hands, a pile's
        order), as the engine's ``view(player)`` does. Games without hidden information keep
        ``s`` as it is."""
        if self.game.facts.hidden_information:
            raise NotImplementedError

    def copy(self, s: np.ndarray) -> np.ndarray:
        return s.copy()

    _prepared: ClassVar[set[type]] = set()

    def prepare(self) -> None:
        """Load the core's compiled functions (from numba's cache, or compiling them) by using
        each once, at most once a process for each kind of core: ``Game.simulator()`` calls
        it, so that a search's clock starts only after the core is ready. A core whose
        searches use more compiled functions adds them in :meth:`_prepare`."""
        if type(self) in Simulator._prepared:
            return
        Simulator._prepared.add(type(self))
        s = self.encode(self.game.new_game(seed=0))
        self.random_games(s, 1, 0)
        codes = self.legal(s)
        self.evaluate_after(s, codes[:2])
        self.evaluate(s)
        self._prepare(s)

    def _prepare(self, s: np.ndarray) -> None:  # hook
        """More of the core to load before a search starts (see :meth:`prepare`)."""

    # ---- shared on top (a core may compile these loops; these call the methods above) ------

    def sample_chance(self, s: np.ndarray, rng: np.ndarray) -> int:
        """A chance outcome's code drawn by its probability from ``rng``."""
        codes, probs = self.chance_outcomes(s)
        return int(codes[pick(probs, len(probs), rand_unit(rng))])

    def evaluate_after(self, s: np.ndarray, codes: np.ndarray) -> np.ndarray:
        """A ``(len(codes), players)`` array: :meth:`evaluate` (or the returns, where the game
        ends) after each move of ``codes`` from ``s`` (left as it is): one ply of look-ahead."""
        out = np.empty((len(codes), self.players))
        for i, code in enumerate(codes):
            t = s.copy()
            self.apply(t, int(code))
            out[i] = self.returns(t) if self.current_player(t) == -2 else self.evaluate(t)
        return out

    def random_games(self, s: np.ndarray, games: int, seed: int) -> np.ndarray:
        """``games`` random playouts from ``s`` (left as it is): a ``(games, players)`` array
        of their returns. A core may compile the loop; this one calls :meth:`playout`."""
        rng = new_rng(seed)
        out = np.empty((games, self.players))
        for g in range(games):
            out[g] = self.playout(s.copy(), rng)
        return out


class _Valued:
    """A core whose evaluation is a :class:`~stainedglass.ai.cores.ValueFunction` of each player's observation and
    the game's own evaluation; where several play, each player's value is taken against the
    others' (less their mean, plus an equal share: what all of them see alike cancels out),
    within 0..1; everything else the core's own."""

    def __init__(
        self, sim: Simulator, value: Callable[[np.ndarray, np.ndarray], np.ndarray]
    ) -> None:
        self._sim, self._value = sim, value

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sim, name)

    def evaluate(self, s: np.ndarray) -> np.ndarray:
        sim = self._sim
        seen = np.stack([sim.observe(s, p) for p in range(sim.players)])
        judged = sim.evaluate(s)
        chances = np.asarray(self._value(seen, judged), dtype=np.float64).reshape(sim.players)
        if sim.players > 1:  # each against the others: what all see alike cancels out
            chances = np.clip(chances - chances.mean() + 1.0 / sim.players, 0.0, 1.0)
        return chances

    # one ply of look-ahead as every core has it, the core's own methods forwarded and this
    # evaluation used (a core's compiled evaluate_after would use the game's own)
    evaluate_after = Simulator.evaluate_after


def valued(sim: Simulator, value: Callable[[np.ndarray, np.ndarray], np.ndarray]) -> Simulator:
    """``sim`` with ``value`` as its evaluation (``evaluate``, ``evaluate_after``): what a
    search given ``value=`` searches on."""
    return _Valued(sim, value)  # type: ignore[return-value]  # the core's methods, forwarded


# --------------------------------------------------------------------------------------------
# The differential test: the core proved equal to the engine


class Mismatch(AssertionError):
    """Where a core and the engine disagree: the game, the ply and what differs."""


def differential(
    game: Game, games: int, seed: int = 0, evaluate_every: int = 1, tolerance: float = 1e-9
) -> int:
    """Play ``games`` random games of ``game`` through the engine and its core side by side
    (seeds ``seed``, ``seed + 1``, ...) and raise :class:`Mismatch` at the first difference:

    * the player to move;
    * the legal moves at every ply (the core's codes read as the engine's moves, which are equal
      when their keys are: each once), and the move played's code read back to the same move;
    * the chance outcomes and their probabilities, and who alone sees the outcome;
    * the core state made afresh from the engine's, against the one the core played to;
    * the evaluation and, where the core gives it, the player's observation (every
      ``evaluate_every`` plies), the scores, and at the end the returns.

    Returns the number of plies compared.
    """
    sim = game.simulator()
    if sim is None:
        raise ValueError(f"{game.name} has no analysis core")
    plies = 0
    observes = type(sim).observe is not Simulator.observe
    for g in range(games):
        state = game.new_game(seed=seed + g)
        s = sim.encode(state)
        rng = random.Random(seed * 1_000_003 + g)
        ply = 0

        def fail(what: str, engine: Any, core: Any, state: State = state) -> Mismatch:
            return Mismatch(
                f"{game!r}, game seed {state.seed}, ply {len(state.history)} after "
                f"{state.history[-3:]}: {what} differ\n  engine: {engine}\n  core:   {core}"
            )

        while True:
            player = state.current_player
            if sim.current_player(s) != player:
                raise fail("the player to move", player, sim.current_player(s))
            fresh = sim.encode(state)
            if not np.array_equal(fresh, s):
                where = np.flatnonzero(fresh != s) if fresh.shape == s.shape else fresh.shape
                raise fail("the core states (encoded afresh vs played)", where, s.shape)
            if not np.array_equal(sim.scores(s), np.asarray(state.scores())):
                raise fail("the scores", state.scores(), list(sim.scores(s)))
            if player == -2:  # TERMINAL
                if not np.allclose(sim.returns(s), state.returns(), atol=tolerance):
                    raise fail("the returns", state.returns(), list(sim.returns(s)))
                break
            if observes and player >= 0 and ply % max(evaluate_every, 1) == 0:
                seen = sim.observe(s, player)
                if not np.allclose(seen, state.observation(player), atol=1e-6):
                    where = np.flatnonzero(~np.isclose(seen, state.observation(player)))[:8]
                    raise fail("the observations", f"indices {list(where)}", "")
            if evaluate_every and ply % evaluate_every == 0:
                ev = sim.evaluate(s)
                if not np.allclose(ev, state.evaluate(), atol=1e-6):
                    raise fail("the evaluations", state.evaluate(), list(ev))
            codes = sim.legal(s).tolist()
            if player == -1:  # CHANCE
                outcomes = dict(state.chance_outcomes())
                got_codes, probs = sim.chance_outcomes(s)
                got = {sim.move(state, int(c)): float(p) for c, p in zip(got_codes, probs)}
                if (
                    len(got) != len(got_codes)
                    or outcomes.keys() != got.keys()
                    or any(abs(outcomes[k] - got[k]) > tolerance for k in outcomes)
                ):
                    raise fail(
                        "the chance outcomes",
                        sorted((str(m), p) for m, p in outcomes.items()),
                        sorted((str(m), p) for m, p in got.items()),
                    )
                if sim.chance_seen_by(s) != state.chance_seen_by():
                    raise fail(
                        "who alone sees the outcome", state.chance_seen_by(), sim.chance_seen_by(s)
                    )
                moves = list(outcomes)
            else:
                moves = state.legal_moves()
                core_moves = {sim.move(state, c) for c in codes}  # moves are equal by their key
                if len(core_moves) != len(codes) or core_moves != set(moves):
                    missing = sorted(str(m) for m in set(moves) - core_moves)[:5]
                    extra = sorted(str(m) for m in core_moves - set(moves))[:5]
                    raise fail(
                        "the legal moves",
                        f"{len(moves)} moves, the core lacks {missing}",
                        f"{len(codes)} codes ({len(core_moves)} moves), the engine lacks {extra}",
                    )
            move = moves[rng.randrange(len(moves))]
            code = sim.code(state, move)
            if sim.move(state, code) != move:
                raise fail("a move and its code read back", move, sim.move(state, code))
            state._push(move)
            sim.apply(s, code)
            ply += 1
        plies += ply
    return plies
