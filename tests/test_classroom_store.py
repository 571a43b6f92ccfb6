"""The class's store (``widgets/stainedglass_widgets/serving/classroom``): rooms, seats, moves and progress, on a real
SQLite file and on a real PostgreSQL server started for this module (initdb into a temporary
folder, pg_ctl on a free port; skipped without PostgreSQL, failed where CI is set).

Every test that opens a store runs on both: ``target`` is a fresh SQLite file or a fresh
PostgreSQL database.
"""

from __future__ import annotations

import contextlib
import doctest
import glob
import importlib.util
import os
import pathlib
import random
import re
import shutil
import socket
import sqlite3
import subprocess
import tempfile
import threading
from typing import Any
from collections.abc import Callable, Iterator

import pytest

sa = pytest.importorskip("sqlalchemy")
pytest.importorskip("alembic")

import stainedglass as sg
from conftest import random_move
from stainedglass_widgets.serving.classroom import BOT, HOT_SEAT, Store, open_store
from stainedglass_widgets.serving.classroom import rooms as rules
from stainedglass_widgets.serving.classroom import connection, schema
from stainedglass_widgets.serving.classroom import store as store_module

# ---- a PostgreSQL server of the module's own --------------------------------------------------


def postgres_bin() -> pathlib.Path | None:
    """The folder of ``initdb`` and ``pg_ctl``: on PATH, else Debian's
    ``/usr/lib/postgresql/<version>/bin`` (the newest)."""
    found = shutil.which("pg_ctl")
    folders = [pathlib.Path(os.path.realpath(found)).parent] if found else []
    folders += sorted(
        (pathlib.Path(p) for p in glob.glob("/usr/lib/postgresql/*/bin")),
        key=lambda p: [int(x) for x in re.findall(r"\d+", p.parent.name)],
        reverse=True,
    )
    for folder in folders:
        if (folder / "initdb").exists() and (folder / "pg_ctl").exists():
            return folder
    return None


