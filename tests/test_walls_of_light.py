"""Walls of Light, rule by rule.

Each test quotes the rule it checks: the published rulebook or the game's rules page,
``stainedglass/walls_of_light/RULES.md`` (its rules and the referee's rulings). Positions are
built with small custom windows (the ``windows=`` option) and winks put on spaces directly
(:func:`put`).
"""

from __future__ import annotations

import pickle
import random
import re

import pytest

import stainedglass as sg
from stainedglass.walls_of_light import evaluation as E
from stainedglass.walls_of_light import game as G
from stainedglass.walls_of_light import moves as M
from stainedglass.walls_of_light.panes import SHOWN, code_of, printed_of
from stainedglass.walls_of_light.windows import COLOR_NAMES, WINDOWS, parse_face, parse_windows

from conftest import random_move
from stainedglass.ai.search import determinize

# A plain filler face: six empty spaces, a "+1" space among them.
FILLER = ["#..#", "#..#", "#.+#", "####"]
LETTER = {"r": 0, "b": 1, "y": 2}


def boards(**faces):
    """Six (front, back) pairs: ``boards(p3=face)`` puts ``face`` in front at position 3."""
    ws = [[FILLER, FILLER] for _ in range(6)]
    for key, f in faces.items():
        ws[int(key[1:]) - 1] = list(f) if isinstance(f, tuple) else [f, FILLER]
    return ws


def new(players=3, first=0, hands=None, seed=1, **faces):
    hands = [[] for _ in range(players)] if hands is None else hands
    return sg.load(
        "walls_of_light", players=players, first_player=first, hands=hands, windows=boards(**faces)
    ).new_game(seed=seed)


def put(state, space, winks):
    """Put winks (letters r b y) on a space, keeping its printed pane: a position built by hand."""
    g = M.parse_space(space)
    old = state.cells[g]
    for w in G.WINKS[old]:
        state.supply[w] += 1
    new_code = code_of(printed_of(old), tuple(LETTER[c] for c in winks))
    for c in winks:
        state.supply[LETTER[c]] -= 1
    state.cells[g] = new_code
    pos = g // M.CELLS
    state.filled[pos] += (SHOWN[new_code] >= 0) - (SHOWN[old] >= 0)
    assert state.filled[pos] < len(state.face(pos).spaces), "a built position has no full window"
    state._legal_cache = None


def placements(state):
    return {str(m) for m in state.legal_moves() if m.kind == M.PLACE}


def reason(state, move):
    with pytest.raises(sg.IllegalMove) as err:
        state.play(move)
    return str(err.value)


def spaces_of(pos, rows):
    face = parse_face(rows, "t")
    return [M.space_name((pos - 1) * 16 + c) for c in face.spaces]


# ---- setup -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players,cards", [(3, 4), (2, 5)])
def test_setup_deals_hands_and_winks(players, cards):
    """RULES.md, "Setup (rule 1)": "4 cards each (5 with two players)". RULES.md,
    "Components": "Eight winks of each color. Sixteen cards, four of each"."""
    state = sg.load("walls_of_light", players=players).new_game(seed=5)
    assert [sum(h) for h in state.hands] == [cards] * players
    assert sum(state.pile) == 16 - cards * players
    totals = [state.pile[t] + sum(h[t] for h in state.hands) for t in range(4)]
    assert totals == [4, 4, 4, 4]
    assert state.supply == [8, 8, 8]
    assert state.scores() == [0] * players
    assert state.is_chance() and state.phase == "roll"


def test_setup_shuffles_windows_and_faces_and_first_player():
    """RULES.md, "Setup (rule 1)": "Windows shuffled into positions 1-6, each a random side up",
    and "a random first player"."""
    game = sg.load("walls_of_light")
    firsts, orders, sides = set(), set(), set()
    for seed in range(40):
        state = game.new_game(seed=seed)
        assert sorted(WINDOWS.index(w) for w in state.windows) == list(range(6))
        firsts.add(state.to_move)
        orders.add(tuple(WINDOWS.index(w) for w in state.windows))
        sides.update(state.side)
    assert firsts == {0, 1, 2}
    assert len(orders) > 30
    assert sides == {0, 1}


def test_options_fix_the_setup():
    """api.md: "Options that fix the setup ...: windows=[(front, back), ...] six pairs of faces in
    positions 1-6 (... the front shows first), first_player=0, hands=[...] (given hands replace
    the deal)"."""
    quatrefoil = ["#.##", "+O.#", "#.##", "####"]
    state = sg.load(
        "walls_of_light",
        players=2,
        first_player=1,
        hands=[["swap", "extra"], ["modify"]],
        windows=boards(p2=(quatrefoil, FILLER)),
    ).new_game(seed=3)
    assert state.to_move == 1
    assert state.hand(0) == ["extra", "swap"] and state.hand(1) == ["modify"]
    assert state.pile == (3, 3, 4, 3)
    assert state.face(1).rows == tuple(quatrefoil)
    assert state.space(1, 5) == {
        "printed": "orange",
        "winks": [],
        "shown": "orange",
        "special": None,
    }


@pytest.mark.parametrize(
    "rows,words",
    [
        (["#..#", "#.X#", "#..#", "#..#"], "row 2, column c: 'X' is not a window character"),
        (["#..#", "#..#", "#..#"], "a face is 4 rows"),
        (["#..#", "#...#", "#..#", "#..#"], "row 2: a row is 4 characters"),
        (["####", "####", "####", "####"], "no space"),
        (["#..#", "####", "####", "####"], "2 spaces; a face has 5 to 16 spaces"),
        (["ROYG", "B###", "####", "####"], "every space is printed"),
    ],
)
def test_bad_custom_window_names_face_row_and_column(rows, words):
    """A custom window with a bad character, a wrong size, or no space is a ValueError naming
    the face, row and column. RULES.md, "Components": "A face has 5 to 16 spaces and at least
    one empty space." """
    with pytest.raises(ValueError) as err:
        sg.load("walls_of_light", windows=boards(p4=(FILLER, rows)))
    assert "position 4 back" in str(err.value) and words in str(err.value)


@pytest.mark.parametrize(
    "options,words",
    [
        ({"players": 4}, "2 or 3 players"),
        ({"players": 2, "first_player": 2}, "first_player= must be 0-1"),
        ({"hands": [["extra"] * 5, [], []]}, "more than 4 extra cards"),
        ({"hands": [["joker"], [], []]}, "'joker' is not a card"),
        ({"players": 2, "hands": [[], [], []]}, "3 hands for 2 players"),
        ({"windows": [[FILLER, FILLER]] * 5}, "six (front, back) pairs"),
    ],
)
def test_bad_options_are_value_errors(options, words):
    """Bad options are refused with a clear ValueError that says where."""
    with pytest.raises(ValueError) as err:
        sg.load("walls_of_light", **options)
    assert words in str(err.value)


