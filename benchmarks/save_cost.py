"""What saving a hand, and the first look after it, cost as a game grows (issues 12 and 30):
hand 1 against hand 1,000.

Run: .venv/bin/python benchmarks/save_cost.py [saves] [edits] [cold] [screen] [api]
Saves (a new hand), on a game one hand short of each size:
  form        the keypad's save (the write, then the redirect);
  view        the scoreboard's first look after that save (a new version: not in the page cache);
  keypad      the keypad page opened for the next hand;
  other form  a save in another worker (its own app on the same database) that last saw the
              game before this worker saved a hand, as any worker of a multi-worker server
              (hand 2 in the first row: hand 1 has no earlier save);
  other view  that worker's first look after its save;
  api         the JSON API's save, whose answer holds the whole game (docs/api.md).
Cold (`cold` part): the same phone's form save, API save and first scoreboard view, each in a
worker that has kept nothing (a new app on the same database, as after a restart or a deploy):
  cold form, cold api, cold view.
Pages (`pages` part, issue 36): each page a phone opens, looked at first after a save made the
game a new version (so no page is served from the page cache), at hand 1 against hand 1,000:
the scoreboard, its poll, the every-hand page, the keypad for a new hand and for editing hand 1,
the delete page for hand 1; "warm" in a worker that showed the game's pages before the save,
"cold" each in a worker that has kept nothing. A row at hand 50 too: there the scoreboard and
an every-hand page show as many hands as at 1,000 (a page at hand 1 shows one).
Screen (`screen` part): the table screen's live part (/tables/<id>/live/board) rendered for
the version a save just made, in a game at a family table: in the worker that saved
(screen) and in one that has kept nothing (cold screen).
Figures are this process's CPU time (the test client runs the app and SQLite in-process), as
ratios to the first hand's in the same run: on a shared machine wall times swing 3x with the
neighbours' load, and absolute times mean little. Each passes when hand 1,000 costs under 2x hand 1.
The pages read a game's sums and only the hands they show (services/game_read.py); the JSON
API's answers, which hold every hand, read them all from their rows (services/game_rows.py).

API (`api` part): on one game, in turn, GET /api/games/<id>, a hand saved (hand 1 against
hand 1,000), hand 1 edited (PUT), hand 1 deleted (DELETE) and put back (restore), each answering
with the whole game: "api warm" in a worker that read the game just before, "api cold" each in a
new worker that has kept nothing. The answer lists every hand, so it grows with the game.

Edits (writes that change a hand already saved), each at hand 1 against hand 1,000: the first
hand of a game of 2 hands against the first of 1,000 ("first"), and the only hand of a game of
1 against the last of 1,000 ("last"):
  edit first / edit last      the keypad's edit of that hand, and the API's PUT;
  delete first / delete last  the delete page's POST, and the API's DELETE;
  undo                        hand 1 deleted, then put back: the scoreboard's Undo, and the
                              API's restore;
each with the same worker's first scoreboard view and new-hand keypad page after the form's
write, "other view": the scoreboard in a worker that last saw the game before that write, and
"other form": the form's write made in a worker whose kept game is one write behind (a hand
saved in the first worker; for Undo, after the delete).
"""
from __future__ import annotations

import gc
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from scorekeeper import create_app  # noqa: E402
from scorekeeper.services.backups.restore import restore  # noqa: E402
from scorekeeper.models import db  # noqa: E402
from benchmarks.restore import backup  # noqa: E402
from tests.support.helpers import keep_score  # noqa: E402

SIZES = (1, 1000)  # the hand being saved is hand number SIZE
REPEAT = 5  # saves timed per size: each on a game of its own, one hand short of SIZE
FORM = {"out": "0", "p1_7": "1", "p2_skip": "1", "p3_wild": "1"}
HELD = {"Ana": [], "Ben": ["7"], "Cy": ["skip"], "Dee": ["wild"]}
COLUMNS = ("form", "view", "keypad", "other form", "other view", "api")


