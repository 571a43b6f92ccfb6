"""Where a class's store is and how it is reached: the default file, the database URL made from
a file's path or a URL (SQLite, or PostgreSQL through psycopg 3), the engine with its SQLite
settings, and :class:`StoreConnection`, what every part of an open store stands on (its
connections and transactions, the words for a database that cannot be used, the upgrade of its
schema)."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import sys
import threading
from collections import OrderedDict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event

from stainedglass import core
from .schema import alembic_config

ADVISORY_LOCK = 0x5367_6C61_7373  # PostgreSQL: one upgrade of a store at a time


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


def _reason(error: sa.exc.DBAPIError) -> str:
    """The first line of what the database said."""
    return (str(error.orig).strip().splitlines() or [type(error.orig).__name__])[0]


class StoreConnection:
    """An open store's database: its engine, its connections and transactions, its schema's
    upgrade, and the rooms' games it rebuilt last (kept to play on). Every part of
    :class:`~stainedglass_widgets.serving.classroom.store.Store` stands on it."""

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
