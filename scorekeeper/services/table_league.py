"""A season's family league counted by the database over the season's finished per-seat rows
(table_game_seats), which carry each game's final order (`place`, and `behind`: the next
opponent behind the seat, stored by the write from domain.league.seat_places):
- per system, player and who finished just behind them (seat, behind), one GROUP BY: games,
  wins, team games, points of games played alone, and when their newest loss ended;
- each streak, per system (the blocks) or over all systems (the league): the games after the
  player's newest loss, all wins; at that loss's end the larger game id is the newer game
  (the domain's order). One statement counts them over each player's own games from that
  end on, reading the rows that ended from the oldest of those losses on: at most the
  season's rows once, however old a loss (a grandparent who played once); a player who never
  lost has all their games as their streak;
- how often two players met, only for the pairs that were next to each other once (the
  rival needs RIVAL_GAMES games against each other, which two or more such games prove).
The domain ranks the rows and picks each rival from these counts (league.ranked,
league.closest_rival); tests/integration/test_table_league.py checks these counts against
the league counted plainly from the same games (tests/support/league_model.py)."""
from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache, lru_cache
from typing import NamedTuple

from sqlalchemy import DateTime, String, and_, bindparam, case, func, not_, or_, select, union_all
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
    lost_at: datetime | None = None  # when their newest loss ended; None: no loss
    met: Counter = field(default_factory=Counter)  # opponent -> games against them (where read)
    near: dict = field(default_factory=dict)  # opponent -> [games next to them, the newest one's end]

    def add(self, other: _Sums) -> None:
        self.games += other.games
        self.won += other.won
        self.team_games += other.team_games
        if other.lost_at is not None:
            self.lost_at = max(self.lost_at or other.lost_at, other.lost_at)
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
            self._count_streaks({(name,): sums for name, sums in self._overall.items()})
        systems = [slug for slug, games in self.games.items() if games]
        return ranked((sums.row(name) for name, sums in self._overall.items()),
                      systems[0] if len(systems) == 1 else None)

    def _count_streaks(self, players: dict[tuple, _Sums]) -> None:
        """Sets the streak of each of `players` (keyed by (system, name), or (name,) over all systems)."""
        lost = [(*key, sums.lost_at) for key, sums in players.items() if sums.lost_at is not None]
        counted = {}
        if lost:
            by_system = len(lost[0]) == 3
            rows = self._run(_streaks(by_system, len(lost)), **{
                f"{field}{n}": value for n, row in enumerate(lost)
                for field, value in zip(("scoring", "name", "lost_at") if by_system else ("name", "lost_at"), row)})
            counted = {tuple(key): int(streak) for *key, streak in rows}
        for key, sums in players.items():
            sums.streak = sums.games if sums.lost_at is None else counted.get(key, 0)

    def _run(self, statement, **more):
        return db.session.connection().execute(statement, {**self.season, **more})

    def _systems(self) -> dict[str, dict[str, _Sums]]:
        if self._by_system is not None:
            return self._by_system
        read = _statements()
        by_system: dict[str, dict[str, _Sums]] = defaultdict(lambda: defaultdict(_Sums))
        self.games: Counter = Counter()
        for slug, name, behind, games, won, team_games, points, alone, firsts, lost_at, newest in self._run(read.sums):
            sums = by_system[slug][name]
            sums.games, sums.won, sums.team_games = sums.games + games, sums.won + int(won), sums.team_games + int(team_games)
            sums.points[slug] += int(points)
            sums.alone[slug] += int(alone)
            self.games[slug] += int(firsts)
            if lost_at is not None:
                sums.lost_at = max(sums.lost_at or lost_at, lost_at)
            if behind is not None:  # they finished just ahead of `behind` in `games` games
                for me, other in ((name, behind), (behind, name)):
                    known = by_system[slug][me].near.setdefault(other, [0, newest])
                    known[0] += games
                    known[1] = max(known[1], newest)
        self._count_streaks({(slug, name): sums for slug, players in by_system.items()
                             for name, sums in players.items()})
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


