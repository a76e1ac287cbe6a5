"""hand_scores.went_out: whether the seat won the hand, written with the hand's other numbers
from the domain's hand (its winner), so that the API's hands and the table's hands won and
best hand read it instead of telling the winner from the cards again.

The stored hands are frozen history: the seat that went out is the one with no cards and no
typed total (domain.scoring.build_hand accepted no other), so one UPDATE fills the column.

Revision ID: 0017_hand_scores_went_out
Revises: 0016_drop_reshape_note
Create Date: 2026-11-28
"""
import sqlalchemy as sa
from alembic import op

revision = '0017_hand_scores_went_out'
down_revision = '0016_drop_reshape_note'
branch_labels = None
depends_on = None

SCORES = sa.table('hand_scores', sa.column('hand_id'), sa.column('player_id'), sa.column('went_out'))
HELD = sa.table('held_cards', sa.column('hand_id'), sa.column('player_id'), sa.column('cards'),
                sa.column('typed_total'))


def upgrade():
    # A plain ADD COLUMN with a default (SQLite): a batch rebuild of `hand_scores` is not needed.
    op.add_column('hand_scores', sa.Column('went_out', sa.Boolean(), server_default=sa.false(), nullable=False))
    fill_went_out(op.get_bind())


def fill_went_out(bind) -> None:
    """Every stored row's went_out from its seat's cards (benchmarks/tables.py seeds with it too)."""
    out = sa.select(HELD.c.hand_id).where(
        HELD.c.hand_id == SCORES.c.hand_id, HELD.c.player_id == SCORES.c.player_id,
        sa.func.coalesce(HELD.c.cards, '') == '', HELD.c.typed_total.is_(None)).exists()
    bind.execute(SCORES.update().values(went_out=out))


def downgrade():
    op.execute("ALTER TABLE hand_scores DROP COLUMN went_out")
