"""games.hands_reshaped_at and games.hands_reshape go: nothing keeps a game's state between
requests any more (every page and answer reads the game's rows: services/game_read.py,
services/game_rows.py), so no process needs a note of which saved hand a write changed.

Revision ID: 0016_drop_reshape_note
Revises: 0015_table_game_seats
Create Date: 2026-11-28
"""
import sqlalchemy as sa
from alembic import op

revision = '0016_drop_reshape_note'
down_revision = '0015_table_game_seats'
branch_labels = None
depends_on = None


def upgrade():
    # Plain DROP COLUMNs (SQLite 3.35+): a batch rebuild of `games` would cascade to its hands.
    op.execute("ALTER TABLE games DROP COLUMN hands_reshape")
    op.execute("ALTER TABLE games DROP COLUMN hands_reshaped_at")


def downgrade():
    # NULL in both: "no such write since", so a build that keeps states reads every hand's key.
    op.add_column('games', sa.Column('hands_reshaped_at', sa.Integer(), nullable=True))
    op.add_column('games', sa.Column('hands_reshape', sa.String(length=200), nullable=True))
