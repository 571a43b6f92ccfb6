"""Walls of Light's analysis core, as Python and the searches see it: the engine's position to
one ``int64`` array and back, moves to codes and back, and thin calls into the compiled rules
(``compiled.py``, ``compiled_evaluation.py``, ``compiled_search.py``). ``differential``
(``stainedglass.analysis``) proves it equal to the engine
(``tests/test_walls_of_light_simulator.py``).

>>> import stainedglass as sg
>>> from stainedglass.analysis import new_rng
>>> game = sg.load("walls_of_light", players=2)
>>> sim = game.simulator()
>>> s = sim.encode(game.new_game(seed=1))
>>> float(sum(sim.playout(s.copy(), new_rng(5))))
1.0
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..analysis import Simulator, jit
from . import compiled as C
from . import compiled_evaluation as E
from . import compiled_search as CS
from . import moves as M
from .moves import CARD, DRAW, DRAWS, PASS, PASS_MOVE, PLACE, PLACES, REMOVE, REMOVES, ROLL
from .options import CARDS_PER_TYPE
from .game import MARGIN_HALF, SCORE_HALF, code_numbers
from .panes import code_of
from .windows import WINDOWS, Face

if TYPE_CHECKING:
    from ..core import Game, Move, State
    from .game import WallsOfLightState

__all__ = ["WallsOfLightSimulator", "simulator"]


def _roll_code(pairs: tuple[tuple[int, int], ...]) -> int:
    """The code of the roll giving die ``d`` the value ``v`` for each ``(d, v)``."""
    return C.ROLL_BASE + sum(v * (49, 7, 1)[d] for d, v in pairs)


_ROLL_MOVES = {_roll_code(m.a): m for ms in M.ROLLS.values() for m in ms}
_REROLL_MOVES = {sum(1 << d for d in dice): m for dice, m in M.REROLLS.items()}
_MODIFY_MOVES = {d * 2 + (s < 0): m for (d, s), m in M.MODIFIES.items()}


_BY_CODE = code_numbers()  # (the engine's observation's own numbers of a pane code)


def _glass_numbers(face: Face) -> np.ndarray:
    """A face's own numbers in an observation, per cell: glass, a "+1" space, a "+card" space."""
    out = np.zeros((16, 18), dtype=np.float32)
    for cell in face.spaces:
        out[cell, 0] = 1.0
        out[cell, 16] = cell in face.plus1
        out[cell, 17] = cell in face.plus_card
    return out


def face_row(face: Face) -> np.ndarray:
    """A face as a row of the faces table (``compiled.py``'s ``F_`` columns)."""
    row = np.zeros(C.FACE_COLUMNS, dtype=np.int64)
    row[C.F_N] = len(face.spaces)
    row[C.F_SPACES : C.F_SPACES + len(face.spaces)] = face.spaces
    for cell, color in face.printed:
        row[C.F_PRINTED + cell] = code_of(color)
    row[C.F_NPLUS1] = len(face.plus1)
    row[C.F_PLUS1 : C.F_PLUS1 + len(face.plus1)] = face.plus1
    row[C.F_NCARD] = len(face.plus_card)
    row[C.F_CARD : C.F_CARD + len(face.plus_card)] = face.plus_card
    row[C.F_NPRINTED] = len(face.printed)
    return row