def bench_config(folder: str) -> dict:
    """The app's settings for a run: a fresh SQLite file in `folder`, forms without CSRF."""
    return {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite3",
            "SECRET_KEY": "bench", "TESTING": True, "WTF_CSRF_ENABLED": False}

def _game(app, clients, hands: int):
    """A restored game of `hands` hands that each client keeps score in and has looked at."""
    with app.app_context():
        restored = restore(backup(1, hands))[0]
    for client in clients:
        keep_score(client, {"id": restored.id, "edit_key": restored.edit_key})
        client.get(f"/games/{restored.id}")  # a phone sees the scoreboard before it saves
    return restored


def _time(send, ok=(200, 201, 302)) -> float:
    # On 3.11 the garbage guard collects after the save, walking every object not frozen: what
    # the earlier requests of this run left (a 999-hand scoreboard's) is not this save's cost.
    # Freezing (never collecting) them is safe; collecting them here would not be (database.py).
    gc.freeze()
    start = time.process_time()
    response = send()
    seconds = time.process_time() - start
    assert response.status_code in ok, response.get_data(as_text=True)[:300]
    return seconds


def _one_round(app, one, other, size: int, columns=COLUMNS) -> dict[str, float]:
    game = _game(app, (one, other), size - 1)
    board, keypad = f"/games/{game.id}", f"/games/{game.id}/hands/new"
    times = {"form": _time(lambda: one.post(keypad, data=FORM)),
             "view": _time(lambda: one.get(board)),
             "keypad": _time(lambda: one.get(keypad))}
    if columns == ("form",):
        return times
    # the other worker saves the hand after one saved in this worker (hand 2 in the first row)
    game = _game(app, (one, other), max(size, 2) - 2)
    board, keypad = f"/games/{game.id}", f"/games/{game.id}/hands/new"
    one.post(keypad, data=FORM)
    times["other form"] = _time(lambda: other.post(keypad, data=FORM))
    times["other view"] = _time(lambda: other.get(board))
    game = _game(app, (one,), size - 1)
    one.get(f"/api/games/{game.id}")  # an API client reads the game before it saves
    times["api"] = _time(lambda: one.post(f"/api/games/{game.id}/hands", json={"held": HELD},
                                          headers={"Authorization": f"Bearer {game.edit_key}"}))
    return times


EDIT_COLUMNS = ("form", "view", "keypad", "other view", "other form", "api")
EDITS = ("edit first", "edit last", "delete first", "delete last", "undo")


def _edit_game(app, clients, case: str, size: int, short: int = 0):
    """The game an edit case works on, `short` hands short of it (each client keeps score in
    it and has looked at it), and the number of the hand the case changes."""
    first = not case.endswith("last")
    hands = max(size, 2) if first else size
    return _game(app, clients, hands - short), 1 if first else hands


def _hand(client, game, number: int) -> dict:
    return client.get(f"/api/games/{game.id}").get_json()["hands"][number - 1]


def _edit_by_form(client, case: str, game, number: int, reader=None):
    """The form's write for `case` by `client` (`reader`, default `client`, reads the hand
    first). For Undo, the hand is deleted first, untimed."""
    hand = _hand(reader or client, game, number)
    if case.startswith("edit"):
        data = FORM | {"revision": str(hand["revision"]), "hand_id": hand["id"]}
        return lambda: client.post(f"/games/{game.id}/hands/{number}/edit", data=data)
    if case.startswith("delete"):
        data = {"revision": str(hand["revision"]), "hand_id": hand["id"]}
        return lambda: client.post(f"/games/{game.id}/hands/{number}/delete", data=data)
    client.post(f"/games/{game.id}/hands/{number}/delete", data={"revision": str(hand["revision"]),
                                                                  "hand_id": hand["id"]})
    return lambda: client.post(f"/games/{game.id}/hands/{hand['id']}/restore")


