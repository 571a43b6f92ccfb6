"""Sagrada solo with cards: the rules (the published rulebook, the rulings, and
the referee's rulings in RULES.md), as the registered game ``sagrada``: its options, the
ladder's levels, a position written out and judged, puzzle themes and the words of its actions.

The rules of play are ``state.py`` (a position and its moves through the rounds), with
``moves.py`` (the notation), ``placement.py`` (rule 3), ``tools.py`` and ``scoring.py``; the
options are checked in ``options.py``, a position set up by hand in ``position.py``.

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

from typing import Any, cast

from ..core import Facts, Game, LadderLevel, Move, Option, PuzzleRules, State, register
from .cards import ALL_CARDS, NUM_CARDS, card_text
from .consequences import consequences
from .moves import DRAW, SagradaMove, _move_text
from .options import _check_orders, _check_tools, _check_weights, _check_window
from .position import _parse_start, _position_problem
from .scoring import ORDERS
from .state import SagradaState
from .tools import CARD_ARGS, TOOL_IDS, TOOLS
from .windows import CELL_NAMES, CELLS, WINDOWS

# Names of the rules that other modules, tests and notebooks read from this module
from ..core import (
    CHANCE as CHANCE,
    TERMINAL as TERMINAL,
    Consequence as Consequence,
    Explanation as Explanation,
    IllegalMove as IllegalMove,
    bit_indices as bit_indices,
    connected_parts as connected_parts,
)
from .cards import COLORS as COLORS
from .cards import cards_text as cards_text
from .cards import parse_card as parse_card
from .cards import value_of as value_of
from .consequences import projected_margin as projected_margin
from .moves import PASS as PASS
from .moves import PLACE as PLACE
from .placement import field_problem as field_problem
from .placement import free_fields as free_fields
from .position import MOVING_TOOLS as MOVING_TOOLS
from .position import StartPosition as StartPosition
from .scoring import BASIC_ORDERS as BASIC_ORDERS
from .scoring import UNIQUE_ORDERS as UNIQUE_ORDERS
from .scoring import breakdown as breakdown
from .scoring import empty_fields as empty_fields
from .scoring import order_id as order_id
from .scoring import score as score
from .state import DRAWS_PER_ROUND as DRAWS_PER_ROUND
from .state import ROUNDS as ROUNDS
from .state import TURNS_PER_ROUND as TURNS_PER_ROUND
from .tools import ARG_COUNT as ARG_COUNT
from .tools import exchanged as exchanged
from .tools import tool_id as tool_id
from .tools import tool_name as tool_name
from .tools import tool_options as tool_options
from .tools import tool_problem as tool_problem
from .tools import tool_words as tool_words
from .windows import EDGE as EDGE
from .windows import ORTHO as ORTHO
from .windows import Window as Window
from .windows import around as around
from .windows import parse_field as parse_field
from .windows import window_from_option as window_from_option


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
