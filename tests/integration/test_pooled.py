"""Two app servers behind PgBouncer in transaction pooling (docs/operating.md, "More than one
server"): phones polling and keepers saving on both while one server restarts.

Needs `SCOREKEEPER_TEST_PGBOUNCER_URL`, a PgBouncer in transaction mode in front of the
PostgreSQL of `SCOREKEEPER_TEST_POSTGRES_URL` (.ci/run starts one with .ci/pgbouncer-start);
skipped without it, failed without it under SCOREKEEPER_REQUIRE_POSTGRES (as the PG leg is).
"""
import http.client
import os
import re
import threading
import time
from pathlib import Path
from typing import NamedTuple

import psycopg
import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from scorekeeper.database import PREPARE_THRESHOLD, reaches_postgres_directly
from scorekeeper.models import db
from scorekeeper.plain_select import thread_connections
from tests.integration.conftest import _no_postgres
from tests.support.servers import Server

PGBOUNCER_URL_ENV = "SCOREKEEPER_TEST_PGBOUNCER_URL"
TRAFFIC_SECONDS = 5  # bounded: the restart comes 1.5 s in
RESTART_AFTER = 1.5
HANDS_PER_KEEPER = 50  # two keepers a game: under the 120 hands an hour a game may save
PHONES_PER_SERVER = 3
VERSION = re.compile(r'v(\d+)"?$')
UNREACHABLE = (OSError, http.client.HTTPException)  # a server between stop and start


class Pooler(NamedTuple):
    url: str
    pool_size: int
    admin_url: str
    log: Path  # where it logs each server connection it opens, with its local port

    def holding(self, database: str) -> set[int]:
        """The local ports of the PostgreSQL connections it has open for `database` now."""
        with psycopg.connect(self.admin_url, autocommit=True, connect_timeout=5) as conn:
            cursor = conn.execute("SHOW SERVERS")
            columns = [c.name for c in cursor.description]
            return {row["local_port"] for row in (dict(zip(columns, r)) for r in cursor.fetchall())
                    if row["database"] == database}

    def opened(self, database: str) -> set[int]:
        """The local ports of every PostgreSQL connection it has opened for `database`."""
        found = re.compile(rf" {re.escape(database)}/\S+ new connection to server \(from [^)]*:(\d+)\)")
        return {int(m.group(1)) for m in found.finditer(self.log.read_text(errors="replace"))}


@pytest.fixture(scope="module")
def pgbouncer(postgres) -> Pooler:
    """The pooler: its URL, its pool size, its admin console and its log (asked of the console)."""
    url = os.environ.get(PGBOUNCER_URL_ENV)
    if not url:
        _no_postgres(f"pooled servers skipped: {PGBOUNCER_URL_ENV} is not set (.ci/run starts one with "
                     ".ci/pgbouncer-start, in front of SCOREKEEPER_TEST_POSTGRES_URL)")
    admin = make_url(url).set(drivername="postgresql", database="pgbouncer")
    try:
        with psycopg.connect(admin.render_as_string(hide_password=False), autocommit=True,
                             connect_timeout=5) as conn:
            config = {row[0]: row[1] for row in conn.execute("SHOW CONFIG").fetchall()}
    except psycopg.Error as err:
        _no_postgres(f"pooled servers skipped: cannot ask PgBouncer at {url}: {str(err).strip()[:200]}")
    assert config["pool_mode"] == "transaction", config["pool_mode"]
    assert config["log_connections"] == "1" and config["logfile"], "the test reads the connections it opened"
    return Pooler(url, int(config["default_pool_size"]), admin.render_as_string(hide_password=False),
                  Path(config["logfile"]))


def test_nothing_is_prepared_through_the_pooler(postgres, pgbouncer, make_app):
    """The pooler may run each transaction on another PostgreSQL session: the app's connections
    to it (the pool's and the poll's own) prepare nothing (database.prepare_when_direct)."""
    bouncer_url = pgbouncer.url
    direct_url = postgres.create()
    pooled_url = make_url(bouncer_url).set(database=make_url(direct_url).database)
    try:
        app = make_app(pooled_url.render_as_string(hide_password=False))
        client = app.test_client()
        game = client.post("/api/games", json={"players": ["Ana", "Ben"]}).json
        etag = client.get(f"/games/{game['id']}/board").headers["ETag"]
        for n in range(2 * PREPARE_THRESHOLD):
            assert client.get(f"/games/{game['id']}/board", headers={"If-None-Match": etag}).status_code == 304
            saved = client.post(f"/api/games/{game['id']}/hands", json={"held": {"Ana": [], "Ben": [str(n)]}},
                                headers={"Authorization": f"Bearer {game['edit_key']}"})
            assert saved.status_code == 201, saved.json
            etag = client.get(f"/games/{game['id']}/board").headers["ETag"]
        with app.app_context():
            polls, _new = thread_connections(db.engine).get()
            with db.engine.connect() as conn:
                pooled = conn.connection.dbapi_connection
                assert not reaches_postgres_directly(pooled)
                assert pooled.prepare_threshold is None
            assert polls.prepare_threshold is None
            db.engine.dispose()
    finally:
        postgres.drop(direct_url)


