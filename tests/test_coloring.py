"""Coloring in the Stained Glass, rule by rule.

Each test quotes the published rulebook or the game's rules page, ``stainedglass/coloring/RULES.md``
(its rules, its sheet and the referee's rulings).
Small sheets are drawn with ``grid_sheet`` (unit squares; shapes numbered in reading order).
"""

from __future__ import annotations

import itertools
import json
import math
import random

import pytest

import stainedglass as sg
from stainedglass.coloring import game as cg
from stainedglass.coloring.game import CROSSED, OPEN
from stainedglass.coloring.make_default_sheet import draw
from stainedglass.coloring.sheet import (
    COLORS,
    DEFAULT_FILE,
    SECTION_VALUES,
    SECTIONS,
    grid_sheet,
    load_sheet,
)

STRIP = grid_sheet(["+ h d c s"])  # five shapes in a row, one per section


def new(sheet=None, players=2, seed=0):
    return sg.load("coloring", players=players, sheet=sheet).new_game(seed=seed)


def texts(state):
    return {str(m) for m in state.legal_moves()}


def illegal(state, move, *words):
    before = (state._position(), list(state.history))
    with pytest.raises(sg.IllegalMove) as err:
        state.play(move)
    for w in words:
        assert w in str(err.value), str(err.value)
    assert (state._position(), state.history) == before
    return str(err.value)


def pentagon_ring():
    """A star (a pentagon) ringed by five trapezoids 1-5, four of them pre-coloured; 6-10 apart."""

    def ring_pt(r, k):
        a = math.radians(90 + 72 * k)
        return [round(r * math.cos(a), 6), round(r * math.sin(a), 6)]

    shapes = [
        {
            "polygon": [ring_pt(1, k), ring_pt(2, k), ring_pt(2, k + 1), ring_pt(1, k + 1)],
            "symbol": None,
        }
        for k in range(5)
    ]
    for i, c in enumerate(["red", "blue", "green", "yellow"]):
        shapes[i]["color"] = c
    for j, sym in enumerate(SECTIONS):
        x = 5 + 2 * j
        shapes.append({"polygon": [[x, 0], [x + 1, 0], [x + 1, 1], [x, 1]], "symbol": sym})
    return {"shapes": shapes, "stars": [[ring_pt(1, k) for k in range(5)]], "circles": 10}


# ------------------------------------------------------------------------------------------------
# The sheet


def test_default_sheet_meets_the_rulings():
    """RULES.md, "The sheet": "61 colorable shapes", five sections covering "45 of 61 shapes",
    "Five stars sit on the rim of the rose where four shapes meet: star 1 at the top (its
    neighbours 38, 53, 54, 61; 38 is purple already)", and "Ten circles run along the top"."""
    sheet = load_sheet()
    assert 50 <= sheet.n <= 80
    covered = sum(m.bit_count() for m in sheet.section_mask.values())
    assert covered > sheet.n / 2
    assert len(sheet.stars) == 5 and all(len(s.neighbours) >= 4 for s in sheet.stars)
    top = min(sheet.stars, key=lambda s: s.center[1])
    assert top.number == 1
    assert [sheet.shapes[i - 1].color for i in top.neighbours].count("purple") == 1
    assert len(sheet.circles) == 10
    assert all(y < min(p[1] for s in sheet.shapes for p in s.polygon) for _, y, _ in sheet.circles)


def test_section_values_are_the_rulings():
    """RULES.md, "The sheet": "Sections: + 13 shapes (15/10), ♥ 4 (5/3), ♦ 8 (7/4), ♣ 8 (9/6),
    ♠ 12 (11/7)"."""
    assert SECTION_VALUES == {
        "cross": (15, 10),
        "heart": (5, 3),
        "diamond": (7, 4),
        "club": (9, 6),
        "spade": (11, 7),
    }


def test_adjacency_is_a_shared_border_not_a_corner():
    """RULES.md, "The sheet": "two shapes are adjacent when they share a stretch of border;
    touching at a single point is not adjacent". Squares meeting at a corner only are not
    adjacent."""
    sheet = load_sheet(grid_sheet(["+ h", "d c", "s ."]))
    assert sheet.neighbours_of(1) == [2, 3]
    assert 4 not in sheet.neighbours_of(1)  # diagonal


