"""Games in: a backup document checked whole, then added as new games, all or none."""
from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Callable, Mapping

from sqlalchemy import delete, insert, update

from ...domain.cards import CardError
from ...domain.editions import HouseRuleError, get_edition, parse_house_rules, parse_target, point_values
from ...domain.scoring import MAX_HANDS, HandError, build_hand
from ...domain.seat_scores import SeatScore, seat_scores
from ...domain.text import N_, Text, message_of, say
from ...ids import looks_like_hand_id, looks_like_public_id, new_hand_id, new_public_id
from ...models import Game, Hand, HandScore, HeldCards, Player, db, utcnow
from ...numbers import MAX_DIGITS
from ...storable import unstorable
from ..errors import Invalid
from ..games import check_new_game
from ..keys import hash_key, new_key
from . import FORMAT, VERSION

MAX_RESTORE_BYTES = 16 * 1024 * 1024  # a backup is bigger than any API request
MAX_RESTORE_GAMES = 10_000
MAX_RESTORE_HANDS = 50_000
CHUNK_ROWS = 5_000  # rows per transaction: other games' saves wait for one chunk at most
SQLITE_PAUSE = 0.11  # seconds between chunks: see _let_others_write
ABANDONED_AFTER = 3600  # seconds: a restore still marked this long after it began has died
ENVELOPE_KEYS = {"format", "version", "exported_at", "games"}
GAME_KEYS = {"id", "edition", "scoring", "target", "house_rules", "players", "created_at",
             "updated_at", "hands", "past_targets", "teams"}
HAND_KEYS = {"id", "number", "dealer", "held", "typed_totals"}
# Per kind of record: Polish names a game, a hand and a backup in different genders.
NOT_AN_OBJECT = {"game": N_("each game must be a JSON object."),
                 "hand": N_("each hand must be a JSON object."),
                 "backup": N_("each backup must be a JSON object.")}
UNKNOWN_FIELD = {"game": N_("unknown field %(names)s in a game."),
                 "hand": N_("unknown field %(names)s in a hand."),
                 "backup": N_("unknown field %(names)s in a backup.")}


class RestoreError(ValueError):
    """A backup that cannot be restored; nothing was added. Its message is a `Text`: the CLI
    prints the English, pages translate it (scorekeeper/translate.py)."""


@dataclass(frozen=True)
class Restored:
    id: str
    edit_key: str | None  # None for a game restored into a table: it opens with the table's key
    original_id: object
    players: list[str]
    hands: int
    started: datetime | None = None  # when the game was first played, as the backup says


def _fail(where: Text | None, message: str) -> RestoreError:
    """The problem after where it is ("Game 2, hand 4: ..."); `where` is a Text too, so its
    words translate."""
    return RestoreError(say(N_("%(name)s: %(problem)s"), name=where, problem=message) if where else message)


def _moment(value: object, where: str) -> datetime | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise _fail(where, say(N_("times must be ISO 8601 text such as \"2026-11-21T20:15:00Z\".")))
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00") if value.endswith("Z") else value)
    except ValueError:
        raise _fail(where, say(N_("%(value)s is not an ISO 8601 time."), value=repr(value[:40]))) from None
    if moment.tzinfo is not None:
        try:
            moment = moment.astimezone(timezone.utc).replace(tzinfo=None)
        except OverflowError:  # year 1 or 9999 pushed past the calendar by its offset
            raise _fail(where, say(N_("%(value)s is not a time we can store."),
                                   value=repr(value[:40]))) from None
    return moment


def _check_keys(record: object, allowed: set[str], what: str, where: Text | None) -> Mapping:
    if not isinstance(record, Mapping):
        raise _fail(where, say(NOT_AN_OBJECT[what]))
    unknown = sorted(str(k) for k in set(record) - allowed)
    if unknown:
        raise _fail(where, say(UNKNOWN_FIELD[what], names=", ".join(unknown)))
    return record


def _names_a_game(original: object) -> bool:
    """Whether a backup's id is worth quoting in a message: a game number (older backups)
    or a public id."""
    if isinstance(original, int) and not isinstance(original, bool):
        return True
    return looks_like_public_id(original)


