"""Cathedral, rule by rule. Each test quotes the published rulebook or the game's rules page
(``stainedglass/cathedral/RULES.md``) and builds a position that shows it.

Positions are given with the ``start=`` option (buildings already standing, no claims computed).
"""

from __future__ import annotations

import random
from collections import deque

import pytest

import stainedglass as sg
from stainedglass.cathedral.game import CathedralState
from stainedglass.cathedral.pieces import (
    ALL_PIECES,
    CATHEDRAL,
    CATHEDRAL_MOVES,
    COUNTS,
    DARK,
    LIGHT,
    NEUTRAL,
    PIECES,
    SIDES,
    SIZES,
    cells_of,
    rotations,
    shape_of,
)

CATH = "e4 d5 e5 f5 e6 e7"  # the Cathedral in the middle of the city


def pos(**start) -> CathedralState:
    start.setdefault("cathedral", CATH)
    state = sg.load("cathedral", start=start).new_game(seed=0)
    assert isinstance(state, CathedralState)
    return state


def owner(state: CathedralState, cell: str) -> str:
    col, row = "abcdefghij".index(cell[0]), int(cell[1:]) - 1
    return state.owner_at(col, row)


# ---- the pieces -------------------------------------------------------------------------------


def test_piece_set():
    """RULES.md: "Each side has 14 buildings, 47 squares" and "The neutral Cathedral has 6
    squares": 100 squares in all, the whole city."""
    assert sum(COUNTS) == 14
    assert sum(n * s for n, s in zip(COUNTS, SIZES)) == 47
    assert 2 * 47 + SIZES[CATHEDRAL] == 100
    state = sg.load("cathedral").new_game()
    assert state.scores() == [47, 47]


def test_abbey_and_academy_are_mirrored_for_light():
    """RULES.md: "Light's abbey and academy are the mirror images of Dark's." """
    for name in ("abbey", "academy"):
        k = PIECES.index(name)
        light, dark = shape_of(LIGHT, k), shape_of(DARK, k)
        assert light != dark
        assert light not in rotations(dark), "a mirror image is not a rotation"
        assert {x for x, _ in light} == {x for x, _ in dark}
    for name in ("castle", "tower", "inn"):
        k = PIECES.index(name)
        assert shape_of(LIGHT, k) == shape_of(DARK, k)


def test_placements_on_an_empty_board():
    """Facts to hold: 2141 placements per side on an empty board, 224 for the Cathedral."""
    assert len(SIDES[LIGHT].moves) == 2141
    assert len(SIDES[DARK].moves) == 2141
    assert len(CATHEDRAL_MOVES) == 224
    state = sg.load("cathedral").new_game()
    assert len(state.legal_moves()) == 224
    state.play(CATHEDRAL_MOVES[0])
    # Dark's first move: every placement off the Cathedral
    free = [m for m in SIDES[DARK].moves if not m.mask & CATHEDRAL_MOVES[0].mask]
    assert set(state.legal_moves()) == set(free)


# ---- placing and rotating ---------------------------------------------------------------------


def test_rotation_is_allowed():
    """RULES.md: "Buildings may be rotated, never flipped." The castle turned a quarter is a
    castle."""
    state = pos(light=["tavern a1"], dark=["tavern j1"], to_move="light")
    state.play("castle a8 b8 b9 a10 b10")  # the castle's U opening to the left
    assert owner(state, "a8") == "light"


def test_flipping_is_refused():
    """RULES.md: "Buildings may be rotated, never flipped." Light's abbey in Dark's shape is
    refused."""
    state = pos(light=["tavern a1"], dark=["tavern j1"], to_move="light")
    with pytest.raises(sg.IllegalMove, match="never flipped"):
        state.play("abbey a8 b8 b9 c9")  # Dark's abbey; Light's is its mirror image
    state.play("abbey b8 c8 a9 b9")
    assert owner(state, "a9") == "light"


def test_cells_must_form_the_piece():
    """API: "Cells that do not form that piece (in some rotation, unflipped) are an IllegalMove
    saying so." """
    state = pos(light=["tavern a1"], dark=["tavern j1"], to_move="light")
    with pytest.raises(sg.IllegalMove, match="do not form a castle"):
        state.parse_move("castle a8 b8 c8 d8 e8")
    with pytest.raises(sg.IllegalMove, match="covers 5 cells"):
        state.parse_move("castle a8 b8")
    with pytest.raises(sg.IllegalMove, match="not a building"):
        state.parse_move("palace a8")
    with pytest.raises(sg.IllegalMove, match="twice"):
        state.parse_move("stable a8 a8")


