"""Family tables: a roster of people and the games they played together, opened by one
edit key that every game of the table shares. Nothing here knows HTTP."""
from __future__ import annotations

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError

from ..domain.scoring import MAX_NAME, WINNER_TAKES_POINTS
from ..domain.text import N_, say
from ..models import FamilyTable, Game, Hand, HeldCards, Player, TablePlayer, db, utcnow
from .errors import Conflict, Invalid, KeyMissing, KeyRefused, NotFound
from .games import NO_GAME, build_game, game_settings, load_game_head
from . import storage
from ..ids import new_public_id
from .keys import hash_key, hash_opens, new_key
from .table_game_seats import check_room, write_rows

MAX_TABLE_NAME = 40
MAX_ROSTER = 100
MAX_TABLE_ID = 32
NO_TABLE = say(N_("There is no table with that id."))


def new_table_id() -> str:
    """Tables are found only through their links, like games: the same unguessable ids."""
    return new_public_id()


def name_key(name: str) -> str:
    """Names match within a table regardless of case and surrounding spaces."""
    return name.strip().casefold()


def clean_table_name(name: object) -> str:
    if not isinstance(name, str) or not name.strip():
        raise Invalid(say(N_("Give the table a name, for example \"Kitchen table\".")), field="name")
    name = name.strip()
    if len(name) > MAX_TABLE_NAME:
        raise Invalid(say(N_("A table's name has at most %(most)d characters."), most=MAX_TABLE_NAME),
                      field="name")
    return name


def clean_player_name(name: object) -> str:
    if not isinstance(name, str) or not name.strip():
        raise Invalid(say(N_("Every player needs a name.")), field="name")
    if len(name.strip()) > MAX_NAME:
        raise Invalid(say(N_("A name has at most %(most)d characters."), most=MAX_NAME), field="name")
    return name.strip()


def create_table(name: object) -> tuple[FamilyTable, str]:
    """A new, empty table and its edit key (shown once: only its hash is kept)."""
    table = FamilyTable(id=new_table_id(), name=clean_table_name(name))
    key = new_key()
    table.edit_key_hash = hash_key(key)
    db.session.add(table)
    storage.commit()
    return table, key


def load_table(table_id: object) -> FamilyTable | None:
    if not isinstance(table_id, str) or not 0 < len(table_id) <= MAX_TABLE_ID:
        return None
    return db.session.get(FamilyTable, table_id)


def get_table(table_id: object) -> FamilyTable:
    table = load_table(table_id)
    if table is None:
        raise NotFound(NO_TABLE)
    return table


def check_table_key(table: FamilyTable, key: str | None) -> None:
    if not key:
        raise KeyMissing(say(N_("This needs the table's edit key: send 'Authorization: Bearer <edit_key>'.")))
    if not hash_opens(table.edit_key_hash, key):
        raise KeyRefused(say(N_("That edit key does not open this table.")))


def key_opens_table(table: FamilyTable, key: str | None) -> bool:
    return hash_opens(table.edit_key_hash, key)


def last_settings(table: FamilyTable) -> dict:
    """What a new game at this table starts with: the table's last game's settings."""
    last = db.session.scalars(select(Game).where(Game.table_id == table.id)
                              .order_by(Game.created_at.desc(), Game.id.desc()).limit(1)).first()
    if last is None:
        return {}
    settings = game_settings(last)
    settings.pop("id")
    return settings


def _with_defaults(last: dict, options: dict) -> dict:
    """The last game's settings under the ones asked for; another deck drops its house rules."""
    if "edition" in options and options["edition"] != last.get("edition"):
        last = {k: v for k, v in last.items() if k != "house_rules"}
    return last | options


def _seat_roster(table: FamilyTable, game: Game) -> None:
    """Link each seat to the roster (adding new people); seats take the roster's spelling."""
    by_key = {p.name_key: p for p in table.roster}
    for seat in game.players:
        person = by_key.get(name_key(seat.name))
        if person is None:
            if len(table.roster) >= MAX_ROSTER:
                raise Invalid(say(N_("A table's roster has at most %(most)d players: merge or reuse "
                                     "names."), most=MAX_ROSTER), field="players")
            person = TablePlayer(name=seat.name, name_key=name_key(seat.name))
            table.roster.append(person)
            by_key[person.name_key] = person
        seat.name = person.name
        seat.roster = person


