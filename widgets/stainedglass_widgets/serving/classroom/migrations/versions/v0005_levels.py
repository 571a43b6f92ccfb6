"""Each pupil's Match me level by game: the level the computer plays them at, moved after each
finished game by their result, kept with the whole of its state (``MatchMe.to_dict``).

Revision 0005, after 0004.
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "levels",
        sa.Column("pupil", sa.String(40), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("level", sa.Integer, nullable=False),
        sa.Column("data", sa.Text, nullable=False),  # MatchMe.to_dict() as JSON
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("level >= 1", name="levels_level"),
    )


def downgrade() -> None:
    op.drop_table("levels")
