"""The words around a board: message boxes, the turn banner and what a play view says about its
game (:class:`GameWords`, which a game's view may reword), and one way to keep a page's errors
from crashing it (:func:`guard`).

Every kind of message is spelt out by a symbol as well as by its colour (✓ good, ✗ bad), and a
player's turn shows the player's glass with its letter, never the colour alone.

>>> "✗ Illegal" in message_html("Illegal", "bad")
True
>>> 'B</span>' in glass_badge("blue")
True
"""

from __future__ import annotations

import contextlib
import functools
import html
import os
import re
import threading
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any
from collections.abc import Callable, Mapping

import stainedglass as sg
from stainedglass.ai.review import said_move
from stainedglass.glass import GLASS

from .searches import HUMAN, seat_label

if TYPE_CHECKING:  # the annotations only
    import ipywidgets as w

    from .play import Play

MESSAGE_STYLE = {
    "info": ("#2d2a24", "#f4efe1", "#b9b2a1"),
    "good": ("#0c4a1e", "#dcf5df", "#23a447"),
    "bad": ("#6b0b02", "#ffe1dc", "#d8341e"),
}


def message_html(
    text: str, kind: str = "info", css_class: str = "sg-message", size: int = 15
) -> str:
    """A message box; the kind is also spelt out by a symbol, not only by colour. ``size``: the
    type's size in pixels (the coach's words on a projector are large)."""
    fg, bg, border = MESSAGE_STYLE.get(kind, MESSAGE_STYLE["info"])
    mark = {"good": "✓ ", "bad": "✗ "}.get(kind, "")
    return (
        f'<div class="{css_class} sg-{kind}" style="color:{fg};background:{bg};'
        f"border-left:6px solid {border};padding:6px 10px;border-radius:4px;"
        f'font-size:{size}px;line-height:1.35;min-height:1.4em">{mark}{html.escape(text)}'
        "</div>"
    )


VERDICT_STYLE = {
    "best": ("#1d6b34", "#ffffff"),
    "excellent": ("#2f8f4e", "#ffffff"),
    "good": ("#cdeccf", "#0c4a1e"),
    "inaccuracy": ("#f6e27a", "#4a3b00"),
    "mistake": ("#f5a25d", "#4a1d00"),
    "blunder": ("#c4321c", "#ffffff"),
}
"""Each verdict's colour (background, ink): the one scale of ``sg.ai.LABELS``, shown the same
in the review, "Compare my move", the coach, a class's answers and the puzzles, always with
its sign and word beside (:func:`verdict_text`)."""


MARKS = {
    **sg.ai.SYMBOLS,
    "luck": "⚄",  # a die face: in the common fonts (an emoji die is not)
    "hidden": "·",
}
"""The sign of a judged move wherever it is shown (the review's move list, a reveal's marks):
the one scale's signs (``sg.ai.SYMBOLS``), luck and hidden moves."""


def verdict_text(word: str) -> str:
    """A verdict as words with its sign: ``"?? Blunder"`` (any other label as it is).

    >>> verdict_text("blunder"), verdict_text("best"), verdict_text("luck")
    ('?? Blunder', '★ Best', 'Luck')
    """
    return sg.ai.verdict_words(word)


def verdict_badge(word: str) -> str:
    """A verdict as a small coloured badge with its sign and word, and its meaning on hover."""
    bg, ink = VERDICT_STYLE.get(word, ("#e8e2d2", "#2d2a24"))
    tip = sg.ai.MEANINGS.get(word, "")
    return (
        f'<span class="sg-verdict sg-verdict-{html.escape(word)}" title="{html.escape(tip)}"'
        f' style="display:inline-block;background:{bg};color:{ink};border:1px solid #17150f;'
        f'border-radius:4px;padding:0 6px;font-weight:bold;white-space:nowrap">'
        f"{html.escape(verdict_text(word))}</span>"
    )


def support_words(support: int, unit: str) -> str:
    """A search's support in its own unit, one said as one ("1 ply deep", "412 playouts").

    >>> support_words(1, "plies deep"), support_words(1, "playouts"), support_words(1234, "playouts")
    ('1 ply deep', '1 playout', '1,234 playouts')
    """
    if support == 1:
        unit = unit.replace("plies", "ply", 1) if unit.startswith("plies") else unit
        unit = unit[:-1] if unit.endswith("playouts") else unit
    return f"{support:,} {unit}"


