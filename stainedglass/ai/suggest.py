"""Ranked move suggestions with reasons, for hints in the views and the tutorials.

>>> import stainedglass as sg
>>> state = sg.load("cathedral").new_game(seed=3)
>>> hints = sg.ai.suggest(state, top=3, budget_s=0.3, seed=1)
>>> len(hints), all(h.move in state.legal_moves() for h in hints)
(3, True)
>>> hints[0].reason.startswith("Light places the cathedral")
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core import Move, State
from .bots import bot as make_bot

__all__ = ["Suggestion", "suggest"]

_SEARCH_SHARE = 0.92
"""Of ``budget_s``, what the search may use; the rest is for the reasons and the overhead."""


@dataclass(frozen=True)
class Suggestion:
    """A suggested move: ``value`` is the mover's estimated share of the win (0..1: a win
    probability in a two-player game), ``support`` how much search backs it (in ``unit``:
    playouts, or plies searched), ``reason`` what the move does, in the game's own words."""

    move: Move
    value: float
    support: int
    unit: str
    reason: str

    def to_dict(self) -> dict[str, Any]:
        """Plain data (the move as text) for a view, a chart or JSON."""
        return {
            "move": str(self.move),
            "value": self.value,
            "support": self.support,
            "unit": self.unit,
            "reason": self.reason,
        }

    def __str__(self) -> str:
        return f"{self.move}  {self.value:.0%} ({self.support} {self.unit}): {self.reason}"


def suggest(
    state: State,
    top: int = 5,
    budget_s: float = 1.0,
    bot: str | None = None,
    seed: int | None = None,
    **options: Any,
) -> list[Suggestion]:
    """The ``top`` best moves for the player to move, best first, found by ``bot`` (by default
    the game's hint search, ``Game.hint_bot``) within ``budget_s`` seconds (reasons
    included). ``options`` go to the bot (e.g. ``c=0.6`` for mcts, or
    ``stop=threading.Event()``, which another thread sets to end the search early).

    The reasons come from ``state.explain(move)``: what the move does, computed by the game.
    """
    if isinstance(top, bool) or not isinstance(top, int) or top < 1:
        raise ValueError(f"top must be a whole number >= 1, not {top!r}")
    if isinstance(budget_s, bool) or not isinstance(budget_s, (int, float)) or budget_s <= 0:
        raise ValueError(f"budget_s must be a positive number of seconds, not {budget_s!r}")
    if bot is None:
        bot = state.game.hint_bot
    if bot == "random":
        raise ValueError("the random bot does not rank moves: use greedy, mcts or alphabeta")
    opts: dict[str, Any] = {"seed": seed, **options}
    if bot != "greedy":  # greedy looks one ply deep, whatever the budget
        opts.setdefault("budget", budget_s * _SEARCH_SHARE)
    searcher = make_bot(bot, **opts)
    ranked = searcher.analyse(state, top=top)
    out = []
    for c in ranked:
        said = state.explain(c.move)
        out.append(
            Suggestion(c.move, c.value, c.support, c.unit, said.words if said.legal else str(said))
        )
    return out
