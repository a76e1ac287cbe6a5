"""A season's family league counted by the database over the season's finished per-seat rows
(table_game_seats), which carry each game's final order (`place`, and `behind`: the next
opponent behind the seat, stored by the write from domain.league.seat_places):
- per system, player and who finished just behind them (seat, behind), one GROUP BY: games,
  wins, team games, points of games played alone;
- each streak, per system (the blocks) or over all systems (the league): the wins after the
  player's newest loss, found by two GROUP BYs and counted by a third (never a window, and
  never more rows than the season's, however old a loss);
- how often two players met, only for the pairs that were next to each other once (the
  rival needs RIVAL_GAMES games against each other, which two or more such games prove).
The domain ranks the rows and picks each rival from these counts (league.ranked,
league.closest_rival); league.league over the same games is the definition these counts are
tested against (tests/integration/test_table_league.py)."""
from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from typing import NamedTuple

from sqlalchemy import DateTime, and_, bindparam, case, func, not_, or_, select
from sqlalchemy.orm import aliased

from ..domain.league import RIVAL_GAMES, LeagueBlock, LeagueRow, block_order, closest_rival, ranked
from ..models import Game, Player, TableGameSeat, db

EARLIEST, LATEST = datetime(1900, 1, 1), datetime(9999, 1, 1)  # a season without a start, or an end


@dataclass
class _Sums:
    """One player's counts over one system's games, or over them all."""
    games: int = 0
    won: int = 0
    team_games: int = 0
    points: Counter = field(default_factory=Counter)  # per system, of the games played alone
    alone: Counter = field(default_factory=Counter)  # games played alone, per system
    streak: int = 0
    met: Counter = field(default_factory=Counter)  # opponent -> games against them (where read)
    near: dict = field(default_factory=dict)  # opponent -> [games next to them, the newest one's end]

    def add(self, other: _Sums) -> None:
        self.games += other.games
        self.won += other.won
        self.team_games += other.team_games
        self.points.update(other.points)
        self.alone.update(other.alone)
        self.met.update(other.met)
        for name, (count, newest) in other.near.items():
            known = self.near.setdefault(name, [0, newest])
            known[0] += count
            known[1] = max(known[1], newest)

    def row(self, name: str) -> LeagueRow:
        rivals = {other: tuple(near) for other, near in self.near.items()
                  if near[0] >= RIVAL_GAMES or self.met[other] >= RIVAL_GAMES}
        return LeagueRow(name, self.games, self.won, sum(self.points.values()),
                         {slug: self.points[slug] for slug in self.alone if self.alone[slug]},
                         self.streak, closest_rival(rivals), self.team_games)


class SeasonLeague:
    """The league of a table's games that finished from `started_at` until `ended_at` (None:
    no bound), per scoring system (`blocks`) and over all of them (`league`), read on first
    need."""

    def __init__(self, table_id: str, started_at: datetime | None = None, ended_at: datetime | None = None):
        self.season = {"table_id": table_id, "started_at": started_at or EARLIEST, "ended_at": ended_at or LATEST}
        self._by_system: dict[str, dict[str, _Sums]] | None = None
        self._overall: dict[str, _Sums] | None = None

    def blocks(self) -> list[LeagueBlock]:
        by_system = self._systems()
        return [LeagueBlock(slug, self.games[slug], ranked((s.row(n) for n, s in by_system[slug].items()), slug))
                for slug in block_order(self.games)]

    def league(self) -> list[LeagueRow]:
        if self._overall is None:
            self._overall = defaultdict(_Sums)
            for players in self._systems().values():
                for name, sums in players.items():
                    self._overall[name].add(sums)
            for name, streak in self._run(_statements().streaks):
                self._overall[name].streak = int(streak)
        systems = [slug for slug, games in self.games.items() if games]
        return ranked((sums.row(name) for name, sums in self._overall.items()),
                      systems[0] if len(systems) == 1 else None)

    def _run(self, statement, **more):
        return db.session.connection().execute(statement, {**self.season, **more})

    def _systems(self) -> dict[str, dict[str, _Sums]]:
        if self._by_system is not None:
            return self._by_system
        read = _statements()
        by_system: dict[str, dict[str, _Sums]] = defaultdict(lambda: defaultdict(_Sums))
        self.games: Counter = Counter()
        for slug, name, behind, games, won, team_games, points, alone, firsts, newest in self._run(read.sums):
            sums = by_system[slug][name]
            sums.games, sums.won, sums.team_games = sums.games + games, sums.won + int(won), sums.team_games + int(team_games)
            sums.points[slug] += int(points)
            sums.alone[slug] += int(alone)
            self.games[slug] += int(firsts)
            if behind is not None:  # they finished just ahead of `behind` in `games` games
                for me, other in ((name, behind), (behind, name)):
                    known = by_system[slug][me].near.setdefault(other, [0, newest])
                    known[0] += games
                    known[1] = max(known[1], newest)
        for slug, name, streak in self._run(read.system_streaks):
            by_system[slug][name].streak = int(streak)
        once = set()  # (system, player, opponent) next to each other in one game only
        for slug, players in by_system.items():
            once |= {(slug, me, other) for me, sums in players.items() for other, (games, _) in sums.near.items()
                     if games < RIVAL_GAMES}
        if once:
            names = sorted({me for _, me, _ in once})
            for slug, me, other, games in self._run(read.met, names=names):
                by_system[slug][me].met[other] = games
        self._by_system = by_system
        return by_system