def test_the_cross_outline_separates_nothing():
    """Rulebook: "Note: the dark line of the cross does not separate colors outside of it. They
    are still adjacent." Shapes on either side of the cross's outline are adjacent."""
    sheet = load_sheet()
    arm, heart = sheet.shapes[1], sheet.shapes[2]  # ring 1: arm 2, heart 3
    assert (arm.symbol, heart.symbol) == ("cross", "heart")
    assert 3 in sheet.neighbours_of(2)
    assert "cross" in sheet.outlines
    state = new()
    state.play("take red 2 3 11 12 13")  # across the outline: one connected group
    assert state.color_of(0, 3) == "red"


def test_default_sheet_file_is_what_the_drawing_script_makes():
    """The default sheet is data drawn by make_default_sheet.py: the file matches the script."""
    assert json.loads(DEFAULT_FILE.read_text()) == json.loads(json.dumps(draw()))


def test_custom_sheet_from_a_file_and_a_mapping(tmp_path):
    """api.md: "`sheet=...` option: a custom sheet (data file or mapping)"."""
    path = tmp_path / "strip.json"
    path.write_text(json.dumps(STRIP))
    for source in (str(path), STRIP):
        state = new(source)
        assert state.sheet.n == 5
        state.play("take red 1 2 3 4 5")
        copy = sg.state_from_json(state.to_json())
        assert copy.history == state.history


@pytest.mark.parametrize(
    "data,words",
    [
        (
            {
                "shapes": [
                    {"polygon": [[0, 0], [2, 0], [2, 1], [0, 1]], "symbol": "cross"},
                    {"polygon": [[1, 0], [3, 0], [3, 1], [1, 1]], "symbol": "heart"},
                ]
            },
            "shape 1 and shape 2 overlap",
        ),
        (grid_sheet(["+ h d", "c s ."], stars=[(0, 1)]), "star 1 is bordered by 2 shapes (1, 2)"),
        (grid_sheet(["+ h d c ."]), "the spade section has no shape"),
        (
            {"shapes": [{"polygon": [[0, 0], [1, 0], [1, 1]], "symbol": "moon"}]},
            "shape 1: unknown symbol 'moon'",
        ),
        ({"shapes": [{"polygon": [[0, 0], [1, 0]], "symbol": "cross"}]}, "shape 1: a polygon"),
        (grid_sheet(["+ h d c s"], colors={1: "red", 2: "red"}), "shapes 1 and 2 are both"),
        (grid_sheet(["+ h d c s"], circles=0), "at least one circle"),
    ],
)
def test_bad_custom_sheets_say_which(data, words):
    """A custom sheet is checked, each failure a ValueError that says which shape, star or
    section (RULES.md: "overlapping shapes or stars, a star bordered by fewer than four shapes,
    a section with no shape, an unknown symbol or color")."""
    with pytest.raises(ValueError) as err:
        sg.load("coloring", sheet=data)
    assert words in str(err.value)
    assert "sheet=" in str(err.value)


# ------------------------------------------------------------------------------------------------
# A turn


def test_count_the_pencils_then_color_that_many():
    """Rulebook: "count how many colored pencils are in the middle of the table (ie. 5 on the
    first turn). This is the number of adjacent shapes the current player must fill in ...
    the next player chooses from the pencils remaining ... having to coloring in one less
    shape"."""
    state = new()
    assert state.pencils() == list(COLORS)
    assert state.current_player == 0  # referee's ruling 5: player 1 starts
    state.play("take red 1 2 3 4 5")
    assert state.pencils() == ["blue", "green", "yellow", "purple"]
    assert state.current_player == 1
    assert all(m.mask.bit_count() == 4 for m in state.legal_moves())
    illegal(state, "take blue 1 2 3 4 5", "color exactly 4 shapes, not 5")
    illegal(state, "take red 1 2 3 4", "the red pencil is not in the middle")
    illegal(state, "take blue 1 2 3 4 +1", "circles are filled only for shapes that cannot")


def test_fewer_shapes_than_pencils_is_refused_when_enough_can_be_colored():
    """Rulebook: "Note: You MUST always use the exact number of shapes as the number of
    pencils." """
    state = new()
    illegal(state, "take red 1 2 3 4", "a connected group of 5 shapes can be colored red")


def test_the_shapes_must_be_connected():
    """RULES.md, rule 2: "color exactly N shapes with it: uncolored, connected to each other"."""
    state = new(grid_sheet([". . . . . .", "# # # # # #", "+ # h # d # c # s"]))
    illegal(state, "take red 1 2 3 4 6", "shape 6 is not connected to shapes 1, 2, 3 and 4")
    state.play("take red 1 2 3 4 5")


