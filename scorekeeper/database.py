"""Where the data lives: the database URL, and upgrading the schema safely on every start.

SQLite (the default, in instance/) or PostgreSQL through psycopg 3, straight or through
a pooler such as PgBouncer in transaction pooling (docs/operating.md, "More than one
server"): nothing relies on a PostgreSQL session outliving its transaction, so the
upgrade's lock is a transaction's, and statements are prepared only on a connection
proven to reach PostgreSQL itself (prepare_when_direct). Several app
servers may start at once (gunicorn workers, or several machines on one
PostgreSQL): each takes a lock before upgrading, so exactly one of them runs a
migration and the others find the schema already at the newest revision.
"""
from __future__ import annotations

import gc
import ipaddress
import socket
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from flask import Flask
from flask_migrate import upgrade
from sqlalchemy import event, func, select
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import configure_mappers
from werkzeug.routing import BaseConverter, IntegerConverter, ValidationError

from .models import db
from .numbers import MAX_DIGITS, MAX_STORED
from .ids import HAND_ID_PATTERN, ID_PATTERN

try:
    import fcntl
except ImportError:  # pragma: no cover - not on Debian
    fcntl = None  # type: ignore[assignment]

# pg_advisory_lock key for "a Scorekeeper schema upgrade is running" (any fixed bigint).
MIGRATION_LOCK_KEY = 0x5C0_4EB0_0C
PG_DRIVER = "postgresql+psycopg"
MAX_ID = MAX_STORED  # ids are INTEGER columns: PostgreSQL refuses bigger numbers outright


class DatabaseInt(IntegerConverter):
    """`<int:...>` in URLs, bounded by the ids the database can hold: a bigger number names
    nothing (404) instead of reaching PostgreSQL as an out-of-range error (500)."""

    def __init__(self, map, fixed_digits=0, min=None, max=None, signed=False):  # noqa: A002
        super().__init__(map, fixed_digits, min, MAX_ID if max is None else max, signed)

    def to_python(self, value: str):
        if len(value) > MAX_DIGITS:  # checked before int(), which refuses 4,300 digits
            raise ValidationError()
        return super().to_python(value)


class PublicId(BaseConverter):
    """`<public_id:...>`: an unguessable id (ids.py). Anything else, an old game
    number included, matches no route (404) without asking the database."""

    regex = ID_PATTERN

    def to_url(self, value: object) -> str:
        if not isinstance(value, str):  # a row's number where its public id belongs: a bug
            raise TypeError(f"a public id is a string, not {value!r}")
        return super().to_url(value)


class HandId(BaseConverter):
    """`<hand_id:...>`: a hand's id (ids.py), or no route at all."""

    regex = HAND_ID_PATTERN


def configure(app: Flask) -> None:
    """psycopg 3 for any PostgreSQL URL (`postgres://` and `postgresql://` included).

    Called before any blueprint is registered, so every `<int:...>` route is bounded."""
    app.url_map.converters["int"] = DatabaseInt
    app.url_map.converters["public_id"] = PublicId
    app.url_map.converters["hand_id"] = HandId
    uri = str(app.config["SQLALCHEMY_DATABASE_URI"])
    if uri.startswith("postgres://"):
        uri = "postgresql://" + uri[len("postgres://"):]
    url = make_url(uri)
    if url.get_backend_name() == "postgresql":
        if url.drivername == "postgresql":
            url = url.set(drivername=PG_DRIVER)
        app.config["SQLALCHEMY_DATABASE_URI"] = url.render_as_string(hide_password=False)
        options = dict(app.config.get("SQLALCHEMY_ENGINE_OPTIONS") or {})
        options.setdefault("pool_pre_ping", True)  # survive a database restart
        # Until prepare_when_direct has looked at a new connection: nothing prepared.
        options["connect_args"] = {"prepare_threshold": None, **options.get("connect_args", {})}
        app.config["SQLALCHEMY_ENGINE_OPTIONS"] = options


def upgrade_schema(app: Flask, directory: Path) -> None:
    """Run the migrations up to the newest revision, one process at a time."""
    with app.app_context():
        with migration_lock(db.engine):
            upgrade(directory=str(directory))
        db.engine.dispose()  # the workers' own connections start fresh


@contextmanager
def migration_lock(engine: Engine) -> Iterator[None]:
    """SQLite's lock (a file); PostgreSQL's is taken inside the upgrade's own transaction
    (lock_upgrade_transaction, called by migrations/env.py)."""
    backend = engine.url.get_backend_name()
    database = engine.url.database or ""
    if backend == "sqlite" and fcntl is not None and database not in ("", ":memory:") \
            and not database.startswith("file:"):
        # SQLite runs Alembic's DDL outside a transaction: a lock file beside the database
        # (never the database file itself, whose locks SQLite owns) keeps upgrades apart.
        with open(f"{database}.migrate-lock", "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)
        return
    yield


def lock_upgrade_transaction(connection: Connection) -> None:
    """PostgreSQL runs every migration of an upgrade in one transaction: a transaction-level
    advisory lock taken first makes the servers take turns, and it ends with the transaction
    whatever happens, even through a pooler that gives the next transaction another session
    (a session-level lock left there held every later server's start for ever)."""
    if connection.dialect.name == "postgresql":
        connection.execute(select(func.pg_advisory_xact_lock(MIGRATION_LOCK_KEY)))


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection, connection_record) -> None:
    """WAL and a busy timeout: readers never block the writer, and writers wait their turn."""
    if type(dbapi_connection).__module__.startswith("sqlite3"):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA busy_timeout=10000")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()