def test_cells_in_any_order():
    """API: "places a building on exactly those cells, each named once, in any order"."""
    state = pos(light=["tavern a1"], dark=["tavern j1"], to_move="light")
    assert state.parse_move("castle e4 c3 d3 e3 c4") == state.parse_move("castle c3 d3 e3 c4 e4")


def test_no_placement_on_occupied_squares():
    """RULES.md, rule 5: "No building on an occupied square"."""
    state = pos(light=["tavern a1"], dark=["stable b1 c1"], to_move="light")
    before = state.to_json(), state._position()
    with pytest.raises(sg.IllegalMove, match="c1 is already covered"):
        state.play("stable c1 d1")
    with pytest.raises(sg.IllegalMove, match="already covered"):
        state.play("tavern e5")  # the Cathedral
    assert (state.to_json(), state._position()) == before


def test_supply_is_limited():
    """RULES.md: "Each side has 14 buildings, 47 squares: 2 taverns (1 square)": a third
    tavern is refused."""
    state = pos(light=["tavern a1", "tavern a3"], dark=["tavern j1"], to_move="light")
    with pytest.raises(sg.IllegalMove, match="no tavern left"):
        state.play("tavern a5")


# ---- turn order and the first round -------------------------------------------------------------


def test_light_places_the_cathedral_first():
    """RULES.md, rule 1: "Light places the Cathedral anywhere. Then Dark places a building, then
    Light, alternating"."""
    state = sg.load("cathedral").new_game(seed=3)
    assert state.current_player == LIGHT
    assert all(m.piece == CATHEDRAL for m in state.legal_moves())
    with pytest.raises(sg.IllegalMove, match="Cathedral is placed first"):
        state.play("tavern a1")
    state.play(f"cathedral {CATH}")
    assert state.current_player == DARK
    state.play("tavern a1")
    assert state.current_player == LIGHT
    state.play("tavern j10")
    assert state.current_player == DARK
    with pytest.raises(sg.IllegalMove, match="already on the board"):
        state.play("cathedral b1 a2 b2 c2 b3 b4")


def test_the_first_round_claims_nothing():
    """Rulebook: "Neither you nor your opponent may claim space on your first move."
    RULES.md, rule 2: "The first round claims nothing", and the referee's ruling: "What the first
    round walled off is claimed by that side's next building"."""
    state = sg.load("cathedral").new_game()
    state.play(f"cathedral {CATH}")
    state.play("inn b1 a2 b2")  # Dark walls off a1 with the edge: the first move claims nothing
    assert owner(state, "a1") == "free"
    state.play("inn i1 j2 i2")  # Light does the same in the other corner
    assert owner(state, "j1") == "free"
    state.play("tavern a10")  # Dark's next move claims the enclosure left in the first round
    assert owner(state, "a1") == "dark-territory"
    assert owner(state, "j1") == "free"
    state.play("tavern j10")
    assert owner(state, "j1") == "light-territory"


# ---- territory ----------------------------------------------------------------------------------


def test_the_edge_closes_like_a_wall():
    """RULES.md, rule 3: "the edge of the city closes like a wall". An inn in the corner
    encloses a1."""
    state = pos(light=["inn b1 a2 b2"], dark=["tavern j10"], to_move="light")
    state.play("tavern h1")
    assert owner(state, "a1") == "light-territory"
    assert state.last_claim == 1  # just a1


def test_a_diagonal_gap_leaks():
    """Rulebook tip: "Corner to corner contacts are not acceptable when creating inner
    wall-to-wall connections" (fig. 6). RULES.md, rule 3: "corner-to-corner contact leaks"."""
    state = pos(light=["tavern a2", "tavern b1"], dark=["tavern j10", "tavern j8"], to_move="light")
    state.play("stable h1 i1")
    assert owner(state, "a1") == "free", "a1 leaks to b2 through the diagonal gap"
    assert state.last_claim == 0


def test_the_cathedral_is_never_a_wall():
    """Rulebook tip: "The Cathedral is neutral and may not be used as part of your wall-to-wall
    connection to claim space." A corner closed only by the Cathedral is not claimed."""
    state = pos(
        cathedral="b1 a2 b2 c2 b3 b4",
        light=["tavern j1"],
        dark=["tavern j10", "tavern h10"],
        to_move="light",
    )
    state.play("stable e1 f1")
    assert owner(state, "a1") == "free"


