"""Cathedral positions set up by hand (``start=``, the position editor): ``Game.position`` gives
any position as a ``start=`` mapping that sets it up again exactly, and ``Game.validate``
refuses, in the rules' words, a position no game could reach (RULES.md, "Setting up a
position")."""

from __future__ import annotations

import json
import random

import pytest

import stainedglass as sg
from stainedglass.cathedral.game import CathedralState
from stainedglass.cathedral.pieces import DARK, LIGHT, NEUTRAL, PIECES

CATH = "e4 d5 e5 f5 e6 e7"  # the Cathedral in the middle of the city


def set_up(match: bool = False, **start) -> CathedralState:
    start.setdefault("cathedral", CATH)
    state = sg.load("cathedral", match=match).setup(start)
    assert isinstance(state, CathedralState)
    return state


def refused(words: str, match: bool = False, **start) -> str:
    """The engine's reason for refusing ``start`` (which must mention ``words``)."""
    start.setdefault("cathedral", CATH)
    with pytest.raises(ValueError, match=words) as info:
        sg.load("cathedral", match=match).setup(start)
    return str(info.value)


def facts(state: CathedralState) -> dict:
    """What a position is: the city, territory, supplies, the turn, what may be played."""
    occupied = state.occ[0] | state.occ[1] | state.occ[2]
    return {
        "occ": list(state.occ),
        "buildings": sorted(state.buildings),
        "territory": [t & ~occupied for t in state.terr],
        "supply": [list(s) for s in state.supply],
        "to_move": state.to_move,
        "cathedral": (state.cathedral_state, state.cathedral_placer),
        "has_built": list(state.has_built),
        "skipped": list(state.skipped),
        "match_scores": list(state.match_scores),
        "scores": state.scores(),
        "legal": sorted(str(m) for m in state.legal_moves()),
    }


# ---- the round trip ------------------------------------------------------------------------------


def grasping_move(state: CathedralState, rng: random.Random) -> sg.Move:
    """Now and then the move (of a sample) that claims and captures most, else any: games
    with captures and territory changing hands."""
    moves = state.legal_moves()
    if rng.random() < 0.4:
        return rng.choice(moves)

    def grabs(move: sg.Move) -> int:
        after = state.clone()
        after.play(move)
        return after.last_claim.bit_count() + 20 * len(after.last_captures)

    return max(rng.sample(moves, min(40, len(moves))), key=grabs)


@pytest.mark.parametrize("grasping", [False, True])
@pytest.mark.parametrize("match", [False, True])
@pytest.mark.parametrize("seed", range(4))
def test_every_position_of_random_games_sets_up_again(
    match: bool, seed: int, grasping: bool
) -> None:
    """``game.setup(game.position(s))`` is ``s`` again for every position of random games: the
    same occupancy, territory, supplies (captured buildings back in them), turn, first round,
    skipped side, match scores and legal moves; and the games go on alike."""
    rng = random.Random(seed)
    game = sg.load("cathedral", match=match)
    state = game.new_game(seed=seed)
    assert isinstance(state, CathedralState)
    seen = 0
    while True:
        position = game.position(state)
        assert json.loads(json.dumps(position)) == position  # plain data
        again = game.setup(position)
        assert facts(again) == facts(state), (seen, position)
        if state.is_terminal():
            break
        move = grasping_move(state, rng) if grasping else rng.choice(state.legal_moves())
        state.play(move)
        again.play(str(move))
        assert facts(again) == facts(state)
        seen += 1
    assert seen > 20


def test_a_captured_building_and_a_captured_cathedral_set_up_again() -> None:
    """Rulebook: the captured building "may be replayed"; "The Cathedral is not replayed": the
    position keeps the Cathedral captured and the building back in its owner's supply."""
    wall = ["bridge e1 e2 e3", "stable e4 e5", "stable e6 e7", "manor e9 d10 e10 f10"]
    game = sg.load("cathedral")
    state = game.setup(
        {
            "cathedral": "b1 a2 b2 c2 b3 b4",
            "light": wall,
            "dark": ["tavern j10", "tavern j1"],
            "to_move": "light",
        }
    )
    state.play("tavern e8")
    position = game.position(state)
    assert position["cathedral"] == "captured"
    again = game.setup(position)
    assert facts(again) == facts(state)
    assert again.cathedral_state == "captured" and again.occ[NEUTRAL] == 0


