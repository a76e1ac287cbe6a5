"""This phone: one random device id in a long-lived cookie.

The id is a secret (whoever holds it may edit what this phone may edit): the server keeps
only its hash. The cookie stays small however many games the phone keeps score in, since
the grants live on the server (edit_rights.py). It is refreshed whenever it is used, so a
phone in use never loses it; one left unused for DEVICE_DAYS forgets it.
"""
from __future__ import annotations

import hashlib
import re
import secrets

from flask import Flask, Response, g, request
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from .models import db, utcnow

COOKIE = "device"
DEVICE_DAYS = 400  # the longest lifetime browsers accept for a cookie
_SHAPE = re.compile(r"[A-Za-z0-9_-]{43}")  # secrets.token_urlsafe(32)


def device_id(create: bool = False) -> str | None:
    """This phone's id, from its cookie; with `create`, a new one if it has none yet."""
    if "device_id" not in g:
        raw = request.cookies.get(COOKIE, "")
        g.device_id = raw if _SHAPE.fullmatch(raw) else None
    if g.device_id is None and create:
        g.device_id = secrets.token_urlsafe(32)
    if g.device_id is not None and create:
        g.device_refresh = True
    return g.device_id


def device_hash(device: str) -> str:
    return hashlib.sha256(device.encode()).hexdigest()


def _set_cookie(response: Response) -> Response:
    if g.get("device_refresh") and g.get("device_id"):
        response.set_cookie(COOKIE, g.device_id, max_age=DEVICE_DAYS * 24 * 3600,
                            httponly=True, samesite="Lax", secure=request.is_secure)
    return response


def init_app(app: Flask) -> None:
    app.after_request(_set_cookie)


class DeviceRows:
    """This phone's rows in one table of grants and visits (device_games, device_tables):
    each read once per request, written with the phone's cookie (re)sent."""

    def __init__(self, model, column: str):
        self.model, self.column, self.cache = model, column, f"device_rows_{column}"

    def row(self, thing_id: str, create: bool = False):
        device = device_id(create)  # with `create`, the phone's cookie is (re)sent too
        rows = g.setdefault(self.cache, {})
        if thing_id not in rows:
            rows[thing_id] = None if device is None else db.session.scalars(
                select(self.model).where(self.model.device_hash == device_hash(device),
                                         getattr(self.model, self.column) == thing_id)).first()
        return rows[thing_id]

    def save(self, thing_id: str, sealed_key: str | None) -> None:
        """Insert or refresh this phone's row (keeping a grant it already has)."""
        device = device_id(create=True)
        row = self.row(thing_id) or self.model(device_hash=device_hash(device),
                                               **{self.column: thing_id})
        if sealed_key is not None:
            row.sealed_key = sealed_key
        row.last_used_at = utcnow()
        db.session.add(row)
        try:
            db.session.commit()
        except IntegrityError:  # the same phone in two tabs at once: the other request won
            db.session.rollback()
            self.forget()
            if sealed_key is not None:
                self.save(thing_id, sealed_key)
            return
        g.setdefault(self.cache, {})[thing_id] = row

    def forget(self) -> None:
        """Read the rows afresh next time (after a write that went around `save`)."""
        g.pop(self.cache, None)
