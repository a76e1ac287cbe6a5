"""What a table's screen shows: the table's current game (its newest), as plain values.

The screen polls a stamp that costs one indexed statement: the table's newest game and its
version. A new game or rematch at the table changes the newest game, so the screen follows."""
from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import bindparam, select

from ..domain.systems import ScoringSystem, system_of
from ..models import FamilyTable, Game, Hand, HandScore, db
from ..plain_select import PlainSelect
from . import hand_scores
from .errors import NotFound
from .games import NO_GAME, VISIBLE, hand_count, load_game_head, next_dealer_seat, seat_names, teams_of


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
    """The game as the screen shows it, from sums of its hands' per-seat rows (hand_scores)
    and its last hand only: the same cost at any length, in any worker."""
    game = load_game_head(game_id)
    if game is None:
        return None
    count, system, teams = hand_count(game.id), system_of(game.scoring), teams_of(game)
    totals = hand_scores.side_totals(game)
    outcome = hand_scores.outcome(game, totals, count)
    last = hand_scores.side_totals(game, only=count) if count else None
    lines = _team_lines(system, teams, totals, last, joiner) if teams else \
        _player_lines(system, [p.name for p in game.players], totals, last)
    return LiveGame(game.id, game.version, game.edition, game.scoring, game.target, lines, count,
                    None if outcome.finished else seat_names(game)[next_dealer_seat(game)],
                    _last_winner(game) if count else None, outcome.finished, list(outcome.winners), bool(teams))


def _last_winner(game: Game) -> str:
    """Who went out in the game's last hand: its seat's went_out row (no card is read)."""
    names = {p.id: p.name for p in game.players}
    return names[db.session.scalar(
        select(HandScore.player_id).join(Hand, Hand.id == HandScore.hand_id)
        .where(HandScore.game_id == game.id, HandScore.went_out).order_by(Hand.number.desc()).limit(1))]


def _player_lines(system: ScoringSystem, players: list[str], totals: dict, last: dict | None) -> list[LiveLine]:
    best = system.best(totals)
    return [LiveLine(name, (name,), totals[name], last[name] if last else None, bool(last) and totals[name] == best)
            for name in system.ranked(totals, players)]


def _team_lines(system: ScoringSystem, teams, totals: dict, last: dict | None, joiner: str) -> list[LiveLine]:
    best = system.best(totals)
    order = system.ranked(totals, list(range(len(teams))))  # best first, ties in team order
    return [LiveLine(joiner.join(teams[t]), tuple(teams[t]), totals[t],
                     last.get(t, 0) if last else None, bool(last) and totals[t] == best) for t in order]
