"""Sagrada positions set up by hand: the ``start=`` option, ``position`` and ``validate``
(RULES.md, "Setting up a position", rulings 17-21), one test per rule on a position built to
show it."""

from __future__ import annotations

import json
import random

import pytest

import stainedglass as sg
from stainedglass.sagrada.tools import TOOL_IDS

BLANK = [".....", ".....", ".....", "....."]
ORDERS3 = ["shades_of_red", "light_shades", "deep_shades"]
# round 2, nothing played yet: round 1 placed R1 and G2 and left Y3 on the turn bar
VALID = {
    "window": BLANK,
    "tools": ["eglomise", "lenscutter", "redraw"],
    "orders": ORDERS3,
    "placed": {"a1": "R1", "b2": "G2"},
    "turn_bar": [["Y3"]],
    "drawn": ["B4", "K5", "R6"],
    "round": 2,
}


def _game(**options) -> sg.Game:
    return sg.load("sagrada", **options)


def _start(**changes) -> dict:
    return {**VALID, **changes}


def _refused(position: dict, **options) -> str:
    with pytest.raises(ValueError) as e:
        _game(**options).setup(position)
    text = str(e.value)
    assert text.startswith("sagrada: option start= "), text
    assert len(text) < 600
    return text


def _random_states(games: int, seed: int) -> list[sg.State]:
    """Positions of random games with tools used often: every few plays, chance included."""
    rng = random.Random(seed)
    out = []
    for g in range(games):
        tools = list(TOOL_IDS) if g % 2 else rng.randint(0, 4)
        state = _game(tools=tools).new_game(seed=seed * 100 + g)
        while not state.is_terminal():
            if rng.random() < 0.25:
                out.append(state.clone())
            if state.is_chance():
                state.play(state.sample_chance())
            else:
                moves = state.legal_moves()
                tools_now = [m for m in moves if str(m).startswith("tool")]
                use = tools_now and rng.random() < 0.4
                state.play(rng.choice(tools_now if use else moves))
        out.append(state.clone())
    return out


def _key(state: sg.State) -> tuple:
    """Everything a position is, except the count of reshuffles (history, not position)."""
    snap = state._position()
    return snap[:17] + snap[18:]


# ---------------------------------------------------------------------------------------------
# The contract: position, setup, records


def test_positions_of_random_games_round_trip() -> None:
    """game.setup(game.position(s)) is the same position: the same legal moves, scores, target,
    chance outcomes, and the same play after it; validate accepts every position play reaches."""
    states = _random_states(8, seed=3)
    assert any(s.tools_used for s in states) and any(s.is_terminal() for s in states)
    assert any(s.is_chance() for s in states) and any(s.pile_returned for s in states)
    for state in states:
        game = state.game
        pos = game.position(state)
        json.dumps(pos)  # plain data
        again = game.setup(pos, seed=7)
        assert _key(again) == _key(state), pos
        assert again.legal_moves() == state.legal_moves()
        assert again.scores() == state.scores() and again.target() == state.target()
        assert again.current_player == state.current_player
        if state.is_chance():
            assert again.chance_outcomes() == state.chance_outcomes()
        assert game.position(again) == pos
        if not state.is_terminal():
            move = state.legal_moves()[-1]
            a, b = state.clone(), again.clone()
            a.play(move)
            b.play(move)
            assert _key(a) == _key(b)


def test_a_record_of_a_set_up_position_reloads() -> None:
    """A game set up with start= is a real game: its record keeps the position (the options
    hold start=) and reloads to the same state, moves and all."""
    s = _game().setup(_start())
    s.play("place B4 c3")
    again = sg.load_record(s.record().to_text()).state()
    assert _key(again) == _key(s)
    assert again.history == ["place B4 c3"]


def test_an_arranged_study_position_becomes_a_saveable_start() -> None:
    """arrange() still sets up study positions that cannot be saved; their position is a start=
    that can."""
    study = _game(window=BLANK, tools=["redraw"], orders=ORDERS3).new_game(seed=0)
    study.arrange(
        placed={"a1": "R1", "b2": "G2"},
        turn_bar=[["Y3"]],
        drawn=["B4", "K5", "R6"],
        round=2,
        tools=["redraw"],
    )
    with pytest.raises(ValueError, match="arranged"):
        study.record()
    s = study.game.setup(study.game.position(study))
    assert s.placed == study.placed and s.drawn == study.drawn
    assert sg.load_record(s.record().to_text()).state().turn_bar == [["Y3"]]