@cache
def _statements() -> _Statements:
    """The league's statements, made once per process: their parameters are the season's
    (SeasonLeague.season)."""
    return _Statements(_sums(), _met())


def _within(seat) -> list:
    """The conditions on a seat's row (TableGameSeat or an alias) that its game is the
    table's, finished within the season."""
    return [seat.table_id == bindparam("table_id"), seat.finished, seat.ended_at.is_not(None),
            seat.ended_at >= bindparam("started_at", type_=DateTime), seat.ended_at < bindparam("ended_at", type_=DateTime)]


def _sums():
    """Per system, player and the next opponent who finished behind them (None: the last):
    games, wins, team games, points and games played alone, games they finished first in
    (one per game: the system's game count), when their newest loss ended (None: no loss),
    and the newest game's end."""
    seat, me, behind = TableGameSeat, aliased(Player), aliased(Player)
    alone = seat.team.is_(None)
    return (select(Game.scoring, me.name, behind.name, func.count(), func.sum(case((seat.won, 1), else_=0)),
                   func.sum(case((alone, 0), else_=1)), func.sum(case((alone, seat.total), else_=0)),
                   func.sum(case((alone, 1), else_=0)), func.sum(case((seat.place == 1, 1), else_=0)),
                   func.max(case((seat.won, None), else_=seat.ended_at), type_=DateTime), func.max(seat.ended_at))
            .join(me, me.id == seat.player_id).outerjoin(behind, behind.id == seat.behind)
            .join(Game, Game.id == seat.game_id).where(*_within(seat)).group_by(Game.scoring, me.name, behind.name))


@lru_cache(maxsize=64)
def _streaks(by_system: bool, players: int):
    """(system, player, streak), or (player, streak) over all systems, for `players` players
    given as parameters: scoringN, nameN and lost_atN (when their newest loss ended; no
    scoringN over all systems). Each player's rows from that end on hold that loss and their
    streak after it; among their losses at that end the larger game id is the newest. A player
    whose streak is 0 has no row. Made once per shape (a statement made per request would be
    compiled per request)."""
    seat = TableGameSeat
    newest = union_all(*(select(*([bindparam(f"scoring{n}", type_=String).label("scoring")] if by_system else []),
                                bindparam(f"name{n}", type_=String).label("name"),
                                bindparam(f"lost_at{n}", type_=DateTime).label("lost_at"))
                         for n in range(players))).cte("newest_loss")
    mine = [newest.c.name == Player.name] + ([newest.c.scoring == Game.scoring] if by_system else [])
    # a scalar subquery, not a join: each seat row looks up its player's loss (a join may read
    # the seats once per player)
    lost_at = select(newest.c.lost_at).where(*mine).scalar_subquery()
    games = (select(*([Game.scoring] if by_system else []), Player.name, seat.ended_at, seat.game_id, seat.won,
                    lost_at.label("lost_at")).join(Player, Player.id == seat.player_id))
    games = (games.join(Game, Game.id == seat.game_id) if by_system else games)
    # the seat's own end first: when every newest loss is recent, most rows skip the joins
    since = select(func.min(newest.c.lost_at)).scalar_subquery()
    tail = games.where(*_within(seat), seat.ended_at >= since, seat.ended_at >= lost_at).cte("tail")
    t = tail.c
    key = [t.scoring, t.name] if by_system else [t.name]
    last = (select(*key, func.max(t.game_id).label("game_id")).where(not_(t.won), t.ended_at == t.lost_at)
            .group_by(*key).subquery())
    return (select(*key, func.count()).join(last, and_(*(k == last.c[k.name] for k in key)))
            .where(or_(t.ended_at > t.lost_at, t.game_id > last.c.game_id)).group_by(*key))


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