def _edit_by_api(client, case: str, game, number: int):
    url, key = f"/api/games/{game.id}/hands", {"Authorization": f"Bearer {game.edit_key}"}
    if case.startswith("edit"):
        return lambda: client.put(f"{url}/{number}", json={"held": HELD}, headers=key)
    if case.startswith("delete"):
        return lambda: client.delete(f"{url}/{number}", headers=key)
    hand_id = client.delete(f"{url}/{number}", headers=key).get_json()["deleted"]
    return lambda: client.post(f"{url}/{hand_id}/restore", headers=key)


def _one_edit_round(app, one, other, case: str, size: int) -> dict[str, float]:
    game, number = _edit_game(app, (one, other), case, size)
    board, keypad = f"/games/{game.id}", f"/games/{game.id}/hands/new"
    write = _edit_by_form(one, case, game, number)
    other.get(board)  # the other worker keeps the game as it was before the write
    times = {"form": _time(write), "view": _time(lambda: one.get(board)),
             "keypad": _time(lambda: one.get(keypad)), "other view": _time(lambda: other.get(board))}
    # the other worker's kept game is one write behind: a hand saved in this worker
    game, number = _edit_game(app, (one, other), case, size, short=1)
    write = _edit_by_form(other, case, game, number) if case == "undo" else None
    one.post(f"/games/{game.id}/hands/new", data=FORM)
    write = write or _edit_by_form(other, case, game, number, reader=one)
    times["other form"] = _time(write)
    game, number = _edit_game(app, (one,), case, size)
    one.get(f"/api/games/{game.id}")  # an API client reads the game before it writes
    times["api"] = _time(_edit_by_api(one, case, game, number), ok=(200, 201))
    return times


def measure_edits(sizes=SIZES, repeat=REPEAT, cases=EDITS) -> dict[str, dict[int, dict[str, float]]]:
    """Median seconds of each request, per edit case and size."""
    with tempfile.TemporaryDirectory() as folder:
        config = bench_config(folder)
        app, other_app = create_app(config), create_app(config)
        one, other = app.test_client(), other_app.test_client()
        found = {}
        for case in cases:
            found[case] = {}
            for size in sizes:
                runs = [_one_edit_round(app, one, other, case, size) for _ in range(repeat)]
                found[case][size] = {c: statistics.median(r[c] for r in runs) for c in EDIT_COLUMNS}
        for each in (app, other_app):
            with each.app_context():
                db.engine.dispose()
        return found


def _table(title: str, rows: dict[int, dict[str, float]], columns) -> list[str]:
    """Print one table of times and ratios; the columns that grow 2x or more."""
    first, last = rows[SIZES[0]], rows[SIZES[-1]]
    print(f"{title:>13} " + " ".join(f"{c + ' ms':>13}" for c in columns))
    for size, row in rows.items():
        print(f"{size:>13} " + " ".join(f"{row[c] * 1000:13.1f}" for c in columns))
    ratios = {c: last[c] / first[c] for c in columns}
    print(f"{'ratio':>13} " + " ".join(f"{ratios[c]:13.2f}" for c in columns))
    return [f"{title}: {c}" for c, r in ratios.items() if r >= 2]


def measure(sizes=SIZES, repeat=REPEAT, columns=COLUMNS) -> dict[int, dict[str, float]]:
    """Median seconds of each request at each size (("form",): the form's save alone)."""
    with tempfile.TemporaryDirectory() as folder:
        config = bench_config(folder)
        app, other_app = create_app(config), create_app(config)  # two workers, one database
        one, other = app.test_client(), other_app.test_client()
        rows = {}
        for size in sizes:
            runs = [_one_round(app, one, other, size, columns) for _ in range(repeat)]
            rows[size] = {c: statistics.median(r[c] for r in runs) for c in columns}
        for each in (app, other_app):
            with each.app_context():
                db.engine.dispose()
        return rows


COLD_COLUMNS = ("cold form", "cold api", "cold view")


def _cold_client(config: dict, phone):
    """`phone` (its cookies: its device and rights) in a new worker that has kept nothing."""
    app = create_app(config)
    client = app.test_client()
    client._cookies = dict(phone._cookies)
    return app, client