def test_designed_windows():
    """The twelve designed faces (RULES.md, "The twelve faces") are 4x4 grids shaped like real
    windows with 5 to 16 spaces, each with a "+1" space and some with a "+card" space, a few
    printed panes, primary and secondary, a spread of short and long windows, each with a
    name."""
    faces = [f for pair in WINDOWS for f in pair]
    assert len(faces) == 12 and len({f.name for f in faces}) == 12
    assert all(5 <= len(f.spaces) <= 16 for f in faces)
    assert all(len(f.plus1) == 1 for f in faces)
    assert 3 <= sum(bool(f.plus_card) for f in faces) < 12
    printed = {c for f in faces for _, c in f.printed}
    assert printed & {0, 1, 2} and printed & {3, 4, 5}
    sizes = {len(f.spaces) for f in faces}
    assert min(sizes) == 5 and max(sizes) == 16 and len(sizes) >= 8
    to_fill = {len(f.spaces) - len(f.printed) for f in faces}
    assert len(to_fill) >= 3
    # the text form round-trips
    again = parse_windows([[list(a.rows), list(b.rows)] for a, b in WINDOWS])
    assert [(a.spaces, a.printed, b.plus_card) for a, b in again] == [
        (a.spaces, a.printed, b.plus_card) for a, b in WINDOWS
    ]


# ---- the turn ----------------------------------------------------------------------------------


def test_the_roll_is_a_chance_node_over_all_three_dice():
    """RULES.md, "A turn (rule 2)": "Roll all three dice: a chance node". api.md: "chance: roll
    r2 b3 y6 (all three dice)"."""
    state = new()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 216 and all(abs(p - 1 / 216) < 1e-12 for _, p in outcomes)
    assert "roll r2 b3 y6" in {str(m) for m, _ in outcomes}
    assert "all three dice" in reason(state, "roll r2 b3")
    state.play("roll r2 b3 y6")
    assert state.dice == (2, 3, 6) and state.current_player == 0
    assert "chance outcome, not a player's move" in reason(state, "roll r1 b1 y1")


def test_cards_are_optional_and_played_before_the_first_placement():
    """RULES.md, "A turn (rule 2)": "Optionally one card, before the first placement", and the
    referee's ruling 10: "Cards are played only by the player whose turn it is, after the
    roll." """
    state = new(hands=[["modify", "extra"], [], []])
    assert "the turn starts with a roll" in reason(state, "card extra")
    state.play("roll r1 b2 y3")
    legal = {str(m) for m in state.legal_moves()}
    assert "card extra" in legal and "card modify r +1" in legal and "place red 1:b1" in legal
    state.play("place red 1:b1")  # no card: the turn simply goes on
    assert state.to_move == 1
    state = new(hands=[["reroll", "modify"], [], []])
    state.play("roll r1 b2 y3")
    state.play("card reroll r")
    state.play("roll r4")
    assert "only one card can be played per turn" in reason(state, "card modify b +1")


def test_no_card_after_the_first_placement():
    """RULES.md, "A turn (rule 2)": "Optionally one card, before the first placement." """
    state = new(hands=[["modify", "extra"], [], []])
    state.play("roll r1 b2 y3")
    state.play("card extra")
    state.play("place red 1:b1")
    assert state.placements_left == 1 and state.current_player == 0
    assert "cards are played after the roll and before the first placement" in reason(
        state, "card modify r +1"
    )


def test_turn_passes_clockwise():
    """Rulebook: "After placing a pane, the player's turn ends and it becomes the next clockwise
    player's turn." """
    state = new(first=1)
    seen = []
    for _ in range(4):
        state.play("roll r1 b1 y1")
        seen.append(state.current_player)
        state.play(next(m for m in state.legal_moves() if m.kind == M.PLACE))
    assert seen == [1, 2, 0, 1]


def test_pass_only_when_nothing_can_be_placed():
    """RULES.md, "A turn (rule 2)": "Place one pane (two after Extra Glass), or pass when
    nothing can be placed." Referee's ruling 1: a card that might help need not be played."""
    state = new(hands=[["reroll"], [], []])
    state.play("roll r1 b1 y1")
    assert "pass only when nothing can be placed: place red 1:b1 is possible" in reason(
        state, "pass"
    )
    # Every window shown has an empty space and every roll names a window, so nothing can be
    # placed only when the player's winks are gone: two players, red and neutral yellow used up
    state = new(players=2, hands=[["reroll"], []])
    put(state, "1:b1", "r")
    state.supply[0] = state.supply[2] = 0
    state.play("roll r1 b2 y3")
    assert placements(state) == set()
    assert {str(m) for m in state.legal_moves()} == {"pass", "remove 1:b1"} | {
        str(m) for m in M.REROLLS.values()
    }
    state.play("pass")
    assert state.to_move == 1 and state.is_chance()


# ---- placing -----------------------------------------------------------------------------------


def test_rulebook_roll_example_exact_placements():
    """Rulebook: "you are playing as red. You rolled a 2 with the yellow die, a 3 with the blue
    die, and a 6 with the red die. You may place your red pane: on top of yellow (making
    orange) in Window 2; on top of blue (making purple) in Window 3 or on top of red in Window
    6" -- and "on any empty (white) space on a Window corresponding to numbers you rolled"."""
    rows = ["....", "....", "####", "####"]
    state = new(p2=rows, p3=rows, p6=rows, p4=rows)
    put(state, "2:a1", "y")  # yellow in window 2: the yellow die shows 2
    put(state, "2:b1", "b")  # blue in window 2: the blue die shows 3, not 2
    put(state, "3:a1", "b")  # blue in window 3: yes
    put(state, "3:b1", "y")  # yellow in window 3: no
    put(state, "6:a1", "r")  # red in window 6: yes
    put(state, "6:b1", "rb")  # purple: never
    put(state, "6:c1", "yy")  # two yellows: never
    put(state, "4:a1", "r")  # window 4 was not rolled
    state.play("roll r6 b3 y2")
    empties = {
        f"place red {s}"
        for w in (2, 3, 6)
        for s in spaces_of(w, rows)
        if s[2:] not in ("a1", "b1") and s not in ("6:c1",)
    }
    expected = empties | {"place red 2:a1", "place red 3:a1", "place red 6:a1"}
    assert placements(state) == expected
    assert "window 4 was not rolled" in reason(state, "place red 4:b1")
    assert "purple is a secondary color: nothing can be placed on it" in reason(
        state, "place red 6:b1"
    )
    assert "already holds two panes" in reason(state, "place red 6:c1")
    assert "the blue die shows 3, not 2" in reason(state, "place red 2:b1")
    state.play("place red 2:a1")
    assert state.space(1, 0)["shown"] == "orange"


@pytest.mark.parametrize(
    "under,over,shown",
    [
        ("y", "r", "orange"),
        ("b", "r", "purple"),
        ("y", "b", "green"),
        ("r", "r", "red"),
        ("b", "b", "blue"),
        ("y", "y", "yellow"),
    ],
)
def test_same_color_stacks_two_primaries_make_the_secondary(under, over, shown):
    """RULES.md, "Placing (rule 3)": "Same color stacks (still that color); two primaries make
    the secondary: red+yellow orange, red+blue purple, blue+yellow green." """
    player = LETTER[over]
    state = new(first=player)
    put(state, "1:b1", under)
    dice = {d: 1 if d == under else 5 for d in "rby"}  # the die of the pane under shows 1
    state.play(f"roll r{dice['r']} b{dice['b']} y{dice['y']}")
    state.play(f"place {COLOR_NAMES[player]} 1:b1")
    assert state.space(0, 1)["shown"] == shown
    assert state.space(0, 1)["winks"] == sorted(
        [COLOR_NAMES[LETTER[under]], COLOR_NAMES[player]], key=COLOR_NAMES.index
    )


def test_never_on_two_panes():
    """Rulebook: "You may not play a pane on a space that already has two panes. For example,
    you may not play red on top of a space with two yellows." """
    state = new()
    put(state, "1:b1", "yy")
    state.play("roll r1 b1 y1")
    assert "1:b1 already holds two panes (a stack of yellow)" in reason(state, "place red 1:b1")


