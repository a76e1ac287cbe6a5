"""Issue 36: statements are prepared (planned once per session) only on a connection proven to
reach PostgreSQL itself (database.prepare_when_direct); through a pooler or a Unix socket
nothing is prepared. The pooler's side is tested in test_pooled.py."""
from __future__ import annotations

import ipaddress

import psycopg
import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url

from scorekeeper.database import PREPARE_THRESHOLD, reaches_postgres_directly, same_tcp_connection
from scorekeeper.models import db
from scorekeeper.plain_select import thread_connections
from tests.integration.test_plain_select import poll, watched_game

APP = ("10.0.0.7", 51000)
SERVER = ("10.0.0.9", 5432)
DIRECT = (ipaddress.ip_address(SERVER[0]), SERVER[1], ipaddress.ip_address(APP[0]), APP[1])


def test_only_the_same_two_ends_prove_a_direct_connection():
    assert same_tcp_connection((APP, SERVER), DIRECT)
    pooler = ("10.0.0.8", 6432)  # the app reaches a pooler, the pooler reaches the server
    assert not same_tcp_connection((APP, pooler), DIRECT)
    assert not same_tcp_connection((APP, (SERVER[0], 6432)), DIRECT)  # a pooler beside the server
    # A proxy on the server's own address and port (another network namespace): its own socket
    # to PostgreSQL has another client end.
    assert not same_tcp_connection((APP, SERVER), DIRECT[:3] + (APP[1] + 1,))
    assert not same_tcp_connection((APP, SERVER), (None, None, None, None))  # a Unix socket
    mapped = (("::ffff:10.0.0.7", APP[1]), ("::ffff:10.0.0.9%eth0", SERVER[1]))
    assert same_tcp_connection(mapped, DIRECT)


@pytest.mark.postgres
@pytest.mark.parametrize("backend", ["postgresql"])
def test_a_direct_connection_prepares_the_polls_statement(app, client):
    game_id, key = watched_game(client)
    etag = poll(client, game_id).headers["ETag"]
    for _ in range(PREPARE_THRESHOLD + 1):
        assert poll(client, game_id, etag).status_code == 304
    saved = client.post(f"/api/games/{game_id}/hands", json={"held": {"Ana": [], "Ben": ["7"]}},
                        headers={"Authorization": f"Bearer {key}"})
    assert saved.status_code == 201
    with app.app_context():
        connection, _new = thread_connections(db.engine).get()
        assert connection.prepare_threshold == PREPARE_THRESHOLD
        prepared = [row[0] for row in connection.execute(
            "SELECT statement FROM pg_prepared_statements WHERE NOT from_sql").fetchall()]
        assert any("FROM games" in statement for statement in prepared), prepared
        with db.engine.connect() as pooled:
            assert pooled.connection.dbapi_connection.prepare_threshold == PREPARE_THRESHOLD
            assert reaches_postgres_directly(pooled.connection.dbapi_connection)


@pytest.mark.postgres
def test_a_unix_socket_cannot_be_proven_direct_and_prepares_nothing(postgres):
    url = make_url(postgres.url)
    with postgres.admin.connect() as conn:
        folder = conn.execute(text("SHOW unix_socket_directories")).scalar_one().split(",")[0].strip()
    try:
        connection = psycopg.connect(host=folder, port=url.port or 5432, user=url.username,
                                     dbname=url.database, connect_timeout=5)
    except psycopg.Error as err:
        pytest.skip(f"the test PostgreSQL's socket in {folder!r} is not reachable: {err}")
    with connection:
        assert not reaches_postgres_directly(connection)
        assert connection.info.transaction_status == 0  # the probe left no transaction open