def _one_cold_round(app, config: dict, one, size: int) -> dict[str, float]:
    times = {}
    for column in COLD_COLUMNS:
        game = _game(app, (one,), size - 1)
        cold_app, cold = _cold_client(config, one)
        if column == "cold form":
            times[column] = _time(lambda: cold.post(f"/games/{game.id}/hands/new", data=FORM))
        elif column == "cold api":
            times[column] = _time(lambda: cold.post(f"/api/games/{game.id}/hands", json={"held": HELD},
                                                    headers={"Authorization": f"Bearer {game.edit_key}"}))
        else:
            one.post(f"/games/{game.id}/hands/new", data=FORM)  # a save elsewhere, then this worker's first look
            times[column] = _time(lambda: cold.get(f"/games/{game.id}"))
        with cold_app.app_context():
            db.engine.dispose()
    return times


def _rounds_in_one_app(one_round, columns, sizes, repeat) -> dict[int, dict[str, float]]:
    """Median seconds of each of `columns` at each size, from `repeat` calls of
    `one_round(app, config, one, size)` on one app (its own database), each making its own
    workers that have kept nothing."""
    with tempfile.TemporaryDirectory() as folder:
        config = bench_config(folder)
        app = create_app(config)
        one = app.test_client()
        rows = {}
        for size in sizes:
            runs = [one_round(app, config, one, size) for _ in range(repeat)]
            rows[size] = {c: statistics.median(r[c] for r in runs) for c in columns}
        with app.app_context():
            db.engine.dispose()
        return rows


def measure_cold(sizes=SIZES, repeat=REPEAT) -> dict[int, dict[str, float]]:
    """Median seconds of each cold request at each size."""
    return _rounds_in_one_app(_one_cold_round, COLD_COLUMNS, sizes, repeat)


PAGES = {"board": "", "poll": "/board", "hands": "/hands", "keypad new": "/hands/new",
         "keypad edit": "/hands/1/edit", "delete page": "/hands/1/delete"}
PAGE_FULL = 50  # hands: an every-hand page full, the scoreboard's 20 hands all shown
PAGE_COLUMNS = tuple(f"{kind} {page}" for kind in ("warm", "cold") for page in PAGES)


def _one_pages_round(app, config: dict, one, size: int) -> dict[str, float]:
    game = _game(app, (one,), size - 1)
    base = f"/games/{game.id}"
    for path in PAGES.values():
        if size > 1 or "/1/" not in path:
            one.get(base + path)  # this worker showed every page of the game before the save
    one.post(f"{base}/hands/new", data=FORM)  # hand `size`: a new version
    times = {f"warm {page}": _time(lambda: one.get(base + path)) for page, path in PAGES.items()}
    for page, path in PAGES.items():
        cold_app, cold = _cold_client(config, one)
        times[f"cold {page}"] = _time(lambda: cold.get(base + path))
        with cold_app.app_context():
            db.engine.dispose()
    return times


def measure_pages(sizes=SIZES, repeat=REPEAT) -> dict[int, dict[str, float]]:
    """Median seconds of each page's first look after a save, warm and cold, at each size."""
    return _rounds_in_one_app(_one_pages_round, PAGE_COLUMNS, sizes, repeat)


SCREEN_COLUMNS = ("screen", "cold screen")


def measure_screen(sizes=SIZES, repeat=REPEAT) -> dict[int, dict[str, float]]:
    """Median seconds of the table screen's first render after a save, at each size."""
    from scorekeeper.models import FamilyTable
    from scorekeeper.services.backups.table_restore import IntoTable
    with tempfile.TemporaryDirectory() as folder:
        config = bench_config(folder)
        app = create_app(config)
        one = app.test_client()
        rows = {}
        for size in sizes:
            runs = []
            for _ in range(repeat):
                table = one.post("/api/tables", json={"name": "screen"}).get_json()
                with app.app_context():
                    game = restore(backup(1, size - 1), into=IntoTable(db.session.get(FamilyTable, table["id"])))[0]
                screen = f"/tables/{table['id']}/live/board"
                one.get(screen)
                times = {}
                for column in SCREEN_COLUMNS:
                    one.post(f"/api/games/{game.id}/hands", json={"held": HELD},
                             headers={"Authorization": f"Bearer {table['edit_key']}"})
                    if column == "screen":
                        times[column] = _time(lambda: one.get(screen))
                    else:
                        cold_app, cold = _cold_client(config, one)
                        times[column] = _time(lambda: cold.get(screen))
                        with cold_app.app_context():
                            db.engine.dispose()
                runs.append(times)
            rows[size] = {c: statistics.median(r[c] for r in runs) for c in SCREEN_COLUMNS}
        with app.app_context():
            db.engine.dispose()
        return rows


