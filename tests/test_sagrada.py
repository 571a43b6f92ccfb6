"""Sagrada solo with cards: every rule on a position built to show it.

Quotes are from the published rulebook or the game's rules page, ``stainedglass/sagrada/RULES.md``
(its rules and the referee's rulings).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import stainedglass as sg
from stainedglass.sagrada.cards import ALL_CARDS, card_text, parse_card
from stainedglass.sagrada.difficulty import win_rate
from stainedglass.sagrada.tools import TOOL_IDS
from stainedglass.sagrada.game import PLACE, SagradaMove
from stainedglass.sagrada.scoring import BASIC_ORDERS, ORDERS, UNIQUE_ORDERS
from stainedglass.sagrada.windows import WINDOWS, parse_window

BLANK = [".....", ".....", ".....", "....."]
ORDERS3 = ["shades_of_red", "light_shades", "deep_shades"]


def arranged(window=BLANK, tools=(), orders=ORDERS3, weights=(1, 1, 1), **position):
    """A study position on ``window`` with ``tools`` in play (see SagradaState.arrange)."""
    game = sg.load(
        "sagrada",
        window=window,
        tools=list(tools) or 0,
        orders=list(orders),
        order_weights=list(weights),
    )
    return game.new_game(seed=0).arrange(tools=list(tools), **position)


def legal(state):
    return {str(m) for m in state.legal_moves()}


def refused(state, move, *words):
    """The move is refused with a reason naming the rule, and the state is unchanged."""
    before = state._position()
    with pytest.raises(sg.IllegalMove) as err:
        state.play(move)
    for w in words:
        assert w in str(err.value), str(err.value)
    assert state._position() == before
    assert move not in legal(state)
    return str(err.value)


def fields_for(state, text):
    """The fields where the drawn card ``text`` may be placed now."""
    return {str(m).split()[2] for m in state.legal_moves() if str(m).startswith(f"place {text} ")}


def grid_of(rows):
    """Rows of card texts ('..' empty) -> the 20-entry grid scoring works on."""
    return [-1 if t == ".." else parse_card(t) for row in rows for t in row.split()]


# A full window whose rows and columns repeat no color and no value (found by search).
FULL_WINDOW = ["K3 R2 G1 B4 Y5", "R6 Y4 K5 G3 B1", "G2 B5 Y6 K1 R3", "Y1 G6 B2 R5 K4"]


# ---------------------------------------------------------------------------------------------
# Components and setup


def test_thirty_glass_cards_drawn_as_chance():
    """Rulebook: "The remaining 30 cards are called "glass cards" (red, green, yellow, blue, black
    from 1 to 6). Shuffle them to a face down pile." RULES.md, rule 5: "its order is unknown
    (each draw is a chance move over the unseen cards)"."""
    state = sg.load("sagrada").new_game(seed=4)
    outcomes = state.chance_outcomes()
    assert sorted(str(m) for m, _ in outcomes) == sorted(f"draw {card_text(c)}" for c in ALL_CARDS)
    assert all(p == pytest.approx(1 / 30) for _, p in outcomes)
    assert len({card_text(c) for c in ALL_CARDS}) == 30


def test_setup_reveals_one_unique_and_two_basic_orders():
    """Rulebook: "6 of them are unique orders. Shuffle the unique order cards separately and reveal
    1 of them. Then shuffle the remaining order cards separately and reveal 2 of them."""
    seen = set()
    for seed in range(30):
        unique, b1, b2 = sg.load("sagrada").new_game(seed=seed).orders
        assert unique in UNIQUE_ORDERS and b1 in BASIC_ORDERS and b2 in BASIC_ORDERS and b1 != b2
        seen.add(unique)
    assert len(seen) > 3
    assert len(UNIQUE_ORDERS) == 6 and len(BASIC_ORDERS) == 9


def test_tools_chosen_by_number_or_by_name():
    """Rulebook: "Select as many as you want ... With only 1 tool the game becomes very hard, with 5
    or more tools the game becomes very easy. Alternatively, you can draw the selected number
    blindly. New players are recommended to start with 3 tool cards."""
    assert len(sg.load("sagrada").new_game(seed=1).tools) == 3
    assert len(sg.load("sagrada", tools=5).new_game(seed=1).tools) == 5
    assert len(sg.load("sagrada", tools=1).new_game(seed=1).tools) == 1
    state = sg.load("sagrada", tools=["Lens Cutter", "redraw"]).new_game(seed=1)
    assert state.tools == ["redraw", "lenscutter"]
    assert len({tuple(sg.load("sagrada").new_game(seed=s).tools) for s in range(20)}) > 5


@pytest.mark.parametrize(
    "opts,words",
    [
        ({"tools": 10}, "tools"),
        ({"tools": ["hammer"]}, "hammer"),
        ({"tools": ["redraw", "Redraw"]}, "twice"),
        ({"orders": ["light_shades", "deep_shades", "shade_variety"]}, "one unique"),
        ({"orders": ["shades_of_red", "light_shades", "light_shades"]}, "two different basic"),
        ({"orders": ["shades_of_pink", "light_shades", "deep_shades"]}, "shades_of_pink"),
        ({"order_weights": (1, 1)}, "three whole numbers"),
        ({"order_weights": (1, -1, 1)}, ">= 0"),
        ({"window": "Cathedral of Nowhere"}, "Morning Lantern"),
        ({"window": ["....."] * 3}, "4 rows"),
    ],
)
def test_bad_options_say_what_is_wrong(opts, words):
    """api.md: "options are validated: an unknown or bad option is a ValueError"."""
    with pytest.raises(ValueError) as err:
        sg.load("sagrada", **opts)
    assert words in str(err.value)


def test_options_name_orders_and_weights():
    """RULES.md, rule 4: the orders are scored "each times its weight (order_weights=, default
    (1, 1, 1))"; the referee's ruling 12: "the easier variant (1, 1, 2) doubles the unique
    order", the weights read in the cards' order, basic, basic, unique."""
    state = sg.load(
        "sagrada",
        orders=["Row Color Variety", "shades-of-blue", "deep_shades"],
        order_weights=(2, 1, 1),
    ).new_game(seed=2)
    assert state.orders == ("shades_of_blue", "row_color_variety", "deep_shades")
    assert state.order_weights == (2, 1, 1)
    assert sg.load("sagrada").new_game(seed=2).order_weights == (1, 1, 1)