# psycopg's own default: a statement a session has run this many times is prepared.
PREPARE_THRESHOLD = 5
_SERVER_ENDS = "SELECT inet_server_addr(), inet_server_port(), inet_client_addr(), inet_client_port()"


@event.listens_for(Engine, "connect")
def prepare_when_direct(dbapi_connection, connection_record) -> None:
    """Prepared statements (no planning of a statement the session has run before) on a
    connection straight to PostgreSQL; none through anything else. A pooler in transaction
    mode hands each transaction any server session: a statement psycopg prepared on one
    ("_pg3_0") is missing, or already there, on the next."""
    if type(dbapi_connection).__module__.split(".")[0] == "psycopg":
        direct = reaches_postgres_directly(dbapi_connection)
        dbapi_connection.prepare_threshold = PREPARE_THRESHOLD if direct else None


def reaches_postgres_directly(connection) -> bool:
    """Whether the server's end of this session is the app's own TCP socket. A pooler or
    proxy between them holds its own socket to PostgreSQL, whose ends are not the app's.
    A Unix socket has no addresses to compare, so it counts as not proven; so does any error."""
    from psycopg.pq import TransactionStatus  # only ever called with a psycopg connection

    idle = connection.info.transaction_status == TransactionStatus.IDLE
    try:
        with connection.cursor() as cursor:
            server_view = cursor.execute(_SERVER_ENDS).fetchone()
        app_view = _socket_ends(connection.pgconn.socket)
    except Exception:  # noqa: BLE001 (unproven is enough: such a connection prepares nothing)
        return False
    finally:
        if idle and not connection.autocommit:
            try:
                connection.rollback()  # the probe's transaction, so the pool gets the session idle
            except Exception:  # noqa: BLE001 (a broken connection fails its first real use)
                pass
    return app_view is not None and same_tcp_connection(app_view, server_view)


def _socket_ends(fd: int) -> tuple[tuple[str, int], tuple[str, int]] | None:
    """(local, remote) (address, port) of a TCP socket; None for a Unix socket."""
    sock = socket.socket(fileno=fd)
    try:
        if sock.family not in (socket.AF_INET, socket.AF_INET6):
            return None
        return sock.getsockname()[:2], sock.getpeername()[:2]
    finally:
        sock.detach()  # the descriptor stays libpq's


def same_tcp_connection(app_view: tuple[tuple[str, int], tuple[str, int]], server_view) -> bool:
    """app_view: the app socket's (local, remote) ends; server_view: what the server reports,
    (its address, its port, the client's address, the client's port), NULLs on a Unix socket."""
    (app_address, app_port), (remote_address, remote_port) = app_view
    server_address, server_port, client_address, client_port = server_view
    if None in (server_address, server_port, client_address, client_port):
        return False
    return (_address(remote_address) == _address(server_address) and remote_port == server_port
            and _address(app_address) == _address(client_address) and app_port == client_port)


def _address(value) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
    """One spelling per address: an IPv6 zone dropped, ::ffff:a.b.c.d read as a.b.c.d."""
    address = ipaddress.ip_address(str(value).split("%", 1)[0])
    return getattr(address, "ipv4_mapped", None) or address


class GarbageGuard:
    """CPython 3.11 can crash (SIGSEGV) when its cyclic GC frees ORM objects whose session has
    already closed (a big game's page leaves thousands in reference cycles). Collecting them
    while the request's session is still open is safe, so each request that loaded any does
    that when its app context ends (registered after db.init_app, so it runs before
    Flask-SQLAlchemy removes the session; a CLI command such as `flask restore` is covered too).

    A collection over a worker's whole heap (~110,000 objects) costs ~150 ms, so the heap the
    app built at start-up, every template compiled and every mapper configured, is frozen
    (gc.freeze(): never scanned again) and a collection walks only what requests made since.
    Nothing is frozen later: a request's objects still alive at its teardown would be frozen
    with it and never collected. One collection at a time: a gc.collect() that meets another
    one running returns at once, collecting nothing. A process that makes many apps (the test
    suite) sets GC_FREEZE false and freezes its own heap once instead (tests/conftest.py)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()

    def install(self, app: Flask) -> None:
        app.teardown_appcontext(self.collect)

    def collect(self, exc: BaseException | None) -> None:
        if db.session.registry.has() and db.session.identity_map:
            with self.lock:
                gc.collect()

    @staticmethod
    def freeze_start_up_heap(app: Flask) -> None:
        """What create_app built, and what the first pages would build, lives as long as the
        process: build it now and never scan it again."""
        configure_mappers()
        for name in app.jinja_env.list_templates():
            app.jinja_env.get_template(name)
        gc.collect()
        gc.freeze()


def end_sessions_quietly(app: Flask) -> None:
    """The request's session is closed after its answer is made. When PostgreSQL went away
    meanwhile, the rollback that closing does fails: the answer (200, or the 503 the view
    already met) still goes out, and the lost connection is dropped, instead of gunicorn's
    bare 500. Registered after db.init_app, so it runs before Flask-SQLAlchemy's own removal
    (which then finds nothing to close)."""

    @app.teardown_appcontext
    def remove_session(exc: BaseException | None) -> None:
        try:
            db.session.remove()
        except DBAPIError as err:
            db.session.registry.clear()
            app.logger.warning("database connection lost after the answer: %s",
                               " ".join(str(getattr(err, "orig", err)).split())[:200])


def guards_garbage(app: Flask) -> bool:
    """On CPython before 3.12 (config GC_GUARD, on by default there): see GarbageGuard."""
    return bool(app.config["GC_GUARD"])


def guard_garbage(app: Flask) -> None:
    if guards_garbage(app):
        GarbageGuard().install(app)
