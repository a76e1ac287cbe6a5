"""Crash safety (issue 7): SIGKILL the real server while phones record hands, start it again."""
import http.client
import sqlite3
import threading
import time

from scorekeeper.models import db

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
