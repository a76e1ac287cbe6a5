"""Load on the pages that matter, as ratios to a bare Flask route in the same gunicorn server.

Run: .venv/bin/python benchmarks/load.py   (needs wrk: apt-get install -y wrk)
gunicorn as docs/operating.md runs it, on 127.0.0.1; each load runs five times, alternating, median counts.
Target (issue 18): the scoreboard serves at least 60% of the bare route's requests per second.
Both phones carry the cookies they got on their first visits (the device id; the keeper's
session) and the headers a phone's browser sends (Accept-Encoding, Accept-Language); each is
compared with the bare route asked by that same phone. Rate limits are off (every game comes
from one address).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.harness import (PHONE_HEADERS, call, gunicorn, interleaved, keeper_cookie,  # noqa: E402
                                phone_cookie, print_rows)

PLAYERS = ["Ana", "Ben", "Cy", "Dee"]
TARGET = 0.6
SAVE_GAMES = 100


def main() -> int:
    with gunicorn() as base:
        game, _ = call(base, "/api/games", {"players": PLAYERS, "target": 100_000})
        auth = {"Authorization": f"Bearer {game['edit_key']}"}
        for n in range(12):
            held = {p: ([] if i == n % 4 else ["7", "skip", "wild"]) for i, p in enumerate(PLAYERS)}
            call(base, f"/api/games/{game['id']}/hands", {"held": held}, auth)
        # Saving adds a hand per request. Going round many games keeps each one the size of
        # a real evening (tens of hands) rather than one game growing to hundreds.
        savers = [call(base, "/api/games", {"players": PLAYERS, "target": 100_000})[0] for _ in range(SAVE_GAMES)]
        save_body = json.dumps({"held": {"Ana": [], "Ben": ["1"], "Cy": ["2"], "Dee": ["3"]}})
        as_watcher = {"Cookie": phone_cookie(base, game["id"]), **PHONE_HEADERS}
        as_keeper = {"Cookie": keeper_cookie(base, game["id"], game["edit_key"]), **PHONE_HEADERS}
        results = interleaved({
            "GET /_bare (no cookies)": {"url": base + "/_bare"},
            "GET /_bare (the watching phone)": {"url": base + "/_bare", "headers": as_watcher},
            "GET /_bare (the keeping phone)": {"url": base + "/_bare", "headers": as_keeper},
            "GET /games/<id> (watching phone)": {"url": base + f"/games/{game['id']}", "headers": as_watcher},
            "GET /games/<id> (keeping score)": {"url": base + f"/games/{game['id']}", "headers": as_keeper},
            "POST /api/games/<id>/hands (save)": {
                "url": base + "/", "method": "POST", "body": save_body,
                "headers": {"Content-Type": "application/json"},
                "rotate": [(f"/api/games/{g['id']}/hands", {"Authorization": f"Bearer {g['edit_key']}"})
                           for g in savers]},
        }, rounds=5)
        sizes = [len(call(base, f"/api/games/{g['id']}", method="GET")[0]["hands"]) for g in savers]
    print_rows(list(results.items()), results["GET /_bare (no cookies)"])
    print(f"(saves went round {SAVE_GAMES} games, which ended with {min(sizes)} to {max(sizes)} hands)")
    ratios = {who: results[f"GET /games/<id> ({page})"]["rps"] / results[f"GET /_bare (the {who} phone)"]["rps"]
              for who, page in (("watching", "watching phone"), ("keeping", "keeping score"))}
    for who, ratio in ratios.items():
        print(f"scoreboard, {who} phone, vs bare route (same phone): {ratio:.0%}")
    worst = min(ratios.values())
    print(f"scoreboard vs bare route: {worst:.0%} (target at least {TARGET:.0%}):", "held" if worst >= TARGET else "MISSED")
    return 0 if worst >= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