def test_start_keys_take_the_place_of_the_options_and_default() -> None:
    """window, tools and orders in start= replace the options; a short start has defaults: the
    round after the turn bar's stacks, the cards the round still needs to draw."""
    s = _game(window="Tempest", tools=1).setup(
        {"window": "Morning Lantern", "tools": ["lathekin"], "orders": ORDERS3}
    )
    assert s.window.name == "Morning Lantern" and s.tools == ["lathekin"]
    assert s.orders == ("shades_of_red", "light_shades", "deep_shades")
    assert s.round == 1 and s.cards_to_draw == 3 and s.is_chance()
    custom = _game().setup({"window": ["R....", ".....", ".....", "....."]})
    assert custom.window.rows[0] == "R...." and custom.game.position(custom)["window"][0] == "R...."


def test_form_errors_say_where() -> None:
    """Bad form is a ValueError naming the key, at once and short."""
    assert "unknown key 'bogus'" in _refused({"bogus": 1})
    assert "placed, 'z9'" in _refused({"placed": {"z9": "R1"}})
    assert "a field is named like 'b3', not 5" in _refused({"placed": {5: "R1"}})
    assert "drawn, card 2: 'Q7' is not a glass card" in _refused({"drawn": ["R1", "Q7"]})
    assert "drawn holds at most 3 cards" in _refused({"drawn": ["R1", "R2", "R3", "R4"]})
    assert "round must be a whole number from 1 to 10" in _refused({"round": 11})
    assert "tools_used: " in _refused({"tools_used": ["hammer"]})
    assert "window: no window is named" in _refused({"window": "Nowhere"})
    assert "turn_bar, stack 2" in _refused({"turn_bar": [["R1"], "G2"]})
    assert "must be a mapping" in _refused(["R1"])  # type: ignore[arg-type]


def test_each_card_exists_once() -> None:
    """Components: "30 glass cards ... one of each": a card named twice is refused."""
    assert "R1 is named twice" in _refused(_start(drawn=["R1", "K5", "R6"]))
    assert "B4 is named twice" in _refused(_start(discards=["B4"], drawn=["B4", "K5", "R6"]))


# ---------------------------------------------------------------------------------------------
# Ruling 17: rule 3 holds for every placed card


def test_a_card_breaking_its_fields_color_restriction() -> None:
    """Rule 3: "the field's restriction met"; ruling 17: only a card moved by Eglomise Brush may
    break a color restriction, one card."""
    window = ["G....", ".....", ".....", "....."]
    text = _refused(_start(window=window))
    assert "R1 on a1 breaks the field's restriction (a green field)" in text
    moved = _start(
        window=window,
        tools_used=["eglomise"],
        turn_bar=[["Y3"], ["K1"]],
        placed={"a1": "R1", "b2": "G2", "c3": "B2"},
        discards=["Y2"],
        round=3,
    )
    assert _game().setup(moved).placed["a1"] == "R1"
    two = _start(
        window=["G.B..", ".....", ".....", "....."],
        tools_used=["eglomise"],
        turn_bar=[["Y3"], ["K1"]],
        placed={"a1": "R1", "b2": "G2", "c1": "K3"},
        discards=["Y2"],
        round=3,
    )
    assert "K3 on c1 breaks the field's restriction" in _refused(two)


def test_a_card_breaking_its_fields_value_restriction() -> None:
    """Rule 3: "the field's restriction met"; ruling 17: only a card moved by Copper Foil
    Burnisher may break a value restriction."""
    window = [".3...", ".....", ".....", "....."]
    position = _start(window=window, placed={"a1": "R1", "b1": "G2"})
    assert "G2 on b1 breaks the field's restriction (a 3 field)" in _refused(position)
    moved = {
        **position,
        "tools": ["burnisher"],
        "tools_used": ["burnisher"],
        "turn_bar": [["Y3"], ["K1"]],
        "placed": {"a1": "R1", "b1": "G2", "c2": "Y6"},
        "discards": ["Y5"],
        "round": 3,
    }
    assert _game().setup(moved).placed["b1"] == "G2"


