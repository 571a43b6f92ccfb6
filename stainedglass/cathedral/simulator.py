"""Cathedral's analysis core as Python and the searches see it (``core_rules.py`` holds the
compiled rules): a position as one int64 array, a placement as its code in the table.

>>> import stainedglass as sg
>>> game = sg.load("cathedral")
>>> sim = game.simulator()
>>> state = game.new_game()
>>> s = sim.encode(state)
>>> len(sim.legal(s))  # Light places the Cathedral first
224
>>> sim.apply(s, sim.code(state, state.parse_move("cathedral e4 d5 e5 f5 e6 e7")))
>>> sim.current_player(s)
1
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..analysis import Simulator, jit, new_rng
from ..core import TERMINAL, Game, Move, State
from . import core_rules as cr
from .pieces import CATHEDRAL, CATHEDRAL_MOVES, LIGHT, NEUTRAL, SIDES, Placement

if TYPE_CHECKING:
    from .game import Cathedral, CathedralState

__all__ = ["CathedralSimulator"]

_CATHEDRAL_STATE = {"unplaced": cr.UNPLACED, "placed": cr.PLACED, "captured": cr.CAPTURED}
_INDEX = (
    {m: i for i, m in enumerate(SIDES[0].moves)},
    {m: i for i, m in enumerate(SIDES[1].moves)},
)
_CATHEDRAL_INDEX = {m: i for i, m in enumerate(CATHEDRAL_MOVES)}
_MOVES: tuple[Placement, ...] = (*SIDES[0].moves, *SIDES[1].moves, *CATHEDRAL_MOVES)
"""Each code's placement."""


def code_of(owner: int, piece: int, mask: int) -> int:
    """The code of ``owner``'s building ``piece`` on the squares ``mask`` (owner 2: the
    Cathedral)."""
    if owner == NEUTRAL:
        return cr.CATHEDRAL_CODE + _CATHEDRAL_INDEX[_cathedral(mask)]
    return owner * cr.PER_SIDE + _INDEX[owner][SIDES[owner].by_key[(piece, mask)]]


def _cathedral(mask: int) -> Placement:
    return next(m for m in CATHEDRAL_MOVES if m.mask == mask)


def encode_state(state: CathedralState) -> np.ndarray:
    """The core array of the engine's ``state`` (any position it can hold)."""
    s = np.zeros(cr.WIDTH, dtype=np.int64)
    for k in range(3):
        s[cr.OCC + 2 * k] = state.occ[k] & cr.M50
        s[cr.OCC + 2 * k + 1] = state.occ[k] >> 50
    for side in range(2):
        s[cr.TERR + 2 * side] = state.terr[side] & cr.M50
        s[cr.TERR + 2 * side + 1] = state.terr[side] >> 50
        s[cr.SUPPLY + cr.KINDS * side : cr.SUPPLY + cr.KINDS * (side + 1)] = state.supply[side]
        s[cr.BUILT + side] = int(state.has_built[side])
    s[cr.PLACER] = state.cathedral_placer
    s[cr.CATH] = _CATHEDRAL_STATE[state.cathedral_state]
    s[cr.TO_MOVE] = state.to_move
    s[cr.GAMES] = len(state.match_scores)
    for g, pair in enumerate(state.match_scores):
        s[cr.MATCH + 2 * g : cr.MATCH + 2 * g + 2] = pair
    s[cr.CLAIM] = state.last_claim & cr.M50
    s[cr.CLAIM + 1] = state.last_claim >> 50
    s[cr.SKIPPED : cr.SKIPPED + 2] = -1
    s[cr.SKIPPED : cr.SKIPPED + len(state.skipped)] = state.skipped
    s[cr.CELL : cr.CELL + 100] = -1
    zob = 0
    for owner, piece, mask in state.buildings:
        code = code_of(owner, piece, mask)
        zob ^= int(cr.TABLE[code, cr.HASH])
        for i in range(100):
            if mask >> i & 1:
                s[cr.CELL + i] = code
    s[cr.ZOB] = zob
    return s


