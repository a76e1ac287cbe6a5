"""A table's games and per-player stats, combined from each game's summary.

Every write stores its game's summary (table_summaries), so a look at a table reads one row
per game and scores none. Summaries are also kept in this process per game version
(`_games`), and a table's combined summary per table stamp (the table and an aggregate of its
games' versions). A worker that has kept nothing of the table reads the table's stored
overview instead (table_overview: what its page shows, stored after each write), when that
is true for the table's stamp; it combines every game's summary only for what the overview
does not hold (the API's list of every game, head-to-head, a past season). A game whose stored
summary is not for its version (stored before migration 0011) is scored from its cards, read
in one statement and summarised game by game as they stream in, so a heavy table never holds
all its held-card rows at once.
"""
from __future__ import annotations

from collections import OrderedDict, defaultdict
from dataclasses import dataclass, field, replace
from datetime import datetime
from itertools import groupby
from threading import Lock
from types import SimpleNamespace
from typing import NamedTuple

from sqlalchemy import select

from ..domain.editions import get_edition, parse_house_rules
from ..domain.league import FinishedGame, LeagueBlock, LeagueRow, Tally, blocks_of
from ..domain.scoring import ScoreSheet, build_hand
from ..domain.teams import teams_from_numbers
from ..models import (FamilyTable, Game, Hand, HeldCards, Player, TableGameSummary, TableOverview,
                      TableSeason, db)
from .errors import NotFound
from .table_summaries import record_of, summary_data
from .tables import NO_TABLE, stamp_text, table_stamp

SHOWN = 25  # games the table's page lists per section (in progress, finished); its stats count all
KEPT = 64  # tables whose combined stats one process keeps
KEPT_GAMES = 20_000  # game summaries one process keeps (a few hundred bytes each)
IN_LIST = 500  # games named in one statement when only some of a table's games need scoring


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
    partners: list = field(default_factory=list)  # a team game's roster ids per team
    scoring: str = ""  # its scoring system's slug
    data: dict | None = field(default=None, repr=False)  # the stored summary it was made from

    def partnered(self, a: int, b: int) -> bool:
        return any(a in team and b in team for team in self.partners)


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


@dataclass
class TableSummary:
    id: str
    name: str
    players: list[PlayerStats]
    seasons: list[Season] = field(default_factory=list)  # oldest first; the last is current
    source: tuple = ()  # (database, table id): where its seasons' leagues are kept
    loaded: list[GameSummary] | None = None  # every game, newest first (None: not read yet)
    sections: tuple[Section, Section] | None = None  # (in progress, finished), when read stored

    _kept: dict = field(default_factory=dict, repr=False)  # what was combined once, per question

    @property
    def games(self) -> list[GameSummary]:
        """Every game, newest first; a summary read from the stored overview combines them on
        first need (the API lists them all)."""
        if self.loaded is None:
            self.loaded = _compute(self.id).games
        return self.loaded

    def _once(self, key: tuple, compute):
        """The summary is kept and shared per table stamp: each combination is made once."""
        if key not in self._kept:
            self._kept[key] = compute()
        return self._kept[key]

    def _records(self, number: int | None) -> list[FinishedGame]:
        season = self.seasons[-1] if number is None else self.seasons[number - 1]
        return [g.record for g in self.games if g.record is not None and _within(g.record, season)]

    def _current(self, number: int | None) -> int | None:
        return None if number == len(self.seasons) else number

    def league(self, number: int | None = None) -> list[LeagueRow]:
        """The family league of a season (the current one by default): its finished games,
        each counted in the season in which it ended."""
        number = self._current(number)
        return self._once(("league", number), lambda: self._season(number).league(self._records(number)))

    def league_blocks(self, number: int | None = None) -> list[LeagueBlock]:
        """The season's league, one standing per scoring system it has games in."""
        number = self._current(number)
        return self._once(("blocks", number), lambda: self._season(number).blocks(self._records(number)))

    def _season(self, number: int | None) -> _SeasonLeague:
        key = (self.source, number or len(self.seasons))
        kept = _leagues.get(key)
        if kept is None:
            kept = _SeasonLeague()
            _leagues.put(key, kept)
        return kept

    @property
    def finished(self) -> list[GameSummary]:
        return self._once(("finished",), lambda: [g for g in self.games if g.finished])

    @property
    def in_progress(self) -> list[GameSummary]:
        return self._once(("in progress",), lambda: [g for g in self.games if not g.finished])

    def section(self, finished: bool) -> Section:
        """The page's list of finished games, or of games in progress."""
        if self.sections is not None:
            return self.sections[finished]
        listed = self.finished if finished else self.in_progress
        return Section(listed[:SHOWN], len(listed))

    @property
    def finished_games(self) -> int:
        return self.section(True).count

    def head_to_head(self, a: int, b: int) -> dict:
        """Finished games both people played: against each other (each one's game and hand
        wins in them), and as partners in a team game."""
        shared = [g for g in self.games if g.finished and a in g.seats and b in g.seats]
        against = [g for g in shared if not g.partnered(a, b)]
        return {"games": len(against), "partners": len(shared) - len(against),
                "wins": {p: sum(p in g.winner_ids for g in against) for p in (a, b)},
                "hands": {p: sum(g.hand_wins.get(p, 0) for g in against) for p in (a, b)}}


