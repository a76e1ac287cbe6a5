"""Operations: `/healthz` for load balancers and process managers, one-line error logs."""
from __future__ import annotations

import logging
import traceback

from flask import Blueprint, Flask, current_app, jsonify
from flask.logging import default_handler
from sqlalchemy import text

from .models import db

bp = Blueprint("ops", __name__)
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


@bp.get("/healthz")
def healthz():
    """200 when the database answers and holds our tables and the pages' templates load;
    503 (and one log line naming what failed) when not."""
    failed = {}
    for name, check in (("database", _check_database), ("templates", _check_templates)):
        try:
            check()
        except Exception as err:  # noqa: BLE001 - any failure means "not healthy"
            failed[name] = _one_line(repr(err))
    if failed:
        current_app.logger.error("healthz: %s", "; ".join(
            f"{name} check failed: {why}" for name, why in failed.items()))
    body = {"status": "error" if failed else "ok",
            "database": "unavailable" if "database" in failed else "ok",
            "templates": "unavailable" if "templates" in failed else "ok"}
    return jsonify(body), 503 if failed else 200, {"Cache-Control": "no-store"}


def _check_database() -> None:
    try:
        db.session.execute(text("SELECT 1 FROM games LIMIT 1"))
    finally:
        db.session.rollback()


def _check_templates() -> None:
    """An install without its templates answers every page with an error: not healthy."""
    current_app.jinja_env.get_template("base.html")


class OneLineFormatter(logging.Formatter):
    """Each record on one line: a traceback is folded into it, innermost frame last.

    Log collectors count one line per event, so a request that fails is one line
    (`... ERROR scorekeeper: Unhandled error on GET /x | Traceback ... | ZeroDivisionError: ...`).
    """

    def formatException(self, ei) -> str:  # noqa: N802 - logging's name
        return _one_line("".join(traceback.format_exception(*ei)))

    def formatStack(self, stack_info: str) -> str:  # noqa: N802
        return _one_line(stack_info)

    def format(self, record: logging.LogRecord) -> str:
        return _one_line(super().format(record))


def _one_line(text_: str) -> str:
    return " | ".join(part.strip() for part in text_.splitlines() if part.strip())


def init_app(app: Flask) -> None:
    """Errors go to stderr (Flask's handler writes to the WSGI error stream), one line each."""
    default_handler.setFormatter(OneLineFormatter(LOG_FORMAT))
    app.register_blueprint(bp)
