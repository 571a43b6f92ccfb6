"""Leading the class, in the class's store (SQLite and PostgreSQL): the teacher's board that
following pupils see, "Your move?" asked of the class, each pupil's answer and its verdict at the
reveal; every refusal in words, with nothing written."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("sqlalchemy")

import stainedglass as sg
from stainedglass_widgets.serving.classroom import Store
import test_classroom_store as shared

postgres, target, store = shared.postgres, shared.target, shared.store  # the store's fixtures

CATHEDRAL = "cathedral e4 d5 e5 f5 e6 e7"


def board(*moves: str, game: str = "cathedral") -> str:
    state = sg.load(game).new_game(seed=4)
    for move in moves:
        state.play(move)
    return state.record().to_text()


def unchanged(store: Store, action: Any, *args: Any, words: str, error: type = ValueError) -> None:
    """``action(*args)`` is refused with ``words`` and writes nothing."""
    before = store.dump()
    with pytest.raises(error, match=words):
        action(*args)
    assert store.dump() == before


def test_the_teacher_leads_asks_the_class_answers_and_the_reveal_judges(store: Store) -> None:
    assert store.lead() is None
    lead, token = store.start_lead(board())
    assert store.lead() == lead and lead.version == 1 and lead.question is None
    lead = store.show_position(token, board(CATHEDRAL))
    assert lead.version == 2 and sg.load_record(lead.position).moves == [CATHEDRAL]
    for pupil in ("Ann", "Ben", "Cleo"):
        store.follow(lead.id, pupil)
    store.follow(lead.id, "Ann")  # again: still one follower
    question = store.ask(token)
    assert question.seat == 1 and question.open  # Dark to move
    assert store.lead().question == question and store.lead().followers == 3
    store.answer(question.id, "Ann", "tavern a1", seat=1)
    store.answer(question.id, "Ben", "tavern a1", seat=1)
    store.answer(question.id, "Ann", "castle a1 b1 c1 a2 c2", seat=1)  # changed her mind
    answers = {a.pupil: a.move for a in store.answers(question.id)}
    assert answers == {"Ann": "castle a1 b1 c1 a2 c2", "Ben": "tavern a1"}
    revealed = store.reveal(
        token,
        "castle a1 b1 c1 a2 c2",
        "the castle takes the corner",
        {
            "castle a1 b1 c1 a2 c2": ("best", "as good as the best"),
            "tavern a1": ("mistake", "the castle was better"),
        },
    )
    assert not revealed.open and revealed.best == "castle a1 b1 c1 a2 c2"
    verdicts = {a.pupil: a.verdict for a in store.answers(question.id)}
    assert verdicts == {"Ann": "best", "Ben": "mistake"}
    rows = {p.pupil: p for p in store.progress()}
    assert (rows["Ann"].questions_asked, rows["Ann"].answers_right) == (1, 1)
    assert (rows["Ben"].questions_asked, rows["Ben"].answers_right) == (1, 0)
    assert (rows["Cleo"].questions_asked, rows["Cleo"].answers_right) == (1, 0)
    assert "answers_right" in store.progress_csv().splitlines()[0]
    store.end_lead(token)
    assert store.lead() is None and store.lead(lead.id).ended


def test_the_store_keeps_every_verdict_of_the_one_scale(store: Store) -> None:
    from stainedglass_widgets.serving.classroom.rooms import VERDICTS

    assert tuple(word for word, _ in sg.ai.LABELS) == VERDICTS  # the review's scale, whole
    lead, token = store.start_lead(board(CATHEDRAL))
    store.follow(lead.id, "Ann")
    question = store.ask(token)
    store.answer(question.id, "Ann", "tavern a1", seat=1)
    store.reveal(token, "castle a1 b1 c1 a2 c2", "", {"tavern a1": ("excellent", "nearly")})
    assert [a.verdict for a in store.answers(question.id)] == ["excellent"]
    row = next(p for p in store.progress() if p.pupil == "Ann")
    assert row.answers_right == 1  # excellent is a right answer


def test_a_refused_lead_question_answer_or_reveal_writes_nothing(store: Store) -> None:
    lead, token = store.start_lead(board(CATHEDRAL))
    store.follow(lead.id, "Ann")
    # no teacher's token: no leading, asking, revealing
    for action, args in (
        (store.show_position, ("not-a-token", board())),
        (store.ask, ("x" * 24,)),
        (store.reveal, ("x" * 24, "tavern a1", "", {})),
        (store.end_lead, ("",)),
    ):
        unchanged(store, action, *args, words="only the teacher's console leads")
    unchanged(store, store.start_lead, "not a record", words="record")
    unchanged(store, store.reveal, token, "tavern a1", "", {}, words="no question is open")
    question = store.ask(token)
    unchanged(store, store.ask, token, words="open already")
    unchanged(store, store.show_position, token, board(), words="Reveal first")
    # answers: from a page that does not follow, for another seat, illegal, too long
    unchanged(store, store.answer, question.id, "Zed", "tavern a1", 1, words="does not follow")
    unchanged(store, store.answer, question.id, "Ann", "tavern a1", 0, words="Dark's move")
    unchanged(
        store,
        store.answer,
        question.id,
        "Ann",
        "tavern e5",
        1,
        words="covered",
        error=sg.IllegalMove,
    )
    unchanged(store, store.answer, question.id, "Ann", "x" * 5000, 1, words="1 to 200")
    unchanged(store, store.answer, 10**6, "Ann", "tavern a1", 1, words="no question")
    store.answer(question.id, "Ann", "tavern a1", 1)
    unchanged(
        store, store.reveal, token, "tavern a1", "", {}, words="no verdict for the answer tavern a1"
    )
    unchanged(
        store, store.reveal, token, "tavern a1", "", {"tavern a1": ("great", "")}, words="verdict"
    )
    store.reveal(token, "tavern a1", "", {"tavern a1": ("best", "")})
    unchanged(store, store.answer, question.id, "Ann", "tavern a1", 1, words="revealed")
    store.end_lead(token)
    unchanged(store, store.follow, lead.id, "Ben", words="stopped leading")
    unchanged(store, store.ask, token, words="stopped leading")


def test_asking_where_no_one_chooses_is_refused(store: Store) -> None:
    wol = sg.load("walls_of_light").new_game(seed=2)
    assert wol.is_chance()  # the turn starts with the roll
    _, token = store.start_lead(wol.record().to_text())
    unchanged(store, store.ask, token, words="chance comes next")
    done = sg.load("cathedral").new_game(seed=1)
    while not done.is_terminal():
        done.play(done.legal_moves()[0])
    _, other = store.start_lead(done.record().to_text())  # the first lead ends
    unchanged(store, store.ask, other, words="is over")
    unchanged(store, store.ask, token, words="stopped leading")
