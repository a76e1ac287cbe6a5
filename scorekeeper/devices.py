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
