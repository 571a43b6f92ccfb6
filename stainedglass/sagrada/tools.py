"""Sagrada solo's nine tools (the rulings' table) and, tool by tool, what each may do.

A tool is paid with a drawn card showing its pips; the tool and the paying card are discarded.
Per tool, two functions hold its rule: ``tool_options`` (every legal use, fast) and
``tool_problem`` (why one use is illegal, in words); ``tool_words`` says what a use does, and the
state's ``_use_tool`` does it. The tools read the state through its public card-code attributes
(``Table`` below names them), so this module never imports the game. The referee's rulings they
follow are in RULES.md.

>>> TOOLS["lathekin"].pips, TOOLS["lathekin"].name
(4, 'Lathekin')
>>> tool_id("Cork-backed Straightedge")
'straightedge'
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Sequence
from typing import Protocol

from ..core import bit_indices
from .cards import COLOR_NAMES, card, card_text, cards_text, color_of, value_of
from .placement import field_problem, free_fields
from .windows import CELL_NAMES, Window


class Table(Protocol):
    """What the tools read of a Sagrada state (``SagradaState`` has all of it)."""

    window: Window
    tools_in_play: tuple[str, ...]

    @property
    def hand_codes(self) -> tuple[int, ...]: ...
    @property
    def bar_codes(self) -> tuple[tuple[int, ...], ...]: ...
    @property
    def grid_codes(self) -> tuple[int, ...]: ...
    @property
    def discard_codes(self) -> tuple[int, ...]: ...
    @property
    def occupied(self) -> int: ...
    @property
    def color_masks(self) -> tuple[int, ...]: ...
    @property
    def value_masks(self) -> tuple[int, ...]: ...
    @property
    def pile_size(self) -> int: ...
    @property
    def placed_this_round(self) -> int: ...
    @property
    def tool_used_this_round(self) -> bool: ...
    @property
    def tools_used(self) -> list[str]: ...
    def in_pile(self, c: int) -> bool: ...
    def where(self, c: int) -> str: ...
    def not_drawn(self, c: int) -> str: ...


@dataclass(frozen=True)
class Tool:
    """A tool card: paid with a drawn card of value ``pips``; used once, then discarded."""

    id: str  # the name in move notation
    name: str
    pips: int
    effect: str
    args: str  # what follows ``tool ID pay CARD`` in the notation


TOOL_LIST: tuple[Tool, ...] = (
    Tool(
        "redraw",
        "Redraw",
        3,
        "put the other drawn cards on the bottom of the pile and draw that many new ones",
        "",
    ),
    Tool(
        "grozing",
        "Grozing Pliers",
        1,
        "exchange a drawn card for the card of the same color and value one higher or lower, "
        "if it is still in the pile",
        "R4 R5",
    ),
    Tool(
        "grinding",
        "Grinding Stone",
        6,
        "exchange a drawn card for the card of the same color and value 7 minus its value, "
        "if it is still in the pile",
        "R4",
    ),
    Tool(
        "eglomise",
        "Eglomise Brush",
        2,
        "move one placed card, ignoring color restrictions",
        "b2 c3",
    ),
    Tool(
        "burnisher",
        "Copper Foil Burnisher",
        5,
        "move one placed card, ignoring value restrictions",
        "b2 c3",
    ),
    Tool(
        "lathekin", "Lathekin", 4, "move exactly two placed cards, obeying all rules", "b2 c3 d1 d2"
    ),
    Tool(
        "tapwheel",
        "Tap Wheel",
        4,
        "move up to two placed cards of one color that is on the turn bar",
        "b2 c3 [d1 d2]",
    ),
    Tool(
        "lenscutter", "Lens Cutter", 2, "exchange a drawn card with a card on the turn bar", "R4 K2"
    ),
    Tool(
        "straightedge",
        "Cork-backed Straightedge",
        5,
        "place the round's card on a field adjacent to no card",
        "R4 e4",
    ),
)
TOOLS: dict[str, Tool] = {t.id: t for t in TOOL_LIST}
TOOL_IDS: tuple[str, ...] = tuple(TOOLS)


def _norm(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isalnum())


_TOOL_ALIASES = {
    **{_norm(t.id): t.id for t in TOOL_LIST},
    **{_norm(t.name): t.id for t in TOOL_LIST},
}


def tool_id(name: object) -> str:
    """A tool's notation id from its id or full name (any case, spaces ignored)."""
    tid = _TOOL_ALIASES.get(_norm(name)) if isinstance(name, str) else None
    if tid is None:
        raise ValueError(f"{name!r} is not a tool; the tools are: {', '.join(TOOL_IDS)}")
    return tid