@dataclass
class Plan:
    """One backup game checked and ready to insert: rows as plain values, no ORM objects."""
    game: dict
    names: list[str]
    hands: list[list[tuple[int, str, int | None]]]  # per hand: (seat, cards, typed total)
    key: str | None
    original_id: object
    dealers: list[int]  # per hand: the dealer's seat
    hand_ids: list[str] = field(default_factory=list)  # per hand: its id (older backups: new ones)
    roster_ids: list[int | None] = field(default_factory=list)  # per seat, in a table only
    teams: list[int | None] = field(default_factory=list)  # per seat, in a team game only
    scores: list[list[SeatScore]] = field(default_factory=list)  # per hand, per seat (hand_scores)

    @property
    def rows(self) -> int:
        return 1 + len(self.names) + sum(1 + 2 * len(h) for h in self.hands)  # cards and scores


def _build_game(record: object, index: int) -> Plan:
    """One backup record checked whole; raises RestoreError with where and why."""
    where = say(N_("Game %(number)s"), number=index + 1)
    record = _check_keys(record, GAME_KEYS, "game", where)
    if _names_a_game(record.get("id")):
        where = say(N_("Game %(number)s (id %(id)s)"), number=index + 1, id=record["id"])
    for field in ("players", "edition", "scoring", "target", "hands"):
        if field not in record:
            raise _fail(where, say(N_("'%(field)s' is missing."), field=field))
    try:  # checked as a new game is checked
        new = check_new_game(record["players"], record["edition"], record["scoring"], record["target"],
                             record.get("house_rules"), record.get("teams"))
    except Invalid as err:
        raise _fail(where, err.message) from None
    names, edition = new.names, get_edition(new.edition)
    created = _moment(record.get("created_at"), where) or utcnow()
    updated = _moment(record.get("updated_at"), where) or created
    if not isinstance(record["hands"], list):
        raise _fail(where, say(N_("'hands' must be a list.")))
    if len(record["hands"]) > MAX_HANDS:
        raise _fail(where, say(N_("a game holds at most %(max)s hands; this one has %(count)s."),
                               max=MAX_HANDS, count=len(record["hands"])))
    seats = {name: seat for seat, name in enumerate(names)}
    checked = list(_hands(record["hands"], edition, names, where))
    hands = [[(seats[name], " ".join(c.token for c in cards), hand.typed.get(name))
              for name, cards in hand.held.items()] for hand, _, _ in checked]
    key = new_key()
    # As if each hand had been written in turn: every later write to the game gets a
    # revision above all of these (see services/hands.py, _next_version).
    game = dict(id=new_public_id(), edition=new.edition, scoring=new.scoring, target=new.target,
                house_rules=new.house_rules, edit_key_hash=hash_key(key),
                created_at=created, updated_at=updated, version=len(hands) + 1,
                past_targets=_past_targets(record.get("past_targets", []), where))
    values = point_values(edition, parse_house_rules(new.house_rules, edition))
    scores = [[found[name] for name in names]
              for hand, _, _ in checked for found in (seat_scores(hand, values, new.teams),)]
    return Plan(game, names, hands, key, record.get("id"), [seats[d] for _, d, _ in checked],
                hand_ids=[hand_id for _, _, hand_id in checked],
                teams=[new.team_number(name) for name in names] if new.teams else [], scores=scores)


def _hands(raws: list, edition, names: list[str], where: Text):
    """Each hand checked against the deck, with its dealer's name and its id."""
    seen: set[str] = set()
    for number, raw in enumerate(raws, start=1):
        at = say(N_("%(game)s, hand %(number)s"), game=where, number=number)
        raw = _check_keys(raw, HAND_KEYS, "hand", at)
        if "number" in raw and raw["number"] != number:
            raise _fail(at, say(N_("hands must be numbered 1, 2, 3… in order; found %(found)s."),
                                   found=repr(raw["number"])))
        try:
            hand = build_hand(edition, names, raw.get("held"), raw.get("typed_totals"))
        except (HandError, CardError) as err:
            raise _fail(at, message_of(err)) from None
        dealer = raw.get("dealer", names[(number - 1) % len(names)])  # older backups: the rotation
        if not isinstance(dealer, str) or dealer not in names:
            raise _fail(at, say(N_("the dealer %(dealer)s is not one of the players."),
                                   dealer=repr(dealer)))
        hand_id = raw.get("id", new_hand_id())
        if not looks_like_hand_id(hand_id) or hand_id in seen:
            raise _fail(at, say(N_("'id' must be the hand's own id, as the backup wrote it; found %(found)s."),
                                found=repr(hand_id)[:80]))
        seen.add(hand_id)
        yield hand, dealer, hand_id