def test_two_servers_behind_pgbouncer_lose_nothing_and_answer_no_5xx(postgres, pgbouncer, tmp_path):
    bouncer_url, pool_size = pgbouncer.url, pgbouncer.pool_size
    direct_url = postgres.create()
    name = make_url(direct_url).database
    pooled_url = make_url(bouncer_url).set(database=name).render_as_string(hide_password=False)
    # Both start at once and both run the start-up migration, through the pooler.
    servers = [Server(pooled_url, tmp_path / f"server-{n}.log", workers=2, threads=4).launch()
               for n in range(2)]
    watch = create_engine(direct_url, poolclass=NullPool, isolation_level="AUTOCOMMIT")
    try:
        for server in servers:
            server.ready(timeout=60)
        games = []
        for server in servers:
            status, game = server.request("POST", "/api/games", {"players": ["Ana", "Ben", "Cy"], "target": 100_000})
            assert status == 201, game
            games.append(game)
        answers: list[int] = []
        problems: list[str] = []
        acked: dict[str, set[str]] = {game["id"]: set() for game in games}
        phones_seen: list[tuple[int, str]] = []  # (server index, game id) of each phone
        most_connections = [0]  # the pooler's server connections for the game's database, at once
        sessions_seen: set[int] = set()  # PostgreSQL's client sessions on it, by their port
        lock = threading.Lock()
        stop = threading.Event()

        def keeper(n: int, game: dict) -> None:
            path = f"/api/games/{game['id']}/hands"
            for i in range(HANDS_PER_KEEPER):
                if stop.is_set():
                    return
                request_id = f"keeper{n}-hand{i}"
                body = {"held": {"Ana": [], "Ben": [str(i % 10)], "Cy": ["wild"]}, "request_id": request_id}
                for attempt in range(40):  # not heard back: the phone sends it again, any server
                    server = servers[(n + attempt) % 2]
                    try:
                        status, answer = server.request("POST", path, body, key=game["edit_key"])
                    except UNREACHABLE:
                        time.sleep(0.1)
                        continue
                    with lock:
                        answers.append(status)
                        if status in (200, 201):
                            acked[game["id"]].add(request_id)
                        else:
                            problems.append(f"{request_id}: {status} {answer}")
                    break

        def phone(server_index: int, game: dict) -> None:
            etag = None
            while not stop.is_set():
                try:
                    status, etag, body = servers[server_index].poll(f"/api/games/{game['id']}", etag)
                except UNREACHABLE:
                    time.sleep(0.1)
                    continue
                with lock:
                    answers.append(status)
                    if status not in (200, 304):
                        problems.append(f"poll: {status} {body[:200]}")
                time.sleep(0.1)

        def connections() -> None:
            # Counted by the pooler: PostgreSQL also lists autovacuum workers on the database, and a
            # session the pooler closed (its client died mid-transaction) until its process exits.
            while not stop.is_set():
                with watch.connect() as conn:
                    ports = conn.execute(text("SELECT client_port FROM pg_stat_activity WHERE datname = :name "
                                              "AND backend_type = 'client backend' AND pid <> pg_backend_pid()"),
                                         {"name": name}).scalars().all()
                sessions_seen.update(ports)
                most_connections[0] = max(most_connections[0], len(pgbouncer.holding(name)))
                time.sleep(0.05)

        threads = [threading.Thread(target=keeper, args=(n, games[n % 2])) for n in range(4)]
        for server_index in range(2):
            for p in range(PHONES_PER_SERVER):
                game = games[p % 2]
                phones_seen.append((server_index, game["id"]))
                threads.append(threading.Thread(target=phone, args=(server_index, game)))
        threads.append(threading.Thread(target=connections))
        started = time.monotonic()
        for t in threads:
            t.start()
        try:
            time.sleep(RESTART_AFTER)
            servers[1].restart(timeout=60)  # meanwhile: it boots (migrating, pooled) and serves again
            time.sleep(max(0.0, TRAFFIC_SECONDS - (time.monotonic() - started)))
        finally:
            stop.set()
            for t in threads:
                t.join(timeout=60)
        assert not any(t.is_alive() for t in threads)

        assert [status for status in answers if status >= 500] == [], problems
        assert problems == []
        assert sum(len(ids) for ids in acked.values()) >= 20, "too few saves to mean anything"
        assert 0 < most_connections[0] <= pool_size, most_connections
        # ... and the servers reached PostgreSQL only through it: every session seen is one it opened.
        assert sessions_seen and sessions_seen <= pgbouncer.opened(name), sessions_seen - pgbouncer.opened(name)
        with watch.connect() as conn:
            for game in games:
                rows = conn.execute(text("SELECT request_id, count(*) FROM hands WHERE game_id = :id "
                                         "GROUP BY request_id"), {"id": game["id"]}).all()
                stored = dict(rows)
                assert acked[game["id"]] <= set(stored), acked[game["id"]] - set(stored)
                assert all(count == 1 for count in stored.values())
            versions = dict(conn.execute(text("SELECT id, version FROM games")).all())
        for server_index, game_id in phones_seen:  # every phone's next poll: the game's version
            status, etag, _ = servers[server_index].poll(f"/api/games/{game_id}")
            assert status == 200
            assert int(VERSION.search(etag).group(1)) == versions[game_id]
        for server in servers:
            assert "Unhandled error" not in server.log_text()
        print(f"pooled: {len(answers)} answers, {sum(map(len, acked.values()))} hands saved, at most "
              f"{most_connections[0]} PostgreSQL connections (pool {pool_size})")
    finally:
        for server in servers:
            server.kill()
        watch.dispose()
        postgres.drop(direct_url)