def test_colored_shapes_cannot_be_colored_again():
    """RULES.md, rule 2: the N shapes must be "uncolored"."""
    state = new(grid_sheet([". . . . . . . . . .", "+ # h # d # c # s"]), players=1)
    state.play("take red 1 2 3 4 5")
    illegal(state, "take blue 5 6 7 8", "shape 5 is already colored")


def test_a_group_may_not_touch_its_own_color():
    """Rulebook: "a player may never connect two groupings of the same color ... once you color
    in a group of green shapes, you may not add any green touching that group on a later
    turn." """
    state = new(grid_sheet([". . . . . . . .", "+ # h # d # c # s"], colors={3: "green"}))
    illegal(state, "take green 4 5 6 7 8", "shape 4 touches shape 3, already green")
    assert "take green 4 5 6 7 8" not in texts(state)
    state.play("take blue 4 5 6 7 8")  # another color may touch it


def test_take_and_order_of_shapes_in_notation():
    """api.md: "`take red 12 13 17 18 19`: take the red pencil and color those shapes" -- a
    set of shapes: any order names the same move; bad text names the fault."""
    state = new()
    assert state.parse_move("take red 5 3 1 2 4") == state.parse_move("take red 1 2 3 4 5")
    assert str(state.parse_move("take red 5 3 1 2 4")) == "take red 1 2 3 4 5"
    for bad, words in [
        ("take pink 1", "take a pencil"),
        ("take red 99", "numbered 1 to 61"),
        ("take red 1 1", "twice"),
        ("cross moon", "cross off a section"),
    ]:
        with pytest.raises(sg.IllegalMove, match=words):
            state.parse_move(bad)


def test_legal_moves_are_every_connected_set_once():
    """Legal moves list every distinct legal coloring once (RULES.md, rule 2: "the shapes are
    a set, named in any order"). Checked against brute force over all sets of the allowed
    shapes."""
    state = new(grid_sheet([". . . .", ". . + .", "h . . d", "c . s ."], colors={6: "blue"}))
    sheet = state.sheet
    legal = state.legal_moves()
    assert len(set(legal)) == len(legal)
    for c, color in enumerate(COLORS):
        allowed = [i for i in range(sheet.n) if state.allowed(0, c) >> i & 1]
        brute = {
            sum(1 << i for i in combo)
            for combo in itertools.combinations(allowed, 5)
            if sheet.is_connected(sum(1 << i for i in combo))
        }
        assert {m.mask for m in legal if m.color == c} == brute, color
    assert sum(1 for m in legal if m.color == COLORS.index("blue")) < sum(
        1 for m in legal if m.color == 0
    )


def test_connected_sets_of_the_default_sheet_by_another_method():
    """Each connected set of 1..5 shapes once: ESU's answer equals growing sets one
    neighbour at a time (with duplicates removed)."""
    sheet = load_sheet()
    level = {1 << i for i in range(sheet.n)}
    for size in range(1, 6):
        assert sorted(sheet.group_masks[size]) == sorted(level)
        level = {
            m | (1 << j)
            for m in level
            for j in range(sheet.n)
            if not m >> j & 1 and sheet.touching(m) >> j & 1
        }


# ------------------------------------------------------------------------------------------------
# Circles and any pencil


def test_largest_set_then_circles():
    """RULES.md, rule 3: "When N cannot be found. Color the largest connected set the pencil
    allows, and fill the rest in circles"."""
    state = new(grid_sheet([". . . . . .", "# # # # # #", "+ # h # d # c # s"], colors={3: "red"}))
    # red may not touch shape 3: allowed {1}, {5, 6}, and the five section shapes
    red = {str(m) for m in state.legal_moves() if m.color == 0}
    assert red == {"take red 5 6 +3"}
    illegal(state, "take red 1 +4", "a connected group of 2 shapes can be colored red")
    illegal(state, "take red 5 6 +2", "fill 3 circles, not 2")
    illegal(state, "take red 5 6", "fill 3 circles, not 0")
    illegal(state, "take blue 4 5 6 +1", "fill 2 circles, not 1")
    assert "colors 2 shapes red (5, 6), fills 3 circles" in state.explain("take red 5 6 +3").words
    state.play("take red 5 6 +3")
    assert state.circles_used == [3, 0] and state.scores() == [7, 10]


def test_any_largest_set_may_be_chosen():
    """Referee's ruling 2: "any connected allowed set of the largest possible size may be
    chosen (the size is forced, the set is not)". Red may not touch shape 4: {1, 2} and {6, 7}
    are the largest red groups."""
    state = new(
        grid_sheet([". . . . . . .", "# # # # # # #", "+ # h # d # c # s"], colors={4: "red"})
    )
    assert {str(m) for m in state.legal_moves() if m.color == 0} == {
        "take red 1 2 +3",
        "take red 6 7 +3",
    }


