"""A position of Sagrada solo and how it changes: the setup, drawing from the pile, the
two turns of a round (a placement, a tool or a pass), the turn bar at the round's end, the score
against the target, the moves in words and what the player sees.

Rule 3, where a card may go, is ``placement.py``; the tools, ``tools.py``; the orders and the
final count, ``scoring.py``; the moves' notation, ``moves.py``.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from ..core import (
    CHANCE,
    TERMINAL,
    Consequence,
    Explanation,
    IllegalMove,
    Move,
    State,
    bit_indices,
)
from .cards import ALL_CARDS, COLORS, NUM_CARDS, card_text, cards_text, parse_card, value_of
from .consequences import consequences, projected_margin
from .moves import DRAW, PASS, PLACE, SagradaMove, _tool_move
from .placement import field_problem, free_fields
from .scoring import BASIC_ORDERS, ORDERS, UNIQUE_ORDERS, breakdown, empty_fields, score
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
from .windows import CELL_NAMES, CELLS, WINDOWS, Window, parse_field

if TYPE_CHECKING:  # for the annotations only: these modules import this one
    from .game import Sagrada
    from .position import StartPosition

ROUNDS = 10
DRAWS_PER_ROUND = 3
TURNS_PER_ROUND = 2


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
