"""`/healthz` for load balancers and process managers."""
from __future__ import annotations

from flask import current_app, jsonify
from sqlalchemy import text

from ..models import db
from . import bp
from .logs import one_line


@bp.get("/healthz")
def healthz():
    """200 when the database answers and holds our tables; 503 (and one log line) when not."""
    try:
        db.session.execute(text("SELECT 1 FROM games LIMIT 1"))
        db.session.rollback()
    except Exception as err:  # noqa: BLE001 - any failure means "not healthy"
        db.session.rollback()
        current_app.logger.error("healthz: database check failed: %s", one_line(repr(err)))
        body, status = {"status": "error", "database": "unavailable"}, 503
    else:
        body, status = {"status": "ok", "database": "ok"}, 200
    return jsonify(body), status, {"Cache-Control": "no-store"}
