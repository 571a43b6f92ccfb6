"""Each pupil's progress: lesson steps done, puzzles tried, games played, the coach's accuracy.

Revision 0002, after 0001.
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "progress",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("pupil", sa.String(40), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("item", sa.String(100), nullable=False),  # the lesson step, puzzle or room
        sa.Column("value", sa.Float, nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("kind IN ('lesson', 'puzzle', 'game', 'coach')", name="progress_kind"),
        sqlite_autoincrement=True,
    )
    op.create_index("progress_by_pupil", "progress", ["pupil", "kind"])


def downgrade() -> None:
    op.drop_index("progress_by_pupil", "progress")
    op.drop_table("progress")
