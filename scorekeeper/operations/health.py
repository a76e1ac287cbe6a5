"""`/healthz` for load balancers and process managers."""
from __future__ import annotations

from flask import current_app, jsonify
from sqlalchemy import text

from ..http_cache import keep_no_copy
from ..models import db
from ..services import storage
from . import bp
from .logs import one_line

PROBE_BYTES = 64 * 1024  # random, so no compression makes it smaller


@bp.get("/healthz")
def healthz():
    """200 when the database answers, holds our tables and takes writes, and the pages'
    templates load; 503 (and one log line naming what failed) when not."""
    failed = {}
    for name, check in (("database", _check_database), ("writable", _check_writable),
                        ("templates", _check_templates)):
        try:
            check()
        except Exception as err:  # noqa: BLE001 - any failure means "not healthy"
            failed[name] = one_line(repr(err))
    if failed:
        current_app.logger.error("healthz: %s", "; ".join(
            f"{name} check failed: {why}" for name, why in failed.items()))
    body = {"status": "error" if failed else "ok",
            "database": "unavailable" if "database" in failed else
            "not writable" if "writable" in failed else "ok",
            "templates": "unavailable" if "templates" in failed else "ok"}
    keep_no_copy()  # a cached "ok" would hide a failure
    return jsonify(body), 503 if failed else 200


def _check_database() -> None:
    try:
        db.session.execute(text("SELECT 1 FROM games LIMIT 1"))
    finally:
        db.session.rollback()


def _check_writable() -> None:
    """A write that is rolled back finds a read-only database or a lost connection. A full
    disk may still take that small write (or any small one), so once a save has failed for
    lack of storage (in any worker: storage.py's marker) the probe asks more: a committed
    transaction that needs PROBE_BYTES of new room, as much as many hands. Only that clears
    the failure, at once when the fault heals; nothing else does. A lock held by a writer
    (SQLite busy) is not a failure: the probe waits its turn like any save."""
    if storage.failure_marked():
        storage.write_needing_room(PROBE_BYTES)
        storage.failure_cleared()
        return
    try:
        db.session.execute(text("UPDATE alembic_version SET version_num = version_num"))
    finally:
        db.session.rollback()


def _check_templates() -> None:
    """An install without its templates answers every page with an error: not healthy."""
    current_app.jinja_env.get_template("base.html")