def _past_targets(raw: object, where: Text) -> list[int]:
    """Targets reached before "keep playing" raised them (the board names who reached each)."""
    if not isinstance(raw, list) or len(raw) > 100:
        raise _fail(where, say(N_("'past_targets' must be a list of targets.")))
    try:
        return [parse_target(t) for t in raw]
    except HouseRuleError as err:
        raise _fail(where, say(N_("%(name)s: %(problem)s"), name="past_targets",
                               problem=message_of(err))) from None


def parse_backup(data: object) -> list[object]:
    """The game records of a backup document, after checking its envelope."""
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise RestoreError(say(N_("This is not a Scorekeeper backup: the file must be the JSON "
                                  "that 'Download a backup' or 'flask backup' writes.")))
    _check_keys(data, ENVELOPE_KEYS, "backup", None)
    if data.get("version") != VERSION:
        raise RestoreError(say(N_("This backup has version %(found)s; this Scorekeeper reads "
                                  "version %(version)s."), found=repr(data.get("version")),
                               version=VERSION))
    records = data.get("games")
    if not isinstance(records, list):
        raise RestoreError(say(N_("'games' must be a list of games.")))
    if unstorable(records):
        raise RestoreError(say(N_("This backup holds text with NUL characters or broken Unicode.")))
    return records


def games_in(data: object) -> int:
    """How many games a backup would create (before it is checked in full)."""
    games = data.get("games") if isinstance(data, dict) else None
    return len(games) if isinstance(games, list) else 0


def _check_size(records: list) -> None:
    if len(records) > MAX_RESTORE_GAMES:
        raise RestoreError(say(N_("A restore adds at most %(most)d games; this backup has "
                                  "%(count)d. Split it, or restore it with 'flask restore' in "
                                  "parts."), most=MAX_RESTORE_GAMES, count=len(records)))
    hands = sum(len(r["hands"]) for r in records
                if isinstance(r, Mapping) and isinstance(r.get("hands"), list))
    if hands > MAX_RESTORE_HANDS:
        raise RestoreError(say(N_("A restore adds at most %(most)d hands; this backup has "
                                  "%(count)d."), most=MAX_RESTORE_HANDS, count=hands))


def restore(data: object, into=None, before_writing: Callable[[int], None] | None = None) -> list[Restored]:
    """Add every game of a backup as a new game, or none of them (RestoreError says why).

    Everything is checked before anything is written. The rows then go in by many at a time,
    in short transactions of at most CHUNK_ROWS rows, so other games' saves wait a moment at
    most, never the whole restore. Until the last one commits, the new games carry this
    restore's batch mark and no page shows them; one UPDATE then shows them all at once. On a
    failure they are deleted; if the process dies instead, the next restore deletes them.
    `into` (table_restore.IntoTable) puts the games in a family table, on its roster.
    `before_writing` is given the number of games once all are checked (a limit's count).
    """
    records = parse_backup(data)
    _check_size(records)
    plans = [_build_game(record, i) for i, record in enumerate(records)]
    if into is not None:
        into.check(plans)
    if before_writing is not None:
        before_writing(len(plans))
    batch = f"{int(time.time()):012d}-{secrets.token_hex(8)}"
    ids: list[int] = []
    db.session.rollback()  # start clean: these commits carry the backup and nothing else
    try:
        _discard_abandoned()
        for chunk in _chunks(plans):
            ids += insert_games(chunk, batch)
            db.session.commit()
            _let_others_write()
        db.session.execute(update(Game.__table__).where(Game.restore_batch == batch)
                           .values(restore_batch=None, **(into.joined(batch) if into is not None else {})))
        if into is not None:
            into.touch()
        db.session.commit()
    except BaseException:
        db.session.rollback()
        _discard(batch)
        raise
    return [Restored(i, p.key, p.original_id, p.names, len(p.hands), p.game["created_at"])
            for i, p in zip(ids, plans)]