# ---------------------------------------------------------------------------------------------
# Windows


def test_at_least_twelve_designed_windows_over_difficulties_3_to_6():
    """RULES.md: "Twelve designed windows, three for each difficulty 3-6, are data in
    windows.py"; rulebook: "Each glass window has a difficulty form 3 (easy) to 6 (hard)."""
    assert len(WINDOWS) >= 12
    assert len({w.name for w in WINDOWS}) == len(WINDOWS)
    assert Counter(w.difficulty for w in WINDOWS).keys() == {3, 4, 5, 6}
    for w in WINDOWS:
        assert parse_window(list(w.rows), w.name, w.difficulty) == w  # each passes validation
        assert len(w.rows) == 4 and all(len(r) == 5 for r in w.rows)
    by_difficulty = {d: [w.restricted for w in WINDOWS if w.difficulty == d] for d in range(3, 7)}
    assert max(by_difficulty[3]) < min(by_difficulty[6])


def test_window_option_by_name_or_rows():
    """api.md: "window= (a name or four row strings, . blank, R G Y B K a color, 1-6 a value)"."""
    state = sg.load("sagrada", window="tempest").new_game(seed=1)
    assert state.window.name == "Tempest" and state.window.difficulty == 6
    rows = ["R...3", ".....", "..G..", "6...."]
    state = sg.load("sagrada", window=rows).new_game(seed=1)
    assert state.window.restriction("a1") == "R" and state.window.restriction("e1") == "3"
    assert state.window.restriction("c3") == "G" and state.window.restriction("b2") == ""
    assert state.window.name == "custom"


@pytest.mark.parametrize(
    "rows,words",
    [
        (["R....", ".....", "....."], "4 rows"),
        (["R...", ".....", ".....", "....."], "row 1 has 4 fields"),
        ([".....", "..X..", ".....", "....."], "field c2 (row 2, column 3) is 'X'"),
        (["RR...", ".....", ".....", "....."], "a1 and b1"),
        ([".....", "..4..", "..4..", "....."], "c2 and c3"),
        (["R.R.R", ".R.R.", "R...R", "....."], "7 fields demand R"),
        (["1.1.1", ".1.1.", "1....", "....."], "only 5 cards"),
    ],
)
def test_custom_window_validated_with_clear_errors(rows, words):
    """Rulebook: "Cards may never be horizontally or vertically adjacent to a card of the same color
    or number": a window demanding that could never be filled is refused, saying where."""
    with pytest.raises(ValueError) as err:
        sg.load("sagrada", window=rows)
    assert words in str(err.value)


# ---------------------------------------------------------------------------------------------
# Placement


def test_first_card_on_an_edge_or_corner():
    """Rulebook: "The very first card must be placed on an edge or corner square."""
    state = arranged(drawn=["R1", "G2", "Y3"])
    edge = {f for f in (f"{c}{r}" for c in "abcde" for r in "1234") if f[0] in "ae" or f[1] in "14"}
    assert fields_for(state, "R1") == edge and len(edge) == 14
    refused(state, "place R1 c2", "not on the edge", "very first card")
    state.play("place R1 c1")
    assert state.placed == {"c1": "R1"}


def test_later_cards_next_to_a_placed_card_diagonals_too():
    """Rulebook: "Each additional card must be placed adjacent (horizontally, vertically,
    diagonally) to a card that has already been placed."""
    state = arranged(placed={"a1": "R1"}, drawn=["G2", "Y3", "B4"])
    assert fields_for(state, "G2") == {"b1", "a2", "b2"}
    refused(state, "place G2 c1", "not next to any placed card")
    state.play("place G2 b2")  # diagonal
    assert state.placed["b2"] == "G2"


def test_never_orthogonally_next_to_the_same_color():
    """Rulebook: "Cards may never be horizontally or vertically adjacent to a card of the same
    color or number (diagonally is allowed)."""
    state = arranged(placed={"b2": "R1"}, drawn=["R3", "G4", "Y5"])
    assert fields_for(state, "R3") == {"a1", "c1", "a3", "c3"}
    refused(state, "place R3 b1", "orthogonally next to R1", "same color")
    refused(state, "place R3 c2", "same color")
    state.play("place R3 c3")


def test_never_orthogonally_next_to_the_same_value():
    """Rulebook: "Cards may never be horizontally or vertically adjacent to a card of the same
    color or number (diagonally is allowed)."""
    state = arranged(placed={"b2": "R1"}, drawn=["G1", "Y4", "B5"])
    assert fields_for(state, "G1") == {"a1", "c1", "a3", "c3"}
    refused(state, "place G1 a2", "orthogonally next to R1", "same value")
    state.play("place G1 a1")


def test_field_restrictions_color_value_and_blank():
    """Rulebook: "The card must meet the default of the corresponding field. In the case of a
    number requirement, the number must match; in the case of a color requirement, the color must
    match. Only on an empty field may any card be placed"."""
    state = arranged(
        window=[".G4..", ".....", ".....", "....."], placed={"a1": "R1"}, drawn=["Y3", "G3", "K6"]
    )
    refused(state, "place Y3 b1", "b1 is a green field", "only a green card")
    state.play("place G3 b1")
    refused(state, "place K6 c1", "c1 is a 4 field", "only a 4")
    state.play("place K6 b2")  # a blank field takes any card
    state2 = arranged(
        window=[".G4..", ".....", ".....", "....."], placed={"b1": "G3"}, drawn=["Y4", "B2", "K6"]
    )
    state2.play("place Y4 c1")


def test_a_field_takes_one_card():
    """Rulebook: "put two of them in his window": a card goes on a field of the window, one card a
    field (a placed card stays)."""
    state = arranged(placed={"a1": "R1"}, drawn=["G3", "Y4", "B5"])
    refused(state, "place G3 a1", "already holds R1")


def test_only_drawn_cards_are_placed():
    """Rulebook: "With the drawn cards the player either put two of them in his window"."""
    state = arranged(placed={"a1": "R1"}, drawn=["G3", "Y4", "B5"])
    refused(state, "place K2 b2", "K2 was not drawn")


# ---------------------------------------------------------------------------------------------
# Rounds, the turn bar, forfeits, the end


