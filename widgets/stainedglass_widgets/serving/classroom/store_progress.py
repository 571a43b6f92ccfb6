"""Each pupil's progress in the class's store: the events noted (lessons, puzzles, games
played, the coach's accuracy), each pupil's Match me level by game, and the progress table the
teacher's console shows and exports as CSV, with the questions each pupil was asked and
answered right while following the teacher's board."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

import sqlalchemy as sa

from stainedglass import core
from .checks import _match_data, matched_games, read_game, read_level
from .connection import StoreConnection
from .rooms import (
    HOT_SEAT,
    OPEN,
    PUPIL,
    RIGHT_VERDICTS,
    Progress,
    read_name,
    read_progress,
)
from .schema import (
    MAX_PROGRESS,
    _now,
    answers_table,
    followers_table,
    levels_table,
    progress_table,
    questions_table,
    rooms_table,
    seats_table,
)


class ProgressMixin(StoreConnection):
    """The pupils' progress and Match me levels in an open store."""

    # ---- progress -----------------------------------------------------------------------------

    def add_progress(
        self, pupil: str, game: str, kind: str, item: str = "", value: float | bool | None = None
    ) -> None:
        """Note a pupil's progress: a lesson step done (``item`` names it), a puzzle tried
        (``item`` names it; ``value`` True when right at the first try), a game played
        (``value`` the share of the win, 0..1), the coach's accuracy (0..1)."""
        pupil, game, kind, item, number = read_progress(pupil, game, kind, item, value)
        with self._write() as conn:
            self._check_progress_room(conn, 1)
            conn.execute(
                sa.insert(progress_table).values(
                    pupil=pupil, game=game, kind=kind, item=item, value=number, at=_now()
                )
            )

    def _games_played(
        self, conn: sa.Connection, row: Any, state: core.State, now: datetime
    ) -> None:
        """A game over: a "game" progress event for each pupil seated, valued by their share
        of the win."""
        returns = state.returns()
        seated = conn.execute(
            sa.select(seats_table.c.seat, seats_table.c.name).where(
                seats_table.c.room_id == row.id,
                seats_table.c.token_hash.is_not(None),
                seats_table.c.kind.in_((PUPIL, HOT_SEAT)),
            )
        ).all()
        if seated:
            self._check_progress_room(conn, len(seated))
            conn.execute(
                sa.insert(progress_table),
                [
                    {
                        "pupil": s.name,
                        "game": row.game,
                        "kind": "game",
                        "item": row.code,
                        "value": float(returns[s.seat]),
                        "at": now,
                    }
                    for s in seated
                ],
            )

    # ---- Match me levels --------------------------------------------------------------------

    def keep_level(self, pupil: str, game: str, match: Mapping[str, Any]) -> int:
        """Keep ``pupil``'s Match me in ``game`` (``MatchMe.to_dict()``: its level and how it
        got there), in place of the one kept before; returns its level. ValueError for data
        ``MatchMe.from_dict`` refuses, a name that is not one, or a game that is not."""
        pupil, game, data, level = read_level(pupil, game, match)
        for tries in range(1, 4):  # two pages of one pupil keeping at once: the last one stays
            try:
                with self._write() as conn:
                    conn.execute(
                        sa.delete(levels_table).where(
                            levels_table.c.pupil == pupil, levels_table.c.game == game
                        )
                    )
                    conn.execute(
                        sa.insert(levels_table).values(
                            pupil=pupil, game=game, level=level, data=data, at=_now()
                        )
                    )
                break
            except sa.exc.IntegrityError:
                if tries == 3:
                    raise ValueError(
                        f"{pupil}'s level in {game} could not be kept: try again"
                    ) from None
        return level

    def kept_level(self, pupil: str, game: str) -> dict[str, Any] | None:
        """``pupil``'s Match me in ``game`` as kept (``MatchMe.to_dict()``), or None when none
        is kept, or what is kept no longer reads as one (a newer version's)."""
        pupil, game = read_name(pupil, "a pupil's name"), read_game(game)
        with self._read() as conn:
            data = conn.execute(
                sa.select(levels_table.c.data).where(
                    levels_table.c.pupil == pupil, levels_table.c.game == game
                )
            ).scalar_one_or_none()
        if data is None:
            return None
        try:
            return _match_data(json.loads(data))[0]
        except ValueError:
            return None

    @staticmethod
    def _check_progress_room(conn: sa.Connection, adding: int) -> None:
        count = conn.execute(sa.select(sa.func.count()).select_from(progress_table)).scalar_one()
        if count + adding > MAX_PROGRESS:
            raise ValueError(
                f"the class's store keeps {MAX_PROGRESS:,} progress events: "
                "export them, then forget"
            )

    def progress(
        self, sort: str = "pupil", descending: bool = False, *, under_way: bool = False
    ) -> list[Progress]:
        """Each pupil's progress, sorted by one of :meth:`progress_columns` (blanks last).
        ``under_way``: also the games each named pupil is playing now (seated in an open room
        whose game is not over; a game counts as played once it is over), and the pupils who
        have only those."""
        columns = dict(self.progress_columns(under_way=under_way))
        if sort not in columns:
            raise ValueError(
                f"{sort!r} is not a column of the progress table; the columns "
                "are: " + ", ".join(columns)
            )
        p = progress_table
        with self._read() as conn:
            lessons = conn.execute(
                sa.select(p.c.pupil, p.c.game, sa.func.count(sa.distinct(p.c.item)))
                .where(p.c.kind == "lesson")
                .group_by(p.c.pupil, p.c.game)
            ).all()
            first = (
                sa.select(sa.func.min(p.c.id).label("id"))
                .where(p.c.kind == "puzzle")
                .group_by(p.c.pupil, p.c.game, p.c.item)
                .subquery()
            )
            puzzles = conn.execute(
                sa.select(p.c.pupil, sa.func.count(), sa.func.sum(p.c.value))
                .join(first, first.c.id == p.c.id)
                .group_by(p.c.pupil)
            ).all()
            games = conn.execute(
                sa.select(p.c.pupil, sa.func.count()).where(p.c.kind == "game").group_by(p.c.pupil)
            ).all()
            coach = conn.execute(
                sa.select(p.c.pupil, sa.func.avg(p.c.value))
                .where(p.c.kind == "coach")
                .group_by(p.c.pupil)
            ).all()
            asked = conn.execute(
                sa.select(followers_table.c.pupil, sa.func.count(sa.distinct(questions_table.c.id)))
                .join(questions_table, questions_table.c.lead_id == followers_table.c.lead_id)
                .where(
                    questions_table.c.revealed_at.is_not(None),
                    questions_table.c.asked_at >= followers_table.c.since,
                )
                .group_by(followers_table.c.pupil)
            ).all()
            answered_right = conn.execute(
                sa.select(answers_table.c.pupil, sa.func.count())
                .where(answers_table.c.verdict.in_(RIGHT_VERDICTS))
                .group_by(answers_table.c.pupil)
            ).all()
            levels = conn.execute(
                sa.select(levels_table.c.pupil, levels_table.c.game, levels_table.c.level)
            ).all()
            playing = (
                conn.execute(
                    sa.select(seats_table.c.name, sa.func.count(sa.distinct(rooms_table.c.id)))
                    .join(rooms_table, rooms_table.c.id == seats_table.c.room_id)
                    .where(
                        rooms_table.c.state == OPEN,
                        rooms_table.c.turn.is_not(None),
                        seats_table.c.token_hash.is_not(None),
                        seats_table.c.kind.in_((PUPIL, HOT_SEAT)),
                        seats_table.c.name.is_not(None),
                    )
                    .group_by(seats_table.c.name)
                ).all()
                if under_way
                else []
            )
        pupils: dict[str, dict[str, Any]] = {}

        def of(name: str) -> dict[str, Any]:
            return pupils.setdefault(
                name,
                {
                    "lessons": {},
                    "tried": 0,
                    "right": 0,
                    "games": 0,
                    "coach": None,
                    "playing": 0,
                    "asked": 0,
                    "answered_right": 0,
                    "levels": {},
                },
            )

        for name, game, count in lessons:
            of(name)["lessons"][game] = int(count)
        for name, count, right in puzzles:
            of(name).update(tried=int(count), right=int(right or 0))
        for name, count in games:
            of(name)["games"] = int(count)
        for name, mean in coach:
            of(name)["coach"] = None if mean is None else float(mean)
        for name, count in playing:
            of(name)["playing"] = int(count)
        for name, count in asked:
            of(name)["asked"] = int(count)
        for name, count in answered_right:
            of(name)["answered_right"] = int(count)
        for name, game, level in levels:
            if game in matched_games():
                of(name)["levels"][game] = int(level)
        table = [
            Progress(
                name,
                dict(sorted(d["lessons"].items())),
                d["tried"],
                d["right"],
                d["games"],
                d["coach"],
                d["playing"],
                d["asked"],
                d["answered_right"],
                dict(sorted(d["levels"].items())),
            )
            for name, d in pupils.items()
        ]
        key = columns[sort]
        table.sort(key=lambda row: row.pupil.casefold())
        present = [row for row in table if key(row) is not None]
        blank = [row for row in table if key(row) is None]
        present.sort(key=lambda row: _sortable(key(row)), reverse=descending)
        return present + blank

    @staticmethod
    def progress_columns(*, under_way: bool = False) -> list[tuple[str, Callable[[Progress], Any]]]:
        """The progress table's columns, by name: the CSV's header and the keys to sort by
        (``under_way``: with the games being played now, after the games played)."""

        def lessons_of(game: str) -> Callable[[Progress], int]:
            return lambda row: row.lessons.get(game, 0)

        def level_in(game: str) -> Callable[[Progress], int | None]:
            return lambda row: row.levels.get(game)

        return [
            ("pupil", lambda row: row.pupil),
            ("lessons", lambda row: row.lessons_done),
            *((f"lessons_{game}", lessons_of(game)) for game in core.games()),
            ("puzzles_tried", lambda row: row.puzzles_tried),
            ("puzzles_first_try", lambda row: row.puzzles_first_try),
            ("first_try_score", lambda row: row.first_try_score),
            ("games_played", lambda row: row.games_played),
            *([("games_under_way", lambda row: row.games_under_way)] if under_way else []),
            ("coach_accuracy", lambda row: row.coach_accuracy),
            ("questions_asked", lambda row: row.questions_asked),
            ("answers_right", lambda row: row.answers_right),
            *((f"level_{game}", level_in(game)) for game in matched_games()),
        ]

    def progress_csv(
        self, sort: str = "pupil", descending: bool = False, *, under_way: bool = False
    ) -> str:
        """The progress table as CSV text (a spreadsheet opens it), one pupil a row."""
        columns = self.progress_columns(under_way=under_way)
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow([name for name, _ in columns])
        for row in self.progress(sort, descending, under_way=under_way):
            writer.writerow([_cell(get(row)) for _, get in columns])
        return out.getvalue()


def _sortable(value: Any) -> Any:
    return value.casefold() if isinstance(value, str) else value


def _cell(value: Any) -> str:
    """A CSV cell; text that a spreadsheet would read as a formula is quoted as text."""
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.3f}"
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
