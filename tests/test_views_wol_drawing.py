"""The Walls of Light drawing holds what the state holds (kernel side, no browser)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

pytest.importorskip("anywidget")

import stainedglass as sg
from stainedglass.core import cell_name
from stainedglass.walls_of_light.windows import COLOR_NAMES
from stainedglass.walls_of_light.svg import hand_svg, walls_of_light_svg
from stainedglass.walls_of_light.svg import face_title
from stainedglass_widgets.walls_of_light.lessons import lesson_state


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)  # also checks the SVG is well-formed XML


def by_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def mid_game(seed: int, plies: int, players: int = 3) -> sg.State:
    state = sg.load("walls_of_light", players=players).new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        state.play(state.sample_chance() if state.is_chance() else rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize("seed", range(6))
def test_every_space_is_drawn_with_what_it_holds(seed: int) -> None:
    state = mid_game(seed, 40 + 25 * seed, players=2 + seed % 2)
    root = parse(walls_of_light_svg(state))
    drawn = {g.get("data-space"): g for g in by_class(root, "space")}
    expected = set()
    for pos in range(6):
        for cell in state.face(pos).spaces:
            name = f"{pos + 1}:{cell_name(cell % 4, cell // 4)}"
            expected.add(name)
            space = state.space(pos, cell)
            g = drawn[name]
            assert g.get("data-shown") == (space["shown"] or "")
            assert g.get("data-printed") == (space["printed"] or "")
            assert sorted((g.get("data-winks") or "").split()) == sorted(space["winks"])
            assert g.get("data-special") == (space["special"] or "")
            # a wink is a disc with its letter; a printed pane is not a disc
            assert len(by_class(g, "wink")) == len(space["winks"])
    assert set(drawn) == expected
    hits = {e.get("data-id") for e in by_class(root, "hit")}
    assert expected | {"die:r", "die:b", "die:y"} == hits


@pytest.mark.parametrize("seed", range(4))
def test_windows_dice_cubes_scores_and_supply_match_the_state(seed: int) -> None:
    state = mid_game(seed, 120 + 30 * seed)
    root = parse(walls_of_light_svg(state))
    windows = by_class(root, "window")
    assert [w.get("data-position") for w in windows] == ["1", "2", "3", "4", "5", "6"]
    for pos, win in enumerate(windows):
        assert win.get("data-face") == face_title(state.face(pos))
        assert win.get("data-cube") == str(state.cubes[pos]).lower()
        missing = len(state.face(pos).spaces) - state.filled[pos]
        assert win.get("data-to-fill") == str(missing)
    cubes = {c.get("data-position"): c.get("data-on") for c in by_class(root, "white-cube")}
    assert cubes == {str(p + 1): str(state.cubes[p]).lower() for p in range(6)}
    dice = [d.get("data-value") for d in by_class(root, "die")]
    assert dice == [str(v) for v in state.dice]
    scores = {c.get("data-player"): int(c.get("data-score")) for c in by_class(root, "score-cube")}
    assert scores == {COLOR_NAMES[p]: s for p, s in enumerate(state.scores())}
    supply = {s.get("data-color"): int(s.get("data-count")) for s in by_class(root, "supply")}
    assert supply == {COLOR_NAMES[c]: state.supply[c] for c in range(3)}


def test_printed_panes_and_winks_look_different() -> None:
    """The lesson on printed panes: a printed blue pane has the lead lattice and no disc; a
    wink is a disc; once red covers the printed blue, the space shows purple with one disc."""
    state = lesson_state("printed")
    state.play("place red 1:c2")
    root = parse(walls_of_light_svg(state))
    space = next(g for g in by_class(root, "space") if g.get("data-space") == "1:c2")
    assert space.get("data-shown") == "purple" and space.get("data-printed") == "blue"
    assert [w.get("data-color") for w in by_class(space, "wink")] == ["red"]
    assert "url(#quarry)" in ET.tostring(space, encoding="unicode")
    empty = next(g for g in by_class(root, "space") if g.get("data-space") == "1:c1")
    assert "quarry" not in ET.tostring(empty, encoding="unicode")


def test_a_stack_shows_two_discs_and_the_neutral_colour_is_marked() -> None:
    state = lesson_state("stacks")
    state.play("place red 6:b1")
    space = next(
        g
        for g in by_class(parse(walls_of_light_svg(state)), "space")
        if g.get("data-space") == "6:b1"
    )
    assert [w.get("data-color") for w in by_class(space, "wink")] == ["red", "red"]
    two = lesson_state("two players")
    svg = walls_of_light_svg(two)
    assert "neutral" in svg and "neutral" not in walls_of_light_svg(lesson_state("dice"))


def test_highlights_are_drawn_on_the_spaces_named() -> None:
    state = lesson_state("dice")
    svg = walls_of_light_svg(
        state,
        targets={"2:b1", "3:a1"},
        suggested=[("6:b1", 1.0, 1), ("2:b1", 0.4, 2), ("6:b1", 0.3, 3)],
        picked={"3:a1"},
        dice_selected="rb",
    )
    root = parse(svg)
    assert {g.get("data-space") for g in by_class(root, "target")} == {"2:b1", "3:a1"}
    assert [g.get("data-space") for g in by_class(root, "hint")] == ["6:b1"]
    assert [(g.get("data-space"), g.get("data-rank")) for g in by_class(root, "suggestion")] == [
        ("6:b1", "3"),
        ("2:b1", "2"),
    ], "every suggestion shows its number, the best drawn last"
    # a space two suggestions share is ringed once, for the best; each number in its own corner
    (best,) = by_class(root, "hint")
    shared = next(g for g in by_class(root, "suggestion") if g.get("data-rank") == "3")
    assert best.findall("{*}rect") and not shared.findall("{*}rect")
    spot = {(c.get("cx"), c.get("cy")) for g in (best, shared) for c in g.findall("{*}circle")}
    assert len(spot) == 2
    assert ["".join(g.itertext()) for g in (best, shared)] == ["1", "3"]
    assert [g.get("data-space") for g in by_class(root, "picked")] == ["3:a1"]
    assert [d.get("data-die") for d in by_class(root, "die") if d.get("data-selected")] == [
        "r",
        "b",
    ]
    # the dice ring the windows they name: 2, 3 and 6
    rolled = {w.get("data-position") for w in by_class(root, "window") if by_class(w, "rolled")}
    assert rolled == {"2", "3", "6"}


def test_the_hand_shows_its_cards_and_hides_the_others() -> None:
    state = lesson_state("extra glass")
    root = parse(hand_svg(state, 0, playable={"extra", "swap"}))
    cards = {
        c.get("data-card"): (c.get("data-count"), c.get("data-playable"))
        for c in by_class(root, "card")
    }
    assert cards == {
        "extra": ("1", "true"),
        "swap": ("1", "true"),
        "reroll": ("1", "false"),
        "modify": ("1", "false"),
    }
    assert {e.get("data-id") for e in by_class(root, "hit")} == {
        "card:extra",
        "card:swap",
        "card:reroll",
        "card:modify",
    }
    hidden = parse(hand_svg(state, None))
    assert not by_class(hidden, "card") and not by_class(hidden, "hit")
    assert "Hands hidden" in hand_svg(state, None)


def test_a_card_with_two_uses_suggested_shows_both_numbers() -> None:
    """Two suggestions play Roll Again (on other dice): the card carries both numbers, each in
    a badge of its own, the card outlined once."""
    state = lesson_state("extra glass")
    root = parse(hand_svg(state, 0, suggested=[("reroll", 0.9, 2), ("reroll", 0.5, 3)]))
    marks = [g for g in root.iter() if g.get("class") in ("hint", "suggestion")]
    assert [(g.get("data-card"), g.get("data-rank")) for g in marks] == [
        ("reroll", "2"),
        ("reroll", "3"),
    ]
    centres = {
        (c.get("cx"), c.get("cy")) for g in marks for c in g.iter() if c.tag.endswith("circle")
    }
    assert len(centres) == 2
    assert ["".join(g.itertext()).strip() for g in marks] == ["2", "3"]
    assert sum(1 for g in marks for r in g.iter() if r.tag.endswith("rect")) == 1