def test_printed_panes_are_permanent_ownerless_and_count_as_their_color():
    """RULES.md, "Placing (rule 3)": "Printed panes are permanent, owned by nobody, and count as
    panes of their color." A printed yellow may be covered by red to make orange (the referee's
    ruling 5: "A printed primary covered by a wink of another color is a secondary"); a printed
    pane cannot be removed or swapped (Swap Panes takes "non-printed winks")."""
    rows = ["#Y.#", "#PR#", "#..#", "####"]
    state = new(p1=rows, hands=[["swap"], [], []])
    put(state, "1:c1", "b")
    state.play("roll r4 b4 y1")
    assert "place red 1:b1" in placements(state)  # red on printed yellow
    assert "place red 1:c2" not in placements(state)  # the red die shows 4, not 1
    assert "purple is a secondary color" in reason(state, "place red 1:b2")
    assert "printed panes are permanent and cannot be swapped" in reason(
        state, "card swap 1:b1 1:c1"
    )
    state.play("place red 1:b1")
    assert state.space(0, 1) == {
        "printed": "yellow",
        "winks": ["red"],
        "shown": "orange",
        "special": None,
    }
    # printed red on a placed-out player's own color cannot be removed
    state = new(p1=rows)
    state.supply[0] = 0
    state.play("roll r1 b2 y2")
    assert "printed: printed panes are permanent and cannot be removed" in reason(
        state, "remove 1:c2"
    )


def test_three_players_place_only_their_own_color():
    """Rulebook: "places one of their winks"; RULES.md, "Placing (rule 3)": "A wink of the
    player's color"."""
    state = new()
    state.play("roll r1 b2 y3")
    assert "blue winks belong to the blue player: red places red winks only" in reason(
        state, "place blue 1:b1"
    )


def test_two_players_neutral_color_placeable_by_both():
    """Rulebook, 2-player rules: "The unused color is available for either player to use".
    RULES.md, "Components": "With two players yellow is neutral." """
    state = new(players=2)
    state.play("roll r1 b2 y3")
    assert {"place red 1:b1", "place yellow 1:b1"} <= placements(state)
    assert "red places red or the neutral yellow" in reason(state, "place blue 1:b1")
    state.play("place yellow 1:b1")
    state.play("roll r1 b2 y3")
    assert {"place blue 1:c1", "place yellow 1:c1"} <= placements(state)
    assert state.supply[2] == 7


def test_out_of_winks_remove_or_pass():
    """RULES.md, "Out of winks (rule 5)": "A player with none of their own winks left may remove
    one of their own winks (alone, in a stack or in a secondary) from a window whose number
    shows on any die, instead of placing; or pass." """
    rows = ["....", "....", "####", "####"]
    state = new(p1=rows, p2=rows)
    put(state, "1:a1", "r")
    put(state, "1:b1", "rr")
    put(state, "1:c1", "by")
    put(state, "1:d1", "rb")
    put(state, "2:a1", "r")
    state.supply[0] = 0
    state.play("roll r1 b3 y5")
    legal = {str(m) for m in state.legal_moves()}
    assert {m for m in legal if m.startswith("remove")} == {
        "remove 1:a1",
        "remove 1:b1",
        "remove 1:d1",
    }
    assert "pass" in legal and not placements(state)
    assert "window 2 was not rolled" in reason(state, "remove 2:a1")
    assert "holds no red wink" in reason(state, "remove 1:c1")
    assert "all eight red winks are on the windows" in reason(state, "place red 1:a2")
    state.play("remove 1:d1")  # out of purple: the blue wink stays
    assert state.space(0, 3)["winks"] == ["blue"] and state.supply[0] == 1
    assert state.to_move == 1  # Rulebook: "You don't get to place a pane this turn."


def test_a_whole_round_of_passes_ends_the_game():
    """Referee's ruling 13: "When every player in turn has ended a turn with `pass` without
    placing, removing or playing a card, [...] the game ends at once and is scored as it stands.
    A turn with any placement, removal or card starts the count again." """
    state = new(hands=[[], ["reroll"], []])
    put(state, "1:a1", "r")
    put(state, "1:b1", "b")
    put(state, "1:c1", "y")
    state.supply = [0, 0, 0]
    state.score = (4, 2, 0)
    state.play("roll r1 b1 y1")
    state.play("pass")  # red: 1 quiet turn
    state.play("roll r2 b2 y2")
    state.play("card reroll r")  # blue plays a card: not a quiet turn
    state.play("roll r1")
    state.play("pass")
    assert state.quiet_turns == 0
    state.play("roll r1 b1 y1")
    state.play("remove 1:c1")  # yellow takes a wink back: the count starts again
    state.play("roll r4 b4 y4")
    assert state.explain("pass") == sg.Explanation(True, "Red has no winks left and passes.")
    state.play("pass")
    state.play("roll r5 b5 y5")
    state.play("pass")
    assert state.quiet_turns == 2
    state.play("roll r1 b1 y1")
    state.play("place yellow 1:c1")  # a placement starts it again too
    for roll in ("roll r2 b2 y2", "roll r3 b3 y3"):
        state.play(roll)
        state.play("pass")
    assert not state.is_terminal() and state.quiet_turns == 2
    state.play("roll r6 b6 y6")
    assert "a whole round of passes ends the game (ruling 13)" in str(state.explain("pass"))
    state.play("pass")
    assert state.is_terminal() and state.returns() == [1.0, 0.0, 0.0]
    state.undo()
    assert not state.is_terminal() and state.current_player == 2


def test_three_greedy_bots_finish_a_game():
    """The referee's ruling 13 at work: bots that would rather pass than take a wink back still
    end the game (without it, three greedy bots would pass for ever once their winks are out)."""
    state = sg.load("walls_of_light").new_game(seed=0)
    bot = sg.ai.bot("greedy", seed=1)
    rng = random.Random(7)
    for _ in range(5000):
        if state.is_terminal():
            break
        state.play(random_move(state, rng) if state.is_chance() else bot.choose(state))
    assert state.is_terminal()


def test_remove_only_when_out_of_winks():
    """Rulebook: "If you have no more panes to place down, you may remove one of your winks"."""
    state = new()
    put(state, "1:b1", "r")
    state.play("roll r1 b2 y3")
    assert "only a player with no winks left may remove one: red still has 7 red winks" in reason(
        state, "remove 1:b1"
    )


# ---- cards -------------------------------------------------------------------------------------


def test_extra_glass_places_a_second_pane():
    """RULES.md, "Cards (rule 6)": "Extra Glass: a second placement this turn, same roll, same
    rules."
    Referee's ruling 2: the second placement is compulsory when possible."""
    state = new(hands=[["extra"], [], []])
    state.play("roll r1 b2 y3")
    state.play("card extra")
    assert state.hand(0) == [] and state.discard == (1, 0, 0, 0)
    state.play("place red 1:b1")
    assert state.current_player == 0 and state.placements_left == 1
    assert "pass only when nothing can be placed" in reason(state, "pass")
    assert "window 4 was not rolled" in reason(state, "place red 4:b1")
    state.play("place red 2:b1")
    assert state.to_move == 1 and state.supply[0] == 6


