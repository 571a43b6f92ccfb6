"""Alpha-beta search with iterative deepening, move ordering and a transposition table.

Made for two-player games without chance or hidden cards, such as Cathedral, where it is exact
once it reaches the end. It still plays any game: with more players it searches "paranoid"
(the others are assumed to play against the bot); chance nodes are averaged over their outcomes
(``chance_samples`` drawn by probability when there are more); hidden cards are redrawn once per
move through ``state.view(player)``.

Values are the mover's share of ``returns()`` (``evaluate()`` at the depth limit), 0..1.

>>> import stainedglass as sg
>>> state = sg.load("cathedral").new_game(seed=2)
>>> bot = sg.ai.bot("alphabeta", depth=1, seed=1)
>>> bot.choose(state) in state.legal_moves()
True
"""

from __future__ import annotations

import math
import time
from operator import attrgetter
from typing import TYPE_CHECKING, Any

import numpy as np

from ..core import CHANCE, TERMINAL, Move, State
from .search import Bot, Candidate, determinize, position_key

if TYPE_CHECKING:  # numba loads with a game's core, not with the package
    from ..analysis import Simulator

__all__ = ["AlphaBetaBot"]

_EXACT, _LOWER, _UPPER = 0, 1, 2
_INF = math.inf


class _Timeout(Exception):
    """The time budget ran out in the middle of a search."""