def test_a_set_up_position_travels_in_its_record() -> None:
    """Records keep the game's options, so a set-up position and its moves load again."""
    game = sg.load("cathedral")
    state = game.setup(
        {
            "cathedral": CATH,
            "light": ["castle a1 b1 c1 a2 c2"],
            "dark": ["tavern j10", "stable h1 i1"],
            "to_move": "light",
        }
    )
    state.play("tavern a10")
    loaded = sg.load_record(state.record().to_text()).state()
    assert isinstance(loaded, CathedralState)
    assert facts(loaded) == facts(state)


# ---- what a set-up position may hold -----------------------------------------------------------


def test_light_places_the_cathedral_first() -> None:
    """Rulebook: Light places the Cathedral first (rules 1): before it, it is Light's turn."""
    assert set_up(cathedral=None).legal_moves()[0].piece == len(PIECES)
    refused("Light places the Cathedral first", cathedral=None, to_move="dark")


def test_dark_places_the_cathedral_in_game_two() -> None:
    """Rule 8: "in the second, Dark places the Cathedral and Light places the first
    building"."""
    state = set_up(match=True, cathedral=None, to_move="dark", game_one=[4, 9])
    assert state.current_player == DARK and state.match_scores == [(4, 9)]
    refused("Dark places the Cathedral first", match=True, cathedral=None, game_one=[4, 9])
    state.play("cathedral " + CATH)
    assert state.current_player == LIGHT


def test_a_second_game_is_for_a_match() -> None:
    """Rule 8: only the two-game match has a game two."""
    refused("only a two-game match", cathedral=None, to_move="dark", game_one=[4, 9])


def test_the_first_round_claims_nothing() -> None:
    """Rule 2: "The first round claims nothing: the Cathedral and each side's first
    building"."""
    refused(
        "claims nothing",
        first_round_over=False,
        dark=["inn b1 a2 b2"],
        dark_territory="a1",
        to_move="light",
    )
    state = set_up(first_round_over=False, dark=["inn b1 a2 b2"], to_move="light")
    state.play("tavern j10")  # Light's first building claims nothing either
    assert state.terr == [0, 0]


def test_the_turn_in_the_first_round() -> None:
    """Rule 1: "Light places the Cathedral anywhere. Then Dark places a building, then Light,
    alternating." """
    refused("Dark's turn in the first round", first_round_over=False, to_move="light")
    refused(
        "Dark places the first building",
        first_round_over=False,
        light=["tavern a1"],
        to_move="dark",
    )
    assert set_up(first_round_over=False, to_move="dark").current_player == DARK


def test_territory_is_a_whole_walled_off_region() -> None:
    """Rule 3: "Every region holding at most one building that is not P's becomes P's
    territory, all of it": territory that the region's walls do not close is refused."""
    words = refused(
        "not walled off",
        light=["inn b1 a2 b2", "tavern j10"],
        dark=["tavern h1"],
        light_territory="a1 c3",
        to_move="dark",
    )
    assert "c3" in words and "rule 3" in words
    state = set_up(
        light=["inn b1 a2 b2", "tavern j10"],
        dark=["tavern h1"],
        light_territory="a1",
        to_move="dark",
    )
    assert state.owner_at(0, 0) == "light-territory"


def test_no_building_stands_on_the_opponents_territory() -> None:
    """Rule 5: "No building on an occupied square or on the opponent's territory"."""
    words = refused(
        "may not stand on the opponent's territory",
        light=["inn b1 a2 b2", "tavern j10"],
        dark=["tavern a1"],
        light_territory="a1",
        to_move="dark",
    )
    assert "covered by Dark's building" in words and "rule 5" in words
    # a side's own building on its territory just covers it
    state = set_up(
        light=["inn b1 a2 b2", "tavern j10", "tavern a1"],
        dark=["tavern h1"],
        light_territory="a1",
        to_move="dark",
    )
    assert state.owner_at(0, 0) == "light"