def test_an_empty_region_is_claimed():
    """RULES.md, rule 3: "Every region holding at most one building that is not P's becomes P's
    territory, all of it", whatever its size."""
    wall = ["bridge e1 e2 e3", "stable e4 e5", "stable e6 e7", "manor e9 d10 e10 f10"]
    state = pos(
        cathedral="g4 f5 g5 h5 g6 g7", light=wall, dark=["tavern j10", "tavern j1"], to_move="light"
    )
    state.play("tavern e8")  # closes the wall from edge to edge
    claimed = [f"{c}{r}" for c in "abcd" for r in range(1, 10)] + ["a10", "b10", "c10"]
    assert all(owner(state, c) == "light-territory" for c in claimed)
    assert bin(state.last_claim).count("1") == 39
    assert (
        "claims 39 squares"
        in sg.load(
            "cathedral",
            start={
                "cathedral": "g4 f5 g5 h5 g6 g7",
                "light": wall,
                "dark": ["tavern j10", "tavern j1"],
                "to_move": "light",
            },
        )
        .new_game()
        .explain("tavern e8")
        .words
    )


def test_one_placement_claims_two_regions():
    """RULES.md, rule 3: "One placement may claim several regions." """
    state = pos(
        light=["bridge b1 b2 b3", "stable a4 b4"], dark=["tavern j10", "tavern j1"], to_move="light"
    )
    state.play("tavern a2")
    assert owner(state, "a1") == "light-territory"
    assert owner(state, "a3") == "light-territory"
    assert bin(state.last_claim).count("1") == 2


def test_a_region_with_one_building_is_claimed_and_the_building_captured():
    """Rulebook: "If you enclose any ONE piece ... you MUST remove it from play IMMEDIATELY ...
    The opponent may replay the removed building as they choose." RULES.md, rule 4."""
    state = pos(light=["tavern j1"], dark=["tavern a1", "tavern j10"], to_move="light")
    assert state.supply[DARK][PIECES.index("tavern")] == 0
    assert "captures Dark's tavern" in str(state.explain("inn b1 a2 b2"))
    state.play("inn b1 a2 b2")
    assert owner(state, "a1") == "light-territory"
    assert state.supply[DARK][PIECES.index("tavern")] == 1, "back to its owner's supply"
    assert [(o, ALL_PIECES[p]) for o, p, _ in state.last_captures] == [(DARK, "tavern")]
    state.play("tavern c5")  # Dark replays the captured tavern
    assert owner(state, "c5") == "dark"


def test_two_buildings_are_safe():
    """Rulebook: "If you enclose TWO or more buildings (fig. 5) ... no buildings are removed from
    play and the space is still available to your opponent." """
    state = pos(
        light=["bridge b1 b2 b3"],
        dark=["tavern a1", "tavern a2", "stable i10 j10"],
        to_move="light",
    )
    state.play("stable a3 a4")
    assert owner(state, "a1") == "dark" and owner(state, "a2") == "dark"
    assert state.last_claim == 0 and state.last_captures == []


def test_the_cathedral_is_captured_and_leaves_the_game():
    """Rulebook: "If you enclose any ONE piece, be it the Cathedral (fig. 4a) ... The Cathedral
    is not replayed for the remainder of the game". RULES.md, rule 4: "the Cathedral leaves the
    game"."""
    wall = ["bridge e1 e2 e3", "stable e4 e5", "stable e6 e7", "manor e9 d10 e10 f10"]
    state = pos(
        cathedral="b1 a2 b2 c2 b3 b4", light=wall, dark=["tavern j10", "tavern j1"], to_move="light"
    )
    state.play("tavern e8")
    assert state.cathedral_state == "captured"
    assert owner(state, "b2") == "light-territory"
    assert state.occ[NEUTRAL] == 0
    assert [ALL_PIECES[p] for _, p, _ in state.last_captures] == ["cathedral"]
    with pytest.raises(sg.IllegalMove, match="captured"):
        state.play("cathedral b1 a2 b2 c2 b3 b4")