def test_any_pencil_even_one_that_colors_nothing():
    """RULES.md, rule 3: "A player may take any pencil, even one that forces circles." Purple cannot
    go anywhere here (every shape touches the purple row): all five go to circles."""
    state = new(
        grid_sheet(
            ["+ # h # d # c # s", ". # . # . # . # ."], colors=dict.fromkeys(range(6, 11), "purple")
        )
    )
    assert "take purple +5" in texts(state)
    assert str(state.explain("take purple +5")).startswith(
        "Legal: Player 1 takes the purple pencil and colors nothing"
    )
    state.play("take purple +5")
    assert state.circles_used[0] == 5 and state.scores()[0] == 5


def test_too_few_circles_fill_them_all_and_finish():
    """Referee's ruling 1: "When more circles are due than remain, the player fills all that
    remain and has finished"."""
    state = new(
        grid_sheet(
            ["+ # h # d # c # s", ". # . # . # . # ."],
            colors=dict.fromkeys(range(6, 11), "purple"),
            circles=3,
        )
    )
    assert "take purple +3" in texts(state)
    illegal(state, "take purple +5", "fill 3 circles, not 5 (3 left: fill them all)")
    state.play("take purple +3")
    assert state.finished == [0] and state.current_player == 1
    state.play("take red 1 +3")  # player 2 has filled their three circles too
    assert state.finished == [0, 1] and state.is_terminal()


# ------------------------------------------------------------------------------------------------
# The return of the pencils


def test_the_last_pencil_returns_them_all():
    """Rulebook: "When a player grabs the last pencil ... they will need to fill in one shape
    with that color. After they have done so, all pencils including the one just used are
    returned to the middle." """
    state = new(players=2)
    for n in (5, 4, 3, 2, 1):
        assert len(state.pencils()) == n
        state.play(state.legal_moves()[0])
    assert state.pencils() == list(COLORS)
    assert all(m.mask.bit_count() == 5 for m in state.legal_moves())


# ------------------------------------------------------------------------------------------------
# Finishing, passing, the end


def pass_position():
    """Shape 3 touches red, blue, green and yellow: only purple can go there. Player 1 fills
    the free strip; player 2 takes purple; player 1 can color nothing."""
    data = grid_sheet(
        ["# + #", "h . d", "# c #", "# # # # #", "s . . . ."],
        colors={1: "red", 2: "blue", 4: "green", 5: "yellow"},
    )
    state = new(data)
    state.play("take red 6 7 8 9 10")
    state.play("take purple 6 7 8 9")
    return state


def test_a_player_who_can_color_nothing_fills_circles_instead_of_passing():
    """RULES.md, rule 5: "A player who can color nothing and has no circles left passes."
    Player 1 can color nothing (shape 3 takes only purple, which player 2 holds) but has ten
    circles: no pass; every pencil in the middle is taken for circles (rule 3: "fill the rest
    in circles")."""
    state = pass_position()
    assert state.current_player == 0 and not state.can_color(0)
    assert texts(state) == {"take blue +3", "take green +3", "take yellow +3"}
    illegal(
        state,
        "pass",
        "can color nothing, but 10 circles are left",
        "only a player with no circles left passes",
    )
    state.play("take blue +3")
    assert state.circles_used[0] == 3 and state.pencils() == ["green", "yellow"]
    assert state.current_player == 1
    illegal(state, "pass", "player 2 can still color a shape")


def test_solo_plays_on_with_circles_when_nothing_can_be_colored():
    """RULES.md, rule 9: the solo game ends "when every section value and star is scored or
    crossed off, or the player has finished, and only then": not when the player can color
    nothing. Shape 3 can only
    be purple, and the purple pencil stays out after its turn; the player fills circles."""
    data = grid_sheet(
        ["# + #", "h . d", "# c #", "# # # # #", "s . . . ."],
        colors={1: "red", 2: "blue", 4: "green", 5: "yellow"},
    )
    state = new(data, players=1)
    state.play("take purple 6 7 8 9 10")
    assert not state.is_terminal() and not state.can_color(0)
    assert texts(state) == {"take red +4", "take blue +4", "take green +4", "take yellow +4"}
    illegal(state, "pass", "only a player with no circles left passes")
    state.play("take red +4")
    assert not state.is_terminal() and state.circles_used[0] == 4


