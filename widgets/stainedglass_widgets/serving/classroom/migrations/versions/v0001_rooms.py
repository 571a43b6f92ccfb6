"""Rooms, their seats and their moves.

Revision 0001, the first.
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rooms",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("code", sa.String(5), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("start", sa.Text, nullable=False),  # a record's text: game, options, seed
        sa.Column("seats", sa.Integer, nullable=False),
        sa.Column("state", sa.String(8), nullable=False),
        sa.Column("ply", sa.Integer, nullable=False),
        sa.Column("turn", sa.Integer, nullable=True),  # None: the game is over
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.UniqueConstraint("code", name="rooms_code"),
        sa.CheckConstraint("state IN ('open', 'ended')", name="rooms_state"),
        sqlite_autoincrement=True,
    )
    op.create_index("rooms_by_state", "rooms", ["state"])
    op.create_table(
        "seats",
        sa.Column(
            "room_id", sa.Integer, sa.ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=True),
        sa.Column("name", sa.String(40), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),  # SHA-256 of the seat's token
        sa.Column("host", sa.Integer, nullable=True),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("left_at", sa.DateTime(timezone=True), nullable=True),
        sa.UniqueConstraint("token_hash", name="seats_token"),
        sa.CheckConstraint("kind IN ('pupil', 'hot_seat', 'bot')", name="seats_kind"),
    )
    op.create_table(
        "moves",
        sa.Column(
            "room_id", sa.Integer, sa.ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("ply", sa.Integer, primary_key=True),  # one move a ply: never a forked game
        sa.Column("move", sa.String(200), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),  # None: chance, drawn by the room
        sa.Column("seen_by", sa.Integer, nullable=True),  # None: every seat may see it
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("moves")
    op.drop_table("seats")
    op.drop_index("rooms_by_state", "rooms")
    op.drop_table("rooms")