def test_round_draws_three_cards_then_two_turns_then_the_turn_bar():
    """Rulebook: "At the beginning of the round the player draws 3 cards for his 2 turns." and
    "At the end of the round, the player places unused cards in a row ... Each round the row is
    extended as only 1 (card or stack)."""
    state = sg.load("sagrada", window=BLANK, tools=0).new_game(seed=3)
    for text in ("draw R1", "draw G5", "draw Y3"):
        assert state.is_chance()
        state.play(text)
    assert not state.is_chance() and state.turn == 1 and state.round == 1
    state.play("place R1 a1")
    assert state.turn == 2
    state.play("place G5 b1")
    assert state.turn_bar == [["Y3"]] and state.round == 2 and state.drawn == []
    assert state.is_chance() and state.cards_to_draw == 3


def test_a_card_that_cannot_be_placed_is_forfeited():
    """Rulebook: "If the player cannot play cards according to these rules, this turn is forfeited.
    As a result, the player places more cards in the turn bar at the end of this round."
    RULES.md, rule 3: "the card stays in hand and goes to the turn bar"."""
    # every free field next to the cards is red-restricted or orthogonally blocked
    state = arranged(
        window=[".R...", "RK...", ".....", "....."],
        placed={"a1": "G2"},
        drawn=["G4", "Y2", "B2"],
        round=4,
        turn_bar=[["K1"], ["K2"], ["K3"]],
    )
    assert legal(state) == {"pass"}
    refused(state, "place G4 b2", "b2 is a black field")
    refused(state, "place G4 c3", "not next to any placed card")
    state.play("pass")
    state.play("pass")
    assert state.turn_bar[-1] == ["G4", "Y2", "B2"]
    assert state.target() == 1 + 2 + 3 + 4 + 2 + 2


def test_pass_only_when_no_card_can_be_placed():
    """Rulebook: "If the player cannot play cards according to these rules, this turn is
    forfeited." (only then; api.md: "pass (no drawn card can be placed)")."""
    state = arranged(placed={"a1": "R1"}, drawn=["G3", "Y4", "B5"])
    refused(state, "pass", "only allowed when no drawn card can be placed")


def test_game_ends_after_ten_rounds():
    """Rulebook: "The game lasts exactly 10 rounds." and "As soon as 10 cards or stacks laying in
    the turn bar, the game ends."""
    state = sg.load("sagrada", tools=0).new_game(seed=5)
    rng = random.Random(5)
    while not state.is_terminal():
        assert len(state.turn_bar) < 10
        state.play(state.sample_chance() if state.is_chance() else rng.choice(state.legal_moves()))
    assert len(state.turn_bar) == 10 and state.round == 10
    refused_text = str(state.explain("pass"))
    assert "game is over" in refused_text


# ---------------------------------------------------------------------------------------------
# Tools: the common rules


def test_tool_paid_with_a_drawn_card_of_its_pips_and_discarded():
    """RULES.md, rule 2: a tool is "paid with a drawn card showing the tool's pips"; "The tool
    and the paying card are discarded; the paying card does not go to the turn bar"."""
    state = arranged(
        tools=["grinding"],
        placed={"a1": "R1"},
        drawn=["K6", "R2", "G3"],
        round=2,
        turn_bar=[["Y1"]],
    )
    refused(state, "tool grinding pay G3 R2", "shows 6 pips", "paid with a drawn 6")
    refused(state, "tool grinding pay B6 R2", "B6 was not drawn")
    state.play("tool grinding pay K6 R2")
    assert state.discards == ["K6"] and state.tools == [] and state.tools_used == ["grinding"]
    state.play("place R5 b2")
    assert state.turn_bar == [["Y1"], ["G3"]]  # the payment is not on the turn bar
    refused(state, "tool grinding pay K6 R2")


def test_at_most_one_tool_a_round():
    """Rulebook: "the player either put two of them in his window (glass cards) or put one of them
    in his window and use a tool with one card." RULES.md, rule 2: "at most one tool a round"."""
    state = arranged(
        tools=["grozing", "lenscutter"],
        placed={"a1": "R1"},
        drawn=["Y1", "G2", "R4"],
        turn_bar=[["B3"]],
        round=2,
    )
    state.play("tool grozing pay Y1 R4 R3")
    assert not any(str(m).startswith("tool") for m in state.legal_moves())
    refused(state, "tool lenscutter pay G2 R3 B3", "at most one tool a round")


def test_each_tool_is_used_once():
    """RULES.md, rule 2: "The tool and the paying card are discarded", so each tool is used
    once."""
    state = arranged(tools=["redraw"], placed={"a1": "R1"}, drawn=["Y3", "G2", "R4"])
    state.play("tool redraw pay Y3")
    for text in ("draw B1", "draw B2", "place B2 b2"):
        state.play(text)
    for text in ("draw K3", "draw G4", "draw Y6"):
        state.play(text)
    refused(state, "tool redraw pay K3", "already used")


def test_a_tool_not_in_play_is_refused():
    """Rulebook: "Select as many as you want to determine the number of available tools"."""
    state = arranged(tools=["redraw"], placed={"a1": "R1"}, drawn=["Y1", "G2", "R4"])
    refused(state, "tool grozing pay Y1 R4 R5", "Grozing Pliers is not in play")


# ---------------------------------------------------------------------------------------------
# Tools, one by one


def _others(*named):
    """The cards not named, for arranging a known pile."""
    taken = {parse_card(t) for t in named}
    return [card_text(c) for c in ALL_CARDS if c not in taken]


