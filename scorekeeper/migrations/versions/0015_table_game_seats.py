"""table_game_seats: one narrow row per family table game and seat (models.TableGameSeat),
in place of the stored JSON summaries (table_game_summaries), the stored overviews
(table_overviews) and the table's held-card count (family_tables.card_rows): the table's
reads and its bound are SQL over the new rows.

Written by every write to a table game from now on. The stored games get theirs from the
first read that finds them missing (services/table_game_seats.fresh_rows), game by game, or
from `flask tables summarise`. Downgrade puts the old tables back as migration 0011 left them
(held-card counts, no summary: the old code scores such a game from its cards).

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
    op.drop_table('table_overviews')
    op.drop_table('table_game_summaries')
    # A plain DROP COLUMN (SQLite 3.35+): a batch rebuild of `family_tables` would cascade.
    op.execute("ALTER TABLE family_tables DROP COLUMN card_rows")


def downgrade():
    op.drop_index('ix_table_game_seats_table_id', table_name='table_game_seats')
    op.drop_table('table_game_seats')
    op.create_table(
        'table_game_summaries',
        sa.Column('game_id', sa.String(length=24), nullable=False),
        sa.Column('version', sa.Integer(), nullable=True),
        sa.Column('card_rows', sa.Integer(), server_default='0', nullable=False),
        sa.Column('data', sa.JSON(), nullable=True),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_table_game_summaries_game_id_games'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('game_id', name=op.f('pk_table_game_summaries')),
    )
    op.add_column('family_tables', sa.Column('card_rows', sa.Integer(), server_default='0', nullable=False))
    op.execute(
        "INSERT INTO table_game_summaries (game_id, version, card_rows) "
        "SELECT games.id, NULL, COUNT(held_cards.id) FROM games "
        "LEFT JOIN hands ON hands.game_id = games.id "
        "LEFT JOIN held_cards ON held_cards.hand_id = hands.id "
        "WHERE games.table_id IS NOT NULL GROUP BY games.id")
    op.execute(
        "UPDATE family_tables SET card_rows = COALESCE((SELECT SUM(s.card_rows) "
        "FROM table_game_summaries s JOIN games ON games.id = s.game_id "
        "WHERE games.table_id = family_tables.id), 0)")
    op.create_table(
        'table_overviews',
        sa.Column('table_id', sa.String(length=32), nullable=False),
        sa.Column('stamp', sa.String(length=200), nullable=False),
        sa.Column('data', sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(['table_id'], ['family_tables.id'],
                                name=op.f('fk_table_overviews_table_id_family_tables'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('table_id', name=op.f('pk_table_overviews')),
    )
