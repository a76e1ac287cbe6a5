"""A phone with its device cookie looking at scoreboards it has not seen yet (issue 30):
how many writes the looks make, and what a first look costs against a bare Flask route
in the same process and run (a ratio: absolute times on a shared machine mean little).

    python -m benchmarks.first_look          # from the repository root
"""
from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from flask import Flask
from sqlalchemy import event

from scorekeeper import create_app
from scorekeeper.models import db

GAMES = 60  # distinct scoreboards, each looked at once: every look is a first look
ROUNDS = 5


def _writes_and_seconds(client, paths, app) -> tuple[int, float]:
    seen = []

    def note(conn, cursor, statement, *args):
        if statement.lstrip().split(" ", 1)[0].upper() in {"INSERT", "UPDATE", "DELETE"}:
            seen.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", note)
    start = time.perf_counter()
    for path in paths:
        assert client.get(path).status_code == 200, path
    elapsed = time.perf_counter() - start
    event.remove(engine, "before_cursor_execute", note)
    return len(seen), elapsed


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="first-look-"))
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'db.sqlite3'}",
                      "SECRET_KEY": "bench", "RATELIMIT_ENABLED": False, "GC_FREEZE": False})
    bare = Flask("bare")
    bare.get("/")(lambda: "ok")
    bare_client = bare.test_client()
    owner = app.test_client()
    ratios, writes = [], []
    for _ in range(ROUNDS):
        ids = [owner.post("/api/games", json={"players": ["Ana", "Ben"]}).json["id"] for _ in range(GAMES)]
        phone = app.test_client()
        phone.get(f"/games/{ids[0]}")  # its device cookie, issued on a first look
        count, seconds = _writes_and_seconds(phone, [f"/games/{i}" for i in ids[1:]], app)
        start = time.perf_counter()
        for _ in ids[1:]:
            bare_client.get("/")
        ratios.append(seconds / (time.perf_counter() - start))
        writes.append(count / (GAMES - 1))
    print(f"{sys.argv[0]}: {GAMES - 1} first looks by a phone with its cookie, {ROUNDS} rounds")
    print(f"  writes per first look: {statistics.mean(writes):.2f}")
    print(f"  first look / bare route: median {statistics.median(ratios):.1f}x")


if __name__ == "__main__":
    main()