def test_holding_no_such_card():
    """Rulebook: "A player may optionally play one card on their turn" -- a card they hold."""
    state = new(hands=[["extra"], [], []])
    state.play("roll r1 b2 y3")
    assert "red holds no Swap Panes card" in reason(state, "card swap 1:b1 1:c1")


def test_swap_panes_limits():
    """RULES.md, "Cards (rule 6)": "Swap Panes: two single, unstacked, non-printed winks of
    different colors, anywhere, change places." Rulebook: "except those within a stack or those
    composing a secondary color"."""
    rows = ["#Y.#", "#...", "#..#", "####"]
    state = new(p5=rows, hands=[["swap"], [], []])
    put(state, "5:c1", "r")
    put(state, "5:b2", "b")
    put(state, "5:c2", "rr")
    put(state, "5:d2", "ry")
    put(state, "1:b1", "r")
    put(state, "6:b1", "y")
    state.play("roll r1 b2 y3")
    swaps = {str(m) for m in state.legal_moves() if m.kind == M.CARD and m.a == M.SWAP}
    assert swaps == {
        str(M.swap_move(M.parse_space(a), M.parse_space(b)))
        for a, b in [
            ("5:c1", "5:b2"),
            ("1:b1", "5:b2"),
            ("5:b2", "6:b1"),
            ("5:c1", "6:b1"),
            ("1:b1", "6:b1"),
        ]
    }
    assert "stack" in reason(state, "card swap 5:c2 5:b2")
    assert "composing a secondary color" in reason(state, "card swap 5:d2 5:b2")
    assert "printed panes are permanent" in reason(state, "card swap 5:b1 5:b2")
    assert "both winks are red" in reason(state, "card swap 5:c1 1:b1")
    assert "is empty" in reason(state, "card swap 5:b3 5:b2")
    state.play("card swap 5:c1 6:b1")  # windows 5 and 6 need not be rolled
    assert state.space(4, 2)["winks"] == ["yellow"] and state.space(5, 1)["winks"] == ["red"]


def test_roll_again_is_a_chance_node_over_just_those_dice():
    """RULES.md, "Cards (rule 6)": "Roll Again: reroll one, two or three dice: a chance node
    over just those dice"; api.md: "roll r5 b1"."""
    state = new(hands=[["reroll"], [], []])
    state.play("roll r1 b2 y3")
    state.play("card reroll r b")
    assert state.is_chance()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 36 and {str(m) for m, _ in outcomes} >= {"roll r5 b1", "roll r6 b6"}
    assert "rerolls exactly the dice chosen (r b)" in reason(state, "roll r5 b1 y1")
    state.play("roll r5 b1")
    assert state.dice == (5, 1, 3) and state.current_player == 0
    assert "window 2 was not rolled" in reason(state, "place red 2:b1")
    state.play("place red 5:b1")


def test_modify_roll_stays_within_one_to_six():
    """RULES.md, "Cards (rule 6)": "Modify Roll: one die +1 or -1, staying within 1-6." """
    state = new(hands=[["modify"], [], []])
    state.play("roll r6 b1 y3")
    mods = {str(m) for m in state.legal_moves() if m.kind == M.CARD}
    assert mods == {"card modify r -1", "card modify b +1", "card modify y +1", "card modify y -1"}
    assert "the red die shows 6: Modify Roll keeps a die within 1-6" in reason(
        state, "card modify r +1"
    )
    state.play("card modify y +1")
    assert state.dice == (6, 1, 4)
    assert "place red 4:b1" in placements(state)


# ---- completion and scoring --------------------------------------------------------------------


def complete(state, move):
    state.play(move)
    return state.last_completion


def red_purple_yellow_example():
    """Window 3 holds 3 purple (red and blue winks) and 2 yellow spaces; red to place the last,
    red, pane on 3:d2."""
    state = new(p3=["#..#", "....", "####", "####"])
    for space in ("3:b1", "3:c1", "3:a2"):
        put(state, space, "rb")
    put(state, "3:b2", "y")
    put(state, "3:c2", "y")
    state.play("roll r3 b1 y1")
    return state


def test_rulebook_example_red_purple_yellow():
    """Rulebook: "the red player completes a Window containing 1 red space, 3 purple and 2 yellow.
    This player scores 6 points (2 for red, 2 for purple and 2 for yellow). ... the red player
    scores an additional 2 points, while the yellow player scores 4 points. All the red and blue
    winks that were used to make purple don't score anything." """
    state = red_purple_yellow_example()
    event = complete(state, "place red 3:d2")
    assert event.points == (8, 0, 4)
    assert state.scores() == [8, 0, 4]
    assert set(event.colors) == {"red", "purple", "yellow"}
    assert event.completer == 0 and event.position == 3


def test_rulebook_example_all_red_window_worth_17():
    """Rulebook: "the red player completes a 5 pane window with only red panes. He receives 2
    pts. for red, and 3 points for each red pane for a total of 17 pts. (2 + 3x5=17)." """
    rows = ["....", "#.##", "####", "####"]
    state = new(p2=rows)
    for space in ("2:a1", "2:b1", "2:c1", "2:d1"):
        put(state, space, "r")
    state.play("roll r2 b1 y1")
    assert complete(state, "place red 2:b2").points == (17, 0, 0)


def test_a_stack_scores_once_and_the_completer_need_not_own_the_colors():
    """Rulebook: "Stacked winks of the same color only score once." RULES.md, "Completion and
    scoring (rule 7)": "a stack counts once". The one-color bonus goes to "that color's
    player"."""
    rows = ["....", "#.##", "####", "####"]
    state = new(p2=rows, first=1)
    put(state, "2:a1", "rr")
    for space in ("2:b1", "2:c1", "2:d1"):
        put(state, space, "r")
    state.play("roll r1 b2 y1")
    event = complete(state, "place blue 2:b2")
    # blue completes: 2 colors (red, blue) -> 4 to blue, blue space 2; red 4 spaces x2 = 8
    assert event.points == (8, 6, 0)


def test_special_spaces_and_cards():
    """Rulebook: "If the "+1" pane has winks of only one color, that player scores an extra point.
    If the "+ card" pane has winks of only one color, that player draws a card." RULES.md,
    "Cards (rule 6)": "an empty pile is refilled from the discards"."""
    rows = ["+*..", "#.##", "####", "####"]
    state = new(p1=rows, first=2)
    put(state, "1:a1", "b")
    put(state, "1:b1", "b")
    put(state, "1:c1", "ry")
    put(state, "1:d1", "y")
    state.play("roll r1 b1 y1")
    event = complete(state, "place yellow 1:b2")
    # yellow completes: blue, orange, yellow -> 6; blue 2 spaces 4 + "+1" 1; yellow 2 spaces 4
    assert event.points == (0, 5, 10) and event.cards_for == (1,)
    assert state.is_chance() and state.phase == "draw"
    outcomes = {str(m): p for m, p in state.chance_outcomes()}
    assert outcomes == {
        "draw extra": 0.25,
        "draw swap": 0.25,
        "draw reroll": 0.25,
        "draw modify": 0.25,
    }
    state.play("draw swap")
    assert state.hand(1) == ["swap"] and state.pile == (4, 3, 4, 4)
    assert state.to_move == 0 and state.phase == "roll"


