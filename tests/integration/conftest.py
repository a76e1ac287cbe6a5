"""Fixtures. Every test that uses `app` (or `client`, `runner`, `csrf_off`) runs on SQLite;
the tests whose outcome depends on the database (locking, migrations, SQL dialect: the modules
in POSTGRES_MODULES, or a test marked `postgres`) run on PostgreSQL too. A page's wording or a
judge's ruling reads the same rows on either database, so it runs once.

The PostgreSQL leg needs `SCOREKEEPER_TEST_POSTGRES_URL`: a server on which the tests may
create and drop databases, such as `postgresql+psycopg://postgres@127.0.0.1:54329/postgres`
(.ci/run starts a throwaway one). Without it the leg is skipped, saying why; with
`SCOREKEEPER_REQUIRE_POSTGRES=1` (set by CI) it fails instead of skipping.
"""
import os
import shutil
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from scorekeeper import create_app
from scorekeeper.models import db
from tests.support.helpers import new_game

PG_URL_ENV = "SCOREKEEPER_TEST_POSTGRES_URL"
PG_REQUIRED_ENV = "SCOREKEEPER_REQUIRE_POSTGRES"
BACKENDS = ("sqlite", "postgresql")
POSTGRES_MODULES = {  # writes under locks, races, migrations, restores, stored numbers and dates
    "test_api", "test_backup", "test_bidi_names", "test_concurrency",
    "test_crash", "test_dates", "test_edit_state", "test_exactly_once", "test_fuzz",
    "test_game_size", "test_game_state", "test_garbage_guard", "test_hand_identity",
    "test_hand_limits", "test_hand_scores", "test_long_numbers", "test_migrations",
    "test_open_gaps", "test_ops", "test_plain_select", "test_rate_limits", "test_reads_never_write",
    "test_restore_limits", "test_storage_failures", "test_table_game_seats", "test_table_league", "test_table_writes",
    "test_tables", "test_team_backup",
}


def pytest_collection_modifyitems(config, items):
    """Leave out the PostgreSQL leg of tests that do not depend on the database."""
    kept, left = [], []
    for item in items:
        on_postgres = getattr(item, "callspec", None) and item.callspec.params.get("backend") == "postgresql"
        needed = item.module.__name__.rsplit(".", 1)[-1] in POSTGRES_MODULES or item.get_closest_marker("postgres")
        (left if on_postgres and not needed else kept).append(item)
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = kept


class PostgresServer:
    """Creates and drops throwaway databases on one PostgreSQL server."""

    def __init__(self, url: str):
        self.url = make_url(url)
        if self.url.drivername == "postgresql":
            self.url = self.url.set(drivername="postgresql+psycopg")
        self.admin = create_engine(self.url, poolclass=NullPool, isolation_level="AUTOCOMMIT",
                                   connect_args={"connect_timeout": 5})
        self.prefix = f"scorekeeper_test_{os.getpid()}_"
        self.made = 0

    def version(self) -> str:
        with self.admin.connect() as conn:
            return conn.execute(text("SHOW server_version")).scalar_one()

    def create(self) -> str:
        self.made += 1
        name = f"{self.prefix}{self.made}"
        with self.admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            conn.execute(text(f'CREATE DATABASE "{name}"'))
        return self.url.set(database=name).render_as_string(hide_password=False)

    def drop(self, url: str) -> None:
        with self.admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{make_url(url).database}" WITH (FORCE)'))

    def drop_leftovers(self) -> None:
        with self.admin.connect() as conn:
            names = conn.execute(text("SELECT datname FROM pg_database WHERE datname LIKE :p"),
                                 {"p": self.prefix + "%"}).scalars().all()
            for name in names:
                conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        self.admin.dispose()


