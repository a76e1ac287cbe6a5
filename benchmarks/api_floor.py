"""The least an API answer listing every hand can cost, against what it costs (issue 36).

Run: .venv/bin/python benchmarks/api_floor.py

The contract (DESIGN.md) has GET /api/games/<id>, and every write's answer, list every hand of
the game with each seat's cards and points. Issue 36 asks every answer at hand 1,000 to cost
under 2x hand 1. This measures, on SQLite in-process (CPU time, medians), on a game of 1 hand
and one of 1,000:
  get          GET /api/games/<id> as the app answers it (the hands read as rows, then
               encoded by Python);
  sql floor    SQLite alone writing the 1,000 hands' JSON text, in the contract's shape,
               with its own string functions: one text a hand, the players' names quoted
               by json_quote, no Python object made per seat. Any answer that reads and
               encodes the hands when asked pays at least this (a stored copy of each hand's
               JSON would not, and is what the brief rules out);
and prints the ratio hand 1,000 / hand 1 of `get`, and of `get` at hand 1 plus the floor.
Then GET /api/tables/<id> at a table of 10 finished games and one of 500 (benchmarks/tables.py's
server), whole and without its list of every game (the same stats and league), in-process.
"""
from __future__ import annotations

import gc
import json
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.save_cost import _game, bench_config  # noqa: E402
from benchmarks import tables as table_bench  # noqa: E402
from scorekeeper import create_app  # noqa: E402
from scorekeeper.api.tables import table_dict  # noqa: E402
from scorekeeper.services.table_stats import table_summary  # noqa: E402

REPEAT = 21
# Each hand as the contract shows it, written by the database (a hand's cards are stored as
# space-separated tokens, which hold no character JSON must escape).
HANDS_AS_JSON = """
SELECT '{"dealer":' || json_quote(d.name)
 || ',"held":{' || group_concat(json_quote(p.name) || ':' || CASE c.cards WHEN '' THEN '[]'
                   ELSE '["' || replace(c.cards, ' ', '","') || '"]' END, ',')
 || '},"id":' || json_quote(h.public_id) || ',"number":' || h.number
 || ',"points":{' || group_concat(json_quote(p.name) || ':' || s.held, ',')
 || '},"revision":' || h.revision
 || ',"typed_totals":{' || coalesce(group_concat(CASE WHEN c.typed_total IS NOT NULL
                          THEN json_quote(p.name) || ':' || c.typed_total END, ','), '')
 || '},"winner":' || coalesce(json_quote(max(CASE WHEN s.went_out THEN p.name END)), 'null') || '}'
FROM hands h JOIN players d ON d.game_id = h.game_id AND d.seat = h.dealer_seat
 JOIN held_cards c ON c.hand_id = h.id JOIN players p ON p.id = c.player_id
 JOIN hand_scores s ON s.hand_id = h.id AND s.player_id = c.player_id
WHERE h.game_id = ? GROUP BY h.id ORDER BY h.number
"""


def _cpu_ms(run) -> float:
    run()
    gc.freeze()
    times = []
    for _ in range(REPEAT):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return statistics.median(times) * 1000


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(bench_config(folder))
        client = app.test_client()
        small, big = _game(app, (client,), 1), _game(app, (client,), 1000)
        database = sqlite3.connect(f"{folder}/bench.sqlite3")

        def hands_by_sql(game_id: str) -> str:
            return "[" + ",".join(row[0] for row in database.execute(HANDS_AS_JSON, (game_id,))) + "]"

        assert json.loads(hands_by_sql(big.id)) == client.get(f"/api/games/{big.id}").json["hands"]
        get = {g.id: _cpu_ms(lambda: client.get(f"/api/games/{g.id}")) for g in (small, big)}
        floor = _cpu_ms(lambda: hands_by_sql(big.id))
        size = len(client.get(f"/api/games/{big.id}").data)
        database.close()
    one, thousand = get[small.id], get[big.id]
    print(time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), f"SQLite {sqlite3.sqlite_version}, CPU ms, median of {REPEAT}")
    print(f"GET /api/games/<id>: hand 1 {one:.1f}, hand 1,000 {thousand:.1f} ({size:,} bytes): x{thousand / one:.2f}")
    print(f"SQLite writing the 1,000 hands' JSON alone: {floor:.1f}")
    print(f"floor at hand 1,000 (the answer at hand 1 plus that): {one + floor:.1f}: x{(one + floor) / one:.2f}")
    tables()
    return 0


def _unlisted(summary):
    summary.__dict__["games"] = []  # TableSummary.games is a cached_property: its list, never read
    return summary


def tables() -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite3", "SECRET_KEY": "bench",
                          "TESTING": True})
        with app.app_context():
            ids = table_bench.seed()
        client = app.test_client()
        whole = {size: _cpu_ms(lambda: client.get(f"/api/tables/{ids[size]}")) for size in table_bench.SIZES}
        with app.test_request_context():
            unlisted = {size: _cpu_ms(lambda: json.dumps(table_dict(_unlisted(table_summary(ids[size])))))
                        for size in table_bench.SIZES}
    small, big = table_bench.SIZES
    print(f"GET /api/tables/<id>: {small} games {whole[small]:.1f}, {big} games {whole[big]:.1f}: "
          f"x{whole[big] / whole[small]:.2f}")
    print(f"  its stats and league without the list of games: {unlisted[small]:.1f}, {unlisted[big]:.1f}: "
          f"x{unlisted[big] / unlisted[small]:.2f}")


if __name__ == "__main__":
    sys.exit(main())