def test_redraw_returns_cards_to_the_bottom_in_known_order():
    """RULES.md: "Redraw (3; put the other drawn cards on the bottom of the pile and draw that
    many new ones)"; rule 5: "cards returned to it go to the bottom in a known order".
    Rulebook: "Just redraw 2 new cards (since 1 card has already been discarded to use the
    tool)."""
    keep = ["R3", "G1", "Y2", "K5", "K6"]
    bar = _others(*keep)
    state = arranged(
        tools=["redraw"], drawn=["R3", "G1", "Y2"], round=9, turn_bar=[bar[i::8] for i in range(8)]
    )
    assert state.pile_size == 2
    state.play("tool redraw pay R3")
    assert state.pile_returned == ["G1", "Y2"] and state.discards == ["R3"]
    assert state.cards_to_draw == 2
    assert {str(m) for m, _ in state.chance_outcomes()} == {"draw K5", "draw K6"}
    state.play("draw K6")
    state.play("draw K5")
    state.play("place K6 a1")  # the round's other turn
    assert state.turn_bar[-1] == ["K5"] and state.round == 10
    # the unknown part is used up: the returned cards come next, in the order returned
    assert [(str(m), p) for m, p in state.chance_outcomes()] == [("draw G1", 1.0)]
    refused(state, "draw Y2", "the next card is G1")
    state.play("draw G1")
    assert [(str(m), p) for m, p in state.chance_outcomes()] == [("draw Y2", 1.0)]
    state.play("draw Y2")
    # the pile ran out: the discards are shuffled to form a new pile
    assert [(str(m), p) for m, p in state.chance_outcomes()] == [("draw R3", 1.0)]
    assert "discards are shuffled" in str(state.explain("draw R3"))
    state.play("draw R3")
    assert state.discards == [] and state.drawn == ["G1", "Y2", "R3"]


def test_redraw_with_too_few_new_cards_shuffles_the_discards_first():
    """RULES.md ruling 5: "when the pile holds fewer cards than Redraw returns ... the discards are
    shuffled to form the pile first, and the returned cards go beneath them"; ruling 16: "Redraw's
    own payment stays in the discards"."""
    bar = _others("R3", "G1", "Y2", "B4", "K5")
    state = arranged(
        tools=["redraw"],
        drawn=["R3", "G1", "Y2"],
        round=10,
        discards=["B4", "K5"],
        turn_bar=[bar[i::9] for i in range(9)],
    )
    assert state.pile_size == 0
    state.play("tool redraw pay R3")
    assert state.pile_returned == ["G1", "Y2"] and state.discards == ["R3"]
    assert sorted((str(m), p) for m, p in state.chance_outcomes()) == [
        ("draw B4", 0.5),
        ("draw K5", 0.5),
    ]


def test_redraw_never_draws_back_its_own_payment():
    """Referee's ruling 16: "the card just paid for it is not new ... when the pile and the other
    discards together hold fewer cards than Redraw must draw ... Redraw cannot be used at all, and
    says why." Round 10, the pile empty, the discards empty: paying with R3 would only bring R3
    back into the hand."""
    bar = _others("R3", "G1", "Y2")
    state = arranged(
        tools=["redraw"],
        drawn=["R3", "G1", "Y2"],
        round=10,
        discards=[],
        turn_bar=[bar[i::9] for i in range(9)],
    )
    assert state.pile_size == 0
    assert not any(str(m).startswith("tool redraw") for m in state.legal_moves())
    refused(
        state,
        "tool redraw pay R3",
        "Redraw must draw 2 new cards",
        "only 0 exist",
        "R3, the card that pays for it, is not a new card",
    )
    one_short = arranged(
        tools=["redraw"],
        drawn=["R3", "G1", "Y2"],
        round=10,
        discards=["B4"],
        turn_bar=[_others("R3", "G1", "Y2", "B4")[i::9] for i in range(9)],
    )
    refused(one_short, "tool redraw pay R3", "only 1 exists")


def test_grozing_pliers_one_higher_or_lower_if_still_in_the_pile():
    """RULES.md: "Grozing Pliers (1; exchange a drawn card for the same color one higher or
    lower, if still in the pile)"; the referee's ruling 6: "the exchanged drawn card goes to the
    bottom of the pile, known"."""
    state = arranged(tools=["grozing"], placed={"a1": "R5"}, drawn=["Y1", "R4", "G6"])
    assert {str(m) for m in state.legal_moves() if "grozing" in str(m)} == {
        "tool grozing pay Y1 R4 R3",
        "tool grozing pay Y1 G6 G5",
    }
    refused(state, "tool grozing pay Y1 R4 R5", "R5 is not in the pile", "placed on a1")
    refused(state, "tool grozing pay Y1 R4 R6", "one higher or lower")
    refused(state, "tool grozing pay Y1 R4 G4", "one higher or lower")
    with pytest.raises(sg.IllegalMove, match="not a glass card"):
        state.parse_move("tool grozing pay Y1 G6 G7")
    state.play("tool grozing pay Y1 R4 R3")
    assert state.drawn == ["R3", "G6"] and state.pile_returned == ["R4"]
    assert state.pile_size == 30 - 1 - 3  # R5 placed, three drawn, R4 back in


def test_grinding_stone_seven_minus_value_if_still_in_the_pile():
    """RULES.md: "Grinding Stone (6; exchange a drawn card for the same color and 7 minus its
    value, if still in the pile)"."""
    state = arranged(
        tools=["grinding"],
        placed={"a1": "B4"},
        drawn=["K6", "R2", "B3"],
        turn_bar=[["R5"]],
        round=2,
    )
    refused(state, "tool grinding pay K6 R2", "R5 is not in the pile", "turn bar")
    refused(state, "tool grinding pay K6 B3", "B4 is not in the pile")
    assert not any("grinding" in str(m) for m in state.legal_moves())
    state2 = arranged(tools=["grinding"], drawn=["K6", "R2", "B3"])
    state2.play("tool grinding pay K6 B3")
    assert state2.drawn == ["R2", "B4"] and state2.pile_returned == ["B3"]


_MOVE_WINDOW = ["..R5.", ".....", ".....", "....."]
_MOVE_CARDS = {"a1": "G3", "b1": "Y4", "b2": "B1", "c2": "K3"}


def test_eglomise_brush_ignores_color_restrictions_only():
    """RULES.md: "Eglomise Brush (2; move one placed card ignoring color restrictions)"."""
    state = arranged(
        window=_MOVE_WINDOW, tools=["eglomise"], placed=_MOVE_CARDS, drawn=["R2", "B5", "G6"]
    )
    refused(state, "tool eglomise pay R2 b1 d1", "d1 is a 5 field")
    refused(state, "tool eglomise pay R2 e4 e3", "e4 holds no card")
    refused(state, "tool eglomise pay R2 b1 e4", "not next to any placed card")
    refused(state, "tool eglomise pay R2 a1 d2", "orthogonally next to K3", "same value")
    state.play("tool eglomise pay R2 b1 c1")  # Y4 on a red field
    assert state.placed["c1"] == "Y4" and "b1" not in state.placed


