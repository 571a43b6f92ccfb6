"""The view kit: one entry point for every game's view, the gallery found from the registry, and
views configured by class attributes and hooks."""

from __future__ import annotations

import html
import re
from typing import Any
import pathlib
import shutil

import pytest

pytest.importorskip("anywidget")

import stainedglass as sg
import stainedglass_widgets as sgw
from stainedglass_widgets.kit.board import boards_in
from stainedglass_widgets.pages.gallery import entries, gallery_html
from harness import perform

NOTEBOOKS = pathlib.Path(__file__).resolve().parents[1] / "notebooks"


def test_every_view_is_found_in_its_folder_and_made_by_name() -> None:
    found = sgw.views()
    assert list(found) == [g for g in sg.games() if g in found]  # the engine's order
    for name, cls in found.items():
        assert cls.game_name == name and cls.__module__ == f"stainedglass_widgets.{name}.view"
        assert getattr(sgw, cls.__name__) is cls  # importable by its own name
        view = sgw.view(name, background=False)
        assert isinstance(view, cls) and view.state.game.name == name


def test_view_takes_the_games_options_and_refuses_bad_ones() -> None:
    assert sgw.view("walls_of_light", players=2, background=False).state.num_players == 2
    with pytest.raises(ValueError, match="option players="):
        sgw.view("walls_of_light", players=7)
    with pytest.raises(ValueError, match="no view for 'chess'"):
        sgw.view("chess")
    with pytest.raises(ValueError, match="go with a new game"):
        sgw.view("cathedral", state=sg.load("cathedral").new_game(), match=True)
    with pytest.raises(ValueError, match="plays cathedral, not walls_of_light"):
        sgw.CathedralView(sg.load("walls_of_light").new_game())
    with pytest.raises(AttributeError):
        sgw.ChessView  # noqa: B018 - the attribute look-up is what is tested


def test_the_gallery_shows_a_card_for_each_game_whose_notebooks_are_beside_it(
    tmp_path: pathlib.Path,
) -> None:
    assert gallery_html(tmp_path).count('class="sg-card"') == 0  # nothing beside it: says so
    assert "No game notebooks" in gallery_html(tmp_path)
    games = [e.game for e in entries()]
    first = entries()[0]
    for name in (first.tutorial, first.play):  # one game's notebooks only
        shutil.copy(NOTEBOOKS / name, tmp_path / name)
    page = gallery_html(tmp_path)
    assert page.count('class="sg-card"') == 1 and f'data-game="{first.game}"' in page
    assert f'href="{first.play}"' in page and f'href="{first.tutorial}"' in page
    full = gallery_html(NOTEBOOKS)
    assert [g for g in games if f'data-game="{g}"' in full] == games  # every game with a view
    for e in entries():
        assert e.legend and e.blurb and e.picture().startswith("<svg")


def test_sagradas_end_shows_the_verdict_large() -> None:
    from stainedglass_widgets.sagrada.lessons import LESSONS, lesson

    view = lesson("end")
    view.move_text.value = LESSONS["end"].demo  # the last turn: the game ends
    state = view.state
    assert state.is_terminal()
    score, target = state.scores()[0], state.target()
    assert f"Lost: {score} against {target}" in view.banner.value and score < target
    assert "Target: the turn bar's values sum to" in html.unescape(view.message.value)


@pytest.mark.parametrize("name", list(sgw.views()))
def test_a_play_view_keeps_the_game_in_the_page_address(name: str) -> None:
    """The page's address follows the game, so a reload (or a lost kernel's Reload) reopens the
    same position; a lesson's compact board leaves the address alone."""
    view = sgw.view(name, background=False)
    keeper = view.keeper
    assert keeper is not None and keeper.keeper
    for _ in range(3):
        if view.state.is_terminal():
            break
        view.play(
            view.state.sample_chance() if view.state.is_chance() else view.state.legal_moves()[0]
        )
    assert keeper.moves == len(view.state.history) > 0
    assert keeper.address.startswith("?record=r1.")
    reopened = sg.load_record(keeper.address).state()
    assert reopened.history == view.state.history
    assert sgw.view_class(name)(view.state.clone(), compact=True, background=False).keeper is None


def test_the_keeper_board_answers_the_pages_ping() -> None:
    board = sgw.Board(svg="<svg/>", keeper=True)
    sent = []
    board.send = sent.append  # type: ignore[method-assign]
    board._on_message(board, {"event": "ping"}, [])
    assert sent == [{"event": "pong"}]


@pytest.mark.parametrize("game", sorted(sgw.views()))
@pytest.mark.parametrize(
    "typed",
    ["x" * 5000, "place " + "y" * 5000, "draw " + "R" * 5000, "place red " + "3:a1 " * 1000],
)
def test_a_long_typed_move_is_quoted_short_in_its_refusal(game: str, typed: str) -> None:
    """A refusal that quotes what was typed in the move box quotes at most 60 characters of it,
    ending in "…": a pasted page of text does not run off the page."""
    view = sgw.view(game, background=False)
    view.strict = False
    view.move_text.value = typed
    view.safe(view.play_text)(typed)
    said = html.unescape(view.message.value)
    assert "Illegal" in said or "✗" in said, said[:200]
    assert len(said) < 600, said[:200]
    assert typed.strip()[:60] not in said
    if typed.strip()[:59] in said:
        assert typed.strip()[:59] + "…" in said, said


MOVE_MARKS = re.compile(
    r'class="(?:target|ghost|preview legal|confirm|choice)"|data-playable="true"|pays a tool'
)
"""What invites a move on a board: Walls of Light's green rings and playable cards, Cathedral's
ghost, Sagrada's and Coloring's previews, choices, paying cards and confirm button."""
LABEL = re.compile(r'data-label="([^"]*)"')


def move_marks(view: Any) -> list[str]:
    return [m for board in boards_in(view.board_widgets) for m in MOVE_MARKS.findall(board.svg)]


def labels(view: Any) -> list[str]:
    return sorted(m for b in boards_in(view.board_widgets) for m in LABEL.findall(b.svg))


def show_move_marks(view: Any) -> list[tuple[str, str, Any]]:
    """Begin a move of the player to move as a person does (every gesture of a legal move but
    its last), one that draws move marks; those gestures."""
    while view.state.is_chance():
        view.chance_button.click()
    for move in view.state.legal_moves()[:40]:
        try:
            gestures = view.gestures(move)[:-1]
        except ValueError:
            continue
        perform(view, gestures)
        if move_marks(view):
            return gestures
        view.on_new_state()
        view.redraw()
    raise AssertionError(f"no move of {view.game.name} draws move marks")


@pytest.mark.parametrize("seat", ["remote", "greedy"])
@pytest.mark.parametrize("name", list(sgw.views()))
def test_the_move_marks_show_only_when_a_person_here_may_move(name: str, seat: str) -> None:
    """A board draws its move marks (rings, ghosts, ✓ previews) only when a person on this
    device may make the move: not while a pupil on another device or a bot holds the seat."""
    view = sgw.view(name, background=False)
    gestures = show_move_marks(view)
    player = view.state.current_player
    assert view.may_move_here()
    shown = labels(view)
    view.model.set_seat(player, seat)
    view.redraw()
    assert not view.may_move_here()
    assert move_marks(view) == [], f"{name}: move marks for another's move"
    assert labels(view) == shown  # the board still shows the position
    perform(view, [g for g in gestures if g[1] == "hover"])  # the pointer over the board
    assert move_marks(view) == []
    view.model.set_seat(player, "human")
    view.redraw()
    assert view.may_move_here() and move_marks(view), f"{name}: no move marks on a person's turn"
