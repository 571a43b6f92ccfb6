"""The Cathedral drawing holds what the state holds (kernel side, no browser)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

pytest.importorskip("anywidget")

import stainedglass as sg
from stainedglass.cathedral.pieces import ALL_PIECES, CATHEDRAL, DARK, LIGHT, SIZE, SIZES
from stainedglass.core import cell_name
from stainedglass.cathedral.svg import cathedral_svg, supply_svg
from stainedglass_widgets.cathedral.lessons import LESSONS, lesson_state

NS = "{http://www.w3.org/2000/svg}"
ALL_CELLS = {cell_name(c, r) for r in range(SIZE) for c in range(SIZE)}


def cells(mask: int) -> set[str]:
    return {cell_name(i % SIZE, i // SIZE) for i in range(SIZE * SIZE) if mask >> i & 1}


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)  # also checks the SVG is well-formed XML


def by_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def mid_game(seed: int, plies: int) -> sg.State:
    state = sg.load("cathedral").new_game()
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        state.play(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize("seed", range(6))
def test_every_building_is_drawn_once_on_its_cells(seed: int) -> None:
    state = mid_game(seed, 8 + 3 * seed)
    root = parse(cathedral_svg(state))
    drawn = sorted(
        (g.get("data-owner"), g.get("data-piece"), g.get("data-cells"))
        for g in by_class(root, "building")
    )
    names = {0: "light", 1: "dark", 2: "cathedral"}
    expected = sorted(
        (
            names[o],
            ALL_PIECES[p],
            " ".join(cell_name(i % SIZE, i // SIZE) for i in range(SIZE * SIZE) if m >> i & 1),
        )
        for o, p, m in state.buildings
    )
    assert drawn == expected


@pytest.mark.parametrize("seed", range(6))
def test_squares_and_territory_match_the_state(seed: int) -> None:
    state = mid_game(seed, 14 + 2 * seed)
    root = parse(cathedral_svg(state))
    occupied = state.occ[0] | state.occ[1] | state.occ[2]
    for side, name in ((LIGHT, "light"), (DARK, "dark")):
        shown = {e.get("data-cell") for e in by_class(root, f"territory-{name}")}
        assert shown == cells(state.terr[side] & ~occupied)
    free = {e.get("data-cell") for e in by_class(root, "free")}
    assert free == ALL_CELLS - cells(occupied | state.terr[0] | state.terr[1])


def test_every_square_is_a_target_named_after_it() -> None:
    root = parse(cathedral_svg(mid_game(1, 10)))
    ids = [e.get("data-id") for e in by_class(root, "hit")]
    assert sorted(ids) == sorted(ALL_CELLS)


def test_colours_also_carry_letters() -> None:
    """A colour-blind learner tells the sides apart by the letter on every building."""
    state = mid_game(2, 12)
    root = parse(cathedral_svg(state))
    letters = {"light": "L", "dark": "D", "cathedral": "C"}
    for g in by_class(root, "building"):
        texts = [t.text for t in g.iter(NS + "text")]
        assert texts == [letters[g.get("data-owner")]]


def test_ghost_legal_and_illegal_are_marked_and_clipped() -> None:
    state = sg.load("cathedral").new_game()
    legal = parse(cathedral_svg(state, ghost=[(0, 0), (1, 0)], ghost_legal=True))
    (ghost,) = by_class(legal, "ghost")
    assert [t.text for t in ghost.iter(NS + "text")] == ["✓", "✓"]
    off = parse(cathedral_svg(state, ghost=[(9, 0), (10, 0)], ghost_legal=False))
    (ghost,) = by_class(off, "ghost")
    # the square off the board is left out
    assert [t.text for t in ghost.iter(NS + "text")] == ["✗"]


def test_the_last_claim_and_capture_are_highlighted() -> None:
    state = lesson_state("capture")
    before = parse(cathedral_svg(state))
    assert not by_class(before, "claimed") and not by_class(before, "captured")
    state.play(LESSONS["capture"].demo)
    after = parse(cathedral_svg(state))
    assert len(by_class(after, "claimed")) == 1
    (captured,) = by_class(after, "captured")
    assert [t.text for t in captured.iter(NS + "text")] == ["✗"]  # the tavern's one square
    assert not by_class(parse(cathedral_svg(state, highlight_last=False)), "claimed")


def test_suggestions_are_ghosts_numbered_by_rank_and_shaded_by_value() -> None:
    from stainedglass.glass import hint_colour

    state = sg.load("cathedral").new_game()
    best, second = [(4, 4), (4, 5)], [(4, 5), (4, 6)]  # overlapping: badges must not collide
    root = parse(cathedral_svg(state, suggested=[(best, 1.0, 1), (second, 0.3, 2)]))
    (top,) = by_class(root, "hint")
    (other,) = by_class(root, "suggestion")
    assert top.get("data-cells") == "e5 e6" and other.get("data-cells") == "e6 e7"
    assert [t.text for t in top.iter(NS + "text")] == ["1"]
    assert [t.text for t in other.iter(NS + "text")] == ["2"]
    badges = [(c.get("cx"), c.get("cy")) for g in (top, other) for c in g.iter(NS + "circle")]
    assert len(set(badges)) == 2
    fills = {g.get("data-rank"): {r.get("fill") for r in g.iter(NS + "rect")} for g in (top, other)}
    assert fills == {"1": {hint_colour(1.0)}, "2": {hint_colour(0.3)}}
    groups = [
        g.get("class") for g in root.iter(NS + "g") if g.get("class") in ("hint", "suggestion")
    ]
    assert groups == ["suggestion", "hint"]  # the best is drawn last, on top


def test_supply_lists_what_each_side_may_still_place() -> None:
    state = mid_game(3, 15)
    for side in (LIGHT, DARK):
        root = parse(supply_svg(state, side))
        shown = {
            g.get("data-piece"): int(g.get("data-count")) for g in by_class(root, "supply-piece")
        }
        assert shown == {ALL_PIECES[p]: n for p, n in enumerate(state.supply[side]) if n}
        ids = {e.get("data-id") for e in by_class(root, "hit")}
        assert ids == {f"piece:{name}" for name in shown}
        left = sum(n * SIZES[p] for p, n in enumerate(state.supply[side]))
        assert f"{left} left" in "".join(root.itertext())


def test_supply_offers_the_cathedral_to_its_placer_first() -> None:
    state = sg.load("cathedral").new_game()
    light = by_class(parse(supply_svg(state, LIGHT, selected=CATHEDRAL)), "supply-piece")
    assert light[0].get("data-piece") == "cathedral" and light[0].get("data-selected") == "true"
    dark = by_class(parse(supply_svg(state, DARK)), "supply-piece")
    assert "cathedral" not in {g.get("data-piece") for g in dark}
