"""games.restore_batch: games of a restore still being written, hidden until it finishes

Revision ID: 0002_games_restore_batch
Revises: 0001
Create Date: 2026-11-22

Existing games get NULL (visible), so no data changes.
"""
from alembic import op
import sqlalchemy as sa

revision = "0002_games_restore_batch"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade():
    op.add_column("games", sa.Column("restore_batch", sa.String(length=40), nullable=True))
    op.create_index(op.f("ix_games_restore_batch"), "games", ["restore_batch"], unique=False)


def downgrade():
    op.drop_index(op.f("ix_games_restore_batch"), table_name="games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("restore_batch")
