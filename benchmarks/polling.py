"""What polling costs: the 304 answer for an unchanged game, against a bare Flask route.

Run: .venv/bin/python benchmarks/polling.py   (needs wrk: apt-get install -y wrk)
Target (issue 18): the 304 answer serves at least 75% of the requests per second of the bare
route. The phones poll what the scoreboard polls (its live part, /games/<id>/board) with the
device cookie they got on their first visit and the ETag they were given.
Each load runs five times, alternating with the others; the median run counts.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.harness import (call, gunicorn, interleaved, keeper_cookie, live_etag,  # noqa: E402
                                phone_cookie, print_rows)

TARGET = 0.75


def main() -> int:
    with gunicorn(workers=2) as base:
        game, _ = call(base, "/api/games", {"players": ["Ana", "Ben", "Cy", "Dee"], "target": 100000})
        auth = {"Authorization": f"Bearer {game['edit_key']}"}
        for n in range(10):
            held = {p: ([] if i == n % 4 else ["7", "skip"]) for i, p in enumerate(["Ana", "Ben", "Cy", "Dee"])}
            call(base, f"/api/games/{game['id']}/hands", {"held": held}, auth)
        watcher, keeper = phone_cookie(base, game["id"]), keeper_cookie(base, game["id"], game["edit_key"])
        _, api_headers = call(base, f"/api/games/{game['id']}", method="GET")
        results = interleaved({
            "GET /_bare (bare Flask route)": {"url": base + "/_bare"},
            "GET /games/<id>/board -> 304 (watching)": {
                "url": base + f"/games/{game['id']}/board",
                "headers": {"Cookie": watcher, "If-None-Match": live_etag(base, game["id"], watcher)}},
            "GET /games/<id>/board -> 304 (keeping)": {
                "url": base + f"/games/{game['id']}/board",
                "headers": {"Cookie": keeper, "If-None-Match": live_etag(base, game["id"], keeper)}},
            "GET /api/games/<id> -> 304": {"url": base + f"/api/games/{game['id']}",
                                           "headers": {"If-None-Match": api_headers["ETag"]}},
            "GET /games/<id>/board -> 200 (watching)": {"url": base + f"/games/{game['id']}/board",
                                                        "headers": {"Cookie": watcher}},
        })
    rows = list(results.items())
    bare = rows[0][1]
    print_rows(rows, bare)
    worst = min(rows[1][1]["rps"], rows[2][1]["rps"], rows[3][1]["rps"]) / bare["rps"]
    print(f"304 answer vs bare route: {worst:.0%} (target at least {TARGET:.0%}):",
          "held" if worst >= TARGET else "MISSED")
    return 0 if worst >= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
