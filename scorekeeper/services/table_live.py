"""What a table's screen shows: the table's current game (its newest), as plain values.

The screen polls a stamp that costs one indexed statement: the table's newest game and its
version. A new game or rematch at the table changes the newest game, so the screen follows."""
from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import bindparam, select

from ..domain.scoring import ScoreSheet
from ..domain.teams import TeamScoring
from ..models import FamilyTable, Game, db
from ..plain_select import PlainSelect
from .errors import NotFound
from .games import NO_GAME, VISIBLE, load_game, sheet_of


@dataclass(frozen=True)
class LiveLine:
    label: str  # a player's name, or a team's names joined
    names: tuple[str, ...]
    total: int
    last: int | None  # what the last hand added (None before a first hand)
    leads: bool  # best total once a hand is played: before the first hand nobody leads


@dataclass
class LiveGame:
    id: str
    version: int
    edition: str
    scoring: str
    target: int
    lines: list[LiveLine]  # best first
    hands: int
    dealer: str | None  # who deals the next hand; None once the game is over
    last_winner: str | None  # who went out in the last hand
    finished: bool
    winners: list[str] = field(default_factory=list)
    teams: bool = False


_LIVE_STAMP = PlainSelect(
    select(FamilyTable.name, Game.id, Game.version).select_from(FamilyTable)
    .outerjoin(Game, (Game.table_id == FamilyTable.id) & VISIBLE)
    .where(FamilyTable.id == bindparam("table_id"))
    .order_by(Game.created_at.desc(), Game.id.desc()).limit(1))


def live_stamp(table_id: str) -> tuple | None:
    """(table name, newest game id, its version), or (name, None, None) before a first game;
    None when there is no such table. Every watching screen asks it every two seconds."""
    row = _LIVE_STAMP.first(db.engine, {"table_id": table_id})
    return None if row is None else tuple(row)


def following_game(table_id: str, game_id: str) -> str | None:
    """The id of the first game started at the table after `game_id`, if any (404 when
    `game_id` is not one of the table's games)."""
    game = db.session.get(Game, game_id)
    if game is None or game.table_id != table_id:
        raise NotFound(NO_GAME)
    return db.session.scalar(
        select(Game.id).where(Game.table_id == table_id, VISIBLE,
                              (Game.created_at > game.created_at)
                              | ((Game.created_at == game.created_at) & (Game.id > game.id)))
        .order_by(Game.created_at, Game.id).limit(1))


def live_game(game_id: str, joiner: str) -> LiveGame | None:
    game = load_game(game_id)
    if game is None:
        return None
    sheet = sheet_of(game)
    outcome = sheet.outcome()
    points = sheet.points()
    last = (sheet.hands[-1].winner, points[-1]) if sheet.hands else None
    lines = _team_lines(sheet, last, joiner) if sheet.teams else _player_lines(sheet, last)
    return LiveGame(game.id, game.version, game.edition, game.scoring, game.target, lines, len(sheet.hands),
                    None if outcome.finished else sheet.next_dealer, last[0] if last else None,
                    outcome.finished, list(outcome.winners), bool(sheet.teams))


def _player_lines(sheet: ScoreSheet, last) -> list[LiveLine]:
    system = sheet.system
    totals = sheet.standings()
    best = system.best(totals)
    return [LiveLine(name, (name,), totals[name],
                     system.gained(name, *last) if last else None, bool(last) and totals[name] == best)
            for name in system.ranked(totals, sheet.players)]


def _team_lines(sheet: ScoreSheet, last, joiner: str) -> list[LiveLine]:
    scoring = TeamScoring.of(sheet.system, sheet.teams)
    hands = [(hand.winner, points) for hand, points in zip(sheet.hands, sheet.points())]
    rows = scoring.running(hands)
    totals = rows[-1] if rows else dict.fromkeys(range(len(sheet.teams)), 0)
    gained = scoring.hand_points(*last) if last else {}
    best = sheet.system.best(totals)
    order = sheet.system.ranked(totals, list(range(len(sheet.teams))))  # best first, ties in team order
    return [LiveLine(joiner.join(sheet.teams[t]), tuple(sheet.teams[t]), totals[t],
                     gained.get(t, 0) if last else None, bool(last) and totals[t] == best) for t in order]
