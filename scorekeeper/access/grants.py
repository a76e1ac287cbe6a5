"""The one grants mechanism: a phone's rows in device_games and device_tables.

A row says this phone (its device id's hash, devices.py) knows a game or a table: with a
sealed key it may change it (a grant), without one it only opened it (a visit, kept for
the home page). Grants are never dropped; the oldest visits are. The rows are read as
plain columns, once per request; grants are written by the service layer (services/grants.py),
visits in batches, never by the view that noted them (visits.py).
"""
from __future__ import annotations

from datetime import datetime, timedelta
from typing import Callable, NamedTuple, TypeVar

from flask import abort, g
from sqlalchemy import bindparam, select

from ..models import db, utcnow
from ..services import grants
from ..services.keys import seal, unseal
from . import visits
from .devices import device_hash, device_id

TOUCH_EVERY = timedelta(minutes=10)  # a thing opened again sooner is not written again
T = TypeVar("T")


def found_or_404(thing: T | None) -> T:
    """A game or table that was loaded, or a 404 answer."""
    if thing is None:
        abort(404)
    return thing


def allowed_or_403(thing: T, allowed: Callable[[T], bool]) -> T:
    """The game or table if this phone may change it, else a 403 answer."""
    if not allowed(thing):
        abort(403)
    return thing


class DeviceRow(NamedTuple):
    id: int
    sealed_key: str | None
    last_used_at: datetime


class DeviceRows:
    """This phone's rows in one table of grants and visits (device_games, device_tables):
    each read once per request as plain columns (id, sealed_key, last_used_at), written
    with the phone's cookie (re)sent."""

    def __init__(self, model, column: str, key_context: str):
        self.model, self.column, self.cache = model, column, f"device_rows_{column}"
        self.key_context = key_context  # keys are sealed with the device id and "<this>/<id>"
        table = model.__table__  # built once: every poll asks this
        self.query = select(table.c.id, table.c.sealed_key, table.c.last_used_at).where(
            table.c.device_hash == bindparam("device_hash"), table.c[column] == bindparam("thing_id"))

    def row(self, thing_id: str, create: bool = False):
        device = device_id(create)  # with `create`, the phone's cookie is (re)sent too
        rows = g.setdefault(self.cache, {})
        if thing_id not in rows:
            rows[thing_id] = None if device is None else db.session.execute(
                self.query, {"device_hash": device_hash(device), "thing_id": thing_id}).first()
        return rows[thing_id]

    def save(self, thing_id: str, sealed_key: str | None) -> None:
        """Insert or refresh this phone's row (keeping a grant it already has)."""
        device = device_id(create=True)
        row = self.row(thing_id)
        saved = grants.save_row(self.model.__table__, self.column, None if row is None else row.id,
                                device_hash(device), thing_id, sealed_key)
        self.forget()
        if not saved and sealed_key is not None:  # the same phone in two tabs: the other won
            self.save(thing_id, sealed_key)

    def visit(self, thing_id: str, kept: int) -> None:
        """The phone opened the thing: it shows on its home page (the oldest watched ones go).

        A client without a device cookie yet (a crawler, a link preview) gets one and nothing
        is noted. The view writes nothing: the visit is written in a batch (visits.py)."""
        if device_id() is None:
            device_id(create=True)
            return
        row = self.row(thing_id)
        if row is not None and utcnow() - row.last_used_at < TOUCH_EVERY:
            return  # nothing to note, and no cookie to resend (at most every TOUCH_EVERY)
        device = device_id(create=True)  # the cookie is sent again: a phone in use keeps it
        visits.note(visits.Visit(self.model, self.column, kept, device_hash(device), thing_id))

    def grant(self, thing_id: str, key: str) -> None:
        """This phone may change the thing from now on (until its cookie is gone)."""
        self.row(thing_id, create=True)
        self.save(thing_id, self.seal(thing_id, key))

    def seal(self, thing_id: str, key: str) -> str:
        return seal(device_id(create=True), f"{self.key_context}/{thing_id}", key)

    def unseal(self, thing_id: str, sealed_key: str, device: str | None = None) -> str | None:
        """The key in a row of this phone (`device`: its id, when the caller has it at hand)."""
        return unseal(device or device_id(), f"{self.key_context}/{thing_id}", sealed_key)

    def key(self, thing_id: str) -> str | None:
        """The key this phone holds for the thing, if any."""
        row = self.row(thing_id)
        return None if row is None or row.sealed_key is None else self.unseal(thing_id, row.sealed_key)

    def recent(self, thing_model, limit: int):
        """A select of the games or tables (`thing_model`) this phone knows, most recently
        used first, or None without a device: one query over this phone's rows, bounded by
        what the phone knows, never by what the server holds."""
        device = device_id()
        if device is None:
            return None
        return (select(thing_model).join(self.model, getattr(self.model, self.column) == thing_model.id)
                .where(self.model.device_hash == device_hash(device))
                .order_by(self.model.last_used_at.desc(), self.model.id.desc()).limit(limit))

    def remember(self, thing_id: str, row: DeviceRow | None) -> None:
        """This phone's row, read along with something else (games.stamp_with_rights)."""
        g.setdefault(self.cache, {})[thing_id] = row

    def forget(self) -> None:
        """Read the rows afresh next time (after a write that went around `save`)."""
        g.pop(self.cache, None)
