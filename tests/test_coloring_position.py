"""Coloring in the Stained Glass: positions set up by hand (``start=``, ``position``,
``validate``), and sheets checked with every failure as data.

Each rule test quotes RULES.md, "Setting up a position" (the referee's rulings for set-up
positions), and builds a position that shows it.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import stainedglass as sg
from stainedglass.coloring.game import CROSSED, OPEN
from stainedglass.coloring.position import problems
from stainedglass.coloring.sheet import DEFAULT_FILE, check_sheet, grid_sheet, load_sheet
from stainedglass.coloring.svg import check_svg

ROUND_ONE = {
    "red": [1, 2, 3, 4, 5],
    "blue": [10, 11, 12, 13],
    "green": [14, 15, 16],
    "yellow": [17, 18],
    "purple": [19],
}
"""One player's full first round (5 + 4 + 3 + 2 + 1 shapes), each group allowed."""


def game(players=2, **options):
    return sg.load("coloring", players=players, **options)


def refused(g, position, *words):
    with pytest.raises(ValueError) as err:
        g.setup(position)
    text = str(err.value)
    assert text.startswith("coloring: option start= "), text
    for word in words:
        assert word in text, text
    return text


# ------------------------------------------------------------------------------------------------
# Round trips


def _random_positions(players, seed, stops):
    g = game(players)
    state = g.new_game(seed=seed)
    rng = random.Random(seed)
    out = []
    while not state.is_terminal():
        if rng.random() < stops:
            out.append(state.clone())
        state.play(rng.choice(state.legal_moves()))
    out.append(state)
    return g, out


@settings(max_examples=20, deadline=None, database=None)
@given(players=st.integers(1, 4), seed=st.integers(0, 10**6))
def test_positions_of_random_games_round_trip(players, seed):
    """Every position a random game reaches (1 to 4 players) is accepted and set up again equal:
    the same position, legal moves and scores."""
    g, states = _random_positions(players, seed, 0.25)
    for state in states:
        position = g.position(state)
        assert json.loads(json.dumps(position)) == position  # plain JSON data
        again = g.setup(position)
        assert again._position() == state._position()
        assert [str(m) for m in again.legal_moves()] == [str(m) for m in state.legal_moves()]
        assert again.scores() == state.scores()
        assert again.is_terminal() == state.is_terminal()


def test_a_set_up_game_survives_its_record():
    """A record keeps the game's options, so a game begun at a set-up position is its record."""
    g = game(3)
    state = g.new_game(seed=3)
    rng = random.Random(3)
    for _ in range(7):
        state.play(rng.choice(state.legal_moves()))
    s = g.setup(g.position(state))
    s.play(rng.choice(s.legal_moves()))
    back = sg.load_record(s.record().to_text()).state()
    assert back._position() == s._position()
    assert back.history == s.history


def test_a_solo_game_round_trips_with_its_crossings_off():
    """Solo: the pencil held back, a crossing off due and the crossings off all come back."""
    g = game(1)
    state = g.new_game(seed=5)
    rng = random.Random(5)
    while not state.crossing:
        state.play(rng.choice(state.legal_moves()))
    due = g.position(state)
    assert due["crossing"] is True and due["held"] is not None
    assert g.setup(due)._position() == state._position()
    state.play(state.legal_moves()[0])
    after = g.position(state)
    assert after["crossing"] is False
    assert "crossed" in [v for pair in after["sections"].values() for v in pair]
    assert g.setup(after)._position() == state._position()


# ------------------------------------------------------------------------------------------------
# Form: a ValueError saying where


@pytest.mark.parametrize(
    "position, words",
    [
        ([1, 2], "must be a mapping"),
        ({"colours": []}, "unknown key 'colours'"),
        ({"sheets": [{}]}, "one sheet per player (2), not 1"),
        ({"sheets": [{"pink": [1]}, {}]}, "'pink' is not a pencil"),
        ({"sheets": [{"red": [62]}, {}]}, "from 1 to 61"),
        ({"sheets": [{"red": [4], "blue": [4]}, {}]}, "shape 4 is listed twice"),
        ({"sheets": [{"red": [38]}, {}]}, "shape 38 is pre-coloured purple"),
        ({"circles": [11, 0]}, "circles: player 1: expected a whole number from 0 to 10"),
        ({"pencils": ["red", "red"]}, "red is listed twice"),
        ({"sections": {"moon": [1, 2]}}, "'moon' is not a section"),
        ({"sections": {"heart": [3, "open"]}}, "a player from 1 to 2"),
        ({"to_move": 0}, "to_move: expected a whole number from 1 to 2"),
        ({"crossed_stars": [9]}, "crossed_stars: a star"),
    ],
)
def test_a_position_of_the_wrong_form_says_where(position, words):
    """Every bad input is a ValueError saying where, at once."""
    refused(game(), position, words)


