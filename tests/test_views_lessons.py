"""Each tutorial lesson's board shows its rule: playing its demonstration move does what the
published rulebook (quoted bare) and the rules page, ``stainedglass/cathedral/RULES.md``, say.
Kernel side, no browser."""

from __future__ import annotations

import pytest

pytest.importorskip("anywidget")

import stainedglass as sg
from stainedglass.cathedral.pieces import DARK, LIGHT
from stainedglass_widgets.cathedral.lessons import LESSONS, lesson, lesson_state


def squares(mask: int) -> set[str]:
    return {sg.core.cell_name(i % 10, i // 10) for i in range(100) if mask >> i & 1}


def demo(name: str) -> sg.State:
    state = lesson_state(name)
    state.play(LESSONS[name].demo)
    return state


def test_placement() -> None:
    """ "The Light player starts by positioning the Cathedral anywhere on the playing area"."""
    assert lesson_state("placement").current_player == LIGHT
    state = demo("placement")
    assert state.cathedral_state == "placed" and state.current_player == DARK


def test_rotation() -> None:
    """RULES.md: "Buildings may be rotated, never flipped"."""
    state = lesson_state("rotation")
    with pytest.raises(sg.IllegalMove, match="mirror image.*never flipped"):
        state.play(LESSONS["rotation"].demo)


def test_first_round() -> None:
    """ "Neither you nor your opponent may claim space on your first move"; RULES.md, the
    referee's ruling: "What the first round walled off is claimed by that side's next
    building"."""
    state = lesson_state("first round")
    assert not state.terr[DARK]
    state.play(LESSONS["first round"].demo)
    assert not state.terr[LIGHT] and not state.terr[DARK]
    state.play("tavern j1")  # Dark's next building, far away
    assert "a1" in squares(state.terr[DARK])


def test_walls_and_the_diagonal_leak() -> None:
    """ "Corner to corner contacts are not acceptable when creating inner wall-to-wall
    connections": the corner only closes when the tavern fills the diagonal gap."""
    before = lesson_state("walls")
    assert not before.terr[DARK]  # c2 and b3 touch corner to corner: the corner leaks
    assert squares(demo("walls").last_claim) == {"a1", "b1", "a2", "b2"}


def test_claiming() -> None:
    """RULES.md, rule 5: "No building on an occupied square or on the opponent's territory"."""
    state = lesson_state("claiming")
    with pytest.raises(sg.IllegalMove, match="Dark's territory"):
        state.play(LESSONS["claiming"].demo)
    state.play("stable i5 i6")
    state.play("tavern a1")  # Dark may build inside its own territory


def test_capture_of_one_building() -> None:
    """ "If you enclose any ONE piece ... you MUST remove it from play IMMEDIATELY ... The
    opponent may replay the removed building"."""
    before = lesson_state("capture")
    state = demo("capture")
    assert [(o, p) for o, p, _ in state.last_captures] == [(LIGHT, 0)]
    assert state.supply[LIGHT][0] == before.supply[LIGHT][0] + 1
    assert "a1" in squares(state.terr[DARK])


def test_two_buildings_are_safe() -> None:
    """ "If you enclose TWO or more buildings ... no buildings are removed from play and the
    space is still available to your opponent"."""
    state = demo("two buildings")
    assert state.last_claim == 0 and state.last_captures == []
    assert not squares(state.terr[DARK]) & {"b1", "b2"}


def test_the_cathedral_captured() -> None:
    """ "The Cathedral is not replayed for the remainder of the game"."""
    state = demo("cathedral captured")
    assert state.cathedral_state == "captured"
    assert all(owner != 2 for owner, _, _ in state.buildings)
    assert len(squares(state.last_claim)) == 20


def test_skipping() -> None:
    """RULES.md, rule 6: "A side with no legal placement is skipped (there is no pass move)"."""
    state = demo("skipping")
    assert state.skipped == [LIGHT] and state.current_player == DARK


def test_end_and_scoring() -> None:
    """ "The game ends when no further moves can be made by either player ... the player whose
    buildings take up the least number of squares ... wins"."""
    state = demo("end")
    assert state.is_terminal()
    light, dark = state.scores()
    assert dark < light and state.returns() == [0.0, 1.0]


def test_the_match() -> None:
    """ "Now play with the Dark player positioning the Cathedral first"."""
    state = demo("match")
    assert state.game_number == 2 and state.current_player == DARK
    assert state.cathedral_state == "unplaced" and len(state.match_scores) == 1


def test_every_lesson_opens_with_its_try_it() -> None:
    for name, spec in LESSONS.items():
        view = lesson(name)
        assert spec.try_it.split(":")[0] in view.message.value
        assert view.compact and not view.state.is_terminal()


def test_unknown_lesson_names_the_lessons() -> None:
    with pytest.raises(ValueError, match="placement, rotation"):
        lesson_state("castling")
