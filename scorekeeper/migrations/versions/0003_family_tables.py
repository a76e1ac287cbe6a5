"""family tables: a roster per table, games.table_id and players.roster_id

Revision ID: 0003_family_tables
Revises: 0002_games_restore_batch
Create Date: 2026-11-22

Only adds: two new tables and two nullable columns, so every existing game, player, hand
and held card stays as it was (standalone games have no table). On SQLite the columns'
foreign keys need a table copy, done with foreign keys off (see _foreign_keys_off).
"""
from contextlib import contextmanager

from alembic import op
import sqlalchemy as sa


revision = '0003_family_tables'
down_revision = '0002_games_restore_batch'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('family_tables',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.Column('edit_key_hash', sa.String(length=64), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_family_tables'))
    )
    op.create_table('table_players',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.Column('name_key', sa.String(length=160), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['family_tables.id'], name=op.f('fk_table_players_table_id_family_tables'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_table_players')),
    sa.UniqueConstraint('table_id', 'name_key', name=op.f('uq_table_players_table_id_name_key'))
    )
    op.create_index(op.f('ix_table_players_table_id'), 'table_players', ['table_id'], unique=False)
    _add_reference('games', 'table_id', sa.String(length=32), 'family_tables')
    _add_reference('players', 'roster_id', sa.Integer(), 'table_players')


def _add_reference(table, column, type_, target):
    with _foreign_keys_off():
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column(column, type_, nullable=True))
            batch_op.create_index(f'ix_{table}_{column}', [column], unique=False)
            batch_op.create_foreign_key(f'fk_{table}_{column}_{target}', target, [column], ['id'],
                                        ondelete='SET NULL')


@contextmanager
def _foreign_keys_off():
    """SQLite adds a foreign key by copying the table and dropping the old one; with foreign
    keys on, that drop would delete (cascade) every row that refers to it."""
    bind = op.get_bind()
    if bind.dialect.name != 'sqlite':
        yield
        return
    bind.exec_driver_sql('PRAGMA foreign_keys=OFF')
    if bind.exec_driver_sql('PRAGMA foreign_keys').scalar():
        raise RuntimeError('Cannot switch SQLite foreign keys off inside a transaction: '
                           'refusing to copy tables that other rows refer to.')
    try:
        yield
        problems = bind.exec_driver_sql('PRAGMA foreign_key_check').fetchall()
        if problems:
            raise RuntimeError(f'Foreign keys broken by the upgrade: {problems[:5]}')
    finally:
        bind.exec_driver_sql('PRAGMA foreign_keys=ON')


def downgrade():
    for table, column, target in (('players', 'roster_id', 'table_players'),
                                  ('games', 'table_id', 'family_tables')):
        with _foreign_keys_off():
            with op.batch_alter_table(table, schema=None) as batch_op:
                batch_op.drop_constraint(f'fk_{table}_{column}_{target}', type_='foreignkey')
                batch_op.drop_index(f'ix_{table}_{column}')
                batch_op.drop_column(column)
    op.drop_index(op.f('ix_table_players_table_id'), table_name='table_players')
    op.drop_table('table_players')
    op.drop_table('family_tables')
