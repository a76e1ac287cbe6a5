"""table_game_seats filled for every family table game whose rows are missing or not at its
version (all of them after 0015), from the stored per-hand rows (hand_scores): after an
upgrade no table's first look has to score its games.

Self-contained on purpose (later builds change services/ and the models): the tables are
declared here and the outcome is the domain's (ScoreSheet.outcome) over each hand's points as
its rows keep them. The numbers are those services/table_game_seats.write_rows writes today.

Revision ID: 0018_fill_table_game_seats
Revises: 0017_hand_scores_went_out
Create Date: 2026-11-28
"""
from dataclasses import dataclass, field

import sqlalchemy as sa
from alembic import op

from scorekeeper.domain.editions import get_edition, parse_house_rules
from scorekeeper.domain.scoring import Hand, ScoreSheet
from scorekeeper.domain.systems import system_of
from scorekeeper.domain.teams import teams_from_numbers

revision = '0018_fill_table_game_seats'
down_revision = '0017_hand_scores_went_out'
branch_labels = None
depends_on = None

CHUNK = 200  # games read per statement: a big database is filled without holding it all

GAMES = sa.table('games', sa.column('id'), sa.column('edition'), sa.column('scoring'), sa.column('target'),
                 sa.column('house_rules', sa.JSON), sa.column('version'), sa.column('table_id'))
PLAYERS = sa.table('players', sa.column('id'), sa.column('game_id'), sa.column('seat'), sa.column('name'),
                   sa.column('team'))
HANDS = sa.table('hands', sa.column('id'), sa.column('game_id'), sa.column('number'), sa.column('created_at'))
SCORES = sa.table('hand_scores', sa.column('hand_id'), sa.column('player_id'), sa.column('game_id'),
                  sa.column('held'), sa.column('gained'), sa.column('team_gained'), sa.column('went_out'))
SEATS = sa.table('table_game_seats', *(sa.column(name) for name in (
    'game_id', 'player_id', 'table_id', 'version', 'finished', 'won', 'hands', 'hands_won', 'best_hand',
    'total', 'team_total', 'team', 'ended_at')))


@dataclass
class _RowSheet(ScoreSheet):
    """A score sheet whose hands' points are those the rows keep (no card is read)."""
    kept_points: list = field(default_factory=list)

    def points(self) -> list[dict[str, int]]:
        return self.kept_points


def upgrade():
    fill_stale(op.get_bind())


def fill_stale(bind) -> None:
    current = sa.select(SEATS.c.game_id).where(SEATS.c.game_id == GAMES.c.id,
                                               SEATS.c.version == GAMES.c.version).exists()
    stale = bind.execute(sa.select(GAMES.c.id, GAMES.c.table_id, GAMES.c.version, GAMES.c.edition,
                                   GAMES.c.scoring, GAMES.c.target, GAMES.c.house_rules)
                         .where(GAMES.c.table_id.is_not(None), ~current).order_by(GAMES.c.id)).all()
    for start in range(0, len(stale), CHUNK):
        games = stale[start:start + CHUNK]
        ids = [g.id for g in games]
        players: dict[str, list] = {}
        for row in bind.execute(sa.select(PLAYERS.c.id, PLAYERS.c.game_id, PLAYERS.c.name, PLAYERS.c.team)
                                .where(PLAYERS.c.game_id.in_(ids)).order_by(PLAYERS.c.game_id, PLAYERS.c.seat)):
            players.setdefault(row.game_id, []).append(row)
        hands: dict[str, dict] = {}
        for row in bind.execute(
                sa.select(SCORES.c.game_id, HANDS.c.number, HANDS.c.created_at, SCORES.c.player_id, SCORES.c.held,
                          SCORES.c.gained, SCORES.c.team_gained, SCORES.c.went_out)
                .join(HANDS, HANDS.c.id == SCORES.c.hand_id).where(SCORES.c.game_id.in_(ids))
                .order_by(SCORES.c.game_id, HANDS.c.number)):
            hands.setdefault(row.game_id, {}).setdefault(row.number, []).append(row)
        bind.execute(SEATS.delete().where(SEATS.c.game_id.in_(ids)))
        rows = [seat for game in games for seat in _seat_rows(game, players.get(game.id, []), hands.get(game.id, {}))]
        if rows:
            bind.execute(SEATS.insert(), rows)


def _seat_rows(game, seats: list, hands: dict[int, list]) -> list[dict]:
    """The game's rows: each seat's counts and sums over its hand rows, the outcome from the domain."""
    names = {p.id: p.name for p in seats}
    teams = teams_from_numbers([p.name for p in seats], [p.team for p in seats])
    numbers = sorted(hands)
    edition = get_edition(game.edition)
    sheet = _RowSheet(edition=edition, rules=parse_house_rules(game.house_rules or {}, edition),
                      scoring=game.scoring, target=game.target, players=list(names.values()), teams=teams,
                      hands=[Hand(winner=next((names[r.player_id] for r in hands[n] if r.went_out), None), held={})
                             for n in numbers],
                      kept_points=[{names[r.player_id]: r.held for r in hands[n]} for n in numbers])
    outcome = sheet.outcome()
    ended_at = hands[numbers[outcome.ended_after - 1]][0].created_at if outcome.finished else None
    winner_takes = system_of(game.scoring).winner_takes_hand
    team_of = {p.id: p.team for p in seats}
    own: dict[int, list] = {p.id: [] for p in seats}
    team_total = dict.fromkeys(team_of.values(), 0)
    for n in numbers:
        for r in hands[n]:
            own[r.player_id].append(r)
            team_total[team_of[r.player_id]] += (r.team_gained or 0) if winner_takes else r.held
    rows = []
    for p in seats:
        brought = [(r.gained if r.team_gained is None else r.team_gained) if r.went_out else 0 for r in own[p.id]]
        rows.append({"game_id": game.id, "player_id": p.id, "table_id": game.table_id, "version": game.version,
                     "finished": outcome.finished, "won": p.name in outcome.winners, "hands": len(own[p.id]),
                     "hands_won": sum(1 for r in own[p.id] if r.went_out), "best_hand": max(brought, default=0),
                     "total": sum(r.gained if winner_takes else r.held for r in own[p.id]),
                     "team_total": team_total[p.team] if teams else None, "team": p.team, "ended_at": ended_at})
    return rows


def downgrade():
    pass  # the rows stay: 0015's downgrade drops the table
