"""The class's store's schema: its tables (rooms, seats, moves, progress, leads, followers,
questions, answers, levels) as SQLAlchemy Core describes them, the alembic migrations that make
and upgrade them in a database, the most each table keeps, and the store's clock (times are kept
in UTC)."""

from __future__ import annotations

from datetime import datetime, UTC
from pathlib import Path
from typing import Any

import sqlalchemy as sa

MIGRATIONS = Path(__file__).with_name("migrations")
"""The alembic migrations that make and upgrade a store's schema."""

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


def alembic_config(connection: sa.Connection | None = None) -> Any:
    """An alembic ``Config`` for the store's migrations (``connection``: the one to run on).
    A new revision: ``alembic.command.revision(alembic_config(), "what it changes",
    rev_id="0005")``, then write its ``upgrade()``."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS).replace("%", "%%"))
    config.attributes["connection"] = connection
    return config