def test_the_cathedral_alone_with_an_opponent_building_is_two():
    """Rulebook: "If you enclose TWO or more buildings (fig. 5), one of which may be the
    Cathedral, no buildings are removed"."""
    wall = ["bridge e1 e2 e3", "stable e4 e5", "stable e6 e7", "manor e9 d10 e10 f10"]
    state = pos(
        cathedral="b1 a2 b2 c2 b3 b4",
        light=wall,
        dark=["tavern a10", "tavern j10", "stable i1 j1"],
        to_move="light",
    )
    state.play("tavern e8")
    assert state.cathedral_state == "placed"
    assert owner(state, "a10") == "dark"
    assert state.last_claim == 0


def test_no_building_on_the_opponents_territory():
    """RULES.md, rule 5: "No building on an occupied square or on the opponent's territory;
    building inside one's own territory is allowed." """
    state = pos(light=["inn b1 a2 b2"], dark=["tavern j10"], light_territory="a1", to_move="dark")
    with pytest.raises(sg.IllegalMove, match="Light's territory"):
        state.play("tavern a1")
    state.play("tavern c5")
    state.play("tavern a1")  # Light inside its own territory
    assert owner(state, "a1") == "light"


def test_territory_can_change_hands():
    """RULES.md, rules 3-4: a claimed region becomes P's territory, "all of it": here Dark's
    enclosed corner falls to Light when Light captures the one building walling it."""
    state = pos(
        light=["bridge c1 c2 c3", "stable a4 b4", "tavern j5"],
        dark=["inn b1 a2 b2", "tavern j10"],
        dark_territory="a1",
        to_move="light",
    )
    state.play("tavern b3")  # encloses a1 a2 b1 b2: Dark's inn alone in it, and a1
    assert owner(state, "a1") == "light-territory"
    assert owner(state, "a2") == "light-territory"
    assert [ALL_PIECES[p] for _, p, _ in state.last_captures] == ["inn"]


# ---- skipping, the end, scores ------------------------------------------------------------------


def test_a_player_who_cannot_place_is_skipped():
    """RULES.md, rule 6: "A side with no legal placement is skipped (there is no pass move)."
    A position from a real game: Light's last buildings fit nowhere, so Dark moves again."""
    from test_cathedral_position import SKIPPED

    state = sg.load("cathedral").setup(SKIPPED)
    assert state.skipped == [LIGHT]
    assert state.current_player == DARK, "Light cannot place: Dark plays again"
    assert any(state.supply[LIGHT]), "Light still has buildings, with nowhere to put them"
    with pytest.raises(sg.IllegalMove):
        state.play("pass")


def test_the_game_ends_when_neither_can_place():
    """RULES.md, rule 6: "The game ends when neither side can place." Checked at the end of
    random games."""
    for seed in range(20):
        state = sg.load("cathedral").new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.play(rng.choice(state.legal_moves()))
        for side in (LIGHT, DARK):
            blocked = state.occ[0] | state.occ[1] | state.occ[2] | state.terr[1 - side]
            assert not any(
                state.supply[side][m.piece] and not m.mask & blocked for m in SIDES[side].moves
            ), f"seed {seed}: side {side} could place"


def test_scoring_lower_wins_and_equal_draws():
    """RULES.md, rule 7: "Score: the squares of each side's unplaced buildings. Lower wins;
    equal is a draw." Rulebook: "the player whose buildings take up the least number of squares
    on the board wins"."""
    results = set()
    for seed in range(60):
        state = sg.load("cathedral").new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.play(rng.choice(state.legal_moves()))
        light, dark = state.scores()
        for side, score in ((LIGHT, light), (DARK, dark)):
            assert score == sum(n * SIZES[k] for k, n in enumerate(state.supply[side]))
        expected = [1.0, 0.0] if light < dark else [0.0, 1.0] if dark < light else [0.5, 0.5]
        assert state.returns() == expected
        results.add(tuple(expected))
    assert len(results) >= 2


# ---- the match ----------------------------------------------------------------------------------


def test_the_match():
    """Rulebook: "Now play with the Dark player positioning the Cathedral first. At the end, the
    player with the combined lowest score wins." RULES.md, rule 8: "in the second, Dark places
    the Cathedral and Light places the first building"."""
    state = sg.load("cathedral", match=True).new_game(seed=5)
    rng = random.Random(5)
    while state.game_number == 1:
        state.play(rng.choice(state.legal_moves()))
    first = state.match_scores[0]
    assert state.current_player == DARK
    assert all(m.piece == CATHEDRAL for m in state.legal_moves())
    assert state.scores() == [first[0] + 47, first[1] + 47]
    state.play(rng.choice(state.legal_moves()))
    assert state.current_player == LIGHT, "Light places the first building of game two"
    while not state.is_terminal():
        state.play(rng.choice(state.legal_moves()))
    second = state.match_scores[1]
    totals = [first[0] + second[0], first[1] + second[1]]
    assert state.scores() == totals
    assert state.returns() == sg.core.shared_returns(totals, higher_is_better=False)