def test_the_game_ends_when_everyone_has_finished():
    """RULES.md, rule 5: "The game ends when every player has finished", and a player "whose
    circles are all filled has finished": random games end exactly when every player has
    finished."""
    rng = random.Random(5)
    for players in (1, 2, 3):
        state = new(players=players)
        while not state.is_terminal():
            assert "pass" not in texts(state)
            state.play(rng.choice(state.legal_moves()))
        if players > 1:
            assert sorted(state.finished) == list(range(players))
        else:
            assert state.finished or state._solo_over()


def test_a_full_window_finishes_and_is_skipped():
    """Rulebook: "Once you have either filled in your whole window, or all your circles, you
    have finished the game." A finished player takes no more turns."""
    state = new(STRIP)
    state.play("take red 1 2 3 4 5")
    assert state.finished == [0]
    state.play("take blue 1 2 3 4")
    assert state.current_player == 1  # player 1 is skipped
    assert "finishes the window" in str(state.explain("take green 5 +2"))
    state.play("take green 5 +2")
    assert state.finished == [0, 1] and state.is_terminal()


# ------------------------------------------------------------------------------------------------
# Sections and stars


def test_the_race_for_a_section():
    """Rulebook: "for being the first to complete ♥ 's they score 5 ... The same is true for
    the lower value. Second person to fill in that symbol gains the lower value. Third and
    fourth place get no points." """
    state = new(STRIP, players=3)
    words = str(state.explain("take red 1 2 3 4 5"))
    assert "completes the heart section: +5 (high value)" in words
    assert "completes the cross section: +15" in words
    state.play("take red 1 2 3 4 5")  # player 1: every high value
    assert "completes the heart section: +3 (low value)" in state.explain("take blue 1 2 3 4").words
    state.play("take blue 1 2 3 4")  # player 2: low values of +, heart, diamond, club
    assert "completes the heart section, but both its values are gone" in str(
        state.explain("take green 1 2 3")
    )
    state.play("take green 1 2 3")  # player 3: third, nothing
    assert "completes the spade section: +7 (low value)" in state.explain("take yellow 5 +1").words
    state.play("take yellow 5 +1")  # player 2 completes the spades
    state.play("take purple 4")  # player 3; the pencils return
    assert state.pencils() == list(COLORS)
    state.play("take red 5 +4")  # player 3 completes the spades: nothing
    high = sum(v[0] for v in SECTION_VALUES.values())
    low = sum(v[1] for v in SECTION_VALUES.values())
    assert state.scores() == [high + 10, low + 9, 0 + 6]
    assert state.is_terminal() and state.returns() == [1.0, 0.0, 0.0]


def test_a_star_with_five_colors_around_scores_four():
    """Rulebook: "they count the number of colors surrounding it ... The most points you may
    score per star is 4." Four pre-coloured trapezoids and a purple fifth: five colors, 4."""
    state = new(pentagon_ring())
    assert state.sheet.stars[0].neighbours == (1, 2, 3, 4, 5)
    assert "surrounds star 1: +4" in str(state.explain("take purple 5 +4"))
    state.play("take purple 5 +4")
    assert state.stars[0] == [4]
    assert state.scores()[0] == 4 + 6


def test_a_star_not_fully_surrounded_scores_nothing():
    """Rulebook: "Stars that are not fully surrounded do not score any points"; a surrounded
    star scores its number of colors."""
    state = new(
        grid_sheet(
            [". . #", ". . #", "# # #", "+ # h # d # c # s"],
            stars=[(1, 1)],
            colors={1: "red", 2: "blue", 3: "green"},
        ),
        players=1,
    )
    assert state.sheet.stars[0].neighbours == (1, 2, 3, 4)
    assert state.stars[0] == [OPEN] and state.star_points(0) == 0  # shape 4 still uncolored
    state.play("take yellow 4 +4")
    assert state.stars[0] == [4] and state.star_points(0) == 4


def test_the_top_star_counts_its_purple_neighbour():
    """Rulebook: "the star at the top of the sheet already has purple next to it. Players only
    need fill in 3 more colors to score the full amount of points"."""
    state = new(players=1)
    star = state.sheet.stars[0]
    assert [n for n in star.neighbours if state.color_of(0, n) is None] == [53, 54, 61]
    state.play("take red 61 60 50 49 48")
    state.play("take blue 53 22 10 2")
    assert state.stars[0][0] == OPEN
    assert "surrounds star 1: +4" in str(state.explain("take green 54 39 40"))
    state.play("take green 54 39 40")
    assert state.stars[0][0] == 4 and state.star_points(0) == 4


