"""How hard each designed window is, measured: the win rate of one fixed simple strategy.

The strategy never uses a tool: it places the highest drawn card that fits (the low ones go to the
turn bar), on a restricted field it meets if there is one, else on the field with the most empty
neighbours, and passes when nothing fits. Played over the same seeded deals on every window, its
win rate says how hard a window is, in a way a player can compare. The figures ship as data
(``window_win_rates.json`` beside this file) so a dashboard reads them at once; this module makes
them again: ``python -m stainedglass.sagrada.difficulty``.

>>> rate, margin = win_rate("Morning Lantern", games=20)
>>> 0.0 <= rate <= 1.0
True
>>> shipped()["Tempest"]["difficulty"]
6
"""

from __future__ import annotations

import json
import pathlib
import statistics
from dataclasses import dataclass
from typing import Any
from collections.abc import Callable

from ..core import Move, State, load
from .windows import NEAR, WINDOWS, Window, parse_field, window_from_option

DATA = pathlib.Path(__file__).with_name("window_win_rates.json")
GAMES = 150
"""Deals per window (seeds 0 to GAMES - 1, the same deals on every window)."""


def simple_move(state: State) -> Move:
    """The fixed simple strategy's move (see the module's words)."""
    best, best_key = None, None
    fields, grid = state.window.fields, state.grid  # type: ignore[attr-defined]
    for move in state.legal_moves():
        words = str(move).split()
        if words[0] != "place":
            continue
        value, i = int(words[1][1]), parse_field(words[2])
        room = sum(1 for j in NEAR[i] if grid[j] is None)
        key = (value, 1 if fields[i] else 0, room, -i)
        if best_key is None or key > best_key:
            best, best_key = move, key
    return best if best is not None else state.parse_move("pass")


def win_rate(window: str, games: int = GAMES) -> tuple[float, float]:
    """(share of games won, median final margin score - target) of the simple strategy on
    ``window``, without tools, over the deals of seeds ``0 .. games - 1``."""
    game = load("sagrada", window=window, tools=0)
    wins, margins = 0, []
    for seed in range(games):
        state = game.new_game(seed=seed)
        while not state.is_terminal():
            state.play(state.sample_chance() if state.is_chance() else simple_move(state))
        wins += int(state.returns()[0])
        margins.append(state.scores()[0] - state.target())  # type: ignore[attr-defined]
    return wins / games, float(statistics.median(margins))


def measure(games: int = GAMES) -> dict[str, dict[str, Any]]:
    """The table for every designed window: difficulty, share won, median margin, games."""
    out = {}
    for w in WINDOWS:
        rate, margin = win_rate(w.name, games)
        out[w.name] = {
            "difficulty": w.difficulty,
            "won": round(rate, 4),
            "median_margin": margin,
            "games": games,
        }
    return out


def shipped() -> dict[str, dict[str, Any]]:
    """The measured table shipped with the package."""
    data: dict[str, dict[str, Any]] = json.loads(DATA.read_text())
    return data


def words(window: str) -> str:
    """A line on how hard ``window`` is, from the measured data ("" for a custom window)."""
    row = shipped().get(window)
    if row is None:
        return ""
    return (
        f"{window} (difficulty {row['difficulty']}): a simple strategy without tools wins "
        f"{row['won']:.0%} of {row['games']} deals here, and ends a median "
        f"{abs(row['median_margin']):g} points {'above' if row['median_margin'] >= 0 else 'below'}"
        " the target."
    )


# ---- any window measured, with progress and a stop flag (the window designer) ---------------

DESIGNER_GAMES = 1000
"""Deals the window designer measures a window on, by default."""
MAX_GAMES = 10_000
"""The most deals one measurement may take (about 20 seconds)."""


@dataclass(frozen=True)
class Measured:
    """A window measured: the simple strategy ``won`` of ``games`` deals (seeds 0 to games - 1,
    the deals the shipped table uses), the share with its 95% Wilson interval ``low`` to
    ``high``, the median margin (score - target); ``stopped`` when the stop flag ended it
    before the ``asked`` deals were all played."""

    rows: tuple[str, ...]
    games: int
    asked: int
    won: int
    median_margin: float
    stopped: bool

    @property
    def rate(self) -> float:
        return self.won / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        from ..ai.tournament import wilson

        return wilson(self.won, self.games)

    def words(self) -> str:
        """The result in a sentence."""
        low, high = self.interval
        margin = self.median_margin
        return (
            f"A simple strategy without tools wins {self.rate:.1%} of {self.games:,} deals "
            f"here (95% interval {low:.1%} to {high:.1%}) and ends a median {abs(margin):g} "
            f"points {'above' if margin >= 0 else 'below'} the target"
            + (f" (stopped after {self.games:,} of {self.asked:,} deals)." if self.stopped else ".")
        )


def _window_of(window: Any) -> Window:
    if isinstance(window, Window):
        return window
    found = window_from_option(window)
    if found is None:
        raise ValueError(
            "measure_window: which window? (a Window, a designed window's name or four rows)"
        )
    return found


def measure_window(
    window: Any,
    games: int = DESIGNER_GAMES,
    on_progress: Callable[[int, int], None] | None = None,
    stop: Any = None,
) -> Measured:
    """The simple strategy on ``window`` (a Window, a designed window's name, or four rows of
    five) over the deals of seeds ``0 .. games - 1``: the same figures as :func:`win_rate`.
    ``on_progress(done, games)`` is called after every deal; ``stop`` (anything with
    ``is_set()``, such as a ``threading.Event``) ends it early, keeping the deals played.

    >>> m = measure_window("R...3/.5.G./..Y../2..B6", games=10)
    >>> m.games, m.rate == win_rate("Morning Lantern", 10)[0]
    (10, True)
    """
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise ValueError(
            f"measure_window: games must be a whole number from 1 to {MAX_GAMES:,}, "
            f"not {str(games)[:20]!r}"
        )
    w = _window_of(window)
    game = load("sagrada", window="/".join(w.rows), tools=0)
    wins, margins = 0, []
    for seed in range(games):
        if stop is not None and stop.is_set():
            break
        state = game.new_game(seed=seed)
        while not state.is_terminal():
            state.play(state.sample_chance() if state.is_chance() else simple_move(state))
        wins += int(state.returns()[0])
        margins.append(state.scores()[0] - state.target())  # type: ignore[attr-defined]
        if on_progress is not None:
            on_progress(len(margins), games)
    played = len(margins)
    return Measured(
        w.rows,
        played,
        games,
        wins,
        float(statistics.median(margins)) if margins else 0.0,
        played < games,
    )


if __name__ == "__main__":
    DATA.write_text(json.dumps(measure(), indent=1) + "\n")
    print(f"wrote {DATA}")
