"""hands.public_id and deleted_hands: hands with an identity, deletes that can be undone

Every hand gets a stable id that never names another hand (numbers move up when an earlier
hand is deleted). A hand saved with a request id keeps it as its id, as a phone that saved it
offline already knows it by that; the others get a random one. A deleted hand waits in
deleted_hands, whole, until it is put back.

Revision ID: 0007_hand_ids_deleted_hands
Revises: 0006_device_tables
Create Date: 2026-11-23
"""
import re
import secrets

import sqlalchemy as sa
from alembic import op

revision = '0007_hand_ids_deleted_hands'
down_revision = '0006_device_tables'
branch_labels = None
depends_on = None

SAFE = re.compile(r"[A-Za-z0-9_-]{1,64}")


def upgrade():
    # A plain ADD COLUMN (nullable): on SQLite a batch rebuild of `hands` would drop its held
    # cards (ON DELETE CASCADE). The model fills it on every insert.
    op.add_column('hands', sa.Column('public_id', sa.String(length=64), nullable=True))
    hands = sa.table('hands', sa.column('id', sa.Integer), sa.column('request_id', sa.String),
                     sa.column('public_id', sa.String))
    conn = op.get_bind()
    rows = conn.execute(sa.select(hands.c.id, hands.c.request_id)).all()
    for chunk in range(0, len(rows), 5000):
        conn.execute(hands.update().where(hands.c.id == sa.bindparam('hand')).values(
            public_id=sa.bindparam('pid')), [
            {'hand': row.id, 'pid': row.request_id if row.request_id and SAFE.fullmatch(row.request_id)
             else secrets.token_urlsafe(12)} for row in rows[chunk:chunk + 5000]])
    op.create_index('ix_hands_game_id_public_id', 'hands', ['game_id', 'public_id'], unique=True)
    op.create_table(
        'deleted_hands',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.String(length=24), nullable=False),
        sa.Column('public_id', sa.String(length=64), nullable=False),
        sa.Column('number', sa.Integer(), nullable=False),
        sa.Column('request_id', sa.String(length=64), nullable=True),
        sa.Column('revision', sa.Integer(), nullable=False),
        sa.Column('dealer_seat', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('deleted_at', sa.DateTime(), nullable=False),
        sa.Column('held', sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'],
                                name=op.f('fk_deleted_hands_game_id_games'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_deleted_hands')),
    )
    op.create_index('ix_deleted_hands_game_id_public_id', 'deleted_hands',
                    ['game_id', 'public_id'], unique=True)


def downgrade():
    op.drop_index('ix_deleted_hands_game_id_public_id', table_name='deleted_hands')
    op.drop_table('deleted_hands')
    op.drop_index('ix_hands_game_id_public_id', table_name='hands')
    op.drop_column('hands', 'public_id')
