"""games.hands_reshape: what the last write that changed a saved hand did

An edit, a delete or a hand put back notes here the game version it started from, what it
did and to which hand (services/hands.py). A process that kept the game at exactly that
version applies the note to the hands it kept instead of reading every hand's key again
(services/game_state.py). NULL: no such write since this migration (the hands' keys are read).

Revision ID: 0012_hands_reshape_note
Revises: 0011_table_game_summaries
Create Date: 2026-11-26
"""
import sqlalchemy as sa
from alembic import op

revision = '0012_hands_reshape_note'
down_revision = '0011_table_game_summaries'
branch_labels = None
depends_on = None


def upgrade():
    # A plain nullable ADD COLUMN: on SQLite a batch rebuild of `games` would cascade.
    op.add_column('games', sa.Column('hands_reshape', sa.String(length=200), nullable=True))


def downgrade():
    with op.batch_alter_table('games') as batch:
        batch.drop_column('hands_reshape')
