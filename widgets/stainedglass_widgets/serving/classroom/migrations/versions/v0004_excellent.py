"""The one scale of verdicts: an answer may be judged excellent (between best and good).

Revision 0004, after 0003. SQLite cannot change a table's check, so there the table of answers
is made again with the new check and its rows copied over; PostgreSQL changes the check alone.
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

OLD = "verdict IN ('best', 'good', 'inaccuracy', 'mistake', 'blunder')"
NEW = "verdict IN ('best', 'excellent', 'good', 'inaccuracy', 'mistake', 'blunder')"


def _answers(check: str) -> sa.Table:
    """The table of answers as revision 0003 made it, with ``check`` on its verdict."""
    return sa.Table(
        "answers",
        sa.MetaData(),
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
        sa.CheckConstraint(check, name="answers_verdict"),
    )


def _change(check: str) -> None:
    if op.get_bind().dialect.name == "sqlite":
        with op.batch_alter_table("answers", copy_from=_answers(check), recreate="always"):
            pass  # the table made again from the definition above, its rows copied
    else:
        op.drop_constraint("answers_verdict", "answers", type_="check")
        op.create_check_constraint("answers_verdict", "answers", check)


def upgrade() -> None:
    _change(NEW)


def downgrade() -> None:
    op.execute("UPDATE answers SET verdict = 'good' WHERE verdict = 'excellent'")
    _change(OLD)
