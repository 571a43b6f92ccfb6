"""The pupil's name, asked once where progress is kept (a tutorial, the coach, the puzzles, a
room), with the words that say it is kept and where; a tutorial's lessons counted under the
name typed at its top. Kernel side, on a real SQLite class store."""

from __future__ import annotations

import importlib
import pathlib

import pytest

pytest.importorskip("anywidget")
pytest.importorskip("sqlalchemy")

import stainedglass as sg
import stainedglass_widgets as sgw
from stainedglass_widgets.features.coach import Coach
from stainedglass_widgets.kit import progress
from stainedglass_widgets.kit.board import boards_in
from stainedglass_widgets.features.rooms import Rooms
from stainedglass_widgets.pages.puzzles import PuzzleBoard
from stainedglass_widgets.serving.classroom import open_store


@pytest.fixture
def class_server(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> pathlib.Path:
    """The class's store a class server names for its kernels; no name typed yet."""
    store = tmp_path / "class.sqlite3"
    monkeypatch.setenv(progress.STORE_VARIABLE, str(store))
    monkeypatch.setattr(progress, "_page_pupil", [""])
    return store


def typed(box: object, name: str) -> None:
    text = next(c for c in box.children if "sg-pupil-name" in c._dom_classes)  # type: ignore[attr-defined]
    text.value = name


@pytest.mark.parametrize("game", sg.games())
def test_a_tutorials_lessons_count_under_the_name_typed_at_its_top(
    class_server: pathlib.Path, game: str
) -> None:
    lessons = importlib.import_module(f"stainedglass_widgets.{game}.lessons")
    box = progress.name_box()
    assert box.layout.display is None  # asked, on a class's server
    assert "kept under this name" in box.children[1].value
    first = next(iter(lessons.LESSONS))
    view = lessons.lesson(first)
    typed(box, "  Ana  ")
    move = next(m for m in view.state.legal_moves())
    view.play(move)
    rows = open_store(class_server).progress()
    assert [r.pupil for r in rows] == ["Ana"] and rows[0].lessons.get(game) == 1


def test_no_name_no_progress_and_no_box_outside_a_class(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(progress.STORE_VARIABLE, raising=False)
    assert progress.name_box().layout.display == "none"


def test_the_coach_asks_for_the_name_and_gives_it_to_the_board(
    class_server: pathlib.Path,
) -> None:
    view = sgw.view(sg.games()[0], background=False)
    coach = view.feature(Coach)
    assert coach is not None
    coach.toggle.value = True
    assert coach.name_box in coach.box.children and coach.name_box.layout.display is None
    typed(coach.name_box, "Ben")
    assert progress.pupil_name(view.board_widgets) == "Ben"
    assert all(b.pupil == "Ben" for b in boards_in(view.board_widgets))


def test_the_puzzles_and_rooms_say_where_the_name_is_kept(class_server: pathlib.Path) -> None:
    page = PuzzleBoard(sg.games()[0], [], background=False)
    assert page.name_words.layout.display is None
    assert "your teacher's server" in page.name_words.value
    rooms = sgw.view(sg.games()[0], background=False).feature(Rooms)
    assert rooms is not None and rooms.name_words.layout.display is None
    assert "kept under this name" in rooms.name_words.value
