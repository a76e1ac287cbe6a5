"""Games in: a backup document checked whole, then added as new games, all or none."""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Mapping

from sqlalchemy import update

from ..domain.cards import CardError
from ..domain.editions import HouseRuleError, get_edition, parse_house_rules, parse_target
from ..domain.scoring import (
    HandError, PlayersError, SystemChoiceError, build_hand, clean_player_names, parse_system)
from ..models import Game, Hand, HeldCards, Player, db, utcnow
from ..operations.security import unstorable
from ..services.ids import looks_like_public_id
from ..services.keys import hash_key, new_key
from . import FORMAT, VERSION

MAX_RESTORE_BYTES = 16 * 1024 * 1024  # a backup is bigger than any API request
ENVELOPE_KEYS = {"format", "version", "exported_at", "games"}
GAME_KEYS = {"id", "edition", "scoring", "target", "house_rules", "players", "created_at",
             "updated_at", "hands"}
HAND_KEYS = {"number", "held", "typed_totals"}


class RestoreError(ValueError):
    """A backup that cannot be restored; nothing was added."""


@dataclass(frozen=True)
class Restored:
    id: str
    edit_key: str
    original_id: object
    players: list[str]
    hands: int


def _fail(where: str, message: str) -> RestoreError:
    return RestoreError(f"{where}: {message}" if where else message)


def _moment(value: object, where: str) -> datetime | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise _fail(where, "times must be ISO 8601 text such as \"2026-11-21T20:15:00Z\".")
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00") if value.endswith("Z") else value)
    except ValueError:
        raise _fail(where, f"{value[:40]!r} is not an ISO 8601 time.") from None
    if moment.tzinfo is not None:
        try:
            moment = moment.astimezone(timezone.utc).replace(tzinfo=None)
        except OverflowError:  # year 1 or 9999 pushed past the calendar by its offset
            raise _fail(where, f"{value[:40]!r} is not a time we can store.") from None
    return moment


def _check_keys(record: object, allowed: set[str], what: str, where: str) -> Mapping:
    if not isinstance(record, Mapping):
        raise _fail(where, f"each {what} must be a JSON object.")
    unknown = sorted(str(k) for k in set(record) - allowed)
    if unknown:
        raise _fail(where, f"unknown field {', '.join(unknown)} in a {what}.")
    return record


def _names_a_game(original: object) -> bool:
    """Whether a backup's id is worth quoting in a message: a game number (older backups)
    or a public id."""
    if isinstance(original, int) and not isinstance(original, bool):
        return True
    return looks_like_public_id(original)


def _build_game(record: object, index: int) -> tuple[Game, str]:
    """A new, unsaved game from one backup record; raises RestoreError with where and why."""
    where = f"Game {index + 1}"
    record = _check_keys(record, GAME_KEYS, "game", where)
    if _names_a_game(record.get("id")):
        where = f"Game {index + 1} (id {record['id']})"
    for field in ("players", "edition", "scoring", "target", "hands"):
        if field not in record:
            raise _fail(where, f"'{field}' is missing.")
    try:
        names = clean_player_names(record["players"])
        edition = get_edition(record["edition"])
        rules = parse_house_rules(record.get("house_rules"), edition)
        target = parse_target(record["target"])
    except (PlayersError, HouseRuleError) as err:
        raise _fail(where, str(err)) from None
    try:
        parse_system(record["scoring"])
    except SystemChoiceError as err:
        raise _fail(where, str(err)) from None
    created = _moment(record.get("created_at"), where) or utcnow()
    updated = _moment(record.get("updated_at"), where) or created
    key = new_key()
    players = [Player(seat=i, name=n) for i, n in enumerate(names)]
    game = Game(edition=edition.slug, scoring=record["scoring"], target=target,
                house_rules=rules.as_dict(edition), edit_key_hash=hash_key(key),
                created_at=created, updated_at=updated, players=players)
    if not isinstance(record["hands"], list):
        raise _fail(where, "'hands' must be a list.")
    by_name = dict(zip(names, players))
    for number, raw in enumerate(record["hands"], start=1):
        at = f"{where}, hand {number}"
        raw = _check_keys(raw, HAND_KEYS, "hand", at)
        if "number" in raw and raw["number"] != number:
            raise _fail(at, f"hands must be numbered 1, 2, 3… in order; found {raw['number']!r}.")
        try:
            hand = build_hand(edition, names, raw.get("held"), raw.get("typed_totals"))
        except (HandError, CardError) as err:
            raise _fail(at, str(err)) from None
        game.hands.append(Hand(number=number, revision=number, created_at=updated, entries=[
            HeldCards(player=by_name[name], cards=" ".join(c.token for c in cards),
                      typed_total=hand.typed.get(name))
            for name, cards in hand.held.items()]))
    return game, key


def parse_backup(data: object) -> list[object]:
    """The game records of a backup document, after checking its envelope."""
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise RestoreError("This is not a Scorekeeper backup: the file must be the JSON that "
                           "'Download a backup' or 'flask backup' writes.")
    _check_keys(data, ENVELOPE_KEYS, "backup", "")
    if data.get("version") != VERSION:
        raise RestoreError(f"This backup has version {data.get('version')!r}; this Scorekeeper "
                           f"reads version {VERSION}.")
    records = data.get("games")
    if not isinstance(records, list):
        raise RestoreError("'games' must be a list of games.")
    if unstorable(records):
        raise RestoreError("This backup holds text with NUL characters or broken Unicode.")
    return records


def restore(data: object) -> list[Restored]:
    """Add every game of a backup as a new game, or none of them (RestoreError says why)."""
    records = parse_backup(data)
    built = [_build_game(record, i) for i, record in enumerate(records)]
    db.session.rollback()  # start clean: this commit must carry the backup and nothing else
    try:
        db.session.add_all(game for game, _ in built)
        db.session.flush()
        for game, _ in built:
            # As if each hand had been written in turn: every later write to the game gets a
            # revision above all of these (see services/hands.py, _next_version).
            db.session.execute(update(Game).where(Game.id == game.id)
                               .values(version=len(game.hands) + 1))
        db.session.commit()
    except Exception:
        db.session.rollback()
        raise
    return [Restored(game.id, key, record.get("id"), [p.name for p in game.players], len(game.hands))
            for (game, key), record in zip(built, records)]


def loads(raw: bytes | str) -> object:
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        raise RestoreError("This file is not JSON: choose the .json file a backup downloaded.") from None
