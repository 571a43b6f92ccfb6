"""A dashboard is a play view and the features attached to it (``stainedglass_widgets.kit.feature``):
a new feature is one new module and one line in the dashboard it joins, and the play view knows
none of them."""

from __future__ import annotations

import ast
import pathlib

import pytest

pytest.importorskip("anywidget")

import stainedglass as sg
import stainedglass_widgets as sgw
from stainedglass_widgets.features import DASHBOARDS
from stainedglass_widgets.features.hints import Hints
from stainedglass_widgets.features.review import Compare
from stainedglass_widgets.kit.feature import Feature, feature_class
from harness import ROOT

TOY = '''
"""A toy feature: a move counter in the strip that also limits the hints and keeps its count
in the page's address."""

import ipywidgets as w

import stainedglass as sg
from stainedglass_widgets.features.hints import Hints
from stainedglass_widgets.kit.feature import Feature


class MoveCounter(Feature):
    name = "counter"
    provides = ("counter_label",)

    def __init__(self, view):
        super().__init__(view)
        self.moves = 0
        self.counter_label = w.HTML()
        view.add_widgets("strip", self.counter_label)
        view.hooks.after_change.append(self.update)
        view.hooks.before_move.append(self.before_move)
        self.hints = view.feature(Hints)  # another feature, found through the view (typed)
        if self.hints is not None:
            view.hooks.may_hint.append(
                lambda: None if self.moves < 2 else ("No more hints.", "info")
            )
        view.address.claim(("counted",), self.address_fields, precedence=30)

    def address_fields(self):
        return [("counted", str(self.moves))] if self.moves >= 2 else []

    def before_move(self, move, words):
        if str(move).startswith("tavern j"):
            raise sg.IllegalMove("the toy keeps column j free")
        self.moves += 1
        return False  # the move goes on

    def update(self):
        self.counter_label.value = f"Moves by people: {self.moves}"
'''


def test_a_toy_feature_plugs_in_with_one_module_and_one_line(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "toy_feature.py").write_text(TOY)  # the new module
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(DASHBOARDS, "play", [*DASHBOARDS["play"], "toy_feature:MoveCounter"])
    view = sgw.view("cathedral", background=False, hint_budget_s=0.05)
    assert "counter" in view.features and view.counter_label in view.strip.children
    view.play("cathedral e4 d5 e5 f5 e6 e7")
    assert view.counter_label.value == "Moves by people: 1"  # after every change
    view.move_text.value = "tavern j1"  # refused by the feature's before-move hook, in words
    assert "the toy keeps column j free" in view.message.value and len(view.state.history) == 1
    assert view.keeper is not None and view.keeper.address.startswith("?record=")
    view.play("tavern a1")
    view.hint()  # gated through the hints feature it found on the view
    assert not view.suggestions and "No more hints" in view.message.value
    assert "counter" not in sgw.view("cathedral", compact=True).features  # one dashboard only
    toy = view.features["counter"]
    assert toy.hints is view.feature(Hints) is view.features["hints"]  # asked for by its class
    assert view.feature(type(toy)) is toy and view.feature(Compare) is view.features["review"]
    # its key in the page's address, over the record's (a higher precedence)
    assert view.keeper.address == "?counted=2"
    with pytest.raises(ValueError, match="'record' is claimed already"):
        view.address.claim(("record",), lambda: [], precedence=40)


def test_hints_are_gated_and_counted_through_the_views_hooks() -> None:
    view = sgw.view("cathedral", background=False, hint_budget_s=0.05)
    given: list[int] = []
    view.hooks.hint_given.append(lambda: given.append(len(view.suggestions)))
    view.hooks.may_hint.append(lambda: ("Not now.", "bad") if not given else None)
    view.hint()  # refused by the first hook: its words said, no search
    assert "Not now." in view.message.value and not view.suggestions and given == []
    given.append(0)
    view.hint()
    assert view.suggestions and len(given) == 2  # told once the hint was found


def test_a_bad_feature_entry_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match="module:Class"):
        feature_class("stainedglass_widgets.features.coach")
    with pytest.raises(ValueError, match="is not a Feature"):
        feature_class("stainedglass_widgets.kit.play:Play")
    with pytest.raises(ValueError, match="no dashboard 'stage'"):
        sgw.view("cathedral", dashboard="stage")


def test_two_features_may_not_provide_the_same_name(monkeypatch: pytest.MonkeyPatch) -> None:
    class Twin(Feature):
        name = "twin"
        provides = ("hint_button",)

    monkeypatch.setattr(
        "stainedglass_widgets.kit.game_view.feature_class",
        lambda entry: Twin if entry == "twin" else feature_class(entry),
    )
    monkeypatch.setitem(DASHBOARDS, "play", [*DASHBOARDS["play"], "twin"])
    with pytest.raises(ValueError, match="provides 'hint_button'"):
        sgw.view("cathedral", background=False)


def test_every_dashboard_is_made_of_features_the_play_view_does_not_import() -> None:
    path = ROOT / "widgets" / "stainedglass_widgets" / "kit" / "game_view.py"
    tree = ast.parse(path.read_text())
    imported = {
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.level == 1
    }
    features = {entry.split(":")[0].lstrip(".") for d in DASHBOARDS.values() for entry in d}
    assert imported and not imported & features, imported & features
    assert len(path.read_text().splitlines()) < 450  # the play view stays small
    for name, entries in DASHBOARDS.items():  # every entry names a real feature
        assert all(issubclass(feature_class(e), Feature) for e in entries), name


def test_the_model_plays_without_widgets() -> None:
    from stainedglass_widgets.kit.play import Play

    play = Play(sg.load("coloring", players=2), seats=["greedy", "greedy"], background=False)
    seen: list[str] = []
    play.listen("moved", lambda player, move, words: seen.append(str(move)))
    play.listen("changed", lambda: seen.append("changed"))
    play.run_computer()
    assert play.state.is_terminal() and seen == play.state.history
    play.set_position(play.start.clone())
    assert seen[-1] == "changed" and play.state.history == []
    with pytest.raises(ValueError, match="no event"):
        play.listen("clicked", print)
