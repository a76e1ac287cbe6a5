"""players.team and table_seasons: teams of two (or more), and a family league's seasons

A game played in teams says which team each seat is on (0, 1, …); NULL everywhere in a game
without teams. A family table's league starts a new season on request: each season is the
games started from its start on, and older seasons stay readable.

Revision ID: 0008_teams_and_seasons
Revises: 0007_hand_ids_deleted_hands
Create Date: 2026-11-23
"""
import sqlalchemy as sa
from alembic import op

revision = '0008_teams_and_seasons'
down_revision = '0007_hand_ids_deleted_hands'
branch_labels = None
depends_on = None


def upgrade():
    # A plain ADD COLUMN (nullable): on SQLite a batch rebuild of `players` would cascade.
    op.add_column('players', sa.Column('team', sa.Integer(), nullable=True))
    op.create_table(
        'table_seasons',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('table_id', sa.String(length=32), nullable=False),
        sa.Column('number', sa.Integer(), nullable=False),
        sa.Column('started_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['table_id'], ['family_tables.id'],
                                name=op.f('fk_table_seasons_table_id_family_tables'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_table_seasons')),
        sa.UniqueConstraint('table_id', 'number', name=op.f('uq_table_seasons_table_id_number')),
    )


def downgrade():
    op.drop_table('table_seasons')
    with op.batch_alter_table('players') as batch:
        batch.drop_column('team')
