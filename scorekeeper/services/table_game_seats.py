"""The per-table-game-and-seat rows (models.TableGameSeat): what a family table's stats, game
lists and league need of each seat of each of its games. Every write to a table game replaces
the game's rows in its own transaction, by one INSERT … SELECT … GROUP BY over the game's
hand_scores rows; the outcome (finished, winners, the hand that ended it) comes from the same
narrow rows (hand_scores.outcome). A row whose version is not its game's is rewritten by the
read that finds it (fresh_rows), game by game."""
from __future__ import annotations

from sqlalchemy import and_, case, delete, false, func, insert, literal, null, select, true, update
from sqlalchemy.exc import SQLAlchemyError

from ..domain.league import seat_places
from ..domain.text import N_, say
from ..models import FamilyTable, Game, Hand, HandScore, Player, TableGameSeat, TablePlayer, db
from . import hand_scores
from .errors import Conflict
from .games import load_game_head, teams_of

# Held-card rows (one per player per hand) a table may hold: bounds what one client can pile
# up behind one table. A game's rows say it: its hand count on each of its seats' rows.
MAX_TABLE_CARD_ROWS = 100_000
TABLE_FULL = N_("This family table is full: it holds as many hands as one table may (%(most)s entries "
                "of cards). Start a new table to play on.")


def write_rows(game: Game, bounded: bool = True) -> None:
    """In a write's transaction, after its changes: the game's rows at the version this write
    makes (none for a game outside a table). `bounded`: a write that adds held cards is refused
    past the table's bound (a read that rescores a stale game refuses nothing)."""
    if game.table_id is None:
        return
    db.session.flush()  # the new version; the write's hands and their scores readable
    held_before = db.session.scalar(select(func.sum(TableGameSeat.hands)).where(TableGameSeat.game_id == game.id))
    db.session.execute(delete(TableGameSeat).where(TableGameSeat.game_id == game.id))
    outcome = hand_scores.outcome(game)
    ids = {p.name: p.id for p in game.players}
    ended_at = None
    if outcome.finished:
        ended_at = db.session.scalar(select(Hand.created_at).where(
            Hand.game_id == game.id, Hand.number == outcome.ended_after))
    team_total = null()
    if teams_of(game):
        by_number = hand_scores.team_standings(game)
        numbers = sorted({p.team for p in game.players})
        team_total = case({team: by_number[n] for n, team in enumerate(numbers)}, value=Player.team)
    won = Player.id.in_([ids[n] for n in outcome.winners]) if outcome.winners else false()
    went_out = HandScore.went_out
    points = func.coalesce(HandScore.team_gained, HandScore.gained)
    rows = (select(Player.id, literal(game.id), literal(game.table_id), literal(game.version),
                   true() if outcome.finished else false(), won,
                   func.count(HandScore.hand_id), func.coalesce(func.sum(case((went_out, 1), else_=0)), 0),
                   func.coalesce(func.max(case((went_out, points), else_=0)), 0),
                   func.coalesce(func.sum(hand_scores._column(game.scoring, False)), 0),
                   team_total, Player.team, literal(ended_at) if ended_at is not None else null())
            .select_from(Player)
            .outerjoin(HandScore, and_(HandScore.game_id == game.id, HandScore.player_id == Player.id))
            .where(Player.game_id == game.id).group_by(Player.id, Player.team))
    columns = ("player_id", "game_id", "table_id", "version", "finished", "won", "hands", "hands_won",
               "best_hand", "total", "team_total", "team", "ended_at")
    db.session.execute(insert(TableGameSeat).from_select(columns, rows))
    if outcome.finished:
        _store_places(game)
    held = db.session.scalar(select(func.sum(TableGameSeat.hands)).where(TableGameSeat.game_id == game.id)) or 0
    if bounded and held > (held_before or 0):
        check_room(game.table_id, locked=True)


def _store_places(game: Game) -> None:
    """A finished game's final order on its rows, as the domain orders it (seat_places)."""
    seats = db.session.execute(
        select(TableGameSeat.player_id, Player.name, func.coalesce(TableGameSeat.team_total, TableGameSeat.total),
               TableGameSeat.team)
        .join(Player, Player.id == TableGameSeat.player_id).where(TableGameSeat.game_id == game.id)
        .order_by(Player.seat)).all()
    ids = {name: player_id for player_id, name, _, _ in seats}
    places = seat_places(game.scoring, [(name, total, team) for _, name, total, team in seats])
    db.session.execute(update(TableGameSeat), [
        {"game_id": game.id, "player_id": ids[name], "place": place, "behind": ids.get(behind)}
        for name, (place, behind) in places.items()])