def test_card_draw_refills_from_discards_or_gives_nothing():
    """RULES.md, "Cards (rule 6)": "Draws are chance nodes over the pile's composition (draw
    swap); an empty pile is refilled from the discards; with both empty, no card." """
    rows = ["*...", "#.##", "####", "####"]
    hands = [
        ["extra", "extra", "extra", "extra", "swap", "swap"],
        ["swap", "swap", "reroll", "reroll", "reroll"],
        ["reroll", "modify", "modify", "modify", "modify"],
    ]
    for discard_first, expect in ((True, {"draw extra": 1.0}), (False, None)):
        state = new(p1=rows, hands=hands)
        assert sum(state.pile) == 0
        for space in ("1:a1", "1:b1", "1:c1", "1:d1"):
            put(state, space, "r")
        state.play("roll r1 b1 y1")
        if discard_first:
            state.play("card extra")
        state.play("place red 1:b2")
        if expect is None:
            assert state.hand(0).count("extra") == 4
            assert state.phase == "roll" and state.to_move == 1
        else:
            assert {str(m): p for m, p in state.chance_outcomes()} == expect
            state.play("draw extra")
            assert state.hand(0).count("extra") == 4 and state.discard == (0, 0, 0, 0)


def test_completion_returns_winks_flips_window_and_places_cube_once():
    """Rulebook: "all the panes upon it are returned to their respective owners. Flip the Window
    over ... Put a white cube next to that Window's number ... if there isn't one there already.
    ... Each Window may be completed and scored multiple times"."""
    small = ["....", "#.##", "####", "####"]
    state = new(p4=(small, small))
    for space in ("4:a1", "4:b1", "4:c1", "4:d1"):
        put(state, space, "b")
    state.play("roll r4 b1 y1")
    event = complete(state, "place red 4:b2")
    assert event.cube and state.cubes == (False, False, False, True, False, False)
    assert state.side[3] == 1 and state.supply == [8, 8, 8]
    assert all(state.space(3, c)["winks"] == [] for c in state.face(3).spaces)
    for space in ("4:a1", "4:b1", "4:c1", "4:d1"):
        put(state, space, "y")
    state.play("roll r1 b4 y1")
    event = complete(state, "place blue 4:b2")
    assert not event.cube and state.side[3] == 0 and sum(state.cubes) == 1


def test_completion_is_scored_before_the_second_extra_glass_pane():
    """RULES.md, "Completion and scoring (rule 7)": "When a placement fills a window's last
    space, it is scored at once". Rule 6: Extra Glass, "same roll, same rules": the second pane
    may go on the newly revealed face."""
    small = ["....", "#.##", "####", "####"]
    state = new(p4=(small, ["#..#", "#..#", "#.+#", "####"]), hands=[["extra"], [], []])
    for space in ("4:a1", "4:b1", "4:c1", "4:d1"):
        put(state, space, "b")
    state.play("roll r4 b1 y1")
    state.play("card extra")
    state.play("place red 4:b2")
    assert state.scores() == [6, 8, 0] and state.current_player == 0
    assert "place red 4:b1" in placements(state)  # the back face: b1 is glass there
    state.play("place red 4:c3")
    assert state.space(3, 10)["winks"] == ["red"]


def test_two_players_neutral_scores_nobody_but_makes_secondaries():
    """Rulebook, 2-player rules: "Either player may use these winks ... but do not score points
    for that color ... Players may use them to form secondary colors and consequently score
    points for those." Referee's ruling 6: neutral yellow counts as a distinct color."""
    rows = ["+...", "#.##", "####", "####"]
    state = new(players=2, p1=rows)
    put(state, "1:a1", "y")
    put(state, "1:b1", "yy")
    put(state, "1:c1", "ry")
    put(state, "1:d1", "b")
    state.play("roll r1 b1 y1")
    event = complete(state, "place yellow 1:b2")
    # red completes: yellow, orange, blue -> 6; nobody for yellow spaces nor the yellow "+1";
    # blue 1 space -> 2
    assert event.points == (6, 2)


def test_all_one_primary_bonus_for_neutral_goes_to_nobody():
    """RULES.md, "Completion and scoring (rule 7)": "a window all of one primary: that color's
    player scores 3 per space instead of 2", and "neutral yellow counts for nobody"."""
    rows = ["....", "#.##", "####", "####"]
    state = new(players=2, p1=rows, first=1)
    for space in ("1:a1", "1:b1", "1:c1", "1:d1"):
        put(state, space, "y")
    state.play("roll r1 b1 y1")
    assert complete(state, "place yellow 1:b2").points == (0, 2)


def test_printed_primaries_score_for_their_color():
    """RULES.md, "Placing (rule 3)": printed panes "count as panes of their color"; the
    referee's ruling 5."""
    rows = ["RR..", "#.##", "####", "####"]
    state = new(p1=rows, first=1)
    put(state, "1:c1", "r")
    put(state, "1:d1", "r")
    state.play("roll r1 b1 y1")
    event = complete(state, "place blue 1:b2")
    assert event.points == (8, 6, 0)
    state = new(p1=rows)
    put(state, "1:c1", "r")
    put(state, "1:d1", "r")
    state.play("roll r1 b1 y1")
    assert complete(state, "place red 1:b2").points == (17, 0, 0)


# ---- the end -----------------------------------------------------------------------------------


def _finish_all_but(state, last, player_letter="r"):
    """Give cubes to every position but ``last`` (as if completed earlier)."""
    state.cubes = tuple(i != last - 1 for i in range(6))


def test_game_ends_when_all_six_positions_have_a_cube():
    """Rulebook: "Once all six Window positions have a white cube, the game ends. The player with
    the highest score wins." """
    small = ["....", "#.##", "####", "####"]
    state = new(p6=small)
    _finish_all_but(state, 6)
    for space in ("6:a1", "6:b1", "6:c1", "6:d1"):
        put(state, space, "b")
    state.play("roll r6 b1 y1")
    assert "the game ends" in str(state.explain("place red 6:b2"))
    state.play("place red 6:b2")
    assert state.is_terminal() and state.legal_moves() == []
    assert state.scores() == [6, 8, 0] and state.returns() == [0.0, 1.0, 0.0]


def test_ties_are_broken_by_cards_then_shared():
    """Rulebook: "If tied, the player with the most cards wins. If still tied, the game is a
    tie." """
    small = ["....", "#.##", "####", "####"]
    for hands, expected in (
        ([["extra"], [], []], [1.0, 0.0, 0.0]),
        ([["extra"], ["swap"], []], [0.5, 0.5, 0.0]),
    ):
        state = new(p6=small, hands=hands)
        _finish_all_but(state, 6)
        for space in ("6:a1", "6:b1", "6:c1", "6:d1"):
            put(state, space, "b")
        state.score = (2, 0, 0)
        state.play("roll r6 b1 y1")
        state.play("place red 6:b2")  # red 2 + 4 + 2 = 8, blue 4 x 2 = 8
        assert state.is_terminal() and state.scores()[0] == state.scores()[1]
        assert state.returns() == expected


def test_last_completion_draws_before_the_end():
    """Referee's ruling 8: the last window's card draws are made before the game ends."""
    rows = ["*...", "#.##", "####", "####"]
    state = new(p6=rows)
    _finish_all_but(state, 6)
    for space in ("6:a1", "6:b1", "6:c1", "6:d1"):
        put(state, space, "r")
    state.play("roll r6 b1 y1")
    state.play("place red 6:b2")
    assert state.is_chance() and state.phase == "draw"
    state.play("draw modify")
    assert state.is_terminal() and state.hand(0) == ["modify"]


# ---- hidden hands, words, estimates -------------------------------------------------------------


