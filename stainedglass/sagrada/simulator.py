"""Sagrada solo's analysis core as Python and the searches see it (``Game.simulator()``).

The rules themselves are compiled in ``rules_core.py`` (the state's layout and the move codes
are described there); this class turns the engine's states and moves into the core's numbers
and back, and calls the compiled functions.

>>> import stainedglass as sg
>>> game = sg.load("sagrada", window="Tempest", tools=["lathekin"])
>>> sim = game.simulator()
>>> state = game.new_game(seed=1)
>>> s = sim.encode(state)
>>> sim.current_player(s), len(sim.legal(s))        # three draws, from 30 cards
(-1, 30)
>>> str(sim.move(state, int(sim.legal(s)[0])))
'draw R1'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import numpy as np

from ..analysis import Simulator, new_rng
from ..core import CHANCE, TERMINAL, Move
from . import rules_core as rc
from .cards import COLORS, NUM_CARDS, value_of
from .moves import DRAW, PASS, PLACE, SagradaMove
from .scoring import ORDER_LIST
from .state import SagradaState
from .tools import CARD_ARGS, TOOL_IDS, TOOLS
from .windows import WINDOWS, Window

if TYPE_CHECKING:
    from ..core import Game, State

__all__ = ["SagradaSimulator", "simulator"]

_ORDER_INDEX = {o.id: k for k, o in enumerate(ORDER_LIST)}
_TOOL_INDEX = {t: k for k, t in enumerate(TOOL_IDS)}


def _restrictions(w: Window) -> np.ndarray:
    """Each field's restriction as the observation's number: 0-4 a color (R G Y B K), 5-10 a
    value, -1 a blank field (no restriction)."""
    return np.array(
        [-1 if not f else COLORS.index(f) if f in COLORS else 4 + int(f) for f in w.fields],
        dtype=np.int64,
    )


def _window_rows(w: Window) -> np.ndarray:
    """A window's three rows of the static table: where each card may go, with all its
    restrictions, ignoring color ones, ignoring value ones."""
    return np.array([w.allowed, w.allowed_any_color, w.allowed_any_value], dtype=np.int64)


class SagradaSimulator(Simulator):
    """Sagrada solo's analysis core for one game's options: the windows it may be played on
    (every designed one, and any of the options' own) in static tables (``win``: where each
    card may go; ``fields``: the restrictions, for the observation), the rules compiled."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.windows: list[Window] = list(WINDOWS)
        start = game.settings.get("start")
        for w in (game.settings.get("window"), getattr(start, "window", None)):
            if isinstance(w, Window) and w not in self.windows:
                self.windows.append(w)
        self.win = np.stack([_window_rows(w) for w in self.windows])
        self.fields = np.stack([_restrictions(w) for w in self.windows])
        self._buf = np.empty(rc.MAX_MOVES, dtype=np.int64)

    def _window_index(self, w: Window) -> int:
        """The row of window ``w`` in the static table (a window never seen is added)."""
        try:
            return self.windows.index(w)
        except ValueError:
            self.windows.append(w)
            self.win = np.concatenate([self.win, _window_rows(w)[None]])
            self.fields = np.concatenate([self.fields, _restrictions(w)[None]])
            return len(self.windows) - 1

    # ---- between the engine and the core ----------------------------------------------------

    def encode(self, state: State) -> np.ndarray:
        """The core state of the engine's ``state``: every card where it lies, the round."""
        st = cast(SagradaState, state)
        s = np.zeros(rc.N, dtype=np.int64)
        s[rc.GRID : rc.GRID + rc.CELLS] = st._grid
        s[rc.OCC] = st._occ
        s[rc.COLM : rc.COLM + 5] = st._colm
        s[rc.VALM : rc.VALM + 6] = st._valm
        s[rc.HAND : rc.HAND + len(st._hand)] = st._hand
        s[rc.NHAND] = len(st._hand)
        for r, stack in enumerate(st._bar):
            s[rc.BAR + 3 * r : rc.BAR + 3 * r + len(stack)] = stack
            s[rc.BARLEN + r] = len(stack)
        s[rc.NBAR] = len(st._bar)
        s[rc.TARGET] = st.target()
        s[rc.UNKNOWN] = sum(1 << c for c in st._unknown)
        s[rc.BOTTOM : rc.BOTTOM + len(st._bottom)] = st._bottom
        s[rc.NBOTTOM] = len(st._bottom)
        s[rc.DISC : rc.DISC + len(st._discards)] = st._discards
        s[rc.NDISC] = len(st._discards)
        s[rc.TOOLS] = sum(1 << _TOOL_INDEX[t] for t in st._tools)
        s[rc.INPLAY] = sum(1 << _TOOL_INDEX[t] for t in st.tools_in_play)
        s[rc.USED : rc.USED + len(st._used)] = [_TOOL_INDEX[t] for t in st._used]
        s[rc.NUSED] = len(st._used)
        s[rc.ROUND] = st._round
        s[rc.TURNS] = st._turns
        s[rc.TOOL_ROUND] = st._tool_round
        s[rc.PLACED_ROUND] = st._placed_round
        s[rc.TO_DRAW] = st._to_draw
        s[rc.OVER] = st._over
        s[rc.RESHUFFLES] = st._reshuffles
        s[rc.WINDOW] = self._window_index(st.window)
        s[rc.ORDERS : rc.ORDERS + 3] = [_ORDER_INDEX[o] for o in st._orders]
        s[rc.WEIGHTS : rc.WEIGHTS + 3] = st._weights
        return s

    def move(self, state: State | None, code: int) -> Move:
        """The engine's move for ``code``: a draw, a placement, ``pass`` or a tool's use."""
        if code < rc.PLACE:
            return DRAW[code]
        if code < rc.PASS:
            return PLACE[(code - rc.PLACE) // 20][(code - rc.PLACE) % 20]
        if code == rc.PASS:
            return PASS
        x = code - rc.TOOL
        tp, a = divmod(x, rc.SPAN)
        t, pay_color = divmod(tp, 5)
        tid = TOOL_IDS[t]
        pay = pay_color * 6 + TOOLS[tid].pips - 1
        words = (a % 31, a // 31 % 31, a // 961 % 31, a // 29791)
        args = tuple(w for w in words if w != rc.NONE)
        return SagradaMove(("tool", tid, pay, args))

    def code(self, state: State, move: Move) -> int:
        """The code of the engine's ``move``."""
        key = cast(SagradaMove, move).key
        kind = key[0]
        if kind == "draw":
            return int(key[1])
        if kind == "place":
            return rc.PLACE + 20 * int(key[1]) + int(key[2])
        if kind == "pass":
            return rc.PASS
        _, tid, pay, args = key
        words = [*args, *[rc.NONE] * (4 - len(args))]
        assert value_of(pay) == TOOLS[tid].pips and len(CARD_ARGS.get(tid, "")) <= len(args)
        return rc.tool_code(_TOOL_INDEX[tid], pay, *words)

    # ---- the rules ----------------------------------------------------------------------------

    def current_player(self, s: np.ndarray) -> int:
        """The glazier (0), a draw (``CHANCE``) or the end (``TERMINAL``)."""
        if s[rc.OVER]:
            return TERMINAL
        return CHANCE if s[rc.TO_DRAW] else 0

    def legal(self, s: np.ndarray) -> np.ndarray:
        """The legal moves' codes (at a draw, the cards that may come, in card order)."""
        n = rc.legal_moves(s, self.win, self._buf)
        return self._buf[:n].copy()

    def chance_outcomes(self, s: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The cards that may be drawn, each equally likely."""
        n = rc.chance_pool(s, self._buf)
        return self._buf[:n].copy(), np.full(n, 1.0 / n)

    def apply(self, s: np.ndarray, code: int) -> None:
        """Play ``code`` in place."""
        rc.apply_move(s, code)

    def scores(self, s: np.ndarray) -> np.ndarray:
        """The score so far: the weighted orders less 3 per empty field."""
        return np.array([rc.score(s)], dtype=np.int64)

    def returns(self, s: np.ndarray) -> np.ndarray:
        """At the end: 1 when the score reaches the turn bar's total, else 0."""
        return np.array([rc.returns(s)])

    def evaluate(self, s: np.ndarray) -> np.ndarray:
        """The projected margin squashed into a chance to win (``State.evaluate``)."""
        return np.array([rc.evaluate(s)])

    def playout(self, s: np.ndarray, rng: np.ndarray) -> np.ndarray:
        """Play ``s`` to the end at random from ``rng``; the returns."""
        return np.array([rc.playout(s, self.win, rng, self._buf)])

    def observe(self, s: np.ndarray, player: int) -> np.ndarray:
        """What the glazier sees, as the engine's ``observation(0)`` (612 float32 numbers)."""
        out = np.zeros(self.game.observation_size, dtype=np.float32)
        rc.observe(s, self.fields, out)
        return out

    def sample_chance(self, s: np.ndarray, rng: np.ndarray) -> int:
        """A card drawn from those that may come, from ``rng``."""
        return int(rc.sample_chance(s, rng, self._buf))

    def evaluate_after(self, s: np.ndarray, codes: np.ndarray) -> np.ndarray:
        """The estimate (or the returns at the end) after each move of ``codes``."""
        out: np.ndarray = rc.evaluate_after(s, np.asarray(codes, dtype=np.int64))
        return out

    def random_games(self, s: np.ndarray, games: int, seed: int) -> np.ndarray:
        """``games`` random playouts from ``s`` (left as it is), compiled: their returns."""
        out: np.ndarray = rc.random_games(s, self.win, games, new_rng(seed), self._buf)
        return out


def simulator(game: Game) -> SagradaSimulator:
    """The analysis core for ``game``'s options (``Game.simulator()`` calls this)."""
    return SagradaSimulator(game)


assert NUM_CARDS == 30 and len(TOOL_IDS) == 9
