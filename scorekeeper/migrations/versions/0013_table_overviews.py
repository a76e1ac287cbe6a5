"""table_overviews: what a family table's page shows, stored per table stamp

Written after each write that changed the table or one of its games
(services/table_overview.py); true only while the table's stamp is the one stored. Empty
after this migration: a table's page combines its games' summaries until the table's next
write, or until `flask --app scorekeeper tables summarise` stores every table's overview.

Revision ID: 0013_table_overviews
Revises: 0012_hands_reshape_note
Create Date: 2026-11-26
"""
import sqlalchemy as sa
from alembic import op

revision = '0013_table_overviews'
down_revision = '0012_hands_reshape_note'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'table_overviews',
        sa.Column('table_id', sa.String(length=32), nullable=False),
        sa.Column('stamp', sa.String(length=200), nullable=False),
        sa.Column('data', sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(['table_id'], ['family_tables.id'],
                                name=op.f('fk_table_overviews_table_id_family_tables'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('table_id', name=op.f('pk_table_overviews')),
    )


def downgrade():
    op.drop_table('table_overviews')
