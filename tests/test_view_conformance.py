"""The view contract, checked for every game that has a view (as ``test_conformance.py`` checks the
engines): nothing here names a game, so a new view is tested with no extra work.

For random games to the end, each move is made as a person makes it: the clicks, hovers and key
presses the view lists for it (``GameView.gestures``), chance through the view's own button. After
each move the board's picture shows what the state holds (its ``data-label`` words against the
engine's ``labels(state)``); an illegal move made by pointing shows the engine's reason and changes
nothing; Undo restores the picture; Hint draws ranked marks; every lesson builds and its
demonstration move plays.
"""

from __future__ import annotations

import html
import importlib
import random
import re
from typing import Any

import pytest

pytest.importorskip("anywidget")

import stainedglass as sg
from stainedglass_widgets import Board, views
from harness import perform

VIEWS = views()
SEEDS = (0, 1, 2)
MAX_PLIES = 3000  # random Walls of Light games can run long


def boards(widget: Any) -> list[Board]:
    """Every board widget inside a view, in page order."""
    if isinstance(widget, Board):
        return [widget]
    return [b for child in getattr(widget, "children", ()) for b in boards(child)]


def picture(view: Any) -> list[str]:
    """What the view's boards show with the pointer away from them."""
    for board in boards(view):
        board.hover(None)
    return [b.svg for b in boards(view)]


def first_difference(now: list[str], then: list[str]) -> str:
    """The first element that differs between two pictures (for a readable failure)."""
    for a, b in zip(now, then):
        pa, pb = re.split(r"(?=<g )", a), re.split(r"(?=<g )", b)
        for x, y in zip(pa, pb):
            if x != y:
                at = next(i for i, (u, v) in enumerate(zip(x + " ", y + " ")) if u != v)
                return f"now {x[max(0, at - 150) : at + 150]!r}, was {y[max(0, at - 150) : at + 150]!r}"
    return "a board was added or removed"


def shown_labels(view: Any) -> list[str]:
    found = []
    for board in boards(view):
        found += [html.unescape(x) for x in re.findall(r'data-label="([^"]*)"', board.svg)]
    return sorted(found)


def drawing(name: str) -> Any:
    return importlib.import_module(f"stainedglass.{name}.svg")


def fingerprint(state: sg.State) -> Any:
    return (repr(state._position()), list(state.history), state.current_player)


def message(view: Any) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", view.message.value))


def make_view(name: str, seed: int, variant: dict[str, Any]) -> Any:
    state = sg.load(name, **variant).new_game(seed=seed)
    return VIEWS[name](state, background=False, hint_budget_s=0.05)


def cases() -> list[Any]:
    out = []
    for name in VIEWS:
        for variant in sg.core._REGISTRY[name].variants:
            for seed in SEEDS:
                label = "-".join(f"{k}{v}" for k, v in variant.items()) or "default"
                # make test plays one random game a variant; make test-all all of SEEDS
                marks = () if seed == SEEDS[0] else pytest.mark.full
                out.append(
                    pytest.param(name, variant, seed, id=f"{name}-{label}-{seed}", marks=marks)
                )
    return out