def test_copper_foil_burnisher_ignores_value_restrictions_only():
    """RULES.md: "Copper Foil Burnisher (5; move one placed card ignoring value
    restrictions)"."""
    state = arranged(
        window=_MOVE_WINDOW, tools=["burnisher"], placed=_MOVE_CARDS, drawn=["R2", "B5", "G6"]
    )
    refused(state, "tool burnisher pay B5 b1 c1", "c1 is a red field")
    state.play("tool burnisher pay B5 b1 d1")  # Y4 on a 5 field
    assert state.placed["d1"] == "Y4"


def test_moving_the_only_card_follows_the_first_card_rule():
    """RULES.md ruling: "A moved card is lifted and placed again under the placement rules: if it
    is the only card in the window it goes on an edge or corner field, as a first card."""
    state = arranged(tools=["eglomise"], placed={"b1": "Y4"}, drawn=["R2", "B5", "G6"])
    refused(state, "tool eglomise pay R2 b1 c2", "very first card")
    state.play("tool eglomise pay R2 b1 e3")


def test_lathekin_moves_exactly_two_cards_obeying_all_rules():
    """RULES.md: "Lathekin (4; move exactly two placed cards obeying all rules)"."""
    state = arranged(
        window=[".....", "..5..", ".....", "....."],
        tools=["lathekin"],
        placed={"a1": "R1", "b1": "G2", "c1": "Y3", "d1": "R4"},
        drawn=["B4", "K5", "R6"],
    )
    with pytest.raises(sg.IllegalMove, match="takes 4 words"):
        state.parse_move("tool lathekin pay B4 a1 a2")
    refused(state, "tool lathekin pay B4 a1 a2 a2 a3", "card just moved", "two different cards")
    refused(state, "tool lathekin pay B4 a1 a2 c1 e4", "not next to any placed card")
    refused(state, "tool lathekin pay B4 a1 a2 b1 c2", "c2 is a 5 field")
    refused(state, "tool lathekin pay B4 b1 b2 a1 e1", "orthogonally next to R4", "same color")
    # the second move is judged after the first: G2 may take the field R1 just left
    state.play("tool lathekin pay B4 a1 a2 b1 a1")
    assert state.placed == {"a1": "G2", "a2": "R1", "c1": "Y3", "d1": "R4"}


def test_tap_wheel_moves_up_to_two_cards_of_one_color_on_the_turn_bar():
    """RULES.md: "Tap Wheel (4; move up to two placed cards of one color that is on the turn
    bar)"."""
    placed = {"a1": "R1", "b1": "G2", "c1": "R3", "d1": "G5"}
    state = arranged(
        tools=["tapwheel"],
        placed=placed,
        drawn=["Y4", "B6", "K2"],
        turn_bar=[["R5", "G4"]],
        round=2,
    )
    refused(state, "tool tapwheel pay Y4 a1 a2 b1 b2", "differ in color", "one color")
    state_b = arranged(
        tools=["tapwheel"], placed=placed, drawn=["Y4", "B6", "K2"], turn_bar=[["R5"]], round=2
    )
    refused(state_b, "tool tapwheel pay Y4 b1 b2", "green, a color not on the turn bar")
    refused(state_b, "tool tapwheel pay Y4 a1 a2 c1 b2", "orthogonally next to R1")
    state_b.clone().play("tool tapwheel pay Y4 a1 a2")  # one card
    state_b.play("tool tapwheel pay Y4 a1 a2 c1 c2")  # two cards
    assert state_b.placed == {"a2": "R1", "b1": "G2", "c2": "R3", "d1": "G5"}
    state_c = arranged(tools=["tapwheel"], placed=placed, drawn=["Y4", "B6", "K2"])
    refused(state_c, "tool tapwheel pay Y4 a1 a2", "turn bar is empty")


def test_lens_cutter_exchanges_a_drawn_card_with_the_turn_bar():
    """RULES.md: "Lens Cutter (2; exchange a drawn card with a card on the turn bar)"."""
    state = arranged(
        tools=["lenscutter"],
        placed={"a1": "Y5"},
        drawn=["G2", "R6", "Y3"],
        turn_bar=[["K1"], ["B5", "Y1"]],
        round=3,
    )
    assert state.target() == 7
    refused(state, "tool lenscutter pay G2 R6 Y6", "Y6 is not on the turn bar")
    refused(state, "tool lenscutter pay G2 K2 K1", "K2 was not drawn")
    state.play("tool lenscutter pay G2 R6 Y1")
    assert state.drawn == ["Y1", "Y3"] and state.turn_bar == [["K1"], ["B5", "R6"]]
    assert state.target() == 12
    assert not any(
        "lenscutter" in str(m)
        for m in arranged(tools=["lenscutter"], drawn=["G2", "R6", "Y3"]).legal_moves()
    )


def test_cork_backed_straightedge_places_the_rounds_card_away_from_all_cards():
    """RULES.md: "Cork-backed Straightedge (5; place the round's card on a field adjacent to no
    card)"; the referee's ruling 10: it is the round's one placement, so it comes before any
    placement and takes both turns."""
    state = arranged(tools=["straightedge"], placed={"a1": "R1"}, drawn=["K5", "G3", "Y4"])
    refused(state, "tool straightedge pay K5 G3 b2", "next to R1", "adjacent to no card")
    state.play("tool straightedge pay K5 G3 c3")
    assert state.placed == {"a1": "R1", "c3": "G3"}
    assert state.turn_bar == [["Y4"]] and state.round == 2 and state.is_chance()
    late = arranged(
        tools=["straightedge"],
        placed={"a1": "R1", "b1": "B2"},
        turn=2,
        placed_this_round=1,
        drawn=["K5", "G3"],
    )
    refused(late, "tool straightedge pay K5 G3 d4", "already placed this round")
    first = arranged(tools=["straightedge"], drawn=["K5", "G3", "Y4"])
    refused(first, "tool straightedge pay K5 G3 c2", "very first card")


# ---------------------------------------------------------------------------------------------
# Orders and the end