def need_postgres() -> pathlib.Path:
    """The PostgreSQL binaries' folder, or the test skipped saying what is missing; where the
    environment variable CI is set, failed instead (CI runs the store on PostgreSQL too)."""
    problem = None
    folder = postgres_bin()
    if importlib.util.find_spec("psycopg") is None:
        problem = "psycopg is not installed (pip install 'stainedglass-games[postgres]')"
    elif folder is None:
        problem = "PostgreSQL is not installed (apt-get install postgresql)"
    if problem is not None or folder is None:
        if os.environ.get("CI"):
            pytest.fail(f"CI needs the PostgreSQL tests: {problem}")
        pytest.skip(problem or "")
    return folder


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PostgresServer:
    """A throwaway PostgreSQL server: a new cluster in a temporary folder, listening on
    127.0.0.1 at a free port, trusting local connections, without fsync. PostgreSQL refuses to
    run as root: as root, the cluster belongs to ``nobody`` and its commands run as that user."""

    def __init__(self, bin_dir: pathlib.Path) -> None:
        self.bin = bin_dir
        self.home = pathlib.Path(tempfile.mkdtemp(prefix="sg-postgres-"))
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self.home, "nobody", "nogroup" if _group("nogroup") else "nobody")
            self.as_user = (
                ["runuser", "-u", "nobody", "--"]
                if shutil.which("runuser")
                else ["su", "nobody", "-s", "/bin/sh", "-c"]
            )
        self.port = _free_port()
        self.made = False

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        command = [str(self.bin / args[0]), *args[1:]]
        if self.as_user[:1] == ["su"]:
            command = [*self.as_user, " ".join(map(_quote, command))]
        elif self.as_user:
            command = [*self.as_user, *command]
        return subprocess.run(command, capture_output=True, text=True, timeout=120, cwd=self.home)

    def start(self) -> None:
        data = self.home / "data"
        done = self._run(
            "initdb", "-D", str(data), "-U", "sg", "--auth=trust", "-N", "-E", "UTF8", "--locale=C"
        )
        assert done.returncode == 0, f"initdb: {done.stdout}{done.stderr}"
        for _ in range(3):  # another program may take the free port first: then another one
            options = (
                f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.home} "
                "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
            )
            done = self._run(
                "pg_ctl",
                "start",
                "-w",
                "-t",
                "60",
                "-D",
                str(data),
                "-l",
                str(self.home / "log"),
                "-o",
                options,
            )
            if done.returncode == 0:
                return
            self.port = _free_port()
        log = (self.home / "log").read_text() if (self.home / "log").exists() else ""
        raise AssertionError(f"pg_ctl start: {done.stdout}{done.stderr}{log[-2000:]}")

    def stop(self) -> None:
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            self._run("pg_ctl", "stop", "-D", str(self.home / "data"), "-m", "immediate")
        shutil.rmtree(self.home, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://sg@127.0.0.1:{self.port}/{database}"

    def fresh_database(self) -> str:
        """The URL of the server's database ``class``, emptied (its schema made anew: quicker
        than a new database for every test)."""
        engine = sa.create_engine(
            self.url().replace("postgresql:", "postgresql+psycopg:"), isolation_level="AUTOCOMMIT"
        )
        with engine.connect() as conn:
            if not self.made:
                conn.exec_driver_sql("CREATE DATABASE class")
                self.made = True
        engine.dispose()
        engine = sa.create_engine(
            self.url("class").replace("postgresql:", "postgresql+psycopg:"),
            isolation_level="AUTOCOMMIT",
        )
        with engine.connect() as conn:
            conn.exec_driver_sql("DROP SCHEMA public CASCADE")
            conn.exec_driver_sql("CREATE SCHEMA public")
        engine.dispose()
        return self.url("class")


def _group(name: str) -> bool:
    import grp

    try:
        grp.getgrnam(name)
        return True
    except KeyError:
        return False


def _quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


@pytest.fixture(scope="module")
def postgres() -> Iterator[PostgresServer]:
    server = PostgresServer(need_postgres())
    try:
        server.start()
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def target(request: pytest.FixtureRequest, tmp_path: pathlib.Path) -> str:
    """Where a test's store is: a new SQLite file, or a new database on the module's
    PostgreSQL server."""
    if request.param == "sqlite":
        return str(tmp_path / "class" / "class.sqlite3")
    server: PostgresServer = request.getfixturevalue("postgres")
    return server.fresh_database()


@pytest.fixture
def store(target: str) -> Iterator[Store]:
    with open_store(target) as s:
        yield s


# ---- helpers ----------------------------------------------------------------------------------


def full_room(
    store: Store, game: str = "cathedral", seed: int = 1, **options: Any
) -> tuple[rules.Room, list[rules.Seat]]:
    """A room with every seat taken by a pupil of its own."""
    room = store.create_room(game, options, seed=seed)
    seats = [store.join(room.code, f"Pupil {i + 1}") for i in range(len(room.seats))]
    return store.room(room.code), seats


def token_of(seats: list[rules.Seat], index: int) -> str:
    return next(s.token for s in seats if s.index == index)


def play_on(
    store: Store, code: str, seats: list[rules.Seat], rng: random.Random, moves: int = 10**6
) -> sg.State:
    """Play random moves through the store as the devices would: each reads the moves since
    the ply it has, and the seat to move sends one."""
    room = store.room(code)
    local = store.state(code)
    for _ in range(moves):
        if local.is_terminal():
            break
        for played in store.moves_since(code, len(local.history)):
            local.play(played.move)
        seat = store.room(code).turn
        assert seat == local.current_player
        move = random_move(local, rng)
        back = store.play(code, token_of(seats, seat), str(move), len(local.history))
        assert back[0].move == str(move) and back[0].seat == seat
        for played in back:
            local.play(played.move)
    assert store.room(room.code).ply == len(local.history)
    return local


def refused(call: Callable[[], Any], kind: type[Exception], *words: str) -> str:
    with pytest.raises(kind) as info:
        call()
    message = str(info.value)
    for word in words:
        assert word in message, message
    return message


# ---- opening, the schema, restarting -------------------------------------------------------------


def test_the_classroom_page_examples_run() -> None:
    page = pathlib.Path(__file__).resolve().parents[1] / "docs" / "classroom.md"
    result = doctest.testfile(str(page), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 10 and result.failed == 0


def test_a_store_is_made_on_first_use_at_the_newest_schema(target: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory

    with open_store(target) as store:
        heads = ScriptDirectory.from_config(store_module.alembic_config()).get_heads()
        assert store.revision == heads[0] == "0005"
        with store.engine.connect() as conn:
            # the migrations make exactly the tables, columns, keys and indexes the code uses
            assert compare_metadata(MigrationContext.configure(conn), store_module.metadata) == []
        assert store.dump() == {t.name: [] for t in store_module.TABLES}
    if not target.startswith("postgresql"):
        assert pathlib.Path(target).is_file()
        raw = sqlite3.connect(target)
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        raw.close()
        with open_store(target) as store, store.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1


def test_the_store_survives_a_restart(target: str) -> None:
    with open_store(target) as store:
        room, seats = full_room(store, "walls_of_light", seed=5)
        play_on(store, room.code, seats, random.Random(5), moves=12)
        other = store.create_room("coloring", {"players": 3}, seed=2)
        store.join(other.code, "Cleo")
        store.add_progress("Cleo", "coloring", "lesson", "take a colour")
        before = store.dump()
        record = store.record(room.code).to_text()
    with open_store(target) as again:  # a new process would open it just so
        assert again.dump() == before
        assert again.record(room.code).to_text() == record
        assert [r.code for r in again.rooms()] == [other.code, room.code]
        # the devices' tokens still move their seats
        state = again.state(room.code)
        seat = again.room(room.code).turn
        assert seat is not None
        move = random_move(state, random.Random(1))
        back = again.play(room.code, token_of(seats, seat), str(move), len(state.history))
        assert back[0].ply == len(state.history) + 1
        assert again.room(room.code).ply == len(state.history) + len(back)


def test_a_store_made_at_the_first_revision_upgrades(target: str) -> None:
    """A store of revision 0001 (rooms, seats and moves; no progress yet), with a game in it,
    is upgraded when opened: its game is kept, and progress and levels can be noted."""
    url = connection._url(target)
    engine = connection._engine(url)
    first = Store(engine)
    first.upgrade("0001")
    assert first.revision == "0001"
    with engine.begin() as conn:
        assert "progress" not in sa.inspect(conn).get_table_names()
        start = sg.load("cathedral").new_game(seed=3).record().to_text()
        room_id = conn.execute(
            sa.text(
                "INSERT INTO rooms (code, game, start, seats, state, ply, turn, version, created_at)"
                " VALUES ('BCDFG', 'cathedral', :start, 2, 'open', 1, 1, 3, :now) RETURNING id"
            ),
            {"start": start, "now": schema._now()},
        ).scalar_one()
        conn.execute(
            sa.text(
                "INSERT INTO seats (room_id, seat, kind, name, token_hash) VALUES "
                "(:r, 0, 'pupil', 'Ann', :t0), (:r, 1, 'pupil', 'Ben', :t1)"
            ),
            {"r": room_id, "t0": rules.token_hash("a" * 24), "t1": rules.token_hash("b" * 24)},
        )
        conn.execute(
            sa.text(
                "INSERT INTO moves (room_id, ply, move, at) VALUES "
                "(:r, 1, 'cathedral e4 d5 e5 f5 e6 e7', :now)"
            ),
            {"r": room_id, "now": schema._now()},
        )
    first.close()
    with open_store(target) as store:
        assert store.revision == "0005"
        assert store.record("BCDFG").moves == ["cathedral e4 d5 e5 f5 e6 e7"]
        store.play("BCDFG", "b" * 24, "castle a1 b1 c1 a2 c2", ply=1)
        store.add_progress("Ann", "cathedral", "puzzle", "cathedral-3", True)
        assert [(p.pupil, p.puzzles_first_try) for p in store.progress()] == [("Ann", 1)]
        store.keep_level("Ann", "cathedral", {"level": 2, "games": 1, "results": [0.0]})
        assert [p.levels for p in store.progress()] == [{"cathedral": 2}]


def test_what_is_not_a_store_is_refused_in_words(tmp_path: pathlib.Path) -> None:
    junk = tmp_path / "notes.sqlite3"
    junk.write_text("these are not the tables you are looking for " * 20)
    refused(lambda: open_store(junk), ValueError, "is not a class's store")
    other = tmp_path / "other.sqlite3"
    raw = sqlite3.connect(other)
    raw.execute("CREATE TABLE marks (pupil TEXT, mark INTEGER)")
    raw.commit()
    raw.close()
    refused(lambda: open_store(other), ValueError, "not a class's store", "marks")
    newer = tmp_path / "newer.sqlite3"
    open_store(newer).close()
    raw = sqlite3.connect(newer)
    raw.execute("UPDATE alembic_version SET version_num = '0099'")
    raw.commit()
    raw.close()
    refused(lambda: open_store(newer), ValueError, "made by a newer stainedglass", "0099")
    refused(lambda: open_store(tmp_path), ValueError, "is a file, not the folder")
    refused(
        lambda: open_store("mysql://me@there/class"),
        ValueError,
        "SQLite file or a PostgreSQL server",
    )
    refused(lambda: open_store("sqlite://"), ValueError, "a SQLite store is a file")


def test_where_a_store_is(monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    if os.name == "posix" and os.uname().sysname == "Linux":
        assert (
            store_module.default_store_path()
            == tmp_path / "data" / "stainedglass" / "class.sqlite3"
        )
    with open_store() as store:  # made on first use, with its folders
        assert store.url.endswith("class.sqlite3")
    assert store_module.default_store_path().is_file()
    url = connection._url("postgresql://teacher:secret@db.school/class7")
    assert url.drivername == "postgresql+psycopg" and url.database == "class7"
    assert connection._url("postgresql+psycopg2://t@h/c").drivername == "postgresql+psycopg"
    assert connection._url(f"sqlite:///{tmp_path}/a.db").database == f"{tmp_path}/a.db"


def test_the_polling_query_uses_the_moves_key(tmp_path: pathlib.Path) -> None:
    """``moves_since`` reads one room's moves after a ply through the key (room, ply): its
    cost does not grow with the class's other rooms."""
    with open_store(tmp_path / "c.sqlite3") as store, store.engine.connect() as conn:
        query = store_module.moves_query("BCDFG", 3)
        compiled = query.compile(conn, compile_kwargs={"literal_binds": True})
        plan = " ".join(
            str(row[-1]) for row in conn.exec_driver_sql(f"EXPLAIN QUERY PLAN {compiled}")
        )
        assert re.search(
            r"SEARCH moves USING (PRIMARY KEY|INDEX \S+) \(room_id=\? AND "
            r"ply>\?\)",
            plan,
        ), plan
        assert re.search(r"SEARCH rooms USING (COVERING )?INDEX \S+ \(code=\?\)", plan), plan


def test_the_data_version_changes_with_every_write_and_only_then(tmp_path: pathlib.Path) -> None:
    """A polling device asks ``data_version()`` (a pragma, microseconds) before reading moves:
    it must change when another store (another kernel) writes, and stay when nothing did."""
    with open_store(tmp_path / "c.sqlite3") as device, open_store(tmp_path / "c.sqlite3") as other:
        first = device.data_version()
        assert first is not None and device.data_version() == first  # nothing written
        room = other.create_room("cathedral")
        second = device.data_version()
        assert second != first
        device.rooms()  # reading writes nothing
        assert device.data_version() == second
        device.join(room.code, "Ana")  # nor does it miss this store's own writes
        assert device.data_version() != second


# ---- moves --------------------------------------------------------------------------------------


GAMES = {  # each game's room: options, and who sits (pupil, hot-seat, bot)
    "cathedral": ({}, ["pupil", "pupil"]),
    "coloring": ({"players": 3}, ["pupil", HOT_SEAT, BOT]),
    "sagrada": ({}, ["pupil"]),
    "walls_of_light": ({"players": 3}, ["pupil", "pupil", BOT]),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_game_through_the_store(store: Store, game: str) -> None:
    options, kinds = GAMES[game]
    room = store.create_room(game, options, seed=11)
    seats: list[rules.Seat] = []
    for i, kind in enumerate(kinds):
        host = None if kind == "pupil" else seats[0].token
        seats.append(store.join(room.code, f"{kind} {i}", kind=kind, host=host))
    assert store.room(room.code).full
    state = play_on(store, room.code, seats, random.Random(11))
    assert state.is_terminal()
    room = store.room(room.code)
    assert room.over and room.turn is None and room.state == "open"
    moves = store.moves_since(room.code, 0)
    assert [m.ply for m in moves] == list(range(1, len(state.history) + 1))
    assert [m.move for m in moves] == state.history
    # chance was drawn by the room, from its seed: the same seed draws the same again
    replay = sg.load(game, **options).new_game(seed=11)
    for m in moves:
        if m.seat is None:
            assert replay.is_chance()
            assert m.seen_by == replay.chance_seen_by()
            assert m.move == str(rules.chance_move(replay, 11, m.ply))
        else:
            assert m.seat == replay.current_player and m.seen_by is None
        replay.play(m.move)
    record = sg.load_record(store.record(room.code).to_text())
    assert record.players == [s.name for s in seats]
    assert record.state().history == state.history
    # every pupil seated (not the bot) has the game in their progress, by their share of the win
    played = {p.pupil: p.games_played for p in store.progress()}
    assert played == {s.name: 1 for s in seats if s.kind != BOT}
    refused(
        lambda: store.play(room.code, seats[0].token, "pass", len(state.history)),
        sg.IllegalMove,
        "the game is over",
    )


def test_two_moves_sent_at_once_give_one_move_and_one_refusal(target: str) -> None:
    """Two connections (an old tab and a reloaded one, or two devices) send a move for the same
    turn at the same moment, again and again: each time one is stored and the other refused in
    words, and the game never forks."""
    with open_store(target) as first, open_store(target) as second:
        room, seats = full_room(first, "coloring", players=2)
        rng = random.Random(4)
        for _ in range(12):
            state = first.state(room.code)
            seat = first.room(room.code).turn
            assert seat is not None
            choices = state.legal_moves()
            a, b = rng.sample(choices, 2) if len(choices) > 1 else (choices[0], choices[0])
            ply = len(state.history)
            gate = threading.Barrier(2)
            outcomes: list[Any] = [None, None]

            def send(i: int, store: Store, move: sg.Move) -> None:
                gate.wait()  # noqa: B023 - called within this iteration
                try:
                    outcomes[i] = store.play(room.code, token_of(seats, seat), str(move), ply)  # noqa: B023 - called within this iteration
                except Exception as e:
                    outcomes[i] = e  # noqa: B023 - called within this iteration

            threads = [
                threading.Thread(target=send, args=(0, first, a)),
                threading.Thread(target=send, args=(1, second, b)),
            ]
            for t in threads:
                t.start()
            for t in threads:
                t.join(60)
            won = [o for o in outcomes if isinstance(o, list)]
            lost = [o for o in outcomes if isinstance(o, Exception)]
            assert len(won) == 1 and len(lost) == 1, outcomes
            assert type(lost[0]) is ValueError
            assert (
                f"room {room.code} is at move {ply + 1}, not {ply}: move {ply + 1} was "
                "played already" in str(lost[0])
            )
            stored = first.moves_since(room.code, ply)
            assert [m.move for m in stored] == [m.move for m in won[0]]
            assert second.state(room.code).history == state.history + [stored[0].move]
        assert first.room(room.code).ply == first.room(room.code).start_ply + 12


def test_the_schema_holds_one_move_a_ply(store: Store) -> None:
    room, seats = full_room(store)
    store.play(room.code, seats[0].token, "cathedral e4 d5 e5 f5 e6 e7", 0)
    with store.engine.connect() as conn:
        room_id = conn.execute(
            sa.select(store_module.rooms_table.c.id).where(
                store_module.rooms_table.c.code == room.code
            )
        ).scalar_one()
    with pytest.raises(sa.exc.IntegrityError), store.engine.begin() as conn:
        conn.execute(
            sa.insert(store_module.moves_table).values(
                room_id=room_id,
                ply=1,
                move="cathedral b1 a2 b2 c2 b3 b4",
                seat=0,
                at=schema._now(),
            )
        )
    assert [m.move for m in store.moves_since(room.code)] == ["cathedral e4 d5 e5 f5 e6 e7"]


def test_wrong_input_is_refused_in_words_and_changes_nothing(store: Store) -> None:
    room, seats = full_room(store)
    other, other_seats = full_room(store, seed=2)
    store.play(room.code, seats[0].token, "cathedral e4 d5 e5 f5 e6 e7", 0)
    ended = store.create_room("cathedral", seed=3)
    gone = store.join(ended.code, "Dan")
    store.leave(gone.token)
    forged = rules.new_token()
    before = store.dump()
    long_name = "N" * 10_000
    cases: list[tuple[Callable[[], Any], tuple[str, ...]]] = [
        (lambda: store.join("AEIOU", "Ann"), ("AEIOU is not a room code",)),
        (lambda: store.join("B" * 10_000, "Ann"), ("is not a room code",)),
        (lambda: store.join("QQQQQ", "Ann"), ("there is no room QQQQQ",)),
        (
            lambda: store.join(room.code, long_name),
            ("a name is at most 40 characters, not 10,000",),
        ),
        (lambda: store.join(other.code, "   "), ("a name cannot be empty",)),
        (lambda: store.join(other.code, "Ann\x00"), ("characters that cannot be shown",)),
        (lambda: store.join(room.code, "Eve"), (f"room {room.code} is full",)),
        (lambda: store.join(room.code, "Eve", seat=7), ("has seats 0 to 1, not 7",)),
        (lambda: store.join(ended.code, "Eve"), (f"room {ended.code} has ended",)),
        (lambda: store.join(room.code, "Bot", kind=BOT), ("give that pupil's seat token as host",)),
        (lambda: store.join(room.code, "Bot", kind="robot"), ("not a kind of seat",)),
        (
            lambda: store.join(room.code, "Bot", kind=BOT, host=other_seats[0].token),
            ("not that of a pupil seated in room",),
        ),
        (
            lambda: store.play(room.code, forged, "castle a1 b1 c1 a2 c2", 1),
            ("no seat of room", "holds this token"),
        ),
        (
            lambda: store.play(room.code, "x" * 10_000, "castle a1 b1 c1 a2 c2", 1),
            ("is not a seat token",),
        ),
        (
            lambda: store.play(room.code, other_seats[1].token, "castle a1 b1 c1 a2 c2", 1),
            (f"this seat token is for another room, not room {room.code}",),
        ),
        (
            lambda: store.play(room.code, seats[1].token, "castle a1 b1 c1 a2 c2", 0),
            (f"room {room.code} is at move 1, not 0: move 1 was played already",),
        ),
        (
            lambda: store.play(room.code, seats[1].token, "castle a1 b1 c1 a2 c2", 5),
            ("is at move 1: there is no move 5 yet",),
        ),
        (
            lambda: store.play(room.code, seats[1].token, "x" * 10_000, 1),
            ("a move is text of 1 to 200 characters, not 10,000",),
        ),
        (
            lambda: store.play(room.code, seats[1].token, "castle a1 b1 c1 a2 c2", True),
            ("ply is a whole number of moves",),
        ),
        (
            lambda: store.play(ended.code, gone.token, "cathedral e4 d5 e5 f5 e6 e7", 0),
            (f"room {ended.code} has ended: its game can be read as a record",),
        ),
        (lambda: store.moves_since("QQQQQ", 0), ("there is no room QQQQQ",)),
        (lambda: store.moves_since(room.code, -1), ("ply is a whole number of moves",)),
        (lambda: store.state(room.code, 9), ("is at move 1, not yet 9",)),
        (lambda: store.rejoin(forged), ("no seat holds this token",)),
        (lambda: store.leave(forged), ("no seat holds this token",)),
        (lambda: store.create_room("chess"), ("'chess' is not a game",)),
        (lambda: store.create_room("cathedral", {"size": 3}), ("unknown option 'size'",)),
        (lambda: store.create_room("cathedral", seed=-4), ("a seed is a whole number",)),
        (lambda: store.create_room("cathedral", start="{}"), ("not both",)),
        (lambda: store.create_room(start="r1.garbage"), ("the record in it is damaged",)),
        (
            lambda: store.add_progress(long_name, "cathedral", "lesson", "1"),
            ("a pupil's name is at most 40 characters",),
        ),
        (
            lambda: store.add_progress("Ann", "cathedral", "lesson", "x" * 10_000),
            ("printable text of at most 100 characters",),
        ),
        (
            lambda: store.add_progress("Ann", "cathedral", "coach", "", 1.5),
            ("the coach's accuracy is a number from 0 to 1",),
        ),
        (
            lambda: store.add_progress("Ann", "cathedral", "puzzle", "p1", 0.5),
            ("a puzzle tried has the value True",),
        ),
        (
            lambda: store.add_progress("Ann", "cathedral", "cheat", "p1"),
            ("not a kind of progress",),
        ),
        (lambda: store.progress(sort="shoe size"), ("not a column of the progress table",)),
    ]
    for call, words in cases:
        error = refused(call, ValueError, *words)
        assert not isinstance(error, sg.IllegalMove)
    assert store.dump() == before


def test_moves_the_rules_forbid_are_refused_naming_the_rule(store: Store) -> None:
    room = store.create_room("cathedral", seed=1)
    ann = store.join(room.code, "Ann")
    before = store.dump()
    refused(
        lambda: store.play(room.code, ann.token, "cathedral e4 d5 e5 f5 e6 e7", 0),
        sg.IllegalMove,
        "waits for its players",
        "1 of its 2 seats is free",
    )
    ben = store.join(room.code, "Ben")
    before = store.dump()
    refused(
        lambda: store.play(room.code, ben.token, "cathedral e4 d5 e5 f5 e6 e7", 0),
        sg.IllegalMove,
        "it is Light's turn, not Dark's: players move in turn",
    )
    refused(
        lambda: store.play(room.code, ann.token, "tavern a1", 0),
        sg.IllegalMove,
        "the Cathedral is placed first",
    )
    refused(lambda: store.play(room.code, ann.token, "fly to the moon", 0), ValueError)
    assert store.dump() == before
    wol = store.create_room("walls_of_light", {"players": 2}, seed=3)
    a, b = store.join(wol.code, "Ann"), store.join(wol.code, "Ben")
    mover = store.room(wol.code).turn
    assert mover is not None
    before = store.dump()
    refused(
        lambda: store.play(
            wol.code, token_of([a, b], mover), "roll r1 b1 y1", store.room(wol.code).ply
        ),
        sg.IllegalMove,
    )
    assert store.dump() == before


def test_chance_is_drawn_by_the_room_from_its_seed(target: str) -> None:
    with open_store(target) as store:
        first = store.create_room("walls_of_light", {"players": 2}, seed=8)
        twin = store.create_room("walls_of_light", {"players": 2}, seed=8)
        other = store.create_room("walls_of_light", {"players": 2}, seed=9)
        rolls = [store.moves_since(r.code) for r in (first, twin, other)]
        assert [m.move for m in rolls[0]] == [m.move for m in rolls[1]]
        assert all(m.seat is None and m.move.startswith("roll") for m in rolls[0])
        state = sg.load("walls_of_light", players=2).new_game(seed=8)
        draws = {str(rules.chance_move(state, seed, 1)) for seed in range(30)}
        assert len(draws) > 10  # the seed chooses: 30 seeds roll many different dice
        assert str(rules.chance_move(state, 8, 1)) == rolls[0][0].move


def test_a_card_drawn_into_a_hand_names_the_seat_that_sees_it(store: Store) -> None:
    room, seats = full_room(store, "walls_of_light", seed=6, players=3)
    rng = random.Random(6)
    drawn: list[rules.PlayedMove] = []
    while not drawn:  # until a card is drawn into a hand
        assert store.room(room.code).ply < 400
        play_on(store, room.code, seats, rng, moves=10)
        moves = store.moves_since(room.code)
        drawn = [m for m in moves if m.seen_by is not None]
    assert drawn and all(m.move.startswith("draw") and m.seat is None for m in drawn)
    card = drawn[0]
    assert card.visible_to(card.seen_by) and card.visible_to(None)
    assert not any(card.visible_to(s) for s in range(3) if s != card.seen_by)
    assert all(m.visible_to(s) for m in moves if m.seen_by is None for s in range(3))


# ---- seats, leaving, ending --------------------------------------------------------------------


def test_a_reload_rejoins_the_same_seat(store: Store) -> None:
    room, seats = full_room(store)
    again = store.rejoin(seats[1].token)
    assert (again.code, again.index, again.name, again.kind) == (room.code, 1, "Pupil 2", "pupil")


def test_rooms_end_when_everyone_leaves_and_stay_readable(store: Store) -> None:
    room = store.create_room("cathedral", seed=4)
    ann = store.join(room.code, "Ann")
    bot = store.join(room.code, "Computer", kind=BOT, host=ann.token)
    store.play(room.code, ann.token, "cathedral e4 d5 e5 f5 e6 e7", 0)
    store.play(room.code, bot.token, "castle a1 b1 c1 a2 c2", 1)
    version = store.room(room.code).version
    # Ann leaves: the seat she held and the bot her device played are free; no pupil is left
    after = store.leave(ann.token)
    assert after.ended and after.ended_at is not None and after.version == version + 1
    assert [(s.taken, s.name) for s in after.seats] == [(False, "Ann"), (False, "Computer")]
    refused(lambda: store.rejoin(ann.token), ValueError, "no seat holds this token")
    refused(lambda: store.join(room.code, "Ben"), ValueError, "has ended")
    record = store.record(room.code)
    assert record.moves == ["cathedral e4 d5 e5 f5 e6 e7", "castle a1 b1 c1 a2 c2"]
    assert record.players == ["Ann", "Computer"]
    assert sg.load_record(record.to_link()).state().history == record.moves


def test_a_seat_left_mid_game_can_be_taken_again(store: Store) -> None:
    room, seats = full_room(store)
    store.play(room.code, seats[0].token, "cathedral e4 d5 e5 f5 e6 e7", 0)
    store.leave(seats[1].token)
    assert not store.room(room.code).ended  # Pupil 1 is still there
    refused(
        lambda: store.play(room.code, seats[1].token, "castle a1 b1 c1 a2 c2", 1),
        ValueError,
        "no seat of room",
    )
    refused(
        lambda: store.play(room.code, seats[0].token, "castle a1 b1 c1 a2 c2", 1),
        sg.IllegalMove,
        "waits for its players",
    )
    cleo = store.join(room.code, "Cleo")
    assert cleo.index == 1 and cleo.token != seats[1].token
    store.play(room.code, cleo.token, "castle a1 b1 c1 a2 c2", 1)
    assert store.record(room.code).players == ["Pupil 1", "Cleo"]


def test_the_console_lists_rooms_with_seats_and_ply(store: Store) -> None:
    first, seats = full_room(store)
    store.play(first.code, seats[0].token, "cathedral e4 d5 e5 f5 e6 e7", 0)
    waiting = store.create_room("coloring", {"players": 3}, seed=1)
    ann = store.join(waiting.code, "Ann")
    store.join(waiting.code, "Ann's sister", kind=HOT_SEAT, host=ann.token)
    closed = store.create_room("sagrada", seed=1)
    store.end(closed.code)
    listed = {r.code: r for r in store.rooms()}
    assert list(listed) == [closed.code, waiting.code, first.code]
    assert (listed[first.code].ply, listed[first.code].turn) == (1, 1)
    assert [(s.index, s.kind, s.name, s.taken, s.host) for s in listed[waiting.code].seats] == [
        (0, "pupil", "Ann", True, None),
        (1, "hot_seat", "Ann's sister", True, 0),
        (2, None, None, False, None),
    ]
    assert listed[waiting.code].options == {"players": 3} and listed[waiting.code].seed == 1
    assert listed[closed.code].ended and listed[closed.code].ply >= 1  # the first cards drawn
    assert [r.code for r in store.rooms(open_only=True)] == [waiting.code, first.code]


def test_a_room_can_go_on_from_a_record(store: Store) -> None:
    state = sg.load("cathedral").new_game(seed=2)
    for move in ("cathedral e4 d5 e5 f5 e6 e7", "castle a1 b1 c1 a2 c2"):
        state.play(move)
    room = store.create_room(start=state.record(players=["X", "Y"]).to_link())
    assert room.ply == room.start_ply == 2 and room.turn == 0
    ann, _ben = store.join(room.code, "Ann"), store.join(room.code, "Ben")
    move = str(random_move(state, random.Random(0)))
    assert store.play(room.code, ann.token, move, 2)[0].ply == 3
    assert store.record(room.code).moves == state.history + [move]
    assert store.record(room.code).players == ["Ann", "Ben"]


# ---- progress and forgetting --------------------------------------------------------------------


def test_the_progress_table_and_its_csv(store: Store) -> None:
    for step in ("place", "wall off", "place"):  # a step done twice counts once
        store.add_progress("Zoe", "cathedral", "lesson", step)
    store.add_progress("Zoe", "walls_of_light", "lesson", "roll")
    store.add_progress("Zoe", "cathedral", "puzzle", "c-1", True)
    store.add_progress("Zoe", "cathedral", "puzzle", "c-2", False)
    store.add_progress("Zoe", "cathedral", "puzzle", "c-2", True)  # a second try: not first
    store.add_progress("Zoe", "cathedral", "coach", "", 0.5)
    store.add_progress("Zoe", "cathedral", "coach", "", 1.0)
    store.add_progress("adam", "sagrada", "game", "", 1.0)
    store.add_progress("=HYPERLINK(1)", "sagrada", "puzzle", "s-1", False)
    by_name = store.progress()
    assert [p.pupil for p in by_name] == ["=HYPERLINK(1)", "adam", "Zoe"]
    zoe = by_name[2]
    assert zoe.lessons == {"cathedral": 2, "walls_of_light": 1} and zoe.lessons_done == 3
    assert (zoe.puzzles_tried, zoe.puzzles_first_try, zoe.first_try_score) == (2, 1, 0.5)
    assert (zoe.games_played, zoe.coach_accuracy) == (0, 0.75)
    assert [p.pupil for p in store.progress("lessons", descending=True)] == [
        "Zoe",
        "=HYPERLINK(1)",
        "adam",
    ]
    # blanks last, whichever way
    assert [p.pupil for p in store.progress("coach_accuracy")][0] == "Zoe"
    assert [p.pupil for p in store.progress("first_try_score", descending=True)] == [
        "Zoe",
        "=HYPERLINK(1)",
        "adam",
    ]
    games = "".join(f",lessons_{g}" for g in sg.games())
    matched = [g for g in sg.games() if g != "sagrada"]  # Sagrada is played alone: no Match me
    levels = "".join(f",level_{g}" for g in matched)
    blank = "," * len(matched)
    assert store.progress_csv("games_played", descending=True).splitlines() == [
        f"pupil,lessons{games},puzzles_tried,puzzles_first_try,first_try_score,games_played,"
        f"coach_accuracy,questions_asked,answers_right{levels}",
        f"adam,0,0,0,0,0,0,0,,1,,0,0{blank}",
        f"'=HYPERLINK(1),0,0,0,0,0,1,0,0.000,0,,0,0{blank}",
        f"Zoe,3,2,0,0,1,2,1,0.500,0,0.750,0,0{blank}",
    ]


def test_a_pupils_match_me_level_round_trip(store: Store) -> None:
    from stainedglass.ai.levels import MatchMe

    assert store.kept_level("Ivy", "cathedral") is None
    match = MatchMe(3)
    match.record(1.0)  # a win: two levels up in the first games
    assert store.keep_level("  Ivy ", "cathedral", match.to_dict()) == 5
    assert store.kept_level("Ivy", "cathedral") == match.to_dict()
    assert MatchMe.from_dict(store.kept_level("Ivy", "cathedral")).level == 5
    match.record(0.0)
    assert store.keep_level("Ivy", "cathedral", match.to_dict()) == 3  # in place of the first
    store.keep_level("Ivy", "coloring", MatchMe(7).to_dict())
    store.keep_level("Jon", "walls_of_light", MatchMe(1).to_dict())
    assert len(store.dump()["levels"]) == 3
    # the progress table: a pupil's level in each game, beside their progress
    rows = {p.pupil: p for p in store.progress()}
    assert rows["Ivy"].levels == {"cathedral": 3, "coloring": 7}
    assert rows["Jon"].levels == {"walls_of_light": 1} and rows["Jon"].lessons_done == 0
    assert [p.pupil for p in store.progress("level_cathedral")] == ["Ivy", "Jon"]  # blank last
    assert [p.pupil for p in store.progress("level_walls_of_light")][0] == "Jon"
    header, *lines = store.progress_csv().splitlines()
    assert header.endswith(",".join(f"level_{g}" for g in sg.games() if g != "sagrada"))
    at = header.split(",").index("level_coloring")
    assert [line.split(",")[at] for line in lines] == ["7", ""]
    # what is not a Match me, a pupil or a game is refused in words, and nothing kept
    before = store.dump()
    bad_level = {"level": 9, "games": 0, "results": []}
    for call, words in (
        (lambda: store.keep_level("Ivy", "cathedral", bad_level), "from 1 to 8"),
        (lambda: store.keep_level("Ivy", "cathedral", {"level": 2}), "MatchMe: a dict"),
        (lambda: store.keep_level("Ivy", "cathedral", "level 2"), "kept as its to_dict()"),
        (lambda: store.keep_level("", "cathedral", MatchMe().to_dict()), "cannot be empty"),
        (lambda: store.keep_level("Ivy", "chess", MatchMe().to_dict()), "is not a game"),
        (lambda: store.kept_level("Ivy", "chess"), "is not a game"),
        (lambda: store.keep_level("Ivy", "sagrada", MatchMe().to_dict()), "played alone"),
    ):
        refused(call, ValueError, words)
    assert store.dump() == before
    store.forget("Ivy")  # one pupil forgotten: their levels too
    assert store.kept_level("Ivy", "cathedral") is None
    assert [p.pupil for p in store.progress()] == ["Jon"]


def test_forget_deletes_all_the_class_holds(target: str) -> None:
    with open_store(target) as store:
        room, seats = full_room(store)
        store.join(store.create_room("sagrada", seed=2).code, "Zebedee Quince")
        store.play(room.code, seats[0].token, "cathedral e4 d5 e5 f5 e6 e7", 0)
        store.add_progress("Zebedee Quince", "sagrada", "lesson", "draw")
        store.add_progress("Yolanda Pike", "sagrada", "lesson", "draw")
        store.forget("Zebedee Quince")  # one pupil, at their family's request
        assert [p.pupil for p in store.progress()] == ["Yolanda Pike"]
        assert all(s.name != "Zebedee Quince" for r in store.rooms() for s in r.seats)
    store_module.forget(target)  # what the command line calls
    with open_store(target) as store:
        assert store.dump() == {t.name: [] for t in store_module.TABLES}
        assert store.revision == "0005"
    if not target.startswith("postgresql"):
        written = b"".join(p.read_bytes() for p in pathlib.Path(target).parent.iterdir())
        assert b"Zebedee" not in written and b"Yolanda" not in written


def test_a_room_starts_with_its_devices_seats_in_one_write_or_not_at_all(store: Store) -> None:
    room, seats = store.start_room(
        "coloring", {"players": 3}, seed=4, seated={0: ("pupil", "Ana"), 1: (BOT, "Greedy bot")}
    )
    assert [(s.kind, s.name, s.taken, s.host) for s in room.seats] == [
        ("pupil", "Ana", True, None),
        ("bot", "Greedy bot", True, 0),
        (None, None, False, None),
    ]
    assert sorted(seats) == [0, 1] and store.rejoin(seats[1].token).index == 1
    ben = store.join(room.code, "Ben")
    assert ben.index == 2 and store.room(room.code).full
    before = store.dump()
    cases: list[tuple[Callable[[], Any], tuple[str, ...]]] = [
        (
            lambda: store.start_room("cathedral", seated={0: ("pupil", "A" * 5_000)}),
            ("a name is at most 40 characters, not 5,000",),
        ),
        (
            lambda: store.start_room("cathedral", seated={0: ("pupil", "Ana"), 1: ("pupil", "B")}),
            ("one seat of kind pupil", "not 2 pupils"),
        ),
        (lambda: store.start_room("cathedral", seated={1: (BOT, "Greedy")}), ("not 0 pupils",)),
        (lambda: store.start_room("cathedral", seated={2: ("pupil", "Ana")}), ("seats 0 to 1",)),
        (lambda: store.start_room("cathedral", seated={0: ("robot", "Ana")}), ("kind of seat",)),
        (lambda: store.start_room("cathedral", seated={0: "Ana"}), ("(kind, name)",)),
        (lambda: store.start_room("chess", seated={0: ("pupil", "Ana")}), ("not a game",)),
    ]
    for call, words in cases:
        refused(call, ValueError, *words)
    assert store.dump() == before  # no room, no seat: nothing written


def test_the_games_under_way_count_for_each_named_pupil(store: Store) -> None:
    room, seats = store.start_room(
        "cathedral", seed=1, seated={0: ("pupil", "Ana")}
    )  # waiting for Dark: under way for Ana
    store.join(room.code, "Ben")
    bot_room, _ = store.start_room(
        "cathedral", seed=2, seated={0: ("pupil", "Ana"), 1: (BOT, "Greedy bot")}
    )
    store.add_progress("Cleo", "cathedral", "lesson", "place")
    assert [p.pupil for p in store.progress()] == ["Cleo"]  # as it was: games over only
    rows = {p.pupil: p for p in store.progress(under_way=True)}
    assert sorted(rows) == ["Ana", "Ben", "Cleo"]  # no bot
    assert (rows["Ana"].games_under_way, rows["Ben"].games_under_way) == (2, 1)
    assert (rows["Ana"].games_played, rows["Cleo"].games_under_way) == (0, 0)
    assert [p.pupil for p in store.progress("games_under_way", True, under_way=True)][:1] == ["Ana"]
    assert "games_under_way" in store.progress_csv(under_way=True).splitlines()[0]
    store.end(bot_room.code)
    rows = {p.pupil: p for p in store.progress(under_way=True)}
    assert rows["Ana"].games_under_way == 1
