"""A table's games and per-player stats, computed from the stored cards.

However many games a table holds, this costs a fixed number of SQL statements: one stamp
(the table and an aggregate of its games' versions) and, when that changed, three reads
(games, seats, held cards). The result is kept per stamp, like the scoreboard's pages.
"""
from __future__ import annotations

from collections import OrderedDict, defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from threading import Lock

from sqlalchemy import select

from ..domain.editions import get_edition, parse_house_rules
from ..domain.league import FinishedGame, LeagueRow, finished_game, league
from ..domain.scoring import ScoreSheet, build_hand
from ..domain.teams import teams_from_numbers
from ..models import FamilyTable, Game, Hand, HeldCards, Player, TableSeason, db
from .errors import NotFound
from .tables import NO_TABLE, table_stamp

KEPT = 64  # tables whose stats one process keeps


@dataclass
class GameSummary:
    id: object
    players: list[str]
    seats: list[int | None]  # roster ids in seat order
    finished: bool
    winners: list[str]
    winner_ids: set
    hands: int
    hand_wins: dict = field(default_factory=dict)  # roster id -> hands won
    best: dict = field(default_factory=dict)  # roster id -> most points won in one hand
    started: datetime | None = None  # when it was started (UTC): the table lists games by day
    record: FinishedGame | None = None  # its league record, once it is over
    teams: list = field(default_factory=list)  # a team game's (players, total) per team


@dataclass
class PlayerStats:
    id: int
    name: str
    games_played: int = 0
    games_won: int = 0
    hands_played: int = 0
    hands_won: int = 0
    best_hand: int = 0

    @property
    def win_rate(self) -> int | None:
        """Per cent of finished-or-not games won, None before a first game."""
        return round(100 * self.games_won / self.games_played) if self.games_played else None

    def as_dict(self) -> dict:
        return {"name": self.name, "games_played": self.games_played, "games_won": self.games_won,
                "hands_played": self.hands_played, "hands_won": self.hands_won,
                "best_hand": self.best_hand}


@dataclass(frozen=True)
class Season:
    number: int  # 1 runs from the table's start (no row); each later one from its row's start
    started_at: datetime | None
    ended_at: datetime | None  # the next season's start; None for the current one


@dataclass
class TableSummary:
    id: str
    name: str
    games: list[GameSummary]  # newest first
    players: list[PlayerStats]
    seasons: list[Season] = field(default_factory=list)  # oldest first; the last is current

    def league(self, number: int | None = None) -> list[LeagueRow]:
        """The family league of a season (the current one by default): its finished games,
        each counted in the season in which it ended."""
        season = self.seasons[-1] if number is None else self.seasons[number - 1]
        return league(g.record for g in self.games if g.record is not None and _within(g.record, season))

    def head_to_head(self, a: int, b: int) -> dict:
        """Games both people played: how many, and each one's game and hand wins in them."""
        shared = [g for g in self.games if a in g.seats and b in g.seats]
        return {"games": len(shared),
                "wins": {p: sum(p in g.winner_ids for g in shared) for p in (a, b)},
                "hands": {p: sum(g.hand_wins.get(p, 0) for g in shared) for p in (a, b)}}


def _within(record: FinishedGame, season: Season) -> bool:
    after_start = season.started_at is None or record.finished_at >= season.started_at
    return after_start and (season.ended_at is None or record.finished_at < season.ended_at)


def seasons_of(rows: list) -> list[Season]:
    """Season 1, then one per stored row, each ending where the next starts."""
    starts = [None] + [row.started_at for row in sorted(rows, key=lambda r: r.number)]
    return [Season(n, start, starts[n] if n < len(starts) else None)
            for n, start in enumerate(starts, start=1)]


_cache: OrderedDict = OrderedDict()
_lock = Lock()


def table_summary(table_id: str) -> TableSummary:
    stamp = table_stamp(table_id)
    if stamp is None:
        raise NotFound(NO_TABLE)
    key = (table_id, *stamp)
    with _lock:
        if key in _cache:
            _cache.move_to_end(key)
            return _cache[key]
    summary = _compute(table_id)
    with _lock:
        _cache[key] = summary
        while len(_cache) > KEPT:
            _cache.popitem(last=False)
    return summary


