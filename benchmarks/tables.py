"""On a server holding 5,000 games: a family table's page for a table of 10 games and one of
500, with its stats and its family league (every game finished, so the league counts them
all), and the home page of a phone that knows nothing, 10 games or 60 (its most).

Run: .venv/bin/python benchmarks/tables.py
Shown as ratios in one run (absolute times on a shared machine mean little): the 500-game
table against the 10-game one, first look (stats computed) and later looks (kept per table
version), with the SQL statements each costs, which must not grow with the games; the home
page costs by what the phone knows, never by the server's games.
"""
from __future__ import annotations

import json
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

from sqlalchemy import text

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.page_weight import counting_statements  # noqa: E402
from scorekeeper import create_app  # noqa: E402
from scorekeeper.models import db, utcnow  # noqa: E402
from scorekeeper.access.devices import device_hash  # noqa: E402
from scorekeeper.services import keys, table_stats  # noqa: E402
from scorekeeper.ids import new_public_id  # noqa: E402

SERVER_GAMES = 5_000
SIZES = (10, 500)
HANDS = 4
NAMES = ["Ana", "Ben", "Cy", "Dee"]
KEY = "bench-table-key"
TARGET = 200  # each hand's winner takes 3 x 77 = 231: every game ends in its first hand


def _rows(game_ids, table_id, roster):
    """Seats, hands and held cards for games of four, each hand won by the next seat."""
    seats, hands, cards = [], [], []
    for g in game_ids:
        for s, name in enumerate(NAMES):
            seats.append({"id": g * 10 + s, "g": g, "seat": s, "name": name,
                          "r": roster.get(name) if table_id else None})
        for n in range(1, HANDS + 1):
            hand_id = g * 10 + n
            hands.append({"id": hand_id, "g": g, "n": n, "at": utcnow()})
            for s in range(4):
                held = "" if s == n % 4 else "7 skip wild"
                cards.append({"h": hand_id, "p": g * 10 + s, "c": held})
    return seats, hands, cards


def seed() -> dict[int, str]:
    """SERVER_GAMES games straight into the database; two of its tables hold SIZES games."""
    now = utcnow()
    tables, games, seats, hands, cards = {}, [], [], [], []
    first = 1
    for size in (*SIZES, SERVER_GAMES - sum(SIZES)):
        table_id = new_public_id() if size in SIZES else None
        roster = {}
        if table_id:
            tables[size] = table_id
            db.session.execute(text("INSERT INTO family_tables VALUES (:id, :name, :h, :at, :at)"),
                               {"id": table_id, "name": f"{size} games", "h": keys.hash_key(KEY), "at": now})
            for i, name in enumerate(NAMES):
                roster[name] = size * 100 + i
                db.session.execute(text("INSERT INTO table_players (id, table_id, name, name_key) "
                                        "VALUES (:id, :t, :n, :k)"),
                                   {"id": roster[name], "t": table_id, "n": name, "k": name.casefold()})
        ids = range(first, first + size)
        first += size
        games += [{"id": str(g), "t": table_id, "at": now, "h": keys.hash_key(KEY)} for g in ids]
        more = _rows(ids, table_id, roster)
        seats, hands, cards = seats + more[0], hands + more[1], cards + more[2]
    _insert(games, seats, hands, cards)
    return tables


def _insert(games, seats, hands, cards) -> None:
    rules = json.dumps({"zero_counts_ten": False, "stacking": False, "uno_penalty": None})
    db.session.execute(text(
        "INSERT INTO games (id, edition, scoring, target, house_rules, edit_key_hash, version, "
        f"created_at, updated_at, table_id) VALUES (:id, 'classic', 'winner-takes-points', {TARGET}, "
        f"'{rules}', :h, 1, :at, :at, :t)"), games)
    db.session.execute(text("INSERT INTO players (id, game_id, seat, name, roster_id) "
                            "VALUES (:id, :g, :seat, :name, :r)"), seats)
    db.session.execute(text("INSERT INTO hands (id, game_id, number, revision, created_at) "
                            "VALUES (:id, :g, :n, 1, :at)"), hands)
    db.session.execute(text("INSERT INTO held_cards (hand_id, player_id, cards) VALUES (:h, :p, :c)"), cards)
    db.session.commit()


PHONES = {"knows nothing": 0, "knows 10": 10, "knows 60": 60}  # games each phone knows


