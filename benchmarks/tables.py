"""On a server holding 5,000 games: a family table's page for a table of 10 games and one of
500, with its stats and its family league (every game finished, so the league counts them
all), the table's screen (/tables/<id>/live) and its poll, and the home page of a phone that
knows nothing, 10 games or 60 (its most). Then a worker's memory for a heavy table.

Run: .venv/bin/python benchmarks/tables.py
Shown as ratios in one run (absolute times on a shared machine mean little):
- the 500-game table page against the 10-game one, first look (a worker that has kept
  nothing) and later looks (nothing is kept: both read the per-seat rows); the
  SQL statements each costs, which must not grow with the games;
- a look after one edit in one of the 500 games, and after a hand saved in a game still going,
  against a kept look (budget: within 2x), in the worker that wrote and in one that has kept
  nothing; and the writes themselves (each stores the table's overview once it has committed),
  at the 500-game table against the 10-game one;
- the screen's first and later looks, and its poll (a 304, as a watching phone with its
  device cookie and the ETag it was given polls it) against a bare Flask route asked by the
  same phone, beside the scoreboard's poll against the same bare route;
- the home page costs by what the phone knows, never by the server's games;
- a fresh worker's memory (RSS) idle, then after the first look at a heavy table (59 games of
  1,000 hands of two players: 118,000 held-card rows, past what a table may now take);
  budget: within 50 MB of idle.
"""
from __future__ import annotations

import json
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

from sqlalchemy import inspect, text

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.page_weight import counting_statements  # noqa: E402
from scorekeeper import create_app  # noqa: E402
from scorekeeper.models import db, utcnow  # noqa: E402
from scorekeeper.access.devices import device_hash  # noqa: E402
from scorekeeper.services import keys, table_game_seats  # noqa: E402
from scorekeeper.ids import new_hand_id, new_public_id  # noqa: E402

_VERSIONS = Path(__file__).resolve().parent.parent / "scorekeeper/migrations/versions"