def _no_postgres(reason: str):
    if os.environ.get(PG_REQUIRED_ENV):
        pytest.fail(f"{reason} ({PG_REQUIRED_ENV} is set, so the PostgreSQL leg must run)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def postgres():
    url = os.environ.get(PG_URL_ENV)
    if not url:
        _no_postgres(f"PostgreSQL leg skipped: {PG_URL_ENV} is not set (for example "
                     "postgresql+psycopg://postgres@127.0.0.1:54329/postgres; .ci/run starts a server)")
    server = PostgresServer(url)
    try:
        server.version()
    except Exception as err:  # noqa: BLE001 - any failure to connect means "no server"
        _no_postgres(f"PostgreSQL leg skipped: cannot connect to "
                     f"{server.url.render_as_string(hide_password=True)}: {str(err).strip()[:200]}")
    yield server
    server.drop_leftovers()


@pytest.fixture(scope="session")
def _postgres_app_database(postgres):
    """One database for all `app` tests on PostgreSQL, emptied before each test."""
    url = postgres.create()
    yield url
    postgres.drop(url)


def _empty_tables(url: str) -> None:
    engine = create_engine(url, poolclass=NullPool)
    try:
        with engine.begin() as conn:
            conn.execute(text("SET LOCAL lock_timeout = '20s'"))
            tables = conn.execute(text(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public' "
                "AND tablename <> 'alembic_version'")).scalars().all()
            if tables:
                conn.execute(text("TRUNCATE " + ", ".join(f'"{t}"' for t in tables)
                                  + " RESTART IDENTITY CASCADE"))
    finally:
        engine.dispose()


@pytest.fixture(params=BACKENDS)
def backend(request) -> str:
    return request.param


@pytest.fixture(scope="session")
def _migrated_sqlite(tmp_path_factory) -> Path:
    """An empty SQLite database with every migration run, made once per session: each test
    gets a copy (~0.03 s) instead of running the migrations again (0.2-0.9 s). Whatever
    migrations exist run here, so the copy is always at the newest revision; the migrations
    themselves are tested on brand-new databases (fresh_database, test_migrations.py)."""
    path = tmp_path_factory.mktemp("migrated") / "template.sqlite3"
    close_app(create_app(app_config(f"sqlite:///{path}")))
    return path


@pytest.fixture
def database_url(request, backend, tmp_path) -> str:
    """An empty database (schema created, no rows) on this backend."""
    if backend == "sqlite":
        path = tmp_path / "test.sqlite3"
        shutil.copyfile(request.getfixturevalue("_migrated_sqlite"), path)
        return f"sqlite:///{path}"
    url = request.getfixturevalue("_postgres_app_database")
    _empty_tables(url)
    return url


@pytest.fixture
def fresh_database(request, backend, tmp_path):
    """A factory of brand-new empty databases on this test's backend; returns their URLs."""
    made: list[str] = []

    def make() -> str:
        if backend == "sqlite":
            url = f"sqlite:///{tmp_path / f'fresh-{len(made)}.sqlite3'}"
        else:
            url = request.getfixturevalue("postgres").create()
        made.append(url)
        return url

    yield make
    if backend == "postgresql" and made:
        server = request.getfixturevalue("postgres")
        for url in made:
            server.drop(url)


def app_config(database_url: str, **extra) -> dict:
    """Rate limits are off unless a test turns them on (tests/integration/test_rate_limits.py):
    the suite makes far more games per minute than any family. The garbage guard (database.py)
    stays on, as without it Python 3.11 crashes the test process itself; each app skips its
    start-up freeze, and the suite freezes its own heap once (tests/conftest.py), so a
    collection walks only what the tests made since."""
    return {"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": database_url,
            "RATELIMIT_ENABLED": False, "GC_FREEZE": False, **extra}


def close_app(app) -> None:
    """Give back every pooled connection, so the next test can empty or drop the database."""
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def make_app(tmp_path):
    """create_app for more databases in one test (another instance to restore into, say)."""
    made = []

    def make(database_url: str, **extra):
        made.append(create_app(app_config(database_url, STORAGE_STATE_DIR=str(tmp_path), **extra)))
        return made[-1]

    yield make
    for app in made:
        close_app(app)


@pytest.fixture
def app(database_url, tmp_path):
    """The app; its shared storage-failure state in this test's folder (PostgreSQL tests
    share one database, and a failure one test made must not fail the next one's /healthz)."""
    app = create_app(app_config(database_url, STORAGE_STATE_DIR=str(tmp_path)))
    yield app
    close_app(app)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture
def csrf_off(app):
    """For HTML tests that are not about CSRF: post forms without a token."""
    app.config["WTF_CSRF_ENABLED"] = False
    return app


@pytest.fixture
def game(client) -> dict:
    """A four-player classic game (Ana, Ben, Cy, Dee) made through the API: its JSON plus
    `edit_key` (pass it to `tests.support.helpers.auth` for the Bearer header)."""
    return new_game(client)