class _SeasonLeague:
    """A season's league kept in this process as tallies (domain.league.Tally): one over all
    its games (`league`), one per scoring system (`blocks`), each brought to the season's
    finished games as they are now by taking away and adding only the records that changed.
    Records are kept per game version, so an unchanged game's is the very same object: an
    edit in one finished game costs its players, not the season's 500 games, and a save in a
    game still going changes no record at all."""

    def __init__(self):
        self._lock = Lock()
        self._kept: dict[str, tuple] = {}  # "league" or "blocks" -> (records, tallies, answer)

    def league(self, records: list[FinishedGame]) -> list[LeagueRow]:
        return self._answer("league", records, lambda record: "", lambda tallies: tallies[""].rows())  # one part

    def blocks(self, records: list[FinishedGame]) -> list[LeagueBlock]:
        return self._answer("blocks", records, lambda record: record.scoring, blocks_of)

    def _answer(self, what: str, records: list[FinishedGame], part, answer):
        with self._lock:
            kept = self._kept.get(what)
            if kept is not None and len(records) == len(kept[0]) and all(a is b for a, b in zip(records, kept[0])):
                return kept[2]
            tallies = _brought_to(kept[1] if kept else {}, records, part)
            self._kept[what] = (tuple(records), tallies, answer(tallies))
            return self._kept[what][2]


def _brought_to(tallies: dict[str, Tally], records: list[FinishedGame], part) -> dict[str, Tally]:
    """`tallies` (one per part of the records) changed to count exactly `records`; made
    afresh when most of them are new."""
    tallies = defaultdict(Tally, tallies)
    wanted = {record.game_id: record for record in records}
    counted = {game_id: game for tally in tallies.values() for game_id, game in tally.games.items()}
    added = [record for game_id, record in wanted.items() if counted.get(game_id) is not record]
    if len(added) > len(records) // 2:
        fresh: dict[str, list] = defaultdict(list)
        for record in records:
            fresh[part(record)].append(record)
        return defaultdict(Tally, {key: Tally(games) for key, games in fresh.items()})
    for game_id, old in counted.items():
        if wanted.get(game_id) is not old:
            tallies[part(old)].remove(game_id)
    for record in added:
        tallies[part(record)].add(record)
    return tallies


def _within(record: FinishedGame, season: Season) -> bool:
    after_start = season.started_at is None or record.finished_at >= season.started_at
    return after_start and (season.ended_at is None or record.finished_at < season.ended_at)


def seasons_of(rows: list) -> list[Season]:
    """Season 1, then one per stored row, each ending where the next starts."""
    starts = [None] + [row.started_at for row in sorted(rows, key=lambda r: r.number)]
    return [Season(n, start, starts[n] if n < len(starts) else None)
            for n, start in enumerate(starts, start=1)]