def test_shades_of_a_color_sum_its_values_up_to_21():
    """RULES.md: "Unique (one revealed, scored once): Shades of Red / Green / Yellow / Blue /
    Black (sum of that color's values)". Six cards of a color: at most 1+2+...+6 = 21."""
    grid = grid_of(FULL_WINDOW)
    assert ORDERS["shades_of_red"].points(grid) == 2 + 6 + 3 + 5
    assert ORDERS["shades_of_black"].points(grid) == 3 + 5 + 1 + 4
    all_red = grid_of(["R1 .. R2 .. R3", ".. R4 .. R5 ..", "R6 .. .. .. ..", ".. .. .. .. .."])
    assert ORDERS["shades_of_red"].points(all_red) == 21 == ORDERS["shades_of_red"].cap


def test_shades_of_choice_names_the_best_color():
    """RULES.md: "Shades of Choice (one color named at scoring)"; the referee's ruling 11: the
    engine names the color with the highest sum."""
    grid = grid_of(["G6 G5 .. .. ..", "R1 R2 R3 .. ..", ".. .. .. .. ..", ".. .. .. .. .."])
    assert ORDERS["shades_of_choice"].score(grid) == (11, "green named, its values sum to 11")


def test_row_and_column_color_variety():
    """RULES.md: "Row Color Variety 6 per complete row with no repeated color; Column Color
    Variety 5 per such column"."""
    grid = grid_of(FULL_WINDOW)
    assert ORDERS["row_color_variety"].points(grid) == 24 == ORDERS["row_color_variety"].cap
    assert ORDERS["column_color_variety"].points(grid) == 25 == ORDERS["column_color_variety"].cap
    partial = grid_of(["K3 R2 G1 B4 Y5", "R6 Y4 K5 G3 ..", "G2 B5 Y6 K1 R3", "Y1 G6 B2 R5 K4"])
    assert ORDERS["row_color_variety"].points(partial) == 18  # row 2 is not complete
    assert ORDERS["column_color_variety"].points(partial) == 20  # column e is not complete
    repeat = grid_of(["R1 G2 Y3 B4 R5", ".. .. .. .. ..", ".. .. .. .. ..", ".. .. .. .. .."])
    assert ORDERS["row_color_variety"].points(repeat) == 0


def test_row_and_column_shade_variety():
    """RULES.md: "Row Shade Variety 5 per complete row with no repeated value; Column Shade
    Variety 4 per such column"."""
    grid = grid_of(FULL_WINDOW)
    assert ORDERS["row_shade_variety"].points(grid) == 20 == ORDERS["row_shade_variety"].cap
    assert ORDERS["column_shade_variety"].points(grid) == 20 == ORDERS["column_shade_variety"].cap
    column = grid_of(["R1 .. .. .. ..", "G2 .. .. .. ..", "Y1 .. .. .. ..", "B4 .. .. .. .."])
    assert ORDERS["column_shade_variety"].points(column) == 0
    column[10] = parse_card("Y3")
    assert ORDERS["column_shade_variety"].points(column) == 4


@pytest.mark.parametrize(
    "order,low,high", [("light_shades", 1, 2), ("medium_shades", 3, 4), ("deep_shades", 5, 6)]
)
def test_light_medium_deep_shades_pairs_at_most_five(order, low, high):
    """RULES.md: "Light / Medium / Deep Shades 2 per pair of a 1 and a 2 / a 3 and a 4 / a 5
    and a 6". Only five cards show each value, so at most five pairs: 10."""
    lows = [f"{c}{low}" for c in "RGYBK"]
    highs = [f"{c}{high}" for c in "RGYBK"]
    grid = grid_of(
        [" ".join(lows), " ".join(highs[:3] + ["..", ".."]), ".. .. .. .. ..", ".. .. .. .. .."]
    )
    assert ORDERS[order].points(grid) == 2 * 3  # five of one, three of the other: three pairs
    grid = grid_of([" ".join(lows), " ".join(highs), ".. .. .. .. ..", ".. .. .. .. .."])
    assert ORDERS[order].points(grid) == 10 == ORDERS[order].cap


def test_shade_variety_sets_of_one_to_six_at_most_three():
    """RULES.md: "Shade Variety 5 per set of 1-6". Twenty fields hold at most three sets: 15."""
    assert ORDERS["shade_variety"].points(grid_of(FULL_WINDOW)) == 15 == ORDERS["shade_variety"].cap
    one_set = grid_of(["R1 G2 Y3 B4 K5", "R6 .. .. .. ..", ".. .. .. .. ..", ".. .. .. .. .."])
    assert ORDERS["shade_variety"].points(one_set) == 5
    one_set[5] = -1
    assert ORDERS["shade_variety"].points(one_set) == 0


def test_color_variety_sets_of_five_colors_at_most_four():
    """RULES.md: "Color Variety 4 per set of all five colors". Twenty fields: four sets, 16."""
    assert ORDERS["color_variety"].points(grid_of(FULL_WINDOW)) == 16 == ORDERS["color_variety"].cap
    grid = grid_of(["R1 G2 Y3 B4 K5", "R6 G1 .. .. ..", ".. .. .. .. ..", ".. .. .. .. .."])
    assert ORDERS["color_variety"].points(grid) == 4


def test_no_window_beats_an_orders_cap():
    """The caps follow from the 30 unique cards and 20 fields (scoring.py): random full windows
    never exceed them."""
    rng = random.Random(0)
    for _ in range(2000):
        cards = rng.sample(ALL_CARDS, 20)
        for order in ORDERS.values():
            assert 0 <= order.points(cards) <= order.cap


def _last_turn(weights):
    """Round 10, turn 2: FULL_WINDOW without a1; K3 and R1 drawn; nine stacks on the turn bar."""
    placed = {
        f: t
        for f, t in zip((f"{c}{r}" for r in "1234" for c in "abcde"), " ".join(FULL_WINDOW).split())
        if f != "a1"
    }
    bar = [["R4", "G4"], ["G5"], ["Y2"], ["Y3"], ["B3"], ["B6"], ["K2"], ["K6"], []]
    return arranged(
        orders=["shades_of_red", "row_color_variety", "deep_shades"],
        weights=weights,
        placed=placed,
        round=10,
        turn=2,
        placed_this_round=1,
        drawn=["K3", "R1"],
        turn_bar=bar,
    )


