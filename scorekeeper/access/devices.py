"""This phone: one random device id in a long-lived cookie, issued by this server only.

The id is a secret (whoever holds it may edit what this phone may edit): the server keeps
only its hash. The cookie carries the id and the server's signature of it (SECRET_KEY), so
an id the server never issued opens nothing and is replaced before anything is granted; an
unsigned id from before signatures is kept only if the server already holds rows for it.
On HTTPS the cookie is `__Host-device` (no other host or plain-HTTP page can plant it), and a
plain `device` cookie there is ignored.
The cookie stays small however many games the phone keeps score in, since the grants live
on the server (access/games.py, access/tables.py). It is refreshed whenever it is used, so a phone in use never
loses it; one left unused for DEVICE_DAYS forgets it. Rows are read as plain columns: the
hot paths (polls, a watcher's scoreboard) load no ORM objects.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets

from flask import Flask, Response, current_app, g, request
from sqlalchemy import select

from ..models import DeviceGame, DeviceTable, db

COOKIE = "device"
SECURE_COOKIE = "__Host-device"  # HTTPS: Secure, Path=/, no Domain (browsers enforce it)
DEVICE_DAYS = 400  # the longest lifetime browsers accept for a cookie
_SHAPE = re.compile(r"[A-Za-z0-9_-]{43}")  # secrets.token_urlsafe(32)


def cookie_name() -> str:
    return SECURE_COOKIE if request.is_secure else COOKIE


def _signature(device: str) -> str:
    secret = current_app.secret_key
    secret = secret if isinstance(secret, bytes) else str(secret).encode()
    # hmac.new, not the one-shot hmac.digest: that lets go of the GIL, which costs a thread
    # switch per request under gunicorn's threads; short input keeps it here
    mac = hmac.new(secret, f"device-id/{device}".encode(), hashlib.sha256).digest()[:16]
    return base64.urlsafe_b64encode(mac).rstrip(b"=").decode()


def _known(device: str) -> bool:
    """Whether the server holds any row for this id (one sent before ids were signed)."""
    mine = device_hash(device)
    return any(db.session.execute(select(model.id).where(model.device_hash == mine).limit(1)).first()
               for model in (DeviceGame, DeviceTable))


def _issued(raw: str) -> str | None:
    """The device id in a cookie this server issued, else None."""
    device, _, signature = raw.partition(".")
    if _SHAPE.fullmatch(device) and hmac.compare_digest(signature, _signature(device)):
        return device
    if _SHAPE.fullmatch(raw) and _known(raw):  # unsigned, from before: signed from now on
        g.device_refresh = True
        return raw
    return None


def _cookie() -> str:
    """On HTTPS only `__Host-device` counts: a plain `device` cookie there may have been
    planted (by a plain-HTTP page or a sibling host) to make this phone use an id someone
    else holds, so it is never adopted, and it is deleted with the next cookie sent."""
    return request.cookies.get(cookie_name(), "")


def device_id(create: bool = False) -> str | None:
    """This phone's id, from its cookie; with `create`, a new one if it has none yet."""
    state = g._get_current_object()  # asked several times a request: one proxy lookup
    if "device_id" not in state:
        raw = _cookie()
        state.device_id = _issued(raw) if raw else None
    if create:
        if state.device_id is None:
            state.device_id = secrets.token_urlsafe(32)
        state.device_refresh = True
    return state.device_id


def device_hash(device: str) -> str:
    return hashlib.sha256(device.encode()).hexdigest()


def _set_cookie(response: Response) -> Response:
    if g.get("device_refresh") and g.get("device_id"):
        response.set_cookie(cookie_name(), f"{g.device_id}.{_signature(g.device_id)}",
                            max_age=DEVICE_DAYS * 24 * 3600, path="/",
                            httponly=True, samesite="Lax", secure=request.is_secure)
        if request.is_secure and COOKIE in request.cookies:
            response.delete_cookie(COOKIE)
    return response


def init_app(app: Flask) -> None:
    app.after_request(_set_cookie)
