"""games.saves_since, games.saves_counted and games.hands_reshaped_at

A game counts the hands saved (and deleted) into it since `saves_since`, the start of its
current hour: a client can pile up only so many rows in one game per hour
(HAND_SAVES_PER_HOUR). Existing games start uncounted (NULL: the next save starts an hour).
`hands_reshaped_at` is the version of the last write that changed a hand already saved (an
edit, a delete, an Undo): a process that kept the game at a later version reads only the
hands saved since (services/game_state.py). NULL: none since this migration, and no process
kept a game before it.

Revision ID: 0010_game_save_window
Revises: 0009_hand_created_version
Create Date: 2026-11-26
"""
import sqlalchemy as sa
from alembic import op

revision = '0010_game_save_window'
down_revision = '0009_hand_created_version'
branch_labels = None
depends_on = None


def upgrade():
    # Plain nullable ADD COLUMNs: on SQLite a batch rebuild of `games` would cascade.
    op.add_column('games', sa.Column('saves_since', sa.DateTime(), nullable=True))
    op.add_column('games', sa.Column('saves_counted', sa.Integer(), server_default='0', nullable=False))
    op.add_column('games', sa.Column('hands_reshaped_at', sa.Integer(), nullable=True))


def downgrade():
    with op.batch_alter_table('games') as batch:
        batch.drop_column('hands_reshaped_at')
        batch.drop_column('saves_counted')
        batch.drop_column('saves_since')
