"""table_game_seats: one narrow row per family table game and seat (models.TableGameSeat)

Written by every write to a table game from now on. The stored games get theirs from the
first read that finds them missing (services/table_game_seats.fresh_rows), game by game.

Revision ID: 0015_table_game_seats
Revises: 0014_hand_scores
Create Date: 2026-11-28
"""
import sqlalchemy as sa
from alembic import op

revision = '0015_table_game_seats'
down_revision = '0014_hand_scores'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'table_game_seats',
        sa.Column('game_id', sa.String(length=24), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('table_id', sa.String(length=32), nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('finished', sa.Boolean(), nullable=False),
        sa.Column('won', sa.Boolean(), nullable=False),
        sa.Column('hands', sa.Integer(), nullable=False),
        sa.Column('hands_won', sa.Integer(), nullable=False),
        sa.Column('best_hand', sa.Integer(), nullable=False),
        sa.Column('total', sa.Integer(), nullable=False),
        sa.Column('team_total', sa.Integer(), nullable=True),
        sa.Column('team', sa.Integer(), nullable=True),
        sa.Column('ended_at', sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_table_game_seats_game_id_games'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['player_id'], ['players.id'],
                                name=op.f('fk_table_game_seats_player_id_players'), ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['table_id'], ['family_tables.id'],
                                name=op.f('fk_table_game_seats_table_id_family_tables'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('game_id', 'player_id', name=op.f('pk_table_game_seats')),
    )
    op.create_index('ix_table_game_seats_table_id', 'table_game_seats', ['table_id'])


def downgrade():
    op.drop_index('ix_table_game_seats_table_id', table_name='table_game_seats')
    op.drop_table('table_game_seats')