# ---- territory against an independent reference ------------------------------------------------


def _reference_after(state: CathedralState, move) -> tuple:
    """Rules 3-4 done the slow, obvious way: breadth-first regions over cells."""
    side = state.current_player
    buildings = list(state.buildings)
    buildings.append((NEUTRAL if move.piece == CATHEDRAL else side, move.piece, move.mask))
    terr = list(state.terr)
    supply = [list(state.supply[0]), list(state.supply[1])]
    if move.piece != CATHEDRAL:
        supply[side][move.piece] -= 1
    claims = move.piece != CATHEDRAL and state.has_built[side]
    if claims:
        mine = {c for o, _, m in buildings if o == side for c in cells_of(m)}
        seen: set = set()
        for start in ((x, y) for y in range(10) for x in range(10)):
            if start in mine or start in seen:
                continue
            region, queue = {start}, deque([start])
            while queue:
                x, y = queue.popleft()
                for dx in (-1, 0, 1):
                    for dy in (-1, 0, 1):
                        n = (x + dx, y + dy)
                        if 0 <= n[0] < 10 and 0 <= n[1] < 10 and n not in mine and n not in region:
                            region.add(n)
                            queue.append(n)
            seen |= region
            inside = [b for b in buildings if b[0] != side and set(cells_of(b[2])) & region]
            if len(inside) <= 1:
                mask = sum(1 << (y * 10 + x) for x, y in region)
                terr[side] |= mask
                terr[1 - side] &= ~mask
                if inside:
                    buildings.remove(inside[0])
                    if inside[0][0] != NEUTRAL:
                        supply[inside[0][0]][inside[0][1]] += 1
    return sorted(buildings), terr, supply


def test_territory_matches_a_slow_reference():
    """Rules 3-4 checked move by move against a plain breadth-first implementation."""
    for seed in range(25):
        state = sg.load("cathedral").new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            move = rng.choice(state.legal_moves())
            expected = _reference_after(state, move)
            state.play(move)
            assert (sorted(state.buildings), state.terr, state.supply) == expected, (
                f"seed {seed}, after {move}"
            )


# ---- the start option ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "start,words",
    [
        ("castle", "must be a mapping"),
        ({"light": ["castle a1 b1"]}, "light building 1"),
        ({"light": ["palace a1"]}, "not one of light's buildings"),
        ({"light": ["tavern a1", "tavern b1", "tavern c1"]}, "only 2 tavern"),
        ({"cathedral": CATH, "light": ["tavern e5"]}, "overlaps"),
        ({"cathedral": "a1 a2"}, "does not form the Cathedral"),
        ({"light": ["tavern a1"]}, "placed before any building"),
        ({"to_move": "red"}, "to_move"),
        ({"colour": 1}, "unknown key"),
        ({"cathedral": CATH, "light_territory": "z9"}, "light_territory"),
    ],
)
def test_bad_start_positions_say_where(start, words):
    with pytest.raises(ValueError, match=words):
        sg.load("cathedral", start=start)


def test_match_option_is_checked():
    with pytest.raises(ValueError, match="match"):
        sg.load("cathedral", match="yes")
    with pytest.raises(ValueError, match="exactly 2 players"):
        sg.load("cathedral", players=3)


def test_a_move_claims_only_the_squares_it_walls_off_anew():
    """``last_claim`` (what the words, the theme and the glow say a move walled off) holds the
    squares that became the mover's territory by it, never territory the mover already held:
    a move beside an old wall used to "claim" that old territory again."""
    rng = random.Random(5)
    claims_seen = 0
    for seed in range(4):
        state = sg.load("cathedral").new_game(seed=seed)
        while not state.is_terminal():
            side, before = state.to_move, list(state.terr)
            state.play(rng.choice(state.legal_moves()))
            if side in (0, 1):
                assert state.last_claim & before[side] == 0
                assert state.terr[side] == before[side] | state.last_claim
                claims_seen += state.last_claim != 0
    assert claims_seen >= 3
