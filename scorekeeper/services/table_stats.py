"""A table's stats, game lists, head to head and league: SQL over its per-game-and-seat rows
(table_game_seats), read in the request that asks. Nothing is kept between requests: a row
at another version than its game's is rescored first (table_game_seats.fresh_rows), game by
game, so every answer is true for the games as they are stored."""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from itertools import groupby
from typing import NamedTuple

from sqlalchemy import and_, case, func, select
from sqlalchemy.orm import aliased

from ..domain.league import LeagueBlock, LeagueRow
from ..models import FamilyTable, Game, Player, TableGameSeat, TableSeason, db
from . import table_game_seats
from .errors import NotFound
from .table_league import SeasonLeague
from .tables import NO_TABLE

SHOWN = 25  # games the table's page lists per section (in progress, finished); its stats count all


@dataclass
class GameSummary:
    id: object
    players: list[str]
    seats: list[int | None]  # roster ids in seat order
    finished: bool
    winners: list[str]
    hands: int
    started: datetime | None = None  # when it was started (UTC): the table lists games by day
    teams: list = field(default_factory=list)  # a team game's (players, total) per team
    scoring: str = ""  # its scoring system's slug


@dataclass
class PlayerStats:
    id: int
    name: str
    games_played: int = 0  # finished games only
    games_won: int = 0
    hands_played: int = 0  # in every game, finished or not
    hands_won: int = 0
    best_hand: int = 0
    games_in_progress: int = 0

    @property
    def win_rate(self) -> int | None:
        """Per cent of finished games won, None before a first finished game."""
        return round(100 * self.games_won / self.games_played) if self.games_played else None

    def as_dict(self) -> dict:
        return {"name": self.name, "games_played": self.games_played, "games_won": self.games_won,
                "hands_played": self.hands_played, "hands_won": self.hands_won,
                "best_hand": self.best_hand, "games_in_progress": self.games_in_progress}


@dataclass(frozen=True)
class Season:
    number: int  # 1 runs from the table's start (no row); each later one from its row's start
    started_at: datetime | None
    ended_at: datetime | None  # the next season's start; None for the current one


class Section(NamedTuple):
    """A list of the table's page: its newest SHOWN games and how many it holds."""
    games: list
    count: int


def seasons_of(rows: list) -> list[Season]:
    """Season 1, then one per stored row, each ending where the next starts."""
    starts = [None] + [row.started_at for row in sorted(rows, key=lambda r: r.number)]
    return [Season(n, start, starts[n] if n < len(starts) else None)
            for n, start in enumerate(starts, start=1)]


_finished = (select(TableGameSeat.finished).where(TableGameSeat.game_id == Game.id).limit(1)
             .correlate(Game).scalar_subquery())  # a game's rows all say the same