CARD_ARGS = {"grozing": "cc", "grinding": "c", "lenscutter": "cc", "straightedge": "cf"}
"""Tools whose arguments are cards (c) and fields (f); the others take fields only."""
ARG_COUNT = {
    "redraw": (0,),
    "grozing": (2,),
    "grinding": (1,),
    "eglomise": (2,),
    "burnisher": (2,),
    "lathekin": (4,),
    "tapwheel": (2, 4),
    "lenscutter": (2,),
    "straightedge": (2,),
}
"""How many words follow ``tool NAME pay CARD``."""


def exchanged(tid: str, args: tuple[int, ...]) -> int:
    """The card that Grozing Pliers or Grinding Stone takes from the pile for ``args[0]``."""
    x = args[0]
    return args[1] if tid == "grozing" else card(color_of(x), 7 - value_of(x))


def moves_of(
    grid: Sequence[int],
    occ: int,
    colm: list[int],
    valm: list[int],
    allowed: tuple[int, ...],
    sources: int,
) -> list[tuple[int, ...]]:
    """(from, to) for every placed card in ``sources`` that may move (placement rules)."""
    out: list[tuple[int, ...]] = []
    for s in bit_indices(sources):
        c, b = grid[s], 1 << s
        k, v = c // 6, c % 6
        colm[k] &= ~b
        valm[v] &= ~b
        dest = free_fields(c, occ & ~b, colm, valm, allowed) & ~b
        colm[k] |= b
        valm[v] |= b
        out.extend((s, t) for t in bit_indices(dest))
    return out


def tool_options(state: Table, tid: str) -> list[tuple[int, tuple[int, ...]]]:
    """Every legal (paying card, args) for tool ``tid`` now (the caller checks the round)."""
    pips = TOOLS[tid].pips
    out: list[tuple[int, tuple[int, ...]]] = []
    for pay in state.hand_codes:
        if value_of(pay) == pips:
            others = [c for c in state.hand_codes if c != pay]
            out.extend((pay, args) for args in _tool_args(state, tid, others, pay))
    return out


def redraw_shortfall(state: Table, pay: int) -> str | None:
    """Why Redraw paid with ``pay`` cannot draw new cards for the others in hand (referee's
    ruling 16: the card just paid is not a new card), or None when it can."""
    need = len(state.hand_codes) - 1
    new = state.pile_size + sum(1 for d in state.discard_codes if d != pay)
    if new >= need:
        return None
    return (
        f"Redraw must draw {need} new card{'s' if need != 1 else ''} for the others in hand, "
        f"but only {new} exist{'s' if new == 1 else ''} (the pile is empty, and "
        f"{card_text(pay)}, the card that pays for it, is not a new card)"
    )


def _tool_args(state: Table, tid: str, others: list[int], pay: int = -1) -> list[tuple[int, ...]]:
    w, grid, occ = state.window, state.grid_codes, state.occupied
    if tid == "redraw":
        return [()] if redraw_shortfall(state, pay) is None else []
    if tid == "grozing":
        return [
            (x, y)
            for x in others
            for dv in (-1, 1)
            if 1 <= value_of(x) + dv <= 6
            for y in (card(color_of(x), value_of(x) + dv),)
            if state.in_pile(y)
        ]
    if tid == "grinding":
        return [(x,) for x in others if state.in_pile(exchanged(tid, (x,)))]
    if tid == "lenscutter":
        return [(x, y) for x in others for stack in state.bar_codes for y in stack]
    if tid == "straightedge":
        if state.placed_this_round:
            return []
        return [
            (x, i)
            for x in others
            for i in bit_indices(
                free_fields(x, occ, state.color_masks, state.value_masks, w.allowed, True)
            )
        ]
    colm, valm = list(state.color_masks), list(state.value_masks)
    if tid in ("eglomise", "burnisher"):
        allowed = w.allowed_any_color if tid == "eglomise" else w.allowed_any_value
        return moves_of(grid, occ, colm, valm, allowed, occ)
    if tid == "lathekin":
        return _double_moves(state, occ, False)
    colors = {color_of(c) for stack in state.bar_codes for c in stack}
    sources = 0
    for k in colors:
        sources |= colm[k]
    singles = moves_of(grid, occ, colm, valm, w.allowed, sources)
    return [*singles, *_double_moves(state, sources, True)]