# ------------------------------------------------------------------------------------------------
# The referee's rulings for set-up positions


def test_each_piece_of_one_color_is_one_turns_group():
    """RULES.md, setting up 1: "Each connected piece of one color on a sheet is one turn's
    group: at most 5 shapes, never touching a pre-coloured shape of its color." """
    g = game()
    ok = {"sheets": [ROUND_ONE, {}]}
    g.setup(ok)
    six = {"sheets": [{**ROUND_ONE, "red": [1, 2, 3, 4, 5, 6], "purple": []}, {}]}
    refused(g, six, "red shapes 1, 2, 3, 4, 5 and 6 touch each other", "at most 5 connected shapes")
    by_38 = {"sheets": [{**ROUND_ONE, "purple": [39]}, {}]}
    refused(g, by_38, "shape 39 touches shape 38, pre-coloured purple")


def test_stars_score_from_the_shapes_around_them():
    """RULES.md, setting up 1: "A star's points follow from the shapes around it"."""
    g = game()
    around = list(g.new_game().sheet.stars[1].neighbours)  # star 2: four shapes, none coloured
    colors = ["red", "blue", "green", "yellow"]
    sheet = {c: [n] for c, n in zip(colors, around)}
    # four turns of player 1, one shape each (red, blue, green, yellow), the rest in circles:
    # 5 + 4 + 3 + 2 = 4 shapes and 10 circles; then player 1 has finished
    state = g.setup(
        {
            "sheets": [sheet, {}],
            "pencils": ["purple"],
            "circles": [10, 0],
            "finished": [1],
            "to_move": 2,
        }
    )
    assert state.stars[0][1] == 4
    assert state.stars[1][1] == OPEN
    assert g.position(state)["sheets"][0] == sheet


def test_the_colored_shapes_must_add_up_to_the_pencils_taken():
    """RULES.md, setting up 2: "all the players' colored shapes and filled circles together must
    make whole rounds (15 each; solo, 15 then 10 a round with a pencil held back) plus the
    pencils taken so far this round"."""
    g = game()
    g.setup(
        {
            "sheets": [{"red": [1, 2, 3, 4, 5]}, {"blue": [2, 3, 4, 5]}],
            "pencils": ["green", "yellow", "purple"],
        }
    )
    refused(
        g,
        {"sheets": [{"red": [1, 2, 3]}, {}]},
        "the sheets hold 3 colored shapes and filled circles",
        "with 5 pencils in the middle they would hold 0 or 15",
    )
    # circles count as shapes do
    g.setup(
        {
            "sheets": [{"red": [1, 2, 3]}, {}],
            "circles": [2, 0],
            "pencils": ["blue", "green", "yellow", "purple"],
        }
    )
    solo = game(1)
    solo.setup(
        {
            "sheets": [ROUND_ONE],
            "pencils": ["red", "blue", "green", "yellow"],
            "held": "purple",
            "sections": {"heart": ["crossed", "open"]},
        }
    )
    refused(solo, {"sheets": [ROUND_ONE]}, "and none held back they would hold 0")


def test_a_player_whose_circles_ran_out_may_have_filled_fewer():
    """RULES.md, setting up 2: "(fewer by up to 4 for each player whose circles have run out)"
    (referee's ruling 1: the player fills all that remain)."""
    g = game()
    # round one: 5 + 4 + 3 + 2 + 1 (player 2 filled 4 and 2 circles); round two's first turn:
    # player 2, 4 circles left, takes a pencil that colors nothing and fills those 4, not 5
    position = {
        "sheets": [{"red": [1, 2, 3, 4, 5], "green": [10, 11, 12], "purple": [20]}, {}],
        "circles": [0, 10],
        "pencils": ["red", "blue", "green", "purple"],
        "finished": [2],
        "to_move": 1,
    }
    state = g.setup(position)
    assert state.finished == [1] and state.current_player == 0
    refused(
        g,
        {**position, "circles": [0, 9], "finished": []},
        "the sheets hold 18 colored shapes and filled circles",
        "with 4 pencils in the middle they would hold 5 or 20",
    )


def test_the_finished_are_those_with_a_full_window_or_no_circles():
    """RULES.md, setting up 3: "The players listed as finished are exactly those whose window is
    full or whose circles are all filled, in the order they finished ... a finished player never
    has the turn." """
    g = game()
    base = {
        "sheets": [{}, {"red": [1, 2, 3, 4, 5]}],
        "circles": [10, 0],
        "pencils": ["green", "yellow", "purple"],
        "to_move": 2,
    }
    refused(
        g, {**base, "finished": []}, "player 1's circles are all filled", "that player has finished"
    )
    refused(g, {**base, "finished": [1, 2]}, "player 2 is listed as finished")
    refused(
        g,
        {**base, "finished": [1], "to_move": 1},
        "it is player 1's turn, but player 1 has finished",
    )


