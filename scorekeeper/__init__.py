"""Scorekeeper: the score pad and rules judge for UNO played with a physical deck."""
from __future__ import annotations

import gc
import os
import secrets
import sys
from pathlib import Path
from typing import Mapping

from flask import Flask
from flask_migrate import Migrate
from flask_wtf.csrf import CSRFProtect
from sqlalchemy import event
from sqlalchemy.engine import Engine

from . import schema
from .models import db

ROOT = Path(__file__).resolve().parent.parent
MIGRATIONS = Path(__file__).resolve().parent / "migrations"
csrf = CSRFProtect()
migrate = Migrate()


def create_app(test_config: Mapping | None = None) -> Flask:
    app = Flask(__name__, instance_relative_config=True,
                template_folder=str(ROOT / "templates"), static_folder=str(ROOT / "static"))
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI="sqlite:///" + os.path.join(app.instance_path, "scorekeeper.sqlite3"),
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        WTF_CSRF_TIME_LIMIT=None,  # a game night outlasts the default hour
        SEND_FILE_MAX_AGE_DEFAULT=3600,
        MAX_CONTENT_LENGTH=256 * 1024,
    )
    if test_config is None:
        app.config.from_prefixed_env()
    else:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(Path(app.instance_path) / "secret_key")

    schema.configure(app)

    app.jinja_env.trim_blocks = True  # less whitespace: the scoreboard has a byte budget
    app.jinja_env.lstrip_blocks = True
    db.init_app(app)
    if sys.version_info < (3, 12):
        _collect_before_session_ends(app)
    migrate.init_app(app, db, directory=str(MIGRATIONS))
    csrf.init_app(app)

    from . import (api, backup_views, errors, judge_views, ops, pwa, rules_views, scorepad,
                   security, table)
    app.register_blueprint(pwa.bp)
    app.register_blueprint(scorepad.bp)
    app.register_blueprint(table.bp)
    app.register_blueprint(rules_views.bp)
    app.register_blueprint(judge_views.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(judge_views.api_bp)
    csrf.exempt(api.bp)  # the API authenticates with the Bearer edit key, not a cookie
    csrf.exempt(judge_views.api_bp)
    errors.register(app)
    scorepad.register_filters(app)
    security.init_app(app)
    ops.init_app(app)
    backup_views.init_app(app)

    if app.config.get("MIGRATE_ON_START", True):
        schema.upgrade_schema(app, MIGRATIONS)  # one process at a time (see schema.py)
    return app


def _collect_before_session_ends(app: Flask) -> None:
    """CPython 3.11 can crash (SIGSEGV) when its cyclic GC frees ORM objects whose session has
    already closed (a big game's page leaves thousands in reference cycles). Collecting them
    while the request's session is still open is safe, so each request that loaded any does
    that here. Registered after db.init_app: Flask runs teardowns in reverse, so this runs first."""
    @app.teardown_appcontext
    def collect_garbage(exc: BaseException | None) -> None:
        if db.session.registry.has() and db.session.identity_map:
            gc.collect()


def _instance_secret(path: Path) -> str:
    """A random key made on first start and kept in instance/, never in the code."""
    if not path.exists():
        draft = path.with_name(f"{path.name}.{os.getpid()}")
        fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(secrets.token_hex(32))
        try:  # link is atomic: servers starting together all end up with one key
            os.link(draft, path)
        except FileExistsError:
            pass
        finally:
            os.unlink(draft)
    return path.read_text().strip()


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection, connection_record) -> None:
    """WAL and a busy timeout: readers never block the writer, and writers wait their turn."""
    if type(dbapi_connection).__module__.startswith("sqlite3"):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA busy_timeout=10000")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()