class CathedralSimulator(Simulator):
    """Cathedral's analysis core for one game's options (a match or one game)."""

    def __init__(self, game: Cathedral) -> None:
        super().__init__(game)
        self.match = bool(game.settings["match"])
        self.table = cr.TABLE
        self.ranges = cr.RANGES
        self._buffer = np.empty(cr.CODES, dtype=np.int64)

    # ---- between the engine and the core --------------------------------------------------

    def encode(self, state: State) -> np.ndarray:
        """The core array of ``state``: buildings, territory, supplies, the turn, a match's
        finished games, the last claim and the sides skipped after the last move."""
        return encode_state(state)  # type: ignore[arg-type]

    def move(self, state: State | None, code: int) -> Move:
        """The placement of ``code``."""
        return _MOVES[code]

    def code(self, state: State, move: Move) -> int:
        """The code of ``move``, a placement by the side to move in ``state`` (or the
        Cathedral's)."""
        assert isinstance(move, Placement)
        if move.piece == CATHEDRAL:
            return cr.CATHEDRAL_CODE + _CATHEDRAL_INDEX[move]
        side = state.current_player if state.current_player in (0, 1) else LIGHT
        return side * cr.PER_SIDE + _INDEX[side][move]

    # ---- the rules ------------------------------------------------------------------------

    def current_player(self, s: np.ndarray) -> int:
        """Light 0, Dark 1, or -2 at the end."""
        return int(s[cr.TO_MOVE])

    def legal(self, s: np.ndarray) -> np.ndarray:
        """The codes of the legal placements (the Cathedral's until it is placed)."""
        n = cr.fill_legal(s, self.table, self.ranges, self._buffer)
        return self._buffer[:n].copy()

    def chance_outcomes(self, s: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Cathedral has no chance: never called."""
        raise ValueError("Cathedral has no chance outcomes")

    def sample_chance(self, s: np.ndarray, rng: np.ndarray) -> int:
        """Cathedral has no chance: never called."""
        raise ValueError("Cathedral has no chance outcomes")

    def apply(self, s: np.ndarray, code: int) -> None:
        """Place the building of ``code`` in place: claims, captures, the turn."""
        cr.play(s, self.table, self.ranges, self.match, code)

    def scores(self, s: np.ndarray) -> np.ndarray:
        """Each side's unplaced squares (a match's games added)."""
        return cr.scores(s, self.match)

    def returns(self, s: np.ndarray) -> np.ndarray:
        """At the end: 1 for fewer unplaced squares, a half each on a tie."""
        return cr.returns(s, self.match)

    def evaluate(self, s: np.ndarray) -> np.ndarray:
        """The engine's ``evaluate()``."""
        return cr.evaluate(s, self.table, self.ranges, self.match)

    def playout(self, s: np.ndarray, rng: np.ndarray) -> np.ndarray:
        """Random placements to the end, in place; the returns."""
        bits, known = cr.buffers()
        return cr.playout(s, self.table, self.ranges, self.match, rng, bits, known)

    def observe(self, s: np.ndarray, player: int) -> np.ndarray:
        """What ``player`` sees, as the engine's ``observation(player)``: the squares of its
        buildings, the other's, the Cathedral, its territory and the other's (100 each), each
        side's buildings still to place as a share of their count, whether the Cathedral is
        placed and whether it is ``player``'s turn (compiled: :func:`_observe`)."""
        out = np.empty(self.game.observation_size, dtype=np.float32)
        _observe(s, player, _OBSERVED_FIELDS, _COUNTS, out)
        return out

    def determinize(self, s: np.ndarray, player: int, rng: np.ndarray) -> None:
        """Cathedral hides nothing: ``s`` stays as it is."""

    # ---- compiled loops ---------------------------------------------------------------------

    def evaluate_after(self, s: np.ndarray, codes: np.ndarray) -> np.ndarray:
        """``evaluate`` (or the returns) after each placement of ``codes``."""
        return cr.evaluate_after(
            s, self.table, self.ranges, self.match, np.asarray(codes, dtype=np.int64)
        )

    def random_games(self, s: np.ndarray, games: int, seed: int) -> np.ndarray:
        """``games`` random playouts from ``s``: their returns."""
        return cr.random_games(s, self.table, self.ranges, self.match, games, new_rng(seed))


assert TERMINAL == cr.TERMINAL


def simulator(game: Game) -> CathedralSimulator:
    """Cathedral's analysis core for ``game``'s options (``Game.simulator()`` calls it)."""
    return CathedralSimulator(game)  # type: ignore[arg-type]


_OBSERVED_FIELDS = np.array(
    [cr.OCC, cr.TERR, cr.SUPPLY, cr.KINDS, cr.CATH, cr.UNPLACED, cr.TO_MOVE], dtype=np.int64
)
_COUNTS = cr.COUNT_OF.astype(np.float64)


@jit
def _observe(
    s: np.ndarray, player: int, f: np.ndarray, counts: np.ndarray, out: np.ndarray
) -> None:
    """Cathedral's ``observation(player)`` into ``out`` (524): the player's buildings, the
    other's, the Cathedral, the player's territory, the other's (100 squares each, two words
    of 50 each in the core); each side's buildings left as a share of their count; whether the
    Cathedral is placed; whether it is the player's turn. ``f``: the core's field offsets."""
    occ, terr, supply, kinds, cath, unplaced, to_move = f[0], f[1], f[2], f[3], f[4], f[5], f[6]
    other = 1 - player
    starts = (occ + 2 * player, occ + 2 * other, occ + 4, terr + 2 * player, terr + 2 * other)
    for plane in range(5):
        at = starts[plane]
        for half in range(2):
            word = s[at + half]
            base = plane * 100 + half * 50
            for i in range(50):
                out[base + i] = (word >> i) & 1
    k = 500
    for p in (player, other):
        for j in range(kinds):
            out[k] = s[supply + kinds * p + j] / counts[j]
            k += 1
    out[k] = 1.0 if s[cath] != unplaced else 0.0
    out[k + 1] = 1.0 if s[to_move] == player else 0.0