def test_the_last_builder_has_claimed_what_it_walls_off() -> None:
    """Rules 3-4: after a side builds, every region it walls off holding at most one other
    building is its territory, the one building captured: Light built last here."""
    words = refused(
        "would have captured Dark's tavern",
        light=["inn b1 a2 b2", "tavern j10"],
        dark=["tavern a1", "tavern h1"],
        to_move="dark",
    )
    assert "rules 3-4" in words
    refused(
        "mark it Light's territory",
        light=["inn b1 a2 b2", "tavern j10"],
        dark=["tavern h1"],
        to_move="dark",
    )
    # Light built last: Dark's own walled corner is not claimed yet, Dark's next building does
    state = set_up(
        light=["tavern j10", "tavern h1"], dark=["inn b1 a2 b2", "tavern h10"], to_move="dark"
    )
    state.play("tavern c5")
    assert state.owner_at(0, 0) == "dark-territory"


def test_a_skipped_side_cannot_place() -> None:
    """Rule 6: "A side with no legal placement is skipped": a position saying that a side was
    skipped is refused when that side could place."""
    refused(
        "can still place", light=["tavern a1"], dark=["tavern j10"], to_move="light", skipped="dark"
    )
    refused(
        "so it is Dark's turn",
        light=["tavern a1"],
        dark=["tavern j10"],
        to_move="light",
        skipped="light",
    )


def test_a_position_needs_a_building_once_the_first_round_is_over() -> None:
    """Rule 2 and 4: the first round is each side's first building, and a capture leaves the
    capturer's building standing: an empty city is still in its first round."""
    refused("no building stands in the city", to_move="light")


def test_form_errors_say_where() -> None:
    """Bad keys and values are ValueErrors naming the key."""
    with pytest.raises(ValueError, match="skipped must be"):
        sg.load("cathedral", start={"cathedral": CATH, "skipped": "red"})
    with pytest.raises(ValueError, match="game_one must be"):
        sg.load("cathedral", match=True, start={"game_one": [50, 1], "to_move": "dark"})
    refused("covered by the Cathedral", light_territory="e5")
    with pytest.raises(ValueError, match="to_move must be") as info:  # short, whatever is given
        sg.load("cathedral", start={"cathedral": CATH, "to_move": "x" * 10_000})
    assert len(str(info.value)) < 200
    with pytest.raises(ValueError, match="unknown key 1"):
        sg.load("cathedral", start={"cathedral": CATH, 1: 2})


# a position of a random game (seed 2, ply 24): Light could not place after Dark's last building
SKIPPED = {
    "cathedral": "e8 d9 e9 f9 g9 e10",
    "light": [
        "stable e4 f4",
        "stable a3 a4",
        "tower b7 c7 a8 b8 a9",
        "square h9 i9 h10 i10",
        "abbey e6 f6 d7 e7",
        "bridge a6 b6 c6",
        "manor h4 h5 i5 h6",
        "tavern e5",
        "inn j2 i3 j3",
        "tavern j10",
        "inn i7 j7 i8",
    ],
    "dark": [
        "academy c3 c4 d4 b5 c5",
        "stable j4 j5",
        "abbey d2 e2 e3 f3",
        "bridge f7 g7 h7",
        "inn g1 g2 h2",
        "tavern a2",
        "square b1 c1 b2 c2",
        "inn g4 f5 g5",
        "tower c8 d8 b9 c9 b10",
        "tavern f8",
        "stable c10 d10",
    ],
    "light_territory": "a7 j8 j9",
    "dark_territory": "a1",
    "to_move": "dark",
    "skipped": "light",
    "first_round_over": True,
}


def test_a_skipped_side_is_kept_in_the_position() -> None:
    """Rule 6: "A side with no legal placement is skipped": the position says who was skipped
    (so Dark, to move, built last), and sets it up again."""
    game = sg.load("cathedral")
    state = game.setup(SKIPPED)
    assert state.skipped == [LIGHT] and state.current_player == DARK
    assert game.position(state) == SKIPPED
    assert facts(game.setup(game.position(state))) == facts(state)
    refused("Light was skipped, so it is Dark's turn", **{**SKIPPED, "to_move": "light"})


def test_a_side_to_move_that_cannot_place_is_skipped_at_once() -> None:
    """Rule 6: set up with Light to move, Light (who cannot place) is skipped: Dark moves."""
    state = set_up(**{**SKIPPED, "to_move": "light", "skipped": None})
    assert state.current_player == DARK and state.skipped == [LIGHT]
