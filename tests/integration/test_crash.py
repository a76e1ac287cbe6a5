"""Crash safety (issue 7): SIGKILL the real server while phones record hands, start it again;
and PostgreSQL crashing under traffic (issue 38)."""
import http.client
import json
import sqlite3
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from scorekeeper.models import db

from tests.integration.conftest import _no_postgres
from tests.support.postgres_cluster import Cluster, postgres_bin
from tests.support.servers import Server

THREADS = 6
HANDS_PER_THREAD = 150  # bounded: the kill comes long before the threads run out
KILL_AFTER = 40  # acknowledged hands


def integrity(path) -> str:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        conn.close()


def test_sqlite_runs_in_wal_mode_with_a_busy_timeout(make_app, tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'wal.sqlite3'}")
    with app.app_context():
        assert db.session.execute(db.text("PRAGMA journal_mode")).scalar() == "wal"
        assert db.session.execute(db.text("PRAGMA busy_timeout")).scalar() >= 5000
        db.session.rollback()


def test_sigkill_mid_stream_loses_no_acknowledged_hand(tmp_path):
    path = tmp_path / "crash.sqlite3"
    url = f"sqlite:///{path}"
    server = Server(url, tmp_path / "first.log", workers=2, threads=4).start()
    acked: list[str] = []
    failed: list[str] = []
    problems: list[str] = []
    lock = threading.Lock()
    try:
        status, game = server.request("POST", "/api/games",
                                      {"players": ["Ana", "Ben", "Cy"], "target": 100_000})
        assert status == 201
        key, hands_url = game["edit_key"], f"/api/games/{game['id']}/hands"

        def phone(n: int) -> None:
            for i in range(HANDS_PER_THREAD):
                request_id = f"phone{n}-hand{i}"
                body = {"held": {"Ana": [], "Ben": [str(i % 10)], "Cy": ["wild"]}, "request_id": request_id}
                try:
                    status, answer = server.request("POST", hands_url, body, key=key, timeout=15)
                except (OSError, http.client.HTTPException):  # the server died mid-answer: no ack
                    with lock:
                        failed.append(request_id)
                    return
                with lock:
                    if status in (200, 201):
                        acked.append(request_id)
                    else:  # reported below: a thread's assert would go unnoticed
                        problems.append(f"{request_id}: {status} {answer}")
                        return

        phones = [threading.Thread(target=phone, args=(n,)) for n in range(THREADS)]
        for t in phones:
            t.start()
        deadline = time.monotonic() + 60
        while len(acked) < KILL_AFTER and time.monotonic() < deadline and any(t.is_alive() for t in phones):
            time.sleep(0.01)
        assert len(acked) >= KILL_AFTER, server.log_text()
        server.kill()  # SIGKILL to the master and every worker, mid-stream
        for t in phones:
            t.join(timeout=60)
        assert not any(t.is_alive() for t in phones)
    finally:
        server.kill()
    assert problems == []
    assert failed, "the kill should have caught requests in flight"
    assert integrity(path) == "ok"  # before anything opens it again

    with Server(url, tmp_path / "second.log") as again:
        status, state = again.request("GET", f"/api/games/{game['id']}")
        assert status == 200
        conn = sqlite3.connect(path)
        try:
            rows = conn.execute("SELECT request_id, COUNT(*) FROM hands WHERE game_id = ? "
                                "GROUP BY request_id", (game["id"],)).fetchall()
        finally:
            conn.close()
        counts = dict(rows)
        assert all(counts.get(rid) == 1 for rid in acked), [rid for rid in acked if counts.get(rid) != 1]
        assert all(n == 1 for n in counts.values())  # nothing twice, acknowledged or not
        assert set(counts) <= set(acked) | set(failed)
        assert [h["number"] for h in state["hands"]] == list(range(1, len(counts) + 1))
        # The phones retry what they never heard back about: each lands exactly once.
        for request_id in acked[:10] + failed:
            phone, hand = request_id.split("-hand")
            i = int(hand)
            status, answer = again.request(
                "POST", f"/api/games/{game['id']}/hands",
                {"held": {"Ana": [], "Ben": [str(i % 10)], "Cy": ["wild"]}, "request_id": request_id},
                key=game["edit_key"])
            assert status == (200 if request_id in counts else 201), answer
        status, state = again.request("GET", f"/api/games/{game['id']}")
        assert len(state["hands"]) == len(set(counts) | set(failed))
        expected = sum(i % 10 + 50 for rid in set(counts) | set(failed)
                       for i in [int(rid.split("-hand")[1])])
        assert state["standings"]["winner-takes-points"]["Ana"] == expected
    assert integrity(path) == "ok"


@pytest.fixture
def crashable_postgres():
    """A cluster of this test's own: crashing the shared one would fail other tests."""
    if postgres_bin() is None:
        _no_postgres("PostgreSQL crash test skipped: no PostgreSQL binaries (apt-get install postgresql)")
    cluster = Cluster(Path(tempfile.mkdtemp(prefix="scorekeeper-crash-pg-")))
    try:
        yield cluster.create()
    finally:
        cluster.remove()