class WallsOfLightSimulator(Simulator):
    """Walls of Light's core for one game's options. ``pairs`` are the window pairs a game
    can hold (the designed six, ``windows=`` or the ``start=`` position's); ``faces`` their
    faces, a row each (pair * 2 + side)."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        settings = game.settings
        start = settings["start"]
        pairs = start["windows"] if start is not None else settings["windows"] or WINDOWS
        self.pairs: tuple[tuple[Face, Face], ...] = tuple(pairs)
        self.faces = np.array([face_row(f) for pair in self.pairs for f in pair], dtype=np.int64)
        self._glass = np.array([_glass_numbers(f) for pair in self.pairs for f in pair])
        self._buf = np.zeros(C.MAX_MOVES, dtype=np.int64)
        self._codes = np.zeros(C.MAX_OUTCOMES, dtype=np.int64)
        self._probs = np.zeros(C.MAX_OUTCOMES)

    # ---- between the engine and the core --------------------------------------------------

    def _pair(self, pair: tuple[Face, Face], pos: int) -> int:
        """The index in ``pairs`` of a position's window pair (its own index when equal)."""
        pairs = self.pairs
        if pos < len(pairs) and pairs[pos] is pair:
            return pos
        for i, known in enumerate(pairs):  # the same faces first, then equal ones
            if known is pair:
                return i
        if pos < len(pairs) and pairs[pos] == pair:
            return pos
        for i, known in enumerate(pairs):
            if known == pair:
                return i
        raise ValueError(f"window pair {pair[0].name}/{pair[1].name} is not one of this game's")

    def encode(self, state: State) -> np.ndarray:
        """The position as the core's array: every field of the engine's, the hands too."""
        st: WallsOfLightState = state  # type: ignore[assignment]
        n = self.players
        s = np.zeros(C.STATE_SIZE, dtype=np.int64)
        s[C.CELL : C.CELL + 96] = st.cells
        s[C.FILLED : C.FILLED + 6] = st.filled
        s[C.SUPPLY : C.SUPPLY + 3] = st.supply
        s[C.SIDE : C.SIDE + 6] = st.side
        s[C.WIN : C.WIN + 6] = [self._pair(st.windows[pos], pos) for pos in range(6)]
        s[C.CUBES : C.CUBES + 6] = st.cubes
        for p in range(n):
            s[C.HANDS + 4 * p : C.HANDS + 4 * p + 4] = st.hands[p]
        s[C.PILE : C.PILE + 4] = st.pile
        s[C.DISCARD : C.DISCARD + 4] = st.discard
        s[C.SCORE : C.SCORE + n] = st.score
        if st.dice is not None:
            s[C.DICE : C.DICE + 3] = st.dice
        s[C.TO_MOVE] = st.to_move
        s[C.PHASE] = st._phase
        s[C.REROLL] = sum(1 << d for d in st.reroll)
        s[C.CARD_PLAYED] = st.card_played
        s[C.ACTED] = st.acted
        s[C.QUIET] = st.quiet_turns
        s[C.LEFT] = st.placements_left
        s[C.NPEND] = len(st.pending_draws)
        s[C.PEND : C.PEND + len(st.pending_draws)] = st.pending_draws
        s[C.NPLAYERS] = n
        return s

    def move(self, state: State | None, code: int) -> Move:
        """The engine's move (or chance outcome) for ``code``."""
        if code < C.REMOVE_BASE:
            return PLACES[code // 96][code % 96]
        if C.ROLL_BASE <= code < C.DRAW_BASE:
            return _ROLL_MOVES[code]
        if code < C.PASS_CODE:
            return REMOVES[code - C.REMOVE_BASE]
        if code == C.PASS_CODE:
            return PASS_MOVE
        if code == C.EXTRA_CODE:
            return M.EXTRA_MOVE
        if code < C.MODIFY_BASE:
            return _REROLL_MOVES[code - C.REROLL_BASE + 1]
        if code < C.SWAP_BASE:
            return _MODIFY_MOVES[code - C.MODIFY_BASE]
        if code < C.ROLL_BASE:
            return M.swap_move(*divmod(code - C.SWAP_BASE, 96))
        if code < C.DRAW_BASE:
            return _ROLL_MOVES[code]
        return DRAWS[code - C.DRAW_BASE]

    def code(self, state: State, move: Move) -> int:
        """The code of the engine's ``move`` (a WMove)."""
        m: M.WMove = move  # type: ignore[assignment]
        kind = m.kind
        if kind == PLACE:
            return int(m.a * 96 + m.b)
        if kind == REMOVE:
            return int(C.REMOVE_BASE + m.b)
        if kind == PASS:
            return C.PASS_CODE
        if kind == ROLL:
            return _roll_code(m.a)
        if kind == DRAW:
            return int(C.DRAW_BASE + m.a)
        assert kind == CARD
        if m.a == M.EXTRA:
            return C.EXTRA_CODE
        if m.a == M.REROLL:
            return int(C.REROLL_BASE + sum(1 << d for d in m.b) - 1)
        if m.a == M.MODIFY:
            d, sign = m.b
            return int(C.MODIFY_BASE + d * 2 + (sign < 0))
        g1, g2 = m.b
        return int(C.SWAP_BASE + g1 * 96 + g2)

    # ---- the rules ------------------------------------------------------------------------

    def current_player(self, s: np.ndarray) -> int:
        """The player to decide; -1 at a roll or a card drawn; -2 at the end."""
        return int(C.current_player(s))

    def legal(self, s: np.ndarray) -> np.ndarray:
        """The legal moves' codes (at chance, the outcomes')."""
        k = C.legal_into(s, self.faces, self._buf)
        return self._buf[:k].copy()

    def chance_seen_by(self, s: np.ndarray) -> int | None:
        """A card drawn goes into the hand of the first player owed one, unseen by the others;
        dice are seen by all."""
        if s[C.PHASE] == C.PH_DRAW and s[C.NPEND] > 0:
            return int(s[C.PEND])
        return None

    def chance_outcomes(self, s: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The rolls (or cards drawn) and their chances."""
        k = C.chance_into(s, self._codes, self._probs)
        return self._codes[:k].copy(), self._probs[:k].copy()

    def apply(self, s: np.ndarray, code: int) -> None:
        """Play ``code`` in place."""
        C.apply_move(s, self.faces, code)

    def scores(self, s: np.ndarray) -> np.ndarray:
        """Each player's points."""
        return s[C.SCORE : C.SCORE + self.players].copy()

    def returns(self, s: np.ndarray) -> np.ndarray:
        """Each player's share of the win at the end (rule 8: points, then cards in hand)."""
        out = np.zeros(self.players)
        C.returns_into(s, out)
        return out

    def evaluate(self, s: np.ndarray) -> np.ndarray:
        """``evaluate()``: the shares of the win the board promises (evaluation.py)."""
        out = np.zeros(self.players)
        E.estimate(s, self.faces, True, out)
        return out

    def points(self, s: np.ndarray) -> np.ndarray:
        """``points()`` of evaluation.py: points so far and those the board promises."""
        out = np.zeros(self.players)
        E.estimate(s, self.faces, False, out)
        return out

    def observe(self, s: np.ndarray, player: int) -> np.ndarray:
        """What ``player`` sees, as the engine's ``observation(player)`` (1786 numbers): each
        space's glass, printed color, color shown, winks and specials; the dice, the phase,
        the player's cards, then the sides up, the next seats' hand sizes, the pile and the
        discards, the scores from the player on, the next seats' margins over the player, the
        winks left, the cubes, the turn's state, whose turn from the player on, a two-player
        game (compiled: :func:`_observe`)."""
        out = np.empty(self.game.observation_size, dtype=np.float32)
        _observe(s, player, self.players, _OBSERVED_FIELDS, self._glass, _BY_CODE, out)
        return out

    def playout(self, s: np.ndarray, rng: np.ndarray) -> np.ndarray:
        """A random game to the end from ``s`` (in place); its returns."""
        C.playout(s, self.faces, rng, self._buf)
        return self.returns(s)

    def determinize(self, s: np.ndarray, player: int, rng: np.ndarray) -> None:
        """The others' hands redrawn from the cards ``player`` cannot see (as ``view``)."""
        C.determinize(s, player, rng)

    def sample_chance(self, s: np.ndarray, rng: np.ndarray) -> int:
        """A chance outcome at quantile ``rand_unit(rng)``, by the outcomes' chances."""
        return int(C.sample_chance(s, rng))

    def evaluate_after(self, s: np.ndarray, codes: np.ndarray) -> np.ndarray:
        """``evaluate()`` (the returns at the end) after each move of ``codes``."""
        return E.evaluate_after(s, self.faces, np.asarray(codes, dtype=np.int64))

    def points_after(self, s: np.ndarray, codes: np.ndarray) -> np.ndarray:
        """``points()`` after each move of ``codes``."""
        return E.points_after(s, self.faces, np.asarray(codes, dtype=np.int64))

    # ---- for walls_mcts: its leaves where the roll hands the turn over, compiled -------------

    def hands_over(self, s: np.ndarray, code: int, mover: int) -> bool:
        """Whether the chance outcome ``code`` (legal in ``s``) hands the turn to a player
        other than ``mover`` (``walls_mcts``'s ``_hands_over``)."""
        return bool(CS.hands_over(s, self.faces, code, mover))

    def _prepare(self, s: np.ndarray) -> None:
        """``walls_mcts``'s and the game's own search's compiled functions loaded too."""
        t = s.copy()
        while self.current_player(t) == -1:  # the first roll
            self.apply(t, self.sample_chance(t, np.array([7], dtype=np.int64)))
        rng = np.array([7], dtype=np.int64)
        self.turns_value(t, int(self.current_player(t)), np.array([0.5, 0.5]), rng)

    def turns_value(
        self, s: np.ndarray, mover: int, quantiles: np.ndarray, rng: np.ndarray
    ) -> np.ndarray:
        """``walls_mcts``'s ``_replies`` on the core: from ``s`` (left as it is), a chance node
        where the turn passes from ``mover``, the next ``len(quantiles)`` turns played out, the
        roll beginning the k-th at quantile ``quantiles[k]``, chance inside a turn (Roll Again,
        a card drawn) at ``rand_unit(rng)``, every decision the best one ply deep by
        ``evaluate()``; the value vector (``evaluate()``, or the returns at the end) where the
        turn after them would begin."""
        q = np.asarray(quantiles, dtype=np.float64)
        return CS.turns_value(s, self.faces, mover, q, rng)

    def random_games(self, s: np.ndarray, games: int, seed: int) -> np.ndarray:
        """``games`` random playouts from ``s`` (left as it is), compiled; their returns."""
        from ..analysis import new_rng

        return C.random_games(s, self.faces, games, new_rng(seed))


def simulator(game: Game) -> WallsOfLightSimulator:
    """The core for ``game``'s options (``Game.simulator()`` calls this)."""
    return WallsOfLightSimulator(game)


_OBSERVED_FIELDS = np.array(
    [
        C.CELL,
        C.WIN,
        C.SIDE,
        C.DICE,
        C.PHASE,
        C.HANDS,
        C.PILE,
        C.DISCARD,
        C.SCORE,
        C.SUPPLY,
        C.CUBES,
        C.CARD_PLAYED,
        C.ACTED,
        C.LEFT,
        C.TO_MOVE,
        CARDS_PER_TYPE,
        SCORE_HALF,
        MARGIN_HALF,
    ],
    dtype=np.int64,
)


@jit
def _observe(
    s: np.ndarray,
    player: int,
    n: int,
    f: np.ndarray,
    glass: np.ndarray,
    by_code: np.ndarray,
    out: np.ndarray,
) -> None:
    """Walls of Light's ``observation(player)`` into ``out`` (1786): each space's glass,
    printed color, color shown, winks and specials (its window face's numbers, and its code's
    where it is glass); the dice, the phase, the player's cards; the sides up, the next seats'
    hand sizes, the pile and the discards, the scores from the player on (``s / (s + 50)``),
    the next seats' margins over the player (``0.5 + 0.5 d / (|d| + 20)``), the winks left, the
    cubes, the turn's state, whose turn from the player on, a two-player game. ``f``: the
    core's field offsets, the cards of each type, then the scores' 50 and the margins' 20."""
    cell, win, side, dice, phase, hands = f[0], f[1], f[2], f[3], f[4], f[5]
    pile, discard, score, supply, cubes = f[6], f[7], f[8], f[9], f[10]
    played, acted, left, to_move, per_type = f[11], f[12], f[13], f[14], f[15]
    score_half, margin_half = f[16], f[17]
    for i in range(96):
        face = glass[2 * s[win + i // 16] + s[side + i // 16], i % 16]
        row = by_code[s[cell + i]]
        g = face[0]
        for j in range(18):
            out[i * 18 + j] = row[j] * g + face[j]
    k = 96 * 18
    for j in range(18 + 5):
        out[k + j] = 0.0
    for d in range(3):
        if s[dice + d]:
            out[k + d * 6 + s[dice + d] - 1] = 1.0
    k += 18
    out[k + s[phase]] = 1.0
    k += 5
    for t in range(4):
        out[k + t] = s[hands + 4 * player + t] / per_type
    k += 4
    for j in range(6):
        out[k + j] = s[side + j]
    k += 6
    for j in range(1, 3):  # the next seats' hand sizes
        total = 0
        if j < n:
            q = (player + j) % n
            for t in range(4):
                total += s[hands + 4 * q + t]
        out[k] = total / 16
        k += 1
    total = 0
    for t in range(4):
        total += s[pile + t]
    out[k] = total / 16
    total = 0
    for t in range(4):
        total += s[discard + t]
    out[k + 1] = total / 16
    k += 2
    for j in range(3):  # the scores from the player on
        v = s[score + (player + j) % n]
        out[k + j] = v / (v + score_half) if j < n else 0.0
    k += 3
    mine = s[score + player]
    for j in range(1, 3):  # the next seats' margins over the player
        if j < n:
            d = s[score + (player + j) % n] - mine
            out[k] = 0.5 + 0.5 * d / (abs(d) + margin_half)
        else:
            out[k] = 0.0
        k += 1
    for j in range(3):
        out[k + j] = s[supply + j] / 8
    k += 3
    for j in range(6):
        out[k + j] = s[cubes + j]
    k += 6
    out[k] = s[played]
    out[k + 1] = s[acted]
    out[k + 2] = s[left] / 3
    k += 3
    for j in range(3):
        out[k + j] = 1.0 if j < n and s[to_move] == (player + j) % n else 0.0
    out[k + 3] = 1.0 if n == 2 else 0.0