class _Kept:
    """A small LRU map shared by the threads of one process."""

    def __init__(self, size: int):
        self.size, self._items, self._lock = size, OrderedDict(), Lock()

    def get(self, key):
        return self.get_many([key])[0]

    def get_many(self, keys: list) -> list:
        """Each key's value (None if not kept), under one lock."""
        found = []
        with self._lock:
            for key in keys:
                value = self._items.get(key)
                if value is not None:
                    self._items.move_to_end(key)
                found.append(value)
        return found

    def put(self, key, value) -> None:
        with self._lock:
            self._items[key] = value
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


_cache = _Kept(KEPT)
_games = _Kept(KEPT_GAMES)
_leagues = _Kept(KEPT * 4)  # a _SeasonLeague per table and season
_last = _Kept(KEPT)  # the last summary made of each table: the next one starts from it


def clear() -> None:
    """Forget every kept summary (benchmarks measure a first look with this)."""
    _cache.clear()
    _games.clear()
    _leagues.clear()
    _last.clear()


def table_summary(table_id: str, stamp: tuple | None = None, read_stored: bool = True) -> TableSummary:
    """The table's summary at its stamp (`stamp`: just read by the caller): kept, else read
    from the table's stored overview when that is true for the stamp (`read_stored`: the caller
    has not just found it stale), else combined from its games' summaries."""
    stamp = stamp or table_stamp(table_id)
    if stamp is None:
        raise NotFound(NO_TABLE)
    key = (str(db.engine.url), table_id, *stamp)
    summary = _cache.get(key)
    if summary is None:
        stored = _stored_overview(table_id, stamp) if read_stored else None
        summary = _compute(table_id) if stored is None else _from_overview(table_id, stored)
        _cache.put(key, summary)
    return summary


def _stored_overview(table_id: str, stamp: tuple) -> dict | None:
    """The table's stored overview (table_overview), if it is true for `stamp`."""
    row = db.session.execute(select(TableOverview.stamp, TableOverview.data)
                             .where(TableOverview.table_id == table_id)).first()
    return row.data if row is not None and row.stamp == stamp_text(stamp) else None


def _from_overview(table_id: str, data: dict) -> TableSummary:
    """The summary a stored overview holds (table_overview.overview_of): what the table's page
    shows; every game is combined only on first need."""
    def listed(entry):
        game_id, started, scoring, game_data = entry
        game = SimpleNamespace(id=game_id, created_at=datetime.fromisoformat(started), scoring=scoring)
        return _from_data(game, game_data)

    summary = TableSummary(
        table_id, data["name"], [PlayerStats(**p) for p in data["players"]],
        [Season(n, _moment(start), _moment(end)) for n, start, end in data["seasons"]],
        (str(db.engine.url), table_id),
        sections=tuple(Section([listed(e) for e in games], count) for games, count in data["sections"]))
    summary._kept[("league", None)] = [LeagueRow(**row) for row in data["league"]]
    summary._kept[("blocks", None)] = [LeagueBlock(system, games, [LeagueRow(**row) for row in rows])
                                       for system, games, rows in data["blocks"]]
    return summary


