"""Leading the class on the views' Python side: the teacher's console leads a board, pupils'
play dashboards follow it, answer "Your move?" and see their verdicts at the reveal; a real
SQLite store stands for the class's server."""

from __future__ import annotations

import pathlib
from typing import Any

import pytest

pytest.importorskip("anywidget")
pytest.importorskip("sqlalchemy")

import stainedglass as sg
import stainedglass_widgets as sgw
from stainedglass_widgets.features.follow import Follow
from stainedglass_widgets.kit.board import boards_in
from stainedglass_widgets.kit.searches import HUMAN, REMOTE
from stainedglass_widgets.pages.console import Console
from stainedglass_widgets.serving.classroom import open_store


def pupil(store: pathlib.Path, name: str, game: str = "cathedral") -> Any:
    view = sgw.view(game, background=False)
    follow = view.feature(Follow)
    follow.use_store(open_store(store))
    follow.given_name = name
    return view, follow


@pytest.fixture
def store(tmp_path: pathlib.Path) -> pathlib.Path:
    return tmp_path / "class.sqlite3"


def test_pupils_follow_the_teachers_board_answer_and_see_their_verdicts(
    store: pathlib.Path,
) -> None:
    console = Console(store, password="", background=False)
    lead = console.leading
    (ann, fa), (ben, fb), (cleo, fc) = (pupil(store, n) for n in ("Ann", "Ben", "Cleo"))
    fa.sync()
    assert not fa.offered  # the teacher leads no one yet
    lead.start("cathedral")
    for f in (fa, fb, fc):
        f.sync()
        assert f.offered and f.box.layout.display is None
        assert "Your teacher is showing a position" in f.words.value
        f.follow()
    lead.view.play("cathedral e4 d5 e5 f5 e6 e7")
    for view, f in ((ann, fa), (ben, fb), (cleo, fc)):
        f.sync()
        assert [str(m) for m in view.state.history] == ["cathedral e4 d5 e5 f5 e6 e7"]
        with pytest.raises(sg.IllegalMove, match="your teacher plays Dark"):  # read-only
            view.play("tavern a1")
        assert len(view.state.history) == 1
    lead.ask()
    for view, f in ((ann, fa), (ben, fb), (cleo, fc)):
        f.sync()
        assert "Your move?" in f.words.value
        assert view.model.seat(1) == HUMAN and view.model.seat(0) == REMOTE  # Dark asked
    ann.play("tavern a1")
    ben.play("tavern a1")
    ben.play("castle a1 b1 c1 a2 c2")  # changed his mind
    cleo.play("tavern e5")  # illegal: refused in the rule's words, nothing sent
    assert "covered" in cleo.message.value
    assert all(len(v.state.history) == 1 for v in (ann, ben, cleo))  # answers are not played
    lead.refresh()
    assert "2 of 3" in lead.answers.value
    assert {m.rank for m in lead.view.hint_marks()} == {1}  # each chosen once
    lead.reveal()
    assert "Best:" in lead.words.value
    for f, name in ((fa, "Ann"), (fb, "Ben"), (fc, "Cleo")):
        f.sync()
        assert "Best:" in f.words.value
        assert ("did not answer" in f.words.value) == (name == "Cleo")
    verdicts = {
        a.pupil: a.verdict for a in open_store(store).answers(lead.store().lead().question.id)
    }
    assert set(verdicts) == {"Ann", "Ben"} and all(verdicts.values())
    console.refresh()
    assert "Questions asked" in console.table.value
    lead.stop()
    fa.sync()
    assert not fa.following and fa.view.model.fixed == ""


def test_hidden_hands_a_question_shows_the_asked_seats_hand_only(store: pathlib.Path) -> None:
    console = Console(store, password="", background=False)
    console.leading.start("walls_of_light")
    teacher = console.leading.view
    while teacher.state.is_chance():
        teacher.play(teacher.state.sample_chance())
    view, follow = pupil(store, "Ann", "walls_of_light")
    follow.sync()
    follow.follow()
    console.leading.ask()
    follow.sync()
    asked = teacher.state.current_player
    seats = [view.model.seat(p) for p in range(teacher.state.num_players)]
    assert seats == [HUMAN if p == asked else REMOTE for p in range(len(seats))]


def test_leading_without_the_password_is_refused_and_writes_nothing(store: pathlib.Path) -> None:
    console = Console(store, password="owl7", background=False)
    before = open_store(store).dump()
    console.leading.lead_button.click()
    assert "teacher's password" in console.leading.words.value
    console.leading.ask_button.click()
    assert open_store(store).dump() == before and open_store(store).lead() is None


def test_a_pupil_without_a_name_or_in_a_room_is_not_offered_to_follow(
    store: pathlib.Path,
) -> None:
    console = Console(store, password="", background=False)
    console.leading.start("cathedral")
    view, follow = pupil(store, "")
    follow.sync()
    assert not follow.offered
    with pytest.raises(ValueError, match="type your name"):
        follow.follow()
    other, f2 = pupil(store, "Ann", "sagrada")
    f2.sync()
    assert not f2.offered  # the teacher shows another game
    assert sg.games()  # the games are there to follow


def test_a_reloaded_pupil_follows_again_and_keeps_the_answer(store: pathlib.Path) -> None:
    console = Console(store, password="", background=False)
    console.leading.start("cathedral")
    console.leading.view.play("cathedral e4 d5 e5 f5 e6 e7")
    view, follow = pupil(store, "Ann")
    follow.sync()
    follow.follow()
    assert follow.address_fields() == [("follow", str(follow.lead.id))]
    console.leading.ask()
    follow.sync()
    view.play("tavern a1")
    again, follow2 = pupil(store, "Ann")  # the page reloaded: a new kernel, the same address
    assert follow2.open_link("?follow=" + str(follow.lead.id)) is True
    assert follow2.following and "tavern a1" in follow2.words.value
    assert [str(m) for m in again.state.history] == ["cathedral e4 d5 e5 f5 e6 e7"]


def test_a_reloaded_page_follows_again_once_the_browser_gives_the_name(
    store: pathlib.Path,
) -> None:
    console = Console(store, password="", background=False)
    console.leading.start("cathedral")
    view, follow = pupil(store, "")
    lead = open_store(store).lead()
    assert follow.open_link(f"?follow={lead.id}") is True and not follow.following
    for board in boards_in(view.board_widgets)[:1]:
        board.pupil = "Ann"  # what board.js sets from the browser's storage
    assert follow.following