def test_view_hides_the_other_hands():
    """The referee's rulings 12 and 14: "The order of the pile is never known"; "Each player
    sees only their own hand". So in a player's view the other hands become draws from the
    unseen cards."""
    state = sg.load("walls_of_light").new_game(seed=4)
    state.play("roll r1 b2 y3")
    me = state.current_player
    differs = False
    guesses = set()
    for seed in range(20):  # as a bot sees it: each determinization a fresh guess
        view = determinize(state, me, random.Random(seed))
        assert view.hands[me] == state.hands[me]
        assert [sum(h) for h in view.hands] == [sum(h) for h in state.hands]
        assert sum(view.pile) == sum(state.pile) and view.discard == state.discard
        unseen = [
            view.pile[t] + sum(h[t] for p, h in enumerate(view.hands) if p != me) for t in range(4)
        ]
        assert unseen == [
            state.pile[t] + sum(h[t] for p, h in enumerate(state.hands) if p != me)
            for t in range(4)
        ]
        differs |= view.hands != state.hands
        guesses.add(view.hands)
        assert view.history == state.history and set(view.legal_moves()) == set(state.legal_moves())
    assert differs and len(guesses) > 5  # not one guess searched over and over
    assert state.view(me).hands == state.view(me).hands  # the same state, the same view
    with pytest.raises(ValueError, match="a view cannot be saved"):
        view.to_json()
    view.undo()  # the roll taken back, as in the game
    assert view.history == [] and view.is_chance() and view.hands[me] == state.hands[me]
    with pytest.raises(ValueError, match="nothing has been played yet"):
        view.undo()


