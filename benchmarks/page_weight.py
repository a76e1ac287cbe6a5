"""Weight of the scoreboard page and the SQL it costs, for games of 5, 60 and 1,000 hands.

Run: .venv/bin/python benchmarks/page_weight.py
Budget: at most 12 KB on the wire (issue 18: compressed, as a phone that accepts gzip and
brotli gets it; this replaced issue 2's 30 KB before compression, which is still printed) in
at most 4 requests, no third-party requests, and the same number of SQL statements for every game.
"""
from __future__ import annotations

import re
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import event

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from scorekeeper import create_app  # noqa: E402
from scorekeeper.services.backups.restore import restore  # noqa: E402
from scorekeeper.models import db  # noqa: E402
from benchmarks.restore import backup  # noqa: E402
from tests.support.helpers import keep_score  # noqa: E402

BUDGET_BYTES = 30_000
BUDGET_WIRE_BYTES = 12_000
BUDGET_REQUESTS = 4
PHONE = {"Accept-Encoding": "gzip, deflate, br"}  # what a phone's browser says it accepts
ASSET = re.compile(r'<(?:link[^>]+href|script[^>]+src|img[^>]+src)="([^"]+)"')
SIZES = (5, 60, 1000)  # 1,000: the most hands a game may have (MAX_HANDS)


def make_app(folder: str):
    return create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite3",
                       "SECRET_KEY": "bench", "TESTING": True, "GC_FREEZE": False})  # several apps per process


def add_game(client, app, hands: int) -> tuple[int, str]:
    """A four-player game of `hands` hands, restored from a backup (quicker than the API)."""
    with app.app_context():
        restored = restore(backup(1, hands))[0]
    keep_score(client, {"id": restored.id, "edit_key": restored.edit_key})  # as the scorekeeper sees it
    return restored.id, f"/games/{restored.id}"


@contextmanager
def counting_statements(app):
    """The SQL statements run inside the block, as a list (their count is its length)."""
    seen: list[str] = []

    def note(conn, cursor, statement, *args):
        seen.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", note)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", note)


def weigh(client, app, path: str) -> dict:
    """Bytes and requests of one page with its assets, and the SQL statements it ran."""
    with counting_statements(app) as statements:
        page = client.get(path)
    assert page.status_code == 200, path
    html = page.get_data(as_text=True)
    assets = [a for a in ASSET.findall(html) if not a.startswith("data:")]
    third_party = [a for a in assets if re.match(r"^(https?:)?//", a)]
    total, wire = len(page.data), len(client.get(path, headers=PHONE).data)
    for asset in assets:
        if asset not in third_party:
            total += len(client.get(asset).data)
            wire += len(client.get(asset, headers=PHONE).data)
    return {"path": path, "bytes": total, "wire_bytes": wire, "requests": 1 + len(assets),
            "third_party": len(third_party), "statements": len(statements)}


def measure(language: str | None = None) -> list[dict]:
    """Every size's weight, in English or (with `language`, as the phone's chosen one) another."""
    with tempfile.TemporaryDirectory() as folder:
        app = make_app(folder)
        client = app.test_client()
        if language:
            client.set_cookie("lang", language)
        rows = []
        for hands in SIZES:
            _, url = add_game(client, app, hands)
            rows.append({"hands": hands, **weigh(client, app, url)})
        with app.app_context():
            db.engine.dispose()
        return rows


def main() -> int:
    rows = measure() + measure("pl")
    print(f"{'game':>10} {'bytes':>7} {'on wire':>7} {'requests':>8} {'3rd-party':>9} {'SQL':>4}")
    for r in rows:
        print(f"{r['hands']:>4} hands {r['bytes']:>7} {r['wire_bytes']:>7} {r['requests']:>8} "
              f"{r['third_party']:>9} {r['statements']:>4}")
    ok = (all(r["wire_bytes"] <= BUDGET_WIRE_BYTES
              and r["requests"] <= BUDGET_REQUESTS and not r["third_party"] for r in rows)
          and len({r["statements"] for r in rows}) == 1)
    print("budget:", "held" if ok else "BROKEN",
          f"(<= {BUDGET_WIRE_BYTES} on the wire, <= {BUDGET_REQUESTS} requests, "
          "none third-party, same SQL count)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