@pytest.mark.parametrize("name, variant, seed", cases())
def test_every_move_of_random_games_is_made_by_pointing(
    name: str, variant: dict[str, Any], seed: int
) -> None:
    view = make_view(name, seed, variant)
    assert view.strict, "the suites run views in strict mode"
    rng = random.Random(seed)
    labels = drawing(name).labels
    seen: list[sg.Move] = []
    counts = {"moves": 0, "chance": 0, "refused": 0, "undone": 0, "hints": 0}
    decision = 0  # the decisions so far (chance moves apart), for the checks' cadence
    for _ply in range(MAX_PLIES):
        state = view.state
        assert shown_labels(view) == sorted(labels(state)), "the picture shows the state"
        if state.is_terminal():
            break
        if state.is_chance():  # a person sets chance off with the view's button
            assert not view.chance_button.disabled and view.chance_button.layout.display != "none"
            before = len(state.history)
            view.chance_button.click()
            assert len(view.state.history) > before
            counts["chance"] += 1
            continue
        decision += 1
        at_rest = picture(view)  # before anything is held, refused or hinted
        legal = state.legal_moves()
        legal_set = set(legal)
        stale = [m for m in seen if m not in legal_set]
        if stale and decision % 3 == 0:  # an illegal move made by pointing: its reason, no change
            move = rng.choice(stale)
            try:
                gestures = view.gestures(move)
            except ValueError:
                gestures = None
            if gestures is not None:
                before = fingerprint(state)
                reason = state.explain(move).words
                view.say("")
                for gesture in gestures:  # a person stops at the first refusal
                    perform(view, [gesture])
                    if "sg-bad" in view.message.value:
                        break
                assert fingerprint(view.state) == before, f"refusing {move} changed the game"
                assert "sg-bad" in view.message.value, f"{move}: no refusal shown"
                assert "Something went wrong" not in message(view)
                if reason in message(view):
                    counts["refused"] += 1
        if decision % 7 == 3 and counts["hints"] < 3 and len(legal) > 1:  # Hint: ranked marks
            view.hint_button.click()
            assert view.wait() and view.suggestions
            svgs = " ".join(b.svg for b in boards(view))
            drawn = set(re.findall(r'class="(?:hint|suggestion)" data-rank="(\d+)"', svgs))
            assert drawn, "the suggestions are marked on the board, with their ranks"
            assert drawn <= {str(m.rank) for m in view.hint_marks()}
            counts["hints"] += 1
        move = rng.choice(legal)
        seen.extend(legal[:50])
        history = list(state.history)
        perform(view, view.gestures(move))
        assert view.state.history[: len(history) + 1] == history + [str(move)], (
            f"{move}: the gestures did not make it ({message(view)})"
        )
        counts["moves"] += 1
        if decision % 5 == 1:  # Undo takes the move back, and the picture with it
            view.undo_button.click()
            assert view.state.history == history
            assert picture(view) == at_rest, (
                f"undoing {move} left the picture changed: {first_difference(picture(view), at_rest)}"
            )
            counts["undone"] += 1
            perform(view, view.gestures(move))
            assert view.state.history[: len(history) + 1] == history + [str(move)]
    assert view.state.is_terminal(), f"no end within {MAX_PLIES} plies"
    assert "Game over" in message(view)
    assert counts["moves"] >= 10 and counts["undone"] >= 2 and counts["hints"] >= 1
    if sg.load(name).facts.chance:
        assert counts["chance"] >= 1
    assert counts["refused"] >= 1, "at least one illegal move was refused with the engine's words"


@pytest.mark.parametrize("name", list(VIEWS))
def test_every_lesson_builds_and_its_demonstration_plays(name: str) -> None:
    module = importlib.import_module(f"stainedglass_widgets.{name}.lessons")
    assert module.LESSONS, "a view's folder has its tutorial's lessons"
    for title, spec in module.LESSONS.items():
        view = module.lesson(title)
        assert view.compact and view.strict
        state = view.state
        before = fingerprint(state)
        legal = state.explain(spec.demo).legal
        try:
            gestures = view.gestures(state.parse_move(spec.demo))
        except ValueError:  # not made by pointing (a chance outcome, or not even a move): typed
            gestures = [("move_text", "select", spec.demo)]
        perform(view, gestures)
        if legal:
            played = str(state.parse_move(spec.demo)) if not state.is_chance() else spec.demo
            assert view.state.history[len(before[1])] == played, f"lesson {title!r}"
        else:
            # refused: by the rule's words, or (a set of shapes still being chosen) "Not yet"
            said = message(view)
            assert fingerprint(view.state) == before, title
            assert "✗ Illegal" in said or "✗ Not yet" in said, (title, said)


@pytest.mark.parametrize("name", list(VIEWS))
def test_a_view_reads_the_game_facts(name: str) -> None:
    view = VIEWS[name](background=False)
    facts = view.game.facts
    assert view.player_names == facts.player_names and view.player_glass == facts.player_colours
    assert len(view.seat_pickers) == facts.max_players
    labels = [label for label, _ in view.seat_pickers[0].options]
    assert ("Alpha-beta bot" in labels) == facts.deterministic_duel
    better = "fewer is better" if facts.lower_is_better else "more is better"
    assert better in view.banner.value and facts.score_label in view.banner.value
    assert (view.chance_button.layout.display != "none") == facts.chance
    if facts.chance:
        assert view.chance_button.description == facts.chance_action