def _game_with_draws(players: int, seed: int, plies: int) -> tuple[sg.State, list[str]]:
    """A game ``plies`` long, chance drawn with a generator of its own (the state's is left
    alone, so that a game played again by text has the same generator), and its moves."""
    state = sg.load("walls_of_light", players=players).new_game(seed=seed)
    rng = random.Random(seed)
    while len(state.history) < plies and not state.is_terminal():
        if state.is_chance():
            outcomes = state.chance_outcomes()
            state.play(rng.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.play(rng.choice(state.legal_moves()))
    return state, list(state.history)


def _seen(state: sg.State, me: int) -> tuple:
    """What ``me`` may know of a position: the board and turn, their own hand, the discards,
    the cards each holds and the pile's count, and the cards unseen (the pile and the others'
    hands together)."""
    others = [p for p in range(state.num_players) if p != me]
    return (
        state.cells,
        state.dice,
        state.phase,
        state.current_player,
        state.scores(),
        state.hands[me],
        state.discard,
        [sum(h) for h in state.hands],
        sum(state.pile),
        [state.pile[t] + sum(state.hands[p][t] for p in others) for t in range(4)],
    )


@pytest.mark.parametrize("players,seed,plies", [(2, 5, 240), (3, 4, 200)])
def test_a_view_keeps_the_game_so_far_as_the_player_saw_it(players, seed, plies):
    """A view keeps the game's history and can be undone as the game can (api.md: "undo: take
    back the last move"), each position as the player could have seen it: their own hand and
    everything public as in the game, the others' hands a guess from the cards unseen. The
    cards drawn into the others' hands are guesses too (``draw <card>``), which fit what the
    others played later: the view's history, played again from where its undo stops, leads to
    the view."""
    state, moves = _game_with_draws(players, seed, plies)
    drawers = {_at(moves, i, players, seed).pending_draws[0] for i in _draws(moves)}
    assert drawers == set(range(players)), "each player draws a card the others cannot see"
    for me in range(players):
        view = state.view(me)
        first = len(moves) - len(view.history)
        assert first == 0  # (no shuffle of the discards in these games)
        assert all(
            seen == real or (real.startswith("draw") and seen.startswith("draw"))
            for seen, real in zip(view.history, moves[first:])
        )
        back = view.clone()
        for ply in range(len(moves), first, -1):
            assert _seen(back, me) == _seen(_at(moves, ply, players, seed), me), f"ply {ply}"
            back.undo()
        assert min(back.pile) >= 0
        assert _seen(back, me) == _seen(_at(moves, first, players, seed), me)
        for text in view.history:  # legal all the way: the guessed draws fit the cards played
            back.play(text)
        assert back._position() == view._position()


def test_a_view_s_past_starts_where_no_guess_fits_both_sides_of_a_shuffle():
    """Rule 6: the discards are shuffled into a new pile when it runs out, so everyone knows
    the new pile's cards; a guess of the others' hands made afterwards may not fit the time
    before. Then the view's past starts at that shuffle, and undo says so."""
    state, moves = _game_with_draws(3, 18, 452)
    view = state.view(2)
    assert view._past_cut and view.history == moves[-1:]
    view.undo()
    with pytest.raises(ValueError, match="discards were shuffled into a new pile here"):
        view.undo()
    assert len(state.view(1).history) == len(moves)  # another player's guess fits


def _draws(moves: list[str]) -> list[int]:
    return [i for i, text in enumerate(moves) if text.startswith("draw")]


def _at(moves: list[str], ply: int, players: int, seed: int) -> sg.State:
    """The game of ``moves`` after ``ply`` of them."""
    state = sg.load("walls_of_light", players=players).new_game(seed=seed)
    for text in moves[:ply]:
        state.play(text)
    return state


def test_a_view_s_past_tells_nothing_the_player_could_not_see():
    """Two games a player cannot tell apart (the same moves, but another player drew another
    card) give that player the same view, its past included: the history, every position
    undo goes back to, and the moves each offers."""
    state, moves = _game_with_draws(3, 4, 200)
    twins = 0
    for i in _draws(moves):
        before = _at(moves, i, 3, 4)
        for other in before.legal_moves():
            if str(other) == moves[i]:
                continue
            twin, real = before.clone(), before.clone()
            twin.play(other)  # the same game but for the card another player drew
            real.play(moves[i])
            for later in moves[i + 1 :]:  # on as far as the other's hand allows
                if not twin.explain(later).legal:
                    break
                twin.play(later)
                real.play(later)
            for me in range(3):
                if me == before.pending_draws[0]:
                    continue
                assert twin.hands != real.hands and _seen(twin, me) == _seen(real, me)
                a, b = real.view(me), twin.view(me)
                assert a.history == b.history
                while True:
                    assert a._position() == b._position()
                    assert set(map(str, a.legal_moves())) == set(map(str, b.legal_moves()))
                    if not a.history:
                        break
                    a.undo()
                    b.undo()
                twins += 1
    assert twins >= 8


def test_a_view_leaves_the_game_s_future_chance_alone():
    """Api: "Given the same seed and the same moves, a game is the same game": looking at a
    view (a hint, a bot's search) must not change the rolls and draws still to come."""
    state = sg.load("walls_of_light").new_game(seed=9)
    untouched = state.clone()
    for p in range(state.num_players):
        state.view(p)
    assert [state.sample_chance() for _ in range(10)] == [
        untouched.sample_chance() for _ in range(10)
    ]


def test_explain_says_what_a_move_does():
    """explain(move) says in plain words what the move does, computed from the position
    ("Legal: completes window 3: red +8, yellow +4"), or why it is illegal."""
    state = red_purple_yellow_example()
    words = str(state.explain("place red 3:d2"))
    assert words.startswith("Legal:") and "completes window 3: red +8, yellow +4" in words
    assert "flips to" in words and "white cube" in words
    assert str(state.explain("place red 4:a1")) == (
        "Illegal: window 4 was not rolled (the dice show r3 b1 y1)"
    )


def test_evaluate_is_a_share_that_favours_the_leader():
    """evaluate() is a quick estimate of returns() per player, each in 0..1, and favours the
    player ahead."""
    state = new()
    state.score = (20, 3, 0)
    est = state.evaluate()
    assert all(0 <= e <= 1 for e in est) and abs(sum(est) - 1) < 1e-9
    assert est[0] > est[1] > est[2] - 1e-9


def test_evaluate_is_the_same_from_its_memo_as_worked_out_afresh(monkeypatch):
    """evaluate() keeps what each window promises in its face's memo, by the window's cells:
    along random games, the values from a warm memo equal those worked out with every memo
    emptied; a memo stays within its bound; a copied face starts with an empty memo."""
    rng = random.Random(11)
    faces = {face for pair in WINDOWS for face in pair}
    for players in (2, 3):
        state = sg.load("walls_of_light", players=players).new_game(seed=players)
        checked = 0
        while not state.is_terminal():
            warm = state.evaluate()
            for face in faces:
                face.memo.clear()
            assert state.evaluate() == warm, str(state)
            checked += 1
            state.play(random_move(state, rng))
        assert checked > 100
    monkeypatch.setattr(E, "_GLASS_MEMO_SIZE", 16)
    state = sg.load("walls_of_light").new_game(seed=5)
    largest = 0
    while not state.is_terminal():
        state.evaluate()
        largest = max(largest, *(len(face.memo) for face in faces))
        state.play(random_move(state, rng))
    assert largest == 16
    face = WINDOWS[0][0]
    face.memo["anything"] = 1
    copied = pickle.loads(pickle.dumps(face))
    assert copied == face and copied.memo == {}


def test_illegal_reason_agrees_with_legal_moves():
    """Every illegal move is refused with sg.IllegalMove and leaves the state untouched: every
    candidate move is legal exactly when no rule forbids it."""
    rng = random.Random(7)
    for players in (2, 3):
        game = sg.load("walls_of_light", players=players)
        for seed in range(6):
            state = game.new_game(seed=seed)
            for _ply in range(400):
                if state.is_terminal():
                    break
                legal = set(state.legal_moves())
                candidates = set(legal) | {
                    M.PASS_MOVE,
                    M.EXTRA_MOVE,
                    *M.DRAWS,
                    *M.REROLLS.values(),
                    *M.MODIFIES.values(),
                    *rng.sample(M.REMOVES, 10),
                    *rng.sample(M.ROLLS[(0, 1, 2)], 3),
                    *rng.sample(M.ROLLS[(0, 2)], 3),
                }
                for c in range(3):
                    candidates |= set(rng.sample(M.PLACES[c], 20))
                candidates.add(M.swap_move(*rng.sample(range(96), 2)))
                for move in candidates:
                    assert (state._illegal_reason(move) is None) == (move in legal), (
                        str(move),
                        state._illegal_reason(move),
                        str(state),
                    )
                state.play(random_move(state, rng))


def test_notation_round_trips_and_refuses_garbage():
    """api.md notation: "place red 3:b2, remove 3:b2, pass, card extra, card swap 3:b2 5:c1,
    card reroll r b, card modify b +1, roll r2 b3 y6, roll r5 b1, draw extra"."""
    state = new()
    for text in (
        "place red 3:b2",
        "remove 3:b2",
        "pass",
        "card extra",
        "card swap 3:b2 5:c1",
        "card reroll r b",
        "card modify b +1",
        "card modify y -1",
        "roll r2 b3 y6",
        "roll r5 b1",
        "draw extra",
        "draw modify",
    ):
        assert str(state.parse_move(text)) == text
    assert state.parse_move("card swap 5:c1 3:b2") == state.parse_move("card swap 3:b2 5:c1")
    for bad, words in (
        ("place green 3:b2", "not a wink color"),
        ("place red 7:b2", "window"),
        ("place red 3:e2", "not a cell"),
        ("card joker", "not a card"),
        ("roll r7", "1-6"),
        ("card swap 3:b2 3:b2", "two different"),
        ("card modify b +2", "card modify b +1"),
    ):
        with pytest.raises(sg.IllegalMove, match=re.escape(words)):
            state.parse_move(bad)


def test_text_board_shows_windows_and_scores():
    """print(state) shows a readable text board."""
    state = new()
    put(state, "1:b1", "ry")
    text = str(state)
    assert "scores: red 0, blue 0, yellow 0" in text and "ry" in text
    assert all(state.face(p).name[:11] in text for p in range(6))


def test_json_keeps_the_fixed_setup_and_the_chance_outcomes():
    """api.md: "state.to_json(); sg.state_from_json(text) rebuilds an equal state (same legal
    moves, scores, history, and future chance)" -- with the setup options, and with the dice and
    card draws that are moves in the history."""
    state = new(players=2, hands=[["reroll"], ["modify"]], p2=(tuple(FILLER), tuple(FILLER)))
    for text in (
        "roll r2 b2 y2",
        "card reroll y",
        "roll y5",
        "place red 2:b1",
        "roll r1 b1 y1",
        "card modify b +1",
        "place yellow 2:c1",
    ):
        state.play(text)
    copy = sg.state_from_json(state.to_json())
    assert copy.history == state.history and copy._position() == state._position()
    assert copy.space(1, 2)["winks"] == ["yellow"] and copy.hands == ((0, 0, 0, 0),) * 2


def test_rules_page_lists_the_designed_faces():
    """The engine, its explanations and the tests agree with the rules page: its table of faces
    (name, spaces / to fill, +card) is the data in windows.py."""
    import pathlib
    import stainedglass.walls_of_light as wol

    text = (pathlib.Path(wol.__file__).parent / "RULES.md").read_text()
    rows = [line for line in text.splitlines() if re.match(r"\| [1-6] \|", line)]
    assert len(rows) == 6
    for line, pair in zip(rows, WINDOWS):
        for cell, face in zip(line.split("|")[2:4], pair):
            card = ", +card" if face.plus_card else ""
            blank = len(face.spaces) - len(face.printed)
            assert cell.strip() == f"{face.name} ({len(face.spaces)} / {blank}{card})"


def one_short_of_purple(first=0):
    """Window 3 one space short (3:d2), its five other spaces purple: its completer scores
    2 per color (purple and their own), nobody anything per space; ``first`` rolls next."""
    state = new(first=first, p3=["#..#", "....", "####", "####"])
    for space in ("3:b1", "3:c1", "3:a2", "3:b2", "3:c2"):
        put(state, space, "rb")
    return state


def test_evaluate_gives_a_window_one_space_short_to_whoever_rolls_its_number_first():
    """Referee's evaluation (RULES.md, "How the bots judge a position"): a window one space
    short goes to the first player whose roll shows its number, in turn order."""
    for first in range(3):
        est = one_short_of_purple(first).evaluate()
        after, later, last = first, (first + 1) % 3, (first + 2) % 3
        assert est[after] > est[later] > est[last]


def test_evaluate_gives_a_window_in_reach_to_the_player_to_move():
    """A window one space short whose number the dice show is the mover's to fill now."""
    in_reach, out_of_reach = one_short_of_purple(), one_short_of_purple()
    in_reach.play("roll r3 b1 y1")
    out_of_reach.play("roll r2 b1 y1")
    assert in_reach.evaluate()[0] > out_of_reach.evaluate()[0] + 0.1
    # not rolled: the next players have the better chances of it
    est = out_of_reach.evaluate()
    assert est[1] > est[2] > est[0]


def mean_after(state):
    """The mean of ``evaluate()`` over the outcomes of the chance node ``state``."""
    mean = [0.0] * state.game.num_players
    spread = []
    for move, chance in state.chance_outcomes():
        state.play(move)
        est = state.evaluate()
        state.undo()
        mean = [m + chance * e for m, e in zip(mean, est)]
        spread.append(est[state.to_move])
    return mean, max(spread) - min(spread)


def close(a, b):
    return max(abs(x - y) for x, y in zip(a, b)) < 1e-12


def test_evaluate_before_a_roll_is_the_mean_over_the_216_rolls():
    """How the bots judge a position (RULES.md): before a roll, the estimate is the mean of
    those after each roll. Windows 3 and 5 are one space short: a roll showing 3, 5, both or
    neither decides which the mover can fill now (the bigger if both)."""
    face = ["#..#", "....", "####", "####"]
    state = new(first=1, p3=face, p5=face)
    for space in ("b1", "c1", "a2", "b2", "c2"):
        put(state, "3:" + space, "rb")
        put(state, "5:" + space, "y")
    assert state.phase == "roll" and state.to_move == 1
    mean, spread = mean_after(state)
    assert spread > 0.05 and close(state.evaluate(), mean)
    state.supply[1] = 0  # blue cannot place: the roll changes nothing for anybody
    mean, spread = mean_after(state)
    assert spread < 1e-12 and close(state.evaluate(), mean)


def test_evaluate_before_roll_again_is_the_mean_over_the_dice_rerolled():
    """RULES.md, "Cards (rule 6)", Roll Again: the dice kept stay as they are; the estimate
    before the reroll is the mean over the dice thrown (here red, with window 3 one space
    short)."""
    for dice, kept_in_reach in (("roll r1 b3 y1", True), ("roll r1 b2 y1", False)):
        state = new(hands=[["reroll"], [], []], p3=["#..#", "....", "####", "####"])
        for space in ("3:b1", "3:c1", "3:a2", "3:b2", "3:c2"):
            put(state, space, "rb")
        state.play(dice)
        state.play("card reroll r")
        assert state.phase == "reroll"
        mean, spread = mean_after(state)
        assert close(state.evaluate(), mean)
        assert (spread < 1e-12) == kept_in_reach  # blue's die keeps window 3 in reach


def test_evaluate_counts_a_card_owed_before_it_is_drawn():
    """Rulebook: "If the "+ card" pane has winks of only one color, that player draws a card."
    Before the draw, the estimate counts the card in the drawer's hand, whatever it is; at the
    last completion (the referee's ruling 8: drawn before the end) it is the final result, cards
    breaking the tie (rulebook: "If tied, the player with the most cards wins")."""
    rows = ["+*..", "#.##", "####", "####"]
    state = new(p1=rows, first=2)
    for space, winks in (("1:a1", "b"), ("1:b1", "b"), ("1:c1", "ry"), ("1:d1", "y")):
        put(state, space, winks)
    state.play("roll r1 b1 y1")
    state.play("place yellow 1:b2")
    assert state.phase == "draw" and state.pending_draws == (1,)
    mean, spread = mean_after(state)
    assert spread < 1e-12 and close(state.evaluate(), mean)

    last = new(p6=["*...", "#.##", "####", "####"])
    _finish_all_but(last, 6)
    for space, winks in (("6:a1", "r"), ("6:b1", "r"), ("6:c1", "b"), ("6:d1", "b")):
        put(last, space, winks)
    last.score = (0, 6, 0)
    last.play("roll r6 b1 y1")
    last.play("place red 6:b2")  # red: 2 colors x2 + 3 spaces x2 = 10; blue: 2 spaces x2 = 4
    assert last.phase == "draw" and last.scores() == [10, 10, 0]  # tied: red's card decides
    assert last.evaluate() == [1.0, 0.0, 0.0] and close(mean_after(last)[0], [1.0, 0.0, 0.0])


def test_evaluate_at_every_chance_node_is_the_mean_over_its_outcomes():
    """The same along random games of two and three players that play many cards: every roll,
    reroll and draw."""
    rng = random.Random(7)
    seen = set()
    for players in (2, 3):
        for seed in range(3):
            state = sg.load("walls_of_light", players=players).new_game(seed=seed)
            while not state.is_terminal():
                if state.is_chance():
                    seen.add(state.phase)
                    assert close(state.evaluate(), mean_after(state)[0]), str(state)
                    state.play(state.sample_chance())
                    continue
                moves = state.legal_moves()
                cards = [m for m in moves if m.kind == M.CARD]
                state.play(rng.choice(cards if cards and rng.random() < 0.5 else moves))
    assert seen == {"roll", "reroll", "draw"}


def test_mcts_sees_a_whole_turn_extra_glass_then_two_placements():
    """Rule 6, Extra Glass: "Play one additional pane this turn". Window 3 is two spaces short
    and the roll shows 3: the card, then both spaces, completes it (red +8). One ply after the
    card shows nothing yet (greedy places instead); mcts searches the turn to its end."""
    state = new(first=0, hands=[["extra"], [], []], p3=["#..#", "....", "####", "####"])
    for space in ("3:b1", "3:c1", "3:a2", "3:b2"):
        put(state, space, "rb")
    state.play("roll r3 b1 y1")
    assert str(sg.ai.bot("greedy", seed=1).choose(state)) != "card extra"
    hints = sg.ai.suggest(state, top=2, seed=1, iterations=1500, budget=None)  # no clock
    assert str(hints[0].move) == "card extra" and hints[0].value > hints[1].value + 0.1
    line = state.clone()
    for text in ("card extra", "place red 3:c2", "place red 3:d2"):
        line.play(text)
    assert line.scores() == [8, 0, 0]


def test_walls_mcts_replies_are_the_others_greedy_turns_judged_where_the_turn_comes_back():
    """How the bots judge a position (RULES.md): after the mover's turn, walls_mcts plays out each
    other player's turn, the roll at the quantile it is given and every placement the one
    ``evaluate()`` rates best for that player; ``evaluate()`` then judges the position before
    the mover's own next roll. The state searched is left as it was."""
    from stainedglass.walls_of_light.mcts import WallsMCTS as MCTSBot

    state = new(first=0, seed=5)  # no cards in any hand: every turn is one placement
    state.play("roll r3 b1 y5")
    state.play("place red 3:b1")
    assert state.is_chance() and state.to_move == 1
    before = (state._position(), list(state.history))
    value = MCTSBot(seed=1)._replies(state, [0.3, 0.8], 0)
    assert (state._position(), list(state.history)) == before

    line = state.clone()
    for quantile in (0.3, 0.8):  # blue's turn, then yellow's
        acc, outcomes = 0.0, line.chance_outcomes()
        roll = next(m for m, p in outcomes if (acc := acc + p) > quantile)
        line.play(roll)
        player = line.current_player
        moves = line.legal_moves()
        rated = []
        for move in moves:
            line.play(move)
            rated.append(line.evaluate()[player])
            line.undo()
        line.play(moves[rated.index(max(rated))])  # the first of the best
    assert line.is_chance() and line.to_move == 0 and len(line.history) == len(state.history) + 4
    assert value == line.evaluate()
    assert MCTSBot(seed=1)._replies(state, [0.3], 0) != value  # one turn only: blue's
