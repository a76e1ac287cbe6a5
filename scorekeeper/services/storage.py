"""Telling a lost race from a storage failure, and remembering the last storage failure.

A lost race (another writer holds the lock, or changed the row first) is worth a retry.
A storage failure (disk full, read-only file, I/O error, lost connection) is not: retrying
only makes the phone wait, so it is reported at once as StorageFailure (503).
"""
from __future__ import annotations

import hashlib
import logging
import os
import secrets
import time
from pathlib import Path

from flask import Flask, current_app
from sqlalchemy import delete, insert
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm.exc import StaleDataError

from ..domain.text import N_, say
from ..ids import new_public_id
from ..models import Game, db
from .errors import StorageFailure

log = logging.getLogger("scorekeeper")  # the app's logger: one line through Flask's handler

SQLITE_RACE = ("SQLITE_BUSY", "SQLITE_LOCKED")
SQLITE_STORAGE = ("SQLITE_FULL", "SQLITE_READONLY", "SQLITE_IOERR", "SQLITE_CANTOPEN",
                  "SQLITE_CORRUPT", "SQLITE_NOTADB")
SQLITE_STORAGE_WORDS = ("database or disk is full", "readonly database", "disk i/o error",
                        "unable to open database file")
PG_RACE = ("40001", "40P01", "55P03")  # serialization failure, deadlock, lock not available
# insufficient resources (disk full, out of memory), connection exceptions, read-only
# transaction, server shutting down, system/I-O errors.
PG_STORAGE = ("53", "08", "25006", "57P0", "58")
SENTENCE = say(N_("The scores cannot be saved right now: the server's storage is full or "
                  "read-only. Nothing was changed; tell whoever runs this server."))
LAST_FAILURE = "scorekeeper.last_storage_failure"  # in app.extensions; shared through _marker()


def is_race(err: Exception) -> bool:
    if isinstance(err, StaleDataError):
        return True
    if not isinstance(err, DBAPIError) or is_storage_failure(err):
        return False
    orig = err.orig
    name = getattr(orig, "sqlite_errorname", "") or ""
    if name.startswith(SQLITE_RACE) or "database is locked" in str(orig).lower():
        return True
    return (getattr(orig, "sqlstate", None) or "") in PG_RACE


def is_storage_failure(err: Exception) -> bool:
    if not isinstance(err, DBAPIError):
        return False
    if err.connection_invalidated:
        return True
    orig = err.orig
    name = getattr(orig, "sqlite_errorname", "") or ""
    if name.startswith(SQLITE_STORAGE) or any(w in str(orig).lower() for w in SQLITE_STORAGE_WORDS):
        return True
    if _unreachable_postgresql(orig):
        return True
    return (getattr(orig, "sqlstate", None) or "").startswith(PG_STORAGE)


def _unreachable_postgresql(orig: BaseException) -> bool:
    """psycopg's error for a server that is stopped or unreachable (connection refused,
    timed out): an OperationalError the server never answered, so it carries no SQLSTATE."""
    return (type(orig).__module__.startswith("psycopg") and type(orig).__name__ == "OperationalError"
            and getattr(orig, "sqlstate", None) is None)


def storage_failed(err: Exception) -> StorageFailure:
    """Note the failure (for /healthz), log one line, and give the error to raise."""
    current_app.extensions[LAST_FAILURE] = time.time()
    _mark_shared(time.time())
    log.error("storage failure, nothing saved: %s", " ".join(str(getattr(err, "orig", err)).split()))
    return StorageFailure(SENTENCE)


def failure_cleared() -> None:
    """/healthz's own probe found room again: the failure is over, in every worker."""
    current_app.extensions.pop(LAST_FAILURE, None)
    _mark_shared(0)


def failure_marked() -> bool:
    """A storage failure met by this process or by any other worker on this machine serving
    the same database (the marker file), and not yet cleared by /healthz's probe. A save that
    succeeds does not clear it: on a full disk a small write may fit while hand saves fail."""
    return bool(current_app.extensions.get(LAST_FAILURE, 0) or _shared_failure_time())


def write_needing_room(size: int) -> None:
    """Insert a hidden game holding `size` bytes of random text and delete it, committed: no
    one ever sees it, yet the database must find room for it (new pages, its log)."""
    games = Game.__table__
    probe_id = new_public_id()
    db.session.rollback()
    try:
        db.session.execute(insert(games).values(
            id=probe_id, edition="classic", scoring="winner-takes-points", target=1,
            house_rules={"probe": secrets.token_urlsafe(size * 3 // 4)},
            edit_key_hash="-", restore_batch="healthz-probe"))
        db.session.execute(delete(games).where(games.c.id == probe_id))
        db.session.commit()
    except Exception:
        db.session.rollback()
        raise


def _marker() -> Path:
    """A file whose modification time is the last storage failure, shared by the workers.
    Changing a file's times needs no free space, so it works on a full disk too."""
    database = str(current_app.config["SQLALCHEMY_DATABASE_URI"]).encode()
    folder = current_app.config["STORAGE_STATE_DIR"] or current_app.instance_path
    return Path(folder) / f"storage-failure-{hashlib.sha256(database).hexdigest()[:16]}"


def prepare_shared_state(app: Flask) -> None:
    """Made at start-up, while a new file can still be written."""
    with app.app_context():
        marker = _marker()
        try:
            if not marker.exists():
                marker.touch()
                os.utime(marker, (0, 0))
        except OSError as err:
            log.warning("storage failures will not be shared between workers: %s", err)


def _mark_shared(when: float) -> None:
    marker = _marker()
    try:
        if when or marker.stat().st_mtime:  # a success costs one stat, not a write
            os.utime(marker, (when, when))
    except OSError:
        pass  # no marker (it could not be made): each worker keeps its own state


def _shared_failure_time() -> float:
    try:
        return _marker().stat().st_mtime
    except OSError:
        return 0.0


def commit() -> None:
    """Commit the session; a storage failure becomes StorageFailure (after a rollback)."""
    try:
        db.session.commit()
    except DBAPIError as err:
        db.session.rollback()
        if is_storage_failure(err):
            raise storage_failed(err) from None
        raise
