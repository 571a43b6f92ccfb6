"""A Sagrada position set up by hand (the ``start=`` option, the position editor's): its form
and ranges checked (``_parse_start``), and whether a game could have reached it and the engine
play on from it (``_position_problem``; RULES.md, "Setting up a position").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from ..core import IllegalMove, connected_parts
from .cards import NUM_CARDS, card_text, parse_card, value_of
from .options import _check_orders, _check_tools
from .state import DRAWS_PER_ROUND, ROUNDS, TURNS_PER_ROUND, SagradaState
from .tools import TOOL_IDS, TOOLS, tool_id
from .windows import CELL_NAMES, CELLS, EDGE, ORTHO, Window, around, parse_field, window_from_option

_START_KEYS = (
    "window",
    "tools",
    "tools_used",
    "orders",
    "placed",
    "drawn",
    "turn_bar",
    "pile_returned",
    "discards",
    "round",
    "turns_played",
    "cards_to_draw",
    "tool_used_this_round",
    "placed_this_round",
)
MOVING_TOOLS = ("eglomise", "burnisher", "lathekin", "tapwheel")
"""The tools that move placed cards (the cards they leave may have no neighbour)."""


@dataclass(frozen=True)
class StartPosition:
    """A ``start=`` option checked for form: cards as codes, fields as indices."""

    window: Window | None
    tools: tuple[str, ...] | None
    tools_used: tuple[str, ...]
    orders: tuple[str, str, str] | None
    placed: tuple[tuple[int, int], ...]  # (field, card) in reading order
    drawn: tuple[int, ...]
    turn_bar: tuple[tuple[int, ...], ...]
    pile_returned: tuple[int, ...]
    discards: tuple[int, ...]
    round: int
    turns_played: int
    cards_to_draw: int
    tool_used_this_round: bool
    placed_this_round: int


def _short(value: Any, n: int = 40) -> str:
    """``repr(value)`` cut to about ``n`` characters: an error message stays small."""
    text = repr(value)
    return text if len(text) <= n else text[:n] + "…"


def _start_cards(value: Any, where: str, most: int) -> tuple[int, ...]:
    if not isinstance(value, (list, tuple)):
        raise ValueError(
            f"{where} must be a list of cards such as ['R4', 'K2'], not {_short(value)}"
        )
    if len(value) > most:
        raise ValueError(f"{where} holds at most {most} cards, not {len(value)}")
    out = []
    for k, text in enumerate(value, 1):
        try:
            out.append(parse_card(text))
        except IllegalMove as e:
            raise ValueError(f"{where}, card {k}: {str(e)[:120]}") from None
    return tuple(out)


def _start_int(value: dict[str, Any], key: str, default: int, low: int, high: int) -> int:
    v = value.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
        raise ValueError(f"{key} must be a whole number from {low} to {high}, not {_short(v)}")
    return v


def _parse_start(value: Any) -> StartPosition | None:
    """Check a ``start=`` mapping for form and ranges (``Sagrada.validate`` judges the rules).

    Every key is optional: ``window`` (a designed window's name or four rows; default the
    ``window=`` option), ``tools`` (the tools in play, names; default the ``tools=`` option),
    ``tools_used`` (in the order used), ``orders`` (as the ``orders=`` option), ``placed``
    (``{"b3": "R4"}``), ``drawn`` (the drawn cards not used yet), ``turn_bar`` (one list of cards
    per finished round), ``pile_returned`` (the known cards at the bottom of the pile, top
    first), ``discards`` (the cards paid for tools, in order), ``round`` (1-10; default one more
    than the turn bar's stacks), ``turns_played`` (0-2, this round's turns already played),
    ``cards_to_draw`` (0-3; default what the round still needs), ``tool_used_this_round``,
    ``placed_this_round`` (0-2). Every card not named is in the pile, unseen.

    >>> start = {"placed": {"a1": "R4"}, "drawn": ["G2", "K5"], "turns_played": 1,
    ...          "placed_this_round": 1}
    >>> _parse_start(start).cards_to_draw
    0
    """
    if value is None:
        return None
    if not isinstance(value, dict):
        raise ValueError(
            f"must be a mapping such as {{'placed': {{'a1': 'R4'}}, 'drawn': "
            f"['G2', 'Y6', 'K1']}}, not {_short(value)}"
        )
    unknown = sorted(str(k) for k in value if k not in _START_KEYS)
    if unknown:
        raise ValueError(
            f"unknown key {_short(unknown[0])}; the keys are: {', '.join(_START_KEYS)}"
        )
    window = None
    if value.get("window") is not None:
        try:
            window = window_from_option(value["window"])
        except ValueError as e:
            raise ValueError(f"window: {str(e)[:200]}") from None
    tools = None
    if value.get("tools") is not None:
        if not isinstance(value["tools"], (list, tuple)):
            raise ValueError(f"tools must be a list of tool names, not {_short(value['tools'])}")
        try:
            tools = cast(tuple[str, ...], _check_tools(value["tools"]))
        except ValueError as e:
            raise ValueError(f"tools: {str(e)[:200]}") from None
    used = value.get("tools_used", [])
    if not isinstance(used, (list, tuple)) or len(used) > len(TOOL_IDS):
        raise ValueError(f"tools_used must be a list of tool names, not {_short(used)}")
    try:
        tools_used = tuple(tool_id(t) for t in used)
    except ValueError as e:
        raise ValueError(f"tools_used: {str(e)[:200]}") from None
    if len(set(tools_used)) != len(tools_used):
        twice = next(t for t in tools_used if tools_used.count(t) > 1)
        raise ValueError(f"tools_used names {TOOLS[twice].name} twice: each tool is used once")
    try:
        orders = _check_orders(value.get("orders"))
    except ValueError as e:
        raise ValueError(f"orders: {str(e)[:300]}") from None
    placed_in = value.get("placed", {})
    if not isinstance(placed_in, dict):
        raise ValueError(
            f"placed must map fields to cards, such as {{'b3': 'R4'}}, not {_short(placed_in)}"
        )
    placed: dict[int, int] = {}
    for where, text in placed_in.items():
        if not isinstance(where, str):
            raise ValueError(f"placed: a field is named like 'b3', not {_short(where, 12)}")
        try:
            i = parse_field(where)
            c = parse_card(text)
        except IllegalMove as e:
            raise ValueError(f"placed, {_short(where, 12)}: {str(e)[:120]}") from None
        if i in placed:
            raise ValueError(f"placed names {CELL_NAMES[i]} twice: a field takes one card")
        placed[i] = c
    drawn = _start_cards(value.get("drawn", []), "drawn", DRAWS_PER_ROUND)
    bar_in = value.get("turn_bar", [])
    if not isinstance(bar_in, (list, tuple)) or len(bar_in) > ROUNDS:
        raise ValueError(
            f"turn_bar must be a list of at most {ROUNDS} stacks (one per finished "
            f"round), not {_short(bar_in)}"
        )
    turn_bar = tuple(
        _start_cards(stack, f"turn_bar, stack {r}", DRAWS_PER_ROUND)
        for r, stack in enumerate(bar_in, 1)
    )
    returned = _start_cards(value.get("pile_returned", []), "pile_returned", NUM_CARDS)
    discards = _start_cards(value.get("discards", []), "discards", NUM_CARDS)
    named = (
        list(placed.values())
        + list(drawn)
        + [c for s in turn_bar for c in s]
        + list(returned)
        + list(discards)
    )
    if len(set(named)) != len(named):
        dup = next(c for c in named if named.count(c) > 1)
        raise ValueError(f"{card_text(dup)} is named twice: each glass card exists once")
    round_ = _start_int(value, "round", min(len(turn_bar) + 1, ROUNDS), 1, ROUNDS)
    turns = _start_int(value, "turns_played", 0, 0, TURNS_PER_ROUND)
    tool_round = value.get("tool_used_this_round", False)
    if not isinstance(tool_round, bool):
        raise ValueError(f"tool_used_this_round must be true or false, not {_short(tool_round)}")
    placed_round = _start_int(value, "placed_this_round", 0, 0, TURNS_PER_ROUND)
    needed = max(0, DRAWS_PER_ROUND - len(drawn) - placed_round - tool_round)
    to_draw = _start_int(
        value, "cards_to_draw", needed if len(turn_bar) < ROUNDS else 0, 0, DRAWS_PER_ROUND
    )
    return StartPosition(
        window,
        tools,
        tools_used,
        orders,
        tuple(sorted(placed.items())),
        drawn,
        turn_bar,
        returned,
        discards,
        round_,
        turns,
        to_draw,
        tool_round,
        placed_round,
    )


def _position_problem(st: SagradaState) -> str | None:
    """Why no game could reach ``st``, or the engine could not play on from it (None: fine)."""
    window, grid = st.window, st.grid_codes
    used, finished = st.tools_used, len(st.bar_codes)
    over = st.is_terminal()
    for t in used:
        if t not in st.tools_in_play:
            return f"{TOOLS[t].name} is marked used but is not among the tools in play"
    # rule 3, card by card: the field's restriction (a moved card may break one), adjacency
    wrong_color = [
        i for i in range(CELLS) if grid[i] >= 0 and not (window.allowed_any_value[grid[i]] >> i) & 1
    ]
    wrong_value = [
        i for i in range(CELLS) if grid[i] >= 0 and not (window.allowed_any_color[grid[i]] >> i) & 1
    ]
    for wrong, tool, kind in (
        (wrong_color, "eglomise", "color"),
        (wrong_value, "burnisher", "value"),
    ):
        allowed = 1 if tool in used else 0
        if len(wrong) > allowed:
            i = wrong[allowed]
            return (
                f"{card_text(grid[i])} on {CELL_NAMES[i]} breaks the field's restriction "
                f"({window.restriction_words(i)}): a card may be placed only where the "
                f"field's restriction is met"
                + (
                    f"; {TOOLS[tool].name} moves one card ignoring {kind} restrictions"
                    if allowed
                    else ""
                )
            )
    for i in range(CELLS):
        for j in ORTHO[i]:
            a, b = grid[i], grid[j]
            if j > i and a >= 0 and b >= 0 and (a // 6 == b // 6 or a % 6 == b % 6):
                same = "color" if a // 6 == b // 6 else "value"
                return (
                    f"{card_text(a)} on {CELL_NAMES[i]} and {card_text(b)} on "
                    f"{CELL_NAMES[j]} are orthogonally next to each other: cards of the same "
                    f"{same} may never be orthogonally adjacent"
                )
    occ = st.occupied
    if occ and not any(t in used for t in MOVING_TOOLS):
        parts = connected_parts(occ, around)  # diagonals touch too
        free = 1 + ("straightedge" in used)
        if len(parts) > free:
            return (
                "the placed cards form groups that do not touch: every card after the first "
                "must be placed next to (also diagonally) a placed card"
                + (
                    "; Cork-backed Straightedge placed one card away from all cards"
                    if free > 1
                    else ""
                )
            )
        if not any(p & EDGE for p in parts):
            return (
                "no placed card is on an edge or corner field: the very first card must be "
                "placed on an edge or corner field"
            )
    # the rounds: the turn bar, the cards used in each round, the tools
    stacks = st.bar_codes
    for r, stack in enumerate(stacks, 1):
        if not stack:
            return (
                f"the turn bar's stack {r} is empty: every round leaves at least one of its "
                "three cards on the turn bar"
            )
    if over:
        if st.round != ROUNDS:
            return (
                f"the turn bar holds {ROUNDS} stacks, so the game is over after round "
                f"{ROUNDS}: set round {ROUNDS}"
            )
        if st.hand_codes or st.cards_to_draw:
            return "the game is over after the tenth stack: no cards are drawn or left in hand"
    elif finished != st.round - 1:
        return (
            f"round {st.round} follows {st.round - 1} finished round"
            f"{'' if st.round == 2 else 's'}, each leaving a stack on the turn bar, but the "
            f"turn bar holds {finished} stack{'' if finished == 1 else 's'}"
        )
    tool_now = 0 if over else int(st.tool_used_this_round)
    placed_now = 0 if over else st.placed_this_round
    if tool_now and not used:
        return "a tool was used this round, but no tool is marked used"
    if len(used) > finished + tool_now:
        return (
            f"{len(used)} tools are used in {finished + tool_now} round"
            f"{'' if finished + tool_now == 1 else 's'}: at most one tool may be used a round"
        )
    placed = bin(occ).count("1")
    if placed > 2 * finished + placed_now:
        return (
            f"{placed} cards are placed, but the {finished} finished round"
            f"{'' if finished == 1 else 's'} and this round's {placed_now} placement"
            f"{'' if placed_now == 1 else 's'} place at most {2 * finished + placed_now}: "
            "a round has two turns"
        )
    consumed = placed + len(used) + sum(len(s) for s in stacks)
    expected = DRAWS_PER_ROUND * finished + placed_now + tool_now
    if consumed != expected:
        now = placed_now + tool_now
        return (
            f"every round's three cards are placed, pay for a tool or go to the turn bar: "
            f"after {finished} finished round{'' if finished == 1 else 's'} and this "
            f"round's {now} used card{'' if now == 1 else 's'} that makes {expected}, but "
            f"the window, the tools used and the turn bar account for {consumed}"
        )
    for t in ("lenscutter", "tapwheel"):
        if t in used and (finished < 1 or (finished < 2 and not (tool_now and used[-1] == t))):
            return (
                f"{TOOLS[t].name} works on the turn bar, which is empty in round 1: it was "
                "used too early"
            )
    if not over:
        turns, to_draw, hand = st._turns, st.cards_to_draw, len(st.hand_codes)
        if turns < placed_now + tool_now:
            return (
                f"{turns} turn{'' if turns == 1 else 's'} played this round cannot hold "
                f"{placed_now} placement{'' if placed_now == 1 else 's'} and "
                f"{tool_now} tool: a turn is a placement, a tool or a pass"
            )
        if tool_now and used[-1] == "straightedge":
            return (
                "Cork-backed Straightedge takes both turns of its round: the round in which "
                "it was used is over"
            )
        if to_draw and turns and not (tool_now and used[-1] == "redraw"):
            return (
                "cards are drawn at the start of the round, before its turns, or after "
                "Redraw: set cards to draw to 0, or mark Redraw as this round's tool"
            )
        if turns >= TURNS_PER_ROUND and not to_draw:
            return (
                "after two turns the round is over and its cards go to the turn bar: the "
                "next round begins"
            )
        if hand != DRAWS_PER_ROUND - to_draw - placed_now - tool_now:
            return (
                f"the round draws three cards: with {to_draw} still to draw, "
                f"{placed_now} placed and {tool_now} paid for a tool this round, "
                f"{DRAWS_PER_ROUND - to_draw - placed_now - tool_now} should be in hand, "
                f"not {hand}"
            )
        if to_draw and turns and len(st.pile_returned) < to_draw:
            return (
                f"Redraw puts the other drawn cards on the bottom of the pile: {to_draw} "
                f"still to draw, but only {len(st.pile_returned)} returned cards at the "
                "bottom of the pile"
            )
        if to_draw > st.pile_size + len(st.discard_codes):
            return "the pile and the discards hold too few cards for the draws to come"
    returners = 2 * ("redraw" in used) + ("grozing" in used) + ("grinding" in used)
    if len(st.pile_returned) > returners:
        return (
            f"{len(st.pile_returned)} cards are returned to the bottom of the pile, but only "
            "Redraw (two cards), Grozing Pliers and Grinding Stone (one each) return cards: "
            f"the tools used return at most {returners}"
        )
    discards = st.discard_codes
    if len(discards) > len(used):
        return (
            f"{len(discards)} cards are discarded but {len(used)} tools used: only a card "
            "paid for a tool is discarded"
        )
    if len(discards) == len(used):
        for c, t in zip(discards, used):
            if value_of(c) != TOOLS[t].pips:
                return (
                    f"{card_text(c)} is discarded as the payment for {TOOLS[t].name}, "
                    f"which is paid with a {TOOLS[t].pips}: the discards are the tools' "
                    "payments in the order the tools were used"
                )
    elif not (st.round == ROUNDS and used[-1] == "redraw"):
        return (
            f"{len(used)} tools are used but {len(discards)} cards discarded: each tool is "
            "paid with a card that is discarded (the discards go back to the pile only "
            "through Redraw in round 10)"
        )
    return None
