"""The teacher leading the class, in the store: the lead (the teacher's board that pupil pages
follow), its followers, "Your move?" questions asked on it, the pupils' answers, and the
reveal that judges every answer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa

from stainedglass import core
from stainedglass.record import load_record
from .checks import _read_lead_token, _read_position, _read_words
from .connection import StoreConnection
from .rooms import (
    VERDICTS,
    Answer,
    Lead,
    Question,
    new_token,
    read_move,
    read_name,
    read_ply,
    token_hash,
)
from .schema import (
    _now,
    _utc,
    answers_table,
    followers_table,
    leads_table,
    questions_table,
)


class LeadingMixin(StoreConnection):
    """The teacher's lead of an open store, with its questions and answers."""

    def start_lead(self, position: str) -> tuple[Lead, str]:
        """The teacher leads the class from ``position`` (a record's text or link: the
        teacher's board): every pupil page may follow it. Returns the lead and the secret token
        that moves it, asks and reveals (the console keeps it). A lead already open ends."""
        state = _read_position(position)
        text = state.record().to_text()
        token = new_token()
        now = _now()
        with self._write() as conn:
            conn.execute(
                sa.update(leads_table).where(leads_table.c.ended_at.is_(None)).values(ended_at=now)
            )
            lead_id = conn.execute(
                sa.insert(leads_table)
                .values(
                    game=state.game.name,
                    position=text,
                    version=1,
                    token_hash=token_hash(token),
                    started_at=now,
                )
                .returning(leads_table.c.id)
            ).scalar_one()
        lead = self.lead(lead_id)
        assert lead is not None
        return lead, token

    def lead(self, lead_id: int | None = None) -> Lead | None:
        """The lead ``lead_id`` (ValueError if there is none such), or the one open now (None
        when the teacher leads no one)."""
        with self._read() as conn:
            if lead_id is None:
                row = conn.execute(
                    sa.select(leads_table)
                    .where(leads_table.c.ended_at.is_(None))
                    .order_by(leads_table.c.id.desc())
                    .limit(1)
                ).first()
                if row is None:
                    return None
            else:
                row = self._lead_row(conn, lead_id)
            question = conn.execute(
                sa.select(questions_table)
                .where(questions_table.c.lead_id == row.id)
                .order_by(questions_table.c.id.desc())
                .limit(1)
            ).first()
            followers = conn.execute(
                sa.select(sa.func.count())
                .select_from(followers_table)
                .where(followers_table.c.lead_id == row.id)
            ).scalar_one()
        return Lead(
            row.id,
            row.game,
            row.position,
            row.version,
            _utc(row.started_at) or _now(),
            _utc(row.ended_at),
            None if question is None else _question(question),
            int(followers),
        )

    @staticmethod
    def _lead_row(conn: sa.Connection, lead_id: Any) -> Any:
        if isinstance(lead_id, bool) or not isinstance(lead_id, int):
            raise ValueError(f"a lead is known by its number, not {lead_id!r:.30}")
        row = conn.execute(sa.select(leads_table).where(leads_table.c.id == lead_id)).first()
        if row is None:
            raise ValueError(f"there is no lead {lead_id}: the teacher leads no such board")
        return row

    def _teachers(self, conn: sa.Connection, token: Any) -> Any:
        """The open lead ``token`` moves; ValueError in words otherwise (nothing written)."""
        hashed = token_hash(_read_lead_token(token))
        row = conn.execute(sa.select(leads_table).where(leads_table.c.token_hash == hashed)).first()
        if row is None:
            raise ValueError(
                "only the teacher's console leads the class: this token leads no board "
                "(open the console with the teacher's password)"
            )
        if row.ended_at is not None:
            raise ValueError("the teacher stopped leading this board: lead again to go on")
        return row

    def show_position(self, token: str, position: str) -> Lead:
        """The teacher's board changed (a move, a take-back, an edit, a review step): every
        following pupil's board shows ``position`` next. Refused while a question is open."""
        state = _read_position(position)
        text = state.record().to_text()
        with self._write() as conn:
            row = self._teachers(conn, token)
            if state.game.name != row.game:
                raise ValueError(
                    f"the class follows a {row.game} board: a {state.game.name} "
                    "position needs a new lead"
                )
            if self._open_question(conn, row.id) is not None:
                raise ValueError(
                    'the class is answering "Your move?" on this position: Reveal first, '
                    "then move on"
                )
            conn.execute(
                sa.update(leads_table)
                .where(leads_table.c.id == row.id)
                .values(position=text, version=leads_table.c.version + 1)
            )
        lead = self.lead(row.id)
        assert lead is not None
        return lead

    def end_lead(self, token: str) -> None:
        """The teacher stops leading: the following pupils' boards are their own again."""
        with self._write() as conn:
            row = self._teachers(conn, token)
            conn.execute(
                sa.update(leads_table)
                .where(leads_table.c.id == row.id)
                .values(ended_at=_now(), version=leads_table.c.version + 1)
            )

    def follow(self, lead_id: int, pupil: str) -> Lead:
        """``pupil`` follows lead ``lead_id`` (a named pupil page pressed Follow): their answers
        count from now."""
        name = read_name(pupil, "a pupil's name")
        with self._write() as conn:
            row = self._lead_row(conn, lead_id)
            if row.ended_at is not None:
                raise ValueError("the teacher has stopped leading this board: nothing to follow")
            known = conn.execute(
                sa.select(followers_table.c.pupil).where(
                    followers_table.c.lead_id == row.id, followers_table.c.pupil == name
                )
            ).first()
            if known is None:
                conn.execute(
                    sa.insert(followers_table).values(lead_id=row.id, pupil=name, since=_now())
                )
        lead = self.lead(lead_id)
        assert lead is not None
        return lead

    @staticmethod
    def _open_question(conn: sa.Connection, lead_id: int) -> Any:
        return conn.execute(
            sa.select(questions_table).where(
                questions_table.c.lead_id == lead_id, questions_table.c.revealed_at.is_(None)
            )
        ).first()

    def ask(self, token: str) -> Question:
        """ "Your move?": the class is asked for the move of the player to move on the teacher's
        board. Refused when nothing can be chosen there (the game over, chance next) or a
        question is open already."""
        with self._write() as conn:
            row = self._teachers(conn, token)
            if self._open_question(conn, row.id) is not None:
                raise ValueError("a question is open already: Reveal it before asking again")
            state = load_record(row.position).state()
            if state.is_terminal():
                raise ValueError("the game on the board is over: there is no move to ask for")
            if state.is_chance():
                raise ValueError(
                    "chance comes next on the board (no one chooses it): "
                    f"{state.game.facts.chance_action.lower()} first, then ask"
                )
            now = _now()
            qid = conn.execute(
                sa.insert(questions_table)
                .values(
                    lead_id=row.id, position=row.position, seat=state.current_player, asked_at=now
                )
                .returning(questions_table.c.id)
            ).scalar_one()
            conn.execute(
                sa.update(leads_table)
                .where(leads_table.c.id == row.id)
                .values(version=leads_table.c.version + 1)
            )
            return Question(int(qid), row.position, state.current_player, now)

    def answer(self, question_id: int, pupil: str, move: str, seat: int) -> Answer:
        """``pupil``'s answer to question ``question_id``: ``move`` for ``seat`` (the seat
        asked), on the question's position; a second answer replaces the first until the
        teacher reveals. Refused in words (nothing written): after the reveal, for another
        seat, from a pupil who does not follow the teacher's board, or a move the rules forbid
        (an ``sg.IllegalMove`` naming the rule)."""
        name = read_name(pupil, "a pupil's name")
        text = read_move(move)
        seat = read_ply(seat, "a seat")
        with self._read() as conn:
            question = self._question_row(conn, question_id)
            follows = conn.execute(
                sa.select(followers_table.c.pupil).where(
                    followers_table.c.lead_id == question.lead_id,
                    followers_table.c.pupil == name,
                )
            ).first()
        if question.revealed_at is not None:
            raise ValueError("the teacher has revealed this question: answers are closed")
        if follows is None:
            raise ValueError(
                f"{name} does not follow the teacher's board: press Follow, then answer"
            )
        state = load_record(question.position).state()
        names = state.game.facts.player_names
        if seat != question.seat:
            raise ValueError(
                f"the question asks for {names[question.seat]}'s move, not "
                f"{names[seat] if seat < len(names) else f'seat {seat}'}'s"
            )
        said = state.explain(text)
        if not said.legal:
            raise core.IllegalMove(said.words)
        stored = str(state.parse_move(text))
        now = _now()
        with self._write() as conn:
            again = self._question_row(conn, question_id)
            if again.revealed_at is not None:
                raise ValueError("the teacher has revealed this question: answers are closed")
            conn.execute(
                sa.delete(answers_table).where(
                    answers_table.c.question_id == question.id, answers_table.c.pupil == name
                )
            )
            conn.execute(
                sa.insert(answers_table).values(
                    question_id=question.id, pupil=name, move=stored, at=now
                )
            )
            conn.execute(
                sa.update(leads_table)
                .where(leads_table.c.id == question.lead_id)
                .values(version=leads_table.c.version + 1)
            )
        return Answer(name, stored, now)

    @staticmethod
    def _question_row(conn: sa.Connection, question_id: Any) -> Any:
        if isinstance(question_id, bool) or not isinstance(question_id, int):
            raise ValueError(f"a question is known by its number, not {question_id!r:.30}")
        row = conn.execute(
            sa.select(questions_table).where(questions_table.c.id == question_id)
        ).first()
        if row is None:
            raise ValueError(f"there is no question {question_id}")
        return row

    def question(self, question_id: int) -> Question:
        with self._read() as conn:
            return _question(self._question_row(conn, question_id))

    def answers(self, question_id: int) -> list[Answer]:
        """The answers to question ``question_id``, the first given first."""
        with self._read() as conn:
            self._question_row(conn, question_id)
            rows = conn.execute(
                sa.select(answers_table)
                .where(answers_table.c.question_id == question_id)
                .order_by(answers_table.c.at, answers_table.c.pupil)
            ).all()
        return [
            Answer(r.pupil, r.move, _utc(r.at) or _now(), r.verdict, r.words or "") for r in rows
        ]

    def reveal(
        self,
        token: str,
        best: str,
        words: str,
        verdicts: Mapping[str, tuple[str, str]],
    ) -> Question:
        """The teacher reveals the open question: ``best`` the best move found and ``words``
        why; ``verdicts`` each answered move's verdict (one of ``VERDICTS``) and its words, by
        move. Every answer is judged by its move's verdict, in one transaction."""
        best = read_move(best)
        words = _read_words(words)
        judged: dict[str, tuple[str, str]] = {}
        for move, (verdict, why) in verdicts.items():
            if verdict not in VERDICTS:
                raise ValueError(f"{verdict!r:.30} is not a verdict: one of " + ", ".join(VERDICTS))
            judged[read_move(move)] = (verdict, _read_words(why))
        with self._write() as conn:
            row = self._teachers(conn, token)
            question = self._open_question(conn, row.id)
            if question is None:
                raise ValueError("no question is open: ask the class first")
            given = conn.execute(
                sa.select(answers_table.c.move)
                .where(answers_table.c.question_id == question.id)
                .distinct()
            ).scalars()
            missing = sorted(set(given) - set(judged))
            if missing:
                raise ValueError(f"no verdict for the answer {missing[0]}: judge every answer")
            now = _now()
            for move, (verdict, why) in judged.items():
                conn.execute(
                    sa.update(answers_table)
                    .where(
                        answers_table.c.question_id == question.id,
                        answers_table.c.move == move,
                    )
                    .values(verdict=verdict, words=why)
                )
            conn.execute(
                sa.update(questions_table)
                .where(questions_table.c.id == question.id)
                .values(revealed_at=now, best=best, words=words)
            )
            conn.execute(
                sa.update(leads_table)
                .where(leads_table.c.id == row.id)
                .values(version=leads_table.c.version + 1)
            )
        return self.question(int(question.id))


def _question(row: Any) -> Question:
    return Question(
        int(row.id),
        row.position,
        int(row.seat),
        _utc(row.asked_at) or _now(),
        _utc(row.revealed_at),
        row.best,
        row.words or "",
    )
