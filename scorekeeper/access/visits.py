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
from sqlalchemy.exc import DBAPIError

from ..models import utcnow
from ..services import grants, storage

PENDING_MAX = 1000  # visits one worker holds before it writes them (more are dropped)
WRITE_EVERY = 10.0  # seconds between two batches of one worker
_STATE = "scorekeeper.pending_visits"


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
        grants.write_visits([(v.model, v.column, v.kept, v.device_hash, v.thing_id, at)
                             for v, at in taken.items()])
    except DBAPIError as err:
        if not storage.is_storage_failure(err) and not storage.is_race(err):
            raise
        storage.log.warning("%d visits were not remembered: %s", len(taken),
                            " ".join(str(err.orig).split())[:200])


def _write_when_due(response: Response) -> Response:
    pending = _pending()
    if pending.noted and time.monotonic() - pending.written_at >= WRITE_EVERY:
        write_pending()
    return response


def init_app(app: Flask) -> None:
    app.extensions[_STATE] = PendingVisits()
    app.after_request(_write_when_due)
