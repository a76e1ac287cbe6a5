"""The per-table-game-and-seat rows (services/table_game_seats.py), on SQLite: the players'
stats summed from them (one GROUP BY) at a 500-game table against a 10-game one, and a hand
saved at each (the save writes its game's rows in its transaction). Ratios in one run.

Run: .venv/bin/python benchmarks/table_seats.py
"""
from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from scorekeeper import create_app  # noqa: E402
from scorekeeper.models import db  # noqa: E402
from scorekeeper.services import hands, table_game_seats, tables  # noqa: E402

NAMES = ["Ana", "Ben", "Cy", "Dee"]
HAND = {"Ana": [], "Ben": ["7", "skip"], "Cy": ["wild"], "Dee": ["3"]}


def seeded(games: int) -> tuple[str, str]:
    """A table of `games` games of two hands each, every write through the services; the
    table's id and a game still going (target far off)."""
    table, _ = tables.create_table(f"Bench {games}")
    for _ in range(games):
        game = tables.start_game(table.id, NAMES, target=100_000)
        for _ in range(2):
            hands.record_hand(game.id, HAND)
    return table.id, game.id


def timed(action, repeat: int = 15) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
        db.session.rollback()
    return statistics.median(times) * 1000


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.db", "SECRET_KEY": "bench",
                          "TESTING": True})
        with app.test_request_context():
            small, small_game = seeded(10)
            big, big_game = seeded(500)
            stats = {n: timed(lambda t=t: table_game_seats.player_stats(t)) for n, t in ((10, small), (500, big))}
            saves = {n: timed(lambda g=g: hands.record_hand(g, HAND), 10)
                     for n, g in ((10, small_game), (500, big_game))}
    print(f"players' stats: 10 games {stats[10]:.2f} ms, 500 games {stats[500]:.2f} ms, "
          f"ratio {stats[500] / stats[10]:.2f}x")
    print(f"hand save: 10-game table {saves[10]:.2f} ms, 500-game table {saves[500]:.2f} ms, "
          f"ratio {saves[500] / saves[10]:.2f}x")


if __name__ == "__main__":
    main()
