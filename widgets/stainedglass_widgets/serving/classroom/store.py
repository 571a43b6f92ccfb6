"""The class's store: rooms, their seats and moves, each pupil's progress and Match me levels,
kept in a SQLite file (by default) or on a PostgreSQL server, through SQLAlchemy Core; its schema
is kept by the alembic migrations in ``migrations/``, run whenever a store is opened.
``docs/classroom.md`` describes it; :mod:`stainedglass_widgets.serving.classroom.rooms` holds the rules it keeps.

Every method checks what it is given before it changes anything: wrong input (a room code that
is not one, a name of 10,000 characters, a forged seat token, a move for another room or an
ended one, a move sent for a turn already played) is a ValueError saying what and where; a move
the game's rules forbid is an ``sg.IllegalMove`` naming the rule. Either way nothing is stored.

Two moves sent at once for the same turn give one move and one refusal: a move is stored only
if the room is still at the ply its sender saw (a conditional update of the room's row, in a
transaction that on SQLite takes the write lock at once), and the moves' primary key
``(room, ply)`` refuses a second move at any ply.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import sqlite3
import sys
import threading
from collections import OrderedDict
from datetime import datetime, UTC
from pathlib import Path
from typing import Any
from collections.abc import Callable, Iterator, Mapping, Sequence

import sqlalchemy as sa
from sqlalchemy import event

from stainedglass import core
from stainedglass.record import MAX_MOVES, Record, load_record
from .rooms import (
    MAX_WORDS_LENGTH,
    RIGHT_VERDICTS,
    VERDICTS,
    Answer,
    Lead,
    Question,
    BOT,
    ENDED,
    HOT_SEAT,
    OPEN,
    PUPIL,
    SEAT_KINDS,
    PlayedMove,
    Progress,
    Room,
    Seat,
    SeatInfo,
    check_turn,
    draw_chance,
    new_code,
    new_token,
    read_code,
    read_move,
    read_name,
    read_ply,
    read_progress,
    read_token,
    start_record,
    token_hash,
)

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

MIGRATIONS = Path(__file__).with_name("migrations")
"""The alembic migrations that make and upgrade a store's schema."""
ADVISORY_LOCK = 0x5367_6C61_7373  # PostgreSQL: one upgrade of a store at a time

MAX_OPEN_ROOMS = 500
"""Rooms open at once: a class's games, with room to spare."""
MAX_ROOMS = 100_000
"""Rooms kept, ended ones included (a school year of a class's games)."""
MAX_PROGRESS = 1_000_000
"""Progress events kept."""
MAX_LEVEL_DATA = 10_000
"""The most characters a pupil's Match me data takes (``MatchMe.to_dict()`` as JSON)."""
MAX_LISTED = 1_000
"""Rooms :meth:`Store.rooms` lists at most (the newest)."""

# ---- the schema, as the migrations make it (tests compare the two) ----------------------------

metadata = sa.MetaData()

rooms_table = sa.Table(
    "rooms",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("code", sa.String(5), nullable=False),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("start", sa.Text, nullable=False),
    sa.Column("seats", sa.Integer, nullable=False),
    sa.Column("state", sa.String(8), nullable=False),
    sa.Column("ply", sa.Integer, nullable=False),
    sa.Column("turn", sa.Integer, nullable=True),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
    sa.UniqueConstraint("code", name="rooms_code"),
    sa.CheckConstraint("state IN ('open', 'ended')", name="rooms_state"),
    sa.Index("rooms_by_state", "state"),
    sqlite_autoincrement=True,
)

seats_table = sa.Table(
    "seats",
    metadata,
    sa.Column(
        "room_id", sa.Integer, sa.ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(8), nullable=True),
    sa.Column("name", sa.String(40), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True),
    sa.Column("host", sa.Integer, nullable=True),
    sa.Column("joined_at", sa.DateTime(timezone=True), nullable=True),
    sa.Column("left_at", sa.DateTime(timezone=True), nullable=True),
    sa.UniqueConstraint("token_hash", name="seats_token"),
    sa.CheckConstraint("kind IN ('pupil', 'hot_seat', 'bot')", name="seats_kind"),
)