@pytest.mark.parametrize(
    "placed,same", [({"a1": "R1", "b1": "R2"}, "color"), ({"a1": "R1", "a2": "G1"}, "value")]
)
def test_never_orthogonally_next_to_the_same_color_or_value(placed, same) -> None:
    """Rule 3: "never orthogonally next to a card of the same color or the same value", whatever
    tools were used."""
    text = _refused(_start(placed=placed, tools=["eglomise", "lathekin"]))
    assert f"cards of the same {same} may never be orthogonally adjacent" in text


# ---------------------------------------------------------------------------------------------
# Ruling 18: the cards could have been placed in turn


def test_placed_cards_touch_and_start_on_an_edge() -> None:
    """Rule 3: "the first card on an edge or corner field; every later card next to (diagonals
    too) a placed card"."""
    apart = _start(placed={"a1": "R1", "c3": "G2"})
    assert "groups that do not touch" in _refused(apart)
    inside = _start(placed={"b2": "R1", "c3": "G2"})
    assert "no placed card is on an edge or corner field" in _refused(inside)
    assert _game().setup(_start(placed={"a1": "R1", "b2": "G2"})).placed == {"a1": "R1", "b2": "G2"}


def test_straightedge_allows_one_card_away_from_the_others() -> None:
    """Ruling 10: Cork-backed Straightedge places the round's card "on a field adjacent to no
    card"; ruling 18: it allows one more group."""
    base = _start(
        placed={"a1": "R1", "d3": "G2"},
        tools=["straightedge"],
        turn_bar=[["Y3"], ["K1", "B6"]],
        round=3,
    )
    assert "groups that do not touch" in _refused(base)
    used = {**base, "tools_used": ["straightedge"], "discards": ["Y5"]}
    assert _game().setup(used).placed == {"a1": "R1", "d3": "G2"}


def test_a_moving_tool_may_leave_cards_alone() -> None:
    """Ruling 7: "Cards it leaves behind may end up with no neighbour"; ruling 18: then the
    groups are not judged."""
    moved = _start(
        placed={"a1": "R1", "d3": "G2"},
        tools=["lathekin"],
        tools_used=["lathekin"],
        turn_bar=[["Y3"], ["K1", "B6"]],
        discards=["Y4"],
        round=3,
    )
    assert _game().setup(moved).placed == {"a1": "R1", "d3": "G2"}


# ---------------------------------------------------------------------------------------------
# Ruling 19: the rounds add up


def test_one_stack_of_one_to_three_cards_per_finished_round() -> None:
    """Rule 2: "The card(s) left at the end of the round go to the turn bar as one stack";
    ruling 15: "the turn bar always gets a stack of at least one card"."""
    assert "the turn bar holds 1 stack" in _refused(_start(round=3))
    empty = _start(turn_bar=[[]], placed={"a1": "R1", "b2": "G2", "c3": "Y3"})
    assert "stack 1 is empty" in _refused(empty)


def test_a_round_places_at_most_two_cards() -> None:
    """Rule 2: "two turns, each placing one drawn card ... or using one tool"."""
    three = _start(placed={"a1": "R1", "b2": "G2", "c3": "Y4"})
    assert "3 cards are placed" in _refused(three)


def test_every_rounds_three_cards_are_accounted_for() -> None:
    """Rule 2: three cards drawn a round, placed, paying for a tool or going to the turn bar."""
    short = _start(turn_bar=[["Y3"]], placed={"a1": "R1"})
    assert "every round's three cards" in _refused(short)
    assert "should be in hand" in _refused(_start(drawn=["B4", "K5"], cards_to_draw=0))
    drawing = _game().setup(_start(drawn=["B4"]))
    assert drawing.cards_to_draw == 2 and drawing.is_chance()


def test_cards_are_drawn_before_the_turns_or_after_redraw() -> None:
    """Rule 2: "draw three cards ...; then two turns"; ruling 4: Redraw "then that many draws
    follow", its returned cards at the bottom of the pile."""
    late = _start(
        drawn=["B4"],
        turns_played=1,
        placed_this_round=1,
        cards_to_draw=1,
        placed={"a1": "R1", "b2": "G2", "c3": "K5"},
    )
    assert "cards are drawn at the start of the round" in _refused(late)
    redraw = _start(
        drawn=[],
        turns_played=1,
        tool_used_this_round=True,
        cards_to_draw=2,
        tools_used=["redraw"],
        discards=["R3"],
        pile_returned=["B4", "K5"],
    )
    s = _game().setup(redraw)
    assert s.is_chance() and s.pile_returned == ["B4", "K5"]
    lost = {**redraw, "pile_returned": []}
    assert "only 0 returned cards" in _refused(lost)


