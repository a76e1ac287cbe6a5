"""What saving a hand costs as a game grows (issue 12, finding 4): 1, 500 and 1,000 hands.

Run: .venv/bin/python benchmarks/save_cost.py
Times the hand form's save (the write, then the redirect) and, apart, the API's save, whose
answer holds the whole game by contract (docs/api.md), so it grows with the game by design.
Figures are ratios to the first hand's save in the same run: a shared machine's absolute
times mean little. The form's save passes when the 1,000th hand costs under 2x the first.
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
from benchmarks.restore import FOUR, backup  # noqa: E402
from tests.support.helpers import keep_score  # noqa: E402

SIZES = (1, 500, 1000)  # the hand being saved is hand number SIZE
REPEAT = 5  # saves timed per size: each on a game of its own, one hand short of SIZE
FORM = {"out": "0", "p1_7": "1", "p2_skip": "1", "p3_wild": "1"}
HELD = {"Ana": [], "Ben": ["7"], "Cy": ["skip"], "Dee": ["wild"]}


def _game(app, client, hands: int):
    with app.app_context():
        restored = restore(backup(1, hands))[0]
    keep_score(client, {"id": restored.id, "edit_key": restored.edit_key})
    client.get(f"/games/{restored.id}")  # a phone sees the scoreboard before it saves
    return restored


def _time(send) -> float:
    # On 3.11 the garbage guard collects after the save, walking every object not frozen: what
    # the earlier requests of this run left (a 999-hand scoreboard's) is not this save's cost.
    # Freezing (never collecting) them is safe; collecting them here would not be (database.py).
    gc.freeze()
    start = time.perf_counter()
    response = send()
    seconds = time.perf_counter() - start
    assert response.status_code in (201, 302), response.get_data(as_text=True)[:300]
    return seconds


def measure(sizes=SIZES, repeat=REPEAT) -> dict[int, dict[str, float]]:
    """Median seconds per save at each size, through the form and through the API."""
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite3",
                          "SECRET_KEY": "bench", "TESTING": True, "WTF_CSRF_ENABLED": False})
        client = app.test_client()
        rows = {}
        for size in sizes:
            form, api = [], []
            for _ in range(repeat):
                game = _game(app, client, size - 1)
                form.append(_time(lambda: client.post(f"/games/{game.id}/hands/new", data=FORM)))
                game = _game(app, client, size - 1)
                api.append(_time(lambda: client.post(
                    f"/api/games/{game.id}/hands", json={"held": HELD},
                    headers={"Authorization": f"Bearer {game.edit_key}"})))
            rows[size] = {"form": statistics.median(form), "api": statistics.median(api)}
        with app.app_context():
            db.engine.dispose()
        return rows


def main() -> int:
    rows = measure()
    first = rows[SIZES[0]]
    print(f"{'hand':>6} {'form ms':>8} {'ratio':>6} {'api ms':>8} {'ratio':>6}")
    for size, row in rows.items():
        print(f"{size:>6} {row['form'] * 1000:8.1f} {row['form'] / first['form']:6.2f} "
              f"{row['api'] * 1000:8.1f} {row['api'] / first['api']:6.2f}")
    ratio = rows[SIZES[-1]]["form"] / first["form"]
    print(f"form save at {SIZES[-1]} hands: {ratio:.2f}x the first;",
          "flat (under 2x)" if ratio < 2 else "GROWS with the game")
    return 0 if ratio < 2 else 1


if __name__ == "__main__":
    sys.exit(main())
