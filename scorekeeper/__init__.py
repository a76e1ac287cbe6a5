"""Scorekeeper: the score pad and rules judge for UNO played with a physical deck.

`create_app` reads as the list of what the app is made of; each feature package
registers itself.
"""
from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Mapping

from flask import Flask

from . import compressed_pages, database, errors, http_cache, i18n, rate_limits, templating
from .access import devices
from .extensions import compress, csrf, db, migrate
from .services import storage

ROOT = Path(__file__).resolve().parent.parent
MIGRATIONS = Path(__file__).resolve().parent / "migrations"
SHARED_SECRET_NEEDED = (
    "Refusing to start: the database is PostgreSQL but FLASK_SECRET_KEY is not set. Servers that "
    "share a database must share one secret (keep-score links and device cookies made by one "
    "would fail on the others); set FLASK_SECRET_KEY to the same long random text on every server.")


def create_app(test_config: Mapping | None = None) -> Flask:
    app = Flask(__name__, instance_relative_config=True,
                template_folder=_assets("templates"), static_folder=_assets("static"))
    load_config(app, test_config)
    database.configure(app)  # before any blueprint: every `<int:...>` route is bounded
    register_extensions(app)
    register_blueprints(app)
    rate_limits.init_app(app)  # after the blueprints: it wraps their views
    errors.register(app)
    devices.init_app(app)
    templating.init_app(app)
    i18n.init_app(app)
    if app.config.get("MIGRATE_ON_START", True):
        database.upgrade_schema(app, MIGRATIONS)  # one process at a time (see database.py)
    storage.prepare_shared_state(app)  # /healthz sees a failure any worker met
    if database.guards_garbage(app) and app.config.get("GC_FREEZE", True):
        database.GarbageGuard.freeze_start_up_heap(app)
    return app


def load_config(app: Flask, test_config: Mapping | None) -> None:
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI="sqlite:///" + os.path.join(app.instance_path, "scorekeeper.sqlite3"),
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        WTF_CSRF_TIME_LIMIT=None,  # a game night outlasts the default hour
        SEND_FILE_MAX_AGE_DEFAULT=3600,
        MAX_CONTENT_LENGTH=256 * 1024,
        # Pages, styles, scripts and JSON travel compressed when the phone accepts it
        # (Flask-Compress; static files are streamed, so streams too); a 304 has no body, and
        # http_cache.not_modified knows the ETags Flask-Compress gives compressed bodies.
        COMPRESS_MIMETYPES=["text/html", "text/css", "text/javascript", "application/javascript",
                            "application/json", "application/manifest+json", "image/svg+xml"],
        COMPRESS_ALGORITHM_STREAMING=["zstd", "br", "gzip", "deflate"],  # gzip: any browser
    )
    if test_config is None:
        app.config.from_prefixed_env()
    else:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        if str(app.config["SQLALCHEMY_DATABASE_URI"]).startswith("postgres"):
            raise RuntimeError(SHARED_SECRET_NEEDED)
        app.config["SECRET_KEY"] = _instance_secret(Path(app.instance_path) / "secret_key")


def register_extensions(app: Flask) -> None:
    compressed_pages.configure(app)
    compress.init_app(app)  # first: its after_request runs last, on the finished answer
    db.init_app(app)
    database.guard_garbage(app)
    migrate.init_app(app, db, directory=str(MIGRATIONS))
    csrf.init_app(app)
    app.after_request(http_cache.no_store_when_keys_travel)


def register_blueprints(app: Flask) -> None:
    from . import (api, backup, judge, operations, referee, rules, scoreboard, scorepad, sharing,
                   tables)

    operations.init_app(app)
    app.register_blueprint(scorepad.bp)
    app.register_blueprint(scoreboard.bp)
    app.register_blueprint(sharing.bp)
    app.register_blueprint(rules.bp)
    app.register_blueprint(tables.bp)
    app.register_blueprint(judge.bp)
    app.register_blueprint(referee.bp)
    app.register_blueprint(api.bp)
    csrf.exempt(api.bp)  # the API authenticates with the Bearer edit key, not a cookie
    backup.init_app(app)


def _assets(name: str) -> str:
    """A wheel ships templates/ and static/ inside the package (see setup.py); a checkout,
    installed editable or not at all, keeps them at the top of the repository."""
    packaged = Path(__file__).resolve().parent / name
    return str(packaged if packaged.is_dir() else ROOT / name)


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
