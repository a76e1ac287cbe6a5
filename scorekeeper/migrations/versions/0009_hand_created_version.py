"""hands.created_version: the game version a hand's first save made

A phone asks "is this the same hand?" about the hands saved after the game version it saw, not
after a count of hands (a delete made the count match again). NULL for the hands already
stored: none of them is new to a phone that opens the keypad after the upgrade.

Revision ID: 0009_hand_created_version
Revises: 0008_teams_and_seasons
Create Date: 2026-11-26
"""
import sqlalchemy as sa
from alembic import op

revision = '0009_hand_created_version'
down_revision = '0008_teams_and_seasons'
branch_labels = None
depends_on = None


def upgrade():
    # A plain ADD COLUMN (nullable): on SQLite a batch rebuild of `hands` would cascade.
    op.add_column('hands', sa.Column('created_version', sa.Integer(), nullable=True))


def downgrade():
    with op.batch_alter_table('hands') as batch:
        batch.drop_column('created_version')