def _let_others_write() -> None:
    """SQLite has one write lock, and a waiting writer only looks for it every 100 ms at
    worst (its busy handler's longest sleep): pause that long, or the next chunk takes the
    lock again first and other games' saves starve. PostgreSQL's inserts lock no one."""
    if db.session.get_bind().dialect.name == "sqlite":
        time.sleep(SQLITE_PAUSE)


def _chunks(plans: list[Plan]):
    chunk: list[Plan] = []
    rows = 0
    for plan in plans:
        if chunk and rows + plan.rows > CHUNK_ROWS:
            yield chunk
            chunk, rows = [], 0
        chunk.append(plan)
        rows += plan.rows
    if chunk:
        yield chunk


def _inserted_ids(table, rows: list[dict]) -> list[int]:
    """Many rows in one statement (or a few), their new ids in the order given."""
    if not rows:
        return []
    stmt = insert(table).returning(table.c.id, sort_by_parameter_order=True)
    return list(db.session.execute(stmt, rows).scalars())


def insert_games(plans: list[Plan], batch: str) -> list[int]:
    """Insert the games (marked with `batch`), their players, hands and cards: a few
    statements per table, however many games; returns the games' new ids."""
    game_ids = _inserted_ids(Game.__table__, [p.game | {"restore_batch": batch} for p in plans])
    player_ids = iter(_inserted_ids(Player.__table__, [
        {"game_id": g, "seat": seat, "name": name,
         "roster_id": p.roster_ids[seat] if p.roster_ids else None,
         "team": p.teams[seat] if p.teams else None}
        for g, p in zip(game_ids, plans) for seat, name in enumerate(p.names)]))
    seat_ids = [[next(player_ids) for _ in p.names] for p in plans]
    hand_ids = iter(_inserted_ids(Hand.__table__, [
        {"game_id": g, "number": n, "revision": n, "request_id": None, "public_id": p.hand_ids[n - 1],
         "created_at": p.game["updated_at"], "dealer_seat": p.dealers[n - 1]}
        for g, p in zip(game_ids, plans) for n in range(1, len(p.hands) + 1)]))
    cards, scores = [], []
    for g, p, seats in zip(game_ids, plans, seat_ids):
        for hand, seat_scores_ in zip(p.hands, p.scores):
            hand_id = next(hand_ids)
            cards += [{"hand_id": hand_id, "player_id": seats[seat], "cards": text, "typed_total": typed}
                      for seat, text, typed in hand]
            scores += [{"hand_id": hand_id, "player_id": seats[seat], "game_id": g, **s._asdict()}
                       for seat, s in enumerate(seat_scores_)]
    if cards:
        db.session.execute(insert(HeldCards.__table__), cards)
        db.session.execute(insert(HandScore.__table__), scores)
    return game_ids


def _discard(batch: str) -> None:
    """Delete a failed restore's games (their players, hands and cards go with them)."""
    try:
        db.session.execute(delete(Game.__table__).where(Game.restore_batch == batch))
        db.session.commit()
    except Exception:  # the next restore's _discard_abandoned retries
        db.session.rollback()


def _discard_abandoned() -> None:
    """Games of a restore whose process died mid-way: older than any restore can take."""
    cutoff = f"{int(time.time()) - ABANDONED_AFTER:012d}"
    db.session.execute(delete(Game.__table__).where(Game.restore_batch < cutoff))
    db.session.commit()


def _backup_int(text: str) -> int:
    """JSON numbers in a backup; checked before int(), which refuses 4,300 digits."""
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise RestoreError(say(N_("This backup holds a number of more than %(most)d digits; no "
                                  "Scorekeeper backup has one."), most=MAX_DIGITS))
    return int(text)


def loads(raw: bytes | str) -> object:
    try:
        return json.loads(raw, parse_int=_backup_int)
    except RestoreError:
        raise
    except (ValueError, RecursionError):
        raise RestoreError(say(N_("This file is not JSON: choose the .json file a backup "
                                  "downloaded."))) from None
