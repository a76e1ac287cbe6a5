"""Every write to a game is one checked transaction; writers to a game queue, not race."""
from __future__ import annotations

import random
import time
from typing import Callable, TypeVar

from sqlalchemy import select, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm.exc import StaleDataError

from ..domain.text import N_, say
from ..models import Game, db, utcnow
from . import storage
from .errors import Conflict, NotFound, ServiceError
from .games import load_game
from .table_game_seats import write_rows

T = TypeVar("T")
ATTEMPTS = 8
# The time of the write under way, which becomes the game's updated_at: a delete stamps its
# deleted hand with it, so "the last write was this delete" is an equality (hand_identity.py).
WRITE_STAMP = "write_stamp"


def _begin_write(game_id: str) -> None:
    """SQLite takes its write lock before reading (waiting up to the busy timeout);
    PostgreSQL locks the game's row first, in a statement of its own, so the game is read
    afterwards as the previous writer left it."""
    db.session.rollback()
    if db.session.get_bind().dialect.name == "sqlite":
        db.session.execute(text("BEGIN IMMEDIATE"))
    else:
        db.session.execute(select(Game.id).where(Game.id == game_id).with_for_update())


def _changes_anything() -> bool:
    session = db.session
    return bool(session.new or session.deleted
                or any(session.is_modified(thing) for thing in session.dirty))


def write_game(game_id: str, change: Callable[[Game], T],
               load: Callable[[str], Game | None] = load_game) -> T:
    """Run `change` on the freshly loaded game and commit; retry if another writer won.

    `load` may load less than the whole game (see hands.record_hand). A storage failure
    (disk full, read-only database, lost connection) is not retried: it raises
    StorageFailure at once. Any other database error is a bug: it propagates."""
    for attempt in range(ATTEMPTS):
        try:
            _begin_write(game_id)
            game = load(game_id)
            if game is None:
                raise NotFound(say(N_("There is no game with that id.")))
            stamp = db.session.info[WRITE_STAMP] = utcnow()
            result = change(game)
            if not _changes_anything():  # a resent request: same version, same ETag for every phone
                db.session.rollback()
                return result
            game.updated_at = stamp  # bumps the version: the racing writer fails
            write_rows(game)  # a family table's game: its seats' rows at this version
            db.session.commit()
            return result
        except (StaleDataError, DBAPIError) as err:
            db.session.rollback()
            if storage.is_storage_failure(err):
                raise storage.storage_failed(err) from None
            if not storage.is_race(err):
                raise
            time.sleep(random.uniform(0, 0.004 * 2 ** attempt))  # let the winner finish first
        except ServiceError:
            db.session.rollback()
            raise
    raise Conflict(say(N_("The game is busy: other phones are saving right now. Try again.")))
