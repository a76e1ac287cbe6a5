"""Issue 12 finding 3: a full disk or a read-only database is a storage failure (503, one
log line, /healthz failing), never "the game is busy" (409) and never a 500."""
from io import BytesIO

import pytest
from sqlalchemy import event
from sqlalchemy.exc import OperationalError

from scorekeeper.models import db

from tests.support.helpers import game_backup, new_game, post_hand

HAND = {"Ana": [], "Ben": ["7", "skip"], "Cy": ["wild"], "Dee": ["3"]}


def break_storage(app, backend: str, how: str) -> None:
    """Every new connection from now on meets a read-only or a full database."""
    if backend == "postgresql" and how == "full":
        pytest.skip("a full disk cannot be simulated on a shared PostgreSQL server")
    with app.app_context():
        engine = db.engine
        db.session.remove()
        engine.dispose()

    @event.listens_for(engine, "connect")
    def broken(dbapi_connection, record):
        cursor = dbapi_connection.cursor()
        if backend == "postgresql":
            cursor.execute("SET default_transaction_read_only = on")
            dbapi_connection.commit()
        elif how == "read-only":
            cursor.execute("PRAGMA query_only = 1")
        else:  # the file may not grow by a single page
            size = cursor.execute("PRAGMA page_count").fetchone()[0]
            cursor.execute(f"PRAGMA max_page_count = {size}")
        cursor.close()


def storage_lines(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if "storage failure" in r.getMessage()]


def test_recording_a_hand_on_a_read_only_database_is_503_with_one_log_line(app, backend, client, caplog):
    game = new_game(client)
    break_storage(app, backend, "read-only")
    response = post_hand(client, game, HAND)
    assert response.status_code == 503, response.json
    assert "cannot be saved right now" in response.json["error"]
    assert "busy" not in response.json["error"]
    assert len(storage_lines(caplog)) == 1, storage_lines(caplog)


def test_a_full_disk_is_503_not_busy(app, backend, client, caplog):
    game = new_game(client, target=100_000)
    break_storage(app, backend, "full")
    for _ in range(300):  # the first hands still fit in the pages the file already has
        response = post_hand(client, game, HAND)
        if response.status_code != 201:
            break
    assert response.status_code == 503, response.json
    assert "storage is full or read-only" in response.json["error"]
    assert len(storage_lines(caplog)) == 1
    health = client.get("/healthz")
    assert health.status_code == 503 and health.json["database"] == "not writable"


@pytest.mark.parametrize("how", ["read-only", "full"])
def test_creating_a_game_when_storage_fails_is_503_on_the_page_and_the_api(app, backend, how):
    app.config["WTF_CSRF_ENABLED"] = False
    break_storage(app, backend, how)
    client = app.test_client()
    form = {"players-0": "Ana", "players-1": "Ben", "edition": "classic",
            "scoring": "winner-takes-points", "target": "500"}
    for _ in range(300 if how == "full" else 1):
        page = client.post("/games/new", data=form)
        if page.status_code != 302:
            break
    assert page.status_code == 503
    assert "cannot be saved right now" in page.get_data(as_text=True)
    api = client.post("/api/games", json={"players": ["Ana", "Ben"]})
    assert api.status_code == 503 and "cannot be saved" in api.json["error"]


def test_healthz_says_a_read_only_database_is_not_writable(app, backend, client, caplog):
    assert client.get("/healthz").status_code == 200
    break_storage(app, backend, "read-only")
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json["database"] == "not writable" and response.json["status"] == "error"
    lines = [r.getMessage() for r in caplog.records if r.getMessage().startswith("healthz:")]
    assert len(lines) == 1 and "writable check failed" in lines[0], lines