API_COLUMNS = ("get", "save", "edit", "delete", "undo")


def _api_round(app, config: dict, one, size: int, cold: bool) -> dict[str, float]:
    """The JSON API on one game, in turn: GET, a hand saved (hand `size`), hand 1 edited,
    hand 1 deleted and put back. Warm: each in `one`'s worker, which read the game before;
    cold: each in a new worker that has kept nothing (as after a restart or a deploy)."""
    game = _game(app, (), size - 1)
    url, key = f"/api/games/{game.id}", {"Authorization": f"Bearer {game.edit_key}"}
    deleted = []
    requests = {
        "get": lambda client: client.get(url),
        "save": lambda client: client.post(f"{url}/hands", json={"held": HELD}, headers=key),
        "edit": lambda client: client.put(f"{url}/hands/1", json={"held": HELD}, headers=key),
        "delete": lambda client: client.delete(f"{url}/hands/1", headers=key),
        "undo": lambda client: client.post(f"{url}/hands/{deleted.pop()}/restore", headers=key),
    }
    times = {}
    for column in API_COLUMNS:
        if cold:
            worker, client = _cold_client(config, one)
        else:
            worker, client = None, one
            one.get(url)  # an API client reads the game before it writes
        response = None

        def send():
            nonlocal response
            response = requests[column](client)
            return response
        times[column] = _time(send)
        if column == "delete":
            deleted.append(response.get_json()["deleted"])
        if worker is not None:
            with worker.app_context():
                db.engine.dispose()
    return times


def measure_api(sizes=SIZES, repeat=REPEAT) -> dict[str, dict[int, dict[str, float]]]:
    """Median seconds of each API request at each size, warm and cold."""
    with tempfile.TemporaryDirectory() as folder:
        config = bench_config(folder)
        app = create_app(config)
        one = app.test_client()
        found = {}
        for cold in (False, True):
            rows = {}
            for size in sizes:
                runs = [_api_round(app, config, one, size, cold) for _ in range(repeat)]
                rows[size] = {c: statistics.median(r[c] for r in runs) for c in API_COLUMNS}
            found["api cold" if cold else "api warm"] = rows
        with app.app_context():
            db.engine.dispose()
        return found


def main(parts: list[str]) -> int:
    parts = parts or ["pages", "saves", "edits", "cold", "screen", "api"]
    grows = []
    if "pages" in parts:
        rows = measure_pages((SIZES[0], PAGE_FULL, SIZES[-1]))
        for kind in ("warm", "cold"):
            grows += _table(f"pages {kind}", rows, [c for c in PAGE_COLUMNS if c.startswith(kind)])
    if "cold" in parts:
        grows += _table("cold", measure_cold(), COLD_COLUMNS)
    if "screen" in parts:
        grows += _table("screen", measure_screen(), SCREEN_COLUMNS)
    if "saves" in parts:
        grows += _table("save", measure(), COLUMNS)
    if "edits" in parts:
        for case, rows in measure_edits().items():
            grows += _table(case, rows, EDIT_COLUMNS)
    if "api" in parts:
        for case, rows in measure_api().items():
            grows += _table(case, rows, API_COLUMNS)
    print(f"at {SIZES[-1]} hands:", "every request under 2x the first hand's" if not grows
          else f"GROWS with the game: {', '.join(grows)}")
    return 1 if grows else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
