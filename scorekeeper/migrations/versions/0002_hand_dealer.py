"""hands.dealer_seat, games.first_dealer_seat and games.past_targets

Revision ID: 0002_hand_dealer
Revises: 0001
Create Date: 2026-11-22

Every stored hand gets the dealer the scoreboard showed for it until now: hand n was dealt
by the player in seat (n - 1) mod (number of players). Existing games start their deal at
seat 0 and have no past targets.
"""
from alembic import op
import sqlalchemy as sa


revision = '0002_hand_dealer'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('first_dealer_seat', sa.Integer(), server_default='0',
                                      nullable=False))
        batch_op.add_column(sa.Column('past_targets', sa.JSON(), server_default='[]',
                                      nullable=False))
    with op.batch_alter_table('hands', schema=None) as batch_op:
        batch_op.add_column(sa.Column('dealer_seat', sa.Integer(), nullable=True))
    op.execute(
        "UPDATE hands SET dealer_seat = (number - 1) % "
        "(SELECT COUNT(*) FROM players WHERE players.game_id = hands.game_id)")
    with op.batch_alter_table('hands', schema=None) as batch_op:
        batch_op.alter_column('dealer_seat', existing_type=sa.Integer(), nullable=False)


def downgrade():
    with op.batch_alter_table('hands', schema=None) as batch_op:
        batch_op.drop_column('dealer_seat')
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_column('past_targets')
        batch_op.drop_column('first_dealer_seat')