def table_card_rows(table_id: str) -> int:
    """Held-card rows in the table's games, as their rows count them."""
    return db.session.scalar(select(func.coalesce(func.sum(TableGameSeat.hands), 0))
                             .where(TableGameSeat.table_id == table_id))


def check_room(table_id: str, adding: int = 0, locked: bool = False, field: str | None = None) -> None:
    """Refuse (Conflict: the caller rolls back; nothing written) when the table would hold
    more held-card rows than it may with `adding` more: a write, after its changes, adds
    none; a game about to start or join asks room for at least one. `locked`: first wait
    for another write that grows the table (PostgreSQL: the table's row locked until this
    transaction ends), so two games' saves at once cannot both pass the bound. `field`: the
    form field the refusal is shown beside."""
    if locked:
        db.session.execute(select(FamilyTable.id).where(FamilyTable.id == table_id).with_for_update())
    if table_card_rows(table_id) + adding > MAX_TABLE_CARD_ROWS:
        raise Conflict(say(TABLE_FULL, most=MAX_TABLE_CARD_ROWS), field=field)


def stale_games(table_id: str) -> list[str]:
    """The table's games whose rows are missing or not at the game's version."""
    current = select(TableGameSeat.game_id).where(TableGameSeat.game_id == Game.id,
                                                 TableGameSeat.version == Game.version).exists()
    return list(db.session.scalars(select(Game.id).where(Game.table_id == table_id, ~current)))


def fresh_rows(table_id: str) -> bool:
    """Rewrite, in this request's transaction, the rows of each of the table's games that are
    stale (a game restored, or changed by hand-made SQL): staleness is checked per game. A row
    is labelled with the version its game was read at, before its sums are read, so a write
    landing meanwhile leaves it labelled older than what it holds: rescored again, never
    believed ahead of its game. Whether any game was stale."""
    stale = stale_games(table_id)
    for game_id in stale:
        game = load_game_head(game_id)
        if game is not None:
            write_rows(game, bounded=False)
    return bool(stale)


def read_fresh(table_id: str) -> None:
    """Before a read of the table: stale rows rewritten and kept (committed), so the next
    read finds them true; when another request wrote the same rows first, rewritten for
    this read alone."""
    if not fresh_rows(table_id):
        return
    try:
        db.session.commit()
    except SQLAlchemyError:
        db.session.rollback()
        fresh_rows(table_id)


def store_fresh(table_id: str) -> None:
    """fresh_rows in a transaction of its own: after a restore, which wrote its games in
    plain statements, or from `flask tables summarise` after an upgrade."""
    db.session.rollback()
    fresh_rows(table_id)
    db.session.commit()


def player_stats(table_id: str) -> list[tuple]:
    """Each person on the table's roster, in roster order, with their stats over the table's
    games: (roster id, name, games played (finished), games won, hands played, hands won,
    best hand, games in progress). One GROUP BY over the rows (the caller made them fresh)."""
    seat, person = TableGameSeat, TablePlayer
    finished = case((seat.finished, 1), else_=0)
    stats = (select(Player.roster_id.label("rid"), func.sum(finished).label("played"),
                    func.sum(case((and_(seat.finished, seat.won), 1), else_=0)).label("won"),
                    func.sum(seat.hands).label("hands"), func.sum(seat.hands_won).label("hands_won"),
                    func.max(seat.best_hand).label("best"), func.sum(1 - finished).label("going"))
             .join(Player, Player.id == seat.player_id).where(seat.table_id == table_id)
             .group_by(Player.roster_id).subquery())
    rows = db.session.execute(
        select(person.id, person.name, stats.c.played, stats.c.won, stats.c.hands, stats.c.hands_won,
               stats.c.best, stats.c.going).outerjoin(stats, stats.c.rid == person.id)
        .where(person.table_id == table_id).order_by(person.id)).all()
    return [(rid, name, *(int(n or 0) for n in numbers)) for rid, name, *numbers in rows]
