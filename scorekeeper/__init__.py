"""Scorekeeper: the score pad and rules judge for UNO played with a physical deck.

`create_app` reads as the list of what the app is made of; each feature package
registers itself.
"""
from __future__ import annotations

from pathlib import Path
from typing import Mapping

from flask import Flask

from . import (compressed_pages, database, errors, http_cache, i18n, rate_limits, settings, static_files,
               templating)
from .access import devices, visits
from .extensions import compress, csrf, db, migrate
from .services import storage

ROOT = Path(__file__).resolve().parent.parent
MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def create_app(test_config: Mapping | None = None) -> Flask:
    app = Flask(__name__, instance_relative_config=True,
                template_folder=_assets("templates"), static_folder=_assets("static"))
    settings.load(app, test_config)  # the one list of settings: defaults, then FLASK_* (settings.py)
    database.configure(app)  # before any blueprint: every `<int:...>` route is bounded
    register_extensions(app)
    register_blueprints(app)
    rate_limits.init_app(app)  # after the blueprints: it wraps their views
    errors.register(app)
    devices.init_app(app)
    visits.init_app(app)  # visits are written in batches, never by a view
    templating.init_app(app)
    i18n.init_app(app)
    if app.config["MIGRATE_ON_START"]:
        database.upgrade_schema(app, MIGRATIONS)  # one process at a time (see database.py)
    storage.prepare_shared_state(app)  # /healthz sees a failure any worker met
    if database.guards_garbage(app) and app.config["GC_FREEZE"]:
        database.GarbageGuard.freeze_start_up_heap(app)
    return app


def register_extensions(app: Flask) -> None:
    compressed_pages.configure(app)
    compress.init_app(app)  # first: its after_request runs last, on the finished answer
    static_files.init_app(app)  # styles and scripts: compressed once, at the best level
    db.init_app(app)
    database.end_sessions_quietly(app)  # before the guard: its teardown runs after the guard's
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
