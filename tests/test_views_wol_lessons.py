"""Each Walls of Light lesson's board shows its rule: playing its demonstration move does what the
published rulebook (quoted bare) and the rules page, ``stainedglass/walls_of_light/RULES.md``,
say. Kernel side, no browser."""

from __future__ import annotations

import pytest

pytest.importorskip("anywidget")

import stainedglass as sg
from stainedglass_widgets.walls_of_light.lessons import LESSONS, lesson_state

RED, BLUE, YELLOW = 0, 1, 2


def demo(name: str) -> sg.State:
    state = lesson_state(name)
    state.play(LESSONS[name].demo)
    return state


def space(state: sg.State, name: str) -> dict:
    pos, cell = name.split(":")
    return state.space(int(pos) - 1, (int(cell[1]) - 1) * 4 + "abcd".index(cell[0]))


def refused(name: str, match: str) -> None:
    state = lesson_state(name)
    before = state.to_json()
    with pytest.raises(sg.IllegalMove, match=match):
        state.play(LESSONS[name].demo)
    assert state.to_json() == before


def test_the_dice_choose_the_windows() -> None:
    """ "You rolled a 2, 3, and 6. You may place your color's wink on any empty space in the
    2nd, 3rd, or 6th Window"."""
    state = lesson_state("dice")
    windows = {
        str(m).split()[-1].split(":")[0] for m in state.legal_moves() if str(m).startswith("place")
    }
    assert windows == {"2", "3", "6"}
    refused("dice", "window 4 was not rolled")


def test_placing_on_an_empty_space_ends_the_turn() -> None:
    """ "After placing a pane, the player's turn ends and it becomes the next clockwise
    player's turn"."""
    state = demo("empty")
    assert space(state, "3:a1")["winks"] == ["red"]
    assert state.phase == "roll" and state.to_move == BLUE


def test_covering_follows_the_die_of_the_covered_color() -> None:
    """The rulebook's example: red rolled yellow 2, blue 3, red 6 and may place "on top of
    yellow (making orange) in Window 2, on top of blue (making purple) in Window 3 or on top of
    red in Window 6"."""
    assert space(demo("covering"), "2:b1")["shown"] == "orange"
    state = lesson_state("covering")
    for move, shown in (("place red 3:a1", "purple"), ("place red 6:b1", "red")):
        trial = state.clone()
        trial.play(move)
        assert space(trial, move.split()[-1])["shown"] == shown
    with pytest.raises(sg.IllegalMove, match="the red die shows 6, not 3"):
        state.play("place red 3:d1")


def test_nothing_on_a_secondary_color() -> None:
    """ "You may not play a pane on top of a secondary color (orange, purple, or green)"."""
    refused("secondaries", "orange is a secondary color")
    with pytest.raises(sg.IllegalMove, match="secondary"):
        lesson_state("secondaries").play("place blue 2:b2")  # the printed orange


def test_same_color_stacks() -> None:
    """RULES.md, "Placing (rule 3)": "Same color stacks (still that color)"."""
    s = space(demo("stacks"), "6:b1")
    assert s["winks"] == ["red", "red"] and s["shown"] == "red"


def test_never_more_than_two_panes() -> None:
    """ "You may not play a pane on a space that already has two panes"."""
    refused("two panes", "already holds two panes")


def test_printed_panes_are_permanent_winks() -> None:
    """ "The pre-colored panes printed on a window can be thought of as permanent immovable
    winks already in place"; RULES.md, "Placing (rule 3)": "a few faces have one printed
    primary, which can be covered"."""
    s = space(demo("printed"), "1:c2")
    assert s["printed"] == "blue" and s["winks"] == ["red"] and s["shown"] == "purple"
    with pytest.raises(sg.IllegalMove, match="blue die shows 1, not 5"):
        lesson_state("printed").play("place red 5:c2")


def test_removal_when_out_of_winks() -> None:
    """ "If you have no more panes to place down, you may remove one of your winks from any
    Window corresponding to your roll ... You don't get to place a pane this turn"."""
    state = lesson_state("removal")
    assert state.supply[RED] == 0
    with pytest.raises(sg.IllegalMove, match="none is left"):
        state.play("place red 1:a3")
    state = demo("removal")
    assert space(state, "1:a1")["winks"] == [] and state.supply[RED] == 1
    assert state.to_move == BLUE


def test_extra_glass() -> None:
    """ "Extra Glass: Play one additional pane this turn (following normal rules)"."""
    state = demo("extra glass")
    state.play("place red 2:b1")
    assert state.current_player == RED
    state.play("place red 6:b1")
    assert state.to_move == BLUE and state.phase == "roll"


def test_swap_panes() -> None:
    """ "Swap Panes: Switch any two winks except those within a stack or those composing a
    secondary color" (RULES.md, "Cards (rule 6)": "non-printed winks", "anywhere")."""
    state = demo("swap panes")
    assert space(state, "3:a1")["winks"] == ["blue"] and space(state, "3:d1")["winks"] == ["red"]
    with pytest.raises(sg.IllegalMove, match="printed"):
        lesson_state("swap panes").play("card swap 3:a1 3:a3")


def test_roll_again() -> None:
    """ "Roll Again: Re-Roll either 1, 2, or all 3 of your dice"."""
    state = demo("roll again")
    assert state.phase == "reroll"
    outcomes = {str(m) for m in state.legal_moves()}
    assert len(outcomes) == 36 and all(
        o.startswith("roll r") and " b" in o and "y" not in o for o in outcomes
    )