def start_game(table_id: object, players: object, first_dealer_seat: int = 0,
               teams: object = None, seat_apart: bool = False, **options) -> Game:
    """A new game at the table (the caller has checked the key). Its edit key is the table's.
    `teams` (lists of names, or None) plays it in teams; the players keep the order given
    unless `seat_apart` seats partners apart."""
    check_room(get_table(table_id).id, adding=1, field="players")
    for attempt in range(2):  # a racing game may add the same new name to the roster
        table = get_table(table_id)
        settings = _with_defaults(last_settings(table), options)
        try:
            game = build_game(players, settings.get("edition", "classic"),
                              settings.get("scoring", WINNER_TAKES_POINTS),
                              settings.get("target", 500), settings.get("house_rules"),
                              table.edit_key_hash, teams, seat_apart)
            game.table_id = table.id
            game.first_dealer_seat = first_dealer_seat % len(game.players)
            _seat_roster(table, game)
            table.updated_at = utcnow()
            db.session.add(game)
            write_rows(game)
            db.session.commit()
            return game
        except IntegrityError:
            db.session.rollback()
        except Invalid:
            db.session.rollback()
            raise
    raise Conflict(say(N_("The table's roster changed on another phone meanwhile. Try again.")))


def adopt_game(table_id: object, game_id: str) -> Game:
    """Bring a loose game into the table (the caller holds both keys): its seats join the
    roster, and from now on it opens with the table's key, like every game of the table."""
    table = get_table(table_id)
    game = load_game_head(game_id)
    if game is None:
        raise NotFound(NO_GAME)
    if game.table_id is not None:
        raise Conflict(say(N_("This game already belongs to a family table.")))
    held = db.session.scalar(select(func.count(HeldCards.id)).join(Hand, HeldCards.hand_id == Hand.id)
                             .where(Hand.game_id == game.id))
    check_room(table.id, adding=max(held, 1), field="players")
    moved = db.session.execute(  # one statement: a racing save still gets a version of its own
        update(Game).where(Game.id == game.id, Game.table_id.is_(None))
        .values(table_id=table.id, edit_key_hash=table.edit_key_hash, version=Game.version + 1,
                updated_at=utcnow()))
    if moved.rowcount != 1:
        db.session.rollback()
        raise Conflict(say(N_("This game already belongs to a family table.")))
    db.session.expire(game)  # its version and table as the UPDATE left them
    try:
        _seat_roster(table, game)
        table.updated_at = utcnow()
        write_rows(game)  # its cards count into the table's, within the bound
        storage.commit()
    except IntegrityError:
        db.session.rollback()
        raise Conflict(say(N_("The table's roster changed on another phone meanwhile. Try again."))) from None
    except (Invalid, Conflict):
        db.session.rollback()
        raise
    return game


def find_person(table: FamilyTable, name: object) -> TablePlayer:
    wanted = name_key(name) if isinstance(name, str) else None
    person = next((p for p in table.roster if p.name_key == wanted), None)
    if person is None:
        raise NotFound(say(N_("Nobody called '%(name)s' plays at this table."), name=str(name)[:MAX_NAME]))
    return person


def _touch_games(seats: list[Player]) -> None:
    """Bump each touched game's version: cached pages and polls see the new names; the
    games' rows are written at it."""
    games = list({seat.game for seat in seats})
    for game in games:
        game.updated_at = utcnow()
    db.session.flush()
    for game in games:
        write_rows(game)


def _seats_of(person: TablePlayer) -> list[Player]:
    return list(db.session.scalars(select(Player).where(Player.roster_id == person.id)))


def rename_player(table_id: object, old: object, new: object) -> TablePlayer:
    """A new name for one person; their games and stats stay theirs."""
    table = get_table(table_id)
    person = find_person(table, old)
    name = clean_player_name(new)
    clash = next((p for p in table.roster if p.name_key == name_key(name) and p is not person), None)
    if clash is not None:
        raise Invalid(say(N_("There is already a player called '%(name)s': merge the two instead."),
                          name=clash.name), field="name")
    person.name, person.name_key = name, name_key(name)
    seats = _seats_of(person)
    for seat in seats:
        seat.name = name
    _touch_games(seats)
    table.updated_at = utcnow()
    storage.commit()
    return person


def merge_players(table_id: object, spelling: object, into: object) -> TablePlayer:
    """Two spellings of one person become one: `spelling`'s games move to `into`."""
    table = get_table(table_id)
    gone, kept = find_person(table, spelling), find_person(table, into)
    if gone is kept:
        raise Invalid(say(N_("That is the same player twice: pick two different names to merge.")),
                      field="into")
    seats = _seats_of(gone)
    shared = {s.game_id for s in seats} & {s.game_id for s in _seats_of(kept)}
    if shared:
        raise Invalid(say(N_("%(one)s and %(other)s played in the same game, so they are two people: "
                          "rename one instead."), one=gone.name, other=kept.name), field="into")
    for seat in seats:
        seat.roster, seat.name = kept, kept.name
    _touch_games(seats)
    table.roster.remove(gone)
    table.updated_at = utcnow()
    storage.commit()
    return kept
