"""Leading the class on the views' Python side: the teacher's console leads a board, pupils'
play dashboards follow it, answer "Your move?" and see their verdicts at the reveal; a real
SQLite store stands for the class's server."""

from __future__ import annotations

import html
import pathlib
from typing import Any

import pytest

pytest.importorskip("anywidget")
pytest.importorskip("sqlalchemy")

import stainedglass as sg
import stainedglass_widgets as sgw
from stainedglass_widgets.kit.messages import verdict_text
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
    assert "2 of 3" in lead.count.value
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
    assert view.chance_button.layout.display == "none"  # the teacher's board rolls, not this
    move = str(sg.load_record(follow.lead.question.position).state().legal_moves()[0])
    view.move_text.value = move  # typed: sent as the answer, and the box is free again
    assert follow.answered == move and view.move_text.value == ""


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
    assert follow2.following and "the tavern on a1" in follow2.words.value
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


def asked_class(store: pathlib.Path, game: str = "cathedral", pupils: int = 2) -> Any:
    """A console leading ``game`` (Cathedral: one move played), ``pupils`` following, asked."""
    console = Console(store, password="", background=False)
    console.leading.start(game)
    teacher = console.leading.view
    if game == "cathedral":
        teacher.play("cathedral e4 d5 e5 f5 e6 e7")
    while teacher.state.is_chance():
        teacher.play(teacher.state.sample_chance())
    following = [pupil(store, name, game) for name in ("Ann", "Ben", "Cleo")[:pupils]]
    for _, f in following:
        f.sync()
        f.follow()
    console.leading.ask()
    for _, f in following:
        f.sync()
    return console, following


def strip_words(view: Any) -> str:
    return " ".join(getattr(c, "value", "") or "" for c in view.strip.children)


def test_a_following_pupil_gets_no_help_while_the_question_is_open(store: pathlib.Path) -> None:
    console, [(ann, fa)] = asked_class(store, pupils=1)
    assert ann.hint_button.disabled and ann.compare_button.disabled and ann.coach.toggle.disabled
    assert "No hints while your teacher's question is open" in strip_words(ann)
    ann.hint()  # the key h: refused in words, nothing searched or marked
    assert not ann.suggestions and "No hints" in ann.message.value
    ann.coach.start("gentle")  # Teach me from code: refused too
    assert not ann.coach.active
    ann.compare_last()
    assert "No hints" in ann.message.value
    ann.play("tavern a1")
    console.leading.reveal()
    fa.sync()
    assert not ann.hint_button.disabled and not ann.compare_button.disabled
    assert not ann.coach.toggle.disabled
    assert "No hints" not in strip_words(ann)


def test_the_lead_boards_strip_keeps_the_leads_buttons_and_count_on_the_projector(
    store: pathlib.Path,
) -> None:
    from stainedglass_widgets.features.projector import CSS

    console, following = asked_class(store, pupils=2)
    lead = console.leading
    view = lead.view
    view.projector.on = True
    assert "sg-projector-strip" in view.strip._dom_classes
    kept = [c for c in view.strip.children if "sg-projector-keep" in c._dom_classes]
    assert kept and ".sg-projector-keep" in CSS
    bar = kept[0]
    assert lead.reveal_button in bar.children and lead.stop_button in bar.children
    assert lead.ask_button in bar.children and lead.count in bar.children
    following[0][0].play("tavern a1")
    lead.refresh()
    assert "1 of 2" in lead.count.value and "answered" in lead.count.value
    assert "Your move?" in view.message.value  # the projected words say the question
    lead.reveal()
    assert "Best:" in view.message.value  # not the last move any more
    assert view.projector.on
    marks = view.hint_marks()
    question = lead.store().lead().question
    assert str(marks[0].move) == question.best and marks[0].badge
    assert "tavern a1" in [str(m.move) for m in marks]  # the answers stay, with verdicts


def test_reveal_draws_the_best_move_and_each_pupils_verdict_on_every_board(
    store: pathlib.Path,
) -> None:
    from stainedglass.cathedral.svg import cathedral_svg  # the drawing, state to SVG
    from stainedglass_widgets.kit.messages import MARKS

    console, [(ann, fa), (ben, fb)] = asked_class(store, pupils=2)
    ann.play("tavern a1")
    ben.play("castle a1 b1 c1 a2 c2")
    console.leading.reveal()
    question = console.leading.store().lead().question
    verdicts = {a.pupil: a for a in console.leading.store().answers(question.id)}
    teacher = console.leading.view
    assert question.best in [str(m.move) for m in teacher.hint_marks()]
    assert 'class="hint"' in teacher.city.svg
    for view, f, name in ((ann, fa, "Ann"), (ben, fb, "Ben")):
        f.sync()
        marks = {str(m.move): m for m in view.hint_marks()}
        assert question.best in marks, name
        mine = verdicts[name]
        badge = MARKS.get(mine.verdict or "") or (mine.verdict or "")[:1].upper()
        assert marks[mine.move].badge == badge
        assert 'class="hint"' in view.city.svg
        assert f">{badge}<" in view.city.svg.replace("&gt;", ">")  # the verdict's sign drawn
        assert verdict_text(mine.verdict) in html.unescape(view.hint_list.value)  # in words
    teacher.play(question.best)  # the teacher moves on: the reveal's marks are gone everywhere
    assert not teacher.hint_marks()
    fa.sync()
    assert not ann.hint_marks() and ann.model.seat(1) == REMOTE
    # the drawing is a pure function of the position and the marks
    marks = [([(0, 0)], 1.0, 1, "✓")]
    assert cathedral_svg(teacher.state, suggested=marks) == cathedral_svg(
        teacher.state, suggested=marks
    )


def test_a_following_pupils_page_says_whose_answer_is_asked_and_hides_what_cannot_act(
    store: pathlib.Path,
) -> None:
    console, [(ann, fa)] = asked_class(store, pupils=1)
    assert "Your answer for" in ann.banner.value and "Dark" in ann.banner.value
    assert "your teacher" not in ann.banner.value
    hidden = [ann.undo_button, ann.new_button, ann.edit_button, *ann.features["seats"].seat_boxes]
    assert all(b.layout.display == "none" for b in hidden)
    assert "u" not in ann.city.kit_keys  # no key for a hidden Undo
    console.leading.reveal()
    fa.sync()
    assert "Your answer for" not in ann.banner.value
    assert all(b.layout.display == "none" for b in hidden)  # following still
    fa.stop_following()
    assert ann.undo_button.layout.display is None and ann.new_button.layout.display is None
    assert ann.edit_button.layout.display is None
    assert all(box.layout.display is None for box in ann.features["seats"].seat_boxes[:2])