def figure_words(value: float, support: int, unit: str) -> str:
    """A share of the win no finer than the search can tell it: to the point where playouts
    back it closely, else "about" the nearest 5 or 10 (twice the standard error of a share of
    ``support`` playouts within 2.5 or 5 points); a search that counts depth, as it is.

    >>> figure_words(0.523, 4000, "playouts"), figure_words(0.523, 300, "playouts")
    ('52%', 'about 50%')
    >>> figure_words(0.38, 40, "playouts"), figure_words(0.38, 6, "plies deep")
    ('about 40%', '38%')
    """
    if "playout" not in unit or support <= 0:
        return f"{value:.0%}"
    p = min(max(value, 0.05), 0.95)
    spread = 2 * (p * (1 - p) / support) ** 0.5
    if spread <= 0.025:
        return f"{value:.0%}"
    step = 0.05 if spread <= 0.05 else 0.10
    return f"about {round(value / step) * step:.0%}"


def glass_badge(glass: str) -> str:
    """A player's glass as a small pane with its letter (for banners and tables)."""
    g = GLASS[glass]
    return (
        f'<span style="display:inline-block;min-width:1.6em;text-align:center;'
        f"background:{g.mid};color:{g.ink};border:2px solid #17150f;"
        f'border-radius:4px;font-weight:bold">{html.escape(g.letter)}</span>'
    )


def seconds_label(value: float) -> str:
    """A strength slider's label: its thinking time."""
    return f"{value:.1f} s a move"


def strict_default() -> bool:
    """Whether views raise unexpected errors instead of showing them (``STAINEDGLASS_STRICT=1``,
    as the test suites set it)."""
    return os.environ.get("STAINEDGLASS_STRICT") == "1"


def went_wrong(error: BaseException) -> str:
    """What a user is told of an error that is a bug, not their input."""
    return f"Something went wrong: {type(error).__name__}: {error}"


def guard(
    fn: Callable[..., Any],
    say: Callable[[str, str], None],
    strict: bool,
    *,
    words: Mapping[type[BaseException], Callable[[Any], str]] | None = None,
    lock: AbstractContextManager[Any] | None = None,
    keep: Callable[[BaseException], None] | None = None,
) -> Callable[..., Any]:
    """``fn`` made safe for a page: nothing it raises crashes the page. An error of a kind in
    ``words`` (an illegal move, a bad file) is said in the words made from it; anything else is
    a bug: said as "Something went wrong: ...", or raised when ``strict`` (from a worker
    thread, handed to ``keep`` instead, for a later ``wait()`` to raise). ``lock``: held while
    ``fn`` runs.

    >>> said = []
    >>> safe = guard(int, lambda text, kind: said.append((kind, text)), strict=False,
    ...              words={ValueError: lambda e: f"Not a number: {e}"})
    >>> safe("x"), safe(None)
    (None, None)
    >>> said[0][1][:13], said[1][1][:33]
    ('Not a number:', 'Something went wrong: TypeError: ')
    """
    kinds = tuple(words or {})

    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> Any:
        with lock if lock is not None else contextlib.nullcontext():
            try:
                return fn(*args, **kwargs)
            except kinds as e:
                say(next(w for k, w in (words or {}).items() if isinstance(e, k))(e), "bad")
            except Exception as e:
                if strict:
                    if keep is None or threading.current_thread() is threading.main_thread():
                        raise
                    keep(e)
                    return None
                say(went_wrong(e), "bad")
            return None

    return run


QUOTE_MAX = 60
"""The most of a person's typed input a message quotes (characters, "…" included)."""