def test_a_restore_into_a_read_only_database_is_503(app, backend, client):
    game = new_game(client)
    post_hand(client, game, HAND)
    backup = game_backup(client, game)
    break_storage(app, backend, "read-only")
    client.application.config["WTF_CSRF_ENABLED"] = False
    response = client.post("/restore", data={"backup": (BytesIO(backup), "b.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 503


class FakeDriverError(Exception):
    def __init__(self, message="", sqlstate=None, sqlite_errorname=None):
        super().__init__(message)
        self.sqlstate, self.sqlite_errorname = sqlstate, sqlite_errorname


@pytest.mark.parametrize("orig, race, failure", [
    (FakeDriverError("database is locked", sqlite_errorname="SQLITE_BUSY"), True, False),
    (FakeDriverError("database or disk is full", sqlite_errorname="SQLITE_FULL"), False, True),
    (FakeDriverError("attempt to write a readonly database", sqlite_errorname="SQLITE_READONLY"), False, True),
    (FakeDriverError("disk I/O error", sqlite_errorname="SQLITE_IOERR_WRITE"), False, True),
    (FakeDriverError("could not serialize access", sqlstate="40001"), True, False),
    (FakeDriverError("deadlock detected", sqlstate="40P01"), True, False),
    (FakeDriverError("could not extend file: No space left on device", sqlstate="53100"), False, True),
    (FakeDriverError("cannot execute UPDATE in a read-only transaction", sqlstate="25006"), False, True),
    (FakeDriverError("server closed the connection unexpectedly", sqlstate="08006"), False, True),
    (FakeDriverError("no such table: games"), False, False),
])
def test_races_and_storage_failures_are_told_apart(orig, race, failure):
    from scorekeeper.services import storage
    err = OperationalError("UPDATE games ...", {}, orig)
    assert storage.is_race(err) is race
    assert storage.is_storage_failure(err) is failure


def test_the_hand_form_on_a_read_only_database_says_so_and_keeps_the_entry(app, backend, client):
    """The keypad page answers 503 with the sentence, and the hand typed in stays on the page."""
    import re
    from tests.integration.test_scorepad import field_name, hand_data
    app.config["WTF_CSRF_ENABLED"] = False
    form = {"players-0": "Ana", "players-1": "Ben", "edition": "classic",
            "scoring": "winner-takes-points", "target": "500"}
    game_id = client.post("/games/new", data=form).headers["Location"].rsplit("/", 1)[1]
    break_storage(app, backend, "read-only")
    response = client.post(f"/games/{game_id}/hands/new", data=hand_data(0, {1: ["7", "skip"]}))
    assert response.status_code == 503
    page = response.get_data(as_text=True)
    assert "cannot be saved right now" in page and "busy" not in page
    skips = re.search(rf'<input[^>]*name="{field_name(1, "skip")}"[^>]*>', page).group(0)
    assert 'value="1"' in skips


def test_a_stopped_postgresql_is_503_with_the_sentence(tmp_path):
    """Nothing listens on the port: a refused connection is a storage failure, not a 500."""
    from scorekeeper import create_app
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "MIGRATE_ON_START": False, "GC_FREEZE": False,
                      "RATELIMIT_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": "postgresql+psycopg://nobody@127.0.0.1:9/none",
                      "SQLALCHEMY_ENGINE_OPTIONS": {"connect_args": {"connect_timeout": 2}}})
    client = app.test_client()
    made = client.post("/api/games", json={"players": ["Ana", "Ben"]})
    assert made.status_code == 503 and "storage" in made.json["error"]
    page = client.get("/games/AAAAAAAAAAAAAAAA")
    assert page.status_code == 503 and "cannot be saved right now" in page.get_data(as_text=True)
    working = create_app({"TESTING": True, "SECRET_KEY": "t", "GC_FREEZE": False, "RATELIMIT_ENABLED": False,
                          "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/up.sqlite3"}).test_client()
    game_id = working.post("/api/games", json={"players": ["Ana", "Ben"]}).json["id"]
    working.get(f"/games/{game_id}")  # a device id issued while storage worked (same secret)
    client.set_cookie("device", working.get_cookie("device").value)
    poll = client.get("/games/AAAAAAAAAAAAAAAA/board")  # the phone's poll: the raw-connection read
    assert poll.status_code == 503 and "cannot be saved right now" in poll.get_data(as_text=True)


def test_healthz_of_every_worker_tells_of_a_failure_any_worker_met(app, backend, client, make_app, database_url,
                                                                   monkeypatch):
    """Two apps on one database and instance folder: two gunicorn workers. Only the first meets
    the failure; the second's probe learns of it and asks the disk for room itself (here the
    shared disk is still full for it), and says ok again once that room is there."""
    from scorekeeper.services import storage

    other_worker = make_app(database_url).test_client()
    game = new_game(client)
    assert other_worker.get("/healthz").status_code == 200
    break_storage(app, backend, "read-only")
    assert post_hand(client, game, HAND).status_code == 503

    def no_room(size):
        raise OperationalError("INSERT", {}, Exception("database or disk is full"))

    monkeypatch.setattr(storage, "write_needing_room", no_room)
    assert other_worker.get("/healthz").status_code == 503
    monkeypatch.undo()  # the disk has room again
    assert other_worker.get("/healthz").status_code == 200
    assert post_hand(other_worker, game, HAND).status_code == 201