def test_score_and_tie_to_the_first_to_finish():
    """Rulebook: "Players gain points for the symbols ..., the stars, and 1 point for every
    circle not used. Player with the most points wins. Tie goes to the player to first finish
    their window." (Position built by hand: equal scores, player 2 finished first.)"""
    state = new(STRIP, players=3)
    state.play("take red 1 2 3 4 5")
    state.play("take blue 1 2 3 4")
    state.play("take green 1 2 3")
    state.play("take yellow 5 +1")
    state.play("take purple 4")
    state.play("take red 5 +4")
    assert state.is_terminal()
    # hand-made: player 1 took the cross (15), player 2 diamond and spade (18) and used 3 circles
    state.high = [0, OPEN, 1, OPEN, 1]
    state.low = [OPEN] * 5
    state.circles_used = [0, 3, 4]
    assert state.scores() == [25, 25, 6]
    assert state.finished.index(0) < state.finished.index(1)
    assert state.returns() == [1.0, 0.0, 0.0]
    state.finished = [1, 0, 2]
    assert state.returns() == [0.0, 1.0, 0.0]
    state.finished = [2]  # tied players never finished: they share (referee's ruling 9)
    assert state.returns() == [0.5, 0.5, 0.0]


# ------------------------------------------------------------------------------------------------
# Solo


def test_solo_last_pencil_is_not_returned_and_a_value_is_crossed_off():
    """Rulebook (solo): "when you return pencils, you do not return the last pencil used ...
    every time you must return the pencils to the center of the table, you must remove one of
    your scoring opportunities ... cross off the higher value of any of the 5 symbols"."""
    state = new(players=1)
    for move in (
        "take red 39 40 41 42 43",
        "take blue 44 45 46 47",
        "take green 48 49 50",
        "take yellow 51 52",
    ):
        state.play(move)
        assert not state.crossing
    state.play("take purple 60")
    last = "purple"
    assert state.crossing and state.current_player == 0
    assert last not in state.pencils() and len(state.pencils()) == 4
    assert texts(state) == {f"cross {s}" for s in SECTIONS}
    illegal(state, "cross star 1", "only once no section value is left")
    illegal(state, f"take {state.pencils()[0]} 60", "first cross off one scoring opportunity")
    assert "You cross off the heart's high value (5)" in str(state.explain("cross heart"))
    state.play("cross heart")
    assert state.high[SECTIONS.index("heart")] == CROSSED
    assert all(m.mask.bit_count() == 4 for m in state.legal_moves())
    illegal(state, f"take {last} 1 2 3 4", "was the last one used")


def test_solo_cross_order_then_stars():
    """Rulebook (solo): "cross off the higher value of any of the 5 symbols ... that is not in
    any way marked yet ... it is possible to cross off both values ... Once all values have
    been crossed out, or scored, you must now cross out stars instead." (Referee's ruling 6.)"""
    state = new(players=1)
    state.crossing = True
    state.high = [CROSSED, CROSSED, 0, CROSSED, CROSSED]  # diamond was scored
    state.low = [OPEN, OPEN, 0, CROSSED, OPEN]
    assert texts(state) == {"cross cross", "cross heart", "cross spade"}
    illegal(state, "cross club", "both club values are already crossed off or scored")
    assert "low value (3)" in str(state.explain("cross heart"))
    state.high = [CROSSED, OPEN, 0, CROSSED, CROSSED]
    state._legal_cache = None
    assert texts(state) == {"cross heart"}
    illegal(state, "cross spade", "not marked in any way yet")
    state.low = [CROSSED, CROSSED, 0, CROSSED, CROSSED]
    state.high = [CROSSED, CROSSED, 0, CROSSED, CROSSED]
    state._legal_cache = None
    assert texts(state) == {f"cross star {k}" for k in range(1, 6)}


def test_solo_both_values_when_both_open():
    """Rulebook (solo): "If you cover up all of a symbol ... and both values are still
    available, you score both of them. If one or both of the values has been crossed off you
    may not score that value(s)." """
    state = new(STRIP, players=1)
    state.high[SECTIONS.index("heart")] = CROSSED  # hand-made: crossed off at a return
    words = str(state.explain("take red 1 2 3 4 5"))
    assert "completes the cross section: +25 (high and low value)" in words
    assert "completes the heart section: +3 (low value)" in words
    state.play("take red 1 2 3 4 5")
    both = sum(h + lo for h, lo in SECTION_VALUES.values())
    assert state.scores() == [both - 5 + 10]
    assert state.is_terminal()  # the window is full


