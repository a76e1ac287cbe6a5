"""Every setting the app reads, in one list: its name, default and what it does.

`load` gives an app the defaults, then the `FLASK_*` environment (`FLASK_SECRET_KEY=...`,
values parsed as JSON where they can be: `FLASK_PROXY_FIX=1`, `FLASK_GC_GUARD=false`), or a
test's own mapping instead of the environment. Other modules read `app.config` only.
The settings table in docs/operating.md is `markdown_table()` (tests/unit/test_settings.py keeps them equal).
"""
from __future__ import annotations

import os
import secrets
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Mapping

from flask import Flask

from .i18n import DEFAULT as DEFAULT_LANGUAGE

SHARED_SECRET_NEEDED = (
    "Refusing to start: the database is PostgreSQL but FLASK_SECRET_KEY is not set. Servers that "
    "share a database must share one secret (keep-score links and device cookies made by one "
    "would fail on the others); set FLASK_SECRET_KEY to the same long random text on every server.")


@dataclass(frozen=True)
class Setting:
    name: str  # in app.config; FLASK_<name> in the environment
    default: object  # a callable is given the app (a default that depends on where it runs)
    doc: str
    shown: str | None = None  # the default as docs/operating.md says it, if not its repr

    def default_for(self, app: Flask) -> object:
        return self.default(app) if callable(self.default) else self.default


def _instance_sqlite(app: Flask) -> str:
    return "sqlite:///" + os.path.join(app.instance_path, "scorekeeper.sqlite3")


SETTINGS: tuple[Setting, ...] = (
    Setting("SQLALCHEMY_DATABASE_URI", _instance_sqlite, "The database: SQLite, or PostgreSQL "
            "(`postgresql://…`, served with psycopg 3).", "SQLite in the instance folder"),
    Setting("SECRET_KEY", None, "Signs cookies and keep-score links. Required with PostgreSQL "
            "(every server the same); with SQLite, made once and kept in the instance folder.",
            "made on first start"),
    Setting("SESSION_COOKIE_SAMESITE", "Lax", "The session cookie is not sent by other sites' forms."),
    Setting("SESSION_COOKIE_HTTPONLY", True, "Scripts cannot read the session cookie."),
    Setting("SESSION_COOKIE_SECURE", False, "Mark the cookie Secure even on plain HTTP requests "
            "(HTTPS requests get it anyway)."),
    Setting("WTF_CSRF_TIME_LIMIT", None, "Form tokens never expire: a game night outlasts "
            "Flask-WTF's default hour."),
    Setting("SEND_FILE_MAX_AGE_DEFAULT", 3600, "Seconds phones keep static files."),
    Setting("MAX_CONTENT_LENGTH", 256 * 1024, "Largest request body, in bytes (a backup upload "
            "included)."),
    Setting("COMPRESS_MIMETYPES", ["text/html", "text/css", "text/javascript",
                                   "application/javascript", "application/json",
                                   "application/manifest+json", "image/svg+xml"],
            "What travels compressed when the phone accepts it (Flask-Compress).",
            "pages, styles, scripts, JSON, the manifest, SVG"),
    Setting("COMPRESS_ALGORITHM_STREAMING", ["zstd", "br", "gzip", "deflate"],
            "How streamed static files are compressed, best first (gzip: any browser).",
            "zstd, br, gzip, deflate"),
    Setting("BABEL_DEFAULT_LOCALE", DEFAULT_LANGUAGE, "The language when the phone asks for none "
            "the app has (the first of i18n.LANGUAGES)."),
    Setting("MIGRATE_ON_START", True, "Bring the database schema up to date when the app starts "
            "(one process at a time)."),
    Setting("GC_GUARD", sys.version_info < (3, 12), "CPython 3.11's garbage-collector guard "
            "(docs/operating.md, Serving).", "on before Python 3.12"),
    Setting("GC_FREEZE", True, "With the guard on, freeze the start-up heap (tests turn it off: "
            "several apps in one process)."),
    Setting("PROXY_FIX", 0, "Proxy hops to trust for X-Forwarded-For/-Proto/-Host/-Prefix: 1 "
            "behind one TLS-terminating proxy."),
    Setting("STORAGE_STATE_DIR", None, "Folder of the file the workers share the last storage "
            "failure through.", "the instance folder"),
    Setting("RATELIMIT_ENABLED", True, "Rate limits on or off."),
    Setting("RATELIMIT_STORAGE_URI", "memory://", "Where counts live: each process's memory, or "
            "one store for all (`redis://…`, `memcached://…`)."),
    Setting("RATELIMIT_CREATION", "20 per minute; 200 per day", "New games and tables, together, "
            "per client."),
    Setting("RATELIMIT_RESTORE", "5 per minute; 50 per day", "Restore uploads per client."),
    Setting("RATELIMIT_EXPORT", "6 per minute; 60 per day", "Backup and score-sheet downloads "
            "(a table's backup.json, a game's export.json and export.csv) per client."),
    Setting("RATELIMIT_JUDGE", "60 per minute", "Judge questions and replays per client."),
    Setting("HAND_SAVES_PER_HOUR", 120, "Hands saved in one game per hour, by all its phones "
            "together (a 429 saying when to try again past it; deletes always go through; off "
            "with RATELIMIT_ENABLED)."),
    Setting("RATELIMIT_IN_MEMORY_FALLBACK_ENABLED", True, "Count in memory while a shared store "
            "does not answer."),
    Setting("RATELIMIT_SWALLOW_ERRORS", True, "A failing store never fails a request."),
)


def load(app: Flask, test_config: Mapping | None = None) -> None:
    """Defaults, then the FLASK_* environment (or `test_config`), then a secret key."""
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.from_mapping({s.name: s.default_for(app) for s in SETTINGS})
    if test_config is None:
        app.config.from_prefixed_env()
        _keep_secret_as_typed(app)
    else:
        app.config.from_mapping(test_config)
    if not app.config["SECRET_KEY"]:
        if str(app.config["SQLALCHEMY_DATABASE_URI"]).startswith("postgres"):
            raise RuntimeError(SHARED_SECRET_NEEDED)
        app.config["SECRET_KEY"] = _instance_secret(Path(app.instance_path) / "secret_key")


def _keep_secret_as_typed(app: Flask) -> None:
    """A secret is text: from_prefixed_env reads FLASK_SECRET_KEY=123456 as the JSON number
    123456, and itsdangerous cannot sign with a number (every form page would fail)."""
    typed = os.environ.get("FLASK_SECRET_KEY")
    if typed is not None:
        app.config["SECRET_KEY"] = typed


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


def _shown(setting: Setting) -> str:
    if setting.shown is not None:
        return setting.shown
    value = setting.default
    return "none" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


def markdown_table(settings: tuple[Setting, ...] = SETTINGS,
                   cell: Callable[[str], str] = lambda s: s.replace("|", "\\|")) -> str:
    rows = ["| Setting (`FLASK_` + name in the environment) | Default | What it does |", "|---|---|---|"]
    rows += [f"| `{s.name}` | {cell(_shown(s))} | {cell(s.doc)} |" for s in settings]
    return "\n".join(rows)

