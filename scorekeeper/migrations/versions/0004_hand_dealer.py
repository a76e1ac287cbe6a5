"""hands.dealer_seat, games.first_dealer_seat and games.past_targets

Revision ID: 0004_hand_dealer
Revises: 0003_family_tables
Create Date: 2026-11-22

Every stored hand gets the dealer the scoreboard showed for it until now: hand n was dealt
by the player in seat (n - 1) mod (number of players). Existing games start their deal at
seat 0 and have no past targets.
"""
from alembic import op
import sqlalchemy as sa


revision = '0004_hand_dealer'
down_revision = '0003_family_tables'
branch_labels = None
depends_on = None


def upgrade():
    # Plain ADD COLUMNs only: on SQLite, anything that makes batch mode rebuild `hands`
    # (like altering nullability) drops the table, and its held cards go with it (ON DELETE
    # CASCADE with foreign keys on). A column with a default can be added in place.
    op.add_column('games', sa.Column('first_dealer_seat', sa.Integer(), server_default='0',
                                     nullable=False))
    op.add_column('games', sa.Column('past_targets', sa.JSON(), server_default='[]',
                                     nullable=False))
    op.add_column('hands', sa.Column('dealer_seat', sa.Integer(), server_default='0',
                                     nullable=False))
    op.execute(
        "UPDATE hands SET dealer_seat = (number - 1) % "
        "(SELECT COUNT(*) FROM players WHERE players.game_id = hands.game_id)")


def downgrade():
    op.drop_column('hands', 'dealer_seat')
    op.drop_column('games', 'past_targets')
    op.drop_column('games', 'first_dealer_seat')
