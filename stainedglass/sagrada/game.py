"""Sagrada solo with cards: the rules (the published rulebook, the rulings, and
the referee's rulings in RULES.md).

>>> import stainedglass as sg
>>> state = sg.load("sagrada", window="Morning Lantern", tools=["lathekin"],
...                 orders=["shades_of_red", "light_shades", "deep_shades"]).new_game(seed=1)
>>> state.is_chance()             # the round begins with three draws from the pile
True
>>> for text in ("draw R1", "draw G2", "draw Y6"):
...     state.play(text)
>>> state.drawn
['R1', 'G2', 'Y6']
>>> print(state.explain("place G2 c2"))
Illegal: c2 is not on the edge: the very first card must be placed on an edge or corner field
>>> state.play("place R1 a1")
>>> state.play("place Y6 b1")
>>> state.turn_bar, state.scores(), state.target()     # G2 went to the turn bar
([['G2']], [-53], 2)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, cast

import numpy as np

from ..core import (
    CHANCE,
    TERMINAL,
    Consequence,
    Explanation,
    Facts,
    Game,
    IllegalMove,
    LadderLevel,
    Move,
    Option,
    PuzzleRules,
    State,
    bit_indices,
    connected_parts,
    register,
)
from .cards import ALL_CARDS, COLORS, NUM_CARDS, card_text, cards_text, parse_card, value_of
from .consequences import consequences, projected_margin
from .placement import field_problem, free_fields
from .scoring import BASIC_ORDERS, ORDERS, UNIQUE_ORDERS, breakdown, empty_fields, order_id, score
from .tools import (
    ARG_COUNT,
    CARD_ARGS,
    TOOL_IDS,
    TOOLS,
    exchanged,
    tool_id,
    tool_options,
    tool_problem,
    tool_name,
    tool_words,
)
from .windows import (
    CELL_NAMES,
    CELLS,
    EDGE,
    ORTHO,
    WINDOWS,
    Window,
    around,
    parse_field,
    window_from_option,
)

ROUNDS = 10
DRAWS_PER_ROUND = 3
TURNS_PER_ROUND = 2


# --------------------------------------------------------------------------------------------
# Moves


def _move_text(key: tuple[Any, ...]) -> str:
    kind = key[0]
    if kind == "draw":
        return f"draw {card_text(key[1])}"
    if kind == "place":
        return f"place {card_text(key[1])} {CELL_NAMES[key[2]]}"
    if kind == "pass":
        return "pass"
    _, tid, pay, args = key
    kinds = CARD_ARGS.get(tid, "f" * len(args))
    words = [card_text(a) if k == "c" else CELL_NAMES[a] for k, a in zip(kinds, args)]
    return " ".join(["tool", tid, "pay", card_text(pay), *words])


class SagradaMove(Move):
    """A Sagrada move; ``key`` is ``("draw", card)``, ``("place", card, field)``, ``("pass",)`` or
    ``("tool", tool_id, paying_card, args)`` (args: cards and field indices as the notation)."""

    __slots__ = ()
    key: tuple[Any, ...]

    def __init__(self, key: tuple[Any, ...]) -> None:  # the text is made only when asked for
        self.key = key
        self._hash = hash(key)

    @property
    def text(self) -> str:  # type: ignore[override]
        return _move_text(self.key)

    def __str__(self) -> str:
        return _move_text(self.key)

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"


DRAW = tuple(SagradaMove(("draw", c)) for c in ALL_CARDS)
PLACE = tuple(tuple(SagradaMove(("place", c, i)) for i in range(CELLS)) for c in ALL_CARDS)
PASS = SagradaMove(("pass",))


def _tool_move(tid: str, pay: int, args: tuple[int, ...]) -> SagradaMove:
    return SagradaMove(("tool", tid, pay, args))


# --------------------------------------------------------------------------------------------
# The state


class SagradaState(State):
    """A position of Sagrada solo. Public, read-only attributes for views and bots:

    - ``window``: the :class:`~stainedglass.sagrada.windows.Window` (``name``, ``difficulty``,
      ``rows``; ``window.restriction("b3")`` or ``window.fields[i]`` is ``""``, a color letter or
      a value digit; field index ``i = row * 5 + col``, ``a1`` top-left).
    - ``placed``: ``{"b3": "R4", ...}`` the cards in the window; ``grid``: 20 entries in reading
      order, a card text or None.
    - ``drawn``: the drawn cards not yet used this round, in draw order (``["R4", "K2"]``).
    - ``turn_bar``: one list of card texts per finished round (``[["G2"], ["K1", "Y3"]]``).
    - ``tools``: ids of the tools in play not yet used; ``tools_used``: the used ones, in order;
      ``tool_used_this_round``.
    - ``orders``: (unique, basic, basic) order ids; ``order_weights``: the weights as the cards
      print them, (basic, basic, unique): the easier variant's 1/1/2 doubles the unique order.
    - ``round`` (1..10), ``turn`` (1 or 2, the next turn of the round), ``cards_to_draw``.
    - ``pile_size``, ``pile_returned`` (the known cards at the bottom, top first), ``discards``.
    - ``scores()`` the score so far, ``target()`` the target so far, ``breakdown()`` per order.
    """

    game: Sagrada

    # ---- setup -------------------------------------------------------------------------------

    def _setup(self, rng: random.Random) -> None:
        s = self.game.settings
        self.window: Window = s["window"] if s["window"] is not None else rng.choice(WINDOWS)
        tools = s["tools"]
        if isinstance(tools, int):
            chosen = set(rng.sample(TOOL_IDS, tools))
            tools = tuple(t for t in TOOL_IDS if t in chosen)
        self.tools_in_play: tuple[str, ...] = tools
        orders = s["orders"]
        if orders is None:
            orders = (rng.choice(UNIQUE_ORDERS), *rng.sample(BASIC_ORDERS, 2))
        self._orders: tuple[str, str, str] = orders
        basic1, basic2, unique = s["order_weights"]  # as the cards print them: 1/1/2
        self._weights: tuple[int, int, int] = (unique, basic1, basic2)  # as self._orders
        self._grid = [-1] * CELLS
        self._occ = 0
        self._colm = [0] * 5
        self._valm = [0] * 6
        self._hand: list[int] = []
        self._bar: list[tuple[int, ...]] = []
        self._unknown: set[int] = set(ALL_CARDS)
        self._bottom: list[int] = []
        self._discards: list[int] = []
        self._tools = list(self.tools_in_play)
        self._used: list[str] = []
        self._round = 1
        self._turns = 0
        self._tool_round = False
        self._placed_round = 0
        self._to_draw = DRAWS_PER_ROUND
        self._over = False
        self._reshuffles = 0
        self._legal_cache: tuple[Move, ...] | None = None
        self._legal_set: frozenset[Move] | None = None
        self._arranged = False
        start = s.get("start")
        if start is not None:
            self._set_start(start)

    def _set_start(self, start: StartPosition) -> None:
        """Put a ``start=`` position on the table: a real game, saved and shared with its options
        (unlike :meth:`arrange`). Its form is checked already; ``Sagrada.validate`` judges it."""
        if start.window is not None:
            self.window = start.window
        if start.tools is not None:
            self.tools_in_play = start.tools
        if start.orders is not None:
            self._orders = start.orders
        for i, c in start.placed:
            self._put(i, c)
        self._hand = list(start.drawn)
        self._bar = list(start.turn_bar)
        self._bottom = list(start.pile_returned)
        self._discards = list(start.discards)
        named = (
            [c for _, c in start.placed]
            + self._hand
            + self._bottom
            + self._discards
            + [c for stack in self._bar for c in stack]
        )
        self._unknown = set(ALL_CARDS) - set(named)
        self._used = list(start.tools_used)
        self._tools = [t for t in self.tools_in_play if t not in self._used]
        self._round, self._turns = start.round, start.turns_played
        self._tool_round, self._placed_round = start.tool_used_this_round, start.placed_this_round
        self._to_draw = start.cards_to_draw
        self._over = len(self._bar) >= ROUNDS

    def arrange(
        self,
        *,
        placed: dict[str, str] | None = None,
        drawn: list[str] | None = None,
        turn_bar: list[list[str]] | None = None,
        pile_returned: list[str] | None = None,
        discards: list[str] | None = None,
        round: int = 1,
        turn: int = 1,
        tools: list[str] | None = None,
        tool_used_this_round: bool = False,
        placed_this_round: int = 0,
        cards_to_draw: int = 0,
    ) -> SagradaState:
        """Set up a study position by hand (tests, tutorials); returns the state.

        Every card not named is in the unknown part of the pile. The position has no history:
        ``to_json()`` refuses it. Cards named twice are a ValueError.
        """

        def cards(texts: list[str] | None, where: str) -> list[int]:
            try:
                return [parse_card(t) for t in texts or []]
            except IllegalMove as e:
                raise ValueError(f"arrange: {where}: {e}") from None

        self._grid = [-1] * CELLS
        self._occ, self._colm, self._valm = 0, [0] * 5, [0] * 6
        for where, text in (placed or {}).items():
            try:
                self._put(parse_field(where), parse_card(text))
            except IllegalMove as e:
                raise ValueError(f"arrange: placed: {e}") from None
        self._hand = cards(drawn, "drawn")
        self._bar = [tuple(cards(stack, "turn_bar")) for stack in turn_bar or []]
        self._bottom = cards(pile_returned, "pile_returned")
        self._discards = cards(discards, "discards")
        named = (
            [c for c in self._grid if c >= 0]
            + self._hand
            + self._bottom
            + self._discards
            + [c for stack in self._bar for c in stack]
        )
        if len(set(named)) != len(named):
            dup = next(c for c in named if named.count(c) > 1)
            raise ValueError(f"arrange: {card_text(dup)} is named twice; each card exists once")
        self._unknown = set(ALL_CARDS) - set(named)
        if tools is not None:
            self.tools_in_play = tuple(tool_id(t) for t in tools)
        self._tools, self._used = list(self.tools_in_play), []
        self._round, self._turns = round, turn - 1
        self._tool_round, self._placed_round = tool_used_this_round, placed_this_round
        self._to_draw, self._over = cards_to_draw, False
        self._legal_cache = self._legal_set = None
        self.history, self._undo_stack, self._arranged = [], [], True
        return self

    def _unsaveable(self) -> str | None:
        if self._arranged:
            return "an arranged study position has no history to save"
        return None

    # ---- the window's bookkeeping --------------------------------------------------------------

    def _put(self, i: int, c: int) -> None:
        b = 1 << i
        self._grid[i] = c
        self._occ |= b
        self._colm[c // 6] |= b
        self._valm[c % 6] |= b

    def _take(self, i: int) -> int:
        c = self._grid[i]
        b = ~(1 << i)
        self._grid[i] = -1
        self._occ &= b
        self._colm[c // 6] &= b
        self._valm[c % 6] &= b
        return c

    # ---- snapshots ---------------------------------------------------------------------------

    def _snapshot(self) -> Any:
        return (
            tuple(self._grid),
            self._occ,
            tuple(self._colm),
            tuple(self._valm),
            tuple(self._hand),
            tuple(self._bar),
            frozenset(self._unknown),
            tuple(self._bottom),
            tuple(self._discards),
            tuple(self._tools),
            tuple(self._used),
            self._round,
            self._turns,
            self._tool_round,
            self._placed_round,
            self._to_draw,
            self._over,
            self._reshuffles,
            self.window,
            self.tools_in_play,
            self._orders,
            self._weights,
            self._legal_cache,
            self._legal_set,
        )

    def _position(self) -> Any:
        return self._snapshot()[:-2]

    def _restore(self, snap: Any) -> None:
        (
            grid,
            self._occ,
            colm,
            valm,
            hand,
            bar,
            unknown,
            bottom,
            discards,
            tools,
            used,
            self._round,
            self._turns,
            self._tool_round,
            self._placed_round,
            self._to_draw,
            self._over,
            self._reshuffles,
            self.window,
            self.tools_in_play,
            self._orders,
            self._weights,
            self._legal_cache,
            self._legal_set,
        ) = snap
        self._grid, self._colm, self._valm = list(grid), list(colm), list(valm)
        self._hand, self._bar, self._unknown = list(hand), list(bar), set(unknown)
        self._bottom, self._discards = list(bottom), list(discards)
        self._tools, self._used = list(tools), list(used)

    # ---- public attributes -------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        if self._over:
            return TERMINAL
        return CHANCE if self._to_draw else 0

    @property
    def grid(self) -> list[str | None]:
        return [card_text(c) if c >= 0 else None for c in self._grid]

    @property
    def placed(self) -> dict[str, str]:
        return {CELL_NAMES[i]: card_text(c) for i, c in enumerate(self._grid) if c >= 0}

    @property
    def drawn(self) -> list[str]:
        return [card_text(c) for c in self._hand]

    @property
    def turn_bar(self) -> list[list[str]]:
        return [[card_text(c) for c in stack] for stack in self._bar]

    @property
    def tools(self) -> list[str]:
        return list(self._tools)

    @property
    def tools_used(self) -> list[str]:
        return list(self._used)

    @property
    def tool_used_this_round(self) -> bool:
        return self._tool_round

    @property
    def orders(self) -> tuple[str, str, str]:
        return self._orders

    @property
    def order_weights(self) -> tuple[int, int, int]:
        """The weights as the option gives them, in the cards' order: (basic, basic, unique)."""
        unique, basic1, basic2 = self._weights
        return (basic1, basic2, unique)

    @property
    def round(self) -> int:
        return self._round

    @property
    def turn(self) -> int:
        return min(self._turns + 1, TURNS_PER_ROUND)

    @property
    def cards_to_draw(self) -> int:
        return self._to_draw

    @property
    def pile_size(self) -> int:
        return len(self._unknown) + len(self._bottom)

    @property
    def pile_returned(self) -> list[str]:
        return [card_text(c) for c in self._bottom]

    @property
    def discards(self) -> list[str]:
        return [card_text(c) for c in self._discards]

    @property
    def placed_this_round(self) -> int:
        """How many cards were placed this round (a tool's placement counts)."""
        return self._placed_round

    # ---- the same, as card codes (cards.py), for the tools and bots; read-only copies ----------

    @property
    def hand_codes(self) -> tuple[int, ...]:
        return tuple(self._hand)

    @property
    def bar_codes(self) -> tuple[tuple[int, ...], ...]:
        return tuple(self._bar)

    @property
    def grid_codes(self) -> tuple[int, ...]:
        """The card code on each field in CELL_NAMES order, -1 where empty."""
        return tuple(self._grid)

    @property
    def discard_codes(self) -> tuple[int, ...]:
        return tuple(self._discards)

    @property
    def occupied(self) -> int:
        """The filled fields as a bit mask (bit i is field CELL_NAMES[i])."""
        return self._occ

    @property
    def color_masks(self) -> tuple[int, ...]:
        """Per color, the fields holding a card of that color (bit masks)."""
        return tuple(self._colm)

    @property
    def value_masks(self) -> tuple[int, ...]:
        """Per value 1-6, the fields holding a card of that value (bit masks)."""
        return tuple(self._valm)

    def in_pile(self, c: int) -> bool:
        """Whether card ``c`` is still in the pile (unseen, or returned to its bottom)."""
        return c in self._unknown or c in self._bottom

    def where(self, c: int) -> str:
        """Where card ``c`` is, in words ("it is on the turn bar")."""
        if c in self._grid:
            return f"it is placed on {CELL_NAMES[self._grid.index(c)]}"
        if c in self._hand:
            return "it is drawn already"
        if any(c in stack for stack in self._bar):
            return "it is on the turn bar"
        if c in self._discards:
            return "it was discarded to pay for a tool"
        return "it is in the pile"

    def not_drawn(self, c: int) -> str:
        """Why card ``c`` cannot be played from the hand: it was not drawn."""
        return f"{card_text(c)} was not drawn: the drawn cards are {cards_text(self._hand)}"

    def view(self, player: int) -> SagradaState:
        """The solo player sees everything the state holds: the pile's unseen order is not stored
        at all (each draw is a chance move over the unseen cards), so the view is a plain copy."""
        self._check_player(player)
        return self.clone()

    # ---- moves -------------------------------------------------------------------------------

    def _chance_probabilities(self) -> list[tuple[Move, float]]:
        if self._unknown:
            pool = sorted(self._unknown)
        elif self._bottom:
            return [(DRAW[self._bottom[0]], 1.0)]
        else:  # the pile ran out: the discards are shuffled to form a new one
            pool = sorted(self._discards)
        p = 1.0 / len(pool)
        return [(DRAW[c], p) for c in pool]

    def _legal(self) -> list[Move]:
        if self._legal_cache is None:
            if self._to_draw:
                moves: list[Move] = [m for m, _ in self._chance_probabilities()]
            else:
                moves = self._placements() or [PASS]
                if not self._tool_round:
                    for tid in self._tools:
                        moves.extend(
                            SagradaMove(("tool", tid, pay, args))
                            for pay, args in tool_options(self, tid)
                        )
            self._legal_cache = tuple(moves)
            self._legal_set = frozenset(moves)
        return list(self._legal_cache)

    def _placements(self) -> list[Move]:
        allowed, occ, colm, valm = self.window.allowed, self._occ, self._colm, self._valm
        return [
            PLACE[c][i]
            for c in self._hand
            for i in bit_indices(free_fields(c, occ, colm, valm, allowed))
        ]

    # ---- why a move is illegal ---------------------------------------------------------------

    def _illegal_reason(self, move: Move) -> str | None:
        if not isinstance(move, SagradaMove):
            return f"{move} is not a Sagrada move"
        if self._legal_set is not None and move in self._legal_set:
            return None
        key = move.key
        kind = key[0]
        if self._to_draw:
            if kind != "draw":
                return (
                    f"a card must be drawn first: {self._to_draw} more card"
                    f"{'s' if self._to_draw > 1 else ''} come from the pile before the turn"
                )
            return self._draw_problem(key[1])
        if kind == "draw":
            return (
                "no card is drawn now: the round's cards are drawn; place a card, use a tool "
                "or pass"
            )
        if kind == "place":
            c, i = key[1], key[2]
            if c not in self._hand:
                return self.not_drawn(c)
            return field_problem(self.window, self._grid, c, i)
        if kind == "pass":
            moves = self._placements()
            if moves:
                return (
                    f"pass is only allowed when no drawn card can be placed, and {moves[0]} "
                    "can be placed"
                )
            return None
        return tool_problem(self, key[1], key[2], key[3])

    def _draw_problem(self, c: int) -> str | None:
        outcomes = {cast(tuple[Any, ...], m.key)[1] for m, _ in self._chance_probabilities()}
        if c in outcomes:
            return None
        if self._unknown or not self._bottom:
            return f"{card_text(c)} is not in the pile: {self.where(c)}"
        return (
            f"the next card is {card_text(self._bottom[0])}: the unknown part of the pile is "
            "used up and the returned cards come next, in the order they were returned"
        )

    # ---- playing -----------------------------------------------------------------------------

    def _apply(self, move: Move) -> None:
        key = cast(tuple[Any, ...], move.key)
        kind = key[0]
        self._legal_cache = self._legal_set = None
        if kind == "draw":
            self._draw(key[1])
        elif kind == "place":
            self._hand.remove(key[1])
            self._put(key[2], key[1])
            self._placed_round += 1
            self._turn_done()
        elif kind == "pass":
            self._turn_done()
        else:
            self._use_tool(key[1], key[2], key[3])
            if key[1] == "straightedge":  # the round's placement: it takes both turns
                self._turns = TURNS_PER_ROUND - 1
            self._turn_done()

    def _use_tool(self, tid: str, pay: int, args: tuple[int, ...]) -> None:
        """Pay, discard the tool, and do what it does (tools.py: what each tool may do)."""
        self._hand.remove(pay)
        self._discards.append(pay)
        self._tools.remove(tid)
        self._used.append(tid)
        self._tool_round = True
        if tid == "redraw":
            others, self._hand = self._hand, []
            if self.pile_size < len(others):  # rule 5: too few new cards: reshuffle first,
                self._unknown |= {d for d in self._discards if d != pay}  # all but the payment
                self._discards = [pay]  # (referee's ruling 16)
                self._reshuffles += 1
            self._bottom.extend(others)
            self._to_draw = len(others)
        elif tid in ("grozing", "grinding"):
            x, y = args[0], exchanged(tid, args)
            if y in self._unknown:
                self._unknown.remove(y)
            else:
                self._bottom.remove(y)
            self._hand[self._hand.index(x)] = y
            self._bottom.append(x)
        elif tid == "lenscutter":
            x, y = args
            self._hand[self._hand.index(x)] = y
            self._bar = [tuple(x if c == y else c for c in stack) for stack in self._bar]
        elif tid == "straightedge":
            x, i = args
            self._hand.remove(x)
            self._put(i, x)
            self._placed_round += 1
        else:
            for s, t in zip(args[0::2], args[1::2]):
                self._put(t, self._take(s))

    def _draw(self, c: int) -> None:
        if c in self._unknown:
            self._unknown.remove(c)
        elif self._bottom:
            self._bottom.pop(0)
        else:  # rule 5: an empty pile is refilled by shuffling the discards
            self._unknown = set(self._discards)
            self._unknown.remove(c)
            self._discards = []
            self._reshuffles += 1
        self._hand.append(c)
        self._to_draw -= 1
        if not self._to_draw and self._turns >= TURNS_PER_ROUND:
            self._end_round()

    def _turn_done(self) -> None:
        self._turns += 1
        if self._turns >= TURNS_PER_ROUND and not self._to_draw:
            self._end_round()

    def _end_round(self) -> None:
        """Rule 2: what is left of the drawn cards goes to the turn bar as one stack."""
        self._bar.append(tuple(self._hand))
        self._hand = []
        if self._round == ROUNDS:
            self._over = True
            return
        self._round += 1
        self._turns = 0
        self._tool_round = False
        self._placed_round = 0
        self._to_draw = DRAWS_PER_ROUND

    # ---- scores ------------------------------------------------------------------------------

    def scores(self) -> list[int]:
        """The score so far: weighted orders minus 3 per empty field (rule 4)."""
        return [score(self._grid, self._orders, self._weights)]

    def target(self) -> int:
        """The target so far: the sum of the turn bar's values (rule 4)."""
        return sum(value_of(c) for stack in self._bar for c in stack)

    def breakdown(self) -> list[tuple[str, int, int, str]]:
        """Per order: (name, weight, points, how they were earned)."""
        return breakdown(self._grid, self._orders, self._weights)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            raise ValueError("returns(): the game is not over")
        return [1.0 if self.scores()[0] >= self.target() else 0.0]

    def evaluate(self) -> list[float]:
        """A quick estimate of the chance to win: the margin so far, with the rounds to come
        expected to fill fields (each worth 3 back plus about 2 in orders) and add about 2.5 to
        the target (``projected_margin``), squashed into 0..1."""
        if self.is_terminal():
            return self.returns()
        return [1.0 / (1.0 + math.exp(-projected_margin(self) / 6.0))]

    def projected_margin(self, player: int) -> float:
        """The final score less the target as the position promises it (``evaluate()``'s
        reckoning, in points); exact at the end."""
        self._check_player(player)
        return projected_margin(self)

    def _consequences(self, move: Move) -> list[Consequence]:
        """Fields no card to come can fill any more, what the orders gain and promise, the
        target's projection, the card for the turn bar, the tools kept (consequences.py)."""
        return consequences(self, move)

    def result_text(self) -> str:
        """The end computation in words: target, each order, the empty fields, the verdict."""
        lines = [f"Target: the turn bar's values sum to {self.target()}."]
        for name, w, pts, words in self.breakdown():
            weight = f" x {w} = {w * pts}" if w != 1 else ""
            lines.append(f"{name}: {words} = {pts}{weight}.")
        empty = empty_fields(self._grid)
        lines.append(f"Empty fields: {empty} x -3 = {-3 * empty}.")
        s, t = self.scores()[0], self.target()
        verdict = "won" if s >= t else "lost"
        if self.is_terminal():
            lines.append(f"Score {s} against target {t}: {verdict}.")
        else:
            lines.append(f"So far: score {s}, target {t}.")
        return " ".join(lines)

    def explain(self, move: Move | str) -> Explanation:
        """As the contract says; at the end the final count follows, order by order."""
        said = super().explain(move)
        if self.is_terminal():
            said = Explanation(said.legal, f"{said.words} {self.result_text()}")
        return said

    # ---- notation ----------------------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """``draw R4``, ``place R4 b3``, ``pass``, ``tool NAME pay CARD ARGS`` (api.md)."""
        words = text.split() if isinstance(text, str) else []
        if not words:
            raise IllegalMove(
                "a move is 'draw R4', 'place R4 b3', 'pass' or 'tool NAME pay CARD ...'"
            )
        head, rest = words[0].lower(), words[1:]
        if head == "draw" and len(rest) == 1:
            return DRAW[parse_card(rest[0])]
        if head == "place" and len(rest) == 2:
            return PLACE[parse_card(rest[0])][parse_field(rest[1])]
        if head == "pass" and not rest:
            return PASS
        if head != "tool":
            raise IllegalMove(
                f"{text!r} is not a move: a move is 'draw R4', 'place R4 b3', "
                "'pass' or 'tool NAME pay CARD ...'"
            )
        if len(rest) < 3 or rest[1].lower() != "pay":
            raise IllegalMove(f"{text!r}: a tool is named and paid: 'tool NAME pay CARD ...'")
        try:
            tid = tool_id(rest[0])
        except ValueError as e:
            raise IllegalMove(str(e)) from None
        pay, args = parse_card(rest[2]), rest[3:]
        tool = TOOLS[tid]
        if len(args) not in ARG_COUNT[tid]:
            raise IllegalMove(
                f"{tool.name} takes {' or '.join(map(str, ARG_COUNT[tid]))} "
                f"words after the payment: 'tool {tid} pay CARD {tool.args}'".strip()
            )
        kinds = CARD_ARGS.get(tid, "f" * len(args))
        values = tuple(parse_card(a) if k == "c" else parse_field(a) for k, a in zip(kinds, args))
        if tid in ("grozing", "grinding", "lenscutter", "straightedge") and values[0] == pay:
            raise IllegalMove(
                f"{card_text(pay)} pays for {tool.name}; it cannot also be the "
                "card the tool works on"
            )
        return _tool_move(tid, pay, values)

    # ---- words -------------------------------------------------------------------------------

    def _name(self, move: Move) -> str:
        """ "G4 on b1", "Lathekin, paid with R4: G3 from d2 to c3", "drawing R5", "a pass"."""
        key = cast(tuple[Any, ...], move.key)
        if key[0] == "draw":
            return f"drawing {card_text(key[1])}"
        if key[0] == "place":
            return f"{card_text(key[1])} on {CELL_NAMES[key[2]]}"
        if key[0] == "pass":
            return "a pass"
        return tool_name(self, key[1], key[2], key[3])

    def _describe(self, move: Move) -> str:
        key = cast(tuple[Any, ...], move.key)
        after: SagradaState = self.clone()
        after.play(move)
        kind = key[0]
        if kind == "draw":
            c = key[1]
            if c in self._unknown:
                how = f"one of the {len(self._unknown)} unseen cards of the pile"
            elif self._bottom:
                how = "the next returned card at the bottom of the pile"
            else:
                how = (
                    f"the pile ran out: the {len(self._discards)} discards are shuffled to "
                    "form a new pile"
                )
            words = f"Chance: {card_text(c)} is drawn ({how})"
        elif kind == "place":
            c, i = key[1], key[2]
            words = (
                f"You place {card_text(c)} on {CELL_NAMES[i]} ({self.window.restriction_words(i)})"
            )
        elif kind == "pass":
            words = (
                f"none of {cards_text(self._hand)} can be placed, so the turn is "
                "forfeited; unplaced cards go to the turn bar"
            )
        else:
            words = f"{tool_words(self, key[1], key[2], key[3])}"
        changes = []
        d_score = after.scores()[0] - self.scores()[0]
        if d_score:
            changes.append(f"score {self.scores()[0]} -> {after.scores()[0]}")
            for (name, w, p0, _), (_, _, p1, _) in zip(self.breakdown(), after.breakdown()):
                if p1 != p0:
                    changes.append(f"{name} {'+' if p1 > p0 else ''}{w * (p1 - p0)}")
            filled = empty_fields(self._grid) - empty_fields(after._grid)
            if filled:
                changes.append(f"one empty field fewer +{3 * filled}")
        if len(after._bar) > len(self._bar) or after.target() != self.target():
            if len(after._bar) > len(self._bar):
                changes.append(f"the round ends: {cards_text(after._bar[-1])} to the turn bar")
            changes.append(f"target {self.target()} -> {after.target()}")
        if after.is_terminal():
            changes.append(
                f"the game ends: {'won' if after.returns()[0] else 'lost'}, score "
                f"{after.scores()[0]} against target {after.target()}"
            )
        return words + (": " + ", ".join(changes) if changes else "") + "."

    def observation(self, player: int) -> np.ndarray:
        """What the player sees, as ``game.observation_size`` (612) numbers. For each of the 20
        fields in reading order 22: its restriction's color (R G Y B K) and value (1-6), and the
        card placed there, color and value. Then, card by card (R1...K6), those drawn and not
        used, those known at the bottom of the pile, the discards and those on the turn bar;
        the round (10) and turn (2); the cards to draw (/3) and the pile's size (/30); each
        tool in play unused and each used; a tool used and the cards placed this round (/2);
        the three orders (of 15) and their weights (/2).

        >>> import stainedglass as sg
        >>> sg.load("sagrada").new_game(seed=1).observation(0).shape
        (612,)
        """
        self._check_player(player)
        # the window's own fields (made once for each window), then the cards on it
        cls = type(self)
        printed = cls.__dict__.get("_observation_windows")
        if printed is None:
            printed = {}
            cls._observation_windows = printed  # type: ignore[attr-defined]
        window = self.window
        known_fields = printed.get(id(window))
        if known_fields is None or known_fields[0] is not window:
            base = np.zeros((CELLS, 22), dtype=np.float32)
            for i, text in enumerate(window.fields):
                if text and text in COLORS:  # a blank field ("") has no restriction
                    base[i, COLORS.index(text)] = 1.0
                elif text:
                    base[i, 5 + int(text) - 1] = 1.0
            if len(printed) > 1024:
                printed.clear()
            known_fields = printed[id(window)] = (window, base)
        fields = known_fields[1].copy()
        grid = np.array(self._grid)
        placed = np.flatnonzero(grid >= 0)
        if len(placed):
            held = grid[placed]
            fields[placed, 11 + held // 6] = 1.0
            fields[placed, 16 + held % 6] = 1.0  # the value less one (value_of)
        cards = np.zeros((4, NUM_CARDS), dtype=np.float32)
        bar = [c for stack in self._bar for c in stack]
        for row, known in enumerate((self._hand, self._bottom, self._discards, bar)):
            cards[row, np.asarray(known, dtype=np.intp)] = 1.0
        timing = np.zeros(12, dtype=np.float32)
        timing[min(self._round, 10) - 1] = 1.0
        timing[10 + self.turn - 1] = 1.0
        tools = [float(t in self._tools) for t in TOOL_IDS] + [
            float(t in self._used) for t in TOOL_IDS
        ]
        orders = [float(o in self._orders) for o in ORDERS]
        rest = np.array(
            [
                self._to_draw / 3,
                self.pile_size / NUM_CARDS,
                *tools,
                self._tool_round,
                self._placed_round / 2,
                *orders,
                *(w / 2 for w in self.order_weights),
            ],
            dtype=np.float32,
        )
        return np.concatenate([fields.ravel(), cards.ravel(), timing, rest])

    def __str__(self) -> str:
        w = self.window
        lines = [
            f"Sagrada solo: window {w.name!r} (difficulty {w.difficulty}), "
            + (
                "game over"
                if self._over
                else f"round {self._round} of {ROUNDS}, "
                + (f"{self._to_draw} to draw" if self._to_draw else f"turn {self.turn}")
            ),
            "     " + "    ".join("abcde"),
        ]
        for r in range(4):
            cells = []
            for c in range(5):
                i = r * 5 + c
                g = self._grid[i]
                text = card_text(g) if g >= 0 else f"({w.fields[i]})" if w.fields[i] else " ."
                cells.append(text)
                cells[-1] = f"{cells[-1]:<4}"
            lines.append(f"  {r + 1}  " + " ".join(cells).rstrip())
        lines.append(
            f"drawn: {cards_text(self._hand)}; turn bar: "
            + (" | ".join(cards_text(s) if s else "-" for s in self._bar) or "empty")
        )
        lines.append(
            "tools: "
            + (", ".join(f"{TOOLS[t].name} ({TOOLS[t].pips})" for t in self._tools) or "none")
            + ("; a tool was used this round" if self._tool_round else "")
        )
        lines.append(
            "orders: "
            + ", ".join(
                ORDERS[o].name + (f" x{k}" if k != 1 else "")
                for o, k in zip(self._orders, self._weights)
            )
        )
        lines.append(
            f"pile {self.pile_size} (returned at the bottom: {cards_text(self._bottom)}), "
            f"discards {len(self._discards)}; "
            f"score {self.scores()[0]}, target {self.target()}"
        )
        return "\n".join(lines)


# --------------------------------------------------------------------------------------------
# Options and the game


def _check_tools(v: Any) -> int | tuple[str, ...]:
    if isinstance(v, bool):
        raise ValueError(f"must be a number of tools 0-9 or a list of tool names, not {v!r}")
    if isinstance(v, int):
        if not 0 <= v <= len(TOOL_IDS):
            raise ValueError(f"must be a number of tools from 0 to {len(TOOL_IDS)}, not {v}")
        return v
    if not isinstance(v, (list, tuple)):
        raise ValueError(f"must be a number of tools 0-9 or a list of tool names, not {v!r}")
    ids = [tool_id(t) for t in v]
    if len(set(ids)) != len(ids):
        raise ValueError(f"names a tool twice: {v!r}")
    return tuple(t for t in TOOL_IDS if t in ids)


def _check_orders(v: Any) -> tuple[str, str, str] | None:
    if v is None:
        return None
    if not isinstance(v, (list, tuple)) or len(v) != 3:
        raise ValueError(f"must list three orders (one unique, two basic), not {v!r}")
    ids = [order_id(o) for o in v]
    unique = [o for o in ids if ORDERS[o].kind == "unique"]
    basic = [o for o in ids if ORDERS[o].kind == "basic"]
    if len(unique) != 1 or len(set(basic)) != 2:
        raise ValueError(
            f"must be one unique order and two different basic orders, not {v!r}; "
            f"unique: {', '.join(UNIQUE_ORDERS)}; basic: {', '.join(BASIC_ORDERS)}"
        )
    return unique[0], basic[0], basic[1]


def _check_weights(v: Any) -> tuple[int, int, int]:
    if (
        not isinstance(v, (list, tuple))
        or len(v) != 3
        or any(isinstance(x, bool) or not isinstance(x, int) or x < 0 for x in v)
    ):
        raise ValueError(f"must be three whole numbers >= 0 (basic, basic, unique), not {v!r}")
    return tuple(v)


def _check_window(v: Any) -> Window | None:
    return window_from_option(v)


# --------------------------------------------------------------------------------------------
# A position set up by hand: the start= option (the position editor)

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


@register
class Sagrada(Game):
    """Sagrada, the solo card variant: fill a 4x5 window in ten rounds and reach the turn bar's
    total."""

    name = "sagrada"
    title = "Sagrada (solo, cards)"
    facts = Facts(
        chance=True,
        hidden_information=False,
        min_players=1,
        max_players=1,
        lower_is_better=False,
        player_names=("Glazier",),
        player_colours=("gold",),
        chance_action="Draw the cards",
        hint_bot="sagrada",
        margin_sides=("above the target", "below the target"),
    )
    options = {
        "window": Option(
            None,
            "a designed window's name, four rows of five ('.', R G Y B K, 1-6), or a "
            'window of your own, {"name": ..., "rows": [...]}; default: drawn at random',
            _check_window,
        ),
        "tools": Option(
            3,
            "a number of tools drawn at random (1 very hard ... 5 easy) or a list of tool names",
            _check_tools,
        ),
        "orders": Option(
            None, "one unique and two basic orders; default: revealed at random", _check_orders
        ),
        "order_weights": Option(
            (1, 1, 1),
            "weights in the cards' order, (basic, basic, "
            "unique): (1, 1, 2), the easier variant, doubles the unique "
            "order",
            _check_weights,
        ),
        "start": Option(
            None,
            "a position to start from (the position editor): a mapping of "
            "window, tools, tools_used, orders, placed, drawn, turn_bar, "
            "pile_returned, discards, round, turns_played, cards_to_draw, "
            "tool_used_this_round, placed_this_round; see RULES.md",
            _parse_start,
        ),
    }
    state_class = SagradaState
    max_plays = 400  # ten rounds of three draws and two turns, tools and redraws besides
    max_words = 6  # tool NAME, pay CARD, then up to four cards or fields
    observation_size = (
        CELLS * 22
        + 4 * NUM_CARDS
        + 12  # fields, cards, round and turn
        + 2
        + 2 * len(TOOL_IDS)
        + 2
        + len(ORDERS)
        + 3
    )

    puzzle_rules = PuzzleRules(playouts=200, margin=0.2, first_ply=0)

    def ladder_levels(self) -> tuple[LadderLevel, ...]:
        """The ladder's levels: each window difficulty, its games shared among the designed
        windows of that difficulty.

        >>> import stainedglass as sg
        >>> [level.number for level in sg.load("sagrada").ladder_levels()]
        [3, 4, 5, 6]
        """
        return tuple(
            LadderLevel(d, tuple({"window": w.name} for w in WINDOWS if w.difficulty == d))
            for d in sorted({w.difficulty for w in WINDOWS})
        )

    def position(self, state: State) -> dict[str, Any]:
        """The ``start=`` mapping of ``state``'s position: the window (a designed one by name),
        the tools and orders, every card where it lies, the round and its turns. The unseen part
        of the pile is every card not named.

        >>> import stainedglass as sg
        >>> game = sg.load("sagrada", window="Tempest", tools=["lathekin"])
        >>> state = game.new_game(seed=1)
        >>> for _ in range(3):
        ...     state.play(state.sample_chance())
        >>> start = game.position(state)
        >>> start["window"], start["drawn"], start["round"], start["cards_to_draw"]
        ('Tempest', ['R4', 'B6', 'Y3'], 1, 0)
        >>> game.setup(start).drawn
        ['R4', 'B6', 'Y3']
        """
        st = cast(SagradaState, state)
        w = st.window
        return {
            "window": w.name if w in WINDOWS else list(w.rows),
            "tools": list(st.tools_in_play),
            "tools_used": st.tools_used,
            "orders": list(st.orders),
            "placed": st.placed,
            "drawn": st.drawn,
            "turn_bar": st.turn_bar,
            "pile_returned": st.pile_returned,
            "discards": st.discards,
            "round": st.round,
            "turns_played": st._turns,
            "cards_to_draw": st.cards_to_draw,
            "tool_used_this_round": st.tool_used_this_round,
            "placed_this_round": st.placed_this_round,
        }

    def validate(self, state: State) -> None:
        """Refuse a position no game could reach or the engine could not play on from: a card
        breaking its field's restriction or next to one of its color or value, cards that could
        never have been placed in turn, rounds whose cards do not add up, tools used too often or
        too early, payments that do not match (RULES.md, "Setting up a position")."""
        problem = _position_problem(cast(SagradaState, state))
        if problem is not None:
            raise ValueError(problem)

    def puzzle_theme(self, state: State, best: Move, rival: Move) -> str:
        """What ``best`` achieves that ``rival`` does not, in the window's words, never the
        move again: "win the game now", "score Column Shade Variety +4", "keep d2 open for the
        cards to come", "send only R1 to the turn bar", "build for the orders (about 27 points
        to come)"; a tool the search found no fact for: "use Grozing Pliers now"; a pass: "pass
        and keep the window open"."""
        assert isinstance(state, SagradaState)
        assert isinstance(best, SagradaMove) and isinstance(rival, SagradaMove)
        if best.key[0] == "pass":
            return "pass and keep the window open"
        facts, rival_facts = consequences(state, best), consequences(state, rival)
        mine, other = {c.kind: c for c in facts}, {c.kind: c for c in rival_facts}
        won = ["won" in getattr(f.get("end"), "words", "") for f in (mine, other)]
        if won[0] and not won[1]:
            return "win the game now"
        orders = [c for c in facts if c.kind == "orders"]
        if sum(c.number for c in orders) > sum(c.number for c in rival_facts if c.kind == "orders"):
            return f"score {max(orders, key=lambda c: c.number).words}"
        if "dead" in other and ("dead" not in mine or mine["dead"].number < other["dead"].number):
            fields = other["dead"].words.split(" can no longer")[0]
            if best.key[0] == "place" and CELL_NAMES[best.key[2]] in fields.split():
                return f"fill {fields} while a card still can"
            return f"keep {fields} open for the cards to come"
        if "bar" in mine and "bar" in other and mine["bar"].number < other["bar"].number:
            cards = mine["bar"].words.split(": ")[1].split(" to the turn bar")[0]
            return f"send only {cards} to the turn bar"
        promise = mine.get("projection")
        if promise and "projection" in other and promise.worth > other["projection"].worth:
            return f"build for the orders (about {promise.number} points to come)"
        if best.key[0] == "tool":
            return f"use {TOOLS[best.key[1]].name} now"
        return "keep the window's best fields for the cards to come"

    def action_words(self) -> tuple[str, ...]:
        """``pass``; a placement as ``place R4`` then its field; a tool as ``tool NAME``,
        ``pay CARD``, then its cards and fields one word each."""
        cards = tuple(card_text(c) for c in ALL_CARDS)
        return (
            ("pass",)
            + tuple(f"place {c}" for c in cards)
            + tuple(f"tool {t}" for t in TOOLS)
            + tuple(f"pay {c}" for c in cards)
            + cards
            + tuple(CELL_NAMES)
        )

    def chance_words(self) -> tuple[str, ...]:
        return tuple(str(m) for m in DRAW)

    def move_words(self, move: Move) -> tuple[str, ...]:
        if isinstance(move, SagradaMove):  # the words from the key (as _move_text spells it)
            key = move.key
            if key[0] == "place":
                return (f"place {card_text(key[1])}", CELL_NAMES[key[2]])
            if key[0] == "tool":
                _, tid, pay, args = key
                kinds = CARD_ARGS.get(tid, "f" * len(args))
                return (
                    f"tool {tid}",
                    f"pay {card_text(pay)}",
                    *(card_text(a) if k == "c" else CELL_NAMES[a] for k, a in zip(kinds, args)),
                )
            return (_move_text(key),)
        words = str(move).split()
        if words[0] == "place":
            return (f"place {words[1]}", words[2])
        if words[0] == "tool":
            return (f"tool {words[1]}", f"pay {words[3]}", *words[4:])
        return (str(move),)

    variants = [
        {},
        {"tools": list(TOOL_IDS)},
        {
            "window": "Tempest",
            "tools": 5,
            "order_weights": [2, 1, 1],
            "orders": ["shades_of_choice", "light_shades", "color_variety"],
        },
    ]


__all__ = ["Sagrada", "SagradaState", "SagradaMove"]
