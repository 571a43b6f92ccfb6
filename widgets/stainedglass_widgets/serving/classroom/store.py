"""The class's store: rooms, their seats and moves, each pupil's progress and Match me levels,
and the teacher's lead, kept in a SQLite file (by default) or on a PostgreSQL server, through
SQLAlchemy Core; its schema is kept by the alembic migrations in ``migrations/``, run whenever a
store is opened. ``docs/classroom.md`` describes it; :mod:`stainedglass_widgets.serving.classroom.rooms` holds the rules it keeps.

Every method checks what it is given before it changes anything: wrong input (a room code that
is not one, a name of 10,000 characters, a forged seat token, a move for another room or an
ended one, a move sent for a turn already played) is a ValueError saying what and where; a move
the game's rules forbid is an ``sg.IllegalMove`` naming the rule. Either way nothing is stored.

Here are :func:`open_store` and :class:`Store`, made of its parts, each in a module of its own:

- ``schema``: the tables, their migrations and the most each keeps;
- ``connection``: where a store is, its connections and the upgrade of its schema;
- ``checks``: the checks of what the store is given;
- ``store_rooms``: rooms, seats and moves;
- ``store_progress``: each pupil's progress and Match me levels;
- ``store_leading``: the teacher leading the class.
"""

from __future__ import annotations

import os
from typing import Any

import sqlalchemy as sa

from .connection import _engine, _url, default_store_path
from .rooms import read_name
from .schema import (
    MAX_OPEN_ROOMS,
    MAX_PROGRESS,
    MAX_ROOMS,
    MIGRATIONS,
    TABLES,
    answers_table,
    followers_table,
    levels_table,
    metadata,
    progress_table,
    seats_table,
)
from .store_leading import LeadingMixin
from .store_rooms import RoomsMixin

# importable from here too: the schema, the limits, the checks of levels, the polling query
from .checks import (
    matched_games as matched_games,
    read_game as read_game,
    read_level as read_level,
)
from .connection import ADVISORY_LOCK as ADVISORY_LOCK
from .schema import (
    MAX_LEVEL_DATA as MAX_LEVEL_DATA,
    MAX_LISTED as MAX_LISTED,
    alembic_config as alembic_config,
    leads_table as leads_table,
    moves_table as moves_table,
    questions_table as questions_table,
    rooms_table as rooms_table,
)
from .store_rooms import moves_query as moves_query

__all__ = [
    "Store",
    "open_store",
    "default_store_path",
    "forget",
    "metadata",
    "MIGRATIONS",
    "MAX_OPEN_ROOMS",
    "MAX_ROOMS",
    "MAX_PROGRESS",
]


def open_store(target: str | os.PathLike[str] | None = None) -> Store:
    """The class's store at ``target``: a SQLite file's path (made on first use, with its
    folder), a ``sqlite:///`` URL, or a PostgreSQL URL (``postgresql://user:password@host/db``,
    spoken to with psycopg 3); None: :func:`default_store_path`. Its schema is upgraded to this
    version's on opening."""
    store = Store(_engine(_url(target)))
    try:
        store.upgrade()
    except BaseException:
        store.close()
        raise
    return store


def forget(target: str | os.PathLike[str] | None = None, pupil: str | None = None) -> None:
    """Delete everything the class's store at ``target`` holds (or one pupil's progress and
    name): :meth:`Store.forget`."""
    store = open_store(target)
    try:
        store.forget(pupil)
    finally:
        store.close()


# ---- the store --------------------------------------------------------------------------------


class Store(RoomsMixin, LeadingMixin):
    """A class's store, open. Safe to share between threads; each device's kernel opens its own.
    ``open_store`` makes one; ``close()`` when done."""

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # ---- forgetting ---------------------------------------------------------------------------

    def forget(self, pupil: str | None = None) -> None:
        """Delete all the class's data: every room, seat, move, progress event and Match me
        level (the schema stays). With ``pupil``: that pupil's progress and levels, and their
        name wherever they sat."""
        if pupil is not None:
            name = read_name(pupil, "a pupil's name")
            with self._write() as conn:
                conn.execute(sa.delete(progress_table).where(progress_table.c.pupil == name))
                conn.execute(sa.delete(answers_table).where(answers_table.c.pupil == name))
                conn.execute(sa.delete(followers_table).where(followers_table.c.pupil == name))
                conn.execute(sa.delete(levels_table).where(levels_table.c.pupil == name))
                conn.execute(
                    sa.update(seats_table).where(seats_table.c.name == name).values(name=None)
                )
        else:
            with self._write() as conn:
                for table in reversed(TABLES):
                    conn.execute(sa.delete(table))
            with self._games_lock:
                self._games.clear()
        if self.sqlite:  # nothing of it left in the file: its pages rewritten, the log emptied
            with self._guard():
                raw = self.engine.raw_connection()
                try:
                    raw.driver_connection.execute("VACUUM")  # type: ignore[union-attr]
                    raw.driver_connection.execute(  # type: ignore[union-attr]
                        "PRAGMA wal_checkpoint(TRUNCATE)"
                    )
                finally:
                    raw.close()

    # ---- for tests and the console --------------------------------------------------------------

    def dump(self) -> dict[str, list[tuple[Any, ...]]]:
        """Every row of every table, in order: to compare the store before and after."""
        with self._read() as conn:
            return {
                t.name: [
                    tuple(r) for r in conn.execute(sa.select(t).order_by(*t.primary_key.columns))
                ]
                for t in TABLES
            }
