"""table_game_seats.place and .behind: each finished game's final order on its per-seat rows
(1 for the best, and the next opponent behind each seat), so that a season's league is a few
GROUP BYs over the rows (services/table_league.py) instead of a fold over every game.

Every write to a table game stores them from now on; this migration fills the rows already
stored, game by game, with the domain's order (domain.league.seat_places).

Revision ID: 0019_league_places
Revises: 0018_fill_table_game_seats
Create Date: 2026-11-28
"""
from itertools import groupby

import sqlalchemy as sa
from alembic import op

from scorekeeper.domain.league import seat_places

revision = '0019_league_places'
down_revision = '0018_fill_table_game_seats'
branch_labels = None
depends_on = None

GAMES = sa.table('games', sa.column('id'), sa.column('scoring'))
PLAYERS = sa.table('players', sa.column('id'), sa.column('seat'), sa.column('name'))
SEATS = sa.table('table_game_seats', sa.column('game_id'), sa.column('player_id'), sa.column('finished'),
                 sa.column('total'), sa.column('team_total'), sa.column('team'), sa.column('place'),
                 sa.column('behind'))


def upgrade():
    op.add_column('table_game_seats', sa.Column('place', sa.Integer(), nullable=True))
    op.add_column('table_game_seats', sa.Column('behind', sa.Integer(), nullable=True))
    _fill_places(op.get_bind())


def _fill_places(bind) -> None:
    """Each finished game's stored rows get their place and the next opponent behind them."""
    rows = bind.execute(
        sa.select(SEATS.c.game_id, GAMES.c.scoring, SEATS.c.player_id, PLAYERS.c.name,
                  sa.func.coalesce(SEATS.c.team_total, SEATS.c.total), SEATS.c.team)
        .join(GAMES, GAMES.c.id == SEATS.c.game_id).join(PLAYERS, PLAYERS.c.id == SEATS.c.player_id)
        .where(SEATS.c.finished).order_by(SEATS.c.game_id, PLAYERS.c.seat)).all()
    filled = []
    for game_id, seats in groupby(rows, key=lambda row: row[0]):
        seats = list(seats)
        ids = {name: player_id for _, _, player_id, name, _, _ in seats}
        places = seat_places(seats[0][1], [(name, total, team) for _, _, _, name, total, team in seats])
        filled += [{"g": game_id, "p": ids[name], "at": place, "next": ids.get(behind)}
                   for name, (place, behind) in places.items()]
    if filled:
        bind.execute(SEATS.update().where(SEATS.c.game_id == sa.bindparam("g"), SEATS.c.player_id == sa.bindparam("p"))
                     .values(place=sa.bindparam("at"), behind=sa.bindparam("next")), filled)


def downgrade():
    # Plain DROP COLUMNs (SQLite 3.35+), as 0016: no batch rebuild.
    op.execute("ALTER TABLE table_game_seats DROP COLUMN behind")
    op.execute("ALTER TABLE table_game_seats DROP COLUMN place")
