"""The position editor's frame (Edit, Play from here, Hint here, Share, Back), for every game whose
view has an editor (no game is named: a new editor is tested with no extra work). Each game's own
tools are tested beside it (tests/test_views_<game>_editor.py)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("anywidget")

import stainedglass as sg
from stainedglass_widgets import view, views
from stainedglass_widgets.features.editor import editor_for
from stainedglass_widgets.features.records import open_link

EDITED = sorted(name for name in views() if editor_for(name) is not None)


def played(name: str, plies: int, seed: int) -> sg.State:
    state = sg.load(name).new_game(seed=seed)
    rng = random.Random(seed)
    while len(state.history) < plies and not state.is_terminal():
        state.play(state.sample_chance() if state.is_chance() else rng.choice(state.legal_moves()))
    while state.is_chance():  # the editor opens on a player's turn, as a teacher sees it
        state.play(state.sample_chance())
    return state


def on_page(box, widget) -> bool:
    """Whether ``widget`` is shown inside ``box`` (at any depth)."""
    return any(child is widget or on_page(child, widget) for child in getattr(box, "children", ()))


def test_every_game_has_a_position_editor():
    """For the classroom: an Edit mode on each play dashboard."""
    assert sorted(views()) == EDITED


@pytest.mark.parametrize("name", EDITED)
def test_edit_then_play_from_here_goes_on_from_the_same_position(name):
    v = view(name, background=False)
    v.show_record(played(name, 9, seed=3).record())
    before = v.state.clone()
    v.edit()
    assert v.editor is not None and v.editor_box.children == (v.editor,)
    assert not set(v.board_widgets) & set(v.children)  # the game's board leaves the page
    assert not on_page(v, v.undo_button) and not on_page(v, v.records.share_button)
    assert v.editor.problem() is None, v.editor.message.value
    assert v.editor.play_from_here() is True
    assert v.editor is None and v.editor_box.children == ()
    assert set(v.board_widgets) <= set(v.children) and on_page(v, v.undo_button)
    assert v.state.history == [] and "set up" in v.message.value
    assert v.state.current_player == before.current_player
    assert sorted(map(str, v.state.legal_moves())) == sorted(map(str, before.legal_moves()))
    assert v.state.scores() == before.scores()
    move = v.state.legal_moves()[0]
    v.play(move)  # and the game goes on from there
    assert v.state.history == [str(move)]
    v.undo()
    assert v.state.history == []


@pytest.mark.parametrize("name", EDITED)
def test_the_board_leaves_the_page_before_the_editor_comes(name):
    """The page (which applies changes in the order they are sent) never shows the game's board
    and the editor's at once: they share their SVG's pattern ids."""
    v = view(name, background=False)
    sent: list[str] = []
    v.observe(
        lambda change: sent.append(
            "board left" if not set(v.board_widgets) & set(change["new"]) else "board shown"
        ),
        "children",
    )
    v.editor_box.observe(
        lambda change: sent.append("editor" if change["new"] else "no editor"), "children"
    )
    v.edit()
    assert sent == ["board left", "editor"]
    assert v.editor is not None and v.editor.play_from_here() is True
    assert sent[2:] == ["no editor", "board shown"]


@pytest.mark.parametrize("name", EDITED)
def test_an_edited_position_is_shared_as_a_link_that_opens_it(name):
    v = view(name, background=False)
    v.show_record(played(name, 7, seed=5).record())
    v.edit()
    link = v.editor.share()
    assert link and v.editor.link_text.value == link
    other = view(name, background=False)
    assert open_link(other, link.split("?", 1)[1]) is True
    assert other.state.history == []
    assert sorted(map(str, other.state.legal_moves())) == sorted(map(str, v.state.legal_moves()))


@pytest.mark.parametrize("name", EDITED)
def test_hint_here_plays_from_the_position_and_asks_for_a_hint(name):
    v = view(name, background=False, hint_budget_s=0.2)
    v.show_record(played(name, 5, seed=7).record())
    v.edit()
    assert v.editor.hint_here() is True
    v.wait()
    assert v.editor is None and v.suggestions


@pytest.mark.parametrize("name", EDITED)
def test_a_refused_position_keeps_the_editor_open_with_the_engines_reason(name):
    v = view(name, background=False)
    v.edit()
    editor = v.editor
    editor.position = {"no such key": 1}
    assert editor.play_from_here() is False
    assert v.editor is editor and "Refused:" in editor.message.value
    assert "no such key" in editor.message.value or "unknown" in editor.message.value
    assert editor.share() == ""
    editor.back()
    assert v.editor is None and "Back to the game" in v.message.value


def test_a_lesson_board_has_no_editor():
    v = view(sorted(views())[0], background=False, compact=True)  # a lesson's board
    assert "editing" not in v.features and not hasattr(v, "edit")
