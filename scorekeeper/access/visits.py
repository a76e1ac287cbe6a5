"""Visits (a phone opened a game or a table), written in batches: a view never writes one.

A view only notes the visit in this worker's memory, which holds at most PENDING_MAX of
them (more are dropped: a visit only puts a game on the phone's home page). What is noted
is written in one transaction at most every WRITE_EVERY seconds, after the answer to
whichever request comes then, and before a phone's home page reads its rows (that phone's
visits only). So however many pages are looked at, the writes stay one batch per interval
per worker; on storage that takes no writes (full, read-only) the batch is dropped and
every page is still shown.
"""
from __future__ import annotations

import threading
import time
from datetime import datetime
from typing import NamedTuple

from flask import Flask, Response, current_app
from sqlalchemy import delete, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import DBAPIError

from ..models import FamilyTable, Game, db, utcnow
from ..services import storage

PENDING_MAX = 1000  # visits one worker holds before it writes them (more are dropped)
WRITE_EVERY = 10.0  # seconds between two batches of one worker
_STATE = "scorekeeper.pending_visits"
_THINGS = {"device_games": Game.__table__, "device_tables": FamilyTable.__table__}


class Visit(NamedTuple):
    model: type  # DeviceGame or DeviceTable
    column: str  # game_id or table_id
    kept: int  # visits of one phone kept for its home page
    device_hash: str
    thing_id: str


class PendingVisits:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.noted: dict[Visit, datetime] = {}
        self.written_at = time.monotonic()

    def take(self, device_hash: str | None = None) -> dict[Visit, datetime]:
        with self.lock:
            if device_hash is None:
                taken, self.noted = self.noted, {}
                self.written_at = time.monotonic()
            else:
                taken = {v: at for v, at in self.noted.items() if v.device_hash == device_hash}
                for visit in taken:
                    del self.noted[visit]
            return taken


def _pending() -> PendingVisits:
    return current_app.extensions[_STATE]


def note(visit: Visit) -> None:
    pending = _pending()
    with pending.lock:
        if visit in pending.noted or len(pending.noted) < PENDING_MAX:
            pending.noted[visit] = utcnow()


def write_pending(device_hash: str | None = None) -> None:
    """Write the visits noted so far (only one phone's, given its device hash)."""
    taken = _pending().take(device_hash)
    if not taken:
        return
    try:
        with db.engine.begin() as connection:  # its own transaction, beside the request's session
            _write(connection, taken)
    except DBAPIError as err:
        if not storage.is_storage_failure(err) and not storage.is_race(err):
            raise
        storage.log.warning("%d visits were not remembered: %s", len(taken),
                            " ".join(str(err.orig).split())[:200])


def _write(connection, taken: dict[Visit, datetime]) -> None:
    dialect = sqlite if connection.dialect.name == "sqlite" else postgresql
    by_model: dict[tuple, list[tuple[Visit, datetime]]] = {}
    for visit, at in taken.items():
        by_model.setdefault((visit.model, visit.column, visit.kept), []).append((visit, at))
    for (model, column, kept), visits in by_model.items():
        table = model.__table__
        things = _THINGS[table.name]
        exist = set(connection.scalars(select(things.c.id).where(
            things.c.id.in_({v.thing_id for v, _ in visits}))))  # one deleted since: no row
        rows = [{"device_hash": v.device_hash, column: v.thing_id, "created_at": at, "last_used_at": at}
                for v, at in visits if v.thing_id in exist]
        if not rows:
            continue
        upsert = dialect.insert(table)
        connection.execute(upsert.on_conflict_do_update(
            index_elements=["device_hash", column], set_={"last_used_at": upsert.excluded.last_used_at}), rows)
        for device in {row["device_hash"] for row in rows}:
            _forget_old_visits(connection, model, device, kept)


def _forget_old_visits(connection, model, device_hash: str, kept: int) -> None:
    """Keep only the `kept` most recent rows the phone has without a grant (watched only)."""
    watched = (model.device_hash == device_hash, model.sealed_key.is_(None))
    recent = (select(model.id).where(*watched)
              .order_by(model.last_used_at.desc(), model.id.desc()).limit(kept))
    connection.execute(delete(model).where(*watched, model.id.not_in(select(recent.subquery().c.id))))


def _write_when_due(response: Response) -> Response:
    pending = _pending()
    if pending.noted and time.monotonic() - pending.written_at >= WRITE_EVERY:
        write_pending()
    return response


def init_app(app: Flask) -> None:
    app.extensions[_STATE] = PendingVisits()
    app.after_request(_write_when_due)