class _Statements(NamedTuple):
    sums: object
    met: object
    system_streaks: object
    streaks: object


@cache
def _statements() -> _Statements:
    """The league's statements, made once per process: their parameters are the season's
    (SeasonLeague.season)."""
    return _Statements(_sums(), _met(), _streaks(by_system=True), _streaks(by_system=False))


def _within(seat) -> list:
    """The conditions on a seat's row (TableGameSeat or an alias) that its game is the
    table's, finished within the season."""
    return [seat.table_id == bindparam("table_id"), seat.finished, seat.ended_at.is_not(None),
            seat.ended_at >= bindparam("started_at", type_=DateTime), seat.ended_at < bindparam("ended_at", type_=DateTime)]


def _sums():
    """Per system, player and the next opponent who finished behind them (None: the last):
    games, wins, team games, points and games played alone, games they finished first in
    (one per game: the system's game count), and the newest game's end."""
    seat, me, behind = TableGameSeat, aliased(Player), aliased(Player)
    alone = seat.team.is_(None)
    return (select(Game.scoring, me.name, behind.name, func.count(), func.sum(case((seat.won, 1), else_=0)),
                   func.sum(case((alone, 0), else_=1)), func.sum(case((alone, seat.total), else_=0)),
                   func.sum(case((alone, 1), else_=0)), func.sum(case((seat.place == 1, 1), else_=0)),
                   func.max(seat.ended_at))
            .join(me, me.id == seat.player_id).outerjoin(behind, behind.id == seat.behind)
            .join(Game, Game.id == seat.game_id).where(*_within(seat)).group_by(Game.scoring, me.name, behind.name))


def _streaks(by_system: bool):
    """(system, player, streak) or (player, streak) over all systems: the games after the
    player's newest loss in the domain's order of games (end, then game id), which are all
    wins; all their games when they lost none. A player whose newest game was a loss has no
    row (a streak of 0)."""
    seat = TableGameSeat
    games = (select(*([Game.scoring] if by_system else []), Player.name, seat.ended_at, seat.game_id, seat.won)
             .join(Player, Player.id == seat.player_id))
    games = (games.join(Game, Game.id == seat.game_id) if by_system else games).where(*_within(seat)).cte("season_seats")
    g = games.c
    keys = [g.scoring, g.name] if by_system else [g.name]

    def same(other) -> list:
        return [key == other.c[key.name] for key in keys]

    lost_at = select(*keys, func.max(g.ended_at).label("ended_at")).where(not_(g.won)).group_by(*keys).subquery()
    lost = (select(*keys, lost_at.c.ended_at, func.max(g.game_id).label("game_id"))
            .join(lost_at, and_(*same(lost_at), g.ended_at == lost_at.c.ended_at))
            .where(not_(g.won)).group_by(*keys, lost_at.c.ended_at).subquery())
    return (select(*keys, func.count()).select_from(games).outerjoin(lost, and_(*same(lost)))
            .where(or_(lost.c.ended_at.is_(None), g.ended_at > lost.c.ended_at,
                       and_(g.ended_at == lost.c.ended_at, g.game_id > lost.c.game_id)))
            .group_by(*keys))


def _met():
    """(system, player, opponent, games against each other) for the players `names`."""
    one, other = aliased(TableGameSeat), aliased(TableGameSeat)
    me, them = aliased(Player), aliased(Player)
    return (select(Game.scoring, me.name, them.name, func.count())
            .select_from(one).join(Game, Game.id == one.game_id).join(me, me.id == one.player_id)
            .join(other, and_(other.game_id == one.game_id, other.player_id != one.player_id,
                              or_(one.team.is_(None), other.team.is_(None), one.team != other.team)))
            .join(them, them.id == other.player_id)
            .where(*_within(one), me.name.in_(bindparam("names", expanding=True)))
            .group_by(Game.scoring, me.name, them.name))