def test_the_order_of_finishing_is_kept_and_breaks_ties():
    """RULES.md, setting up 3: "in the order they finished (it breaks ties)"; rule 8: "a tie
    goes to the tied player who finished first"."""
    g = game()
    position = {
        "sheets": [{"red": [1, 2, 3, 4, 5]}, {}],
        "circles": [10, 10],
        "pencils": ["yellow", "purple"],
        "to_move": None,
    }
    first_two = g.setup({**position, "finished": [2, 1]})
    assert first_two.is_terminal() and first_two.finished == [1, 0]
    assert first_two.scores() == [0, 0]
    assert first_two.returns() == [0.0, 1.0]
    assert g.setup({**position, "finished": [1, 2]}).returns() == [1.0, 0.0]


def test_a_section_value_goes_to_a_player_who_completed_it():
    """RULES.md, setting up 4: "A value is taken only by a player who completed the section;
    the high value before the low, by two different players; a player who completed a section
    while one of its values was open took one." """
    g = game()
    hearts = {
        "red": [1, 2, 3, 4, 5],
        "blue": [10, 11, 12, 13],
        "green": [6, 7, 8],
        "yellow": [14, 15],
        "purple": [16],
    }  # 3, 5, 7 and 9: the heart section
    assert g.new_game().sheet.section_mask["heart"] == sum(1 << (n - 1) for n in (3, 5, 7, 9))
    hearts["green"] = [7, 8, 9]
    base = {"sheets": [hearts, {}]}
    assert g.setup({**base, "sections": {"heart": [1, "open"]}}).high[1] == 0
    refused(g, base, "player 1 completed the heart section but took no value")
    refused(
        g,
        {**base, "sections": {"heart": [2, "open"]}},
        "player 2 took the heart's high value without completing",
    )
    refused(
        g,
        {**base, "sections": {"heart": ["open", 1]}},
        "low value is taken while its high value is open",
    )
    refused(g, {**base, "sections": {"heart": [1, 1]}}, "player 1 took both heart values")
    refused(g, {**base, "sections": {"heart": [1, "crossed"]}}, "are solo rules")


def test_solo_a_complete_section_has_no_open_value():
    """RULES.md, setting up 4: "Solo: a complete section has no open value, and an incomplete one
    none scored." """
    g = game(1)
    hearts = {**ROUND_ONE, "green": [7, 8, 9], "yellow": [14, 15], "purple": [16]}
    base = {
        "sheets": [hearts],
        "pencils": ["red", "blue", "green", "yellow"],
        "held": "purple",
        "sections": {"cross": ["crossed", "open"]},
    }
    assert g.setup({**base, "sections": {"cross": ["crossed", "open"], "heart": [1, 1]}})
    refused(
        g,
        {**base, "sections": {"cross": ["crossed", "open"], "heart": [1, "open"]}},
        "the heart section is complete",
    )
    refused(
        g,
        {**base, "sections": {"cross": ["crossed", "open"], "heart": [1, 1], "club": [1, 1]}},
        "a club value is scored but the club section is not complete",
    )


def test_solo_one_crossing_off_at_each_return():
    """RULES.md, setting up 5: "One scoring opportunity is crossed off at each return (a
    crossing off may be due right after the last) ... The pencil held back is not in the middle,
    and none is held back before the first return." """
    g = game(1)
    after_one = {
        "sheets": [ROUND_ONE],
        "pencils": ["red", "blue", "green", "yellow"],
        "held": "purple",
    }
    due = g.setup({**after_one, "crossing": True})
    assert due.crossing and due.cross_targets() == list(sg.coloring.SECTIONS)
    refused(g, after_one, "0 scoring opportunities are crossed off after 1 return")
    refused(
        g,
        {**after_one, "sections": {"heart": ["crossed", "open"], "club": ["crossed", "open"]}},
        "2 scoring opportunities are crossed off after 1 return",
    )
    refused(
        g,
        {
            **after_one,
            "pencils": ["purple", "blue", "green", "yellow"],
            "sections": {"heart": ["crossed", "open"]},
        },
        "the purple pencil is held back and in the middle at once",
    )