def quote_short(words: str, typed: str, limit: int = QUOTE_MAX) -> str:
    """``words`` (a refusal of the input ``typed``) with every quotation of ``typed``, or of a
    word of it, longer than ``limit`` characters shortened to ``limit``, ending in "…"; and any
    other run of more than ``limit`` characters without a space, so that a pasted page of text
    is not repeated in full.

    >>> quote_short("'" + "x" * 100 + "' is not a move", "x" * 100, limit=8)
    "'xxxxxxx…' is not a move"
    >>> quote_short("'DRAW' is not a card", "draw", limit=8)
    "'DRAW' is not a card"
    """

    def short(found: re.Match[str]) -> str:
        return found.group(0)[: limit - 1] + "…"

    quoted = {typed.strip(), *typed.split()}
    for part in sorted((q for q in quoted if len(q) > limit), key=len, reverse=True):
        words = re.sub(re.escape(part), short, words, flags=re.IGNORECASE)
    return re.sub(rf"[^\s'\"]{{{limit + 1},}}", short, words)


class GameWords:
    """What a play view says about its game in words: the turn banner, the verdict and the
    result at the end, the move log's entries, a move's short name, the first words. A game's
    view overrides any of them (Walls of Light names who rolls; hidden cards stay hidden)."""

    model: Play
    banner: w.HTML
    turn_said: Callable[[int], str]
    """The turn of a player said otherwise than "Dark to move" (HTML), or "": a play view's
    features say it (:meth:`~.dashboard.Dashboard.turn_said`)."""

    @property
    def player_names(self) -> tuple[str, ...]:
        return self.model.game.facts.player_names

    @property
    def player_glass(self) -> tuple[str, ...]:
        return self.model.game.facts.player_colours

    @property
    def score_label(self) -> str:
        return self.model.game.facts.score_label

    def intro(self) -> tuple[str, str]:
        """The first words on the board, and their kind."""
        return ("Your move.", "info")

    def turn_note(self) -> str:
        """Words about the turn that the banner alone does not say (skips, the end)."""
        return self.result_text() if self.model.state.is_terminal() else ""

    def verdict(self) -> str:
        """``"Dark wins"`` or ``"a draw"`` (at the end)."""
        ret = self.model.state.returns()
        winners = [self.player_names[i] for i, r in enumerate(ret) if r == max(ret)]
        return "a draw" if len(winners) > 1 else f"{winners[0]} wins"

    def result_text(self) -> str:
        tally = ", ".join(f"{n} {s}" for n, s in zip(self.player_names, self.model.state.scores()))
        return f"Game over: {self.verdict()} ({self.score_label}: {tally})."

    def update_banner(self) -> None:
        self.banner.value = self.banner_html()

    def banner_html(self) -> str:
        """Whose turn (their glass with its letter, a bot named), or the end; the scores."""
        state = self.model.state
        if state.is_terminal():
            turn = f"<b>Game over: {html.escape(self.verdict())}</b>"
        elif state.is_chance():
            turn = self.chance_banner()
        else:
            p = state.current_player
            seat = self.model.seat(p)
            name = self.model.names.get(p)
            who = (
                f" ({html.escape(name)})"
                if name
                else f" ({seat_label(seat)})"
                if seat != HUMAN
                else ""
            )
            said = self.turn_said(p) or f"<b>{self.player_names[p]}</b>{who} to move"
            turn = f"{glass_badge(self.player_glass[p])} {said}"
        scores = " · ".join(f"{n} <b>{s}</b>" for n, s in zip(self.player_names, state.scores()))
        better = "fewer is better" if self.model.game.facts.lower_is_better else "more is better"
        return (
            '<div class="sg-banner" style="font-size:18px;display:flex;gap:28px;'
            f'align-items:center"><span class="sg-turn">{turn}</span>'
            f'<span class="sg-scores">{self.score_label}: {scores} '
            f"<small>({better})</small></span></div>"
        )

    def chance_banner(self) -> str:
        """The banner's words at a chance node (the game's chance action)."""
        return f"<b>{html.escape(self.model.game.facts.chance_action)}</b>"

    def log_entry(self, move: str) -> str:
        """How a move of the history reads in the move log (a game may hide secrets there)."""
        return move

    def move_label(self, move: sg.Move) -> str:
        """A short name of a move for the hint chart: its name in words (``move_name``), cut
        at 30 characters (the hover says it whole)."""
        text = said_move(self.model.state, move)  # a mark of another position: its notation
        text = text[:1].upper() + text[1:]
        return text if len(text) <= 30 else text[:29] + "…"

    def value_words(self) -> str:
        return "chance to win" if self.model.state.num_players <= 2 else "share of the win"
