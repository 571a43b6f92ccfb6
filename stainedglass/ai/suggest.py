"""Ranked move suggestions that say why, for hints in the views and the tutorials.

Each suggestion carries the search's value (the mover's chance to win) and, written by the one
explainer (:mod:`stainedglass.ai.explain`): the final margin expected in the game's own unit,
the line the search expects after the move, a short lead sentence, the details along the line
and what the move has that the next best lacks.

>>> import stainedglass as sg
>>> state = sg.load("cathedral").new_game(seed=3)
>>> hints = sg.ai.suggest(state, top=3, budget_s=0.3, seed=1)
>>> len(hints), all(h.move in state.legal_moves() for h in hints)
(3, True)
>>> hints[0].lead.startswith("The cathedral on ")
True
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from ..core import Move, State
from .bots import bot as make_bot
from .explain import Step, explain

__all__ = ["Suggestion", "suggest"]

_SEARCH_SHARE = 0.88
"""Of ``budget_s``, what the search may use; the rest is for the words and the overhead."""
_WORDS_SHARE = 0.06
"""Of ``budget_s``, what the words may use (lines past what the search saw stop there): with
what is running when the clock stops, at most a tenth of the budget (``make bench``)."""


@dataclass(frozen=True)
class Suggestion:
    """A suggested move: ``value`` is the mover's estimated share of the win (0..1: a win
    probability in a two-player game), ``support`` how much search backs it (in ``unit``:
    playouts, or plies searched); ``reason`` all the words, which are: ``lead``, one short
    sentence (what the move does now and what it leads to), ``versus_next``, what it has that
    the next best lacks (or that the two are equally good), and ``details``, the consequences
    along the expected ``line`` (:class:`~stainedglass.ai.explain.Step`: the other player's
    answer, the mover's next move, a chance outcome the line assumed marked as such).
    ``margin``: the final margin expected after the move, in the game's unit
    (``facts.margin_unit``; ``game.margin_words(margin)`` says it), None when not known."""

    move: Move
    value: float
    support: int
    unit: str
    reason: str
    margin: float | None = None
    line: tuple[Step, ...] = ()
    lead: str = ""
    details: tuple[str, ...] = ()
    versus_next: str = ""
    equally_good: bool = False
    """The search cannot tell this move's value from the next best's."""
    words_s: float = field(default=0.0, compare=False)
    """Seconds spent on this hint's words (its share of the explainer's time)."""

    def to_dict(self) -> dict[str, Any]:
        """Plain data (the move as text) for a view, a chart or JSON."""
        return {
            "move": str(self.move),
            "value": self.value,
            "support": self.support,
            "unit": self.unit,
            "reason": self.reason,
            "margin": self.margin,
            "line": [step.to_dict() for step in self.line],
            "lead": self.lead,
            "details": list(self.details),
            "versus_next": self.versus_next,
            "equally_good": self.equally_good,
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
    the game's hint search, ``Game.hint_bot``) within ``budget_s`` seconds (words included).
    ``options`` go to the bot (e.g. ``c=0.6`` for mcts, or ``stop=threading.Event()``, which
    another thread sets to end the search early).

    The search ranks one move more than ``top``, so that the last suggestion too says what it
    has that the next lacks; the words come from :func:`stainedglass.ai.explain.explain`,
    built on the game's own facts (``state.consequences(move)``), within a share of
    ``budget_s`` when the search has the clock too (a counted budget, ``budget=None`` with
    ``iterations=``, ``nodes=`` or ``playouts=``, gives the same words on any machine)."""
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
    ranked = searcher.analyse(state, top=top + 1)
    began = time.perf_counter()
    lines = {c.move: searcher.line(state, c.move) for c in ranked}
    seen = state.view(state.current_player) if state.game.facts.hidden_information else state
    timed = opts.get("budget") is not None  # a counted budget: the words have no clock either
    told = explain(
        seen, ranked, lines, seed=seed, top=top, budget_s=_WORDS_SHARE * budget_s if timed else None
    )
    spent = (time.perf_counter() - began) / max(1, len(told))
    out = []
    for c, t in zip(ranked, told):
        reason = " ".join(part for part in (t.lead, t.versus, *t.details) if part)
        out.append(
            Suggestion(
                c.move,
                c.value,
                c.support,
                c.unit,
                reason,
                t.margin,
                t.line,
                t.lead,
                t.details,
                t.versus,
                t.equal_to_next,
                spent,
            )
        )
    return out