def test_solo_crossed_off_star_scores_nothing():
    """Referee's ruling 7: "A crossed-off star scores nothing even if later surrounded." """
    state = new(
        grid_sheet(
            [". . #", ". . #", "# # #", "+ # h # d # c # s"],
            stars=[(1, 1)],
            colors={1: "red", 2: "blue", 3: "green"},
        ),
        players=1,
    )
    state.stars[0][0] = CROSSED  # hand-made: crossed off at an earlier return
    state.play("take yellow 4 +4")
    assert state.stars[0] == [CROSSED] and state.star_points(0) == 0


def test_solo_ends_when_everything_is_marked_and_is_rated():
    """RULES.md, rule 9: "The game ends when every section value and star is scored or crossed
    off, or the player has finished", and "The score is rated on the rulebook's table"."""
    state = new(players=1)
    state.crossing = True
    state.high = [CROSSED] * 5
    state.low = [CROSSED] * 5
    state.stars[0] = [CROSSED, CROSSED, CROSSED, CROSSED, OPEN]
    state.play("cross star 5")
    assert state.is_terminal()
    assert state.scores() == [10] and state.returns() == [0.0]
    assert state.rating() == "Not yet fit for the cathedral"
    strip = new(STRIP, players=1)
    strip.play("take red 1 2 3 4 5")
    assert strip.scores() == [87] and strip.rating() == "Glazier to the king"
    assert strip.returns() == [1.0]
    assert [name for _, name in cg.RATINGS][1:] == [
        "Apprentice glazier",
        "Journeyman glazier",
        "Master glazier",
        "Cathedral glazier",
        "Glazier to the king",
    ]


def test_crossing_is_solo_only():
    """RULES.md, rule 9: crossing off is part of the solo game only."""
    state = new(players=2)
    illegal(state, "cross heart", "crossing off is a solo rule")


# ------------------------------------------------------------------------------------------------
# For bots and views


def test_evaluate_is_an_estimate_in_0_1_and_exact_at_the_end():
    """evaluate() estimates returns() per player, each in 0..1, and is exact at the end."""
    for players in (1, 4):
        state = new(players=players, seed=3)
        rng = random.Random(3)
        while not state.is_terminal():
            values = state.evaluate()
            assert len(values) == players and all(0 <= v <= 1 for v in values)
            state.play(rng.choice(state.legal_moves()))
        assert state.evaluate() == state.returns()


def test_text_board_shows_sheets_sections_and_pencils():
    state = new(players=2)
    state.play("take red 1 2 3 4 5")
    text = str(state)
    assert "Player 1" in text and "1R" in text and "38P" in text
    assert "Pencils in the middle: blue, green, yellow, purple" in text


def test_the_refusals_agree_with_the_legal_moves():
    """Every coloring the rules allow is listed, and every other one is refused with a reason:
    all sets of up to five shapes, any pencil, any circles, in every position of random games
    on a small sheet."""
    data = grid_sheet([". . + .", "h . . d", "c . s ."], stars=[(1, 1)], circles=4)
    for players, seed in ((1, 1), (2, 2), (3, 3)):
        state = new(data, players=players, seed=seed)
        sheet = state.sheet
        candidates = [
            cg.Coloring(c, m, k)
            for c in range(5)
            for size in range(0, 6)
            for m in (sheet.group_masks[size] if size else [0])
            for k in range(0, 6 - size)
            if size or k
        ]
        candidates += [cg.Coloring(0, 0b101, 0), cg.Coloring(1, 0b1001, 1)]  # not connected
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = set(state.legal_moves())
            if not state.crossing:
                for move in candidates:
                    assert (state._illegal_reason(move) is None) == (move in legal), str(move)
            state.play(rng.choice(sorted(legal, key=str)))


def test_docstring_examples_run():
    """The examples in the module docstrings are true."""
    import doctest

    from stainedglass.coloring import game, sheet

    for module in (game, sheet):
        assert doctest.testmod(module).failed == 0


