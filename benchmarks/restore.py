"""Restore speed (issue 12, finding 2): games per second at 500 and at 5,000 games.

Run: .venv/bin/python benchmarks/restore.py
A linear restore restores both at about the same rate; the old one (an UPDATE per game,
each scanning the session) fell to a fraction at 5,000. Passes when the rates are within 2x.
"""
from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from scorekeeper import create_app  # noqa: E402
from scorekeeper.services.backups import FORMAT, VERSION  # noqa: E402
from scorekeeper.services.backups.restore import restore  # noqa: E402

FOUR = ["Ana", "Ben", "Cy", "Dee"]
SIZES = (500, 5000)


def backup(games: int, hands: int = 3) -> dict:
    """A backup of `games` four-player games of `hands` hands each."""
    def hand(n: int) -> dict:
        out = FOUR[n % 4]
        return {"number": n + 1, "held": {p: [] if p == out else ["7", "skip", "wild"] for p in FOUR}}
    record = {"edition": "classic", "scoring": "winner-takes-points", "target": 100_000,
              "house_rules": {}, "players": FOUR, "hands": [hand(n) for n in range(hands)]}
    return {"format": FORMAT, "version": VERSION, "games": [dict(record, id=i + 1) for i in range(games)]}


def games_per_second(games: int) -> float:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite3",
                          "SECRET_KEY": "bench", "TESTING": True, "GC_FREEZE": False})  # several apps per process
        data = backup(games)
        with app.app_context():
            start = time.perf_counter()
            restored = restore(data)
            seconds = time.perf_counter() - start
        assert len(restored) == games
        return games / seconds


def measure(sizes=SIZES) -> dict[int, float]:
    return {games: games_per_second(games) for games in sizes}


def main() -> int:
    rates = measure()
    for games, rate in rates.items():
        print(f"{games:>6} games: {rate:8.0f} games/s ({games / rate:.2f} s)")
    ratio = max(rates.values()) / min(rates.values())
    print(f"ratio {ratio:.2f}:", "linear (within 2x)" if ratio <= 2 else "NOT linear")
    return 0 if ratio <= 2 else 1


if __name__ == "__main__":
    sys.exit(main())