def _double_moves(state: Table, sources: int, same_color: bool) -> list[tuple[int, ...]]:
    """Two moves in a row of two different cards from ``sources`` (Lathekin, Tap Wheel)."""
    allowed, out = state.window.allowed, []  # type: tuple[int, ...], list[tuple[int, ...]]
    grid, occ = list(state.grid_codes), state.occupied
    colm, valm = list(state.color_masks), list(state.value_masks)
    for s1, t1 in moves_of(grid, occ, colm, valm, allowed, sources):
        c = grid[s1]
        k, v, b1, bt = c // 6, c % 6, 1 << s1, 1 << t1
        grid[s1], grid[t1] = -1, c
        colm[k] ^= b1 | bt
        valm[v] ^= b1 | bt
        second = (sources & ~b1 & ~bt & colm[k]) if same_color else (occ & ~b1 & ~bt)
        for s2, t2 in moves_of(grid, occ ^ b1 ^ bt, colm, valm, allowed, second):
            out.append((s1, t1, s2, t2))
        grid[s1], grid[t1] = c, -1
        colm[k] ^= b1 | bt
        valm[v] ^= b1 | bt
    return out


def tool_problem(state: Table, tid: str, pay: int, args: tuple[int, ...]) -> str | None:
    tool = TOOLS[tid]
    if tid not in state.tools_in_play:
        return (
            f"{tool.name} is not in play: the tools in play are "
            f"{', '.join(TOOLS[t].name for t in state.tools_in_play) or 'none'}"
        )
    if tid in state.tools_used:
        return f"{tool.name} was already used: each tool is used once, then discarded"
    if state.tool_used_this_round:
        return "a tool was already used this round: at most one tool a round"
    if pay not in state.hand_codes:
        return f"{state.not_drawn(pay)}; a tool is paid with a drawn card"
    if value_of(pay) != tool.pips:
        return (
            f"{tool.name} shows {tool.pips} pips: it is paid with a drawn {tool.pips}, "
            f"not {card_text(pay)}"
        )
    if tid in CARD_ARGS and args[0] == pay:
        return f"{card_text(pay)} pays for {tool.name}; it cannot also be the card it works on"
    w, grid = state.window, state.grid_codes
    if tid == "redraw":
        return redraw_shortfall(state, pay)
    if tid in ("grozing", "grinding"):
        x = args[0]
        if x not in state.hand_codes:
            return state.not_drawn(x)
        y = exchanged(tid, args)
        if tid == "grozing" and (color_of(y) != color_of(x) or abs(value_of(y) - value_of(x)) != 1):
            return (
                f"Grozing Pliers exchanges {card_text(x)} only for the "
                f"{COLOR_NAMES[color_of(x)]} card one higher or lower"
            )
        if not state.in_pile(y):
            return (
                f"{card_text(y)} is not in the pile ({state.where(y)}): {tool.name} "
                "takes only a card still in the pile"
            )
        return None
    if tid == "lenscutter":
        x, y = args
        if x not in state.hand_codes:
            return state.not_drawn(x)
        if not any(y in stack for stack in state.bar_codes):
            return (
                f"{card_text(y)} is not on the turn bar ({state.where(y)}): Lens Cutter "
                "exchanges a drawn card with a card on the turn bar"
            )
        return None
    if tid == "straightedge":
        x, i = args
        if state.placed_this_round:
            return (
                "a card was already placed this round: Cork-backed Straightedge places "
                "the round's card, so it is used before any placement in the round"
            )
        if x not in state.hand_codes:
            return state.not_drawn(x)
        return field_problem(w, grid, x, i, alone=True, tool=tool.name)
    # the tools that move placed cards
    board = list(grid)
    moves = list(zip(args[0::2], args[1::2]))
    if tid == "tapwheel":
        bar_colors = {color_of(c) for stack in state.bar_codes for c in stack}
        if not bar_colors:
            return "the turn bar is empty: Tap Wheel moves cards of a color on the turn bar"
    moved: list[int] = []
    for n, (s, t) in enumerate(moves):
        c = board[s]
        if c < 0:
            return f"{CELL_NAMES[s]} holds no card: {tool.name} moves placed cards"
        if n == 1 and s == moved[0]:
            return (
                f"{CELL_NAMES[s]} holds the card just moved: {tool.name} moves two different cards"
            )
        if tid == "tapwheel":
            if color_of(c) not in bar_colors:
                return (
                    f"{card_text(c)} is {COLOR_NAMES[color_of(c)]}, a color not on the "
                    "turn bar: Tap Wheel moves only cards of a color on the turn bar "
                    f"({', '.join(COLOR_NAMES[k] for k in sorted(bar_colors))})"
                )
            if n == 1 and color_of(c) != color_of(board[moved[0]]):
                return (
                    f"{card_text(c)} and {card_text(board[moved[0]])} differ in color: "
                    "Tap Wheel moves cards of one color"
                )
        if s == t:
            return f"{card_text(c)} must move to another field, not stay on {CELL_NAMES[s]}"
        board[s] = -1
        problem = field_problem(
            w, board, c, t, ignore_color=tid == "eglomise", ignore_value=tid == "burnisher"
        )
        if problem:
            return f"moving {card_text(c)} from {CELL_NAMES[s]}: {problem}"
        board[t] = c
        moved.append(t)
    return None


