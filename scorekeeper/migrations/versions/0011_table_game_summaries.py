"""table_game_summaries, and family_tables.card_rows

Every write that changes a family table's game stores what the table's page, API and league
need of it (services/table_stats.py), true for the game's version, so a look at a table reads
one row per game instead of scoring every game from its cards. `family_tables.card_rows`
counts the held-card rows of the table's games, so a hand save checks the table's bound
without counting them.

Existing table games get a row with their held-card count and no summary (version NULL): the
table's count is right from the start, and each game is scored from its cards, as before this
migration, until its next write stores its summary. Scoring needs the app's rules (editions,
house rules, teams), which a migration must not import: the migration would change meaning
whenever they do.

Revision ID: 0011_table_game_summaries
Revises: 0010_game_save_window
Create Date: 2026-11-26
"""
import sqlalchemy as sa
from alembic import op

revision = '0011_table_game_summaries'
down_revision = '0010_game_save_window'
branch_labels = None
depends_on = None


def upgrade():
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
    # A plain ADD COLUMN: on SQLite a batch rebuild of `family_tables` would cascade.
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


def downgrade():
    with op.batch_alter_table('family_tables') as batch:
        batch.drop_column('card_rows')
    op.drop_table('table_game_summaries')
