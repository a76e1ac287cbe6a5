"""The poll's read runs on a connection each thread keeps out of the pool (plain_select.py):
it sees every commit at once, leaves no transaction open, survives a connection that broke
(a database restart) and is closed with the engine."""
from __future__ import annotations

from sqlalchemy import text

from scorekeeper.models import db
from scorekeeper.plain_select import thread_connections


def watched_game(client) -> tuple[str, str]:
    game = client.post("/api/games", json={"players": ["Ana", "Ben"]}).json
    client.get(f"/games/{game['id']}")  # the phone's first visit: its device cookie
    return game["id"], game["edit_key"]


def poll(client, game_id: str, etag: str | None = None):
    headers = {"If-None-Match": etag} if etag else {}
    return client.get(f"/games/{game_id}/board", headers=headers)


def test_a_poll_sees_a_hand_saved_elsewhere_at_once(app, client):
    game_id, key = watched_game(client)
    etag = poll(client, game_id).headers["ETag"]
    assert poll(client, game_id, etag).status_code == 304
    saved = app.test_client().post(f"/api/games/{game_id}/hands", json={"held": {"Ana": [], "Ben": ["7"]}},
                                   headers={"Authorization": f"Bearer {key}"})
    assert saved.status_code == 201
    assert poll(client, game_id, etag).status_code == 200


def test_a_broken_connection_is_replaced_and_the_poll_still_answers(app, client, backend):
    game_id, _key = watched_game(client)
    etag = poll(client, game_id).headers["ETag"]
    with app.app_context():
        connection, _new = thread_connections(db.engine).get()
        if backend == "postgresql":  # the server ends the session, as a restart would
            pid = connection.info.backend_pid
            with db.engine.connect() as other:
                other.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
        else:
            connection.close()
    assert poll(client, game_id, etag).status_code == 304
    with app.app_context():
        replacement, new = thread_connections(db.engine).get()
    assert replacement is not connection and not new


def test_no_transaction_is_left_open_between_polls(app, client, backend):
    game_id, _key = watched_game(client)
    poll(client, game_id)
    with app.app_context():
        connection, _new = thread_connections(db.engine).get()
        if backend == "postgresql":
            assert connection.info.transaction_status == 0  # IDLE, not idle in transaction
        else:
            assert not connection.in_transaction


def test_disposing_the_engine_closes_the_kept_connections(app, client, backend):
    game_id, _key = watched_game(client)
    poll(client, game_id)
    with app.app_context():
        connection, _new = thread_connections(db.engine).get()
        db.engine.dispose()
    closed = connection.closed if backend == "postgresql" else _sqlite_closed(connection)
    assert closed
    assert poll(client, game_id).status_code == 200  # a new one is opened on demand


def _sqlite_closed(connection) -> bool:
    try:
        connection.execute("SELECT 1")
    except Exception as err:  # noqa: BLE001
        return "closed" in str(err)
    return False


def test_a_write_transactions_read_on_a_lost_connection_is_sqlalchemys_error(app, backend):
    """all_on runs inside a write: a database gone meanwhile must reach the error handler
    as DBAPIError (a 503), not as the driver's own error (a 500)."""
    from sqlalchemy import select
    from sqlalchemy.exc import DBAPIError

    from scorekeeper.models import Game
    from scorekeeper.plain_select import PlainSelect
    from scorekeeper.services import storage

    ids = PlainSelect(select(Game.id).where(Game.version >= text(":least")).params(least=0))
    with app.app_context():
        raw = db.engine.raw_connection()
        try:
            if backend == "postgresql":
                pid = raw.dbapi_connection.info.backend_pid
                with db.engine.connect() as other:
                    other.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
            else:
                raw.dbapi_connection.close()
            try:
                ids.all_on(raw.dbapi_connection, db.engine.dialect, {})
            except DBAPIError as err:
                caught = err
            else:
                raise AssertionError("a lost connection answered")
        finally:
            raw.invalidate()
        if backend == "postgresql":
            assert storage.is_storage_failure(caught)
