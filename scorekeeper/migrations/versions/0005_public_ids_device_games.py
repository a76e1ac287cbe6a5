"""unguessable game ids; games each phone created, joined or opened

Every game gets a random string id in place of its number 1, 2, 3 (players and hands
follow it: nothing else changes), and device_games records which phone may edit or has
seen which game.

Revision ID: 0005_public_ids_device_games
Revises: 0004_hand_dealer
Create Date: 2026-11-22

"""
import secrets

import sqlalchemy as sa
from alembic import op

revision = '0005_public_ids_device_games'
down_revision = '0004_hand_dealer'
branch_labels = None
depends_on = None

ID = sa.String(length=24)
CHILDREN = {  # table: its unique constraints that include game_id
    'players': {'uq_players_game_id_seat': ['game_id', 'seat'],
                'uq_players_game_id_name': ['game_id', 'name']},
    'hands': {'uq_hands_game_id_request_id': ['game_id', 'request_id']},
}


def new_public_id() -> str:
    """As scorekeeper.services.ids makes them (copied: a migration must not change later)."""
    return secrets.token_urlsafe(12)


def upgrade():
    sqlite = op.get_bind().dialect.name == 'sqlite'
    if sqlite:  # copying a table must not cascade-delete the rows that point at it
        op.execute('PRAGMA foreign_keys=OFF')
    _give_games_new_ids()
    for table, uniques in CHILDREN.items():
        op.add_column(table, sa.Column('game_ref', ID, nullable=True))
        op.execute(f'UPDATE {table} SET game_ref = '
                   f'(SELECT games.public_id FROM games WHERE games.id = {table}.game_id)')
        with op.batch_alter_table(table) as batch:
            batch.drop_constraint(f'fk_{table}_game_id_games', type_='foreignkey')
            for name in uniques:
                batch.drop_constraint(name, type_='unique')
            batch.drop_index(f'ix_{table}_game_id')
            batch.drop_column('game_id')
            batch.alter_column('game_ref', new_column_name='game_id', existing_type=ID,
                               nullable=False)
    with op.batch_alter_table('games') as batch:
        batch.drop_constraint('pk_games', type_='primary')
        batch.drop_column('id')
        batch.alter_column('public_id', new_column_name='id', existing_type=ID, nullable=False)
    with op.batch_alter_table('games') as batch:  # SQLite: only once the column is there
        batch.create_primary_key('pk_games', ['id'])
    for table, uniques in CHILDREN.items():
        with op.batch_alter_table(table) as batch:
            batch.create_index(f'ix_{table}_game_id', ['game_id'])
            for name, columns in uniques.items():
                batch.create_unique_constraint(name, columns)
            batch.create_foreign_key(f'fk_{table}_game_id_games', 'games', ['game_id'], ['id'],
                                     ondelete='CASCADE')
    _create_device_games()
    if sqlite:
        op.execute('PRAGMA foreign_keys=ON')


def _give_games_new_ids():
    op.add_column('games', sa.Column('public_id', ID, nullable=True))
    bind = op.get_bind()
    numbers = bind.execute(sa.text('SELECT id FROM games')).scalars().all()
    update = sa.text('UPDATE games SET public_id = :public WHERE id = :number')
    for number in numbers:
        bind.execute(update, {'public': new_public_id(), 'number': number})


def _create_device_games():
    op.create_table(
        'device_games',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('device_hash', sa.String(length=64), nullable=False),
        sa.Column('game_id', ID, nullable=False),
        sa.Column('sealed_key', sa.String(length=200), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('last_used_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_device_games_game_id_games'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_device_games')),
        sa.UniqueConstraint('device_hash', 'game_id', name=op.f('uq_device_games_device_hash_game_id')),
    )
    with op.batch_alter_table('device_games') as batch:
        batch.create_index(batch.f('ix_device_games_game_id'), ['game_id'], unique=False)


def downgrade():
    raise NotImplementedError("Numbered game ids are gone for good: restore a backup instead.")