def test_a_postgresql_crash_during_traffic_answers_503_never_500(crashable_postgres, tmp_path):
    """Phones poll (JSON and the scoreboard page) and keepers save while PostgreSQL stops at
    once and starts again: every failed answer is the app's own 503 (JSON or page), never a
    500 or gunicorn's bare error, and the server serves again once PostgreSQL is back."""
    server = Server(crashable_postgres.url, tmp_path / "server.log", workers=2, threads=4,
                    env={"FLASK_HAND_SAVES_PER_HOUR": "100000"}).start(timeout=60)
    answers: list[tuple[int, str, str]] = []  # (status, kind, body) of every answer
    acked: set[str] = set()
    lock = threading.Lock()
    stop = threading.Event()
    try:
        status, game = server.request("POST", "/api/games", {"players": ["Ana", "Ben"], "target": 100_000})
        assert status == 201, game

        def keeper(n: int) -> None:
            i = 0
            while not stop.is_set():
                request_id = f"keeper{n}-hand{i}"
                body = {"held": {"Ana": [], "Ben": [str(i % 10)]}, "request_id": request_id}
                try:
                    status, answer = server.request("POST", f"/api/games/{game['id']}/hands", body,
                                                    key=game["edit_key"])
                except (OSError, http.client.HTTPException) as err:
                    status, answer = 0, repr(err)
                with lock:
                    answers.append((status, "json", json.dumps(answer) if isinstance(answer, dict) else answer))
                    if status in (200, 201):
                        acked.add(request_id)
                        i += 1

        def phone(path: str, kind: str) -> None:
            while not stop.is_set():
                try:
                    status, _, body = server.poll(path) if kind == "json" else _page(server.url + path)
                except (OSError, http.client.HTTPException) as err:
                    status, body = 0, repr(err)
                with lock:
                    answers.append((status, kind, body))
                time.sleep(0.02)

        threads = [threading.Thread(target=keeper, args=(n,)) for n in range(2)]
        threads += [threading.Thread(target=phone, args=(f"/api/games/{game['id']}", "json")) for _ in range(3)]
        threads += [threading.Thread(target=phone, args=(f"/games/{game['id']}", "page")) for _ in range(2)]
        for t in threads:
            t.start()
        try:
            time.sleep(1.0)
            crashable_postgres.crash()
            time.sleep(1.5)
            crashable_postgres.start()
            deadline = time.monotonic() + 20  # until saves land again
            stored_before = len(acked)
            while len(acked) < stored_before + 5 and time.monotonic() < deadline:
                time.sleep(0.05)
            saved_after = len(acked) - stored_before
        finally:
            stop.set()
            for t in threads:
                t.join(timeout=30)
        assert not any(t.is_alive() for t in threads)
    finally:
        server.kill()

    failed = [(status, kind, body) for status, kind, body in answers if status >= 500 or status == 0]
    assert {status for status, _, _ in failed} == {503}, [(s, k, b[:300]) for s, k, b in failed]
    for status, kind, body in failed:
        if kind == "json":
            assert json.loads(body)["error"], body
        else:
            assert "<h1>" in body and "nothing was changed" in body.lower(), body
    assert len([a for a in answers if a[0] in (200, 201, 304)]) > 50
    assert saved_after >= 5  # PostgreSQL back: saves land again, with no server restart
    assert "Unhandled error" not in server.log_text()
    engine = create_engine(crashable_postgres.url, poolclass=NullPool)
    try:
        with engine.connect() as conn:
            counts = dict(conn.execute(text("SELECT request_id, count(*) FROM hands GROUP BY request_id")).all())
    finally:
        engine.dispose()
    assert acked <= set(counts) and set(counts.values()) == {1}


def _page(url: str) -> tuple[int, None, str]:
    request = urllib.request.Request(url, headers={"Accept": "text/html"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, None, response.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, None, err.read().decode(errors="replace")


def test_a_connection_lost_after_the_view_answered_keeps_the_answer(postgres, make_app):
    """PostgreSQL ends the request's session after the view has made its answer: closing the
    session then fails, and the answer still goes out (it was gunicorn's bare 500)."""
    url = postgres.create()
    try:
        app = make_app(url)

        @app.get("/test-session-lost")
        def lose_the_session():
            pid = db.session.execute(text("SELECT pg_backend_pid()")).scalar_one()  # opens a transaction
            with db.engine.connect() as other:
                other.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
                other.commit()
            return "answered"

        client = app.test_client()
        response = client.get("/test-session-lost")
        assert (response.status_code, response.text) == (200, "answered")
        assert client.get("/healthz").status_code == 200  # and the next request has a live session
    finally:
        with app.app_context():
            db.engine.dispose()
        postgres.drop(url)
