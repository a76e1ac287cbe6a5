"""family tables each phone created, joined or opened

A new table only, device_tables (like device_games): the keep-score rights of a table
last on the server per phone instead of in the session cookie. No existing table changes.

Revision ID: 0006_device_tables
Revises: 0005_public_ids_device_games
Create Date: 2026-11-22

"""
import sqlalchemy as sa
from alembic import op

revision = '0006_device_tables'
down_revision = '0005_public_ids_device_games'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'device_tables',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('device_hash', sa.String(length=64), nullable=False),
        sa.Column('table_id', sa.String(length=32), nullable=False),
        sa.Column('sealed_key', sa.String(length=200), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('last_used_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['table_id'], ['family_tables.id'],
                                name=op.f('fk_device_tables_table_id_family_tables'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_device_tables')),
        sa.UniqueConstraint('device_hash', 'table_id', name=op.f('uq_device_tables_device_hash_table_id')),
    )
    op.create_index(op.f('ix_device_tables_table_id'), 'device_tables', ['table_id'], unique=False)


def downgrade():
    op.drop_index(op.f('ix_device_tables_table_id'), table_name='device_tables')
    op.drop_table('device_tables')