moves_table = sa.Table(
    "moves",
    metadata,
    sa.Column(
        "room_id", sa.Integer, sa.ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("ply", sa.Integer, primary_key=True),
    sa.Column("move", sa.String(200), nullable=False),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("seen_by", sa.Integer, nullable=True),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
)

progress_table = sa.Table(
    "progress",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("pupil", sa.String(40), nullable=False),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("item", sa.String(100), nullable=False),
    sa.Column("value", sa.Float, nullable=True),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    sa.CheckConstraint("kind IN ('lesson', 'puzzle', 'game', 'coach')", name="progress_kind"),
    sa.Index("progress_by_pupil", "pupil", "kind"),
    sqlite_autoincrement=True,
)

leads_table = sa.Table(
    "leads",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("position", sa.Text, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=False),
    sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
    sqlite_autoincrement=True,
)

followers_table = sa.Table(
    "followers",
    metadata,
    sa.Column(
        "lead_id", sa.Integer, sa.ForeignKey("leads.id", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("pupil", sa.String(40), primary_key=True),
    sa.Column("since", sa.DateTime(timezone=True), nullable=False),
)

questions_table = sa.Table(
    "questions",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("lead_id", sa.Integer, sa.ForeignKey("leads.id", ondelete="CASCADE"), nullable=False),
    sa.Column("position", sa.Text, nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("asked_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("revealed_at", sa.DateTime(timezone=True), nullable=True),
    sa.Column("best", sa.String(200), nullable=True),
    sa.Column("words", sa.Text, nullable=True),
    sa.Index("questions_by_lead", "lead_id"),
    sqlite_autoincrement=True,
)

answers_table = sa.Table(
    "answers",
    metadata,
    sa.Column(
        "question_id",
        sa.Integer,
        sa.ForeignKey("questions.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("pupil", sa.String(40), primary_key=True),
    sa.Column("move", sa.String(200), nullable=False),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("verdict", sa.String(12), nullable=True),
    sa.Column("words", sa.Text, nullable=True),
    sa.CheckConstraint(
        "verdict IN ('best', 'excellent', 'good', 'inaccuracy', 'mistake', 'blunder')",
        name="answers_verdict",
    ),
)

levels_table = sa.Table(
    "levels",
    metadata,
    sa.Column("pupil", sa.String(40), primary_key=True),
    sa.Column("game", sa.String(40), primary_key=True),
    sa.Column("level", sa.Integer, nullable=False),
    sa.Column("data", sa.Text, nullable=False),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    sa.CheckConstraint("level >= 1", name="levels_level"),
)

TABLES = (
    rooms_table,
    seats_table,
    moves_table,
    progress_table,
    leads_table,
    followers_table,
    questions_table,
    answers_table,
    levels_table,
)


def _now() -> datetime:
    return datetime.now(UTC)


def _utc(when: datetime | None) -> datetime | None:
    """A stored time, in UTC (SQLite keeps no time zone: its times are stored in UTC)."""
    if when is None or when.tzinfo is not None:
        return when
    return when.replace(tzinfo=UTC)


# ---- where a store is -----------------------------------------------------------------------


def default_store_path() -> Path:
    """Where a class's store is kept when no other place is given: ``class.sqlite3`` in the
    user's data folder (``$XDG_DATA_HOME/stainedglass``, else ``~/.local/share/stainedglass``;
    ``~/Library/Application Support/stainedglass`` on macOS, ``%LOCALAPPDATA%\\stainedglass`` on
    Windows)."""
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        base = Path(os.environ["LOCALAPPDATA"])
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "stainedglass" / "class.sqlite3"


def _url(target: str | os.PathLike[str] | None) -> sa.URL:
    """The database URL of a store given as a file path or a URL."""
    if target is None:
        target = default_store_path()
    if isinstance(target, os.PathLike) or (isinstance(target, str) and "://" not in target):
        path = Path(target).expanduser()
        if not str(target).strip() or path.is_dir():
            raise ValueError(f"the class's store is a file, not the folder {str(target)!r}")
        return sa.URL.create("sqlite", database=str(path.resolve()))
    if not isinstance(target, str):
        raise ValueError(f"a store is a file's path or a database URL, not {type(target).__name__}")
    try:
        url = sa.make_url(target)
    except sa.exc.ArgumentError:
        raise ValueError(f"{target[:60]!r} is not a database URL") from None
    backend, driver = url.get_backend_name(), url.get_driver_name()
    if backend in ("postgresql", "postgres") and driver in ("psycopg", "psycopg2", "postgres"):
        return url.set(drivername="postgresql+psycopg")  # psycopg 3, whatever the URL says
    if backend == "sqlite" and driver == "pysqlite":
        if not url.database or url.database == ":memory:" or url.database.startswith("file:"):
            raise ValueError("a SQLite store is a file: sqlite:///path/to/class.sqlite3")
        return url.set(drivername="sqlite", database=str(Path(url.database).expanduser().resolve()))
    raise ValueError(
        f"the class's store is a SQLite file or a PostgreSQL server "
        f"(postgresql://user:password@host/database), not {backend}+{driver}"
    )


def _engine(url: sa.URL) -> sa.Engine:
    if url.get_backend_name() == "sqlite":
        assert url.database
        Path(url.database).parent.mkdir(parents=True, exist_ok=True)
        engine = sa.create_engine(url, connect_args={"timeout": 30})

        @event.listens_for(engine, "connect")
        def _connect(dbapi_connection: Any, _record: Any) -> None:
            # SQLAlchemy begins and ends transactions (below), not the sqlite3 module
            dbapi_connection.isolation_level = None
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA secure_delete=ON")  # forgotten data is overwritten
            cursor.close()

        @event.listens_for(engine, "begin")
        def _begin(connection: sa.Connection) -> None:
            # a transaction that writes takes the write lock at once, so that two writers queue
            # rather than one failing when it upgrades its read
            write = connection.get_execution_options().get("write", False)
            connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

        return engine
    return sa.create_engine(url, pool_pre_ping=True, connect_args={"connect_timeout": 10})


def alembic_config(connection: sa.Connection | None = None) -> Any:
    """An alembic ``Config`` for the store's migrations (``connection``: the one to run on).
    A new revision: ``alembic.command.revision(alembic_config(), "what it changes",
    rev_id="0005")``, then write its ``upgrade()``."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS).replace("%", "%%"))
    config.attributes["connection"] = connection
    return config


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


class Store:
    """A class's store, open. Safe to share between threads; each device's kernel opens its own.
    ``open_store`` makes one; ``close()`` when done."""

    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine
        self.url = engine.url.render_as_string(hide_password=True)
        self.sqlite = engine.url.get_backend_name() == "sqlite"
        self._games: OrderedDict[int, tuple[str, core.State]] = OrderedDict()
        self._games_lock = threading.Lock()
        self._watch: sqlite3.Connection | None = None  # data_version's own connection
        self._watch_lock = threading.Lock()

    def __repr__(self) -> str:
        return f"<class store {self.url}>"

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def close(self) -> None:
        with self._watch_lock:
            if self._watch is not None:
                self._watch.close()
                self._watch = None
        self.engine.dispose()

    def data_version(self) -> int | None:
        """A number that changes whenever anything is written to the store, by this process or
        another: a device polling for news asks it first, for a few microseconds, and reads the
        moves only when it changed. SQLite's ``PRAGMA data_version``, on a connection kept for
        it that never writes; None for a server database (no such number: read each time)."""
        if not self.sqlite or not self.engine.url.database:
            return None
        with self._watch_lock:
            if self._watch is None:
                self._watch = sqlite3.connect(self.engine.url.database, check_same_thread=False)
            return int(self._watch.execute("PRAGMA data_version").fetchone()[0])

    # ---- connections --------------------------------------------------------------------------

    @contextlib.contextmanager
    def _read(self) -> Iterator[sa.Connection]:
        with self._guard(), self.engine.connect() as conn:
            yield conn

    @contextlib.contextmanager
    def _write(self) -> Iterator[sa.Connection]:
        """A transaction that writes: committed at the end, rolled back on any error."""
        with self._guard(), self.engine.connect() as conn:
            conn = conn.execution_options(write=True)
            with conn.begin():
                yield conn

    @contextlib.contextmanager
    def _guard(self) -> Iterator[None]:
        try:
            yield
        except sa.exc.OperationalError as e:
            raise ConnectionError(
                f"the class's store at {self.url} cannot be used: {_reason(e)}"
            ) from None
        except sa.exc.DatabaseError as e:
            if isinstance(e, sa.exc.IntegrityError):
                raise
            reason = _reason(e)
            if self.sqlite:
                raise ValueError(f"{self.url} is not a class's store: {reason}") from None
            raise ValueError(f"the class's store at {self.url} cannot be used: {reason}") from None

    # ---- the schema ---------------------------------------------------------------------------

    def upgrade(self, revision: str = "head") -> None:
        """Bring the schema to ``revision`` (default: this version's newest), in one transaction
        (one process at a time). ValueError if the database is another program's, or a newer
        version's store."""
        from alembic import command
        from alembic.runtime.migration import MigrationContext
        from alembic.script import ScriptDirectory

        with self._write() as conn:
            if not self.sqlite:
                conn.execute(sa.select(sa.func.pg_advisory_xact_lock(ADVISORY_LOCK)))
            config = alembic_config(conn)
            script = ScriptDirectory.from_config(config)
            current = set(MigrationContext.configure(conn).get_current_heads())
            known = {r.revision for r in script.walk_revisions()}
            if current - known:
                raise ValueError(
                    f"the class's store at {self.url} was made by a newer "
                    f"stainedglass (schema {', '.join(sorted(current - known))}): "
                    "upgrade stainedglass to use it"
                )
            if not current:
                others = set(sa.inspect(conn).get_table_names()) - {"alembic_version"}
                if others:
                    raise ValueError(
                        f"{self.url} is not a class's store: it holds other "
                        f"tables ({', '.join(sorted(others)[:5])})"
                    )
            if revision == "head" and current == set(script.get_heads()):
                return
            command.upgrade(config, revision)

    @property
    def revision(self) -> str | None:
        """The schema's revision (None: not made yet)."""
        from alembic.runtime.migration import MigrationContext

        with self._read() as conn:
            return MigrationContext.configure(conn).get_current_revision()

    # ---- rooms --------------------------------------------------------------------------------

    def create_room(
        self,
        game: str | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        seed: int | None = None,
        start: str | None = None,
    ) -> Room:
        """A new open room for ``game`` with ``options`` (dealt from ``seed``, else a random
        one), or going on from ``start``, a record's text or link. Its seats are free; the
        room's first chance (dice, cards) is drawn at once."""
        room, _ = self.start_room(game, options, seed=seed, start=start)
        return room

    def start_room(
        self,
        game: str | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        seed: int | None = None,
        start: str | None = None,
        seated: Mapping[int, tuple[str, str]] | None = None,
    ) -> tuple[Room, dict[int, Seat]]:
        """A new open room (as :meth:`create_room`) with the seats of the device that starts
        it taken at once: ``seated`` maps a seat to its ``(kind, name)``, one ``pupil`` (the
        device's) and any ``hot_seat`` pupils and ``bot`` seats it plays. Everything is checked
        before anything is written, and written in one transaction: a refused start leaves no
        room. Returns the room and the seats taken, each with its token."""
        record = start_record(game, options, seed, start)
        state = record.state()
        n = state.num_players
        chosen = _read_seated(seated or {}, n)
        drawn = draw_chance(state, record.seed)
        if state.is_terminal():
            raise ValueError("this game is over: a room needs moves left to play")
        start_text = record.to_text()
        now = _now()
        tokens = {index: new_token() for index in chosen}
        pupil = next((i for i, (kind, _) in chosen.items() if kind == PUPIL), None)
        with self._write() as conn:
            counts: dict[str, int] = {
                kind: int(n)
                for kind, n in conn.execute(
                    sa.select(rooms_table.c.state, sa.func.count()).group_by(rooms_table.c.state)
                )
            }
            if counts.get(OPEN, 0) >= MAX_OPEN_ROOMS:
                raise ValueError(
                    f"the class has {MAX_OPEN_ROOMS} rooms open, the most it keeps: end some first"
                )
            if sum(counts.values()) >= MAX_ROOMS:
                raise ValueError(
                    f"the class's store keeps {MAX_ROOMS:,} rooms: forget the old ones first"
                )
            for _ in range(50):
                code = new_code()
                if (
                    conn.execute(
                        sa.select(rooms_table.c.id).where(rooms_table.c.code == code)
                    ).first()
                    is None
                ):
                    break
            else:  # pragma: no cover - 3.2 million codes for at most 100,000 rooms
                raise ValueError("no free room code was found: forget old rooms")
            inserted = conn.execute(
                sa.insert(rooms_table).values(
                    code=code,
                    game=record.game,
                    start=start_text,
                    seats=n,
                    state=OPEN,
                    ply=len(state.history),
                    turn=_turn(state),
                    version=1,
                    created_at=now,
                )
            ).inserted_primary_key
            assert inserted is not None
            room_id = inserted[0]
            seat_rows = [
                {"room_id": room_id, "seat": i, "kind": None, "name": None}
                | {"token_hash": None, "host": None, "joined_at": None}
                for i in range(n)
            ]
            for i, (kind, name) in chosen.items():
                seat_rows[i].update(
                    kind=kind,
                    name=name,
                    token_hash=token_hash(tokens[i]),
                    host=None if kind == PUPIL else pupil,
                    joined_at=now,
                )
            conn.execute(sa.insert(seats_table), seat_rows)
            base = len(record.moves)
            if drawn:
                conn.execute(
                    sa.insert(moves_table),
                    [
                        {
                            "room_id": room_id,
                            "ply": base + i,
                            "move": text,
                            "seat": None,
                            "seen_by": seen_by,
                            "at": now,
                        }
                        for i, (text, seen_by) in enumerate(drawn, 1)
                    ],
                )
            room = self._room(conn, code)
        self._remember(room_id, code, state)
        seats = {i: Seat(code, i, kind, name, tokens[i]) for i, (kind, name) in chosen.items()}
        return room, seats

    def room(self, code: str) -> Room:
        """The room ``code`` as it is now (ValueError if there is none)."""
        code = read_code(code)
        with self._read() as conn:
            return self._room(conn, code)

    def rooms(self, open_only: bool = False) -> list[Room]:
        """The class's rooms, newest first (at most the newest 1,000), with their seats: what
        the teacher's console shows."""
        with self._read() as conn:
            query = sa.select(rooms_table).order_by(rooms_table.c.id.desc()).limit(MAX_LISTED)
            if open_only:
                query = query.where(rooms_table.c.state == OPEN)
            rows = conn.execute(query).all()
            seats: dict[int, list[SeatInfo]] = {row.id: [] for row in rows}
            if rows:
                for s in conn.execute(
                    sa.select(seats_table)
                    .where(seats_table.c.room_id.in_(list(seats)))
                    .order_by(seats_table.c.room_id, seats_table.c.seat)
                ):
                    seats[s.room_id].append(_seat_info(s))
            return [_room_of(row, seats[row.id]) for row in rows]

    def _room(self, conn: sa.Connection, code: str) -> Room:
        row = self._room_row(conn, code)
        seats = conn.execute(
            sa.select(seats_table)
            .where(seats_table.c.room_id == row.id)
            .order_by(seats_table.c.seat)
        ).all()
        return _room_of(row, [_seat_info(s) for s in seats])

    @staticmethod
    def _room_row(conn: sa.Connection, code: str) -> Any:
        row = conn.execute(sa.select(rooms_table).where(rooms_table.c.code == code)).first()
        if row is None:
            raise ValueError(f"there is no room {code} in this class (check the code)")
        return row

    # ---- seats --------------------------------------------------------------------------------

    def join(
        self,
        code: str,
        name: str,
        *,
        kind: str = PUPIL,
        seat: int | None = None,
        host: str | None = None,
    ) -> Seat:
        """Seat ``name`` in room ``code``: in seat ``seat`` (0-based), else the first free one.
        A ``pupil`` joins from a device of their own; a ``bot`` or a ``hot_seat`` pupil joins
        through the device of a pupil seated there, whose token is ``host``. The :class:`Seat`
        returned holds the secret token that moves for that seat: the device keeps it (a reload
        rejoins with :meth:`rejoin`)."""
        code = read_code(code)
        name = read_name(name)
        if kind not in SEAT_KINDS:
            raise ValueError(
                f"{kind!r} is not a kind of seat; the kinds are: " + ", ".join(SEAT_KINDS)
            )
        if kind == PUPIL and host is not None:
            raise ValueError("a pupil joins from a device of their own, with no host")
        if kind != PUPIL and host is None:
            raise ValueError(
                f"a {'bot' if kind == BOT else 'hot-seat pupil'} joins through "
                "the device of a pupil seated in the room: give that pupil's "
                "seat token as host"
            )
        host_hash = token_hash(read_token(host)) if host is not None else None
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
            raise ValueError(f"a seat is a whole number, not {seat!r}")
        token = new_token()
        with self._write() as conn:
            row = self._room_row(conn, code)
            if row.state == ENDED:
                raise ValueError(f"room {code} has ended: no one can join it")
            host_index = None
            if host_hash is not None:
                found = conn.execute(
                    sa.select(seats_table.c.seat, seats_table.c.kind).where(
                        seats_table.c.room_id == row.id, seats_table.c.token_hash == host_hash
                    )
                ).first()
                if found is None or found.kind != PUPIL:
                    raise ValueError(f"the host token is not that of a pupil seated in room {code}")
                host_index = found.seat
            free = [
                s
                for (s,) in conn.execute(
                    sa.select(seats_table.c.seat)
                    .where(seats_table.c.room_id == row.id, seats_table.c.token_hash.is_(None))
                    .order_by(seats_table.c.seat)
                )
            ]
            if seat is not None:
                if not 0 <= seat < row.seats:
                    raise ValueError(f"room {code} has seats 0 to {row.seats - 1}, not {seat}")
                if seat not in free:
                    raise ValueError(f"seat {seat} of room {code} is taken")
                free = [seat]
            for index in free:
                taken = conn.execute(
                    sa.update(seats_table)
                    .where(
                        seats_table.c.room_id == row.id,
                        seats_table.c.seat == index,
                        seats_table.c.token_hash.is_(None),
                    )
                    .values(
                        kind=kind,
                        name=name,
                        token_hash=token_hash(token),
                        host=host_index,
                        joined_at=_now(),
                        left_at=None,
                    )
                ).rowcount
                if taken == 1:
                    break
            else:
                raise ValueError(f"room {code} is full: its {row.seats} seats are taken")
            conn.execute(
                sa.update(rooms_table)
                .where(rooms_table.c.id == row.id)
                .values(version=rooms_table.c.version + 1)
            )
        return Seat(code, index, kind, name, token)

    def rejoin(self, token: str) -> Seat:
        """The seat a device's token holds (after a reload), if it still holds it."""
        hashed = token_hash(read_token(token))
        with self._read() as conn:
            found = conn.execute(
                sa.select(seats_table, rooms_table.c.code, rooms_table.c.state)
                .join(rooms_table, rooms_table.c.id == seats_table.c.room_id)
                .where(seats_table.c.token_hash == hashed)
            ).first()
        if found is None:
            raise ValueError("no seat holds this token: its seat was left, or it was never given")
        return Seat(found.code, found.seat, found.kind, found.name, token)

    def leave(self, token: str) -> Room:
        """The seat ``token`` holds is left (and the bots and hot-seat pupils its device
        plays): free for someone else to take. When no pupil is left in the room, it ends."""
        hashed = token_hash(read_token(token))
        with self._write() as conn:
            found = conn.execute(
                sa.select(seats_table.c.room_id, seats_table.c.seat, rooms_table.c.code)
                .join(rooms_table, rooms_table.c.id == seats_table.c.room_id)
                .where(seats_table.c.token_hash == hashed)
            ).first()
            if found is None:
                raise ValueError(
                    "no seat holds this token: its seat was left already, or it was never given"
                )
            now = _now()
            conn.execute(
                sa.update(seats_table)
                .where(
                    seats_table.c.room_id == found.room_id,
                    seats_table.c.token_hash.is_not(None),
                    sa.or_(seats_table.c.seat == found.seat, seats_table.c.host == found.seat),
                )
                .values(token_hash=None, left_at=now)
            )
            pupils = conn.execute(
                sa.select(sa.func.count())
                .select_from(seats_table)
                .where(
                    seats_table.c.room_id == found.room_id,
                    seats_table.c.token_hash.is_not(None),
                    seats_table.c.kind.in_((PUPIL, HOT_SEAT)),
                )
            ).scalar_one()
            if not pupils:
                self._end(conn, found.room_id, now)
            conn.execute(
                sa.update(rooms_table)
                .where(rooms_table.c.id == found.room_id)
                .values(version=rooms_table.c.version + 1)
            )
            return self._room(conn, found.code)

    def end(self, code: str) -> Room:
        """End room ``code`` now (the teacher's console): its seats are left, its game kept."""
        code = read_code(code)
        with self._write() as conn:
            row = self._room_row(conn, code)
            if row.state != ENDED:
                self._end(conn, row.id, _now())
                conn.execute(
                    sa.update(rooms_table)
                    .where(rooms_table.c.id == row.id)
                    .values(version=rooms_table.c.version + 1)
                )
            return self._room(conn, code)

    @staticmethod
    def _end(conn: sa.Connection, room_id: int, now: datetime) -> None:
        conn.execute(
            sa.update(seats_table)
            .where(seats_table.c.room_id == room_id, seats_table.c.token_hash.is_not(None))
            .values(token_hash=None, left_at=now)
        )
        conn.execute(
            sa.update(rooms_table)
            .where(rooms_table.c.id == room_id)
            .values(state=ENDED, ended_at=now)
        )

    # ---- moves --------------------------------------------------------------------------------

    def play(self, code: str, token: str, move: str, ply: int) -> list[PlayedMove]:
        """Play ``move`` (in the game's notation) in room ``code`` for the seat ``token``
        holds, on the game after ``ply`` moves, the ply the device last saw. Returns the move as
        stored and the chance the room drew after it. A move the rules forbid, or out of turn,
        is an ``sg.IllegalMove`` naming the rule; a room that has moved on since ``ply`` (the
        other of two moves sent at once) a ValueError. Nothing is stored then."""
        code = read_code(code)
        hashed = token_hash(read_token(token))
        text = read_move(move)
        ply = read_ply(ply)
        with self._read() as conn:
            row = self._room_row(conn, code)
            _check_open(row)
            found = conn.execute(
                sa.select(seats_table.c.room_id, seats_table.c.seat).where(
                    seats_table.c.token_hash == hashed
                )
            ).first()
            if found is None:
                raise ValueError(
                    f"no seat of room {code} holds this token: its seat was left, "
                    "or it was never given"
                )
            if found.room_id != row.id:
                raise ValueError(f"this seat token is for another room, not room {code}")
            _check_ply(row, ply)
            free = conn.execute(
                sa.select(sa.func.count())
                .select_from(seats_table)
                .where(seats_table.c.room_id == row.id, seats_table.c.token_hash.is_(None))
            ).scalar_one()
            state = self._game(conn, row)
        if free:
            raise core.IllegalMove(
                f"room {code} waits for its players: {free} of its "
                f"{row.seats} seats {'is' if free == 1 else 'are'} free; the "
                "game starts when every seat is taken"
            )
        seat = found.seat
        check_turn(state, seat)
        state.play(text)
        played: list[tuple[str, int | None, int | None]] = [(state.history[-1], seat, None)]
        played += [(t, None, seen_by) for t, seen_by in draw_chance(state, _seed(row))]
        if len(state.history) > MAX_MOVES:
            raise ValueError(f"a room's game holds at most {MAX_MOVES:,} moves")
        now = _now()
        rows = [
            {"room_id": row.id, "ply": ply + i, "move": t, "seat": s, "seen_by": seen, "at": now}
            for i, (t, s, seen) in enumerate(played, 1)
        ]
        try:
            with self._write() as conn:
                moved = conn.execute(
                    sa.update(rooms_table)
                    .where(
                        rooms_table.c.id == row.id,
                        rooms_table.c.ply == ply,
                        rooms_table.c.state == OPEN,
                    )
                    .values(
                        ply=len(state.history), turn=_turn(state), version=rooms_table.c.version + 1
                    )
                ).rowcount
                if moved != 1:  # another move came first, or the room ended meanwhile
                    now_row = self._room_row(conn, code)
                    _check_open(now_row)
                    _check_ply(now_row, ply)
                still = conn.execute(
                    sa.select(seats_table.c.seat).where(
                        seats_table.c.room_id == row.id, seats_table.c.token_hash == hashed
                    )
                ).first()
                if still is None:
                    raise ValueError(f"the seat of room {code} this token held was left")
                conn.execute(sa.insert(moves_table), rows)
                if state.is_terminal():
                    self._games_played(conn, row, state, now)
        except sa.exc.IntegrityError:
            raise ValueError(_stale(code, ply, ply + 1)) from None
        self._remember(row.id, code, state)
        return [PlayedMove(r["ply"], r["move"], r["seat"], r["seen_by"], now) for r in rows]

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

    def moves_since(self, code: str, ply: int = 0) -> list[PlayedMove]:
        """The moves of room ``code`` after ply ``ply`` (a device polling for news sends the ply
        it has), in order. One indexed query."""
        code = read_code(code)
        ply = read_ply(ply)
        with self._read() as conn:
            found = conn.execute(moves_query(code, ply)).all()
        if not found:
            raise ValueError(f"there is no room {code} in this class (check the code)")
        return [_played(m) for m in found if m.ply is not None]

    def state(self, code: str, ply: int | None = None) -> core.State:
        """Room ``code``'s game now, or after ``ply`` moves."""
        code = read_code(code)
        with self._read() as conn:
            row = self._room_row(conn, code)
            state = self._game(conn, row)
        if ply is not None:
            ply = read_ply(ply)
            if ply > row.ply:
                raise ValueError(f"room {code} is at move {row.ply}, not yet {ply}")
            while len(state.history) > ply:
                state.undo()
        return state

    def record(self, code: str) -> Record:
        """Room ``code``'s game as a record (``sg`` record text with ``.to_text()``), with the
        seats' names as its players: open or ended, for review. It shows every hand."""
        code = read_code(code)
        with self._read() as conn:
            row = self._room_row(conn, code)
            state = self._game(conn, row)
            names = [
                n or ""
                for (n,) in conn.execute(
                    sa.select(seats_table.c.name)
                    .where(seats_table.c.room_id == row.id)
                    .order_by(seats_table.c.seat)
                )
            ]
        return state.record(players=names)

    def _game(self, conn: sa.Connection, row: Any) -> core.State:
        """The room's game at its row's ply: from the last one this store rebuilt, if any."""
        with self._games_lock:
            cached = self._games.get(row.id)
            if cached is not None:
                self._games.move_to_end(row.id)
        state: core.State | None = None
        if cached is not None and cached[0] == row.code and len(cached[1].history) <= row.ply:
            state = cached[1].clone()
        if state is None:
            state = _start(row).state()
        done = len(state.history)
        if done < row.ply:
            for (text,) in conn.execute(
                sa.select(moves_table.c.move)
                .where(
                    moves_table.c.room_id == row.id,
                    moves_table.c.ply > done,
                    moves_table.c.ply <= row.ply,
                )
                .order_by(moves_table.c.ply)
            ):
                state.play(text)
        if len(state.history) != row.ply:
            raise ValueError(
                f"room {row.code}'s moves are not all there: {len(state.history)} of {row.ply}"
            )
        self._remember(row.id, row.code, state)
        return state

    def _remember(self, room_id: int, code: str, state: core.State) -> None:
        with self._games_lock:
            self._games[room_id] = (code, state.clone())
            self._games.move_to_end(room_id)
            while len(self._games) > 64:
                self._games.popitem(last=False)

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

    # ---- forgetting ---------------------------------------------------------------------------

    # ---- leading the class --------------------------------------------------------------------

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


# ---- helpers ----------------------------------------------------------------------------------


def matched_games() -> list[str]:
    """The games a pupil's Match me level is kept for: those played against others (a game
    played alone has no opponent to match)."""
    return [game for game in core.games() if core.load(game).facts.max_players > 1]


def read_game(game: Any) -> str:
    if not isinstance(game, str) or game not in core.games():
        raise ValueError(
            f"{str(game)[:40]!r} is not a game; the games are: " + ", ".join(core.games())
        )
    return game


def _match_data(match: Any) -> tuple[dict[str, Any], int]:
    """A Match me's data as ``MatchMe.from_dict`` reads it, made again (``to_dict``), and its
    level; ValueError when it does not read."""
    from stainedglass.ai.levels import MatchMe

    if not isinstance(match, Mapping):
        raise ValueError(f"a Match me is kept as its to_dict(), not {type(match).__name__}")
    made = MatchMe.from_dict(dict(match))
    return made.to_dict(), int(made.level)


def read_level(pupil: Any, game: Any, match: Any) -> tuple[str, str, str, int]:
    """A Match me to keep, checked: ``(pupil, game, data as JSON, level)``."""
    pupil, game = read_name(pupil, "a pupil's name"), read_game(game)
    if game not in matched_games():
        raise ValueError(f"{game} is played alone: it has no Match me level")
    data, level = _match_data(match)
    text = json.dumps(data, sort_keys=True)
    if len(text) > MAX_LEVEL_DATA:
        raise ValueError(f"a Match me's data is at most {MAX_LEVEL_DATA:,} characters")
    return pupil, game, text, level


def _read_position(position: Any) -> core.State:
    """The teacher's board as sent (a record's text or link) -> its state; ValueError in
    words for anything else."""
    if not isinstance(position, str):
        raise ValueError(f"a position is a record's text or link, not {type(position).__name__}")
    return load_record(position).state()


def _read_lead_token(token: Any) -> str:
    try:
        return read_token(token)
    except ValueError:
        raise ValueError(
            "only the teacher's console leads the class: this page holds no leading token "
            "(open the console with the teacher's password)"
        ) from None


def _read_words(words: Any) -> str:
    if not isinstance(words, str) or len(words) > MAX_WORDS_LENGTH:
        raise ValueError(f"a verdict's words are text of at most {MAX_WORDS_LENGTH:,} characters")
    return words


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


def moves_query(code: str, ply: int) -> sa.Select[Any]:
    """What a device's poll asks: the room's moves after ``ply``, in order, through the moves'
    key (room, ply); the room's row alone (its move empty) when it has none, none when there is
    no room. One query, however many rooms the class has."""
    return (
        sa.select(
            rooms_table.c.id,
            moves_table.c.ply,
            moves_table.c.move,
            moves_table.c.seat,
            moves_table.c.seen_by,
            moves_table.c.at,
        )
        .select_from(rooms_table)
        .outerjoin(
            moves_table, sa.and_(moves_table.c.room_id == rooms_table.c.id, moves_table.c.ply > ply)
        )
        .where(rooms_table.c.code == code)
        .order_by(moves_table.c.ply)
    )


def _reason(error: sa.exc.DBAPIError) -> str:
    """The first line of what the database said."""
    return (str(error.orig).strip().splitlines() or [type(error.orig).__name__])[0]


def _turn(state: core.State) -> int | None:
    return None if state.is_terminal() else state.current_player


def _start(row: Any) -> Record:
    """A room's start record, from the text this store wrote (checked when it was written)."""
    import json

    data = json.loads(row.start)
    return Record(data["game"], data["options"], data["seed"], data["moves"])


def _seed(row: Any) -> int:
    return _start(row).seed


def _read_seated(seated: Any, players: int) -> dict[int, tuple[str, str]]:
    """The seats a room's starting device takes, checked: ``{seat: (kind, name)}`` with one
    pupil (the device's own) when any, the others its hot-seat pupils and bots."""
    if not isinstance(seated, Mapping):
        raise ValueError(f"the seats taken are a mapping of seat to (kind, name), not {seated!r}")
    chosen: dict[int, tuple[str, str]] = {}
    for index, taken in seated.items():
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < players:
            raise ValueError(f"the room has seats 0 to {players - 1}, not {index!r}")
        if not isinstance(taken, tuple) or len(taken) != 2:
            raise ValueError(f"seat {index} is taken by a (kind, name), not {taken!r}")
        kind, name = taken
        if kind not in SEAT_KINDS:
            raise ValueError(
                f"{kind!r} is not a kind of seat; the kinds are: " + ", ".join(SEAT_KINDS)
            )
        chosen[index] = (kind, read_name(name))
    pupils = [i for i, (kind, _) in chosen.items() if kind == PUPIL]
    if chosen and len(pupils) != 1:
        raise ValueError(
            "a room is started by one pupil's device: one seat of kind pupil, its hot-seat "
            f"pupils and bots played through it, not {len(pupils)} pupils"
        )
    return dict(sorted(chosen.items()))


def _stale(code: str, sent: int, now: int) -> str:
    return (
        f"room {code} is at move {now}, not {sent}: move {sent + 1} was played already "
        f"(read the moves since {sent}, then move again)"
    )


def _check_open(row: Any) -> None:
    if row.state == ENDED:
        raise ValueError(
            f"room {row.code} has ended: its game can be read as a record, not played on"
        )


def _check_ply(row: Any, ply: int) -> None:
    if ply < row.ply:
        raise ValueError(_stale(row.code, ply, row.ply))
    if ply > row.ply:
        raise ValueError(f"room {row.code} is at move {row.ply}: there is no move {ply} yet")


def _seat_info(s: Any) -> SeatInfo:
    return SeatInfo(
        s.seat, s.kind, s.name, s.token_hash is not None, s.host, _utc(s.joined_at), _utc(s.left_at)
    )


def _room_of(row: Any, seats: Sequence[SeatInfo]) -> Room:
    created = _utc(row.created_at)
    assert created is not None
    return Room(
        row.code,
        row.game,
        row.start,
        row.state,
        row.ply,
        row.turn,
        row.version,
        created,
        _utc(row.ended_at),
        tuple(seats),
    )


def _played(m: Any) -> PlayedMove:
    at = _utc(m.at)
    assert at is not None
    return PlayedMove(m.ply, m.move, m.seat, m.seen_by, at)


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
