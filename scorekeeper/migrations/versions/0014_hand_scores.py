"""hand_scores: what each seat scored and was charged in each hand, under both systems

One narrow row per hand and seat (models.HandScore), written with the hand by every write
from now on; this migration scores every stored hand once from its held cards, game by game,
so that standings are a SUM from the first start on.

Revision ID: 0014_hand_scores
Revises: 0013_table_overviews
Create Date: 2026-11-28
"""
import sqlalchemy as sa
from alembic import op

from scorekeeper.domain.editions import get_edition, parse_house_rules, point_values
from scorekeeper.domain.scoring import build_hand
from scorekeeper.domain.seat_scores import seat_scores
from scorekeeper.domain.teams import teams_from_numbers

revision = '0014_hand_scores'
down_revision = '0013_table_overviews'
branch_labels = None
depends_on = None

GAMES = sa.table('games', sa.column('id'), sa.column('edition'), sa.column('house_rules', sa.JSON))
PLAYERS = sa.table('players', sa.column('id'), sa.column('game_id'), sa.column('seat'), sa.column('name'),
                   sa.column('team'))
HANDS = sa.table('hands', sa.column('id'), sa.column('game_id'))
HELD = sa.table('held_cards', sa.column('hand_id'), sa.column('player_id'), sa.column('cards'),
                sa.column('typed_total'))
SCORES = sa.table('hand_scores', sa.column('hand_id'), sa.column('player_id'), sa.column('game_id'),
                  sa.column('held'), sa.column('gained'), sa.column('team_gained'))


def upgrade():
    op.create_table(
        'hand_scores',
        sa.Column('hand_id', sa.Integer(), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.String(length=24), nullable=False),
        sa.Column('held', sa.Integer(), nullable=False),
        sa.Column('gained', sa.Integer(), nullable=False),
        sa.Column('team_gained', sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(['hand_id'], ['hands.id'], name=op.f('fk_hand_scores_hand_id_hands'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_hand_scores_player_id_players'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_hand_scores_game_id_games'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('hand_id', 'player_id', name=op.f('pk_hand_scores')),
    )
    op.create_index('ix_hand_scores_game_id_player_id', 'hand_scores', ['game_id', 'player_id'])
    _score_stored_hands(op.get_bind())


def _score_stored_hands(bind, skip=frozenset()) -> None:
    """Every stored hand scored from its cards, one game at a time (a game's rows in one read);
    `skip`: games already scored (benchmarks/tables.py seeds in steps)."""
    games = bind.execute(sa.select(GAMES.c.id, GAMES.c.edition, GAMES.c.house_rules)
                         .order_by(GAMES.c.id)).all()
    for game_id, edition_slug, house_rules in games:
        if game_id in skip:
            continue
        seats = bind.execute(sa.select(PLAYERS.c.id, PLAYERS.c.name, PLAYERS.c.team)
                             .where(PLAYERS.c.game_id == game_id).order_by(PLAYERS.c.seat)).all()
        names = {pid: name for pid, name, _ in seats}
        held: dict[int, tuple[dict, dict]] = {}
        for hand_id, player_id, cards, typed in bind.execute(
                sa.select(HELD.c.hand_id, HELD.c.player_id, HELD.c.cards, HELD.c.typed_total)
                .join(HANDS, HANDS.c.id == HELD.c.hand_id).where(HANDS.c.game_id == game_id)):
            tokens, totals = held.setdefault(hand_id, ({}, {}))
            tokens[names[player_id]] = (cards or "").split()
            if typed is not None:
                totals[names[player_id]] = typed
        if not held:
            continue
        edition = get_edition(edition_slug)
        values = point_values(edition, parse_house_rules(house_rules or {}, edition))
        teams = teams_from_numbers([n for _, n, _ in seats], [t for _, _, t in seats])
        ids = {name: pid for pid, name in names.items()}
        rows = [{"hand_id": hand_id, "player_id": ids[name], "game_id": game_id, "held": s.held,
                 "gained": s.gained, "team_gained": s.team_gained}
                for hand_id, (tokens, totals) in held.items()
                for name, s in seat_scores(build_hand(edition, list(names.values()), tokens, totals),
                                           values, teams).items()]
        bind.execute(SCORES.insert(), rows)


def downgrade():
    op.drop_index('ix_hand_scores_game_id_player_id', table_name='hand_scores')
    op.drop_table('hand_scores')