def _migration(name: str):
    import importlib.util
    spec = importlib.util.spec_from_file_location(f"migration_{name}", _VERSIONS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def score_stored_hands(bind, skip=frozenset()) -> None:
    """hand_scores rows for hands inserted straight into the database, by migration 0014's
    code, and who went out in each (0017's) when the schema has that column."""
    _migration("0014_hand_scores")._score_stored_hands(bind, skip)
    if "went_out" in {c["name"] for c in inspect(bind).get_columns("hand_scores")}:
        _migration("0017_hand_scores_went_out").fill_went_out(bind)

SERVER_GAMES = 5_000
SIZES = (10, 500)
HANDS = 4
NAMES = ["Ana", "Ben", "Cy", "Dee"]
KEY = "bench-table-key"
TARGET = 200  # each hand's winner takes 3 x 77 = 231: every game ends in its first hand


def public(number: int) -> str:
    """A seeded game's id, shaped as the app's public ids are (pages look them up)."""
    return f"bench{number:011d}"


def _rows(game_ids, table_id, roster):
    """Seats, hands and held cards for games of four, each hand won by the next seat."""
    seats, hands, cards = [], [], []
    for g in game_ids:
        for s, name in enumerate(NAMES):
            seats.append({"id": g * 10 + s, "g": public(g), "seat": s, "name": name,
                          "r": roster.get(name) if table_id else None})
        for n in range(1, HANDS + 1):
            hand_id = g * 10 + n
            hands.append({"id": hand_id, "pid": new_hand_id(), "g": public(g), "n": n, "at": utcnow()})
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
            db.session.execute(text(
                "INSERT INTO family_tables (id, name, edit_key_hash, created_at, updated_at) "
                "VALUES (:id, :name, :h, :at, :at)"),
                {"id": table_id, "name": f"{size} games", "h": keys.hash_key(KEY), "at": now})
            for i, name in enumerate(NAMES):
                roster[name] = size * 100 + i
                db.session.execute(text("INSERT INTO table_players (id, table_id, name, name_key) "
                                        "VALUES (:id, :t, :n, :k)"),
                                   {"id": roster[name], "t": table_id, "n": name, "k": name.casefold()})
        ids = range(first, first + size)
        first += size
        games += [{"id": public(g), "t": table_id, "at": now, "h": keys.hash_key(KEY)} for g in ids]
        more = _rows(ids, table_id, roster)
        seats, hands, cards = seats + more[0], hands + more[1], cards + more[2]
    _insert(games, seats, hands, cards)
    for table_id in tables.values():  # as every write to a table game leaves them
        table_game_seats.store_fresh(table_id)
    return tables


def _insert(games, seats, hands, cards, target: int = TARGET) -> None:
    rules = json.dumps({"zero_counts_ten": False, "stacking": False, "uno_penalty": None})
    db.session.execute(text(
        "INSERT INTO games (id, edition, scoring, target, house_rules, edit_key_hash, version, "
        f"created_at, updated_at, table_id) VALUES (:id, 'classic', 'winner-takes-points', {target}, "
        f"'{rules}', :h, 1, :at, :at, :t)"), games)
    db.session.execute(text("INSERT INTO players (id, game_id, seat, name, roster_id) "
                            "VALUES (:id, :g, :seat, :name, :r)"), seats)
    db.session.execute(text("INSERT INTO hands (id, public_id, game_id, number, revision, created_at) "
                            "VALUES (:id, :pid, :g, :n, 1, :at)"), hands)
    db.session.execute(text("INSERT INTO held_cards (hand_id, player_id, cards) VALUES (:h, :p, :c)"), cards)
    db.session.commit()
    scored = {row[0] for row in db.session.execute(text("SELECT DISTINCT game_id FROM hand_scores"))}
    score_stored_hands(db.session.connection(), skip=scored)  # as migration 0014 scores stored hands
    db.session.commit()


PHONES = {"knows nothing": 0, "knows 10": 10, "knows 60": 60}  # games each phone knows


def phone(app, known: int):
    """A phone (device cookie) that opened `known` of the server's games and both tables."""
    device = secrets.token_urlsafe(32)  # as access/devices.py makes them
    now = utcnow()
    if known:
        db.session.execute(text("INSERT INTO device_games (device_hash, game_id, created_at, last_used_at) "
                                "VALUES (:d, :g, :at, :at)"),
                           [{"d": device_hash(device), "g": public(g), "at": now} for g in range(1, known + 1)])
        db.session.execute(text("INSERT INTO device_tables (device_hash, table_id, created_at, last_used_at) "
                                "SELECT :d, id, :at, :at FROM family_tables"), {"d": device_hash(device), "at": now})
        db.session.commit()
    client = app.test_client()
    client.set_cookie("device", device)
    return client


def look(client, app, path: str, rounds: int = 15) -> dict:
    for _ in range(2):  # a first look gets the phone its cookie; the next is remembered as a visit
        client.get(path)
    app.extensions.get("table_live_pages") and app.extensions["table_live_pages"].clear()
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
    return {"cold": cold, "warm": statistics.median(times), "cold_sql": len(cold_sql),
            "warm_sql": len(warm_sql), "bytes": len(page.data)}


def timed(client, path: str, headers: dict | None = None, rounds: int = 15) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        client.get(path, headers=headers or {})
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def after_one_save(client, app, table_id: str, rounds: int = 7) -> dict:
    """A look right after an edit (through the API, with the table's key) of hand 1 of one of
    the table's finished games, against a kept look; medians of `rounds`. The edit changes
    the points of that hand, so the game's league record changes too. Also the edit itself
    (which stores the table's overview once it has committed), and a look right after it by
    a worker that has kept nothing of the table (another worker, or one just started)."""
    path = f"/tables/{table_id}"
    with app.app_context():
        game_id = db.session.scalar(text("SELECT id FROM games WHERE table_id = :t LIMIT 1"), {"t": table_id})
    after, kept, edits, elsewhere = [], [], [], []
    for n in range(rounds):
        client.get(path)
        held = {name: ([] if i == 1 else [("7", "8")[n % 2] if i == 2 else "7", "skip", "wild"])
                for i, name in enumerate(NAMES)}  # seat 1 went out in hand 1
        start = time.perf_counter()
        edited = client.put(f"/api/games/{game_id}/hands/1", json={"held": held},
                            headers={"Authorization": f"Bearer {KEY}"})
        edits.append(time.perf_counter() - start)
        assert edited.status_code == 200 and edited.json["game"]["finished"], edited.json
        start = time.perf_counter()
        client.get(path)
        after.append(time.perf_counter() - start)
        kept.append(timed(client, path, rounds=3))
    for n in range(rounds):  # after the others: forgetting everything makes this worker's next edit combine all
        held = {name: ([] if i == 1 else [("7", "8")[n % 2] if i == 2 else "7", "skip", "wild"])
                for i, name in enumerate(NAMES)}
        assert client.put(f"/api/games/{game_id}/hands/1", json={"held": held},
                          headers={"Authorization": f"Bearer {KEY}"}).status_code == 200
        start = time.perf_counter()
        client.get(path)
        elsewhere.append(time.perf_counter() - start)
    return {"after": statistics.median(after), "kept": statistics.median(kept), "edit": statistics.median(edits),
            "elsewhere": statistics.median(elsewhere)}


def after_a_hand(client, table_id: str, rounds: int = 7) -> dict:
    """A look right after a hand saved (through the API, with the table's key) in a game still
    going at the table, the evening's usual save, against a kept look; medians of `rounds`."""
    path = f"/tables/{table_id}"
    game = client.post("/api/games", json={"players": NAMES, "table": table_id, "target": 100_000},
                       headers={"Authorization": f"Bearer {KEY}"})
    assert game.status_code == 201, game.json
    after, kept, saves = [], [], []
    for n in range(rounds):
        client.get(path)
        held = {name: ([] if i == n % 4 else ["7", "skip"]) for i, name in enumerate(NAMES)}
        start = time.perf_counter()
        saved = client.post(f"/api/games/{game.json['id']}/hands", json={"held": held},
                            headers={"Authorization": f"Bearer {KEY}"})
        saves.append(time.perf_counter() - start)
        assert saved.status_code == 201, saved.json
        start = time.perf_counter()
        client.get(path)
        after.append(time.perf_counter() - start)
        kept.append(timed(client, path, rounds=3))
    return {"after": statistics.median(after), "kept": statistics.median(kept), "save": statistics.median(saves)}


def polls(app, table_id: str, game_id: str, rounds: int = 7, each: int = 200) -> dict:
    """The screen's poll and the scoreboard's poll (304s) and a bare route, asked by the same
    watching phone (its device cookie, its ETag, a phone's headers), interleaved; medians."""
    phone = app.test_client()
    headers = {"Accept-Encoding": "gzip, br", "Accept-Language": "en-GB,en;q=0.9"}
    phone.get(f"/games/{game_id}", headers=headers)  # its first look gets it its cookie
    live = phone.get(f"/tables/{table_id}/live/board", headers=headers)
    board = phone.get(f"/games/{game_id}/board", headers=headers)
    routes = {"bare": ("/_bare", {}),
              "table screen poll": (f"/tables/{table_id}/live/board", {"If-None-Match": live.headers["ETag"]}),
              "scoreboard poll": (f"/games/{game_id}/board", {"If-None-Match": board.headers["ETag"]})}
    for path, extra in routes.values():
        answer = phone.get(path, headers=headers | extra)
        assert answer.status_code in (200, 304), path
        assert path == "/_bare" or answer.status_code == 304, path
    results: dict = {name: [] for name in routes}
    for _ in range(rounds):
        for name, (path, extra) in routes.items():
            results[name].append(timed(phone, path, headers | extra, rounds=each) )
    return {name: statistics.median(t) for name, t in results.items()}


HEAVY_GAMES, HEAVY_HANDS = 59, 1_000

WORKER = """
import resource, sys, time
sys.path.insert(0, {root!r})
from scorekeeper import create_app
def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * resource.getpagesize() / 2**20
app = create_app({{"SQLALCHEMY_DATABASE_URI": {uri!r}, "SECRET_KEY": "bench", "TESTING": True}})
client = app.test_client()
client.get("/tables/{small}")  # a worker that has served a page: its idle size
idle = rss()
peak_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
start = time.perf_counter()
assert client.get("/tables/{heavy}").status_code == 200
took = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(idle, rss(), peak_before, peak, took)
"""


def heavy_table(app) -> str:
    """A table of HEAVY_GAMES games of HEAVY_HANDS hands of two players, straight in."""
    now = utcnow()
    table_id = new_public_id()
    db.session.execute(text("INSERT INTO family_tables (id, name, edit_key_hash, created_at, updated_at) "
                            "VALUES (:id, 'heavy', :h, :at, :at)"), {"id": table_id, "h": keys.hash_key(KEY), "at": now})
    for i, name in enumerate(NAMES[:2]):
        db.session.execute(text("INSERT INTO table_players (id, table_id, name, name_key) VALUES (:id, :t, :n, :k)"),
                           {"id": 90_000 + i, "t": table_id, "n": name, "k": name.casefold()})
    games, seats, hands, cards = [], [], [], []
    for g in range(1_000_000, 1_000_000 + HEAVY_GAMES):
        games.append({"id": public(g), "t": table_id, "at": now, "h": keys.hash_key(KEY)})
        for s, name in enumerate(NAMES[:2]):
            seats.append({"id": g * 10 + s, "g": public(g), "seat": s, "name": name, "r": 90_000 + s})
        for n in range(1, HEAVY_HANDS + 1):
            hand_id = g * 10_000 + n
            hands.append({"id": hand_id, "pid": new_hand_id(), "g": public(g), "n": n, "at": now})
            for s in range(2):
                cards.append({"h": hand_id, "p": g * 10 + s, "c": "" if s == n % 2 else "7"})
    _insert(games, seats, hands, cards, target=100_000)  # never finished: every hand counts
    # no per-seat rows: as a database just migrated (the first look writes them)
    return table_id


def table_saves(app, repeat: int = 5) -> dict[tuple[str, int], float]:
    """CPU time of one hand saved through the API at hand 1 and at hand 1,000, in a game at a
    family table (its summary stored with the save) and in a game on its own; medians of
    `repeat`, each on a game of its own, restored one hand short and looked at once (a worker
    that has seen the game: saving is what is measured, not loading)."""
    from benchmarks.restore import FOUR, backup
    from scorekeeper.models import FamilyTable
    from scorekeeper.services.backups.restore import restore
    from scorekeeper.services.backups.table_restore import IntoTable
    import gc
    made = app.test_client().post("/api/tables", json={"name": "saves"}).json
    times: dict = {}
    for where in ("table", "alone"):
        for size in (1, 1_000):
            taken = []
            for _ in range(repeat):
                with app.app_context():
                    into = IntoTable(db.session.get(FamilyTable, made["id"])) if where == "table" else None
                    game = restore(backup(1, size - 1), into=into)[0]
                    table_game_seats.store_fresh(made["id"])  # as the game's last save wrote them
                key = made["edit_key"] if where == "table" else game.edit_key
                client = app.test_client()
                client.get(f"/api/games/{game.id}")
                held = {p: [] if i == 0 else ["7", "skip"] for i, p in enumerate(FOUR)}
                gc.freeze()  # as benchmarks/save_cost.py: earlier requests' objects are not this save's
                start = time.process_time()
                answer = client.post(f"/api/games/{game.id}/hands", json={"held": held},
                                     headers={"Authorization": f"Bearer {key}"})
                taken.append(time.process_time() - start)
                gc.unfreeze()
                assert answer.status_code == 201, answer.json
            times[(where, size)] = statistics.median(taken)
    return times


def worker_memory(uri: str, small: str, heavy: str) -> tuple[float, ...]:
    import subprocess
    code = WORKER.format(root=str(Path(__file__).resolve().parent.parent), uri=uri, small=small, heavy=heavy)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return tuple(float(x) for x in out.split())


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        uri = f"sqlite:///{folder}/bench.sqlite3"
        app = create_app({"SQLALCHEMY_DATABASE_URI": uri, "SECRET_KEY": "bench", "TESTING": True})
        app.add_url_rule("/_bare", "bare", lambda: "ok")
        with app.app_context():
            tables = seed()
            phones = {name: phone(app, known) for name, known in PHONES.items()}
            heavy = heavy_table(app)
        client = app.test_client()
        rows = {size: look(client, app, f"/tables/{tables[size]}") for size in SIZES}
        api = {size: look(client, app, f"/api/tables/{tables[size]}") for size in SIZES}
        screens = {size: look(client, app, f"/tables/{tables[size]}/live") for size in SIZES}
        edited = {size: after_one_save(client, app, tables[size]) for size in SIZES}
        handed = {size: after_a_hand(client, tables[size]) for size in SIZES}
        saved, hand = edited[SIZES[1]], handed[SIZES[1]]
        for name, known in PHONES.items():  # each phone sees exactly what it knows
            listed = phones[name].get("/").get_data(as_text=True).count('href="/games/')
            assert listed == 1 + min(known, 60), (name, listed)  # 1: the "New game" link
        homes = {name: look(c, app, "/") for name, c in phones.items()}
        league = {size: client.get(f"/api/tables/{tables[size]}").json["league"] for size in SIZES}
        newest = client.get(f"/api/tables/{tables[SIZES[1]]}").json["games"][1]["id"]  # [0]: the one in progress
        poll = polls(app, tables[SIZES[1]], newest)
        saves = table_saves(app)
        memory = worker_memory(uri, tables[SIZES[0]], heavy)  # no per-seat rows yet: each game scored
        with app.app_context():
            table_game_seats.store_fresh(heavy)
        memory_stored = worker_memory(uri, tables[SIZES[0]], heavy)
    small, big = rows[SIZES[0]], rows[SIZES[1]]
    print(time.strftime("measured %Y-%m-%d %H:%M UTC", time.gmtime()))
    print(f"server: {SERVER_GAMES} games; tables of {SIZES[0]} and {SIZES[1]} games, {HANDS} hands each")
    print(f"{'page':>14} {'first ms':>9} {'later ms':>9} {'SQL first':>9} {'SQL later':>9} {'bytes':>7}")
    listed = [(f"table {s}", r) for s, r in rows.items()] + [(f"api {s}", r) for s, r in api.items()]
    listed += [(f"screen {s}", r) for s, r in screens.items()]
    for size, r in listed:
        print(f"{size:>14} {r['cold'] * 1000:>9.1f} {r['warm'] * 1000:>9.2f} {r['cold_sql']:>9} "
              f"{r['warm_sql']:>9} {r['bytes']:>7}")
    first_ratio = big["cold"] / small["cold"]
    print(f"ratio {SIZES[1]}/{SIZES[0]} games: first look x{first_ratio:.1f} (budget 2x), "
          f"later looks x{big['warm'] / small['warm']:.2f}")
    save_ratio = saved["after"] / saved["kept"]
    print(f"a look after an edit in one of {SIZES[1]} finished games: {saved['after'] * 1000:.1f} ms against a kept "
          f"look's {saved['kept'] * 1000:.2f} ms: x{save_ratio:.1f} (budget 2x)")
    print(f"a look after a hand saved in a game in progress at the {SIZES[1]}-game table: "
          f"{hand['after'] * 1000:.1f} ms against a kept look's {hand['kept'] * 1000:.2f} ms: "
          f"x{hand['after'] / hand['kept']:.1f} (budget 2x)")
    print(f"a look after that edit by a worker that kept nothing: "
          f"{saved['elsewhere'] * 1000:.1f} ms: x{saved['elsewhere'] / saved['kept']:.1f} a kept look; "
          f"at {SIZES[0]} games {edited[SIZES[0]]['elsewhere'] * 1000:.1f} ms: "
          f"{SIZES[1]}/{SIZES[0]} x{saved['elsewhere'] / edited[SIZES[0]]['elsewhere']:.2f}")
    small_edit, small_hand = edited[SIZES[0]]["edit"], handed[SIZES[0]]["save"]
    print(f"the write itself (the API answer, the game's per-seat rows in its transaction), {SIZES[1]} games against "
          f"{SIZES[0]}: an edit in a finished game {saved['edit'] * 1000:.1f} ms against {small_edit * 1000:.1f} "
          f"(x{saved['edit'] / small_edit:.2f}); a hand saved in a game in progress {hand['save'] * 1000:.1f} ms "
          f"against {small_hand * 1000:.1f} (x{hand['save'] / small_hand:.2f})")
    screen_small, screen_big = screens[SIZES[0]], screens[SIZES[1]]
    print(f"table screen {SIZES[1]}/{SIZES[0]} games: first look x{screen_big['cold'] / screen_small['cold']:.2f}, "
          f"later looks x{screen_big['warm'] / screen_small['warm']:.2f}")
    print("polls (ms, medians): " + ", ".join(f"{name} {t * 1000:.3f}" for name, t in poll.items()))
    print(f"table screen poll / bare x{poll['table screen poll'] / poll['bare']:.2f}; "
          f"scoreboard poll / bare x{poll['scoreboard poll'] / poll['bare']:.2f}")
    for name, r in homes.items():
        print(f"{'home, ' + name:>18} {r['cold'] * 1000:>9.1f} {r['warm'] * 1000:>9.2f} {r['cold_sql']:>9} "
              f"{r['warm_sql']:>9} {r['bytes']:>7}")
    home = [homes[name]["warm"] for name in PHONES]
    print(f"ratio home page: a phone knowing 10 games / knowing none x{home[1] / home[0]:.2f}, "
          f"60 / 10 x{home[2] / home[1]:.2f}; against the 10-game table page x{home[1] / small['warm']:.2f}")
    for size, rows_ in league.items():
        counted = sum(r["games_played"] for r in rows_) // len(NAMES)  # finished games only
        print(f"league of the {size}-game table: {len(rows_)} players, {counted} finished games counted")
        assert counted == size, (size, counted)
    for what, (idle, after, peak_before, peak, took) in (("no per-seat rows yet", memory),
                                                          ("per-seat rows written", memory_stored)):
        # ru_maxrss is the process's lifetime peak: starting the app (schema check, catalogues)
        # may set it; the look's own peak shows only if it goes past that
        print(f"worker memory, {what}: idle {idle:.0f} MB; after the heavy table's first look ({HEAVY_GAMES} "
              f"games x {HEAVY_HANDS} hands, {took:.2f} s) {after:.0f} MB (+{after - idle:.0f} MB, budget 50 MB); "
              f"lifetime peak {peak_before:.0f} MB before the look, {peak:.0f} MB after")
    for where in ("table", "alone"):
        one, thousand = saves[(where, 1)], saves[(where, 1_000)]
        print(f"API save, a game {'at a table' if where == 'table' else 'on its own'}: hand 1 {one * 1000:.1f} ms, "
              f"hand 1,000 {thousand * 1000:.1f} ms CPU: x{thousand / one:.2f} (budget 2x)")
    same_sql = all(a[k] == b[k] for a, b in ((small, big), (api[SIZES[0]], api[SIZES[1]]),
                                              (screen_small, screen_big)) for k in ("cold_sql", "warm_sql"))
    print("SQL statements:", "the same for both tables" if same_sql else "GROW WITH THE GAMES")
    home_sql = homes["knows 10"]["warm_sql"] == homes["knows 60"]["warm_sql"]
    print("home page SQL statements:", "the same for 10 and 60 known games" if home_sql
          else "GROW WITH THE GAMES")
    return 0 if same_sql and home_sql else 1


if __name__ == "__main__":
    sys.exit(main())