def tool_name(state: Table, tid: str, pay: int, args: tuple[int, ...]) -> str:
    """A tool's use in words, as the board shows it: "Lathekin, paid with R4: G3 from d2 to
    c3, B1 from e3 to b4"."""
    head = f"{TOOLS[tid].name}, paid with {card_text(pay)}"
    if tid == "redraw":
        return head
    if tid in ("grozing", "lenscutter"):
        return f"{head}: {card_text(args[0])} for {card_text(args[1])}"
    if tid == "grinding":
        return f"{head}: {card_text(args[0])} for {card_text(exchanged(tid, args))}"
    if tid == "straightedge":
        return f"{head}: {card_text(args[0])} on {CELL_NAMES[args[1]]}"
    moves = ", ".join(
        f"{card_text(state.grid_codes[s])} from {CELL_NAMES[s]} to {CELL_NAMES[t]}"
        for s, t in zip(args[0::2], args[1::2])
    )
    return f"{head}: {moves}"


def tool_words(state: Table, tid: str, pay: int, args: tuple[int, ...]) -> str:
    tool = TOOLS[tid]
    head = (
        f"{tool.name} ({tool.pips} pip{'s' if tool.pips > 1 else ''}, paid with {card_text(pay)})"
    )
    if tid == "redraw":
        others = [c for c in state.hand_codes if c != pay]
        return (
            f"{head} puts {cards_text(others)} on the bottom of the pile: {len(others)} new "
            f"card{'s' if len(others) != 1 else ''} to draw in their place"
        )
    if tid == "grozing":
        return f"{head} exchanges {card_text(args[0])} for {card_text(args[1])} from the pile"
    if tid == "grinding":
        x = args[0]
        return (
            f"{head} exchanges {card_text(x)} for {card_text(exchanged(tid, args))} from the pile"
        )
    if tid == "lenscutter":
        return (
            f"{head} exchanges the drawn {card_text(args[0])} with {card_text(args[1])} "
            "from the turn bar"
        )
    if tid == "straightedge":
        return (
            f"{head} places {card_text(args[0])} on {CELL_NAMES[args[1]]}, a field "
            "adjacent to no card (the round's placement)"
        )
    moves = ", ".join(
        f"{card_text(state.grid_codes[s])} {CELL_NAMES[s]} -> {CELL_NAMES[t]}"
        for s, t in zip(args[0::2], args[1::2])
    )
    return f"{head} moves {moves}"
