"""Leading the class: the teacher's board every following pupil sees, the questions asked of the
class ("Your move?") and each pupil's answer and verdict.

Revision 0003, after 0002.
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "leads",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("position", sa.Text, nullable=False),  # a record's text: the teacher's board
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),  # the teacher's console's
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sqlite_autoincrement=True,
    )
    op.create_table(
        "followers",
        sa.Column(
            "lead_id", sa.Integer, sa.ForeignKey("leads.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("pupil", sa.String(40), primary_key=True),
        sa.Column("since", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "questions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "lead_id", sa.Integer, sa.ForeignKey("leads.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("position", sa.Text, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("asked_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revealed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("best", sa.String(200), nullable=True),
        sa.Column("words", sa.Text, nullable=True),
        sqlite_autoincrement=True,
    )
    op.create_index("questions_by_lead", "questions", ["lead_id"])
    op.create_table(
        "answers",
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
            "verdict IN ('best', 'good', 'inaccuracy', 'mistake', 'blunder')",
            name="answers_verdict",
        ),
    )


def downgrade() -> None:
    op.drop_table("answers")
    op.drop_index("questions_by_lead", "questions")
    op.drop_table("questions")
    op.drop_table("followers")
    op.drop_table("leads")