def test_solo_crossing_off_goes_high_values_then_low_values_then_stars():
    """RULES.md, setting up 5: "a low value only after its high value and once every section is
    marked; a star only once no section value is open" (referee's ruling 6)."""
    g = game(1)
    after_one = {
        "sheets": [ROUND_ONE],
        "pencils": ["red", "blue", "green", "yellow"],
        "held": "purple",
    }
    refused(
        g,
        {**after_one, "sections": {"heart": ["open", "crossed"]}},
        "low value is crossed off but not its high value",
    )
    refused(
        g,
        {**after_one, "crossed_stars": [2]},
        "a star is crossed off while a section value is open",
    )


def test_a_crossing_off_is_due_only_right_after_a_return():
    """RULES.md, setting up 5 and rule 9: "At every return the player crosses off a scoring
    opportunity"; a crossing off is due only then."""
    g = game(1)
    refused(
        g,
        {
            "sheets": [{"red": [1, 2, 3, 4, 5]}],
            "crossing": True,
            "pencils": ["blue", "green", "yellow", "purple"],
        },
        "a crossing off is due only when the pencils have just returned",
    )


def test_a_refused_position_can_still_be_drawn():
    """``setup(check=False)`` skips validate (the editor draws what it is about to refuse)."""
    g = game()
    state = g.setup({"sheets": [{"red": [1, 2, 3]}, {}]}, check=False)
    assert state.color_of(0, 2) == "red"
    assert problems(state)  # and the engine says why it is refused
    assert "shape 2: red" in state.svg()


# ------------------------------------------------------------------------------------------------
# Sheets: every failure as data, drawn on the sheet


def test_check_sheet_lists_every_failure_with_its_shapes():
    """Each failure is (message, shapes, stars); load_sheet still raises the first."""
    data = grid_sheet(
        ["+ h d c .", ". . . . ."],
        stars=[(1, 2)],
        colors={1: "red", 2: "red", 7: "blue", 8: "blue"},
    )
    check = check_sheet(data)
    found = [(p.message.split(":")[0].split(";")[0], p.shapes, p.stars) for p in check.problems]
    assert ("the spade section has no shape", (), ()) in found
    assert ("shapes 1 and 2 are both pre-coloured red and touch", (1, 2), ()) in found
    assert ("shapes 7 and 8 are both pre-coloured blue and touch", (7, 8), ()) in found
    assert not check.ok and check.sheet is None
    with pytest.raises(ValueError, match="spade section has no shape"):
        load_sheet(data)


def test_check_sheet_names_overlapping_shapes_and_thin_stars():
    data = json.loads(DEFAULT_FILE.read_text())
    data["shapes"][20]["polygon"] = [[x + 15, y + 10] for x, y in data["shapes"][20]["polygon"]]
    data["stars"][2] = [[x + 40, y] for x, y in data["stars"][2]]
    check = check_sheet(data)
    named = {(p.shapes, p.stars) for p in check.problems}
    assert ((2, 21), ()) in named
    assert ((), (3,)) in named  # star 3 moved off the rim: bordered by no shape
    svg = check_svg(check)
    for problem in check.problems:
        for n in problem.shapes:
            assert f'data-fault="shape:{n}"' in svg
        for k in problem.stars:
            assert f'data-fault="star:{k}"' in svg


def test_check_sheet_of_a_file_of_the_wrong_form_says_why_and_draws_nothing():
    check = check_sheet(b"{not json")
    assert len(check.problems) == 1 and "is not JSON" in check.problems[0].message
    assert check_svg(check) == ""
    check = check_sheet({"shapes": [{"polygon": [[0, 0], [1, 0]], "symbol": "cross"}]})
    assert "shape 1: a polygon" in check.problems[0].message


def test_the_default_sheet_passes():
    check = check_sheet(DEFAULT_FILE.read_bytes())
    assert check.ok and check.sheet is load_sheet()
    assert 'class="fault"' not in check_svg(check)


def test_a_game_on_a_custom_sheet_takes_start_positions():
    """A start position is checked against the game's own sheet."""
    data = grid_sheet(["+ h d c s", ". . . . ."], stars=[(1, 2)])
    g = sg.load("coloring", players=2, sheet=data)
    state = g.setup(
        {
            "sheets": [{"red": [1, 2, 3, 4, 5]}, {}],
            "pencils": ["blue", "green", "yellow", "purple"],
            "to_move": 2,
            "sections": {name: [1, "open"] for name in sg.coloring.SECTIONS},
        }
    )
    assert state.high == [0, 0, 0, 0, 0]  # the strip of five sections, all completed at once
    assert g.setup(g.position(state))._position() == state._position()
    refused(sg.load("coloring", sheet=data), {"sheets": [{"red": [11]}, {}]}, "from 1 to 10")
    assert state.stars[0] == [OPEN] and CROSSED not in state.high