class AlphaBetaBot(Bot):
    """Iterative deepening alpha-beta within ``budget`` seconds (default 1), to ``depth`` plies,
    or for ``nodes`` positions (reproducible: the deepest search finished within them stands).

    Move ordering: the transposition table's best move, two killer moves per depth, then (at
    ``order_depth`` plies or more from the horizon) the game's ``evaluate()`` one ply deep; at
    the root, the previous iteration's scores.

    ``core``: search on the game's analysis core (``Game.simulator()``) where it has one: the
    same search, its positions core states and its evaluations compiled (False: on the engine).
    """

    name = "alphabeta"
    label = "Alpha-beta bot"
    timed = True
    effort = ("nodes", 4.0)
    rules = {
        "depth": ("int", 1),
        "nodes": ("int", 1),
        "chance_samples": ("int", 0),
        "order_depth": ("int", 0),
        "core": ("bool",),
    }
    defaults: dict[str, Any] = {
        "seed": None,
        "budget": None,
        "depth": None,
        "nodes": None,
        "chance_samples": 8,
        "order_depth": 2,
        "core": True,
    }

    def analyse(self, state: State, top: int | None = None) -> list[Candidate]:
        self._check(state)
        opts = self.options
        seconds = (
            opts["budget"] if opts["budget"] is not None or opts["depth"] or opts["nodes"] else 1.0
        )
        max_depth = opts["depth"]
        if opts["core"]:
            state.game.simulator()  # the core ready (loaded, or compiled) before the clock starts
        self._deadline = None if seconds is None else time.perf_counter() + seconds
        self._me = state.current_player
        self._tt: dict[Any, tuple[int, float, int, Any, bool]] = {}
        self._killers: dict[int, list[Any]] = {}
        self.nodes = 0
        self.cutoffs = 0
        self.depth_stats: list[tuple[int, int, int, bool]] = []
        """Each iteration: (depth, nodes searched, cut-offs, finished), for the AI lab."""
        keep = max(1, top or 1)

        sim = state.game.simulator() if opts["core"] else None
        self._sim = sim
        work: Any
        if sim is not None:  # positions as core states, moves as codes
            from ..analysis import new_rng  # loaded with the core already

            work = sim.encode(state)
            if state.game.facts.hidden_information:
                sim.determinize(work, self._me, new_rng(self.rng.getrandbits(32)))
            order = sim.legal(work).tolist()
            root: Any = self._root_core
        else:
            work = determinize(state, self._me, self.rng)
            order = list(work.legal_moves())
            root = self._root
        self.rng.shuffle(order)
        done: list[tuple[float, Any]] = []
        done_depth = 0
        self._mixed: tuple[int, int] | None = None  # (depth, moves) of a depth cut short
        depth = 1
        while max_depth is None or depth <= max_depth:
            self._cut = False
            partial: list[tuple[float, Any]] = []
            nodes, cutoffs = self.nodes, self.cutoffs
            try:
                root(work, order, depth, keep, partial)
            except _Timeout:
                self.depth_stats.append((depth, self.nodes - nodes, self.cutoffs - cutoffs, False))
                if partial and done:  # the previous best was searched first: trust this depth
                    searched = {m for _, m in partial}
                    done = _ranked(partial) + [(v, m) for v, m in done if m not in searched]
                    self._mixed = (depth, len(partial))
                elif partial and not done:
                    done, done_depth = _ranked(partial), depth
                    self._mixed = (depth, len(partial))
                break
            done, done_depth = _ranked(partial), depth
            self._mixed = None
            self.depth_stats.append((depth, self.nodes - nodes, self.cutoffs - cutoffs, True))
            if not self._cut:  # every line reached the end: the result is exact
                break
            order = [m for _, m in done]
            depth += 1
        if not done:  # not even one move searched in time: the first in order
            done = [(0.5, m) for m in order]
        self.depth_reached = done_depth
        out = []
        for i, (value, move) in enumerate(done[:top] if top else done):
            d = done_depth
            if self._mixed is not None and i < self._mixed[1]:
                d = self._mixed[0]
            if sim is not None:
                move = sim.move(state, move)
            out.append(Candidate(move, min(1.0, max(0.0, value)), d, "plies deep"))
        return out

    def line(self, state: State, move: Move, plies: int = 4) -> list[Move]:
        """After ``analyse(state)``: the moves the search expects after ``move``, read from its
        transposition table (each position's best move, while it holds one; a chance node
        ends the line: the search averaged over its outcomes)."""
        table = getattr(self, "_tt", None)
        if not table or move not in state.legal_moves():
            return []
        work = state.clone()
        work.play(move)
        sim = getattr(self, "_sim", None)
        if sim is not None:
            return self._line_core(sim, work, plies)
        out: list[Move] = []
        while len(out) < plies and not work.is_terminal() and not work.is_chance():
            entry = table.get(position_key(work))
            if entry is None or entry[3] is None or entry[3] not in work.legal_moves():
                break
            work.play(entry[3])
            out.append(entry[3])
        return out

    # ---- search ----------------------------------------------------------------------------

    def _line_core(self, sim: Simulator, work: State, plies: int) -> list[Move]:
        """:meth:`line` for a search on the core: the engine's ``work`` kept in step."""
        s = sim.encode(work)
        out: list[Move] = []
        while len(out) < plies and sim.current_player(s) >= 0:
            entry = self._tt.get(s.tobytes())
            if entry is None or entry[3] is None or entry[3] not in sim.legal(s).tolist():
                break
            move = sim.move(work, entry[3])
            work.play(move)
            sim.apply(s, entry[3])
            out.append(move)
        return out

    def _root(
        self,
        s: State,
        order: list[Move],
        depth: int,
        keep: int,
        out: list[tuple[float, Move]],
    ) -> None:
        """Search each root move; the best ``keep`` values are exact, the rest upper bounds."""
        best: list[float] = []
        for move in order:
            alpha = best[keep - 1] if len(best) >= keep else -_INF
            s.play(move)
            value = self._search(s, depth - 1, alpha, _INF)
            s.undo()
            out.append((value, move))
            best = sorted(best + [value], reverse=True)[:keep]

    # ---- the same search on the game's analysis core ----------------------------------------

    def _root_core(
        self,
        s: np.ndarray,
        order: list[int],
        depth: int,
        keep: int,
        out: list[tuple[float, int]],
    ) -> None:
        """:meth:`_root` on the core: moves are codes, a child a copy of the position."""
        sim = self._sim
        assert sim is not None
        best: list[float] = []
        for move in order:
            alpha = best[keep - 1] if len(best) >= keep else -_INF
            t = s.copy()
            sim.apply(t, move)
            value = self._search_core(t, depth - 1, alpha, _INF)
            out.append((value, move))
            best = sorted(best + [value], reverse=True)[:keep]

    def _search_core(self, s: np.ndarray, depth: int, alpha: float, beta: float) -> float:
        """:meth:`_search` on the core (the transposition table keyed by the state's bytes)."""
        self._tick()
        sim = self._sim
        assert sim is not None
        me = self._me
        player = sim.current_player(s)
        if player == TERMINAL:
            return float(sim.returns(s)[me])
        if depth <= 0:
            self._cut = True
            return float(sim.evaluate(s)[me])
        if player == CHANCE:
            return self._chance_core(s, depth)

        key = s.tobytes()
        entry = self._tt.get(key)
        tt_move = None
        if entry is not None:
            e_depth, e_value, flag, tt_move, exact = entry
            if e_depth >= depth and (
                flag == _EXACT
                or (flag == _LOWER and e_value >= beta)
                or (flag == _UPPER and e_value <= alpha)
            ):
                if not exact:
                    self._cut = True
                return e_value

        outer_cut, self._cut = self._cut, False
        maximizing = player == me
        a0, b0 = alpha, beta
        best = -_INF if maximizing else _INF
        best_move = None
        for move in self._ordered_core(s, depth, tt_move, maximizing):
            t = s.copy()
            sim.apply(t, move)
            value = self._search_core(t, depth - 1, alpha, beta)
            if maximizing:
                if value > best:
                    best, best_move = value, move
                    alpha = max(alpha, value)
            elif value < best:
                best, best_move = value, move
                beta = min(beta, value)
            if alpha >= beta:
                self.cutoffs += 1
                break
        if best_move is not None:
            killers = self._killers.setdefault(depth, [])
            if best_move not in killers:
                killers.insert(0, best_move)
                del killers[2:]
        flag = _UPPER if best <= a0 else _LOWER if best >= b0 else _EXACT
        exact = not self._cut
        self._tt[key] = (depth, best, flag, best_move, exact)
        self._cut = outer_cut or self._cut
        return best

    def _chance_core(self, s: np.ndarray, depth: int) -> float:
        sim = self._sim
        assert sim is not None
        codes, probs = sim.chance_outcomes(s)
        outcomes = list(zip(codes.tolist(), probs.tolist()))
        n = self.options["chance_samples"]
        if len(outcomes) > n:
            drawn = self.rng.choices([m for m, _ in outcomes], weights=probs.tolist(), k=n)
            outcomes = [(m, 1.0 / n) for m in drawn]
        total = 0.0
        for move, p in outcomes:
            t = s.copy()
            sim.apply(t, move)
            total += p * self._search_core(t, depth, -_INF, _INF)
        return total

    def _ordered_core(self, s: np.ndarray, depth: int, tt_move: Any, maximizing: bool) -> list[int]:
        sim = self._sim
        assert sim is not None
        codes = sim.legal(s)
        moves: list[int] = codes.tolist()
        if depth >= self.options["order_depth"] and len(moves) > 1:
            values = sim.evaluate_after(s, codes)[:, self._me].tolist()
            rated = sorted(zip(values, moves), key=lambda t: t[0], reverse=maximizing)
            moves = [m for _, m in rated]
        return self._first(moves, depth, tt_move)

    def _first(self, moves: list[Any], depth: int, tt_move: Any) -> list[Any]:
        """``moves`` (engine moves or core codes) with the transposition table's move and the
        killers of ``depth`` that are among them put first, once each."""
        first = [m for m in [tt_move, *self._killers.get(depth, ())] if m is not None]
        if not first:
            return moves
        # engine moves compared by their keys: a Move's hash is a Python call, and a Coloring
        # node has thousands of moves (the core's codes are whole numbers: compared as they are)
        keys = list(map(_KEY, moves)) if moves and isinstance(moves[0], Move) else moves
        legal = set(keys)
        first = [m for m in dict.fromkeys(first) if _key_of(m) in legal]
        if not first:
            return moves
        tried = {_key_of(m) for m in first}
        return first + [m for m, k in zip(moves, keys) if k not in tried]

    def _tick(self) -> None:
        self.nodes += 1
        if (
            self._deadline is not None
            and time.perf_counter() > self._deadline
            or self.stopped()
            or self.options["nodes"] is not None
            and self.nodes > self.options["nodes"]
        ):
            raise _Timeout

    def _search(self, s: State, depth: int, alpha: float, beta: float) -> float:
        self._tick()
        me = self._me
        if s.is_terminal():
            return s.returns()[me]
        if depth <= 0:
            self._cut = True
            return s.evaluate()[me]
        if s.is_chance():
            return self._chance(s, depth)

        key = position_key(s)
        entry = self._tt.get(key)
        tt_move = None
        if entry is not None:
            e_depth, e_value, flag, tt_move, exact = entry
            if e_depth >= depth and (
                flag == _EXACT
                or (flag == _LOWER and e_value >= beta)
                or (flag == _UPPER and e_value <= alpha)
            ):
                if not exact:
                    self._cut = True
                return e_value

        outer_cut, self._cut = self._cut, False
        maximizing = s.current_player == me
        a0, b0 = alpha, beta
        best = -_INF if maximizing else _INF
        best_move = None
        for move in self._ordered(s, depth, tt_move, maximizing):
            s.play(move)
            value = self._search(s, depth - 1, alpha, beta)
            s.undo()
            if maximizing:
                if value > best:
                    best, best_move = value, move
                    alpha = max(alpha, value)
            elif value < best:
                best, best_move = value, move
                beta = min(beta, value)
            if alpha >= beta:
                self.cutoffs += 1
                break
        if best_move is not None:  # a refutation or a best reply: try it first in siblings
            killers = self._killers.setdefault(depth, [])
            if best_move not in killers:
                killers.insert(0, best_move)
                del killers[2:]
        flag = _UPPER if best <= a0 else _LOWER if best >= b0 else _EXACT
        exact = not self._cut
        self._tt[key] = (depth, best, flag, best_move, exact)
        self._cut = outer_cut or self._cut
        return best

    def _chance(self, s: State, depth: int) -> float:
        outcomes = s.chance_outcomes()
        n = self.options["chance_samples"]
        if len(outcomes) > n:
            weights = [p for _, p in outcomes]
            drawn = self.rng.choices([m for m, _ in outcomes], weights=weights, k=n)
            outcomes = [(m, 1.0 / n) for m in drawn]
        total = 0.0
        for move, p in outcomes:
            s.play(move)
            total += p * self._search(s, depth, -_INF, _INF)
            s.undo()
        return total

    def _ordered(self, s: State, depth: int, tt_move: Move | None, maximizing: bool) -> list[Move]:
        moves = s.legal_moves()
        if depth >= self.options["order_depth"] and len(moves) > 1:
            me = self._me
            rated = []
            for move in moves:
                s.play(move)
                rated.append((s.evaluate()[me] if not s.is_terminal() else s.returns()[me], move))
                s.undo()
            rated.sort(key=lambda t: t[0], reverse=maximizing)
            moves = [m for _, m in rated]
        return self._first(moves, depth, tt_move)


_KEY = attrgetter("key")


def _key_of(move: Any) -> Any:
    """An engine move's key, a core's code itself."""
    return move.key if isinstance(move, Move) else move


def _ranked(scored: list[tuple[float, Any]]) -> list[tuple[float, Any]]:
    """Best first; the sort is stable, so equal values keep the search order."""
    return sorted(scored, key=lambda t: -t[0])