def test_modify_roll() -> None:
    """ "Modify Roll: Add or subtract 1 to one of the dice you rolled" (within 1-6)."""
    assert demo("modify roll").dice == (4, 4, 6)
    trial = sg.load("walls_of_light", **LESSONS["modify roll"].options).new_game(seed=0)
    trial.play("roll r6 b4 y4")
    with pytest.raises(sg.IllegalMove, match="within 1-6"):
        trial.play("card modify r +1")


def test_completion_scoring_the_rulebook_example() -> None:
    """ "The red player completes a Window containing 1 red space, 3 purple and 2 yellow. This
    player scores 6 points ... the red player scores an additional 2 points, while the yellow
    player scores 4 points"."""
    state = demo("scoring")
    assert state.last_completion.points == (8, 0, 4)
    assert state.scores() == [8, 0, 4]


def test_one_color_window_scores_17() -> None:
    """ "The red player completes a 5 pane window with only red panes. He receives 2 pts. for
    red, and 3 points for each red pane for a total of 17 pts."."""
    assert demo("one color").scores() == [17, 0, 0]


def test_plus_one_and_plus_card() -> None:
    """ "If the "+1" pane has winks of only one color, that player scores an extra point. If the
    "+ card" pane has winks of only one color, that player draws a card"."""
    state = demo("plus one and card")
    # three colors (6) + three red spaces (6) + the "+1" (1)
    assert state.last_completion.points == (13, 2, 2)
    assert state.phase == "draw" and state.pending_draws == (RED,)
    state.play(state.sample_chance())
    assert sum(state.hands[RED]) == 1


def test_flipping_and_the_white_cube() -> None:
    """ "Flip the Window over ... Put a white cube next to that Window's number ... if there
    isn't one there already. Each Window may be completed and scored multiple times"."""
    before = lesson_state("flipping")
    assert before.side[0] == 1 and before.cubes[0]
    state = demo("flipping")
    assert state.side[0] == 0 and sum(state.cubes) == 1
    assert state.last_completion.cube is False and state.scores()[BLUE] == 10


def test_the_end_and_the_tie_break_by_cards() -> None:
    """ "Once all six Window positions have a white cube, the game ends ... If tied, the player
    with the most cards wins"."""
    assert sum(lesson_state("the end").cubes) == 5
    state = demo("the end")
    assert state.is_terminal() and state.scores() == [20, 20, 20]
    assert state.returns() == [0.0, 1.0, 0.0]


def test_a_whole_round_of_passes_ends_the_game() -> None:
    """Referee's ruling 13 (stainedglass/walls_of_light/RULES.md): "When every player in turn
    has ended a turn with `pass` without placing, removing or playing a card [...] the game
    ends at once"."""
    before = lesson_state("a round of passes")
    assert before.supply == [0, 0, 0] and before.quiet_turns == 2 and before.to_move == YELLOW
    assert "remove 3:a1" in [str(m) for m in before.legal_moves()]
    state = demo("a round of passes")
    assert state.is_terminal() and sum(state.cubes) == 0


def test_two_players_neutral_yellow() -> None:
    """Two players: "Each player receives 5 cards"; "the unused color is available for either
    player to use ... [they] do not score points for that color"."""
    state = lesson_state("two players")
    assert state.num_players == 2
    state.play(LESSONS["two players"].demo)
    assert space(state, "3:a1")["winks"] == ["yellow"]
    dealt = sg.load("walls_of_light", players=2).new_game(seed=3)
    assert [sum(h) for h in dealt.hands] == [5, 5]


def test_lessons_follow_the_rulebook_order() -> None:
    assert list(LESSONS) == [
        "dice",
        "empty",
        "covering",
        "secondaries",
        "stacks",
        "two panes",
        "printed",
        "removal",
        "extra glass",
        "swap panes",
        "roll again",
        "modify roll",
        "scoring",
        "one color",
        "plus one and card",
        "flipping",
        "the end",
        "a round of passes",
        "two players",
    ]


def test_unknown_lesson_names_the_lessons() -> None:
    with pytest.raises(ValueError, match="dice, empty"):
        lesson_state("castling")


def buttons(widget: object) -> set[str]:
    """The words on every button of a widget tree."""
    import ipywidgets as w

    found = {widget.description} if isinstance(widget, w.Button) else set()
    for child in getattr(widget, "children", ()):
        found |= buttons(child)
    return found


def pressed(words: str) -> list[str]:
    """What ``words`` tell the reader to press: the words after each "press"."""
    import re

    return re.findall(r"\b[Pp]ress ([^.:,]+)", words)


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_the_words_name_the_buttons_as_they_read(name: str) -> None:
    """A lesson's words and its board's own (the first words, the hint before the dice) tell
    the reader to press a button by the words it shows."""
    from stainedglass_widgets.walls_of_light.lessons import lesson

    view = lesson(name)
    shown = buttons(view)
    told = [LESSONS[name].try_it, view.intro()[0]]
    if view.state.phase == "roll":
        view.hint()
        told.append(view.message.value)
    for words in told:
        for what in pressed(words):
            assert any(what.startswith(b) for b in shown if b), (what, sorted(shown))


def test_the_play_dashboards_words_name_the_roll_button_as_it_reads() -> None:
    """Before the dice, the first words and the hint name the button as it reads."""
    import stainedglass_widgets as sgw

    view = sgw.view("walls_of_light", background=False)
    assert view.state.phase == "roll"
    view.hint()
    for words in (view.intro()[0], view.message.value):
        assert pressed(words), words
        for what in pressed(words):
            assert what.startswith(view.roll_button.description), (what, words)