class TableSummary:
    """One table as one request reads it: each part is read on first need."""

    def __init__(self, table_id: str, name: str):
        self.id, self.name = table_id, name
        self._leagues: dict[int, SeasonLeague] = {}  # by season number

    @cached_property
    def players(self) -> list[PlayerStats]:
        return [PlayerStats(*row) for row in table_game_seats.player_stats(self.id)]

    @cached_property
    def seasons(self) -> list[Season]:
        return seasons_of(db.session.execute(select(TableSeason.number, TableSeason.started_at)
                                             .where(TableSeason.table_id == self.id)).all())

    @cached_property
    def games(self) -> list[GameSummary]:
        """Every game, newest first (the API lists them all)."""
        return _games(Game.table_id == self.id)

    def section(self, finished: bool) -> Section:
        """The page's list of finished games, or of games in progress."""
        return self._sections[finished]

    @cached_property
    def _sections(self) -> tuple[Section, Section]:
        counts = dict(db.session.execute(select(_finished, func.count()).select_from(Game).where(Game.table_id == self.id)
                                         .group_by(_finished)).all())
        return tuple(Section(_games(and_(Game.table_id == self.id, _finished == done), SHOWN),
                             int(counts.get(done, 0))) for done in (False, True))

    @property
    def finished_games(self) -> int:
        return self.section(True).count

    def _league(self, number: int | None) -> SeasonLeague:
        """The season's league (the current season's by default), each game counted in the
        season in which it ended: counted once per request (the API shows it twice)."""
        season = self.seasons[-1] if number is None else self.seasons[number - 1]
        if season.number not in self._leagues:
            self._leagues[season.number] = SeasonLeague(self.id, season.started_at, season.ended_at)
        return self._leagues[season.number]

    def league(self, number: int | None = None) -> list[LeagueRow]:
        """The family league of a season (the current one by default)."""
        return self._league(number).league()

    def league_blocks(self, number: int | None = None) -> list[LeagueBlock]:
        """The season's league, one standing per scoring system it has games in."""
        return self._league(number).blocks()

    def head_to_head(self, a: int, b: int) -> dict:
        """Finished games both people played: against each other (each one's game and hand
        wins in them), and as partners in a team game."""
        mine, theirs = aliased(TableGameSeat), aliased(TableGameSeat)
        me, them = aliased(Player), aliased(Player)
        partners = and_(mine.team.is_not(None), mine.team == theirs.team)

        def against(value):
            return func.coalesce(func.sum(case((partners, 0), else_=value)), 0)

        row = db.session.execute(
            select(against(1), func.count(), against(case((mine.won, 1), else_=0)),
                   against(case((theirs.won, 1), else_=0)), against(mine.hands_won), against(theirs.hands_won))
            .select_from(mine).join(me, me.id == mine.player_id)
            .join(theirs, and_(theirs.game_id == mine.game_id, theirs.player_id != mine.player_id))
            .join(them, them.id == theirs.player_id)
            .where(mine.table_id == self.id, mine.finished, me.roster_id == a, them.roster_id == b)).one()
        games, shared, my_wins, their_wins, my_hands, their_hands = (int(n) for n in row)
        return {"games": games, "partners": shared - games, "wins": {a: my_wins, b: their_wins},
                "hands": {a: my_hands, b: their_hands}}


def table_summary(table_id: str) -> TableSummary:
    """The table, its rows made true for every game's version first."""
    name = db.session.scalar(select(FamilyTable.name).where(FamilyTable.id == table_id))
    if name is None:
        raise NotFound(NO_TABLE)
    table_game_seats.read_fresh(table_id)
    return TableSummary(table_id, name)


def _games(where, limit: int | None = None) -> list[GameSummary]:
    """The games `where` picks (newest first, at most `limit`), each from its seats' rows."""
    picked = (select(Game.id, Game.created_at, Game.scoring).where(where)
              .order_by(Game.created_at.desc(), Game.id.desc()).limit(limit)).subquery()
    rows = db.session.execute(
        select(picked.c.id.label("game_id"), picked.c.created_at, picked.c.scoring, Player.name, Player.roster_id,
               TableGameSeat.finished, TableGameSeat.won, TableGameSeat.hands, TableGameSeat.team_total,
               TableGameSeat.team)
        .join(TableGameSeat, TableGameSeat.game_id == picked.c.id)
        .join(Player, Player.id == TableGameSeat.player_id)
        .order_by(picked.c.created_at.desc(), picked.c.id.desc(), Player.seat))
    return [_summary(list(seated)) for _, seated in groupby(rows, key=lambda row: row.game_id)]


def _summary(seated: list) -> GameSummary:
    """A game's line from its seats' rows (in seat order)."""
    first = seated[0]
    teams = _teams(seated)
    return GameSummary(first.game_id, [s.name for s in seated], [s.roster_id for s in seated], first.finished,
                       [s.name for s in seated if s.won], first.hands, started=first.created_at,
                       scoring=first.scoring, teams=[(tuple(s.name for s in team), team[0].team_total)
                                                     for team in teams])


def _teams(seated: list) -> list[tuple]:
    """A team game's seats by team (in team order); [] when everyone plays alone."""
    if not seated or seated[0].team is None or any(s.team is None for s in seated):
        return []
    teams: dict = defaultdict(list)
    for s in seated:
        teams[s.team].append(s)
    return [tuple(teams[n]) for n in sorted(teams)]