def test_two_turns_end_the_round() -> None:
    """Rule 2: "then two turns"; ruling 10: Cork-backed Straightedge "takes both turns"."""
    done = _start(
        drawn=["K5"],
        turns_played=2,
        placed_this_round=2,
        placed={"a1": "R1", "b2": "G2", "c3": "B4", "d2": "R6"},
    )
    assert "after two turns the round is over" in _refused(done)
    edge = _start(
        drawn=["K5"],
        tools=["straightedge"],
        tools_used=["straightedge"],
        tool_used_this_round=True,
        turns_played=2,
        placed_this_round=1,
        placed={"a1": "R1", "b2": "G2", "e4": "R6"},
        discards=["B5"],
    )
    assert "takes both turns" in _refused(edge)


def test_a_finished_game_is_set_up_over() -> None:
    """Rule 4: "The end, after the tenth stack": ten stacks on the turn bar end the game."""
    state = _random_states(1, seed=11)[-1]
    assert state.is_terminal()
    again = state.game.setup(state.game.position(state))
    assert again.is_terminal() and again.returns() == state.returns()
    position = {**state.game.position(state), "round": 9}
    assert "set round 10" in _refused(position, **state.game.given_options)


# ---------------------------------------------------------------------------------------------
# Ruling 20: tools and their payments


def test_a_used_tool_is_in_play_once_a_round() -> None:
    """Rule 2: "at most one tool a round"; a used tool was in play."""
    assert "is not among the tools in play" in _refused(
        _start(tools_used=["lathekin"], discards=["Y4"])
    )
    two = _start(
        tools_used=["eglomise", "redraw"],
        discards=["Y2", "K3"],
        placed={"a1": "R1"},
        turn_bar=[["Y3"]],
    )
    assert "at most one tool may be used a round" in _refused(two)


def test_lens_cutter_not_in_round_one() -> None:
    """Ruling 9: Lens Cutter "Not usable in round 1"."""
    first = {
        "window": BLANK,
        "tools": ["lenscutter"],
        "tools_used": ["lenscutter"],
        "tool_used_this_round": True,
        "turns_played": 1,
        "drawn": ["R1", "G2"],
        "discards": ["Y2"],
    }
    assert "Lens Cutter works on the turn bar" in _refused(first)


def test_discards_are_the_payments_showing_the_pips() -> None:
    """Rule 2: a tool is "paid with a drawn card showing the tool's pips. The tool and the paying
    card are discarded"."""
    unpaid = _start(tools_used=["redraw"], placed={"a1": "R1"}, turn_bar=[["Y3"]])
    assert "each tool is paid with a card that is discarded" in _refused(unpaid)
    wrong = {**unpaid, "discards": ["G4"]}
    assert "G4 is discarded as the payment for Redraw, which is paid with a 3" in _refused(wrong)
    paid = {**unpaid, "discards": ["G3"]}
    assert _game().setup(paid).discards == ["G3"]
    extra = _start(discards=["G3"])
    assert "only a card paid for a tool is discarded" in _refused(extra)


def test_cards_return_to_the_pile_only_through_tools() -> None:
    """Ruling 4 and 6: Redraw, Grozing Pliers and Grinding Stone put cards at the bottom of the
    pile; nothing else does."""
    assert "the tools used return at most 0" in _refused(_start(pile_returned=["B6"]))


def test_the_editor_can_draw_a_refused_position() -> None:
    """check=False skips validate only: a position the rules refuse is still drawn."""
    s = _game().setup(_start(placed={"a1": "R1", "c3": "G2"}), check=False)
    assert s.placed == {"a1": "R1", "c3": "G2"} and s.svg().startswith("<svg")
    with pytest.raises(ValueError, match="a whole number from 1 to 10"):
        _game().setup(_start(round=0), check=False)