def test_sheets_of_more_than_64_shapes():
    """A custom sheet may have more shapes than a 64-bit word: the same legal moves, by Python
    integers, and a game to the end."""
    rows = [" ".join("+hdcs."[(r * 9 + c) % 6] for c in range(9)) for r in range(8)]
    state = new(grid_sheet(rows, colors={70: "red"}), players=2, seed=5)
    sheet = state.sheet
    assert sheet.n == 72 and sheet.words == 2
    allowed = state.allowed(0, 0)
    assert allowed >> 64 and not allowed >> 69 & 1  # shape 70 and its neighbours are out
    expected = {m for m in sheet.group_masks[5] if not m & ~allowed}
    assert {m.mask for m in state.legal_moves() if m.color == 0} == expected
    state.play(sorted(state.legal_moves(), key=lambda m: -m.mask)[0])  # uses shapes above 64
    rng = random.Random(5)
    while not state.is_terminal():
        state.play(rng.choice(state.legal_moves()))
    assert sum(state.returns()) == 1


def test_bad_sheet_files_say_where(tmp_path):
    """api.md: "`sheet=...` option: a custom sheet (data file or mapping), validated with clear
    errors" -- a missing file, a file that is not JSON, a value that is not a sheet."""
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    for source, words in [
        (str(tmp_path / "missing.json"), "cannot read"),
        (str(bad), "is not JSON"),
        (42, "a sheet file name or a mapping"),
    ]:
        with pytest.raises(ValueError, match=words):
            sg.load("coloring", sheet=source)


# ------------------------------------------------------------------------------------------------
# The search bots on built positions


def _result(state, player, memo):
    """``player``'s result (``returns()``) when both play their best to the end: every line
    tried (memoised by position)."""
    if state.is_terminal():
        return state.returns()[player]
    key = state._position()
    if key not in memo:
        mine = state.current_player == player
        best = None
        for move in state.legal_moves():
            state.play(move)
            value = _result(state, player, memo)
            state.undo()
            best = value if best is None else max(best, value) if mine else min(best, value)
            if best == (1.0 if mine else 0.0):
                break
        memo[key] = best
    return memo[key]


# Cross 1 2 3 6, hearts 7 8, diamonds 11 12, clubs 14 15, spades 5 9 10; 4 red, 13 and 16 green.
RACE = grid_sheet(
    ["+ + + . s", "+ h h s s", "d d . c c", "# # # # ."],
    colors={4: "red", 13: "green", 16: "green"},
)


def race_position():
    """Player 1 has taken the cross (15) and the clubs (9), player 2 nothing yet; green and
    purple are left: player 2 colors two shapes, then player 1 one."""
    state = new(RACE)
    for move in ("take blue 1 2 3 6 7", "take red 1 6 7 12", "take yellow 10 14 15"):
        state.play(move)
    return state


def test_mcts_takes_the_pencil_the_next_player_needs():
    """Rulebook: "the next player chooses from the pencils remaining in the middle of the
    table" and "for being the first to complete ♥ 's they score 5". Player 2 completes the
    cross second (+10) with shapes 2 and 3, in green or in purple alike. Player 1 needs only
    shape 8 for the hearts, and shape 8 touches the pre-coloured green 13 ("a player may never
    connect two groupings of the same color"): left the purple pencil, player 1 completes the
    hearts first with it; left the green one, player 1 cannot. Taking purple is the only move
    that wins (every line searched); one ply deep the two look the same."""
    state = race_position()
    assert state.current_player == 1 and state.pencils() == ["green", "purple"]
    after = []
    for move in ("take green 2 3", "take purple 2 3"):
        assert "completes the cross section: +10 (low value)" in state.explain(move).words
        state.play(move)
        after.append((state.scores(), state.evaluate()))
        if move == "take green 2 3":
            assert (
                "completes the heart section: +5 (high value)"
                in state.explain("take purple 8").words
            )
        else:
            illegal(state, "take green 8", "shape 8 touches shape 13, already green")
        state.undo()
    assert after[0] == after[1]
    memo = {}
    wins = set()
    for move in state.legal_moves():
        state.play(move)
        if _result(state, 1, memo) == 1.0:
            wins.add(str(move))
        state.undo()
    assert len(state.legal_moves()) == 11 and wins == {"take purple 2 3"}
    assert str(sg.ai.bot("mcts", iterations=200, seed=1).choose(state)) == "take purple 2 3"
    hints = sg.ai.suggest(state, top=2, iterations=200, seed=1, budget=None, bot="mcts")
    assert str(hints[0].move) == "take purple 2 3" and hints[0].value > hints[1].value + 0.1
    # the game's hint search, on a counted budget (a clock's depends on the machine's load:
    # a loaded machine searched 7 plies in 2 s, where purple led by less than 0.1)
    hints = sg.ai.suggest(state, top=2, seed=1, budget=None, nodes=20_000)
    assert str(hints[0].move) == "take purple 2 3" and hints[0].value > hints[1].value + 0.1