def test_empty_fields_cost_three_points_each():
    """Rulebook: "For each empty field in the window, 3 points are lost." (scores() is the score so
    far: orders minus 3 per empty field)."""
    state = _last_turn((1, 1, 1))
    # red 2+6+3+5 = 16; rows 2-4 complete and varied: 18; 5s and 6s: 3 pairs = 6; a1 empty: -3
    assert state.scores() == [16 + 18 + 6 - 3]
    assert {n: p for n, _, p, _ in state.breakdown()} == {
        "Shades of Red": 16,
        "Row Color Variety": 18,
        "Deep Shades": 6,
    }


@pytest.mark.parametrize(
    "weights,points,won",
    [((1, 1, 1), 16 + 24 + 6, 1.0), ((1, 2, 0), 24 + 12, 1.0), ((1, 1, 0), 24 + 6, 0.0)],
)
def test_end_target_score_and_win_at_least_the_target(weights, points, won):
    """Rulebook: "Add up the values of all the cards on the turn bar. This gives your target" ...
    "If the sum of 2 and 3 is at least the sum of the target (1), you won." The referee's
    ruling 12: order_weights weigh the orders in the cards' order (basic, basic, unique)."""
    state = _last_turn(weights)
    assert state.target() == 4 + 4 + 5 + 2 + 3 + 3 + 6 + 2 + 6
    state.play("place K3 a1")
    assert state.is_terminal()
    assert state.turn_bar[-1] == ["R1"] and state.target() == 36
    assert state.scores() == [points]
    assert state.returns() == [won]
    words = str(state.explain("pass"))
    assert "Target: the turn bar's values sum to 36." in words
    assert "Row Color Variety: rows 1, 2, 3, 4: 4 x 6 = 24" in words
    assert ("won" if won else "lost") in words


def test_the_easier_variant_doubles_the_unique_order():
    """The referee's ruling 12: "the easier variant (1, 1, 2) doubles the unique order". On a
    full window the unique order, Shades of Red (16), counts twice; the two basic orders (rows
    24, deep shades 6) once each."""
    normal, easier = _last_turn((1, 1, 1)), _last_turn((1, 1, 2))
    for state in (normal, easier):
        state.play("place K3 a1")
        assert state.is_terminal()
    assert normal.scores() == [16 + 24 + 6] and easier.scores() == [2 * 16 + 24 + 6]
    assert easier.order_weights == (1, 1, 2)
    said = easier.explain("pass").words
    assert "Shades of Red" in said and "x 2 = 32" in said


def test_explain_says_what_a_move_does():
    """explain(move) says in plain words what the move does, computed from the position."""
    state = arranged(placed={"a1": "R1"}, drawn=["R6", "G2", "Y4"], orders=ORDERS3)
    words = str(state.explain("place R6 b2"))
    assert words.startswith("Legal: You place R6 on b2 (a blank field)")
    assert "Shades of Red +6" in words and "Deep Shades" not in words
    assert "score" in words


def test_illegal_reasons_match_the_legal_moves():
    """api.md: "an illegal move raises sg.IllegalMove ... whose message says, in plain words, which
    rule forbids it": the reasons and the list of legal moves agree, for every kind of move."""
    rng = random.Random(7)
    game = sg.load("sagrada", tools=list(TOOL_IDS))
    for seed in range(6):
        state = game.new_game(seed=seed)
        while not state.is_terminal():
            moves = state.legal_moves()
            if not state.is_chance():
                candidates = {PLACE[c][i] for c in ALL_CARDS for i in range(20)}
                candidates |= {state.parse_move("pass")}
                cards = [parse_card(t) for t in state.drawn] + rng.sample(ALL_CARDS, 3)
                for _ in range(300):
                    tid = rng.choice(TOOL_IDS)
                    n = rng.choice(
                        {
                            "redraw": [0],
                            "grozing": [2],
                            "grinding": [1],
                            "lenscutter": [2],
                            "straightedge": [2],
                            "tapwheel": [2, 4],
                        }.get(
                            tid, [2, 4] if tid == "tapwheel" else [4] if tid == "lathekin" else [2]
                        )
                    )
                    kinds = {
                        "grozing": "cc",
                        "grinding": "c",
                        "lenscutter": "cc",
                        "straightedge": "cf",
                    }.get(tid, "f" * n)
                    args = tuple(
                        rng.choice(cards + [c for c in ALL_CARDS if rng.random() < 0.1])
                        if k == "c"
                        else rng.randrange(20)
                        for k in kinds
                    )
                    candidates.add(SagradaMove(("tool", tid, rng.choice(cards), args)))
                for move in rng.sample(moves, min(40, len(moves))):  # near misses
                    if move.key[0] == "tool" and move.key[3]:
                        args = list(move.key[3])
                        n = rng.randrange(len(args))
                        args[n] = rng.randrange(20 if args[n] < 20 else 30)
                        candidates.add(SagradaMove(("tool", move.key[1], move.key[2], tuple(args))))
                candidates |= set(moves)
                fresh = state.clone()
                fresh._legal_set = None
                for move in candidates:
                    assert (fresh._illegal_reason(move) is None) == (move in set(moves)), str(move)
            state.play(state.sample_chance() if state.is_chance() else rng.choice(moves))


def test_view_and_json_keep_the_pile():
    """api.md: "sg.state_from_json(text) rebuilds an equal state (same legal moves, scores,
    history, and future chance)"; the pile's order is chance for everyone."""
    state = sg.load("sagrada", tools=list(TOOL_IDS)).new_game(seed=9)
    rng = random.Random(9)
    for _ in range(40):
        state.play(state.sample_chance() if state.is_chance() else rng.choice(state.legal_moves()))
    copy = sg.state_from_json(state.to_json())
    assert copy._position() == state._position()
    assert state.view(0)._position() == state._position()
    with pytest.raises(ValueError, match="study position"):
        arranged(drawn=["R1"]).to_json()


def test_print_shows_the_window():
    """print(state) shows a readable text board."""
    state = arranged(
        window=["R...3", ".....", ".....", "....."],
        placed={"b1": "G2"},
        drawn=["Y4"],
        turn_bar=[["K1"]],
        round=2,
        tools=["lathekin"],
    )
    text = str(state)
    assert "(R)  G2" in text and "(3)" in text and "drawn: Y4" in text
    assert "turn bar: K1" in text and "Lathekin (4)" in text