def phone(app, known: int):
    """A phone (device cookie) that opened `known` of the server's games and both tables."""
    device = secrets.token_urlsafe(32)  # as access/devices.py makes them
    now = utcnow()
    if known:
        db.session.execute(text("INSERT INTO device_games (device_hash, game_id, created_at, last_used_at) "
                                "VALUES (:d, :g, :at, :at)"),
                           [{"d": device_hash(device), "g": str(g), "at": now} for g in range(1, known + 1)])
        db.session.execute(text("INSERT INTO device_tables (device_hash, table_id, created_at, last_used_at) "
                                "SELECT :d, id, :at, :at FROM family_tables"), {"d": device_hash(device), "at": now})
        db.session.commit()
    client = app.test_client()
    client.set_cookie("device", device)
    return client


def look(client, app, path: str, rounds: int = 15) -> dict:
    for _ in range(2):  # a first look gets the phone its cookie; the next is remembered as a visit
        client.get(path)
    table_stats.clear()
    with counting_statements(app) as cold_sql:
        start = time.perf_counter()
        page = client.get(path)
        cold = time.perf_counter() - start
    assert page.status_code == 200, path
    with counting_statements(app) as warm_sql:
        client.get(path)
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        client.get(path)
        times.append(time.perf_counter() - start)
    return {"cold": cold, "warm": statistics.median(times), "cold_sql": cold_sql["n"],
            "warm_sql": warm_sql["n"], "bytes": len(page.data)}


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite3",
                          "SECRET_KEY": "bench", "TESTING": True})
        with app.app_context():
            tables = seed()
            phones = {name: phone(app, known) for name, known in PHONES.items()}
        client = app.test_client()
        rows = {size: look(client, app, f"/tables/{tables[size]}") for size in SIZES}
        api = {size: look(client, app, f"/api/tables/{tables[size]}") for size in SIZES}
        for name, known in PHONES.items():  # each phone sees exactly what it knows
            listed = phones[name].get("/").get_data(as_text=True).count('href="/games/')
            assert listed == 1 + min(known, 60), (name, listed)  # 1: the "New game" link
        homes = {name: look(c, app, "/") for name, c in phones.items()}
        league = {size: client.get(f"/api/tables/{tables[size]}").json["league"] for size in SIZES}
    small, big = rows[SIZES[0]], rows[SIZES[1]]
    print(f"server: {SERVER_GAMES} games; tables of {SIZES[0]} and {SIZES[1]} games, {HANDS} hands each")
    print(f"{'table':>10} {'first ms':>9} {'later ms':>9} {'SQL first':>9} {'SQL later':>9} {'bytes':>7}")
    for size, r in list(rows.items()) + [(f"api {s}", r) for s, r in api.items()]:
        print(f"{size:>10} {r['cold'] * 1000:>9.1f} {r['warm'] * 1000:>9.2f} {r['cold_sql']:>9} "
              f"{r['warm_sql']:>9} {r['bytes']:>7}")
    print(f"ratio {SIZES[1]}/{SIZES[0]} games: first look x{big['cold'] / small['cold']:.1f}, "
          f"later looks x{big['warm'] / small['warm']:.2f}")
    for name, r in homes.items():
        print(f"{'home, ' + name:>18} {r['cold'] * 1000:>9.1f} {r['warm'] * 1000:>9.2f} {r['cold_sql']:>9} "
              f"{r['warm_sql']:>9} {r['bytes']:>7}")
    home = [homes[name]["warm"] for name in PHONES]
    print(f"ratio home page: a phone knowing 10 games / knowing none x{home[1] / home[0]:.2f}, "
          f"60 / 10 x{home[2] / home[1]:.2f}; against the 10-game table page x{home[1] / small['warm']:.2f}")
    for size, rows_ in league.items():
        counted = sum(r["games_played"] for r in rows_) // len(NAMES)
        print(f"league of the {size}-game table: {len(rows_)} players, {counted} finished games counted")
        assert counted == size, (size, counted)
    same_sql = all(a[k] == b[k] for a, b in ((small, big), (api[SIZES[0]], api[SIZES[1]]))
                   for k in ("cold_sql", "warm_sql"))
    print("SQL statements:", "the same for both tables" if same_sql else "GROW WITH THE GAMES")
    home_sql = homes["knows 10"]["warm_sql"] == homes["knows 60"]["warm_sql"]
    print("home page SQL statements:", "the same for 10 and 60 known games" if home_sql
          else "GROW WITH THE GAMES")
    return 0 if same_sql and home_sql else 1


if __name__ == "__main__":
    sys.exit(main())
