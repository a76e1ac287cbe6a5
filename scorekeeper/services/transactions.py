"""Every write to a game is one checked transaction; writers to a game queue, not race."""
from __future__ import annotations

import random
import time
from typing import Callable, TypeVar

from sqlalchemy import text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm.exc import StaleDataError

from ..domain.text import N_, say
from ..models import Game, db, utcnow
from . import storage
from .errors import Conflict, NotFound, ServiceError
from .games import load_game_head
from .table_game_seats import write_rows

T = TypeVar("T")
U = TypeVar("U")
ATTEMPTS = 8
# The time of the write under way, which becomes the game's updated_at: a delete stamps its
# deleted hand with it, so "the last write was this delete" is an equality (hand_identity.py).
WRITE_STAMP = "write_stamp"


def _begin_write() -> None:
    """SQLite takes its write lock before reading (waiting up to the busy timeout);
    PostgreSQL locks the game's row with the statement that reads it (load_game_head)."""
    db.session.rollback()
    if db.session.get_bind().dialect.name == "sqlite":
        db.session.execute(text("BEGIN IMMEDIATE"))


def _changes_anything() -> bool:
    session = db.session
    return bool(session.new or session.deleted
                or any(session.is_modified(thing) for thing in session.dirty))


def write_game(game_id: str, change: Callable[[Game], T],
               answer: Callable[[Game, T], U] | None = None) -> T | U:
    """Run `change` on the freshly loaded game (its row and players: load_game_head) and
    commit; retry if another writer won.

    `answer(game, result)`, when given, is called after the change is flushed and before it
    commits (or, when nothing changed, before the rollback), while this write still holds the
    game: what it reads is exactly what the commit makes; its value is returned instead of
    `result`. A storage failure
    (disk full, read-only database, lost connection) is not retried: it raises
    StorageFailure at once. Any other database error is a bug: it propagates."""
    for attempt in range(ATTEMPTS):
        try:
            _begin_write()
            game = load_game_head(game_id, for_update=True)
            if game is None:
                raise NotFound(say(N_("There is no game with that id.")))
            stamp = db.session.info[WRITE_STAMP] = utcnow()
            result = change(game)
            if not _changes_anything():  # a resent request: same version, same ETag for every phone
                answered = result if answer is None else answer(game, result)
                db.session.rollback()
                return answered
            game.updated_at = stamp  # bumps the version: the racing writer fails
            write_rows(game)  # a family table's game: its seats' rows at this version
            if answer is not None:
                db.session.flush()
                result = answer(game, result)
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