def test_harder_windows_are_harder_for_a_fixed_strategy():
    """Rulebook: "Each glass window has a difficulty form 3 (easy) to 6 (hard)." The fixed simple
    strategy that measures difficulty (``win_rate``) ends further below the target on the
    difficulty-6 windows than on the difficulty-3 ones (same seeds); the benchmark prints the full
    table."""

    def margin(d):
        return sum(win_rate(w.name, 30)[1] for w in WINDOWS if w.difficulty == d)

    assert margin(3) > margin(6) + 15


def test_evaluate_is_a_probability_and_exact_at_the_end():
    """state.evaluate() is a quick estimate of returns() per player, in 0..1; it rises with the
    margin of score over target."""
    state = sg.load("sagrada").new_game(seed=12)
    rng = random.Random(12)
    while not state.is_terminal():
        assert 0.0 <= state.evaluate()[0] <= 1.0
        state.play(state.sample_chance() if state.is_chance() else rng.choice(state.legal_moves()))
    assert state.evaluate() == state.returns()
    ahead = arranged(
        placed={"a1": "R6", "b2": "R5"}, drawn=["G1", "Y2", "B3"], round=2, turn_bar=[["K1"]]
    )
    behind = arranged(
        placed={"a1": "G6", "b2": "B5"}, drawn=["R1", "Y2", "B3"], round=2, turn_bar=[["K6"]]
    )
    assert ahead.evaluate()[0] > behind.evaluate()[0]


def test_tool_in_either_turn_and_the_payment_is_another_card():
    """RULES.md rulings 2 and 3: "The tool may come in either turn" and the paying card "must be a
    different drawn card from the one the tool works on"."""
    state = arranged(
        tools=["grozing"],
        placed={"a1": "R1", "b2": "G5"},
        drawn=["Y1", "B4"],
        turn=2,
        placed_this_round=1,
        round=3,
        turn_bar=[["K1"], ["K2"]],
    )
    with pytest.raises(sg.IllegalMove, match="pays for Grozing Pliers"):
        state.parse_move("tool grozing pay Y1 Y1 Y2")
    state.play("tool grozing pay Y1 B4 B3")  # placement first, then the tool
    assert state.turn_bar[-1] == ["B3"] and state.round == 4


def test_straightedge_after_a_forced_pass():
    """RULES.md ruling 10: Cork-backed Straightedge "is used before any card is placed in the
    round, its move pays and places, and it takes both turns"; a forced pass places nothing."""
    state = arranged(
        window=[".R...", "RK...", ".....", "....."],
        tools=["straightedge"],
        placed={"a1": "G2"},
        drawn=["Y5", "B2", "Y4"],
    )
    assert {m for m in legal(state) if not m.startswith("tool")} == {"pass"}
    state.play("pass")
    state.play("tool straightedge pay Y5 B2 d3")
    assert state.placed["d3"] == "B2" and state.turn_bar == [["Y4"]] and state.round == 2


# ---------------------------------------------------------------------------------------------
# The search bots on built positions


def _best_result(state):
    """The result (1 won, 0 lost) of the best play from ``state`` to the end: no card is drawn
    after round 10's three, so every line can be tried."""
    if state.is_terminal():
        return state.returns()[0]
    assert not state.is_chance()
    best = 0.0
    for move in state.legal_moves():
        state.play(move)
        best = max(best, _best_result(state))
        state.undo()
    return best


CORNER = [".. B4 Y5 R4 B3", "R5 Y3 G4 B6 R1", "G3 K5 R2 .. ..", "Y4 R3 G6 .. .."]


def corner_position():
    """Round 10, turn 1 on CORNER (a1, d3, e3, d4, e4 empty): R6, K6 and G1 drawn, nine stacks
    worth 18 on the turn bar; Shades of Red, Medium Shades, Deep Shades."""
    placed = {
        f"{c}{r}": t
        for r, row in enumerate(CORNER, 1)
        for c, t in zip("abcde", row.split())
        if t != ".."
    }
    bar = [["Y1"], ["B1"], ["K1"], ["Y2"], ["G2"], ["B2"], ["K2"], ["K3"], ["K4"]]
    return arranged(
        orders=["shades_of_red", "medium_shades", "deep_shades"],
        placed=placed,
        round=10,
        drawn=["R6", "K6", "G1"],
        turn_bar=bar,
    )


def test_the_searches_open_the_corner_for_the_red_six():
    """Rulebook: "Each additional card must be placed adjacent (horizontally, vertically,
    diagonally) to a card that has already been placed." and "Cards may never be horizontally or
    vertically adjacent to a card of the same color or number (diagonally is allowed)."
    R6 fits nowhere yet (R5 beside a1, B6 beside d3, R1 beside e3, G6 beside d4), and e4 has no
    placed neighbour. G1 on d3 touches e4 diagonally: R6 may follow into the corner (Shades of
    Red +6, and the 6 stays off the turn bar: "Add up the values of all the cards on the turn
    bar. This gives your target"). K6 scores Deep Shades at once, but on e3 it shuts the corner
    to the other 6; after any first card but G1 on d3, the R6 ends on the turn bar."""
    state = corner_position()
    assert fields_for(state, "R6") == set()
    assert fields_for(state, "G1") == {"a1", "d3"} and fields_for(state, "K6") == {"a1", "e3"}
    results = {}
    for move in state.legal_moves():
        state.play(move)
        results[str(move)] = _best_result(state)
        state.undo()
    assert results == {
        "place G1 d3": 1.0,
        "place G1 a1": 0.0,
        "place K6 a1": 0.0,
        "place K6 e3": 0.0,
    }
    line = corner_position()
    line.play("place G1 d3")
    line.play("place R6 e4")
    assert line.is_terminal() and line.scores() == [26] and line.target() == 24  # K6 on the bar
    assert str(sg.ai.bot("greedy", seed=1).choose(state)).startswith("place K6")  # Deep +2 now
    assert str(sg.ai.bot("mcts", iterations=200, seed=1).choose(state)) == "place G1 d3"
    hints = sg.ai.suggest(state, top=2, playouts=20, seed=1, budget=None)  # no clock
    assert str(hints[0].move) == "place G1 d3" and hints[0].value > hints[1].value + 0.1
