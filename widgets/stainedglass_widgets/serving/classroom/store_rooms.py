"""The class's rooms in the store: starting a room, seating pupils, bots and hot-seat pupils
and their leaving, ending a room, playing a room's moves and reading them back (what a device
polls for), and each room's game rebuilt from its moves.

Two moves sent at once for the same turn give one move and one refusal: a move is stored only
if the room is still at the ply its sender saw (a conditional update of the room's row, in a
transaction that on SQLite takes the write lock at once), and the moves' primary key
``(room, ply)`` refuses a second move at any ply.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

import sqlalchemy as sa

from stainedglass import core
from stainedglass.record import MAX_MOVES, Record
from .checks import _check_open, _check_ply, _read_seated, _stale
from .rooms import (
    BOT,
    ENDED,
    HOT_SEAT,
    OPEN,
    PUPIL,
    SEAT_KINDS,
    PlayedMove,
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
    read_token,
    start_record,
    token_hash,
)
from .schema import (
    MAX_LISTED,
    MAX_OPEN_ROOMS,
    MAX_ROOMS,
    _now,
    _utc,
    moves_table,
    rooms_table,
    seats_table,
)
from .store_progress import ProgressMixin


class RoomsMixin(ProgressMixin):
    """The rooms of an open store, their seats and their moves. A game over in a room counts in
    its pupils' progress (:class:`ProgressMixin`)."""

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


def _turn(state: core.State) -> int | None:
    return None if state.is_terminal() else state.current_player


def _start(row: Any) -> Record:
    """A room's start record, from the text this store wrote (checked when it was written)."""
    import json

    data = json.loads(row.start)
    return Record(data["game"], data["options"], data["seed"], data["moves"])


def _seed(row: Any) -> int:
    return _start(row).seed


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