def _moment(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def _game_key(game, database: str) -> tuple:
    return (database, game.id, game.version, game.updated_at)


# What says whether a kept summary still holds, and whether the stored one does
_STAMPS = (Game.id, Game.version, Game.updated_at, Game.created_at, Game.scoring,
           TableGameSummary.version.label("stored"))
_SETTINGS = (Game.id, Game.version, Game.updated_at, Game.created_at, Game.edition, Game.scoring,
             Game.target, Game.house_rules)  # what scoring a game needs


def _compute(table_id: str) -> TableSummary:
    """Games as plain rows (no ORM objects: a table may hold hundreds). A game this process
    has not kept is read from its stored summary (table_summaries), when that is true for the
    game's version; only the others (from before migration 0011, or changed by a write that
    stored nothing) are scored from their seats and cards."""
    table = db.session.get(FamilyTable, table_id)
    games = db.session.execute(
        select(*_STAMPS).outerjoin(TableGameSummary, TableGameSummary.game_id == Game.id)
        .where(Game.table_id == table_id).order_by(Game.created_at.desc(), Game.id.desc())).all()
    seasons = db.session.execute(select(TableSeason.number, TableSeason.started_at)
                                 .where(TableSeason.table_id == table_id)).all()
    database = str(db.engine.url)
    kept = dict(zip((g.id for g in games), _games.get_many([_game_key(g, database) for g in games])))
    missing = [g for g in games if kept[g.id] is None]
    stored = {g.id: g for g in missing if g.stored is not None and g.stored == g.version}
    if stored:
        for game_id, version, data in _stored(table_id, list(stored), len(stored) == len(games)):
            game = stored[game_id]
            if version == game.version and data is not None:  # else a write landed meanwhile
                kept[game_id] = _from_data(game, data)
                _games.put(_game_key(game, database), kept[game_id])
    unscored = [g.id for g in games if kept[g.id] is None]
    if unscored:
        kept |= _score_games(table_id, unscored, len(unscored) == len(games), database)
    summaries = [kept[g.id] for g in games]
    source = (database, table.id)
    summary = TableSummary(table.id, table.name, _player_stats(table, summaries, _last.get(source)),
                           seasons_of(seasons), source, summaries)
    _last.put(source, summary)
    return summary


def _stored(table_id: str, game_ids: list, everything: bool):
    """(game id, version, data) of stored summaries: the table's, or the games named."""
    columns = (TableGameSummary.game_id, TableGameSummary.version, TableGameSummary.data)
    if everything:
        yield from db.session.execute(select(*columns).join(Game, Game.id == TableGameSummary.game_id)
                                      .where(Game.table_id == table_id))
        return
    for start in range(0, len(game_ids), IN_LIST):
        yield from db.session.execute(select(*columns).where(
            TableGameSummary.game_id.in_(game_ids[start:start + IN_LIST])))


def _from_data(game, data: dict) -> GameSummary:
    """The summary the table shows of a game, from its stored (or just scored) data."""
    names = [name for name, _ in data["seats"]]
    roster = [rid for _, rid in data["seats"]]
    summary = GameSummary(game.id, names, roster, data["finished"], [names[i] for i in data["winners"]],
                          {roster[i] for i in data["winners"]}, data["hands"],
                          dict(zip(roster, data["hand_wins"])), dict(zip(roster, data["best"])),
                          started=game.created_at, record=record_of(game.id, game.scoring, data),
                          scoring=game.scoring, data=data)
    if data["partners"]:
        summary.teams = [(tuple(names[i] for i in team), total)
                         for team, total in zip(data["partners"], data["team_totals"])]
        summary.partners = [{roster[i] for i in team} for team in data["partners"]]
    return summary


def _score_games(table_id: str, game_ids: list, everything: bool, database: str) -> dict:
    """Games scored from their seats and cards (no summary stored for their version), kept."""
    scored = {}
    for start in range(0, 1 if everything else len(game_ids), IN_LIST):
        in_batch = (select(Game.id).where(Game.table_id == table_id) if everything
                    else game_ids[start:start + IN_LIST])
        batch = {g.id: g for g in db.session.execute(select(*_SETTINGS).where(Game.id.in_(in_batch)))}
        seated: dict = defaultdict(list)
        for row in db.session.execute(
                select(Player.game_id, Player.id, Player.name, Player.roster_id, Player.team)
                .where(Player.game_id.in_(in_batch)).order_by(Player.game_id, Player.seat)):
            seated[row.game_id].append(row)
        for game_id, summary in _score(batch, seated, Hand.game_id.in_(in_batch)).items():
            _games.put(_game_key(batch[game_id], database), summary)
            scored[game_id] = summary
    return scored


def _score(batch: dict, seated: dict, where) -> dict:
    """Summaries of a batch of games, from their cards read in one streamed statement and
    summarised a game at a time (a heavy table's rows are never all held at once)."""
    rows = db.session.execute(
        select(Hand.game_id, Hand.number, Hand.created_at, HeldCards.player_id, HeldCards.cards,
               HeldCards.typed_total).join(Hand.entries)
        .where(where).order_by(Hand.game_id, Hand.number)
        .execution_options(yield_per=2_000))
    scored = {}
    for game_id, cards in groupby(rows, key=lambda row: row.game_id):
        if game_id in batch:
            scored[game_id] = _summarise(batch[game_id], seated[game_id], cards)
    for game_id, game in batch.items():  # games without a hand yet
        if game_id not in scored:
            scored[game_id] = _summarise(game, seated[game_id], [])
    return scored


def _summarise(game: Game, seats: list, cards) -> GameSummary:
    """A game scored from its cards, summarised as a write stores it (table_summaries)."""
    names_by_id = {s.id: s.name for s in seats}
    hands: dict = defaultdict(lambda: ({}, {}))
    hand_times: dict = {}  # hand number -> when it was recorded
    for row in cards:
        hand_times[row.number] = row.created_at
        held, typed = hands[row.number]
        name = names_by_id[row.player_id]
        held[name] = row.cards.split()
        if row.typed_total is not None:
            typed[name] = row.typed_total
    edition = get_edition(game.edition)
    names = [s.name for s in seats]
    sheet = ScoreSheet(edition=edition, rules=parse_house_rules(game.house_rules, edition),
                       scoring=game.scoring, target=game.target, players=names,
                       hands=[build_hand(edition, names, *hands[n]) for n in sorted(hands)],
                       teams=teams_from_numbers(names, [s.team for s in seats]))
    outcome = sheet.outcome()
    # it ended with the hand that took someone to the target
    ended_at = hand_times[sorted(hand_times)[outcome.ended_after - 1]] if outcome.finished else None
    data = summary_data(game.id, sheet, sheet.points(), ended_at, [(s.name, s.roster_id) for s in seats])
    return _from_data(game, data)


def _player_stats(table: FamilyTable, games: list[GameSummary], before: TableSummary | None) -> list[PlayerStats]:
    """Each person's stats over the table's games: from the table's previous summary in this
    process (`before`) when only a few games changed since, each changed game taken away and
    counted again (and a person whose best hand may have come from one looked at again)."""
    roster = [(p.id, p.name) for p in table.roster]
    if before is not None and [(s.id, s.name) for s in before.players] == roster:
        was, now = {g.id: g for g in before.games}, {g.id: g for g in games}
        gone = [g for key, g in was.items() if now.get(key) is not g]
        came = [g for key, g in now.items() if was.get(key) is not g]
        if len(gone) + len(came) <= max(4, len(games) // 8):
            stats = {s.id: replace(s) for s in before.players}
            lowered = set().union(*(_count(stats, game, -1) for game in gone))
            for game in came:
                _count(stats, game, 1)
            for rid in lowered:
                stats[rid].best_hand = max((g.best.get(rid, 0) for g in games if rid in g.seats), default=0)
            return list(stats.values())
    stats = {rid: PlayerStats(rid, name) for rid, name in roster}
    for game in games:
        _count(stats, game, 1)
    return list(stats.values())


def _count(stats: dict, game: GameSummary, sign: int) -> set:
    """`game` counted in (1) or taken out of (-1) its players' stats; the players whose best
    hand it held, when taken out."""
    lowered = set()
    for rid in game.seats:
        s = stats.get(rid)
        if s is None:
            continue
        if game.finished:
            s.games_played += sign
            s.games_won += sign * (rid in game.winner_ids)
        else:
            s.games_in_progress += sign
        s.hands_played += sign * game.hands
        s.hands_won += sign * game.hand_wins.get(rid, 0)
        best = game.best.get(rid, 0)
        if sign > 0:
            s.best_hand = max(s.best_hand, best)
        elif best and best >= s.best_hand:
            lowered.add(rid)
    return lowered