def _rows(table_id: str):
    table = db.session.get(FamilyTable, table_id)
    games = db.session.scalars(select(Game).where(Game.table_id == table_id)
                               .order_by(Game.created_at.desc(), Game.id.desc())).all()
    seats = db.session.execute(
        select(Player.game_id, Player.id, Player.name, Player.roster_id, Player.team).join(Game)
        .where(Game.table_id == table_id).order_by(Player.game_id, Player.seat)).all()
    cards = db.session.execute(
        select(Hand.game_id, Hand.number, Hand.created_at, HeldCards.player_id, HeldCards.cards,
               HeldCards.typed_total).join(Hand.game).join(Hand.entries)
        .where(Game.table_id == table_id).order_by(Hand.game_id, Hand.number)).all()
    seasons = db.session.execute(select(TableSeason.number, TableSeason.started_at)
                                 .where(TableSeason.table_id == table_id)).all()
    return table, games, seats, cards, seasons


def _compute(table_id: str) -> TableSummary:
    table, games, seats, cards, seasons = _rows(table_id)
    seated: dict = defaultdict(list)
    for row in seats:
        seated[row.game_id].append(row)
    hands: dict = defaultdict(lambda: defaultdict(lambda: ({}, {})))
    hand_times: dict = defaultdict(dict)  # game -> hand number -> when it was recorded
    for row in cards:
        hand_times[row.game_id][row.number] = row.created_at
        held, typed = hands[row.game_id][row.number]
        name = next(s.name for s in seated[row.game_id] if s.id == row.player_id)
        held[name] = row.cards.split()
        if row.typed_total is not None:
            typed[name] = row.typed_total
    summaries = [_summarise(g, seated[g.id], hands[g.id], hand_times[g.id]) for g in games]
    return TableSummary(table.id, table.name, summaries, _player_stats(table, summaries),
                        seasons_of(seasons))


def _summarise(game: Game, seats: list, hands: dict, hand_times: dict) -> GameSummary:
    edition = get_edition(game.edition)
    names = [s.name for s in seats]
    roster = {s.name: s.roster_id for s in seats}
    sheet = ScoreSheet(edition=edition, rules=parse_house_rules(game.house_rules, edition),
                       scoring=game.scoring, target=game.target, players=names,
                       hands=[build_hand(edition, names, *hands[n]) for n in sorted(hands)],
                       teams=teams_from_numbers(names, [s.team for s in seats]))
    outcome = sheet.outcome()
    summary = GameSummary(game.id, names, [s.roster_id for s in seats], outcome.finished,
                          outcome.winners, {roster[n] for n in outcome.winners}, len(sheet.hands),
                          started=game.created_at)
    if outcome.finished:  # it ended with the hand that took someone to the target
        ended = sorted(hand_times)[outcome.ended_after - 1]
        summary.record = finished_game(game.id, hand_times[ended], sheet)
    scoring = sheet.team_scoring
    if scoring:
        summary.teams = scoring.rows(sheet.team_standings())
    for hand, points in zip(sheet.hands, sheet.points()):
        rid = roster[hand.winner]
        won = scoring.won_by_going_out(hand.winner, points) if scoring else sum(points.values())
        summary.hand_wins[rid] = summary.hand_wins.get(rid, 0) + 1
        summary.best[rid] = max(summary.best.get(rid, 0), won)
    return summary


def _player_stats(table: FamilyTable, games: list[GameSummary]) -> list[PlayerStats]:
    stats = {p.id: PlayerStats(p.id, p.name) for p in table.roster}
    for game in games:
        for rid in game.seats:
            if rid not in stats:
                continue
            s = stats[rid]
            s.games_played += 1
            s.games_won += rid in game.winner_ids
            s.hands_played += game.hands
            s.hands_won += game.hand_wins.get(rid, 0)
            s.best_hand = max(s.best_hand, game.best.get(rid, 0))
    return list(stats.values())
